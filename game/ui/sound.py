"""Sound effects (OGG files in assets/sounds, made by tools/make_sounds.py).

Silent, never failing, when there is no mixer: no audio device, the dummy
audio driver, or a browser that has not allowed audio yet.
"""

from __future__ import annotations

import pygame

from game.ui.fonts import asset_path

# name -> playback volume (the files are all normalised to the same peak)
VOLUMES = {"card": 0.8, "deal": 0.7, "collect": 0.7, "reveal": 0.6, "win": 0.6, "lose": 0.5, "click": 0.35}
NAMES = tuple(VOLUMES)


def sound_path(name: str):
    return asset_path("sounds", f"{name}.ogg")


# Decoded once for the mixer as it is opened (its format is part of the key): decoding the seven
# files took 10 ms of CPU each time an app started.  ``pygame.quit()`` closes the mixer and empties it.
_decoded: dict[tuple, pygame.mixer.Sound] = {}


def _forget() -> None:
    _decoded.clear()


def _decode(name: str) -> pygame.mixer.Sound:
    key = (pygame.mixer.get_init(), name)
    sound = _decoded.get(key)
    if sound is None:
        sound = pygame.mixer.Sound(str(sound_path(name)))
        sound.set_volume(VOLUMES[name])
        if not _decoded:  # pygame forgets a quit hook once it has called it: one per filling
            pygame.register_quit(_forget)
        _decoded[key] = sound
    return sound


class Sounds:
    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in NAMES:
                self._sounds[name] = _decode(name)
        except (pygame.error, OSError, NotImplementedError, AttributeError):
            self._sounds.clear()

    @property
    def available(self) -> bool:
        """True when the mixer works and every sound loaded."""
        return len(self._sounds) == len(NAMES)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if not self.enabled and self._sounds:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def play(self, name: str) -> None:
        if name not in VOLUMES:
            raise KeyError(f"unknown sound {name!r}")
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            try:
                sound.play()
            except pygame.error:
                pass
