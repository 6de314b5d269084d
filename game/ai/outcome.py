"""What a finished hand is worth to a side: the arena's per-deal figure and the search's utility."""

from __future__ import annotations

from ..engine.game28 import game_point_stake
from ..engine.game304 import token_stake
from ..engine.game400 import MAX_BID, bid_value

# Utility = the side's figure lead + WEIGHT x its match-score lead: how many card points one
# game point (28) or token (304) is worth to the search player.
SCORE_WEIGHT = {"28": 8.0, "304": 20.0, "400": 0.0, "schieber": 0.3}
# A failed bid of its own side costs the search player this much more (card points): a human
# partner minds failed contracts.  In 28 it lifts the normal level's made bids from about 65 %
# to 72 %; in 304 it only cost points (no gain in tokens), so it is 0 there.
FAILED_BID = {"28": 6.0, "304": 0.0}


def figures(hand) -> list[float]:
    """Per side: card points (304, 28), score points (400), points before the multiplier (Schieber)."""
    game = hand.GAME
    if game in ("304", "28"):
        return list(hand.taken)
    if game == "400":
        return score_gain(hand)
    mult = hand.mult or 1
    return [p / mult for p in hand.points]


def score_gain(hand) -> list[float]:
    """Per side: how much the match score moves by this hand (0 for a thrown-in hand)."""
    game = hand.GAME
    if getattr(hand, "thrown_in", False):
        return [0.0, 0.0]
    gain = [0.0, 0.0]
    if game == "28":
        side = hand.bidder & 1
        if hand.taken[side] >= hand.bid:
            gain[side] = game_point_stake(hand.bid, hand.options["tiered_points"]) * hand.doubled
        else:
            gain[side] = -hand.doubled
    elif game == "304":
        side = hand.bidder & 1
        stake = token_stake(hand.bid)
        if hand.caps:
            won = hand.tricks_won[side] == 8
            amount = stake + 1 if won else -5
        else:
            amount = stake if hand.taken[side] >= hand.bid else -(stake + 1)
        gain[side], gain[1 - side] = amount, -amount
    elif game == "400":
        for s in range(4):
            bid = hand.bids[s]
            value = 60 if bid == MAX_BID else bid_value(bid, hand.score_before[s], hand.options)
            gain[s & 1] += value if hand.won[s] >= bid else -value
    else:
        gain = list(hand.points)
    return gain


def utility(hand, side: int) -> float:
    """What the search player maximises for ``side`` in a finished hand."""
    f = figures(hand)
    g = score_gain(hand)
    w = SCORE_WEIGHT[hand.GAME]
    u = f[side] - f[1 - side] + w * (g[side] - g[1 - side])
    if hand.GAME in FAILED_BID and hand.bidder >= 0 and (hand.bidder & 1) == side and g[side] < 0:
        u -= FAILED_BID[hand.GAME]
    return u
