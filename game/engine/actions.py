"""Actions as small ints, and their text form from the record spec.

Card plays are the card itself (0..63), a laid indicator is 64 + card, a bid is
BID + n, a card given to another seat GIVE + 64 * seat + card; the word actions have fixed
codes.  Text is what records and the
command line use: 'play JS', 'indicator JS', 'bid 160', 'pass partner'.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .quote import quoted

INDICATOR = 64
BID = 128          # BID + n for n up to MAX_BID
MAX_BID = 9999
GIVE = 10200       # GIVE + 64 * seat + card: a card passed to ``seat`` (a game with a passing phase)
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
    return BID <= action <= BID + MAX_BID


def is_indicator(action: int) -> bool:
    """A card laid as the trump indicator (304, 28)."""
    return INDICATOR <= action < BID


def bid_value(action: int) -> int:
    """The number an ``is_bid`` action bids."""
    return action - BID


def given(action: int) -> tuple[int, int] | None:
    """The card and the seat of a GIVE action, ``(card, seat)``; None for any other action."""
    if GIVE <= action < GIVE + 256:
        return (action - GIVE) & 63, (action - GIVE) >> 6
    return None


def card_of(action: int) -> int | None:
    """The card an action plays, lays as indicator or gives; None for any other action."""
    if action < BID:
        return action if action < INDICATOR else action - INDICATOR
    gift = given(action)
    return gift[0] if gift else None


def trump_suit_of(action: int) -> int | None:
    """The suit of a Schieber trump contract; None for any other action."""
    return action - TRUMP if TRUMP <= action < TRUMP + 4 else None


def is_known(action, deck) -> bool:
    """Whether ``action`` is the code of an action of a game played with ``deck``, in any phase
    (plays and indicators of the deck's cards, bids, the words, the four trump suits)."""
    if type(action) is not int or action < 0:
        return False
    if action < BID:
        return bool(deck.mask >> (action % INDICATOR) & 1)
    if gift := given(action):
        return bool(deck.mask >> gift[0] & 1)
    return action <= BID + MAX_BID or action in WORDS or TRUMP <= action < TRUMP + 4


def action_text(action: int, deck) -> str:
    """The text of a known action code (see ``is_known``)."""
    if action < INDICATOR:
        return "play " + deck.text(action)
    if action < BID:
        return "indicator " + deck.text(action - INDICATOR)
    if gift := given(action):
        return f"give {deck.text(gift[0])} {gift[1]}"
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
    if word == "give":
        card, _, seat = arg.partition(" ")
        if seat in ("0", "1", "2", "3"):
            return give(deck.parse(card), int(seat))
        raise ValueError(f"{quoted(text)}: a card given is 'give', the card and a seat 0..3")
    if word == "trump" and len(arg) == 1 and arg in deck.suit_letters:
        return TRUMP + deck.suit_letters.index(arg)
    raise ValueError(f"{quoted(text)} is not an action of this game")


# ---- what an action is: other layers ask ``describe`` instead of decoding the codes ----------
class Kind(Enum):
    CARD = "card"                  # a card played
    INDICATOR = "indicator"        # a card laid face down as the trump indicator (304, 28)
    BID = "bid"
    PASS = "pass"
    PASS_PARTNER = "pass partner"  # 304: pass, asking the partner to bid on
    REDEAL = "redeal"
    KEEP = "keep"
    REVEAL = "reveal"              # 304: the trumper shows trump
    CALL = "call"                  # 28: a player who cannot follow calls for trump
    DOUBLE = "double"
    REDOUBLE = "redouble"
    CAPS = "caps"
    PUSH = "push"                  # Schieber: leave the contract to the partner
    CONTRACT = "contract"          # Schieber: a trump suit, Obenabe or Undenufe
    GIVE = "give"                  # a card passed to another seat

    @property
    def is_word(self) -> bool:
        """Said rather than played: neither a card nor a bid (a button at the table)."""
        return self not in (Kind.CARD, Kind.INDICATOR, Kind.BID, Kind.GIVE)


CONTRACT_NAMES = ("trump", "obenabe", "undenufe")  # ``Action.contract`` of a Schieber contract


@dataclass(frozen=True)
class Action:
    """What an action code is: its kind, its card (a card played, laid as indicator or given:
    ``to`` the seat that gets it), its
    number (a bid), its suit (a trump contract), its contract's name (Schieber: "trump",
    "obenabe", "undenufe"), and its text as records write it (``text``, with a deck)."""

    code: int
    kind: Kind
    card: int | None = None
    value: int | None = None
    suit: int | None = None
    contract: str | None = None
    to: int | None = None      # the seat a card is given to
    text: str = ""

    @property
    def is_card(self) -> bool:
        """A card that leaves the hand: played, laid as the trump indicator, or given."""
        return self.card is not None


_WORD_KINDS = {PASS: Kind.PASS, PASS_PARTNER: Kind.PASS_PARTNER, REDEAL: Kind.REDEAL, KEEP: Kind.KEEP,
               REVEAL: Kind.REVEAL, CALL: Kind.CALL, DOUBLE: Kind.DOUBLE, REDOUBLE: Kind.REDOUBLE,
               CAPS: Kind.CAPS, PUSH: Kind.PUSH}
_described: dict = {}


def describe(action: int, deck=None) -> Action:
    """What ``action`` (a known code: ``is_known``) is; with ``deck`` its ``text`` too.  Cached:
    the same code gives the same ``Action``.  ValueError for a code that is no action."""
    key = (action, deck)
    found = _described.get(key)
    if found is None:
        found = _described[key] = _describe(action, deck)
    return found


def _describe(a, deck) -> Action:
    if type(a) is not int or a < 0:
        raise ValueError(f"{quoted(a)} is not an action code")
    text = action_text(a, deck) if deck is not None else ""
    if a < INDICATOR:
        return Action(a, Kind.CARD, card=a, text=text)
    if a < BID:
        return Action(a, Kind.INDICATOR, card=a - INDICATOR, text=text)
    if a <= BID + MAX_BID:
        return Action(a, Kind.BID, value=a - BID, text=text)
    if gift := given(a):
        return Action(a, Kind.GIVE, card=gift[0], to=gift[1], text=text)
    if TRUMP <= a < TRUMP + 4:
        return Action(a, Kind.CONTRACT, suit=a - TRUMP, contract="trump", text=text)
    if a == OBENABE or a == UNDENUFE:
        return Action(a, Kind.CONTRACT, contract=WORDS[a], text=text)
    if a in _WORD_KINDS:
        return Action(a, _WORD_KINDS[a], text=text)
    raise ValueError(f"{quoted(a)} is not an action code")


def bid(n: int) -> int:
    """The code of the bid ``n``."""
    return BID + n


def indicator(card: int) -> int:
    """The code of laying ``card`` as the trump indicator."""
    return INDICATOR + card


def give(card: int, seat: int) -> int:
    """The code of giving ``card`` to ``seat``."""
    return GIVE + (seat << 6 | card)


def contract(name: str, suit: int | None = None) -> int:
    """The code of a Schieber contract: ``("trump", suit)``, ``"obenabe"`` or ``"undenufe"``."""
    return TRUMP + suit if name == "trump" else CODES[name]


CONTRACTS = (TRUMP, TRUMP + 1, TRUMP + 2, TRUMP + 3, OBENABE, UNDENUFE)  # Schieber's, in contract order
