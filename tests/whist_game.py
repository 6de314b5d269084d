"""Whist: a fifth game, defined in the tests only, to show what adding a game takes.

Four players in two partnerships (0+2, 1+3) play thirteen tricks with a 52-card deck, dealt
one card at a time from the player after the dealer.  There is no bidding: trump goes round
with the deal (dealer 0: hearts, 1: diamonds, 2: clubs, 3: spades), the player after the
dealer leads, everyone follows suit if they can, and the highest trump, else the highest card
of the suit led, takes the trick.  A side scores one point for each trick over six; the first
side to reach the target (5, or 7 with the option) wins the match.

Nothing outside this module knows the game: the tests register it (``helpers.registered``)
and every layer finds it in ``GAMES``.  See docs/adding-a-game.md.
"""

from __future__ import annotations

from game.engine import Hand, IllegalAction, Observation, Trick
from game.engine import actions as A
from game.engine import allowed as W
from game.engine.cards import CLUBS, DIAMONDS, FRENCH52, HEARTS, SPADES, SUIT_MASKS, cards_in, mask_of
from game.engine.options import Option

TRUMP_BY_DEALER = (HEARTS, DIAMONDS, CLUBS, SPADES)
SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")
BOOK = 6  # tricks a side takes before it scores


class HandWhist(Hand):
    GAME = "whist"
    TITLE = "Whist"
    ALIASES = ("partnership whist",)
    TAGLINE = "The test game: no bidding, trump goes round with the deal"
    DECK = FRENCH52
    CARDS_EACH = 13
    PACKETS = (1,) * 13
    SCORE_NAME = "points"
    FIGURE_NAME = "tricks"
    OPTIONS = (Option("target", 5, "Points a side needs to win the match: 5 (short whist) or 7 (long whist).",
                      (5, 7), label="Game", shown=((5, "short whist"), (7, "long whist"))),)
    RULES = (
        ("Cards", "52 cards, Ace high, dealt one at a time: everyone gets 13. There is no bidding."),
        ("Trump", "Trump goes round with the deal: hearts when seat 0 deals, then diamonds, clubs "
                  "and spades."),
        ("Play", "The player after the dealer leads the first trick, and the winner of each "
                 "trick leads the next. Follow suit if you can, otherwise play any "
                 "card. The highest trump wins the trick, else the highest card of the suit led."),
        ("Scoring", "A side scores one point for every trick it takes over six. The first side to "
                    "reach the target wins the match."),
    )
    MUTABLE = ("history", "hand", "trick", "tricks", "won")

    @classmethod
    def score_range(cls, options: dict) -> tuple[int, int]:
        return 0, options["target"] - 1  # reaching the target ends the match

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        return 13  # tricks

    def _start(self) -> None:
        self.trump = TRUMP_BY_DEALER[self.dealer]
        self.forehand = self.leader = self.turn = (self.dealer + 1) % 4
        self.hand = [mask_of(cards) for cards in self.dealt]
        self.phase = "play"
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.won = [0, 0]  # tricks per side

    def _legal(self) -> list[int]:
        held = self.hand[self.turn]
        if self.trick:
            follow = held & SUIT_MASKS[self.trick[0] >> 4]
            if follow:
                held = follow
        return cards_in(held)

    def _apply(self, card: int) -> None:
        seat = self.turn
        self.hand[seat] ^= 1 << card
        self.trick.append(card)
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        led, trump = self.trick[0] >> 4, self.trump
        best = max(range(4), key=lambda i: (self.trick[i] >> 4 == trump, self.trick[i] >> 4 == led,
                                            self.trick[i] & 15))
        winner = (self.leader + best) % 4
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        self.won[winner & 1] += 1
        self.trick = []
        self.leader = self.turn = winner
        if len(self.tricks) == 13:
            self.phase = "over"
            self.turn = -1

    def _refusal(self, a: int) -> IllegalAction:
        if not A.is_play(a):
            return IllegalAction("plays-only", f"Whist has no '{self.action_text(a)}': every action is a card played.")
        if not self.hand[self.turn] >> a & 1:
            return IllegalAction("card-not-held", f"You do not hold {self.DECK.text(a)}.")
        led = SUIT_NAMES[self.trick[0] >> 4]
        return IllegalAction("follow-suit", f"You must follow suit: you hold {led}, which were led.")

    @classmethod
    def _allowed(cls, obs: Observation, card: int) -> W.Allowed:
        return W.card_allowed(obs, card)  # follow suit if you can, else any card

    def _observation(self, seat: int) -> Observation:
        return Observation(
            game=self.GAME, seat=seat, options=dict(self.options), dealer=self.dealer,
            score=list(self.score_before), phase=self.phase, turn=self.turn,
            hand=tuple(cards_in(self.hand[seat])), legal=tuple(self._legal()) if self.turn == seat else (),
            hand_sizes=tuple(h.bit_count() for h in self.hand), log=tuple(self.history),
            trick=tuple(((self.leader + i) % 4, c) for i, c in enumerate(self.trick)),
            tricks=tuple((t.leader, t.cards, t.winner) for t in self.tricks),
            public={"trump": self.trump, "tricks_won": list(self.won)}, received=tuple(self.dealt[seat]),
            actions=self._open_log(self.trump), trick_face_down=(False,) * len(self.trick),
            tricks_face_down=((False,) * 4,) * len(self.tricks), forehand=self.forehand)

    # ---- what the hand is worth ----------------------------------------------------------
    def _final_score(self) -> list:
        return [s + max(0, won - BOOK) for s, won in zip(self.score_before, self.won)]

    def figures(self) -> list[float]:
        self._require_over()
        return list(self.won)

    def _contract_made(self, seat: int) -> bool | None:
        return None  # nobody bids

    def result(self) -> dict | None:
        if self.turn >= 0:
            return None
        score = self._final_score()
        winner = next((side for side in (0, 1) if score[side] >= self.options["target"]), None)
        return {"thrown_in": False, "tricks": self.tricks_as_text(), "points": list(self.won), "made": None,
                "score": score, "match_over": winner is not None, "winner": winner}
