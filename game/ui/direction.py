"""The reading direction of the interface: things are laid out from the *start* edge, which
is the left in most languages and the right in Arabic (``i18n.is_rtl()``).

Scenes lay everything out left to right, as for a left-to-right reader, and pass the box it
was laid out in to these helpers (``gfx.blit_text(..., within=box)``, ``flip(rect, box)``);
in a right-to-left language they mirror it in that box.  What mirrors: text alignment, a
settings row (label at the right, its control at the left, the stepper's − and + and a
slider's fill reversed), rows of buttons, tiles and tabs, the columns of tables, the top bar.

What does not: the card table itself — the seats sit where they sit (play goes
counter-clockwise, and "Right"/"Left" name real places), a hand fans as it is held, the
cards' faces and suits are pictures — and a chart's time axis, which runs left to right in
Arabic print too.
"""

from __future__ import annotations

import pygame

from game.i18n import is_rtl

SWAP = {"left": "right", "right": "left"}


def rtl() -> bool:
    return is_rtl()


def flip(rect, within) -> pygame.Rect:
    """``rect`` mirrored in ``within`` when right to left; else ``rect`` unchanged (a copy)."""
    rect = pygame.Rect(rect)
    if rtl():
        within = pygame.Rect(within)
        rect.x = within.left + within.right - rect.right
    return rect


def flip_x(x: float, within) -> float:
    """An x coordinate mirrored in ``within`` when right to left."""
    if not rtl():
        return x
    within = pygame.Rect(within)
    return within.left + within.right - x


def anchor(name: str) -> str:
    """A rect attribute ('topleft', 'midright', 'left'…) with left and right swapped when right
    to left."""
    if not rtl():
        return name
    for a, b in SWAP.items():
        if a in name:
            return name.replace(a, b)
    return name


def place(pos, name: str, within):
    """(pos, anchor) of text or an image laid out left to right in ``within``, mirrored when
    right to left: text placed at the box's left edge ends up right-aligned at its right edge."""
    if not rtl():
        return pos, name
    return (flip_x(pos[0], within), pos[1]), anchor(name)


def flip_widgets(widgets, within) -> list:
    """Mirror the rects of ``widgets`` (a row of buttons, a grid of tiles) in ``within``; their
    order (the keyboard's focus order) stays start to end."""
    for w in widgets:
        w.rect = flip(w.rect, within)
    return widgets


def arrow_step(key) -> int:
    """+1 for the arrow key that points toward the end (right, or left when right to left),
    -1 for the other arrow, 0 for any other key: a mirrored stepper or slider follows the arrows."""
    forward, back = (pygame.K_LEFT, pygame.K_RIGHT) if rtl() else (pygame.K_RIGHT, pygame.K_LEFT)
    return 1 if key == forward else -1 if key == back else 0


def arrow() -> str:
    """An arrow pointing the way a line reads ("3 → 5"; "3 ← 5" read from the right)."""
    return "←" if rtl() else "→"
