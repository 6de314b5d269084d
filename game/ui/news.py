"""What an action brought to the table besides itself: a call for trump, trump revealed, a
contract chosen, Weis scored, Stöck.  The table shows each as a notice; the hand review lists
them at the step where they happened.  Read from the engine's events of the action
(``Observation.events``, game/engine/events.py)."""

from __future__ import annotations

from typing import NamedTuple

from game.engine import events as E
from game.i18n import _

from .names import suit_name


class News(NamedTuple):
    text: str
    icon: tuple | None = None   # ("suit", s) or ("cards", cards), as the table's notices take
    kind: str = ""              # "call", "reveal", "contract", "weis", "stoeck"


def action_news(ui, seat, action, before, after) -> list[News]:
    """The news of ``seat``'s ``action`` (already applied) in the current language, from the
    events in ``after`` (an observation of any seat: events are public)."""
    out = []
    swiss = ui.swiss
    weis, stoeck = [], []
    for event in after.events:
        if isinstance(event, E.TrumpCalled):
            text = _("You call Trump!") if ui.is_you(seat) else _("{seat} calls Trump!").format(seat=ui.seat(seat))
            out.append(News(text, None, "call"))
        elif isinstance(event, E.TrumpRevealed):
            out.append(News(_("Trump is revealed: {suit}").format(suit=suit_name(event.suit, swiss)),
                            ("suit", event.suit), "reveal"))
        elif isinstance(event, E.ContractChosen):
            text = _("You choose {contract} ×{mult}") if ui.is_you(seat) else _("{seat} chooses {contract} ×{mult}")
            out.append(News(text.format(seat=ui.seat(seat), contract=ui.contract_name(event.contract, event.suit),
                                        mult=event.multiplier),
                            ("suit", event.suit) if event.suit is not None else None, "contract"))
        elif isinstance(event, E.WeisScored):
            weis.append(event)
        elif isinstance(event, E.StoeckScored):
            stoeck.append(News(_("Stöck! {seat} +{pts}").format(seat=ui.seat(event.seat), pts=event.points),
                               None, "stoeck"))
    if weis:  # one notice for the side's Weis, then Stöck
        cards = tuple(c for event in weis for c in event.cards)
        out.append(News(weis_text(ui, weis, after), ("cards", cards), "weis"))
    return out + stoeck


def weis_text(ui, weis, obs) -> str:
    """The Weis scored (``WeisScored`` events of one side), per seat."""
    mult = obs.facts.multiplier or 1
    parts = [_("{seat} {pts}").format(seat=ui.seat(e.seat), pts=e.points // mult) for e in weis]
    side = weis[0].seat & 1
    text = _("Weis for {side}: {parts}").format(side=ui.side(side), parts=", ".join(parts))
    if mult > 1:
        text += " " + _("(×{mult} = {total})").format(mult=mult, total=sum(e.points for e in weis))
    return text
