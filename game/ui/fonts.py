"""Our shipped fonts and the path to the app's assets.

No system font is ever used: a browser running the pygbag build has none.  DejaVu Sans
(subset) draws Latin text, digits and the suit symbols ♠♥♦♣; Noto Sans Sinhala, Tamil,
Malayalam and Arabic (subsets, SIL OFL 1.1, see ``assets/fonts/``) draw their scripts, shaped
by HarfBuzz through pygame-ce's ``Font.set_script`` / ``set_direction``.

A string is drawn as *runs*: stretches of one script, each with the font that has it (a
Tamil sentence naming "Obenabe" is a Tamil run, a DejaVu run, a Tamil run).  In an Arabic
sentence the runs are laid out right to left, while digits and Latin words inside it keep
their left-to-right order (the simple bidi that our texts need).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

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
NEUTRAL = " .,:;!?·–—"  # punctuation that follows the sentence's direction at a run's ends

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
        _cache[key] = f
    return f


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans (or Sans Bold) at ``size`` pixels, cached (Latin text, card faces)."""
    return face_font(LATIN, size, bold)


def script_of(ch: str) -> str | None:
    o = ord(ch)
    for face, ranges in SCRIPT_RANGES.items():
        for lo, hi in ranges:
            if lo <= o <= hi:
                return face
    return None


@lru_cache(maxsize=4096)
def runs(s: str) -> tuple[tuple[str, str], ...]:
    """``s`` cut into (text, face) runs in logical order."""
    out: list[list[str]] = []
    for ch in s:
        face = script_of(ch)
        if face is None:
            prev = out[-1][1] if out else None
            face = prev if prev not in (None, LATIN) and ch in STAYS[prev] else LATIN
        if out and out[-1][1] == face:
            out[-1][0] += ch
        else:
            out.append([ch, face])
    # a space or comma left between two runs of one script joins them back
    merged: list[list[str]] = []
    for text, face in out:
        if merged and merged[-1][1] == face:
            merged[-1][0] += text
        else:
            merged.append([text, face])
    return tuple((t, f) for t, f in merged)


def is_rtl_text(s: str) -> bool:
    return any(face in RTL_FACES for _, face in runs(s))


def _visual(s: str) -> list[tuple[str, str]]:
    """The runs left to right on screen.  In an Arabic sentence the runs are reversed; a
    left-to-right run (digits, a Latin word) keeps its inner order, and the spaces at its ends
    belong to the sentence, so they are split off before reversing."""
    parts = list(runs(s))
    if not is_rtl_text(s):
        return parts
    out = []
    for text, face in parts:
        if face == LATIN:
            core = text.strip(NEUTRAL)
            if not core:
                out.append((text, face))
                continue
            lead = text[:len(text) - len(text.lstrip(NEUTRAL))]
            trail = text[len(text.rstrip(NEUTRAL)):]
            # each neutral at an end takes the sentence's direction: its own piece, reversed with it
            out += [(c, face) for c in lead]
            out.append((core, face))
            out += [(c, face) for c in trail]
        else:
            out.append((text, face))
    out.reverse()
    return out


def size(s: str, px: int, bold: bool = False) -> tuple[int, int]:
    """Width and height of ``s`` drawn by :func:`render`."""
    if not s:
        return 0, face_font(LATIN, px, bold).get_height()
    parts = runs(s)
    if len(parts) == 1:
        return face_font(parts[0][1], px, bold).size(s)
    w, asc, desc = 0, 0, 0
    for text, face in _visual(s):
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
    for text, face in _visual(s):
        f = face_font(face, px, bold)
        pieces.append((f.render(text, True, color), f.get_ascent()))
        asc, desc = max(asc, f.get_ascent()), max(desc, f.get_height() - f.get_ascent())
    surf = pygame.Surface((sum(p.get_width() for p, _ in pieces), asc + desc), pygame.SRCALPHA)
    x = 0
    for img, a in pieces:
        surf.blit(img, (x, asc - a))
        x += img.get_width()
    return surf


def language_changed(code: str) -> None:
    """Called by ``game.i18n.set_language``: cached text surfaces are stale."""
    try:
        from . import gfx
        gfx.clear_caches()
    except ImportError:
        pass


def _clear():
    _cache.clear()
    runs.cache_clear()


pygame.register_quit(_clear)
