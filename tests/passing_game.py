"""Passing whist: the test game's twin with a new kind of decision, to show that one needs no
change above the engine.

Whist (``whist_game.py``) with a passing phase before the play: from the player after the
dealer, each player in turn gives one of the cards dealt to them to their partner, face up for
all to see, three rounds, so every player gives three cards and gets three.  A card received
cannot be given on.  Then whist is played as usual.

The passing is an action of its own kind (``actions.give``: a card and the seat that gets it,
``Kind.GIVE``), in a phase of the game's own (``GIVE``), with its own event (``CardGiven``).
Nothing under game/ui, game/ai or game/web knows this game: the tests register it.
"""

from __future__ import annotations

from whist_game import HandWhist

from game.engine import IllegalAction, Observation
from game.engine import actions as A
from game.engine import allowed as W
from game.engine import events as E
from game.engine import phases as P
from game.engine.cards import cards_in, mask_of

GIVE = "give"   # this game's own phase: the players pass cards to their partners
GIVES_EACH = 3


class HandPassing(HandWhist):
    GAME = "passing"
    TITLE = "Passing Whist"
    ALIASES = ("passing whist",)
    TAGLINE = "The test game with a pass: three cards to your partner, then whist"
    PHASES = (GIVE,)
    RULES_SECTIONS = {GIVE: "Passing", P.PLAY: "Play"}
    RULES = HandWhist.RULES[:2] + (
        ("Passing", "Before the play, from the player after the dealer, each player in turn gives one of "
                    "the cards dealt to them to their partner, face up: three rounds, so everyone gives "
                    "three cards and gets three. A card received cannot be given on."),
    ) + HandWhist.RULES[2:]
    MUTABLE = ("history", "hand", "trick", "tricks", "won")

    def _start(self) -> None:
        super()._start()
        self.phase = GIVE
        self.own = [mask_of(cards) for cards in self.dealt]  # the cards dealt to each seat (never changed)
        self.gives = 0

    def _legal(self) -> list[int]:
        if self.phase != GIVE:
            return super()._legal()
        seat = self.turn
        partner = (seat + 2) % 4
        return [A.give(c, partner) for c in cards_in(self.hand[seat] & self.own[seat])]

    def _apply(self, a: int) -> None:
        if self.phase != GIVE:
            super()._apply(a)
            return
        seat, card = self.turn, A.card_of(a)
        self.hand[seat] ^= 1 << card
        self.hand[(seat + 2) % 4] |= 1 << card
        self.gives += 1
        if self.gives == 4 * GIVES_EACH:
            self.phase = P.PLAY
            self.turn = self.leader
        else:
            self.turn = (seat + 1) % 4

    def _refusal(self, a: int) -> IllegalAction:
        gift = A.given(a)  # (card, seat) of a card given, else None
        if self.phase == GIVE:
            if gift is None:
                return IllegalAction("give-first", "First each player gives three cards to the partner.")
            card, to = gift
            if to != (self.turn + 2) % 4:
                return IllegalAction("give-to-partner", "Cards are given to your partner only.")
            if not self.hand[self.turn] >> card & 1:
                return IllegalAction("card-not-held", f"You do not hold {self.DECK.text(card)}.")
            return IllegalAction("give-own-card", "A card you received cannot be given on.")
        if gift is not None:
            return IllegalAction("passing-over", "The passing is over; play a card.")
        return super()._refusal(a)

    @classmethod
    def _allowed(cls, obs: Observation, a: int) -> W.Allowed:
        return W.CHOICE if obs.phase == GIVE else super()._allowed(obs, a)

    def _action_event(self, seat: int, a: int, phase: str) -> E.Event:
        info = A.describe(a)
        if info.kind is A.Kind.GIVE:
            return E.CardGiven(seat, info.to, info.card)
        return super()._action_event(seat, a, phase)
