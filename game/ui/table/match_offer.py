"""The table's question when a link opens a new match over a saved one of the same game.

A small panel over the middle of the table (not a dialog: the table stays live behind it, so
it works in an embed with nothing else on the page) names the saved match — its score and
when it was played — with two buttons: *Resume it* opens the saved match in place of the new
one, *Play this one* keeps the new one (saved in a slot of its own).  Playing on answers too:
the player's first action keeps the new match.  Either way the other match stays under
Continue in the menu: nothing is written over.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, Message

from .. import gfx, kit, style
from ..games import game_ui
from ..session import Session
from ..storage import when_text
from ..widgets import Button


class MatchOffer:
    WIDTH = 640

    def __init__(self, scene, saved):
        self.scene, self.saved = scene, saved
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def app(self):
        return self.scene.app

    def text(self) -> str:
        saved = self.saved
        ui = game_ui(saved.game)
        details = [ui.score_line(list(saved.score))] if len(saved.score) in (2, 4) else []
        details += [when_text(saved.saved_at)] if saved.saved_at else []
        return Message(N_("You have a {game} match in progress ({details}). Resume it, or play this one? "
                          "The other stays under Continue."),
                       game=ui.title, details="; ".join(details) or "…").text()

    def widgets(self, layout) -> list[Button]:
        """The two buttons, laid out with the panel around the table's middle."""
        w = min(self.WIDTH, layout.size[0] - 2 * (layout.back_w + 40))  # between the side seats' fans
        size = layout.small + 2
        self.lines = kit.text.wrap(self.text(), size, w - 2 * layout.gap)
        text_h = len(self.lines) * int(size * 1.3)
        h = layout.gap * 3 + text_h + layout.touch
        self.rect = pygame.Rect(0, 0, w, h)
        # over the trick (in portrait a little lower, clear of the side seats' names)
        self.rect.center = (layout.center[0], layout.center[1] + (70 if layout.portrait else 0))
        self.text_rect = pygame.Rect(self.rect.left + layout.gap, self.rect.top + layout.gap, w - 2 * layout.gap, text_h)
        bw = (w - 3 * layout.gap) // 2
        y = self.rect.bottom - layout.gap - layout.touch
        resume = Button((self.rect.left + layout.gap, y, bw, layout.touch), _("Resume it"), self.resume, size)
        keep = Button((self.rect.right - layout.gap - bw, y, bw, layout.touch), _("Play this one"), self.keep, size,
                      primary=True)
        return [resume, keep]

    def draw(self, surf) -> None:
        """The panel and its text (the scene draws the buttons over it)."""
        gfx.shadow(surf, self.rect, 16)
        gfx.panel(surf, self.rect, style.PANEL_SOLID + (235,), 16, style.ACCENT, 2)
        gfx.blit_wrapped(surf, "\n".join(self.lines), self.scene.layout.small + 2, self.text_rect, style.TEXT,
                         spacing=1.3)

    # ---- the answers ------------------------------------------------------------------------------
    def resume(self):
        session = Session.resume(self.app.store, self.saved.slot)
        if session is None:  # it did not replay: set aside with a notice; the new match goes on
            self.app.take_store_notices()
            self.keep()
            return
        self.app.go("table", replace=True, session=session)

    def keep(self):
        self.scene.session.keep()
        self.scene.close_offer()
