"""Settings and statistics as versioned JSON; unreadable saves set aside, never lost silently."""

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
    assert json.loads((tmp_path / "stats.json").read_text())["version"] == VERSION


def test_a_corrupt_or_unknown_save_is_set_aside_with_a_notice():
    backend = MemoryBackend()
    backend.write("stats", "{not json")
    backend.write("settings", json.dumps({"version": 99, "data": {"grain": 1}}))
    store = Store(backend)
    assert set(store.notices) == {"stats", "settings"}
    kept = [name for name in backend.blobs if ".unreadable-" in name]
    assert len(kept) == 2 and backend.blobs[next(n for n in kept if n.startswith("stats"))] == "{not json"
    assert store.settings["grain"] == 0.5
