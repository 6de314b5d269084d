"""The built page in real headless Chromium, against a local stand-in for pygbag's CDN.

The real runtime cannot be downloaded here, so tests/web/fake_cdn stands in for it: it loads
its files the way the runtime does and plays our loader's steps. What is tested is ours: the
page template (loading screen, tap to start, canvas fitting), the service worker (caches,
offline start, old caches removed) and the README's iframe snippet.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import web_build

ROOT = Path(__file__).resolve().parents[2]
QUERY = "?game=28&lang=fr&seed=7&level=hard&target=7&demo=1"


def open_game(context, url, *, ume=True, fb=None, wait=True):
    page = context.new_page()
    page.set_default_timeout(30_000)
    script = f"window.__FAKE_UME = {'true' if ume else 'false'};"
    if fb:
        script += f"window.__FAKE_FB = {json.dumps(fb)};"
    page.add_init_script(script)
    response = page.goto(url)
    if wait:
        wait_running(page)
    return page, response


def wait_running(page):
    page.wait_for_function("() => window.__fake && (window.__fake.done || window.__fake.errors.length > 0)")
    assert page.evaluate("window.__fake.errors") == []


def screens(page) -> dict:
    return page.evaluate(
        """() => ({
            loading: !document.getElementById('transfer').hidden,
            tap: !document.getElementById('tap').hidden,
            failed: !document.getElementById('failed').hidden,
            canvas: document.getElementById('canvas').classList.contains('ready'),
        })"""
    )


def canvas_box(page) -> dict:
    return page.evaluate(
        """() => {
            const r = document.getElementById('canvas').getBoundingClientRect();
            return {x: r.x, y: r.y, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight};
        }"""
    )


def caches(page) -> dict:
    return page.evaluate(
        """async () => {
            const out = {};
            for (const name of await caches.keys()) {
                out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
            }
            return out;
        }"""
    )


def wait_for(predicate, what, timeout=30.0):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_page_loads_the_game_without_asking_for_a_tap(browser, fake_site, fake_cdn, src):
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    try:
        page, response = open_game(context, fake_site.url + "index.html" + QUERY)
        assert response.ok
        fake = page.evaluate("window.__fake")
        assert fake["files"] == sorted("assets/" + f for f in web_build.archive_files(src))
        assert fake["python"] == "python3.12"
        assert not {"vt", "vtx", "stdout"} & set(fake["os"].split(","))  # no terminal console
        assert fake["stages"] == ["unpack", "start", "install", "running"]  # no gesture asked for
        assert screens(page) == {"loading": False, "tap": False, "failed": False, "canvas": True}
        assert page.evaluate("window.config.cdn") == fake_cdn.url + "0.9.3/"
        assert page.evaluate("document.getElementById('tt-bar').value") == 100
        manifest = page.evaluate("fetch('manifest.webmanifest').then((r) => r.json())")
        assert manifest["display"] == "standalone"
        sizes = page.evaluate(
            """async (srcs) => Promise.all(srcs.map((src) => new Promise((ok) => {
                const img = new Image(); img.onload = () => ok(img.naturalWidth + 'x' + img.naturalHeight);
                img.onerror = () => ok('error'); img.src = src; })))""",
            [icon["src"] for icon in manifest["icons"]],
        )
        assert sizes == [icon["sizes"] for icon in manifest["icons"]]
    finally:
        context.close()


def test_tap_to_start_only_when_the_browser_wants_a_gesture(browser, fake_site):
    context = browser.new_context(viewport={"width": 800, "height": 600})
    try:
        page, _ = open_game(context, fake_site.url + "index.html?game=304", ume=False, wait=False)
        page.wait_for_selector("#tap", state="visible")
        assert "gesture" in page.evaluate("window.__fake.stages")
        assert not page.evaluate("window.__fake.done")
        assert not screens(page)["canvas"]
        page.click("#tap-button")
        wait_running(page)
        assert screens(page) == {"loading": False, "tap": False, "failed": False, "canvas": True}
        assert page.evaluate("window.MM.UME") is True
    finally:
        context.close()


@pytest.mark.parametrize(
    "viewport, fb",
    [
        ((400, 800), (1280, 720)),  # landscape table on a phone held upright
        ((900, 500), (1280, 720)),
        ((400, 800), (720, 1280)),  # the portrait layout
        ((1280, 600), (720, 1280)),
    ],
)
def test_canvas_fills_the_page_whole_and_centred(browser, fake_site, viewport, fb):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    try:
        page, _ = open_game(context, fake_site.url + "index.html", fb=list(fb))
        check_fit(canvas_box(page), fb)
        # turn the phone: the canvas follows
        page.set_viewport_size({"width": viewport[1], "height": viewport[0]})
        page.wait_for_function(f"() => Math.abs(window.innerWidth - {viewport[1]}) < 1")
        page.wait_for_timeout(150)
        check_fit(canvas_box(page), fb)
    finally:
        context.close()


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


def test_readme_iframe_snippet_embeds_the_game(browser, fake_site, fake_cdn, tmp_path):
    snippet = readme_iframe_snippet()
    assert 'allow="autoplay; fullscreen"' in snippet
    src = re.search(r'src="([^"]+)"', snippet).group(1)
    query = src.split("?", 1)[1] if "?" in src else ""
    local = fake_site.url + "index.html" + ("?" + query if query else "")
    # the host page lives on another origin (the stand-in CDN's), as a rules website would
    host = Path(fake_cdn.directory) / "embedding.html"
    host.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>"
        + snippet.replace(src, local)
        + "</body></html>",
        encoding="utf-8",
    )
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script("window.__FAKE_UME = true;")
        page.goto(fake_cdn.url + "embedding.html")
        frame = page.frame_locator("iframe")
        handle = page.wait_for_selector("iframe")
        inner = handle.content_frame()
        inner.wait_for_function("() => window.__fake && window.__fake.done", timeout=30_000)
        assert inner.evaluate("window.__fake.errors") == []
        assert inner.evaluate("location.search") == ("?" + query if query else "")
        box = inner.evaluate(
            """() => { const r = document.getElementById('canvas').getBoundingClientRect();
                       return {x: r.x, y: r.y, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight}; }"""
        )
        check_fit(box, (1280, 720))
        assert frame is not None
    finally:
        context.close()


def refused(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=2)
    except (urllib.error.URLError, ConnectionError, OSError):
        return True
    return False


def test_service_worker_keeps_page_archive_and_runtime_then_plays_offline(browser, fake_site, fake_cdn, src):
    version = fake_site.summary["version"]
    app_cache = f"trick-table-app-{version}"
    page_url = fake_site.url + "index.html" + QUERY
    runtime = [fake_cdn.url + "0.9.3/" + name for name in web_build.RUNTIME_FILES]
    packages = [fake_cdn.url + "index-0.9.3-cp312.json", fake_cdn.url + "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"]
    app_files = [fake_site.url + name for name in ("index.html", "tricktable.tar.gz", "manifest.webmanifest", "favicon.png",
                                                     "icons/icon-192.png", "icons/icon-512.png")]
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    try:
        page, _ = open_game(context, page_url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        assert page.evaluate("window.TT_BUILD") == version

        def complete():
            found = caches(page)
            runtime_names = [n for n in found if n.startswith("trick-table-runtime-")]
            if app_cache not in found or len(runtime_names) != 1:
                return None
            kept = set(found[app_cache]) | set(found[runtime_names[0]])
            return found if all(url in kept for url in app_files + runtime + packages) else None

        found = wait_for(complete, "the service worker to keep the page, the archive and the runtime")
        assert sorted(found) == sorted([app_cache, next(n for n in found if n.startswith("trick-table-runtime-"))])

        # the servers stop: the page, the archive and the runtime come from the cache
        fake_site.stop()
        fake_cdn.stop()
        assert refused(fake_site.url) and refused(fake_cdn.url)
        seen = []
        page.on("response", lambda r: seen.append((r.url, r.status, r.from_service_worker)))
        response = page.reload()
        wait_running(page)
        assert response.ok and response.from_service_worker
        assert page.evaluate("window.__fake.files") == sorted("assets/" + f for f in web_build.archive_files(src))
        by_url = {url.replace("//cp312", "/cp312"): (status, sw) for url, status, sw in seen}
        for url in [fake_site.url + "tricktable.tar.gz"] + runtime[:5] + packages:
            assert by_url.get(url) == (200, True), (url, by_url.get(url))
        # another parameter set, offline too
        page.goto(fake_site.url + "index.html?game=schieber&embed=1")
        wait_running(page)
        assert screens(page)["canvas"]

        # a new build replaces the old app cache; the runtime cache is kept
        fake_site.start()
        fake_cdn.start()
        new = web_build.build(src=src, out=fake_site.directory, stage_root=fake_site.work / "stage",
                              cdn=fake_cdn.url + "0.9.3/", pkg_index=fake_cdn.url, width=1282, quiet=True,
                              runtime_package_home=fake_cdn.url)
        assert new["version"] != version
        page.goto(page_url)
        new_cache = f"trick-table-app-{new['version']}"

        def replaced():
            found = caches(page)
            return found if new_cache in found and app_cache not in found else None

        found = wait_for(replaced, "the new worker to replace the old cache")
        assert len(found) == 2, sorted(found)
        page.reload()
        wait_running(page)
        assert page.evaluate("window.TT_BUILD") == new["version"]
    finally:
        fake_site.start()
        fake_cdn.start()
        context.close()
