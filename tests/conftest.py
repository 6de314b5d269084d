"""Fixtures of the tests (plain helpers are in helpers.py).

``game``: the contract suite's games, by name: every game in ``GAMES`` and the test game of
``whist_game.py``, which is registered only while a test of it runs, so every other test sees
the four real games.
"""

from __future__ import annotations

import pytest
from helpers import registered
from whist_game import HandWhist

from game.engine import GAMES

TEST_GAME = HandWhist
CONTRACT_GAMES = [*GAMES, TEST_GAME.GAME]


@pytest.fixture(params=CONTRACT_GAMES)
def game(request):
    if request.param == TEST_GAME.GAME:
        with registered(TEST_GAME):
            yield request.param
    else:
        yield request.param


@pytest.fixture
def test_game():
    """The test game's class, registered in ``GAMES`` while the test runs."""
    with registered(TEST_GAME):
        yield TEST_GAME


def pytest_terminal_summary(terminalreporter):
    """The fuzzers' counts (a test's ``record_property("fuzz", text)``), one line each at the end
    of the run, so each ``make test`` says how much was tried (pytest-xdist carries them over)."""
    lines = sorted({value for report in terminalreporter.stats.get("passed", [])
                    for name, value in getattr(report, "user_properties", ()) if name == "fuzz"})
    if lines:
        terminalreporter.section("fuzzers")
        for line in lines:
            terminalreporter.line(line)
