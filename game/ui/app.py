"""The application: the window, the scene stack and the frame loop.

``frame(dt, events)`` runs one frame (tests call it directly with synthetic
events); ``run`` is the pygbag-friendly loop that awaits ``asyncio.sleep(0)``
every frame and never blocks.

The table rests while nothing moves: a frame draws (and the loop flips the display) only when
the picture may have changed: an event came, the scene or the canvas changed, something asked
for it (``invalidate``: a notice, a setting, a host page's command), the scene's picture moves
with time (``Scene.moving``) or what it shows changed (``Scene.shown``).  Otherwise a frame
only reads input and lets time pass, and the screen keeps the last picture.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from pathlib import Path

import pygame

from game.engine.bounds import shown
from game.i18n import _, set_language
from game.i18n import language as current_language

from . import gfx, kit, players, style, theme
from .art import CardArt
from .input import KEY, PRESS, RELEASE, Translator
from .layout import LANDSCAPE, Layout, canvas_size, is_portrait
from .names import set_jass_deck
from .overlays import Caption, PauseVeil
from .scenes import SCENES, build_scene
from .sound import Sounds
from .storage import Store


FPS = 60
# In the browser the page's runtime calls the loop once a display frame: a frame cap there
# would wait in SDL_Delay, which pygbag's runtime (no asyncify) turns into a busy wait on the
# page's only thread, a core spinning through every still frame.  The clock only measures.
FRAME_CAP = 0 if sys.platform == "emscripten" else FPS
# With a frame cap (natively) the loop sleeps most of a displayed frame: while the scene has work
# that can wait (``Scene.working``: an AI seat thinking), that time goes to more passes of the loop
# instead (``App.passes``), each within the frame's budget, until this share of a displayed frame is
# spent (the rest stays idle), at most PASSES of them.  In the browser a display frame is one pass.
BUSY_SHARE = 0.6
PASSES = 6
NOTICE_CHARS = 400  # a notice longer than this is cut


class App:
    """``viewport`` is a function giving the page's size in CSS px (the browser; None while it
    is unknown): the app follows its orientation (``follow_viewport``).  On the desktop the window
    is resizable: resizing it to the other shape switches the layout too."""

    VIEWPORT_EVERY = 10  # frames between two looks at the page's size

    def __init__(self, size=LANDSCAPE, store: Store | None = None, screenshot_dir=None, viewport=None):
        pygame.init()
        self.viewport = viewport
        self.resizable = viewport is None and os.environ.get("SDL_VIDEODRIVER") != "dummy"
        self.stack: list = []
        self.open_display(size)
        pygame.display.set_caption("Trick Table")
        self.store = store or Store()
        self.settings = self.store.settings
        set_language(self.settings["language"])
        set_jass_deck(self.settings["jass_deck"])
        self.sounds = Sounds(self.settings["sound"])
        self._frames = 0
        self.showing = True  # this pass of the loop may draw (a scene's move waits for one that does: ``passes``)
        self._lent = 0.0  # seconds of the time since the last displayed frame already given to passes after it
        self.running = True
        self.shot_dir = Path(screenshot_dir) if screenshot_dir else None
        self.shots: list[str] = []
        self._shot_key, self._shot_age = None, 0
        self._arts: dict = {}
        self.banner = NoticeBanner(self)
        self.take_store_notices()  # saved data that could not be read was set aside
        self._swallow_release = False
        self._veil = PauseVeil()
        self.paused = False    # the scene waits (no time passes) until a tap: pause()
        self.caption = None    # a link's caption over its table: set_caption()
        self.host = None       # the host page's API (game.ui.host_bridge), in an embedding page
        self._dirty = True     # the next frame draws (invalidate)
        self._scratch = None   # a canvas for pictures drawn ahead (``ahead``)
        self._drawn = None     # what the last picture showed (picture_key)
        self._key = None       # what this frame's picture shows
        self.still_changed = True  # False while a frame draws only for what moves (App.draw)
        self.asked = True          # this frame's picture was asked for (an event, ``invalidate``)
        self.last_picture = None   # the scene whose picture alone the screen holds (nothing over it)
        self.draws = 0         # frames drawn so far (a still screen draws none)
        self.whole_draws = 0   # of them, those that drew the still picture too (``needs_draw``)

    # ---- the display and its orientation -------------------------------------------------------
    def open_display(self, size) -> None:
        """(Re)open the display at ``size`` (canvas px) with the layout for it.  The browser's
        runtime ignores the flags; the page refits the canvas when its size changes."""
        dummy = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        flags = 0 if dummy else pygame.SCALED | (pygame.RESIZABLE if self.resizable else 0)
        self.screen = pygame.display.set_mode(size, flags)
        self.layout = Layout(size)
        self.translate = Translator(size)
        self.invalidate()

    def resize(self, size) -> bool:
        """Switch to a canvas of ``size`` mid-anything: the display is reopened and every open
        scene is laid out again, keeping its state (a hand in play goes on where it was)."""
        size = tuple(size)
        if size == self.layout.size:
            return False
        self.open_display(size)
        for scene in self.stack:
            scene.relayout()
        return True

    def fits(self, size) -> bool:
        """Whether the canvas of ``size`` is close enough to the current one to keep it: the same
        orientation and a long side within 60 px (a browser's bars coming and going)."""
        now = self.layout.size
        return is_portrait(size) == is_portrait(now) and abs(max(size) - max(now)) < 60

    def follow_viewport(self) -> None:
        """In the browser: the page's size, looked at now and then; the canvas follows it."""
        if self.viewport is None:
            return
        self._frames += 1
        if self._frames % self.VIEWPORT_EVERY != 1:
            return
        room = self.viewport()
        if room:
            want = canvas_size(room)
            if not self.fits(want):
                self.resize(want)

    def window_resized(self, width, height) -> None:
        """The desktop window was resized: the other shape switches the layout."""
        if width > 0 and height > 0:
            want = canvas_size((width, height))
            if not self.fits(want):
                self.resize(want)

    def notify(self, text: str) -> None:
        """A short notice over every scene (URL parameters ignored, saved data set aside):
        it fades after a few seconds, and a tap on it (or Escape) dismisses it.  Values from
        outside in it are cleaned where the notice is made (``bounds.shown``); the whole line
        is cleaned of control characters again here, so none can reach the font."""
        self.banner.add(shown(text, NOTICE_CHARS, formatting=True))
        self.invalidate()

    def take_store_notices(self) -> None:
        """Show what the store has reported since the last look (e.g. a save set aside)."""
        for notice in self.store.notices:  # i18n.Message objects
            self.notify(str(notice))
        self.store.notices.clear()

    # ---- scenes: the navigator -------------------------------------------------------------
    # Scenes never import each other: they ask for the next one by name (``go``), and the
    # registry in ``scenes/__init__.py`` builds it.  The stack holds what Back returns to.
    HOME = "menu"

    @property
    def scene(self):
        return self.stack[-1] if self.stack else None

    def go(self, name: str, /, *, replace: bool = False, **params):
        """Open the scene registered as ``name``, built with ``params``, on top of the current
        one (or instead of it with ``replace``); returns it."""
        self.take_other_windows_writes()
        scene = build_scene(self, name, **params)
        self.show(scene, replace)
        return scene

    def take_other_windows_writes(self) -> None:
        """What another window saved since the last look (docs/storage.md), before a scene opens:
        its matches in Continue, its counts, and the settings this window has not changed."""
        refresh = getattr(self.store, "refresh", None)
        if refresh is not None and "settings" in refresh():
            self.sounds.set_enabled(self.settings["sound"])
            set_language(self.settings["language"])
            set_jass_deck(self.settings["jass_deck"])
            gfx.clear_caches()

    def ahead(self, name: str, /, **params) -> Ahead:
        """The scene registered as ``name``, to be made ahead of showing it, a piece a frame
        (``Ahead``): a scene that knows what comes next runs its steps in frames with little
        else to do (the hand result took 6-9 ms in the frame it showed)."""
        return Ahead(self, name, params)

    def scratch(self) -> pygame.Surface:
        """A canvas the size of the screen for pictures drawn ahead (never shown)."""
        if self._scratch is None or self._scratch.get_size() != self.screen.get_size():
            self._scratch = pygame.Surface(self.screen.get_size())
        return self._scratch

    def show(self, scene, replace=False):
        """Open a scene already built (``go`` builds it from its name)."""
        if replace and self.stack:
            self.stack.pop()
        self.stack.append(scene)
        scene.enter()

    def ahead_jobs(self, name: str) -> list:
        """The first-frame work of the scene registered as ``name``, as jobs to run ahead, one a
        frame (``Scene.ahead_jobs``): a scene that leads there knows it will."""
        return SCENES[name].ahead_jobs(self.layout)

    def knows(self, name: str) -> bool:
        """Whether a scene is registered as ``name``."""
        return name in SCENES

    def back(self):
        """Back to the scene below; from the last one, the app ends."""
        if len(self.stack) > 1:
            self.stack.pop()
            self.take_other_windows_writes()
            self.scene.enter()
        else:
            self.running = False

    def home(self):
        """Clear the stack and open the menu."""
        self.stack.clear()
        return self.go(self.HOME)

    # ---- shared drawing ---------------------------------------------------------------------------
    def table_image(self):
        s = self.settings
        return theme.table_surface(self.layout.size, s["contrast"], s["grain"], s["temperature"])

    def draw_table(self, surf):
        surf.blit(self.table_image(), (0, 0))

    def art(self, deck: str) -> CardArt:
        """The card art of ``deck`` ("french" or "swiss"): the Swiss deck as the French-suited Jass
        deck when the settings choose it."""
        if deck == "swiss" and self.settings["jass_deck"] == "french":
            deck = "french-jass"
        key = (deck, self.settings["four_colour"])
        if key not in self._arts:
            self._arts[key] = CardArt(deck, self.settings["four_colour"])
        return self._arts[key]

    def settings_changed(self):
        self.store.save_settings()
        self.sounds.set_enabled(self.settings["sound"])
        set_language(self.settings["language"])
        set_jass_deck(self.settings["jass_deck"])
        gfx.clear_caches()
        self.invalidate()

    # ---- pausing and captions -------------------------------------------------------------------------
    def pause(self, paused: bool = True) -> None:
        """Stop time for the scene (no AI moves, nothing flies) until a tap, a key or pause(False)."""
        self.paused = bool(paused)
        self.invalidate()

    def set_caption(self, text: str | None, owner) -> None:
        """One line of text (cleaned already) over the table while ``owner`` is on screen: a hand
        (at the table) or a scene; None takes the caption away."""
        self.caption = Caption(text, owner) if text else None
        self.invalidate()

    # ---- resting ------------------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Something on the screen changed: the next frame draws."""
        self._dirty = True

    def picture_key(self, scene):
        """What the picture shows besides the scene's own state: compared from frame to frame."""
        return (scene, len(self.stack), self.layout.size, self.paused, self.caption, current_language(),
                self.banner.key(), scene.shown())

    def needs_draw(self, scene) -> tuple[bool, bool]:
        """(whether this frame draws, whether the still picture changed): it draws when the
        picture changed or moves with time; when only what moves changed, a scene may keep the
        rest from the frame before (``still_changed`` False while it draws)."""
        self._key = self.picture_key(scene)
        changed = self._dirty or self._key != self._drawn
        moving = scene.moving() and not self.paused  # paused, nothing moves under the veil
        return changed or moving or self.banner.moving(), changed

    # ---- the loop -----------------------------------------------------------------------------------
    def frame(self, dt: float, events, shows: bool = True) -> bool:
        """Input, time, and the picture if it changed (``needs_draw``), then what is left of the
        frame's budget (``players.FRAME_MS``) to the scene's work that can wait (``Scene.spare``:
        an AI seat's slice of thinking); True if it was drawn.  Not ``shows``: a pass between two
        displayed frames (``passes``), which draws nothing (what changed is drawn by the next)."""
        start = players.frame_clock()
        self.showing = shows
        self.follow_viewport()
        if self.host is not None and self.host.frame():
            self.invalidate()  # the host page's commands go through the navigator like a tap
        scene = self.scene
        for ev in events:
            self.invalidate()  # an event: a tap, a key, the window shown again...
            if ev.type == pygame.QUIT:
                self.running = False
            if ev.type == pygame.VIDEORESIZE:
                self.window_resized(ev.w, ev.h)
                scene = self.scene
                continue
            for inp in self.translate(ev):
                if self.banner.handle(inp):
                    continue  # the tap dismissed the notice
                if self.paused:  # a tap or a key goes on and does nothing else; Escape still leaves
                    if inp.kind in (PRESS, KEY):
                        self.paused = False
                        self._swallow_release = inp.kind == PRESS
                    if not (inp.kind == KEY and inp.key == pygame.K_ESCAPE):
                        continue
                if inp.kind == RELEASE and self._swallow_release:
                    self._swallow_release = False
                    continue
                scene.handle(inp)
                scene = self.scene  # a handler may have changed it
        if not self.paused:
            scene.update(dt)
        if self.store.notices:
            self.take_store_notices()
        self.banner.update(dt)
        scene = self.scene
        drawn, changed = self.needs_draw(scene) if shows else (False, False)
        if drawn:
            self.draw(scene, changed)
        scene.spare(players.FRAME_MS - (players.frame_clock() - start) * 1000)
        if shows:
            self._screenshot(scene)
        self.showing = True
        return drawn

    def draw(self, scene, changed=True) -> None:
        """The scene and what lies over it, on the screen (not flipped yet); ``changed``: the
        still picture too (else only what moves may be drawn again)."""
        self.asked = self._dirty  # something asked for this picture (``invalidate``): drawn whole
        self._dirty = False
        self.still_changed = changed
        self.whole_draws += changed
        try:
            scene.draw(self.screen)
        finally:
            self.still_changed = self.asked = True  # a scene drawn outside a frame (a test, a picture) is drawn whole
        over = False
        if self.caption and self.caption.shows(scene):
            self.caption.draw(self.screen, self.layout)
            over = True
        if self.paused:
            self._veil.draw(self.screen, self.layout)
            over = True
        over = self.banner.visible or over
        self.banner.draw(self.screen)
        self.last_picture = None if over else scene
        self._drawn = self._key if self._key is not None else self.picture_key(scene)
        self._key = None
        self.draws += 1

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
            try:
                self.shot_dir.mkdir(parents=True, exist_ok=True)
                pygame.image.save(self.screen, str(self.shot_dir / f"{len(self.shots):02d}-{key}.png"))
            except (OSError, pygame.error) as err:  # the folder went away: no more pictures, the game goes on
                print(f"screenshots stopped: {err}", file=sys.stderr)
                self.shot_dir = None

    async def run(self, frames: int | None = None):
        """The main loop; with ``frames`` it stops after that many, each 1/60 s of game time."""
        clock = pygame.time.Clock()
        settle_memory()
        n = 0
        while self.running and (frames is None or n < frames):
            dt = clock.tick(FRAME_CAP) / 1000 if frames is None else 1 / FPS
            for _pass in self.passes(min(dt, 0.1), pygame.event.get):
                pass
            n += 1
            await asyncio.sleep(0)

    def tick(self, dt: float, events) -> bool:
        """One pass of the loop: a frame, and the display flipped only if it drew (a still
        picture is not sent to the screen again)."""
        drawn = self.frame(dt, events)
        if drawn:
            pygame.display.flip()
        return drawn

    def passes(self, dt: float, events):
        """One displayed frame of the loop, ``dt`` seconds after the last, in passes (a
        generator: it yields after each, so that each can be measured on its own).  The first
        is a ``tick``.  With a frame cap (natively), while the scene has work waiting
        (``Scene.working``) and the frame's time has room for another budget before
        ``BUSY_SHARE`` of it is spent, more passes follow: ``events()`` read, the time since the
        pass before, what the budget leaves to the work; nothing drawn (``showing`` False: an AI
        seat's move waits for the next displayed frame, shown as it is made).  Every pass is given the
        time since the one before, so the scene's time adds up to the displayed frames'."""
        start = players.frame_clock()
        self.tick(max(0.0, dt - self._lent), events())
        self._lent = 0.0
        yield
        last = start
        for _more in range(PASSES - 1):
            now = players.frame_clock()
            busy_ms = (now - start) * 1000 + players.FRAME_MS
            if not (FRAME_CAP and self.running and not self.paused and self.scene.working()
                    and busy_ms <= BUSY_SHARE * 1000 / FRAME_CAP):
                return
            self.frame(now - last, events(), shows=False)
            self._lent += now - last
            last = now
            yield



class Ahead:
    """A scene made ahead of showing, a piece a frame: ``step()`` does the next piece (built,
    then its first picture drawn off the screen piece by piece: ``Scene.draw_steps``) and says
    whether there was one; ``scene`` once built.  Its first frame on the screen then draws
    what is made (texts rendered and measured, panels made)."""

    def __init__(self, app, name: str, params: dict):
        self.app, self.name, self.params = app, name, params
        self.scene = None
        self.steps = None
        self.drawn = False  # its first picture drawn whole

    def step(self) -> bool:
        if self.scene is None:
            self.app.take_other_windows_writes()
            self.scene = build_scene(self.app, self.name, **self.params)
            self.scene.build()
            return True
        if self.steps is None:  # the canvas made (the first time) in a piece of its own
            self.steps = self.scene.draw_steps(self.app.scratch())
            return True
        if self.drawn:
            return False
        try:
            next(self.steps)
        except StopIteration:  # drawn whole: its first frame shows this picture
            self.drawn = True
            self.scene.ahead_picture = (self.app.scratch(), current_language())
            return False
        return True


def settle_memory() -> None:
    """Collect once, then leave everything alive so far out of later collections (the modules,
    fonts, catalogs and the first scene: tens of thousands of objects). A full collection then
    scans only what was made since, so the AI's thinking no longer pauses a frame for tens of
    milliseconds (``benchmarks/ai_worlds.py`` prints the longest collection). Once a process:
    what is frozen is never collected, and a test run starts many apps."""
    global _memory_settled
    if not _memory_settled:
        _memory_settled = True
        gc.collect()
        gc.freeze()


_memory_settled = False


class NoticeBanner:
    """Notices in a panel under the top of the screen, newest last; fades out after a while.

    ``handle`` swallows a press on the panel (and its release) and dismisses every notice;
    Escape dismisses them too (and does nothing else)."""

    SHOW = 6.0        # seconds a notice stays, plus PER_LINE for each further one
    PER_LINE = 1.5
    FADE = 0.8
    MAX_LINES = 6

    def __init__(self, app):
        self.app = app
        self.items: list[str] = []
        self.age = 0.0
        self.rect = None
        self.swallow_release = False

    @property
    def visible(self) -> bool:
        return bool(self.items)

    def add(self, text: str) -> None:
        if text and text not in self.items:
            self.items.append(text)
            self.age = min(self.age, 1.0)  # a new notice is shown (again) in full

    def dismiss(self) -> None:
        self.items, self.age, self.rect = [], 0.0, None
        self.app.invalidate()

    def key(self):
        """What the panel shows (its picture changes with it)."""
        return tuple(self.items)

    def moving(self) -> bool:
        """Fading in or out: drawn every frame meanwhile."""
        if not self.items:
            return False
        return self.age * 5 < 0.8 or self.lifetime() - self.age < self.FADE

    def lifetime(self) -> float:
        return self.SHOW + self.PER_LINE * (min(len(self.items), self.MAX_LINES) - 1)

    def update(self, dt: float) -> None:
        if self.items:
            self.age += dt
            if self.age >= self.lifetime():
                self.dismiss()

    def handle(self, inp) -> bool:
        if inp.kind == RELEASE and self.swallow_release:
            self.swallow_release = False
            return True
        if not self.items:
            return False
        if inp.kind == PRESS and self.rect and self.rect.collidepoint(inp.pos):
            self.dismiss()
            self.swallow_release = True
            return True
        if inp.kind == KEY and inp.key == pygame.K_ESCAPE:
            self.dismiss()
            return True
        return False

    def lines(self) -> list[str]:
        shown = self.items[: self.MAX_LINES]
        if len(self.items) > self.MAX_LINES:
            more = len(self.items) - self.MAX_LINES + 1
            shown = shown[:-1] + [_("…and {n} more").format(n=more)]
        return shown

    def draw(self, surf) -> None:
        if not self.items:
            self.rect = None
            return
        lay = self.app.layout
        size = lay.small
        width = lay.size[0] - 2 * lay.margin
        text_w = width - 40
        rows = [row for line in self.lines() for row in kit.text.wrap(line, size, text_w)]
        line_h = int(size * 1.3)
        hint = _("Tap to dismiss")
        h = len(rows) * line_h + line_h + 24
        box = pygame.Rect(0, 0, width, h)
        box.midtop = (lay.size[0] // 2, lay.top_bar.bottom + 8)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.panel(panel, panel.get_rect(), (40, 16, 12, 235), 14, style.BAD, 3)
        y = 12
        inside = panel.get_rect()  # the notices at the start edge, the hint at the end
        for row in rows:
            gfx.blit_text(panel, row, size, (20, y), style.TEXT, within=inside)
            y += line_h
        gfx.blit_text(panel, hint, size - 2, (box.width - 20, y), style.TEXT_DIM, "topright", within=inside)
        left = self.lifetime() - self.age
        panel.set_alpha(int(255 * max(0.0, min(1.0, left / self.FADE, 0.2 + self.age * 5))))
        surf.blit(panel, box)
        self.rect = box
