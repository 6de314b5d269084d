"""Schieber Weis (melds) and Stöck, as ``HandSchieber.RULES`` states them (docs/rules.md).

Hands are bit masks (see cards.py).  Swiss ranks sit in rank slots 4..12
(6 7 8 9 B U O K A), so a run is a stretch of consecutive rank slots in one suit.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ASS, BANNER, KOENIG, OBER, UNDER, make_card

# Four-of-a-kind values; fours of 9, 8, 7 and 6 score nothing and are not formed.
FOUR_POINTS = {UNDER: 200, ASS: 100, KOENIG: 100, OBER: 100, BANNER: 100}
RUN_POINTS = {3: 20, 4: 50}  # five or more cards: 100
LONG_RUN_POINTS = 100
FOUR_RANKS = sum(1 << rank for rank in FOUR_POINTS)  # the scoring ranks, as bits of one suit
FOURS_BY_RANK = sorted(FOUR_POINTS)  # fours are listed by rank
RUN, FOUR = "run", "four"  # the kinds of Weis (``Weis.kind``); other layers compare with these names


@dataclass(frozen=True)
class Weis:
    kind: str  # RUN or FOUR
    points: int
    cards: tuple[int, ...]  # ascending
    top: int  # rank slot of the run's highest card, or of the four


def has_weis(cards: int) -> bool:
    """Whether the cards (a mask) hold a Weis: three in a row in a suit (slots 13..15 keep suits
    apart), or four of a rank that scores."""
    return bool(cards & cards >> 1 & cards >> 2) or bool(cards & cards >> 16 & cards >> 32 & cards >> 48 & FOUR_RANKS)


ALL_SUITS = 1 | 1 << 16 | 1 << 32 | 1 << 48  # one rank slot in each suit


def best_weis_split(hand_mask: int) -> list[Weis]:
    """The Weis of one dealt hand: scoring fours first (by rank), then maximal runs of the rest
    (by suit, low to high)."""
    if not has_weis(hand_mask):  # most hands have none
        return []
    found: list[Weis] = []
    left = hand_mask
    for rank in FOURS_BY_RANK:
        four = ALL_SUITS << rank
        if left & four == four:
            found.append(Weis(FOUR, FOUR_POINTS[rank], tuple(16 * s + rank for s in range(4)), rank))
            left &= ~four
    for suit in range(4):
        ranks = left >> (16 * suit) & 0xFFFF
        while ranks:
            low = (ranks & -ranks).bit_length() - 1
            x = ranks >> low
            length = (~x & (x + 1)).bit_length() - 1  # the ones from ``low`` upwards
            ranks &= ~(((1 << length) - 1) << low)
            if length >= 3:
                points = RUN_POINTS.get(length, LONG_RUN_POINTS)
                found.append(Weis(RUN, points, tuple(16 * suit + r for r in range(low, low + length)),
                                  low + length - 1))
    return found


def weis_key(w: Weis, contract: str, trump_suit: int | None) -> tuple:
    """Sort key: a larger key is a better single Weis."""
    if contract == "undenufe":  # lower wins: a run by its low end, a four by its rank
        rank_order = -(w.cards[0] & 15)
    else:
        rank_order = w.top
    is_trump_run = (
        contract == "trump" and w.kind == RUN and trump_suit is not None
        and w.cards[0] >> 4 == trump_suit
    )
    return (w.points, len(w.cards), rank_order, is_trump_run)


def best_weis_owner(
    weis_by_seat: list[list[Weis]], contract: str, trump_suit: int | None, first_leader: int
) -> int | None:
    """Seat holding the best single Weis; exact ties go to the earlier seat from first_leader."""
    best_seat, best_key = None, None
    for i in range(4):
        seat = (first_leader + i) % 4
        for w in weis_by_seat[seat]:
            key = weis_key(w, contract, trump_suit)
            if best_key is None or key > best_key:  # strict: earlier seat keeps ties
                best_seat, best_key = seat, key
    return best_seat


def weis_points_by_side(
    weis_by_seat: list[list[Weis]], contract: str, trump_suit: int | None, first_leader: int
) -> tuple[int, int]:
    """Unmultiplied Weis points of sides (0, 2) and (1, 3): the best Weis's side takes all its Weis."""
    owner = best_weis_owner(weis_by_seat, contract, trump_suit, first_leader)
    if owner is None:
        return (0, 0)
    side = owner % 2
    total = sum(w.points for seat in (side, side + 2) for w in weis_by_seat[seat])
    return (total, 0) if side == 0 else (0, total)


def stoeck_holder(hands_dealt: list[int], trump_suit: int | None) -> int | None:
    """Seat dealt both trump König and trump Ober, else None."""
    if trump_suit is None:
        return None
    pair = 1 << make_card(trump_suit, KOENIG) | 1 << make_card(trump_suit, OBER)
    for seat, hand in enumerate(hands_dealt):
        if hand & pair == pair:
            return seat
    return None
