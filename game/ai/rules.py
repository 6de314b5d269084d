"""The rule-based player of each game (baseline level and roll-out policy)."""

from __future__ import annotations

from functools import lru_cache

from ..engine import GAMES


@lru_cache(maxsize=None)
def rules_for(game: str):
    cls = GAMES[game]
    if game in ("304", "28"):
        from .rules_hidden_trump import HiddenTrumpRules
        return HiddenTrumpRules(cls)
    from .rules_open import Rules400, RulesSchieber
    return {"400": Rules400, "schieber": RulesSchieber}[game]()
