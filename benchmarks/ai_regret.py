"""What a level gives away at its decisions: its choice judged by a far longer search.

    nice -n 10 python benchmarks/ai_regret.py --game schieber --level normal
        [--decisions 200] [--seed 1] [--phase play|contract|bid|all] [--reference 20]
        [--times 1,2] [--json]

Decisions are taken from hands played by the rules (every seat, bidding included). At each one
a reference search weighs the same candidates with ``--reference`` times the level's work cap
(no time limit, worlds of its own); then the level chooses once per factor of ``--times``, with
that many times its thinking time and work cap, with the same seed each time. A choice's
*regret* is how far the reference puts it below the reference's best (in the search's utility:
the figure plus the match score at the game's weight). Printed per factor: the mean regret
with its 95 % confidence interval, how often the choice was the reference's best, the mean
worlds per decision; and each factor paired against the first.

This measures how much a level loses to the noise of its sampling, against its own model of
the game (the roll-out policy, the sampled worlds), and what more time would win back; not
whether the model is right: the arena measures that. The reference's own noise adds the same
small amount to every factor's regret.
Thinking time is the process's CPU time, as in the arena.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.ai import search
from game.ai.arena import hash_seed, mean_ci
from game.ai.search import LEVELS, Thinker, baseline_action
from game.engine import GAMES
from game.engine import actions as A

from arguments import whole_number, parse_with_smoke

PHASES = ("play", "contract", "bid", "all")


def factors(text: str) -> list[float]:
    try:
        values = [float(x) for x in text.split(",")]
    except ValueError:
        values = []
    if not values or any(not 0 < v < float("inf") for v in values):
        raise argparse.ArgumentTypeError(f"takes numbers above 0, separated by commas, not {text!r}")
    return values


def wanted(obs, phase: str) -> bool:
    if len(obs.legal) < 2:
        return False
    if phase == "all":
        return True
    if phase == "bid":
        return obs.phase != "play" and any(A.is_bid(a) for a in obs.legal)
    return obs.phase == phase


def decision_points(game: str, seed: int, n: int, phase: str):
    """Up to ``n`` observations with a choice, from hands played by the rules (about one in
    five of the wanted decisions, so they spread over the hand)."""
    cls = GAMES[game]
    rng = random.Random(f"regret/{game}/{seed}")
    found = []
    for i in range(20 * n):
        hand = cls.deal(f"regret{seed}/{i}", None, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
        k = 0
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            if wanted(obs, phase) and rng.random() < 0.2:
                found.append((i, obs))
                if len(found) == n:
                    return found
            hand.apply(baseline_action(obs, hash_seed(str(seed), i, k)))
            k += 1
    return found


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=list(GAMES), required=True)
    p.add_argument("--level", choices=list(LEVELS), default="normal")
    p.add_argument("--decisions", type=whole_number, default=200)
    p.add_argument("--seed", type=whole_number, default=1)
    p.add_argument("--phase", choices=PHASES, default="play")
    p.add_argument("--reference", type=whole_number, default=20,
                   help="the reference's work cap, in multiples of the level's")
    p.add_argument("--times", type=factors, default=[1.0, 2.0],
                   help="the level's thinking time and work cap times these")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--game", "28", "--level", "easy", "--decisions", "2", "--reference", "2",
                                         "--times", "1"])

    search.cpu_clock = True
    level = LEVELS[args.level]
    LEVELS["reference"] = dataclasses.replace(level, budget_ms=1e9, max_rollouts=args.reference * level.max_rollouts)
    for k in args.times:
        LEVELS[f"x{k:g}"] = dataclasses.replace(level, budget_ms=k * level.budget_ms,
                                                max_rollouts=round(k * level.max_rollouts))
    points = decision_points(args.game, args.seed, args.decisions, args.phase)
    regrets = {k: [] for k in args.times}
    hits = {k: 0 for k in args.times}
    worlds = {k: 0 for k in args.times}
    rows = []
    for j, (i, obs) in enumerate(points):
        seed = hash_seed(str(args.seed), i, j)
        ref = Thinker(obs, "reference", seed)
        ref.rng = random.Random(seed ^ 0x5EED)  # the same candidates, worlds of its own
        ref.finish(50)
        ref_vals = {a: v[0] for a, v in ref.values().items()}
        if len(ref_vals) < 2:
            continue
        top = max(ref_vals.values())
        deck = GAMES[args.game].DECK
        row = {"deal": i, "phase": obs.phase,
               "reference": A.action_text(max(ref_vals, key=ref_vals.get), deck)}
        for k in args.times:
            t = Thinker(obs, f"x{k:g}", seed).finish(50)
            a = t.best()
            r = top - ref_vals.get(a, min(ref_vals.values()))
            regrets[k].append(r)
            hits[k] += r == 0
            worlds[k] += max(t.counts.values())
            row[f"{k:g}"] = {"action": A.action_text(a, deck), "regret": r,
                           "worlds": max(t.counts.values())}
        rows.append(row)
    n = len(rows)
    if not n:
        print("no decisions with a choice were found")
        return 1
    first = args.times[0]
    out = {"game": args.game, "level": args.level, "phase": args.phase, "decisions": n,
           "reference": args.reference, "times": {}}
    for k in args.times:
        mean, low, high = mean_ci(regrets[k])
        paired = mean_ci([x - y for x, y in zip(regrets[k], regrets[first])])
        out["times"][f"{k:g}"] = {"regret": [mean, low, high], "best_share": hits[k] / n,
                                  "worlds": worlds[k] / n, "against_first": list(paired)}
    if args.json:
        out["rows"] = rows
        print(json.dumps(out))
        return 0
    print(f"{args.game} {args.level}, {args.phase} decisions: {n}; reference {args.reference}x the work cap")
    for k in args.times:
        s = out["times"][f"{k:g}"]
        m, lo, hi = s["regret"]
        pm, plo, phi = s["against_first"]
        print(f"  x{k:g} the time: regret {m:.3f} [{lo:.3f}, {hi:.3f}], the reference's best {100 * s['best_share']:.0f} %, "
              f"worlds {s['worlds']:.0f}" + ("" if k == first else f"; against x{first:g}: {pm:+.3f} [{plo:+.3f}, {phi:+.3f}]"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
