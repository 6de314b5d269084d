"""A dialog with a scrolling list of setting rows and fixed buttons at the bottom."""

from __future__ import annotations

import pygame

from . import gfx
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
        width = self.viewport.width - 12
        note_size = (lay.small + 2) * 4 // 5
        note_lines = len(gfx.wrap(note, note_size, int(width * 0.5))) if note else 0
        height = max(lay.button_h + 8, lay.small + 30 + note_lines * int(note_size * 1.2) + 8)
        rect = (self.viewport.left, self._y, width, height)
        kwargs.setdefault("size", lay.small + 2)
        if note:
            kwargs["note"] = note
        row = cls(rect, *args, **kwargs)
        self.widgets.append(row)
        self._y += height + lay.gap // 2
        self.content_height = self._y - self.viewport.top
        return row

    def draw(self, surf):
        self.draw_panel(surf, self.title)
        self.draw_widgets(surf)
