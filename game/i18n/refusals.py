"""The engine's refusals, and its reasons a legal move is allowed, in the player's language.

An ``IllegalAction`` carries ``rule`` (a stable name) and ``reason`` (English).  Reasons that
are literal strings in the engine have catalog entries of their own; reasons built at run time
(naming a card, a suit or a number) cannot, so for those the message of their rule is shown.
"""

from __future__ import annotations

from . import N_, _, language

RULE_MESSAGES = {
    "unknown-action": N_("That is not an action of this game."),
    "not-allowed": N_("That is not possible now."),
    "wrong-phase": N_("That is not possible at this stage of the hand."),
    "card-not-held": N_("You do not hold that card."),
    "follow-suit": N_("You must follow suit."),
    "no-pass": N_("There is no passing in 400: everyone bids once."),
    "bid-minimum": N_("That bid is below your minimum."),
    "bid-maximum": N_("Bids go up to 13."),
    "bid-ladder": N_("That is not one of the bids of this auction."),
    "bid-higher": N_("A bid must beat the current bid."),
    "indicator-from-hand": N_("The trump indicator must come from your own cards."),
    "not-schieber": N_("That is not an action of Schieber."),
    "choose-contract": N_("The contract comes first: choose a trump suit, Obenabe or Undenufe, or push."),
    "contract-chosen": N_("The contract is already chosen; play a card."),
    "under-trump": N_("You may not under-trump unless you hold only trumps."),
    "follow-trump": N_("Trump was led: you must play a trump (only a Puur that is your only trump may be kept back)."),
}


def refusal(rule: str, reason: str) -> str:
    """The refusal in the current language: its own translation if the reason is a catalog
    message, else the message of its rule."""
    if language() == "en":
        return reason
    translated = _(reason)
    if translated != reason:
        return translated
    return _(RULE_MESSAGES.get(rule, N_("That is not possible now.")))


# The engine's ``Allowed`` rules (game/engine/allowed.py): its English words are these messages.
ALLOWED_MESSAGES = {
    "lead": N_("lead it"),
    "follow-suit": N_("follow suit"),
    "cannot-follow": N_("you cannot follow suit"),
    "cut-face-down": N_("you cannot follow suit, so it goes face down"),
    "trump-instead": N_("a trump may be played even when you can follow suit"),
    "trump-after-call": N_("after calling for trump you must play a trump"),
    "under-trump-only-trumps": N_("you hold only trumps, so you may under-trump"),
    "puur-kept-back": N_("the Puur need not follow trump when it is your only trump"),
    "indicator-last-card": N_("the face-down trump card is your last card"),
    "call-trump": N_("you cannot follow suit, so you may call for trump"),
    "reveal-trump": N_("the trumper may reveal trump at their turn"),
    "lay-indicator": N_("the highest bidder lays the trump card"),
    "bid": N_("a bid the auction allows"),
    "pass": N_("you may pass"),
    "choice": N_("one of the choices now"),
    "allowed": N_("the rules allow it"),
}


def allowed_message(allowed) -> str:
    """The catalog message (untranslated) of the engine's ``Allowed``: why a legal move may be made."""
    return ALLOWED_MESSAGES.get(allowed.rule, ALLOWED_MESSAGES["allowed"])
