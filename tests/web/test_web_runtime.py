"""The page against pygbag's real runtime files, in Chromium (pygbag_cdn.py answers the CDN).

The real pythons.js and cpython312/main.js run, up to the point where main.wasm is needed:
the fixture has none, so main.wasm is either missing (404) or stand-in bytes (an empty
module, which main.js cannot link). What is checked: the requests the real loader makes, in
order; that it calls our hooks; that the page passes it nothing but the game's own URL
parameters and pins the interpreter; that its failures show our failure screen; that the
service worker keeps every one of these files all or nothing and answers them all offline.

A test that does not look at the service worker opens its context with ``service_worker=False``:
Chromium then neither installs the worker nor fills its caches for it.
"""

from __future__ import annotations

import json

import pytest
import web_build
from pygbag_cdn import CDN, INDEX, RUNTIME, STAND_IN_DATA, WATCHDOG_SECONDS, WHEEL, screens, shoot, wait_failed

RUNTIME_FILES = [RUNTIME + name for name in web_build.RUNTIME_FILES]
KEPT_RUNTIME = RUNTIME_FILES + [INDEX, WHEEL]


def visit(context, url: str):
    page = context.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.dialogs = dialogs
    page.goto(url)
    return page


def visit_tab(tab, url: str):
    """The worker's shared tab (``cdn_tab``, reset: no service worker) at ``url``; the dialogs
    it dismisses are ``tab.dialogs``."""
    tab.page.goto(url)
    return tab.page


def kept(page, timeout_ms: float = 30_000) -> bool:
    """Wait for the service worker's answer to the page's "keep" (True: the runtime is whole)."""
    page.wait_for_function("() => window.tt && window.tt.kept !== null", timeout=timeout_ms)
    return page.evaluate("tt.kept")


def cache_keys(page) -> dict:
    return page.evaluate(
        """async () => {
            const out = {};
            for (const name of await caches.keys()) {
                out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
            }
            return out;
        }"""
    )


def test_the_real_loader_asks_for_the_runtime_in_order_and_calls_our_hooks(cdn_context, shipped_site):
    # main.wasm waits until the bar has been read: its arrival starts the watchdog, which on a
    # loaded machine could end the start (and freeze the bar) before the reports below arrive
    context, routes = cdn_context(hold=("cpython312/main.wasm",))
    seen = []
    context.on("request", lambda r: seen.append((r.url, r.service_worker is not None, r.resource_type)))
    page = visit(context, shipped_site.url + "index.html?game=28&lang=de")
    # the runtime reports its download through its own setStatus, which writes #progress
    # (and drops a report that comes within 30 ms of the last): our bar follows it
    page.wait_for_function("() => window.Module && window.Module.setStatus && tt.trail.some((t) => t[1] === 'onload')")
    # (a report of main.data's real download within those 30 ms drops ours: it is said again
    # until the bar has taken it, or the start has failed)
    page.evaluate("""async () => {
        const bar = document.getElementById('tt-bar');
        for (const done of [10, 50, 50, 50, 50, 50, 50, 50, 50, 50]) {
            await new Promise((resolve) => setTimeout(resolve, 40));
            if (bar.value >= 40 || tt.failure !== null) break;
            Module.setStatus(`Downloading data... (${done}/100)`);
        }
    }""")
    page.wait_for_function("() => document.getElementById('tt-bar').value >= 40 || tt.failure !== null")
    bar = page.evaluate("document.getElementById('tt-bar').value")
    routes.release()
    failure = wait_failed(page)
    assert kept(page) is True
    by_page = [url for url, worker, _ in seen if not worker]
    order = [by_page.index(url) for url in (shipped_site.url + "index.html?game=28&lang=de", RUNTIME + "pythons.js",
                                             RUNTIME + "cpython312/main.js", RUNTIME + "cpython312/main.data")]
    assert order == sorted(order), by_page
    assert by_page.index(RUNTIME + "cpython312/main.wasm") > by_page.index(RUNTIME + "cpython312/main.js")
    assert RUNTIME + "empty.ogg" in by_page  # the runtime's autoplay check
    # nothing else leaves the page: no other host, nothing the Python side would fetch
    assert {url.split("/")[2] for url, _, _ in seen} == {shipped_site.url.split("/")[2], "pygame-web.github.io"}
    assert not any(url.startswith(CDN) and url not in RUNTIME_FILES for url in by_page), by_page
    by_worker = [url for url, worker, _ in seen if worker]
    assert set(KEPT_RUNTIME) <= set(by_worker)
    # our hooks: pythons.js called custom_onload (which set the interpreter's abort hook), the
    # runtime's download moved our bar, the page asked the worker to keep the runtime
    trail = [what for _, what, _ in page.evaluate("tt.trail")]
    # the address needed no change; "keep" may come before "onload" (the service worker can
    # control the page before pythons.js has loaded), so only what came before "onload" is asked
    assert "onload" in trail and set(trail[:trail.index("onload")]) <= {"keep"}, trail
    assert page.evaluate("typeof Module.onAbort") == "function"
    # 50 % of the runtime's download shown as 40 % of the whole start (80 % if main.js's own
    # report of the whole main.data came last)
    assert bar in (40, 80)
    assert "keep" in trail and "kept" in trail
    # main.js could not link the stand-in main.wasm: loaded with CORS, its error reaches the
    # page at once (no watchdog), on our failure screen, never in a dialog
    assert failure == {"reason": "runtime", "detail": "need dylink section"}
    assert screens(page)["failed"] and page.dialogs == []
    shoot(page, "runtime-stops-at-main-wasm")


def test_missing_runtime_files_show_the_failure_screen(cdn_tab, shipped_site):
    tab, routes = cdn_tab(wasm=None, data=None)  # as the fixture is: no main.wasm, no main.data
    page = visit_tab(tab, shipped_site.url + "index.html")
    failure = wait_failed(page, timeout_ms=15_000)
    assert failure == {"reason": "load", "detail": RUNTIME + "cpython312/main.data answered 404 (Not Found : "
                                                   + RUNTIME + "cpython312/main.data)"}
    shown = screens(page)
    assert shown["failed"] and not shown["loading"] and not shown["canvas"]
    assert shown["title"] == "The game could not start."
    assert "could not be loaded" in shown["reason"] and shown["detail"] == failure["detail"]
    assert tab.dialogs == []  # pythons.js's alert() went to the failure screen
    shoot(page, "missing-main-wasm")
    with page.expect_navigation():
        page.click("#failed-button")  # Reload
    assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"


@pytest.mark.parametrize("query, passed", [
    ("?PYGPI=https://evil.example/&game=28", ["game=28"]),  # a package index of someone else's
    ("?python3.11&game=28", ["game=28"]),                    # a first item naming another interpreter
    ("?-i&game=28&seed=7", ["game=28", "seed=7"]),           # a Python prompt
    # our own name, a value with "py": kept, after an empty first item (the interpreter's)
    ("?game=pkpy&seed=7", ["", "game=pkpy", "seed=7"]),
    # a script to fetch and run: an empty last item is the runtime's last one
    ("?game=28&level=http://evil.example/x.py", ["game=28", "level=http://evil.example/x.py", ""]),
    ("?game=28&seed=%E0%A4%A&HOME=/tmp", ["game=28"]),       # undecodable: the runtime would stop
    ("?GAME=28&Seed=7&utm_source=news&debug=1", ["GAME=28", "Seed=7"]),
    ("?game=28#https://evil.example/x.py", ["game=28"]),     # the fragment becomes sys.argv
    # a link to an example position passes whole (codes never hold "py")
    ("?record=28.1ilLM_wOHGzn7-LB3pYb92YTR4AKcC&step=8&mode=play&autoplay=1&caption=Lead",
     ["record=28.1ilLM_wOHGzn7-LB3pYb92YTR4AKcC", "step=8", "mode=play", "autoplay=1", "caption=Lead"]),
])
def test_the_runtime_gets_only_our_parameters(cdn_tab, shipped_site, query, passed):
    tab, routes = cdn_tab()
    page = visit_tab(tab, shipped_site.url + "index.html" + query)
    page.wait_for_function("() => window.Module && window.Module.PyConfig && tt.trail.some((t) => t[1] === 'onload')")
    page.wait_for_function("() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/main.js'))")
    found = page.evaluate("""() => ({
        argv: Module.PyConfig.orig_argv, sysArgv: Module.PyConfig.argv, search: location.search, hash: location.hash,
        interpreter: Module.script.interpreter, executable: Module.config.executable, pydigits: Module.config.pydigits,
        interactive: Module.PyConfig.interactive, query: tt.query, debug: !!Module.config.debug})""")
    assert found["argv"] == passed
    assert not found["argv"][0].count("py") and not found["argv"][-1].endswith(".py")
    assert not any("evil" in a or "py" in a for a in found["sysArgv"])
    assert found["search"] == ("?" + "&".join(passed) if passed else "") and found["hash"] == ""
    assert found["interpreter"] == "cpython" and found["pydigits"] == "312" and found["interactive"] == 0
    assert found["executable"] == RUNTIME + "cpython312/main.js" and not found["debug"]
    assert found["query"] == query.split("#")[0]  # the game still reads (and reports) all of it
    assert {url.split("/")[2] for url in tab.requests} == {shipped_site.url.split("/")[2], "pygame-web.github.io"}
    assert RUNTIME + "cpython312/main.js" in tab.requests


def test_the_service_worker_keeps_the_real_runtime_and_answers_it_offline(cdn_context, shipped_site, src):
    context, routes = cdn_context()
    page = visit(context, shipped_site.url + "index.html?game=304")
    assert kept(page) is True
    wait_failed(page)
    version = shipped_site.summary["version"]
    found = cache_keys(page)
    app = f"trick-table-app-{version}"
    runtime = [name for name in found if name.startswith("trick-table-runtime-")]
    assert sorted(found) == sorted([app] + runtime) and len(runtime) == 1
    assert sorted(found[app]) == sorted(shipped_site.url + name for name in
                                        ["index.html", "tricktable.tar.gz", "manifest.webmanifest", "favicon.png",
                                         "examples/embed.html",
                                         "icons/icon-192.png", "icons/icon-512.png", "icons/icon-maskable-512.png",
                                         "icons/apple-touch-icon.png"])
    assert sorted(found[runtime[0]]) == sorted(KEPT_RUNTIME + [shipped_site.url + "trick-table-runtime-is-whole"])

    # offline: every request of the page is answered by the worker, up to main.wasm
    context.set_offline(True)
    routes.offline = True
    before = len(routes.requests)
    answers = []
    page.on("response", lambda r: answers.append((r.url, r.status, r.from_service_worker)))
    response = page.reload()
    assert response.ok and response.from_service_worker
    failure = wait_failed(page)
    assert failure["reason"] == "runtime"  # main.js stops at the stand-in main.wasm, as online
    asked = {url for url, _, _ in answers}
    for url in [shipped_site.url + "index.html?game=304"] + RUNTIME_FILES[:1] + RUNTIME_FILES[2:5]:
        assert url in asked, url
    assert all(status == 200 and worker for url, status, worker in answers), answers
    assert len(routes.requests) == before  # nothing reached the network
    shoot(page, "offline-runtime-kept")


def test_the_runtime_cache_is_filled_all_or_nothing(cdn_context, shipped_site):
    context, routes = cdn_context(fail=(WHEEL,))
    page = visit(context, shipped_site.url + "index.html")
    assert kept(page) is False  # the wheel did not arrive: no runtime is kept, not even in part
    assert [name for name in cache_keys(page) if name.startswith("trick-table-runtime-")] == []

    # a cache that a cut-short filling left behind (no marker) is never read
    page.evaluate("""async () => {
        const runtime = (await (await fetch('sw.js')).text()).match(/const RUNTIME = "([^"]+)"/)[1];
        const cache = await caches.open('trick-table-runtime-' + runtime + '@000000000000001');
        await cache.put('https://pygame-web.github.io/cdn/0.9.3/pythons.js', new Response('window.stale = true;'));
    }""")
    routes.fail.clear()
    page.reload()
    assert kept(page) is True
    assert page.evaluate("window.stale === undefined")  # the real pythons.js ran, not the half cache's
    runtime = [name for name in cache_keys(page) if name.startswith("trick-table-runtime-")]
    assert len(runtime) == 1 and not runtime[0].endswith("@000000000000001")  # the half one deleted

    # a CDN that replaced a file meanwhile changes nothing in the whole runtime kept
    routes.data = b"replaced in place"
    page.reload()
    assert kept(page) is True
    length = page.evaluate(f"fetch('{RUNTIME}cpython312/main.data').then((r) => r.arrayBuffer()).then((b) => b.byteLength)")
    assert length == len(STAND_IN_DATA)
    assert [name for name in cache_keys(page) if name.startswith("trick-table-runtime-")] == runtime


def test_a_new_build_replaces_the_app_and_keeps_the_runtime(cdn_context, shipped_site, src, tmp_path):
    import shutil

    from web_serve import LocalServer

    shutil.copytree(shipped_site.directory, tmp_path / "web")  # the first build: the session's, copied
    first = shipped_site.summary
    server = LocalServer(tmp_path / "web")
    try:
        context, routes = cdn_context()
        page = visit(context, server.url + "index.html")
        assert kept(page) is True
        runtime = sorted(name for name in cache_keys(page) if name.startswith("trick-table-runtime-"))
        asked = len(routes.requests)

        second = web_build.build(src=src, out=tmp_path / "web", stage_root=tmp_path / "stage", quiet=True,
                                 watchdog_seconds=WATCHDOG_SECONDS, width=1282)
        assert second["version"] != first["version"]
        state = page.evaluate("""async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration.update();
            const worker = registration.installing || registration.waiting;
            if (!worker) return 'no new worker';
            if (worker.state !== 'activated') {
                await new Promise((done) => worker.addEventListener('statechange', () => {
                    if (worker.state === 'activated' || worker.state === 'redundant') done();
                }));
            }
            return worker.state;
        }""")
        assert state == "activated"
        found = cache_keys(page)
        assert sorted(found) == sorted([f"trick-table-app-{second['version']}"] + runtime)
        assert len(routes.requests) == asked  # the runtime was not fetched again
        page.reload()
        assert page.evaluate("tt.build") == second["version"]
        assert json.loads(page.evaluate("JSON.stringify(window.config.fb_width)")) == "1282"
    finally:
        server.stop()


def test_the_runtimes_alerts_and_rejections_reach_the_failure_screen(cdn_tab, shipped_site):
    """pythons.js answers an unhandled promise rejection with alert(): the page shows its
    failure screen instead of a dialog.  (The stand-in interpreter: the real main.js would fail
    on its own at the wasm it cannot link, and its failure could come first.)"""
    tab, routes = cdn_tab(stand_in=True)
    page = visit_tab(tab, shipped_site.url + "index.html")
    page.wait_for_function("() => tt.trail.some((t) => t[1] === 'onload')")
    page.evaluate("setTimeout(() => Promise.reject(new Error('rejected on purpose')), 0)")
    failure = wait_failed(page)
    assert failure == {"reason": "runtime", "detail": "rejected on purpose"}
    assert ["alert", "Rejection occurred: rejected on purpose"] in [t[1:] for t in page.evaluate("tt.trail")]
    assert tab.dialogs == []
    shoot(page, "runtime-error")


def test_offline_before_the_runtime_was_kept_says_so(cdn_context, shipped_site):
    context, routes = cdn_context(fail=(WHEEL,))
    page = visit(context, shipped_site.url + "index.html")
    assert kept(page) is False  # the page is kept, the runtime is not (the wheel did not arrive)
    context.set_offline(True)
    routes.offline = True
    page.reload()
    failure = wait_failed(page, timeout_ms=15_000)
    assert failure == {"reason": "load", "detail": "could not load " + RUNTIME + "pythons.js"}
    assert screens(page)["reason"].startswith("This device is offline, and the game has not been kept for offline play yet.")
    shoot(page, "offline-not-kept-yet")
