"""Input from outside, bounded and checked: JSON text, fields of a settings-like object, and
text that is shown to a person.

Every boundary of the program (record files, saved state, the page's URL, deal and record
codes, messages from a host page) reads its input through these helpers, so one set of rules
holds everywhere:

- ``json_value(text, limits, what)``: the size is checked before parsing (``Limits.chars``),
  then nesting depth, the number of items (list elements and object members, all levels
  together), digits per number, and finite numbers only.
- ``Field(...)``: the type and range of one value; ``check_fields(data, fields)`` checks an
  object against its fields and returns what was good and what was wrong, by name.
- ``shown(value, limit)``: text from outside as it may appear on a screen or in a message:
  characters that are not printable (control characters, NUL, lone surrogates, format
  characters) become ``?``, and the text is cut with an ellipsis at ``limit`` characters.

A failure raises :class:`OutOfBounds`, a ValueError whose ``rule`` names the problem and whose
``values`` fill in the details; ``str(err)`` is a plain English reason.  The front end turns
the rule into a translated notice (``game.i18n.problems``); the engine's command line prints
the English.  Nothing here does any I/O.
"""

from __future__ import annotations

import json
import math
import unicodedata
from dataclasses import dataclass

from .quote import ELLIPSIS, clean, quoted

SHOWN = 24  # characters of an outside value a notice repeats


class OutOfBounds(ValueError):
    """Input refused by a bound or a field's type or range.

    ``rule``: ``too-large``, ``not-text``, ``not-json``, ``too-deep``, ``too-many``,
    ``long-number``, ``not-finite``, ``wrong-type``, ``out-of-range``, ``not-a-choice``,
    ``too-long``, ``unknown-field``; ``values``: what the reason names (limits, sizes, choices)."""

    def __init__(self, rule: str, reason: str, **values):
        super().__init__(reason)
        self.rule, self.reason, self.values = rule, reason, values


@dataclass(frozen=True)
class Limits:
    """How much JSON text a boundary accepts: ``chars`` before parsing (a file's bytes are
    checked against it before it is read), then ``depth`` levels of lists and objects, ``items``
    elements and members in all, numbers of at most ``digits`` digits."""

    chars: int
    depth: int = 16
    items: int = 100_000
    digits: int = 30


def shown(value, limit: int = SHOWN, formatting: bool = False) -> str:
    """``value`` as it may be shown: printable, at most ``limit`` characters (cut with an
    ellipsis); anything but text as Python writes it.  ``formatting=True`` keeps format
    characters (the joiners that Sinhala and Malayalam spell with, direction marks) and only
    replaces control characters and lone surrogates: for a whole line of our own text whose
    outside values were already cleaned."""
    if not isinstance(value, str):
        return quoted(value, limit)
    if not formatting:
        return clean(value, limit)
    value = "".join("?" if unicodedata.category(c) in ("Cc", "Cs") else c for c in value[:limit + 1])
    return value if len(value) <= limit else value[:limit - 1] + ELLIPSIS


def too_large(size: int, limits: Limits, what: str) -> OutOfBounds:
    return OutOfBounds("too-large", f"{what} is larger than {limits.chars:,} bytes", size=size, limit=limits.chars)


def _no_constant(name: str):
    raise OutOfBounds("not-finite", f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise OutOfBounds("not-finite", f"the number {clean(text)} is too large")
    return value


def _digits_bound(digits: int):
    def whole(text: str) -> int:
        if len(text) > digits and len(text.lstrip("-")) > digits:  # (most numbers: one length looked at)
            raise OutOfBounds("long-number", f"a number has more than {digits} digits", limit=digits)
        return int(text)
    return whole


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _plainly_within(value, limits: Limits) -> bool:
    """True if ``value``, plain lists, objects and scalars only (as ``json.loads`` makes them),
    is within both limits: level by level, half the time of the ordered walk below, which is
    left for a value that breaks one (to name the rule it breaks first) or holds anything else."""
    level, depth, items = [value], 1, 0
    while level:
        if depth > limits.depth:
            return False
        items += sum(map(len, level))
        if items > limits.items:
            return False
        inner = []
        for item in level:
            inner += [v for v in (item.values() if type(item) is dict else item) if type(v) not in _SCALARS]
        for v in inner:
            if type(v) is not list and type(v) is not dict:
                return False
        level = inner
        depth += 1
    return True


def nesting_and_items(value, limits: Limits):
    """The rule a parsed value breaks (``too-deep`` or ``too-many``), or None; no recursion.
    Only lists and objects go on the stack (a scalar counts as its container's item), in the
    order they come, so the first rule broken is the same one a walk of every value finds."""
    if not isinstance(value, (list, dict)):
        return None
    if (type(value) is list or type(value) is dict) and _plainly_within(value, limits):
        return None
    stack, items, deepest = [(value, 1)], 0, limits.depth
    while stack:
        item, depth = stack.pop()
        if depth > deepest:
            return "too-deep"
        items += len(item)
        if items > limits.items:
            return "too-many"
        depth += 1
        stack.extend([(v, depth) for v in (item.values() if isinstance(item, dict) else item)
                      if isinstance(v, (list, dict))])
    return None


def json_value(text, limits: Limits, what: str = "the input"):
    """The JSON value of ``text`` within ``limits``; OutOfBounds naming ``what`` otherwise."""
    if not isinstance(text, str):
        raise OutOfBounds("not-text", f"{what} must be JSON text")
    if len(text) > limits.chars:
        raise too_large(len(text), limits, what)
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                           parse_int=_digits_bound(limits.digits))
    except RecursionError:
        broken = "too-deep"
    except OutOfBounds:
        raise
    except ValueError as err:
        raise OutOfBounds("not-json", f"{what} is not valid JSON: {clean(str(err), 200)}") from None
    else:
        broken = nesting_and_items(value, limits)
    if broken == "too-deep":
        raise OutOfBounds("too-deep", f"{what} nests lists or objects more than {limits.depth} levels deep",
                          limit=limits.depth)
    if broken == "too-many":
        raise OutOfBounds("too-many", f"{what} has more than {limits.items:,} items", limit=limits.items)
    return value


# ---- fields --------------------------------------------------------------------------------------

KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


@dataclass(frozen=True)
class Field:
    """One value's type and range.  ``kind``: bool, int, float (whole numbers accepted) or str;
    ``low``/``high``: a number's range, inclusive; ``choices``: the values allowed (any kind);
    ``length``: the most characters a text may have."""

    kind: type
    low: float | None = None
    high: float | None = None
    choices: tuple = ()
    length: int = 64

    def check(self, value):
        """``value`` as this field holds it (an int given for a float becomes a float), or
        OutOfBounds."""
        kinds = (int, float) if self.kind is float else (self.kind,)
        if type(value) not in kinds:  # bool is not a number here, nor 1 a truth value
            raise OutOfBounds("wrong-type", f"must be {KIND_WORDS.get(self.kind, self.kind.__name__)}",
                              kind=self.kind.__name__)
        if self.kind is float and not math.isfinite(value):
            raise OutOfBounds("not-finite", "must be a finite number")
        if self.choices:
            if value not in self.choices:
                raise OutOfBounds("not-a-choice", f"{shown(value)} is not one of {', '.join(map(str, self.choices))}",
                                  value=shown(value), choices=tuple(str(c) for c in self.choices))
            return value
        if self.kind is str and len(value) > self.length:
            raise OutOfBounds("too-long", f"is longer than {self.length} characters", limit=self.length)
        if self.kind in (int, float) and ((self.low is not None and value < self.low)
                                          or (self.high is not None and value > self.high)):
            raise OutOfBounds("out-of-range", f"must be from {self.low} to {self.high}",
                              low=self.low, high=self.high)
        return float(value) if self.kind is float else value


def check_fields(data, fields: dict) -> tuple[dict, dict]:
    """``data`` (an object) checked against ``fields`` (name -> Field): ``(good, wrong)``, where
    ``good`` holds the values that passed and ``wrong`` maps each refused name (shortened and
    printable) to its OutOfBounds; a name ``fields`` does not know is wrong as ``unknown-field``.
    Names missing from ``data`` are in neither."""
    good, wrong = {}, {}
    for name, value in data.items():
        field = fields.get(name) if isinstance(name, str) else None
        if field is None:
            wrong[shown(name)] = OutOfBounds("unknown-field", "is not known here")
            continue
        try:
            good[name] = field.check(value)
        except OutOfBounds as err:
            wrong[name] = err
    return good, wrong
