"""Finds, in Python source, the three ways a layer above the engine decodes it (issue 49):

- ``public``: a read of an observation's ``public`` facts by a string key: ``obs.public["bid"]``,
  ``obs.public.get("bid")``, or the same through a name bound to ``….public``;
- ``phase``: a phase compared with a string literal: ``obs.phase == "play"``,
  ``phase in ("auction", "double")`` (the engine exports the names: ``game.engine.phases``);
- ``range``: arithmetic or ordering on an action code constant of ``game.engine.actions``:
  ``A.BID + n``, ``A.INDICATOR <= a < A.BID``, ``a - A.TRUMP`` (an action says what it is:
  ``actions.describe``); equality with a constant (``a == A.PASS``) is not decoding;
- ``name``: a comparison with a value name the engine gives, written out: ``contract == "trump"``,
  ``w.kind == "run"`` (the engine exports them: ``weis.RUN``, ``actions.contract``).

``violations(source)`` lists them as (kind, line, text); ``tests/test_engine_speaks.py`` holds
the layers above the engine to none.
"""

from __future__ import annotations

import ast

from game.engine import actions, weis

KINDS = ("public", "phase", "range", "name")
ENGINE_NAMES = frozenset({weis.RUN, weis.FOUR, *actions.CONTRACT_NAMES})  # Weis kinds, Schieber contracts
ACTIONS_MODULE = "game.engine.actions"
ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
ARITHMETIC = (ast.Add, ast.Sub, ast.Mod, ast.FloorDiv)


def _is_public(node, aliases: set[str]) -> bool:
    """``node`` is ``….public``, ``….public_facts(…)``, or a name bound to one (a name ``public``
    always counts: a parameter so named holds the facts)."""
    if isinstance(node, ast.Attribute) and node.attr == "public":
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "public_facts":
        return True
    return isinstance(node, ast.Name) and (node.id in aliases or node.id == "public")


def _bound_to_public(node: ast.Assign, aliases: set[str]) -> set[str]:
    """The names an assignment binds to public facts: ``p = obs.public``, ``a, b = x.public, y.public``."""
    pairs = []
    for target in node.targets:
        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
            pairs += zip(target.elts, node.value.elts)
        else:
            pairs.append((target, node.value))
    return {t.id for t, v in pairs if isinstance(t, ast.Name) and _is_public(v, aliases)}


def _text(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _texts(node) -> bool:
    """A string literal, or a tuple/list/set of them."""
    if _text(node):
        return True
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_text(e) for e in node.elts)


def _names_an_engine_value(node) -> bool:
    """A string literal (or a tuple/list/set holding one) that is a value name of the engine."""
    elts = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return any(_text(e) and e.value in ENGINE_NAMES for e in elts)


def _is_phase(node) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "phase"
    return isinstance(node, ast.Name) and node.id == "phase"


class _Finder(ast.NodeVisitor):
    def __init__(self):
        self.found: list[tuple[str, int, str]] = []
        self.public_names: set[str] = set()
        self.module_names: set[str] = set()    # names of game.engine.actions
        self.constant_names: set[str] = set()  # constants imported from it by name
        self.source = ""

    def add(self, kind, node):
        self.found.append((kind, node.lineno, ast.get_source_segment(self.source, node) or ""))

    # ---- imports: which names stand for the action codes --------------------------------
    def visit_Import(self, node):
        for alias in node.names:
            if alias.name == ACTIONS_MODULE:
                self.module_names.add(alias.asname or alias.name)

    def visit_ImportFrom(self, node):
        module = node.module or ""
        for alias in node.names:
            full = f"{module}.{alias.name}"
            if full.endswith("engine.actions") or (module.endswith("engine") and alias.name == "actions") \
                    or (node.level and module == "" and alias.name == "actions"):
                self.module_names.add(alias.asname or alias.name)
            elif module.endswith("engine.actions") or (node.level and module == "actions"):
                if alias.name.isupper():
                    self.constant_names.add(alias.asname or alias.name)

    def _is_code_constant(self, node) -> bool:
        if isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Name, ast.Attribute)):
            return ast.unparse(node.value) in self.module_names and node.attr.isupper()
        return isinstance(node, ast.Name) and node.id in self.constant_names

    # ---- public ---------------------------------------------------------------------------
    def visit_Assign(self, node):
        self.public_names.update(_bound_to_public(node, self.public_names))
        self.generic_visit(node)

    def visit_Subscript(self, node):
        if _is_public(node.value, self.public_names) and _text(node.slice):
            self.add("public", node)
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        if (isinstance(f, ast.Attribute) and f.attr in ("get", "pop", "setdefault")
                and _is_public(f.value, self.public_names) and node.args and _text(node.args[0])):
            self.add("public", node)
        self.generic_visit(node)

    # ---- phase and range ------------------------------------------------------------------
    def visit_Compare(self, node):
        sides = [node.left, *node.comparators]
        if any(_is_phase(s) for s in sides) and any(_texts(s) for s in sides):
            self.add("phase", node)
        elif any(_names_an_engine_value(s) for s in sides):
            self.add("name", node)
        if any(isinstance(op, ORDERING) for op in node.ops) and any(self._is_code_constant(s) for s in sides):
            self.add("range", node)
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if isinstance(node.op, ARITHMETIC) and (self._is_code_constant(node.left) or self._is_code_constant(node.right)):
            self.add("range", node)
        self.generic_visit(node)


def violations(source: str) -> list[tuple[str, int, str]]:
    """(kind, line, source text) of every decoding of the engine in ``source``."""
    tree = ast.parse(source)
    finder = _Finder()
    finder.source = source
    # imports and aliases first, wherever they stand, then the reads
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            finder.visit_Import(node)
        elif isinstance(node, ast.ImportFrom):
            finder.visit_ImportFrom(node)
        elif isinstance(node, ast.Assign):
            finder.public_names.update(_bound_to_public(node, set()))
    finder.visit(tree)
    return finder.found
