"""Whether what the AI says comes true: its stated points and bid's chance against the outcome.

    nice -n 10 python benchmarks/ai_calibration.py [--games 304,28,400,schieber] [--level normal]
        [--hands 100] [--seed 1] [--played-by-rules] [--json]

Hands are played with the level at every seat. At each card play the AI weighed, the figures a
hint or the review shows for the card it chose are kept: the points its side should take (the
mean over its worlds) and, in 304 and Twenty-Eight, the chance that the bid in play is made; at
each bid it weighed, the chance it gave its side of making that bid. When the hand is over
they are set against what happened. Printed per game: for the points, by part of the hand (each
seat's cards: the first, middle and last third), the mean error (what the side took less what
was said) and the mean absolute error; for the chances, by bands of what was said, how often the
bid was made (a bid's chance counts only where its side held the contract in the end, as the
chance itself is of those worlds; a bid is made where its side took its points, whatever the
contract the side ended with). A partner whose "about 80%" comes true four
times in five can be trusted; one whose figures lean one way is saying too much or too little.
Where a side holds one contract (Twenty-Eight), the bids are also split by whether the auction
ended on the bid said or its side bid higher later (the roll-outs finish the auction by the
rules, which bid less than the searching seats at the table).

``--played-by-rules``: every seat plays the rule-based action and the level only says what it
expects of that action; its roll-outs then model the play exactly, so what is left of the error
is the sampled worlds' (where they put the hidden cards) and the noise.

The decisions of one hand share its outcome, so each band also gives how many hands it drew on.
Thinking time is the process's CPU time, as in the arena.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.ai import search
from game.ai.arena import hash_seed
from game.ai.family import family_of
from game.ai.outcome import contract_made, figures
from game.ai.search import LEVELS, Thinker, cards_left
from game.engine import GAMES
from game.engine.actions import BID

from arguments import comma_list, whole_number, parse_with_smoke

BANDS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0001)
PARTS = ("first third", "middle third", "last third")
# Whose chances, and the key each band list has in the output: card plays', bids', and the bids
# the auction ended on or that their side bid over later.
KINDS = {"play": "chance", "bid": "bid_chance", "ended": "bid_chance_ended", "raised": "bid_chance_raised"}
WHAT = {"chance": "card plays", "bid_chance": "bids", "bid_chance_ended": "bids the auction ended on",
        "bid_chance_raised": "bids their side bid over later"}


def play_hand(game: str, level: str, seed: int, i: int, by_rules: bool = False):
    """Hand ``i`` with ``level`` at every seat (``by_rules``: the rules play, the level says):
    (the finished hand, [(side, part, said points, said chance or None, seat holding the bid or
    None, the bid)] for each card play weighed (the bid: None), part "bid" for each bid weighed)."""
    cls = GAMES[game]
    hand = cls.deal(f"calib{seed}/{i}", None, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
    said = []
    k = 0
    full = None
    while not hand.is_over():
        obs = hand.observation(hand.turn)
        t = Thinker(obs, level, hash_seed(str(seed), i, k)).finish(50)
        action = t.fallback if by_rules else t.best()
        if obs.phase == "play" and full is None:
            full = cards_left(hand)  # the thirds are of the hand as its trick play begins
        if obs.phase == "play" and len(t.values()) >= 2:
            part = min(2, 3 * (full - cards_left(hand)) // full)
            said.append((t.side, part, t.expected_figure(action), t.made_share(action), t.bidder, None))
        elif obs.phase != "play" and t.made_share(action) is not None:
            said.append((t.side, "bid", None, t.made_share(action), obs.seat, action))
        hand.apply(action)
        k += 1
    return hand, said


def bid_made(hand, seat: int, action: int) -> bool | None:
    """Whether ``seat``'s side made its bid ``action`` in the finished ``hand`` (None: it held no
    contract), as the search counts it (``family.bid_made``)."""
    return family_of(type(hand)).bid_made(hand, seat, action - BID)


def ended_on(hand, seat: int, action: int) -> bool | None:
    """Whether the finished ``hand``'s contract is the bid ``action`` of ``seat``'s side; None
    where each seat bids its own contract (400)."""
    bidder = getattr(hand, "bidder", None)
    if bidder is None or not hasattr(hand, "bid"):
        return None
    return bidder >= 0 and (bidder ^ seat) & 1 == 0 and BID + hand.bid == action


def survey(game: str, level: str, hands: int, seed: int, by_rules: bool = False) -> dict:
    points = [[] for _ in PARTS]  # (said, took) per part
    bands = {kind: [{"said": 0.0, "made": 0, "n": 0, "hands": set()} for _ in BANDS[:-1]]
             for kind in KINDS}
    for i in range(hands):
        hand, said = play_hand(game, level, seed, i, by_rules)
        took = figures(hand)
        for side, part, fig, chance, bidder, bid in said:
            if fig is not None:
                points[part].append((fig, took[side]))
            if chance is None or bidder is None:
                continue
            made = contract_made(hand, bidder) if bid is None else bid_made(hand, bidder, bid)
            if made is None:
                continue
            ended = None if bid is None else ended_on(hand, bidder, bid)
            kinds = ["play"] if bid is None else ["bid"] if ended is None else ["bid", "ended" if ended else "raised"]
            b = next(b for b in range(len(BANDS) - 1) if chance < BANDS[b + 1])
            for kind in kinds:
                band = bands[kind][b]
                band["said"] += chance
                band["made"] += made
                band["n"] += 1
                band["hands"].add(i)
    out = {"hands": hands, "points": {}, **{key: [] for key in KINDS.values()}}
    for name, pairs in zip(PARTS, points):
        if pairs:
            errors = [took - fig for fig, took in pairs]
            out["points"][name] = {"decisions": len(pairs), "mean_error": sum(errors) / len(errors),
                                   "mean_abs_error": sum(abs(e) for e in errors) / len(errors),
                                   "mean_said": sum(f for f, _ in pairs) / len(pairs)}
    for kind, key in KINDS.items():
        for low, high, b in zip(BANDS, BANDS[1:], bands[kind]):
            if b["n"]:
                out[key].append({"band": [low, min(high, 1.0)], "decisions": b["n"], "hands": len(b["hands"]),
                                 "mean_said": b["said"] / b["n"], "made": b["made"] / b["n"]})
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=comma_list(list(GAMES)), default=list(GAMES))
    p.add_argument("--level", choices=list(LEVELS), default="normal")
    p.add_argument("--hands", type=whole_number, default=100)
    p.add_argument("--seed", type=whole_number, default=1)
    p.add_argument("--played-by-rules", action="store_true",
                   help="the rules play every seat; the level only says what it expects")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--games", "28", "--level", "easy", "--hands", "1"])
    search.cpu_clock = True
    result = {game: survey(game, args.level, args.hands, args.seed, args.played_by_rules) for game in args.games}
    if args.json:
        print(json.dumps({"ai_calibration": result, "level": args.level, "seed": args.seed,
                          "played_by_rules": args.played_by_rules}))
        return 0
    who = "the rules at every seat, " + args.level + " saying" if args.played_by_rules else args.level + " at every seat"
    for game, r in result.items():
        print(f"{game}, {who}, {r['hands']} hands")
        for name, f in r["points"].items():
            print(f"  points, {name}: {f['decisions']} card plays, said {f['mean_said']:.1f} on average; "
                  f"took {f['mean_error']:+.2f} more than said, {f['mean_abs_error']:.1f} off on average")
        for key, what in WHAT.items():
            for b in r[key]:
                low, high = b["band"]
                print(f"  bid's chance said {100 * low:.0f}-{100 * high:.0f}%: {b['decisions']} {what} "
                      f"({b['hands']} hands), said {100 * b['mean_said']:.0f}% on average, made {100 * b['made']:.0f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
