"""Small immutable shapes for laying out a screen: a ``Size`` and a ``Region`` (a rectangle).

Every method returns a new value; nothing here draws or measures text.  ``Region.rect`` and
``Region.of`` cross to and from ``pygame.Rect``, which the drawing code and the tests use."""

from __future__ import annotations

from typing import NamedTuple

import pygame


class Size(NamedTuple):
    width: int = 0
    height: int = 0

    @property
    def area(self) -> int:
        return max(0, self.width) * max(0, self.height)

    def grow(self, dw: int, dh: int) -> Size:
        return Size(self.width + dw, self.height + dh)

    def fits_in(self, other: Size) -> bool:
        return self.width <= other.width and self.height <= other.height


class Region(NamedTuple):
    x: int = 0
    y: int = 0
    width: int = 0
    height: int = 0

    @classmethod
    def of(cls, rect) -> Region:
        r = pygame.Rect(rect)
        return cls(r.x, r.y, r.width, r.height)

    @classmethod
    def around(cls, point, size, anchor: str = "center") -> Region:
        """A region of ``size`` whose ``anchor`` (a pygame.Rect point name: "center",
        "midtop", "topleft"...) lies at ``point``."""
        r = pygame.Rect((0, 0), tuple(size))
        setattr(r, anchor, (int(point[0]), int(point[1])))
        return cls.of(r)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.width, self.height)

    @property
    def size(self) -> Size:
        return Size(self.width, self.height)

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2

    @property
    def area(self) -> int:
        return self.size.area

    def shrink(self, top: int, right: int | None = None, bottom: int | None = None, left: int | None = None) -> Region:
        """The region less a margin on each side (CSS order: one value, or top right bottom left)."""
        right = top if right is None else right
        bottom = top if bottom is None else bottom
        left = right if left is None else left
        return Region(self.x + left, self.y + top, max(0, self.width - left - right),
                      max(0, self.height - top - bottom))

    def translate(self, dx: int, dy: int) -> Region:
        return self._replace(x=self.x + dx, y=self.y + dy)

    def overlaps(self, other) -> bool:
        other = Region.of(other) if not isinstance(other, Region) else other
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom and self.width > 0 and self.height > 0
                and other.width > 0 and other.height > 0)

    def contains(self, other) -> bool:
        other = Region.of(other) if not isinstance(other, Region) else other
        return (self.x <= other.x and self.y <= other.y and other.right <= self.right
                and other.bottom <= self.bottom)

    def intersection(self, other) -> Region:
        other = Region.of(other) if not isinstance(other, Region) else other
        x, y = max(self.x, other.x), max(self.y, other.y)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        return Region(x, y, max(0, right - x), max(0, bottom - y))

    def union(self, other) -> Region:
        other = Region.of(other) if not isinstance(other, Region) else other
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Region(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def clamp_in(self, other) -> Region:
        """Moved (not resized) to lie within ``other`` as far as it can."""
        return Region.of(self.rect.clamp(Region.of(other).rect))

    def split_top(self, height: int, gap: int = 0) -> tuple[Region, Region]:
        """(the top ``height``, the rest below a ``gap``)."""
        height = max(0, min(height, self.height))
        rest = min(self.height, height + gap)
        return self._replace(height=height), Region(self.x, self.y + rest, self.width, self.height - rest)

    def split_bottom(self, height: int, gap: int = 0) -> tuple[Region, Region]:
        """(the bottom ``height``, the rest above a ``gap``)."""
        height = max(0, min(height, self.height))
        rest = max(0, self.height - height - gap)
        return Region(self.x, self.bottom - height, self.width, height), self._replace(height=rest)

    def split_left(self, width: int, gap: int = 0) -> tuple[Region, Region]:
        width = max(0, min(width, self.width))
        rest = min(self.width, width + gap)
        return self._replace(width=width), Region(self.x + rest, self.y, self.width - rest, self.height)

    def split_right(self, width: int, gap: int = 0) -> tuple[Region, Region]:
        width = max(0, min(width, self.width))
        rest = max(0, self.width - width - gap)
        return Region(self.right - width, self.y, width, self.height), self._replace(width=rest)


def covered(box, rects) -> int:
    """The area of ``box`` that ``rects`` cover (each counted apart: an area two cover counts twice)."""
    box = pygame.Rect(box)
    total = 0
    for r in rects:
        if r is not None and box.colliderect(r):
            part = box.clip(r)
            total += part.width * part.height
    return total
