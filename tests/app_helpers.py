"""The headless app as ``python main.py`` starts it, on saved state in a folder of its own:
the helpers of the tests that restart the app over saved files (test_web_integration.py,
test_saved_matches.py, test_fuzz_saves.py)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json

import pygame

import main
from harness import driver
from game.ui.storage import Store
from game.web import storage_backend

FAST = {"anim_speed": 4.0, "ai_level": "easy", "trick_wait": 1.0}  # a finished trick goes by itself


def fresh_data(tmp_path, monkeypatch):
    """Saved state in a fresh folder, as the desktop keeps it (TRICK_TABLE_DATA_DIR), with fast
    settings; a generator for a fixture (``yield from fresh_data(...)``)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(folder))
    storage_backend.use(None)
    store = Store()
    store.settings.update(FAST)
    store.save_settings()
    yield folder
    storage_backend.use(None)


def launch(*argv):
    """Start the app as ``python main.py ARGV`` does, without running its loop."""
    storage_backend.use(None)  # as after a restart: the backend is chosen again
    app, _args = main.start(list(argv), on_web=False)
    driver.frames(app, 2)
    return app


def teardown(app):
    app.stack.clear()
    pygame.display.quit()


def blob(folder, name):
    return json.loads((folder / f"{name}.txt").read_text(encoding="utf-8"))


def banner_text(app):
    return " | ".join(app.banner.items)


def play_to_mid_trick(session, rng, full_hands=0):
    """Random legal actions through ``Session.apply`` (which saves after each) until, after
    ``full_hands`` finished hands, a trick is under way and it is seat 0's turn."""
    for _ in range(full_hands):
        while not session.hand.is_over():
            assert session.apply(rng.choice(session.hand.legal_actions())) is None
        if session.over or session._finished_match():
            break
        session.next_hand()
    for _ in range(400):
        hand = session.hand
        obs = hand.observation(0)
        if obs.trick and obs.tricks and hand.turn == 0:
            return
        assert not hand.is_over(), "the hand ended before a trick was under way at seat 0"
        assert session.apply(rng.choice(hand.legal_actions())) is None
    raise AssertionError("no mid-trick position reached")


def state(session):
    hand = session.hand
    return {
        "legal": hand.legal_texts(), "obs0": hand.observation(0), "turn": hand.turn,
        "score": list(session.match.score), "score_before": list(hand.score_before),
        "level": session.level, "options": session.options, "humans": sorted(session.humans),
        "hand_number": session.match.hand_number, "finished": len(session.match.finished),
        "history": list(hand.history), "seed": session.seed,
    }


def leave_match(app) -> None:
    """The table's Menu (the pause sheet), Leave the match, and yes to its question: the main menu."""
    app.scene.menu_button.activate()
    driver.click_button(app, "Leave the match")
    driver.click_button(app, "Leave")


class PageHost:
    """The embedding page's side of the host-page API (``window.tt.host``): a queue of messages
    to the game (``queue``) and the events the game sent (``out``)."""
    version = 1

    def __init__(self):
        self.queue, self.out = [], []

    def take(self):
        return self.queue.pop(0) if self.queue else None

    def emit(self, text):
        self.out.append(json.loads(text))
