"""304: hidden trump, face-down cuts, tokens (the rules: ``Hand304.RULES``, docs/rules.md)."""

from __future__ import annotations

from . import actions as A
from .cards import SUIT_CARDS, cards_in
from dataclasses import dataclass

from .core import IllegalAction
from .hidden_trump import WIN_KEY, HiddenTrumpFacts, HiddenTrumpHand, card_values, trick_winner
from .options import Option
from .quote import quoted
from .registry import register

POINTS = card_values({9: 30, 7: 20, 12: 11, 8: 10, 11: 3, 10: 2})


def bid_ladder(steps_of_5: bool) -> tuple[int, ...]:
    if steps_of_5:
        return tuple(range(160, 200, 10)) + tuple(range(200, 301, 5))
    return tuple(range(160, 301, 10))


def token_stake(bid: int) -> int:
    """Tokens a made bid wins: 1 below 200, 2 from 200, 3 from 250."""
    return 1 if bid < 200 else 2 if bid < 250 else 3


@dataclass(frozen=True)
class Facts304(HiddenTrumpFacts):
    auction_round: int = 1   # 2 during the auction on eight cards
    caps: bool = False       # the trumper claimed Caps


@register
class Hand304(HiddenTrumpHand):
    GAME = "304"
    TITLE = "304"
    TAGLINE = "Sri Lanka and Tamil Nadu: hidden trump, face-down cuts, tokens"
    SCORE_NAME = "tokens"
    MATCH_LENGTH = "tokens"
    CARD_POINTS = POINTS
    RULES_SECTIONS = {"redeal": "Dealing", "auction": "Auction", "indicator": "Trump", "caps": "Scoring", "play": "Play"}
    RULES = (
        ("Cards", "32 cards, 7 to Ace. In every suit the order from high to low is J 9 A 10 K Q 8 7. "
                  "Points: Jack 30, Nine 20, Ace 11, Ten 10, King 3, Queen 2; 304 in the pack."),
        ("Dealing", "Everyone gets four cards, the auction is held on those four, then four more "
                    "each. If forehand's first four cards are worth less than 15 points, forehand "
                    "may ask for a redeal: the same dealer deals again (a redeal is not a thrown-in "
                    "hand, so the deal does not move on)."),
        ("Auction", "Forehand speaks first. Bids go in tens from 160 to 300, each higher than the "
                    "last. A pass is final. When you pass while your partner is still in, you may "
                    "call Partner!: it changes no rule but asks your partner to keep bidding for "
                    "your side. The auction ends when all but the highest bidder have passed (after a "
                    "bid of 300 the others can only pass); if all four pass, the hand is thrown in."),
        ("Trump", "The highest bidder, the trumper, lays one of the four cards face down: its "
                  "suit is trump, and only the trumper knows it. The card stays out of the "
                  "trumper's hand and does not count for following suit until trump is revealed."),
        ("Play", "Forehand leads the first trick, and the winner of each trick leads the next. Follow "
                 "suit if you can. While trump is hidden, a player who cannot follow plays a card face "
                 "down, unseen by the others. When the trick is complete the "
                 "trumper looks at the face-down cards: if one is a trump, trump is revealed, the "
                 "face-down trumps are turned up and the highest trump wins. Face-down cards that are "
                 "not trumps stay hidden for the rest of the hand and still count for points. Leading "
                 "a card of the trump suit reveals nothing."),
        ("Revealing trump", "While trump is hidden, the trumper may reveal it at any of their own turns, "
                            "before playing: the indicator goes back into the hand and counts for "
                            "following suit at once. If the indicator is the trumper's last card, the "
                            "trumper plays it (or reveals first): playing it reveals trump, and it counts "
                            "as a trump. From the reveal on, cards are played face up and trump beats "
                            "every other suit. A trick is won by its highest trump, face-down ones "
                            "included, if trump is revealed by the time the trick is complete; otherwise "
                            "by the highest card of the suit led."),
        ("Scoring", "Each side counts the points in its tricks. The trumpers win if they reach their "
                    "bid. Each side starts with tokens. A made bid wins the trumpers tokens from the "
                    "defenders: 1 for a bid below 200, 2 for 200 or more, 3 for 250 or more. "
                    "A failed bid pays the defenders one token more: 2, 3 or 4. A side that cannot "
                    "pay in full gives what it has. The match ends when one side has all the tokens."),
    )
    OPTIONS = (
        Option("redeal_under_15", True, "Forehand may ask for a redeal when the first four cards are worth "
                                        "less than 15.", label="Redeal under 15"),
        Option("tokens", 11, "Tokens each side holds at the start of a match.", tuple(range(1, 31)),
               label="Tokens per side"),
        Option("open_trump", False, "The trump indicator is turned face up at once.", label="Open trump"),
        Option("auction_8", False, "After the second packet, a second auction on eight cards, forehand first, bids "
                                   "from 250. If nobody bids, the first bid stands; otherwise the old "
                                   "indicator goes back to its owner and the new highest bidder lays a new one.",
               label="Second auction on eight cards"),
        Option("steps_of_5", False, "From 200 on, bids go up in steps of 5.", label="Steps of 5 from 200"),
        Option("caps", False, "Before play the trumper may claim Caps, all eight tricks for their side: if made, "
                              "the side wins one token more than the bid is worth; if not, it pays 5 tokens.",
               label="Caps"),
    )
    CUTS_FACE_DOWN = True
    FACTS = Facts304
    SECOND_AUCTION_FROM = 250  # bids of the auction on eight cards start here
    REDEAL_UNDER = 15  # redeal_under_15: forehand's first four cards are worth fewer card points

    @classmethod
    def initial_score(cls, options: dict) -> list:
        return [options["tokens"], options["tokens"]]

    @classmethod
    def score_range(cls, options: dict) -> tuple[int, int]:
        """Tokens a side may hold before a hand: at least one (a side without tokens has lost
        the match), at most all but the other side's last one."""
        return 1, 2 * options["tokens"] - 1

    @classmethod
    def check_score(cls, score, options: dict) -> list:
        """As for every game, and the tokens add up: the two sides hold all of them between them
        (a hand only moves tokens from one side to the other)."""
        score = super().check_score(score, options)
        if sum(score) != 2 * options["tokens"]:
            raise ValueError(f"304's tokens add up to {2 * options['tokens']} ({options['tokens']} a side); "
                             f"got {quoted(score)}")
        return score

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        return 304

    def _start(self) -> None:
        self.BID_LADDER = bid_ladder(self.options["steps_of_5"])
        super()._start()
        self.round = 1
        self.caps = False
        self.redealt = False
        if self._opening(self.dealt):
            self.phase = "redeal"

    def _opening(self, dealt) -> bool:
        """Whether forehand, dealt ``dealt``, may ask for a redeal before the auction."""
        return (self.options["redeal_under_15"]
                and sum(POINTS[c] for c in dealt[self.forehand][:4]) < self.REDEAL_UNDER)

    # ---- auction and set-up ----------------------------------------------------------
    def _pass_actions(self) -> list[int]:
        partner = (self.turn + 2) % 4
        if self.passed >> partner & 1:
            return [A.PASS]
        return [A.PASS, A.PASS_PARTNER]

    def _auction_without_bid(self) -> None:
        if self.round == 1:
            self._throw_in()
        else:
            self._before_play()  # nobody raised: the first contract stands

    def _auction_won(self) -> None:
        if self.round == 2:  # the old indicator goes back to its owner, unseen by the new trumper
            self.hand[self.bidder] |= 1 << self.indicator
            self.indicator = self.trump = self.revealed_at = -1
            self.revealed = False
        super()._auction_won()

    def _after_indicator(self) -> None:
        if self.round == 2:
            self._before_play()
            return
        self._deal_second_packet()
        if self.options["auction_8"]:
            self.round = 2
            self.phase = "auction"
            self.passed = 0
            self.round_bidder = -1
            self.min_bid = self.SECOND_AUCTION_FROM
            self.turn = self.forehand
        else:
            self._before_play()

    def _before_play(self) -> None:
        if self.options["caps"]:
            self.phase = "caps"
            self.turn = self.bidder
        else:
            self._start_play()

    def _legal_other(self) -> list[int]:
        if self.phase == "redeal":
            return [A.REDEAL, A.KEEP]
        return [A.CAPS, A.PASS]  # phase "caps"

    def _apply_other(self, a: int) -> None:
        if self.phase == "redeal":
            if a == A.REDEAL:
                self.redealt = True
                self._throw_in()
            else:
                self.phase = "auction"
        else:
            self.caps = a == A.CAPS
            self._start_play()

    def same_dealer_again(self) -> bool:
        return self.redealt  # after a redeal the same dealer deals again

    # ---- play ----------------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        seat = self.turn
        h = self.hand[seat]
        hidden_trumper = seat == self.bidder and not self.revealed
        if hidden_trumper and not h:
            return [self.indicator, A.REVEAL]
        if self.trick:
            led = self.trick[0] >> 4
            moves = SUIT_CARDS[led][h >> (16 * led) & 0x1FFF] or cards_in(h)
        else:
            moves = cards_in(h)
        return moves + [A.REVEAL] if hidden_trumper else moves

    def _apply_play(self, a: int) -> None:
        if a == A.REVEAL:
            self._reveal()
            return
        seat = self.turn
        trick = self.trick
        if a == self.indicator and not self.revealed:
            self._reveal()  # the indicator as the last card: it reveals trump
            face_down = False
        else:
            face_down = not self.revealed and len(trick) > 0 and a >> 4 != trick[0] >> 4
        self.hand[seat] ^= 1 << a
        trick.append(a)
        flags = self.trick_flags
        flags.append(face_down)
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        trump = self.trump
        if not self.revealed and True in flags:
            for c, down in zip(trick, flags):
                if down and c >> 4 == trump:
                    self._reveal()  # the trumper finds a cut among the face-down cards
                    break
        win = trick_winner(trick, WIN_KEY[trump if self.revealed else -1][trick[0] >> 4])
        still_down = turned_up = ()
        if True in flags:
            still_down = tuple(flags)
            if self.revealed:  # the face-down trumps are turned up
                turned_up = tuple(f and c >> 4 == trump for c, f in zip(trick, flags))
                if True in turned_up:
                    still_down = tuple(f and not t for f, t in zip(flags, turned_up))
                    if True not in still_down:
                        still_down = ()
                else:
                    turned_up = ()
        self._finish_trick((self.leader + win) & 3, still_down, turned_up)

    def _face_down_now(self, i: int) -> bool:
        return self.trick_flags[i]

    # ---- refusals --------------------------------------------------------------------------
    def _phase_hint_other(self) -> str:
        if self.phase == "redeal":
            return "forehand decides whether to ask for a redeal ('redeal' or 'keep')."
        return "the trumper may claim Caps ('caps') or play on ('pass')."

    def _refuse_word(self, a: int) -> IllegalAction:
        if a == A.REVEAL and self.phase == "play":
            return IllegalAction("reveal",
                                 "Only the trumper may reveal trump, at their own turn, while it is still hidden.")
        if a in (A.REDEAL, A.KEEP) and self.phase != "redeal":
            return IllegalAction("redeal",
                                 "Only forehand may ask for a redeal, before the auction, "
                                 "when their first four cards are worth less than 15.")
        return super()._refuse_word(a)

    def _public_extra(self, seat: int) -> dict:
        return {"auction_round": self.round, "caps": self.caps}

    def score_terms(self) -> tuple:
        return (self.caps,)

    # ---- scoring ----------------------------------------------------------------------------
    def _score_after(self, made: bool) -> tuple[list, int | None]:
        tokens = list(self.score_before)
        bside = self.bidder & 1
        stake = token_stake(self.bid)
        if self.caps:
            if self.tricks_won[bside] == 8:
                payer, amount = 1 - bside, stake + 1
            else:
                payer, amount = bside, 5
        elif made:
            payer, amount = 1 - bside, stake
        else:
            payer, amount = bside, stake + 1
        amount = min(amount, tokens[payer])
        tokens[payer] -= amount
        tokens[1 - payer] += amount
        winner = 1 - payer if tokens[payer] == 0 else None
        return tokens, winner
