"""Settings and statistics as versioned JSON through game.web.storage_backend; unreadable
saves set aside, never lost silently."""

import json

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
