"""Settings, statistics and the match in progress, saved as versioned JSON.

``Store`` talks to a ``Backend`` that keeps named text blobs: a folder of files
on the desktop, ``localStorage`` in the browser, memory in tests.  A blob that
cannot be read (corrupt, or an unknown version) is set aside under a new name,
never silently dropped, and ``Store.notices`` says so.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

VERSION = 1
APP = "trick-table"

DEFAULT_SETTINGS = {
    "contrast": 0.5,      # table look, 0..1
    "grain": 0.5,
    "temperature": 0.5,
    "four_colour": False,
    "anim_speed": 1.0,    # multiplies animation speed
    "sound": True,
    "language": "en",
    "hints": True,
    "ai_level": "normal",
    "game": "28",
}


class Backend:
    """Named text blobs."""

    def read(self, name: str) -> str | None:
        raise NotImplementedError

    def write(self, name: str, text: str) -> None:
        raise NotImplementedError


class MemoryBackend(Backend):
    def __init__(self):
        self.blobs: dict[str, str] = {}

    def read(self, name):
        return self.blobs.get(name)

    def write(self, name, text):
        self.blobs[name] = text


class FileBackend(Backend):
    """One ``name.json`` file per blob in ``folder`` (written atomically)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)

    def read(self, name):
        try:
            return (self.folder / f"{name}.json").read_text(encoding="utf-8")
        except OSError:
            return None

    def write(self, name, text):
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.folder / f"{name}.json.tmp"
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.folder / f"{name}.json")
        except OSError:
            pass  # a read-only home must not stop the game


class LocalStorageBackend(Backend):
    """The browser's ``localStorage`` (pygbag exposes the JS window as ``platform.window``)."""

    def __init__(self, window):
        self.storage = window.localStorage

    def read(self, name):
        value = self.storage.getItem(f"{APP}/{name}")
        return None if value is None else str(value)

    def write(self, name, text):
        self.storage.setItem(f"{APP}/{name}", text)


def data_folder() -> Path:
    """The user's data folder for this app (TRICK_TABLE_DATA overrides it)."""
    if os.environ.get("TRICK_TABLE_DATA"):
        return Path(os.environ["TRICK_TABLE_DATA"])
    home = Path.home()
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA", home)) / APP
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP
    return Path(os.environ.get("XDG_DATA_HOME", home / ".local" / "share")) / APP


def default_backend() -> Backend:
    if sys.platform == "emscripten":
        import platform  # pygbag: the JS window
        return LocalStorageBackend(platform.window)
    return FileBackend(data_folder())


def empty_stats() -> dict:
    return {"matches": 0, "wins": 0, "hands": 0, "bids": 0, "bids_made": 0}


class Store:
    def __init__(self, backend: Backend | None = None):
        self.backend = backend or default_backend()
        self.notices: list[str] = []  # plain English facts; the UI translates its own wording
        self.settings = dict(DEFAULT_SETTINGS)
        self.settings.update({k: v for k, v in self._load("settings").items() if k in DEFAULT_SETTINGS})
        self.stats: dict[str, dict] = self._load("stats")

    # ---- blobs -------------------------------------------------------------------------
    def _load(self, name: str) -> dict:
        text = self.backend.read(name)
        if text is None:
            return {}
        try:
            blob = json.loads(text)
            if not isinstance(blob, dict) or blob.get("version") != VERSION or not isinstance(blob.get("data"), dict):
                raise ValueError("unknown version")
            return blob["data"]
        except ValueError:
            self.backend.write(f"{name}.unreadable-{int(time.time())}", text)
            self.backend.write(name, json.dumps({"version": VERSION, "data": {}}))
            self.notices.append(name)
            return {}

    def _save(self, name: str, data: dict) -> None:
        self.backend.write(name, json.dumps({"version": VERSION, "data": data}, sort_keys=True))

    # ---- settings -------------------------------------------------------------------------
    def save_settings(self) -> None:
        self._save("settings", self.settings)

    # ---- statistics --------------------------------------------------------------------------
    def game_stats(self, game: str) -> dict:
        stats = empty_stats()
        stats.update(self.stats.get(game, {}))
        return stats

    def count(self, game: str, **amounts: int) -> None:
        """Add to a game's statistics, e.g. ``count("28", hands=1, bids=1, bids_made=1)``."""
        stats = self.game_stats(game)
        for key, n in amounts.items():
            stats[key] = stats.get(key, 0) + n
        self.stats[game] = stats
        self._save("stats", self.stats)

    # ---- the match in progress -----------------------------------------------------------------
    def save_match(self, saved: dict | None) -> None:
        self._save("match", saved or {})

    def load_match(self) -> dict | None:
        return self._load("match") or None
