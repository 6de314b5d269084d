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
tests of a module that builds its own site run in one worker (``XDIST_GROUPS``): each such site is
built once, and ``make web``'s build into build/web (test_web_build.py) never runs twice at once.
"""

from __future__ import annotations

import os
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
# module -> the xdist group of its tests: each module that builds a site of its own (a
# module-scoped fixture) builds it once, and `make web`'s build into build/web runs once at a time.
# (The session's shipped_site is built once in each worker that needs it: the tests using it
# spread over the workers.)  A new module with such a fixture belongs here.
XDIST_GROUPS = {"test_web_build": "build_web", "test_web_host": "embed_site", "test_web_language": "language_site",
                "test_web_loader": "loader_site", "test_web_pyodide": "pyodide_site",
                "test_web_hardened": "hardened_site"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.web)
            group = XDIST_GROUPS.get(item.path.stem)
            if group:
                item.add_marker(pytest.mark.xdist_group(group))


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


@pytest.fixture(scope="session")
def shipped_site(tmp_path_factory, can_build, src):
    """The site built as it ships (the runtime from pygbag's CDN), served on localhost; only
    its watchdog is shorter (WATCHDOG_SECONDS)."""
    work = tmp_path_factory.mktemp("site")
    summary = web_build.build(src=src, out=work / "web", stage_root=work / "stage", quiet=True,
                              watchdog_seconds=WATCHDOG_SECONDS)
    server = Server(work / "web")
    server.summary = summary
    server.work = work
    yield server
    server.stop()


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
    (``pygbag_cdn.CdnRoutes`` options; ``viewport=(w, h)``); returns ``(context, routes)``.
    Closed after the test."""
    opened = []

    def open_context(*, viewport=(1000, 700), **options):
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        context.set_default_timeout(30_000)
        opened.append(context)
        return context, pygbag_cdn.CdnRoutes(context, **options)

    yield open_context
    for context in opened:
        context.close()
