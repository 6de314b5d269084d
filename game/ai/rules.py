"""The rule-based player of each game (baseline level and roll-out policy)."""

from __future__ import annotations

from functools import lru_cache

from ..engine import GAMES


@lru_cache(maxsize=None)
def rules_for(game: str, open_risk: float | None = None):
    """The rule-based player of ``game``; 304 and 28 bids open to ``open_risk`` if given."""
    cls = GAMES[game]
    if game in ("304", "28"):
        from .rules_hidden_trump import HiddenTrumpRules
        return HiddenTrumpRules(cls, open_risk)
    from .rules_open import Rules400, RulesSchieber
    return {"400": Rules400, "schieber": RulesSchieber}[game]()
