"""A thinker's slice ends within one unit of work of its budget, and its first decision imports
nothing once ``search.warm_jobs`` ran (an import in a slice costs milliseconds natively and many
times that in a slow phone's browser).

The slices are timed on a work clock: ``search.WorkClock``, read also once per engine move that
a roll-out, an exact search or a world's replayed log makes, so that work done between two looks
of the thinker at its clock still counts."""

import json
import subprocess
import sys

import pytest

from game.ai import search
from game.engine import GAMES

TICK = 1e-5  # a look or a move: a 4 ms slice is 400 of them
SLICE_MS = 4.0
# the most one unit may cost: a roll-out of a whole hand (every card of the 52-card deck played,
# 400's) and its looks; a try at a world replays the log the same way; an exact search stops at
# the slice's end within 16 nodes
UNIT_TICKS = 64


@pytest.fixture
def move_clock(monkeypatch):
    clock = search.WorkClock(TICK)
    for cls in set(GAMES.values()):
        apply, replay = cls.fast_apply, cls.replay_actions

        def fast_apply(self, action, _apply=apply):
            clock()
            return _apply(self, action)

        def replay_actions(self, steps, _replay=replay):
            for _ in steps:
                clock()
            return _replay(self, steps)

        monkeypatch.setattr(cls, "fast_apply", fast_apply)
        monkeypatch.setattr(cls, "replay_actions", replay_actions)
    return clock


@pytest.mark.parametrize("game", list(GAMES))
def test_no_slice_runs_past_its_budget_by_more_than_one_unit(game, move_clock, monkeypatch):
    units = []
    unit = search.Thinker._unit

    def timed_unit(self, deadline):
        kind = "exact" if self.queue and self.exact else "rollout" if self.queue else "world"
        t0 = move_clock()
        unit(self, deadline)
        units.append((move_clock() - t0, kind))

    monkeypatch.setattr(search.Thinker, "_unit", timed_unit)
    cls = GAMES[game]
    base = cls.deal("slices/1", None, dealer=1, first_hand=bool(cls.FIRST_HAND_RULE))
    hand = cls(base.dealt, base.dealer, None, None, base.first_hand)
    slices, longest, worst = 0, {}, 0.0
    k = 0
    while not hand.is_over():
        thinker = search.Thinker(hand.observation(hand.turn), "normal", k, clock=move_clock, rollouts=60)
        while not thinker.done:
            del units[:]
            t0 = move_clock()
            thinker.step(SLICE_MS)
            over = move_clock() - t0 - TICK - SLICE_MS / 1000  # (less this measure's own look)
            slices += 1
            for ticks, kind in units:
                longest[kind] = max(longest.get(kind, 0), round(ticks / TICK))
            worst = max(worst, round(over / TICK))
        hand.apply(thinker.best())
        k += 1
    assert slices > 40  # the hand was thought in many slices
    assert longest["rollout"] <= UNIT_TICKS and longest["world"] <= UNIT_TICKS, longest
    assert worst <= UNIT_TICKS, (worst, longest)  # the exact searches stop at the slice's end


WARM_THEN_THINK = """
import json, sys
from game.ai import search, weigh
from game.engine import GAMES
game = sys.argv[1]
for job in search.warm_jobs(game):
    job()
before = set(sys.modules)
cls = GAMES[game]
base = cls.deal("warm/2", None, dealer=3, first_hand=bool(cls.FIRST_HAND_RULE))
hand = cls(base.dealt, base.dealer, None, None, base.first_hand)
k = 0
while not hand.is_over():
    for level in ("normal", "expert"):
        thinker = search.Thinker(hand.observation(hand.turn), level, k, clock=search.WorkClock(1e-6), rollouts=8)
        thinker.finish(4.0)
        weigh(thinker)
    hand.apply(thinker.best())
    k += 1
print(json.dumps(sorted(set(sys.modules) - before)))
"""


@pytest.mark.parametrize("game", list(GAMES))
def test_warm_jobs_leave_the_thinking_nothing_to_import(game):
    out = subprocess.run([sys.executable, "-c", WARM_THEN_THINK, game], capture_output=True, text=True, timeout=300,
                         check=True)
    assert json.loads(out.stdout) == []
