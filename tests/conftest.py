"""Fixtures of the tests (plain helpers are in helpers.py).

``game``: the contract suite's games, by name: every game in ``GAMES`` and the test games of
``whist_game.py`` and ``passing_game.py`` (whist with a passing phase: a new kind of decision),
registered only while a test of them runs, so every other test sees the four real games.  The
contract over the two test games is ``slow``: ``make check`` holds the four real games to it (and
test_whist.py, test_passing.py and test_ai_new_game.py play the test games), ``make test`` all six
(the test games' 98 contract tests took 7.2 s of the check tier's ~120 s of CPU).

No test's outcome may depend on the machine's speed or load, nor on chance:

- every AI thinks on a ``WorkClock`` (``thinking_counts_work``): a budget is a fixed amount of
  work, so a decision, a hint and its figures are the same on any machine, idle or busy;
- Hypothesis runs with no deadline and derandomized (the profile ``suite``): the same examples
  every run.  ``HYPOTHESIS_PROFILE=explore`` draws new examples (with ``FUZZ_EXAMPLES`` for long
  runs, tests/helpers.py).
"""

from __future__ import annotations

import asyncio

import os
import sys
from pathlib import Path

import pytest
from helpers import registered
from hypothesis import settings
from passing_game import HandPassing
from scheduling import ModuleGroups, costliest_first
from whist_game import HandWhist

from game import i18n
from game.ai import search
from game.engine import GAMES
from game.ui import players

# Bytecode is kept (``__pycache__``, which git ignores) even where the environment asks for none
# (PYTHONDONTWRITEBYTECODE): a run starts many Python processes (the xdist workers, started after
# this; the command lines' and benchmarks' subprocesses), and each would compile the game and
# rewrite the tests' asserts again: a worker's collection took 5.2 s of CPU without, 1.6 with.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# A save on the desktop is synced to the disk before it replaces the old file (os.fsync in
# game/web/storage_backend.py), so it survives a power cut.  The tests save thousands of times
# (`make check`: 3,077), and each sync waits for the disk with nothing to compute: 2-8 ms here,
# 25 s of the two workers' time in `make check`, a core left idle meanwhile.  No test can see
# whether a file reached the disk, so the test processes (not the command lines they start) skip
# the sync; test_ui_storage.py checks that a save and a copy still ask for it before the rename.
os.fsync = lambda fd: None

# (loaded before the test modules are: their settings, as helpers.fuzz's, build on it)
settings.register_profile("suite", deadline=None, derandomize=True, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

TEST_GAME = HandWhist
TEST_GAMES = {cls.GAME: cls for cls in (HandWhist, HandPassing)}
CONTRACT_GAMES = [*GAMES, *(pytest.param(name, marks=pytest.mark.slow) for name in TEST_GAMES)]


WEB = Path(__file__).resolve().parent / "web"
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` with the browser tests' groups (scheduling.py)."""
    if ModuleGroups is None or config.getvalue("dist") != "loadgroup":
        return None
    return ModuleGroups(config, log)


def pytest_collection_modifyitems(items):
    """The costliest tests first (scheduling.py): the browser groups, the other browser tests,
    the slow ones, then the rest, so no long group is left for the end of a parallel run."""
    costliest_first(items)


@pytest.fixture(autouse=True)
def no_browser_loop_in_the_thread(request):
    """Playwright's sync API (the web tests' session browser) leaves its asyncio loop marked as
    running in the worker's thread between its calls; a test run after it in the same worker that
    starts the app with ``asyncio.run`` would be refused.  Outside the web tests the mark is lifted
    for the test and put back after it."""
    loop = asyncio.events._get_running_loop()
    if loop is None or WEB in request.path.parents:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)


@pytest.fixture(autouse=True)
def the_language_is_left_as_found():
    """The language is the process's, as in the app: a test that switches it and fails before
    switching back (or forgets) would change the words of the next test in its worker, whichever
    that is in a shuffled run.  It is put back after every test."""
    before = i18n.language()
    yield
    if i18n.language() != before:
        i18n.set_language(before)


@pytest.fixture(autouse=True)
def thinking_counts_work(monkeypatch):
    """Every thinker made in a test thinks on a fresh ``search.WorkClock``: the same work, so
    the same decisions, however fast the machine is that minute (the tests that check the
    slicing itself set their own clock).  And frames cost nothing on the frames' clock
    (``players.frame_clock``): every slice at the table is the frame's whole budget."""
    monkeypatch.setattr(search, "clock", search.WorkClock())
    monkeypatch.setattr(players, "frame_clock", lambda: 0.0)


@pytest.fixture(params=CONTRACT_GAMES)
def game(request):
    if request.param in TEST_GAMES:
        with registered(TEST_GAMES[request.param]):
            yield request.param
    else:
        yield request.param


@pytest.fixture
def test_game():
    """The test game's class, registered in ``GAMES`` while the test runs."""
    with registered(TEST_GAME):
        yield TEST_GAME


@pytest.fixture
def passing_game():
    """The test game with a passing phase, registered in ``GAMES`` while the test runs."""
    with registered(HandPassing):
        yield HandPassing


def pytest_terminal_summary(terminalreporter):
    """The fuzzers' counts (a test's ``record_property("fuzz", text)``), one line each at the end
    of the run, so each ``make test`` says how much was tried (pytest-xdist carries them over)."""
    lines = sorted({value for report in terminalreporter.stats.get("passed", [])
                    for name, value in getattr(report, "user_properties", ()) if name == "fuzz"})
    if lines:
        terminalreporter.section("fuzzers")
        for line in lines:
            terminalreporter.line(line)
