"""How fast the AI builds worlds, and how many roll-outs a decision gets.

    nice -n 10 python benchmarks/ai_worlds.py [--json] [--seconds S] [--hands N] [--level L]
        [--dd-ms MS] [--wall-clock] [--before DIR] [--no-gc-freeze] [--worlds-each W]

Positions: every third decision (with a choice) of N hands per game played by the rule-based
players from fixed seeds.  Figures per game, on one core:
- ``worlds/s``: worlds sampled from a position's observation and rebuilt, as the search
  does it (``Worlds(obs)`` once, then ``sample`` W times, default 10; a normal decision samples
  some tens of worlds, an expert one some hundreds), and one at a time (``sample_world``);
- ``roll-outs``: the mean number of roll-outs (or exact searches) a ``Thinker`` at the level
  (default normal) finishes per decision, stepped in 10 ms slices like the table does, and
  its mean time per decision;
- ``slices``: those slices: the median, the share that ran past 10 ms and the longest (a unit
  starts only if its estimated cost fits; the tests check that logic on a clock of their own),
  the longest decision, and the longest pause of the garbage collector meanwhile (a full
  collection stops any slice it falls in, whatever the thinker does).  Like the app before its
  first frame (``ui.app.settle_memory``), the script leaves what exists before the thinking
  out of later collections (``gc.freeze``); ``--no-gc-freeze`` measures without that.

``--level dd`` measures the ``dd`` arena opponent instead, with a budget of ``--dd-ms`` (default
the normal level's).

Time is the process's CPU time (the thinker's own clock, as in the arena), so that other work
on a shared machine does not change the figures; ``--wall-clock`` measures on the wall clock.
``--before DIR`` measures the code of another checkout too (e.g. ``git worktree add /tmp/before
main``) with this same script and prints both, before and after.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))
from arguments import (checkout, parse_with_smoke, positive_number, run_before, tree_to_measure,  # noqa: E402
                       whole_number)

TREE = tree_to_measure(sys.argv[1:], HERE.parent.parent) if __name__ == "__main__" else HERE.parent.parent
sys.path.insert(0, str(TREE))

from game.ai import Thinker, baseline_action  # noqa: E402
from game.ai import search  # noqa: E402
from game.ai.worlds import Worlds, sample_world  # noqa: E402
from game.engine import GAMES  # noqa: E402

clock = time.perf_counter


def use_cpu_clock() -> None:
    """The thinker's budget and every figure here on the process's CPU time (works for this
    checkout and older ones, whose thinker reads ``time.perf_counter``)."""
    global clock
    clock = time.process_time
    search.time = types.SimpleNamespace(perf_counter=time.process_time, process_time=time.process_time)


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


def worlds_per_second(obs_list, seconds: float, per_observation: bool, each: int = 10) -> float:
    """Worlds built per second: ``per_observation`` keeps one ``Worlds`` per observation
    (``each`` worlds from it, as a thinker does), else each world is a ``sample_world`` call."""
    rng = random.Random(1)
    n, t0 = 0, clock()
    while True:
        for obs in obs_list:
            if per_observation:
                worlds = Worlds(obs)
                for _ in range(each):
                    worlds.sample(rng)
            else:
                sample_world(obs, rng)
        n += len(obs_list) * (each if per_observation else 1)
        elapsed = clock() - t0
        if elapsed >= seconds:
            return n / elapsed


def thinking(obs_list, level: str, dd_ms: float, freeze: bool = True) -> dict:
    """Roll-outs per decision, time per decision, and the length of its 10 ms slices."""
    if level == "dd":
        from game.ai.dd import DoubleDummy
    total, slices, spent, longest = 0, [], 0.0, 0.0
    pauses, started = [0.0], []

    def gc_timer(phase, info):
        if phase == "start":
            started[:] = [clock()]
        elif started:
            pauses.append((clock() - started[0]) * 1000)

    if freeze:
        gc.collect()
        gc.freeze()  # as the app does before its first frame (ui.app.settle_memory)
    gc.callbacks.append(gc_timer)
    for k, obs in enumerate(obs_list):
        t = DoubleDummy(obs, dd_ms, k) if level == "dd" else Thinker(obs, level, k)
        begun = clock()
        while not t.done:
            t0 = clock()
            t.step(10)
            slices.append((clock() - t0) * 1000)
        spent += clock() - begun
        longest = max(longest, clock() - begun)
        total += t.rollouts
    gc.callbacks.remove(gc_timer)
    gc.unfreeze()
    slices = sorted(slices) or [0.0]
    return {"rollouts_per_decision": round(total / len(obs_list), 1),
            "decision_ms": round(1000 * spent / len(obs_list), 1),
            "decision_ms_max": round(1000 * longest, 1),
            "slice_ms_median": round(slices[len(slices) // 2], 2),
            "slices_over_10ms": round(sum(s > 10 for s in slices) / len(slices), 3),
            "slice_ms_max": round(slices[-1], 2),
            "gc_pause_ms_max": round(max(pauses), 2)}


def measure(seconds: float, hands: int, level: str, dd_ms: float, freeze: bool = True, each: int = 10) -> dict:
    figures = {}
    for game in GAMES:
        obs_list = positions(game, hands)
        figures[game] = {"worlds_per_second": round(worlds_per_second(obs_list, seconds, True, each)),
                         "one_world_per_second": round(worlds_per_second(obs_list, seconds, False)),
                         **thinking(obs_list, level, dd_ms, freeze),
                         "decisions": len(obs_list)}
    return figures


def table(figures: dict, title: str) -> None:
    print(title)
    print(f"{'game':<10}{'worlds/s':>10}{'(one-off)':>11}{'roll-outs/decision':>20}{'ms/decision':>13}"
          f"{'decisions':>11}{'slice ms (median)':>19}{'past 10 ms':>12}{'longest':>9}{'longest decision':>18}"
          f"{'longest gc':>12}")
    for game, f in figures.items():
        print(f"{game:<10}{f['worlds_per_second']:>10,}{f['one_world_per_second']:>11,}"
              f"{f['rollouts_per_decision']:>20}{f['decision_ms']:>13}{f['decisions']:>11}{f['slice_ms_median']:>19}"
              f"{f['slices_over_10ms']:>12.1%}{f['slice_ms_max']:>9}{f.get('decision_ms_max', '-'):>18}"
              f"{f.get('gc_pause_ms_max', '-'):>12}")


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--seconds", type=positive_number, default=1.5, help="sampling a game (1.5)")
    p.add_argument("--hands", type=whole_number, default=4, help="hands a game (4)")
    p.add_argument("--level", default="normal", choices=[*search.LEVELS, "dd"])
    p.add_argument("--dd-ms", type=positive_number, default=search.LEVELS["normal"].budget_ms)
    p.add_argument("--worlds-each", type=whole_number, default=10, help="worlds an observation (10)")
    p.add_argument("--wall-clock", action="store_true")
    p.add_argument("--no-gc-freeze", action="store_true")
    p.add_argument("--before", metavar="DIR", type=checkout, help="another checkout, measured as well")
    p.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--seconds", "0.05", "--hands", "1", "--level", "easy", "--worlds-each", "2"])
    level, dd_ms, cpu = args.level, args.dd_ms, not args.wall_clock
    if cpu:
        use_cpu_clock()
    before = None
    if args.before:
        before = run_before(p, HERE, args.before, [
            "--seconds", str(args.seconds), "--hands", str(args.hands), "--level", level, "--dd-ms", str(dd_ms),
            "--worlds-each", str(args.worlds_each), *([] if cpu else ["--wall-clock"])])["ai_worlds"]
    figures = measure(args.seconds, args.hands, level, dd_ms, not args.no_gc_freeze, args.worlds_each)
    if args.json:
        print(json.dumps({"ai_worlds": figures, "before": before, "level": level, "cpu_clock": cpu,
                          "python": sys.version.split()[0]}))
        return
    what = f"{level + (f' ({dd_ms:g} ms)' if level == 'dd' else '')} level, {'CPU' if cpu else 'wall'} clock, one core, Python {sys.version.split()[0]}"
    if before:
        table(before, f"before ({args.before}): {what}")
        print()
    table(figures, f"{'after' if before else 'AI worlds'}: {what}")
    if before:
        print()
        print(f"{'game':<10}{'worlds/s after/before':>24}{'roll-outs after/before':>25}")
        for game, f in figures.items():
            b = before.get(game)
            if b:
                print(f"{game:<10}{f['worlds_per_second'] / b['worlds_per_second']:>24.2f}"
                      f"{f['rollouts_per_decision'] / max(b['rollouts_per_decision'], 0.1):>25.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
