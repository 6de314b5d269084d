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
