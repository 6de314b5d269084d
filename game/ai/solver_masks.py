"""What the bit-mask searches share (``solver_jass.JassSolver``, ``solver_400.Solver400``).

Each writes one game's play and scoring out for the four hands' bit masks; this base holds the
rest: the settings and counters every exact search has (as ``solver.Solver``), and the choice
and order of the cards searched at a node (equal cards merged, the table's best card first,
then the cards that cut off most).
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS


class MaskSolver:
    """Alpha-beta for ``side`` on bit masks.  ``deadline``, ``clock``, ``nodes`` and
    ``OutOfTime`` as ``solver.Solver``; the table is kept between calls on hands of one world
    (``world``: the facts every entry was found under, set by the game's search)."""

    order: tuple  # per suit, its cards from the strongest down (the game's search sets them)
    pts: tuple    # per card, its points

    def __init__(self, side: int, clock=None, weight: float | None = None):
        self.side = side
        self.weight = weight
        self.clock = clock
        self.deadline: float | None = None
        self.nodes = 0
        self.table: dict = {}
        self.cutoffs: dict = {}
        self.world = None

    def _moves(self, seat: int, legal: int, alive: int, best_move: int, word: int = 0) -> list[int]:
        """The cards of ``legal`` to search, and ``word`` (an action that is not a card) if there
        is one, in the order to search them (``alive``: every card not yet in a finished trick)."""
        if not legal & (legal - 1) and not word:
            return [legal.bit_length() - 1]
        moves = self._merged(legal, alive)
        if word:
            moves.append(word)
        if len(moves) > 1:
            cut = self.cutoffs
            moves.sort(key=lambda a: (a != best_move, -cut.get((seat, a), 0)))
        return moves

    def _merged(self, moves: int, alive: int) -> list[int]:
        """The cards of ``moves``, one of each run of cards of a suit next to each other in power
        among the ``alive`` cards and worth the same points (they win and lose the same tricks)."""
        pts = self.pts
        out = []
        for s in range(4):
            ms = moves & SUIT_MASKS[s]
            if not ms:
                continue
            if not ms & (ms - 1):
                out.append(ms.bit_length() - 1)
                continue
            above = -1
            for c in self.order[s]:
                if not alive >> c & 1:
                    continue
                if ms >> c & 1:
                    if above >= 0 and pts[c] != pts[above]:
                        out.append(above)  # (with equal points the lower card stands for both)
                    above = c
                else:
                    if above >= 0:
                        out.append(above)
                    above = -1
            if above >= 0:
                out.append(above)
        return out


__all__ = ["MaskSolver"]
