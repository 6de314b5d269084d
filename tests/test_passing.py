"""Issue 49's proof: a game with a new kind of decision (``passing_game.py``: before the play each
player gives three cards to the partner) runs through every layer with no change made for it.
The engine's contract suite runs it with the other games (the ``game`` fixture); here its own
rules, its event, and the AI, the arena, the reasons, the hint and a headless table hand in which
the player makes the passing decisions by tapping cards."""

from __future__ import annotations

import os
import random

from helpers import play_with_search, refusal

from game.engine import actions as A
from game.engine import events as E
from game.engine import phases as P

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ONE_SUIT_EACH = [[r + s for r in "23456789TJQKA"] for s in "SHDC"]


def passing(cls, dealer=3):
    return cls([list(h) for h in ONE_SUIT_EACH], dealer)


# ---- its rules -------------------------------------------------------------------------------------

def test_each_player_in_turn_gives_three_of_their_own_cards_to_the_partner(passing_game):
    from passing_game import GIVE
    hand = passing(passing_game)  # dealer 3: seat 0 gives first
    assert hand.phase == GIVE and hand.turn == 0
    assert hand.legal_texts() == sorted(f"give {c} 2" for c in ONE_SUIT_EACH[0])
    assert refusal(hand, "play 2S").rule == "give-first"
    assert refusal(hand, "give 2S 1").rule == "give-to-partner"
    assert refusal(hand, "give 2H 2").rule == "card-not-held"
    hand.apply("give 2S 2")
    assert hand.events == (E.CardGiven(0, 2, hand.DECK.parse("2S")),)
    for text in ("give 2H 3", "give 2D 0"):
        hand.apply(text)
    hand.apply("give 2C 1")
    obs = hand.observation(0)
    assert hand.DECK.parse("2D") in obs.hand and hand.DECK.parse("2S") not in obs.hand
    assert hand.observation(2).hand_sizes == (13, 13, 13, 13)
    assert refusal(hand, "give 2D 2").rule == "give-own-card"  # received: cannot be given on
    for _ in range(8):
        hand.apply(hand.legal_actions()[0])
    assert hand.phase == P.PLAY and hand.turn == 0
    assert refusal(hand, "give 3S 2").rule == "passing-over"
    assert [len(h) for h in hand.dealt] == [13] * 4


def test_a_given_card_is_seen_by_all_and_the_log_says_so(passing_game):
    hand = passing(passing_game)
    hand.apply("give AS 2")
    for seat in range(4):
        obs = hand.observation(seat)
        assert obs.log[-1] == (0, "give AS 2") and obs.actions[-1].action == A.give(hand.DECK.parse("AS"), 2)
        assert obs.events == (E.CardGiven(0, 2, hand.DECK.parse("AS")),)


# ---- the other layers, unchanged ----------------------------------------------------------------

def test_the_baseline_ai_and_the_search_play_it(passing_game):
    for seed in range(2):
        hand = play_with_search(passing_game.deal(seed, dealer=seed % 4), every=5, at=2)
        assert len(hand.result()["tricks"]) == 13


def test_the_search_samples_worlds_that_know_where_the_given_cards_went(passing_game):
    from game.ai.worlds import Worlds
    rng = random.Random(4)
    hand = passing_game.deal(4, dealer=0)
    while len(hand.tricks) < 2:
        hand.apply(rng.choice(hand.legal_actions()))
    obs = hand.observation(hand.turn)
    worlds = Worlds(obs)
    for _ in range(20):
        world = worlds.sample(rng)
        assert world.observation(obs.seat).hand == obs.hand
        for s in range(4):
            assert world.hand[s] & hand.own[s] & ~hand.hand[s] == world.hand[s] & hand.own[s] & ~hand.hand[s]
        # every card given is where the real hand has it, or played
        for s, a, _ in obs.actions:
            info = A.describe(a)
            if info.kind is A.Kind.GIVE:
                assert world.hand[info.to] >> info.card & 1 == hand.hand[info.to] >> info.card & 1


def test_the_arena_runs_it(passing_game):
    from game.ai import arena
    out = arena.play_deals("passing", "baseline", "baseline", deals=2, seed=1)
    assert out["deals"] == 2 and out["mean_diff"] == 0


def test_its_decisions_show_their_reasons_and_the_hint_names_the_rule(passing_game):
    from game.ai import Thinker
    from game.ai.hint import explain
    from game.ai.reasons import weigh
    hand = passing_game.deal("p2", dealer=1)
    obs = hand.observation(hand.turn)
    assert obs.phase != P.PLAY
    t = Thinker(obs, "normal", 1)
    while not t.done:
        t.step(50)
    assert weigh(t).action in {hand.action_text(a) for a in obs.legal}
    action, why = explain(t)
    assert action in obs.legal and obs.why_allowed(action).rule == "choice"
    assert "one of the choices now" in why.text()


def test_a_headless_table_hand_where_the_player_passes_by_tapping_cards(passing_game):
    """The table offers the cards a legal action takes (here: gives), dims the rest (cards
    received), and a tap then a second tap on a card takes its action, as for a card played."""
    from harness import driver
    from game.ui.layout import LANDSCAPE
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session
    from passing_game import GIVE
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0, "ai_level": "baseline", "trick_wait": 1.0})
    session = Session("passing", {}, 7, "baseline", (0,), app.store)  # seat 0 is the player
    app.show(TableScene(app, session))
    hand = session.hand

    def players_turn():
        return driver.run_until(app, lambda: app.scene.name != "table" or app.scene.human_turn(), 8000) \
            and app.scene.name == "table" and app.scene.human_turn()

    gave, played = [], 0
    while players_turn():
        scene = app.scene
        takes = {A.describe(a).card: a for a in scene.obs.legal}
        assert scene.hand.dimmed == set(scene.hand.cards) - set(takes)
        card = min(takes)
        n = len(hand.history)
        driver.tap_twice(app, scene.hand.point(card))
        assert len(hand.history) == n + 1 and hand.history[-1] == (0, hand.action_text(takes[card]))
        if scene.obs.phase == GIVE:
            gave.append(card)
        else:
            played += 1
        if hand.phase == P.PLAY and len(gave) == 3 and played == 0:
            assert all(c in hand.observation(2).hand for c in gave)  # the partner holds them
    assert len(gave) == 3 and played == 13
    assert app.scene.name == "hand-result" or driver.run_until(app, lambda: app.scene.name == "hand-result", 8000)
