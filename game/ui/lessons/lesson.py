"""Learn by playing: for each game a short guided first hand on fixed cards.

A ``Lesson`` is data: the game's engine class, the four hands as dealt, the dealer, and every
action of the hand's first tricks in order (``Step``), the player's (seat 0) and the others'.
Some steps carry a caption: on the player's step it says what to do (the table waits for it),
on another seat's step what is about to happen (the table waits for "Go on").  Each rule moment
a lesson shows (the auction, the trump card laid face down, a face-down cut, the reveal, Weis,
Stöck, the 400 minimum) is named on its step, and the tests check with the engine that it
really happens there.  After the last step the hand goes on as any hand: the AI plays its
seats and the player chooses freely.

``LessonSession`` plays a lesson at the table (``app.go("table", session=...)``): the other
seats play the lesson's actions, the player's move is refused with the rule's own reason when
the rules refuse it, and with the lesson's note when it is legal but not the lesson's.  It is
never saved and counts in no statistics.  Lessons are found by the game's class
(``lesson_for``), so a variant of a game has its game's lesson."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import Hand28, Hand304, Hand400, HandSchieber, IllegalAction, game_class
from game.engine import actions as A
from game.engine.cards import FRENCH_RANKS, suit_of
from game.i18n import N_, _
from game.i18n.refusals import allowed_message

from ..names import action_phrase, card_name, rank_name, suit_name
from ..session import Session

KING, QUEEN = FRENCH_RANKS.index("K"), FRENCH_RANKS.index("Q")  # the Swiss König and Ober
PLAY_OUTLINED = N_("Play the card outlined in your hand: {card}.")
RULE = N_("The rule: {rule}.")
NOT_THE_LESSONS = N_("The lesson asks for another move here: read its note.")
NO_LESSON = N_("{game} has no guided hand yet.")
PLAY_ON = N_("That was the lesson. Play the rest of the hand as you like: the others play on by themselves.")


@dataclass(frozen=True)
class Step:
    action: str             # the action as a record writes it ("bid 160", "play JS")
    caption: str = ""       # a catalog message; {card} and {action} name the step's action
    moment: str = ""        # the rule moment this step shows (the tests ask the engine)
    wrong: str = ""         # a move the rules refuse here (the tests try it)
    suit: str = ""          # the suit (its letter) a caption's {suit} names, if not the action's


@dataclass(frozen=True)
class Lesson:
    game: type              # the engine class
    summary: str            # what the lesson shows, one line (a catalog message)
    hands: tuple            # four seats' cards as dealt, as text, in dealing order
    dealer: int
    steps: tuple
    options: dict = field(default_factory=dict)
    score: tuple | None = None

    def deal(self):
        """The lesson's hand, as dealt."""
        return self.game([h.split() for h in self.hands], self.dealer, dict(self.options),
                         list(self.score) if self.score else None)

    def moments(self) -> dict[str, int]:
        """The rule moments it shows, by the index of their step."""
        return {s.moment: i for i, s in enumerate(self.steps) if s.moment}


LESSONS = (
    Lesson(Hand304, N_("The auction, the hidden trump card, a face-down cut and revealing trump."),
           ("JS 9S AS 7S KC TC 8C 7C", "JC 8H KS AD 9H QD 8S KH", "QC JH TD AH 9D QS TH AC",
            "9C 7H 7D JD 8D KD TS QH"), 3, (
               Step("bid 160", N_("304 starts with an auction on your first four cards: bids go up in tens "
                                  "from 160, and a pass is final. Your Spades are strong: bid 160."), "auction",
                    wrong="play JS"),
               Step("pass"), Step("pass"), Step("pass"),
               Step("indicator 7S", N_("You won the auction, so you choose trump: lay one of your four cards "
                                       "face down. Its suit is trump, and only you know it. Tap the {card}."),
                    "indicator"),
               Step("play KC"), Step("play JC"), Step("play QC"), Step("play 9C"),
               Step("play 8H"), Step("play JH"), Step("play 7H"),
               Step("play TC", N_("You have no Hearts. While trump is hidden, a card that does not follow suit "
                                  "is played face down, unseen by the others. Play the {card}."), "face-down"),
               Step("play TD"), Step("play 7D"),
               Step("reveal", N_("No Diamonds either. As the trumper you may reveal trump at your turn, before "
                                 "you play: press Reveal trump."), "reveal"),
               Step("play 9S", N_("Trump is open now, and Spades beat every other suit: cut with the {card}.")),
               Step("play QD"),
           )),
    Lesson(Hand28, N_("The auction, the hidden trump card and calling Trump!"),
           ("JH 9H AH 7H KS TS 8S 7S", "JS 8C AD TD KD QC TH 9D", "QS JC 9C AC KH QD JD 7D",
            "9S 7C 8D AS TC KC QH 8H"), 3, (
               Step("bid 16", N_("Twenty-Eight starts with an auction on your first four cards: bids from 14 to "
                                 "28, and a pass is final. Your Hearts are strong: bid 16."), "auction"),
               Step("pass"), Step("pass"), Step("pass"),
               Step("indicator 7H", N_("You won the auction: lay one of your four cards face down as the trump "
                                       "card. Its suit is trump, hidden from the others. Tap the {card}."),
                    "indicator"),
               Step("play KS"), Step("play JS"), Step("play QS"), Step("play 9S"),
               Step("play 8C"), Step("play JC"), Step("play 7C"),
               Step("call", N_("You cannot follow Clubs. While trump is hidden you may call Trump!: the trump "
                               "card is turned up for everyone. Press Trump!"), "reveal"),
               Step("play JH", N_("After calling Trump! you must play a trump if you hold one: play the {card}."),
                    wrong="play 7S"),
           )),
    Lesson(Hand400, N_("Your lowest bid, the total the bids must reach, and hearts as trump."),
           ("AH KH QH JH TH 2H KC QC AS KS QS 5S 4S",
            "AC AD KD QD 9H 8H JC TC JS TS 9S 8S 7S",
            "2C 4D 6D 7D 7H 6H 5H 9C 8C 7C 6S 3S 2S",
            "3C 5D 2D 3D 8D 9D TD JD 4H 3H 6C 5C 4C"), 3, (
               Step("bid 4", N_("In 400 each player bids the tricks they will take, and the four bids must add "
                                "up to at least 11. Your lowest bid grows with your score: with 30 points or "
                                "more it is 3. Bid 4."), "minimum", wrong="play KC"),
               Step("bid 3"), Step("bid 3"),
               Step("bid 2", N_("The dealer bids last. Had the bids come to less than 11, the cards would be "
                                "dealt again; here they will reach 12.")),
               Step("play KC", N_("Hearts are always trump in 400. You lead the first trick: play the {card}.")),
               Step("play AC"), Step("play 2C"), Step("play 3C"),
               Step("play AD"), Step("play 4D"), Step("play 5D"),
               Step("play 2H", N_("You have no Diamonds, so you may cut with a heart: it beats every card of "
                                  "another suit. Play the {card}."), "hearts"),
           ), score=(32, 18, 25, 12)),
    Lesson(HandSchieber, N_("Choosing the contract, Weis and Stöck."),
           ("KR OR 6R 6B 7B 8B 9B AE AS", "6S 7R 6E 9E UE AR BS KS UB", "7S 8R 7E 8E OE US 9R AB KB",
            "8S BR BE KE 9S OS UR BB OB"), 3, (
               Step("trump R", N_("Schieber has no auction: forehand chooses the contract (a trump suit, Obenabe "
                                  "or Undenufe) or pushes the choice to the partner. Choose {suit} as trump."),
                    "contract", wrong="play AS"),
               Step("play AS"), Step("play 6S"), Step("play 7S"),
               Step("play 8S", N_("Your {suit} 6, 7, 8 and 9 are a Weis: four in a row, worth 50. When the first "
                                  "trick is over, the side with the best Weis scores it."), "weis", suit="B"),
               Step("play KR"), Step("play 7R"), Step("play 8R"), Step("play BR"),
               Step("play OR", N_("You hold {king} and {queen} of trump: that is Stöck, worth 20 as soon as you play "
                                  "the second of them. Play the {card}."), "stoeck"),
           )),
)


def lesson_for(game: str) -> Lesson | None:
    """The lesson of the game registered as ``game`` (or of the game it is a variant of), else None."""
    cls = game_class(game)
    return next((lesson for base in cls.__mro__ for lesson in LESSONS if lesson.game is base), None)


def lesson_table(app, game: str, level: str):
    """``("table", params)`` for ``app.go``: the guided first hand of ``game``; None, with a
    notice on screen, when the game has none."""
    lesson = lesson_for(game)
    if lesson is None:
        app.notify(_(NO_LESSON).format(game=_(game_class(game).TITLE)))
        return None
    return "table", {"session": LessonSession(lesson, level)}


class LessonGuide:
    """Where a lesson stands in its hand: the step to take, its caption, and whether the table
    waits for "Go on" before another seat acts."""

    def __init__(self, lesson: Lesson, hand):
        self.lesson, self.hand = lesson, hand
        self.seen: set[int] = set()   # steps whose note the player has gone on from
        self.free = False              # past the lesson: the hand goes on as any hand

    @property
    def index(self) -> int:
        return len(self.hand.history)

    def step(self) -> Step | None:
        """The lesson's step to take now (None once the hand has left the lesson)."""
        if self.free or self.hand.is_over() or self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    def expected(self):
        """The code of the action the lesson takes now, or None."""
        step = self.step()
        return None if step is None else self.hand.action_code(step.action)

    def scripted(self, seat: int):
        """The lesson's action for ``seat``, another seat than the player's, once its note has
        been read; None while the table waits or when the lesson is over."""
        if self.waiting() or self.hand.turn != seat:
            return None
        return self.expected()

    def at_end(self) -> bool:
        """The lesson's steps are all taken and the hand goes on: the closing note."""
        return not self.free and not self.hand.is_over() and self.index >= len(self.lesson.steps)

    def waiting(self) -> bool:
        """The table waits for "Go on": a note before another seat acts, or the closing note."""
        if self.at_end():
            return True
        step = self.step()
        return bool(step and step.caption and self.hand.turn != 0 and self.index not in self.seen)

    def go_on(self) -> None:
        if self.at_end():
            self.free = True
        else:
            self.seen.add(self.index)

    def caption(self) -> str:
        """The note shown now, in the player's language ("" for none)."""
        if self.at_end():
            return _(PLAY_ON)
        step = self.step()
        if step is None:
            return ""
        code = self.expected()
        swiss = self.lesson.game.DECK.family == "swiss"
        card = card_name(A.card_of(code), swiss) if A.card_of(code) is not None else ""
        if step.caption:
            return _(step.caption).format(card=card, action=action_phrase(code, swiss), **self.names(step, code, swiss))
        if self.hand.turn == 0 and A.is_play(code):
            allowed = self.hand.observation(0).why_allowed(code)  # the engine's rule for the card
            rule = f" {_(RULE).format(rule=_(allowed_message(allowed)))}" if allowed is not None else ""
            return _(PLAY_OUTLINED).format(card=card) + rule
        return ""

    def names(self, step: Step, code: int, swiss: bool) -> dict[str, str]:
        """A caption's words for the deck as the player sees it (the French-suited Jass deck
        names Rosen Hearts and the Ober a Queen): {suit}, the step's suit (else the suit of its
        card or trump contract), and {king} and {queen}."""
        action = A.describe(code)
        suit = suit_of(action.card) if action.is_card else action.suit
        if step.suit:
            suit = self.lesson.game.DECK.suit_letters.index(step.suit)
        return {"suit": "" if suit is None else suit_name(suit, swiss),
                "king": rank_name(KING, swiss), "queen": rank_name(QUEEN, swiss)}

    def outlined(self):
        """The card the player is to play now (outlined in the hand), or None."""
        code = self.expected()
        if code is None or self.hand.turn != 0:
            return None
        return A.card_of(code)

    def refusal(self, action) -> IllegalAction | None:
        """None if the player's legal ``action`` is the lesson's, else the lesson's note."""
        code = self.expected()
        if self.at_end() and self.hand.turn == 0:
            self.free = True  # playing on is going on
            return None
        if code is None or self.hand.action_code(action) == code:
            return None
        return IllegalAction("lesson", NOT_THE_LESSONS)


class LessonSession(Session):
    """A lesson's hand at the table: the player at seat 0, the other seats playing the lesson's
    actions, then the AI at ``level``.  Not saved, not counted."""

    def __init__(self, lesson: Lesson, level: str = "normal"):
        super().__init__(lesson.game.GAME, dict(lesson.options), 0, level, (0,), None)
        hand = lesson.deal()
        match = self.match
        match.hand, match.dealer, match.score = hand, hand.dealer, list(hand.score_before)
        self.lesson = lesson
        self.guide = LessonGuide(lesson, hand)

    def apply(self, action, note: dict | None = None):
        hand = self.hand
        if hand.turn == 0:  # the player: the rules' refusal first, then the lesson's
            refusal = hand.check(action) or self.guide.refusal(action)
            if refusal is not None:
                return refusal
        return super().apply(action, note)

    def scripted_action(self):
        return self.guide.scripted(self.hand.turn)
