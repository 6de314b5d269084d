"""Drawing the table: the top bar, the seats, the indicator, the trick, the hand,
notices and the last-trick overlay.  Reads the table scene's state, changes nothing."""

from __future__ import annotations

import math

import pygame

from game.i18n import _

from . import gfx, style

SEAT_COLOURS = {0: style.SIDE_COLOURS[0], 2: style.SIDE_COLOURS[0], 1: style.SIDE_COLOURS[1], 3: style.SIDE_COLOURS[1]}


class TableView:
    def __init__(self, scene):
        self.s = scene
        self._rotated: dict = {}

    @property
    def lay(self):
        return self.s.layout

    # ---- cards ------------------------------------------------------------------------------
    def card(self, surf, card, center, width, dim=False, lift=0, badge="", rotate=False):
        """A card (a back when ``card`` is None) centred at ``center``."""
        art = self.s.art
        if width not in self.widths():  # in flight: scale the nearest cached image, do not draw a new one
            img = self.scaled(card, width)
        elif card is None:
            img = self.back(width, rotate)
        else:
            img = art.dimmed(card, width) if dim else art.face(card, width)
        rect = img.get_rect(center=(int(center[0]), int(center[1]) - lift))
        if not rotate and width in self.widths():
            m = art.shadow_margin(width)
            surf.blit(art.shadow(width), (rect.left - m + 2, rect.top - m + 4))
        surf.blit(img, rect)
        if badge:
            size = max(12, width // 7)
            tag = gfx.text(badge, size, style.TEXT, True)
            box = tag.get_rect(midbottom=(rect.centerx, rect.bottom - 6)).inflate(10, 4)
            gfx.panel(surf, box, (0, 0, 0, 190), 6)
            surf.blit(tag, tag.get_rect(center=box.center))
        return rect

    def widths(self):
        lay = self.lay
        return lay.card_w, lay.trick_w, lay.back_w, int(lay.trick_w * 0.62)

    def scaled(self, card, width):
        """A card at a passing width, scaled from the trick-sized image (cheap, not cached)."""
        base = self.s.art.back(self.lay.trick_w) if card is None else self.s.art.face(card, self.lay.trick_w)
        return pygame.transform.smoothscale(base, (width, self.s.art.height(width)))

    def back(self, width, rotate=False):
        if not rotate:
            return self.s.art.back(width)
        key = (width, id(self.s.art))
        if key not in self._rotated:
            self._rotated[key] = pygame.transform.rotate(self.s.art.back(width), 90)
        return self._rotated[key]

    # ---- the whole frame ------------------------------------------------------------------------
    def draw(self, surf):
        s = self.s
        s.app.draw_table(surf)
        self.top_bar(surf)
        for seat in (1, 2, 3):
            self.other_seat(surf, seat)
        self.own_badge(surf)
        self.indicator(surf)
        self.trick(surf)
        self.flights(surf)
        self.notices(surf)
        self.prompt(surf)
        s.draw_widgets(surf)
        self.hand(surf)
        if s.show_last:
            self.last_trick(surf)

    # ---- top bar ------------------------------------------------------------------------------------
    def top_bar(self, surf):
        s, lay = self.s, self.lay
        bar = lay.top_bar
        gfx.panel(surf, bar, style.PANEL, 0)
        obs, ui = s.obs, s.ui
        left = s.menu_button.rect.right + 16
        right = s.last_button.rect.left - 16
        score = ui.score_line(s.live_score(), obs)
        contract = ui.contract_line(obs)
        points = ui.points_line(obs) if obs.phase == "play" or obs.tricks else ""
        if lay.portrait:  # buttons and score on the first row, the contract and points below
            row = s.menu_button.rect
            gfx.blit_text(surf, score, gfx.fit_size(score, lay.medium, right - left, True),
                          ((left + right) // 2, row.centery), style.HIGHLIGHT, "center", True)
            y = row.bottom + 8
            for text, colour, bold in ((contract, style.TEXT, True), (points, style.TEXT_DIM, False)):
                if text:
                    width = bar.width - 2 * lay.margin
                    gfx.blit_text(surf, text, gfx.fit_size(text, lay.small, width, bold), (bar.centerx, y),
                                  colour, "midtop", bold)
                y += lay.small + 8
            return
        size = gfx.fit_size(score, lay.medium, (right - left) * 9 // 20, True)
        score_rect = gfx.blit_text(surf, score, size, (right, bar.centery), style.HIGHLIGHT, "midright", True)
        room = score_rect.left - left - 20
        gfx.blit_text(surf, contract, gfx.fit_size(contract, lay.small, room, True), (left, bar.top + 8),
                      style.TEXT, bold=True)
        if points:
            gfx.blit_text(surf, points, gfx.fit_size(points, lay.small, room), (left, bar.top + 10 + lay.small),
                          style.TEXT_DIM)

    # ---- seats ---------------------------------------------------------------------------------
    def label(self, surf, seat, pos, anchor):
        """Name, note and dealer chip of a seat in a small panel; returns its rect."""
        s, lay = self.s, self.lay
        name = s.ui.seat(seat)
        note = s.ui.seat_note(s.obs, seat)
        size = lay.small
        w = max(gfx.text_width(name, size, True), gfx.text_width(note, size - 4) if note else 0) + 24
        w += size + 6 if s.obs.dealer == seat else 0
        thinking = s.thinking_seat == seat and s.obs.turn == seat and not s.busy()
        w += 64 if thinking else 0
        h = size + 16 + (size if note else 0)
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, (int(pos[0]), int(pos[1])))
        rect.clamp_ip(lay.rect.inflate(-8, -8))
        active = s.obs.turn == seat and not s.busy()
        gfx.panel(surf, rect, style.PANEL, 12, style.TURN if active else SEAT_COLOURS[seat], 3 if active else 2)
        x = rect.left + 12
        if s.obs.dealer == seat:
            pygame.draw.circle(surf, style.HIGHLIGHT, (x + size // 2, rect.top + 8 + size // 2), size // 2)
            gfx.blit_text(surf, _("D"), size - 6, (x + size // 2, rect.top + 8 + size // 2), style.TEXT_DARK,
                          "center", True)
            x += size + 6
        gfx.blit_text(surf, name, size, (x, rect.top + 7), style.TEXT, bold=True)
        if note:
            gfx.blit_text(surf, note, size - 4, (rect.left + 12, rect.top + 10 + size), style.TEXT_DIM)
        if thinking:
            self.thinking(surf, rect)
        return rect

    def thinking(self, surf, rect):
        """Three pulsing dots beside a seat's label: the AI is deciding."""
        t = self.s.clock
        for i in range(3):
            a = 0.5 + 0.5 * math.sin(t * 6 - i * 0.8)
            r = 4 + int(3 * a)
            colour = tuple(int(c * (0.5 + 0.5 * a)) for c in style.TURN)
            pygame.draw.circle(surf, colour, (rect.right - 52 + i * 18, rect.centery), r)

    def other_seat(self, surf, seat):
        s, lay = self.s, self.lay
        n = 0 if s.dealing else s.obs.hand_sizes[seat]
        ax, ay = lay.seat_anchor[seat]
        bw = lay.back_w
        if seat == 2:
            step = min(18, 220 // max(1, n))
            width = bw + step * (n - 1) if n else 0
            for i in range(n):
                self.card(surf, None, (ax - width / 2 + bw / 2 + i * step, ay), bw)
            rect = self.label(surf, seat, (ax + width / 2 + 14, ay), "midleft")
        else:
            step = min(16, 200 // max(1, n))
            height = bw + step * (n - 1) if n else 0
            for i in range(n):
                self.card(surf, None, (ax, ay - height / 2 + bw / 2 + i * step), bw, rotate=True)
            top = ay - height / 2 - 12
            rect = self.label(surf, seat, (ax, top), "midbottom")
            s.fan_bottom[seat] = ay + height / 2
        s.seat_rects[seat] = rect
        self.bubble(surf, seat, rect)

    def own_badge(self, surf):
        s, lay = self.s, self.lay
        x, y = lay.trick_pos[0]
        rect = self.label(surf, 0, (x - lay.trick_w // 2 - 16, lay.own_row_y), "midright")
        s.seat_rects[0] = rect
        self.bubble(surf, 0, rect)

    def bubble(self, surf, seat, rect):
        """What a seat said last (a bid, a pass, a call) for a few seconds."""
        said = self.s.bubbles.get(seat)
        if not said:
            return
        text, _age = said
        size = self.lay.medium
        img = gfx.text(text, size, style.TEXT_DARK, True)
        box = img.get_rect().inflate(28, 16)
        if seat == 1:
            box.midright = (rect.left - 10, rect.centery + 50)
        elif seat == 3:  # in portrait lower than the right seat's, so the two never meet
            box.midleft = (rect.right + 10, rect.centery + (120 if self.lay.portrait else 50))
        elif seat == 2:
            box.midtop = (rect.centerx, rect.bottom + 10)
        else:
            box.midright = (rect.left - 10, rect.centery)
            if box.left < 0:  # no room beside the badge (portrait): below it
                box.midtop = (rect.centerx, rect.bottom + 10)
        box.clamp_ip(self.lay.rect)
        gfx.shadow(surf, box, 14)
        gfx.panel(surf, box, style.BUTTON, 14)
        surf.blit(img, img.get_rect(center=box.center))

    # ---- indicator ------------------------------------------------------------------------------
    def indicator(self, surf):
        s, lay = self.s, self.lay
        p = s.obs.public
        if not p.get("indicator_down") or p.get("bidder") is None:
            return
        seat = p["bidder"]
        rect = s.seat_rects.get(seat)
        if rect is None:
            return
        w = int(lay.trick_w * 0.62)
        h = s.art.height(w)
        own = p.get("indicator")
        if seat == 0:
            center = (lay.trick_pos[0][0] + lay.trick_w // 2 + 16 + w // 2, lay.own_row_y + h // 4)
        elif seat == 2:
            center = (rect.right + w // 2 + 14, rect.centery + 10)
        else:  # below the seat's cards
            center = (lay.seat_anchor[seat][0], s.fan_bottom.get(seat, rect.bottom) + h // 2 + 16)
        if own is not None and own in s.hand_cards:
            return  # the indicator is in the player's hand as the last card
        r = self.card(surf, own, center, w, badge=_("trump"))
        s.indicator_rect = r

    # ---- the trick ----------------------------------------------------------------------------------
    def trick(self, surf):
        s, lay = self.s, self.lay
        flying = {f.seat for f in s.flights if not f.done}
        for seat, card, down in s.shown_trick():
            if seat in flying:
                continue
            badge = _("face down") if down and card is not None else ""
            self.card(surf, card, lay.trick_pos[seat], lay.trick_w, badge=badge)
        if s.hold and s.hold_time > s.FLY_TIME and not s.collecting:
            winner = s.hold[1]
            r = pygame.Rect(0, 0, lay.trick_w, s.art.height(lay.trick_w))
            r.center = lay.trick_pos[winner]
            pygame.draw.rect(surf, style.HIGHLIGHT, r.inflate(10, 10), 4, border_radius=12)

    def flights(self, surf):
        for f in self.s.flights:
            if f.t >= f.delay:
                self.card(surf, f.card, f.pos, f.width, badge=_("face down") if f.down and f.card is not None else "")

    # ---- messages ------------------------------------------------------------------------------------
    def notices(self, surf):
        s, lay = self.s, self.lay
        if not s.toasts:
            return
        text, age, icon = s.toasts[0]
        fade = min(1.0, age * 6, (s.TOAST_TIME - age) * 4)
        size = lay.large
        width = min(lay.size[0] - 40, max(gfx.text_width(text, size, True) + 60, 300))
        lines = gfx.wrap(text, size, width - 40, True)
        h = len(lines) * int(size * 1.25) + 30 + (icon.get_height() + 10 if icon else 0)
        box = pygame.Rect(0, 0, width, h)
        box.center = lay.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.panel(panel, panel.get_rect(), (10, 18, 16, 225), 18, style.ACCENT, 3)
        y = 15
        if icon:
            panel.blit(icon, icon.get_rect(midtop=(box.width // 2, y)))
            y += icon.get_height() + 10
        gfx.blit_wrapped(panel, text, size, pygame.Rect(20, y, box.width - 40, 0), style.TEXT, True, 1.25, "center")
        panel.set_alpha(int(255 * max(0.0, fade)))
        surf.blit(panel, box)

    def prompt(self, surf):
        s, lay = self.s, self.lay
        text = s.message or (s.ui.prompt(s.obs) if s.human_turn() else "")
        if not text:
            return
        error = bool(s.message) and s.message_is_error
        colour = style.BAD if error else style.HIGHLIGHT if s.message else style.TEXT
        size = lay.medium
        top = (s.controls_top if s.controls_top else s.hand_top) - 14
        lines = gfx.wrap(text, size, lay.size[0] - 80, True)
        h = len(lines) * int(size * 1.25) + 14
        box = pygame.Rect(0, 0, max(gfx.text_width(line, size, True) for line in lines) + 40, h)
        box.midbottom = (lay.size[0] // 2, top)
        gfx.panel(surf, box, style.PANEL, 12, colour if s.message else None, 2 if s.message else 0)
        gfx.blit_wrapped(surf, text, size, box.inflate(-20, -14), colour, True, 1.25, "center")

    # ---- the hand ------------------------------------------------------------------------------------
    def hand(self, surf):
        s = self.s
        if s.dealing:
            return
        w = self.lay.card_w
        for i, (card, rect) in enumerate(zip(s.hand_cards, s.hand_rects)):
            if s.drag and s.drag[0] == card and s.drag[2]:
                continue
            lift = 18 if i == s.selected and s.human_turn() else 0
            if s.hint_action == card:
                pygame.draw.rect(surf, style.HIGHLIGHT, rect.move(0, -lift).inflate(10, 10), 5, border_radius=12)
            self.card(surf, card, rect.center, w, dim=card in s.dimmed, lift=lift)
        if s.drag and s.drag[2]:
            self.card(surf, s.drag[0], s.drag[1], w)

    # ---- last trick ----------------------------------------------------------------------------------
    def last_trick(self, surf):
        s, lay = self.s, self.lay
        if not s.obs.tricks:
            return
        veil = pygame.Surface(lay.size, pygame.SRCALPHA)
        veil.fill(style.BACKDROP)
        surf.blit(veil, (0, 0))
        leader, cards, winner = s.obs.tricks[-1]
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            r = self.card(surf, card, lay.trick_pos[seat], lay.trick_w)
            if seat == winner:
                pygame.draw.rect(surf, style.HIGHLIGHT, r.inflate(10, 10), 4, border_radius=12)
        title = _("Last trick · won by {seat}").format(seat=s.ui.seat(winner))
        gfx.blit_text(surf, title, lay.large, (lay.center[0], lay.top_bar.bottom + 20), style.TEXT, "midtop", True)
        gfx.blit_text(surf, _("Tap anywhere to go on"), lay.small,
                      (lay.center[0], lay.trick_pos[0][1] + s.art.height(lay.trick_w) // 2 + 30),
                      style.TEXT_DIM, "midtop")
