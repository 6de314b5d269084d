"""Issue 49: the engine speaks for itself, and the layers above it ask rather than decode.

The engine side: every action of every game describes itself (``actions.describe``), every
observation's public facts read as the game's typed facts (``Observation.facts``), every phase
is a name of ``game.engine.phases``.  The layers above: ``tests/engine_reads.py`` finds no
string-key read of ``public``, no phase compared with a string literal and no arithmetic on
action codes in ``game/ai``, ``game/ui``, ``game/web`` or ``main.py``; planted, each is found."""

from __future__ import annotations

import dataclasses
import random

from game.engine import actions as A
from game.engine import GAMES, phases
from game.engine.facts import Facts


def hands(name: str, deals: int = 8):
    rng = random.Random(f"speaks|{name}")
    cls = GAMES[name]
    for n in range(deals):
        hand = cls.deal(rng.randrange(10**9), dealer=n % 4)
        yield hand
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
            yield hand


def test_every_action_describes_itself(game):
    cls = GAMES[game]
    for hand in hands(game):
        for a in hand.legal_actions():
            info = A.describe(a, cls.DECK)
            assert info.code == a and info.text == hand.action_text(a)
            assert A.parse_action(info.text, cls.DECK) == a
            assert (info.kind is A.Kind.CARD) == A.is_play(a)
            assert info.is_card == (info.kind in (A.Kind.CARD, A.Kind.INDICATOR))
            if info.kind is A.Kind.BID:
                assert A.bid(info.value) == a
            if info.kind is A.Kind.INDICATOR:
                assert A.indicator(info.card) == a
            if info.kind is A.Kind.CONTRACT:
                assert A.contract(info.contract, info.suit) == a


def test_every_phase_is_a_name_the_engine_exports_and_the_facts_are_typed(game):
    for hand in hands(game):
        for seat in range(4):
            obs = hand.observation(seat)
            assert obs.phase in phases.ALL or obs.phase in getattr(GAMES[game], "PHASES", ())
            facts = obs.facts
            assert isinstance(facts, Facts) and dataclasses.is_dataclass(facts)
            assert set(obs.public) <= {f.name for f in dataclasses.fields(facts)}
            assert facts is obs.facts  # built once


def test_facts_are_frozen():
    obs = GAMES["28"].deal(1).observation(0)
    try:
        obs.facts.bidder = 2
    except dataclasses.FrozenInstanceError:
        return
    raise AssertionError("facts can be changed")
