"""A partner that shows its reasons: ``game.ai.reasons`` and the records' optional annotations."""

from __future__ import annotations

import json
import random
import re

import pytest

from game.ai import LEVELS, Thinker, baseline_action, search
from game.ai.family import family_of
from game.ai.reasons import Choice, Decision, plain_reason, weigh
from game.ai.search import Level
from game.ai.worlds import sample_world
from game.engine import GAMES
from game.engine import actions as A
from game.engine.records import annotate, annotations, replay
from game.i18n import Message
from helpers import extracted, thirteen_bid_ending

GAME_NAMES = list(GAMES)
TINY = Level(budget_ms=1e9, max_rollouts=40, exact_cards=3, noise=0.05, bids=3)  # the same work anywhere


@pytest.fixture(autouse=True)
def tiny_level(monkeypatch):
    monkeypatch.setitem(LEVELS, "tiny", TINY)


def think(obs, seed=1):
    return Thinker(obs, "tiny", seed).finish(50)


def decisions(game, n, seed=0):
    """(observation, thinker) at decisions with a choice, in hands played by the rules."""
    rng = random.Random(f"{game}{seed}")
    out = []
    for i in range(40):
        hand = GAMES[game].deal(f"why{seed}/{i}", dealer=i % 4)
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            if len(obs.legal) > 1 and rng.random() < 0.2:
                out.append((obs, think(obs, i)))
                if len(out) == n:
                    return out
            hand.apply(baseline_action(obs, i))
    return out


def chosen_by_the_rule(decision: Decision, fallback: str) -> set:
    """The choices the documented rule allows: the best value (bids: value - margin)."""
    def score(c):
        return c.value - (c.margin if c.action.startswith("bid") else 0.0)
    top = max(score(c) for c in decision.choices)
    best = {c.action for c in decision.choices if score(c) >= top - 1e-9}
    return best if len(best) == 1 or fallback not in best else {fallback}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_shown_choice_is_the_best_estimate_reported(game):
    found = decisions(game, 8)
    assert len(found) >= 4
    weighed = 0
    for obs, t in found:
        d = weigh(t)
        deck = GAMES[game].DECK
        assert d.action == A.action_text(t.best(), deck) == d.choices[0].action
        assert {c.action for c in d.choices} <= {A.action_text(a, deck) for a in obs.legal}
        if len(d.choices) > 1:
            weighed += 1
            assert d.action in chosen_by_the_rule(d, A.action_text(t.fallback, deck))
            assert d.worlds == max(c.samples for c in d.choices) > 0
        assert isinstance(d.reason, Message) and d.reason.text()
    assert weighed


def cards_named(data) -> set[str]:
    return set(re.findall(r"\b(?:play|indicator) (\w\w)\b", json.dumps(data)))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_nothing_shown_reveals_a_card_the_seat_could_not_know(game):
    for obs, t in decisions(game, 6, seed=1):
        deck = GAMES[game].DECK
        seen = set(obs.hand) | set(obs.received)
        seen |= {c for _, cards, _ in obs.tricks for c in cards if c is not None}
        seen |= {c for _, c in obs.trick if c is not None}
        shown = weigh(t).as_json()
        assert cards_named(shown) <= {deck.text(c) for c in seen}
        # the same observation with other cards behind it shows exactly the same
        other = sample_world(obs, random.Random(7)).observation(obs.seat)
        assert other == obs
        assert weigh(think(other, t.seed)).as_json() == shown


def test_the_reason_is_built_from_the_figures():
    """The points a line names are the difference the choices' table shows (the points the side
    takes) where they were counted, else the difference in value."""
    said_points = 0
    for obs, t in decisions("28", 30, seed=2):
        d = weigh(t)
        if len(d.choices) < 2 or obs.phase != "play":
            continue
        text = d.reason.text()
        assert text.startswith(d.action + ":")
        best, runner = d.choices[0], d.choices[1]
        if "points better" in text:  # (with or without "better still for the score")
            assert runner.action in text and str(d.worlds) in text
            said = float(re.search(r"about ([\d.]+) points", text).group(1))
            counted = best.points is not None and runner.points is not None
            assert said == pytest.approx(best.points - runner.points if counted else best.value - runner.value, abs=0.5)
            said_points += counted
    assert said_points >= 3


@pytest.mark.parametrize("game", GAME_NAMES)
def test_in_the_exact_tricks_the_table_shows_the_points_of_a_line_of_perfect_play(game, monkeypatch):
    """Where every world is searched exactly, the first ``FIGURE_WORLDS`` of them are also played
    out (``solver.line_end``): each choice has the side's points, as in the roll-outs, and the
    line names their difference."""
    monkeypatch.setattr(search, "FIGURE_WORLDS", 5)
    found = 0
    for i in range(40):
        hand = GAMES[game].deal(f"exact{i}", dealer=i % 4)
        while hand.turn >= 0 and not (hand.phase == "play" and max(h.bit_count() for h in hand.hand) <= 3):
            hand.apply(baseline_action(hand.observation(hand.turn), i))
        obs = hand.observation(hand.turn) if hand.turn >= 0 else None
        if obs is None or len(obs.legal) < 2:
            continue
        t = think(obs, i)
        assert t.exact
        for a in t.candidates:
            assert t.counts[a] > 5 and t.figure_counts[a] == 5
        d = weigh(t)
        assert all(c.points is not None for c in d.choices)
        best, runner = d.choices[:2]
        text = d.reason.text()
        if "points better" in text:  # the points, over the worlds they were counted in; else the value's lead
            said = float(re.search(r"about ([\d.]+) points", text).group(1))
            if "over 5 deals" in text:
                assert said == pytest.approx(best.points - runner.points, abs=0.5)
            else:
                assert f"over {best.samples} deals" in text
                assert said == pytest.approx(best.value - runner.value, abs=0.5)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_a_choice_as_good_in_points_but_better_for_the_score_says_so():
    """The value counts the other side's points and the contract too: where the side's own points
    are about even or fewer, or explain less than half the lead, the line says the score is why; it names
    no number of points the table does not show."""
    obs = GAMES["28"].deal("score", dealer=0).observation(0)
    best = Choice("play 8D", 6.0, 0.5, 14.1, None, 150)
    runner = Choice("play 9D", 2.0, 0.5, 14.0, None, 150)
    text = plain_reason(obs, best, runner, False, 150).text()
    assert text.startswith("play 8D: about as many points") and "play 9D" in text and "150" in text
    runner = Choice("play 9D", 2.0, 0.5, 12.0, None, 150)  # two points fewer in the table
    text = plain_reason(obs, best, runner, False, 150).text()
    assert "about 2 points better" in text and "still" not in text
    runner = Choice("play 9D", -8.0, 0.5, 12.0, None, 150)  # the score gives most of a lead of 14
    assert "about 2 points better for your side than play 9D, and better still for the score" in \
        plain_reason(obs, best, runner, False, 150).text()
    exact = [Choice(c.action, c.value, c.margin, None, None, 150) for c in (best, runner)]  # no table points
    assert "about 14 points better" in plain_reason(obs, *exact, False, 150).text()  # the value's lead
    runner = Choice("play 9D", 2.0, 0.5, 16.0, None, 150)  # two points more in the table, worse for the score
    assert "play 8D: about 2 points fewer for your side than play 9D, but better for the score" in \
        plain_reason(obs, best, runner, False, 150).text()


def test_points_counted_in_some_worlds_are_weighed_against_the_value_in_those_worlds():
    """The exact tricks count the side's points in their first worlds only: the line weighs
    them against the value's lead in those worlds (``points_gain``), and where those worlds show
    no lead the points cannot say why: the line names the value's lead over every world."""
    obs = GAMES["schieber"].deal("like", dealer=0).observation(0)
    best = Choice("play AS", 30.0, 1.0, 52.0, None, 80)
    runner = Choice("play KS", 10.0, 1.0, 50.0, None, 80)
    assert "about 2 points better for your side than play KS, and better still" in \
        plain_reason(obs, best, runner, False, 80).text()  # every world: 2 points explain little of 20
    assert "about 2 points better for your side than play KS, over 80" in \
        plain_reason(obs, best, runner, False, 80, points_gain=6.0).text()  # like for like they explain it
    assert "about 20 points better" in plain_reason(obs, best, runner, False, 80, points_gain=0.5).text()
    # a line that speaks of the points names the worlds they were counted in; one of the value, all
    assert "about 2 points better for your side than play KS, over 16 deals" in \
        plain_reason(obs, best, runner, False, 80, points_gain=6.0, points_worlds=16).text()
    assert "about 20 points better for your side than play KS, over 80 deals" in \
        plain_reason(obs, best, runner, False, 80, points_gain=0.5, points_worlds=16).text()

def test_in_schieber_the_points_explain_a_lead_the_multiplier_makes_large():
    """Schieber's value counts a point the side takes twice (the other side does not take it) and
    the match score counts it times the contract's multiplier: under a multiplier of 4 a lead
    of 3.7 is what 0.8 points more make, and the line says so, not "as many points"."""
    cls = GAMES["schieber"]
    for i in range(200):
        hand = cls.deal(f"mult{i}", dealer=i % 4)
        while hand.phase != "play":
            hand.apply(baseline_action(hand.observation(hand.turn), i))
        obs = hand.observation(hand.turn)
        if obs.public.get("multiplier") == 4:
            break
    else:
        pytest.fail("no contract with a multiplier of 4")
    assert family_of(cls).point_worth(obs) == pytest.approx(4.4)
    best = Choice("play BB", 251.31, 1.0, 184.35, None, 99)
    runner = Choice("play OB", 247.62, 1.0, 183.52, None, 99)
    assert "play BB: about 0.8 points better for your side than play OB, over 99" in \
        plain_reason(obs, best, runner, False, 99).text()
    runner = Choice("play OB", 240.0, 1.0, 183.52, None, 99)  # a lead of 11: the points explain a third
    assert "about as many points for your side as play OB" in plain_reason(obs, best, runner, False, 99).text()
    runner = Choice("play OB", 230.0, 1.0, 182.35, None, 99)  # 2 points, 8.8 of a lead of 21
    assert "about 2 points better for your side than play OB, and better still for the score" in \
        plain_reason(obs, best, runner, False, 99).text()


def test_in_400_a_score_point_counts_once_so_the_rest_of_a_lead_is_the_other_side_s_score():
    """400's points are the score itself and the other side's do not fall as the side's rise: a
    lead of 5 with 2 more points for the side is mostly the other side's score."""
    obs = GAMES["400"].deal("worth", dealer=0).observation(0)
    assert family_of(GAMES["400"]).point_worth(obs) == 1.0
    best = Choice("play AS", 5.0, 0.5, 12.0, None, 90)
    runner = Choice("play KS", 0.0, 0.5, 10.0, None, 90)
    assert "about 2 points better for your side than play KS, and better still for the score" in \
        plain_reason(obs, best, runner, False, 90).text()
    runner = Choice("play KS", 3.0, 0.5, 10.0, None, 90)  # a lead of 2: the points are all of it
    assert "about 2 points better for your side than play KS, over 90" in plain_reason(obs, best, runner, False, 90).text()


def test_the_value_beside_the_points_is_the_mean_over_the_worlds_they_were_counted_in(monkeypatch):
    obs = next(o for o, t in decisions("schieber", 40, seed=3) if t.exact and o.phase == "play" and len(o.legal) > 2)
    monkeypatch.setattr(search, "FIGURE_WORLDS", 1000)
    t = think(obs)
    assert all(t.figure_value(a) == pytest.approx(t.totals[a] / t.counts[a]) for a in t.candidates)
    monkeypatch.setattr(search, "FIGURE_WORLDS", 3)
    t = think(obs)
    assert all(t.figure_counts[a] == 3 < t.counts[a] for a in t.candidates)
    assert any(t.figure_value(a) != pytest.approx(t.totals[a] / t.counts[a]) for a in t.candidates)


def test_where_a_bid_of_13_decides_the_match_the_reason_speaks_of_the_match_not_points():
    """400: the partner of a 13-bidder throws its Ace away for the match; its lead over keeping
    the Ace is mostly the match's 60, which no "points better" may claim."""
    hand = thirteen_bid_ending()
    for card in ("5H", "8C"):
        hand.apply(GAMES["400"].DECK.parse(card))
    d = weigh(think(hand.observation(2)))
    assert d.action == "play AS"
    text = d.reason.text()
    assert "bid of 13" in text and "points" not in text and d.choices[1].action in text
    other = GAMES["400"].deal("no13", dealer=0)  # without a bid of 13 the lead is in points
    assert not family_of(GAMES["400"]).match_at_stake(other.observation(0))


def test_a_bid_shows_the_chance_the_contract_is_made():
    for i in range(60):
        hand = GAMES["28"].deal(f"bid{i}", dealer=i % 4)
        obs = hand.observation(hand.turn)
        t = think(obs, i)
        d = weigh(t)
        bids = [c for c in d.choices if c.action.startswith("bid") and c.made is not None]
        if bids and d.action.startswith("bid"):
            assert all(0 <= c.made <= 1 for c in bids)
            assert "%" in d.reason.text()
            return
    pytest.fail("no searched bid")


def test_a_bid_s_chance_is_of_the_bid_itself():
    """Twenty-Eight's side holds one contract, which may end above a bid (its side bids again
    over the other side's): a bid is made where its side took the bid's own points; the other
    side's contract gives no answer. 400's bids are each seat's own contract."""
    fam = family_of(GAMES["28"])
    for i in range(20):
        hand = GAMES["28"].deal(f"bidmade{i}", dealer=i % 4)
        while not hand.is_over():
            hand.apply(baseline_action(hand.observation(hand.turn), i))
        if hand.bidder >= 0:
            break
    else:
        pytest.fail("every hand thrown in")
    took = hand.taken[hand.bidder & 1]
    for seat in (hand.bidder, hand.bidder ^ 2):
        assert fam.bid_made(hand, seat, took) is True and fam.bid_made(hand, seat, took + 1) is False
        assert fam.bid_made(hand, seat, 14) is (took >= 14)
        assert fam.bid_made(hand, seat ^ 1, 14) is None
    h400 = GAMES["400"].deal("bidmade", dealer=0)
    while not h400.is_over():
        h400.apply(baseline_action(h400.observation(h400.turn), 1))
    assert all(family_of(GAMES["400"]).bid_made(h400, s, 0) == h400.contract_made(s) for s in range(4))


def test_the_search_counts_a_bid_made_by_its_own_points(monkeypatch):
    """At Twenty-Eight's auction each candidate bid's chance asks the family whether that bid,
    not the contract the world's auction ended on, was made."""
    fam = family_of(GAMES["28"])
    asked = []
    original = type(fam).bid_made

    def bid_made(self, end, seat, bid):
        asked.append((seat, bid))
        return original(self, end, seat, bid)

    monkeypatch.setattr(type(fam), "bid_made", bid_made)
    hand = GAMES["28"].deal("bidmade", dealer=3)
    obs = hand.observation(hand.turn)
    t = think(obs)
    bids = {a - A.BID for a in t.candidates if A.is_bid(a)}
    assert bids and asked and {b for _, b in asked} == bids and {s for s, _ in asked} == {obs.seat}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_card_shows_the_chance_the_bid_in_play_is_made_where_that_decides_the_score(game):
    """304 and Twenty-Eight score the bid, not the card points: each card weighed in the trick
    play has the share of worlds in which the bid was made; 400 (whose points are the score)
    and Schieber (no bid) have none."""
    counted = family_of(GAMES[game]).contract_in_score
    seen = 0
    for obs, t in decisions(game, 12, seed=4):
        if obs.phase != "play" or len(t.candidates) < 2:
            continue
        d = weigh(t)
        for c in d.choices:
            assert (c.made is not None) == counted and (c.made is None or 0 <= c.made <= 1)
        seen += 1
    assert seen >= 4


def test_a_card_that_moves_the_bid_s_chance_says_so_where_the_points_do_not_explain_it():
    """The trick play of 304 and Twenty-Eight: where the side's points do not explain the lead
    and the bid's chance moves by 5 points or more the side's way, the line names the chance;
    for the other side's bid, down is its way."""
    hand = GAMES["28"].deal("chance", dealer=0)
    while hand.phase != "play":
        hand.apply(baseline_action(hand.observation(hand.turn), 0))
    bidder = hand.bidder
    ours, theirs = hand.observation(bidder), hand.observation(bidder ^ 1)

    def line(obs, made_best, made_runner, points_runner=14.0):
        best = Choice("play 8D", 6.0, 0.5, 14.0, made_best, 150)
        runner = Choice("play 9D", 2.0, 0.5, points_runner, made_runner, 150)
        return plain_reason(obs, best, runner, False, 150).text()

    assert line(ours, 0.8, 0.6) == ("play 8D: your side makes its bid in about 80% of the deals the AI imagined, "
                                    "against 60% with play 9D.")
    assert line(theirs, 0.4, 0.6) == ("play 8D: the other side makes its bid in about 40% of the deals the AI "
                                      "imagined, against 60% with play 9D.")
    assert "about as many points" in line(ours, 0.62, 0.6)  # a move of 2 points explains nothing
    assert "about as many points" in line(theirs, 0.8, 0.6)  # up is not the other side's way
    assert "about 4 points better" in line(ours, 0.8, 0.6, points_runner=10.0)  # the points explain it


def test_a_rule_based_decision_has_one_choice_and_the_hints_line():
    hand = GAMES["304"].deal("rules", dealer=0)
    obs = hand.observation(hand.turn)  # 304 search levels bid from the table, as the rules do
    d = weigh(think(obs))
    assert len(d.choices) == 1 and d.worlds == 0
    assert d.action == d.choices[0].action


@pytest.mark.parametrize("game", GAME_NAMES)
def test_records_keep_decisions_as_annotations_that_replay_ignores(game):
    hand = GAMES[game].deal("notes", dealer=1)
    notes = {}
    k = 0
    while not hand.is_over():
        obs = hand.observation(hand.turn)
        if len(obs.legal) > 1 and len(notes) < 3:
            t = think(obs, k)
            notes[k] = weigh(t).as_json()
            hand.apply(t.best())
        else:
            hand.apply(baseline_action(obs, k))
        k += 1
    record = hand.record()
    noted = json.loads(json.dumps(annotate(record, notes)))
    assert replay(noted) == replay(record) and replay(record)["ok"]
    assert annotations(noted) == notes
    for k, data in annotations(noted).items():
        assert Decision.from_json(data) == Decision.from_json(notes[k])
        assert Decision.from_json(data).reason == Decision.from_json(notes[k]).reason
    with pytest.raises(ValueError, match="not one of the record's"):
        annotate(record, {len(record["actions"]): {}})


def test_every_line_that_names_a_side_reads_from_across_the_table_too():
    """A reason speaks to the seat that decided; each line naming its side (or the other) has
    the line the player reads when that seat is an opponent (``ACROSS``)."""
    from game.ai.reasons import ACROSS

    spoken = [m for m, places in extracted().items()
              if any(path.endswith("game/ai/reasons.py") for path, _line in places)]
    sided = [m for m in spoken if "your side" in m or "the other side" in m]
    assert len(sided) >= 8
    assert all(m in ACROSS or m in ACROSS.values() for m in sided)
    assert all("your side" in m or "the other side makes" in m for m in ACROSS)
    assert all("their side" in t or "your side" in t for t in ACROSS.values())


@pytest.mark.parametrize("seat, side, bid_side", [(1, "their side", "your side"), (2, "your side", "the other side"),
                                                  (3, "their side", "your side")])
def test_an_opponents_reason_says_their_side_and_a_partners_your_side(seat, side, bid_side):
    from game.ui import ai_notes

    played, other = "pass", "bid 15"  # as a record writes them
    better = {"msgid": "{action}: about {gain} points better for your side than {other}, over {worlds} deals "
                       "the AI imagined.", "values": {"action": played, "other": other, "gain": "2", "worlds": 40}}
    theirs = {"msgid": "{action}: the other side makes its bid in about {percent} of the deals the AI imagined, "
                       "against {other_percent} with {other}.",
              "values": {"action": played, "other": other, "percent": "30%", "other_percent": "45%"}}
    for reason, words in ((better, f"about 2 points better for {side} than"),
                          (theirs, f"{bid_side} makes its bid in about 30%")):
        note = ai_notes.Note(seat, 40, A.PASS, (), reason)
        shown = ai_notes.lines(note, "Someone", False, None)[-1]
        assert shown.startswith("Pass: ") and words in shown, shown
