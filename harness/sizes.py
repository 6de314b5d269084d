"""How large things are on a phone: the smallest text and touch target of each scene, in CSS px.

The page scales the canvas to fit its viewport, whole (``fit()`` in build/template.tmpl):
``scale = min(viewport width / canvas width, viewport height / canvas height)``.  At the phone
viewports we design for, 390x844 and 844x390 CSS px, every text must be at least ``TEXT_MIN``
CSS px, paragraph text (drawn wrapped: rules, notes, the prompt, the hand's result sentence)
at least ``BODY_MIN``, and every tappable thing at least ``TARGET_MIN`` on both sides (a card of
the hand: its visible, tappable part).

``tour(app)`` opens every scene (each game's table phases, results, dialogs) and ``measure``
records, while the scene is drawn, every text's size and every target's rect.  The size test
(tests/test_ui_sizes.py) and ``python tools/phone_sizes.py`` (the table) both use them.
Card faces, suit pictures and the table's art are pictures, not text: they are not counted.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from game.engine import GAMES
from game.engine import actions as A

from game.ui import gfx

PHONE_VIEWPORTS = ((390, 844), (844, 390))
TEXT_MIN, BODY_MIN, TARGET_MIN = 12, 14, 48  # CSS px


def page_scale(canvas, viewport) -> float:
    """How the page scales the canvas to fit the viewport (as the template's ``fit()``)."""
    return min(viewport[0] / canvas[0], viewport[1] / canvas[1])


@dataclass
class Sizes:
    """What one scene showed: its texts (size, is body, text) and targets (w, h, what)."""

    texts: list = field(default_factory=list)
    targets: list = field(default_factory=list)

    def smallest_text(self):
        return min(self.texts, default=None, key=lambda t: t[0])

    def smallest_body(self):
        return min((t for t in self.texts if t[1]), default=None, key=lambda t: t[0])

    def smallest_target(self):
        return min(self.targets, default=None, key=lambda t: min(t[0], t[1]))

    def merge(self, other: Sizes) -> None:
        self.texts += other.texts
        self.targets += other.targets


@contextmanager
def recording():
    """Records every text drawn (``gfx.text``) while the block runs; wrapped text is body."""
    found = Sizes()
    text, wrapped = gfx.text, gfx.blit_wrapped
    body = [0]

    def recorded_text(s, size, *args, **kwargs):
        if s.strip():
            found.texts.append((size, body[0] > 0, s))
        return text(s, size, *args, **kwargs)

    def recorded_wrapped(*args, **kwargs):
        body[0] += 1
        try:
            return wrapped(*args, **kwargs)
        finally:
            body[0] -= 1

    gfx.text, gfx.blit_wrapped = recorded_text, recorded_wrapped
    try:
        yield found
    finally:
        gfx.text, gfx.blit_wrapped = text, wrapped


def widget_targets(widget) -> list:
    """(w, h, what) of the parts of ``widget`` a finger aims at."""
    parts = getattr(widget, "touch_parts", None)
    if parts is not None:
        return [(r.width, r.height, what) for r, what in parts()]
    if hasattr(widget, "_controls"):  # a stepper of before touch_parts: its − and + halves
        _whole, minus, plus = widget._controls()
        return [(r.width, r.height, f"stepper {widget.label!r}") for r in (minus, plus)]
    what = type(widget).__name__ + (f" {widget.label!r}" if getattr(widget, "label", "") else "")
    return [(widget.rect.width, widget.rect.height, what)]


def scene_targets(app) -> list:
    """Every target of the current scene: its widgets and, where the scene has them, more (the
    hand's cards: ``touch_targets``), and the notice banner."""
    scene = app.scene
    out = [t for w in scene.widgets for t in widget_targets(w)]
    extra = getattr(scene, "touch_targets", None)
    if extra is not None:
        out += extra()
    elif getattr(scene, "hand", None) is not None and getattr(scene.hand, "rects", None):
        out += legacy_card_targets(scene, app.layout)
    if app.banner.rect is not None:
        out.append((app.banner.rect.width, app.banner.rect.height, "notice"))
    return out


def legacy_card_targets(scene, layout) -> list:
    """The visible part of each card of the hand, for a scene that does not list its targets."""
    rects, out = scene.hand.rects, []
    for i, r in enumerate(rects):
        right = next((n.left for n in rects[i + 1:] if n.top == r.top), r.right)
        below = [n.top for n in rects if n.top > r.top and n.left < r.right and n.right > r.left]
        bottom = min([layout.size[1], *below])
        out.append((right - r.left, bottom - r.top, "card"))
    return out


def measure(app) -> Sizes:
    """Build and draw the current scene (scrolled through, if it scrolls) and record its sizes."""
    scene = app.scene
    found = Sizes()
    kept = scene.scroll
    with recording() as rec:
        scene.build()  # some scenes draw text ahead (the rules page)
        positions = [0]
        if scene.viewport is not None and scene.max_scroll() > 0:
            step = max(1, scene.viewport.height - 20)
            positions = list(range(0, scene.max_scroll(), step)) + [scene.max_scroll()]
        for pos in positions:
            scene.scroll = pos
            scene.draw(app.screen)
            app.banner.draw(app.screen)
    scene.scroll = kept
    found.merge(rec)
    found.targets += scene_targets(app)
    return found


# ---- visiting every scene ------------------------------------------------------------------------
def tour(app, games=None, seed=7, menus=True):
    """Opens every scene in turn on ``app`` and yields its name each time it is ready to be
    measured: the menus (unless ``menus`` is false), then each of ``games`` (all by default):
    its new match, its rules, and the table once per phase."""
    from game.ui.session import Session

    games = list(GAMES if games is None else games)
    app.home()
    if menus:
        yield from menus_tour(app)
    for game in games:
        app.go("new-match", game=game)
        yield f"new match {game}"
        app.back()
        app.go("rules", game=game)
        yield f"rules {game}"
        app.back()
    for game in games:
        session = Session(game, {}, seed, "easy", (0,), app.store)
        app.go("table", session=session)
        no_thinking(app.scene)
        yield from table_tour(app, session, game, random.Random(seed))
        app.home()
        app.go("match-result", session=finished(game, seed))
        yield f"{game} match result"
        app.home()


def menus_tour(app):
    """The menu, its question on leaving, and the scenes it opens that belong to no game."""
    yield "menu"
    app.scene.back()  # Escape: quitting is asked first
    if app.scene.name == "confirm":
        yield "menu: quit?"
        app.back()
    for name in ("settings", "statistics", "help", "glossary"):
        app.go(name)
        yield name
        app.back()


def no_thinking(table) -> None:
    """The tour chooses every seat's move itself (``table_tour``): the table's AI neither thinks
    ahead nor decides for the other seats, work whose decision no one would take (a third of a
    game's tour; the same scenes and figures without it)."""
    table.ai.think_ahead = lambda: None
    table.ai.step = lambda sdt, work=True, act=True: None


def finished(game, seed, hands=12):
    """A match of ``game`` played at random to its end, or for ``hands`` hands (a score sheet)."""
    from game.ui.session import Session

    session = Session(game, {}, seed, "easy", (0,))
    rng = random.Random(seed)
    for _ in range(hands):
        if session.over:
            break
        hand = session.hand
        while not hand.is_over():
            hand.apply(rng.choice(hand.legal_actions()))
        if hand.result().get("match_over"):
            break
        session.next_hand()
    return session


def table_tour(app, session, game, rng, hands=3, limit=60000):
    """Plays ``hands`` hands at the table (the player's moves and the others' chosen at random,
    no AI), stopping once at each new phase of the player's turn and of the table between
    turns, and at the first hand result."""
    from harness import driver

    seen = set()
    for _ in range(limit):
        scene = app.scene
        if scene.name == "hand-result":
            if "result" not in seen:
                seen.add("result")
                yield f"{game} hand result"
            hands -= 1
            if hands <= 0 or session.over:
                return
            scene.go_on()
            if app.scene.name == "table":  # the next hand's table: a new scene, its AI silenced too
                no_thinking(app.scene)
            continue
        if scene.name != "table":
            return
        state = scene.state
        if not state.dealing:
            key = table_phase(scene)
            if key and key not in seen:
                seen.add(key)
                yield f"{game} table {key}"
                if key == "your card" and scene.obs.tricks and not state.show_last:
                    scene.toggle_last()
                    yield f"{game} table last trick"
                    scene.toggle_last()
                if key == "your card" and "pause" not in seen:
                    seen.add("pause")
                    yield from pause_tour(app, game)
        hand = session.hand
        if state.waiting_for_tap():
            state.collect_trick()  # the player's tap
        if hand.is_over() or state.busy() or state.show_last:
            driver.frames(app, 1)
            continue
        before = scene.obs
        if hand.turn == 0 and scene.human_turn():
            scene.submit(choose(hand, rng))
        elif hand.turn != 0:
            seat, action = hand.turn, choose(hand, rng)
            session.apply(action)
            scene.after_action(seat, action, before)
        driver.frames(app, 1)


def pause_tour(app, game):
    """The table's menu, and leaving the match from it (which asks), then back to the table."""
    table = app.scene
    table.to_menu()
    yield f"{game} table menu"
    app.scene.leave()
    if app.scene.name == "confirm":
        yield f"{game} leave the match?"
        app.back()
    app.back()
    assert app.scene is table


def table_phase(scene):
    """A short name of what the table shows now (None while nothing new is shown)."""
    state, obs = scene.state, scene.obs
    if state.show_last:
        return None
    if state.toasts:
        return "notice"
    if state.hold:
        return "trick"
    if scene.human_turn():
        words = {"play": "your card", "indicator": "your trump card", "auction": "your bid"}
        return words.get(obs.phase, f"your {obs.phase}")
    if state.bubbles:
        return "speech"
    return None


def choose(hand, rng):
    """A legal action that keeps the hand interesting: bids rather than passes, now and then."""
    legal = hand.legal_actions()
    bids = [a for a in legal if A.is_bid(a)]
    if bids and rng.random() < 0.6:
        return rng.choice(bids[:max(1, len(bids) // 2)])
    return rng.choice(legal)


# ---- the table of figures --------------------------------------------------------------------------
def survey(app, languages, games=None, menus=True):
    """{scene: Sizes} over every scene of the tour (``tour``'s ``games`` and ``menus``), each
    drawn in every one of ``languages``.  Only what is measured is drawn: the frames the table
    runs between two moments are not (``driver.unseen``)."""
    from game import i18n
    from harness import driver

    out: dict = {}
    start = i18n.language()
    try:
        with driver.unseen(app):
            for name in tour(app, games, menus=menus):
                for code in languages:
                    i18n.set_language(code)
                    out.setdefault(name, Sizes()).merge(tagged(measure(app), code))
                i18n.set_language(start)
                app.scene.build()
    finally:
        i18n.set_language(start)
    return out


def tagged(sizes: Sizes, code: str) -> Sizes:
    """``sizes`` with the language named in each entry."""
    return Sizes([(s, b, f"{t} [{code}]") for s, b, t in sizes.texts],
                 [(w, h, f"{what} [{code}]") for w, h, what in sizes.targets])


def rows(found: dict, scale: float) -> list[tuple]:
    """Per scene: (name, smallest text css, its text, smallest body css, smallest target css, what)."""
    out = []
    for name, sizes in found.items():
        text, body, target = sizes.smallest_text(), sizes.smallest_body(), sizes.smallest_target()
        out.append((name,
                    text[0] * scale if text else None, text[2] if text else "",
                    body[0] * scale if body else None,
                    min(target[0], target[1]) * scale if target else None, target[2] if target else ""))
    return out


def open_app(canvas, settings=None):
    """A headless app of ``canvas`` size with quick settings, for the tour."""
    from harness import driver

    quick = {"anim_speed": 4.0, "ai_level": "easy", "hints": True}
    quick.update(settings or {})
    app = driver.make_app(canvas, quick)
    pygame.display.set_caption("sizes")
    return app
