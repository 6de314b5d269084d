"""The test game (whist_game.py): its own rules, and what the other layers do with a game they
have never heard of.  The engine's contract suite runs it with the four real games
(test_engine_contract.py, test_engine_api.py, test_records.py: the ``game`` fixture).

The AI, the arena and the table play any game of ``GAMES`` from its class (issue 17): the tests
below play it with the rule-based AI, in the arena and at a headless table.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
from pathlib import Path

import pytest
from helpers import refusal

from game.engine import Hand, Match, game_class
from game.engine.__main__ import main

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]

# Each seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
ONE_SUIT_EACH = [[r + s for r in "23456789TJQKA"] for s in "SHDC"]
# Seats 0 and 1 share hearts and diamonds, seats 2 and 3 spades and clubs.
MIXED = [row.split() for row in ("2H 3H 4H 5H 6H 7H 8H 2D 3D 4D 5D 6D 7D", "9H TH JH QH KH AH 8D 9D TD JD QD KD AD",
                                 "2S 3S 4S 5S 6S 7S 2C 3C 4C 5C 6C 7C 8C", "8S 9S TS JS QS KS AS 9C TC JC QC KC AC")]

def whist(cls, hands=ONE_SUIT_EACH, dealer=3, options=None, score=None):
    return cls([list(h) for h in hands], dealer, options, score)


def play_out(hand):
    """Each seat plays its lowest legal card until the end."""
    while not hand.is_over():
        hand.apply(min(hand.legal_actions()))
    return hand.result()


# ---- its rules -------------------------------------------------------------------------------------

def test_found_by_name_and_alias_and_dealt_one_card_at_a_time(test_game):
    assert game_class("Whist") is test_game and game_class("partnership whist") is test_game
    hand = test_game.deal(1, dealer=2)
    assert [len(cards) for cards in hand.dealt] == [13] * 4
    assert hand.record()["dealer"] == 2 and hand.observation(0).forehand == 3


@pytest.mark.parametrize("dealer, trump", [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_trump_goes_round_with_the_deal_hearts_diamonds_clubs_spades(test_game, dealer, trump):
    hand = whist(test_game, dealer=dealer)
    assert all(hand.observation(s).public["trump"] == trump for s in range(4))


def test_forehand_leads_and_every_player_follows_suit(test_game):
    hand = whist(test_game, dealer=3)
    assert hand.turn == 0 and hand.legal_texts() == sorted("play " + c for c in ONE_SUIT_EACH[0])
    hand = test_game([["2S", "3H"] + ONE_SUIT_EACH[0][2:], ["3S", "2H"] + ONE_SUIT_EACH[1][2:]]
                     + ONE_SUIT_EACH[2:], 3)
    hand.apply("play 2S")
    assert hand.legal_texts() == ["play 3S"]
    assert refusal(hand, "play 2H").rule == "follow-suit"
    assert refusal(hand, "play 2D").rule == "card-not-held"
    assert refusal(hand, "bid 7").rule == "plays-only"


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led(test_game):
    hearts_spades = [ONE_SUIT_EACH[1], ONE_SUIT_EACH[0]] + ONE_SUIT_EACH[2:]  # seat 0 hearts, seat 1 spades
    hand = whist(test_game, hearts_spades, dealer=3)  # spades trump; seat 0 leads hearts
    for card in ("2H", "2S", "AD", "AC"):
        hand.apply("play " + card)
    assert hand.observation(0).tricks[0][2] == 1  # the lowest trump beats the aces
    hand = whist(test_game, MIXED, dealer=3)  # spades trump, none played: the highest heart wins
    for card in ("2H", "9H", "8C", "AC"):
        hand.apply("play " + card)
    assert hand.observation(0).tricks[0][2] == 1 and hand.turn == 1
    hand = whist(test_game, dealer=2)  # clubs trump, led by seat 3: the highest club wins
    for card in ("5C", "AS", "AH", "AD"):
        hand.apply("play " + card)
    assert hand.observation(0).tricks[0][2] == 3


def test_a_side_scores_one_point_a_trick_over_six(test_game):
    res = play_out(whist(test_game, dealer=3))  # spades trump: seat 0 takes all 13 tricks
    assert res["points"] == [13, 0] and res["score"] == [7, 0] and res["made"] is None
    assert res["match_over"] is True and res["winner"] == 0
    hand = whist(test_game, dealer=3, score=[1, 2])
    play_out(hand)
    assert hand.score_change() == [7, 0] and hand.figures() == [13, 0]
    assert [hand.contract_made(s) for s in range(4)] == [None] * 4


def test_the_match_goes_to_5_or_to_7(test_game):
    assert play_out(whist(test_game, dealer=0, options={"target": 7}))["score"] == [0, 7]
    with pytest.raises(ValueError, match="scores run from 0 to 4"):
        whist(test_game, score=[5, 0])
    match = Match("whist", seed=3)
    rng = random.Random(3)
    while not match.over:
        while not match.hand.is_over():
            match.hand.apply(rng.choice(match.hand.legal_actions()))
        match.next_hand()
    assert max(match.score) >= 5 and match.score[match.winner] >= 5


# ---- the other layers ----------------------------------------------------------------------------

def test_a_link_names_it_by_its_name_or_alias(test_game):
    """URL parameters know a game from GAMES and its class: its ALIASES too, as every other layer."""
    from game.web.params import parse

    found, notices = parse("game=Partnership%20Whist&learn=WHIST&target=7")
    assert notices == [] and found.game == found.learn == "whist" and found.options == {"target": 7}
    assert parse("game=Twenty-Eight")[0].game == "28" and parse("game=jass")[0].game == "schieber"


def test_its_rules_text_follows_the_seats_and_reaches_the_rules_document(test_game):
    text = test_game.rules_text()
    assert text[0] == Hand.SEATING and [heading for heading, _ in text[1:]] == ["Cards", "Trump", "Play", "Scoring"]
    spec = importlib.util.spec_from_file_location("make_rules_doc", ROOT / "tools" / "make_rules_doc.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    section = tool.render().split("\n## Whist\n", 1)[1]
    assert "- `target` (5 or 7, default 5): " in section and "### Trump" in section


def test_the_command_line_records_and_replays_it(test_game, tmp_path, capsys):
    path = tmp_path / "whist.json"
    assert main(["record", "--game", "Partnership Whist", "--seed", "8", "--out", str(path)]) == 0
    assert json.loads(path.read_text())["game"] == "whist"
    assert main(["replay", str(path), "--trace"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["complete"] and len(out["result"]["tricks"]) == 13



def test_the_baseline_ai_plays_it(test_game):
    from game.ai import choose
    for seed in range(3):
        hand = test_game.deal(seed, dealer=seed % 4)
        while not hand.is_over():
            hand.apply(choose(hand.observation(hand.turn), "baseline", seed=seed))  # a refused action raises
        assert len(hand.result()["tricks"]) == 13


def test_the_arena_runs_it(test_game, capsys):
    from game.ai import arena
    out = arena.play_deals("whist", "baseline", "baseline", deals=2, seed=1)
    assert out["deals"] == 2 and out["mean_diff"] == 0 and out["score_diff"] == 0  # the same player twice
    assert arena.main(["--game", "whist", "--a", "baseline", "--b", "baseline", "--deals", "1"]) == 0
    assert "whist" in capsys.readouterr().out


def test_a_headless_table_plays_a_hand_of_it(test_game):
    from harness import driver
    from game.ui.layout import LANDSCAPE
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0, "ai_level": "baseline"})
    session = Session("whist", {}, 5, "baseline", (), app.store)  # four AI seats
    app.show(TableScene(app, session))
    assert driver.run_until(app, lambda: app.scene.name == "hand-result", 8000)
    assert session.hand.is_over() and {seat for seat, _ in session.hand.history} == {0, 1, 2, 3}


def test_the_rules_screen_shows_its_option_by_the_label_and_words_it_declares(test_game):
    """The front end reads an option's label and value words from the game's declaration:
    nothing to add in the UI for a new game's option."""
    from harness import driver
    from game.ui.layout import PORTRAIT
    from game.ui.scenes.rules import RulesScene
    app = driver.make_app(PORTRAIT, {})
    scene = RulesScene(app, "whist")
    heading, text = scene.parts()[-1]
    assert heading == "Options"
    assert text.startswith("• Game: Points a side needs") and text.endswith("(default: short whist)")
