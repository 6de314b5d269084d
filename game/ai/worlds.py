"""Worlds consistent with an observation: hidden cards sampled, the engine hand rebuilt.

The AI never sees a ``Hand`` it was not allowed to see.  To think, it samples
the cards it cannot see so that they agree with everything in its observation,
builds ``GAMES[obs.game](dealt, ...)`` from them and replays ``obs.log`` with each
hidden card replaced by the sampled one.  What the log tells is read game by
game (``knowledge``); the cards are then dealt out to *slot groups* (a seat's
unknown hand cards, one face-down card, a hidden indicator) with the most
constrained group first, so that sampling needs no rejection in the common case.
"""

from __future__ import annotations

import random

from ..engine import GAMES, IllegalAction
from . import knowledge
from .deal import fill


class Inconsistent(Exception):
    """No world was found for an observation (a bug, or rules the sampler does not know)."""


def sample_world(obs, rng: random.Random, tries: int = 60):
    """An engine hand whose observation for ``obs.seat`` is ``obs``, with hidden cards sampled."""
    cls = GAMES[obs.game]
    info = knowledge.read(obs, cls)
    for _ in range(tries):
        plan = info.plan(rng)
        if plan is None:
            continue
        groups, build = plan
        cards = fill(groups, info.pool, rng)
        if cards is None:
            continue
        dealt, hidden = build(cards, rng)
        if dealt is None:
            continue
        hand = replay(cls, obs, dealt, hidden)
        if hand is not None and info.agrees(hand):
            return hand
    raise Inconsistent(f"no world found for seat {obs.seat} of a {obs.game} hand")


def replay(cls, obs, dealt, hidden: list[int]):
    """The hand dealt as ``dealt`` after ``obs.log``; '??' cards taken in order from ``hidden``."""
    try:
        hand = cls(dealt, obs.dealer, obs.options, obs.score, knowledge.first_hand(obs))
        it = iter(hidden)
        deck = cls.DECK
        for _, text in obs.log:
            if text.endswith("??"):
                card = next(it)
                text = text[:-2] + deck.text(card)
            hand.apply(text)
    except (IllegalAction, StopIteration, ValueError):
        return None
    return hand


