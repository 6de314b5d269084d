"""The engine's public interface, timed per game on one core.

    python benchmarks/engine.py [--json] [--seconds S] [--deals N]

Each figure is one function below, ``measure_<name>(cls, seconds, deals)``, returning operations per
second of this process's CPU time (the best of five rounds, so that other work on the machine
counts as little as it can) over the same 300 deals of every game (``--deals``; dealers rotating,
default options):

- ``deal``: ``cls.deal(seed)``: shuffle, deal and set up a hand;
- ``fast_from_deal``: finish a clone of a freshly dealt hand with uniformly random choices
  through the fast path (``clone``, ``fast_legal``, ``fast_apply``): hands per second;
- ``fast_from_play``: the same from the first card play on (auction and trump choice done);
- ``apply``: the checked path a player's decisions take (``legal_actions``, ``apply``), whole
  hands from the deal: actions per second;
- ``observation``: ``observation(seat)`` at every decision of those hands, per second;
- ``rebuild``: ``with_cards`` + ``replay_actions`` of a hand at its first card play, the way
  search rebuilds a sampled world: rebuilds per second;
- ``rollout``: the AI's own roll-out (``game.ai.search.rollout``: the game's rule-based player
  for every seat, with the normal level's share of random moves) from the first card play to
  the end of the hand: roll-outs per second, the figure that bounds how many worlds the search
  weighs per decision.

A new figure is one more ``measure_`` function and one more entry in ``MEASURES``.  The random
choices of ``fast_*`` and ``apply`` are the benchmark's own (a fixed seed); ``rollout`` is the
AI's policy itself.  ``benchmarks/ai_worlds.py`` measures whole decisions (worlds sampled and
rolled out per second).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.engine import GAMES

from arguments import parse_with_smoke, positive_number, whole_number
from game.engine.actions import is_play

DEALS = 300  # each round goes through them all at least once (--smoke: a few)


ROUNDS = 5  # the best of these rounds is reported: a busy machine only ever slows a round down
clock = time.process_time  # this process's CPU time: other processes on the machine do not count


def _rate(work, items, seconds: float, per_item=lambda item: 1) -> float:
    """Operations per second of ``work(item)`` over ``items``: the best of ROUNDS rounds of
    ``seconds / ROUNDS`` each."""
    best = 0.0
    for _ in range(ROUNDS):
        n, t0 = 0, clock()
        while True:
            for item in items:
                work(item)
                n += per_item(item)
            elapsed = clock() - t0
            if elapsed >= seconds / ROUNDS:
                break
        best = max(best, n / elapsed)
    return best


def dealt_hands(cls, deals: int) -> list:
    return [cls.deal(s, dealer=s % 4) for s in range(deals)]


def at_first_play(cls, deals: int) -> list:
    """The hands of ``dealt_hands`` advanced with random legal actions to their first card
    play (those thrown in before it left out)."""
    out = []
    for seed, hand in enumerate(dealt_hands(cls, deals)):
        rng = random.Random(seed)
        while not hand.is_over() and not any(is_play(a) for a in hand.legal_actions()):
            hand.apply(rng.choice(hand.legal_actions()))
        if not hand.is_over():
            out.append(hand)
    return out


def played_out(cls, deals: int) -> list:
    """(hand, the (seat, code) steps of a whole hand of random legal actions) per deal."""
    out = []
    for seed, hand in enumerate(dealt_hands(cls, deals)):
        rng, twin, steps = random.Random(seed), hand.clone(), []
        while not twin.is_over():
            a = rng.choice(twin.legal_actions())
            steps.append((twin.turn, a))
            twin.apply(a)
        out.append((hand, steps))
    return out


def _fast_finish(hand, rnd) -> None:
    legal, step = hand.fast_legal, hand.fast_apply
    while hand.turn >= 0:
        moves = legal()
        step(moves[int(rnd() * len(moves))])


def measure_deal(cls, seconds: float, deals: int) -> float:
    return _rate(lambda seed: cls.deal(seed, dealer=seed % 4), range(deals), seconds)


def measure_fast_from_deal(cls, seconds: float, deals: int) -> float:
    rnd = random.Random(7).random
    return _rate(lambda hand: _fast_finish(hand.clone(), rnd), dealt_hands(cls, deals), seconds)


def measure_fast_from_play(cls, seconds: float, deals: int) -> float:
    rnd = random.Random(7).random
    return _rate(lambda hand: _fast_finish(hand.clone(), rnd), at_first_play(cls, deals), seconds)


def measure_apply(cls, seconds: float, deals: int) -> float:
    def run(item):
        hand, steps = item
        hand = hand.clone()
        for _, a in steps:
            hand.legal_actions()
            hand.apply(a)
    return _rate(run, played_out(cls, deals), seconds, per_item=lambda item: len(item[1]))


def measure_observation(cls, seconds: float, deals: int) -> float:
    positions = []
    for hand, steps in played_out(cls, deals)[:60]:
        hand = hand.clone()
        for seat, a in steps:
            positions.append((hand.clone(), seat))
            hand.apply(a)
    return _rate(lambda item: item[0].observation(item[1]), positions, seconds)


def measure_rebuild(cls, seconds: float, deals: int) -> float:
    starts = [(h, [(s, h.parse_action(t)) for s, t in h.history]) for h in at_first_play(cls, deals)]
    return _rate(lambda item: item[0].with_cards(item[0].dealt).replay_actions(item[1]), starts, seconds)


def measure_rollout(cls, seconds: float, deals: int) -> float:
    from game.ai.rules import rules_for
    from game.ai.search import LEVELS, rollout

    rules, noise, rng = rules_for(cls), LEVELS["normal"].noise, random.Random(7)
    return _rate(lambda hand: rollout(hand.clone(), rules, rng, noise), at_first_play(cls, deals), seconds)


MEASURES = {
    "deal": measure_deal,
    "fast_from_deal": measure_fast_from_deal,
    "fast_from_play": measure_fast_from_play,
    "apply": measure_apply,
    "observation": measure_observation,
    "rebuild": measure_rebuild,
    "rollout": measure_rollout,
}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--seconds", type=positive_number, default=2.0, help="timing each operation (2)")
    p.add_argument("--deals", type=whole_number, default=DEALS, help=f"the deals each game is timed over ({DEALS})")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--seconds", "0.01", "--deals", "8"])
    figures = {name: {what: round(measure(cls, args.seconds, args.deals)) for what, measure in MEASURES.items()}
               for name, cls in GAMES.items()}
    if args.json:
        print(json.dumps({"per_second": figures, "python": sys.version.split()[0]}))
        return
    print(f"engine operations per second, one core, Python {sys.version.split()[0]}")
    print(f"{'game':<10}" + "".join(f"{what:>16}" for what in MEASURES))
    for name, row in figures.items():
        print(f"{name:<10}" + "".join(f"{row[what]:>16,}" for what in MEASURES))


if __name__ == "__main__":
    main(sys.argv[1:])
