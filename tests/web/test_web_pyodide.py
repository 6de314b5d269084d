"""The engine and the AI in real WebAssembly: Pyodide in headless Chromium plays one full hand
of every game and reports the time per decision (benchmarks/wasm.py prints the ratio to
native); game.web.storage_backend talks to the browser's real localStorage.  The tests share
the worker's Pyodide page (``pyodide``, tests/web/conftest.py), reset before each."""

from __future__ import annotations


import pytest
import web_browser

from game.engine import GAMES


def table(report: dict) -> str:
    lines = [f"    {report['players']} players, Python {report['python']} on {report['platform']}"
             + (f" (AI level {report['level']})" if report["level"] else "")]
    for game, row in report["games"].items():
        if "error" in row:
            lines.append(f"    {game:>8}: failed: {row['error']}")
            continue
        lines.append(f"    {game:>8}: {row['decisions']:3d} decisions, mean {row['mean_ms']:.3f} ms, "
                     f"p95 {row['p95_ms']:.3f} ms, max {row['max_ms']:.3f} ms, hand {row['wall_ms']:.1f} ms")
    return "\n".join(lines)


def test_engine_plays_a_full_hand_of_every_game_in_wasm(pyodide, capsys):
    page, info = pyodide.page, pyodide.info
    report = web_browser.play_in_pyodide(page, seed=3, ai=False)
    assert report["platform"] == "emscripten"
    assert sorted(report["games"]) == sorted(GAMES)
    for game, row in report["games"].items():
        assert "error" not in row, (game, row.get("error"))
        assert row["decisions"] >= 4 * 8, game  # at least a card per seat per trick
        assert row["result_keys"] and "points" in row["result_keys"], game
    with capsys.disabled():
        print(f"\n    Pyodide {info['version']} loaded in {info['load_ms'] / 1000:.1f} s"
              + (" (from the run's snapshot of it)" if info["snapshot"] else ""))
        print(table(report))


def test_ai_plays_a_full_hand_of_every_game_in_wasm(pyodide, capsys):
    """The AI's search (sampled worlds, roll-outs, the exact search of the last tricks) in
    WebAssembly, each decision held to a work budget (20 roll-outs: the same work on any
    machine, so the same decisions): every game is played to its last trick, and exactly as
    natively (benchmarks/wasm.py measures the level's time budget)."""
    import wasm_play

    page = pyodide.page
    report = web_browser.play_in_pyodide(page, seed=3, ai=True, level="normal", work=20)
    if report["players"] != "game.ai.Thinker":
        pytest.fail(f"game.ai did not load in Pyodide ({report['why_random']}); the engine was played at random")
    with capsys.disabled():
        print()
        print(table(report))
    native = wasm_play.run(seed=3, ai=True, level="normal", work=20)
    assert report["level"] == native["level"] == "normal@20"
    same = ("decisions", "rollouts", "choice_rollouts", "tricks", "record_actions", "result_keys", "thrown_in")
    for game, row in report["games"].items():
        assert "error" not in row, (game, row.get("error"))
        assert not row["thrown_in"] and row["decisions"] >= 4 * 8 and row["tricks"] >= 8, (game, row)  # seed 3: no throw-in
        assert row["rollouts"] >= 20 * 8, (game, row)  # it searched
        assert {k: row[k] for k in same} == {k: native["games"][game][k] for k in same}, game


def test_storage_backend_uses_the_browsers_local_storage(pyodide):
    page = pyodide.page
    page.evaluate("localStorage.setItem('trick-table:from-js', 'set by the page')")
    found = web_browser.run_python(page, """
import json, platform, js
platform.window = js            # what pygbag's platform module gives the game
from game.web import storage_backend as sb
sb.use(None)
sb.save("match", "Stöck ✓ சீட்டு")
json.dumps([sb.where(), sb.persistent(), sb.load("match"), sb.load("from-js"), sb.load("absent")])
""")
    assert found == ["localStorage", True, "Stöck ✓ சீட்டு", "set by the page", None]
    assert page.evaluate("localStorage.getItem('trick-table:match')") == "Stöck ✓ சீட்டு"


def test_storage_measures_and_moves_values_in_the_page(pyodide):
    """The backend's page helpers on the browser's real localStorage: a value over the limit is
    refused by its length before it crosses into Python, and a value is moved aside in the page,
    unit for unit (a lone surrogate, which UTF-8 cannot carry, included)."""
    page = pyodide.page
    page.evaluate("localStorage.setItem('trick-table:big', 'x'.repeat(100000));"
                  "localStorage.setItem('trick-table:odd', '{\\uD800 not ours')")
    found = web_browser.run_python(page, """
import json, platform, js
platform.window = js
from game.web import storage_backend as sb
backend = sb.LocalStorageBackend(js)
try:
    backend.load("big", limit=1000)
    refused = None
except sb.TooLarge as err:
    refused = [err.size, err.limit]
backend.move("odd", "odd.unreadable-1")
json.dumps([refused, backend._page() is not None, backend.exists("odd"), backend.exists("odd.unreadable-1")])
""")
    assert found == [[100000, 1000], True, False, True]
    codes = page.evaluate("Array.from(localStorage.getItem('trick-table:odd.unreadable-1')).map(c => c.charCodeAt(0))")
    assert codes[:2] == [ord("{"), 0xD800] and len(codes) == len("{\ud800 not ours")


STORE_IN_PAGE = """
import json, js, platform
platform.window = js
from game.web import storage_backend as sb
from game.ui.storage import Store
backend = sb.LocalStorageBackend(js)
store = Store(backend)
json.dumps([sb.__name__, len(store.notices)])
"""

MATCH = {"game": "28", "version": 1, "options": {}, "seed": 7, "level": "easy", "humans": [0], "hands": []}


def until(page, expression: str, wanted: set, tries: int = 50) -> set:
    """The union of ``expression``'s lists, evaluated in the page until it holds ``wanted``."""
    found: set = set()
    for _ in range(tries):
        found |= set(web_browser.run_python(page, f"json.dumps({expression})"))
        if found >= wanted:
            break
        page.wait_for_timeout(100)
    return found


SNAPSHOT = "() => JSON.stringify(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"


def test_two_tabs_over_one_local_storage_lose_nothing(pyodide):
    """Issue 48, docs/storage.md: two pages of one origin in Chromium, each with the store over
    the real localStorage, both started before either wrote, their writes interleaved (each
    write reaching the other tab before that tab's next one, as a person switching tabs
    goes): statistics add, each setting is the one changed last, the match played on in one
    tab is that tab's and the other tab's moves are kept in a slot of their own; each tab
    hears of the other's writes through the storage event."""
    one, two = pyodide.page, pyodide.new_tab()  # one profile: one localStorage for the origin, two tabs

    def settled():
        """Both tabs read the same localStorage (Chromium carries a write to the other tab's
        copy a moment later)."""
        for _ in range(200):
            if one.evaluate(SNAPSHOT) == two.evaluate(SNAPSHOT):
                return
            one.wait_for_timeout(25)
        raise AssertionError("the two tabs' localStorage did not agree within 5 s")

    def py(page, code, value="None"):
        out = web_browser.run_python(page, code + f"\njson.dumps({value})")
        settled()
        return out

    for page in (one, two):
        assert web_browser.run_python(page, STORE_IN_PAGE)[1] == 0
    settled()
    for i in range(5):
        py(one, "store.count('28', hands=1)")
        if i < 3:
            py(two, "store.count('28', hands=1)")
    py(one, "store.settings['grain'] = 0.9\nstore.save_settings()")
    # before a scene opens, the other tab's writes come in (told by the storage event)
    looked = until(two, "sorted(store.refresh())", {"settings", "stats"})
    assert looked >= {"settings", "stats"}
    assert web_browser.run_python(two, "json.dumps(store.settings['grain'])") == 0.9
    py(two, "store.settings['sound'] = False\nstore.save_settings()")
    heard = until(one, "sorted(backend.changed())", {"settings", "stats"})
    assert heard >= {"stats", "settings"}  # the other tab's writes, by the storage event
    slot = py(one, f"slot = store.save_match({{**{MATCH!r}, 'actions': [[1]]}})", "slot")
    assert web_browser.run_python(two, f"json.dumps(store.load_match({slot!r})['actions'])") == [[1]]
    py(two, f"store.save_match({{**{MATCH!r}, 'actions': [[2]]}}, {slot!r})")
    moved = py(one, f"moved = store.save_match({{**{MATCH!r}, 'actions': [[3]]}}, {slot!r})", "moved")
    told = web_browser.run_python(one, "json.dumps([str(n) for n in store.notices])")
    fresh = web_browser.run_python(two, f"""
again = Store(sb.LocalStorageBackend(js))
json.dumps([again.game_stats('28')['hands'], again.settings['grain'], again.settings['sound'],
        again.load_match({slot!r})['actions'], again.load_match({moved!r})['actions']])
""")
    assert moved not in (None, slot) and len(told) == 1 and "another window" in told[0]
    assert fresh == [8, 0.9, False, [[2]], [[3]]]


def test_the_shared_page_is_reset_to_how_it_loaded(pyodide):
    """What a test may change in the worker's Pyodide page is gone after ``reset()`` (which runs
    before every test): the game's modules and their state, ``platform.window``, the tests'
    globals, the origin's storage, the browser's locale, other tabs."""
    page = pyodide.page
    loaded = page.evaluate("[navigator.language, navigator.languages, Intl.DateTimeFormat().resolvedOptions().locale]")
    assert loaded[0] != "ta" and web_browser.run_python(page, "import json, sys\njson.dumps('game' in sys.modules)") is False
    page.evaluate("localStorage.setItem('trick-table:left', '1'); sessionStorage.setItem('left', '1')")
    pyodide.set_locale("ta")
    pyodide.context.new_page()
    changed = web_browser.run_python(page, """
import json, js, platform
platform.window = js
from game import i18n
i18n.set_language("ta")
i18n.left_behind = True
left = 1
json.dumps([i18n.language(), i18n.browser_language()])
""")
    assert changed == ["ta", "ta"] and len(pyodide.context.pages) == 2
    pyodide.reset()
    assert len(pyodide.context.pages) == 1
    assert page.evaluate("[localStorage.length, sessionStorage.length]") == [0, 0]
    assert page.evaluate("[navigator.language, navigator.languages, Intl.DateTimeFormat().resolvedOptions().locale]") == loaded
    found = web_browser.run_python(page, """
import json, sys, platform
fresh = [sorted(m for m in sys.modules if m.split(".")[0] == "game"), hasattr(platform, "window"), "left" in globals(),
         "i18n" in globals()]
from game import i18n
json.dumps(fresh + [i18n.language(), hasattr(i18n, "left_behind")])
""")
    assert found == [[], False, False, False, "en", False]
