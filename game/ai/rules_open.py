"""The rule-based players of 400 and Schieber, where every card is played face up.

Card play shares one set of conventions (win cheaply, let a winning partner have
the trick and smear points on it, cash masters, ruff what is worth it, discard
low); the games differ in the trick order and points, and in 400 bids or
Schieber contracts.  Each seat reads only its own cards and public play.

Engine attributes read: ``phase turn hand trick leader tricks fast_legal()``; for 400
``bids won needed dealer``; for Schieber ``keys pts trump chooser``.  ``hand`` of the
other seats is read only as the union of all hands (the unplayed cards, public in these
games since every card is played face up).
"""

from __future__ import annotations

import math

from ..engine import actions as A
from ..engine.cards import SUIT_MASKS, cards_in, mask_of
from ..engine.schieber import KEYS, POINTS
from ..engine import phases as P

HEARTS = 1


class OpenRules:
    trump_suit_of_plain = -1

    # ---- per game ---------------------------------------------------------------------
    def keys(self, hand):
        """KEYS[led][card]: trick power, led suit 16+, trump 32+, others -1."""
        raise NotImplementedError

    def points(self, hand):
        raise NotImplementedError

    def trump(self, hand) -> int:
        raise NotImplementedError

    # ---- the decision ---------------------------------------------------------------------
    def act(self, hand, rng=None) -> int:
        if hand.phase == P.PLAY:
            return self.play(hand, hand.turn)
        return self.choose_other(hand, hand.turn)

    def choose_other(self, hand, seat: int) -> int:
        raise NotImplementedError

    def play(self, hand, seat: int) -> int:
        cards = hand.fast_legal()
        if len(cards) == 1:
            return cards[0]
        keys, pts, trump = self.keys(hand), self.points(hand), self.trump(hand)
        h = hand.hand
        unseen = (h[0] | h[1] | h[2] | h[3]) & ~h[seat]
        if not hand.trick:
            return self._lead(hand, seat, cards, keys, pts, trump, unseen)
        return self._follow(hand, seat, cards, keys, pts, trump, unseen)

    @staticmethod
    def _master(mine: int, unseen: int, suit: int, keys) -> int | None:
        """My best card of ``suit`` if no unseen card of it is better, else None."""
        k = keys[suit]
        mine_s = cards_in(mine & SUIT_MASKS[suit])
        if not mine_s:
            return None
        top = max(mine_s, key=k.__getitem__)
        for c in cards_in(unseen & SUIT_MASKS[suit]):
            if k[c] > k[top]:
                return None
        return top

    def _lead(self, hand, seat, cards, keys, pts, trump, unseen) -> int:
        mine = hand.hand[seat]
        if trump >= 0 and self.draws_trump(hand, seat) and unseen & SUIT_MASKS[trump]:
            top = self._master(mine, unseen, trump, keys)
            if top is not None:
                return top
        masters = [c for c in cards if c >> 4 != trump and self._master(mine, unseen, c >> 4, keys) == c]
        if masters:
            return max(masters, key=lambda c: (pts[c], keys[c >> 4][c]))
        plain = [c for c in cards if c >> 4 != trump] or cards
        return min(plain, key=lambda c: (pts[c], -(mine & SUIT_MASKS[c >> 4]).bit_count(), keys[c >> 4][c]))

    def draws_trump(self, hand, seat) -> bool:
        return False

    def _follow(self, hand, seat, cards, keys, pts, trump, unseen) -> int:
        trick, leader = hand.trick, hand.leader
        led = trick[0] >> 4
        lk = keys[led]
        best, who = -1, -1
        for i, c in enumerate(trick):
            if lk[c] > best:
                best, who = lk[c], (leader + i) & 3
        total = sum(pts[c] for c in trick)
        last = len(trick) == 3
        mine = hand.hand[seat]
        if who == seat ^ 2:
            partner_card = trick[(who - leader) & 3]
            if last or (best < 32 and self._master(1 << partner_card | mine & SUIT_MASKS[led], unseen, led, keys)
                        == partner_card):
                return self._smear(cards, pts, lk, trump)
        winners = [c for c in cards if lk[c] > best]
        if winners:
            cheapest = min(winners, key=lambda c: (c >> 4 == trump, pts[c] if last else 0, lk[c]))
            if last:
                return cheapest
            top = self._master(mine, unseen, led, keys)
            if top in winners:
                return top
            if total >= self.worth or cheapest >> 4 == trump != led:
                return cheapest
        return self._low(cards, pts, keys, trump)

    worth = 10  # trick points worth a cheap ruff or a second-hand win

    def _smear(self, cards, pts, lk, trump) -> int:
        plain = [c for c in cards if c >> 4 != trump] or cards
        return max(plain, key=lambda c: (pts[c], -lk[c]))

    def _low(self, cards, pts, keys, trump) -> int:
        """The cheapest card, of equal points the weakest by its power in its own suit (the
        cards compared are of one suit, or discards of several; Undenufe: the Six is the top)."""
        plain = [c for c in cards if c >> 4 != trump] or cards
        return min(plain, key=lambda c: (pts[c], keys[c >> 4][c]))


# ---- 400 --------------------------------------------------------------------------------------
KEYS400 = [[32 + (c & 15) if c >> 4 == HEARTS else 16 + (c & 15) if c >> 4 == led else -1
            for c in range(64)] for led in range(4)]
NO_POINTS = [0] * 64


class Rules400(OpenRules):
    worth = 1  # no points: not last, win only with a master or a ruff

    def keys(self, hand):
        return KEYS400

    def points(self, hand):
        return NO_POINTS

    def trump(self, hand) -> int:
        return HEARTS

    def draws_trump(self, hand, seat) -> bool:
        return (hand.hand[seat] & SUIT_MASKS[HEARTS]).bit_count() >= 5

    def choose_other(self, hand, seat: int) -> int:
        legal = hand.fast_legal()
        if hand.phase == P.REDEAL:  # every seat is asked; only one without a face card may redeal
            return A.REDEAL if A.REDEAL in legal else A.KEEP
        est = self.expected_tricks(hand.hand[seat])
        want = round(est)
        if seat == hand.dealer:  # last to bid: stretch a little rather than throw the hand in
            short = hand.needed - sum(hand.bids)
            if want < short <= est + 1.5:
                want = short
        return min(legal, key=lambda a: abs(A.bid_value(a) - want))

    def likelihood(self, world, obs) -> float:
        """How well the other players' bids fit their cards in ``world`` (rules as the model)."""
        p = 1.0
        for seat in range(4):
            bid = obs.facts.bids[seat]
            if seat != obs.seat and bid is not None:
                miss = bid - self.expected_tricks(mask_of(world.dealt[seat]))
                p *= math.exp(-miss * miss / 4.5)
        return p

    @staticmethod
    def expected_tricks(h: int) -> float:
        """Tricks a 13-card hand should take: top cards, heart length, ruffs."""
        est = 0.0
        hearts = (h & SUIT_MASKS[HEARTS]).bit_count()
        for s in range(4):
            suit = h >> (16 * s) & 0x1FFF
            n = suit.bit_count()
            ace, king, queen, jack = suit >> 12 & 1, suit >> 11 & 1, suit >> 10 & 1, suit >> 9 & 1
            if s == HEARTS:
                est += ace + 0.9 * king * (n >= 2) + 0.6 * queen * (n >= 3) + 0.3 * jack * (n >= 4)
                est += 0.8 * max(0, n - 3)
            else:
                est += ace + (0.7 + 0.3 * ace) * king * (n >= 2) + 0.4 * queen * (n >= 3) * (ace | king)
                if hearts >= 3 and n <= 1:
                    est += 0.7 if n == 0 else 0.4
        return est


# ---- Schieber -----------------------------------------------------------------------------------
UNDER, NELL = 9, 7  # trump Under (Puur) and Nine (Nell) rank slots
CONTRACTS = A.CONTRACTS
PUSH_BELOW = 60  # forehand pushes when no contract scores this much
# How sharply the contract read from a chooser's choice is believed (contract-score points).
# Of the chooser's trumps, the share of sampled worlds giving them to the chooser
# (benchmarks/ai_inference.py, 300 deals, the rules choosing): 36 % with no reading, 39 % with
# the old step fit (1 for the hand's best contract, else 0.5), 46 % with this one; 47 % with
# expert choosing (docs/ai.md, "Reading the contract choice").
FIT_POINTS = 5.0


class RulesSchieber(OpenRules):
    def keys(self, hand):
        return hand.keys

    def points(self, hand):
        return hand.pts

    def trump(self, hand) -> int:
        return hand.trump

    def draws_trump(self, hand, seat) -> bool:
        return (seat & 1) == (hand.chooser & 1)

    def choose_other(self, hand, seat: int) -> int:
        legal = hand.fast_legal()
        scores = {a: self.contract_score(hand.hand[seat], a) for a in legal if a != A.PUSH}
        best = max(scores, key=scores.get)
        if A.PUSH in legal and scores[best] < PUSH_BELOW:
            return A.PUSH
        return best

    def likelihood(self, world, obs) -> float:
        """How well a push and the contract chosen fit the choosers' cards in ``world``: a
        contract scoring d points (``contract_score``) below the hand's best, or a push from a
        hand whose best is d points above ``PUSH_BELOW``, fits with the chance exp(-d / FIT_POINTS)."""
        p = 1.0
        for seat, a, _ in obs.actions:
            if a is None or A.is_play(a):  # the first card played
                break
            if seat == obs.seat:
                continue
            h = mask_of(world.dealt[seat])
            scores = {a: self.contract_score(h, a) for a in CONTRACTS}
            best = max(scores.values())
            miss = max(0.0, best - PUSH_BELOW) if a == A.PUSH else best - scores[a]
            p *= math.exp(-miss / FIT_POINTS)
        return p

    @staticmethod
    def contract_score(h: int, action: int) -> float:
        """How good a contract is for this hand (rough points the hand brings)."""
        t = A.trump_suit_of(action)
        if t is not None:
            trumps = h & SUIT_MASKS[t]
            n = trumps.bit_count()
            v = 25 * (trumps >> (t << 4 | UNDER) & 1) + 18 * (trumps >> (t << 4 | NELL) & 1)
            v += 10 * (trumps >> (t << 4 | 12) & 1) + 7 * n
            v += sum(8 for s in range(4) if s != t and h >> (s << 4 | 12) & 1)
            return v
        k = 4 if action == A.OBENABE else 5
        keys, pts = KEYS[k], POINTS[k]
        v = 0.0
        for s in range(4):
            suit = sorted(cards_in(h & SUIT_MASKS[s]), key=lambda c: -keys[s][c])
            # cards from the top of the order down, as long as they run unbroken
            order = sorted(range(4, 13), key=lambda r: -keys[s][s << 4 | r])
            for c, r in zip(suit, order):
                if c & 15 != r:
                    break
                v += 12 + pts[c] / 2
        return v
