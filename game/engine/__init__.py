"""The rules engine: pure Python, no pygame, no I/O.

``GAMES`` maps a record's game name to its Hand class (``register`` adds one, ``game_class``
finds one by name or alias).  Start a hand with ``GAMES[name].deal(seed, options, dealer)`` or
a whole match with ``Match``.  What a seat may know is its ``Observation``, whose typed log
entries are ``LogEntry`` with the flags of ``log.py``.
"""

from .core import HIDDEN, Hand, IllegalAction, Observation, Trick
from .game304 import Hand304
from .game28 import Hand28
from .game400 import Hand400
from .log import FACE_DOWN, INDICATOR, REVEALS_TRUMP, TRUMP, TURNED_UP, LogEntry
from .match import Match
from .registry import GAMES, game_class, register
from .schieber import HandSchieber

__all__ = ["FACE_DOWN", "GAMES", "HIDDEN", "INDICATOR", "REVEALS_TRUMP", "TRUMP", "TURNED_UP", "Hand",
           "Hand28", "Hand304", "Hand400", "HandSchieber", "IllegalAction", "LogEntry", "Match",
           "Observation", "Trick", "game_class", "register"]
