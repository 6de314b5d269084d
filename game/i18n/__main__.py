"""``python -m game.i18n check [LANG...] | extract | compile DIR [LANG...]`` — see catalog.py.

These work on the sources with Babel, which ``make test`` and ``make play`` install (the
``i18n`` extra); the game itself does not need it.
"""

import sys
from pathlib import Path

from . import CATALOG_DIR, LANGUAGES

USAGE = "usage: python -m game.i18n check [LANG...] | extract | compile DIR [LANG...]"


def main(argv) -> int:
    try:
        from . import catalog
    except ImportError as err:
        print(f"python -m game.i18n needs Babel ({err}): pip install -e '.[i18n]'", file=sys.stderr)
        return 2
    cmd = argv[0] if argv else "check"
    if cmd == "check":
        ok, lines = catalog.check(argv[1:] or None)
        print("\n".join(lines))
        return 0 if ok else 1
    if cmd == "extract" and len(argv) == 1:  # every catalog written before a word is printed:
        found = catalog.extract()                # a reader that stops early (| head) cuts no update
        n = catalog.write_template(found)
        lines = [f"{n} messages -> {catalog.POT.relative_to(catalog.ROOT)}"]
        for code in LANGUAGES:
            if code != "en":
                added, obsolete = catalog.update(code, found)
                lines.append(f"{code}: {added} new, {obsolete} obsolete kept for review")
        print("\n".join(lines))
        return 0
    if cmd == "compile" and len(argv) >= 2:  # the .po files -> .mo files in the folder given
        codes = argv[2:]
        unknown = [c for c in codes if c not in LANGUAGES or c == "en" or not catalog.catalog_path(c).exists()]
        if unknown:
            print(f"no translated catalog for {', '.join(unknown)}; "
                  f"languages: {', '.join(c for c in LANGUAGES if c != 'en')}", file=sys.stderr)
            return 2
        try:
            made = catalog.compile_dir(CATALOG_DIR, Path(argv[1]), codes or None)
        except (ValueError, OSError) as err:  # a malformed .po (UnicodeDecodeError is a ValueError too)
            print(f"cannot compile the catalogs: {err}", file=sys.stderr)
            return 1
        for path in made:
            print(f"{path.stem}: {path} ({path.stat().st_size} bytes)")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


sys.exit(main(sys.argv[1:]))
