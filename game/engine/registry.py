"""The games: ``GAMES`` maps each game's record name to its Hand class, in menu order.

A game module registers its class with ``@register``; other layers find a game with
``game_class(name)`` (its name or one of its ``ALIASES``) or iterate over ``GAMES``.
"""

from __future__ import annotations

from .quote import quoted

GAMES: dict = {}


def _names(cls) -> list[str]:
    return [cls.GAME.lower(), *(a.lower() for a in cls.ALIASES)]


def register(cls):
    """Add ``cls`` (a Hand subclass) to ``GAMES`` under ``cls.GAME``; returns it, so a game
    module can write ``@register`` above its class.  ValueError if the class is not a game,
    has no name or title, or its name or an alias is already another game's."""
    from .core import Hand
    if not (isinstance(cls, type) and issubclass(cls, Hand)):
        raise ValueError(f"{quoted(cls)} is not a Hand class")
    if not isinstance(cls.GAME, str) or not cls.GAME or not isinstance(cls.TITLE, str) or not cls.TITLE:
        raise ValueError(f"{cls.__name__} needs a GAME name and a TITLE")
    if not all(isinstance(a, str) and a for a in cls.ALIASES):
        raise ValueError(f"{cls.__name__}.ALIASES must be non-empty strings")
    taken = {name: other.GAME for other in GAMES.values() if other is not cls for name in _names(other)}
    clash = next((name for name in _names(cls) if name in taken), None)
    if clash is not None:
        raise ValueError(f"{cls.__name__}: the name {clash!r} is already game {taken[clash]!r}'s")
    GAMES[cls.GAME] = cls
    return cls


def game_class(name):
    """The Hand class of a game, by its name or an alias (any case, spaces around ignored);
    ValueError naming the known games."""
    if isinstance(name, str) and len(name) <= 100:
        key = name.strip().lower()
        for cls in GAMES.values():
            if key in _names(cls):
                return cls
    raise ValueError(f"unknown game {quoted(name)}; the games are: {', '.join(GAMES)}")
