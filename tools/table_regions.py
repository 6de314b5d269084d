"""Pictures of the table's regions for docs/table-design.md: for each canvas shape, one state
of a hand in the play (a trick on the table with its badge, a seat's speech, the trump card
shown) laid out as the table lays it out, each element outlined and named over the drawn table,
over the table's docked regions (``game/ui/table/regions.py``), tinted and named at their foot.

    python tools/table_regions.py OUT_DIR [--scale 0.5]

Writes regions-<shape>.jpg per canvas shape (tools/table_survey.py's shapes)."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dataclasses

import pygame
import table_survey as survey

from game.ui import gfx

from harness import driver

COLOURS = {"top bar": (250, 210, 60), "label": (90, 200, 255), "fan": (200, 120, 255), "trick": (255, 255, 255),
           "speech": (255, 150, 60), "badge": (255, 80, 80), "trump card": (255, 80, 200), "prompt": (120, 255, 120),
           "button": (60, 255, 200), "hand": (180, 180, 180), "news": (255, 220, 120), "notice": (255, 255, 120)}


REGION_TINTS = [(60, 120, 255), (255, 120, 60), (60, 255, 120), (255, 60, 200), (200, 200, 60), (60, 220, 220)]


def a_state(app, game="28"):
    """A scene in the play with two or more cards on the table and the trump card shown."""
    rng = random.Random(11)
    for session in survey.sessions(game, rng, 200):
        scene = survey.show(app, session)
        public = scene.obs.public
        if (len(scene.state.shown_trick()) >= 2 and public.get("indicator_down") and scene.obs.phase == "play"
                and len(scene.obs.hand) >= 4):
            scene.state.bubbles = {2: (survey._("Pass"), 0.5), 1: ("28", 0.5)}
            scene.build()
            return scene
    raise SystemExit("no such state")


def picture(shape, scale):
    app = driver.make_app(survey.CANVASES[shape], survey.SETTINGS)
    scene = a_state(app)
    scene.draw(app.screen)
    f, lay = scene.view.frame, scene.layout
    items, _faces, _badges = survey.content(f, lay, scene.view, scene.state)
    items.append(("top bar", lay.top_bar))
    items += [(f"badge {b.seat if b.seat is not None else 'trump'}", b.box) for b in f.badges]
    veil = pygame.Surface(lay.size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, 110))
    app.screen.blit(veil, (0, 0))
    for i, field in enumerate(dataclasses.fields(lay.regions)):
        region = getattr(lay.regions, field.name)
        if field.name == "screen" or not region.area:
            continue
        tint = pygame.Surface(region.size, pygame.SRCALPHA)
        tint.fill((*REGION_TINTS[i % len(REGION_TINTS)], 60))
        app.screen.blit(tint, (region.x, region.y))
        gfx.blit_text(app.screen, f"[{field.name}]", 23, (region.x + 6, region.bottom - 4), (230, 230, 230),
                      "bottomleft")
    for name, rect in items:
        kind = next((k for k in COLOURS if name.startswith(k)), "hand")
        pygame.draw.rect(app.screen, COLOURS[kind], rect, 3)
        gfx.blit_text(app.screen, name, 23, (rect.left + 4, rect.top + 2), COLOURS[kind], bold=True)
    w, h = lay.size
    return pygame.transform.smoothscale(app.screen, (round(w * scale), round(h * scale)))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--scale", type=float, default=0.5)
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for shape in survey.CANVASES:
        path = args.out / f"regions-{shape.replace(':', 'x')}.jpg"
        pygame.image.save(picture(shape, args.scale), str(path))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
