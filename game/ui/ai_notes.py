"""What an AI seat weighed for one decision, checked and put into words.

A note comes as a hand record's optional annotation (``game.ai.reasons.Decision.as_json()``,
docs/records.md) or from the AI at the table.  Records are outside input, so ``checked``
accepts a note only if it is one the seat could have made: its seat is the acting seat, every
choice is one of that seat's legal actions at that moment (so no choice names a card it did not
hold), the action taken is among them and is the best by the AI's own rule (the highest mean
``value``, for a bid ``value - margin``; equal figures may go either way, the AI then keeps its
rule-based action), and the reason's values are those choices or plain figures.  A reason whose
message the catalogs do not know is left out; the figures still show.

``lines`` gives who decided, from how many deals, and the reason; ``rows`` the choices, the
action taken first and the others best first."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from game.ai.reasons import ACROSS
from game.engine import actions as A
from game.i18n import _, known

from .names import action_phrase

# JSON keeps each value to two decimals: two figures may differ by this much from their rounding.
ROUNDING = 0.011
MAX_CHOICES = 64
FIGURE = re.compile(r"[+\-]?\d{1,7}(\.\d{1,3})?%?")   # a reason's value that is a plain figure
PLACEHOLDER = re.compile(r"\{(\w+)\}")
ACTION_VALUES = ("action", "other")                     # a reason's values that name a choice


@dataclass(frozen=True)
class Choice:
    action: int
    value: float
    margin: float
    points: float | None
    made: float | None
    samples: int

    @property
    def rank(self) -> float:
        """The AI's ordering: a bid must beat the others by more than its noise."""
        return self.value - (self.margin if A.is_bid(self.action) else 0.0)


@dataclass(frozen=True)
class Note:
    seat: int
    worlds: int
    action: int
    choices: tuple[Choice, ...]   # the action taken first, the others best first
    reason: dict | None           # {"msgid", "values"}, checked; None if not shown


def _number(v, whole=False) -> bool:
    if whole:
        return type(v) is int and 0 <= v < 10**9
    return type(v) in (int, float) and math.isfinite(v)


def _action(text, deck) -> int | None:
    """A record's action text (a rule-based reason capitalises it: "Play TD") as a code."""
    if not isinstance(text, str) or not text or len(text) > 40:
        return None
    try:
        return A.parse_action(text[0].lower() + text[1:], deck)
    except ValueError:
        return None


def checked(raw, view, taken: int, deck) -> Note | None:
    """``raw`` as a Note if it is what the seat of ``view`` (its observation just before it acted)
    could have weighed for ``taken``, else None."""
    if not isinstance(raw, dict) or raw.get("seat") != view.seat or _action(raw.get("action"), deck) != taken:
        return None
    worlds = raw.get("worlds", 0)
    items = raw.get("choices")
    if not _number(worlds, whole=True) or not isinstance(items, list) or not 0 < len(items) <= MAX_CHOICES:
        return None
    choices = {}
    for item in items:
        if not isinstance(item, dict):
            return None
        action = _action(item.get("action"), deck)
        value, margin = item.get("value", 0.0), item.get("margin", 0.0)
        points, made, samples = item.get("points"), item.get("made"), item.get("samples", 0)
        if (action not in view.legal or action in choices or not _number(value) or not _number(margin)
                or not (points is None or _number(points)) or not (made is None or _number(made) and 0 <= made <= 1)
                or not _number(samples, whole=True)):
            return None
        choices[action] = Choice(action, float(value), float(margin), points, made, samples)
    if taken not in choices:
        return None
    best = choices[taken]
    others = sorted((c for c in choices.values() if c.action != taken), key=lambda c: -c.rank)
    if others and others[0].rank > best.rank + ROUNDING:
        return None  # the figures say another choice was better: not what the AI would have taken
    names = {A.action_text(a, deck) for a in choices}
    reason = raw.get("reason")
    return Note(view.seat, worlds, taken, (best, *others), reason if _reason_ok(reason, names, deck) else None)


def _reason_ok(reason, names: set, deck, depth: int = 0) -> bool:
    """A reason the catalogs know whose values are the note's choices or plain figures."""
    if depth > 3 or not isinstance(reason, dict) or not isinstance(reason.get("msgid"), str):
        return False
    values = reason.get("values", {})
    if len(reason["msgid"]) > 400 or not known(reason["msgid"]) or not isinstance(values, dict) or len(values) > 8:
        return False
    for name, v in values.items():
        if name in ACTION_VALUES:
            code = _action(v, deck)
            if code is None or A.action_text(code, deck) not in names:
                return False
        elif isinstance(v, dict):
            if not _reason_ok(v, names, deck, depth + 1):
                return False
        elif not (_number(v) or isinstance(v, str) and FIGURE.fullmatch(v)):
            return False
    return True


# ---- in words --------------------------------------------------------------------------------------
def reason_text(reason, swiss: bool, deck, across: bool = False) -> str:
    """A checked reason translated, its actions in the player's words; only ``{name}``
    placeholders are filled.  ``across``: the seat that decided sits on the other side from the
    player, who reads its "your side" as "their side" (``game.ai.reasons.ACROSS``)."""
    if reason is None:
        return ""
    values = reason.get("values", {})
    msgid = ACROSS.get(reason["msgid"], reason["msgid"]) if across else reason["msgid"]

    def value(match):
        name = match.group(1)
        if name not in values:
            return match.group(0)
        v = values[name]
        if name in ACTION_VALUES:
            return action_phrase(_action(v, deck), swiss)
        if isinstance(v, dict):
            return reason_text(v, swiss, deck, across)
        return str(v)

    return PLACEHOLDER.sub(value, _(msgid))


def lines(note: Note, seat_name: str, swiss: bool, deck) -> list[str]:
    """Who decided and from how many imagined deals, then the reason."""
    if note.worlds > 0:
        out = [_("{seat} weighed {n} deals it imagined").format(seat=seat_name, n=note.worlds)]
    else:
        out = [_("{seat} decided by its rules").format(seat=seat_name)]
    reason = reason_text(note.reason, swiss, deck, across=note.seat % 2 == 1)  # the player sits at 0
    return out + [reason] if reason else out


def made_heading(note: Note) -> str:
    """The heading over the chances: a bid's for its side in the auction, the bid in play's in
    the trick play (304, Twenty-Eight)."""
    return _("Makes it") if any(A.is_bid(c.action) for c in note.choices) else _("Bid made")


def rows(note: Note, swiss: bool) -> list[tuple[str, str, str]]:
    """(choice, mean points its side takes after it, chance the bid is made: ``made_heading``)
    per choice."""
    return [(action_phrase(c.action, swiss),
             "–" if c.points is None else f"{c.points:.1f}",
             "" if c.made is None else f"{round(100 * c.made)}%") for c in note.choices]
