"""Small time-based motions: a card flying from one point to another."""

from __future__ import annotations


def ease(t: float) -> float:
    """Ease-out cubic on 0..1."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


class Flight:
    """A card (or a back, when ``card`` is None) moving between two centres, scaling its width."""

    def __init__(self, card, start, end, duration, width_from, width_to, delay=0.0, seat=None, down=False):
        self.card, self.start, self.end = card, start, end
        self.duration, self.delay = max(duration, 1e-3), delay
        self.width_from, self.width_to = width_from, width_to
        self.seat, self.down = seat, down
        self.t = 0.0

    def update(self, dt):
        self.t += dt

    @property
    def progress(self) -> float:
        return ease((self.t - self.delay) / self.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    @property
    def pos(self):
        p = self.progress
        return (self.start[0] + (self.end[0] - self.start[0]) * p,
                self.start[1] + (self.end[1] - self.start[1]) * p)

    @property
    def width(self) -> int:
        return round(self.width_from + (self.width_to - self.width_from) * self.progress)
