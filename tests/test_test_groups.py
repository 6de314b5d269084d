"""The parallel run's groups (scheduling.py): each browser-test module that sets up something
costly for the module or the worker runs in one worker, as ``--dist loadgroup`` schedules it."""

from __future__ import annotations

import re
from pathlib import Path

from scheduling import WEB_GROUPS, ModuleGroups, web_group

WEB = Path(__file__).resolve().parent / "web"
COSTLY = re.compile(r'@pytest\.fixture\(scope="module"\)|def test_\w+\([^)]*\bpyodide\b')


def test_every_web_module_with_a_costly_set_up_has_a_group():
    costly = {path.stem for path in WEB.glob("test_*.py") if COSTLY.search(path.read_text(encoding="utf-8"))}
    assert costly and costly <= set(WEB_GROUPS), costly - set(WEB_GROUPS)
    assert {name for name in WEB_GROUPS if (WEB / f"{name}.py").is_file()} == set(WEB_GROUPS)  # no stale name
    # the modules on the worker's one Pyodide page share a group, so it loads once
    assert WEB_GROUPS["test_web_pyodide"] == WEB_GROUPS["test_web_language"]


def test_a_tests_group_is_read_from_its_module():
    assert web_group("tests/web/test_web_loader.py::test_x[a@b-c]") == "loader_site"
    assert web_group("tests/web/test_web_browser.py::test_x") is None
    assert web_group("tests/test_web_loader.py::test_x") is None  # not a browser test's module


def test_the_scheduler_puts_a_group_in_one_scope():
    scheduler = object.__new__(ModuleGroups)  # its scopes need no state
    loader = [f"tests/web/test_web_loader.py::test_{name}" for name in ("a", "b[x@y]")]
    assert {scheduler._split_scope(nodeid) for nodeid in loader} == {"loader_site"}
    assert scheduler._split_scope("tests/test_ai.py::test_a") == "tests/test_ai.py::test_a"  # each test its own
    assert scheduler._split_scope("tests/test_ai.py::test_a@mine") == "mine"  # a working xdist_group mark still counts
