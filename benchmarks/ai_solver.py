"""How fast the exact search (``game.ai.solver``) solves a world near the end of a hand.

    nice -n 10 python benchmarks/ai_solver.py [--json] [--cards 4,5] [--hands N] [--repeat R]
        [--revealed] [--before DIR]

Positions: in each of N hands per game (default 30) played by the rule-based players from
fixed seeds, the first decision with a choice once every seat holds at most C cards (with
``--revealed``, in 304 and Twenty-Eight, and trump revealed before the running trick, where the
two games play alike; a hand where that never happens gives none).  For each
position one world is sampled from the observation and every legal card is solved in it, with
one fresh exact search (the game's ``family.exact_solver``: a search on bit masks in every game
once the trick play has begun, in Schieber once the first trick is complete, else ``Solver``),
as a search level does in its exact tricks.  Figures per game and C: how many
positions were searched on bit masks, the mean CPU milliseconds a position (the best of R runs, default 3: the figure moves by a fifth
from run to run on a shared virtual machine), the search's nodes, the milliseconds it then takes
to play every card's line of perfect play out (``solver.line_end``, which the search levels do in
their first 16 exact worlds for the side's points; timed apart), and a checksum of the values
found: with ``--before DIR`` (another checkout, e.g. ``git worktree add /tmp/before main``)
both are measured and the checksums must agree, as a faster search may change the work but
never a value.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))
from arguments import (checkout, parse_with_smoke, run_before, tree_to_measure,  # noqa: E402  (benchmarks/)
                       whole_number)

TREE = tree_to_measure(sys.argv[1:], HERE.parent.parent) if __name__ == "__main__" else HERE.parent.parent
sys.path.insert(0, str(TREE))

from game.ai import baseline_action  # noqa: E402
from game.ai.family import family_of  # noqa: E402
from game.ai.worlds import Worlds  # noqa: E402
from game.engine import GAMES  # noqa: E402


def trump_open(hand) -> bool:
    """304 and Twenty-Eight: trump was revealed before the running trick (other games: always)."""
    return 0 <= getattr(hand, "revealed_at", 0) <= 4 * len(hand.tricks)


def positions(game: str, cards: int, hands: int, revealed: bool = False) -> list:
    cls = GAMES[game]
    out = []
    for i in range(hands):
        hand = cls.deal(f"solve{i}", dealer=i % 4)
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            if (hand.phase == "play" and max(obs.hand_sizes) <= cards and len(obs.legal) > 1
                    and (not revealed or trump_open(hand))):
                out.append(obs)
                break
            hand.apply(baseline_action(obs, i))
    return out


def exact_search(world, side: int):
    """The game's exact search (a checkout from before ``family.exact_solver`` has ``Solver`` only)."""
    fam = family_of(type(world))
    if hasattr(fam, "exact_solver"):
        return fam.exact_solver(world, side)
    from game.ai.solver import Solver
    return Solver(side)


def solve_all(obs_list) -> tuple[float, int, float, int, float | None]:
    """(CPU seconds, nodes, checksum of the values, positions searched on bit masks, CPU seconds
    of the lines of perfect play after them, None in a checkout without ``line_end``) for solving
    every card of every position."""
    try:
        from game.ai.solver import line_end
    except ImportError:
        line_end = None
    nodes, check, masks = 0, 0.0, 0
    seconds = lines = 0.0
    for i, obs in enumerate(obs_list):
        t0 = time.process_time()
        world = Worlds(obs).sample(random.Random(i))
        solver = exact_search(world, obs.seat & 1)
        masks += type(solver).__name__ != "Solver"
        solved = []
        for j, a in enumerate(obs.legal):
            child = world.clone()
            child.fast_apply(a)
            v = solver.value(child)
            check += (j + 1) * v
            solved.append((child, v))
        nodes += solver.nodes
        t1 = time.process_time()
        seconds += t1 - t0
        if line_end is not None:
            for child, v in solved:
                line_end(solver, child, v)
            lines += time.process_time() - t1
    return seconds, nodes, round(check, 4), masks, None if line_end is None else lines


def measure(cards_list, hands: int, repeat: int, revealed: bool = False) -> dict:
    out = {}
    for game in GAMES:
        for cards in cards_list:
            obs_list = positions(game, cards, hands, revealed)
            runs = [solve_all(obs_list) for _ in range(repeat)]
            seconds = min(r[0] for r in runs)
            per = 1000 / max(1, len(obs_list))
            line = None if runs[0][4] is None else round(per * min(r[4] for r in runs), 1)
            out[f"{game}/{cards}"] = {"positions": len(obs_list), "on_masks": runs[0][3],
                                      "ms_per_position": round(per * seconds, 1),
                                      "nodes": runs[0][1], "checksum": runs[0][2], "line_ms": line}
    return out


def card_counts(text: str) -> list[int]:
    """``4,5``: the card counts to measure, or argparse's clear refusal."""
    try:
        return [whole_number(c.strip()) for c in text.split(",")]
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"takes card counts from 1 up with commas between, not {text!r}") from None


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--cards", type=card_counts, default=[4, 5], help="cards a seat holds at most (4,5)")
    p.add_argument("--hands", type=whole_number, default=30, help="hands a game (30)")
    p.add_argument("--repeat", type=whole_number, default=3, help="runs, the best one counts (3)")
    p.add_argument("--revealed", action="store_true",
                   help="304 and 28: only positions with trump revealed before the running trick")
    p.add_argument("--before", metavar="DIR", type=checkout, help="another checkout, measured as well")
    p.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--cards", "4", "--hands", "1", "--repeat", "1"])
    before = None
    if args.before:
        before = run_before(p, HERE, args.before, ["--cards", ",".join(map(str, args.cards)), "--hands",
                                                   str(args.hands), "--repeat", str(args.repeat)]
                            + ["--revealed"] * args.revealed)["ai_solver"]
    figures = measure(args.cards, args.hands, args.repeat, args.revealed)
    if args.json:
        print(json.dumps({"ai_solver": figures, "before": before, "python": sys.version.split()[0]}))
        return
    print(f"exact search, every card of one world a position, CPU clock, Python {sys.version.split()[0]}")
    print("\n".join(table(figures, before)))


def table(figures: dict, before: dict | None) -> list[str]:
    """The printed lines; with ``before``, its figures beside these and whether the values agree."""
    head = f"{'game/cards':<14}{'positions':>10}{'on masks':>10}{'ms/position':>13}{'nodes':>11}{'lines ms':>10}"
    if before:
        head += f"{'ms before':>11}{'nodes before':>14}{'speed-up':>10}{'values':>9}"
    lines = [head]
    for key, f in figures.items():
        walk = "-" if f.get("line_ms") is None else f["line_ms"]
        line = f"{key:<14}{f['positions']:>10}{f['on_masks']:>10}{f['ms_per_position']:>13}{f['nodes']:>11,}{walk:>10}"
        b = before and before.get(key)
        if b:
            same = "same" if b["checksum"] == f["checksum"] else "DIFFER"
            line += (f"{b['ms_per_position']:>11}{b['nodes']:>14,}"
                     f"{b['ms_per_position'] / max(f['ms_per_position'], 0.1):>10.2f}{same:>9}")
        lines.append(line)
    return lines


if __name__ == "__main__":
    main(sys.argv[1:])
