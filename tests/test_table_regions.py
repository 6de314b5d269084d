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
