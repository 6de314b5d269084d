"""Double-dummy search: the value of a hand whose every card is known (a sampled world).

``Solver(side, stop_after)`` is an alpha-beta search on the engine's fast path
(``clone`` + ``fast_apply``), for the hand's ``side``:
- a transposition table at the start of each trick (the cards left, whose turn, the points
  taken so far and the other facts of the state: the same position reached by tricks played
  in another order is searched once), holding bounds and the best move found;
- move ordering: the table's best move first, then the moves that caused cut-offs most
  often (a history table);
- equal cards merged: cards of one hand, of one suit, next to each other in trick power among
  the cards not yet played, and worth the same points, win and lose the same tricks: only one
  of them is searched (``family.merge``);
- forced cards played in place: a seat with one legal card inside a trick (and every seat in
  the last trick) plays it on the search's own copy of the hand, with no node, copy or
  ordering (the search copies the hand it is given once);
- a horizon: with ``stop_after`` tricks completed the hand is not searched further but
  valued by ``family.lead`` (the side's lead so far); without one, to the end of the hand
  (``outcome.utility``).

Every value is the side's ``outcome.utility`` scale: a figure lead (card points, score) plus
the match score's weight, so exact end-game values and roll-out values add up.
"""

from __future__ import annotations

import math

from .family import family_of
from .outcome import utility

INF = math.inf
# Each table (positions, horizon values) is emptied when it reaches this many entries (about
# 600 bytes each): a search that runs for ever stays within some hundred MB.
MAX_ENTRIES = 200_000
VALUE_EPS = 1e-6  # values closer than this are the same (sums of the same terms, in another order)
SKIP_IN_KEY = frozenset({"history", "tricks", "dealt", "trick", "trick_flags", "options",
                         "score_before", "weis_found", "keys", "pts", "above", "lkeys", "mults",
                         "min_bids", "BID_LADDER", "order", "asking", "partner_calls"})


def state_key(hand) -> tuple:
    """The facts that decide the rest of the hand at the start of a trick (not how it got there)."""
    key = []
    for name, v in hand.__dict__.items():
        if name in SKIP_IN_KEY:
            continue
        t = type(v)
        if t is list:
            key.append(tuple(v))
        elif t is int or t is bool:
            key.append(v)
    return tuple(key)


def recall(table: dict, key, alpha: float, beta: float) -> tuple:
    """What ``table`` knows of the position ``key`` for a search in (alpha, beta): (its value,
    or None if the search must go on, the narrowed alpha and beta, the best move found before)."""
    entry = table.get(key)
    if entry is None:
        return None, alpha, beta, -1
    lo, hi, best_move = entry
    if lo >= beta or lo == hi:
        return lo, alpha, beta, best_move
    if hi <= alpha:
        return hi, alpha, beta, best_move
    return None, max(alpha, lo), min(beta, hi), best_move


def remember(table: dict, key, best: float, alpha: float, beta: float, move: int) -> None:
    """Keep in ``table`` what a search of ``key`` in (alpha, beta) found: ``best`` is exact inside
    the window, a lower bound at or above it, an upper bound at or below it."""
    lo, hi = (best, best) if alpha < best < beta else ((best, INF) if best >= beta else (-INF, best))
    old = table.get(key)
    if old is not None:
        lo, hi = max(lo, old[0]), min(hi, old[1])
    elif len(table) >= MAX_ENTRIES:
        table.clear()
    table[key] = (lo, hi, move)


def line_end(solver, hand, value: float):
    """``hand`` (not changed) played out along a line of perfect play whose value is ``value``
    (``solver.value(hand)``): at each turn the first legal action whose own value is ``value``,
    each tried with a window around it (the table, kept from the search, makes that cheap)."""
    hand = hand.clone()
    lo, hi = value - VALUE_EPS, value + VALUE_EPS
    while hand.turn >= 0:
        legal = hand.fast_legal()
        chosen = legal[0]
        if len(legal) > 1:
            for a in legal:
                child = hand.clone()
                child.fast_apply(a)
                if lo < solver.value(child, lo, hi) < hi:
                    chosen = a
                    break
            else:
                raise ValueError(f"no move keeps the value {value}: it is not the hand's")
        hand.fast_apply(chosen)
    return hand


class OutOfTime(Exception):
    """The search passed its deadline; what it finished stays in the table for the next try."""


class Solver:
    """Alpha-beta for ``side`` over hands of one world (the table is kept between calls).

    With ``deadline`` set (a time on ``clock``), a search that passes it raises ``OutOfTime``;
    trying again later goes faster, as every finished trick's position is in the table.  The
    clock is read every 16 nodes and after every horizon value (a roll-out costs as much as
    hundreds of nodes)."""

    def __init__(self, side: int, stop_after: int | None = None, clock=None, horizon=None,
                 weight: float | None = None):
        """``horizon(hand, side)``: the value of a hand at the horizon (default ``family.lead``);
        each position's value is asked once.  ``weight``: the match score's in the utility of a
        finished hand (default the game's)."""
        self.side = side
        self.weight = weight
        self.horizon = horizon
        self.leaves: dict = {}
        self.stop_after = 99 if stop_after is None else stop_after
        self.table: dict = {}
        self.cutoffs: dict = {}
        self.nodes = 0
        self.family = None
        self.clock = clock
        self.deadline: float | None = None

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        if self.family is None:
            self.family = family_of(type(hand))
        return self._search(hand.clone(), alpha, beta)  # the search plays forced cards in place

    def forget(self) -> None:
        """Empty the tables (their entries hold for one horizon: ``stop_after`` is about to change)."""
        self.table.clear()
        self.leaves.clear()

    def move_values(self, hand, moves) -> dict[int, float]:
        """The exact value of each move of the seat to act (each searched with a full window)."""
        out = {}
        for a in moves:
            child = hand.clone()
            child.fast_apply(a)
            out[a] = self.value(child)
        return out

    def _search(self, hand, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15 and self.clock() > self.deadline:
            raise OutOfTime
        if hand.turn < 0:
            return utility(hand, self.side, self.weight)
        legal = hand.fast_legal()
        # a forced card (inside a trick, or a lead before the horizon: the last trick) is played
        # in place: no node, no copy
        while len(legal) == 1 and (hand.trick or len(hand.tricks) < self.stop_after):
            hand.fast_apply(legal[0])
            if hand.turn < 0:
                return utility(hand, self.side, self.weight)
            legal = hand.fast_legal()
        key = None
        best_move = -1
        if not hand.trick:
            if len(hand.tricks) >= self.stop_after:
                if self.horizon is None:
                    return self.family.lead(hand, self.side, self.weight)
                leaf = state_key(hand)
                v = self.leaves.get(leaf)
                if v is None:
                    if len(self.leaves) >= MAX_ENTRIES:
                        self.leaves.clear()
                    v = self.leaves[leaf] = self.horizon(hand, self.side)
                    if self.deadline is not None and self.clock() > self.deadline:
                        raise OutOfTime  # the value is kept for the next try
                return v
            key = (state_key(hand), self.stop_after)
            known, alpha, beta, best_move = recall(self.table, key, alpha, beta)
            if known is not None:
                return known
        a0, b0 = alpha, beta
        moves = self.family.merge(hand, legal)
        seat = hand.turn
        if len(moves) > 1:
            cut = self.cutoffs
            moves.sort(key=lambda a: (a != best_move, -cut.get((seat, a), 0)))
        maximize = (seat & 1) == self.side
        best = -INF if maximize else INF
        chosen = moves[0]
        for a in moves:
            child = hand.clone()
            child.fast_apply(a)
            v = self._search(child, alpha, beta)
            if maximize:
                if v > best:
                    best, chosen = v, a
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, chosen = v, a
                if v < beta:
                    beta = v
            if alpha >= beta:
                self.cutoffs[seat, a] = self.cutoffs.get((seat, a), 0) + 1
                break
        if key is not None:
            remember(self.table, key, best, a0, b0, chosen)
        return best
