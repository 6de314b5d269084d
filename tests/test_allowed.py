"""Issue 49: the engine says which rule lets a legal move be made, and the hint states that rule.

Over random positions of every game (the contract suite's, the test game too), every legal action
of the seat to act has an ``Allowed`` whose rule is checked here against the seat's cards, and
the hint's reason for a card (``game.ai.hint.describe``) is that rule's message."""

from __future__ import annotations

import random

import pytest

from game.ai.hint import describe
from game.engine import GAMES
from game.engine import actions as A
from game.engine import allowed as W
from game.engine.schieber import TRUMP_POWER
from game.i18n.refusals import ALLOWED_MESSAGES, allowed_message

DEALS = 12


def positions(name: str, deals: int = DEALS):
    """(hand, observation of the seat to act) at every decision of ``deals`` random hands."""
    rng = random.Random(f"allowed|{name}")
    cls = GAMES[name]
    for n in range(deals):
        hand = cls.deal(rng.randrange(10**9), dealer=n % 4)
        while not hand.is_over():
            yield hand, hand.observation(hand.turn)
            hand.apply(rng.choice(hand.legal_actions()))


def check_card_rule(hand, obs, card: int, rule: str) -> None:
    """The rule named for ``card`` holds for the cards the seat really has."""
    held = set(obs.hand)
    trump = obs.public.get("trump")
    if not obs.trick:
        assert rule in ("lead", "indicator-last-card"), rule
        return
    led = obs.trick[0][1] >> 4
    holds_led = any(c >> 4 == led for c in held)
    if rule == "follow-suit":
        assert card >> 4 == led
    elif rule in ("cannot-follow", "cut-face-down", "under-trump-only-trumps", "trump-after-call"):
        assert card >> 4 != led and not holds_led, (rule, hand.record())
    elif rule == "trump-instead":
        assert card >> 4 == trump != led and holds_led
    elif rule == "puur-kept-back":
        assert led == trump and [c for c in held if c >> 4 == trump] == [(trump << 4) | 9]
    elif rule == "indicator-last-card":
        assert not held
    else:
        raise AssertionError(f"a card allowed by {rule!r}")
    if rule == "under-trump-only-trumps":
        assert all(c >> 4 == trump for c in held)
        best = max(TRUMP_POWER[c & 15] for _, c in obs.trick if c >> 4 == trump)
        assert TRUMP_POWER[card & 15] < best
    if rule in ("trump-after-call", "trump-instead"):
        assert card >> 4 == trump


def test_every_legal_action_has_its_rule_and_the_hint_says_it(game):
    seen = set()
    for hand, obs in positions(game):
        for a in obs.legal:
            allowed = obs.why_allowed(a)
            assert isinstance(allowed, W.Allowed), (a, hand.record())
            assert allowed.rule in ALLOWED_MESSAGES and allowed.reason == ALLOWED_MESSAGES[allowed.rule]
            seen.add(allowed.rule)
            if A.is_play(a):
                check_card_rule(hand, obs, a, allowed.rule)
                assert describe(obs, a) == allowed_message(allowed)
    assert {"lead", "follow-suit"} <= seen


def test_an_action_that_is_not_legal_has_no_rule(game):
    hand, obs = next(positions(game, 1))
    assert obs.why_allowed(A.BID + 9999) is None
    other = hand.observation((obs.seat + 1) % 4)
    assert other.legal == () and other.why_allowed(obs.legal[0]) is None


def test_every_rule_of_the_engine_has_its_message():
    assert set(W.RULES) == set(ALLOWED_MESSAGES)
    assert all(W.RULES[rule].reason == message for rule, message in ALLOWED_MESSAGES.items())


def schieber_positions_leaving_the_suit_led():
    for hand, obs in positions("schieber", 60):
        if obs.trick and obs.phase == "play":
            led = obs.trick[0][1] >> 4
            if any(c >> 4 == led for c in obs.hand):
                for a in obs.legal:
                    if a >> 4 != led:
                        yield obs, a


def test_schieber_never_says_you_cannot_follow_while_you_hold_the_suit_led():
    found = list(schieber_positions_leaving_the_suit_led())
    assert len(found) >= 40
    for obs, a in found:
        allowed = obs.why_allowed(a)
        led = obs.trick[0][1] >> 4
        assert allowed == (W.PUUR_KEPT_BACK if led == obs.public["trump"] else W.TRUMP_INSTEAD)
        assert describe(obs, a) == allowed.reason != "you cannot follow suit"


@pytest.mark.parametrize("name, rule", [("schieber", "under-trump-only-trumps"), ("schieber", "puur-kept-back"),
                                        ("28", "trump-after-call"), ("28", "call-trump"),
                                        ("304", "cut-face-down"), ("304", "reveal-trump")])
def test_the_games_own_rules_come_up_in_play(name, rule):
    rng = random.Random(f"rules|{name}")
    cls = GAMES[name]
    for n in range(400):
        hand = cls.deal(rng.randrange(10**9), dealer=n % 4)
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            if any(obs.why_allowed(a).rule == rule for a in obs.legal):
                return
            hand.apply(rng.choice(hand.legal_actions()))
    raise AssertionError(f"{rule} never allowed a move in 400 random hands of {name}")


def test_a_lessons_outlined_card_says_the_engines_rule():
    """Where a lesson asks for a card without a caption of its own, its note names the card and
    the rule that lets it be played, as the engine gives it."""
    from game.ui.lessons.lesson import LESSONS, PLAY_OUTLINED, LessonGuide
    found = 0
    for lesson in LESSONS:
        hand = lesson.deal()
        guide = LessonGuide(lesson, hand)
        for step in lesson.steps:
            code = hand.action_code(step.action)
            if hand.turn == 0 and A.is_play(code) and not step.caption:
                allowed = hand.observation(0).why_allowed(code)
                card = guide.caption().split(PLAY_OUTLINED.split("{card}")[0], 1)[1]
                assert guide.caption().endswith(f" The rule: {allowed.reason}.") and card
                found += 1
            hand.apply(code)
    assert found
