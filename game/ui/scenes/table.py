"""The table: the auction, the trump card, trick play and the AI thinking, for every game.

The scene turns input into actions and keeps three parts in step: ``TableState`` (what is
shown and changes with time), ``TableAI`` (the other seats thinking in time slices) and
``TableView`` (where things go, and drawing them).  Actions reach the engine only through
``Session.apply``."""

from __future__ import annotations

from functools import partial

import pygame

from game.engine import actions as A
from game.i18n import _

from .. import direction, players
from ..games import game_ui
from ..input import KEY, MOVE, PRESS, RELEASE
from ..lessons.note import LessonNote
from ..names import action_label, action_phrase, refusal_text
from ..scene import ACTIVATE, Scene
from ..table.ai import TableAI
from ..table.controls import Controls
from ..table.hint import TableHint
from ..table.match_offer import MatchOffer
from ..table.planner import LIFT, HandLayout, weis_card_w
from ..table.state import TableState
from ..table.view import Op, TableView
from ..table.why_press import WhyPress
from ..widgets import Button
from game.engine import phases as P

DRAG_SLOP = 14   # pixels a pressed card may move before it is being dragged


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session, offer=None):
        """``offer``: a saved match (storage.SavedMatch) the table offers to resume instead,
        when a link opened ``session`` over it (see table/match_offer.py)."""
        super().__init__(app)
        self.session = session
        self.offer = MatchOffer(self, offer) if offer else None
        self.ui = game_ui(session.game, session.demo)
        self.art = app.art(self.ui.deck)
        self.state = TableState(session, self.ui, self.layout, app.sounds)
        self.ai = TableAI(session)
        self.hinting = TableHint()  # the hint button's search, a slice a frame
        self.why = WhyPress(session, self.ui)   # a long press on an AI card of the last trick
        self.view = TableView(self.layout, self.art, self.ui)
        self.controls = Controls(self.decide)
        self.hand = HandLayout()
        self.controls_top = 0       # the top of the action buttons, 0 without them
        self.hint_button = None
        self.note = LessonNote(session.guide, self.layout) if session.guide else None  # a lesson's
        self._built_for = None
        # done ahead, one a frame (``warm_one``): the AI's first-time work, the hand result's panel
        lay = self.layout  # (and the card bodies the faces drawn ahead start from: ``CardArt.body``)
        widths = dict.fromkeys((lay.back_w, lay.trick_w, lay.card_w, int(lay.trick_w * 0.62), weis_card_w(lay.trick_w)))
        self.jobs = ([partial(self.art.body, w) for w in widths] + players.warm_jobs(session.game)
                     + [partial(self.view.planner.icon, ("suit", suit)) for suit in range(4)]  # a trump notice's
                     + app.ahead_jobs("hand-result"))
        self.hand_faces_ready = 0  # faces of the hand drawn ahead so far (``shown``)
        self.faces_to_show = 0     # of them, drawn in this frame: the hand shows them from the next
        self.result_ahead = None  # the hand result's scene made ahead once the hand is over (``App.ahead``)
        self.result_stepped = False  # a piece of it made in this frame
        self.hurried = None  # the thinker whose decided card's face was put first (``hurry_decided_card``)
        # card faces and backs drawn ahead, the last asked for first: the back of the seats' fans
        # (the deal shows it), the hand's faces at the trick's size (the hand shows them scaled
        # until its own are drawn), the trump card's back laid face down (304, 28: in the auction,
        # while the AI's thinking leaves few frames), the hand's own faces, every other card as it
        # lands in the trick (an AI seat's is drawn the frame it is played), every face as the trump
        # card turns open, and last every face as a Weis's notice shows it (four took 5 ms in a frame)
        cards = self.ui.deck_cards.cards
        laid = int(lay.trick_w * 0.62)
        trump_laid = hasattr(session.hand, "indicator")
        if hasattr(session.hand, "weis_found"):
            self.view.warm_later(cards, (weis_card_w(lay.trick_w),))
        if trump_laid:
            self.view.warm_later(cards, (laid,))
        self.view.warm_later([c for c in cards if c not in self.obs.hand], (lay.trick_w,))
        self.view.warm_later(self.obs.hand, (lay.card_w,))
        if trump_laid:
            self.view.warm_later([None], (laid,))
        self.view.warm_later(self.obs.hand, (lay.trick_w,))
        self.view.warm_later([None], (lay.back_w,))
        if not self.obs.actions:
            self.state.deal()

    @property
    def obs(self):
        """Seat 0's observation as the table shows it."""
        return self.state.obs

    def human_turn(self) -> bool:
        return self.state.human_turn()

    def shot_key(self):
        """The table's picture is named by phase and taken once nothing moves; in the play, a
        trick on its way (its leader marked) and a finished trick have pictures of their own."""
        state = self.state
        if state.dealing:
            return None
        if self.obs.phase == P.PLAY and state.hold and not state.collecting:
            return "table-trick-over"
        if self.obs.phase == P.PLAY and len(state.shown_trick()) >= 2:
            return "table-trick"
        return f"table-{self.obs.phase}"

    # ---- building ------------------------------------------------------------------------------
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
        self.lay_out_hand()
        self.controls_top = 0
        if self.human_turn() and any(not A.describe(a).is_card for a in obs.legal):
            rect = lay.controls_rect(self.hand.top)
            extras = [(_("What do these mean?"), self.glossary)] if self.ui.swiss and obs.phase == P.CONTRACT else []
            buttons = self.controls.build(obs, rect, lay, self.ui, self.art, extras)
            if buttons:
                self.controls_top = min(b.rect.top for b in buttons)
            widgets += buttons
        if self.offer:
            widgets += self.offer.widgets(lay)
        self.focus = -1
        if self.note:
            go_on = self.note.build(self.go_on, self.controls_top or self.hand.top, lambda: self.note_sights(widgets))
            if go_on:
                self.focus = len(widgets)
            widgets += go_on
        self.widgets = widgets
        self._built_for = self._build_key()

    def note_sights(self, widgets):
        """What the lesson's note leaves in sight, most important first: the cards on the table,
        the trump card, the line above the buttons, the buttons and the hand; then the seats'
        names (the seat to act's as while it thinks: the note is laid out as the turn passes,
        before the thinking starts); then their cards (a message longer than the prompt is drawn
        over the note)."""
        turn = self.obs.turn
        f = self.view.lay_out(self.state, self.hand, [w.rect for w in widgets], self.controls_top,
                              self.hint_button is not None, None if turn in self.session.humans else turn)
        never = [*f.trick, *f.buttons, *(r for r in (f.prompt and f.prompt[0], f.indicator and f.indicator[0],
                                                     f.hand) if r)]
        return never, [label.rect for label in f.labels.values()], list(f.fans.values())

    def relayout(self):
        """The canvas turned: the state stays (cards in flight land at once), the frame is
        planned for the new layout."""
        self.state.relayout(self.layout)
        self.view = TableView(self.layout, self.art, self.ui)
        self.hand = HandLayout()
        self.build()

    def touch_targets(self):
        """(w, h, what) of what a finger aims at besides the buttons: each card's visible part
        (while the player may play), and the table while a finished trick waits for a tap."""
        out = []
        if self.card_choice():
            out += [(r.width, r.height, "card") for r in self.hand.visible_parts(self.layout.size[1])]
        if self.state.waiting_for_tap():
            zone = self.layout.trick_zone()
            out.append((zone.width, zone.height, "the trick"))
        return out

    def _build_key(self):
        return (self.obs.turn, self.obs.phase, len(self.obs.actions), self.state.busy(), self.state.show_last,
                self.note.state() if self.note else None)

    def lay_out_hand(self):
        before = self.hand.cards
        self.hand = self.view.planner.hand(self.obs, self.human_turn())
        new = set(self.hand.cards) - set(before)
        if before and new:  # a second packet: its faces are drawn ahead, in the hand's size too
            self.view.warm_later(new, (self.layout.card_w, self.layout.trick_w))
        self.state.selected = min(self.state.selected, len(self.hand.cards) - 1)
        if self.state.drag and self.state.drag[0] not in self.hand.cards:  # played meanwhile (by a key)
            self.state.drag = None

    def controls_label(self, action) -> str:
        """The caption of the button for a word action (tests find buttons by it)."""
        return self.ui.word_label(action, self.obs)

    # ---- the player's actions ----------------------------------------------------------------------
    def submit(self, action, origin=None):
        """The player's action: to the engine if legal, else the engine's reason on screen."""
        if not self.human_turn():
            self.state.say(_("Wait for your turn."), True)
            return
        before = self.obs
        refusal = self.session.apply(action)
        if refusal is not None:
            self.state.say(refusal_text(refusal), True)
            return
        if self.offer:  # playing on keeps this match; the other stays under Continue
            self.offer = None
        self.after_action(before.turn, action, before, origin)

    def decide(self, action, button):
        """A decision's button: taken at once with the mouse, the keyboard or one-tap play;
        else the first tap arms the button and a second tap on it confirms."""
        if self.one_tap() or button.armed:
            self.submit(action)
            return
        for w in self.widgets:
            w.armed = False
        button.armed = True
        self.state.say(_("Tap again to confirm"))

    def play_card(self, card, origin):
        if not self.human_turn():
            if not self.state.busy():
                self.state.say(_("Wait for your turn."), True)
            return
        self.submit(self.card_action(card), origin)

    def card_choice(self) -> bool:
        """The player's turn, and a legal action takes a card: plays, lays or gives one."""
        return self.human_turn() and any(A.describe(a).is_card for a in self.obs.legal)

    def card_action(self, card):
        """The legal action that takes ``card`` (plays, lays or gives it); else playing it, which
        the engine refuses with its rule."""
        return next((a for a in self.obs.legal if A.describe(a).card == card), card)

    def after_action(self, seat, action, before, origin=None):
        if seat == 0:  # the player's move ends whatever gesture was under way
            self.state.selected = self.state.hovered = -1
            self.state.drag = None
        self.state.action_shown(seat, action, before, origin)
        if self.note:
            self.state.hint_action = self.note.outlined()  # the lesson's next card, outlined in the hand
        self.ai.reset()
        self.hinting.reset()  # a hint still thinking was for the position before
        self.build()

    def to_menu(self):
        """The table's menu: the match pauses under a sheet of choices."""
        self.state.drag = None
        self.app.go("pause", session=self.session, phase=self.obs.phase)

    def glossary(self):
        self.app.go("glossary")

    def close_offer(self):
        self.offer = None
        self.build()

    def go_on(self):
        """The lesson's note has been read: the table goes on."""
        self.note.guide.go_on()
        self.build()

    def toggle_last(self):
        self.why.clear()
        self.state.toggle_last()
        self.build()

    def show_hint(self):
        """The hint button: the player's seat weighed over the next frames (``table.hint``)."""
        self.hinting.start(self.state.observe())

    def say_hint(self, action, reason):
        self.state.hint_action = action if A.is_play(action) else None
        swiss = self.ui.swiss
        self.state.say(reason.text(action=action_phrase(action, swiss)) if reason else action_label(action, swiss))

    # ---- time ---------------------------------------------------------------------------------------
    def one_tap(self) -> bool:
        """A tap acts at once: the setting, or a mouse click (the desktop plays on click)."""
        return bool(self.app.settings["one_tap"]) or not self.touch

    def update(self, dt):
        """Time passes: the state ages, then at most one costly piece of work a frame (so that
        frames stay short): an AI seat's slice, the hint's slice (both given at the frame's end,
        ``spare``) or a card face drawn ahead, and none of them in a frame whose still picture
        changes (it is drawn whole)."""
        state = self.state
        wait = float(self.app.settings["trick_wait"])
        # a trick stays until the player taps, unless the setting gives it a time (or nobody plays)
        state.trick_wait = wait if wait > 0 else (state.SHOW_TIME if self.session.demo else None)
        sdt = dt * float(self.app.settings["anim_speed"])
        before = self.shown()
        # faces drawn ahead in the frame before are shown now (that frame drew one, this one
        # draws the table whole: one of them each, not both in one frame)
        self.hand_faces_ready, self.faces_to_show = self.hand_faces_ready + self.faces_to_show, 0
        self.view.planner.lay_out_bar(state)  # what the top bar says since the frame before
        self.controls.update(dt)
        state.update(dt, sdt)
        self.why.update(dt)
        thinking = self.hinting.thinker is not None
        hint = self.hinting.step()
        if hint:
            self.say_hint(*hint)
        if self._build_key() != self._built_for:
            self.build()
        calm = self.shown() == before and not thinking  # the still picture stays: room for a slice
        # while cards fly, faces still to draw come before the next seat's thinking ahead (with
        # every seat an AI the slices would leave no frame for them, and an AI's card would then
        # be drawn the frame it is played); so do faces shown scaled for now (``view.new_face``)
        warmed = calm and (state.busy() or self.hand_faces_waiting()) and self.warm_one()
        self.ai.sliced = self.ai.wants_slice = self.result_stepped = False
        self.play_on(sdt, calm and not warmed)
        if calm and not (warmed or self.ai.sliced or self.result_stepped) and self.shown() == before:  # (an action taken now
            self.warm_one()  # changes the picture; an AI seat that has decided waits out THINK_MIN here)

    def spare(self, left_ms):
        """The slice an AI seat or the hint asked for in ``update``, in what is left of the frame."""
        self.hinting.slice(left_ms)
        self.ai.slice(left_ms)

    def working(self) -> bool:
        """An AI seat asked for its work this frame (its thinker made, a slice, its note), or the
        hint thinks: more passes of the loop between two displayed frames go on with it."""
        return self.ai.sliced or self.hinting.thinker is not None

    def warm_one(self) -> bool:
        """One job done ahead of need, if one is left (whether one was): the AI's first-time
        work (its modules, the opening table: the first decision's frame paid 7-16 ms natively),
        the hand result's panel, then a card face."""
        if self.jobs:
            self.jobs.pop(0)()
            return True
        self.hurry_decided_card()
        done = self.view.warm_faces()
        if done is not None and done[2] and done[1] == self.layout.card_w and done[0] in self.hand.cards:
            self.faces_to_show += 1  # the hand may have shown it scaled (``view.new_face``): drawn again
        return done is not None                                             # in the next frame

    def hurry_decided_card(self) -> None:
        """The card an AI seat has decided to play (it seems to think a while yet): its face at
        the trick's size is the next drawn ahead (drawn in the frame it was played, it took
        1-2.5 ms natively where the faces ahead had not reached it yet)."""
        ai, hand = self.ai, self.session.hand
        thinker = ai.thinker
        if thinker is None or thinker is self.hurried or not thinker.done or ai.seat != hand.turn:
            return
        self.hurried = thinker
        face = (A.describe(thinker.best()).card, self.layout.trick_w)
        if face[0] is not None and face in self.view.to_warm:
            self.view.to_warm.remove(face)
            self.view.to_warm.append(face)

    def hand_faces_waiting(self) -> bool:
        """A face of the hand is still to be drawn ahead (the hand may show it scaled till then)."""
        card_w = self.layout.card_w
        return any((card, card_w) in self.view.to_warm for card in self.hand.cards)

    def play_on(self, sdt, calm):
        """The AI seats' turn: a slice of thinking (only in a ``calm`` frame), or their action;
        the end of the hand."""
        state = self.state
        if state.show_last:
            return
        if state.busy():
            if calm and not (self.note and self.note.waiting()):
                self.ai.think_ahead()
            return
        hand = self.session.hand
        if hand.is_over():
            if self.result_ahead is None:  # made and drawn ahead, a piece a calm frame (``App.ahead``)
                self.result_ahead = self.app.ahead("hand-result", session=self.session)
            if not state.hand_finished(sdt):
                if calm:
                    self.result_stepped = self.result_ahead.step()  # (the frame's one piece of work)
            elif self.result_ahead.scene is not None:
                self.app.show(self.result_ahead.scene, replace=True)
            else:
                self.app.go("hand-result", replace=True, session=self.session)
        elif self.note and self.note.waiting():
            pass  # the lesson's note waits for Go on
        elif not self.session.is_human(hand.turn):
            seat, before = hand.turn, self.obs
            action = self.ai.step(sdt, calm, act=self.app.showing)
            if action is not None:
                self.session.apply(action, note=self.ai.note)
                self.after_action(seat, action, before)
        elif self.human_turn() and self.obs.legal == (A.KEEP,):  # 400's redeal question, a face card held
            self.submit(A.KEEP)

    def thinking(self) -> bool:
        """An AI seat is deciding: its dots pulse."""
        return self.ai.seat is not None and self.obs.turn == self.ai.seat and not self.state.busy()

    def moving(self) -> bool:
        """Cards fly, a notice fades, a score change floats or an AI seat's dots pulse."""
        state = self.state
        return (any(not f.done for f in state.flights) or bool(state.toasts) or bool(state.floats)
                or self.thinking())

    def shown(self):
        """What the table shows that changes with time or a move: the moves made, the widgets'
        build, the message, the seats' bubbles, a trick held and its winner, the last trick."""
        state = self.state
        return (len(self.session.hand.history), self._built_for, state.message, state.message_is_error,
                tuple((seat, text) for seat, (text, _age) in state.bubbles.items()), tuple(state.news),
                state.hold is not None, state.collecting, state.trick_shown_done(), state.dealing,
                len(state.flights), sum(f.done for f in state.flights), len(state.toasts), state.busy(),
                self.thinking(), state.show_last, state.selected, state.hovered, state.hint_action,
                self.why.lines is not None, self.offer is not None, self.note.state() if self.note else None,
                self.hand_faces_ready, self.view.planner.bar_version)

    # ---- input ---------------------------------------------------------------------------------------
    def handle(self, ev):
        if self.state.show_last:  # a tap or key closes the last trick; a long press on an AI card: Why?
            if ev.kind == PRESS:
                self.why.press(self.last_trick_card_at(ev.pos), ev.pos)
            elif ev.kind == MOVE:
                self.why.move(ev.pos)
            elif ev.kind == KEY or ev.kind == RELEASE and not self.why.release():
                self.toggle_last()
            return
        if ev.kind == KEY:
            self.touch = False
        super().handle(ev)

    def last_trick_card_at(self, pos):
        """(seat, card) of the last trick's card under ``pos``, else None."""
        lay = self.layout
        leader, cards, _winner = self.obs.tricks[-1]
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            rect = pygame.Rect(0, 0, lay.trick_w, self.art.height(lay.trick_w))
            rect.center = lay.trick_pos[seat]
            if card is not None and rect.collidepoint(pos):
                return seat, card
        return None

    def hover(self, pos):
        """The mouse over the hand lifts the playable card under it a little (the desktop)."""
        super().hover(pos)
        i = self.hand.card_at(pos, self.state.selected if self.human_turn() else -1)
        playable = i is not None and self.human_turn() and self.hand.cards[i] not in self.hand.dimmed
        self.state.hovered = i if playable else -1

    def press_elsewhere(self, pos):
        i = self.hand.card_at(pos, self.state.selected if self.human_turn() else -1)
        if i is not None:
            self.state.drag = [self.hand.cards[i], pos, False, pos]
        else:
            self.state.take_trick_on_tap()

    def pointer_move(self, pos):
        drag = self.state.drag
        if drag:
            start = drag[3]
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_SLOP:
                drag[2] = True
            drag[1] = pos

    SWIPE = 70  # pixels a card pushed upwards travels to be played

    def release_elsewhere(self, pos):
        drag, self.state.drag = self.state.drag, None
        if not drag:
            return
        card, _pos, dragged, start = drag
        i = self.hand.cards.index(card)
        if dragged:
            if pos[1] < self.hand.top - 30 or start[1] - pos[1] > self.SWIPE:  # pushed up: played
                self.play_card(card, pos)
        elif self.one_tap() or (i == self.state.selected and self.human_turn()):
            self.play_card(card, self.hand.rects[i].move(0, -LIFT).center)
        else:
            self.select_card(i)

    def select_card(self, i):
        """A tap on a card: it rises (a second tap or a push upwards plays it); a card that
        cannot be played now says why at once."""
        state = self.state
        if not self.human_turn():
            if not state.busy():
                state.say(_("Wait for your turn."), True)
            return
        card = self.hand.cards[i]
        refusal = self.session.check(self.card_action(card))
        if refusal is not None:  # the rule that forbids it (in the auction: that it is the auction)
            state.say(refusal_text(refusal), True)
            return
        state.selected = i
        state.say(_("Tap it again, or swipe it up, to play it"))

    def key(self, ev):
        k, state = ev.key, self.state
        if k == pygame.K_ESCAPE:
            self.to_menu()
            return
        if k == pygame.K_l:
            self.toggle_last()
            return
        if k in ACTIVATE and state.take_trick_on_tap():
            return
        if ev.text.isdigit() and self.controls.type_digit(ev.text):
            return
        no_focus = not (0 <= self.focus < len(self.widgets))
        cards = self.hand.cards
        card_phase = self.card_choice() and cards
        if card_phase and k in (pygame.K_LEFT, pygame.K_RIGHT):
            d = 1 if k == pygame.K_RIGHT else -1
            state.selected = (state.selected + d) % len(cards) if state.selected >= 0 else 0
            self.focus = -1
            return
        if card_phase and k in ACTIVATE and no_focus and state.selected >= 0:
            self.play_card(cards[state.selected], self.hand.rects[state.selected].center)
            return
        if self.controls.bids and self.human_turn() and no_focus:
            if direction.arrow_step(k):  # the bid picker is mirrored in right to left
                self.controls.step(direction.arrow_step(k))
                return
            if k in ACTIVATE:
                self.submit(A.bid(self.controls.bid))
                return
        super().key(ev)

    # ---- drawing ---------------------------------------------------------------------------------------
    def draw_widgets(self, surf):
        if self.offer:
            self.offer.draw(surf)
        if self.note:  # the lesson's note, under its Go on button
            self.note.draw(surf)
        super().draw_widgets(surf)

    def draw(self, surf):
        """The table is drawn whole only when its still picture changed (``App.still_changed``)
        or something lay over the last frame (a notice, a caption): else the frame puts back what
        the moving things covered and draws them where they are now (``TableView.draw_moving``).
        The last trick, over everything, is drawn whole."""
        view, app = self.view, self.app
        if self.state.show_last:
            self.lay_out()
            view.draw(surf, self.state, self.hand, app.draw_table, self.draw_widgets)
            lay = self.layout
            self.why.draw(surf, lay, lay.trick_pos[0][1] + self.art.height(lay.trick_w) // 2 + 24)
            view.forget_under()
            return
        if app.still_changed or app.last_picture is not self or not view.can_restore(surf):
            felt, widgets = app.table_image(), self.widget_ops() if surf is app.screen else None  # (a picture: once)
            self.lay_out()
            in_part = app.last_picture is self and view.can_restore(surf) and not app.asked and widgets is not None
            if in_part:  # the last still picture, drawn again where it changed (a move: its card, two
                view.put_back(surf)  # labels, a fan, the prompt; rarely the whole table)
            if not (in_part and view.redraw(surf, self.state, self.hand, app.draw_table, self.draw_widgets,
                                            felt, widgets)):
                view.draw(surf, self.state, self.hand, app.draw_table, self.draw_widgets, False, felt, widgets)
            view.draw_moving(surf, self.state, restore=False)
            return
        view.refresh_moving(self.state)
        view.draw_moving(surf, self.state, restore=True)

    def widget_ops(self):
        """The buttons as ``TableView`` ops, each with what its look depends on; None with a
        lesson's note or a match offer (drawn whole then)."""
        if self.note or self.offer or self.viewport or any(w.scrolls for w in self.widgets):
            return None
        ops = []
        for i, w in enumerate(self.widgets):
            focused = i == self.focus
            key = (w, tuple(w.rect), w.enabled, w.pressed, w.hover, w.armed, focused, getattr(w, "label", None))
            bounds = w.rect.union(w.rect.move(3, 5)).inflate(4, 4)  # its shadow
            ops.append(Op(key, bounds, lambda surf, w=w, focused=focused: w.draw(surf, focused)))
        return ops

    def lay_out(self):
        note = [self.note.rect] if self.note and self.note.rect else []  # bubbles and notices keep off it too
        self.view.lay_out(self.state, self.hand, [w.rect for w in self.widgets] + note, self.controls_top,
                          self.hint_button is not None, self.ai.seat)
