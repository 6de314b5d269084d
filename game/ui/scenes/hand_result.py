"""After a hand: the points of each side broken down, and the score moving."""

from __future__ import annotations

import pygame

from game.engine import codes
from game.i18n import _
from game.web import share

from .. import direction, gfx, style
from ..dialog import DialogScene
from ..games import game_ui
from ..links import earlier_result

COUNT_TIME = 1.4   # seconds for the score to move
DEMO_WAIT = 4.0    # a demo goes on by itself


class HandResultScene(DialogScene):
    name = "hand-result"
    shot_after = 130  # the picture shows the score after it has moved

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.ui = game_ui(session.game, session.demo)
        self.obs = session.hand.observation(0)
        self.res = session.result()
        self.before = list(self.obs.score)
        self.after = list(self.res["score"])
        self.t = 0.0
        made = self._made_by_us()
        if made is not None:
            app.sounds.play("win" if made else "lose")
        self.deal_code, self.earlier, self.copying = codes.deal_code_of(session.hand), earlier_result(session), None
        self.shown_link = None  # the link, on the panel, when it could not be copied

    def panel_rect(self):
        lay = self.layout
        return lay.dialog(self.width_share, 0.64 if lay.portrait else self.height_share)  # no empty half on a phone

    def _made_by_us(self):
        res = self.res
        if res["thrown_in"]:
            return None
        if res.get("match_over"):
            return res["winner"] == 0
        gain = self.ui.side_totals(self.after)[0] - self.ui.side_totals(self.before)[0]
        loss = self.ui.side_totals(self.after)[1] - self.ui.side_totals(self.before)[1]
        return gain >= loss

    def build(self):
        over = self.res.get("match_over")
        label, go_on = (_("Match result") if over else _("Next hand")), self.go_on
        if self.session.guide is not None:  # a lesson's hand: then a match of the game
            label, go_on = _("Play a match"), self.play_match
        main = [(_("Menu"), self.to_menu, False), (label, go_on, True)]
        more = [(_("Copy link"), self.copy_link, False), (_("Review"), self.review, False)]
        if self.layout.portrait:  # two rows on a narrow screen: the hand's links above, going on below
            lay, rect = self.layout, self.panel_rect()
            self.widgets = self.button_row(more, rect.move(0, -lay.button_h - lay.gap)) + self.button_row(main)
        else:
            self.widgets = self.button_row(main[:1] + more + main[1:])
        self.focus = len(self.widgets) - 1

    def copy_link(self):
        """The link that deals these cards again (with this result, to compare), to the clipboard."""
        self.copying = share.copy(codes.link(share.page_address() or codes.DEFAULT_BASE, deal=self.deal_code))

    def review(self):
        """The hand just played, step by step with all cards face up (back here when closed)."""
        self.app.go("review", record=self.session.hand_record(), compass=self.session.demo)

    def to_menu(self):
        self.app.home()

    def play_match(self):
        self.app.go("new-match", replace=True, game=self.session.game)

    def go_on(self):
        self.session.next_hand()
        self.app.go("match-result" if self.session.over else "table", replace=True, session=self.session)

    def back(self):
        self.to_menu()

    def update(self, dt):
        self.t += dt * float(self.app.settings["anim_speed"])
        if self.copying and self.copying.poll(dt) != share.PENDING:
            done, self.copying = self.copying, None
            if done.state == share.DONE:
                self.app.notify(_("Link copied."))
                return
            self.shown_link = done.text
            self.app.notify(_("Link printed in the terminal.") if done.state == share.PRINTED
                            else _("The browser did not copy the link: it is shown above the buttons."))
        if self.session.demo and self.t > DEMO_WAIT:
            self.go_on()

    def shown_score(self):
        k = min(1.0, max(0.0, (self.t - 0.4) / COUNT_TIME))
        return [round(b + (a - b) * k) for b, a in zip(self.before, self.after)]

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, surf):
        lay = self.layout
        rect = self.draw_panel(surf, _("Hand result"), self.ui.result_headline(self.obs, self.res))
        inner = rect.inflate(-2 * lay.margin, 0)
        y = rect.top + lay.margin + lay.large + 30 + lay.medium * 2 + 20
        rows = self.ui.result_rows(self.obs, self.res)
        if rows or self.ui.per_player:  # a per-player table keeps its headings when the hand is thrown in
            y = self.table(surf, inner, y, self.ui.result_header(), rows)
        y += lay.gap * 2
        self.score(surf, inner, y)
        self.draw_code(surf, inner)
        self.draw_widgets(surf)

    def draw_code(self, surf, rect):
        """The deal code above the buttons, and what the same cards came to last time."""
        lay = self.layout
        y = min(w.rect.top for w in self.widgets) - lay.small - 12
        lines = [self.shown_link or _("Deal code: {code}").format(code=self.deal_code)]
        if self.earlier:
            us, them = self.earlier.points
            lines.insert(0, _("Last time with these cards: {us} to {them}, score {change}").format(
                us=us, them=them, change=f"{self.earlier.change[0]:+d}"))
        for line in reversed(lines):
            size = gfx.fit_size(line, lay.small, rect.width)
            gfx.blit_text(surf, line, size, (rect.centerx, y), style.TEXT_DIM, "midtop")
            y -= lay.small + 8

    def table(self, surf, rect, y, header, rows):
        lay = self.layout
        size = lay.medium
        cols = [rect.left] + [rect.left + rect.width * share for share in self.ui.result_columns]
        rooms = [int(right - left - 12) for left, right in zip(cols, cols[1:] + [rect.right])]
        for i, h in enumerate(header):
            gfx.blit_text(surf, h, gfx.fit_size(h, lay.small, rooms[i], True), (cols[i], y), style.TEXT_DIM, bold=True,
                          within=rect)  # columns from the start edge
        y += lay.small + 10
        for r, row in enumerate(rows):
            if r % 2 == 0:
                gfx.panel(surf, (rect.left - 8, y - 4, rect.width + 16, size + 12), (255, 255, 255, 16), 6)
            for i, cell in enumerate(row):
                text = str(cell)
                colour = style.TEXT
                if text.startswith("+"):
                    colour = style.GOOD
                elif text.startswith("-"):
                    colour = style.BAD
                gfx.blit_text(surf, text, gfx.fit_size(text, size, rooms[i], i == 0), (cols[i], y), colour, bold=i == 0,
                              within=rect)
            y += size + 14
        return y

    def score(self, surf, rect, y):
        """The score before and after, counting up; tokens (304) are shown as chips too."""
        lay = self.layout
        shown = self.shown_score()
        gfx.blit_text(surf, _("Score"), lay.small, (rect.left, y), style.TEXT_DIM, bold=True, within=rect)
        y += lay.small + 10
        arrow = direction.arrow()
        for side in (0, 1):
            if self.ui.per_player:  # partners side by side
                label = "    ".join(f"{self.ui.seat(s)}  {self.before[s]} {arrow} {shown[s]}" for s in (side, side + 2))
            else:
                label = f"{self.ui.side(side)}  {self.before[side]} {arrow} {shown[side]}"
            gfx.blit_text(surf, label, lay.medium, (rect.left, y), style.SIDE_COLOURS[side], bold=True, within=rect)
            if self.ui.chips:
                self.chips(surf, rect, rect.left + rect.width * 0.45, y + lay.medium // 2, shown[side],
                           rect.right - (rect.left + rect.width * 0.45), style.SIDE_COLOURS[side])
            y += lay.medium + 16

    def chips(self, surf, box, x, cy, n, width, colour):
        """``n`` token chips in a row from ``x`` (mirrored in ``box`` in right to left)."""
        r = max(6, min(12, int(width / max(1, n) / 2) - 1))
        for i in range(n):
            cx = int(direction.flip_x(x + r + i * (2 * r + 2), box))
            pygame.draw.circle(surf, colour, (cx, cy), r)
            pygame.draw.circle(surf, style.TEXT_DARK, (cx, cy), r, 2)

