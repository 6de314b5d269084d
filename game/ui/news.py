"""What an action brought to the table besides itself: a call for trump, trump revealed, a
contract chosen, Weis scored, Stöck.  The table shows each as a notice; the hand review lists
them at the step where they happened.  Read from two observations, before and after."""

from __future__ import annotations

from typing import NamedTuple

from game.engine import actions as A
from game.i18n import _

from .names import suit_name


class News(NamedTuple):
    text: str
    icon: tuple | None = None   # ("suit", s) or ("cards", cards), as the table's notices take
    kind: str = ""              # "call", "reveal", "contract", "weis", "stoeck"


def action_news(ui, seat, action, before, after) -> list[News]:
    """The news of ``seat``'s ``action`` (already applied) in the current language; ``before``
    and ``after`` are observations of one seat (any seat: these facts are public)."""
    out = []
    swiss = ui.swiss
    bp, ap = before.public, after.public
    if action == A.CALL:
        text = _("You call Trump!") if ui.is_you(seat) else _("{seat} calls Trump!").format(seat=ui.seat(seat))
        out.append(News(text, None, "call"))
    if ap.get("revealed") and not bp.get("revealed"):
        trump = ap["trump"]
        out.append(News(_("Trump is revealed: {suit}").format(suit=suit_name(trump, swiss)), ("suit", trump), "reveal"))
    if ap.get("contract") and not bp.get("contract"):
        text = _("You choose {contract} ×{mult}") if ui.is_you(seat) else _("{seat} chooses {contract} ×{mult}")
        out.append(News(text.format(
            seat=ui.seat(seat), contract=ui.contract_name(ap["contract"], ap["trump"]), mult=ap["multiplier"]),
            ("suit", ap["trump"]) if ap["trump"] is not None else None, "contract"))
    if sum(ap.get("weis_points", (0, 0))) and not sum(bp.get("weis_points", (0, 0))):
        cards = [c for found in ap["weis"] for w in found for c in w["cards"]]
        out.append(News(weis_text(ui, ap), ("cards", tuple(cards)), "weis"))
    if ap.get("stoeck") is not None and bp.get("stoeck") is None:
        side = ap["stoeck"] & 1
        out.append(News(_("Stöck! {seat} +{pts}").format(seat=ui.seat(ap["stoeck"]), pts=ap["stoeck_points"][side]),
                        None, "stoeck"))
    return out


def weis_text(ui, p) -> str:
    """The Weis scored, per seat, from a Schieber observation's public facts ``p``."""
    parts = []
    for seat, found in enumerate(p["weis"]):
        if found:
            pts = sum(w["points"] for w in found)
            parts.append(_("{seat} {pts}").format(seat=ui.seat(seat), pts=pts))
    side = 0 if p["weis_points"][0] else 1
    text = _("Weis for {side}: {parts}").format(side=ui.side(side), parts=", ".join(parts))
    if p["multiplier"] > 1:
        text += " " + _("(×{mult} = {total})").format(mult=p["multiplier"], total=p["weis_points"][side])
    return text
