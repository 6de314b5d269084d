"""Frame times of the table at 1280x720 (software rendering, one core).

    python benchmarks/frame.py [--json] [--level normal]

- ``draw``: drawing one full table frame mid-trick (felt, seats, trick, hand,
  top bar, buttons): median and 95th percentile.  Goal: at most 4 ms.
- ``felt``: rebuilding the felt after a settings change (best of three).  Goal: under 50 ms.
- ``worst AI frame``: the slowest whole frame (input, AI slice, animation,
  drawing) over a whole hand of each game with the AI on every seat, so every
  frame is one where the AI thinks or a card moves.  Goal: at most 16 ms, so
  the screen never freezes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui import driver, players  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.session import Session  # noqa: E402


def mid_trick_table(app, game="28", seed=4):
    """A table with two cards in the trick and the player's full hand."""
    session = Session(game, {}, seed, "normal", (0,))
    rng = random.Random(seed)
    hand = session.hand
    while not (hand.phase == "play" and len(hand.trick) == 2 and len(hand.tricks) >= 1):
        hand.apply(rng.choice(hand.legal_actions()))
        if hand.is_over():
            return mid_trick_table(app, game, seed + 1)
    scene = TableScene(app, session)
    app.show(scene)
    driver.frames(app, 3)
    return scene


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def draw_times(app, scene, n=400):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        scene.draw(app.screen)
        times.append((time.perf_counter() - t0) * 1000)
    return times[20:]


class TimedThinker:
    """Wraps the AI's thinker and records how long its constructor and each step take."""

    def __init__(self, make, obs, level, seed, record):
        t0 = time.perf_counter()
        self.inner = make(obs, level, seed)
        record.append((time.perf_counter() - t0) * 1000)
        self.record = record

    @property
    def done(self):
        return self.inner.done

    def step(self, max_ms=10):
        t0 = time.perf_counter()
        self.inner.step(max_ms)
        self.record.append((time.perf_counter() - t0) * 1000)

    def best(self):
        return self.inner.best()


def ai_frames(game, level, decisions=60):
    """(whole frame times, AI call times) over up to ``decisions`` decisions of one hand, AI on every seat."""
    app = driver.make_app(settings={"anim_speed": 1.0})
    session = Session(game, {}, 7, level, ())
    app.show(TableScene(app, session))
    driver.frames(app, 3)
    ai_calls: list[float] = []
    make = players.thinker
    players.thinker = lambda obs, lvl, seed: TimedThinker(make, obs, lvl, seed, ai_calls)
    try:
        frames, start = [], len(session.hand.history)
        while len(session.hand.history) - start < decisions and app.scene.name == "table":
            t0 = time.perf_counter()
            app.frame(driver.DT, [])
            frames.append((time.perf_counter() - t0) * 1000)
    finally:
        players.thinker = make
    return frames, ai_calls


def felt_ms() -> float:
    from game.ui import theme
    best = float("inf")
    for _ in range(3):
        theme._table.cache_clear()
        t0 = time.perf_counter()
        theme.table_surface((1280, 720), 0.3, 0.7, 0.6)
        best = min(best, time.perf_counter() - t0)
    return round(best * 1000, 2)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--level", default="normal", choices=("easy", "normal", "hard", "expert"))
    args = p.parse_args(argv)
    app = driver.make_app()
    scene = mid_trick_table(app)
    draws = draw_times(app, scene)
    felt = felt_ms()
    worst, worst_ai, p99 = {}, {}, {}
    for game in ("304", "28", "400", "schieber"):
        frames, ai_calls = ai_frames(game, args.level)
        worst[game], p99[game] = round(max(frames), 2), round(percentile(frames, 0.99), 2)
        worst_ai[game] = round(max(ai_calls), 2)
    out = {
        "draw_median_ms": round(percentile(draws, 0.5), 2),
        "draw_p95_ms": round(percentile(draws, 0.95), 2),
        "worst_ai_frame_ms": worst,
        "p99_ai_frame_ms": p99,
        "worst_ai_call_ms": worst_ai,
        "ai_level": args.level,
        "felt_rebuild_ms": felt,
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"table frame at 1280x720: median {out['draw_median_ms']} ms, p95 {out['draw_p95_ms']} ms (goal <= 4 ms)")
    print(f"felt rebuilt after a settings change: {felt} ms (best of 3; goal < 50 ms)")
    for g, v in out["worst_ai_frame_ms"].items():
        print(f"worst frame while the AI thinks ({g}, level {args.level}): {v} ms (goal <= 16 ms); "
              f"99th percentile {p99[g]} ms; slowest single AI call (Thinker() or step(8)) {worst_ai[g]} ms")


if __name__ == "__main__":
    main()
