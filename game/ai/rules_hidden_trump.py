"""The rule-based player of 304 and Twenty-Eight: every decision, fast, on bit masks.

It is the baseline level and the roll-out policy of the search player.  It acts
on an engine hand (a sampled world in search) but each seat reads only what
that seat may know: its own cards, the auction, cards played face up, the
trump once it may know it (the trumper at once, everyone after the reveal),
its own face-down cards; never another seat's cards or face-down cards.

Bids and the trump suit come from the opening table (``opening``): the side's points as
trumper with these four cards, played out over sampled deals; a seat bids up to a quantile
of them (the game's ``risk``), higher when its partner calls or the match is in danger, lower over
the other side's bid (``compete_risk``).  In 304's optional second auction on eight cards
a seat bids when a fitted estimate of its side's points (``EIGHT_CARD_FIT``) clears the bid.

Engine attributes read (public facts, or guarded by seat): ``phase turn hand[seat]
dealt[seat] trick trick_flags leader tricks revealed bidder bid trump indicator
second_packet round_bidder high_bid min_bid BID_LADDER partner_calls score_before options``;
moves come from ``fast_legal()`` (the engine's fast path for search and playouts).
"""

from __future__ import annotations

import math

from ..engine import actions as A
from ..engine.cards import SUIT_MASKS, cards_in
from ..engine.hidden_trump import CARD_POWER
from ..engine.log import INDICATOR
from .opening import Stats, best_trump
from ..engine import phases as P

JACK, NINE = 9, 7  # rank slots
POWER_RANKS = (9, 7, 12, 8, 11, 10, 6, 5)  # rank slots from the highest trick power down: J 9 A 10 K Q 8 7
BY_POWER = [[s << 4 | r for r in POWER_RANKS] for s in range(4)]  # the same cards, per suit
# Bids go up to a quantile of the side's points as trumper (the opening table's figures), the
# game's ``risk`` (``family``), tuned on rules-vs-rules duplicate deals for match score: in 28 a
# made and a failed bid move one game point each, in 304 a failure costs a token more than a
# success brings.  Over the other side's bid the table flatters a hand (their bid says the
# points lie with them): a seat then bids only to the game's ``compete_risk``.
# 304's second auction on eight cards (option ``auction_8``, bids from 250): the side's points
# as trumper, a linear fit to rules-vs-rules play-outs (4,000 deals, each seat in turn made to
# win it at 250; residual spread 46 points).  Terms: constant, per trump, per card point held,
# per trump point, trump jack, trump nine, per side-suit jack, our side holds the first contract.
EIGHT_CARD_FIT = (52, 23, 0.16, 0.28, 19, 7, 17, 16)
EIGHT_CARD_MARGIN = {250: 0, 260: 10}  # the estimate must pass the bid by this (above 260: 20)
OVER_OWN_SIDE = 20  # more margin when our side holds the first contract (it would score anyway)


def quantile(stats: Stats, q: float) -> float:
    """The ``q`` quantile of the table's figures, linear between the stored 10 / 25 / 50 %;
    below 10 % the 10 % point, above 50 % mirrored (the spread is about symmetric)."""
    if q <= 0.10:
        return stats.q10
    if q <= 0.25:
        return stats.q10 + (stats.q25 - stats.q10) * (q - 0.10) / 0.15
    if q <= 0.75:
        return stats.q25 + (stats.q50 - stats.q25) * (q - 0.25) / 0.25
    return 2 * stats.q50 - stats.q25


class HiddenTrumpRules:
    """Conventions: win cheaply, smear points on a partner who wins, draw trumps with the
    master trump, cash masters, discard low, cut only tricks worth it."""

    def __init__(self, cls, profile, open_risk: float | None = None):
        """``profile``: the game's tuning (``family.HiddenTrumpFamily``); ``open_risk``: the
        quantile to open to, when bolder than the profile's ``risk`` (a search level that makes
        more of its contracts)."""
        self.game = cls.GAME  # the opening table's key
        self.profile = profile
        self.risk = profile.risk
        self.open_risk = profile.risk if open_risk is None else open_risk
        self.points = cls.CARD_POINTS
        self.scale = profile.unit  # 304 counts in tens where 28 counts in ones
        self.face_down = profile.face_down

    # ---- what a seat may know ----------------------------------------------------------------
    @staticmethod
    def known_trump(hand, seat: int) -> int:
        return hand.trump if hand.trump >= 0 and (seat == hand.bidder or hand.revealed) else -1

    def unseen(self, hand, seat: int) -> int:
        """Cards not in ``seat``'s hand that it has not seen played: the others' and the unknown."""
        h = hand.hand
        out = h[0] | h[1] | h[2] | h[3]
        if hand.indicator >= 0 and not hand.revealed and seat != hand.bidder:
            out |= 1 << hand.indicator
        if self.face_down:
            out |= self._face_down_unseen(hand, seat)
        return out & ~h[seat]

    @staticmethod
    def _face_down_unseen(hand, seat: int) -> int:
        m = 0
        for t in hand.tricks:
            if t.face_down and seat != hand.bidder:
                for i, down in enumerate(t.face_down):
                    if down and (t.leader + i) & 3 != seat:
                        m |= 1 << t.cards[i]
        for i, down in enumerate(hand.trick_flags):
            if down and (hand.leader + i) & 3 != seat:
                m |= 1 << hand.trick[i]
        return m

    # ---- the decision ------------------------------------------------------------------------------
    def act(self, hand, rng=None) -> int:
        phase = hand.phase
        if phase == P.PLAY:
            return self.play(hand, hand.turn)
        if phase == P.AUCTION:
            return self.bid(hand, hand.turn)
        if phase == P.INDICATOR:
            return A.indicator(self.indicator(hand, hand.turn))
        if phase == P.REDEAL:
            return A.REDEAL if self.packet_strength(hand.hand[hand.turn])[0] < 3 else A.KEEP
        if phase == P.CAPS:
            return A.CAPS if self.sure_of_all_tricks(hand, hand.turn) else A.PASS
        return self.double(hand, hand.turn)

    def double(self, hand, seat: int) -> int:
        """28 double: a defender holding two jacks against a bid of 20 or more doubles;
        the bidder redoubles with the top three trumps."""
        mine = hand.hand[seat]
        if A.DOUBLE in hand.fast_legal():
            jacks = sum(mine >> (s << 4 | JACK) & 1 for s in range(4))
            return A.DOUBLE if jacks >= 2 and hand.bid >= 20 else A.PASS
        top3 = BY_POWER[hand.trump][:3]
        held = mine | 1 << hand.indicator
        return A.REDOUBLE if all(held >> c & 1 for c in top3) else A.PASS

    @staticmethod
    def sure_of_all_tricks(hand, seat: int) -> bool:
        """304 caps: every card held runs down unbroken from the top of its suit, with at
        least four trumps (so nobody can win a trick from us)."""
        held = hand.hand[seat] | 1 << hand.indicator
        if (held & SUIT_MASKS[hand.trump]).bit_count() < 4:
            return False
        for s in range(4):
            n = (held & SUIT_MASKS[s]).bit_count()
            if n and not all(held >> c & 1 for c in BY_POWER[s][:n]):
                return False
        return True

    # ---- auction -------------------------------------------------------------------------------
    def packet_strength(self, cards: int) -> tuple[int, int, Stats | None]:
        """(trump length, suit, the opening table's figures) for the best suit of ``cards``:
        four cards are rated by the table, more (a 304 second auction) by length and points."""
        if cards.bit_count() == 4:
            suit, stats = best_trump(self.game, cards)
            return (cards & SUIT_MASKS[suit]).bit_count(), suit, stats
        pts = self.points
        best = None
        for s in range(4):
            mine = cards & SUIT_MASKS[s]
            n = mine.bit_count()
            if n:
                key = (n * 10 + sum(pts[c] for c in cards_in(mine)) // self.scale, s)
                if best is None or key > best[0]:
                    best = (key, s, n)
        _, suit, n = best
        return n, suit, None

    def limit(self, cards: int, risk: float | None = None) -> float:
        """The highest bid the first four ``cards`` carry: the ``risk`` quantile of the side's
        points as trumper (0.25: a bid at the limit is made about three times in four)."""
        return quantile(self.packet_strength(cards)[2], self.risk if risk is None else risk)

    def max_bid(self, hand, seat: int) -> float:
        cards = hand.hand[seat] if not hand.second_packet else sum(1 << c for c in hand.dealt[seat][:4])
        risk = self.base_risk(seat, hand.round_bidder)
        pc = getattr(hand, "partner_calls", ())
        if (seat ^ 2) in pc:
            risk += 0.15  # partner asked us to carry the bidding
        if self._match_danger(hand, seat):
            risk += 0.15
        return self.limit(cards, risk)

    def base_risk(self, seat: int, high_bidder: int, opening: float | None = None) -> float:
        """The quantile a seat bids to, lower when the other side holds the high bid."""
        if high_bidder >= 0 and (high_bidder ^ seat) & 1:
            return self.profile.compete_risk
        return self.open_risk if opening is None else opening

    def _match_danger(self, hand, seat: int) -> bool:
        """The other side is close to winning the match: take more risk."""
        score, side = hand.score_before, seat & 1
        if self.profile.tokens:
            return score[side] <= 2
        return score[1 - side] >= hand.options["target"] - 1

    def bid(self, hand, seat: int) -> int:
        legal = hand.fast_legal()
        bids = [a for a in legal if A.is_bid(a)]
        can_call = A.PASS_PARTNER in legal
        if hand.min_bid > hand.BID_LADDER[0]:  # 304 second auction, on eight cards
            return self._bid_on_eight(hand, seat, bids)
        limit = self.max_bid(hand, seat)
        partner_high = hand.round_bidder == (seat ^ 2)
        if partner_high:
            limit -= 3 * self.scale  # outbid a partner only when much stronger
        if bids and A.bid_value(bids[0]) <= limit:
            return bids[0]
        if can_call and not partner_high and limit >= hand.BID_LADDER[0] - 3 * self.scale:
            return A.PASS_PARTNER
        return A.PASS

    def eight_card_estimate(self, cards: int, ours: bool) -> float:
        """The side's points if the holder of eight ``cards`` won the auction on them, ``ours``
        when its side holds the first contract (``EIGHT_CARD_FIT``)."""
        n, suit, _ = self.packet_strength(cards)
        pts = self.points
        trumps = cards & SUIT_MASKS[suit]
        side_jacks = sum(cards >> (s << 4 | JACK) & 1 for s in range(4) if s != suit)
        c0, per_trump, per_point, per_trump_point, jack, nine, per_side_jack, own = EIGHT_CARD_FIT
        return (c0 + per_trump * n + per_point * sum(pts[c] for c in cards_in(cards))
                + per_trump_point * sum(pts[c] for c in cards_in(trumps))
                + jack * (trumps >> (suit << 4 | JACK) & 1) + nine * (trumps >> (suit << 4 | NINE) & 1)
                + per_side_jack * side_jacks + own * ours)

    def _bid_on_eight(self, hand, seat: int, bids: list[int]) -> int:
        """Bid the lowest bid when the estimate passes it by the margin (250 then makes about
        two times in three, worth it at 3 tokens won against 4 lost); never over a partner."""
        if not bids or hand.round_bidder == (seat ^ 2):
            return A.PASS
        bid = A.bid_value(bids[0])
        ours = (hand.bidder ^ seat) & 1 == 0
        cards = hand.hand[seat] | (1 << hand.indicator if seat == hand.bidder else 0)
        margin = EIGHT_CARD_MARGIN.get(bid, 20) + (OVER_OWN_SIDE if ours else 0)
        return bids[0] if self.eight_card_estimate(cards, ours) >= bid + margin else A.PASS

    def likelihood(self, world, obs) -> float:
        """How well the auction and trump choice in ``obs.actions`` fit the first packets of
        ``world`` for the other seats (the rules as a model of how people bid), in (0, 1]."""
        pts_scale = 2.5 * self.scale
        p = 1.0
        high, high_bidder, first = 0, -1, world.BID_LADDER[0]
        for seat, a, flags in obs.actions:
            if flags & INDICATOR:
                if seat != obs.seat:
                    _, suit, _ = self.packet_strength(sum(1 << c for c in world.dealt[seat][:4]))
                    p *= 1.0 if suit == world.trump else 0.4
                break
            if seat == obs.seat or a == A.REDEAL or a == A.KEEP:
                continue
            packet = sum(1 << c for c in world.dealt[seat][:4])
            limit = self.limit(packet, self.base_risk(seat, high_bidder, self.risk))
            if A.is_bid(a):
                b = A.bid_value(a)
                p *= 1 / (1 + math.exp((b - limit - self.scale) / pts_scale))
                high, high_bidder = b, seat
            else:
                floor = max(high + 1, first)
                p *= 1 / (1 + math.exp((limit - floor) / pts_scale))
        return p

    def indicator(self, hand, seat: int) -> int:
        """The lowest card of the best suit goes face down."""
        cards = hand.hand[seat]  # the first packet (in a 304 second auction: all eight)
        _, suit, _ = self.packet_strength(cards)
        for c in reversed(BY_POWER[suit]):
            if cards >> c & 1:
                return c
        raise AssertionError("no card of the chosen suit")

    # ---- card play -----------------------------------------------------------------------------------
    def play(self, hand, seat: int) -> int:
        legal = hand.fast_legal()
        if A.CALL in legal:
            return self._call_or_discard(hand, seat, legal)
        cards = [a for a in legal if a not in A.WORDS]  # in the play: the cards, besides Trump! or Reveal
        if len(cards) == 1:
            return cards[0]
        trump = self.known_trump(hand, seat)
        if not hand.trick:
            return self._lead(hand, seat, cards, trump)
        return self._follow(hand, seat, cards, trump)

    def _lead(self, hand, seat, cards, trump) -> int:
        pts = self.points
        unseen = self.unseen(hand, seat)
        mine = hand.hand[seat]
        if trump >= 0 and (seat & 1) == (hand.bidder & 1) and unseen & SUIT_MASKS[trump]:
            top = self._master(mine, unseen, trump)
            if top is not None and top in cards:
                return top  # draw trumps with the master trump
        masters = [c for c in cards if c >> 4 != trump and self._master(mine, unseen, c >> 4) == c]
        if masters:
            return max(masters, key=lambda c: (pts[c], CARD_POWER[c]))
        plain = [c for c in cards if c >> 4 != trump] or cards
        return min(plain, key=lambda c: (pts[c], -(mine & SUIT_MASKS[c >> 4]).bit_count(), CARD_POWER[c]))

    @staticmethod
    def _master(mine: int, unseen: int, suit: int):
        """My highest card of ``suit`` if no unseen card of that suit beats it, else None."""
        for c in BY_POWER[suit]:
            if mine >> c & 1:
                return c
            if unseen >> c & 1:
                return None
        return None

    def _trick_state(self, hand, seat):
        """(winning key, winning seat, visible points) of the trick as ``seat`` sees it."""
        trick, flags, leader = hand.trick, hand.trick_flags, hand.leader
        led = trick[0] >> 4
        pts = self.points
        best, who, total = -1, -1, 0
        face_down_game = self.face_down
        for i, c in enumerate(trick):
            owner = (leader + i) & 3
            if face_down_game and flags[i] and owner != seat:
                continue  # an unseen face-down card
            total += pts[c]
            if c >> 4 == led:
                k = 16 + CARD_POWER[c]
            elif c >> 4 == hand.trump and (flags[i] if not face_down_game else hand.revealed or owner == seat):
                k = 32 + CARD_POWER[c]
            else:
                k = -1
            if k > best:
                best, who = k, owner
        return best, who, total

    def _my_key(self, hand, seat, c, trump) -> int:
        led = hand.trick[0] >> 4
        if c >> 4 == led:
            return 16 + CARD_POWER[c]
        if trump >= 0 and c >> 4 == trump and (hand.revealed or self.face_down):
            return 32 + CARD_POWER[c]
        return -1

    def _follow(self, hand, seat, cards, trump) -> int:
        pts = self.points
        best, who, total = self._trick_state(hand, seat)
        last = len(hand.trick) == 3
        mine = hand.hand[seat]
        unseen = self.unseen(hand, seat)
        led = hand.trick[0] >> 4
        if who == seat ^ 2:
            partner_card = hand.trick[(who - hand.leader) & 3]
            safe = last or (best < 32 and self._master(1 << partner_card | mine & SUIT_MASKS[led],
                                                       unseen, led) == partner_card)
            if safe:
                plain = [c for c in cards if c >> 4 != trump] or cards
                return max(plain, key=lambda c: (pts[c], -CARD_POWER[c]))
        winners = [c for c in cards if self._my_key(hand, seat, c, trump) > best]
        if winners:
            cheapest = min(winners, key=lambda c: (c >> 4 == trump, pts[c] if last else 0, CARD_POWER[c]))
            if last:
                return cheapest if total + pts[cheapest] > 0 or cheapest >> 4 != trump else self._low(cards, trump)
            top = self._master(mine, unseen, led)
            if top in winners:
                return top
            ruff = cheapest >> 4 == trump and cheapest >> 4 != led
            if total >= 2 * self.scale or (ruff and total + pts[cheapest] >= self.scale):
                return cheapest
        return self._low(cards, trump)

    def _low(self, cards, trump) -> int:
        pts = self.points
        plain = [c for c in cards if c >> 4 != trump] or cards
        return min(plain, key=lambda c: (pts[c], CARD_POWER[c]))

    def _call_or_discard(self, hand, seat, legal) -> int:
        """28: cannot follow, trump hidden: ask for trump when the other side takes points."""
        best, who, total = self._trick_state(hand, seat)
        cards = [a for a in legal if a not in A.WORDS]  # in the play: the cards, besides Trump! or Reveal
        opponents_win = (who & 1) != (seat & 1)
        if opponents_win and total >= 2:
            if seat != hand.bidder:
                return A.CALL
            trumps = hand.hand[seat] & SUIT_MASKS[hand.trump] | 1 << hand.indicator
            if trumps:
                return A.CALL
        return self._low(cards, hand.trump if seat == hand.bidder else -1)
