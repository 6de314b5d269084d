#!/usr/bin/env python3
"""What pygbag's runtime installs for a script: its own scan, run natively.

    python tools/web_runtime_scan.py main.py [--index FILE] [--wheels DIR] [--main-js FILE]

In the browser, pygbag 0.9.3 installs packages for the script it runs by two rules of its
Python side: the script's PEP 723 ``# /// script`` block (``aio/pep0723.py``: ``check_list``,
``pip_install``) and the script's own import statements (``cpythonrc.py``:
``TopLevel_async_handler.scan_imports``/``list_imports``, called by ``shell.preload_code``).
Imports inside other modules are never seen. This module runs ``preload_code`` and the
functions it calls from the pinned pygbag wheel (``pygbag/support``, byte-identical to the
runtime's CDN files), unchanged, in a child process. Stand-ins replace only what the browser
provides:

- fetching (``platform.fopen``): the package index from ``--index`` (else ``DEFAULT_INDEX``,
  the runtime index's entry for pygame), wheels from ``--wheels`` (else a minimal wheel);
  every URL asked for is recorded;
- installing (the ``installer`` package): recorded, nothing is written;
- the runtime's file system: ``/tmp`` is a temporary folder, and ``site-packages`` holds what
  ``main.data`` ships there (listed in ``--main-js``, the runtime's ``cpython312/main.js``;
  else just its ``pygame`` folder of two fonts, which makes an empty namespace package);
- the platform: Python 3.12 on ``wasm32-bi-emscripten``, so wheel names come out as in the
  browser; the page's address is ``--page``; no environment variable unless ``--env K=V``.

Several scripts are scanned in order, as the runtime scans the page's loader and then
main.py, keeping what it learnt. ``installs(...)`` returns, for each script, the packages
installed (index names, e.g. ``"pygame"``), their wheels' file names and the URLs fetched;
``tools/web_build.py`` refuses to build a main.py that would not get pygame.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_INDEX = {
    "-CDN-": "https://pygame-web.github.io/cdn/",
    "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl",
}
DEFAULT_SITE_PACKAGES = ("pygame/FreeSerif.ttf", "pygame/freesansbold.ttf")
SITE_PACKAGES = "/data/data/org.python/assets/site-packages/"
PAGE = "https://games.example/trick-table/index.html"


class ScanError(RuntimeError):
    pass


def pygbag_support() -> Path:
    """The pinned pygbag wheel's ``support`` folder (found without importing pygbag)."""
    import importlib.util

    spec = importlib.util.find_spec("pygbag")
    if spec is None or not spec.submodule_search_locations:
        raise ScanError("pygbag is not installed (pip install -r tools/requirements-web.txt)")
    support = Path(list(spec.submodule_search_locations)[0]) / "support"
    for part in ("cpythonrc.py", "cross/aio/pep0723.py"):
        if not (support / part).is_file():
            raise ScanError(f"{support / part} not found: not the pygbag 0.9.3 wheel?")
    return support


def site_packages_of(main_js: str | Path | None) -> list[str]:
    """The files ``main.data`` puts in site-packages, from the file list in ``main.js``."""
    if not main_js:
        return list(DEFAULT_SITE_PACKAGES)
    text = Path(main_js).read_text(encoding="utf-8", errors="replace")
    names = re.findall(r'filename:"' + re.escape(SITE_PACKAGES) + r'([^"]+)"', text)
    if not names:
        raise ScanError(f"{main_js}: no site-packages file list found")
    return names


def installs(scripts, *, index: dict | None = None, wheels: str | Path | None = None,
             main_js: str | Path | None = None, env: dict | None = None, page: str = PAGE,
             timeout: float = 120) -> list[dict]:
    """Scan ``scripts`` (texts) in order; for each ``{"installed", "wheels", "fetched"}`` (lists)."""
    support = pygbag_support()
    with tempfile.TemporaryDirectory(prefix="runtime-scan-") as work:
        work = Path(work)
        paths = []
        for number, text in enumerate(scripts):
            path = work / f"script{number}.py"
            path.write_text(text, encoding="utf-8")
            paths.append(str(path))
        job = {
            "support": str(support),
            "scripts": paths,
            "index": index or DEFAULT_INDEX,
            "wheels": str(wheels) if wheels else "",
            "site_packages": site_packages_of(main_js),
            "env": env or {},
            "page": page,
            "work": str(work),
        }
        (work / "job.json").write_text(json.dumps(job), encoding="utf-8")
        child_env = {k: v for k, v in os.environ.items() if k not in ("PYGPI", "PYTHONPATH")}
        run = subprocess.run([sys.executable, __file__, "--child", str(work / "job.json")], cwd=work,
                             capture_output=True, text=True, timeout=timeout, env=child_env)
        result = work / "result.json"
        if run.returncode != 0 or not result.is_file():
            raise ScanError(f"the runtime's scan failed (exit {run.returncode}):\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        return json.loads(result.read_text(encoding="utf-8"))


# ---- the child: the runtime's functions with the browser's parts stood in -------------------


def _child(job_file: str) -> None:
    import ast
    import asyncio
    import builtins
    import collections
    import contextlib
    import importlib.util
    import io
    import sysconfig
    import types
    import zipfile

    job = json.loads(Path(job_file).read_text(encoding="utf-8"))
    support, work = Path(job["support"]), Path(job["work"])
    fetched: list[str] = []
    installed: list[str] = []

    # the runtime's file system: /tmp, site-packages, the folder it installs into
    runtime_tmp = work / "tmp"
    runtime_tmp.mkdir()
    site = work / "site-packages"
    for name in job["site_packages"]:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).touch()

    def runtime_open(path, *args, **kwargs):
        text = str(path)
        return open(runtime_tmp / text[5:] if text.startswith("/tmp/") else path, *args, **kwargs)

    def wheel_bytes(url: str) -> bytes:
        name = url.split("#", 1)[0].rsplit("/", 1)[-1]
        if job["wheels"] and (Path(job["wheels"]) / name).is_file():
            return (Path(job["wheels"]) / name).read_bytes()
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as wheel:
            wheel.writestr(f"{name.split('-')[0]}-0.dist-info/METADATA", "Metadata-Version: 2.1\nName: x\nVersion: 0\n")
        return buffer.getvalue()

    class fopen:  # platform.fopen / aio.filelike.fopen: a URL's content as a local file
        def __init__(self, url, mode="r", **flags):
            self.url, self.mode = str(url), mode

        async def __aenter__(self):
            fetched.append(self.url)
            base = self.url.split("#", 1)[0]
            if base.endswith(".json"):
                if not base.endswith("/index-0.9.3-cp312.json"):
                    raise FileNotFoundError(base)
                data = json.dumps(job["index"]).encode()
            elif base.endswith(".whl"):
                data = wheel_bytes(base)
            else:
                raise FileNotFoundError(base)
            self.file = io.BytesIO(data) if "b" in self.mode else io.StringIO(data.decode())
            return self.file

        async def __aexit__(self, *exc):
            self.file.close()

    def module(name, **attributes):
        made = types.ModuleType(name)
        made.__dict__.update(attributes)
        sys.modules[name] = made
        return made

    class WheelFile:
        @staticmethod
        def open(path):
            installed.append(Path(path).name)
            return contextlib.nullcontext()

    module("installer", install=lambda **kwargs: None)
    module("installer.destinations", SchemeDictionaryDestination=lambda *a, **k: None)
    module("installer.sources", WheelFile=WheelFile)
    if importlib.util.find_spec("pyparsing") is None:
        module("pyparsing")
    location = types.SimpleNamespace(href=job["page"])
    module("platform", window=types.SimpleNamespace(location=location), patches={},
           explore=lambda *a, **k: None)
    todo = module("platform_wasm.todo", patch=lambda: {})
    module("platform_wasm", todo=todo)
    filelike = module("aio.filelike", fopen=fopen)
    toplevel = module("aio.toplevel", AsyncInteractiveConsole=type("AsyncInteractiveConsole", (), {}))
    aio = module("aio", __path__=[], filelike=filelike, toplevel=toplevel,
                 cross=types.SimpleNamespace(simulator=False))
    builtins.aio = aio
    builtins.embed = types.SimpleNamespace(preloading=lambda: 0)
    builtins.pdb = lambda *a: print(*a, file=sys.stderr)
    sys.print_exception = lambda error, *a, **k: print(repr(error), file=sys.stderr)

    wasm_config = sysconfig.get_config_var

    def runtime_config_var(name):  # the runtime's build: its wheels' platform tag
        return "wasm32-bi-emscripten" if name == "HOST_GNU_TYPE" else wasm_config(name)

    sysconfig.get_config_var = runtime_config_var

    version = collections.namedtuple("version_info", "major minor micro releaselevel serial")

    class RuntimeSys(types.ModuleType):  # Python 3.12, as in the browser
        version_info = version(3, 12, 0, "final", 0)

        def __getattr__(self, name):
            return getattr(sys, name)

    for key, value in job["env"].items():
        os.environ[key] = value

    spec = importlib.util.spec_from_file_location("aio.pep0723", support / "cross" / "aio" / "pep0723.py")
    pep0723 = importlib.util.module_from_spec(spec)
    sys.modules["aio.pep0723"] = pep0723
    spec.loader.exec_module(pep0723)
    pep0723.sys = RuntimeSys("sys")
    pep0723.open = runtime_open
    aio.pep0723 = pep0723

    # cpythonrc.py: the class that scans imports, and shell.preload_code, compiled from the file
    rc_path = support / "cpythonrc.py"
    tree = ast.parse(rc_path.read_text(encoding="utf-8"), str(rc_path))
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "TopLevel_async_handler":
            found["handler"] = node
        elif isinstance(node, ast.ClassDef) and node.name == "shell":
            found["preload"] = next(n for n in node.body if getattr(n, "name", "") == "preload_code")
    namespace = {"os": os, "sys": sys, "Path": Path, "aio": aio, "DBG": lambda *a: None,
                 "PyConfig": types.SimpleNamespace(dev_mode=0, imports_ready=False), "__name__": "cpythonrc"}
    preload = found["preload"]
    preload.decorator_list = []
    exec(compile(ast.Module(body=[found["handler"], preload], type_ignores=[]), str(rc_path), "exec"), namespace)

    # the runtime's sys.path: what it installs, its site-packages, the standard library
    paths = sysconfig.get_paths()
    dynload = [p for p in sys.path if p.endswith("lib-dynload")]
    sys.path[:] = [str(pep0723.env), str(site)] + list(dict.fromkeys([paths["stdlib"], paths["platstdlib"]])) + dynload
    importlib.invalidate_caches()

    results = []

    async def scan_all():
        for script in job["scripts"]:
            start_fetched, start_installed = len(fetched), len(installed)
            code = Path(script).read_text(encoding="utf-8")
            await namespace["preload_code"](None, code, hint="main.py")
            wheels = installed[start_installed:]
            names = [name for name, path in job["index"].items() if name != "-CDN-"
                     and any(w == _wheel_name(path) for w in wheels)]
            results.append({"installed": names, "wheels": wheels, "fetched": fetched[start_fetched:]})

    asyncio.run(scan_all())
    (work / "result.json").write_text(json.dumps(results), encoding="utf-8")


def _wheel_name(path: str) -> str:
    return path.rsplit("/", 1)[-1].replace("<abi>", "cp312").replace("<api>", "wasm32_bi_emscripten")


def main(argv=None) -> int:
    if argv is None and len(sys.argv) == 3 and sys.argv[1] == "--child":
        _child(sys.argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scripts", nargs="+", type=Path, help="scripts, scanned in order (the loader, then main.py)")
    parser.add_argument("--index", type=Path, help="the runtime's package index (JSON) [its pygame entry]")
    parser.add_argument("--wheels", type=Path, help="a folder holding the wheels the index names")
    parser.add_argument("--main-js", type=Path, help="the runtime's cpython312/main.js (its site-packages list)")
    parser.add_argument("--env", action="append", default=[], help="K=V: an environment variable of the runtime")
    args = parser.parse_args(argv)
    try:
        index = json.loads(args.index.read_text(encoding="utf-8")) if args.index else None
        env = dict(item.split("=", 1) for item in args.env)
        found = installs([p.read_text(encoding="utf-8") for p in args.scripts], index=index, wheels=args.wheels,
                         main_js=args.main_js, env=env)
    except (OSError, ValueError, ScanError) as error:
        print(f"scan failed: {error}", file=sys.stderr)
        return 1
    for path, result in zip(args.scripts, found):
        print(f"{path}: installs {', '.join(result['installed']) or 'nothing'}")
        for url in result["fetched"]:
            print(f"    fetched {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
