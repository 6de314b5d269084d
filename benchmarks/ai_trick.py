"""One trick in duplicate: how two players differ in the play of a single trick.

    nice -n 10 python benchmarks/ai_trick.py --game 28 --a expert --b expert --b-exact 3
        [--cards 4] [--deals 100] [--seed 1] [--rest normal] [--json]

Each deal is played by the rules (bidding included) up to the start of the trick in which every
seat holds at most ``--cards`` cards. That trick is played by A for one side and by B for the
other, the rest of the hand by ``--rest`` for every seat; then the same position is played
again with the sides swapped. Printed: A's lead a deal in the arena's figure (card points; 400
score points; Schieber points before the multiplier) and in the search's utility (the figure
plus the match score at the game's weight), each with its 95 % confidence interval.

Only one trick differs, so the spread is small and a hundred deals take minutes, where the
arena needs an hour at expert: this is how a change that only touches one part of the hand
(``--a-exact``/``--b-exact``: the level's exact search from that many cards) is measured.
Thinking time is the process's CPU time, as in the arena; ``dd`` thinks as long as expert.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.ai import search
from game.ai.arena import PLAYERS, at_least, decide, hash_seed, mean_ci
from game.ai.outcome import figures, utility
from game.ai.search import LEVELS, baseline_action, cards_left
from game.engine import GAMES

from arguments import whole_number, parse_with_smoke


def with_exact(level: str, exact: int | None) -> str:
    """The name of ``level`` with its exact search from ``exact`` cards (registered in LEVELS)."""
    if exact is None:
        return level
    if level not in LEVELS:
        raise SystemExit(f"only a search level has an exact search to change, not {level!r}")
    name = f"{level}-exact{exact}"
    LEVELS[name] = dataclasses.replace(LEVELS[level], exact_cards=exact)
    return name


def position(game: str, seed: str, i: int, cards: int):
    """Deal ``i`` played by the rules to the start of the trick with at most ``cards`` a seat
    (None if the hand ends before it: thrown in, or a contract decided early)."""
    cls = GAMES[game]
    hand = cls.deal(f"{seed}/{i}", None, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
    k = 0
    while not hand.is_over():
        if hand.phase == "play" and not hand.trick and cards_left(hand) <= cards:
            return hand
        hand.apply(baseline_action(hand.observation(hand.turn), hash_seed(seed, i, k)))
        k += 1
    return None


def play_trick(start, players: list[str], rest: str, tag: str, dd_ms: float, times: list) -> list:
    """Finish a copy of ``start``: its first trick by ``players[side]``, the rest by ``rest``."""
    hand = start.clone()
    trick_no = len(hand.tricks)
    k = 0
    while not hand.is_over():
        seat = hand.turn
        obs = hand.observation(seat)
        ours = len(hand.tricks) == trick_no  # the trick the two players differ in
        t0 = search.clock()
        action = decide(obs, players[seat & 1] if ours else rest, hash_seed(tag, seat, k), dd_ms)
        if ours and len(obs.legal) > 1:
            times[seat & 1].append((search.clock() - t0) * 1000)
        hand.apply(action)
        k += 1
    return hand


def trick_duplicate(game: str, a: str, b: str, cards: int, deals: int, seed: str = "1",
                    rest: str = "normal", dd_ms: float | None = None) -> dict:
    """A's lead a deal over B in the trick with ``cards`` cards a seat (see the module)."""
    dd_ms = dd_ms if dd_ms is not None else LEVELS["expert"].budget_ms
    figure, util, times = [], [], [[], []]
    skipped = 0
    was, search.cpu_clock = search.cpu_clock, True
    try:
        for i in range(deals):
            start = position(game, seed, i, cards)
            if start is None:
                skipped += 1
                continue
            d = u = 0.0
            for a_side in (0, 1):
                players = [a, b] if a_side == 0 else [b, a]
                t = [[], []]
                hand = play_trick(start, players, rest, f"{seed}/{i}", dd_ms, t)
                times[0] += t[a_side]
                times[1] += t[1 - a_side]
                f = figures(hand)
                d += (f[a_side] - f[1 - a_side]) / 2
                u += utility(hand, a_side) / 2  # (a lead: the other side's is its negative)
            figure.append(d)
            util.append(u)
    finally:
        search.cpu_clock = was
    m, lo, hi = mean_ci(figure)
    um, ulo, uhi = mean_ci(util)
    ms = [round(sum(x) / len(x), 1) if x else 0.0 for x in times]
    return {"game": game, "a": a, "b": b, "cards": cards, "seed": seed, "deals": len(figure),
            "skipped": skipped, "mean_diff": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "utility_diff": round(um, 3), "utility_ci95": [round(ulo, 3), round(uhi, 3)],
            "differing_deals": sum(1 for x, y in zip(figure, util) if x or y),
            "decision_ms_mean": {"a": ms[0], "b": ms[1]}, "per_deal": [round(x, 3) for x in figure]}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, choices=list(GAMES))
    p.add_argument("--a", required=True, choices=PLAYERS)
    p.add_argument("--b", required=True, choices=PLAYERS)
    p.add_argument("--a-exact", type=at_least(0), default=None, help="A's exact search from this many cards")
    p.add_argument("--b-exact", type=at_least(0), default=None, help="B's exact search from this many cards")
    p.add_argument("--cards", type=whole_number, default=4,
                   help="the trick played: every seat holds at most this many")
    p.add_argument("--deals", type=whole_number, default=100)
    p.add_argument("--seed", default="1")
    p.add_argument("--rest", default="normal", choices=PLAYERS, help="who plays the other tricks")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--game", "28", "--a", "baseline", "--b", "easy", "--rest", "baseline",
                                         "--deals", "1"])
    a, b = with_exact(args.a, args.a_exact), with_exact(args.b, args.b_exact)
    t0 = time.perf_counter()
    out = trick_duplicate(args.game, a, b, args.cards, args.deals, args.seed, args.rest)
    out["seconds"] = round(time.perf_counter() - t0)
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.game}: the trick with {args.cards} cards a seat, {a} (A) vs {b} (B), {out['deals']} deals x 2"
          f" (seed {args.seed}; {out['skipped']} hands over before it; the rest by {args.rest})")
    print(f"A - B per deal: {out['mean_diff']:+.2f} [{out['ci95'][0]:+.2f}, {out['ci95'][1]:+.2f}] figure,"
          f" {out['utility_diff']:+.2f} [{out['utility_ci95'][0]:+.2f}, {out['utility_ci95'][1]:+.2f}] utility;"
          f" {out['differing_deals']} deals differ; ms a decision A {out['decision_ms_mean']['a']},"
          f" B {out['decision_ms_mean']['b']}; {out['seconds']} s")


if __name__ == "__main__":
    main(sys.argv[1:])
