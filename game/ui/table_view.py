"""Drawing the table: the top bar, the seats, the indicator, the trick, the hand,
notices and the last-trick overlay.  Reads the table scene's state, changes nothing."""

from __future__ import annotations

import math

import pygame

from game.i18n import _

from . import direction, gfx, style

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
        """The frame.  Every element's rect is kept in ``self.rects`` (for the layout tests):
        fixed things first (bar, seats, trick slots, prompt, buttons, hand), then the things
        that move to a free place (the trump card, speech bubbles), then overlays."""
        s = self.s
        self.rects = {"status": [], "buttons": [w.rect for w in s.widgets], "labels": {}, "fans": {},
                      "slots": [self.lay.trick_rect(seat) for seat in range(4)], "bubbles": {},
                      "indicator": None, "prompt": None, "hand": self.hand_rect(), "notice": None}
        s.app.draw_table(surf)
        self.top_bar(surf)
        for seat in (1, 2, 3):
            self.other_seat(surf, seat)
        self.own_badge(surf)
        prompt = self.prompt_box()
        self.rects["prompt"] = prompt[0] if prompt else None
        self.indicator(surf)
        self.trick(surf)
        self.flights(surf)
        for seat in (0, 1, 2, 3):
            self.bubble(surf, seat)
        self.notices(surf)
        if prompt:
            self.draw_prompt(surf, *prompt)
        s.draw_widgets(surf)
        self.hand(surf)
        if s.show_last:
            self.last_trick(surf)

    def hand_rect(self):
        rects = [] if self.s.dealing else self.s.hand_rects
        if not rects:
            return None
        return rects[0].unionall(rects[1:]).clip(self.lay.rect)

    def occupied(self, skip_fan=None):
        """Rects a moving element must keep clear of."""
        r = self.rects
        out = [self.lay.top_bar, *r["buttons"], *r["labels"].values(), *r["slots"], *r["bubbles"].values()]
        out += [rect for seat, rect in r["fans"].items() if seat != skip_fan]
        out += [x for x in (r["indicator"], r["prompt"], r["hand"]) if x is not None]
        return out

    def place(self, size, anchors, avoid):
        """The first of ``anchors`` ((attribute, point) pairs) where a box of ``size`` stays on
        screen and clear of ``avoid``; else the one that overlaps least."""
        screen = self.lay.rect.inflate(-8, -8)
        best, best_cost = None, None
        for attr, point in anchors:
            box = pygame.Rect((0, 0), size)
            setattr(box, attr, (int(point[0]), int(point[1])))
            box.clamp_ip(screen)
            cost = sum((box.clip(a).width * box.clip(a).height) for a in avoid if box.colliderect(a))
            if cost == 0:
                return box
            if best_cost is None or cost < best_cost:
                best, best_cost = box, cost
        return best

    def fit_text(self, text, size, width, bold=False):
        """(text, size) that fits ``width``: shrunk to at most two thirds, then cut with an ellipsis."""
        size = gfx.fit_size(text, size, width, bold, max(12, size * 2 // 3))
        if gfx.text_width(text, size, bold) <= width:
            return text, size
        while len(text) > 1 and gfx.text_width(text + "…", size, bold) > width:
            text = text[:-1]
        return text.rstrip(" ·") + "…", size

    def status_text(self, surf, text, size, width, pos, colour, anchor, bold=False):
        """A line of the top bar, laid out left to right (mirrored in the bar in right to left)."""
        text, size = self.fit_text(text, size, width, bold)
        rect = gfx.blit_text(surf, text, size, pos, colour, anchor, bold, within=self.lay.top_bar)
        self.rects["status"].append(rect)
        return rect

    def score_text(self, surf, score, width, pos, anchor):
        """The score in ``width``: one line if it fits at two thirds of its size, else its two
        halves (cut at the " · " or double space nearest the middle) on two lines, so that it is
        not cut short while two lines can hold it.  Returns the rect it covers."""
        lay = self.lay
        size = gfx.fit_size(score, lay.medium, width, True, max(12, lay.medium * 2 // 3))
        cuts = [(i, len(sep)) for sep in (" · ", "  ") for i in range(len(score)) if score.startswith(sep, i)]
        if gfx.text_width(score, size, True) <= width or not cuts:
            return self.status_text(surf, score, lay.medium, width, pos, style.HIGHLIGHT, anchor, True)
        i, n = min(cuts, key=lambda cut: abs(2 * cut[0] - len(score)))
        size = min(lay.small, (lay.menu_rect.height - 4) // 2)
        x, y = pos
        rects = [self.status_text(surf, text, size, width, (x, y + dy), style.HIGHLIGHT, anchor, True)
                 for text, dy in ((score[:i], -(size // 2 + 1)), (score[i + n:], size // 2 + 1))]
        return rects[0].union(rects[1])

    # ---- top bar ------------------------------------------------------------------------------------
    def top_bar(self, surf):
        s, lay = self.s, self.lay
        bar = lay.top_bar
        gfx.panel(surf, bar, style.PANEL, 0)
        obs, ui = s.obs, s.ui
        left = lay.menu_rect.right + 16
        right = lay.last_rect.left - 16
        score = ui.score_line(s.live_score(), obs)
        contract = ui.contract_line(obs)
        points = ui.points_line(obs) if obs.phase == "play" or obs.tricks else ""
        if lay.portrait:  # buttons and score on the first row, the contract and points below
            row = lay.menu_rect
            self.score_text(surf, score, right - left, ((left + right) // 2, row.centery), "center")
            y = row.bottom + 6
            width = bar.width - 2 * lay.margin
            for text, colour, bold in ((contract, style.TEXT, True), (points, style.TEXT_DIM, False)):
                if text:
                    self.status_text(surf, text, lay.small, width, (bar.centerx, y), colour, "midtop", bold)
                y += lay.small + 8
            return
        score_w = min(gfx.text_width(score, lay.medium, True), (right - left) * 9 // 20)
        score_rect = self.score_text(surf, score, score_w, (right, bar.centery), "midright")
        room = right - score_rect.width - left - 20
        lines = [(contract, style.TEXT, True)] + ([(points, style.TEXT_DIM, False)] if points else [])
        y = bar.centery - len(lines) * (lay.small + 6) // 2
        for text, colour, bold in lines:
            self.status_text(surf, text, lay.small, room, (left, y), colour, "topleft", bold)
            y += lay.small + 6

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
        # inside the label: dealer chip, name and note from the start edge (the label itself stays at its seat)
        x = rect.left + 12
        name_y = rect.top + 8 + size // 2
        if s.obs.dealer == seat:
            chip = (int(direction.flip_x(x + size // 2, rect)), name_y)
            pygame.draw.circle(surf, style.HIGHLIGHT, chip, size // 2)
            gfx.blit_text(surf, _("D"), size - 6, chip, style.TEXT_DARK, "center", True)
            x += size + 6
        # centred by their ink: the Arabic font's line is twice as tall as its letters
        gfx.blit_text(surf, name, size, (x, name_y - gfx.ink_offset(name, size, True)), style.TEXT, "midleft", True,
                      within=rect)
        if note:
            note_y = name_y + size // 2 + 3 + (size - 4) // 2
            gfx.blit_text(surf, note, size - 4, (rect.left + 12, note_y - gfx.ink_offset(note, size - 4)),
                          style.TEXT_DIM, "midleft", within=rect)
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
            pygame.draw.circle(surf, colour, (int(direction.flip_x(rect.right - 52 + i * 18, rect)), rect.centery), r)

    def other_seat(self, surf, seat):
        s, lay = self.s, self.lay
        n = 0 if s.dealing else s.obs.hand_sizes[seat]
        ax, ay = lay.seat_anchor[seat]
        bw, bh = lay.back_w, s.art.height(lay.back_w)
        if seat == 2:
            step = min(18, 220 // max(1, n))
            width = bw + step * (n - 1) if n else 0
            for i in range(n):
                self.card(surf, None, (ax - width / 2 + bw / 2 + i * step, ay), bw)
            fan = pygame.Rect(0, 0, max(width, bw), bh)
            rect = self.label(surf, seat, (ax + width / 2 + 14, ay), "midleft")
        else:
            step = min(16, 200 // max(1, n))
            height = bw + step * (n - 1) if n else 0
            top = lay.side_fan_top
            for i in range(n):
                self.card(surf, None, (ax, top + bw / 2 + i * step), bw, rotate=True)
            fan = pygame.Rect(0, 0, bh, max(height, bw))
            ay = top + fan.height / 2
            rect = self.label(surf, seat, (ax, top - 12), "midbottom")
            s.fan_bottom[seat] = top + height
        fan.center = (int(ax), int(ay))
        self.rects["fans"][seat] = fan
        self.rects["labels"][seat] = s.seat_rects[seat] = rect

    def own_badge(self, surf):
        s, lay = self.s, self.lay
        rect = self.label(surf, 0, lay.own_badge_anchor, "midright")
        self.rects["labels"][0] = s.seat_rects[0] = rect

    def bubble_image(self, text, max_w):
        """A speech bubble's text: one line, or wrapped (and if need be shrunk) to ``max_w``."""
        size = self.lay.medium
        inner = max_w - 28
        lines = gfx.wrap(text, size, inner, True)
        widest = max(gfx.text_width(line, size, True) for line in lines)
        if widest > inner:
            size = gfx.fit_size(max(lines, key=len), size, inner, True)
            lines = gfx.wrap(text, size, inner, True)
        imgs = [gfx.text(line, size, style.TEXT_DARK, True) for line in lines]
        w = max(i.get_width() for i in imgs) + 28
        h = sum(i.get_height() for i in imgs) + 16
        img = pygame.Surface((w - 28, h - 16), pygame.SRCALPHA)
        y = 0
        for i in imgs:
            img.blit(i, ((w - 28 - i.get_width()) // 2, y))
            y += i.get_height()
        return img

    def bubble_anchors(self, seat, size):
        """Where a seat's bubble may go, best first: beside its label or over its own cards."""
        lay, r = self.lay, self.rects
        label, fan = r["labels"][seat], r["fans"].get(seat)
        w = size[0]
        if seat == 0:
            return [("midright", (label.left - 10, label.centery)), ("midbottom", (label.centerx, label.top - 8)),
                    ("midtop", (label.centerx, label.bottom + 8)),
                    ("midleft", (lay.hint_rect.left, lay.hint_rect.centery))]
        if seat == 2:
            return [("midtop", (fan.centerx, fan.bottom + 8)), ("midright", (fan.left - 10, fan.centery)),
                    ("midleft", (label.right + 10, label.centery)), ("midtop", (label.centerx, label.bottom + 8))]
        inward = 1 if seat == 3 else -1
        edge = fan.right + 10 if seat == 3 else fan.left - 10
        side = "left" if seat == 3 else "right"
        out = [("top" + side, (edge, fan.top + 4)), ("mid" + side, (edge, fan.centery)),
               ("bottom" + side, (edge, fan.bottom))]
        # over its own cards (the narrow strip beside the trick in portrait)
        out += [("top" + side, (fan.left if seat == 3 else fan.right, fan.top + 4)),
                ("mid" + side, (fan.left if seat == 3 else fan.right, fan.centery)),
                ("midtop", (fan.centerx + inward * (w // 2 - fan.width // 2), fan.bottom + 8)),
                ("midbottom", (label.centerx + inward * (w // 2 - label.width // 2), label.top - 8))]
        return out

    def bubble(self, surf, seat):
        """What a seat said last (a bid, a pass, a call) for a few seconds, in a free place."""
        said = self.s.bubbles.get(seat)
        if not said or seat not in self.rects["labels"]:
            return
        text, _age = said
        lay = self.lay
        avoid = self.occupied(skip_fan=seat)
        box = None
        widths = [lay.size[0]]
        if seat in (1, 3) and lay.portrait:  # between the screen edge and the trick: wrap to fit
            zone = lay.trick_zone()
            widths.append(zone.left - 18 if seat == 3 else lay.size[0] - zone.right - 18)
        for max_w in widths:
            img = self.bubble_image(text, max_w)
            size = (img.get_width() + 28, img.get_height() + 16)
            box = self.place(size, self.bubble_anchors(seat, size), avoid)
            if not any(box.colliderect(a) for a in avoid):
                break
        self.rects["bubbles"][seat] = box
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
        label = self.rects["labels"].get(seat)
        if label is None:
            return
        own = p.get("indicator")
        if own is not None and own in s.hand_cards:
            return  # the indicator is in the player's hand as the last card
        w = int(lay.trick_w * 0.62)
        size = (w, s.art.height(w))
        fan = self.rects["fans"].get(seat)
        if seat == 0:
            anchors = [("center", lay.own_indicator_center), ("midright", (label.left - 12, label.centery))]
        elif seat == 2:
            anchors = [("midleft", (label.right + 14, fan.centery)), ("midright", (fan.left - 14, fan.centery))]
        else:
            edge = fan.right + 12 if seat == 3 else fan.left - 12
            side = "left" if seat == 3 else "right"
            anchors = [("midtop", (fan.centerx, fan.bottom + 12)), ("bottom" + side, (edge, fan.bottom)),
                       ("top" + side, (edge, fan.top))]
        box = self.place(size, anchors, self.occupied(skip_fan=seat))
        r = self.card(surf, own, box.center, w, badge=_("trump"))
        s.indicator_rect = self.rects["indicator"] = r

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
        widest = lay.size[0] - 40
        if not lay.portrait:  # clear of the Hint button beside the trick
            widest = min(widest, 2 * (lay.hint_rect.left - 12 - lay.center[0]))
        width = min(widest, max(gfx.text_width(text, size, True) + 60, 300, (icon.get_width() + 40) if icon else 0))
        lines = gfx.wrap(text, size, width - 40, True)
        h = len(lines) * int(size * 1.25) + 30 + (icon.get_height() + 10 if icon else 0)
        box = pygame.Rect(0, 0, width, h)
        box.center = lay.center
        room = pygame.Rect(0, lay.top_bar.bottom + 8, lay.size[0], 0)
        bottom = s.controls_top or s.hand_top or lay.size[1]
        if lay.portrait and s.hint_button is not None:  # above the Hint button
            bottom = min(bottom, lay.hint_rect.top)
        room.height = bottom - 8 - room.top
        box.clamp_ip(room)
        self.rects["notice"] = box
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.panel(panel, panel.get_rect(), (10, 18, 16, 225), 18, style.ACCENT, 3)
        y = 15
        if icon:
            panel.blit(icon, icon.get_rect(midtop=(box.width // 2, y)))
            y += icon.get_height() + 10
        gfx.blit_wrapped(panel, text, size, pygame.Rect(20, y, box.width - 40, 0), style.TEXT, True, 1.25, "center")
        panel.set_alpha(int(255 * max(0.0, fade)))
        surf.blit(panel, box)

    def prompt_box(self):
        """(box, text, colour, error) of the line above the buttons, or None."""
        s, lay = self.s, self.lay
        text = s.message or (s.ui.prompt(s.obs) if s.human_turn() else "")
        if not text:
            return None
        error = bool(s.message) and s.message_is_error
        colour = style.BAD if error else style.HIGHLIGHT if s.message else style.TEXT
        size = lay.medium
        top = (s.controls_top if s.controls_top else s.hand_top) - (12 if lay.portrait else 8)
        lines = gfx.wrap(text, size, lay.size[0] - 80, True)
        h = len(lines) * int(size * 1.25) + 14
        box = pygame.Rect(0, 0, max(gfx.text_width(line, size, True) for line in lines) + 40, h)
        box.midbottom = (lay.size[0] // 2, top)
        return box, text, colour

    def draw_prompt(self, surf, box, text, colour):
        s, size = self.s, self.lay.medium
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
