"""Fixtures of the tests (plain helpers are in helpers.py).

``game``: the contract suite's games, by name: every game in ``GAMES`` and the test games of
``whist_game.py`` and ``passing_game.py`` (whist with a passing phase: a new kind of decision),
registered only while a test of them runs, so every other test sees the four real games.
"""

from __future__ import annotations

import pytest
from helpers import registered
from passing_game import HandPassing
from whist_game import HandWhist

from game.engine import GAMES

TEST_GAME = HandWhist
TEST_GAMES = {cls.GAME: cls for cls in (HandWhist, HandPassing)}
CONTRACT_GAMES = [*GAMES, *TEST_GAMES]


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
