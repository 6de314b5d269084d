"""The player's choices other than cards, as buttons above the hand: a bid picker
(− / Bid N / +, digits on the keyboard) and one button per word action."""

from __future__ import annotations

import pygame

from game.engine import actions as A
from game.i18n import _

from .. import direction, kit
from ..widgets import Button

CONTRACT_ORDER = [*A.CONTRACTS, A.PUSH]


class SuitButton(Button):
    """A trump choice's button: its suit's symbol beside the suit's name."""

    def __init__(self, rect, label, suit: int, icon, size, sublabel=""):
        super().__init__(rect, label, None, size, icon=icon, sublabel=sublabel)
        self.suit = suit


class Controls:
    """``decide(action, button)`` is called when a decision's button is activated: the table
    either takes it at once or asks for a second tap (no mis-tap is final)."""

    def __init__(self, decide):
        self.decide = decide
        self.bids: list[int] = []
        self.bid_index = 0
        self.bid_button = None
        self.typed = ""           # digits typed for a bid
        self.typed_age = 0.0

    @property
    def bid(self):
        return self.bids[self.bid_index] if self.bids else None

    def build(self, obs, rect: pygame.Rect, layout, ui, art, extras=()) -> list:
        """Buttons for ``obs.legal`` laid out in ``rect``, then ``extras`` ((label, callback):
        help beside the choice, not a decision)."""
        legal = obs.legal
        bids = sorted(A.bid_value(a) for a in legal if A.is_bid(a))
        if bids != self.bids:
            self.bids, self.bid_index = bids, 0
        words = [a for a in legal if A.describe(a).kind.is_word]
        words.sort(key=lambda a: CONTRACT_ORDER.index(a) if a in CONTRACT_ORDER else a)
        h, gap, size = layout.control_h, layout.gap, layout.medium
        groups: list[list[tuple[int, Button]]] = []  # rows of (width, button)
        if bids:
            self.bid_button = Button((0, 0, 0, h), "", lambda: self.decide(A.bid(self.bid), self.bid_button), size,
                                     primary=True)
            self.refresh_bid_label()
            groups.append([(h, Button((0, 0, 0, h), "−", lambda: self.step(-1), size + 8)),
                           (max(200, h * 3), self.bid_button),
                           (h, Button((0, 0, 0, h), "+", lambda: self.step(1), size + 8))])
        word_row = [(0, self.word_button(a, h, size, ui, art, obs)) for a in words]
        word_row += [(0, Button((0, 0, 0, h), label, callback, layout.small)) for label, callback in extras]
        if layout.portrait and len(word_row) > 4:
            half = (len(word_row) + 1) // 2
            groups += [word_row[:half], word_row[half:]]
        elif layout.portrait or not groups:
            groups.append(word_row)
        else:
            groups[0] += word_row
        rows = [g for g in groups if g]
        top = rect.bottom - len(rows) * h - (len(rows) - 1) * gap
        widgets = []
        for r, row in enumerate(rows):
            fixed = sum(w for w, _b in row)
            flexible = sum(1 for w, _b in row if not w)
            room = rect.width - fixed - gap * (len(row) - 1)
            flex_w = max(layout.touch, min(230, room // flexible)) if flexible else 0
            total = fixed + flex_w * flexible + gap * (len(row) - 1)
            x = rect.centerx - total // 2
            for w, button in row:
                button.rect = direction.flip((x, top + r * (h + gap), w or flex_w, h), rect)  # reading order
                x += (w or flex_w) + gap
                widgets.append(button)
        self.fit_symbols(widgets, art)
        return widgets

    @staticmethod
    def fit_symbols(buttons, art):
        """The suits' symbols at one size that leaves each suit's name room on one line beside
        it at the smallest text size (four Swiss suits in a row: 'Schellen' ran over its edge)."""
        suits = [b for b in buttons if isinstance(b, SuitButton)]
        if not suits:
            return
        side = min(b.icon.get_width() for b in suits)
        for b in suits:
            side = min(side, b.rect.width - 16 - 8 - kit.text.width(b.label, b.smallest, True))
        side = max(side, suits[0].rect.height // 4)
        for b in suits:
            if b.icon.get_width() != side:
                b.icon = art.suit_symbol(b.suit, side)

    def word_button(self, a, h, size, ui, art, obs):
        sub = ""
        info = A.describe(a)
        if info.kind is A.Kind.CONTRACT:
            sub = f"×{ui.multipliers(obs)[A.CONTRACTS.index(a)]}"
        if info.suit is not None:
            suit = info.suit
            button = SuitButton((0, 0, 0, h), ui.word_label(a, obs), suit, art.suit_symbol(suit, int(h * 0.5)),
                                size, sublabel=sub)
        else:
            button = Button((0, 0, 0, h), ui.word_label(a, obs), None, size,
                            primary=a in (A.CALL, A.REVEAL, A.CAPS), sublabel=sub)
        button.on_click = lambda: self.decide(a, button)
        return button

    # ---- the bid picker -------------------------------------------------------------------------
    def step(self, d: int):
        if self.bids:
            self.bid_index = max(0, min(len(self.bids) - 1, self.bid_index + d))
            self.refresh_bid_label()
            if self.bid_button is not None:
                self.bid_button.armed = False  # another bid: confirmed afresh

    def refresh_bid_label(self):
        if self.bid_button is not None and self.bids:
            self.bid_button.label = _("Bid {n}").format(n=self.bid)

    def type_digit(self, ch: str) -> bool:
        """A digit typed: picks the bid that the digits so far spell, if legal.  True if used."""
        if not self.bids or not ch.isdigit():
            return False
        self.typed = (self.typed + ch)[-3:]
        self.typed_age = 0.0
        for n in (int(self.typed[i:]) for i in range(len(self.typed))):
            if n in self.bids:
                self.bid_index = self.bids.index(n)
                self.refresh_bid_label()
                break
        return True

    def update(self, dt):
        self.typed_age += dt
        if self.typed_age > 1.5:
            self.typed = ""
