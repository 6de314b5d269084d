"""Buttons, toggles, steppers and sliders: each a rect that takes pointer presses
(captured until release) and keys when focused, and draws itself.  In a right-to-left
language they are drawn mirrored (``direction``): a row's label at the right, its control at
the left, a stepper's + and a slider's fill toward the left, the arrow keys following."""

from __future__ import annotations

import pygame

from . import direction, gfx, style


class Widget:
    focusable = True
    scrolls = False  # lives in the scene's scrolling viewport

    def __init__(self, rect, enabled=True):
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.pressed = False

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
            self.activate()

    def activate(self):
        pass

    def key(self, key) -> bool:
        """Left/right and similar keys while focused; True if used."""
        return False

    def draw(self, surf, focused=False):
        raise NotImplementedError


class Button(Widget):
    def __init__(self, rect, label, on_click, size=22, primary=False, enabled=True, icon=None,
                 colour=None, sublabel=""):
        super().__init__(rect, enabled)
        self.label, self.on_click, self.size = label, on_click, size
        self.primary, self.icon, self.colour, self.sublabel = primary, icon, colour, sublabel

    def activate(self):
        if self.enabled:
            self.on_click()

    def draw(self, surf, focused=False):
        r = self.rect
        if not self.enabled:
            fill = style.BUTTON_DISABLED
        else:
            fill = self.colour or (style.BUTTON_PRIMARY if self.primary else style.BUTTON)
        if self.pressed:
            fill = tuple(max(0, c - 40) for c in fill[:3])
        gfx.shadow(surf, r, style.RADIUS)
        gfx.panel(surf, r, fill, style.RADIUS, style.ACCENT if focused else None, 4 if focused else 0)
        size = gfx.fit_size(self.label, self.size, r.width - 16 - (self.icon.get_width() + 8 if self.icon else 0),
                            bold=True)
        label = gfx.text(self.label, size, style.BUTTON_TEXT, True)
        sub = gfx.text(self.sublabel, max(12, size * 3 // 4), style.BUTTON_TEXT) if self.sublabel else None
        width = label.get_width() + (self.icon.get_width() + 8 if self.icon else 0)
        x = r.centerx - width // 2
        y = r.centery - (label.get_height() + (sub.get_height() if sub else 0)) // 2
        if self.icon:  # the icon at the start of the label
            icon = self.icon.get_rect(midleft=(x, r.centery if not sub else y + label.get_height() // 2))
            surf.blit(self.icon, direction.flip(icon, r))
            x += self.icon.get_width() + 8
        surf.blit(label, direction.flip(label.get_rect(topleft=(x, y)), r))
        if sub:
            surf.blit(sub, sub.get_rect(midtop=(r.centerx, y + label.get_height())))


class Row(Widget):
    """A labelled settings row with its control on the right; the label may carry a note below."""

    scrolls = True

    def __init__(self, rect, label, note="", size=22):
        super().__init__(rect)
        self.label, self.note, self.size = label, note, size

    def draw_label(self, surf, focused, control_w):
        r = self.rect
        gfx.panel(surf, r, style.PANEL, style.RADIUS, style.ACCENT if focused else None, 3 if focused else 0)
        text_rect = pygame.Rect(r.left + 16, r.top + 10, r.width - control_w - 40, r.height)
        size = gfx.fit_size(self.label, self.size, text_rect.width, True)  # long labels (translations) shrink
        gfx.blit_text(surf, self.label, size, text_rect.topleft, style.TEXT, bold=True, within=r)
        if self.note:
            note = pygame.Rect(text_rect.left, text_rect.top + self.size + 8, text_rect.width, 0)
            gfx.blit_wrapped(surf, self.note, self.size * 4 // 5, direction.flip(note, r), style.TEXT_DIM, spacing=1.2)

    def control_rect(self, width) -> pygame.Rect:
        """The control's place at the row's end (the right; the left in right to left)."""
        r = self.rect
        h = min(r.height - 16, self.size * 2 + 14)
        return direction.flip((r.right - width - 14, r.centery - h // 2, width, h), r)


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

    def draw(self, surf, focused=False):
        w = self.size * 3 + 12
        self.draw_label(surf, focused, w)
        c = self.control_rect(w)
        c.height = min(c.height, self.size + 20)
        c.centery = self.rect.centery
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

    def _controls(self):
        width = min(self.rect.width // 2, self.size * 11)
        c = self.control_rect(width)
        b = c.height  # − at the start, + at the end
        return c, direction.flip((c.left, c.top, b, b), c), direction.flip((c.right - b, c.top, b, b), c)

    def press(self, pos):
        _, minus, plus = self._controls()
        self.side = -1 if minus.collidepoint(pos) else 1 if plus.collidepoint(pos) else 0
        super().press(pos)

    def activate(self):
        self.step(self.side or 1)

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
        self.draw_label(surf, focused, c.width)
        gfx.panel(surf, c, (255, 255, 255, 30), c.height // 2)
        for rect, sign, ok in ((minus, "−", self.index > 0), (plus, "+", self.index < len(self.values) - 1)):
            gfx.panel(surf, rect, style.BUTTON if ok else style.BUTTON_DISABLED, rect.height // 2)
            gfx.blit_text(surf, sign, self.size + 6, rect.center, style.BUTTON_TEXT, "center", True)
        label = self.shown(self.value)
        mid = c.inflate(-2 * minus.width, 0)
        size = gfx.fit_size(label, self.size, mid.width - 8, True)
        gfx.blit_text(surf, label, size, mid.center, style.TEXT, "center", True)


class Slider(Row):
    """A value from 0 to 1, set by dragging or with the arrow keys."""

    def __init__(self, rect, label, value, on_change, size=22):
        super().__init__(rect, label, "", size)
        self.value, self.on_change = float(value), on_change

    def _track(self):
        c = self.control_rect(min(self.rect.width // 2, 320))
        return pygame.Rect(c.left + 14, c.centery - 4, c.width - 28, 8)

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
        self.draw_label(surf, focused, t.width + 40)
        gfx.panel(surf, t, (255, 255, 255, 70), 4)
        gfx.panel(surf, direction.flip((t.left, t.top, int(t.width * self.value), t.height), t), style.ACCENT, 4)
        knob = direction.flip_x(t.left + int(t.width * self.value), t)
        pygame.draw.circle(surf, style.BUTTON, (knob, t.centery), self.size // 2 + 4)
