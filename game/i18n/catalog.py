"""The catalogs at build and test time, with Babel: extraction, merging, checking, compiling.

The game never imports this module (nor Babel): it reads the compiled ``.mo`` files through
the standard library's ``gettext`` (see ``__init__``).

Messages (all under ``game/``), found by Babel's Python extractor:

- ``_("...")`` and ``N_("...")`` with a literal message (implicit concatenation included), in
  every module; ``pgettext("context", "...")`` and ``NC_("context", "...")`` for a word with
  two senses, keyed by context and message (``KEYWORDS``);
- in ``game/engine/`` only, the literal refusal reasons (``IllegalAction(rule, "...")``),
  the rule options' descriptions, labels and value words (``Option(name, default, "...",
  label="...", shown=((value, "..."), ...))``) and the texts a game class
  gives the front end to show (``TITLE = "..."``, ``TAGLINE = "..."``, and every string of its
  rules text, ``SEATING`` and ``RULES = ((heading, paragraph), ...)``) — the engine marks
  nothing itself.  Reasons built at run time (f-strings) have no entry: ``refusals.py`` shows
  their rule's message, so Babel's warnings about them are silenced;
- ``game/i18n/refusals.py``: one message per refusal rule.

Babel's extractor reads tokens, so from ``f"...{x}..." "tail"`` it would keep the tail alone;
a message counts only if it is a whole string literal of its module (``_literals``).

``python -m game.i18n extract`` writes ``trick_table.pot`` and ``en.po`` (English maps each
message to itself) and merges the template into every other catalog: new messages untranslated
(or fuzzy, when Babel finds a close old one), obsolete translations kept (``#~``) for review.
``python -m game.i18n check`` prints per language the missing (untranslated or fuzzy) and
obsolete messages and the placeholder mismatches, and exits 1 if there are any.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

from . import CATALOG_DIR, DOMAIN, LANGUAGES

GAME = CATALOG_DIR.parent
ROOT = GAME.parent
POT = CATALOG_DIR / f"{DOMAIN}.pot"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CONTEXT = "\x04"  # between a message's context and its msgid in a key, as in .mo files
# Babel keyword specs: the message's argument (1-based); (n, "c") is the context's
KEYWORDS = {"_": None, "N_": None, "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2)}
ENGINE_KEYWORDS = {**KEYWORDS, "IllegalAction": (2,), "Option": (3,)}
ENGINE_CLASS_TEXTS = ("TITLE", "TAGLINE", "SEATING", "RULES")  # game class texts the front end shows
# header lines that change with the day or Babel's version, not with the messages
VOLATILE = (b'"POT-Creation-Date:', b'"PO-Revision-Date:', b'"Generated-By:')


def key_of(msgid: str, context: str | None) -> str:
    return f"{context}{CONTEXT}{msgid}" if context else msgid


def split_key(key: str) -> tuple[str, str]:
    """(context, msgid) of a message key; the context is "" for most messages."""
    ctx, sep, msgid = key.partition(CONTEXT)
    return (ctx, msgid) if sep else ("", key)


def placeholders(s: str) -> set[str]:
    return set(PLACEHOLDER.findall(s))


# ---- extraction --------------------------------------------------------------------------------
def _literals(nodes) -> set[str]:
    """The module's whole string literals (``nodes``: its syntax tree walked): implicit
    concatenation joined, none from an f-string."""
    in_fstring = {id(part) for node in nodes if isinstance(node, ast.JoinedStr) for part in node.values}
    return {node.value for node in nodes
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstring}


def _class_texts(nodes) -> list[tuple[int, str]]:
    """(line, text) of each string in the value of a class attribute named in ENGINE_CLASS_TEXTS
    (``TITLE = "Whist"``, ``RULES = (("Cards", "32 cards, ..."), ...)``), in source order."""
    found = []
    for cls in nodes:
        if not isinstance(cls, ast.ClassDef):
            continue
        for node in cls.body:
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
                node.target if isinstance(node, ast.AnnAssign) and node.value is not None else None
            if isinstance(target, ast.Name) and target.id in ENGINE_CLASS_TEXTS:
                found += [(c.lineno, c.col_offset, c.value) for c in ast.walk(node.value)
                          if isinstance(c, ast.Constant) and isinstance(c.value, str) and c.value]
    return [(line, text) for line, _col, text in sorted(found)]


def _option_texts(nodes) -> list[tuple[int, str]]:
    """(line, text) of each string in an ``Option(...)`` call's ``label`` and ``shown`` keywords
    (the description, its third argument, Babel finds as a keyword's message)."""
    return sorted((c.lineno, c.value) for call in nodes
                  if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "Option"
                  for kw in call.keywords if kw.arg in ("label", "shown")
                  for c in ast.walk(kw.value) if isinstance(c, ast.Constant) and isinstance(c.value, str))


# a call of a keyword of KEYWORDS, as Babel's tokens would find it (a comment or a string may match
# too: that file is read as any other); a module outside the engine without one has no message
KEYWORD_CALL = re.compile(r"\b(?:" + "|".join(map(re.escape, KEYWORDS)) + r")\s*\(")


def extract(root: Path = GAME) -> dict[str, list[tuple[str, int]]]:
    """Message key -> the places it comes from (("game/ui/app.py", 12), ...), files sorted."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        rel = path.relative_to(root.parent).as_posix()
        engine = path.relative_to(root).parts[0] == "engine"
        source = path.read_text(encoding="utf-8")
        if not engine and not KEYWORD_CALL.search(source):
            continue  # (Babel's tokens and the tree, a third of the sources' bytes, for nothing)
        with contextlib.redirect_stderr(io.StringIO()) if engine else contextlib.nullcontext():
            results = list(extract_from_file("python", str(path), ENGINE_KEYWORDS if engine else KEYWORDS))
        nodes = list(ast.walk(ast.parse(source, str(path))))  # parsed once, walked once
        literals = _literals(nodes)
        for lineno, msgid, _comments, context in results:
            if msgid in literals:
                found.setdefault(key_of(msgid, context), []).append((rel, lineno))
        for lineno, msgid in (_class_texts(nodes) + _option_texts(nodes)) if engine else ():
            found.setdefault(msgid, []).append((rel, lineno))
    return found


# ---- reading and writing ----------------------------------------------------------------------
def catalog_path(code: str, folder: Path = CATALOG_DIR) -> Path:
    return folder / f"{code}.po"


def read(path: Path, code: str | None = None) -> Catalog:
    """A .po file as Babel's Catalog; ValueError naming the file and line if it is malformed."""
    with path.open("rb") as f:
        try:
            return read_po(f, locale=code, domain=DOMAIN, abort_invalid=True)
        except PoFileError as err:  # Babel counts lines from 0 and appends " on <line>"
            raise ValueError(f"{path.name}, line {err.lineno + 1}: {str(err).rsplit(' on ', 1)[0]}") from None


def messages(path: Path) -> dict[str, str]:
    """Key -> translation of a .po file's translated, non-fuzzy messages (what the game shows)."""
    return {key_of(m.id, m.context): m.string for m in read(path) if m.id and m.string and not m.fuzzy}


def write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` to ``path``, unless all that would change is its dates or Babel's version.
    Babel reads a fuzzy message's ``#|`` (its old msgid) back as a comment ``| ...``; once the
    message is translated and no longer fuzzy, that comment is dropped."""
    for message in catalog:
        if not message.fuzzy:
            message.user_comments = [c for c in message.user_comments if not c.startswith("| ")]
    buf = io.BytesIO()
    write_po(buf, catalog, width=76, include_previous=True)
    new = buf.getvalue()

    def undated(text: bytes) -> list[bytes]:
        return [line for line in text.splitlines() if not line.startswith(VOLATILE)]

    if not path.exists() or undated(path.read_bytes()) != undated(new):
        path.write_bytes(new)


def _new_catalog(code: str | None) -> Catalog:
    """An empty catalog for ``code`` (None: the template), with our header."""
    name = LANGUAGES.get(code) if code else None
    catalog = Catalog(locale=code, domain=DOMAIN, project="Trick Table", fuzzy=False, language_team=name)
    catalog.header_comment = (f"# Trick Table's messages{f' in {name}' if name else ''}.\n"
                              "# Updated by `python -m game.i18n extract`; see game/i18n/catalog.py.")
    return catalog


def template(found=None, code: str | None = None) -> Catalog:
    """The catalog of every message, untranslated (English, ``code="en"``: each its own)."""
    found = extract() if found is None else found
    catalog = _new_catalog(code)
    for key, locations in found.items():
        context, msgid = split_key(key)
        catalog.add(msgid, msgid if code == "en" else "", locations,
                    flags=["python-brace-format"] if placeholders(msgid) else [], context=context or None)
    return catalog


def write_template(found=None) -> int:
    """Write the .pot and en.po from the sources; returns the number of messages."""
    found = extract() if found is None else found
    write(POT, template(found))
    write(catalog_path("en"), template(found, "en"))
    return len(found)


def update(code: str, found=None, folder: Path = CATALOG_DIR) -> tuple[int, int]:
    """Merge the template into ``code``'s catalog: new messages added untranslated (fuzzy when
    close to an old one), translations kept; an obsolete message is kept (``#~``) only if it
    was translated, to be reviewed.  Returns (added, obsolete)."""
    path = catalog_path(code, folder)
    catalog = read(path, code) if path.exists() else _new_catalog(code)
    catalog.header_comment = catalog.header_comment or _new_catalog(code).header_comment
    for message in list(catalog.obsolete.values()):  # an obsolete message back in the source revives
        catalog[message.id] = message
    catalog.obsolete.clear()
    known = {key_of(m.id, m.context) for m in catalog if m.id}
    pot = template(found)
    catalog.update(pot, update_header_comment=False)
    for key in [k for k, m in catalog.obsolete.items() if not m.string]:
        del catalog.obsolete[key]
    write(path, catalog)
    added = sum(1 for m in pot if m.id and key_of(m.id, m.context) not in known)
    return added, len(catalog.obsolete)


# ---- the check ---------------------------------------------------------------------------------
def check(codes=None, found=None, folder: Path = CATALOG_DIR) -> tuple[bool, list[str]]:
    """(ok, report lines) for each language's catalog against the current sources."""
    found = extract() if found is None else found
    lines, ok = [], True
    for code in codes or LANGUAGES:
        path = catalog_path(code, folder)
        if not path.exists():
            lines.append(f"{code}: no catalog ({path.name}); missing {len(found)}")
            ok = False
            continue
        try:
            catalog = read(path, code if code in LANGUAGES else None)
        except ValueError as err:  # UnicodeDecodeError is one too
            lines.append(f"{code}: unreadable: {err}")
            ok = False
            continue
        have = {key_of(m.id, m.context): m for m in catalog if m.id}
        missing = [k for k in found if k not in have or not have[k].string or have[k].fuzzy]
        obsolete = [k for k in have if k not in found] + \
            [key_of(m.id, m.context) for m in catalog.obsolete.values()]
        bad = [k for k in found if k in have and have[k].string
               and placeholders(split_key(k)[1]) != placeholders(have[k].string)]
        status = "complete" if not (missing or obsolete or bad) else "INCOMPLETE"
        lines.append(f"{code} ({LANGUAGES.get(code, code)}): {len(found) - len(missing)}/{len(found)} translated, "
                     f"{len(missing)} missing, {len(obsolete)} obsolete, {len(bad)} placeholder mismatches"
                     f" — {status}")
        for label, items in (("missing", missing), ("obsolete", obsolete), ("placeholders", bad)):
            for k in items[:5]:
                context, msgid = split_key(k)
                lines.append(f"    {label}: {msgid[:70]!r}" + (f" ({context})" if context else ""))
            if len(items) > 5:
                lines.append(f"    {label}: … and {len(items) - 5} more")
        ok = ok and not (missing or obsolete or bad)
    return ok, lines


# ---- compiling ---------------------------------------------------------------------------------
def compile_file(source: Path, target: Path) -> Path:
    """``source`` (.po) compiled to ``target`` (.mo): its translated, non-fuzzy messages."""
    catalog = read(source)
    with target.open("wb") as f:
        write_mo(f, catalog)
    return target


def compile_dir(source: Path, target: Path, codes=None) -> list[Path]:
    """``source/<lang>.po`` -> ``target/<lang>.mo`` for each translated language (all by default)."""
    target.mkdir(parents=True, exist_ok=True)
    return [compile_file(catalog_path(code, source), target / f"{code}.mo")
            for code in codes or LANGUAGES if code != "en" and catalog_path(code, source).exists()]
