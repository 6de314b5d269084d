"""Work done ahead of need keeps the table's frames short: the hand result is made while the
finished hand stays on the table, so the frame it shows in renders no text; a card face is drawn
ahead, one a frame, and one asked for ahead is shown scaled until then (a second packet's four
faces took 4-7 ms in one frame).  Time is the frames' own; the AI thinks on a work clock."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from harness import driver
from game.ui import art, fonts
from game.ui.scenes.table import TableScene
from game.ui.session import Session

PHONE = (720, 1558)


def all_ai_table(game, seed):
    app = driver.make_app(PHONE, {"anim_speed": 1.0, "trick_wait": 0.5})
    app.show(TableScene(app, Session(game, {}, seed, "easy", ())))
    return app, app.scene


def test_the_hand_result_is_made_ahead_and_its_first_frame_renders_no_text(monkeypatch):
    app, table = all_ai_table("304", 5)
    renders = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda *a, **k: renders.append(a[0]) or real(*a, **k))
    for _ in range(20000):
        del renders[:]
        driver.frames(app, 1)
        if app.scene is not table:
            break
    assert app.scene.name == "hand-result"
    assert app.scene is table.result_ahead.scene  # the one made ahead, shown
    assert renders == []  # every text of its first picture was made ahead
    whole = app.screen.copy()
    app.scene.draw(whole)  # its first frame showed the picture drawn ahead: the whole picture
    assert bytes(whole.get_view("0")) == bytes(app.screen.get_view("0"))


def test_no_frame_draws_more_than_one_new_card_face_when_a_packet_comes(monkeypatch):
    app, table = all_ai_table("28", 2)
    new_faces = []
    real = art.CardArt._face

    def face(self, card, width):
        new_faces.append((card, width))
        return real(self, card, width)

    monkeypatch.setattr(art.CardArt, "_face", face)
    most, packet_seen = 0, False
    for _ in range(20000):
        del new_faces[:]
        held = len(table.hand.cards)
        driver.frames(app, 1)
        if app.scene is not table:
            break
        packet_seen = packet_seen or len(table.hand.cards) > held
        hand_faces = [f for f in new_faces if f[1] == table.layout.card_w]
        most = max(most, len(hand_faces))
    assert packet_seen  # the second packet came
    assert most <= 1


def test_the_planner_keeps_nothing_that_lays_a_frame_out_otherwise(monkeypatch):
    """The planner keeps what it laid out (the top bar's lines, the places found for what moves)
    and lays out only what changed: every frame of a hand of each game, on both phone canvases,
    is the frame a planner with nothing kept lays out, but for the top bar in the frame of a
    move (as it was: the next frame lays it out)."""
    from game.ui.table.planner import FramePlanner
    from game.ui.table.view import TableView

    real = TableView.lay_out
    compared, due = [], []

    def lay_out(self, state, hand, buttons, controls_top, hint_shown, thinking_seat):
        kept = real(self, state, hand, buttons, controls_top, hint_shown, thinking_seat)
        fresh = FramePlanner(self.lay, self.art, self.planner.ui).frame(state, hand, buttons, controls_top,
                                                                        hint_shown, thinking_seat)
        if not self.planner.bar_stale(state):
            assert kept.rects == fresh.rects
            assert kept.status == fresh.status
        else:  # the top bar as it was, laid out again in the next frame
            assert {k: v for k, v in kept.rects.items() if k != "status"} == \
                {k: v for k, v in fresh.rects.items() if k != "status"}
            due.append(self.planner.bar_version)
        compared.append(1)
        return kept

    monkeypatch.setattr(TableView, "lay_out", lay_out)
    for game, size in (("28", PHONE), ("schieber", PHONE[::-1]), ("400", PHONE), ("304", PHONE[::-1])):
        app = driver.make_app(size, {"anim_speed": 1.0, "trick_wait": 0.5})
        app.show(TableScene(app, Session(game, {}, 3, "easy", ())))
        table = app.scene
        for _ in range(20000):
            moves = len(table.session.hand.history)
            driver.frames(app, 1)
            if app.scene is not table:
                break  # the bar as it was only in the frame of a move (the next lays it out):
            assert not table.view.planner.bar_stale(table.state) or len(table.session.hand.history) > moves
        assert app.scene is not table  # the hand was played to its end
        assert due
        due.clear()
    assert len(compared) > 100



def test_the_player_never_sees_their_own_cards_face_down():
    """A hand's face the work ahead has not reached, nor its trick-sized face, is drawn when the
    hand shows, however many a frame: the player's cards never stand in face down (their back
    scaled), even at a table's first hand or a 28 second packet."""
    app = driver.make_app(PHONE, {"anim_speed": 1.0, "trick_wait": 0.5})
    app.show(TableScene(app, Session("28", {}, 5, "easy", (0,))))
    view = app.scene.view
    lay = view.lay
    view.back(lay.back_w)  # the fans' back drawn: it could stand in
    waiting = [c for c in app.scene.obs.hand
               if (c, lay.card_w) in view.to_warm and not view.art.has_face(c, lay.trick_w)]
    assert len(waiting) >= 2
    assert all(view.new_face(c, lay.card_w) for c in waiting)
