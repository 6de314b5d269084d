"""Hand records: build a hand from one, replay its actions, report as the spec says.

The format and the replay output are the public contract in
shared/spec/records.md; nothing here may raise on bad input: every problem
becomes the spec's error object.
"""

from __future__ import annotations

import json
import random

from . import game_class
from .core import Hand, IllegalAction


class RecordError(ValueError):
    """A problem with the record itself or one of its actions."""

    def __init__(self, reason: str, index=None, seat=None, action=None):
        super().__init__(reason)
        self.reason, self.index, self.seat, self.action = reason, index, seat, action

    def as_json(self) -> dict:
        return {"ok": False, "error": {"index": self.index, "seat": self.seat,
                                       "action": self.action, "reason": self.reason}}


def hand_from_record(record) -> Hand:
    """The hand as dealt in ``record``, before any action; RecordError if the record is malformed."""
    if not isinstance(record, dict):
        raise RecordError("a hand record must be a JSON object")
    try:
        cls = game_class(record.get("game"))
    except ValueError as err:
        raise RecordError(str(err)) from None
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
    seat = action = None
    if isinstance(entry, (list, tuple)):
        if entry and isinstance(entry[0], (int, float)) and not isinstance(entry[0], bool):
            seat = entry[0]
        if len(entry) > 1 and isinstance(entry[1], str):
            action = entry[1]
    return seat, action


def replay(record, trace: bool = False) -> dict:
    """The spec's replay output for ``record`` (a parsed JSON value)."""
    try:
        hand = hand_from_record(record)
        acts = record.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError("'actions' must be a list of [seat, \"action\"] pairs")
        steps = []
        for k, entry in enumerate(acts):
            seat, text = _entry_parts(entry)
            if (not isinstance(entry, (list, tuple)) or len(entry) != 2
                    or type(seat) is not int or text is None):
                raise RecordError('each action must be a [seat, "action"] pair, e.g. [0, "pass"]',
                                  k, seat, text)
            if hand.is_over():
                raise RecordError("the hand is already over; no more actions can follow", k, seat, text)
            if seat != hand.turn:
                raise RecordError(f"it is seat {hand.turn}'s turn, not seat {seat}'s", k, seat, text)
            legal = hand.legal_texts() if trace else None
            try:
                hand.apply(text)
            except IllegalAction as err:
                raise RecordError(err.reason, k, seat, text) from None
            if trace:
                steps.append({"seat": seat, "legal": legal, "action": text})
    except RecordError as err:
        return err.as_json()
    out: dict = {"ok": True, "complete": hand.is_over()}
    if trace:
        out["trace"] = steps
    if hand.is_over():
        out["result"] = hand.result()
    return out


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def replay_text(text: str, trace: bool = False) -> dict:
    try:
        record = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        return RecordError(f"the record is not valid JSON: {err}").as_json()
    return replay(record, trace)


def random_record(game: str, seed, options: dict | None = None) -> dict:
    """One hand dealt from ``seed`` and played with random legal actions, as a record."""
    cls = game_class(game)
    rng = random.Random(f"record|{game}|{seed}")
    hand = cls.deal(seed, options, dealer=rng.randrange(4), first_hand=game == "schieber")
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_actions()))
    return hand.record()
