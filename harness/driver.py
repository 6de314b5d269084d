"""Driving the app without a person: synthetic mouse, touch and key events, and
frames run until a condition holds.  Used by the tests, the frame benchmark and
headless screenshots."""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.ui.app import App
from game.ui.layout import LANDSCAPE
from game.ui.storage import MemoryBackend, Store

DT = 1 / 60


def make_app(size=LANDSCAPE, settings=None, shots=None) -> App:
    store = Store(MemoryBackend())
    store.settings.update(settings or {})
    return App(size, store, shots)


def frames(app: App, n: int = 1, events=()) -> None:
    """``n`` frames, the first with ``events``."""
    for i in range(n):
        app.frame(DT, list(events) if i == 0 else [])


@contextmanager
def unseen(app: App):
    """Frames go on (input, time, the scenes' updates) but draw nothing while the block runs: for
    a tour that draws, itself, only the moments it measures (the frames between cost drawing and
    show nobody anything).  The next frame after it draws."""
    app.needs_draw = lambda scene: (False, False)
    try:
        yield app
    finally:
        del app.needs_draw
        app.invalidate()


def run_until(app: App, done, limit: int = 20000) -> bool:
    """Frames until ``done()`` is true; False if ``limit`` frames pass first."""
    for _ in range(limit):
        if done():
            return True
        app.frame(DT, [])
    return done()


def click(app: App, pos) -> None:
    """A mouse click (press and release) at ``pos``."""
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])


def tap(app: App, pos, finger=1) -> None:
    """A finger tap at ``pos``, with the mouse events SDL synthesizes from it (which must be ignored)."""
    w, h = app.layout.size
    x, y = pos[0] / w, pos[1] / h
    down = [pygame.event.Event(pygame.FINGERDOWN, x=x, y=y, dx=0, dy=0, finger_id=finger, touch_id=1),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)]
    up = [pygame.event.Event(pygame.FINGERUP, x=x, y=y, dx=0, dy=0, finger_id=finger, touch_id=1),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)]
    frames(app, 1, down)
    frames(app, 1, up)


def tap_twice(app: App, pos, finger=1) -> None:
    """Two taps at ``pos``: the first selects a card (or arms a decision), the second plays it."""
    tap(app, pos, finger)
    tap(app, pos, finger)


def drag(app: App, start, end, steps: int = 6) -> None:
    """A mouse drag from ``start`` to ``end``."""
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)])
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0), touch=False)])
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)])


def swipe(app: App, start, end, steps: int = 6, finger=1) -> None:
    """A finger put down at ``start``, moved to ``end`` over ``steps`` frames, and lifted."""
    w, h = app.layout.size
    at = lambda kind, p: pygame.event.Event(kind, x=p[0] / w, y=p[1] / h, dx=0, dy=0, finger_id=finger,
                                            touch_id=1)
    frames(app, 1, [at(pygame.FINGERDOWN, start)])
    for i in range(1, steps + 1):
        frames(app, 1, [at(pygame.FINGERMOTION, (start[0] + (end[0] - start[0]) * i // steps,
                                                 start[1] + (end[1] - start[1]) * i // steps))])
    frames(app, 1, [at(pygame.FINGERUP, end)])


def press_key(app: App, key, text="") -> None:
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0)])


def button(app: App, label: str):
    """The enabled widget of the current scene whose label is ``label``, or None."""
    return next((w for w in app.scene.widgets if getattr(w, "label", None) == label and w.enabled), None)


def click_button(app: App, label: str, how=click) -> None:
    w = button(app, label)
    if w is None:
        raise LookupError(f"no button {label!r} in {app.scene.name}: "
                          f"{[getattr(x, 'label', '?') for x in app.scene.widgets]}")
    how(app, w.rect.center)
