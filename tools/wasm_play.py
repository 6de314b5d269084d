"""One full hand of every game, each decision timed: the same code natively and in WebAssembly.

``run(seed, ai=True, level="normal")`` returns a JSON-able dict. With ``ai`` and an AI package that
offers the front end's interface (``game.ai.Thinker(observation, level, seed)`` with
``step(max_ms)``, ``done`` and ``best()``), every seat is an AI thinking in slices of
``slice_ms`` as the table drives it; otherwise every seat picks a random legal action. With
``work`` each decision is held to that many roll-outs (or exact searches) instead of the
level's time (``Thinker``'s work budget): the same work on any machine, as the tests want.
Pure Python, no I/O: tests/web runs it in Pyodide in headless Chromium, benchmarks/wasm.py
natively and in the browser to print the ratio.
"""

from __future__ import annotations

import random
import time

MAX_DECISIONS = 2000  # a hand that has not ended by then is a bug


def _thinker_class():
    try:
        from game.ai import Thinker
    except Exception as error:  # noqa: BLE001 - not there yet, or broken: report it
        return None, f"{type(error).__name__}: {error}"
    return Thinker, ""


_settled = False


def _as_the_app(games) -> None:
    """What the app does before its AI first thinks: each game's first-time work done ahead
    (``game.ai.warm_jobs``, where this AI has it: the table runs them one a frame), and what
    exists so far left out of later collections (``gc.freeze``, once a process, as
    ``ui.app.settle_memory``).  Else the slices measured pay for an import, and for a full
    collection of the page's whole heap (likely the 293 ms slice seen on a 4x-throttled page)."""
    global _settled
    import gc

    try:
        from game.ai import warm_jobs
    except ImportError:  # an AI from before them
        warm_jobs = None
    if warm_jobs is not None:
        for game in games:
            for job in warm_jobs(game):
                job()
    if not _settled:
        _settled = True
        gc.collect()
        gc.freeze()


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def play_hand(game: str, seed: int, thinker=None, level: str = "normal", slice_ms: float = 10.0,
              choices: int | None = None, work: int | None = None) -> dict:
    """One hand (with ``choices``, only until that many decisions with a choice have been made:
    a sample of the auction and the first tricks). With a thinker, a decision with a choice is
    one it searches (not one legal action, nor a table auction's bid, which the rules make)."""
    from game.engine import GAMES

    rng = random.Random(f"{game}/{seed}")
    hand = GAMES[game].deal(seed=seed)
    times: list[float] = []
    slices = rollouts = 0
    slice_times: list[float] = []
    choice_times: list[float] = []  # the decisions with a choice (with a thinker: those it searches)
    choice_rollouts: list[int] = []
    hand_started = time.perf_counter()
    while hand.turn != -1:
        if len(times) >= MAX_DECISIONS:
            raise RuntimeError(f"{game} seed {seed}: no end after {MAX_DECISIONS} decisions")
        if choices is not None and len(choice_times) >= choices:
            break
        seat = hand.turn
        several = len(hand.legal_actions()) > 1
        started = time.perf_counter()
        done_before = rollouts
        if thinker is not None:
            budget = {} if work is None else {"rollouts": work}
            mind = thinker(hand.observation(seat), level, rng.randrange(2**31), **budget)
            several = not mind.done  # it searches (not a single choice, nor the rules' table auction)
            while not mind.done:
                step_started = time.perf_counter()
                mind.step(slice_ms)
                slice_times.append((time.perf_counter() - step_started) * 1000)
                slices += 1
            action = mind.best()
            rollouts += getattr(mind, "rollouts", 0)
        else:
            action = rng.choice(hand.legal_actions())
        times.append((time.perf_counter() - started) * 1000)
        if several:
            choice_times.append(times[-1])
            choice_rollouts.append(rollouts - done_before)
        hand.apply(action)
    wall_ms = (time.perf_counter() - hand_started) * 1000
    over = hand.turn == -1
    result = hand.result() if over else None
    return {
        "decisions": len(times),
        "wall_ms": round(wall_ms, 3),
        "slices": slices,
        "slice_mean_ms": round(sum(slice_times) / len(slice_times), 4) if slice_times else 0.0,
        "slice_p95_ms": round(_percentile(slice_times, 0.95), 4),
        "slice_max_ms": round(max(slice_times), 4) if slice_times else 0.0,
        "rollouts": rollouts,  # roll-outs (and exact searches) the thinkers finished
        "choices": len(choice_times),
        "choice_ms": round(sum(choice_times), 3),
        "choice_max_ms": round(max(choice_times), 4) if choice_times else 0.0,
        "choice_rollouts": choice_rollouts,  # per decision with a choice
        "total_ms": round(sum(times), 3),
        "mean_ms": round(sum(times) / len(times), 4) if times else 0.0,
        "p95_ms": round(_percentile(times, 0.95), 4),
        "max_ms": round(max(times), 4) if times else 0.0,
        "record_actions": len(hand.record().get("actions", [])) if over and isinstance(hand.record(), dict) else None,
        "result_keys": sorted(result) if isinstance(result, dict) else None,
        "tricks": len(getattr(hand, "tricks", ())),
        "thrown_in": bool(getattr(hand, "thrown_in", False)),  # e.g. 304 after four passes
    }


def run(seed: int = 1, ai: bool = True, level: str = "normal", slice_ms: float = 10.0, games=None,
        work: int | None = None) -> dict:
    import sys

    from game.engine import GAMES

    thinker, why_not = _thinker_class() if ai else (None, "random play asked for")
    report = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "players": "game.ai.Thinker" if thinker else "random",
        "why_random": why_not if not thinker else "",
        "level": (level if work is None else f"{level}@{work}") if thinker else None,
        "seed": seed,
        "games": {},
    }
    if thinker:
        _as_the_app(games or list(GAMES))
    for game in games or list(GAMES):
        try:
            report["games"][game] = play_hand(game, seed, thinker, level, slice_ms, work=work)
        except Exception as error:  # noqa: BLE001 - reported per game, so the others still run
            report["games"][game] = {"error": f"{type(error).__name__}: {error}"}
    return report


def bench(hands: int = 50, ai: bool = False, level: str = "normal", first_seed: int = 1, games=None,
          slice_ms: float = 10.0, choices: int | None = None) -> dict:
    """Many hands per game: wall time per decision (stable even where the clock is coarse);
    ``choices``: each hand only until that many decisions with a choice (see ``play_hand``)."""
    import sys

    from game.engine import GAMES

    thinker, why_not = _thinker_class() if ai else (None, "random play asked for")
    report = {"python": sys.version.split()[0], "platform": sys.platform,
              "players": "game.ai.Thinker" if thinker else "random", "why_random": why_not if not thinker else "",
              "level": level if thinker else None, "hands": hands, "games": {}}
    if thinker:
        _as_the_app(games or list(GAMES))
    for game in games or list(GAMES):
        decisions, wall, p95s, rollouts = 0, 0.0, [], 0
        slices, slice_ms_sum, slice_p95s, slice_max = 0, 0.0, [], 0.0
        choice_ms, choice_max, choice_rollouts = 0.0, 0.0, []
        try:
            for seed in range(first_seed, first_seed + hands):
                row = play_hand(game, seed, thinker, level, slice_ms, choices)
                decisions += row["decisions"]
                wall += row["wall_ms"]
                rollouts += row["rollouts"]
                p95s.append(row["p95_ms"])
                slices += row["slices"]
                slice_ms_sum += row["slice_mean_ms"] * row["slices"]
                slice_p95s.append(row["slice_p95_ms"])
                slice_max = max(slice_max, row["slice_max_ms"])
                choice_ms += row["choice_ms"]
                choice_max = max(choice_max, row["choice_max_ms"])
                choice_rollouts += row["choice_rollouts"]
        except Exception as error:  # noqa: BLE001 - reported per game
            report["games"][game] = {"error": f"seed {seed}: {type(error).__name__}: {error}"}
            continue
        report["games"][game] = {
            "decisions": decisions,
            "wall_ms": round(wall, 3),
            "ms_per_decision": round(wall / decisions, 5),
            "p95_ms": round(max(p95s), 4),
            "rollouts_per_decision": round(rollouts / decisions, 1),
            "slices_per_decision": round(slices / decisions, 2),
            "slice_mean_ms": round(slice_ms_sum / slices, 3) if slices else 0.0,
            "slice_p95_ms": round(max(slice_p95s), 3) if slice_p95s else 0.0,
            "slice_max_ms": round(slice_max, 3),
            "choices": len(choice_rollouts),  # decisions with a choice (see play_hand)
            "choice_ms_mean": round(choice_ms / len(choice_rollouts), 3) if choice_rollouts else 0.0,
            "choice_ms_max": round(choice_max, 3),
            "choice_rollouts_mean": round(sum(choice_rollouts) / len(choice_rollouts), 1) if choice_rollouts else 0.0,
            "choice_rollouts_min": min(choice_rollouts, default=0),
            "choice_rollouts_median": _percentile([float(r) for r in choice_rollouts], 0.5),
        }
    return report
