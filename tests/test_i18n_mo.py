"""Compiled catalogs: what the web build ships instead of the .po sources."""

import gettext
import io

import pytest

import game.i18n as i18n
from game.i18n import CATALOG_DIR, LANGUAGES, mo, po

TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiled_catalog_holds_every_translation(code):
    text = (CATALOG_DIR / f"{code}.po").read_text(encoding="utf-8")
    data = mo.compile_po(text)
    assert mo.read(data) == po.messages(text)
    assert len(mo.read(data)) > 300


@pytest.mark.parametrize("code", ["de", "ar", "ta"])
def test_pythons_gettext_reads_our_files_alike(code):
    text = (CATALOG_DIR / f"{code}.po").read_text(encoding="utf-8")
    reader = gettext.GNUTranslations(io.BytesIO(mo.compile_po(text)))
    for msgid, msgstr in po.messages(text).items():
        assert reader.gettext(msgid) == msgstr
    assert reader.info()["language"] == code


def test_game_reads_compiled_catalog_when_no_source_is_shipped(tmp_path, monkeypatch):
    made = mo.compile_dir(CATALOG_DIR, tmp_path, ["en", "de", "fr"])
    assert sorted(p.name for p in made) == ["de.mo", "fr.mo"]
    monkeypatch.setattr(i18n, "CATALOG_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    assert i18n.messages_of("de") == po.messages((CATALOG_DIR / "de.po").read_text(encoding="utf-8"))
    (tmp_path / "fr.mo").write_bytes(b"\x00" * 40)  # damaged: English, not a crash
    assert i18n.messages_of("fr") == {}


def test_damaged_files_are_refused():
    with pytest.raises(ValueError):
        mo.read(b"short")
    data = bytearray(mo.compile_messages({"Pass": "Passe"}))
    data[8:12] = (10 ** 6).to_bytes(4, "little")  # more strings than the file holds
    with pytest.raises(ValueError):
        mo.read(bytes(data))


def test_a_word_with_two_senses_has_a_translation_for_each():
    text = (CATALOG_DIR / "fr.po").read_text(encoding="utf-8")
    reader = gettext.GNUTranslations(io.BytesIO(mo.compile_po(text)))
    assert reader.pgettext("AI level", "Normal") == "Normal"  # le niveau
    assert reader.pgettext("animation speed", "Normal") == "Normale"  # la vitesse
    entries = po.parse(po.dump(po.parse(text)))
    assert {e.msgctxt for e in entries if e.msgid == "Normal"} == {"AI level", "animation speed"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_level_and_speed_names_come_from_the_catalog(code):
    from game.ui.players import LEVEL_NAMES, LEVELS, level_name
    from game.ui.scenes.settings import SPEEDS
    msgs = i18n.messages_of(code)
    i18n.set_language(code)
    try:
        for level in LEVELS:
            assert level_name(level) == msgs[f"AI level\x04{LEVEL_NAMES[level]}"]
        for speed in SPEEDS.values():
            assert i18n.pgettext("animation speed", speed) == msgs[f"animation speed\x04{speed}"]
    finally:
        i18n.set_language("en")
