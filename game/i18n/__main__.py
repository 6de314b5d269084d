"""``python -m game.i18n check|extract|compile DIR`` — see game/i18n/catalog.py and mo.py."""

import sys
from pathlib import Path

from . import CATALOG_DIR, LANGUAGES, catalog, mo


def main(argv) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "check":
        ok, lines = catalog.check(argv[1:] or None)
        print("\n".join(lines))
        return 0 if ok else 1
    if cmd == "extract":
        found = catalog.extract()
        n = catalog.write_template(found)
        print(f"{n} messages -> {catalog.POT.relative_to(catalog.ROOT)}")
        for code in LANGUAGES:
            if code != "en":
                added, obsolete = catalog.update(code, found)
                print(f"{code}: {added} new, {obsolete} obsolete kept for review")
        return 0
    if cmd == "compile" and len(argv) == 2:  # the .po files -> .mo files in the folder given
        for path in mo.compile_dir(CATALOG_DIR, Path(argv[1]), LANGUAGES):
            print(f"{path.stem}: {path} ({path.stat().st_size} bytes)")
        return 0
    print("usage: python -m game.i18n check [LANG...] | extract | compile DIR", file=sys.stderr)
    return 2


sys.exit(main(sys.argv[1:]))
