"""Worlds consistent with an observation: hidden cards sampled, the engine hand rebuilt.

The AI never sees a ``Hand`` it was not allowed to see.  To think, it samples
the cards it cannot see so that they agree with everything in its observation,
builds the game's hand from them and replays the typed log ``obs.actions`` with each
hidden card replaced by the sampled one.  What the log tells is read game by
game (``knowledge``); the cards are then dealt out to *slot groups* (a seat's
unknown hand cards, one face-down card, a hidden indicator) with the most
constrained group first, so that sampling needs no rejection in the common case.

``Worlds(obs)`` reads the observation once (its knowledge, and its log's action codes) and
then samples as many worlds as asked.  The first is replayed on the engine's fast path
(``Hand.replay_actions``: turn and legality checked, no refusals built; a sampled world in
which a logged action is not legal is dropped).  Up to the log's first hidden card, the worlds
differ only in cards still held: where the game allows it, the engine moves them in a copy of
the first world at that point (``Hand.with_held_cards``), and only the rest of the log is
replayed.  Worlds that agree on the log's first hidden card (most often a face-down trump
indicator, of which there are only a few candidates) also agree up to its second one, so the
copies start there, one starting position per value of that first card.  The knowledge's
constraints keep the moved part legal (replaying every action of 30 hands' worlds of every
game, 0 of 29,000 were dropped).
"""

from __future__ import annotations

import random

from ..engine import GAMES
from ..engine import actions as A
from ..engine.log import INDICATOR
from . import knowledge
from .deal import fill


class Inconsistent(Exception):
    """No world was found for an observation (a bug, or rules the sampler does not know)."""


class Worlds:
    """Worlds for one observation: ``sample(rng)`` as often as wanted."""

    def __init__(self, obs):
        self.obs = obs
        self.cls = cls = GAMES[obs.game]
        self.info = knowledge.read(obs, cls)
        self.steps, self.holes = log_steps(obs.actions)
        self.start = None  # the first world built: later ones take its rules, dealer and score
        # per value of the log's first hidden card (None if it has none): the first world with
        # that value after the log up to its second hidden card; later worlds with the same
        # value start from a copy with their own held cards
        self.templates = {}
        holes = self.holes
        self.split = holes[1][0] if len(holes) > 1 else len(self.steps)

    def sample(self, rng: random.Random, tries: int = 60):
        """An engine hand whose observation for ``obs.seat`` is ``obs``, with hidden cards sampled."""
        info = self.info
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
            hand = self.replay(dealt, hidden)
            if hand is not None and info.agrees(hand):
                return hand
        obs = self.obs
        raise Inconsistent(f"no world found for seat {obs.seat} of a {obs.game} hand")

    def replay(self, dealt, hidden: list[int]):
        """The hand dealt as ``dealt`` after the log, its hidden cards taken in order from
        ``hidden``; None if the log is not legal in it.

        The log up to its second hidden card is the same in every world with the same first
        hidden card: it is replayed once per such card, and later worlds start from a copy of
        that position with their own held cards (``Hand.with_held_cards``) where the game allows
        it; the rest is replayed."""
        holes, split, steps = self.holes, self.split, self.steps
        if len(hidden) < len(holes):
            return None
        key = hidden[0] if holes else None
        template = self.templates.get(key)
        hand = None if template is None else template.with_held_cards(dealt)
        if hand is None:
            if self.start is None:
                obs = self.obs
                try:
                    hand = self.cls(dealt, obs.dealer, obs.options, obs.score, knowledge.first_hand(obs))
                except ValueError:
                    return None
                self.start = hand
            else:
                hand = self.start.with_cards(dealt)
            head = steps[:split]
            if holes:
                i, offset = holes[0]
                head[i] = (head[i][0], offset + key)
            if not hand.replay_actions(head):
                return None
            if template is None:
                self.templates[key] = hand.clone()
        if split < len(steps):
            tail = steps[split:]
            for (i, offset), card in zip(holes[1:], hidden[1:]):
                tail[i - split] = (tail[i - split][0], offset + card)
            if not hand.replay_actions(tail):
                return None
        return hand


def log_steps(entries) -> tuple[list, list]:
    """``(steps, holes)``: the typed log as (seat, action code) pairs, and per ``HIDDEN`` card in
    order (index in steps, code offset: 0 for a play, ``INDICATOR`` for an indicator)."""
    steps, holes = [], []
    for seat, a, flags in entries:
        if a is None:
            holes.append((len(steps), A.INDICATOR if flags & INDICATOR else 0))
            steps.append((seat, -1))
        else:
            steps.append((seat, a))
    return steps, holes


def sample_world(obs, rng: random.Random, tries: int = 60):
    """One world for ``obs`` (to sample many, keep a ``Worlds(obs)``)."""
    return Worlds(obs).sample(rng, tries)

