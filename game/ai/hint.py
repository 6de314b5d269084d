"""The hint button: the best action for the human's seat and one line saying why."""

from __future__ import annotations

from ..engine import GAMES
from ..engine import actions as A
from ..i18n import N_, Message
from ..i18n.refusals import allowed_message
from .family import HiddenTrumpFamily, family_of
from .opening import best_trump
from .rules import rules_for
from .search import Thinker
from ..engine import phases as P

# Per game (``family``): utility differences smaller than ``tie`` count as a tie (about a point
# of 28, ten of 304, ...); an estimate of hundreds of points reads as "about 210" (``round_to``).


def hint(obs, level: str = "normal", seed: int = 0, clock=None) -> tuple[int, Message]:
    """(action, reason), thinking to completion in one call (on ``clock``: see ``Thinker``)."""
    return explain(Thinker(obs, level, seed, clock).finish())


def explain(t: Thinker) -> tuple[int, Message]:
    """(action, reason) from a thinker (for a hint thought out in time slices).

    On a near-tie the rule-based move, the one a human partner expects, is preferred."""
    obs = t.obs
    vals = t.values()
    best = t.best()
    usual = t.fallback
    if usual in vals and best in vals and vals[best][0] - vals[usual][0] <= family_of(GAMES[obs.game]).tie + vals[best][1]:
        best = usual
    return best, reason(obs, t, best, best == usual)


def reason(obs, thinker, action: int, conventional: bool) -> Message:
    """The reason as a Message "{action}: {why}; {outlook}.", translated when shown.  ``{action}`` defaults to the
    card notation ("Play TD"); the UI passes its localized phrase: ``text(action=...)``."""
    text = A.action_text(action, GAMES[obs.game].DECK)
    family = family_of(GAMES[obs.game])
    fig = thinker.expected_figure(action)
    if fig is None and A.is_bid(action):
        fig = table_figure(obs)
    why = describe(obs, action)
    if fig is None:
        outlook = Message(N_("it is the usual play here") if conventional else N_("it came out best in the search"))
    elif family.figure_is_score:
        outlook = Message(N_("your side should gain about {points} score points"), points=f"{fig:+.0f}")
    else:
        step = family.round_to
        shown = round(fig / step) * step
        points, total = f"{shown:.0f}", f"{family.scale(GAMES[obs.game]):.0f}"
        # the bid in play's chance, or a searched bid's own (Twenty-Eight; 304's come from its table)
        made = thinker.made_share(action) if obs.phase == P.PLAY or A.is_bid(action) else None
        if made is None:
            outlook = Message(N_("your side should take about {points} of {total} points"), points=points, total=total)
        elif A.is_bid(action) or holds_the_bid(obs):
            outlook = Message(N_("your side should take about {points} of {total} points and make its bid in about "
                                 "{percent} of the deals"), points=points, total=total, percent=f"{round(100 * made)}%")
        else:
            outlook = Message(N_("your side should take about {points} of {total} points; the other side makes its "
                                 "bid in about {percent} of the deals"), points=points, total=total,
                              percent=f"{round(100 * made)}%")
        why = agreeing(obs, action, shown, why)
    return Message(N_("{action}: {why}; {outlook}."), action=text[0].upper() + text[1:],
                   why=Message(why), outlook=outlook)


def agreeing(obs, action: int, shown: float, why: str) -> str:
    """The reason for an auction move that agrees with the points the hint states: a bid above
    them is not "worth this bid", a pass below the lowest bid is not "not worth a higher bid"."""
    bids = [A.bid_value(a) for a in obs.legal if A.is_bid(a)]
    if A.is_bid(action) and shown < A.bid_value(action):
        if A.PASS not in obs.legal:
            return N_("you must bid, and this is the lowest bid")
        return N_("it came out better than passing, though it is more than your cards are worth")
    if action == A.PASS and obs.phase == P.AUCTION and bids and shown >= min(bids):
        return N_("passing came out better in the search, though your cards may be worth a bid")
    return why


def holds_the_bid(obs) -> bool:
    """The side of ``obs``'s seat holds the highest bid (304, 28: the trumper's side)."""
    bidder = obs.facts.bidder
    return bidder is not None and (bidder ^ obs.seat) & 1 == 0


def table_figure(obs) -> float | None:
    """304/28 bids on four cards: the opening table's mean points for the side as trumper;
    a 304 bid on eight cards: the rules' estimate for those eight."""
    if not isinstance(family_of(GAMES[obs.game]), HiddenTrumpFamily):
        return None
    if len(obs.received) == 8 and obs.phase == P.AUCTION:
        bidder, indicator = obs.facts.bidder, obs.facts.indicator
        cards = sum(1 << c for c in obs.hand) | (1 << indicator if bidder == obs.seat else 0)
        return rules_for(obs.game).eight_card_estimate(cards, holds_the_bid(obs))
    if len(obs.hand) != 4:
        return None
    return best_trump(obs.game, sum(1 << c for c in obs.hand))[1].mean


WHY = {
    A.PASS_PARTNER: N_("pass, but ask your partner to keep bidding"),
    A.REDEAL: N_("these cards are too weak: ask for a new deal"),
    A.KEEP: N_("these cards are good enough to keep"),
    A.REVEAL: N_("show trump now"),
    A.CALL: N_("ask for trump to win this trick"),
    A.DOUBLE: N_("the bidders should fail"),
    A.REDOUBLE: N_("you expect to make your bid"),
    A.CAPS: N_("you can take every trick"),
    A.PUSH: N_("let your partner choose the contract"),
    A.OBENABE: N_("high cards win: you hold the top cards"),
    A.UNDENUFE: N_("low cards win: you hold the low cards"),
}


def describe(obs, action: int) -> str:
    """Why the action (a catalog message, untranslated): for a card, the rule the engine says
    lets it be played (``Observation.why_allowed``)."""
    if A.is_play(action):
        allowed = obs.why_allowed(action)
        return allowed_message(allowed) if allowed is not None else N_("the rules allow it")
    if A.is_bid(action):
        return N_("your cards are worth this bid")
    if action == A.PASS:
        return N_("not worth a higher bid") if obs.phase == P.AUCTION else N_("no reason to raise the stakes")
    if action in WHY:
        return WHY[action]
    kind = A.describe(action).kind
    if kind is A.Kind.CONTRACT:
        return N_("choose this trump")
    if kind is A.Kind.INDICATOR:
        return N_("its suit becomes trump")
    allowed = obs.why_allowed(action)  # an action of a kind the hint has no words of its own for
    return allowed_message(allowed) if allowed is not None else N_("the rules allow it")
