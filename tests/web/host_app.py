"""The app, stood in for, for the host-page API's browser test (test_web_host.py).

The stand-in runtime (stand_in/main.js, step 7) runs this in Pyodide inside the game's page,
with the game's own files from the built archive and ``platform.window`` set to the page's
window, as pygbag's runtime sets it.  pygame is not in Pyodide, so the app's window and scenes
are stood in for here; everything the API goes through is the game's own code: the page
template's script, ``game.web.host`` (the queue, the checks, the events), ``game.ui.host_bridge``
(the commands, the events of the match on screen), ``game.ui.links`` (deal and record codes),
``game.ui.session``, ``game.ui.table.ai`` (the AI seats, a watched record's actions) and the
AI.  What this file stands in for — the table playing the seats the player does not hold, the
hand result going on to the next hand — the desktop tests check with the real scenes
(tests/test_links.py).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from game.i18n import LANGUAGES, set_language
from game.ui.host_bridge import HostBridge
from game.ui.players import FRAME_MS, LEVELS
from game.ui.storage import Store
from game.ui.table.ai import TableAI
from game.web.host import HostLink

SCENES = ("menu", "table", "hand-result", "match-result")  # the registry's names (no review scene yet)
AI_SLICES = 8  # the AI's slices a frame (the table gives it one, after drawing): a match in fewer frames
# the pause between frames: short while the AI plays (a match in a second or two), longer while
# nothing moves (a frame of Python in the page costs CPU; at the short pause, an idle page's
# frames took a sixth of a core while the tests looked elsewhere)
BUSY_PAUSE, IDLE_PAUSE = 0.005, 0.05


@dataclass
class Web:
    embed: bool = True


class Scene:
    def __init__(self, name: str, session=None, **params):
        self.name, self.session, self.params, self.built = name, session, params, 0
        self.ai = TableAI(session) if session is not None else None

    def build(self):
        self.built += 1


class StandInApp:
    """The navigator (go, home, knows), settings, pause and caption of game.ui.app.App."""

    def __init__(self):
        self.store = Store()
        self.settings = self.store.settings
        self.settings["ai_level"] = "easy"
        set_language(self.settings["language"])
        self.stack: list[Scene] = []
        self.web = Web()
        self.paused, self.caption, self.notices = False, None, []
        self.host = None

    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def go(self, name, /, *, replace=False, **params):
        if name not in SCENES:
            raise ValueError(f"unknown scene {name!r}")
        if replace and self.stack:
            self.stack.pop()
        self.stack.append(Scene(name, **params))
        return self.scene

    def home(self):
        self.stack.clear()
        return self.go("menu")

    def knows(self, name):
        return name in SCENES

    def pause(self, paused=True):
        self.paused = bool(paused)

    def set_caption(self, text, owner):
        self.caption = text

    def settings_changed(self):
        set_language(self.settings["language"])

    def notify(self, text):
        self.notices.append(text)

    def step(self):
        """What the scenes would do in a frame: the table lets the AI seats act (the watched
        record's actions first), the hand result goes on to the next hand."""
        scene = self.scene
        if self.paused or scene is None or scene.session is None:
            return
        session = scene.session
        if scene.name == "table":
            hand = session.hand
            if hand.is_over():
                self.go("hand-result", replace=True, session=session)
            elif not session.is_human(hand.turn):
                # this stand-in draws nothing: a frame's time goes to the AI's slices, up to
                # AI_SLICES of them, and at most one action a frame as at the table
                for _ in range(AI_SLICES):
                    action = scene.ai.step(1.0)
                    scene.ai.slice(FRAME_MS)
                    if action is not None:
                        session.apply(action, note=scene.ai.note)
                        scene.ai.reset()
                        break
        elif scene.name == "hand-result" and not session.over:
            session.next_hand()
            self.go("match-result" if session.over else "table", replace=True, session=session)

    def busy(self) -> bool:
        """Whether ``step`` has something to do (an AI seat to play, a hand to go on from)."""
        scene = self.scene
        if self.paused or scene is None or scene.session is None:
            return False
        session = scene.session
        if scene.name == "table":
            return session.hand.is_over() or not session.is_human(session.hand.turn)
        return scene.name == "hand-result" and not session.over

    def state(self) -> dict:
        """What the test reads back (through Pyodide)."""
        from game.i18n import language

        scene = self.scene
        session = scene.session if scene else None
        return {"scene": scene.name if scene else None, "paused": self.paused, "caption": self.caption,
                "language": language(), "stack": [s.name for s in self.stack],
                "record": session.hand.record() if session else None,
                "humans": sorted(session.humans) if session else None}


APP = None
FRAMES = 0  # the frames run (the page's messages are read once a frame): tests wait on it


def start(link, ready: bool = False) -> StandInApp:
    """A new app on the menu, speaking through ``link`` (``ready``: the page heard "ready" already)."""
    global APP
    APP = app = StandInApp()
    app.host = HostBridge(app, link, link.build)
    app.host.ready = ready
    app.go("menu")
    return app


def reset() -> None:
    """Between the tests that share a page: a new app as ``main`` starts it (its settings read
    afresh from storage, which the test empties first), on the same link, "ready" not said again."""
    start(APP.host.link, ready=True)


async def main():
    link = HostLink.of_page(languages=tuple(LANGUAGES), levels=LEVELS)
    if link is None:
        raise RuntimeError("the page has no host API (window.tt.host)")
    global FRAMES
    start(link)
    while True:
        APP.host.frame()  # the app of the moment: reset() replaces it
        APP.step()
        FRAMES += 1
        await asyncio.sleep(BUSY_PAUSE if APP.busy() else IDLE_PAUSE)
