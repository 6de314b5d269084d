"""Issue 16, saved state as a boundary: settings, statistics and match saves, fuzzed and
corrupted, never crash the game, never lose the bytes that were there, and always leave valid
settings and statistics behind.

- Fuzz (Hypothesis; ``FUZZ_EXAMPLES=N`` runs N examples each): random JSON for the settings and
  the statistics, random edits of a real match save, random bytes in any of the files.  The
  store must start, every notice must be printable text, the settings and statistics must pass
  their validators, and the original bytes must still be in the folder (in place, or under a
  key beside it); a saved match must either resume or be kept aside byte for byte.
- The headless app on each class of corrupted save (not JSON, wrong version, wrong shape, wrong
  types, huge, not UTF-8, unknown game, truncated, actions that are illegal): no crash, a
  notice, the bad file kept unchanged, the statistics intact.
- The settings defects of the issue: an unknown game crashed ``--demo``, ``embed=1``,
  ``demo=1`` and the menu's Watch and Rules; ``anim_speed: 0`` froze the table.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools
import json
import random
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from app_helpers import FAST, banner_text, fresh_data, launch, play_to_mid_trick, teardown
from helpers import fuzz
from hypothesis import given
from hypothesis import strategies as st

from harness import driver
from game.ui.session import Session
from game.ui.storage import (DEFAULT_SETTINGS, LIMITS, STAT_KEYS, VERSION, FileBackend, Store,
                             check_settings, check_stats)


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)


# ---- strategies ----------------------------------------------------------------------------------

ODD_TEXT = st.one_of(st.text(max_size=12), st.sampled_from(["", "\x00", "chess", "28\n", "x" * 300, "\ud800",
                                                             "\u202etxt", "normal", "de", "NaN"]))
NUMBERS = st.one_of(st.integers(-5, 12), st.integers(), st.sampled_from([0, 0.0, -0.0, 10**40, 2**63, 0.25, 4.0,
                                                                         4.5, 1e308]),
                    st.floats(allow_nan=False, allow_infinity=False))
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, ODD_TEXT)
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                            st.dictionaries(ODD_TEXT, inner, max_size=3)),
                           max_leaves=8)

SETTINGS_DATA = st.dictionaries(st.one_of(st.sampled_from(list(DEFAULT_SETTINGS)), ODD_TEXT), JSON_VALUES,
                                max_size=12)
STATS_DATA = st.dictionaries(st.one_of(st.sampled_from(["304", "28", "400", "schieber", "chess"]), ODD_TEXT),
                             st.one_of(st.dictionaries(st.one_of(st.sampled_from(STAT_KEYS), ODD_TEXT), NUMBERS,
                                                       max_size=6), JSON_VALUES), max_size=5)


def envelope(kind, data_strategy):
    """A blob as the store writes it, or one whose envelope is wrong."""
    good = st.builds(lambda data: {"version": VERSION, "kind": kind, "data": data}, data_strategy)
    odd = st.builds(lambda version, data, extra: {"version": version, "kind": kind, "data": data, **extra},
                    st.one_of(st.just(VERSION), SCALARS), st.one_of(data_strategy, JSON_VALUES),
                    st.dictionaries(st.sampled_from(["saved_at", "kind", "x"]), JSON_VALUES, max_size=2))
    return st.one_of(good, good, odd, JSON_VALUES)


def as_text(value) -> str:
    return json.dumps(value)  # NaN and Infinity written as JavaScript would: the store must refuse them


def folder_bytes(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}


def assert_sound(store: Store, before: dict, folder: Path) -> None:
    """What every start on any saved state must give."""
    for notice in store.notices:
        text = str(notice)
        assert text and all(c.isprintable() or c in "\u200c\u200d" for c in text), text
        assert len(text) < 2000
    good, wrong = check_settings(store.settings)
    assert not wrong and set(store.settings) == set(DEFAULT_SETTINGS)
    good, wrong = check_stats(store.stats)
    assert not wrong
    after = set(folder_bytes(folder).values())
    for name, original in before.items():
        assert original in after, f"the bytes of {name} are gone"


def start_on(files: dict) -> tuple[Store, dict, Path]:
    folder = Path(tempfile.mkdtemp(prefix="tt-fuzz-"))
    for name, content in files.items():
        (folder / f"{name}.txt").write_bytes(content if isinstance(content, bytes) else content.encode("utf-8",
                                                                                                       "surrogatepass"))
    before = folder_bytes(folder)
    return Store(FileBackend(folder)), before, folder


# ---- fuzz ----------------------------------------------------------------------------------------------

@fuzz(150)
@given(envelope("settings", SETTINGS_DATA))
def test_fuzzed_settings_start_with_valid_settings_and_keep_the_original(blob):
    store, before, folder = start_on({"settings": as_text(blob)})
    assert_sound(store, before, folder)
    data = blob.get("data") if isinstance(blob, dict) else None
    if store.notices and str(store.notices[0]).startswith("Could not read"):  # refused whole: the defaults
        assert store.settings == DEFAULT_SETTINGS and len(store.notices) == 1
    elif isinstance(data, dict) and blob.get("version") == VERSION:
        good, wrong = check_settings(data)
        assert all(store.settings[k] == v for k, v in good.items())  # what was good is kept
        if wrong:  # a notice names each bad value
            assert len(store.notices) == 1 and all(name in str(store.notices[0]) for name in wrong)


@fuzz(100)
@given(envelope("stats", STATS_DATA))
def test_fuzzed_statistics_start_with_counts_and_keep_the_original(blob):
    store, before, folder = start_on({"stats": as_text(blob)})
    assert_sound(store, before, folder)
    store.count("28", hands=1)  # counting goes on
    assert Store(FileBackend(folder)).game_stats("28")["hands"] >= 1


@functools.cache
def real_match_save() -> str:
    """A real match's save (304, one hand played and a trick begun), made once a process (the
    fuzzers and each class of corrupted save start from it; a hand played for each took 0.5 s)."""
    store = Store(FileBackend(tempfile.mkdtemp(prefix="tt-match-")))
    session = Session("304", {}, 5, "easy", (0,), store)
    play_to_mid_trick(session, random.Random(1), full_hands=1)
    return store.backend.load(session.slot)


REAL_MATCH = json.loads(real_match_save())


def paths(value, prefix=()):
    """Every place in a JSON value, as a path of keys and indexes."""
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from paths(item, prefix + (key,))


ALL_PATHS = list(paths(REAL_MATCH))


def edited(path, new):
    blob = json.loads(json.dumps(REAL_MATCH))
    if not path:
        return new
    target = blob
    for key in path[:-1]:
        target = target[key]
    if new == "<delete>":
        del target[path[-1]]
    else:
        target[path[-1]] = new
    return blob


MATCH_TEXTS = st.one_of(
    st.builds(lambda path, new: as_text(edited(path, new)), st.sampled_from(ALL_PATHS),
              st.one_of(JSON_VALUES, st.just("<delete>"))),
    st.builds(lambda cut: as_text(REAL_MATCH)[:cut], st.integers(0, len(as_text(REAL_MATCH)))),
)


@fuzz(100)
@given(MATCH_TEXTS)
def test_fuzzed_match_saves_resume_or_are_kept_aside_byte_for_byte(text):
    store, before, folder = start_on({"match": text, "stats": as_text({"version": VERSION, "kind": "stats",
                                                                        "data": {"28": {"hands": 4}}})})
    session = Session.resume(store)  # the match, or None (then set aside, with a notice)
    assert_sound(store, before, folder)
    if session is None:
        kept = [p for p in folder.iterdir() if p.name.startswith("match.")]
        assert not (folder / "match.txt").exists() or not store.saved_matches()
        assert store.notices and any(p.read_bytes() == before["match.txt"] for p in kept + [folder / "match.txt"]
                                     if p.exists())
    else:
        assert session.hand.legal_actions()  # it plays on
    assert store.game_stats("28")["hands"] == 4


@fuzz(100)
@given(st.sampled_from(["settings", "stats", "match"]), st.binary(max_size=200))
def test_fuzzed_bytes_in_any_file_start_the_store_and_are_kept(name, content):
    store, before, folder = start_on({name: content})
    assert_sound(store, before, folder)
    Session.resume(store)


# ---- the headless app on each class of corrupted save -------------------------------------------------

def stats_blob():
    return as_text({"version": VERSION, "kind": "stats", "data": {"28": {"matches": 2, "wins": 1, "hands": 9}}})


def match_blob(data) -> str:
    return as_text({"version": VERSION, "kind": "match", "saved_at": 1.0, "data": data})


def corrupted(kind: str):
    """The bytes of a match save of the class ``kind``."""
    save = json.loads(real_match_save())["data"]
    if kind == "not JSON":
        return b'{"version": 1, "kind": "match", "data": {"game": "28", '
    if kind == "wrong version":
        return as_text({"version": 7, "kind": "match", "data": save}).encode()
    if kind == "wrong shape":
        return as_text([1, 2, 3]).encode()
    if kind == "wrong types":
        return match_blob({**save, "seed": "x", "humans": "all"}).encode()
    if kind == "huge":
        return b" " * (LIMITS["match"].chars + 1)
    if kind == "not UTF-8":
        return match_blob(save).encode()[:40] + b"\xff\xfe\x80" + match_blob(save).encode()[40:]
    if kind == "unknown game":
        return match_blob({**save, "game": "chess"}).encode()
    if kind == "truncated file":
        text = match_blob(save).encode()
        return text[: len(text) // 2]
    if kind == "truncated match":  # the finished hand lost: the hand being played no longer follows
        return match_blob({**save, "finished": []}).encode()
    if kind == "illegal actions":
        actions = save["hand"]["actions"]
        actions[-1][1] = "play 7H" if actions[-1][1] != "play 7H" else "play 8H"
        actions.append([0, "bid 99"])
        return match_blob(save).encode()
    raise ValueError(kind)


CLASSES = ["not JSON", "wrong version", "wrong shape", "wrong types", "huge", "not UTF-8", "unknown game",
           "truncated file", "truncated match", "illegal actions"]


@pytest.mark.parametrize("kind", CLASSES)
def test_the_app_starts_on_a_corrupted_match_save_and_keeps_it(data, kind):
    content = corrupted(kind)
    (data / "stats.txt").write_text(stats_blob())
    (data / "match.txt").write_bytes(content)
    stats = (data / "stats.txt").read_bytes()
    app = launch()  # a reload: the game would go back into the saved match
    assert app.scene.name == "menu"
    assert "saved match" in banner_text(app) and "kept aside" in banner_text(app)
    kept = [p for p in data.iterdir() if p.name.startswith("match.unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content  # the bad file, unchanged
    assert not (data / "match.txt").exists()
    assert (data / "stats.txt").read_bytes() == stats and app.store.game_stats("28")["hands"] == 9
    driver.frames(app, 3)  # the notice is drawn
    assert app.banner.rect is not None
    driver.click_button(app, "Watch a game")  # and the game goes on
    driver.frames(app, 30)
    teardown(app)


SETTINGS_CLASSES = {
    "not JSON": b"{grain: 0.5",
    "not UTF-8": b'{"version": 1, "data": {"grain": "\xff"}}',
    "huge": b"{" + b" " * LIMITS["settings"].chars + b"}",
    "nested": b'{"version": 1, "data": {"grain": ' + b"[" * 100 + b"]" * 100 + b"}}",
    "wrong types": b'{"version": 1, "data": {"grain": "x", "sound": 0, "hints": "yes", "contrast": 0.3}}',
    "unknown game": b'{"version": 1, "data": {"game": "chess", "anim_speed": 4.0}}',
    "zero speed": b'{"version": 1, "data": {"anim_speed": 0}}',
}


@pytest.mark.parametrize("kind", list(SETTINGS_CLASSES))
def test_the_app_starts_on_corrupted_settings_and_keeps_them(data, kind):
    content = SETTINGS_CLASSES[kind]
    (data / "stats.txt").write_text(stats_blob())
    (data / "settings.txt").write_bytes(content)
    app = launch("--query", "embed=1")
    assert "settings" in banner_text(app)
    kept = [p for p in data.iterdir() if p.name.startswith(("settings.unreadable-", "settings.reset-"))]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not check_settings(app.settings)[1]
    assert app.store.game_stats("28")["wins"] == 1
    if kind == "wrong types":
        assert app.settings["contrast"] == 0.3  # what was good is kept
    teardown(app)
    again = launch()  # the good values were saved: no notice the second time
    assert not again.banner.items
    teardown(again)


@pytest.mark.parametrize("content", [b"{broken", b"\xff\xfe", b" " * (LIMITS["stats"].chars + 1),
                                     b'{"version": 1, "data": {"28": {"wins": -1, "hands": 3}, "400": 7}}'])
def test_the_app_starts_on_corrupted_statistics_and_keeps_them(data, content):
    (data / "stats.txt").write_bytes(content)
    app = launch("--query", "game=28&embed=1")
    assert "statistics" in banner_text(app)
    kept = [p for p in data.iterdir() if p.name.startswith(("stats.unreadable-", "stats.reset-"))]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert app.scene.name == "table"
    teardown(app)


# ---- the settings defects of the issue --------------------------------------------------------------

def chess_settings(folder):
    (folder / "settings.txt").write_text(json.dumps({"version": VERSION, "data": {**FAST, "game": "chess"}}))


@pytest.mark.parametrize("argv", [("--demo",), ("--query", "embed=1"), ("--query", "demo=1"),
                                  ("--query", "demo=1&embed=1")])
def test_settings_naming_an_unknown_game_start_every_way_with_a_notice(data, argv):
    """Issue 16: ``"game": "chess"`` in the settings crashed --demo, embed=1 and demo=1."""
    chess_settings(data)
    app = launch(*argv)
    assert app.scene.name == "table" and app.scene.session.game == DEFAULT_SETTINGS["game"]
    assert "game ('chess' is not one of" in banner_text(app)
    driver.frames(app, 10)
    teardown(app)


@pytest.mark.parametrize("button", ["Watch a game", "Rules"])
def test_settings_naming_an_unknown_game_let_the_menu_watch_and_show_rules(data, button):
    """Issue 16: the menu's Watch and Rules crashed on ``"game": "chess"``."""
    chess_settings(data)
    app = launch()
    driver.click_button(app, button)
    assert app.scene.name in ("table", "rules")
    assert getattr(app.scene, "game", None) or app.scene.session.game == DEFAULT_SETTINGS["game"]
    driver.frames(app, 10)
    teardown(app)


def test_a_zero_animation_speed_is_refused_and_the_table_moves(data):
    """Issue 16: ``anim_speed: 0`` passed the check and the table never moved again."""
    (data / "settings.txt").write_text(json.dumps({"version": VERSION, "data": {"anim_speed": 0,
                                                                                 "ai_level": "easy"}}))
    app = launch("--query", "game=28&seed=3&embed=1&demo=1")
    assert app.settings["anim_speed"] == DEFAULT_SETTINGS["anim_speed"]
    assert "anim_speed (use a number from 0.5 to 4)" in banner_text(app)
    session = app.scene.session
    with driver.unseen(app):  # (the moves asked, not the pictures)
        assert driver.run_until(app, lambda: len(session.hand.history) >= 6, 3000)  # the AI plays on
    teardown(app)


def test_a_50_mb_statistics_file_is_refused_at_once_and_cheaply(data):
    """Issue 16: a 50 MB statistics file took 22 s and 800 MB to load (benchmarks/large_inputs.py
    has the figures)."""
    with open(data / "stats.txt", "wb") as f:
        f.truncate(50 * 1024 * 1024)
    tracemalloc.start()
    try:
        store = Store()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000 and store.stats == {}
    assert "too large (52429 kB; at most 256 kB)" in str(store.notices[0])
    kept = [p for p in data.iterdir() if p.name.startswith("stats.unreadable-")]
    assert len(kept) == 1 and kept[0].stat().st_size == 50 * 1024 * 1024
