"""Exact search of a 304 or Twenty-Eight hand on bit masks: ``HiddenTrumpSolver``, for the
search levels' exact tricks.

It finds the same values as ``solver.Solver`` (tests/test_ai_solver.py compares them), with less
work per position:
- the four hands are bit masks changed and put back in place: no copy of the hand per node;
  while trump is hidden the trumper's face-down indicator is not in its mask;
- the play is written out for the masks, as the engines play it (``game/engine/game304.py``,
  ``game28.py``): follow suit, else any card.  While trump is hidden, in 304 (``face_down``) a
  card that does not follow is played face down, the trumper may reveal trump at its turn, and
  a face-down trump reveals it at the trick's end, when every trump of the trick counts; in
  Twenty-Eight a player who cannot follow may call for trump and must then trump if it can,
  and a trump counts only if trump was revealed when it was played.  In both, a trumper whose
  only card is the indicator plays it, which reveals trump;
- the score of the finished hand is the engine's: a line ending in a new outcome (the points
  each side took, who took the last trick, whether one side took every trick, the jacks side 0
  took) is played out through the engine once, and every other line ending there reuses its
  value.  So 304's caps, Twenty-Eight's honours, last-trick point and doubles are counted as
  the engine counts them, written nowhere here.
"""

from __future__ import annotations

from ..engine import actions as A
from ..engine.cards import RANK_J, SUIT_MASKS
from ..engine.hidden_trump import LED_KEY, TRUMP_KEY, WIN_KEY
from .family import HiddenTrumpFamily, family_of
from .outcome import utility
from .solver import INF, OutOfTime, recall, remember
from .solver_masks import MaskSolver
from ..engine import phases as P

JACKS = sum(1 << (s << 4 | RANK_J) for s in range(4))
# Twenty-Eight, a card played with trump revealed: a card of the suit led by its rank in that
# suit (even a trump: trumps led before the reveal count as plain cards), another trump above.
OPEN_KEY_28 = {t: [[LED_KEY[led][c] if c >> 4 == led else TRUMP_KEY[t][c] for c in range(64)] for led in range(4)]
               for t in range(4)}


class HiddenTrumpSolver(MaskSolver):
    """Alpha-beta for ``side`` over 304 or Twenty-Eight hands of one world (``MaskSolver``);
    there is no horizon: it searches to the end of the hand."""

    order = HiddenTrumpFamily.ORDER  # per suit, its cards from the strongest down

    def value(self, hand, alpha: float = -INF, beta: float = INF) -> float:
        """The hand's value for ``side`` with perfect play by all four seats."""
        if hand.turn < 0:
            return utility(hand, self.side, self.weight)
        if hand.phase != P.PLAY:
            raise ValueError("HiddenTrumpSolver searches the trick play")
        self._setup(hand)
        t, pts = self.trump, self.pts
        n = len(hand.trick)
        led = hand.trick[0] >> 4 if n else 0
        tcards = tp = 0
        wk = wp = nk = npos = 0
        fd = False
        for i, (c, flag) in enumerate(zip(hand.trick, hand.trick_flags)):
            tcards |= 1 << c
            tp += pts[c]
            if self.face_down:  # 304: the flag is "face down"; a trump counts if revealed by the end
                k = WIN_KEY[t][led][c]
                fd = fd or (flag and c >> 4 == t)
            else:  # 28: the flag is "a trump played after the reveal"
                k = TRUMP_KEY[t][c] if flag and c >> 4 != led else LED_KEY[led][c]
            if not i or k > wk:
                wk, wp = k, i
            k = LED_KEY[led][c]
            if not i or k > nk:
                nk, npos = k, i
        return self._play(hand.turn, hand.leader, n, led, wk, wp, nk, npos, fd, tp, tcards, alpha, beta)

    def _setup(self, hand) -> None:
        """Copy the hand's facts into the search (and empty the tables if they are another world's)."""
        self.root = hand
        self.path: list[int] = []  # the actions taken from ``root``, for the engine's score
        self.h = list(hand.hand)
        self.taken = list(hand.taken)
        self.ntricks = len(hand.tricks)
        self.trump, self.bidder = hand.trump, hand.bidder
        self.ind = 1 << hand.indicator
        self.revealed = hand.revealed
        self.caller = hand.caller  # 28: the seat that has just called for trump
        self.pts = hand.CARD_POINTS
        self.face_down = family_of(type(hand)).face_down
        # the key of a card played with trump revealed (304: every trump counts once trump is
        # revealed, those of the running trick too)
        self.plain_keys = WIN_KEY[self.trump] if self.face_down else OPEN_KEY_28[self.trump]
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
        world = (type(hand), hand.bidder, hand.bid, hand.trump, hand.indicator, tuple(hand.score_before),
                 tuple(sorted(hand.options.items())), hand.score_terms())
        if world != self.world:
            self.table.clear()
            self.cutoffs.clear()
            self.ends: dict = {}
            self.world = world

    def _reveal(self) -> None:
        self.revealed = True
        self.h[self.bidder] |= self.ind  # the indicator goes back to the trumper's hand

    def _hide(self) -> None:
        self.revealed = False
        self.h[self.bidder] &= ~self.ind

    def _end(self, key) -> float:
        """The value of the finished hand that the actions in ``path`` lead to, scored by the
        engine the first time a line ends in ``key``."""
        v = self.ends.get(key)
        if v is None:
            twin = self.root.clone()
            for a in self.path:
                twin.fast_apply(a)
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
        v = self._play(win, win, 0, 0, 0, 0, 0, 0, False, 0, 0, alpha, beta)
        self.ntricks -= 1
        taken[ws] -= tp
        self.sweep, self.jacks = sweep, jacks
        return v

    def _last_trick(self, leader: int) -> float:
        """The eighth trick with trump revealed, where every seat holds one card: played out at once."""
        h, keys = self.h, self.plain_keys
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

    def _actions(self, seat: int, n: int, led: int) -> tuple[int, int]:
        """The cards ``seat`` may play (a mask) with trump hidden, and the word it may say instead
        (304: reveal, 28: call; 0 if none), as the engines' ``_legal_play``."""
        held = self.h[seat]
        trumper = seat == self.bidder
        if trumper and not held:
            return self.ind, A.REVEAL if self.face_down else 0  # the indicator is its last card
        if not n:
            return held, A.REVEAL if trumper and self.face_down else 0
        follow = held & SUIT_MASKS[led]
        if self.face_down:
            return follow or held, A.REVEAL if trumper else 0
        return (follow, 0) if follow else (held, A.CALL)

    def _play(self, seat: int, leader: int, n: int, led: int, wk: int, wp: int, nk: int, npos: int, fd: bool,
              tp: int, tcards: int, alpha: float, beta: float) -> float:
        """The rest of the hand with ``seat`` to play the trick's card number ``n`` (from 0).
        ``wk``/``wp``: the best key in the trick and its position (304: counting trumps; 28: as
        they counted when played); ``nk``/``npos``: the same counting no trump (304); ``fd``: a
        trump was played face down (304).  Once trump is revealed (and no call binds the seat)
        the rest of the hand is ``_play_plain``'s, where both games play alike."""
        if self.revealed and self.caller < 0:
            return self._play_plain(seat, leader, n, led, wk, wp, tp, tcards, alpha, beta)
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 15 and self.clock() > self.deadline:
            raise OutOfTime
        h = self.h
        key = None
        best_move = -1
        if not n:
            if self.ntricks == 7 and self.revealed:
                return self._last_trick(seat)
            key = (h[0], h[1], h[2], h[3], leader, self.taken[0], self.sweep, self.jacks, False)  # trump hidden
            known, alpha, beta, best_move = recall(self.table, key, alpha, beta)
            if known is not None:
                return known
        if self.caller == seat:  # 28: having called, it must trump if it can
            held = h[seat]
            cards, word = held & SUIT_MASKS[self.trump] or held, 0
        else:
            cards, word = self._actions(seat, n, led)
        alive = h[0] | h[1] | h[2] | h[3] | tcards | (0 if self.revealed else self.ind)
        moves = self._moves(seat, cards, alive, best_move, word)
        a0, b0 = alpha, beta
        maximize = (seat & 1) == self.side
        best = -INF if maximize else INF
        chosen = moves[0]
        path, pts, t = self.path, self.pts, self.trump
        held = h[seat]
        for c in moves:
            path.append(c)
            if c >= 64:  # reveal (304) or call (28): the same seat then plays a card
                self._reveal()
                if c == A.CALL:
                    self.caller = seat
                v = self._play(seat, leader, n, led, wk, wp, nk, npos, fd, tp, tcards, alpha, beta)
                self.caller = -1
                self._hide()
            else:
                bit = 1 << c
                was_hidden = not self.revealed
                if was_hidden and bit == self.ind:  # the indicator as the trumper's last card
                    self.revealed = True
                else:
                    h[seat] = held ^ bit
                caller = self.caller
                self.caller = -1
                if not n:
                    nled = c >> 4
                    nwk = WIN_KEY[t][nled][c] if self.face_down else LED_KEY[nled][c]
                    v = self._next(seat, leader, 1, nled, nwk, 0, LED_KEY[nled][c], 0, False, pts[c], bit,
                                   alpha, beta)
                else:
                    if self.face_down:
                        k = WIN_KEY[t][led][c]
                        nfd = fd or (was_hidden and c >> 4 == t and c >> 4 != led and bit != self.ind)
                    else:
                        k = TRUMP_KEY[t][c] if self.revealed and c >> 4 != led else LED_KEY[led][c]
                        nfd = fd
                    nwk, nwp = (k, n) if k > wk else (wk, wp)
                    k = LED_KEY[led][c]
                    nnk, nnp = (k, n) if k > nk else (nk, npos)
                    v = self._next(seat, leader, n + 1, led, nwk, nwp, nnk, nnp, nfd, tp + pts[c], tcards | bit,
                                   alpha, beta)
                self.caller = caller
                h[seat] = held
                if was_hidden:
                    self.revealed = False
            path.pop()
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

    def _trick_start(self, seat: int, leader: int) -> tuple[float, tuple | None]:
        """(``_play_plain``'s, with trump revealed.)"""
        if self.ntricks == 7:
            return self._last_trick(seat), None
        h = self.h
        return 0.0, (h[0], h[1], h[2], h[3], leader, self.taken[0], self.sweep, self.jacks, True)

    def _next(self, seat: int, leader: int, n: int, led: int, wk: int, wp: int, nk: int, npos: int, fd: bool,
              tp: int, tcards: int, alpha: float, beta: float) -> float:
        """After a card: the next seat's turn, or the end of the trick (304: a face-down trump
        reveals trump, and then every trump of the trick counts)."""
        if n < 4:
            return self._play((seat + 1) & 3, leader, n, led, wk, wp, nk, npos, fd, tp, tcards, alpha, beta)
        if self.face_down and not self.revealed:
            if not fd:
                return self._end_trick(leader, npos, tp, tcards, alpha, beta)
            self._reveal()
            v = self._end_trick(leader, wp, tp, tcards, alpha, beta)
            self._hide()
            return v
        return self._end_trick(leader, wp, tp, tcards, alpha, beta)


__all__ = ["HiddenTrumpSolver"]
