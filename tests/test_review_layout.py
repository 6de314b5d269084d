"""The hand review's layout apart from its drawing (issue 50): ``review.layout.lay_out`` places
every panel, card and line of text of a position from the review's regions through the kit, and
``review.view.ReviewView`` only draws what it returns.  The layout is a function of the review's
state, the canvas and the language; drawing measures nothing; nothing covers anything else at
the phone canvases in any language."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine import GAMES
from game.engine.records import random_record
from game.i18n import LANGUAGES, _, set_language
from game.ui import fonts, kit
from game.ui.layout import LANDSCAPE, PORTRAIT
from game.ui.review import layout
from game.ui.review.layout import TEXT_MIN, Card, Panel, Text, lay_out
from harness import driver
from test_review import OPTIONS, weighed, widest_record

PHONES = [(720, 1558), (1558, 720)]  # the canvas on a phone, upright and sideways (docs/table-design.md)


def ink(text: Text) -> pygame.Rect:
    return kit.text.ink(text.text, text.size, text.bold).move(text.rect.topleft)


def faults(screen, size) -> list[tuple]:
    """What a review screen covers that it must not: text off the canvas or out of its box,
    smaller than TEXT_MIN, letters on letters or on a card; a name plate, badge or the deal
    code's box on a card or on one another; a seat's cards on another seat's or on the trick.
    What the panel over the table (the breakdown, Why?, the link) hides is not looked at."""
    canvas = pygame.Rect((0, 0), size)
    items = screen.items
    over = next((i for i, item in enumerate(items) if isinstance(item, Panel) and item.shadow), len(items))
    shown = [item for i, item in enumerate(items) if i >= over or not hasattr(item, "rect")
             or not items[over].rect.colliderect(item.rect)] if over < len(items) else items
    texts = [t for t in shown if isinstance(t, Text) and t.text]
    cards = [c for c in shown if isinstance(c, Card)]
    plates = list(screen.names.values()) + [p.rect for p in shown if isinstance(p, Panel) and p.fill == (0, 0, 0, 200)]
    if screen.code == "middle":
        plates.append(screen.code_box)
    plates = [p for p in plates if over == len(items) or not items[over].rect.colliderect(p)]
    out = []
    for t in texts:
        r = ink(t)
        if t.size < TEXT_MIN:
            out.append(("text too small", t.text, t.size))
        if not canvas.contains(r):
            out.append(("off the canvas", t.text, tuple(r)))
        if t.box is not None and not (t.box.left <= r.left and r.right <= t.box.right):
            out.append(("out of its box", t.text, tuple(r), tuple(t.box)))
        out += [("text on a card", t.text, c.card) for c in cards if r.colliderect(c.rect)]
    for i, a in enumerate(texts):
        out += [("text on text", a.text, b.text) for b in texts[i + 1:] if ink(a).colliderect(ink(b))]
    for i, a in enumerate(plates):
        out += [("a plate on a card", tuple(a), c.card) for c in cards if a.colliderect(c.rect)]
        out += [("plates meet", tuple(a), tuple(b)) for b in plates[i + 1:] if a.colliderect(b)]
    if over == len(items):  # a hand's own cards lie on one another, not on another hand's nor the trick
        hands = list(screen.hands.values()) + screen.trick
        for i, a in enumerate(hands):
            out += [("cards meet", tuple(a), tuple(b)) for b in hands[i + 1:] if a.colliderect(b)]
    return out


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
                        found += [(code, scene.review.hand.GAME, position) + f for f in faults(screen, size)]
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
