"""Every scene other than the table, in both orientations, with mouse, touch and keys;
touch handled once; the demo command's screenshots."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import asyncio
import random

import pygame
import pytest

from game.engine import GAMES
from game.ui import gfx, kit, style
from harness import driver
from game.ui.input import PRESS, RELEASE, Translator
from game.ui.layout import LANDSCAPE, PORTRAIT, canvas_size
from game.ui.scenes.match_result import MatchResultScene
from game.ui.scenes.menu import MenuScene
from game.ui.session import Session


def test_a_tap_is_handled_once():
    """SDL sends a finger event and a synthesized mouse event for each touch: one press, one release."""
    t = Translator((720, 1280))
    evs = [pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=7, touch_id=1),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(360, 640), button=1, touch=True),
           pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, dx=0, dy=0, finger_id=8, touch_id=1),  # 2nd finger
           pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, dx=0, dy=0, finger_id=7, touch_id=1),
           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(360, 640), button=1, touch=True)]
    out = [i for e in evs for i in t(e)]
    assert [i.kind for i in out] == [PRESS, RELEASE]
    assert out[0].pos == (360, 640)


def menu_app(size):
    app = driver.make_app(size, {"anim_speed": 4.0, "ai_level": "easy"})
    app.go("menu")
    driver.frames(app, 2)
    return app


def saved_match(app, game, moves):
    """A match of ``game`` with a human at seat 0, ``moves`` random legal actions in (each one
    saved in the app's store, as the table saves them)."""
    session = Session(game, {}, 9, "easy", (0,), app.store)
    rng = random.Random(2)
    for _ in range(moves):
        session.apply(rng.choice(session.hand.legal_actions()))
    return session


@pytest.mark.parametrize("size", [canvas_size((390, 844)), canvas_size((844, 390)), PORTRAIT, LANDSCAPE],
                         ids=["phone upright", "phone sideways", "portrait", "landscape"])
def test_the_menus_games_all_show_whole_without_scrolling(size):
    """Sideways, two rows of two tiles were taller than the list: the second row was cut by the
    list's edge until scrolled.  Held sideways the four games stand in one row, and in every
    language each tile's name and line fit it."""
    from game import i18n

    app = menu_app(size)
    scene = app.scene
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            scene.build()
            tiles = [w for w in scene.widgets if hasattr(w, "game")]
            assert len(tiles) == len(GAMES) and scene.max_scroll() == 0, code
            for tile in tiles:
                assert scene.viewport.contains(tile.rect), (code, tile.game, tile.rect, scene.viewport)
                assert tile.height_for(tile.rect.width) <= tile.rect.height, (code, tile.game)
                size_, name, tagline = tile.parts(tile.rect.width)
                room = tile.rect.width - tile.icon.get_width() - 44
                assert all(kit.text.width(line, size_, True) <= room for line in name), (code, tile.game, name)
                assert all(kit.text.width(line, tile.size) <= tile.rect.width - 32 for line in tagline), code
                assert tile.size >= style.BODY_MIN_PX and size_ >= style.TEXT_MIN_PX, (code, tile.game)
    finally:
        i18n.set_language("en")


def test_the_navigator_opens_scenes_by_name_and_goes_back():
    app = menu_app(LANDSCAPE)
    app.go("rules", game="400")
    assert [s.name for s in app.stack] == ["menu", "rules"] and app.scene.game == "400"
    app.go("statistics", replace=True)
    assert [s.name for s in app.stack] == ["menu", "statistics"]
    app.back()
    assert [s.name for s in app.stack] == ["menu"] and app.running
    app.go("new-match", game="28")
    app.home()
    assert [s.name for s in app.stack] == ["menu"] and isinstance(app.scene, MenuScene)
    with pytest.raises(ValueError, match="unknown scene 'lobby'; the scenes are: menu, new-match"):
        app.go("lobby")
    assert [s.name for s in app.stack] == ["menu"]
    app.back()  # Back from the last scene ends the app
    assert not app.running


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_menu_settings_statistics_and_rules(size):
    app = menu_app(size)
    driver.click_button(app, "Settings", driver.tap)
    assert app.scene.name == "settings"
    four = next(w for w in app.scene.widgets if getattr(w, "label", "") == "Four-colour deck")
    app.scene.follow_focus(four)  # scrolled into view
    driver.tap(app, four.rect.move(0, -app.scene.scroll).center)
    assert app.settings["four_colour"] is True
    slider = next(w for w in app.scene.widgets if getattr(w, "label", "") == "Table grain")
    app.scene.follow_focus(slider)
    track = slider._track().move(0, -app.scene.scroll)
    driver.drag(app, (track.left + 5, track.centery), (track.right - 5, track.centery))
    assert app.settings["grain"] > 0.9
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"
    driver.click_button(app, "Statistics")
    assert app.scene.name == "statistics"
    driver.press_key(app, pygame.K_RETURN)  # Back has the focus
    driver.click_button(app, "Rules", driver.tap)
    assert app.scene.name == "rules"
    for game in ("304", "28", "400", "Schieber"):
        driver.click_button(app, game)
        driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, touch=False)])
        assert app.scene.scroll > 0 and app.scene.content_height > app.scene.viewport.height
    driver.click_button(app, "Back")
    assert app.scene.name == "menu"


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_new_match_offers_the_engine_options_and_starts(size):
    app = menu_app(size)
    tile = next(w for w in app.scene.widgets if getattr(w, "game", None) == "28")
    driver.tap(app, tile.rect.center)
    scene = app.scene
    assert scene.name == "new-match"
    labels = [getattr(w, "label", "") for w in scene.widgets]
    assert "Match length" in labels and "AI level" in labels
    assert len([w for w in scene.widgets if w.scrolls]) == len(GAMES["28"].OPTIONS) + 1
    honours = next(w for w in scene.widgets if getattr(w, "label", "") == "Honours (four jacks)")
    scene.follow_focus(honours)
    driver.click(app, honours.rect.move(0, -scene.scroll).center)
    assert scene.options["honours"] is True
    driver.click_button(app, "Start")
    assert app.scene.name == "table"
    assert app.scene.session.options["honours"] is True
    assert app.store.load_match()["game"] == "28"


def finished_match(game, options, seed=1):
    session = Session(game, options, seed, "easy", (0,))
    rng = random.Random(seed)
    while not session.over:
        hand = session.hand
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
        session.next_hand()
    return session


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
@pytest.mark.parametrize("game,options", [("304", {"tokens": 2}), ("schieber", {"table_2500": True})])
def test_match_result_and_score_sheet(size, game, options):
    session = finished_match(game, options)
    app = driver.make_app(size)
    app.show(MatchResultScene(app, session))
    driver.frames(app, 2)
    assert app.scene.headline()
    if game == "schieber":
        assert ("Schneider" in app.scene.headline()) == bool(session.match.finished[-1]["result"]["schneider"])
    driver.click_button(app, "New match", driver.tap)
    assert app.scene.name == "new-match"


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_score_sheet_holds_every_hand_the_earlier_ones_a_swipe_away(size, monkeypatch):
    """Issue 5: "every hand of the match in a table".  A Schieber match runs to a dozen hands or
    more, of which the sheet has room for a few: it opens at the last hands, and a swipe down,
    the wheel or Page Up brings the first ones into view (it used to drop them)."""
    session = finished_match("schieber", {}, seed=3)
    hands = len(session.match.finished)
    app = driver.make_app(size)
    app.show(MatchResultScene(app, session))
    driver.frames(app, 2)
    scene = app.scene
    firsts = []
    blit_text = gfx.blit_text

    def recorded(surf, s, text_size, pos, *args, **kwargs):
        rect = blit_text(surf, s, text_size, pos, *args, **kwargs)
        if s.isdigit() and (scene.viewport is None or scene.viewport.collidepoint(pos)):  # a hand's number
            firsts.append(int(s))
        return rect

    monkeypatch.setattr(gfx, "blit_text", recorded)

    def numbers():
        firsts.clear()
        scene.draw(app.screen)
        return sorted(set(firsts))

    shown = numbers()
    assert hands > len(shown) and shown[-1] == hands  # the last hands, as the match ended
    view = scene.viewport or app.screen.get_rect().inflate(-400, -400)  # (before: no sheet to swipe)
    driver.drag(app, (view.centerx, view.top + 10), (view.centerx, view.bottom - 10))  # a swipe down
    for _ in range(hands):
        driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, touch=False)])
    assert numbers()[0] == 1
    driver.press_key(app, pygame.K_PAGEDOWN)
    driver.press_key(app, pygame.K_PAGEDOWN)
    driver.press_key(app, pygame.K_PAGEDOWN)
    driver.press_key(app, pygame.K_PAGEDOWN)
    assert numbers()[-1] == hands
    driver.press_key(app, pygame.K_PAGEUP)
    assert numbers()[-1] < hands
    assert app.scene.name == "match-result"


def test_hand_result_moves_the_score_and_goes_on():
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0})
    session = Session("400", {}, 3, "easy", (0,), app.store)
    rng = random.Random(3)
    while not session.hand.is_over():
        session.apply(rng.choice(session.hand.legal_actions()))
    from game.ui.scenes.hand_result import HandResultScene
    app.show(HandResultScene(app, session))
    driver.frames(app, 60)
    assert app.scene.shown_score() == session.result()["score"]
    driver.press_key(app, pygame.K_RETURN)  # Next hand has the focus
    assert app.scene.name in ("table", "match-result")
    assert app.store.game_stats("400")["hands"] == 1


def test_continue_resumes_the_saved_match():
    app = menu_app(LANDSCAPE)
    session = saved_match(app, "schieber", 7)
    app.home()
    driver.click_button(app, "Continue")
    assert app.scene.name == "continue"  # the list of saved matches: here one
    (row,) = [w for w in app.scene.widgets if getattr(w, "saved", None)]
    assert row.label.startswith("Schieber") and row.saved.slot == session.slot
    driver.click(app, (row.rect.left + 30, row.rect.centery - app.scene.scroll))
    assert app.scene.name == "table"
    assert app.scene.session.hand.history == session.hand.history


@pytest.mark.slow
def test_the_demo_command_saves_a_picture_of_each_scene(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(tmp_path / "data"))
    from game.web import storage_backend
    monkeypatch.setattr(storage_backend, "_backend", None)
    import main
    asyncio.run(main.main(["--demo", "--game", "28", "--seed", "2", "--frames", "400",
                           "--screenshot-dir", str(tmp_path / "shots"), "--portrait"]))
    shots = sorted(p.name for p in (tmp_path / "shots").iterdir())
    assert shots and shots[0].startswith("01-table-auction")
    assert pygame.image.load(str(tmp_path / "shots" / shots[0])).get_size() == PORTRAIT


def test_the_demos_pictures_show_a_trick_on_its_way_and_a_finished_one():
    """The table's picture names (``shot_key``): besides one per phase, a trick with two or more
    cards down and a finished trick still on the table, so a hand's pictures show the play."""
    app = driver.make_app(PORTRAIT, {"anim_speed": 4.0})
    app.go("menu")
    app.go("table", session=Session("28", {}, 5, "easy", (), app.store))  # nobody human: a demo
    scene = app.scene
    keys = []
    for _ in range(20000):
        key = scene.shot_key()
        if key != (keys[-1] if keys else None):
            keys.append(key)
            state = scene.state
            if key == "table-trick":
                assert len(state.shown_trick()) >= 2 and not state.hold
            if key == "table-trick-over":
                assert state.hold and len(state.shown_trick()) == 4
        if "table-trick-over" in keys and app.scene is scene and scene.obs.phase == "play" and len(keys) > 6:
            break
        app.frame(driver.DT, [])
    assert keys.index("table-play") < keys.index("table-trick") < keys.index("table-trick-over"), keys


def test_a_swipe_on_a_row_scrolls_the_list_and_a_finger_that_barely_moves_still_taps():
    """On a phone, a list longer than the screen (the new match's options) scrolls under a
    finger swiped up or down, even one put down on an option, which is then left as it was; a
    finger that moves less than a swipe's few pixels taps the option."""
    app = menu_app(PORTRAIT)
    driver.tap(app, next(w for w in app.scene.widgets if getattr(w, "game", None) == "28").rect.center)
    scene = app.scene
    assert scene.name == "new-match" and scene.max_scroll() > 0
    honours = next(w for w in scene.widgets if getattr(w, "label", "") == "Honours (four jacks)")
    scene.scroll_to(honours.rect.centery - scene.viewport.centery)  # the row mid-list, in view
    at = scene.scroll
    before = dict(scene.options)
    on_row = lambda: honours.rect.move(0, -scene.scroll).center
    start = on_row()
    assert scene.viewport.collidepoint(start) and 150 < at <= scene.max_scroll()
    driver.swipe(app, start, (start[0], start[1] + 120))  # the finger down: the list comes down
    assert scene.scroll == at - 120 and scene.options == before
    driver.swipe(app, on_row(), (on_row()[0], on_row()[1] - 100))
    assert scene.scroll == at - 20 and scene.options == before
    driver.swipe(app, on_row(), (on_row()[0] + 3, on_row()[1] + 6))  # under the swipe's threshold
    assert scene.options == {**before, "honours": not before["honours"]}


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_keyboard_moves_through_a_long_list_and_keeps_the_focused_row_in_view(size):
    """Tab and the arrows move the focus through the buttons and options (round at the ends),
    the list scrolls to keep the focused one in view, Enter or Space works it."""
    app = menu_app(size)
    driver.tap(app, next(w for w in app.scene.widgets if getattr(w, "game", None) == "28").rect.center)
    scene = app.scene
    order = scene.focusables()
    seen = []
    for _ in range(len(order)):
        driver.press_key(app, pygame.K_TAB)
        focused = scene.widgets[scene.focus]
        seen.append(focused)
        if focused.scrolls:
            top = focused.rect.top - scene.scroll
            assert scene.viewport.top <= top and top + focused.rect.height <= scene.viewport.bottom + 1
    assert sorted(map(id, seen)) == sorted(map(id, order))  # each once, then round again
    driver.press_key(app, pygame.K_TAB)
    assert scene.widgets[scene.focus] is seen[0]
    driver.press_key(app, pygame.K_UP)
    assert scene.widgets[scene.focus] is seen[-1]
    honours = next(w for w in scene.widgets if getattr(w, "label", "") == "Honours (four jacks)")
    while scene.widgets[scene.focus] is not honours:
        driver.press_key(app, pygame.K_DOWN)
    before = scene.options["honours"]
    driver.press_key(app, pygame.K_SPACE)
    assert scene.options["honours"] is (not before)


@pytest.mark.parametrize("how", [driver.click, driver.tap])
def test_a_stepper_steps_with_its_halves_and_the_arrows_and_stops_at_its_ends(how):
    """The new match's AI level: + and − (clicked or tapped) step through the levels and stop
    at the first and the last; with the row focused the arrow keys step it too, and Enter steps
    on (it once stepped toward the half last pressed: back, after a −); the match starts at the
    level shown."""
    from game.ui.players import LEVELS

    app = menu_app(PORTRAIT)
    driver.tap(app, next(w for w in app.scene.widgets if getattr(w, "game", None) == "28").rect.center)
    scene = app.scene
    row = next(w for w in scene.widgets if getattr(w, "label", "") == "AI level")
    scene.follow_focus(row)
    on_screen = lambda rect: rect.move(0, -scene.scroll).center
    _whole, minus, plus = row._controls()
    for _ in range(len(LEVELS)):
        how(app, on_screen(plus))
    assert row.value == LEVELS[-1] and scene.level == LEVELS[-1]
    how(app, on_screen(minus))
    assert row.value == LEVELS[-2]
    for _ in range(len(LEVELS)):
        how(app, on_screen(minus))
    assert row.value == LEVELS[0]
    scene.focus = scene.widgets.index(row)
    driver.press_key(app, pygame.K_RIGHT)
    driver.press_key(app, pygame.K_RIGHT)
    driver.press_key(app, pygame.K_LEFT)
    assert row.value == LEVELS[1]
    driver.press_key(app, pygame.K_RETURN)
    assert row.value == LEVELS[2]  # forward, though the last half pressed was −
    driver.click_button(app, "Start")
    assert app.scene.name == "table" and app.scene.session.level == LEVELS[2]


def test_the_settings_rows_answer_the_arrow_keys_when_focused():
    """With the keyboard alone: a slider moves a twentieth a press (stopping at its ends), a
    switch flips with either arrow, a stepper steps; each change is a setting at once."""
    app = menu_app(LANDSCAPE)
    driver.click_button(app, "Settings")
    scene = app.scene
    row = lambda label: next(w for w in scene.widgets if getattr(w, "label", "") == label)

    def focus(label):
        while scene.widgets[scene.focus] is not row(label):
            driver.press_key(app, pygame.K_TAB)

    focus("Table grain")
    grain = app.settings["grain"]
    driver.press_key(app, pygame.K_RIGHT)
    assert app.settings["grain"] == round(min(1.0, grain + 0.05), 2)
    for _ in range(30):
        driver.press_key(app, pygame.K_LEFT)
    assert app.settings["grain"] == 0.0
    focus("Four-colour deck")
    four = app.settings["four_colour"]
    driver.press_key(app, pygame.K_LEFT)
    assert app.settings["four_colour"] is (not four)
    driver.press_key(app, pygame.K_RIGHT)
    assert app.settings["four_colour"] is four
    focus("A finished trick stays")
    wait = app.settings["trick_wait"]
    driver.press_key(app, pygame.K_RIGHT)
    assert app.settings["trick_wait"] != wait


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_a_panels_title_stays_in_its_band_in_every_script(size, monkeypatch):
    """A dialog's title is placed by its ink, not by the top of its picture: Arabic's picture is
    taller (its font's line), and the settings' title came down over the four aces below it."""
    from game import i18n

    app = menu_app(size)
    app.go("settings")
    scene = app.scene
    titles = []
    blit_text = gfx.blit_text

    def recording(surf, s, text_size, pos, *a, **k):
        rect = blit_text(surf, s, text_size, pos, *a, **k)
        if s == scene.title:
            ink = gfx.text(s, text_size, bold=True).get_bounding_rect()
            titles.append(ink.move(rect.topleft))
        return rect

    monkeypatch.setattr(gfx, "blit_text", recording)
    lay = scene.layout
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            scene.build()
            titles.clear()
            scene.draw(app.screen)
            panel = scene.panel_rect()
            aces_top = panel.top + lay.margin + lay.large + 16
            assert len(titles) == 1, (code, titles)
            assert panel.top + 4 <= titles[0].top and titles[0].bottom <= aces_top, (code, titles[0], aces_top)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("name", ["help", "glossary"])
def test_a_reading_pages_title_ends_above_its_first_heading_in_every_script(name, monkeypatch):
    """How to play and the glossary: the title's ink ends above the first heading; an Arabic
    title, hung from its taller picture's top, came down onto the heading under it."""
    from game import i18n

    app = menu_app(PORTRAIT)
    app.go(name)
    scene = app.scene
    inks = []
    blit_text = gfx.blit_text

    def recording(surf, s, text_size, pos, *a, **k):
        rect = blit_text(surf, s, text_size, pos, *a, **k)
        if s == scene.page_title():
            inks.append(gfx.text(s, text_size, bold=True).get_bounding_rect().move(rect.topleft))
        return rect

    monkeypatch.setattr(gfx, "blit_text", recording)
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            inks.clear()
            scene.render_page(scene.viewport.width)
            assert len(inks) == 1, (code, inks)
            assert 0 <= inks[0].top and inks[0].bottom <= scene.heads[0], (code, inks[0], scene.heads[0])
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_every_steppers_values_fit_between_its_buttons_in_every_language(size):
    """The settings' steppers ("A finished trick stays": "until you tap" in French, Malayalam,
    Sinhala and Tamil) show each value whole between − and +, at a readable size."""
    from game import i18n
    from game.ui.widgets import Stepper

    try:
        for code in i18n.LANGUAGES:
            app = driver.make_app(size, {"language": code})
            app.go("menu")
            app.go("settings")
            steppers = [w for w in app.scene.widgets if isinstance(w, Stepper)]
            assert len(steppers) >= 3, code
            for w in steppers:
                whole, minus, _plus = w._controls()
                room = whole.width - 2 * minus.width - 8
                for value in w.values:
                    text = w.shown(value)
                    fit = kit.text.fit_size(text, w.size, room, True)
                    assert kit.text.width(text, fit, True) <= room, (code, w.label, text, room)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_a_first_launch_leads_to_learn_and_shows_no_continue(size):
    """Nothing saved, nothing played: Learn is the first, primary and focused action, the line
    under the title points to it, and no Continue that cannot be pressed takes the room."""
    app = menu_app(size)
    labels = [getattr(w, "label", None) for w in app.scene.widgets]
    assert "Continue" not in labels and labels.count("Learn") == 1
    learn = driver.button(app, "Learn")
    assert learn.primary and app.scene.widgets[app.scene.focus] is learn
    assert "New here?" in app.scene.subtitle()
    driver.click_button(app, "Learn")
    assert app.scene.name == "learn"


def test_with_a_saved_match_continue_comes_first_and_learn_stays():
    app = menu_app(PORTRAIT)
    saved_match(app, "28", 3)
    app.home()
    cont, learn = driver.button(app, "Continue"), driver.button(app, "Learn")
    assert cont.primary and learn and not learn.primary
    assert app.scene.widgets[app.scene.focus] is cont and "New here?" not in app.scene.subtitle()


def test_sliders_show_their_value_and_reset_to_the_first_look():
    from game.ui.storage import DEFAULT_SETTINGS
    from game.ui.widgets import ResetRow, Slider

    app = driver.make_app(PORTRAIT, {"contrast": 0.8, "grain": 0.1})
    app.go("menu")
    app.go("settings")
    scene = app.scene
    sliders = [w for w in scene.widgets if isinstance(w, Slider)]
    assert [s.value_text() for s in sliders] == ["80%", "10%", "50%"]
    shown = []
    real = gfx.blit_text
    try:
        gfx.blit_text = lambda surf, s, *a, **k: shown.append(s) or real(surf, s, *a, **k)
        scene.draw(app.screen)
    finally:
        gfx.blit_text = real
    assert "80%" in shown and "10%" in shown
    (reset,) = [w for w in scene.widgets if isinstance(w, ResetRow)]
    reset.activate()
    for key in ("contrast", "grain", "temperature"):
        assert app.settings[key] == DEFAULT_SETTINGS[key]
    assert [s.value for s in sliders] == [DEFAULT_SETTINGS[k] for k in ("contrast", "grain", "temperature")]
