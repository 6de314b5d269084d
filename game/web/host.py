"""The host-page API: an embedding page and the game talk with ``postMessage``, both ways.

Every message is a JSON object with ``"trickTable": 1`` (the API version) and a ``"type"``.
The page template's script (``build/template.tmpl``) receives the host's messages, drops those
from origins the build does not allow, and queues the rest as JSON text in ``window.tt.host``;
``HostLink.poll()`` takes them from there each frame and checks each one here with the shared
bounds (``game.engine.bounds``): its size before it is parsed (``LIMITS``), nesting, items and
digits while parsing, then its shape (a known type, known fields, each a ``Field`` of the right
kind and range, the required ones there).  What passes is a ``Command`` for the app
(``game.ui.host_bridge``); what does not is answered with an ``error`` event, and nothing else
happens.  ``HostLink.send`` posts an event to the host page.

Commands (host to game):
    new-match   game, [options], [seed], [level], [demo]
    load        code (a deal or record code), [step], [mode], [autoplay], [caption]
    set-language lang
    pause       [paused] (true: stop, false: go on; true when left out)
Every command may carry an ``id`` (text of up to 64 characters, or a whole number), which an
``error`` event about it repeats.

Events (game to host): ``ready``, ``hand-over`` (the result, with the hand's deal and record
codes), ``match-over``, ``error`` (``message``; ``command`` and ``id`` of the message it answers,
when known).  ``MatchWatch`` makes the hand-over and match-over events of a match as it goes;
README "Embedding" is the manual.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field

from game.engine import GAMES, game_class
from game.engine.bounds import Field, Limits, OutOfBounds, check_fields, json_value, shown
from game.engine.codes import MAX_ACTIONS, MAX_CODE_CHARS, MODES, Earlier, clean_caption, deal_code, record_code
from game.engine.options import resolve
from game.engine.quote import clean, quoted
from game.web.params import MAX_SEED  # a host's seed is the page's ?seed=

API_VERSION = 1
KEY = "trickTable"
MAX_MESSAGE_CHARS = 4096   # a command is a few hundred characters; the page refuses more before queueing
LIMITS = Limits(chars=MAX_MESSAGE_CHARS, depth=4, items=200)  # a command nests 2 deep (its options)
MAX_ID_CHARS = 64
MAX_TEXT_CHARS = 1000      # a caption before it is cleaned and cut
MAX_PER_FRAME = 8          # commands taken from the queue in one frame
SENT_KEPT = 64             # the last events sent, kept for tests and the log (a page may resend forever)
EVENTS = ("ready", "hand-over", "match-over", "error")
ID = (Field(str, length=MAX_ID_CHARS), Field(int, -MAX_SEED, MAX_SEED))


def fields_of(levels) -> dict:
    """command -> {field name: (Field or None for one checked by the command, required?)}."""
    return {
        "new-match": {"game": (Field(str, length=40), True), "options": (None, False),
                      "seed": (Field(int, 0, MAX_SEED), False), "level": (Field(str, choices=tuple(levels)), False),
                      "demo": (Field(bool), False)},
        "load": {"code": (Field(str, length=MAX_CODE_CHARS), True), "step": (Field(int, 0, MAX_ACTIONS), False),
                 "mode": (Field(str, choices=MODES), False), "autoplay": (Field(bool), False),
                 "caption": (Field(str, length=MAX_TEXT_CHARS), False)},
        "set-language": {"lang": (Field(str, length=20), True)},
        "pause": {"paused": (Field(bool), False)},
    }


COMMANDS = tuple(fields_of(()))


class HostError(ValueError):
    """A message refused: ``message`` says why; ``command`` and ``id`` as far as they were read."""

    def __init__(self, message: str, command=None, ident=None):
        super().__init__(message)
        self.message, self.command, self.id = message, command, ident


@dataclass(frozen=True)
class Command:
    type: str
    params: dict = field(default_factory=dict)
    id: str | int | None = None


def event(kind: str, **fields) -> dict:
    """An event message: ``{"trickTable": 1, "type": kind, ...fields}``."""
    if kind not in EVENTS:
        raise ValueError(f"unknown event {quoted(kind)}")
    return {KEY: API_VERSION, "type": kind, **fields}


def error_event(err: HostError) -> dict:
    return event("error", message=err.message, command=err.command, id=err.id)


def read_command(text, *, languages, levels) -> Command:
    """The command in ``text`` (JSON text from the page's queue), checked; HostError saying
    what is wrong otherwise.  ``languages`` and ``levels`` are the codes the game offers."""
    try:
        message = json_value(text, LIMITS, "the message")
    except OutOfBounds as err:
        raise HostError(f"{err.reason}; a message is a JSON object of at most {MAX_MESSAGE_CHARS} characters"
                        if err.rule == "too-large" else err.reason) from None
    if not isinstance(message, dict):
        raise HostError(f'a message must be a JSON object with "{KEY}": {API_VERSION} and a "type"')
    fields = fields_of(levels)
    kind = message.get("type")
    command = kind if isinstance(kind, str) and kind in fields else None
    ident = _ident(message.get("id"), command)
    version = message.get(KEY)
    if type(version) is not int or version != API_VERSION:
        if KEY not in message:
            raise HostError(f'not a Trick Table message: it needs "{KEY}": {API_VERSION}', command, ident)
        raise HostError(f"API version {quoted(version)} is not spoken here; this game speaks version {API_VERSION}",
                        command, ident)
    if command is None:
        raise HostError(f"unknown command {quoted(kind)}; the commands are: {', '.join(fields)}", None, ident)
    wanted = fields[command]
    given = {k: v for k, v in message.items() if k not in (KEY, "type", "id")}
    checked = {name: f for name, (f, _required) in wanted.items() if f is not None}
    good, wrong = check_fields({k: v for k, v in given.items() if k not in wanted or checked.get(k)}, checked)
    for name, err in wrong.items():
        if err.rule == "unknown-field":
            raise HostError(f"{command} has no field {quoted(name)}; its fields are: {', '.join(wanted)}", command, ident)
        raise HostError(f"{command}: {name} {err.reason}", command, ident)
    for name, (_f, required) in wanted.items():
        if required and name not in given:
            raise HostError(f"{command} needs the field {name!r}", command, ident)
    if "options" in given:
        good["options"] = given["options"]
    try:
        params = _MEANING[command](good, languages)
    except ValueError as err:
        raise HostError(f"{command}: {clean(str(err), 300)}", command, ident) from None
    return Command(command, params, ident)


def _ident(value, command):
    if value is None:
        return None
    for kind in ID:
        try:
            return kind.check(value)
        except OutOfBounds:
            continue
    raise HostError(f"id is a text of up to {MAX_ID_CHARS} characters or a whole number, not {shown(value)}", command)


def _new_match(p, languages) -> dict:
    cls = game_class(p["game"])  # ValueError naming the games
    options = p.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options is an object of rule options and values, e.g. {\"target\": 7}")
    options = {name: value for name, value in resolve(cls.OPTIONS, options).items() if name in options}
    return {"game": cls.GAME, "options": options, "seed": p.get("seed"), "level": p.get("level"),
            "demo": p.get("demo", False)}


def _load(p, languages) -> dict:
    if not p["code"].strip():
        raise ValueError("code is a deal or record code, not empty text")
    caption = p.get("caption")
    return {"code": p["code"], "step": p.get("step"), "mode": p.get("mode"), "autoplay": p.get("autoplay", False),
            "caption": clean_caption(caption) if caption else None}


def _set_language(p, languages) -> dict:
    lang = p["lang"]
    code = lang.replace("_", "-").split("-")[0].lower()
    if code not in languages:
        raise ValueError(f"lang is one of {', '.join(languages)}, not {quoted(lang)}")
    return {"lang": code}


def _pause(p, languages) -> dict:
    return {"paused": p.get("paused", True)}


_MEANING = {"new-match": _new_match, "load": _load, "set-language": _set_language, "pause": _pause}


# ---- the page ---------------------------------------------------------------------------------

class HostLink:
    """The game's end of the API: the page's queue in, events out (``window.tt.host``).

    ``window`` is pygbag's ``platform.window`` (any object with ``tt.host.take()`` returning the
    next message as JSON text or null, and ``tt.host.emit(text)``).  Nothing here raises: a page
    that misbehaves is treated as one without a host."""

    def __init__(self, window, *, languages, levels):
        self.window, self.languages, self.levels = window, tuple(languages), tuple(levels)
        self.sent: deque[dict] = deque(maxlen=SENT_KEPT)  # the last events sent, in order
        try:
            build = window.tt.build
        except Exception:  # noqa: BLE001
            build = ""
        self.build = build if isinstance(build, str) else ""

    @classmethod
    def of_page(cls, **kwargs) -> HostLink | None:
        """The link of this page under pygbag if its template has the API, else None."""
        import sys

        if sys.platform != "emscripten":
            return None
        try:
            import platform

            window = platform.window
            if not isinstance(window.tt.host.version, (int, float)):
                return None
        except Exception:  # noqa: BLE001 - no page, or a page without the API
            return None
        return cls(window, **kwargs)

    def _take(self):
        try:
            return self.window.tt.host.take()
        except Exception:  # noqa: BLE001
            return None

    def poll(self) -> list[Command]:
        """The commands waiting (at most MAX_PER_FRAME); each bad one is answered with an error."""
        commands = []
        for _ in range(MAX_PER_FRAME):
            text = self._take()
            if not isinstance(text, str):
                break
            try:
                commands.append(read_command(text, languages=self.languages, levels=self.levels))
            except HostError as err:
                self.send(error_event(err))
        return commands

    def send(self, message: dict) -> None:
        self.sent.append(message)
        try:
            self.window.tt.host.emit(json.dumps(message, allow_nan=False))
        except Exception:  # noqa: BLE001 - the host may be gone
            pass

    def error(self, message: str, command: Command | None = None) -> None:
        self.send(error_event(HostError(message, command.type if command else None, command.id if command else None)))


def ready_event(languages, build: str = "") -> dict:
    return event("ready", games=list(GAMES), languages=list(languages), commands=list(COMMANDS), build=build)


class MatchWatch:
    """The events of a match being played: ``hand-over`` once per finished hand (``hand``
    counts the match's hands from 1, a thrown-in one too), then ``match-over`` if that hand
    ended the match."""

    def __init__(self):
        self.told = None  # the last hand told about

    def events(self, match) -> list[dict]:
        hand = match.hand
        if not hand.is_over() or hand is self.told:
            return []
        self.told = hand
        result = hand.result()
        try:
            deal = deal_code(hand, Earlier.of(hand))
        except ValueError:  # a figure out of a code's range: the deal without its result
            deal = deal_code(hand)
        out = [event("hand-over", game=hand.GAME, hand=len(match.finished) + 1, result=result,
                     score=result["score"], deal=deal, record=record_code(hand))]
        if result.get("match_over"):
            out.append(event("match-over", game=hand.GAME, winner=result.get("winner"), score=result["score"]))
        return out
