"""Two windows over one saved state, nothing lost (issue 48; docs/storage.md): two stores
interleaving their writes over one folder (two desktop windows) or one key/value store (two tabs
over one localStorage: the browser's own test is tests/web/test_web_pyodide.py).  Statistics
add up, each setting is the one changed last, a match slot is the match of the window that
last played in it and the other window's moves go to a slot of their own, with a notice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui.storage import FileBackend, MemoryBackend, Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["files", "memory"])
def two(request, tmp_path):
    """Two stores over the same saved state, each started before the other wrote anything."""
    if request.param == "files":
        return Store(FileBackend(tmp_path)), Store(FileBackend(tmp_path)), lambda: Store(FileBackend(tmp_path))
    shared = MemoryBackend()
    return Store(shared), Store(shared), lambda: Store(shared)


def test_statistics_of_two_windows_add_up(two):
    a, b, fresh = two
    for i in range(8):
        (a if i % 2 == 0 or i > 5 else b).count("28", hands=1, bids=1)
    b.count("304", matches=1, wins=1)
    assert fresh().game_stats("28")["hands"] == 8 and fresh().game_stats("28")["bids"] == 8
    assert fresh().game_stats("304")["wins"] == 1
    assert a.game_stats("28")["hands"] == 8 or b.game_stats("28")["hands"] == 8  # the last writer sees all


def test_each_setting_is_the_one_changed_last_in_either_window(two):
    a, b, fresh = two
    a.settings["grain"] = 0.9
    a.save_settings()
    b.settings["sound"] = False
    b.save_settings()
    assert b.settings["grain"] == 0.9  # the other window's change came in with the write
    a.settings["grain"] = 0.1
    a.save_settings()
    now = fresh().settings
    assert now["grain"] == 0.1 and now["sound"] is False


def test_hands_played_in_two_windows_are_both_kept_for_the_review(two):
    a, b, fresh = two
    a.add_hand("28", {"game": "28", "n": 1})
    b.add_hand("28", {"game": "28", "n": 2})
    a.add_hand("28", {"game": "28", "n": 3})
    assert [h["n"] for h in fresh().recent_hands("28")] == [3, 2, 1]


def match(n: int) -> dict:
    """A saved match's data as check_match wants it (moves stand for ``n``)."""
    return {"game": "28", "version": 1, "options": {}, "seed": 7, "level": "easy", "humans": [0],
            "hands": [], "actions": [["play", n]]}


def test_a_match_played_on_in_another_window_keeps_both_windows_moves(two):
    a, b, fresh = two
    slot = a.save_match(match(1))
    assert b.load_match(slot)["actions"] == [["play", 1]]  # resumed where it is now
    assert b.save_match(match(2), slot) == slot  # the other window plays on in it
    assert a.notices == []
    moved = a.save_match(match(3), slot)  # this window's next move: the slot is not its own now
    assert moved not in (None, slot)
    assert len(a.notices) == 1 and "another window" in str(a.notices[0])
    assert a.save_match(match(4), moved) == moved and len(a.notices) == 1  # and it goes on there
    again = fresh()
    assert again.load_match(slot)["actions"] == [["play", 2]]
    assert again.load_match(moved)["actions"] == [["play", 4]]


def test_a_match_saved_again_is_read_again_only_once_another_window_wrote_it(two, monkeypatch):
    """Each move saves the match: the slot still holding what this window wrote last is not
    parsed and checked again; once the other window writes there (or anything else does), it is."""
    from game.ui import storage

    reads = []
    stored = Store._stored
    monkeypatch.setattr(Store, "_stored", lambda self, name, text: reads.append(name) or stored(self, name, text))
    a, b, fresh = two
    slot = a.save_match(match(1))
    for n in range(2, 6):
        assert a.save_match(match(n), slot) == slot
    assert reads == [slot]  # the first save only (no blob there yet)
    assert fresh().load_match(slot)["actions"] == [["play", 5]]
    assert b.load_match(slot)["actions"] == [["play", 5]] and b.save_match(match(9), slot) == slot
    del reads[:]
    moved = a.save_match(match(6), slot)
    assert moved not in (None, slot) and reads[0] == slot  # read: another window's now, this one moves on
    assert fresh().load_match(slot)["actions"] == [["play", 9]] and len(a.notices) == 1
    a.backend.save(moved, a.backend.load(moved, storage.LIMITS["match"].chars) + " ")  # written over, same data
    del reads[:]
    assert a.save_match(match(7), moved) == moved and reads == [moved]  # (the text differs: read)


def test_two_windows_starting_a_match_at_once_take_two_slots_without_a_word(two):
    a, b, fresh = two
    one, other = a.save_match(match(1)), b.save_match(match(2))
    assert one != other and a.notices == b.notices == []
    assert len(fresh().saved_matches()) == 2


def test_a_match_finished_in_one_window_is_not_dropped_by_the_other(two):
    a, b, fresh = two
    slot = a.save_match(match(1))
    b.load_match(slot)
    b.save_match(match(2), slot)
    a.drop_match(slot)  # a's copy is over; b's moves are not
    assert fresh().load_match(slot)["actions"] == [["play", 2]]


WRITER = """
import sys
from game.ui.storage import FileBackend, Store
store = Store(FileBackend(sys.argv[1]))
for i in range(int(sys.argv[2])):
    store.count("28", hands=1)
    store.settings[sys.argv[3]] = 0.25
    store.save_settings()
"""


def test_two_desktop_processes_writing_at_once_lose_nothing(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), "60", name], env=env, cwd=ROOT,
                              stderr=subprocess.PIPE) for name in ("grain", "contrast")]
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()[-2000:]
    store = Store(FileBackend(tmp_path))
    assert store.game_stats("28")["hands"] == 120
    assert store.settings["grain"] == store.settings["contrast"] == 0.25
    assert json.loads((tmp_path / "stats.txt").read_text())["rev"] == 120


def test_a_window_takes_in_what_the_other_saved_when_it_looks_again(two):
    """Before a scene opens (app.go, app.back) the store looks again: the other window's new
    match is in Continue, its counts are shown, and a setting this window has not changed
    follows the other window's; one it has changed stays its own."""
    a, b, _fresh = two
    b.settings["grain"] = 0.3  # changed here, not yet saved
    slot = a.save_match(match(1))
    a.count("400", hands=2)
    a.settings["grain"] = 0.7
    a.settings["sound"] = False
    a.save_settings()
    b.count("400", hands=1)  # and this window counts too
    kinds = b.refresh()
    assert {"match", "settings"} <= kinds or isinstance(b.backend, MemoryBackend)
    if isinstance(b.backend, MemoryBackend):  # a memory store hears of nothing: it merges when it writes
        return
    assert [m.slot for m in b.saved_matches()] == [slot]
    assert b.game_stats("400")["hands"] == 3
    assert b.settings["sound"] is False and b.settings["grain"] == 0.3
    assert b.refresh() == set()  # nothing new since


def test_looking_again_does_not_make_the_other_windows_match_this_ones(two):
    a, b, _fresh = two
    slot = a.save_match(match(1))
    b.load_match(slot)
    b.save_match(match(2), slot)
    a.refresh()  # a sees b's moves in its Continue list...
    moved = a.save_match(match(3), slot)
    assert moved != slot  # ...but its own next move still goes to a slot of its own
    assert _fresh().load_match(slot)["actions"] == [["play", 2]]
