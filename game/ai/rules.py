"""The rule-based player of each game (baseline level and roll-out policy)."""

from __future__ import annotations

from functools import cache

from ..engine import GAMES
from .family import family_of


@cache
def rules_for(game, open_risk: float | None = None):
    """The rule-based player of ``game`` (its name or class), from the AI's profile of the game
    (``family``); 304 and 28 bids open to ``open_risk`` if given."""
    cls = GAMES[game] if isinstance(game, str) else game
    return family_of(cls).rules(cls, open_risk)
