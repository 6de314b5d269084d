"""A hand record stepped through for the hand review: every position from the deal to the last
action, as the table would look with all four hands face up.

``HandReview(record)`` replays the record (docs/records.md) once and keeps one ``Moment`` per
position: step 0 is the deal, step k the table after the record's first k actions.  What each
step brought (the action, its news, the trick it finished, the hand's end) is put into words by
``lines`` in the current language, so a language change shows at once.  A record's optional
``annotations`` (what an AI seat weighed, written by game.ai) are kept per step once checked
against the position (``ai_notes``); ``note_lines`` and ``note_rows`` put one into words.
Nothing is scored here: figures come from the engine's observations and result, through the
game's presentation (``GameUI``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import FACE_DOWN, IllegalAction
from game.engine import actions as A
from game.engine.records import RecordError, hand_from_record
from game.i18n import _
from game.i18n.refusals import allowed_message

from .. import ai_notes
from ..games import game_ui
from ..names import action_phrase, card_short
from ..news import action_news
from game.engine import phases as P

@dataclass(frozen=True)
class Moment:
    """The table after ``step`` actions."""

    step: int
    seat: int | None        # who took the action that led here (None at the deal)
    action: int | None      # that action's code
    hands: tuple            # per seat: ((card, dealt_later), ...) sorted as the table sorts them
    indicator: tuple | None  # (seat, card) while a trump card lies beside its owner, face down
    trick: tuple            # ((seat, card, face_down), ...) on the table; a finished trick stays one step
    winner: int | None      # the winner of the trick this step finished, else None
    trick_no: int           # the trick being played or just finished (1-based); 0 before play
    obs: object             # seat 0's observation: lines, notes and the result read it
    before: object          # seat 0's observation one step earlier (the same at the deal)
    actor_view: object = None  # the acting seat's observation just before it acted


class HandReview:
    def __init__(self, record, demo: bool = False):
        """The record replayed; RecordError (a ValueError) saying what is wrong if it does not
        replay: the review shows exactly the engine's hand or nothing."""
        hand = hand_from_record(record)
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("'actions' must be a list of [seat, \"action\"] pairs")
        self.record = record
        self.game = hand.GAME
        self.ui = game_ui(self.game, demo)
        self.cards_each = hand.CARDS_EACH
        self.moments = [self._moment(hand, 0, None, None, hand.observation(0), [], None)]
        played: list[tuple[int, int, bool]] = []  # (seat, card, face down) of the trick on the table
        for index, entry in enumerate(actions):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], str)):
                raise RecordError('each action must be a [seat, "action"] pair', index)
            if hand.is_over():
                raise RecordError("the hand is already over; no more actions can follow", index)
            if entry[0] != hand.turn:
                raise RecordError(f"it is seat {hand.turn}'s turn, not seat {str(entry[0])[:18]}'s", index)
            before = self.moments[-1].obs
            seat = hand.turn
            actor_view = self._views[seat]  # the last moment's view of that seat: the hand as it acts
            try:
                code = hand.action_code(entry[1])
                hand.apply(code)
            except IllegalAction as err:
                raise RecordError(err.reason, index) from None
            self.moments.append(self._moment(hand, index + 1, seat, code, before, played, actor_view))
        self.complete = hand.is_over()
        self.hand = hand  # after the record's last action
        deck = self.ui.deck_cards
        self.notes = {}  # {action index: Note} of the annotations the acting seat could have made
        for index, raw in _raw_notes(record, len(actions)).items():
            m = self.moments[index + 1]
            note = ai_notes.checked(raw, m.actor_view, m.action, deck)
            if note is not None:
                self.notes[index] = note
        self.result = hand.result() if self.complete else None

    @property
    def steps(self) -> int:
        """The number of actions: positions run from 0 to ``steps``."""
        return len(self.moments) - 1

    @property
    def last_position(self) -> int:
        """The last position the review shows: the final breakdown (``steps + 1``) when the hand
        is over, else its last step."""
        return self.steps + 1 if self.complete else self.steps

    def is_summary(self, position: int) -> bool:
        return self.complete and position == self.steps + 1

    def moment(self, position: int) -> Moment:
        return self.moments[min(position, self.steps)]

    # ---- building ----------------------------------------------------------------------------
    def _moment(self, hand, step, seat, action, before, played, actor_view) -> Moment:
        views = self._views = [hand.observation(s) for s in range(4)]
        obs = views[0]
        winner = None
        if action is not None and A.is_play(action):
            down = bool(obs.actions[-1].flags & FACE_DOWN)
            played.append((seat, action, down))
            if len(obs.tricks) > len(before.tricks):  # this card finished a trick
                leader, _cards, winner = obs.tricks[-1]
                still_down = obs.tricks_face_down[-1] if obs.tricks_face_down else (False,) * 4
                trick = tuple((s, c, d) for (s, c, _was), d in zip(played, still_down))
                played.clear()
                return self._with_hands(hand, views, (step, seat, action), trick, winner, len(obs.tricks),
                                        before, actor_view)
        trick = tuple(played)
        number = len(obs.tricks) + 1 if obs.tricks or trick else 0  # 0 until a card is played
        return self._with_hands(hand, views, (step, seat, action), trick, winner, number, before, actor_view)

    def _with_hands(self, hand, views, taken, trick, winner, number, before, actor_view) -> Moment:
        hands = []
        for s, view in enumerate(views):
            later = [c for c in hand.dealt[s] if c not in view.received]  # a packet still to come
            cards = self.ui.sorted_hand(view.hand, view)
            hands.append(tuple((c, False) for c in cards) + tuple((c, True) for c in self.ui.sorted_hand(later, view)))
        indicator = None
        public = views[0].facts
        if public.indicator_down and public.bidder is not None:
            bidder = public.bidder
            indicator = (bidder, views[bidder].facts.indicator)
        step, seat, action = taken
        return Moment(step, seat, action, tuple(hands), indicator, trick, winner, number, views[0],
                      before if step else views[0], actor_view)

    # ---- navigation ---------------------------------------------------------------------------
    def trick_ends(self) -> list[int]:
        """The steps that finish a trick."""
        return [m.step for m in self.moments if m.winner is not None]

    def next_trick(self, position: int) -> int:
        """The next step that finishes a trick after ``position`` (else the last position)."""
        return next((s for s in self.trick_ends() if s > position), self.last_position)

    def previous_trick(self, position: int) -> int:
        """The last step before ``position`` that finishes a trick (else the deal)."""
        return next((s for s in reversed(self.trick_ends()) if s < position), 0)

    # ---- in words -----------------------------------------------------------------------------
    def heading(self, position: int) -> str:
        """Where the hand is: as dealt, the auction, trick n of N, the result."""
        if self.is_summary(position):
            return _("Result")
        m = self.moment(position)
        if m.step == 0:
            return _("As dealt")
        if m.trick_no:
            return _("Trick {n} of {total}").format(n=m.trick_no, total=self.cards_each)
        phase = m.before.phase if m.obs.phase in (P.PLAY, P.OVER) else m.obs.phase
        return _("Contract") if phase == P.CONTRACT else _("Auction")  # Schieber's choice, else the bidding

    def counter(self, position: int) -> str:
        return _("Step {k} of {n}").format(k=min(position, self.steps), n=self.steps)

    def lines(self, position: int) -> list[str]:
        """What happened at this step, in order: the action, its news, the trick it finished,
        the hand's end."""
        ui = self.ui
        if self.is_summary(position):
            return [ui.result_headline(self.moments[-1].obs, self.result)]
        m = self.moment(position)
        if m.step == 0:
            return [_("Dealt by {seat}").format(seat=ui.seat(m.obs.dealer))]
        news = action_news(ui, m.seat, m.action, m.before, m.obs)
        out = [] if m.action == A.CALL or any(n.kind == "contract" for n in news) else [self.action_line(m)]
        out += [n.text for n in news]
        if m.winner is not None:
            points = self.trick_points(m)
            if points is None:
                out.append(_("Trick {n}: won by {seat}").format(n=m.trick_no, seat=ui.seat(m.winner)))
            else:
                out.append(_("Trick {n}: won by {seat}, worth {points}").format(
                    n=m.trick_no, seat=ui.seat(m.winner), points=points))
        if m.step == self.steps and self.complete:
            out.append(ui.result_headline(m.obs, self.result))
        return out

    def trick_points(self, m: Moment):
        """The points of the trick finished at ``m`` (None where tricks carry none)."""
        cards = [c for _s, c, _d in m.trick]
        return self.ui.trick_points(cards, m.winner, m.before, m.obs, self.result if m.obs.turn < 0 else None)

    def tricks(self) -> list[tuple[int, int, object]]:
        """(number, winner, points or None) of every finished trick."""
        return [(m.trick_no, m.winner, self.trick_points(m)) for m in self.moments if m.winner is not None]

    def context(self, position: int) -> list[str]:
        """The table's own lines at this step: the contract, the points or tricks, the score."""
        obs = self.moment(position).obs
        ui = self.ui
        lines = [ui.contract_line(obs)]
        if obs.tricks:
            lines.append(ui.points_line(obs))
        score = obs.facts.score_now or obs.score
        lines.append(ui.score_line(score, obs))
        return [line for line in lines if line]

    def action_line(self, m: Moment) -> str:
        ui, seat, action = self.ui, self.ui.seat(m.seat), m.action
        if A.is_play(action):
            card = card_short(action, ui.swiss)
            down = m.obs.actions[-1].flags & FACE_DOWN  # how the card went on the table
            text = _("{seat}: {card}, face down") if down else _("{seat}: {card}")
            return text.format(seat=seat, card=card)
        if A.is_indicator(action):
            card = card_short(A.card_of(action), ui.swiss)
            if m.obs.facts.indicator_down:
                return _("{seat}: trump card {card}, face down").format(seat=seat, card=card)
            return _("{seat}: trump card {card}, face up").format(seat=seat, card=card)
        words = action_phrase(action, ui.swiss) if A.is_bid(action) else ui.word_label(action, m.actor_view)
        return _("{seat}: {action}").format(seat=seat, action=words)

    # ---- what an AI seat weighed ----------------------------------------------------------------
    def note(self, position: int) -> ai_notes.Note | None:
        """The checked note of the action that led to ``position`` (what an AI seat weighed), if any."""
        if self.is_summary(position) or position < 1:
            return None
        return self.notes.get(position - 1)

    def note_lines(self, note: ai_notes.Note) -> list[str]:
        """Who decided, from how many imagined deals, and the reason in one line; for a card,
        the rule that let it be played, as the engine says it."""
        lines = ai_notes.lines(note, self.ui.seat(note.seat), self.ui.swiss, self.ui.deck_cards)
        index = next((i for i, n in self.notes.items() if n is note), None)
        if index is not None:
            m = self.moments[index + 1]
            allowed = m.actor_view.why_allowed(m.action) if A.describe(m.action).is_card else None
            if allowed is not None:
                lines.append(rule_sentence(allowed))
        return lines

    def note_rows(self, note: ai_notes.Note) -> list[tuple[str, str, str]]:
        """(choice, mean points its side takes after it, chance the bid is made), the action
        taken first."""
        return ai_notes.rows(note, self.ui.swiss)

    def note_made_heading(self, note: ai_notes.Note) -> str:
        """The heading over ``note_rows``' chances (a bid's, or the bid in play's)."""
        return ai_notes.made_heading(note)


def rule_sentence(allowed) -> str:
    """The engine's reason a move was allowed, as a sentence in the player's language."""
    return _("The rule: {rule}.").format(rule=_(allowed_message(allowed)))


def _raw_notes(record: dict, count: int) -> dict[int, object]:
    """{action index: note} of a record's optional annotations, not yet checked."""
    notes = record.get("annotations")
    if not isinstance(notes, list):
        return {}
    return {note["index"]: note for note in notes
            if isinstance(note, dict) and type(note.get("index")) is int and 0 <= note["index"] < count}


def hand_headline(record, demo: bool = False) -> str | None:
    """The hand of ``record`` in one line, as its result screen's headline ("You bid 160 and made
    it with 180"); None if the record does not replay to the end."""
    try:
        hand = hand_from_record(record)
        for entry in record.get("actions", []):
            hand.apply(entry[1])
    except (ValueError, TypeError, IndexError, KeyError):  # a refused action is a ValueError too
        return None
    if not hand.is_over():
        return None
    return game_ui(hand.GAME, demo).result_headline(hand.observation(0), hand.result())
