"""What the app draws over a scene: a link's caption and the pause veil.

``Caption``: one line of plain text (already cleaned: ``game.engine.codes.clean_caption``) in
a band under the top bar, shown while its owner is on screen (the linked hand at the table, or
the scene the link opened).  ``PauseVeil``: the screen dimmed with "Paused" and "Tap to
continue" while the app is paused (a watched record before it starts, the host page's
``pause``); a tap or a key goes on.
"""

from __future__ import annotations

import pygame

from game.i18n import _

from . import gfx, kit, style


class Caption:
    def __init__(self, text: str, owner):
        self.text, self.owner = text, owner

    def shows(self, scene) -> bool:
        session = getattr(scene, "session", None)
        return self.owner is scene or (scene.name == "table" and session is not None and self.owner is session.hand)

    def draw(self, surf, layout) -> None:
        size = layout.small
        width = layout.size[0] - 2 * layout.margin
        shown, size = kit.text.fit_line(self.text, size, width - 24, smallest=0)  # shrunk, then cut short
        band = pygame.Rect(0, 0, width, int(size * 1.9))
        band.midtop = (layout.size[0] // 2, layout.top_bar.bottom)
        gfx.panel(surf, band, (12, 24, 18, 200), band.height // 2)
        gfx.blit_text(surf, shown, size, band.center, style.TEXT, "center")


class PauseVeil:
    def draw(self, surf, layout) -> None:
        veil = pygame.Surface(layout.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surf.blit(veil, (0, 0))
        cx, cy = layout.size[0] // 2, layout.size[1] // 2
        gfx.blit_text(surf, _("Paused"), layout.title, (cx, cy - 12), style.TEXT, "midbottom", True)
        gfx.blit_text(surf, _("Tap to continue"), layout.medium, (cx, cy + 12), style.TEXT_DIM, "midtop")
