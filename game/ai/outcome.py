"""What a finished hand is worth to a side: the arena's per-deal figure and the search's utility."""

from __future__ import annotations

from ..engine.game28 import game_point_stake
from ..engine.game304 import token_stake
from ..engine.game400 import MAX_BID, bid_value
from .family import family_of

# Utility = the side's figure lead + the game's ``score_weight`` (``family``) x its match-score
# lead: how many card points one game point (28) or token (304) is worth to the search player.


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
    w = family_of(type(hand)).score_weight
    return f[side] - f[1 - side] + w * (g[side] - g[1 - side])


def contract_made(hand, seat: int) -> bool | None:
    """Whether the contract of ``seat``'s side was made in the finished ``hand``: None when the
    side held none (or the game has no contract to make).  400: the seat's own bid."""
    made = hand.result().get("made")
    if isinstance(made, list):
        return made[seat]
    if made is None or (hand.bidder & 1) != (seat & 1):
        return None
    return made
