"""The rules text: one source (each game class's RULES and OPTIONS) for the rules screen and
docs/rules.md, and both say the same."""

import importlib.util
import re
from pathlib import Path

import pytest

from game import i18n
from game.engine import GAMES, Hand
from game.i18n import catalog
from helpers import extracted

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules.md"


def load_tool():
    spec = importlib.util.spec_from_file_location("make_rules_doc", ROOT / "tools" / "make_rules_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def unwrapped(markdown: str) -> str:
    """The text with its line breaks (and a list item's indent) as plain spaces."""
    return re.sub(r"\s*\n\s*", " ", markdown)


def test_docs_rules_md_says_what_the_game_classes_say():
    tool = load_tool()
    assert DOC.read_text(encoding="utf-8") == tool.render(), \
        "docs/rules.md is out of date: run python tools/make_rules_doc.py"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rule_and_option_of_a_game_is_in_the_doc(game):
    cls = GAMES[game]
    doc = unwrapped(DOC.read_text(encoding="utf-8"))
    section = doc[doc.index(f"## {cls.TITLE} "):]
    assert cls.RULES, f"{cls.__name__} has no rules text"
    for heading, text in cls.rules_text():
        assert f"## {heading} " in (section if (heading, text) != Hand.SEATING else doc)
        assert text in doc
    for option in cls.OPTIONS:
        default = ("on" if option.default else "off") if option.kind is bool else str(option.default)
        assert re.search(rf"- `{option.name}` \([^)]*default {default}\): {re.escape(option.description)}", section)


def test_the_check_fails_on_a_stale_doc_and_passes_on_a_fresh_one(tmp_path, capsys):
    tool = load_tool()
    path = tmp_path / "rules.md"
    stale = re.sub(r"Follow\s+suit\s+if\s+you\s+can\.", "Follow suit if you like.", tool.render(), count=1)
    assert stale != tool.render()
    path.write_text(stale, encoding="utf-8")
    assert tool.main(["--check"], path) == 1
    assert "make_rules_doc.py" in capsys.readouterr().err
    assert tool.main([], path) == 0
    assert tool.main(["--check"], path) == 0
    assert tool.main(["--bad"], path) == 2


def test_every_rules_string_is_a_catalog_message_translated_everywhere():
    found = extracted()
    for cls in GAMES.values():
        for heading, text in cls.rules_text():
            assert heading in found and text in found, (cls.GAME, heading)
    ok, lines = catalog.check(found=found)
    assert ok, "\n".join(lines)


def test_the_rules_screen_shows_the_class_text_translated(monkeypatch):
    from game.ui import gfx
    from harness import driver
    from game.ui.scenes.rules import RulesScene

    drawn = []
    for name in ("blit_text", "blit_wrapped"):
        real = getattr(gfx, name)
        monkeypatch.setattr(gfx, name, lambda surf, text, *a, _real=real, **k: (drawn.append(text), _real(surf, text, *a, **k))[1])
    app = driver.make_app((1280, 720))
    try:
        for code in ("en", "de"):
            i18n.set_language(code)
            for game, cls in GAMES.items():
                drawn.clear()
                scene = RulesScene(app, game)
                scene.render_page(400)
                shown = [i18n._(s) for pair in cls.rules_text() for s in pair]
                seen = [t for t in drawn if t in shown]
                # a one-line heading is recorded twice: by blit_wrapped and by its blit_text of the line
                seen = [t for i, t in enumerate(seen) if i == 0 or t != seen[i - 1]]
                assert seen == shown, (code, game)
                options = "\n".join(drawn)  # the options' paragraph is drawn whole (then line by line)
                assert all(i18n._(o.description) in options for o in cls.OPTIONS)
                if code == "de":
                    assert shown != [s for pair in cls.rules_text() for s in pair], "the German text is German"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "de", "it", "fr", "si", "ta", "ml", "ar"])
def test_an_option_s_description_does_not_repeat_its_label(code):
    """The rules screen and the new-match form put the option's label before its description
    ("• Twenty-Nine: bids from 16…"); a description that began with the label read it twice."""
    from game.ui.names import option_label

    i18n.set_language(code)
    try:
        for cls in GAMES.values():
            for opt in cls.OPTIONS:
                label = option_label(opt).casefold()
                assert not i18n._(opt.description).casefold().startswith(label), (code, cls.GAME, opt.name)
    finally:
        i18n.set_language("en")


LEADS = re.compile(r"leads the first trick\b.*\bthe winner of each trick leads the next\b")


def play_section(cls) -> str:
    return dict(cls.RULES).get("Play", "")


def test_every_play_section_says_who_leads_each_trick(game):
    """A player reads who leads the first trick and that the winner of a trick leads the next
    (every game, the contract suite's test game included)."""
    from game.engine import game_class

    cls = game_class(game)
    assert play_section(cls), f"{cls.__name__} has no Play section"
    assert LEADS.search(play_section(cls)), f"{cls.__name__}'s Play section does not say who leads each trick"


def test_the_leads_check_fails_on_forehand_leads_alone():
    assert not LEADS.search("Forehand leads. Follow suit if you can.")
    assert not LEADS.search("Forehand leads the first trick. Follow suit if you can.")
    assert LEADS.search("Forehand leads the first trick, and the winner of each trick leads the next.")
