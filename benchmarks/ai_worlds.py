"""How fast the AI builds worlds, and how many roll-outs a normal-level decision gets.

    nice -n 10 python benchmarks/ai_worlds.py [--json] [--seconds S] [--hands N]

Positions: every third decision (with a choice) of N hands per game played by the rule-based
players from fixed seeds.  Figures per game, on one core:
- ``worlds/s``: worlds sampled from a position's observation and rebuilt, as the search
  does it (``Worlds(obs)`` once, then ``sample``), and one at a time (``sample_world``);
- ``roll-outs``: the mean number of roll-outs a ``Thinker`` at the normal level (70 ms
  native) finishes per decision, stepped in 10 ms slices like the table does;
- ``slices``: those slices on the machine's clock: the median, the share that ran past
  10 ms and the longest (a unit starts only if its estimated cost fits; the tests check that
  logic on a clock of their own).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Thinker, baseline_action  # noqa: E402
from game.ai.worlds import Worlds, sample_world  # noqa: E402
from game.engine import GAMES  # noqa: E402


def positions(game: str, hands: int) -> list:
    """Observations of every third decision with a choice, in hands played by the rules."""
    out = []
    for i in range(hands):
        hand = GAMES[game].deal(f"bench{i}", dealer=i % 4)
        k = 0
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            if len(obs.legal) > 1:
                if k % 3 == 0:
                    out.append(obs)
                k += 1
            hand.apply(baseline_action(obs, i))
    return out


def worlds_per_second(obs_list, seconds: float, per_observation: bool) -> float:
    """Worlds built per second: ``per_observation`` keeps one ``Worlds`` per observation (ten
    worlds each, as a thinker does), else each world is a ``sample_world`` call."""
    rng = random.Random(1)
    n, t0 = 0, time.perf_counter()
    while True:
        for obs in obs_list:
            if per_observation:
                worlds = Worlds(obs)
                for _ in range(10):
                    worlds.sample(rng)
            else:
                sample_world(obs, rng)
        n += len(obs_list) * (10 if per_observation else 1)
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return n / elapsed


def thinking(obs_list) -> dict:
    """Roll-outs per normal decision, and the wall-clock length of its 10 ms slices."""
    total, slices = 0, []
    for k, obs in enumerate(obs_list):
        t = Thinker(obs, "normal", k)
        while not t.done:
            t0 = time.perf_counter()
            t.step(10)
            slices.append((time.perf_counter() - t0) * 1000)
        total += t.rollouts
    slices = sorted(slices) or [0.0]
    return {"rollouts_per_decision": round(total / len(obs_list), 1),
            "slice_ms_median": round(slices[len(slices) // 2], 2),
            "slices_over_10ms": round(sum(s > 10 for s in slices) / len(slices), 3),
            "slice_ms_max": round(slices[-1], 2)}


def main(argv: list[str]) -> None:
    as_json = "--json" in argv
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 1.5
    hands = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 4
    figures = {}
    for game in GAMES:
        obs_list = positions(game, hands)
        figures[game] = {"worlds_per_second": round(worlds_per_second(obs_list, seconds, True)),
                         "one_world_per_second": round(worlds_per_second(obs_list, seconds, False)),
                         **thinking(obs_list),
                         "decisions": len(obs_list)}
    if as_json:
        print(json.dumps({"ai_worlds": figures, "python": sys.version.split()[0]}))
        return
    print(f"AI worlds, one core, Python {sys.version.split()[0]} (normal level: 70 ms, at most 400 roll-outs)")
    print(f"{'game':<10}{'worlds/s':>10}{'(one-off)':>11}{'roll-outs/decision':>20}{'decisions':>11}"
          f"{'slice ms (median)':>19}{'past 10 ms':>12}{'longest':>9}")
    for game, f in figures.items():
        print(f"{game:<10}{f['worlds_per_second']:>10,}{f['one_world_per_second']:>11,}"
              f"{f['rollouts_per_decision']:>20}{f['decisions']:>11}{f['slice_ms_median']:>19}"
              f"{f['slices_over_10ms']:>12.1%}{f['slice_ms_max']:>9}")


if __name__ == "__main__":
    main(sys.argv[1:])
