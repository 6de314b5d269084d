"""The table's regions: bands docked per canvas shape, the trick fitted into what they leave."""

import dataclasses

import pytest

from game.ui.kit import Region
from game.ui.kit import shapes
from game.ui.layout import LONG_MIN, Layout
from game.ui.table import regions

CANVASES = [(720, 1558), (1558, 720), (1280, 720), (720, 1280)]


@pytest.mark.parametrize("size", CANVASES)
def test_the_bands_do_not_overlap_and_the_trick_lies_in_its_room(size):
    lay = Layout(size)
    t = lay.shape
    docked = regions.dock(Region(0, 0, *size), t.docks, {name: 40 for name, _edge in t.docks}, {})
    bands = [getattr(docked, f.name) for f in dataclasses.fields(docked) if f.name != "screen"]
    assert not any(a.overlaps(b) for i, a in enumerate(bands) for b in bands[i + 1:])
    r = lay.regions
    zone = Region.of(lay.trick_zone())
    assert r.trick == zone
    for band in (r.top_bar, r.partner, r.controls, r.hand, r.prompt):
        assert not band.overlaps(zone)
    # the side columns share out what the trick leaves, up to it
    assert r.west.right <= zone.x and r.east.x >= zone.right
    for seat in range(4):
        assert zone.contains(Region.of(lay.trick_rect(seat)))
        for other in range(seat + 1, 4):
            assert not lay.trick_rect(seat).inflate(8, 8).colliderect(lay.trick_rect(other))


@pytest.mark.parametrize("size", CANVASES)
def test_the_trick_is_as_large_as_its_room_allows(size):
    """Up to the shape's largest, a card wider would not fit the room (or the room's own bands)."""
    lay = Layout(size)
    t = lay.shape
    w = lay.trick.width
    assert w >= 100  # sideways it was 88 wide, a third of the felt empty beside it
    cap = shapes.grown(t.trick_w, max(0, max(size) - LONG_MIN), t.trick_grow)
    room = lay.trick_room  # what the docked bands leave
    if w < cap:  # a card one pixel wider: three cards and two gaps across, or two and a gap down, do not fit
        assert 3 * (w + 1) + 2 * t.slot_apart > room.width or 2 * round((w + 1) * 1.4) + t.slot_apart > room.height


def test_a_room_too_small_shrinks_the_trick():
    small = regions.fit_trick(Region(0, 0, 300, 200), 130, 10, 0, 0)
    assert small.width == 68 and small.zone().height <= 200 and small.zone().width <= 300
    wide = regions.fit_trick(Region(0, 0, 2000, 2000), 130, 10, 0, 0)
    assert wide.width == 130


@pytest.mark.parametrize("size", CANVASES)
@pytest.mark.parametrize("game", ["28", "400", "schieber"])
def test_the_seats_cards_and_the_trick_lie_in_their_regions(game, size):
    """Laid out over states of a hand: each side seat's cards in its column, the partner's in its
    band, the cards on the table in the trick's room, the hand below the buttons' row."""
    import random

    from harness import driver
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    app = driver.make_app(size, {"anim_speed": 4.0, "ai_level": "easy"})
    session = Session(game, {}, 7, "easy", (0,))
    hand, rng = session.hand, random.Random(7)
    for _step in range(40):
        if hand.is_over():
            break
        scene = TableScene(app, session)
        app.show(scene, replace=True)
        scene.state.dealing, scene.state.flights = False, []
        scene.build()
        scene.lay_out()
        f, r = scene.view.frame, scene.layout.regions
        for seat, region in ((1, r.east), (3, r.west), (2, r.partner)):
            if f.backs.get(seat):
                assert region.contains(Region.of(f.fans[seat])), (seat, f.fans[seat], region)
        for rect in f.trick:
            assert r.trick.contains(Region.of(rect))
        if f.hand is not None:
            assert f.hand.top >= r.controls.bottom
        hand.apply(rng.choice(hand.legal_actions()))
