"""How a parallel run (pytest-xdist, ``--dist loadgroup``) keeps tests together: the tests of a
browser-test module that sets up something costly once for the module or the worker (a site
of its own, a page with Pyodide loaded) run in one worker, and `make web`'s build into
build/web runs once at a time.  tests/conftest.py hands ``ModuleGroups`` to xdist."""

from __future__ import annotations

# browser-test module -> its group.  The modules on the worker's Pyodide page (tests/web/
# conftest.py: pyodide_runner) share one, so it loads once.  A new module with such a set-up
# belongs here (tests/test_test_groups.py finds the ones missing).
WEB_GROUPS = {"test_web_build": "build_web", "test_web_host": "embed_site", "test_web_language": "pyodide_page",
              "test_web_loader": "loader_site", "test_web_pyodide": "pyodide_page",
              "test_web_hardened": "hardened_site"}


def web_group(nodeid: str) -> str | None:
    """The xdist group of a test, by its module (``WEB_GROUPS``), or None."""
    path = nodeid.split("::", 1)[0]
    folder, _, name = path.rpartition("/")
    if folder.endswith("tests/web") and name.endswith(".py"):
        return WEB_GROUPS.get(name[:-3])
    return None


try:
    from xdist.scheduler import LoadGroupScheduling
except ImportError:  # no pytest-xdist: one process, no groups to keep
    ModuleGroups = None
else:
    class ModuleGroups(LoadGroupScheduling):
        """``--dist loadgroup`` with the groups of ``WEB_GROUPS``, read from each test's module.
        pytest-xdist 3.8 marks a test's group by rewriting its ``_nodeid``, which pytest 9.2 no
        longer reads: the ``xdist_group`` marks were lost without a word, every test was
        scheduled on its own, and a module's costly set-up ran in each worker."""

        def _split_scope(self, nodeid: str) -> str:
            return web_group(nodeid) or super()._split_scope(nodeid)
