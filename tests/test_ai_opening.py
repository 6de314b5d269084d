"""The opening table of 304 and 28 (game/ai/opening.py) and the bidder that reads it."""

from __future__ import annotations

import random
import sys
from itertools import combinations, permutations
from pathlib import Path

import pytest

from game.ai import opening
from game.ai.opening import (
    all_keys,
    best_trump,
    canonical,
    key_cards,
    key_slots,
    lookup,
    table,
)
from game.ai.rules import rules_for
from game.ai.family import family_of
from game.ai.rules_hidden_trump import quantile
from helpers import around
from game.engine import GAMES
from game.engine import actions as A

ROOT = Path(__file__).resolve().parents[1]
DECK = [s << 4 | r for s in range(4) for r in range(5, 13)]
TOP = {"28": 28, "304": 304}


def cards(text: str) -> int:
    return sum(1 << GAMES["28"].DECK.parse(t) for t in text.split())


def rename_suits(hand: int, perm) -> int:
    """The hand with suit s renamed perm[s]."""
    return sum(1 << (perm[c >> 4] << 4 | c & 15) for c in DECK if hand >> c & 1)


def test_canonical_form_ignores_suit_names_and_card_order():
    rng = random.Random(4)
    for _ in range(300):
        picked = rng.sample(DECK, 4)
        hand = sum(1 << c for c in picked)
        assert canonical(sum(1 << c for c in reversed(picked))) == canonical(hand)
        key, slots = canonical(hand)
        for perm in permutations(range(4)):
            other_key, other_slots = canonical(rename_suits(hand, perm))
            assert other_key == key
            assert [other_slots[perm[s]] for s in range(4)] == slots  # a suit keeps its slot


def test_different_hands_under_suit_symmetry_get_different_classes():
    assert canonical(cards("JS 9S AS TS"))[0] != canonical(cards("JS 9S AS TH"))[0]
    assert canonical(cards("JS 9H 7D 8C"))[0] != canonical(cards("JS 9H 7D 7C"))[0]
    assert canonical(cards("JS 9H"))[0] == canonical(cards("JD 9C"))[0]


def test_the_enumeration_finds_2262_classes_and_the_table_rates_each_of_them():
    keys = all_keys()
    assert len(keys) == len(set(keys)) == 2262
    for game in ("28", "304"):
        rows = table(game)
        assert set(rows) == set(keys)
        for key in keys:
            assert set(rows[key]) == set(key_slots(key))
            assert canonical(key_cards(key))[0] == key


def test_every_opening_hand_finds_its_figures_for_every_suit_it_holds():
    rows = table("28")
    for combo in combinations(DECK, 4):
        key, slots = canonical(sum(1 << c for c in combo))
        row = rows[key]
        for c in combo:
            assert slots[c >> 4] in row


@pytest.mark.parametrize("game", ["28", "304"])
def test_table_figures_are_sane(game):
    for row in table(game).values():
        for s in row.values():
            assert 0 <= s.q10 <= s.q25 <= s.q50 <= TOP[game]
            assert 0 < s.mean < TOP[game]
    spades = 0
    top = lookup(game, cards("JS 9S AS TS"), spades)
    low = lookup(game, cards("7S 8S QS KS"), spades)
    assert top.mean > low.mean + TOP[game] / 10 and top.q25 > low.q25
    # the trump jack and nine are worth more than two low trumps
    assert lookup(game, cards("JS 9S 7H 8D"), spades).mean > lookup(game, cards("7S 8S 7H 8D"), spades).mean
    # more trumps rate higher: a fourth trump beats a side card
    assert lookup(game, cards("JS 7S 8S QS"), spades).mean > lookup(game, cards("JS 7S 8S QH"), spades).mean
    # and a side-suit jack is better than a side-suit seven
    assert lookup(game, cards("JS 7S 8S JH"), spades).mean > lookup(game, cards("JS 7S 8S 7H"), spades).mean


@pytest.mark.parametrize("game", ["28", "304"])
def test_on_average_a_longer_trump_suit_rates_higher(game):
    by_length = {n: [] for n in range(1, 5)}
    for key, row in table(game).items():
        masks = opening.key_masks(key)
        for slot, s in row.items():
            by_length[masks[slot].bit_count()].append(s.mean)
    means = [sum(v) / len(v) for n, v in sorted(by_length.items())]
    assert means == sorted(means)


def test_best_trump_is_the_suit_with_the_highest_mean():
    hand = cards("JH 9H 7S 8S")
    suit, stats = best_trump("28", hand)
    assert suit == 1 and stats == lookup("28", hand, 1)
    assert stats.mean >= lookup("28", hand, 0).mean
    with pytest.raises(ValueError):
        best_trump("28", 0)


def test_the_table_is_read_once_and_small():
    assert table("28") is table("28")
    assert opening.DATA_FILE.startswith(str(Path(opening.__file__).parent))
    assert Path(opening.DATA_FILE).stat().st_size < 300_000


def test_the_web_build_ships_the_table():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import web_build
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert "game/ai/data/opening.json" in web_build.archive_files(ROOT)


def test_quantile_reads_between_the_stored_points():
    s = opening.Stats(20.0, 10.0, 16.0, 20.0)
    assert quantile(s, 0.05) == 10.0 and quantile(s, 0.25) == 16.0 and quantile(s, 0.5) == 20.0
    assert quantile(s, 0.9) == 24.0  # mirrored: 50 % + (50 % - 25 %)
    assert quantile(s, 0.175) == pytest.approx(13.0) and quantile(s, 0.375) == pytest.approx(18.0)


def auctions(game: str, n: int, seed: int):
    """Hands from the auction on, with random match scores, each auction decision of the rules."""
    cls, rules = GAMES[game], rules_for(game)
    rng = random.Random(seed)
    for i in range(n):
        score = [rng.randint(0, 5), rng.randint(0, 5)] if game == "28" else [t := rng.randint(1, 21), 22 - t]
        hand = cls.deal(f"auction/{seed}/{i}", dealer=i % 4, score=score)
        while hand.phase in ("auction", "redeal"):
            seat = hand.turn
            action = rules.act(hand, rng)
            yield hand, seat, action
            hand.apply(action)
        if hand.phase == "indicator":
            yield hand, hand.turn, rules.act(hand, rng)


@pytest.mark.parametrize("game", ["28", "304"])
def test_the_bidder_never_bids_above_what_its_table_figures_allow(game):
    rules = rules_for(game)
    bids = 0
    for hand, seat, action in auctions(game, 400, 1):
        if not A.is_bid(action):
            continue
        bids += 1
        packet = hand.hand[seat]
        _, stats = best_trump(game, packet)
        # the boldest case (partner called and match danger) stays at the median
        assert action - A.BID <= max(quantile(stats, family_of(GAMES[game]).risk + 0.3), hand.BID_LADDER[0])
        assert action - A.BID <= rules.max_bid(hand, seat)
    assert bids > 50


@pytest.mark.parametrize("game", ["28", "304"])
def test_the_trumper_lays_the_lowest_card_of_the_suit_the_table_rates_best(game):
    laid = 0
    for hand, seat, action in auctions(game, 200, 2):
        if hand.phase != "indicator":
            continue
        laid += 1
        card = action - A.INDICATOR
        suit, _ = best_trump(game, hand.hand[seat])
        assert card >> 4 == suit
    assert laid > 50


def test_risk_takers_bid_higher():
    rules = rules_for("28")
    strong = cards("JS 9S AS 7H")
    assert rules.limit(strong, 0.10) <= rules.limit(strong) <= rules.limit(strong, 0.75)
    assert rules.limit(strong, 0.10) < rules.limit(strong, 0.75)
    assert rules.limit(strong) > rules.limit(cards("7S 8H QD KC"))


def test_the_search_values_a_hand_by_card_points_and_match_score_alike_for_both_sides():
    from game.ai.outcome import figures, score_gain, utility
    rules, seen = rules_for("28"), set()
    for i in range(200):
        hand = GAMES["28"].deal(f"fail/{i}", dealer=i % 4)
        while hand.turn >= 0:
            hand.apply(rules.act(hand, None))
        if hand.thrown_in:
            continue
        bidders = hand.bidder & 1
        made = hand.taken[bidders] >= hand.bid
        f, g = figures(hand), score_gain(hand)
        assert (g[bidders] > 0) == made and g[1 - bidders] == 0  # only the bidders score
        for side in (0, 1):
            plain = f[side] - f[1 - side] + family_of(GAMES["28"]).score_weight * (g[side] - g[1 - side])
            assert utility(hand, side) == pytest.approx(plain)
        assert utility(hand, 0) == pytest.approx(-utility(hand, 1))  # zero-sum
        seen.add(made)
    assert seen == {True, False}


@pytest.mark.parametrize("first, said", [("pass", "bid 160"), ("bid 160", "pass partner")])
def test_a_304_seat_bids_over_the_other_side_only_on_a_lower_quantile(first, said):
    """J 9 of spades and two aces open at 160 (the table's 0.3 point is about 178) but do not
    outbid the other side's 160 (its 0.15 point is about 153): they pass and call Partner!"""
    rules = rules_for("304")
    hand = GAMES["304"](around(2, "JS 9S AC AH 7D 8D 7C 8C"), 0, {})  # forehand: seat 1
    assert hand.phase == "auction"
    packet = hand.hand[2]
    assert rules.limit(packet, 0.15) < 170 < rules.limit(packet)
    hand.apply(hand.parse_action(first))
    assert hand.turn == 2
    assert hand.action_text(rules.act(hand)) == said


def test_the_auction_likelihood_reads_a_bid_over_the_other_side_as_stronger(monkeypatch):
    """Seat 3 outbids seat 2's 160 with cards the table puts at about 149 (0.3 point): a world
    that gives it those cards fits worse than if it had opened, since over the other side the
    rules bid only to the 0.15 point."""
    rules = rules_for("304")
    hand = GAMES["304"](around(3, "TH 7H AD JC 7D 8D 7S 8S"), 0, {})
    for text in ("pass", "bid 160", "bid 170"):
        hand.apply(hand.parse_action(text))
    obs = hand.observation(0)
    fit = rules.likelihood(hand, obs)
    profile = family_of(GAMES["304"])
    monkeypatch.setattr(profile, "compete_risk", profile.risk)
    assert fit < 0.5 * rules.likelihood(hand, obs)
