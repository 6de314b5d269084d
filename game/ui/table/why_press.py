"""A long press on an AI seat's card in the last trick shows what that seat weighed for it.

The table keeps the AI's notes of the hand (``Session.notes``, by action index, in the records'
format: docs/records.md).  ``WhyPress`` is told of presses and releases while the last trick is
shown; a card held ``LONG_PRESS`` seconds shows its note, checked as the review checks one
(``ai_notes.checked``), until the next tap.  It draws the note in a panel below the trick."""

from __future__ import annotations

import pygame

from game.engine import actions as A
from game.engine.records import hand_from_record

from .. import ai_notes, gfx, kit, style

LONG_PRESS = 0.5    # seconds a card is held before its reasons show
SLOP = 24           # pixels a held finger may wander
ROWS_SHOWN = 3      # the best choices listed under the reason


class WhyPress:
    def __init__(self, session, ui):
        self.session, self.ui = session, ui
        self.pressed = None    # [seat, card, pos, seconds held]
        self.lines = None      # the shown note's lines

    def note(self, seat: int, card: int) -> ai_notes.Note | None:
        """The checked note of ``seat`` playing ``card`` in this hand, if the table kept one."""
        hand = self.session.hand
        text = A.action_text(card, hand.DECK)
        index = next((i for i, (s, t) in enumerate(hand.history) if s == seat and t == text), None)
        raw = self.session.notes.get(index)
        if raw is None:
            return None
        before = hand_from_record(hand.record())
        for _s, t in hand.history[:index]:
            before.apply(t)
        return ai_notes.checked(raw, before.observation(seat), card, hand.DECK)

    def shown_lines(self, seat: int, note: ai_notes.Note) -> list[str]:
        ui = self.ui
        lines = ai_notes.lines(note, ui.seat(seat), ui.swiss, ui.deck_cards)
        heading = ai_notes.made_heading(note)  # 304, 28: the bid's chance after the card, where counted
        return lines + [f"{choice} · {points}" + (f" · {heading} {made}" if made else "")
                        for choice, points, made in ai_notes.rows(note, ui.swiss)[:ROWS_SHOWN]]

    # ---- input --------------------------------------------------------------------------------------
    def press(self, hit, pos) -> None:
        """A press at ``pos`` on ``hit`` ((seat, card) of the last trick, or None)."""
        self.pressed = [*hit, pos, 0.0] if hit and not self.session.is_human(hit[0]) else None

    def release(self) -> bool:
        """The finger is lifted: True if the press showed a note (the trick stays), else the
        release is an ordinary tap; a tap while a note shows closes it."""
        pressed, self.pressed = self.pressed, None
        if self.lines is not None and (pressed is None or pressed[3] < LONG_PRESS):
            self.lines = None
            return True
        return self.lines is not None

    def move(self, pos) -> None:
        if self.pressed and abs(pos[0] - self.pressed[2][0]) + abs(pos[1] - self.pressed[2][1]) > SLOP:
            self.pressed = None

    def clear(self) -> None:
        self.pressed, self.lines = None, None

    def update(self, dt: float) -> None:
        if not self.pressed:
            return
        seat, card, _pos, held = self.pressed
        self.pressed[3] = held + dt
        if held < LONG_PRESS <= held + dt:
            note = self.note(seat, card)
            if note is not None:
                self.lines = self.shown_lines(seat, note)

    # ---- drawing --------------------------------------------------------------------------------------
    def draw(self, surf, lay, top: int) -> None:
        """The note in a panel from ``top`` down (below the last trick)."""
        if not self.lines:
            return
        width = lay.size[0] - 2 * lay.margin
        box = pygame.Rect(lay.margin, top, width, 0)
        inner = box.inflate(-32, 0)
        heights = [len(kit.text.wrap(line, lay.medium, inner.width, i == 0)) * int(lay.medium * 1.3)
                   for i, line in enumerate(self.lines)]
        box.height = sum(heights) + 8 * len(heights) + 32
        box.bottom = min(box.bottom, lay.size[1] - lay.margin)
        gfx.shadow(surf, box, 18)
        gfx.panel(surf, box, style.PANEL_SOLID + (255,), 18, style.ACCENT, 2)
        y = box.top + 16
        for i, line in enumerate(self.lines):
            y += gfx.blit_wrapped(surf, line, lay.medium, pygame.Rect(inner.left, y, inner.width, 0),
                                  style.HIGHLIGHT if i == 0 else style.TEXT, i == 0) + 8
