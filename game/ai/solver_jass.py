"""Exact search of a Schieber hand on bit masks: ``JassSolver``, for the search levels' exact tricks.

It finds the same values as ``solver.Solver`` (tests/test_ai_solver.py compares them), with less
work per position:
- the four hands are bit masks changed and put back in place: no copy of the hand per node;
- the play's rules (following, trumping, no under-trumping, the Puur) and the scoring (Stöck,
  the last trick, the Match bonus, the target reached mid-hand) are written out for the masks,
  in the engine's order (``game/engine/schieber.py``); the Weis, scored with the first trick,
  is left to ``Solver``: this search starts once a trick is complete (``family.exact_solver``);
- it values what is still to come: the points the side takes from here on, less the other
  side's.  Away from the target that does not depend on the points already taken, so the table
  at each trick start holds a position once, however its earlier tricks were shared out (near
  the target the points taken are part of the table's key).

Every value returned is on the utility's scale (``outcome.utility``): a hand's points, which
Schieber also scores, count ``1 / multiplier + weight`` each.
"""

from __future__ import annotations

from ..engine.cards import SUIT_MASKS
from ..engine.schieber import ABOVE, KEYS, LAST_TRICK, MATCH_BONUS, POINTS, STOECK
from .outcome import utility
from .solver import INF, OutOfTime, recall, remember
from .solver_masks import MaskSolver

# The most a side can still add to its points once the Weis is scored, before the multiplier:
# every card point and the last trick (157), the Match bonus and Stöck.
MOST_LEFT = 157 + MATCH_BONUS + STOECK


def _orders(k: int) -> tuple:
    """Per suit, its cards from the strongest down under contract ``k``."""
    keys = KEYS[k]
    return tuple(tuple(sorted((c for c in range(64) if SUIT_MASKS[s] >> c & 1 and keys[s][c] >= 0),
                              key=lambda c, s=s: -keys[s][c]))
                 for s in range(4))


ORDERS = tuple(_orders(k) for k in range(6))


class JassSolver(MaskSolver):
    """Alpha-beta for ``side`` over Schieber hands of one world (``MaskSolver``); there is no
    horizon: it searches to the end of the hand."""

    def __init__(self, side: int, clock=None, weight: float | None = None):
        from .family import JassFamily
        super().__init__(side, clock, JassFamily.score_weight if weight is None else weight)

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        side = self.side
        if hand.turn < 0:
            return utility(hand, side, self.weight)
        if not hand.tricks:
            raise ValueError("JassSolver searches from the end of the first trick (the Weis is scored then)")
        self._setup(hand)
        scale = 1 / hand.mult + self.weight
        lead = hand.points[side] - hand.points[1 - side]
        n = len(hand.trick)
        tcards = 0
        tp = 0
        for c in hand.trick:
            tcards |= 1 << c
            tp += self.pts[c]
        rest = self._play(hand.turn, hand.leader, n, hand.led, hand.win_key, hand.win_pos, tp, tcards,
                          alpha / scale - lead, beta / scale - lead)
        return (lead + rest) * scale

    def _setup(self, hand) -> None:
        """Copy the hand's facts into the search (and empty the table if they are another world's)."""
        k = hand.contract
        self.keys, self.pts, self.above, self.order = KEYS[k], POINTS[k], ABOVE[k], ORDERS[k]
        self.trump, self.tmask, self.puur = hand.trump, hand.tmask, hand.puur
        self.mult, self.target = hand.mult, hand.target
        self.before = tuple(hand.score_before)
        self.h = list(hand.hand)
        self.p = list(hand.points)
        self.stk_left = hand.stk_left
        self.stoeck_side = hand.stoeck_seat & 1 if hand.stoeck_seat >= 0 else -1
        self.ntricks = len(hand.tricks)
        sweep = hand.tricks[0].winner & 1
        for t in hand.tricks:
            if t.winner & 1 != sweep:
                sweep = -1
                break
        self.sweep = sweep  # the side that took every trick so far, or -1
        most = MOST_LEFT * self.mult
        self.near = any(self.before[s] + self.p[s] + most >= self.target for s in (0, 1))
        world = (k, self.mult, self.target, self.before, self.stoeck_side)
        if world != self.world:
            self.table.clear()
            self.world = world

    # ---- scoring, as the engine's _score and _stoeck_early -------------------------------------
    def _score(self, s: int, raw: int) -> tuple[int, bool]:
        """Add ``raw`` points (before the multiplier) to side ``s``: (the change of the side's
        lead, whether the match ended)."""
        p = self.p
        amt = raw * self.mult
        p[s] += amt
        gain = amt if s == self.side else -amt
        if self.before[s] + p[s] >= self.target:
            return gain, True
        if self.stk_left and self.stoeck_side == s and self.before[s] + p[s] + STOECK * self.mult >= self.target:
            amt = STOECK * self.mult
            p[s] += amt
            self.stk_left = 0
            return gain + (amt if s == self.side else -amt), True
        return gain, False

    def _end_trick(self, leader: int, win_pos: int, tp: int, alpha: float, beta: float) -> float:
        """The rest of the hand from the end of a trick: its points, then the next trick."""
        win = (leader + win_pos) & 3
        ws = win & 1
        p0, p1 = self.p
        stk, sweep, nt = self.stk_left, self.sweep, self.ntricks
        self.ntricks = nt + 1
        if sweep != ws:
            self.sweep = -1
        if nt == 8:  # (a search that started inside the last trick)
            tp += LAST_TRICK + (MATCH_BONUS if self.sweep == ws else 0)
        gain, over = self._score(ws, tp)
        if over or nt == 8:
            v = gain
        else:
            v = gain + self._play(win, win, 0, 0, 0, 0, 0, 0, alpha - gain, beta - gain)
        self.p[0], self.p[1] = p0, p1
        self.stk_left, self.sweep, self.ntricks = stk, sweep, nt
        return v

    def _last_trick(self, leader: int) -> float:
        """The ninth trick, where every seat holds one card: played out at once."""
        h, keys, pts = self.h, self.keys, self.pts
        c = h[leader].bit_length() - 1
        lkeys = keys[c >> 4]
        top, win, tp = lkeys[c], leader, pts[c]
        for i in (1, 2, 3):
            seat = (leader + i) & 3
            c = h[seat].bit_length() - 1
            tp += pts[c]
            if lkeys[c] > top:
                top, win = lkeys[c], seat
        p0, p1 = self.p
        stk = self.stk_left
        gain = 0
        if stk:  # a Stöck card is still held: its second card is played now
            gain = STOECK * self.mult
            self.p[self.stoeck_side] += gain
            self.stk_left = 0
            if self.stoeck_side != self.side:
                gain = -gain
        ws = win & 1
        g, _ = self._score(ws, tp + LAST_TRICK + (MATCH_BONUS if self.sweep == ws else 0))
        self.p[0], self.p[1] = p0, p1
        self.stk_left = stk
        return gain + g

    # ---- the search ----------------------------------------------------------------------------
    def _legal(self, held: int, n: int, led: int, win_key: int) -> int:
        """The mask of the cards ``held`` may play (the engine's ``_legal``)."""
        if not n:
            return held
        follow = held & SUIT_MASKS[led]
        tm = held & self.tmask
        if not tm:
            return follow or held
        if led == self.trump:
            return held if tm == self.puur else tm
        if tm != held and win_key >= 32:
            tm &= self.above[win_key - 32]
        return follow | tm if follow else (held & ~self.tmask) | tm

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
            if self.ntricks == 8:
                return self._last_trick(seat)
            key = ((h[0], h[1], h[2], h[3], leader, self.stk_left, self.sweep, self.p[0], self.p[1])
                   if self.near else (h[0], h[1], h[2], h[3], leader, self.stk_left, self.sweep))
            known, alpha, beta, best_move = recall(self.table, key, alpha, beta)
            if known is not None:
                return known
        moves = self._moves(seat, self._legal(held, n, led, win_key), h[0] | h[1] | h[2] | h[3] | tcards,
                            best_move)
        a0, b0 = alpha, beta
        maximize = (seat & 1) == self.side
        best = -INF if maximize else INF
        chosen = moves[0]
        keys, pts = self.keys, self.pts
        side, stoeck_side = self.side, self.stoeck_side
        last = n == 3
        for c in moves:
            bit = 1 << c
            h[seat] = held ^ bit
            stk = self.stk_left
            gain = 0
            if stk & bit:
                self.stk_left = stk ^ bit
                if stk == bit:  # the second of König and Ober: Stöck counts
                    gain = STOECK * self.mult
                    self.p[stoeck_side] += gain
                    if stoeck_side != side:
                        gain = -gain
            if n:
                k = keys[led][c]
                if k > win_key:
                    nk, npos = k, n
                else:
                    nk, npos = win_key, win_pos
                nled = led
            else:
                nled = c >> 4
                nk, npos = keys[nled][c], 0
            if last:
                v = gain + self._end_trick(leader, npos, tp + pts[c], alpha - gain, beta - gain)
            else:
                v = gain + self._play((seat + 1) & 3, leader, n + 1, nled, nk, npos, tp + pts[c],
                                      tcards | bit, alpha - gain, beta - gain)
            h[seat] = held
            if stk & bit:
                self.stk_left = stk
                if stk == bit:
                    self.p[stoeck_side] -= STOECK * self.mult
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


__all__ = ["JassSolver"]
