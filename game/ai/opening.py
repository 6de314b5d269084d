"""The opening table of 304 and Twenty-Eight: what the first four cards are worth as trumper.

The 4-card opening hands of the 32-card deck fall into 2,262 classes under suit symmetry
(renaming the suits changes nothing in these games).  For each class and each suit it holds,
``tools/make_opening_table.py`` played sampled deals out with the rule-based players, the holder
as forehand and trumper at the minimum bid with that suit's lowest card as the indicator, and
stored the trumper side's card points: mean and the 10 / 25 / 50 % quantiles.  The table is
``data/opening.json``, read once on first use (no other I/O: this runs in the browser too).

A class is named by its key: the four suits' rank masks (bit ``rank - 5``, 7 to A), sorted from
the highest mask down and packed into one int, first suit in the top byte.
"""

from __future__ import annotations

import json
import os
from itertools import combinations
from typing import NamedTuple

RANK_LOW = 5  # the 7's rank slot: the 32-card deck uses ranks 5..12
DATA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "opening.json")
COLUMNS = ("mean", "q10", "q25", "q50")


class Stats(NamedTuple):
    """The trumper side's card points (304: points, not tens) over the sampled deals."""
    mean: float
    q10: float
    q25: float
    q50: float


def suit_masks(cards: int) -> list[int]:
    """The rank mask of each suit of a hand bit mask (bit ``rank - 5``)."""
    return [(cards >> (16 * s + RANK_LOW)) & 0xFF for s in range(4)]


def canonical(cards: int) -> tuple[int, list[int]]:
    """(class key, slot of each suit): suits renamed so that equal hands under a suit
    permutation share the key.  A suit's slot is the first sorted position holding its mask,
    so suits with the same ranks share a slot (and a table entry)."""
    masks = suit_masks(cards)
    order = sorted(masks, reverse=True)
    key = order[0] << 24 | order[1] << 16 | order[2] << 8 | order[3]
    return key, [order.index(m) for m in masks]


def key_slots(key: int) -> list[int]:
    """The slots of a key that hold cards, each once (the trumps the table rates)."""
    masks = key_masks(key)
    return [i for i, m in enumerate(masks) if m and masks.index(m) == i]


def key_masks(key: int) -> list[int]:
    return [(key >> (24 - 8 * i)) & 0xFF for i in range(4)]


def key_cards(key: int) -> int:
    """A hand of the class: slot i played by suit i."""
    cards = 0
    for s, m in enumerate(key_masks(key)):
        cards |= m << (16 * s + RANK_LOW)
    return cards


def all_keys(size: int = 4) -> list[int]:
    """Every class of ``size``-card hands of the 32-card deck, sorted."""
    deck = [s << 4 | r for s in range(4) for r in range(RANK_LOW, RANK_LOW + 8)]
    return sorted({canonical(sum(1 << c for c in combo))[0] for combo in combinations(deck, size)})


_raw: dict = {}
_tables: dict[str, dict[int, dict[int, Stats]]] = {}
_rows: dict[str, dict[int, dict[int, Stats] | None]] = {}  # rows made so far (``row``; ``table`` makes all)


def load() -> None:
    """Read the table's file (once a process: a few ms natively, many times that in the browser,
    so the table reads it in a frame of its own before the AI first bids: ``search.warm_jobs``)."""
    if not _raw:
        with open(DATA_FILE, encoding="utf-8") as f:
            _raw.update(json.load(f)["games"])


def _stats(key: int, values) -> dict[int, Stats]:
    width = len(COLUMNS)
    return {slot: Stats(*values[i * width:(i + 1) * width]) for i, slot in enumerate(key_slots(key))}


def table(game: str) -> dict[int, dict[int, Stats]]:
    """{key: {slot: Stats}} of the game named ``game`` (its record name), read from the package once."""
    rows = _tables.get(game)
    if rows is None:
        load()
        keys = [int(hexkey, 16) for hexkey in _raw[game]["classes"]]
        rows = _tables[game] = {key: row(game, key) for key in keys}
    return rows


def row(game: str, key: int) -> dict[int, Stats] | None:
    """``table(game).get(key)``, the one row made (the whole table's 2,262 rows take longer to
    make than a frame has)."""
    rows = _rows.setdefault(game, {})
    if key not in rows:
        load()
        values = _raw[game]["classes"].get(f"{key:08x}")
        rows[key] = None if values is None else _stats(key, values)
    return rows[key]


def lookup(game: str, cards: int, trump: int) -> Stats | None:
    """The table's figures for ``cards`` (four cards) with ``trump``; None without that suit."""
    key, slots = canonical(cards)
    found = row(game, key)
    if found is None:
        raise KeyError(key)
    return found.get(slots[trump])


_best: dict[tuple[str, int, str], tuple[int, Stats]] = {}


def best_trump(game: str, cards: int, by: str = "mean") -> tuple[int, Stats]:
    """(suit, figures) of the suit the table rates best for ``cards`` (ties: lowest suit)."""
    found = _best.get((game, cards, by))
    if found is None:
        found = _best[game, cards, by] = _rate_suits(game, cards, by)
    return found


def _rate_suits(game: str, cards: int, by: str) -> tuple[int, Stats]:
    key, slots = canonical(cards)
    found = row(game, key)
    if found is None:
        raise ValueError("the table rates hands of four cards of the 32-card deck")
    best = None
    for suit in range(4):
        stats = found.get(slots[suit]) if (cards >> (16 * suit)) & 0xFFFF else None
        if stats is not None and (best is None or getattr(stats, by) > getattr(best[1], by)):
            best = (suit, stats)
    return best


__all__ = ["COLUMNS", "Stats", "all_keys", "best_trump", "canonical", "key_cards", "key_slots", "load", "lookup", "row",
           "table"]
