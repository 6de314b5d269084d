"""A game the AI has never heard of: the test game (``tests/whist_game.py``, registered only
while a test runs).  Beyond the baseline, the arena and the table (``test_whist.py``), the
search levels, the double-dummy yardstick, its solver and the reasons play it through the
engine's interface alone."""

from __future__ import annotations

from helpers import play_with_search

from game.ai import Thinker, baseline_action, choose
from game.ai.arena import play_deals
from game.ai.dd import choose_dd
from game.ai.reasons import weigh
from game.ai.solver import Solver


def test_the_search_levels_play_it(test_game):
    hand = play_with_search(test_game.deal("w1", dealer=0), every=7, at=3)
    assert len(hand.tricks) == 13


def test_dd_plays_it_in_the_arena(test_game):
    out = play_deals(test_game.GAME, "dd", "baseline", deals=1, seed=2, dd_ms=2)
    assert out["player_a"]["decisions"] > 0


def test_its_decisions_show_their_reasons(test_game):
    hand = test_game.deal("w2", dealer=1)
    for _ in range(30):
        hand.apply(baseline_action(hand.observation(hand.turn), 0))
    obs = hand.observation(hand.turn)
    t = Thinker(obs, "normal", 1)
    while not t.done:
        t.step(50)
    d = weigh(t)
    assert d.action in {hand.action_text(a) for a in obs.legal}
    assert choose_dd(obs, 1e9, 1, max_solves=12) in obs.legal
    assert choose(obs, "easy", 1) in obs.legal


def test_the_solver_solves_its_last_tricks(test_game):
    hand = test_game.deal("w3", dealer=2)
    while max(h.bit_count() for h in hand.hand) > 3:
        hand.apply(baseline_action(hand.observation(hand.turn), 0))
    value = Solver(0).value(hand.clone())
    assert -13 <= value <= 13 + 13
