"""What a finished hand is worth to a side: the arena's per-deal figure and the search's utility."""

from __future__ import annotations

from .family import family_of

# Utility = the side's figure lead + the game's ``score_weight`` (``family``) x its match-score
# lead (how many card points one game point (28) or token (304) is worth to the search player)
# + what the hand decides beyond the score (``family.match_stake``: 400's bid of 13).


def figures(hand) -> list[float]:
    """Per side, the arena's figure of a finished hand (the engine's ``figures``: card points in
    304 and 28, score points in 400, points before the multiplier in Schieber)."""
    return hand.figures()


def score_gain(hand) -> list[float]:
    """Per side: how the match score moves by this hand (the engine's ``side_score_change``)."""
    return hand.side_score_change()


def utility(hand, side: int, weight: float | None = None) -> float:
    """What the search player maximises for ``side`` in a finished hand (``weight``: the match
    score's, default the game's ``score_weight``)."""
    f = figures(hand)
    g = score_gain(hand)
    fam = family_of(type(hand))
    w = fam.score_weight if weight is None else weight
    return f[side] - f[1 - side] + w * (g[side] - g[1 - side]) + fam.match_stake(hand, side)


def contract_made(hand, seat: int) -> bool | None:
    """Whether the contract of ``seat``'s side was made in the finished ``hand`` (the engine's
    ``contract_made`` of the seat or its partner); None when the side held none."""
    made = hand.contract_made(seat)
    return hand.contract_made(seat ^ 2) if made is None else made
