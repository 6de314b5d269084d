"""The rules of each game in our own words, with its rule options, readable on a phone."""

from __future__ import annotations

import pygame

from game.engine import game_class
from game.i18n import _

from .. import direction, gfx, style
from ..dialog import DialogScene
from ..games import game_ui
from ..names import game_name, game_order, option_label, option_value_text
from ..widgets import Button


class RulesScene(DialogScene):
    name = "rules"
    width_share, height_share = 0.78, 0.94

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.page = None

    def shot_key(self):
        return f"rules-{self.game}"

    def build(self):
        lay = self.layout
        panel = self.panel_rect()
        gap = lay.gap
        games = game_order()
        tab_w = (panel.width - 2 * lay.margin - (len(games) - 1) * gap) // len(games)
        y = panel.top + lay.margin
        self.widgets = [Button((panel.left + lay.margin + i * (tab_w + gap), y, tab_w, lay.button_h - 10),
                               game_ui(g).short_title, lambda g=g: self.select(g), lay.small + 2,
                               primary=g == self.game) for i, g in enumerate(games)]
        direction.flip_widgets(self.widgets, panel)  # the tabs in reading order
        self.widgets += self.button_row([(_("Back"), self.back, True)])
        top = y + lay.button_h + gap
        bottom = self.widgets[-1].rect.top - gap
        self.viewport = pygame.Rect(panel.left + lay.margin, top, panel.width - 2 * lay.margin, bottom - top)
        self.page = self.render_page(self.viewport.width)
        self.content_height = self.page.get_height()
        self.scroll_to(self.scroll)
        self.focus = -1

    def select(self, game):
        self.game, self.scroll = game, 0
        self.build()

    def render_page(self, width):
        """The whole rules text for the game as one tall surface."""
        lay = self.layout
        body, head = lay.medium - (0 if lay.portrait else 2), lay.medium + 2
        hand_cls = game_class(self.game)
        parts = [(_(h), _(p)) for h, p in hand_cls.rules_text()]
        opts = hand_cls.OPTIONS
        if opts:
            text = "\n".join(f"• {option_label(o.name)}: {_(o.description)} "
                             + _("(default: {value})").format(value=option_value_text(o, o.default)) for o in opts)
            parts.append((_("Options"), text))
        title = lay.large
        height = title + 24 + sum(head + 20 + len(gfx.wrap(p, body, width)) * int(body * 1.4) + 14
                                  for _h, p in parts) + 20
        page = pygame.Surface((width, height), pygame.SRCALPHA)
        box = page.get_rect()  # the title and headings at the start edge
        gfx.blit_text(page, game_name(self.game), title, (0, 0), style.TEXT, bold=True, within=box)
        y = title + 24
        for h, p in parts:
            gfx.blit_text(page, h, head, (0, y), style.HIGHLIGHT, bold=True, within=box)
            y += head + 12
            y += gfx.blit_wrapped(page, p, body, pygame.Rect(0, y, width, 0), style.TEXT, spacing=1.4) + 14
        return page

    def key(self, ev):
        if ev.key in (pygame.K_DOWN, pygame.K_UP):
            self.wheel(-1 if ev.key == pygame.K_DOWN else 1)
        elif direction.arrow_step(ev.key):  # the next tab in reading order
            games = game_order()
            i = games.index(self.game) + direction.arrow_step(ev.key)
            self.select(games[i % len(games)])
        else:
            super().key(ev)

    def draw(self, surf):
        self.draw_panel(surf, "")
        surf.set_clip(self.viewport)
        surf.blit(self.page, (self.viewport.left, self.viewport.top - self.scroll))
        surf.set_clip(None)
        self.draw_scrollbar(surf)
        self.draw_widgets(surf)
