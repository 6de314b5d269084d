"""The menu: choose a game, continue the saved match, watch a game, rules,
statistics and settings."""

from __future__ import annotations

import random
import sys

import pygame

from game.i18n import _

from .. import direction, gfx, style
from ..games import game_ui
from ..names import game_name, game_order, game_tagline
from ..scene import Scene
from ..session import Session
from ..widgets import Button, Widget


class GameTile(Widget):
    """A game to choose: its name, a suit and a line about it."""

    def __init__(self, rect, game, icon, on_click, size):
        super().__init__(rect)
        self.game, self.icon, self.on_click, self.size = game, icon, on_click, size

    def activate(self):
        self.on_click(self.game)

    def draw(self, surf, focused=False):
        r = self.rect
        gfx.shadow(surf, r, 18)
        gfx.panel(surf, r, style.BUTTON if not self.pressed else style.BUTTON_DISABLED, 18,
                  style.ACCENT if focused else None, 5 if focused else 0)
        # the suit, then the name, from the start edge
        icon = self.icon.get_rect(midleft=(r.left + 16, r.top + 16 + self.icon.get_height() // 2))
        surf.blit(self.icon, direction.flip(icon, r))
        name = game_name(self.game)
        gfx.blit_text(surf, name, gfx.fit_size(name, self.size + 8, r.width - self.icon.get_width() - 40, True),
                      (r.left + self.icon.get_width() + 28, r.top + 16 + self.icon.get_height() // 2),
                      style.BUTTON_TEXT, "midleft", True, within=r)
        text_rect = pygame.Rect(r.left + 16, r.top + self.icon.get_height() + 28, r.width - 32, 0)
        gfx.blit_wrapped(surf, game_tagline(self.game), self.size - 2, text_rect, style.BUTTON_TEXT, spacing=1.2)


class MenuScene(Scene):
    name = "menu"

    def build(self):
        lay, app = self.layout, self.app
        w, h = lay.size
        m, gap = lay.margin, lay.gap * 2
        top = lay.margin + lay.title + lay.medium + 60
        cols = 2 if lay.portrait else 4
        tile_w = (w - 2 * m - gap * (cols - 1)) // cols
        tile_h = 240 if lay.portrait else 210
        icon = int(lay.large * 1.3)
        widgets = []
        games = game_order()
        for i, game in enumerate(games):
            ui = game_ui(game)
            x = m + (i % cols) * (tile_w + gap)
            y = top + (i // cols) * (tile_h + gap)
            widgets.append(GameTile((x, y, tile_w, tile_h), game, app.art(ui.deck).suit_symbol(ui.tile_suit, icon),
                                    self.new_match, lay.medium))
        y = top + ((len(games) + cols - 1) // cols) * (tile_h + gap) + (20 if lay.portrait else 0)
        saved = bool(app.store.saved_matches())
        actions = [(_("Continue"), self.continue_match, bool(saved), True),
                   (_("Watch a game"), self.watch, True, False),
                   (_("Learn"), self.learn, True, False),
                   (_("Rules"), self.rules, True, False),
                   (_("Statistics"), self.stats, True, False),
                   (_("Settings"), self.settings, True, False)]
        per_row = 2 if lay.portrait else 3
        bw = (w - 2 * m - lay.gap * (per_row - 1)) // per_row
        for i, (label, cb, enabled, primary) in enumerate(actions):
            if lay.portrait and i == 0:  # Continue spans the row
                widgets.append(Button((m, y, w - 2 * m, lay.button_h), label, cb, lay.medium, primary, enabled))
                continue
            k = i - 1 if lay.portrait else i
            x = m + (k % per_row) * (bw + lay.gap)
            row_y = y + (k // per_row + (1 if lay.portrait else 0)) * (lay.button_h + lay.gap)
            widgets.append(Button((x, row_y, bw, lay.button_h), label, cb, lay.medium, primary, enabled))
        self.widgets = direction.flip_widgets(widgets, lay.rect)  # tiles and buttons in reading order
        self.focus = len(games) if saved else 0

    def draw(self, surf):
        self.app.draw_table(surf)
        self.draw_title(surf, _("Trick Table"), _("Four partnership card games: play with an AI partner"))
        self.draw_widgets(surf)

    def back(self):
        if sys.platform != "emscripten":  # a web page has no window to close
            self.app.running = False

    # ---- actions -----------------------------------------------------------------------------------
    def new_match(self, game):
        self.app.go("new-match", game=game)

    def continue_match(self):
        self.app.go("continue")  # every saved match, to resume or give up

    def watch(self):
        game = self.app.settings["game"]
        session = Session(game, {}, random.randrange(1 << 30), self.app.settings["ai_level"], humans=())
        self.app.go("table", session=session)

    def learn(self):
        self.app.go("learn")

    def rules(self):
        self.app.go("rules", game=self.app.settings["game"])

    def stats(self):
        self.app.go("statistics")

    def settings(self):
        self.app.go("settings")
