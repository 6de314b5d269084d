"""A dialog to read: headed paragraphs on one tall page that scrolls (a finger, the wheel, the
arrow keys), buttons at the bottom.  The rules, the help and the glossary are reading scenes."""

from __future__ import annotations

import pygame

from game.i18n import _

from . import gfx, kit, style
from .dialog import DialogScene


class ReadingScene(DialogScene):
    width_share, height_share = 0.78, 0.94
    title = ""

    def __init__(self, app):
        super().__init__(app)
        self.page = None
        self.heads: list[int] = []   # the y of each heading on the page

    def parts(self) -> list[tuple[str, str]]:
        """(heading, paragraph) pairs, translated."""
        return []

    def page_title(self) -> str:
        return self.title

    def buttons(self) -> list:
        """(label, callback, primary) of the buttons at the bottom."""
        return [(_("Back"), self.back, True)]

    def top_widgets(self, panel) -> tuple[list, int]:
        """Widgets above the page (the rules' tabs) and the y where the page starts."""
        return [], panel.top + self.layout.margin

    def build(self):
        lay = self.layout
        panel = self.panel_rect()
        widgets, top = self.top_widgets(panel)
        self.widgets = widgets + self.button_row(self.buttons())
        bottom = self.widgets[-1].rect.top - lay.gap
        self.viewport = pygame.Rect(panel.left + lay.margin, top, panel.width - 2 * lay.margin, bottom - top)
        self.page = self.render_page(self.viewport.width)
        self.content_height = self.page.get_height()
        self.scroll_to(self.scroll)
        self.focus = -1

    def render_page(self, width):
        """The title and every part as one tall surface (the titles and headings at the start edge)."""
        lay = self.layout
        body, head, title = lay.body, lay.body + 2, lay.large
        title_text = self.page_title()
        title_lines = kit.text.wrap(title_text, title, width, True) if title_text else ()
        parts = self.parts()
        band = kit.text.band(title, True)
        # room above the first line for a picture taller than a Latin line's band (Arabic), and for
        # the marks some scripts set above the band (Sinhala, Tamil)
        top = max([4] + [(kit.text.height(line, title, True) - band) // 2 for line in title_lines])
        height = top + len(title_lines) * int(title * 1.2) + (12 if title_lines else 0) + 20
        height += sum(len(kit.text.wrap(h, head, width, True)) * int(head * 1.25) + 10
                      + len(kit.text.wrap(p, body, width)) * int(body * 1.4) + 22 for h, p in parts)
        page = pygame.Surface((width, height), pygame.SRCALPHA)
        box = page.get_rect()
        y = top
        for line in title_lines:  # centred on a Latin line's band: an Arabic title, hung from its
            gfx.blit_text(page, line, title, (0, y + band // 2), style.TEXT, "midleft", True, within=box)
            y += int(title * 1.2)  # taller picture's top, came down onto the first heading
        y += 12 if title_lines else 0
        self.heads = []
        for h, p in parts:
            self.heads.append(y)
            y += gfx.blit_wrapped(page, h, head, pygame.Rect(0, y, width, 0), style.HIGHLIGHT, True, 1.25) + 10
            y += gfx.blit_wrapped(page, p, body, pygame.Rect(0, y, width, 0), style.TEXT, spacing=1.4) + 22
        return page

    def show_part(self, index: int) -> None:
        """Scroll so the part ``index`` starts at the top."""
        if 0 <= index < len(self.heads):
            self.scroll_to(self.heads[index])

    def key(self, ev):
        if ev.key in (pygame.K_DOWN, pygame.K_UP):
            self.wheel(-1 if ev.key == pygame.K_DOWN else 1)
        elif ev.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.wheel(-5 if ev.key == pygame.K_PAGEDOWN else 5)
        else:
            super().key(ev)

    def draw(self, surf):
        self.draw_panel(surf, "")
        surf.set_clip(self.viewport)
        surf.blit(self.page, (self.viewport.left, self.viewport.top - self.scroll))
        surf.set_clip(None)
        self.draw_scrollbar(surf)
        self.draw_widgets(surf)

