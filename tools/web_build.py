#!/usr/bin/env python3
"""Build the web version of Trick Table into build/web: offline, and never touching the sources.

    python tools/web_build.py [--cdn URL] [--pkg-index URL] [--out DIR] ...

1. Stage a copy of only the game's files (``main.py``, ``game/``, ``assets/``, without caches)
   in ``build/stage/tricktable/`` (the translated ``.po`` catalogs compiled to gettext ``.mo``
   files, which replace them), with our icons, manifest and service worker in its
   ``static/`` folder (pygbag copies that folder into the site and leaves it out of the
   archive). pygbag reformats sources in place when ``black`` is importable and writes
   ``*-pygbag.*`` files next to assets: here it only ever sees the copy, with ``black``
   blocked and asset optimising off.
2. Run pygbag 0.9.3 (``python -m pygbag --build``) on the copy with our page template
   (``build/template.tmpl``) and icon, so it needs nothing from the network; the network is
   blocked for it, so a missing local file fails at once instead of retrying forever.
3. Check the result (no template placeholder left, the archives hold exactly the staged
   files), copy it to ``build/web`` and print the sizes.

Two facts about pygbag's runtime are checked or built in on the way: it installs pygame-ce only
if main.py itself imports pygame or declares pygame-ce (the build runs the runtime's own scan,
``tools/web_runtime_scan.py``, and stops if it would not), and it turns every parameter of the
page's URL into an environment variable (the page passes it only the game's own parameters,
whose names the build reads from ``game/web/params.py``).

The CDN base URL is a build setting: ``--cdn`` (or ``make web CDN=...``) says where the page
loads the Python runtime from; ``--pkg-index`` where the runtime finds pygame-ce (README,
"Hosting the runtime yourself").
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
TEMPLATE = BUILD / "template.tmpl"
STATIC = BUILD / "static"
EXAMPLES = BUILD / "examples"  # build/examples/embed.html: the host-page API's example, shipped as examples/

BUNDLE = "tricktable"  # the archive's name: tricktable.tar.gz
TITLE = "Trick Table"
GAME_PATHS = ("main.py", "game", "assets")
PYGBAG_VERSION = "0.9.3"
PYBUILD = "3.12"
PYDIGITS = PYBUILD.replace(".", "")
DEFAULT_CDN = f"https://pygame-web.github.io/cdn/{PYGBAG_VERSION}/"
DEFAULT_PACKAGE_HOME = "https://pygame-web.github.io/cdn/"  # where pygbag's runtime looks for packages
PACKAGE_INDEX_NAME = f"index-{PYGBAG_VERSION}-cp{PYDIGITS}.json"
PACKAGES = ("pygame",)  # what the game imports from the runtime's package index
ABI = f"cp{PYDIGITS}"
API = "wasm32_bi_emscripten"
# what the page loads from the CDN (pythons.js and the files it asks for)
RUNTIME_FILES = (
    "pythons.js",
    "cpythonrc.py",
    f"cpython{PYDIGITS}/main.js",
    f"cpython{PYDIGITS}/main.wasm",
    f"cpython{PYDIGITS}/main.data",
    "empty.ogg",
)
GOAL_BYTES = 3 * 1000 * 1000
WATCHDOG_SECONDS = 60  # the page fails when the runtime says nothing this long after main.wasm, or main.py draws nothing

# never staged: caches, editor and OS litter, what pygbag would leave out of the archive, and
# catalogs compiled in the sources (.mo: the build compiles its own)
SKIP_DIRS = {"__pycache__", "build", "dist", "venv", "static", "ignore", "ATTIC"}
SKIP_SUFFIXES = {".pyc", ".pyo", ".pyx", ".pyd", ".pyi", ".lnk", ".exe", ".bak", ".log", ".blend", ".blend1", ".tmp", ".swp",
                 ".mo"}
PLACEHOLDER = re.compile(r"\{\{\s*cookiecutter\.|\[\[tt\.")

# Runs pygbag in a child process: black blocked (pygbag would reformat the staged sources)
# and the network refused (pygbag retries a failed download every 5 s, forever).
RUNNER = r"""
import runpy, socket, sys, urllib.request
tried = []
def refuse(*args, **kwargs):
    tried.append(repr(args[:1]))
    raise RuntimeError("web_build: the build may not use the network")
socket.create_connection = refuse
socket.getaddrinfo = refuse
socket.socket.connect = refuse
urllib.request.urlretrieve = refuse
urllib.request.urlopen = refuse
sys.modules["black"] = None
sys.argv = ["pygbag"] + sys.argv[1:]
try:
    runpy.run_module("pygbag", run_name="__main__", alter_sys=True)
finally:
    if tried:
        sys.stderr.write("web_build: pygbag tried to reach the network: %s\n" % ", ".join(tried))
        sys.exit(3)
"""


class BuildError(RuntimeError):
    pass


def game_files(src: Path) -> list[str]:
    """The game's files under ``src``, as sorted POSIX paths relative to it."""
    if not (src / "main.py").is_file():
        raise BuildError(f"{src / 'main.py'} not found: the game's entry point (the front end) is missing")
    found = ["main.py"]
    for top in GAME_PATHS[1:]:
        base = src / top
        if not base.is_dir():
            continue
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS and not d.endswith(".egg-info"))
            for name in sorted(files):
                path = Path(folder) / name
                if name.startswith(".") or path.suffix.lower() in SKIP_SUFFIXES or "-pygbag." in name:
                    continue
                if path.is_symlink() and not path.resolve().is_relative_to(src.resolve()):
                    raise BuildError(f"{path} links outside the project")
                found.append(path.relative_to(src).as_posix())
    return sorted(found)


CATALOGS = "game/i18n/"


def shipped_files(files: list[str]) -> list[str]:
    """What the archive holds of the game's ``files``: each translated ``.po`` catalog as its
    compiled ``.mo``; the English source catalog and the ``.pot`` template stay behind."""
    out = []
    for rel in files:
        if rel.startswith(CATALOGS) and "/" not in rel[len(CATALOGS):] and rel.endswith((".po", ".pot")):
            if rel.endswith(".po") and not rel.endswith("/en.po"):
                out.append(rel[:-3] + ".mo")
            continue
        out.append(rel)
    return sorted(out)


def archive_files(src: Path) -> list[str]:
    """What the archive holds of the game in ``src``."""
    return shipped_files(game_files(src))


def ship_compiled_catalogs(app: Path, files: list[str]) -> list[str]:
    """Compile the staged catalogs in ``app`` to ``.mo`` with Babel (game/i18n/catalog.py) and
    remove the sources; returns the staged file list.  (A ``.mo`` compiled in the source tree
    is never staged: the build compiles its own from the staged ``.po``.)"""
    sys.path.insert(0, str(ROOT))
    try:
        from game.i18n import catalog
    except ImportError as err:
        raise BuildError(f"compiling the catalogs needs Babel ({err}): `make web` installs it") from None
    finally:
        sys.path.pop(0)
    for rel in files:
        path = app / rel
        if rel not in shipped_files([rel]):
            if rel.endswith(".po") and not rel.endswith("/en.po"):
                catalog.compile_file(path, path.with_suffix(".mo"))
            path.unlink()
    return shipped_files(files)


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def normalise_base(url: str, what: str) -> str:
    url = url.strip()
    if not url:
        raise BuildError(f"{what} is empty")
    if any(c in url for c in "\"'<>\\ \n"):
        raise BuildError(f"{what} {url!r} has characters a URL in the page cannot hold")
    return url if url.endswith("/") else url + "/"


ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|\*")


def embed_origins(text) -> list[str]:
    """The origins whose pages may send the game commands (the host-page API), from a list or a
    text of origins separated by commas or spaces: ``https://rules.example``, ``http://localhost:8080``
    or ``*`` (any page). The site's own origin is always allowed."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text or ())
    origins = []
    for item in items:
        origin = item.strip().rstrip("/")
        if not ORIGIN.fullmatch(origin):
            raise BuildError(f"EMBED_ORIGINS: {item!r} is not an origin (scheme://host[:port], no path) or *")
        if origin not in origins:
            origins.append(origin)
    return origins


def render(text: str, values: dict) -> str:
    for key, value in values.items():
        text = text.replace(f"[[tt.{key}]]", value)
    return text


def fill_sw(template: str, values: dict) -> str:
    return render(template, values)


def build(
    *,
    src: Path = ROOT,
    out: Path = BUILD / "web",
    stage_root: Path = BUILD / "stage",
    cdn: str = DEFAULT_CDN,
    pkg_index: str = "",
    width: int = 1280,
    height: int = 720,
    ume_block: int = 1,
    watchdog_seconds: float = WATCHDOG_SECONDS,
    embed: list[str] | str = (),
    game_origins: list[str] | str = (),
    self_host: Path | str | None = None,
    itch: bool = False,
    csp_extra: tuple[str, ...] = (),
    timeout: float = 180,
    quiet: bool = False,
) -> dict:
    """Build the site into ``out``; returns a summary (also printed unless ``quiet``)."""
    started = time.monotonic()
    say = (lambda *a: None) if quiet else print
    src, out, stage_root = Path(src).resolve(), Path(out).resolve(), Path(stage_root).resolve()
    if out == src or src.is_relative_to(out) or stage_root == src or src.is_relative_to(stage_root):
        raise BuildError("the output and staging folders must lie outside the sources")
    if self_host:
        self_host = Path(self_host).resolve()
        missing = [name for name in self_hosted_files() if not (self_host / name).is_file()]
        if missing:
            raise BuildError(f"SELF_HOST={self_host} lacks the runtime's files: {', '.join(missing)} (README, "
                             f"\"Hosting the runtime yourself\")")
        cdn, pkg_index = SELF_HOST_PATH + PYGBAG_VERSION + "/", SELF_HOST_PATH
    cdn = normalise_base(cdn, "--cdn")
    pkg_index = normalise_base(pkg_index, "--pkg-index") if pkg_index else ""
    origins = embed_origins(embed)
    games_at = [o for o in embed_origins(game_origins) if o != "*"]
    if any(not is_source(s) for s in csp_extra):
        raise BuildError(f"not a source a Content-Security-Policy can name: {csp_extra!r}")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from make_icons import write_icons
    finally:
        sys.path.pop(0)

    # 1. stage ------------------------------------------------------------------------
    files = game_files(src)
    if stage_root.exists():
        shutil.rmtree(stage_root)
    app = stage_root / BUNDLE
    app.mkdir(parents=True)
    digest = hashlib.sha256()
    for rel in files:
        target = app / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src / rel, target)
        digest.update(rel.encode() + b"\0" + (src / rel).read_bytes() + b"\0")
    files = ship_compiled_catalogs(app, files)
    template_text = TEMPLATE.read_text(encoding="utf-8")
    check_runtime_installs_pygame(app / "main.py", loader_of(template_text))
    url_params = own_parameters(app)
    settings = {"cdn": cdn, "pkg_index": pkg_index, "width": width, "height": height, "ume_block": ume_block,
                "watchdog_seconds": watchdog_seconds, "embed_origins": origins, "game_origins": games_at,
                "self_host": str(self_host or ""), "itch": itch, "csp_extra": list(csp_extra)}
    for part in (template_text, json.dumps(settings, sort_keys=True), PYGBAG_VERSION):
        digest.update(part.encode())
    for folder in (STATIC, EXAMPLES):
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(folder).as_posix().encode() + path.read_bytes())
    digest.update((ROOT / "tools" / "make_icons.py").read_bytes())
    version = f"{project_version()}-{digest.hexdigest()[:10]}"

    static = app / "static"
    shutil.copytree(STATIC, static)
    icons = write_icons(static / "icons")
    favicon = stage_root / "favicon.png"
    shutil.move(str(static / "icons" / "favicon.png"), favicon)

    package_home = pkg_index or DEFAULT_PACKAGE_HOME
    package_index = urljoin(package_home, PACKAGE_INDEX_NAME) if urlsplit(package_home).scheme else package_home + PACKAGE_INDEX_NAME
    # the runtime reads its built-in index unless the page hands it PYGPI from its start
    # (it does when the build names an index: custom_onload in the template)
    runtime_files = [cdn + name for name in RUNTIME_FILES] + [package_index]
    app_files = ["index.html", f"{BUNDLE}.tar.gz", "manifest.webmanifest", "favicon.png", "examples/embed.html"]
    app_files += [f"icons/{p.name}" for p in icons if p.name != "favicon.png"]
    if itch:
        app_files.append(f"{BUNDLE}.apk")  # what the page opens on itch.io
    prefixes = sorted({cdn, package_home} | (set() if pkg_index else {DEFAULT_PACKAGE_HOME}))
    sw_values = {
        "version": version,
        "runtime_version": f"{PYGBAG_VERSION}-py{PYBUILD}-" + hashlib.sha256((cdn + "|" + package_home).encode()).hexdigest()[:8],
        "app_files": json.dumps(app_files),
        "runtime_files": json.dumps(runtime_files),
        "runtime_prefixes": json.dumps(prefixes),
        "package_index": package_index,
        "package_base": pkg_index,
        "packages": json.dumps(list(PACKAGES)),
        "abi": ABI,
        "api": API,
    }
    sw = static / "sw.js"
    sw.write_text(fill_sw(sw.read_text(encoding="utf-8"), sw_values), encoding="utf-8")
    staged_template = stage_root / "template.tmpl"
    staged_template.write_text(
        render(template_text, {"version": version, "pkg_index": pkg_index, "pkg_index_file": package_index if pkg_index else "",
                               "url_params": json.dumps(url_params), "pydigits": PYDIGITS,
                               "embed_origins": json.dumps(origins),
                               "watchdog_ms": str(round(watchdog_seconds * 1000))}),
        encoding="utf-8",
    )
    (stage_root / "pygbag.ini").write_text("[DEPENDENCIES]\nignoredirs = []\nignorefiles = []\n", encoding="utf-8")

    # 2. pygbag -----------------------------------------------------------------------
    command = [
        sys.executable, "-c", RUNNER,
        "--build", "--no_opt",
        "--template", str(staged_template),
        "--icon", str(favicon),
        "--cdn", cdn,
        "--title", TITLE,
        "--width", str(width), "--height", str(height),
        "--ume_block", str(ume_block),
        "--can_close", "1",
        "--PYBUILD", PYBUILD,
        str(app),
    ]
    log = stage_root / "pygbag.log"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    try:
        with open(log, "w", encoding="utf-8") as log_file:
            run = subprocess.run(command, cwd=stage_root, stdout=log_file, stderr=subprocess.STDOUT, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildError(f"pygbag did not finish in {timeout:.0f} s (log: {log})") from None
    if run.returncode != 0:
        tail = "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-25:])
        raise BuildError(f"pygbag failed with exit code {run.returncode} (log: {log}):\n{tail}")

    # 3. check and publish ------------------------------------------------------------
    built = app / "build" / "web"
    archive = built / f"{BUNDLE}.tar.gz"
    for needed in ["index.html", "favicon.png", f"{BUNDLE}.tar.gz", f"{BUNDLE}.apk", "sw.js"] + [
            f for f in app_files if not f.startswith("examples/")]:
        if not (built / needed).is_file():
            raise BuildError(f"pygbag's output lacks {needed} (log: {log})")
    for text_file in ("index.html", "sw.js", "manifest.webmanifest"):
        text = (built / text_file).read_text(encoding="utf-8")
        text = text.replace("[[tt.csp]]", "").replace("[[tt.app_hashes]]", "").replace("[[tt.runtime_hashes]]", "")
        if PLACEHOLDER.search(text):
            raise BuildError(f"{text_file}: a template placeholder was left unfilled: {PLACEHOLDER.search(text).group(0)}")
    expected = sorted("assets/" + rel for rel in files)
    for packed in (archive, built / f"{BUNDLE}.apk"):  # the .apk: what the page opens on itch.io
        if not packed.is_file():
            raise BuildError(f"pygbag's output lacks {packed.name} (log: {log})")
        listed = archive_listing(packed)
        if listed != expected:
            extra = sorted(set(listed) - set(expected))
            missing = sorted(set(expected) - set(listed))
            raise BuildError(f"{packed.name} does not hold exactly the game's files; extra {extra}, missing {missing}")

    # the page's Content-Security-Policy (its inline scripts and style by their hashes), the
    # example host page, the runtime when self-hosted, and the files the worker keeps with
    # their hashes: what it checks everything against before it keeps or serves it
    page_file = built / "index.html"
    page_file.write_text(with_csp(page_file.read_text(encoding="utf-8"), cdn, package_home, csp_extra), encoding="utf-8")
    (built / "examples").mkdir(exist_ok=True)
    embed_page = (EXAMPLES / "embed.html").read_text(encoding="utf-8")
    embed_page = render(embed_page, {"game_origins": json.dumps(games_at)})
    (built / "examples" / "embed.html").write_text(with_host_csp(embed_page, games_at), encoding="utf-8")
    runtime_hashes = {}
    if self_host:
        for name in self_hosted_files():
            target = built / SELF_HOST_PATH / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(self_host / name, target)
        for name in self_hosted_files():
            runtime_hashes[SELF_HOST_PATH + name] = file_hash(built / SELF_HOST_PATH / name)
    if not itch:
        (built / f"{BUNDLE}.apk").unlink()  # only itch.io opens it (make itch)
    hashes = {name: [file_hash(built / name)] for name in app_files}
    hashes[f"{BUNDLE}.tar.gz"].append(hashlib.sha256(gzip.decompress((built / f"{BUNDLE}.tar.gz").read_bytes())).hexdigest())
    worker = built / "sw.js"
    worker.write_text(render(worker.read_text(encoding="utf-8"), {"app_hashes": json.dumps(hashes, sort_keys=True),
                                                                  "runtime_hashes": json.dumps(runtime_hashes, sort_keys=True)}),
                      encoding="utf-8")
    for text_file in ("index.html", "sw.js", "examples/embed.html"):
        found = PLACEHOLDER.search((built / text_file).read_text(encoding="utf-8"))
        if found:
            raise BuildError(f"{text_file}: a template placeholder was left unfilled: {found.group(0)}")

    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(built, out)
    itch_zip = None
    if itch:
        itch_zip = out.parent / f"{BUNDLE}-itch.zip"
        with zipfile.ZipFile(itch_zip, "w", zipfile.ZIP_DEFLATED) as bundle:
            for path in sorted(p for p in out.rglob("*") if p.is_file()):
                bundle.write(path, path.relative_to(out).as_posix())

    sizes = {rel: (app / rel).stat().st_size for rel in files}
    summary = {
        "version": version,
        "out": str(out),
        "cdn": cdn,
        "pkg_index": pkg_index,
        "files": len(files),
        "archive": archive.name,
        "archive_bytes": archive.stat().st_size,
        "unpacked_bytes": sum(sizes.values()),
        "site_bytes": sum(p.stat().st_size for p in out.rglob("*") if p.is_file()),
        "largest": sorted(sizes.items(), key=lambda kv: -kv[1])[:5],
        "seconds": round(time.monotonic() - started, 2),
        "itch_zip": str(itch_zip) if itch_zip else "",
    }
    verdict = "within" if summary["archive_bytes"] <= GOAL_BYTES else "OVER"
    say(f"web build {version} -> {out}  ({summary['seconds']} s, offline)")
    say(f"  runtime from {cdn}" + (f"; packages from {pkg_index}" if pkg_index else "")
        + (f" (self-hosted: copied from {self_host}; nothing from another host)" if self_host else ""))
    if itch_zip:
        say(f"  itch.io: upload {itch_zip} (the site with {BUNDLE}.apk)")
    say("  host pages heard: this site" + "".join(f", {o}" for o in origins) + "  (examples/embed.html shows the API)")
    say(f"  app archive {archive.name}: {summary['archive_bytes'] / 1e6:.3f} MB compressed, "
        f"{summary['unpacked_bytes'] / 1e6:.3f} MB unpacked, {len(files)} files "
        f"({verdict} the 3 MB goal; the runtime is not counted)")
    say("  largest: " + ", ".join(f"{rel} {n / 1e3:.0f} kB" for rel, n in summary["largest"]))
    say(f"  whole site: {summary['site_bytes'] / 1e6:.3f} MB in {sum(1 for p in out.rglob('*') if p.is_file())} files")
    return summary


SELF_HOST_PATH = "runtime/"  # where a self-hosted runtime goes in the site


def self_hosted_files() -> list[str]:
    """The runtime's files a self-hosted site holds, relative to SELF_HOST (laid out as pygbag's
    CDN): the runtime, its package index, the pygame-ce wheel that index names, the licence."""
    return ([f"{PYGBAG_VERSION}/{name}" for name in RUNTIME_FILES] + [PACKAGE_INDEX_NAME, PYGAME_WHEEL, "LICENSE"])


PYGAME_WHEEL = f"cp{PYDIGITS}/pygame_ce-2.5.7.dev1-cp{PYDIGITS}-cp{PYDIGITS}-{API}.whl"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


SOURCE = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/%-]*)?")


def is_source(text: str) -> bool:
    return bool(SOURCE.fullmatch(text))


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.S)
INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)


def csp_hash(text: str) -> str:
    import base64

    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def content_security_policy(page: str, cdn: str, package_home: str, extra=()) -> str:
    """The page's policy: what the real pythons.js and main.js need, nothing more
    (docs/web-security.md says why each directive)."""
    def source(url):  # a relative base (a self-hosted runtime) is this site's
        return url if urlsplit(url).scheme else "'self'"

    runtime, packages = source(cdn), source(package_home)
    scripts = [csp_hash(s) for s in INLINE_SCRIPT.findall(page)]
    styles = [csp_hash(s) for s in INLINE_STYLE.findall(page)]
    directives = {
        "default-src": ["'none'"],
        "script-src": [runtime, *scripts, "'unsafe-eval'", "'wasm-unsafe-eval'", *extra],
        "style-src": styles,
        "connect-src": ["'self'", runtime, packages, *extra],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", runtime, "data:", "blob:"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "frame-src": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'none'"],
    }
    parts = []
    for name, sources in directives.items():
        unique = list(dict.fromkeys(sources))
        parts.append(name + " " + " ".join(unique))
    return "; ".join(parts)


def with_csp(page: str, cdn: str, package_home: str, extra=()) -> str:
    if "[[tt.csp]]" not in page:
        raise BuildError("the page template has no Content-Security-Policy to fill in ([[tt.csp]])")
    return page.replace("[[tt.csp]]", content_security_policy(page, cdn, package_home, extra))


def with_host_csp(page: str, game_origins) -> str:
    """The example host page's policy: its own script and style by hash, frames only of this
    site or the listed game sites (so not javascript: or data:, whatever its script does)."""
    policy = "; ".join([
        "default-src 'none'",
        "script-src " + " ".join(csp_hash(s) for s in INLINE_SCRIPT.findall(page)),
        "style-src " + " ".join(csp_hash(s) for s in INLINE_STYLE.findall(page)),
        "frame-src " + " ".join(["'self'", *game_origins]),
        "img-src 'self' data:",
        "object-src 'none'", "base-uri 'none'", "form-action 'none'",
    ])
    if "[[tt.csp]]" not in page:
        raise BuildError("examples/embed.html has no Content-Security-Policy to fill in ([[tt.csp]])")
    return page.replace("[[tt.csp]]", policy)


def archive_listing(archive: Path) -> list[str]:
    """The files in a game archive: the .tar.gz, or the .apk (a zip)."""
    if zipfile.is_zipfile(archive):
        with zipfile.ZipFile(archive) as files:
            return sorted(info.filename for info in files.infolist() if not info.is_dir())
    with tarfile.open(archive, "r:*") as tar:
        return sorted(m.name for m in tar.getmembers() if m.isfile())


def loader_of(template: str) -> str:
    """The Python in the page template (what the runtime runs first)."""
    found = re.search(r"pythons\.js\"[^>]*>(#<!--\n.*?# -->)</script>", template, re.S)
    if not found:
        raise BuildError(f"{TEMPLATE}: no loader (Python between '#<!--' and '# -->' in the pythons.js script)")
    return found.group(1)


def check_runtime_installs_pygame(main_py: Path, loader: str) -> None:
    """Stop unless pygbag's runtime, scanning the loader and then main.py as it does, would
    install pygame-ce (tools/web_runtime_scan.py runs its own code)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import web_runtime_scan
    finally:
        sys.path.pop(0)
    try:
        found = web_runtime_scan.installs([loader, main_py.read_text(encoding="utf-8")])
    except web_runtime_scan.ScanError as error:
        raise BuildError(str(error)) from None
    if not any("pygame" in result["installed"] for result in found):
        raise BuildError("pygbag's runtime would not install pygame-ce for this main.py: it installs only what "
                         "main.py itself imports or declares; add 'import pygame' at its top and a PEP 723 block "
                         "(# /// script, # dependencies = [\"pygame-ce\"], # ///)")


OWN_PARAMETERS = "import json; from game.web.params import parameter_names; print(json.dumps(parameter_names()))"


def own_parameters(app: Path) -> list[str]:
    """The URL parameter names the game reads (game/web/params.py), asked of the staged copy."""
    run = subprocess.run([sys.executable, "-c", OWN_PARAMETERS], cwd=app, capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=str(app)))
    try:
        names = json.loads(run.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise BuildError(f"could not read the game's URL parameters from game/web/params.py:\n{run.stderr[-2000:]}") from None
    if not names or not all(isinstance(n, str) and re.fullmatch(r"[a-z0-9_]+", n) and "py" not in n for n in names):
        raise BuildError(f"game/web/params.py names parameters the page cannot pass on: {names!r}")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cdn", default=os.environ.get("TRICK_TABLE_CDN") or DEFAULT_CDN,
                        help=f"base URL of the Python runtime (pythons.js, cpython312/…) [default: {DEFAULT_CDN}]")
    parser.add_argument("--pkg-index", default=os.environ.get("TRICK_TABLE_PKG_INDEX", ""),
                        help=f"base URL holding {PACKAGE_INDEX_NAME} and the wheels it names "
                             f"[default: the runtime's own, {DEFAULT_PACKAGE_HOME}]")
    parser.add_argument("--out", type=Path, default=BUILD / "web", help="where the site goes [build/web]")
    parser.add_argument("--stage", type=Path, default=BUILD / "stage", help="scratch folder [build/stage]")
    parser.add_argument("--src", type=Path, default=ROOT, help="folder holding main.py, game/ and assets/")
    parser.add_argument("--width", type=int, default=1280, help="framebuffer width the page expects first")
    parser.add_argument("--height", type=int, default=720, help="framebuffer height the page expects first")
    parser.add_argument("--ume-block", type=int, choices=(0, 1), default=1,
                        help="1: wait for a tap where the browser needs one before sound [1]")
    parser.add_argument("--embed-origins", default=os.environ.get("EMBED_ORIGINS", ""),
                        help="origins whose pages may send the game commands (host-page API), separated by "
                             "commas or spaces; * for any [default: only the site's own]")
    parser.add_argument("--game-origins", default=os.environ.get("GAME_ORIGINS", ""),
                        help="other sites whose game examples/embed.html may show (?src=); its own always")
    parser.add_argument("--self-host", type=Path, default=os.environ.get("SELF_HOST") or None,
                        help="a folder laid out as pygbag's CDN: the runtime goes into the site (runtime/)")
    parser.add_argument("--itch", action="store_true", help="the site for itch.io (with the .apk), zipped beside --out")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    try:
        summary = build(src=args.src, out=args.out, stage_root=args.stage, cdn=args.cdn, pkg_index=args.pkg_index,
                        width=args.width, height=args.height, ume_block=args.ume_block,
                        embed=args.embed_origins, game_origins=args.game_origins, self_host=args.self_host,
                        itch=args.itch, quiet=args.json)
    except BuildError as error:
        print(f"web build failed: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
