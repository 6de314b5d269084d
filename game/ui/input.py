"""Raw pygame events -> pointer and key events the scenes understand.

Touch arrives twice: as FINGER* events and as mouse events pygame synthesizes
from them (``event.touch`` is true on those).  We keep the finger events, drop
the synthesized mouse ones, and follow one finger at a time, so a tap is
handled exactly once.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

PRESS, MOVE, RELEASE, KEY, WHEEL = "press", "move", "release", "key", "wheel"


class Input(NamedTuple):
    kind: str
    pos: tuple = (0, 0)
    key: int = 0
    text: str = ""  # the character typed (for digits)
    dy: int = 0     # wheel steps
    touch: bool = False  # from a finger (a tap selects a card; a click plays it)


class Translator:
    def __init__(self, size):
        self.size = size
        self.finger = None  # the finger being followed

    def __call__(self, ev) -> list[Input]:
        t = ev.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(ev, "touch", False):
                return []  # synthesized from a finger: the FINGER event counts
            if t == pygame.MOUSEMOTION:
                return [Input(MOVE, ev.pos)]
            if ev.button in (4, 5):
                return []  # old-style wheel buttons; MOUSEWHEEL carries them
            if ev.button != 1:
                return []
            return [Input(PRESS if t == pygame.MOUSEBUTTONDOWN else RELEASE, ev.pos)]
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(ev.x * self.size[0]), int(ev.y * self.size[1]))
            if t == pygame.FINGERDOWN:
                if self.finger is not None:
                    return []
                self.finger = ev.finger_id
                return [Input(PRESS, pos, touch=True)]
            if ev.finger_id != self.finger:
                return []
            if t == pygame.FINGERUP:
                self.finger = None
                return [Input(RELEASE, pos, touch=True)]
            return [Input(MOVE, pos, touch=True)]
        if t == pygame.MOUSEWHEEL:
            if getattr(ev, "touch", False):
                return []
            return [Input(WHEEL, pygame.mouse.get_pos(), dy=ev.y)]
        if t == pygame.KEYDOWN:
            return [Input(KEY, key=ev.key, text=getattr(ev, "unicode", "") or "")]
        return []
