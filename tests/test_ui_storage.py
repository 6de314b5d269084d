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
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "settings.txt", "stats.keep.txt", "stats.txt"]
    assert (tmp_path / "stats.txt").read_text() == old  # (.lock: the two-writer lock, kept)


# ---- corners of the data folder (issue 48) ------------------------------------------------------------

def test_a_named_pipe_or_a_folder_in_place_of_a_save_does_not_hang_start_up(tmp_path):
    """A named pipe opened for reading waits for a writer forever: start-up hung.  Anything but
    a regular file is now left as it is, with a notice, and never written over."""
    import os
    import subprocess
    import sys
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / "settings.txt")
    os.mkfifo(tmp_path / "match.txt")
    (tmp_path / "stats.txt").mkdir()
    script = ("import sys; from game.ui.storage import Store, FileBackend; s = Store(FileBackend(sys.argv[1])); "
              "s.count('28', hands=1); s.save_settings(); print(len(s.notices)); print(*map(str, s.notices), sep='\\n')")
    proc = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=20,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    assert lines[0] == "3" and all("left as it was" in line for line in lines[1:]), lines
    assert (tmp_path / "settings.txt").is_fifo() and (tmp_path / "match.txt").is_fifo()
    assert (tmp_path / "stats.txt").is_dir()


def test_temporary_files_of_saves_killed_half_way_are_cleaned_up(tmp_path):
    import os
    import time
    old = tmp_path / ".match.k1l2.tmp"
    old.write_bytes(b"x" * 1000)
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    fresh = tmp_path / ".stats.f5g6.tmp"  # another window's save under way: left alone
    fresh.write_bytes(b"y")
    Store(FileBackend(tmp_path))
    assert not old.exists() and fresh.exists()


def test_a_data_folder_that_is_a_file_says_progress_cannot_be_saved_there(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the folder should be")
    store = Store(FileBackend(folder))
    assert store.save_match({"game": "28"}) is not None  # kept for the session
    store.count("28", hands=1)
    texts = [str(n) for n in store.notices]
    assert len(texts) == 1 and "cannot be saved" in texts[0] and "not a folder" in texts[0], texts
    assert folder.read_text() == "a file where the folder should be"


def saved_settings(backend, data):
    backend.save("settings", json.dumps({"version": VERSION, "data": data}))


def test_settings_saved_under_the_old_wait_for_a_tap_default_take_the_new_pace():
    """Settings are saved whole: a trick_wait of 0 saved when "until you tap" was the default
    (version 1, before the Jass deck setting) is no choice, and becomes the 1.2 s default;
    once saved again they are version 2 and stay so."""
    from game.ui.storage import DEFAULT_SETTINGS

    old = {**{k: v for k, v in DEFAULT_SETTINGS.items() if k not in ("jass_deck", "settings_version")},
           "trick_wait": 0.0, "grain": 0.8}
    backend = MemoryBackend()
    saved_settings(backend, old)
    store = Store(backend)
    assert store.notices == [] and store.settings["trick_wait"] == 1.2 and store.settings["grain"] == 0.8
    store.settings["sound"] = False
    store.save_settings()
    data = json.loads(backend.values["settings"])["data"]
    assert data["trick_wait"] == 1.2 and data["settings_version"] == 2 and data["sound"] is False
    assert Store(backend).settings == store.settings


@pytest.mark.parametrize("data", [
    {"trick_wait": 0.0, "jass_deck": "swiss"},             # saved since the deck setting came: a choice
    {"trick_wait": 0.0, "settings_version": 2},            # chosen under this version's defaults
    {"trick_wait": 2.5},                                   # any other wait, from any version
], ids=["deck-setting", "version-2", "other-wait"])
def test_a_wait_the_player_chose_is_kept(data):
    backend = MemoryBackend()
    saved_settings(backend, data)
    store = Store(backend)
    assert store.notices == [] and store.settings["trick_wait"] == data["trick_wait"]


def test_until_you_tap_chosen_now_survives_a_restart():
    backend = MemoryBackend()
    store = Store(backend)
    store.settings["trick_wait"] = 0.0
    store.save_settings()
    assert Store(backend).settings["trick_wait"] == 0.0


def test_settings_from_a_later_version_are_not_taken_for_ours():
    backend = MemoryBackend()
    saved_settings(backend, {"settings_version": 3, "grain": 0.7})
    store = Store(backend)
    assert store.settings["settings_version"] == 2 and store.settings["grain"] == 0.7
    assert len(store.notices) == 1 and "settings_version" in str(store.notices[0])


def test_a_save_and_a_copy_reach_the_disk_before_they_replace_the_old_file(tmp_path, monkeypatch):
    """The file is synced (os.fsync, which the test processes otherwise skip: tests/conftest.py)
    before it is renamed over the old one: after a power cut the old or the new file is there
    whole, never an empty one."""
    import os
    steps = []
    monkeypatch.setattr(os, "fsync", lambda fd: steps.append(("sync", os.fstat(fd).st_size)))
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (steps.append(("rename", os.path.basename(b))), real_replace(a, b)))
    backend = FileBackend(tmp_path)
    backend.save("settings", "x" * 10)
    backend.copy("settings", "settings.keep")
    assert steps == [("sync", 10), ("rename", "settings.txt"), ("sync", 10), ("rename", "settings.keep.txt")]
    assert (tmp_path / "settings.keep.txt").read_text() == "x" * 10
