"""Issue 16, the page's URL as a boundary: any query string gives valid settings and notices
that can be shown — names and values cleaned of control characters and shortened — and the
app draws them.  ``FUZZ_EXAMPLES=N`` runs N examples."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from urllib.parse import quote

import pygame
import pytest
from app_helpers import banner_text, fresh_data, launch, teardown
from helpers import fuzz
from hypothesis import given
from hypothesis import strategies as st

from game.engine import GAMES
from game.ui import gfx
from harness import driver
from game.web import params
from game.web.params import LANGUAGES, LEVELS, MAX_QUERY_CHARS, SHOWN_CHARS, WebSettings, parse


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)


NAMES = st.one_of(st.sampled_from(list(params.parameter_names()) + ["utm_source", "GAME", " seed", "x"]),
                  st.text(max_size=40), st.sampled_from(["\x00", "\x00game", "a\u202eb", "\ud800", "n" * 5000]))
VALUES = st.one_of(st.sampled_from(["1", "0", "28", "304", "400", "jass", "de-CH", "expert", "", "on", "7",
                                    "999999999999999999", "1e9", "-1", "\x00", "x" * 2000]),
                   st.text(max_size=30), st.integers(-10**20, 10**20).map(str))


def encoded(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


PAIRS = st.lists(st.tuples(NAMES, VALUES, st.booleans()), max_size=12)
QUERIES = st.one_of(
    st.builds(lambda pairs: "?" + "&".join(f"{encoded(n) if enc else n}={encoded(v) if enc else v}"
                                          for n, v, enc in pairs), PAIRS),
    st.text(max_size=200),
    st.binary(max_size=100).map(lambda b: "?" + "".join(f"%{x:02X}" for x in b)),
)


def assert_valid(settings: WebSettings) -> None:
    assert settings.game is None or settings.game in GAMES
    assert settings.lang is None or settings.lang in LANGUAGES
    assert settings.level is None or settings.level in LEVELS
    assert settings.seed is None or 0 <= settings.seed <= params.MAX_SEED
    if settings.options:
        assert settings.game in GAMES
        owned = {o.name: o for o in GAMES[settings.game].OPTIONS}
        for name, value in settings.options.items():
            assert owned[name].check(value) == value


@fuzz(200)
@given(QUERIES)
def test_fuzzed_queries_give_valid_settings_and_showable_notices(query):
    settings, notices = parse(query)
    assert_valid(settings)
    assert len(notices) <= params.MAX_FIELDS
    for notice in notices:
        assert len(notice.param) <= SHOWN_CHARS and len(notice.value) <= SHOWN_CHARS
        text = notice.text()
        assert text.isprintable() and len(text) < 400, text


@fuzz(60)
@given(st.lists(st.tuples(NAMES, VALUES, st.booleans()), min_size=1, max_size=6))
def test_fuzzed_notices_render_in_the_font(pairs):
    """The font refuses a NUL (ValueError): every notice must reach it without one."""
    pygame.font.init()
    query = "?" + "&".join(f"{encoded(n)}={encoded(v)}" for n, v, _ in pairs)
    for notice in parse(query)[1]:
        assert gfx.text(notice.text(), 18).get_width() > 0


def test_a_nul_in_a_parameter_name_is_shown_as_a_question_mark_and_the_app_draws_it(data):
    """Issue 16: ``--query "%00=1"`` ended the app with a ValueError from the font; names were
    shown raw and unshortened."""
    app = launch("--query", "%00=1&" + "n" * 300 + "=2&game=28&embed=1")
    driver.frames(app, 5)
    assert app.banner.rect is not None  # drawn
    assert "Ignored ?=1: unknown parameter" in banner_text(app)
    long_name = next(item for item in app.banner.items if item.startswith("Ignored nnn"))
    assert long_name.startswith("Ignored " + "n" * (SHOWN_CHARS - 1) + "…=2")
    teardown(app)


def test_a_query_over_the_limit_is_ignored_whole_with_one_notice():
    settings, notices = parse("?game=28&x=" + "y" * MAX_QUERY_CHARS)
    assert settings == WebSettings() and len(notices) == 1
    assert "too long" in notices[0].text() and "all were ignored" in notices[0].text()


def test_a_value_over_the_limit_is_ignored_with_a_notice():
    settings, notices = parse("?game=28&level=" + "e" * (params.MAX_VALUE_CHARS + 1))
    assert settings.game == "28" and settings.level is None
    assert notices[0].text().startswith("Ignored level=eeee") and "longer than 1000 characters" in notices[0].text()
