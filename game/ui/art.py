"""Card faces, backs and suit icons, drawn in code for the French and the Swiss deck, and the
French-suited Jass deck (the Swiss deck's cards with French suits and indices, as played in the
Romandie: the same game, other pictures).

Everything but the corner indices is drawn supersampled (at least 300 px wide) and
smooth-scaled down, so edges are anti-aliased at any size; the indices are
rendered by the font at the final size so they stay crisp on a phone.  Each
surface is made once per (card, width) and cached: treat them as read-only.
"""

from __future__ import annotations

import math

import pygame

from game.ui import kit

ASPECT = 1.4                 # card height / width
RADIUS = 0.075               # corner radius / width
_SUPER_WIDTH = 300           # least width at which the art is drawn before scaling down
_BODY = (253, 251, 245)
_EDGE = (156, 150, 140)
_GOLD = (222, 176, 58)
_GOLD_DARK = (150, 106, 24)
_SKIN = (246, 214, 178)
_LINE = (40, 32, 28)

# Ink per suit: two-colour and four-colour French, and the Swiss suits' index colours.
FRENCH_INK = ((24, 24, 30), (206, 28, 42), (206, 28, 42), (24, 24, 30))
FOUR_COLOUR_INK = ((24, 24, 30), (206, 28, 42), (26, 88, 200), (20, 128, 52))
SWISS_INK = ((100, 70, 18), (200, 32, 48), (28, 28, 28), (198, 98, 0))

FRENCH_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# The French-suited Jass deck: each Swiss suit (Eicheln, Rosen, Schilten, Schellen) drawn as the
# French suit it corresponds to (clubs, hearts, spades, diamonds); its ranks 6..A keep their
# places (the Banner is the 10, the Under the jack, the Ober the queen).
JASS_TO_FRENCH = (3, 1, 0, 2)
DECKS = ("french", "swiss", "french-jass")
SWISS_LABELS = ("", "", "", "", "6", "7", "8", "9", "10", "U", "O", "K", "A")

# Pip positions (column, row) as fractions of the card, for French 2..10 and Swiss 6..9.
_L, _M, _R = 0.35, 0.5, 0.65
_FRENCH_PIPS = {
    2: [(_M, .2), (_M, .8)],
    3: [(_M, .2), (_M, .5), (_M, .8)],
    4: [(_L, .2), (_R, .2), (_L, .8), (_R, .8)],
    5: [(_L, .2), (_R, .2), (_M, .5), (_L, .8), (_R, .8)],
    6: [(c, r) for r in (.2, .5, .8) for c in (_L, _R)],
    7: [(c, r) for r in (.2, .5, .8) for c in (_L, _R)] + [(_M, .35)],
    8: [(c, r) for r in (.2, .5, .8) for c in (_L, _R)] + [(_M, .35), (_M, .65)],
    9: [(c, r) for r in (.2, .4, .6, .8) for c in (_L, _R)] + [(_M, .5)],
    10: [(c, r) for r in (.2, .4, .6, .8) for c in (_L, _R)] + [(_M, .3), (_M, .7)],
}
_SL, _SR = 0.32, 0.68
_SWISS_PIPS = {
    6: [(c, r) for r in (.22, .5, .78) for c in (_SL, _SR)],
    7: [(c, r) for r in (.22, .5, .78) for c in (_SL, _SR)] + [(_M, .36)],
    8: [(c, r) for r in (.2, .4, .6, .8) for c in (_SL, _SR)],
    9: [(c, r) for r in (.2, .4, .6, .8) for c in (_SL, _SR)] + [(_M, .5)],
}


def _factor(size: int, target: int) -> int:
    """The supersampling factor: a power of two (smoothscale keeps opaque pixels exact with those)."""
    k = 2
    while size * k < target:
        k *= 2
    return k


def _drained(pieces):
    """What a generator drawing in pieces returns, all its pieces drawn at once."""
    while True:
        try:
            next(pieces)
        except StopIteration as done:
            return done.value


def _mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def _shade(colour, f: float):
    """Lighter (f > 0) or darker (f < 0) version of a colour."""
    return _mix(colour, (255, 255, 255) if f > 0 else (0, 0, 0), abs(f))


class Pen:
    """Draws in units of a box's width: (0, 0) is its top-left, x = 1 its right edge.

    With ``flip`` the drawing is turned by 180 degrees inside the box, which is
    how the lower half of a double-ended card is made.
    """

    def __init__(self, surface: pygame.Surface, rect, flip: bool = False):
        self.surface = surface
        self.rect = pygame.Rect(rect)
        self.unit = self.rect.w
        self.flip = flip

    def pt(self, x: float, y: float):
        r, u = self.rect, self.unit
        if self.flip:
            return r.right - x * u, r.bottom - y * u
        return r.x + x * u, r.y + y * u

    def px(self, length: float) -> int:
        return max(1, round(length * self.unit))

    def poly(self, colour, pts, outline=None, width: float = 0.03):
        pts = [self.pt(*p) for p in pts]
        pygame.draw.polygon(self.surface, colour, pts)
        if outline:
            self._stroke(outline, pts, width, closed=True)

    def line(self, colour, pts, width: float = 0.03):
        self._stroke(colour, [self.pt(*p) for p in pts], width, closed=False)

    def _stroke(self, colour, pts, width, closed):
        w = self.px(width)
        pygame.draw.lines(self.surface, colour, closed, pts, w)
        if w > 2:
            for p in pts:
                pygame.draw.circle(self.surface, colour, p, w / 2)

    def circle(self, colour, centre, radius: float, outline=None, width: float = 0.03):
        c = self.pt(*centre)
        if outline:
            pygame.draw.circle(self.surface, outline, c, radius * self.unit + self.px(width) / 2)
        pygame.draw.circle(self.surface, colour, c, radius * self.unit - (self.px(width) / 2 if outline else 0))

    def ellipse(self, colour, box, outline=None, width: float = 0.03):
        """An ellipse in the box (x0, y0, x1, y1)."""
        (ax, ay), (bx, by) = self.pt(box[0], box[1]), self.pt(box[2], box[3])
        rect = pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))
        if outline:
            w = self.px(width) // 2
            pygame.draw.ellipse(self.surface, outline, rect.inflate(w * 2, w * 2))
            rect = rect.inflate(-w, -w)
        pygame.draw.ellipse(self.surface, colour, rect)

    def sub(self, x: float, y: float, size: float, flip: bool | None = None) -> Pen:
        """A pen for the square box of side ``size`` centred on (x, y), turned like this one unless told."""
        a, b = self.pt(x - size / 2, y - size / 2), self.pt(x + size / 2, y + size / 2)
        rect = (round(min(a[0], b[0])), round(min(a[1], b[1])), round(size * self.unit), round(size * self.unit))
        return Pen(self.surface, rect, self.flip if flip is None else flip)


def _bezier(p0, p1, p2, n: int = 12):
    """Points of a quadratic Bézier curve from p0 to p2 pulled towards p1."""
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
            for t in (i / n for i in range(n + 1))]


def _heart_points(top: float = 0.06, bottom: float = 0.96, half_width: float = 0.46, n: int = 72):
    raw = [(16 * math.sin(t) ** 3,
            -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
           for t in (2 * math.pi * i / n for i in range(n))]
    y0, y1 = min(p[1] for p in raw), max(p[1] for p in raw)
    return [(0.5 + x / 16 * half_width, top + (y - y0) / (y1 - y0) * (bottom - top)) for x, y in raw]


_HEART = _heart_points()
_SPADE_BODY = [(x, 0.78 - (y - 0.06) * 0.74) for x, y in _heart_points(0.06, 0.96, 0.44)]
_STEM = _bezier((0.5, 0.58), (0.5, 0.9), (0.3, 0.97), 8) + _bezier((0.7, 0.97), (0.5, 0.9), (0.5, 0.58), 8)
_DIAMOND = (_bezier((0.5, 0.03), (0.66, 0.3), (0.86, 0.5)) + _bezier((0.86, 0.5), (0.66, 0.7), (0.5, 0.97))
            + _bezier((0.5, 0.97), (0.34, 0.7), (0.14, 0.5)) + _bezier((0.14, 0.5), (0.34, 0.3), (0.5, 0.03)))


def draw_french_suit(pen: Pen, suit: int, colour) -> None:
    if suit == 1:
        pen.poly(colour, _HEART)
    elif suit == 2:
        pen.poly(colour, _DIAMOND)
    elif suit == 0:
        pen.poly(colour, _SPADE_BODY)
        pen.poly(colour, _STEM)
    else:
        for c in ((0.5, 0.27), (0.27, 0.55), (0.73, 0.55)):
            pen.circle(colour, c, 0.215)
        pen.poly(colour, [(0.42, 0.4), (0.58, 0.4), (0.6, 0.6), (0.4, 0.6)])
        pen.poly(colour, _STEM)


# Swiss suits in their traditional colours.
_ACORN_NUT, _ACORN_CUP, _ACORN_LINE = (212, 156, 56), (122, 116, 40), (72, 46, 14)
_ROSE_RED, _ROSE_LEAF, _ROSE_LINE = (208, 36, 46), (64, 138, 52), (96, 16, 20)
_SHIELD_YELLOW, _SHIELD_BLACK, _SHIELD_RED = (244, 200, 40), (26, 26, 26), (196, 36, 40)
_BELL_GOLD, _BELL_RED, _BELL_LINE = (242, 194, 46), (206, 44, 40), (104, 60, 10)


def _acorn(pen: Pen):
    pen.line(_ACORN_LINE, [(0.5, 0.2), (0.52, 0.1), (0.6, 0.03)], 0.06)
    pen.ellipse(_ACORN_NUT, (0.25, 0.3, 0.75, 0.97), _ACORN_LINE, 0.04)
    pen.ellipse(_shade(_ACORN_NUT, 0.4), (0.33, 0.48, 0.43, 0.78))
    pen.ellipse(_ACORN_CUP, (0.18, 0.12, 0.82, 0.5), _ACORN_LINE, 0.04)
    for i in range(5):                     # the cup's scales
        y = 0.2 + i * 0.06
        half = 0.3 * math.sqrt(max(0.0, 1 - ((y - 0.31) / 0.19) ** 2))
        n = int(half / 0.07)
        for j in range(-n, n + 1):
            pen.circle(_shade(_ACORN_CUP, -0.35), (0.5 + j * 0.07 + (i % 2) * 0.035, y), 0.016)
    pen.line(_shade(_ACORN_CUP, 0.25), [(0.24, 0.42), (0.5, 0.47), (0.76, 0.42)], 0.03)


def _rose(pen: Pen):
    for k in range(5):
        a = math.radians(-90 + 36 + 72 * k)
        sepal = [(0.5 + rad * math.cos(a + turn), 0.5 + rad * math.sin(a + turn))
                 for rad, turn in ((0.22, -0.4), (0.48, 0.0), (0.22, 0.4))]
        pen.poly(_ROSE_LEAF, sepal, _shade(_ROSE_LEAF, -0.5), 0.025)
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        pen.circle(_ROSE_RED, (0.5 + 0.2 * math.cos(a), 0.5 + 0.2 * math.sin(a)), 0.19, _ROSE_LINE, 0.03)
    pen.circle(_shade(_ROSE_RED, 0.15), (0.5, 0.5), 0.2, _ROSE_LINE, 0.03)
    pen.circle((248, 208, 60), (0.5, 0.5), 0.095, _ROSE_LINE, 0.025)
    for k in range(5):
        a = math.radians(-90 + 72 * k)
        pen.circle(_ROSE_LINE, (0.5 + 0.045 * math.cos(a), 0.5 + 0.045 * math.sin(a)), 0.014)


def _shield_outline(inset: float = 0.0):
    """A heraldic shield: top edge dipping slightly, straight sides, curving to a point."""
    top, side, x0, x1, tip = 0.07 + inset, 0.52, 0.16 + inset, 0.84 - inset, (0.5, 0.96 - inset * 1.6)
    return ([(x0, top), (0.5, top + 0.03), (x1, top), (x1, side)]
            + _bezier((x1, side), (x1, 0.82 - inset), tip) + _bezier(tip, (x0, 0.82 - inset), (x0, side)))


def _shield(pen: Pen):
    pen.poly(_SHIELD_BLACK, _shield_outline())
    pen.poly(_SHIELD_YELLOW, _shield_outline(0.07))
    pen.poly(_SHIELD_BLACK, [(0.23, 0.3), (0.77, 0.3), (0.77, 0.44), (0.23, 0.44)])
    pen.poly(_SHIELD_RED, [(0.23, 0.335), (0.77, 0.335), (0.77, 0.405), (0.23, 0.405)])
    pen.circle(_SHIELD_BLACK, (0.5, 0.64), 0.07)
    pen.circle(_shade(_SHIELD_YELLOW, 0.45), (0.5, 0.64), 0.03)


def _bell(pen: Pen):
    cx, cy, r = 0.5, 0.56, 0.39
    pen.circle(_BELL_GOLD, (0.5, 0.12), 0.07, _BELL_LINE, 0.04)
    pen.circle(_BELL_GOLD, (cx, cy), r, _BELL_LINE, 0.04)

    def arc_x(y):
        return math.sqrt(max(0.0, r * r - (y - cy) ** 2)) - 0.012

    ys = [0.36 + i * 0.16 / 8 for i in range(9)]
    pen.poly(_BELL_RED, [(cx - arc_x(y), y) for y in ys] + [(cx + arc_x(y), y) for y in reversed(ys)])
    pen.line(_BELL_LINE, [(cx - arc_x(0.36), 0.36), (cx + arc_x(0.36), 0.36)], 0.02)
    pen.line(_BELL_LINE, [(cx - arc_x(0.52), 0.52), (cx + arc_x(0.52), 0.52)], 0.02)
    pen.ellipse(_shade(_BELL_GOLD, 0.55), (0.3, 0.24, 0.42, 0.32))
    pen.line(_BELL_LINE, [(0.38, 0.76), (0.62, 0.76)], 0.045)
    for x in (0.36, 0.64):
        pen.circle(_BELL_LINE, (x, 0.76), 0.045)
    pen.line(_BELL_LINE, [(0.5, 0.76), (0.5, 0.93)], 0.035)


_SWISS_SUITS = (_acorn, _rose, _shield, _bell)


def _rounded_mask(size, radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


# --- court figures -----------------------------------------------------------------

_STYLES = {  # headwear, face hair, attribute
    "king": ("crown", "beard", "sceptre"),
    "queen": ("tiara", "long hair", "flower"),
    "jack": ("cap", "short hair", "halberd"),
    "ober": ("hat", "moustache", "sword"),
    "under": ("beret", "short hair", "halberd"),
}


def draw_figure(pen: Pen, style: str, robe, trim, depth: float) -> None:
    """A court figure's bust in a box ``depth`` units tall (the box is 1 unit wide)."""
    head, hair, attribute = _STYLES[style]
    hair_colour = (204, 156, 64) if style == "queen" else (112, 74, 38)
    hand_y = 1.02 if depth > 1.3 else depth - 0.17
    sleeve = _shade(robe, -0.25)
    if hair == "long hair":
        pen.poly(hair_colour, _bezier((0.34, 0.72), (0.22, 0.2), (0.5, 0.19))
                 + _bezier((0.5, 0.19), (0.78, 0.2), (0.66, 0.72)), _LINE, 0.012)
    # the held attribute, behind the hand
    if attribute == "sceptre":
        pen.line(_GOLD_DARK, [(0.83, min(depth, hand_y + 0.2)), (0.83, 0.3)], 0.035)
        pen.circle(_GOLD, (0.83, 0.27), 0.045, _LINE, 0.012)
        pen.poly(_GOLD, [(0.83, 0.16), (0.85, 0.22), (0.81, 0.22)], _LINE, 0.01)
    elif attribute == "halberd":
        pen.line((124, 86, 50), [(0.83, min(depth, hand_y + 0.2)), (0.83, 0.22)], 0.03)
        pen.poly((206, 212, 220), [(0.83, 0.1), (0.87, 0.22), (0.83, 0.26), (0.79, 0.22)], _LINE, 0.01)
        pen.poly((206, 212, 220), [(0.84, 0.25), (0.95, 0.21), (0.95, 0.33), (0.84, 0.31)], _LINE, 0.01)
    elif attribute == "sword":
        pen.poly((214, 220, 228), [(0.81, hand_y - 0.08), (0.81, 0.22), (0.83, 0.16), (0.85, 0.22),
                                   (0.85, hand_y - 0.08)], _LINE, 0.01)
        pen.line(_GOLD_DARK, [(0.76, hand_y - 0.07), (0.9, hand_y - 0.07)], 0.035)
    # robe: rounded shoulders, sleeves, a central panel with buttons, gold edging
    shoulders = (_bezier((0.08, depth + 0.01), (0.06, 0.72), (0.3, 0.66))
                 + _bezier((0.7, 0.66), (0.94, 0.72), (0.92, depth + 0.01)))
    pen.poly(robe, shoulders, _LINE, 0.012)
    pen.poly(trim, [(0.41, 0.66), (0.59, 0.66), (0.63, depth + 0.01), (0.37, depth + 0.01)], _LINE, 0.01)
    y = 0.76
    while y < depth - 0.04:
        pen.circle(_GOLD, (0.5, y), 0.02, _LINE, 0.008)
        y += 0.1
    if depth > 1.3:                            # a standing figure has a belt
        pen.poly(_GOLD_DARK, [(0.09, 1.16), (0.91, 1.16), (0.91, 1.21), (0.09, 1.21)], _LINE, 0.008)
        pen.poly(_GOLD, [(0.45, 1.14), (0.55, 1.14), (0.55, 1.23), (0.45, 1.23)], _LINE, 0.008)
    for side in (1, -1):                       # sleeves down to the hands
        x = lambda v, side=side: 0.5 + side * (v - 0.5)
        pen.poly(sleeve, [(x(0.72), 0.68), (x(0.88), 0.76), (x(0.9), hand_y - 0.04),
                          (x(0.74), hand_y - 0.04), (x(0.7), 0.8)], _LINE, 0.01)
        pen.line(_GOLD, [(x(0.74), hand_y - 0.05), (x(0.9), hand_y - 0.05)], 0.025)
        pen.circle(_SKIN, (x(0.83), hand_y), 0.05, _LINE, 0.01)
    if style == "king":                        # ermine collar
        pen.poly((250, 248, 240), [(0.26, 0.655), (0.74, 0.655), (0.67, 0.74), (0.33, 0.74)], _LINE, 0.01)
        for xx in (0.35, 0.44, 0.56, 0.65):
            pen.circle(_LINE, (xx, 0.695), 0.01)
    else:
        pen.poly(_GOLD, [(0.36, 0.645), (0.64, 0.645), (0.58, 0.72), (0.42, 0.72)], _LINE, 0.01)
    if attribute == "flower":
        pen.line((60, 130, 60), [(0.17, hand_y), (0.2, 0.62)], 0.02)
        for k in range(5):
            a = math.radians(72 * k)
            pen.circle((236, 96, 126), (0.2 + 0.04 * math.cos(a), 0.58 + 0.04 * math.sin(a)), 0.032)
        pen.circle(_GOLD, (0.2, 0.58), 0.022)
    # neck, head and face
    pen.poly(_SKIN, [(0.45, 0.55), (0.55, 0.55), (0.56, 0.66), (0.44, 0.66)], _LINE, 0.008)
    pen.ellipse(_SKIN, (0.35, 0.25, 0.65, 0.6), _LINE, 0.012)
    if hair == "short hair":
        pen.poly(hair_colour, _bezier((0.34, 0.5), (0.3, 0.22), (0.5, 0.24))
                 + _bezier((0.5, 0.24), (0.7, 0.22), (0.66, 0.5))
                 + [(0.62, 0.5), (0.62, 0.36), (0.38, 0.36), (0.38, 0.5)], _LINE, 0.01)
    for xx in (0.45, 0.55):
        pen.ellipse((250, 250, 250), (xx - 0.025, 0.4, xx + 0.025, 0.43))
        pen.circle(_LINE, (xx, 0.415), 0.012)
        pen.line(_shade(hair_colour, -0.2), [(xx - 0.03, 0.385), (xx + 0.03, 0.38)], 0.01)
    pen.line(_shade(_SKIN, -0.3), [(0.5, 0.42), (0.49, 0.48), (0.515, 0.485)], 0.01)
    pen.circle((240, 170, 160), (0.42, 0.49), 0.02)
    pen.circle((240, 170, 160), (0.58, 0.49), 0.02)
    if hair == "beard":
        beard = (236, 236, 230)
        pen.poly(beard, _bezier((0.35, 0.45), (0.36, 0.7), (0.5, 0.7)) + _bezier((0.5, 0.7), (0.64, 0.7), (0.65, 0.45))
                 + [(0.6, 0.52), (0.4, 0.52)], _LINE, 0.01)
        pen.line(beard, [(0.43, 0.525), (0.5, 0.505), (0.57, 0.525)], 0.025)
        pen.line((180, 70, 70), [(0.47, 0.55), (0.53, 0.55)], 0.012)
    elif hair == "moustache":
        pen.line(hair_colour, [(0.42, 0.53), (0.5, 0.51), (0.58, 0.53)], 0.025)
        pen.line((180, 70, 70), [(0.47, 0.555), (0.53, 0.555)], 0.012)
    else:
        pen.line((196, 74, 74), [(0.47, 0.535), (0.5, 0.545), (0.53, 0.535)], 0.014)
    # headwear
    if head == "crown":
        pen.poly(_GOLD, [(0.34, 0.29), (0.33, 0.12), (0.42, 0.2), (0.5, 0.07), (0.58, 0.2),
                         (0.67, 0.12), (0.66, 0.29)], _LINE, 0.012)
        for xx, yy in ((0.33, 0.12), (0.5, 0.07), (0.67, 0.12)):
            pen.circle((250, 240, 210), (xx, yy), 0.02, _LINE, 0.006)
        pen.line(_GOLD_DARK, [(0.345, 0.255), (0.655, 0.255)], 0.015)
        pen.circle(trim, (0.5, 0.225), 0.028, _LINE, 0.008)
    elif head == "tiara":
        pen.poly(_GOLD, [(0.37, 0.28), (0.4, 0.18), (0.45, 0.23), (0.5, 0.13), (0.55, 0.23),
                         (0.6, 0.18), (0.63, 0.28)], _LINE, 0.01)
        pen.circle(trim, (0.5, 0.23), 0.022, _LINE, 0.006)
    elif head == "cap":
        crown = _bezier((0.32, 0.32), (0.3, 0.12), (0.52, 0.13)) + _bezier((0.52, 0.13), (0.72, 0.14), (0.68, 0.32))
        pen.poly(trim, crown, _LINE, 0.012)
        pen.line(_GOLD, [(0.33, 0.3), (0.67, 0.3)], 0.03)
        pen.poly((250, 250, 246), _bezier((0.6, 0.22), (0.66, 0.06), (0.8, 0.04)) + [(0.64, 0.24)], _LINE, 0.008)
    elif head == "hat":
        pen.ellipse(trim, (0.24, 0.24, 0.76, 0.33), _LINE, 0.012)
        pen.poly(trim, [(0.38, 0.29), (0.4, 0.13), (0.6, 0.13), (0.62, 0.29)], _LINE, 0.012)
        pen.line(_GOLD_DARK, [(0.39, 0.245), (0.61, 0.245)], 0.025)
        pen.poly((250, 250, 246), _bezier((0.58, 0.2), (0.66, 0.04), (0.84, 0.06)) + [(0.62, 0.22)], _LINE, 0.008)
    elif head == "beret":
        pen.ellipse(trim, (0.29, 0.17, 0.73, 0.32), _LINE, 0.012)
        pen.circle(_GOLD, (0.6, 0.2), 0.025, _LINE, 0.006)


# --- the art -----------------------------------------------------------------------

class CardArt:
    """Faces, backs, dimmed faces and suit icons of one deck ("french", "swiss" or "french-jass").

    A "french-jass" art takes the Swiss deck's cards (its suits 0..3 are Eicheln, Rosen, Schilten,
    Schellen) and draws each as the French card it corresponds to (``JASS_TO_FRENCH``)."""

    DIM = (150, 150, 158)  # a card that cannot be played: its colours multiplied by this

    def __init__(self, deck: str, four_colour: bool = False):
        if deck not in DECKS:
            raise ValueError(f"unknown deck {deck!r}")
        self.name = deck
        self.deck = "swiss" if deck == "swiss" else "french"  # how the faces are drawn
        self.suit_map = JASS_TO_FRENCH if deck == "french-jass" else (0, 1, 2, 3)
        self.four_colour = four_colour
        self.labels = SWISS_LABELS if deck == "swiss" else FRENCH_LABELS
        self._cache: dict[tuple, pygame.Surface] = {}
        self._bodies: dict[int, pygame.Surface] = {}  # width -> a blank card body, supersampled (``_blank``)

    def _drawn(self, card: int) -> int:
        """The card as this art draws it: a Swiss card's suit becomes its French suit."""
        return (self.suit_map[card >> 4] << 4) | (card & 15) if 0 <= card >> 4 < 4 else card

    # public --------------------------------------------------------------------
    @staticmethod
    def height(width: int) -> int:
        return round(width * ASPECT)

    @staticmethod
    def radius(width: int) -> int:
        """Corner radius of a card this wide (for outlines drawn around it)."""
        return max(2, round(width * RADIUS))

    def ink(self, suit: int):
        """The colour a suit's index is printed in (for suit letters in text)."""
        return self._ink(self.suit_map[suit])

    def _ink(self, suit: int):
        if self.deck == "swiss":
            return SWISS_INK[suit]
        return (FOUR_COLOUR_INK if self.four_colour else FRENCH_INK)[suit]

    def face(self, card: int, width: int) -> pygame.Surface:
        card = self._drawn(card)
        return self._cached(("face", card, width), lambda: self._face(card, width))

    def has_face(self, card: int, width: int) -> bool:
        """Whether the face of ``card`` at ``width`` is drawn already."""
        return ("face", self._drawn(card), width) in self._cache

    def has_back(self, width: int) -> bool:
        """Whether the back at ``width`` is drawn already."""
        return ("back", width) in self._cache

    def back(self, width: int) -> pygame.Surface:
        return self._cached(("back", width), lambda: self._back(width))

    BACK_PIECES = 4
    ONE_PIECE = 440  # the widest supersampled face drawn in one piece

    @staticmethod
    def pieces(card, width: int) -> int:
        """How many pieces ``drawing`` draws the picture of ``card`` at ``width`` in: a back in
        BACK_PIECES, a face in one where it is supersampled no wider than ONE_PIECE (0.5-1.8 ms
        natively, its body made already), else in two (1-2.5 ms whole)."""
        if card is None:
            return CardArt.BACK_PIECES
        return 1 if width * _factor(width, _SUPER_WIDTH) <= CardArt.ONE_PIECE else 2

    def drawing(self, card, width: int):
        """The face of ``card`` at ``width`` (the back for None) drawn in pieces, one a ``next``,
        then kept as ``face`` and ``back`` keep it: a face takes 0.5-2.6 ms natively, a back
        2-3.5 ms, too much for one frame beside its drawing.  Always ``pieces(card, width)``
        pieces, the picture drawn already or not (then they do nothing): what asks for them may
        count them."""
        n = self.pieces(card, width)
        if card is None:
            key, pieces = ("back", width), self._back_pieces
        else:
            card = self._drawn(card)
            key, pieces = ("face", card, width), lambda w: self._face_pieces(card, w, n)
        if key in self._cache:
            for _ in range(n - 1):
                yield
            return
        self._keep(key, (yield from pieces(width)))

    def dimmed(self, card: int, width: int) -> pygame.Surface:
        def make():
            surf = self.face(card, width).copy()
            surf.fill(self.DIM, special_flags=pygame.BLEND_RGB_MULT)
            return surf
        return self._cached(("dimmed", self._drawn(card), width), make)

    def suit_symbol(self, suit: int, size: int) -> pygame.Surface:
        return self._symbol(self.suit_map[suit], size)

    def _symbol(self, suit: int, size: int) -> pygame.Surface:
        """The symbol of the suit as drawn (a French suit in the French-suited Jass deck)."""
        def make():
            k = _factor(size, 160)
            big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
            big.fill((*self._ink(suit), 0))
            self._draw_suit(Pen(big, big.get_rect()), suit)
            return pygame.transform.smoothscale(big, (size, size))
        return self._cached(("suit", suit, size), make)

    def shadow(self, width: int) -> pygame.Surface:
        """A soft shadow, ``shadow_margin(width)`` larger than the card on every side."""
        def make():
            m, h = self.shadow_margin(width), self.height(width)
            small = pygame.Surface(((width + 2 * m) // 4 + 2, (h + 2 * m) // 4 + 2), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 110), (m // 4 + 1, m // 4 + 1, width // 4, h // 4),
                             border_radius=max(1, self.radius(width) // 4))
            return pygame.transform.smoothscale(small, (width + 2 * m, h + 2 * m))
        return self._cached(("shadow", width), make)

    @staticmethod
    def shadow_margin(width: int) -> int:
        return max(4, width // 10)

    # drawing -------------------------------------------------------------------
    def _cached(self, key, make) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._keep(key, make())
        return surf

    def _keep(self, key, surf) -> pygame.Surface:
        """``surf`` kept as ``key``'s picture, unless one is kept already (that one is returned)."""
        if key not in self._cache:
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return self._cache[key]

    def _draw_suit(self, pen: Pen, suit: int) -> None:
        if self.deck == "swiss":
            _SWISS_SUITS[suit](pen)
        else:
            draw_french_suit(pen, suit, self._ink(suit))

    def _blank(self, width: int):
        """A supersampled card body and a pen over the whole of it (a copy of the body kept for
        ``width``: made anew it took 0.25-1.2 ms of a face's time, the same each time)."""
        big = self.body(width).copy()
        return big, Pen(big, big.get_rect())

    def body(self, width: int) -> pygame.Surface:
        """The blank card body at ``width``, supersampled, kept until ``forget_bodies`` (a table
        makes it ahead, before the faces it draws ahead)."""
        body = self._bodies.get(width)
        if body is None:
            k = _factor(width, _SUPER_WIDTH)
            w, h = width * k, self.height(width) * k
            body = pygame.Surface((w, h), pygame.SRCALPHA)
            body.fill((*_EDGE, 0))
            r = self.radius(width) * k
            pygame.draw.rect(body, _EDGE, body.get_rect(), border_radius=r)
            pygame.draw.rect(body, _BODY, body.get_rect().inflate(-2 * k, -2 * k), border_radius=r - k)
            self._bodies[width] = body
        return body

    def forget_bodies(self) -> None:
        """Let the supersampled bodies go (a megabyte or two each) once no face is to be drawn ahead."""
        self._bodies.clear()

    def _face(self, card: int, width: int) -> pygame.Surface:
        return _drained(self._face_pieces(card, width, 1))

    def _face_pieces(self, card: int, width: int, n: int):
        """``_face`` in ``n`` pieces, 1 or 2 (a generator that returns the face)."""
        suit, label = card >> 4, self.labels[card & 15] if 0 <= card & 15 < 13 else ""
        if not label or not 0 <= suit < 4:
            raise ValueError(f"{card} is not a card of the {self.name} deck")
        big, pen = self._blank(width)
        if label == "A":
            self._ace(pen, suit)
        elif label in ("J", "Q", "K", "U", "O"):
            self._court(pen, suit, label)
        elif label == "10" and self.deck == "swiss":
            self._banner(pen, suit)
        else:
            self._pips(pen, suit, int(label))
        if n > 1:
            yield
        surf = pygame.transform.smoothscale(big, (width, self.height(width)))
        self._index(surf, suit, label)
        return surf

    def _pips(self, pen: Pen, suit: int, count: int) -> None:
        swiss = self.deck == "swiss"
        layout = (_SWISS_PIPS if swiss else _FRENCH_PIPS)[count]
        if swiss:
            size = {6: 0.25, 7: 0.23}.get(count, 0.2)
        else:
            size = 0.22 if count <= 3 else 0.19 if count <= 6 else 0.175
        for x, y in layout:
            y *= ASPECT
            self._draw_suit(pen.sub(x, y, size, flip=not swiss and y > ASPECT / 2 + 0.01), suit)

    def _ace(self, pen: Pen, suit: int) -> None:
        cy = ASPECT / 2
        if self.deck == "swiss":
            pen.ellipse((246, 238, 214), (0.2, cy - 0.42, 0.8, cy + 0.42), _GOLD_DARK, 0.012)
            for dy in (-0.47, 0.47):
                pen.line(_GOLD_DARK, [(0.36, cy + dy), (0.5, cy + dy * 0.93), (0.64, cy + dy)], 0.015)
            self._draw_suit(pen.sub(0.5, cy, 0.52), suit)
        else:
            size = 0.5 if suit == 0 else 0.42
            if suit == 0:
                pen.circle(_BODY, (0.5, cy), 0.3, _shade(self._ink(0), 0.6), 0.01)
            self._draw_suit(pen.sub(0.5, cy, size), suit)

    def _banner(self, pen: Pen, suit: int) -> None:
        flag = ((128, 94, 34), _ROSE_RED, (44, 44, 44), _BELL_RED)[suit]
        pen.line((122, 84, 46), [(0.3, 1.2), (0.3, 0.16)], 0.035)
        pen.circle(_GOLD, (0.3, 0.14), 0.04, _LINE, 0.012)
        top = _bezier((0.31, 0.22), (0.55, 0.14), (0.8, 0.26), 10)
        bottom = _bezier((0.8, 0.86), (0.55, 0.74), (0.31, 0.82), 10)
        pen.poly(flag, top + bottom, _LINE, 0.015)
        inner = [(x, y + 0.05) for x, y in top[1:-1]] + [(x, y - 0.05) for x, y in bottom[1:-1]]
        pen.poly((250, 244, 226), [(max(0.35, min(0.76, x)), y) for x, y in inner])
        self._draw_suit(pen.sub(0.56, 0.53, 0.32), suit)

    def _court(self, pen: Pen, suit: int, label: str) -> None:
        surf, w = pen.surface, pen.unit
        frame = pygame.Rect(round(0.245 * w), round(0.07 * w * ASPECT), round(0.51 * w), round(0.86 * w * ASPECT))
        ink = self._ink(suit)
        if self.deck == "french":
            style = {"J": "jack", "Q": "queen", "K": "king"}[label]
            main = (40, 46, 72) if ink == FRENCH_INK[0] else ink   # black robes would look heavy
            other = (36, 70, 156) if main[0] > 150 else (200, 34, 44)
            robe, trim = (other, main) if style == "jack" else (main, other)
        else:
            style = {"U": "under", "O": "ober", "K": "king"}[label]
            robe = ((86, 110, 40), (200, 36, 48), (40, 40, 40), (206, 60, 36))[suit]
            trim = ((214, 164, 60), (40, 80, 150), (236, 194, 40), (244, 200, 60))[suit]
        panel = pygame.Surface(frame.size, pygame.SRCALPHA)
        panel.fill(_mix(_BODY, _GOLD, 0.12))
        fw = frame.w
        if self.deck == "french":
            half = pygame.Rect(0, 0, fw, frame.h // 2)
            draw_figure(Pen(panel, half), style, robe, trim, half.h / fw)
            self._draw_suit(Pen(panel, (round(0.03 * fw), round(0.03 * fw), round(0.2 * fw), round(0.2 * fw))), suit)
            panel.blit(pygame.transform.rotate(panel.subsurface(half).copy(), 180), (0, frame.h - half.h))
            pygame.draw.line(panel, _GOLD_DARK, (0, frame.h // 2), (fw, frame.h // 2), max(1, fw // 70))
        else:
            # the Under holds his suit below him, the Ober above; the König beside him
            sym, gap = round(0.34 * fw), fw // 10
            figure_h = frame.h - sym - gap if label in "UO" else frame.h - fw // 8
            box = pygame.Rect(0, 0 if label == "U" else frame.h - figure_h, fw, figure_h)
            sym_at = {"U": (fw // 2, frame.h - sym // 2 - gap // 2), "O": (fw // 2, sym // 2 + gap // 2),
                      "K": (round(fw * 0.8), round(frame.h * 0.62))}[label]
            draw_figure(Pen(panel, box), style, robe, trim, box.h / fw)
            p = Pen(panel, (sym_at[0] - sym // 2, sym_at[1] - sym // 2, sym, sym))
            if label == "K":
                p.circle(_mix(_BODY, _GOLD, 0.12), (0.5, 0.5), 0.5, _GOLD_DARK, 0.04)
            self._draw_suit(p, suit)
        panel.blit(_rounded_mask(frame.size, round(0.05 * w)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(panel, frame)
        line = max(2, round(0.012 * w))
        pygame.draw.rect(surf, _GOLD_DARK, frame, line, border_radius=round(0.05 * w))
        pygame.draw.rect(surf, ink, frame.inflate(line * 3, line * 3), max(1, line // 2),
                         border_radius=round(0.05 * w) + line)

    def _index(self, surf: pygame.Surface, suit: int, label: str) -> None:
        width, height = surf.get_size()
        text = kit.text.tight_label(label, max(6, round(width * 0.26)), self._ink(suit), max(6, round(width * 0.21)))
        icon = self._symbol(suit, max(5, round(width * 0.17)))
        cw = max(text.get_width(), icon.get_width())
        corner = pygame.Surface((cw, text.get_height() + icon.get_height()), pygame.SRCALPHA)
        corner.blit(text, ((cw - text.get_width()) // 2, 0))
        corner.blit(icon, ((cw - icon.get_width()) // 2, text.get_height()))
        x, y = max(round(width * 0.025), round(width * 0.12) - cw // 2), round(width * 0.05)
        surf.blit(corner, (x, y))
        surf.blit(pygame.transform.rotate(corner, 180), (width - x - cw, height - y - corner.get_height()))

    def _back(self, width: int) -> pygame.Surface:
        return _drained(self._back_pieces(width))

    def _back_pieces(self, width: int):
        """``_back`` in BACK_PIECES pieces (a generator that returns the back)."""
        big, pen = self._blank(width)
        w = big.get_width()
        margin = round(0.06 * w)
        inner = big.get_rect().inflate(-2 * margin, -2 * margin)
        field = pygame.Surface(inner.size, pygame.SRCALPHA)
        base = (146, 26, 40)
        field.fill(base)
        step, lw = 0.1 * w, max(1, round(0.012 * w))
        n = int((inner.w + inner.h) / step) + 2
        # only the lines and dots that reach the field (the others drew nothing: the same pixels,
        # a back in a third of the time: it is drawn as a fan first shows)
        # (one colour, written as it is: the lines one way, then the other, give the same pixels)
        line, dot = _shade(base, 0.22), _shade(_GOLD, -0.1)
        for i in range(-n, n):
            x = i * step
            if -inner.h - lw <= x <= inner.w + lw:
                pygame.draw.line(field, line, (x, 0), (x + inner.h, inner.h), lw)
        yield
        for i in range(-n, n):
            x = i * step
            if -lw <= x <= inner.w + inner.h + lw:
                pygame.draw.line(field, line, (x, 0), (x - inner.h, inner.h), lw)
        for i in range(-1, int(inner.w / step) + 2):
            for j in range(int(inner.h / step) + 2):
                cx, cy = i * step + (step / 2 if j % 2 else 0), j * step / 2
                if 0 <= cx <= inner.w:
                    pygame.draw.circle(field, dot, (cx, cy), lw * 1.2)
        yield
        frame_in = round(0.05 * w)
        pygame.draw.rect(field, _GOLD, field.get_rect().inflate(-2 * frame_in, -2 * frame_in),
                         max(1, round(0.014 * w)), border_radius=round(0.04 * w))
        field.blit(_rounded_mask(inner.size, round(0.05 * w)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(field, inner)
        yield
        cy = ASPECT / 2
        pen.ellipse((250, 242, 222), (0.24, cy - 0.3, 0.76, cy + 0.3), _GOLD, 0.025)
        for suit, (dx, dy) in enumerate(((0, -0.12), (0.12, 0), (0, 0.12), (-0.12, 0))):
            self._draw_suit(pen.sub(0.5 + dx, cy + dy, 0.14), suit)
        return pygame.transform.smoothscale(big, (width, self.height(width)))
