"""A tiny key/value store for saved state: the browser's localStorage, or files on the desktop.

    load(key) -> str | None     the text saved under key, or None
    save(key, text)             store text under key (replacing it)
    remove(key)                 forget key (no error if absent)
    where() -> str              where the data lives, for messages ("localStorage", a folder)

Under pygbag (``sys.platform == "emscripten"``) the values go to
``platform.window.localStorage`` under ``trick-table:<key>``; the in-browser file system
is lost on every reload, so it is never used. On the desktop each key is a file
``<key>.txt`` in the user's data folder, written atomically (a temporary file renamed over
the old one):

- Linux and others: ``$XDG_DATA_HOME/trick-table`` (default ``~/.local/share/trick-table``)
- macOS: ``~/Library/Application Support/Trick Table``
- Windows: ``%APPDATA%\\Trick Table``

``TRICK_TABLE_DATA_DIR`` overrides the folder (tests, portable installs).

Keys are short names of letters, digits, ``.``, ``_`` and ``-`` (at most 64). If the browser
refuses storage (private mode, storage blocked for a third-party iframe, quota full), the
values are kept in memory for the session, ``persistent()`` turns False and ``load`` keeps
working, so the game goes on; the caller may tell the player their progress will not be kept.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

KEY = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
PREFIX = "trick-table:"  # localStorage is shared by the whole origin: keep to our names
APP_FOLDER = "trick-table"


def _check_key(key: str) -> str:
    if not isinstance(key, str) or not KEY.match(key) or key in (".", ".."):
        raise ValueError(f"storage key must be 1-64 letters, digits, '.', '_' or '-'; got {key!r}")
    return key


class MemoryBackend:
    """Values in a dict: the fallback when nothing else can keep them, and for tests."""

    persistent = False

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def load(self, key: str) -> str | None:
        return self.values.get(key)

    def save(self, key: str, text: str) -> None:
        self.values[key] = text

    def remove(self, key: str) -> None:
        self.values.pop(key, None)

    def where(self) -> str:
        return "memory (not kept)"


class FileBackend:
    """One file per key in a folder, replaced atomically on every save."""

    persistent = True

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.txt"

    def load(self, key: str) -> str | None:
        try:
            return self._path(key).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except UnicodeDecodeError:
            # not our text: hand back what can be read, so the caller can set it aside
            return self._path(key).read_bytes().decode("utf-8", errors="replace")

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
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    def remove(self, key: str) -> None:
        try:
            self._path(key).unlink()
        except FileNotFoundError:
            pass

    def where(self) -> str:
        return str(self.folder)


class LocalStorageBackend:
    """``window.localStorage`` through pygbag's ``platform.window`` (or any object like it).

    A refusal by the browser switches to memory for the rest of the session instead of
    raising: a game must not stop because storage is blocked.
    """

    def __init__(self, window) -> None:
        self.window = window
        self.memory = MemoryBackend()
        self.persistent = True

    def _storage(self):
        return self.window.localStorage

    def _refused(self, key: str, text: str | None = None) -> None:
        if self.persistent:
            self.persistent = False
            print(f"storage: localStorage refused; keeping {key!r} in memory only", file=sys.stderr)
        if text is not None:
            self.memory.save(key, text)

    def load(self, key: str) -> str | None:
        if not self.persistent:
            return self.memory.load(key)
        try:
            value = self._storage().getItem(PREFIX + key)
        except Exception:  # noqa: BLE001 - SecurityError and friends from the browser
            self._refused(key)
            return self.memory.load(key)
        # localStorage answers a string or null (None, or a null proxy in some bridges)
        return value if isinstance(value, str) else None

    def save(self, key: str, text: str) -> None:
        if self.persistent:
            try:
                self._storage().setItem(PREFIX + key, text)
                return
            except Exception:  # noqa: BLE001 - QuotaExceededError, SecurityError
                self._refused(key)
        self.memory.save(key, text)

    def remove(self, key: str) -> None:
        self.memory.remove(key)
        if self.persistent:
            try:
                self._storage().removeItem(PREFIX + key)
            except Exception:  # noqa: BLE001
                self._refused(key)

    def where(self) -> str:
        return "localStorage" if self.persistent else "memory (browser storage refused)"


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


def load(key: str) -> str | None:
    return backend().load(_check_key(key))


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
