"""How well the search levels' sampled worlds read the auction: the share put where it is.

    python benchmarks/ai_inference.py [--game G] [--deals N] [--seed S] [--worlds K]
        [--chooser LEVEL] [--before DIR] [--json]

Each deal: the auction and the contract are made by the rules (or by the search level
``--chooser``); at the first card of the play every seat samples K worlds from its observation
and keeps them as a search level does (``search.Rejection``).  Printed per fit: the share of those
worlds that give each card of the seats that chose (bid, pushed, picked the contract) to its
real holder, averaged over the other choosers' cards, and the same for the chosen suit's cards
alone (a trump contract).  The fits: every world alike (no
reading), this checkout's rules' ``likelihood``, and with ``--before DIR`` another checkout's.
With three unseen hands a card lands in the right one about a third of the time by chance.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import search
from game.ai.rules import rules_for
from game.ai.worlds import Worlds
from game.engine import GAMES
from game.engine import actions as A

from ai_rules import rules_of_checkout
from arguments import checkout, whole_number, parse_with_smoke


def kept_worlds(obs, fit, count: int, rng: random.Random) -> list:
    """``count`` worlds for ``obs`` kept by the search's rejection rule (``fit`` None: all)."""
    worlds, rejection, out = Worlds(obs), search.Rejection(), []
    while len(out) < count:
        world = worlds.sample(rng)
        if fit is None or rejection.keep(fit(world, obs), rng):
            out.append(world)
    return out


def reading(game: str, fits: dict, deals: int, worlds: int, seed: str = "1",
            chooser: str = "baseline") -> dict:
    """Per fit: the share of worlds giving the choosers' unseen cards (all, and the trump
    suit's) to their real holders."""
    cls = GAMES[game]
    rules = rules_for(game)
    right = {name: [0.0, 0, 0.0, 0] for name in fits}
    for i in range(deals):
        hand = cls.deal(f"{seed}/{i}", None, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
        choosers = set()
        while hand.turn >= 0 and hand.phase != "play":
            obs = hand.observation(hand.turn)
            a = rules.act(hand, random.Random(i)) if chooser == "baseline" else search.choose(obs, chooser, i)
            if a not in (A.PASS, A.KEEP):
                choosers.add(hand.turn)
            hand.apply(a)
        if hand.turn < 0:
            continue  # thrown in before the play
        trump = getattr(hand, "trump", -1)
        for observer in range(4):
            if not choosers - {observer}:
                continue
            obs = hand.observation(observer)
            for name, fit in fits.items():
                kept = kept_worlds(obs, fit, worlds, random.Random(i * 4 + observer))
                tally = right[name]
                for seat in choosers - {observer}:
                    for c in hand.dealt[seat]:
                        share = sum(c in w.dealt[seat] for w in kept) / worlds
                        tally[0] += share
                        tally[1] += 1
                        if trump is not None and trump >= 0 and c >> 4 == trump:
                            tally[2] += share
                            tally[3] += 1
    return {name: {"cards": round(t[0] / t[1], 4) if t[1] else None,
                   "trumps": round(t[2] / t[3], 4) if t[3] else None} for name, t in right.items()}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="schieber", choices=list(GAMES))
    p.add_argument("--deals", type=whole_number, default=60)
    p.add_argument("--worlds", type=whole_number, default=40, help="worlds sampled an observer")
    p.add_argument("--seed", default="1")
    p.add_argument("--chooser", default="baseline", choices=search.ALL_LEVELS,
                   help="who makes the auction and the contract (default the rules)")
    p.add_argument("--before", metavar="DIR", type=checkout, help="another checkout whose fit is read too")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--game", "28", "--deals", "1", "--worlds", "2"])
    fits = {"every world alike": None, "this checkout": getattr(rules_for(args.game), "likelihood", None)}
    if args.before is not None:
        fits["--before"] = getattr(rules_of_checkout(args.before)(args.game), "likelihood", None)
    out = reading(args.game, fits, args.deals, args.worlds, args.seed, args.chooser)
    if args.json:
        print(json.dumps({"game": args.game, "deals": args.deals, "worlds": args.worlds,
                          "chooser": args.chooser, "fits": out}))
        return
    print(f"{args.game}: {args.deals} deals, {args.worlds} worlds an observer, choices by {args.chooser}")
    for name, r in out.items():
        print(f"  {name:18} choosers' cards in the right hand {r['cards']}, trumps {r['trumps']}")


if __name__ == "__main__":
    main(sys.argv[1:])
