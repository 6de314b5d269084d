"""Continue: every saved match, the one played last first — its game, score and when it was
played.  A tap resumes it; its Remove button, tapped twice, gives it up."""

from __future__ import annotations

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..form import FormScene
from ..games import game_ui
from ..layout import TOUCH
from ..session import Session
from ..storage import when_text
from ..widgets import Row


def details(saved) -> str:
    """The score on one line; when it was played and how many hands on the next."""
    score = game_ui(saved.game).score_line(list(saved.score)) if len(saved.score) in (2, 4) else ""
    when = " · ".join(t for t in (when_text(saved.saved_at),
                                  _("Hands played: {n}").format(n=saved.hands) if saved.hands else "") if t)
    return "\n".join(t for t in (score, when) if t)


class SavedMatchRow(Row):
    """A saved match: the row resumes it; the control at its end removes it (asks once first)."""

    def __init__(self, rect, saved, on_resume, on_remove, size=22):
        super().__init__(rect, game_ui(saved.game).title, details(saved), size)
        self.saved, self.on_resume, self.on_remove = saved, on_resume, on_remove
        self.armed = False       # Remove was tapped once: the next tap removes
        self.on_control = False  # the press began on the Remove control

    def remove_rect(self) -> pygame.Rect:
        """At the row's end, as tall as a thumb needs (``layout.TOUCH``)."""
        r = self.rect
        width = max(140, kit.text.width(_("Remove?"), self.size, True) + 32)
        return direction.flip((r.right - width - 8, r.top + (r.height - TOUCH) // 2, width, TOUCH), r)

    def arrange(self, width: int) -> int:
        """As tall as the game, score and time need beside the Remove control (a thumb's
        height at least), measured as ``draw_label`` draws them; returns the height."""
        self.rect.width = width
        room = self.label_room(self.remove_rect().width)
        self.rect.height = max(TOUCH + 12, self.text_height(room))
        return self.rect.height

    def press(self, pos):
        self.on_control = self.remove_rect().collidepoint(pos)
        super().press(pos)

    def tap(self):
        """On the Remove control a step of removing it; elsewhere on the row, resume."""
        if self.on_control:
            self.remove_step()
        else:
            self.activate()

    def activate(self):
        """Resume (Enter on the focused row too, whatever was last pressed; Delete removes)."""
        self.armed = False
        self.on_resume(self.saved)

    def remove_step(self):
        if self.armed:
            self.on_remove(self.saved)
        self.armed = not self.armed

    def key(self, key):
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove_step()
            return True
        return False

    def draw(self, surf, focused=False):
        control = self.remove_rect()
        self.draw_label(surf, focused, control.width)
        gfx.panel(surf, control, style.BAD if self.armed else style.BUTTON, control.height // 2)
        label = _("Remove?") if self.armed else _("Remove")
        gfx.blit_text(surf, label, kit.text.fit_size(label, self.size, control.width - 12, True), control.center,
                      style.BUTTON_TEXT, "center", True)


class ContinueScene(FormScene):
    name = "continue"

    def build(self):
        self.title = _("Continue")
        self.start_rows()
        lay = self.layout
        size = lay.small + 2
        for saved in self.app.store.saved_matches():
            row = SavedMatchRow((self.viewport.left, self._y, self.viewport.width - 12, TOUCH + 12), saved,
                                self.resume, self.remove, size)
            row.arrange(row.rect.width)
            self.widgets.append(row)
            self._y += row.rect.height + lay.gap // 2
        self.content_height = self._y - self.viewport.top
        self.widgets += self.button_row([(_("Back"), self.back, False)])
        self.focus = 0

    def resume(self, saved):
        session = Session.resume(self.app.store, saved.slot)
        if session is None:  # it does not replay: set aside, with a notice
            self.app.take_store_notices()
            self.rebuild()
            return
        self.app.go("table", replace=True, session=session)

    def remove(self, saved):
        self.app.store.drop_match(saved.slot)
        self.rebuild()

    def rebuild(self):
        if self.app.store.saved_matches():
            self.build()
        else:
            self.back()

    def draw(self, surf):
        super().draw(surf)
        if not self.app.store.saved_matches():
            panel = self.panel_rect()
            gfx.blit_text(surf, _("No match in progress."), self.layout.medium, panel.center, style.TEXT_DIM, "center")
