"""What the search needs to know of a family of games, found from the engine class.

``family_of(cls)`` gives an object with
- ``order(hand)``: per suit, its cards from the highest trick power down (None: not known, so
  no cards are merged);
- ``points(hand)``: card points per card code (64 entries), or None when cards carry none;
- ``alive(hand)``: the cards still to be played (in hands, the running trick, face down);
- ``merge(hand, legal)``: ``legal`` with the higher cards of each run of equal cards left
  out (a new list);
- ``lead(hand, side)``: the side's standing part-way through the hand, on the scale of
  ``outcome.utility`` (the double-dummy search's value at its horizon).

A game the AI does not know gets ``Family``: nothing merged, the lead counted as zero until the
hand ends, so the search plays it correctly, only less deep.
"""

from __future__ import annotations

import math

from ..engine import GAMES
from ..engine.cards import SUIT_MASKS, cards_in
from ..engine.game400 import Hand400
from ..engine.hidden_trump import CARD_POWER, HiddenTrumpHand
from ..engine.schieber import KEYS, POINTS, HandSchieber
from .outcome import utility


class Family:
    """Any trick-taking game on the engine's interface."""

    def order(self, hand):
        return None

    def seen_order(self, obs):
        """``order`` as the seat of ``obs`` knows it."""
        return None

    def card_points(self, obs):
        """Card points per card code as the seat of ``obs`` knows them, or None."""
        return None

    def points(self, hand):
        return None

    def alive(self, hand) -> int:
        m = 0
        for h in hand.hand:
            m |= h
        for c in hand.trick:
            m |= 1 << c
        return m

    def merge(self, hand, legal) -> list[int]:
        out = list(legal)
        if len(out) < 2:
            return out
        order = self.order(hand)
        if order is None:
            return out
        moves = set(out)
        points = self.points(hand)
        alive = self.alive(hand)
        drop = set()
        for suit in {a >> 4 for a in out if a < 64}:
            above = -1  # the last card of the suit going down, if it is a move
            for c in order[suit]:
                if not alive >> c & 1:
                    continue
                if c in moves:
                    if above >= 0 and (points is None or points[c] == points[above]):
                        drop.add(above)
                    above = c
                else:
                    above = -1
        return [a for a in out if a not in drop] if drop else out

    def lead(self, hand, side: int) -> float:
        return 0.0

    def scale(self, cls) -> float:
        """What a whole hand is worth in the figure's points (for what counts as a tie)."""
        return 1.0


class HiddenTrumpFamily(Family):
    """304 and 28: fixed trick power (J 9 A 10 K Q 8 7), card points, a face-down indicator."""

    ORDER = tuple(tuple(sorted((s << 4 | r for r in range(5, 13)), key=lambda c: -CARD_POWER[c]))
                  for s in range(4))

    def order(self, hand):
        return self.ORDER

    def seen_order(self, obs):
        return self.ORDER

    def points(self, hand):
        return hand.CARD_POINTS

    def card_points(self, obs):
        return GAMES[obs.game].CARD_POINTS

    def scale(self, cls) -> float:
        return float(sum(cls.CARD_POINTS))

    def alive(self, hand) -> int:
        m = super().alive(hand)
        if hand.indicator >= 0 and not hand.revealed:
            m |= 1 << hand.indicator
        return m

    def lead(self, hand, side: int) -> float:
        """The points taken so far, and half of each suit's points still out to the side
        holding its best card (control of a suit brings its points home)."""
        taken = hand.taken
        lead = float(taken[side] - taken[1 - side])
        return lead + MASTER_SHARE * master_lead(self, hand, side)


def master_lead(family, hand, side: int) -> float:
    """Per suit, the points still in hands, counted for the side holding the suit's best card."""
    points = family.points(hand)
    held = list(hand.hand)
    indicator = getattr(hand, "indicator", -1)
    if indicator >= 0 and not hand.revealed:
        held[hand.bidder] |= 1 << indicator
    lead = 0.0
    for suit, cards in enumerate(family.order(hand)):
        top, total = -1, 0
        for c in cards:
            for s in range(4):
                if held[s] >> c & 1:
                    if top < 0:
                        top = s
                    total += points[c]
        if top >= 0:
            lead += total if (top & 1) == side else -total
    return lead


MASTER_SHARE = 0.5


class TricksBidFamily(Family):
    """400: fixed rank order, no card points; each seat must take the tricks it bid."""

    ORDER = tuple(tuple(s << 4 | r for r in range(12, -1, -1)) for s in range(4))

    def order(self, hand):
        return self.ORDER

    def seen_order(self, obs):
        return self.ORDER

    def scale(self, cls) -> float:
        return 60.0  # the biggest bid's worth

    def lead(self, hand, side: int) -> float:
        """Each seat's bid value, counted by the chance it still makes it (made: sure)."""
        left = 13 - len(hand.tricks)
        worth = figures_if_made(hand)
        total = 0.0
        for s in range(4):
            need = hand.bids[s] - hand.won[s]
            # a seat takes about a quarter of the tricks left; a logistic around that
            p = 1.0 if need <= 0 else 0.0 if need > left else 1 / (1 + math.exp(-1.5 * (left / 4 + 0.5 - need)))
            total += worth[s] * (2 * p - 1) * (1 if (s & 1) == side else -1)
        return total


def figures_if_made(hand) -> list[float]:
    """400: what each seat's bid is worth when made."""
    from ..engine.game400 import MAX_BID, bid_value
    return [60 if hand.bids[s] == MAX_BID else bid_value(hand.bids[s], hand.score_before[s], hand.options)
            for s in range(4)]


class JassFamily(Family):
    """Schieber: trick power set by the contract, card points by it too, points counted live."""

    def __init__(self):
        self._orders: dict = {}

    def order(self, hand):
        return None if hand.keys is None else self._order(hand.keys, hand.DECK)

    def _order(self, keys, deck):
        got = self._orders.get(id(keys))
        if got is None:
            got = tuple(tuple(sorted(cards_in(deck.mask & SUIT_MASKS[s]), key=lambda c, s=s: -keys[s][c]))
                        for s in range(4))
            self._orders[id(keys)] = got
        return got

    @staticmethod
    def _contract(obs) -> int:
        mode = obs.public.get("contract")
        return -1 if mode is None else obs.public["trump"] if mode == "trump" else 4 if mode == "obenabe" else 5

    def seen_order(self, obs):
        k = self._contract(obs)
        return None if k < 0 else self._order(KEYS[k], GAMES[obs.game].DECK)

    def points(self, hand):
        return hand.pts

    def scale(self, cls) -> float:
        return 157.0

    def card_points(self, obs):
        k = self._contract(obs)
        return None if k < 0 else POINTS[k]

    def lead(self, hand, side: int) -> float:
        return utility(hand, side)


FAMILIES = ((HiddenTrumpHand, HiddenTrumpFamily()), (Hand400, TricksBidFamily()), (HandSchieber, JassFamily()))
ANY_GAME = Family()


def family_of(cls) -> Family:
    for base, family in FAMILIES:
        if issubclass(cls, base):
            return family
    return ANY_GAME


__all__ = ["ANY_GAME", "Family", "family_of"]
