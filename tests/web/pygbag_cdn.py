"""pygbag's CDN for the browser tests: its real 0.9.3 files, answered at their real address.

The pages under test are built as they ship, loading the runtime from
``https://pygame-web.github.io/cdn/0.9.3/``; Playwright answers every request to
``https://pygame-web.github.io/cdn/`` (the page's and the service worker's) from
``../shared/vendor/pygbag-cdn-0.9.3/``, read in place, with the headers GitHub Pages sends
(``Access-Control-Allow-Origin: *``, the file's type). That folder lacks ``main.wasm`` and
``main.data``: a ``CdnRoutes`` answers them with stand-in bytes (an empty WebAssembly module,
on which the real main.js stops) or not at all, as a test chooses. With ``stand_in=True``
``cpython312/main.js`` is our stand-in interpreter (``stand_in/main.js``) instead, for the
tests that need Python to run. Every request is recorded, in order.
"""

from __future__ import annotations

import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENDOR = Path(os.environ.get("TRICK_TABLE_PYGBAG_CDN") or ROOT.parent / "shared" / "vendor" / "pygbag-cdn-0.9.3")
CDN = "https://pygame-web.github.io/cdn/"
RUNTIME = CDN + "0.9.3/"
INTERPRETER = RUNTIME + "cpython312/"  # main.js, main.wasm, main.data
INDEX = CDN + "index-0.9.3-cp312.json"
WHEEL = CDN + "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
STAND_IN = HERE / "stand_in" / "main.js"
STAND_IN_WASM = b"\0asm\x01\0\0\0"  # an empty module: the real main.js cannot link it
STAND_IN_DATA = bytes(range(256)) * 1600  # 400 kB, so the runtime's download shows progress
TYPES = {".js": "application/javascript; charset=utf-8", ".json": "application/json; charset=utf-8",
         ".py": "application/octet-stream", ".ogg": "audio/ogg", ".whl": "application/octet-stream",
         ".wasm": "application/wasm", ".data": "application/octet-stream", ".png": "image/png",
         ".tmpl": "application/octet-stream"}

# the page's watchdog in the test builds, as shipped (web_build.WATCHDOG_SECONDS): how long the
# page waits for the runtime's Python to speak once main.wasm is in, and for the first frame once
# main.py runs.  The watchdog's test moves the page's clock on instead of waiting, so no test
# needs a short one, and no load comes near it.
WATCHDOG_SECONDS = 60

# the steps the page hears from the loader when nothing goes wrong (a tap asked for would come
# after "unpack"): the native loader test and the stand-in runtime both check against this
LOADER_STEPS = ["unpack", "start", "running", "frame"]


def missing_reason() -> str:
    """Why the tests against the real runtime files cannot run here ('' when they can)."""
    if not (VENDOR / "0.9.3" / "pythons.js").is_file():
        return (f"pygbag's real runtime files are not at {VENDOR} (../shared/vendor/pygbag-cdn-0.9.3 beside "
                f"the project, or TRICK_TABLE_PYGBAG_CDN): the tests against them are skipped")
    return ""


class CdnRoutes:
    """Answers pygbag's CDN in a Playwright browser context and records what was asked."""

    def __init__(self, context, *, stand_in: bool = False, wasm: bytes | None = STAND_IN_WASM,
                 data: bytes | None = STAND_IN_DATA, fail: tuple[str, ...] = (), hold: tuple[str, ...] = ()):
        self.stand_in, self.wasm, self.data, self.fail = stand_in, wasm, data, set(fail)
        self.hold, self.held = tuple(hold), []  # URLs ending so wait unanswered until release()
        self.requests: list[tuple[str, bool]] = []  # (url, asked by the service worker)
        self.offline = False
        context.route(CDN + "**", self.answer)

    def body(self, url: str) -> bytes | Path | None:
        """What answers ``url``: bytes, a file of the real runtime's (Playwright reads it for
        the route), or None (404)."""
        rel = url.split("#", 1)[0].split("?", 1)[0][len(CDN):]
        while "//" in rel:
            rel = rel.replace("//", "/")
        if CDN + rel == INTERPRETER + "main.wasm":
            return self.wasm
        if CDN + rel == INTERPRETER + "main.data":
            return self.data
        if CDN + rel == INTERPRETER + "main.js" and self.stand_in:
            return STAND_IN
        path = VENDOR / rel
        return path if path.is_file() and ".." not in rel.split("/") else None

    def answer(self, route):
        request = route.request
        self.requests.append((request.url, request.service_worker is not None))
        if self.hold and request.url.split("#")[0].endswith(self.hold):
            self.held.append(route)
            return None
        return self.fulfil(route)

    def release(self) -> None:
        """Answer the held requests, and from now on every request at once."""
        self.hold, held, self.held = (), self.held, []
        for route in held:
            self.fulfil(route)

    def fulfil(self, route):
        request = route.request
        if self.offline:
            return route.abort("internetdisconnected")
        body = None if request.url.split("#")[0] in self.fail else self.body(request.url)
        headers = {"Access-Control-Allow-Origin": "*", "Cache-Control": "max-age=600"}
        if body is None:
            return route.fulfill(status=404, body=b"404: Not Found", headers={**headers, "Content-Type": "text/plain"})
        suffix = Path(request.url.split("#")[0]).suffix
        headers["Content-Type"] = TYPES.get(suffix, "application/octet-stream")
        if isinstance(body, Path):
            return route.fulfill(status=200, path=body, headers=headers)
        return route.fulfill(status=200, body=body, headers=headers)

    def asked(self, *, by_worker: bool | None = None) -> list[str]:
        return [url for url, worker in self.requests if by_worker is None or worker == by_worker]


def screens(page) -> dict:
    """Which of the page's screens shows, and what the failure screen says."""
    return page.evaluate(
        """() => ({
            loading: !document.getElementById('transfer').hidden,
            tap: !document.getElementById('tap').hidden,
            failed: !document.getElementById('failed').hidden,
            canvas: document.getElementById('canvas').classList.contains('ready'),
            title: document.getElementById('failed-title').textContent,
            reason: document.getElementById('failed-text').textContent,
            detail: document.getElementById('failed-detail').textContent,
        })"""
    )


def wait_failed(page, timeout_ms: float = 30_000) -> dict:
    """Wait for the failure screen; returns tt.failure ({reason, detail})."""
    page.wait_for_function("() => window.tt && window.tt.failure !== null", timeout=timeout_ms)
    page.wait_for_selector("#failed", state="visible")
    return page.evaluate("tt.failure")


def shoot(page, name: str) -> None:
    """A screenshot for the issue note, when TRICK_TABLE_SHOTS names a folder."""
    folder = os.environ.get("TRICK_TABLE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
