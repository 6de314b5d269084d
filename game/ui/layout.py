"""Where things go on screen, in landscape and portrait, for any canvas whose short side is 720.

The page scales the canvas to fit the phone's viewport, whole.  A phone 390 CSS px across (in
portrait; 390 tall in landscape) shows a canvas whose short side is 720 at 390 / 720 = 0.54, so
every size here is chosen for that scale (``style``): text at least 23 canvas px (12 CSS px),
paragraphs 26 (14 CSS px), touch targets 90 (48 CSS px).  ``canvas_size`` picks the long side
from the viewport's shape, 1280 (16:9) to 1560 (19.5:9, a phone's whole screen), so the canvas
fills the phone without shrinking: the short side, which sets the scale, stays 720.

The table is planned in regions (``table.regions``): bands docked to the screen's edges in the
order the canvas shape declares, the trick fitted into what they leave.  Top to bottom:

* the top bar (Menu, the score, Last trick; the contract and points below or beside);
* the partner's fan and label, with room for the partner's speech bubble below them;
* the trick: four card slots around ``center``, flanked by the side seats' fans;
  the player's own row (badge, trump card, Hint) beside the bottom slot;
* the prompt, the action buttons and the player's hand (two rows in portrait from 8 cards).
"""

from __future__ import annotations

import pygame

from . import kit, style
from .kit import shapes
from .table import regions

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
    """The table's fixed places for a canvas ``size``, from its shape's declared measures
    (``kit.shapes``): the top bar and its buttons, the trick's places, the seats' anchors, the
    player's own row (trump card, Hint) and the hand's band."""

    def __init__(self, size):
        self.size = w, h = size
        self.shape = t = shapes.of(size)
        self.rect = pygame.Rect(0, 0, w, h)
        self.portrait = h > w
        self.touch = TOUCH
        self.small, self.body, self.large, self.title = style.SMALL_PX, style.BODY_PX, 40, 52
        self.medium = self.body
        self.min_text = style.TEXT_MIN_PX
        self.button_h = 96                      # the other scenes' buttons
        self.control_h = TOUCH                  # the table's action buttons
        self.gap, self.margin = t.gap, t.margin
        bh = TOUCH
        self.status_rows = t.status_rows or (bh + 2 * t.bar_pad - 4) // (self.small + 6)
        below = self.status_rows * (self.small + 8) if t.bar_rows_below else 0
        self.top_bar = pygame.Rect(0, 0, w, 2 * t.bar_pad + bh + below)
        self.menu_rect = pygame.Rect(12, t.bar_pad, t.menu_w, bh)
        self.last_rect = pygame.Rect(w - 12 - t.last_w, t.bar_pad, t.last_w, bh)
        extra = max(0, max(size) - LONG_MIN)    # a longer canvas: larger cards, more room
        self.card_w = shapes.grown(t.card_w, extra, t.card_grow)
        self.trick_w = shapes.grown(t.trick_w, extra, t.trick_grow)
        self.back_w = t.back_w
        back_h = card_h(self.back_w)
        self.hand_bottom = h - t.hand_bottom    # sideways, the hand's lower edge leaves the screen
        self.hand_area = pygame.Rect(t.hand_side, 0, w - 2 * t.hand_side, h)  # x extent for the fan
        side_x = shapes.grown(t.side_x, extra, t.side_x_grow)
        lengths = {"top_bar": self.top_bar.height, "hand": h - self.hand_top(8, card_h(self.card_w)),
                   "controls": self.control_h, "prompt": t.prompt_room, "partner": t.partner_gap + back_h,
                   "lane": t.lane, "west": 2 * side_x, "east": 2 * side_x}
        self.regions = regions.dock(kit.Region(0, 0, w, h), t.docks, lengths,
                                    {"hand": t.controls_gap, "controls": 12})
        self.trick = regions.fit_trick(self.regions.trick, self.trick_w, t.slot_apart,
                                       shapes.grown(t.slot_dx, extra, t.slot_dx_grow),
                                       shapes.grown(t.slot_dy, extra, t.slot_dy_grow))
        self.trick_w = self.trick.width
        docked, self.trick_room = self.regions, self.regions.trick  # the side seats' cards stay in their docked columns; their plates
        self.regions = regions.share_beside(docked, self.trick.zone(), 8)  # may use the width to the trick
        self.center = cx, cy = self.trick.center
        dy = self.trick.dy
        partner = docked.partner
        partner_y = partner.bottom - back_h // 2
        self.side_fan_top = t.side_fan_top or cy - t.side_fan_rise
        self.seat_anchor = {0: (cx, h - 40), 1: (docked.east.center[0], cy + t.side_y), 2: (partner.center[0], partner_y),
                            3: (docked.west.center[0], cy + t.side_y)}
        x, y = self.center
        self.trick_pos = self.trick.places()
        self.own_row_y = y + dy  # the player's badge, trump card and hint button, beside the bottom slot
        slot0, slot1 = self.trick_rect(0), self.trick_rect(1)
        ind_w = int(self.trick_w * 0.62)
        ind_h = card_h(ind_w)
        # the badge left of the bottom slot; the trump card and Hint to its right (upright), or
        # right of the right slot (sideways)
        self.own_badge_anchor = (slot0.left - 14, slot0.bottom - 30)
        if t.own_row_beside_left:  # the trump card right of the bottom place, apart from the trick
            self.own_indicator_center = (slot0.right + t.trump_apart + ind_w // 2,
                                         max(slot1.bottom + t.trump_apart + ind_h // 2, slot0.bottom - ind_h // 2))
            left = self.own_indicator_center[0] + ind_w // 2 + 8  # Hint right of the trump card, under the
            if slot0.bottom - bh < slot1.bottom + 8:              # right place; beside it where that is too low
                left = slot1.right + 8
            self.hint_rect = pygame.Rect(left, slot0.bottom - bh, min(t.hint_w, w - 8 - left), bh)
        else:  # right of the right place, halfway down to the bottom place's middle: clear of a
            row_y = y + dy // 2  # prompt above the buttons, which may reach up to the bottom place
            self.own_indicator_center = (slot1.right + t.trump_apart + ind_w // 2, row_y)
            self.hint_rect = pygame.Rect(slot1.right + 32 + ind_w, row_y - bh // 2, t.hint_w, bh)

    def controls_height(self) -> int:
        """The band of the table's action buttons: its rows and the gaps between them."""
        rows = self.shape.controls_rows
        return self.control_h * rows + self.gap * (rows - 1)

    # ---- the table ------------------------------------------------------------------------------
    def trick_rect(self, seat) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.trick_w, card_h(self.trick_w))
        r.center = self.trick_pos[seat]
        return r

    def trick_zone(self) -> pygame.Rect:
        return self.trick.zone().rect

    # ---- the player's hand --------------------------------------------------------------------------
    def row_offset(self) -> int:
        """How far the second row of a two-row hand lies below the first: the top row shows a
        band this tall, enough for a thumb and the cards' indices."""
        return int(card_h(self.card_w) * 0.5)

    def hand_rows(self, n: int) -> int:
        most = self.shape.two_row_hand
        return 2 if most and n >= most else 1

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
        height = self.controls_height()
        bottom = hand_top - self.shape.controls_gap
        return pygame.Rect(self.margin, bottom - height, self.size[0] - 2 * self.margin, height)

    def dialog(self, width_share=0.62, height_share=0.8) -> pygame.Rect:
        w, h = self.size
        t = self.shape
        width_share = t.dialog_width or width_share
        height_share = max(t.dialog_height_least, min(t.dialog_height_most, height_share))
        r = pygame.Rect(0, 0, int(w * width_share), int(h * height_share))
        r.center = (w // 2, h // 2)
        return r
