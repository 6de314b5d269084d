"""Sizes a thumb can use: every scene (each game's table phases, results, menus, dialogs), in
both phone orientations and every language, drawn at the canvas the page opens for a 390x844
(or 844x390) CSS px viewport and scaled as the page scales it: no text under 12 CSS px, no
paragraph under 14, no touch target (a card: its visible part) under 48 on either side.
``python tools/phone_sizes.py`` prints the same figures as a table."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.i18n import LANGUAGES
from game.ui import gfx
from harness import sizes
from game.ui.layout import canvas_size


@pytest.mark.slow
@pytest.mark.parametrize("part", ["menus", "304", "28", "400", "schieber"])  # tours that xdist can spread
@pytest.mark.parametrize("viewport", sizes.PHONE_VIEWPORTS, ids=["portrait", "landscape"])
def test_every_scene_every_language_is_big_enough_on_a_phone(viewport, part):
    """The menus and the scenes that belong to no game (``menus``), or a game's scenes, in every
    language."""
    canvas = canvas_size(viewport)
    scale = sizes.page_scale(canvas, viewport)
    assert abs(scale - 390 / 720) < 0.002  # the short side sets the scale: the canvas fills the phone
    app = sizes.open_app(canvas)
    menus = part == "menus"
    found = sizes.survey(app, list(LANGUAGES), games=[] if menus else [part], menus=menus)
    names = set(found)
    if menus:
        assert names == {"menu", "menu: quit?", "settings", "statistics", "help", "glossary"}, sorted(names)
    else:  # the game's table was visited, with the player to act
        game = part
        assert {f"{game} table your card", f"{game} table your bid" if game != "schieber"
                else f"{game} table your contract", f"{game} hand result", f"{game} match result",
                f"{game} table menu", f"new match {game}", f"rules {game}"} <= names, sorted(names)
    low = []
    for name, text, what_text, body, target, what in sizes.rows(found, scale):
        if text is not None and text < sizes.TEXT_MIN:
            low.append(f"{name}: text {text:.1f} CSS px {what_text!r}")
        if body is not None and body < sizes.BODY_MIN:
            low.append(f"{name}: paragraph {body:.1f} CSS px")
        if target is None or target < sizes.TARGET_MIN:
            low.append(f"{name}: target {target} CSS px {what}")
    assert not low, "\n".join(low)
    if not menus:
        cards = [t for s in found.values() for t in s.targets if t[2].startswith("card")]
        assert cards and min(min(w, h) for w, h, _what in cards) * scale >= sizes.TARGET_MIN


def test_the_measure_sees_small_text_and_small_targets():
    """The survey is only as good as its records: a 12 px text and a card 40 px wide are seen."""
    app = sizes.open_app(canvas_size((390, 844)))
    app.go("menu")
    with sizes.recording() as rec:
        gfx.blit_text(app.screen, "tiny", 12, (0, 0))
        gfx.blit_wrapped(app.screen, "a small paragraph", 20, app.screen.get_rect())
    assert rec.smallest_text()[:2] == (12, False) and rec.smallest_body()[0] == 20
    found = sizes.measure(app)
    assert found.smallest_target() and min(found.smallest_target()[:2]) >= 90
    scale = sizes.page_scale((720, 1280), (390, 844))
    assert round(scale, 4) == 0.5417 and round(sizes.page_scale((1280, 720), (390, 844)), 4) == 0.3047
