"""Random playouts per second for each game, through the engine's fastest public path.

    python benchmarks/engine.py [--json] [--seconds S]

Two figures per game, both on one core:
- ``play``: clone a hand at its first trick and finish it with random legal
  actions (``Hand.clone`` + ``Hand.playout``): what the AI's roll-outs cost;
- ``deal``: the same from the deal on (auction and trump choice included).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import GAMES  # noqa: E402
from game.engine.actions import is_play  # noqa: E402


def first_trick(cls, seed: int):
    """A hand dealt from ``seed``, advanced with random actions to its first card play."""
    hand = cls.deal(seed, dealer=seed % 4)
    rng = random.Random(seed)
    while not hand.is_over() and not any(is_play(a) for a in hand.legal_actions()):
        hand.apply(rng.choice(hand.legal_actions()))
    return None if hand.is_over() else hand


def rate(starts, seconds: float) -> float:
    rng = random.Random(7)
    n, t0 = 0, time.perf_counter()
    while True:
        for hand in starts:
            hand.clone().playout(rng)
        n += len(starts)
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return n / elapsed


def main(argv: list[str]) -> None:
    as_json = "--json" in argv
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 1.5
    figures = {}
    for name, cls in GAMES.items():
        dealt = [cls.deal(s, dealer=s % 4) for s in range(300)]
        at_play = [h for h in (first_trick(cls, s) for s in range(300)) if h is not None]
        figures[name] = {"play": round(rate(at_play, seconds)), "deal": round(rate(dealt, seconds))}
    if as_json:
        print(json.dumps({"playouts_per_second": figures, "python": sys.version.split()[0]}))
        return
    print(f"random playouts per second, one core, Python {sys.version.split()[0]}")
    print(f"{'game':<10}{'from first trick':>18}{'from the deal':>16}")
    for name, f in figures.items():
        print(f"{name:<10}{f['play']:>18,}{f['deal']:>16,}")


if __name__ == "__main__":
    main(sys.argv[1:])
