"""The hand review's layout apart from its drawing (issue 50): ``review.layout.lay_out`` places
every panel, card and line of text of a position from the review's regions through the kit, and
``review.view.ReviewView`` only draws what it returns.  The layout is a function of the review's
state, the canvas and the language; drawing measures nothing; nothing covers anything else at
the phone canvases in any language."""

import dataclasses
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import pygame
import pytest

from game.engine import GAMES
from game.engine.records import random_record
from game.i18n import LANGUAGES, _, set_language
from game.ui import fonts, kit
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.review import layout
from game.ui.review.layout import TEXT_MIN, Panel, lay_out
from harness import driver
from review_survey import faults, survey
from test_review import OPTIONS, weighed, widest_record

PHONES = [(720, 1558), (1558, 720)]  # the canvas on a phone, upright and sideways (docs/table-design.md)


def reviews(size):
    """An app at ``size`` and, per game, a random hand and one from the widest scores, each with
    a note on its first AI action; yields (scene, the note's position)."""
    app = driver.make_app(size, {"anim_speed": 1.0})
    app.go("menu")
    for game in GAMES:
        for record in (random_record(game, "layout", OPTIONS[game][-1]), widest_record(game)):
            k = next(i for i, (seat, _t) in enumerate(record["actions"]) if seat)
            app.go("review", record=weighed(record, k))
            yield app.scene, k + 1
            app.back()


def positions(scene, noted):
    review = scene.review
    return sorted({0, 1, noted, review.trick_ends()[0], review.last_position // 2, review.last_position})


def screens(scene, noted, position):
    """The screens of ``position``: plain, with Why? open where there is a note, with the link shown."""
    link = "https://example.org/trick-table/#r=" + "Q" * 96
    for show_note, shown_link in ((False, None), (position == noted, None), (False, link)):
        scene.go_to(position)
        scene.show_note, scene.shown_link = show_note, shown_link
        yield scene.screen()


@pytest.mark.parametrize("size", PHONES, ids=["upright", "sideways"])
def test_nothing_covers_anything_at_the_phone_canvases_in_every_language(size):
    found = []
    count = 0
    try:
        for scene, noted in reviews(size):
            for code in LANGUAGES:
                set_language(code)
                for position in positions(scene, noted)[::2] if code != "en" else positions(scene, noted):
                    for screen in screens(scene, noted, position):
                        count += 1
                        buttons = [w.rect for w in scene.widgets]
                        found += [(code, scene.review.hand.GAME, position) + f for f in faults(screen, size, buttons)]
    finally:
        set_language("en")
    assert count > 500
    assert not found, "\n".join(map(repr, found[:30])) + f"\n({len(found)} in all)"


MEASURES = ["width", "widest", "height", "band", "picture_size", "ink", "ink_offset", "rect", "badge", "badge_box",
            "fit_size", "ellipsize", "fit_line", "fit", "wrap", "wrap_even", "wrap_anywhere", "line_step", "largest"]


def busy_review(size):
    """A review scene at ``size`` on a 304 hand from the widest scores (long deal code), noted."""
    record = widest_record("304")
    k = next(i for i, (seat, _t) in enumerate(record["actions"]) if seat)
    app = driver.make_app(size, {"anim_speed": 1.0})
    app.go("menu")
    app.go("review", record=weighed(record, k))
    return app, app.scene, k + 1


@pytest.mark.parametrize("size", PHONES, ids=["upright", "sideways"])
def test_the_layout_needs_no_surface_and_drawing_measures_nothing(monkeypatch, size):
    """Every screen of a hand is laid out before anything is drawn (no surface is asked for);
    then, with every measuring function of the kit and the fonts made to fail, it is drawn."""
    app, scene, noted = busy_review(size)
    review, plan = scene.review, scene.plan
    laid = [lay_out(plan, review.ui, review, position, scene.deal_code, position == noted, link)
            for position in range(review.last_position + 1) for link in (None, "https://example.org/#r=ABC")]
    assert any(screen.trick for screen in laid) and any(screen.code == "middle" for screen in laid)
    assert any(screen.tables for screen in laid) and any(screen.score_end for screen in laid)

    def measured(*_a, **_k):
        raise AssertionError("drawing measured text")

    for name in MEASURES:
        monkeypatch.setattr(kit.text, name, measured)
    monkeypatch.setattr(fonts, "size", measured)
    blank = pygame.Surface(size)
    for screen in laid:
        surf = pygame.Surface(size)
        scene.view.draw(surf, screen)
        assert pygame.image.tobytes(surf, "RGB") != pygame.image.tobytes(blank, "RGB")
    monkeypatch.undo()
    scene.go_to(noted)
    scene.draw(app.screen)  # the scene draws what it laid out, and measures only its buttons


def test_the_layout_is_a_function_of_the_state_the_canvas_and_the_language():
    app, scene, noted = busy_review(PHONES[0])
    review = scene.review
    try:
        def screen(size=PHONES[0], position=noted, note=True):
            return lay_out(layout.plan(size, review.cards_each), review.ui, review, position, scene.deal_code, note)

        first = screen()
        assert screen() == first and screen(note=False) != first and screen(position=0) != first
        assert screen(PHONES[1]) != first and screen(PORTRAIT) != first
        set_language("de")
        german = screen()
        assert german != first and [t.text for t in german.texts()] != [t.text for t in first.texts()]
        set_language("en")
        assert screen() == first
        # the scene lays a position out again when what it shows or the language changes
        scene.go_to(noted)
        scene.show_note = True
        assert scene.screen() == first and scene.screen() is scene.screen()
        set_language("de")
        assert scene.screen() == german
        scene.show_note = False
        assert scene.screen() == screen(note=False)
    finally:
        set_language("en")


def test_a_badge_lies_beside_its_card_never_on_a_face():
    """The trump card in its owner's hand and a card played face down (304) carry their badge
    below, above or beside them, on no card (the table's rule, docs/table-design.md)."""
    from game.ui.review.hand import HandReview

    records = [widest_record("304")] + [random_record(game, f"badges-{n}") for game in ("304", "28") for n in range(3)]
    for size in PHONES + [LANDSCAPE, PORTRAIT]:
        seen = set()
        for record in records:
            review = HandReview(record)
            p = layout.plan(size, review.cards_each)
            for position in range(review.last_position):
                screen = lay_out(p, review.ui, review, position)
                badges = [t for t in screen.texts() if t.box is not None and t.text in (_("trump"), _("face down"))
                          and any(isinstance(i, Panel) and i.rect == t.box for i in screen.items)]
                for badge in badges:
                    seen.add(badge.text)
                    assert not any(badge.box.colliderect(card.rect) for card in screen.cards()), (size, position)
                    assert any(badge.box.inflate(40, 40).colliderect(card.rect) for card in screen.cards())  # beside one
        assert seen == {"trump", "face down"}, (size, seen)


def test_the_review_survey_finds_nothing_in_a_sample_and_sees_what_is_planted():
    """tools/review_survey.py over a bounded sample (Arabic and Tamil, the phone canvases), and
    its check sees a badge moved onto its card, a line moved onto another, a text off the canvas
    or under the floor, and a name plate on a button."""
    count, found = survey(96, seed=3, langs=["ar", "ta"], canvases=["upright", "sideways"])
    assert count >= 96 and not found, found[:10]
    app, scene, _noted = busy_review(PHONES[1])
    position = next(k for k in range(scene.review.last_position) if any(
        t.text == "trump" for t in lay_out(scene.plan, scene.review.ui, scene.review, k).texts()))
    screen = lay_out(scene.plan, scene.review.ui, scene.review, position)
    assert faults(screen, PHONES[1], [w.rect for w in scene.widgets]) == []
    texts = screen.texts()
    badge = next(i for i, item in enumerate(screen.items) if isinstance(item, Panel) and item.fill == layout.BADGE)
    card = screen.cards()[0]

    def planted(index, **change):
        items = list(screen.items)
        items[index] = dataclasses.replace(items[index], **change)
        kinds = {f[0] for f in faults(dataclasses.replace(screen, items=items), PHONES[1], [scene.plan.close])}
        return kinds

    assert "a plate on a card" in planted(badge, rect=pygame.Rect(card.rect.topleft, screen.items[badge].rect.size))
    first, second = (screen.items.index(t) for t in texts[:2])
    assert "text on text" in planted(second, rect=texts[0].rect)
    assert "off the canvas" in planted(first, rect=texts[0].rect.move(0, -400))
    assert "text too small" in planted(first, size=TEXT_MIN - 2)
    names = dict(screen.names)
    screen.names[2] = scene.plan.close.copy()
    assert "a plate on a button" in {f[0] for f in faults(screen, PHONES[1], [scene.plan.close])}
    screen.names.update(names)
