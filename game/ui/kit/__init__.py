"""The layout kit: the one place that measures text, and the pieces every screen is laid out
with: immutable ``Region`` and ``Size``, text fitted to its room (``text``), rows, columns and
stacks (``arrange``), one way to put a thing where it hides least (``place``), and the canvas
shapes' declared measures (``shapes``)."""

from . import arrange, place, shapes, text
from .geometry import Region, Size, covered

__all__ = ["Region", "Size", "arrange", "covered", "place", "shapes", "text"]
