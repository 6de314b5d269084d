"""Rows, columns and stacks: a run of sizes laid out in a region with gaps, returned as
regions (placements), the way a layout hands places to what it arranges."""

from __future__ import annotations

from .geometry import Region


def _start(room: int, used: int, align: str) -> int:
    return {"start": 0, "center": (room - used) // 2, "end": room - used}[align]


def row(region: Region, widths, gap: int = 0, align: str = "start") -> list[Region]:
    """Boxes of ``widths`` side by side across ``region`` (its full height), ``gap`` apart,
    at its start, centre or end."""
    widths = list(widths)
    used = sum(widths) + gap * max(0, len(widths) - 1)
    x = region.x + _start(region.width, used, align)
    out = []
    for w in widths:
        out.append(Region(x, region.y, w, region.height))
        x += w + gap
    return out


def column(region: Region, heights, gap: int = 0, align: str = "start") -> list[Region]:
    """Boxes of ``heights`` one below the other down ``region`` (its full width), ``gap`` apart."""
    heights = list(heights)
    used = sum(heights) + gap * max(0, len(heights) - 1)
    y = region.y + _start(region.height, used, align)
    out = []
    for h in heights:
        out.append(Region(region.x, y, region.width, h))
        y += h + gap
    return out


def share(total: int, count: int, gap: int = 0) -> list[int]:
    """``count`` lengths, as even as whole pixels allow, that fill ``total`` with ``gap`` between."""
    room = max(0, total - gap * max(0, count - 1))
    return [room // count + (1 if i < room % count else 0) for i in range(count)] if count else []


def grid(region: Region, count: int, columns: int, gap: int = 0) -> list[Region]:
    """``count`` equal cells in rows of ``columns`` filling ``region``."""
    rows = -(-count // max(1, columns))
    widths, heights = share(region.width, columns, gap), share(region.height, rows, gap)
    out = []
    for i in range(count):
        r, c = divmod(i, columns)
        out.append(Region(region.x + sum(widths[:c]) + gap * c, region.y + sum(heights[:r]) + gap * r,
                          widths[c], heights[r]))
    return out


def stack(region: Region, size, count: int, step: int, vertical: bool = False) -> list[Region]:
    """``count`` boxes of ``size`` overlapping like a fan of cards, each ``step`` on from the
    last, centred in ``region``."""
    w, h = size
    span = (h if vertical else w) + step * max(0, count - 1)
    if vertical:
        y = region.y + (region.height - span) // 2
        return [Region(region.x + (region.width - w) // 2, y + i * step, w, h) for i in range(count)]
    x = region.x + (region.width - span) // 2
    return [Region(x + i * step, region.y + (region.height - h) // 2, w, h) for i in range(count)]


EDGES = ("top", "bottom", "left", "right")


def dock(region: Region, bands) -> tuple[dict, Region]:
    """Bands docked to the edges of ``region``, in the order given, and what they leave.

    ``bands``: (name, edge, length, gap) each — the ``length`` along the ``edge`` ("top",
    "bottom", "left" or "right") of what the bands before it left, ``gap`` apart from what is
    left after it.  A band docked to the left after one docked to the top runs from under that
    one down, so the order says which band spans the other.  Returns ({name: region}, the rest):
    the rest is for the caller to share out (the way a screen's fixed bars are placed first and
    its content takes the middle)."""
    placed, rest = {}, region
    for name, edge, length, gap in bands:
        if edge not in EDGES:
            raise ValueError(f"no such edge: {edge!r}")
        placed[name], rest = getattr(rest, f"split_{edge}")(max(0, length), gap)
    return placed, rest
