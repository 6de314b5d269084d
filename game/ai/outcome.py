"""What a finished hand is worth to a side: the arena's per-deal figure and the search's utility."""

from __future__ import annotations

from .family import family_of

# Utility = the side's figure lead + the game's ``score_weight`` (``family``) x its match-score
# lead: how many card points one game point (28) or token (304) is worth to the search player.


def figures(hand) -> list[float]:
    """Per side, the arena's figure of a finished hand: card points (304, 28), score points
    (400), points before the multiplier (Schieber); a game the AI does not know: its result's
    points."""
    return family_of(type(hand)).figures(hand)


def score_gain(hand) -> list[float]:
    """Per side: how much the match score moves by this hand (0 for a thrown-in hand)."""
    return family_of(type(hand)).score_gain(hand)


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
