"""Settings, statistics, the matches in progress and the last hands played, saved as versioned JSON.

Every blob goes through ``game.web.storage_backend`` (the one storage path): the
browser's ``localStorage`` under pygbag, a file in the user's data folder on the
desktop (``TRICK_TABLE_DATA_DIR`` overrides the folder), memory in tests.

Each blob is ``{"version": 1, "kind": <kind>, "saved_at": <seconds>, "data": {...}}``:

- ``settings``: the player's choices, each checked by its field (``SETTING_FIELDS``);
- ``stats``: counts per game (``STAT_KEYS``);
- one blob per match in progress, in the slots ``MATCH_SLOTS`` (``match``, ``match-2`` …
  ``match-8``): a new match takes a free slot, so opening another game or another seed never
  writes over a match.  The first slot has the name of the single save of earlier versions,
  whose matches are therefore found and resumed as they are.  The match's data is built on
  the hand-record format (see ``Session.to_dict``);
- ``history``: each game's last ``HISTORY_KEEP`` finished hands as hand records (the newest
  with their annotations, within ``HISTORY_NOTES_CHARS``), for the hand review; a record is
  replayed only when it is reviewed.

Reading is bounded and checked, one validator per kind (``LIMITS`` and the ``check_*``
functions; the rules are ``game.engine.bounds``'): the size before the blob is read, then
nesting and items as it is parsed, then the envelope, then every field's type and range.

- A blob that cannot be used at all (too large, not UTF-8, not JSON, an unknown version, the
  wrong shape, a match of an unknown game) is moved aside under ``<name>.unreadable-<time>``
  exactly as it was stored (the backend moves it without decoding it) and ``Store.notices``
  says why.  (``<name>.room-<time>``: a match moved aside because all slots were taken.)
- Settings or statistics with some values wrong keep the good ones; the wrong ones fall back
  to their defaults, the blob as it was is copied aside first (``<name>.reset-<time>``), and
  the notice names each value and what was wrong with it.

Notices are ``i18n.Message`` objects the app translates when it shows them.
"""

from __future__ import annotations

import copy
import json
import time
from dataclasses import dataclass

from game.ai import LEVELS
from game.engine import GAMES
from game.engine.bounds import Field, Limits, OutOfBounds, check_fields, json_value, shown
from game.i18n import LANGUAGES, N_, Message
from game.i18n.problems import problem
from game.web import storage_backend
from game.web.storage_backend import FileBackend, MemoryBackend, NotText, TooLarge  # noqa: F401 - for callers

VERSION = 1
MAX_MATCHES = 8
MATCH_SLOTS = ("match",) + tuple(f"match-{n}" for n in range(2, MAX_MATCHES + 1))
HISTORY_KEEP = 20  # finished hands kept per game for the review
# What the AI weighed takes about 0.5 KB an action (20-30 KB a hand): per game the newest hands
# keep their notes within this many characters, older ones are kept without them, so the whole
# history stays far below its reading limit (LIMITS["history"]) and quick to write.
HISTORY_NOTES_CHARS = 150_000

DEFAULT_SETTINGS = {
    "contrast": 0.5,      # table look, 0..1
    "grain": 0.5,
    "temperature": 0.5,
    "four_colour": False,
    "anim_speed": 1.0,    # multiplies animation speed
    "sound": True,
    "language": "",       # "" = automatic: the browser's language, else English (issue 7)
    "hints": True,
    "one_tap": False,     # a tap plays a card (else it selects it, a second tap plays it)
    "jass_deck": "swiss",  # Schieber's cards: "swiss" (Eicheln, Rosen, ...) or "french" (the French-suited Jass deck)
    "trick_wait": 1.2,    # seconds a finished trick stays (a tap takes it sooner); 0: until tapped
    "ai_level": "normal",
    "game": "28",
    "settings_version": 2,  # the defaults these were saved under (none stored: 1; see upgraded_settings)
}
MIN_SPEED, MAX_SPEED = 0.5, 4.0  # the settings screen's Slow .. Very fast; never 0 (a frozen table)

STAT_KEYS = ("matches", "wins", "hands", "bids", "bids_made")
MAX_COUNT = 10**12

# How much of each kind is read: a blob over ``chars`` is refused by its size before it is read.
# A match of 60 hands of Twenty-Eight saves about 60 kB; a settings blob is under 1 kB.
LIMITS = {
    "settings": Limits(chars=64_000, depth=4, items=200, digits=20),
    "stats": Limits(chars=256_000, depth=4, items=5_000, digits=20),
    "match": Limits(chars=2_000_000, depth=12, items=1_000_000, digits=40),
    # 20 hands of each game; a hand of 400 with what the AI weighed for each decision is ~20 kB
    "history": Limits(chars=2_000_000, depth=12, items=1_000_000, digits=40),
}

# What each kind is called in a notice (with its article: "Could not read {what} ...").
WHAT = {"settings": N_("the settings"), "stats": N_("the statistics"), "match": N_("the saved match"),
        "history": N_("the hand history")}


class Unreadable(ValueError):
    """A blob that is not one of ours; ``args[0]`` is the reason, a Message shown in the notice."""


def kind_of(name: str) -> str:
    return "match" if name in MATCH_SLOTS else name


def empty_stats() -> dict:
    return {k: 0 for k in STAT_KEYS}


# ---- the validators, one per kind ------------------------------------------------------------------

def setting_fields() -> dict[str, Field]:
    """Each setting's type and range (games and levels as they are now registered).  A setting
    without its own entry here is checked by the type of its default."""
    fields = {
        "contrast": Field(float, 0.0, 1.0), "grain": Field(float, 0.0, 1.0), "temperature": Field(float, 0.0, 1.0),
        "anim_speed": Field(float, MIN_SPEED, MAX_SPEED),
        "language": Field(str, choices=("", *LANGUAGES)),
        "ai_level": Field(str, choices=tuple(LEVELS)),
        "jass_deck": Field(str, choices=("swiss", "french")),
        "game": Field(str, choices=tuple(GAMES)),
        "settings_version": Field(int, 1, DEFAULT_SETTINGS["settings_version"]),
    }
    for name, default in DEFAULT_SETTINGS.items():
        if name not in fields:
            fields[name] = (Field(bool) if isinstance(default, bool) else Field(float, 0.0, 10.0)
                            if isinstance(default, float) else Field(type(default)))
    return fields


def upgraded_settings(data):
    """Stored settings brought to this version's defaults.  Settings are saved whole, defaults
    included, so a value saved under an old default is not a choice.  Version 1 (no
    ``settings_version``): a finished trick waited for a tap by default (``trick_wait`` 0); saved
    so before the Jass deck setting came (no ``jass_deck``: written with the old default, or the
    same day it changed), a 0 takes the new default.  "Until you tap" chosen since stays."""
    if not isinstance(data, dict) or "settings_version" in data:
        return data
    wait = data.get("trick_wait")
    if "jass_deck" not in data and type(wait) in (int, float) and wait == 0:
        return {**data, "trick_wait": DEFAULT_SETTINGS["trick_wait"]}
    return data


def check_settings(data: dict) -> tuple[dict, dict]:
    """(the settings that are good, name -> OutOfBounds for each one that is not), saved
    under old defaults or not (``upgraded_settings``)."""
    return check_fields(upgraded_settings(data), setting_fields())


STAT_FIELDS = {key: Field(int, 0, MAX_COUNT) for key in STAT_KEYS}


def check_stats(data: dict) -> tuple[dict, dict]:
    """Counts per game: (the good ones, (game, count) -> OutOfBounds for each bad one, the game
    by its name to show).  A game this version does not know keeps its counts if they are
    counts (a later version's game)."""
    good, wrong = {}, {}
    for game, counts in data.items():
        name = Message(GAMES[game].TITLE) if game in GAMES else shown(game)  # ours shown translated
        if not isinstance(counts, dict):
            wrong[name] = OutOfBounds("wrong-type", "must be an object of counts", kind="dict")
            continue
        good[game], bad = check_fields(counts, STAT_FIELDS)
        wrong.update({(name, count): err for count, err in bad.items()})
    return good, wrong


def _is_count(value, top: int = MAX_COUNT) -> bool:
    return type(value) is int and 0 <= value <= top


def check_match(data: dict) -> dict:
    """A saved match's shape and types (its actions are checked by replaying it when it is
    resumed: ``Session.from_dict``).  Unreadable names what is wrong."""
    game = data.get("game")
    if not isinstance(game, str):
        raise Unreadable(Message(N_("no game named")))
    if game not in GAMES:
        raise Unreadable(Message(N_("unknown game '{game}'"), game=shown(game)))
    version = data.get("version")
    if version not in (1, 2) or (version == 2 and data.get("format") != "trick-table-match"):
        raise Unreadable(Message(N_("unknown version {version}"), version=shown(version, 12)))
    expected = {"options": dict, "seed": int, "level": str, "humans": list}
    expected.update({"match": dict, "finished": list, "hand": dict} if version == 2 else {"hands": list, "actions": list})
    for name, kind in expected.items():
        if type(data.get(name)) is not kind:
            raise Unreadable(Message(N_("'{name}' is missing or of the wrong type"), name=name))
    if not all(_is_count(h, 3) for h in data["humans"]):
        raise Unreadable(Message(N_("'{name}' is missing or of the wrong type"), name="humans"))
    if version == 2:
        score = data["match"].get("score")
        if not isinstance(score, list) or len(score) > 4 or not all(type(v) is int for v in score):
            raise Unreadable(Message(N_("'{name}' is missing or of the wrong type"), name="score"))
    return data


def check_history(data: dict) -> dict:
    """Per game a list of hand records, the newest last, at most HISTORY_KEEP (their actions are
    checked by replaying them when one is reviewed).  Unreadable names what is wrong."""
    for game, records in data.items():
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            name = Message(GAMES[game].TITLE) if game in GAMES else shown(game)
            raise Unreadable(Message(N_("the hands of {game} are not hand records"), game=name))
    return {game: records[-HISTORY_KEEP:] for game, records in data.items()}


UNREADABLE = object()  # a stored blob this version cannot read (never written over)
READ = object()  # a match blob as this window wrote it (a match's merge asks only whether it is Taken)


@dataclass(frozen=True)
class Taken:
    """A match slot another window wrote since this one read it: its data and revision."""

    data: dict | None
    rev: int


def _rev(blob: dict) -> int:
    """A blob's revision: how many times it was written (0 for a blob of before revisions)."""
    rev = blob.get("rev")
    return rev if type(rev) is int and 0 <= rev < 10**15 else 0


def _counts_added(base: dict, stats: dict, seen: dict) -> dict:
    """A copy of the counts ``base`` plus what ``stats`` counted beyond ``seen`` (this window's
    counts since it last read them), each count held within 0..MAX_COUNT."""
    merged = copy.deepcopy(base)
    for game, counts in stats.items():
        before = seen.get(game, {})
        for key, value in counts.items():
            added = value - before.get(key, 0)
            if added:
                row = merged.setdefault(game, {})
                row[key] = min(MAX_COUNT, max(0, row.get(key, 0) + added))
    return merged


def _trimmed(hands: list) -> list:
    """The last HISTORY_KEEP hands, the older ones without their notes beyond HISTORY_NOTES_CHARS."""
    hands = list(hands[-HISTORY_KEEP:])
    room = HISTORY_NOTES_CHARS
    for i in range(len(hands) - 1, -1, -1):  # the newest first
        notes = hands[i].get("annotations")
        if notes is None:
            continue
        room -= len(json.dumps(notes, ensure_ascii=False))
        if room < 0:
            hands[i] = {key: value for key, value in hands[i].items() if key != "annotations"}
    return hands


@dataclass(frozen=True)
class SavedMatch:
    """What the Continue list shows of a saved match, read without replaying it."""

    slot: str
    game: str
    score: tuple
    saved_at: float | None
    seed: int
    level: str
    options: dict
    hands: int  # hands finished


def summary(slot: str, data: dict, saved_at) -> SavedMatch:
    if data.get("version") == 2:
        score, hands = tuple(data["match"]["score"]), len(data["finished"])
    else:
        score, hands = (), len(data["hands"])
    return SavedMatch(slot, data["game"], score, saved_at, data["seed"], data["level"], dict(data["options"]), hands)


def when_text(saved_at: float | None) -> str:
    """The time a match was saved, as a date and time (the same in every language), or ''."""
    if saved_at is None:
        return ""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(saved_at))


# ---- the store -----------------------------------------------------------------------------------------

class Store:
    """The saved state of one player.  ``backend``: a storage_backend backend (default: the platform's)."""

    def __init__(self, backend=None):
        self.backend = backend if backend is not None else storage_backend.backend()
        self.notices: list[Message] = []   # one per problem; the app shows them (translated)
        self.kept_aside: dict[str, str] = {}  # name -> key the unreadable blob was kept under
        self._frozen: set[str] = set()  # blobs that could not be set aside: never written over
        self._write_failed = False
        self._no_room = False
        self._matches: dict[str, tuple[dict, float | None]] = {}  # slot -> (data, saved_at)
        self._revs: dict[str, int] = {}  # blob -> its revision when this window last read or wrote it
        # match slot -> (the text this window wrote there last, its revision): while the slot
        # still holds that text, the next save need not read it again (a save a move)
        self._written: dict[str, tuple[str, int]] = {}
        unusable = getattr(self.backend, "unusable", lambda: None)()
        if unusable:  # e.g. a file where the data folder should be: the session is kept in memory
            self._write_failed = True
            self.notices.append(Message(N_("Progress cannot be saved here ({error})."), error=shown(unusable, 200)))
            self.backend = MemoryBackend()
        getattr(self.backend, "sweep", lambda: None)()
        self.settings = dict(DEFAULT_SETTINGS)
        self.settings.update(self._load_checked("settings", check_settings))
        self.stats: dict[str, dict] = self._load_checked("stats", check_stats)
        self.history: dict[str, list] = self._load("history", check_history).get("data", {})
        for slot in MATCH_SLOTS:
            blob = self._load(slot, check_match)
            if blob:
                self._matches[slot] = (blob["data"], blob.get("saved_at"))
        # what this window last read or wrote, to merge its own changes into another window's
        self._seen_settings = dict(self.settings)
        self._seen_stats = copy.deepcopy(self.stats)
        self._new_hands: dict[str, list] = {}  # finished hands not yet written
        self._changed()  # from here on, what another window writes is noticed (refresh)

    # ---- blobs ---------------------------------------------------------------------------------
    def _read(self, name: str) -> str | None:
        """The blob's text within its kind's size limit; None if there is none, or it could not
        be read (then it is set aside, or left alone and never written over, with a notice)."""
        try:
            return self.backend.load(name, LIMITS[kind_of(name)].chars)
        except TooLarge as err:
            self.set_aside(name, problem(OutOfBounds("too-large", "", size=err.size, limit=err.limit)))
        except NotText:
            self.set_aside(name, problem(OutOfBounds("not-text", "")))
        except OSError as err:  # an unreadable file: leave it where it is, do not write over it
            self._frozen.add(name)
            self.notices.append(Message(N_("Could not read {what} ({error}); it is left as it was."),
                                        what=Message(WHAT[kind_of(name)]), error=shown(err.strerror or err, 80)))
        return None

    def _load(self, name: str, check) -> dict:
        """The blob (its envelope checked, its data by ``check``), or {} (set aside, with a notice)."""
        text = self._read(name)
        if text is None:
            return {}
        try:
            try:
                blob = json_value(text, LIMITS[kind_of(name)], name)
            except OutOfBounds as err:
                raise Unreadable(problem(err)) from None
            if not isinstance(blob, dict) or "version" not in blob:
                raise Unreadable(Message(N_("not saved data of this game")))
            if blob.get("version") != VERSION:
                raise Unreadable(Message(N_("unknown version {version}"), version=shown(blob.get("version"), 12)))
            if not isinstance(blob.get("data"), dict):
                raise Unreadable(Message(N_("no data")))
            saved_at = blob.get("saved_at")
            blob["saved_at"] = saved_at if type(saved_at) in (int, float) and 0 <= saved_at < 1e11 else None
            blob["data"] = check(blob["data"])
            self._revs[name] = _rev(blob)
            return blob
        except Unreadable as err:
            self.set_aside(name, err.args[0])
            return {}

    def _load_checked(self, name: str, check) -> dict:
        """The data of a settings-like blob: the values that pass ``check``; when some do not,
        the blob is copied aside as it was and a notice names them."""
        wrong: dict = {}

        def keep_good(data):
            good, bad = check(data)
            wrong.update(bad)
            return good

        data = self._load(name, keep_good).get("data", {})
        if wrong:
            key = self._copy_aside(name)
            problems = [Message(N_("{name} ({problem})"), name=field if isinstance(field, (tuple, Message))
                                else shown(field), problem=problem(err)) for field, err in wrong.items()]
            if key is None:
                self.notices.append(Message(N_("Some of {what} were not valid ({problems}) and are back to their "
                                               "defaults for now; the file is left as it was."),
                                            what=Message(WHAT[name]), problems=problems))
            else:
                self.notices.append(Message(N_("Some of {what} were not valid ({problems}) and are back to their "
                                               "defaults; the file as it was is kept as '{key}'."),
                                            what=Message(WHAT[name]), problems=problems, key=key))
                self._save(name, data)
        return data

    def _aside_key(self, name: str, why: str = "unreadable") -> str:
        """A free key for a blob kept aside: ``<name>.<why>-<time>`` (``why``: unreadable,
        reset, or room)."""
        stamp = int(time.time())
        aside, n = f"{name}.{why}-{stamp}", 1
        while self._exists(aside):
            n += 1
            aside = f"{name}.{why}-{stamp}-{n}"
        return aside

    def _copy_aside(self, name: str) -> str | None:
        """A copy of the blob as stored under a new key (None if it cannot be made: then the
        blob is never written over in this session)."""
        aside = self._aside_key(name, "reset")
        try:
            self.backend.copy(name, aside)
        except OSError:
            self._frozen.add(name)
            return None
        return aside

    def set_aside(self, name: str, reason: Message | str) -> str | None:
        """Move the blob ``name`` to another key, exactly as it is stored, and add a notice.

        Returns the key it was kept under (None if it could not be moved: then the original
        stays untouched and is not written over for the rest of the session)."""
        what = Message(WHAT[kind_of(name)])
        aside = self._aside_key(name)
        try:
            self.backend.move(name, aside)
        except OSError:
            self._frozen.add(name)
            self.notices.append(Message(N_("Could not read {what} ({reason}), nor copy it aside; "
                                           "it is left as it was."), what=what, reason=reason))
            return None
        self._matches.pop(name, None)
        self.kept_aside[name] = aside
        self.notices.append(Message(N_("Could not read {what} ({reason}); it was kept aside as '{key}'."),
                                    what=what, reason=reason, key=aside))
        return aside

    def _exists(self, key: str) -> bool:
        try:
            return self.backend.exists(key)
        except OSError:
            return True  # not known to be free: do not use it

    def _save(self, name: str, data: dict) -> float:
        """Write the blob as it is (unless it is frozen); returns the time it carries."""
        return self._write(name, lambda stored: data)[1]

    def _write(self, name: str, merge) -> tuple[bool, float]:
        """Write blob ``name`` as ``merge(stored)`` makes it from its data as stored now (None
        if there is none; ``Taken`` if another window wrote it since this one read it, for a
        match), in one step no other window's write comes into (``storage_backend.update``).
        ``merge`` returns the data to write, or None to write nothing.  Returns (written, the
        time the blob carries)."""
        now = round(time.time(), 3)
        if name in self._frozen:
            return False, now
        kind = kind_of(name)
        written: dict = {}

        def change(text):
            mine = self._written.get(name)
            if mine is not None and text == mine[0] and mine[1] == self._revs.get(name, 0):
                # the match as this window wrote it, nobody's since: readable, and not Taken
                # (a match's merge reads nothing else of it); not parsed and checked again
                stored, rev = READ, mine[1]
            else:
                stored, rev = self._stored(name, text)
            if stored is UNREADABLE:
                return None
            if kind == "match" and rev != self._revs.get(name, 0):
                stored = Taken(stored, rev)
            data = merge(stored)
            if data is None:
                return None
            written["rev"] = rev + 1
            blob = {"version": VERSION, "kind": kind, "saved_at": now, "rev": rev + 1, "data": data}
            written["text"] = json.dumps(blob, sort_keys=True)
            return written["text"]

        try:
            self.backend.update(name, change, LIMITS[kind].chars)
        except (TooLarge, NotText):  # another window left something we cannot read: not written over
            self._frozen.add(name)
            return False, now
        except OSError as err:  # a read-only home must not stop the game
            if not self._write_failed:
                self._write_failed = True
                self.notices.append(Message(N_("Progress cannot be saved here ({error})."),
                                            error=shown(err.strerror or err, 80)))
            return False, now
        if name in self._frozen:  # found unreadable just now
            self.notices.append(Message(N_("Could not read {what} ({error}); it is left as it was."),
                                        what=Message(WHAT[kind]), error=Message(N_("not saved data of this game"))))
        if not self._write_failed and isinstance(self.backend, storage_backend.LocalStorageBackend) \
                and not self.backend.persistent:  # the browser refused: kept in memory for the session
            self._write_failed = True
            self.notices.append(Message(N_("This browser does not let the game keep its progress; "
                                           "it lasts until the page is closed.")))
        if "rev" in written:
            self._revs[name] = written["rev"]
            if kind == "match":
                self._written[name] = (written["text"], written["rev"])
            return True, now
        return False, now

    _CHECKS = {"settings": lambda d: check_settings(d)[0], "stats": lambda d: check_stats(d)[0],
               "history": lambda d: check_history(d), "match": lambda d: check_match(d)}

    def _stored(self, name: str, text: str | None):
        """(data, revision) of the blob as stored now: (None, 0) if there is none,
        (UNREADABLE, 0) if it is not one this version can read (it is then never written over)."""
        if text is None:
            return None, 0
        try:
            blob = json_value(text, LIMITS[kind_of(name)], name)
            if not isinstance(blob, dict) or blob.get("version") != VERSION or not isinstance(blob.get("data"), dict):
                raise Unreadable(Message(N_("not saved data of this game")))
            return self._CHECKS[kind_of(name)](blob["data"]), _rev(blob)
        except (OutOfBounds, Unreadable):
            self._frozen.add(name)
            return UNREADABLE, 0

    def _changed(self) -> set[str]:
        try:
            return self.backend.changed()
        except OSError:
            return set()

    def refresh(self) -> set[str]:
        """Take in what another window wrote since the last look: its matches (the Continue
        list), counts, hands, and the settings this window has not changed itself.  Returns the
        kinds that changed ("settings", "stats", "history", "match")."""
        keys = self._changed()
        if "*" in keys:
            keys = {"settings", "stats", "history", *MATCH_SLOTS}
        kinds = set()
        for key in keys:
            kind = kind_of(key) if key in ("settings", "stats", "history", *MATCH_SLOTS) else None
            if kind is None or key in self._frozen:
                continue
            if kind == "match":
                self._reread(key, take=False)
                kinds.add(kind)
                continue
            try:
                data, _rev = self._stored(key, self.backend.load(key, LIMITS[kind].chars))
            except (OSError, ValueError):
                continue
            if data is UNREADABLE or data is None:
                continue
            kinds.add(kind)
            if kind == "settings":
                for name, value in data.items():
                    if self.settings.get(name) == self._seen_settings.get(name):  # not changed here
                        self.settings[name] = value
                        self._seen_settings[name] = value
            elif kind == "stats":
                merged = _counts_added(data, self.stats, self._seen_stats)
                self._seen_stats = copy.deepcopy(data)
                self.stats.clear()
                self.stats.update(merged)
            else:
                merged = {game: list(hands) for game, hands in data.items()}
                for game, hands in self._new_hands.items():
                    merged[game] = [*merged.get(game, []), *hands]
                self.history = {game: _trimmed(hands) for game, hands in merged.items()}
        return kinds

    # ---- settings -----------------------------------------------------------------------------------
    def save_settings(self) -> None:
        """Write the settings this window changed over the settings as stored now: each setting
        is the one changed last, in whichever window (the others' changes come in here too)."""
        mine = {k: v for k, v in self.settings.items() if k not in self._seen_settings or self._seen_settings[k] != v}

        merged_out: dict = {}

        def merge(stored):
            merged = dict(self._seen_settings if stored is None else {**DEFAULT_SETTINGS, **stored})
            merged.update(mine)
            merged_out["settings"] = merged
            return merged

        written, _at = self._write("settings", merge)
        if written:
            self.settings.update(merged_out["settings"])  # in place: the app holds this dict
            self._seen_settings = dict(self.settings)

    # ---- statistics -----------------------------------------------------------------------------------
    def game_stats(self, game: str) -> dict:
        stats = empty_stats()
        stats.update(self.stats.get(game, {}))
        return stats

    def count(self, game: str, **amounts: int) -> None:
        """Add to a game's statistics, e.g. ``count("28", hands=1, bids=1, bids_made=1)``."""
        stats = self.game_stats(game)
        for key, n in amounts.items():
            stats[key] = min(MAX_COUNT, stats.get(key, 0) + n)
        self.stats[game] = stats
        merged_out: dict = {}

        def merge(stored):
            """The counts as stored now, plus what this window counted since it last read them."""
            merged = _counts_added(self._seen_stats if stored is None else stored, self.stats, self._seen_stats)
            merged_out["stats"] = merged
            return merged

        written, _at = self._write("stats", merge)
        if written:
            self.stats.clear()
            self.stats.update(merged_out["stats"])
            self._seen_stats = copy.deepcopy(self.stats)

    # ---- the matches in progress -----------------------------------------------------------------------
    def saved_matches(self) -> list[SavedMatch]:
        """Every saved match, the most recently played first."""
        found = [summary(slot, data, at) for slot, (data, at) in self._matches.items()]
        return sorted(found, key=lambda m: (-(m.saved_at or 0), MATCH_SLOTS.index(m.slot)))

    def load_match(self, slot: str | None = None) -> dict | None:
        """The data of the match in ``slot`` (by default the most recently played), or None;
        read again, so a match another window played on is resumed where it is now."""
        if slot is None:
            newest = self.saved_matches()
            slot = newest[0].slot if newest else None
        if slot in MATCH_SLOTS and slot not in self._frozen:
            self._reread(slot)
        found = self._matches.get(slot)
        return dict(found[0]) if found else None

    def _reread(self, slot: str, take: bool = True) -> None:
        """The slot as stored now into the Continue list; with ``take``, this window takes the
        match over (it resumes it), else the slot stays whoever's it was (a refresh)."""
        try:
            text = self.backend.load(slot, LIMITS["match"].chars)
        except (OSError, ValueError):
            return  # as it was read at start
        data, rev = self._stored(slot, text)
        if data is UNREADABLE:
            return
        if data is None:
            self._matches.pop(slot, None)
            if take:
                self._revs.pop(slot, None)
            return
        blob = json.loads(text)
        saved_at = blob.get("saved_at")
        self._matches[slot] = (data, saved_at if type(saved_at) in (int, float) else None)
        if take:
            self._revs[slot] = rev

    def save_match(self, data: dict, slot: str | None = None) -> str | None:
        """Save a match in progress in ``slot``, or in a free slot if None; returns the slot.
        With every slot taken, the least recently played match is moved aside (a notice says
        where) to make room: nothing is written over.  A slot is the match of the window that
        last wrote it: if another window played on in it since this one read it, this window's
        match is saved in a free slot instead, and a notice says so."""
        for _ in range(len(MATCH_SLOTS) + 1):
            if slot is None:
                slot = self._free_slot()
                if slot is None:
                    return None
            mine = slot in self._matches
            taken: list = []

            def merge(stored, taken=taken):
                if isinstance(stored, Taken):
                    taken.append(stored)
                    return None
                return data

            written, at = self._write(slot, merge)
            if not taken:
                self._matches[slot] = (dict(data), at)
                return slot
            self._matches.pop(slot, None)  # the other window's now: this one moves on
            self._revs[slot] = taken[0].rev
            if mine:
                self.notices.append(Message(N_("This match was played on in another window; this window's "
                                               "moves are kept as a match of their own.")))
            slot = None
        return None

    def drop_match(self, slot: str | None) -> None:
        """Forget the match in ``slot`` (it is over, or the player gave it up), unless another
        window has played on in it since this one read it."""
        if slot is None or slot not in MATCH_SLOTS:
            return
        self._matches.pop(slot, None)
        if slot not in self._frozen:
            try:
                _data, rev = self._stored(slot, self.backend.load(slot, LIMITS["match"].chars))
                if rev == self._revs.get(slot, 0):
                    self.backend.remove(slot)
            except (OSError, ValueError):
                pass
            self._revs.pop(slot, None)

    def _free_slot(self) -> str | None:
        for slot in MATCH_SLOTS:
            if slot not in self._matches and slot not in self._frozen and not self._exists(slot):
                return slot
        oldest = self.saved_matches()[-1] if self._matches else None
        if oldest is not None:
            aside = self._aside_key(oldest.slot, "room")
            try:
                self.backend.move(oldest.slot, aside)
            except OSError:
                aside = None
            if aside is not None:
                self._matches.pop(oldest.slot)
                self.notices.append(Message(N_("Every place for a saved match was taken: the match played least "
                                               "recently ({game}, {when}) was kept aside as '{key}'."),
                                            game=Message(GAMES[oldest.game].TITLE), when=when_text(oldest.saved_at),
                                            key=aside))
                return oldest.slot
        # nothing could be moved: play on without saving rather than write over a match
        if not self._no_room:
            self._no_room = True
            self.notices.append(Message(N_("There is no room to save this match; it lasts until the game is "
                                           "closed.")))
        return None

    # ---- the last hands played -----------------------------------------------------------------------
    def add_hand(self, game: str, record: dict) -> None:
        """Keep a finished hand's record (its game's oldest beyond HISTORY_KEEP are dropped; the
        notes of the older ones beyond HISTORY_NOTES_CHARS too), added to the hands as stored
        now (another window's included)."""
        self.history[game] = _trimmed([*self.history.get(game, []), record])
        pending = self._new_hands.setdefault(game, [])
        pending.append(record)
        del pending[:-HISTORY_KEEP]
        merged_out: dict = {}

        def merge(stored):
            merged = {name: list(hands) for name, hands in (self.history if stored is None else stored).items()}
            if stored is not None:
                for name, hands in self._new_hands.items():
                    merged[name] = [*merged.get(name, []), *hands]
            merged = {name: _trimmed(hands) for name, hands in merged.items()}
            merged_out["history"] = merged
            return merged

        written, _at = self._write("history", merge)
        if written:
            self.history = merged_out["history"]
            self._new_hands = {}

    def recent_hands(self, game: str) -> list[dict]:
        """The game's kept hand records, the newest first."""
        return list(reversed(self.history.get(game, [])))
