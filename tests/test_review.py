"""The hand review: every game's hands stepped through headless, forward and back, showing
exactly the engine's cards, tricks and events; its controls (buttons, keys, swipes, play);
what an AI seat weighed; the hand history it is opened from."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import re

import pygame
import pytest

from game.ai import baseline_action
from game.engine import FACE_DOWN, GAMES, REVEALS_TRUMP
from game.engine import actions as A
from game.engine.records import hand_from_record, random_record
from game.i18n import set_language
from game.ui import ai_notes, gfx, kit, names
from harness import driver
from helpers import extracted
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.review.hand import HandReview
from game.ui.review import layout
from game.ui.review.layout import TEXT_MIN, TOUCH
from game.ui.session import Session
from game.ui.storage import HISTORY_KEEP, HISTORY_NOTES_CHARS, MemoryBackend, Store

# Option sets that bring each game's events: 304's caps and second auction, 28's double and
# open trump, 400's redeal question; the defaults too.
OPTIONS = {"304": [{}, {"caps": True, "auction_8": True}, {"open_trump": True}],
           "28": [{}, {"double": True}, {"open_trump": True, "twenty_nine": True}],
           "400": [{}, {"face_card_redeal": True}],
           "schieber": [{}, {"table_2500": True}]}


def records(game, count=5):
    for options in OPTIONS[game]:
        for seed in range(count):
            yield random_record(game, f"review-{seed}", options)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def replayed(record, k):
    """The record's hand after its first ``k`` actions, replayed here, apart from the review."""
    hand = hand_from_record(record)
    for _seat, text in record["actions"][:k]:
        hand.apply(text)
    return hand


@pytest.mark.parametrize("game", list(GAMES))
def test_every_step_shows_the_engines_hands_tricks_and_events(game):
    kinds = set()
    for record in records(game):
        review = HandReview(record)
        assert review.steps == len(record["actions"])
        hand = hand_from_record(record)
        deck = hand.DECK
        finished = 0
        views = [hand.observation(seat) for seat in range(4)]  # each seat's view at the step (made once a step)
        for k in range(review.steps + 1):
            if k:
                before = views[0]
                hand.apply(record["actions"][k - 1][1])
                views = [hand.observation(seat) for seat in range(4)]
            m = review.moment(k)
            assert m.step == k
            for seat in range(4):  # every card a seat holds, face up; none it does not
                view = views[seat]
                held = [c for c, later in m.hands[seat] if not later]
                assert sorted(held) == sorted(view.hand)
                later = [c for c, later in m.hands[seat] if later]
                assert sorted(later + list(view.received)) == sorted(hand.dealt[seat])
            if k and m.winner is not None:  # the trick this card finished, with the engine's winner
                trick = hand.tricks_as_text()[finished]
                finished += 1
                assert [deck.text(c) for _s, c, _d in m.trick] == trick["cards"]
                assert m.winner == trick["winner"] and m.trick[0][0] == trick["leader"]
                assert any(f"Trick {finished}: won by" in line for line in review.lines(k))
            elif k:
                live = views[0].trick
                assert [s for s, _c, _d in m.trick] == [s for s, _c in live]
                for (seat, card, down), (_s, seen) in zip(m.trick, live):
                    assert card == views[seat].trick[[x for x, _ in live].index(seat)][1]
                    assert down == (seen is None or bool(views[0].trick_face_down[
                        [x for x, _ in live].index(seat)]))
            if not k:
                continue
            entry = views[0].actions[-1]
            lines = review.lines(k)
            text = " / ".join(lines)
            after = views[0]
            if entry.flags & REVEALS_TRUMP:
                assert "Trump is revealed" in text
                kinds.add("reveal")
            else:
                assert "Trump is revealed" not in text
            code = hand.action_code(record["actions"][k - 1][1])
            if A.is_play(code) and entry.flags & FACE_DOWN:
                assert "face down" in lines[0]
                kinds.add("face down")
            if sum(after.public.get("weis_points", (0, 0))) > sum(before.public.get("weis_points", (0, 0))):
                assert "Weis for" in text
                kinds.add("weis")
            if after.public.get("stoeck") is not None and before.public.get("stoeck") is None:
                assert "Stöck!" in text
                kinds.add("stoeck")
            if code in (A.CAPS, A.DOUBLE, A.REDOUBLE, A.CALL, A.PUSH, A.REDEAL, A.KEEP):
                kinds.add(record["actions"][k - 1][1])
        assert finished == len(hand.tricks_as_text()) == len(review.trick_ends())
        if hand.is_over():
            assert review.complete and review.result == hand.result()
            assert review.is_summary(review.last_position)
    expected = {"304": {"reveal", "face down", "caps", "redeal"}, "28": {"reveal", "call", "double"},
                "400": {"keep"}, "schieber": {"weis", "stoeck", "push"}}[game]
    assert expected <= kinds, f"the test hands of {game} never show {expected - kinds}"


def test_trick_points_add_up_to_the_result():
    for game in ("304", "28", "schieber"):
        for record in records(game, 3):
            review = HandReview(record)
            if not review.complete or review.result["thrown_in"]:
                continue
            won = [0, 0]
            for _n, winner, points in review.tricks():
                won[winner & 1] += points
            res = review.result
            if game == "schieber":
                expected = [res["points"][s] - res["weis_points"][s] - res["stoeck_points"][s] for s in (0, 1)]
            else:
                expected = res["points"]
            assert won == expected, (game, record["actions"][:6])


REVIEW_ARTS: dict = {}  # the card art of the apps below, shared by this module's apps that only review


def review_app(size=LANDSCAPE, settings=None):
    """An app for the review scene whose card faces are the module's: each face of a size is drawn
    once a test process, not once a test (the faces are read-only pictures; test_art checks them).
    Not for the table, whose faces drawn ahead the tests of the table follow."""
    app = driver.make_app(size, settings)
    app._arts = REVIEW_ARTS
    return app


def open_review(record, size=LANDSCAPE, **params):
    app = review_app(size, {"anim_speed": 1.0})
    app.go("menu")
    app.go("review", record=record, **params)
    driver.frames(app, 2)
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_scene_steps_through_a_whole_hand_forward_and_back(game, size):
    record = random_record(game, "scene", {})
    app = open_review(record, size)
    scene = app.scene
    review = scene.review
    assert scene.position == 0
    for k in range(1, review.last_position + 1):
        driver.press_key(app, pygame.K_RIGHT)
        assert scene.position == k
    driver.press_key(app, pygame.K_RIGHT)  # the end stays the end
    assert scene.position == review.last_position
    assert not driver.button(app, "Next") and not driver.button(app, "Next trick")
    with driver.unseen(app):  # each position was drawn on the way forward: back by taps, not drawn again
        for k in range(review.last_position - 1, -1, -1):
            driver.click_button(app, "Back", driver.tap)
            assert scene.position == k
    assert not driver.button(app, "Back")
    driver.click_button(app, "Next trick")
    assert scene.position == review.trick_ends()[0]
    driver.press_key(app, pygame.K_PAGEDOWN)
    assert scene.position == review.trick_ends()[1]
    driver.press_key(app, pygame.K_PAGEUP)
    assert scene.position == review.trick_ends()[0]
    driver.click_button(app, "Previous trick")
    assert scene.position == 0
    driver.press_key(app, pygame.K_END)
    assert scene.position == review.last_position
    driver.press_key(app, pygame.K_HOME)
    assert scene.position == 0
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"


@pytest.mark.slow
def test_swipes_turn_steps_and_play_runs_to_the_end():
    app = open_review(random_record("28", "swipe"), PORTRAIT, step=5)
    scene = app.scene
    assert scene.position == 5
    board = scene.plan.slots[0]
    driver.drag(app, (board[0] + 150, board[1]), (board[0] - 150, board[1]))  # to the left: forward
    assert scene.position == 6
    driver.drag(app, (board[0] - 150, board[1]), (board[0] + 150, board[1]))
    assert scene.position == 5
    driver.drag(app, (board[0], board[1] - 150), (board[0], board[1] + 150))  # up and down: nothing
    assert scene.position == 5
    driver.click_button(app, "Play")
    assert scene.playing and driver.button(app, "Pause")
    driver.frames(app, 130)  # about a step a second
    assert 6 <= scene.position <= 8
    driver.run_until(app, lambda: not scene.playing, 60 * 80)
    assert scene.position == scene.review.last_position and driver.button(app, "Play") is None


def test_a_link_opens_at_a_step_and_plays_by_itself():
    record = random_record("schieber", "link")
    app = open_review(record, step=9, autoplay=True)
    assert app.scene.position == 9 and app.scene.playing
    driver.frames(app, 80)
    assert app.scene.position == 10
    far = open_review(record, step=10_000)
    assert far.scene.position == far.scene.review.last_position and not far.scene.playing


@pytest.mark.parametrize("record, reason", [
    ({"game": "chess", "dealer": 0, "hands": []}, "unknown game"),
    ({"game": "28", "dealer": 0, "hands": [["JS"] * 8] * 4}, "dealt twice"),
    (None, "must be a JSON object"),
])
def test_a_broken_record_is_refused_with_a_notice(record, reason):
    app = open_review(record)
    assert app.scene.name == "review" and app.scene.review is None
    assert any(reason in item for item in app.banner.items)
    driver.click_button(app, "Close")
    assert app.scene.name == "menu"


def test_an_illegal_action_in_a_record_is_refused_by_its_rule():
    record = random_record("304", "bad")
    record["actions"][3] = [record["actions"][3][0], "play JS" if record["actions"][3][1] != "play JS" else "bid 990"]
    app = open_review(record)
    assert app.scene.review is None and app.banner.items


# ---- what an AI seat weighed ---------------------------------------------------------------------
def usual(text):
    """A rule-based reason as game.ai.hint writes it: "Play TD: follow suit; it is the usual play here."."""
    return {"msgid": "{action}: {why}; {outlook}.",
            "values": {"action": text[0].upper() + text[1:], "why": {"msgid": "follow suit", "values": {}},
                       "outlook": {"msgid": "it is the usual play here", "values": {}}}}


def weighed(record, k, reason=None, bid_noise=False, **extra):
    """``record`` with a note (docs/records.md) for its action ``k``: every legal action of the
    acting seat weighed, the one taken with the best estimate."""
    hand = replayed(record, k)
    seat, text = record["actions"][k]
    others = sorted(t for t in (A.action_text(a, hand.DECK) for a in hand.legal_actions()) if t != text)
    choices = [{"action": text, "value": 7.1, "margin": 0.9, "points": 15.2, "made": 0.64 if bid_noise else None,
                "samples": 89}]
    for i, other in enumerate(others):
        # a bid with a higher mean but more noise still ranks below: value - margin decides bids
        value, margin = (7.5, 1.5) if bid_noise and i == 0 else (5.5 - i, 0.8)
        choices.append({"action": other, "value": value, "margin": margin, "points": 14.3 - i, "made": None,
                        "samples": 89})
    note = {"index": k, "seat": seat, "level": "normal", "action": text, "worlds": 89, "choices": choices,
            "reason": reason or usual(text)}
    note.update(extra)
    return {**record, "annotations": [note, {"index": "x"}, "junk", {"index": 10_000}]}


def ai_play(record, options=2):
    """The first card an AI seat plays with at least ``options`` legal actions."""
    for k, (seat, text) in enumerate(record["actions"]):
        if seat != 0 and text.startswith("play") and len(replayed(record, k).legal_actions()) >= options:
            return k
    raise AssertionError("no such play")


def shown_note(app, position):
    """Everything the review's Why? panel shows at ``position``."""
    scene = app.scene
    scene.go_to(position)
    driver.click_button(app, "Why?")
    assert scene.show_note
    driver.frames(app, 1)
    note = scene.review.note(position)
    return note, scene.review.note_lines(note), scene.review.note_rows(note)


def draw_why(app, position, code):
    """Draw the review at ``position`` with its Why? panel open, in the language ``code``."""
    set_language(code)
    scene = app.scene
    scene.go_to(position)
    scene.show_note = True
    scene.draw(app.screen)


def unknown_cards(record, k, swiss):
    """The names of the cards the seat acting at ``k`` could not know then: the others' hands."""
    hand = replayed(record, k)
    view = hand.observation(hand.turn)
    hidden = [c for s in range(4) if s != hand.turn for c in hand.observation(s).hand]
    return [names.card_name(c, swiss) for c in hidden if c not in view.hand]


@pytest.mark.parametrize("game", list(GAMES))
def test_why_shows_the_choice_with_the_best_estimate_and_no_card_the_seat_could_not_know(game):
    record = random_record(game, "why")
    k = ai_play(record)
    seat, text = record["actions"][k]
    app = open_review(weighed(record, k))
    scene, swiss = app.scene, GAMES[game].DECK.family == "swiss"
    assert driver.button(app, "Why?") is None  # nothing weighed at the deal
    note, lines, rows = shown_note(app, k + 1)
    taken = names.action_phrase(A.parse_action(text, GAMES[game].DECK), swiss)
    assert lines[0] == f"{scene.review.ui.seat(seat)} weighed 89 deals it imagined"
    assert lines[1] == f"{taken}: follow suit; it is the usual play here."
    m = scene.review.moments[k + 1]  # then the rule that let the card be played, as the engine says it
    assert lines[2] == f"The rule: {m.actor_view.why_allowed(m.action).reason}." and len(lines) == 3
    assert rows[0] == (taken, "15.2", "")  # the action taken, with the best estimate, first
    ranks = [c.rank for c in note.choices]
    assert ranks[0] == max(ranks) and ranks[1:] == sorted(ranks[1:], reverse=True)
    shown = " ".join(lines + [cell for row in rows for cell in row])
    assert not [name for name in unknown_cards(record, k, swiss) if name in shown]
    driver.press_key(app, pygame.K_RIGHT)  # the next step has no note: the panel closes
    assert not scene.show_note and driver.button(app, "Why?") is None


def test_a_bid_is_best_by_its_estimate_less_its_noise():
    record = random_record("28", "why-bid")
    k = next(i for i, (seat, text) in enumerate(record["actions"])
             if seat != 0 and text.startswith("bid") and len(replayed(record, i).legal_actions()) > 2)
    app = open_review(weighed(record, k, bid_noise=True))
    note, _lines, rows = shown_note(app, k + 1)
    assert note.choices[1].value > note.choices[0].value and note.choices[0].rank > note.choices[1].rank
    assert rows[0][2] == "64%"  # the chance its side makes the bid


def hidden_card_text(record, k):
    """The action text of a card another seat holds at ``k``."""
    hand = replayed(record, k)
    other = next(c for s in range(4) if s != hand.turn for c in hand.observation(s).hand)
    return A.action_text(other, hand.DECK)


@pytest.mark.parametrize("change", ["another seat's card", "not the best", "another seat", "another action",
                                    "a choice twice", "no figures", "not a list", "a choice not an object",
                                    "the action taken not weighed", "no action", "an action past any deck",
                                    "a long action"])
def test_a_note_the_seat_could_not_have_made_is_not_shown(change):
    record = random_record("304", "why-not")
    k = ai_play(record, 3)
    annotated = weighed(record, k)
    note = annotated["annotations"][0]
    seat, text = record["actions"][k]
    if change == "another seat's card":
        note["choices"][-1]["action"] = hidden_card_text(record, k)
    elif change == "not the best":
        note["choices"][1]["value"] = 9.0
    elif change == "another seat":
        note["seat"] = (seat + 1) % 4
    elif change == "another action":
        note["action"] = note["choices"][1]["action"]
    elif change == "a choice twice":
        note["choices"].append(dict(note["choices"][1]))
    elif change == "no figures":
        note["choices"][1]["value"] = "a lot"
    elif change == "a choice not an object":
        note["choices"][1] = "play AS"
    elif change == "the action taken not weighed":
        note["choices"] = note["choices"][1:]
    elif change == "no action":
        note["choices"][1]["action"] = None
    elif change == "an action past any deck":
        note["choices"][1]["action"] = "play 1X"
    elif change == "a long action":
        note["choices"][1]["action"] = "play " + "A" * 60
    else:
        note["choices"] = "play AS"
    app = open_review(annotated)
    assert app.scene.review.note(k + 1) is None
    app.scene.go_to(k + 1)
    assert driver.button(app, "Why?") is None  # disabled: nothing to show


@pytest.mark.parametrize("reason", ["names another seat's card", "unknown message", "a word for a figure"])
def test_a_reason_that_is_not_the_ais_is_left_out_and_the_figures_stay(reason):
    record = random_record("304", "why-reason")
    k = ai_play(record, 3)
    hidden = hidden_card_text(record, k)
    text = record["actions"][k][1]
    if reason == "names another seat's card":
        bad = {"msgid": "{action}: about {gain} points better for your side than {other}, over {worlds} deals "
                        "the AI imagined.", "values": {"action": text, "other": hidden, "gain": "2", "worlds": 89}}
    elif reason == "unknown message":
        bad = {"msgid": "{action}: East holds " + hidden[5:], "values": {"action": text}}
    else:
        bad = usual(text)
        bad["values"]["outlook"] = {"msgid": "your side should take about {points} of {total} points",
                                    "values": {"points": "the Jack of Clubs", "total": "304"}}
    app = open_review(weighed(record, k, reason=bad))
    note, lines, rows = shown_note(app, k + 1)
    assert note.reason is None and len(lines) == 2 and lines[1].startswith("The rule: ") and len(rows) >= 3
    shown = " ".join(lines + [cell for row in rows for cell in row])
    assert not [name for name in unknown_cards(record, k, False) if name in shown]


def test_a_note_cannot_format_its_way_into_the_game():
    record = random_record("400", "hostile")
    k = ai_play(record)
    hostile = {"msgid": "{0} {action.__class__} {worlds} {x}" + "y" * 2000,
               "values": {"worlds": "z" * 500, "action": 5, "x": {"msgid": "{x}", "values": {}}}}
    app = open_review(weighed(record, k, reason=hostile))
    note, lines, _rows = shown_note(app, k + 1)
    assert note.reason is None and not any("{" in line or "zzz" in line for line in lines)
    deep = usual(record["actions"][k][1])
    for _ in range(5):  # nested deeper than any reason the AI writes
        deep = {"msgid": "{action}: {why}; {outlook}.", "values": {"why": deep, "outlook": deep}}
    assert ai_notes.checked({**weighed(record, k)["annotations"][0], "reason": deep},
                            replayed(record, k).observation(record["actions"][k][0]),
                            A.parse_action(record["actions"][k][1], GAMES["400"].DECK), GAMES["400"].DECK).reason is None


# ---- the hand history and the ways in -----------------------------------------------------------
def play_hands(store, game, count, seed=3):
    session = Session(game, {}, seed, "easy", (0,), store)
    rng = random.Random(seed)
    for _ in range(count):
        while not session.hand.is_over():
            session.apply(rng.choice(session.hand.legal_actions()))
        if session.over:
            session = Session(game, {}, seed + len(store.recent_hands(game)), "easy", (0,), store)
        else:
            session.next_hand()
    return session


@pytest.mark.slow
def test_the_store_keeps_each_games_last_twenty_hands_in_a_blob_of_its_own():
    backend = MemoryBackend()
    store = Store(backend)
    play_hands(store, "400", 3)
    first = store.recent_hands("400")[-1]
    play_hands(store, "400", HISTORY_KEEP + 2, seed=4)
    play_hands(store, "28", 2)
    kept = store.recent_hands("400")
    assert len(kept) == HISTORY_KEEP and first not in kept and len(store.recent_hands("28")) == 2
    assert all(HandReview(r).complete for r in kept)
    blob = json.loads(backend.load("history"))
    assert blob["kind"] == "history" and set(blob["data"]) == {"400", "28"}
    assert "history" not in json.loads(backend.load("match"))["data"]  # the save format is untouched
    again = Store(backend)
    assert again.recent_hands("400") == kept


def test_the_history_keeps_the_notes_of_its_newest_hands_within_a_budget():
    backend = MemoryBackend()
    store = Store(backend)
    record = random_record("28", "notes")
    for n in range(HISTORY_KEEP + 3):
        store.add_hand("28", {**record, "annotations": [{"index": 0, "n": n, "text": "x" * 10_000}]})
    kept = store.recent_hands("28")  # the newest first
    with_notes = [r for r in kept if "annotations" in r]
    assert len(kept) == HISTORY_KEEP and kept[0]["annotations"][0]["n"] == HISTORY_KEEP + 2
    assert kept[:len(with_notes)] == with_notes  # the newest keep them, the older lose them
    assert len(with_notes) == HISTORY_NOTES_CHARS // 10_050
    assert all(r == record for r in kept[len(with_notes):])  # and are the same hands otherwise
    assert Store(backend).recent_hands("28") == kept


def test_a_broken_history_is_set_aside_with_a_notice():
    backend = MemoryBackend()
    backend.save("history", json.dumps({"version": 1, "kind": "history", "data": {"28": "nonsense"}}))
    store = Store(backend)
    assert store.recent_hands("28") == [] and "history" in store.kept_aside
    assert any("hand history" in str(n) for n in store.notices)


def test_recent_hands_from_the_statistics_open_in_the_review():
    app = driver.make_app(PORTRAIT, {"game": "304"})
    play_hands(app.store, "304", 3)
    newest = app.store.recent_hands("304")[0]
    app.go("menu")
    driver.click_button(app, "Statistics")
    driver.click_button(app, "Recent hands", driver.tap)
    assert app.scene.name == "recent-hands" and len(app.scene.rows) == 3
    driver.tap(app, app.scene.rows[0].rect.center)
    assert app.scene.name == "review" and app.scene.review.record == newest
    driver.click_button(app, "Close")
    assert app.scene.name == "recent-hands"
    driver.click_button(app, "400")
    assert app.scene.game == "400" and app.scene.rows == []


def test_the_hand_result_opens_the_hand_just_played():
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0})
    session = play_hands(None, "schieber", 0)
    rng = random.Random(1)
    while not session.hand.is_over():
        session.apply(rng.choice(session.hand.legal_actions()))
    app.go("menu")
    app.go("hand-result", session=session)
    driver.click_button(app, "Review")
    assert app.scene.name == "review" and app.scene.review.record == session.hand.record()
    driver.press_key(app, pygame.K_ESCAPE)
    assert app.scene.name == "hand-result"


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_place_is_on_screen_and_phone_sized(size, game):
    """Buttons at least TOUCH square, text at least TEXT_MIN, nothing off the canvas, the seats'
    cards clear of one another and of the trick, in both orientations and in Arabic."""
    set_language("ar")
    app = open_review(random_record(game, "sizes"), size)
    scene, plan = app.scene, app.scene.plan
    screen = pygame.Rect((0, 0), size)
    for w in scene.widgets:
        assert w.rect.width >= TOUCH and w.rect.height >= TOUCH and screen.contains(w.rect), w.label
    assert min(plan.small, plan.text, plan.heading) >= TEXT_MIN
    slots = [pygame.Rect(0, 0, plan.trick_w, round(plan.trick_w * 1.4)) for _ in range(4)]
    for rect, seat in zip(slots, range(4)):
        rect.center = plan.slots[seat]
    trick = slots[0].unionall(slots[1:])
    for seat, rect in plan.hands.items():
        assert screen.contains(rect) and not rect.colliderect(trick), seat
        assert not any(rect.colliderect(other) for s, other in plan.hands.items() if s != seat), seat
        assert not any(rect.colliderect(w.rect) for w in scene.widgets)
    for k in range(0, scene.review.last_position + 1, 7):  # drawn in Arabic at every stage
        scene.go_to(k)
        driver.frames(app, 1)


# The widest scores make the longest deal codes (400: 68 characters with the result).
WIDEST = {"304": [1, 21], "28": [-99999, 99999], "400": [-99999, 99999, -99998, 99998], "schieber": [2999, 0]}


def widest_record(game):
    """A hand of ``game`` from the widest score, played with random legal actions."""
    record = {**random_record(game, "widest"), "score": WIDEST[game], "actions": []}
    hand = hand_from_record(record)
    rng = random.Random(5)
    while not hand.is_over():
        hand.apply(rng.choice(hand.legal_actions()))
    return hand.record()


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_deal_code_and_the_link_fit_in_every_language(size, game):
    """The deal code in the middle of the table (clear of every hand, name and button) and under
    the final breakdown (below the score), the link button's words at the review's smallest text
    or larger, the link over the table inside its panel: in both orientations and every language."""
    from test_i18n import CODES

    app = open_review(widest_record(game), size)
    scene, plan = app.scene, app.scene.plan
    assert len(scene.deal_code) >= {"400": 60, "schieber": 44}.get(game, 36)
    placed = []  # languages whose deal code goes to the column
    column = plan.info.inflate(-28, -28)
    for code in CODES:
        set_language(code)
        scene.build()
        link = next(w for w in scene.widgets if w.on_click == scene.copy_link)
        assert link.enabled and link.rect.width >= TOUCH
        font, lines = link.label_lines()  # on one line, else wrapped inside the button
        assert font >= TEXT_MIN and all(kit.text.width(line, font, True) <= link.rect.width - 16 for line in lines)
        assert sum(gfx.text(line, font, bold=True).get_height() for line in lines) <= link.rect.height - 8, code
        scene.go_to(0)
        screen = scene.screen()
        if screen.code == "column":  # names too long to leave it the middle: the code goes to the column
            placed.append(code)
            assert layout.code_height(plan, scene.deal_code, column.width) + 16 + 3 * int(plan.small * 1.3) \
                <= column.height
        else:
            assert screen.code == "middle" and plan.centre.contains(screen.code_box), (code, screen.code_box)
            box = layout.centre_code_box(plan, scene.review.ui, scene.deal_code, scene.review.moment(0).obs)
            assert box.contains(screen.code_box)
            for other in list(plan.hands.values()) + list(screen.names.values()) + [w.rect for w in scene.widgets]:
                assert not box.colliderect(other), (code, box, other)
        scene.go_to(scene.review.last_position)
        screen = scene.screen()
        if plan.code_beside:  # sideways: in the column, which is empty but for the score
            assert screen.code == "column"
            assert layout.code_height(plan, scene.deal_code, column.width) + 16 + 3 * int(plan.small * 1.3) \
                <= column.height
        else:
            assert screen.code == "summary" and screen.score_end + 12 <= screen.code_top, code
        scene.shown_link = scene.moment_link()
        driver.frames(app, 1)
        panel = plan.overlay.inflate(-40, -32)
        assert layout.field_height(plan, scene.shown_link, panel.width) + plan.heading + 20 <= panel.height
    set_language("en")
    assert len(placed) <= 2 and "en" not in placed and (size == LANDSCAPE or not placed), placed


@pytest.mark.slow
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_the_review_in_every_language_overflows_nothing(monkeypatch, size):
    from test_i18n import CODES, Overflow
    from test_review_layout import faults

    overflow = Overflow(monkeypatch)
    found = []
    app = review_app(size)
    play_hands(app.store, "28", 2)
    app.go("menu")
    app.go("recent-hands", game="28")
    for game in GAMES:
        record = random_record(game, "languages", OPTIONS[game][-1])
        k = next(i for i, (seat, _t) in enumerate(record["actions"]) if seat)
        app.go("review", record=weighed(record, k))
        scene = app.scene
        assert scene.review.note(k + 1) is not None
        for position in (0, k + 1, scene.review.trick_ends()[0], scene.review.last_position):
            for code in CODES:
                set_language(code)
                scene.go_to(position)
                scene.show_note = position == k + 1
                scene.draw(app.screen)  # at the deal and the end with the deal code
                found += [(code, game, position) + f for f in faults(scene.screen(), size)]
                scene.shown_link = scene.moment_link() if position == 0 else None
                scene.draw(app.screen)  # the link over the table
                found += [(code, game, position) + f for f in faults(scene.screen(), size)]  # the review's own text
                found += [(code, game, position) + p for p in overflow.problems]  # its buttons
                overflow.problems.clear()
        app.back()
    for code in CODES:
        set_language(code)
        app.scene.build()
        app.scene.draw(app.screen)
        found += [(code, "recent hands") + p for p in overflow.problems]
        overflow.problems.clear()
    assert overflow.count > 500
    assert not found, "\n".join(map(repr, found[:30])) + f"\n({len(found)} in all)"


@pytest.mark.slow
@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_every_reason_line_the_ai_writes_fits_the_review_in_every_language(monkeypatch, size):
    """Each line ``reasons.py`` can write, translated, fits the Why? panel's width and leaves
    room below it for the choice taken and the next best, in every language."""
    from test_i18n import CODES, Overflow

    lines = [m for m, places in extracted().items() if any(p == "game/ai/reasons.py" for p, _ in places)]
    assert len(lines) >= 6
    overflow = Overflow(monkeypatch)
    found = []
    app = review_app(size)
    app.go("menu")
    record = random_record("400", "reasons", OPTIONS["400"][-1])
    k = ai_play(record)
    for msgid in lines:
        annotated = weighed(record, k)
        note = annotated["annotations"][0]
        figures = {"action": note["action"], "other": note["choices"][1]["action"], "worlds": 2562,
                   "gain": "12", "fewer": "12", "percent": "64%", "other_percent": "58%"}
        assert set(re.findall(r"\{(\w+)\}", msgid)) <= set(figures), msgid  # every place filled
        note["reason"] = {"msgid": msgid, "values": {key: v for key, v in figures.items() if f"{{{key}}}" in msgid}}
        app.go("review", record=annotated)
        scene = app.scene
        assert scene.review.note(k + 1).reason is not None, msgid
        for code in CODES:
            draw_why(app, k + 1, code)
            found += [(code, msgid[:40]) + p for p in overflow.problems]
            overflow.problems.clear()
            tables = [len(rows) for _header, rows in scene.screen().tables]  # the choices under the reason
            if not tables or min(tables) < min(2, len(note["choices"])):
                found.append((code, msgid[:40], "choices shown", tuple(tables)))
        app.back()
    assert overflow.count > 50
    assert not found, "\n".join(map(repr, found[:30])) + f"\n({len(found)} in all)"


# ---- a long press on an AI card of the last trick at the table ----------------------------------
def held(app, pos, seconds):
    """A mouse press at ``pos`` held ``seconds``, then released."""
    driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)])
    driver.frames(app, max(1, round(seconds / driver.DT)))
    driver.frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)])


def table_after_a_trick(game="28"):
    """A table whose first trick is over, with the cards of its AI seats noted as weighed."""
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0, "ai_level": "easy", "trick_wait": 1.0})  # a trick goes by itself
    app.go("menu")
    session = Session(game, {}, 21, "easy", (0,), app.store)
    app.go("table", session=session)
    scene = app.scene
    with driver.unseen(app):  # the set-up's frames show nothing the tests check: not drawn
        while not (scene.obs.tricks and not scene.state.busy() and scene.human_turn()):
            if scene.human_turn():
                scene.submit(scene.obs.legal[0])
            driver.frames(app, 1)
    record = session.hand_record()
    leader, cards, _winner = scene.obs.tricks[-1]
    played = {}
    for k, (seat, text) in enumerate(record["actions"]):
        if seat != 0 and text.startswith("play ") and A.parse_action(text, GAMES[game].DECK) in cards:
            note = weighed(record, k)["annotations"][0]
            session.notes[k] = {key: v for key, v in note.items() if key != "index"}
            played[seat] = (k, text)
    return app, scene, session, record, played


def test_a_long_press_on_an_ai_card_in_the_last_trick_shows_its_reason():
    app, scene, session, record, played = table_after_a_trick()
    seat, (k, text) = next(iter(played.items()))
    card = A.parse_action(text, GAMES["28"].DECK)
    pos = scene.layout.trick_pos[seat]
    driver.press_key(app, pygame.K_l)
    assert scene.state.show_last
    held(app, pos, 0.1)  # a short tap closes the last trick, as before
    assert not scene.state.show_last and scene.why.lines is None
    driver.press_key(app, pygame.K_l)
    held(app, pos, 0.7)
    taken = names.action_phrase(card)
    assert scene.state.show_last and scene.why.lines  # the trick stays, with the reason
    assert scene.why.lines[0] == f"{scene.ui.seat(seat)} weighed 89 deals it imagined"
    assert scene.why.lines[1] == f"{taken}: follow suit; it is the usual play here."
    assert scene.why.lines[2] == f"{taken} · 15.2"  # the choice taken, the best estimate, first
    note = scene.why.note(seat, card)
    assert note.choices[0].rank == max(c.rank for c in note.choices)
    assert not [name for name in unknown_cards(record, k, False) if name in " ".join(scene.why.lines)]
    driver.frames(app, 2)  # drawn
    driver.click(app, (10, 10))  # a tap closes the reason, the next one the trick
    assert scene.state.show_last and scene.why.lines is None
    driver.click(app, (10, 10))
    assert not scene.state.show_last
    kept = {n["index"]: n for n in session.hand_record()["annotations"]}  # with the AI's own notes of the hand
    assert all(kept[k] == {"index": k, **session.notes[k]} and kept[k]["worlds"] == 89 for k, _t in played.values())


def test_a_long_press_shows_the_bid_s_chance_where_the_note_counted_it():
    """304 and Twenty-Eight's cards carry the bid in play's chance: the long press lists it
    beside the points, under the review's heading for it."""
    app, scene, session, record, played = table_after_a_trick()
    seat, (k, text) = next(iter(played.items()))
    for i, c in enumerate(session.notes[k]["choices"]):
        c["made"] = 0.64 - 0.05 * i  # (a chance outside 0-1 would make the note one the AI could not have made)
    driver.press_key(app, pygame.K_l)
    held(app, scene.layout.trick_pos[seat], 0.7)
    taken = names.action_phrase(A.parse_action(text, GAMES["28"].DECK))
    assert scene.why.lines[2] == f"{taken} · 15.2 · Bid made 64%"


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_the_ai_at_the_table_notes_what_it_weighed_and_the_review_and_long_press_show_it(game):
    """Real thinkers (no stand-in): every AI action of a hand played at the table carries its
    note in the hand's record, each one the review accepts (ai_notes), its Why? shows, and a
    long press on an AI card of the last trick shows its reason."""
    app = driver.make_app(LANDSCAPE, {"anim_speed": 4.0, "ai_level": "easy"})
    app.go("menu")
    for seed in range(8, 30):  # a hand that is played (not thrown in before a trick)
        session = Session(game, {}, seed, "easy", (0,), app.store)
        app.go("table", replace=True, session=session)
        scene = app.scene
        with driver.unseen(app):  # (frames not drawn: what is checked is the notes and the reason shown after)
            for _frame in range(5000):  # the player plays as the rule-based AI would, to the first trick's end
                if app.scene is not scene or scene.obs.tricks and (scene.state.waiting_for_tap()  # (it would wait for ever)
                                                                   or not scene.state.busy() and scene.human_turn()):
                    break
                if scene.human_turn() and not scene.state.busy():
                    scene.submit(baseline_action(scene.obs))
                driver.frames(app, 1)
        if app.scene is scene:
            break
    assert app.scene is scene and scene.obs.tricks
    leader, cards, _winner = scene.obs.tricks[-1]
    seat = 1
    card = cards[(seat - leader) % 4]
    driver.press_key(app, pygame.K_l)
    held(app, scene.layout.trick_pos[seat], 0.7)
    assert scene.state.show_last and scene.why.lines, "the long press showed no reason"
    assert scene.why.note(seat, card).action == card
    assert scene.why.lines[0].startswith(f"{scene.ui.seat(seat)} ")  # who weighed it
    driver.click(app, (10, 10))
    driver.click(app, (10, 10))
    session.humans = frozenset()  # the AI plays seat 0 too, to the end (its notes, not the pictures: not drawn)
    with driver.unseen(app):
        assert driver.run_until(app, lambda: app.scene.name == "hand-result", 60000)
    record = session.hand_record()
    noted = {n["index"] for n in record["annotations"]}
    assert {k for k, (s, _t) in enumerate(record["actions"]) if s != 0} <= noted  # each AI seat's action
    review = HandReview(record)
    assert set(review.notes) == noted  # every note is one the seat could have made, by the AI's own rule
    assert any(note.worlds > 0 for note in review.notes.values())  # searched, not only by rule
    dropped = [n for n in record["annotations"] if review.notes[n["index"]].reason is None]
    assert not dropped, json.dumps(dropped[:2], ensure_ascii=False)  # and its reason in words
    k = max(noted)
    app.go("review", record=record, step=k + 1)
    driver.click_button(app, "Why?")
    assert app.scene.show_note and app.scene.review.note_lines(app.scene.review.note(k + 1))


def test_a_long_press_on_the_players_own_card_or_a_card_without_a_note_is_a_tap():
    app, scene, session, _record, played = table_after_a_trick()
    leader, cards, _winner = scene.obs.tricks[-1]
    driver.press_key(app, pygame.K_l)
    held(app, scene.layout.trick_pos[0], 0.7)
    assert not scene.state.show_last and scene.why.lines is None
    session.notes.clear()
    driver.press_key(app, pygame.K_l)
    held(app, scene.layout.trick_pos[next(iter(played))], 0.7)
    assert not scene.state.show_last and scene.why.lines is None


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_a_card_s_chances_for_the_bid_in_play_are_headed_so_in_every_language(monkeypatch, size):
    """In 304 and Twenty-Eight's trick play a note's choices carry the bid in play's chance: the
    Why? panel heads that column "Bid made" (a bid's own chance is "Makes it") and shows it."""
    from test_i18n import CODES, Overflow
    from game.i18n import _

    record = random_record("28", "chances")
    k = ai_play(record)
    annotated = weighed(record, k)
    for i, c in enumerate(annotated["annotations"][0]["choices"]):
        c["made"] = 0.64 - 0.1 * i
    overflow = Overflow(monkeypatch)
    app = review_app(size)
    app.go("menu")
    app.go("review", record=annotated)
    for code in CODES:
        draw_why(app, k + 1, code)
        header, rows = app.scene.screen().tables[-1]
        assert header[-1] == _("Bid made") != _("Makes it") and rows[0][-1] == "64%", code
    assert overflow.count > 10 and not overflow.problems


def test_the_why_panel_and_the_link_close_with_a_tap_beside_them_or_escape_and_space_plays():
    """Why? open: a tap beside it closes it (the step stays), Escape closes it without leaving
    the review; the link shown closes the same ways (Escape takes the notice over it first); with nothing
    focused, Space starts and stops playing the hand through."""
    record = random_record("28", "why")
    k = ai_play(record)
    app = open_review(weighed(record, k))
    scene = app.scene
    shown_note(app, k + 1)
    beside = (12, app.layout.size[1] // 2)
    driver.click(app, beside)
    assert not scene.show_note and scene.position == k + 1
    driver.click_button(app, "Why?")
    driver.press_key(app, pygame.K_ESCAPE)
    assert not scene.show_note and app.scene is scene
    driver.click_button(app, "Link to this moment")
    assert scene.shown_link and app.banner.items  # the desktop says where the link went
    driver.click(app, beside)
    assert not scene.shown_link
    driver.click_button(app, "Link to this moment")
    driver.press_key(app, pygame.K_ESCAPE)
    assert scene.shown_link and not app.banner.items  # Escape takes the notice first,
    driver.press_key(app, pygame.K_ESCAPE)
    assert not scene.shown_link and app.scene is scene  # then the link
    scene.focus = -1
    driver.press_key(app, pygame.K_SPACE)
    assert scene.playing
    driver.press_key(app, pygame.K_SPACE)
    assert not scene.playing
