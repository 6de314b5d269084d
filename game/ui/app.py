"""The application: the window, the scene stack and the frame loop.

``frame(dt, events)`` runs one frame (tests call it directly with synthetic
events); ``run`` is the pygbag-friendly loop that awaits ``asyncio.sleep(0)``
every frame and never blocks.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pygame

from game.i18n import _, set_language

from . import gfx, theme
from .art import CardArt
from .input import Translator
from .layout import LANDSCAPE, Layout
from .sound import Sounds
from .storage import Store


FPS = 60


class App:
    def __init__(self, size=LANDSCAPE, store: Store | None = None, screenshot_dir=None):
        pygame.init()
        dummy = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.screen = pygame.display.set_mode(size, 0 if dummy else pygame.SCALED)
        pygame.display.set_caption("Trick Table")
        self.layout = Layout(size)
        self.store = store or Store()
        self.settings = self.store.settings
        set_language(self.settings["language"])
        self.sounds = Sounds(self.settings["sound"])
        self.translate = Translator(size)
        self.stack: list = []
        self.running = True
        self.shot_dir = Path(screenshot_dir) if screenshot_dir else None
        self.shots: list[str] = []
        self._shot_key, self._shot_age = None, 0
        self._arts: dict = {}
        # shown once by the menu: saved data that could not be read was set aside
        self.notice = _("Some saved data could not be read; it was set aside.") if self.store.notices else ""

    # ---- scenes -------------------------------------------------------------------------------
    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def show(self, scene, replace=False):
        """Open ``scene`` on top (or instead of the current one)."""
        if replace and self.stack:
            self.stack.pop()
        self.stack.append(scene)
        scene.enter()

    def back(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.scene.enter()
        else:
            self.running = False

    def home(self, scene):
        """Clear the stack and show ``scene`` (the menu)."""
        self.stack.clear()
        self.show(scene)

    # ---- shared drawing ---------------------------------------------------------------------------
    def table_image(self):
        s = self.settings
        return theme.table_surface(self.layout.size, s["contrast"], s["grain"], s["temperature"])

    def draw_table(self, surf):
        surf.blit(self.table_image(), (0, 0))

    def art(self, deck: str) -> CardArt:
        key = (deck, self.settings["four_colour"])
        if key not in self._arts:
            self._arts[key] = CardArt(deck, self.settings["four_colour"])
        return self._arts[key]

    def settings_changed(self):
        self.store.save_settings()
        self.sounds.set_enabled(self.settings["sound"])
        set_language(self.settings["language"])
        gfx.clear_caches()

    # ---- the loop -----------------------------------------------------------------------------------
    def frame(self, dt: float, events) -> None:
        scene = self.scene
        for ev in events:
            if ev.type == pygame.QUIT:
                self.running = False
            for inp in self.translate(ev):
                scene.handle(inp)
                scene = self.scene  # a handler may have changed it
        scene.update(dt)
        scene = self.scene
        scene.draw(self.screen)
        self._screenshot(scene)

    SHOT_AFTER = 20  # frames a scene is shown before its picture is taken (a scene may ask for more)

    def _screenshot(self, scene):
        """With a screenshot folder: one PNG per scene (and table phase), once it has settled."""
        if not self.shot_dir:
            return
        key = scene.shot_key()
        if key != self._shot_key:
            self._shot_key, self._shot_age = key, 0
        self._shot_age += 1
        if key and key not in self.shots and self._shot_age >= getattr(scene, "shot_after", self.SHOT_AFTER):
            self.shots.append(key)
            self.shot_dir.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(self.shot_dir / f"{len(self.shots):02d}-{key}.png"))

    async def run(self, frames: int | None = None):
        """The main loop; with ``frames`` it stops after that many, each 1/60 s of game time."""
        clock = pygame.time.Clock()
        n = 0
        while self.running and (frames is None or n < frames):
            dt = clock.tick(FPS) / 1000 if frames is None else 1 / FPS
            self.frame(min(dt, 0.1), pygame.event.get())
            pygame.display.flip()
            n += 1
            await asyncio.sleep(0)

