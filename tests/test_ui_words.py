"""Issue 50: words and a score a newcomer follows.  The score by side with the game's target;
each hand result starts by saying who won the hand and by how much; a demo never addresses the
spectator as the player; German never says "Sie" for the opponents (it reads as the polite "you")."""

import random
import re

import pytest

from game.engine import game400
from game.i18n import catalog
from game.ui.games import game_ui
from game.ui.session import Session

GAMES = ("304", "28", "400", "schieber")
WINNER = re.compile(r"^(Your side won the hand|The opponents won the hand|A level hand"
                    r"|North–South won the hand|East–West won the hand)")
THROWN_IN = ("Everyone passed", "Redeal", "The bids were too low")


def hands(game, seeds, observe=None):
    """(obs, result) of finished hands of ``game`` played at random; ``observe(obs)`` sees every
    position on the way (seat 0's view)."""
    for seed in seeds:
        hand = Session(game, {}, seed, "easy", (0,)).hand
        rng = random.Random(seed)
        while not hand.is_over():
            if observe:
                observe(hand.observation(0))
            hand.apply(rng.choice(hand.legal_actions()))
        yield hand.observation(0), hand.result()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("demo", [False, True], ids=["player", "demo"])
def test_every_hand_result_starts_with_who_won_the_hand_and_by_how_much(game, demo):
    ui = game_ui(game, demo)
    played = 0
    for obs, res in hands(game, range(25)):
        headline = ui.result_headline(obs, res)
        if res["thrown_in"]:
            assert headline.startswith(THROWN_IN), headline
            continue
        played += 1
        assert WINNER.match(headline), headline
        if demo:
            assert not re.search(r"\byou(r)?\b", headline, re.IGNORECASE), headline
    assert played


def test_a_bid_games_result_gives_the_bids_margin():
    ui = game_ui("28")
    for obs, res in hands("28", range(20)):
        if res["thrown_in"]:
            continue
        bid, pts = obs.public["bid"], res["points"][obs.public["bidder"] & 1]
        margin = ("bid made exactly" if pts == bid else f"bid made with {pts - bid} to spare" if res["made"]
                  else f"bid missed by {bid - pts}")
        us = (obs.public["bidder"] & 1 == 0) == bool(res["made"])
        assert ui.result_headline(obs, res).startswith(
            f"{'Your side' if us else 'The opponents'} won the hand ({margin}): "), (ui.result_headline(obs, res))


def test_400_score_is_by_side_with_each_partners_count_and_the_target():
    ui = game_ui("400")
    obs, res = next(hands("400", range(5)))
    score = [14, 20, -3, 11]
    assert ui.score_line(score, obs) == "Us 11 · Them 31 / 41"
    assert ui.score_line(score) == "Us 11 · Them 31"  # no target known (a saved match's row)
    assert ui.score_partners(score) == ("14 · -3", "20 · 11")  # beneath each side's total: you, then your partner
    assert game_ui("28").score_partners([2, 3]) is None


def test_400_result_says_what_each_bid_is_worth():
    ui = game_ui("400")
    for obs, res in hands("400", range(12)):
        if res["thrown_in"]:
            continue
        assert ui.result_header() == ["Player", "Bid (worth)", "Tricks", "Change"]
        for s, (seat, said, tricks, change) in enumerate(ui.result_rows(obs, res)):
            bid = obs.public["bids"][s]
            if bid == 13:
                continue
            worth = game400.bid_value(bid, obs.score[s], obs.options)
            assert said == f"{bid} ({worth})" and tricks == res["points"][s]
            assert int(change) == (worth if res["made"][s] else -worth)
        return
    pytest.fail("no hand played out")


def test_28_and_schieber_show_their_targets():
    obs28, _res = next(hands("28", range(1)))
    assert game_ui("28").score_line([2, 3], obs28) == "Game points Us 2 · Them 3 / 6"
    obs, _res = next(hands("schieber", range(1)))
    assert game_ui("schieber").score_line([1200, 900], obs) == "Us 1200 · Them 900 / 3000"


def test_304_explains_its_hidden_points():
    ui, lines = game_ui("304"), []
    for _obs, _res in hands("304", range(8), observe=lambda o: lines.append(ui.points_line(o))):
        pass
    hidden = [line for line in lines if "+?" in line]
    assert hidden and all(line.endswith("+? = face-down cards, counted at the end") for line in hidden)


def test_a_demo_never_tells_the_spectator_only_you_know():
    for game in ("304", "28"):
        ui, lines = game_ui(game, demo=True), []
        for _obs, _res in hands(game, range(12), observe=lambda o, lines=lines, ui=ui: lines.append(ui.contract_line(o))):
            pass
        assert any("(only South knows)" in line for line in lines), game
        assert not any(re.search(r"\byou(r)?\b", line, re.IGNORECASE) for line in lines)


def test_german_never_calls_the_opponents_sie():
    """A capital "Sie" reads first as the polite "you": the opponents are "die Gegner"."""
    german = catalog.messages(catalog.catalog_path("de"))
    assert german["Them"] == "Gegner"
    they = [(en, de) for en, de in german.items()
            if re.match(r"(?i)(they|the opponents)\b", en) or re.search(r"\b(they|them)\b", en)]
    assert they
    bad = [(en, de) for en, de in they if re.search(r"(^|[.:;—–] )Sie\b", de)]
    assert not bad, bad
