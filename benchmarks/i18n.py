"""What the game's translation costs at run time (the compiled catalogs: `make catalogs`).

    python benchmarks/i18n.py

- ``cold load``: switching to a language whose catalog is not loaded yet (reading its
  ``.mo``), per language: best and median of five rounds over the seven translated ones.
- ``warm switch``: switching between languages already loaded.
- ``_()``: one lookup of a translated message.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import parse_with_smoke
from game import i18n


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])  # it takes no sizes
    smoke = parse_with_smoke(p, argv, []).smoke
    rounds = 1 if smoke else 2000
    codes = [c for c in i18n.LANGUAGES if c != "en"]
    cold = []
    for _round in range(5):
        i18n._loaded.clear()
        started = time.perf_counter()
        for code in codes:
            i18n.set_language(code)
        cold.append((time.perf_counter() - started) * 1000 / len(codes))
    switches = rounds * len(codes)
    started = time.perf_counter()
    for _round in range(rounds):
        for code in codes:
            i18n.set_language(code)
    warm = (time.perf_counter() - started) * 1e6 / switches
    i18n.set_language("de")
    lookups = 100 if smoke else 200_000
    started = time.perf_counter()
    for _n in range(lookups):
        i18n._("Settings")
    lookup = (time.perf_counter() - started) * 1e9 / lookups
    print(f"cold load: best {min(cold):.2f} ms, median {statistics.median(cold):.2f} ms a language")
    print(f"warm switch: {warm:.2f} us")
    print(f"_(): {lookup:.0f} ns a lookup")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
