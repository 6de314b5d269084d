"""The layout kit's arrangements: docking bands to a region's edges, rows, columns, shares."""

import pytest

from game.ui.kit import Region, arrange


def test_docked_bands_take_their_edges_in_order_and_leave_the_rest():
    screen = Region(0, 0, 720, 1280)
    placed, rest = arrange.dock(screen, [("bar", "top", 200, 0), ("hand", "bottom", 300, 10),
                                         ("west", "left", 100, 0), ("east", "right", 100, 0),
                                         ("partner", "top", 90, 6)])
    assert placed["bar"] == Region(0, 0, 720, 200)
    assert placed["hand"] == Region(0, 980, 720, 300)
    assert placed["west"] == Region(0, 200, 100, 770)      # from under the bar to the hand's gap
    assert placed["east"] == Region(620, 200, 100, 770)
    assert placed["partner"] == Region(100, 200, 520, 90)  # between the columns docked before it
    assert rest == Region(100, 296, 520, 674)
    regions = [*placed.values(), rest]
    assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1:])


def test_a_band_longer_than_the_room_takes_what_is_left():
    placed, rest = arrange.dock(Region(0, 0, 100, 100), [("a", "top", 80, 0), ("b", "bottom", 80, 0)])
    assert placed["b"] == Region(0, 80, 100, 20)
    assert rest.height == 0


def test_an_unknown_edge_is_refused():
    with pytest.raises(ValueError):
        arrange.dock(Region(0, 0, 10, 10), [("a", "middle", 5, 0)])


def test_row_and_column_place_boxes_with_gaps():
    assert arrange.row(Region(0, 0, 100, 20), [20, 30], 10, "center") == [Region(20, 0, 20, 20), Region(50, 0, 30, 20)]
    assert arrange.column(Region(0, 0, 10, 100), [40, 40], 20, "end") == [Region(0, 0, 10, 40), Region(0, 60, 10, 40)]
    assert arrange.share(10, 3, 1) == [3, 3, 2]
