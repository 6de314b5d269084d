"""Where things go on screen, in landscape and portrait, for any canvas whose short side is 720.

The page scales the canvas to fit the phone's viewport, whole.  A phone 390 CSS px across (in
portrait; 390 tall in landscape) shows a canvas whose short side is 720 at 390 / 720 = 0.54, so
every size here is chosen for that scale (``style``): text at least 23 canvas px (12 CSS px),
paragraphs 26 (14 CSS px), touch targets 90 (48 CSS px).  ``canvas_size`` picks the long side
from the viewport's shape, 1280 (16:9) to 1560 (19.5:9, a phone's whole screen), so the canvas
fills the phone without shrinking: the short side, which sets the scale, stays 720.

The table is planned in bands, top to bottom, that never overlap:

* the top bar (Menu, the score, Last trick; the contract and points below or beside);
* the partner's fan and label, with room for the partner's speech bubble below them;
* the trick: four card slots around ``center``, flanked by the side seats' fans;
  the player's own row (badge, trump card, Hint) beside the bottom slot;
* the prompt, the action buttons and the player's hand (two rows in portrait from 8 cards).
"""

from __future__ import annotations

import pygame

from . import style

SHORT = 720                 # the canvas's short side
LONG_MIN, LONG_MAX = 1280, 1560
LANDSCAPE = (LONG_MIN, SHORT)
PORTRAIT = (SHORT, LONG_MIN)
TOUCH = style.TOUCH_PX      # the smallest touch target, canvas px (48 CSS px on a phone)
ASPECT = 1.4                # card height / width (as art.ASPECT)


def card_h(w: int) -> int:
    return round(w * ASPECT)


def canvas_size(viewport) -> tuple[int, int]:
    """The canvas for a viewport (CSS px, or a desktop window's size): portrait when it is taller
    than wide; the long side follows its shape between LONG_MIN and LONG_MAX."""
    vw, vh = viewport
    if vw <= 0 or vh <= 0:
        return LANDSCAPE
    long = round(SHORT * max(vw, vh) / min(vw, vh))
    long = max(LONG_MIN, min(LONG_MAX, long))
    return (SHORT, long) if vh > vw else (long, SHORT)


def is_portrait(size) -> bool:
    return size[1] > size[0]


class Layout:
    def __init__(self, size):
        self.size = w, h = size
        self.rect = pygame.Rect(0, 0, w, h)
        self.portrait = p = h > w
        self.touch = TOUCH
        self.small, self.body, self.large, self.title = style.SMALL_PX, style.BODY_PX, 40, 52
        self.medium = self.body
        self.min_text = style.TEXT_MIN_PX
        self.button_h = 96                      # the other scenes' buttons
        self.control_h = TOUCH                  # the table's action buttons
        self.gap = 14 if p else 12
        self.margin = 24 if p else 32
        bh = TOUCH
        self.status_rows = 3 if p else (bh + 10 - 4) // (self.small + 6)  # the top bar's lines of text
        if p:
            # under the buttons, three rows: the contract (on two where it is long) and the points
            self.top_bar = pygame.Rect(0, 0, w, 8 + bh + 8 + self.status_rows * (self.small + 8))
            by = 8
        else:
            self.top_bar = pygame.Rect(0, 0, w, bh + 10)
            by = 5
        self.menu_rect = pygame.Rect(12, by, 112 if p else 130, bh)
        last_w = 152 if p else 180  # "Last trick" on two lines in every language (Malayalam the widest)
        self.last_rect = pygame.Rect(w - 12 - last_w, by, last_w, bh)
        extra = max(0, h - LONG_MIN) if p else 0  # a taller phone: larger cards, more room
        self.card_w = (150 + extra // 14) if p else 130   # the player's hand
        self.trick_w = (116 + extra // 10) if p else 88   # cards on the table
        self.back_w = 54                        # other seats' hands
        back_h = card_h(self.back_w)
        cx = w // 2
        if p:
            self.hand_bottom = h - 14
            two_rows = card_h(self.card_w) + self.row_offset()
            prompt_top = self.hand_bottom - two_rows - 20 - self.control_h - 12 - 84
            partner_y = self.top_bar.bottom + 16 + back_h // 2
            cy = (partner_y + back_h // 2 + 60 + prompt_top) // 2
            self.center = (cx, cy)
            dx, dy = 100 + extra // 20, 88 + extra // 8
            anchors = {1: (w - 50, cy + 14), 2: (cx, partner_y), 3: (50, cy + 14)}
            self.side_fan_top = cy - 74
        else:
            # the lower edge of the hand may leave the screen (the indices are at the top)
            self.hand_bottom = h + 62
            cy = 318
            self.center = (cx, cy)
            dx, dy = 112 + (w - LONG_MIN) // 10, 62
            side_x = 96 + (w - LONG_MIN) // 6
            anchors = {1: (w - side_x, cy), 2: (cx, self.top_bar.bottom + 8 + back_h // 2), 3: (side_x, cy)}
            self.side_fan_top = 196
        self.seat_anchor = {0: (cx, h - 40), **anchors}
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
            left = slot1.right + 8
            self.hint_rect = pygame.Rect(left, slot0.bottom - bh, min(180, w - 8 - left), bh)
        else:
            self.own_indicator_center = (slot1.right + 16 + ind_w // 2, self.own_row_y)
            self.hint_rect = pygame.Rect(slot1.right + 32 + ind_w, self.own_row_y - bh // 2, 180, bh)
        self.hand_area = pygame.Rect(4 if p else 16, 0, w - (8 if p else 32), h)  # x extent for the fan

    # ---- the table ------------------------------------------------------------------------------
    def trick_rect(self, seat) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.trick_w, card_h(self.trick_w))
        r.center = self.trick_pos[seat]
        return r

    def trick_zone(self) -> pygame.Rect:
        return self.trick_rect(0).unionall([self.trick_rect(s) for s in (1, 2, 3)])

    # ---- the player's hand --------------------------------------------------------------------------
    def row_offset(self) -> int:
        """How far the second row of a two-row hand lies below the first: the top row shows a
        band this tall, enough for a thumb and the cards' indices."""
        return int(card_h(self.card_w) * 0.5)

    def hand_rows(self, n: int) -> int:
        return 2 if self.portrait and n >= 8 else 1

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
            step = min(cw * 0.72, (area.width - cw) / max(1, count - 1)) if count > 1 else 0
            width = cw + step * (count - 1)
            left = area.centerx - width / 2
            top = self.hand_bottom - ch - (rows - 1 - r) * self.row_offset()
            rects += [pygame.Rect(int(left + i * step), top, cw, ch) for i in range(count)]
        return rects

    def hand_top(self, n: int, card_h: int) -> int:
        rects = self.hand_rects(max(n, 1), (self.card_w, card_h))
        return min(r.top for r in rects)

    def controls_rect(self, hand_top: int) -> pygame.Rect:
        """The band for action buttons, just above the hand."""
        w = self.size[0]
        height = self.control_h * 2 + self.gap if self.portrait else self.control_h
        bottom = hand_top - (20 if self.portrait else 10)
        return pygame.Rect(self.margin, bottom - height, w - 2 * self.margin, height)

    def dialog(self, width_share=0.62, height_share=0.8) -> pygame.Rect:
        w, h = self.size
        if self.portrait:
            width_share, height_share = 0.94, min(0.9, height_share)
        else:
            height_share = max(height_share, 0.92)
        r = pygame.Rect(0, 0, int(w * width_share), int(h * height_share))
        r.center = (w // 2, h // 2)
        return r
