"""The loader in the page (the Python the runtime runs first), run natively against stand-ins
for the runtime's objects (platform, embed, shell): it unpacks the real archive, waits for a
tap only when sound is still blocked, points the runtime at the package index and runs main.py.
"""

from __future__ import annotations

import asyncio
import io
import re
import sys
import threading
import types
from pathlib import Path

import pytest
import web_build


@pytest.fixture(scope="module")
def site(can_build, src, tmp_path_factory):
    work = tmp_path_factory.mktemp("loader")
    default = web_build.build(src=src, out=work / "web", stage_root=work / "stage", quiet=True)
    hosted = web_build.build(src=src, out=work / "hosted", stage_root=work / "stage2", cdn="https://games.example/rt/0.9.3/",
                             pkg_index="https://games.example/rt/", quiet=True)
    return {"default": Path(default["out"]), "hosted": Path(hosted["out"])}


class Hooks:
    def __init__(self, window):
        self.window, self.calls = window, []

    def stage(self, step, detail=""):
        self.calls.append((step, detail))
        if step == "gesture":  # the player taps a moment later
            asyncio.get_running_loop().call_later(0.05, setattr, self.window.MM, "UME", True)


class Runtime:
    """What pygbag's runtime offers the loader, recording what the loader does with it."""

    def __init__(self, web: Path, app_root: Path, ume: bool, remote: dict | None = None):
        self.web, self.app_root, self.remote = web, app_root, remote or {}
        self.window = types.SimpleNamespace(MM=types.SimpleNamespace(UME=ume))
        self.window.tt = Hooks(self.window)
        self.run_main = []
        self.sourced = []
        self.toplevel = []
        self.interactive = 0
        self.counter = iter([-2, -1, 0])

    def platform_module(self):
        runtime = self
        module = types.ModuleType("platform")
        module.window = self.window
        module.shell = object()

        class Remote:  # platform.fopen: a URL (or a name relative to the page), read when entered
            def __init__(self, name, mode="r", encoding=None, **flags):
                self.name, self.mode = str(name), mode

            async def __aenter__(self):
                if self.name in runtime.remote:
                    self.file = io.StringIO(runtime.remote[self.name])
                else:
                    self.file = open(runtime.web / self.name, self.mode)
                return self.file

            async def __aexit__(self, *exc):
                self.file.close()

        module.fopen = Remote
        module.run_main = lambda config, loaderhome=None, loadermain="main.py": self.run_main.append((loaderhome, loadermain))
        return module

    def aio_modules(self):
        aio = types.ModuleType("aio")
        pep0723 = types.ModuleType("aio.pep0723")

        class Config:  # as the runtime's first scan left it: its default index
            PKG_INDEXES = ["https://pygame-web.github.io/cdn/"]
            pkg_repolist = [{"-CDN-": "https://pygame-web.github.io/cdn/", "pygame": "cp312/pygame_ce-2.5.7.dev1.whl"}]

        pep0723.Config = Config
        aio.pep0723 = pep0723
        self.pep0723 = pep0723
        return aio, pep0723

    def embed_module(self):
        module = types.ModuleType("embed")
        module.counter = lambda: next(self.counter, 0)
        return module

    def namespace(self):
        runtime = self

        class TopLevel:
            @staticmethod
            async def start_toplevel(shell, console=True):
                runtime.toplevel.append(console)

        class Shell:
            @staticmethod
            async def source(main, callback=None):
                runtime.sourced.append(Path(main))
                if callback:
                    callback("pygame")

            @staticmethod
            def interactive():
                runtime.interactive += 1

        module = types.ModuleType("loader_under_test")
        sys.modules[module.__name__] = module
        return {"__name__": module.__name__, "PyConfig": {}, "TopLevel_async_handler": TopLevel, "shell": Shell}


def run_loader(web: Path, app_root: Path, monkeypatch, ume=True, remove_archive=False, remote=None) -> Runtime:
    page = (web / "index.html").read_text(encoding="utf-8")
    source = re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', page, re.S).group(1)
    assert 'APP_ROOT = "/data/data"' in source
    source = source.replace('APP_ROOT = "/data/data"', f"APP_ROOT = {str(app_root)!r}")
    runtime = Runtime(web, app_root, ume, remote)
    aio, pep0723 = runtime.aio_modules()
    monkeypatch.setitem(sys.modules, "aio", aio)
    monkeypatch.setitem(sys.modules, "aio.pep0723", pep0723)
    monkeypatch.setitem(sys.modules, "platform", runtime.platform_module())
    monkeypatch.setitem(sys.modules, "embed", runtime.embed_module())
    monkeypatch.setenv("PYGPI", "")  # recorded, so the variable the loader sets is undone
    monkeypatch.delenv("PYGPI")
    if remove_archive:
        (web / "tricktable.tar.gz").rename(web / "moved.tar.gz")
    code, namespace, failure = compile(source, "loader", "exec"), runtime.namespace(), []

    def run():  # in a thread of its own: Playwright's sync API may own this thread's event loop
        try:
            exec(code, namespace)
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            failure.append(error)

    try:
        worker = threading.Thread(target=run)
        worker.start()
        worker.join(30)
        assert not worker.is_alive(), "the loader did not finish"
        if failure:
            raise failure[0]
    finally:
        sys.modules.pop("loader_under_test", None)
        if remove_archive:
            (web / "moved.tar.gz").rename(web / "tricktable.tar.gz")
    return runtime


def test_loader_unpacks_the_game_and_runs_main(site, src, tmp_path, monkeypatch):
    runtime = run_loader(site["default"], tmp_path, monkeypatch)
    home = tmp_path / "tricktable" / "assets"
    unpacked = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file())
    assert unpacked == web_build.archive_files(src)
    assert (home / "main.py").read_bytes() == (src / "main.py").read_bytes()
    assert runtime.run_main == [(home, None)]
    assert runtime.sourced == [home / "main.py"]
    assert runtime.toplevel == [False]  # no console
    assert runtime.interactive == 1
    steps = [step for step, _ in runtime.window.tt.calls]
    assert steps == ["unpack", "start", "install", "running"]  # no tap asked for
    assert ("install", "pygame") in runtime.window.tt.calls
    assert "PYGPI" not in __import__("os").environ  # the runtime's own package index


def test_loader_waits_for_the_tap_when_sound_is_blocked(site, tmp_path, monkeypatch):
    runtime = run_loader(site["default"], tmp_path, monkeypatch, ume=False)
    steps = [step for step, _ in runtime.window.tt.calls]
    assert steps == ["unpack", "gesture", "start", "install", "running"]
    assert runtime.window.MM.UME is True


def test_self_hosted_packages_go_to_the_runtime(site, tmp_path, monkeypatch):
    index = '{"-CDN-": "https://elsewhere.example/", "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}'
    runtime = run_loader(site["hosted"], tmp_path, monkeypatch, remote={"https://games.example/rt/index-0.9.3-cp312.json": index})
    import os
    import sysconfig

    assert os.environ["PYGPI"] == "https://games.example/rt/"
    abi = f"cp{sys.version_info.major}{sys.version_info.minor}"
    api = sysconfig.get_config_var("HOST_GNU_TYPE").replace("-", "_")
    config = runtime.pep0723.Config
    assert config.PKG_INDEXES == ["https://games.example/rt/"]
    assert config.pkg_repolist == [{"-CDN-": "https://games.example/rt/", "pygame": f"cp312/pygame_ce-2.5.7.dev1-{abi}-{abi}-{api}.whl"}]
    # the default build leaves the runtime's own index alone
    runtime = run_loader(site["default"], tmp_path / "default", monkeypatch)
    assert runtime.pep0723.Config.pkg_repolist[0]["-CDN-"] == "https://pygame-web.github.io/cdn/"
    page = (site["hosted"] / "index.html").read_text(encoding="utf-8")
    assert 'src="https://games.example/rt/0.9.3/pythons.js"' in page


def test_a_failure_is_shown_on_the_page(site, tmp_path, monkeypatch):
    with pytest.raises(FileNotFoundError):
        run_loader(site["default"], tmp_path, monkeypatch, remove_archive=True)
    # the page was told (it shows "could not start" with a Reload button)
    calls = sys.modules["platform"].window.tt.calls
    assert calls[-1][0] == "failed" and "FileNotFoundError" in calls[-1][1]
