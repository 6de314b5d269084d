"""Statistics per game: matches, wins, hands, bids made -- a block per game, each figure on its
own line under its name (so a long translated name wraps instead of colliding), scrolled."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..names import game_name, game_order


class StatsScene(DialogScene):
    name = "statistics"
    height_share = 0.86

    def build(self):
        lay = self.layout
        self.widgets = self.button_row([(_("Recent hands"), self.recent_hands, False), (_("Back"), self.back, True)])
        self.focus = len(self.widgets) - 1
        panel = self.panel_rect()
        top = panel.top + lay.margin + lay.large + 24
        bottom = self.widgets[0].rect.top - lay.gap
        self.viewport = pygame.Rect(panel.left + lay.margin, top, panel.width - 2 * lay.margin, bottom - top)
        self.page = self.render_page(self.viewport.width)
        self.content_height = self.page.get_height()
        self.scroll_to(self.scroll)

    def recent_hands(self):
        self.app.go("recent-hands", game=self.app.settings["game"])

    def figures(self, game):
        """(label, value) of one game's statistics."""
        st = self.app.store.game_stats(game)
        won = f"{st['wins']}" + (f" ({100 * st['wins'] // st['matches']}%)" if st["matches"] else "")
        return [(_("Matches"), str(st["matches"])), (_("Won"), won), (_("Hands"), str(st["hands"])),
                (_("Bids made"), f"{st['bids_made']}/{st['bids']}")]

    def blocks(self, width):
        """Per game: (title lines, [(label lines, value)]) laid out for a column ``width`` wide."""
        lay = self.layout
        out = []
        for game in game_order():
            title = kit.text.wrap(game_name(game), lay.body, width - 24, True)
            rows = []
            for label, value in self.figures(game):
                room = width - 24 - kit.text.width(value, lay.body, True) - 24
                rows.append((kit.text.wrap(label, lay.body, max(80, room)), value))
            out.append((title, rows))
        return out

    def render_page(self, width):
        """Every game's block on one tall surface: one column in portrait, two side by side in landscape."""
        lay = self.layout
        cols = 1 if lay.portrait else 2
        col_w = (width - (cols - 1) * lay.gap * 2) // cols
        line = int(lay.body * 1.3)
        blocks = self.blocks(col_w)
        heights = [len(t) * line + 12 + sum(max(1, len(lbl)) * line + 8 for lbl, _v in rows) + 16
                   for t, rows in blocks]
        tops, y = [], 0
        for i in range(0, len(blocks), cols):
            tops += [y] * len(blocks[i:i + cols])
            y += max(heights[i:i + cols]) + lay.gap
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for i, ((title, rows), top) in enumerate(zip(blocks, tops)):
            left = (i % cols) * (col_w + lay.gap * 2)
            if direction.rtl():
                left = width - left - col_w  # the first game at the start edge
            box = pygame.Rect(left, top, col_w, heights[i])
            gfx.panel(page, box, (255, 255, 255, 16), 12)
            inner = box.inflate(-24, 0)
            ty = box.top + 8
            for t in title:
                gfx.blit_text(page, t, lay.body, (inner.left, ty), style.HIGHLIGHT, bold=True, within=inner)
                ty += line
            ty += 4
            for label, value in rows:
                for n, part in enumerate(label):
                    gfx.blit_text(page, part, lay.body, (inner.left, ty + n * line), style.TEXT_DIM, within=inner)
                gfx.blit_text(page, value, lay.body, (inner.right, ty), style.TEXT, "topright", True, within=inner)
                ty += max(1, len(label)) * line + 8
        return page

    def draw(self, surf):
        self.draw_panel(surf, _("Statistics"))
        surf.set_clip(self.viewport)
        surf.blit(self.page, (self.viewport.left, self.viewport.top - self.scroll))
        surf.set_clip(None)
        self.draw_scrollbar(surf)
        self.draw_widgets(surf)
