"""Actions as small ints, and their text form from the record spec.

Card plays are the card itself (0..63), a laid indicator is 64 + card, a bid is
BID + n; the word actions have fixed codes.  Text is what records and the
command line use: 'play JS', 'indicator JS', 'bid 160', 'pass partner'.
"""

from __future__ import annotations

from .quote import quoted

INDICATOR = 64
BID = 128          # BID + n for n up to MAX_BID
MAX_BID = 9999
PASS = 20000       # word actions come after every possible bid
PASS_PARTNER = 20001
REDEAL = 20002
KEEP = 20003
REVEAL = 20004
CALL = 20005
DOUBLE = 20006
REDOUBLE = 20007
CAPS = 20008
PUSH = 20009
OBENABE = 20010
UNDENUFE = 20011
TRUMP = 20020  # TRUMP + suit: a Schieber trump contract

WORDS = {
    PASS: "pass", PASS_PARTNER: "pass partner", REDEAL: "redeal", KEEP: "keep",
    REVEAL: "reveal", CALL: "call", DOUBLE: "double", REDOUBLE: "redouble",
    CAPS: "caps", PUSH: "push", OBENABE: "obenabe", UNDENUFE: "undenufe",
}
CODES = {text: code for code, text in WORDS.items()}


def is_play(action: int) -> bool:
    return 0 <= action < INDICATOR


def is_bid(action: int) -> bool:
    return BID <= action < PASS


def is_known(action, deck) -> bool:
    """Whether ``action`` is the code of an action of a game played with ``deck``, in any phase
    (plays and indicators of the deck's cards, bids, the words, the four trump suits)."""
    if type(action) is not int or action < 0:
        return False
    if action < BID:
        return bool(deck.mask >> (action % INDICATOR) & 1)
    return action <= BID + MAX_BID or action in WORDS or TRUMP <= action < TRUMP + 4


def action_text(action: int, deck) -> str:
    """The text of a known action code (see ``is_known``)."""
    if action < INDICATOR:
        return "play " + deck.text(action)
    if action < BID:
        return "indicator " + deck.text(action - INDICATOR)
    if action < PASS:
        return f"bid {action - BID}"
    if TRUMP <= action < TRUMP + 4:
        return "trump " + deck.suit_letters[action - TRUMP]
    return WORDS[action]


def parse_action(text: str, deck) -> int:
    """The code of an action written as text; ValueError with a readable reason."""
    if not isinstance(text, str):
        raise ValueError("an action must be a string such as 'play JS' or 'pass'")
    if text in CODES:
        return CODES[text]
    word, _, arg = text.partition(" ")
    if word == "play" or word == "indicator":
        card = deck.parse(arg)
        return card if word == "play" else INDICATOR + card
    if word == "bid":
        if arg.isascii() and arg.isdigit() and len(arg) <= 4 and arg == str(int(arg)):
            return BID + int(arg)
        raise ValueError(f"{quoted(text)}: a bid is 'bid' and a whole number up to {MAX_BID}")
    if word == "trump" and len(arg) == 1 and arg in deck.suit_letters:
        return TRUMP + deck.suit_letters.index(arg)
    raise ValueError(f"{quoted(text)} is not an action of this game")
