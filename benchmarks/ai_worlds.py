"""How fast the AI builds worlds, and how many roll-outs a normal-level decision gets.

    nice -n 10 python benchmarks/ai_worlds.py [--json] [--seconds S] [--hands N]

Positions: every third decision (with a choice) of N hands per game played by the rule-based
players from fixed seeds.  Figures per game, on one core:
- ``worlds/s``: worlds sampled from a position's observation and rebuilt, as the search
  does it (``Worlds(obs)`` once, then ``sample``), and one at a time (``sample_world``);
- ``roll-outs``: the mean number of roll-outs a ``Thinker`` at the normal level (70 ms
  native) finishes per decision, stepped in 10 ms slices like the table does.
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


def rollouts_per_decision(obs_list) -> float:
    total = 0
    for k, obs in enumerate(obs_list):
        t = Thinker(obs, "normal", k)
        while not t.done:
            t.step(10)
        total += t.rollouts
    return total / len(obs_list)


def main(argv: list[str]) -> None:
    as_json = "--json" in argv
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 1.5
    hands = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 4
    figures = {}
    for game in GAMES:
        obs_list = positions(game, hands)
        figures[game] = {"worlds_per_second": round(worlds_per_second(obs_list, seconds, True)),
                         "one_world_per_second": round(worlds_per_second(obs_list, seconds, False)),
                         "rollouts_per_decision": round(rollouts_per_decision(obs_list), 1),
                         "decisions": len(obs_list)}
    if as_json:
        print(json.dumps({"ai_worlds": figures, "python": sys.version.split()[0]}))
        return
    print(f"AI worlds, one core, Python {sys.version.split()[0]} (normal level: 70 ms, at most 400 roll-outs)")
    print(f"{'game':<10}{'worlds/s':>10}{'(one-off)':>11}{'roll-outs per decision':>25}{'decisions':>11}")
    for game, f in figures.items():
        print(f"{game:<10}{f['worlds_per_second']:>10,}{f['one_world_per_second']:>11,}"
              f"{f['rollouts_per_decision']:>25}{f['decisions']:>11}")


if __name__ == "__main__":
    main(sys.argv[1:])
