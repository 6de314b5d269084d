"""Drawing helpers: cached text, wrapped text, rounded translucent panels."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import direction, fonts, style


@lru_cache(maxsize=1024)
def text(s: str, size: int, color=style.TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered at ``size`` px (cached: text surfaces are reused every frame)."""
    return fonts.render(s, size, color, bold)  # per-script runs, shaped, RTL where Arabic


@lru_cache(maxsize=512)
def ink_offset(s: str, size: int, bold: bool = False) -> int:
    """How far the middle of ``s``'s ink lies below the middle of its surface: Arabic and the
    Indic scripts leave far more room above and below the letters than Latin does, so text
    centred by its surface looks low; subtract this to centre it by what is seen."""
    img = text(s, size, style.TEXT, bold)
    ink = img.get_bounding_rect()
    return ink.centery - img.get_height() // 2 if ink.height else 0


def band(size: int, bold: bool = False) -> int:
    """The height of a Latin line at ``size``: a line is centred on this band, so that a script
    whose picture is taller (Arabic) or has marks above it (Sinhala, Tamil) keeps its ink where a
    Latin line's would be instead of hanging lower from its picture's top."""
    return fonts.size("", size, bold)[1]


def text_width(s: str, size: int, bold: bool = False) -> int:
    return fonts.size(s, size, bold)[0]


@lru_cache(maxsize=1024)
def fit_size(s: str, size: int, width: int, bold: bool = False, smallest: int = style.TEXT_MIN_PX) -> int:
    """The largest size from ``size`` down at which ``s`` fits in ``width``, never below
    ``smallest`` nor the smallest text a phone can read (``style.TEXT_MIN_PX``)."""
    smallest = max(smallest, style.TEXT_MIN_PX)
    while size > smallest and text_width(s, size, bold) > width:
        size -= 1
    return size


def blit_text(surf, s: str, size: int, pos, color=style.TEXT, anchor="topleft", bold=False,
              within=None) -> pygame.Rect:
    """``s`` drawn with its ``anchor`` at ``pos``.  ``within``: the box ``pos`` was laid out in
    for a left-to-right reader; in a right-to-left language the position is mirrored in it and
    the anchor's left and right swapped (text at the box's start edge: see ``direction``)."""
    rect = text_rect(s, size, pos, color, anchor, bold, within)
    surf.blit(text(s, size, color, bold), rect)
    return rect


def text_rect(s: str, size: int, pos, color=style.TEXT, anchor="topleft", bold=False, within=None) -> pygame.Rect:
    """Where ``blit_text`` with the same arguments draws ``s``."""
    if within is not None:
        pos, anchor = direction.place(pos, anchor, within)
    return text(s, size, color, bold).get_rect(**{anchor: (int(pos[0]), int(pos[1]))})


@lru_cache(maxsize=256)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` broken into lines no wider than ``width`` (paragraphs kept on newlines)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if fonts.size(trial, size, bold)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=512)
def wrap_even(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` wrapped at spaces in as few lines as ``width`` takes, evened out: wrapped at the
    narrowest width that takes no more lines (two lines of a long status line, not one full line
    and a word).  A " · " stays at the end of a line, never starts one; a word wider than
    ``width`` has a line of its own."""
    words = []
    for word in s.split(" "):
        if word == "·" and words:
            words[-1] += " ·"
        else:
            words.append(word)

    def wrapped(room):
        lines = []
        for word in words:
            if lines and fonts.size(f"{lines[-1]} {word}", size, bold)[0] <= room:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        return lines

    most = len(wrapped(width))
    low, high = 1, max(1, width)
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if len(wrapped(mid)) <= most else (mid + 1, high)
    return tuple(wrapped(max(high, 1)))


def halves(s: str, seps=(" · ",)) -> list[tuple[str, str]]:
    """``s`` cut in two at each of its separators ``seps`` (the separator dropped), the cut
    nearest the middle first."""
    cuts = [(i, len(sep)) for sep in seps for i in range(len(s)) if s.startswith(sep, i)]
    cuts.sort(key=lambda cut: abs(2 * cut[0] + cut[1] - len(s)))
    return [(s[:i], s[i + n:]) for i, n in cuts]


def wrap_anywhere(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """``s`` wrapped at spaces, and a word too long for ``width`` (a deal code) cut where it
    must, so that every line fits."""
    out: list[str] = []
    for line in wrap(s, size, width, bold):
        while fonts.size(line, size, bold)[0] > width and len(line) > 1:
            n = len(line) - 1
            while n > 1 and fonts.size(line[:n], size, bold)[0] > width:
                n -= 1
            out.append(line[:n])
            line = line[n:]
        out.append(line)
    return tuple(out)


def heading_lines(text: str, size: int, width: int, bold: bool = True) -> tuple[str, ...]:
    """A column heading in lines within ``width``: one if it fits, else broken at spaces and
    after dashes (a side's name, "East–West", is one word in most scripts)."""
    if fonts.size(text, size, bold)[0] <= width:
        return (text,)
    return wrap(text.replace("–", "– "), size, width, bold)


def widest_piece(text: str, size: int, bold: bool = True) -> int:
    """The width of the widest piece ``heading_lines`` can break ``text`` into."""
    return max(fonts.size(piece, size, bold)[0] for piece in text.replace("–", "– ").split(" "))


def blit_wrapped(surf, s: str, size: int, rect, color=style.TEXT, bold=False, spacing=1.3,
                 align="left") -> int:
    """Draws ``s`` wrapped into ``rect``'s width from its top, a line every ``size * spacing``
    pixels; returns the height used.
    ``align`` "left" means the start edge: the right in a right-to-left language, or for a
    right-to-left sentence (Arabic) in any language."""
    if align == "left" and (direction.rtl() or fonts.is_rtl_text(s)):
        align = "right"
    y = rect.top
    step = int(size * spacing)
    anchor, x = {"left": ("midleft", rect.left), "center": ("center", rect.centerx),
                 "right": ("midright", rect.right)}[align]
    for line in wrap(s, size, rect.width, bold):
        # each line centred in its step by its ink: scripts whose font leaves much room above
        # the letters (Arabic) would otherwise sit low and spill out of the box below
        blit_text(surf, line, size, (x, y + step // 2 - ink_offset(line, size, bold)), color, anchor, bold)
        y += step
    return y - rect.top


def badge_box(s: str, size: int, card) -> pygame.Rect:
    """The box of a card's badge (``s``: "led", "face down", "trump") at the foot of the card at
    ``card``: as tall as its letters (a Latin line's band, or the ink where it is taller), not its
    picture, whose room above and below Arabic letters made the box cover the card's middle."""
    img = text(s, size, style.TEXT, True)
    box = pygame.Rect(0, 0, img.get_width() + 10, max(band(size, True), img.get_bounding_rect().height) + 4)
    box.midbottom = (card.centerx, card.bottom - 6)
    return box


def badge(surf, s: str, size: int, card, alpha=190) -> pygame.Rect:
    """A card's badge drawn at the foot of the card at ``card`` (see ``badge_box``)."""
    box = badge_box(s, size, card)
    panel(surf, box, (0, 0, 0, alpha), 6)
    img = text(s, size, style.TEXT, True)
    surf.blit(img, img.get_rect(center=(box.centerx, box.centery - ink_offset(s, size, True))))
    return box


@lru_cache(maxsize=256)
def _panel(size, color, radius, border_color, border):
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, color, surf.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(surf, border_color, surf.get_rect(), border, border_radius=radius)
    return surf


def panel(surf, rect, color=style.PANEL, radius=style.RADIUS, border_color=None, border=0):
    """A rounded rectangle, translucent if ``color`` has alpha (cached per size)."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    surf.blit(_panel(rect.size, tuple(color), radius, tuple(border_color or (0, 0, 0)), border), rect)


def shadow(surf, rect, radius=10, offset=(3, 5)):
    panel(surf, pygame.Rect(rect).move(offset), style.SHADOW, radius)


def clear_caches():
    text.cache_clear()
    ink_offset.cache_clear()
    wrap.cache_clear()
    wrap_even.cache_clear()
    fit_size.cache_clear()
    _panel.cache_clear()
