"""Issue 49: the engine speaks for itself, and the layers above it ask rather than decode.

The engine side: every action of every game describes itself (``actions.describe``), every
observation's public facts read as the game's typed facts (``Observation.facts``), every phase
is a name of ``game.engine.phases``.  The layers above: ``tests/engine_reads.py`` finds no
string-key read of ``public``, no phase compared with a string literal and no arithmetic on
action codes in ``game/ai``, ``game/ui``, ``game/web`` or ``main.py``; planted, each is found."""

from __future__ import annotations

import dataclasses
import random

import pytest

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
            assert info.is_card == (info.kind in (A.Kind.CARD, A.Kind.INDICATOR, A.Kind.GIVE))
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


# ---- events ---------------------------------------------------------------------------------------
def test_apply_tells_its_events_and_every_observation_carries_them(game):
    """``hand.events`` after ``apply``: the action first, a trick won with it, the hand's end."""
    from game.engine import events as E
    cls = GAMES[game]
    rng = random.Random(f"events|{game}")
    for n in range(6):
        hand = cls.deal(rng.randrange(10**9), dealer=n % 4)
        while not hand.is_over():
            seat, a = hand.turn, rng.choice(hand.legal_actions())
            tricks = len(hand.tricks)
            hand.apply(a)
            events = hand.events
            assert events and events == hand.observation(rng.randrange(4)).events
            assert events[0].seat == seat  # the action itself comes first
            won = [e for e in events if isinstance(e, E.TrickWon)]
            assert len(won) == len(hand.tricks) - tricks
            if won:
                assert won[0].seat == hand.tricks[-1].winner
            over = [e for e in events if isinstance(e, E.HandOver)]
            assert bool(over) == hand.is_over()
        assert over[0].score_change == tuple(hand.score_change())


def test_schieber_events_add_up_to_the_hands_points():
    """Contract, Weis, Stöck and every trick's points, as told, are the hand's points."""
    from game.engine import events as E
    rng = random.Random("schieber events")
    for n in range(30):
        hand = GAMES["schieber"].deal(rng.randrange(10**9), dealer=n % 4)
        told = [0, 0]
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
            for e in hand.events:
                if isinstance(e, (E.WeisScored, E.StoeckScored, E.TrickWon)):
                    told[e.seat & 1] += e.points
                if isinstance(e, E.ContractChosen):
                    assert e.multiplier == hand.observation(0).facts.multiplier
        assert told == hand.points


def test_events_hide_what_a_seat_may_not_see():
    """304: a card played face down, and the face-down indicator, are told as None."""
    from game.engine import events as E
    rng = random.Random("304 events")
    seen_down = False
    for n in range(40):
        hand = GAMES["304"].deal(rng.randrange(10**9), dealer=n % 4)
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
            for e in hand.events:
                if isinstance(e, E.IndicatorLaid):
                    assert e.card is None
                if isinstance(e, E.CardPlayed) and e.face_down:
                    seen_down = True
                if isinstance(e, E.TrickWon) and None in e.cards:
                    assert e.points is None
    assert seen_down


@pytest.mark.parametrize("game", ["304", "28", "400", "schieber"])  # the games whose worlds keep held cards
def test_the_fast_path_tells_nothing(game):
    """A copy of a hand that has told events tells none once it is moved on by the fast path
    (``replay_actions``) or given other held cards (``with_held_cards``): the last ``apply``'s
    events are not its position's."""
    hand = GAMES[game].deal(5)
    hand.apply(hand.legal_actions()[0])
    assert hand.events
    twin = hand.clone()
    assert twin.events == hand.events  # a clone is the same position
    assert twin.replay_actions([(twin.turn, twin.fast_legal()[0])]) and twin.events == ()
    held = hand.with_held_cards(hand.dealt)
    assert held is not None and held.events == ()


# ---- the layers above ask, they do not decode ------------------------------------------------------
def above_the_engine():
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    files = [p for d in ("game/ai", "game/ui", "game/web") for p in sorted((root / d).rglob("*.py"))]
    return files + [root / "main.py"]


def test_no_layer_above_the_engine_decodes_it():
    from engine_reads import violations
    found = [f"{path.name}:{line} {kind}: {text}" for path in above_the_engine()
             for kind, line, text in violations(path.read_text(encoding="utf-8"))]
    assert found == []


PLANTED = {
    "public": [
        'bid = obs.public["bid"]',
        'bid = obs.public.get("bid")',
        'p = obs.public\nbid = p["bid"]',
        'a, b = x.public, y.public\nt = b.get("trump", None)',
        'def f(public):\n    return public["weis"]',
        'w = hand.public_facts(0)["weis"]',
    ],
    "phase": [
        'if obs.phase == "play": pass',
        'ok = phase != "auction"',
        'ok = self.obs.phase in ("play", "indicator")',
        'ok = "contract" == m.before.phase',
    ],
    "range": [
        'from game.engine import actions as A\nok = A.INDICATOR <= a < A.BID',
        'from game.engine import actions as A\nn = a - A.BID',
        'from ..engine import actions as A\nc = A.BID + 160',
        'from game.engine.actions import TRUMP\nsuit = a - TRUMP',
        'import game.engine.actions\nok = a >= game.engine.actions.INDICATOR',
        'from game.engine import actions as A\ncard = a % A.INDICATOR',
    ],
    "name": [
        'if obs.facts.contract == "trump": pass',
        'ok = w.kind == "run"',
        'ok = mode in ("obenabe", "undenufe")',
    ],
}
CLEAN = [
    'bid = obs.facts.bid',
    'ok = obs.phase == P.PLAY',
    'from game.engine import actions as A\nok = a == A.PASS or A.is_bid(a)',
    'from game.engine import actions as A\nn = A.bid_value(a) + 1',
    'name = settings["language"]',
    'ok = kind == "play"',
    'ok = w.kind == weis.RUN',
    'ok = n.kind == "contract"',
]


def test_each_planted_decoding_is_found_and_the_clean_forms_are_not():
    from engine_reads import violations
    for kind, snippets in PLANTED.items():
        for snippet in snippets:
            assert [k for k, _line, _text in violations(snippet)] == [kind], snippet
    for snippet in CLEAN:
        assert violations(snippet) == [], snippet
