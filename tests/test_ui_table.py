"""The table driven like a person would: taps, clicks, drags and keys through whole
hands of every game, with the engine watching that only legal actions reach it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from game.engine import actions as A
from game.engine.core import Hand
from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.names import refusal_text
from game.ui.scenes.table import TableScene
from game.ui import style
from game.ui.session import Session

FAST = {"anim_speed": 4.0, "ai_level": "easy", "trick_wait": 1.0}  # a trick goes by itself after 1 s


@pytest.fixture
def engine_calls(monkeypatch):
    """Every action that reaches any hand (the AI's imagined worlds too), with its legality then.

    Entries are (hand, seat, action, legal); ``on(hand, calls)`` keeps those of one hand and
    asserts each was legal when it arrived."""
    calls = []
    original = Hand.apply

    def apply(hand, action):
        a = hand.parse_action(action) if isinstance(action, str) else action
        calls.append((hand, hand.turn, a, a in hand.legal_actions()))
        return original(hand, action)

    monkeypatch.setattr(Hand, "apply", apply)
    return calls


def on(hand, calls):
    """(seat, action) of the calls that went to ``hand``, each asserted legal."""
    mine = [(seat, a, legal) for h, seat, a, legal in calls if h is hand]
    assert all(legal for _s, _a, legal in mine), "an illegal action reached the engine"
    return [(seat, a) for seat, a, _legal in mine]


def open_table(game, seed, size=LANDSCAPE, options=None, humans=(0,)):
    app = driver.make_app(size, FAST)
    session = Session(game, options or {}, seed, "easy", humans, app.store)
    app.show(TableScene(app, session))
    driver.frames(app, 2)
    return app, session


def wait_for_human(app):
    """Frames until the player must act (True) or the table is left (False)."""
    driver.run_until(app, lambda: app.scene.name != "table" or app.scene.human_turn(), 5000)
    return app.scene.name == "table" and app.scene.human_turn()


def human_move(app, n):
    """One move by the player, using a different kind of input each time."""
    scene = app.scene
    obs = scene.obs
    legal = obs.legal
    cards = [a for a in legal if A.is_play(a)] + [a - A.INDICATOR for a in legal if A.INDICATOR <= a < A.BID]
    if cards:
        card = cards[n % len(cards)]
        pos = scene.hand.point(card)
        # a tap selects it and a second one plays it; a click plays it; pushed up, it is played
        [driver.tap_twice, driver.click, lambda app_, p: driver.drag(app_, p, (p[0], p[1] - 200))][n % 3](app, pos)
        return
    bids = sorted(a - A.BID for a in legal if A.is_bid(a))
    if bids and (A.PASS not in legal or n % 2 == 0):
        bid = bids[0] if A.PASS in legal else bids[min(2, len(bids) - 1)]  # 400: enough to be played
        for ch in str(bid):  # digits and Enter
            driver.press_key(app, getattr(pygame, f"K_{ch}"), ch)
        driver.press_key(app, pygame.K_RETURN)
        return
    word = A.PASS if A.PASS in legal else next(a for a in legal if not A.is_bid(a))
    driver.click_button(app, scene.controls_label(word), driver.tap_twice if n % 2 else driver.click)


def play_hand(app, session):
    """The player's moves until the hand result shows."""
    n = 0
    while wait_for_human(app):
        before = len(session.hand.history)
        human_move(app, n)
        n += 1
        assert driver.run_until(app, lambda before=before: len(session.hand.history) > before or app.scene.name != "table", 50)
        assert n < 200
    driver.run_until(app, lambda: app.scene.name == "hand-result", 3000)
    assert app.scene.name == "hand-result"


@pytest.mark.slow
@pytest.mark.parametrize("game,seed,size", [("304", 11, LANDSCAPE), ("28", 5, PORTRAIT),
                                            ("400", 3, LANDSCAPE), ("schieber", 8, PORTRAIT)])
def test_a_full_hand_with_every_kind_of_input(game, seed, size, engine_calls):
    app, session = open_table(game, seed, size)
    play_hand(app, session)
    calls = on(session.hand, engine_calls)
    seats = {seat for seat, _a in calls}
    assert 0 in seats and seats & {1, 2, 3}, "both the player and the AI acted"
    assert any(seat == 0 and A.is_play(a) for seat, a in calls), "the player played cards"
    assert calls == session.applied
    driver.click_button(app, "Next hand")
    assert app.scene.name in ("table", "match-result")


def test_an_unplayable_card_says_which_rule_forbids_it(engine_calls):
    for seed in range(40):
        app, session = open_table("28", seed)
        while wait_for_human(app):
            scene = app.scene
            if scene.obs.phase == "play" and scene.hand.dimmed:
                card = sorted(scene.hand.dimmed)[0]
                expected = refusal_text(session.hand.check(card))
                before = len(session.hand.history)
                driver.tap(app, scene.hand.point(card))
                assert scene.state.message == expected and scene.state.message_is_error
                assert len(session.hand.history) == before
                return
            human_move(app, 0)
            driver.frames(app, 2)
    pytest.fail("no hand offered an unplayable card")


def drive_engine_to(game, want, seeds=range(300), options=None):
    """A session whose hand, played with random legal actions, reaches a state where ``want(hand)``."""
    for seed in seeds:
        session = Session(game, options or {}, seed, "easy", (0,))
        rng = random.Random(seed)
        hand = session.hand
        while not hand.is_over():
            if hand.turn == 0 and want(hand):
                return session
            legal = hand.legal_actions()
            hand.apply(rng.choice(legal))
    pytest.fail("no seed reached the wanted state")


def show(session, size=LANDSCAPE):
    app = driver.make_app(size, FAST)
    session.store = app.store
    app.show(TableScene(app, session))
    assert wait_for_human(app)
    return app


def test_the_28_trump_call(engine_calls):
    session = drive_engine_to("28", lambda h: A.CALL in h.legal_actions())
    app = show(session)
    driver.click_button(app, "Trump!", driver.tap_twice)
    obs = app.scene.obs
    assert obs.public["revealed"] and obs.public["caller"] == 0
    assert any(t[0] == "You call Trump!" for t in app.scene.state.toasts)  # the player, in the second person
    assert (0, A.CALL) in on(session.hand, engine_calls)


def test_the_304_reveal(engine_calls):
    session = drive_engine_to("304", lambda h: A.REVEAL in h.legal_actions() and h.hand[0])
    app = show(session, PORTRAIT)
    driver.click_button(app, "Reveal trump")
    assert app.scene.obs.public["revealed"]
    assert any("Trump is revealed" in t[0] for t in app.scene.state.toasts)


def test_304_face_down_cuts_are_backs_to_the_player():
    session = drive_engine_to("304", lambda h: h.phase == "play" and any(h.trick_flags))
    app = show(session)
    shown = app.scene.state.shown_trick()
    assert any(card is None for _s, card, _d in shown)


def test_the_304_redeal_prompt():
    session = drive_engine_to("304", lambda h: h.phase == "redeal")
    app = show(session)
    assert "redeal" in app.scene.ui.prompt(app.scene.obs)
    driver.click_button(app, "Keep")
    assert session.hand.phase == "auction"


def test_the_schieber_push(engine_calls):
    session = drive_engine_to("schieber", lambda h: A.PUSH in h.legal_actions())
    app = show(session, PORTRAIT)
    labels = [getattr(w, "label", "") for w in app.scene.widgets]
    assert "Obenabe" in labels and "Undenufe" in labels and "Push" in labels
    driver.click_button(app, "Push", driver.tap_twice)
    assert driver.run_until(app, lambda: app.scene.obs.public["contract"] is not None, 2000)
    assert app.scene.obs.public["pushed"] and app.scene.obs.public["chooser"] == 2
    assert (0, A.PUSH) in on(session.hand, engine_calls)


def test_keyboard_picks_cards_with_arrows_and_enter(engine_calls):
    app, session = open_table("400", 2)
    while wait_for_human(app) and app.scene.obs.phase != "play":
        human_move(app, 0)
        driver.frames(app, 2)
    scene = app.scene
    before = len(session.hand.history)
    for _ in range(3):
        driver.press_key(app, pygame.K_RIGHT)
    card = scene.hand.cards[scene.state.selected]
    driver.press_key(app, pygame.K_RETURN)
    if card in scene.obs.legal or len(session.hand.history) > before:
        assert session.applied[before] == (0, card)
    else:
        assert scene.state.message


def test_demo_plays_itself_and_last_trick_opens(engine_calls):
    app, session = open_table("schieber", 4, humans=())
    assert driver.run_until(app, lambda: len(session.hand.tricks) >= 1 and not app.scene.state.busy(), 4000)
    driver.click_button(app, "Last trick")
    assert app.scene.state.show_last
    driver.frames(app, 3)
    driver.tap(app, (10, 400))
    assert not app.scene.state.show_last
    assert driver.run_until(app, lambda: app.scene.name == "hand-result", 8000)
    assert {s for s, _a in on(session.hand, engine_calls)} == {0, 1, 2, 3}


def test_400_redeal_question_answers_itself_when_you_hold_a_face_card():
    session = drive_engine_to("400", lambda h: h.phase == "redeal" and h.legal_actions() == [A.KEEP],
                              options={"face_card_redeal": True})
    assert not any(seat == 0 for seat, _ in session.hand.history)
    app = driver.make_app(LANDSCAPE, FAST)
    session.store = app.store
    app.show(TableScene(app, session))
    assert driver.run_until(app, lambda: any(seat == 0 for seat, _ in session.hand.history), 600)
    assert (0, "keep") in session.hand.history


def test_400_redeal_question_waits_for_you_without_a_face_card():
    session = drive_engine_to("400", lambda h: h.phase == "redeal" and A.REDEAL in h.legal_actions(),
                              seeds=range(3000), options={"face_card_redeal": True})
    app = show(session)
    driver.frames(app, 30)
    assert app.scene.human_turn() and not any(seat == 0 for seat, _ in session.hand.history)
    assert "redeal" in app.scene.ui.prompt(app.scene.obs)
    dealer = session.hand.dealer
    app.scene.submit(A.REDEAL)
    hand = session.hand
    assert hand.is_over() and app.scene.ui.result_headline(hand.observation(0), hand.result()) == (
        "Redeal: the next dealer deals")
    session.next_hand()  # a thrown-in hand: the deal passes on (304's redeal alone keeps the dealer)
    assert session.hand.dealer == (dealer + 1) % 4
    restored = type(session).from_dict(session.to_dict())  # the saved match follows the same rule
    assert restored.hand.dealer == session.hand.dealer


class ScriptedThinker:
    """Decides ``answer`` after ``slices`` steps, counting them."""

    def __init__(self, answer, slices):
        self.answer, self.slices, self.steps, self.done = answer, slices, 0, False

    def step(self, max_ms, first=True):
        self.steps += 1
        self.done = self.steps >= self.slices
        return True

    def best(self):
        return self.answer


def frame_of(ai, sdt: float):
    """One frame of the table's AI: ``step`` in the frame's time, then the slice it asked for in
    the frame's whole budget (nothing else is done or drawn); the action ``step`` returned."""
    from game.ui import players

    action = ai.step(sdt)
    ai.slice(players.FRAME_MS)
    return action


def test_the_ai_driver_thinks_in_slices_for_a_while_and_never_answers_illegally(monkeypatch):
    from game.ui import players
    from game.ui.table.ai import TableAI

    session = Session("28", {}, 5, "easy", ())
    thinkers = []
    monkeypatch.setattr(players, "thinker", lambda obs, level, seed: thinkers.append(
        ScriptedThinker(obs.legal[-1], 3)) or thinkers[-1])
    notes = []
    monkeypatch.setattr(players, "note", lambda thinker: notes.append(thinker.steps) or {"weighed": thinker.answer})
    ai = TableAI(session)
    answers = [frame_of(ai, 0.1) for _ in range(6)]
    assert answers[:5] == [None] * 5 and thinkers[0].steps == 3  # decided after 3 slices, shown after 0.55 s
    assert notes == [3]  # weighed once, in the frame after the last slice (not in a slice's frame)
    assert answers[5] == session.hand.legal_actions()[-1] and ai.note == {"weighed": answers[5]}
    ai.reset()
    monkeypatch.setattr(players, "thinker", lambda obs, level, seed: ScriptedThinker(A.BID + 99, 1))
    illegal = [frame_of(ai, 1.0) for _ in range(4)]
    assert illegal[:3] == [None, None, None]  # the thinker made, a slice, then the note: a frame each
    assert illegal[3] == session.hand.legal_actions()[0]  # an illegal decision falls back to a legal action
    assert ai.note is None  # which nobody weighed


def test_the_ai_thinks_ahead_while_the_table_is_busy_and_seems_to_think_only_after(monkeypatch):
    """While cards fly, the seat to act next gets its slices (none in the frame its thinker is
    made); the time it seems to think counts from when the table is free."""
    from game.ui import players
    from game.ui.table.ai import TableAI

    session = Session("28", {}, 5, "easy", ())
    thinkers = []
    monkeypatch.setattr(players, "thinker", lambda obs, level, seed: thinkers.append(
        ScriptedThinker(obs.legal[-1], 3)) or thinkers[-1])
    monkeypatch.setattr(players, "note", lambda thinker: {"weighed": thinker.answer})
    ai = TableAI(session)
    for _ in range(5):
        ai.think_ahead()
        ai.slice(players.FRAME_MS)
    assert len(thinkers) == 1 and thinkers[0].steps == 3 and ai.think_time == 0
    answers = [frame_of(ai, 0.1) for _ in range(6)]
    assert answers[:5] == [None] * 5 and answers[5] == session.hand.legal_actions()[-1]  # the note, then 0.55 s
    assert len(thinkers) == 1 and thinkers[0].steps == 3
    human = Session("28", {}, 5, "easy", (session.hand.turn,))
    TableAI(human).think_ahead()
    assert len(thinkers) == 1  # nobody thinks for the player


def test_a_watched_records_actions_come_first_and_a_script_that_no_longer_fits_is_dropped(monkeypatch):
    """A session's ``script`` (a watched record's (seat, action) pairs) is played in its order,
    each after the AI's least thinking time, with no note; an entry for another seat or an
    action the hand refuses drops the whole script, and the AI plays on."""
    from game.ui import players
    from game.ui.table.ai import TableAI

    session = Session("28", {}, 5, "easy", ())
    monkeypatch.setattr(players, "thinker", lambda obs, level, seed: ScriptedThinker(obs.legal[-1], 1))
    monkeypatch.setattr(players, "note", lambda thinker: {"weighed": thinker.answer})
    seat = session.hand.turn
    session.script = [(seat, "pass"), ((seat + 1) % 4, "bid 99"), ((seat + 2) % 4, "pass")]
    ai = TableAI(session)
    assert [frame_of(ai, 0.2) for _ in range(3)] == [None, None, A.PASS] and ai.note is None
    session.apply(A.PASS)
    ai.reset()
    answers = [frame_of(ai, 0.2) for _ in range(4)]
    assert session.script == []  # "bid 99" is refused: the rest of the script goes with it
    assert answers[-1] == session.hand.legal_actions()[-1] and ai.note == {"weighed": answers[-1]}
    session.script = [((session.hand.turn + 1) % 4, "pass")]  # another seat's turn
    ai.reset()
    assert ai.step(0.2) is None and session.script == []


@pytest.mark.slow
def test_drawing_the_table_changes_nothing_but_the_screen(monkeypatch):
    """Two tables of the same demo hand, one drawn every frame and one never drawn, stay alike."""
    from game.ai import baseline_action
    from game.ui import players

    monkeypatch.setattr(players, "thinker", lambda obs, level, seed: ScriptedThinker(baseline_action(obs), 2))
    monkeypatch.setattr(players, "note", lambda thinker: None)
    tables = []
    for _ in range(2):
        app = driver.make_app(PORTRAIT, FAST)
        app.show(TableScene(app, Session("304", {}, 3, "easy", ())))
        tables.append(app.scene)
    drawn, undrawn = tables

    def snapshot(scene):
        state = {k: [vars(f) for f in v] if k == "flights" else repr(v) for k, v in vars(scene.state).items()
                 if k not in ("session", "ui", "layout", "sounds")}
        return state, scene.ai.seat, scene.hand, [w.rect for w in scene.widgets]

    while not drawn.session.hand.is_over():
        drawn.update(driver.DT)
        drawn.draw(drawn.app.screen)
        drawn.spare(players.FRAME_MS)  # (the slices come last in a frame, after the drawing)
        undrawn.update(driver.DT)
        undrawn.spare(players.FRAME_MS)
        assert snapshot(drawn) == snapshot(undrawn)
    assert len(drawn.session.hand.tricks) == 8


def test_the_hint_thinks_over_frames_and_outlines_its_card(monkeypatch):
    """The hint button starts a search at ``players.HINT_LEVEL`` that works a slice a frame (the
    frame never waits for it); when it is done the table says the move and its reason and
    outlines the card; each slice stays within the AI seats' budget."""
    from game.ui import players

    app, session = open_table("28", 5)
    assert wait_for_human(app)
    while sum(A.is_play(a) for a in app.scene.obs.legal) < 3:  # to the trick play, a choice of cards
        human_move(app, 0)
        assert wait_for_human(app)
    slices = []
    real = players.hint_thinker

    def counted(obs, seed=0):
        t = real(obs, seed)
        assert t.level_name == "normal"  # the level whose stated chances came true closest (docs/ai.md)
        step = t.step
        t.step = lambda max_ms, first=True: slices.append(max_ms) or step(max_ms, first)
        return t
    monkeypatch.setattr(players, "hint_thinker", counted)
    scene = app.scene
    scene.state.message = ""
    scene.show_hint()
    assert scene.state.hint_action is None and not scene.state.message  # nothing yet: no search has run
    assert driver.run_until(app, lambda: scene.state.hint_action is not None, 500)
    assert len(slices) > 1 and set(slices) == {players.FRAME_MS}  # over several frames (a frame costs nothing
    # on the tests' frame clock: each slice is the frame's whole budget)
    assert scene.state.hint_action in scene.obs.legal and scene.state.message  # the move and why


def test_a_hint_for_a_position_the_table_has_left_is_dropped(monkeypatch):
    """A hint is said once; a second press while it thinks does not start it again; an action
    taken meanwhile (the table's ``after_action``) drops it, at the table as in ``TableHint``."""
    from game.ui import players
    from game.ui.table.hint import TableHint

    session = Session("28", {}, 5, "easy", ())
    made = []
    monkeypatch.setattr(players, "hint_thinker", lambda obs, seed=0: made.append(ScriptedThinker(obs.legal[0], 3))
                        or made[-1])
    monkeypatch.setattr(players, "explain", lambda t: (t.best(), None))
    hint = TableHint()
    obs = session.hand.observation(session.hand.turn)
    hint.start(obs)
    hint.start(obs)
    assert len(made) == 1
    def frame():
        said = hint.step()
        hint.slice(players.FRAME_MS)
        return said
    assert [frame() for _ in range(4)] == [None, None, None, (obs.legal[0], None)]  # 3 slices, then said
    assert hint.step() is None  # said once
    hint.start(obs)
    assert hint.step() is None
    hint.reset()  # an action was taken
    assert hint.thinker is None and hint.step() is None

    monkeypatch.setattr(players, "hint_thinker", lambda obs, seed=0: ScriptedThinker(obs.legal[0], 10 ** 6))
    app, session = open_table("28", 5)
    assert wait_for_human(app)
    scene = app.scene
    scene.show_hint()
    assert scene.hinting.thinker is not None
    human_move(app, 0)  # the player acts before the hint is ready
    assert scene.hinting.thinker is None and scene.state.hint_action is None


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_a_long_message_keeps_clear_of_the_hint_button(size):
    """A message too long for the centre (a hint with its chance) goes beside the Hint button,
    not under it, on a solid panel (what lies under it does not show through); a short one stays
    centred, or sideways, where the prompt has no band of its own, lies beside the action buttons
    in their row."""
    app, session = open_table("28", 1, size)
    app.settings["hints"] = True
    assert wait_for_human(app) and session.hand.phase == "auction"
    app.scene.build()
    long = ("Bid 16: your cards are worth this bid; your side should take about 16 of 28 points and make "
            "its bid in about 55% of the deals.")
    for text, centred in ((long, False), ("Bid 16.", True)):
        app.scene.state.say(text)
        driver.frames(app, 1)
        box = app.scene.view.frame.prompt[0]
        assert app.scene.hint_button is not None and not box.colliderect(app.scene.hint_button.rect)
        assert app.layout.rect.contains(box)
        if centred and size == LANDSCAPE:
            row = [b.rect for b in app.scene.widgets if b.rect.top >= app.scene.controls_top]
            assert row and box.top >= app.scene.controls_top and box.collidelist(row) < 0
        else:
            assert (box.centerx == app.layout.size[0] // 2) == centred
        for x in (box.left + 6, box.right - 7):
            assert tuple(app.screen.get_at((x, box.centery)))[:3] == style.PANEL_SOLID


def test_a_card_played_by_key_while_the_mouse_holds_it_ends_the_drag():
    """Issue 48: the mouse held on the card the keys chose, Enter plays it, the mouse is let go:
    the release finds no card (it has left the hand) and does nothing (it raised ValueError)."""
    from game.ui.links import LinkRequest, open_in, opened
    app = driver.make_app(LANDSCAPE, FAST)
    code = "400.1I92i7kuJVR_W-pdfnGGST-QSVZzU-9LC9wxiPRLa8XPJskuOk"
    opening, notices = opened(app, LinkRequest(record=code, step=7, mode="play"))
    assert not notices
    open_in(app, opening)
    assert driver.run_until(app, lambda: app.scene.human_turn(), 2000)
    scene = app.scene
    driver.press_key(app, pygame.K_RIGHT)
    while scene.hand.cards[scene.state.selected] not in scene.obs.legal:
        driver.press_key(app, pygame.K_RIGHT)
    card = scene.hand.cards[scene.state.selected]
    pos = scene.hand.rects[scene.state.selected].center
    driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    driver.press_key(app, pygame.K_RETURN, "\r")
    assert card not in scene.hand.cards  # played by the key
    plays = len(scene.session.hand.history)
    driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])
    assert scene.state.drag is None and len(scene.session.hand.history) >= plays


@pytest.mark.parametrize("game", ["304", "28", "400", "schieber"])
def test_every_card_flies_and_every_trick_is_held_as_the_engine_tells_it(game):
    """The table shows a card played and a trick won from the engine's events: the card's seat,
    its face (none for another seat's face-down card; the player's own face-down card with its
    face and a badge), and the trick held for its winner."""
    from game.engine import events as E
    rng = random.Random(f"flights|{game}")
    own_face_down = 0
    for seed in range(40 if game == "304" else 2):
        app, session = open_table(game, seed)
        scene = app.scene
        while not session.hand.is_over():
            before, seat = scene.obs, session.hand.turn
            action = rng.choice(session.hand.legal_actions())
            assert session.apply(action) is None
            scene.after_action(seat, action, before)
            for event in session.hand.events:
                if isinstance(event, E.CardPlayed):
                    flight = scene.state.flights[-1]
                    assert (flight.seat, flight.down) == (seat, event.face_down)
                    if event.card is not None:
                        assert flight.card == event.card
                    elif seat == 0:
                        assert flight.card == action
                        own_face_down += 1
                    else:
                        assert flight.card is None
                elif isinstance(event, E.TrickWon):
                    held, winner = scene.state.hold
                    assert winner == event.seat and len(held) == 4
        if own_face_down:
            break
    assert game != "304" or own_face_down, "no face-down card of the player's was played"
