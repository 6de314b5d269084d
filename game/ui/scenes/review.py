"""The hand review: a finished (or partial) hand record shown with all four hands face up, from
the deal through the auction and trick by trick to the final breakdown.

Opened by name with a hand record (``app.go("review", record=..., step=N, autoplay=False)``):
from the hand result, from the recent hands of the statistics, and by a link to a record.
Forward and back with the buttons, the arrow keys, a swipe, Page Up/Down for whole tricks and
Home/End; the play button steps on by itself.  The steps are a time line, which runs left to
right in every language (as a chart's time axis does: see ``direction``): the buttons, arrows
and swipes do not mirror in Arabic, the bar's Close and Why? do.  "Why?" shows what an AI seat
weighed when the record carries it."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, style
from ..review import HandReview
from ..review_view import IconButton, ReviewView, nav_icon, plan
from ..scene import ACTIVATE, Scene
from ..widgets import Button

SWIPE = 90         # pixels across a swipe must travel to turn a step
AUTOPLAY_STEP = 1.1  # seconds per step when playing on (at the normal animation speed)


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, record, step: int = 0, autoplay: bool = False, compass: bool = False):
        super().__init__(app)
        self.error = None
        try:
            self.review = HandReview(record, demo=compass)
        except ValueError as err:  # not a hand this engine can replay
            self.review = None
            self.error = str(err)
            return
        self.position = max(0, min(int(step) if type(step) is int else 0, self.review.last_position))
        self.playing = bool(autoplay) and self.position < self.review.last_position
        self.clock = 0.0
        self.show_note = False
        self.swipe_from = None
        self.plan = plan(self.layout.size, self.review.cards_each)
        self.view = ReviewView(self.plan, app.art(self.review.ui.deck), self.review.ui)

    def shot_key(self):
        return "review"

    def enter(self):
        super().enter()
        if self.error:
            self.app.notify(_("This hand cannot be shown: {reason}").format(reason=self.error))

    # ---- widgets --------------------------------------------------------------------------------------
    def build(self):
        if self.review is None:
            lay = self.layout
            self.widgets = [Button((lay.size[0] // 2 - 120, lay.size[1] // 2 - 48, 240, 96), _("Close"), self.back,
                                   lay.medium, True)]
            self.focus = 0
            return
        p = self.plan
        small = p.small
        close = Button(direction.flip(p.close, p.bar), _("Close"), self.back, small + 2)
        play = IconButton(direction.flip(p.play, p.bar), _("Pause") if self.playing else _("Play"),
                          nav_icon("pause" if self.playing else "play", 48, style.BUTTON_TEXT), self.toggle_play,
                          enabled=self.position < self.review.last_position or self.playing)
        note = self.review.note(self.position)
        why = Button(direction.flip(p.why, p.bar), _("Why?"), self.toggle_note, small + 2,
                     primary=self.show_note, enabled=note is not None)
        last = self.review.last_position
        specs = [(_("Previous trick"), "back_trick", self.previous_trick, self.position > 0),
                 (_("Back"), "back_step", lambda: self.go_to(self.position - 1), self.position > 0),
                 (_("Next"), "step", lambda: self.go_to(self.position + 1), self.position < last),
                 (_("Next trick"), "trick", self.next_trick, self.position < last)]
        nav = [IconButton(rect, label, nav_icon(kind, 48, style.BUTTON_TEXT), cb, enabled)
               for rect, (label, kind, cb, enabled) in zip(self.plan.nav, specs)]
        self.nav = nav
        self.widgets = [close, play, why] + self.nav
        if not (0 <= self.focus < len(self.widgets)) or not self.widgets[self.focus].enabled:
            self.focus = -1

    # ---- moving -------------------------------------------------------------------------------------
    def go_to(self, position: int, stop: bool = True):
        if self.review is None:
            return
        position = max(0, min(position, self.review.last_position))
        if stop:
            self.playing = False
        if position != self.position:
            self.position = position
            self.show_note = self.show_note and self.review.note(position) is not None
            self.app.sounds.play("card")
        self.build()

    def next_trick(self):
        self.go_to(self.review.next_trick(self.position))

    def previous_trick(self):
        self.go_to(self.review.previous_trick(self.position))

    def toggle_play(self):
        if self.position >= self.review.last_position:
            self.playing = False
        else:
            self.playing = not self.playing
            self.clock = 0.0
        self.build()

    def toggle_note(self):
        self.show_note = not self.show_note and self.review.note(self.position) is not None
        self.build()

    def update(self, dt):
        if self.review is None or not self.playing:
            return
        self.clock += dt * float(self.app.settings["anim_speed"])
        if self.clock >= AUTOPLAY_STEP:
            self.clock = 0.0
            self.go_to(self.position + 1, stop=False)
            if self.position >= self.review.last_position:
                self.playing = False
                self.build()

    # ---- input --------------------------------------------------------------------------------------
    def press_elsewhere(self, pos):
        self.swipe_from = pos

    def release_elsewhere(self, pos):
        start, self.swipe_from = self.swipe_from, None
        if start is None or self.review is None:
            return
        dx, dy = pos[0] - start[0], pos[1] - start[1]
        if abs(dx) >= SWIPE and abs(dx) > 2 * abs(dy):  # a swipe to the left turns forward, as a page
            self.go_to(self.position + (1 if dx < 0 else -1))
        elif self.show_note:
            self.toggle_note()  # a tap beside the note closes it

    def key(self, ev):
        if self.review is None:
            super().key(ev)
            return
        k = ev.key
        step = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}.get(k, 0)
        no_focus = not (0 <= self.focus < len(self.widgets))
        if step:
            self.go_to(self.position + step)
        elif k == pygame.K_PAGEDOWN:
            self.next_trick()
        elif k == pygame.K_PAGEUP:
            self.previous_trick()
        elif k == pygame.K_HOME:
            self.go_to(0)
        elif k == pygame.K_END:
            self.go_to(self.review.last_position)
        elif k in ACTIVATE and no_focus:
            self.toggle_play()
        elif k == pygame.K_ESCAPE and self.show_note:
            self.toggle_note()
        else:
            super().key(ev)

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, surf):
        self.app.draw_table(surf)
        if self.review is None:
            lay = self.layout
            gfx.blit_wrapped(surf, _("This hand cannot be shown: {reason}").format(reason=self.error), lay.medium,
                             pygame.Rect(lay.margin, lay.size[1] // 4, lay.size[0] - 2 * lay.margin, 0),
                             style.TEXT, align="center")
            self.draw_widgets(surf)
            return
        review, view, position = self.review, self.view, self.position
        moment = review.moment(position)
        view.bar(surf, review, position)
        view.board(surf, review, moment)
        summary = review.is_summary(position)  # the breakdown says it all; the column keeps the score
        view.info(surf, [] if summary else review.lines(position), review.context(position))
        if summary:
            view.summary(surf, review)
        elif self.show_note:
            view.note(surf, review, review.note(position))
        self.draw_widgets(surf)
