"""The hint button's search: the player's seat weighed at ``players.HINT_LEVEL``, a slice a frame.

``start(obs, key)`` begins; ``step(key)`` works at most ``SLICE_MS`` and returns (action, reason)
once the search is done.  ``key`` names the position (the hand and how many actions it has
seen): a hint asked for a position the table has left is dropped, never shown late."""

from __future__ import annotations

from . import players


class TableHint:
    SLICE_MS = 8  # as the AI seats' slices: whole frames stay near 10 ms

    def __init__(self):
        self.thinker, self.key = None, None

    def start(self, obs, key) -> None:
        if self.thinker is None or key != self.key:
            self.thinker, self.key = players.hint_thinker(obs), key

    def step(self, key):
        """(action, reason) when the hint for ``key`` is ready, else None."""
        if self.thinker is None:
            return None
        if key != self.key:
            self.thinker = None
            return None
        if not self.thinker.done:
            self.thinker.step(self.SLICE_MS)
            if not self.thinker.done:
                return None
        thinker, self.thinker = self.thinker, None
        return players.explain(thinker)
