"""The game must run under pygbag: no modules its Python lacks, no threads, no blocking sleeps."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MISSING_IN_BROWSER = {"statistics", "timeit", "pdb", "tkinter", "threading", "multiprocessing",
                      "subprocess", "concurrent", "sqlite3"}


# Desktop commands that the game never imports (checked below): the arena's --jobs uses processes.
DESKTOP_ONLY = {"game/ai/arena.py"}


def game_sources():
    yield ROOT / "main.py"
    yield from sorted(p for p in (ROOT / "game").rglob("*.py") if p.relative_to(ROOT).as_posix() not in DESKTOP_ONLY)


def test_desktop_only_modules_are_not_imported_by_the_game():
    for path in game_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            assert not any(n == "arena" or n.endswith(".arena") for n in names), path


def test_no_module_the_browser_lacks_is_imported():
    bad = []
    for path in game_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            bad += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in MISSING_IN_BROWSER]
    assert not bad, bad


def test_no_blocking_sleep():
    bad = [str(p.relative_to(ROOT)) for p in game_sources() if "time.sleep(" in p.read_text(encoding="utf-8")]
    assert not bad, bad
