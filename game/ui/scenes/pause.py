"""The table's menu: the match pauses (nothing moves under it) and offers the rules at the part
for what is happening, how to play (touch and keys), the settings, and leaving the match, which
asks first; the match is saved after every move, so Continue on the menu picks it up again."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..dialog import DialogScene
from ..widgets import Button


class PauseScene(DialogScene):
    name = "pause"
    width_share, height_share = 0.5, 0.9

    def __init__(self, app, session, phase=None):
        super().__init__(app)
        self.session, self.phase = session, phase

    def actions(self):
        return [(_("Resume"), self.back, True), (_("Rules"), self.rules, False),
                (_("How to play"), self.help, False), (_("Settings"), self.settings, False),
                (_("Leave the match"), self.leave, False)]

    def rows(self):
        """The actions in rows: one a row in portrait; held sideways, Resume alone and then two a
        row, so that five buttons of full height fit the screen's height."""
        actions = self.actions()
        per_row = 1 if self.layout.portrait else 2
        return [actions[:1]] + [actions[i:i + per_row] for i in range(1, len(actions), per_row)]

    def build(self):
        lay = self.layout
        panel = self.panel_rect()
        width = panel.width - 2 * lay.margin
        top = panel.top + lay.margin + lay.large + 24 + self.note_height(width)
        step = lay.button_h + lay.gap
        self.widgets = []
        for r, row in enumerate(self.rows()):
            w = (width - lay.gap * (len(row) - 1)) // len(row)
            for c, (label, cb, primary) in enumerate(row):
                rect = (panel.left + lay.margin + c * (w + lay.gap), top + r * step, w, lay.button_h)
                self.widgets.append(Button(direction.flip(rect, panel), label, cb, lay.body, primary=primary))
        self.focus = 0

    def panel_rect(self):
        lay = self.layout
        rect = lay.dialog(0.5 if not lay.portrait else 0.9, self.height_share)
        width = rect.width - 2 * lay.margin
        rect.height = min(rect.height, 2 * lay.margin + lay.large + 24 + self.note_height(width)
                          + len(self.rows()) * (lay.button_h + lay.gap))
        rect.center = lay.rect.center
        return rect

    def note(self) -> str:
        if self.session.demo:
            return _("The game is paused.")
        return _("The game is paused. Your match is saved after every move.")

    def note_height(self, width) -> int:
        lay = self.layout
        return len(kit.text.wrap(self.note(), lay.body, width)) * int(lay.body * 1.3) + lay.gap

    def rules(self):
        self.app.go("rules", game=self.session.game, phase=self.phase)

    def help(self):
        self.app.go("help")

    def settings(self):
        self.app.go("settings")

    def leave(self):
        if self.session.demo:
            self.app.home()
            return
        self.app.go("confirm", title=_("Leave the match?"),
                    text=_("It stays saved: Continue on the menu goes on where you left it."),
                    yes=_("Leave"), no=_("Stay"), on_yes=self.app.home)

    def draw(self, surf):
        lay = self.layout
        below = self.below()
        if below is not None:
            below.draw(surf)  # the table, still, under the sheet
        veil = pygame.Surface(lay.size, pygame.SRCALPHA)
        veil.fill(style.BACKDROP)
        surf.blit(veil, (0, 0))
        rect = self.panel_rect()
        gfx.shadow(surf, rect, 22, (0, 8))
        gfx.panel(surf, rect, style.PANEL_SOLID + (245,), 22, style.ACCENT, 2)
        inner = rect.inflate(-2 * lay.margin, 0)
        y = rect.top + lay.margin
        gfx.blit_text(surf, _("Paused"), kit.text.fit_size(_("Paused"), lay.large, inner.width, True), (rect.centerx, y),
                      style.TEXT, "midtop", True)
        y += lay.large + 24
        gfx.blit_wrapped(surf, self.note(), lay.body, pygame.Rect(inner.left, y, inner.width, 0), style.TEXT_DIM,
                         spacing=1.3, align="center")
        self.draw_widgets(surf)
