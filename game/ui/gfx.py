"""Drawing helpers: cached text, wrapped text, rounded translucent panels (where text goes and
how large it is: ``kit.text``)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import direction, fonts, kit, style


@lru_cache(maxsize=1024)
def text(s: str, size: int, color=style.TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered at ``size`` px (cached: text surfaces are reused every frame)."""
    return fonts.render(s, size, color, bold)  # per-script runs, shaped, RTL where Arabic


def blit_text(surf, s: str, size: int, pos, color=style.TEXT, anchor="topleft", bold=False,
              within=None) -> pygame.Rect:
    """``s`` drawn with its ``anchor`` at ``pos``.  ``within``: the box ``pos`` was laid out in
    for a left-to-right reader; in a right-to-left language the position is mirrored in it and
    the anchor's left and right swapped (text at the box's start edge: see ``direction``)."""
    rect = kit.text.rect(s, size, pos, anchor, bold, within)
    surf.blit(text(s, size, color, bold), rect)
    return rect


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
    for line in kit.text.wrap(s, size, rect.width, bold):
        # each line centred in its step by its ink: scripts whose font leaves much room above
        # the letters (Arabic) would otherwise sit low and spill out of the box below
        blit_text(surf, line, size, (x, y + step // 2 - kit.text.ink_offset(line, size, bold)), color, anchor, bold)
        y += step
    return y - rect.top


def badge(surf, s: str, size: int, card, alpha=190) -> pygame.Rect:
    """A card's badge drawn at the foot of the card at ``card`` (see ``kit.text.badge_box``)."""
    box = kit.text.badge_box(s, size, card)
    panel(surf, box, (0, 0, 0, alpha), 6)
    at = kit.text.rect(s, size, (box.centerx, box.centery - kit.text.ink_offset(s, size, True)), "center", True)
    surf.blit(text(s, size, style.TEXT, True), at)
    return box


def badge_lines(surf, box, lines, size, alpha=190) -> None:
    """A badge laid out by the kit (``kit.text.badge``): a dark box, its lines centred by their ink."""
    panel(surf, box, (0, 0, 0, alpha), 6)
    step = (box.height - 4) // max(1, len(lines))
    y = box.top + 2
    for line in lines:
        blit_text(surf, line, size, (box.centerx, y + step // 2 - kit.text.ink_offset(line, size, True)),
                  style.TEXT, "center", True)
        y += step


_panels: dict = {}  # (size, colour, radius, border colour, border) -> the panel's picture
PANELS_KEPT = 256


def panel_pieces(size, color=style.PANEL, radius=style.RADIUS, border_color=None, border=0):
    """``panel_surface`` made in three pieces, one a ``next`` (the canvas, its fill, its border),
    and kept: a screen-sized panel took 2 ms natively (its canvas most of it), made ahead in
    frames that do little else."""
    key = (tuple(size), tuple(color), radius, tuple(border_color or (0, 0, 0)), border)
    if key in _panels:
        yield
        yield
        return _panels[key]
    surf = pygame.Surface(key[0], pygame.SRCALPHA)
    yield
    pygame.draw.rect(surf, key[1], surf.get_rect(), border_radius=radius)
    yield
    if border:
        pygame.draw.rect(surf, key[3], surf.get_rect(), border, border_radius=radius)
    if len(_panels) >= PANELS_KEPT:
        _panels.clear()
    return _panels.setdefault(key, surf)


def panel(surf, rect, color=style.PANEL, radius=style.RADIUS, border_color=None, border=0):
    """A rounded rectangle, translucent if ``color`` has alpha (cached per size)."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return
    surf.blit(panel_surface(rect.size, color, radius, border_color, border), rect)


def panel_surface(size, color=style.PANEL, radius=style.RADIUS, border_color=None, border=0) -> pygame.Surface:
    """The picture ``panel`` draws at ``size``, made once (a screen-sized one takes milliseconds:
    a scene may make it ahead, in a frame with nothing else to do)."""
    key = (tuple(size), tuple(color), radius, tuple(border_color or (0, 0, 0)), border)
    found = _panels.get(key)
    if found is not None:
        return found
    pieces = panel_pieces(size, color, radius, border_color, border)
    while True:
        try:
            next(pieces)
        except StopIteration as done:
            return done.value


def shadow_surface(size, radius=10):
    """The picture ``shadow`` draws at ``size`` (as ``panel_surface``)."""
    return panel_surface(size, style.SHADOW, radius)


def shadow(surf, rect, radius=10, offset=(3, 5)):
    panel(surf, pygame.Rect(rect).move(offset), style.SHADOW, radius)


def clear_text_caches():
    """The texts drawn and measured (a language change: the old language's are not drawn again);
    the panels stay (no text in them)."""
    text.cache_clear()
    kit.text.clear_caches()


def clear_caches():
    clear_text_caches()
    _panels.clear()
