"""The one place the front end talks to the AI (game.ai).

``thinker(obs, level, seed)`` decides for one seat, a little at a time:
``step(max_ms)`` works for at most about ``max_ms`` milliseconds, so the frame
loop never freezes; ``done`` says a decision is ready and ``best()`` returns it
as an action code.  ``hint(obs)`` suggests a move for the human with a short
reason, or None while the AI offers no hints.
"""

from __future__ import annotations

import random

try:  # the AI package is written in parallel; until it is there a stand-in picks legal moves
    from game.ai import Thinker as _Thinker
except ImportError:
    try:
        from game.ai.search import Thinker as _Thinker
    except ImportError:  # pragma: no cover - only before game.ai lands
        _Thinker = None
try:
    from game.ai import hint as _hint
except ImportError:
    _hint = None

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Strong"}  # shown through _()


class _StandIn:
    """Until game.ai exists: a random legal action, after one step."""

    def __init__(self, obs, level, seed):
        self.legal = list(obs.legal)
        self.rng = random.Random(seed)
        self.done = False

    def step(self, max_ms=10):
        self.done = True

    def best(self):
        return self.rng.choice(self.legal)


def thinker(obs, level: str, seed: int):
    """A thinker deciding for the seat of ``obs`` (which must be that seat's turn)."""
    if level not in LEVELS:
        level = "normal"
    if _Thinker is not None:
        return _Thinker(obs, level, seed)
    return _StandIn(obs, level, seed)


HINT_LEVEL = "easy"  # the AI's hint thinks to completion in one call: the quick level keeps the frame short


def hint(obs):
    """(action, reason) suggested for the seat of ``obs``, or None when the AI offers none."""
    if _hint is None:
        return None
    return _hint(obs, HINT_LEVEL)


def hints_available() -> bool:
    return _hint is not None
