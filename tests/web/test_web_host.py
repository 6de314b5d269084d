"""The host-page API in headless Chromium: an embedding page drives the game with postMessage
and receives its events in order; hostile messages are ignored or answered with ``error``.

The game is the site built as it ships but for its list of embedding origins
(``EMBED_ORIGINS``: http://rules.example), answered at http://games.example/tt/ (public
addresses all: Chromium keeps public pages from framing local ones), with pygbag's real
pythons.js and our stand-in interpreter (stand_in/main.js), which runs our Python in Pyodide
(its step 7):
the page template's script, game/web/host.py, game/ui/host_bridge.py, links, session, the
table's AI driver and the AI are the game's own; the app's window and scenes are stood in for
by host_app.py.  The embedding page is build/examples/embed.html as the build ships it,
answered at http://rules.example/ (allowed by the build) and http://evil.example/ (not), and
served by the game's own site (its own origin: allowed without any setting).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
import web_browser
import web_build
from pygbag_cdn import TYPES, WATCHDOG_SECONDS, CdnRoutes
from web_serve import TYPES as SITE_TYPES

from game.engine import Match, codes
from game.engine.records import replay

HERE = Path(__file__).resolve().parent
RULES, EVIL = "http://rules.example", "http://evil.example"
GAME_AT = "http://games.example/tt/"
PYODIDE_AT = "https://pyodide.stand-in/"
SNAPSHOT = "snapshot/" + web_browser.SNAPSHOT_NAME  # (not a file of Pyodide's)
READY_MS = 240_000  # Pyodide in the iframe, then the game's Python: tens of seconds on a busy machine
MORE_TYPES = {".mjs": "text/javascript", ".zip": "application/zip", ".map": "application/json"}


class Site:
    def __init__(self, folder: Path):
        self.directory, self.url = folder, GAME_AT


@pytest.fixture(scope="module")
def embed_site(tmp_path_factory, can_browse, src, real_cdn):
    work = tmp_path_factory.mktemp("embed-site")
    web_build.build(src=src, out=work / "web", stage_root=work / "stage", quiet=True,
                    watchdog_seconds=WATCHDOG_SECONDS, embed=[RULES], game_origins=[GAME_AT.rstrip("/").rsplit("/", 1)[0]],
                    csp_extra=(PYODIDE_AT,))
    return Site(work / "web")


def files(folder: Path, base: str, headers: dict | None = None):
    """A route handler answering ``base`` + a path with the file at that path in ``folder``."""
    def answer(route):
        name = route.request.url[len(base):].split("#")[0].split("?")[0] or "index.html"
        path = folder / name
        if ".." in name.split("/") or not path.is_file():
            return route.fulfill(status=404, body=b"not found")
        kind = MORE_TYPES.get(path.suffix) or SITE_TYPES.get(path.suffix) or TYPES.get(path.suffix)
        if path.suffix == ".html":
            kind = "text/html; charset=utf-8"
        # Playwright's client reads the file and its driver passes it on (each ~0.1 s of CPU a
        # MB: Pyodide's files are ~20 MB a load, hence pyodide_gzipped)
        return route.fulfill(status=200, path=path,
                             headers={**(headers or {}), "Content-Type": kind or "application/octet-stream"})
    return answer


def gzipped_file(path: Path):
    """A route handler answering with the gzipped file at ``path``."""
    return lambda route: route.fulfill(status=200, path=path, headers={
        "Access-Control-Allow-Origin": "*", "Content-Type": "application/gzip"})


def new_context(browser, site, snapshot: Path, gzipped: dict):
    """A browser context: pygbag's CDN with the stand-in interpreter running our Python, Pyodide
    at PYODIDE_AT (started from ``snapshot``, the run's ``pyodide_snapshot``; the files
    ``gzipped`` names, the run's ``pyodide_gzipped``, fetched gzipped), the shipped example
    page at RULES and EVIL."""
    # the game's service worker is not what these tests look at: not registered, less work
    context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
    context.set_default_timeout(60_000)
    CdnRoutes(context, stand_in=True)
    examples = Path(site.directory) / "examples"
    context.route(GAME_AT + "**", files(Path(site.directory), GAME_AT))
    context.route(PYODIDE_AT + "**", files(web_browser.PYODIDE, PYODIDE_AT, {"Access-Control-Allow-Origin": "*"}))
    context.route(PYODIDE_AT + SNAPSHOT, lambda route: route.fulfill(status=200, path=snapshot, headers={
        "Access-Control-Allow-Origin": "*", "Content-Type": "application/octet-stream"}))
    for name, path in gzipped.items():  # only gzipped: the stand-in must unzip them
        context.route(PYODIDE_AT + name, lambda route: route.fulfill(status=404, body=b"ask for it gzipped"))
        context.route(PYODIDE_AT + name + ".gz", gzipped_file(path))
    context.route(RULES + "/**", files(examples, RULES + "/"))
    context.route(EVIL + "/**", files(examples, EVIL + "/"))
    app = (HERE / "host_app.py").read_text(encoding="utf-8")
    python = {"indexURL": PYODIDE_AT, "app": app, "snapshot": PYODIDE_AT + SNAPSHOT, "gzipped": list(gzipped)}
    context.add_init_script("window.__standIn = " + json.dumps({"python": python}) + ";")
    return context


def embedding_page(context, site, origin=None):
    """The example page at ``origin`` with the game in its iframe (None: the one the site ships)."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    if origin:
        page.goto(f"{origin}/embed.html?src=" + quote(site.url + "index.html?embed=1&lang=en", safe=""))
    else:
        page.goto(site.url + "examples/embed.html")
    for _ in range(1200):
        frame = next((f for f in page.frames if f.url.startswith(site.url + "index.html")), None)
        if frame is not None:
            return page, frame
        page.wait_for_timeout(50)
    raise AssertionError("the game's frame did not load")


def events(page) -> list[dict]:
    return page.evaluate("window.trickTableEvents")


def wait_event(page, kind: str, after: int = 0, timeout: float = 120_000, count: int = 1) -> list[dict]:
    page.wait_for_function(
        f"() => window.trickTableEvents.slice({after}).filter((e) => e.type === {kind!r}).length >= {count}",
        timeout=timeout)
    return events(page)[after:]


def send(page, kind: str, **fields) -> str:
    return page.evaluate("([kind, fields]) => window.trickTableSend(kind, fields)", [kind, fields])


def post_raw(page, script: str) -> None:
    """Run ``script`` in the embedding page with ``game`` (the iframe's window) and ``origin``."""
    page.evaluate("(script) => { const game = document.getElementById('game').contentWindow; "
                  "const origin = new URL(document.getElementById('game').src).origin; eval(script); }", script)


def python_status(frame) -> str:
    return frame.evaluate("() => (window.__standIn.record || {}).python || ''")


def wait_python(frame) -> None:
    frame.wait_for_function("() => ((window.__standIn.record || {}).python || '') !== 'loading' "
                            "&& window.__standIn.record && window.__standIn.record.python", timeout=READY_MS)
    assert python_status(frame) == "running", python_status(frame)


def app_state(frame) -> dict:
    return json.loads(frame.evaluate(
        "() => window.__standIn.pyodide.runPython('import json, stand_in_app; json.dumps(stand_in_app.APP.state())')"))


def wait_state(frame, script: str, timeout: float = 60_000) -> dict:
    """Wait until ``script`` (JS, with ``s`` the app's state) is true; returns the state."""
    frame.wait_for_function("(script) => { const s = JSON.parse(window.__standIn.pyodide.runPython("
                            "'import json, stand_in_app; json.dumps(stand_in_app.APP.state())')); return eval(script); }",
                            arg=script, timeout=timeout)
    return app_state(frame)


@pytest.fixture(scope="module")
def shared_rules_page(browser, embed_site, pyodide_snapshot, pyodide_gzipped):
    """The rules page with the game in its frame, loaded once for the module's tests (Pyodide in
    the frame costs seconds of CPU); ``rules_page`` resets it before each."""
    context = new_context(browser, embed_site, pyodide_snapshot, pyodide_gzipped)
    page, frame = embedding_page(context, embed_site, RULES)
    try:
        wait_event(page, "ready", timeout=READY_MS)
    except Exception:  # noqa: BLE001 - whatever stopped it, the game's Python says why
        raise AssertionError(f"no ready event; the game's Python: {python_status(frame)}") from None
    yield page, frame, app_state(frame), events(page)
    context.close()


def reset(page, frame, heard: int) -> None:
    """What a test may change, as it was when the page loaded: the permissions granted, the
    pages opened beside it, the game's storage and its app (a new one, as main() starts it,
    on the same link: host_app.reset), the events the page heard (the first ``heard``, its
    "ready", stay; the page's own command numbers go on)."""
    context = page.context
    context.clear_permissions()
    for other in context.pages:
        if other is not page:
            other.close()
    # a frame of another site: Chromium denies it storage (the game keeps its settings in
    # memory, which the new app forgets); where a browser gives it storage, it is emptied
    frame.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (denied) {} }")
    frame.evaluate("() => window.__standIn.pyodide.runPython('import stand_in_app; stand_in_app.reset()')")
    page.evaluate("(heard) => { window.trickTableEvents.length = heard; }", heard)


@pytest.fixture
def rules_page(shared_rules_page):
    page, frame, _, heard = shared_rules_page
    reset(page, frame, len(heard))
    return page, frame


def test_the_shared_rules_page_is_reset_to_how_it_loaded(shared_rules_page):
    """After a test's commands (a match running, paused, in Tamil, a caption, the clipboard
    allowed, a page opened beside it) ``reset`` leaves the game as it loaded, listening."""
    page, frame, loaded, heard = shared_rules_page
    reset(page, frame, len(heard))  # whatever ran before
    assert loaded["stack"] == ["menu"] and loaded["language"] == "en" and not loaded["paused"]
    assert [e["type"] for e in heard] == ["ready"] and events(page) == heard
    send(page, "load", code=codes.deal_code(_finished_hand("28", 4)), caption="Left behind")
    send(page, "set-language", lang="ta")
    send(page, "pause")
    wait_state(frame, "s.paused && s.language === 'ta' && s.caption === 'Left behind'")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.context.new_page()
    assert events(page) == heard and len(page.context.pages) == 2
    send(page, "unknown-command")
    wait_event(page, "error", len(heard))
    reset(page, frame, len(heard))
    assert app_state(frame) == loaded and events(page) == heard and len(page.context.pages) == 1
    assert page.evaluate("navigator.permissions.query({name: 'clipboard-read'}).then((p) => p.state)") != "granted"
    send(page, "set-language", lang="de")  # the new app hears the page, and says "ready" no more
    assert wait_state(frame, "s.language === 'de'")["language"] == "de"
    assert events(page) == heard


def test_a_rules_page_drives_a_match_and_hears_its_events_in_order(rules_page):
    page, frame = rules_page
    ready = events(page)[0]
    assert ready["type"] == "ready" and ready["trickTable"] == 1
    assert ready["games"] == ["304", "28", "400", "schieber"]
    assert ready["commands"] == ["new-match", "load", "set-language", "pause"] and ready["build"]
    start = len(events(page))
    sent = send(page, "new-match", game="304", options={"tokens": 2}, seed=11, level="easy", demo=True)
    got = wait_event(page, "match-over", start, timeout=400_000)
    kinds = [e["type"] for e in got]
    assert kinds[-1] == "match-over" and set(kinds[:-1]) == {"hand-over"}, kinds
    overs = got[:-1]
    assert [e["hand"] for e in overs] == list(range(1, len(overs) + 1))  # once each, in order
    assert codes.decode(overs[0]["deal"]).hand.dealt == Match("304", {"tokens": 2}, 11).hand.dealt  # the seed's deal
    for event in overs:  # each hand's record replays to the result the event reports
        record = codes.decode(event["record"]).record()
        out = replay(record)
        assert out["ok"] and out["complete"] and out["result"] == event["result"], (out, event)
        assert codes.decode(event["deal"]).hand.dealt == codes.decode(event["record"]).hand.dealt
    assert overs[-1]["result"]["match_over"] and not any(e["result"]["match_over"] for e in overs[:-1])
    assert got[-1]["winner"] == overs[-1]["result"]["winner"] and got[-1]["score"] == overs[-1]["score"]
    assert re.fullmatch(r"c[1-9][0-9]*", sent)  # the page numbers its commands; which number depends on
    # what the module's shared page sent before this test (the tests run in any order)


def test_load_plays_a_record_back_and_a_deal_again(rules_page):
    page, frame = rules_page
    hand = _finished_hand("schieber", 6)
    code = codes.record_code(hand)
    start = len(events(page))
    send(page, "load", code=code, step=4, autoplay=True, caption="Watch the Stöck")
    got = wait_event(page, "hand-over", start)
    assert got[0]["type"] == "hand-over" and got[0]["record"] == code  # the same actions, played back
    step = next(k for k, (seat, _text) in enumerate(hand.history) if k >= 5 and seat == 0)  # the player's turn
    send(page, "load", code=code, step=step, mode="play", caption="Your turn")
    state = wait_state(frame, f"s.record && s.record.actions.length === {step} && s.humans.length === 1")
    assert state["caption"] == "Your turn" and state["humans"] == [0] and state["stack"] == ["table"]
    assert state["record"]["actions"] == [list(a) for a in hand.history[:step]]
    deal = codes.deal_code(_finished_hand("400", 2))
    send(page, "load", code=deal)
    state = wait_state(frame, "s.record && s.record.game === '400'")
    dealt = codes.decode(deal).hand.record()
    assert {k: v for k, v in state["record"].items() if k != "actions"} == {k: v for k, v in dealt.items() if k != "actions"}
    assert [e["type"] for e in events(page)[start:]] == ["hand-over"]  # nothing refused


def test_set_language_and_pause(rules_page):
    page, frame = rules_page
    start = len(events(page))
    send(page, "set-language", lang="ta")
    assert wait_state(frame, "s.language === 'ta'")["language"] == "ta"
    send(page, "pause")
    assert wait_state(frame, "s.paused")["paused"] is True
    send(page, "pause", paused=False)
    assert wait_state(frame, "!s.paused")["paused"] is False
    send(page, "set-language", lang="en")
    wait_state(frame, "s.language === 'en'")
    assert events(page)[start:] == []


def test_hostile_messages_get_errors_and_the_game_goes_on(rules_page):
    page, frame = rules_page
    start = len(events(page))
    before = app_state(frame)
    post_raw(page, "const loop = {trickTable: 1, type: 'pause'}; loop.self = loop; game.postMessage(loop, origin);")
    post_raw(page, "game.postMessage('pause', origin);")
    post_raw(page, "game.postMessage({trickTable: 1, type: 'load', code: 'x'.repeat(10000), id: 'big'}, origin);")
    post_raw(page, "game.postMessage(new ArrayBuffer(16), origin);")
    post_raw(page, "game.postMessage({trickTable: 1, type: 'launch', id: 'h1'}, origin);")
    post_raw(page, "game.postMessage({trickTable: 2, type: 'pause', id: 'h2'}, origin);")
    post_raw(page, "game.postMessage({trickTable: 1, type: 'new-match', game: 'chess', id: 'h3'}, origin);")
    post_raw(page, "game.postMessage({trickTable: 1, type: 'pause', paused: 'maybe', id: 'h4'}, origin);")
    post_raw(page, "game.postMessage({trickTable: 1, type: 'load', code: '28.1AAAAAAA', id: 'h5'}, origin);")
    post_raw(page, "let deep = []; for (let i = 0; i < 50; i++) deep = [deep]; "
                   "game.postMessage({trickTable: 1, type: 'pause', id: 'h6', paused: deep}, origin);")
    got = wait_event(page, "error", start, count=10)
    errors = {e.get("id"): e["message"] for e in got}
    messages = [e["message"] for e in got]
    assert all(e["type"] == "error" for e in got), got
    assert any("must be a JSON object (TypeError)" in m for m in messages)   # a loop: not JSON (the page)
    assert any(m.startswith("a message must be a JSON object") and "TypeError" not in m for m in messages)  # 'pause'
    assert "at most 4096 characters" in errors["big"]                        # refused by the page
    assert any('needs "trickTable": 1' in m for m in messages)               # the ArrayBuffer: {}
    assert "unknown command 'launch'" in errors["h1"] and "API version 2" in errors["h2"]
    assert "unknown game 'chess'" in errors["h3"] and "pause: paused must be true or false" in errors["h4"]
    assert "damaged or incomplete" in errors["h5"]
    assert any("nests lists or objects more than 4 levels deep" in m for m in messages)  # not read: no id
    # a flood: the page queues 32 and answers the rest at once; the game takes them all in time
    start = len(events(page))
    post_raw(page, "for (let i = 0; i < 60; i++) game.postMessage({trickTable: 1, type: 'pause', "
                   "paused: i % 2 === 0, id: 'f' + i}, origin);")
    got = wait_event(page, "error", start, count=1)
    assert all(e["type"] == "error" and "too many messages at once" in e["message"] for e in got)
    after = app_state(frame)
    assert after["record"] == before["record"] and after["stack"] == before["stack"]
    send(page, "pause", paused=False)  # it still listens
    assert wait_state(frame, "!s.paused")["paused"] is False
    assert frame.evaluate("tt.failure") is None


def test_a_page_of_another_origin_is_not_heard(browser, embed_site, pyodide_snapshot, pyodide_gzipped):
    context = new_context(browser, embed_site, pyodide_snapshot, pyodide_gzipped)
    try:
        page, frame = embedding_page(context, embed_site, EVIL)
        wait_python(frame)
        frame.wait_for_function("() => window.__standIn.pyodide.runPython("
                                "'import stand_in_app; stand_in_app.APP is not None and stand_in_app.APP.host.ready')")
        before = app_state(frame)
        send(page, "new-match", game="28", seed=3, demo=True)
        post_raw(page, "game.postMessage({trickTable: 1, type: 'pause'}, '*');")
        frame.wait_for_function("() => tt.host.ignored >= 2")
        frames = "window.__standIn.pyodide.runPython('import stand_in_app; stand_in_app.FRAMES')"
        seen = frame.evaluate(f"() => {frames}")
        frame.wait_for_function(f"() => {frames} >= {seen + 3}")  # the game has read its messages since
        assert app_state(frame) == before and before["stack"] == ["menu"]
        assert events(page) == []  # not even ready: the game speaks only to pages it may
    finally:
        context.close()


def test_the_shipped_example_talks_to_its_own_site_without_any_setting(browser, embed_site, pyodide_snapshot, pyodide_gzipped):
    context = new_context(browser, embed_site, pyodide_snapshot, pyodide_gzipped)
    try:
        page, frame = embedding_page(context, embed_site)
        wait_event(page, "ready", timeout=READY_MS)
        page.select_option("#lang", "de")
        page.click("#set-language")
        assert wait_state(frame, "s.language === 'de'")["language"] == "de"
        page.fill("#code", codes.deal_code(_finished_hand("28", 4)))
        page.click("#load")
        assert wait_state(frame, "s.record !== null")["record"]["game"] == "28"
        assert [e["type"] for e in events(page)] == ["ready"]
    finally:
        context.close()


def _finished_hand(game: str, seed: int):
    from game.engine.records import hand_from_record, random_record

    record = random_record(game, seed)
    hand = hand_from_record(record)
    for _seat, text in record["actions"]:
        hand.apply(text)
    return hand


def test_copy_link_writes_the_clipboard(rules_page):
    """The page's tt.copy, which the hand result's Copy link calls: the clipboard of an iframe
    allowed clipboard-write (the example's iframe is), else a selected text area."""
    page, frame = rules_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = GAME_AT + "?deal=28.1ND_xYVHogUVAhNDaq2YTR3A56F"
    page.bring_to_front()
    frame.locator("#canvas").click(position={"x": 5, "y": 5}, force=True)  # the game has the focus, as after a tap
    frame.evaluate("(link) => tt.copy(link)", link)
    frame.wait_for_function("() => tt.copied !== 'pending'")
    assert frame.evaluate("tt.copied") == "done"
    reader = page.context.new_page()  # a secure page reads the clipboard back
    page.context.route("https://reader.example/", lambda route: route.fulfill(
        status=200, body="<p>reader", headers={"Content-Type": "text/html"}))
    reader.goto("https://reader.example/")
    reader.bring_to_front()
    assert reader.evaluate("navigator.clipboard.readText()") == link
    reader.close()


def test_embed_origins_are_checked_when_the_page_is_built():
    assert web_build.embed_origins("https://a.example, http://localhost:8080/ *") == \
        ["https://a.example", "http://localhost:8080", "*"]
    assert web_build.embed_origins("") == [] and web_build.embed_origins(["https://a.example"] * 2) == ["https://a.example"]
    for bad in ("rules.example", "https://a.example/page", "javascript:alert(1)", 'https://a.example"><script>'):
        with pytest.raises(web_build.BuildError, match="not an origin"):
            web_build.embed_origins(bad)
