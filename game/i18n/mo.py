"""Compiled catalogs: gettext's binary ``.mo`` format, written by the web build, read at run time.

The sources are the ``.po`` files; ``tools/web_build.py`` compiles each translated one to
``<lang>.mo`` in the staged copy and ships those instead (``python -m game.i18n compile DIR``
does the same by hand).  The format is GNU gettext's: a little-endian header, then two
tables of (length, offset) pairs for the sorted original and translated strings, all UTF-8.
The entry with the empty msgid is the catalog's header.  Python's own ``gettext`` module
reads these files too (a test checks that it agrees with ``read``).
"""

from __future__ import annotations

import struct
from pathlib import Path

from . import po

MAGIC = 0x950412DE
HEADER = struct.Struct("<7I")  # magic, revision, count, originals at, translations at, hash size, hash at


def compile_messages(messages: dict[str, str], header: str = "") -> bytes:
    """The ``.mo`` bytes of ``messages`` (msgid -> translation) and a catalog header text."""
    entries = sorted({"": header, **messages}.items())
    ids = [k.encode("utf-8") for k, _ in entries]
    strs = [v.encode("utf-8") for _, v in entries]
    n = len(entries)
    originals_at = HEADER.size
    translations_at = originals_at + 8 * n
    data_at = translations_at + 8 * n
    table_ids, table_strs, blob = [], [], bytearray()
    for raw, table in [(s, table_ids) for s in ids] + [(s, table_strs) for s in strs]:
        table.append((len(raw), data_at + len(blob)))
        blob += raw + b"\0"
    out = bytearray(HEADER.pack(MAGIC, 0, n, originals_at, translations_at, 0, data_at))
    for length, offset in table_ids + table_strs:
        out += struct.pack("<2I", length, offset)
    return bytes(out + blob)


def compile_po(text: str) -> bytes:
    """A ``.po`` file's text compiled: translated entries only, header kept."""
    entries = po.parse(text)
    header = next((e.msgstr for e in entries if e.msgid == ""), "")
    return compile_messages(po.messages(text), header)


def read(data: bytes) -> dict[str, str]:
    """msgid -> translation from ``.mo`` bytes (the header entry left out)."""
    if len(data) < HEADER.size:
        raise ValueError("not a .mo file: too short")
    magic, revision, n, originals_at, translations_at, _, _ = HEADER.unpack_from(data)
    if magic != MAGIC or revision >> 16:
        raise ValueError("not a little-endian .mo file of a known revision")

    def string(table: int, i: int) -> str:
        if table + 8 * i + 8 > len(data):
            raise ValueError("a .mo table runs past the end of the file")
        length, offset = struct.unpack_from("<2I", data, table + 8 * i)
        if offset + length > len(data):
            raise ValueError("a .mo string runs past the end of the file")
        return data[offset:offset + length].decode("utf-8")

    out = {}
    for i in range(n):
        msgid = string(originals_at, i)
        if msgid:
            out[msgid] = string(translations_at, i)
    return out


def compile_dir(source: Path, target: Path, languages) -> list[Path]:
    """Compile ``source/<lang>.po`` to ``target/<lang>.mo`` for each translated language."""
    target.mkdir(parents=True, exist_ok=True)
    made = []
    for code in languages:
        src = source / f"{code}.po"
        if code == "en" or not src.exists():
            continue
        out = target / f"{code}.mo"
        out.write_bytes(compile_po(src.read_text(encoding="utf-8")))
        made.append(out)
    return made
