"""Exact search of a 400 hand on bit masks: ``Solver400``, for the search levels' exact tricks.

It finds the same values as ``solver.Solver`` (tests/test_ai_solver.py compares them), with less
work per position:
- the four hands are bit masks changed and put back in place: no copy of the hand per node;
- the play's rules (follow suit, else any card; hearts win) are written out for the masks, as
  the engine's ``Hand400._legal`` and ``_apply``: the shared ``MaskSolver._play_plain`` with
  400's card order (``KEYS``);
- a 400 hand is worth what its four bids are worth, made or missed, so the value of a finished
  hand is one of 16 (found once per world through the engine); a seat whose bid is made, or
  can no longer be, keeps that outcome whatever the rest of the hand holds: once all four are
  settled the search stops there, and the table's key counts a settled seat's tricks as one.
"""

from __future__ import annotations

from ..engine.game400 import HEARTS
from .family import TricksBidFamily
from .outcome import utility
from .solver import INF
from .solver_masks import MaskSolver
from ..engine import phases as P

# KEYS[led][card]: who takes the trick: a heart above any other card, the led suit above the rest.
KEYS = tuple(tuple(32 + (c & 15) if c >> 4 == HEARTS else 16 + (c & 15) if c >> 4 == led else -1
                   for c in range(64)) for led in range(4))


class Solver400(MaskSolver):
    """Alpha-beta for ``side`` over 400 hands of one world (``MaskSolver``); there is no horizon:
    it searches to the end of the hand."""

    order = TricksBidFamily.ORDER  # per suit, its cards from the Ace down
    pts = (0,) * 64  # no card points: cards next to each other in rank are equal
    plain_keys = KEYS

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        if hand.turn < 0:
            return utility(hand, self.side, self.weight)
        if hand.phase != P.PLAY:
            raise ValueError("Solver400 searches the trick play, not the bidding")
        self._setup(hand)
        tcards = 0
        for c in hand.trick:
            tcards |= 1 << c
        n = len(hand.trick)
        if not n:
            return self._play_plain(hand.turn, hand.leader, 0, 0, 0, 0, 0, 0, alpha, beta)
        led = hand.trick[0] >> 4
        return self._play_plain(hand.turn, hand.leader, n, led, KEYS[led][hand.best],
                                (hand.best_seat - hand.leader) & 3, 0, tcards, alpha, beta)

    def _setup(self, hand) -> None:
        """Copy the hand's facts into the search (and empty the table if they are another world's)."""
        self.h = list(hand.hand)
        self.path = []  # (kept by the shared play; 400's score needs only the tricks won)
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

    def _trick_start(self, seat: int, leader: int) -> tuple[float, tuple | None]:
        settled, made = self._settled()
        if made >= 0:
            return self.values[made], None
        if self.ntricks == 12:
            return self._last_trick(seat), None
        h = self.h
        return 0.0, (h[0], h[1], h[2], h[3], leader) + settled

    def _end_trick(self, leader: int, win_pos: int, tp: int, tcards: int, alpha: float, beta: float) -> float:
        win = (leader + win_pos) & 3
        self.won[win] += 1
        self.ntricks += 1
        v = self._play_plain(win, win, 0, 0, 0, 0, 0, 0, alpha, beta)
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


__all__ = ["Solver400"]
