"""The hint button's search: the player's seat weighed at ``players.HINT_LEVEL``, a slice a frame.

``start(obs)`` begins (a press while it thinks changes nothing); ``step()`` asks for a slice, which
``slice`` gives it in what is left of the frame (as the AI seats', ``table.ai``), and returns
(action, reason) once the search is done; ``reset()``, called with the
AI's when an action is taken, drops a hint for the position the table has left."""

from __future__ import annotations

from .. import players
from .ai import give_slice


class TableHint:
    def __init__(self):
        self.thinker = None
        self.wants_slice, self.waited = False, 0

    def reset(self) -> None:
        self.thinker = None
        self.wants_slice, self.waited = False, 0

    def start(self, obs) -> None:
        if self.thinker is None:
            self.thinker = players.hint_thinker(obs)

    def step(self):
        """(action, reason) when the hint is ready, else None (and a slice is asked for)."""
        if self.thinker is None:
            return None
        if not self.thinker.done:
            self.wants_slice = True
            return None
        thinker, self.thinker = self.thinker, None
        return players.explain(thinker)

    def slice(self, left_ms: float) -> None:
        """The slice ``step`` asked for, in what is left of the frame's budget (``Scene.spare``)."""
        if self.wants_slice and self.thinker is not None:
            self.waited = give_slice(self.thinker, left_ms, self.waited)
        self.wants_slice = False
