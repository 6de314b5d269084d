"""The rules engine: pure Python, no pygame, no I/O.

``GAMES`` maps a record's game name to its Hand class.  Start a hand with
``GAMES[name].deal(seed, options, dealer)`` or a whole match with ``Match``.
"""

from .core import HIDDEN, Hand, IllegalAction, Observation, Trick
from .game28 import Hand28
from .game304 import Hand304
from .game400 import Hand400
from .match import Match
from .schieber import HandSchieber

GAMES: dict[str, type[Hand]] = {"304": Hand304, "28": Hand28, "400": Hand400, "schieber": HandSchieber}


def game_class(name) -> type[Hand]:
    """The Hand class of a game name; ValueError naming the known games."""
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    return cls


__all__ = ["GAMES", "HIDDEN", "Hand", "IllegalAction", "Match", "Observation", "Trick", "game_class"]
