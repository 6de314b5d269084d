"""Learn by playing: the games that have a guided first hand, each with what it shows; a tap
starts it at the table."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..lessons.lesson import lesson_for, lesson_table
from ..names import game_name, game_order
from ..widgets import Button


class LessonTile(Button):
    """"Learn 304" and, below it, what the lesson shows."""

    def __init__(self, rect, label, summary, on_click, size):
        super().__init__(rect, label, on_click, size)
        self.summary = summary

    def draw(self, surf, focused=False):
        r = self.rect
        gfx.shadow(surf, r, 18)
        gfx.panel(surf, r, style.BUTTON if not self.pressed else style.BUTTON_DISABLED, 18,
                  style.ACCENT if focused else None, 5 if focused else 0)
        inner = r.inflate(-32, -24)
        size = kit.text.fit_size(self.label, self.size + 4, inner.width, True, self.size)
        gfx.blit_text(surf, self.label, size, inner.topleft, style.BUTTON_TEXT, bold=True, within=inner)
        body = pygame.Rect(inner.left, inner.top + size + 12, inner.width, 0)
        gfx.blit_wrapped(surf, self.summary, self.size - 2, body, style.BUTTON_TEXT, spacing=1.2)


class LearnScene(DialogScene):
    name = "learn"
    width_share, height_share = 0.86, 0.94

    def build(self):
        lay = self.layout
        panel = self.panel_rect()
        games = [g for g in game_order() if lesson_for(g)]
        cols = 1 if lay.portrait else 2
        gap = lay.gap * 2
        size = max(24, lay.medium)
        top = panel.top + lay.margin + lay.large + 24
        back = self.button_row([(_("Back"), self.back, False)])
        rows = (len(games) + cols - 1) // cols
        tile_w = (panel.width - 2 * lay.margin - (cols - 1) * gap) // cols
        tile_h = min(220, (back[0].rect.top - gap - top - (rows - 1) * gap) // max(1, rows))
        tiles = []
        for i, game in enumerate(games):
            x = panel.left + lay.margin + (i % cols) * (tile_w + gap)
            y = top + (i // cols) * (tile_h + gap)
            tiles.append(LessonTile((x, y, tile_w, tile_h), _("Learn {game}").format(game=game_name(game)),
                                    _(lesson_for(game).summary), lambda g=game: self.start(g), size))
        self.widgets = direction.flip_widgets(tiles, panel) + back
        self.focus = 0

    def start(self, game):
        name, params = lesson_table(self.app, game, self.app.settings["ai_level"])
        self.app.go(name, **params)

    def draw(self, surf):
        self.draw_panel(surf, _("Learn by playing"))
        self.draw_widgets(surf)
