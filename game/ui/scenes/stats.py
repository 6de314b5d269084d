"""Statistics per game: matches, wins, hands, bids made."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, style
from ..dialog import DialogScene
from ..names import game_name, game_order


class StatsScene(DialogScene):
    name = "statistics"
    height_share = 0.7

    def build(self):
        self.widgets = self.button_row([(_("Recent hands"), self.recent_hands, False), (_("Back"), self.back, True)])
        self.focus = len(self.widgets) - 1

    def recent_hands(self):
        self.app.go("recent-hands", game=self.app.settings["game"])

    def draw(self, surf):
        lay = self.layout
        rect = self.draw_panel(surf, _("Statistics"))
        headers = [_("Game"), _("Matches"), _("Won"), _("Hands"), _("Bids made")]
        x0 = rect.left + lay.margin
        width = rect.width - 2 * lay.margin
        cols = [x0] + [x0 + int(width * f) for f in (0.34, 0.52, 0.68, 0.84)]
        y = rect.top + lay.margin + lay.large + 30
        size = lay.medium if not lay.portrait else lay.small + 2
        table = rect.inflate(-2 * lay.margin, 0)  # columns from the start edge
        head_h = lay.small
        for x, h in zip(cols, headers):
            room = int(width * 0.16) if x != x0 else int(width * 0.33)
            fit = gfx.fit_size(h, lay.small, room, True, lay.small * 3 // 4)
            if gfx.text_width(h, fit, True) <= room:
                gfx.blit_text(surf, h, fit, (x, y), style.TEXT_DIM, bold=True, within=table)
                continue
            while fit > 12 and max(gfx.text_width(line, fit, True) for line in gfx.wrap(h, fit, room, True)) > room:
                fit -= 1
            box = direction.flip(pygame.Rect(x, y, room, 0), table)  # a long heading (a translation) wrapped
            head_h = max(head_h, gfx.blit_wrapped(surf, h, fit, box, style.TEXT_DIM, True, 1.1))
        y += head_h + 16
        for i, game in enumerate(game_order()):
            st = self.app.store.game_stats(game)
            won = f"{st['wins']}" + (f" ({100 * st['wins'] // st['matches']}%)" if st["matches"] else "")
            bids = f"{st['bids_made']}/{st['bids']}"
            cells = [game_name(game), str(st["matches"]), won, str(st["hands"]), bids]
            if i % 2 == 0:
                gfx.panel(surf, (x0 - 10, y - 6, width + 20, size + 16), (255, 255, 255, 16), 8)
            for x, c in zip(cols, cells):
                gfx.blit_text(surf, c, gfx.fit_size(c, size, int(width * 0.17) if x != x0 else int(width * 0.33)),
                              (x, y), style.TEXT, bold=x == x0, within=table)
            y += size + 22
        self.draw_widgets(surf)
