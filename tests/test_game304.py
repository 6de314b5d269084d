"""304: one test per rule of docs/rules.md ('304' and 'Seats').

Concrete deals (tests/conftest.py) make every assert exact.  With dealer 3 seat 0 is forehand;
with dealer 0 seat 1 is.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from helpers import (
    ALL_TO_DEFENDERS,
    EXACT,
    EXACT_SCRIPT,
    EXACT_WINNERS,
    LAST_CARD,
    ONE_SUIT_EACH,
    PLAY,
    POINTS_304,
    act,
    card_points,
    finish,
    fuzz,
    new304,
    plays,
    quiet_choice,
    random_position,
    refusal,
    seats,
    seen_hand,
    seen_trick,
    seen_tricks,
    sides_points,
    suit,
)

from game.engine import Hand304, IllegalAction, Match

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def contract(deal=ONE_SUIT_EACH, bid=160, indicator="JS", options=None, score=None) -> Hand304:
    """Dealer 3: seat 0 (forehand) keeps its cards if asked, bids, the others pass, seat 0 lays."""
    h = new304(deal, 3, options, score)
    if "keep" in h.legal_texts():
        h.apply("keep")
    return act(h, f"bid {bid}", "pass", "pass", "pass", f"indicator {indicator}")


def seat0_wins_auction_from_seat1(deal=PLAY, indicator="8S", options=None) -> Hand304:
    """Dealer 0: forehand seat 1 and seats 2, 3 pass, seat 0 bids 160 and lays ``indicator``."""
    return act(new304(deal, 0, options), "pass", "pass", "pass", "bid 160", f"indicator {indicator}")


def spades_led_seven_times(h: Hand304) -> Hand304:
    """LAST_CARD after the auction: seat 1 leads its seven spades, the others play quietly."""
    for lead in ["JS", "9S", "AS", "TS", "KS", "QS", "8S"]:
        assert h.turn == 1
        h.apply("play " + lead)
        for _ in range(3):
            h.apply(quiet_choice(h.legal_texts()))
    return h


def revealed(h, seat=1) -> bool:
    return h.observation(seat).public["revealed"]


def trump_seen_by(h, seat):
    return h.observation(seat).public["trump"]


# ---- seat model -------------------------------------------------------------------------------

def test_forehand_is_the_seat_after_the_dealer():
    for dealer in range(4):
        h = new304(ONE_SUIT_EACH, dealer, {"redeal_under_15": False})
        assert h.turn == (dealer + 1) % 4
        assert h.observation((dealer + 1) % 4).legal
        assert all(not h.observation(s).legal for s in range(4) if s != (dealer + 1) % 4)


def test_play_goes_counter_clockwise_to_seat_plus_one():
    h = seat0_wins_auction_from_seat1()
    order = []
    for card in ["AH", "KH", "7D", "7S"]:
        order.append(h.turn)
        h.apply("play " + card)
    assert order == [1, 2, 3, 0]


def test_dealer_moves_to_the_next_seat_after_every_hand():
    m = Match("304", {"redeal_under_15": False}, seed=7)
    rng = random.Random(7)
    for _ in range(6):
        dealer = m.dealer
        while not m.hand.is_over():
            m.hand.apply(rng.choice(m.hand.legal_texts()))
        m.next_hand()
        if m.over:
            break
        assert m.dealer == (dealer + 1) % 4
        assert m.hand.record()["dealer"] == m.dealer


def test_first_dealer_comes_from_the_match_seed():
    dealers = {Match("304", {}, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match("304", {}, seed=11).dealer == Match("304", {}, seed=11).dealer


def test_a_deal_is_named_by_game_options_and_seed():
    a = Hand304.deal(123, {"caps": True}, 2).record()["hands"]
    assert a == Hand304.deal(123, {"caps": True}, 2).record()["hands"]
    assert a != Hand304.deal(124, {"caps": True}, 2).record()["hands"]


# ---- deck, rank and points ----------------------------------------------------------------------

def test_deck_has_32_cards_7_to_ace():
    hands = Hand304.deal(5).record()["hands"]
    cards = [c for h in hands for c in h]
    assert len(cards) == 32 and len(set(cards)) == 32
    assert {c[0] for c in cards} == set("789TJQKA") and {c[1] for c in cards} == set("SHDC")


def test_rank_j_9_a_10_k_q_8_7_in_every_suit():
    h = contract(EXACT, 160, "8C")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert [t["winner"] for t in res["tricks"]] == EXACT_WINNERS
    # J>9>A>10 (spades), J>9>8>7 (hearts), K>Q>8>7 (spades), 9>A>K>8 (diamonds),
    # A>10>K>Q (hearts), J>A>10>9 (clubs), J>10>Q>7 (diamonds), K>Q>8>7 (clubs)
    assert [t["cards"] for t in res["tricks"]] == [t.split() for t in EXACT_SCRIPT]


def test_card_points_30_20_11_10_3_2_0_0_total_304():
    h = contract(EXACT, 160, "8C")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert res["points"] == [160, 144]
    assert res["points"] == sides_points(res, POINTS_304)
    # side 0 took JS 9S AS TS, JH 9H 8H 7H, QS 8S KS 7S and 9D 8D AD KD
    assert res["points"][0] == (30 + 20 + 11 + 10) + (30 + 20 + 0 + 0) + (2 + 0 + 3 + 0) + (20 + 0 + 11 + 3)
    assert card_points([c for t in EXACT_SCRIPT for c in t.split()], POINTS_304) == 304


# ---- dealing ------------------------------------------------------------------------------------

def test_four_cards_each_for_the_auction_then_indicator_then_four_more():
    h = new304(PLAY, 3)
    assert [len(h.observation(s).hand) for s in range(4)] == [4, 4, 4, 4]
    assert seen_hand(h, 0) == sorted(["JS", "9S", "7S", "8S"])
    act(h, "bid 160", "pass", "pass", "pass")
    assert [len(h.observation(s).hand) for s in range(4)] == [4, 4, 4, 4]  # still on four cards
    h.apply("indicator 8S")
    assert [len(h.observation(s).hand) for s in range(4)] == [7, 8, 8, 8]  # 8S lies face down
    assert h.observation(0).hand_sizes == (8, 8, 8, 8)
    assert seen_hand(h, 2) == sorted(PLAY[2])


# ---- redeal under 15 --------------------------------------------------------------------------

# Forehand's (seat 0's) first packet worth 14 (A K 8 7) and worth 15 (10 K Q 8).
FIRST_PACKET_14 = seats("AS KS 8S 7S JS 9S TS QS", suit("H"), suit("D"), suit("C"))
FIRST_PACKET_15 = seats("TS KS QS 8S JS 9S AS 7S", suit("H"), suit("D"), suit("C"))


def test_forehand_may_demand_redeal_under_15_points():
    h = new304(FIRST_PACKET_14, 3)
    assert h.turn == 0
    assert h.legal_texts() == ["keep", "redeal"]
    h.apply("redeal")
    res = h.result()
    assert h.is_over()
    assert res == {"thrown_in": True, "tricks": [], "points": [0, 0], "made": None,
                   "score": [11, 11], "match_over": False, "winner": None}
    assert h.same_dealer_again()


def test_no_redeal_offer_at_15_points_or_more():
    h = new304(FIRST_PACKET_15, 3)
    assert "redeal" not in h.legal_texts() and "bid 160" in h.legal_texts()
    assert refusal(h, "redeal").rule == "redeal"


def test_redeal_is_a_choice_keep_goes_on_to_the_auction():
    h = new304(FIRST_PACKET_14, 3)
    h.apply("keep")
    assert h.turn == 0 and "bid 160" in h.legal_texts() and "pass" in h.legal_texts()
    assert not h.same_dealer_again()


def test_redeal_counts_only_the_first_four_cards():
    # seat 0's eight cards are worth 76, its first four only 14
    assert card_points(FIRST_PACKET_14[0], POINTS_304) == 76
    assert new304(FIRST_PACKET_14, 3).legal_texts() == ["keep", "redeal"]


def test_redeal_keeps_the_same_dealer_in_a_match():
    for seed in range(200):
        m = Match("304", {}, seed)
        if m.hand.legal_texts() == ["keep", "redeal"]:
            break
    else:
        pytest.fail("no seed with a redeal offer")
    dealer, first = m.dealer, m.hand.record()["hands"]
    m.hand.apply("redeal")
    m.next_hand()
    assert m.dealer == dealer
    assert m.hand.record()["dealer"] == dealer
    assert m.hand.record()["hands"] != first  # dealt again
    assert m.score == [11, 11]


def test_redeal_option_off_offers_no_redeal():
    h = new304(FIRST_PACKET_14, 3, {"redeal_under_15": False})
    assert "redeal" not in h.legal_texts() and "bid 160" in h.legal_texts()


# ---- auction ------------------------------------------------------------------------------------

def test_forehand_speaks_first_in_the_auction():
    h = new304(ONE_SUIT_EACH, 1)
    assert h.turn == 2
    h.apply("pass")
    assert h.turn == 3


def test_bids_are_multiples_of_10_from_160_to_300():
    h = new304(ONE_SUIT_EACH, 3)
    assert [t for t in h.legal_texts() if t.startswith("bid")] == [f"bid {n}" for n in range(160, 301, 10)]
    for text in ("bid 150", "bid 165", "bid 310", "bid 205"):
        assert refusal(h, text).rule == "bid-ladder"


def test_each_bid_beats_the_last():
    h = act(new304(ONE_SUIT_EACH, 3), "bid 200")
    bids = [t for t in h.legal_texts() if t.startswith("bid")]
    assert bids[0] == "bid 210" and len(bids) == 10
    err = refusal(h, "bid 200")
    assert err.rule == "bid-higher"
    assert refusal(h, "bid 190").rule == "bid-higher"


def test_pass_is_final():
    h = act(new304(ONE_SUIT_EACH, 3), "pass", "bid 160", "bid 170", "bid 180")
    assert h.turn == 1  # seat 0 passed: it is skipped
    act(h, "bid 190", "bid 200", "bid 210")
    assert h.turn == 1
    assert "pass" in h.observation(0).log[0][1] and not h.observation(0).legal


def test_partner_call_only_while_partner_has_not_passed():
    h = act(new304(ONE_SUIT_EACH, 3), "bid 160")
    assert "pass partner" in h.legal_texts()  # seat 1's partner seat 3 has not passed
    act(h, "pass partner", "pass", "bid 170")
    assert h.turn == 0
    assert "pass partner" not in h.legal_texts()  # seat 0's partner seat 2 has passed
    err = refusal(h, "pass partner")
    assert err.rule == "partner-call"


def test_partner_call_changes_no_rule():
    a = act(new304(ONE_SUIT_EACH, 3), "bid 160", "pass partner")
    b = act(new304(ONE_SUIT_EACH, 3), "bid 160", "pass")
    assert a.legal_texts() == b.legal_texts()
    assert a.turn == b.turn == 2
    act(a, "pass", "bid 170", "pass")
    act(b, "pass", "bid 170", "pass")
    assert a.legal_texts() == b.legal_texts() and a.turn == b.turn == 3
    assert "pass partner" not in a.legal_texts()  # seat 1 passed: its partner seat 3 may not call
    # the call is announced to everyone
    for s in range(4):
        assert a.observation(s).public["partner_calls"] == [1]
        assert (1, "pass partner") in a.observation(s).log


def test_auction_ends_when_all_but_highest_passed():
    h = act(new304(ONE_SUIT_EACH, 3), "bid 160", "bid 170", "pass", "pass")
    assert h.turn == 0 and "bid 180" in h.legal_texts()  # seat 0 is still in
    h.apply("pass")
    assert h.turn == 1
    assert h.legal_texts() == ["indicator 9H", "indicator AH", "indicator JH", "indicator TH"]
    assert h.observation(0).public["bid"] == 170 and h.observation(0).public["bidder"] == 1


def test_auction_ends_at_once_when_the_others_passed_earlier():
    h = act(new304(ONE_SUIT_EACH, 3), "pass", "pass", "pass", "bid 160")
    assert h.turn == 3
    assert all(t.startswith("indicator ") for t in h.legal_texts())
    assert h.observation(0).public["bid"] == 160 and h.observation(0).public["bidder"] == 3


def test_top_bid_others_must_still_pass():
    h = act(new304(ONE_SUIT_EACH, 3), "bid 300")
    assert h.legal_texts() == ["pass", "pass partner"]
    h.apply("pass")
    assert h.turn == 2 and h.legal_texts() == ["pass", "pass partner"]
    h.apply("pass")
    assert h.turn == 3 and h.legal_texts() == ["pass"]
    h.apply("pass")
    assert h.turn == 0 and h.legal_texts()[0].startswith("indicator ")


def test_four_passes_throw_in():
    h = act(new304(ONE_SUIT_EACH, 3), "pass", "pass", "pass", "pass")
    assert h.is_over() and h.legal_texts() == []
    assert h.result() == {"thrown_in": True, "tricks": [], "points": [0, 0], "made": None,
                          "score": [11, 11], "match_over": False, "winner": None}
    assert not h.same_dealer_again()


def test_four_passes_next_dealer_deals():
    m = Match("304", {"redeal_under_15": False}, seed=3)
    dealer = m.dealer
    act(m.hand, "pass", "pass", "pass", "pass")
    m.next_hand()
    assert m.dealer == (dealer + 1) % 4 and m.score == [11, 11]


# ---- the indicator ------------------------------------------------------------------------------

def test_trumper_lays_one_of_their_first_four_cards_as_indicator():
    h = act(new304(ONE_SUIT_EACH, 3), "bid 160", "pass", "pass", "pass")
    assert h.turn == 0
    assert h.legal_texts() == ["indicator 9S", "indicator AS", "indicator JS", "indicator TS"]
    assert refusal(h, "indicator KS").rule == "indicator-from-hand"  # second packet, not yet dealt
    assert refusal(h, "indicator JH").rule == "indicator-from-hand"


def test_indicator_suit_is_trump_known_only_to_trumper():
    h = contract(PLAY, 160, "8S")
    assert trump_seen_by(h, 0) == SPADES
    assert h.observation(0).public["indicator"] is not None
    for s in (1, 2, 3):
        assert trump_seen_by(h, s) is None and h.observation(s).public["indicator"] is None
        assert (0, "indicator ??") in h.observation(s).log
    assert (0, "indicator 8S") in h.observation(0).log


def test_indicator_stays_out_of_hand_until_reveal_then_returns():
    h = contract(PLAY, 160, "8S")
    assert "8S" not in seen_hand(h, 0)
    assert refusal(h, "play 8S").rule == "indicator-hidden"
    h.apply("reveal")
    assert "8S" in seen_hand(h, 0) and "play 8S" in h.legal_texts()


def test_indicator_does_not_count_for_following_before_reveal():
    h = act(new304(LAST_CARD, 0), "pass", "pass", "pass", "bid 160", "indicator 7S")
    plays(h, "JS 7D 7C")
    assert h.turn == 0
    # seat 0 holds 7S only as the face-down indicator: it cannot follow and may play any card
    assert h.legal_texts() == sorted(["play " + c for c in LAST_CARD[0][1:]] + ["reveal"])
    err = refusal(h, "play 7S")
    assert err.rule == "indicator-hidden"


def test_voluntary_reveal_returns_indicator_for_following():
    h = act(new304(LAST_CARD, 0), "pass", "pass", "pass", "bid 160", "indicator 7S")
    plays(h, "JS 7D 7C")
    h.apply("reveal")
    assert h.turn == 0  # the reveal is a separate action before the card
    assert h.legal_texts() == ["play 7S"]  # the indicator is back and must follow spades
    assert all(trump_seen_by(h, s) == SPADES for s in range(4))


def test_indicator_as_last_card_reveals_and_counts_as_trump():
    h = act(new304(LAST_CARD, 0), "pass", "pass", "pass", "bid 160", "indicator 7S")
    spades_led_seven_times(h)
    assert not revealed(h)
    plays(h, "JH")
    h.apply(quiet_choice(h.legal_texts()))
    h.apply(quiet_choice(h.legal_texts()))
    assert h.turn == 0 and h.legal_texts() == ["play 7S", "reveal"]
    h.apply("play 7S")
    res = h.result()
    last = res["tricks"][-1]
    assert last["leader"] == 1 and last["cards"][0] == "JH" and last["cards"][3] == "7S"
    assert last["winner"] == 0  # the lowest spade beats the jack of hearts: it is a trump
    assert all(h.observation(s).public["revealed"] for s in range(4))
    assert [t["winner"] for t in res["tricks"][:7]] == [1] * 7


def test_indicator_as_last_card_may_reveal_first():
    h = act(new304(LAST_CARD, 0), "pass", "pass", "pass", "bid 160", "indicator 7S")
    spades_led_seven_times(h)
    plays(h, "JH")
    h.apply(quiet_choice(h.legal_texts()))
    h.apply(quiet_choice(h.legal_texts()))
    h.apply("reveal")
    assert h.legal_texts() == ["play 7S"]
    h.apply("play 7S")
    assert h.result()["tricks"][-1]["winner"] == 0


# ---- play ----------------------------------------------------------------------------------------

def test_forehand_leads_the_first_trick():
    h = seat0_wins_auction_from_seat1()
    assert h.turn == 1  # forehand, not the trumper
    h = contract(PLAY, 160, "8S")
    assert h.turn == 0


def test_must_follow_suit():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH")
    assert h.legal_texts() == ["play 9H", "play JH", "play KH", "play QH"]
    err = refusal(h, "play JC")
    assert err.rule == "follow-suit"


def test_card_not_held_is_refused():
    h = seat0_wins_auction_from_seat1()
    err = refusal(h, "play JS")  # seat 0's card, seat 1 to play
    assert err.rule == "card-not-held"


def test_cannot_follow_plays_face_down_unseen():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH 7D")
    assert seen_trick(h, 3) == [(1, "AH"), (2, "KH"), (3, "7D")]
    for s in (0, 1, 2):
        assert seen_trick(h, s) == [(1, "AH"), (2, "KH"), (3, None)]
        assert h.observation(s).log[-1] == (3, "play ??")
    assert h.observation(3).log[-1] == (3, "play 7D")


def test_face_down_cut_revealed_at_trick_end_and_wins():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH 7D 7S")  # seat 3 discards, seat 0 cuts with the lowest trump
    res_trick = seen_tricks(h, 0)[0]
    assert res_trick == (1, ["AH", "KH", "7D", "7S"], 0)  # the trumper inspects all
    for s in (1, 2):
        assert seen_tricks(h, s)[0] == (1, ["AH", "KH", None, "7S"], 0)  # the cut turns face up
    assert seen_tricks(h, 3)[0] == (1, ["AH", "KH", "7D", "7S"], 0)
    for s in range(4):
        assert h.observation(s).public["revealed"] and trump_seen_by(h, s) == SPADES
    assert "8S" in seen_hand(h, 0)  # the indicator is back in hand
    assert h.turn == 0  # the winner leads


def test_highest_face_down_trump_wins():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH QS 7S")  # both cut: the queen beats the seven
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", "QS", "7S"], 3)
    assert h.turn == 3


def test_face_down_non_trump_stays_hidden():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH 7D AD")  # two discards, no trump among them
    assert not revealed(h) and trump_seen_by(h, 1) is None
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", None, None], 1)
    assert seen_tricks(h, 3)[0] == (1, ["AH", "KH", "7D", None], 1)
    assert seen_tricks(h, 0)[0] == (1, ["AH", "KH", "7D", "AD"], 1)  # the trumper inspected them
    finish(h)
    # still hidden at the end of the hand, and still counted for points
    assert seen_tricks(h, 2)[0] == (1, ["AH", "KH", None, None], 1)
    res = h.result()
    assert res["tricks"][0] == {"leader": 1, "cards": ["AH", "KH", "7D", "AD"], "winner": 1}
    assert res["points"] == sides_points(res, POINTS_304)


def test_trumper_may_reveal_at_own_turn_only():
    h = seat0_wins_auction_from_seat1()
    assert "reveal" not in h.legal_texts()
    assert refusal(h, "reveal").rule == "reveal"
    plays(h, "AH KH 7D")
    assert "reveal" in h.legal_texts()
    h.apply("reveal")
    assert "reveal" not in h.legal_texts()
    assert refusal(h, "reveal").rule == "reveal"


def test_voluntary_reveal_before_leading():
    h = contract(PLAY, 160, "8S")
    assert h.legal_texts()[-1] == "reveal"
    h.apply("reveal")
    assert h.turn == 0 and "play 8S" in h.legal_texts()
    assert all(trump_seen_by(h, s) == SPADES for s in range(4))
    assert all((0, "indicator 8S") in h.observation(s).log for s in range(4))


def test_after_reveal_cards_are_face_up_and_trump_beats_led_suit():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH 7D")
    h.apply("reveal")
    for s in range(4):  # trump is known to all at once
        assert trump_seen_by(h, s) == SPADES
    plays(h, "9S")
    for s in (1, 2):  # played face up; the earlier discard stays hidden
        assert seen_tricks(h, s)[0] == (1, ["AH", "KH", None, "9S"], 0)
        assert h.observation(s).log[-1] == (0, "play 9S")


def test_face_down_cut_counts_when_trump_is_revealed_later_in_the_trick():
    h = seat0_wins_auction_from_seat1()
    plays(h, "AH KH QS")  # seat 3 cuts face down
    h.apply("reveal")
    plays(h, "AD")  # the trumper discards face up
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", "QS", "AD"], 3)


def test_without_trump_highest_card_of_led_suit_wins():
    h = seat0_wins_auction_from_seat1()
    plays(h, "TH QH 8D KD")  # no trump, the ten of hearts beats the queen
    assert seen_tricks(h, 0)[0] == (1, ["TH", "QH", "8D", "KD"], 1)


def test_leading_trump_suit_reveals_nothing():
    h = contract(PLAY, 160, "8S")
    plays(h, "7S")
    for s in range(4):
        assert seen_trick(h, s) == [(0, "7S")]
    plays(h, "7H JC AS")  # seats 1 and 2 cannot follow: face down; seat 3 follows
    assert not revealed(h)
    for s in (1, 2, 3):
        assert trump_seen_by(h, s) is None
    assert seen_tricks(h, 3)[0] == (0, ["7S", None, None, "AS"], 3)


# ---- scoring -------------------------------------------------------------------------------------

@fuzz(150)
@given(st.integers(0, 10**9))
def test_random_hands_share_out_the_304_card_points_by_the_tricks_taken(seed):
    """Random options and play: the result's points are the card points of each side's tricks
    (recounted here from the card table), 304 in all."""
    hand = random_position("304", seed, finish=True)
    res = hand.result()
    if not res["thrown_in"]:
        assert res["points"] == sides_points(res, POINTS_304) and sum(res["points"]) == 304


def test_each_side_adds_the_card_points_of_its_tricks():
    h = contract(EXACT, 160, "8C")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert res["points"] == [71 + 50 + 5 + 34, 26 + 71 + 42 + 5]


def test_trumpers_succeed_with_points_equal_to_bid():
    h = contract(EXACT, 160, "8C")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert res["points"][0] == 160 and res["made"] is True
    assert res["score"] == [12, 10]


def test_trumpers_fail_below_bid():
    h = contract(EXACT, 170, "8C")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert res["points"][0] == 160 and res["made"] is False
    assert res["score"] == [9, 13]


def test_tokens_11_per_side_at_the_start():
    assert new304().record()["score"] == [11, 11]
    assert Match("304", {}, 1).score == [11, 11]


@pytest.mark.parametrize("bid,tokens", [(160, 1), (190, 1), (200, 2), (240, 2), (250, 3), (300, 3)])
def test_success_moves_1_2_3_tokens_defenders_to_trumpers(bid, tokens):
    res = finish(contract(ONE_SUIT_EACH, bid, "JS"))
    assert res["points"] == [304, 0] and res["made"] is True
    assert res["score"] == [11 + tokens, 11 - tokens]


@pytest.mark.parametrize("bid,tokens", [(160, 2), (190, 2), (200, 3), (240, 3), (250, 4), (300, 4)])
def test_failure_moves_2_3_4_tokens_trumpers_to_defenders(bid, tokens):
    res = finish(contract(ALL_TO_DEFENDERS, bid, "7S"))
    assert res["points"] == [0, 304] and res["made"] is False
    assert res["score"] == [11 - tokens, 11 + tokens]


def test_success_for_side_1_moves_tokens_to_side_1():
    # seat 1 bids with dealer 0 in the one-suit deal: side 1 takes everything
    h = act(new304(ONE_SUIT_EACH, 0), "bid 200", "pass", "pass", "pass", "indicator JH")
    res = finish(h)
    assert res["points"] == [0, 304] and res["score"] == [9, 13]


def test_side_that_cannot_pay_gives_what_it_has():
    res = finish(contract(ALL_TO_DEFENDERS, 250, "7S", score=[2, 20]))
    assert res["score"] == [0, 22]
    res = finish(contract(ONE_SUIT_EACH, 250, "JS", score=[20, 2]))
    assert res["score"] == [22, 0]


def test_match_ends_when_one_side_holds_all_tokens():
    res = finish(contract(ALL_TO_DEFENDERS, 160, "7S", score=[2, 20]))
    assert res["score"] == [0, 22] and res["match_over"] is True and res["winner"] == 1
    res = finish(contract(ALL_TO_DEFENDERS, 160, "7S", score=[3, 19]))
    assert res["score"] == [1, 21] and res["match_over"] is False and res["winner"] is None


def test_match_object_ends_with_all_tokens():
    m = Match("304", {"tokens": 1, "redeal_under_15": False}, seed=4)
    rng = random.Random(4)
    hands = 0
    while not m.over:
        while not m.hand.is_over():
            m.hand.apply(rng.choice(m.hand.legal_texts()))
        m.next_hand()
        hands += 1
        assert hands < 60
    assert sorted(m.score) == [0, 2] and m.score[m.winner] == 2
    with pytest.raises(ValueError):
        m.next_hand()


# ---- options ----------------------------------------------------------------------------------

def test_options_default_as_decided():
    defaults = {o.name: o.default for o in Hand304.OPTIONS}
    assert defaults == {"redeal_under_15": True, "tokens": 11, "open_trump": False,
                        "auction_8": False, "steps_of_5": False, "caps": False}


def test_tokens_option_sets_the_starting_tokens():
    assert new304(options={"tokens": 5}).record()["score"] == [5, 5]
    assert Match("304", {"tokens": 5}, 1).score == [5, 5]


def test_open_trump_option_turns_the_indicator_face_up_at_once():
    h = contract(PLAY, 160, "8S", {"open_trump": True})
    for s in range(4):
        assert trump_seen_by(h, s) == SPADES and h.observation(s).public["revealed"]
        assert (0, "indicator 8S") in h.observation(s).log
    assert "8S" in seen_hand(h, 0) and "reveal" not in h.legal_texts()
    plays(h, "AD")
    plays(h, "7C")  # seat 1 cannot follow: face up, trump is known
    for s in range(4):
        assert seen_trick(h, s) == [(0, "AD"), (1, "7C")]


def test_auction_8_option_second_auction_from_250():
    h = contract(PLAY, 160, "8S", {"auction_8": True})
    assert h.turn == 0  # forehand opens the second auction
    assert [len(h.observation(s).hand) for s in range(4)] == [7, 8, 8, 8]  # on eight cards
    bids = [t for t in h.legal_texts() if t.startswith("bid")]
    assert bids[0] == "bid 250" and bids[-1] == "bid 300"
    assert refusal(h, "bid 240").rule == "bid-minimum"


def test_auction_8_new_winner_picks_a_new_indicator():
    h = contract(PLAY, 160, "8S", {"auction_8": True})
    act(h, "pass", "bid 250", "pass", "pass")
    assert h.turn == 1
    assert h.legal_texts() == sorted("indicator " + c for c in PLAY[1])  # any of its eight cards
    h.apply("indicator AH")
    assert seen_hand(h, 0) == sorted(PLAY[0])  # the old indicator is back in seat 0's hand
    assert "AH" not in seen_hand(h, 1)
    assert trump_seen_by(h, 1) == HEARTS and trump_seen_by(h, 0) is None
    assert h.turn == 0  # forehand leads
    res = finish(h)
    assert res["made"] is (res["points"][1] >= 250)


def test_auction_8_without_a_raise_the_first_contract_stands():
    h = contract(ONE_SUIT_EACH, 160, "JS", {"auction_8": True})
    act(h, "pass", "pass", "pass", "pass")
    assert h.turn == 0 and h.legal_texts()[0].startswith("play ")
    assert h.observation(0).public["bid"] == 160 and h.observation(0).public["bidder"] == 0
    assert finish(h)["score"] == [12, 10]


def test_auction_8_winner_does_not_see_the_old_indicator():
    # seat 0 laid 8S; seat 1 wins the second auction.  8S went back to seat 0's hand: seat 1
    # may not learn it (nor that spades were trump) while choosing its own indicator.
    h = contract(PLAY, 160, "8S", {"auction_8": True})
    act(h, "pass", "bid 250", "pass", "pass")
    obs = h.observation(1)
    assert obs.public["indicator"] is None, "seat 1 is shown seat 0's old indicator"
    assert obs.public["trump"] is None, "seat 1 is told the old trump suit"
    assert (0, "indicator ??") in obs.log
    assert obs.hand_sizes == (8, 8, 8, 8)


def test_steps_of_5_option_from_200():
    h = new304(ONE_SUIT_EACH, 3, {"steps_of_5": True})
    bids = [int(t.split()[1]) for t in h.legal_texts() if t.startswith("bid")]
    assert sorted(bids) == [160, 170, 180, 190] + list(range(200, 301, 5))
    assert refusal(h, "bid 195").rule == "bid-ladder"


def test_steps_of_5_bid_245_moves_2_tokens():
    res = finish(contract(ONE_SUIT_EACH, 245, "JS", {"steps_of_5": True}))
    assert res["score"] == [13, 9]


def test_caps_claimed_and_made_wins_one_more_token():
    h = contract(ONE_SUIT_EACH, 160, "JS", {"caps": True})
    assert h.turn == 0 and h.legal_texts() == ["caps", "pass"]
    h.apply("caps")
    res = finish(h)
    assert res["score"] == [11 + 2, 11 - 2]


def test_caps_claimed_and_failed_pays_5():
    h = contract(ALL_TO_DEFENDERS, 160, "7S", {"caps": True})
    h.apply("caps")
    assert finish(h)["score"] == [6, 16]


def test_caps_needs_all_eight_tricks_even_when_the_bid_is_made():
    h = contract(EXACT, 160, "8C", {"caps": True})
    h.apply("caps")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    res = h.result()
    assert res["points"][0] == 160
    assert res["score"] == [6, 16]


def test_caps_not_claimed_scores_as_usual():
    h = contract(ONE_SUIT_EACH, 160, "JS", {"caps": True})
    h.apply("pass")
    assert finish(h)["score"] == [12, 10]


# ---- refusals --------------------------------------------------------------------------------

def test_playing_during_the_auction_is_refused_with_a_sentence_that_says_why():
    # 304's one test of a reason's words; the others assert the rule it names
    h = new304(ONE_SUIT_EACH, 3)
    err = refusal(h, "play JS")
    assert err.rule == "wrong-phase" and "auction" in err.reason and err.reason.endswith(".")


def test_unknown_words_are_refused():
    h = new304(ONE_SUIT_EACH, 3)
    for text, rule in (("fly", "unknown-action"), ("play ZZ", "unknown-action"), ("bid", "unknown-action"),
                       ("bid x", "unknown-action"), ("", "unknown-action"), ("call", "wrong-phase"),
                       ("double", "wrong-phase")):
        assert refusal(h, text).rule == rule


def test_actions_after_the_hand_are_refused():
    h = act(new304(ONE_SUIT_EACH, 3), "pass", "pass", "pass", "pass")
    assert refusal(h, "pass").rule == "hand-over"


@pytest.mark.parametrize("text", ["bid 872", "bid 873", "bid 874", "bid 892"])
def test_bid_text_beyond_the_ladder_is_refused_not_read_as_another_action(text):
    # 'bid N' for N over 300 is no bid of 304; it must not turn into 'pass' or another word
    h = new304(ONE_SUIT_EACH, 3)
    err = h.check(text)
    assert isinstance(err, IllegalAction), f"{text!r} is accepted as {h.legal_texts()}"
    assert err.rule == "bid-ladder"


@pytest.mark.parametrize("text", ["bid 9999", "bid 1000", "bid 885"])
def test_absurd_bid_text_is_refused_without_crashing(text):
    h = new304(ONE_SUIT_EACH, 3)
    err = h.check(text)  # must return the refusal, not raise KeyError
    assert isinstance(err, IllegalAction) and err.rule == "bid-ladder"


def test_open_trump_indicators_stay_visible_in_every_log_after_a_second_auction():
    # open trump: the first indicator was shown face up to everyone, so no log may hide it later
    h = contract(PLAY, 160, "8S", {"auction_8": True, "open_trump": True})
    act(h, "pass", "bid 250", "pass", "pass")
    for seat in range(4):
        assert (0, "indicator 8S") in h.observation(seat).log


@pytest.mark.parametrize("written", ["bid 0160", "bid ١٦٠", "bid ²", "bid +160"])
def test_bid_must_be_written_in_plain_digits(written):
    h = new304(ONE_SUIT_EACH, 3, {"redeal_under_15": False})
    assert refusal(h, written).rule == "unknown-action"
