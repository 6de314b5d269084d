"""What the table shows that changes with time: seat 0's observation, cards in flight,
the finished trick held and then collected, speech bubbles, notices, the message line,
the last-trick overlay and the card the player has selected or is dragging.

It is told what happened (``action_shown``) and how much time passed (``update``); it reads
the engine only through seat 0's observation and draws nothing (``TableView`` does)."""

from __future__ import annotations

from game.engine import events as E
from game.i18n import _

from .animation import Flight
from ..names import action_label
from ..news import action_news


class TableState:
    FLY_TIME = 0.3       # a card flying to the trick
    SHOW_TIME = 1.0      # a full trick stays this long when nobody is there to tap (a demo)
    COLLECT_TIME = 0.45
    FLOAT_TIME = 1.4     # a score change floating from a seat to the score
    TOAST_TIME = 2.4
    BUBBLE_TIME = 2.6
    MESSAGE_TIME = 4.0
    END_PAUSE = 0.8      # the finished hand stays this long before its result

    def __init__(self, session, ui, layout, sounds):
        self.session, self.ui, self.layout, self.sounds = session, ui, layout, sounds
        self.obs = self.observe()
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.hold = None            # (cards [(seat, card, down)], winner) of a just-finished trick
        self.hold_time = 0.0
        self.collecting = False
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.toasts: list[list] = []       # [text, age, icon]; icon: None, ("suit", s) or ("cards", cards)
        self.message, self.message_is_error, self.message_age = "", False, 0.0
        self.show_last = False
        self.selected = -1          # the hand's card chosen with the arrow keys
        self.hovered = -1           # the playable card under the mouse (desktop)
        self.drag = None            # [card, pos, dragging, start]
        self.hint_action = None     # the card a hint suggests, outlined in the hand
        self.end_wait = 0.0
        self.dealing = False
        self.trick_wait = None      # seconds a finished trick stays; None: until tapped (collect_trick)
        self.news: dict = {}        # seat -> (text, cards): Weis and Stöck shown at the player
        self.floats: list = []      # [text, seat, side, age]: a score change on its way to the score

    # ---- what is on the table now -------------------------------------------------------------
    def observe(self):
        return self.session.hand.observation(0)

    def live_score(self):
        return self.obs.facts.score_now or self.obs.score

    def busy(self) -> bool:
        """Cards are moving, or a finished trick is still shown."""
        return bool(self.flights or self.hold)

    def trick_leader(self):
        """The seat that led the trick on the table, or None."""
        shown = self.shown_trick()
        return shown[0][0] if shown else None

    def waiting_for_tap(self) -> bool:
        """A finished trick is shown and stays until the player taps."""
        return self.trick_wait is None and self.trick_shown_done()

    def take_trick_on_tap(self) -> bool:
        """A tap on the table takes the finished trick: at once when it goes by itself in time,
        as it does when it waits for the tap.  Returns whether the tap was used."""
        if not self.trick_shown_done():
            return False
        self.collect_trick()
        return True

    def collect_trick(self) -> None:
        """The finished trick goes to its winner (a tap, or its time is up)."""
        if not self.hold or self.collecting:
            return
        cards, winner = self.hold
        lay = self.layout
        self.flights = [Flight(None if down else card, lay.trick_pos[seat], self.seat_origin(winner),
                               self.COLLECT_TIME, lay.trick_w, lay.back_w, delay=0.04 * i)
                        for i, (seat, card, down) in enumerate(cards)]
        self.collecting = True
        self.news = {}
        self.sounds.play("collect")

    def human_turn(self) -> bool:
        return (self.obs.turn >= 0 and self.session.is_human(self.obs.turn) and not self.busy()
                and not self.show_last)

    def shown_trick(self):
        """The cards on the table now: (seat, card or None for a back, face down)."""
        if self.hold:
            return [] if self.collecting else self.hold[0]
        down = self.obs.trick_face_down or (False,) * len(self.obs.trick)
        return [(seat, card, d) for (seat, card), d in zip(self.obs.trick, down)]

    def seat_origin(self, seat):
        """Where a seat's cards come from and go to."""
        lay = self.layout
        if seat == 0:
            return lay.size[0] // 2, lay.size[1] - 60
        return lay.seat_anchor[seat]

    def relayout(self, layout):
        """A new layout (the phone turned): cards in flight land where they were going (their
        paths were planned on the old one); nothing else changes."""
        self.layout = layout
        for flight in self.flights:
            flight.t = flight.delay + flight.duration
        self.drag = None

    # ---- messages -------------------------------------------------------------------------------
    def say(self, text, error=False):
        self.message, self.message_is_error, self.message_age = text, error, 0.0

    def toast(self, text, icon=None):
        self.toasts.append([text, 0.0, icon])

    def toggle_last(self):
        self.show_last = not self.show_last and bool(self.obs.tricks)

    # ---- what an action does on screen ----------------------------------------------------------
    def action_shown(self, seat, action, before, origin=None):
        """``seat`` took ``action`` (already applied): what the engine tells of it is shown — a
        card flies, a trick is held, the seat says its word, the news (a call, trump revealed, a
        contract, Weis, Stöck) is announced."""
        after = self.obs = self.observe()
        swiss = self.ui.swiss
        for event in after.events:
            if isinstance(event, E.CardPlayed):
                self.card_played(event, after, origin)
            elif isinstance(event, E.TrickWon):
                self.trick_won(event, before, after)
            elif isinstance(event, E.IndicatorLaid):
                self.bubbles[event.seat] = (_("Trump card"), 0.0)
            elif isinstance(event, E.WeisScored | E.StoeckScored):
                name = _("Weis +{pts}") if isinstance(event, E.WeisScored) else _("Stöck +{pts}")
                self.news[event.seat] = (name.format(pts=event.points), getattr(event, "cards", ()))
                self.floats.append([f"+{event.points}", event.seat, event.seat & 1, 0.0])
            elif event is after.events[0]:  # a word, a bid or a contract: the seat says it
                self.bubbles[seat] = (action_label(action, swiss), 0.0)
                self.sounds.play("click")
        for item in action_news(self.ui, seat, action, before, after):
            if item.kind in ("weis", "stoeck"):
                continue  # shown at the seat that has it, above
            self.toast(item.text, item.icon)
            if item.kind == "reveal":
                self.sounds.play("reveal")
        self.hint_action = None
        if seat == 0:
            self.message = ""

    def card_played(self, event, after, origin):
        """The card flies from its seat to its place in the trick.  A card laid face down is told
        without its face; the player's own is still shown to the player (with a badge)."""
        seat, card = event.seat, event.card
        if card is None:
            trick = after.trick or tuple(self.trick_cards(after.tricks[-1]))
            card = next(c for s, c in trick if s == seat)
        lay = self.layout
        start = origin or self.seat_origin(seat)
        width = lay.card_w if seat == 0 and self.session.is_human(0) else lay.back_w
        self.flights.append(Flight(card, start, lay.trick_pos[seat], self.FLY_TIME, width, lay.trick_w,
                                   seat=seat, down=event.face_down))
        self.sounds.play("card")

    @staticmethod
    def trick_cards(trick):
        """(seat, card) of a finished trick, as seat 0 sees it."""
        leader, cards, _winner = trick
        return (((leader + i) % 4, c) for i, c in enumerate(cards))

    def trick_won(self, event, before, after):
        """The finished trick stays (its face-down cards stay so; a trump cut among them is turned
        up), then goes to its winner; its points float to the winner's score."""
        cards = after.tricks[-1][1]
        down = after.tricks_face_down[-1] if after.tricks_face_down else (False,) * len(cards)
        shown = [(seat, c, d) for (seat, c), d in zip(self.trick_cards(after.tricks[-1]), down)]
        self.hold, self.hold_time, self.collecting = (shown, event.seat), 0.0, False
        gained = self.ui.trick_points([c for c in cards if c is not None], event.seat, before, after)  # face down: unknown
        if gained:
            self.floats.append([f"+{gained}", event.seat, event.seat & 1, -self.FLY_TIME])

    def deal(self):
        """Backs flying from the dealer to every seat, a packet each in turn."""
        lay = self.layout
        start = self.seat_origin(self.obs.dealer)
        first = (self.obs.dealer + 1) % 4
        n = len(self.obs.hand)
        self.flights = [Flight(None, start, self.seat_origin((first + i) % 4), 0.22, lay.back_w, lay.back_w,
                               delay=0.035 * i) for i in range(4 * min(n, 8))]
        self.dealing = True
        self.sounds.play("deal")

    # ---- time -------------------------------------------------------------------------------------
    def update(self, dt, sdt):
        """``dt`` seconds passed (``sdt`` at the chosen animation speed)."""
        self.clock += dt
        self.age_messages(dt)
        for f in self.flights:
            f.update(sdt)
        if self.hold:
            self.update_hold(sdt)
        else:
            self.flights = [f for f in self.flights if not f.done]
            self.dealing = self.dealing and bool(self.flights)

    def age_messages(self, dt):
        for f in self.floats:
            f[3] += dt
        self.floats = [f for f in self.floats if f[3] < self.FLOAT_TIME]
        self.bubbles = {s: (t, a + dt) for s, (t, a) in self.bubbles.items() if a + dt < self.BUBBLE_TIME}
        if self.toasts:
            self.toasts[0][1] += dt
            if self.toasts[0][1] >= self.TOAST_TIME:
                self.toasts.pop(0)
        if self.message and not self.show_last:  # a message waits under the last trick
            self.message_age += dt
            if self.message_age > self.MESSAGE_TIME:
                self.message = ""

    def update_hold(self, sdt):
        self.hold_time += sdt
        if not self.collecting and self.trick_wait is not None and self.hold_time >= self.FLY_TIME + self.trick_wait:
            self.collect_trick()
        elif self.collecting and all(f.done for f in self.flights):
            self.hold, self.collecting, self.flights = None, False, []

    def hand_finished(self, sdt) -> bool:
        """The hand is over and has stayed on screen long enough for its result."""
        if not self.session.hand.is_over():
            return False
        self.end_wait += sdt
        return self.end_wait >= self.END_PAUSE

    def trick_shown_done(self) -> bool:
        """The finished trick has arrived and is waiting to be collected (its winner outlined)."""
        return bool(self.hold) and self.hold_time > self.FLY_TIME and not self.collecting
