"""Drawing the table: the top bar, the seats, the trump card, the trick, the hand, notices
and the last-trick overlay.  ``lay_out`` computes where everything goes (``planner``);
``draw`` draws that frame and the table's state, and changes neither.

The moving things (cards in flight, the thinking dots, a notice fading, score changes floating)
are drawn last, over the rest, and what they cover is kept (``draw_moving``): while only they
change, a frame puts back what lay under them and draws them where they are now, and the rest
of the screen stays as it was."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from .planner import LIFT, FramePlanner

SEAT_COLOURS = {0: style.SIDE_COLOURS[0], 2: style.SIDE_COLOURS[0], 1: style.SIDE_COLOURS[1], 3: style.SIDE_COLOURS[1]}



class Op(NamedTuple):
    """A thing the table draws: ``key`` says what it looks like (equal keys, the same pixels),
    ``bounds`` where it may draw, ``draw(surf)`` draws it."""
    key: object
    bounds: pygame.Rect
    draw: Callable


def merged(rects) -> list:
    """``rects`` (empty ones left out) with those that overlap joined into their union."""
    out = [pygame.Rect(r) for r in rects if r.width and r.height]
    joined = True
    while joined:
        joined = False
        for i, a in enumerate(out):
            for j in range(i + 1, len(out)):
                if a.colliderect(out[j]):
                    out[i] = a.union(out.pop(j))
                    joined = True
                    break
            if joined:
                break
    return out


def card_lift(state, i: int) -> int:
    """How far the hand's card ``i`` stands up: all the way when selected, a little under the
    mouse (a playable card answers the pointer), else not at all."""
    if not state.human_turn():
        return 0
    if i == state.selected:
        return LIFT
    return LIFT // 3 if i == state.hovered else 0

class TableView:
    def __init__(self, layout, art, ui):
        self.lay, self.art = layout, art
        self.planner = FramePlanner(layout, art, ui)
        self.frame = None           # the last frame laid out
        self.to_warm: list = []     # (card, width) faces to draw ahead of need
        self.warming = None         # (card, width, pieces) of the face drawn ahead now
        self._rotated: dict = {}
        self.under: list = []       # (rect, pixels) under the moving things drawn last
        self.under_size = None      # the canvas those pixels were taken from
        self.drawn = None           # the ops of the still picture last drawn (``redraw``)
        self.redraws = 0            # still pictures drawn in part so far
        self._notice = None         # (what the notice shows, its panel) (``notice``)
        self._stand_ins: dict = {}  # (card, width, dimmed) -> its picture until its face is drawn
        self._back_ops: dict = {}   # (centre, rotated) -> a fan's card as an Op (``back_op``)

    @property
    def rects(self) -> dict:
        """Every element's rect in the last frame (for the layout tests)."""
        return self.frame.rects

    def lay_out(self, state, hand, buttons, controls_top, hint_shown, thinking_seat):
        self.frame = self.planner.frame(state, hand, buttons, controls_top, hint_shown, thinking_seat)
        return self.frame

    # ---- card faces ahead of need -------------------------------------------------------------
    def warm_later(self, cards, widths):
        """Faces to draw ahead of need, before those already asked for (the last asked for is
        drawn first)."""
        self.to_warm = self.to_warm + [(c, w) for w in widths for c in cards]

    def warm_faces(self):
        """A piece of the next card face (a back for ``None``) asked for ahead (``CardArt.drawing``:
        a face whole took 1-3 ms, a back 2-3.5, beside the frame's own drawing): (card, width,
        whether it is done), or None if none was left.  It stays asked for (``to_warm``: shown
        scaled meanwhile) until done.  What it returns does not depend on what was drawn, so a
        table drawn or not decides alike."""
        if self.warming is None:
            if not self.to_warm:
                self.art.forget_bodies()
                self._stand_ins.clear()
                return None
            card, width = self.to_warm[-1]
            self.warming = card, width, self.art.drawing(card, width)
        card, width, pieces = self.warming
        try:
            next(pieces)
            return card, width, False
        except StopIteration:
            self.warming = None
            self.to_warm.remove((card, width))
            return card, width, True

    # ---- cards ------------------------------------------------------------------------------
    def card(self, surf, card, center, width, dim=False, lift=0, badge="", rotate=False, passing=False):
        """A card (a back when ``card`` is None) centred at ``center``; ``passing``: at a width it
        passes through in flight (shown scaled, even where a card rests at that width)."""
        op = self.card_op(card, center, width, dim, lift, badge, rotate, passing)
        return op.draw(surf)

    def card_op(self, card, center, width, dim=False, lift=0, badge="", rotate=False, passing=False) -> Op:
        """``card`` as an ``Op`` (its picture chosen now: drawn first if it must be); its draw
        returns the card's rect."""
        art = self.art
        if passing or width not in self.widths() or (card is not None and width not in self.face_widths()):
            img = self.scaled(card, width)  # in flight: scale the trick-sized image, do not draw a new one
        elif card is None:
            img = self.back(width, rotate)
        elif not art.has_face(card, width) and not self.new_face(card, width):
            img = self.stand_in(card, width, dim)  # drawn in a later frame; until then, its trick-sized image
        else:
            img = art.dimmed(card, width) if dim else art.face(card, width)
        rect = img.get_rect(center=(int(center[0]), int(center[1]) - lift))
        shadow, bounds = None, pygame.Rect(rect)
        if not rotate and width in self.widths():
            m = art.shadow_margin(width)
            shadow = art.shadow(width)
            at = (rect.left - m + 2, rect.top - m + 4)
            bounds.union_ip(shadow.get_rect(topleft=at))
        if badge:
            bounds.union_ip(self.badge_box(badge, rect))

        def draw(surf):
            if shadow is not None:
                surf.blit(shadow, at)
            surf.blit(img, rect)
            if badge:
                gfx.badge(surf, badge, self.lay.min_text, rect)
            return rect
        return Op((img, tuple(rect), badge), bounds, draw)

    def badge_box(self, badge, rect) -> pygame.Rect:
        """The box of a card's badge at the foot of the card at ``rect`` (``kit.text.badge_box``)."""
        return kit.text.badge_box(badge, self.lay.min_text, rect)

    def widths(self):
        lay = self.lay
        return lay.card_w, lay.trick_w, lay.back_w, int(lay.trick_w * 0.62)

    def new_face(self, card, width) -> bool:
        """Whether a drawing draws the face of ``card`` at ``width`` (not drawn yet: milliseconds):
        not if it was asked for ahead and its trick-sized image is there to stand in for it,
        scaled (``warm_faces`` draws it in a coming frame, one a frame, and the scene then
        draws again: a second packet's four faces took 4-7 ms in one frame)."""
        return (width == self.lay.trick_w or (card, width) not in self.to_warm
                or not self.art.has_face(card, self.lay.trick_w))

    def face_widths(self):
        """The widths a face rests at (the hand, the trick, the trump card laid open); a face at
        the backs' width is only ever a card in flight to or from a seat's fan."""
        lay = self.lay
        laid = int(lay.trick_w * 0.62)
        return (lay.card_w, lay.trick_w) + ((laid,) if laid != lay.back_w else ())

    def stand_in(self, card, width, dim):
        """``card``'s trick-sized image scaled to ``width`` (dimmed), standing in for its face
        until that is drawn: kept till then (scaled anew it took 0.1-0.2 ms each time the
        table was drawn, and changed what the redrawn places are)."""
        key = (card, width, dim)
        img = self._stand_ins.get(key)
        if img is None:
            img = self._stand_ins[key] = self.scaled(card, width)
            if dim:
                img.fill(self.art.DIM, special_flags=pygame.BLEND_RGB_MULT)
        return img

    def scaled(self, card, width):
        """A card at a passing width, scaled from the trick-sized image (cheap, not cached)."""
        base = self.art.back(self.lay.trick_w) if card is None else self.art.face(card, self.lay.trick_w)
        return pygame.transform.smoothscale(base, (width, self.art.height(width)))

    def back(self, width, rotate=False):
        if not rotate:
            return self.art.back(width)
        key = (width, id(self.art))
        if key not in self._rotated:
            self._rotated[key] = pygame.transform.rotate(self.art.back(width), 90)
        return self._rotated[key]

    # ---- the whole frame ------------------------------------------------------------------------
    def can_restore(self, surf) -> bool:
        """Whether what lay under the last moving things was kept from a canvas like ``surf``."""
        return self.under_size == surf.get_size()

    def forget_under(self) -> None:
        self.under, self.under_size, self.drawn = [], None, None

    def put_back(self, surf) -> None:
        """What the last moving things covered, back on ``surf``: the still picture alone."""
        for rect, pixels in reversed(self.under):
            surf.blit(pixels, rect)
        self.under = []

    def draw_moving(self, surf, state, restore: bool) -> None:
        """What moves, over the rest on ``surf``; what each covers is kept first.  With
        ``restore``, ``surf`` holds the last frame: what its moving things covered is put back."""
        if restore:
            self.put_back(surf)
        parts = self.moving_parts(state)
        bounds = surf.get_rect()
        covered = [rect.clip(bounds) for rect, _draw in parts]
        self.under = [(rect, surf.subsurface(rect).copy()) for rect in covered if rect.width and rect.height]
        self.under_size = surf.get_size()
        for _rect, draw in parts:
            draw(surf)

    def moving_parts(self, state) -> list:
        """(rect it may cover, draw(surf)) of each moving thing, in drawing order."""
        f, parts = self.frame, []
        for label in f.labels.values():
            if label.thinking:
                y = label.row_centres()[label.dots_row]
                parts.append((self.dots_rect(label.rect, y),
                              lambda surf, r=label.rect, y=y: self.thinking(surf, r, state.clock, y)))
        for flight in state.flights:
            if flight.t >= flight.delay and not (flight.done and flight.seat is not None):
                parts.append(self.flight_part(flight))
        if f.notice:
            parts.append((pygame.Rect(f.notice[0]), lambda surf, n=f.notice: self.notice(surf, *n)))
        for text, pos, alpha, colour in f.floats:
            parts.append((kit.text.rect(text, self.lay.large, pos, "center", True),
                          lambda surf, x=(text, pos, alpha, colour): self.floats(surf, [x])))
        return parts

    def flight_part(self, flight):
        """(rect, draw) of a card in flight: its shadow and badge are in the rect."""
        badge = _("face down") if flight.down and flight.card is not None else ""
        width = flight.width
        rect = pygame.Rect(0, 0, width, self.art.height(width))
        rect.center = (int(flight.pos[0]), int(flight.pos[1]))
        m = self.art.shadow_margin(width) if width in self.widths() else 0
        cover = rect.inflate(2 * m + 8, 2 * m + 12)
        if badge:
            cover = cover.union(self.badge_box(badge, rect))
        # between its two widths it is scaled, also where a card rests at that width (a trick
        # collected passes the trump card's: a Jass face was drawn at it, 1-2.5 ms in that frame)
        passing = width not in (flight.width_from, flight.width_to)
        return cover, lambda surf: self.card(surf, flight.card, flight.pos, width, badge=badge, passing=passing)

    def refresh_moving(self, state) -> None:
        """The moving things of the frame laid out, at this moment (the rest stays where it was)."""
        f = self.frame
        f.floats = self.planner.floats(f, state)
        if f.notice and state.toasts:
            f.notice = f.notice._replace(alpha=self.planner.notice_alpha(state))

    def draw(self, surf, state, hand, draw_table, draw_widgets, moving=True, felt=None, widgets=None):
        """The last frame laid out, over the table (``draw_table``); the scene's buttons
        (``draw_widgets``) go under the hand.  Without ``moving``, the things that move are
        left out (``draw_moving`` draws them).  ``felt`` (the table's picture) and ``widgets``
        (the buttons as ``Op``s) let a later frame redraw only what changed (``redraw``)."""
        ops = self.ops(state, hand, draw_table, draw_widgets, moving, felt, widgets)
        for op in ops.values():
            op.draw(surf)
        self.drawn = ops if not moving and widgets is not None else None

    def redraw(self, surf, state, hand, draw_table, draw_widgets, felt, widgets) -> bool:
        """``draw`` on a screen that holds the last still picture ``draw`` (or this) drew:
        only where something differs from it, each place drawn again from the felt up in the
        same order (the table's picture whole, there).  False (nothing drawn) without that picture."""
        if self.drawn is None:
            return False
        ops = self.ops(state, hand, draw_table, draw_widgets, False, felt, widgets)
        old, places = self.drawn, []
        for slot in old.keys() | ops.keys():
            before, now = old.get(slot), ops.get(slot)
            if before is None or now is None or before.key != now.key:
                places += [op.bounds for op in (before, now) if op is not None]
        places = merged([r.clip(surf.get_rect()) for r in places])
        if sum(r.width * r.height for r in places) > surf.get_width() * surf.get_height() * 0.7:
            places = [surf.get_rect()]
        for place in places:
            surf.set_clip(place)
            for op in ops.values():
                if op.bounds.colliderect(place):
                    op.draw(surf)
        surf.set_clip(None)
        self.drawn = ops
        self.redraws += 1
        return True

    def ops(self, state, hand, draw_table, draw_widgets, moving, felt, widgets) -> dict:
        """What ``draw`` draws, in order: slot -> ``Op``."""
        f, lay, ops = self.frame, self.lay, {}
        ops["felt"] = Op(felt, lay.rect, draw_table)
        bar = lay.top_bar.unionall([line.rect for line in f.status]) if f.status else lay.top_bar

        def top_bar(surf):
            gfx.panel(surf, lay.top_bar, style.PANEL, 0)
            for line in f.status:
                surf.blit(gfx.text(line.text, line.size, line.colour, line.bold), line.rect)
        ops["bar"] = Op(tuple((line.text, line.size, tuple(line.rect), line.colour, line.bold) for line in f.status),
                        bar, top_bar)
        clock = state.clock if moving else None
        for seat in (1, 2, 3):
            for i, (center, rotate) in enumerate(f.backs[seat]):
                ops["back", seat, i] = self.back_op(center, rotate)
            ops["label", seat] = self.label_op(seat, f.labels[seat], clock)
        ops["label", 0] = self.label_op(0, f.labels[0], clock)
        if f.indicator:
            rect, card = f.indicator
            ops["indicator"] = self.card_op(card, rect.center, rect.width)
        self.trick_ops(ops, state)
        flying = {fl.seat for fl in state.flights if not fl.done}
        for i, badge in enumerate(f.badges):
            if badge.seat not in flying:
                ops["badge", i] = Op((tuple(badge.box), badge.lines, badge.size), pygame.Rect(badge.box),
                                     lambda surf, b=badge: gfx.badge_lines(surf, b.box, b.lines, b.size))
        if moving:
            ops["flights"] = Op(None, lay.rect, lambda surf: self.flights(surf, state))
        for seat in (0, 1, 2, 3):
            if seat in f.bubbles:
                speech = f.bubbles[seat]
                bounds = speech.box.union(speech.box.move(3, 5)).union(pygame.Rect(speech.tip, (1, 1)).inflate(6, 6))
                ops["speech", seat] = Op((tuple(speech.box), speech.lines, speech.size, speech.base, speech.tip),
                                         bounds, lambda surf, sp=speech: self.speech(surf, sp))
        for seat, (box, text, icon) in f.news.items():
            ops["news", seat] = Op((tuple(box), text, icon), box.union(box.move(3, 5)),
                                   lambda surf, n=(box, text, icon): self.news(surf, *n))
        if f.notice and moving:
            ops["notice"] = Op(None, lay.rect, lambda surf: self.notice(surf, *f.notice))
        # the last trick takes the prompt's place (its own line says what to do): a hint of two
        # lines under it showed either side of its title, crossed by "Tap anywhere to go on"
        prompt = f.prompt if not state.show_last else None
        message = bool(prompt and state.message)
        if prompt and not message:
            ops["prompt"] = self.prompt_op(prompt, False)
        if widgets is None:
            ops["widgets"] = Op(None, lay.rect, draw_widgets)
        else:
            ops.update((("widget", i), op) for i, op in enumerate(widgets))
        if message:  # the newest thing on the table: over a lesson's note, which may lie just above the prompt
            ops["message"] = self.prompt_op(prompt, True)
        self.hand_ops(ops, state, hand)
        if moving:
            ops["floats"] = Op(None, lay.rect, lambda surf: self.floats(surf, f.floats))
        if state.show_last:
            ops["last"] = Op(None, lay.rect, lambda surf: self.last_trick(surf, state))
        return ops

    # ---- seats ---------------------------------------------------------------------------------
    def floats(self, surf, floats) -> list:
        """Score changes on their way to the score; the rects they cover."""
        out = []
        for text, pos, alpha, colour in floats:
            img = gfx.text(text, self.lay.large, colour, True)
            img.set_alpha(alpha)
            out.append(surf.blit(img, kit.text.rect(text, self.lay.large, pos, "center", True)))
            img.set_alpha(None)
        return out

    def back_op(self, center, rotate) -> Op:
        """A fan's card as an ``Op``, kept by its place (a back's picture never changes: the fans'
        cards were most of the ops a frame lists, 0.3-0.6 ms natively after every move)."""
        op = self._back_ops.get((center, rotate))
        if op is None:
            if len(self._back_ops) > 512:
                self._back_ops.clear()
            op = self._back_ops[center, rotate] = self.card_op(None, center, self.lay.back_w, rotate=rotate)
        return op

    def label_op(self, seat, label, clock) -> Op:
        return Op((seat, label, clock), label.rect.inflate(8, 8), lambda surf: self.label(surf, seat, label, clock))

    def label(self, surf, seat, label, clock):
        """Name, note and dealer chip of a seat in a small panel (rows: ``Label.row_centres``);
        its thinking dots at ``clock`` (None: without them)."""
        size, rect = label.size, label.rect
        gfx.panel(surf, rect, style.PANEL, 12, style.TURN if label.active else SEAT_COLOURS[seat],
                  3 if label.active else 2)
        # inside the label: dealer chip, name and note from the start edge (the label itself stays at its seat)
        x = rect.left + label.PAD
        ys = label.row_centres()
        if label.dealer:
            chip = (int(direction.flip_x(x + size // 2, rect)), ys[0])
            pygame.draw.circle(surf, style.HIGHLIGHT, chip, size // 2 + 3)
            gfx.blit_text(surf, _("D"), self.lay.min_text, chip, style.TEXT_DARK, "center", True)
            x += label.chip
        # centred by their ink: the Arabic font's line is twice as tall as its letters
        lines = label.lines or (label.name,)
        for n, line in enumerate(lines):
            gfx.blit_text(surf, line, size, (x if n == 0 else rect.left + label.PAD,
                                             ys[n] - kit.text.ink_offset(line, size, True)),
                          style.TEXT, "midleft", True, within=rect)
        small = label.note_size
        for n, line in enumerate(label.notes):
            gfx.blit_text(surf, line, small, (rect.left + label.PAD, ys[len(lines) + n] - kit.text.ink_offset(line, small)),
                          style.TEXT_DIM, "midleft", within=rect)
        if label.thinking and clock is not None:
            self.thinking(surf, rect, clock, ys[label.dots_row])

    def thinking(self, surf, rect, clock, y) -> None:
        """Three pulsing dots beside a seat's label: the AI is deciding."""
        for i in range(3):
            a = 0.5 + 0.5 * math.sin(clock * 6 - i * 0.8)
            r = 4 + int(3 * a)
            colour = tuple(int(c * (0.5 + 0.5 * a)) for c in style.TURN)
            pygame.draw.circle(surf, colour, (int(direction.flip_x(rect.right - 52 + i * 18, rect)), y), r)

    @staticmethod
    def dots_rect(rect, y) -> pygame.Rect:
        """Where the thinking dots of the label at ``rect`` may draw, at their largest."""
        xs = [int(direction.flip_x(rect.right - 52 + i * 18, rect)) for i in (0, 2)]
        return pygame.Rect(min(xs) - 8, y - 8, abs(xs[1] - xs[0]) + 17, 17)

    def speech(self, surf, speech):
        """A speech bubble: a pale, rounded cloud with a tail to the seat's name (a button is
        dark and has none), its lines centred in dark letters."""
        box = speech.box
        gfx.shadow(surf, box, 18)
        gfx.panel(surf, box, style.SPEECH, 18, style.SPEECH_EDGE, 2)
        a, b, tip = speech.tail()
        if tip != speech.base:  # the tail joins the cloud over its edge, outlined on its two sides
            inward = ((box.centerx - speech.base[0]) // max(1, abs(box.centerx - speech.base[0])) * 3
                      if a[0] == b[0] else 0,
                      (box.centery - speech.base[1]) // max(1, abs(box.centery - speech.base[1])) * 3
                      if a[1] == b[1] else 0)
            a_in, b_in = (a[0] + inward[0], a[1] + inward[1]), (b[0] + inward[0], b[1] + inward[1])
            pygame.draw.polygon(surf, style.SPEECH, [a_in, b_in, tip])
            pygame.draw.line(surf, style.SPEECH_EDGE, a, tip, 2)
            pygame.draw.line(surf, style.SPEECH_EDGE, b, tip, 2)
        step = (box.height - 16) // max(1, len(speech.lines))
        y = box.top + 8
        for line in speech.lines:
            middle = y + step // 2 - kit.text.ink_offset(line, speech.size, True)
            gfx.blit_text(surf, line, speech.size, (box.centerx, middle), style.TEXT_DARK, "center", True)
            y += step

    # ---- the trick ----------------------------------------------------------------------------------
    def trick_ops(self, ops, state) -> None:
        lay = self.lay
        flying = {f.seat for f in state.flights if not f.done}
        for seat, card, _down in state.shown_trick():
            if seat not in flying:
                ops["trick", seat] = self.card_op(card, lay.trick_pos[seat], lay.trick_w)  # its badge: the frame's
        if state.trick_shown_done():
            r = pygame.Rect(0, 0, lay.trick_w, self.art.height(lay.trick_w))
            r.center = lay.trick_pos[state.hold[1]]
            ops["won"] = Op(tuple(r), r.inflate(10, 10), lambda surf: pygame.draw.rect(
                surf, style.HIGHLIGHT, r.inflate(10, 10), 4, border_radius=12))

    def flights(self, surf, state) -> list:
        """The cards in flight; the rects they cover (their shadows and badges too)."""
        out = []
        for f in state.flights:
            if f.t >= f.delay and not (f.done and f.seat is not None):
                badge = _("face down") if f.down and f.card is not None else ""
                rect = self.card(surf, f.card, f.pos, f.width, badge=badge, passing=f.width not in (f.width_from, f.width_to))
                m = self.art.shadow_margin(f.width) if f.width in self.widths() else 0
                cover = rect.inflate(2 * m + 8, 2 * m + 12)
                out.append(cover.union(self.badge_box(badge, rect)) if badge else cover)
        return out

    # ---- messages ------------------------------------------------------------------------------------
    def news(self, surf, box, text, icon):
        """Weis or Stöck at the seat that showed it: the points, and the cards of a Weis."""
        gfx.shadow(surf, box, 14)
        gfx.panel(surf, box, (10, 18, 16, 235), 14, style.HIGHLIGHT, 3)
        y = box.top + 10
        if icon:
            surf.blit(icon, icon.get_rect(midtop=(box.centerx, y)))
            y += icon.get_height() + 8
        gfx.blit_text(surf, text, self.lay.small, (box.centerx, y), style.HIGHLIGHT, "midtop", True)

    def notice(self, surf, box, text, icon, icon_at, words, alpha) -> pygame.Rect:
        """The notice's panel at ``alpha``: made once while it shows (it fades in and out over
        frames that draw it alone: made each time it took 0.3-0.6 ms natively)."""
        key = (tuple(box.size), text, icon, icon_at, tuple(words))
        if self._notice is None or self._notice[0] != key:
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            gfx.panel(panel, panel.get_rect(), (10, 18, 16, 225), 18, style.ACCENT, 3)
            if icon:
                panel.blit(icon, icon_at)
            gfx.blit_wrapped(panel, text, self.lay.body + 2, pygame.Rect(words.left, words.top, words.width, 0),
                             style.TEXT, True, 1.25, "center")
            self._notice = key, panel
        panel = self._notice[1]
        panel.set_alpha(alpha)
        surf.blit(panel, box)
        return pygame.Rect(box)

    def prompt_op(self, prompt, framed) -> Op:
        box, text, colour = prompt
        return Op((tuple(box), text, colour, framed), box.inflate(4, 4),
                  lambda surf: self.prompt(surf, box, text, colour, framed))

    def prompt(self, surf, box, text, colour, framed):
        size = self.lay.medium
        # a message (framed) may lie over a seat's badge or the trick: solid, so that it reads clearly
        gfx.panel(surf, box, style.PANEL_SOLID if framed else style.PANEL, 12, colour if framed else None,
                  2 if framed else 0)
        gfx.blit_wrapped(surf, text, size, box.inflate(-20, -14), colour, True, 1.25, "center")

    # ---- the hand ------------------------------------------------------------------------------------
    def hand_ops(self, ops, state, hand) -> None:
        if state.dealing:
            return
        w = self.lay.card_w
        dragged = state.drag[0] if state.drag and state.drag[2] else None
        for i, (card, rect) in enumerate(zip(hand.cards, hand.rects)):
            if card == dragged:
                continue
            lift = card_lift(state, i)
            if state.hint_action == card:
                hint = rect.move(0, -lift).inflate(10, 10)
                ops["hint"] = Op(tuple(hint), hint, lambda surf, r=hint: pygame.draw.rect(
                    surf, style.HIGHLIGHT, r, 5, border_radius=12))
            ops["hand", i] = self.card_op(card, rect.center, w, dim=card in hand.dimmed, lift=lift)
        if dragged is not None:
            ops["dragged"] = self.card_op(dragged, state.drag[1], w)

    # ---- last trick ----------------------------------------------------------------------------------
    def last_trick(self, surf, state):
        lay = self.lay
        if not state.obs.tricks:
            return
        veil = pygame.Surface(lay.size, pygame.SRCALPHA)
        veil.fill(style.BACKDROP)
        surf.blit(veil, (0, 0))
        leader, cards, winner = state.obs.tricks[-1]
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            r = self.card(surf, card, lay.trick_pos[seat], lay.trick_w)
            if seat == winner:
                pygame.draw.rect(surf, style.HIGHLIGHT, r.inflate(10, 10), 4, border_radius=12)
        lines = self.last_trick_lines(winner)
        # on a solid panel: the veiled table under it (a hint's box above the hand) does not show through
        gfx.panel(surf, self.last_trick_box(lines), style.PANEL_SOLID, style.RADIUS)
        for rect, text, size, colour, bold in lines:
            gfx.blit_text(surf, text, size, rect.topleft, colour, bold=bold)

    def last_trick_box(self, lines):
        """The panel behind the last trick's lines: their rects with a margin, on the screen."""
        box = lines[0][0].unionall([rect for rect, *_rest in lines[1:]]).inflate(32, 12)
        return box.clamp(self.lay.rect)

    def last_trick_lines(self, winner):
        """(rect, text, size, colour, bold) of the last trick's title and the line under it: below
        the trick, where they cover neither the trick nor the partner's cards."""
        lay = self.lay
        ui = self.planner.ui
        title = _("Last trick · you won it") if ui.is_you(winner) else \
            _("Last trick · won by {seat}").format(seat=ui.seat(winner))
        under = _("Tap anywhere to go on")
        width = lay.size[0] - 2 * lay.margin
        size = kit.text.fit_size(title, lay.body + 4, width, True)
        y = lay.trick_zone().bottom + 16
        out = []
        for text, text_size, colour, bold in ((title, size, style.TEXT, True), (under, lay.small, style.TEXT_DIM, False)):
            band = kit.text.band(text_size, bold)  # a Latin line's: a taller script's picture (Arabic,
            rect = kit.text.rect(text, text_size, (lay.center[0], y + band // 2), "center", bold)
            out.append((rect, text, text_size, colour, bold))  # Sinhala) keeps its ink in the same band
            y += band + 8
        return out
