"""Trick Table: pygbag's entry point and the desktop launcher.

    python main.py                      # the menu
    python main.py --demo --game 28     # the AI plays all four seats
    python main.py --demo --game 304 --seed 5 --frames 3000 --screenshot-dir shots [--portrait]
"""

import argparse
import asyncio
import random
import sys

from game.ui.app import App
from game.ui.layout import LANDSCAPE, PORTRAIT


def parse_args(argv):
    p = argparse.ArgumentParser(description="Trick Table")
    p.add_argument("--demo", action="store_true", help="the AI plays all four seats")
    p.add_argument("--game", choices=("304", "28", "400", "schieber"), help="go straight to this game")
    p.add_argument("--seed", type=int, default=None, help="the match's seed")
    p.add_argument("--level", choices=("easy", "normal", "hard"), help="AI level")
    p.add_argument("--frames", type=int, default=None, help="stop after N frames (1/60 s of game time each)")
    p.add_argument("--screenshot-dir", default=None, help="save a PNG of each scene passed through")
    p.add_argument("--portrait", action="store_true", help="720x1280 instead of 1280x720")
    return p.parse_known_args(argv)[0]  # the browser may pass arguments of its own


def start_scene(app, args):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    if not args.game:
        return MenuScene(app)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    level = args.level or app.settings["ai_level"]
    humans = () if args.demo else (0,)
    return TableScene(app, Session(args.game, {}, seed, level, humans, app.store))


async def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    app = App(PORTRAIT if args.portrait else LANDSCAPE, screenshot_dir=args.screenshot_dir)
    if args.game and not args.demo:
        from game.ui.scenes.menu import MenuScene
        app.show(MenuScene(app))
    app.show(start_scene(app, args))
    await app.run(args.frames)


if __name__ == "__main__":
    asyncio.run(main())
