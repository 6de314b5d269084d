"""Issue 6 end to end on the desktop build: saved matches resume exactly, unreadable saves are
set aside with a notice, and the page's URL parameters (through ``main.py --query``) reach the
game, with a notice for every value that is ignored."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import asyncio
import json
import random

import pygame
import pytest

import main
from app_helpers import (banner_text, blob, fresh_data, launch, leave_match, play_to_mid_trick, state,
                         teardown)
from harness import driver
from game.ui.input import PRESS, RELEASE, Input
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_match import NewMatchScene
from game.ui.scenes.table import TableScene
from game.ui.session import Session
from game.ui.storage import Store
from game.web import storage_backend

GAMES = ("304", "28", "400", "schieber")


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)


# ---- saved matches ---------------------------------------------------------------------------------

@pytest.mark.parametrize("full_hands", [0, 1])
@pytest.mark.parametrize("game", GAMES)
def test_a_match_resumes_mid_trick_after_a_restart(data, game, full_hands):
    app = launch("--query", f"game={game}&seed=11&level=easy&embed=1")
    assert isinstance(app.scene, TableScene) and app.scene.session.game == game
    session = app.scene.session
    play_to_mid_trick(session, random.Random(f"{game}-{full_hands}"), full_hands)
    app.scene.state.obs = app.scene.state.observe()  # the session was played on directly
    driver.frames(app, 3)
    before = state(session)
    assert 1 <= len(before["obs0"].trick) <= 3 and before["turn"] == 0
    saved = blob(data, "match")
    assert saved["version"] == 1 and saved["data"]["hand"]["game"] == game  # a hand record inside
    assert saved["data"]["hand"]["actions"] == [[s, t] for s, t in before["history"]]
    teardown(app)

    again = launch()  # a plain reload: straight back into the match
    assert isinstance(again.scene, TableScene), again.scene.name
    assert [s.name for s in again.stack] == ["menu", "table"]
    resumed = again.scene.session
    assert state(resumed) == before
    assert not again.banner.items

    # play goes on: the human plays a legal card, then the AI answers
    scene = again.scene
    assert scene.human_turn()
    scene.submit(resumed.hand.legal_actions()[0])
    assert len(resumed.hand.history) == len(before["history"]) + 1
    n = len(resumed.hand.history)
    assert driver.run_until(again, lambda: len(resumed.hand.history) > n or resumed.hand.is_over(), 3000)
    assert blob(data, "match")["data"]["hand"]["actions"][-1][1] == resumed.hand.history[-1][1]
    teardown(again)


def test_an_embed_reload_with_the_same_url_resumes_the_match(data):
    query = "game=28&seed=5&level=easy&embed=1"
    app = launch("--query", query)
    session = app.scene.session
    play_to_mid_trick(session, random.Random(3))
    before = state(session)
    teardown(app)
    again = launch("--query", query)
    assert [s.name for s in again.stack] == ["table"]  # an embed: no menu below
    assert state(again.scene.session) == before
    teardown(again)


def test_an_ai_turn_and_its_level_and_options_come_back(data):
    app = launch("--query", "game=400&seed=8&level=hard&embed=1&target=44")
    session = app.scene.session
    assert session.options["target"] == 44 and session.level == "hard"
    rng = random.Random(1)
    while not (session.hand.observation(0).trick and session.hand.turn != 0):
        session.apply(rng.choice(session.hand.legal_actions()))
    before = state(session)
    teardown(app)
    again = launch()
    resumed = again.scene.session
    assert state(resumed) == before and resumed.level == "hard" and resumed.options["target"] == 44
    assert not again.scene.human_turn()
    teardown(again)


BAD_MATCH_SAVES = {
    "corrupt JSON": '{"version": 1, "kind": "match", "data": {"game": "28", ',
    "unknown version": json.dumps({"version": 7, "kind": "match", "data": {"game": "28"}}),
    "wrong shape": json.dumps({"version": 1, "kind": "match", "data": {"version": 2, "format": "trick-table-match",
                                                                       "game": "28", "seed": "x"}}),
    "not an object": json.dumps([1, 2, 3]),
    "does not replay": None,  # a real save whose last action was changed to an illegal one
}


@pytest.mark.parametrize("case", list(BAD_MATCH_SAVES))
def test_an_unreadable_match_save_is_set_aside_and_statistics_survive(data, case):
    store = Store()
    store.count("28", matches=2, wins=1, hands=9)
    text = BAD_MATCH_SAVES[case]
    if text is None:
        session = Session("28", {}, 4, "easy", (0,), store)
        play_to_mid_trick(session, random.Random(2))
        saved = blob(data, "match")
        saved["data"]["hand"]["actions"][-1][1] = "play 7H" if saved["data"]["hand"]["actions"][-1][1] != "play 7H" \
            else "play 8H"
        saved["data"]["hand"]["actions"].append([0, "bid 99"])
        text = json.dumps(saved)
    (data / "match.txt").write_text(text, encoding="utf-8")

    app = launch()
    assert isinstance(app.scene, MenuScene)  # started cleanly, nothing to resume
    assert "saved match" in banner_text(app) and "kept aside" in banner_text(app)
    aside = [p for p in data.iterdir() if p.name.startswith("match.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
    assert not (data / "match.txt").exists()
    assert app.store.game_stats("28")["wins"] == 1 and app.store.game_stats("28")["hands"] == 9
    assert not driver.button(app, "Continue")
    driver.frames(app, 5)
    teardown(app)
    again = launch()  # set aside once: the next start is quiet
    assert not again.banner.items and isinstance(again.scene, MenuScene)
    teardown(again)


@pytest.mark.parametrize("text", ["{broken", json.dumps({"version": 3, "data": {}}),
                                  json.dumps({"version": 1, "data": {"28": {"wins": "many"}}})])
def test_unreadable_statistics_are_kept_aside_never_lost(data, text):
    (data / "stats.txt").write_text(text, encoding="utf-8")
    app = launch("--query", "game=28&seed=1&embed=1")
    assert "statistics" in banner_text(app)
    aside = [p for p in data.iterdir() if p.name.startswith(("stats.unreadable-", "stats.reset-"))]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
    app.store.count("28", hands=1)  # counting goes on from zero; the old blob stays aside
    assert blob(data, "stats")["data"]["28"]["hands"] == 1
    assert aside[0].read_text(encoding="utf-8") == text
    teardown(app)


def test_settings_and_statistics_are_saved_after_every_action(data):
    app = launch("--query", "game=schieber&seed=3&embed=1&level=easy")
    session = app.scene.session
    rng = random.Random(5)
    while not session.hand.is_over():
        session.apply(rng.choice(session.hand.legal_actions()))
        assert blob(data, "match")["data"]["hand"]["actions"] == [[s, t] for s, t in session.hand.history]
    assert Store().game_stats("schieber")["hands"] == 1  # counted and saved as the hand ended
    app.settings["grain"] = 0.9
    app.settings_changed()
    assert Store().settings["grain"] == 0.9
    teardown(app)


def test_the_saved_match_is_a_versioned_blob_of_hand_records(data):
    from game.engine.records import replay

    store = Store()
    session = Session("304", {}, 21, "normal", (0,), store)
    play_to_mid_trick(session, random.Random(9), full_hands=1)
    saved = blob(data, "match")
    assert saved["version"] == 1 and saved["kind"] == "match"
    match = saved["data"]
    assert match["format"] == "trick-table-match" and match["version"] == 2
    for rec in match["finished"] + [match["hand"]]:
        assert replay(rec)["ok"], rec  # every hand is a valid hand record
    assert replay(match["finished"][-1])["complete"]


def test_a_first_version_save_still_resumes(data):
    store = Store()
    session = Session("28", {}, 6, "easy", (0,), store)
    play_to_mid_trick(session, random.Random(4))
    old = {"version": 1, "game": "28", "options": session.options, "seed": 6, "level": "easy", "humans": [0],
           "hands": [], "actions": [t for _, t in session.hand.history]}
    store.save_match(old)
    app = launch()
    assert isinstance(app.scene, TableScene) and state(app.scene.session) == state(session)
    teardown(app)


def test_a_400_save_from_before_every_seat_was_asked_about_the_redeal_resumes(data):
    from game.engine import GAMES as GAMES_BY_NAME
    from game.engine.game400 import FACES

    store = Store()
    session = Session("400", {"face_card_redeal": True}, 8, "easy", (0,), store)
    play_to_mid_trick(session, random.Random(3), full_hands=1)
    match = session.to_dict()
    # Before, only seats dealt no face card were asked: drop the other seats' 'keep' answers
    deck = GAMES_BY_NAME["400"].DECK
    for rec in match["finished"] + [match["hand"]]:
        held = [sum(1 << deck.parse(c) for c in cards) for cards in rec["hands"]]
        rec["actions"] = [[s, t] for s, t in rec["actions"] if not (t == "keep" and held[s] & FACES)]
    assert sum(len(r["actions"]) for r in match["finished"] + [match["hand"]]) < \
        sum(len(r["actions"]) for r in session.to_dict()["finished"] + [session.to_dict()["hand"]])
    store.save_match(match)
    app = launch()
    assert isinstance(app.scene, TableScene) and state(app.scene.session) == state(session)
    teardown(app)


# ---- URL parameters --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_embed_opens_straight_into_the_table_of_the_game_with_the_seed(data, game):
    app = launch("--query", f"game={game}&seed=77&embed=1")
    assert [s.name for s in app.stack] == ["table"]
    session = app.scene.session
    assert (session.game, session.seed, sorted(session.humans)) == (game, 77, [0])
    assert session.hand.record()["hands"] == Session(game, {}, 77).hand.record()["hands"]  # the seed's deal
    assert app.scene.menu_button.label  # a small Menu button stays
    assert not app.banner.items
    leave_match(app)  # Menu, Leave the match, Leave
    assert app.scene.name == "menu"
    teardown(app)


def test_demo_puts_the_ai_on_every_seat(data):
    app = launch("--query", "game=28&seed=2&demo=1&embed=1&level=easy")
    session = app.scene.session
    assert session.demo and not any(session.is_human(s) for s in range(4))
    n = len(session.hand.history)
    assert driver.run_until(app, lambda: len(session.hand.history) > n + 2, 4000)
    assert not (data / "match.txt").exists()  # a demo is not the player's match
    teardown(app)


def test_rule_options_level_and_language_are_applied(data):
    app = launch("--query", "game=28&seed=9&embed=1&target=7&level=hard&lang=de")
    session = app.scene.session
    assert session.options["target"] == 7 and session.level == "hard"
    assert app.settings["language"] == "de" and Store().settings["language"] == "de"  # stored for later
    assert app.settings["game"] == "28"
    assert not app.banner.items
    teardown(app)


def test_a_game_without_embed_opens_its_new_match_form_over_the_menu(data):
    app = launch("--query", "game=400&target=44&level=hard")
    assert [s.name for s in app.stack] == ["menu", "new-match"]
    assert isinstance(app.scene, NewMatchScene)
    assert app.scene.options["target"] == 44 and app.scene.level == "hard"
    teardown(app)


BAD_PARAMS = [
    ("game=chess", "game", "unknown game"),
    ("game=28&seed=abc", "seed", "whole number"),
    ("game=28&level=9", "level", "unknown level"),
    ("game=28&target=8", "target", "use "),
    ("game=28&unknownparam=1", "unknownparam", "unknown parameter"),
    ("game=28&embed=maybe", "embed", "use 1 or 0"),
    ("game=28&lang=xx", "lang", "unknown language"),
]


@pytest.mark.parametrize("query,param,words", BAD_PARAMS)
def test_a_bad_value_is_ignored_with_a_notice_and_falls_back(data, query, param, words):
    app = launch("--query", query + "&embed=1" * ("embed" not in query))
    assert len(app.banner.items) == 1, app.banner.items
    assert app.banner.items[0].startswith(f"Ignored {param}=") and words in app.banner.items[0]
    assert isinstance(app.scene, TableScene) or param == "embed"
    if isinstance(app.scene, TableScene):
        session = app.scene.session
        assert session.game == ("28" if param != "game" else Store().settings["game"])
        assert session.options == Session(session.game, {}, 0).options  # defaults
        assert session.level == "easy"  # the player's own setting
    driver.frames(app, 3)
    assert app.banner.rect is not None  # drawn on screen
    teardown(app)


def test_the_notice_fades_and_a_tap_dismisses_it(data):
    app = launch("--query", "game=chess&embed=1")
    assert app.banner.items
    driver.frames(app, 2)
    assert app.banner.rect is not None
    history = list(app.scene.session.hand.history)
    driver.click(app, app.banner.rect.center)  # the tap only closes the notice
    assert not app.banner.items and app.scene.session.hand.history == history
    teardown(app)

    app = launch("--query", "seed=abc")
    assert app.banner.items
    driver.frames(app, int(60 * (app.banner.lifetime() + 0.5)))
    assert not app.banner.items
    teardown(app)


def test_all_bad_values_at_once_through_main_with_frames_and_screenshots(data, tmp_path):
    shots = tmp_path / "shots"
    query = "game=chess&seed=abc&level=9&target=8&unknownparam=1&embed=1"
    asyncio.run(main.main(["--query", query, "--frames", "90", "--screenshot-dir", str(shots)]))
    names = sorted(p.name for p in shots.iterdir())
    assert names and "table" in names[0]
    picture = pygame.image.load(str(shots / names[0]))
    assert picture.get_size() == (1280, 720)
    # the notice panel (dark red with a red border) lies under the top bar
    app, _ = main.start(["--query", query], on_web=False)
    driver.frames(app, 2)
    assert len(app.banner.items) == 5
    assert {i.split("=")[0].split()[-1] for i in app.banner.items} == {"game", "seed", "level", "target",
                                                                       "unknownparam"}
    rect = app.banner.rect
    assert rect.top >= app.layout.top_bar.bottom
    assert picture.get_at((rect.centerx, rect.top + 1))[:3] != app.screen.get_at((rect.centerx, rect.top - 20))[:3]
    teardown(app)


def test_the_browser_reads_the_page_query_not_argv(data, monkeypatch):
    from game.web import params

    monkeypatch.setattr(params, "browser_query", lambda: "?game=schieber&seed=12&embed=1&bogus=1")
    monkeypatch.setattr("sys.argv", ["main.py", "#fragment", "--query", "game=28"])
    storage_backend.use(None)
    app, _args = main.start(on_web=True)
    assert app.scene.session.game == "schieber" and app.scene.session.seed == 12
    assert len(app.banner.items) == 1 and "bogus" in app.banner.items[0]
    teardown(app)


def test_escape_dismisses_the_notice_without_leaving_the_table(data):
    app = launch("--query", "game=28&level=9&embed=1")
    driver.press_key(app, pygame.K_ESCAPE)
    assert not app.banner.items and app.scene.name == "table"
    assert app.banner.handle(Input(PRESS, (1, 1))) is False and app.banner.handle(Input(RELEASE, (1, 1))) is False
    teardown(app)


@pytest.mark.parametrize("viewport, shape", [("390x844", "portrait"), ("844X390", "landscape")])
def test_the_command_line_opens_the_canvas_a_page_of_that_size_would(data, capsys, viewport, shape):
    """``--viewport WxH`` opens the canvas a page of that many CSS pixels gets (how a phone is
    tried on the desktop); a size that is not one is refused in words."""
    from game.ui.layout import canvas_size

    app = launch("--viewport", viewport)
    w, h = app.layout.size
    assert (h > w) == (shape == "portrait") and app.layout.size == canvas_size(main.viewport_arg(viewport))
    teardown(app)
    for bad in ("wide", "390", "0x844", "390x-1"):
        with pytest.raises(SystemExit) as refused:
            main.parse_args(["--viewport", bad])
        assert refused.value.code == 2 and "is not a size like 390x844" in capsys.readouterr().err
