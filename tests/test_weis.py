"""Schieber Weis and Stöck: one test per rule of docs/rules.md ('Weis', 'The best Weis', 'Stöck')."""

import pytest

from game.engine.cards import ASS, BANNER, KOENIG, OBER, ROSEN, SWISS36, mask_of
from game.engine.weis import (
    Weis,
    best_weis_owner,
    best_weis_split,
    stoeck_holder,
    weis_key,
    weis_points_by_side,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(sorted(SWISS36.parse(t) for t in text.split()))


def hand(text: str) -> int:
    return mask_of(cards(text))


def run(text: str, points: int) -> Weis:
    cs = cards(text)
    return Weis("run", points, cs, cs[-1] & 15)


def four(rank_letter: str, points: int) -> Weis:
    return Weis("four", points, cards(" ".join(rank_letter + s for s in "ERSB")), "????6789BUOKA".index(rank_letter))


def seats(*hands: str) -> list[list[Weis]]:
    return [best_weis_split(hand(h)) for h in hands]


# --- forming Weis from a dealt hand ---------------------------------------------------------

def test_three_in_sequence_scores_20():
    assert best_weis_split(hand("6E 7E 8E AE 6R 8R BR 6S 8S")) == [run("6E 7E 8E", 20)]


def test_four_in_sequence_scores_50():
    assert best_weis_split(hand("6E 7E 8E 9E AE 6R 8R BR 6S")) == [run("6E 7E 8E 9E", 50)]


def test_five_in_sequence_scores_100():
    assert best_weis_split(hand("9R BR UR OR KR 6E 8E 6S 8S")) == [run("9R BR UR OR KR", 100)]


def test_run_of_nine_is_one_weis_of_100():
    assert best_weis_split(hand("6E 7E 8E 9E BE UE OE KE AE")) == [
        Weis("run", 100, cards("6E 7E 8E 9E BE UE OE KE AE"), ASS)
    ]


def test_two_separate_runs_in_one_suit_are_two_weis():
    assert best_weis_split(hand("6E 7E 8E UE OE KE 6R 8R 6S")) == [
        run("6E 7E 8E", 20),
        run("UE OE KE", 20),
    ]


@pytest.mark.parametrize("letter,rank", [("A", ASS), ("K", KOENIG), ("O", OBER), ("B", BANNER)])
def test_four_aces_kings_obers_or_banners_score_100(letter, rank):
    other = "6E 8E 6R 8R 6S" if letter != "B" else "6E 8E 6R 8R AS"
    found = best_weis_split(hand(f"{letter}E {letter}R {letter}S {letter}B {other}"))
    assert found == [four(letter, 100)]
    assert found[0].top == rank


def test_four_unders_score_200():
    assert best_weis_split(hand("UE UR US UB 6E 8E 6R 8R AS")) == [four("U", 200)]


@pytest.mark.parametrize("letter", ["9", "8", "7", "6"])
def test_four_nines_eights_sevens_or_sixes_score_nothing(letter):
    others = "AE UR KS OB AB"  # no two of these are neighbours in a suit
    assert best_weis_split(hand(f"{letter}E {letter}R {letter}S {letter}B {others}")) == []


def test_four_nines_stay_usable_in_a_run():
    assert best_weis_split(hand("9E 9R 9S 9B 6E 7E 8E AR 6S")) == [run("6E 7E 8E 9E", 50)]


def test_a_card_belongs_to_one_combination_only_fours_taken_first():
    # 9E BE UE OE would be a run of 50, but OE goes to the four Obers first.
    assert best_weis_split(hand("OE OR OS OB 9E BE UE 6R 8S")) == [
        four("O", 100),
        run("9E BE UE", 20),
    ]


def test_several_fours_coexist_and_leave_no_run_behind():
    # OE KE AE is not a run: KE and AE belong to the fours.
    assert best_weis_split(hand("AE AR AS AB KE KR KS KB OE")) == [
        four("K", 100),
        four("A", 100),
    ]


# --- the best single Weis -------------------------------------------------------------------

def test_best_weis_more_points_wins():
    by_seat = seats("OE KE AE", "6R 7R 8R 9R", "", "")
    assert best_weis_owner(by_seat, "obenabe", None, 0) == 1


def test_best_weis_more_cards_wins_at_equal_points():
    by_seat = seats("AE AR AS AB", "6R 7R 8R 9R BR", "", "")
    assert best_weis_owner(by_seat, "trump", ROSEN, 0) == 1
    assert weis_key(by_seat[1][0], "trump", ROSEN) > weis_key(by_seat[0][0], "trump", ROSEN)


def test_best_weis_higher_top_card_wins_at_equal_points_and_length():
    assert best_weis_owner(seats("6E 7E 8E", "7R 8R 9R", "", ""), "obenabe", None, 0) == 1
    assert best_weis_owner(seats("KE KR KS KB", "", "AE AR AS AB", ""), "obenabe", None, 0) == 2
    assert best_weis_owner(seats("BE BR BS BB", "OE OR OS OB", "", ""), "trump", 0, 0) == 1


def test_best_weis_in_undenufe_lower_wins():
    assert best_weis_owner(seats("7E 8E 9E BE", "6R 7R 8R 9R", "", ""), "undenufe", None, 0) == 1
    assert best_weis_owner(seats("7E 8E 9E BE", "6R 7R 8R 9R", "", ""), "obenabe", None, 0) == 0
    assert best_weis_owner(seats("KE KR KS KB", "BE BR BS BB", "", ""), "undenufe", None, 0) == 1


def test_best_weis_trump_run_beats_plain_run_at_equal_everything():
    by_seat = seats("6E 7E 8E", "6R 7R 8R", "", "")
    assert best_weis_owner(by_seat, "trump", ROSEN, 0) == 1
    assert best_weis_owner(by_seat, "obenabe", None, 0) == 0  # no trump: earlier seat


def test_best_weis_trump_does_not_beat_a_higher_top_card():
    by_seat = seats("6R 7R 8R", "7E 8E 9E", "", "")
    assert best_weis_owner(by_seat, "trump", ROSEN, 0) == 1


def test_best_weis_exact_tie_goes_to_earlier_seat_from_first_leader():
    by_seat = seats("", "6E 7E 8E", "", "6S 7S 8S")
    assert best_weis_owner(by_seat, "obenabe", None, 0) == 1
    assert best_weis_owner(by_seat, "obenabe", None, 2) == 3  # play order 2, 3, 0, 1


def test_best_weis_owner_none_without_any_weis():
    assert best_weis_owner([[], [], [], []], "trump", 0, 0) is None


# --- side scoring ---------------------------------------------------------------------------

def test_side_with_best_weis_scores_all_weis_of_both_partners_other_side_none():
    by_seat = seats("6E 7E 8E", "AE AR AS AB 6R 7R 8R", "6S 7S 8S 9S", "UB OB KB")
    # Seat 1's four Aces is best: side 1 scores 100 + 20 + 20, side 0 (70 in Weis) nothing.
    assert weis_points_by_side(by_seat, "trump", 0, 0) == (0, 140)


def test_side_scoring_for_side_zero_and_for_no_weis():
    by_seat = seats("6E 7E 8E", "6R 7R 8R", "US OS KS AS", "")
    assert weis_points_by_side(by_seat, "obenabe", None, 0) == (70, 0)
    assert weis_points_by_side([[], [], [], []], "obenabe", None, 0) == (0, 0)


# --- Stöck ----------------------------------------------------------------------------------

def test_stoeck_holder_is_the_seat_dealt_trump_koenig_and_ober():
    hands = [hand("KE OE"), hand("AR"), hand("KR OR 6R"), hand("6E")]
    assert stoeck_holder(hands, ROSEN) == 2
    assert stoeck_holder(hands, 0) == 0


def test_stoeck_holder_none_when_koenig_and_ober_are_split():
    hands = [hand("KR"), hand("OR"), hand("KE"), hand("OE")]
    assert stoeck_holder(hands, ROSEN) is None
    assert stoeck_holder(hands, None) is None



def weis_by_scanning(mask: int) -> list[Weis]:
    """The Weis of a hand found the slow, plain way: each scoring four, by rank; then each suit
    scanned from its lowest rank for runs of three or more among the cards left."""
    from game.engine.weis import FOUR_POINTS, LONG_RUN_POINTS, RUN_POINTS
    found, left = [], mask
    for rank in sorted(FOUR_POINTS):
        four_cards = tuple(16 * s + rank for s in range(4))
        if all(left >> c & 1 for c in four_cards):
            found.append(Weis("four", FOUR_POINTS[rank], four_cards, rank))
            left &= ~mask_of(four_cards)
    for suit in range(4):
        streak = []
        for rank in range(17):
            if rank < 16 and left >> (16 * suit + rank) & 1:
                streak.append(rank)
                continue
            if len(streak) >= 3:
                found.append(Weis("run", RUN_POINTS.get(len(streak), LONG_RUN_POINTS),
                                  tuple(16 * suit + r for r in streak), streak[-1]))
            streak = []
    return found


def test_the_weis_of_any_hand_are_what_a_plain_scan_finds():
    import random
    rng = random.Random(7)
    deck = list(SWISS36.cards)
    with_weis = 0
    for _ in range(20000):
        mask = mask_of(rng.sample(deck, rng.choice((9, 9, 12, 18))))
        want = weis_by_scanning(mask)
        assert best_weis_split(mask) == want, hex(mask)
        with_weis += bool(want)
    assert with_weis > 5000
