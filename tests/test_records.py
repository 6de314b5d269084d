"""Hand records and `python -m game.engine replay RECORD.json [--trace]` (docs/records.md).

The command line is run for a handful of cases; the fuzzing of bad records runs in-process
through ``game.engine.records.replay_text``, which is what the command prints, for every game
of the contract suite (the ``game`` fixture: ``GAMES`` and the test game).  Good records of
every game replaying to the same result: test_engine_contract.py.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from commands import run_many
from helpers import ALL_CARDS, ONE_SUIT_EACH, POINTS_28, POINTS_304, fuzz, random_options, sides_points
from helpers import assert_spec_error as assert_error
from hypothesis import given
from hypothesis import strategies as st

from game.engine import GAMES
from game.engine.records import random_record, replay, replay_text

ROOT = Path(__file__).resolve().parent.parent
RESULT_KEYS = {"thrown_in", "tricks", "points", "made", "score", "match_over", "winner"}


def cli(*args: str, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "game.engine", *args], check=False, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def one_json_object(stdout: str) -> dict:
    """stdout holds exactly one JSON object (strict JSON: no NaN or Infinity)."""
    def no_constants(name):
        raise ValueError(f"not JSON: {name}")
    out = json.loads(stdout, parse_constant=no_constants)
    assert isinstance(out, dict)
    assert stdout.strip().count("\n") == 0
    return out


def played_hand(game: str, seed: int, options=None, stop=None) -> tuple[dict, object]:
    """A record of a hand with random legal actions (all of them, or the first ``stop``)."""
    cls = GAMES[game]
    rng = random.Random(f"test|{game}|{seed}")
    hand = cls.deal(seed, options, rng.randrange(4))
    n = 0
    while not hand.is_over() and (stop is None or n < stop):
        hand.apply(rng.choice(hand.legal_texts()))
        n += 1
    return hand.record(), hand


# ---- the command line -------------------------------------------------------------------------

@pytest.mark.parametrize("game,options", [("304", {}), ("28", {"twenty_nine": True, "double": True}),
                                          ("400", {"face_card_redeal": True}), ("schieber", {"table_2500": True})])
def test_record_then_replay_gives_ok_with_the_result(tmp_path, game, options):
    path = tmp_path / "hand.json"
    made, run, traced = run_many([  # the three in turn, in one child (commands.py)
        ["-m", "game.engine", "record", "--game", game, "--seed", "31", "--options", json.dumps(options),
         "--out", str(path)],
        ["-m", "game.engine", "replay", str(path)],
        ["-m", "game.engine", "replay", str(path), "--trace"]])
    assert made.returncode == 0 and made.stderr == ""
    record = json.loads(path.read_text())
    assert record["game"] == game and record["options"] == options
    assert len(record["hands"]) == 4 and all(len(h) == GAMES[game].CARDS_EACH for h in record["hands"])
    assert run.returncode == 0 and run.stderr == ""
    out = one_json_object(run.stdout)
    assert out["ok"] is True and out["complete"] is True and "trace" not in out
    res = out["result"]
    assert RESULT_KEYS <= set(res) and len(res["score"]) == len(record["score"])
    assert res == replay(record)["result"]
    traced = one_json_object(traced.stdout)
    assert [[t["seat"], t["action"]] for t in traced["trace"]] == record["actions"]
    assert all(t["legal"] == sorted(t["legal"]) for t in traced["trace"])
    if game in ("304", "28") and not res["thrown_in"]:
        table = POINTS_304 if game == "304" else POINTS_28
        bonus = 1 if options.get("twenty_nine") else 0
        assert res["points"] == sides_points(res, table, bonus)
        assert sorted(c for t in res["tricks"] for c in t["cards"]) == sorted(c for h in record["hands"] for c in h)


def test_record_prints_to_stdout_without_out():
    run = cli("record", "--game", "28", "--seed", "4")
    assert run.returncode == 0
    record = one_json_object(run.stdout)
    assert replay(record)["ok"] is True
    assert record == random_record("28", 4)


def test_trace_lists_legal_actions_sorted_by_code_point(tmp_path):
    # a 304 auction: 'bid 160' .. 'bid 300', 'pass' < 'pass partner'
    record = {"game": "304", "options": {}, "dealer": 3, "score": [11, 11], "hands": ONE_SUIT_EACH,
              "actions": [[0, "bid 160"], [1, "pass partner"], [2, "pass"], [3, "pass"], [0, "indicator JS"],
                          [0, "play 9S"]]}
    path = tmp_path / "auction.json"
    path.write_text(json.dumps(record))
    run = cli("replay", str(path), "--trace")
    assert run.returncode == 0 and run.stderr == ""
    out = one_json_object(run.stdout)
    assert out["ok"] is True and out["complete"] is False and "result" not in out
    trace = out["trace"]
    assert [[t["seat"], t["action"]] for t in trace] == record["actions"]
    for step in trace:
        assert step["legal"] == sorted(step["legal"]) and step["action"] in step["legal"]
    assert trace[0]["legal"] == sorted([f"bid {n}" for n in range(160, 301, 10)] + ["pass", "pass partner"])
    assert trace[0]["legal"][-2:] == ["pass", "pass partner"]
    assert trace[4]["legal"] == ["indicator 9S", "indicator AS", "indicator JS", "indicator TS"]
    assert trace[5]["legal"] == ["play 7S", "play 8S", "play 9S", "play AS", "play KS", "play QS",
                                 "play TS", "reveal"]


def test_trace_sorts_bids_as_strings():
    record, _ = played_hand("28", 1, stop=1)
    out = replay(record, trace=True)
    legal = out["trace"][0]["legal"]
    assert legal == sorted(legal) and legal.index("bid 14") < legal.index("bid 28") < legal.index("pass")


def _304_record(actions) -> str:
    return json.dumps({"game": "304", "dealer": 3, "hands": ONE_SUIT_EACH, "actions": actions})


CLI_BAD_RECORDS = {
    "bad json": ("{not json", None, None, None),
    "unknown game": ('{"game": "29", "dealer": 0, "hands": []}', None, None, None),
    "duplicate card": (json.dumps({"game": "28", "dealer": 0, "actions": [],
                                   "hands": [ONE_SUIT_EACH[0]] * 2 + ONE_SUIT_EACH[2:]}), None, None, None),
    "illegal play": (_304_record([[0, "bid 160"], [1, "pass"], [2, "pass"], [3, "pass"], [0, "play KS"]]),
                     4, 0, "play KS"),
    "wrong seat": (_304_record([[0, "bid 160"], [2, "pass"]]), 1, 2, "pass"),
    "absurd bid text": (_304_record([[0, "bid 160"], [1, "bid 9999"]]), 1, 1, "bid 9999"),
}


@functools.cache
def bad_records_replayed() -> dict:
    """``python -m game.engine replay FILE --trace`` for each of ``CLI_BAD_RECORDS``, all in one
    child (commands.py)."""
    with tempfile.TemporaryDirectory() as folder:
        commands = []
        for case, (text, *_rest) in sorted(CLI_BAD_RECORDS.items()):
            path = Path(folder) / f"{case.replace(' ', '-')}.json"
            path.write_text(text)
            commands.append(["-m", "game.engine", "replay", str(path), "--trace"])
        return dict(zip(sorted(CLI_BAD_RECORDS), run_many(commands), strict=True))


@pytest.mark.parametrize("case", sorted(CLI_BAD_RECORDS))
def test_bad_records_exit_2_with_one_error_object_and_no_traceback(case):
    _text, index, seat, action = CLI_BAD_RECORDS[case]
    run = bad_records_replayed()[case]
    assert "Traceback" not in run.stderr
    assert run.returncode == 2
    assert_error(one_json_object(run.stdout), index, seat, action)


def test_record_file_that_is_not_utf8_exits_2(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe{\x00")
    run = cli("replay", str(path))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert_error(one_json_object(run.stdout))


def test_missing_record_file_exits_2_with_error_object(tmp_path):
    run = cli("replay", str(tmp_path / "nowhere.json"))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert_error(one_json_object(run.stdout))


def test_record_command_with_unknown_game_exits_2():
    run = cli("record", "--game", "poker", "--seed", "1")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert_error(one_json_object(run.stdout))


USED_WRONGLY = [
    (("replay", "x.json", "--quiet"), "replay does not take '--quiet'"),
    (("replay", "a.json", "b.json"), "replay takes one record file"),
    (("record", "--game", "28", "--seed", "1", "--options", "[7]"), "--options must be a JSON object"),
    (("record", "--game", "28", "--seed", "1", "--out", "."), "cannot write '.'"),
]


@functools.cache
def used_wrongly() -> dict:
    """``python -m game.engine ARGS`` for each of ``USED_WRONGLY``, all in one child (commands.py)."""
    return {args: run for (args, _), run in zip(USED_WRONGLY, run_many([["-m", "game.engine", *a] for a, _ in USED_WRONGLY]),
                                                 strict=True)}


@pytest.mark.parametrize("args, words", USED_WRONGLY)
def test_a_command_used_wrongly_exits_2_with_one_error_object_in_words(args, words):
    run = used_wrongly()[args]
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert words in one_json_object(run.stdout)["error"]["reason"]


def test_record_prints_the_record_without_out(tmp_path):
    out = tmp_path / "r.json"
    run, written = run_many([["-m", "game.engine", "record", "--game", "schieber", "--seed", "3"],
                             ["-m", "game.engine", "record", "--game", "schieber", "--seed", "3", "--out", str(out)]])
    assert run.returncode == 0 and json.loads(run.stdout)["game"] == "schieber"
    assert written.returncode == 0 and written.stdout == ""
    assert json.loads(out.read_text()) == json.loads(run.stdout)


@pytest.mark.parametrize("args, code", [
    (("replay", "{record}", "--trace"), 0),  # more than a pipe's buffer: the write itself fails
    (("replay", "{record}"), 0),             # a short line: the interpreter's last flush fails
    (("replay", "{missing}"), 2),
    (("record", "--game", "400", "--seed", "2"), 0),
])
def test_a_reader_that_stops_reading_gets_no_traceback(tmp_path, args, code):
    """``replay RECORD.json --trace | head -c 100``: the command's output pipe is closed before
    it writes. It says nothing on stderr and exits as its outcome says."""
    record = tmp_path / "r.json"
    record.write_text(json.dumps(random_record("400", 2)))
    args = [a.format(record=record, missing=tmp_path / "nowhere.json") for a in args]
    proc = subprocess.Popen([sys.executable, "-m", "game.engine", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # before the interpreter has started, so every write finds no reader
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == code
    assert stderr == ""


# ---- replay in-process: good records ------------------------------------------------------------

def test_omitted_score_and_options_mean_match_start_and_defaults():
    rec = {"game": "304", "dealer": 3, "hands": ONE_SUIT_EACH,
           "actions": [[0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]}
    out = replay(rec)
    assert out["ok"] and out["result"]["score"] == [11, 11] and out["result"]["thrown_in"] is True
    rec["options"] = {"tokens": 5}
    assert replay(rec)["result"]["score"] == [5, 5]
    rec["game"], rec["options"] = "28", {}
    assert replay(rec)["result"]["score"] == [0, 0]


def test_thrown_in_hand_result_as_specified():
    rec = {"game": "28", "options": {}, "dealer": 0, "score": [3, -1], "hands": ONE_SUIT_EACH,
           "actions": [[1, "pass"], [2, "pass"], [3, "pass"], [0, "pass"]]}
    assert replay(rec) == {"ok": True, "complete": True, "result": {
        "thrown_in": True, "tricks": [], "points": [0, 0], "made": None, "score": [3, -1],
        "match_over": False, "winner": None}}


# ---- replay in-process: fuzzed bad records ----------------------------------------------------------

def _record_level(record, rng):
    """Mutations of the record itself: (payload, None) -> error with index/seat/action null."""
    kind = rng.choice(["json", "top", "game", "count", "duplicate", "unknown_card", "options", "dealer",
                       "score", "no_hands", "seats", "actions_type"])
    rec = copy.deepcopy(record)
    seat = rng.randrange(4)
    if kind == "json":
        text = json.dumps(rec)
        cut = rng.randrange(1, len(text) - 1)
        bad = rng.choice([text[:cut], text + "}", "{" + text, text.replace(":", "", 1), "", "nonsense"])
        try:
            json.loads(bad)
        except ValueError:
            return bad
        return "{bad"
    if kind == "top":
        return json.dumps(rng.choice([[], 5, None, "304", [rec]]))
    if kind == "game":
        rec["game"] = rng.choice(["29", "poker", "", 304, 28, None, ["304"], {"name": "304"}, "Twenty-Eight"])
    elif kind == "count":
        if rng.random() < 0.5:
            rec["hands"][seat].pop(rng.randrange(len(rec["hands"][seat])))
        else:
            other = (seat + 1) % 4
            rec["hands"][seat].append(rec["hands"][other].pop())
    elif kind == "duplicate":
        other = (seat + rng.randrange(1, 4)) % 4
        rec["hands"][seat][rng.randrange(len(rec["hands"][seat]))] = rng.choice(rec["hands"][other])
    elif kind == "unknown_card":
        deck = GAMES[rec["game"]].DECK
        cards = {deck.text(c) for c in deck.cards}
        odd = [c for c in ["1S", "XX", "js", "10S", "", "JSS", "2S", "6H", "UE", "7R"] if c not in cards]
        rec["hands"][seat][rng.randrange(len(rec["hands"][seat]))] = rng.choice(
            odd + [99, -1, None, 1.5, [], {}, True])
    elif kind == "options":
        rec["options"] = rng.choice([{"no_such_option": True}, {"open_trump": "yes"}, {"open_trump": 1},
                                     "x", [1], {"tokens": 0} if rec["game"] == "304" else {"target": 8},
                                     {"twenty_nine": None}])
    elif kind == "dealer":
        if rng.random() < 0.2:
            del rec["dealer"]
        else:
            rec["dealer"] = rng.choice([4, -1, "0", None, 1.5, True, [0], 10**20])
    elif kind == "score":
        cls = GAMES[rec["game"]]
        options = cls.deal(0, rec["options"]).options
        low, high = cls.score_range(options)
        outside = [rng.choice([low - 1, high + 1])] * len(cls.initial_score(options))  # the game's range
        rec["score"] = rng.choice([[1], [1, 2, 3], "x", [1, "2"], [True, 0], [], {"0": 1}, [1.5, 0], outside])
    elif kind == "no_hands":
        del rec["hands"]
    elif kind == "seats":
        rec["hands"] = rng.choice([rec["hands"][:3], rec["hands"] + [[]], "x", None, {}])
    elif kind == "actions_type":
        rec["actions"] = rng.choice(["x", {}, 5, None, {"0": "pass"}])
    return json.dumps(rec)


PAIR_ERRORS = [  # (entry from seat and text, the seat and action the error reports)
    (lambda s, t: "pass", None, None), (lambda s, t: [s], "s", None), (lambda s, t: [s, t, 1], "s", "t"),
    (lambda s, t: {"seat": s}, None, None), (lambda s, t: [str(s), t], None, "t"), (lambda s, t: [s, 5], "s", None),
    (lambda s, t: [True, t], None, "t"), (lambda s, t: [None, t], None, "t"), (lambda s, t: [s, None], "s", None),
    (lambda s, t: [], None, None), (lambda s, t: [[s], t], None, "t"), (lambda s, t: [s, [t]], "s", None),
    (lambda s, t: [1.5, t], 1.5, "t"), (lambda s, t: None, None, None),
]

ODD_TEXTS = (["play " + c for c in ALL_CARDS] + ["indicator " + c for c in ALL_CARDS]
             + [f"bid {n}" for n in (0, 5, 13, 14, 15, 28, 29, 155, 160, 165, 200, 250, 300, 305, 310)]
             + ["pass", "pass partner", "reveal", "call", "double", "redouble", "caps", "redeal", "keep",
                "fly", "play", "play  JS", "PASS", "bid", "bid -5", "bid 1.5", "push", "trump S", "obenabe",
                "play js", " pass", "pass ", "bid 16 ", "play JS ", "", "play 10S", "indicator"])


def _entry_level(record, rng):
    """Mutations of one action: (payload, index, seat, action) as the spec reports them."""
    cls = GAMES[record["game"]]
    rec = copy.deepcopy(record)
    acts = rec["actions"]
    kind = rng.choice(["pair", "seat", "illegal", "after_end"])
    k = len(acts) if kind == "after_end" else rng.randrange(len(acts) + 1)
    hand = cls(rec["hands"], rec["dealer"], rec["options"], rec["score"])
    for _, a in acts[:k]:
        hand.apply(a)
    turn = hand.turn if not hand.is_over() else rng.randrange(4)
    if k == len(acts):
        acts.append([turn, "pass"])
    seat, text = acts[k]
    if kind == "pair":
        make, want_seat, want_action = rng.choice(PAIR_ERRORS)
        acts[k] = make(seat, text)
        want_seat = seat if want_seat == "s" else want_seat
        want_action = text if want_action == "t" else want_action
        return json.dumps(rec), k, want_seat, want_action
    if kind == "seat" and not hand.is_over():
        wrong = rng.choice([(seat + rng.randrange(1, 4)) % 4, 4, -1, 17])
        acts[k] = [wrong, text]
        return json.dumps(rec), k, wrong, text
    # an illegal action (or any action after the end) by the seat whose turn it is
    legal = set(hand.legal_texts())
    bad = rng.choice([c for c in ODD_TEXTS if c not in legal])
    acts[k] = [turn, bad]
    return json.dumps(rec), k, turn, bad


@fuzz(80)
@given(seed=st.integers(0, 10**6), choice_seed=st.integers(0, 2**32), stop=st.integers(0, 90),
       record_level=st.booleans())
def test_fuzzed_bad_records_give_the_spec_error(game, seed, choice_seed, stop, record_level):
    options = random_options(GAMES[game], random.Random(seed)) if seed % 3 == 0 else {}
    record, _ = played_hand(game, seed, options, stop=stop)
    rng = random.Random(choice_seed)
    if record_level:
        payload = _record_level(record, rng)
        out = replay_text(payload, trace=rng.random() < 0.5)
        assert_error(out)
    else:
        payload, index, seat, action = _entry_level(record, rng)
        out = replay_text(payload, trace=rng.random() < 0.5)
        assert_error(out, index, seat, action)


@fuzz(50)
@given(seed=st.integers(0, 10**6), stop=st.integers(0, 60),
       text=st.one_of(st.text(max_size=12), st.from_regex(r"\A(bid|play|indicator|trump) [0-9A-Z]{0,5}\Z"),
                      st.integers(-10, 10**5).map(lambda n: f"bid {n}")))
def test_any_action_text_is_either_legal_or_refused_never_a_crash(game, seed, stop, text):
    record, hand = played_hand(game, seed, stop=stop)
    seat = hand.turn if not hand.is_over() else 0
    record["actions"].append([seat, text])
    out = replay_text(json.dumps(record))
    legal = hand.legal_texts()
    if out["ok"]:
        # accepted: it must be one of the legal actions ('bid 0160' for 'bid 160' is tolerated)
        canonical = re.sub(r"^bid 0+(?=[0-9])", "bid ", text)
        assert canonical in legal, f"{text!r} was accepted but is not one of {legal}"
        assert out.get("result") is None or out["complete"] is True
    else:
        assert text not in legal, f"legal {text!r} was refused: {out}"
        assert_error(out, len(record["actions"]) - 1, seat, text)


def test_cards_must_be_written_as_text():
    rec = {"game": "304", "dealer": 3, "hands": copy.deepcopy(ONE_SUIT_EACH), "actions": []}
    rec["hands"][0][0] = 9  # the engine's code for JS, but not card notation
    assert_error(replay(rec))


def test_options_must_be_an_object():
    for options in ([1], "x", [], 0, False, ""):
        rec = {"game": "28", "options": options, "dealer": 3, "hands": ONE_SUIT_EACH, "actions": []}
        out = replay(rec)
        assert out["ok"] is False, f"options {options!r} accepted as the defaults"
        assert_error(out)


def test_error_output_stays_strict_json_for_nan_in_a_record():
    hands = json.dumps(ONE_SUIT_EACH)
    text = '{"game": "28", "dealer": 3, "hands": ' + hands + ', "actions": [[NaN, "pass"]]}'
    out = replay_text(text)
    assert out["ok"] is False
    json.dumps(out, allow_nan=False)


def test_actions_stop_where_a_thrown_in_hand_ends():
    rec = {"game": "304", "dealer": 3, "hands": ONE_SUIT_EACH,
           "actions": [[0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"], [0, "bid 160"]]}
    assert_error(replay(rec), 4, 0, "bid 160")


def test_record_level_problems_report_null_index_seat_action():
    base = {"game": "304", "dealer": 3, "hands": ONE_SUIT_EACH, "actions": [[0, "pass"]]}
    for change in ({"game": "schafkopf"}, {"dealer": 7}, {"hands": ONE_SUIT_EACH[:3]},
                   {"hands": [ONE_SUIT_EACH[0], ONE_SUIT_EACH[0], ONE_SUIT_EACH[2], ONE_SUIT_EACH[3]]},
                   {"options": {"caps": "sure"}}, {"score": [11]}):
        assert_error(replay({**base, **change}))
    assert_error(replay_text("[1, 2"))


def test_bids_reads_each_bid_of_a_record_by_seat_in_order():
    """What the score sheets read: the bids as numbers, by the engine's own action parser."""
    from game.engine.records import bids
    record = {"game": "400", "actions": [[1, "bid 3"], [2, "bid 4"], [3, "bid 2"], [0, "bid 5"],
                                         [1, "play 2S"]]}
    assert bids(record) == [(1, 3), (2, 4), (3, 2), (0, 5)]
    assert bids({"game": "28", "actions": [[1, "bid 14"], [2, "pass"], [3, "bid 15"], [0, "pass"],
                                           [1, "pass"], [3, "indicator JS"]]}) == [(1, 14), (3, 15)]
    for game in ("304", "28", "400"):  # a random hand's bids are the actions that start "bid "
        record = random_record(game, 3)
        assert bids(record) == [(s, int(t[4:])) for s, t in record["actions"] if t.startswith("bid ")]
