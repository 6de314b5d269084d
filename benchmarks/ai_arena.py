"""Duplicate-arena figures of the AI levels against the rule-based baseline.

    nice -n 10 python benchmarks/ai_arena.py [--games 28,304] [--levels normal,expert]
        [--deals 60] [--seed 1] [--jobs 2] [--json]

One line per (game, level): mean difference per deal over the baseline with its 95 %
confidence interval, the same in match score, the bid success rates and the time per decision.  Each line is
the same as ``python -m game.ai.arena --game G --a LEVEL --b baseline --deals N --seed S``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.arena import play_deals  # noqa: E402
from game.engine import GAMES  # noqa: E402


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--levels", default="normal,expert")
    p.add_argument("--deals", type=int, default=60)
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", type=int, default=1, help="processes sharing the deals")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    for game in args.games.split(","):
        for level in args.levels.split(","):
            t0 = time.perf_counter()
            out = play_deals(game, level, "baseline", args.deals, args.seed, jobs=args.jobs)
            out["seconds"] = round(time.perf_counter() - t0)
            if args.json:
                print(json.dumps(out), flush=True)
                continue
            a, b = out["player_a"], out["player_b"]
            rate = lambda t: "-" if t["bid_success"] is None else f"{100 * t['bid_success']:.0f}%/{t['bids']}"
            print(f"{game:<9}{level:>7} vs baseline: {out['mean_diff']:+7.2f} per deal, 95% CI "
                  f"[{out['ci95'][0]:+.2f}, {out['ci95'][1]:+.2f}], match score {out['score_diff']:+.2f} "
                  f"[{out['score_ci95'][0]:+.2f}, {out['score_ci95'][1]:+.2f}], {args.deals} deals; bids made "
                  f"{rate(a)} vs {rate(b)}; ms/decision mean {a['decision_ms_mean']:.0f} "
                  f"p95 {a['decision_ms_p95']:.0f}; {out['seconds']} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
