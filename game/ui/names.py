"""Names shown to the player: games, seats, suits, ranks, cards and actions."""

from __future__ import annotations

from game.engine import GAMES, game_class
from game.engine import actions as A
from game.i18n import N_, _

SEATS = (N_("You"), N_("Right opponent"), N_("Partner"), N_("Left opponent"))
DEMO_SEATS = (N_("South"), N_("East"), N_("North"), N_("West"))
FRENCH_SUITS = (N_("Spades"), N_("Hearts"), N_("Diamonds"), N_("Clubs"))
SWISS_SUITS = (N_("Eicheln"), N_("Rosen"), N_("Schilten"), N_("Schellen"))
FRENCH_SYMBOLS = "♠♥♦♣"
FRENCH_RANKS = {**{r: str(r + 2) for r in range(9)},
                9: N_("Jack"), 10: N_("Queen"), 11: N_("King"), 12: N_("Ace")}
SWISS_RANKS = {4: "6", 5: "7", 6: "8", 7: "9", 8: N_("Banner"), 9: N_("Under"), 10: N_("Ober"),
               11: N_("König"), 12: N_("Ass")}
SHORT_FRENCH = {9: N_("J"), 10: N_("Q"), 11: N_("K"), 12: N_("A")}
# The Swiss deck's cards (Schieber) may be shown as the French-suited Jass deck, a front-end
# setting ("jass_deck"): each Swiss suit is named as the French suit it corresponds to, its
# ranks as the French ones in their places (Banner 10, Under jack, Ober queen).  The engine's
# cards, suits and multipliers stay the same.
JASS_TO_FRENCH = (3, 1, 0, 2)  # Eicheln clubs, Rosen hearts, Schilten spades, Schellen diamonds
JASS_DECKS = ("swiss", "french")
_jass_deck = "swiss"


def set_jass_deck(deck: str) -> None:
    """How the Swiss deck's cards are named from now on: "swiss" or "french" (its French-suited
    Jass deck).  Anything else is the Swiss deck."""
    global _jass_deck
    _jass_deck = deck if deck in JASS_DECKS else "swiss"


def jass_deck() -> str:
    return _jass_deck


def _french_faces(swiss: bool) -> bool:
    """A Swiss card named as the French-suited Jass deck's card."""
    return swiss and _jass_deck == "french"


def game_order() -> tuple[str, ...]:
    """The games in menu order: the engine's registry, a game added there included."""
    return tuple(GAMES)


def game_name(game: str) -> str:
    """The game's title (its engine class's TITLE) in the current language."""
    return _(game_class(game).TITLE)


def game_tagline(game: str) -> str:
    """One line about the game (its engine class's TAGLINE) in the current language."""
    return _(game_class(game).TAGLINE)


def seat_name(seat: int, demo: bool = False) -> str:
    return _((DEMO_SEATS if demo else SEATS)[seat])


def side_name(side: int, demo: bool = False) -> str:
    if demo:
        return _("North–South") if side == 0 else _("East–West")
    return _("Us") if side == 0 else _("Them")


def suit_name(suit: int, swiss: bool) -> str:
    if _french_faces(swiss):
        return _(FRENCH_SUITS[JASS_TO_FRENCH[suit]])
    return _((SWISS_SUITS if swiss else FRENCH_SUITS)[suit])


def rank_name(rank: int, swiss: bool) -> str:
    """'Queen', or in the Swiss deck 'Ober' (as the chosen Jass deck names it)."""
    if swiss and not _french_faces(swiss):
        return _(SWISS_RANKS[rank])
    return _(FRENCH_RANKS[rank])


def card_name(card: int, swiss: bool) -> str:
    """'Jack of Spades' or 'Rosen Under'."""
    suit, rank = card >> 4, card & 15
    if _french_faces(swiss):
        return _("{rank} of {suit}").format(rank=_(FRENCH_RANKS[rank]), suit=suit_name(suit, True))
    if swiss:
        return _("{suit} {rank}").format(suit=suit_name(suit, True), rank=_(SWISS_RANKS[rank]))
    return _("{rank} of {suit}").format(rank=_(FRENCH_RANKS[rank]), suit=suit_name(suit, False))


def card_short(card: int, swiss: bool) -> str:
    """'J♠' for French cards; the full name for Swiss cards (their suits have no font symbol)."""
    if swiss and not _french_faces(swiss):
        return card_name(card, True)
    rank, suit = card & 15, card >> 4
    symbol = FRENCH_SYMBOLS[JASS_TO_FRENCH[suit] if swiss else suit]
    return (_(SHORT_FRENCH[rank]) if rank in SHORT_FRENCH else str(rank + 2)) + symbol


CONTRACTS = {A.OBENABE: N_("Obenabe"), A.UNDENUFE: N_("Undenufe")}
WORDS = {
    A.PASS: N_("Pass"), A.PASS_PARTNER: N_("Pass · Partner!"), A.REDEAL: N_("Redeal"), A.KEEP: N_("Keep"),
    A.REVEAL: N_("Reveal trump"), A.CALL: N_("Trump!"), A.DOUBLE: N_("Double"), A.REDOUBLE: N_("Redouble"),
    A.CAPS: N_("Caps!"), A.PUSH: N_("Push"), **CONTRACTS,
}


def action_label(action: int, swiss: bool = False) -> str:
    """A short label for an action: a button's caption, or what a seat said."""
    info = A.describe(action)
    if info.kind is A.Kind.BID:
        return str(info.value)
    if info.suit is not None:
        return _("{suit} trump").format(suit=suit_name(info.suit, swiss))
    if action in WORDS:
        return _(WORDS[action])
    if info.kind is A.Kind.INDICATOR:
        return _("Trump card")
    return card_short(info.card, swiss)  # a card played, or given


def action_phrase(action: int, swiss: bool = False) -> str:
    """The action as the head of a sentence (a hint's reason): 'Play Jack of Spades', 'Bid 16', 'Pass'."""
    if A.is_play(action):
        return _("Play {card}").format(card=card_name(action, swiss))
    info = A.describe(action)
    if info.kind is A.Kind.INDICATOR:
        return _("Choose {card} as trump indicator").format(card=card_name(info.card, swiss))
    if info.kind is A.Kind.BID:
        return _("Bid {n}").format(n=info.value)
    return action_label(action, swiss)


def refusal_text(err) -> str:
    """The engine's reason for refusing an action, in the player's language."""
    from game.i18n.refusals import refusal
    return refusal(err.rule, err.reason)


def option_value_text(opt, value) -> str:
    """A rule option's value as the new-match form and the rules screen show it."""
    words = opt.words(value)
    if words is not None:
        return _(words)
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value)


def option_label(opt) -> str:
    """The option's label (its engine declaration's ``label``) in the current language."""
    return _(opt.label)
