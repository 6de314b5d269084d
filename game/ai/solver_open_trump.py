"""Exact search of a 304 or Twenty-Eight hand on bit masks once trump is known to all:
``OpenTrumpSolver``, for the search levels' exact tricks.

It finds the same values as ``solver.Solver`` (tests/test_ai_solver.py compares them), with less
work per position:
- the four hands are bit masks changed and put back in place: no copy of the hand per node;
- with trump revealed before the running trick began, both games play the same way: follow
  suit, else any card; the highest trump takes the trick, else the highest card of the suit
  led (J 9 A 10 K Q 8 7).  While trump is hidden, or when it was revealed inside the running
  trick (304's face-down cards, Twenty-Eight's call), ``family.exact_solver`` hands the world
  to ``Solver``;
- the score of the finished hand is the engine's: a line ending in a new outcome (the points
  each side took before the last trick, who took the last trick, whether one side took every
  trick, the jacks each side took) is played out through the engine once, and every other
  line ending there reuses its value.  So 304's caps, Twenty-Eight's honours, last-trick point
  and doubles are counted as the engine counts them, written nowhere here.
"""

from __future__ import annotations

from ..engine.cards import RANK_J, SUIT_MASKS
from ..engine.hidden_trump import WIN_KEY
from .family import HiddenTrumpFamily
from .outcome import utility
from .solver import INF, OutOfTime, recall, remember
from .solver_masks import MaskSolver

JACKS = sum(1 << (s << 4 | RANK_J) for s in range(4))


class OpenTrumpSolver(MaskSolver):
    """Alpha-beta for ``side`` over 304 or Twenty-Eight hands of one world with trump revealed
    (``MaskSolver``); there is no horizon: it searches to the end of the hand."""

    order = HiddenTrumpFamily.ORDER  # per suit, its cards from the strongest down

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        if hand.turn < 0:
            return utility(hand, self.side, self.weight)
        if not self.searchable(hand):
            raise ValueError("OpenTrumpSolver searches once trump was revealed before the running trick")
        self._setup(hand)
        keys = WIN_KEY[hand.trump]
        n = len(hand.trick)
        tcards = tp = 0
        led = win_key = win_pos = 0
        if n:
            led = hand.trick[0] >> 4
            win_key = -2
            for i, c in enumerate(hand.trick):
                tcards |= 1 << c
                tp += self.pts[c]
                if keys[led][c] > win_key:
                    win_key, win_pos = keys[led][c], i
        return self._play(hand.turn, hand.leader, n, led, win_key, win_pos, tp, tcards, alpha, beta)

    @staticmethod
    def searchable(hand) -> bool:
        """Whether ``hand`` is in the trick play with trump revealed before its running trick."""
        return hand.phase == "play" and hand.revealed and 0 <= hand.revealed_at <= 4 * len(hand.tricks)

    def _setup(self, hand) -> None:
        """Copy the hand's facts into the search (and empty the tables if they are another world's)."""
        self.root = hand
        self.path: list[int] = []  # the cards played from ``root``, for the engine's score
        self.h = list(hand.hand)
        self.taken = list(hand.taken)
        self.ntricks = len(hand.tricks)
        self.keys = WIN_KEY[hand.trump]
        self.pts = hand.CARD_POINTS
        jacks = 0
        for t in hand.tricks:
            if not t.winner & 1:
                jacks += sum(1 for c in t.cards if c & 15 == RANK_J)
        self.jacks = jacks  # the jacks side 0 took
        sweep = hand.tricks[0].winner & 1 if hand.tricks else 2  # 2: no trick yet
        for t in hand.tricks:
            if t.winner & 1 != sweep:
                sweep = -1
                break
        self.sweep = sweep  # the side that took every trick so far, or -1
        world = (type(hand), hand.bidder, hand.bid, hand.trump, tuple(hand.score_before),
                 tuple(sorted(hand.options.items())), getattr(hand, "doubled", 1), getattr(hand, "caps", False))
        if world != self.world:
            self.table.clear()
            self.cutoffs.clear()
            self.ends: dict = {}
            self.world = world

    def _end(self, key) -> float:
        """The value of the finished hand that the cards in ``path`` lead to, scored by the engine
        the first time a line ends in ``key``."""
        v = self.ends.get(key)
        if v is None:
            twin = self.root.clone()
            for c in self.path:
                twin.fast_apply(c)
            v = self.ends[key] = utility(twin, self.side, self.weight)
        return v

    def _end_trick(self, leader: int, win_pos: int, tp: int, tcards: int, alpha: float, beta: float) -> float:
        win = (leader + win_pos) & 3
        ws = win & 1
        taken, sweep, jacks = self.taken, self.sweep, self.jacks
        if self.ntricks == 7:  # the last trick: the outcome's facts, for the engine's score
            got = jacks + (0 if ws else (tcards & JACKS).bit_count())
            return self._end((taken[0] + (0 if ws else tp), taken[1] + (tp if ws else 0), ws,
                              ws if sweep == ws or sweep == 2 else -1, got))
        taken[ws] += tp
        if sweep != ws:
            self.sweep = -1 if sweep != 2 else ws
        if not ws:
            self.jacks = jacks + (tcards & JACKS).bit_count()
        self.ntricks += 1
        v = self._play(win, win, 0, 0, 0, 0, 0, 0, alpha, beta)
        self.ntricks -= 1
        taken[ws] -= tp
        self.sweep, self.jacks = sweep, jacks
        return v

    def _last_trick(self, leader: int) -> float:
        """The eighth trick, where every seat holds one card: played out at once."""
        h, keys = self.h, self.keys
        c = h[leader].bit_length() - 1
        lkeys = keys[c >> 4]
        pts = self.pts
        top, win, tcards, tp = lkeys[c], 0, 1 << c, pts[c]
        path = self.path
        path.append(c)
        for i in (1, 2, 3):
            c = h[(leader + i) & 3].bit_length() - 1
            tcards |= 1 << c
            tp += pts[c]
            path.append(c)
            if lkeys[c] > top:
                top, win = lkeys[c], i
        v = self._end_trick(leader, win, tp, tcards, 0, 0)
        del path[-4:]
        return v

    def _play(self, seat: int, leader: int, n: int, led: int, win_key: int, win_pos: int, tp: int,
              tcards: int, alpha: float, beta: float) -> float:
        """The rest of the hand with ``seat`` to play the trick's card number ``n`` (from 0)."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15 and self.clock() > self.deadline:
            raise OutOfTime
        h = self.h
        held = h[seat]
        key = None
        best_move = -1
        if not n:
            if self.ntricks == 7:
                return self._last_trick(seat)
            key = (h[0], h[1], h[2], h[3], leader, self.taken[0], self.sweep, self.jacks)
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
        keys, pts, path = self.keys, self.pts, self.path
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
                v = self._play((seat + 1) & 3, leader, n + 1, nled, nk, npos, tp + pts[c], tcards | 1 << c,
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


__all__ = ["OpenTrumpSolver"]
