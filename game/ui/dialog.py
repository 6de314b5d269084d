"""A scene drawn as a panel over the table, with a title and a row of buttons at the bottom."""

from __future__ import annotations

from functools import partial

import pygame

from . import direction, gfx, kit, style
from .scene import Scene
from .widgets import Button


class DialogScene(Scene):
    width_share, height_share = 0.66, 0.86
    RADIUS, COLOUR = 22, style.PANEL_SOLID + (240,)

    @classmethod
    def ahead_jobs(cls, layout) -> list:
        """The panel's pictures made ahead: made in the frame the scene first shows, the two
        took some 4 ms natively at 720x1558, doubling that frame."""
        size = cls.panel_rect_in(layout).size
        shadow = gfx.panel_pieces(size, style.SHADOW, cls.RADIUS)  # (``gfx.shadow_surface``)
        panel = gfx.panel_pieces(size, cls.COLOUR, cls.RADIUS, style.ACCENT, 2)
        return [partial(next, pieces, None) for pieces in (shadow, shadow, shadow, panel, panel, panel)]

    def panel_rect(self) -> pygame.Rect:
        return self.panel_rect_in(self.layout)

    @classmethod
    def panel_rect_in(cls, layout) -> pygame.Rect:
        """The panel's rect on ``layout``'s screen."""
        return layout.dialog(cls.width_share, cls.height_share)

    def button_row(self, specs, rect=None) -> list[Button]:
        """Buttons (label, callback, primary) side by side along the panel's bottom, from the
        start edge (the last, usually the primary one, at the right; at the left in right to left)."""
        lay = self.layout
        rect = rect or self.panel_rect()
        h, gap = lay.button_h, lay.gap
        w = min(300, (rect.width - 2 * lay.margin - gap * (len(specs) - 1)) // len(specs))
        x = rect.centerx - (w * len(specs) + gap * (len(specs) - 1)) // 2
        y = rect.bottom - lay.margin - h
        return direction.flip_widgets([Button((x + i * (w + gap), y, w, h), label, cb, lay.medium, primary=primary)
                                       for i, (label, cb, primary) in enumerate(specs)], rect)

    def draw_panel(self, surf, title, subtitle=""):
        """The table, a veil, the panel and its title; returns the panel rect."""
        pieces = self.panel_pieces(surf, title, subtitle)
        while True:
            try:
                next(pieces)
            except StopIteration as done:
                return done.value

    def panel_pieces(self, surf, title, subtitle=""):
        """``draw_panel`` in three pieces, one a ``next`` (a generator returning the panel rect):
        each a screen-sized picture blitted (a scene drawn ahead: ``App.ahead``)."""
        lay = self.layout
        self.app.draw_table(surf)
        yield
        rect = self.panel_rect()
        gfx.shadow(surf, rect, self.RADIUS, (0, 8))
        yield
        gfx.panel(surf, rect, self.COLOUR, self.RADIUS, style.ACCENT, 2)
        size = kit.text.fit_size(title, lay.large, rect.width - 2 * lay.margin, True)
        y = rect.top + lay.margin
        # centred on the band a Latin line fills: a script whose line is taller (Arabic) keeps its
        # ink there instead of coming down over what lies under the title
        band = kit.text.band(size, True)
        gfx.blit_text(surf, title, size, (rect.centerx, y + band // 2), style.TEXT, "center", True)
        if subtitle:
            y += size + 12
            y += gfx.blit_wrapped(surf, subtitle, lay.medium,
                                  pygame.Rect(rect.left + lay.margin, y, rect.width - 2 * lay.margin, 0),
                                  style.TEXT_DIM, align="center")
        return rect
