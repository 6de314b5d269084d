"""A dialog with a scrolling list of setting rows and fixed buttons at the bottom."""

from __future__ import annotations

import pygame

from .dialog import DialogScene


class FormScene(DialogScene):
    title = ""

    def start_rows(self, top_extra=0):
        """Begin laying out rows inside the panel, below the title."""
        lay = self.layout
        panel = self.panel_rect()
        top = panel.top + lay.margin + lay.large + 24 + top_extra
        bottom = panel.bottom - lay.margin - lay.button_h - lay.gap * 2
        self.viewport = pygame.Rect(panel.left + lay.margin // 2, top, panel.width - lay.margin, bottom - top)
        self._y = self.viewport.top
        self.widgets = []

    def add_row(self, cls, *args, note="", **kwargs):
        """A row of type ``cls`` (Toggle, Stepper, Slider) as tall as its label and note need."""
        lay = self.layout
        kwargs.setdefault("size", lay.body)
        if note:
            kwargs["note"] = note
        row = cls((self.viewport.left, self._y, 0, 0), *args, **kwargs)
        height = row.arrange(self.viewport.width - 12)
        self.widgets.append(row)
        self._y += height + lay.gap // 2
        self.content_height = self._y - self.viewport.top
        return row

    def draw(self, surf):
        self.draw_panel(surf, self.title)
        self.draw_widgets(surf)
