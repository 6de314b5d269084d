"""game.web.storage_backend: files on the desktop, localStorage in the browser, never a crash."""

import sys
import tracemalloc
from pathlib import Path

import pytest

from game.web import storage_backend as sb


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.setenv("TRICK_TABLE_DATA_DIR", str(tmp_path / "data"))
    sb.use(None)
    yield tmp_path / "data"
    sb.use(None)


def test_desktop_round_trip_in_the_data_folder(files):
    assert sb.load("match") is None
    sb.save("match", '{"v": 1, "text": "Stöck ✓ சீட்டு"}')
    assert sb.load("match") == '{"v": 1, "text": "Stöck ✓ சீட்டு"}'
    assert (files / "match.txt").is_file()
    assert sb.where() == str(files)
    assert sb.persistent()
    sb.save("match", "second")
    assert sb.load("match") == "second"
    assert sorted(p.name for p in files.iterdir()) == ["match.txt"]  # no temporary left behind
    sb.remove("match")
    sb.remove("match")
    assert sb.load("match") is None


def test_a_new_backend_sees_what_the_last_one_saved(files):
    sb.save("settings", "{}")
    sb.use(None)  # as after a restart
    assert sb.load("settings") == "{}"


def test_bytes_that_are_not_text_are_refused_and_kept_byte_for_byte(files):
    """Issue 16: a save that is not UTF-8 came back with its bytes replaced, so what was set
    aside was not the original."""
    files.mkdir(parents=True)
    original = b"\xff\xfe{broken \xc3\x28"
    (files / "stats.txt").write_bytes(original)
    with pytest.raises(sb.NotText):
        sb.load("stats")
    sb.backend().move("stats", "stats.aside")
    assert (files / "stats.aside.txt").read_bytes() == original and not (files / "stats.txt").exists()
    sb.backend().copy("stats.aside", "stats.copy")
    assert (files / "stats.copy.txt").read_bytes() == original
    (files / "bom.txt").write_bytes(b"\xef\xbb\xbf{}")  # a byte order mark, as some editors write
    assert sb.load("bom") == "{}"


def test_a_file_over_the_limit_is_refused_by_its_size_before_it_is_read(files):
    files.mkdir(parents=True)
    with open(files / "match.txt", "wb") as f:
        f.truncate(50 * 1024 * 1024)  # 50 MB (sparse: nothing written)
    tracemalloc.start()
    try:
        with pytest.raises(sb.TooLarge) as err:
            sb.load("match", limit=4000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (err.value.size, err.value.limit) == (50 * 1024 * 1024, 4000)
    assert peak < 100_000  # nothing of it was read
    (files / "match.txt").write_bytes(b" " * 4000)
    assert sb.load("match", limit=4000) == " " * 4000


@pytest.mark.parametrize("key", ["", "../x", "a/b", "..", "x" * 65, "naïve", 5])
def test_bad_keys_are_refused(files, key):
    with pytest.raises(ValueError):
        sb.save(key, "x")
    with pytest.raises(ValueError):
        sb.load(key)


def test_only_text_is_saved(files):
    with pytest.raises(TypeError):
        sb.save("match", b"bytes")


def test_data_folder_per_system(tmp_path):
    home = {"HOME": "/home/ann"}
    assert sb.data_folder("linux", home) == Path("/home/ann/.local/share/trick-table")
    assert sb.data_folder("linux", {**home, "XDG_DATA_HOME": "/xdg"}) == Path("/xdg/trick-table")
    assert sb.data_folder("darwin", home) == Path("/home/ann/Library/Application Support/Trick Table")
    assert sb.data_folder("win32", {"USERPROFILE": "C:/Users/ann", "APPDATA": "C:/AD"}) == Path("C:/AD/Trick Table")
    assert sb.data_folder("linux", {**home, "TRICK_TABLE_DATA_DIR": str(tmp_path)}) == tmp_path


class FakeLocalStorage:
    """What localStorage does: strings in, strings or null out; may refuse."""

    def __init__(self, refuse=False, full=False):
        self.items, self.refuse, self.full = {}, refuse, full

    def getItem(self, key):
        if self.refuse:
            raise RuntimeError("SecurityError: The operation is insecure.")
        return self.items.get(key)

    def setItem(self, key, value):
        if self.refuse or self.full:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


class FakeWindow:
    def __init__(self, storage):
        self.localStorage = storage


def test_browser_backend_is_chosen_under_emscripten(monkeypatch):
    import platform

    storage = FakeLocalStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", FakeWindow(storage), raising=False)
    sb.use(None)
    try:
        sb.save("match", "{}")
        assert storage.items == {"trick-table:match": "{}"}
        assert sb.load("match") == "{}"
        assert sb.where() == "localStorage"
        sb.remove("match")
        assert storage.items == {}
        assert sb.load("match") is None
    finally:
        sb.use(None)


def test_refused_storage_falls_back_to_memory():
    backend = sb.LocalStorageBackend(FakeWindow(FakeLocalStorage(refuse=True)))
    sb.use(backend)
    try:
        assert sb.load("match") is None
        sb.save("match", "kept for the session")
        assert sb.load("match") == "kept for the session"
        assert not sb.persistent()
        assert "memory" in sb.where()
    finally:
        sb.use(None)


def test_full_storage_keeps_the_value_in_memory():
    storage = FakeLocalStorage(full=True)
    backend = sb.LocalStorageBackend(FakeWindow(storage))
    backend.save("match", "big")
    assert backend.load("match") == "big"
    assert not backend.persistent


def test_null_proxies_read_as_none():
    class JsNull:  # what some bridges hand back for null
        pass

    storage = FakeLocalStorage()
    storage.getItem = lambda key: JsNull()
    assert sb.LocalStorageBackend(FakeWindow(storage)).load("x") is None


class PageWindow(FakeWindow):
    """A window whose page runs the backend's helpers (``PAGE_HELPERS``) on its localStorage,
    counting what crosses into Python through ``getItem``."""

    def __init__(self, storage):
        super().__init__(storage)
        self.read = []
        real_get = storage.getItem
        storage.getItem = lambda key: self.read.append(key) or real_get(key)

        class Helpers:
            @staticmethod
            def length(key):
                value = storage.items.get(key)
                return -1 if value is None else len(value)

            @staticmethod
            def copy(key, to):
                if key not in storage.items:
                    return False
                storage.setItem(to, storage.items[key])
                return storage.items[to] == storage.items[key]

        self.helpers = Helpers

    def eval(self, source):
        assert source == sb.PAGE_HELPERS
        return self.helpers


def test_the_browser_refuses_a_value_over_the_limit_before_it_crosses_into_python():
    storage = FakeLocalStorage()
    window = PageWindow(storage)
    backend = sb.LocalStorageBackend(window)
    storage.items["trick-table:stats"] = "x" * 5000
    with pytest.raises(sb.TooLarge) as err:
        backend.load("stats", limit=4000)
    assert err.value.size == 5000 and window.read == []  # measured in the page, never read
    assert backend.load("stats", limit=5000) == "x" * 5000 and window.read == ["trick-table:stats"]
    assert backend.load("absent", limit=10) is None and backend.exists("stats") and not backend.exists("absent")


def test_the_browser_moves_a_value_aside_in_the_page_unchanged():
    storage = FakeLocalStorage()
    window = PageWindow(storage)
    backend = sb.LocalStorageBackend(window)
    odd = "{\ud800 not ours"  # a lone surrogate: a JS string may hold one, UTF-8 cannot
    storage.items["trick-table:match"] = odd
    backend.move("match", "match.unreadable-1")
    assert storage.items == {"trick-table:match.unreadable-1": odd} and window.read == []
    with pytest.raises(OSError):
        backend.move("match", "match.unreadable-2")  # nothing there


def test_the_browser_without_page_helpers_reads_and_copies_through_python():
    storage = FakeLocalStorage()
    backend = sb.LocalStorageBackend(FakeWindow(storage))  # no eval: a bridge that cannot run them
    storage.items["trick-table:settings"] = "y" * 50
    with pytest.raises(sb.TooLarge):
        backend.load("settings", limit=10)
    backend.copy("settings", "settings.reset-1")
    assert storage.items["trick-table:settings.reset-1"] == "y" * 50
    full = sb.LocalStorageBackend(FakeWindow(FakeLocalStorage(full=True)))
    full.window.localStorage.items["trick-table:match"] = "{}"
    with pytest.raises(OSError):
        full.copy("match", "match.unreadable-1")  # a full storage: the caller leaves it where it is
    assert full.persistent  # a refused copy does not switch the game to memory
