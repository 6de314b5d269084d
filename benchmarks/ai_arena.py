"""Duplicate-arena figures of the AI levels against the rule-based baseline (or ``dd``).

    nice -n 10 python benchmarks/ai_arena.py [--games 28,304] [--levels normal,expert,normal@120]
        [--against baseline,dd,normal] [--deals 60] [--seed 1] [--jobs 2] [--json]

One line per (game, level, opponent): mean difference per deal over the opponent with its 95 %
confidence interval, the same in match score, the bid success rates and the time per decision
(the process's CPU time; ``dd`` thinks as long as the level).  Each line is the same as
``python -m game.ai.arena --game G --a LEVEL --b OPPONENT --deals N --seed S``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.ai.arena import player, play_deals
from game.engine import GAMES

from arguments import comma_list, whole_number, parse_with_smoke


def players(text: str) -> list[str]:
    """A comma-separated list of the arena's players (``arena.player``)."""
    return [player(name.strip()) for name in text.split(",")]


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--games", type=comma_list(list(GAMES)), default=list(GAMES))
    p.add_argument("--levels", type=players, default=["normal", "expert"],
                   help="comma-separated; a level held to a work budget: normal@120 (120 roll-outs a decision)")
    p.add_argument("--against", type=players, default=["baseline"],
                   help="opponents, comma-separated (baseline; dd; normal@120)")
    p.add_argument("--deals", type=whole_number, default=60)
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", type=whole_number, default=1, help="processes sharing the deals")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--games", "28", "--levels", "easy", "--deals", "1"])
    runs = [(g, lv, b) for g in args.games for lv in args.levels for b in args.against]
    for game, level, against in runs:
        t0 = time.perf_counter()
        out = play_deals(game, level, against, args.deals, args.seed, jobs=args.jobs)
        out["seconds"] = round(time.perf_counter() - t0)
        if args.json:
            print(json.dumps(out), flush=True)
            continue
        a, b = out["player_a"], out["player_b"]
        rate = lambda t: "-" if t["bid_success"] is None else f"{100 * t['bid_success']:.0f}%/{t['bids']}"
        print(f"{game:<9}{level:>7} vs {against}: {out['mean_diff']:+7.2f} per deal, 95% CI "
              f"[{out['ci95'][0]:+.2f}, {out['ci95'][1]:+.2f}], match score {out['score_diff']:+.2f} "
              f"[{out['score_ci95'][0]:+.2f}, {out['score_ci95'][1]:+.2f}], {args.deals} deals; bids made "
              f"{rate(a)} vs {rate(b)}; ms/decision mean {a['decision_ms_mean']:.0f} "
              f"p95 {a['decision_ms_p95']:.0f}; {out['seconds']} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
