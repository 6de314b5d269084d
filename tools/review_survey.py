"""A survey of the hand review's layout: every game × language × canvas shape, random hands (and
hands from the widest scores, whose deal codes are longest) stepped through from the deal to the
final breakdown, with Why? open on a noted AI action and the link shown over the table.  Each
screen is laid out as the review lays it out (``review.layout.lay_out``) and checked:

* no text off the canvas, out of its box, or under the phone floor (``TEXT_MIN``: 12 CSS px);
* no letters on other letters, on a card or on a button; no name plate, badge or the deal code's
  box on a card, a button or one another; no seat's cards on another seat's or on the trick
  (a hand's own cards overlap only each other);
* what the panel over the table (the breakdown, Why?, the link) hides is not looked at.

    python tools/review_survey.py [--screens N] [--seed S] [--lang en de ...] [--canvas upright ...]

prints "N screens, K faults" (and the first faults of each kind); exits 1 if any.
``tools/table_survey.py`` runs it too, after the table's frames."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game import i18n
from game.engine import GAMES
from game.engine import actions as A
from game.engine.records import hand_from_record, random_record
from game.ui import kit
from game.ui.review.layout import BADGE, TEXT_MIN, Card, Panel, Text
from harness import driver

CANVASES = {"upright": (720, 1558), "sideways": (1558, 720), "16:9": (1280, 720), "9:16": (720, 1280)}
LINK = "https://example.org/trick-table/#r=" + "Q" * 96


def ink(text: Text) -> pygame.Rect:
    return kit.text.ink(text.text, text.size, text.bold).move(text.rect.topleft)


def faults(screen, size, buttons=()) -> list[tuple]:
    """What a review screen (``layout.Screen``) at canvas ``size`` covers that it must not, each
    as (kind, what, ...); ``buttons``: the scene's buttons' rects."""
    canvas = pygame.Rect((0, 0), size)
    items = screen.items
    over = next((i for i, item in enumerate(items) if isinstance(item, Panel) and item.shadow), None)

    def hidden(rect) -> bool:  # under the panel over the table
        return over is not None and items[over].rect.colliderect(rect)

    shown = [item for i, item in enumerate(items) if over is None or i >= over or not hasattr(item, "rect")
             or not hidden(item.rect)]
    texts = [t for t in shown if isinstance(t, Text) and t.text]
    cards = [c for c in shown if isinstance(c, Card)]
    plates = list(screen.names.values()) + [p.rect for p in shown if isinstance(p, Panel) and p.fill == BADGE]
    if screen.code == "middle":
        plates.append(screen.code_box)
    plates = [p for p in plates if not hidden(p)]
    buttons = [pygame.Rect(b) for b in buttons]
    out = []
    for t in texts:
        r = ink(t)
        if t.size < TEXT_MIN:
            out.append(("text too small", t.text, t.size))
        if not canvas.contains(r):
            out.append(("off the canvas", t.text, tuple(r)))
        if t.box is not None and not (t.box.left <= r.left and r.right <= t.box.right):
            out.append(("out of its box", t.text, tuple(r), tuple(t.box)))
        out += [("text on a card", t.text, c.card) for c in cards if r.colliderect(c.rect)]
        out += [("text on a button", t.text, tuple(b)) for b in buttons if r.colliderect(b)]
    for i, a in enumerate(texts):
        out += [("text on text", a.text, b.text) for b in texts[i + 1:] if ink(a).colliderect(ink(b))]
    for i, a in enumerate(plates):
        out += [("a plate on a card", tuple(a), c.card) for c in cards if a.colliderect(c.rect)]
        out += [("a plate on a button", tuple(a), tuple(b)) for b in buttons if a.colliderect(b)]
        out += [("plates meet", tuple(a), tuple(b)) for b in plates[i + 1:] if a.colliderect(b)]
    out += [("a card on a button", c.card, tuple(b)) for c in cards for b in buttons if c.rect.colliderect(b)]
    if over is None:  # a hand's own cards lie on one another, not on another hand's nor the trick
        hands = list(screen.hands.values()) + screen.trick
        for i, a in enumerate(hands):
            out += [("cards meet", tuple(a), tuple(b)) for b in hands[i + 1:] if a.colliderect(b)]
    return out


def noted(record: dict) -> dict:
    """``record`` with a note (docs/records.md) on its first action by an AI seat: every legal
    action weighed, the one taken the best, for the usual reason; so that Why? has something to show."""
    k = next((i for i, (seat, _text) in enumerate(record["actions"]) if seat), None)
    if k is None:  # no AI seat acted (a hand over at once)
        return record
    hand = hand_from_record(record)
    for _seat, text in record["actions"][:k]:
        hand.apply(text)
    seat, taken = record["actions"][k]
    others = sorted(t for t in (A.action_text(a, hand.DECK) for a in hand.legal_actions()) if t != taken)
    choices = [{"action": taken, "value": 7.1, "margin": 0.9, "points": 15.2, "made": None, "samples": 89}]
    choices += [{"action": text, "value": 5.5 - i, "margin": 0.8, "points": 14.3 - i, "made": None, "samples": 89}
                for i, text in enumerate(others)]
    reason = {"msgid": "{action}: {why}; {outlook}.",
              "values": {"action": taken[0].upper() + taken[1:], "why": {"msgid": "follow suit", "values": {}},
                         "outlook": {"msgid": "it is the usual play here", "values": {}}}}
    return {**record, "annotations": [{"index": k, "seat": seat, "level": "normal", "action": taken, "worlds": 89,
                                       "choices": choices, "reason": reason}]}


def records(game: str, rng: random.Random, count: int):
    """``count`` hands of ``game``: random ones, and every other one from scores as wide as they go."""
    for n in range(count):
        record = random_record(game, f"review-survey-{rng.randrange(10 ** 6)}")
        if n % 2:
            widest = {"304": [1, 21], "28": [-99999, 99999], "400": [-99999, 99999, -99998, 99998],
                      "schieber": [2999, 0]}[game]
            hand = hand_from_record({**record, "score": widest, "actions": []})
            while not hand.is_over():
                hand.apply(rng.choice(hand.legal_actions()))
            record = hand.record()
        yield noted(record)


def survey(screens: int, seed: int = 0, langs=None, games=None, canvases=None):
    """Lay out and check about ``screens`` review screens; returns (screens checked, faults),
    each fault (kind, where, detail)."""
    langs = langs or list(i18n.LANGUAGES)
    games = games or list(GAMES)
    canvases = canvases or list(CANVASES)
    per_combo = max(1, screens // (len(langs) * len(games) * len(canvases)))
    found, count = [], 0
    try:
        for shape in canvases:
            app = driver.make_app(CANVASES[shape], {"anim_speed": 1.0})
            app.go("menu")
            for game in games:
                rng = random.Random(f"{seed}-{game}-{shape}")
                hands = list(records(game, rng, max(2, per_combo // 12)))
                for lang in langs:
                    i18n.set_language(lang)
                    done = 0
                    while done < per_combo:
                        record = hands[done % len(hands)]
                        app.go("review", record=record)
                        scene = app.scene
                        note = scene.review.notes and min(scene.review.notes) + 1
                        for position in sorted({0, 1, note or 0, rng.randrange(scene.review.last_position + 1),
                                                *scene.review.trick_ends()[:1], scene.review.last_position}):
                            for show_note, link in ((False, None), (position == note, None), (False, LINK)):
                                scene.go_to(position)
                                scene.show_note, scene.shown_link = show_note, link
                                scene.build()
                                where = f"{game} {lang} {shape} position {position}" + \
                                    (" Why?" if show_note else "") + (" link" if link else "")
                                for fault in faults(scene.screen(), CANVASES[shape], [w.rect for w in scene.widgets]):
                                    found.append((fault[0], where, " ".join(map(str, fault[1:]))))
                                count += 1
                                done += 1
                        app.back()
    finally:
        i18n.set_language("en")
    return count, found


def report(count: int, found, show: int = 3) -> None:
    kinds = Counter(kind for kind, _where, _detail in found)
    for kind, n in kinds.most_common():
        print(f"{n:6d} {kind}")
        for _kind, where, detail in [f for f in found if f[0] == kind][:show]:
            print(f"         {where}: {detail}")
    print(f"{count} review screens, {len(found)} faults")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--screens", type=int, default=4000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", nargs="+", default=None)
    p.add_argument("--game", nargs="+", default=None, choices=list(GAMES))
    p.add_argument("--canvas", nargs="+", default=None, choices=list(CANVASES))
    p.add_argument("--show", type=int, default=3, help="faults printed of each kind")
    args = p.parse_args(argv)
    count, found = survey(args.screens, args.seed, args.lang, args.game, args.canvas)
    report(count, found, args.show)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
