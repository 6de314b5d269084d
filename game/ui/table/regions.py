"""The table's regions for a canvas: its bands docked to the screen's edges in the order the
canvas shape declares (``kit.shapes``: ``docks``), through the kit (``kit.arrange.dock``), and
the trick fitted into what they leave, as large as that room allows.

Upright the top bar, the hand, the action buttons' row and the prompt's band are docked first,
then the partner's band and the lane under it (a speech bubble, a lesson's note, news) across
the whole width, then the side seats' columns; sideways the side seats' columns come before the
partner's band, which lies between them.  What is left is the trick's room: the four places in
a cross, each a whole card apart from its neighbours."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..kit import Region, arrange

ASPECT = 1.4  # card height / width


@dataclass(frozen=True)
class TableRegions:
    screen: Region
    top_bar: Region
    hand: Region        # the player's cards (two rows upright from eight)
    controls: Region    # a row of action buttons above the hand
    prompt: Region      # the line above the buttons (upright; sideways it has no band of its own)
    partner: Region     # the partner's cards and name plate
    lane: Region        # under the partner's band: its speech, a lesson's note (upright)
    west: Region        # the left opponent's column: name plate above its cards
    east: Region
    trick: Region       # what the bands leave: the trick's room


@dataclass(frozen=True)
class Trick:
    """The trick fitted into its room: the cards' width, the centre, and how far the side and
    the top and bottom places lie from it."""

    width: int
    center: tuple
    dx: int
    dy: int

    @property
    def height(self) -> int:
        return round(self.width * ASPECT)

    def places(self) -> dict:
        """Each seat's place (its centre): 0 the player at the bottom, 1 right, 2 top, 3 left."""
        x, y = self.center
        return {0: (x, y + self.dy), 1: (x + self.dx, y), 2: (x, y - self.dy), 3: (x - self.dx, y)}

    def zone(self) -> Region:
        w, h = self.width, self.height
        x, y = self.center
        return Region(x - self.dx - w // 2, y - self.dy - h // 2, 2 * self.dx + w, 2 * self.dy + h)


def dock(screen: Region, order, lengths: dict, gaps: dict) -> TableRegions:
    """The table's bands docked in ``order`` ((name, edge) pairs, as a shape declares them),
    each ``lengths[name]`` long and ``gaps[name]`` (0 if not named) apart from the rest."""
    placed, rest = arrange.dock(screen, [(name, edge, lengths[name], gaps.get(name, 0)) for name, edge in order])
    return TableRegions(screen=screen, trick=rest, **placed)


def fit_trick(room: Region, most: int, apart: int, least_dx: int, least_dy: int) -> Trick:
    """The largest trick, up to cards ``most`` wide, whose cross fits ``room``: the side places
    at least ``least_dx`` from the centre and the top and bottom ones ``least_dy``, every card
    at least ``apart`` from its neighbours."""
    by_width = (room.width - 2 * apart) // 3                    # three cards and two gaps across
    by_height = int((room.height - apart) / 2 / ASPECT)         # two cards and a gap down
    while 2 * round((by_height + 1) * ASPECT) + apart <= room.height:  # the rounding of a card's height
        by_height += 1
    w = max(1, min(most, by_width, by_height))
    h = round(w * ASPECT)
    dx = min(max(least_dx, w + apart), (room.width - w) // 2)
    dy = min(max(least_dy, (h + apart + 1) // 2), (room.height - h) // 2)
    return Trick(w, room.center, dx, dy)


def share_beside(regions: TableRegions, zone: Region, gap: int) -> TableRegions:
    """The regions once the trick has its ``zone``: the trick's room is the zone, and the side
    columns share out what the trick leaves on each side (``gap`` from it), so that a side seat's
    name plate may use the width up to the trick."""
    west, east = regions.west, regions.east
    west = west._replace(width=max(west.width, zone.x - gap - west.x))
    right = min(east.x, zone.right + gap)
    east = east._replace(x=right, width=east.right - right)
    return replace(regions, west=west, east=east, trick=zone)
