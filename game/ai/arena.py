"""Duplicate arena: two AI levels play the same deals twice with the sides swapped.

    python -m game.ai.arena --game 28 --a expert --b baseline --deals 200 --seed 1 [--json]
        [--matches M] [--play-only] [--options '{"double": true}'] [--jobs 2] [--dd-ms MS]
        [--wall-clock]

A player is a level (``search.ALL_LEVELS``), a level held to a work budget (``normal@120``: at
most 120 roll-outs a decision however long they take, the same work on any machine: a slower
device's level, ``benchmarks/wasm.py --throttle`` counts its roll-outs) or ``dd``, the
double-dummy yardstick (``dd``):
it thinks as long as the other player's level (the normal level's time against the
baseline), or ``--dd-ms``.  Thinking time is each process's CPU time (``search.cpu_clock``),
so that other work on the machine slows both players alike; ``--wall-clock`` turns that off.

Prints the mean difference per deal of player A's side over player B's side (card
points for 304/28, score points for 400, points before the multiplier for
Schieber) with its 95 % confidence interval, the same for the match score (game points,
tokens, Schieber points with multipliers), each side's bid success rate (Schieber: and the
mean multiplier of the contracts it chose), the time per decision and, with
``--matches``, matches won when playing whole matches.
Every decision gets a seed from (deal, seat, decision number), never from the
player, so two identical deterministic players give exactly zero.

Arguments are checked before anything runs: ``--options`` within the records' bounds
(``records.load_json``), ``--seed`` of at most SEED_CHARS characters, and a refusal quotes
them shortened; ``--jobs`` starts no more processes than there are deals or processors.
Standard output that cannot be written is one line on standard error and exit 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

from ..engine import GAMES, Match
from ..engine.cli import ArgumentParser, OutputLost, output_lost, say
from ..engine.bounds import shown
from ..engine.options import resolve
from ..engine.records import RecordError, load_json
from . import search
from .dd import choose_dd
from .family import family_of
from .outcome import figures, score_gain
from .search import ALL_LEVELS, LEVELS, choose
from ..engine import phases as P

DD = "dd"
SEED_CHARS = 100  # the arena's seed; each deal's and match's seed is made from it
PLAYERS = ALL_LEVELS + (DD,)


def split_player(name: str) -> tuple[str, int | None]:
    """``normal@120`` -> ("normal", 120): the level and its work budget in roll-outs (or None)."""
    level, at, count = name.partition("@")
    return level, (int(count) if at else None)


def player(text: str) -> str:
    """An argparse type: one of PLAYERS, or a level of ``search.LEVELS`` with ``@`` and a
    work budget in roll-outs per decision (``normal@120``)."""
    level, at, count = text.partition("@")
    if not at and text in PLAYERS:
        return text
    if at and level in LEVELS and count.isascii() and count.isdigit() and len(count) <= 6 and int(count) >= 1:
        return text
    raise argparse.ArgumentTypeError(f"takes one of {', '.join(PLAYERS)}, or a level with a number of roll-outs "
                                     f"such as normal@120, not {shown(text, 40)}")


def dd_budget(other: str, dd_ms: float | None = None) -> float:
    """The yardstick's thinking time: ``dd_ms``, else the other player's, else normal's."""
    if dd_ms is not None:
        return dd_ms
    other = split_player(other)[0]
    return LEVELS[other].budget_ms if other in LEVELS else LEVELS["normal"].budget_ms


def decide(obs, level: str, seed: int, dd_ms: float) -> int:
    if level == DD:
        return choose_dd(obs, dd_ms, seed)
    level, rollouts = split_player(level)
    return choose(obs, level, seed, rollouts=rollouts)


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95 % confidence interval (normal approximation; stdlib only)."""
    n = len(xs)
    if not n:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return m, m - half, m + half


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


class Tally:
    """Decision times and bid outcomes of one player (Schieber: its contracts' multipliers)."""

    def __init__(self):
        self.ms: list[float] = []
        self.bids = 0
        self.made = 0
        self.mults: list[int] = []

    def add(self, other: Tally) -> None:
        self.ms += other.ms
        self.bids += other.bids
        self.made += other.made
        self.mults += other.mults

    def summary(self) -> dict:
        return {"decision_ms_mean": round(sum(self.ms) / len(self.ms), 2) if self.ms else 0.0,
                "decision_ms_p95": round(percentile(self.ms, 0.95), 2),
                "decisions": len(self.ms),
                "bids": self.bids,
                "bid_success": round(self.made / self.bids, 3) if self.bids else None,
                "multiplier_mean": round(sum(self.mults) / len(self.mults), 3) if self.mults else None}


def play_hand(hand, levels: list[str], tallies: list[Tally], tag: str, play_only: bool = False,
              dd_ms: float | None = None) -> None:
    """Finish ``hand``; seat s plays at ``levels[s & 1]`` and its times go to ``tallies[s & 1]``.
    With ``play_only`` every decision before trick play (auction, trump, redeal, doubling) is
    the rule-based player's for both sides, so the hand measures card play alone."""
    k = 0
    budget = dd_budget(levels[1] if levels[0] == DD else levels[0], dd_ms)
    while not hand.is_over():
        seat = hand.turn
        obs = hand.observation(seat)
        level = "baseline" if play_only and hand.phase != P.PLAY else levels[seat & 1]
        t0 = search.clock()
        action = decide(obs, level, hash_seed(tag, seat, k), budget)
        if len(obs.legal) > 1:
            tallies[seat & 1].ms.append((search.clock() - t0) * 1000)
        hand.apply(action)
        k += 1
    bid_outcome(hand, tallies)


def hash_seed(*parts) -> int:
    """A stable seed from strings and ints (Python's hash() of str is salted per process)."""
    h = 2166136261
    for ch in "|".join(map(str, parts)).encode():
        h = (h ^ ch) * 16777619 & 0xFFFFFFFF
    return h


def bid_outcome(hand, tallies: list[Tally]) -> None:
    """Count the contract: 304/28 the bidder's, 400 every player's bid, Schieber the chooser's
    side taking more points than the other side."""
    res = hand.result()
    if res.get("chooser") is not None:  # a chosen contract, no bid (Schieber)
        side = res["chooser"] & 1
        tallies[side].bids += 1
        tallies[side].made += res["points"][side] > res["points"][1 - side]
        tallies[side].mults.append(res["multiplier"])
        return
    if res["thrown_in"] or res["made"] is None:  # no contract to make
        return
    if isinstance(res["made"], list):  # 400: every player bids
        for s, ok in enumerate(res["made"]):
            tallies[s & 1].bids += 1
            tallies[s & 1].made += ok
        return
    t = tallies[hand.bidder & 1]
    t.bids += 1
    t.made += res["made"]


def play_deal(game, a, b, seed, i, options=None, play_only=False, dd_ms=None,
              cpu_clock=True) -> tuple[float, float, Tally, Tally]:
    """Deal ``i`` played twice with the sides swapped: (A's side's mean lead in the arena's
    figure, its mean lead in match score, A's tally, B's)."""
    was, search.cpu_clock = search.cpu_clock, cpu_clock
    try:
        return _play_deal(game, a, b, seed, i, options, play_only, dd_ms)
    finally:
        search.cpu_clock = was


def _play_deal(game, a, b, seed, i, options, play_only, dd_ms):
    cls = GAMES[game]
    ta, tb = Tally(), Tally()
    base = cls.deal(f"{seed}/{i}", options, dealer=i % 4, first_hand=bool(cls.FIRST_HAND_RULE))
    d = s = 0.0
    for swap in (False, True):
        hand = cls(base.dealt, base.dealer, options, None, base.first_hand)
        levels = [b, a] if swap else [a, b]
        play_hand(hand, levels, [tb, ta] if swap else [ta, tb], f"{seed}/{i}", play_only, dd_ms)
        f = figures(hand)
        a_side = 1 if swap else 0
        d += f[a_side] - f[1 - a_side]
        g = score_gain(hand)
        s += g[a_side] - g[1 - a_side]
    return d / 2, s / 2, ta, tb


def _play_deal_args(args):
    return play_deal(*args)


def play_deals(game, a, b, deals, seed, options=None, jobs: int = 1, play_only: bool = False,
               dd_ms: float | None = None, cpu_clock: bool = True) -> dict:
    """Every deal in duplicate; with ``jobs`` > 1 the deals are shared among that many
    processes (a desktop tool: the figures are the same, only the clock is shorter)."""
    tallies = {"a": Tally(), "b": Tally()}
    diffs, score_diffs = [], []
    work = [(game, a, b, seed, i, options, play_only, dd_ms, cpu_clock) for i in range(deals)]
    jobs = worker_count(jobs, deals)
    if jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_play_deal_args, work, chunksize=1)
    else:
        results = map(_play_deal_args, work)
    for d, s, ta, tb in results:
        diffs.append(d)
        score_diffs.append(s)
        tallies["a"].add(ta)
        tallies["b"].add(tb)
    m, lo, hi = mean_ci(diffs)
    sm, slo, shi = mean_ci(score_diffs)
    ta, tb = tallies["a"].summary(), tallies["b"].summary()
    return {"game": game, "a": a, "b": b, "seed": seed, "deals": deals,
            "mean_diff": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "score_diff": round(sm, 3), "score_ci95": [round(slo, 3), round(shi, 3)],
            "per_deal": [round(d, 3) for d in diffs],  # to pair two runs on the same deals
            "per_deal_score": [round(s, 3) for s in score_diffs],
            "decision_ms_mean": ta["decision_ms_mean"], "decision_ms_p95": ta["decision_ms_p95"],
            "player_a": ta, "player_b": tb}


def worker_count(jobs: int, deals: int) -> int:
    """The processes worth starting: no more than the deals, nor than the machine's processors."""
    return max(1, min(jobs, deals, os.cpu_count() or 1))


def play_matches(game, a, b, matches, seed, options=None, max_hands: int = 200) -> dict:
    """Whole matches, each twice with the sides swapped: how many A's side wins."""
    won = {"a": 0, "b": 0, "unfinished": 0}
    sink = [Tally(), Tally()]
    for i in range(matches):
        for swap in (False, True):
            match = Match(game, options, seed=f"{seed}/m{i}")
            levels = [b, a] if swap else [a, b]
            for h in range(max_hands):
                play_hand(match.hand, levels, sink, f"{seed}/m{i}/{h}")
                match.next_hand()
                if match.over:
                    break
            if not match.over:
                won["unfinished"] += 1
            else:
                won["a" if (match.winner == 1) == swap else "b"] += 1
    return won


def at_least(low: int):
    """An argparse type: a whole number from ``low`` up, else a refusal that says so."""
    def count(text: str) -> int:
        if not text.isdigit() or not text.isascii() or len(text) > 9 or int(text) < low:
            raise argparse.ArgumentTypeError(f"takes a whole number from {low} up to 999999999, not {shown(text, 40)}")
        return int(text)
    return count


def milliseconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"takes milliseconds above 0, not {shown(text, 40)}")
    return value


def json_object(text: str) -> dict:
    """An argparse type: a JSON object within the records' bounds (size, nesting, digits)."""
    try:
        value = load_json(text, "--options")
    except RecordError as err:
        raise argparse.ArgumentTypeError(f"{shown(str(err), 200)} (given: {shown(text, 60)})") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f'takes a JSON object such as \'{{"target": 7}}\', not {shown(text, 60)}')
    return value


def seed_text(text: str) -> str:
    if len(text) > SEED_CHARS:
        raise argparse.ArgumentTypeError(f"takes a seed of up to {SEED_CHARS} characters, not one of {len(text)} "
                                         f"({shown(text, 24)})")
    return text


def main(argv=None) -> int:
    try:
        return _main(argv)
    except OutputLost as err:
        return output_lost("python -m game.ai.arena", err)


def _main(argv) -> int:
    p = ArgumentParser(prog="python -m game.ai.arena", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, choices=list(GAMES))
    p.add_argument("--a", required=True, type=player, metavar="PLAYER",
                   help=f"{', '.join(PLAYERS)}, or a level held to a number of roll-outs a decision: normal@120")
    p.add_argument("--b", required=True, type=player, metavar="PLAYER", help="as --a")
    p.add_argument("--deals", type=at_least(1), default=100)
    p.add_argument("--seed", type=seed_text, default="1")
    p.add_argument("--matches", type=at_least(0), default=0)
    p.add_argument("--options", type=json_object, default={}, help="rule options as a JSON object")
    p.add_argument("--json", action="store_true")
    p.add_argument("--jobs", type=at_least(1), default=1, help="processes sharing the deals (default 1)")
    p.add_argument("--play-only", action="store_true",
                   help="both sides bid by the rules; only the card play differs")
    p.add_argument("--dd-ms", type=milliseconds, default=None,
                   help="the dd player's time per decision (default: the other player's level's)")
    p.add_argument("--wall-clock", action="store_true",
                   help="time thinking on the wall clock, not the process's CPU time")
    args = p.parse_args(argv)
    options = args.options or None
    try:
        resolve(GAMES[args.game].OPTIONS, options)  # the engine's own word on an option it refuses
    except ValueError as e:
        p.error(f"argument --options: {shown(str(e), 300)}")
    out = play_deals(args.game, args.a, args.b, args.deals, args.seed, options, args.jobs, args.play_only,
                     args.dd_ms, not args.wall_clock)
    if args.matches:
        out["matches"] = play_matches(args.game, args.a, args.b, args.matches, args.seed, options)
    if args.json:
        say(json.dumps(out))
        return 0
    family = family_of(GAMES[args.game])
    unit = "score points" if family.figure_is_score else "card points"
    say(f"{args.game}: {args.a} (A) vs {args.b} (B), {args.deals} deals x 2 (duplicate), seed {args.seed}"
          + (", card play only (both sides bid by the rules)" if args.play_only else ""))
    say(f"mean difference A - B per deal: {out['mean_diff']:+.2f} {unit}"
          f"  95% CI [{out['ci95'][0]:+.2f}, {out['ci95'][1]:+.2f}]")
    if not family.figure_is_score:  # else the figure is already the score
        say(f"match score A - B per deal: {out['score_diff']:+.3f} {family.score_name}"
              f"  95% CI [{out['score_ci95'][0]:+.3f}, {out['score_ci95'][1]:+.3f}]")
    for key, name in (("player_a", "A"), ("player_b", "B")):
        t = out[key]
        rate = "-" if t["bid_success"] is None else f"{100 * t['bid_success']:.0f}% of {t['bids']}"
        level = args.a if name == "A" else args.b
        mult = t["multiplier_mean"]
        mult = "" if mult is None else f", its contracts' mean multiplier {mult:.2f}"
        say(f"{name} {level:>9}: bids made {rate}{mult};"
              f" decision ms mean {t['decision_ms_mean']:.1f}, p95 {t['decision_ms_p95']:.1f}"
              f" ({t['decisions']} decisions)")
    if args.matches:
        m = out["matches"]
        say(f"matches ({args.matches} x 2): A won {m['a']}, B won {m['b']}, unfinished {m['unfinished']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
