"""Deal codes and record codes: a hand (or a hand and its first actions) as a short URL-safe text.

A code reads ``GAME.VBODYCHCK``: the game's record name, a dot, the format version (one
character, now ``1``), the body, and four check characters.  The body is one whole number
written in base 63 (``DIGITS``: the URL-safe characters but ``y``, so no code holds "py", which
the page would keep from pygbag's runtime).  The number packs, as mixed-radix digits in this
order:

- three flags: the code holds actions (a record code), it carries an earlier result (a deal
  code only), the score before the hand is the match's starting score;
- ``first_hand`` (only for a game with a FIRST_HAND_RULE), the dealer (0..3);
- each rule option, in the class's order, as its index among the option's allowed values;
- the score before the hand, unless it is the starting score: each entry less the lowest value
  of ``score_range``; where that range is wide, each entry's distance from its starting value
  by size (``_sized``: how many bits, then the bits), so a score near the start stays short;
- the cards: seat 0's in dealing order, then seat 1's, 2's and 3's, each as its index among the
  deck's cards not yet written (a partial permutation, so every order can be written);
- with an earlier result: the points per side of that result and how it moved the score per
  side (``Earlier``), by size;
- with actions: how many, then each one as its index among the sorted legal action texts at
  that moment (``Hand.legal_texts``), so only legal hands can be written at all.

The check characters are the first bytes of the SHA-256 of everything before them.  Decoding
is bounded: a text longer than ``MAX_CODE_CHARS`` is refused before it is read, the number of
actions is at most ``MAX_ACTIONS``, and every refusal is a ``CodeError`` (a ValueError) saying
what is wrong; ``kind`` tells a program which: "format", "check", "version", "game" or
"content".  A game that changes its options or deck must change ``VERSION``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from .core import Hand
from .quote import quoted
from .records import RecordError, replayed
from .registry import GAMES

VERSION = "1"
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxz0123456789-_"  # no "y"
BASE = len(DIGITS)  # 63
CHECK_CHARS = 4
MAX_CODE_CHARS = 300   # the longest real hand (52 cards and about 70 actions) needs about 100
MAX_ACTIONS = 200      # a hand of any of our games takes fewer than 100 decisions
PLAIN_SCORE = 256      # a score range this small is written as it is; a larger one by size (below)
RESULT_BITS = 17       # an earlier result's points per side: 0..131071; its score change: +-65535
DEFAULT_BASE = "http://localhost:4280/"  # where `make serve` serves the web build
CAPTION_CHARS = 120    # a link's caption: one line above the table
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: Sinhala, Tamil and Malayalam text needs them
MODES = ("watch", "play")
GAME_NAME = re.compile(r"[0-9a-z_]{1,16}")
SHAPE = re.compile(r"([0-9a-z_]{1,16})\.([" + re.escape(DIGITS) + r"]+)")
_VALUE = {c: i for i, c in enumerate(DIGITS)}


class CodeError(ValueError):
    """A code that cannot be read: ``kind`` is "format", "check", "version", "game" or
    "content"; the message says what is wrong."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind, self.reason = kind, reason


@dataclass(frozen=True)
class Earlier:
    """What a hand came to the last time it was played: its points per side (the result's
    ``points``, summed over partners where they are per player) and how it moved the match
    score per side (``Hand.side_score_change``)."""

    points: tuple
    change: tuple

    @classmethod
    def of(cls, hand: Hand) -> Earlier:
        """The result of ``hand``, which must be over (ValueError otherwise)."""
        if not hand.is_over():
            raise ValueError("the hand is not over yet")
        points = [int(p) for p in hand.result()["points"]]
        if len(points) == 4:
            points = [points[0] + points[2], points[1] + points[3]]
        return cls(tuple(points), tuple(int(c) for c in hand.side_score_change()))


@dataclass(frozen=True)
class Decoded:
    """What a code holds: ``hand`` as dealt, before any action (a fresh hand of its own),
    ``actions`` as ``(seat, text)`` pairs (empty for a deal code), the ``earlier`` result if the
    code carries one, and whether it is a record code."""

    hand: Hand
    actions: tuple = ()
    earlier: Earlier | None = None
    is_record: bool = False

    @property
    def game(self) -> str:
        return self.hand.GAME

    def record(self) -> dict:
        """The hand record (docs/records.md) of the hand and its actions."""
        rec = self.hand.record()
        rec["actions"] = [[seat, text] for seat, text in self.actions]
        return rec

    def replayed(self, steps: int | None = None) -> Hand:
        """A new hand with the first ``steps`` actions taken (all of them when None)."""
        hand = self.hand.clone()
        for _seat, text in self.actions[:len(self.actions) if steps is None else steps]:
            hand.apply(text)
        return hand


# ---- writing --------------------------------------------------------------------------------

def deal_code(hand: Hand, earlier: Earlier | None = None) -> str:
    """The deal code of ``hand``: its game, options, dealer, score before it and cards, with
    ``earlier`` (e.g. ``Earlier.of(hand)`` once it is over) if given."""
    return _encode(hand, earlier, None)


def deal_code_of(hand: Hand) -> str:
    """The deal code of ``hand`` carrying its result once it is over (without the result if a
    figure of it is out of a code's range, or the hand is not over)."""
    if hand.is_over():
        try:
            return deal_code(hand, Earlier.of(hand))
        except ValueError:
            pass
    return deal_code(hand)


def record_code(hand: Hand, steps: int | None = None) -> str:
    """The record code of ``hand`` and its first ``steps`` actions (all when None)."""
    history = hand.history if steps is None else hand.history[:_check_steps(steps, len(hand.history))]
    return _encode(hand, None, history)


def code_from_record(record, steps: int | None = None) -> str:
    """The record code of a hand record (a parsed JSON object, docs/records.md) and its first
    ``steps`` actions; RecordError (a ValueError) if the record does not replay."""
    hand = _replayed_record(record)
    return record_code(hand, steps)


def _replayed_record(record) -> Hand:
    """The record's hand with its actions taken, checked as ``replay`` checks it."""
    actions = record.get("actions", []) if isinstance(record, dict) else []
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise RecordError(f"a code holds at most {MAX_ACTIONS} actions; the record has {len(actions)}")
    return replayed(record)


def _check_steps(steps, available: int) -> int:
    if type(steps) is not int or not 0 <= steps <= available:
        raise ValueError(f"steps must be a whole number from 0 to {available}, got {quoted(steps)}")
    return steps


def _encode(hand: Hand, earlier: Earlier | None, history) -> str:
    cls = type(hand)
    if not isinstance(hand, Hand) or not GAME_NAME.fullmatch(cls.GAME or ""):
        raise ValueError(f"{quoted(hand)} is not a hand of a game whose name a code can hold")
    digits: list[tuple[int, int]] = []  # (digit, radix), most significant last
    options = hand.options
    initial = hand.score_before == cls.initial_score(options)
    digits += [(history is not None, 2), (earlier is not None, 2), (initial, 2)]
    if cls.FIRST_HAND_RULE:
        digits.append((hand.first_hand, 2))
    digits.append((hand.dealer, 4))
    for option in cls.OPTIONS:
        allowed = option.allowed()
        digits.append((allowed.index(options[option.name]), len(allowed)))
    if not initial:
        low, high = cls.score_range(options)
        if high - low + 1 <= PLAIN_SCORE:
            digits += [(v - low, high - low + 1) for v in hand.score_before]
        else:
            start = cls.initial_score(options)
            for value, base in zip(hand.score_before, start):
                digits += _sized(_zigzag(value - base), _score_bits(low, high, base))
    pool = sorted(cls.DECK.cards)
    for cards in hand.dealt:
        for card in cards:
            index = pool.index(card)
            digits.append((index, len(pool)))
            pool.pop(index)
    if earlier is not None:
        for value in (*earlier.points, *(_zigzag(c) for c in earlier.change)):
            if type(value) is not int or not 0 <= value < 1 << RESULT_BITS:
                raise ValueError(f"an earlier result's figures are out of a code's range: {quoted(earlier)}")
            digits += _sized(value, RESULT_BITS)
    if history is not None:
        if len(history) > MAX_ACTIONS:
            raise ValueError(f"a code holds at most {MAX_ACTIONS} actions, not {len(history)}")
        digits.append((len(history), MAX_ACTIONS + 1))
        replay = cls(hand.dealt, hand.dealer, options, hand.score_before, hand.first_hand)
        for _seat, text in history:
            legal = replay.legal_texts()
            digits.append((legal.index(text), len(legal)))
            replay.apply(text)
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + int(digit)
    return _seal(cls.GAME, VERSION + _text_of(number))


def _zigzag(value: int) -> int:
    """0, -1, 1, -2, 2 ... as 0, 1, 2, 3, 4 ..."""
    return 2 * value if value >= 0 else -2 * value - 1


def _unzigzag(number: int) -> int:
    return number // 2 if number % 2 == 0 else -(number + 1) // 2


def _sized(number: int, bits: int) -> list[tuple[int, int]]:
    """``number`` (0 <= number < 2**bits) as digits: its bit length, then the bits below its top
    one (so small numbers take few)."""
    length = number.bit_length()
    out = [(length, bits + 1)]
    if length > 1:
        out.append((number - (1 << (length - 1)), 1 << (length - 1)))
    return out


def _score_bits(low: int, high: int, base: int) -> int:
    return max(_zigzag(low - base), _zigzag(high - base)).bit_length()


def _text_of(number: int) -> str:
    out = []
    while True:
        number, digit = divmod(number, BASE)
        out.append(DIGITS[digit])
        if not number:
            return "".join(reversed(out))


def _check(text: str) -> str:
    value = int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:4], "big") % BASE ** CHECK_CHARS
    return _text_of(value).rjust(CHECK_CHARS, DIGITS[0])


def _seal(game: str, body: str) -> str:
    head = f"{game}.{body}"
    return head + _check(head)


# ---- reading --------------------------------------------------------------------------------

class _Digits:
    """Reads mixed-radix digits off a whole number, least significant first."""

    def __init__(self, number: int):
        self.number = number

    def take(self, radix: int) -> int:
        self.number, digit = divmod(self.number, radix)
        return digit

    def take_sized(self, bits: int) -> int:
        length = self.take(bits + 1)
        return length if length < 2 else (1 << (length - 1)) + self.take(1 << (length - 1))


def decode(code) -> Decoded:
    """What ``code`` holds; CodeError (a ValueError) saying what is wrong if it cannot be read."""
    if not isinstance(code, str):
        raise CodeError("format", f"a code is text, not {quoted(code)}")
    if len(code) > MAX_CODE_CHARS:
        raise CodeError("format", f"a code has at most {MAX_CODE_CHARS} characters; this one has {len(code)}")
    code = code.strip()
    shape = SHAPE.fullmatch(code)
    if shape is None or len(shape.group(2)) < 2 + CHECK_CHARS:
        raise CodeError("format", f"{quoted(code)} is not a Trick Table code (a game's name, a dot and "
                                  "letters, digits, '-' or '_')")
    game, body = shape.group(1), shape.group(2)
    head, check = code[:-CHECK_CHARS], code[-CHECK_CHARS:]
    if _check(head) != check:
        raise CodeError("check", "the code is damaged or incomplete: its check characters do not match")
    if body[0] != VERSION:
        raise CodeError("version", f"the code was made by another version of Trick Table (format "
                                   f"{quoted(body[0])}; this one reads format {VERSION})")
    cls = GAMES.get(game)
    if cls is None:
        raise CodeError("game", f"the code is for the game {quoted(game)}, which this version does not have; "
                                f"the games are: {', '.join(GAMES)}")
    number_text = body[1:-CHECK_CHARS]
    if len(number_text) > 1 and number_text[0] == DIGITS[0]:
        raise CodeError("format", "the code has leading zero digits")
    number = 0
    for c in number_text:
        number = number * BASE + _VALUE[c]
    return _decode_number(cls, _Digits(number))


def _decode_number(cls, digits: _Digits) -> Decoded:
    def bad(reason: str) -> CodeError:
        return CodeError("content", f"the code does not hold a hand of {cls.TITLE}: {reason}")

    is_record, has_earlier, initial = digits.take(2), digits.take(2), digits.take(2)
    if is_record and has_earlier:
        raise bad("a record code carries no earlier result")
    first_hand = bool(digits.take(2)) if cls.FIRST_HAND_RULE else False
    dealer = digits.take(4)
    options = {}
    for option in cls.OPTIONS:
        options[option.name] = option.allowed()[digits.take(len(option.allowed()))]
    if initial:
        score = cls.initial_score(options)
    else:
        low, high = cls.score_range(options)
        start = cls.initial_score(options)
        if high - low + 1 <= PLAIN_SCORE:
            score = [digits.take(high - low + 1) + low for _ in start]
        else:
            score = [base + _unzigzag(digits.take_sized(_score_bits(low, high, base))) for base in start]
        if score == start:
            raise bad("the starting score is written out")
    pool = sorted(cls.DECK.cards)
    dealt = []
    for _seat in range(4):
        dealt.append([pool.pop(digits.take(len(pool))) for _ in range(cls.CARDS_EACH)])
    earlier = None
    if has_earlier:
        points = tuple(digits.take_sized(RESULT_BITS) for _ in range(2))
        change = tuple(_unzigzag(digits.take_sized(RESULT_BITS)) for _ in range(2))
        earlier = Earlier(points, change)
    try:
        hand = cls(dealt, dealer, options, score, first_hand)
    except ValueError as err:
        raise bad(str(err)) from None
    actions = []
    if is_record:
        count = digits.take(MAX_ACTIONS + 1)
        replay = hand.clone()
        for _ in range(count):
            if replay.is_over():
                raise bad("it lists actions after the end of the hand")
            legal = replay.legal_texts()
            text = legal[digits.take(len(legal))]
            actions.append((replay.turn, text))
            replay.apply(text)
    if digits.number:
        raise bad("there is more in it than a hand")
    return Decoded(hand, tuple(actions), earlier, bool(is_record))


def reseal(code: str) -> str:
    """``code`` with its check characters made right again (for tests of the content checks)."""
    head = code[:-CHECK_CHARS]
    return head + _check(head)


# ---- links ------------------------------------------------------------------------------------

def clean_caption(text: str) -> str:
    """A caption as a link may carry it: one line of plain text (every run of white space one
    space; control and formatting characters, bidirectional overrides among them, left out),
    at most CAPTION_CHARS characters (a longer one is cut, with an ellipsis)."""
    if not isinstance(text, str):
        return ""
    kept = []
    for c in text[:CAPTION_CHARS * 8]:
        if c.isspace():
            kept.append(" ")
        elif c.isprintable() or c in JOINERS:
            kept.append(c)
    text = " ".join("".join(kept).split())
    return text if len(text) <= CAPTION_CHARS else text[:CAPTION_CHARS - 1].rstrip() + "\u2026"


UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~")


def percent_encoded(text: str) -> str:
    """``text`` for a URL's query: every character but letters, digits and ``.-_~`` as %XX
    of its UTF-8 bytes (the engine does no I/O, so it does not import urllib)."""
    return "".join(c if c in UNRESERVED else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


def link(base: str = DEFAULT_BASE, **params) -> str:
    """``base`` (the game's page) with ``params`` as its query: ``link(deal=code)``,
    ``link(record=code, step=12, mode="watch")``; a None or False value is left out, True is 1."""
    parts = []
    for name, value in params.items():
        if value is None or value is False:
            continue
        value = 1 if value is True else value
        parts.append(f"{name}={percent_encoded(str(value))}")
    base = base.split("#", 1)[0].split("?", 1)[0]
    return base + ("?" + "&".join(parts) if parts else "")
