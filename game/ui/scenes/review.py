"""The hand review: a finished (or partial) hand record shown with all four hands face up, from
the deal through the auction and trick by trick to the final breakdown.

Opened by name with a hand record (``app.go("review", record=..., step=N, autoplay=False)``):
from the hand result, from the recent hands of the statistics, and by a link to a record.
Forward and back with the buttons, the arrow keys, a swipe, Page Up/Down for whole tricks and
Home/End; the play button steps on by itself.  The steps are a time line, which runs left to
right in every language (as a chart's time axis does: see ``direction``): the buttons, arrows
and swipes do not mirror in Arabic, the bar's Close and Why? do.  "Why?" shows what an AI seat
weighed when the record carries it.  "Link to this moment" copies the page's link that opens
this review at the step shown (as ``python -m game.engine link RECORD --step N --mode watch``
prints it), through the hand result's copy path (``game.web.share``); the hand's deal code
lies in the middle of the table until a card is played, and under the final breakdown."""

from __future__ import annotations

import pygame

from game.engine import codes
from game.i18n import _, language
from game.web import share

from .. import direction, gfx, style
from ..names import jass_deck
from ..review.hand import HandReview
from ..review.layout import TEXT_MIN, Screen, lay_out, plan
from ..review.view import IconButton, ReviewView, nav_icon
from ..scene import ACTIVATE, Scene
from ..widgets import Button

SWIPE = 90         # pixels across a swipe must travel to turn a step
AUTOPLAY_STEP = 1.1  # seconds per step when playing on (at the normal animation speed)


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, record, step: int = 0, autoplay: bool = False, compass: bool = False):
        super().__init__(app)
        self.error = None
        self.copying = None     # the link being copied (share.Copy)
        self.shown_link = None  # the link, over the table, when it was not copied
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
        self.view = ReviewView(app.art(self.review.ui.deck))
        self._screen = None  # (what it shows, the Screen laid out for it)
        try:  # a hand a code cannot hold (more actions than a code takes) has no link nor code
            self.record_code = codes.record_code(self.review.hand)
            self.deal_code = codes.deal_code_of(self.review.hand)
        except ValueError:
            self.record_code = self.deal_code = None

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
        link = Button(self.in_bar(p.link), _("Link to this moment"), self.copy_link, small + 2,
                      enabled=self.record_code is not None, smallest=TEXT_MIN)
        play = IconButton(self.in_bar(p.play), _("Pause") if self.playing else _("Play"),
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
        self.widgets = [close, play, why, link] + self.nav
        if not (0 <= self.focus < len(self.widgets)) or not self.widgets[self.focus].enabled:
            self.focus = -1

    def in_bar(self, rect):
        """A place of the top bar mirrored in a right-to-left language (the steps' row is not)."""
        return direction.flip(rect, self.plan.bar) if self.plan.bar.contains(rect) else rect

    # ---- the link to this moment --------------------------------------------------------------------
    def moment_link(self) -> str:
        """The page's link that opens this hand's review at the step shown (the final breakdown:
        at the last action)."""
        step = min(self.position, self.review.steps)
        return codes.link(share.page_address() or codes.DEFAULT_BASE, record=self.record_code, step=step,
                          mode="watch")

    def copy_link(self):
        self.shown_link = None
        self.copying = share.copy(self.moment_link())

    def copied(self, dt):
        """Follows a copy: a notice when it is done; the link over the table when it was not."""
        if self.copying is None or self.copying.poll(dt) == share.PENDING:
            return
        done, self.copying = self.copying, None
        if done.state == share.DONE:
            self.app.notify(_("Link copied."))
            return
        self.shown_link, self.show_note = done.text, False
        self.app.notify(_("Link printed in the terminal.") if done.state == share.PRINTED
                        else _("The browser did not copy the link: it is shown over the table."))

    # ---- moving -------------------------------------------------------------------------------------
    def go_to(self, position: int, stop: bool = True):
        if self.review is None:
            return
        position = max(0, min(position, self.review.last_position))
        if stop:
            self.playing = False
        if position != self.position:
            self.position = position
            self.shown_link = None  # it was the link to the step before
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
        self.shown_link = None
        self.build()

    def update(self, dt):
        self.copied(dt)
        if self.review is None or not self.playing:
            return
        self.clock += dt * float(self.app.settings["anim_speed"])
        if self.clock >= AUTOPLAY_STEP:
            self.clock = 0.0
            self.go_to(self.position + 1, stop=False)
            if self.position >= self.review.last_position:
                self.playing = False
                self.build()

    def shown(self):
        """Autoplay steps on by itself; a copy ends by itself."""
        if self.review is None:  # a record that cannot be shown: its message only
            return None
        return self.position, self.playing, self.show_note, self.shown_link

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
        elif self.shown_link:
            self.shown_link = None  # a tap beside the link closes it
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
        elif k == pygame.K_ESCAPE and self.shown_link:
            self.shown_link = None
        elif k == pygame.K_ESCAPE and self.show_note:
            self.toggle_note()
        else:
            super().key(ev)

    # ---- drawing ------------------------------------------------------------------------------------
    def screen(self) -> Screen:
        """The position shown, laid out (again only when it, Why?, the link or the language changed)."""
        key = (self.position, self.show_note, self.shown_link, language(), jass_deck())
        if self._screen is None or self._screen[0] != key:
            self._screen = key, lay_out(self.plan, self.review.ui, self.review, self.position, self.deal_code,
                                        self.show_note, self.shown_link)
        return self._screen[1]

    def draw(self, surf):
        self.app.draw_table(surf)
        if self.review is None:
            lay = self.layout
            gfx.blit_wrapped(surf, _("This hand cannot be shown: {reason}").format(reason=self.error), lay.medium,
                             pygame.Rect(lay.margin, lay.size[1] // 4, lay.size[0] - 2 * lay.margin, 0),
                             style.TEXT, align="center")
            self.draw_widgets(surf)
            return
        self.view.draw(surf, self.screen())
        self.draw_widgets(surf)
