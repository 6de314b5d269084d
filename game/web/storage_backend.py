"""A tiny key/value store for saved state: the browser's localStorage, or files on the desktop.

    load(key, limit=None) -> str | None   the text saved under key, or None
    save(key, text)             store text under key (replacing it)
    remove(key)                 forget key (no error if absent)
    exists(key) -> bool         whether something is saved under key (without reading it)
    copy(key, to) / move(key, to)   the value under another key, exactly as it is stored
    update(key, change, limit=None) -> str | None   read, change and write as one step (below)
    changed() -> set[str]       keys another window wrote since last asked (the browser's
                                ``storage`` event; empty on the desktop)
    where() -> str              where the data lives, for messages ("localStorage", a folder)

What is stored, and so what "the original bytes" of a save are, differs by backend:

- on the desktop, the bytes of the file ``<key>.txt``.  ``load`` refuses a file over ``limit``
  bytes by its size before reading it (``TooLarge``), and bytes that are not UTF-8 text
  (``NotText``); ``copy`` and ``move`` work on the file's bytes, never decoding them, so a
  save that is not text is kept byte for byte;
- in the browser, a JavaScript string (UTF-16 code units; it may hold what UTF-8 cannot, such
  as a lone surrogate).  ``load`` asks the page for the string's length first and refuses one
  over ``limit`` characters before it crosses into Python; ``copy`` and ``move`` run in the
  page (``localStorage.setItem(to, localStorage.getItem(key))``), so the string never passes
  through Python and is kept unit for unit.  localStorage holds about 5 MB per site, so no
  value is larger than that;
- in memory (tests), the Python string itself.

Under pygbag (``sys.platform == "emscripten"``) the values go to
``platform.window.localStorage`` under ``trick-table:<key>``; the in-browser file system
is lost on every reload, so it is never used. On the desktop each key is a file
``<key>.txt`` in the user's data folder, written atomically (a temporary file renamed over
the old one):

- Linux and others: ``$XDG_DATA_HOME/trick-table`` (default ``~/.local/share/trick-table``)
- macOS: ``~/Library/Application Support/Trick Table``
- Windows: ``%APPDATA%\\Trick Table``

``TRICK_TABLE_DATA_DIR`` overrides the folder (tests, portable installs).

Two windows (two desktop processes, two tabs over one localStorage) may write the same key.
``update(key, change)`` reads the value as stored *now*, hands it to ``change`` (text or None
-> the new text, or None to leave it) and writes the result, without another window's write
coming in between: on the desktop under a lock on ``.lock`` in the folder (``fcntl.flock``, or
``msvcrt.locking`` on Windows; the lock goes with the process that held it); in the browser as
a compare-and-swap run in the page (the new value is written only if the stored one is still
the one ``change`` saw; if not, it is read and changed again).  What a change does with the
other window's value is the caller's (``game.ui.storage``: docs/storage.md).

Keys are short names of letters, digits, ``.``, ``_`` and ``-`` (at most 64). If the browser
refuses storage (private mode, storage blocked for a third-party iframe, quota full), the
values are kept in memory for the session, ``persistent()`` turns False and ``load`` keeps
working, so the game goes on; the caller may tell the player their progress will not be kept.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from pathlib import Path

KEY = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
PREFIX = "trick-table:"  # localStorage is shared by the whole origin: keep to our names
APP_FOLDER = "trick-table"
STALE_TEMP = 600  # seconds after which a save's temporary file is a killed save's (a save takes milliseconds)


class TooLarge(ValueError):
    """A value over the reader's limit, refused before it was read; ``size``: bytes on the
    desktop, characters in the browser."""

    def __init__(self, size: int, limit: int):
        super().__init__(f"{size:,} is over the limit of {limit:,}")
        self.size, self.limit = size, limit


class NotText(ValueError):
    """A file whose bytes are not UTF-8 text; ``position``: the first byte that is not."""

    def __init__(self, position: int):
        super().__init__(f"not UTF-8 text (byte {position})")
        self.position = position


def _check_limit(size: int, limit: int | None) -> None:
    if limit is not None and size > limit:
        raise TooLarge(size, limit)


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY.match(key) or key in (".", ".."):
        raise ValueError(f"storage key must be 1-64 letters, digits, '.', '_' or '-'; got {key!r}")
    return key


def _rewrite(store, key: str, change, limit: int | None) -> str | None:
    """``change`` of ``store``'s value under ``key``, saved unless it is None; the caller keeps
    other writers out meanwhile (or has none)."""
    new = change(store.load(key, limit))
    if new is not None:
        store.save(key, new)
    return new


class MemoryBackend:
    """Values in a dict: the fallback when nothing else can keep them, and for tests."""

    persistent = False

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def load(self, key: str, limit: int | None = None) -> str | None:
        text = self.values.get(key)
        if text is not None:
            _check_limit(len(text), limit)
        return text

    def save(self, key: str, text: str) -> None:
        self.values[key] = text

    def remove(self, key: str) -> None:
        self.values.pop(key, None)

    def exists(self, key: str) -> bool:
        return key in self.values

    def copy(self, key: str, to: str) -> None:
        if key not in self.values:
            raise FileNotFoundError(key)
        self.values[to] = self.values[key]

    def move(self, key: str, to: str) -> None:
        self.copy(key, to)
        self.remove(key)

    def update(self, key: str, change, limit: int | None = None) -> str | None:
        return _rewrite(self, key, change, limit)

    def changed(self) -> set[str]:
        return set()

    def where(self) -> str:
        return "memory (not kept)"


class FileBackend:
    """One file per key in a folder, replaced atomically on every save."""

    persistent = True

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        self._seen: dict[str, tuple] | None = None  # key -> its file's stamp at the last look (changed())

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.txt"

    def unusable(self) -> str | None:
        """Why nothing can be kept in the folder (it is a file), or None."""
        if self.folder.exists() and not self.folder.is_dir():
            return f"not a folder: {self.folder}"
        return None

    def sweep(self, older_than: float = STALE_TEMP) -> None:
        """Remove the temporary files of saves killed half way (``.<key>.*.tmp`` not touched for
        ``older_than`` seconds; a younger one may be another window's save under way)."""
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        now = time.time()
        for entry in entries:
            if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                try:
                    if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > older_than:
                        os.unlink(entry.path)
                except OSError:
                    pass

    def _open_file(self, key: str):
        """The key's file open for reading; OSError for anything but a regular file (a named
        pipe would wait for a writer forever: it is opened without waiting, then refused)."""
        fd = os.open(self._path(key), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self._path(key).name} is not a regular file")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)
            raise

    def load(self, key: str, limit: int | None = None) -> str | None:
        try:
            with self._open_file(key) as f:
                _check_limit(os.fstat(f.fileno()).st_size, limit)  # by its size, before reading
                data = f.read(-1 if limit is None else limit + 1)  # no more, should it have grown
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise OSError(f"{self._path(key).name} is not a regular file") from None
        _check_limit(len(data), limit)
        try:
            return data.decode("utf-8-sig")  # a byte order mark (an editor's) is not part of the text
        except UnicodeDecodeError as err:
            raise NotText(err.start) from None

    def exists(self, key: str) -> bool:
        return self._path(key).exists()

    def copy(self, key: str, to: str) -> None:
        """The file's bytes under ``to`` (written as ``save`` writes: whole or not at all)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{to}.", suffix=".tmp", dir=self.folder)
        try:
            with self._open_file(key) as source, os.fdopen(fd, "wb") as out:
                shutil.copyfileobj(source, out)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self._path(to))
        except BaseException:
            _unlink(tmp)
            raise

    def move(self, key: str, to: str) -> None:
        """The file renamed: the same bytes under ``to``."""
        os.replace(self._path(key), self._path(to))

    def save(self, key: str, text: str) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self._path(key)
        fd, tmp = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            _unlink(tmp)
            raise

    def remove(self, key: str) -> None:
        try:
            self._path(key).unlink()
        except FileNotFoundError:
            pass

    def update(self, key: str, change, limit: int | None = None) -> str | None:
        """``change`` of the value as stored now, written, with the folder locked meanwhile."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with _Locked(self.folder / LOCK_NAME):
            new = _rewrite(self, key, change, limit)
            if new is not None:
                self._note(key)
            return new

    def _stamps(self) -> dict[str, tuple]:
        stamps = {}
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return stamps
        for entry in entries:
            if entry.name.endswith(".txt") and not entry.name.startswith("."):
                try:
                    st = entry.stat()
                except OSError:
                    continue
                stamps[entry.name[:-4]] = (st.st_mtime_ns, st.st_size, st.st_ino)
        return stamps

    def _note(self, key: str) -> None:
        """This backend's own write: not a change by another window."""
        if self._seen is not None:
            try:
                st = self._path(key).stat()
                self._seen[key] = (st.st_mtime_ns, st.st_size, st.st_ino)
            except OSError:
                self._seen.pop(key, None)

    def changed(self) -> set[str]:
        """Keys whose file another process wrote, made or removed since the last look (the
        first look only takes note)."""
        now = self._stamps()
        before, self._seen = self._seen, now
        if before is None:
            return set()
        return {key for key in before.keys() | now.keys() if before.get(key) != now.get(key)}

    def where(self) -> str:
        return str(self.folder)


LOCK_NAME = ".lock"


class _Locked:
    """An exclusive lock on a file of the data folder, between processes (released when the
    holder ends, however it ends).  Where the platform has no such lock, no lock."""

    def __init__(self, path: Path):
        self.path, self.fd = path, None

    def __enter__(self):
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except ImportError:
            try:
                import msvcrt

                msvcrt.locking(self.fd, msvcrt.LK_LOCK, 1)  # retries for 10 s, then OSError
            except ImportError:
                pass
        except BaseException:
            os.close(self.fd)
            raise
        return self

    def __exit__(self, *exc):
        os.close(self.fd)  # closing releases flock's and locking's lock
        return False


# Run in the page (evaluated once): a value's length, and a copy, without the string crossing
# into Python, where a 5 MB value would be converted (and a lone surrogate changed) first.
PAGE_HELPERS = """(function () {
    var changed = new Set();
    // another tab or window of this origin wrote a key (never fired for this page's own writes)
    addEventListener("storage", function (e) { changed.add(e.key === null ? "*" : e.key); });
    return {
    length: function (key) { var v = localStorage.getItem(key); return v === null ? -1 : v.length; },
    swap: function (key, present, expected, value) {
        var v = localStorage.getItem(key);
        if (present ? v !== String(expected) : v !== null) return false;
        localStorage.setItem(key, value);
        return true;
    },
    changed: function () { var out = Array.from(changed); changed.clear(); return JSON.stringify(out); },
    copy: function (key, to) {
        var v = localStorage.getItem(key);
        if (v === null) return false;
        localStorage.setItem(to, v);
        return localStorage.getItem(to) === v;
    }
    };
})()"""
SWAP_TRIES = 8  # a compare-and-swap lost this many times in a row: the other window keeps writing


class LocalStorageBackend:
    """``window.localStorage`` through pygbag's ``platform.window`` (or any object like it).

    A refusal by the browser switches to memory for the rest of the session instead of
    raising: a game must not stop because storage is blocked.
    """

    def __init__(self, window) -> None:
        self.window = window
        self.memory = MemoryBackend()
        self.persistent = True
        self._helpers = None  # the page's helpers once asked for (False: not available)

    def _storage(self):
        return self.window.localStorage

    def _refused(self, key: str, text: str | None = None) -> None:
        if self.persistent:
            self.persistent = False
            print(f"storage: localStorage refused; keeping {key!r} in memory only", file=sys.stderr)
        if text is not None:
            self.memory.save(key, text)

    def _page(self):
        """The page's helpers (``PAGE_HELPERS``), or None where the page cannot run them."""
        if self._helpers is None:
            try:
                self._helpers = self.window.eval(PAGE_HELPERS)
            except Exception:  # noqa: BLE001 - no eval here: the values cross into Python instead
                self._helpers = False
        return self._helpers or None

    def _length(self, key: str) -> int | None:
        """The length of the value (-1: none), counted in the page; None if it cannot be."""
        page = self._page()
        if page is None:
            return None
        try:
            return int(page.length(PREFIX + key))
        except Exception:  # noqa: BLE001 - a page that refuses: read the value instead
            return None

    def load(self, key: str, limit: int | None = None) -> str | None:
        if not self.persistent:
            return self.memory.load(key, limit)
        size = self._length(key) if limit is not None else None
        if size == -1:
            return None
        _check_limit(size or 0, limit)  # refused before the value crosses into Python
        try:
            value = self._storage().getItem(PREFIX + key)
        except Exception:  # noqa: BLE001 - SecurityError and friends from the browser
            self._refused(key)
            return self.memory.load(key, limit)
        # localStorage answers a string or null (None, or a null proxy in some bridges)
        if not isinstance(value, str):
            return None
        _check_limit(len(value), limit)
        return value

    def exists(self, key: str) -> bool:
        if not self.persistent:
            return self.memory.exists(key)
        size = self._length(key)
        if size is not None:
            return size >= 0
        return self.load(key) is not None

    def copy(self, key: str, to: str) -> None:
        """The value under ``to``, copied in the page (the string never crosses into Python);
        OSError if the browser refuses (a full storage) or the copy does not read back."""
        if not self.persistent:
            return self.memory.copy(key, to)
        page = self._page()
        try:
            if page is not None:
                same = bool(page.copy(PREFIX + key, PREFIX + to))
            else:
                storage = self._storage()
                value = storage.getItem(PREFIX + key)
                storage.setItem(PREFIX + to, value)
                same = isinstance(value, str) and storage.getItem(PREFIX + to) == value
        except Exception as err:  # noqa: BLE001 - QuotaExceededError and friends
            raise OSError(f"the browser refused the copy: {err}") from None
        if not same:
            raise OSError("the copy did not read back")

    def move(self, key: str, to: str) -> None:
        self.copy(key, to)
        self.remove(key)

    def save(self, key: str, text: str) -> None:
        if self.persistent:
            try:
                self._storage().setItem(PREFIX + key, text)
                return
            except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError
                self._refused(key)
        self.memory.save(key, text)

    def update(self, key: str, change, limit: int | None = None) -> str | None:
        """``change`` of the value as stored now, written by a compare-and-swap in the page
        (retried while another tab wins it); OSError if it keeps losing."""
        page = self._page() if self.persistent else None
        if page is None:  # memory, or a page that cannot run the helpers: read and write
            return _rewrite(self, key, change, limit)
        for _ in range(SWAP_TRIES):
            old = self.load(key, limit)
            new = change(old)
            if new is None:
                return None
            try:
                if page.swap(PREFIX + key, 0 if old is None else 1, "" if old is None else old, new):  # no None across
                    return new
            except Exception:  # noqa: BLE001 - QuotaExceededError and friends
                self._refused(key, new)
                return new
        raise OSError(f"another window kept writing {key!r}")

    def changed(self) -> set[str]:
        """Keys another tab wrote since last asked (ours, without the prefix; "*": all cleared)."""
        page = self._page() if self.persistent else None
        if page is None:
            return set()
        try:
            keys = json.loads(str(page.changed()))
        except Exception:  # noqa: BLE001
            return set()
        return {k[len(PREFIX):] if k.startswith(PREFIX) else k for k in keys
                if isinstance(k, str) and (k.startswith(PREFIX) or k == "*")}

    def remove(self, key: str) -> None:
        self.memory.remove(key)
        if self.persistent:
            try:
                self._storage().removeItem(PREFIX + key)
            except Exception:  # noqa: BLE001
                self._refused(key)

    def where(self) -> str:
        return "localStorage" if self.persistent else "memory (browser storage refused)"


def _unlink(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def data_folder(platform_name: str | None = None, env: dict | None = None) -> Path:
    """The desktop folder for saved state (see the module's docstring)."""
    env = os.environ if env is None else env
    platform_name = sys.platform if platform_name is None else platform_name
    if env.get("TRICK_TABLE_DATA_DIR"):
        return Path(env["TRICK_TABLE_DATA_DIR"])
    home = Path(env.get("HOME") or env.get("USERPROFILE") or Path.home())
    if platform_name.startswith("win"):
        base = env.get("APPDATA")
        return Path(base) / "Trick Table" if base else home / "AppData" / "Roaming" / "Trick Table"
    if platform_name == "darwin":
        return home / "Library" / "Application Support" / "Trick Table"
    base = env.get("XDG_DATA_HOME")
    return (Path(base) if base else home / ".local" / "share") / APP_FOLDER


def _default_backend():
    if sys.platform == "emscripten":
        try:
            import platform

            return LocalStorageBackend(platform.window)
        except Exception:  # noqa: BLE001 - a wasm build without a page (e.g. a worker)
            return MemoryBackend()
    return FileBackend(data_folder())


_backend = None


def backend():
    """The backend in use (chosen on first use)."""
    global _backend
    if _backend is None:
        _backend = _default_backend()
    return _backend


def use(new_backend) -> None:
    """Replace the backend (tests; ``None`` chooses again on next use)."""
    global _backend
    _backend = new_backend


def load(key: str, limit: int | None = None) -> str | None:
    """The text under ``key``; TooLarge over ``limit``, NotText for a file that is not UTF-8."""
    return backend().load(_check_key(key), limit)


def save(key: str, text: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"storage saves text; got {type(text).__name__}")
    backend().save(_check_key(key), text)


def remove(key: str) -> None:
    backend().remove(_check_key(key))


def persistent() -> bool:
    """False when values will not outlive the session (browser storage refused)."""
    return bool(backend().persistent)


def where() -> str:
    return backend().where()
