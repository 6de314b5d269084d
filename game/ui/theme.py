"""The felt table and the colours the scenes use.

``table_surface`` has the three controls of the users' reference table, each
0..1 with 0.5 the default: contrast (how much brighter the lit centre is than
the edges), grain (a fixed noise texture, fine fibres plus a soft mottle) and
temperature (cool blue-green, classic green, warm olive-brown).  It needs no
numpy: the light is a small gradient scaled up smoothly and the grain is a tile
of random bytes added and subtracted through palettes.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

Colour = tuple[int, ...]

# Felt colour along the temperature control: cool, neutral, warm.
_FELT = ((18, 86, 96), (28, 104, 60), (86, 92, 44))
_LIGHT_GRID = (48, 27)        # resolution of the light gradient before scaling up
_TILE = 256                   # side of the grain tile
_MOTTLE_GRID = (40, 24)       # resolution of the soft mottle


@dataclass(frozen=True)
class Palette:
    text: Colour = (242, 238, 226)
    text_dim: Colour = (190, 200, 188)
    text_dark: Colour = (32, 34, 38)            # on light panels and buttons
    panel: Colour = (12, 24, 20, 196)           # translucent, over the felt
    panel_solid: Colour = (24, 40, 34)
    panel_border: Colour = (214, 180, 96)
    button: Colour = (238, 228, 204)
    button_hover: Colour = (252, 245, 226)
    button_pressed: Colour = (206, 192, 160)
    button_text: Colour = (34, 36, 40)
    button_disabled: Colour = (118, 124, 116)
    button_disabled_text: Colour = (70, 74, 70)
    button_primary: Colour = (230, 176, 58)     # the main action of a screen
    button_primary_text: Colour = (40, 28, 8)
    highlight: Colour = (255, 236, 150)         # selected card, legal target
    accent: Colour = (255, 156, 54)             # "your turn"
    error: Colour = (226, 60, 56)
    error_text: Colour = (255, 132, 120)        # readable on the felt
    success: Colour = (116, 212, 124)
    trump: Colour = (255, 214, 80)
    team_us: Colour = (120, 196, 255)
    team_them: Colour = (255, 146, 124)
    shadow: Colour = (0, 0, 0, 96)


PALETTE = Palette()


def _lerp(a, b, t: float):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def felt_colour(temperature: float) -> Colour:
    """The felt's base colour for a temperature 0..1."""
    t = min(1.0, max(0.0, temperature)) * 2
    c = _lerp(_FELT[0], _FELT[1], t) if t <= 1 else _lerp(_FELT[1], _FELT[2], t - 1)
    return tuple(round(v) for v in c)


def _light(size, contrast: float, temperature: float) -> pygame.Surface:
    """The felt lit from above the centre: brighter middle, darker edges (vignette)."""
    base = felt_colour(temperature)
    gw, gh = _LIGHT_GRID
    grid = pygame.Surface((gw, gh))
    amount = 0.78 * min(1.0, max(0.0, contrast))
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw * 2 - 1, ((y + 0.5) / gh * 2 - 1) * 1.05 + 0.12
            d = dx * dx * 0.85 + dy * dy
            f = 1 + amount * (0.3 - 0.75 * d * d ** 0.5)
            grid.set_at((x, y), [max(0, min(255, round(c * f))) for c in base])
    return pygame.transform.smoothscale(grid, size)


@lru_cache(maxsize=1)
def _noise_tile() -> pygame.Surface:
    """256x256 random bytes as an 8-bit surface whose palette maps them to noise values."""
    data = random.Random(1729).randbytes(_TILE * _TILE)
    return pygame.image.frombytes(data, (_TILE, _TILE), "P")


@lru_cache(maxsize=1)
def _normal_quantiles() -> tuple:
    """The standard normal's quantile at (i + 0.5) / 256, by bisection on erf (the browser's
    Python has no ``statistics`` module)."""
    out = []
    for i in range(256):
        p, lo, hi = (i + 0.5) / 256, -6.0, 6.0
        for _ in range(50):
            mid = (lo + hi) / 2
            if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < p:
                lo = mid
            else:
                hi = mid
        out.append((lo + hi) / 2)
    return tuple(out)


def _normal_palette(strength: float, sign: int):
    """Palette mapping uniform bytes to one signed half of a normal distribution, scaled."""
    out = []
    for q in _normal_quantiles():
        v = max(-2.5, min(2.5, q)) * sign * strength
        g = max(0, min(255, round(v)))
        out.append((g, g, g))
    return out


def _add_noise(target: pygame.Surface, tile: pygame.Surface, strength: float, scale_to=None) -> None:
    """Lighten and darken ``target`` by the noise in ``tile`` (tiled, or stretched to ``scale_to``)."""
    for sign, flag in ((1, pygame.BLEND_RGB_ADD), (-1, pygame.BLEND_RGB_SUB)):
        tile.set_palette(_normal_palette(strength, sign))
        layer = pygame.Surface(tile.get_size())
        layer.blit(tile, (0, 0))
        if scale_to:
            target.blit(pygame.transform.smoothscale(layer, scale_to), (0, 0), special_flags=flag)
            continue
        w, h = target.get_size()
        for y in range(0, h, _TILE):
            for x in range(0, w, _TILE):
                target.blit(layer, (x, y), special_flags=flag)


@lru_cache(maxsize=1)
def _mottle_tile() -> pygame.Surface:
    gw, gh = _MOTTLE_GRID
    return pygame.image.frombytes(random.Random(31).randbytes(gw * gh), (gw, gh), "P")


@lru_cache(maxsize=6)
def _table(size, contrast: float, grain: float, temperature: float) -> pygame.Surface:
    surf = _light(size, contrast, temperature)
    g = min(1.0, max(0.0, grain))
    if g > 0:
        _add_noise(surf, _noise_tile(), 9 * g)
        _add_noise(surf, _mottle_tile(), 5 * g, scale_to=size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert()
    return surf


def table_surface(size: tuple[int, int], contrast: float = 0.5, grain: float = 0.5,
                  temperature: float = 0.5) -> pygame.Surface:
    """The felt at ``size``; cached by its parameters (read-only: copy before drawing on it)."""
    return _table((int(size[0]), int(size[1])), round(contrast, 3), round(grain, 3), round(temperature, 3))
