"""The table survey (tools/table_survey.py) over a bounded sample: random states of every game
on every canvas shape, in a left-to-right and a right-to-left language, laid out and checked
for covered content, hidden card indices, text out of its box and sizes under the phone
floors; and the survey's checks see a fault planted in a frame."""

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import pytest
import table_survey as survey

from harness import driver
from game.ui.table.planner import Speech


@pytest.mark.parametrize("lang", ["de", "ar"])
def test_a_sample_of_states_has_nothing_covered(lang):
    count, faults = survey.survey(64, seed=7, langs=[lang], lessons=False)
    assert count >= 64
    assert not faults, "\n".join(map(str, faults[:10]))


def test_the_lessons_on_the_shortest_upright_canvas_have_nothing_covered():
    """9:16 with the action buttons up: a lesson's note in the lane under the partner's cards,
    and two seats' speech beside it (the staging that once left the partner's with no place)."""
    count, faults = survey.survey(156, langs=["de"], games=["304"], canvases=["9:16"])
    assert count > 156  # the lessons' steps came after the random states
    assert not faults, "\n".join(map(str, faults[:10]))


def test_a_notice_with_no_free_place_for_its_picture_above_its_words_puts_it_beside_them(monkeypatch):
    """The Schieber lesson on 9:16 with every seat speaking: a contract's notice, its suit above
    its words, is too tall for any free place (it covered the player's name and a speech bubble);
    with the suit beside the words it finds one."""
    from game.ui.table.planner import FramePlanner
    placed = []
    notice = FramePlanner.notice

    def watched(self, f, state):
        found = notice(self, f, state)
        if found and found.icon and found.words.top < found.icon_at[1] + found.icon.get_height():  # beside
            assert found.words.left > found.icon_at[0] + found.icon.get_width()
            placed.append(found)
        return found

    monkeypatch.setattr(FramePlanner, "notice", watched)
    count, faults = survey.survey(128, seed=2, langs=["ar"], canvases=["9:16"])
    assert not faults, "\n".join(map(str, faults[:10]))
    assert placed, "no notice needed its picture beside its words"


def laid_out_trick():
    """A table in the play with cards on it, laid out."""
    app = driver.make_app(survey.CANVASES["upright"], survey.SETTINGS)
    rng = random.Random(3)
    for session in survey.sessions("28", rng, 40):
        scene = survey.show(app, session)
        if scene.state.shown_trick():
            thinking = survey.stage(scene, rng, 1)
            scene.state.bubbles = {2: ("Pass", 0.5)}
            scene.build()
            scene.view.lay_out(scene.state, scene.hand, [w.rect for w in scene.widgets], scene.controls_top,
                               scene.hint_button is not None, thinking)
            return scene
    pytest.fail("no state with cards on the table")


def test_the_survey_sees_speech_over_a_card_and_its_index():
    scene = laid_out_trick()
    assert not [f for f in survey.check(scene, "here") if f.kind in ("overlap", "index hidden")]
    f = scene.view.frame
    seat = scene.state.shown_trick()[0][0]
    card = scene.layout.trick_rect(seat)
    speech = f.bubbles[2]
    f.bubbles[2] = Speech(speech.box.move(card.left - speech.box.left, card.top - speech.box.top), speech.lines,
                          speech.size, speech.base, speech.tip)
    kinds = {fault.kind for fault in survey.check(scene, "here")}
    assert {"overlap", "index hidden"} <= kinds


def test_the_survey_sees_a_badge_on_a_face_and_small_text():
    scene = laid_out_trick()
    f = scene.view.frame
    seat, card, down = scene.state.shown_trick()[0]
    assert card is not None and not down
    badge = f.badges[0]
    badge.box.center = scene.layout.trick_rect(seat).center
    f.labels[1].size = 12
    kinds = {fault.kind for fault in survey.check(scene, "here")}
    assert {"badge on a face", "text too small"} <= kinds
