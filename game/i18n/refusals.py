"""The engine's refusals in the player's language.

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
    "follow-trump": N_("Trump was led: you must play a trump (only the Puur may be kept back)."),
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
