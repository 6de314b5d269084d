"""The smallest text and touch target of every scene on a phone, in CSS px.

    python tools/phone_sizes.py [--games 28 schieber] [--languages en ar] [--canvas 1280x720] [--markdown]

For each phone viewport (390x844 and 844x390 CSS px) the game opens the canvas it would open
there, the page scales it to fit (``harness.sizes.page_scale``), and every scene is drawn in
every language: the table lists per scene the smallest text, the smallest paragraph (body)
text and the smallest target, with what they are.  The floors: text 12, body 14, target 48.
``--canvas`` forces one canvas size for both viewports (to measure an older layout).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.i18n import LANGUAGES
from game.ui import layout
from harness import sizes


def canvas_for(viewport, forced=None):
    if forced:
        return forced
    choose = getattr(layout, "canvas_size", None)
    if choose is not None:
        return choose(viewport)
    return layout.PORTRAIT if viewport[1] > viewport[0] else layout.LANDSCAPE


def size_arg(text):
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    return w, h


def fmt(v):
    return "–" if v is None else f"{v:.1f}"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="*", default=None)
    p.add_argument("--languages", nargs="*", default=list(LANGUAGES))
    p.add_argument("--canvas", type=size_arg, default=None)
    p.add_argument("--markdown", action="store_true", help="a Markdown table")
    args = p.parse_args(argv)
    unknown = [c for c in args.languages if c not in LANGUAGES]
    if unknown:
        p.error(f"unknown language {unknown}; the languages: {' '.join(LANGUAGES)}")
    for viewport in sizes.PHONE_VIEWPORTS:
        canvas = canvas_for(viewport, args.canvas)
        scale = sizes.page_scale(canvas, viewport)
        app = sizes.open_app(canvas)
        found = sizes.survey(app, args.languages, args.games)
        title = (f"viewport {viewport[0]}x{viewport[1]} CSS px, canvas {canvas[0]}x{canvas[1]}, "
                 f"scale {scale:.4f} (floors: text {sizes.TEXT_MIN}, body {sizes.BODY_MIN}, "
                 f"target {sizes.TARGET_MIN})")
        print(("### " if args.markdown else "") + title)
        rows = sizes.rows(found, scale)
        if args.markdown:
            print("\n| scene | text | smallest text | body | target | smallest target |\n|---|---|---|---|---|---|")
            for name, text, what_text, body, target, what in rows:
                print(f"| {name} | {fmt(text)} | {what_text[:40]} | {fmt(body)} | {fmt(target)} | {what[:40]} |")
        else:
            print(f"{'scene':28} {'text':>5}  {'body':>5}  {'target':>6}  smallest text / target")
            for name, text, what_text, body, target, what in rows:
                print(f"{name:28} {fmt(text):>5}  {fmt(body):>5}  {fmt(target):>6}  {what_text[:34]!r} / {what[:34]}")
        low = [r for r in rows if (r[1] or 99) < sizes.TEXT_MIN or (r[3] or 99) < sizes.BODY_MIN
               or (r[4] or 99) < sizes.TARGET_MIN]
        print(f"\n{len(low)} of {len(rows)} scenes below a floor\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
