"""The page around the game under pygbag: is there one, and what shape is it?

``viewport()`` is the size of the page (or of the iframe a website embeds the game in) in CSS
pixels, or ``None`` on the desktop; ``prefers_portrait()`` is True when it is taller than wide,
so the table can open its portrait layout on a phone held upright. The page scales whatever
framebuffer the game opens to fit, either way.
"""

from __future__ import annotations

import sys


def in_browser() -> bool:
    return sys.platform == "emscripten"


def viewport() -> tuple[int, int] | None:
    if not in_browser():
        return None
    try:
        import platform

        width, height = int(platform.window.innerWidth), int(platform.window.innerHeight)
    except Exception:  # noqa: BLE001 - no page (a worker, a test): no size
        return None
    return (width, height) if width > 0 and height > 0 else None


def prefers_portrait() -> bool:
    size = viewport()
    return bool(size and size[1] > size[0])
