"""Settings, statistics and the match in progress, saved as versioned JSON.

Every blob goes through ``game.web.storage_backend`` (the one storage path): the
browser's ``localStorage`` under pygbag, a file in the user's data folder on the
desktop (``TRICK_TABLE_DATA_DIR`` overrides the folder), memory in tests.

Each blob is ``{"version": 1, "kind": <name>, "data": {...}}``.  The match's data
is built on the hand-record format (see ``Session.to_dict``).  A blob that cannot be
read (not JSON, an unknown version, the wrong shape) is set aside under
``<name>.unreadable-<time>`` (never silently dropped) and ``Store.notices`` says so, as
``i18n.Message`` objects the app translates when it shows them.
"""

from __future__ import annotations

import json
import time

from game.i18n import N_, Message
from game.web import storage_backend
from game.web.storage_backend import FileBackend, MemoryBackend  # noqa: F401 - for callers and tests

from game.engine import GAMES

VERSION = 1
NAMES = ("settings", "stats", "match")

DEFAULT_SETTINGS = {
    "contrast": 0.5,      # table look, 0..1
    "grain": 0.5,
    "temperature": 0.5,
    "four_colour": False,
    "anim_speed": 1.0,    # multiplies animation speed
    "sound": True,
    "language": "",       # "" = automatic: the browser's language, else English (issue 7)
    "hints": True,
    "ai_level": "normal",
    "game": "28",
}

STAT_KEYS = ("matches", "wins", "hands", "bids", "bids_made")

# What each blob is called in a notice (with its article: "Could not read {what} ...").
WHAT = {"settings": N_("the settings"), "stats": N_("the statistics"), "match": N_("the saved match")}


class Unreadable(ValueError):
    """A blob that is not one of ours; ``args[0]`` is the reason, a Message shown in the notice."""


def empty_stats() -> dict:
    return {k: 0 for k in STAT_KEYS}


def _check_settings(data: dict) -> dict:
    """The known settings whose values have the right type (others fall back to the default)."""
    out = {}
    for key, default in DEFAULT_SETTINGS.items():
        if key not in data:
            continue
        value = data[key]
        if isinstance(default, bool):
            ok = type(value) is bool
        elif isinstance(default, float):
            ok = type(value) in (int, float) and 0 <= value <= 10
        else:
            ok = isinstance(value, str) and 0 < len(value) <= 32
        if ok:
            out[key] = float(value) if isinstance(default, float) else value
    return out


def _check_stats(data: dict) -> dict:
    for game, stats in data.items():
        if not isinstance(stats, dict) or not all(
                isinstance(k, str) and type(v) is int and v >= 0 for k, v in stats.items()):
            name = Message(GAMES[game].TITLE) if game in GAMES else repr(game)[:24]  # ours translated
            raise Unreadable(Message(N_("the statistics of {game} are not counts"), game=name))
    return data


class Store:
    """The saved state of one player.  ``backend``: a storage_backend backend (default: the platform's)."""

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else storage_backend.backend()
        self.notices: list[Message] = []   # one per problem; the app shows them (translated)
        self.kept_aside: dict[str, str] = {}  # name -> key the unreadable blob was kept under
        self._frozen: set[str] = set()  # blobs that could not be set aside: never written over
        self._write_failed = False
        self.settings = dict(DEFAULT_SETTINGS)
        self.settings.update(_check_settings(self._load("settings")))
        self.stats: dict[str, dict] = self._load("stats", _check_stats)
        self._match = self._load("match")  # checked again (by replaying it) before it is resumed

    # ---- blobs ---------------------------------------------------------------------------------
    def _read(self, name: str) -> str | None:
        try:
            return self.backend.load(name)
        except OSError as err:  # an unreadable file: leave it where it is, do not write over it
            self._frozen.add(name)
            self.notices.append(Message(N_("Could not read {what} ({error}); it is left as it was."),
                                        what=Message(WHAT[name]), error=str(err.strerror or err)))
            return None

    def _load(self, name: str, check=None) -> dict:
        text = self._read(name)
        if text is None:
            return {}
        try:
            try:
                blob = json.loads(text)
            except (ValueError, RecursionError):
                raise Unreadable(Message(N_("not valid JSON"))) from None
            if not isinstance(blob, dict) or "version" not in blob:
                raise Unreadable(Message(N_("not saved data of this game")))
            if blob.get("version") != VERSION:
                raise Unreadable(Message(N_("unknown version {version}"), version=str(blob.get("version"))[:12]))
            if not isinstance(blob.get("data"), dict):
                raise Unreadable(Message(N_("no data")))
            return check(blob["data"]) if check else blob["data"]
        except Unreadable as err:
            self.set_aside(name, err.args[0], text)
            return {}

    def set_aside(self, name: str, reason: Message | str, text: str | None = None) -> str | None:
        """Keep the blob ``name`` under another key, forget it under its own, and add a notice.

        Returns the key it was kept under (None if it could not be kept: then the original
        stays untouched and is not written over for the rest of the session)."""
        if text is None:
            text = self._read(name)
        if text is None:
            return None
        aside = f"{name}.unreadable-{int(time.time())}"
        n = 1
        while self._exists(aside):
            n += 1
            aside = f"{name}.unreadable-{int(time.time())}-{n}"
        try:
            self.backend.save(aside, text)
            if self.backend.load(aside) != text:
                raise OSError("the copy did not read back")
        except OSError:
            self._frozen.add(name)
            self.notices.append(Message(N_("Could not read {what} ({reason}), nor copy it aside; "
                                           "it is left as it was."), what=Message(WHAT[name]), reason=reason))
            return None
        try:
            self.backend.remove(name)
        except OSError:
            pass
        if name == "match":
            self._match = {}
        self.kept_aside[name] = aside
        self.notices.append(Message(N_("Could not read {what} ({reason}); it was kept aside as '{key}'."),
                                    what=Message(WHAT[name]), reason=reason, key=aside))
        return aside

    def _exists(self, key: str) -> bool:
        try:
            return self.backend.load(key) is not None
        except OSError:
            return False

    def _save(self, name: str, data: dict) -> None:
        if name in self._frozen:
            return
        text = json.dumps({"version": VERSION, "kind": name, "data": data}, sort_keys=True)
        try:
            self.backend.save(name, text)
        except OSError as err:  # a read-only home must not stop the game
            if not self._write_failed:
                self._write_failed = True
                self.notices.append(Message(N_("Progress cannot be saved here ({error})."),
                                            error=str(err.strerror or err)))
            return
        if not self._write_failed and isinstance(self.backend, storage_backend.LocalStorageBackend) \
                and not self.backend.persistent:  # the browser refused: kept in memory for the session
            self._write_failed = True
            self.notices.append(Message(N_("This browser does not let the game keep its progress; "
                                           "it lasts until the page is closed.")))

    # ---- settings -----------------------------------------------------------------------------------
    def save_settings(self) -> None:
        self._save("settings", self.settings)

    # ---- statistics -----------------------------------------------------------------------------------
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

    # ---- the match in progress -----------------------------------------------------------------------
    def save_match(self, saved: dict | None) -> None:
        """Save the match in progress (None: there is none; the saved one is forgotten)."""
        self._match = dict(saved) if saved else {}
        if saved:
            self._save("match", saved)
        elif "match" not in self._frozen:
            try:
                self.backend.remove("match")
            except OSError:
                pass

    def load_match(self) -> dict | None:
        return dict(self._match) if self._match else None
