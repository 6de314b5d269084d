"""What an observation tells about the cards a seat cannot see, game by game.

``read(obs, cls)`` walks the typed log ``obs.actions`` once and returns an object with
- ``pool``: the cards the seat has not seen (the ones to sample),
- ``plan(rng)``: the slot groups ``[(count, allowed mask)]`` and a ``build(cards, rng)``
  that turns the sampled cards into ``dealt`` (per seat, in dealing order) and the list of
  hidden cards in the order the log shows them (``HIDDEN`` entries),
- ``agrees(hand)``: a cheap last check of a rebuilt hand.

Facts used: own cards in dealing order; cards played face up and by whom; voids shown by
not following suit (the 304/28 trumper's face-down indicator does not count for following;
a 304 face-down card is an unknown card of the led suit's void, and one still face down
after its trick is not a trump); a 28 call (made only without the led suit) answered
without a trump; the indicator lies in the trumper's first four cards (a 304 second-auction
winner's: any of eight); the 304 redeal choice (forehand's first packet is worth < 15
exactly when the log has one); for a seat that has not seen it, the hidden trump suit
itself, sampled first.  400's no-face-card
redeal asks every seat: a 'keep' tells nothing, a 'redeal' (which ends the hand) that the seat
holds no ace, king, queen or jack.

What differs between games is asked of the AI's profile of the game (``family``), never of its
name: whether it hides a trump indicator, plays face down, which cards a redeal shows
missing, how a trump contract changes following suit, and Schieber's Weis and first hand.
"""

from __future__ import annotations

import random

from ..engine import actions as A
from ..engine.cards import SUIT_MASKS, cards_in, mask_of
from ..engine.log import INDICATOR
from ..engine.weis import RUN, has_weis
from .deal import hall_ok
from .family import family_of


def first_hand(obs) -> bool:
    """The first hand of a match, played by its game's FIRST_HAND_RULE (Schieber: the holder of
    the Rosen 7 is forehand)."""
    return obs.first_hand


def read(obs, cls):
    """What ``obs`` tells about the unseen cards of a hand of the game ``cls``."""
    profile = family_of(cls)
    if profile.hidden_trump:
        return HiddenTrump(obs, cls, profile)
    return OpenPlay(obs, cls, profile)


def _weighted_choice(weights: dict, rng: random.Random):
    total = sum(weights.values())
    x = rng.random() * total
    for key, w in weights.items():
        x -= w
        if x < 0:
            return key
    return key


class HiddenTrump:
    """304 and Twenty-Eight: a trump indicator laid face down (``family.hidden_trump``)."""

    def __init__(self, obs, cls, profile):
        self.obs, self.cls = obs, cls
        # the rule of 304's redeal: forehand's first packet is worth less than this (0: none)
        self.redeal_under = getattr(cls, "REDEAL_UNDER", 0) if obs.options.get("redeal_under_15") else 0
        face_down = profile.face_down  # cards that do not follow go face down while trump is hidden
        me = obs.seat
        pub = obs.facts
        self.me = me
        self.bidder = pub.bidder if pub.bidder is not None else -1
        self.trump = pub.trump if pub.trump is not None else -1  # -1: not known to me
        self.revealed_now = pub.revealed
        self.second = len(obs.received) == cls.CARDS_EACH
        self.forehand = (obs.dealer + 1) % 4
        self.points = cls.CARD_POINTS
        indicator_now = pub.indicator  # mine, while hidden
        known = mask_of(obs.received)
        self.played_up = [0, 0, 0, 0]   # cards each seat played face up (as I see them)
        self.events: list[tuple] = []   # voids: (seat, suit, log index)
        self.slots: list[list] = []     # my unknown face-down cards: [seat, led, index, complete]
        self.indicators: list[tuple] = []  # (seat, card or None, log index)
        self.not_trump = 0              # bit per suit that cannot be the hidden trump
        self.hidden_order: list = []    # per '??' in the log: ("slot", k) or ("indicator", k)
        self.under15 = any(a == A.KEEP or a == A.REDEAL for _, a, _ in obs.actions)
        open_trump = obs.options.get("open_trump", False)
        trick: list = []
        led = -1
        revealed = False
        caller = -1
        for i, (s, a, flags) in enumerate(obs.actions):
            if flags & INDICATOR:
                card = None if a is None else A.card_of(a)
                if card is None:
                    self.hidden_order.append(("indicator", len(self.indicators)))
                else:
                    known |= 1 << card
                self.indicators.append((s, card, i))
                revealed = open_trump
            elif a == A.REVEAL:
                revealed = True
            elif a == A.CALL:
                revealed, caller = True, s
                self.events.append((s, led, i))  # one calls only without the led suit
            elif a is None or A.is_play(a):  # a card played (None: face down, unseen)
                card = a
                if card is None:
                    self.hidden_order.append(("slot", len(self.slots)))
                    self.slots.append([s, led, i, False])
                    self.events.append((s, led, i))
                else:
                    known |= 1 << card
                    self.played_up[s] |= 1 << card
                    is_indicator = s == self.bidder and not revealed and card == self._indicator_card(indicator_now)
                    if is_indicator:
                        revealed = True  # the indicator as the last card
                    elif trick and card >> 4 != led:
                        self.events.append((s, led, i))
                        if caller == s and card >> 4 != self.trump:
                            self.events.append((s, self.trump, i))  # called, had no trump
                    if not trick:
                        led = card >> 4
                trick.append((s, card, revealed))
                if s == caller:
                    caller = -1
                if len(trick) == 4:
                    if (not revealed and face_down and self.revealed_now
                            and any(c is not None and c >> 4 == self.trump and c >> 4 != led
                                    for _, c, _ in trick[1:])):
                        revealed = True  # a face-down cut turned trump up
                    if not revealed and face_down:  # face-down cards I saw, still face down: not trumps
                        for _, c, _ in trick[1:]:
                            if c is not None and c >> 4 != led:
                                self.not_trump |= 1 << (c >> 4)
                    for slot in self.slots:
                        slot[3] = True
                    trick = []
        self.known = known
        self.pool = cls.DECK.mask & ~known
        self._plans = None

    def _indicator_card(self, mine):
        """The current indicator if I know it (mine, or revealed), else None."""
        if mine is not None:
            return mine
        if self.indicators and self.indicators[-1][1] is not None:
            return self.indicators[-1][1]
        return None

    # ---- sampling ----------------------------------------------------------------------------
    def _voids(self, seat: int, before: int = 1 << 30) -> int:
        m = 0
        for s, suit, i in self.events:
            if s == seat and i < before:
                m |= SUIT_MASKS[suit]
        return m

    def plan(self, rng: random.Random):
        if self._plans is None:
            self._plans = self._make_plans()
        if not self._plans:
            return None
        groups, owners = _weighted_choice(self._plans, rng)
        return groups, lambda cards, rng: self._build(owners, cards, rng)

    def _make_plans(self) -> dict:
        """Slot groups per possible trump suit, weighted by how likely the trumper chose it."""
        ind_seat, ind_card = self.indicators[-1][:2] if self.indicators else (-1, None)
        if ind_seat < 0 or ind_card is not None or self.trump >= 0:
            return {self._groups(self.trump): 1}
        plans = {}
        for t in range(4):
            if self.not_trump >> t & 1:
                continue
            groups = self._groups(t)
            if hall_ok(groups[0], self.pool):
                likely = (self.pool & ~self._voids(ind_seat) & SUIT_MASKS[t]).bit_count()
                plans[groups] = (1 + likely) ** 2
        return plans

    def _groups(self, trump: int) -> tuple:
        """(groups, owners): each group (count, allowed mask) and what it is."""
        obs, me, pool = self.obs, self.me, self.pool
        ind_seat, ind_card = self.indicators[-1][:2] if self.indicators else (-1, None)
        hidden_ind = ind_seat >= 0 and ind_card is None  # an indicator I have not seen
        groups: list[tuple] = []
        owners: list[tuple] = []  # ("hand"|"second"|"slot"|"indicator", seat or slot number)
        ind_in_hand = ind_card is not None and ind_seat != me and not self.played_up[ind_seat] >> ind_card & 1
        for s in range(4):
            if s == me:
                if not self.second:
                    groups.append((4, pool))
                    owners.append(("second", s))
                continue
            n = obs.hand_sizes[s]
            if s == ind_seat and (hidden_ind or ind_in_hand) and self.second:
                n -= 1  # the indicator is counted in the hand size: a slot of its own, or known
            allowed = pool & ~self._voids(s)
            if s == self.forehand and self.under15 and not self.second:
                allowed &= ~self._rank_mask((7, 9))  # a packet under 15 has no jack and no nine
            groups.append((n, allowed))
            owners.append(("hand", s))
            if not self.second:
                groups.append((4, pool))
                owners.append(("second", s))
        for k, (s, led, i, complete) in enumerate(self.slots):
            allowed = pool & ~self._voids(s, i) & ~SUIT_MASKS[led]
            if complete and trump >= 0:
                allowed &= ~SUIT_MASKS[trump]
            groups.append((1, allowed))
            owners.append(("slot", k))
        if hidden_ind:
            groups.append((1, pool & SUIT_MASKS[trump]))
            owners.append(("indicator", ind_seat))
        return tuple(groups), tuple(owners)

    @staticmethod
    def _rank_mask(ranks) -> int:
        return sum(1 << (s << 4 | r) for s in range(4) for r in ranks)

    def _build(self, owners, cards, rng):
        me = self.me
        held = [[] for _ in range(4)]   # every card each seat was dealt, unordered
        second = [[] for _ in range(4)]  # second packets not dealt yet
        slot_cards, ind_card = [None] * len(self.slots), None
        for (kind, k), got in zip(owners, cards):
            if kind == "hand":
                held[k] += got
            elif kind == "second":
                second[k] = got
            elif kind == "slot":
                slot_cards[k] = got[0]
                held[self.slots[k][0]].append(got[0])
            else:
                ind_card = got[0]
                held[k].append(got[0])
        for s in range(4):
            if s != me:
                held[s] += cards_in(self.played_up[s])
        ind_seat, known_ind = self.indicators[-1][:2] if self.indicators else (-1, None)
        if known_ind is not None and ind_seat != me and not self.played_up[ind_seat] >> known_ind & 1:
            held[ind_seat].append(known_ind)
        current = ind_card if ind_card is not None else known_ind
        in_first_packet = len(self.indicators) == 1  # a second-auction indicator may be any card
        dealt = []
        for s in range(4):
            if s == me:
                dealt.append(list(self.obs.received) + second[s])
                continue
            if not self.second:
                first = held[s]
            else:
                first = self._first_packet(s, held[s], current if s == ind_seat and in_first_packet else None, rng)
                if first is None:
                    return None, None
            rest = [c for c in held[s] if c not in first]  # (the order in a packet is no matter)
            dealt.append(list(first) + rest + second[s])
        if not self.second and self._forehand_packet_wrong(dealt):
            return None, None
        hidden = []
        for kind, k in self.hidden_order:
            if kind == "slot":
                hidden.append(slot_cards[k])
            elif k == len(self.indicators) - 1:
                hidden.append(current)
            else:  # a superseded first-auction indicator: another card of that seat's first packet
                hidden.append(next(c for c in dealt[self.indicators[k][0]][:4] if c != current))
        return dealt, hidden

    def _first_packet(self, seat, cards, must, rng, tries: int = 30):
        rest = [c for c in cards if c != must]
        size = len(rest)
        drawn = min(size, 3 if must is not None else 4)
        rnd = rng.random
        for _ in range(tries):
            for i in range(drawn):  # the first steps of a Fisher-Yates shuffle
                j = i + int(rnd() * (size - i))
                rest[i], rest[j] = rest[j], rest[i]
            first = ([must] + rest[:3]) if must is not None else rest[:4]
            if seat != self.forehand or not self.redeal_under:
                return first
            if (sum(self.points[c] for c in first) < self.redeal_under) == self.under15:
                return first
        return None

    def _forehand_packet_wrong(self, dealt) -> bool:
        if not self.redeal_under or self.forehand == self.me:
            return False
        return (sum(self.points[c] for c in dealt[self.forehand][:4]) < self.redeal_under) != self.under15

    def agrees(self, hand) -> bool:
        return hand.turn == self.obs.turn and hand.phase == self.obs.phase


class OpenPlay:
    """400 and Schieber: every card is played face up; voids and the rules of following tell."""

    def __init__(self, obs, cls, profile):
        self.obs, self.cls, self.profile = obs, cls, profile
        deck = cls.DECK
        self.me = obs.seat
        known = mask_of(obs.received)
        self.played = [0, 0, 0, 0]
        self.voids = [0, 0, 0, 0]
        self.pinned = [0, 0, 0, 0]  # cards shown (Schieber Weis) that are still in a hand
        self.no_more_weis = [None] * 4  # Schieber: known cards of a seat that has no (more) Weis
        self.given = [0, 0, 0, 0]     # cards a seat gave to another (a game that passes cards, face up)
        self.got = [0, 0, 0, 0]       # cards a seat was given
        trump = obs.facts.trump
        trump = -1 if trump is None else trump
        void_shown = profile.void_shown
        trick: list = []
        for s, card, _ in obs.actions:
            if card == A.REDEAL:
                self.voids[s] |= profile.redeal_shows_none  # 'keep' says nothing: every seat is asked
            if card is None or not A.is_play(card):
                if card is not None:
                    info = A.describe(card)
                    if info.kind is A.Kind.GIVE:  # dealt to ``s``, held by ``info.to`` until played
                        known |= 1 << info.card
                        self.given[s] |= 1 << info.card
                        self.got[info.to] |= 1 << info.card
                continue
            known |= 1 << card
            self.played[s] |= 1 << card
            if trick:
                led = trick[0] >> 4
                if card >> 4 != led:
                    self.voids[s] |= void_shown(led, card, trump)
            trick.append(card)
            if len(trick) == 4:
                trick = []
        if profile.weis:
            for s, shown in enumerate(obs.facts.weis):
                for w in shown:
                    for c in w.cards:
                        if not known >> c & 1:
                            self.pinned[s] |= 1 << c
                            known |= 1 << c
                for w in shown:  # a seat's Weis are all shown: the cards next to a run are elsewhere
                    if w.kind == RUN:
                        ends = (w.cards[0] - 1, w.cards[-1] + 1)
                        self.voids[s] |= sum(1 << c for c in ends if c >> 4 == w.cards[0] >> 4)
            if obs.tricks:  # the Weis are counted: the scoring side's are all shown, and
                scored = obs.facts.weis_points  # when nobody scored, nobody has any
                for s in range(4):
                    shown = obs.facts.weis[s]
                    if scored[s & 1] or not any(scored):
                        in_weis = mask_of(c for w in shown for c in w.cards)
                        self.no_more_weis[s] = (self.played[s] | self.pinned[s]) & ~in_weis
        for s in range(4):  # a card given and not played yet is known to be in its new hand
            self.pinned[s] |= self.got[s] & ~self.played[s]
        lead_card = profile.first_hand_card  # its holder leads a match's first hand
        if first_hand(obs) and lead_card is not None and not known >> lead_card & 1:
            self.pinned[obs.forehand] |= 1 << lead_card
            known |= 1 << lead_card
        self.pool = deck.mask & ~known

    def plan(self, rng):
        groups, seats = [], []
        for s in range(4):
            if s != self.me:
                n = self.obs.hand_sizes[s] - self.pinned[s].bit_count()
                group = (n, self.pool & ~self.voids[s])
                base = self.no_more_weis[s]
                if base is not None:  # Schieber: no Weis beyond those shown
                    group += (lambda c, got, base=base: not has_weis(base | 1 << c | mask_of(got)),)
                groups.append(group)
                seats.append(s)
        return groups, lambda cards, rng: self._build(seats, cards, rng)

    def _build(self, seats, cards, rng):
        dealt = [list(self.obs.received) if s == self.me else None for s in range(4)]
        for s, got in zip(seats, cards):  # all cards are dealt before anyone acts: order is no matter
            dealt[s] = got + cards_in((self.played[s] | self.pinned[s] | self.given[s]) & ~self.got[s])
        return dealt, []

    def agrees(self, hand) -> bool:
        if hand.turn != self.obs.turn:
            return False
        if self.profile.public_from_cards:
            return hand.public_facts(self.me) == self.obs.public
        return True
