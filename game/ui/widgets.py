"""Buttons, toggles, steppers and sliders: each a rect that takes pointer presses
(captured until release) and keys when focused, and draws itself.  In a right-to-left
language they are drawn mirrored (``direction``): a row's label at the right, its control at
the left, a stepper's + and a slider's fill toward the left, the arrow keys following."""

from __future__ import annotations

import pygame

from game.i18n import _

from . import direction, gfx, kit, style


class Widget:
    focusable = True
    scrolls = False  # lives in the scene's scrolling viewport

    def __init__(self, rect, enabled=True):
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.pressed = False
        self.hover = False   # the mouse is over it (no finger hovers)
        self.armed = False   # tapped once: a second tap confirms (see Button.confirm)

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def press(self, pos):
        self.pressed = True

    def drag(self, pos):
        pass

    def release(self, pos):
        """End of a press: a tap if it ends inside."""
        was, self.pressed = self.pressed, False
        if was and self.rect.collidepoint(pos):
            self.tap()

    def tap(self):
        """A press and release inside it: what Enter does, unless where it was pressed matters."""
        self.activate()

    def activate(self):
        """Enter or Space while it has the focus (and a tap, by default)."""

    def key(self, key) -> bool:
        """Left/right and similar keys while focused; True if used."""
        return False

    def draw(self, surf, focused=False):
        raise NotImplementedError


class Button(Widget):
    def __init__(self, rect, label, on_click, size=22, primary=False, enabled=True, icon=None,
                 colour=None, sublabel="", smallest=style.TEXT_MIN_PX):
        super().__init__(rect, enabled)
        self.label, self.on_click, self.size, self.smallest = label, on_click, size, smallest
        self.primary, self.icon, self.colour, self.sublabel = primary, icon, colour, sublabel

    def activate(self):
        if self.enabled:
            self.on_click()

    def text_room(self) -> int:
        return self.rect.width - 16 - (self.icon.get_width() + 8 if self.icon else 0)

    def label_lines(self) -> tuple[int, tuple[str, ...]]:
        """(size, lines) of the caption: one line, shrunk to fit down to ``smallest``, else
        wrapped on two (or more) lines."""
        room = self.text_room()
        size = kit.text.fit_size(self.label, self.size, room, bold=True, smallest=self.smallest)
        if kit.text.width(self.label, size, True) <= room:
            return size, (self.label,)
        return size, kit.text.wrap(self.label, size, room, True)

    def draw(self, surf, focused=False):
        r = self.rect
        if not self.enabled:
            fill = style.BUTTON_DISABLED
        else:
            fill = self.colour or (style.BUTTON_PRIMARY if self.primary else style.BUTTON)
        if self.pressed:
            fill = tuple(max(0, c - 40) for c in fill[:3])
        elif self.hover and self.enabled:
            fill = tuple(min(255, c + 18) for c in fill[:3])
        gfx.shadow(surf, r, style.RADIUS)
        gfx.panel(surf, r, fill, style.RADIUS, style.ACCENT if focused or self.armed else None,
                  4 if focused or self.armed else 0)
        size, lines = self.label_lines()
        boxes = [kit.text.picture_size(line, size, True) for line in lines]
        sub_size = max(style.TEXT_MIN_PX, size * 3 // 4)
        sub_h = kit.text.picture_size(self.sublabel, sub_size)[1] if self.sublabel else 0
        label_h = sum(h for _w, h in boxes)
        icon_w = self.icon.get_width() + 8 if self.icon else 0
        width = max(w for w, _h in boxes) + icon_w
        x = r.centerx - width // 2
        y = r.centery - (label_h + sub_h) // 2
        if self.icon:  # the icon at the start of the label
            icon = self.icon.get_rect(midleft=(x, r.centery if not self.sublabel else y + label_h // 2))
            surf.blit(self.icon, direction.flip(icon, r))
            x += icon_w
        for line, (w, h) in zip(lines, boxes):
            at = pygame.Rect(x + (width - icon_w - w) // 2, y, w, h)
            surf.blit(gfx.text(line, size, style.BUTTON_TEXT, True), direction.flip(at, r))
            y += h
        if self.sublabel:
            gfx.blit_text(surf, self.sublabel, sub_size, (r.centerx, y), style.BUTTON_TEXT, "midtop")


class Row(Widget):
    """A labelled settings row with its control at the end; the label may carry a note below.

    ``arrange(width)`` sizes the row for its text: side by side (the label and note at the
    start, the control at the end) when the label has room beside the control, else stacked
    (the label and note across the row, the control below them at the end edge)."""

    scrolls = True
    CONTROL_H = style.TOUCH_PX  # the control's height: a thumb's target

    def __init__(self, rect, label, note="", size=26):
        super().__init__(rect)
        self.label, self.note, self.size = label, note, size
        self.note_size = max(style.BODY_MIN_PX, size * 4 // 5)
        self.stacked = False

    def control_width(self) -> int:
        """The width of this row's control."""
        return 0

    def label_room(self, control_w=None) -> int:
        """How wide the label and note may be."""
        if self.stacked:
            return self.rect.width - 32
        return self.rect.width - (self.control_width() if control_w is None else control_w) - 40

    def arrange(self, width: int) -> int:
        """Choose side by side or stacked for ``width`` and set the row's height; returns it."""
        self.rect.width = width
        self.stacked = False  # side by side if the label has room (arranging again gives the same)
        self.stacked = self.label_room() < 300
        text_h = self.text_height(self.label_room())
        height = text_h + self.CONTROL_H + 12 if self.stacked else max(self.CONTROL_H + 20, text_h)
        self.rect.height = height
        return height

    def text_height(self, room: int) -> int:
        """The height the label and note take, drawn ``room`` wide as ``draw_label`` draws them,
        with the row's margins above and below."""
        label_h = len(kit.text.wrap(self.label, self.size, room, True)) * int(self.size * 1.2)
        note_h = len(kit.text.wrap(self.note, self.note_size, room)) * int(self.note_size * 1.2) + 6 if self.note else 0
        return 12 + label_h + note_h + 10

    def draw_label(self, surf, focused, control_w=None):
        r = self.rect
        gfx.panel(surf, r, style.PANEL, style.RADIUS, style.ACCENT if focused else None, 3 if focused else 0)
        room = self.label_room(control_w)
        text_rect = pygame.Rect(r.left + 16, r.top + 12, room, 0)
        height = gfx.blit_wrapped(surf, self.label, self.size, direction.flip(text_rect, r), style.TEXT, True, 1.2)
        if self.note:
            note = pygame.Rect(text_rect.left, text_rect.top + height + 6, room, 0)
            gfx.blit_wrapped(surf, self.note, self.note_size, direction.flip(note, r), style.TEXT_DIM, spacing=1.2)

    def control_rect(self, width) -> pygame.Rect:
        """The control's place at the row's end (the right; the left in right to left): beside
        the label, or below it in a stacked row."""
        r = self.rect
        h = min(r.height - 16, self.CONTROL_H)
        top = r.bottom - 12 - h if self.stacked else r.centery - h // 2
        return direction.flip((r.right - width - 14, top, width, h), r)


class Toggle(Row):
    def __init__(self, rect, label, value, on_change, note="", size=22):
        super().__init__(rect, label, note, size)
        self.value, self.on_change = bool(value), on_change

    def activate(self):
        self.value = not self.value
        self.on_change(self.value)

    def key(self, key):
        if direction.arrow_step(key):
            self.activate()
            return True
        return False

    def control_width(self) -> int:
        return self.size * 3 + 12

    def draw(self, surf, focused=False):
        w = self.control_width()
        self.draw_label(surf, focused)
        c = self.control_rect(w)
        middle = c.centery
        c.height = min(c.height, self.size + 20)
        c.centery = middle
        gfx.panel(surf, c, style.GOOD if self.value else style.BUTTON_DISABLED, c.height // 2)
        knob = c.height - 8
        x = c.right - knob - 4 if self.value else c.left + 4  # on: the knob at the end
        pygame.draw.circle(surf, style.BUTTON, (direction.flip_x(x + knob // 2, c), c.centery), knob // 2)


class Stepper(Row):
    """One value out of a list, changed with the − and + halves or the arrow keys."""

    def __init__(self, rect, label, values, index, on_change, shown=str, note="", size=22):
        super().__init__(rect, label, note, size)
        self.values, self.index, self.on_change, self.shown = list(values), index, on_change, shown
        self.side = 0

    @property
    def value(self):
        return self.values[self.index]

    def control_width(self) -> int:
        """The − and + and, between them, room for the widest value (up to the row's width, where
        a long value in Malayalam or French had run under the +)."""
        widest = max((kit.text.width(self.shown(v), self.size, True) for v in self.values), default=0)
        most = max(160, self.rect.width - 2 * self.CONTROL_H - 28) if self.rect.width else 260
        return 2 * self.CONTROL_H + max(160, min(widest + 24, most))

    def _controls(self):
        c = self.control_rect(self.control_width())
        b = c.height  # − at the start, + at the end
        return c, direction.flip((c.left, c.top, b, b), c), direction.flip((c.right - b, c.top, b, b), c)

    def touch_parts(self):
        """The − and + halves: what a finger aims at."""
        _whole, minus, plus = self._controls()
        return [(minus, f"stepper − {self.label!r}"), (plus, f"stepper + {self.label!r}")]

    def press(self, pos):
        _, minus, plus = self._controls()
        self.side = -1 if minus.collidepoint(pos) else 1 if plus.collidepoint(pos) else 0
        super().press(pos)

    def tap(self):
        """A step toward the half pressed (elsewhere on the row: on)."""
        self.step(self.side or 1)

    def activate(self):
        """Enter or Space on the focused row: the next value, whichever half was last pressed."""
        self.step(1)

    def step(self, d):
        new = max(0, min(len(self.values) - 1, self.index + d))
        if new != self.index:
            self.index = new
            self.on_change(self.value)

    def key(self, key):
        d = direction.arrow_step(key)
        if d:
            self.step(d)
        return bool(d)

    def draw(self, surf, focused=False):
        c, minus, plus = self._controls()
        self.draw_label(surf, focused)
        gfx.panel(surf, c, (255, 255, 255, 30), c.height // 2)
        for rect, sign, ok in ((minus, "−", self.index > 0), (plus, "+", self.index < len(self.values) - 1)):
            gfx.panel(surf, rect, style.BUTTON if ok else style.BUTTON_DISABLED, rect.height // 2)
            gfx.blit_text(surf, sign, self.size + 6, rect.center, style.BUTTON_TEXT, "center", True)
        label = self.shown(self.value)
        mid = c.inflate(-2 * minus.width, 0)
        size = kit.text.fit_size(label, self.size, mid.width - 8, True)
        gfx.blit_text(surf, label, size, mid.center, style.TEXT, "center", True)


class Slider(Row):
    """A value from 0 to 1, set by dragging or with the arrow keys."""

    def __init__(self, rect, label, value, on_change, size=22):
        super().__init__(rect, label, "", size)
        self.value, self.on_change = float(value), on_change

    def control_width(self) -> int:
        return min(self.rect.width // 2, 320) if not self.stacked else self.rect.width - 60

    VALUE_W = 96  # the room at the track's end for its value ("50%")

    def _track(self):
        c = self.control_rect(self.control_width())
        return direction.flip(pygame.Rect(c.left + 14, c.centery - 4, c.width - 28 - self.VALUE_W, 8), c)

    def value_text(self) -> str:
        return _("{n}%").format(n=round(self.value * 100))

    def press(self, pos):
        super().press(pos)
        self.drag(pos)

    def drag(self, pos):
        t = self._track()
        self.set((direction.flip_x(pos[0], t) - t.left) / t.width)  # from the start edge

    def release(self, pos):
        self.pressed = False

    def set(self, v):
        v = round(max(0.0, min(1.0, v)), 2)
        if v != self.value:
            self.value = v
            self.on_change(v)

    def key(self, key):
        d = direction.arrow_step(key)
        if d:
            self.set(self.value + 0.05 * d)
        return bool(d)

    def draw(self, surf, focused=False):
        t = self._track()
        self.draw_label(surf, focused)
        gfx.panel(surf, t, (255, 255, 255, 70), 4)
        gfx.panel(surf, direction.flip((t.left, t.top, int(t.width * self.value), t.height), t), style.ACCENT, 4)
        knob = direction.flip_x(t.left + int(t.width * self.value), t)
        pygame.draw.circle(surf, style.BUTTON, (knob, t.centery), self.size // 2 + 4)
        c = self.control_rect(self.control_width())
        room = direction.flip(pygame.Rect(c.right - self.VALUE_W, c.top, self.VALUE_W, c.height), c)
        text = self.value_text()
        size = kit.text.fit_size(text, self.size, room.width - 8, True)
        gfx.blit_text(surf, text, size, room.center, style.TEXT, "center", True)


class ResetRow(Row):
    """A row whose control is one button (Reset): a tap, Enter or Space runs ``on_reset``."""

    def __init__(self, rect, label, button, on_reset, note="", size=22):
        super().__init__(rect, label, note, size)
        self.button, self.on_reset = button, on_reset

    def control_width(self) -> int:
        return kit.text.width(self.button, self.size, True) + 48

    def activate(self):
        self.on_reset()

    def draw(self, surf, focused=False):
        self.draw_label(surf, focused)
        c = self.control_rect(self.control_width())
        gfx.panel(surf, c, style.BUTTON, c.height // 2)
        size = kit.text.fit_size(self.button, self.size, c.width - 16, True)
        gfx.blit_text(surf, self.button, size, c.center, style.BUTTON_TEXT, "center", True)
