"""Where things go on screen, for landscape (1280x720) and portrait (720x1280).

Sizes are in canvas pixels.  A phone shows the canvas at about half scale, so
portrait uses larger type and taller buttons to stay readable and thumb-sized.
"""

from __future__ import annotations

import pygame

LANDSCAPE = (1280, 720)
PORTRAIT = (720, 1280)


class Layout:
    def __init__(self, size):
        self.size = w, h = size
        self.rect = pygame.Rect(0, 0, w, h)
        self.portrait = p = h > w
        self.small, self.medium, self.large, self.title = (22, 28, 40, 56) if p else (18, 22, 32, 52)
        self.button_h = 84 if p else 60
        self.gap = 14 if p else 12
        self.margin = 24 if p else 32
        self.top_bar = pygame.Rect(0, 0, w, 152 if p else 62)
        self.card_w = 150 if p else 116         # the player's hand
        self.trick_w = 120 if p else 92         # cards on the table
        self.back_w = 54 if p else 60           # other seats' hands
        cx = w // 2
        if p:
            self.center = (cx, 540)
            dx, dy = 104, 96
            anchors = {1: (w - 56, 520), 2: (cx, 218), 3: (56, 520)}
        else:
            self.center = (cx, 296)
            dx, dy = 84, 72
            anchors = {1: (w - 96, 300), 2: (cx, 116), 3: (96, 300)}
        self.seat_anchor = {0: (cx, h - 40), **anchors}
        x, y = self.center
        self.trick_pos = {0: (x, y + dy), 1: (x + dx, y), 2: (x, y - dy), 3: (x - dx, y)}
        self.own_row_y = y + (dy + (40 if p else 30))  # the player's badge, trump card and hint button
        self.hand_area = pygame.Rect(16, 0, w - 32, h)  # x extent for the fan; rows set the top

    # ---- the player's hand --------------------------------------------------------------
    def hand_rows(self, n: int) -> int:
        return 2 if self.portrait and n > 9 else 1

    def hand_rects(self, n: int, card_size) -> list[pygame.Rect]:
        """One rect per card, left to right (and top row first when the hand takes two rows)."""
        cw, ch = card_size
        w, h = self.size
        rows = self.hand_rows(n)
        per_row = [(n + 1) // 2, n // 2] if rows == 2 else [n]
        area = self.hand_area
        bottom = h - (18 if self.portrait else 10)
        rects = []
        for r, count in enumerate(per_row):
            if not count:
                continue
            step = min(cw * 0.7, (area.width - cw) / max(1, count - 1)) if count > 1 else 0
            width = cw + step * (count - 1)
            left = area.centerx - width / 2
            top = bottom - ch - (rows - 1 - r) * int(ch * 0.5)
            rects += [pygame.Rect(int(left + i * step), top, cw, ch) for i in range(count)]
        return rects

    def hand_top(self, n: int, card_h: int) -> int:
        rects = self.hand_rects(max(n, 1), (self.card_w, card_h))
        return min(r.top for r in rects)

    def controls_rect(self, hand_top: int) -> pygame.Rect:
        """The band for action buttons, just above the hand."""
        w = self.size[0]
        height = self.button_h * 2 + self.gap if self.portrait else self.button_h
        bottom = hand_top - (24 if self.portrait else 22)
        return pygame.Rect(self.margin, bottom - height, w - 2 * self.margin, height)

    def dialog(self, width_share=0.62, height_share=0.8) -> pygame.Rect:
        w, h = self.size
        if self.portrait:
            width_share, height_share = 0.92, min(0.86, height_share)
        r = pygame.Rect(0, 0, int(w * width_share), int(h * height_share))
        r.center = (w // 2, h // 2)
        return r
