"""Build the opening table of 304 and 28 (game/ai/data/opening.json) by playing deals out.

    nice -n 10 python3 tools/make_opening_table.py --samples 48 --seed 1 --jobs 2

For every class of 4-card opening hands (game/ai/opening.py) and every suit it holds, the
same ``--samples`` deals of the other 28 cards (common random numbers: every trump choice of
a class meets the same deals) are played out by the rule-based players at every seat: the
holder is forehand, bids the minimum, the others pass, the holder lays the lowest card of the
suit as indicator (as the rules do).  The trumper side's card points give mean and quantiles.
Deterministic given ``--seed`` (each class draws from its own seeded generator), whatever
``--jobs``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.ai.opening import COLUMNS, DATA_FILE, all_keys, key_cards, key_slots
from game.ai.rules import rules_for
from game.ai.rules_hidden_trump import BY_POWER
from game.engine import GAMES
from game.engine import actions as A
from game.engine.cards import cards_in

HOLDER, DEALER = 0, 3  # the holder sits at forehand


def deals_for(key: int, samples: int, seed: str) -> list[list[list[int]]]:
    """``samples`` deals giving the class's hand to the holder as first packet."""
    mine = cards_in(key_cards(key))
    rest = [s << 4 | r for s in range(4) for r in range(5, 13) if (s << 4 | r) not in mine]
    rng = random.Random(f"opening|{seed}|{key}")
    out = []
    for _ in range(samples):
        rng.shuffle(rest)
        dealt = [list(mine) + rest[0:4]] + [rest[4 + 8 * i:12 + 8 * i] for i in range(3)]
        out.append(dealt)
    return out


def play(game: str, dealt, trump: int) -> int:
    """The trumper side's card points when the holder wins at the minimum with ``trump``."""
    cls = GAMES[game]
    rules = rules_for(game)
    hand = cls(dealt, DEALER)
    if hand.phase == "redeal":
        hand.apply(A.KEEP)
    hand.apply(A.BID + hand.BID_LADDER[0])
    while hand.phase == "auction":
        hand.apply(A.PASS)
    packet = sum(1 << c for c in dealt[HOLDER][:4])
    low = next(c for c in reversed(BY_POWER[trump]) if packet >> c & 1)
    hand.apply(A.INDICATOR + low)
    rng = random.Random(0)  # the rules do not draw on it
    while hand.turn >= 0:
        hand.fast_apply(rules.act(hand, rng))
    return hand.taken[HOLDER & 1]


def quantile(sorted_xs: list[int], q: float) -> float:
    """Linear interpolation between order statistics."""
    pos = q * (len(sorted_xs) - 1)
    i = int(pos)
    j = min(i + 1, len(sorted_xs) - 1)
    return sorted_xs[i] + (sorted_xs[j] - sorted_xs[i]) * (pos - i)


def rate_class(args) -> tuple[int, list[tuple[float, ...]], list[float]]:
    """(key, per trump slot (mean, q10, q25, q50), per slot the standard error of the mean)."""
    game, key, samples, seed = args
    deals = deals_for(key, samples, seed)
    stats, errors = [], []
    for slot in key_slots(key):
        xs = sorted(play(game, d, slot) for d in deals)
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1))
        stats.append((mean, quantile(xs, 0.10), quantile(xs, 0.25), quantile(xs, 0.50)))
        errors.append(sd / math.sqrt(len(xs)))
    return key, stats, errors


def compact(game: str, values: tuple[float, ...]) -> list:
    """Whole points, but the mean of 28 to one decimal."""
    mean, *quantiles = values
    return [round(mean, 1) if game == "28" else round(mean)] + [round(q) for q in quantiles]


def build(game: str, samples: int, seed: str, jobs: int, keys: list[int]) -> tuple[dict, dict]:
    t0 = time.perf_counter()
    work = [(game, k, samples, seed) for k in keys]
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(rate_class, work, chunksize=8)
    else:
        results = list(map(rate_class, work))
    classes, errors, means = {}, [], []
    for key, stats, errs in results:
        classes[f"{key:08x}"] = [v for s in stats for v in compact(game, s)]
        errors += errs
        means += [s[0] for s in stats]
    seconds = time.perf_counter() - t0
    part = {"samples": samples, "seed": seed, "columns": list(COLUMNS), "classes": classes}
    summary = {"game": game, "classes": len(classes), "entries": len(errors), "seconds": round(seconds, 1),
               "se_mean": round(sum(errors) / len(errors), 2), "se_max": round(max(errors), 2),
               "rating_min": round(min(means), 1), "rating_max": round(max(means), 1)}
    return part, summary


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--samples", type=int, default=48, help="deals per class (shared by its trumps)")
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", type=int, default=1, help="processes (at most 2 on a shared machine)")
    p.add_argument("--games", default="28,304")
    p.add_argument("--limit", type=int, default=0, help="only the first N classes (a quick try)")
    p.add_argument("--out", default=DATA_FILE)
    args = p.parse_args(argv)
    keys = all_keys()
    print(f"{len(keys)} classes of 4-card opening hands under suit symmetry, "
          f"{sum(len(key_slots(k)) for k in keys)} (class, trump) entries")
    if args.limit:
        keys = keys[:args.limit]
    data = {"about": "game/ai/opening.py; built by tools/make_opening_table.py", "games": {}}
    for game in args.games.split(","):
        part, summary = build(game, args.samples, args.seed, args.jobs, keys)
        data["games"][game] = part
        print(json.dumps(summary))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {args.out}: {os.path.getsize(args.out)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
