"""Synthesise the game's sound effects into assets/sounds/*.ogg (a developer tool).

Needs numpy and ``oggenc`` (Debian: vorbis-tools); the game itself needs neither.
Every sound is made from noise and sine partials with a fixed seed, so running
this again gives the same sounds.  Peaks are kept at -3 dBFS or lower.

    python tools/make_sounds.py [--out assets/sounds]
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import wave
from pathlib import Path

import numpy as np

RATE = 44100
PEAK = 0.7
rng = np.random.default_rng(304)


def seconds(n: float) -> int:
    return int(n * RATE)


def t_axis(duration: float) -> np.ndarray:
    return np.arange(seconds(duration)) / RATE


def band_noise(duration: float, low: float, high: float) -> np.ndarray:
    """White noise band-limited to [low, high] Hz with soft edges (shaped in the frequency domain)."""
    n = seconds(duration)
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    gain = 1 / (1 + (low / np.maximum(f, 1)) ** 4) / (1 + (f / high) ** 4)
    out = np.fft.irfft(spectrum * gain, n)
    return out / (np.abs(out).max() + 1e-9)


def envelope(duration: float, attack: float, decay: float) -> np.ndarray:
    """Rises linearly over ``attack`` s, then decays exponentially with time constant ``decay``."""
    t = t_axis(duration)
    return np.where(t < attack, t / max(attack, 1e-6), np.exp(-(t - attack) / decay))


def place(track: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into ``track`` at ``at`` s, its last 30 ms faded out so no part ends in a click."""
    fade = min(len(sound), seconds(0.03))
    sound = sound.copy()
    sound[-fade:] *= np.linspace(1, 0, fade) ** 2
    i = seconds(at)
    j = min(len(track), i + len(sound))
    track[i:j] += gain * sound[: j - i]


def snap(duration: float = 0.12, bright: float = 1.0) -> np.ndarray:
    """A card landing on felt: a papery snap over a soft low thump."""
    t = t_axis(duration)
    paper = band_noise(duration, 1800 * bright, 7000 * bright) * envelope(duration, 0.002, 0.022)
    body = band_noise(duration, 300, 1400) * envelope(duration, 0.003, 0.03) * 0.6
    thump = np.sin(2 * np.pi * 150 * t) * envelope(duration, 0.004, 0.04) * 0.5
    return paper + body + thump


def bell(freq: float, duration: float, decay: float = 0.5, soft: float = 0.004) -> np.ndarray:
    """A soft bell: inharmonic partials, the higher ones dying sooner."""
    t = t_axis(duration)
    out = np.zeros_like(t)
    for ratio, amp, d in ((1.0, 1.0, 1.0), (2.0, 0.35, 0.6), (2.76, 0.18, 0.4), (5.4, 0.06, 0.2)):
        out += amp * np.sin(2 * np.pi * freq * ratio * t) * np.exp(-t / (decay * d))
    return out * np.minimum(1, t / soft)


def mellow(freq: float, duration: float, decay: float) -> np.ndarray:
    """A round, low tone (sine with a little second harmonic and a slow attack)."""
    t = t_axis(duration)
    tone = np.sin(2 * np.pi * freq * t) + 0.25 * np.sin(4 * np.pi * freq * t)
    return tone * np.minimum(1, t / 0.02) * np.exp(-t / decay)


def card() -> np.ndarray:
    track = np.zeros(seconds(0.16))
    slide = band_noise(0.03, 2500, 8000) * np.linspace(0, 1, seconds(0.03)) * 0.15
    place(track, slide, 0.0)
    place(track, snap(), 0.025)
    return track


def deal() -> np.ndarray:
    """A riffle: quick, slightly irregular flicks that speed up, then the deck squared."""
    track = np.zeros(seconds(0.6))
    at, gap = 0.0, 0.034
    while at < 0.42:
        place(track, snap(0.05, bright=rng.uniform(1.1, 1.5)), at, rng.uniform(0.25, 0.45))
        at += gap * rng.uniform(0.8, 1.2)
        gap = max(0.016, gap * 0.94)
    place(track, snap(0.12, 0.9), 0.46, 0.8)
    return track


def collect() -> np.ndarray:
    """Cards swept together: a rising swoosh ending in a soft tap."""
    d = 0.34
    t = t_axis(d)
    swoosh = band_noise(d, 900, 5000) * np.sin(np.pi * np.minimum(t / 0.26, 1)) ** 2 * 0.45
    track = np.zeros(seconds(d + 0.12))
    place(track, swoosh, 0.0)
    place(track, snap(0.1, 0.8), 0.24, 0.6)
    return track


def reveal() -> np.ndarray:
    track = np.zeros(seconds(1.5))
    place(track, bell(880.0, 1.3, 0.45), 0.0)
    place(track, bell(1318.5, 1.2, 0.4), 0.09, 0.8)
    return track


def win() -> np.ndarray:
    track = np.zeros(seconds(1.9))
    for i, f in enumerate((523.25, 659.25, 783.99)):
        place(track, bell(f, 1.0, 0.35), i * 0.11, 0.8)
    for f in (1046.5, 783.99, 659.25):                     # the final chord rings on
        place(track, bell(f, 1.5, 0.55), 0.33, 0.55)
    return track


def lose() -> np.ndarray:
    track = np.zeros(seconds(1.6))
    for i, f in enumerate((392.0, 311.13, 261.63)):
        place(track, mellow(f, 1.1, 0.32 + 0.12 * i), i * 0.22)
    return track


def click() -> np.ndarray:
    d = 0.05
    t = t_axis(d)
    tick = np.sin(2 * np.pi * 1900 * t) * np.exp(-t / 0.008)
    return tick + band_noise(d, 2000, 9000) * np.exp(-t / 0.004) * 0.3


SOUNDS = {"card": card, "deal": deal, "collect": collect, "reveal": reveal,
          "win": win, "lose": lose, "click": click}


def finish(x: np.ndarray) -> np.ndarray:
    """Normalise to PEAK and fade the last 10 ms so the sound ends without a click."""
    x = x / np.abs(x).max() * PEAK
    fade = seconds(0.01)
    x[-fade:] *= np.linspace(1, 0, fade)
    return x


def write_ogg(samples: np.ndarray, path: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "sound.wav"
        with wave.open(str(wav), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes((samples * 32767).astype("<i2").tobytes())
        subprocess.run(["oggenc", "--quiet", "-q", "3", "-o", str(path), str(wav)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "assets" / "sounds")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = args.out / f"{name}.ogg"
        write_ogg(finish(make()), path)
        print(f"{path}  {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
