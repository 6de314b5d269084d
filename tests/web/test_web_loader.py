"""The loader in the page (the Python pygbag's runtime runs first), run natively against a
stand-in for what the runtime gives it (``platform``, ``embed``, ``shell``, its event loop).

The stand-in keeps the runtime's manners that the loader depends on: ``asyncio.run`` only
schedules (one loop runs everything, for ever), ``shell.source(main)`` queues main.py for the
runtime's console, which runs it once the loader yields and prints a top-level exception with
``sys.print_exception``, and ``platform.fopen`` hands over a URL's bytes as a seekable file.
So the real main.py runs here, with real pygame (SDL's dummy video driver), up to the game's
first frame, which the loader reports to the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import importlib.machinery
import io
import os
import re
import selectors
import sys
import threading
import time
import types
import zipfile
from pathlib import Path

import pytest
import web_build

from pygbag_cdn import LOADER_STEPS

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def game_modules_as_they_were():
    """The loader runs the real main.py in this process and quits pygame after it: the game's
    modules it imported (from the unpacked archive, where the worker had none yet) are forgotten
    and the fonts and text pictures cached before the quit are dropped, so the tests that run
    after these in the same worker see a clean game and live fonts."""
    before = {name for name in sys.modules if name == "game" or name.startswith("game.")}
    yield
    for name in [m for m in sys.modules if (m == "game" or m.startswith("game.")) and m not in before]:
        del sys.modules[name]
    if "game.ui.fonts" in sys.modules:
        sys.modules["game.ui.fonts"]._clear()
    if "game.ui.kit.text" in sys.modules:
        sys.modules["game.ui.kit.text"].clear_caches()
    if "game.ui.gfx" in sys.modules:
        sys.modules["game.ui.gfx"].clear_caches()


@pytest.fixture(scope="module")
def site(can_build, src, tmp_path_factory, itch_build):
    work = tmp_path_factory.mktemp("loader")
    # the itch.io build: the default one plus the .apk the loader opens there
    default = itch_build
    hosted = web_build.build(src=src, out=work / "hosted", stage_root=work / "stage2", cdn="https://games.example/rt/0.9.3/",
                             pkg_index="https://games.example/rt/", quiet=True)
    return {"default": Path(default["out"]), "hosted": Path(hosted["out"])}


class Page:
    """The page's side: window.tt.stage records the steps; MM.UME is the sound gate."""

    def __init__(self, ume: bool, host: str, ume_after: float | None = None):
        self.calls: list[tuple[str, str]] = []
        self.ume_after = ume_after  # the runtime's autoplay check succeeds this long after unpacking
        self.at: dict[str, float] = {}  # step -> when it came (its loop's clock)
        self.window = types.SimpleNamespace(MM=types.SimpleNamespace(UME=ume), tt=self,
                                            location=types.SimpleNamespace(host=host))

    def stage(self, step, detail=""):
        self.calls.append((step, detail))
        self.at[step] = asyncio.get_running_loop().time()
        if step == "unpack" and self.ume_after is not None:
            asyncio.get_running_loop().call_later(self.ume_after, setattr, self.window.MM, "UME", True)
        if step == "gesture":  # the player taps a moment later
            asyncio.get_running_loop().call_later(0.05, setattr, self.window.MM, "UME", True)

    @property
    def steps(self) -> list[str]:
        return [step for step, _ in self.calls]

    @property
    def failures(self) -> list[str]:
        return [detail for step, detail in self.calls if step == "failed"]

    def settled(self) -> bool:
        return any(step in ("frame", "failed") for step in self.steps)


class SkippingSelector(selectors.DefaultSelector):
    """A selector that never waits: where its loop would sleep until its next timer with no
    file ready, the loop's clock (``SkippingLoop``) is moved on to that timer instead."""

    loop = None

    def select(self, timeout=None):
        ready = super().select(0)
        if not ready and timeout:
            self.loop.now += timeout
        return ready


class SkippingLoop(asyncio.SelectorEventLoop):
    """An event loop on a clock of its own that jumps to the next timer whenever nothing else
    is ready: the loader's waits (its sound check's grace, SOUND_CHECK_SECONDS) run in their
    order and counted in full, but take no real time, however busy the machine."""

    def __init__(self):
        self.now = 0.0
        selector = SkippingSelector()
        selector.loop = self
        super().__init__(selector)

    def time(self) -> float:
        return self.now


class Runtime:
    """What pygbag's runtime offers the loader, recording what the loader does with it."""

    def __init__(self, served: dict, app_root: Path, page: Page, main_text: str | None, skip_waits: bool = False):
        self.served, self.app_root, self.page, self.main_text = served, app_root, page, main_text
        self.loop = SkippingLoop() if skip_waits else asyncio.new_event_loop()
        self.run_main, self.sourced, self.toplevel = [], [], []
        self.printed: list[BaseException] = []
        self.counter = iter([-2, -1, 0])

    def schedule(self, coro, **kwargs):  # the runtime's asyncio.run: the loop runs for ever
        return self.loop.create_task(coro)

    def print_exception(self, error, *args, **kwargs):  # the runtime's sys.print_exception
        self.printed.append(error)

    def platform_module(self):
        runtime = self
        module = types.ModuleType("platform")
        module.window = self.page.window
        module.shell = object()

        class fopen:  # a URL's bytes as a local, seekable file; missing: as the runtime fails
            def __init__(self, name, mode="r", encoding=None, **flags):
                self.name, self.mode = str(name), mode

            async def __aenter__(self):
                if self.name not in runtime.served:
                    raise FileNotFoundError(self.name)
                data = runtime.served[self.name]
                self.file = io.BytesIO(data) if "b" in self.mode else io.StringIO(data.decode())
                return self.file

            async def __aexit__(self, *exc):
                self.file.close()

        module.fopen = fopen
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

    def namespace(self, module_name: str) -> dict:
        runtime = self

        class TopLevel:
            @staticmethod
            async def start_toplevel(shell, console=True):
                runtime.toplevel.append(console)

        class Shell:
            @staticmethod
            async def source(main, callback=None):
                runtime.sourced.append(Path(main))
                runtime.loop.call_soon(runtime.run_main_py, Path(main))

            @staticmethod
            def interactive():
                pass

        return {"__name__": module_name, "PyConfig": {}, "TopLevel_async_handler": TopLevel, "shell": Shell}

    def run_main_py(self, main: Path):
        """The runtime's console runs main.py as __main__; it prints what escapes."""
        code = self.main_text if self.main_text is not None else main.read_text(encoding="utf-8")
        namespace = {"__name__": "__main__", "__file__": str(main)}
        saved_argv = sys.argv
        sys.argv = [""]
        sys.path.insert(0, str(main.parent))
        try:
            exec(compile(code, str(main), "exec"), namespace)
        except Exception as error:  # noqa: BLE001 - what the runtime's console does with it
            sys.print_exception(error)
        finally:
            sys.argv = saved_argv
            sys.path.remove(str(main.parent))


def loader_source(web: Path) -> str:
    page = (web / "index.html").read_text(encoding="utf-8")
    return re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', page, re.S).group(1)


def run_loader(web: Path, app_root: Path, monkeypatch, *, ume=True, ume_after=None, served=None, main_text=None,
               host="127.0.0.1:4280", timeout=60.0, skip_waits=False) -> Runtime:
    """Run the loader of the site in ``web`` until the page hears of a frame or a failure
    (``skip_waits``: on a ``SkippingLoop``, its sleeps take no real time)."""
    source = loader_source(web)
    assert 'APP_ROOT = "/data/data"' in source
    source = source.replace('APP_ROOT = "/data/data"', f"APP_ROOT = {str(app_root)!r}")
    if served is None:
        served = {name: (web / name).read_bytes() for name in ("tricktable.tar.gz", "tricktable.apk")}
    page = Page(ume, host, ume_after)
    runtime = Runtime(served, app_root, page, main_text, skip_waits)
    aio, pep0723 = runtime.aio_modules()
    module_name = "loader_under_test"
    monkeypatch.setitem(sys.modules, module_name, types.ModuleType(module_name))
    monkeypatch.setitem(sys.modules, "aio", aio)
    monkeypatch.setitem(sys.modules, "aio.pep0723", pep0723)
    monkeypatch.setitem(sys.modules, "platform", runtime.platform_module())
    monkeypatch.setitem(sys.modules, "embed", types.SimpleNamespace(counter=lambda: next(runtime.counter, 0)))
    monkeypatch.setattr(sys, "print_exception", runtime.print_exception, raising=False)
    monkeypatch.setattr(asyncio, "run", runtime.schedule)
    monkeypatch.setenv("PYGPI", "")  # recorded, so the variable the loader sets is undone
    monkeypatch.delenv("PYGPI")
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(app_root / "data"))

    async def until_settled():
        deadline = time.monotonic() + timeout
        while not page.settled() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    def run():  # in a thread of its own: Playwright's sync API may own this thread's event loop
        asyncio.set_event_loop(runtime.loop)
        try:
            exec(compile(source, "loader", "exec"), runtime.namespace(module_name))
            runtime.loop.run_until_complete(until_settled())
            for task in asyncio.all_tasks(runtime.loop):
                task.cancel()
            runtime.loop.run_until_complete(asyncio.sleep(0))
        finally:
            asyncio.set_event_loop(None)
            runtime.loop.close()
            with contextlib.suppress(Exception):
                import pygame

                pygame.quit()

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout + 30)
    assert not worker.is_alive(), "the loader's loop did not stop"
    assert page.settled(), f"the loader reported neither a frame nor a failure: {page.calls}"
    return runtime


def test_loader_unpacks_the_game_and_the_real_main_draws_its_first_frame(site, src, tmp_path, monkeypatch):
    runtime = run_loader(site["default"], tmp_path, monkeypatch)
    home = tmp_path / "tricktable" / "assets"
    unpacked = sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert unpacked == web_build.archive_files(src)
    assert (home / "main.py").read_bytes() == (src / "main.py").read_bytes()
    assert runtime.run_main == [(home, None)]
    assert runtime.sourced == [home / "main.py"]
    assert runtime.toplevel == [False]  # no console
    assert runtime.page.steps == LOADER_STEPS  # no tap asked for; the real game drew
    assert runtime.printed == []
    assert "PYGPI" not in os.environ  # the runtime's own package index


def test_loader_waits_for_the_tap_when_sound_is_blocked(site, tmp_path, monkeypatch):
    runtime = run_loader(site["default"], tmp_path, monkeypatch, ume=False, main_text=DRAWS, skip_waits=True)
    assert runtime.page.steps == LOADER_STEPS[:1] + ["gesture"] + LOADER_STEPS[1:]
    assert runtime.page.window.MM.UME is True
    grace = float(re.search(r"(?m)^SOUND_CHECK_SECONDS = ([0-9.]+)", loader_source(site["default"])).group(1))
    asked = runtime.page.at["gesture"] - runtime.page.at["unpack"]
    assert grace <= asked < grace + 0.5, asked  # once the whole grace had passed, not before (the loop's clock)


def test_loader_asks_no_tap_when_the_runtimes_sound_check_ends_late(site, tmp_path, monkeypatch):
    # the runtime's check plays a silent sound it first fetches: on a slow line that takes a while
    runtime = run_loader(site["default"], tmp_path, monkeypatch, ume=False, ume_after=0.4, main_text=DRAWS,
                         skip_waits=True)
    assert runtime.page.steps == LOADER_STEPS


DRAWS = """import asyncio
import pygame
async def main():
    pygame.display.init()
    pygame.display.set_mode((64, 36))
    pygame.display.flip()
asyncio.run(main())
"""


def plain_tar(web: Path) -> bytes:
    return gzip.decompress((web / "tricktable.tar.gz").read_bytes())


@pytest.mark.parametrize("host, served, used", [
    ("127.0.0.1:4280", "gzip", "tricktable.tar.gz"),
    # a host that decompresses .gz files on the way (the browser hands over a plain tar)
    ("games.example", "plain", "tricktable.tar.gz"),
    # itch.io: pygbag's .apk (a zip), as pygbag's own page uses there
    ("html-classic.itch.zone", "apk", "tricktable.apk"),
])
def test_the_archive_opens_as_the_host_serves_it(site, src, tmp_path, monkeypatch, host, served, used):
    web = site["default"]
    archive = {"gzip": (web / "tricktable.tar.gz").read_bytes(), "plain": plain_tar(web),
               "apk": (web / "tricktable.apk").read_bytes()}[served]
    runtime = run_loader(web, tmp_path, monkeypatch, served={used: archive}, main_text=DRAWS, host=host)
    assert runtime.page.steps == LOADER_STEPS
    home = tmp_path / "tricktable" / "assets"
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file()) == web_build.archive_files(src)
    if served == "apk":
        assert zipfile.is_zipfile(io.BytesIO(archive))


@pytest.mark.parametrize("served, error", [
    ({}, "(FileNotFoundError: tricktable.tar.gz)"),                   # the archive is missing
    ("truncated", "(EOFError: Compressed file ended"),                # a broken download
    ({"tricktable.tar.gz": b"<html>Not here</html>"}, "(ReadError: "),  # a host's error page
])
def test_an_archive_that_cannot_be_opened_is_reported(site, tmp_path, monkeypatch, served, error):
    web = site["default"]
    if served == "truncated":
        served = {"tricktable.tar.gz": (web / "tricktable.tar.gz").read_bytes()[:300_000]}
    runtime = run_loader(web, tmp_path, monkeypatch, served=served)
    assert runtime.page.steps == ["unpack", "failed"]
    assert runtime.page.failures[0].startswith("ArchiveError: tricktable.tar.gz could not be read ")
    assert error in runtime.page.failures[0]


@pytest.mark.parametrize("main_text, reported", [
    ("import pygame\nraise RuntimeError('broken on purpose')\n", "RuntimeError: broken on purpose"),
    ("import asyncio\nimport pygame\nasync def main():\n    raise ValueError('the game fell over')\nasyncio.run(main())\n",
     "ValueError: the game fell over"),
])
def test_an_exception_in_main_py_is_reported(site, tmp_path, monkeypatch, main_text, reported):
    runtime = run_loader(site["default"], tmp_path, monkeypatch, main_text=main_text)
    assert runtime.page.steps == LOADER_STEPS[:-1] + ["failed"]
    assert runtime.page.failures == [reported]


def test_pygame_that_was_not_installed_is_reported(site, tmp_path, monkeypatch):
    """What the runtime ships without the wheel: a pygame folder of two fonts, which imports as
    an empty namespace package (``main.data``'s file list in the runtime's main.js)."""
    shipped = tmp_path / "site-packages"
    (shipped / "pygame").mkdir(parents=True)
    (shipped / "pygame" / "freesansbold.ttf").write_bytes(b"")

    class RuntimeSitePackages:  # pygame is found there only, as in the runtime without the wheel
        @staticmethod
        def find_spec(name, path=None, target=None):
            return importlib.machinery.PathFinder.find_spec(name, [str(shipped)]) if name == "pygame" else None

    for name in [m for m in sys.modules if m == "pygame" or m.startswith("pygame.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [RuntimeSitePackages()] + sys.meta_path)
    main_text = "import asyncio\nimport pygame\nasync def main():\n    pygame.init()\nasyncio.run(main())\n"
    runtime = run_loader(site["default"], tmp_path, monkeypatch, main_text=main_text)
    assert runtime.page.steps[:4] == LOADER_STEPS[:-1] + ["failed"]
    assert runtime.page.failures[0].startswith("pygame-ce was not installed")


def test_self_hosted_packages_go_to_the_runtime(site, tmp_path, monkeypatch):
    index = b'{"-CDN-": "https://elsewhere.example/", "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}'
    web = site["hosted"]
    served = {"tricktable.tar.gz": (web / "tricktable.tar.gz").read_bytes(), "https://games.example/rt/index-0.9.3-cp312.json": index}
    runtime = run_loader(web, tmp_path, monkeypatch, served=served, main_text=DRAWS)
    import sysconfig

    assert os.environ["PYGPI"] == "https://games.example/rt/"
    abi = f"cp{sys.version_info.major}{sys.version_info.minor}"
    api = sysconfig.get_config_var("HOST_GNU_TYPE").replace("-", "_")
    config = runtime.pep0723.Config
    assert config.PKG_INDEXES == ["https://games.example/rt/"]
    assert config.pkg_repolist == [{"-CDN-": "https://games.example/rt/", "pygame": f"cp312/pygame_ce-2.5.7.dev1-{abi}-{abi}-{api}.whl"}]
    # the default build leaves the runtime's own index alone
    runtime = run_loader(site["default"], tmp_path / "default", monkeypatch, main_text=DRAWS)
    assert runtime.pep0723.Config.pkg_repolist[0]["-CDN-"] == "https://pygame-web.github.io/cdn/"
    page = (site["hosted"] / "index.html").read_text(encoding="utf-8")
    assert 'src="https://games.example/rt/0.9.3/pythons.js"' in page
