"""400: one test per rule of docs/rules.md ('400'), then random-play properties of 400's own
rules.  What every game keeps is in test_engine_contract.py."""

import random

import pytest
from helpers import fuzz, refusal
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Match
from game.engine import actions as A
from game.engine.cards import FRENCH52
from game.engine.game400 import Hand400, bid_value, match_winner, min_bid, total_needed
from game.engine.records import replay

def suit(letter: str, ranks: str = "23456789TJQKA") -> str:
    return " ".join(r + letter for r in ranks)


# Each seat one whole suit: seat 0 holds every heart and so takes all 13 tricks whoever leads.
ALL_HEARTS = [suit("H"), suit("S"), suit("D"), suit("C")]

# Seat 0 holds 3H..AH and 2S, partner seat 2 the AS: playing the lowest legal card, seat 0 leads
# 2S and loses it to seat 2's ace, then takes the other 12 tricks.
PARTNER_TAKES_ONE = [
    "2S " + suit("H", "3456789TJQKA"),
    "2H " + suit("S", "345678") + " " + suit("D", "234567"),
    "AS " + suit("D", "89TJQKA") + " " + suit("C", "23456"),
    suit("S", "9TJQK") + " " + suit("C", "789TJQKA"),
]

# A deal for the play rules (dealer 3, forehand 0).
TRICKS = [
    "2S 3S 4S 5H 6H " + suit("D", "23456789"),
    "AS 5S 6S 2H 3H " + suit("C", "23456789"),
    "KS 7S 8S AH 4H TD JD QD KD AD TC JC QC",
    "QS 9S TS JS " + suit("H", "789TJQK") + " KC AC",
]

# Seat 1 holds no ace, king, queen or jack; seat 3 neither.
NO_FACES = [
    suit("S", "JQKA") + " " + suit("H", "JQKA") + " " + suit("D", "JQKA") + " AC",
    suit("S", "23456789T") + " " + suit("D", "2345"),
    suit("C", "TJQK") + " " + suit("H", "23456789T"),
    suit("D", "6789T") + " " + suit("C", "23456789"),
]


def hand400(hands=ALL_HEARTS, dealer=3, options=None, score=None) -> Hand400:
    return Hand400([h.split() for h in hands], dealer, options, score)


def act(hand: Hand400, *texts: str) -> Hand400:
    for t in texts:
        hand.apply(t)
    return hand


def bids(hand: Hand400, *ns: int) -> Hand400:
    return act(hand, *(f"bid {n}" for n in ns))


def play_lowest(hand: Hand400) -> dict:
    """Finish the hand, each seat playing its lowest legal card (suits S H D C, then rank)."""
    while not hand.is_over():
        hand.apply(min(hand.legal_actions()))
    return hand.result()


def test_deals_are_valid():
    for hands in (ALL_HEARTS, PARTNER_TAKES_ONE, TRICKS, NO_FACES):
        hand400(hands)  # 13 each, no card twice


# --- 52 cards, A high, hearts always trump; deal 13 each ------------------------------------

def test_52_cards_dealt_13_each():
    hand = Hand400.deal(5, dealer=1)
    cards = [c for h in hand.dealt for c in h]
    assert len(hand.DECK) == 52 and sorted(cards) == sorted(FRENCH52.cards)
    assert [len(h) for h in hand.dealt] == [13, 13, 13, 13]
    assert Hand400.deal(5, dealer=1).dealt == hand.dealt  # same seed, same cards


def test_ace_is_high():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 2S", "play AS", "play KS", "play QS")
    assert hand.tricks[0].winner == 1


def test_hearts_are_always_trump():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 2S", "play AS", "play KS", "play QS")
    act(hand, "play 2C", "play TC", "play KC", "play 5H")  # seat 0 cannot follow clubs: 5H beats KC
    assert hand.tricks[1].winner == 0


# --- individual bids and scores; partners win together ------------------------------------

def test_each_player_has_their_own_bid_and_score():
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[10, 20, 30, 0]), 4, 2, 3, 2))
    assert res["points"] == [13, 0, 0, 0]
    assert res["made"] == [True, False, False, False]
    assert res["score"] == [14, 18, 27, -2]


def test_partners_win_together():
    # seat 0 reaches 41 and partner seat 2 is above 0: their side wins
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[37, 0, 5, 0]), 4, 2, 3, 2))
    assert res["score"] == [41, -2, 2, -2]
    assert res["match_over"] is True and res["winner"] == 0


# --- bidding ------------------------------------------------------------------------------------

def test_each_player_bids_once_forehand_first_dealer_last():
    hand = hand400(dealer=1)
    turns = []
    for n in (2, 3, 4, 5):
        turns.append(hand.turn)
        hand.apply(f"bid {n}")
    assert turns == [2, 3, 0, 1]
    assert hand.phase == "play" and hand.bids == [4, 5, 2, 3]


def test_no_pass():
    hand = hand400()
    assert A.PASS not in hand.legal_actions()
    err = refusal(hand, "pass")
    assert err.rule == "no-pass"


def test_13_is_the_highest_bid():
    hand = hand400()
    assert hand.legal_texts()[:2] == ["bid 10", "bid 11"] and max(hand.legal_actions()) == A.BID + 13
    assert refusal(hand, "bid 14").rule == "bid-maximum"


@pytest.mark.parametrize("score, lowest", [
    (-12, 2), (0, 2), (29, 2), (30, 3), (34, 3), (39, 3), (40, 4), (49, 4), (50, 5), (77, 5)])
def test_minimum_bid_by_own_score(score, lowest):
    assert min_bid(score) == lowest
    hand = hand400(score=[score, 0, 0, 0])
    assert min(hand.legal_actions()) == A.BID + lowest
    assert hand.observation(0).public["min_bid"] == lowest
    assert refusal(hand, f"bid {lowest - 1}").rule == "bid-minimum"


def test_minimum_bid_2_refusal():
    assert refusal(hand400(), "bid 1").rule == "bid-minimum"


def test_minimum_bid_is_each_players_own():
    hand = hand400(score=[50, 30, 40, 0])
    floors = []
    for _ in range(4):
        floors.append(min(hand.legal_actions()) - A.BID)
        hand.apply(max(hand.legal_actions()) - 6)  # bid 7
    assert floors == [5, 3, 4, 2]


def test_bids_under_11_throw_the_hand_in_and_the_next_dealer_deals():
    hand = bids(hand400(), 2, 2, 3, 3)  # total 10; the dealer may bid low
    assert hand.is_over()
    assert hand.result() == {"thrown_in": True, "tricks": [], "points": [0, 0, 0, 0], "made": None,
                             "score": [0, 0, 0, 0], "match_over": False, "winner": None}
    assert hand.same_dealer_again() is False


def test_bids_totalling_11_are_played():
    hand = bids(hand400(), 2, 2, 3, 4)
    assert not hand.is_over() and hand.phase == "play"


def test_thrown_in_hand_moves_the_dealer_in_a_match():
    match = Match("400", seed=3)
    dealer = match.dealer
    bids(match.hand, 2, 2, 2, 2)
    match.next_hand()
    assert match.dealer == (dealer + 1) % 4 and match.score == [0, 0, 0, 0]


# --- play ----------------------------------------------------------------------------------------

def test_forehand_leads():
    hand = bids(hand400(TRICKS, dealer=1), 3, 3, 3, 3)
    assert hand.turn == hand.leader == 2


def test_follow_suit():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    hand.apply("play 2S")
    assert hand.legal_texts() == ["play 5S", "play 6S", "play AS"]
    err = refusal(hand, "play 2H")
    assert err.rule == "follow-suit"
    assert refusal(hand, "play KS").rule == "card-not-held"


def test_otherwise_any_card():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 2S", "play AS", "play KS", "play QS", "play 2C", "play TC", "play KC")
    assert sorted(hand.legal_actions()) == sorted(FRENCH52.parse(c) for c in TRICKS[0].split()[1:])
    hand.apply("play 9D")  # a discard does not win
    assert hand.tricks[1].winner == 3


def test_highest_heart_wins():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 2S", "play AS", "play KS", "play QS", "play 2C", "play TC", "play KC", "play 5H")
    act(hand, "play 2D", "play 2H", "play TD", "play 7H")  # seat 3 over-trumps seat 1
    assert hand.tricks[2].winner == 3


def test_else_highest_card_of_the_led_suit():
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 3S", "play 5S", "play 7S", "play 9S")
    assert hand.tricks[0].winner == 3


def test_each_player_keeps_their_own_tricks():
    res = play_lowest(bids(hand400(PARTNER_TAKES_ONE), 2, 2, 2, 5))
    assert res["points"] == [12, 0, 1, 0]
    assert res["made"] == [True, False, False, False]  # seat 2's side took 13, seat 2 only 1
    assert res["tricks"][0] == {"leader": 0, "cards": ["2S", "3S", "AS", "9S"], "winner": 2}


# --- scoring ----------------------------------------------------------------------------------------

def test_made_wins_the_value_missed_loses_it_overtricks_count_nothing():
    res = play_lowest(bids(hand400(ALL_HEARTS), 5, 3, 2, 2))
    assert res["made"] == [True, False, False, False]
    assert res["score"] == [10, -3, -2, -2]  # seat 0 took 13 on a bid of 5: still 10


@pytest.mark.parametrize("bid, value", [
    (2, 2), (3, 3), (4, 4), (5, 10), (6, 12), (7, 14), (8, 16), (9, 27), (10, 30), (11, 33), (12, 36)])
def test_value_table(bid, value):
    assert bid_value(bid, 0, {}) == value
    assert bid_value(bid, 29, {}) == value


@pytest.mark.parametrize("bid, value", [(5, 5), (6, 6), (7, 14), (9, 27), (12, 36)])
def test_from_30_points_5_and_6_are_worth_5_and_6(bid, value):
    assert bid_value(bid, 30, {}) == value
    assert bid_value(bid, 55, {}) == value


def test_value_table_through_a_hand():
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[0, 30, 0, 10]), 6, 6, 9, 2))
    assert res["score"] == [12, 24, -27, 8]


def test_13_made_wins_the_match_and_the_bidders_score_stays():
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[5, 20, 7, 3]), 13, 2, 2, 2))
    assert res["made"] == [True, False, False, False]
    assert res["score"] == [5, 18, 5, 1]
    assert res["match_over"] is True and res["winner"] == 0


def test_13_with_one_trick_lost_to_the_partner_loses_the_match():
    res = play_lowest(bids(hand400(PARTNER_TAKES_ONE), 13, 2, 2, 2))
    assert res["points"] == [12, 0, 1, 0]
    assert res["made"] == [False, False, False, False]
    assert res["score"] == [0, -2, -2, -2]
    assert res["match_over"] is True and res["winner"] == 1


def test_13_is_played_out_in_full():
    hand = bids(hand400(PARTNER_TAKES_ONE), 13, 2, 2, 2)
    act(hand, "play 2S", "play 3S", "play AS", "play 9S")  # the 13 is already lost
    assert not hand.is_over()
    assert len(play_lowest(hand)["tricks"]) == 13


def test_two_13_bidders_whoever_takes_all_13_wins():
    res = play_lowest(bids(hand400(ALL_HEARTS), 2, 13, 2, 13))  # seat 0 bid 2 and takes all
    assert res["winner"] == 0
    res = play_lowest(bids(hand400(ALL_HEARTS), 13, 13, 2, 2))  # seat 0 bid 13 and takes all
    assert res["winner"] == 0 and res["score"] == [0, 0, -2, -2]


def test_two_13_bidders_nobody_takes_all_the_first_13_bidders_side_loses():
    res = play_lowest(bids(hand400(PARTNER_TAKES_ONE), 13, 13, 2, 2))
    assert res["winner"] == 1  # seat 0 bid 13 first
    res = play_lowest(bids(hand400(PARTNER_TAKES_ONE), 2, 13, 2, 13))
    assert res["winner"] == 0  # seat 1 bid 13 first
    res = play_lowest(bids(hand400(PARTNER_TAKES_ONE, dealer=0), 13, 2, 2, 13))
    assert res["winner"] == 0  # bidding order 1 2 3 0: seat 1 first


# --- the match ----------------------------------------------------------------------------------

@pytest.mark.parametrize("score, winner", [
    ([41, 0, 1, 0], 0),
    ([1, 41, 0, 50], 1),
    ([41, 0, 0, 0], None),      # partner at 0: play on
    ([60, 0, -3, 0], None),     # partner below 0
    ([40, 0, 40, 0], None),
    ([0, 41, 0, 1], 1),
])
def test_side_wins_with_41_and_partner_above_0(score, winner):
    assert match_winner(score, 41) == winner


def test_partner_at_0_play_on_through_a_hand():
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[37, 0, 2, 0]), 4, 2, 3, 2))
    assert res["score"] == [41, -2, -1, -2]
    assert res["match_over"] is False and res["winner"] is None


def test_both_sides_qualify_higher_sum_wins():
    assert match_winner([45, 41, 1, 1], 41) == 0
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[37, 45, 5, 6]), 4, 4, 2, 2))
    assert res["score"] == [41, 41, 3, 4]
    assert res["winner"] == 1


def test_both_sides_qualify_equal_sums_play_on():
    assert match_winner([41, 41, 1, 1], 41) is None
    res = play_lowest(bids(hand400(ALL_HEARTS, score=[37, 45, 5, 5]), 4, 4, 2, 2))
    assert res["score"] == [41, 41, 3, 3]
    assert res["match_over"] is False and res["winner"] is None


# --- options ---------------------------------------------------------------------------------------

def test_options_default_off():
    assert Hand400.deal(1).options == {"face_card_redeal": False, "five_to_run": False, "rising_total": False,
                                       "big_bids": 0, "forty_one": False, "target": 41}
    with pytest.raises(ValueError):
        Hand400.deal(1, {"big_bids": 9})
    with pytest.raises(ValueError):
        Hand400.deal(1, {"target": 45})


REDEAL_ON = {"face_card_redeal": True}


def test_no_face_card_redeal_asks_every_seat_in_order_from_forehand():
    hand = hand400(NO_FACES, dealer=2, options=REDEAL_ON)  # forehand 3; seats 1 and 3 have no face card
    seen = []
    while hand.phase == "redeal":
        seen.append(hand.turn)
        hand.apply("keep")
    assert seen == [3, 0, 1, 2]
    assert hand.phase == "auction" and hand.turn == 3


def test_no_face_card_redeal_asks_even_when_everyone_holds_a_face_card():
    hand = hand400(ALL_HEARTS, dealer=3, options=REDEAL_ON)
    assert hand.phase == "redeal" and hand.turn == 0 and hand.legal_texts() == ["keep"]
    act(hand, "keep", "keep", "keep", "keep")
    assert hand.phase == "auction" and hand.turn == 0


def test_no_face_card_redeal_only_seats_without_a_face_card_may_redeal():
    hand = hand400(NO_FACES, dealer=2, options=REDEAL_ON)
    offered = {}
    while hand.phase == "redeal":
        offered[hand.turn] = hand.legal_texts()
        hand.apply("keep")
    assert offered == {3: ["keep", "redeal"], 0: ["keep"], 1: ["keep", "redeal"], 2: ["keep"]}


def test_no_face_card_redeal_refused_to_a_seat_with_a_face_card():
    hand = act(hand400(NO_FACES, dealer=2, options=REDEAL_ON), "keep")  # seat 0 holds aces
    assert hand.turn == 0
    err = refusal(hand, "redeal")
    assert err.rule == "redeal"
    assert refusal(hand, "bid 2").rule == "wrong-phase"


def test_no_face_card_redeal_log_shows_a_keep_from_everyone_who_does_not_redeal():
    hand = act(hand400(NO_FACES, dealer=2, options=REDEAL_ON), "keep", "keep", "keep", "keep", "bid 2")
    assert hand.record()["actions"] == [[3, "keep"], [0, "keep"], [1, "keep"], [2, "keep"], [3, "bid 2"]]
    for seat in range(4):  # every seat sees the same four keeps, whoever could have redealt
        assert hand.observation(seat).log[:4] == ((3, "keep"), (0, "keep"), (1, "keep"), (2, "keep"))


def test_no_face_card_redeal_throws_the_hand_in_and_the_deal_passes_on():
    """DECISIONS: the dealer moves after every hand, a thrown-in one too; only 304's redeal is
    dealt again by the same dealer."""
    hand = act(hand400(NO_FACES, dealer=2, options=REDEAL_ON), "keep", "keep", "redeal")
    assert hand.record()["actions"] == [[3, "keep"], [0, "keep"], [1, "redeal"]]
    assert hand.is_over() and hand.same_dealer_again() is False
    assert hand.result()["thrown_in"] is True and hand.result()["score"] == [0, 0, 0, 0]


def test_a_match_moves_the_deal_on_after_a_no_face_card_redeal():
    for seed in range(1000):  # the first deal in which a seat may ask for the redeal
        match = Match("400", REDEAL_ON, seed)
        while match.hand.phase == "redeal" and "redeal" not in match.hand.legal_texts():
            match.hand.apply("keep")
        if match.hand.phase == "redeal":
            break
    dealer, score = match.dealer, list(match.hand.score_before)
    match.hand.apply("redeal")
    match.next_hand()
    assert match.dealer == (dealer + 1) % 4 and list(match.hand.score_before) == score


def test_no_face_card_redeal_record_replays():
    hand = act(hand400(NO_FACES, dealer=2, options=REDEAL_ON), "keep", "keep", "keep", "keep")
    hand = bids(hand, 2, 2, 3, 4)
    out = replay(hand.record(), trace=True)
    assert out["ok"] is True
    assert [t["legal"] for t in out["trace"][:4]] == [["keep", "redeal"], ["keep"], ["keep", "redeal"], ["keep"]]


def test_no_face_card_redeal_is_off_by_default():
    hand = hand400(NO_FACES, dealer=2, options={})
    assert hand.phase == "auction"
    assert refusal(hand, "redeal").rule == "redeal"
    assert refusal(hand, "keep").rule == "redeal"


def test_five_to_run_dealer_must_bid_5_when_nobody_has():
    hand = bids(hand400(options={"five_to_run": True}), 2, 2, 4)
    assert min(hand.legal_actions()) == A.BID + 5
    assert refusal(hand, "bid 4").rule == "five-to-run"
    hand = bids(hand400(options={"five_to_run": True}), 2, 6, 2)
    assert min(hand.legal_actions()) == A.BID + 2


@pytest.mark.parametrize("top, needed", [(29, 11), (30, 12), (40, 13), (49, 13), (50, 14)])
def test_rising_total_by_the_highest_score(top, needed):
    assert total_needed([0, top, 5, -3], True) == needed
    assert total_needed([0, top, 5, -3], False) == 11


def test_rising_total_throws_in_11_at_30():
    score = [0, 30, 0, 0]
    assert bids(hand400(options={"rising_total": True}, score=score), 2, 3, 3, 3).is_over()
    assert not bids(hand400(options={}, score=score), 2, 3, 3, 3).is_over()
    assert not bids(hand400(options={"rising_total": True}, score=score), 2, 3, 3, 4).is_over()


@pytest.mark.parametrize("big, bid, value", [
    (10, 9, 27), (10, 10, 40), (10, 11, 40), (10, 12, 40), (11, 10, 30), (11, 11, 50), (11, 12, 50)])
def test_big_bids(big, bid, value):
    assert bid_value(bid, 0, {"big_bids": big}) == value


def test_big_bids_through_a_hand():
    res = play_lowest(bids(hand400(ALL_HEARTS, options={"big_bids": 11}), 11, 2, 2, 2))
    assert res["score"] == [50, -2, -2, -2]


@pytest.mark.parametrize("bid, value", [(1, 1), (4, 4), (5, 5), (6, 6), (7, 14), (9, 18), (12, 24)])
def test_forty_one_values(bid, value):
    assert bid_value(bid, 0, {"forty_one": True}) == value


def test_forty_one_bids_from_1_at_any_score():
    hand = hand400(options={"forty_one": True}, score=[55, 0, 0, 0])
    assert min(hand.legal_actions()) == A.BID + 1
    assert refusal(hand, "bid 0").rule == "bid-minimum"


def test_match_to_44():
    assert match_winner([42, 0, 1, 0], 44) is None
    res = play_lowest(bids(hand400(ALL_HEARTS, options={"target": 44}, score=[37, 0, 5, 0]), 4, 2, 3, 2))
    assert res["score"][0] == 41 and res["winner"] is None


# --- refusals in the wrong phase ----------------------------------------------------------------

def test_wrong_phase_refusals_are_sentences():
    # 400's one test of a reason's words; the others assert the rule it names
    hand = hand400()
    assert refusal(hand, "play 2H").reason == "'play 2H' is not possible now: it is your turn to bid, from 2 to 13 ('bid N')."
    bids(hand, 3, 3, 3, 3)
    assert refusal(hand, "bid 3").reason == "'bid 3' is not possible now: the bidding is over; play a card ('play XX')."
    assert refusal(hand, "bid 3").rule == "wrong-phase"
    assert refusal(hand, "indicator 2H").rule == "wrong-phase"
    play_lowest(hand)
    assert refusal(hand, "play 2H").rule == "hand-over"


# --- observations -----------------------------------------------------------------------------------

def test_observation_public_facts():
    hand = bids(hand400(TRICKS, score=[0, 30, 0, 0]), 3, 5, 2)
    obs = hand.observation(1)
    assert obs.hand == tuple(sorted(FRENCH52.parse(c) for c in TRICKS[1].split()))
    assert obs.legal == () and obs.turn == 3
    assert obs.public["bids"] == [3, 5, 2, None]
    assert obs.public["bid_values"] == [3, 5, 2, None]
    assert obs.public["min_bid"] == 2 and obs.public["total_needed"] == 11
    assert obs.log == ((0, "bid 3"), (1, "bid 5"), (2, "bid 2"))


# --- random play (what every game keeps, undo, clone, records, sight, is in test_engine_contract.py) ---

OPTIONS = st.fixed_dictionaries({}, optional={
    "face_card_redeal": st.booleans(), "five_to_run": st.booleans(), "rising_total": st.booleans(),
    "big_bids": st.sampled_from((0, 10, 11)), "forty_one": st.booleans(), "target": st.sampled_from((41, 44)),
})
SCORE = st.lists(st.integers(-40, 60), min_size=4, max_size=4)


def reference_winner(leader: int, cards) -> int:
    """Trick winner by the rule text: the highest heart, else the highest card of the led suit."""
    hearts = [c for c in cards if c >> 4 == 1]
    pool = hearts or [c for c in cards if c >> 4 == cards[0] >> 4]
    return (leader + cards.index(max(pool))) % 4


def random_hand(seed, options, score, dealer):
    rng = random.Random(seed)
    hand = Hand400.deal(seed, options, dealer, score)
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@fuzz(60)
@given(st.integers(0, 10**9), OPTIONS, SCORE, st.integers(0, 3))
def test_random_hands_follow_suit_hearts_win_and_each_player_counts_own_tricks(seed, options, score, dealer):
    hand = random_hand(seed, options, score, dealer)
    res = hand.result()
    if res["thrown_in"]:
        assert res["points"] == [0, 0, 0, 0] and res["score"] == score
        return
    held = [set(h) for h in hand.dealt]
    for t in hand.tricks:
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % 4
            if i and c >> 4 != t.cards[0] >> 4:  # not following: must be void in the led suit
                assert not any(x >> 4 == t.cards[0] >> 4 for x in held[seat])
            held[seat].discard(c)
        assert t.winner == reference_winner(t.leader, t.cards)
    assert sum(res["points"]) == 13 and res["points"] == [sum(t.winner == s for t in hand.tricks) for s in range(4)]
    assert res["made"] == [res["points"][s] >= hand.bids[s] for s in range(4)]


def test_random_matches_end():
    for seed in range(5):
        match = Match("400", seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            while not match.hand.is_over():
                match.hand.apply(rng.choice(match.hand.legal_actions()))
            match.next_hand()
            if match.over:
                break
        assert match.over and match.winner in (0, 1)


# --- bad records ----------------------------------------------------------------------------------------

def good_record() -> dict:
    hand = bids(hand400(TRICKS), 3, 3, 3, 3)
    act(hand, "play 2S", "play AS")
    return hand.record()


@pytest.mark.parametrize("change, index, rule", [
    (lambda r: r["actions"].append([2, "play AH"]), 6, "follow-suit"),
    (lambda r: r["actions"].append([2, "play 2D"]), 6, "card-not-held"),
    (lambda r: r["actions"].insert(0, [0, "pass"]), 0, "no-pass"),
    (lambda r: r["actions"].insert(0, [0, "bid 14"]), 0, "bid-maximum"),
    (lambda r: r["actions"].insert(0, [0, "double"]), 0, "wrong-phase"),
    (lambda r: r["actions"].insert(0, [0, "bid x"]), 0, "unknown-action"),
    (lambda r: r["actions"].append([3, "play QS"]), 6, None),  # seat 2's turn
    (lambda r: r["actions"].insert(0, [0]), 0, None),
])
def test_bad_actions_are_refused(change, index, rule):
    """The record's error is at the bad action; an action the rules refuse gives the engine's
    own refusal as its reason."""
    rec = good_record()
    change(rec)
    out = replay(rec)
    assert out["ok"] is False and out["error"]["index"] == index
    if rule:
        text = rec["actions"][index][1]
        probe = act(hand400(TRICKS), *(t for _, t in rec["actions"][:index]))
        assert probe.check(text).rule == rule
        assert out["error"]["reason"] == probe.check(text).reason


@pytest.mark.parametrize("change", [
    lambda r: r["hands"][0].pop(),
    lambda r: r["hands"][0].__setitem__(0, "AS"),
    lambda r: r["hands"][0].__setitem__(0, "1S"),
    lambda r: r.__setitem__("score", [0, 0]),
    lambda r: r.__setitem__("options", {"big_bids": 12}),
    lambda r: r.__setitem__("options", {"jokers": True}),
    lambda r: r.__setitem__("dealer", 4),
])
def test_bad_records_are_refused(change):
    rec = good_record()
    change(rec)
    out = replay(rec)
    assert out["ok"] is False and out["error"]["index"] is None and out["error"]["reason"]


def test_action_after_a_thrown_in_hand_is_refused():
    hand = bids(hand400(), 2, 2, 2, 2)
    rec = hand.record()
    rec["actions"].append([0, "play 2H"])
    out = replay(rec)
    assert out["ok"] is False and out["error"]["index"] == 4
