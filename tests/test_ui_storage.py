"""Settings and statistics as versioned JSON through game.web.storage_backend; unreadable
saves set aside, never lost silently."""

import json

import pytest

from game.ui.storage import VERSION, FileBackend, MemoryBackend, Store


def test_settings_and_statistics_survive_a_restart(tmp_path):
    store = Store(FileBackend(tmp_path))
    store.settings["grain"] = 0.8
    store.save_settings()
    store.count("28", matches=1, wins=1, hands=3)
    again = Store(FileBackend(tmp_path))
    assert again.settings["grain"] == 0.8
    assert again.game_stats("28")["wins"] == 1 and again.game_stats("28")["hands"] == 3
    assert json.loads((tmp_path / "stats.txt").read_text())["version"] == VERSION


def test_a_corrupt_or_unknown_save_is_set_aside_with_a_notice():
    backend = MemoryBackend()
    backend.save("stats", "{not json")
    backend.save("settings", json.dumps({"version": 99, "data": {"grain": 1}}))
    store = Store(backend)
    assert len(store.notices) == 2
    assert any("statistics" in str(n) for n in store.notices) and any("settings" in str(n) for n in store.notices)
    kept = [name for name in backend.values if ".unreadable-" in name]
    assert len(kept) == 2 and backend.values[next(n for n in kept if n.startswith("stats"))] == "{not json"
    assert store.settings["grain"] == 0.5
    assert "stats" not in backend.values and "settings" not in backend.values


def test_settings_of_the_wrong_type_fall_back_with_a_notice_and_a_copy_kept():
    """Issue 16: wrong types fell back silently, with no notice and no copy kept."""
    backend = MemoryBackend()
    text = json.dumps({"version": VERSION, "data": {"grain": "x", "sound": 0, "contrast": 0.2,
                                                    "language": "de", "stranger": 1}})
    backend.save("settings", text)
    store = Store(backend)
    assert store.settings["grain"] == 0.5 and store.settings["sound"] is True
    assert store.settings["contrast"] == 0.2 and store.settings["language"] == "de"
    assert "stranger" not in store.settings
    assert len(store.notices) == 1
    notice = str(store.notices[0])
    assert "grain (should be a number)" in notice and "sound (should be true or false)" in notice
    assert "stranger (not known here)" in notice and "contrast" not in notice
    kept = [k for k in backend.values if k.startswith("settings.reset-")]
    assert len(kept) == 1 and backend.values[kept[0]] == text and f"'{kept[0]}'" in notice
    assert json.loads(backend.values["settings"])["data"]["contrast"] == 0.2  # the good values, saved
    again = Store(backend)
    assert again.notices == [] and again.settings == store.settings


def test_a_setting_outside_its_choices_names_the_choices_in_the_notice():
    """The language setting may also be empty (the system's); the notice lists the languages,
    not an empty first choice ("'xx' is not one of  to ar")."""
    backend = MemoryBackend()
    backend.save("settings", json.dumps({"version": VERSION, "data": {"language": "xx"}}))
    notice = str(Store(backend).notices[0])
    assert "language ('xx' is not one of en, de, it, fr, si, ta, ml or ar)" in notice


class Refusing(MemoryBackend):
    """A store that can read but not write (a full or read-only disk)."""

    def save(self, key, text):
        raise OSError(28, "No space left on device")

    def copy(self, key, to):
        raise OSError(28, "No space left on device")

    def move(self, key, to):
        raise OSError(30, "Read-only file system")


def test_statistics_that_cannot_be_copied_aside_are_left_untouched():
    backend = Refusing()
    backend.values["stats"] = "{broken"
    store = Store(backend)
    assert backend.values["stats"] == "{broken"
    store.count("28", hands=1)  # would overwrite the only copy: not written
    assert backend.values["stats"] == "{broken"
    assert any("left as it was" in str(n) for n in store.notices)


def test_a_write_failure_is_reported_once_and_the_game_goes_on():
    store = Store(Refusing())
    store.save_settings()
    store.count("28", hands=1)
    assert len(store.notices) == 1 and "cannot be saved" in str(store.notices[0])
    assert store.game_stats("28")["hands"] == 1  # kept for the session


class FakeWindow:
    """pygbag's ``platform.window`` with a localStorage that may refuse."""

    class Storage:
        def __init__(self, refuse=False):
            self.items, self.refuse = {}, refuse

        def getItem(self, key):
            return self.items.get(key)

        def setItem(self, key, value):
            if self.refuse:
                raise RuntimeError("QuotaExceededError")
            self.items[key] = value

        def removeItem(self, key):
            self.items.pop(key, None)

    def __init__(self, refuse=False):
        self.localStorage = self.Storage(refuse)


def test_the_browser_store_uses_local_storage_and_sets_aside_there_too():
    from game.web.storage_backend import LocalStorageBackend

    window = FakeWindow()
    window.localStorage.items["trick-table:stats"] = "{oops"
    store = Store(LocalStorageBackend(window))
    store.count("304", hands=2)
    items = window.localStorage.items
    assert json.loads(items["trick-table:stats"])["data"]["304"]["hands"] == 2
    aside = [k for k in items if k.startswith("trick-table:stats.unreadable-")]
    assert len(aside) == 1 and items[aside[0]] == "{oops" and len(store.notices) == 1


def test_refused_browser_storage_is_told_once():
    from game.web.storage_backend import LocalStorageBackend

    store = Store(LocalStorageBackend(FakeWindow(refuse=True)))
    store.save_settings()
    store.count("28", hands=1)
    assert len(store.notices) == 1 and "until the page is closed" in str(store.notices[0])
    assert Store(store.backend).game_stats("28")["hands"] == 1  # kept in memory for the session


class Unreadable(MemoryBackend):
    """A store whose blobs named in ``broken`` cannot be read (a file without read permission),
    and whose keys cannot be told free or taken when ``blind``."""

    def __init__(self, broken=(), blind=False):
        super().__init__()
        self.broken, self.blind = set(broken), blind

    def load(self, key, limit=None):
        if key in self.broken:
            raise OSError(13, "Permission denied")
        return super().load(key, limit)

    def exists(self, key):
        if self.blind:
            raise OSError(5, "Input/output error")
        return super().exists(key)


def test_a_blob_that_cannot_be_read_is_left_as_it_was_and_never_written_over():
    backend = Unreadable(broken={"stats"})
    backend.values["stats"] = json.dumps({"version": VERSION, "kind": "stats", "data": {"28": {"hands": 40}}})
    kept = backend.values["stats"]
    store = Store(backend)
    (notice,) = store.notices
    assert "Could not read" in str(notice) and "Permission denied" in str(notice) and "left as it was" in str(notice)
    store.count("28", hands=1)
    assert backend.values["stats"] == kept  # the unread statistics are not replaced by this session's
    assert store.game_stats("28")["hands"] == 1  # which are counted for the session


def match_data(game="28"):
    from game.ui.session import Session
    return Session(game, {}, 3, "easy", (0,)).to_dict()


def test_with_every_slot_taken_and_none_movable_the_match_plays_on_unsaved_with_one_notice():
    from game.ui.storage import MATCH_SLOTS
    backend = Refusing()
    for slot in MATCH_SLOTS:
        backend.values[slot] = json.dumps({"version": VERSION, "kind": "match", "saved_at": 1.0, "data": match_data()})
    before = dict(backend.values)
    store = Store(backend)
    assert len(store.saved_matches()) == len(MATCH_SLOTS)
    assert store.save_match(match_data("400")) is None and store.save_match(match_data("400")) is None
    assert [str(n) for n in store.notices].count(
        "There is no room to save this match; it lasts until the game is closed.") == 1
    assert backend.values == before  # no saved match was written over


def test_a_key_that_cannot_be_looked_up_is_not_taken_for_free():
    backend = Unreadable(blind=True)
    store = Store(backend)
    assert store.save_match(match_data()) is None  # no slot known to be free, none to move aside
    assert not any(k.startswith("match") for k in backend.values)


def test_a_file_write_that_fails_half_way_leaves_no_litter_and_the_old_file_whole(tmp_path):
    """The desktop writes a save to a temporary file and renames it over the old one: if the
    rename fails, the temporary file goes, the error reaches the caller (the store tells the
    player once: the test above), and what was saved before is untouched; the same for a copy
    kept aside."""
    backend = FileBackend(tmp_path)
    Store(backend).count("28", hands=2)
    old = (tmp_path / "stats.txt").read_text()
    (tmp_path / "settings.txt").mkdir()  # a name the rename cannot take
    with pytest.raises(OSError):
        backend.save("settings", "new")
    (tmp_path / "stats.keep.txt").mkdir()
    with pytest.raises(OSError):
        backend.copy("stats", "stats.keep")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.txt", "stats.keep.txt", "stats.txt"]
    assert (tmp_path / "stats.txt").read_text() == old
