"""The menu: choose a game, continue the saved match, watch a game, rules,
statistics and settings."""

from __future__ import annotations

import random
import sys

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..games import game_ui
from ..names import game_name, game_order, game_tagline
from ..scene import Scene
from ..session import Session
from ..widgets import Button, Widget


class GameTile(Widget):
    """A game to choose: its suit and name, and a line about it."""

    scrolls = True  # the tiles scroll when they do not all fit (a phone held sideways)
    CHEVRON = 36    # the room at the name's end for the "›" that says a tap opens the game

    def __init__(self, rect, game, icon, on_click, size):
        super().__init__(rect)
        self.game, self.icon, self.on_click, self.size = game, icon, on_click, size

    def activate(self):
        self.on_click(self.game)

    def parts(self, width):
        """(name size, name lines, tagline lines) for a tile ``width`` wide."""
        name = game_name(self.game)
        room = width - self.icon.get_width() - 44 - self.CHEVRON
        size = kit.text.fit_size(name, self.size + 8, room, True, self.size)
        lines = kit.text.wrap(name, size, room, True)
        widest = max(lines, key=lambda line: kit.text.width(line, size, True))
        if kit.text.width(widest, size, True) > room:  # a word wider than a narrow tile (Twenty-Eight)
            size = kit.text.fit_size(widest, size, room, True)
            lines = kit.text.wrap(name, size, room, True)
        return size, lines, kit.text.wrap(game_tagline(self.game), self.size, width - 32)

    def height_for(self, width) -> int:
        size, lines, tagline = self.parts(width)
        top = max(self.icon.get_height(), len(lines) * int(size * 1.2))
        return 16 + top + 12 + len(tagline) * int(self.size * 1.2) + 18

    def draw(self, surf, focused=False):
        r = self.rect
        gfx.shadow(surf, r, 18)
        fill = style.BUTTON_DISABLED if self.pressed else tuple(min(255, c + 14) for c in style.BUTTON[:3]) \
            if self.hover else style.BUTTON
        gfx.panel(surf, r, fill, 18, style.ACCENT if focused else None, 5 if focused else 0)
        size, lines, tagline = self.parts(r.width)
        head = max(self.icon.get_height(), len(lines) * int(size * 1.2))
        # the suit, then the name, from the start edge
        icon = self.icon.get_rect(midleft=(r.left + 16, r.top + 16 + head // 2))
        surf.blit(self.icon, direction.flip(icon, r))
        y = r.top + 16 + (head - len(lines) * int(size * 1.2)) // 2
        for line in lines:
            gfx.blit_text(surf, line, size, (r.left + self.icon.get_width() + 28, y), style.BUTTON_TEXT, bold=True,
                          within=r)
            y += int(size * 1.2)
        text_rect = pygame.Rect(r.left + 16, r.top + 16 + head + 12, r.width - 32, 0)
        gfx.blit_wrapped(surf, game_tagline(self.game), self.size, direction.flip(text_rect, r), style.BUTTON_TEXT,
                         spacing=1.2)
        self.draw_affordance(surf, r, r.top + 16 + head // 2)

    def draw_affordance(self, surf, r, cy):
        """What says "tap me" the way a button does: a raised lower edge, and a round "›" at the
        name's end (pointing to where the tap leads: "‹" in right to left)."""
        pygame.draw.line(surf, style.ACCENT, (r.left + 18, r.bottom - 3), (r.right - 18, r.bottom - 3), 4)
        radius = self.CHEVRON // 2 - 2
        cx = int(direction.flip_x(r.right - 16 - radius, r))
        pygame.draw.circle(surf, style.ACCENT, (cx, cy), radius)
        d = -1 if direction.rtl() else 1
        arm = radius // 2
        points = [(cx - d * arm // 2, cy - arm), (cx + d * arm // 2 + d * 2, cy), (cx - d * arm // 2, cy + arm)]
        pygame.draw.lines(surf, style.BUTTON_TEXT, False, points, 4)


class MenuScene(Scene):
    name = "menu"

    def build(self):
        """The title, the games as tiles (scrolling if they do not all fit), and the actions in a
        row (two per row in portrait) at the bottom."""
        lay, app = self.layout, self.app
        w, h = lay.size
        m, gap = lay.margin, lay.gap * 2
        saved = bool(app.store.saved_matches())
        # the first, widest action: Continue when a match is saved, else Learn (a newcomer's way in,
        # the primary one until a hand has been played); a Continue that could not be pressed is not shown
        first = (_("Continue"), self.continue_match, True, True) if saved else \
            (_("Learn"), self.learn, True, self.newcomer())
        actions = [first,
                   (_("Watch a game"), self.watch, True, False),
                   *([(_("Learn"), self.learn, True, False)] if saved else []),
                   (_("Rules"), self.rules, True, False),
                   (_("Statistics"), self.stats, True, False),
                   (_("Settings"), self.settings, True, False)]
        per_row = 2 if lay.portrait else 3  # portrait: the first action alone on the first row
        rows = 1 + (len(actions) - 1 + per_row - 1) // per_row if lay.portrait else (len(actions) + per_row - 1) // per_row
        buttons_top = h - m - rows * lay.button_h - (rows - 1) * lay.gap
        bw = (w - 2 * m - lay.gap * (per_row - 1)) // per_row
        buttons = []
        for i, (label, cb, enabled, primary) in enumerate(actions):
            if lay.portrait and i == 0:  # the first action spans the row
                buttons.append(Button((m, buttons_top, w - 2 * m, lay.button_h), label, cb, lay.body, primary, enabled))
                continue
            k = i - 1 if lay.portrait else i
            x = m + (k % per_row) * (bw + lay.gap)
            row_y = buttons_top + (k // per_row + (1 if lay.portrait else 0)) * (lay.button_h + lay.gap)
            buttons.append(Button((x, row_y, bw, lay.button_h), label, cb, lay.body, primary, enabled))
        top = self.title_bottom() + lay.gap
        self.viewport = pygame.Rect(m - 8, top, w - 2 * m + 16, buttons_top - lay.gap - top)
        games = game_order()
        icon = int(lay.large * 1.3)
        tiles = []
        for game in games:
            ui = game_ui(game)
            tiles.append(GameTile((0, 0, 0, 0), game, app.art(ui.deck).suit_symbol(ui.tile_suit, icon),
                                  self.new_match, lay.body))
        cols, tile_w, tile_h = self.tile_grid(tiles, w - 2 * m, gap, self.viewport.height)
        for i, tile in enumerate(tiles):
            tile.rect = pygame.Rect(m + (i % cols) * (tile_w + gap), top + 4 + (i // cols) * (tile_h + gap),
                                    tile_w, tile_h)
        self.content_height = ((len(tiles) + cols - 1) // cols) * (tile_h + gap) + 8 - gap
        self.scroll_to(self.scroll)
        self.widgets = direction.flip_widgets(tiles, lay.rect) + direction.flip_widgets(buttons, lay.rect)
        self.focus = len(games) if saved or self.newcomer() else 0

    def newcomer(self) -> bool:
        """No hand of any game played yet (and no match saved): the menu leads to Learn."""
        return not any(self.app.store.game_stats(game)["hands"] for game in game_order())

    def tile_grid(self, tiles, width, gap, height):
        """(columns, tile width, tile height) for the game tiles in ``width``: the fewest rows
        whose tiles all show whole in the list's ``height`` (held sideways, the four games side by
        side; upright, two by two), the taglines at the smallest paragraph size if need be.  Only
        when none fits does the list scroll (two columns)."""
        lay = self.layout
        choices = [(min(cols, len(tiles)), size) for cols in ((2,) if lay.portrait else (4, 2))
                   for size in (lay.body, style.BODY_MIN_PX)]
        for cols, size in choices + [choices[-2]]:  # the last: none fits, two columns at the usual size
            tile_w = (width - gap * (cols - 1)) // cols
            for tile in tiles:
                tile.size = size
            tile_h = max(t.height_for(tile_w) for t in tiles)
            rows = (len(tiles) + cols - 1) // cols
            if rows * (tile_h + gap) + 8 - gap <= height:
                break
        return cols, tile_w, tile_h

    def title_bottom(self) -> int:
        lay = self.layout
        lines = kit.text.wrap(self.subtitle(), lay.body, lay.size[0] - 2 * lay.margin)
        return lay.margin + 8 + lay.title + 14 + len(lines) * int(lay.body * 1.25)

    def subtitle(self) -> str:
        if self.newcomer() and not self.app.store.saved_matches():
            return _("New here? Learn plays a first hand of a game with you, step by step.")
        return _("Four partnership card games: play with an AI partner")

    def draw(self, surf):
        lay = self.layout
        self.app.draw_table(surf)
        gfx.blit_text(surf, _("Trick Table"), lay.title, (lay.size[0] // 2, lay.margin + 8), style.TEXT, "midtop", True)
        gfx.blit_wrapped(surf, self.subtitle(), lay.body,
                         pygame.Rect(lay.margin, lay.margin + 8 + lay.title + 14, lay.size[0] - 2 * lay.margin, 0),
                         style.TEXT_DIM, align="center")
        self.draw_widgets(surf)

    def back(self):
        """Escape on the menu: leaving the game is asked first (a web page has no window to close)."""
        if sys.platform == "emscripten":
            return
        self.app.go("confirm", title=_("Quit Trick Table?"), text=_("Your match in progress stays saved."),
                    yes=_("Quit"), no=_("Stay"), on_yes=self.quit)

    def quit(self):
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
