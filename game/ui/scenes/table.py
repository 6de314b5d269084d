"""The table: the auction, the trump card, trick play and the AI thinking,
for every game.  Actions reach the engine only through ``Session.apply``."""

from __future__ import annotations

import random
import time

import pygame

from game.engine import actions as A
from game.i18n import _

from .. import direction, players
from ..animation import Flight
from ..games import game_ui
from ..input import KEY, RELEASE
from ..names import action_label, action_phrase, refusal_text, suit_name
from ..scene import ACTIVATE, Scene
from ..table_controls import Controls
from ..table_view import TableView
from ..widgets import Button


class TableScene(Scene):
    name = "table"
    FLY_TIME = 0.3       # a card flying to the trick
    SHOW_TIME = 1.0      # a full trick stays before it is collected
    COLLECT_TIME = 0.45
    THINK_MIN = 0.55     # the AI seems to think at least this long
    TOAST_TIME = 2.4
    BUBBLE_TIME = 2.6
    MESSAGE_TIME = 4.0
    END_PAUSE = 0.8

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.ui = game_ui(session.game, session.demo)
        self.art = app.art(self.ui.deck)
        self.view = TableView(self)
        self.controls = Controls(self.submit)
        self.obs = self.observe()
        self.clock = 0.0
        self.flights: list[Flight] = []
        self.hold = None            # (cards [(seat, card, down)], winner) of a just-finished trick
        self.hold_time = 0.0
        self.collecting = False
        self.down_seats: set[int] = set()  # 304: seats whose card in this trick lies face down
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.toasts: list[list] = []       # [text, age, icon]
        self.message, self.message_is_error, self.message_age = "", False, 0.0
        self.thinker, self.thinking_seat, self.think_time = None, None, 0.0
        self.show_last = False
        self.selected = -1
        self.drag = None            # [card, pos, dragging, start]
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.fan_bottom: dict[int, float] = {}  # lowest point of a side seat's cards
        self.indicator_rect = None
        self.hint_action = None
        self.end_wait = 0.0
        self.hand_cards, self.hand_rects, self.dimmed = [], [], set()
        self.hand_top = self.controls_top = 0
        self._built_for = None
        self.dealing = False
        lay = self.layout
        self.to_warm = [(c, w) for w in (lay.trick_w, lay.card_w) for c in self.obs.hand]  # faces to draw ahead
        if not self.obs.log:
            self.deal()

    # ---- state --------------------------------------------------------------------------------
    def observe(self):
        return self.session.hand.observation(0)

    def live_score(self):
        return self.obs.public.get("score_now") or self.obs.score

    def busy(self) -> bool:
        return bool(self.flights or self.hold)

    def human_turn(self) -> bool:
        return (self.obs.turn >= 0 and self.session.is_human(self.obs.turn) and not self.busy()
                and not self.show_last)

    def shown_trick(self):
        """The cards on the table now: (seat, card or None for a back, face down)."""
        if self.hold:
            return [] if self.collecting else self.hold[0]
        return [(seat, card, seat in self.down_seats) for seat, card in self.obs.trick]

    def shot_key(self):
        """The table's picture is named by phase and taken once nothing moves."""
        return None if self.dealing else f"table-{self.obs.phase}"

    @property
    def speed(self) -> float:
        return float(self.app.settings["anim_speed"])

    # ---- building ------------------------------------------------------------------------------
    def enter(self):
        self.build()

    def build(self):
        lay, obs = self.layout, self.obs
        # the top bar reads from the start edge: Menu at the right in right to left (the table below is not mirrored)
        self.menu_button = Button(direction.flip(lay.menu_rect, lay.rect), _("Menu"), self.to_menu, lay.small)
        self.last_button = Button(direction.flip(lay.last_rect, lay.rect), _("Last trick"), self.toggle_last, lay.small,
                                  enabled=bool(obs.tricks))
        widgets = [self.menu_button, self.last_button]
        self.hint_button = None
        if self.app.settings["hints"] and self.human_turn():
            self.hint_button = Button(lay.hint_rect, _("Hint"), self.show_hint, lay.small)
            widgets.append(self.hint_button)
        self.layout_hand()
        self.controls_top = 0
        if self.human_turn() and any(not A.is_play(a) and not A.INDICATOR <= a < A.BID for a in obs.legal):
            rect = lay.controls_rect(self.hand_top)
            buttons = self.controls.build(obs, rect, lay, self.ui, self.art)
            if buttons:
                self.controls_top = min(b.rect.top for b in buttons)
            widgets += buttons
        self.widgets = widgets
        self.focus = -1
        self._built_for = self._build_key()

    def _build_key(self):
        return self.obs.turn, self.obs.phase, len(self.obs.log), self.busy(), self.show_last

    def layout_hand(self):
        obs = self.obs
        cards = list(obs.hand)
        own_indicator = obs.public.get("indicator")
        if own_indicator is not None and own_indicator in obs.legal and own_indicator not in cards:
            cards.append(own_indicator)  # the face-down trump card is the last card: it can be played
        new = set(cards) - set(self.hand_cards)
        if self.hand_cards and new:  # a second packet: its faces at trick size are drawn ahead
            self.to_warm += [(c, self.layout.trick_w) for c in new]
        self.hand_cards = self.ui.sorted_hand(cards, obs)
        w = self.layout.card_w
        self.hand_rects = self.layout.hand_rects(len(cards), (w, self.art.height(w)))
        self.hand_top = self.layout.hand_top(len(cards) or 8, self.art.height(w))
        card_phase = obs.phase in ("play", "indicator")
        legal = set(obs.legal) | {a - A.INDICATOR for a in obs.legal if A.INDICATOR <= a < A.BID}
        self.dimmed = {c for c in cards if c not in legal} if self.human_turn() and card_phase else set()
        if self.selected >= len(cards):
            self.selected = len(cards) - 1

    def controls_label(self, action) -> str:
        """The caption of the button for a word action (tests find buttons by it)."""
        return self.ui.word_label(action, self.obs)

    # ---- the player's actions ----------------------------------------------------------------------
    def submit(self, action, origin=None):
        """The player's action: to the engine if legal, else the engine's reason on screen."""
        if not self.human_turn():
            self.say(_("Wait for your turn."), True)
            return
        before = self.obs
        refusal = self.session.apply(action)
        if refusal is not None:
            self.say(refusal_text(refusal), True)
            return
        self.after_action(before.turn, action, before, origin)

    def play_card(self, card, origin):
        if not self.human_turn():
            if not self.busy():
                self.say(_("Wait for your turn."), True)
            return
        action = A.INDICATOR + card if self.obs.phase == "indicator" else card
        self.submit(action, origin)

    def say(self, text, error=False):
        self.message, self.message_is_error, self.message_age = text, error, 0.0

    def to_menu(self):
        self.app.home()

    def toggle_last(self):
        self.show_last = not self.show_last and bool(self.obs.tricks)
        self.build()

    def show_hint(self):
        hint = players.hint(self.observe())
        if hint:
            action, reason = hint
            self.hint_action = action if A.is_play(action) else None
            swiss = self.ui.swiss
            self.say(reason.text(action=action_phrase(action, swiss)) if reason else action_label(action, swiss))

    # ---- what an action does on screen -------------------------------------------------------------
    def after_action(self, seat, action, before, origin=None):
        after = self.obs = self.observe()
        swiss = self.ui.swiss
        if A.is_play(action):
            self.card_played(seat, action, before, after, origin)
        elif A.INDICATOR <= action < A.BID:
            self.bubbles[seat] = (_("Trump card"), 0.0)
        else:
            self.bubbles[seat] = (action_label(action, swiss), 0.0)
            self.app.sounds.play("click")
        bp, ap = before.public, after.public
        if action == A.CALL:
            self.toast(_("{seat} calls Trump!").format(seat=self.ui.seat(seat)))
        if ap.get("revealed") and not bp.get("revealed"):
            trump = ap["trump"]
            self.toast(_("Trump is revealed: {suit}").format(suit=suit_name(trump, swiss)),
                       self.art.suit_symbol(trump, 72))
            self.app.sounds.play("reveal")
        if ap.get("contract") and not bp.get("contract"):
            self.toast(_("{seat} chooses {contract} ×{mult}").format(
                seat=self.ui.seat(seat), contract=self.ui.contract_name(ap["contract"], ap["trump"]),
                mult=ap["multiplier"]), self.art.suit_symbol(ap["trump"], 72) if ap["trump"] is not None else None)
        if sum(ap.get("weis_points", (0, 0))) and not sum(bp.get("weis_points", (0, 0))):
            self.toast(self.weis_text(ap), self.weis_cards(ap))
        if ap.get("stoeck") is not None and bp.get("stoeck") is None:
            side = ap["stoeck"] & 1
            self.toast(_("Stöck! {seat} +{pts}").format(seat=self.ui.seat(ap["stoeck"]),
                                                        pts=ap["stoeck_points"][side]))
        self.thinker, self.thinking_seat, self.hint_action = None, None, None
        if seat == 0:
            self.message = ""
        self.build()

    def card_played(self, seat, card, before, after, origin):
        complete = len(after.tricks) > len(before.tricks)
        if complete:
            leader, cards, winner = after.tricks[-1]
            seen = cards[(seat - leader) % 4]
        else:
            seen = next(c for s, c in after.trick if s == seat)
        down = (self.session.game == "304" and not before.public.get("revealed") and bool(before.trick)
                and card >> 4 != before.trick[0][1] >> 4)
        if down:
            self.down_seats.add(seat)
        lay = self.layout
        start = origin or self.seat_origin(seat)
        width = lay.card_w if seat == 0 and self.session.is_human(0) else lay.back_w
        self.flights.append(Flight(seen, start, lay.trick_pos[seat], self.FLY_TIME, width, lay.trick_w,
                                   seat=seat, down=down))
        self.app.sounds.play("card")
        if complete:
            revealed, trump = after.public.get("revealed"), after.public.get("trump")
            shown = []
            for i, c in enumerate(cards):
                s = (leader + i) % 4
                cut = revealed and c is not None and c >> 4 == trump
                shown.append((s, c, s in self.down_seats and not cut))
            self.hold, self.hold_time, self.collecting = (shown, winner), 0.0, False
            self.down_seats = set()

    def deal(self):
        """Backs flying from the dealer to every seat, a packet each in turn."""
        lay = self.layout
        start = self.seat_origin(self.obs.dealer)
        first = (self.obs.dealer + 1) % 4
        n = len(self.obs.hand)
        self.flights = [Flight(None, start, self.seat_origin((first + i) % 4), 0.22, lay.back_w, lay.back_w,
                               delay=0.035 * i) for i in range(4 * min(n, 8))]
        self.dealing = True
        self.app.sounds.play("deal")

    def weis_text(self, p):
        parts = []
        for seat, found in enumerate(p["weis"]):
            if found:
                pts = sum(w["points"] for w in found)
                parts.append(_("{seat} {pts}").format(seat=self.ui.seat(seat), pts=pts))
        side = 0 if p["weis_points"][0] else 1
        text = _("Weis for {side}: {parts}").format(side=self.ui.side(side), parts=", ".join(parts))
        if p["multiplier"] > 1:
            text += " " + _("(×{mult} = {total})").format(mult=p["multiplier"], total=p["weis_points"][side])
        return text

    def weis_cards(self, p):
        """The cards of the scoring side's Weis, in a row (shown with the announcement)."""
        cards = [c for found in p["weis"] for w in found for c in w["cards"]]
        w = self.layout.back_w
        step = int(w * 0.72)
        img = pygame.Surface((w + step * (len(cards) - 1), self.art.height(w)), pygame.SRCALPHA)
        for i, c in enumerate(cards):
            img.blit(self.art.face(c, w), (i * step, 0))
        return img

    def toast(self, text, icon=None):
        self.toasts.append([text, 0.0, icon])

    def seat_origin(self, seat):
        lay = self.layout
        if seat == 0:
            return lay.size[0] // 2, lay.size[1] - 60
        return lay.seat_anchor[seat]

    # ---- time ---------------------------------------------------------------------------------------
    def warm_faces(self, budget_ms=4.0):
        """Draw a few card faces ahead of need (each takes milliseconds the first time)."""
        t0 = time.perf_counter()
        while self.to_warm and (time.perf_counter() - t0) * 1000 < budget_ms:
            card, width = self.to_warm.pop()
            self.art.face(card, width)

    def update(self, dt):
        sdt = dt * self.speed
        self.clock += dt
        if self.to_warm and (self.busy() or self.human_turn()):
            self.warm_faces()
        self.controls.update(dt)
        self.age_messages(dt)
        for f in self.flights:
            f.update(sdt)
        if self.hold:
            self.update_hold(sdt)
        else:
            self.flights = [f for f in self.flights if not f.done]
            self.dealing = self.dealing and bool(self.flights)
        if self._build_key() != self._built_for:
            self.build()
        if self.busy() or self.show_last:
            return
        hand = self.session.hand
        if hand.is_over():
            self.end_wait += sdt
            if self.end_wait >= self.END_PAUSE:
                self.app.go("hand-result", replace=True, session=self.session)
        elif not self.session.is_human(hand.turn):
            self.think(sdt)
        elif self.human_turn() and self.obs.legal == (A.KEEP,):  # 400's redeal question, a face card held
            self.submit(A.KEEP)

    def age_messages(self, dt):
        self.bubbles = {s: (t, a + dt) for s, (t, a) in self.bubbles.items() if a + dt < self.BUBBLE_TIME}
        if self.toasts:
            self.toasts[0][1] += dt
            if self.toasts[0][1] >= self.TOAST_TIME:
                self.toasts.pop(0)
        if self.message:
            self.message_age += dt
            if self.message_age > self.MESSAGE_TIME:
                self.message = ""

    def update_hold(self, sdt):
        self.hold_time += sdt
        if not self.collecting and self.hold_time >= self.FLY_TIME + self.SHOW_TIME:
            cards, winner = self.hold
            lay = self.layout
            self.flights = [Flight(None if down else card, lay.trick_pos[seat], self.seat_origin(winner),
                                   self.COLLECT_TIME, lay.trick_w, lay.back_w, delay=0.04 * i)
                            for i, (seat, card, down) in enumerate(cards)]
            self.collecting = True
            self.app.sounds.play("collect")
        elif self.collecting and all(f.done for f in self.flights):
            self.hold, self.collecting, self.flights = None, False, []

    THINK_SLICE_MS = 8  # the AI starts a unit of work only if it fits: whole frames stay near 10 ms

    def think(self, sdt):
        """Advance the AI of the seat to act by one slice (at most about 10 ms)."""
        hand = self.session.hand
        seat = hand.turn
        if self.thinker is None:
            name = f"{self.session.seed}/{self.session.match.hand_number}/{len(hand.history)}"
            seed = random.Random(name).getrandbits(32)
            self.thinker = players.thinker(hand.observation(seat), self.session.level, seed)
            self.thinking_seat, self.think_time = seat, 0.0
        if not self.thinker.done:
            self.thinker.step(max_ms=self.THINK_SLICE_MS)
        self.think_time += sdt
        if self.thinker.done and self.think_time >= self.THINK_MIN:
            action = self.thinker.best()
            before = self.obs
            if self.session.apply(action) is not None:  # never expected: fall back to a legal action
                action = hand.legal_actions()[0]
                self.session.apply(action)
            self.after_action(seat, action, before)

    # ---- input ---------------------------------------------------------------------------------------
    def handle(self, ev):
        if self.show_last:  # any tap or key closes the last trick
            if ev.kind in (RELEASE, KEY):
                self.toggle_last()
            return
        super().handle(ev)

    def card_point(self, card):
        """A point where ``card`` shows in the hand (not covered by its neighbour)."""
        i = self.hand_cards.index(card)
        r = self.hand_rects[i]
        right = r.right
        if i + 1 < len(self.hand_rects) and self.hand_rects[i + 1].top == r.top:
            right = min(right, self.hand_rects[i + 1].left)
        bottom = r.bottom if i + 1 >= len(self.hand_rects) or self.hand_rects[-1].top == r.top \
            else self.hand_rects[-1].top
        return (r.left + right) // 2, (r.top + bottom) // 2

    def card_at(self, pos):
        for i in range(len(self.hand_rects) - 1, -1, -1):
            r = self.hand_rects[i].move(0, -18 if i == self.selected and self.human_turn() else 0)
            if r.collidepoint(pos):
                return i
        return None

    def press_elsewhere(self, pos):
        i = self.card_at(pos)
        if i is not None:
            self.drag = [self.hand_cards[i], pos, False, pos]

    def pointer_move(self, pos):
        if self.drag:
            start = self.drag[3]
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 14:
                self.drag[2] = True
            self.drag[1] = pos

    def release_elsewhere(self, pos):
        drag, self.drag = self.drag, None
        if not drag:
            return
        card, _pos, dragged, _start = drag
        if not dragged:
            i = self.hand_cards.index(card)
            self.play_card(card, self.hand_rects[i].center)
        elif pos[1] < self.hand_top - 30:
            self.play_card(card, pos)

    def key(self, ev):
        k = ev.key
        if k == pygame.K_ESCAPE:
            self.to_menu()
            return
        if k == pygame.K_l:
            self.toggle_last()
            return
        if ev.text.isdigit() and self.controls.type_digit(ev.text):
            return
        no_focus = not (0 <= self.focus < len(self.widgets))
        card_phase = self.obs.phase in ("play", "indicator") and self.human_turn() and self.hand_cards
        if card_phase and k in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if k == pygame.K_RIGHT else -1
            self.selected = (self.selected + d) % len(self.hand_cards) if self.selected >= 0 else 0
            self.focus = -1
            return
        if card_phase and k in ACTIVATE and no_focus and self.selected >= 0:
            self.play_card(self.hand_cards[self.selected], self.hand_rects[self.selected].center)
            return
        if self.controls.bids and self.human_turn() and no_focus:
            if direction.arrow_step(k):  # the bid picker is mirrored in right to left
                self.controls.step(direction.arrow_step(k))
                return
            if k in ACTIVATE:
                self.submit(A.BID + self.controls.bid)
                return
        super().key(ev)

    # ---- drawing ---------------------------------------------------------------------------------------
    def draw(self, surf):
        self.view.draw(surf)
