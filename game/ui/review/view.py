"""How the hand review is drawn: a ``layout.Screen`` (every panel, card, line and text already
placed and measured by ``layout.lay_out``) painted in order, and the review's picture buttons.
Nothing here measures text or decides a place."""

from __future__ import annotations

import pygame

from .. import gfx, style
from ..widgets import Button
from .layout import TEXT_MIN, Card, Panel, Rule, Screen, Text


# ---- buttons drawn as pictures ----------------------------------------------------------------
def nav_icon(kind: str, size: int, colour) -> pygame.Surface:
    """A media-style picture pointing right, along the time line: "step" (a triangle against
    a bar), "trick" (two triangles), "play" (a triangle) or "pause" (two bars); ``back_*``
    points left."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    back = kind.startswith("back_")
    kind = kind.removeprefix("back_")
    s = size
    if kind == "pause":
        bar = s // 4
        pygame.draw.rect(surf, colour, (s // 2 - bar - s // 10, s // 6, bar, s * 2 // 3), border_radius=3)
        pygame.draw.rect(surf, colour, (s // 2 + s // 10, s // 6, bar, s * 2 // 3), border_radius=3)
        return surf
    count = 2 if kind == "trick" else 1
    tw = s * 2 // 3 // count if count > 1 else s * 7 // 12
    bar = s // 8 if kind == "step" else 0  # unlike play's, the step's triangle stops at a bar
    x0 = (s - tw * count - bar) // 2
    for i in range(count):
        x = x0 + i * tw
        pygame.draw.polygon(surf, colour, [(x, s // 5), (x + tw, s // 2), (x, s - s // 5)])
    if bar:
        pygame.draw.rect(surf, colour, (x0 + tw, s // 5, bar, s - 2 * (s // 5)), border_radius=2)
    if back:
        surf = pygame.transform.flip(surf, True, False)
    return surf


class IconButton(Button):
    """A button that shows only its picture; ``label`` names it (tests, and the focus order)."""

    def __init__(self, rect, label, icon, on_click, enabled=True):
        super().__init__(rect, label, on_click, TEXT_MIN, enabled=enabled, icon=icon)

    def draw(self, surf, focused=False):
        r = self.rect
        fill = style.BUTTON if self.enabled else style.BUTTON_DISABLED
        if self.pressed:
            fill = tuple(max(0, c - 40) for c in fill[:3])
        gfx.shadow(surf, r, style.RADIUS)
        gfx.panel(surf, r, fill, style.RADIUS, style.ACCENT if focused else None, 4 if focused else 0)
        surf.blit(self.icon, self.icon.get_rect(center=r.center))


# ---- drawing ---------------------------------------------------------------------------------------
class ReviewView:
    """Paints a laid-out review screen with the deck's card art."""

    def __init__(self, art):
        self.art = art

    def draw(self, surf, screen: Screen) -> None:
        for item in screen.items:
            if isinstance(item, Text):
                surf.blit(gfx.text(item.text, item.size, item.colour, item.bold), item.rect)
            elif isinstance(item, Panel):
                if item.shadow:
                    gfx.shadow(surf, item.rect, item.shadow)
                gfx.panel(surf, item.rect, item.fill, item.radius, item.border_colour, item.border)
            elif isinstance(item, Card):
                self.card(surf, item)
            elif isinstance(item, Rule):
                pygame.draw.line(surf, item.colour, item.start, item.end, item.width)

    def card(self, surf, card: Card) -> None:
        width, rect = card.rect.width, card.rect
        img = self.art.dimmed(card.card, width) if card.dim else self.art.face(card.card, width)
        m = self.art.shadow_margin(width)
        surf.blit(self.art.shadow(width), (rect.left - m + 2, rect.top - m + 4))
        surf.blit(img, rect)
        if card.outline:
            pygame.draw.rect(surf, card.outline, rect.inflate(10, 10), 4, border_radius=12)
