"""The rule-based players of two checkouts against each other, card play only, in duplicate.

    python benchmarks/ai_rules.py --before DIR [--game G] [--deals N] [--seed S] [--json]

The rules (``game.ai.rules``) are the baseline, the search levels' roll-out policy and their
model of the other seats, so a change to them is first measured here, where a deal costs about two
milliseconds, before an arena run of the levels that use them.  Each deal: the auction and the
contract by this checkout's rules; then the hand is played twice, this checkout's rules for
one side and DIR's (another checkout, e.g. ``git worktree add /tmp/before main``) for the
other, then with the sides swapped.  Printed per game: this checkout's lead a deal in the
arena's figure (card points; 400 score points; Schieber points before the multiplier) with
its 95 % confidence interval (a hand thrown in before the play counts as level), and the share
of card decisions where the two rules differed.
DIR's ``game`` package is loaded under another name; its rules play on this checkout's hands.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.ai.arena import mean_ci
from game.ai.rules import rules_for
from game.engine import GAMES

from arguments import checkout, whole_number, parse_with_smoke


def rules_of_checkout(tree: Path):
    """``rules_for`` of the checkout at ``tree`` (its ``game`` package as ``game_before``)."""
    init = tree / "game" / "__init__.py"
    spec = importlib.util.spec_from_file_location("game_before", init,
                                                  submodule_search_locations=[str(init.parent)])
    package = importlib.util.module_from_spec(spec)
    sys.modules["game_before"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("game_before.ai.rules").rules_for


def duel(game: str, rules_a, rules_b, deals: int, seed: str = "1") -> dict:
    """A's lead a deal over B (the mean and its interval) and the share of differing choices."""
    cls = GAMES[game]
    auction = rules_for(game)
    leads, decisions, differ = [], 0, 0
    for i in range(deals):
        start = cls.deal(f"{seed}/{i}", None, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
        rng = random.Random(i)
        while start.turn >= 0 and start.phase != "play":
            start.fast_apply(auction.act(start, rng))
        if start.turn < 0:  # thrown in before the play
            leads.append(0.0)
            continue
        total = 0.0
        for a_side in (0, 1):
            hand = start.clone()
            rng = random.Random(i)
            while hand.turn >= 0:
                mine, other = (rules_a, rules_b) if hand.turn & 1 == a_side else (rules_b, rules_a)
                action = mine.act(hand, rng)
                if len(hand.fast_legal()) > 1:
                    decisions += 1
                    differ += action != other.act(hand, random.Random(0))
                hand.fast_apply(action)
            f = hand.figures()
            total += f[a_side] - f[1 - a_side]
        leads.append(total / 2)
    mean, low, high = mean_ci(leads)
    return {"deals": deals, "mean_lead": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
            "differ": round(differ / decisions, 4) if decisions else 0.0}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", metavar="DIR", type=checkout, required=True, help="the other checkout")
    p.add_argument("--game", choices=list(GAMES), help="one game (default all four)")
    p.add_argument("--deals", type=whole_number, default=2000)
    p.add_argument("--seed", default="1")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--before", str(Path(__file__).resolve().parent.parent), "--game", "28",
                                         "--deals", "2"])
    games = [args.game] if args.game else list(GAMES)
    before = rules_of_checkout(args.before)
    figures = {g: duel(g, rules_for(g), before(g), args.deals, args.seed) for g in games}
    if args.json:
        print(json.dumps({"ai_rules": figures, "python": sys.version.split()[0]}))
        return
    print(f"{'game':<10}{'deals':>7}{'lead a deal':>13}{'95 % CI':>20}{'choices differ':>16}")
    for g, f in figures.items():
        ci = f"[{f['ci95'][0]:+.2f}, {f['ci95'][1]:+.2f}]"
        print(f"{g:<10}{f['deals']:>7}{f['mean_lead']:>+13.2f}{ci:>20}{f['differ']:>16.2%}")


if __name__ == "__main__":
    main(sys.argv[1:])
