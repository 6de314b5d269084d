#!/usr/bin/env python3
"""Run main.py in pygbag's own simulator (``python -m pygbag --sim``), as far as it goes.

    python tools/pygbag_sim.py [--frames 300] [--query "?game=28&demo=1&embed=1&seed=3"] [MAIN]

The simulator of the pinned pygbag wheel runs the runtime's Python side natively on one
thread: its ``cpythonrc.py``, its ``aio`` event loop and console, its ``platform`` shims (a
``platform.window`` that answers everything with a no-op) and ``sys.platform`` set to
"emscripten", so main.py takes its browser path. In 0.9.3 ``python -m pygbag --sim main.py``
stops at once (``import_site`` awaits its ``async_pkg`` argument, None from the command line):
this launcher calls ``import_site`` itself with one, which also hands the page's query to the
game (``platform.window.tt.query``, as our page does). It counts the frames main.py flips
(SDL's dummy driver), prints ``first frame`` and, after ``--frames``, ``frames N`` and stops.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("main", nargs="?", default=str(ROOT / "main.py"))
    parser.add_argument("--frames", type=int, default=300, help="stop after this many frames [300]")
    parser.add_argument("--query", default="?game=28&demo=1&embed=1&seed=3", help="the page's query the game reads")
    parser.add_argument("--seconds", type=float, default=120, help="give up after this long [120]")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    source = str(Path(args.main).resolve())
    os.chdir(Path(source).parent)
    sys.argv = ["pygbag", "--sim", source]

    import sysconfig

    # the simulator sets sys.platform to "emscripten"; sysconfig, first asked after that (by the
    # runtime's aio/pep0723.py), would look for emscripten's build data: read the host's now
    sysconfig.get_paths()
    sysconfig.get_config_vars()

    import pygame

    counted = {"frames": 0, "started": time.monotonic()}

    def counting(draw):
        def drawn(*a, **k):
            result = draw(*a, **k)
            counted["frames"] += 1
            if counted["frames"] == 1:
                print(f"pygbag_sim: first frame after {time.monotonic() - counted['started']:.1f} s "
                      f"({pygame.display.get_surface().get_size()})", flush=True)
            if counted["frames"] >= args.frames:
                print(f"pygbag_sim: frames {counted['frames']} after {time.monotonic() - counted['started']:.1f} s",
                      flush=True)
                os._exit(0)
            return result
        return drawn

    pygame.display.flip = counting(pygame.display.flip)
    pygame.display.update = counting(pygame.display.update)

    from pygbag import __main__ as sim

    async def ready():  # what import_site awaits before it runs main.py: the page, as ours is
        import platform

        platform.window.tt = types.SimpleNamespace(query=args.query)

    async def run():
        asyncio.get_running_loop().call_later(args.seconds, lambda: (print(
            f"pygbag_sim: gave up after {args.seconds:.0f} s, {counted['frames']} frames", flush=True), os._exit(2)))
        await sim.import_site(sourcefile=source, simulator=True, async_pkg=ready())

    asyncio.run(run())
    print(f"pygbag_sim: the simulator ended after {counted['frames']} frames", flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
