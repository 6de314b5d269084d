"""A question before something that cannot be undone at once (quitting, leaving a match): two
buttons, the safe one first; Escape is the safe answer."""

from __future__ import annotations

from .. import gfx, kit, style
from ..dialog import DialogScene


class ConfirmScene(DialogScene):
    name = "confirm"
    width_share, height_share = 0.56, 0.6

    def __init__(self, app, title, text, yes, no, on_yes):
        super().__init__(app)
        self.title, self.text, self.yes_label, self.no_label, self.on_yes = title, text, yes, no, on_yes

    def panel_rect(self):
        lay = self.layout
        rect = lay.dialog(self.width_share, self.height_share)
        inner = rect.width - 2 * lay.margin
        lines = len(kit.text.wrap(self.text, lay.body, inner))
        title = len(kit.text.wrap(self.title, lay.large, inner, True))
        rect.height = min(rect.height, 3 * lay.margin + title * int(lay.large * 1.2) + 16
                          + lines * int(lay.body * 1.3) + lay.gap * 2 + lay.button_h)
        rect.center = lay.rect.center
        return rect

    def build(self):
        self.widgets = self.button_row([(self.no_label, self.back, False), (self.yes_label, self.yes, True)])
        self.focus = 0  # Enter keeps the safe answer

    def yes(self):
        self.app.back()
        self.on_yes()

    def draw(self, surf):
        lay = self.layout
        below = self.below()
        if below is not None:
            below.draw(surf)  # the question over what it is about
        else:
            self.app.draw_table(surf)
        rect = self.panel_rect()
        gfx.shadow(surf, rect, 22, (0, 8))
        gfx.panel(surf, rect, style.PANEL_SOLID + (245,), 22, style.ACCENT, 2)
        inner = rect.inflate(-2 * lay.margin, 0)
        y = rect.top + lay.margin
        y += gfx.blit_wrapped(surf, self.title, lay.large, inner.move(0, y - inner.top), style.TEXT, True, 1.2,
                              "center") + 16
        gfx.blit_wrapped(surf, self.text, lay.body, inner.move(0, y - inner.top), style.TEXT_DIM, spacing=1.3,
                         align="center")
        self.draw_widgets(surf)
