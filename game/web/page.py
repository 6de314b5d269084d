"""The page around the game under pygbag: is there one, and what shape is it?

``viewport()`` is the room the page gives the canvas in CSS pixels, or ``None`` on the desktop:
the page's script (build/template.tmpl, ``fit()``) publishes it as ``window.tt.roomWidth`` /
``roomHeight`` whenever it refits the canvas (a rotation, a resize, the browser's bars); before
that, or in a page without our script, the window's inner size.  ``prefers_portrait()`` is True
when it is taller than wide.  The app looks at it now and then and reopens its canvas in the other
orientation when the phone is turned; the page scales whatever canvas the game opens to fit.
"""

from __future__ import annotations

import sys


def in_browser() -> bool:
    return sys.platform == "emscripten"


def _size(width, height) -> tuple[int, int] | None:
    try:
        width, height = int(width), int(height)
    except (TypeError, ValueError):
        return None
    return (width, height) if width > 0 and height > 0 else None


def viewport() -> tuple[int, int] | None:
    if not in_browser():
        return None
    try:
        import platform

        window = platform.window
    except Exception:  # noqa: BLE001 - no page (a worker, a test): no size
        return None
    try:
        tt = window.tt
        room = _size(tt.roomWidth, tt.roomHeight)
        if room:
            return room
    except Exception:  # noqa: BLE001 - our script has not run (yet): the window's size
        pass
    try:
        return _size(window.innerWidth, window.innerHeight)
    except Exception:  # noqa: BLE001
        return None


def prefers_portrait() -> bool:
    size = viewport()
    return bool(size and size[1] > size[0])
