#!/usr/bin/env python3
"""What a first visit downloads: bytes over the network per file, from real local HTTP servers.

    python tools/web_first_visit.py [--repo DIR] [--json]

Builds the site of the checkout ``--repo`` (default: this one) with its runtime on a second
local server (``--cdn``/``--pkg-index`` pointing there), which serves pygbag's real runtime
files (``../shared/vendor/pygbag-cdn-0.9.3``, read in place through links) with the headers a
CDN sends (CORS, ``Cache-Control: max-age=600``; the site's own server sends ``no-cache`` for
the page and the worker and ``Last-Modified`` for the rest), with our stand-in interpreter as
``cpython312/main.js`` and stand-in ``main.wasm`` (2 MB) and ``main.data`` (4 MB). Chromium
opens the page once, with an empty profile, until the game has drawn and the service worker
says whether the runtime is kept (the runtime's server sends at ``--rate``, 2 MB/s, so the
worker starts keeping while the page is still downloading, as on a real first visit); each server counts the body bytes it sent, per path. Real
servers, because Playwright's routing would bypass the browser's HTTP cache.

Compare two checkouts (before/after a change): ``--repo`` one, then the other.
"""

from __future__ import annotations

import argparse
import importlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WASM_BYTES = 2_000_000
DATA_BYTES = 4_000_000


def runtime_folder(folder: Path, vendor: Path, stand_in: Path) -> Path:
    """pygbag's CDN laid out in ``folder``: links to the real files, our stand-ins for the rest."""
    sys.path.insert(0, str(HERE.parent / "tests" / "web"))
    from pygbag_cdn import CDN, INDEX, INTERPRETER, RUNTIME, WHEEL

    def here(url: str) -> Path:
        return folder / url.removeprefix(CDN)

    here(INTERPRETER).mkdir(parents=True)
    for url in (RUNTIME + "pythons.js", RUNTIME + "cpythonrc.py", RUNTIME + "empty.ogg", INDEX, CDN + "LICENSE", WHEEL):
        here(url).parent.mkdir(parents=True, exist_ok=True)
        here(url).symlink_to(vendor / url.removeprefix(CDN))
    shutil.copyfile(stand_in, here(INTERPRETER + "main.js"))
    here(INTERPRETER + "main.wasm").write_bytes(b"\0asm\x01\0\0\0" + bytes(WASM_BYTES - 8))
    here(INTERPRETER + "main.data").write_bytes(bytes(range(256)) * (DATA_BYTES // 256))
    return folder


def measure(repo: Path, work: Path, rate: float | None = None, validators: bool = True) -> dict:
    sys.path[:0] = [str(HERE), str(HERE.parent / "tests" / "web")]
    import web_browser
    from pygbag_cdn import STAND_IN, VENDOR
    from web_serve import LocalServer  # this checkout's: it counts what it sends

    sys.path.insert(0, str(repo / "tools"))
    web_build = importlib.import_module("web_build")  # the measured checkout's build

    cdn_sent, site_sent = {}, {}
    cdn = LocalServer(runtime_folder(work / "cdn", VENDOR, STAND_IN), cors=True, max_age=600, sent=cdn_sent, rate=rate,
                      validators=validators)
    try:
        web_build.build(src=repo, out=work / "web", stage_root=work / "stage", quiet=True,
                        cdn=cdn.url + "0.9.3/", pkg_index=cdn.url)
        site = LocalServer(work / "web", sent=site_sent)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = web_browser.launch(playwright, ["--autoplay-policy=no-user-gesture-required"])
            context = browser.new_context()
            page = context.new_page()
            page.goto(site.url + "index.html")
            page.wait_for_function("() => window.tt && (tt.drawn || tt.failure !== null)", timeout=120_000)
            page.wait_for_function("() => tt.kept !== null", timeout=120_000)
            page.wait_for_timeout(1000)
            result = {"drawn": page.evaluate("tt.drawn"), "kept": page.evaluate("tt.kept"),
                      "failure": page.evaluate("tt.failure")}
            browser.close()
        site.stop()
    finally:
        cdn.stop()
    result["runtime"] = dict(sorted(cdn_sent.items()))
    result["site"] = dict(sorted(site_sent.items()))
    result["total"] = sum(cdn_sent.values()) + sum(site_sent.values())
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=Path, default=HERE.parent, help="the checkout whose site is measured")
    parser.add_argument("--rate", type=float, default=2e6,
                        help="bytes per second the runtime's server sends (a slow line, so the worker "
                             "starts keeping while the page still downloads) [2e6; 0: as fast as it can]")
    parser.add_argument("--no-validators", action="store_true",
                        help="the runtime's server sends no Last-Modified and answers conditional requests in "
                             "full (as some CDNs): a file fetched again is downloaded again")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        result = measure(args.repo.resolve(), Path(work), args.rate or None, not args.no_validators)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"first visit of {args.repo}: drawn {result['drawn']}, runtime kept {result['kept']}"
          + (f", failure {result['failure']}" if result["failure"] else ""))
    for where in ("runtime", "site"):
        for path, sent in result[where].items():
            print(f"  {where:8} {path:70} {sent:>10,} bytes")
    print(f"  total {result['total']:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
