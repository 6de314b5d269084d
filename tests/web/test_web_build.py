"""`make web`: the site is built offline, holds what a host needs, and the sources are untouched."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
import web_build

ROOT = Path(__file__).resolve().parents[2]
SITE_FILES = {
    "index.html",
    "favicon.png",
    "manifest.webmanifest",
    "sw.js",
    "tricktable.tar.gz",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/icon-maskable-512.png",
    "icons/apple-touch-icon.png",
    "examples/embed.html",  # the host-page API's example (README, "Embedding")
}


def tree_state(src: Path) -> dict:
    """Every file of the source tree we care about, with a hash of its bytes."""
    state = {}
    for top in ("main.py", "game", "assets", "build", "tools", "tests"):
        base = src / top
        paths = [base] if base.is_file() else sorted(base.rglob("*")) if base.is_dir() else []
        for path in paths:
            rel = path.relative_to(src).as_posix()
            if not path.is_file() or "__pycache__" in path.parts or rel.startswith(("build/web", "build/stage", "build/determinism", "build/.coverage")):
                continue
            state[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return state


@pytest.fixture(scope="module")
def made(can_build, src, tmp_path_factory):
    """What `make web` runs, into build/web (its scratch folder a fresh one of the test's own)."""
    before = tree_state(src)
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "web_build.py"), "--src", str(src),
         "--stage", str(tmp_path_factory.mktemp("stage"))],
        capture_output=True, text=True, timeout=300,
    )
    seconds = time.monotonic() - started
    after = tree_state(src)
    assert run.returncode == 0, run.stdout + run.stderr
    return {"out": ROOT / "build" / "web", "stdout": run.stdout, "seconds": seconds, "before": before, "after": after}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_build_succeeds_offline_and_prints_the_archive_size(made, capsys):
    out = made["stdout"]
    match = re.search(r"app archive tricktable\.tar\.gz: ([\d.]+) MB compressed", out)
    assert match, out
    assert float(match.group(1)) <= 3.0, "the app archive is over the 3 MB goal"
    with capsys.disabled():  # the build's time is a figure to read, not a bound (a hang hits the timeout)
        print("\n" + "\n".join("    " + line for line in out.strip().splitlines()))
        print(f"    built in {made['seconds']:.1f} s")


def test_site_has_exactly_the_files_a_host_needs(made):
    found = {p.relative_to(made["out"]).as_posix() for p in made["out"].rglob("*") if p.is_file()}
    assert found == SITE_FILES


def test_icons_and_manifest(made):
    out = made["out"]
    assert png_size(out / "icons/icon-192.png") == (192, 192)
    assert png_size(out / "icons/icon-512.png") == (512, 512)
    assert png_size(out / "icons/icon-maskable-512.png") == (512, 512)
    assert png_size(out / "favicon.png") == (48, 48)
    manifest = json.loads((out / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Trick Table" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] and manifest["scope"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert png_size(out / icon["src"]) == tuple(int(n) for n in icon["sizes"].split("x"))
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])


def test_no_template_placeholder_is_left(made):
    for name in ("index.html", "sw.js", "manifest.webmanifest"):
        text = (made["out"] / name).read_text(encoding="utf-8")
        assert "{{cookiecutter." not in text and "cookiecutter" not in text, name
        assert "[[tt." not in text, name
        assert "{%" not in text, name


def test_page_uses_our_runtime_settings(made):
    page = (made["out"] / "index.html").read_text(encoding="utf-8")
    runtime = re.search(r'<script src="([^"]+)pythons\.js" type="module"[^>]*data-python="python3\.12"[^>]*data-os="([^"]*)"', page)
    assert runtime, "the runtime's module script"
    assert runtime.group(1) == web_build.DEFAULT_CDN
    assert not {"vt", "vtx", "stdout"} & set(runtime.group(2).split(","))  # no terminal console
    for element in ('id="canvas"', 'id="status"', 'id="progress"', 'id="transfer"', 'id="tap"', 'rel="manifest"'):
        assert element in page, element
    assert 'register("sw.js", { updateViaCache: "none" })' in page
    assert "can_close: 1" in page  # leaving the page asks nothing
    assert page.find("window.config = {") < page.find("pythons.js\" type=\"module\"")  # settings first
    # the interpreter is pinned, and the runtime gets only the parameters game/web/params.py reads
    assert 'pydigits: "312"' in page and f'executable: "{web_build.DEFAULT_CDN}cpython312/main.js"' in page
    from game.web.params import parameter_names

    own = json.loads(re.search(r"var OWN_PARAMETERS = (\[.*?\]);", page).group(1))
    assert own == list(parameter_names()) and {"game", "lang", "seed", "level", "embed", "demo", "target"} <= set(own)
    assert page.find("history.replaceState") < page.find("pythons.js\" type=\"module\"")


def loader_source(page: str) -> str:
    return re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', page, re.S).group(1)


def test_loader_is_valid_python_in_an_html_comment(made):
    source = loader_source((made["out"] / "index.html").read_text(encoding="utf-8"))
    assert source.startswith("#<!--\n") and source.rstrip().endswith("# -->")
    assert "<script" not in source.lower()
    compile(source, "loader", "exec")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_javascript_parses(made, tmp_path):
    page = (made["out"] / "index.html").read_text(encoding="utf-8")
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(inline) == 2
    for i, code in enumerate(inline + [(made["out"] / "sw.js").read_text(encoding="utf-8")]):
        path = tmp_path / f"script{i}.js"
        path.write_text(code, encoding="utf-8")
        check = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


def test_service_worker_names_its_caches_with_the_build(made):
    sw = (made["out"] / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const BUILD = "([^"]+)"', sw).group(1)
    assert version in (made["out"] / "index.html").read_text(encoding="utf-8")
    assert "tricktable.tar.gz" in sw and '"index.html"' in sw
    for name in web_build.RUNTIME_FILES:
        assert web_build.DEFAULT_CDN + name in sw
    assert 'PREFIX + "app-" + BUILD' in sw


def test_archive_lists_exactly_the_games_files(made, src):
    listed = web_build.archive_listing(made["out"] / "tricktable.tar.gz")
    expected = sorted("assets/" + rel for rel in web_build.archive_files(src))
    assert listed == expected
    assert not (made["out"] / "tricktable.apk").exists()  # only itch.io opens it: make itch
    assert "assets/game/i18n/de.mo" in listed and "assets/game/i18n/ar.mo" in listed
    assert not any(name.endswith((".po", ".pot")) for name in listed)
    assert "assets/main.py" in listed
    assert "assets/game/ai/data/opening.json" in listed  # the AI's opening table
    assert any(name.startswith("assets/game/engine/") for name in listed)
    assert not any("__pycache__" in name or name.endswith(".pyc") or "-pygbag." in name for name in listed)
    assert not any(name.startswith(("assets/tests/", "assets/tools/", "assets/build/", "assets/.")) for name in listed)


def test_sources_are_untouched(made):
    assert made["after"] == made["before"]
    assert not [p for p in made["after"] if "-pygbag." in p]


def test_pygbag_asking_the_network_fails_fast_instead_of_hanging(can_build, tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "main.py").write_text("import asyncio\nasync def main():\n    pass\nasyncio.run(main())\n")
    run = subprocess.run(
        [sys.executable, "-c", web_build.RUNNER, "--build", "--no_opt", "--template", "not-here.tmpl",
         "--icon", "not-here.png", "--cdn", web_build.DEFAULT_CDN, str(app)],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"),
    )
    assert run.returncode == 3, run.stdout[-2000:] + run.stderr[-2000:]
    # it stops at the first refusal of each download (pygbag would retry one every 5 s, for
    # ever: the subprocess's timeout is what a hang would meet)
    tried = re.findall(r"\('([^']+)',\)", re.search(r"pygbag tried to reach the network: (.*)", run.stderr).group(1))
    assert tried and len(tried) == len(set(tried)), tried
    assert all(address.startswith(web_build.DEFAULT_CDN) for address in tried), tried


def test_bad_settings_are_refused(can_build, tmp_path, src):
    with pytest.raises(web_build.BuildError):
        web_build.build(src=src, out=tmp_path / "out", stage_root=tmp_path / "stage", cdn='https://x.example/"><script>', quiet=True)
    with pytest.raises(web_build.BuildError):
        web_build.build(src=src, out=src, stage_root=tmp_path / "s", quiet=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(web_build.BuildError, match="main.py"):
        web_build.build(src=empty, out=tmp_path / "out", stage_root=tmp_path / "stage", quiet=True)


def test_build_refuses_a_main_py_the_runtime_would_install_no_pygame_for(can_build, tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "main.py").write_text("import asyncio\nfrom game.ui.app import App  # pygame only in there\n")
    with pytest.raises(web_build.BuildError, match="would not install pygame-ce"):
        web_build.build(src=app, out=tmp_path / "out", stage_root=tmp_path / "stage", quiet=True)


def test_make_itch_zips_the_site_with_the_apk(itch_build, src, tmp_path):
    """itch.io takes one zip; its page opens pygbag's .apk, which the worker keeps too."""
    import zipfile

    summary = itch_build
    with zipfile.ZipFile(summary["itch_zip"]) as bundle:
        names = set(bundle.namelist())
        assert names == SITE_FILES | {"tricktable.apk"}
        apk = tmp_path / "from-zip.apk"
        apk.write_bytes(bundle.read("tricktable.apk"))
    assert web_build.archive_listing(apk) == sorted("assets/" + rel for rel in web_build.archive_files(src))
    assert '"tricktable.apk"' in (Path(summary["out"]) / "sw.js").read_text(encoding="utf-8")


def test_the_page_carries_a_policy_with_its_inline_scripts_hashes(made):
    import base64

    page = (made["out"] / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page).group(1)
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'none'" and "'unsafe-inline'" not in policy
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", page, re.S)
    assert len(inline) == 2
    for text in inline:
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in directives["script-src"]
    assert directives["script-src"].startswith("https://pygame-web.github.io/cdn/0.9.3/ ")
    assert page.index("Content-Security-Policy") < page.index("<script")
    assert not re.search(r"<[a-z]+[^>]* on[a-z]+=", re.sub(r"<script.*?</script>", "", page, flags=re.S))


def test_serve_answers_an_over_long_request_with_414_and_keeps_serving(tmp_path):
    import socket
    import web_serve

    (tmp_path / "index.html").write_text("<p>here</p>", encoding="utf-8")
    server = web_serve.LocalServer(tmp_path)
    try:
        host, port = server.server.server_address[:2]
        with socket.create_connection((host, port), timeout=10) as connection:
            connection.sendall(b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = connection.recv(200)
        assert answer.startswith(b"HTTP/1.0 414 ") or answer.startswith(b"HTTP/1.1 414 "), answer
        import urllib.request

        with urllib.request.urlopen(server.url + "index.html", timeout=10) as response:
            assert response.status == 200 and response.read() == b"<p>here</p>"
    finally:
        server.stop()


def test_serve_takes_a_client_that_hangs_up_quietly(tmp_path, capfd):
    """A browser drops connections it no longer needs; the server counts them and prints no
    traceback into the tests' output (a real fault still would)."""
    import socket
    import struct as packing
    import urllib.request

    import web_serve

    (tmp_path / "big.data").write_bytes(bytes(32 << 20))  # more than the sockets' buffers hold
    (tmp_path / "index.html").write_text("<p>here</p>", encoding="utf-8")
    server = web_serve.LocalServer(tmp_path)
    try:
        connection = socket.create_connection(server.server.server_address[:2], timeout=10)
        connection.sendall(b"GET /big.data HTTP/1.1\r\nHost: x\r\n\r\n")
        assert connection.recv(16).startswith(b"HTTP/1.")
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, packing.pack("ii", 1, 0))
        connection.close()  # a reset, mid-answer
        deadline = time.monotonic() + 30
        while server.server.dropped < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.server.dropped == 1
        with urllib.request.urlopen(server.url + "index.html", timeout=10) as response:
            assert response.read() == b"<p>here</p>"  # and it keeps serving
    finally:
        server.stop()
    assert "Traceback" not in capfd.readouterr().err
