"""What the AI says of its decisions: which reasons line it writes, how often, in real hands.

    nice -n 10 python benchmarks/ai_reasons.py [--games 304,28] [--hands N] [--level L]
        [--seed S] [--examples K] [--json]

Hands are played by the search level L (default normal) at every seat, from fixed deals; each
decision with more than one legal action is weighed (``reasons.weigh``, as the table and the
records do). Per game: how many decisions had a choice, the share of each kind of line, the
share of card plays searched exactly to the end (the last tricks) and how many of those show
the side's points in the Why? table, and with ``--examples K`` the first K lines of each kind
in words, with the seat, the trick (during the auction: 1) and the first three rows of the Why?
table (the points the side takes, the bid's chance where there is one). The figures describe the
partner's explanations; they are not a test of strength.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import whole_number, parse_with_smoke

from game.ai.reasons import weigh
from game.ai.search import LEVELS, Thinker
from game.engine import GAMES

# A fragment of each line's catalog message, and what the line says (the first that matches).
KINDS = (
    ("of {worlds} deals the AI imagined.", "a bid's chance"),
    ("safer than", "a bid within its noise"),
    ("your side makes its bid in about {percent} of the deals", "the bid's chance in play, ours"),
    ("the other side makes its bid", "the bid's chance in play, theirs"),
    ("the bid of 13 decides", "the match a bid of 13 decides"),
    ("points fewer", "fewer points, better for the score"),
    ("about as many points", "as many points, better for the score"),
    ("better still", "more points, and better still for the score"),
    ("points better", "more points"),
    ("and the usual play", "as good, the usual play"),
    ("about as good as", "as good"),
)


def kind(msgid: str) -> str:
    return next((name for fragment, name in KINDS if fragment in msgid), "by its rules")


def survey(game: str, hands: int, level: str, seed: int, examples: int) -> dict:
    cls = GAMES[game]
    kinds: Counter = Counter()
    shown: dict[str, list[str]] = {}
    exact = exact_points = decisions = 0
    for i in range(hands):
        hand = cls.deal(f"reasons{seed}-{i}", dealer=i % 4)
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            t = Thinker(obs, level, seed * 1000 + i).finish(1000)
            action = t.best()
            if len(obs.legal) > 1:
                d = weigh(t)
                decisions += 1
                k = kind(d.reason.msgid)
                kinds[k] += 1
                if len(shown.setdefault(k, [])) < examples:
                    shown[k].append({"seat": obs.seat, "trick": len(hand.tricks) + 1, "line": d.reason.text(),
                                     "choices": [[c.action, None if c.points is None else round(c.points, 1),
                                                  None if c.made is None else round(100 * c.made)]
                                                 for c in d.choices[:3]]})
                if obs.phase == "play" and t.exact and len(d.choices) > 1:
                    exact += 1
                    exact_points += all(c.points is not None for c in d.choices)
            hand.apply(action)
    return {"decisions": decisions, "kinds": dict(kinds.most_common()), "exact_plays": exact,
            "exact_plays_with_points": exact_points, "examples": shown}


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--games", default=",".join(GAMES), help="games, with commas between (all)")
    p.add_argument("--hands", type=whole_number, default=10, help="hands a game (10)")
    p.add_argument("--level", default="normal", choices=list(LEVELS), help="the search level (normal)")
    p.add_argument("--seed", type=whole_number, default=1, help="the deals' seed (1)")
    p.add_argument("--examples", type=int, default=0, help="lines of each kind to print (0)")
    p.add_argument("--json", action="store_true")
    args = parse_with_smoke(p, argv, ["--games", "28", "--hands", "1", "--level", "easy"])
    games = [g.strip() for g in args.games.split(",")]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        p.error(f"--games: no game {unknown[0]!r}; the games are {', '.join(GAMES)}")
    if args.examples < 0:
        p.error("--examples takes a whole number from 0 up")
    figures = {g: survey(g, args.hands, args.level, args.seed, args.examples) for g in games}
    if args.json:
        print(json.dumps({"ai_reasons": figures, "level": args.level, "hands": args.hands}))
        return
    for g, f in figures.items():
        n = max(1, f["decisions"])
        print(f"{g}: {f['decisions']} decisions with a choice ({args.hands} hands, {args.level}); "
              f"{f['exact_plays']} card plays searched to the end, {f['exact_plays_with_points']} with points shown")
        for k, c in f["kinds"].items():
            print(f"  {100 * c / n:5.1f} %  {k}")
            for e in f["examples"].get(k, []):
                print(f"           seat {e['seat']}, trick {e['trick']}: {e['line']}")
                rows = ", ".join(f"{a} {'-' if p is None else p} points" + ("" if m is None else f" ({m}% made)")
                                 for a, p, m in e["choices"])
                print(f"             table: {rows}")


if __name__ == "__main__":
    main(sys.argv[1:])
