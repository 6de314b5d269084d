"""The end of a match: the winner (and Schneider in Schieber), the score sheet
of every hand, and a small chart of the score over the match.  The sheet opens at the last
hands; when they do not all fit, the earlier ones are a swipe, the wheel or Page Up away."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..games import game_ui
from ..session import Session


class MatchResultScene(DialogScene):
    name = "match-result"
    width_share, height_share = 0.9, 0.94

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.ui = game_ui(session.game, session.demo)
        self.records = session.match.finished
        self.t = 0.0

    DEMO_WAIT = 8.0  # a demo starts a new match by itself

    def update(self, dt):
        self.t += dt
        if self.session.demo and self.t > self.DEMO_WAIT:
            s = self.session
            self.app.go("table", replace=True, session=Session(s.game, s.options, s.seed + 1, s.level, ()))

    def build(self):
        self.widgets = self.button_row([(_("Menu"), self.to_menu, False), (_("New match"), self.again, True)])
        self.focus = 1
        # the sheet's rows scroll under its headings; it opens (and stays, if it was) at the end
        sheet, _chart = self.areas()
        _xs, _widths, headings, _rows, heights = self.sheet_layout(sheet)
        at_end = self.viewport is None or self.scroll >= self.max_scroll()
        head = self.heading_height(headings)
        # (6 px each side: a row's stripe starts 6 before the first column, mirrored in right to left)
        self.viewport = pygame.Rect(sheet.left - 6, sheet.top + head - 3, sheet.width + 12, sheet.height - head + 3)
        self.content_height = sum(heights)
        self.scroll_to(self.max_scroll() if at_end else self.scroll)

    def key(self, ev):
        if ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # the sheet, a few hands at a time
            self.wheel(5 if ev.key == pygame.K_PAGEUP else -5)
        else:
            super().key(ev)

    def to_menu(self):
        self.app.home()

    back = to_menu

    def again(self):
        self.app.home()
        self.app.go("new-match", game=self.session.game)

    def headline(self):
        winner = self.session.match.winner
        last = self.records[-1]["result"] if self.records else {}
        if self.session.demo:
            text = _("{side} win the match").format(side=self.ui.side(winner))
        else:
            text = _("You win the match!") if winner == 0 else _("Your opponents win the match")
        if last.get("schneider"):
            text += " · " + _("Schneider!")
        return text

    def areas(self):
        """The score sheet's and the chart's rects in the panel (the sheet at the start edge)."""
        lay = self.layout
        rect = self.panel_rect()
        top = rect.top + lay.margin + lay.large + 24
        bottom = self.widgets[0].rect.top - lay.gap * 2
        inner = pygame.Rect(rect.left + lay.margin, top, rect.width - 2 * lay.margin, bottom - top)
        if lay.portrait:
            chart = pygame.Rect(inner.left, inner.top, inner.width, inner.height * 2 // 5)
            top = chart.bottom + lay.gap * 2
            sheet = pygame.Rect(inner.left, top, inner.width, inner.bottom - top)
        else:
            sheet = pygame.Rect(inner.left, inner.top, inner.width * 3 // 5, inner.height)
            left = sheet.right + lay.margin
            chart = pygame.Rect(left, inner.top, inner.right - left, inner.height)
            sheet, chart = direction.flip(sheet, inner), direction.flip(chart, inner)  # the sheet at the start
        return sheet, chart

    def draw(self, surf):
        self.draw_panel(surf, self.headline())
        sheet, chart = self.areas()
        self.sheet(surf, sheet)
        self.chart(surf, chart)
        self.draw_widgets(surf)

    def sheet_layout(self, rect):
        """The score sheet laid out in ``rect``: (x of each column, width of each, header, rows of
        [lines per cell], row heights), every hand of the match.  Every
        column is as wide as its widest entry but the one the game lets wrap (a contract in
        words), which takes the room left."""
        lay = self.layout
        size, gap = lay.small, 14
        columns = self.ui.sheet_columns()
        rows = [[str(i + 1)] + [str(c) for c in self.ui.sheet_row(rec)] for i, rec in enumerate(self.records)]
        # a heading may break into lines (a side's name after its dash), a cell may not
        widths = [max([kit.text.widest_piece(h, size)] + [kit.text.width(r[i], size, True) for r in rows]) for i, h in
                  enumerate(columns)]
        wrap = self.ui.sheet_wrap
        if wrap is not None:
            others = sum(w for i, w in enumerate(widths) if i != wrap) + gap * (len(columns) - 1)
            widths[wrap] = max(kit.text.widest_piece(columns[wrap], size), min(widths[wrap], rect.width - others))
        headings = [kit.text.heading_lines(h, size, w) for h, w in zip(columns, widths)]
        xs, x = [], rect.left
        for w in widths:
            xs.append(x)
            x += w + gap
        line = size + 6
        cells = [[kit.text.wrap(c, size, widths[i]) if i == wrap else (c,) for i, c in enumerate(r)] for r in rows]
        heights = [max(len(c) for c in r) * line + 6 for r in cells]
        return xs, widths, headings, cells, heights

    def heading_height(self, headings) -> int:
        return max(len(h) for h in headings) * (self.layout.small + 6) + 6

    def sheet(self, surf, rect):
        """Every hand in a table, its rows scrolled in the viewport under the headings."""
        lay = self.layout
        size = lay.small
        xs, widths, headings, rows, heights = self.sheet_layout(rect)
        for x, lines in zip(xs, headings):  # columns from the start edge
            for k, text in enumerate(lines):
                gfx.blit_text(surf, text, size, (x, rect.top + k * (size + 6)), style.TEXT_DIM, bold=True,
                              within=rect)
        y = rect.top + self.heading_height(headings) - self.scroll
        clip = surf.get_clip()
        surf.set_clip(self.viewport.clip(clip))
        for n, (row, height) in enumerate(zip(rows, heights)):
            if y + height >= self.viewport.top and y - 3 <= self.viewport.bottom:
                if n % 2 == 0:
                    gfx.panel(surf, (rect.left - 6, y - 3, rect.width, height), (255, 255, 255, 16), 6)
                for x, lines in zip(xs, row):
                    for k, text in enumerate(lines):
                        gfx.blit_text(surf, text, size, (x, y + k * (size + 6)), style.TEXT, within=rect)
            y += height
        surf.set_clip(clip)

    def chart(self, surf, rect):
        """Each side's score (400: partners added) after every hand.  The hands run left to right
        in every language (a time axis, as in print); the title and legend start at the start edge."""
        lay = self.layout
        gfx.panel(surf, rect, (255, 255, 255, 14), 12)
        first = self.session.match.cls.initial_score(self.session.options)
        points = [self.ui.side_totals(first)] + [self.ui.side_totals(r["result"]["score"]) for r in self.records]
        values = [v for p in points for v in p]
        lo, hi = min(values + [0]), max(values + [1])
        labels = [f"● {self.ui.side(side)} {points[-1][side]}" for side in (0, 1)]
        widths = [kit.text.width(label, lay.small, True) for label in labels]
        one_line = sum(widths) + 20 <= rect.width - 24  # else each side on its own line
        legend = (2 if one_line else 3) * int(lay.small * 1.15) + 16
        inset = rect.inflate(-lay.margin, -lay.margin)
        area = pygame.Rect(inset.left, inset.top + legend, inset.width, inset.height - legend)

        def at(i, v):
            x = area.left + area.width * i / max(1, len(points) - 1)
            return int(x), int(area.bottom - (v - lo) / max(1, hi - lo) * area.height)

        gfx.blit_text(surf, _("Score over the match"), lay.small, (rect.left + 12, rect.top + 8), style.TEXT_DIM,
                      bold=True, within=rect)
        if lo < 0 < hi:
            pygame.draw.line(surf, style.TEXT_DIM, at(0, 0), (area.right, at(0, 0)[1]), 1)
        for side in (0, 1):
            pts = [at(i, p[side]) for i, p in enumerate(points)]
            colour = style.SIDE_COLOURS[side]
            if len(pts) > 1:
                pygame.draw.lines(surf, colour, False, pts, 4)
            for p in pts:
                pygame.draw.circle(surf, colour, p, 5)
        x, y = rect.left + 12, rect.top + 14 + int(lay.small * 1.15)  # the legend, under the title
        for side in (0, 1):
            gfx.blit_text(surf, labels[side], lay.small, (x, y), style.SIDE_COLOURS[side], bold=True, within=rect)
            if one_line:
                x += widths[side] + 20
            else:
                y += int(lay.small * 1.15)
