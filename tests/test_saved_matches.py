"""Issue 16, "one match per game, never overwritten": opening another game, another seed or an
embed keeps every saved match; the menu's Continue lists them; a link to a different match of a
saved game asks in the table; old single-match saves are found; statistics and hand history
survive every path.  The app is started as ``python main.py`` starts it, over files in a folder
of its own (the desktop's storage)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import re

import pygame
import pytest
from app_helpers import (PageHost, banner_text, blob, fresh_data, launch, leave_match, play_to_mid_trick,
                         state, teardown)

from game import i18n
from game.ui import gfx
from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.session import Session
from game.ui.storage import MATCH_SLOTS, MAX_MATCHES, Store


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)


def saved_files(folder) -> dict:
    """Every saved match's file, by name, as bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name.startswith("match")}


def history(folder) -> dict:
    """Each saved match's hand history: its finished hands and the actions of the hand in play."""
    found = {}
    for name in saved_files(folder):
        match = json.loads((folder / name).read_text())["data"]
        found[name] = (match["seed"], [rec["actions"] for rec in match["finished"]], match["hand"]["actions"])
    return found


def a_match_in_progress(game, seed, full_hands=1, stats=True):
    """A match of ``game`` saved mid-trick after ``full_hands`` hands, as a player leaves it (the
    hands played counted in the statistics, as the table counts them)."""
    store = Store()
    session = Session(game, {}, seed, "easy", (0,), store)
    session.save()
    play_to_mid_trick(session, random.Random(f"{game}-{seed}"), full_hands)
    if stats:
        store.count("schieber", matches=3, wins=2)  # statistics of another game, to see they stay
    return session


def stats_file(folder) -> bytes:
    return (folder / "stats.txt").read_bytes()


def continue_rows(app):
    driver.click_button(app, "Continue")
    assert app.scene.name == "continue"
    return [w for w in app.scene.widgets if getattr(w, "saved", None)]


# ---- another game or another seed never writes over a match -------------------------------------------

@pytest.mark.parametrize("argv", [("--game", "28"), ("--query", "game=28&embed=1"),
                                  ("--query", "game=28&seed=5&embed=1&level=hard")])
def test_another_game_starts_beside_the_saved_match(data, argv):
    """Issue 16: with a 400 match in progress, ``--game 28`` or ``?game=28&embed=1`` started a new
    match and saved it over the old one."""
    before = a_match_in_progress("400", 3)
    files, stats = saved_files(data), stats_file(data)
    app = launch(*argv)
    session = app.scene.session
    assert app.scene.name == "table" and session.game == "28" and app.scene.offer is None  # nothing to ask
    assert session.slot not in files  # a slot of its own, saved from the start
    assert saved_files(data)["match.txt"] == files["match.txt"]  # the 400 match as it was
    assert stats_file(data) == stats
    teardown(app)

    again = launch()  # the menu lists both; the 400 match resumes exactly
    rows = continue_rows(again) if again.scene.name == "menu" else None
    if rows is None:  # a reload goes back into the match played last (the 28), over the menu
        again.home()
        rows = continue_rows(again)
    assert sorted(r.saved.game for r in rows) == ["28", "400"]
    row = next(r for r in rows if r.saved.game == "400")
    score = row.saved.score
    assert row.label == "400" and row.note.startswith(  # the score by side (each partner's own is the table's)
        f"Us {score[0] + score[2]} · Them {score[1] + score[3]}\n")
    assert re.search(r"\n20\d\d-\d\d-\d\d \d\d:\d\d · Hands played: 1$", row.note)  # when it was played
    driver.click(again, (row.rect.left + 30, row.rect.centery - again.scene.scroll))
    assert again.scene.name == "table" and state(again.scene.session) == state(before)
    teardown(again)


def test_a_link_to_another_seed_asks_in_the_table_and_resume_keeps_both(data):
    """Issue 16: the same game with another seed started a new match over the saved one."""
    before = a_match_in_progress("400", 3)
    files, stats, hands = saved_files(data), stats_file(data), history(data)
    app = launch("--query", "game=400&seed=77&embed=1")
    scene = app.scene
    assert scene.name == "table" and scene.session.seed == 77 and scene.offer is not None
    assert [s.name for s in app.stack] == ["table"]  # an embed: the question is in the table
    text = scene.offer.text()
    assert "400 match in progress" in text and "(Us " in text and " · Them " in text  # its score by side
    driver.frames(app, 60)  # the AI may act meanwhile: the linked match is not saved for it
    assert saved_files(data) == files
    driver.click_button(app, "Resume it")
    assert app.scene.name == "table" and state(app.scene.session) == state(before)
    assert app.scene.offer is None
    assert saved_files(data) == files and stats_file(data) == stats and history(data) == hands
    teardown(app)


def test_resuming_from_the_question_a_match_that_does_not_replay_keeps_the_linked_one(data):
    """The table's question, Resume it, on a saved match that no longer replays: it is kept
    aside as it was (a notice says so) and the linked match goes on, now the player's."""
    a_match_in_progress("400", 3)
    (name,) = saved_files(data)
    blob_400 = json.loads((data / name).read_text())
    blob_400["data"]["hand"]["actions"] = [[9, "bid 3"]]
    broken = json.dumps(blob_400)
    (data / name).write_text(broken)
    app = launch("--query", "game=400&seed=77&embed=1")
    scene = app.scene
    assert scene.offer is not None
    driver.click_button(app, "Resume it")
    assert app.scene is scene and scene.session.seed == 77 and scene.offer is None
    assert "does not replay" in banner_text(app)
    aside = [p for p in data.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_text() == broken
    assert [m.seed for m in app.store.saved_matches()] == [77]  # the linked match, kept
    teardown(app)


def test_playing_the_linked_match_keeps_the_saved_one_resumable(data):
    a_match_in_progress("28", 4)
    files, stats = saved_files(data), stats_file(data)
    app = launch("--query", "game=28&seed=91&embed=1&level=easy")
    scene = app.scene
    assert scene.offer is not None
    driver.click_button(app, "Play this one")
    assert scene.offer is None and not driver.button(app, "Resume it")
    now = saved_files(data)
    assert now["match.txt"] == files["match.txt"] and len(now) == 2  # the new one beside it
    assert stats_file(data) == stats
    teardown(app)
    again = launch("--query", "game=28&seed=91&embed=1")  # the same link: straight back, no question
    assert again.scene.session.seed == 91 and again.scene.offer is None
    teardown(again)
    other = launch("--query", "game=28&seed=4&embed=1")  # the first link: its match, no question
    assert other.scene.session.seed == 4 and other.scene.offer is None
    teardown(other)


def test_a_first_action_in_the_linked_match_answers_the_question(data):
    a_match_in_progress("schieber", 2, stats=False)
    files = saved_files(data)
    app = launch("--query", "game=schieber&seed=8&embed=1&level=easy")
    scene, session = app.scene, app.scene.session
    assert scene.offer is not None
    assert driver.run_until(app, scene.human_turn, 3000)
    scene.submit(session.hand.legal_actions()[0])
    assert scene.offer is None and session.slot and session.slot not in files
    assert saved_files(data)["match.txt"] == files["match.txt"]
    teardown(app)


def test_leaving_the_linked_match_unanswered_loses_nothing(data):
    a_match_in_progress("304", 5)
    files, hands = saved_files(data), history(data)
    app = launch("--query", "game=304&seed=6&embed=1")
    assert app.scene.offer is not None
    leave_match(app)  # Menu, Leave the match, Leave
    assert app.scene.name == "menu" and saved_files(data) == files and history(data) == hands
    rows = continue_rows(app)
    assert [r.saved.seed for r in rows] == [5]
    teardown(app)


def test_the_new_match_form_starts_beside_a_saved_match_of_the_same_game(data):
    a_match_in_progress("28", 4)
    files = saved_files(data)
    app = launch("--query", "game=28&seed=10")  # not an embed: the form, over the menu
    assert app.scene.name == "new-match"
    driver.click_button(app, "Start")
    assert app.scene.name == "table" and app.scene.session.seed == 10
    assert saved_files(data)["match.txt"] == files["match.txt"] and len(saved_files(data)) == 2
    teardown(app)


@pytest.mark.parametrize("argv", [("--demo", "--game", "28"), ("--query", "game=28&demo=1&embed=1")])
def test_demos_and_watching_touch_no_saved_match(data, argv):
    a_match_in_progress("28", 4)
    files, stats = saved_files(data), stats_file(data)
    app = launch(*argv)
    assert app.scene.session.demo
    with driver.unseen(app):  # (what is saved is asked, not the pictures)
        driver.frames(app, 200)
        app.home()
        driver.click_button(app, "Watch a game")
        driver.frames(app, 200)
    assert saved_files(data) == files and stats_file(data) == stats
    teardown(app)


def hosted_page(app):
    """``app`` with a host page attached (as the web page attaches it): the page's queue."""
    import main
    from game.web.host import HostLink

    page = PageHost()
    window = type("Window", (), {"tt": type("TT", (), {"build": "test", "host": page})()})()
    main.attach_host(app, HostLink(window, languages=("en",), levels=("easy", "normal", "hard", "expert")))
    return page


def test_a_host_pages_new_match_is_saved_only_once_the_player_plays_in_it(data):
    """A rules page that sends new-match each time it is opened (as README's example does on
    ready) must not fill the saved places with matches nobody played: with every place taken,
    the player's own match would be moved out of Continue."""
    a_match_in_progress("400", 3, stats=False)
    files = saved_files(data)
    for _visit in range(MAX_MATCHES + 1):
        app = launch("--query", "embed=1&game=400&seed=3")  # the iframe resumes the player's match
        page = hosted_page(app)
        page.queue.append(json.dumps({"trickTable": 1, "type": "new-match", "game": "28", "seed": 5}))
        driver.frames(app, 3)
        assert app.scene.name == "table" and app.scene.session.game == "28"
        teardown(app)
    assert saved_files(data) == files  # nothing moved aside, nothing added
    app = launch("--query", "embed=1&game=400&seed=3")
    hosted_page(app).queue.append(json.dumps({"trickTable": 1, "type": "new-match", "game": "28", "seed": 5}))
    driver.frames(app, 3)
    scene, session = app.scene, app.scene.session
    assert driver.run_until(app, scene.human_turn, 3000)
    scene.submit(session.hand.legal_actions()[0])  # the player's first action: now it is theirs
    assert session.slot and saved_files(data)["match.txt"] == files["match.txt"] and len(saved_files(data)) == 2
    teardown(app)


# ---- the Continue list -------------------------------------------------------------------------------

def test_continue_lists_each_match_with_its_game_score_and_time_and_removes_one_on_a_second_tap(data):
    a_match_in_progress("400", 3)
    a_match_in_progress("28", 4, full_hands=0)
    app = launch()
    assert app.scene.name == "table" and app.scene.session.game == "28"  # a reload: the match played last
    app.home()
    rows = continue_rows(app)
    assert [r.saved.game for r in rows] == ["28", "400"]  # the one played last first
    assert rows[0].label == "Twenty-Eight" and rows[0].note.startswith("Game points Us 0 · Them 0\n20")
    assert re.fullmatch(r"Us -?\d+ · Them -?\d+\n20\d\d-\d\d-\d\d \d\d:\d\d · Hands played: 1", rows[1].note)
    remove = rows[1].remove_rect()
    at = (remove.centerx, remove.centery - app.scene.scroll)
    driver.click(app, at)
    assert rows[1].armed and len(app.store.saved_matches()) == 2  # asks first
    driver.click(app, at)
    assert [m.game for m in app.store.saved_matches()] == ["28"]
    assert list(saved_files(data)) == ["match-2.txt"]
    teardown(app)


def test_enter_on_a_row_resumes_its_match_even_after_a_tap_on_its_remove(data):
    """The keyboard's Enter on a focused row resumes the match, whatever the pointer last
    pressed: after one tap on Remove ("Remove?") it once took Enter for the second tap and
    removed the match."""
    a_match_in_progress("400", 3)
    app = launch()
    app.home()
    (row,) = continue_rows(app)
    remove = row.remove_rect()
    driver.click(app, (remove.centerx, remove.centery - app.scene.scroll))
    assert row.armed
    app.scene.focus = app.scene.widgets.index(row)
    driver.press_key(app, pygame.K_RETURN)
    assert app.scene.name == "table" and app.scene.session.game == "400"
    assert [m.game for m in app.store.saved_matches()] == ["400"]
    teardown(app)


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_each_saved_match_s_words_stay_inside_its_row_in_every_language(data, size, monkeypatch):
    """A row is as tall as its game, score and time drawn in the note's own size: the list once
    measured the note a size smaller, so where the score wrapped (Tamil, Sinhala, Italian) the
    time was drawn below the row, over the next match's row."""
    for game, seed in (("schieber", 2), ("304", 3), ("28", 4), ("400", 5)):
        a_match_in_progress(game, seed, full_hands=0, stats=False)
    app = launch(*(["--portrait"] if size == PORTRAIT else []))
    assert app.layout.size == size
    app.home()
    app.go("continue")
    drawn = []
    blit_wrapped = gfx.blit_wrapped

    def recorded(surf, s, text_size, rect, *args, **kwargs):
        height = blit_wrapped(surf, s, text_size, rect, *args, **kwargs)
        drawn.append(pygame.Rect(rect).top + height)
        return height

    monkeypatch.setattr(gfx, "blit_wrapped", recorded)
    low = []
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        app.scene.build()
        rows = [w for w in app.scene.widgets if getattr(w, "saved", None)]
        assert len(rows) == 4
        for row, below in zip(rows, rows[1:] + [None]):
            drawn.clear()
            row.draw(app.screen)
            if max(drawn) > row.rect.bottom or (below and row.rect.bottom > below.rect.top):
                low.append((code, row.label, row.rect.bottom, max(drawn)))
    i18n.set_language("en")
    teardown(app)
    assert not low, low


def test_old_single_match_saves_are_found_and_kept(data):
    """Saves of earlier versions (one match under 'match', format 1 or 2, no time) are listed,
    resumed, and not written over by another game."""
    store = Store()
    session = Session("28", {}, 6, "easy", (0,), store)
    play_to_mid_trick(session, random.Random(4))
    old = {"version": 1, "game": "28", "options": session.options, "seed": 6, "level": "easy", "humans": [0],
           "hands": [], "actions": [t for _, t in session.hand.history]}
    (data / "match.txt").write_text(json.dumps({"version": 1, "kind": "match", "data": old}))
    app = launch("--query", "game=400&embed=1")
    assert app.scene.session.game == "400" and app.scene.session.slot == "match-2"
    leave_match(app)  # Menu, Leave the match, Leave
    (row,) = [r for r in continue_rows(app) if r.saved.game == "28"]
    assert "20" not in row.note  # saved before times were kept: none shown
    driver.click(app, (row.rect.left + 30, row.rect.centery - app.scene.scroll))
    assert state(app.scene.session) == state(session)
    teardown(app)


def broken_saves() -> list[tuple[object, str]]:
    """(saved match, words of its refusal): a good save of each format made wrong in one way."""
    session = Session("28", {}, 6, "easy", (0,))
    play_to_mid_trick(session, random.Random(4), full_hands=1)
    now = session.to_dict()
    v1 = {"version": 1, "game": "28", "options": {}, "seed": 6, "level": "easy", "humans": [0],
          "hands": [], "actions": [t for _, t in session.hand.history]}
    return [
        ([now], "must be a JSON object"),
        ({**now, "version": 9}, "unknown save version 9"),
        ({**now, "format": "chess"}, "unknown save version"),
        ({**now, "seed": "6"}, "wrong type"),
        ({**now, "humans": [4]}, "wrong type"),
        ({**now, "game": "chess"}, "cannot be set up"),
        ({**now, "match": {**now["match"], "hand_number": now["match"]["hand_number"] + 1}}, "do not follow"),
        ({**now, "hand": {**now["hand"], "actions": ["bid 99"]}}, r"not the turn's \[seat, action\]"),
        ({**now, "hand": {**now["hand"], "actions": [[now["hand"]["actions"][0][0], "bid 99"]]}}, "99 is not one of them"),
        ({**now, "finished": "x"}, "finished hands must be a list"),
        ({**now, "finished": [7]}, "must be a JSON object"),
        ({**now, "hand": {**now["hand"], "game": "400"}}, "of another game"),
        ({k: v for k, v in now.items() if k != "hand"}, "does not replay: KeyError"),
        ({**v1, "actions": v1["actions"] + ["play 1X"]}, "does not replay"),
        ({**v1, "hands": [["bid 99"]]}, "does not replay"),
        ({**v1, "hands": 5}, "does not replay"),
        ({**v1, "level": 3}, "wrong type"),
    ]


def test_a_broken_saved_match_is_refused_in_words_and_a_good_one_comes_back():
    """Each way a saved match can be wrong (type, version, counters, a hand that does not replay,
    in either save format) is refused by one ValueError saying what is wrong, which the app turns
    into a notice; the save it was made from comes back as it was."""
    for broken, words in broken_saves():
        with pytest.raises(ValueError, match=words):
            Session.from_dict(broken)
    session = Session("28", {}, 6, "easy", (0,))
    play_to_mid_trick(session, random.Random(4), full_hands=1)
    assert state(Session.from_dict(session.to_dict())) == state(session)


def test_with_every_slot_taken_the_match_played_least_recently_is_kept_aside(data):
    store = Store()
    for seed in range(MAX_MATCHES):
        Session("304", {}, seed, "easy", (0,), store).save()
    oldest = Store().saved_matches()[-1]  # as the app will read them
    oldest_bytes = (data / f"{oldest.slot}.txt").read_bytes()
    app = launch("--query", "game=400&embed=1")
    assert app.scene.session.slot == oldest.slot
    kept = [p for p in data.iterdir() if p.name.startswith(f"{oldest.slot}.room-")]
    assert len(kept) == 1 and kept[0].read_bytes() == oldest_bytes
    assert "kept aside as" in banner_text(app)
    assert len(app.store.saved_matches()) == len(MATCH_SLOTS)
    teardown(app)


def test_statistics_and_hand_history_survive_a_finished_match_beside_others(data):
    a_match_in_progress("400", 3)
    files = saved_files(data)
    store = Store()
    session = Session("304", {"tokens": 1}, 5, "easy", (0,), store)
    session.save()
    rng = random.Random(1)
    while not (session.over or session._finished_match()):
        while not session.hand.is_over():
            session.apply(rng.choice(session.hand.legal_actions()))
        if not session._finished_match():
            session.next_hand()
    assert session.slot is None  # over: its slot is free again
    assert saved_files(data) == files
    assert Store().game_stats("304")["matches"] == 1 and Store().game_stats("schieber")["wins"] == 2
    assert blob(data, "stats")["data"]["schieber"]["matches"] == 3


def test_a_listed_match_that_does_not_replay_is_set_aside_with_a_notice_and_the_list_goes_on(data):
    """Continue, a match whose save no longer replays: it is kept aside under a key of its own
    (a notice says so), the list is built again without it, and the other stays; the Delete key
    removes a focused row in two presses; with no match left the list closes."""
    a_match_in_progress("400", 3)
    a_match_in_progress("28", 4, full_hands=0)
    path = next(data / name for name in saved_files(data)
                if json.loads((data / name).read_text())["data"]["game"] == "400")
    blob_400 = json.loads(path.read_text())
    blob_400["data"]["match"]["hand_number"] += 5  # the counters no longer follow its hands
    broken = json.dumps(blob_400)
    path.write_text(broken)
    app = launch()  # the match played last (28) opens
    app.home()
    rows = continue_rows(app)
    row = next(r for r in rows if r.saved.game == "400")
    driver.click(app, (row.rect.left + 30, row.rect.centery - app.scene.scroll))
    assert app.scene.name == "continue" and "does not replay" in banner_text(app)
    assert [r.saved.game for r in app.scene.widgets if getattr(r, "saved", None)] == ["28"]
    aside = [p for p in data.iterdir() if p.name.startswith(path.stem + ".unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == broken  # kept as it was
    driver.press_key(app, pygame.K_ESCAPE)  # the notice goes first
    app.scene.focus = next(i for i, w in enumerate(app.scene.widgets) if getattr(w, "saved", None))
    driver.press_key(app, pygame.K_DELETE)
    assert len(app.store.saved_matches()) == 1  # asks first
    driver.press_key(app, pygame.K_DELETE)
    assert app.store.saved_matches() == [] and app.scene.name == "menu"
    teardown(app)
