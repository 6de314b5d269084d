"""Twenty-Eight: one test per rule of docs/rules.md ('Twenty-Eight').

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
    POINTS_28,
    act,
    card_points,
    finish,
    fuzz,
    new28,
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

from game.engine import Hand28, IllegalAction, Match

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def contract(deal=ONE_SUIT_EACH, bid=14, indicator="JS", options=None, score=None) -> Hand28:
    """Dealer 3: seat 0 (forehand) bids, the others pass, seat 0 lays ``indicator``."""
    return act(new28(deal, 3, options, score), f"bid {bid}", "pass", "pass", "pass", f"indicator {indicator}")


def seat0_bids_after_seat1(deal=PLAY, indicator="8S", options=None) -> Hand28:
    """Dealer 0: forehand seat 1 and seats 2, 3 pass, seat 0 bids 14 and lays ``indicator``."""
    return act(new28(deal, 0, options), "pass", "pass", "pass", "bid 14", f"indicator {indicator}")


def exact_hand(bid, options=None) -> dict:
    h = contract(EXACT, bid, "8C", options)
    if options and options.get("double"):
        act(h, "pass", "pass")
    for trick in EXACT_SCRIPT:
        plays(h, trick)
    return h.result()


def trump_seen_by(h, seat):
    return h.observation(seat).public["trump"]


def revealed(h, seat=1) -> bool:
    return h.observation(seat).public["revealed"]


# ---- seat model and dealing ---------------------------------------------------------------------

def test_forehand_is_the_seat_after_the_dealer_and_bids_first():
    for dealer in range(4):
        h = new28(ONE_SUIT_EACH, dealer)
        assert h.turn == (dealer + 1) % 4


def test_play_goes_counter_clockwise():
    h = seat0_bids_after_seat1()
    order = []
    for card in ["AH", "KH", "7D", "7S"]:
        order.append(h.turn)
        h.apply("play " + card)
    assert order == [1, 2, 3, 0]


def test_dealer_moves_to_the_next_seat_after_every_hand():
    m = Match("28", {}, seed=5)
    rng = random.Random(5)
    for _ in range(8):
        dealer = m.dealer
        while not m.hand.is_over():
            m.hand.apply(rng.choice(m.hand.legal_texts()))
        m.next_hand()
        if m.over:
            break
        assert m.dealer == (dealer + 1) % 4 and m.hand.record()["dealer"] == m.dealer


def test_deck_rank_as_304_and_points_j3_9_2_a1_t1_total_28():
    res = exact_hand(15)
    assert [t["winner"] for t in res["tricks"]] == EXACT_WINNERS  # J 9 A 10 K Q 8 7
    assert res["points"] == [15, 13] == sides_points(res, POINTS_28)
    assert card_points([c for row in ONE_SUIT_EACH for c in row], POINTS_28) == 28


def test_four_cards_each_for_the_auction_then_four_more():
    h = new28(PLAY, 3)
    assert [len(h.observation(s).hand) for s in range(4)] == [4, 4, 4, 4]
    act(h, "bid 14", "pass", "pass", "pass")
    assert [len(h.observation(s).hand) for s in range(4)] == [4, 4, 4, 4]
    h.apply("indicator 8S")
    assert [len(h.observation(s).hand) for s in range(4)] == [7, 8, 8, 8]
    assert seen_hand(h, 1) == sorted(PLAY[1])


# ---- auction ------------------------------------------------------------------------------------

def test_auction_from_forehand_integer_bids_14_to_28():
    h = new28(ONE_SUIT_EACH, 3)
    assert h.turn == 0
    assert h.legal_texts() == sorted([f"bid {n}" for n in range(14, 29)] + ["pass"])
    for text in ("bid 13", "bid 29", "bid 140"):
        assert refusal(h, text).rule == "bid-ladder"


def test_each_bid_higher_than_the_last():
    h = act(new28(ONE_SUIT_EACH, 3), "bid 16")
    assert sorted(int(t[4:]) for t in h.legal_texts() if t.startswith("bid")) == list(range(17, 29))
    assert refusal(h, "bid 16").rule == "bid-higher"
    assert refusal(h, "bid 15").rule == "bid-higher"


def test_pass_is_final():
    h = act(new28(ONE_SUIT_EACH, 3), "pass", "bid 14", "bid 15", "bid 16")
    assert h.turn == 1  # seat 0 is skipped
    act(h, "bid 17", "bid 18", "bid 19")
    assert h.turn == 1


def test_no_partner_call_in_twenty_eight():
    h = new28(ONE_SUIT_EACH, 3)
    assert "pass partner" not in h.legal_texts()
    assert refusal(h, "pass partner").rule == "partner-call"


def test_auction_ends_when_all_but_highest_passed():
    h = act(new28(ONE_SUIT_EACH, 3), "bid 14", "bid 15", "pass", "pass")
    assert h.turn == 0 and "bid 16" in h.legal_texts()
    h.apply("pass")
    assert h.turn == 1
    assert h.legal_texts() == ["indicator 9H", "indicator AH", "indicator JH", "indicator TH"]


def test_auction_ends_at_once_when_the_others_passed_earlier():
    h = act(new28(ONE_SUIT_EACH, 3), "pass", "pass", "pass", "bid 14")
    assert h.turn == 3 and all(t.startswith("indicator ") for t in h.legal_texts())


def test_top_bid_28_others_must_still_pass():
    h = act(new28(ONE_SUIT_EACH, 3), "bid 28")
    for seat in (1, 2, 3):
        assert h.turn == seat and h.legal_texts() == ["pass"]
        h.apply("pass")
    assert h.turn == 0 and h.legal_texts()[0].startswith("indicator ")


def test_all_four_pass_throw_in():
    h = act(new28(ONE_SUIT_EACH, 3, score=[2, 3]), "pass", "pass", "pass", "pass")
    assert h.is_over()
    assert h.result() == {"thrown_in": True, "tricks": [], "points": [0, 0], "made": None,
                          "score": [2, 3], "match_over": False, "winner": None}


def test_all_four_pass_next_dealer_deals():
    m = Match("28", {}, seed=2)
    dealer = m.dealer
    act(m.hand, "pass", "pass", "pass", "pass")
    m.next_hand()
    assert m.dealer == (dealer + 1) % 4 and m.score == [0, 0]


def test_forced_14_option_forehand_must_bid_14():
    h = act(new28(ALL_TO_DEFENDERS, 3, {"forced_14": True}), "pass", "pass", "pass", "pass")
    assert not h.is_over()
    assert h.turn == 0 and h.legal_texts() == sorted("indicator " + c for c in ALL_TO_DEFENDERS[0][:4])
    assert h.observation(2).public["bid"] == 14 and h.observation(2).public["bidder"] == 0
    h.apply("indicator 7S")
    res = finish(h)
    assert res["points"] == [0, 28] and res["made"] is False and res["score"] == [-1, 0]


def test_forced_14_only_when_all_four_pass():
    h = act(new28(ONE_SUIT_EACH, 3, {"forced_14": True}), "pass", "pass", "bid 15", "pass")
    assert h.turn == 2 and h.observation(0).public["bid"] == 15


# ---- the trump card -----------------------------------------------------------------------------

def test_bidder_lays_one_of_their_four_cards_face_down():
    h = act(new28(ONE_SUIT_EACH, 3), "bid 14", "pass", "pass", "pass")
    assert h.legal_texts() == ["indicator 9S", "indicator AS", "indicator JS", "indicator TS"]
    assert refusal(h, "indicator KS").rule == "indicator-from-hand"
    h.apply("indicator JS")
    assert trump_seen_by(h, 0) == SPADES
    for s in (1, 2, 3):
        assert trump_seen_by(h, s) is None and (0, "indicator ??") in h.observation(s).log


def test_face_down_card_cannot_be_played_before_the_reveal():
    h = contract(PLAY, 14, "8S")
    assert "8S" not in seen_hand(h, 0)
    err = refusal(h, "play 8S")
    assert err.rule == "indicator-hidden"


def test_face_down_card_does_not_count_for_following():
    h = act(new28(LAST_CARD, 0), "pass", "pass", "pass", "bid 14", "indicator 7S")
    plays(h, "JS 7D 7C")
    assert h.turn == 0
    assert h.legal_texts() == sorted(["play " + c for c in LAST_CARD[0][1:]] + ["call"])


def test_last_card_face_down_is_played_reveals_and_counts_as_trump_no_call():
    h = act(new28(LAST_CARD, 0), "pass", "pass", "pass", "bid 14", "indicator 7S")
    for lead in ["JS", "9S", "AS", "TS", "KS", "QS", "8S"]:
        plays(h, lead)
        for _ in range(3):
            h.apply(quiet_choice(h.legal_texts()))
    assert not revealed(h)
    plays(h, "JH")
    h.apply(quiet_choice(h.legal_texts()))
    h.apply(quiet_choice(h.legal_texts()))
    assert h.turn == 0 and h.legal_texts() == ["play 7S"]  # no call offered
    assert refusal(h, "call").rule == "call-trump"
    h.apply("play 7S")
    res = h.result()
    assert res["tricks"][-1]["cards"][0] == "JH" and res["tricks"][-1]["winner"] == 0
    assert all(h.observation(s).public["revealed"] for s in range(4))


# ---- play ----------------------------------------------------------------------------------------

def test_forehand_leads():
    assert seat0_bids_after_seat1().turn == 1
    assert contract(PLAY, 14, "8S").turn == 0


def test_follow_suit():
    h = seat0_bids_after_seat1()
    plays(h, "AH")
    assert h.legal_texts() == ["play 9H", "play JH", "play KH", "play QH"]
    err = refusal(h, "play JC")
    assert err.rule == "follow-suit"
    assert refusal(h, "call").rule == "call-trump"  # can follow: no call


def test_no_call_when_leading():
    h = contract(PLAY, 14, "8S")
    assert "call" not in h.legal_texts()
    assert refusal(h, "call").rule == "call-trump"


def test_discards_are_played_face_up():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH 7D")
    for s in range(4):
        assert seen_trick(h, s) == [(1, "AH"), (2, "KH"), (3, "7D")]


def test_call_then_must_trump():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH")
    assert h.turn == 3 and "call" in h.legal_texts()
    h.apply("call")
    assert h.turn == 3  # the same seat then plays
    for s in range(4):
        assert trump_seen_by(h, s) == SPADES and h.observation(s).public["revealed"]
    assert "8S" in seen_hand(h, 0)  # the trump card is back in the bidder's hand
    assert h.legal_texts() == ["play AS", "play KS", "play QS", "play TS"]
    err = refusal(h, "play 7D")
    assert err.rule == "trump-after-call"


def test_caller_without_trump_discards_any_card():
    h = contract(PLAY, 14, "8S")
    plays(h, "AD")
    h.apply("call")
    assert h.legal_texts() == sorted("play " + c for c in PLAY[1])


def test_bidder_may_call_too():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH 7D")
    assert "call" in h.legal_texts()
    h.apply("call")
    assert h.legal_texts() == ["play 7S", "play 8S", "play 9S", "play JS"]


def test_after_reveal_no_call_and_free_choice():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH")
    h.apply("call")
    plays(h, "QS")
    # seat 0 cannot follow; trump is open: trump or discard freely, no call
    assert h.legal_texts() == sorted("play " + c for c in ["JS", "9S", "7S", "8S", "AD", "TD", "KD", "QD"])


def test_once_revealed_trump_beats_every_other_suit():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH")
    h.apply("call")
    plays(h, "QS JS")
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", "QS", "JS"], 0)


# Seat 0 bids with spades (JS 9S AS TS JD 9D AD TD); seat 1 holds all hearts; seat 2 the low
# spades and low clubs; seat 3 the high clubs and low diamonds.  Dealer 0: seat 1 leads.
TRUMP_LATER = seats(
    "JS 9S AS TS JD 9D AD TD",
    suit("H"),
    "KS QS 8S 7S KC QC 8C 7C",
    "JC 9C AC TC KD QD 8D 7D",
)


def test_trump_beats_every_other_suit_in_the_following_tricks():
    h = act(new28(TRUMP_LATER, 0), "pass", "pass", "pass", "bid 14", "indicator JS")
    plays(h, "7H")
    h.apply("call")
    plays(h, "7S")  # seat 2 called and trumps
    assert "call" not in h.legal_texts()
    plays(h, "7D TD")
    assert seen_tricks(h, 1)[0] == (1, ["7H", "7S", "7D", "TD"], 2)
    plays(h, "7C JC")  # seat 2 leads clubs, seat 3 follows with the jack
    assert "call" not in h.legal_texts()  # trump is open: seat 0 trumps or discards freely
    plays(h, "AS 8H")
    assert seen_tricks(h, 1)[1] == (2, ["7C", "JC", "AS", "8H"], 0)


def test_discard_without_call_is_not_a_trump():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH QS AD")  # a spade discarded while trump is hidden
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", "QS", "AD"], 1)
    assert not revealed(h) and trump_seen_by(h, 1) is None


def test_trump_discarded_before_the_call_is_not_a_trump_in_that_trick():
    h = seat0_bids_after_seat1()
    plays(h, "AH KH QS")  # seat 3 discards the queen of trumps without a call
    h.apply("call")
    plays(h, "7S")  # seat 0 calls and must trump: the seven beats the earlier queen
    assert seen_tricks(h, 1)[0] == (1, ["AH", "KH", "QS", "7S"], 0)


def test_led_suit_always_competes_by_rank_when_trump_was_led():
    h = contract(PLAY, 14, "8S")
    plays(h, "9S")  # trump led while hidden
    h.apply("call")  # seat 1 cannot follow: calls, holds no trump
    plays(h, "7C")
    plays(h, "JC")
    plays(h, "AS")  # seat 3 follows after the reveal: both spades compete by rank
    assert seen_tricks(h, 1)[0] == (0, ["9S", "7C", "JC", "AS"], 0)


# ---- scoring -------------------------------------------------------------------------------------

@fuzz(150)
@given(st.integers(0, 10**9))
def test_random_hands_share_out_the_28_card_points_by_the_tricks_taken(seed):
    """Random options and play: the result's points are the card points of each side's tricks
    (recounted here from the card table), 28 in all, 29 with the last trick's point."""
    hand = random_position("28", seed, finish=True)
    res = hand.result()
    if not res["thrown_in"]:
        bonus = 1 if hand.options["twenty_nine"] else 0
        assert res["points"] == sides_points(res, POINTS_28, bonus) and sum(res["points"]) == 28 + bonus


def test_bidders_capturing_at_least_the_bid_win_one_game_point():
    res = exact_hand(15)
    assert res["points"][0] == 15 and res["made"] is True and res["score"] == [1, 0]


def test_bidders_capturing_fewer_lose_one_game_point():
    res = exact_hand(16)
    assert res["points"][0] == 15 and res["made"] is False and res["score"] == [-1, 0]


def test_scores_may_go_negative():
    res = finish(contract(ALL_TO_DEFENDERS, 14, "7S", score=[-2, 3]))
    assert res["score"] == [-3, 3] and res["match_over"] is False


def test_defenders_score_nothing_for_a_failed_bid():
    res = finish(contract(ALL_TO_DEFENDERS, 14, "7S", score=[1, 1]))
    assert res["score"] == [0, 1]


def test_match_to_6_game_points():
    res = finish(contract(ONE_SUIT_EACH, 14, "JS", score=[5, 2]))
    assert res["score"] == [6, 2] and res["match_over"] is True and res["winner"] == 0
    res = finish(contract(ONE_SUIT_EACH, 14, "JS", score=[4, 2]))
    assert res["score"] == [5, 2] and res["match_over"] is False and res["winner"] is None


def test_target_7_option():
    res = finish(contract(ONE_SUIT_EACH, 14, "JS", {"target": 7}, score=[5, 2]))
    assert res["score"] == [6, 2] and res["match_over"] is False
    res = finish(contract(ONE_SUIT_EACH, 14, "JS", {"target": 7}, score=[6, 2]))
    assert res["score"] == [7, 2] and res["match_over"] is True and res["winner"] == 0


@pytest.mark.parametrize("bid,points", [(14, 1), (19, 1), (20, 2), (24, 2), (25, 3), (28, 3)])
def test_tiered_points_option(bid, points):
    res = finish(contract(ONE_SUIT_EACH, bid, "JS", {"tiered_points": True}))
    assert res["made"] is True and res["score"] == [points, 0]
    assert finish(contract(ONE_SUIT_EACH, bid, "JS"))["score"] == [1, 0]  # off: always 1


def test_tiered_points_failure_still_loses_one():
    res = finish(contract(ALL_TO_DEFENDERS, 25, "7S", {"tiered_points": True}))
    assert res["score"] == [-1, 0]


def test_twenty_nine_min_bid_16():
    h = new28(ONE_SUIT_EACH, 3, {"twenty_nine": True})
    bids = sorted(int(t[4:]) for t in h.legal_texts() if t.startswith("bid"))
    assert bids[0] == 16
    assert refusal(h, "bid 15").rule == refusal(h, "bid 14").rule == "bid-ladder"


def test_twenty_nine_last_trick_one_more_point_total_29():
    res = exact_hand(16, {"twenty_nine": True})
    assert res["points"] == [15, 14]  # seat 3 took the last trick
    assert res["made"] is False
    res = finish(contract(ONE_SUIT_EACH, 16, "JS", {"twenty_nine": True}))
    assert res["points"] == [29, 0]


def test_honours_all_four_jacks_one_more_game_point():
    res = finish(contract(ONE_SUIT_EACH, 14, "JS", {"honours": True}))
    assert res["score"] == [2, 0]
    res = finish(contract(ALL_TO_DEFENDERS, 14, "7S", {"honours": True}))
    assert res["score"] == [-1, 1]  # the defenders took all four jacks
    res = exact_hand(15, {"honours": True})
    assert res["score"] == [1, 0]  # jacks split two and two


def test_open_trump_option():
    h = contract(PLAY, 14, "8S", {"open_trump": True})
    for s in range(4):
        assert trump_seen_by(h, s) == SPADES and h.observation(s).public["revealed"]
        assert (0, "indicator 8S") in h.observation(s).log
    assert "8S" in seen_hand(h, 0)
    plays(h, "AD")
    assert "call" not in h.legal_texts()
    assert h.legal_texts() == sorted("play " + c for c in PLAY[1])


def test_double_option_defenders_double_before_the_first_trick():
    h = contract(ONE_SUIT_EACH, 14, "JS", {"double": True})
    assert h.turn == 1 and h.legal_texts() == ["double", "pass"]
    h.apply("double")
    assert h.turn == 0 and h.legal_texts() == ["pass", "redouble"]
    h.apply("pass")
    assert h.turn == 0 and h.legal_texts()[0].startswith("play ")
    assert finish(h)["score"] == [2, 0]


def test_double_option_second_defender_may_double():
    h = contract(ONE_SUIT_EACH, 14, "JS", {"double": True})
    h.apply("pass")
    assert h.turn == 3 and h.legal_texts() == ["double", "pass"]
    h.apply("double")
    assert h.turn == 0
    h.apply("redouble")
    assert finish(h)["score"] == [4, 0]


def test_double_option_nobody_doubles():
    h = contract(ONE_SUIT_EACH, 14, "JS", {"double": True})
    act(h, "pass", "pass")
    assert h.turn == 0 and h.legal_texts()[0].startswith("play ")
    assert finish(h)["score"] == [1, 0]


def test_double_and_redouble_double_the_stake_of_a_failure():
    h = contract(ALL_TO_DEFENDERS, 14, "7S", {"double": True})
    act(h, "double", "pass")
    assert finish(h)["score"] == [-2, 0]
    h = contract(ALL_TO_DEFENDERS, 14, "7S", {"double": True})
    act(h, "double", "redouble")
    assert finish(h)["score"] == [-4, 0]


def test_double_with_tiered_points_doubles_the_tier():
    h = contract(ONE_SUIT_EACH, 25, "JS", {"double": True, "tiered_points": True})
    act(h, "double", "pass")
    assert finish(h)["score"] == [6, 0]


def test_double_not_offered_without_the_option():
    h = contract(ONE_SUIT_EACH, 14, "JS")
    assert "double" not in h.legal_texts()
    assert refusal(h, "double").rule == "wrong-phase"


def test_options_default_as_decided():
    defaults = {o.name: o.default for o in Hand28.OPTIONS}
    assert defaults == {"forced_14": False, "tiered_points": False, "target": 6, "twenty_nine": False,
                        "honours": False, "open_trump": False, "double": False}


# ---- refusals --------------------------------------------------------------------------------

def test_playing_during_the_auction_is_refused():
    err = refusal(new28(ONE_SUIT_EACH, 3), "play JS")
    assert err.rule == "wrong-phase"


def test_304_words_are_refused():
    h = contract(PLAY, 14, "8S")
    for text in ("reveal", "redeal", "caps"):
        assert refusal(h, text).rule == "wrong-phase"


def test_actions_after_the_hand_are_refused():
    h = act(new28(ONE_SUIT_EACH, 3), "pass", "pass", "pass", "pass")
    assert refusal(h, "pass").rule == "hand-over"


@pytest.mark.parametrize("text", ["bid 872", "bid 877", "bid 9999"])
def test_bid_text_beyond_the_ladder_is_refused(text):
    h = new28(ONE_SUIT_EACH, 3)
    err = h.check(text)
    assert isinstance(err, IllegalAction) and err.rule == "bid-ladder"


def test_twenty_eight_has_no_partner_call_and_the_refusal_says_so():
    # Twenty-Eight's one test of a reason's words; the others assert the rule it names
    h = new28(ONE_SUIT_EACH, 3)
    r = refusal(h, "pass partner")
    assert r.rule == "partner-call" and "Twenty-Eight" in r.reason
