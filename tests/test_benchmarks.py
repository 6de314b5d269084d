"""The benchmarks' and the arena's command lines: a bad argument is refused in a line that names
it, never a traceback; the two-checkout runs measure the other checkout's code; every benchmark
runs in its smoke mode, so one that breaks fails the suite."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from commands import run_many
from helpers import extracted

from game.engine import GAMES
from game.engine import actions as A

pytestmark = pytest.mark.slow  # each starts a benchmark's process: `make check` leaves them to `make test`
ROOT = Path(__file__).resolve().parent.parent
NOT_A_CHECKOUT = str(ROOT / "tests")
ARENA = "-m game.ai.arena --game 28 --a baseline --b baseline"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFUSED = [
    ("benchmarks/ai_solver.py", ["--cards", "2,x"], "--cards"),
    ("benchmarks/ai_solver.py", ["--hands", "0"], "--hands"),
    ("benchmarks/ai_solver.py", ["--repeat"], "--repeat"),
    ("benchmarks/ai_solver.py", ["--before", NOT_A_CHECKOUT], "--before"),
    ("benchmarks/ai_worlds.py", ["--seconds", "0"], "--seconds"),
    ("benchmarks/ai_worlds.py", ["--level", "grandmaster"], "--level"),
    ("benchmarks/ai_worlds.py", ["--worlds-each", "1.5"], "--worlds-each"),
    ("benchmarks/ai_worlds.py", ["--dd-ms", "inf"], "--dd-ms"),
    ("benchmarks/ai_worlds.py", ["--before", NOT_A_CHECKOUT], "--before"),
    ("benchmarks/ai_rules.py", ["--before"], "--before"),
    ("benchmarks/ai_rules.py", ["--before", str(ROOT), "--deals", "0"], "--deals"),
    ("benchmarks/ai_rules.py", ["--before", NOT_A_CHECKOUT], "--before"),
    ("benchmarks/ai_inference.py", ["--deals", "many"], "--deals"),
    ("benchmarks/ai_inference.py", ["--worlds", "0"], "--worlds"),
    ("benchmarks/ai_inference.py", ["--chooser", "grandmaster"], "--chooser"),
    ("benchmarks/ai_arena.py", ["--games", "28,29"], "--games"),
    ("benchmarks/ai_arena.py", ["--against", "grandmaster"], "--against"),
    ("benchmarks/ai_arena.py", ["--jobs", "0"], "--jobs"),
    ("benchmarks/engine.py", ["--seconds", "x"], "--seconds"),
    ("benchmarks/engine.py", ["--second", "1"], "--second"),  # once run for 2 s, the typo unseen
    ("benchmarks/engine.py", ["--deals", "0"], "--deals"),
    ("benchmarks/large_inputs.py", ["--root", NOT_A_CHECKOUT], "--root"),
    ("benchmarks/frame.py", ["--level", "grandmaster"], "--level"),
    ("benchmarks/ai_trick.py", ["--game", "28", "--a", "baseline", "--b", "baseline", "--cards", "0"], "--cards"),
    ("benchmarks/ai_trick.py", ["--game", "28", "--a", "normal", "--b", "normal", "--b-exact", "-1"], "--b-exact"),
    ("benchmarks/ai_reasons.py", ["--games", "28,29"], "--games"),
    ("benchmarks/ai_reasons.py", ["--hands", "0"], "--hands"),
    ("benchmarks/ai_reasons.py", ["--level", "baseline"], "--level"),
    ("benchmarks/ai_reasons.py", ["--examples", "-1"], "--examples"),
    ("benchmarks/ai_regret.py", ["--game", "28", "--times", "1,0"], "--times"),
    ("benchmarks/ai_regret.py", ["--game", "28", "--decisions", "0"], "--decisions"),
    ("benchmarks/ai_regret.py", ["--game", "28", "--level", "baseline"], "--level"),
    ("benchmarks/ai_regret.py", ["--game", "29"], "--game"),
    ("benchmarks/ai_calibration.py", ["--games", "28,29"], "--games"),
    ("benchmarks/ai_calibration.py", ["--hands", "0"], "--hands"),
    ("benchmarks/ai_calibration.py", ["--level", "baseline"], "--level"),
    ("benchmarks/i18n.py", ["--json"], "--json"),  # it takes none
    ("benchmarks/wasm.py", ["--hands", "0"], "--hands"),
    (ARENA, ["--deals", "0"], "--deals"),
    (ARENA, ["--a", "normal@0"], "--a"),
    (ARENA, ["--b", "baseline@5"], "--b"),
    ("benchmarks/ai_arena.py", ["--levels", "normal@x"], "--levels"),
    ("benchmarks/wasm.py", ["--choices", "-1"], "--choices"),
    ("benchmarks/wasm.py", ["--levels", "baseline"], "--levels"),
    (ARENA, ["--matches", "-1"], "--matches"),
    (ARENA, ["--dd-ms", "-5"], "--dd-ms"),
    (ARENA, ["--options", "{bad"], "--options"),
    (ARENA, ["--options", '{"target": "x"}'], "option 'target' takes one of"),
    (ARENA, ["--options", '{"colour": 1}'], "unknown option 'colour'"),
]


@functools.cache
def refusals() -> dict:
    """Every command of ``REFUSED`` run once a test process, all in one child (commands.py)."""
    commands = [[*script.split(), *args] for script, args, _words in REFUSED]
    return {tuple(c): run for c, run in zip(commands, run_many(commands), strict=True)}


@pytest.mark.parametrize("script, args, words", REFUSED, ids=[f"{s} {' '.join(a)}" for s, a, _ in REFUSED])
def test_a_bad_argument_is_refused_in_words(script, args, words):
    run = refusals()[(*script.split(), *args)]
    assert run.returncode == 2, run.stderr
    assert words in run.stderr and "Traceback" not in run.stderr


BENCHMARKS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if "__main__" in p.read_text())
IN_THE_BROWSER = {"wasm.py"}  # Chromium and Pyodide (make test installs them)
# a benchmark whose smoke run another test makes (and reads), so that it runs once: the test's name
SMOKED_BY = {"frame.py": "test_the_frame_benchmark_has_an_idle_figure_for_every_scene_on_both_phone_canvases",
             "ai_worlds.py": "test_worlds_benchmark_measures_another_checkout_beside_this_one"}


def test_every_benchmark_smoked_elsewhere_is_a_benchmark_and_its_test_is_here():
    assert set(SMOKED_BY) <= set(BENCHMARKS)
    assert all(callable(globals().get(name)) for name in SMOKED_BY.values())


@pytest.mark.parametrize("script", [name for name in BENCHMARKS if name not in SMOKED_BY])
def test_every_benchmark_runs_in_its_smoke_mode(script):
    """``--smoke``: seconds and tiny sizes, the whole benchmark run through. A benchmark without
    the mode fails here, as one that no longer runs does."""
    if script in IN_THE_BROWSER:
        sys.path.insert(0, str(ROOT / "tools"))
        import web_browser

        lacking = web_browser.missing()
        if lacking:
            message = "web test tools missing: " + "; ".join(lacking)
            if os.environ.get("TRICK_TABLE_WEB_TESTS") == "1":
                pytest.fail(message)
            pytest.skip(message)
    run = subprocess.run([sys.executable, f"benchmarks/{script}", "--smoke"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-4000:]
    assert run.stdout.strip() and "Traceback" not in run.stderr


def test_the_frame_benchmark_has_an_idle_figure_for_every_scene_on_both_phone_canvases(capsys):
    """frame.py's smoke run (``SMOKED_BY``: the only one), its figures read from --json; printed
    as a run without --json prints them (``show``), each is there."""
    out = subprocess.run([sys.executable, "benchmarks/frame.py", "--smoke", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-4000:]
    assert "Traceback" not in out.stderr
    data = json.loads(out.stdout)
    capsys.readouterr()
    load("frame").show(data["frame"], "frames")
    shown = capsys.readouterr().out
    for canvas, figures in data["frame"].items():
        assert f"  {canvas}:" in shown and shown.count("idle, ") == 7 * len(data["frame"])
        assert f"worst frame, AI on every seat (28): {figures['worst_frame_ms']['28']} ms" in shown
        assert f"felt rebuilt after a settings change: {figures['felt_rebuild_ms']} ms" in shown
    assert data["clock"] == "process_time" and set(data["frame"]) == {"720x1558", "1558x720"}
    for figures in data["frame"].values():
        assert set(figures["idle_ms"]) == {"menu", "table, a bid", "table, a card", "table, a trump choice",
                                           "hand result", "review, paused", "lesson, waiting"}
        assert all(ms >= 0 for ms in figures["idle_ms"].values())
        assert figures["worst_frame_ms"]["28"] > 0 and figures["flight_median_ms"] > 0


def test_argument_types_take_what_they_say():
    arguments = load("arguments")
    assert arguments.whole_number("12") == 12 and arguments.positive_number("0.25") == 0.25
    for bad in ("", "-3", "0", "nan", "inf", "1e999"):
        with pytest.raises(argparse.ArgumentTypeError):
            arguments.positive_number(bad)
    games = arguments.comma_list(list(GAMES))
    assert games("28,schieber") == ["28", "schieber"]
    with pytest.raises(argparse.ArgumentTypeError, match="'29' is not one of"):
        games("28,29")
    assert arguments.checkout(str(ROOT)) == ROOT
    default = Path("here")
    assert arguments.tree_to_measure(["--json", "--tree", "/x", "--cards", "4"], default) == Path("/x")
    assert arguments.tree_to_measure(["--json", "--tre", "/x"], default) == default  # no abbreviation


def test_worlds_benchmark_measures_another_checkout_beside_this_one(capsys):
    """benchmarks/ai_worlds.py --before DIR runs DIR's code in a process of its own: here this
    checkout, so the same games and figures of the same kind, both printed.  In its smoke mode
    (``SMOKED_BY``: its only smoke run; the figures of this checkout are that run's), each
    figure printed as a run without --json prints it (``table``)."""
    out = subprocess.run([sys.executable, "benchmarks/ai_worlds.py", "--smoke", "--before", str(ROOT), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-4000:]
    assert "Traceback" not in out.stderr
    data = json.loads(out.stdout)
    capsys.readouterr()
    load("ai_worlds").table(data["ai_worlds"], "AI worlds")
    shown = capsys.readouterr().out.splitlines()
    assert shown[0] == "AI worlds" and len(shown) == 2 + len(GAMES)
    for game, line in zip(data["ai_worlds"], shown[2:], strict=True):
        assert line.split()[0] == game and f"{data['ai_worlds'][game]['decisions']:>11}" in line
    figures, before = data["ai_worlds"], data["before"]
    assert set(figures) == set(before) == set(GAMES) and data["level"] == "easy"
    for game in GAMES:
        assert figures[game]["decisions"] == before[game]["decisions"] > 0  # the same positions
        assert figures[game]["worlds_per_second"] > 0 and before[game]["rollouts_per_decision"] > 0


def test_the_reasons_survey_counts_every_decision_once_and_the_exact_plays_show_points():
    """benchmarks/ai_reasons.py: each weighed decision has one kind of line; every card play
    searched to the end shows the side's points (solver.line_end); examples are those lines."""
    out = subprocess.run([sys.executable, "benchmarks/ai_reasons.py", "--games", "28", "--hands", "1",
                          "--examples", "1", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    f = json.loads(out.stdout)["ai_reasons"]["28"]
    assert f["decisions"] > 10 and sum(f["kinds"].values()) == f["decisions"]
    assert f["exact_plays"] > 0 and f["exact_plays_with_points"] == f["exact_plays"]
    assert set(f["examples"]) == set(f["kinds"]) and all(len(v) == 1 for v in f["examples"].values())
    from game.ai.reasons import ACROSS
    across_only = set(ACROSS.values()) - set(ACROSS)  # what an opponent's line reads as, never told
    kinds = [load("ai_reasons").kind(m) for m, places in extracted().items()
             if any(p == "game/ai/reasons.py" for p, _ in places) and m not in across_only]
    assert len(kinds) >= 10 and len(set(kinds)) == len(kinds) and "by its rules" not in kinds  # one kind a line


def test_the_regret_survey_judges_each_choice_by_the_reference_search():
    """benchmarks/ai_regret.py: a choice the reference search ranks best costs nothing, any other
    what the reference puts it below its best; every factor is judged on the same decisions."""
    out = subprocess.run([sys.executable, "benchmarks/ai_regret.py", "--game", "400", "--level", "easy",
                          "--decisions", "6", "--reference", "4", "--times", "1,3", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    f = json.loads(out.stdout)
    assert f["decisions"] == len(f["rows"]) > 0 and set(f["times"]) == {"1", "3"}
    for row in f["rows"]:
        for k in ("1", "3"):
            assert row[k]["regret"] >= 0 and row[k]["worlds"] > 0
            if row[k]["action"] == row["reference"]:
                assert row[k]["regret"] == 0
    for k, fig in f["times"].items():
        regrets = [row[k]["regret"] for row in f["rows"]]
        assert fig["regret"][0] == pytest.approx(sum(regrets) / len(regrets))
        assert fig["best_share"] == sum(r == 0 for r in regrets) / len(regrets)


def test_the_calibration_sets_what_was_said_against_what_happened(monkeypatch):
    """benchmarks/ai_calibration.py: per part of the hand, the error is what the side took less
    what was said; per band of the bid's chance said, how often the bid was made."""
    calibration = load("ai_calibration")
    hands = {  # hand i: (points per side, bid made),
        # [(side, part, said points, said chance, bidder, the bid or None)]
        0: (([20, 8], True), [(0, 0, 16.0, 0.9, 1, None), (1, 0, 10.0, 0.1, 1, None), (0, 2, 20.0, 0.95, 1, None),
                              (1, "bid", None, 0.65, 1, A.BID + 15), (1, "bid", None, 0.5, 1, A.BID + 16)]),
        1: (([10, 18], False), [(0, 0, 14.0, 0.85, 3, None), (1, 1, 15.0, None, None, None),
                                (0, 1, 12.0, 0.3, 3, None),
                                (1, "bid", None, 0.7, 3, A.BID + 17)]),  # a bid's chance: not a card play's
    }
    ended = {(0, 15): False, (0, 16): True, (1, 17): True}  # the auction ended on the bid
    monkeypatch.setattr(calibration, "play_hand", lambda game, level, seed, i, by_rules: (i, hands[i][1]))
    monkeypatch.setattr(calibration, "figures", lambda i: hands[i][0][0])
    monkeypatch.setattr(calibration, "contract_made", lambda i, bidder: hands[i][0][1])
    monkeypatch.setattr(calibration, "bid_made", lambda i, bidder, bid: hands[i][0][1] and bid != A.BID + 16)
    monkeypatch.setattr(calibration, "ended_on", lambda i, bidder, bid: ended[i, bid - A.BID])
    r = calibration.survey("28", "normal", 2, 1)
    first = r["points"]["first third"]
    assert first["decisions"] == 3 and first["mean_said"] == pytest.approx(40 / 3)
    assert first["mean_error"] == pytest.approx(((20 - 16) + (8 - 10) + (10 - 14)) / 3)
    assert first["mean_abs_error"] == pytest.approx(10 / 3)
    assert r["points"]["middle third"]["mean_error"] == pytest.approx(((18 - 15) + (10 - 12)) / 2)
    assert r["points"]["last third"] == {"decisions": 1, "mean_error": 0.0, "mean_abs_error": 0.0, "mean_said": 20.0}
    bands = {tuple(b["band"]): b for b in r["chance"]}
    top = bands[(0.8, 1.0)]  # 0.9 and 0.95 made, 0.85 not
    assert top["decisions"] == 3 and top["hands"] == 2 and top["made"] == pytest.approx(2 / 3)
    assert top["mean_said"] == pytest.approx(0.9)
    assert bands[(0.0, 0.2)]["made"] == 1.0 and bands[(0.2, 0.4)]["made"] == 0.0
    assert set(bands) == {(0.0, 0.2), (0.2, 0.4), (0.8, 1.0)}
    # a bid is judged by whether its own points were taken (16's were not in hand 0)
    assert r["bid_chance"] == [{"band": [0.4, 0.6], "decisions": 1, "hands": 1, "mean_said": 0.5, "made": 0.0},
                               {"band": [0.6, 0.8], "decisions": 2, "hands": 2, "mean_said": 0.675, "made": 0.5}]
    # split by whether the auction ended on the bid or its side bid over it later
    assert r["bid_chance_ended"] == [{"band": [0.4, 0.6], "decisions": 1, "hands": 1, "mean_said": 0.5, "made": 0.0},
                                     {"band": [0.6, 0.8], "decisions": 1, "hands": 1, "mean_said": 0.7, "made": 0.0}]
    assert r["bid_chance_raised"] == [{"band": [0.6, 0.8], "decisions": 1, "hands": 1, "mean_said": 0.65, "made": 1.0}]


def test_the_calibration_tells_the_bid_the_auction_ended_on():
    """A bid counts as the one the auction ended on when the hand's contract is that bid of its
    side; in 400, where each seat bids its own, the split does not apply."""
    calibration = load("ai_calibration")
    hand = GAMES["28"].deal("split", None)
    while hand.phase == "auction":
        legal = hand.legal_actions()
        bids = [a for a in legal if A.is_bid(a)]
        hand.apply(bids[0] if bids and hand.turn in (0, 2) and hand.high_bid < 16 else A.PASS)
    assert hand.bid == 16 and hand.bidder in (0, 2)
    assert calibration.ended_on(hand, hand.bidder, A.BID + 16) is True
    assert calibration.ended_on(hand, hand.bidder ^ 2, A.BID + 16) is True  # the partner's bid: its side's
    assert calibration.ended_on(hand, hand.bidder, A.BID + 15) is False  # bid over later
    assert calibration.ended_on(hand, hand.bidder ^ 1, A.BID + 16) is False  # the other side's
    assert calibration.ended_on(GAMES["400"].deal("split", None), 0, A.BID + 3) is None


def test_the_calibration_runs_real_hands():
    out = subprocess.run([sys.executable, "benchmarks/ai_calibration.py", "--games", "28", "--hands", "2",
                          "--level", "easy", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout)["ai_calibration"]["28"]
    assert r["hands"] == 2 and sum(f["decisions"] for f in r["points"].values()) > 10
    assert all(0 <= f["mean_said"] <= 28 for f in r["points"].values())
    for b in r["chance"]:
        low, high = b["band"]
        assert low <= b["mean_said"] <= high and 0 <= b["made"] <= 1 and 1 <= b["hands"] <= 2


def test_the_calibration_played_by_the_rules_lets_the_level_only_say():
    """``--played-by-rules``: every seat plays the rule-based action, so two levels saying what
    they expect see the same hand played."""
    calibration = load("ai_calibration")
    easy, said_easy = calibration.play_hand("28", "easy", 1, 0, by_rules=True)
    normal, said_normal = calibration.play_hand("28", "normal", 1, 0, by_rules=True)
    assert easy.history == normal.history and said_easy and said_normal


def test_the_regret_survey_takes_the_decisions_of_the_phase_asked():
    out = subprocess.run([sys.executable, "benchmarks/ai_regret.py", "--game", "schieber", "--level", "easy",
                          "--decisions", "3", "--reference", "2", "--phase", "contract", "--times", "1", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    rows = json.loads(out.stdout)["rows"]
    assert rows and {row["phase"] for row in rows} == {"contract"}


def test_the_calibration_counts_the_thirds_from_the_start_of_the_trick_play(monkeypatch):
    """The thirds are the hand's from its first card, not from the first card the AI weighed:
    a level that weighs nothing before Twenty-Eight's third trick still puts that trick in the
    first third (tricks 1-3), tricks 4-6 in the middle and 7-8 in the last."""
    calibration = load("ai_calibration")
    from game.ai.search import baseline_action

    class Weighing:  # weighs from the third trick on; says the number of tricks taken so far
        def __init__(self, obs, level, seed):
            self.obs, self.side, self.bidder = obs, obs.seat & 1, None
            self.fallback = baseline_action(obs, seed)

        def finish(self, slice_ms):
            return self

        def best(self):
            return self.fallback

        def values(self):
            return {0: (0, 0, 1), 1: (0, 0, 1)} if self.obs.phase == "play" and len(self.obs.tricks) >= 2 else {}

        def expected_figure(self, a):
            return len(self.obs.tricks)

        def made_share(self, a):
            return None

    monkeypatch.setattr(calibration, "Thinker", Weighing)
    _, said = calibration.play_hand("28", "normal", 1, 0)
    tricks = [row[2] for row in said]
    assert min(tricks) == 2 and len(said) >= 4 * 6  # (a call for the trump is a decision too)
    assert [row[1] for row in said] == [0 if t < 3 else 1 if t < 6 else 2 for t in tricks]


def fixed_run(*args):
    return subprocess.run([sys.executable, "benchmarks/ai_fixed_run.py", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_a_fixed_run_is_read_once_all_its_deals_are_in_and_a_cut_sitting_loses_only_its_deal(tmp_path):
    log = tmp_path / "run.jsonl"
    made = fixed_run("start", log, "--game", "28", "--a", "baseline", "--b", "easy", "--deals", 3, "--seed", "t")
    assert made.returncode == 0, made.stderr
    again = fixed_run("start", log, "--game", "28", "--a", "baseline", "--b", "easy", "--deals", 3, "--seed", "t")
    assert again.returncode == 2 and "a run is started once" in again.stderr
    assert "0 of 3 deals in" in fixed_run("read", log).stdout
    first = fixed_run("play", log, "--jobs", 1, "--minutes", 1e-6)  # its first deal, then no more
    assert "1 of 3 in" in first.stdout, first.stderr
    read = fixed_run("read", log).stdout
    assert "1 of 3 deals in" in read and "per deal" not in read  # nothing of how it goes
    with log.open("a") as out:
        out.write('{"i": 1, "diff": 9')  # a sitting killed mid-write
    rest = fixed_run("play", log, "--jobs", 2)
    assert "2 deals played this sitting, 3 of 3 in" in rest.stdout, rest.stderr
    rows = [json.loads(line) for line in log.read_text().splitlines()[1:] if line.endswith("}")]
    assert sorted(r["i"] for r in rows if "diff" in r) == [0, 1, 2]
    mean = sum(r["diff"] for r in rows if "diff" in r) / 3
    assert f"baseline over easy: {mean:+.2f} per deal" in fixed_run("read", log).stdout


def test_a_fixed_run_knows_the_arenas_players_and_the_games():
    from game.ai.arena import PLAYERS

    fixed = load("ai_fixed_run")
    assert fixed.PLAYERS == PLAYERS and fixed.GAMES == tuple(GAMES)


def test_a_fixed_run_refuses_code_that_is_not_its_plans(tmp_path):
    log = tmp_path / "run.jsonl"
    assert fixed_run("start", log, "--game", "28", "--a", "baseline", "--b", "easy", "--deals", 1,
                     "--seed", "t").returncode == 0
    plan = json.loads(log.read_text())
    log.write_text(json.dumps({**plan, "source": "0" * 16}) + "\n")
    run = fixed_run("play", log)
    assert run.returncode == 2 and "not the plan's" in run.stderr and "Traceback" not in run.stderr
    log.write_text("not a plan\n")
    run = fixed_run("read", log)
    assert run.returncode == 2 and "not a run's plan" in run.stderr
    run = fixed_run("read", tmp_path / "none.jsonl")
    assert run.returncode == 2 and "no such run" in run.stderr
    run = fixed_run("start", tmp_path / "x.jsonl", "--game", "28", "--a", "baseline", "--b", "easy",
                    "--deals", 1, "--seed", "t", "--commit", "no-such-rev")
    assert run.returncode == 2 and "not a commit" in run.stderr


def test_a_fixed_run_keeps_every_row_when_its_log_is_rewritten_during_a_sitting(tmp_path, monkeypatch):
    """git rewrites a file it checks out or stashes (a new file in its place): a sitting that
    held the old one open went on writing to a deleted file, and its rows were lost."""
    import types

    fixed = load("ai_fixed_run")
    log = tmp_path / "run.jsonl"
    plan = {"game": "28", "a": "baseline", "b": "easy", "deals": 3, "seed": "t", "commit": "c",
            "source": "s", "started": "now"}
    log.write_text(json.dumps(plan) + "\n")
    monkeypatch.setattr(fixed, "tree_of", lambda commit: tmp_path)
    monkeypatch.setattr(fixed, "source_hash", lambda tree: "s")

    def one(job):
        _tree, _plan, i = job
        if i == 1:  # as git does: the same text in a new file, renamed over the old one
            fresh = tmp_path / "fresh"
            fresh.write_text(log.read_text())
            fresh.replace(log)
        return {"i": i, "diff": 0.0, "score": 0.0}

    monkeypatch.setattr(fixed, "_play_one", one)
    fixed.play(types.SimpleNamespace(log=log, jobs=1, minutes=None))
    assert sorted(fixed.read_log(log)[1]) == [0, 1, 2]
