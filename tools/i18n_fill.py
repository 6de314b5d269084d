"""Write translations into a catalog from a numbered list (a translator's work file).

    python tools/i18n_fill.py de translations/de.txt

Each line of the list is ``N<TAB>translation`` where N is the message's index in extraction
order (``python tools/i18n_fill.py --list`` prints the numbered English messages); ``\\n`` in a
translation stands for a newline.  Existing translations of other messages are kept.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.i18n import catalog  # noqa: E402


def main(argv) -> int:
    found = list(catalog.extract())
    if argv[:1] == ["--list"]:
        for i, m in enumerate(found):
            print(f"{i}\t{m}")
        return 0
    code, work = argv[0], Path(argv[1])
    catalog.update(code)
    path = catalog.catalog_path(code)
    messages = catalog.read(path, code)
    n = 0
    for line in work.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        idx, _, text = line.partition("\t")
        context, msgid = catalog.split_key(found[int(idx)])
        message = messages.get(msgid, context or None)
        message.string = text.replace("\\n", "\n")
        message.flags.discard("fuzzy")
        n += 1
    catalog.write(path, messages)
    print(f"{code}: {n} translations written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
