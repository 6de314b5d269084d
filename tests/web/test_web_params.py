"""game.web.params: the page's URL parameters become settings plus notices, never errors."""

import pytest

from game.engine import GAMES
from game.web.params import LANGUAGES, LEVELS, Notice, WebSettings, build_query, parse


def test_empty_query_gives_defaults_and_no_notice():
    for query in ("", "?", "?#debug", "https://example.org/play/"):
        settings, notices = parse(query)
        assert settings == WebSettings()
        assert notices == []


def test_every_parameter_read():
    settings, notices = parse("?game=28&lang=fr&seed=42&level=expert&embed=1&demo=1&target=7&double=1")
    assert notices == []
    assert settings.game == "28"
    assert settings.lang == "fr"
    assert settings.seed == 42
    assert settings.level == "expert"
    assert settings.embed is True and settings.demo is True
    assert settings.options == {"target": 7, "double": True}


def test_a_whole_url_and_percent_encoding():
    settings, notices = parse("https://rules.example/304.html?game=%33%304&lang=de-CH#top")
    assert (settings.game, settings.lang, notices) == ("304", "de", [])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_and_its_options_round_trip(game):
    options = {}
    for option in GAMES[game].OPTIONS:
        allowed = option.allowed()
        options[option.name] = next(v for v in allowed if v != option.default)
    wanted = WebSettings(game=game, lang="ta", seed=7, level="hard", options=options, embed=True)
    settings, notices = parse(build_query(wanted))
    assert notices == []
    assert settings == wanted


def test_names_and_words_are_case_insensitive_and_aliases_work():
    settings, notices = parse("?GAME=Jass&Lang=IT&Level=Normal&DEMO=yes&table_2500=ON")
    assert notices == []
    assert (settings.game, settings.lang, settings.level, settings.demo) == ("schieber", "it", "normal", True)
    assert settings.options == {"table_2500": True}
    assert parse("?game=twenty-eight")[0].game == "28"
    assert [parse(f"?level={i}")[0].level for i in (1, 2, 3, 4)] == list(LEVELS)
    assert parse("?level=5")[1][0].param == "level"


def test_a_flag_without_value_is_on():
    settings, notices = parse("?embed&demo=0&game=28&honours")
    assert notices == []
    assert settings.embed is True and settings.demo is False
    assert settings.options == {"honours": True}


@pytest.mark.parametrize(
    "query, param, words",
    [
        ("?game=bridge", "game", "unknown game"),
        ("?lang=xx", "lang", "unknown language"),
        ("?seed=-3", "seed", "whole number"),
        ("?seed=12ab", "seed", "whole number"),
        ("?seed=1234567890123456789", "seed", "whole number"),
        ("?seed=١٢", "seed", "whole number"),  # Arabic-Indic digits are digits, but not ours
        ("?level=godlike", "level", "unknown level"),
        ("?embed=maybe", "embed", "1 or 0"),
        ("?colour=red", "colour", "unknown parameter"),
        ("?target=7", "target", "needs game=28 or game=400"),
        ("?game=304&target=7", "target", "not a rule option of 304"),
        ("?game=28&target=8", "target", "use 6 or 7"),
        ("?game=28&double=2", "double", "use 1 or 0"),
        ("?game=304&tokens=99", "tokens", "use 1 to 30"),
        ("?game=304&tokens=ten", "tokens", "use 1 to 30"),
        ("?game=400&big_bids=12", "big_bids", "use 0, 10 or 11"),
    ],
)
def test_bad_values_are_ignored_with_a_notice(query, param, words):
    settings, notices = parse(query)
    assert len(notices) == 1, notices
    notice = notices[0]
    assert notice.param == param
    assert words in str(notice.reason)
    assert notice.text().startswith(f"Ignored {param}=")
    # the bad value set nothing
    assert settings.options == {}
    assert getattr(settings, param, None) in (None, False)


def test_good_values_survive_beside_bad_ones():
    settings, notices = parse("?game=28&seed=x&lang=de&level=nope&target=7")
    assert (settings.game, settings.lang, settings.seed, settings.level) == ("28", "de", None, None)
    assert settings.options == {"target": 7}
    assert [n.param for n in notices] == ["seed", "level"]


def test_repeated_parameter_keeps_the_first_with_a_notice():
    settings, notices = parse("?seed=1&seed=2&seed=1")
    assert settings.seed == 1
    assert len(notices) == 1 and "twice" in str(notices[0].reason)


def test_tracking_parameters_are_silent():
    settings, notices = parse("?utm_source=news&fbclid=abc&game=400&gclid=1")
    assert settings.game == "400" and notices == []


def test_notice_values_are_short_and_printable():
    settings, notices = parse("?level=" + "x" * 500 + "%0A%1B")
    (notice,) = notices
    assert len(notice.value) <= 24
    assert notice.value.isprintable()
    assert str(notice) == notice.text()
    assert isinstance(notice, Notice)


def test_hostile_input_never_raises():
    for query in ("?" + "&".join(f"k{i}=v" for i in range(1000)), "?=&=&&&", "?%ZZ=%", "?a=%ff%fe", None, 42):
        settings, notices = parse(query)
        assert isinstance(settings, WebSettings)
        assert len(notices) <= 64


def test_custom_tables():
    settings, notices = parse("?lang=xx&level=1", games={}, languages=("xx",), levels=("1", "2"))
    assert (settings.lang, settings.level, notices) == ("xx", "1", [])
    assert LANGUAGES[0] == "en" and "expert" in LEVELS


def test_page_shape_under_pygbag(monkeypatch):
    import platform
    import sys
    import types

    from game.web import page

    assert page.viewport() is None and not page.prefers_portrait()  # the desktop
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(innerWidth=390, innerHeight=844), raising=False)
    assert page.in_browser() and page.viewport() == (390, 844) and page.prefers_portrait()
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(innerWidth=1280, innerHeight=720), raising=False)
    assert not page.prefers_portrait()
    monkeypatch.setattr(platform, "window", object(), raising=False)
    assert page.viewport() is None


def test_browser_query_reads_location_search(monkeypatch):
    import platform
    import sys
    import types

    from game.web.params import browser_query

    assert browser_query() == ""
    monkeypatch.setattr(sys, "platform", "emscripten")
    location = types.SimpleNamespace(search="?game=28&demo=1")
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(location=location), raising=False)
    assert browser_query() == "?game=28&demo=1"
    assert parse(browser_query())[0].demo is True


def test_parameter_names_are_exactly_what_parse_reads():
    from game.web.params import parameter_names

    names = parameter_names()
    assert names[:6] == ("game", "lang", "seed", "level", "embed", "demo")
    assert {o.name for cls in GAMES.values() for o in cls.OPTIONS} <= set(names)
    assert len(names) == len(set(names))
    for name in names:  # each is read (whatever it thinks of the value), none is unknown
        _, notices = parse(f"?game=28&{name}=1")
        assert not any("unknown parameter" in str(n.reason) for n in notices), (name, notices)
    for name in ("pygpi", "home", "utm_x", "colour"):
        assert name not in names


def test_params_asks_the_front_end_for_nothing():
    """game.web sits below game.ui: it takes the games' shown names as an argument."""
    import ast
    import subprocess
    import sys
    from pathlib import Path

    source = Path(__file__).resolve().parents[2] / "game" / "web" / "params.py"
    imported = [node.module or "" for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom)]
    imported += [alias.name for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Import) for alias in node.names]
    assert not any(name.startswith("game.ui") for name in imported), imported
    check = ("import sys; from game.web.params import parse; parse('?game=304&target=7'); "
             "print(sorted(m for m in sys.modules if m.startswith('game.ui') or m == 'pygame'))")
    run = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=source.parents[2], timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr


def test_notices_name_the_game_as_the_front_end_says():
    from game.i18n import N_

    assert "not a rule option of 304" in parse("?game=304&target=7")[1][0].text()
    names = {"28": N_("Twenty-Eight"), "304": N_("Three-O-Four")}
    assert "not a rule option of Three-O-Four" in parse("?game=304&target=7", game_names=names)[1][0].text()


def test_browser_query_prefers_the_query_the_page_was_opened_with(monkeypatch):
    """The page keeps only our own parameters in its address (for the runtime) and the whole
    original query in tt.query: the game reports every parameter it ignores."""
    import platform
    import sys
    import types

    from game.web.params import browser_query

    monkeypatch.setattr(sys, "platform", "emscripten")
    location = types.SimpleNamespace(search="?game=28")
    window = types.SimpleNamespace(location=location, tt=types.SimpleNamespace(query="?game=28&PYGPI=https://x.example/"))
    monkeypatch.setattr(platform, "window", window, raising=False)
    assert browser_query() == "?game=28&PYGPI=https://x.example/"
    settings, notices = parse(browser_query())
    assert settings.game == "28" and [n.param for n in notices] == ["PYGPI"]
    del window.tt
    assert browser_query() == "?game=28"


def test_main_reads_the_url_with_the_front_ends_game_names():
    import main

    _, notices = main.read_query("?game=schieber&target=7")
    assert "target=7" in notices[0].text() and "schieber" not in notices[0].text()


def test_the_default_levels_are_the_ais():
    """The page's parser may not import the AI; its default list of levels is the AI's own."""
    from game.ai import LEVELS as AI_LEVELS

    assert LEVELS == tuple(AI_LEVELS)
