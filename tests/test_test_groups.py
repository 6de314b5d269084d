"""The parallel run's groups and order (scheduling.py): each browser-test module that sets up
something costly for the module or the worker runs in one worker, as ``--dist loadgroup``
schedules it, and the costliest work is handed out first."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from scheduling import GROUP_COSTS, WEB_GROUPS, ModuleGroups, costliest_first, web_group

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


def test_every_group_has_a_cost():
    assert set(GROUP_COSTS) == set(WEB_GROUPS.values())


def item(nodeid: str, slow: bool = False):
    """What ``costliest_first`` reads of a pytest item."""
    return SimpleNamespace(nodeid=nodeid, get_closest_marker=lambda name: object() if slow and name == "slow" else None)


def test_the_costliest_tests_come_first_and_ties_keep_their_order():
    collected = ["tests/test_ai.py::test_quick", "tests/test_ai.py::test_long", "tests/test_weis.py::test_quick",
                 "tests/web/test_web_browser.py::test_page", "tests/web/test_web_loader.py::test_a",
                 "tests/web/test_web_pyodide.py::test_b", "tests/web/test_web_host.py::test_c",
                 "tests/web/test_web_language.py::test_d", "tests/web/test_web_loader.py::test_e"]
    items = [item(nodeid, slow=nodeid.endswith("test_long")) for nodeid in collected]
    costliest_first(items)
    assert [i.nodeid for i in items] == [
        "tests/web/test_web_host.py::test_c",  # embed_site, 30 s
        "tests/web/test_web_pyodide.py::test_b", "tests/web/test_web_language.py::test_d",  # pyodide_page
        "tests/web/test_web_loader.py::test_a", "tests/web/test_web_loader.py::test_e",  # loader_site
        "tests/web/test_web_browser.py::test_page",  # a browser test of its own
        "tests/test_ai.py::test_long",  # slow
        "tests/test_ai.py::test_quick", "tests/test_weis.py::test_quick"]


class Worker:
    """What the scheduler uses of an xdist worker: it is sent test indexes and told to stop."""

    def __init__(self, name: str):
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down, self.queue, self.ran = False, [], []

    def send_runtest_some(self, indexes):
        self.queue.extend(indexes)

    def shutdown(self):
        self.shutting_down = True


def run_in_parallel(nodeids: list[str], workers: int = 2) -> list[Worker]:
    """A run of ``nodeids`` (in the order collected) on ``workers`` workers that each finish a test
    in turn, as ModuleGroups hands them out; the workers, each with what it ran in order."""
    config = SimpleNamespace(getvalue=lambda name: [f"{workers}*popen"], option=SimpleNamespace(loadscopereorder=True))
    scheduler = ModuleGroups(config)
    team = [Worker(f"gw{n}") for n in range(workers)]
    for worker in team:
        scheduler.add_node(worker)
        scheduler.add_node_collection(worker, nodeids)
    scheduler.schedule()
    while any(worker.queue for worker in team):
        for worker in team:
            if worker.queue:
                index = worker.queue.pop(0)
                worker.ran.append(nodeids[index])
                scheduler.mark_test_complete(worker, index)
    assert scheduler.tests_finished
    return team


def test_the_scheduler_hands_out_the_units_in_the_collected_order_and_never_splits_a_group():
    big = [f"tests/web/test_web_hardened.py::test_{n}" for n in range(31)]  # many tests, but cheaper...
    costly = [f"tests/web/test_web_host.py::test_{n}" for n in range(3)]  # ...than these few, put first
    rest = [f"tests/test_ai.py::test_{n}" for n in range(40)]
    nodeids = costly + big + rest
    gw0, gw1 = run_in_parallel(nodeids)
    assert sorted(gw0.ran + gw1.ran) == sorted(nodeids)  # each test once
    assert gw0.ran[:3] == costly and gw1.ran[:31] == big  # the first unit of each, not reordered by size
    for group in (costly, big):
        assert set(group) <= set(gw0.ran) or set(group) <= set(gw1.ran)  # one worker each
    # the other tests are handed out in the order collected, a few at a time to whichever asks
    assert [n for n in nodeids if n in gw0.ran + gw1.ran] == nodeids
    assert sorted(gw0.ran[3:] + gw1.ran[31:], key=nodeids.index) == rest
