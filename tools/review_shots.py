"""Pictures of the hand review, headless: one hand of each game at a few steps, in the given
orientations and languages.

    python tools/review_shots.py OUT_DIR [--lang en ar] [--portrait] [--landscape] [--seed S]

Each PNG is named game-orientation-language-step.png; the last step of a hand is its final
breakdown.  The hands are played with random legal actions from the seed (as
``python -m game.engine record``), so the same seed gives the same pictures."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.engine import GAMES
from game.engine.records import random_record
from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--lang", nargs="+", default=["en"])
    p.add_argument("--portrait", action="store_true")
    p.add_argument("--landscape", action="store_true")
    p.add_argument("--seed", default="shots")
    args = p.parse_args(argv)
    sizes = [("portrait", PORTRAIT)] if args.portrait or not args.landscape else []
    sizes += [("landscape", LANDSCAPE)] if args.landscape else []
    args.out.mkdir(parents=True, exist_ok=True)
    for name, size in sizes:
        for lang in args.lang:
            app = driver.make_app(size, {"language": lang})
            app.settings_changed()
            app.go("menu")
            for game in GAMES:
                app.go("review", record=random_record(game, args.seed))
                review = app.scene.review
                ends = review.trick_ends()
                for step in (0, ends[0] - 1, ends[min(2, len(ends) - 1)], review.last_position):
                    app.scene.go_to(step)
                    driver.frames(app, 1)
                    path = args.out / f"{game}-{name}-{lang}-{step:02d}.png"
                    pygame.image.save(app.screen, str(path))
                    print(path)
                app.back()
    return 0


if __name__ == "__main__":
    sys.exit(main())
