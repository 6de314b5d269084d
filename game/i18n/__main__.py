"""``python -m game.i18n check|extract`` — see game/i18n/catalog.py."""

import sys

from . import LANGUAGES, catalog


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
    print("usage: python -m game.i18n check [LANG...] | extract", file=sys.stderr)
    return 2


sys.exit(main(sys.argv[1:]))
