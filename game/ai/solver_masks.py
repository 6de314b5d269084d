"""What the bit-mask searches share (``solver_jass.JassSolver``, ``solver_400.Solver400``,
``solver_hidden_trump.HiddenTrumpSolver``).

Each writes one game's play and scoring out for the four hands' bit masks; this base holds the
rest: the settings and counters every exact search has (as ``solver.Solver``), the choice and
order of the cards searched at a node (equal cards merged, the table's best card first, then
the cards that cut off most), and the play of a trick where a seat follows suit, else plays any
card, and one card order decides the trick (400; 304 and Twenty-Eight once trump is revealed).
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS
from .solver import INF, OutOfTime, recall, remember


class MaskSolver:
    """Alpha-beta for ``side`` on bit masks.  ``deadline``, ``clock``, ``nodes`` and
    ``OutOfTime`` as ``solver.Solver``; the table is kept between calls on hands of one world
    (``world``: the facts every entry was found under, set by the game's search)."""

    order: tuple  # per suit, its cards from the strongest down (the game's search sets them)
    pts: tuple    # per card, its points
    # for ``_play_plain``: the four hands (bit masks, changed in place), the cards played since
    # the search's root, and per suit led, per card, its key (the highest key takes the trick)
    h: list
    path: list
    plain_keys: tuple

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

    def _trick_start(self, seat: int, leader: int) -> tuple[float, tuple | None]:
        """At the start of a trick in ``_play_plain``: (the hand's value, None) where it is known
        without a search, else (0, the table's key for the position)."""
        raise NotImplementedError

    def _end_trick(self, leader: int, win_pos: int, tp: int, tcards: int, alpha: float, beta: float) -> float:
        """The rest of the hand once the trick led by ``leader`` is complete: ``win_pos`` (from
        0) took it, its cards ``tcards`` are worth ``tp`` points."""
        raise NotImplementedError

    def _play_plain(self, seat: int, leader: int, n: int, led: int, win_key: int, win_pos: int, tp: int,
                    tcards: int, alpha: float, beta: float) -> float:
        """The rest of the hand with ``seat`` to play the trick's card number ``n`` (from 0): follow
        suit, else any card; the highest of ``plain_keys`` takes the trick (``win_key``, from
        ``win_pos``, so far); ``tp``: its points so far."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15 and self.clock() > self.deadline:
            raise OutOfTime
        h = self.h
        held = h[seat]
        key = None
        best_move = -1
        if not n:
            known, key = self._trick_start(seat, leader)
            if key is None:
                return known
            known, alpha, beta, best_move = recall(self.table, key, alpha, beta)
            if known is not None:
                return known
            legal = held
        else:
            legal = held & SUIT_MASKS[led] or held
        moves = self._moves(seat, legal, h[0] | h[1] | h[2] | h[3] | tcards, best_move)
        a0, b0 = alpha, beta
        maximize = (seat & 1) == self.side
        best = -INF if maximize else INF
        chosen = moves[0]
        keys, pts, path = self.plain_keys, self.pts, self.path
        for c in moves:
            h[seat] = held ^ (1 << c)
            path.append(c)
            if n:
                k = keys[led][c]
                nk, npos = (k, n) if k > win_key else (win_key, win_pos)
                nled = led
            else:
                nled = c >> 4
                nk, npos = keys[nled][c], 0
            if n == 3:
                v = self._end_trick(leader, npos, tp + pts[c], tcards | 1 << c, alpha, beta)
            else:
                v = self._play_plain((seat + 1) & 3, leader, n + 1, nled, nk, npos, tp + pts[c], tcards | 1 << c,
                                     alpha, beta)
            path.pop()
            h[seat] = held
            if maximize:
                if v > best:
                    best, chosen = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, chosen = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                self.cutoffs[seat, c] = self.cutoffs.get((seat, c), 0) + 1
                break
        if key is not None:
            remember(self.table, key, best, a0, b0, chosen)
        return best

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
