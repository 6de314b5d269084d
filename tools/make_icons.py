"""Draw Trick Table's icons with pygame: a fan of four cards on green baize.

    python tools/make_icons.py OUT_DIR      # writes the PNGs listed in ICONS

No image file is copied from anywhere: every shape is drawn here. The build calls
``write_icons`` so the icons always match this code.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

# name: (size, full_bleed). Full-bleed icons fill the square (maskable: the platform cuts
# its own shape, so the drawing stays inside the central 80 % safe zone).
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
    "favicon.png": (48, False),
}

FELT = (22, 96, 62)
FELT_LIGHT = (40, 130, 86)
RIM = (12, 58, 38)
CARD = (250, 248, 240)
CARD_EDGE = (190, 186, 172)
RED = (200, 30, 45)
BLACK = (25, 25, 30)
SUPER = 1024  # drawn at this size, then scaled down smoothly


def _heart(surface, colour, cx, cy, s):
    r = s * 0.27
    pygame.draw.circle(surface, colour, (cx - r * 0.95, cy - r * 0.35), r)
    pygame.draw.circle(surface, colour, (cx + r * 0.95, cy - r * 0.35), r)
    pygame.draw.polygon(surface, colour, [(cx - s * 0.52, cy - r * 0.05), (cx + s * 0.52, cy - r * 0.05), (cx, cy + s * 0.55)])


def _spade(surface, colour, cx, cy, s):
    r = s * 0.27
    pygame.draw.circle(surface, colour, (cx - r * 0.95, cy + r * 0.35), r)
    pygame.draw.circle(surface, colour, (cx + r * 0.95, cy + r * 0.35), r)
    pygame.draw.polygon(surface, colour, [(cx - s * 0.52, cy + r * 0.05), (cx + s * 0.52, cy + r * 0.05), (cx, cy - s * 0.55)])
    pygame.draw.polygon(surface, colour, [(cx, cy + r * 0.2), (cx - s * 0.2, cy + s * 0.6), (cx + s * 0.2, cy + s * 0.6)])


def _diamond(surface, colour, cx, cy, s):
    pygame.draw.polygon(surface, colour, [(cx, cy - s * 0.58), (cx + s * 0.42, cy), (cx, cy + s * 0.58), (cx - s * 0.42, cy)])


def _club(surface, colour, cx, cy, s):
    r = s * 0.22
    pygame.draw.circle(surface, colour, (cx, cy - s * 0.28), r)
    pygame.draw.circle(surface, colour, (cx - s * 0.27, cy + s * 0.08), r)
    pygame.draw.circle(surface, colour, (cx + s * 0.27, cy + s * 0.08), r)
    pygame.draw.polygon(surface, colour, [(cx, cy - s * 0.05), (cx - s * 0.2, cy + s * 0.6), (cx + s * 0.2, cy + s * 0.6)])


SUITS = [(_club, BLACK), (_diamond, RED), (_spade, BLACK), (_heart, RED)]


def _card(width: int, height: int, pip, colour) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 9
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-width // 28, -width // 28), border_radius=radius)
    pip(card, colour, width / 2, height * 0.47, width * 0.62)
    corner = width * 0.16
    pip(card, colour, width * 0.17, height * 0.13, corner)
    return card


def draw(size: int, full_bleed: bool = False) -> pygame.Surface:
    """The icon as a ``size``-square surface with alpha."""
    n = SUPER
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    if full_bleed:
        big.fill(FELT)
        content = 0.80  # the maskable safe zone
    else:
        pygame.draw.rect(big, RIM, big.get_rect(), border_radius=n // 5)
        pygame.draw.rect(big, FELT, big.get_rect().inflate(-n // 16, -n // 16), border_radius=n // 5 - n // 32)
        content = 0.92
    # a soft light in the middle of the baize
    for step in range(24, 0, -1):
        t = step / 24
        colour = [round(FELT[i] + (FELT_LIGHT[i] - FELT[i]) * (1 - t)) for i in range(3)]
        pygame.draw.circle(big, colour, (n // 2, int(n * 0.46)), int(n * 0.36 * t))

    card_w, card_h = int(n * 0.34 * content), int(n * 0.50 * content)
    pivot = (n / 2, n / 2 + n * 0.27 * content)
    for i, (pip, colour) in enumerate(SUITS):
        angle = (i - 1.5) * 17
        card = _card(card_w, card_h, pip, colour)
        # shadow, then the card, both turned about the fan's pivot
        shadow = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=card_w // 9)
        for layer, offset in ((shadow, n * 0.008), (card, 0)):
            turned = pygame.transform.rotozoom(layer, -angle, 1)
            # the card's centre sits above the pivot, turned with it
            dist = card_h * 0.52
            rad = math.radians(angle)
            cx = pivot[0] + dist * math.sin(rad) + offset
            cy = pivot[1] - dist * math.cos(rad) + offset
            big.blit(turned, turned.get_rect(center=(cx, cy)))
    return pygame.transform.smoothscale(big, (size, size))


def write_icons(out_dir: str | os.PathLike) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, full_bleed) in ICONS.items():
        path = out / name
        pygame.image.save(draw(size, full_bleed), str(path))
        written.append(path)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/make_icons.py OUT_DIR")
    for path in write_icons(sys.argv[1]):
        print(path)
