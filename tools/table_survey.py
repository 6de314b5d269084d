"""A survey of the table's layout over many states: every game × language × canvas shape, in
random states of the hand (every phase), whoever deals, each AI seat thinking, with speech,
two-digit bids, Weis, the trump card shown, a notice, the last trick and a lesson.  Each frame
is laid out as the table lays it out and checked:

* no element covers another's content (the hand's cards overlap only each other, a badge sits
  on a card's back, never on a face, and no wider than it; a score change lands beside the
  score, over no line of the top bar);
* every card face on the table shows its corner index;
* no text leaves its box (a seat's name and note in its plate, a speech's lines in its bubble,
  the top bar's lines in the bar), and everything is on the screen;
* text and touch targets meet the phone floors (23 and 90 canvas px: 12.5 and 48.8 CSS px).

    python tools/table_survey.py [--frames N] [--seed S] [--sheet sheet.png] [--lang en de ...] [--review N]

prints "N frames, K overlaps" (and the first faults of each kind), then the hand review's
survey of ``--review`` screens (tools/review_survey.py); exits 1 if any.  ``--frames``
is the total, spread evenly over the games, languages and canvases."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
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
from game.i18n import _
from game.ui import kit
from harness import driver
from game.ui.lessons.lesson import LESSONS, LessonSession
from game.ui.names import action_label
from game.ui.scenes.table import TableScene
from game.ui.session import Session

CANVASES = {"upright": (720, 1558), "sideways": (1558, 720), "16:9": (1280, 720), "9:16": (720, 1280)}
SETTINGS = {"anim_speed": 4.0, "ai_level": "easy", "trick_wait": 1.0, "hints": True}
INDEX_SHARE = (0.3, 0.3)   # a card's corner index: this share of its width and height from the top left
VARIANTS = 4               # frames laid out per state (dealer, thinking seat, speech, Weis vary)


@dataclasses.dataclass
class Fault:
    kind: str
    where: str
    detail: str

    def __str__(self):
        return f"{self.kind}: {self.where}: {self.detail}"


# ---- the states ----------------------------------------------------------------------------------
def sessions(game: str, rng: random.Random, count: int):
    """``count`` sessions of ``game`` stopped at random points of random hands (every phase)."""
    made = 0
    while made < count:
        session = Session(game, {}, rng.randrange(10 ** 6), "easy", (0,))
        hand = session.hand
        stops = sorted(rng.sample(range(60), 4))
        moves = 0
        while not hand.is_over() and made < count:
            if moves in stops:
                made += 1
                yield session
            hand.apply(rng.choice(hand.legal_actions()))
            moves += 1
            if moves > stops[-1]:
                break


def lesson_sessions():
    for lesson in LESSONS:
        session = LessonSession(lesson, "easy")
        rng = random.Random(1)
        hand = session.hand
        for _step in range(6):
            if hand.is_over():
                break
            yield session
            action = session.scripted_action() if hand.turn != 0 else None
            if action is None:
                action = session.guide.scripted(0) if hasattr(session.guide, "scripted") else None
            legal = hand.legal_actions()
            hand.apply(action if action in legal else rng.choice(legal))


# ---- one frame ---------------------------------------------------------------------------------
def speech_texts(obs, swiss):
    """What seats may say in this state: a pass, a two-digit bid, the trump card, and the
    legal actions' words."""
    out = [_("Pass"), _("Trump card"), "28", "11"]
    out += [action_label(a, swiss) for a in obs.legal if not (0 <= a < 64)][:3]
    return out


def stage(scene, rng, variant):
    """Dress the scene's state for one frame: the dealer and the thinking seat turned, speech,
    Weis (Schieber) and a notice now and then; returns the thinking seat."""
    st = scene.state
    obs = st.session.hand.observation(0)
    thinking = (variant % 3) + 1
    dealer = (obs.dealer + variant) % 4
    st.obs = dataclasses.replace(obs, dealer=dealer, turn=obs.turn if variant == 0 else thinking)
    st.bubbles, st.news, st.toasts, st.floats, st.show_last = {}, {}, [], [], False
    texts = speech_texts(obs, scene.ui.swiss)
    for seat in rng.sample(range(4), rng.randrange(0, 3)):
        st.bubbles[seat] = (rng.choice(texts), 0.5)
    if scene.ui.swiss and obs.phase == "play" and rng.random() < 0.5:
        seat = rng.randrange(4)
        cards = [c for c in range(64) if c in obs.hand][:4] or list(obs.hand)[:3]
        st.news[seat] = (_("{points} points").format(points=50) if "{points}" in _("{points} points") else "50",
                         cards if seat == 0 else cards[:3])
    if rng.random() < 0.25:
        st.toasts = [[_("Trump card"), 1.0, ("suit", rng.randrange(4))]]
    if rng.random() < 0.25:  # a score change as it lands
        seat = rng.randrange(4)
        st.floats = [[rng.choice(["+28", "+150", "-12"]), seat, seat & 1, st.FLOAT_TIME]]
    if variant == VARIANTS - 1 and obs.tricks:
        st.show_last = True
    return st.obs.turn if st.obs.turn != 0 else None


def content(f, lay, view, state):
    """(name, rect) of every element of frame ``f`` that shows something, and the card faces on
    the table (seat, rect, card) with their badges."""
    out = [(f"status {i}", line.rect) for i, line in enumerate(f.status)]
    out += [(f"button {i}", b) for i, b in enumerate(f.buttons)]
    out += [(f"label {s}", label.rect) for s, label in f.labels.items()]
    out += [(f"fan {s}", fan) for s, fan in f.fans.items() if f.backs.get(s)]
    out += [(f"speech {s}", speech.box) for s, speech in f.bubbles.items()]
    out += [(f"news {s}", box) for s, (box, _t, _i) in f.news.items()]
    for name, item in (("trump card", f.indicator), ("prompt", f.prompt), ("notice", f.notice)):
        if item:
            out.append((name, item[0]))
    if f.hand is not None:
        out.append(("hand", f.hand))
    faces, badges = [], []
    for seat, card, down in state.shown_trick():
        rect = lay.trick_rect(seat)
        out.append((f"trick {seat}", rect))
        if card is not None and not down:
            faces.append((seat, rect))
    for badge in f.badges:
        card = lay.trick_rect(badge.seat) if badge.seat is not None else f.indicator[0]
        name = f"badge {badge.seat}" if badge.seat is not None else "badge trump"
        badges.append((name, badge.box, card, card.contains(badge.box)))
    return out, faces, badges


def check(scene, where) -> list[Fault]:
    """What is wrong with the frame the scene's view laid out last."""
    f, lay, view, state = scene.view.frame, scene.layout, scene.view, scene.state
    faults = []
    screen = lay.rect
    items, faces, badges = content(f, lay, view, state)
    if state.show_last:  # the last trick over a veil: its cards and its lines
        lines = view.last_trick_lines(state.obs.tricks[-1][2])
        box = view.last_trick_box(lines)
        for seat in range(4):
            if box.colliderect(lay.trick_rect(seat)):
                faults.append(Fault("overlap", where, f"last trick's lines {box} over the card of seat {seat}"))
        return faults
    note = scene.note.rect if scene.note and scene.note.rect else None
    if note is not None:  # the lesson's note came in among the buttons, its Go on button inside it
        items = [(("lesson note" if rect == note else name), rect) for name, rect in items]
    for (a, ra), (b, rb) in itertools.combinations(items, 2):
        if not ra.colliderect(rb):
            continue
        if note is not None and "lesson note" in (a, b) and note.contains(rb if a == "lesson note" else ra) \
                and (a + b).count("button"):
            continue  # Go on, in the note
        if a.startswith("status") and b.startswith("status") and ra.clip(rb).height <= 4:
            continue  # a tall script's rows touch
        if {a.split()[0], b.split()[0]} == {"trick"}:
            continue  # the four places never meet: a moved card would show as "trick" too
        faults.append(Fault("overlap", where, f"{a} {tuple(ra)} covers {b} {tuple(rb)}"))
    face_rects = [rect for _seat, rect in faces]
    for name, box, card, on_back in badges:
        if any(box.colliderect(face) for face in face_rects):
            faults.append(Fault("badge on a face", where, f"{name} {tuple(box)} on a card's face"))
        elif box.colliderect(card) and not on_back:
            faults.append(Fault("badge wider than its card", where, f"{name} {tuple(box)} on {tuple(card)}"))
        for other, rect in items:
            if rect.colliderect(box) and rect != card and not rect.contains(card) and not other.startswith("trick"):
                faults.append(Fault("overlap", where, f"{name} {tuple(box)} covers {other} {tuple(rect)}"))
    for seat, card in faces:
        corner = pygame.Rect(card.left, card.top, int(card.width * INDEX_SHARE[0]), int(card.height * INDEX_SHARE[1]))
        for other, rect in items:
            if other != f"trick {seat}" and rect.colliderect(corner):
                faults.append(Fault("index hidden", where, f"{other} over the corner of seat {seat}'s card"))
    for name, rect in items:
        if name != "hand" and not screen.contains(rect):
            faults.append(Fault("off screen", where, f"{name} {tuple(rect)}"))
    for line in f.status:
        if not lay.top_bar.contains(line.rect):
            faults.append(Fault("text leaves its box", where, f"status {line.text!r} leaves the top bar"))
        if line.size < lay.min_text:
            faults.append(Fault("text too small", where, f"status {line.text!r} at {line.size}"))
    for s, label in f.labels.items():
        rows = [kit.text.width(line, label.size, True) for line in label.lines]
        rows = [rows[0] + label.chip, *rows[1:], *(kit.text.width(n, label.note_size) for n in label.notes)]
        if max(rows) > label.rect.width - 2 * label.PAD:
            faults.append(Fault("text leaves its box", where, f"label {s} {label.lines + label.notes}"))
        if min(label.size, label.note_size) < lay.min_text:
            faults.append(Fault("text too small", where, f"label {s}"))
    for s, speech in f.bubbles.items():
        if kit.text.widest(speech.lines, speech.size, True) > speech.box.width - 20 or speech.size < lay.min_text:
            faults.append(Fault("text leaves its box", where, f"speech {s} {speech.lines} at {speech.size}"))
    for text, pos, _alpha, _colour in f.floats:  # landed beside the score, over no line or button
        landed = kit.text.rect(text, lay.large, pos, "center", True)
        for other, rect in items:
            if other.startswith(("status", "button")) and landed.colliderect(rect):
                faults.append(Fault("overlap", where, f"score change {text!r} {tuple(landed)} covers {other}"))
    for i, b in enumerate(f.buttons):
        if min(b.size) < lay.touch and b != note:
            faults.append(Fault("target too small", where, f"button {i} {tuple(b)}"))
    return faults


# ---- the walk --------------------------------------------------------------------------------------
def survey(frames: int, seed: int = 0, langs=None, games=None, canvases=None, sheet=None, lessons=True):
    """Lay out and check ``frames`` frames of random states (and, with ``lessons``, the first
    steps of each lesson, once per language and canvas); returns (frames checked, faults)."""
    langs = langs or list(i18n.LANGUAGES)
    games = games or list(GAMES)
    canvases = canvases or list(CANVASES)
    combos = [(lang, game, shape) for lang in langs for game in games for shape in canvases]
    per_combo = max(1, frames // len(combos))
    faults: list[Fault] = []
    pictures = []
    count = 0
    try:
        for lang in langs:
            i18n.set_language(lang)
            for shape in canvases:
                app = driver.make_app(CANVASES[shape], SETTINGS)
                for game in games:
                    rng = random.Random(f"{seed}-{lang}-{game}-{shape}")
                    states = sessions(game, rng, -(-per_combo // VARIANTS))
                    if lessons and game == games[0]:  # the lessons (each game's) once per language and canvas
                        states = itertools.chain(states, lesson_sessions())
                    for n, session in enumerate(states):  # each is laid out before the hand moves on
                        scene = show(app, session)
                        for variant in range(VARIANTS):
                            thinking = stage(scene, rng, variant)
                            scene.build()
                            note = [scene.note.rect] if scene.note and scene.note.rect else []
                            scene.view.lay_out(scene.state, scene.hand, [w.rect for w in scene.widgets] + note,
                                               scene.controls_top, scene.hint_button is not None, thinking)
                            where = f"{session.game} {lang} {shape} state {n} variant {variant}"
                            found = check(scene, where)
                            faults += found
                            count += 1
                            if sheet is not None and (found or count % 97 == 0) and len(pictures) < 48:
                                scene.draw(app.screen)
                                pictures.append((app.screen.copy(), found))
    finally:
        i18n.set_language("en")
    if sheet is not None and pictures:
        contact_sheet(pictures, sheet)
    return count, faults


def show(app, session) -> TableScene:
    scene = TableScene(app, session)
    app.show(scene, replace=True)
    scene.state.dealing = False
    scene.state.flights = []
    return scene


def contact_sheet(pictures, path, columns=8, width=240):
    """The pictures side by side, each scaled to ``width``; a frame with a fault has a red edge."""
    thumbs = []
    for surf, found in pictures:
        w, h = surf.get_size()
        thumb = pygame.transform.smoothscale(surf, (width, round(h * width / w)))
        if found:
            pygame.draw.rect(thumb, (230, 30, 30), thumb.get_rect(), 6)
        thumbs.append(thumb)
    rows = [thumbs[i:i + columns] for i in range(0, len(thumbs), columns)]
    sheet = pygame.Surface((columns * (width + 8) + 8, sum(max(t.get_height() for t in r) + 8 for r in rows) + 8))
    sheet.fill((30, 30, 30))
    y = 8
    for r in rows:
        x = 8
        for t in r:
            sheet.blit(t, (x, y))
            x += width + 8
        y += max(t.get_height() for t in r) + 8
    pygame.image.save(sheet, str(path))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=20000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", nargs="+", default=None)
    p.add_argument("--game", nargs="+", default=None, choices=list(GAMES))
    p.add_argument("--canvas", nargs="+", default=None, choices=list(CANVASES))
    p.add_argument("--sheet", type=Path, default=None, help="write a contact sheet of frames (faulty ones edged red)")
    p.add_argument("--show", type=int, default=3, help="faults printed of each kind")
    p.add_argument("--no-lessons", action="store_true", help="random states only")
    p.add_argument("--review", type=int, default=4000, help="hand review screens checked too (tools/review_survey.py)")
    args = p.parse_args(argv)
    count, faults = survey(args.frames, args.seed, args.lang, args.game, args.canvas, args.sheet,
                           not args.no_lessons)
    kinds = Counter(f.kind for f in faults)
    for kind, n in kinds.most_common():
        print(f"{n:6d} {kind}")
        for fault in [f for f in faults if f.kind == kind][:args.show]:
            print(f"         {fault.where}: {fault.detail}")
    overlaps = sum(n for kind, n in kinds.items() if kind in ("overlap", "badge on a face", "index hidden",
                                                               "badge wider than its card"))
    print(f"{count} frames, {overlaps} overlaps, {len(faults) - overlaps} other faults")
    found = []
    if args.review:  # the hand review's screens, by its own survey
        import review_survey

        reviewed, found = review_survey.survey(args.review, args.seed, args.lang, args.game, args.canvas)
        review_survey.report(reviewed, found, args.show)
    return 1 if faults or found else 0


if __name__ == "__main__":
    sys.exit(main())
