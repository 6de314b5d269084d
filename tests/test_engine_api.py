"""The engine's public interface for every game of the contract suite (the ``game`` fixture:
``GAMES`` and the test game): total (any value either works or raises the documented
exception) and what each game's class tells the other layers.

The defects of issue 16 ("Engine API") each have a test here: action codes outside the deck,
``observation(-1)``, and 304 scores of any token count.  The fuzz tests try values of every
type against ``check``/``apply``, ``observation``, the constructors and ``deal``; their example
counts are modest here, ``FUZZ_EXAMPLES=N`` runs N each.
"""

from __future__ import annotations

import random

import pytest
from helpers import fast_finish, fuzz, random_position
from hypothesis import given
from hypothesis import strategies as st

from game.engine import GAMES, Hand, Hand28, Hand304, Hand400, HandSchieber, IllegalAction, Match, game_class, register
from game.engine import actions as A
from game.engine.hidden_trump import HiddenTrumpHand

REAL_GAMES = ["304", "28", "400", "schieber"]


# Values of every kind an action could be given as: codes in and out of range, other numbers,
# texts with NULs and control characters, containers, very long and very large things.
ODD_VALUES = st.one_of(
    st.integers(-3, A.TRUMP + 8),
    st.integers(),
    st.sampled_from([15, -1, 10**6, 2**63, -(2**63), 10**100, 10**5000, A.BID + A.MAX_BID + 1, A.TRUMP + 4,
                     A.PASS + 12, A.INDICATOR + 15, 63, 64, 127, 128]),
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["play JS\x00", "\x00", "bid 160\n", "bid -1", "bid 99999", "play ??", "indicator ??",
                     "trump X", "Pass", " pass", "play", "bid", "x" * 5000, "play " + "J" * 100_000]),
    st.binary(max_size=8),
    st.lists(st.integers(), max_size=3), st.tuples(st.integers()), st.dictionaries(st.text(max_size=3),
                                                                                  st.integers(), max_size=2),
    st.just(object()), st.just(IllegalAction), st.just(1 + 2j),
)


# ---- issue 16: check/apply/observation take any value -------------------------------------------

@pytest.mark.parametrize("value", [15, -1, 10**6, None, 1.0, True, "play JS\x00", [1], 10**5000],
                         ids=["15", "-1", "10**6", "None", "1.0", "True", "NUL", "list", "10**5000"])
def test_actions_outside_the_game_are_refused_as_illegal_actions(game, value):
    hand = random_position(game, 1, 0)
    err = hand.check(value)
    assert isinstance(err, IllegalAction) and err.rule == "unknown-action" and len(err.reason) < 300
    with pytest.raises(IllegalAction) as raised:
        hand.apply(value)
    assert raised.value.rule == "unknown-action" and hand.history == []


@pytest.mark.parametrize("seat", [-1, 4, "0", 0.0, None, True, 10**100, [0]])
def test_observation_of_anything_but_a_seat_is_a_value_error(game, seat):
    hand = random_position(game, 2, 5)
    with pytest.raises(ValueError) as raised:
        hand.observation(seat)
    assert not isinstance(raised.value, IllegalAction)
    assert len(str(raised.value)) < 200


@fuzz(60)
@given(seed=st.integers(0, 10**6), stop=st.integers(0, 120), value=ODD_VALUES)
def test_fuzzed_actions_are_applied_or_refused_only_as_illegal_actions(game, seed, stop, value):
    hand = random_position(game, seed, stop)
    before = hand.record()
    err = hand.check(value)
    if err is None:
        hand.apply(value)
        assert len(hand.history) == len(before["actions"]) + 1
        hand.undo()
    else:
        assert isinstance(err, IllegalAction) and err.rule and err.reason
        assert len(err.reason) < 400, "a refusal repeats what it refuses, shortened"
        assert all(c.isprintable() for c in err.reason)
        with pytest.raises(IllegalAction) as raised:
            hand.apply(value)
        assert raised.value.rule == err.rule
    assert hand.record() == before


@fuzz(20)
@given(seed=st.integers(0, 10**6), stop=st.integers(0, 120), value=ODD_VALUES)
def test_fuzzed_seats_give_an_observation_or_a_value_error(game, seed, stop, value):
    hand = random_position(game, seed, stop)
    if type(value) is int and 0 <= value < 4:
        assert hand.observation(value).seat == value
    else:
        with pytest.raises(ValueError):
            hand.observation(value)


def any_of(valid, odd=ODD_VALUES):
    """A valid argument most of the time, else a value of any kind."""
    return st.one_of(st.just(valid), odd)


@fuzz(50)
@given(data=st.data())
def test_fuzzed_constructor_and_deal_arguments_work_or_raise_value_errors(game, data):
    cls = GAMES[game]
    good = cls.deal(7, dealer=1)
    hands = data.draw(st.one_of(st.just(good.dealt), st.just(good.record()["hands"]), ODD_VALUES,
                                st.lists(st.lists(st.one_of(st.integers(-1, 70), st.text(max_size=3)),
                                                  max_size=14), max_size=5)))
    dealer = data.draw(any_of(2))
    options = data.draw(st.one_of(st.none(), st.just({}), ODD_VALUES,
                                  st.dictionaries(st.sampled_from([o.name for o in cls.OPTIONS] + ["x", ""]),
                                                  ODD_VALUES, max_size=3)))
    score = data.draw(st.one_of(st.none(), ODD_VALUES, st.lists(st.integers(-10**40, 10**40), max_size=5)))
    first_hand = data.draw(any_of(False))
    seed = data.draw(any_of(3))
    for make in (lambda: cls(hands, dealer, options, score, first_hand),
                 lambda: cls.deal(seed, options, dealer, score, first_hand)):
        try:
            hand = make()
        except IllegalAction:
            raise AssertionError("an argument is refused with ValueError, not IllegalAction") from None
        except ValueError as err:
            assert 0 < len(str(err)) < 400 and all(c.isprintable() for c in str(err))
        else:
            assert hand.legal_actions() and hand.observation(hand.turn).turn == hand.turn


def test_deal_refuses_bad_seeds_and_dealers_with_value_errors():
    for seed in (None, 1.5, [1], b"1", 10**1000, "s" * 1001, True):
        with pytest.raises(ValueError, match="seed"):
            Hand304.deal(seed)
    for dealer in ("0", 4, -1, None, 1.0):
        with pytest.raises(ValueError, match="dealer"):
            Hand28.deal(1, dealer=dealer)
    assert Hand304.deal(10**999 - 1).dealt == Hand304.deal(10**999 - 1).dealt
    with pytest.raises(ValueError):
        Match("304", seed=[1])
    with pytest.raises(ValueError):
        Match(object())


def test_304_scores_hold_token_counts_in_the_games_range():
    ok = Hand304.deal(1, score=[1, 21])
    assert ok.score_before == [1, 21]
    for score in ([-5, 27], [0, 22], [22, 0], [10**30, 1], [11, 2**64], [21, 22]):
        with pytest.raises(ValueError, match="scores run from 1 to 21"):
            Hand304.deal(1, score=score)
    assert Hand304.deal(1, {"tokens": 30}, score=[59, 1]).score_before == [59, 1]
    with pytest.raises(ValueError):
        Hand304.deal(1, {"tokens": 30}, score=[60, 1])


def test_every_game_refuses_astronomic_scores(game):
    cls = GAMES[game]
    zero = cls.initial_score({o.name: o.default for o in cls.OPTIONS})
    with pytest.raises(ValueError):
        cls.deal(1, score=[10**12] + zero[1:])
    with pytest.raises(ValueError):
        cls.deal(1, score=[-(10**12)] + zero[1:])


def test_a_long_losing_28_side_plays_on():
    """A side far below zero (random matches get there) is a score a hand may start from."""
    assert Hand28.deal(1, score=[-5000, 3]).score_before == [-5000, 3]
    assert Hand400.deal(1, score=[-1200, 1500, -3, 0]).score_before == [-1200, 1500, -3, 0]


# ---- what a game's class tells ---------------------------------------------------------------------

def test_games_are_listed_in_menu_order_with_titles_and_aliases():
    assert list(GAMES) == REAL_GAMES
    assert [bool(cls.FIRST_HAND_RULE) for cls in GAMES.values()] == [False, False, False, True]
    assert [cls.TITLE for cls in GAMES.values()] == ["304", "Twenty-Eight", "400", "Schieber Jass"]
    assert [cls.DECK.family for cls in GAMES.values()] == ["french", "french", "french", "swiss"]
    for name, cls in GAMES.items():
        assert cls.GAME == name and cls.TAGLINE and cls.DECK and cls.SCORE_NAME and cls.FIGURE_NAME
        assert game_class(name) is cls and game_class(f" {name.upper()} ") is cls
        for alias in cls.ALIASES:
            assert game_class(alias) is cls and game_class(alias.title()) is cls
    assert game_class("jass") is HandSchieber and game_class("Twenty-Eight") is Hand28
    for bad in ("chess", "", None, 28, "x" * 10**6, ["28"]):
        with pytest.raises(ValueError) as raised:
            game_class(bad)
        assert len(str(raised.value)) < 200 and "304, 28, 400, schieber" in str(raised.value)


def test_register_adds_a_game_and_refuses_a_clash():
    class Whist(Hand304):
        GAME, TITLE, ALIASES = "test-whist", "Test Whist", ("tw",)

    class Clash(Hand304):
        GAME, TITLE, ALIASES = "test-clash", "Clash", ("jass",)

    try:
        assert register(Whist) is Whist
        assert GAMES["test-whist"] is Whist and game_class("TW") is Whist
        assert Match("tw", seed=1).hand.GAME == "test-whist"
        with pytest.raises(ValueError, match="jass"):
            register(Clash)
        with pytest.raises(ValueError):
            register(int)
    finally:
        GAMES.pop("test-whist", None)
    assert "test-clash" not in GAMES and list(GAMES) == REAL_GAMES


def test_first_hand_rule_comes_from_the_class(game):
    cls = GAMES[game]
    match = Match(game, seed=4)
    assert match.hand.first_hand is bool(cls.FIRST_HAND_RULE)
    obs = match.hand.observation(0)
    assert obs.first_hand is match.hand.first_hand
    if cls is HandSchieber:  # its FIRST_HAND_RULE: the holder of the Rosen 7 leads
        assert cls.DECK.parse("7R") in match.hand.dealt[obs.forehand]
    if cls.FIRST_HAND_RULE:
        assert match.hand.record()["first_hand"] is True
    else:
        assert obs.forehand == (obs.dealer + 1) % 4 and "first_hand" not in match.hand.record()


@fuzz(30)
@given(seed=st.integers(0, 10**6))
def test_score_change_is_the_results_score_minus_the_score_before(game, seed):
    hand = random_position(game, seed, finish=True)
    res = hand.result()
    change = hand.score_change()
    assert change == [a - b for a, b in zip(res["score"], hand.score_before)]
    sides = hand.side_score_change()
    if hand.SCORE_PER_PLAYER:
        assert sides == [change[0] + change[2], change[1] + change[3]]
    else:
        assert sides == change
    figures = hand.figures()
    assert len(figures) == 2 and all(isinstance(f, (int, float)) for f in figures)
    made = [hand.contract_made(s) for s in range(4)]
    assert all(m in (True, False, None) for m in made)
    if res["thrown_in"]:
        assert change == [0] * len(change) and made == [None] * 4
        return
    # what each game's figures and contracts are (the test game promises no more than the above)
    if isinstance(hand, HiddenTrumpHand):  # 304, 28: card points; the bidder's contract
        assert figures == res["points"] and sum(figures) == hand.points_per_hand(hand.options)
        bidder = hand.observation(0).public["bidder"]
        assert made == [res["made"] if s == bidder else None for s in range(4)]
    elif isinstance(hand, Hand400):  # score points; every player's bid
        assert figures == sides and made == res["made"]
    elif isinstance(hand, HandSchieber):  # points before the multiplier; the chooser's side
        assert [f * res["multiplier"] for f in figures] == res["points"]
        if not res["match_over"]:
            cards = [res["points"][s] - res["weis_points"][s] - res["stoeck_points"][s] for s in (0, 1)]
            # the Match bonus goes with every trick, not with every point: a side may take a
            # trick worth nothing (four plain 6-9s), and then there is no Match
            sides_won = {t["winner"] & 1 for t in res["tricks"]}
            bonus = 100 * res["multiplier"] * (len(sides_won) == 1)
            assert sum(cards) - bonus == hand.points_per_hand(hand.options) * res["multiplier"]
        side = res["chooser"] & 1
        assert made == [res["points"][side] > res["points"][1 - side] if s == res["chooser"] else None
                        for s in range(4)]


def test_score_change_and_figures_wait_for_the_end_of_the_hand(game):
    hand = GAMES[game].deal(5)
    for ask in (hand.score_change, hand.side_score_change, hand.figures, lambda: hand.contract_made(0)):
        with pytest.raises(ValueError, match="not over"):
            ask()
    fast_finish(hand, random.Random(5))
    assert len(hand.side_score_change()) == 2
    for seat in (-1, 4, "0", None):
        with pytest.raises(ValueError):
            hand.contract_made(seat)


def test_304_side_that_cannot_pay_gives_what_it_has():
    # seat 0's side bids 250 and takes nothing: it owes 3 + 1 tokens but has only 2
    from helpers import ALL_TO_DEFENDERS, finish
    hand = Hand304(ALL_TO_DEFENDERS, 3, None, [2, 20])
    for text in ("keep", "bid 250", "pass", "pass", "pass", "indicator 7S"):
        hand.apply(text)
    finish(hand)
    assert hand.score_change() == [-2, 2]
    assert hand.result()["match_over"] is True


def test_28_score_change_counts_honours_doubles_and_tiers():
    from helpers import ONE_SUIT_EACH, finish
    opts = {"honours": True, "double": True, "tiered_points": True}
    hand = Hand28(ONE_SUIT_EACH, 3, opts)
    for text in ("bid 25", "pass", "pass", "pass", "indicator JS", "double", "redouble"):
        hand.apply(text)
    finish(hand)  # seat 0's side takes every trick, all four jacks with them
    assert hand.score_change() == [3 * 4 + 1, 0]
    assert hand.score_change() == [a - b for a, b in zip(hand.result()["score"], hand.score_before)]


def test_points_per_hand_follows_the_options():
    assert Hand28.points_per_hand({"twenty_nine": True}) == 29
    assert Hand28.points_per_hand({"twenty_nine": False}) == 28
    assert Hand304.points_per_hand({}) == 304 and HandSchieber.points_per_hand({}) == 157
    assert GAMES["400"].points_per_hand({}) == 13


def test_check_score_names_the_range():
    with pytest.raises(ValueError, match="from 0 to 2499"):
        HandSchieber.check_score([2500, 0], {"table_2500": True})
    assert HandSchieber.check_score((0, 2999), {"table_2500": False}) == [0, 2999]
    assert isinstance(Hand.check_score, type(Hand304.check_score))
