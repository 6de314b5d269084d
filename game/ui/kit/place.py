"""One way to put a thing where it hides least: of the places offered, best first, the first
that covers nothing that must stay in sight, else the one that covers least, weighing what
matters most first (any of the first group's area weighs more than all of the next's)."""

from __future__ import annotations

import heapq

import pygame

from .geometry import covered


def covers(box, sights) -> tuple:
    """How much of each group of ``sights`` (lists of rects, most important first) ``box`` covers."""
    return tuple(covered(box, group) for group in sights)


def _least(places, cost):
    """The first of ``places`` whose ``cost`` (a tuple, most important first) is nothing, else
    the one of least cost, the earlier on a tie."""
    best, best_cost = None, None
    for place in places:
        c = cost(place)
        if not any(c):
            return place
        if best_cost is None or c < best_cost:
            best, best_cost = place, c
    return best


def least_hidden(size, anchors, sights, screen=None) -> pygame.Rect:
    """A box of ``size`` at the first of ``anchors`` ((point name, point) pairs, best first,
    e.g. ("midleft", (x, y))) where it covers none of ``sights``; else where it covers least
    (``covers``), the earlier anchor on a tie.  ``screen``: each box is moved into it first."""
    def boxes():
        for attr, point in anchors:
            box = pygame.Rect((0, 0), tuple(size))
            setattr(box, attr, (int(point[0]), int(point[1])))
            if screen is not None:
                box.clamp_ip(screen)
            yield box
    return _least(boxes(), lambda box: covers(box, sights))


def slide(box, region, sights) -> int:
    """The top for ``box`` within ``region`` (moved up or down only) where it hides least of
    ``sights``, the highest of such places: at the region's top when nothing is in the way,
    else just below (or above) what is, touching it where a gap leaves no room."""
    box = pygame.Rect(box)
    lowest = max(region.top, region.bottom - box.height)
    rects = [r for group in sights for r in group]
    edges = [r.bottom + gap for r in rects for gap in (8, 0)]
    edges += [r.top - gap - box.height for r in rects for gap in (8, 0)]
    tops = sorted({region.top, lowest} | {t for t in edges if region.top <= t <= lowest})
    if box.width <= 0 or box.height <= 0:
        return _least(tops, lambda top: covers(box.move(0, top - box.top), sights))
    # each rect's area under the box is its overlap across (the same at every top: the box only
    # moves down) times its overlap down; a rect beside the box covers nothing at any top (a
    # note tries some 40 places a build, each ~10 tops: no Rect made for each)
    left, right, height = box.left, box.right, box.height
    groups = [[(across, r.top, r.bottom) for r in group if r is not None and r.height > 0
               for across in (min(right, r.right) - max(left, r.left),) if across > 0] for group in sights]

    def cost(top):
        bottom = top + height
        return tuple(sum(across * (min(bottom, low) - max(top, high)) for across, high, low in group
                         if low > top and high < bottom) for group in groups)
    return _least(tops, cost)


def spans(region, rects, narrowest) -> list[tuple[int, int]]:
    """Stretches of ``region`` across (left, right) at least ``narrowest`` wide: all of it, or
    ending beside any of ``rects`` that reach into it (a thing may step aside from a name)."""
    lefts = {region.left} | {r.right + 8 for r in rects if region.left < r.right + 8 < region.right}
    rights = {region.right} | {r.left - 8 for r in rects if region.left < r.left - 8 < region.right}
    return sorted((a, b) for a in lefts for b in rights if b - a >= narrowest)


def nearest_free(size, near, region, sights, step: int = 16, reach: int | None = None):
    """The box of ``size`` within ``region`` nearest to the point ``near`` (its middle) that
    covers none of ``sights`` (lists of rects), on a grid of ``step`` px, no farther than
    ``reach`` (None: anywhere in the region); None if there is no such place."""
    region = pygame.Rect(region)
    w, h = size
    if w > region.width or h > region.height:
        return None
    rects = [r for group in sights for r in group if r is not None and r.colliderect(region)]
    xs = list(range(region.left, region.right - w + 1, step)) + [region.right - w]
    ys = list(range(region.top, region.bottom - h + 1, step)) + [region.bottom - h]
    nx, ny = near[0] - w // 2, near[1] - h // 2
    limit = None if reach is None else reach * reach
    for d, x, y in spots_by_distance(xs, ys, nx, ny):
        if limit is not None and d > limit:
            return None
        box = pygame.Rect(x, y, w, h)
        if box.collidelist(rects) < 0:
            return box
    return None


def spots_by_distance(xs, ys, nx: int, ny: int):
    """Every (squared distance, x, y) of the grid ``xs`` by ``ys`` from (``nx``, ``ny``), in the
    order ``sorted`` gives them, made as they are asked for: one stream per x, each in the order
    of its ys' (distance, y), merged on a heap.  A place found near the start (the common case)
    costs a few dozen steps, not a sort of the whole grid (some 3,000 spots on a phone's canvas)."""
    column = sorted(((y - ny) ** 2, y) for y in ys)
    heap = [((x - nx) ** 2 + column[0][0], x, column[0][1], 0) for x in xs] if column else []
    heapq.heapify(heap)
    last = len(column) - 1
    while heap:
        d, x, y, i = heap[0]
        yield d, x, y
        if i < last:
            dy, y = column[i + 1]
            heapq.heapreplace(heap, ((x - nx) ** 2 + dy, x, y, i + 1))
        else:
            heapq.heappop(heap)
