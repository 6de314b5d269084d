"""Fixtures of the web tests: builds, local servers, a stand-in CDN, headless Chromium.

The build and browser tests need pygbag, Playwright, Debian's chromium and the npm package
pyodide, which ``make test-web`` installs. Without them those tests are skipped, so a plain
``make test`` stays fast and offline-safe; with ``TRICK_TABLE_WEB_TESTS=1`` (what
``make test-web`` sets) a missing piece fails instead of skipping.

``TRICK_TABLE_WEB_SRC`` points the builds at another folder holding main.py, game/ and
assets/ (for trying the web build before the front end's main.py exists).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tools"))

import pygbag_cdn  # noqa: E402
import web_browser  # noqa: E402
import web_build  # noqa: E402
import web_serve  # noqa: E402

REQUIRED = os.environ.get("TRICK_TABLE_WEB_TESTS") == "1"
SRC = Path(os.environ.get("TRICK_TABLE_WEB_SRC") or ROOT)
WHEEL = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"


def need(lacking: list[str]) -> None:
    if not lacking:
        return
    message = "web test tools missing: " + "; ".join(lacking) + " (make test-web installs them)"
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


def make_fake_cdn(folder: Path, base_url: str) -> None:
    """Our stand-in for pygbag's CDN: tests/web/fake_cdn plus generated binaries."""
    shutil.copytree(HERE / "fake_cdn", folder, dirs_exist_ok=True)
    runtime = folder / "0.9.3"
    (runtime / "cpython312" / "main.wasm").write_bytes(b"\0asm\x01\0\0\0")  # an empty wasm module
    (runtime / "cpython312" / "main.data").write_bytes(bytes(range(256)) * 1600)  # 400 kB
    (runtime / "cpythonrc.py").write_text("# stand-in for the runtime's rc file\n", encoding="utf-8")
    (runtime / "empty.ogg").write_bytes(b"OggS" + bytes(60))
    (folder / "index-0.9.3-cp312.json").write_text(
        json.dumps({"-CDN-": base_url, "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}), encoding="utf-8"
    )
    (folder / "cp312").mkdir(exist_ok=True)
    (folder / WHEEL).write_bytes(b"PK" + bytes(2000))


@pytest.fixture(scope="session")
def fake_cdn(tmp_path_factory, can_browse):
    folder = tmp_path_factory.mktemp("fake_cdn")
    server = Server(folder, cors=True)
    make_fake_cdn(folder, server.url)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def fake_site(tmp_path_factory, fake_cdn, src):
    """The game built against the stand-in CDN and served on its own port (another origin)."""
    work = tmp_path_factory.mktemp("site")
    summary = web_build.build(
        src=src, out=work / "web", stage_root=work / "stage", cdn=fake_cdn.url + "0.9.3/", pkg_index=fake_cdn.url, quiet=True,
        runtime_package_home=fake_cdn.url,  # so nothing in the test asks pygbag's real CDN
    )
    server = Server(work / "web")
    server.summary = summary
    server.work = work
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser(can_browse):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = web_browser.launch(playwright)
        yield chromium
        chromium.close()
