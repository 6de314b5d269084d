"""Where the hand review puts things and how it draws them: the four hands face up around the
trick, the top bar, the column (landscape) or band (portrait) of what happened, the final
breakdown and what an AI seat weighed.  ``plan`` computes every rect before anything is drawn
(the tests read them); ``ReviewView`` draws a ``Moment`` of a ``HandReview`` into them.

Sizes are chosen for a phone: every button is at least ``TOUCH`` canvas pixels square (48 CSS
px once a 390 x 844 page has scaled the canvas), text at least ``TEXT_MIN`` pixels (12 CSS px)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.i18n import _

from .. import direction, gfx, kit, style
from ..widgets import Button

TOUCH = 96      # the review's smallest button, canvas px (48 CSS px needs 89 at a 390 px wide page)
TEXT_MIN = 24   # its smallest text, canvas px (12 CSS px needs 22.2)


@dataclass
class ReviewPlan:
    """Every place of one review screen, for one orientation and hand size."""

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
    text: int = 26                          # body text size
    small: int = TEXT_MIN
    heading: int = 30
    link: pygame.Rect = field(default_factory=pygame.Rect)    # "Link to this moment"
    centre: pygame.Rect = field(default_factory=pygame.Rect)  # the table's middle, free until a card is played


def per_row(n: int, width: int, card_w: int, strip_min: int) -> int:
    """How many of ``n`` cards go in one row of ``width`` so that each shows ``strip_min`` px."""
    fit = 1 + max(0, (width - card_w) // strip_min)
    return n if n <= fit else (n + 1) // 2


def plan(size, cards_each: int) -> ReviewPlan:
    w, h = size
    return _portrait(w, h, cards_each) if h > w else _landscape(w, h, cards_each)


def _bar_buttons(w: int, y: int):
    close = pygame.Rect(12, y, 170, TOUCH)
    why = pygame.Rect(w - 12 - 200, y, 200, TOUCH)  # "Why?" in Malayalam is one wide word
    play = pygame.Rect(why.left - 12 - TOUCH, y, TOUCH, TOUCH)
    return close, play, why


def _hand(p: ReviewPlan, seat: int, n: int, left: int, top: int, width: int, centred: bool, strip_min: int):
    """The place of a seat's ``n`` cards: a row (two when one is too narrow) in ``width``."""
    cw, ch = p.hand_w, round(p.hand_w * 1.4)
    k = per_row(n, width, cw, strip_min)
    strip = int(min(cw * 0.62, (width - cw) / max(1, k - 1))) if k > 1 else 0
    rect = pygame.Rect(left, top, cw + strip * (k - 1), ch + (ch // 2 if n > k else 0))
    if centred:
        rect.centerx = left + width // 2
    p.hands[seat], p.rows[seat], p.strips[seat], p.centred[seat] = rect, k, strip, centred
    return rect


def _landscape(w: int, h: int, n: int) -> ReviewPlan:
    bar = pygame.Rect(0, 0, w, TOUCH + 16)
    close, play, why = _bar_buttons(w, 8)
    column = pygame.Rect(w - 424, bar.bottom + 12, 412, h - bar.bottom - 24)
    nav_w = (column.width - 3 * 8) // 4
    nav = [pygame.Rect(column.left + i * (nav_w + 8), column.bottom - TOUCH, nav_w, TOUCH) for i in range(4)]
    link = pygame.Rect(column.left, nav[0].top - 12 - TOUCH, column.width, TOUCH)
    info = pygame.Rect(column.left, column.top, column.width, link.top - 12 - column.top)
    board = pygame.Rect(0, bar.bottom, column.left - 12, h - bar.bottom)
    p = ReviewPlan(bar, close, play, why, ((close.right + play.left) // 2, 14), nav, info, board, 84, 84,
                   text=26, small=TEXT_MIN, heading=30, link=link)
    ch = round(p.hand_w * 1.4)
    label_h = p.small + 14
    cx = board.centerx
    # partner at the top, you at the bottom, the others beside the trick in the middle band
    p.labels[2] = ((cx, board.top + 8), "midtop")
    north = _hand(p, 2, n, board.left + 20, board.top + 8 + label_h, board.width - 40, True, 30)
    south = _hand(p, 0, n, board.left + 20, board.bottom - 8 - ch, board.width - 40, True, 30)
    p.labels[0] = ((cx, south.top - label_h), "midtop")
    mid = (north.bottom + south.top - label_h) // 2
    dx, dy = 96, 60
    p.slots = {2: (cx, mid - dy), 0: (cx, mid + dy), 3: (cx - dx, mid), 1: (cx + dx, mid)}
    side_w = cx - dx - p.trick_w // 2 - 16 - (board.left + 12)
    for seat, left in ((3, board.left + 12), (1, cx + dx + p.trick_w // 2 + 16)):
        rect = _hand(p, seat, n, left, 0, side_w, False, 26)
        rect.centery = mid + label_h // 2
        p.labels[seat] = ((left, rect.top - label_h), "topleft")
    p.centre = pygame.Rect(p.hands[3].right + 12, north.bottom + 8, 0, 0)
    p.centre.width, p.centre.height = p.hands[1].left - 12 - p.centre.left, south.top - label_h - 8 - p.centre.top
    return p


def _portrait(w: int, h: int, n: int) -> ReviewPlan:
    bar = pygame.Rect(0, 0, w, TOUCH + 16 + 44)
    close, _play, why = _bar_buttons(w, 8)
    link = pygame.Rect(close.right + 12, close.top, why.left - 12 - close.right - 12, TOUCH)
    # the play button joins the steps' row (five buttons, as a media player's), leaving the bar's
    # middle to the link; the row is centred, so that it reads the same in both directions
    nav_w = (w - 24 - 4 * 12) // 5
    left = (w - 5 * nav_w - 4 * 12) // 2
    row = [pygame.Rect(left + i * (nav_w + 12), h - 12 - TOUCH, nav_w, TOUCH) for i in range(5)]
    play, nav = row[2], row[:2] + row[3:]
    p = ReviewPlan(bar, close, play, why, (w // 2, close.bottom + 8), nav, pygame.Rect(0, 0, 0, 0),
                   pygame.Rect(0, bar.bottom, w, 0), 96, 100, text=28, small=TEXT_MIN + 2, heading=30, link=link)
    label_h = p.small + 14
    cx = w // 2
    y = bar.bottom + 8
    p.labels[2] = ((cx, y), "midtop")
    y = _hand(p, 2, n, 24, y + label_h, w - 48, True, 30).bottom + 12
    half = (w - 36) // 2
    side_h = 0
    for seat, left in ((3, 12), (1, 24 + half)):
        p.labels[seat] = ((left, y), "topleft")
        side_h = max(side_h, label_h + _hand(p, seat, n, left, y + label_h, half, False, 30).height)
    th = round(p.trick_w * 1.4)
    dx, dy = 112, 72
    mid = y + side_h + 12 + dy + th // 2
    p.slots = {2: (cx, mid - dy), 0: (cx, mid + dy), 3: (cx - dx, mid), 1: (cx + dx, mid)}
    y = mid + dy + th // 2 + 12
    p.labels[0] = ((cx, y), "midtop")
    south = _hand(p, 0, n, 24, y + label_h, w - 48, True, 30)
    p.info = pygame.Rect(24, south.bottom + 12, w - 48, nav[0].top - 12 - south.bottom - 12)
    p.board.height = south.bottom - p.board.top
    top = max(p.hands[3].bottom, p.hands[1].bottom) + 12
    p.centre = pygame.Rect(12, top, w - 24, p.labels[0][0][1] - 12 - top)
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


# ---- buttons drawn as pictures ----------------------------------------------------------------
def nav_icon(kind: str, size: int, colour) -> pygame.Surface:
    """A media-style picture pointing right, along the time line: "step" (a triangle against
    a bar), "trick" (two triangles), "play" (a triangle) or "pause" (two bars); ``back_*``
    points left."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    back = kind.startswith("back_")
    kind = kind.removeprefix("back_")
    s = size
    if kind == "pause":
        bar = s // 4
        pygame.draw.rect(surf, colour, (s // 2 - bar - s // 10, s // 6, bar, s * 2 // 3), border_radius=3)
        pygame.draw.rect(surf, colour, (s // 2 + s // 10, s // 6, bar, s * 2 // 3), border_radius=3)
        return surf
    count = 2 if kind == "trick" else 1
    tw = s * 2 // 3 // count if count > 1 else s * 7 // 12
    bar = s // 8 if kind == "step" else 0  # unlike play's, the step's triangle stops at a bar
    x0 = (s - tw * count - bar) // 2
    for i in range(count):
        x = x0 + i * tw
        pygame.draw.polygon(surf, colour, [(x, s // 5), (x + tw, s // 2), (x, s - s // 5)])
    if bar:
        pygame.draw.rect(surf, colour, (x0 + tw, s // 5, bar, s - 2 * (s // 5)), border_radius=2)
    if back:
        surf = pygame.transform.flip(surf, True, False)
    return surf


class IconButton(Button):
    """A button that shows only its picture; ``label`` names it (tests, and the focus order)."""

    def __init__(self, rect, label, icon, on_click, enabled=True):
        super().__init__(rect, label, on_click, TEXT_MIN, enabled=enabled, icon=icon)

    def draw(self, surf, focused=False):
        r = self.rect
        fill = style.BUTTON if self.enabled else style.BUTTON_DISABLED
        if self.pressed:
            fill = tuple(max(0, c - 40) for c in fill[:3])
        gfx.shadow(surf, r, style.RADIUS)
        gfx.panel(surf, r, fill, style.RADIUS, style.ACCENT if focused else None, 4 if focused else 0)
        surf.blit(self.icon, self.icon.get_rect(center=r.center))


# ---- drawing ---------------------------------------------------------------------------------------
class ReviewView:
    def __init__(self, plan: ReviewPlan, art, ui):
        self.p, self.art, self.ui = plan, art, ui

    def card(self, surf, card, center, width, dim=False, badge="", outline=None):
        img = self.art.dimmed(card, width) if dim else self.art.face(card, width)
        rect = img.get_rect(center=(int(center[0]), int(center[1])))
        m = self.art.shadow_margin(width)
        surf.blit(self.art.shadow(width), (rect.left - m + 2, rect.top - m + 4))
        surf.blit(img, rect)
        if outline:
            pygame.draw.rect(surf, outline, rect.inflate(10, 10), 4, border_radius=12)
        if badge:
            gfx.badge(surf, badge, self.p.small - 4, rect, 200)
        return rect

    # ---- the table -------------------------------------------------------------------------------
    def board(self, surf, review, m):
        for seat in range(4):
            self.seat(surf, review, m, seat)
        for seat, card, down in m.trick:
            outline = style.HIGHLIGHT if seat == m.winner else None
            self.card(surf, card, self.p.slots[seat], self.p.trick_w, badge=_("face down") if down else "",
                      outline=outline)

    def name_box(self, m, seat):
        """(box, text, size) of a seat's name with its bid as a note, where ``seat`` draws it."""
        p, ui = self.p, self.ui
        (x, y), anchor = p.labels[seat]
        note = ui.seat_note(m.obs, seat)
        name = ui.seat(seat) + (f" · {note}" if note else "")
        size = kit.text.fit_size(name, p.small, p.board.width // 2, True, TEXT_MIN)
        box = pygame.Rect(0, 0, kit.text.width(name, size, True) + 20, p.small + 12)
        setattr(box, anchor, (x, y))  # at its seat: the table does not mirror
        box.clamp_ip(p.board.inflate(-8, 0))
        return box, name, size

    def seat(self, surf, review, m, seat):
        """A seat's name (its bid as a note; outlined when it acted at this step) and its cards:
        held, then a packet still to come (dimmed), then its trump card lying face down."""
        p = self.p
        box, name, size = self.name_box(m, seat)
        active = m.seat == seat and m.step > 0
        colour = style.TURN if active else style.SIDE_COLOURS[seat & 1]
        gfx.panel(surf, box, style.PANEL, 10, colour, 3 if active else 2)
        gfx.blit_text(surf, name, size, (box.centerx, box.centery - kit.text.ink_offset(name, size, True)), colour,
                      "center", True)
        shown = [(card, later, "") for card, later in m.hands[seat]]
        if m.indicator and m.indicator[0] == seat:
            shown.append((m.indicator[1], False, _("trump")))
        rect, k, strip, cw = p.hands[seat], max(1, p.rows[seat]), p.strips[seat], p.hand_w
        ch = self.art.height(cw)
        for i, (card, later, badge) in enumerate(shown):
            row, col = divmod(i, k)
            count = min(k, len(shown) - row * k)
            width = cw + strip * (count - 1)
            left = rect.centerx - width // 2 if p.centred[seat] else rect.left
            centre = (left + col * strip + cw // 2, rect.top + row * (ch // 2) + ch // 2)
            self.card(surf, card, centre, cw, dim=later, badge=badge)

    # ---- the bar and the column ------------------------------------------------------------------
    def bar(self, surf, review, position):
        p = self.p
        gfx.panel(surf, p.bar, style.PANEL, 0)
        room = p.play.left - p.close.right - 24
        title = f"{review.heading(position)} · {review.counter(position)}"
        size = kit.text.fit_size(title, p.heading, room if p.bar.height <= TOUCH + 16 else p.bar.width - 24, True, TEXT_MIN)
        x, y = p.heading_at
        if p.bar.height <= TOUCH + 16:  # landscape: the heading between the buttons, the game below it
            y = p.close.centery - size
            gfx.blit_text(surf, title, size, (x, y), style.TEXT, "midtop", True)
            game = _("Hand review · {game}").format(game=self.ui.title)
            gfx.blit_text(surf, game, p.small, (x, y + size + 8), style.TEXT_DIM, "midtop")
        else:
            gfx.blit_text(surf, title, size, (x, y), style.TEXT, "midtop", True)

    def info(self, surf, lines, context=(), code=None):
        """What happened at this step (the first line in bold), then, where there is room, the
        table's lines (contract, points, score) at the bottom; ``code``: the deal code above all."""
        p = self.p
        if p.info.height <= 0:
            return
        gfx.panel(surf, p.info, style.PANEL, 14)
        inner = p.info.inflate(-28, -28)
        if code:
            self.code(surf, code, inner)
            used = self.code_height(code, inner.width) + 16
            inner.top, inner.height = inner.top + used, inner.height - used
        y = inner.top
        size = p.text
        below = [row for line in context for row in kit.text.wrap(line, p.small, inner.width)]
        step = int(p.small * 1.3)
        text_rows = sum(len(kit.text.wrap(line, size, inner.width, i == 0)) for i, line in enumerate(lines))
        while below and text_rows * int(size * 1.3) + len(below) * step + 22 > inner.height:
            below.pop(0)  # the score stays longest
        need = len(below) * step + 6  # room below the last line's letters (Arabic sits low)
        if below:
            bottom = inner.bottom - need
            pygame.draw.line(surf, style.TEXT_DIM, (inner.left, bottom - 8), (inner.right, bottom - 8), 1)
            for i, row in enumerate(below):
                gfx.blit_text(surf, row, p.small, (inner.left, bottom + i * step), style.TEXT_DIM, within=inner)
            inner.height -= need + 16
        rows = [(line, i == 0) for i, line in enumerate(lines)]
        wrapped = [(row, bold) for line, bold in rows for row in kit.text.wrap(line, size, inner.width, bold)]
        step = int(size * 1.3)
        while len(wrapped) * step > inner.height and size > TEXT_MIN:  # a long step in a small band
            size -= 1
            step = int(size * 1.3)
            wrapped = [(row, bold) for line, bold in rows for row in kit.text.wrap(line, size, inner.width, bold)]
        for row, bold in wrapped:
            if y + step > inner.bottom + 4:
                break
            gfx.blit_text(surf, row, size, (inner.left, y), style.TEXT if bold else style.TEXT_DIM, bold=bold,
                          within=inner)
            y += step

    # ---- the deal code and the link ---------------------------------------------------------------
    def field_height(self, text, width) -> int:
        """The height of ``field``'s box for ``text`` in ``width``."""
        return 16 + len(broken(text, self.p.small, width - 16)) * int(self.p.small * 1.25)

    def field(self, surf, text, rect) -> pygame.Rect:
        """``text`` (a code or a link, left to right in every language) in an inset box at the
        top of ``rect``, as a text field shows what can be copied."""
        size, step = self.p.small, int(self.p.small * 1.25)
        box = pygame.Rect(rect.left, rect.top, rect.width, self.field_height(text, rect.width))
        gfx.panel(surf, box, (0, 0, 0, 150), 8, style.TEXT_DIM, 1)
        for i, line in enumerate(broken(text, size, box.width - 16)):
            gfx.blit_text(surf, line, size, (box.centerx, box.top + 8 + i * step), style.TEXT, "midtop")
        return box

    def code_height(self, code, width) -> int:
        label = len(kit.text.wrap(_("Deal code"), self.p.small, width, True)) * int(self.p.small * 1.3)
        return label + 6 + self.field_height(code, width)

    def code(self, surf, code, rect):
        """"Deal code" and the code in its box, from the top of ``rect``."""
        label = gfx.blit_wrapped(surf, _("Deal code"), self.p.small, pygame.Rect(rect.left, rect.top, rect.width, 0),
                                 style.TEXT_DIM, True, align="center")
        self.field(surf, code, pygame.Rect(rect.left, rect.top + label + 6, rect.width, 0))

    def centre_code_box(self, code, m):
        """Where the deal code goes in the middle of the table, clear of the names beside it (long
        ones reach past their cards): beside the names, else below them; None when neither holds it."""
        centre = self.p.centre
        names = [box for box in (self.name_box(m, seat)[0] for seat in (1, 3)) if box.colliderect(centre)]
        beside, below = centre.copy(), centre.copy()
        for name in names:
            if name.centerx < centre.centerx:
                beside.width, beside.left = beside.right - name.right - 12, name.right + 12
            else:
                beside.width = name.left - 12 - beside.left
            top = max(below.top, name.bottom + 8)
            below.height, below.top = below.bottom - top, top
        for area in (beside, below) if names else (centre,):
            width = min(area.width, max(kit.text.width(code, self.p.small) + 56, 320))
            box = pygame.Rect(0, 0, width, self.code_height(code, width - 24) + 24)
            box.center = area.center
            if width > 0 and area.contains(box):
                return box
        return None

    def centre_code(self, surf, code, m):
        """The deal code in the middle of the table while no card lies there (the deal, the
        auction); False when it finds no room there (the scene shows it in the column)."""
        box = self.centre_code_box(code, m)
        if box is None:
            return False
        gfx.panel(surf, box, style.PANEL, 14)
        self.code(surf, code, box.inflate(-24, -24))
        return True

    def link_panel(self, surf, link):
        """The link to this moment, over the table, when it could not be copied (the desktop
        prints it too)."""
        p = self.p
        box = self.overlay_rect()
        gfx.shadow(surf, box, 18)
        gfx.panel(surf, box, style.PANEL_SOLID + (255,), 18, style.ACCENT, 2)
        inner = box.inflate(-40, -32)
        title = _("Link to this moment")
        size = kit.text.fit_size(title, p.heading, inner.width, True, TEXT_MIN)
        gfx.blit_text(surf, title, size, (inner.centerx, inner.top), style.HIGHLIGHT, "midtop", True)
        self.field(surf, link, pygame.Rect(inner.left, inner.top + size + 20, inner.width, 0))

    # ---- overlays over the table -----------------------------------------------------------------
    def overlay_rect(self) -> pygame.Rect:
        p = self.p
        return p.board.inflate(-24, -16)

    @property
    def code_beside(self) -> bool:
        """Whether the final breakdown leaves the deal code to the column beside it (landscape:
        the breakdown needs its height for the tricks), else it shows it at its bottom."""
        return self.p.info.width < self.p.board.width // 2

    def summary(self, surf, review, code=None):
        """The final breakdown: the headline, the result's rows, the score before and after, the
        tricks as far as the room goes and the deal code (if given) at the bottom."""
        p, ui = self.p, self.ui
        box = self.overlay_rect()
        gfx.shadow(surf, box, 18)
        gfx.panel(surf, box, style.PANEL_SOLID + (255,), 18, style.ACCENT, 2)
        inner = box.inflate(-40, -32)
        obs, res = review.moments[-1].obs, review.result
        y = inner.top
        y += gfx.blit_wrapped(surf, ui.result_headline(obs, res), p.heading, inner, style.TEXT, True,
                              align="center") + 16
        rows = ui.result_rows(obs, res)
        if rows or ui.per_player:
            y = self.table(surf, inner, y, ui.result_header(), rows)
        y += 16
        gfx.blit_text(surf, _("Score"), p.small, (inner.left, y), style.TEXT_DIM, bold=True, within=inner)
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
                gfx.blit_text(surf, label, size, (inner.left, y), style.SIDE_COLOURS[side], bold=True, within=inner)
                y += size + 12
        bottom = inner.bottom
        if code:
            bottom -= self.code_height(code, inner.width)
            self.code(surf, code, pygame.Rect(inner.left, bottom, inner.width, 0))
        self.trick_list(surf, review, pygame.Rect(inner.left, y + 12, inner.width, bottom - 12 - y - 12))
        return y, bottom  # where the score ends and the code begins (the tests check they do not meet)

    def trick_list(self, surf, review, rect):
        """Each trick's winner (and points) in columns, as far as the room goes: no more columns
        than the longest entry allows at the smallest text; tricks that find no room end in "…"."""
        p = self.p
        tricks = review.tricks()
        if not tricks or rect.height < 2 * (p.small + 10):
            return
        gfx.blit_text(surf, _("Tricks"), p.small, rect.topleft, style.TEXT_DIM, bold=True, within=rect)
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
            gfx.blit_text(surf, text, size, (rect.left + c * col_w, rect.top + step + r * step), colour, within=rect)

    def table(self, surf, rect, y, header, rows):
        """Rows of text in columns from the start edge: every column but the first as wide as its
        widest cell, the first gets the rest (its cells cut short with … if need be)."""
        p = self.p
        size = p.text
        cells = [header] + [[str(c) for c in row] for row in rows]
        count = len(header)

        def widths(size):
            return [max(kit.text.width(r[i], size, True) for r in cells if i < len(r)) + 16 for i in range(count)]

        need = widths(size)
        room = rect.width - rect.width // 5  # the first column keeps a fifth at least
        while sum(need[1:]) > room and size > TEXT_MIN:
            size -= 1
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
                text = self.cut(text, p.small, rooms[i])
                gfx.blit_text(surf, text, p.small, (cols[i], y + p.small // 2 - kit.text.ink_offset(text, p.small, True)),
                              style.TEXT_DIM, "midleft", True, within=rect)
        y += p.small + 12
        for r, row in enumerate(rows):
            if r % 2 == 0:
                gfx.panel(surf, (rect.left - 8, y - 6, rect.width + 16, size + 12), (255, 255, 255, 16), 6)
            for i, cell in enumerate(row):
                text = self.cut(str(cell), size, rooms[i], i == 0)
                middle = y + size // 2 - kit.text.ink_offset(text, size, i == 0)
                gfx.blit_text(surf, text, size, (cols[i], middle), style.TEXT, "midleft", i == 0, within=rect)
            y += size + 14
        return y

    @staticmethod
    def cut(text, size, width, bold=True):
        """``text`` if it fits ``width`` at ``size``, else shortened with an ellipsis."""
        return kit.text.ellipsize(text, size, width, bold)

    def note(self, surf, review, note):
        """What an AI seat weighed for the action of this step: who, how many deals, the reason,
        and its choices with their estimates."""
        p = self.p
        box = self.overlay_rect()
        gfx.shadow(surf, box, 18)
        gfx.panel(surf, box, style.PANEL_SOLID + (255,), 18, style.ACCENT, 2)
        inner = box.inflate(-40, -32)
        y = inner.top
        for i, line in enumerate(review.note_lines(note)):
            y += gfx.blit_wrapped(surf, line, p.text, inner.move(0, y - inner.top), style.TEXT if i else style.HIGHLIGHT,
                                  i == 0) + 8
        y += 8
        rows = review.note_rows(note)
        shown = []
        for row in rows:  # as many as fit
            if y + (len(shown) + 2) * (p.text + 14) > inner.bottom:
                break
            shown.append(row)
        header = [_("Choice"), _("Points")]
        if any(row[2] for row in shown):  # a bid's chance, or in 304 and 28's play the bid in play's
            header.append(review.note_made_heading(note))
        self.table(surf, inner, y, header, [row[:len(header)] for row in shown])
