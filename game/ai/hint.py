"""The hint button: the best action for the human's seat and one line saying why."""

from __future__ import annotations

from ..engine import GAMES
from ..engine import actions as A
from .search import Thinker

# Utility differences smaller than this count as a tie (about a point of 28, ten of 304, ...).
TIE = {"28": 0.6, "304": 6.0, "400": 0.6, "schieber": 4.0}
TOTAL = {"28": 28, "304": 304, "schieber": 157}


def hint(obs, level: str = "normal", seed: int = 0) -> tuple[int, str]:
    """(action, reason), thinking to completion in one call."""
    t = Thinker(obs, level, seed)
    while not t.done:
        t.step(10)
    return explain(t)


def explain(t: Thinker) -> tuple[int, str]:
    """(action, reason) from a thinker (for a hint thought out in time slices).

    On a near-tie the rule-based move, the one a human partner expects, is preferred."""
    obs = t.obs
    vals = t.values()
    best = t.best()
    usual = t.fallback
    if usual in vals and best in vals and vals[best][0] - vals[usual][0] <= TIE[obs.game] + vals[best][1]:
        best = usual
    return best, reason(obs, t, best, best == usual)


def reason(obs, thinker, action: int, conventional: bool) -> str:
    text = A.action_text(action, GAMES[obs.game].DECK)
    what = describe(obs, action)
    fig = thinker.expected_figure(action)
    if fig is None or not thinker.counts.get(action):
        tail = "it is the usual play here" if conventional else "it came out best in the search"
    elif obs.game == "400":
        tail = f"your side should gain about {fig:+.0f} score points"
    else:
        tail = f"your side should take about {fig:.0f} of {TOTAL[obs.game]} points"
    return f"{text[0].upper()}{text[1:]}: {what}; {tail}."


def describe(obs, action: int) -> str:
    if A.is_play(action):
        if not obs.trick:
            return "lead it"
        suit_led = None
        for _, c in obs.trick:
            if c is not None:
                suit_led = c >> 4
                break
        if suit_led is not None and action >> 4 != suit_led:
            return "you cannot follow suit"
        return "follow suit"
    if A.is_bid(action):
        return "your cards are worth this bid"
    return {
        A.PASS: "not worth a higher bid" if obs.phase == "auction" else "no reason to raise the stakes",
        A.PASS_PARTNER: "pass, but ask your partner to keep bidding",
        A.REDEAL: "these cards are too weak: ask for a new deal",
        A.KEEP: "these cards are good enough to keep",
        A.REVEAL: "show trump now",
        A.CALL: "ask for trump to win this trick",
        A.DOUBLE: "the bidders should fail",
        A.REDOUBLE: "you expect to make your bid",
        A.CAPS: "you can take every trick",
        A.PUSH: "let your partner choose the contract",
        A.OBENABE: "high cards win: you hold the top cards",
        A.UNDENUFE: "low cards win: you hold the low cards",
    }.get(action, "choose this trump" if A.TRUMP <= action < A.TRUMP + 4 else "lay this card as trump indicator")
