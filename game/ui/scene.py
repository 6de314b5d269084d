"""The scene base: widgets with pointer capture, keyboard focus and scrolling.

A scene builds its widgets in ``build()``, gets ``Input`` events in ``handle``,
time in ``update`` and draws in ``draw``; ``moving`` and ``shown`` tell the app when its
picture changes without an event (the app rests otherwise).  Arrows/Tab move the focus,
Enter/Space activate, Escape goes back.  Widgets marked ``scrolls`` live in a
scrolling viewport (dragged, wheeled, or followed by the focus); the others stay put.
"""

from __future__ import annotations

import pygame

from game.i18n import language as current_language

from . import gfx, kit, style
from .input import KEY, MOVE, PRESS, RELEASE, WHEEL

FOCUS_NEXT = (pygame.K_DOWN, pygame.K_TAB)
FOCUS_PREV = (pygame.K_UP,)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SCROLL_SLOP = 14  # pixels a press may move before it becomes a scroll


class Scene:
    name = "scene"

    @classmethod
    def ahead_jobs(cls, layout) -> list:
        """Work this scene's first frame would do (a big picture made), as jobs that a scene
        leading here runs ahead, one a frame (``App.ahead_jobs``): none by default."""
        return []

    def __init__(self, app):
        self.app = app
        self.widgets = []
        self.focus = -1
        self.captured = None
        self.scroll = 0
        self.viewport = None      # rect of the scrolling area, if any
        self.content_height = 0
        self.scroll_from = None   # (pointer y, scroll) while scrolling by drag
        self.touch = False        # the last pointer event came from a finger

    @property
    def layout(self):
        return self.app.layout

    def enter(self):
        self.build()

    def spare(self, left_ms: float) -> None:
        """The frame is drawn and ``left_ms`` of its budget is left (``App.frame``; may be less
        than 0): work that can wait for it (an AI seat's slice of thinking).  None by default."""

    def working(self) -> bool:
        """Whether the last frame asked for work that more passes of the loop would go on with
        (``App.passes``: an AI seat's thinking).  None by default."""
        return False

    ahead_picture = None  # (picture, language) of the first frame, drawn ahead whole (``App.ahead``)

    def shown_ahead(self, surf) -> bool:
        """The first frame's picture drawn ahead, on ``surf`` (the screen), if there is one and
        it still holds (the same canvas and language): one blit instead of the whole drawing."""
        ahead, self.ahead_picture = self.ahead_picture, None
        if ahead is None or surf is not self.app.screen:
            return False
        picture, language = ahead
        if picture.get_size() != surf.get_size() or language != current_language():
            return False
        surf.blit(picture, (0, 0))
        return True

    def draw_steps(self, surf):
        """``draw`` in pieces, one a ``next`` (``App.ahead`` draws a scene ahead so): one piece
        unless a scene cuts it up."""
        self.draw(surf)
        yield

    def relayout(self):
        """The canvas changed size (the phone turned): lay the scene out again, keeping its state."""
        self.build()
        self.scroll_to(self.scroll)

    def build(self):
        self.widgets = []

    def back(self):
        self.app.back()

    def below(self):
        """The scene under this one on the app's stack (a sheet draws it behind), or None."""
        stack = self.app.stack
        i = next((n for n, scene in enumerate(stack) if scene is self), 0)
        return stack[i - 1] if i > 0 else None

    def shot_key(self):
        return self.name

    # ---- scrolling --------------------------------------------------------------------------
    def local(self, widget, pos):
        return (pos[0], pos[1] + self.scroll) if widget.scrolls else pos

    def max_scroll(self):
        return max(0, self.content_height - self.viewport.height) if self.viewport else 0

    def scroll_to(self, value):
        self.scroll = int(max(0, min(self.max_scroll(), value)))

    def wheel(self, dy):
        self.scroll_to(self.scroll - dy * 60)

    def _hit(self, pos):
        for w in reversed(self.widgets):
            if w.scrolls and not (self.viewport and self.viewport.collidepoint(pos)):
                continue
            if w.hit(self.local(w, pos)):
                return w
        return None

    # ---- input ------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.kind in (PRESS, RELEASE, MOVE):
            self.touch = ev.touch  # the last pointer was a finger (True) or the mouse
        if ev.kind == PRESS:
            hit = self._hit(ev.pos)
            self.captured = hit
            self.press_pos = ev.pos
            if hit:
                hit.press(self.local(hit, ev.pos))
                self.app.sounds.play("click")
            elif self.viewport and self.viewport.collidepoint(ev.pos):
                self.scroll_from = (ev.pos[1], self.scroll)
            else:
                self.press_elsewhere(ev.pos)
        elif ev.kind == MOVE:
            w = self.captured
            if w and w.scrolls and self.viewport and abs(ev.pos[1] - self.press_pos[1]) > SCROLL_SLOP \
                    and abs(ev.pos[1] - self.press_pos[1]) > abs(ev.pos[0] - self.press_pos[0]):
                w.pressed, self.captured = False, None  # a vertical swipe on a row scrolls
                self.scroll_from = (self.press_pos[1], self.scroll)
            if self.scroll_from:
                self.scroll_to(self.scroll_from[1] - (ev.pos[1] - self.scroll_from[0]))
            elif self.captured:
                self.captured.drag(self.local(self.captured, ev.pos))
            else:
                if not ev.touch:
                    self.hover(ev.pos)
                self.pointer_move(ev.pos)
        elif ev.kind == RELEASE:
            w, self.captured = self.captured, None
            if self.scroll_from:
                self.scroll_from = None
            elif w:
                w.release(self.local(w, ev.pos))
            else:
                self.release_elsewhere(ev.pos)
        elif ev.kind == WHEEL:
            self.wheel(ev.dy)
        elif ev.kind == KEY:
            self.key(ev)

    def hover(self, pos):
        """The mouse moved without a button held: the widget under it lights up."""
        over = self._hit(pos)
        for w in self.widgets:
            w.hover = w is over

    def press_elsewhere(self, pos):
        pass

    def pointer_move(self, pos):
        pass

    def release_elsewhere(self, pos):
        pass

    def focusables(self):
        return [w for w in self.widgets if w.focusable and w.enabled]

    def key(self, ev) -> None:
        k = ev.key
        if k == pygame.K_ESCAPE:
            self.back()
            return
        order = self.focusables()
        current = self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None
        if k in FOCUS_NEXT + FOCUS_PREV and order:
            i = order.index(current) if current in order else -1
            i = (i + (1 if k in FOCUS_NEXT else -1)) % len(order)
            self.focus = self.widgets.index(order[i])
            self.follow_focus(order[i])
        elif k in ACTIVATE and current and current.enabled:
            self.app.sounds.play("click")
            current.activate()
        elif current:
            current.key(k)
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.wheel(-5 if k == pygame.K_PAGEDOWN else 5)

    def follow_focus(self, widget):
        """Scroll so the focused widget is in view."""
        if widget.scrolls and self.viewport:
            top = widget.rect.top - self.viewport.top
            if top < self.scroll:
                self.scroll_to(top - 10)
            elif widget.rect.bottom - self.viewport.top > self.scroll + self.viewport.height:
                self.scroll_to(widget.rect.bottom - self.viewport.top - self.viewport.height + 10)

    # ---- time and drawing ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        pass

    def moving(self) -> bool:
        """Whether the picture changes with time alone now (something flies, fades, counts or
        pulses): the app draws every frame while it does.  A still scene rests."""
        return False

    def shown(self):
        """What the picture shows that can change without an event (a move, a step, a message
        that comes or goes): the app draws a frame when it differs from the last one drawn.
        The input's effects need not be in it: every event draws a frame."""
        return None

    def draw(self, surf) -> None:
        self.app.draw_table(surf)
        self.draw_widgets(surf)

    def draw_widgets(self, surf):
        for i, w in enumerate(self.widgets):
            if w.scrolls:
                continue
            w.draw(surf, i == self.focus)
        if self.viewport:
            surf.set_clip(self.viewport)
            for i, w in enumerate(self.widgets):
                if w.scrolls:
                    w.rect.move_ip(0, -self.scroll)
                    if w.rect.colliderect(self.viewport):
                        w.draw(surf, i == self.focus)
                    w.rect.move_ip(0, self.scroll)
            surf.set_clip(None)
            self.draw_scrollbar(surf)

    def draw_scrollbar(self, surf):
        if self.max_scroll() <= 0:
            return
        v = self.viewport
        h = max(40, v.height * v.height // self.content_height)
        y = v.top + (v.height - h) * self.scroll // self.max_scroll()
        gfx.panel(surf, (v.right + 4, y, 6, h), (255, 255, 255, 90), 3)

    def draw_title(self, surf, title, subtitle=""):
        lay = self.layout
        gfx.blit_text(surf, title, lay.title, (lay.size[0] // 2, lay.margin + 8), style.TEXT, "midtop", True)
        if subtitle:
            size = kit.text.fit_size(subtitle, lay.medium, lay.size[0] - 2 * lay.margin)
            gfx.blit_text(surf, subtitle, size, (lay.size[0] // 2, lay.margin + lay.title + 20),
                          style.TEXT_DIM, "midtop")
