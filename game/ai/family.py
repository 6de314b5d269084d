"""What the AI needs to know of a game, found from its engine class (never from its name).

``family_of(cls)`` gives the AI's profile of the game (``FAMILIES``: the first engine base class
``cls`` derives from), with the AI's tuning:
- ``score_weight``: what one unit of the match score is worth in the figure's points, in the
  search's utility (``outcome.utility``); ``light_score_weight``: the same for the levels that
  sample only tens of worlds a decision (``search.Level.light_score``), None: the same weight;
  ``auction_score_weight``: the other levels' weight for the decisions before the trick play
  (bids, trump), None: the same weight; ``match_weight(light, auction)`` picks one;
- ``table_auction``: the search levels take every decision before trick play from the rules;
- ``tie``: a difference in utility smaller than this reads as a tie (hints);
- ``round_to``: estimates of the figure are said to this step ("about 210");
- ``figure_is_score``: the figure (``outcome.figures``) is the score's change, not card points;
- ``rules(cls, open_risk)``: the rule-based player (the baseline level and roll-out policy);
- ``bid_made(end, seat, bid)``: whether the seat's side made that bid of its in a finished hand
  (the chance a bid is said to have);
what the log tells about unseen cards (``knowledge``):
- ``hidden_trump``: trump is chosen with an indicator laid face down (304, 28);
- ``void_shown(led, card, trump)``: the cards a seat is shown not to hold when it plays
  ``card`` to a trick led in suit ``led`` (``trump``: the trump suit, -1 if none);
- ``redeal_shows_none``: the cards a seat asking for a redeal cannot hold (400: faces);
- ``weis``: seats show Weis (Schieber); ``first_hand_card``: the card whose holder leads a
  match's first hand (Schieber: the Rosen 7), or None;
- ``public_from_cards``: the public facts depend on the cards dealt (Schieber's Weis), so a
  sampled world must show the same ones;
and, for the search,
- ``order(hand)``: per suit, its cards from the highest trick power down (None: not known, so
  no cards are merged);
- ``points(hand)``: card points per card code (64 entries), or None when cards carry none;
- ``alive(hand)``: the cards still to be played (in hands, the running trick, face down);
- ``merge(hand, legal)``: ``legal`` with the higher cards of each run of equal cards left
  out (a new list);
- ``lead(hand, side, weight)``: the side's standing part-way through the hand, on the scale of
  ``outcome.utility`` with that match weight (the double-dummy search's value at its horizon).

A game the AI does not know gets ``Family``: a rule-based player that plays a random legal
action, nothing merged, the lead counted as zero until the hand ends, so every level plays it
by the rules, only less well.
"""

from __future__ import annotations

import math

from ..engine import GAMES
from ..engine import actions as A
from ..engine.cards import SUIT_MASKS, cards_in
from ..engine.game28 import Hand28
from ..engine.game304 import Hand304
from ..engine.game400 import FACES, MAX_BID, Hand400, bid_value
from ..engine.hidden_trump import CARD_POWER, HiddenTrumpHand
from ..engine.schieber import KEYS, POINTS, ROSEN_7, HandSchieber
from ..engine import phases as P


class RandomRules:
    """The rule-based player of a game the AI knows nothing about: any legal action."""

    def act(self, hand, rng=None) -> int:
        moves = hand.fast_legal()
        return moves[int(rng.random() * len(moves))] if rng is not None and len(moves) > 1 else moves[0]


class Family:
    """Any trick-taking game on the engine's interface."""

    # the AI's modules this game's thinking imports on first use (its rules, its exact search):
    # imported ahead in frames of their own (``search.warm_jobs``), not in the first slice
    modules: tuple[str, ...] = ()
    score_weight = 0.0
    light_score_weight: float | None = None
    auction_score_weight: float | None = None
    table_auction = False
    tie = 0.6
    round_to = 1
    figure_is_score = True  # the figure is the match score's change, not card points taken
    contract_in_score = False  # whether the bid is made decides the score beyond the figure
    score_name = "points"   # what the match score counts
    hidden_trump = False
    redeal_shows_none = 0
    weis = False
    first_hand_card = None
    public_from_cards = False

    @staticmethod
    def void_shown(led: int, card: int, trump: int) -> int:
        """A card off the led suit shows the seat holds none of it."""
        return SUIT_MASKS[led]

    def rules(self, cls, open_risk: float | None = None):
        return RandomRules()


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

    def lead(self, hand, side: int, weight: float | None = None) -> float:
        """The value of an unfinished ``hand`` for ``side`` at a search's horizon, on the
        utility's scale (``weight``: the match score's, default the game's)."""
        return 0.0

    def match_stake(self, hand, side: int) -> float:
        """What a finished ``hand`` decides beyond its score, as ``side``'s lead on the utility's
        scale: nothing in most games."""
        return 0.0

    def match_at_stake(self, obs) -> bool:
        """The hand, as ``obs`` shows it, decides the match beyond its score (``match_stake``)."""
        return False

    def exact_solver(self, hand, side: int, clock=None, weight: float | None = None):
        """The exact search the search levels use for ``side`` in ``hand``'s world."""
        from .solver import Solver
        return Solver(side, clock=clock, weight=weight)

    def match_weight(self, light: bool = False, auction: bool = False) -> float:
        """The match score's weight in the utility: ``light_score_weight`` for a light level,
        else ``auction_score_weight`` for a decision before the trick play."""
        if light and self.light_score_weight is not None:
            return self.light_score_weight
        if auction and self.auction_score_weight is not None:
            return self.auction_score_weight
        return self.score_weight

    def scale(self, cls) -> float:
        """What a whole hand is worth in the figure's points (for what counts as a tie)."""
        return 1.0

    def bid_made(self, end, seat: int, bid: int) -> bool | None:
        """Whether ``seat``'s side made the bid of ``bid`` in the finished hand ``end``, or None
        where it held no contract: here each seat's bid is its own contract (400), so its own
        (its partner's if it had none)."""
        from .outcome import contract_made
        return contract_made(end, seat)

    def point_worth(self, obs) -> float:
        """How far one more point of the side's figure moves the search's value, nothing else
        changing (for a reasons line: how much of a lead the points explain).  Where the figure
        is the score (400), the point and its weight in the score; else a point the side takes
        is one the other side does not: two."""
        return 1.0 + self.score_weight if self.figure_is_score else 2.0


class HiddenTrumpFamily(Family):
    """304 and 28: fixed trick power (J 9 A 10 K Q 8 7), card points, a face-down indicator.

    The rules' tuning: bids go up to the ``risk`` quantile of the opening table's figures for the
    side's points as trumper, to ``compete_risk`` over the other side's bid (see
    ``rules_hidden_trump``); ``unit``: the game counts in ones (28) or tens (304);
    ``face_down``: a card that does not follow suit is played face down while trump is hidden;
    ``tokens``: the match is played for tokens (a side in danger holds few), else for game
    points up to the ``target`` option."""

    risk = 0.5
    compete_risk = 0.5
    unit = 1
    face_down = False
    tokens = False
    figure_is_score = False
    contract_in_score = True
    hidden_trump = True
    modules = ("rules_hidden_trump", "solver_hidden_trump")

    def __init__(self):
        self._rules: dict = {}

    def rules(self, cls, open_risk: float | None = None):
        key = (cls, open_risk)
        if key not in self._rules:
            from .rules_hidden_trump import HiddenTrumpRules
            self._rules[key] = HiddenTrumpRules(cls, self, open_risk)
        return self._rules[key]

    ORDER = tuple(tuple(sorted((s << 4 | r for r in range(5, 13)), key=lambda c: -CARD_POWER[c]))
                  for s in range(4))

    def order(self, hand):
        return self.ORDER

    def seen_order(self, obs):
        return self.ORDER

    def points(self, hand):
        return hand.CARD_POINTS

    def exact_solver(self, hand, side: int, clock=None, weight: float | None = None):
        """The bit-mask search in the trick play."""
        if hand.phase != P.PLAY:
            return super().exact_solver(hand, side, clock, weight)
        from .solver_hidden_trump import HiddenTrumpSolver
        return HiddenTrumpSolver(side, clock=clock, weight=weight)

    def card_points(self, obs):
        return GAMES[obs.game].CARD_POINTS

    def bid_made(self, end, seat: int, bid: int) -> bool | None:
        """The side holds one contract, the highest bid of the auction, which may be above
        ``bid`` (a seat bids again over the other side): whether the side took the points of
        ``bid`` itself, where it held the contract."""
        if end.bidder < 0 or (end.bidder ^ seat) & 1:
            return None
        return end.taken[seat & 1] >= bid

    def scale(self, cls) -> float:
        return float(sum(cls.CARD_POINTS))

    def alive(self, hand) -> int:
        m = super().alive(hand)
        if hand.indicator >= 0 and not hand.revealed:
            m |= 1 << hand.indicator
        return m

    def lead(self, hand, side: int, weight: float | None = None) -> float:
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


class Family28(HiddenTrumpFamily):
    """Twenty-Eight.  A game point weighs 16 card points in the play of hard and expert.  With 8
    the search bid in nine hands of ten and made about half: expert against dd (600 ms, 100
    duplicate deals, seed 31) +2.99 card points but -0.13 [-0.24, -0.02] game points a deal,
    making 45 % of 183 bids; with 16, +1.87 card points and +0.04 [-0.06, +0.14] game points,
    55 % of 145.  Against the baseline (seed 1): 16 gives +4.74 card points and +0.23 [+0.13,
    +0.33] game points, 63 % of 158 bids made; 8 gave +5.87, +0.05 and 52 % of 185.  Normal
    against dd (seeds 21, 22): about 1.2 card points fewer, +0.10 game points a deal in both
    (8: +0.00, +0.08).  32 (normal, seed 21) loses more card points and gains nothing more
    (+2.01, +0.09).  The match is won on game points, so the search counts them at 16.  Rules
    against rules, a lower quantile over the other side only loses (0.4 against 0.5: -0.11 game
    points a deal).

    Normal samples tens of worlds, too few to tell a game point's 16 from noise: against the
    baseline, 300 duplicate deals (seeds 1-3), paired on the same deals, 16 lost 1.32 ± 0.62
    card points a deal to 8 and gained 0.09 ± 0.06 game points, and against the code the AI
    work started from (which counted 8) 16 lost 1.84 ± 0.76 card points for +0.04 ± 0.08 game
    points, 8 was level (-0.53 ± 0.71, -0.05 ± 0.08).  So the light levels count 8.

    Hard and expert weigh bids and the trump at 12 and play at 16 (``auction_score_weight``):
    expert against the baseline, the same 300 deals, +5.11 card points and +0.16 game points a
    deal, 59 % of 498 bids made; 16 throughout +4.58, +0.21, 62 % of 476; 12 throughout +5.04,
    +0.13, 56 % of 503.  Paired, 12/16 against 16: +0.53 ± 0.44 card points, -0.06 ± 0.07 game
    points (200 deals); against 12: +0.07 ± 0.30, +0.04 ± 0.05 (docs/ai.md)."""

    score_weight = 16.0
    light_score_weight = 8.0
    auction_score_weight = 12.0
    score_name = "game points"
    risk = 0.5
    compete_risk = 0.5


class Family304(HiddenTrumpFamily):
    """304.  A token weighs 60 card points in the search: in play it makes the search fight for
    the contract, not only for card points.  (Its bids come from the opening table,
    ``table_auction``.  When the search still weighed bids, the weight decided how often it bid,
    trading card points for tokens; per deal, card points / tokens / bids made: 20: +44.8 / -0.20
    / 55 % of 78; 40: +10.5 / +0.45 / 64 % of 45; 60: +6.1 / +0.87 / 78 % of 27; 80: -1.4 / +1.25
    / 94 % of 18.)

    The search levels take every decision before trick play from the rules, that is from the
    opening table's quantile.  The search's roll-outs play every seat by the rules, so they
    underrate the contracts the search then plays itself: it passed hands the rules bid and it
    makes three times in four.  304 normal, 200 duplicate deals (seed 7) against the baseline:
    searched bids -9.6 card points and +0.55 tokens a deal, the table's +18.6 and +0.38; head to
    head over 150 deals (seed 9) the table's bids lead by +16.0 card points and +0.03 tokens.
    (In 28 the searched bids win.)  With the rules opening at the table's 0.3 point (competing at
    0.15), only the expert plays well enough to open bolder (``search.Level.open_risk``).

    The rules open at the 0.3 quantile and compete at 0.15: rules against rules, 6,000 duplicate
    deals (seed 21), 0.3 / 0.15 against the former 0.4 / 0.4 wins +0.24 tokens a deal; 0.35 or
    0.2 to open loses 0.05 against 0.3."""

    score_weight = 60.0
    score_name = "tokens"
    table_auction = True
    tie = 6.0
    round_to = 5
    risk = 0.3
    compete_risk = 0.15
    unit = 10
    face_down = True
    tokens = True


class TricksBidFamily(Family):
    """400: fixed rank order, no card points; each seat must take the tricks it bid."""

    tie = 0.6
    redeal_shows_none = FACES  # the no-face-card redeal
    modules = ("rules_open", "solver_400")

    def rules(self, cls, open_risk: float | None = None):
        from .rules_open import Rules400
        return Rules400()


    ORDER = tuple(tuple(s << 4 | r for r in range(12, -1, -1)) for s in range(4))

    def order(self, hand):
        return self.ORDER

    def seen_order(self, obs):
        return self.ORDER

    def match_stake(self, hand, side: int) -> float:
        """A bid of 13 wins or loses the match, which leaves the scores as they are: worth the
        biggest bid's 60 (as ``lead`` counts it)."""
        if MAX_BID not in hand.bids:
            return 0.0
        winner = hand.result()["winner"]
        return 0.0 if winner is None else 60.0 if winner == side else -60.0

    def match_at_stake(self, obs) -> bool:
        return MAX_BID in obs.facts.bids

    def exact_solver(self, hand, side: int, clock=None, weight: float | None = None):
        """The bit-mask search in the trick play."""
        if hand.phase != P.PLAY:
            return super().exact_solver(hand, side, clock, weight)
        from .solver_400 import Solver400
        return Solver400(side, clock=clock, weight=weight)

    def scale(self, cls) -> float:
        return 60.0  # the biggest bid's worth

    def lead(self, hand, side: int, weight: float | None = None) -> float:
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
    return [60 if hand.bids[s] == MAX_BID else bid_value(hand.bids[s], hand.score_before[s], hand.options)
            for s in range(4)]


class JassFamily(Family):
    """Schieber: trick power set by the contract, card points by it too, points counted live."""

    modules = ("rules_open", "solver_jass")
    score_weight = 0.3
    score_name = "points with multipliers"
    tie = 4.0
    round_to = 5
    figure_is_score = False
    weis = True
    first_hand_card = ROSEN_7
    public_from_cards = True

    @staticmethod
    def void_shown(led: int, card: int, trump: int) -> int:
        """A trump may always be played, so only a plain card shows the led suit void; not
        following trump shows no trump but perhaps the Puur (never forced)."""
        if trump < 0:
            return SUIT_MASKS[led]
        if led == trump:
            return SUIT_MASKS[trump] & ~(1 << (trump << 4 | 9))
        return SUIT_MASKS[led] if card >> 4 != trump else 0

    def rules(self, cls, open_risk: float | None = None):
        from .rules_open import RulesSchieber
        return RulesSchieber()


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
        """The contract's number (0-3 a trump suit, then Obenabe, Undenufe), -1 before one is chosen."""
        facts = obs.facts
        return -1 if facts.contract is None else A.CONTRACTS.index(A.contract(facts.contract, facts.trump))

    def seen_order(self, obs):
        k = self._contract(obs)
        return None if k < 0 else self._order(KEYS[k], GAMES[obs.game].DECK)

    def points(self, hand):
        return hand.pts

    def exact_solver(self, hand, side: int, clock=None, weight: float | None = None):
        """The bit-mask search once the first trick (and with it the Weis) is scored."""
        if not hand.tricks:
            return super().exact_solver(hand, side, clock, weight)
        from .solver_jass import JassSolver
        return JassSolver(side, clock=clock, weight=weight)

    def scale(self, cls) -> float:
        return 157.0

    def point_worth(self, obs) -> float:
        """A point taken from the other side, and the match score counting it times the contract's
        multiplier."""
        return 2.0 * (1.0 + self.score_weight * (obs.facts.multiplier or 1))

    def card_points(self, obs):
        k = self._contract(obs)
        return None if k < 0 else POINTS[k]

    def lead(self, hand, side: int, weight: float | None = None) -> float:
        """The points taken so far (counted live, multiplied) on the utility's scale."""
        from .outcome import utility
        if hand.turn < 0:
            return utility(hand, side, weight)
        ahead = hand.points[side] - hand.points[1 - side]
        return ahead / (hand.mult or 1) + (self.score_weight if weight is None else weight) * ahead


FAMILIES = ((Hand304, Family304()), (Hand28, Family28()), (HiddenTrumpHand, HiddenTrumpFamily()),
            (Hand400, TricksBidFamily()), (HandSchieber, JassFamily()))
ANY_GAME = Family()


_FOUND: dict = {}


def family_of(cls) -> Family:
    """The AI's profile of the game whose engine class is ``cls``."""
    got = _FOUND.get(cls)
    if got is None:
        got = next((family for base, family in FAMILIES if issubclass(cls, base)), ANY_GAME)
        _FOUND[cls] = got
    return got


__all__ = ["ANY_GAME", "Family", "family_of"]
