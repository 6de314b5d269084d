"""Twenty-Eight: hidden trump called for by "Trump!", game points (the rules: ``Hand28.RULES``, docs/rules.md)."""

from __future__ import annotations

from . import actions as A
from .cards import RANK_J, SUIT_CARDS, SUIT_MASKS, cards_in
from dataclasses import dataclass

from .core import IllegalAction
from .hidden_trump import LED_KEY, TRUMP_KEY, HiddenTrumpFacts, HiddenTrumpHand, card_values, trick_winner
from .options import Option
from .registry import register

POINTS = card_values({9: 3, 7: 2, 12: 1, 8: 1})


def game_point_stake(bid: int, tiered: bool) -> int:
    if not tiered:
        return 1
    return 3 if bid >= 25 else 2 if bid >= 20 else 1


@dataclass(frozen=True)
class Facts28(HiddenTrumpFacts):
    caller: int | None = None  # the seat that has just called for trump and must now trump
    doubled: int = 1           # 1, doubled 2, redoubled 4


@register
class Hand28(HiddenTrumpHand):
    GAME = "28"
    TITLE = "Twenty-Eight"
    ALIASES = ("twenty-eight", "twentyeight", "twenty_eight")
    TAGLINE = "Kerala: hidden trump, call for it with Trump!"
    SCORE_NAME = "game points"
    MATCH_LENGTH = "target"
    CARD_POINTS = POINTS
    FACTS = Facts28
    RULES_SECTIONS = {"redeal": "Auction", "auction": "Auction", "indicator": "Trump card", "double": "Scoring", "play": "Play"}
    RULES = (
        ("Cards", "32 cards, 7 to Ace, ranked J 9 A 10 K Q 8 7 in every suit. Points: Jack 3, "
                  "Nine 2, Ace 1, Ten 1; 28 in the pack."),
        ("Auction", "Four cards each, then the auction from forehand: bids from 14 to 28, each "
                    "higher than the last; a pass is final. The auction ends when all but the "
                    "highest bidder have passed. If all four pass, the hand is thrown in."),
        ("Trump card", "The bidder lays one of the four cards face down: its suit is trump. Then everyone "
                       "gets four more cards. Until trump is revealed the face-down card cannot be played "
                       "and does not count for following suit, except as the bidder's last card: then the "
                       "bidder must play it, which reveals trump, and it counts as a trump."),
        ("Play", "Forehand leads the first trick, and the winner of each trick leads the next. Follow "
                 "suit if you can. A player who cannot follow, the bidder "
                 "included, may call Trump! while trump is hidden: the bidder turns the trump card face "
                 "up and takes it back, and the caller must then play a trump if they hold one. Without "
                 "the call you discard any card, and a card of the trump suit discarded while trump is "
                 "hidden is not a trump in that trick."),
        ("Once trump is revealed", "From then on a trump beats every other suit, and a player who cannot "
                                   "follow may trump or discard as they like. In the trick where trump is "
                                   "revealed, cards of the trump suit discarded before the reveal are not "
                                   "trumps. Cards of the suit led always count as that suit, so when trump "
                                   "is led they all go by rank."),
        ("Scoring", "If the bidders take at least their bid in points, their side wins a game point; "
                    "otherwise it loses one (scores can go below zero). The first side to reach the "
                    "target (6 game points) wins the match; if both reach it in the same hand, the "
                    "higher score wins, and equal scores play on."),
    )
    OPTIONS = (
        Option("forced_14", False, "When all four pass, forehand must play the lowest bid (14, or 16 in "
                                   "Twenty-Nine) instead of a throw-in.", label="Forced bid of 14"),
        Option("tiered_points", False, "A made bid wins 2 game points from 20 and 3 from 25.",
               label="Tiered game points"),
        Option("target", 6, "Game points that win the match.", (6, 7), label="Target"),
        Option("twenty_nine", False, "Bids from 16 to 29, and the last trick is worth 1 point more (29 in all).",
               label="Twenty-Nine"),
        Option("honours", False, "A side capturing all four jacks wins 1 game point more.",
               label="Honours (four jacks)"),
        Option("open_trump", False, "The trump card is turned face up at once.", label="Open trump"),
        Option("double", False, "Before the first trick the defenders may double (the one after the bidder "
                                "is asked first), and then the bidder may redouble: a double doubles the game "
                                "points won or lost, a redouble multiplies them by four.",
               label="Double and redouble"),
    )

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        return 29 if options["twenty_nine"] else 28

    def _start(self) -> None:
        self.twenty_nine = self.options["twenty_nine"]
        self.BID_LADDER = tuple(range(16, 30)) if self.twenty_nine else tuple(range(14, 29))
        super()._start()
        self.caller = -1
        self.doubled = 1

    def _auction_without_bid(self) -> None:
        if not self.options["forced_14"]:
            self._throw_in()
            return
        self.round_bidder = self.turn = self.forehand  # forced: forehand bids the minimum
        self.high_bid = self.BID_LADDER[0]
        self._auction_won()

    def _after_indicator(self) -> None:
        self._deal_second_packet()
        if self.options["double"]:
            self.phase = "double"
            self.turn = (self.bidder + 1) % 4
        else:
            self._start_play()

    def _legal_other(self) -> list[int]:  # phase "double"
        return [A.REDOUBLE if self.doubled > 1 else A.DOUBLE, A.PASS]

    def _apply_other(self, a: int) -> None:
        seat = self.turn
        if a == A.DOUBLE:
            self.doubled = 2
            self.turn = self.bidder
        elif a == A.REDOUBLE:
            self.doubled = 4
            self._start_play()
        elif self.doubled == 1 and seat == (self.bidder + 1) % 4:
            self.turn = (self.bidder + 3) % 4  # the second defender may still double
        else:
            self._start_play()

    # ---- play ----------------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        seat = self.turn
        h = self.hand[seat]
        if not h and seat == self.bidder and not self.revealed:
            return [self.indicator]  # the face-down card is the last one: it must be played
        if not self.trick:
            return cards_in(h)
        led = self.trick[0] >> 4
        follow = SUIT_CARDS[led][h >> (16 * led) & 0x1FFF]
        if follow:
            return follow
        if self.caller == seat:
            trump = self.trump
            return SUIT_CARDS[trump][h >> (16 * trump) & 0x1FFF] or cards_in(h)
        return cards_in(h) if self.revealed else cards_in(h) + [A.CALL]

    def _apply_play(self, a: int) -> None:
        seat = self.turn
        if a == A.CALL:
            self._reveal()
            self.caller = seat
            return
        if a == self.indicator and not self.revealed:
            self._reveal()
        self.hand[seat] ^= 1 << a
        trick = self.trick
        trick.append(a)
        flags = self.trick_flags
        flags.append(self.revealed and a >> 4 == self.trump)
        self.caller = -1
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        led = trick[0] >> 4
        if True in flags:  # trumps count only from the moment trump was revealed
            keys = [TRUMP_KEY[self.trump][c] if f and c >> 4 != led else LED_KEY[led][c]
                    for c, f in zip(trick, flags)]
            win = keys.index(max(keys))
        else:
            win = trick_winner(trick, LED_KEY[led])
        self._finish_trick((self.leader + win) & 3)

    def _last_trick_bonus(self, side: int) -> None:
        if self.twenty_nine:
            self.taken[side] += 1

    # ---- refusals --------------------------------------------------------------------------
    def _refuse_held_card(self, seat: int, card: int) -> IllegalAction:
        if self.caller == seat and not (self.hand[seat] & SUIT_MASKS[self.trick[0] >> 4]):
            return IllegalAction("trump-after-call", "After calling Trump! you must play a trump.")
        return super()._refuse_held_card(seat, card)

    def _refuse_pass(self, a: int):
        if a == A.PASS_PARTNER:
            return IllegalAction("partner-call", "Twenty-Eight has no Partner! call; just pass.")
        return super()._refuse_pass(a)

    def _phase_hint_other(self) -> str:
        if self.doubled > 1:
            return "the bidder may redouble ('redouble') or play on ('pass')."
        return "the defenders may double ('double') or play on ('pass')."

    def _refuse_word(self, a: int) -> IllegalAction:
        if a == A.CALL and self.phase == "play":
            return IllegalAction("call-trump",
                                 "You may call Trump! only when you cannot follow suit and trump is still hidden.")
        return super()._refuse_word(a)

    def _public_extra(self, seat: int) -> dict:
        return {"caller": self.caller if self.caller >= 0 else None, "doubled": self.doubled}

    def score_terms(self) -> tuple:
        return (self.doubled,)

    # ---- scoring ----------------------------------------------------------------------------
    def _score_after(self, made: bool) -> tuple[list, int | None]:
        score = list(self.score_before)
        bside = self.bidder & 1
        if made:
            score[bside] += game_point_stake(self.bid, self.options["tiered_points"]) * self.doubled
        else:
            score[bside] -= self.doubled
        if self.options["honours"]:
            jacks = [0, 0]
            for t in self.tricks:
                jacks[t.winner & 1] += sum(1 for c in t.cards if c & 15 == RANK_J)
            for side in (0, 1):
                if jacks[side] == 4:
                    score[side] += 1
        score = self.kept_in_range(score, self.options)
        target = self.options["target"]
        winner = None
        if max(score) >= target and score[0] != score[1]:
            winner = 0 if score[0] > score[1] else 1
        return score, winner
