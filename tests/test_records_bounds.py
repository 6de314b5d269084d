"""Records and the command line at their limits (issue 16, "Records and the CLI").

Every failure prints the spec's error object: one line of strict JSON (no NaN, no Infinity),
bounded in size whatever the input, exit code 2, nothing on standard error.  Input is bounded
before it is parsed (size, nesting, digits).  The fuzz tests feed random JSON values and
random bytes; ``FUZZ_EXAMPLES=N`` runs N examples each.
"""

from __future__ import annotations

import functools
import json
import subprocess
from contextlib import redirect_stdout
from io import StringIO
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from commands import run_many
from helpers import ONE_SUIT_EACH, fuzz
from helpers import assert_spec_error as assert_error_object

from game.engine.__main__ import main
from game.engine.records import MAX_DEPTH, MAX_RECORD_BYTES, random_record, replay, replay_text

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str, timeout=60):
    return subprocess.run([sys.executable, "-m", "game.engine", *args], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def strict_json(text: str):
    def no_constants(name):
        raise AssertionError(f"not JSON: {name}")
    return json.loads(text, parse_constant=no_constants)


def assert_cli_error(run) -> dict:
    """A refused command: one line of the error object on stdout, exit 2, nothing on stderr."""
    assert run.returncode == 2, run
    assert run.stderr == "" and "Traceback" not in run.stdout
    assert run.stdout.endswith("\n") and run.stdout.count("\n") == 1
    out = strict_json(run.stdout)
    assert_error_object(out)
    return out


def record(**changes) -> dict:
    base = {"game": "28", "options": {}, "dealer": 3, "score": [0, 0], "hands": ONE_SUIT_EACH,
            "actions": [[0, "bid 15"], [1, "pass"]]}
    base.update(changes)
    return base


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---- usage errors -------------------------------------------------------------------------------

USAGE_ERRORS = [
    (),
    ("play",),
    ("--trace",),
    ("replay",),
    ("replay", "a.json", "b.json"),
    ("replay", "--zap", "a.json"),
    ("record",),
    ("record", "--game", "28"),
    ("record", "--game", "28", "--seed"),
    ("record", "--game", "28", "--seed", "1", "--bogus", "x"),
    ("record", "--game", "28", "--game", "304", "--seed", "1"),
    ("record", "--game", "chess", "--seed", "1"),
    ("record", "--game", "28", "--seed", "1", "--options", "[1]"),
    ("record", "--game", "28", "--seed", "1", "--options", "{\"target\": 9}"),
    ("record", "--game", "28", "--seed", "s" * 5000),
]


@functools.cache
def usage_errors() -> dict:
    """``python -m game.engine ARGS`` for each of ``USAGE_ERRORS``, all in one child (commands.py)."""
    commands = [["-m", "game.engine", *args] for args in USAGE_ERRORS]
    return dict(zip(USAGE_ERRORS, run_many(commands), strict=True))


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=lambda args: " ".join(a[:12] for a in args) or "no-arguments")
def test_usage_errors_print_the_error_object(args):
    assert_cli_error(usage_errors()[args])


def test_no_arguments_print_a_json_error_not_usage_text():
    out = assert_cli_error(usage_errors()[()])
    assert "replay RECORD.json" in out["error"]["reason"]


def test_help_prints_the_usage():
    run = cli("--help")
    assert run.returncode == 0 and run.stdout.startswith("usage: python -m game.engine replay")


def test_unreadable_files_are_error_objects(tmp_path):
    assert "cannot read" in assert_cli_error(cli("replay", str(tmp_path / "missing.json")))["error"]["reason"]
    assert "cannot read" in assert_cli_error(cli("replay", str(tmp_path)))["error"]["reason"]
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"game": "28", "hands": "\xe9"}')
    assert "UTF-8" in assert_cli_error(cli("replay", str(bad)))["error"]["reason"]
    out = assert_cli_error(cli("record", "--game", "28", "--seed", "1", "--out", str(tmp_path / "no" / "dir.json")))
    assert "cannot write" in out["error"]["reason"]


# ---- numbers JSON cannot print, nesting, sizes ------------------------------------------------------

def test_a_seat_written_1e999_is_refused_without_infinity(tmp_path):
    path = tmp_path / "inf.json"
    path.write_text(json.dumps(record()).replace('[1, "pass"]', '[1e999, "pass"]'))
    out = assert_cli_error(cli("replay", str(path)))
    assert "too large" in out["error"]["reason"]
    for number in ("-1e999", "1e400", "NaN", "Infinity", "1" * 400):
        out = replay_text(json.dumps(record()).replace('[1, "pass"]', f'[{number}, "pass"]'))
        assert_error_object(out)


def test_a_huge_seat_is_not_repeated_in_full():
    out = replay_text(json.dumps(record(actions=[[0, "bid 15"], [10**25, "pass"]])))
    assert_error_object(out, 1, None, "pass")
    out = replay_text(json.dumps(record(actions=[[0, "bid 15"], [2.5, "pass"]])))
    assert_error_object(out, 1, 2.5, "pass")


def test_deeply_nested_options_are_refused_without_a_recursion_error(capsys):
    for depth in (MAX_DEPTH + 1, 1000, 60_000):  # an argument holds at most 128 kB
        out = assert_cli_error(cli("record", "--game", "28", "--seed", "1", "--options", nested(depth)))
        assert "deep" in out["error"]["reason"]
    assert main(["record", "--game", "28", "--seed", "1", "--options", nested(400_000)]) == 2
    assert "deep" in strict_json(capsys.readouterr().out)["error"]["reason"]


def test_deeply_nested_records_are_refused(tmp_path):
    for depth in (MAX_DEPTH + 1, 200_000):
        text = json.dumps(record(options={"target": json.loads(nested(min(depth, 500)))}))
        if depth > 500:
            text = '{"game": "28", "options": ' + nested(depth) + "}"
        path = tmp_path / f"deep{depth}.json"
        path.write_text(text)
        out = assert_cli_error(cli("replay", str(path)))
        assert "deep" in out["error"]["reason"]
    assert_error_object(replay(record(options={"target": [[[[[[[[1]]]]]]]]})))


def test_error_messages_do_not_repeat_long_input():
    long = "x" * 10_000_000 + "\x00\x1b[2J"
    for rec in (record(game=long), record(options={long: 1}), record(options={"target": long}),
                record(hands=[[long] * 8] * 4), record(score=[long, 1]), record(dealer=long)):
        assert_error_object(replay(rec))
    out = replay(record(actions=[[0, long]]))
    assert_error_object(out, 0, 0, "x" * 59 + "…")  # the action as written, cut at 60 characters
    run = cli("record", "--game", "g" * 100_000, "--seed", "1")
    assert len(assert_cli_error(run)["error"]["reason"]) < 200


def test_records_over_the_size_limit_are_refused_before_they_are_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(50 * 1024 * 1024)  # 50 MB (sparse: nothing is written)
    tracemalloc.start()
    try:
        code = main(["replay", str(path)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 2
    assert peak < 2 * 1024 * 1024, f"refusing took {peak:,} bytes: the file was read"
    out = assert_cli_error(cli("replay", str(path)))
    assert "larger than" in out["error"]["reason"]
    just_over = tmp_path / "over.json"
    just_over.write_text(json.dumps(record()) + " " * MAX_RECORD_BYTES)
    assert "larger than" in assert_cli_error(cli("replay", str(just_over)))["error"]["reason"]
    assert "larger than" in replay_text(" " * (MAX_RECORD_BYTES + 1))["error"]["reason"]


def test_a_record_within_the_limit_still_replays(tmp_path):
    path = tmp_path / "padded.json"
    path.write_text(json.dumps(record(), indent=40))
    run = cli("replay", str(path))
    assert run.returncode == 0 and strict_json(run.stdout)["ok"] is True


# ---- fuzz -------------------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
FIELDS = ("game", "options", "dealer", "score", "hands", "actions", "first_hand")


@st.composite
def record_like(draw):
    """A record with some of its fields replaced by random JSON values, or any JSON value."""
    if draw(st.integers(0, 4)) == 0:
        return draw(JSON_VALUES)
    game = draw(st.sampled_from(["304", "28", "400", "schieber"]))
    rec = json.loads(record_text(game, draw(st.integers(0, 10**6))))
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=3, unique=True)):
        rec[name] = draw(JSON_VALUES)
    if draw(st.booleans()) and rec.get("actions") and isinstance(rec["actions"], list):
        k = draw(st.integers(0, len(rec["actions"]) - 1))
        rec["actions"][k] = draw(JSON_VALUES)
    return rec


def record_text(game: str, seed: int) -> str:
    return json.dumps(random_record(game, seed))


@fuzz(150)
@given(record_like(), st.booleans())
def test_fuzzed_records_give_ok_or_the_error_object(rec, trace):
    out = replay_text(json.dumps(rec), trace)
    json.dumps(out, allow_nan=False)  # strict JSON either way
    if out["ok"] is True:
        assert set(out) <= {"ok", "complete", "trace", "result"}
    else:
        assert_error_object(out, out["error"]["index"], out["error"]["seat"], out["error"]["action"])


@fuzz(100)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_fuzzed_record_files_give_ok_or_the_error_object(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "record.json"
    path.write_bytes(data)
    buf = StringIO()
    with redirect_stdout(buf):
        code = main(["replay", str(path)])
    out = strict_json(buf.getvalue())
    assert code == (0 if out["ok"] else 2)
    if not out["ok"]:
        assert_error_object(out, out["error"]["index"], out["error"]["seat"], out["error"]["action"])


@fuzz(100)
@given(st.lists(st.text(max_size=30) | st.sampled_from(["replay", "record", "--game", "28", "--seed", "1",
                                                        "--options", "--out", "--trace", "{}", "-h"]),
                max_size=6))
def test_fuzzed_command_lines_print_one_json_object_or_the_usage(args):
    args = [a for a in args if a != "--out"]  # no files written by the fuzz
    buf = StringIO()
    with redirect_stdout(buf):
        code = main(args)
    printed = buf.getvalue()
    if args[:1] in (["-h"], ["--help"], ["help"]):
        assert code == 0 and printed.startswith("usage:")
        return
    out = strict_json(printed)
    assert code == (0 if out.get("ok", True) else 2)
    if code:
        assert_error_object(out, out["error"]["index"], out["error"]["seat"], out["error"]["action"])
