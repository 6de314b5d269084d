"""Shared deals and example positions in the app: ``?deal=``, ``?record=&step=&mode=`` (through
``main.py --query``, as the page passes them), the caption and the pause, the hand result's
deal code, "Copy link" and the earlier result; and the host-page API's Python side
(game/web/host.py, game/ui/host_bridge.py) with the real app and a page stand-in."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json

import pygame
import pytest

import main
from game.engine import GAMES, codes
from game.engine.records import hand_from_record, random_record
from game.i18n import language, set_language
from harness import driver
from game.web import host, share
from game.web.params import parse

from app_helpers import PageHost, fresh_data, teardown
from app_helpers import launch as launch_args


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)
    set_language("en")


def launch(query: str, *more):
    return launch_args("--query", query, *more)


def played(rec) -> "object":
    hand = hand_from_record(rec)
    for _seat, text in rec["actions"]:
        hand.apply(text)
    return hand


def engine_state(hand) -> tuple:
    """Everything the engine shows of a hand: its record, whose turn, every seat's view."""
    return (hand.record(), hand.turn, hand.legal_texts(), [hand.observation(s) for s in range(4)])


# ---- the URL parameters -------------------------------------------------------------------------

def test_the_new_parameters_are_read_and_checked():
    settings, notices = parse("?record=28.1abc&step=7&mode=Play&autoplay=1&caption=Lead%0Athe%20jack&learn=jass")
    assert notices == []
    assert (settings.record, settings.step, settings.mode, settings.autoplay) == ("28.1abc", 7, "play", True)
    assert (settings.caption, settings.learn) == ("Lead the jack", "schieber")
    settings, notices = parse("?step=201&mode=peek&learn=chess&caption=" + "x" * 200)
    assert {n.param: str(n.reason) for n in notices} == {
        "step": "use a whole number from 0 to 200", "mode": "use watch or play",
        "learn": "unknown game; use 304, 28, 400 or schieber", "caption": "shortened to 120 characters"}
    assert settings.step is None and settings.mode is None and len(settings.caption) == 120


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deal_link_deals_exactly_those_cards_from_the_same_seat(data, game):
    hand = played(random_record(game, 7))
    app = launch(f"deal={codes.deal_code(hand)}&embed=1")
    assert [s.name for s in app.stack] == ["table"] and not app.banner.items
    session = app.scene.session
    assert session.hand.dealt == hand.dealt and session.hand.history == []
    assert (session.hand.dealer, session.hand.score_before, session.hand.options) == \
        (hand.dealer, hand.score_before, hand.options)
    assert session.is_human(0) and not session.demo
    assert app.scene.obs.hand  # seat 0 holds what seat 0 was dealt (the first packet in 304 and 28)
    assert set(app.scene.obs.hand) <= set(hand.dealt[0])
    teardown(app)
    assert not list(data.glob("match*"))  # a linked hand is never saved, so never over the player's match


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_play_link_leaves_the_engine_as_replaying_the_steps_does(data, game):
    rec = random_record(game, 3)
    step = len(rec["actions"]) // 2
    code = codes.code_from_record(rec, step)
    app = launch(f"record={code}&step={step}&mode=play&embed=1")
    session = app.scene.session
    replay = hand_from_record(rec)
    for _seat, text in rec["actions"][:step]:
        replay.apply(text)
    assert engine_state(session.hand) == engine_state(replay)
    assert session.humans == frozenset({0}) and not app.paused
    teardown(app)


def test_a_watch_link_opens_the_review_at_its_step_with_its_caption(data):
    rec = random_record("schieber", 4)
    code = codes.code_from_record(rec)
    app = launch(f"record={code}&step=5&mode=watch&caption=Watch%20the%20Stöck")
    scene = app.scene
    assert [s.name for s in app.stack] == ["menu", "review"] and scene.position == 5 and not scene.playing
    assert scene.review.record["actions"] == rec["actions"]  # the whole record, to step through
    assert app.caption.text == "Watch the Stöck" and app.caption.shows(app.scene)
    driver.frames(app, 120)
    assert scene.position == 5  # it waits for the player
    teardown(app)
    app = launch(f"record={code}&step=5&mode=watch&autoplay=1")
    scene = app.scene
    assert scene.playing and driver.run_until(app, lambda: scene.position == scene.review.last_position, 20000)
    assert scene.review.complete
    teardown(app)


def test_a_partial_record_is_watched_to_where_it_stops_and_autoplay_starts_at_once(data):
    rec = random_record("28", 9)
    code = codes.code_from_record(rec, 12)
    app = launch(f"record={code}&step=3&autoplay=1&embed=1")
    scene = app.scene
    assert scene.name == "review" and scene.playing and app.caption is None
    assert driver.run_until(app, lambda: not scene.playing, 30000)
    assert scene.position == scene.review.last_position == 12 and not scene.review.complete
    assert scene.review.record["actions"] == rec["actions"][:12]
    teardown(app)


@pytest.mark.parametrize("query, param, words", [
    ("deal=304.1AAAAAAAA", "deal", "damaged or incomplete"),
    ("deal=hello", "deal", "not a Trick Table code"),
    ("record=" + codes.reseal("28.9" + "B" * 30), "record", "another version"),
    ("record=" + codes.reseal("bridge.1" + "B" * 30), "record", "game this version does not have"),
    ("record=" + codes.reseal("28.1" + "_" * 60), "record", "does not hold a valid hand"),
    ("step=4", "step", "only used with record"),
    ("caption=Hi", "caption", "only used with deal, record"),
])
def test_a_wrong_or_tampered_code_is_a_notice_and_the_menu_opens(data, query, param, words):
    app = launch(query)
    assert app.scene.name == "menu"
    assert any(item.startswith(f"Ignored {param}=") and words in item for item in app.banner.items), app.banner.items
    teardown(app)


def test_step_past_the_record_and_two_codes_at_once_are_noticed(data):
    rec = random_record("400", 2)
    code = codes.code_from_record(rec, 4)
    deal = codes.deal_code(hand_from_record(rec))
    app = launch(f"record={code}&deal={deal}&step=9&mode=play&embed=1")
    assert len(app.scene.session.hand.history) == 4
    assert any("record has only 4 actions" in item for item in app.banner.items)
    assert any(item.startswith("Ignored deal=") and "not used together with record" in item for item in app.banner.items)
    teardown(app)


# ---- the hand result: deal code, Copy link, the earlier result --------------------------------

def finish_at_the_table(app):
    session = app.scene.session
    session.humans = frozenset()  # the AI plays seat 0 too
    with driver.unseen(app):  # the hand's frames are not drawn (its result is what is asked)
        assert driver.run_until(app, lambda: app.scene.name == "hand-result", 40000)
    driver.frames(app, 5)
    return session


def test_the_hand_result_shows_the_deal_code_and_copies_the_link(data, capsys):
    hand = played(random_record("28", 5))
    earlier = codes.Earlier.of(hand)
    app = launch(f"deal={codes.deal_code(hand, earlier)}&embed=1&level=easy")
    session = finish_at_the_table(app)
    scene = app.scene
    found = codes.decode(scene.deal_code)
    assert found.hand.dealt == hand.dealt and found.earlier == codes.Earlier.of(session.hand)
    assert scene.earlier == earlier  # the code's result, shown to compare
    capsys.readouterr()
    driver.click_button(app, "Copy link")
    driver.frames(app, 2)
    printed = capsys.readouterr().out.strip().splitlines()[-1]
    assert printed == codes.DEFAULT_BASE + "?deal=" + scene.deal_code  # the desktop prints it
    assert scene.shown_link == printed and "Link printed in the terminal." in app.banner.items
    settings, _ = parse(printed)
    assert codes.decode(settings.deal).hand.dealt == hand.dealt
    driver.click_button(app, "Next hand")
    assert app.scene.name == "table"
    driver.frames(app, 2)
    teardown(app)


class FakeTT:
    """The page's window.tt as the template makes it (copy, copied, host queue)."""

    def __init__(self, clipboard_works=True):
        self.works, self.copied, self.copies = clipboard_works, None, []
        self.build = "test-build"
        self.host = PageHost()

    def copy(self, text):
        self.copies.append(text)
        self.copied = "done" if self.works else "failed"


class FakeWindow:
    def __init__(self, **kw):
        self.tt = FakeTT(**kw)
        self.location = type("Location", (), {"href": "https://cards.example/tt/index.html?deal=x#y"})()


@pytest.mark.parametrize("works", [True, False])
def test_copy_link_in_the_browser(works):
    window = FakeWindow(clipboard_works=works)
    job = share.copy(codes.link(share.page_address(window), deal="28.1abc"), window)
    assert window.tt.copies == ["https://cards.example/tt/index.html?deal=28.1abc"]
    assert job.poll(0.1) == (share.DONE if works else share.FAILED)
    silent = FakeWindow()
    silent.tt.copy = lambda text: None  # a page that never answers
    job = share.copy("x", silent)
    assert job.poll(1.0) == share.PENDING and job.poll(share.WAIT) == share.FAILED


def test_a_page_that_refuses_loses_no_link_and_raises_nothing():
    """A page whose address cannot be read, or is no web address (a file opened from disk),
    gives no page address (the default base serves); a copy the page throws on, or whose answer
    throws when read, counts as failed, never as an exception."""
    class Refusing:
        def __getattr__(self, name):
            raise RuntimeError(f"refused: {name}")

    assert share.page_address(Refusing()) is None
    local = FakeWindow()
    local.location.href = "file:///home/me/tt/index.html"
    assert share.page_address(local) is None
    assert codes.link(share.page_address(local) or codes.DEFAULT_BASE, deal="x").startswith(codes.DEFAULT_BASE)
    throwing = FakeWindow()
    throwing.tt = Refusing()
    assert share.copy("x", throwing).state == share.FAILED
    mute = FakeWindow()
    mute.tt = type("TT", (), {"copy": lambda self, text: None, "copied": property(lambda self: 1 / 0)})()
    job = share.copy("x", mute)
    assert job.poll(0.1) == share.PENDING and job.poll(share.WAIT) == share.FAILED


# ---- the review's link to this moment --------------------------------------------------------------

def command_link(tmp_path, record, step, capsys):
    """What ``python -m game.engine link RECORD.json --step N --mode watch`` prints."""
    from game.engine.__main__ import main as engine

    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    capsys.readouterr()
    assert engine(["link", str(path), "--step", str(step), "--mode", "watch"]) == 0
    return capsys.readouterr().out.strip()


def shown(review, position):
    """Everything the review shows of ``position``: the cards, the trick, the words."""
    m = review.moment(position)
    return (m.step, m.seat, m.hands, m.indicator, m.trick, m.winner, m.trick_no, m.obs, review.heading(position),
            review.lines(position), review.context(position))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_reviews_link_to_this_moment_is_the_commands_and_opens_the_same_position(data, tmp_path, capsys, game):
    rec = random_record(game, 11)
    rec["score"] = {"304": [8, 14], "28": [-130, 245], "400": [12, -40, 5, 7], "schieber": [130, 1245]}[game]
    app = driver.make_app()
    app.go("menu")
    app.go("review", record=rec)
    scene = app.scene
    steps = scene.review.steps
    links = []
    for position in (0, 1, steps // 2, steps, scene.review.last_position):
        scene.go_to(position)
        capsys.readouterr()
        driver.click_button(app, "Link to this moment")
        driver.frames(app, 2)
        printed = capsys.readouterr().out.strip().splitlines()[-1]
        assert scene.shown_link == printed and "Link printed in the terminal." in app.banner.items
        links.append((position, shown(scene.review, position), printed))
        driver.press_key(app, pygame.K_ESCAPE)  # the notice goes first,
        assert not app.banner.items and scene.shown_link == printed
        driver.press_key(app, pygame.K_ESCAPE)  # then the panel with the link; the review stays
        assert scene.shown_link is None and app.scene is scene
    deal_code = scene.deal_code
    teardown(app)
    for position, seen, printed in links:
        step = min(position, steps)  # from the final breakdown: the link opens at the last action
        assert printed == command_link(tmp_path, rec, step, capsys)
        opened = launch(printed.split("?", 1)[1])
        view = opened.scene
        assert view.name == "review" and view.position == step and not opened.banner.items
        assert view.review.record["actions"] == rec["actions"]
        if position == step:
            assert shown(view.review, step) == seen  # the same position as the review showed
        else:
            assert view.review.is_summary(view.position + 1)
        assert view.deal_code == deal_code and codes.decode(deal_code).hand.dealt == played(rec).dealt
        teardown(opened)


@pytest.mark.parametrize("works", [True, False])
def test_the_link_to_this_moment_in_the_browser(monkeypatch, works):
    window = FakeWindow(clipboard_works=works)
    monkeypatch.setattr(share, "_window", lambda: window)
    rec = random_record("304", 12)
    app = driver.make_app()
    app.go("menu")
    app.go("review", record=rec, step=9)
    scene = app.scene
    driver.click_button(app, "Link to this moment")
    driver.frames(app, 2)
    expected = "https://cards.example/tt/index.html?record=" + codes.code_from_record(rec) + "&step=9&mode=watch"
    assert window.tt.copies == [expected]
    if works:
        assert scene.shown_link is None and "Link copied." in app.banner.items
    else:
        assert scene.shown_link == expected
        assert any("did not copy the link" in item for item in app.banner.items)
        driver.click_button(app, "Next")  # another step: the link was to the one before
        assert scene.position == 10 and scene.shown_link is None


def test_a_hand_no_code_can_hold_has_no_link_nor_code(monkeypatch):
    rec = random_record("28", 13)
    monkeypatch.setattr(codes, "record_code", lambda *a, **k: (_ for _ in ()).throw(ValueError("too long")))
    app = driver.make_app()
    app.go("menu")
    app.go("review", record=rec)
    assert app.scene.deal_code is None and not driver.button(app, "Link to this moment")
    driver.frames(app, 2)


# ---- the host-page API, Python side -----------------------------------------------------------------

def hosted(query="embed=1&game=28&seed=3"):
    app = launch(query)
    window = FakeWindow()
    link = host.HostLink(window, languages=("en", "de", "it", "fr", "si", "ta", "ml", "ar"),
                         levels=("easy", "normal", "hard", "expert"))
    main.attach_host(app, link)
    return app, window.tt.host


def send(page, app, *messages, frames=2):
    for message in messages:
        page.queue.append(message if isinstance(message, str) else json.dumps(message))
    driver.frames(app, frames)


def command(kind, **fields):
    return {"trickTable": 1, "type": kind, **fields}


@pytest.mark.slow
def test_host_commands_drive_a_match_and_events_come_back_in_order(data):
    app, page = hosted()
    driver.frames(app, 1)
    assert page.out[0]["type"] == "ready" and page.out[0]["trickTable"] == 1
    assert page.out[0]["games"] == list(GAMES) and "new-match" in page.out[0]["commands"]
    assert page.out[0]["build"] == "test-build"
    # a match of 304 with two tokens a side: over in a few hands (how many depends on the AI,
    # which thinks for a time, not a number of steps)
    send(page, app, command("new-match", game="304", options={"tokens": 2}, seed=11, level="easy",
                            demo=True, id="m1"))
    session = app.scene.session
    assert [s.name for s in app.stack] == ["table"] and session.demo and session.seed == 11
    assert session.options["tokens"] == 2
    with driver.unseen(app):  # (the events, not the pictures: the frames are not drawn)
        assert driver.run_until(app, lambda: any(e["type"] == "match-over" for e in page.out), 400000)
    kinds = [e["type"] for e in page.out]
    assert kinds[0] == "ready" and kinds[-1] == "match-over" and kinds[-2] == "hand-over"
    assert set(kinds[1:-1]) == {"hand-over"}
    overs = [e for e in page.out if e["type"] == "hand-over"]
    assert [e["hand"] for e in overs] == list(range(1, len(overs) + 1))  # once each, in order
    finished = session.match.finished + [dict(session.hand.record(), result=session.hand.result())]
    assert [e["result"] for e in overs] == [rec["result"] for rec in finished]
    for e, rec in zip(overs, finished):
        assert codes.decode(e["record"]).record() == {k: v for k, v in rec.items() if k != "result"}
        assert codes.decode(e["deal"]).hand.dealt == hand_from_record(rec).dealt
    assert page.out[-1]["winner"] == overs[-1]["result"]["winner"] and page.out[-1]["score"] == overs[-1]["score"]
    teardown(app)


def test_game_names_options_and_ids_of_commands():
    read = lambda text: host.read_command(text, languages=("en", "de"), levels=("easy",))
    found = read('{"trickTable": 1, "type": "new-match", "game": "Jass", "options": {"table_2500": true}, "id": "a"}')
    assert found == host.Command("new-match", {"game": "schieber", "options": {"table_2500": True}, "seed": None,
                                              "level": None, "demo": False}, "a")
    found = read(json.dumps(command("load", code="x", caption="  two\nlines \u202e ")))
    assert found.params["caption"] == "two lines"  # cleaned as a link's caption
    assert read('{"trickTable": 1, "type": "set-language", "lang": "DE_at"}').params == {"lang": "de"}


def test_host_load_set_language_and_pause(data):
    app, page = hosted()
    rec = random_record("304", 8)
    deal = codes.deal_code(hand_from_record(rec))
    send(page, app, command("load", code=deal))
    assert app.scene.session.hand.dealt == hand_from_record(rec).dealt and app.scene.session.is_human(0)
    send(page, app, command("load", code=codes.code_from_record(rec), step=6, mode="play", caption="Your lead"))
    assert len(app.scene.session.hand.history) == 6 and app.caption.text == "Your lead"
    send(page, app, command("load", code=codes.code_from_record(rec), step=2, autoplay=False))
    assert app.scene.name == "review" and app.scene.position == 2 and not app.scene.playing
    assert app.caption is None
    send(page, app, command("pause", paused=False))
    assert not app.paused
    send(page, app, command("pause"))
    assert app.paused
    send(page, app, command("set-language", lang="de-CH"))
    assert language() == "de" and app.settings["language"] == "de"
    assert driver.button(app, "Schließen") is not None  # the review's labels in German
    assert [s.name for s in app.stack] == ["review"]  # an embed: no menu under it
    assert [e["type"] for e in page.out] == ["ready"]  # nothing went wrong
    teardown(app)


HOSTILE = [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "pause"}', "needs \"trickTable\": 1"),
    ('{"trickTable": 2, "type": "pause"}', "API version 2"),
    ('{"trickTable": true, "type": "pause"}', "API version True"),
    ('{"trickTable": 1, "type": "self-destruct", "id": 7}', "unknown command 'self-destruct'"),
    ('{"trickTable": 1, "type": "pause", "paused": "yes"}', "pause: paused must be true or false"),
    ('{"trickTable": 1, "type": "pause", "volume": 3}', "no field 'volume'"),
    ('{"trickTable": 1, "type": "new-match"}', "needs the field 'game'"),
    ('{"trickTable": 1, "type": "new-match", "game": "chess"}', "unknown game 'chess'"),
    ('{"trickTable": 1, "type": "new-match", "game": "28", "options": {"target": 9}}', "takes one of: 6, 7"),
    ('{"trickTable": 1, "type": "new-match", "game": "28", "seed": -1}', "new-match: seed must be from 0 to"),
    ('{"trickTable": 1, "type": "new-match", "game": "28", "level": "god"}', "new-match: level god is not one of easy"),
    ('{"trickTable": 1, "type": "load", "code": 5}', "load: code must be text"),
    ('{"trickTable": 1, "type": "load", "code": "28.1AAAAAA"}', "damaged or incomplete"),
    ('{"trickTable": 1, "type": "load", "code": "x", "step": 1e9}', "load: step must be a whole number"),
    ('{"trickTable": 1, "type": "load", "code": ""}', "load: code is a deal or record code"),
    ('{"trickTable": 1, "type": "load", "code": "  "}', "load: code is a deal or record code"),
    ('{"trickTable": 1, "type": "set-language", "lang": "xx"}', "set-language: lang is one of"),
    ('{"trickTable": 1, "type": "pause", "id": {"a": 1}}', "id is a text"),
    ("[" * 40 + "]" * 40, "more than 4 levels deep"),
    ('{"trickTable": 1, "type": "load", "code": "' + "A" * 5000 + '"}', "at most 4096 characters"),
    ('{"trickTable": 1, "type": "new-match", "game": "28", "seed": ' + "9" * 40 + "}", "more than 30 digits"),
]


@pytest.mark.parametrize("text, words", HOSTILE, ids=[w for _, w in HOSTILE])
def test_hostile_messages_are_answered_with_an_error_and_change_nothing(data, text, words):
    app, page = hosted()
    session = app.scene.session
    send(page, app, text)
    errors = [e for e in page.out if e["type"] == "error"]
    assert len(errors) == 1 and words in errors[0]["message"], errors
    assert app.scene.session is session and not app.paused and language() == "en"
    if "self-destruct" in text:
        assert errors[0]["id"] == 7 and errors[0]["command"] is None
    send(page, app, command("pause", id="after"))  # the game still listens
    assert app.paused
    teardown(app)


def test_a_flood_is_taken_a_few_per_frame_and_a_failing_command_is_an_error(data, monkeypatch):
    app, page = hosted()
    for i in range(30):
        page.queue.append(json.dumps(command("pause", paused=bool(i % 2), id=i)))
    driver.frames(app, 1)
    assert len(page.queue) == 30 - host.MAX_PER_FRAME
    driver.frames(app, 5)
    assert page.queue == [] and app.paused is True  # the last one (29) said pause
    from game.ui import host_bridge

    def broken(*args, **kwargs):
        raise RuntimeError("no table today")

    monkeypatch.setattr(host_bridge, "Session", broken)
    send(page, app, command("new-match", game="400", id="x"))
    error = page.out[-1]
    assert error["type"] == "error" and error["command"] == "new-match" and error["id"] == "x"
    assert "RuntimeError: no table today" in error["message"]
    teardown(app)


def test_a_page_whose_api_throws_is_a_page_without_a_host_and_the_game_goes_on(data):
    """The page's side of the API failing (its build, queue or answer throwing) raises nothing
    in the game: no build named, no command taken, events still kept on our side."""
    class Throwing:
        def __getattr__(self, name):
            raise RuntimeError(f"page refused {name}")

    window = FakeWindow()
    window.tt = Throwing()
    link = host.HostLink(window, languages=("en",), levels=("easy",))
    assert link.build == "" and link.poll() == []
    link.send(host.event("ready", games=[]))
    assert list(link.sent) == [host.event("ready", games=[])]
    app = launch("embed=1&game=28&seed=3")
    main.attach_host(app, link)
    driver.frames(app, 3)
    assert app.scene.name == "table" and link.sent[-1]["type"] == "ready"


@pytest.mark.parametrize("fields, words", [
    ({"record": True, "step": 9, "mode": "play"}, "step: the record has only 4 actions"),
    ({"record": True, "step": 9}, "step: the record has only 4 actions"),
    ({"record": False, "step": 3}, "step: only used with record"),
    ({"record": False, "mode": "play"}, "mode: only used with record"),
])
def test_a_load_whose_fields_do_not_fit_its_code_is_refused_whole(data, fields, words):
    """Issue 48: the host API's ``load`` with a step past the record, or a deal code with a step
    or a mode, is answered with an error and nothing else happens (a link falls back with a
    notice instead; the page's author gets the error and the table stays)."""
    app, page = hosted()
    session = app.scene.session
    rec = random_record("400", 2)
    code = codes.code_from_record(rec, 4) if fields.pop("record") else codes.deal_code(hand_from_record(rec))
    send(page, app, command("load", code=code, id="L", **fields))
    errors = [e for e in page.out if e["type"] == "error"]
    assert len(errors) == 1 and words in errors[0]["message"] and errors[0]["id"] == "L", errors
    assert app.scene.name == "table" and app.scene.session is session
    teardown(app)


def test_the_host_link_keeps_only_the_last_events_it_sent(data):
    """Issue 48: a page that keeps sending a bad message gets an error each time, and the link
    keeps no more than its last SENT_KEPT events (it kept every one: 43 MB for 100,000)."""
    window = FakeWindow()
    link = host.HostLink(window, languages=("en",), levels=("easy",))
    for i in range(5000):
        window.tt.host.queue.append(json.dumps(command("pause", paused="no", id=i)))
        link.poll()
    assert len(window.tt.host.out) == 5000  # every one answered
    assert len(link.sent) <= host.SENT_KEPT and list(link.sent)[-1]["id"] == 4999
