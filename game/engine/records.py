"""Hand records: build a hand from one, replay its actions, report as the record spec says.

The format and the replay output are a public contract, described in docs/records.md;
nothing here may raise on bad input: every problem becomes the spec's error object.  Input is
bounded before it is parsed: a record has at most MAX_RECORD_BYTES and MAX_DEPTH levels of
nesting, and numbers have at most MAX_DIGITS digits and are finite.  What an error repeats of
the input is bounded too: ``action`` is the text as written up to ``quote.LIMIT`` characters
(longer texts are cut, with an ellipsis), ``seat`` the number as written if it has at most 18
digits (else null), and ``reason`` quotes values shortened and printable.
"""

from __future__ import annotations

import random

from .actions import BID, is_bid, parse_action
from .bounds import Limits, OutOfBounds, json_value
from .core import Hand, IllegalAction, check_seed
from .quote import ELLIPSIS, LIMIT, quoted
from .registry import GAMES, game_class

# A record is small: 52 cards and about 70 actions of 400, pretty-printed, are under 10 kB.
# A megabyte leaves room for any layout by hand while a file that cannot be a record is
# refused by its size, before it is read.
MAX_RECORD_BYTES = 1_000_000
MAX_DEPTH = 16      # a record nests 3 levels deep (actions, a pair); options 2
MAX_DIGITS = 30     # seats are 0..3, scores a few digits
MAX_SEAT_SHOWN = 10**18


class RecordError(ValueError):
    """A problem with the record itself or one of its actions."""

    def __init__(self, reason: str, index=None, seat=None, action=None):
        super().__init__(reason)
        self.reason, self.index, self.seat, self.action = reason, index, seat, action

    def as_json(self) -> dict:
        return {"ok": False, "error": {"index": self.index, "seat": self.seat,
                                       "action": self.action, "reason": self.reason}}


def too_large(what: str) -> RecordError:
    return RecordError(f"{what} is larger than {MAX_RECORD_BYTES:,} bytes; a hand record is a few kilobytes")


RECORD_LIMITS = Limits(chars=MAX_RECORD_BYTES, depth=MAX_DEPTH, items=MAX_RECORD_BYTES, digits=MAX_DIGITS)


def load_json(text: str, what: str = "the record"):
    """The JSON value of ``text`` within this module's bounds (size in characters, nesting,
    digits, finite numbers: ``bounds.json_value``), or RecordError naming ``what`` and the
    problem."""
    try:
        return json_value(text, RECORD_LIMITS, what)
    except OutOfBounds as err:
        if err.rule == "too-large":
            raise too_large(what) from None
        if err.rule in ("not-finite", "long-number"):  # said as the JSON parser's own errors were
            raise RecordError(f"{what} is not valid JSON: {err.reason}") from None
        raise RecordError(err.reason) from None


def hand_from_record(record) -> Hand:
    """The hand as dealt in ``record``, before any action; RecordError if the record is malformed."""
    if not isinstance(record, dict):
        raise RecordError("a hand record must be a JSON object")
    game = record.get("game")
    cls = GAMES.get(game) if isinstance(game, str) else None
    if cls is None:
        raise RecordError(f"unknown game {quoted(game)}; the games are: {', '.join(GAMES)}")
    if "hands" not in record:
        raise RecordError("the record has no 'hands'")
    if "dealer" not in record:
        raise RecordError("the record has no 'dealer'")
    first_hand = record.get("first_hand", False)
    if type(first_hand) is not bool:
        raise RecordError("'first_hand' must be true or false")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values, e.g. {\"target\": 7}")
    hands = record["hands"]
    if isinstance(hands, list) and any(
            not isinstance(cards, list) or not all(isinstance(c, str) for c in cards) for cards in hands):
        raise RecordError("'hands' must be four lists of cards written as text, e.g. \"JS\"")
    try:
        return cls(hands, record["dealer"], options, record.get("score"), first_hand)
    except ValueError as err:
        raise RecordError(str(err)) from None


def _entry_parts(entry):
    """The seat and action text of an entry as the error object repeats them (bounded)."""
    seat = action = None
    if isinstance(entry, (list, tuple)):
        first = entry[0] if entry else None
        if type(first) in (int, float) and -MAX_SEAT_SHOWN < first < MAX_SEAT_SHOWN:
            seat = first
        if len(entry) > 1 and isinstance(entry[1], str):
            action = entry[1] if len(entry[1]) <= LIMIT else entry[1][:LIMIT - 1] + ELLIPSIS
    return seat, action


def bids(record: dict) -> list[tuple[int, int]]:
    """(seat, amount) of each bid in a well-formed record's actions, in the order made."""
    deck = game_class(record["game"]).DECK
    found = []
    for seat, text in record["actions"]:
        code = parse_action(text, deck)
        if is_bid(code):
            found.append((seat, code - BID))
    return found


def replayed(record, steps: list | None = None) -> Hand:
    """The hand of ``record`` (a parsed JSON value) with all its actions taken; RecordError
    at the first that cannot be, with its index, seat and action.  With ``steps``, each action
    is appended to it as the spec's trace has it."""
    hand = hand_from_record(record)
    acts = record.get("actions", [])
    if not isinstance(acts, list):
        raise RecordError("'actions' must be a list of [seat, \"action\"] pairs")
    for k, entry in enumerate(acts):
        seat, text = _entry_parts(entry)
        if (not isinstance(entry, (list, tuple)) or len(entry) != 2
                or type(entry[0]) is not int or not isinstance(entry[1], str)):
            raise RecordError('each action must be a [seat, "action"] pair, e.g. [0, "pass"]',
                              k, seat, text)
        if hand.is_over():
            raise RecordError("the hand is already over; no more actions can follow", k, seat, text)
        if entry[0] != hand.turn:
            raise RecordError(f"it is seat {hand.turn}'s turn, not seat {quoted(entry[0])}'s", k, seat, text)
        legal = hand.legal_texts() if steps is not None else None
        try:
            hand.apply(entry[1])
        except IllegalAction as err:
            raise RecordError(err.reason, k, seat, text) from None
        if steps is not None:
            steps.append({"seat": entry[0], "legal": legal, "action": entry[1]})
    return hand


def replay(record, trace: bool = False) -> dict:
    """The spec's replay output for ``record`` (a parsed JSON value)."""
    steps: list | None = [] if trace else None
    try:
        hand = replayed(record, steps)
    except RecordError as err:
        return err.as_json()
    out: dict = {"ok": True, "complete": hand.is_over()}
    if trace:
        out["trace"] = steps
    if hand.is_over():
        out["result"] = hand.result()
    return out


def replay_text(text: str, trace: bool = False) -> dict:
    """``replay`` of a record given as JSON text (bounded as ``load_json`` says)."""
    try:
        record = load_json(text)
    except RecordError as err:
        return err.as_json()
    return replay(record, trace)


def random_record(game: str, seed, options: dict | None = None) -> dict:
    """One hand dealt from ``seed`` and played with random legal actions, as a record;
    ``game`` by name or alias.  ValueError for a bad argument."""
    cls = game_class(game)
    rng = random.Random(f"record|{cls.GAME}|{check_seed(seed)}")
    hand = cls.deal(seed, options, dealer=rng.randrange(4), first_hand=True)
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_actions()))
    return hand.record()


# Optional annotations (a field the project adds; ``replay`` ignores it): per action, a JSON
# object about that decision, e.g. what an AI seat weighed and why (``game.ai.reasons``).
ANNOTATIONS = "annotations"


def annotate(record: dict, notes: dict) -> dict:
    """A copy of ``record`` with ``notes`` ({action index: JSON object}) as its annotations:
    ``"annotations": [{"index": k, ...}, ...]`` in action order, each index one of its actions."""
    count = len(record.get("actions", []))
    out = []
    for index in sorted(notes):
        if type(index) is not int or not 0 <= index < count:
            raise ValueError(f"annotation index {index!r} is not one of the record's {count} actions")
        out.append({"index": index, **notes[index]})
    return {**record, ANNOTATIONS: out}


def annotations(record: dict) -> dict:
    """{action index: annotation} of a record (empty when it has none or they are malformed)."""
    notes = record.get(ANNOTATIONS) if isinstance(record, dict) else None
    if not isinstance(notes, list):
        return {}
    return {n["index"]: {k: v for k, v in n.items() if k != "index"}
            for n in notes if isinstance(n, dict) and type(n.get("index")) is int}
