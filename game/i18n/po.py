"""A tiny reader and writer of gettext ``.po`` files (what our catalogs need, no more).

Reading supports entries with an optional ``msgctxt`` and ``msgid``/``msgstr`` (one or more
quoted lines each), ``#,`` flags and ``#:`` references; obsolete ``#~`` entries are skipped.
A message with a context is keyed ``context + "\x04" + msgid``, as gettext's ``.mo`` files do.
Plural forms are not used by the game.  The desktop game reads ``.po`` files directly; the
web build ships them compiled (``mo.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

_ESC = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
CONTEXT = "\x04"  # between a message's context and its msgid in a key


def split_key(key: str) -> tuple[str, str]:
    """(context, msgid) of a message key; the context is "" for most messages."""
    ctx, sep, msgid = key.partition(CONTEXT)
    return (ctx, msgid) if sep else ("", key)


def unquote(s: str) -> str:
    s = s.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        raise ValueError(f"not a quoted string: {s!r}")
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(_ESC.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    refs: list = field(default_factory=list)
    flags: list = field(default_factory=list)
    comments: list = field(default_factory=list)  # translator comments ("# ...")
    msgctxt: str = ""  # tells apart one English word used in two senses ("Normal" speed, level)

    @property
    def key(self) -> str:
        return f"{self.msgctxt}{CONTEXT}{self.msgid}" if self.msgctxt else self.msgid


def parse(text: str) -> list[Entry]:
    """The entries of a .po file, the header (msgid "") included."""
    entries: list[Entry] = []
    cur: Entry | None = None
    refs, flags, comments = [], [], []
    target = None
    context = None

    def finish():
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            if target == "msgstr":
                finish()
                target = None
            if line.startswith("#:"):
                refs += line[2:].split()
            elif line.startswith("#,"):
                flags += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("# ") or line == "#":
                comments.append(line[2:])
            continue
        try:
            if line.startswith("msgctxt "):
                finish()
                context = [unquote(line[8:])]
                target = "msgctxt"
            elif line.startswith("msgid "):
                if target != "msgctxt":
                    finish()
                cur = Entry(unquote(line[6:]), "", refs, flags, comments, "".join(context or []))
                refs, flags, comments = [], [], []
                context = None
                target = "msgid"
            elif line.startswith("msgstr "):
                if cur is None:
                    raise ValueError("msgstr without msgid")
                cur.msgstr = unquote(line[7:])
                target = "msgstr"
            elif line.startswith('"'):
                if target == "msgctxt":
                    context.append(unquote(line))
                elif cur is None or target is None:
                    raise ValueError("continuation line outside an entry")
                elif target == "msgid":
                    cur.msgid += unquote(line)
                else:
                    cur.msgstr += unquote(line)
            else:
                raise ValueError(f"unexpected line {line[:40]!r}")
        except ValueError as err:
            raise ValueError(f"line {lineno}: {err}") from None
    finish()
    return entries


def messages(text: str) -> dict[str, str]:
    """key (msgid, or context and msgid) -> msgstr of the translated, non-fuzzy entries (the
    header left out)."""
    return {e.key: e.msgstr for e in parse(text) if e.msgid and e.msgstr and "fuzzy" not in e.flags}


def _wrapped(keyword: str, s: str, width: int = 76) -> list[str]:
    if len(s) + len(keyword) + 3 <= width and "\n" not in s[:-1]:
        return [f"{keyword} {quote(s)}"]
    # split after spaces / newlines into chunks that fit
    chunks, cur = [], ""
    for piece in _split_keep(s):
        if cur and len(quote(cur + piece)) > width:
            chunks.append(cur)
            cur = ""
        cur += piece
    if cur:
        chunks.append(cur)
    return [f'{keyword} ""'] + [quote(c) for c in chunks]


def _split_keep(s: str) -> list[str]:
    out, cur = [], ""
    for ch in s:
        cur += ch
        if ch in " \n":
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return out


def dump(entries: list[Entry]) -> str:
    lines: list[str] = []
    for e in entries:
        for c in e.comments:
            lines.append(f"# {c}".rstrip())
        if e.refs:
            lines.append("#: " + " ".join(e.refs))
        if e.flags:
            lines.append("#, " + ", ".join(e.flags))
        if e.msgctxt:
            lines += _wrapped("msgctxt", e.msgctxt)
        lines += _wrapped("msgid", e.msgid)
        lines += _wrapped("msgstr", e.msgstr)
        lines.append("")
    return "\n".join(lines)


def header(language: str, name: str) -> Entry:
    text = (f"Project-Id-Version: Trick Table\n"
            f"Language: {language}\n"
            f"Language-Team: {name}\n"
            "MIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            "Plural-Forms: nplurals=2; plural=(n != 1);\n")
    return Entry("", text)
