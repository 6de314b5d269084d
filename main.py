# /// script
# dependencies = ["pygame-ce"]
# ///
"""Trick Table: pygbag's entry point and the desktop launcher.

    python main.py                      # the menu (or the saved match, resumed)
    python main.py --demo --game 28     # the AI plays all four seats
    python main.py --demo --game 304 --seed 5 --frames 3000 --screenshot-dir shots [--portrait]
    python main.py --query "game=28&seed=5&embed=1"   # the page's URL parameters, on the desktop

In the browser the page's URL parameters are read instead (``game.web.params``; ``sys.argv``
is not read there: pygbag puts the URL's fragment in it): ``game``, ``lang``, ``seed``,
``level``, the game's rule options, ``embed=1`` (straight into a match, a small Menu button
instead of the menu), ``demo=1`` (the AI on all four seats) and ``learn=GAME`` (the game's
guided first hand); ``deal=CODE`` plays a shared deal again, ``record=CODE&step=N&mode=watch|play[&autoplay=1][&caption=...]`` opens an example
position (``game.ui.links``).  A value that is unknown or malformed is ignored with a short
notice on screen.

pygbag's runtime installs packages only for what this file itself declares (the ``# /// script``
block above) or imports; ``import pygame`` below is what makes it install pygame-ce (without it
the browser would find an empty ``pygame`` folder and fail on the first call).
"""

import argparse
import asyncio
import random
import sys

import pygame  # noqa: F401 - see above: the runtime installs pygame-ce for this line

from game.engine import GAMES
from game.engine.bounds import shown
from game.ui.app import App
from game.ui.layout import LANDSCAPE, PORTRAIT, canvas_size
from game.ui.players import LEVELS


def parse_args(argv):
    from game.engine.cli import ArgumentParser  # its refusals quote what they were given, shortened

    p = ArgumentParser(description="Trick Table")
    p.add_argument("--demo", action="store_true", help="the AI plays all four seats")
    p.add_argument("--game", choices=tuple(GAMES), help="go straight to this game")
    p.add_argument("--seed", type=seed_arg, default=None, help="the match's seed (0 to 999999999999999999, as ?seed=)")
    p.add_argument("--level", choices=LEVELS, help="AI level")
    p.add_argument("--query", default="", help='URL parameters as the web page takes them, e.g. "game=28&embed=1"')
    p.add_argument("--frames", type=int, default=None, help="stop after N frames (1/60 s of game time each)")
    p.add_argument("--screenshot-dir", default=None, help="save a PNG of each scene passed through")
    p.add_argument("--portrait", action="store_true", help="720x1280 instead of 1280x720")
    p.add_argument("--viewport", type=viewport_arg, default=None,
                   help="the canvas a page of this size (CSS px, e.g. 390x844) opens")
    args = p.parse_known_args(argv)[0]  # the browser may pass arguments of its own
    if args.screenshot_dir:
        problem = unwritable(args.screenshot_dir)
        if problem:
            p.error(f"--screenshot-dir: cannot write pictures to {shown(args.screenshot_dir, 120)}: {problem}")
    return args


def seed_arg(text: str) -> int:
    """A seed as the page's ``?seed=`` takes it (``game.web.params``), so a saved match keeps it."""
    from game.web.params import MAX_SEED

    if text.isascii() and text.isdigit() and len(text) <= len(str(MAX_SEED)) and int(text) <= MAX_SEED:
        return int(text)
    raise argparse.ArgumentTypeError(f"use a whole number from 0 to {MAX_SEED}, not {shown(text, 40)}")


def unwritable(folder: str) -> str | None:
    """Why pictures cannot be saved in ``folder`` (made if missing), or None if they can."""
    import os
    from pathlib import Path

    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return err.strerror or str(err)
    if not os.access(path, os.W_OK | os.X_OK):
        return "permission denied"
    return None


def viewport_arg(text: str):
    try:
        width, height = (int(v) for v in text.lower().split("x"))
        if width > 0 and height > 0:
            return width, height
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"{shown(text, 40)} is not a size like 390x844")


def read_query(query: str):
    """(WebSettings, notices) for a query string, checked against the levels the table offers;
    a notice names a game by its title (translated when shown)."""
    from game.web import params

    try:
        return params.parse(query, levels=LEVELS, game_names={name: cls.TITLE for name, cls in GAMES.items()})
    except Exception as err:  # noqa: BLE001 - parse never raises; if it ever does, no parameters
        print(f"URL parameters ignored: {err!r}", file=sys.stderr)
        return params.WebSettings(), []


def apply_settings(app, web) -> None:
    """The language and game the URL chose become the player's settings (and are saved)."""
    changed = False
    if web.lang and app.settings["language"] != web.lang:
        app.settings["language"] = web.lang  # kept even while only English has a catalog
        changed = True
    if web.game and app.settings["game"] != web.game:
        app.settings["game"] = web.game
        changed = True
    if changed:
        app.settings_changed()


def fits(saved, game, web, seed=None, level=None) -> bool:
    """Whether a saved match is the match a link (or --game) names: the same game, and the seed,
    level and rule options it gives, if it gives them (``seed``, ``level``: the link's or the
    command line's)."""
    return (saved.game == game and (seed is None or seed == saved.seed)
            and (level is None or level == saved.level)
            and all(saved.options.get(k) == v for k, v in web.options.items()))


def resumable(app, game, web, seed=None, level=None):
    """The most recently played saved match that the link names, resumed; None if there is
    none (one that does not replay is set aside, with a notice, and the next is tried)."""
    from game.ui.session import Session

    for saved in app.store.saved_matches():
        if fits(saved, game, web, seed, level):
            session = Session.resume(app.store, saved.slot)
            if session is not None:
                return session
    return None


def linked_table(app, game, web, seed, level, asked_level=None):
    """The table a link to ``game`` opens: the saved match it names, resumed; else a new match.
    If a match of that game is saved, the new one is held (not saved until the player acts in
    it) and the table offers to resume the saved one instead: neither is lost."""
    from game.ui.session import Session

    session = resumable(app, game, web, seed, asked_level)
    if session is not None:
        return "table", {"session": session}
    seed = seed if seed is not None else random.randrange(1 << 30)
    session = Session(game, web.options, seed, level, (0,), app.store)
    other = next((m for m in app.store.saved_matches() if m.game == game), None)
    if other is None:
        session.save()
        return "table", {"session": session}
    session.hold()
    return "table", {"session": session, "offer": other}


def linked_scene(app, web, level):
    """The scene a shared deal or an example position opens (``deal``, ``record``: a
    ``links.Opening``), or None; a code that cannot be read is reported in a notice."""
    from game.ui import links

    opening, notices = links.opened(app, links.LinkRequest.of(web), level)
    for notice in notices:
        app.notify(notice.text())
    return opening


def first_scene(app, args, web):
    """The scene to open over the menu, as (name, params) for ``app.go`` (or a link's
    ``Opening``), or None for the menu."""
    from game.ui.session import Session

    game = web.game or args.game
    asked_level = web.level or args.level
    level = asked_level or app.settings["ai_level"]
    linked = linked_scene(app, web, level)
    if linked:
        return linked
    if web.learn:
        from game.ui.lessons.lesson import lesson_table

        lesson = lesson_table(app, web.learn, level)  # None, with a notice, for a game without one
        if lesson:
            return lesson
    seed = web.seed if web.seed is not None else args.seed
    if web.demo or args.demo:
        game = game or app.settings["game"]
        seed = seed if seed is not None else random.randrange(1 << 30)
        return "table", {"session": Session(game, web.options, seed, level, (), app.store)}
    if web.embed or args.game:
        return linked_table(app, game or app.settings["game"], web, seed, level, asked_level)
    if game:
        session = resumable(app, game, web, seed, asked_level)
        if session is not None:
            return "table", {"session": session}
        return "new-match", {"game": game, "options": web.options, "level": web.level, "seed": seed}
    session = Session.resume(app.store)  # a reload goes back into the match played last
    return ("table", {"session": session}) if session else None


def start_scene(app, args, web=None):
    """Open the first scenes through the navigator: the menu (not in an embed), then the
    table or the new-match form over it."""
    if web is None:
        web = read_query("")[0]
    first = first_scene(app, args, web)  # decided first: it may set a broken save aside
    if not web.embed:
        app.go("menu")
    if isinstance(first, tuple):
        name, params = first
        app.go(name, **params)
    elif first:
        from game.ui import links

        links.open_in(app, first, web.caption)


def start(argv=None, on_web=None):
    """The app with its first scenes open, and the arguments: ``(app, args)``."""
    on_web = sys.platform == "emscripten" if on_web is None else on_web
    viewport = None
    if on_web:
        from game.web import page, params

        args, query = parse_args([]), params.browser_query()
        viewport = page.viewport  # the page's shape decides the layout, and is followed
        room = viewport()
        size = canvas_size(room) if room else LANDSCAPE
    else:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        query = args.query
        size = canvas_size(args.viewport) if args.viewport else PORTRAIT if args.portrait else LANDSCAPE
    web, notices = read_query(query)
    app = App(size, screenshot_dir=args.screenshot_dir, viewport=viewport)
    app.web = web
    apply_settings(app, web)
    for notice in notices:  # after the URL's language is set, so they are shown in it
        app.notify(notice.text())
    start_scene(app, args, web)
    app.take_store_notices()  # e.g. a saved match that could not be resumed
    attach_host(app)
    return app, args


def attach_host(app, link=None) -> None:
    """In a page that embeds the game, its commands and our events (the host-page API)."""
    from game.i18n import LANGUAGES
    from game.ui.host_bridge import HostBridge
    from game.web.host import HostLink

    link = link or HostLink.of_page(languages=tuple(LANGUAGES), levels=LEVELS)
    if link is not None:
        app.host = HostBridge(app, link, link.build)


async def main(argv=None):
    app, args = start(argv)
    await app.run(args.frames)


if __name__ == "__main__":
    asyncio.run(main())
