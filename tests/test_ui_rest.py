"""The app rests while nothing moves: a still scene draws no frame and flips nothing; each kind
of change (a tap, a key, an AI move, an animation, a timer, a notice, a resize, the language)
draws.  Time is the frames' own (``dt``), never the wall clock."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib.util
from pathlib import Path

import pygame
import pytest

from harness import driver
from game.ui.session import Session

ROOT = Path(__file__).resolve().parent.parent
PHONE = (720, 1558)


def positions():
    """The benchmark's still scenes (benchmarks/frame.py), measured there, counted here."""
    spec = importlib.util.spec_from_file_location("frame_benchmark", ROOT / "benchmarks" / "frame.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FRAME = positions()


class Flips:
    def __init__(self, monkeypatch):
        self.n = 0
        real = pygame.display.flip

        def flip():
            self.n += 1
            real()
        monkeypatch.setattr(pygame.display, "flip", flip)


def settle(app, quiet=60, limit=2400):
    """Frames until ``quiet`` in a row draw nothing (at most ``limit``); the frames run."""
    still = n = 0
    while still < quiet and n < limit:
        still = 0 if app.tick(driver.DT, []) else still + 1
        n += 1
    assert still >= quiet, f"{app.scene.name} still drawing after {limit} frames"
    return n


def drawn(app, n=1, events=()):
    """How many of ``n`` frames (the first with ``events``) drew."""
    return sum(app.frame(driver.DT, list(events) if i == 0 else []) for i in range(n))


@pytest.mark.parametrize("scene", list(FRAME.IDLE_SCENES))
def test_a_still_scene_draws_nothing_and_flips_nothing(scene, monkeypatch):
    app = driver.make_app(PHONE)
    still = FRAME.IDLE_SCENES[scene](app)
    settle(app)
    flips, draws = Flips(monkeypatch), app.draws
    for _ in range(600):  # ten seconds
        app.tick(driver.DT, [])
    assert still() and app.draws == draws and flips.n == 0


def card_table(app):
    FRAME.table_card(app)
    settle(app)
    return app.scene


def test_a_tap_and_a_key_draw():
    app = driver.make_app(PHONE)
    scene = card_table(app)
    before = app.draws
    driver.tap(app, (app.layout.size[0] // 2, app.layout.size[1] // 2))
    assert app.draws >= before + 2  # the press and the release
    settle(app)
    assert drawn(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="", mod=0,
                                             scancode=0)]) == 1
    assert scene.state.selected == 0
    assert drawn(app, 30) == 0  # and rests again


def test_an_ai_move_and_its_card_in_flight_draw_every_frame_then_the_table_rests():
    app = driver.make_app(PHONE, settings={"trick_wait": 0.5})
    session = FRAME.advance("28", 1, lambda h: h.phase == "play" and h.turn == 1 and len(h.tricks) >= 1)
    scene = FRAME.table(app, session)
    moves = len(session.hand.history)
    flying = 0
    for _ in range(600):
        before = len(session.hand.history)
        drew = app.frame(driver.DT, [])
        if len(session.hand.history) > before:
            assert drew  # the move shows at once
        if any(not f.done for f in scene.state.flights) or scene.thinking():
            flying += 1
            assert drew
        if scene.human_turn():
            break
    assert len(session.hand.history) > moves and flying > 10
    settle(app)
    assert drawn(app, 120) == 0


def test_a_message_draws_when_it_comes_and_when_its_time_is_up():
    app = driver.make_app(PHONE)
    scene = card_table(app)
    driver.tap(app, scene.hand.rects[0].center)  # a card rises and says how to play it
    assert scene.state.message
    shown = sum(drawn(app) for _ in range(int(scene.state.MESSAGE_TIME * 60) + 10))
    assert not scene.state.message and shown == 1  # it went: one frame drawn, no more


def test_the_hand_result_counts_every_frame_then_rests():
    app = driver.make_app(PHONE)
    FRAME.hand_result(app)
    assert drawn(app, 60) == 60
    settle(app, limit=300)


def test_the_review_playing_on_draws_each_step_and_rests_between():
    app = driver.make_app(PHONE)
    FRAME.review_paused(app)
    settle(app)
    scene = app.scene
    scene.toggle_play()
    steps, draws = scene.position, 0
    for _ in range(300):  # five seconds: four steps at 1.1 s
        draws += drawn(app)
    assert scene.position - steps == 4 and draws == 1 + 4  # the button's change, then one a step


def test_a_notice_draws_while_it_fades_in_and_out_and_not_between():
    app = driver.make_app(PHONE)
    app.home()
    settle(app)
    app.notify("Saved data was set aside.")
    draws = [app.frame(driver.DT, []) for _ in range(int(app.banner.lifetime() * 60) + 30)]
    fade = int(app.banner.FADE * 60)
    assert all(draws[:5]) and not any(draws[20:-fade - 40]) and sum(draws[-fade - 30:]) >= fade - 2
    assert not app.banner.items and not any(draws[-5:])


def test_a_resize_and_a_language_change_draw():
    app = driver.make_app(PHONE)
    card_table(app)
    app.resize((1558, 720))
    assert drawn(app) == 1 and app.screen.get_size() == (1558, 720)
    settle(app)
    app.settings["language"] = "de"
    app.settings_changed()
    assert drawn(app) == 1
    settle(app)


def test_a_host_pages_command_draws():
    """A frame in which the host bridge carried out a command draws (it went through the navigator)."""
    app = driver.make_app(PHONE)
    app.home()
    settle(app)

    class Host:
        def __init__(self):
            self.commands = [True]

        def frame(self):
            return bool(self.commands and self.commands.pop())

    app.host = Host()
    assert drawn(app, 5) == 1


def moving_kinds(scene) -> frozenset:
    """What moves at the table this frame (kinds: a card in flight, a notice, a float, dots)."""
    state = scene.state
    return frozenset(kind for kind, present in (("flight", any(not f.done for f in state.flights)),
                                                ("notice", state.toasts), ("float", state.floats),
                                                ("dots", scene.thinking())) if present)


def partial_frames_against_whole(size, every=16):
    """A hand of 28 played by the AI at the table, the frames that drew only what moves checked
    against the whole picture drawn afresh: (frames that differ, frames compared, kinds seen).

    A wrong rect leaves pixels behind (or draws too few) and the fault stays on the screen until
    the next whole draw, so the frames compared are, after each whole draw, the first that draws
    in part, every ``every``-th after it, and the first after anything began or stopped moving
    (that is where a card's, a float's or the dots' last rect must be put back).  Every 16th, not
    every 8th (sideways 218 frames compared, not 357; a quarter of the time): a notice's rect, a card's
    rect without its shadow or a float's at the small size, planted, still fail."""
    app = driver.make_app(size, settings={"anim_speed": 1.0, "trick_wait": 0.5})
    session = Session("28", {}, 3, "baseline", ())  # the rules decide: the same hand every run
    scene = FRAME.table(app, session)
    whole = pygame.Surface(size).convert()
    assert whole.get_masks() == app.screen.get_masks() and whole.get_pitch() == app.screen.get_pitch()
    shown = bytearray(app.screen.get_view("0"))  # the screen's bytes, refilled below (one copy a frame compared)
    differ, compared, seen = [], 0, set()
    kinds, changed, run = frozenset(), False, 0
    for n in range(2400):
        if app.scene is not scene:
            break
        whole_draws = app.whole_draws
        drew = app.frame(driver.DT, [])
        now = moving_kinds(scene)
        changed, kinds = changed or now != kinds, now
        if app.whole_draws > whole_draws:
            run = 0
            continue
        if not drew:
            continue
        run += 1
        if not (changed or (run - 1) % every == 0):
            continue
        changed = False
        seen |= now
        scene.draw(whole)  # the same pixel format: the bytes held are the colours shown
        shown[:] = app.screen.get_view("0")
        if shown != whole.get_view("0"):  # compared with the other surface's bytes in place
            differ.append(n)
        compared += 1
    return differ, compared, seen


@pytest.mark.slow
@pytest.mark.parametrize("size", [PHONE, (1558, 720)])
def test_a_frame_that_draws_only_what_moves_shows_what_a_whole_redraw_shows(size):
    """The table keeps its still picture and, while only cards fly, a notice fades, a score
    change floats or the AI's dots pulse, draws those over it: the screen is, pixel for pixel,
    the whole picture drawn afresh."""
    differ, compared, seen = partial_frames_against_whole(size)
    assert not differ, f"frames {differ[:10]} differ from the whole picture"
    assert compared > 40 and seen == {"flight", "notice", "float", "dots"}


def redrawn_in_part_against_whole(game, size, seed=3):
    """A hand of ``game`` played by the AI at the table: each frame whose still picture changed
    and was drawn again only where it changed (``TableView.redraw``: a move, a label, a bubble),
    checked against the whole picture drawn afresh: (frames that differ, frames compared)."""
    app = driver.make_app(size, settings={"anim_speed": 1.0, "trick_wait": 0.5})
    scene = FRAME.table(app, Session(game, {}, seed, "baseline", ()))
    whole = pygame.Surface(size).convert()
    shown = bytearray(app.screen.get_view("0"))
    differ, compared = [], 0
    for n in range(3000):
        if app.scene is not scene:
            break
        redraws = scene.view.redraws
        app.frame(driver.DT, [])
        if scene.view.redraws == redraws:
            continue
        view = scene.view
        kept = view.drawn, view.under, view.under_size  # a picture drawn elsewhere: the screen's are kept
        scene.draw(whole)
        view.drawn, view.under, view.under_size = kept
        shown[:] = app.screen.get_view("0")
        if shown != whole.get_view("0"):
            differ.append(n)
        compared += 1
    return differ, compared


@pytest.mark.parametrize("game, size", [("28", PHONE), ("schieber", (1558, 720)), ("400", PHONE),
                                        ("304", (1558, 720))])
def test_a_still_picture_drawn_again_where_it_changed_is_the_whole_picture(game, size):
    """After a move the table is drawn again only where something changed (from the felt up, in
    the same order): the screen is, pixel for pixel, the whole picture drawn afresh."""
    differ, compared = redrawn_in_part_against_whole(game, size)
    assert not differ, f"frames {differ[:10]} differ from the whole picture"
    assert compared > 20


@pytest.mark.parametrize("game, size", [("304", PHONE), ("400", (1558, 720))])
def test_the_hand_results_score_counting_draws_only_its_place_and_shows_the_whole_picture(game, size):
    """While the hand result's score counts, a frame draws the score's place alone again: the
    screen is, pixel for pixel, the whole panel drawn afresh."""
    app = driver.make_app(size)
    app.stack.clear()
    app.go("hand-result", session=FRAME.finished(game))
    scene = app.scene
    whole = pygame.Surface(size).convert()
    compared = differ = 0
    for _ in range(160):
        whole_draws = app.whole_draws
        if app.frame(driver.DT, []) and app.whole_draws == whole_draws:
            scene.draw(whole)
            differ += bytearray(app.screen.get_view("0")) != whole.get_view("0")
            compared += 1
    assert compared > 60 and not differ
    assert scene.shown_score() == scene.after != scene.before or scene.res["thrown_in"]


def test_paused_with_a_card_in_flight_the_veil_is_drawn_once_and_nothing_more():
    app = driver.make_app(PHONE, settings={"trick_wait": 0.5})
    session = FRAME.advance("28", 1, lambda h: h.phase == "play" and h.turn == 1 and len(h.tricks) >= 1)
    scene = FRAME.table(app, session)
    assert driver.run_until(app, lambda: any(not f.done for f in scene.state.flights), 600)
    app.pause()
    assert drawn(app, 60) == 1  # the veil over the table, then rest
    assert drawn(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0,
                                             scancode=0)]) == 1
    assert not app.paused and drawn(app, 3) == 3  # the card flies on
