"""Where everything on the table goes in one frame, computed before anything is drawn.

``FramePlanner.hand`` lays out the player's hand (which the scene also uses to find the card
under a finger); ``FramePlanner.frame`` places the status lines, the seats' fans and labels,
the prompt, the trump card, the speech bubbles and the notice so that the things that move
(the trump card, bubbles) keep clear of the fixed ones.  ``TableView`` draws the result."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.engine import actions as A
from game.engine import phases as P
from game.i18n import _, language

from .. import kit, style

LIFT = 18  # how far the selected card rises out of the hand
WEIS_CARD_W = 88  # the narrowest card shown in a Weis: its corner index 23 canvas px (12 CSS px on a phone)
WEIS_SHARE = 0.6  # a Weis's cards, of the trick's width (at least WEIS_CARD_W): the box they make beside the
                  # player's name leaves the room below the trick to a lesson's note


def weis_card_w(trick_w: int) -> int:
    """The width of the cards a Weis shows (the box of what a seat showed)."""
    return max(WEIS_CARD_W, int(trick_w * WEIS_SHARE))


NOTICE_GAP = 10  # between a notice's picture and its words


class Notice(NamedTuple):
    box: pygame.Rect
    text: str
    icon: pygame.Surface | None  # a suit symbol or a row of cards
    icon_at: tuple | None        # its top left in the box: above the words, or left of them
    words: pygame.Rect           # where the words wrap, in the box
    alpha: int


@dataclass
class HandLayout:
    """The player's cards in the order shown, their rects, the hand's top edge, and the cards
    that cannot be played now (drawn dimmed)."""

    cards: list = field(default_factory=list)
    rects: list = field(default_factory=list)
    top: int = 0
    dimmed: set = field(default_factory=set)

    def point(self, card):
        """A point where ``card`` shows (not covered by its neighbour)."""
        i = self.cards.index(card)
        r = self.rects[i]
        right = r.right
        if i + 1 < len(self.rects) and self.rects[i + 1].top == r.top:
            right = min(right, self.rects[i + 1].left)
        bottom = r.bottom if i + 1 >= len(self.rects) or self.rects[-1].top == r.top else self.rects[-1].top
        return (r.left + right) // 2, (r.top + bottom) // 2

    def visible_parts(self, screen_h) -> list:
        """Each card's visible part (what a finger can hit without touching its neighbours):
        up to the next card of its row, above the row in front of it, and on the screen."""
        out = []
        for i, r in enumerate(self.rects):
            right = next((n.left for n in self.rects[i + 1:] if n.top == r.top), r.right)
            below = [n.top for n in self.rects if n.top > r.top and n.left < r.right and n.right > r.left]
            bottom = min([screen_h, *below])
            out.append(pygame.Rect(r.left, r.top, right - r.left, bottom - r.top))
        return out

    def card_at(self, pos, lifted=-1):
        """The index of the card under ``pos`` (the one at ``lifted`` raised), or None."""
        for i in range(len(self.rects) - 1, -1, -1):
            if self.rects[i].move(0, -LIFT if i == lifted else 0).collidepoint(pos):
                return i
        return None


@dataclass
class Label:
    """A seat's panel: name, note (its bid), dealer chip, and the thinking dots.  Rows from the
    top: the name's lines (the dealer chip before the first), the note's, and where neither has
    room for the dots, a row of their own."""

    PAD = 12                # text from the panel's side edges
    DOTS = 64               # the width the thinking dots take at the end of their row

    rect: pygame.Rect
    name: str
    note: str
    dealer: bool
    thinking: bool
    active: bool
    lines: tuple = ()       # the name, on one line or wrapped
    size: int = 24          # the name's text size
    note_size: int = 23     # the note's
    notes: tuple = ()       # the note, on one line or wrapped (none: no note)
    dots_row: int = 0       # the row the thinking dots end (past the text's rows: a row of their own)

    @property
    def chip(self) -> int:
        """The width the dealer chip takes before the name (0: not the dealer)."""
        return self.size + 10 if self.dealer else 0

    def row_centres(self) -> list[int]:
        """The middle (y) of each row: the name's lines, the note's, then the dots' own row."""
        size, small = self.size, self.note_size
        out = [self.rect.top + 8 + size // 2 + n * (size + 6) for n in range(len(self.lines))]
        y = out[-1] + size // 2 + 4 + small // 2
        out += [y + n * (small + 4) for n in range(len(self.notes))]
        return out + [out[-1] + (small + 4 if self.notes else size + 6)]

    @staticmethod
    def height(size, note_size, lines, notes, own_dots_row) -> int:
        """The panel's height for ``lines`` name lines and ``notes`` note lines."""
        dots = ((note_size + 4) if notes else (size + 6)) if own_dots_row else 0
        return lines * (size + 6) + 10 + notes * (note_size + 4) + dots


@dataclass
class Speech:
    """What a seat says (a bid, "Pass", "Trump card"): its lines in a bubble ``box`` whose tail
    points from ``base`` (the middle of the box's side facing the seat) to ``tip``, by the seat's
    name: speech, not a button."""

    TAIL = 12               # how far the tail reaches out of the bubble

    box: pygame.Rect
    lines: tuple
    size: int
    base: tuple
    tip: tuple

    def tail(self) -> list[tuple[int, int]]:
        """The tail's triangle: two points on the box's side, and the tip."""
        (bx, by), half = self.base, 10
        if bx in (self.box.left, self.box.right - 1):  # on a side edge: the base runs down it
            return [(bx, by - half), (bx, by + half), self.tip]
        return [(bx - half, by), (bx + half, by), self.tip]


def speech_tail(box, toward) -> tuple[tuple, tuple]:
    """(base, tip) of a bubble's tail at ``box``, pointing at the rect ``toward`` (the seat's
    name): out of the side of ``box`` that faces it, ``Speech.TAIL`` long, never beyond it."""
    cx, cy = box.center
    tx = min(max(cx, toward.left), toward.right - 1)
    ty = min(max(cy, toward.top), toward.bottom - 1)
    dx = (tx - box.right) if tx >= box.right else (tx - box.left) if tx < box.left else 0
    dy = (ty - box.bottom) if ty >= box.bottom else (ty - box.top) if ty < box.top else 0
    reach = Speech.TAIL
    if abs(dx) >= abs(dy) and dx:
        x = box.right - 1 if dx > 0 else box.left
        y = min(max(ty, box.top + 14), box.bottom - 14)
        return (x, y), (x + (min(reach, abs(dx)) if dx > 0 else -min(reach, abs(dx))), y)
    if dy:
        y = box.bottom - 1 if dy > 0 else box.top
        x = min(max(tx, box.left + 14), box.right - 14)
        return (x, y), (x, y + (min(reach, abs(dy)) if dy > 0 else -min(reach, abs(dy))))
    return (cx, box.bottom - 1), (cx, box.bottom - 1)  # on the name: no tail


@dataclass
class Badge:
    """A word about a card on the table ("led", "face down", "trump"): on the card's back
    where it fits whole there, else beside the card, never on its face."""

    box: pygame.Rect
    lines: tuple
    size: int
    seat: int | None      # the trick place's seat (None: the trump card)


@dataclass
class StatusLine:
    text: str
    size: int
    rect: pygame.Rect
    colour: tuple
    bold: bool


@dataclass
class TableFrame:
    """One frame's layout.  ``rects`` lists every element's rect (the layout tests read it)."""

    status: list = field(default_factory=list)      # StatusLine
    backs: dict = field(default_factory=dict)       # seat -> [(centre, rotated)] of its face-down cards
    fans: dict = field(default_factory=dict)        # seat -> rect around its cards
    labels: dict = field(default_factory=dict)      # seat -> Label
    slots: list = field(default_factory=list)       # the four trick places
    trick: list = field(default_factory=list)       # the places holding a card now
    leader: int | None = None                       # the seat that led the trick shown
    buttons: list = field(default_factory=list)
    hand: pygame.Rect | None = None
    prompt: tuple | None = None                     # (box, text, colour)
    indicator: tuple | None = None                  # (rect, card or None)
    bubbles: dict = field(default_factory=dict)     # seat -> Speech
    notice: Notice | None = None
    news: dict = field(default_factory=dict)        # seat -> (box, text, cards image): Weis, Stöck
    floats: list = field(default_factory=list)      # (text, centre, alpha, colour): score changes on the way
    badges: list = field(default_factory=list)      # Badge

    @property
    def rects(self) -> dict:
        return {"status": [line.rect for line in self.status], "buttons": self.buttons,
                "labels": {s: label.rect for s, label in self.labels.items()}, "fans": self.fans,
                "slots": self.slots, "bubbles": {s: speech.box for s, speech in self.bubbles.items()},
                "indicator": self.indicator[0] if self.indicator else None,
                "prompt": self.prompt[0] if self.prompt else None, "hand": self.hand,
                "notice": self.notice[0] if self.notice else None, "trick": self.trick,
                "news": {s: box for s, (box, _t, _i) in self.news.items()},
                "badges": [badge.box for badge in self.badges]}


class FramePlanner:
    def __init__(self, layout, art, ui):
        self.lay, self.art, self.ui = layout, art, ui
        self._icons: dict = {}
        self._rooms: dict = {}  # (status lines, rows, most) -> status_room
        self._bar = None        # (what the top bar says, its lines laid out)
        self._bar_seen = self._bar_language = None  # the observation and language it was laid out for
        self.bar_version = 0
        self._places: dict = {}  # what place() was asked -> the box it found

    # ---- the hand -------------------------------------------------------------------------------
    def hand(self, obs, human_turn: bool) -> HandLayout:
        cards = list(obs.hand)
        legal = {A.describe(a).card for a in obs.legal} - {None}  # the cards a legal action plays, lays or gives
        cards += sorted(legal.difference(cards))  # the face-down trump card as the last card: it can be played
        w, h = self.lay.card_w, self.art.height(self.lay.card_w)
        card_phase = bool(legal)
        return HandLayout(self.ui.sorted_hand(cards, obs), self.lay.hand_rects(len(cards), (w, h)),
                          self.lay.hand_top(len(cards) or 8, h),
                          {c for c in cards if c not in legal} if human_turn and card_phase else set())

    # ---- the frame ------------------------------------------------------------------------------
    def frame(self, state, hand: HandLayout, buttons, controls_top, hint_shown, thinking_seat) -> TableFrame:
        """Fixed things first (bar, seats, trick slots, prompt, buttons, hand), then the things
        that move to a free place (the trump card, speech bubbles), then the notice."""
        shown = state.shown_trick()
        f = TableFrame(slots=[self.lay.trick_rect(seat) for seat in range(4)], buttons=buttons,
                       hand=None if state.dealing or not hand.rects
                       else hand.rects[0].unionall(hand.rects[1:]).clip(self.lay.rect),
                       trick=[self.lay.trick_rect(seat) for seat, _c, _d in shown],
                       leader=shown[0][0] if shown else None)
        self.top_bar(f, state)
        for seat in (1, 3, 2):  # the partner's label finds its room between the side seats'
            self.other_seat(f, state, seat, thinking_seat)
        f.labels[0] = self.own_label(f, state, thinking_seat)
        f.prompt = self.prompt(state, hand, controls_top, hint_shown, buttons)
        own = f.labels[0].rect
        if f.prompt and own.colliderect(f.prompt[0]):  # two rows of buttons over a two-row hand (a
            own.bottom = f.prompt[0].top - 8           # Schieber contract): the badge goes above the line
        f.indicator = self.indicator(f, state, hand)
        f.badges = self.badges(f, state)
        for seat in (0, 1, 2, 3):
            self.bubble(f, state, seat)
        for seat in sorted(state.news):
            self.news(f, state, seat)
        f.notice = self.notice(f, state)
        f.floats = self.floats(f, state)
        return f

    def occupied(self, f, skip_fan=None, empty_slots=True):
        """Rects a moving element must keep clear of (the trick's empty places too, unless not
        ``empty_slots``)."""
        out = [self.lay.top_bar, *f.buttons, *(label.rect for label in f.labels.values()),
               *(f.slots if empty_slots else f.trick), *(speech.box for speech in f.bubbles.values())]
        out += [rect for seat, rect in f.fans.items() if seat != skip_fan]
        out += [x for x in (f.indicator[0] if f.indicator else None, f.prompt[0] if f.prompt else None, f.hand)
                if x is not None]
        return out + [badge.box for badge in f.badges]

    def place(self, size, anchors, avoid, never=(), reach=None, spare=()):
        """``find_place``, found again only for what it was not asked yet: a frame is laid out
        again after every move, mostly with the same boxes to place among the same rects."""
        def rects(rs):
            return tuple(tuple(r) for r in rs)
        key = (tuple(size), tuple((a, tuple(p)) for a, p in anchors), rects(avoid), rects(never), reach, rects(spare))
        box = self._places.get(key)
        if box is None:
            if len(self._places) > 512:
                self._places.clear()
            box = self._places[key] = self.find_place(size, anchors, avoid, never, reach, spare)
        return pygame.Rect(box)

    def find_place(self, size, anchors, avoid, never=(), reach=None, spare=()):
        """The first of ``anchors`` ((attribute, point) pairs) where a box of ``size`` stays on
        screen and clear of ``avoid``, ``never`` and ``spare``; else the free place nearest the
        first anchor's box (within ``reach`` px of it); else the same clear of ``spare`` no more
        (what may be covered rather than go farther); else the free place nearest anywhere on
        the table; else the anchor that hides least of ``never``, then of ``avoid`` (``never``:
        what must stay in sight, the trick and the prompt)."""
        screen = self.lay.rect.inflate(-8, -8)
        sights = [list(never), [*avoid, *spare]]
        box = kit.place.least_hidden(size, anchors, sights, screen)
        if not any(kit.place.covers(box, sights)):
            return box
        first = kit.place.least_hidden(size, anchors[:1], [], screen)
        table = pygame.Rect(screen.left, self.lay.top_bar.bottom + 4, screen.width, screen.bottom - self.lay.top_bar.bottom - 4)
        near = kit.place.nearest_free(size, first.center, table, sights, reach=reach)
        if near is None and spare:
            loose = [list(never), list(avoid)]
            box = kit.place.least_hidden(size, anchors, loose, screen)
            if not any(kit.place.covers(box, loose)):
                return box
            near = kit.place.nearest_free(size, first.center, table, loose, reach=reach)
        if near is None and reach is not None:  # farther from its seat rather than over something
            near = kit.place.nearest_free(size, first.center, table, sights)
        return near or box

    # ---- the top bar ----------------------------------------------------------------------------
    def fit_text(self, text, size, width, bold=False):
        """(text, size) that fits ``width``: shrunk to at most two thirds, then cut with an ellipsis."""
        return kit.text.fit_line(text, size, width, bold)

    def status_text(self, f, text, size, width, pos, colour, anchor, bold=False):
        """A line of the top bar, laid out left to right (mirrored in the bar in right to left)."""
        text, size = self.fit_text(text, size, width, bold)
        rect = kit.text.rect(text, size, pos, anchor, bold, within=self.lay.top_bar)
        f.status.append(StatusLine(text, size, rect, colour, bold))
        return rect

    def score_halves(self, score) -> tuple[str, str] | None:
        """The score's two halves, cut at the " · " or double space nearest the middle (400's
        four players: two and two), or None where it has no such place."""
        cuts = kit.text.halves(score, (" · ", "  "))
        return cuts[0] if cuts else None

    def score_room(self, score, partners=None) -> int:
        """The narrowest width that shows the score whole: on one line at the smallest text
        size, or its halves on two; with each partner's count beneath its side (``partners``),
        the two sides side by side."""
        least = self.lay.min_text
        if partners:
            return self.score_columns_width(score, partners, least)
        halves = self.score_halves(score) or (score,)
        return min(kit.text.width(score, least, True), max(kit.text.width(h, least, True) for h in halves))

    SIDE_GAP = 28  # between the two sides' columns of the score

    def score_columns_width(self, score, partners, size) -> int:
        """How wide the score is as two columns, a side's total over its partners' counts, with
        the sides' totals at ``size``."""
        halves = self.score_halves(score) or (score, "")
        return sum(max(kit.text.width(half, size, True), kit.text.width(counts, self.lay.min_text))
                   for half, counts in zip(halves, partners)) + self.SIDE_GAP

    def score_columns(self, f, score, partners, width, pos, anchor) -> pygame.Rect:
        """The score by side in two columns, each side's total with its partners' own counts
        beneath (400: "Us 11" over "14 · -3", "Them 31 / 41" over "20 · 11"), laid out as a row
        in ``width`` and centred on ``pos`` (``anchor`` "center", or "midright": ending there).
        Returns the rect it covers."""
        lay = self.lay
        halves = self.score_halves(score) or (score, "")
        size = lay.medium
        while size > lay.min_text and self.score_columns_width(score, partners, size) > width:
            size -= 1
        small = lay.min_text
        widths = [max(kit.text.width(h, size, True), kit.text.width(c, small)) for h, c in zip(halves, partners)]
        used = min(width, sum(widths) + self.SIDE_GAP)
        room = kit.Region(0, 0, used, size + small + 4)
        x, y = pos
        room = room.translate(x - (used if anchor == "midright" else used // 2), y - room.height // 2)
        out = None
        for column, half, counts in zip(kit.arrange.row(room, widths, self.SIDE_GAP), halves, partners):
            top = self.status_text(f, half, size, column.width, (column.center[0], column.y + size // 2),
                                   style.HIGHLIGHT, "center", True)
            under = self.status_text(f, counts, small, column.width, (column.center[0], column.bottom - small // 2),
                                     style.TEXT_DIM, "center")
            out = top.union(under) if out is None else out.union(top).union(under)
        return out

    def score_text(self, f, score, width, pos, anchor, partners=None):
        """The score in ``width``: one line if it fits at two thirds of its size, else its two
        halves (``score_halves``) on two lines, so that it is not cut short while two lines can
        hold it; with ``partners``, as two columns (``score_columns``).  Returns the rect it covers."""
        lay = self.lay
        if partners:
            return self.score_columns(f, score, partners, width, pos, anchor)
        size = kit.text.fit_size(score, lay.medium, width, True, lay.medium * 2 // 3)
        halves = self.score_halves(score)
        if kit.text.width(score, size, True) <= width or not halves:
            return self.status_text(f, score, lay.medium, width, pos, style.HIGHLIGHT, anchor, True)
        size = min(lay.small, (lay.menu_rect.height - 4) // 2)
        x, y = pos
        rects = [self.status_text(f, text, size, width, (x, y + dy), style.HIGHLIGHT, anchor, True)
                 for text, dy in ((halves[0], -(size // 2 + 1)), (halves[1], size // 2 + 1))]
        return rects[0].union(rects[1])

    def top_bar(self, f, state):
        """The score and the contract and points lines in the bar, laid out by ``lay_out_bar``;
        laid out again now where what they say changed but not by a move made since (the
        language, a setting)."""
        if self._bar is None or not self.bar_stale(state):
            self.lay_out_bar(state, now=True)
        f.status += [StatusLine(line.text, line.size, pygame.Rect(line.rect), line.colour, line.bold)
                     for line in self._bar[1]]

    def lay_out_bar(self, state, now=False) -> None:
        """The top bar laid out again (``bar_lines``) where what it says changed: new words are
        measured, 0.8-1.4 ms natively after most moves of an auction.  The table asks once a
        frame, before the frame's move: the frame that makes a move shows the bar as it was,
        the next lays it out (``bar_version`` counts those layouts)."""
        if not now and state.obs is self._bar_seen and self._bar_language == language():
            return
        obs, ui = state.obs, self.ui
        self._bar_seen, self._bar_language = obs, language()
        score = ui.score_line(state.live_score(), obs)
        partners = ui.score_partners(state.live_score())
        contract = ui.contract_line(obs)
        points = ui.points_line(obs) if obs.phase == P.PLAY or obs.tricks else ""
        lines = [(text, colour, bold) for text, colour, bold in ((contract, style.TEXT, True),
                                                                 (points, style.TEXT_DIM, False)) if text]
        key = (score, tuple(partners) if partners else partners, tuple(lines), language())  # (mirrored in RTL)
        if self._bar is None or self._bar[0] != key:
            self.bar_version += self._bar is not None and not now
            bar = TableFrame()
            self.bar_lines(bar, score, partners, lines)
            self._bar = key, bar.status

    def bar_stale(self, state) -> bool:
        """Whether the bar was laid out for an earlier state than ``state`` (``lay_out_bar``)."""
        return state.obs is not self._bar_seen

    def bar_lines(self, f, score, partners, lines):
        """The top bar's lines laid out into ``f.status``."""
        lay = self.lay
        bar = lay.top_bar
        left = lay.menu_rect.right + 16
        right = lay.last_rect.left - 16
        if lay.portrait:  # buttons and score on the first row, the contract and points in the rows below
            row = lay.menu_rect
            step, width = lay.small + 8, bar.width - 2 * lay.margin
            if partners and self.score_room(score, partners) > right - left:
                partners = None  # no room for the partners' counts beneath: the sides' totals alone
            if not partners and self.score_room(score) > right - left and \
                    self.score_below(f, score, lines, (left, right), step):
                return
            self.score_text(f, score, right - left, ((left + right) // 2, row.centery), "center", partners)
            wrapped = self.status_wraps(lines, width, lay.status_rows)
            y = row.bottom + 6 + (lay.status_rows - sum(len(w) for w in wrapped)) * step // 2  # centred in their rows
            self.status_block(f, lines, wrapped, width, (bar.centerx, y), step, "midtop")
            return
        # side by side, the score and the status lines share the bar: the score has up to 9/20 of
        # it, more where it needs more to be shown whole (400's four players) and the status lines
        # can spare it, less where they need it (304's contract in Malayalam) and the score can
        # spare it
        room, gap = right - left, 20
        need = self.score_room(score, partners)
        spare = room - gap - self.status_room(lines, lay.status_rows, room - gap)
        natural = self.score_columns_width(score, partners, lay.medium) if partners else \
            kit.text.width(score, lay.medium, True)
        score_w = min(natural, room * 9 // 20)
        if score_w < need:
            score_w = max(score_w, min(need, spare))
        elif spare < score_w:
            score_w = max(need, spare)
        score_rect = self.score_text(f, score, score_w, (right, bar.centery), "midright", partners)
        room = right - score_rect.width - left - gap
        step = lay.small + 6
        wrapped = self.status_wraps(lines, room, lay.status_rows)
        y = bar.centery - sum(len(w) for w in wrapped) * step // 2
        self.status_block(f, lines, wrapped, room, (left, y), step, "topleft")

    def score_below(self, f, score, lines, between, step) -> bool:
        """Held upright, a score too wide for the room between Menu and Last trick (400's four
        players in French, or with two-digit scores below zero in English) goes under the
        buttons, in the bar's full width, and the contract and points lines take its place
        between the buttons (two rows there; a third, under them, where the score leaves one
        free), so that neither is cut short.  Draws it and returns True if that cuts nothing;
        else draws nothing and returns False."""
        lay = self.lay
        bar, row, size = lay.top_bar, lay.menu_rect, lay.small
        width, narrow = bar.width - 2 * lay.margin, between[1] - between[0]
        if self.score_room(score) > width:
            return False
        halves = self.score_halves(score)
        shown = (score,) if kit.text.width(score, size, True) <= width or not halves else halves
        rows = 2 + lay.status_rows - len(shown)  # two between the buttons, and those the score leaves
        if not self.status_whole(lines, narrow, rows):
            return False
        wrapped = self.status_wraps(lines, narrow, rows)
        pieces = [(piece, colour, bold) for (_t, colour, bold), ps in zip(lines, wrapped) for piece in ps]
        middle, under = pieces[:2], pieces[2:]
        y = row.bottom + 6 + (lay.status_rows - len(under) - len(shown)) * step // 2  # centred in their rows
        self.status_block(f, [(text, style.HIGHLIGHT, True) for text in shown], [(text,) for text in shown],
                          width, (bar.centerx, y + len(under) * step), step, "midtop")  # first: floats fly to it
        self.status_block(f, middle, [(text,) for text, _c, _b in middle], narrow,
                          ((between[0] + between[1]) // 2, row.centery - len(middle) * step // 2), step, "midtop")
        self.status_block(f, under, [(text,) for text, _c, _b in under], width, (bar.centerx, y), step, "midtop")
        return True

    def status_room(self, lines, rows, most) -> int:
        """The narrowest width, up to ``most``, in which the status lines ``lines`` take at most
        ``rows`` rows with nothing cut short (``status_whole``); ``most`` if none."""
        key = (tuple(lines), rows, most)
        if key not in self._rooms:
            if len(self._rooms) > 64:  # the points line changes with every trick
                self._rooms.clear()
            low, high = 1, most
            while low < high:
                mid = (low + high) // 2
                low, high = (low, mid) if self.status_whole(lines, mid, rows) else (mid + 1, high)
            self._rooms[key] = high
        return self._rooms[key]

    def status_whole(self, lines, width, rows) -> bool:
        """Whether ``status_wraps`` puts the status lines ``lines`` in ``rows`` rows of ``width``
        with nothing cut short."""
        wrapped = self.status_wraps(lines, width, rows)
        return sum(len(w) for w in wrapped) <= rows and all(
            self.fit_text(piece, self.lay.small, width, bold)[0] == piece
            for (_t, _c, bold), pieces in zip(lines, wrapped) for piece in pieces)

    def status_wraps(self, lines, width, rows) -> list[tuple[str, ...]]:
        """The contract and points lines ``lines`` ((text, colour, bold)) in ``rows`` rows of
        ``width``: each on one line if it fits (at the smallest text size at least), else on the
        rows the others leave free (cut at a " · " if it can be, else at spaces, the lines evened
        out), else on one line, to be cut short (``fit_text``)."""
        lay = self.lay
        free = rows - len(lines)
        out = []
        for text, _colour, bold in lines:
            size = kit.text.fit_size(text, lay.small, width, bold)
            pieces = (text,)
            if kit.text.width(text, size, bold) > width and free > 0:
                pieces = wrap_status(text, lay.small, width, bold, free + 1) or pieces
                free -= len(pieces) - 1
            out.append(pieces)
        return out

    def status_block(self, f, lines, wrapped, width, pos, step, anchor):
        """The status lines as ``status_wraps`` put them in rows, a row every ``step`` from
        ``pos`` down, each centred by its ink in a Latin line's band (a script whose picture is
        taller, Arabic, stays in its row and in the bar).  ``anchor``: "midtop" or "topleft"."""
        x, y = pos
        size = self.lay.small
        anchor = {"midtop": "center", "topleft": "midleft"}[anchor]
        for (_text, colour, bold), pieces in zip(lines, wrapped):
            for piece in pieces:
                text, fitted = self.fit_text(piece, size, width, bold)
                middle = y + kit.text.band(fitted, bold) // 2 - kit.text.ink_offset(text, fitted, bold)
                self.status_text(f, piece, size, width, (x, middle), colour, anchor, bold)
                y += step

    # ---- seats ----------------------------------------------------------------------------------
    def label(self, state, seat, pos, anchor, thinking_seat, room=None, dots=None) -> Label:
        """A seat's label: its name and its note (a bid), each wrapped where it is wider than
        ``room`` (by default ``label_room``), the dealer chip and, while it thinks, three dots
        (``dots``: True lays the label out with room for them, as if it thought)."""
        lay, obs = self.lay, state.obs
        name = self.ui.seat(seat)
        note = self.ui.seat_note(obs, seat)
        if seat == 0 and note:  # the player's own label sits in a narrow band: one line
            name, note = _("{name} · {note}").format(name=name, note=note), ""
        size, note_size = lay.small, lay.min_text
        dealer = obs.dealer == seat
        thinking = thinking_seat == seat and obs.turn == seat and not state.busy()
        room = self.label_room(seat) if room is None else room
        lines, notes, dots_row, widest = label_text(name, note, size, note_size, size + 10 if dealer else 0,
                                                    Label.DOTS if (thinking if dots is None else dots) else 0,
                                                    room - 2 * Label.PAD)
        h = Label.height(size, note_size, len(lines), len(notes), dots_row == len(lines) + len(notes))
        rect = pygame.Rect(0, 0, widest + 2 * Label.PAD, h)
        setattr(rect, anchor, (int(pos[0]), int(pos[1])))
        rect.clamp_ip(lay.rect.inflate(-8, -8))
        return Label(rect, name, note, dealer, thinking, obs.turn == seat and not state.busy(),
                     lines, size, note_size, notes, dots_row)

    def label_room(self, seat) -> int:
        """How wide a seat's label may be where no neighbour bounds it (``side_label``,
        ``partner_label``, ``own_label``): half the screen; the player's, held upright, the
        room left of the bottom trick place."""
        lay = self.lay
        if lay.portrait and seat == 0:
            return lay.trick_rect(0).left - 14 - 8
        return lay.size[0] // 2

    def own_label(self, f, state, thinking_seat) -> Label:
        """The player's label, left of the bottom trick place; narrower (on two lines) where the
        left opponent's cards come down beside it (side by side, 400's thirteen)."""
        anchor = self.lay.own_badge_anchor
        label = self.label(state, 0, anchor, "midright", thinking_seat)
        fan = f.fans.get(3)
        if fan is not None and label.rect.colliderect(fan):
            label = self.label(state, 0, anchor, "midright", thinking_seat, anchor[0] - fan.right - 12)
        left_place = self.lay.trick_rect(3)
        if label.rect.colliderect(left_place):  # two lines: down from the left trick place
            label.rect.top = left_place.bottom + 8
        return label

    def other_seat(self, f, state, seat, thinking_seat):
        lay = self.lay
        n = 0 if state.dealing else state.obs.hand_sizes[seat]
        ax, ay = lay.seat_anchor[seat]
        bw, bh = lay.back_w, self.art.height(lay.back_w)
        if seat == 2:
            step = min(18, 220 // max(1, n))
            width = bw + step * (n - 1) if n else 0
            fan = pygame.Rect(0, 0, max(width, bw), bh)
            fan.center = (int(ax), int(ay))
            label, shift = self.partner_label(f, state, fan, thinking_seat)
            ax += shift  # a label with no room beside the cards where they are: they move aside
            f.backs[seat] = [((ax - width / 2 + bw / 2 + i * step, ay), False) for i in range(n)]
        else:
            top = lay.side_fan_top
            step = min(16, 200 // max(1, n))
            if lay.portrait and n > 1:  # held upright, the fan ends above the Hint button's row
                step = max(4, min(step, (lay.hint_rect.top - 8 - top - bw) // (n - 1)))
            height = bw + step * (n - 1) if n else 0
            f.backs[seat] = [((ax, top + bw / 2 + i * step), True) for i in range(n)]
            fan = pygame.Rect(0, 0, bh, max(height, bw))
            ay = top + fan.height / 2
            label = self.side_label(state, seat, (ax, top - 12), thinking_seat)
        fan.center = (int(ax), int(ay))
        f.fans[seat] = fan
        f.labels[seat] = label

    def side_label(self, state, seat, pos, thinking_seat, dots=None) -> Label:
        """A side seat's label, above its cards.  Held upright, in the column beside the trick;
        where its text needs more rows there than higher up, above the side's trick place
        instead, as wide as the room beside the partner's (chosen without the thinking dots, so
        that the label stays where it is when the seat starts to think)."""
        lay = self.lay
        if not lay.portrait:
            return self.label(state, seat, pos, "midbottom", thinking_seat, dots=dots)
        w, upper = lay.size[0], lay.trick_rect(2)
        column = (lay.regions.east if seat == 1 else lay.regions.west).width - 8  # its column, to the trick
        lifted = ((pos[0], min(pos[1], lay.trick_rect(seat).top - 8)),
                  (w - 8 - upper.right - 8) if seat == 1 else (upper.left - 8 - 8))
        low, high = (self.label(state, seat, at, "midbottom", None, room) for at, room in ((pos, column), lifted))
        fewer = len(low.lines) + len(low.notes) <= len(high.lines) + len(high.notes)
        at, room = (pos, column) if low.rect.width <= column and fewer else lifted
        return self.label(state, seat, at, "midbottom", thinking_seat, room, dots)

    def partner_label(self, f, state, fan, thinking_seat) -> tuple[Label, int]:
        """The partner's label beside its cards, and how far the cards move aside for it: to
        their right where it fits there (wrapped if need be), else to their left, else on the
        side where the cards move the least.  The side seats' labels, in the same band side by
        side, bound its room, as wide as they are while they think (so that the partner's cards
        stay where they are when a side seat starts to think)."""
        lay = self.lay
        band = pygame.Rect(0, lay.top_bar.bottom, lay.size[0], fan.bottom + 40 - lay.top_bar.bottom)
        left, right = 8, lay.size[0] - 8
        for seat in (1, 3):
            at = (lay.seat_anchor[seat][0], lay.side_fan_top - 12)
            other = f.labels[seat].rect.union(self.side_label(state, seat, at, None, dots=True).rect)
            if other.colliderect(band):
                left, right = (left, min(right, other.left - 12)) if seat == 1 else (max(left, other.right + 12), right)
        gap = 14
        rooms = {1: right - fan.right - gap, -1: fan.left - gap - left}
        best = None
        for side in (1, -1):
            at, anchor = ((fan.right + gap, fan.centery), "midleft") if side > 0 else \
                ((fan.left - gap, fan.centery), "midright")
            label = self.label(state, 2, at, anchor, thinking_seat, rooms[side])
            shift = min(max(0, label.rect.width - rooms[side]), max(0, rooms[-side]))  # the cards stay in the band
            if best is None or shift < best[1]:
                best = (label, -side * shift)
        label, shift = best
        label.rect.x += shift
        label.rect.top = max(label.rect.top, fan.top)  # a tall label hangs down from the cards' top edge
        return label, shift

    # ---- the prompt and the trump card -----------------------------------------------------------
    def prompt(self, state, hand, controls_top, hint_shown, buttons=()):
        """(box, text, colour) of the line above the buttons, or None.  Centred; where a long one
        would reach the Hint button (``hint_shown``), in the width left of it instead.  A shape
        that gives the prompt no band of its own (sideways) puts it in the buttons' row where it
        fits there beside them, so that the trick may reach down to the row."""
        lay = self.lay
        text = state.message or (self.ui.prompt(state.obs) if state.human_turn() else "")
        if not text and state.waiting_for_tap():
            text = _("Tap the table to go on")
        if not text:
            return None
        error = bool(state.message) and state.message_is_error
        colour = style.BAD if error else style.HIGHLIGHT if state.message else style.TEXT
        size = lay.medium
        if controls_top and not lay.shape.prompt_room:  # no band of its own: beside the buttons if it fits
            beside = self.prompt_beside(text, size, [b for b in buttons if b.top >= controls_top])
            if beside is not None:
                return beside, text, colour
        top = (controls_top if controls_top else hand.top) - (12 if lay.portrait else 8)
        box = prompt_box(text, size, 20, lay.size[0] - 20, top)
        if hint_shown and box.colliderect(lay.hint_rect):
            box = prompt_box(text, size, 16, lay.hint_rect.left - 12, top)
        return box, text, colour

    def prompt_beside(self, text, size, row):
        """The prompt's box in the buttons' row, in the wider of the free parts before and after
        the buttons, on at most two lines as tall as the row; None where it does not fit so."""
        if not row:
            return None
        lay = self.lay
        top, bottom = min(b.top for b in row), max(b.bottom for b in row)
        spans = [(20, min(b.left for b in row) - lay.gap), (max(b.right for b in row) + lay.gap, lay.size[0] - 20)]
        left, right = max(spans, key=lambda span: span[1] - span[0])
        if right - left < 200:
            return None
        box = prompt_box(text, size, left, right, bottom)
        if box.height > bottom - top or len(kit.text.wrap(text, size, right - left - 40, True)) > 2:
            return None
        box.centery = (top + bottom) // 2
        return box

    def indicator(self, f, state, hand):
        """(rect, card) of the trumper's face-down trump card beside its seat, or None."""
        lay, p = self.lay, state.obs.facts
        if not p.indicator_down or p.bidder is None:
            return None
        seat = p.bidder
        label = f.labels.get(seat)
        if label is None:
            return None
        label = label.rect
        own = p.indicator
        if own is not None and own in hand.cards:
            return None  # the indicator is in the player's hand as the last card
        w = int(lay.trick_w * 0.62)
        size = (w, self.art.height(w))
        fan = f.fans.get(seat)
        if seat == 0:
            anchors = [("center", lay.own_indicator_center), ("midright", (label.left - 12, label.centery))]
        elif seat == 2:
            anchors = [("midleft", (label.right + 14, fan.centery)), ("midright", (fan.left - 14, fan.centery))]
        else:
            edge = fan.right + 12 if seat == 3 else fan.left - 12
            side = "left" if seat == 3 else "right"
            anchors = [("midtop", (fan.centerx, fan.bottom + 12)), ("bottom" + side, (edge, fan.bottom)),
                       ("top" + side, (edge, fan.top)),
                       ("bottom" + side, (label.left if seat == 3 else label.right, label.top - 12))]  # above the name
        box = self.place(size, anchors, self.occupied(f), reach=lay.size[0] // 3)  # by its owner, on no cards
        return pygame.Rect(0, 0, *size).move(box.topleft), own

    # ---- badges -----------------------------------------------------------------------------------
    def badges(self, f, state) -> list[Badge]:
        """The trick's badges (the card led, a card played face down) and the trump card's."""
        out = []
        for i, (seat, card, down) in enumerate(state.shown_trick()):
            on_back = down and card is not None
            text = _("face down") if on_back else _("led") if i == 0 else ""
            if text:
                out.append(self.badge(f, text, self.lay.trick_rect(seat), on_back, seat, out))
        if f.indicator:
            rect, card = f.indicator  # face down, but the player sees their own trump card's face
            out.append(self.badge(f, _("trump"), rect, card is None, None, out))
        return out

    def badge(self, f, text, card, on_back, seat, placed) -> Badge:
        """On the card's back, at its foot, where the text fits there whole; else beside the
        card, on the side away from the trick's centre first, where it hides least."""
        size = self.lay.min_text
        if on_back:
            fitted, (w, h) = kit.text.badge(text, size, card.width - 8)
            if not fitted.cut:
                box = pygame.Rect(0, 0, w, h)
                box.midbottom = (card.centerx, card.bottom - 6)
                return Badge(box, fitted.lines, fitted.size, seat)
        fitted, (w, h) = kit.text.badge(text, size, self.lay.size[0] // 3)
        gap = 4
        anchors = [("midtop", (card.centerx, card.bottom + gap)), ("midbottom", (card.centerx, card.top - gap)),
                   ("midleft", (card.right + gap, card.centery)), ("midright", (card.left - gap, card.centery)),
                   ("topleft", (card.right + gap, card.top)), ("topright", (card.left - gap, card.top)),
                   ("bottomleft", (card.right + gap, card.bottom)), ("bottomright", (card.left - gap, card.bottom))]
        cx, cy = self.lay.center

        def away(anchor):  # how far the badge's middle lies from the trick's centre
            box = pygame.Rect(0, 0, w, h)
            setattr(box, anchor[0], anchor[1])
            return -((box.centerx - cx) ** 2 + (box.centery - cy) ** 2)

        anchors.sort(key=away)
        never = [*f.slots, *([f.prompt[0]] if f.prompt else []), *f.buttons, self.lay.top_bar]
        avoid = self.occupied(f) + [b.box for b in placed]
        box = self.place((w, h), anchors, [r for r in avoid if r not in never], never)
        return Badge(box, fitted.lines, fitted.size, seat)

    # ---- speech bubbles ---------------------------------------------------------------------------
    def speech_box(self, text, max_w):
        """(lines, text size, box size) of a speech bubble: one line, or wrapped (and if need be
        shrunk) to ``max_w``."""
        fitted = kit.text.fit(text, self.lay.medium, max_w - 28, True)
        sizes = [kit.text.picture_size(line, fitted.size, True) for line in fitted.lines]
        return fitted.lines, fitted.size, (max(w for w, _h in sizes) + 28, sum(h for _w, h in sizes) + 16)

    def bubble_anchors(self, f, seat, size):
        """Where a seat's bubble may go, best first: beside its name or its cards, a tail's
        length away (never over its cards: speech is not on a hand)."""
        lay = self.lay
        label, fan = f.labels[seat].rect, f.fans.get(seat)
        w = size[0]
        gap = Speech.TAIL + 4
        if seat == 0:
            return [("midright", (label.left - gap, label.centery)), ("midbottom", (label.centerx, label.top - gap)),
                    ("midtop", (label.centerx, label.bottom + gap)),
                    ("midleft", (lay.hint_rect.left, lay.hint_rect.centery))]
        if seat == 2:
            return [("midtop", (fan.centerx, fan.bottom + gap)), ("midright", (fan.left - gap, fan.centery)),
                    ("midleft", (label.right + gap, label.centery)), ("midtop", (label.centerx, label.bottom + gap))]
        inward = 1 if seat == 3 else -1
        edge = fan.right + gap if seat == 3 else fan.left - gap
        side = "left" if seat == 3 else "right"
        outer = label.left if seat == 3 else label.right
        return [("top" + side, (edge, fan.top + 4)), ("mid" + side, (edge, fan.centery)),
                ("bottom" + side, (edge, fan.bottom)),
                ("bottom" + side, (outer, label.top - gap)),       # above its name
                ("midtop", (fan.centerx + inward * (w // 2 - fan.width // 2), fan.bottom + gap)),  # under its cards
                ("mid" + side, (label.right + gap if seat == 3 else label.left - gap, label.centery))]

    def bubble(self, f, state, seat):
        """What a seat said last (a bid, a pass, a call) for a few seconds, in a free place."""
        said = state.bubbles.get(seat)
        if not said or seat not in f.labels:
            return
        text, _age = said
        lay, obs = self.lay, state.obs
        # the trick's empty places stay clear; before the play (the auction, the contract) no
        # card comes to them, so another seat's speech with no free place near its seat may lie
        # on them rather than take a place far off (the player's own stays by its name: the
        # middle is left to a notice)
        cards_come = obs.phase == P.PLAY or bool(obs.tricks)
        spare = [] if cards_come or seat == 0 else [slot for slot in f.slots if slot not in f.trick]
        avoid = self.occupied(f, empty_slots=not spare)
        box = None
        widths = [lay.size[0]]
        if seat in (1, 3) and lay.portrait:  # between the screen edge and the trick: wrap to fit
            zone = lay.trick_zone()
            widths.append(zone.left - 18 if seat == 3 else lay.size[0] - zone.right - 18)
        for max_w in widths:
            lines, text_size, size = self.speech_box(text, max_w)
            box = self.place(size, self.bubble_anchors(f, seat, size), avoid, reach=lay.size[0] // 3, spare=spare)
            if not any(box.colliderect(a) for a in avoid):
                break
        f.bubbles[seat] = Speech(box, lines, text_size, *speech_tail(box, f.labels[seat].rect))

    # ---- the notice -------------------------------------------------------------------------------
    def icon(self, spec):
        """A notice's picture: ("suit", s) a suit symbol, ("cards", cards) a row of cards."""
        if spec is None:
            return None
        if spec not in self._icons:
            kind, what = spec
            if kind == "suit":
                self._icons[spec] = self.art.suit_symbol(what, 72)
            else:  # cards wide enough that their corner letters read on a phone (12 CSS px), their
                w = weis_card_w(self.lay.trick_w)  # upper half: the indices and a pip
                step = int(w * 0.42)
                img = pygame.Surface((w + step * (len(what) - 1), self.art.height(w) * 11 // 20), pygame.SRCALPHA)
                for i, c in enumerate(what):
                    img.blit(self.art.face(c, w), (i * step, 0))
                self._icons[spec] = img
        return self._icons[spec]

    def notice(self, f, state):
        """The first notice (a call, trump revealed, a contract…) as a ``Notice``, or None: in the
        first free place, never over the cards on the table or the prompt.  Its picture stands
        above its words; where no such box finds a free place, beside them (a lower box)."""
        lay = self.lay
        if not state.toasts:
            return None
        text, age, spec = state.toasts[0]
        icon = self.icon(spec)
        size = lay.body + 2
        never = [*f.trick, *([f.prompt[0]] if f.prompt else []), *f.buttons, lay.top_bar]
        avoid = self.occupied(f, empty_slots=False) + [box for box, _t, _i in f.news.values()]
        zone = lay.trick_zone()
        room = [zone.left - 24, lay.size[0] - zone.right - 24, min(560, lay.size[0] - 40)]
        candidates = []
        for beside in (False, True) if icon else (False,):
            beside_w = icon.get_width() + NOTICE_GAP if beside else 0
            for width in sorted({max(200, min(r, 560)) for r in room}, reverse=True):
                width = min(width, max(kit.text.width(text, size, True) + 48 + beside_w,
                                       (icon.get_width() + 40) if icon else 0))
                lines = kit.text.wrap(text, size, width - 40 - beside_w, True)
                width = max(width, max(kit.text.width(line, size, True) for line in lines) + 40 + beside_w)
                words_h = len(lines) * int(size * 1.25)
                if beside:
                    h = max(words_h, icon.get_height()) + 30
                else:
                    h = words_h + 30 + (icon.get_height() + NOTICE_GAP if icon else 0)
                candidates.append((width, h, beside))
        cx, cy = lay.center
        below_bar = lay.top_bar.bottom + 8
        best = None
        for width, h, beside in candidates:
            anchors = [] if f.trick else [("center", (cx, cy))]
            anchors += [("midright", (zone.left - 12, cy)), ("midleft", (zone.right + 12, cy)),
                       ("midbottom", (cx, zone.top - 8)), ("midtop", (cx, zone.bottom + 8)),
                       ("midtop", (cx, below_bar))]
            box = self.place((width, h), anchors, avoid, never)
            if not any(kit.place.covers(box, [never, avoid])):
                best = (box, beside)
                break
            if best is None or not any(box.colliderect(r) for r in never):
                best = (box, beside)
        box, beside = best
        words = pygame.Rect(20, 15, box.width - 40, box.height - 30)
        icon_at = None
        if icon and beside:
            icon_at = (20, (box.height - icon.get_height()) // 2)
            words.left += icon.get_width() + NOTICE_GAP
            words.width -= icon.get_width() + NOTICE_GAP
            lines = kit.text.wrap(text, size, words.width, True)
            words.top = (box.height - len(lines) * int(size * 1.25)) // 2
        elif icon:
            icon_at = ((box.width - icon.get_width()) // 2, 15)
            words.top += icon.get_height() + NOTICE_GAP
        return Notice(box, text, icon, icon_at, words, self.notice_alpha(state))

    @staticmethod
    def notice_alpha(state) -> int:
        """The first notice's opacity now: it fades in, stays, and fades out."""
        age = state.toasts[0][1]
        return int(255 * max(0.0, min(1.0, age * 6, (state.TOAST_TIME - age) * 4)))

    # ---- Weis and Stöck at the seats, score changes on their way ----------------------------------
    def news(self, f, state, seat):
        """What a seat showed (its Weis, with the cards, or Stöck) beside it, until the trick is taken."""
        if seat not in f.labels:
            return
        text, cards = state.news[seat]
        icon = self.icon(("cards", tuple(cards))) if cards else None
        size = self.lay.small
        w = max(kit.text.width(text, size, True), icon.get_width() if icon else 0) + 28
        h = size + 20 + (icon.get_height() + 8 if icon else 0)
        never = [*f.trick, *([f.prompt[0]] if f.prompt else [])]
        avoid = self.occupied(f) + [box for box, _t, _i in f.news.values()]
        box = self.place((w, h), self.bubble_anchors(f, seat, (w, h)), avoid, never)
        f.news[seat] = (box, text, icon)

    def float_landing(self, f, text):
        """Where a score change ends: beside the score (after it, else before it) in the top
        bar between its buttons, else just under the bar below the score: never over a line."""
        lay = self.lay
        scores = [line.rect for line in f.status if line.colour == style.HIGHLIGHT]
        score = scores[0].unionall(scores[1:])
        w = kit.text.width(text, lay.large, True)
        bar = [b for b in f.buttons if b.colliderect(lay.top_bar)]
        right = min([b.left for b in bar if b.left >= score.right] + [lay.size[0]]) - 8
        left = max([b.right for b in bar if b.right <= score.left] + [0]) + 8
        lines = [line.rect for line in f.status if line.colour != style.HIGHLIGHT]
        for x in (score.right + 12 + w // 2, score.left - 12 - w // 2):
            spot = kit.text.rect(text, lay.large, (x, score.centery), "center", True)
            if spot.left >= left and spot.right <= right and spot.collidelist(lines) < 0:
                return spot.center
        return score.centerx, lay.top_bar.bottom + lay.large * 2 // 3

    def floats(self, f, state):
        """(text, centre, alpha, colour) of each score change floating from its seat to beside the score."""
        out = []
        if not f.status:
            return out
        for text, seat, side, age in state.floats:
            target = self.float_landing(f, text)
            if age < 0 or seat not in f.labels:
                continue
            t = min(1.0, age / state.FLOAT_TIME)
            k = 1 - (1 - t) ** 2
            label = f.labels[seat].rect  # from just above the seat's name, so that both stay readable
            start = (label.centerx, label.top - self.lay.large * 2 // 3)
            pos = (start[0] + (target[0] - start[0]) * k, start[1] + (target[1] - start[1]) * k)
            alpha = int(255 * min(1.0, (1 - t) * 3))
            out.append((text, pos, alpha, style.SIDE_COLOURS[side]))
        return out


@lru_cache(maxsize=512)
def label_text(name, note, size, note_size, chip, dots, width):
    """(name lines, note lines, the dots' row, the widest row) of a seat's label whose text may
    be ``width`` wide: the name (bold, ``size``) after the dealer chip (``chip`` wide) and the
    note (``note_size``) each on one line where it fits, else the note in two at a " · " and the
    name at spaces (a word is never cut: it may be wider).  The thinking dots (``dots`` wide) end
    the first row or the last, whichever leaves the label narrower, else take a row of their own:
    they change neither line."""
    def fit(text, room, bold, text_size):
        def widest(lines):
            return max(kit.text.width(line, text_size, bold) for line in lines)

        if kit.text.width(text, text_size, bold) <= room:
            return (text,)
        halves = kit.text.halves(text)
        fits = [h for h in halves if widest(h) <= room]
        if fits:  # in two at the " · " nearest the middle
            return fits[0]
        lines = kit.text.wrap_even(text, text_size, room, bold)
        if widest(lines) <= room or not halves:
            return lines
        return min(halves, key=widest)  # too narrow for a word: as narrow as it comes in two

    lines = fit(name, width - chip, True, size)
    names = [kit.text.width(line, size, True) for line in lines]
    names[0] += chip
    width = max(width, *names)  # a word wider than the room widens the label: the note may use it
    notes = fit(note, width, False, note_size) if note else ()
    rows = names + [kit.text.width(n, note_size) for n in notes]
    fits = [r for r in dict.fromkeys((0, len(rows) - 1)) if rows[r] + dots <= width]
    row = min(fits, key=lambda r: max(*rows, rows[r] + dots)) if dots and fits else len(rows) if dots else 0
    rows.append(0)
    rows[row] += dots
    return tuple(lines), tuple(notes), row, max(rows)


def wrap_status(text, size, width, bold, most) -> tuple[str, ...] | None:
    """``text`` on at most ``most`` lines of ``width``: in two at the " · " nearest the middle
    where both halves fit, else wrapped at spaces, the lines evened out; None if it needs more
    lines or a word is too wide."""
    for cut in kit.text.halves(text):
        if all(kit.text.width(half, size, bold) <= width for half in cut):
            return cut
    lines = kit.text.wrap_even(text, size, width, bold)
    if len(lines) > most or any(kit.text.width(line, size, bold) > width for line in lines):
        return None
    return lines


def prompt_box(text, size, left, right, bottom) -> pygame.Rect:
    """The box of ``text`` wrapped to fit between ``left`` and ``right`` (20 px to spare on each
    side of the text), centred there, its bottom at ``bottom``."""
    lines = kit.text.wrap(text, size, right - left - 40, True)
    box = pygame.Rect(0, 0, max(kit.text.width(line, size, True) for line in lines) + 40,
                      len(lines) * int(size * 1.25) + 14)
    box.midbottom = ((left + right) // 2, bottom)
    return box
