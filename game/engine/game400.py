"""400: individual bids, hearts always trump, a partner each (the rules: ``Hand400.RULES``, docs/rules.md)."""

from __future__ import annotations

from . import actions as A
from . import allowed as W
from .cards import FRENCH52, SUIT_MASKS, cards_in
from dataclasses import dataclass

from .core import Hand, IllegalAction, Observation, Trick
from .facts import Facts
from .options import Option
from .registry import register

HEARTS = 1
FACES = sum(0xF << (9 + 16 * s) for s in range(4))  # J Q K A of every suit
SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")
VALUES = {7: 14, 8: 16, 9: 27, 10: 30, 11: 33, 12: 36}  # from 7 on, at any score
MAX_BID = 13


def min_bid(score: int, forty_one: bool = False) -> int:
    """The lowest bid for a player with ``score`` before the hand."""
    if forty_one:
        return 1
    return 2 if score < 30 else 3 if score < 40 else 4 if score < 50 else 5


def bid_value(bid: int, score: int, options: dict) -> int:
    """Points a bid wins if made (and loses if missed) for a player with ``score`` before the hand."""
    big = options.get("big_bids", 0)
    if big and bid >= big:
        return 40 if big == 10 else 50
    if options.get("forty_one"):
        return bid if bid <= 6 else 2 * bid
    if bid <= 4:
        return bid
    if bid <= 6:
        return bid if score >= 30 else 2 * bid
    return VALUES[bid]


def total_needed(scores, rising: bool) -> int:
    """The least the four bids must add up to (rising total: by the highest score at the table)."""
    if not rising:
        return 11
    top = max(scores)
    return 14 if top >= 50 else 13 if top >= 40 else 12 if top >= 30 else 11


def match_winner(score, target: int) -> int | None:
    """The side that wins the match with ``score`` (four players), or None to play on."""
    ok = [(a >= target and b > 0) or (b >= target and a > 0)
          for a, b in ((score[0], score[2]), (score[1], score[3]))]
    if ok[0] and ok[1]:
        s0, s1 = score[0] + score[2], score[1] + score[3]
        return None if s0 == s1 else 0 if s0 > s1 else 1
    return 0 if ok[0] else 1 if ok[1] else None


@dataclass(frozen=True)
class Facts400(Facts):
    """Hearts are always trump (``trump`` is None: nothing to learn); tricks are per player."""
    bids: tuple = (None, None, None, None)        # per seat, None until it has bid
    bid_order: tuple = ()                         # seats in the order they bid
    bid_values: tuple = (None, None, None, None)  # what each bid wins or loses (None: 13, or none)
    min_bid: int | None = None                    # the lowest bid of the seat to bid
    total_needed: int = 11                        # the least the four bids must add up to


@register
class Hand400(Hand):
    GAME = "400"
    TITLE = "400"
    TAGLINE = "Lebanon and Syria: hearts are trump, everyone bids"
    SCORE_PER_PLAYER = True
    SCORE_NAME = "points"
    MATCH_LENGTH = "target"
    FIGURE_NAME = "score points"
    FACE_CARDS = FACES  # a 'redeal' tells the table its seat was dealt none of these
    DECK = FRENCH52
    FACTS = Facts400
    CARDS_EACH = 13
    PACKETS = (13,)
    RULES_SECTIONS = {"redeal": "Bidding", "auction": "Bidding", "play": "Play"}
    RULES = (
        ("Cards", "52 cards, Ace high. Hearts are always trump. Everyone gets 13 cards."),
        ("Bidding", "Each player bids once, from forehand to the dealer: the number of tricks they "
                    "will take on their own, up to 13. There is no pass. Your lowest bid depends "
                    "on your own score before the hand: 2 below 30 points, 3 from 30, 4 from 40, 5 from 50. The four "
                    "bids must add up to at least 11, or the hand is thrown in."),
        ("Play", "Forehand leads the first trick, and the winner of each trick leads the next. Follow "
                 "suit if you can, otherwise play any card. The highest "
                 "heart wins the trick, else the highest card of the suit led. Everyone keeps "
                 "their own tricks."),
        ("Scoring", "Each player scores alone: take at least your bid and you win its value (extra "
                    "tricks score nothing), otherwise you lose it. Bids of 2 to 4 are worth their "
                    "number, 5 is worth 10, 6 is 12, 7 is 14, 8 is 16, 9 is 27, 10 is 30, 11 is 33, "
                    "12 is 36; once your own score before the hand is 30 or more, your bids of 5 and 6 "
                    "are worth just 5 and 6. A bid of 13 decides the "
                    "match: all 13 tricks win it, anything less loses it."),
        ("A bid of 13", "Anyone may bid 13, whatever the score. The hand is played out in full: if the "
                        "13-bidder takes all 13 tricks, their side wins the match; one trick lost, even to "
                        "the partner, loses it. The 13-bidder's score stays as it was and the other three "
                        "score as usual. If two players bid 13, whoever takes all 13 tricks wins; "
                        "otherwise the side of the first to bid 13 loses."),
        ("Winning", "A side wins when one partner has 41 points or more and the other is above zero; "
                    "scores can go below zero. If both sides get there in the same hand, the higher "
                    "total wins, and equal totals play on."),
    )
    OPTIONS = (
        Option("face_card_redeal", False,
               "A player dealt no ace, king, queen or jack may ask for a redeal before the bidding; "
               "the hand is thrown in and the next dealer deals.", label="No-face-card redeal"),
        Option("five_to_run", False,
               "Someone must bid 5 or more: if nobody has when the dealer bids, the dealer must bid at least 5.",
               label="Five to run"),
        Option("rising_total", False,
               "The bids must total at least 12 once anyone has 30 points before the hand, at least 13 "
               "from 40 and at least 14 from 50.", label="Rising total"),
        Option("big_bids", 0,
               "0 off; 10 = bids of 10 or more are worth 40; 11 = bids of 11 or more are worth 50.",
               (0, 10, 11), label="Big bids", shown=((0, "off"), (10, "10+ worth 40"), (11, "11+ worth 50"))),
        Option("forty_one", False,
               "Bids from 1 at any score, 1 to 6 worth their number, 7 and more worth double.",
               label="Forty-One (Syria)"),
        Option("target", 41, "Points one partner needs, with the other above 0, to win the match.", (41, 44),
               label="Target"),
    )
    MUTABLE = ("history", "hand", "bids", "order", "trick", "tricks", "won", "asking")  # what clone copies

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        return 13  # tricks

    # ---- set-up ------------------------------------------------------------------
    def _start(self) -> None:
        opts = self.options
        self.forehand = (self.dealer + 1) % 4
        self.hand = [sum(1 << c for c in cards) for cards in self.dealt]
        self.min_bids = [min_bid(s, opts["forty_one"]) for s in self.score_before]
        self.needed = total_needed(self.score_before, opts["rising_total"])
        self.bids = [0, 0, 0, 0]   # 0: not yet bid
        self.order: list[int] = []  # seats in the order they bid
        self.thrown_in = False
        self.leader = self.forehand
        self.trick: list[int] = []
        self.best = -1             # best card of the running trick, and its seat
        self.best_seat = -1
        self.tricks: list[Trick] = []
        self.won = [0, 0, 0, 0]
        # No-face-card redeal: every seat is asked in turn from forehand, so that being asked
        # tells nobody anything; only a seat without a face card may say 'redeal' (keep: any seat).
        self.asking: list[int] = []  # seats still to answer, in turn order
        if opts["face_card_redeal"]:
            self.asking = self._from_forehand()
        if self.asking:
            self.phase = "redeal"
            self.turn = self.asking[0]
        else:
            self.phase = "auction"
            self.turn = self.forehand

    def _received(self, cards: list) -> list:
        return cards

    def _from_forehand(self) -> list[int]:
        return [(self.forehand + i) % 4 for i in range(4)]

    def _floor(self, seat: int) -> int:
        """The lowest bid ``seat`` may make now."""
        low = self.min_bids[seat]
        # Five to run, as we read it: one bid must be 5 or more; if nobody has bid that much
        # when the dealer's turn comes, the dealer's minimum is 5.
        if seat == self.dealer and self.options["five_to_run"] and max(self.bids) < 5:
            low = max(low, 5)
        return low

    # ---- legal actions ---------------------------------------------------------------
    def _legal(self) -> list[int]:
        if self.phase == "play":
            h = self.hand[self.turn]
            if self.trick:
                follow = h & SUIT_MASKS[self.trick[0] >> 4]
                if follow:
                    h = follow
            return cards_in(h)
        if self.phase == "auction":
            return list(range(A.BID + self._floor(self.turn), A.BID + MAX_BID + 1))
        return [A.KEEP] if self.hand[self.turn] & FACES else [A.REDEAL, A.KEEP]  # phase "redeal"

    # ---- applying actions ----------------------------------------------------------------
    def _apply(self, a: int) -> None:
        seat = self.turn
        if self.phase == "play":
            self.hand[seat] ^= 1 << a
            trick = self.trick
            if not trick:
                self.best, self.best_seat = a, seat
            else:
                b = self.best
                # a card beats the best so far if higher in the same suit, or the first heart
                if (a >> 4 == b >> 4 and a > b) or (a >> 4 == HEARTS and b >> 4 != HEARTS):
                    self.best, self.best_seat = a, seat
            trick.append(a)
            if len(trick) < 4:
                self.turn = (seat + 1) & 3
                return
            win = self.best_seat
            self.tricks.append(Trick(self.leader, tuple(trick), win))
            self.won[win] += 1
            self.trick = []
            self.leader = self.turn = win
            if len(self.tricks) == 13:
                self.phase = "over"
                self.turn = -1
        elif self.phase == "auction":
            self.bids[seat] = a - A.BID
            self.order.append(seat)
            if seat != self.dealer:
                self.turn = (seat + 1) & 3
            elif sum(self.bids) < self.needed:
                self._throw_in()
            else:
                self.phase = "play"
                self.leader = self.turn = self.forehand
        else:  # redeal
            self.asking.pop(0)
            if a == A.REDEAL:  # thrown in: the deal passes on, as after any thrown-in hand
                self._throw_in()
            elif self.asking:
                self.turn = self.asking[0]
            else:
                self.phase = "auction"
                self.turn = self.forehand

    def _throw_in(self) -> None:
        self.thrown_in = True
        self.phase = "over"
        self.turn = -1

    # ---- why a legal action is allowed ----------------------------------------------------
    @classmethod
    def _allowed(cls, obs: Observation, a: int) -> W.Allowed:
        if A.is_play(a):
            return W.card_allowed(obs, a)  # hearts are trump: a heart that does not follow cannot follow
        return W.BID if A.is_bid(a) else W.CHOICE

    # ---- refusals --------------------------------------------------------------------------
    def _refusal(self, a: int) -> IllegalAction:
        phase, seat = self.phase, self.turn
        if A.is_bid(a) and phase == "auction":
            return self._refuse_bid(seat, a - A.BID)
        if A.is_play(a) and phase == "play":
            name = self.DECK.text(a)
            if not self.hand[seat] >> a & 1:
                return IllegalAction("card-not-held", f"You do not hold {name}.")
            led = self.trick[0] >> 4
            return IllegalAction("follow-suit", f"You must follow suit: you hold {SUIT_NAMES[led]}, which were led.")
        if a == A.PASS and phase == "auction":
            return IllegalAction("no-pass",
                                 f"There is no passing in 400: everyone bids once; bid from {self._floor(seat)} to 13.")
        if a in (A.REDEAL, A.KEEP):
            if not self.options["face_card_redeal"]:
                return IllegalAction("redeal", "These rules have no redeal; the no-face-card redeal is switched off.")
            return IllegalAction("redeal", "Only a player dealt no ace, king, queen or jack may ask for a redeal, "
                                           "and only before the bidding.")
        return IllegalAction("wrong-phase", f"'{self.action_text(a)}' is not possible now: {self._hint()}")

    def _hint(self) -> str:
        if self.phase == "redeal":
            return "first answer the redeal question: 'keep', or 'redeal' with no ace, king, queen or jack."
        if self.phase == "auction":
            return f"it is your turn to bid, from {self._floor(self.turn)} to 13 ('bid N')."
        return "the bidding is over; play a card ('play XX')."

    def _refuse_bid(self, seat: int, n: int) -> IllegalAction:
        if n > MAX_BID:
            return IllegalAction("bid-maximum", "Bids go up to 13.")
        low = self._floor(seat)
        if low > self.min_bids[seat]:
            return IllegalAction("five-to-run", "Nobody has bid 5 or more, so as dealer you must bid at least 5.")
        if self.options["forty_one"]:
            return IllegalAction("bid-minimum", "Bids start at 1.")
        if low == 2:
            return IllegalAction("bid-minimum", "Your minimum bid is 2.")
        return IllegalAction("bid-minimum",
                             f"Your minimum bid is {low} because you have {self.score_before[seat]} points.")

    # ---- what a seat may see ------------------------------------------------------------
    def _observation(self, seat: int) -> Observation:
        bids = [self.bids[s] if s in self.order else None for s in range(4)]
        public = {
            "bids": bids,
            "bid_order": list(self.order),
            "bid_values": [None if b is None or b == MAX_BID else bid_value(b, self.score_before[s], self.options)
                           for s, b in enumerate(bids)],
            "min_bid": self._floor(self.turn) if self.phase == "auction" else None,
            "total_needed": self.needed,
            "tricks_won": list(self.won),
        }
        trick = tuple(((self.leader + i) % 4, c) for i, c in enumerate(self.trick))
        tricks = tuple((t.leader, t.cards, t.winner) for t in self.tricks)
        legal = tuple(self._legal()) if self.turn == seat else ()
        return Observation(
            game=self.GAME, seat=seat, options=dict(self.options), dealer=self.dealer,
            score=list(self.score_before), phase=self.phase, turn=self.turn,
            hand=tuple(cards_in(self.hand[seat])), legal=legal,
            hand_sizes=tuple(bin(h).count("1") for h in self.hand), log=tuple(self.history),
            trick=trick, tricks=tricks, public=public, received=tuple(self.dealt[seat]),
            actions=self._open_log(HEARTS), trick_face_down=(False,) * len(self.trick),
            tricks_face_down=((False,) * 4,) * len(self.tricks), forehand=self.forehand)

    # ---- result --------------------------------------------------------------------------
    def _final_score(self) -> list:
        return list(self.score_before) if self.thrown_in else self._score_after()[0]

    def figures(self) -> list[float]:
        return self.side_score_change()

    def _contract_made(self, seat: int) -> bool | None:
        return None if self.thrown_in else self.won[seat] >= self.bids[seat]

    def result(self) -> dict | None:
        if self.turn >= 0:
            return None
        if self.thrown_in:
            return {"thrown_in": True, "tricks": [], "points": [0, 0, 0, 0], "made": None,
                    "score": list(self.score_before), "match_over": False, "winner": None}
        score, winner = self._score_after()
        return {
            "thrown_in": False,
            "tricks": self.tricks_as_text(),
            "points": list(self.won),
            "made": [self._contract_made(s) for s in range(4)],
            "score": score,
            "match_over": winner is not None,
            "winner": winner,
        }

    def _score_after(self) -> tuple[list, int | None]:
        score = list(self.score_before)
        for s in range(4):
            bid = self.bids[s]
            if bid == MAX_BID:
                continue  # a 13-bidder's score stays: the bid decides the match instead
            v = bid_value(bid, self.score_before[s], self.options)
            score[s] += v if self.won[s] >= bid else -v
        score = self.kept_in_range(score, self.options)
        thirteen = [s for s in self.order if self.bids[s] == MAX_BID]
        if not thirteen:
            return score, match_winner(score, self.options["target"])
        for s in thirteen:
            if self.won[s] == 13:
                return score, s & 1
        return score, 1 - (thirteen[0] & 1)  # nobody took all 13: the first 13-bidder's side loses
