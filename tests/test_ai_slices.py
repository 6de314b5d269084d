"""A thinker's slice ends within one unit of work of its budget, and its first decision imports
nothing once ``search.warm_jobs`` ran (an import in a slice costs milliseconds natively and many
times that in a slow phone's browser).

The slices are timed on a work clock: ``search.WorkClock``, read also once per engine move that
a roll-out, an exact search or a world's replayed log makes, so that work done between two looks
of the thinker at its clock still counts."""

import json
import random
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


def cut_slices(thinker, k: int) -> None:
    """Think to the end in slices as the table's frames cut them (``table.ai.give_slice``): what
    frames of varied cost leave of the budget, down to nearly nothing (where a slice may start no
    unit at all), drawn from a seeded chance."""
    from game.ui import players
    from game.ui.table.ai import give_slice

    rng, waited = random.Random(k), 0
    while not thinker.done:
        spent = rng.choice([0.02, 0.1, 0.4, 1.0, 1.8, 2.3]) * players.FRAME_MS / 2.4
        waited = give_slice(thinker, players.FRAME_MS - spent, waited)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_decision_weighs_as_much_however_its_slices_are_cut(game, move_clock):
    """The level's budget is time spent in slices, so what the table's frames leave for a slice
    changes how many frames a decision takes, not what it weighs: the same roll-outs and the same
    action as in 4 ms slices (the slices before frames were budgeted whole)."""
    cls = GAMES[game]
    base = cls.deal("cut/3", None, dealer=2, first_hand=bool(cls.FIRST_HAND_RULE))
    hand = cls(base.dealt, base.dealer, None, None, base.first_hand)
    k = 0
    while k < 6 and not hand.is_over():
        obs = hand.observation(hand.turn)
        whole = search.Thinker(obs, "normal", k, clock=move_clock)
        calls = 0
        while not whole.done:
            whole.step(4.0)
            calls += 1
        cut = search.Thinker(obs, "normal", k, clock=move_clock)
        cut_slices(cut, k)
        assert (cut.rollouts, cut.best(), cut.values()) == (whole.rollouts, whole.best(), whole.values())
        hand.apply(whole.best())
        k += 1
    assert calls > 1  # (a decision of several slices)


def test_a_frame_gives_the_ai_slice_what_it_has_left(move_clock, monkeypatch):
    """At the table an AI seat's slice comes last in its frame and gets what the frame's input,
    time and drawing left of ``players.FRAME_MS``, on the frames' clock (here the move clock, which
    the thinker reads too; drawing is made to cost ``draw_ticks`` on it): no frame that holds a slice
    runs past the budget by more than one unit of work, and every slice is given what was left; nor
    does a frame in which a thinker is made (after the drawing too)."""
    from harness import driver

    from game.ui import players
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    draw_ticks = 90  # a frame's drawing (0.9 ms here): the slice after it gets the rest
    monkeypatch.setattr(players, "frame_clock", move_clock)
    monkeypatch.setattr(search, "clock", move_clock)
    draw = App.draw

    def costly_draw(self, scene, changed=True):
        move_clock.looks += draw_ticks
        return draw(self, scene, changed)
    monkeypatch.setattr(App, "draw", costly_draw)
    given = []
    step = search.Thinker.step

    def recorded(self, max_ms=10.0, first=True):
        given.append((move_clock.looks, max_ms))
        return step(self, max_ms, first)
    monkeypatch.setattr(search.Thinker, "step", recorded)

    made = []
    real = players.thinker
    monkeypatch.setattr(players, "thinker", lambda *how: made.append(real(*how)) or made[-1])

    app = driver.make_app((720, 1558), {"anim_speed": 4.0})
    session = Session("28", {}, 3, "normal", ())
    app.show(TableScene(app, session))
    drawn_then_sliced = 0
    while len(session.hand.history) < 10:
        start, slices, draws, thinkers = move_clock.looks, len(given), app.draws, len(made)
        app.frame(driver.DT, [])
        if len(made) > thinkers:  # a thinker is made (its first world sampled) in a frame of its own
            assert len(given) == slices
            assert (move_clock.looks - start) * TICK * 1000 <= players.FRAME_MS + UNIT_TICKS * TICK * 1000
        if len(given) == slices:
            continue
        assert len(given) == slices + 1  # one slice a frame
        at, max_ms = given[-1]
        left = players.FRAME_MS - (at - start - 1) * TICK * 1000  # what the frame left (from its first look)
        assert max_ms == pytest.approx(max(0.0, left), abs=1e-9)
        assert (move_clock.looks - start) * TICK * 1000 <= players.FRAME_MS + UNIT_TICKS * TICK * 1000
        drawn_then_sliced += app.draws > draws
    assert drawn_then_sliced > 20  # (the thinking seat's dots were drawn in the frames holding its slices)


def test_a_slice_with_too_little_left_waits_a_few_frames_then_works(move_clock):
    """A frame that left less than its next unit is estimated to cost starts none (``first``
    False: the frame would run late); after ``WAIT_MAX`` such frames in a row, or in a frame that
    did little else, the first unit runs anyway (a unit dearer than what any frame leaves, as on a
    slow phone, must still run)."""
    from game.ui import players
    from game.ui.table.ai import WAIT_MAX, give_slice

    cls = GAMES["28"]
    base = cls.deal("wait/1", None, dealer=0, first_hand=bool(cls.FIRST_HAND_RULE))
    hand = cls(base.dealt, base.dealer, None, None, base.first_hand)
    while hand.phase != "play":
        hand.apply(search.baseline_action(hand.observation(hand.turn)))
    thinker = search.Thinker(hand.observation(hand.turn), "normal", 1, clock=move_clock)
    assert give_slice(thinker, players.FRAME_MS, 0) == 0 and thinker.rollouts > 0  # (its units' costs measured)
    little = 0.02  # ms: less than any unit
    waited, spent = 0, thinker.spent
    for _ in range(WAIT_MAX):
        waited = give_slice(thinker, little, waited)
        assert thinker.spent == spent  # nothing started
    assert waited == WAIT_MAX
    assert give_slice(thinker, little, waited) == 0
    assert 0 < thinker.spent - spent <= UNIT_TICKS * TICK  # one unit, then it stops
    spent = thinker.spent
    assert give_slice(thinker, 0.8 * players.FRAME_MS, 0) == 0 and thinker.spent > spent  # a quiet frame works


@pytest.mark.parametrize("paced", [True, False], ids=["native", "browser"])
def test_a_native_frame_gives_a_thinking_seat_its_idle_time_in_passes(paced, move_clock, monkeypatch):
    """Natively the loop waits for the next displayed frame (``app.FRAME_CAP``): while an AI seat
    thinks, that time goes to more passes of the loop (``App.passes``), each a slice within the
    frame's budget, up to ``BUSY_SHARE`` of a displayed frame; the time the scene is given adds up
    to the displayed frames', so the seat still seems to think ``THINK_MIN``.  In the browser
    (no frame cap) a displayed frame is one pass, as before.  Clocks as in the test above."""
    from harness import driver

    from game.ui import app as app_module
    from game.ui import players
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session
    from game.ui.table.ai import TableAI

    if not paced:
        monkeypatch.setattr(app_module, "FRAME_CAP", 0)
    monkeypatch.setattr(players, "frame_clock", move_clock)
    monkeypatch.setattr(search, "clock", move_clock)
    draw = App.draw

    def costly_draw(self, scene, changed=True):
        move_clock.looks += 90
        return draw(self, scene, changed)
    monkeypatch.setattr(App, "draw", costly_draw)
    slices = []
    step = search.Thinker.step
    monkeypatch.setattr(search.Thinker, "step", lambda self, *a, **k: slices.append(1) or step(self, *a, **k))
    times = []
    update = TableScene.update
    monkeypatch.setattr(TableScene, "update", lambda self, dt: times.append(dt) or update(self, dt))

    app = driver.make_app((720, 1558), {"anim_speed": 1.0})
    session = Session("28", {}, 3, "normal", ())
    scene = TableScene(app, session)
    app.show(scene)
    unit_ms = UNIT_TICKS * TICK * 1000
    per_frame, dots, turns, displayed = [], 0, [], 0
    while len(session.hand.history) < 8:
        frame_start, before, moves, draws = move_clock.looks, len(slices), len(session.hand.history), app.draws
        thinking = scene.thinking()
        n, pass_start = 0, frame_start
        for _ in app.passes(driver.DT, list):
            n += 1
            assert (move_clock.looks - pass_start) * TICK * 1000 <= players.FRAME_MS + unit_ms  # each pass
            pass_start = move_clock.looks
        assert (move_clock.looks - frame_start) * TICK * 1000 <= app_module.BUSY_SHARE * 1000 * driver.DT + unit_ms
        displayed += 1
        assert n == 1 or paced
        assert app.draws - draws <= 1  # the passes after the first draw nothing
        if thinking:
            per_frame.append(len(slices) - before)
            dots += 1
        if len(session.hand.history) != moves:
            turns.append(dots)
            dots = 0
    assert sum(times) == pytest.approx(displayed * driver.DT, abs=0.011)  # (less what the last frame lent)
    assert min(turns[1:]) >= TableAI.THINK_MIN / driver.DT - 1  # the seat seemed to think THINK_MIN
    working = [k for k in per_frame if k]  # the displayed frames that gave the thinking seat slices
    assert len(working) > 20
    if paced:  # (four passes fit: 2.4 ms each, the first drawn, in 60% of 16.7 ms)
        assert sum(k >= 3 for k in working) >= 0.8 * len(working)
    else:
        assert max(working) == 1
