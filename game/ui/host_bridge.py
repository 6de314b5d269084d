"""The host page's commands carried out in the app, and the match's events sent back.

``HostBridge(app, link)`` is called by the app once a frame (``app.host.frame()``): the first
time it sends ``ready``; then it runs the commands ``link.poll()`` has checked
(``game.web.host``) through the navigator, as a tap would, and sends the ``hand-over`` and
``match-over`` events of the match on screen.  A command that cannot be carried out is
answered with an ``error`` event (in English: it is for the page's author), never raised.

No pygame here: the browser test runs this module in Pyodide with a stand-in app.
"""

from __future__ import annotations

import random

from game.i18n import LANGUAGES, Message
from game.web.host import MatchWatch, ready_event

from . import links
from .session import Session


def english(value) -> str:
    """A message as its English source text (the host page's author reads the errors)."""
    if isinstance(value, Message):
        return value.msgid.format(**{k: english(v) for k, v in value.values.items()})
    return str(value)


class HostBridge:
    def __init__(self, app, link, build: str = ""):
        self.app, self.link, self.build = app, link, build
        self.watch = MatchWatch()
        self.ready = False

    def frame(self) -> bool:
        """The page's commands carried out (each as a tap would be); True if there were any."""
        if not self.ready:
            self.ready = True
            self.link.send(ready_event(LANGUAGES, self.build))
        ran = False
        for command in self.link.poll():
            ran = True
            try:
                getattr(self, "run_" + command.type.replace("-", "_"))(command)
            except Exception as err:  # noqa: BLE001 - a command must never stop the game
                self.link.error(f"{command.type} could not be carried out: {type(err).__name__}: {err}", command)
        session = getattr(self.app.scene, "session", None)
        if session is not None:
            for message in self.watch.events(session.match):
                self.link.send(message)
        return ran

    def clear(self) -> None:
        """Make way for a new scene: the menu alone, or nothing in an embed; no pause, no caption."""
        app = self.app
        app.pause(False)
        app.set_caption(None, None)
        if getattr(getattr(app, "web", None), "embed", False):
            app.stack.clear()
        else:
            app.home()

    # ---- the commands --------------------------------------------------------------------------
    def run_new_match(self, command) -> None:
        p = command.params
        level = p["level"] or self.app.settings["ai_level"]
        seed = p["seed"] if p["seed"] is not None else random.randrange(1 << 30)
        humans = () if p["demo"] else (0,)
        session = Session(p["game"], p["options"], seed, level, humans, self.app.store)
        # saved once the player acts in it, as a linked match over a saved one is: a page that
        # sends new-match on each visit must not fill every saved place with matches nobody played
        session.hold()
        self.clear()
        self.app.go("table", session=session)

    def run_load(self, command) -> None:
        p = command.params
        request = links.request_for_code(p["code"], p["step"], p["mode"], p["autoplay"], p["caption"])
        opening, notices = links.opened(self.app, request, self.app.settings["ai_level"])
        if notices:  # a field that does not fit the code: the page is told, and nothing happens
            self.link.error("; ".join(f"{n.param}: {english(n.reason)}" for n in notices), command)
            return
        if opening is not None:
            self.clear()
            links.open_in(self.app, opening, p["caption"])

    def run_set_language(self, command) -> None:
        app = self.app
        app.settings["language"] = command.params["lang"]
        app.settings_changed()
        if app.scene is not None:
            app.scene.build()  # its labels in the new language

    def run_pause(self, command) -> None:
        self.app.pause(command.params["paused"])
