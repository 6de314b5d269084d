"""Compiled catalogs: Babel compiles the .po sources to .mo (the setup step and the web build);
the game reads those with the standard library's gettext, and falls back to English without them."""

import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game.i18n as i18n
from game.i18n import CATALOG_DIR, LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture
def catalogs_in(tmp_path, monkeypatch):
    """The game's catalogs read from ``tmp_path`` (nothing cached), English afterwards."""
    monkeypatch.setattr(i18n, "CATALOG_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    yield tmp_path
    i18n.set_language("en")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_up_to_date_and_holds_every_translation(code):
    """game/i18n/<code>.mo (compiled by `make`) gives, through gettext, every translation of
    today's .po."""
    assert (CATALOG_DIR / f"{code}.mo").exists(), f"{code}.mo is missing: run `make catalogs`"
    messages = catalog.messages(catalog.catalog_path(code))
    assert len(messages) > 300
    reader = i18n.translations(code)
    stale = [key for key, text in messages.items()
             if (reader.pgettext(*catalog.split_key(key)) if "\x04" in key else reader.gettext(key)) != text]
    assert not stale, f"{code}.mo is stale ({len(stale)} messages differ): run `make catalogs`"
    assert reader.info()["language"] == code
    assert reader.gettext("not a message of ours") == "not a message of ours"


def test_untranslated_and_fuzzy_messages_are_shown_in_english(tmp_path, catalogs_in):
    from babel.messages.catalog import Catalog
    cat = Catalog(locale="de", fuzzy=False)
    cat.add("Pass", "Passen")
    cat.add("Trump", "")
    cat.add("Hand", "Blatt", flags=["fuzzy"])
    catalog.write(tmp_path / "de.po", cat)
    catalog.compile_dir(tmp_path, tmp_path, ["de"])
    assert i18n.set_language("de") == "de"
    assert [i18n._(m) for m in ("Pass", "Trump", "Hand")] == ["Passen", "Trump", "Hand"]


def test_a_missing_or_damaged_catalog_means_english_and_a_one_line_notice(catalogs_in, capsys):
    catalog.compile_dir(CATALOG_DIR, catalogs_in, ["de"])
    (catalogs_in / "fr.mo").write_bytes(b"\x00" * 40)
    assert i18n.set_language("ar") == "en"  # no ar.mo: English, and so left to right
    assert not i18n.is_rtl() and i18n._("Settings") == "Settings"
    assert i18n.set_language("fr") == "en"
    assert i18n.set_language("ar") == "en"  # told once per language
    notices = capsys.readouterr().err.splitlines()
    assert len(notices) == 2 and "ar.mo" in notices[0] and "fr.mo is damaged" in notices[1], notices
    assert all("English" in line for line in notices)
    assert i18n.set_language("de") == "de" and i18n._("Settings") != "Settings"
    assert capsys.readouterr().err == ""


def test_a_catalog_older_than_its_source_is_used_with_a_notice(catalogs_in, capsys):
    (catalogs_in / "it.po").write_bytes(catalog.catalog_path("it").read_bytes())
    compiled = catalog.compile_dir(catalogs_in, catalogs_in, ["it"])[0]
    os.utime(compiled, (1, 1))
    assert i18n.set_language("it") == "it" and i18n._("Settings") != "Settings"
    assert "it.mo is older than it.po" in capsys.readouterr().err


def test_a_fresh_clone_without_compiled_catalogs_runs_in_english(tmp_path):
    """`python main.py` before any `make`: the game starts (here: 1 frame of a demo) in English."""
    code = ("import sys, pathlib, runpy, game.i18n as i18n; i18n.CATALOG_DIR = pathlib.Path(sys.argv[1]); "
            "sys.argv[1:] = ['--demo', '--frames', '30', '--query', 'lang=de']; "
            "runpy.run_path('main.py', run_name='__main__'); print('language', i18n.language())")
    (tmp_path / "catalogs").mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TRICK_TABLE_DATA_DIR": str(tmp_path / "data")}
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path / "catalogs")], cwd=ROOT, capture_output=True,
                         text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "language en" in run.stdout and "Traceback" not in run.stderr
    assert "no compiled catalog de.mo" in run.stderr


def test_a_word_with_two_senses_has_a_translation_for_each():
    reader = i18n.translations("fr")
    assert reader.pgettext("AI level", "Normal") == "Normal"  # le niveau
    assert reader.pgettext("animation speed", "Normal") == "Normale"  # la vitesse
    senses = [m.context for m in catalog.read(catalog.catalog_path("fr")) if m.id == "Normal"]
    assert sorted(senses) == ["AI level", "animation speed"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_level_and_speed_names_come_from_the_catalog(code):
    from game.ui.players import LEVEL_NAMES, LEVELS, level_name
    from game.ui.scenes.settings import SPEEDS
    msgs = catalog.messages(catalog.catalog_path(code))
    i18n.set_language(code)
    try:
        for level in LEVELS:
            assert level_name(level) == msgs[f"AI level\x04{LEVEL_NAMES[level]}"]
        for speed in SPEEDS.values():
            assert i18n.pgettext("animation speed", speed) == msgs[f"animation speed\x04{speed}"]
    finally:
        i18n.set_language("en")


def test_pythons_gettext_is_what_the_game_uses():
    assert isinstance(i18n.translations("de"), gettext.GNUTranslations)
    assert isinstance(i18n.translations("en"), gettext.NullTranslations)
