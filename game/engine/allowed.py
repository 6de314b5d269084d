"""Why a legal action may be taken: the rule that lets it be made, beside the refusals' rules.

``Observation.why_allowed(action)`` asks the game (``Hand._allowed``) and gets an ``Allowed``:
``rule``, a stable name, and ``reason``, its words in English (``game/i18n/refusals.py`` holds
the message of every rule here, so other languages read it too).  Hints, the review and the
lessons say these words; nobody outside the engine works out why a card may be played.
"""

from __future__ import annotations

from typing import NamedTuple


class Allowed(NamedTuple):
    rule: str    # stable name: "follow-suit", "cannot-follow", "trump-instead", ...
    reason: str  # the words, in English: a catalog message of the same rule


LEAD = Allowed("lead", "lead it")
FOLLOW_SUIT = Allowed("follow-suit", "follow suit")
CANNOT_FOLLOW = Allowed("cannot-follow", "you cannot follow suit")
CUT_FACE_DOWN = Allowed("cut-face-down", "you cannot follow suit, so it goes face down")
TRUMP_INSTEAD = Allowed("trump-instead", "a trump may be played even when you can follow suit")
TRUMP_AFTER_CALL = Allowed("trump-after-call", "after calling for trump you must play a trump")
UNDER_TRUMP_ONLY_TRUMPS = Allowed("under-trump-only-trumps", "you hold only trumps, so you may under-trump")
PUUR_KEPT_BACK = Allowed("puur-kept-back", "the Puur need not follow trump when it is your only trump")
INDICATOR_LAST = Allowed("indicator-last-card", "the face-down trump card is your last card")
CALL_TRUMP = Allowed("call-trump", "you cannot follow suit, so you may call for trump")
REVEAL_TRUMP = Allowed("reveal-trump", "the trumper may reveal trump at their turn")
LAY_INDICATOR = Allowed("lay-indicator", "the highest bidder lays the trump card")
BID = Allowed("bid", "a bid the auction allows")
PASS = Allowed("pass", "you may pass")
CHOICE = Allowed("choice", "one of the choices now")
ALLOWED = Allowed("allowed", "the rules allow it")

RULES = {a.rule: a for a in (LEAD, FOLLOW_SUIT, CANNOT_FOLLOW, CUT_FACE_DOWN, TRUMP_INSTEAD, TRUMP_AFTER_CALL,
                             UNDER_TRUMP_ONLY_TRUMPS, PUUR_KEPT_BACK, INDICATOR_LAST, CALL_TRUMP,
                             REVEAL_TRUMP, LAY_INDICATOR, BID, PASS, CHOICE, ALLOWED)}


def card_allowed(obs, card: int) -> Allowed:
    """The plain trick rule (follow suit if you can, else any card) for a card of ``obs.legal``:
    leads, follows suit, or cannot follow."""
    if not obs.trick:
        return LEAD
    led = obs.trick[0][1] >> 4
    if card >> 4 == led:
        return FOLLOW_SUIT
    return CANNOT_FOLLOW
