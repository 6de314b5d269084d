"""The last hands played of each game (the store keeps twenty per game), newest first; a tap
opens one in the hand review."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..games import game_ui
from ..names import game_order
from ..review.hand import hand_headline
from ..widgets import Button


class HandRow(Button):
    """One kept hand: its number (1 is the newest) and its result in one line."""

    scrolls = True

    def draw(self, surf, focused=False):
        r = self.rect
        gfx.panel(surf, r, style.PANEL if self.enabled else (40, 40, 40, 160), style.RADIUS,
                  style.ACCENT if focused else None, 3 if focused else 0)
        inner = r.inflate(-32, 0)
        size = kit.text.fit_size(self.label, self.size, inner.width, False, 22)
        lines = kit.text.wrap(self.label, size, inner.width)
        step = int(size * 1.25)
        y = r.centery - step * len(lines) // 2
        for line in lines[:2]:
            gfx.blit_text(surf, line, size, (inner.left, y), style.TEXT if self.enabled else style.TEXT_DIM,
                          within=inner)
            y += step


class RecentHandsScene(DialogScene):
    name = "recent-hands"
    width_share, height_share = 0.78, 0.94

    def __init__(self, app, game=None):
        super().__init__(app)
        self.game = game or app.settings["game"]

    def shot_key(self):
        return f"recent-hands-{self.game}"

    def build(self):
        lay = self.layout
        panel = self.panel_rect()
        games = game_order()
        gap = lay.gap
        tab_h = max(lay.button_h, 96)
        tab_w = (panel.width - 2 * lay.margin - (len(games) - 1) * gap) // len(games)
        y = panel.top + lay.margin + lay.large + 20
        tabs = [Button((panel.left + lay.margin + i * (tab_w + gap), y, tab_w, tab_h), game_ui(g).short_title,
                       lambda g=g: self.select(g), max(24, lay.small + 2), primary=g == self.game)
                for i, g in enumerate(games)]
        self.widgets = direction.flip_widgets(tabs, panel)
        back = self.button_row([(_("Back"), self.back, True)])
        top = y + tab_h + gap
        self.viewport = pygame.Rect(panel.left + lay.margin, top, panel.width - 2 * lay.margin,
                                    back[0].rect.top - gap - top)
        row_h = max(96, lay.medium * 2 + 40)
        rows = []
        for i, record in enumerate(self.app.store.recent_hands(self.game)):
            headline = hand_headline(record)
            label = f"{i + 1}. " + (headline or _("This hand cannot be replayed."))
            rows.append(HandRow((self.viewport.left, top + i * (row_h + gap), self.viewport.width - 12, row_h),
                                label, lambda r=record: self.open(r), max(24, lay.medium), enabled=bool(headline)))
        self.rows = rows
        self.content_height = len(rows) * (row_h + gap)
        self.scroll_to(self.scroll)
        self.widgets += rows + back
        self.focus = len(tabs) if rows else len(self.widgets) - 1

    def select(self, game):
        self.game, self.scroll = game, 0
        self.build()

    def open(self, record):
        self.app.go("review", record=record)

    def draw(self, surf):
        self.draw_panel(surf, _("Recent hands"))
        if not self.rows:
            lay = self.layout
            gfx.blit_wrapped(surf, _("No hands of this game yet: the last twenty you play are kept here."),
                             max(24, lay.medium), self.viewport, style.TEXT_DIM, align="center")
        self.draw_widgets(surf)
