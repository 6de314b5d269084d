"""Card art, fonts, the felt table and the sounds, under the dummy video and audio drivers."""

import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import tempfile
from pathlib import Path

import pygame
import pytest

from game.engine.cards import FRENCH52, SWISS36
from game.ui import sound as sound_module
from game.ui import theme
from game.ui.art import CardArt
from game.ui.fonts import asset_path, font
from game.ui.sound import NAMES, Sounds, sound_path

ROOT = Path(__file__).resolve().parents[1]

pygame.init()

DECKS = {"french": FRENCH52, "french4": FRENCH52, "swiss": SWISS36}
WIDTHS = (56, 80, 110)


def art_for(name: str) -> CardArt:
    return CardArt("swiss" if name == "swiss" else "french", four_colour=name == "french4")


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def colours(surf: pygame.Surface, step: int = 2) -> set:
    w, h = surf.get_size()
    return {tuple(surf.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)}


# --- card faces ------------------------------------------------------------------

@pytest.mark.parametrize("name", DECKS)
def test_every_face_renders_at_every_width(name):
    art, deck = art_for(name), DECKS[name]
    for width in WIDTHS:
        for card in deck.cards:
            face = art.face(card, width)
            assert face.get_size() == (width, round(width * 1.4)), deck.text(card)
            assert len(colours(face)) >= 8, f"{deck.text(card)} at {width} looks blank"
            assert face.get_at((0, 0)).a == 0, "corners are rounded (transparent)"
            assert face.get_at((width // 2, face.get_height() // 2)).a == 255
            assert art.face(card, width) is face, "faces are cached"


@pytest.mark.parametrize("name", DECKS)
def test_faces_of_different_cards_differ(name):
    art, deck = art_for(name), DECKS[name]
    images = {pixels(art.face(card, 80)) for card in deck.cards}
    assert len(images) == len(deck.cards)


def test_four_colour_deck_recolours_diamonds_and_clubs_only():
    two, four = CardArt("french"), CardArt("french", four_colour=True)
    for card in FRENCH52.cards:
        same = pixels(two.face(card, 80)) == pixels(four.face(card, 80))
        assert same == (card >> 4 in (0, 1)), FRENCH52.text(card)
    assert four.ink(2)[2] > four.ink(2)[0], "diamonds blue"
    assert four.ink(3)[1] > four.ink(3)[0], "clubs green"


@pytest.mark.parametrize("name", DECKS)
def test_back_dimmed_shadow_and_suit_symbols(name):
    art, deck = art_for(name), DECKS[name]
    back = art.back(80)
    assert back.get_size() == (80, 112) and len(colours(back)) >= 8
    assert back.get_at((0, 0)).a == 0
    face, dim = art.face(deck.cards[0], 80), art.dimmed(deck.cards[0], 80)
    assert dim.get_size() == face.get_size()
    assert sum(pygame.transform.average_color(dim)[:3]) < sum(pygame.transform.average_color(face)[:3]) * 0.8
    m = art.shadow_margin(80)
    assert art.shadow(80).get_size() == (80 + 2 * m, 112 + 2 * m)
    for size in (12, 24, 48):
        icons = [art.suit_symbol(s, size) for s in range(4)]
        assert all(i.get_size() == (size, size) and len(colours(i, 1)) >= 3 for i in icons)
        assert len({pixels(i) for i in icons}) == 4


@pytest.mark.parametrize("name", ["french", "swiss"])
def test_a_picture_drawn_in_pieces_is_the_one_drawn_at_once(name):
    """``CardArt.drawing`` draws a face in one piece or two and a back in BACK_PIECES (a frame
    each, ahead of need), always ``CardArt.pieces`` (drawn already, they do nothing), and keeps
    the same picture ``face`` and ``back`` draw at once."""
    pieces, whole = art_for(name), art_for(name)
    assert {CardArt.pieces(0, w) for w in (56, 80, 110, 162, 169)} == {1, 2}
    for card in (*DECKS[name].cards[:: 5], None):
        for width in (*WIDTHS, 162):
            for _again in range(2):
                steps = pieces.drawing(card, width)
                done = 0
                while True:
                    done += 1
                    try:
                        next(steps)
                    except StopIteration:
                        break
                assert done == CardArt.pieces(card, width)
            assert (pieces.has_back(width) if card is None else pieces.has_face(card, width))
            picture = pieces.back(width) if card is None else pieces.face(card, width)
            expected = whole.back(width) if card is None else whole.face(card, width)
            assert pixels(picture) == pixels(expected)


def test_swiss_suits_have_their_traditional_colours():
    art = CardArt("swiss")

    def share(suit, test):
        icon = art.suit_symbol(suit, 64)
        px = [c for c in (icon.get_at((x, y)) for x in range(64) for y in range(64)) if c.a == 255]
        return sum(1 for c in px if test(c)) / len(px)

    yellow = lambda c: c.r > 200 and c.g > 150 and c.b < 100
    red = lambda c: c.r > 150 and c.g < 80 and c.b < 80
    assert share(1, red) > 0.1, "Rosen red"
    assert share(2, yellow) > 0.05 and share(2, lambda c: max(c[:3]) < 50) > 0.05, "Schilten yellow and black"
    assert share(3, yellow) > 0.1 and share(3, red) > 0.05, "Schellen yellow and red"
    assert share(0, lambda c: c.r > c.b + 60 and c.g > c.b + 30) > 0.3, "Eicheln brown and olive"


def test_faces_convert_for_the_display_when_there_is_one():
    had_display = pygame.display.get_surface() is not None
    pygame.display.set_mode((64, 64))
    try:
        face = CardArt("swiss").face(SWISS36.cards[-1], 72)
        assert face.get_size() == (72, 101) and face.get_at((0, 0)).a == 0
    finally:
        if not had_display:
            pygame.display.quit()


def test_bad_deck_is_refused():
    with pytest.raises(ValueError):
        CardArt("tarot")


def _sheet(name: str, width: int = 90, columns: int = 13) -> pygame.Surface:
    art, deck = art_for(name), DECKS[name]
    cards = list(deck.cards) + ["back", "dimmed"]
    height, gap = art.height(width), 8
    rows = -(-len(cards) // columns)
    sheet = pygame.Surface((columns * (width + gap) + gap, rows * (height + gap) + gap))
    sheet.blit(theme.table_surface(sheet.get_size()), (0, 0))
    for i, card in enumerate(cards):
        image = (art.back(width) if card == "back" else art.dimmed(deck.cards[-1], width) if card == "dimmed"
                 else art.face(card, width))
        sheet.blit(image, (gap + i % columns * (width + gap), gap + i // columns * (height + gap)))
    return sheet


def test_contact_sheets_are_saved():
    """All faces of both decks, for a person to look at (the French one with the four-colour deck below)."""
    out = Path(tempfile.gettempdir())
    french = _sheet("french")
    four = _sheet("french4")
    both = pygame.Surface((french.get_width(), french.get_height() + four.get_height()))
    both.blit(french, (0, 0))
    both.blit(four, (0, french.get_height()))
    pygame.image.save(both, str(out / "cards_french.png"))
    pygame.image.save(_sheet("swiss", columns=9), str(out / "cards_swiss.png"))
    assert (out / "cards_french.png").stat().st_size > 10_000
    assert (out / "cards_swiss.png").stat().st_size > 10_000


# --- fonts -----------------------------------------------------------------------

@pytest.mark.parametrize("bold", (False, True))
def test_font_has_the_suit_symbols(bold):
    f = font(32, bold)
    assert f is font(32, bold)
    missing = pixels(f.render("\u0378", True, (0, 0, 0)))       # an unassigned code point
    seen = set()
    for ch in "♠♥♦♣♤♡♢♧":
        glyph = f.render(ch, True, (0, 0, 0))
        assert glyph.get_width() > 0 and glyph.get_bounding_rect().w > 0
        assert pixels(glyph) != missing, f"{ch!r} renders as the missing-glyph box"
        seen.add(pixels(glyph))
    assert len(seen) == 8
    assert f.size("Schieber 304 — Trump!")[0] > 0


def test_fonts_are_ours():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"):
        assert asset_path("fonts", name).is_file()
    assert font(20, True).size("W")[0] > font(20).size("W")[0] * 1.05


# --- the felt ----------------------------------------------------------------------

SIZE = (1280, 720)


def test_table_surface_size_and_cache():
    t = theme.table_surface(SIZE)
    assert t.get_size() == SIZE
    assert theme.table_surface(SIZE, 0.5, 0.5, 0.5) is t
    assert theme.table_surface((720, 1280)).get_size() == (720, 1280)


def test_each_slider_changes_the_table():
    base = pixels(theme.table_surface(SIZE))
    for args in ((0.0, 0.5, 0.5), (1.0, 0.5, 0.5), (0.5, 0.0, 0.5), (0.5, 1.0, 0.5), (0.5, 0.5, 0.0), (0.5, 0.5, 1.0)):
        assert pixels(theme.table_surface(SIZE, *args)) != base, args


def test_slider_directions():
    def lum(surf, x, y):
        c = surf.get_at((x, y))
        return c.r + c.g + c.b

    flat, strong = theme.table_surface(SIZE, 0, 0, 0.5), theme.table_surface(SIZE, 1, 0, 0.5)
    assert lum(strong, 640, 330) - lum(strong, 5, 5) > lum(flat, 640, 330) - lum(flat, 5, 5) + 60
    cool, warm = theme.table_surface(SIZE, 0.5, 0, 0), theme.table_surface(SIZE, 0.5, 0, 1)
    c, w = cool.get_at((640, 330)), warm.get_at((640, 330))
    assert c.b > w.b + 30 and w.r > c.r + 30
    smooth, grainy = theme.table_surface(SIZE, 0.5, 0, 0.5), theme.table_surface(SIZE, 0.5, 1, 0.5)
    patch = (600, 300, 60, 60)
    assert len(colours(grainy.subsurface(patch), 1)) > 3 * len(colours(smooth.subsurface(patch), 1))


def test_table_is_deterministic():  # its rebuild time is measured by benchmarks/frame.py
    first = pixels(theme.table_surface(SIZE, 0.3, 0.7, 0.6))
    theme._table.cache_clear()
    assert pixels(theme.table_surface(SIZE, 0.3, 0.7, 0.6)) == first


def test_palette_colours():
    p = theme.PALETTE
    for field in theme.Palette.__dataclass_fields__:
        value = getattr(p, field)
        assert len(value) in (3, 4) and all(0 <= v <= 255 for v in value), field


# --- sounds ------------------------------------------------------------------------

def test_sound_files_are_ogg():
    assert set(NAMES) == {"card", "deal", "collect", "reveal", "win", "lose", "click"}
    for name in NAMES:
        path = sound_path(name)
        assert path.read_bytes()[:4] == b"OggS", name
        assert path.stat().st_size < 40_000


def test_sounds_load_and_play_silently_under_the_dummy_driver():
    sounds = Sounds()
    assert sounds.available
    for name in NAMES:
        sounds.play(name)
    sounds.set_enabled(False)
    sounds.play("win")
    sounds.set_enabled(True)
    with pytest.raises(KeyError):
        sounds.play("trumpet")


def test_sounds_are_silent_without_a_mixer(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module.pygame.mixer, "init", broken)
    sounds = Sounds(enabled=True)
    assert not sounds.available
    for name in NAMES:
        sounds.play(name)
    sounds.set_enabled(False)


def test_fonts_and_sounds_stay_usable_when_pygame_quits_and_starts_again_more_than_once():
    """pygame calls a quit hook once and forgets it: the font cache and the decoded sounds set
    their hook again each time they fill, so nothing made before any later quit is handed out
    dead after it; while the mixer stays open, a second app's sounds are the ones decoded."""
    code = ("import pygame\nfrom game.ui import fonts, sound\n"
            "for _ in range(3):\n    pygame.init()\n    assert fonts.size('Trick', 20)[0] > 0\n"
            "    first, second = sound.Sounds(), sound.Sounds()\n    assert first.available\n"
            "    assert all(first._sounds[n] is second._sounds[n] for n in sound.NAMES)\n"
            "    for n in sound.NAMES:\n        second.play(n)\n"
            "    pygame.quit()\n    assert not sound._decoded\n"
            "print('alive')\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert run.returncode == 0 and "alive" in run.stdout, run.stderr[-2000:]
