"""Issue 7: the catalogs use each game's own terms, the same way throughout.

``game/i18n/terms/<lang>.json`` is a small glossary per translated language::

    {"<english term, lower case>": ["<allowed rendering or stem>", ...], ..., "_keep": ["Stöck", ...]}

For every message whose English text contains a listed term as a word (case-insensitive, a plain
plural "s" allowed), the translation must contain at least one allowed rendering (case-insensitive
substring, so a stem such as "Stich" also covers "Stiche").  Every ``_keep`` term found in the
English (case-sensitive, as a word, plural "s" allowed) must appear unchanged in the translation:
the Swiss Jass words (Stöck, Weis, Obenabe, ...) are the same in every language that lists them.
No ``_avoid`` word (case-sensitive, as a word) appears in any translation: a word players would
read wrongly, or one the seed does not use (German "Kontra" where the seed says "Doppel").
"""

import functools
import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.i18n import catalog

ROOT = Path(__file__).resolve().parents[1]
TERMS_DIR = ROOT / "game" / "i18n" / "terms"
TRANSLATED = [c for c in i18n.LANGUAGES if c != "en"]
# names that contain a term word without being that term ("Trick Table" is the app's name)
PROPER_NAMES = ("Trick Table",)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@functools.cache
def english_ids() -> tuple[str, ...]:
    """The English catalog's messages (read once: every language's test compares with them)."""
    return tuple(m.id for m in catalog.read(catalog.catalog_path("en")) if m.id)


def load_terms(code: str) -> dict:
    return json.loads((TERMS_DIR / f"{code}.json").read_text(encoding="utf-8"))


def _word(term: str, flags=0):
    return re.compile(r"(?<!\w)" + re.escape(term) + r"s?(?!\w)", flags)


def violations(terms: dict, pairs) -> list[str]:
    """What breaks the glossary in ``pairs`` ((english, translation) ...); empty when all is well."""
    found = []
    keep = [_word(t) for t in terms.get("_keep", [])]
    avoid = [_word(t) for t in terms.get("_avoid", [])]
    rules = [(t, _word(t, re.IGNORECASE), [a.lower() for a in alts])
             for t, alts in terms.items() if not t.startswith("_")]
    for english, text in pairs:
        if not text:
            continue  # untranslated: `python -m game.i18n check` reports that
        source = PLACEHOLDER.sub("", english)  # "{trump}" is a value, not the word
        for name in PROPER_NAMES:
            source = source.replace(name, "")
        low = text.lower()
        for term, pattern, alts in rules:
            if pattern.search(source) and not any(a in low for a in alts):
                found.append(f"{term!r} not rendered as any of {alts}: {english!r} -> {text!r}")
        for pattern in keep:
            m = pattern.search(source)
            if m and m.group(0).removesuffix("s") not in text and m.group(0) not in text:
                found.append(f"{m.group(0)!r} must stay unchanged: {english!r} -> {text!r}")
        for pattern in avoid:
            m = pattern.search(text)
            if m:
                found.append(f"{m.group(0)!r} is not our word: {english!r} -> {text!r}")
    return found


def test_every_translated_language_has_a_terms_file():
    missing = [c for c in TRANSLATED if not (TERMS_DIR / f"{c}.json").exists()]
    assert not missing, f"no glossary in game/i18n/terms/ for {missing}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_terms_file_format(code):
    path = TERMS_DIR / f"{code}.json"
    if not path.exists():
        pytest.skip(f"{path.name} not written yet")
    terms = load_terms(code)
    assert isinstance(terms, dict) and terms
    for term, alts in terms.items():
        assert isinstance(alts, list) and alts and all(isinstance(a, str) and a for a in alts), term
        if term not in ("_keep", "_avoid"):
            assert not term.startswith("_"), f"unknown key {term!r}"
            assert term == term.lower() and term.strip() == term, f"terms are lower-case English: {term!r}"
    english = " ".join(english_ids())
    assert all(_word(t, re.IGNORECASE).search(english) for t in terms if not t.startswith("_")), \
        "every term occurs in the English catalog"


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalog_uses_the_glossary_terms(code):
    path = TERMS_DIR / f"{code}.json"
    if not path.exists():
        pytest.skip(f"{path.name} not written yet")
    messages = catalog.messages(catalog.catalog_path(code))
    pairs = [(mid, messages.get(mid, "")) for mid in english_ids()]
    found = violations(load_terms(code), pairs)
    assert not found, f"{code}: {len(found)} glossary violations:\n" + "\n".join(found)


def test_the_check_catches_a_different_word_and_a_translated_keep_term():
    terms = {"bid": ["Gebot", "biet"], "follow suit": ["bedien"], "_keep": ["Stöck", "Weis"]}
    good = [("Bid {n}", "Gebot {n}"), ("Bids go up to 13.", "Gebote gehen bis 13."),
            ("You must follow suit.", "Du musst Farbe bedienen."), ("Stöck! {seat} +{pts}", "Stöck! {seat} +{pts}"),
            ("Weis and Stöck", "Weis und Stöck"), ("Trick Table", "Trick Table"), ("Untranslated bid", ""),
            ("{trump} trump", "Trumpf {trump}"), ("Bid {n} · {trump}", "Gebot {n} · {trump}")]
    assert violations(terms, good) == []
    bad = [("Bid {n}", "Angebot {n}"), ("You must follow suit.", "Du musst die Farbe zugeben."),
           ("Weis and Stöck", "Weisen und Stock")]
    found = violations(terms, bad)
    # "Angebot" contains "gebot": the stems are substrings, so only a different word fails
    assert len(found) == 2 and any("'follow suit'" in f for f in found) and any("'Stöck'" in f for f in found)
    assert violations(terms, [("A bid must beat the current bid.", "Eine Offerte muss die aktuelle übertreffen.")])
    assert not violations(terms, [("Bidding", "Reizen")]), "only the word itself (or its plural) is a match"


def test_the_check_catches_an_avoided_word():
    terms = {"double": ["Doppel"], "_avoid": ["Kontra", "Re"]}
    assert violations(terms, [("Double", "Doppel"), ("No redouble", "Kein Redouble"), ("Contrast", "Tischkontrast")]) == []
    found = violations(terms, [("Double", "Doppel oder Kontra"), ("Redouble", "Re")])
    assert len(found) == 2 and all("is not our word" in f for f in found)


# the order of the ranks as English writes it in letters; a translation writes its own letters
# (German B 9 A 10 K D 8 7, French V 9 A 10 R D 8 7) or the ranks' names, never J and Q
RANK_ORDER = "J 9 A 10 K Q 8 7"
ENGLISH_LETTERS = re.compile(r"(?<![\w'])[JQ](?![\w'])")


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_rank_order_keeps_the_english_letters(code):
    messages = catalog.messages(catalog.catalog_path(code))
    orders = [mid for mid in english_ids() if RANK_ORDER in mid]
    assert orders, "the rules give the order of the ranks"
    kept = [messages.get(mid, "") for mid in orders if ENGLISH_LETTERS.search(messages.get(mid, ""))]
    assert not kept, f"{code}: English rank letters in {kept}"


# docs/names.md's table of game names: the title each language shows on the menu and the rules tab
TITLES = {"304": {}, "400": {},
          "Twenty-Eight": {"ml": "28", "ta": "28", "si": "28", "ar": "28"},
          "Schieber Jass": {"de": "Schieber-Jass", "fr": "Chibre (Schieber Jass)"}}
TABS = {"28": {}, "Schieber": {"fr": "Chibre"}}


@pytest.mark.parametrize("code", TRANSLATED)
def test_game_names_follow_the_names_policy(code):
    messages = catalog.messages(catalog.catalog_path(code))
    for table in (TITLES, TABS):
        for english, exceptions in table.items():
            assert messages.get(english) == exceptions.get(code, english), (code, english)


@pytest.mark.parametrize("code", ["ml", "ta", "si", "ar"])
def test_where_players_say_28_no_sentence_spells_it_out(code):
    messages = catalog.messages(catalog.catalog_path(code))
    spelled = [mid for mid, text in messages.items() if "Twenty-Eight" in text]
    assert not spelled, f"{code}: 'Twenty-Eight' left in {spelled}"
