"""Opening a shared deal or an example position: the page's ``?deal=`` and ``?record=&step=&mode=``
parameters, and the host page's ``load`` command (``game.web.host``).

``opened(app, request)`` decodes the code (``game.engine.codes``) and returns an ``Opening`` (the
scene to open with ``app.go``, and whether the app starts paused) or None, and the problems as
``Notice``s; it never raises.  ``open_in(app, opening, caption)`` opens it.

- a deal code: the table, the player at seat 0 with exactly those cards, the AI on the others;
  the hand result compares with the earlier result the code carries (``earlier_result``);
- a record code, mode ``play``: the hand with its first ``step`` actions taken, then the player
  takes seat 0 and the AI plays the rest;
- a record code, mode ``watch`` (the default): the review scene (issue 19, part B) at ``step``
  if it is registered; until then the table with the AI on every seat, the recorded actions
  played in their order from ``step`` (the AI goes on where a partial record stops), paused at
  the start unless ``autoplay``.

Linked hands are played in a session that is never saved and counts in no statistics, so
opening a link never replaces the player's own match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import sys

from game.engine.bounds import shown as _shown
from game.engine.codes import CodeError, decode
from game.i18n import N_, Message
from game.web.params import Notice

from .session import Session

REVIEW = "review"  # the review scene's name (issue 19, part B): params record, step, autoplay

CODE_PROBLEMS = {
    "format": N_("not a Trick Table code"),
    "check": N_("the code is damaged or incomplete"),
    "version": N_("the code comes from another version of the game"),
    "game": N_("the code is for a game this version does not have"),
    "content": N_("the code does not hold a valid hand"),
}


@dataclass
class Opening:
    """The scene a link opens (``app.go(name, **params)``), and whether the app waits for a tap."""

    name: str
    params: dict
    paused: bool = False


@dataclass
class LinkRequest:
    """What a link or the host page asked to open (as ``game.web.params.WebSettings`` has it)."""

    deal: str | None = None
    record: str | None = None
    step: int | None = None
    mode: str | None = None
    autoplay: bool = False
    caption: str | None = None

    @classmethod
    def of(cls, web) -> LinkRequest:
        return cls(web.deal, web.record, web.step, web.mode, web.autoplay, web.caption)

    def __bool__(self) -> bool:
        return bool(self.deal or self.record)


def request_for_code(code: str, step=None, mode=None, autoplay=False, caption=None) -> LinkRequest:
    """What a code opens by itself (the host page's ``load``): a record code as a record, any
    other text as a deal (so that one that cannot be read is refused as a deal)."""
    try:
        is_record = decode(code).is_record
    except CodeError:
        is_record = False
    if is_record:
        return LinkRequest(record=code, step=step, mode=mode, autoplay=autoplay, caption=caption)
    return LinkRequest(deal=code, step=step, mode=mode, autoplay=autoplay, caption=caption)


def opened(app, request: LinkRequest, level: str = "normal"):
    """``(Opening or None, [Notice, ...])`` for ``request``; a code that cannot be read opens
    nothing and says why.  ``app`` is asked whether it has the review scene (``app.knows``)."""
    notices: list[Notice] = []
    if request.deal and request.record:
        notices.append(Notice("deal", _shown(request.deal), Message(N_("not used together with {name}"), name="record")))
    if not request.record:
        for name in ("step", "mode"):
            if getattr(request, name) is not None:
                notices.append(Notice(name, str(getattr(request, name)),
                                      Message(N_("only used with {name}"), name="record")))
        if request.caption and not request.deal:
            notices.append(Notice("caption", _shown(request.caption), Message(N_("only used with {name}"),
                                                                             name="deal, record")))
    param = "record" if request.record else "deal"
    code = request.record or request.deal
    if not code:
        return None, notices
    try:
        found = decode(code)
    except CodeError as err:
        print(f"{param} code refused: {err}", file=sys.stderr)  # the details, for a bug report
        notices.append(Notice(param, _shown(code), Message(CODE_PROBLEMS.get(err.kind, CODE_PROBLEMS["content"]))))
        return None, notices
    seed = random.randrange(1 << 30)  # the hands after a linked one
    if param == "deal":
        hand = found.hand
        session = Session.from_hand(hand, seed, level)
        session.earlier = (hand, found.earlier) if found.earlier else None
        return Opening("table", {"session": session}), notices
    step = request.step
    if step is None:
        step = len(found.actions) if request.mode == "play" else 0
    if step > len(found.actions):
        notices.append(Notice("step", str(step), Message(N_("the record has only {count} actions"),
                                                         count=len(found.actions))))
        step = len(found.actions)
    if request.mode == "play":
        return Opening("table", {"session": Session.from_hand(found.replayed(step), seed, level)}), notices
    if app.knows(REVIEW):
        return Opening(REVIEW, {"record": found.record(), "step": step, "autoplay": request.autoplay}), notices
    session = Session.from_hand(found.replayed(step), seed, level, humans=())
    session.script = list(found.actions[step:])  # the recorded actions, played in their order
    return Opening("table", {"session": session}, paused=not request.autoplay), notices


def open_in(app, opening: Opening, caption: str | None = None, replace: bool = False):
    """Open ``opening`` through the navigator, with ``caption`` above its table; returns the scene."""
    scene = app.go(opening.name, replace=replace, **opening.params)
    app.pause(opening.paused)
    session = getattr(scene, "session", None)
    app.set_caption(caption, session.hand if session is not None else scene)
    return scene


def earlier_result(session):
    """The earlier result a deal code carried, if the hand being played is that deal."""
    linked = getattr(session, "earlier", None)
    return linked[1] if linked and linked[0] is session.hand else None
