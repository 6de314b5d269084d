"""Extraction of every user-visible message, and the catalog check.

Sources (all under ``game/``):

- ``_("...")`` and ``N_("...")`` calls with a literal message (implicit concatenation
  included), in every module — the UI and ``rules_text.py`` (a message the UI passes to
  ``_()`` through a variable is marked where it is written); ``pgettext("context", "...")`` and
  ``NC_("context", "...")`` for a word with two senses, keyed by context and message;
- the engine's refusal reasons that are literal (``IllegalAction(rule, "...")``) and the
  rule options' descriptions (``Option(name, default, "...")``);
- ``game/i18n/refusals.py``: one message per refusal rule, shown when a reason is built
  at run time (it names a card or a number) and so has no catalog entry of its own.

``python -m game.i18n extract`` writes ``game/i18n/trick_table.pot`` and ``en.po``, and
adds new messages (untranslated) to every other catalog while marking obsolete ones.
``python -m game.i18n check`` prints per language the missing and obsolete messages and the
placeholder mismatches, and exits 1 if there are any.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from . import po

HERE = Path(__file__).resolve().parent
GAME = HERE.parent
ROOT = GAME.parent
POT = HERE / "trick_table.pot"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _const_str(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _func_name(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def extract(root: Path = GAME) -> dict[str, list[str]]:
    """msgid -> the places it comes from, in source order (files sorted)."""
    found: dict[str, list[str]] = {}

    def add(msg: str | None, where: str):
        if msg:
            found.setdefault(msg, []).append(where)

    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(root.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        engine = "engine" in path.relative_to(root).parts[:1]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _func_name(node.func)
            where = f"{rel}:{node.lineno}"
            if name in ("_", "N_") and node.args:
                add(_const_str(node.args[0]), where)
            elif name in ("pgettext", "NC_") and len(node.args) == 2:
                ctx, msg = _const_str(node.args[0]), _const_str(node.args[1])
                if ctx and msg:
                    add(f"{ctx}{po.CONTEXT}{msg}", where)
            elif engine and name == "IllegalAction" and len(node.args) >= 2:
                add(_const_str(node.args[1]), where)
            elif engine and name == "Option":
                desc = node.args[2] if len(node.args) >= 3 else next(
                    (k.value for k in node.keywords if k.arg == "description"), None)
                if desc is not None:
                    add(_const_str(desc), where)
    return found


def placeholders(s: str) -> set[str]:
    return set(PLACEHOLDER.findall(s))


def template_entries(found: dict[str, list[str]]) -> list[po.Entry]:
    out = []
    for key, refs in found.items():
        ctx, msg = po.split_key(key)
        flags = ["python-brace-format"] if placeholders(msg) else []
        out.append(po.Entry(msg, "", sorted(set(refs), key=refs.index)[:6], flags, msgctxt=ctx))
    return out


def catalog_path(code: str) -> Path:
    return HERE / f"{code}.po"


def write_template(found=None) -> int:
    from . import LANGUAGES
    found = extract() if found is None else found
    entries = template_entries(found)
    POT.write_text(po.dump([po.header("", "")] + entries), encoding="utf-8")
    # English is the source: its catalog maps every message to itself
    en = [po.Entry(e.msgid, e.msgid, e.refs, e.flags, msgctxt=e.msgctxt) for e in entries]
    catalog_path("en").write_text(po.dump([po.header("en", LANGUAGES["en"])] + en), encoding="utf-8")
    return len(entries)


def update(code: str, found=None) -> tuple[int, int]:
    """Merge the template into ``code``'s catalog: new messages added untranslated, known
    translations kept, obsolete ones dropped only if untranslated (else kept, to be reviewed).
    Returns (added, obsolete)."""
    from . import LANGUAGES
    found = extract() if found is None else found
    path = catalog_path(code)
    old = {e.key: e for e in po.parse(path.read_text(encoding="utf-8"))} if path.exists() else {}
    entries = [old.pop("", None) or po.header(code, LANGUAGES[code])]
    added = 0
    for e in template_entries(found):
        prev = old.pop(e.key, None)
        if prev is None:
            added += 1
        else:
            e.msgstr, e.comments = prev.msgstr, prev.comments
        entries.append(e)
    kept = [e for e in old.values() if e.msgstr]
    for e in kept:
        e.refs = []
        e.comments = ["obsolete: no longer in the source"]
    path.write_text(po.dump(entries + kept), encoding="utf-8")
    return added, len(kept)


def check(codes=None, found=None) -> tuple[bool, list[str]]:
    """(ok, report lines) for each language's catalog against the current sources."""
    from . import LANGUAGES
    found = extract() if found is None else found
    wanted = set(found)
    lines, ok = [], True
    for code in codes or LANGUAGES:
        path = catalog_path(code)
        if not path.exists():
            lines.append(f"{code}: no catalog ({path.name}); missing {len(wanted)}")
            ok = False
            continue
        try:
            entries = [e for e in po.parse(path.read_text(encoding="utf-8")) if e.msgid]
        except ValueError as err:
            lines.append(f"{code}: unreadable: {err}")
            ok = False
            continue
        have = {e.key: e for e in entries}
        missing = [m for m in found if m not in have or not have[m].msgstr or "fuzzy" in have[m].flags]
        obsolete = [m for m in have if m not in wanted]
        bad = [m for m in found if m in have and have[m].msgstr
               and placeholders(m) != placeholders(have[m].msgstr)]
        status = "complete" if not (missing or obsolete or bad) else "INCOMPLETE"
        lines.append(f"{code} ({LANGUAGES[code]}): {len(found) - len(missing)}/{len(found)} translated, "
                     f"{len(missing)} missing, {len(obsolete)} obsolete, {len(bad)} placeholder mismatches"
                     f" — {status}")
        for label, items in (("missing", missing), ("obsolete", obsolete), ("placeholders", bad)):
            for m in items[:5]:
                ctx, msg = po.split_key(m)
                lines.append(f"    {label}: {msg[:70]!r}" + (f" ({ctx})" if ctx else ""))
            if len(items) > 5:
                lines.append(f"    {label}: … and {len(items) - 5} more")
        ok = ok and not (missing or obsolete or bad)
    return ok, lines
