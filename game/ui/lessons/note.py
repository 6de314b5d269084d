"""A lesson's note over the table: a panel under the top bar with what to do now (or what is
about to happen), and "Go on" when the table waits for the player to have read it."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..widgets import Button

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
        in landscape the free column between the left seat's cards and the trick, the one between
        the trick and the right seat's cards, then across the table between the side seats' cards;
        in portrait across the table.  Each reaches from under the top bar down to ``bottom`` (the
        buttons or the hand); the note slides down a region to where it hides least (``slide``),
        and of the regions it fits, takes the one where it hides least."""
        lay = self.lay
        top = lay.top_bar.bottom + (2 if lay.portrait else 8)
        height = bottom - 12 - top
        if lay.portrait:
            return [(pygame.Rect(lay.margin, top, lay.size[0] - 2 * lay.margin, height), True)]
        left, right = lay.margin, lay.size[0] - lay.margin  # it steps aside from the side seats' cards
        inner_left, inner_right = lay.trick_rect(3).left - 16, lay.trick_rect(1).right + 16
        return [(pygame.Rect(left, top, inner_left - left, height), False),
                (pygame.Rect(inner_right, top, right - inner_right, height), False),
                (pygame.Rect(left, top, right - left, height), True)]

    def build(self, go_on, bottom: int, sights=tuple) -> list:
        """Lay the note out for the current step; returns its "Go on" button (or nothing).
        ``sights()``: what the note should leave in sight, most important first (lists of rects:
        what it must not cover, then the seats' names, then their cards)."""
        text = self.guide.caption()
        if not text:
            self.rect, self.lines, self.button = None, (), None
            return []
        waits = self.guide.waiting()
        seen = sights()
        best = None
        for order, (region, beside) in enumerate(self.regions(bottom)):
            # held upright the note keeps the table's width; sideways it may step aside from a name
            beside_w = BUTTON * 2 + 12 if waits and beside else 0
            narrowest = region.width if self.lay.portrait else BUTTON * 2 + 32 + beside_w
            for left, right in kit.place.spans(region, [r for group in seen for r in group], narrowest):
                room = right - left - 32 - beside_w
                lines = kit.text.wrap(text, self.size, room, True)
                button_h = BUTTON + 12 if waits and not beside else 0
                height = max(len(lines) * int(self.size * 1.3) + 20 + button_h, BUTTON + 16 if waits else 0)
                rect = pygame.Rect(left, region.top, right - left, height)
                fits = height <= region.height and kit.text.widest(lines, self.size, True) <= room
                if fits:
                    rect.top = kit.place.slide(rect, region, seen)
                # where the note fits and covers least: the first region, the widest, the highest of such
                key = (not fits, kit.place.covers(rect, seen) if fits else (), order, -rect.width, rect.top)
                if best is None or key < best[0]:
                    best = key, rect, lines, room, button_h, beside
        self.rect, self.lines, room, button_h, beside = best[1:]
        self.text_box = pygame.Rect(self.rect.left + 16, self.rect.top, room, self.rect.height - button_h)
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

