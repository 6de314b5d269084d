"""What an action brought about, as typed events: the engine tells, nobody compares states.

After ``Hand.apply``, ``Hand.events`` are the events of the action it took (worked out when
first asked, so a replay pays nothing for them) and every observation carries them (``Observation.events``): the action itself (a card played, a bid, a pass, a
word), then what followed from it (the auction won, trump revealed, a contract chosen, Weis
and Stöck scored, a trick won with its points, the hand over with the change of score).
Events hold only what every seat may know: a card played or laid face down is ``None``.
The fast path tells nothing: ``replay_actions`` and ``with_held_cards`` clear them, and after
``fast_apply`` (search reads no events) they are not to be asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Kind


@dataclass(frozen=True)
class Event:
    seat: int  # who acted, or whom it concerns


@dataclass(frozen=True)
class CardPlayed(Event):
    card: int | None       # None: it lies face down (304)
    face_down: bool = False


@dataclass(frozen=True)
class CardGiven(Event):
    """A card passed to another seat (a game with a passing phase); ``card`` None: unseen."""
    to: int = -1
    card: int | None = None


@dataclass(frozen=True)
class BidMade(Event):
    value: int


@dataclass(frozen=True)
class Passed(Event):
    partner_call: bool = False  # 304: the pass asks the partner to bid on


@dataclass(frozen=True)
class Said(Event):
    """A word action with no event of its own: redeal, keep, double, redouble, caps, and a pass
    outside the auction (play on)."""
    kind: Kind


@dataclass(frozen=True)
class AuctionWon(Event):
    bid: int


@dataclass(frozen=True)
class IndicatorLaid(Event):
    card: int | None  # None: face down


@dataclass(frozen=True)
class TrumpCalled(Event):
    pass


@dataclass(frozen=True)
class TrumpRevealed(Event):
    suit: int  # ``seat``: the player whose action revealed it


@dataclass(frozen=True)
class Pushed(Event):
    to: int


@dataclass(frozen=True)
class ContractChosen(Event):
    contract: str          # "trump", "obenabe", "undenufe"
    suit: int | None       # the trump suit of a trump contract
    multiplier: int


@dataclass(frozen=True)
class WeisScored(Event):
    """One seat's Weis, laid open when its side scores them (Schieber)."""
    weis: tuple            # WeisShown (schieber.py): kind, points before the multiplier, cards
    points: int            # this seat's Weis, multiplied

    @property
    def cards(self) -> tuple:
        return tuple(c for w in self.weis for c in w.cards)


@dataclass(frozen=True)
class StoeckScored(Event):
    points: int            # multiplied


@dataclass(frozen=True)
class TrickWon(Event):
    """``seat`` won the trick ``cards`` (from its leader; None for a card never shown)."""
    cards: tuple
    points: int | None     # what it added to the winners' points (multiplied, bonuses in); None if
                           # the game does not count trick points or some stay hidden


@dataclass(frozen=True)
class HandOver(Event):
    """The hand is over (``seat``: -1)."""
    score_change: tuple    # ``Hand.score_change()``
    thrown_in: bool = False
