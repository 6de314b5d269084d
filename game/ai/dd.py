"""The ``dd`` arena opponent: textbook Perfect-Information Monte Carlo.

A yardstick for the search levels, not a level a player picks.  In trick play it samples worlds
from its observation (``worlds``, every consistent world alike: no reading of the bids), solves
each with the double-dummy search (``solver``) for every card it may play, and plays the card
with the best mean.  The search deepens over the same worlds: depth 0 values each card by the
rule-based players finishing the hand from there (a roll-out), depth 1 searches to the end of
the running trick, depth 2 one trick further, and so on.  The first world solved at a new depth
shows what the depth costs; when the other worlds would not finish it in the time left, or the
depth reaches the end of the hand, more worlds are solved at the depth before instead.  The
values of the deepest depth that every world finished are used.  Every decision before trick
play is the rule-based player's.

Why 24 worlds from depth 0 (``WORLDS``): the first version solved 6 worlds from depth 1 and
played no better than the baseline at 70 ms (100 duplicate deals, card points a deal: 304
+0.2 [-5.9, +6.3], 400 +0.2 [-0.6, +1.1], 28 +0.2 [-0.5, +0.9]); it finished about one trick
of search on 5-6 worlds.  The figures of this version are in ``docs/ai.md``.  A position at
the horizon is valued by the same roll-out (``LEAF`` "rollout"; "lead", the points taken plus
half of each suit's points for the side holding its best card, was weaker).

``DoubleDummy(obs, budget_ms, seed)`` is anytime like ``search.Thinker``: ``step(max_ms)``
until ``done``, then ``best()``.
"""

from __future__ import annotations

import random

from . import search
from .outcome import utility
from .rules import rules_for
from .search import baseline_action, drop_equal_cards
from .solver import OutOfTime, Solver
from .worlds import Inconsistent, Worlds
from ..engine import phases as P

WORLDS = 24  # worlds solved at every depth
LEAF = "rollout"  # the horizon's value: "lead" (family.lead) or "rollout" (the rules finish the hand)


def rollout_value(rules):
    def value(hand, side):
        h = hand.clone()
        search.rollout(h, rules, random.Random(0), 0.0)
        return utility(h, side)
    return value


class DoubleDummy:
    def __init__(self, obs, budget_ms: float = 70.0, seed: int = 0, worlds: int = WORLDS,
                 max_solves: int | None = None, clock=None):
        """``max_solves``: stop after that many searches too; ``clock``: what it thinks on (as
        ``search.Thinker``'s; a ``search.WorkClock`` makes the budget the same work anywhere)."""
        self.clock = clock = clock or search.current_clock()
        t0 = clock()
        self.obs = obs
        self.side = obs.seat & 1
        self.rng = random.Random(seed)
        self.budget = budget_ms * search.SLOWDOWN / 1000
        self.fallback = baseline_action(obs, seed)
        self.done = obs.phase != P.PLAY or len(obs.legal) <= 1
        self.moves = drop_equal_cards(list(obs.legal), obs)
        if self.fallback not in self.moves:
            self.moves.append(self.fallback)
        self.done = self.done or len(self.moves) <= 1
        self.world_count = worlds
        self.worlds: list = []  # (hand, solver) per sampled world
        self.sampler = None
        self.rollout = rollout_value(rules_for(obs.game))
        self.left = max(obs.hand_sizes)  # tricks to the end of the hand, the running one included
        self.depth = 0  # 0: a roll-out after the card; d: search to the end of trick d
        self.world_i = 0
        self.move_i = 0
        self.current: dict[int, float] = {}  # values of the world being solved
        self.totals: dict[int, dict] = {}  # depth -> move -> [sum, count]
        self.finished_depth = -1  # the deepest depth every world finished (-1: none yet)
        self.solves = 0  # (world, move) searches finished
        self.max_solves = max_solves
        self.widen = False  # True: the next depth would not finish in time, add worlds instead
        self.depth_from = 0.0  # time used when the running depth started
        self.spent = clock() - t0

    @property
    def rollouts(self) -> int:
        return self.solves

    def step(self, max_ms: float = 10.0) -> None:
        if self.done:
            return
        clock = self.clock
        t0 = self.step_t0 = clock()
        stop = min(t0 + max_ms / 1000, t0 + self.budget - self.spent)
        try:
            while clock() < stop:
                if not self._unit(stop) or self.solves == self.max_solves:
                    self.done = True
                    break
        except OutOfTime:
            pass
        now = clock()
        self.spent += now - t0
        if self.spent >= self.budget:
            self.done = True

    def _unit(self, deadline: float) -> bool:
        """One world's search for one move; False when there is nothing more to do."""
        if self.world_i == len(self.worlds):
            try:
                if self.sampler is None:
                    self.sampler = Worlds(self.obs)
                hand = self.sampler.sample(self.rng)
            except Inconsistent:
                return False
            horizon = self.rollout if LEAF == "rollout" else None
            self.worlds.append((hand, Solver(self.side, clock=self.clock, horizon=horizon)))
        hand, solver = self.worlds[self.world_i]
        a = self.moves[self.move_i]
        child = hand.clone()
        child.fast_apply(a)
        if self.depth == 0:
            self.current[a] = self.rollout(child, self.side)
        else:
            solver.stop_after = len(hand.tricks) + self.depth
            solver.deadline = deadline
            self.current[a] = solver.value(child)  # OutOfTime: the same search again next time
        self.solves += 1
        self.move_i += 1
        if self.move_i < len(self.moves):
            return True
        totals = self.totals.setdefault(self.depth, {})
        for m, v in self.current.items():
            t = totals.setdefault(m, [0.0, 0])
            t[0] += v
            t[1] += 1
        self.current = {}
        self.move_i = 0
        if self.depth:
            solver.forget()  # its entries hold for this depth only: memory stays one world's
        self.world_i += 1
        if self.world_i == 1 and self.depth > self.finished_depth >= 0:
            # The new depth's first world tells what the depth costs: if the other worlds
            # would not finish it in the time left, go back and add worlds to the last one.
            used = self._used()
            if (used - self.depth_from) * (self.world_count - 1) > self.budget - used:
                self.depth = self.finished_depth
                self.widen = True
                self.world_i = self.world_count
                self.world_count += 1
                return True
        if self.world_i >= self.world_count:
            self.finished_depth = self.depth
            if self.depth >= self.left or self.widen:
                self.world_count += 1  # exact to the end, or no time to go deeper: more worlds
            else:
                self.depth += 1
                self.world_i = 0
                self.depth_from = self._used()
        return True

    def _used(self) -> float:
        """Thinking time used so far, the running slice included."""
        return self.spent + self.clock() - self.step_t0

    def values(self) -> dict[int, tuple[float, int]]:
        """Per move: (mean value, worlds) at the deepest depth every world finished (or the
        first depth so far)."""
        depth = self.finished_depth if self.finished_depth >= 0 else min(self.totals, default=0)
        totals = self.totals.get(depth, {})
        if self.finished_depth and self.finished_depth >= self.left:
            totals = self.totals.get(self.left, totals)
        return {a: (s / n, n) for a, (s, n) in totals.items() if n}

    def best(self) -> int:
        vals = self.values()
        if not vals:
            return self.fallback
        return max(vals, key=lambda a: vals[a][0] + (1e-9 if a == self.fallback else 0.0))


def choose_dd(obs, budget_ms: float = 70.0, seed: int = 0, max_solves: int | None = None, clock=None) -> int:
    """Think to completion and return the card (or the rules' action before trick play)."""
    t = DoubleDummy(obs, budget_ms, seed, max_solves=max_solves, clock=clock)
    while not t.done:
        t.step(10)
    return t.best()


__all__ = ["DoubleDummy", "WORLDS", "choose_dd"]
