"""The hint button's search: the player's seat weighed at ``players.HINT_LEVEL``, a slice a frame.

``start(obs)`` begins (a press while it thinks changes nothing); ``step()`` works at most
``SLICE_MS`` and returns (action, reason) once the search is done; ``reset()``, called with the
AI's when an action is taken, drops a hint for the position the table has left."""

from __future__ import annotations

from .. import players
from .ai import TableAI


class TableHint:
    SLICE_MS = TableAI.SLICE_MS  # the AI seats' slice: whole frames stay near 5 ms

    def __init__(self):
        self.thinker = None

    def reset(self) -> None:
        self.thinker = None

    def start(self, obs) -> None:
        if self.thinker is None:
            self.thinker = players.hint_thinker(obs)

    def step(self):
        """(action, reason) when the hint is ready, else None."""
        if self.thinker is None:
            return None
        if not self.thinker.done:
            self.thinker.step(self.SLICE_MS)
            if not self.thinker.done:
                return None
        thinker, self.thinker = self.thinker, None
        return players.explain(thinker)
