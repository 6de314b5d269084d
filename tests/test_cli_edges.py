"""The command lines at their edges (issue 48): standard output full or closed, and arguments
too deep, too long or too many, for ``python -m game.engine`` (record, replay, link), the
arena and ``main.py``.  Each ends with one clear message and exit 2, never a traceback."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from commands import run_many

from game.engine.records import random_record

ROOT = Path(__file__).resolve().parent.parent
DEV_FULL = Path("/dev/full")


def run(args, *, stdout=subprocess.PIPE, close_stdout=False, cwd=ROOT, timeout=60):
    """``python ARGS`` with stdout to ``stdout`` (or closed); (exit code, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if close_stdout:  # the child starts with its file descriptor 1 closed, as `cmd >&-` does
        args = ["-c", "import os, runpy, sys; os.close(1); sys.stdout = None; sys.argv = sys.argv[1:]; "
                      "runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)", *args[1:]] \
            if args[0] == "-m" else args
        stdout = None
    proc = subprocess.run([sys.executable, *args], stdout=stdout, stderr=subprocess.PIPE, cwd=cwd, env=env,
                          timeout=timeout, check=False)
    out = proc.stdout.decode("utf-8", "replace") if isinstance(proc.stdout, bytes) else ""
    return proc.returncode, out, proc.stderr.decode("utf-8", "replace")


def no_traceback(err: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(random_record("28", 3)), encoding="utf-8")
    return str(path)


def commands(record_file):
    return {
        "record": ["-m", "game.engine", "record", "--game", "28", "--seed", "4"],
        "replay": ["-m", "game.engine", "replay", record_file],
        "link": ["-m", "game.engine", "link", record_file, "--step", "3"],
        "arena": ["-m", "game.ai.arena", "--game", "28", "--a", "baseline", "--b", "baseline", "--deals", "1",
                  "--json"],
    }


@pytest.mark.skipif(not DEV_FULL.exists(), reason="no /dev/full here")
@pytest.mark.parametrize("name", ["record", "replay", "link", "arena"])
def test_a_full_standard_output_is_one_clear_message(record_file, name):
    with DEV_FULL.open("wb") as full:
        code, _out, err = run(commands(record_file)[name], stdout=full)
    no_traceback(err)
    assert code == 2 and "cannot write to standard output" in err and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("name", ["record", "replay", "link", "arena"])
def test_a_closed_standard_output_is_one_clear_message(record_file, name):
    code, _out, err = run(commands(record_file)[name], close_stdout=True)
    no_traceback(err)
    assert code == 2 and "cannot write to standard output" in err and len(err.splitlines()) == 1, err


ARENA = ["-m", "game.ai.arena", "--game", "28", "--a", "baseline", "--b", "baseline", "--deals", "1"]


OUT_OF_BOUNDS = [
    (["--options", "[" * 5000 + "]" * 5000], "--options"),
    (["--options", '{"target": "' + "x" * 100_000 + '"}'], "--options"),
    (["--options", "{" + "x" * 100_000], "--options"),
    (["--seed", "7" * 1000], "--seed"),
    (["--seed", "s" * 1000], "--seed"),
    (["--a", "x" * 100_000], "--a"),
    (["--deals", "9" * 100_000], "--deals"),
    (["--" + "y" * 100_000], "unrecognized"),
]


@functools.cache
def arena_refusals() -> list:
    """The arena run with each of ``OUT_OF_BOUNDS``, all in one child (commands.py)."""
    return run_many([[*ARENA, *extra] for extra, _words in OUT_OF_BOUNDS])


@pytest.mark.parametrize("case", range(len(OUT_OF_BOUNDS)),
                         ids=[f"{extra[0][:12]}-{words}" for extra, words in OUT_OF_BOUNDS])
def test_arena_arguments_out_of_bounds_are_refused_briefly(case):
    words = OUT_OF_BOUNDS[case][1]
    run = arena_refusals()[case]
    code, err = run.returncode, run.stderr
    no_traceback(err)
    assert code == 2 and words in err and len(err) < 1500, err[:3000]


def test_arena_jobs_are_no_more_than_the_deals_and_the_processors():
    from game.ai.arena import worker_count
    assert worker_count(12, 1) == 1
    assert worker_count(1000, 1000) <= (os.cpu_count() or 1)
    assert worker_count(2, 50) == min(2, os.cpu_count() or 1)


MAIN_REFUSED = [
    (["--seed", "9" * 1000], "--seed"),
    (["--seed", "-3"], "--seed"),
    (["--frames", "9" * 100_000], "--frames"),
    (["--level", "z" * 100_000], "--level"),
]


@functools.cache
def main_refusals() -> list:
    """``main.py --demo`` with each of ``MAIN_REFUSED``, all in one child (commands.py), its data
    in a folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "TRICK_TABLE_DATA_DIR": str(Path(folder) / "data")}
        return run_many([["main.py", "--demo", "--game", "28", "--frames", "30", *extra] for extra, _ in MAIN_REFUSED],
                        env=env)


@pytest.mark.parametrize("case", range(len(MAIN_REFUSED)), ids=[f"{e[0]}-{len(e[1])}" for e, _ in MAIN_REFUSED])
def test_main_refuses_a_seed_out_of_range_as_the_page_does(case):
    words = MAIN_REFUSED[case][1]
    run = main_refusals()[case]
    code, err = run.returncode, run.stderr
    no_traceback(err)
    assert code == 2 and words in err and len(err) < 1500, err[:3000]


def _main(tmp_path, extra):
    env_dir = tmp_path / "data"
    return run(["-c", f"import os, sys; os.environ['TRICK_TABLE_DATA_DIR'] = {str(env_dir)!r}; "
                      f"sys.argv = ['main.py', '--demo', '--game', '28', '--frames', '30', *{extra!r}]; "
                      "import runpy; runpy.run_path('main.py', run_name='__main__')"])


def test_main_with_an_unwritable_screenshot_folder_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, _out, err = _main(tmp_path, ["--screenshot-dir", str(blocker / "shots")])
    no_traceback(err)
    assert code == 2 and "--screenshot-dir" in err and len(err) < 1500, err[:3000]


def test_main_takes_the_largest_seed_the_page_takes(tmp_path):
    code, _out, err = _main(tmp_path, ["--seed", str(10**18 - 1)])
    no_traceback(err)
    assert code == 0, err[-3000:]


def test_link_names_the_action_it_stops_at_as_replay_does(tmp_path):
    from game.engine.__main__ import main as engine
    from game.engine.records import replay

    record = random_record("304", 5)
    record["actions"][4] = [record["actions"][4][0], "play ZZ"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    want = replay(record)["error"]
    assert want["index"] == 4 and want["seat"] is not None and want["action"] == "play ZZ"
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert engine(["link", str(path), "--step", "2"]) == 2
    assert json.loads(out.getvalue())["error"] == want


def test_link_refuses_a_base_that_is_not_utf8(record_file):
    from game.engine.__main__ import main as engine
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert engine(["link", record_file, "--base", "http://example.org/\udcff/"]) == 2
    assert "--base" in json.loads(buf.getvalue())["error"]["reason"]


def ordered_walk(value, limits):
    """The rule ``value`` breaks first, found by visiting every list and object in the order
    ``nesting_and_items`` documents (the reference its quicker pass must agree with)."""
    if not isinstance(value, (list, dict)):
        return None
    stack, items = [(value, 1)], 0
    while stack:
        item, depth = stack.pop()
        if depth > limits.depth:
            return "too-deep"
        items += len(item)
        if items > limits.items:
            return "too-many"
        stack += [(v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
                  if isinstance(v, (list, dict))]
    return None


def test_the_nesting_and_items_rule_is_the_one_an_ordered_walk_finds():
    """nesting_and_items answers values within both limits by a quicker pass: on random values,
    near and past each limit, with list and dict subclasses too, it names the rule the ordered
    walk names."""
    import random

    from game.engine.bounds import Limits, nesting_and_items

    class Row(list):
        pass

    rng = random.Random(47)

    def value(depth):
        kind = rng.random()
        if depth > 6 or kind < 0.3:
            return rng.choice([1, 2.5, "x", None, True])
        items = [value(depth + 1) for _ in range(rng.randrange(5))]
        if kind < 0.6:
            return {str(i): v for i, v in enumerate(items)}
        return Row(items) if kind < 0.65 else items

    answers = set()
    for _ in range(3000):
        v = value(0)
        limits = Limits(10**6, depth=rng.randrange(1, 8), items=rng.randrange(1, 40))
        answers.add(ordered_walk(v, limits))
        assert nesting_and_items(v, limits) == ordered_walk(v, limits), (v, limits)
    assert answers == {None, "too-deep", "too-many"}
