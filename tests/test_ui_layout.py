"""The table's layout stays legible on a phone: for every game in both orientations, a
hand is played through and, frame after frame, the status text, buttons, speech bubbles,
the trump card, the prompt, the trick and the hand keep out of each other's way, and every
button is a thumb-sized target."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

import pytest
from test_ui_table import human_move, open_table

from game.ui import kit

from harness import driver
from game.ui.layout import LANDSCAPE, PORTRAIT, TOUCH

CASES = [(g, size) for g in ("304", "28", "400", "schieber") for size in (LANDSCAPE, PORTRAIT)]
SEEDS = {"304": 3, "28": 5, "400": 3, "schieber": 8}


def overlaps(name_a, rects_a, name_b, rects_b, same=False):
    out = []
    for (i, a), (j, b) in itertools.product(enumerate(rects_a), enumerate(rects_b)):
        if same and j <= i:
            continue
        if a is not None and b is not None and a.colliderect(b):
            out.append(f"{name_a} {a} overlaps {name_b} {b}")
    return out


def problems(scene):
    """What is wrong with the frame just drawn."""
    r = scene.view.rects
    lay = scene.layout
    screen = lay.rect
    buttons = r["buttons"]
    # the trick's places from the play on; before it no card comes to them, and the prompt and the
    # player's plate may lie on them sideways, where the trick reaches down to the buttons' row
    slots = r["slots"] if scene.obs.phase == "play" or scene.obs.tricks else r["trick"]
    bubbles = list(r["bubbles"].values())
    labels = list(r["labels"].values())
    hand, prompt, indicator = r["hand"], r["prompt"], r["indicator"]
    out = []
    out += overlaps("status", r["status"], "button", buttons)
    out += [f"status {t} leaves the top bar" for t in r["status"] if not lay.top_bar.contains(t)]
    out += overlaps("button", buttons, "button", buttons, same=True)
    out += overlaps("button", buttons, "hand", [hand])
    out += overlaps("button", buttons, "label", labels)
    out += overlaps("button", buttons, "bubble", bubbles)
    out += overlaps("button", buttons, "trick slot", r["slots"])
    out += overlaps("button", buttons, "prompt", [prompt])
    out += overlaps("button", buttons, "trump card", [indicator])
    out += overlaps("bubble", bubbles, "bubble", bubbles, same=True)
    out += overlaps("bubble", bubbles, "trick slot", r["slots"])
    out += overlaps("bubble", bubbles, "label", labels)
    out += overlaps("bubble", bubbles, "hand", [hand])
    out += overlaps("bubble", bubbles, "prompt", [prompt])
    out += overlaps("bubble", bubbles, "trump card", [indicator])
    out += overlaps("bubble", bubbles, "top bar", [lay.top_bar])
    out += [f"bubble {b} leaves the screen" for b in bubbles if not screen.contains(b)]
    out += overlaps("prompt", [prompt], "hand", [hand])
    out += overlaps("prompt", [prompt], "trick slot", slots)
    out += overlaps("prompt", [prompt], "label", labels)
    out += overlaps("trump card", [indicator], "trick slot", r["slots"])
    out += overlaps("trump card", [indicator], "label", labels)
    out += overlaps("trump card", [indicator], "hand", [hand])
    out += overlaps("label", labels, "trick slot", slots)
    out += overlaps("label", labels, "label", labels, same=True)
    out += overlaps("label", labels, "hand", [hand])
    out += overlaps("notice", [r["notice"]], "top bar", [lay.top_bar])
    out += overlaps("notice", [r["notice"]], "button", [b for b in buttons if b.top > lay.top_bar.bottom])
    out += [f"button {b} is smaller than a thumb" for b in buttons if min(b.size) < TOUCH]
    return out


def card_targets(scene):
    """The visible width of each card of the hand (what a thumb can hit without its neighbour)."""
    rects = scene.hand.rects
    out = []
    for i, rect in enumerate(rects):
        nxt = rects[i + 1] if i + 1 < len(rects) and rects[i + 1].top == rect.top else None
        out.append((nxt.left if nxt else rect.right) - rect.left)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game,size", CASES, ids=[f"{g}-{'portrait' if s == PORTRAIT else 'landscape'}"
                                                 for g, s in CASES])
def test_nothing_overlaps_through_a_hand(game, size):
    app, _session = open_table(game, SEEDS[game], size)
    seen, phases = set(), set()
    with driver.unseen(app):
        check_every_frame(app, size, seen, phases)
    assert app.scene.name == "hand-result", "the hand was played to its end"
    assert {"play", "bubble", "last"} <= phases
    assert not seen, "\n".join(sorted(seen)[:20])


def check_every_frame(app, size, seen, phases):
    """Plays the hand (the player's moves by ``human_move``), the problems of every frame's
    layout added to ``seen``.  The frames are not drawn (``unseen``): each is laid out as a whole
    draw lays it out first (``scene.lay_out``: the rects asked), every frame, where before only
    the frames drawn whole were (the planner lays out alike, kept or fresh: test_ui_ahead)."""
    n = 0
    for frame in range(30000):
        scene = app.scene
        if scene.name != "table":
            break
        scene.lay_out()
        phases.add(scene.obs.phase)
        if scene.state.bubbles:
            phases.add("bubble")
        if scene.state.toasts:
            phases.add("notice")
        for p in problems(scene):
            if p not in seen:
                seen.add(p)
        if scene.human_turn():
            if scene.obs.phase == "play":
                # thumb-sized cards whose corner index is never covered by the next card
                assert min(card_targets(scene)) >= (TOUCH if size == PORTRAIT else 60)
                assert scene.layout.card_w >= (150 if size == PORTRAIT else 110)
            if scene.obs.tricks and "last" not in phases:
                phases.add("last")
                driver.click_button(app, "Last trick")
                driver.frames(app, 2)
                driver.tap(app, (10, size[1] // 2))
                continue
            human_move(app, n)
            n += 1
            driver.frames(app, 2)
            continue
        driver.frames(app, 1)


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_the_score_is_never_cut_short_in_any_language(size, monkeypatch):
    from game import i18n
    from game.i18n import LANGUAGES
    from game.ui.table.planner import FramePlanner

    cut = []
    fit = FramePlanner.fit_text
    shown = {}  # the score line of the table being drawn

    def watched(self, text, *args, **kwargs):
        out = fit(self, text, *args, **kwargs)
        if out[0] != text and text in shown.get("score", ""):  # the score, or one of its halves
            cut.append((i18n.language(), text))
        return out

    monkeypatch.setattr(FramePlanner, "fit_text", watched)
    try:
        for game, humans in itertools.product(("304", "28", "400", "schieber"), ((0,), ())):  # () names the sides by compass
            app, _session = open_table(game, SEEDS[game], size, humans=humans)
            for code in LANGUAGES:
                i18n.set_language(code)
                app.scene.build()
                state = app.scene.state
                shown["score"] = app.scene.ui.score_line(state.live_score(), state.obs)
                app.scene.lay_out()  # what a draw lays out first, the fitting watched: the pixels add nothing
    finally:
        i18n.set_language("en")
    assert not cut, cut


def _obs(h):
    return h.observation(0)


STATUS_STATES = {  # a long contract line: the auction, a contract pushed, the bidder's hidden trump (with points)
    "28 auction": ("28", lambda h: h.phase == "auction" and _obs(h).public["high_bid"]),
    "304 trump only you know": ("304", lambda h: h.phase == "play" and h.tricks and _obs(h).public["bidder"] == 0
                                and not _obs(h).public["revealed"]),
    "400 auction": ("400", lambda h: _obs(h).phase == "auction" and len(h.history) >= 2),
    "schieber pushed": ("schieber", lambda h: _obs(h).phase == "contract" and _obs(h).public["pushed"]),
    "schieber pushed, played": ("schieber", lambda h: h.phase == "play" and h.tricks and _obs(h).public["pushed"]),
}


@pytest.mark.parametrize("viewport", [(390, 844), (844, 390), (1280, 720)], ids=["portrait", "landscape", "16:9"])
@pytest.mark.parametrize("state", list(STATUS_STATES))
def test_the_top_bars_lines_are_never_cut_short_on_a_phone(state, viewport):
    """The contract line ("Pushed: you choose the contract" in Tamil, 400's auction in German)
    ended in "…" where the bar was narrow: it takes a second row of the bar instead.  On the
    16:9 canvas the score gives up width it can spare (304's bid and hidden trump in Malayalam
    was cut beside a score that kept its share of the bar)."""
    from test_ui_table import drive_engine_to, show

    from game import i18n
    from game.ui import gfx, style
    from game.ui.layout import canvas_size

    game, want = STATUS_STATES[state]
    app = show(drive_engine_to(game, want, seeds=range(400)), canvas_size(viewport))
    scene, bar = app.scene, app.layout.top_bar
    cut = []
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            scene.build()
            scene.lay_out()  # the frame a draw lays out first (its lines are what is asked)
            lines = [line for line in scene.view.frame.status if line.colour != style.HIGHLIGHT]  # not the score
            inks = [gfx.text(line.text, line.size, line.colour, line.bold).get_bounding_rect().move(line.rect.topleft)
                    for line in lines]
            assert inks and all(bar.contains(ink) for ink in inks), (code, inks)
            # one above the other (Arabic's tall letters may reach a few pixels into the next row's band)
            assert all(a.clip(b).height <= 4 for a, b in itertools.combinations(inks, 2)), (code, inks)
            cut += [(code, line.text) for line in lines if line.text.endswith("…")]
    finally:
        i18n.set_language("en")
    assert not cut, cut


# scores late in a match, as wide as they come
WIDE_SCORES = {"304": [21, 21], "28": [-12, -12], "400": [-38, -38, -38, -38], "schieber": [2999, 2999]}


@pytest.mark.parametrize("canvas", [(720, 1558), (1558, 720), (1280, 720)], ids=["portrait", "landscape", "16:9"])
@pytest.mark.parametrize("game", ["304", "28", "400", "schieber"])
def test_no_part_of_the_score_is_cut_short_on_a_phone(game, canvas, monkeypatch):
    """Every line of the score in the top bar is shown whole, in every language, at the start
    of a match and later (two digits below zero): 400's four players in French or Italian, in
    two halves, were each wider than the room between Menu and Last trick and ended in "…".
    The status lines beside or under it stay whole too, and nothing in the bar overlaps."""
    import re

    from test_ui_table import drive_engine_to, show

    from game import i18n
    from game.ui import gfx, style
    from game.ui.table.state import TableState

    app = show(drive_engine_to(game, lambda h: h.phase == "play" and len(h.tricks) >= 2), canvas)
    scene, lay = app.scene, app.layout
    live = TableState.live_score
    wide = {"on": False}
    monkeypatch.setattr(TableState, "live_score", lambda self: WIDE_SCORES[game] if wide["on"] else live(self))
    faults = []
    try:
        for code, wide["on"] in itertools.product(i18n.LANGUAGES, (False, True)):
            i18n.set_language(code)
            scene.build()
            scene.lay_out()  # the frame a draw lays out first (its lines are what is asked)
            score = scene.ui.score_line(scene.state.live_score(), scene.obs)
            lines = scene.view.frame.status
            shown = [line.text for line in lines if line.colour == style.HIGHLIGHT]
            whole = re.sub(r"[\s·]", "", "".join(shown)) == re.sub(r"[\s·]", "", score)
            if not whole or any(t not in score for t in shown):
                faults.append((code, "score shown as", shown, "not", score))
            faults += [(code, "cut", line.text) for line in lines if line.text.endswith("…")]
            faults += [(code, "too small", line.text, line.size) for line in lines if line.size < lay.min_text]
            inks = [gfx.text(line.text, line.size, line.colour, line.bold).get_bounding_rect().move(line.rect.topleft)
                    for line in lines]
            buttons = [scene.menu_button.rect, scene.last_button.rect]
            faults += [(code, "leaves the bar or covers a button", ink) for ink in inks
                       if not lay.top_bar.contains(ink) or ink.collidelist(buttons) >= 0]
            faults += [(code, "overlap", a, b) for a, b in itertools.combinations(inks, 2) if a.clip(b).height > 4]
    finally:
        i18n.set_language("en")
    assert not faults, faults


# where the seats' labels are longest: the auction's notes ("passed"; 400's "bid 8 · won 0" for
# every seat that has bid) and the play's (the bidder's bid; 400's bids and tricks won, here two
# digits each, the widest they come)
LABEL_STATES = {
    "304 auction": ("304", lambda h: h.phase == "auction" and _obs(h).public["passed"]),
    "304 play": ("304", lambda h: h.phase == "play" and h.tricks),
    "28 auction": ("28", lambda h: h.phase == "auction" and _obs(h).public["passed"]),
    "28 play": ("28", lambda h: h.phase == "play" and h.tricks),
    "400 auction": ("400", lambda h: _obs(h).phase == "auction" and len(h.history) >= 3),
    "400 play": ("400", lambda h: h.phase == "play" and h.tricks),
    "schieber play": ("schieber", lambda h: h.phase == "play" and h.tricks),
}
LABEL_CANVASES = [(720, 1558), (1558, 720), (1280, 720), (720, 1280)]


@pytest.mark.parametrize("canvas", LABEL_CANVASES, ids=["720x1558", "1558x720", "1280x720", "720x1280"])
@pytest.mark.parametrize("state", list(LABEL_STATES))
def test_the_seats_labels_keep_clear_of_each_other_and_of_the_table(state, canvas):
    """Each seat's label (name, note, dealer chip, the thinking dots) stays on screen and clear
    of the other labels, the top bar, the buttons (Hint among them), every seat's cards (its
    own too: the label is beside or above them), the player's hand and the trick's places, in
    every language, whoever deals and whichever AI seat is thinking; its text is whole and no
    smaller than the floor.  In French, 400's partner's label ("Partenaire / enchère 8 · plis 0",
    right of the partner's thirteen cards) ran into the right opponent's in the corner."""
    faults = label_faults(state, canvas)
    assert not faults, "\n".join(map(str, faults[:12])) + f"\n({len(faults)} in all)"


def label_faults(state, canvas):
    """What is wrong with the seats' labels in ``LABEL_STATES[state]`` on ``canvas``."""
    import dataclasses
    import re

    from test_ui_table import FAST, drive_engine_to, wait_for_human

    from game import i18n
    from game.ui.scenes.table import TableScene

    def bare(text):  # wrapped at a space or a " · "
        return re.sub(r"[\s·]", "", text)

    game, want = LABEL_STATES[state]
    session = drive_engine_to(game, want, seeds=range(400))
    app = driver.make_app(canvas, {**FAST, "hints": True})
    session.store = app.store
    app.show(TableScene(app, session))
    assert wait_for_human(app)
    scene, lay = app.scene, app.layout
    st = scene.state
    real = st.obs
    public = dict(real.public)
    if game == "400":
        public["bids"] = [11, 12, 13, 10]
        public["tricks_won"] = [10, 11, 12, 13]
    faults = []
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            scene.build()
            buttons = [w.rect for w in scene.widgets]
            assert scene.hint_button is not None
            for dealer, thinking in itertools.product(range(4), (1, 2, 3)):
                st.obs = dataclasses.replace(real, dealer=dealer, turn=thinking, public=public)
                f = scene.view.lay_out(st, scene.hand, buttons, scene.controls_top, True, thinking)
                labels = f.labels
                assert labels[thinking].thinking and labels[dealer].dealer
                seen = (code, "dealer", dealer, "thinking", thinking)
                for s, label in labels.items():
                    r = label.rect
                    others = [(f"label {t}", labels[t].rect) for t in labels if t > s]
                    for what, other in [*others, ("top bar", lay.top_bar), *(("button", b) for b in buttons),
                                        *((f"fan {t}", fan) for t, fan in f.fans.items()), ("hand", f.hand),
                                        *(("trick slot", slot) for slot in f.slots)]:
                        if other is not None and r.colliderect(other):
                            faults.append((*seen, f"label {s}", r, "overlaps", what, other))
                    if not lay.rect.inflate(-8, -8).contains(r):
                        faults.append((*seen, f"label {s}", r, "leaves the screen"))
                    # every row whole in the panel: the chip before the name, the dots after their row's text
                    rows = [kit.text.width(line, label.size, True) for line in label.lines]
                    rows = [rows[0] + label.chip, *rows[1:], *(kit.text.width(n, label.note_size) for n in label.notes)]
                    rows += [0] * (label.dots_row + 1 - len(rows))
                    rows[label.dots_row] += label.DOTS if label.thinking else 0
                    if max(rows) > r.width - 2 * label.PAD or min(label.size, label.note_size) < lay.min_text:
                        faults.append((*seen, f"label {s}", "text cut or too small", label.lines, label.notes))
                    if bare("".join(label.lines)) != bare(label.name) or bare("".join(label.notes)) != bare(label.note):
                        faults.append((*seen, f"label {s}", "text lost", label.lines, label.notes))
            st.obs = real
    finally:
        st.obs = real
        i18n.set_language("en")
    return faults
