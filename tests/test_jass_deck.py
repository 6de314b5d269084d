"""Issue 50: Schieber with the French-suited Jass deck (a front-end setting; the Swiss-German deck
stays the default).  The engine's cards, suits and multipliers are the same; only the pictures and
the names change, and the names come from the catalogs."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine import actions as A
from game.engine import schieber
from game.i18n import set_language
from harness import driver
from game.ui.art import CardArt
from game.ui.games import game_ui
from game.ui.layout import PORTRAIT
from game.ui.names import card_name, card_short, jass_deck, set_jass_deck, suit_name
from game.ui.storage import DEFAULT_SETTINGS

EICHELN, ROSEN, SCHILTEN, SCHELLEN = range(4)
UNDER, OBER, KING, BANNER = 9, 10, 11, 8


@pytest.fixture
def french_jass():
    set_jass_deck("french")
    try:
        yield
    finally:
        set_jass_deck("swiss")
        set_language("en")


def test_the_swiss_german_deck_stays_the_default():
    assert DEFAULT_SETTINGS["jass_deck"] == "swiss" and jass_deck() == "swiss"
    assert [suit_name(s, True) for s in range(4)] == ["Eicheln", "Rosen", "Schilten", "Schellen"]
    assert card_name((ROSEN << 4) | UNDER, True) == "Rosen Under"


def test_each_swiss_card_is_drawn_as_its_french_card():
    """Eicheln clubs, Rosen hearts, Schilten spades, Schellen diamonds; the Banner a ten, the
    Under a jack, the Ober a queen: the very pictures of the French deck."""
    pygame.init()
    jass, french = CardArt("french-jass"), CardArt("french")
    for swiss_suit, french_suit in ((EICHELN, 3), (ROSEN, 1), (SCHILTEN, 0), (SCHELLEN, 2)):
        for rank in range(4, 13):
            a = jass.face((swiss_suit << 4) | rank, 60)
            b = french.face((french_suit << 4) | rank, 60)
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (swiss_suit, rank)
        assert jass.ink(swiss_suit) == french.ink(french_suit)
        assert pygame.image.tobytes(jass.suit_symbol(swiss_suit, 40), "RGBA") == \
            pygame.image.tobytes(french.suit_symbol(french_suit, 40), "RGBA")
    with pytest.raises(ValueError):
        CardArt("tarot")


def test_names_follow_the_chosen_deck_through_the_catalogs(french_jass):
    assert [suit_name(s, True) for s in range(4)] == ["Clubs", "Hearts", "Spades", "Diamonds"]
    assert card_name((ROSEN << 4) | UNDER, True) == "Jack of Hearts"
    assert card_name((SCHELLEN << 4) | BANNER, True) == "10 of Diamonds"
    assert card_short((SCHILTEN << 4) | OBER, True) == "Q♠"
    assert suit_name(0, False) == "Spades"  # the other games' French deck is untouched
    set_language("de")
    assert suit_name(EICHELN, True) == "Kreuz" and card_name((ROSEN << 4) | 12, True) == "Herz-Ass"


def test_the_contract_buttons_keep_the_engines_multipliers(french_jass):
    """The suits are named as the chosen deck names them; each keeps the engine's multiplier
    (Eicheln's is Clubs', Schilten's is Spades')."""
    from game.ui.names import action_label
    from game.ui.session import Session

    ui = game_ui("schieber")
    assert [ui.word_label(A.TRUMP + s, None) for s in range(4)] == ["Clubs", "Hearts", "Spades", "Diamonds"]
    assert [action_label(A.TRUMP + s, True) for s in range(4)] == \
        ["Clubs trump", "Hearts trump", "Spades trump", "Diamonds trump"]
    for table in (False, True):
        obs = Session("schieber", {"table_2500": table}, 1, "easy", (0,)).hand.observation(0)
        shown = ui.multipliers(obs)
        for s in range(4):
            assert shown[A.CONTRACTS.index(A.TRUMP + s)] == schieber.MULTIPLIERS[table][s]
    assert schieber.MULTIPLIERS[False][EICHELN] == 1 and schieber.MULTIPLIERS[False][SCHILTEN] == 2


def test_the_setting_changes_the_art_and_the_names():
    app = driver.make_app(PORTRAIT)
    try:
        assert app.art("swiss").name == "swiss"
        app.go("menu")
        app.go("settings")
        (row,) = [w for w in app.scene.widgets if getattr(w, "label", "") == "Schieber's cards"]
        assert row.shown(row.value) == "Swiss-German suits"
        row.step(1)
        assert app.settings["jass_deck"] == "french" and jass_deck() == "french"
        assert row.shown(row.value) == "French suits"
        assert app.art("swiss").name == "french-jass" and app.art("french").name == "french"
        assert game_ui("schieber").suit_label(ROSEN) == "Hearts"
    finally:
        set_jass_deck("swiss")


def schieber_lesson_captions() -> str:
    """Every caption of the Schieber lesson, in the current language and deck."""
    from game.ui.lessons.lesson import LessonGuide, lesson_for

    lesson = lesson_for("schieber")
    hand = lesson.deal()
    guide = LessonGuide(lesson, hand)
    captions = []
    for step in lesson.steps:
        if step.caption:
            captions.append(guide.caption())
        hand.apply(step.action)
    return "\n".join(captions)


@pytest.mark.parametrize("deck", ["swiss", "french"])
def test_the_schieber_lesson_names_the_chosen_decks_suits_and_ranks_in_every_language(deck):
    """Its notes name trump, the Weis's suit and the Stöck's King and Ober as the chosen deck
    does: "Choose Hearts as trump" with the French-suited deck, never a Swiss suit or the Ober."""
    from game.i18n import LANGUAGES
    from game.ui.names import rank_name

    set_jass_deck(deck)
    try:
        for code in LANGUAGES:
            set_language(code)
            text = schieber_lesson_captions()
            names = [suit_name(ROSEN, True), suit_name(SCHELLEN, True), rank_name(KING, True), rank_name(OBER, True)]
            assert all(name in text for name in names), (code, names, text)
            swiss = ["Rosen", "Schellen", "Eicheln", "Schilten", "Ober"]
            if deck == "french":
                assert names[:2] == [suit_name(1, False), suit_name(2, False)]  # Hearts and Diamonds, translated
                assert not any(name in text for name in swiss), (code, text)
                assert "{" not in text
            else:
                assert all(name in text for name in swiss[:2] + ["König", "Ober"]), (code, text)
    finally:
        set_jass_deck("swiss")
        set_language("en")
