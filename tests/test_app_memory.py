"""The app leaves what exists at start-up out of later garbage collections, once a process."""

import asyncio
import gc

from app_helpers import fresh_data, launch
import pytest

from game.ui import app as app_module


@pytest.fixture
def data(tmp_path, monkeypatch):
    yield from fresh_data(tmp_path, monkeypatch)


def test_the_main_loop_freezes_start_up_objects_once(data, monkeypatch):
    calls = []
    monkeypatch.setattr(app_module, "_memory_settled", False)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    app = launch()
    assert calls == []  # building the app freezes nothing: the loop does, before its first frame
    asyncio.run(app.run(frames=2))
    assert calls == ["collect", "freeze"]
    asyncio.run(app.run(frames=2))  # a second loop (another app in a test run) freezes no more
    assert calls == ["collect", "freeze"]
