"""Schieber Jass: one test per rule of docs/rules.md ('Schieber Jass'), then properties of random
legal play that are Schieber's own (what every game keeps is in test_engine_contract.py).

Deals are written out in full.  Unless a test says otherwise the dealer is seat 3, so seat 0
is forehand.  STRIPES has no Weis and no Stöck in any contract.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import refusal
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match
from game.engine.cards import SWISS36
from game.engine.records import replay
from game.engine.schieber import KEYS, OBENABE, POINTS, UNDENUFE, HandSchieber

STRIPES = [
    "6E BE AE 9R KR 8S OS 7B UB",
    "7E UE 6R BR AR 9S KS 8B OB",
    "8E OE 7R UR 6S BS AS 9B KB",
    "9E KE 8R OR 7S US 6B BB AB",
]
NO_EICHELN_2 = [  # STRIPES with seat 2 holding no Eicheln
    "6E BE AE 9R KR 8S OS 7B UB",
    "7E UE 6R BR AR 9S KS 8B OB",
    "7R UR 6S 7S BS US AS 9B KB",
    "8E 9E OE KE 8R OR 6B BB AB",
]
LONE_PUUR_2 = [  # STRIPES with seat 2 holding the Rosen Under as its only Rosen
    "6E BE AE 9R KR 8S OS 7B UB",
    "7E UE 6R BR AR 9S KS 8B OB",
    "8E OE UR 6S 7S BS AS 9B KB",
    "9E KE 7R 8R OR US 6B BB AB",
]
ONLY_TRUMPS_2 = [  # with Rosen trump, seat 2 is left with only trumps after two tricks
    "6E 7E 9E BE AE 6S 8S 6B 8B",
    "UR 9R 7S 9S US KS 7B 9B UB",
    "6R 7R 8R BR OR KR AR 8E OE",
    "UE KE BS OS AS BB OB KB AB",
]
STOECK_R_0 = [  # seat 0 holds Rosen Ober and König
    "6E BE AE OR KR 8S OS 7B UB",
    "7E UE 6R BR AR 9S KS 8B OB",
    "8E OE 7R UR 6S BS AS 9B KB",
    "9E KE 8R 9R 7S US 6B BB AB",
]
STOECK_S_0 = [  # seat 0 holds Schilten Ober and König
    "6E BE AE 9R KR OS KS 7B UB",
    "7E UE 6R BR AR 8S 9S 8B OB",
    "8E OE 7R UR 6S BS AS 9B KB",
    "9E KE 8R OR 7S US 6B BB AB",
]
STOECK_IN_WEIS_0 = [  # seat 0: Rosen Ober König Ass, a run of 20 and, with Rosen trump, Stöck
    "BE AE OR KR AR 8S OS 7B UB",
    "6E 7E UE 6R BR 9S KS 8B OB",
    "8E OE 7R UR 6S BS AS 9B KB",
    "9E KE 8R 9R 7S US 6B BB AB",
]
WEIS_50_1 = [  # runs: seat 0 6E-8E (20), seat 1 8S-US (50), seat 2 UE-KE (20), seat 3 none
    "6E 7E 8E BE AE KR OS 7B UB",
    "BR AR 8S 9S BS US KS 8B OB",
    "UE OE KE 7R 9R UR AS 9B KB",
    "9E 6R 8R OR 6S 7S 6B BB AB",
]
EQUAL_RUNS = [  # seat 0 6E-8E (20), seat 1 6B-8B (20): equal in all but suit and seat
    "6E 7E 8E BE AE 9R BR 8S UB",
    "UE KR AR 9S KS 6B 7B 8B OB",
    "OE 7R UR 6S BS OS AS 9B KB",
    "9E KE 6R 8R OR 7S US BB AB",
]
LOW_HIGH_RUNS = [  # seat 0 6E-8E (20), seat 1 7B-9B (20)
    "6E 7E 8E BE AE 9R BR 8S UB",
    "UE KR AR 9S KS 7B 8B 9B OB",
    "OE 7R UR 6S BS OS AS 6B KB",
    "9E KE 6R 8R OR 7S US BB AB",
]
FOUR_ACES_0_RUN_OF_5_1 = [  # seat 0 four Asses (100), seat 1 6S-BS (100, five cards)
    "6E 8E AE 6R 8R AR AS UB AB",
    "7E 9E 7R 9R 6S 7S 8S 9S BS",
    "BE OE KE BR OR KR OS 7B 9B",
    "UE UR US KS 6B 8B BB OB KB",
]
ALL_EICHELN_0 = [  # seat 0 holds all nine Eicheln (a run of nine: 100)
    "6E 7E 8E 9E BE UE OE KE AE",
    "6R 9R OR 8S US AS 7B BB KB",
    "7R BR KR 6S 9S OS 8B UB AB",
    "8R UR AR 7S BS KS 6B 9B OB",
]
CONTRACTS = ["trump E", "trump R", "trump S", "trump B", "obenabe", "undenufe"]


def new(hands, dealer=3, options=None, score=None, first_hand=False) -> HandSchieber:
    return HandSchieber([h.split() for h in hands], dealer, options, score, first_hand)


def play(hand: HandSchieber, *actions: str) -> HandSchieber:
    for a in actions:
        hand.apply(a)
    return hand


def plays(cards: str) -> set[str]:
    return {"play " + c for c in cards.split()}


def legal(hand: HandSchieber) -> set[str]:
    return set(hand.legal_texts())


def finish(hand: HandSchieber, seed: int = 0) -> HandSchieber:
    rng = random.Random(seed)
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def card_points(hand: HandSchieber) -> int:
    """Points of the cards in the completed tricks, before the multiplier."""
    pts = POINTS[hand.contract]
    return sum(pts[c] for t in hand.tricks for c in t.cards)


# ---- deck and deal -------------------------------------------------------------------------

def test_36_swiss_cards_dealt_in_packets_of_three_nine_each():
    hand = HandSchieber.deal(7, dealer=2)
    assert HandSchieber.PACKETS == (3, 3, 3) and len(SWISS36) == 36
    assert all(len(cards) == 9 for cards in hand.dealt)
    assert sorted(c for cards in hand.dealt for c in cards) == sorted(SWISS36.cards)
    assert {SWISS36.text(c)[0] for c in SWISS36.cards} == set("6789BUOKA")
    assert {SWISS36.text(c)[1] for c in SWISS36.cards} == set("ERSB")


def test_a_hand_must_be_nine_swiss_cards():
    with pytest.raises(ValueError):
        HandSchieber([h.split()[:8] for h in STRIPES], 3)
    with pytest.raises(ValueError):
        HandSchieber([h.split() for h in STRIPES[:3]] + [["JS"] * 9], 3)


# ---- forehand ------------------------------------------------------------------------------

def test_first_hand_of_a_match_holder_of_rosen_7_is_forehand():
    hand = new(STRIPES, dealer=3, first_hand=True)  # seat 2 holds 7R
    assert hand.turn == 2 and hand.forehand == 2
    play(hand, "obenabe")
    assert hand.turn == 2  # and leads the first trick
    assert hand.record()["first_hand"] is True


def test_first_hand_of_a_match_object_starts_with_the_rosen_7():
    for seed in range(5):
        match = Match("schieber", seed=seed)
        holder = next(s for s, cards in enumerate(match.hand.dealt) if SWISS36.parse("7R") in cards)
        assert match.hand.turn == holder


def test_afterwards_forehand_is_the_player_after_the_dealer():
    for dealer in range(4):
        assert new(STRIPES, dealer=dealer).turn == (dealer + 1) % 4


def test_match_deals_later_hands_with_forehand_after_the_dealer():
    match = Match("schieber", seed=3)
    finish(match.hand)
    match.next_hand()
    assert not match.hand.first_hand
    assert match.hand.turn == (match.dealer + 1) % 4


# ---- the contract --------------------------------------------------------------------------

def test_forehand_chooses_a_trump_suit_obenabe_undenufe_or_pushes():
    hand = new(STRIPES)
    assert legal(hand) == set(CONTRACTS) | {"push"}
    assert hand.observation(0).phase == "contract"


def test_push_passes_the_choice_to_the_partner_who_must_choose():
    hand = play(new(STRIPES), "push")
    assert hand.turn == 2
    assert legal(hand) == set(CONTRACTS)
    err = refusal(hand, "push")
    assert err.rule == "no-push-back"


def test_forehand_leads_the_first_trick_even_after_a_push():
    hand = play(new(STRIPES), "push", "trump B")
    assert hand.turn == 0 and hand.chooser == 2
    public = hand.observation(1).public
    assert public["pushed"] is True and public["chooser"] == 2 and public["trump"] == 3


def test_cards_cannot_be_played_before_the_contract():
    err = refusal(new(STRIPES), "play AE")
    assert err.rule == "choose-contract"
    assert refusal(play(new(STRIPES), "push"), "play AS").rule == "choose-contract"


def test_the_contract_cannot_be_chosen_twice():
    err = refusal(play(new(STRIPES), "trump E"), "obenabe")
    assert err.rule == "contract-chosen"


def test_other_games_actions_are_refused_with_the_schieber_actions_named():
    err = refusal(new(STRIPES), "pass")
    assert err.rule == "not-schieber"
    assert refusal(new(STRIPES), "bid 100").rule == "not-schieber"
    assert refusal(new(STRIPES), "trump X").rule == "unknown-action"


@pytest.mark.parametrize("contract,mult", list(zip(CONTRACTS, (1, 1, 2, 2, 3, 4))))
def test_multipliers_eicheln_rosen_1_schilten_schellen_2_obenabe_3_undenufe_4(contract, mult):
    hand = finish(play(new(STRIPES), contract))
    assert hand.result()["multiplier"] == mult
    assert hand.result()["points"][0] + hand.result()["points"][1] == 157 * mult


@pytest.mark.parametrize("contract,mult", list(zip(CONTRACTS, (1, 1, 2, 2, 3, 3))))
def test_option_2500_table_multipliers_and_target(contract, mult):
    hand = finish(play(new(STRIPES, options={"table_2500": True}), contract))
    assert hand.result()["multiplier"] == mult
    assert sum(hand.result()["points"]) == 157 * mult
    assert hand.target == 2500 and new(STRIPES).target == 3000
    assert hand.record()["options"] == {"table_2500": True}


# ---- rank ----------------------------------------------------------------------------------

def order_by_key(contract: int, suit: str, led: str) -> str:
    cards = [SWISS36.parse(r + suit) for r in "6789BUOKA"]
    keys = KEYS[contract]["ERSB".index(led)]
    return " ".join(SWISS36.text(c)[0] for c in sorted(cards, key=lambda c: -keys[c]))


def test_rank_plain_a_k_o_u_b_9_8_7_6():
    assert order_by_key(OBENABE, "E", "E") == "A K O U B 9 8 7 6"
    assert order_by_key(1, "E", "E") == "A K O U B 9 8 7 6"  # a plain suit under Rosen trump
    hand = play(new(STRIPES), "obenabe", "play 6E", "play UE", "play OE", "play KE")
    assert hand.tricks[0].winner == 3  # König beats Ober and Under


def test_rank_trump_u_9_a_k_o_b_8_7_6():
    assert order_by_key(0, "E", "R") == "U 9 A K O B 8 7 6"
    hand = play(new(STRIPES), "trump E", "play AE", "play 7E", "play 8E", "play 9E")
    assert hand.tricks[0].winner == 3  # the trump 9 beats the Ass
    hand = play(new(STRIPES), "trump E", "play 6E", "play UE", "play 8E", "play 9E")
    assert hand.tricks[0].winner == 1  # the Puur beats the 9


def test_rank_undenufe_reverses_the_plain_order():
    assert order_by_key(UNDENUFE, "S", "S") == "6 7 8 9 B U O K A"
    hand = play(new(STRIPES), "undenufe", "play AE", "play 7E", "play 8E", "play 9E")
    assert hand.tricks[0].winner == 1  # the 7 is best of these
    hand = play(new(STRIPES), "undenufe", "play 6E", "play UE", "play OE", "play KE")
    assert hand.tricks[0].winner == 0


def test_rank_highest_trump_wins_else_highest_of_the_led_suit():
    hand = play(new(STRIPES), "trump R", "play AE", "play 6R", "play OE", "play KE")
    assert hand.tricks[0].winner == 1  # the lowest trump beats the Ass of the led suit
    hand = play(new(STRIPES), "trump R", "play 8S", "play KS", "play AS", "play US")
    assert hand.tricks[0].winner == 2
    hand = play(new(NO_EICHELN_2), "obenabe", "play 6E", "play 7E", "play AS", "play 8E")
    assert hand.tricks[0].winner == 3  # a card of another suit never wins
    assert hand.turn == 3  # the winner leads next


# ---- following -----------------------------------------------------------------------------

def test_follow_suit_except_that_a_trump_may_always_be_played():
    hand = play(new(STRIPES), "trump R", "play AE")
    assert legal(hand) == plays("7E UE 6R BR AR")
    err = refusal(hand, "play 9S")
    assert err.rule == "follow-suit"


def test_a_player_who_cannot_follow_plays_any_card():
    hand = play(new(NO_EICHELN_2), "trump B", "play AE", "play UE")
    assert legal(hand) == plays("7R UR 6S 7S BS US AS 9B KB")


def test_refusal_for_a_card_not_held():
    hand = play(new(STRIPES), "trump R")
    err = refusal(hand, "play 7E")
    assert err.rule == "card-not-held"


# ---- under-trumping ------------------------------------------------------------------------

def test_under_trumping_forbidden_when_a_plain_suit_was_led():
    hand = play(new(NO_EICHELN_2), "trump R", "play AE", "play AR")
    # seat 2 cannot follow; 7R would be lower than AR, UR is higher
    assert legal(hand) == plays("UR 6S 7S BS US AS 9B KB")
    err = refusal(hand, "play 7R")
    assert err.rule == "under-trump"
    # Schieber's one test of a reason's words (what a player must do instead); the others assert the rule
    assert err.reason.startswith("You may not under-trump: Rosen 7 is lower than the Rosen Ass already in the trick.")
    assert "Play a higher trump or play a card of another suit" in err.reason


def test_under_trumping_forbidden_even_when_the_player_could_follow_suit():
    hand = play(new(STRIPES), "trump R", "play AE", "play AR")
    assert legal(hand) == plays("8E OE UR")  # 7R would under-trump
    err = refusal(hand, "play 7R")
    assert err.rule == "under-trump"
    play(hand, "play UR")
    assert legal(hand) == plays("9E KE")  # 8R and OR are both lower than the Puur
    assert refusal(hand, "play OR").rule == "under-trump"


def test_under_trumping_is_measured_against_the_highest_trump_in_the_trick():
    hand = play(new(STRIPES), "trump R", "play AE", "play 6R")
    assert legal(hand) == plays("8E OE 7R UR")  # 7R beats 6R: over-trumping is fine
    play(hand, "play UR")
    assert "play 8R" not in legal(hand) and "play OR" not in legal(hand)


def test_under_trumping_allowed_when_every_card_in_the_hand_is_a_trump():
    hand = play(new(ONLY_TRUMPS_2), "trump R",
                "play AE", "play 9R")
    # seat 2 holds trumps and two Eicheln: every trump is below 9R, so it must follow
    assert legal(hand) == plays("8E OE")
    play(hand, "play 8E", "play KE")
    assert hand.tricks[-1].winner == 1
    play(hand, "play 7S")
    # no trump in the trick yet: seat 2 (no Schilten) may play anything
    assert legal(hand) == plays("6R 7R 8R BR OR KR AR OE")
    play(hand, "play OE", "play AS", "play 8S")
    assert hand.tricks[-1].winner == 3
    play(hand, "play BS", "play 6S", "play UR")
    # now seat 2 holds only trumps, all lower than the Puur: it may under-trump
    assert legal(hand) == plays("6R 7R 8R BR OR KR AR")
    play(hand, "play 6R")


def test_only_trumps_means_every_card_one_plain_card_is_enough_to_forbid():
    hand = play(new(NO_EICHELN_2), "trump R", "play AE", "play AR")
    assert hand.hand[2] & ~hand.tmask  # seat 2 holds plain cards of other suits
    assert "play 7R" not in legal(hand)


def test_no_under_trumping_rule_when_trump_was_led():
    hand = play(new(STRIPES), "trump R", "play KR", "play AR")
    assert legal(hand) == plays("7R UR")  # 7R is lower than AR, but trump was led


def test_no_under_trumping_without_a_trump_in_the_trick():
    hand = play(new(NO_EICHELN_2), "trump R", "play AE", "play UE")
    assert {"play 7R", "play UR"} <= legal(hand)


# ---- trump led and the Puur ----------------------------------------------------------------

def test_trump_led_must_be_followed_except_the_puur_held_as_the_only_trump():
    hand = play(new(LONE_PUUR_2), "trump R", "play KR")
    assert legal(hand) == plays("6R BR AR")
    err = refusal(hand, "play 7E")
    assert err.rule == "follow-trump"
    play(hand, "play BR")
    assert legal(hand) == plays("8E OE UR 6S 7S BS AS 9B KB")  # the lone Puur may be kept back
    play(hand, "play 6S")
    assert legal(hand) == plays("7R 8R OR")


def test_the_puur_with_another_trump_does_not_free_the_hand():
    hand = play(new(STRIPES), "trump R", "play KR", "play BR")
    assert legal(hand) == plays("7R UR")


def test_the_lone_puur_may_also_be_played_on_a_trump_lead():
    hand = play(new(LONE_PUUR_2), "trump R", "play KR", "play BR", "play UR")
    assert hand.turn == 3


def test_trump_led_without_trumps_any_card():
    hand = play(new(NO_EICHELN_2), "trump E", "play AE", "play UE")
    assert len(legal(hand)) == 9


# ---- Obenabe and Undenufe ------------------------------------------------------------------

@pytest.mark.parametrize("contract", ["obenabe", "undenufe"])
def test_obenabe_undenufe_follow_suit_else_any_card(contract):
    hand = play(new(STRIPES), contract, "play AE")
    assert legal(hand) == plays("7E UE")
    assert refusal(hand, "play AR").rule == "follow-suit"
    hand = play(new(NO_EICHELN_2), contract, "play AE", "play 7E")
    assert len(legal(hand)) == 9  # no trump, no under-trumping: anything


# ---- Weis ----------------------------------------------------------------------------------

def test_weis_scored_when_the_first_trick_is_complete_best_side_takes_all_its_weis():
    hand = play(new(WEIS_50_1), "trump E", "play AE", "play 8S", "play UE")
    assert hand.points == [0, 0]
    assert all(w == [] for w in hand.observation(3).public["weis"])
    play(hand, "play 9E")
    # seat 1's run of four (50) is best: side 1 scores 50, side 0 (20 + 20) nothing
    trick = 11 + 0 + 20 + 14  # AE 8S UE 9E, won by seat 2 with the Puur
    assert hand.points == [trick, 50]
    assert hand.observation(0).public["weis_points"] == [0, 50]


def test_weis_and_trick_points_multiplied():
    hand = play(new(WEIS_50_1), "trump B", "play AE", "play 8S", "play UE", "play 9E")
    assert hand.points == [(11 + 2) * 2, 50 * 2]  # AE UE (plain) to seat 0
    assert hand.observation(2).public["weis_points"] == [0, 100]


def test_weis_cards_become_visible_to_all_when_scored_only_the_scoring_side():
    hand = play(new(WEIS_50_1), "obenabe", "play AE", "play 8S", "play UE", "play 9E")
    cards = tuple(SWISS36.parse(c) for c in ["8S", "9S", "BS", "US"])
    for seat in range(4):
        weis = hand.observation(seat).public["weis"]
        assert weis[1] == [{"kind": "run", "points": 50, "cards": cards}]
        assert weis[0] == weis[2] == weis[3] == []


def test_weis_declared_automatically_no_action_for_it():
    hand = play(new(WEIS_50_1), "trump E")
    rng = random.Random(0)
    while not hand.is_over():
        assert all(t.startswith("play ") for t in hand.legal_texts())
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.result()["weis_points"] == [0, 50]


def test_weis_more_cards_wins_at_equal_points():
    hand = finish(play(new(FOUR_ACES_0_RUN_OF_5_1), "obenabe"))
    assert hand.result()["weis_points"] == [0, 300]  # five in a row beat four Asses


def test_weis_equal_except_suit_goes_to_the_earlier_player_from_the_first_leader():
    hand = finish(play(new(EQUAL_RUNS), "obenabe"))
    assert hand.result()["weis_points"] == [60, 0]  # forehand (seat 0) is earlier
    hand = finish(play(new(EQUAL_RUNS, dealer=0), "obenabe"))
    assert hand.result()["weis_points"] == [0, 60]  # seat 1 leads: seat 1 is earlier
    hand = finish(play(new(EQUAL_RUNS), "push", "obenabe"))
    assert hand.result()["weis_points"] == [60, 0]  # after a push forehand still leads


def test_weis_equal_runs_trump_before_plain():
    hand = finish(play(new(EQUAL_RUNS), "trump B"))
    assert hand.result()["weis_points"] == [0, 40]  # seat 1's Schellen run is trump
    hand = finish(play(new(EQUAL_RUNS), "trump E"))
    assert hand.result()["weis_points"] == [20, 0]


def test_weis_higher_top_card_wins_in_undenufe_lower():
    hand = finish(play(new(LOW_HIGH_RUNS), "obenabe"))
    assert hand.result()["weis_points"] == [0, 60]  # 7B-9B beats 6E-8E
    hand = finish(play(new(LOW_HIGH_RUNS), "undenufe"))
    assert hand.result()["weis_points"] == [80, 0]  # lower wins in Undenufe


def test_weis_no_weis_at_all_scores_nothing():
    for contract in CONTRACTS:
        hand = finish(play(new(STRIPES), contract))
        assert hand.result()["weis_points"] == [0, 0]
        assert all(w == [] for w in hand.observation(0).public["weis"])


def test_stoeck_cards_may_also_be_part_of_a_weis():
    hand = finish(play(new(STOECK_IN_WEIS_0), "trump R"))
    assert hand.result()["weis_points"] == [20, 0]
    assert hand.result()["stoeck_points"] == [20, 0]
    assert sum(hand.result()["points"]) == 157 + 20 + 20


# ---- Stöck ---------------------------------------------------------------------------------

def test_stoeck_scores_20_when_the_second_of_koenig_and_ober_is_played():
    hand = play(new(STOECK_R_0), "trump R", "play KR", "play AR", "play UR", "play 9R")
    assert hand.tricks[0].winner == 2
    assert hand.points == [4 + 11 + 20 + 14, 0]  # no Stöck for the first card
    assert hand.observation(1).public["stoeck"] is None
    play(hand, "play 7R", "play 8R", "play OR")
    assert hand.points == [49 + 20, 0]  # the second card: Stöck at once
    assert hand.observation(1).public["stoeck"] == 0
    assert hand.turn == 1  # the trick goes on


def test_stoeck_multiplied_by_the_contract():
    hand = finish(play(new(STOECK_S_0), "trump S"))
    assert hand.result()["stoeck_points"] == [40, 0]
    assert sum(hand.result()["points"]) == 157 * 2 + 40


def test_stoeck_not_in_obenabe_or_undenufe():
    for contract in ("obenabe", "undenufe"):
        hand = finish(play(new(STOECK_S_0), contract))
        assert hand.result()["stoeck_points"] == [0, 0]
        assert hand.stoeck_seat == -1


def test_stoeck_needs_koenig_and_ober_in_one_hand():
    hand = finish(play(new(STOECK_S_0), "trump R"))  # Rosen König seat 0, Ober seat 3
    assert hand.result()["stoeck_points"] == [0, 0]


def test_stoeck_early_when_it_would_reach_the_target_after_the_contract():
    hand = play(new(STOECK_S_0, score=[2960, 0]), "trump S")
    assert hand.is_over()
    res = hand.result()
    assert res["points"] == [40, 0] and res["score"] == [3000, 0]
    assert res["match_over"] and res["winner"] == 0 and res["tricks"] == []
    hand = play(new(STOECK_S_0, score=[2960, 0]), "trump E")  # no Stöck in Eicheln
    assert not hand.is_over()


def test_stoeck_early_checked_after_a_scoring_event():
    hand = play(new(STOECK_S_0, score=[2930, 0]), "trump S")
    assert not hand.is_over()  # 2930 + 40 is short of 3000
    play(hand, "play AE", "play UE", "play OE", "play KE")
    # seat 0 wins (11 + 2 + 3 + 4) x 2 = 40: 2970, and Stöck (40) now reaches the target
    assert hand.is_over()
    res = hand.result()
    assert res["points"] == [80, 0] and res["score"] == [3010, 0] and res["winner"] == 0
    assert res["stoeck_points"] == [40, 0]


def test_order_stoeck_then_weis_then_trick_points():
    # Side 1 would reach 3000 with the first trick's points, but side 0's Weis (20) and then
    # its Stöck (20) come first.
    first = ("trump R", "play AE", "play 6R", "play 8E", "play 9E")  # seat 1 trumps: 11 points
    hand = play(new(STOECK_IN_WEIS_0, score=[2960, 2990]), *first)
    res = hand.result()
    assert res["winner"] == 0 and res["points"] == [40, 0] and res["score"] == [3000, 2990]
    assert res["weis_points"] == [20, 0] and res["stoeck_points"] == [20, 0]
    # 40 short: Weis then Stöck do not reach it, the trick points of side 1 do
    hand = play(new(STOECK_IN_WEIS_0, score=[2940, 2990]), *first)
    res = hand.result()
    assert res["winner"] == 1 and res["points"] == [20, 11] and res["stoeck_points"] == [0, 0]


def test_order_weis_before_trick_points():
    first = ("trump R", "play AE", "play 8S", "play KE", "play 9E")  # seat 0 wins 15
    hand = play(new(WEIS_50_1, score=[2990, 2960]), *first)
    res = hand.result()
    assert res["winner"] == 1 and res["points"] == [0, 50] and res["score"] == [2990, 3010]
    hand = play(new(WEIS_50_1, score=[2990, 2940]), *first)
    assert hand.result()["winner"] == 0 and hand.result()["points"] == [15, 50]


# ---- card points ---------------------------------------------------------------------------

def test_card_points_plain_a11_k4_o3_u2_b10():
    plain = POINTS[0]  # Eicheln trump: look at Rosen
    assert [plain[SWISS36.parse(r + "R")] for r in "AKOUB9876"] == [11, 4, 3, 2, 10, 0, 0, 0, 0]


def test_card_points_trump_u20_9_14_others_as_plain():
    trump = POINTS[1]  # Rosen trump
    assert [trump[SWISS36.parse(r + "R")] for r in "AKOUB9876"] == [11, 4, 3, 20, 10, 14, 0, 0, 0]


@pytest.mark.parametrize("contract", [OBENABE, UNDENUFE])
def test_card_points_obenabe_undenufe_every_8_is_worth_8(contract):
    pts = POINTS[contract]
    for suit in "ERSB":
        assert [pts[SWISS36.parse(r + suit)] for r in "AKOUB9876"] == [11, 4, 3, 2, 10, 0, 8, 0, 0]


@pytest.mark.parametrize("contract", range(6))
def test_card_points_total_157_with_the_last_trick(contract):
    assert sum(POINTS[contract][c] for c in SWISS36.cards) + 5 == 157


@pytest.mark.parametrize("contract", CONTRACTS)
def test_last_trick_is_worth_5(contract):
    hand = finish(play(new(STRIPES), contract), seed=3)
    last = hand.tricks[-1]
    assert card_points(hand) + 5 == 157
    assert sum(hand.points) == 157 * hand.mult
    # the last trick's side has its cards plus 5
    side_cards = [0, 0]
    for t in hand.tricks:
        side_cards[t.winner & 1] += sum(POINTS[hand.contract][c] for c in t.cards)
    side_cards[last.winner & 1] += 5
    assert [p // hand.mult for p in hand.points] == side_cards


def test_match_all_nine_tricks_gets_257():
    hand = play(new(ALL_EICHELN_0), "trump E")
    while not hand.is_over():  # seat 0 leads its trumps; nobody else holds one
        hand.apply(min(hand.legal_texts()))
    res = hand.result()
    assert all(t["winner"] == 0 for t in res["tricks"])
    assert res["weis_points"] == [100, 0] and res["stoeck_points"] == [20, 0]
    assert res["points"] == [257 + 100 + 20, 0]


def test_match_is_multiplied_too():
    hand = play(new(ALL_EICHELN_0), "obenabe")
    while not hand.is_over():
        hand.apply(min(hand.legal_texts()))
    assert hand.result()["points"] == [(257 + 100) * 3, 0]


# ---- live scoring and the end of the match -------------------------------------------------

def test_the_match_ends_the_moment_a_side_reaches_the_target():
    hand = play(new(STRIPES, score=[2950, 0]), "obenabe", "play AE", "play UE", "play OE", "play KE")
    assert hand.is_over() and hand.phase == "over" and len(hand.tricks) == 1
    res = hand.result()
    assert res["points"] == [60, 0] and res["score"] == [3010, 0]
    assert res["match_over"] is True and res["winner"] == 0 and res["made"] is None
    assert hand.observation(2).public["winner"] == 0


def test_the_record_stops_at_the_end_of_the_match_and_replay_refuses_more():
    hand = play(new(STRIPES, score=[2950, 0]), "obenabe", "play AE", "play UE", "play OE", "play KE")
    rec = hand.record()
    out = replay(json.loads(json.dumps(rec)))
    assert out["ok"] and out["complete"] and out["result"] == hand.result()
    rec["actions"].append([0, "play BE"])
    out = replay(rec)
    assert out["ok"] is False
    assert out["error"]["index"] == 5 and out["error"]["seat"] == 0 and out["error"]["action"] == "play BE"
    assert refusal(hand, "play BE").rule == "hand-over"


def test_a_match_never_ends_in_the_middle_of_a_trick():
    hand = play(new(STRIPES, score=[2999, 2999]), "obenabe", "play AE", "play UE", "play OE")
    assert not hand.is_over() and hand.points == [0, 0]
    play(hand, "play KE")
    assert hand.is_over()


def test_a_hand_without_the_target_reached_scores_and_goes_on():
    hand = finish(play(new(STRIPES, score=[1000, 2000]), "trump R"))
    res = hand.result()
    assert not res["match_over"] and res["winner"] is None and "schneider" not in res
    assert res["score"] == [1000 + res["points"][0], 2000 + res["points"][1]]
    assert len(res["tricks"]) == 9


def test_the_match_cannot_start_with_the_target_already_reached():
    with pytest.raises(ValueError):
        new(STRIPES, score=[3000, 0])
    with pytest.raises(ValueError):
        new(STRIPES, score=[-5, 0])
    new(STRIPES, score=[2600, 0], options={"table_2500": False})
    with pytest.raises(ValueError):
        new(STRIPES, score=[2600, 0], options={"table_2500": True})


def test_match_object_plays_to_the_target():
    match = Match("schieber", seed=11)
    rng = random.Random(1)
    while not match.over:
        hand = match.hand
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
        match.next_hand()
    assert max(match.score) >= 3000 and match.score[match.winner] >= 3000
    assert match.score[1 - match.winner] < 3000
    assert "schneider" in match.finished[-1]["result"]


def test_schneider_a_loser_below_1500():
    end = ("obenabe", "play AE", "play UE", "play OE", "play KE")
    assert play(new(STRIPES, score=[2950, 1499]), *end).result()["schneider"] is True
    assert play(new(STRIPES, score=[2950, 1500]), *end).result()["schneider"] is False


def test_schneider_on_the_2500_table_below_1250():
    end = ("obenabe", "play AE", "play UE", "play OE", "play KE")
    opts = {"table_2500": True}
    res = play(new(STRIPES, score=[2450, 1249], options=opts), *end).result()
    assert res["match_over"] and res["score"] == [2510, 1249] and res["schneider"] is True
    assert play(new(STRIPES, score=[2450, 1250], options=opts), *end).result()["schneider"] is False


# ---- observation ---------------------------------------------------------------------------

def test_observation_shows_own_hand_contract_and_points_only():
    hand = play(new(STRIPES), "push", "trump S", "play AE", "play UE")
    obs = hand.observation(2)
    assert obs.hand == tuple(sorted(SWISS36.parse(c) for c in STRIPES[2].split()))
    assert obs.received == tuple(SWISS36.parse(c) for c in STRIPES[2].split())
    assert obs.trick == ((0, SWISS36.parse("AE")), (1, SWISS36.parse("UE")))
    assert obs.legal and obs.turn == 2 and hand.observation(0).legal == ()
    assert obs.public["contract"] == "trump" and obs.public["multiplier"] == 2
    assert obs.public["points"] == [0, 0] and obs.hand_sizes == (8, 8, 9, 9)
    assert obs.log == ((0, "push"), (2, "trump S"), (0, "play AE"), (1, "play UE"))


# ---- worlds for search: the same position with other unseen cards --------------------------

def swapped(hand: HandSchieber, a: str, b: str) -> list[list[int]]:
    """The hand's deal with cards a and b trading seats."""
    x, y = SWISS36.parse(a), SWISS36.parse(b)
    swap = {x: y, y: x}
    return [[swap.get(c, c) for c in row] for row in hand.dealt]


def replayed(hand: HandSchieber, dealt) -> HandSchieber | None:
    full = hand.with_cards(dealt)
    ok = full.replay_actions([(s, hand.parse_action(t)) for s, t in hand.history])
    return full if ok else None


def test_held_cards_move_while_the_weis_already_scored_stays_the_same():
    hand = play(new(WEIS_50_1), "trump E", "play AE", "play 8S", "play UE", "play 9E")
    assert hand.points == [45, 50]  # AE 8S UE 9E with Eicheln trump: 11 + 0 + 20 + 14
    dealt = swapped(hand, "9B", "6B")  # seats 2 and 3: neither card is in a Weis
    moved = hand.with_held_cards(dealt)
    assert moved is not None and vars(moved) == vars(replayed(hand, dealt))


def test_held_cards_do_not_move_where_they_would_change_the_weis_already_scored():
    hand = play(new(WEIS_50_1), "trump E", "play AE", "play 8S", "play UE", "play 9E")
    dealt = swapped(hand, "9S", "6B")  # seat 1's run of four (50) loses its 9S
    assert replayed(hand, dealt).points == [45 + 20 + 20, 0]  # side 0's two runs of three would win...
    assert hand.with_held_cards(dealt) is None  # ...so the position is replayed, not moved


def test_held_cards_do_not_move_where_an_unplayed_stoeck_would_have_ended_the_match():
    # Rosen trump: seat 0 holds the König, seat 3 the Ober, so no Stöck; side 0 needs 20
    hand = play(new(STOECK_S_0, score=[2980, 0]), "trump R", "play 6E", "play 7E", "play 8E")
    assert not hand.is_over() and hand.stoeck_seat == -1
    dealt = swapped(hand, "BE", "OR")  # seat 0 gets the Ober: Stöck, worth the match at once
    assert replayed(hand, dealt) is None  # the match would have ended as the trump was named
    assert hand.with_held_cards(dealt) is None
    # the same cards with the target out of reach move quickly, and the Stöck is still to come
    far = play(new(STOECK_S_0, score=[2000, 0]), "trump R", "play 6E", "play 7E", "play 8E")
    moved = far.with_held_cards(swapped(far, "BE", "OR"))
    assert moved is not None and moved.stoeck_seat == 0 and not moved.stoeck_scored
    assert vars(moved) == vars(replayed(far, swapped(far, "BE", "OR")))


# ---- properties of random legal play (what every game keeps is in test_engine_contract.py) ----

def random_hand(seed: int, near_end: bool = False) -> HandSchieber:
    rng = random.Random(seed)
    options = {"table_2500": rng.random() < 0.3}
    target = 2500 if options["table_2500"] else 3000
    score = [rng.randrange(target - 300, target) if near_end else rng.randrange(0, 2000) for _ in (0, 1)]
    return HandSchieber.deal(seed, options, dealer=rng.randrange(4), score=score,
                             first_hand=rng.random() < 0.3)


SEEDS = st.integers(0, 10**6)


@settings(max_examples=150, deadline=None)
@given(SEEDS)
def test_property_card_points_157_before_the_multiplier(seed):
    rng = random.Random(seed)
    hand = finish(HandSchieber.deal(seed, {"table_2500": rng.random() < 0.3}, dealer=rng.randrange(4)), seed)
    res = hand.result()
    assert not res["match_over"]  # from 0 : 0 (it would take some 600 points of Weis)
    assert card_points(hand) + 5 == 157
    match = any(all(t.winner & 1 == s for t in hand.tricks) for s in (0, 1))
    base = 257 if match else 157
    assert sum(res["points"]) == base * hand.mult + sum(res["weis_points"]) + sum(res["stoeck_points"])


@settings(max_examples=150, deadline=None)
@given(SEEDS, st.booleans())
def test_property_every_hand_terminates_at_a_trick_boundary(seed, near_end):
    hand = random_hand(seed, near_end)
    rng = random.Random(seed)
    for _ in range(2 + 36):
        if hand.is_over():
            break
        hand.apply(rng.choice(hand.legal_actions()))
    assert hand.is_over() and hand.trick == []
    res = hand.result()
    assert res["score"] == [b + p for b, p in zip(hand.score_before, res["points"])]
    if res["match_over"]:
        assert res["score"][res["winner"]] >= hand.target > res["score"][1 - res["winner"]]
    else:
        assert len(res["tricks"]) == 9 and max(res["score"]) < hand.target


def test_bad_record_wrong_turn_and_wrong_card():
    """The error names the action; one the rules refuse has the engine's refusal as reason."""
    rec = new(STRIPES).record()
    rec["actions"] = [[1, "obenabe"]]
    out = replay(rec)
    assert not out["ok"] and (out["error"]["index"], out["error"]["seat"]) == (0, 1)
    rec["actions"] = [[0, "obenabe"], [0, "play 7E"]]
    out = replay(rec)
    refused = play(new(STRIPES), "obenabe").check("play 7E")
    assert refused.rule == "card-not-held"
    assert out["error"] == {"index": 1, "seat": 0, "action": "play 7E", "reason": refused.reason}
    rec["actions"] = [[0, "trump R"], [0, "play AE"], [1, "play 9S"]]
    refused = play(new(STRIPES), "trump R", "play AE").check("play 9S")
    assert refused.rule == "follow-suit" and replay(rec)["error"]["reason"] == refused.reason
