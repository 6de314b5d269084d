"""Fixtures of the web tests: builds, local servers, pygbag's CDN answered locally, Chromium.

The build and browser tests need pygbag, Playwright, Debian's chromium and the npm package
pyodide, which ``make test`` installs. Without them those tests are skipped; with
``TRICK_TABLE_WEB_TESTS=1`` (what ``make test`` sets) a missing piece fails instead of
skipping. The tests that load pygbag's runtime need its real files
(``../shared/vendor/pygbag-cdn-0.9.3``, see ``pygbag_cdn.py``): without them they are skipped,
saying so, in any case.

``TRICK_TABLE_WEB_SRC`` points the builds at another folder holding main.py, game/ and
assets/.

Every test here is marked ``web``.  In parallel runs (pytest-xdist, ``--dist loadgroup``) the
tests of a module that builds its own site or shares the worker's Pyodide page run in one worker
(tests/conftest.py: ``WEB_GROUPS``): each such site is built once, the page loads once, and
``make web``'s build into build/web (test_web_build.py) never runs twice at once.  A build more
than one module needs is built once in the run (``shared_build``).

Where it costs CPU and proves nothing, a test does not start afresh: Pyodide starts from a
snapshot of its memory (``pyodide_snapshot``, kept in build/web-cache), and a test that needs
only a fresh page at an address visits it in the worker's shared tab (``cdn_tab``), reset before
each test (test_web_hardened.py proves the reset, as test_web_pyodide.py and test_web_host.py
prove their shared pages').
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import pygbag_cdn  # noqa: E402
import web_browser  # noqa: E402
import web_build  # noqa: E402
import web_serve  # noqa: E402

REQUIRED = os.environ.get("TRICK_TABLE_WEB_TESTS") == "1"
SRC = Path(os.environ.get("TRICK_TABLE_WEB_SRC") or ROOT)
# a browser that lets pages play sound at once (as many desktop browsers do for a site one
# visits often): the runtime's autoplay check passes, no tap is asked for
AUTOPLAY = ["--autoplay-policy=no-user-gesture-required"]
WATCHDOG_SECONDS = pygbag_cdn.WATCHDOG_SECONDS
HERE = Path(__file__).resolve().parent
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.web)


def need(lacking: list[str]) -> None:
    if not lacking:
        return
    message = "web test tools missing: " + "; ".join(lacking) + " (make test installs them)"
    if REQUIRED:
        pytest.fail(message)
    pytest.skip(message)


def pygbag_missing() -> list[str]:
    try:
        import pygbag  # noqa: F401
    except ImportError:
        return ["pygbag (pip, tools/requirements-web.txt)"]
    return []


@pytest.fixture(scope="session")
def src() -> Path:
    return SRC


@pytest.fixture(scope="session")
def can_build():
    need(pygbag_missing())


@pytest.fixture(scope="session")
def can_browse():
    need(pygbag_missing() + web_browser.missing())


@pytest.fixture(scope="session")
def real_cdn(can_browse):
    """pygbag's real runtime files are here (else the test is skipped, saying why)."""
    reason = pygbag_cdn.missing_reason()
    if reason:
        pytest.skip(reason)
    return pygbag_cdn.VENDOR


Server = web_serve.LocalServer


@contextlib.contextmanager
def locked(path: Path):
    """An exclusive lock on ``path`` between the run's processes (where the system has flock)."""
    with open(path, "a") as handle:
        try:
            import fcntl
        except ImportError:  # no flock: shared_build builds per worker instead
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run_folder(tmp_path_factory) -> Path:
    """The run's temporary folder the xdist workers share (a worker's basetemp lies in it), or
    the worker's own where the system has no flock (``locked`` would not keep them apart)."""
    base = tmp_path_factory.getbasetemp()
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return base
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_build(tmp_path_factory, src: Path, **options) -> dict:
    """The site built from ``src`` with ``web_build.build``'s ``options`` once in the run, its
    summary (``out``: the site's folder).  The xdist workers share it: it lies in the run's
    common temporary folder, and the first worker to ask builds it while the others wait on a
    file lock.  A test reads it and never changes it (copy it first)."""
    root = run_folder(tmp_path_factory)
    key = hashlib.sha256(repr((str(Path(src).resolve()), sorted(options.items()))).encode()).hexdigest()[:16]
    folder = root / f"shared-build-{key}"
    with locked(root / f"shared-build-{key}.lock"):
        done = folder / "summary.json"
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            summary = web_build.build(src=src, out=folder / "web", stage_root=folder / "stage", quiet=True, **options)
            done.write_text(json.dumps(summary), encoding="utf-8")
        return json.loads(done.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory, can_build, src):
    """The site built as it ships (the runtime from pygbag's CDN), served on localhost."""
    summary = shared_build(tmp_path_factory, src, watchdog_seconds=WATCHDOG_SECONDS)
    server = Server(summary["out"])
    server.summary = summary
    yield server
    server.stop()


@pytest.fixture(scope="session")
def itch_build(tmp_path_factory, can_build, src) -> dict:
    """The itch.io build (the default one plus the .apk and the zip itch.io takes), built once
    in the run: its summary."""
    return shared_build(tmp_path_factory, src, itch=True)


@pytest.fixture(scope="session")
def browser(can_browse):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = web_browser.launch(playwright, AUTOPLAY)
        yield chromium
        chromium.close()


@pytest.fixture
def cdn_context(browser, real_cdn):
    """``open(**options)``: a fresh browser context whose pygbag CDN is answered locally
    (``pygbag_cdn.CdnRoutes`` options; ``viewport=(w, h)``; ``service_worker=False``: the page
    may not register its worker, which then neither installs nor fills its caches: less work,
    where a test looks at something else); returns ``(context, routes)``. Closed after the test."""
    opened = []

    def open_context(*, viewport=(1000, 700), service_worker=True, **options):
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                      service_workers="allow" if service_worker else "block")
        context.set_default_timeout(30_000)
        opened.append(context)
        return context, pygbag_cdn.CdnRoutes(context, **options)

    yield open_context
    for context in opened:
        context.close()


class SharedTab:
    """One tab in a browser context of its own (no service worker), shared by the tests of a
    worker that need only a fresh page at an address: a visit in a tab already open costs
    about a third of the CPU of one in a new context and page (0.35 against 0.9-1 s).
    ``reset()`` (before each test, ``cdn_tab``) leaves it as opened: the routes gone, the other
    pages closed, permissions and cookies cleared, the storage of every origin it went to
    emptied, the init scripts added through ``init_script`` removed, the tab on about:blank (a
    visit after it is a new document), its viewport the test's.  ``requests`` and ``dialogs``
    (dismissed) list what came since.  A test that installs the clock (which outlives a reset)
    opens a context of its own."""

    def __init__(self, browser):
        self.context = browser.new_context(service_workers="block")
        self.context.set_default_timeout(30_000)
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.origins: set[str] = set()
        self.scripts: list = []  # the init scripts' handles (Playwright's Disposable)
        self.context.on("request", self._heard)
        self.page = self.context.new_page()
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.devtools = self.context.new_cdp_session(self.page)

    def _heard(self, request) -> None:
        self.requests.append(request.url)
        scheme, _, rest = request.url.partition("://")
        if scheme in ("http", "https"):
            self.origins.add(scheme + "://" + rest.split("/", 1)[0])

    def init_script(self, script: str) -> None:
        """``script`` runs in every document of the tab's context until the reset."""
        self.scripts.append(self.context.add_init_script(script))

    def reset(self, viewport=(1000, 700)) -> None:
        self.context.unroute_all(behavior="ignoreErrors")
        while self.scripts:
            self.scripts.pop().close()
        self.context.clear_permissions()
        self.context.clear_cookies()
        for page in self.context.pages:
            if page is not self.page:
                page.close()
        with contextlib.suppress(Exception):  # the tab's own (per tab) session storage, where it is
            self.page.evaluate("() => sessionStorage.clear()")
        self.page.goto("about:blank")
        for origin in sorted(self.origins):
            self.devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.origins.clear()
        self.requests.clear()
        self.dialogs.clear()
        self.page.set_viewport_size({"width": viewport[0], "height": viewport[1]})

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="session")
def shared_tab(browser):
    """The worker's ``SharedTab``."""
    tab = SharedTab(browser)
    yield tab
    tab.close()


@pytest.fixture
def cdn_tab(shared_tab, real_cdn):
    """``open(viewport=(w, h), **options)``: the worker's shared tab, reset, with pygbag's CDN
    answered locally (``pygbag_cdn.CdnRoutes`` options); returns ``(tab, routes)``."""

    def open_tab(*, viewport=(1000, 700), **options):
        shared_tab.reset(viewport)
        return shared_tab, pygbag_cdn.CdnRoutes(shared_tab.context, **options)

    return open_tab


# Run in a namespace of its own: what the tests may have left in the page's Python.
PYODIDE_RESET = """
import sys, __main__
for name in [m for m in sys.modules if m.split(".")[0] in ("game", "wasm_play")]:
    del sys.modules[name]          # the game's modules: imported afresh, their state with them
import platform
if hasattr(platform, "window"):    # what pygbag's platform module would give, set by a test
    del platform.window
names = vars(__main__)             # the globals of the tests' code (pyodide.globals)
for name in [n for n in names if not n.startswith("__")]:
    del names[name]
"""


class PyodideRunner:
    """A page with Pyodide loaded (web_browser's runner: the game's pure-Python packages on its
    path), in a browser context of its own, shared by the tests of a worker: loading Pyodide
    costs seconds of CPU, so it loads once.  ``reset()`` (before each test, ``pyodide``) gives
    it back as it loaded: the other tabs of its context closed, its origin's storage empty,
    the browser's locale its own, and in Python the game's modules, ``platform.window`` and the
    tests' globals gone.  (A storage backend's page helpers keep their storage listener, which
    only fills that backend's own set.)"""

    def __init__(self, browser, url: str, snapshot: str | None = None):
        self.url = url + "index.html"
        self.context = browser.new_context()
        if snapshot:  # its pages start Pyodide from this snapshot (web_browser.make_snapshot)
            self.context.add_init_script(f"window.pyodideSnapshot = {json.dumps(snapshot)};")
        self.page = self.context.new_page()
        self.page.set_default_timeout(120_000)
        self.page.goto(self.url)
        self.info = self.page.evaluate("() => window.loaded")
        self.devtools = self.context.new_cdp_session(self.page)
        self.user_agent = self.page.evaluate("navigator.userAgent")
        self.languages = self.page.evaluate("navigator.languages")

    def set_locale(self, locale: str) -> None:
        """The browser's locale for the open page, as Playwright's ``locale`` option sets it for a
        new context: ``navigator.language(s)`` (and Accept-Language) and the default of Intl."""
        self.devtools.send("Emulation.setLocaleOverride", {"locale": locale})
        self.devtools.send("Emulation.setUserAgentOverride", {"userAgent": self.user_agent, "acceptLanguage": locale})

    def new_tab(self):
        """Another tab of the same profile (one localStorage), with Pyodide loaded; closed at reset."""
        page = self.context.new_page()
        page.set_default_timeout(120_000)
        page.goto(self.url)
        page.evaluate("() => window.loaded")
        return page

    def reset(self) -> None:
        for page in self.context.pages:
            if page is not self.page:
                page.close()
        self.devtools.send("Emulation.setLocaleOverride", {})
        self.devtools.send("Emulation.setUserAgentOverride", {"userAgent": self.user_agent,
                                                              "acceptLanguage": ",".join(self.languages)})
        self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.evaluate("(code) => window.pyodide.runPython(code, {globals: window.pyodide.toPy({})})", PYODIDE_RESET)

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="session")
def pyodide_site(tmp_path_factory):
    """The worker's Pyodide runner site (``web_browser.pyodide_site``), served cross-origin
    isolated (a 5 µs clock, not 100 µs, for the times the tests print)."""
    server = Server(web_browser.pyodide_site(tmp_path_factory.mktemp("pyodide"), SRC), isolated=True)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pyodide_key(browser) -> str:
    """What a file made from Pyodide depends on: Pyodide's files and the browser (read once a run)."""
    digest = hashlib.sha256(browser.version.encode())
    for path in sorted(web_browser.PYODIDE.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def kept(tmp_path_factory, prefix: str, key: str, suffix: str, make) -> Path:
    """The file ``prefix``-``key````suffix`` in build/web-cache (beside npm's Pyodide; ``make
    clean`` removes it), made by ``make(path)`` once, whole or not at all, under a lock (the
    workers share it); the files of another key (an older Pyodide or browser) are deleted when it
    is made.  Where build/web-cache is not writable, it is made once in the run."""
    cache = ROOT / "build" / "web-cache"
    if not os.access(cache, os.W_OK):
        cache = run_folder(tmp_path_factory)
    target = cache / f"{prefix}-{key}{suffix}"
    with locked(cache / f"{prefix}{suffix}.lock"):
        if not target.is_file():
            part = target.with_suffix(f".part{os.getpid()}")
            make(part)
            for old in cache.glob(f"{prefix}-*{suffix}"):
                old.unlink()
            part.replace(target)
    return target


@pytest.fixture(scope="session")
def pyodide_snapshot(browser, pyodide_site, pyodide_key, tmp_path_factory) -> Path:
    """Pyodide's memory once started, gzipped (``web_browser.make_snapshot``): the pages that
    need Python start from it (under a second) instead of starting Python again (4-5 s of CPU
    each).  Only Pyodide is in it; the game's code is loaded afresh after.  Made once and
    ``kept`` by what it depends on: a run after the first makes none."""
    return kept(tmp_path_factory, "pyodide-snapshot", pyodide_key, ".gz",
                lambda part: web_browser.make_snapshot(browser, pyodide_site.url, part))


GZIPPED = ("pyodide.asm.wasm",)  # Pyodide's largest file (9.6 MB): 3.6 MB gzipped


@pytest.fixture(scope="session")
def pyodide_gzipped(pyodide_key, tmp_path_factory) -> dict:
    """Pyodide's files that ``GZIPPED`` names, gzipped: {name: the .gz file}.  A page that gets
    Pyodide through Playwright's routes (test_web_host.py) fetches these instead (its stand-in
    runtime unzips them): Playwright's client and driver copy every byte a route answers,
    ~0.1 s of CPU a MB.  Made once and ``kept`` as the snapshot is."""
    return {name: kept(tmp_path_factory, "pyodide-gzipped", pyodide_key, f"-{name}.gz",
                       lambda part, name=name: part.write_bytes(
                           gzip.compress((web_browser.PYODIDE / name).read_bytes(), 6)))
            for name in GZIPPED}


@pytest.fixture(scope="session")
def pyodide_runner(browser, pyodide_site, pyodide_snapshot):
    """The worker's Pyodide page (``PyodideRunner``), started from the run's snapshot."""
    shutil.copyfile(pyodide_snapshot, pyodide_site.directory / web_browser.SNAPSHOT_NAME)
    runner = PyodideRunner(browser, pyodide_site.url, snapshot=web_browser.SNAPSHOT_NAME)
    yield runner
    runner.close()


@pytest.fixture
def pyodide(pyodide_runner):
    """The worker's Pyodide page, reset to how it loaded."""
    pyodide_runner.reset()
    return pyodide_runner
