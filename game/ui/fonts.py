"""Our shipped fonts and the path to the app's assets.

No system font is ever used: a browser running the pygbag build has none.  DejaVu Sans
(subset) draws Latin text, digits and the suit symbols ♠♥♦♣; Noto Sans Sinhala, Tamil,
Malayalam and Arabic (subsets, SIL OFL 1.1, see ``assets/fonts/``) draw their scripts, shaped
by HarfBuzz through pygame-ce's ``Font.set_script`` / ``set_direction``.

A string is drawn as *runs*: stretches of one script, each with the font that has it (a
Tamil sentence naming "Obenabe" is a Tamil run, a DejaVu run, a Tamil run).  A line with
Arabic in it is laid out right to left (``visual_runs``): digits and Latin words inside it keep
their left-to-right order, and brackets are mirrored.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pygame

from game import i18n

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
# language -> (regular, bold) files of the font for its script
SCRIPT_FONTS = {
    "si": ("NotoSansSinhala-Regular.ttf", "NotoSansSinhala-Bold.ttf"),
    "ta": ("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf"),
    "ml": ("NotoSansMalayalam-Regular.ttf", "NotoSansMalayalam-Bold.ttf"),
    "ar": ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
}
SCRIPT_CODES = {"si": "Sinh", "ta": "Taml", "ml": "Mlym", "ar": "Arab"}  # ISO 15924, for HarfBuzz
SCRIPT_RANGES = {
    "si": ((0x0D80, 0x0DFF),),
    "ta": ((0x0B80, 0x0BFF),),
    "ml": ((0x0D00, 0x0D7F),),
    "ar": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
}
RTL_FACES = {"ar"}
# inside a run of these scripts, these characters stay in the script's font (it has them);
# an Arabic run keeps only what has no direction of its own (digits form LTR runs)
ZW = "\u200c\u200d"
STAYS = {
    "si": set(" .,:;!?()-–—…'\"" + ZW), "ta": set(" .,:;!?()-–—…'\"" + ZW),
    "ml": set(" .,:;!?()-–—…'\"" + ZW), "ar": set(" .:!«»،؛؟" + ZW),
}
LATIN = "latin"

_PACKAGE_ASSETS = Path(__file__).resolve().parents[2] / "assets"
_cache: dict[tuple, pygame.font.Font] = {}


def asset_path(*parts: str) -> Path:
    """A file under ``assets/``: beside the package natively, else under the cwd (pygbag's app root)."""
    path = _PACKAGE_ASSETS.joinpath(*parts)
    return path if path.exists() else Path.cwd().joinpath("assets", *parts)


def _ensure_init():
    if not pygame.font.get_init():
        _cache.clear()
        pygame.font.init()


def face_font(face: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font of ``face`` ('latin' or a script language) at ``size`` px, cached and set up
    for shaping (script and direction)."""
    _ensure_init()
    key = (face, max(1, int(size)), bool(bold))
    f = _cache.get(key)
    if f is None:
        name = FONT_FILES[key[2]] if face == LATIN else SCRIPT_FONTS[face][key[2]]
        f = pygame.font.Font(str(asset_path("fonts", name)), key[1])
        if face != LATIN:
            f.set_script(SCRIPT_CODES[face])
            if face in RTL_FACES:
                f.set_direction(pygame.DIRECTION_RTL)
        if not _cache:  # pygame forgets its quit hooks once it has called them: one per filling
            pygame.register_quit(_clear)
        _cache[key] = f
    return f


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (or Sans Bold) at ``size`` pixels, cached (Latin text, card faces)."""
    return face_font(LATIN, size, bold)


FIRST_SCRIPT_CHAR = chr(min(lo for ranges in SCRIPT_RANGES.values() for lo, _hi in ranges))


def script_of(ch: str) -> str | None:
    if ch < FIRST_SCRIPT_CHAR:  # Latin, digits, punctuation: most of what is measured
        return None
    o = ord(ch)
    for face, ranges in SCRIPT_RANGES.items():
        for lo, hi in ranges:
            if lo <= o <= hi:
                return face
    return None


def _class(chars: str, ranges=()) -> str:
    """A regular expression's character class of ``chars`` and the code point ``ranges``."""
    return "[" + "".join(f"\\u{lo:04x}-\\u{hi:04x}" for lo, hi in ranges) \
        + "".join(f"\\u{ord(ch):04x}" for ch in sorted(chars)) + "]"


# a run of a script: one of its characters, then its characters and those that stay in its font
_SCRIPT_RUNS = re.compile("|".join(
    f"(?P<{face}>{_class('', ranges)}{_class(STAYS[face], ranges)}*)" for face, ranges in SCRIPT_RANGES.items()))


@lru_cache(maxsize=4096)
def runs(s: str) -> tuple[tuple[str, str], ...]:
    """``s`` cut into (text, face) runs in logical order: a run of a script starts at one of its
    characters and keeps the characters that stay in its font (``STAYS``: a space or comma
    between two of its words); everything else is Latin.  (A regular expression finds the
    script runs: wrapping measures thousands of new strings, a character at a time in Python
    was the most of a measure's cost.)"""
    if s and max(s) < FIRST_SCRIPT_CHAR:
        return ((s, LATIN),)  # no character of a script font: one Latin run
    out: list[tuple[str, str]] = []
    at = 0
    for found in _SCRIPT_RUNS.finditer(s):
        if found.start() > at:
            out.append((s[at:found.start()], LATIN))
        out.append((found.group(), found.lastgroup))
        at = found.end()
    if at < len(s):
        out.append((s[at:], LATIN))
    return tuple(out)


def is_rtl_text(s: str) -> bool:
    return any(face in RTL_FACES for _, face in runs(s))


# ---- bidi: the order of a right-to-left line on screen -------------------------------------------
# A small version of the Unicode bidi algorithm (UAX #9) for one line whose paragraph direction
# is right to left: strong types R (Arabic letters) and L (other letters), EN (digits), and
# neutrals, which take the direction of the text on both sides when it agrees and the
# sentence's (right to left) otherwise; digits count as R for that.  A separator between two
# digits ("3/5", "0:2", "1,000") and a sign before a digit ("+20", "−3") join the number
# (UAX #9 would put a leading sign after the number; we keep "+20" readable).  In the visual
# order, left-to-right stretches (Latin words, numbers) keep their order inside the reversed
# sentence, and paired punctuation in a right-to-left stretch is mirrored: "(" is drawn as ")".
MIRRORED = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))
NUMBER_SEPARATORS = set("+-−.,:/")
SIGNS = set("+-−")
NUMBER_SUFFIXES = set("%°")


def _bidi_types(s: str) -> list[str]:
    """'R', 'L', 'EN' or 'N' for each character of ``s``, numbers' separators and signs joined."""
    types = []
    for ch in s:
        face = script_of(ch)
        if face in RTL_FACES:
            types.append("N" if ch in STAYS[face] else "R")
        elif "0" <= ch <= "9":
            types.append("EN")
        elif face is not None or ch.isalpha():
            types.append("L")
        else:
            types.append("N")
    n = len(s)
    for i, ch in enumerate(s):
        before = types[i - 1] if i else None
        after = types[i + 1] if i + 1 < n else None
        if types[i] != "N":
            continue
        if ch in NUMBER_SEPARATORS and before == "EN" and after == "EN":
            types[i] = "EN"
        elif ch in SIGNS and after == "EN" and before != "EN":
            types[i] = "EN"
        elif ch in NUMBER_SUFFIXES and before == "EN":
            types[i] = "EN"
    last = "R"  # a number after a Latin word (none of Arabic between) belongs to it: "Undenufe ×4"
    for i, t in enumerate(types):
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            types[i] = "L"
    return types


OPENING = {"(": ")", "[": "]", "{": "}"}


def _resolve_brackets(s: str, types: list[str]) -> None:
    """A pair of brackets takes one direction (UAX #9, N0): right to left if it holds
    right-to-left text or a number, left to right if it holds only left-to-right text that a
    left-to-right word precedes ("Obenabe (high)"); else the neutral rules decide."""
    stack, pairs = [], []
    for i, ch in enumerate(s):
        if ch in OPENING:
            stack.append(i)
        elif stack and OPENING[s[stack[-1]]] == ch:
            pairs.append((stack.pop(), i))
    for start, end in sorted(pairs):
        inside = {"R" if t == "EN" else t for t in types[start + 1:end]} - {"N"}
        if not inside:
            continue
        before = next((types[k] for k in range(start - 1, -1, -1) if types[k] != "N"), "R")
        side = "R" if "R" in inside or before != "L" else "L"
        types[start] = types[end] = side


def bidi_levels(s: str) -> list[int]:
    """The embedding level of each character of a right-to-left line: 1 right to left, 2 left to
    right (a Latin word, a number)."""
    types = _bidi_types(s)
    _resolve_brackets(s, types)
    strong = ["R" if t == "EN" else t for t in types]  # digits count as R for the neutrals
    levels = []
    i, n = 0, len(s)
    while i < n:
        if types[i] != "N":
            levels.append(1 if types[i] == "R" else 2)
            i += 1
            continue
        j = i
        while j < n and types[j] == "N":
            j += 1
        left = strong[i - 1] if i else "R"
        right = strong[j] if j < n else "R"
        levels += [2 if left == right == "L" else 1] * (j - i)
        i = j
    return levels


def visual_runs(s: str) -> list[tuple[str, str]]:
    """The (text, face) pieces of ``s`` left to right on screen.  A left-to-right line is its
    runs.  In a right-to-left line (any Arabic), the pieces are: Arabic stretches in logical
    order (their font shapes and lays them out right to left itself), left-to-right stretches
    in their own order, and each other character at a right-to-left level alone, mirrored
    when it is one of a pair — all of them in reversed order."""
    parts = runs(s)
    if not any(face in RTL_FACES for _, face in parts):
        return list(parts)
    faces = [face for text, face in parts for _ in text]
    levels = bidi_levels(s)
    units: list[list[tuple[str, str]]] = []  # each unit: its pieces, kept in order
    i, n = 0, len(s)
    while i < n:
        j = i + 1
        if levels[i] == 2:  # a left-to-right stretch, cut where the font changes
            while j < n and levels[j] == 2:
                j += 1
            pieces: list[tuple[str, str]] = []
            for k in range(i, j):
                if pieces and pieces[-1][1] == faces[k]:
                    pieces[-1] = (pieces[-1][0] + s[k], faces[k])
                else:
                    pieces.append((s[k], faces[k]))
            units.append(pieces)
        elif faces[i] in RTL_FACES:  # the Arabic font reverses it itself
            while j < n and levels[j] == 1 and faces[j] == faces[i]:
                j += 1
            units.append([(s[i:j], faces[i])])
        else:
            units.append([(MIRRORED.get(s[i], s[i]), faces[i])])
        i = j
    return [piece for unit in reversed(units) for piece in unit]



@lru_cache(maxsize=16384)
def size(s: str, px: int, bold: bool = False) -> tuple[int, int]:
    """Width and height of ``s`` drawn by :func:`render` (kept: the kit measures the same few
    thousand texts over and over as it fits them; the fonts' files never change)."""
    if not s:
        return 0, face_font(LATIN, px, bold).get_height()
    parts = runs(s)
    if len(parts) == 1:
        return face_font(parts[0][1], px, bold).size(s)
    w, asc, desc = 0, 0, 0
    for text, face in visual_runs(s):
        f = face_font(face, px, bold)
        w += f.size(text)[0]
        asc, desc = max(asc, f.get_ascent()), max(desc, f.get_height() - f.get_ascent())
    return w, asc + desc


def render(s: str, px: int, color, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased: one run directly, several runs side by side on a common
    baseline (right to left in an Arabic sentence)."""
    parts = runs(s) if s else ()
    if len(parts) <= 1:
        face = parts[0][1] if parts else LATIN
        return face_font(face, px, bold).render(s, True, color)
    pieces = []
    asc = desc = 0
    for text, face in visual_runs(s):
        f = face_font(face, px, bold)
        if f.size(text)[0]:  # a lone joiner or mark has no width (and cannot be rendered)
            pieces.append((f.render(text, True, color), f.get_ascent()))
        asc, desc = max(asc, f.get_ascent()), max(desc, f.get_height() - f.get_ascent())
    surf = pygame.Surface((sum(p.get_width() for p, _ in pieces), asc + desc), pygame.SRCALPHA)
    x = 0
    for img, a in pieces:
        surf.blit(img, (x, asc - a))
        x += img.get_width()
    return surf


def language_changed(code: str) -> None:
    """Cached text surfaces are stale once the language changes (registered below); the panels
    kept are not (a dialog's panel, made again in every language, took 1-2 ms)."""
    try:
        from . import gfx
        gfx.clear_text_caches()
    except ImportError:
        pass


i18n.on_language_change(language_changed)


def _clear():
    """Fonts made before ``pygame.quit()`` are dead after it; the hook is set again when the
    cache next fills (``face_font``)."""
    _cache.clear()
    runs.cache_clear()
