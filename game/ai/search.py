"""The search player: determinized worlds, rule-based roll-outs, exact last tricks; anytime.

``Thinker(obs, level, seed)`` is advanced by ``step(max_ms)`` in slices (the browser
is single-threaded) until ``done``; ``best()`` is its action at any moment.  A unit of
work is one try at sampling a world from the observation (kept with the chance that it fits
the auction), or one roll-out in the kept world: one candidate action applied, the hand
finished by the rule-based policy for every seat (with a little randomness), the side's
utility added to that action's total.  A slice starts a unit only while its estimated cost
(running mean plus spread of measured units of that kind) still fits the slice and the
budget, so slices end a little early rather than late.  Every candidate is
tried in the same world with the same random numbers, so differences are sharp.
Near the end of the hand the roll-out is replaced by an exact search of the world; in the
first ``FIGURE_WORLDS`` worlds the hand is also played out along a line of perfect play, for
the side's points (the figure hints and reasons show).
"""

from __future__ import annotations

import importlib
import math
import random
import sys
import time
from dataclasses import dataclass, replace
from functools import partial

from ..engine import GAMES
from ..engine import actions as A
from .outcome import contract_made, figures, utility
from .rules import rules_for
from .family import family_of
from .solver import OutOfTime, line_end
from .worlds import Inconsistent, Worlds, sample_world
from ..engine import phases as P


@dataclass(frozen=True)
class Level:
    budget_ms: float      # thinking time (native); the browser is about 3.5 times slower
    max_rollouts: int     # work cap, so that a fast machine does not think for ever
    exact_cards: int      # exact search when every seat holds at most this many cards
    noise: float          # roll-out randomness: share of random moves
    bids: int             # auction: how many legal bids (nearest the rule-based one) are weighed
    open_risk: float | None = None  # table auction: open to this quantile, not the rules' RISK
    light_score: bool = False  # few worlds: the match score at the game's light weight (family)


LEVELS = {
    "easy": Level(15, 60, 0, 0.15, 1, light_score=True),
    "normal": Level(70, 400, 3, 0.05, 2, light_score=True),
    "hard": Level(250, 1500, 3, 0.05, 3),
    "expert": Level(600, 4000, 4, 0.05, 3, open_risk=0.6),
}
ALL_LEVELS = ("baseline",) + tuple(LEVELS)
EXACT_MARGIN = 0.0005  # an exact search stops this long (s) before the slice's end: it checks the clock every 16 nodes
# Exact worlds in which a candidate's line of perfect play is also played out for the side's
# points (the figure a hint or a reason shows); it costs a fifth to two thirds of the search.
FIGURE_WORLDS = 16
WORLD_TRIES = 8  # sampled worlds per kept one at most (rejection by the auction's fit)
# The browser build runs Python about 3.5 times slower: it gets the time to do the same work
# (normal: 70 ms native, about 250 ms in the browser).
SLOWDOWN = 3.5 if sys.platform == "emscripten" else 1.0
# The arena sets this: thinking time is then the process's CPU time, so that a busy machine
# costs both players alike (the table and the benchmarks use the wall clock).
cpu_clock = False


def clock() -> float:
    """The thinkers' clock, in seconds: the one a thinker made without a clock of its own uses
    (``current_clock``).  The tests set it to a ``WorkClock``."""
    return time.process_time() if cpu_clock else time.perf_counter()


def current_clock():
    """The clock a thinker made now thinks on when it is given none: ``clock`` as it is set."""
    return clock


class WorkClock:
    """A clock that counts work, not time: every look at it reads ``tick`` seconds more than the
    look before.  A thinker looks at its clock at fixed points of its work (around every unit,
    every 16 nodes of an exact search), so a budget on this clock is the same amount of work,
    and the same decision, on any machine under any load: the clock of the tests
    (tests/conftest.py), where the time a decision takes must not change what it is."""

    def __init__(self, tick: float = 1e-4):
        self.tick = tick
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.looks * self.tick


def warm_jobs(game: str) -> list:
    """What the AI of ``game`` does once a process, the first time it thinks, as small jobs to run
    ahead in frames with nothing else to do (one a frame): its modules imported (a few ms each
    natively), the opening table read (304, 28) and its rule-based player made.  Else the first
    decision's first slice, or the thinker made for it, pays for them (7-16 ms natively, ten
    times that on a slow phone's browser)."""
    family = family_of(GAMES[game])
    jobs = [partial(importlib.import_module, f"{__package__}.{name}") for name in family.modules]
    if family.hidden_trump:
        from . import opening
        jobs.append(opening.load)
    jobs.append(partial(rules_for, game))
    return jobs


def baseline_action(obs, seed: int = 0, open_risk: float | None = None) -> int:
    """The rule-based player's action: its rules run on a world sampled from ``obs``
    (``open_risk``: see ``rules_for``).

    The rules read only what the seat may know, so any sampled world gives the same answer.
    """
    if len(obs.legal) == 1:
        return obs.legal[0]
    try:
        world = sample_world(obs, random.Random(seed))
    except Inconsistent:  # never freeze the table: a plain legal action
        return A.PASS if A.PASS in obs.legal else obs.legal[0]
    return rules_for(obs.game, open_risk).act(world, random.Random(seed))


def rollout(hand, rules, rng: random.Random, noise: float) -> None:
    """Finish ``hand`` with the rules for every seat, a share ``noise`` of moves random."""
    act, legal, step = rules.act, hand.fast_legal, hand.fast_apply
    rnd = rng.random
    while hand.turn >= 0:
        if noise and rnd() < noise:
            moves = legal()
            step(moves[int(rnd() * len(moves))])
        else:
            step(act(hand, rng))


class Rejection:
    """Which sampled worlds are kept, by their auction fit: each with the chance ``fit``
    relative to the best fit seen so far (this one included); the WORLD_TRIES-th try anyway."""

    def __init__(self):
        self.best_fit = 1e-9
        self.tries = 0  # tries at the next world so far

    def keep(self, fit: float, rng: random.Random) -> bool:
        self.tries += 1
        self.best_fit = max(self.best_fit, fit)
        if rng.random() * self.best_fit < fit or self.tries >= WORLD_TRIES:
            self.tries = 0
            return True
        return False


def drop_equal_cards(legal: list[int], obs) -> list[int]:
    """Cards of one suit next to each other in trick power once the cards played face up are
    left out, worth the same points, take and lose the same tricks: keep the lowest of each
    such run (28: A-10, K-Q-8-7; 400: any run).  A card between them that this seat has not
    seen played (another seat's, face down, the trump indicator) breaks the run.  Games whose
    trick power the AI does not know keep every card."""
    family = family_of(GAMES[obs.game])
    order = family.seen_order(obs)
    if order is None:
        return list(legal)
    points = family.card_points(obs)
    played = 0
    for _, cards, _ in obs.tricks:
        for c in cards:
            if c is not None:
                played |= 1 << c
    for _, c in obs.trick:
        if c is not None:
            played |= 1 << c
    candidates = set(legal)
    drop = set()
    for suit in {a >> 4 for a in legal if A.is_play(a)}:
        above = None  # the last card of the suit seen going down, if it is a candidate
        for c in order[suit]:
            if played >> c & 1:
                continue
            if c in candidates and above is not None and (points is None or points[c] == points[above]):
                drop.add(above)  # the lower card of the run stands for it
            above = c if c in candidates else None
    return [a for a in legal if a not in drop]


def smoothed(est, x: float, weight: float = 0.2) -> tuple[float, float]:
    """(mean, deviation) moved towards the new measurement ``x``; the first one starts it.

    A unit measured at over four times the mean counts as four times: such a time is the
    machine busy elsewhere, not what the next unit will cost."""
    if est is None:
        return x, x / 2
    mean, dev = est
    x = min(x, 4 * mean)
    return mean + weight * (x - mean), dev + weight * (abs(x - mean) - dev)


def cards_left(hand) -> int:
    return max(h.bit_count() for h in hand.hand)


class Thinker:
    """Anytime search for the seat of ``obs``; it sees ``obs`` and nothing else.  It thinks on
    ``clock`` (seconds; by default ``search.clock`` as it is set when the thinker is made)."""

    def __init__(self, obs, level: str = "normal", seed: int = 0, clock=None, rollouts: int | None = None):
        """``rollouts``: a work budget instead of the level's time: the level thinks until that
        many roll-outs (or exact searches), however long they take (the arena's stand-in for a
        slower device: see ``arena.player``)."""
        self.clock = clock = clock or current_clock()
        t0 = clock()
        if level != "baseline" and level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are: {', '.join(ALL_LEVELS)}")
        self.obs = obs
        self.level_name = level
        self.side = obs.seat & 1
        self.seed = seed
        self.rng = random.Random(seed)
        self.rules = rules_for(obs.game)
        self.rollouts = 0
        self.level = LEVELS.get(level)
        if rollouts is not None and self.level is not None:
            self.level = replace(self.level, budget_ms=math.inf, max_rollouts=rollouts)
        self.family = family = family_of(GAMES[obs.game])
        self.weight = family.match_weight(self.level is not None and self.level.light_score,
                                          auction=obs.phase != P.PLAY)
        table_auction = family.table_auction and obs.phase != P.PLAY
        self.fallback = baseline_action(obs, seed, self.level.open_risk if self.level and table_auction else None)
        searched = level in LEVELS and not table_auction
        self.candidates = self._candidates(obs) if searched else [self.fallback]
        self.totals = {a: 0.0 for a in self.candidates}
        self.squares = {a: 0.0 for a in self.candidates}
        self.counts = {a: 0 for a in self.candidates}
        self.figure_totals = {a: 0.0 for a in self.candidates}  # the side's points, for hints
        self.figure_counts = {a: 0 for a in self.candidates}
        self.figure_values = {a: 0.0 for a in self.candidates}  # the values of the worlds counted there
        # [made, held]: for a bid, our side's contract (in the worlds where it held one); for a
        # card in a game whose score the bid decides beyond the card points, the bid in play
        self.made = {a: [0, 0] for a in self.candidates}
        self.bidder = obs.facts.bidder if obs.phase == P.PLAY and family.contract_in_score else None
        self.world = None
        self.exact = False  # the current world is searched exactly
        self.queue: list[int] = []
        self.pending: dict[int, tuple] = {}  # values in the current world, until it is done
        self.rejection = Rejection()  # which sampled worlds fit the auction well enough
        self.worlds = None  # Worlds(obs), made at the first unit
        # Running costs in seconds, (smoothed mean, smoothed deviation): a roll-out (or exact
        # search), and a try at a world.
        self.unit_cost = self.world_cost = None
        self.done = len(self.candidates) <= 1
        self.spent = clock() - t0  # setting up counts against the budget

    def _candidates(self, obs) -> list[int]:
        """The legal actions worth weighing: the bids nearest the rule-based one, and for
        400 one card of each run of cards that are equal in the play (7-8 with 8 held)."""
        legal = list(obs.legal)
        bids = [a for a in legal if A.is_bid(a)]
        if len(bids) > LEVELS[self.level_name].bids:
            anchor = self.fallback if A.is_bid(self.fallback) else bids[0]
            keep = set(sorted(bids, key=lambda b: (abs(b - anchor), b))[:LEVELS[self.level_name].bids])
            legal = [a for a in legal if not A.is_bid(a) or a in keep]
        legal = drop_equal_cards(legal, obs)
        if self.fallback not in legal:
            legal.append(self.fallback)
        return legal

    # ---- the anytime loop ----------------------------------------------------------------------
    def step(self, max_ms: float = 10.0, first: bool = True) -> bool:
        """Work for at most about ``max_ms`` milliseconds; whether a unit of work was done.

        A unit is started only if its estimated cost still fits the slice and the budget (else
        the thinker is done); with ``first`` the call's first unit runs anyway, so that every call
        makes progress (without it, a slice too short for the next unit does nothing: a frame
        with little time left)."""
        if self.done:
            return False
        level = self.level
        t0 = now = self.clock()
        stop = t0 + max_ms / 1000
        end = t0 + level.budget_ms * SLOWDOWN / 1000 - self.spent  # when the budget runs out
        started = False
        while not self.done:
            cost = self._next_cost()
            if self.rollouts and now + cost >= end:
                self.done = True
                break
            if (started or not first) and now + cost >= stop:
                break
            self._unit(min(stop, end) - EXACT_MARGIN)
            started = True
            now = self.clock()
            if self.rollouts >= level.max_rollouts or now + (self._next_cost() if self.exact else 0.0) >= end:
                self.done = True  # (an exact search cannot start in the budget's last EXACT_MARGIN)
        self.spent += now - t0
        return started

    def finish(self, slice_ms: float = 10.0) -> Thinker:
        """Think to completion in slices of ``slice_ms`` (one call: the arena, scripts, tests)."""
        while not self.done:
            self.step(slice_ms)
        return self

    def _next_cost(self) -> float:
        """What the next unit should cost: the mean of its kind plus twice the deviation."""
        if self.queue and self.exact:
            return EXACT_MARGIN  # an exact search stops before the slice's end and goes on in the next one
        est = self.unit_cost if self.queue else self.world_cost
        return 0.0 if est is None else est[0] + 2 * est[1]

    def _unit(self, deadline: float) -> None:
        """One try at the next world, or one candidate's roll-out (or exact search) in the
        current world.  An exact search still running at ``deadline`` is left for the next call
        (what it finished stays in its table)."""
        t0 = self.clock()
        if not self.queue:
            self._try_world()
            self.world_cost = smoothed(self.world_cost, self.clock() - t0)
            return
        a = self.queue.pop()
        hand = self.world.clone()
        hand.fast_apply(a)
        if self.exact and hand.phase == P.PLAY:
            self.solver.deadline = deadline
            try:
                v, f = self.solver.value(hand), None
                if self.counts[a] < FIGURE_WORLDS:
                    end = line_end(self.solver, hand, v)
                    f = figures(end)[self.side]
                    self._count_made(a, end)
            except OutOfTime:
                self.queue.append(a)
                return
        else:
            rollout(hand, self.rules, random.Random(self.world_seed), self.level.noise)
            v, f = utility(hand, self.side, self.weight), figures(hand)[self.side]
            self.unit_cost = smoothed(self.unit_cost, self.clock() - t0)
            self._count_made(a, hand)
        self.pending[a] = (v, f)
        self.rollouts += 1
        self._world_done()

    def _count_made(self, a: int, end) -> None:
        """Whether the bid counted for ``a`` (``made``) was made in the finished hand ``end``: for
        a bid, the bid itself, where our side held the contract (``family.bid_made``); for a
        card, the bid in play (where counted: ``self.bidder``)."""
        if A.is_bid(a):
            made = self.family.bid_made(end, self.obs.seat, A.bid_value(a))
        elif self.bidder is None:
            return
        else:
            made = contract_made(end, self.bidder)
        if made is not None:
            self.made[a][0] += made
            self.made[a][1] += 1

    def _world_done(self) -> None:
        if not self.queue:  # the world is done: every candidate has its value in it
            for a, (v, f) in self.pending.items():
                self.totals[a] += v
                self.squares[a] += v * v
                self.counts[a] += 1
                if f is not None:
                    self.figure_totals[a] += f
                    self.figure_counts[a] += 1
                    self.figure_values[a] += v
            self.pending = {}

    def _try_world(self) -> None:
        """A sampled world, kept with the chance that the other seats would have bid as they did
        with those cards (rejection: worlds that fit the auction come more often; the last of
        WORLD_TRIES tries is kept anyway).  A kept world queues every candidate."""
        try:
            if self.worlds is None:
                self.worlds = Worlds(self.obs)
            world = self.worlds.sample(self.rng)
        except Inconsistent:
            self.done = True  # keep the rule-based action
            return
        fit = getattr(self.rules, "likelihood", None)
        if fit is not None and not self.rejection.keep(fit(world, self.obs), self.rng):
            return  # not kept: the next unit tries again
        self.world = world
        self.world_seed = self.rng.getrandbits(32)
        # (in the trick play only: 28's and 304's trump is chosen holding the first four cards,
        # and the choice deals the rest, which an exact search of the whole hand would then face)
        self.exact = world.phase == P.PLAY and cards_left(world) <= self.level.exact_cards
        if self.exact:
            self.solver = self.family.exact_solver(world, self.side, clock=self.clock, weight=self.weight)
        self.queue = list(self.candidates)

    # ---- the answer -------------------------------------------------------------------------------
    def values(self) -> dict[int, tuple[float, float, int]]:
        """Per candidate: (mean utility, standard error, roll-outs)."""
        out = {}
        for a in self.candidates:
            n = self.counts[a]
            if n:
                mean = self.totals[a] / n
                var = max(0.0, self.squares[a] / n - mean * mean)
                out[a] = (mean, math.sqrt(var / n), n)
        return out

    def expected_figure(self, a: int) -> float | None:
        """The side's mean points (card points; 400: score) after ``a`` in the roll-outs."""
        n = self.figure_counts.get(a, 0)
        return self.figure_totals[a] / n if n else None

    def figure_value(self, a: int) -> float | None:
        """The mean value of ``a`` over the worlds ``expected_figure`` counts (in exact worlds the
        first ``FIGURE_WORLDS``; else every world): to compare the points with like for like."""
        n = self.figure_counts.get(a, 0)
        return self.figure_values[a] / n if n else None

    def made_share(self, a: int) -> float | None:
        """Bids: the share of worlds our side made the bid in (took its points; 400: the seat's
        own bid), of those where it held the contract;
        cards, where the bid decides the score beyond the card points (304, 28): the share of
        worlds the bid in play was made in (of the roll-outs, and of the exact worlds the first
        ``FIGURE_WORLDS``); else None."""
        made, held = self.made.get(a, (0, 0))
        return made / held if held else None

    def best(self) -> int:
        vals = self.values()
        if not vals:
            return self.fallback
        # bids are judged conservatively: a bid must beat passing by more than its noise
        def score(a):
            mean, se, _ = vals[a]
            return mean - (se if A.is_bid(a) else 0.0) + (1e-9 if a == self.fallback else 0.0)
        return max(vals, key=score)


def choose(obs, level: str = "normal", seed: int = 0, clock=None, rollouts: int | None = None) -> int:
    """Think to completion (on ``clock``, or for ``rollouts``: see ``Thinker``) and return the
    action (arena, tests)."""
    if level == "baseline":
        return baseline_action(obs, seed)
    return Thinker(obs, level, seed, clock, rollouts).finish().best()


__all__ = ["ALL_LEVELS", "LEVELS", "Level", "Thinker", "WorkClock", "baseline_action", "choose", "warm_jobs"]
