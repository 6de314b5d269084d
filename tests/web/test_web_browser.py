"""The built page in Chromium with Python running: pygbag's real pythons.js (and the rest of
its real CDN files), but our stand-in interpreter (stand_in/main.js) where main.js would run,
since the real main.wasm is not to be had here. What is tested is the page: it starts the
game without a tap where the browser allows sound, asks for one where it does not, scales the
canvas, embeds in an iframe, and shows the failure screen when main.py raises, when the
runtime installs no pygame for it, when the archive is broken, and when no frame comes.
"""

from __future__ import annotations

import functools
import gzip
import io
import re
import tarfile
from pathlib import Path

import pytest
import web_browser
import web_build
from pygbag_cdn import LOADER_STEPS, WATCHDOG_SECONDS, screens, shoot, wait_failed
from web_serve import LocalServer

ROOT = Path(__file__).resolve().parents[2]
QUERY = "?game=28&lang=fr&seed=7&level=hard&target=7&demo=1"


@pytest.fixture
def cdn_context(cdn_context):
    """These tests look at the page's start, its screens and its canvas, not at its service
    worker (test_web_runtime.py and test_web_hardened.py do): the worker is not registered, so
    Chromium does not install it and fill its caches each test (a fifth of the CPU here).  The
    tests that do not install the page's clock visit in the worker's shared tab (``cdn_tab``,
    no service worker either), a third of the CPU of a new context."""
    return functools.partial(cdn_context, service_worker=False)


def stand_in_options(fb=None, draws=True) -> str:
    """The init script that steers the stand-in interpreter (its window's size, whether it draws)."""
    return f"window.__standIn = {{fb: {list(fb) if fb else 'null'}, draws: {'true' if draws else 'false'}}};"


def open_game(context, url, *, fb=None, draws=True, wait=True):
    """The game at ``url`` in a new page of ``context`` (a test's own: one that installs the clock)."""
    page = context.new_page()
    page.add_init_script(stand_in_options(fb, draws))
    page.goto(url)
    if wait:
        wait_drawn(page)
    return page


def open_game_in(tab, url, *, fb=None, draws=True, wait=True):
    """The game at ``url`` in the worker's shared tab (``cdn_tab``, reset: no service worker)."""
    tab.init_script(stand_in_options(fb, draws))
    tab.page.goto(url)
    if wait:
        wait_drawn(tab.page)
    return tab.page


def wait_drawn(page):
    page.wait_for_function("() => window.tt && (window.tt.drawn || window.tt.failure !== null)")
    assert page.evaluate("tt.failure") is None
    assert page.evaluate("window.__standIn.record.error") is None


def canvas_box(page) -> dict:
    return page.evaluate(
        """() => {
            const r = document.getElementById('canvas').getBoundingClientRect();
            return {x: r.x, y: r.y, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight};
        }"""
    )


def test_the_page_starts_the_game_without_asking_for_a_tap(cdn_tab, shipped_site, src):
    tab, routes = cdn_tab(stand_in=True)
    page = open_game_in(tab, shipped_site.url + "index.html" + QUERY)
    record = page.evaluate("window.__standIn.record")
    assert record["stages"] == LOADER_STEPS  # no gesture asked for
    assert "tap asked" not in [what for _, what, _ in page.evaluate("tt.trail")]
    assert record["files"] == sorted("assets/" + f for f in web_build.archive_files(src))
    assert record["installed"] == ["pygame"]  # the runtime's scan of main.py named it
    assert record["env"] == {"game": "28", "lang": "fr", "seed": "7", "level": "hard", "target": "7", "demo": "1"}
    shown = screens(page)
    assert (shown["loading"], shown["tap"], shown["failed"], shown["canvas"]) == (False, False, False, True)
    assert page.evaluate("document.getElementById('tt-bar').value") == 100
    assert page.evaluate("document.querySelector('script[type=module]').dataset.python") == "python3.12"
    assert not {"vt", "vtx", "stdout"} & set(page.evaluate("document.querySelector('script[type=module]').dataset.os").split(","))
    manifest = page.evaluate("fetch('manifest.webmanifest').then((r) => r.json())")
    assert manifest["display"] == "standalone"
    sizes = page.evaluate(
        """async (srcs) => Promise.all(srcs.map((src) => new Promise((ok) => {
            const img = new Image(); img.onload = () => ok(img.naturalWidth + 'x' + img.naturalHeight);
            img.onerror = () => ok('error'); img.src = src; })))""",
        [icon["src"] for icon in manifest["icons"]],
    )
    assert sizes == [icon["sizes"] for icon in manifest["icons"]]


def sound_check_ending_after(ms: int, once: str = "true") -> str:
    """An init script: every sound starts playing ``ms`` after the page expression ``once`` is
    true (the runtime's autoplay check plays a silent one; on a busy machine or a slow line it
    succeeds late).  Tied to the page's state, not to the clock, so load cannot reorder it."""
    return """(() => {
        const play = HTMLMediaElement.prototype.play;
        const when = () => new Promise((ok) => {
            const look = () => ((%s) ? ok() : setTimeout(look, 20));
            look();
        });
        HTMLMediaElement.prototype.play = function () {
            return when().then(() => new Promise((ok) => setTimeout(ok, %d))).then(() => play.call(this));
        };
    })();""" % (once, ms)  # noqa: UP031 (the script's braces would all be doubled in an f-string)


TAP_SHOWN = "document.getElementById('tap') && !document.getElementById('tap').hidden"
LOADER_LOOKING = "window.__standIn && window.__standIn.record && window.__standIn.record.soundLooks >= 1"
RUNTIME_RETRY_MS = 2000  # pythons.js's MM_play tries its silent sound again every 2 s while refused


def sound_grace_ms(site) -> int:
    """The loader's grace for the runtime's sound check (SOUND_CHECK_SECONDS in the built page)."""
    page = (Path(site.directory) / "index.html").read_text(encoding="utf-8")
    return round(float(re.search(r"(?m)^SOUND_CHECK_SECONDS = ([0-9.]+)", page).group(1)) * 1000)


def past_the_grace(page, site) -> None:
    """Once the loader looks for sound, the page's clock (Playwright's, installed before the
    visit) is moved on by the loader's whole grace instead of waiting it out: the tap screen
    comes as it would after the grace, in a moment, however busy the machine."""
    page.wait_for_function(f"() => {LOADER_LOOKING}")
    page.clock.run_for(sound_grace_ms(site))


LOADER_LOOKED_TWICE = "window.__standIn && window.__standIn.record && window.__standIn.record.soundLooks >= 2"


def test_no_tap_when_the_runtimes_sound_check_ends_late(cdn_tab, shipped_site):
    # the check ends once the loader has looked for it twice, found none and waited: late, but
    # well within the loader's grace (SOUND_CHECK_SECONDS, looked at every 50 ms)
    tab, routes = cdn_tab(stand_in=True, viewport=(800, 600))
    tab.init_script(sound_check_ending_after(0, once=LOADER_LOOKED_TWICE))
    page = open_game_in(tab, shipped_site.url + "index.html?game=304")
    assert page.evaluate("window.__standIn.record.soundLooks") >= 2  # it did end late
    assert page.evaluate("window.__standIn.record.stages") == LOADER_STEPS
    assert "tap asked" not in [what for _, what, _ in page.evaluate("tt.trail")]


def test_the_tap_screen_goes_when_sound_is_allowed_after_it_showed(cdn_context, shipped_site):
    # a check that ends after the loader's grace (once the test has seen the page ask for a
    # tap): the check then succeeds and the game starts without one
    context, routes = cdn_context(stand_in=True, viewport=(800, 600))
    context.clock.install()  # the page's timers: they run as usual, and past_the_grace moves them on
    context.add_init_script(sound_check_ending_after(0, once=TAP_SHOWN + " && window.tapSeen"))
    page = open_game(context, shipped_site.url + "index.html?game=304", draws=False, wait=False)
    past_the_grace(page, shipped_site)
    page.wait_for_selector("#tap", state="visible")
    assert page.evaluate("window.MM.UME") is False
    page.evaluate("window.tapSeen = true")
    page.wait_for_function("() => window.tt && window.tt.running")  # no click
    assert "tap asked" in [what for _, what, _ in page.evaluate("tt.trail")]
    assert page.evaluate("window.__standIn.record.stages") == ["unpack", "gesture", "start", "running"]
    # gone before the first frame (which clears every screen anyway): the player sees loading
    shown = screens(page)
    assert (shown["loading"], shown["tap"], shown["failed"]) == (True, False, False)


# a phone's browser: no sound before the player's first tap (a page Playwright opens counts as
# activated already, so headless Chromium lets the runtime's second try play on its own)
NO_SOUND_BEFORE_A_TAP = """(() => {
    let tapped = false;
    for (const type of ["pointerdown", "keydown"]) {
        window.addEventListener(type, (event) => { if (event.isTrusted) tapped = true; }, true);
    }
    const play = HTMLMediaElement.prototype.play;
    window.refusedPlays = 0;
    HTMLMediaElement.prototype.play = function () {
        if (tapped) return play.call(this);
        window.refusedPlays += 1;
        return Promise.reject(new DOMException("play() can only be initiated by a user gesture.", "NotAllowedError"));
    };
})();"""


def test_tap_to_start_only_when_the_browser_wants_a_gesture(cdn_context, shipped_site):
    context, routes = cdn_context(stand_in=True, viewport=(800, 600))
    context.clock.install()
    context.add_init_script(NO_SOUND_BEFORE_A_TAP)
    page = open_game(context, shipped_site.url + "index.html?game=304", wait=False)
    past_the_grace(page, shipped_site)
    page.wait_for_selector("#tap", state="visible")
    page.clock.run_for(RUNTIME_RETRY_MS)
    page.wait_for_function("() => window.refusedPlays >= 2")  # the runtime tried again: still blocked
    assert page.evaluate("window.MM.UME") is False  # the runtime's own check found sound blocked
    assert "gesture" in page.evaluate("window.__standIn.record.stages")
    assert not screens(page)["canvas"]
    page.click("#tap-button")
    wait_drawn(page)
    shown = screens(page)
    assert (shown["loading"], shown["tap"], shown["failed"], shown["canvas"]) == (False, False, False, True)
    assert page.evaluate("window.__standIn.record.stages") == LOADER_STEPS[:1] + ["gesture"] + LOADER_STEPS[1:]


@pytest.mark.parametrize(
    "viewport, fb",
    [
        ((400, 800), (1280, 720)),  # landscape table on a phone held upright
        ((900, 500), (1280, 720)),
        ((400, 800), (720, 1280)),  # the portrait layout
        ((1280, 600), (720, 1280)),
    ],
)
def test_canvas_fills_the_page_whole_and_centred(cdn_tab, shipped_site, viewport, fb):
    tab, routes = cdn_tab(stand_in=True, viewport=viewport)
    page = open_game_in(tab, shipped_site.url + "index.html", fb=fb)
    check_fit(canvas_box(page), fb)
    # turn the phone: the canvas follows
    page.set_viewport_size({"width": viewport[1], "height": viewport[0]})
    page.wait_for_function(f"() => Math.abs(window.innerWidth - {viewport[1]}) < 1")
    page.wait_for_timeout(150)
    check_fit(canvas_box(page), fb)


def check_fit(box, fb):
    vw, vh = box["vw"], box["vh"]
    assert box["w"] <= vw + 0.5 and box["h"] <= vh + 0.5, box
    assert abs(box["w"] - vw) <= 1 or abs(box["h"] - vh) <= 1, box  # as large as the page allows
    assert abs(box["w"] / box["h"] - fb[0] / fb[1]) < 0.01, box  # whole, not stretched
    assert abs(box["x"] - (vw - box["w"]) / 2) <= 1 and abs(box["y"] - (vh - box["h"]) / 2) <= 1, box


def readme_iframe_snippet() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Embedding", 1)[1]
    return re.search(r"```html\n(.*?)```", section, re.S).group(1)


def test_readme_iframe_snippet_embeds_the_game(cdn_tab, shipped_site, tmp_path):
    snippet = readme_iframe_snippet()
    assert 'allow="autoplay; fullscreen"' in snippet
    src = re.search(r'src="([^"]+)"', snippet).group(1)
    query = src.split("?", 1)[1] if "?" in src else ""
    local = shipped_site.url + "index.html" + ("?" + query if query else "")
    # the host page lives on another origin, as a rules website would
    (tmp_path / "embedding.html").write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>" + snippet.replace(src, local) + "</body></html>",
        encoding="utf-8",
    )
    host = LocalServer(tmp_path)
    try:
        tab, routes = cdn_tab(stand_in=True, viewport=(1200, 900))
        page = tab.page
        page.goto(host.url + "embedding.html")
        inner = page.wait_for_selector("iframe").content_frame()
        inner.wait_for_function("() => window.tt && (window.tt.drawn || window.tt.failure !== null)", timeout=30_000)
        assert inner.evaluate("tt.failure") is None
        assert inner.evaluate("location.search") == ("?" + query if query else "")
        box = inner.evaluate(
            """() => { const r = document.getElementById('canvas').getBoundingClientRect();
                       return {x: r.x, y: r.y, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight}; }"""
        )
        check_fit(box, (1280, 720))
    finally:
        host.stop()


# ---- failures: each stage broken on purpose ----------------------------------------------------


def archive_with_main(web: Path, main_text: str) -> bytes:
    """The site's archive with another main.py."""
    source = tarfile.open(fileobj=io.BytesIO((web / "tricktable.tar.gz").read_bytes()), mode="r:gz")
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w") as target:
        for member in source.getmembers():
            data = source.extractfile(member).read() if member.isfile() else None
            if member.name == "assets/main.py":
                data = main_text.encode()
                member.size = len(data)
            target.addfile(member, io.BytesIO(data) if data is not None else None)
    return gzip.compress(out.getvalue())


def serve_archive(context, site, body: bytes):
    context.route(site.url + "tricktable.tar.gz",
                  lambda route: route.fulfill(status=200, body=body, headers={"Content-Type": "application/gzip"}))


def without_pygame(main_text: str) -> str:
    """main.py as it was before: no PEP 723 block, no `import pygame` of its own."""
    main_text = re.sub(r"(?m)^# /// script\n(#.*\n)*?# ///\n", "", main_text)
    return re.sub(r"(?m)^import pygame.*\n", "", main_text)


def test_main_py_that_raises_shows_the_failure_screen(cdn_tab, shipped_site, src):
    tab, routes = cdn_tab(stand_in=True)
    main_text = (src / "main.py").read_text(encoding="utf-8") + '\nraise RuntimeError("broken on purpose")\n'
    serve_archive(tab.context, shipped_site, archive_with_main(Path(shipped_site.directory), main_text))
    page = open_game_in(tab, shipped_site.url + "index.html", wait=False)
    assert wait_failed(page) == {"reason": "game", "detail": "RuntimeError: broken on purpose"}
    shown = screens(page)
    assert shown["failed"] and not shown["canvas"] and shown["reason"] == "The game stopped with an error."
    shoot(page, "main-py-raises")


def test_a_main_py_without_pygame_fails_visibly_as_the_runtime_installs_nothing(cdn_tab, shipped_site, src):
    tab, routes = cdn_tab(stand_in=True)
    main_text = without_pygame((src / "main.py").read_text(encoding="utf-8"))
    assert "pygame" not in "".join(re.findall(r"(?m)^(?:import|from) .*$", main_text))
    serve_archive(tab.context, shipped_site, archive_with_main(Path(shipped_site.directory), main_text))
    page = open_game_in(tab, shipped_site.url + "index.html", wait=False)
    failure = wait_failed(page)
    assert failure["reason"] == "game" and failure["detail"].startswith("pygame-ce was not installed")
    assert page.evaluate("window.__standIn.record.installed") == []
    assert not any(".whl" in url for url in routes.asked(by_worker=False))  # (the service worker keeps it anyway)
    shoot(page, "no-pygame-installed")


def test_a_broken_archive_shows_the_failure_screen(cdn_tab, shipped_site):
    tab, routes = cdn_tab(stand_in=True)
    whole = (Path(shipped_site.directory) / "tricktable.tar.gz").read_bytes()
    serve_archive(tab.context, shipped_site, whole[:len(whole) // 2])
    page = open_game_in(tab, shipped_site.url + "index.html", wait=False)
    failure = wait_failed(page)
    assert failure["reason"] == "setup" and failure["detail"].startswith("ArchiveError: tricktable.tar.gz could not be read")
    assert screens(page)["reason"] == "The game's files could not be set up in the browser."
    shoot(page, "broken-archive")


def test_no_first_frame_within_the_watchdog_shows_the_failure_screen(cdn_context, shipped_site):
    """The page's clock (Playwright's) is moved on instead of waited for: the watchdog is the
    shipped one, neither early nor late, however busy the machine."""
    context, routes = cdn_context(stand_in=True)
    context.clock.install()  # the page's timers and clocks: they run as usual until paused
    page = open_game(context, shipped_site.url + "index.html", draws=False, wait=False)
    page.wait_for_function("() => window.tt && window.tt.running")
    assert page.evaluate("tt.watchdogMs") == WATCHDOG_SECONDS * 1000
    now = page.evaluate("Date.now()") / 1000  # pause_at takes seconds, run_for milliseconds
    page.clock.pause_at(now + 1)  # the watchdog has looked since main.py started; time stops
    page.clock.run_for(WATCHDOG_SECONDS * 1000 // 2)
    assert page.evaluate("tt.failure") is None  # not early
    page.clock.run_for(WATCHDOG_SECONDS * 1000)
    failure = wait_failed(page)
    assert failure == {"reason": "timeout", "detail": f"no frame {WATCHDOG_SECONDS} s after main.py started"}
    assert screens(page)["reason"] == f"The game did not draw its first frame within {WATCHDOG_SECONDS} seconds."
    shoot(page, "no-first-frame")


def test_the_browser_builds_no_window_furniture_and_keeps_playwrights_settings(browser, cdn_tab):
    """A new context builds no address-bar popup (a renderer of its own: about 1 s of CPU a
    context, a page never sees it), and Chromium, which takes only the last
    ``--disable-features``, still has every feature Playwright's launch switches off."""
    theirs = web_browser.playwright_disabled_features()
    assert theirs and "HttpsUpgrades" in theirs  # read from Playwright's driver
    tab, _routes = cdn_tab()
    context = browser.new_context()  # a window of its own, as each test's context is
    try:
        context.new_page()
        targets = browser.new_browser_cdp_session().send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        assert [t["url"] for t in targets if t["type"] != "page" and t["type"] != "tab"] == []
    finally:
        context.close()
    tab.page.goto("chrome://version")
    switches = tab.page.inner_text("#command_line").split()
    last = [s for s in switches if s.startswith("--disable-features=")][-1]
    assert set(theirs) | set(web_browser.UNSHOWN_FEATURES) <= set(last.split("=", 1)[1].split(","))
