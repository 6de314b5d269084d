"""Text measured and fitted: the one place that asks a font how large a text is.

A text is fitted to its room in one order everywhere: wrapped at spaces, then shrunk down to a
floor (never below the smallest text a phone can read, ``style.TEXT_MIN_PX``), then cut with an
ellipsis.  Right-to-left text is placed by ``rect`` (mirrored in the box it was laid out in),
so that callers lay out left to right only."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

from .. import direction, fonts, style

ELLIPSIS = "…"


class Fitted(NamedTuple):
    """A text as it fits its room: its lines, their text size, and whether it was cut short."""

    lines: tuple
    size: int
    cut: bool = False


# ---- measuring ------------------------------------------------------------------------------------
def width(s: str, size: int, bold: bool = False) -> int:
    """How wide ``s`` is drawn at ``size`` (``fonts.size`` keeps what it measured: the kit
    measures the same pieces again as it fits them to several rooms)."""
    return fonts.size(s, size, bold)[0]


def longest_head(s: str, most: int, fits) -> int:
    """How many of ``s``'s first characters (1 to ``most``) make the longest head that ``fits``;
    1 if none does.  A head's width grows with its length, so halving finds it in a few
    measures, not one per character cut."""
    lo, hi = 1, most
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(s[:mid]):
            lo = mid
        else:
            hi = mid - 1
    return lo


def widest(lines, size: int, bold: bool = False) -> int:
    return max((width(line, size, bold) for line in lines), default=0)


def height(s: str, size: int, bold: bool = False) -> int:
    """How tall ``s``'s picture is (Arabic's is taller than a Latin line: see ``band``)."""
    return fonts.size(s, size, bold)[1]


def band(size: int, bold: bool = False) -> int:
    """The height of a Latin line at ``size``: a line is centred on this band, so that a script
    whose picture is taller (Arabic) or has marks above it (Sinhala, Tamil) keeps its ink where a
    Latin line's would be instead of hanging lower from its picture's top."""
    return fonts.size("", size, bold)[1]


@lru_cache(maxsize=1024)
def picture_size(s: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The size of ``s``'s rendered picture (what ``gfx.text`` draws)."""
    return _picture(s, size, bold).get_size()


@lru_cache(maxsize=1024)
def _picture(s: str, size: int, bold: bool) -> pygame.Surface:
    return fonts.render(s, size, style.TEXT, bold)


@lru_cache(maxsize=512)
def ink(s: str, size: int, bold: bool = False) -> pygame.Rect:
    """The box of ``s``'s ink within its picture."""
    return _picture(s, size, bold).get_bounding_rect()


def ink_offset(s: str, size: int, bold: bool = False) -> int:
    """How far the middle of ``s``'s ink lies below the middle of its picture: Arabic and the
    Indic scripts leave far more room above and below the letters than Latin does, so text
    centred by its picture looks low; subtract this to centre it by what is seen."""
    box = ink(s, size, bold)
    return box.centery - picture_size(s, size, bold)[1] // 2 if box.height else 0


def rect(s: str, size: int, pos, anchor: str = "topleft", bold: bool = False, within=None) -> pygame.Rect:
    """Where ``s`` drawn with its ``anchor`` at ``pos`` lies.  ``within``: the box ``pos`` was
    laid out in for a left-to-right reader; in a right-to-left language the position is
    mirrored in it and the anchor's left and right swapped (text at the box's start edge)."""
    if within is not None:
        pos, anchor = direction.place(pos, anchor, within)
    return _anchored(picture_size(s, size, bold), anchor, pos)


def _anchored(size, anchor, pos) -> pygame.Rect:
    r = pygame.Rect((0, 0), size)
    setattr(r, anchor, (int(pos[0]), int(pos[1])))
    return r


BADGE_PAD = 10  # a badge's text from its sides, together


def badge(s: str, size: int, room: int = 10 ** 4) -> tuple[Fitted, tuple[int, int]]:
    """A card's badge ("led", "face down", "trump"): its text in ``room`` (on two lines where
    one is too wide, shrunk to the floor, then cut), and the badge's size: each line as tall
    as its letters (a Latin line's band, or the ink where it is taller), not its picture, whose
    room above and below Arabic letters made the box cover the card's middle."""
    fitted = fit(s, size, room - BADGE_PAD, True, most=2)
    height = sum(max(band(fitted.size, True), ink(line, fitted.size, True).height) for line in fitted.lines)
    return fitted, (widest(fitted.lines, fitted.size, True) + BADGE_PAD, height + 4)


def badge_box(s: str, size: int, card) -> pygame.Rect:
    """The box of a card's badge at the foot of the card at ``card`` (``badge``)."""
    _fitted, (w, h) = badge(s, size)
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (card.centerx, card.bottom - 6)
    return box


# ---- fitting ----------------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def fit_size(s: str, size: int, room: int, bold: bool = False, smallest: int = style.TEXT_MIN_PX) -> int:
    """The largest size from ``size`` down at which ``s`` fits in ``room``, never below
    ``smallest`` nor the smallest text a phone can read (``style.TEXT_MIN_PX``)."""
    smallest = max(smallest, style.TEXT_MIN_PX)
    while size > smallest and width(s, size, bold) > room:
        size -= 1
    return size


def line_step(lines, size: int, bold: bool = False, spacing: float = 1.3, gap: int = 2) -> int:
    """How far apart ``lines`` set one under another, each centred in its step by its ink, are:
    ``size * spacing``, or more where a line's ink is taller (Arabic, Sinhala and Tamil marks),
    so that no line's letters touch the next's."""
    return max(int(size * spacing), max((ink(line, size, bold).height for line in lines), default=0) + gap)


def largest(size: int, smallest: int, fits) -> int:
    """The largest text size from ``size`` down to ``smallest`` at which ``fits(size)`` holds
    (a block of lines, a table's columns: what ``fit`` does for one text); ``smallest`` when none does."""
    for sz in range(size, smallest, -1):
        if fits(sz):
            return sz
    return smallest


def ellipsize(s: str, size: int, room: int, bold: bool = False) -> str:
    """``s`` if it fits ``room``, else as much of it as fits followed by an ellipsis."""
    if width(s, size, bold) <= room:
        return s
    n = longest_head(s, len(s), lambda head: width(head + ELLIPSIS, size, bold) <= room)
    return s[:n].rstrip(" ·") + ELLIPSIS


def fit_line(s: str, size: int, room: int, bold: bool = False, smallest: int | None = None) -> tuple[str, int]:
    """(text, size) of ``s`` on one line in ``room``: shrunk down to ``smallest`` (two thirds of
    ``size`` by default; never below the phone floor), then cut with an ellipsis."""
    size = fit_size(s, size, room, bold, size * 2 // 3 if smallest is None else smallest)
    return ellipsize(s, size, room, bold), size


@lru_cache(maxsize=512)
def fit(s: str, size: int, room: int, bold: bool = False, smallest: int = style.TEXT_MIN_PX,
        most: int = 0) -> Fitted:
    """``s`` in ``room``: wrapped at spaces; where a word is wider than ``room`` or it takes more
    than ``most`` lines (0: any number), shrunk a size at a time down to ``smallest``; at the
    floor, a line still too wide and the last line allowed end in an ellipsis."""
    smallest = max(min(smallest, size), style.TEXT_MIN_PX)
    for sz in range(size, smallest - 1, -1):
        lines = wrap(s, sz, room, bold)
        if widest(lines, sz, bold) <= room and (not most or len(lines) <= most):
            return Fitted(lines, sz)
    sz = max(smallest, min(size, style.TEXT_MIN_PX)) if size < smallest else smallest
    lines = list(wrap(s, sz, room, bold))
    cut = bool(most) and len(lines) > most
    if cut:
        lines = lines[:most]
        lines[-1] = lines[-1] + ELLIPSIS
    out = tuple(ellipsize(line, sz, room, bold) for line in lines)
    return Fitted(out, sz, cut or out != tuple(lines))


@lru_cache(maxsize=256)
def wrap(s: str, size: int, room: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` broken into lines no wider than ``room`` (paragraphs kept on newlines; a word
    wider than ``room`` has a line of its own)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if not line or width(trial, size, bold) <= room:  # (a line's first word: no measure)
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=512)
def wrap_even(s: str, size: int, room: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` wrapped at spaces in as few lines as ``room`` takes, evened out: wrapped at the
    narrowest width that takes no more lines (two lines of a long status line, not one full line
    and a word).  A " · " stays at the end of a line, never starts one; a word wider than
    ``room`` has a line of its own."""
    words = []
    for word in s.split(" "):
        if word == "·" and words:
            words[-1] += " ·"
        else:
            words.append(word)

    def wrapped(limit):
        lines = []
        for word in words:
            if lines and width(f"{lines[-1]} {word}", size, bold) <= limit:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    most = len(wrapped(room))
    low, high = 1, max(1, room)
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if len(wrapped(mid)) <= most else (mid + 1, high)
    return tuple(wrapped(max(high, 1)))


def wrap_anywhere(s: str, size: int, room: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` wrapped at spaces, and a word too long for ``room`` (a deal code) cut where it
    must, so that every line fits."""
    out: list[str] = []
    for line in wrap(s, size, room, bold):
        while width(line, size, bold) > room and len(line) > 1:
            n = longest_head(line, len(line) - 1, lambda head: width(head, size, bold) <= room)
            out.append(line[:n])
            line = line[n:]
        out.append(line)
    return tuple(out)


def halves(s: str, seps=(" · ",)) -> list[tuple[str, str]]:
    """``s`` cut in two at each of its separators ``seps`` (the separator dropped), the cut
    nearest the middle first."""
    cuts = [(i, len(sep)) for sep in seps for i in range(len(s)) if s.startswith(sep, i)]
    cuts.sort(key=lambda cut: abs(2 * cut[0] + cut[1] - len(s)))
    return [(s[:i], s[i + n:]) for i, n in cuts]


def heading_lines(s: str, size: int, room: int, bold: bool = True) -> tuple[str, ...]:
    """A column heading in lines within ``room``: one if it fits, else broken at spaces and
    after dashes (a side's name, "East–West", is one word in most scripts)."""
    if width(s, size, bold) <= room:
        return (s,)
    return wrap(s.replace("–", "– "), size, room, bold)


def widest_piece(s: str, size: int, bold: bool = True) -> int:
    """The width of the widest piece ``heading_lines`` can break ``s`` into."""
    return max(width(piece, size, bold) for piece in s.replace("–", "– ").split(" "))


def lines_box(lines, size: int, bold: bool = False, spacing: float = 1.25) -> tuple[int, int]:
    """(width, height) of ``lines`` set a line every ``size * spacing`` pixels."""
    return widest(lines, size, bold), len(lines) * int(size * spacing)


def clear_caches() -> None:
    for f in (picture_size, _picture, ink, fit_size, fit, wrap, wrap_even):
        f.cache_clear()


def tight_label(label: str, size: int, colour, narrow_size: int) -> pygame.Surface:
    """A card's index ("10", "K") in bold, its glyphs set close (so "10" fits a narrow corner),
    trimmed to its ink above and below."""
    f = fonts.font(size if len(label) < 2 else narrow_size, bold=True)
    glyphs = []
    for ch in label:
        g = f.render(ch, True, colour)
        box = g.get_bounding_rect()
        glyphs.append(g.subsurface((box.x, 0, box.w, g.get_height())))
    gap = max(0, round(size * 0.02))
    out = pygame.Surface((sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1),
                          max(g.get_height() for g in glyphs)), pygame.SRCALPHA)
    x = 0
    for g in glyphs:
        out.blit(g, (x, 0))
        x += g.get_width() + gap
    box = out.get_bounding_rect()
    return out.subsurface((0, box.y, out.get_width(), box.h)).copy()
