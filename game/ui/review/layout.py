"""Where the hand review puts things, apart from drawing them.

``plan`` gives the regions of a review screen for a canvas and a hand size: the top bar and its
buttons, each seat's name and cards, the trick's places, the column (sideways) or band
(upright) of what happened, the table's free middle.  ``lay_out`` places one position of a
``HandReview`` on them: every panel, card, line and text with its rectangle, measured through
the kit (``kit.text``), in drawing order (``Screen.items``).  ``view.ReviewView`` draws a
``Screen`` and measures nothing.  A screen is a function of the review's state (the position,
Why? open, the link shown), the canvas and the language.

Sizes are chosen for a phone: every button is at least ``TOUCH`` canvas pixels square (48 CSS
px once a 390 x 844 page has scaled the canvas), text at least ``TEXT_MIN`` pixels (12 CSS px)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _

from .. import direction, fonts, kit, style
from ..art import CardArt

TOUCH = 96      # the review's smallest button, canvas px (48 CSS px needs 89 at a 390 px wide page)
TEXT_MIN = 24   # its smallest text, canvas px (12 CSS px needs 22.2)
OVERLAY = (255,)  # the overlays' panels are opaque
BADGE = (0, 0, 0, 200)  # a card's badge: dark, a little translucent


# ---- the regions ------------------------------------------------------------------------------------
@dataclass
class ReviewPlan:
    """Every region of one review screen, for one orientation and hand size."""

    bar: pygame.Rect
    close: pygame.Rect
    play: pygame.Rect
    why: pygame.Rect
    heading_at: tuple                       # (centre, top) of the heading line
    nav: list                               # four rects: previous trick, back, next, next trick
    info: pygame.Rect                       # what happened at this step
    board: pygame.Rect                      # the table: hands and trick (the overlays cover it)
    hand_w: int
    trick_w: int
    hands: dict = field(default_factory=dict)   # seat -> rect the seat's cards are laid in
    labels: dict = field(default_factory=dict)  # seat -> (point, anchor) of its name
    rows: dict = field(default_factory=dict)    # seat -> cards per row
    strips: dict = field(default_factory=dict)  # seat -> how far apart its cards are
    centred: dict = field(default_factory=dict)  # seat -> its rows are centred (else from the start)
    slots: dict = field(default_factory=dict)   # seat -> centre of its trick card
    rooms: dict = field(default_factory=dict)   # seat -> how wide its name may be
    text: int = 26                          # body text size
    small: int = TEXT_MIN
    heading: int = 30
    link: pygame.Rect = field(default_factory=pygame.Rect)    # "Link to this moment"
    centre: pygame.Rect = field(default_factory=pygame.Rect)  # the table's middle, free until a card is played

    @property
    def overlay(self) -> pygame.Rect:
        """The panel over the table: the final breakdown, Why?, the link."""
        return self.board.inflate(-24, -16)

    @property
    def code_beside(self) -> bool:
        """Whether the final breakdown leaves the deal code to the column beside it (sideways:
        the breakdown needs its height for the tricks), else it shows it at its bottom."""
        return self.info.width < self.board.width // 2


@dataclass(frozen=True)
class ReviewShape:
    """The review's measures for a canvas shape, declared: one held upright, one sideways."""

    name: str
    bar_h: int            # the top bar (its buttons TOUCH high, ``bar_pad`` from its top)
    bar_pad: int
    hand_w: int           # a held card
    trick_w: int          # a card of the trick
    text: int             # the body text, the small text, the headings
    small: int
    heading: int
    slot_dx: int          # the trick's side places from its centre, across
    slot_dy: int          # ... its top and bottom places, down
    edge: int             # the partner's and your cards from the table's sides
    side_gap: int         # the side seats' cards from the trick's (sideways: room for a badge below a trick card)
    strip: int            # how much of each held card shows, at least (the partner's and yours)
    side_strip: int       # ... the side seats'
    nav_gap: int          # between the steps' buttons
    column_w: int         # the column of what happened, beside the table (0: a band below it)


# Sideways the steps' buttons and what happened share a column beside the table; upright the
# bar holds the link, the steps' row (with Play in its middle) lies at the foot, the band of
# what happened above it.
SIDEWAYS = ReviewShape("sideways", bar_h=TOUCH + 16, bar_pad=8, hand_w=84, trick_w=84, text=26, small=TEXT_MIN,
                       heading=30, slot_dx=96, slot_dy=60, edge=20, side_gap=40, strip=30, side_strip=26, nav_gap=8, column_w=412)
UPRIGHT = ReviewShape("upright", bar_h=TOUCH + 16 + 44, bar_pad=8, hand_w=96, trick_w=100, text=28,
                      small=TEXT_MIN + 2, heading=30, slot_dx=112, slot_dy=72, edge=24, side_gap=0, strip=30, side_strip=30,
                      nav_gap=12, column_w=0)
GAP = 12  # between the regions


def per_row(n: int, width: int, card_w: int, strip_min: int) -> int:
    """How many of ``n`` cards go in one row of ``width`` so that each shows ``strip_min`` px."""
    fit = 1 + max(0, (width - card_w) // strip_min)
    return n if n <= fit else (n + 1) // 2


def plan(size, cards_each: int) -> ReviewPlan:
    """The regions of the review on a canvas of ``size`` for hands of ``cards_each`` cards."""
    w, h = size
    return _band(UPRIGHT, w, h, cards_each) if h > w else _column(SIDEWAYS, w, h, cards_each)


def _bar_buttons(shape: ReviewShape, w: int):
    """Close at the start of the bar; Why? at its end ("Why?" in Malayalam is one wide word),
    Play before it."""
    close, _room, play, why = kit.arrange.row(kit.Region(GAP, shape.bar_pad, w - 2 * GAP, TOUCH),
                                              [170, w - 2 * GAP - 170 - TOUCH - 200 - 3 * GAP, TOUCH, 200], GAP)
    return close.rect, play.rect, why.rect


def _hand(p: ReviewPlan, seat: int, n: int, left: int, top: int, width: int, centred: bool, strip_min: int):
    """The place of a seat's ``n`` cards: a row (two when one is too narrow) in ``width``."""
    cw, ch = p.hand_w, CardArt.height(p.hand_w)
    k = per_row(n, width, cw, strip_min)
    strip = int(min(cw * 0.62, (width - cw) / max(1, k - 1))) if k > 1 else 0
    rect = pygame.Rect(left, top, cw + strip * (k - 1), ch + (ch // 2 if n > k else 0))
    if centred:
        rect.centerx = left + width // 2
    p.hands[seat], p.rows[seat], p.strips[seat], p.centred[seat] = rect, k, strip, centred
    return rect


def _regions(shape: ReviewShape, p_args: dict) -> ReviewPlan:
    return ReviewPlan(**p_args, hand_w=shape.hand_w, trick_w=shape.trick_w, text=shape.text, small=shape.small,
                      heading=shape.heading)


def _column(shape: ReviewShape, w: int, h: int, n: int) -> ReviewPlan:
    """Sideways: the table at the start, the column of what happened, the link and the steps'
    buttons at the end."""
    screen = kit.Region(0, 0, w, h)
    bar, rest = screen.split_top(shape.bar_h)
    close, play, why = _bar_buttons(shape, w)
    column, board = rest.split_right(shape.column_w + GAP, GAP)
    column = column.shrink(GAP, GAP, GAP, 0)
    steps, info = column.split_bottom(TOUCH + GAP + TOUCH, GAP)
    link, steps = steps.split_top(TOUCH, GAP)
    nav = [r.rect for r in kit.arrange.row(steps, [(steps.width - 3 * shape.nav_gap) // 4] * 4, shape.nav_gap)]
    p = _regions(shape, dict(bar=bar.rect, close=close, play=play, why=why,
                             heading_at=((close.right + play.left) // 2, 14), nav=nav, info=info.rect,
                             board=board.rect, link=link.rect))
    board = p.board
    ch = CardArt.height(p.hand_w)
    label_h = p.small + 14
    cx = board.centerx
    # partner at the top, you at the bottom, the others beside the trick in the middle band
    p.labels[2] = ((cx, board.top + 8), "midtop")
    wide = board.width - 2 * shape.edge
    north = _hand(p, 2, n, board.left + shape.edge, board.top + 8 + label_h, wide, True, shape.strip)
    south = _hand(p, 0, n, board.left + shape.edge, board.bottom - 8 - ch, wide, True, shape.strip)
    p.labels[0] = ((cx, south.top - label_h), "midtop")
    mid = (north.bottom + south.top - label_h) // 2
    dx, dy = shape.slot_dx, shape.slot_dy
    p.slots = {2: (cx, mid - dy), 0: (cx, mid + dy), 3: (cx - dx, mid), 1: (cx + dx, mid)}
    side_w = cx - dx - p.trick_w // 2 - shape.side_gap - (board.left + GAP)
    for seat, left in ((3, board.left + GAP), (1, cx + dx + p.trick_w // 2 + shape.side_gap)):
        rect = _hand(p, seat, n, left, 0, side_w, False, shape.side_strip)
        rect.centery = mid + label_h // 2
        p.labels[seat] = ((left, rect.top - label_h), "topleft")
    # a side seat's name, at the outer edge above its cards, may reach to beside the partner's trick
    # card where it lies above the side places, else to beside its own
    p.labels[1] = ((board.right - 8, p.labels[1][0][1]), "topright")
    above = p.labels[3][0][1] + p.small + 12 < mid - CardArt.height(p.trick_w) // 2
    inner = cx - (p.trick_w // 2 if above else dx + p.trick_w // 2) - 8
    p.rooms = {0: board.width - 16, 2: board.width - 16, 3: inner - (board.left + GAP), 1: board.right - 8 - (2 * cx - inner)}
    p.centre = pygame.Rect(p.hands[3].right + GAP, north.bottom + 8, 0, 0)
    p.centre.width, p.centre.height = p.hands[1].left - GAP - p.centre.left, south.top - label_h - 8 - p.centre.top
    return p


def _band(shape: ReviewShape, w: int, h: int, n: int) -> ReviewPlan:
    """Upright: the bar with the link between Close and Why?, the table, the band of what
    happened, and the steps' row at the foot (Play in its middle, as a media player's, centred
    so that it reads the same in both directions)."""
    screen = kit.Region(0, 0, w, h)
    bar, _rest = screen.split_top(shape.bar_h)
    close, _play, why = _bar_buttons(shape, w)
    link = pygame.Rect(close.right + GAP, close.top, why.left - GAP - close.right - GAP, TOUCH)
    foot = kit.Region(0, h - GAP - TOUCH, w, TOUCH)
    nav_w = (w - 2 * GAP - 4 * shape.nav_gap) // 5
    row = [r.rect for r in kit.arrange.row(foot, [nav_w] * 5, shape.nav_gap, "center")]
    play, nav = row[2], row[:2] + row[3:]
    p = _regions(shape, dict(bar=bar.rect, close=close, play=play, why=why, heading_at=(w // 2, close.bottom + 8),
                             nav=nav, info=pygame.Rect(0, 0, 0, 0), board=pygame.Rect(0, bar.bottom, w, 0),
                             link=link))
    label_h = p.small + 14
    cx = w // 2
    y = bar.bottom + 8
    p.labels[2] = ((cx, y), "midtop")
    wide = w - 2 * shape.edge
    y = _hand(p, 2, n, shape.edge, y + label_h, wide, True, shape.strip).bottom + GAP
    half = (w - 3 * GAP) // 2
    side_h = 0
    for seat, left in ((3, GAP), (1, 2 * GAP + half)):
        p.labels[seat] = ((left, y), "topleft")
        side_h = max(side_h, label_h + _hand(p, seat, n, left, y + label_h, half, False, shape.side_strip).height)
    th = CardArt.height(p.trick_w)
    dx, dy = shape.slot_dx, shape.slot_dy
    mid = y + side_h + GAP + dy + th // 2
    p.slots = {2: (cx, mid - dy), 0: (cx, mid + dy), 3: (cx - dx, mid), 1: (cx + dx, mid)}
    y = mid + dy + th // 2 + GAP
    p.labels[0] = ((cx, y), "midtop")
    south = _hand(p, 0, n, shape.edge, y + label_h, wide, True, shape.strip)
    p.info = pygame.Rect(shape.edge, south.bottom + GAP, wide, nav[0].top - GAP - south.bottom - GAP)
    p.board.height = south.bottom - p.board.top
    top = max(p.hands[3].bottom, p.hands[1].bottom) + GAP
    p.centre = pygame.Rect(GAP, top, w - 2 * GAP, p.labels[0][0][1] - GAP - top)
    p.rooms = {0: w - 16, 2: w - 16, 1: half, 3: half}
    return p


def broken(text: str, size: int, width: int) -> list[str]:
    """``text`` without spaces (a code, a link) cut into the fewest lines no wider than ``width``
    at ``size``, as even in length as can be."""
    count = max(1, -(-kit.text.width(text, size) // max(1, width)))
    while True:
        per = max(1, -(-len(text) // count))
        lines = [text[i:i + per] for i in range(0, len(text), per)]
        if per == 1 or all(kit.text.width(line, size) <= width for line in lines):
            return lines
        count += 1


def field_height(p: ReviewPlan, text: str, width: int) -> int:
    """The height of a field's box (a code or a link) for ``text`` in ``width``."""
    return 16 + len(broken(text, p.small, width - 16)) * int(p.small * 1.25)


def code_height(p: ReviewPlan, code: str, width: int) -> int:
    """The height "Deal code" and its field take in ``width``."""
    lines = kit.text.wrap(_("Deal code"), p.small, width, True)
    label = len(lines) * kit.text.line_step(lines, p.small, True)
    return label + 6 + field_height(p, code, width)


def name_box(p: ReviewPlan, ui, obs, seat: int):
    """(box, text, size) of a seat's name with its bid as a note, where ``seat`` shows it; where
    it does not fit at the floor, the bid is kept and the seat's name cut (or left out: the
    plate's place and colour say whose)."""
    (x, y), anchor = p.labels[seat]
    note = ui.seat_note(obs, seat)
    tail = f" · {note}" if note else ""
    room = p.rooms[seat] - 20
    name = ui.seat(seat) + tail
    size = kit.text.fit_size(name, p.small, room, True, TEXT_MIN)
    if kit.text.width(name, size, True) > room:
        rest = room - kit.text.width(tail, size, True)
        if rest >= kit.text.width(ui.seat(seat)[:2] + kit.text.ELLIPSIS, size, True):
            name = kit.text.ellipsize(ui.seat(seat), size, rest, True) + tail
        else:
            name = kit.text.ellipsize(note if note and kit.text.width(note, size, True) <= room else name, size, room,
                                      True)
    box = pygame.Rect(0, 0, kit.text.width(name, size, True) + 20, p.small + 12)
    setattr(box, anchor, (x, y))  # at its seat: the table does not mirror
    box.clamp_ip(p.board.inflate(-8, 0))
    return box, name, size


def centre_code_box(p: ReviewPlan, ui, code: str, obs):
    """Where the deal code goes in the middle of the table, clear of the names beside it (long
    ones reach past their cards): beside the names, else below them; None when neither holds it."""
    centre = p.centre
    names = [box for box in (name_box(p, ui, obs, seat)[0] for seat in (1, 3)) if box.colliderect(centre)]
    beside, below = centre.copy(), centre.copy()
    for name in names:
        if name.centerx < centre.centerx:
            beside.width, beside.left = beside.right - name.right - 12, name.right + 12
        else:
            beside.width = name.left - 12 - beside.left
        top = max(below.top, name.bottom + 8)
        below.height, below.top = below.bottom - top, top
    for area in (beside, below) if names else (centre,):
        width = min(area.width, max(kit.text.width(code, p.small) + 56, 320))
        box = pygame.Rect(0, 0, width, code_height(p, code, width - 24) + 24)
        box.center = area.center
        if width > 0 and area.contains(box) and kit.text.widest_piece(_("Deal code"), p.small) <= width - 24:
            return box
    return None


def rows_step(rows, size: int) -> int:
    """How far apart ``rows`` ((text, bold) pairs) are set, each centred by its ink."""
    return max(kit.text.line_step([r for r, bold in rows if bold], size, True),
               kit.text.line_step([r for r, bold in rows if not bold], size))


# ---- the placements -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    """A line of text where its picture goes; ``box``: the region it belongs in (None: the canvas)."""

    text: str
    size: int
    rect: pygame.Rect
    colour: tuple
    bold: bool = False
    box: pygame.Rect | None = None


@dataclass(frozen=True)
class Panel:
    """A rounded box; ``shadow``: the radius of a shadow under it (0: none)."""

    rect: pygame.Rect
    fill: tuple
    radius: int
    border_colour: tuple | None = None
    border: int = 0
    shadow: int = 0


@dataclass(frozen=True)
class Card:
    """A card face up in ``rect`` (dimmed: a packet still to come), with its shadow; ``outline``:
    the colour of a ring around it (the trick's winner)."""

    card: int
    rect: pygame.Rect
    dim: bool = False
    outline: tuple | None = None


@dataclass(frozen=True)
class Rule:
    """A line between two points."""

    start: tuple
    end: tuple
    colour: tuple
    width: int = 1


@dataclass
class Screen:
    """One review position laid out: ``items`` in drawing order, and where the parts the scene
    and the tests ask about went."""

    items: list = field(default_factory=list)
    names: dict = field(default_factory=dict)   # seat -> its name's box
    code: str = ""                              # where the deal code went: "middle", "column", "summary" or ""
    code_box: pygame.Rect | None = None         # the deal code's field
    score_end: int | None = None                # the final breakdown: where the score ends
    code_top: int | None = None                 # ... and the deal code below it begins
    tables: list = field(default_factory=list)  # (header, rows) of each table of text laid out
    hands: dict = field(default_factory=dict)   # seat -> the region its cards cover
    trick: list = field(default_factory=list)   # the trick's cards' rects

    def texts(self) -> list[Text]:
        return [item for item in self.items if isinstance(item, Text)]

    def cards(self) -> list[Card]:
        return [item for item in self.items if isinstance(item, Card)]


def lay_out(p: ReviewPlan, ui, review, position: int, deal_code: str | None = None, show_note: bool = False,
            shown_link: str | None = None) -> Screen:
    """Every placement of the review at ``position`` on the regions ``p``: the bar, the table,
    the column, and over the table the link (``shown_link``), the final breakdown, what an AI
    seat weighed (``show_note``) or the deal code while the table is empty."""
    out = _Placer(p, ui)
    moment = review.moment(position)
    summary = review.is_summary(position)  # the breakdown says it all; the column keeps the score
    beside = summary and p.code_beside
    # the deal code lies in the middle of an empty table, or in the column when names fill it
    middle = not (summary or show_note or moment.trick) and deal_code
    centre = centre_code_box(p, ui, deal_code, moment.obs) if middle else None
    if middle and centre is None:
        beside, middle = True, False
    out.bar(review, position)
    out.board(moment, [centre] if centre else [])
    out.info([] if summary else review.lines(position), review.context(position), deal_code if beside else None)
    if shown_link:
        out.link_panel(shown_link)
    elif summary:
        out.summary(review, None if beside else deal_code)
    elif show_note and review.note(position) is not None:
        out.note(review, review.note(position))
    elif middle:
        out.centre_code(deal_code, moment.obs)
    return out.screen


class _Placer:
    """Places one screen's items (``Screen``), each measured here through the kit."""

    def __init__(self, p: ReviewPlan, ui):
        self.p, self.ui = p, ui
        self.screen = Screen()
        self.badges: list = []  # (text, its card's rect) to place once every card lies

    def add(self, item):
        self.screen.items.append(item)
        return item

    def text(self, s, size, pos, colour, anchor="topleft", bold=False, within=None, box=None) -> pygame.Rect:
        """``s`` with its ``anchor`` at ``pos`` (mirrored in ``within`` right to left)."""
        rect = kit.text.rect(s, size, pos, anchor, bold, within)
        self.add(Text(s, size, rect, colour, bold, pygame.Rect(box if box is not None else within)
                      if (box is not None or within is not None) else None))
        return rect

    def wrapped(self, s, size, rect, colour, bold=False, spacing=1.3, align="left") -> int:
        """``s`` wrapped into ``rect``'s width from its top, a line every ``size * spacing``
        pixels, each centred in its step by its ink; "left" is the start edge.  The height used."""
        rect = pygame.Rect(rect)
        if align == "left" and (direction.rtl() or fonts.is_rtl_text(s)):
            align = "right"
        lines = kit.text.wrap(s, size, rect.width, bold)
        y, step = rect.top, kit.text.line_step(lines, size, bold, spacing)
        anchor, x = {"left": ("midleft", rect.left), "center": ("center", rect.centerx),
                     "right": ("midright", rect.right)}[align]
        for line in lines:
            self.text(line, size, (x, y + step // 2 - kit.text.ink_offset(line, size, bold)), colour, anchor, bold,
                      box=pygame.Rect(rect.left, rect.top, rect.width, max(rect.height, y + step - rect.top)))
            y += step
        return y - rect.top

    def overlay(self) -> pygame.Rect:
        box = self.p.overlay
        self.add(Panel(box, style.PANEL_SOLID + OVERLAY, 18, style.ACCENT, 2, shadow=18))
        return box.inflate(-40, -32)

    # ---- the table -------------------------------------------------------------------------------
    def card(self, card, center, width, dim=False, badge="", outline=None) -> pygame.Rect:
        rect = pygame.Rect(0, 0, width, CardArt.height(width))
        rect.center = (int(center[0]), int(center[1]))
        self.add(Card(card, rect, dim, outline))
        if badge:
            self.badges.append((badge, rect))
        return rect

    def board(self, m, clear=()):
        """The seats' names and cards, the trick, and the cards' badges beside them, clear of
        every card, name and of ``clear`` (the deal code's place)."""
        for seat in range(4):
            self.seat(m, seat)
        for seat, card, down in m.trick:
            outline = style.HIGHLIGHT if seat == m.winner else None
            self.screen.trick.append(self.card(card, self.p.slots[seat], self.p.trick_w,
                                               badge=_("face down") if down else "", outline=outline))
        sights = [[c.rect for c in self.screen.cards()] + list(self.screen.names.values()) + list(clear)]
        for text, card in self.badges:
            box, fitted = self.badge_place(text, card, sights)
            sights[0].append(box)
            self.add(Panel(box, BADGE, 6))
            step = (box.height - 4) // len(fitted.lines)
            for i, line in enumerate(fitted.lines):
                middle = box.top + 2 + i * step + step // 2 - kit.text.ink_offset(line, fitted.size, True)
                self.text(line, fitted.size, (box.centerx, middle), style.TEXT, "center", True, box=box)

    def badge_place(self, text, card, sights):
        """(box, fitted text) of a card's badge beside it, never on a face: below, above (moved
        along a little where that is in the way), then at a side; on one line, else on two as
        narrow as the card where one line finds no free place; else where it hides least."""
        shifts = [0] + [d * sign for d in range(16, card.width, 16) for sign in (-1, 1)]
        anchors = [("midtop", (card.centerx + d, card.bottom + 4)) for d in shifts]
        anchors += [("midbottom", (card.centerx + d, card.top - 4)) for d in shifts]
        anchors += [("bottomleft", (card.right + 4, card.bottom)), ("bottomright", (card.left - 4, card.bottom)),
                    ("topleft", (card.right + 4, card.top)), ("topright", (card.left - 4, card.top))]
        tried = []
        for room in (10 ** 4, card.width, card.width * 3 // 2):  # at the phone's floor, TEXT_MIN, as all text here
            fitted, size = kit.text.badge(text, TEXT_MIN, room)
            if tried and (fitted.cut or fitted.size < TEXT_MIN):  # two lines only where the words fit whole
                continue
            box = kit.place.least_hidden(size, anchors, sights, self.p.board)
            cost = kit.place.covers(box, sights)
            if not any(cost):
                return box, fitted
            tried.append((cost, box, fitted))
        for _cost, tight, fitted in tried:  # crowded (a trick of face-down cards): the nearest free place
            box = kit.place.nearest_free(tight.size, card.center, self.p.board, sights, 8, card.height)
            if box is not None:
                return box, fitted
        _cost, box, fitted = min(tried, key=lambda t: t[0])
        return box, fitted

    def seat(self, m, seat):
        """A seat's name (its bid as a note; outlined when it acted at this step) and its cards:
        held, then a packet still to come (dimmed), then its trump card lying face down."""
        p = self.p
        box, name, size = name_box(p, self.ui, m.obs, seat)
        self.screen.names[seat] = box
        active = m.seat == seat and m.step > 0
        colour = style.TURN if active else style.SIDE_COLOURS[seat & 1]
        self.add(Panel(box, style.PANEL, 10, colour, 3 if active else 2))
        self.text(name, size, (box.centerx, box.centery - kit.text.ink_offset(name, size, True)), colour, "center",
                  True, box=box)
        shown = [(card, later, "") for card, later in m.hands[seat]]
        if m.indicator and m.indicator[0] == seat:
            shown.append((m.indicator[1], False, _("trump")))
        rect, k, strip, cw = p.hands[seat], max(1, p.rows[seat]), p.strips[seat], p.hand_w
        ch = CardArt.height(cw)
        for i, (card, later, badge) in enumerate(shown):
            row, col = divmod(i, k)
            count = min(k, len(shown) - row * k)
            width = cw + strip * (count - 1)
            left = rect.centerx - width // 2 if p.centred[seat] else rect.left
            placed = self.card(card, (left + col * strip + cw // 2, rect.top + row * (ch // 2) + ch // 2), cw,
                               dim=later, badge=badge)
            held = self.screen.hands.get(seat)
            self.screen.hands[seat] = placed if held is None else held.union(placed)

    # ---- the bar and the column ------------------------------------------------------------------
    def bar(self, review, position):
        p = self.p
        self.add(Panel(p.bar, style.PANEL, 0))
        room = p.play.left - p.close.right - 24
        title = f"{review.heading(position)} · {review.counter(position)}"
        sideways = p.bar.height <= TOUCH + 16  # the heading between the buttons, the game below it
        size = kit.text.fit_size(title, p.heading, room if sideways else p.bar.width - 24, True, TEXT_MIN)
        x, y = p.heading_at
        if sideways:
            y = p.close.centery - size
            self.text(title, size, (x, y), style.TEXT, "midtop", True)
            game = _("Hand review · {game}").format(game=self.ui.title)
            self.text(game, p.small, (x, y + size + 8), style.TEXT_DIM, "midtop")
        else:
            self.text(title, size, (x, y), style.TEXT, "midtop", True)

    def info(self, lines, context=(), code=None):
        """What happened at this step (the first line in bold), then, where there is room, the
        table's lines (contract, points, score) at the bottom; ``code``: the deal code above all."""
        p = self.p
        if p.info.height <= 0:
            return
        self.add(Panel(p.info, style.PANEL, 14))
        inner = p.info.inflate(-28, -28)
        if code:
            self.code(code, inner)
            self.screen.code = "column"
            used = code_height(p, code, inner.width) + 16
            inner.top, inner.height = inner.top + used, inner.height - used

        def rows_at(size):
            return [(row, i == 0) for i, line in enumerate(lines) for row in kit.text.wrap(line, size, inner.width, i == 0)]

        def height(rows, size):
            return len(rows) * rows_step(rows, size)

        below = [row for line in context for row in kit.text.wrap(line, p.small, inner.width)]
        while below and height(rows_at(p.text), p.text) + len(below) * kit.text.line_step(below, p.small) + 22 \
                > inner.height:
            below.pop(0)  # the score stays longest
        if below:
            step = kit.text.line_step(below, p.small)
            need = len(below) * step + 6  # room below the last line's letters
            bottom = inner.bottom - need
            self.add(Rule((inner.left, bottom - 8), (inner.right, bottom - 8), style.TEXT_DIM))
            for i, row in enumerate(below):
                middle = bottom + i * step + step // 2 - kit.text.ink_offset(row, p.small)
                self.text(row, p.small, (inner.left, middle), style.TEXT_DIM, "midleft", within=inner)
            inner.height -= need + 16
        size = kit.text.largest(p.text, TEXT_MIN, lambda size: height(rows_at(size), size) <= inner.height)
        rows = rows_at(size)  # a long step in a small band: smaller, down to TEXT_MIN
        step = rows_step(rows, size)
        y = inner.top
        for row, bold in rows:
            if y + step > inner.bottom + 4:
                break
            self.text(row, size, (inner.left, y + step // 2 - kit.text.ink_offset(row, size, bold)),
                      style.TEXT if bold else style.TEXT_DIM, "midleft", bold, within=inner)
            y += step

    # ---- the deal code and the link ---------------------------------------------------------------
    def field(self, text, rect) -> pygame.Rect:
        """``text`` (a code or a link, left to right in every language) in an inset box at the
        top of ``rect``, as a text field shows what can be copied."""
        p = self.p
        size, step = p.small, int(p.small * 1.25)
        box = pygame.Rect(rect.left, rect.top, rect.width, field_height(p, text, rect.width))
        self.add(Panel(box, (0, 0, 0, 150), 8, style.TEXT_DIM, 1))
        for i, line in enumerate(broken(text, size, box.width - 16)):
            self.text(line, size, (box.centerx, box.top + 8 + i * step), style.TEXT, "midtop", box=box)
        return box

    def code(self, code, rect):
        """"Deal code" and the code in its box, from the top of ``rect``."""
        label = self.wrapped(_("Deal code"), self.p.small, pygame.Rect(rect.left, rect.top, rect.width, 0),
                             style.TEXT_DIM, True, align="center")
        self.screen.code_box = self.field(code, pygame.Rect(rect.left, rect.top + label + 6, rect.width, 0))

    def centre_code(self, code, obs):
        """The deal code in the middle of the table while no card lies there (the deal, the
        auction); the caller has made sure it has room there (``centre_code_box``)."""
        box = centre_code_box(self.p, self.ui, code, obs)
        self.add(Panel(box, style.PANEL, 14))
        self.code(code, box.inflate(-24, -24))
        self.screen.code = "middle"

    def link_panel(self, link):
        """The link to this moment, over the table, when it could not be copied (the desktop
        prints it too)."""
        p = self.p
        inner = self.overlay()
        title = _("Link to this moment")
        size = kit.text.fit_size(title, p.heading, inner.width, True, TEXT_MIN)
        self.text(title, size, (inner.centerx, inner.top), style.HIGHLIGHT, "midtop", True, box=inner)
        self.field(link, pygame.Rect(inner.left, inner.top + size + 20, inner.width, 0))

    # ---- overlays over the table -----------------------------------------------------------------
    def summary(self, review, code=None):
        """The final breakdown: the headline, the result's rows, the score before and after, the
        tricks as far as the room goes and the deal code (if given) at the bottom; the headline
        smaller where a long one would push the score past the code or the panel's foot."""
        def fits(heading):
            trial = _Placer(self.p, self.ui)
            trial.breakdown(review, code, heading)
            return trial.screen.score_end + 12 <= trial.screen.code_top

        self.breakdown(review, code, kit.text.largest(self.p.heading, TEXT_MIN, fits))

    def breakdown(self, review, code, heading):
        p, ui = self.p, self.ui
        inner = self.overlay()
        obs, res = review.moments[-1].obs, review.result
        y = inner.top
        y += self.wrapped(ui.result_headline(obs, res), heading, inner, style.TEXT, True, align="center") + 16
        rows = ui.result_rows(obs, res)
        if rows or ui.per_player:
            y = self.table(inner, y, ui.result_header(), rows)
        y += 16
        self.text(_("Score"), p.small, (inner.left, y), style.TEXT_DIM, bold=True, within=inner)
        y += p.small + 10
        before, after = obs.score, res["score"]
        arrow = direction.arrow()
        for side in (0, 1):
            if ui.per_player:
                parts = [f"{ui.seat(s)}  {before[s]} {arrow} {after[s]}" for s in (side, side + 2)]
                label = "    ".join(parts)
                labels = [label] if kit.text.width(label, TEXT_MIN, True) <= inner.width else parts  # long names
            else:
                labels = [f"{ui.side(side)}  {before[side]} {arrow} {after[side]}"]
            for label in labels:
                size = kit.text.fit_size(label, p.text, inner.width, True, TEXT_MIN)
                self.text(label, size, (inner.left, y), style.SIDE_COLOURS[side], bold=True, within=inner)
                y += size + 12
        bottom = inner.bottom
        if code:
            bottom -= code_height(p, code, inner.width)
            self.code(code, pygame.Rect(inner.left, bottom, inner.width, 0))
            self.screen.code = "summary"
        self.trick_list(review, pygame.Rect(inner.left, y + 12, inner.width, bottom - 12 - y - 12))
        self.screen.score_end, self.screen.code_top = y, bottom

    def trick_list(self, review, rect):
        """Each trick's winner (and points) in columns, as far as the room goes: no more columns
        than the longest entry allows at the smallest text; tricks that find no room end in "…"."""
        p = self.p
        tricks = review.tricks()
        if not tricks or rect.height < 2 * (p.small + 10):
            return
        self.text(_("Tricks"), p.small, rect.topleft, style.TEXT_DIM, bold=True, within=rect)
        step = p.small + 10
        entries = [(f"{n}. {self.ui.seat(winner)}" + ("" if points is None else f" · {points}"), winner)
                   for n, winner, points in tricks]
        per_col = max(1, (rect.height - step) // step)
        widest = max(kit.text.width(text, TEXT_MIN) for text, _w in entries) + 12
        cols = max(1, min((len(entries) + per_col - 1) // per_col, rect.width // widest))
        col_w = rect.width // cols
        if len(entries) > cols * per_col:  # the last place says that more tricks follow
            entries = entries[:cols * per_col - 1] + [("…", None)]
        for i, (text, winner) in enumerate(entries):
            c, r = divmod(i, per_col)
            size = kit.text.fit_size(text, p.small, col_w - 12, False, TEXT_MIN)
            colour = style.TEXT_DIM if winner is None else style.SIDE_COLOURS[winner & 1]
            self.text(text, size, (rect.left + c * col_w, rect.top + step + r * step), colour, within=rect)

    def table(self, rect, y, header, rows):
        """Rows of text in columns from the start edge: every column but the first as wide as its
        widest cell, the first gets the rest (its cells cut short with … if need be)."""
        p = self.p
        self.screen.tables.append((list(header), [list(row) for row in rows]))
        cells = [header] + [[str(c) for c in row] for row in rows]
        count = len(header)
        room = rect.width - rect.width // 5  # the first column keeps a fifth at least

        def widths(size):
            return [max(kit.text.width(r[i], size, True) for r in cells if i < len(r)) + 16 for i in range(count)]

        size = kit.text.largest(p.text, TEXT_MIN, lambda size: sum(widths(size)[1:]) <= room)
        need = widths(size)
        if sum(need[1:]) > room:  # still too wide: the columns share the room, their cells cut short
            need = [need[0]] + [w * room // sum(need[1:]) for w in need[1:]]
        x = rect.right
        cols = []
        for w in reversed(need[1:]):
            x -= w
            cols.insert(0, x)
        cols.insert(0, rect.left)
        rooms = [right - left - 8 for left, right in zip(cols, cols[1:] + [rect.right])]
        for i, text in enumerate(header):  # each cell centred on its row by its letters (see kit.text.ink_offset)
            if text:
                text = kit.text.ellipsize(text, p.small, rooms[i], True)
                self.text(text, p.small, (cols[i], y + p.small // 2 - kit.text.ink_offset(text, p.small, True)),
                          style.TEXT_DIM, "midleft", True, within=rect)
        y += p.small + 12
        for r, row in enumerate(rows):
            if r % 2 == 0:
                self.add(Panel(pygame.Rect(rect.left - 8, y - 6, rect.width + 16, size + 12), (255, 255, 255, 16), 6))
            for i, cell in enumerate(row):
                text = kit.text.ellipsize(str(cell), size, rooms[i], i == 0)
                middle = y + size // 2 - kit.text.ink_offset(text, size, i == 0)
                self.text(text, size, (cols[i], middle), style.TEXT, "midleft", i == 0, within=rect)
            y += size + 14
        return y

    def note(self, review, note):
        """What an AI seat weighed for the action of this step: who, how many deals, the reason,
        and its choices with their estimates."""
        p = self.p
        inner = self.overlay()
        y = inner.top
        for i, line in enumerate(review.note_lines(note)):
            y += self.wrapped(line, p.text, inner.move(0, y - inner.top), style.TEXT if i else style.HIGHLIGHT,
                              i == 0) + 8
        y += 8
        shown = []
        for row in review.note_rows(note):  # as many as fit
            if y + (len(shown) + 2) * (p.text + 14) > inner.bottom:
                break
            shown.append(row)
        header = [_("Choice"), _("Points")]
        if any(row[2] for row in shown):  # a bid's chance, or in 304 and 28's play the bid in play's
            header.append(review.note_made_heading(note))
        self.table(inner, y, header, [row[:len(header)] for row in shown])
