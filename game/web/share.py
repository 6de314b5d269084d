"""Sharing a link: the page's own address, and copying text to the clipboard.

``page_address()`` is the game page's address without its query (the iframe's own in an
embedding page), or ``None`` on the desktop, where ``game.engine.codes.DEFAULT_BASE`` serves.
``copy(text)`` starts copying and returns a ``Copy`` whose ``state`` becomes "done" or
"failed": in the browser the page's ``tt.copy`` (the template) writes the clipboard
(``navigator.clipboard``, else a selected text area), which a browser may refuse (an iframe
without ``allow="clipboard-write"``, no tap just before); on the desktop the text is printed
and the state is "printed".
"""

from __future__ import annotations

import sys

PENDING, DONE, FAILED, PRINTED = "pending", "done", "failed", "printed"
WAIT = 3.0  # seconds after which a copy the page has not confirmed counts as failed


def _window():
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        return platform.window
    except Exception:  # noqa: BLE001 - no page
        return None


def page_address(window=None) -> str | None:
    window = window or _window()
    if window is None:
        return None
    try:
        href = window.location.href
    except Exception:  # noqa: BLE001 - a page that refuses
        return None
    if not isinstance(href, str) or not href.startswith(("http://", "https://")):
        return None
    return href.split("#", 1)[0].split("?", 1)[0]


class Copy:
    """One copy to the clipboard; ``poll(dt)`` follows it, ``state`` says how it went."""

    def __init__(self, text: str, window=None):
        self.text, self.age = text, 0.0
        self.window = window or _window()
        if self.window is None:
            print(text, flush=True)  # the desktop: in the terminal, to copy from there
            self.state = PRINTED
            return
        try:
            self.window.tt.copy(text)
            self.state = PENDING
        except Exception:  # noqa: BLE001 - no tt.copy on this page, or it threw
            self.state = FAILED

    def poll(self, dt: float) -> str:
        if self.state == PENDING:
            self.age += dt
            try:
                told = self.window.tt.copied
            except Exception:  # noqa: BLE001
                told = None
            if told in (DONE, FAILED):
                self.state = told
            elif self.age > WAIT:
                self.state = FAILED
        return self.state


def copy(text: str, window=None) -> Copy:
    return Copy(text, window)
