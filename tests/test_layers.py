"""The layers point down (docs/architecture.md): every module of game/ and main.py is read as
source (AST, imports inside functions included) and checked against the rules:

- a module imports only its own package and the packages of lower layers:
  engine (0) < i18n (1) < ai, web (2, which do not import each other) < ui (3) < main.py (4);
- pygame is imported only in game/ui, and by main.py (pygbag installs pygame-ce only for a
  package the entry point itself imports);
- game/engine does no I/O: no os, sys, io, pathlib, socket…, no open(), print() or input()
  (its command line, game/engine/__main__.py and the helpers it shares, game/engine/cli.py, are the
  exception: they read and write files and standard output);
- no scene imports another: the scene modules are imported only by the registry,
  game/ui/scenes/__init__.py, and scenes open each other with ``app.go(name)``.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS = {"game.engine": 0, "game.i18n": 1, "game.ai": 2, "game.web": 2, "game.ui": 3, "main": 4}
IO_MODULES = {"os", "sys", "io", "pathlib", "socket", "shutil", "tempfile", "subprocess", "glob", "fileinput",
              "urllib", "http", "sqlite3", "logging", "asyncio", "builtins"}
IO_CALLS = {"open", "print", "input", "breakpoint"}
ENGINE_COMMAND_LINE = "game.engine.__main__"
ENGINE_COMMAND_LINE_HELPERS = "game.engine.cli"
SCENES = "game.ui.scenes"

def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {module_name(p): p for p in sorted((ROOT / "game").rglob("*.py"))}
    found["main"] = ROOT / "main.py"
    return found


MODULES = modules()


@functools.cache
def nodes(path: Path) -> tuple:
    """Every node of the module at ``path``, parsed once a test process (four tests read them)."""
    return tuple(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def imports(name: str, path: Path) -> list[tuple[str, int]]:
    """(imported module, line) for every import statement in the module, wherever it stands.
    ``from package import name`` counts as importing ``package.name`` when that is a module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in nodes(path):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.append((sub if sub in MODULES else target, node.lineno))
        elif isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
            called = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            if called in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                out.append((str(node.args[0].value), node.lineno))
    return out


def layer_of(module: str):
    """(package, layer) of a project module, or None for the standard library and third parties."""
    for package, layer in LAYERS.items():
        if module == package or module.startswith(package + "."):
            return package, layer
    return None


def where(name, line):
    return f"{MODULES[name].relative_to(ROOT)}:{line}"


def upward_imports() -> list[tuple[str, str, int]]:
    """(module, imported module, line) for each import of a package the module may not import."""
    out = []
    for name, path in MODULES.items():
        own = layer_of(name)
        if own is None:
            continue  # the game package itself
        for target, line in imports(name, path):
            theirs = layer_of(target)
            if theirs and theirs[0] != own[0] and theirs[1] >= own[1]:
                out.append((name, target, line))
    return out



def test_the_layers_are_the_packages_of_game():
    packages = {".".join(name.split(".")[:2]) for name in MODULES if name.count(".") >= 1}
    assert packages == set(LAYERS) - {"main"}, "a new package of game/ needs its place in LAYERS"
    assert any(target.startswith("game.ui") for target, _ in imports("main", MODULES["main"]))


def test_no_module_imports_a_higher_or_sibling_layer():
    found = [f"{where(name, line)}: {name} imports {target}" for name, target, line in upward_imports()]
    assert not found, "upward imports:\n" + "\n".join(found)


def test_pygame_only_in_the_front_end():
    found = [f"{where(name, line)}: {name} imports {target}" for name, path in MODULES.items()
             if not name.startswith("game.ui") and name != "main" for target, line in imports(name, path)
             if target.split(".")[0] == "pygame"]
    assert not found, "\n".join(found)
    assert any(t == "pygame" for t, _ in imports("game.ui.app", MODULES["game.ui.app"]))  # the rule sees pygame


def io_uses(name, path) -> list[str]:
    out = [f"{where(name, line)}: imports {target}" for target, line in imports(name, path)
           if target.split(".")[0] in IO_MODULES]
    for node in nodes(path):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in IO_CALLS:
                out.append(f"{where(name, node.lineno)}: calls {func.id}()")
            elif isinstance(func, ast.Attribute) and func.attr in ("load", "dump") and \
                    isinstance(func.value, ast.Name) and func.value.id in ("json", "pickle", "marshal"):
                out.append(f"{where(name, node.lineno)}: calls {func.value.id}.{func.attr}() on a file")
    return out


def test_the_engine_does_no_io():
    found = [use for name, path in MODULES.items()
             if name.startswith("game.engine") and name not in (ENGINE_COMMAND_LINE, ENGINE_COMMAND_LINE_HELPERS) for use in io_uses(name, path)]
    assert not found, "\n".join(found)
    assert io_uses(ENGINE_COMMAND_LINE, MODULES[ENGINE_COMMAND_LINE]), "the rule sees the command line's I/O"


def test_no_scene_imports_another():
    scene_modules = {name for name in MODULES if name.startswith(SCENES + ".")}
    assert {"game.ui.scenes.menu", "game.ui.scenes.table"} <= scene_modules
    found = [f"{where(name, line)}: {name} imports {target}" for name, path in MODULES.items() if name != SCENES
             for target, line in imports(name, path) if target in scene_modules]
    assert not found, "scenes are opened with app.go(name), built by the registry:\n" + "\n".join(found)


# ---- text is measured in the layout kit only -------------------------------------------------------
KIT = "game.ui.kit"
FONT_BACKEND = "game.ui.fonts"   # loads the faces and renders: the kit asks it
RENDERS_TEXT = {("gfx", "text"), ("fonts", "render"), (None, "render")}  # (module or None: any object, function)
PICTURE_MEASURES = {"get_width", "get_height", "get_size", "get_rect", "get_bounding_rect"}
FONT_MEASURES = {"size", "metrics", "get_linesize", "get_ascent", "get_descent"}
OLD_MEASURES = {"text_width", "fit_size", "wrap", "wrap_even", "wrap_anywhere", "heading_lines", "widest_piece",
                "band", "ink_offset", "text_rect", "badge_box"}  # gfx's, before the kit


def _renders_text(node) -> bool:
    """Whether ``node`` is a call that renders text into a picture (``gfx.text(...)``,
    ``fonts.render(...)``, ``<font>.render(...)``)."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    owner = node.func.value.id if isinstance(node.func.value, ast.Name) else None
    return (owner, node.func.attr) in RENDERS_TEXT or (None, node.func.attr) in RENDERS_TEXT


def _calls_text_measure(node) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and (
        (n.func.attr == "size" and isinstance(n.func.value, ast.Name) and n.func.value.id == "fonts")
        or (n.func.attr == "width" and isinstance(n.func.value, ast.Attribute) and n.func.value.attr == "text"))
        for n in ast.walk(node))


def text_measures(source: str, filename: str = "?") -> list[str]:
    """Where ``source`` measures text itself: asks a font a size (``fonts.size``, ``<font>.size``),
    measures a picture of rendered text (``gfx.text(...).get_width()``, or a name or a list
    holding such pictures), uses gfx's old measuring helpers, or shrinks text in a loop
    (a ``while`` whose test measures)."""
    tree = ast.parse(source)
    out: set[str] = set()
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:  # a name holds rendered text within its function
        pictures: set[str] = set()   # names bound to rendered text
        lists: set[str] = set()      # names bound to lists of rendered text
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value, target = node.value, node.targets[0].id
                if _renders_text(value):
                    pictures.add(target)
                elif isinstance(value, (ast.ListComp, ast.GeneratorExp)) and _renders_text(value.elt):
                    lists.add(target)
        for node in ast.walk(scope):
            if isinstance(node, ast.comprehension) and isinstance(node.iter, ast.Name) and node.iter.id in lists \
                    and isinstance(node.target, ast.Name):
                pictures.add(node.target.id)
        if scope is tree:
            pictures = lists = set()
        elif not pictures:  # what it finds with no picture names the module's own pass finds too
            continue
        out |= set(_measures_in(scope, pictures, filename))
    return sorted(out, key=lambda s: int(s.split(":")[1]))


def _measures_in(scope, pictures, filename) -> list[str]:
    out = []
    for node in ast.walk(scope):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            attr, owner = node.func.attr, node.func.value
            if attr in FONT_MEASURES and (
                    (isinstance(owner, ast.Name) and owner.id in ("fonts", "font", "f"))
                    or (isinstance(owner, ast.Call) and isinstance(owner.func, (ast.Name, ast.Attribute))
                        and getattr(owner.func, "id", getattr(owner.func, "attr", "")) in ("font", "face_font", "Font"))):
                out.append(f"{filename}:{line}: asks a font how large a text is ({attr})")
            elif attr in PICTURE_MEASURES and (_renders_text(owner) or (isinstance(owner, ast.Name) and owner.id in pictures)):
                out.append(f"{filename}:{line}: measures a picture of text ({attr})")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "gfx" \
                and node.attr in OLD_MEASURES:
            out.append(f"{filename}:{line}: gfx.{node.attr} (measuring is the kit's: kit.text)")
        if isinstance(node, ast.While) and _calls_text_measure(node.test):
            out.append(f"{filename}:{line}: shrinks or cuts text in a loop (kit.text.fit / fit_line)")
    return out


def test_nothing_outside_the_kit_measures_text():
    """The layout kit (game/ui/kit/) is the only place that measures text: every scene gets its
    text fitted and its boxes through it, so a placement fault is fixed there, once."""
    found = [use for name, path in MODULES.items() if not name.startswith(KIT) and name != FONT_BACKEND
             for use in text_measures(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "\n".join(found)


PLANTED = '''
def fits(label, size, room):
    img = gfx.text(label, size)
    lines = [gfx.text(line, size) for line in label.split()]
    tall = sum(i.get_height() for i in lines)
    while kit.text.width(label, size) > room:
        size -= 1
    return fonts.size(label, size)[0], img.get_width(), gfx.text(label, size).get_rect(), gfx.text_width(label, 9)
'''


def test_the_text_rule_sees_each_kind_of_measuring():
    found = text_measures(PLANTED)
    for kind in ("asks a font", "measures a picture of text (get_width)", "(get_height)", "(get_rect)",
                 "gfx.text_width", "in a loop"):
        assert any(kind in f for f in found), (kind, found)
    assert not text_measures("def draw(surf):\n    gfx.blit_text(surf, 'x', 24, (0, 0))\n"
                             "    return kit.text.fit('x', 24, 100).lines\n")
