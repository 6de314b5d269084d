"""A partner that shows its reasons: what an AI decision weighed, as data and as one line.

``weigh(thinker)`` turns a finished ``search.Thinker`` into a ``Decision``:
- ``choices``: every legal action it weighed, best first, each a ``Choice`` with
  ``value`` (the AI's mean utility: the side's point lead plus the weighted match score, on
  the points' scale), ``margin`` (its standard error), ``points`` (the mean points our side
  takes after it — card points; 400: the score change — from the roll-outs, or where the
  worlds are searched exactly from a line of perfect play in the first ``FIGURE_WORLDS`` of
  them), ``made`` (bids: the share of worlds in which our side took the bid's points, among
  those where it held the contract, ``family.bid_made``; card plays in 304 and Twenty-Eight,
  whose score the bid decides beyond the card points: the share in which the bid in play was
  made, whichever side holds it; None otherwise) and
  ``samples`` (the worlds it was tried in);
- ``action``: the action taken, ``thinker.best()``: the choice with the highest ``value``,
  for bids ``value - margin`` (a bid must beat passing by more than its noise); on equal
  figures the rule-based action;
- ``worlds``: how many sampled deals were weighed; ``level``; ``seat``;
- ``reason``: one line in plain words built from those figures, an ``i18n.Message``
  (translated when shown; ``{action}`` and ``{other}`` are the record's action texts, which the
  UI may replace with its localized phrases: ``reason.text(action=..., other=...)``).
A rule-based decision (the baseline, a search level's auction in 304, a single legal action)
has one choice and the hint's rule-based line.

Nothing in a ``Decision`` comes from outside the seat's observation: the choices are its own
legal actions, and the figures are means over worlds sampled from that observation.

``Decision.as_json()`` / ``Decision.from_json()`` keep it in a hand record's optional
``annotations`` (``engine.records.annotate``); ``replay`` ignores them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import GAMES
from ..engine import actions as A
from ..i18n import N_, Message
from .family import family_of
from .hint import holds_the_bid, reason as rule_reason
from ..engine import phases as P

# A lead smaller than this (in the utility's points) reads as "as good as"; per unit of the
# game's points (28 counts in ones, 304 and Schieber in tens, 400 in score points).
TIE_SHARE = 0.02
# A bid's chance that a choice moves by less than this does not explain the choice.
MADE_STEP = 0.05


# The lines that name the deciding seat's side ("your side": a reason speaks to that seat) or
# the other side, each with the line the player reads when an opponent decided (ACROSS): for
# the player that seat's side is "their side", and the player's own is no longer "the other".
BID_CHANCE = N_("{action}: your side makes its bid in about {percent} of {worlds} deals the AI imagined.")
MATCH_BETTER = N_("{action}: better for your side than {other} in the match that the bid of 13 decides, "
                  "over {worlds} deals the AI imagined.")
FEWER_BUT_SCORE = N_("{action}: about {fewer} points fewer for your side than {other}, but better for "
                     "the score, over {worlds} deals the AI imagined.")
AS_MANY_BUT_SCORE = N_("{action}: about as many points for your side as {other}, but better for the "
                       "score, over {worlds} deals the AI imagined.")
BETTER_AND_SCORE = N_("{action}: about {gain} points better for your side than {other}, and better still "
                      "for the score, over {worlds} deals the AI imagined.")
BETTER = N_("{action}: about {gain} points better for your side than {other}, over {worlds} deals the AI imagined.")
OURS_MAKES = N_("{action}: your side makes its bid in about {percent} of the deals the AI imagined, "
                "against {other_percent} with {other}.")
THEIRS_MAKES = N_("{action}: the other side makes its bid in about {percent} of the deals the AI imagined, "
                  "against {other_percent} with {other}.")
ACROSS = {
    BID_CHANCE: N_("{action}: their side makes its bid in about {percent} of {worlds} deals the AI imagined."),
    MATCH_BETTER: N_("{action}: better for their side than {other} in the match that the bid of 13 decides, "
                     "over {worlds} deals the AI imagined."),
    FEWER_BUT_SCORE: N_("{action}: about {fewer} points fewer for their side than {other}, but better for "
                        "the score, over {worlds} deals the AI imagined."),
    AS_MANY_BUT_SCORE: N_("{action}: about as many points for their side as {other}, but better for the "
                          "score, over {worlds} deals the AI imagined."),
    BETTER_AND_SCORE: N_("{action}: about {gain} points better for their side than {other}, and better still "
                         "for the score, over {worlds} deals the AI imagined."),
    BETTER: N_("{action}: about {gain} points better for their side than {other}, over {worlds} deals the AI "
               "imagined."),
    OURS_MAKES: N_("{action}: their side makes its bid in about {percent} of the deals the AI imagined, "
                   "against {other_percent} with {other}."),
    THEIRS_MAKES: OURS_MAKES,
}


@dataclass(frozen=True)
class Choice:
    action: str
    value: float
    margin: float
    points: float | None
    made: float | None
    samples: int


@dataclass(frozen=True)
class Decision:
    seat: int
    level: str
    action: str
    worlds: int
    choices: tuple[Choice, ...]
    reason: Message = field(compare=False)

    def as_json(self) -> dict:
        return {"seat": self.seat, "level": self.level, "action": self.action, "worlds": self.worlds,
                "choices": [{"action": c.action, "value": round(c.value, 2), "margin": round(c.margin, 2),
                             "points": None if c.points is None else round(c.points, 1),
                             "made": None if c.made is None else round(c.made, 3), "samples": c.samples}
                            for c in self.choices],
                "reason": message_json(self.reason)}

    @classmethod
    def from_json(cls, data: dict) -> Decision:
        choices = tuple(Choice(c["action"], c["value"], c["margin"], c["points"], c["made"], c["samples"])
                        for c in data["choices"])
        return cls(data["seat"], data["level"], data["action"], data["worlds"], choices,
                   message_from_json(data["reason"]))


def message_json(m: Message) -> dict:
    return {"msgid": m.msgid, "values": {k: message_json(v) if isinstance(v, Message) else v
                                         for k, v in m.values.items()}}


def message_from_json(data: dict) -> Message:
    return Message(data["msgid"], **{k: message_from_json(v) if isinstance(v, dict) else v
                                     for k, v in data["values"].items()})


def weigh(thinker) -> Decision:
    """What ``thinker`` weighed and why it chose its action (call when it is done)."""
    obs = thinker.obs
    deck = GAMES[obs.game].DECK

    def text(a: int) -> str:
        return A.action_text(a, deck)

    action = thinker.best()
    vals = thinker.values()
    if not vals or len(vals) < 2:
        only = Choice(text(action), 0.0, 0.0, thinker.expected_figure(action), None, 0)
        return Decision(obs.seat, thinker.level_name, text(action), 0, (only,),
                        rule_reason(obs, thinker, action, True))
    choices = []
    for a, (mean, se, n) in vals.items():
        choices.append((a, Choice(text(a), mean, se, thinker.expected_figure(a), thinker.made_share(a), n)))
    choices.sort(key=lambda ac: (ac[0] != action, -ac[1].value))
    worlds = max(c.samples for _, c in choices)
    best = choices[0][1]
    runner = choices[1][1]
    counted = [thinker.figure_value(a) for a, _ in choices[:2]]
    points_gain = None if None in counted else counted[0] - counted[1]
    points_worlds = min(thinker.figure_counts[a] for a, _ in choices[:2])
    return Decision(obs.seat, thinker.level_name, best.action, worlds, tuple(c for _, c in choices),
                    plain_reason(obs, best, runner, action == thinker.fallback, worlds, points_gain,
                                 points_worlds))


def plain_reason(obs, best: Choice, runner: Choice, usual: bool, worlds: int,
                 points_gain: float | None = None, points_worlds: int | None = None) -> Message:
    """One line from the figures: the contract's chance for a bid, else how much better it is than
    the next best choice: in the points the side takes (the figures the choices' table shows)
    where they were counted, else in the AI's value (a lead over the other side); or that the two
    are as good as each other, or, in the trick play of 304 and Twenty-Eight where the points do
    not explain the lead, how it moves the bid's chance, or as good in points (or worse) but
    better for the score (the other side's points, the contract, the match score), or better in
    points and better still for the score (where the points explain less than half the lead), or,
    where a 400 bid of 13 decides the match, better for the match (its lead is then mostly a share
    of the match's 60).

    ``points_gain``: the value's lead over the worlds the points were counted in, where that is
    not every world (the exact tricks count them in the first ``FIGURE_WORLDS``): the points are
    weighed against it, like for like; if it shows no lead there, the points cannot tell why and
    the line names the value's lead.  ``points_worlds``: how many worlds the points were counted
    in, the number a line that speaks of points gives (else ``worlds``)."""
    if best.made is not None and obs.phase != P.PLAY:
        return Message(BID_CHANCE,
                       action=best.action, percent=f"{round(100 * best.made)}%", worlds=worlds)
    gain = best.value - runner.value
    if gain < 0:  # a bid that looked better but not by more than its noise
        return Message(N_("{action}: safer than {other}, whose gain over {worlds} deals the AI imagined is within its noise."),
                       action=best.action, other=runner.action, worlds=worlds)
    cls = GAMES[obs.game]
    fam = family_of(cls)
    tie = TIE_SHARE * fam.scale(cls)
    if gain < tie:
        if usual:
            return Message(N_("{action}: as good as {other} here, and the usual play."),
                           action=best.action, other=runner.action)
        return Message(N_("{action}: about as good as {other} over {worlds} deals the AI imagined."),
                       action=best.action, other=runner.action, worlds=worlds)
    if fam.match_at_stake(obs):  # the gain is mostly the match, not points
        return Message(MATCH_BETTER,
                       action=best.action, other=runner.action, worlds=worlds)
    if points_gain is None:
        points_gain = gain
    if best.points is not None and runner.points is not None and points_gain >= tie / 2:
        # say the difference the choices' table shows (the points the side takes); the value's lead
        # also counts the other side's (a point taken from them moves it by two) and the score
        worlds = points_worlds or worlds
        more = best.points - runner.points
        if more <= 0 or 2 * fam.point_worth(obs) * more < points_gain:
            # the points explain less than half the lead: the bid's chance may, else "the score"
            told = bid_reason(obs, best, runner)
            if told is not None:
                return told
            if more <= -tie / 2:
                return Message(FEWER_BUT_SCORE,
                               action=best.action, other=runner.action, fewer=points_text(-more), worlds=worlds)
            if more < tie / 2:
                return Message(AS_MANY_BUT_SCORE,
                               action=best.action, other=runner.action, worlds=worlds)
            return Message(BETTER_AND_SCORE,
                           action=best.action, other=runner.action, gain=points_text(more), worlds=worlds)
        gain = more
    return Message(BETTER,
                   action=best.action, other=runner.action, gain=points_text(gain), worlds=worlds)


def bid_reason(obs, best: Choice, runner: Choice) -> Message | None:
    """In the trick play of a game whose score the bid decides beyond the points (304, 28): the
    line that names the bid's chance, if ``best`` moves it by ``MADE_STEP`` or more the side's
    way (up for the bidders, down for the other side); else None."""
    if best.made is None or runner.made is None:
        return None
    ours = holds_the_bid(obs)
    change = best.made - runner.made
    if (change if ours else -change) < MADE_STEP:
        return None
    values = dict(action=best.action, other=runner.action,
                  percent=f"{round(100 * best.made)}%", other_percent=f"{round(100 * runner.made)}%")
    if ours:
        return Message(OURS_MAKES, **values)
    return Message(THEIRS_MAKES, **values)


def points_text(gain: float) -> str:
    """A difference in points as a line says it: whole from 1.5 up, else to a tenth."""
    return f"{gain:.0f}" if gain >= 1.5 else f"{gain:.1f}"


__all__ = ["Choice", "Decision", "message_from_json", "message_json", "weigh"]
