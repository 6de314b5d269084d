"""Cut the shipped fonts down to the characters the game uses (issue 7).

    python tools/i18n_fonts.py            # rewrite assets/fonts/*.ttf subsets, print sizes

Sources: Debian's fonts-noto-core (Noto Sans Sinhala, Tamil, Malayalam, Arabic; SIL OFL 1.1)
and fonts-dejavu-core (DejaVu Sans).  Characters kept: for each script font, every character of
its language's catalog (``game/i18n/<lang>.po``) and of the language names; for DejaVu, every
character of the Latin catalogs, of the source files (card faces, symbols) and of printable
ASCII.  Layout tables (GSUB/GPOS/GDEF) are kept with all their features, so HarfBuzz still shapes
conjuncts, vowel signs and Arabic joining; hinting is dropped (the game renders antialiased).
Re-run after changing a catalog: ``tests/test_i18n.py`` fails if a catalog uses a character its
font lacks.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.i18n import LANGUAGES, catalog  # noqa: E402
from game.ui.fonts import SCRIPT_FONTS  # noqa: E402

NOTO = Path("/usr/share/fonts/truetype/noto")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
OUT = ROOT / "assets" / "fonts"
LATIN_LANGS = ("en", "de", "it", "fr")
# always kept in a script font: digits and the punctuation the catalogs may use around numbers
COMMON = set(" 0123456789.,:;!?()-+×·–—%/'\"«»…")


def catalog_chars(code: str) -> set[str]:
    path = ROOT / "game" / "i18n" / f"{code}.po"
    chars = set()
    if path.exists():
        for m in catalog.read(path):
            if m.id:
                chars |= set(m.string or "") | set(m.id)
    return chars


def source_chars() -> set[str]:
    chars = set()
    for path in (ROOT / "game").rglob("*.py"):
        chars |= set(path.read_text(encoding="utf-8"))
    return chars


def cut(src: Path, dst: Path, chars: set[str]) -> int:
    font = TTFont(src)
    cmap = font.getBestCmap()
    keep = sorted({ord(c) for c in chars if ord(c) in cmap} | {0x20, 0x25CC})
    opts = subset.Options()
    opts.layout_features = ["*"]
    opts.layout_scripts = ["*"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.hinting = False
    opts.notdef_outline = True
    opts.glyph_names = False
    opts.drop_tables += ["DSIG"]
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=keep)
    sub.subset(font)
    font.save(dst)
    return dst.stat().st_size


def main() -> int:
    names = "".join(LANGUAGES.values())
    total = 0
    # printable ASCII, Latin-1, the card-suit block (art and tests use all eight suit symbols),
    # general punctuation and arrows: cheap, and safe for names and notices
    always = [*range(0x20, 0x7F), *range(0xA0, 0x180), *range(0x2010, 0x2050), *range(0x2190, 0x21A0),
              *range(0x2660, 0x2668), 0x2212, 0x20AC]
    latin = set(map(chr, always)) | set(names) | source_chars()
    for code in LATIN_LANGS:
        latin |= catalog_chars(code)
    # the script fonts' catalogs may still carry Latin (Swiss terms, card letters) and symbols
    for code in SCRIPT_FONTS:
        latin |= catalog_chars(code)
    for bold, name in ((False, "DejaVuSans.ttf"), (True, "DejaVuSans-Bold.ttf")):
        src = DEJAVU / name
        if not src.exists():
            src = OUT / name
        size = cut(src, OUT / name, latin)
        total += size
        print(f"{name:34} {size:8,d} bytes")
    for code, files in SCRIPT_FONTS.items():
        chars = catalog_chars(code) | set(names) | COMMON
        for bold in (False, True):
            name = files[bold]
            size = cut(NOTO / name, OUT / name, chars)
            total += size
            print(f"{name:34} {size:8,d} bytes")
    print(f"{'all fonts':34} {total:8,d} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
