"""A lesson's note over the table: a panel under the top bar with what to do now (or what is
about to happen), and "Go on" when the table waits for the player to have read it."""

from __future__ import annotations

import pygame

from game.i18n import _

from . import direction, gfx, style
from .layout import card_h
from .widgets import Button

BUTTON = 96   # "Go on": a phone-sized target (48 CSS px at a 390 px wide page)
TEXT = 24     # the note's smallest text (12 CSS px)


class LessonNote:
    def __init__(self, guide, layout):
        self.guide, self.lay = guide, layout
        self.rect = None
        self.lines: tuple = ()
        self.size = TEXT
        self.text_box = None
        self.button = None  # Go on, while the table waits

    def state(self):
        """What the note shows depends on (the table rebuilds when it changes)."""
        return self.guide.index, self.guide.waiting(), self.guide.free

    def outlined(self):
        return self.guide.outlined()

    def waiting(self) -> bool:
        return self.guide.waiting()

    def regions(self, bottom: int) -> list[tuple[pygame.Rect, bool]]:
        """Where the note may go, best first, each with whether "Go on" sits beside the text:
        in landscape the free column between the left seat's cards and the trick, else across
        the table under the top bar, down to the partner's trick card; in portrait across the
        table.  Each reaches from under the top bar down to ``bottom`` (the buttons or the hand),
        and the note slides down its region to a place where it hides least (``slide``)."""
        lay = self.lay
        top = lay.top_bar.bottom + (2 if lay.portrait else 8)
        width = lay.size[0] - 2 * lay.margin
        if lay.portrait:
            return [(pygame.Rect(lay.margin, top, width, bottom - 12 - top), True)]
        across = (pygame.Rect(lay.margin, top, width, lay.trick_rect(2).top - 8 - top), True)
        left = lay.seat_anchor[3][0] + card_h(lay.back_w) // 2 + 16
        return [(pygame.Rect(left, top, lay.trick_rect(3).left - 16 - left, bottom - 12 - top), False), across]

    def build(self, go_on, bottom: int, sights=tuple) -> list:
        """Lay the note out for the current step; returns its "Go on" button (or nothing).
        ``sights()``: what the note should leave in sight, most important first (lists of rects:
        what it must not cover, then the seats' names, then their cards)."""
        text = self.guide.caption()
        if not text:
            self.rect, self.lines, self.button = None, (), None
            return []
        waits = self.guide.waiting()
        for region, beside in self.regions(bottom):
            room = region.width - 32 - (BUTTON * 2 + 12 if waits and beside else 0)
            self.lines = gfx.wrap(text, self.size, room, True)
            text_h = len(self.lines) * int(self.size * 1.3)
            button_h = BUTTON + 12 if waits and not beside else 0
            height = max(text_h + 20 + button_h, BUTTON + 16 if waits else 0)
            if height <= region.height:
                break
        self.rect = pygame.Rect(region.left, region.top, region.width, height)
        self.rect.top = slide(self.rect, region, sights())
        self.text_box = pygame.Rect(self.rect.left + 16, self.rect.top, room, height - button_h)
        self.button = None
        if not waits:
            return []
        button = pygame.Rect(0, 0, BUTTON * 2, BUTTON)
        if beside:
            button.midright = (self.rect.right - 10, self.rect.centery)
        else:
            button.midbottom = (self.rect.centerx, self.rect.bottom - 12)
        self.button = Button(direction.flip(button, self.rect), _("Go on"), go_on, self.size, primary=True)
        return [self.button]

    def draw(self, surf) -> None:
        if self.rect is None:
            return
        gfx.shadow(surf, self.rect, 16)
        gfx.panel(surf, self.rect, (10, 22, 18, 236), 16, style.ACCENT, 2)
        step = int(self.size * 1.3)
        box = direction.flip(self.text_box, self.rect)  # the text at the start edge, Go on at the end
        y = box.centery - len(self.lines) * step // 2
        for line in self.lines:
            gfx.blit_text(surf, line, self.size, (box.left, y), style.TEXT, bold=True, within=box)
            y += step


def slide(rect, region, sights) -> int:
    """The top for ``rect`` within ``region`` (moved up or down only) where it covers least of
    ``sights`` (lists of rects, most important first: any of the first list's area weighs more
    than all of the second's), the highest of such places: under the top bar when nothing is
    in the way, else just below (or above) what is."""
    def covered(top):
        box = rect.move(0, top - rect.top)
        return tuple(sum(box.clip(r).width * box.clip(r).height for r in group) for group in sights)

    lowest = max(region.top, region.bottom - rect.height)
    rects = [r for group in sights for r in group]
    edges = [r.bottom + 8 for r in rects] + [r.top - 8 - rect.height for r in rects]
    tops = sorted({region.top, lowest} | {t for t in edges if region.top <= t <= lowest})
    return min(tops, key=lambda top: (covered(top), top))
