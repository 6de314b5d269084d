"""Values quoted in error messages: short, printable, and safe for any input.

A message that repeats what it refuses must not grow with the input (a 50 MB name), break a
terminal or a font (control characters), or fail itself (a nesting deep enough for ``repr`` to
recurse without end, an int too long to print).  ``quoted`` gives at most ``LIMIT`` characters.
"""

from __future__ import annotations

import reprlib

LIMIT = 60
ELLIPSIS = "…"


class _ShortRepr(reprlib.Repr):
    def __init__(self):
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = LIMIT
        self.maxlong = 30
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x, level):
        if x.bit_length() > 128:  # repr() of a long enough int raises; its size is what matters
            return f"<a number of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def clean(text: str, limit: int = LIMIT) -> str:
    """``text`` shortened with an ellipsis to ``limit`` characters, any character that is not
    printable shown as '?'."""
    text = "".join(c if c.isprintable() else "?" for c in text[:limit + 1])
    return text if len(text) <= limit else text[:limit - 1] + ELLIPSIS


def quoted(value, limit: int = LIMIT) -> str:
    """``value`` as Python would write it (a string in quotes), as ``clean`` shortens text."""
    return clean(_SHORT.repr(value), limit)
