"""Learn by playing: each game's guided first hand is legal play whose rule moments really
happen where the lesson says (asked of the engine), it can be followed at the table to the end,
a wrong move there is refused with the rule's own reason, and it opens from the menu and by URL."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine import FACE_DOWN, REVEALS_TRUMP, TRUMP
from game.engine import actions as A
from game.i18n import set_language
from game.ui import kit
from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.lessons.lesson import LESSONS, NOT_THE_LESSONS, LessonSession, lesson_for
from game.ui.names import game_name, refusal_text

MAIN_GAMES = ("304", "28", "400", "schieber")


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def moment_happened(name, before, after, seat):
    """Whether the engine shows the rule moment ``name`` in the action ``seat`` just took."""
    entry = after.actions[-1]
    if name == "auction":
        return before.phase == "auction" and A.is_bid(entry.action)
    if name == "indicator":
        return bool(entry.flags & FACE_DOWN) and A.INDICATOR <= entry.action < A.BID and after.public["bidder"] == seat
    if name == "face-down":
        return A.is_play(entry.action) and bool(entry.flags & FACE_DOWN)
    if name == "reveal":
        return bool(entry.flags & REVEALS_TRUMP) and after.public["revealed"]
    if name == "minimum":
        return before.public["min_bid"] > 2 and entry.action - A.BID >= before.public["min_bid"]
    if name == "hearts":  # a heart cut that wins a trick led in another suit
        leader, cards, winner = after.tricks[-1]
        return bool(entry.flags & TRUMP) and winner == seat and cards[0] >> 4 != 1
    if name == "contract":
        return before.public["contract"] is None and after.public["contract"] is not None
    if name == "weis":
        return sum(after.public["weis_points"]) > sum(before.public["weis_points"])
    if name == "stoeck":
        return before.public["stoeck"] is None and after.public["stoeck"] == seat
    raise AssertionError(f"no check for the moment {name!r}")


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.game.GAME for lesson in LESSONS])
def test_each_rule_moment_really_happens_where_the_lesson_says(lesson):
    hand = lesson.deal()
    moments = lesson.moments()
    assert moments, "a lesson shows at least one rule moment"
    seen = set()
    for i, step in enumerate(lesson.steps):
        if step.wrong:
            refusal = hand.check(step.wrong)
            assert refusal is not None and refusal.rule != "lesson", (i, step.wrong)
        if hand.turn == 0:  # the player always knows what to do: a note, or the card outlined
            assert step.caption or step.action.startswith("play "), (i, step)
        seat, before = hand.turn, hand.observation(0)
        assert hand.check(step.action) is None, (i, step.action)
        hand.apply(step.action)
        if step.moment:
            assert moment_happened(step.moment, before, hand.observation(0), seat), (i, step.moment)
            seen.add(step.moment)
    assert not hand.is_over(), "the player finishes the hand"
    assert seen == set(moments)


def test_the_games_lessons_cover_the_rule_moments():
    shown = {lesson.game.GAME: set(lesson.moments()) for lesson in LESSONS}
    assert shown["304"] >= {"auction", "indicator", "face-down", "reveal"}
    assert shown["28"] >= {"auction", "indicator", "reveal"}
    assert shown["400"] >= {"minimum", "hearts"}
    assert shown["schieber"] >= {"contract", "weis", "stoeck"}
    assert all(lesson_for(game) for game in MAIN_GAMES)


# ---- at the table --------------------------------------------------------------------------------
def open_lesson(game, size=LANDSCAPE):
    app = driver.make_app(size, {"anim_speed": 4.0, "ai_level": "easy"})
    app.go("menu")
    driver.click_button(app, "Learn", driver.tap)
    assert app.scene.name == "learn"
    driver.click_button(app, f"Learn {game_name(game)}", driver.tap)
    assert app.scene.name == "table" and isinstance(app.scene.session, LessonSession)
    return app


def settle(app):
    """Frames until the player must act or a note waits (or the table is left); a finished trick
    waiting on the table is tapped away, as a person would."""
    for _ in range(3000):
        scene = app.scene
        if scene.name != "table" or scene.note.waiting() and driver.button(app, "Go on") or scene.human_turn():
            return
        if scene.state.waiting_for_tap():
            driver.tap(app, scene.layout.trick_zone().center)
        else:
            driver.frames(app, 1)


def do(app, action):
    """The player takes ``action`` as a person would: two taps on the card (the first raises it),
    digits and Enter for a bid, two taps on the button for a word (the first arms it)."""
    scene = app.scene
    if A.is_play(action) or A.INDICATOR <= action < A.BID:
        card = action % A.INDICATOR
        driver.tap_twice(app, scene.hand.point(card))
    elif A.is_bid(action):
        for ch in str(action - A.BID):
            driver.press_key(app, getattr(pygame, f"K_{ch}"), ch)
        driver.press_key(app, pygame.K_RETURN)
    else:
        driver.click_button(app, scene.controls_label(action), driver.tap_twice)


@pytest.mark.slow
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
@pytest.mark.parametrize("game", MAIN_GAMES)
def test_the_guided_hand_completes_when_followed_and_a_wrong_move_shows_the_refusal(game, size):
    """Followed at the table as a person would (taps, keys, Go on), to the hand's result; the
    frames are not drawn (``driver.unseen``: what is asked is the table's state, and a table drawn
    or not decides alike, test_ui_table::test_drawing_the_table_changes_nothing_but_the_screen)."""
    app = open_lesson(game, size)
    with driver.unseen(app):
        scene = app.scene
        session, guide = scene.session, scene.note.guide
        lesson = session.lesson
        notes, wrongs = 0, 0
        while not guide.free:
            settle(app)
            assert app.scene is scene
            if guide.waiting():
                assert scene.note.rect is not None and scene.widgets[scene.focus].label == "Go on"
                driver.click_button(app, "Go on", driver.tap)
                notes += 1
                continue
            step = guide.step()
            index = guide.index
            assert guide.caption()  # the player is always told what to do
            if step.wrong and step.wrong.startswith("play "):
                hand = session.hand
                card = hand.action_code(step.wrong) % A.INDICATOR
                refusal = hand.check(step.wrong)
                driver.tap(app, scene.hand.point(card))
                assert scene.state.message == refusal_text(refusal) and scene.state.message_is_error
                assert guide.index == index  # nothing reached the engine
                wrongs += 1
            expected = guide.expected()
            if A.is_play(expected):
                assert scene.state.hint_action == expected  # the lesson's card is outlined
            do(app, expected)
            assert guide.index == index + 1 and session.hand.history[-1][1] == step.action
        others = sum(1 for i, s in enumerate(lesson.steps) if s.caption and replayed_turn(lesson, i) != 0)
        assert notes == others + 1  # each note before another seat acts, and the closing note
        assert wrongs == sum(1 for s in lesson.steps if s.wrong)
        # the rest of the hand: the player plays on freely, the AI too, up to the hand's result
        while app.scene.name == "table":
            settle(app)
            if app.scene.name == "table" and app.scene.human_turn():
                legal = app.scene.obs.legal
                cards = [a for a in legal if A.is_play(a)]
                do(app, cards[-1] if cards else legal[0])
        assert app.scene.name == "hand-result" and session.hand.is_over()
        driver.click_button(app, "Play a match")
        assert app.scene.name == "new-match" and app.scene.game == game
        assert app.store.load_match() is None and app.store.recent_hands(game) == []  # never saved or counted


def replayed_turn(lesson, index):
    hand = lesson.deal()
    for step in lesson.steps[:index]:
        hand.apply(step.action)
    return hand.turn


def test_a_legal_move_that_is_not_the_lessons_is_refused_with_its_note():
    app = open_lesson("28")
    scene = app.scene
    settle(app)
    driver.press_key(app, pygame.K_RETURN)  # the picker's first bid, 14: legal, not the lesson's 16
    assert scene.state.message == NOT_THE_LESSONS and not scene.session.hand.history
    do(app, A.BID + 16)
    assert scene.session.hand.history == [(0, "bid 16")]


def test_learn_by_url_and_a_game_without_a_lesson(monkeypatch):
    import main
    from game.web.params import build_query, parse

    web, notices = parse("?learn=Twenty-Eight")
    assert web.learn == "28" and not notices and parse(build_query(web))[0].learn == "28"
    web, notices = parse("?learn=chess")
    assert web.learn is None and "unknown game" in str(notices[0].reason)

    monkeypatch.setattr(main, "App", lambda size, screenshot_dir=None, **_kw: driver.make_app(size))
    app, _args = main.start(["--query", "learn=jass&lang=de"])
    assert app.scene.name == "table" and app.scene.session.lesson is lesson_for("schieber")
    assert [s.name for s in app.stack] == ["menu", "table"]
    assert "Schieber" in app.scene.note.guide.caption() and "Rosen" in app.scene.note.guide.caption()
    app, _args = main.start(["--query", "learn=chess"])
    assert app.scene.name == "menu" and any("learn=chess" in item for item in app.banner.items)


def test_a_game_without_a_lesson_says_so(monkeypatch):
    from helpers import registered
    from whist_game import HandWhist

    with registered(HandWhist):
        import main

        monkeypatch.setattr(main, "App", lambda size, screenshot_dir=None, **_kw: driver.make_app(size))
        app, _args = main.start(["--query", f"learn={HandWhist.GAME}"])
        assert app.scene.name == "menu" and any("has no guided hand yet" in item for item in app.banner.items)
        app.go("learn")
        assert all(HandWhist.TITLE not in w.label for w in app.scene.widgets)


def notes_shown(size, lesson):
    """(scene, code, step index) at every note of ``lesson``, laid out in every language, the
    lesson's steps taken in between (the table's cards in place, nothing in flight)."""
    from test_i18n import CODES

    app = driver.make_app(size, {"anim_speed": 4.0})
    app.go("table", session=LessonSession(lesson))
    scene = app.scene
    scene.state.flights, scene.state.dealing = [], False  # the seats' cards and the hand dealt
    guide = scene.note.guide
    for i, step in enumerate(lesson.steps + (None,)):
        for code in CODES:
            set_language(code)
            scene.build()
            if scene.note.rect is not None:
                yield scene, code, i
        set_language("en")
        if step is not None:
            if guide.waiting():
                guide.go_on()
            seat, before = scene.session.hand.turn, scene.obs
            scene.session.apply(step.action)
            scene.after_action(seat, scene.session.hand.action_code(step.action), before)
            scene.state.flights, scene.state.hold, scene.state.dealing = [], None, False


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.game.GAME for lesson in LESSONS])
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_every_note_in_every_language_fits_and_leaves_the_hand_and_buttons_free(size, lesson):
    for scene, code, i in notes_shown(size, lesson):
        note = scene.note
        assert pygame.Rect((0, 0), size).contains(note.rect), (code, i)
        assert all(gfx_width(line, note.size) <= note.text_box.width for line in note.lines), (code, i)
        assert not note.rect.colliderect(scene.hand.rects[0].unionall(scene.hand.rects)), (code, i)
        covered = [w.label for w in scene.widgets if w is not note.button and note.rect.colliderect(w.rect)]
        assert not covered, (code, i, covered, note.rect)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.game.GAME for lesson in LESSONS])
@pytest.mark.parametrize("page", [(390, 844), (844, 390)], ids=["upright", "sideways"])
def test_on_a_phone_every_note_leaves_the_seats_and_the_table_in_sight(page, lesson):
    """Upright, the note lay across the table under the top bar, over the partner's cards and
    name; sideways, in the column left of the trick, over the left seat's name or the player's.
    It goes where it covers no seat's name, no card on the table and not the line above the
    buttons, nor a seat's cards; where nothing else has room (a long note, three cards on the
    table), it covers some of one seat's cards, never all of them."""
    from game.ui.layout import canvas_size

    found = []
    for scene, code, i in notes_shown(canvas_size(page), lesson):
        note = scene.note.rect
        scene.lay_out()  # what a draw lays out first (a scene drawn outside a frame is laid out whole):
        f = scene.view.frame  # its rects are what is asked, the pixels drawn after add nothing
        covered = [f"name {s}" for s, label in f.labels.items() if note.colliderect(label.rect)]
        covered += [f"card on the table {r}" for r in f.trick if note.colliderect(r)]
        covered += ["prompt"] if f.prompt and note.colliderect(f.prompt[0]) else []
        fans = [s for s, fan in f.fans.items() if note.colliderect(fan)]
        covered += [f"all cards {s}" for s in fans if note.contains(f.fans[s])]
        covered += [f"cards {fans}"] if len(fans) > 1 else []
        if covered:
            found.append((scene.session.lesson.game.GAME, i, code, note, covered))
    assert not found, (len(found), found[:5])


def gfx_width(text, size):

    return kit.text.width(text, size, True)


def test_a_variant_of_a_game_has_its_games_lesson():
    """Lessons are found by the game's class, not by its name."""
    from helpers import registered

    from game.engine import Hand28

    class Variant28(Hand28):
        GAME = "28-variant"
        ALIASES = ()

    with registered(Variant28):
        assert lesson_for("28-variant") is lesson_for("28") and lesson_for("28").game is Hand28


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_the_lesson_chooser_in_every_language_overflows_nothing(monkeypatch, size):
    from test_i18n import CODES, Overflow

    overflow = Overflow(monkeypatch)
    app = driver.make_app(size)
    app.go("menu")
    app.go("learn")
    found = []
    for code in CODES:
        set_language(code)
        app.scene.build()
        app.scene.draw(app.screen)
        tiles = [w for w in app.scene.widgets if hasattr(w, "summary")]
        assert len(tiles) == len(MAIN_GAMES)
        for tile in tiles:  # the summary's lines stay inside the tile
            lines = len(gfx_wrap(tile.summary, tile.size - 2, tile.rect.width - 32))
            assert tile.size + 12 + lines * int((tile.size - 2) * 1.2) <= tile.rect.height - 24, (code, tile.label)
        found += [(code,) + p for p in overflow.problems]
        overflow.problems.clear()
    assert not found, found[:10]


def gfx_wrap(text, size, width):

    return kit.text.wrap(text, size, width)
