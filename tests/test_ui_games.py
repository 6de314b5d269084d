"""The front end knows a game only through its engine class: names, taglines, the option that
sets a match's length and the presentation all follow the class, and a class no presentation
knows is shown by the generic one: the test game (whist_game.py) is played at the table, its
result shown, and every scene that lists games shows it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from helpers import registered
from test_ui_table import engine_calls, on, open_table, play_hand  # noqa: F401 - engine_calls: a fixture

from game.engine import GAMES, Hand
from game.engine.cards import FRENCH52
from game.engine.game28 import Hand28
from game.i18n import set_language
from game.ui import players
from harness import driver
from game.ui.games import GameUI, UI28, UI304, UI400, UISchieber, game_ui
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.names import game_name, game_order, game_tagline


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


def test_a_variant_is_presented_like_its_game_and_a_new_game_by_the_generic_class():
    with registered(Hand28Doubled), registered(HandOpen):
        variant_and_new_game()


def variant_and_new_game():
    assert type(game_ui("test-28-doubled")) is UI28
    ui = game_ui("test-open")
    assert type(ui) is GameUI and ui.title == "Open whist" and ui.short_title == "Open whist"
    assert ui.per_player and ui.side_totals([1, 2, 3, 4]) == (4, 6)
    assert ui.sheet_columns()[1:] == [ui.seat(s) for s in range(4)]
    assert game_order()[-2:] == ("test-28-doubled", "test-open")
    with pytest.raises(ValueError, match="unknown game 'nothing'"):
        game_ui("nothing")


class FirstLegal:
    """A stand-in for the AI (which does not know the test game yet): the first legal action."""

    def __init__(self, obs, level, seed):
        self.obs, self.done = obs, False

    def step(self, max_ms, first=True):  # (as Thinker.step: whether it worked)
        self.done = True
        return True

    def best(self):
        return self.obs.legal[0]


@pytest.mark.slow
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_a_game_the_front_end_never_heard_of_is_played_at_the_table(test_game, size, engine_calls, monkeypatch):  # noqa: F811
    monkeypatch.setattr(players, "thinker", FirstLegal)
    monkeypatch.setattr(players, "note", lambda thinker: None)
    monkeypatch.setattr(players, "hint_thinker", lambda obs, seed=0: FirstLegal(obs, "normal", seed))
    monkeypatch.setattr(players, "explain", lambda thinker: (thinker.best(), None))
    app, session = open_table(test_game.GAME, 5, size)
    assert type(app.scene.ui) is GameUI and app.scene.art.deck == "french"
    play_hand(app, session)  # taps, clicks and drags on the cards, until the hand result shows
    calls = on(session.hand, engine_calls)
    assert {seat for seat, _a in calls} == {0, 1, 2, 3} and calls == session.applied
    assert len(session.hand.result()["tricks"]) == 13
    driver.frames(app, 120)
    assert app.scene.shown_score() == session.result()["score"]
    driver.click_button(app, "Next hand")
    assert app.scene.name == "table" and session.match.hand_number == 1


def test_every_scene_that_lists_games_shows_the_new_one(test_game):
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0})
    app.go("menu")
    driver.frames(app, 2)
    tile = next(w for w in app.scene.widgets if getattr(w, "game", None) == test_game.GAME)
    app.scene.follow_focus(tile)  # the tiles scroll when they do not all fit
    driver.click(app, tile.rect.move(0, -app.scene.scroll).center)
    assert app.scene.name == "new-match" and app.scene.title == "New match: Whist"
    driver.click_button(app, "Rules")
    assert app.scene.name == "rules" and app.scene.game == test_game.GAME
    assert driver.button(app, "Whist") and app.scene.content_height > app.scene.viewport.height
    driver.click_button(app, "Back")
    driver.click_button(app, "Back")
    driver.click_button(app, "Statistics")
    driver.frames(app, 2)  # draws a row per game, the new one included
    assert app.scene.name == "statistics"


def test_the_schieber_contract_line_names_the_seat_to_choose():
    """Forehand chooses, or after a push the partner: the line names the seat the engine gives
    the turn to, in every seat's view."""
    from game.engine import actions as A
    from game.ui.names import seat_name
    ui = game_ui("schieber")
    seen = set()
    for dealer in range(4):
        hand = GAMES["schieber"].deal(dealer + 20, dealer=dealer)
        for pushed in (False, True):
            if pushed:
                hand.apply(A.PUSH)
            obs = hand.observation(hand.turn)
            line = ui.contract_line(obs)
            assert obs.facts.pushed == pushed and line.startswith("Pushed: ") == pushed
            if hand.turn == 0:
                assert line.endswith("you choose the contract") or line == "You choose the contract"
            else:
                assert line.endswith(f"{seat_name(hand.turn)} chooses the contract")
            seen.add((hand.turn, pushed))
    assert len(seen) == 8
