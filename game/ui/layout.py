"""Where things go on screen, for landscape (1280x720) and portrait (720x1280).

Sizes are in canvas pixels.  A phone shows the canvas at a bit over half scale
(a 390 px wide phone in portrait, or 390 px tall in landscape: about 0.54), so a
thumb-sized target of 44 px there is ``TOUCH`` = 80 canvas pixels, in both
orientations.  Every button on the table is at least that tall and wide.

The table is planned in bands, top to bottom, that never overlap:

* the top bar (Menu, the score, Last trick; the contract and points below or beside);
* the partner's fan and label, with room for the partner's speech bubble below them;
* the trick: four card slots around ``center``, flanked by the side seats' fans;
  the player's own row (badge, trump card, Hint) beside the bottom slot;
* the prompt, the action buttons and the player's hand.
"""

from __future__ import annotations

import pygame

LANDSCAPE = (1280, 720)
PORTRAIT = (720, 1280)
TOUCH = 80          # the smallest touch target, canvas px (~44 px on a phone)
ASPECT = 1.4        # card height / width (as art.ASPECT)


def card_h(w: int) -> int:
    return round(w * ASPECT)


class Layout:
    def __init__(self, size):
        self.size = w, h = size
        self.rect = pygame.Rect(0, 0, w, h)
        self.portrait = p = h > w
        self.touch = TOUCH
        self.small, self.medium, self.large, self.title = (22, 28, 40, 56) if p else (18, 22, 32, 52)
        self.button_h = 84 if p else 60         # the other scenes' buttons
        self.control_h = max(self.button_h, TOUCH)  # the table's action buttons
        self.gap = 14 if p else 12
        self.margin = 24 if p else 32
        self.top_bar = pygame.Rect(0, 0, w, 160 if p else 92)
        bh = TOUCH
        by = 8 if p else (self.top_bar.height - bh) // 2
        self.menu_rect = pygame.Rect(12, by, 140 if p else 120, bh)
        last_w = 190 if p else 170
        self.last_rect = pygame.Rect(w - 12 - last_w, by, last_w, bh)
        self.card_w = 150 if p else 116         # the player's hand
        self.trick_w = 116 if p else 88         # cards on the table
        self.back_w = 54                        # other seats' hands
        cx = w // 2
        if p:
            self.center = (cx, 486)
            dx, dy = 100, 88
            anchors = {1: (w - 50, 500), 2: (cx, 208), 3: (50, 500)}
        else:
            self.center = (cx, 318)
            dx, dy = 112, 64
            anchors = {1: (w - 96, 318), 2: (cx, 140), 3: (96, 318)}
        self.seat_anchor = {0: (cx, h - 40), **anchors}
        self.side_fan_top = 412 if p else 196  # side seats' fans hang from here, their labels above
        x, y = self.center
        self.trick_pos = {0: (x, y + dy), 1: (x + dx, y), 2: (x, y - dy), 3: (x - dx, y)}
        self.own_row_y = y + dy  # the player's badge, trump card and hint button, beside the bottom slot
        slot0, slot1 = self.trick_rect(0), self.trick_rect(1)
        ind_w = int(self.trick_w * 0.62)
        ind_h = card_h(ind_w)
        # the badge left of the bottom slot, below the left slot; the trump card and Hint to the right
        self.own_badge_anchor = (slot0.left - 14, slot0.bottom - 30)
        if p:
            self.own_indicator_center = (slot0.right + 14 + ind_w // 2, max(slot1.bottom + 4 + ind_h // 2,
                                                                          slot0.bottom - ind_h // 2))
            self.hint_rect = pygame.Rect(slot1.right + 8, slot0.bottom - bh, 100, bh)
        else:
            self.own_indicator_center = (slot1.right + 16 + ind_w // 2, self.own_row_y)
            self.hint_rect = pygame.Rect(slot1.right + 32 + ind_w, self.own_row_y - bh // 2, 120, bh)
        self.hand_area = pygame.Rect(4 if p else 16, 0, w - (8 if p else 32), h)  # x extent for the fan
        # landscape: the lower edge of the hand may leave the screen (the indices are at the top)
        self.hand_bottom = h - 14 if p else h + 38

    # ---- the table ------------------------------------------------------------------------------
    def trick_rect(self, seat) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.trick_w, card_h(self.trick_w))
        r.center = self.trick_pos[seat]
        return r

    def trick_zone(self) -> pygame.Rect:
        return self.trick_rect(0).unionall([self.trick_rect(s) for s in (1, 2, 3)])

    # ---- the player's hand --------------------------------------------------------------------------
    def hand_rows(self, n: int) -> int:
        return 2 if self.portrait and n > 8 else 1

    def hand_rects(self, n: int, card_size) -> list[pygame.Rect]:
        """One rect per card, left to right (and top row first when the hand takes two rows)."""
        cw, ch = card_size
        rows = self.hand_rows(n)
        per_row = [(n + 1) // 2, n // 2] if rows == 2 else [n]
        area = self.hand_area
        rects = []
        for r, count in enumerate(per_row):
            if not count:
                continue
            step = min(cw * 0.7, (area.width - cw) / max(1, count - 1)) if count > 1 else 0
            width = cw + step * (count - 1)
            left = area.centerx - width / 2
            top = self.hand_bottom - ch - (rows - 1 - r) * int(ch * 0.5)
            rects += [pygame.Rect(int(left + i * step), top, cw, ch) for i in range(count)]
        return rects

    def hand_top(self, n: int, card_h: int) -> int:
        rects = self.hand_rects(max(n, 1), (self.card_w, card_h))
        return min(r.top for r in rects)

    def controls_rect(self, hand_top: int) -> pygame.Rect:
        """The band for action buttons, just above the hand."""
        w = self.size[0]
        height = self.control_h * 2 + self.gap if self.portrait else self.control_h
        bottom = hand_top - (20 if self.portrait else 14)
        return pygame.Rect(self.margin, bottom - height, w - 2 * self.margin, height)

    def dialog(self, width_share=0.62, height_share=0.8) -> pygame.Rect:
        w, h = self.size
        if self.portrait:
            width_share, height_share = 0.92, min(0.86, height_share)
        r = pygame.Rect(0, 0, int(w * width_share), int(h * height_share))
        r.center = (w // 2, h // 2)
        return r
