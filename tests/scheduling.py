"""How a parallel run (pytest-xdist, ``--dist loadgroup``) keeps tests together and in which
order it hands them out.

Together: the tests of a browser-test module that sets up something costly once for the module or
the worker (a site of its own, a page with Pyodide loaded) run in one worker, and `make web`'s
build into build/web runs once at a time.

In order: the costliest work first (longest-processing-time first).  The run is CPU-bound on two
cores (a browser test keeps Chromium busy the whole time it waits for the page), so its length is
about the CPU of all the tests over the cores, plus what one worker runs alone at the end: begun
last, a 30-second group would leave one worker alone for up to 30 s.  So the run hands out the
browser groups first, the costliest first (``GROUP_COSTS``), then the other browser tests, then the
tests marked slow, then the rest (``cost``): the last minutes are many short tests, and the two
workers end within a short test of each other.  The order is fixed (sorted by a declared cost,
ties in the order collected), so a run is as repeatable as before; a shuffled run
(pytest-random-order, as ``make determinism`` runs it) shuffles after this sort and keeps its own
order.  tests/conftest.py sorts the tests and hands ``ModuleGroups`` to xdist."""

from __future__ import annotations

# browser-test module -> its group.  The modules on the worker's Pyodide page (tests/web/
# conftest.py: pyodide_runner) share one, so it loads once.  A new module with such a set-up
# belongs here (tests/test_test_groups.py finds the ones missing).
WEB_GROUPS = {"test_web_build": "build_web", "test_web_host": "embed_site", "test_web_language": "pyodide_page",
              "test_web_loader": "loader_site", "test_web_pyodide": "pyodide_page",
              "test_web_hardened": "hardened_site"}

# About how long each group takes one worker of an idle two-core run (seconds; from the workers'
# timelines of whole runs, issue 47): only their order matters, so round figures do.
GROUP_COSTS = {"hardened_site": 30, "embed_site": 30, "pyodide_page": 12, "build_web": 8, "loader_site": 6}
WEB_TEST_COST = 2  # a browser test of its own: a page or two, 1-5 s
SLOW_TEST_COST = 1  # marked slow: up to a few seconds
TEST_COST = 0  # the rest: most take milliseconds


def web_group(nodeid: str) -> str | None:
    """The xdist group of a test, by its module (``WEB_GROUPS``), or None."""
    path = nodeid.split("::", 1)[0]
    folder, _, name = path.rpartition("/")
    if folder.endswith("tests/web") and name.endswith(".py"):
        return WEB_GROUPS.get(name[:-3])
    return None


def cost(nodeid: str, slow: bool) -> int:
    """Which comes first in the run: the larger, the earlier (a test of a group: its group's cost)."""
    group = web_group(nodeid)
    if group:
        return GROUP_COSTS[group]
    if "tests/web/" in nodeid.split("::", 1)[0]:
        return WEB_TEST_COST
    return SLOW_TEST_COST if slow else TEST_COST


def costliest_first(items) -> None:
    """``items`` (pytest's) sorted in place by ``cost``, the costliest first; ties keep their order."""
    items.sort(key=lambda item: -cost(item.nodeid, item.get_closest_marker("slow") is not None))


try:
    from xdist.scheduler import LoadGroupScheduling
except ImportError:  # no pytest-xdist: one process, no groups to keep
    ModuleGroups = None
else:
    class ModuleGroups(LoadGroupScheduling):
        """``--dist loadgroup`` with the groups of ``WEB_GROUPS``, read from each test's module,
        handed out in the order collected (``costliest_first``), not by how many tests a unit
        has (xdist's own order, which put the 17 quick tests of build_web before the 9 of
        embed_site, three times as long).  pytest-xdist 3.8 marks a test's group by rewriting its
        ``_nodeid``, which pytest 9.2 no longer reads: the ``xdist_group`` marks were lost without
        a word, every test was scheduled on its own, and a module's costly set-up ran in each
        worker."""

        def __init__(self, config, log=None):
            super().__init__(config, log)
            self.config.option.loadscopereorder = False  # the collected order is the run's

        def _split_scope(self, nodeid: str) -> str:
            return web_group(nodeid) or super()._split_scope(nodeid)
