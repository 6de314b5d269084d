"""Headless Chromium (Debian's) through Playwright, and Pyodide in it: shared by tests/web and
benchmarks/wasm.py.

Nothing is downloaded here: the browser is /usr/bin/chromium (``make test-web`` installs
Debian's package when it is missing) and Pyodide comes from the npm package, installed by
``make test-web`` into build/web-cache/npm.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("TRICK_TABLE_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Browser-window furniture no headless page shows, which Chromium would still build for every
# new context (a WebUI renderer for the address bar's popup: about 1 s of CPU a context)
UNSHOWN_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI")
NPM_PREFIX = ROOT / "build" / "web-cache" / "npm"
PYODIDE = NPM_PREFIX / "node_modules" / "pyodide"
# what Pyodide gets of the game: the pure-Python packages (no pygame in there)
PURE_PACKAGES = ("game/engine", "game/ai", "game/web", "game/i18n")  # pure Python, no pygame
PURE_MODULES = ("game/ui/__init__.py", "game/ui/storage.py")  # the store: the front end's only pure module used here

RUNNER_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Trick Table in Pyodide</title>
<script src="pyodide/pyodide.js"></script>
<script>
"use strict";
window.loaded = (async () => {
    const started = performance.now();
    const options = { indexURL: new URL("pyodide/", location.href).href };
    if (window.pyodideSnapshot) {  // a started interpreter's memory (made by make_snapshot), gzipped
        options._loadSnapshot = fetch(window.pyodideSnapshot).then((answer) =>
            new Response(answer.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    }
    const pyodide = await loadPyodide(options);
    const zip = await (await fetch("app.zip")).arrayBuffer();
    pyodide.unpackArchive(zip, "zip", { extractDir: "/app" });
    pyodide.runPython("import sys; sys.path.insert(0, '/app')");
    window.pyodide = pyodide;
    return { load_ms: performance.now() - started, version: pyodide.version, snapshot: !!window.pyodideSnapshot };
})();
window.runPython = async (code) => {
    await window.loaded;
    return window.pyodide.runPython(code);
};
</script></head><body>Pyodide runner</body></html>
"""


def missing() -> list[str]:
    """What the browser tests lack on this machine (empty when they can run)."""
    lacking = []
    if not Path(CHROMIUM).exists():
        lacking.append(f"{CHROMIUM} (Debian package chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        lacking.append("playwright (pip, tests/web/requirements.txt)")
    if not (PYODIDE / "pyodide.js").is_file():
        lacking.append(f"{PYODIDE} (npm ci --prefix {NPM_PREFIX.relative_to(ROOT)})")
    return lacking


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright's launch switches off (its own ``--disable-features``), read
    from its driver; None where they cannot be read."""
    try:
        import playwright

        bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
        found = re.search(r"\bdisabledFeatures = \[(.*?)\]", bundle.read_text(encoding="utf-8"), re.S)
    except (ImportError, OSError):
        return None
    if not found:
        return None
    names = re.findall(r'^\s*"(\w+)",?\s*$', found.group(1), re.M)
    return names or None


def launch(playwright, extra_args=()):
    """Debian's Chromium, headless, with this workplace's flags (its network is closed) and
    without what only a browser window shows (``UNSHOWN_FEATURES``).  Chromium takes only the
    last ``--disable-features`` it is given: ours repeats Playwright's; where those cannot be
    read, Playwright's own stays and the furniture is built."""
    args = FLAGS + list(extra_args)
    theirs = playwright_disabled_features()
    if theirs is not None:
        args.append("--disable-features=" + ",".join([*theirs, *UNSHOWN_FEATURES]))
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)


def pyodide_site(folder: Path, src: Path = ROOT) -> Path:
    """A folder to serve: Pyodide, the runner page, app.zip (the pure-Python game packages)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "pyodide"
    if not target.exists():
        try:
            target.symlink_to(PYODIDE, target_is_directory=True)
        except OSError:
            shutil.copytree(PYODIDE, target)
    (folder / "index.html").write_text(RUNNER_HTML, encoding="utf-8")
    (folder / "snapshot.html").write_text(SNAPSHOT_HTML, encoding="utf-8")
    with zipfile.ZipFile(folder / "app.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(src / "game" / "__init__.py", "game/__init__.py")
        for package in PURE_PACKAGES:
            base = src / package
            if not base.is_dir():
                continue
            for path in sorted([*base.rglob("*.py"), *base.rglob("*.mo"), *base.rglob("*.json")]):
                if "__pycache__" not in path.parts:
                    zf.write(path, path.relative_to(src).as_posix())
        for module in PURE_MODULES:
            zf.write(src / module, module)
        zf.write(ROOT / "tools" / "wasm_play.py", "wasm_play.py")
    return folder


SNAPSHOT_NAME = "pyodide-snapshot.gz"
SNAPSHOT_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide's snapshot</title>
<script src="pyodide/pyodide.js"></script></head><body></body></html>
"""
MAKE_SNAPSHOT = """async (name) => {
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href, _makeSnapshot: true });
    const memory = new Blob([pyodide.makeMemorySnapshot()]).stream().pipeThrough(new CompressionStream("gzip"));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await new Response(memory).blob());
    link.download = name;
    document.body.appendChild(link);
    link.click();
}"""


def make_snapshot(browser, base_url: str, target: Path) -> Path:
    """Pyodide's memory once it has started (nothing of the game in it), gzipped, saved as
    ``target``, made in a page of ``base_url`` (a served ``pyodide_site``).  A page given it
    (the runner page's ``window.pyodideSnapshot``, the tests' stand-in runtime) starts Pyodide
    from it in under a second instead of starting Python again, seconds of CPU.  The browser
    saves it as a download: its 30 MB do not cross Playwright's connection."""
    context = browser.new_context(accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(base_url + "snapshot.html")
        with page.expect_download(timeout=120_000) as download:
            page.evaluate(MAKE_SNAPSHOT, SNAPSHOT_NAME)
        download.value.save_as(target)
    finally:
        context.close()
    return target


def pyodide_page(browser, base_url: str, timeout_ms: float = 120_000):
    """A page with Pyodide loaded and the game on its path; returns (page, load info)."""
    page = browser.new_page()
    page.set_default_timeout(timeout_ms)
    page.goto(base_url + "index.html")
    info = page.evaluate("() => window.loaded")
    return page, info


def run_python(page, code: str):
    """Run ``code`` in Pyodide; its last expression, which must be a JSON string, decoded."""
    return json.loads(page.evaluate("(code) => window.runPython(code)", code))


def play_in_pyodide(page, seed: int = 1, ai: bool = True, level: str = "normal", games=None,
                    work: int | None = None) -> dict:
    """One hand of each game in the page's Pyodide (``tools/wasm_play.run``): its report."""
    args = json.dumps({"seed": seed, "ai": ai, "level": level, "games": games, "work": work})
    return run_python(page, f"import json, wasm_play\njson.dumps(wasm_play.run(**json.loads({args!r})))")
