"""The front end knows a game only through its engine class: names, taglines, the option that
sets a match's length and the presentation all follow the class, and a class no presentation
knows is shown by the generic one."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.engine import GAMES, Hand, register  # noqa: E402
from game.engine.cards import FRENCH52  # noqa: E402
from game.engine.game28 import Hand28  # noqa: E402
from game.i18n import set_language  # noqa: E402
from game.ui.games import GameUI, UI28, UI304, UI400, UISchieber, game_ui  # noqa: E402
from game.ui.names import game_name, game_order, game_tagline  # noqa: E402


@pytest.fixture
def registered():
    """Register game classes for one test, and take them off the registry afterwards."""
    added = []

    def add(cls):
        added.append(cls.GAME)
        return register(cls)

    yield add
    for name in added:
        GAMES.pop(name, None)


def test_each_game_is_presented_by_its_own_class():
    shown = {name: type(game_ui(name)) for name in GAMES}
    assert shown == {"304": UI304, "28": UI28, "400": UI400, "schieber": UISchieber}
    assert game_ui("twenty-eight").hand_cls is Hand28  # an alias finds the game too
    assert [game_ui(name).per_player for name in GAMES] == [cls.SCORE_PER_PLAYER for cls in GAMES.values()]
    assert game_ui("schieber").swiss and game_ui("schieber").deck == "swiss" and not game_ui("400").swiss


def test_names_taglines_and_order_come_from_the_engine():
    assert game_order() == tuple(GAMES)
    try:
        set_language("de")
        for name, cls in GAMES.items():
            assert game_name(name) and game_tagline(name) != cls.TAGLINE  # translated
    finally:
        set_language("en")
    assert [game_name(name) for name in GAMES] == [cls.TITLE for cls in GAMES.values()]


def test_the_match_length_option_is_one_of_the_games_options():
    for cls in GAMES.values():
        assert cls.MATCH_LENGTH in {o.name for o in cls.OPTIONS}, cls.GAME


class Hand28Doubled(Hand28):
    GAME, TITLE, TAGLINE, ALIASES = "test-28-doubled", "Twenty-Eight doubled", "A variant of 28", ()


class HandOpen(Hand):
    GAME, TITLE, TAGLINE = "test-open", "Open whist", "Thirteen tricks, trump by the last card"
    DECK, CARDS_EACH, PACKETS, SCORE_PER_PLAYER = FRENCH52, 13, (13,), True


def test_a_variant_is_presented_like_its_game_and_a_new_game_by_the_generic_class(registered):
    registered(Hand28Doubled)
    registered(HandOpen)
    assert type(game_ui("test-28-doubled")) is UI28
    ui = game_ui("test-open")
    assert type(ui) is GameUI and ui.title == "Open whist" and ui.short_title == "Open whist"
    assert ui.per_player and ui.side_totals([1, 2, 3, 4]) == (4, 6)
    assert ui.sheet_columns()[1:] == [ui.seat(s) for s in range(4)]
    assert game_order()[-2:] == ("test-28-doubled", "test-open")
    with pytest.raises(ValueError, match="unknown game 'nothing'"):
        game_ui("nothing")
