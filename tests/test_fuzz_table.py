"""Random input at the table (issue 48): taps, clicks, drags, swipes, keys and all of them
mixed in one frame (the mouse held on a card while a key plays it), with random time between
frames (the frame's ``dt`` is the clock the table runs on), from positions of every game and
phase (a random hand replayed to a random step).  Nothing may raise, the table's own state must
stay consistent, only legal actions reach the engine, and a finished hand goes on through
"Next hand" into the next.

Bounded and seeded: INPUTS_PER_GAME inputs a game in ``make test`` (FUZZ_EXAMPLES raises it)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest
from helpers import FUZZ_EXAMPLES

from game.engine import GAMES
from game.engine.core import Hand
from game.engine.records import hand_from_record, random_record, replay
from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.session import Session

pytestmark = pytest.mark.slow  # a fuzzer: `make check` leaves it to `make test`
INPUTS_PER_GAME = FUZZ_EXAMPLES or 240
FAST = {"ai_level": "easy", "anim_speed": 4.0}
TIMES = (0.0, 1 / 240, 1 / 60, 1 / 60, 1 / 30, 0.25, 1.0)  # seconds a frame may take
KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_l, pygame.K_BACKSPACE, pygame.K_ESCAPE, *[getattr(pygame, f"K_{d}") for d in "0123456789"]]


def key_event(key):
    text = pygame.key.name(key) if pygame.K_0 <= key <= pygame.K_9 else "\r" if key == pygame.K_RETURN else ""
    return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0)


def mouse(kind, pos):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=1, touch=False)


def finger(app, kind, pos, fid=1):
    w, h = app.layout.size
    return pygame.event.Event(kind, x=pos[0] / w, y=pos[1] / h, dx=0, dy=0, finger_id=fid, touch_id=1)


class Fuzzer:
    """Random inputs into one app, counted."""

    def __init__(self, app, rng):
        self.app, self.rng = app, rng
        self.inputs = 0

    def frame(self, events=()):
        self.app.frame(self.rng.choice(TIMES), list(events))

    def target(self):
        """Somewhere worth aiming at: a card of the hand, a button, the trick, or anywhere."""
        scene, rng = self.app.scene, self.rng
        w, h = self.app.layout.size
        spots = []
        hand = getattr(scene, "hand", None)
        if hand is not None and getattr(hand, "rects", None):
            spots += [r.center for r in hand.rects]
        spots += [wd.rect.center for wd in getattr(scene, "widgets", []) if getattr(wd, "rect", None)]
        if rng.random() < 0.7 and spots:
            x, y = rng.choice(spots)
            return x + rng.randint(-6, 6), y + rng.randint(-6, 6)
        return rng.randrange(w), rng.randrange(h)

    def one(self):
        """One random input (one gesture or key, or several at once)."""
        rng, app = self.rng, self.app
        self.inputs += 1
        kind = rng.choice(["tap", "click", "drag", "swipe", "key", "mixed", "hold", "same-frame"])
        p = self.target()
        if kind == "tap":
            self.frame([finger(app, pygame.FINGERDOWN, p), mouse(pygame.MOUSEBUTTONDOWN, p)])
            self.frame([finger(app, pygame.FINGERUP, p), mouse(pygame.MOUSEBUTTONUP, p)])
        elif kind == "click":
            self.frame([mouse(pygame.MOUSEBUTTONDOWN, p)])
            self.frame([mouse(pygame.MOUSEBUTTONUP, p)])
        elif kind == "drag":
            end = self.target() if rng.random() < 0.5 else (p[0], p[1] - rng.randint(0, 300))
            self.frame([mouse(pygame.MOUSEBUTTONDOWN, p)])
            for i in range(1, rng.randint(1, 5) + 1):
                self.frame([mouse(pygame.MOUSEMOTION, (p[0] + (end[0] - p[0]) * i // 5, p[1] + (end[1] - p[1]) * i // 5))])
            self.frame([mouse(pygame.MOUSEBUTTONUP, end)])
        elif kind == "swipe":
            end = (p[0] + rng.randint(-200, 200), p[1] - rng.randint(0, 300))
            self.frame([finger(app, pygame.FINGERDOWN, p)])
            self.frame([finger(app, pygame.FINGERMOTION, end)])
            self.frame([finger(app, pygame.FINGERUP, end)])
        elif kind == "key":
            self.frame([key_event(rng.choice(KEYS))])
        elif kind == "mixed":  # the mouse held while keys act, then let go (issue 48's crash)
            self.frame([mouse(pygame.MOUSEBUTTONDOWN, p)])
            for _ in range(rng.randint(1, 3)):
                self.frame([key_event(rng.choice([pygame.K_RETURN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE]))])
            self.frame([mouse(pygame.MOUSEBUTTONUP, self.target() if rng.random() < 0.3 else p)])
        elif kind == "hold":  # a long press (the last trick's Why?)
            self.frame([mouse(pygame.MOUSEBUTTONDOWN, p)])
            for _ in range(rng.randint(5, 40)):
                self.frame()
            self.frame([mouse(pygame.MOUSEBUTTONUP, p)])
        else:  # everything in one frame, in a random order
            events = [mouse(pygame.MOUSEBUTTONDOWN, p), key_event(rng.choice(KEYS)), mouse(pygame.MOUSEBUTTONUP, p),
                      finger(app, pygame.FINGERDOWN, p), finger(app, pygame.FINGERUP, p)]
            rng.shuffle(events)
            self.frame(events[:rng.randint(2, 5)])
        for _ in range(rng.randint(0, 3)):
            self.frame()


def consistent(scene):
    """The table's own state fits its hand."""
    state, cards = scene.state, scene.hand.cards
    assert -1 <= state.selected < max(1, len(cards)) and -1 <= state.hovered < max(1, len(cards))
    assert state.drag is None or state.drag[0] in cards


def start(game, rng, app):
    """A table at a random moment of a random hand (every phase in turn comes up)."""
    record = random_record(game, rng.randrange(1 << 30))
    hand = hand_from_record(record)
    for _seat, text in record["actions"][:rng.randrange(len(record["actions"]))]:
        hand.apply(text)
    session = Session.from_hand(hand, rng.randrange(1 << 30), "easy", store=app.store)
    app.go("table", session=session)
    return session


@pytest.mark.parametrize("game", list(GAMES))
def test_random_input_at_the_table_never_breaks_it(game, monkeypatch, record_property):
    rng = random.Random(f"table|{game}")
    illegal = []
    original = Hand.apply

    def apply(hand, action):  # every action that reaches a hand must be legal there
        if hand.check(action) is not None:
            illegal.append((hand.GAME, action))
        return original(hand, action)

    monkeypatch.setattr(Hand, "apply", apply)
    app = driver.make_app(rng.choice([LANDSCAPE, PORTRAIT]), {**FAST, "one_tap": rng.random() < 0.5})
    fuzz = Fuzzer(app, rng)
    counts = {"tables": 0, "hands_finished": 0, "next_hands": 0, "player_actions": 0}
    phases = set()
    session = None
    while fuzz.inputs < INPUTS_PER_GAME:
        name = app.scene.name if app.scene else None
        if name != "table" or session is None:
            if name == "hand-result" and driver.button(app, "Next hand") and rng.random() < 0.6:
                counts["hands_finished"] += 1
                driver.click_button(app, "Next hand")
                counts["next_hands"] += app.scene.name == "table"
                continue
            while app.scene is not None and app.scene.name not in ("table", "menu") and len(app.stack) > 1 \
                    and name not in ("hand-result", "match-result"):
                app.back()
                name = app.scene.name
            if app.scene is None or app.scene.name != "table":
                session = start(game, rng, app)
                counts["tables"] += 1
            session = app.scene.session
            continue
        before = sum(1 for seat, _a in session.hand.history if seat == 0)
        fuzz.one()
        if app.scene and app.scene.name == "table":
            consistent(app.scene)
            session = app.scene.session
            phases.add(app.scene.obs.phase)
            counts["player_actions"] += max(0, sum(1 for seat, _a in session.hand.history if seat == 0) - before)
    assert not illegal, illegal[:5]
    assert replay(session.hand.record())["ok"]
    record_property("fuzz", f"table {game}: {fuzz.inputs} inputs at {counts['tables']} tables, "
                            f"{counts['player_actions']} player actions, {counts['hands_finished']} hands finished, "
                            f"{counts['next_hands']} next hands, phases {', '.join(sorted(phases))}")
    assert counts["player_actions"] > 0 and len(phases) >= 2
    app.stack.clear()
