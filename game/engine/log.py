"""The typed log of a hand as one seat saw it: ``Observation.actions``.

Each entry is ``LogEntry(seat, action, flags)``: the seat that acted, the action's code (see
``actions.py``) or ``HIDDEN`` (None) where this seat may not know it, and bits saying how the
action lay on the table.  The flags only ever tell what the whole table saw; a card's identity
is in ``action`` alone, and only where the seat may know it.

- ``INDICATOR``: the entry lays a trump indicator (304, 28).  A ``HIDDEN`` action with this flag
  is an indicator the seat has not seen; a ``HIDDEN`` action without it a card played face down.
- ``FACE_DOWN``: the card went on the table face down (a 304 card that does not follow suit
  while trump is hidden; an indicator laid without open trump).
- ``TURNED_UP``: a face-down card that has since been turned face up for everyone (a 304 trump
  cut found at the end of its trick; an indicator once trump is revealed).
- ``REVEALS_TRUMP``: trump is public from this entry on, and this entry is why: 304 ``reveal``,
  28 ``call``, an indicator laid with open trump, the hidden indicator played as the trumper's
  last card, or (304) the card that completed a trick holding a face-down trump.
- ``TRUMP``: the card counted as a trump in its trick (400 hearts, a Schieber trump, a 304/28
  trump played once trump was public, a 304 cut turned up).  Never set on a ``HIDDEN`` card.
"""

from __future__ import annotations

from typing import NamedTuple

INDICATOR = 1
FACE_DOWN = 2
TURNED_UP = 4
REVEALS_TRUMP = 8
TRUMP = 16

FLAG_NAMES = {INDICATOR: "indicator", FACE_DOWN: "face-down", TURNED_UP: "turned-up",
              REVEALS_TRUMP: "reveals-trump", TRUMP: "trump"}


class LogEntry(NamedTuple):
    seat: int
    action: int | None  # the action's code, or HIDDEN (None)
    flags: int = 0


def flag_names(flags: int) -> list[str]:
    """The names of the bits set in ``flags``, for messages and tests."""
    return [name for bit, name in FLAG_NAMES.items() if flags & bit]
