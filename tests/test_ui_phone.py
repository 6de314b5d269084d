"""Issue 18: a table a newcomer understands, on a phone held either way.

The layout follows the page's (or window's) shape, mid-hand, losing nothing; a tap selects a
card and a second tap (or a push upwards) plays it, decisions are confirmed the same way; a
finished trick waits for a tap; the hand result explains itself; the table's Menu pauses the
match; help, rules and a glossary are at hand; the player is spoken to in the second person."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import re

import pygame
import pytest
from test_ui_table import drive_engine_to, wait_for_human

from game import i18n
from game.engine import GAMES
from game.engine import actions as A
from game.ui import gfx, kit, style
from harness import driver
from game.ui.app import App
from game.ui.games import game_ui
from game.ui.layout import LANDSCAPE, PORTRAIT, canvas_size
from game.ui.session import Session
from game.ui.storage import MemoryBackend, Store
from game.ui.widgets import Stepper

QUICK = {"anim_speed": 4.0, "ai_level": "easy", "trick_wait": 0.0}  # a trick waits for a tap


def table(game="28", seed=5, size=PORTRAIT, settings=None, humans=(0,), session=None):
    app = driver.make_app(size, {**QUICK, **(settings or {})})
    session = session or Session(game, {}, seed, "easy", humans, app.store)
    session.store = app.store
    app.go("menu")
    app.go("table", session=session)
    driver.frames(app, 2)
    return app, session


def to_play(app, session):
    """Frames (and the player's auction moves) until the player is to play a card."""
    rng = random.Random(1)
    for _ in range(400):
        # (a finished trick waits for a tap: stop there too, not after the frames' limit)
        driver.run_until(app, lambda: app.scene.name != "table" or app.scene.human_turn()
                         or app.scene.state.waiting_for_tap(), 5000)
        assert app.scene.name == "table" and (app.scene.human_turn() or app.scene.state.waiting_for_tap())
        scene = app.scene
        if scene.state.waiting_for_tap():
            scene.state.collect_trick()
            continue
        if scene.obs.phase in ("play", "indicator"):
            return scene
        scene.submit(rng.choice([a for a in scene.obs.legal if not A.is_play(a)] or list(scene.obs.legal)))
    pytest.fail("the player never came to play a card")


def playable(scene):
    return [c for c in scene.hand.cards if c not in scene.hand.dimmed]


# ---- the layout follows the page's shape ----------------------------------------------------------
def test_the_canvas_follows_the_viewport_shape():
    assert canvas_size((390, 844)) == (720, 1558) and canvas_size((844, 390)) == (1558, 720)
    assert canvas_size((1920, 1080)) == LANDSCAPE and canvas_size((768, 1024)) == PORTRAIT  # 16:9 and wider
    assert canvas_size((3000, 400)) == (1560, 720) and canvas_size((0, 0)) == LANDSCAPE


def test_turning_the_phone_mid_hand_relays_the_table_and_keeps_the_hand():
    room = [(390, 844)]
    app = App(canvas_size(room[0]), Store(MemoryBackend()), viewport=lambda: room[0])
    app.settings.update(QUICK)
    session = Session("schieber", {}, 8, "easy", (0,), app.store)
    app.go("menu")
    app.go("table", session=session)
    scene = to_play(app, session)
    history, hand_cards = list(session.hand.history), list(scene.hand.cards)
    assert app.layout.size == (720, 1558) and app.screen.get_size() == (720, 1558)
    room[0] = (844, 390)  # turned
    driver.frames(app, app.VIEWPORT_EVERY + 1)
    assert app.layout.size == (1558, 720) and app.screen.get_size() == (1558, 720)
    assert app.scene is scene and scene.layout is app.layout and scene.view.lay is app.layout
    assert session.hand.history == history and scene.hand.cards == hand_cards and scene.human_turn()
    assert all(app.layout.rect.colliderect(r) for r in scene.hand.rects)
    assert scene.hand.rects == app.layout.hand_rects(len(hand_cards), scene.hand.rects[0].size)
    assert [s.layout for s in app.stack] == [app.layout] * len(app.stack)  # the menu below too
    room[0] = (400, 830)  # turned back, a little narrower
    driver.frames(app, app.VIEWPORT_EVERY + 1)
    assert app.layout.size == (720, 1494)
    room[0] = (400, 810)  # a browser's bar coming back: too small a change to reopen the canvas
    driver.frames(app, app.VIEWPORT_EVERY + 1)
    assert app.layout.size == (720, 1494)
    card = playable(scene)[0]
    driver.click(app, scene.hand.point(card))  # the hand goes on in the new layout
    assert session.hand.history[len(history):][:1] == [(0, session.hand.action_text(card))]


def test_the_browser_opens_portrait_on_a_portrait_page(monkeypatch, tmp_path):
    import platform
    import sys
    import types

    import main
    from game.web import params, storage_backend

    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(tmp_path))
    storage_backend.use(None)
    monkeypatch.setattr(params, "browser_query", lambda: "?game=28&embed=1")
    monkeypatch.setattr(sys, "platform", "emscripten")
    page = types.SimpleNamespace(innerWidth=1000, innerHeight=1000, tt=types.SimpleNamespace(roomWidth=390,
                                                                                               roomHeight=844))
    monkeypatch.setattr(platform, "window", page, raising=False)
    try:
        app, _args = main.start(on_web=True)
        assert app.layout.size == (720, 1558) and app.scene.name == "table"
        page.tt = types.SimpleNamespace(roomWidth=844, roomHeight=390)  # turned: the page refits, the game follows
        driver.frames(app, app.VIEWPORT_EVERY + 1)
        assert app.layout.size == (1558, 720) and app.scene.name == "table"
    finally:
        app.stack.clear()
        storage_backend.use(None)


def test_the_desktop_window_resized_to_the_other_shape_switches_the_layout():
    app, session = table(size=LANDSCAPE)
    history = list(session.hand.history)
    driver.frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, w=600, h=900, size=(600, 900))])
    assert app.layout.size == (720, 1280) and app.scene.name == "table"
    driver.frames(app, 1, [pygame.event.Event(pygame.VIDEORESIZE, w=1300, h=700, size=(1300, 700))])
    assert app.layout.size == (1337, 720)  # 720 high, as wide as the window's shape
    assert session.hand.history[:len(history)] == history


# ---- no mis-tap is final ---------------------------------------------------------------------------
def test_a_tap_selects_a_card_and_a_second_tap_plays_it():
    app, session = table("400", 3)
    scene = to_play(app, session)
    cards = playable(scene)
    card = cards[0]
    before = len(session.hand.history)
    driver.tap(app, scene.hand.point(card))
    assert len(session.hand.history) == before, "a tap alone plays nothing"
    assert scene.hand.cards[scene.state.selected] == card and "again" in scene.state.message
    if len(cards) > 1:  # another tap on another card moves the selection
        driver.tap(app, scene.hand.point(cards[1]))
        assert scene.hand.cards[scene.state.selected] == cards[1] and len(session.hand.history) == before
        driver.tap(app, scene.hand.point(card))
    driver.tap(app, scene.hand.point(card))
    assert session.hand.history[before] == (0, session.hand.action_text(card))


def test_a_card_pushed_upwards_is_played_and_a_click_plays_at_once():
    app, session = table("400", 3)
    scene = to_play(app, session)
    card = playable(scene)[0]
    x, y = scene.hand.point(card)
    before = len(session.hand.history)
    driver.swipe(app, (x, y), (x, y - 90), steps=3)
    assert session.hand.history[before] == (0, session.hand.action_text(card))
    scene = to_play(app, session)
    card = playable(scene)[0]
    before = len(session.hand.history)
    driver.click(app, scene.hand.point(card))  # the desktop keeps click-to-play
    assert session.hand.history[before] == (0, session.hand.action_text(card))


def test_a_playable_card_under_the_mouse_stands_up_a_little():
    from game.ui.table.view import card_lift

    app, session = table("400", 3, size=LANDSCAPE)
    scene = to_play(app, session)
    cards = scene.hand.cards
    card = playable(scene)[0]
    i = cards.index(card)
    moved = lambda pos: driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                                  buttons=(0, 0, 0), touch=False)])
    moved(scene.hand.point(card))
    assert scene.state.hovered == i and 0 < card_lift(scene.state, i) < card_lift_selected(scene, i)
    assert all(card_lift(scene.state, k) == 0 for k in range(len(cards)) if k != i)
    moved((5, 5))  # off the hand: it sits down again
    assert scene.state.hovered == -1 and card_lift(scene.state, i) == 0
    dimmed = [c for c in cards if c in scene.hand.dimmed]
    if dimmed:  # a card that cannot be played does not answer
        moved(scene.hand.point(dimmed[0]))
        assert scene.state.hovered == -1
    before = len(session.hand.history)
    moved(scene.hand.point(card))
    driver.click(app, scene.hand.point(card))
    assert session.hand.history[before] == (0, session.hand.action_text(card)) and scene.state.hovered == -1


def card_lift_selected(scene, i):
    from game.ui.table.view import card_lift

    selected, scene.state.selected = scene.state.selected, i
    try:
        return card_lift(scene.state, i)
    finally:
        scene.state.selected = selected


def test_one_tap_play_plays_at_the_first_tap():
    app, session = table("400", 3, settings={"one_tap": True})
    scene = to_play(app, session)
    card = playable(scene)[0]
    before = len(session.hand.history)
    driver.tap(app, scene.hand.point(card))
    assert session.hand.history[before] == (0, session.hand.action_text(card))


def test_a_bid_is_confirmed_by_a_second_tap_and_another_bid_disarms_it():
    session = drive_engine_to("28", lambda h: h.phase == "auction" and any(A.is_bid(a) for a in h.legal_actions()))
    app, session = table(session=session)
    assert wait_for_human(app)
    scene = app.scene
    bid_button = scene.controls.bid_button
    before = len(session.hand.history)
    driver.tap(app, bid_button.rect.center)
    assert len(session.hand.history) == before and bid_button.armed
    assert scene.state.message == "Tap again to confirm"
    plus = driver.button(app, "+")
    if plus is not None and len(scene.controls.bids) > 1:
        driver.tap(app, plus.rect.center)
        assert not bid_button.armed  # the bid changed: it must be confirmed afresh
        driver.tap(app, bid_button.rect.center)
    bid = scene.controls.bid
    driver.tap(app, bid_button.rect.center)
    assert session.hand.history[before] == (0, f"bid {bid}")


def test_a_pass_clicked_is_taken_at_once():
    session = drive_engine_to("28", lambda h: h.phase == "auction" and A.PASS in h.legal_actions())
    app, session = table(session=session, size=LANDSCAPE)
    assert wait_for_human(app)
    before = len(session.hand.history)
    driver.click_button(app, "Pass")
    assert session.hand.history[before] == (0, "pass")


# ---- the trick -------------------------------------------------------------------------------------
def test_a_finished_trick_waits_for_a_tap_and_its_led_card_is_marked(monkeypatch):
    app, session = table("schieber", 4, humans=(0,))
    scene = app.scene
    assert driver.run_until(app, lambda: scene.state.waiting_for_tap() or scene.human_turn(), 6000)
    for _ in range(3000):
        if scene.state.waiting_for_tap():
            break
        if scene.human_turn():
            if scene.obs.phase == "play":
                driver.click(app, scene.hand.point(playable(scene)[0]))
            else:  # the contract (or pushing it) first
                scene.submit(scene.obs.legal[0])
        driver.frames(app, 1)
    else:
        pytest.fail("no trick was finished")
    tricks = len(session.hand.tricks)
    leader = scene.state.hold[0][0][0]
    driver.frames(app, 600)  # ten seconds: it is still there
    assert scene.state.waiting_for_tap() and len(session.hand.tricks) == tricks
    scene.draw(app.screen)
    assert scene.view.frame.leader == leader
    assert scene.view.frame.prompt and scene.view.frame.prompt[1] == "Tap the table to go on"
    led = [b for b in scene.view.frame.badges if b.lines == ("led",)]
    assert [b.seat for b in led] == [leader]  # beside the card led, not on its face
    assert not led[0].box.colliderect(app.layout.trick_rect(leader))
    driver.tap(app, (20, app.layout.size[1] // 2))
    assert scene.state.collecting
    assert driver.run_until(app, lambda: not scene.state.hold, 120)


def test_by_default_a_finished_trick_goes_by_itself_and_a_tap_takes_it_sooner():
    """A finished trick stays about 1.2 s, then goes to its winner with no tap (a tired thumb:
    eight to thirteen tricks a hand); a tap on the table while it shows takes it at once."""
    from game.ui.storage import DEFAULT_SETTINGS

    assert DEFAULT_SETTINGS["trick_wait"] == 1.2
    app, session = table("schieber", 4, humans=(), settings={"anim_speed": 1.0, "trick_wait": 1.2})
    scene = app.scene
    assert driver.run_until(app, lambda: scene.state.trick_shown_done(), 60 * 60)
    assert not scene.state.waiting_for_tap()
    driver.frames(app, 30)  # half a second: still there
    assert scene.state.trick_shown_done() and not scene.state.collecting
    assert driver.run_until(app, lambda: scene.state.collecting, 60)  # within the next second
    assert driver.run_until(app, lambda: scene.state.trick_shown_done(), 60 * 60)  # the next trick
    driver.tap(app, (20, app.layout.size[1] // 2))
    assert scene.state.collecting


def test_with_a_time_set_the_trick_goes_by_itself():
    app, session = table("schieber", 4, humans=(), settings={"trick_wait": 2.0})
    scene = app.scene
    assert driver.run_until(app, lambda: scene.state.hold is not None, 6000)
    assert not scene.state.waiting_for_tap()
    assert driver.run_until(app, lambda: scene.state.collecting, 60 * 4)


def test_weis_shows_at_its_player_until_the_trick_is_taken():
    session = drive_engine_to("schieber", lambda h: h.phase == "play" and len(h.tricks) == 0 and len(h.trick) == 3
                              and any(h.weis_found[s] for s in range(4)), seeds=range(400))
    app, session = table(session=session, settings={"one_tap": True})
    scene = app.scene
    assert wait_for_human(app)
    driver.tap(app, scene.hand.point(playable(scene)[0]))  # completes the first trick: Weis is scored
    assert driver.run_until(app, lambda: scene.state.waiting_for_tap(), 200)
    weis = scene.obs.public["weis"]
    shown = {s for s in range(4) if weis[s]}
    assert shown and set(scene.state.news) >= shown
    for s in shown:
        text, cards = scene.state.news[s]
        mult = scene.obs.public["multiplier"]
        assert text == f"Weis +{sum(w['points'] for w in weis[s]) * mult}"
        assert set(cards) == {c for w in weis[s] for c in w["cards"]}
    scene.draw(app.screen)
    frame = scene.view.frame
    def distance(box, seat):
        label = frame.labels[seat].rect
        return abs(box.centerx - label.centerx) + abs(box.centery - label.centery)

    for s in shown:  # beside its own seat (nearer to it than to any other), never over the trick
        box = frame.news[s][0]
        assert not any(box.colliderect(r) for r in frame.trick)
        assert distance(box, s) < min(distance(box, o) for o in range(4) if o != s)
    assert any(f[0].startswith("+") for f in scene.state.floats)  # the points float from the seat
    scene.state.floats = [[f"+{20 + s}", s, s & 1, 0.0] for s in range(4)]  # each just leaving its seat
    scene.draw(app.screen)
    leaving = {text: pos for text, pos, _alpha, _colour in scene.view.frame.floats}
    assert len(leaving) == 4
    for s in range(4):  # it starts beside the seat's name, not over it
        rect = gfx.text(f"+{20 + s}", scene.view.lay.large, bold=True).get_rect(center=leaving[f"+{20 + s}"])
        assert not rect.colliderect(scene.view.frame.labels[s].rect), (s, rect)
    scene.state.collect_trick()
    assert not scene.state.news


# ---- the score explains itself -------------------------------------------------------------------------
def finished(game, seed, want):
    """A finished hand of ``game`` whose (obs, result) satisfies ``want``, played at random."""
    for s in range(seed, seed + 400):
        session = Session(game, {}, s, "easy", (0,))
        rng = random.Random(s)
        hand = session.hand
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
        obs, res = hand.observation(0), hand.result()
        if want(obs, res):
            return session, obs, res
    pytest.fail("no hand as wanted")


def test_28_their_failed_bid_reads_as_your_side_winning_the_hand():
    """The result starts with who won the hand and by how much: the bid's margin."""
    session, obs, res = finished("28", 0, lambda o, r: not r["thrown_in"] and o.public["bidder"] in (1, 3)
                                 and not r["made"])
    ui = game_ui("28")
    bid, pts = obs.public["bid"], res["points"][obs.public["bidder"] & 1]
    assert ui.result_headline(obs, res) == (f"Your side won the hand (bid missed by {bid - pts}): the opponents "
                                            f"bid {bid} but took only {pts} of 28 — they lose 1 game point")
    rows = {r[0]: r[1:] for r in ui.result_rows(obs, res)}
    assert rows["Game points"] == ("+0", "-1") and rows["Bid to make"] == ("", bid)
    assert rows["Card points"][1] == pts and sum(rows["Card points"]) == 28


@pytest.mark.parametrize("code", ["ar", "ml", "en"])
def test_hand_result_labels_sit_level_with_their_numbers(code):
    """Each row's label and numbers share one middle, as the eye sees it (their ink): the Arabic
    font's letters sit high in their line, so rows centred by their text's box put the label
    about 15 px off its numbers."""
    from game.ui.scenes.hand_result import HandResultScene

    def ink_middle(text, size, bold, pos, anchor):
        img = gfx.text(text, size, bold=bold)
        top = pos[1] - img.get_height() // 2 if anchor == "midleft" else pos[1]  # else "topleft"
        return top + img.get_bounding_rect().centery

    session, obs, res = finished("28", 0, lambda o, r: not r["thrown_in"])
    app = driver.make_app(PORTRAIT)
    i18n.set_language(code)
    try:
        app.go("menu")
        app.go("hand-result", session=session)
        scene = app.scene
        assert isinstance(scene, HandResultScene)
        cells, _bottom = scene.table_cells(pygame.Rect(40, 300, 640, 0), scene.ui.result_header(),
                                           scene.ui.result_rows(obs, res))
        rows = [c for c in cells if len(c) == 7]  # the rows' cells (the headings have no anchor)
        labels = [(ink_middle(text, size, True, pos, anchor), text)
                  for text, size, pos, _colour, bold, _room, anchor in rows if bold]
        checked = 0
        for text, fit, pos, _colour, bold, _room, anchor in rows:
            if bold or not text.strip():
                continue
            middle = ink_middle(text, fit, False, pos, anchor)
            beside = [y for y, _label in labels if abs(y - middle) <= 40]  # its label's line(s)
            assert beside, (code, text)
            assert abs((min(beside) + max(beside)) / 2 - middle) <= 3, (code, text, beside, middle)
            checked += 1
        assert checked >= 4
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["ar", "ta", "en"])
def test_the_deal_codes_lines_keep_apart(code, monkeypatch):
    """The deal code's label and the code (two lines on a phone) stand one under the other, their
    ink apart: the Arabic label's taller picture, hung from its top, came down over the code."""
    session, _obs, _res = finished("400", 0, lambda o, r: True)
    app = driver.make_app(PORTRAIT)
    inks = []
    blit_text = gfx.blit_text

    def recording(surf, s, size, pos, *a, **k):
        rect = blit_text(surf, s, size, pos, *a, **k)
        inks.append((gfx.text(s, size).get_bounding_rect().move(rect.topleft), s))
        return rect

    i18n.set_language(code)
    try:
        app.go("menu")
        app.go("hand-result", session=session)
        scene = app.scene
        scene.build()
        monkeypatch.setattr(gfx, "blit_text", recording)
        scene.draw_code(app.screen, scene.panel_rect().inflate(-2 * app.layout.margin, 0))
        assert len(inks) >= 2, inks
        for (a, text_a), (b, text_b) in zip(inks, inks[1:]):
            assert not a.colliderect(b), (code, text_a, a, text_b, b)
    finally:
        i18n.set_language("en")


def test_304_rows_add_up_and_the_sentence_names_who_pays():
    for seed in range(6):
        session, obs, res = finished("304", seed * 50, lambda o, r: not r["thrown_in"])
        rows = {r[0]: r[1:] for r in game_ui("304").result_rows(obs, res)}
        face_down = any(c is None for _l, cards, _w in obs.tricks for c in cards)
        label = "Card points, face-down cards included" if face_down else "Card points"  # what "+?" was
        total = rows.get("Points in all", rows[label])
        if "Last trick" in rows:
            assert [a + int(b) for a, b in zip(rows[label], rows["Last trick"])] == list(total)
        assert list(total) == res["points"]
        sentence = game_ui("304").result_headline(obs, res)
        assert re.search(r"(you pay them|they pay you) \d+ tokens?$", sentence), sentence


def test_schieber_rows_add_up_before_and_after_the_multiplier():
    checked = 0
    for seed in range(40):
        session, obs, res = finished("schieber", seed * 7, lambda o, r: True)
        ui = game_ui("schieber")
        rows = {r[0]: r[1:] for r in ui.result_rows(obs, res)}
        mult = res["multiplier"]
        for side in (0, 1):
            parts = [rows["Cards and last trick"][side]] + [int(rows[k][side] or 0) for k in
                                                           ("Match (all nine tricks)", "Weis", "Stöck") if k in rows]
            subtotal = rows.get("Before the multiplier", rows["Hand total"])[side]
            assert sum(parts) == subtotal
            assert subtotal * mult == rows["Hand total"][side] == res["points"][side]
        sentence = ui.result_headline(obs, res)
        chooser = res["chooser"]
        pts = res["points"]
        first = ("Your side won the hand" if pts[0] > pts[1] else "The opponents won the hand" if pts[1] > pts[0]
                 else "A level hand")
        assert sentence.startswith(f"{first}, {max(pts)} {'to' if pts[0] != pts[1] else 'each:'}"), sentence
        chose = {0: "you chose", 2: "your partner chose", 1: "the opponents chose", 3: "the opponents chose"}[chooser]
        assert f": {chose} " in sentence and "of 157 card points" in sentence or "of 257" in sentence, sentence
        if mult > 1:
            assert sentence.endswith(f"×{mult} = {res['points'][chooser & 1]}") or "match" in sentence
            checked += 1
    assert checked


def test_seats_are_named_as_partner_and_opponents():
    ui = game_ui("28")
    assert [ui.seat(s) for s in range(4)] == ["You", "Right opponent", "Partner", "Left opponent"]


# ---- help at the table -------------------------------------------------------------------------------
def test_the_table_menu_pauses_and_offers_rules_help_settings_and_leaving():
    app, session = table("28", 5, size=LANDSCAPE)
    assert wait_for_human(app)
    phase = app.scene.obs.phase
    history = list(session.hand.history)
    driver.click_button(app, "Menu", driver.tap)
    assert app.scene.name == "pause"
    driver.frames(app, 300)  # paused: nobody moves
    assert session.hand.history == history
    driver.click_button(app, "Rules", driver.tap)
    rules = app.scene
    assert rules.name == "rules" and rules.game == "28"
    part = rules.part_for(phase)
    assert rules.parts()[part][0] == {"auction": "Auction", "play": "Play"}.get(phase, rules.parts()[part][0])
    assert rules.scroll == min(rules.heads[part], rules.max_scroll()) and (part == 0 or rules.scroll > 0)
    games = list(GAMES)
    driver.press_key(app, pygame.K_RIGHT)  # the arrows go through the games' tabs, round at the ends
    assert rules.game == games[(games.index("28") + 1) % len(games)]
    driver.press_key(app, pygame.K_LEFT)
    driver.press_key(app, pygame.K_LEFT)
    assert rules.game == games[(games.index("28") - 1) % len(games)]
    driver.press_key(app, pygame.K_RIGHT)
    driver.click_button(app, "Glossary")
    assert app.scene.name == "glossary" and "Obenabe and Undenufe" in [h for h, _p in app.scene.parts()]
    driver.press_key(app, pygame.K_ESCAPE)
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "pause"
    driver.click_button(app, "How to play")
    assert app.scene.name == "help" and app.scene.content_height > 0
    driver.click_button(app, "Back")
    driver.click_button(app, "Settings")
    assert app.scene.name == "settings"
    driver.click_button(app, "Done")
    assert app.scene.name == "pause" and session.hand.history == history
    driver.click_button(app, "Resume")
    assert app.scene.name == "table"
    driver.press_key(app, pygame.K_ESCAPE)  # Escape opens it too
    driver.click_button(app, "Leave the match")
    assert app.scene.name == "confirm"
    driver.click_button(app, "Stay")
    assert app.scene.name == "pause"
    driver.click_button(app, "Leave the match")
    driver.click_button(app, "Leave")
    assert [s.name for s in app.stack] == ["menu"]
    assert app.store.load_match()["game"] == "28"  # resumable
    driver.click_button(app, "Continue")
    assert app.scene.name == "continue"  # the saved matches: this one is there
    app.scene.widgets[0].activate()
    assert app.scene.name == "table" and app.scene.session.hand.history == session.hand.history


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_pause_sheets_buttons_lie_in_the_sheet_on_the_screen(size, code):
    """Five buttons of full height under the note: held sideways, the last ('Leave the match')
    hung out of the sheet and off the bottom of the screen."""
    app, session = table("28", 5, size=size)
    try:
        i18n.set_language(code)
        app.go("pause", session=session, phase=session.hand.phase)
        scene = app.scene
        scene.build()
        panel = scene.panel_rect()
        assert len(scene.widgets) == 5 and app.layout.rect.contains(panel), (code, panel)
        for b in scene.widgets:
            assert panel.contains(b.rect), (code, b.label, b.rect, panel)
            assert min(b.rect.size) >= 88, (code, b.label, b.rect)
            text_size, lines = b.label_lines()
            assert max(kit.text.width(line, text_size, True) for line in lines) <= b.text_room(), (code, b.label)
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(scene.widgets) for b in scene.widgets[i + 1:])
    finally:
        i18n.set_language("en")


def test_a_demo_pauses_without_a_word_of_saving_and_leaves_without_asking():
    app, session = table("400", 2, size=LANDSCAPE, humans=())
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "pause" and app.scene.note() == "The game is paused."
    driver.click_button(app, "Leave the match")
    assert [s.name for s in app.stack] == ["menu"] and app.store.load_match() is None


def test_the_glossary_is_reachable_from_the_contract_choice():
    session = drive_engine_to("schieber", lambda h: h.phase == "contract")
    app, session = table(session=session)
    assert wait_for_human(app)
    driver.click_button(app, "What do these mean?", driver.tap)
    assert app.scene.name == "glossary"
    assert any("Eicheln" in p for _h, p in app.scene.parts())


def test_escape_on_the_menu_asks_before_quitting():
    app = driver.make_app(LANDSCAPE, QUICK)
    app.go("menu")
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "confirm" and app.running
    driver.press_key(app, pygame.K_ESCAPE)  # Escape again: the safe answer
    assert app.scene.name == "menu" and app.running
    driver.press_key(app, pygame.K_ESCAPE)
    driver.click_button(app, "Quit")
    assert not app.running


# ---- words -------------------------------------------------------------------------------------------
SECOND_PERSON = [("You call Trump!", "{seat} calls Trump!"), ("You choose the contract", "{seat} chooses the contract"),
                 ("You choose {contract} ×{mult}", "{seat} chooses {contract} ×{mult}"),
                 ("Pushed: you choose the contract", "Pushed: {seat} chooses the contract"),
                 ("Last trick · you won it", "Last trick · won by {seat}")]


SAME_VERB_FORM = {"ml"}  # languages whose verbs do not change with the person


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_player_is_spoken_to_in_the_second_person_in_every_language(code):
    try:
        i18n.set_language(code)
        you = i18n._("You")
        for second, third in SECOND_PERSON:
            own, built = i18n._(second), i18n._(third).replace("{seat}", you)
            # a separate message, never the third person with "You" put in (where the verb does not
            # change with the person, as in Malayalam, the two may read alike: then it is still its own)
            assert own and (own != built or code in SAME_VERB_FORM), (code, second, own)
            if code != "en":
                assert own != second, (code, "untranslated", second)
    finally:
        i18n.set_language("en")


def test_the_table_says_you_call_trump():
    session = drive_engine_to("28", lambda h: A.CALL in h.legal_actions())
    app, session = table(session=session, settings={"one_tap": True})
    assert wait_for_human(app)
    driver.click_button(app, "Trump!")
    assert [t[0] for t in app.scene.state.toasts][:1] == ["You call Trump!"]
    assert app.scene.ui.contract_line(app.scene.obs).startswith(("Bid", "Your bid"))


def test_schieber_match_length_is_a_choice_not_a_switch():
    app = driver.make_app(PORTRAIT, QUICK)
    app.go("new-match", game="schieber")
    row = next(w for w in app.scene.widgets if getattr(w, "label", "") == "Match length")
    assert isinstance(row, Stepper) and [row.shown(v) for v in row.values] == ["3000 points", "2500 table"]


def test_hints_never_contradict_their_points():
    from game.ai import hint
    from game.ui.names import action_phrase

    seen = 0
    for seed in range(40):
        hand = Session("28", {}, seed, "easy", (0,)).hand
        rng = random.Random(seed)
        while hand.phase == "auction" and hand.turn != 0:
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.phase != "auction":
            continue
        obs = hand.observation(0)
        action, reason = hint(obs, "easy")
        text = reason.text(action=action_phrase(action))
        stated = re.search(r"about (\d+) of 28", text)
        if not stated:
            continue
        points, seen = int(stated.group(1)), seen + 1
        if "worth this bid" in text:
            assert points >= action - A.BID, text
        if A.is_bid(action) and points < action - A.BID:
            assert "more than your cards are worth" in text or "must bid" in text, text
        if "not worth a higher bid" in text:
            assert points < min(a - A.BID for a in obs.legal if A.is_bid(a)), text
    assert seen >= 10


# ---- layout defects ------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_event_popups_never_cover_the_trick_or_the_prompt(size):
    """Trump revealed, calls, Weis: each notice finds a place off the cards on the table and the
    line that says what to do (the 'Trump is revealed' box once covered the card just led)."""
    seen = []
    for game, seed in (("28", 3), ("schieber", 4)):
        app, session = table(game, seed, size=size, settings={"trick_wait": 1.0},
                             session=Session(game, {}, seed, "baseline", ()))  # the rules play (no search)
        scene = app.scene

        def check(app=app, scene=scene, session=session, game=game):
            if scene.state.toasts:  # the planner lays a notice out only while one is shown
                scene.lay_out()  # what a draw lays out first (the notice's box is what is asked)
            f = scene.view.frame
            if scene.state.toasts and f.notice and f.trick:
                box = f.notice[0]
                seen.append(game)
                covered = [r for r in [*f.trick, *([f.prompt[0]] if f.prompt else [])] if box.colliderect(r)]
                assert not covered, (game, box, covered)
            return app.scene is not scene or session.hand.is_over()

        with driver.unseen(app):  # the frames between are not looked at: only the frame laid out
            driver.run_until(app, check, 6000)
    assert seen, "no notice was shown over a trick in play"


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_last_trick_title_stays_clear_of_the_cards(size, code):
    """The last trick's title and the line under it lie below the trick, on the screen, clear of
    every card on the table and of the partner's hand (it once sat over the partner's cards)."""
    app, session = table("28", 5, size=size)
    scene = app.scene
    lay = scene.layout
    try:
        i18n.set_language(code)
        for winner in range(4):
            for rect, *_rest in scene.view.last_trick_lines(winner):
                assert lay.rect.contains(rect), (code, winner, rect)
                assert not any(rect.colliderect(lay.trick_rect(s)) for s in range(4)), (code, winner, rect)
                assert rect.top >= lay.trick_zone().bottom, (code, winner, rect)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_last_trick_lines_keep_to_a_latin_lines_band_in_every_script(size):
    """The title and 'Tap anywhere to go on' stack as Latin lines do, whatever the script: stacked
    by their pictures, Arabic's taller lines went 30 px lower, and the second one lay over the
    line above the hand in landscape."""
    from game.ui import fonts

    app, session = table("28", 5, size=size)
    scene = app.scene
    lay = scene.layout
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            lines = scene.view.last_trick_lines(2)
            inks = [gfx.text(text, text_size, bold=bold).get_bounding_rect().move(rect.topleft)
                    for rect, text, text_size, _colour, bold in lines]
            (_r, _t, title_size, _c, _b), (_r2, _t2, under_size, _c2, _b2) = lines
            bottom = (lay.trick_zone().bottom + 16 + fonts.size("", title_size, True)[1] + 8
                      + fonts.size("", under_size)[1])
            assert not inks[0].colliderect(inks[1]), (code, inks)
            assert inks[1].bottom <= bottom + 4, (code, inks[1], bottom)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_partners_label_stays_off_the_partners_cards(size):
    """400 deals thirteen cards: beside so wide a fan, a long note ('geboten 8 · gemacht 0') was
    pushed back from the screen's edge onto the partner's cards."""
    session = drive_engine_to("400", lambda h: h.observation(0).phase == "auction" and len(h.history) >= 2)
    app, _session = table(session=session, size=size)
    scene = app.scene
    try:
        assert wait_for_human(app)
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            scene.build()
            scene.draw(app.screen)
            f = scene.view.frame
            label, fan = f.labels[2].rect, f.fans[2]
            assert not label.colliderect(fan), (code, label, fan)
            assert app.layout.rect.contains(label) and app.layout.rect.contains(fan), (code, label, fan)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game", ["400", "schieber"])
def test_the_side_fans_end_above_the_hint_button(game):
    """Held upright, thirteen (400) or nine (Schieber) cards in a side seat's fan reached down
    behind the Hint button, which covered the right opponent's last cards."""
    session = drive_engine_to(game, lambda h: len(h.observation(0).hand) >= 9)
    app, _session = table(session=session, size=PORTRAIT, settings={"hints": True})
    scene = app.scene
    assert wait_for_human(app) and scene.hint_button is not None
    scene.draw(app.screen)
    f = scene.view.frame
    for seat in (1, 3):
        assert not f.fans[seat].colliderect(scene.hint_button.rect), (seat, f.fans[seat], scene.hint_button.rect)


def test_the_auction_line_names_the_last_bidder_and_a_redeal_reads_as_one():
    # read from the typed log (obs.actions), not the text log
    ui = game_ui("304")
    seen_bid = seen_redeal = False
    for s in range(120):
        hand = Session("304", {}, s, "easy", (0,)).hand
        rng = random.Random(s)
        while not hand.is_over():
            obs = hand.observation(0)
            if obs.phase == "auction" and obs.public["high_bid"]:
                bidder = hand.round_bidder
                line = ui.contract_line(obs)
                want = (f"your bid {obs.public['high_bid']} is the highest" if bidder == 0
                        else f"high bid {obs.public['high_bid']} by {ui.seat(bidder)}")
                assert line.endswith(want), (line, want)
                seen_bid = True
            hand.apply(rng.choice(hand.legal_actions()))
        obs, res = hand.observation(0), hand.result()
        if res["thrown_in"]:
            asked = any(e.action == A.REDEAL for e in obs.actions)
            headline = ui.result_headline(obs, res)
            assert headline == ("Redeal: the same dealer deals again" if asked
                                else "Everyone passed: the hand is thrown in")
            seen_redeal |= asked
    assert seen_bid and seen_redeal


def test_the_input_follows_one_finger_at_a_time_and_drops_what_is_not_a_press():
    """Two fingers on the glass act as one: the second is not followed until the first is
    lifted; the mouse events a finger makes, the right and middle buttons, the old wheel
    buttons and a wheel made by touch are dropped."""
    from game.ui.input import MOVE, PRESS, RELEASE, WHEEL, Input, Translator

    tr = Translator((720, 1280))
    finger = lambda kind, fid, y=0.5: pygame.event.Event(kind, x=0.5, y=y, dx=0, dy=0, finger_id=fid, touch_id=1)
    mouse = lambda kind, button, touch=False: pygame.event.Event(kind, pos=(5, 5), button=button, touch=touch)
    assert tr(finger(pygame.FINGERDOWN, 1)) == [Input(PRESS, (360, 640), touch=True)]
    assert tr(finger(pygame.FINGERDOWN, 2)) == tr(finger(pygame.FINGERMOTION, 2)) == []
    assert tr(finger(pygame.FINGERUP, 2)) == []
    assert tr(finger(pygame.FINGERMOTION, 1, 0.6)) == [Input(MOVE, (360, 768), touch=True)]
    assert tr(finger(pygame.FINGERUP, 1, 0.6)) == [Input(RELEASE, (360, 768), touch=True)]
    assert tr(finger(pygame.FINGERDOWN, 2)) == [Input(PRESS, (360, 640), touch=True)]  # now followed
    assert tr(mouse(pygame.MOUSEBUTTONDOWN, 1, touch=True)) == []
    assert [tr(mouse(pygame.MOUSEBUTTONDOWN, b)) for b in (2, 3, 4, 5)] == [[], [], [], []]
    assert tr(mouse(pygame.MOUSEBUTTONUP, 1)) == [Input(RELEASE, (5, 5))]
    assert tr(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, touch=True)) == []
    pygame.display.init()  # the wheel reads where the mouse is
    assert [(i.kind, i.dy) for i in tr(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, touch=False))] == [(WHEEL, -2)]



def contract_choice(size, code):
    """The table at the player's choice of a Schieber contract, in ``code``, drawn."""
    session = drive_engine_to("schieber", lambda h: h.observation(0).phase == "contract")
    app, _session = table(session=session, size=size, settings={"hints": True})
    i18n.set_language(code)
    assert wait_for_human(app) and app.scene.obs.phase == "contract"
    app.scene.build()
    app.scene.draw(app.screen)
    return app


@pytest.mark.parametrize("code", ["en", "ta", "ar"])
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_line_over_two_rows_of_buttons_leaves_the_players_badge_in_sight(size, code):
    """Schieber's seven contracts take two rows of buttons over a two-row hand in portrait: the
    line over them once covered the player's own badge ('You' showed through it)."""
    try:
        f = contract_choice(size, code).scene.view.frame
        assert f.prompt and not f.prompt[0].colliderect(f.labels[0].rect), (f.prompt[0], f.labels[0].rect)
        assert not any(f.labels[0].rect.colliderect(r) for r in (*f.buttons, *f.fans.values()))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "ta", "ar"])
@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_swiss_suits_names_fit_their_buttons_beside_one_size_of_symbol(size, code):
    """Four suit buttons share a row: beside a symbol half the button's height, 'Schellen' and
    'Schilten' ran over the button's edge even at the smallest text size."""
    try:
        app = contract_choice(size, code)
        suits = [b for b in app.scene.widgets if b.icon is not None]
        assert len(suits) == 4 and len({b.icon.get_size() for b in suits}) == 1
        for b in suits:
            text_size, lines = b.label_lines()
            assert max(kit.text.width(line, text_size, True) for line in lines) <= b.text_room(), b.label
            assert len(lines) == 1 and text_size >= app.layout.min_text, b.label
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_last_trick_lines_lie_on_a_solid_panel(size):
    """The table under the last trick is veiled, not hidden: a hint's box of two lines above the
    hand (Sinhala, landscape) showed through 'Tap anywhere to go on'."""
    app, session = table("28", 5, size=size, humans=())  # the AI plays every seat to a trick
    scene = app.scene
    with driver.unseen(app):  # (the frames to it are not drawn; the next one draws whole)
        assert driver.run_until(app, lambda: bool(session.hand.observation(0).tricks), 6000)
    scene.state.say("A hint of two lines: " + "long words " * 20)
    scene.state.show_last = True
    driver.frames(app, 1)
    lines = scene.view.last_trick_lines(session.hand.observation(0).tricks[-1][2])
    box = scene.view.last_trick_box(lines)
    assert all(box.contains(rect) for rect, *_rest in lines)
    for x in (box.left + 8, box.right - 9):
        assert tuple(app.screen.get_at((x, box.centery)))[:3] == style.PANEL_SOLID


@pytest.mark.parametrize("viewport", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_the_last_trick_takes_the_prompts_place_and_a_hint_waits_under_it(viewport, monkeypatch):
    """Sideways in Sinhala, a hint of two lines above the hand lay under the last trick's title
    and showed either side of its panel, crossed by "Tap anywhere to go on": while the last
    trick is shown the line above the buttons is not drawn, and a message there waits for it."""
    from game.ui.layout import canvas_size

    app, session = table("28", 5, size=canvas_size(viewport), humans=())
    scene = app.scene
    with driver.unseen(app):  # (the frames to it are not drawn; the next one draws whole)
        assert driver.run_until(app, lambda: bool(session.hand.observation(0).tricks), 6000)
    try:
        i18n.set_language("si")
        hint = i18n._("Your turn: play a card") + " " + "දිගු වචන " * 20
        scene.state.say(hint)
        scene.toggle_last()
        drawn = []
        real = scene.view.prompt
        monkeypatch.setattr(scene.view, "prompt", lambda surf, box, text, *a, **kw: drawn.append(text)
                            or real(surf, box, text, *a, **kw))
        driver.frames(app, int(60 * (scene.state.MESSAGE_TIME + 1)))  # longer than a message lasts
        assert scene.state.show_last and not drawn
        scene.toggle_last()
        driver.frames(app, 1)
        assert drawn[-1:] == [hint]
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("viewport", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_a_cards_badge_keeps_to_its_foot_in_every_script(viewport):
    """The box of "led" was as tall as its text's picture, which Arabic's font makes twice as
    tall as its letters: sideways it covered the led card's centre pip. It keeps to the card's
    lowest third, holding its letters, in every language."""
    from game.ui.layout import canvas_size

    app, _session = table("28", 5, size=canvas_size(viewport))
    view, lay = app.scene.view, app.layout
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for badge in (i18n._("led"), i18n._("face down")):
                card = lay.trick_rect(0)
                box = view.badge_box(badge, card)
                ink = gfx.text(badge, lay.min_text, bold=True).get_bounding_rect()
                assert box.top >= card.top + card.height * 2 // 3, (code, badge, box, card)
                assert box.height >= ink.height and box.bottom < card.bottom, (code, badge, box, ink)
    finally:
        i18n.set_language("en")
