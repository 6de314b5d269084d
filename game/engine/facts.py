"""The public facts of a hand as typed values: what ``Observation.facts`` holds.

Each game's ``_observation`` writes its public facts as a dict (``Observation.public``, the form
records and the search's world comparisons use); ``Observation.facts`` reads that dict once into
the game's ``FACTS`` class, a frozen dataclass, so other layers read attributes
(``obs.facts.bidder``), never keys.  A game's facts class lists every key its dict has
(``from_public`` refuses an unknown one).  Lists become tuples.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


def _frozen(value):
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Facts:
    """What every game may tell: trump if this seat knows it, tricks taken (per side, or per
    player where each plays alone)."""

    trump: int | None = None
    tricks_won: tuple = ()
    bidder: int | None = None       # the seat whose bid stands (304, 28: the trumper)
    indicator: int | None = None    # a face-down trump indicator this seat may see (304, 28)
    indicator_down: bool = False    # a trump indicator lies face down
    score_now: tuple | None = None  # the match score with this hand's points so far (games that score live)

    @classmethod
    def from_public(cls, public: dict) -> Facts:
        names = cls._names()
        unknown = set(public) - names
        if unknown:
            raise ValueError(f"{cls.__name__} has no field for {sorted(unknown)}")
        return cls(**{k: cls._read(k, v) for k, v in public.items()})

    @classmethod
    def _names(cls) -> set:
        found = cls.__dict__.get("_field_names")
        if found is None:
            found = {f.name for f in fields(cls)}
            cls._field_names = found
        return found

    @classmethod
    def _read(cls, name: str, value):
        return _frozen(value)


@dataclass(frozen=True)
class HiddenTrumpFacts(Facts):
    """304 and Twenty-Eight: the auction and the hidden trump."""

    bid: int | None = None           # the winning bid
    high_bid: int | None = None      # the highest bid of the running auction
    passed: tuple = ()               # seats that passed in this round
    partner_calls: tuple = ()        # 304: seats that passed asking the partner to bid on
    revealed: bool = False           # trump is public
