"""Our shipped fonts (DejaVu Sans, subset) and the path to the app's assets.

No system font is ever used: a browser running the pygbag build has none, and
the default pygame font lacks the suit symbols ♠♥♦♣.
"""

from __future__ import annotations

from pathlib import Path

import pygame

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

_PACKAGE_ASSETS = Path(__file__).resolve().parents[2] / "assets"
_cache: dict[tuple[int, bool], pygame.font.Font] = {}


def asset_path(*parts: str) -> Path:
    """A file under ``assets/``: beside the package natively, else under the cwd (pygbag's app root)."""
    path = _PACKAGE_ASSETS.joinpath(*parts)
    return path if path.exists() else Path.cwd().joinpath("assets", *parts)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (or Sans Bold) at ``size`` pixels, cached."""
    if not pygame.font.get_init():
        _cache.clear()
        pygame.font.init()
    key = (max(1, int(size)), bool(bold))
    f = _cache.get(key)
    if f is None:
        f = _cache[key] = pygame.font.Font(str(asset_path("fonts", FONT_FILES[key[1]])), key[0])
    return f


pygame.register_quit(_cache.clear)
