"""A game the AI has never heard of: a plain four-player whist (no bidding; the dealer's last
card sets trump; a side scores a point per trick over six) registered for the test only.

Every AI entry point must play it through the engine's interface alone: the baseline (any
legal action), the search levels, the double-dummy yardstick, the arena and the reasons."""

from __future__ import annotations

import pytest

from game.ai import Thinker, baseline_action, choose
from game.ai.arena import play_deals
from game.ai.dd import choose_dd
from game.ai.reasons import weigh
from game.ai.solver import Solver
from game.engine import GAMES
from game.engine.cards import FRENCH52, SUIT_MASKS, cards_in
from game.engine.core import Hand, Observation, Trick


class HandWhist(Hand):
    GAME = "whist"
    DECK = FRENCH52
    CARDS_EACH = 13
    PACKETS = (13,)
    MUTABLE = ("history", "hand", "trick", "tricks", "won")

    def _start(self):
        self.hand = [sum(1 << c for c in cards) for cards in self.dealt]
        self.trump = self.dealt[self.dealer][-1] >> 4
        self.trick, self.tricks, self.won = [], [], [0, 0]
        self.phase = "play"
        self.leader = self.turn = (self.dealer + 1) % 4

    def _legal(self):
        h = self.hand[self.turn]
        if self.trick:
            h = h & SUIT_MASKS[self.trick[0] >> 4] or h
        return cards_in(h)

    def _power(self, c):
        led = self.trick[0] >> 4
        return (2 if c >> 4 == self.trump else 1 if c >> 4 == led else 0, c & 15)

    def _apply(self, a):
        self.hand[self.turn] ^= 1 << a
        self.trick.append(a)
        if len(self.trick) < 4:
            self.turn = (self.turn + 1) % 4
            return
        win = (self.leader + max(range(4), key=lambda i: self._power(self.trick[i]))) % 4
        self.tricks.append(Trick(self.leader, tuple(self.trick), win))
        self.won[win & 1] += 1
        self.trick = []
        self.leader = self.turn = win
        if len(self.tricks) == 13:
            self.phase, self.turn = "over", -1

    def observation(self, seat):
        legal = tuple(self._legal()) if self.turn == seat else ()
        return Observation(self.GAME, seat, dict(self.options), self.dealer, list(self.score_before),
                           self.phase, self.turn, tuple(cards_in(self.hand[seat])), legal,
                           tuple(h.bit_count() for h in self.hand), tuple(self.history),
                           tuple(((self.leader + i) % 4, c) for i, c in enumerate(self.trick)),
                           tuple((t.leader, t.cards, t.winner) for t in self.tricks),
                           {"trump": self.trump}, tuple(self.dealt[seat]))

    def result(self):
        if self.turn >= 0:
            return None
        score = [s + max(0, w - 6) for s, w in zip(self.score_before, self.won)]
        return {"thrown_in": False, "tricks": self.tricks_as_text(), "points": list(self.won), "made": None,
                "score": score, "match_over": False, "winner": None}


@pytest.fixture(autouse=True)
def whist(monkeypatch):
    monkeypatch.setitem(GAMES, "whist", HandWhist)


def test_the_baseline_and_the_search_play_it():
    hand = HandWhist.deal("w1", dealer=0)
    k = 0
    while not hand.is_over():
        obs = hand.observation(hand.turn)
        if k % 7 == 3:
            t = Thinker(obs, "normal", k)
            t.step(20)
            a = t.best()
        else:
            a = baseline_action(obs, k)
        assert a in obs.legal
        hand.apply(a)
        k += 1
    assert sum(hand.won) == 13


def test_the_arena_plays_it_with_every_kind_of_player():
    out = play_deals("whist", "baseline", "baseline", deals=2, seed=1)
    assert out["mean_diff"] == 0 and out["player_a"]["decisions"] > 0
    out = play_deals("whist", "dd", "baseline", deals=1, seed=2, dd_ms=2)
    assert out["player_a"]["decisions"] > 0


def test_its_decisions_show_their_reasons():
    hand = HandWhist.deal("w2", dealer=1)
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


def test_the_solver_solves_its_last_tricks():
    hand = HandWhist.deal("w3", dealer=2)
    while max(h.bit_count() for h in hand.hand) > 3:
        hand.apply(baseline_action(hand.observation(hand.turn), 0))
    before = hand.won[0]
    value = Solver(0).value(hand.clone())
    assert before - 13 <= value <= before + 13  # the tricks lead, and the point for them
