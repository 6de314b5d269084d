"""Exact search of a 400 hand on bit masks: ``Solver400``, for the search levels' exact tricks.

It finds the same values as ``solver.Solver`` (tests/test_ai_solver.py compares them), with less
work per position:
- the four hands are bit masks changed and put back in place: no copy of the hand per node;
- the play's rules (follow suit, else any card; hearts win) are written out for the masks, as
  the engine's ``Hand400._legal`` and ``_apply``;
- a 400 hand is worth what its four bids are worth, made or missed, so the value of a finished
  hand is one of 16 (found once per world through the engine); a seat whose bid is made, or
  can no longer be, keeps that outcome whatever the rest of the hand holds: once all four are
  settled the search stops there, and the table's key counts a settled seat's tricks as one.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS
from ..engine.game400 import HEARTS
from .family import TricksBidFamily
from .outcome import utility
from .solver import INF, OutOfTime, recall, remember
from .solver_masks import MaskSolver

# KEYS[led][card]: who takes the trick: a heart above any other card, the led suit above the rest.
KEYS = tuple(tuple(32 + (c & 15) if c >> 4 == HEARTS else 16 + (c & 15) if c >> 4 == led else -1
                   for c in range(64)) for led in range(4))


class Solver400(MaskSolver):
    """Alpha-beta for ``side`` over 400 hands of one world (``MaskSolver``); there is no horizon:
    it searches to the end of the hand."""

    order = TricksBidFamily.ORDER  # per suit, its cards from the Ace down
    pts = (0,) * 64  # no card points: cards next to each other in rank are equal

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        if hand.turn < 0:
            return utility(hand, self.side, self.weight)
        if hand.phase != "play":
            raise ValueError("Solver400 searches the trick play, not the bidding")
        self._setup(hand)
        tcards = 0
        for c in hand.trick:
            tcards |= 1 << c
        n = len(hand.trick)
        if not n:
            return self._play(hand.turn, hand.leader, 0, 0, 0, 0, 0, alpha, beta)
        led = hand.trick[0] >> 4
        return self._play(hand.turn, hand.leader, n, led, KEYS[led][hand.best], (hand.best_seat - hand.leader) & 3,
                          tcards, alpha, beta)

    def _setup(self, hand) -> None:
        """Copy the hand's facts into the search (and empty the table if they are another world's)."""
        self.h = list(hand.hand)
        self.won = list(hand.won)
        self.ntricks = len(hand.tricks)
        bids = tuple(hand.bids)
        self.bids = bids
        world = (bids, tuple(hand.score_before), self.side, self.weight)
        if world != self.world:
            self.table.clear()
            self.cutoffs.clear()
            self.world = world
            self.values = self._values(hand)

    def _values(self, hand) -> tuple:
        """The hand's value for each set of seats that made their bids (bit s: seat s made it),
        as the engine scores it."""
        out = []
        for made in range(16):
            twin = hand.clone()
            twin.won = [self.bids[s] if made >> s & 1 else 0 for s in range(4)]
            twin.phase, twin.turn = "over", -1
            out.append(utility(twin, self.side, self.weight))
        return tuple(out)

    def _settled(self) -> tuple:
        """Per seat, for the table's key: its tricks while its bid is open, else the bid (made)
        or -1 (missed); and the bits of the seats that made it if all four are settled, else -1."""
        left = 13 - self.ntricks
        made = 0
        open_ = False
        out = []
        for s in range(4):
            w, b = self.won[s], self.bids[s]
            if w >= b:
                made |= 1 << s
                out.append(b)
            elif w + left < b:
                out.append(-1)
            else:
                open_ = True
                out.append(w)
        return tuple(out), -1 if open_ else made

    def _end_trick(self, leader: int, win_pos: int, alpha: float, beta: float) -> float:
        win = (leader + win_pos) & 3
        self.won[win] += 1
        self.ntricks += 1
        v = self._play(win, win, 0, 0, 0, 0, 0, alpha, beta)
        self.won[win] -= 1
        self.ntricks -= 1
        return v

    def _last_trick(self, leader: int) -> float:
        """The thirteenth trick, where every seat holds one card: played out at once."""
        h = self.h
        c = h[leader].bit_length() - 1
        keys = KEYS[c >> 4]
        top, win = keys[c], leader
        for i in (1, 2, 3):
            seat = (leader + i) & 3
            k = keys[h[seat].bit_length() - 1]
            if k > top:
                top, win = k, seat
        made = 0
        for s in range(4):
            if self.won[s] + (s == win) >= self.bids[s]:
                made |= 1 << s
        return self.values[made]

    def _play(self, seat: int, leader: int, n: int, led: int, win_key: int, win_pos: int, tcards: int,
              alpha: float, beta: float) -> float:
        """The rest of the hand with ``seat`` to play the trick's card number ``n`` (from 0)."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15 and self.clock() > self.deadline:
            raise OutOfTime
        h = self.h
        held = h[seat]
        key = None
        best_move = -1
        if not n:
            settled, made = self._settled()
            if made >= 0:
                return self.values[made]
            if self.ntricks == 12:
                return self._last_trick(seat)
            key = (h[0], h[1], h[2], h[3], leader) + settled
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
        for c in moves:
            h[seat] = held ^ (1 << c)
            if n:
                k = KEYS[led][c]
                nk, npos = (k, n) if k > win_key else (win_key, win_pos)
                nled = led
            else:
                nled = c >> 4
                nk, npos = KEYS[nled][c], 0
            if n == 3:
                v = self._end_trick(leader, npos, alpha, beta)
            else:
                v = self._play((seat + 1) & 3, leader, n + 1, nled, nk, npos, tcards | 1 << c, alpha, beta)
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


__all__ = ["Solver400"]
