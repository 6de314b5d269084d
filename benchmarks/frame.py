"""Frame costs of the app on the two phone canvases, in this process's CPU time.

    nice -n 10 python benchmarks/frame.py [--json] [--level normal] [--canvas 720x1558,1558x720]
        [--games 304,28,400,schieber] [--work N] [--worst N] [--before DIR] [--smoke]

Per canvas (720x1558 is what a 390x844 phone opens upright, 1558x720 sideways):

- ``idle``: one pass of the app's loop (``App.run``: input, time, drawing, the display's
  flip) while nothing on the screen changes, per scene: the menu, the table waiting for the
  player's bid, card and trump choice, the hand result, the review paused and a lesson waiting
  for "Go on".  Goal: at most 0.1 ms a frame.
- ``draw``: the table drawn whole mid-trick (two cards in the trick, the player's hand):
  median and 95th percentile.
- ``flight``: the pass of the loop that draws a displayed frame while a card flies to a trick
  that has cards (every seat AI):
  median and 95th percentile.
- ``worst``: the slowest pass of the loop (input, an AI slice, animation, drawing) over a
  hand of each game with the AI on every seat, and its 99th percentile.  Goal: at most 16 ms.
  Each pass on its own: natively, while an AI seat thinks, a displayed frame holds several
  (``App.passes``: the idle time of the frame given to the thinking, a budget a pass).
  Beside it the slowest pass that held an AI call and the slowest without one (``quiet``);
  ``--worst N`` lists the N slowest quiet passes with the CPU ms of each part (``PARTS``).
  And the slowest of the passes that held an AI call (a slice, or a thinker made): the slice
  gets what the frame left of ``players.FRAME_MS`` (2.4 ms natively).
- ``felt``: rebuilding the felt after a settings change (best of three).  Goal: under 50 ms.

Times are CPU time (``time.process_time``), not wall time: the machine is shared, and the
wall clock counts the other processes' work too.  The AI's slices are measured on the wall
clock by the thinker itself (as on a phone), so a loaded machine gives the AI's frames less
CPU, never more.  ``--before DIR`` runs this same script on another checkout (e.g. ``git
worktree add /tmp/before main``) in a process of its own and prints both, before and after.
``--smoke``: seconds, tiny sizes (the test suite runs it, so the benchmark cannot rot).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the figures (--json)
HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent))

from arguments import checkout, comma_list, run_before, tree_to_measure, parse_with_smoke  # noqa: E402  (benchmarks/)

TREE = tree_to_measure(sys.argv[1:], HERE.parent.parent) if __name__ == "__main__" else HERE.parent.parent
sys.path.insert(0, str(TREE))

import pygame  # noqa: E402

from game.engine import GAMES  # noqa: E402
from game.ui import players  # noqa: E402

try:
    from harness import driver
except ImportError:  # a tree measured from before the harness left the game package
    from game.ui import driver
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.session import Session  # noqa: E402

CANVASES = {"720x1558": (720, 1558), "1558x720": (1558, 720)}
SIZES = {  # frames settled, frames measured idle, draws, decisions a game
    "full": {"settle": 360, "idle": 300, "draws": 300, "decisions": 60},
    "smoke": {"settle": 20, "idle": 5, "draws": 5, "decisions": 4},
}


def timed_passes(app):
    """One displayed frame of the app's loop as ``App.run`` makes it, without waiting for the
    next: its passes (``App.passes``: natively, while an AI seat thinks, more than one), yielding
    the CPU ms of each as it ends."""
    passes, tick = getattr(app, "passes", None), getattr(app, "tick", None)
    t0 = time.process_time()
    if passes is not None:
        for _ in passes(driver.DT, pygame.event.get):
            t1 = time.process_time()
            yield (t1 - t0) * 1000
            t0 = time.process_time()
        return
    if tick is not None:  # the loop before it gave the AI more passes: one a displayed frame
        tick(driver.DT, pygame.event.get())
    else:  # the loop before it rested: a frame drawn and flipped every time
        app.frame(driver.DT, pygame.event.get())
        pygame.display.flip()
    yield (time.process_time() - t0) * 1000


def loop_pass(app) -> None:
    """One displayed frame of the app's loop, all its passes (``timed_passes``)."""
    for _ in timed_passes(app):
        pass


def settle_memory() -> None:
    """As the app does as its loop starts (``App.run``): what exists so far is left out of later
    collections, so that a collection scans only what the frames make."""
    gc.collect()
    gc.freeze()


def cpu_ms(fn, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0) * 1000)
    return times


def percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# ---- positions --------------------------------------------------------------------------------
def advance(game, seed, wanted, humans=(0,), level="normal"):
    """A session whose hand was played by random legal actions until ``wanted(hand)``; the next
    seed when a hand ends first."""
    for s in range(seed, seed + 200):
        session = Session(game, {}, s, level, humans)
        hand, rng = session.hand, random.Random(s)
        for _ in range(400):
            if wanted(hand):
                return session
            if hand.is_over():
                break
            hand.apply(rng.choice(hand.legal_actions()))
    raise RuntimeError(f"no position found in {game}")


def seat0_to(phase):
    return lambda hand: hand.phase == phase and hand.turn == 0 and not hand.is_over()


def table(app, session):
    app.stack.clear()
    app.show(TableScene(app, session))
    return app.scene


def waiting_at(app, phase):
    """The table waits for the player in ``phase``."""
    scene = app.scene
    return scene.name == "table" and scene.obs.phase == phase and scene.human_turn()


def menu(app):
    app.home()
    return lambda: app.scene.name == "menu"


def table_bid(app):
    table(app, advance("28", 1, seat0_to("auction")))
    return lambda: waiting_at(app, "auction")


def table_card(app):
    table(app, advance("28", 1, lambda h: seat0_to("play")(h) and len(h.tricks) >= 1 and len(h.trick) >= 1))
    return lambda: waiting_at(app, "play")


def table_trump(app):
    table(app, advance("28", 1, seat0_to("indicator")))
    return lambda: waiting_at(app, "indicator")


def finished(game="28", seed=1):
    return advance(game, seed, lambda hand: hand.is_over())


def hand_result(app):
    app.stack.clear()
    app.go("hand-result", session=finished())
    return lambda: app.scene.name == "hand-result"


def review_paused(app):
    app.stack.clear()
    session = finished()
    app.go("review", record=session.hand_record(), step=len(session.hand.history) // 2)
    return lambda: app.scene.name == "review" and not app.scene.playing


def lesson_waiting(app):
    try:
        from game.ui.lessons.lesson import lesson_table
    except ImportError:  # a tree from before the lessons had a package of their own
        from game.ui.lessons import lesson_table

    app.stack.clear()
    name, params = lesson_table(app, "28", "normal")
    app.go(name, **params)
    def waiting():  # for the player: to go on from the note, or to take the step it asks for
        scene = app.scene
        return scene.name == "table" and scene.note is not None and (scene.note.waiting() or scene.human_turn())
    driver.run_until(app, waiting, 2000)
    return waiting


IDLE_SCENES = {"menu": menu, "table, a bid": table_bid, "table, a card": table_card,
               "table, a trump choice": table_trump, "hand result": hand_result,
               "review, paused": review_paused, "lesson, waiting": lesson_waiting}


def idle_figures(size, sizes) -> dict:
    """CPU ms a pass of the loop costs in each still scene, once it has settled."""
    out = {}
    for name, setup in IDLE_SCENES.items():
        app = driver.make_app(size)
        still = setup(app)
        settle_memory()
        for _ in range(sizes["settle"]):
            loop_pass(app)
        times = cpu_ms(lambda app=app: loop_pass(app), sizes["idle"])
        if not still():
            raise RuntimeError(f"the {name} scene was not reached, or did not stay")
        out[name] = round(sum(times) / len(times), 4)
    return out


def mid_trick_table(app, game="28", seed=4):
    """A table with two cards in the trick and the player's full hand (the first trick done)."""
    session = advance(game, seed, lambda h: h.phase == "play" and len(h.trick) == 2 and len(h.tricks) >= 1)
    scene = table(app, session)
    driver.frames(app, 3)
    return scene


def draw_figures(size, sizes) -> list[float]:
    app = driver.make_app(size)
    scene = mid_trick_table(app)
    settle_memory()

    return cpu_ms(lambda: scene.draw(app.screen), sizes["draws"] + 20)[20:]  # outside a frame: drawn whole


def flight_figures(size, sizes) -> list[float]:
    """Loop passes while a card flies to a trick holding cards, every seat AI."""
    app = driver.make_app(size, settings={"anim_speed": 1.0, "trick_wait": 0.5})
    session = advance("28", 4, lambda h: h.phase == "play" and len(h.trick) == 1 and len(h.tricks) >= 1,
                      humans=(), level="easy")
    scene = table(app, session)
    driver.frames(app, 3)
    settle_memory()
    times = []
    for _ in range(4000):
        if len(times) >= sizes["draws"] or app.scene is not scene or session.hand.is_over():
            break
        passes = list(timed_passes(app))
        spent = passes[0]  # the pass that draws the flight (any after it draws nothing)
        state = scene.state
        if any(not f.done and f.seat is not None for f in state.flights) and len(state.shown_trick()) >= 2:
            times.append(spent)
    return times


class TimedThinker:
    """The AI's thinker, with how long its constructor and each step take (CPU ms); anything
    else is the thinker's own (``players.note`` reads what it weighed)."""

    def __init__(self, make, obs, level, seed, record):
        t0 = time.process_time()
        self.inner = make(obs, level, seed)
        record.append((time.process_time() - t0) * 1000)
        self.record = record

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def step(self, max_ms=10, **how):
        t0 = time.process_time()
        worked = self.inner.step(max_ms, **how)
        self.record.append((time.process_time() - t0) * 1000)
        return worked


# what a frame did, by part (``--worst N``): module, class (None: the module), functions
PARTS = (("game.ui.table.view", "TableView", ("lay_out", "draw", "redraw", "draw_moving")),
         ("game.ui.scenes.table", "TableScene", ("warm_one",)), ("game.ui.app", "Ahead", ("step",)),
         ("game.ui.art", "CardArt", ("_face", "_back")), ("game.ui.fonts", None, ("render",)))


class Parts:
    """CPU ms and calls of each part (``PARTS``) in the frame being measured (``now``); a part
    a tree does not have is left out."""

    def __init__(self):
        self.now: dict = {}
        self.patched = []

    def __enter__(self):
        import importlib
        for module, cls, names in PARTS:
            owner = importlib.import_module(module)
            owner = getattr(owner, cls) if cls else owner
            for name in names:
                if hasattr(owner, name):
                    self.patched.append((owner, name, getattr(owner, name)))
                    setattr(owner, name, self.timed(f"{cls or module.rsplit('.', 1)[1]}.{name}", getattr(owner, name)))
        return self

    def timed(self, label, fn):
        def part(*args, **kwargs):
            t0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                ms, n = self.now.get(label, (0.0, 0))
                self.now[label] = (ms + (time.process_time() - t0) * 1000, n + 1)
        return part

    def __exit__(self, *exc):
        for owner, name, fn in reversed(self.patched):
            setattr(owner, name, fn)


def ai_frames(game, level, size, decisions, work=None, parts=None):
    """(loop pass times, AI call times, the times of the passes that held an AI call: a slice,
    a thinker made or its note written) over up to ``decisions`` decisions of a hand, AI on every seat; with ``work``,
    each decision held to that many roll-outs (its slices still the table's).  With ``parts``
    (a list), each pass without an AI call as (ms, frame number, {part: (ms, calls)}) there."""
    app = driver.make_app(size, settings={"anim_speed": 1.0})
    session = Session(game, {}, 7, level, ())
    table(app, session)
    driver.frames(app, 3)
    settle_memory()
    ai_calls: list[float] = []
    real = make = players.thinker
    if work is not None:
        from game.ai import Thinker

        def make(obs, lvl, seed):
            return Thinker(obs, lvl, seed, rollouts=work)
    players.thinker = lambda obs, lvl, seed: TimedThinker(make, obs, lvl, seed, ai_calls)
    real_note = players.note

    def note(thinker):  # what a thinker weighed, written in a frame of its own: AI work too
        t0 = time.process_time()
        try:
            return real_note(thinker)
        finally:
            ai_calls.append((time.process_time() - t0) * 1000)
    players.note = note
    probe = Parts() if parts is not None else None
    try:
        if probe:
            probe.__enter__()
        frames, thinking, start = [], [], len(session.hand.history)
        while len(session.hand.history) - start < decisions and app.scene.name == "table":
            calls = len(ai_calls)
            if probe:
                probe.now = {}
            for ms in timed_passes(app):  # each pass of the displayed frame on its own
                frames.append(ms)
                if len(ai_calls) > calls:
                    thinking.append(ms)
                elif probe:
                    parts.append((ms, len(frames) - 1, probe.now))
                calls = len(ai_calls)
                if probe:
                    probe.now = {}
    finally:
        players.thinker, players.note = real, real_note
        if probe:
            probe.__exit__()
    return frames, ai_calls, thinking


def felt_ms(size) -> float:
    from game.ui import theme
    best = float("inf")
    for _ in range(3):
        theme._table.cache_clear()
        t0 = time.process_time()
        theme.table_surface(size, 0.3, 0.7, 0.6)
        best = min(best, time.process_time() - t0)
    return round(best * 1000, 2)


def measure(canvases, games, level, smoke, work=None, worst_n=0) -> dict:
    sizes = SIZES["smoke" if smoke else "full"]
    out = {}
    for name in canvases:
        size = CANVASES[name]
        draws, flights = draw_figures(size, sizes), flight_figures(size, sizes)
        worst, p99, worst_ai, worst_thinking, worst_quiet, quiet_frames = {}, {}, {}, {}, {}, {}
        for game in games:
            parts = [] if worst_n else None
            frames, calls, thinking = ai_frames(game, level, size, sizes["decisions"], work, parts)
            worst_thinking[game] = round(max(thinking), 2) if thinking else 0.0
            quiet = sorted(frames)  # the passes without an AI call: all but those that held one
            for ms in thinking:
                quiet.remove(ms)
            worst_quiet[game] = round(quiet[-1], 2) if quiet else 0.0
            if worst_n:
                quiet_frames[game] = [{"ms": round(ms, 2), "frame": n,
                                       "parts": {k: [round(t, 2), c] for k, (t, c) in sorted(p.items(), key=lambda x: -x[1][0])}}
                                      for ms, n, p in sorted(parts, key=lambda x: -x[0])[:worst_n]]
            worst[game], p99[game] = round(max(frames), 2), round(percentile(frames, 0.99), 2)
            worst_ai[game] = round(max(calls), 2) if calls else 0.0
        out[name] = {
            "idle_ms": idle_figures(size, sizes),
            "draw_median_ms": round(percentile(draws, 0.5), 3), "draw_p95_ms": round(percentile(draws, 0.95), 3),
            "flight_median_ms": round(percentile(flights, 0.5), 3) if flights else None,
            "flight_p95_ms": round(percentile(flights, 0.95), 3) if flights else None,
            "worst_frame_ms": worst, "p99_frame_ms": p99, "worst_ai_call_ms": worst_ai,
            "worst_thinking_frame_ms": worst_thinking, "worst_quiet_frame_ms": worst_quiet,
            **({"worst_quiet_frames": quiet_frames} if worst_n else {}),
            "felt_rebuild_ms": felt_ms(size),
        }
    return out


def show(figures: dict, title: str) -> None:
    print(title)
    for canvas, f in figures.items():
        print(f"  {canvas}:")
        for scene, ms in f["idle_ms"].items():
            print(f"    idle, {scene:<22} {ms:8.4f} ms a frame (goal <= 0.1)")
        print(f"    table drawn whole mid-trick: median {f['draw_median_ms']} ms, p95 {f['draw_p95_ms']} ms")
        print(f"    a card flying mid-trick: median {f['flight_median_ms']} ms, p95 {f['flight_p95_ms']} ms")
        for g, v in f["worst_frame_ms"].items():
            print(f"    worst frame, AI on every seat ({g}): {v} ms (goal <= 16); p99 {f['p99_frame_ms'][g]} ms; "
                  f"slowest AI call {f['worst_ai_call_ms'][g]} ms; "
                  f"worst frame holding an AI call {f.get('worst_thinking_frame_ms', {}).get(g)} ms; "
                  f"without one {f.get('worst_quiet_frame_ms', {}).get(g)} ms")
            for frame in f.get("worst_quiet_frames", {}).get(g, []):
                print(f"      {frame['ms']:6.2f} ms, frame {frame['frame']}: "
                      + ", ".join(f"{k} {t} ms/{c}" for k, (t, c) in frame["parts"].items()))
        print(f"    felt rebuilt after a settings change: {f['felt_rebuild_ms']} ms (best of 3; goal < 50)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--level", default="normal", choices=("easy", "normal", "hard", "expert"))
    p.add_argument("--canvas", type=comma_list(list(CANVASES)), default=list(CANVASES))
    p.add_argument("--games", type=comma_list(list(GAMES)), default=list(GAMES))
    p.add_argument("--before", metavar="DIR", type=checkout, help="another checkout, measured as well")
    p.add_argument("--work", type=int, default=None, metavar="N",
                   help="AI seats held to N roll-outs a decision: the same course of play in both checkouts "
                        "(the worst frame of a hand that ends early is another hand's)")
    p.add_argument("--worst", type=int, default=0, metavar="N",
                   help="the N worst frames without an AI call of each hand, with what they did (CPU ms by part)")
    p.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parse_with_smoke(p, argv, ["--level", "easy", "--games", "28"])
    level, games = args.level, args.games
    passed = ["--level", level, "--canvas", ",".join(args.canvas), "--games", ",".join(games)]
    passed += ["--work", str(args.work)] if args.work is not None else []
    passed += ["--worst", str(args.worst)] if args.worst else []
    before = run_before(p, HERE, args.before, passed + (["--smoke"] if args.smoke else [])) if args.before else None
    figures = measure(args.canvas, games, level, args.smoke, args.work, args.worst)
    if args.json:
        print(json.dumps({"frame": figures, "before": before, "level": level, "clock": "process_time"}))
        return
    if before:
        show(before["frame"], f"before ({args.before}), CPU ms, AI level {level}:")
    show(figures, f"{'after' if before else 'frames'}, CPU ms, AI level {level}:")


if __name__ == "__main__":
    main()
