"""AI players: legal play, observation only, time slices, the duplicate arena."""

import ast
import importlib.util
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS, Thinker, baseline_action, choose, hint
from game.ai import search
from game.ai.arena import Tally, play_deals, play_hand
from game.ai.rules import rules_for
from game.ai.search import Level
from game.ai.solver import Solver
from game.ai.solver_400 import Solver400
from game.ai.solver_hidden_trump import HiddenTrumpSolver
from game.ai.solver_jass import JassSolver
from game.ai.family import family_of
from game.ai.worlds import Worlds, sample_world
from game.engine import GAMES
from game.engine import actions as A
from game.i18n import Message
from helpers import around

ROOT = Path(__file__).resolve().parent.parent
GAME_NAMES = list(GAMES)
VARIANTS = {
    "304": [{}, {"auction_8": True, "caps": True, "steps_of_5": True}, {"open_trump": True, "redeal_under_15": False}],
    "28": [{}, {"double": True, "forced_14": True, "twenty_nine": True}, {"open_trump": True, "honours": True}],
    "400": [{}, {"five_to_run": True, "rising_total": True, "face_card_redeal": True}],
    "schieber": [{}, {"table_2500": True}],
}
TINY = Level(budget_ms=1e9, max_rollouts=12, exact_cards=2, noise=0.05, bids=2)  # deterministic


@pytest.fixture(autouse=True)
def tiny_level(monkeypatch):
    monkeypatch.setitem(LEVELS, "tiny", TINY)


def random_positions(game, options, n, seed):
    """(hand, seat) pairs: hands advanced by random legal actions to a random point."""
    rng = random.Random(f"{game}{seed}")
    out = []
    for i in range(n):
        hand = GAMES[game].deal(f"{seed}/{i}", options, dealer=i % 4, first_hand=game == "schieber" and i % 2 == 0)
        for _ in range(rng.randrange(45)):
            if hand.is_over():
                break
            hand.apply(rng.choice(hand.legal_actions()))
        if not hand.is_over():
            out.append((hand, hand.turn))
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_sampled_worlds_show_the_same_observation(game):
    for options in VARIANTS[game]:
        for hand, _ in random_positions(game, options, 40, 1):
            for seat in range(4):
                obs = hand.observation(seat)
                world = sample_world(obs, random.Random(seat))
                assert world.observation(seat) == obs


@pytest.mark.parametrize("game", GAME_NAMES)
def test_sampled_worlds_fit_hands_played_by_the_rules(game):
    """Rule-based play reaches positions random play rarely does (own face-down cards that
    stay hidden, long runs of voids): every decision's observation still has worlds."""
    for options in VARIANTS[game]:
        for i in range(12):
            hand = GAMES[game].deal(f"w{i}", options, dealer=i % 4)
            while not hand.is_over():
                obs = hand.observation(hand.turn)
                assert sample_world(obs, random.Random(i)).observation(hand.turn) == obs
                hand.apply(baseline_action(obs, i))


def replayed(hand, dealt):
    """``hand``'s actions replayed from the start on the deal ``dealt`` (None: not legal there)."""
    full = hand.with_cards(dealt)
    return full if full.replay_actions([(s, hand.parse_action(t)) for s, t in hand.history]) else None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_sampled_worlds_are_their_own_deals_replayed_in_full(game):
    """A world after an observation's first starts from a copy of it with its own held cards
    (``Hand.with_held_cards``): each is the position its deal replays to from the start."""
    for options in VARIANTS[game]:
        for hand, seat in random_positions(game, options, 12, 3):
            obs = hand.observation(seat)
            worlds, rng = Worlds(obs), random.Random(seat)
            for _ in range(6):
                world = worlds.sample(rng)
                assert vars(replayed(world, world.dealt)) == vars(world)


def test_no_world_gives_a_28_caller_a_card_of_the_led_suit():
    """A seat may call for the trump only when it has no card of the suit led, so every world
    sampled after a call must leave the caller without one: each world's deal, replayed from
    the start, keeps the call legal (a world moved from a copy is not replayed, so a missing
    void would go through unseen)."""
    calls = 0
    for options in VARIANTS["28"]:
        for hand, seat in random_positions("28", options, 40, 9):
            if "call" not in [text for _, text in hand.history]:
                continue
            calls += 1
            worlds, rng = Worlds(hand.observation(seat)), random.Random(seat)
            for _ in range(30):
                world = worlds.sample(rng)
                assert replayed(world, world.dealt) is not None, hand.history
    assert calls


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_search_weighs_the_same_whether_worlds_are_copied_or_replayed(game, monkeypatch):
    """At a fixed amount of work, the values the search finds are the same to the last bit with
    worlds moved from a copy and with every world replayed from its deal (the speed path changes
    only the speed)."""
    positions = [p for options in VARIANTS[game] for p in random_positions(game, options, 5, 4)]
    def values():
        return [Thinker(hand.observation(seat), "tiny", i) for i, (hand, seat) in enumerate(positions)]
    def think(thinkers):
        for t in thinkers:
            while not t.done:
                t.step(1000)
        return [t.values() for t in thinkers]
    copied = think(values())
    monkeypatch.setattr(GAMES[game], "with_held_cards", lambda self, dealt: None)
    assert think(values()) == copied


def reordered(dealt, cls, whole: bool, rng):
    """``dealt`` with the cards of each packet (``whole``: of each seat's deal) in another order."""
    out = []
    for row in dealt:
        row, sizes = list(row), [len(row)] if whole else cls.PACKETS
        new, start = [], 0
        for size in sizes:
            part = row[start:start + size]
            rng.shuffle(part)
            new += part
            start += size
        out.append(new)
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_ignore_the_order_of_the_cards_in_a_packet(game):
    """The sampler leaves a packet's cards (400, Schieber: a seat's whole deal) in no random
    order, as nothing may depend on it: the rule-based player (the baseline, and every seat in
    the search's roll-outs) and its reading of the auction give the same answers in any order."""
    cls, rules = GAMES[game], rules_for(game)
    whole = not family_of(cls).hidden_trump
    fit = getattr(rules, "likelihood", None)
    for options in VARIANTS[game]:
        for i in range(6):
            hand = cls.deal(f"o{i}", options, dealer=i % 4)
            rng = random.Random(i)
            k = 0
            while hand.turn >= 0:
                twin = replayed(hand, reordered(hand.dealt, cls, whole, rng))
                assert sorted(map(sorted, twin.dealt)) == sorted(map(sorted, hand.dealt))
                a = rules.act(hand, random.Random(k))
                assert rules.act(twin, random.Random(k)) == a
                if fit is not None:
                    for seat in range(4):
                        obs = hand.observation(seat)
                        assert fit(twin, obs) == fit(hand, obs)
                hand.apply(a)
                k += 1


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
def test_rules_play_legal_actions_in_thousands_of_hands(game):
    rules = rules_for(game)
    for options in VARIANTS[game]:
        for i in range(1000 // len(VARIANTS[game])):
            hand = GAMES[game].deal(f"r{i}", options, dealer=i % 4)
            while hand.turn >= 0:
                a = rules.act(hand)
                assert a in hand.fast_legal()
                hand.fast_apply(a)


def test_schieber_rules_discard_by_the_cards_power_in_its_own_suit():
    """Out of the led suit, with the trick not their partner's, the rules throw the cheapest card
    and, of equal points, the weakest:
    in Undenufe the Six is its suit's top card and is kept (it used to go first)."""
    from game.engine.schieber import KEYS, POINTS
    rules = rules_for("schieber")
    keys, pts = KEYS[5], POINTS[5]
    discards = 0
    for i in range(300):
        hand = GAMES["schieber"].deal(f"u{i}", {}, dealer=i % 4)
        hand.fast_apply(A.UNDENUFE)  # forehand chooses Undenufe
        while hand.turn >= 0:
            legal = hand.fast_legal()
            a = rules.act(hand)
            led = hand.trick[0] >> 4 if hand.trick else -1
            winner = max(range(len(hand.trick)), key=lambda j: keys[led][hand.trick[j]], default=0)
            partner_wins = (hand.leader + winner) & 3 == hand.turn ^ 2  # then the rules smear points
            if hand.trick and not partner_wins and len(legal) > 1 and all(c >> 4 != led for c in legal):
                discards += 1
                weakest = min(legal, key=lambda c: (pts[c], keys[c >> 4][c]))
                assert (pts[a], keys[a >> 4][a]) == (pts[weakest], keys[weakest >> 4][weakest])
            hand.fast_apply(a)
    assert discards > 100


def test_schieber_worlds_read_the_chosen_contract_from_the_choosers_cards():
    """A world in which the chooser holds the cards it chose with fits fully; one in which it
    holds a hand that clearly suits another contract (10 contract-score points better) fits
    at most a seventh as well (the step fit of old gave such a world half the chance)."""
    from game.ai.rules_open import CONTRACTS
    from game.engine.cards import mask_of
    cls, rules = GAMES["schieber"], rules_for("schieber")
    score = rules.contract_score
    sharp = 0
    for i in range(60):
        hand = cls.deal(f"fit{i}", {}, dealer=i % 4)
        while hand.phase != "play":
            hand.apply(rules.act(hand, random.Random(i)))
        chooser = hand.chooser
        observer, other = chooser ^ 1, chooser ^ 3  # the chooser's opponents
        obs = hand.observation(observer)  # it saw the push (if any) and the choice
        contract = [a for _, a, _ in obs.actions][-1]
        assert contract in CONTRACTS
        assert rules.likelihood(hand, obs) == 1.0
        dealt = [list(c) for c in hand.dealt]
        dealt[chooser], dealt[other] = dealt[other], dealt[chooser]
        swapped = cls(dealt, hand.dealer, {}, None, hand.first_hand)
        assert swapped.replay_actions([(s, a) for s, a, _ in obs.actions])
        h = mask_of(dealt[chooser])
        miss = max(score(h, c) for c in CONTRACTS) - score(h, contract)
        if miss >= 10:
            sharp += 1
            assert rules.likelihood(swapped, obs) <= 1 / 7
    assert sharp >= 5


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_level_plays_only_legal_actions(game):
    levels = ["baseline"] * 12 + ["easy", "tiny", "normal"]
    for i, level in enumerate(levels):
        options = VARIANTS[game][i % len(VARIANTS[game])]
        hand = GAMES[game].deal(f"l{i}", options, dealer=i % 4)
        k = 0
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            # the searching levels think about a few decisions, the rest is baseline (speed)
            lv = level if k % 9 == 0 or level == "baseline" else "baseline"
            if lv == "normal":
                t = Thinker(obs, "normal", k)
                t.step(5)
                a = t.best()
            else:
                a = choose(obs, lv, seed=k)
            assert a in obs.legal
            hand.apply(a)
            k += 1


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("level", ["baseline", "tiny"])
def test_decisions_ignore_the_hidden_cards_of_other_seats(game, level):
    """Same observation, other hidden cards (another world behind it): same decision."""
    for hand, seat in random_positions(game, None, 6, 2):
        obs = hand.observation(seat)
        other = sample_world(obs, random.Random(99))
        assert other.observation(seat) == obs
        assert [sorted(h) for h in other.dealt] != [sorted(h) for h in hand.dealt] or hand.phase == "over"
        assert choose(other.observation(seat), level, seed=5) == choose(obs, level, seed=5)


def test_ai_entry_points_take_observations_not_hands():
    hand = GAMES["28"].deal(1)
    with pytest.raises(AttributeError):
        choose(hand, "baseline")


class UnitClock:
    """A stand-in for the thinker's clock: time moves only while work runs, by a cost drawn from
    a seeded generator (a roll-out 0.5-1.5 ms, a try at a world 0.2-0.6 ms, and one piece of
    work in thirty five times slower), so that slicing is checked the same way on any machine."""

    def __init__(self, seed):
        self.now = 0.0
        self.rng = random.Random(seed)
        self.units = []  # (start, cost) of every piece of work
        self.busy = False  # inside a piece of work

    def perf_counter(self):
        return self.now

    def timed(self, work, low, high):
        def run(*args, **kwargs):
            if self.busy:
                return work(*args, **kwargs)
            cost = self.rng.uniform(low, high) / 1000 * (5 if self.rng.random() < 1 / 30 else 1)
            self.units.append((self.now, cost))
            self.now += cost
            self.busy = True
            try:
                return work(*args, **kwargs)
            finally:
                self.busy = False
        return run

    def interruptible(self, search_value, low, high):
        """An exact search: it costs like a roll-out, but stops at its deadline (``OutOfTime``),
        as the real one does, to be tried again in the next slice."""
        def run(solver, *args, **kwargs):
            if self.busy:
                return search_value(solver, *args, **kwargs)
            cost = self.rng.uniform(low, high) / 1000 * (5 if self.rng.random() < 1 / 30 else 1)
            if solver.deadline is not None and self.now + cost > solver.deadline:
                cost = max(0.0, solver.deadline - self.now)
                self.units.append((self.now, cost))
                self.now += cost
                raise search.OutOfTime
            self.units.append((self.now, cost))
            self.now += cost
            self.busy = True
            try:
                return search_value(solver, *args, **kwargs)
            finally:
                self.busy = False
        return run


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
def test_time_slices_stop_before_running_over(game, monkeypatch):
    """A whole hand at the normal level in 8 ms slices: a unit is started only while its
    estimated cost still fits the slice, so no slice starts a unit after 8 ms, few end past it,
    and decisions end within their budget (the clock is UnitClock's; speed is a benchmark)."""
    clock = UnitClock(game)
    monkeypatch.setattr(search, "clock", clock.perf_counter)
    monkeypatch.setattr(search, "rollout", clock.timed(search.rollout, 0.5, 1.5))
    for exact in (Solver, JassSolver, Solver400, HiddenTrumpSolver):  # (the family's exact searches)
        monkeypatch.setattr(exact, "value", clock.interruptible(exact.value, 0.5, 1.5))
    monkeypatch.setattr(search.Thinker, "_try_world", clock.timed(search.Thinker._try_world, 0.2, 0.6))
    budget = LEVELS["normal"].budget_ms / 1000
    slices, decisions = [], []
    for i in range(4):  # hands until one was played out (not thrown in)
        hand = GAMES[game].deal(f"slices{i}", dealer=i)
        while not hand.is_over():
            obs = hand.observation(hand.turn)
            t = Thinker(obs, "normal", len(slices))
            begun = clock.now
            while not t.done:
                t0, n = clock.now, len(clock.units)
                t.step(8)
                assert len(clock.units) > n  # every call makes progress
                assert clock.units[-1][0] - t0 <= 0.008 + 1e-12  # no unit starts past the slice
                slices.append(clock.now - t0)
            decisions.append(clock.now - begun)
            hand.apply(t.best())
        if hand.result()["tricks"]:
            break
    slices.sort()
    assert len(slices) > 50
    assert slices[len(slices) // 2] <= 0.008
    assert sum(s > 0.008 + 1e-9 for s in slices) < 0.10 * len(slices)  # an exact search ends on the dot
    # a decision ends within its budget: the last unit too is started only if it fits
    assert max(decisions) <= budget + max(c for _, c in clock.units)  # at most one unit over
    assert sum(d > budget + 1e-9 for d in decisions) < 0.10 * len(decisions)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_arena_gives_zero_for_identical_players(game):
    for level in ("baseline", "tiny"):
        out = play_deals(game, level, level, deals=2 if level == "tiny" else 6, seed=3)
        assert out["mean_diff"] == 0
        assert out["ci95"] == [0, 0]
        assert out["score_diff"] == 0 and out["score_ci95"] == [0, 0]


@pytest.mark.slow
def test_arena_shares_deals_among_processes_with_the_same_figures():
    one = play_deals("28", "baseline", "baseline", deals=4, seed=5)
    two = play_deals("28", "baseline", "baseline", deals=4, seed=5, jobs=2)
    for key in ("player_a", "player_b"):
        for field in ("bids", "bid_success", "decisions"):
            assert one[key][field] == two[key][field]
    assert one["player_a"]["bids"] + one["player_b"]["bids"] > 0


def test_arena_counts_the_multipliers_of_schieber_contracts_only():
    out = play_deals("schieber", "baseline", "baseline", deals=4, seed=5)
    mults = [out[k]["multiplier_mean"] for k in ("player_a", "player_b") if out[k]["bids"]]
    assert mults and all(1 <= m <= 4 for m in mults)
    hand = GAMES["schieber"].deal("5/0", None, dealer=0)
    tally = [Tally(), Tally()]
    play_hand(hand, ["baseline", "baseline"], tally, "t")
    side = hand.result()["chooser"] & 1
    assert tally[side].mults == [hand.mult] and tally[1 - side].mults == []
    assert play_deals("28", "baseline", "baseline", deals=2, seed=5)["player_a"]["multiplier_mean"] is None


@pytest.mark.slow
def test_arena_play_only_gives_both_sides_the_same_contracts():
    """With --play-only both rooms hold the rule-based auction, so each side bids as often and
    only the card play differs; without it the search bids otherwise than the rules."""
    only = play_deals("28", "tiny", "baseline", deals=6, seed=2, play_only=True)
    assert only["player_a"]["bids"] == only["player_b"]["bids"] > 0
    # (the counts of bids can also match by chance: seeds 2 and 3 give 6 and 6, seed 4 3 and 9)
    full = play_deals("28", "tiny", "baseline", deals=6, seed=4)
    assert full["player_a"]["bids"] != full["player_b"]["bids"]


@pytest.mark.slow
def test_arena_command_prints_json():
    out = subprocess.run([sys.executable, "-m", "game.ai.arena", "--game", "28", "--a", "baseline", "--b",
                          "baseline", "--deals", "3", "--seed", "4", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    for key in ("mean_diff", "ci95", "deals", "decision_ms_mean", "decision_ms_p95", "score_diff", "score_ci95"):
        assert key in data
    assert len(data["ci95"]) == 2 and data["deals"] == 3
    # per deal, to pair two runs on the same deals: the lead and the match score
    assert len(data["per_deal"]) == len(data["per_deal_score"]) == 3
    assert sum(data["per_deal_score"]) / 3 == pytest.approx(data["score_diff"], abs=1e-3)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_hint_gives_a_legal_action_and_a_reason(game):
    for hand, seat in random_positions(game, None, 3, 4):
        obs = hand.observation(seat)
        action, why = hint(obs, "tiny")
        assert action in obs.legal
        assert isinstance(why, Message) and str(why).endswith(".")


def test_400_redeal_question_every_seat_answers():
    """Every seat is asked; the AI redeals only without a face card, and worlds fit the keeps."""
    deck = GAMES["400"].DECK.cards
    faces = [c for c in deck if c & 15 >= 9]  # J Q K A: 16 cards
    plain = [c for c in deck if c & 15 < 9]
    dealt = [faces[:13], plain[:13], faces[13:] + plain[13:23], plain[23:]]  # seats 1 and 3: no face card
    hand = GAMES["400"](dealt, 0, {"face_card_redeal": True})
    answers = []
    while hand.phase == "redeal":
        obs = hand.observation(hand.turn)
        assert sample_world(obs, random.Random(1)).observation(hand.turn) == obs
        assert choose(obs, "tiny", seed=1) in obs.legal
        answers.append((hand.turn, hand.action_text(baseline_action(obs, 1))))
        hand.apply(answers[-1][1] if hand.turn == 3 else "keep")  # seat 1 keeps: the question goes on
    assert answers == [(1, "redeal"), (2, "keep"), (3, "redeal")]
    assert hand.is_over() and hand.result()["thrown_in"]


def test_baseline_is_deterministic_per_seed():
    hand, seat = random_positions("304", None, 1, 5)[0]
    obs = hand.observation(seat)
    assert baseline_action(obs, 1) == baseline_action(obs, 2)


def test_unknown_level_is_refused():
    hand, seat = random_positions("28", None, 1, 6)[0]
    with pytest.raises(ValueError):
        choose(hand.observation(seat), "grandmaster")


def _candidates_obs(game, played=(), trick=()):
    from types import SimpleNamespace
    return SimpleNamespace(game=game, tricks=((0, tuple(played), 0),) if played else (), trick=tuple(trick))


def test_equal_cards_are_weighed_once_lowest_kept():
    from game.ai.search import drop_equal_cards
    from game.engine import actions as A
    _J, _N, AC, T, K, Q, E, S = 9, 7, 12, 8, 11, 10, 6, 5  # rank slots of J 9 A 10 K Q 8 7
    # 28: K and Q (no points, side by side) are one choice; 7 is not, the unseen 8 lies between
    assert sorted(drop_equal_cards([K, Q, S], _candidates_obs("28"))) == [S, Q]
    # ... once the 8 was played face up, K Q 7 are one run; another suit is apart
    assert drop_equal_cards([K, Q, S, 16 | K], _candidates_obs("28", played=(E, 32, 33, 48))) == [S, 16 | K]
    # A and 10 score one point each in 28, 11 and 10 in 304
    assert drop_equal_cards([AC, T], _candidates_obs("28")) == [T]
    assert sorted(drop_equal_cards([AC, T], _candidates_obs("304"))) == [T, AC]
    # a card played face down that this seat did not see does not join a run
    assert sorted(drop_equal_cards([K, S], _candidates_obs("28", trick=((1, None),)))) == [S, K]
    # non-card actions are kept
    assert drop_equal_cards([A.CALL, K, Q], _candidates_obs("28")) == [A.CALL, Q]
    # 400 has no card points: any run goes (the 6 and 7 here, not the 9 above the unseen 8)
    assert drop_equal_cards([4, 5, 7], _candidates_obs("400")) == [4, 7]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_search_weighs_one_card_of_a_run(game):
    from game.ai.search import drop_equal_cards
    found = 0
    for hand, seat in random_positions(game, None, 400, 11):
        obs = hand.observation(seat)
        if obs.phase != "play":
            continue
        kept = drop_equal_cards(list(obs.legal), obs)
        if len(kept) == len(obs.legal):
            continue
        found += 1
        t = Thinker(obs, "normal", 1)
        dropped = set(obs.legal) - set(kept)
        assert not (dropped & set(t.candidates)) - {t.fallback}
        if found >= 3:
            break
    assert found, "no position with cards equal in play"


@pytest.mark.parametrize("game", ["28", "304"])
def test_304_bids_from_the_table_28_weighs_its_bids(game):
    """The search levels of 304 take each decision before trick play from the rules (the
    opening table) at once; in 28 they weigh bids against passing."""
    auction = 0
    for hand, seat in random_positions(game, None, 200, 12):
        obs = hand.observation(seat)
        if obs.phase != "auction" or len(obs.legal) < 3:
            continue
        auction += 1
        t = Thinker(obs, "normal", 1)
        if game == "304":
            assert t.done and t.candidates == [baseline_action(obs, 1)]
            assert choose(obs, "expert", 1) == baseline_action(obs, 1, LEVELS["expert"].open_risk)
        else:
            assert not t.done and len(t.candidates) > 1
        if auction >= 5:
            break
    assert auction, "no auction position"


@pytest.mark.parametrize("first, expert_says", [("pass", "bid 160"), ("bid 160", "pass")])
def test_the_304_expert_opens_hands_the_rules_pass(first, expert_says):
    """Ten and seven of hearts, ace of diamonds, jack of clubs: the table's 0.3 point is about
    149, its 0.6 point about 188.  At normal the seat passes; the expert, which makes more of
    its contracts, opens 160, but over the other side's 160 it passes too (not 170)."""
    hand = GAMES["304"](around(2, "TH 7H AD JC 7D 8D 7S 8S"), 0, {})  # forehand: seat 1
    assert hand.phase == "auction"
    hand.apply(hand.parse_action(first))
    assert hand.turn == 2
    obs = hand.observation(2)
    assert hand.action_text(choose(obs, "normal", 1)).startswith("pass")
    assert hand.action_text(choose(obs, "expert", 1)) == expert_says


def second_auction(dealt):
    """A 304 hand with the second auction on eight cards, dealt ``dealt`` (dealer 0), played
    by the rules up to that auction."""
    cls = GAMES["304"]
    deck = cls.DECK
    hand = cls([[deck.parse(t) for t in seat.split()] for seat in dealt], 0, {"auction_8": True})
    rules = rules_for("304")
    while not (hand.phase == "auction" and hand.second_packet):
        hand.apply(rules.act(hand))
    return hand, rules


STRONG_SEAT_3 = ["JC 9C AC TC QH KH 7H 8H",  # seat 0 wins the first auction in clubs
                 "7S 8D 9D QD 7C 8C KC QC",
                 "AH TH 9H AD TD KD 7D 8S",
                 "AS TS KS JH QS JS 9S JD"]  # seat 3: the top five spades and two side jacks


def test_304_rules_bid_250_on_eight_strong_cards_and_pass_on_ordinary_ones():
    """Seat 3 gets the top five spades and two side jacks in its second packet: over the
    other side's contract it bids 250, and every other seat passes."""
    hand, rules = second_auction(STRONG_SEAT_3)
    assert hand.bidder == 0
    bids = {}
    while hand.phase == "auction":
        action = rules.act(hand)
        bids[hand.turn] = hand.action_text(action)
        hand.apply(action)
    assert bids == {1: "pass", 2: "pass", 3: "bid 250", 0: "pass"}
    assert hand.bidder == 3 and hand.bid == 250


@pytest.mark.parametrize("estimate, over_own_side, high, said", [
    (250, False, None, "bid 250"), (249, False, None, "pass"),  # 250 over the other side: no margin
    (269, True, None, "pass"), (270, True, None, "bid 250"),    # over our own side: 20 more
    (269, False, 2, "pass"), (270, False, 2, "bid 260"),        # 260 over an opponent's 250: 10 more
    (300, False, 1, "pass")])                                   # never over a partner
def test_304_bids_on_eight_cards_need_their_margin(monkeypatch, estimate, over_own_side, high, said):
    hand, rules = second_auction(STRONG_SEAT_3)
    while hand.turn != 3:
        hand.apply(rules.act(hand))
    monkeypatch.setattr(type(rules), "eight_card_estimate", lambda self, cards, ours: estimate)
    if over_own_side:
        hand.bidder = 1  # as if seat 3's partner held the first contract
    if high is not None:
        hand.round_bidder, hand.high_bid = high, 250  # as if that seat had bid 250 in this auction
    assert hand.action_text(rules.act(hand)) == said


def test_hint_for_a_bid_on_eight_cards_gives_the_estimate():
    hand, rules = second_auction(STRONG_SEAT_3)
    while hand.turn != 3:
        hand.apply(rules.act(hand))
    action, why = hint(hand.observation(3), "normal")
    assert hand.action_text(action) == "bid 250"
    assert "about 295 of 304 points" in str(why), str(why)


def test_hint_for_a_28_bid_gives_the_bid_s_own_chance():
    """A searched bid's hint says how often its side makes that bid (the chance that comes true
    at normal, docs/ai.md); a pass says none."""
    from game.ai.hint import explain
    from game.engine.actions import PASS, is_bid
    said = {"bid": 0, "pass": 0}
    for i in range(40):
        hand = GAMES["28"].deal(f"hint28bid{i}", dealer=i % 4)
        while hand.phase == "auction" and not all(said.values()):
            obs = hand.observation(hand.turn)
            t = Thinker(obs, "normal", i).finish()
            action, why = explain(t)
            text = str(why)
            if is_bid(action) and t.made_share(action) is not None:
                assert f"make its bid in about {round(100 * t.made_share(action))}% of the deals" in text, text
                said["bid"] += 1
            elif action == PASS:
                assert "%" not in text, text
                said["pass"] += 1
            hand.apply(action)
        if all(said.values()):
            return
    pytest.fail(f"not every kind hinted: {said}")


def test_hint_for_a_304_bid_gives_the_tables_points():
    from game.engine.actions import is_bid
    shown = 0
    for hand, seat in random_positions("304", None, 300, 13):
        obs = hand.observation(seat)
        if obs.phase != "auction":
            continue
        action, why = hint(obs, "normal")
        if is_bid(action):
            assert "of 304 points" in str(why), str(why)
            points = int(str(why).split("about ")[1].split()[0])
            assert points % 5 == 0 and 100 <= points <= 304, str(why)  # a round estimate
            shown += 1
    assert shown, "no bid hinted"


@pytest.mark.parametrize("game, figure, said", [("schieber", 78.4, "about 80 of 157"),
                                                 ("304", 207.6, "about 210 of 304"),
                                                 ("28", 17.4, "about 17 of 28")])
def test_hint_points_are_round_where_the_game_counts_hundreds(game, figure, said):
    from game.ai.hint import reason

    class Figures:  # a thinker whose roll-outs gave the side ``figure`` points (and no bid's chance)
        @staticmethod
        def expected_figure(action):
            return figure

        @staticmethod
        def made_share(action):
            return None

    hand, seat = next((h, s) for h, s in random_positions(game, None, 20, 5) if h.phase == "play")
    obs = hand.observation(seat)
    assert said in str(reason(obs, Figures(), obs.legal[0], False))


@pytest.mark.parametrize("game", ["304", "28"])
def test_a_hint_in_the_trick_play_gives_the_bid_s_chance_for_the_side_that_holds_it(game):
    """304 and Twenty-Eight score the bid: a hint for a card says how often the bid in play is
    made after it, as the bidders' side ("make its bid") or the other side ("the other side
    makes its bid"), from the same worlds as its points."""
    from game.ai.hint import hint

    said = set()
    for i in range(30):
        hand = GAMES[game].deal(f"hintbid{i}", dealer=i % 4)
        while hand.phase != "play":
            hand.apply(baseline_action(hand.observation(hand.turn), i))
        for _ in range(4):  # the first trick: two seats of each side
            obs = hand.observation(hand.turn)
            action, why = hint(obs, "easy", i)
            text = str(why)
            ours = (obs.public["bidder"] ^ obs.seat) & 1 == 0
            if len(obs.legal) > 1 and A.is_play(action):
                phrase = "and make its bid in about " if ours else "; the other side makes its bid in about "
                assert phrase in text and re.search(r"about \d+% of the deals", text), text
                said.add(ours)
            hand.apply(action)
        if said == {True, False}:
            return
    pytest.fail(f"hints seen only for {said}")


def test_the_ai_never_names_a_game():
    """The AI asks the engine class and its profile (family.py) what a game is like: no module
    of game/ai compares or looks up a game's record name written out (issue 17)."""
    names = {cls.GAME for cls in GAMES.values()} | {a for cls in GAMES.values() for a in cls.ALIASES}
    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "game" / "ai").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert not found, found


def load_trick_benchmark():
    spec = importlib.util.spec_from_file_location("ai_trick", ROOT / "benchmarks" / "ai_trick.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", GAME_NAMES)
def test_trick_benchmark_gives_one_trick_to_each_player_for_each_side(game, monkeypatch):
    """benchmarks/ai_trick.py: from the trick where every seat holds 3 cards, A and B play that
    trick only, each once for either side; everyone else plays the rest."""
    bench = load_trick_benchmark()
    asked = []

    def decide(obs, level, seed, dd_ms):
        asked.append((level, obs.seat & 1, len(obs.tricks), max(obs.hand_sizes)))
        return baseline_action(obs, seed)

    monkeypatch.setattr(bench, "decide", decide)
    out = bench.trick_duplicate(game, "A", "B", cards=3, deals=3, seed="7", rest="R")
    assert out["deals"] + out["skipped"] == 3 and out["deals"] > 0
    assert out["mean_diff"] == 0 and out["utility_diff"] == 0  # both "players" are the rules
    for level in ("A", "B"):
        mine = [a for a in asked if a[0] == level]
        assert {side for _, side, _, _ in mine} == {0, 1}
        assert all(cards <= 3 for *_, cards in mine)
        first = {tricks for _, _, tricks, _ in mine}
        assert all(t not in first for lv, _, t, _ in asked if lv == "R")  # the rest is R's


@pytest.mark.slow
def test_trick_benchmark_command_prints_json():
    out = subprocess.run([sys.executable, "benchmarks/ai_trick.py", "--game", "400", "--a", "baseline", "--b",
                          "baseline", "--deals", "2", "--rest", "baseline", "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["deals"] == 2 and data["mean_diff"] == 0 and len(data["per_deal"]) == 2


@pytest.mark.slow
def test_solver_benchmark_compares_two_checkouts_and_their_values():
    """benchmarks/ai_solver.py against a checkout (here this one): per game and card count the
    time a position, the nodes, the time of the lines of perfect play, and the values' checksum;
    the table says whether they agree."""
    out = subprocess.run([sys.executable, "benchmarks/ai_solver.py", "--cards", "2", "--hands", "2",
                          "--repeat", "1", "--before", str(ROOT), "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    figures, before = data["ai_solver"], data["before"]
    assert set(figures) == set(before) == {f"{g}/2" for g in GAME_NAMES}
    for key, f in figures.items():
        assert f["positions"] > 0 and f["nodes"] > 0
        assert before[key]["checksum"] == f["checksum"]  # the same code finds the same values
        assert 0 <= f["on_masks"] <= f["positions"]
        assert f["line_ms"] >= 0  # the lines of perfect play after the search, timed apart
    assert all(figures[f"{g}/2"]["on_masks"] == figures[f"{g}/2"]["positions"] for g in ("400", "schieber"))
    spec = importlib.util.spec_from_file_location("ai_solver", ROOT / "benchmarks" / "ai_solver.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert all(line.endswith("same") for line in bench.table(figures, before)[1:])
    before["400/2"] = dict(before["400/2"], checksum=before["400/2"]["checksum"] + 1)
    rows = {line.split()[0]: line.split()[-1] for line in bench.table(figures, before)[1:]}
    assert rows == {key: "DIFFER" if key == "400/2" else "same" for key in figures}


@pytest.mark.slow
def test_solver_benchmark_can_keep_to_positions_with_trump_revealed():
    """``--revealed``: every position of 304 and Twenty-Eight is one the bit-mask search takes."""
    out = subprocess.run([sys.executable, "benchmarks/ai_solver.py", "--cards", "2", "--hands", "4",
                          "--repeat", "1", "--revealed", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    figures = json.loads(out.stdout)["ai_solver"]
    assert figures["304/2"]["positions"] > 0 and figures["28/2"]["positions"] > 0
    assert all(f["on_masks"] == f["positions"] for f in figures.values())


@pytest.mark.slow
def test_rules_benchmark_plays_two_checkouts_rules_against_each_other():
    """benchmarks/ai_rules.py: a checkout's rules against themselves lead by nothing and never
    differ; against rules that play their first legal card they lead clearly."""
    out = subprocess.run([sys.executable, "benchmarks/ai_rules.py", "--before", str(ROOT), "--deals", "30",
                          "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    figures = json.loads(out.stdout)["ai_rules"]
    assert set(figures) == set(GAME_NAMES)
    assert all(f["mean_lead"] == 0 and f["differ"] == 0 and f["deals"] == 30 for f in figures.values())
    spec = importlib.util.spec_from_file_location("ai_rules", ROOT / "benchmarks" / "ai_rules.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    class FirstCard:
        def act(self, hand, rng=None):
            return hand.fast_legal()[0]

    got = bench.duel("schieber", rules_for("schieber"), FirstCard(), 60)
    assert got["ci95"][0] > 0 and got["differ"] > 0.3


@pytest.mark.slow
def test_inference_benchmark_measures_how_worlds_read_the_choice():
    """benchmarks/ai_inference.py: against another checkout (here this one) the two fits read
    alike; Schieber's fit puts the chooser's trumps in its hand clearly more often than worlds
    sampled with no reading."""
    out = subprocess.run([sys.executable, "benchmarks/ai_inference.py", "--before", str(ROOT), "--deals", "20",
                          "--worlds", "20", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    fits = json.loads(out.stdout)["fits"]
    assert fits["this checkout"] == fits["--before"]
    alike, read = fits["every world alike"], fits["this checkout"]
    assert 0.3 < alike["cards"] < 0.4 and read["trumps"] > alike["trumps"] + 0.05


def test_a_world_that_fits_the_auction_worse_is_kept_less_and_the_last_try_always():
    """search.Rejection: a world fitting as well as the best so far is always kept; one that fits
    not at all only at the WORLD_TRIES-th try, after which the count starts again."""
    rng = random.Random(1)
    rejection = search.Rejection()
    assert rejection.keep(0.5, rng) and rejection.keep(0.5, rng)
    kept = [rejection.keep(0.0, rng) for _ in range(2 * search.WORLD_TRIES)]
    assert [i for i, k in enumerate(kept) if k] == [search.WORLD_TRIES - 1, 2 * search.WORLD_TRIES - 1]
    assert rejection.best_fit == 0.5


@pytest.mark.parametrize("level, light", [("normal", True), ("expert", False)])
def test_a_light_level_counts_a_28_game_point_at_the_light_weight(level, light, monkeypatch):
    """Normal samples tens of worlds: it counts a game point at 28's light weight (8 card points)
    in its roll-outs and exact searches alike; expert at the full weight (16); 304 at one weight."""
    family = family_of(GAMES["28"])
    assert family.light_score_weight < family.score_weight
    assert family_of(GAMES["304"]).match_weight(True) == family_of(GAMES["304"]).match_weight(False)
    weights = set()
    real = search.utility

    def recording(hand, side, weight=None):
        weights.add(weight)
        return real(hand, side, weight)

    monkeypatch.setattr(search, "utility", recording)
    monkeypatch.setattr("game.ai.solver.utility", recording)
    seen_exact = False
    for hand, seat in random_positions("28", None, 30, 8):
        if hand.phase != "play" or len(hand.legal_actions()) < 2:
            continue
        t = Thinker(hand.observation(seat), level, 1)
        for _ in range(3):
            t.step(5)
        seen_exact |= t.exact
    assert seen_exact and weights == {family.match_weight(light)}
    assert family.match_weight(light) == (8.0 if light else 16.0)


@pytest.mark.parametrize("level, weight", [("normal", 8.0), ("hard", 12.0), ("expert", 12.0)])
def test_28_bids_and_trump_are_weighed_at_the_auction_weight(level, weight, monkeypatch):
    """Hard and expert weigh a 28 game point at 12 card points in the auction and the trump
    choice (16 in the play, test above); normal at its light weight, 8, throughout."""
    family = family_of(GAMES["28"])
    assert family.match_weight(False, auction=True) == 12.0 and family.match_weight(True, auction=True) == 8.0
    assert family_of(GAMES["400"]).match_weight(False, auction=True) == family_of(GAMES["400"]).score_weight
    weights, phases = set(), set()
    real = search.utility

    def recording(hand, side, weight=None):
        weights.add(weight)
        return real(hand, side, weight)

    monkeypatch.setattr(search, "utility", recording)
    for i in range(8):
        hand = GAMES["28"].deal(f"aw{i}", dealer=i % 4)
        while hand.phase == "auction" and (i % 2 == 0 or hand.legal_actions() == [A.PASS]):
            hand.apply(baseline_action(hand.observation(hand.turn), i))  # on to the trump choice
        if hand.phase not in ("auction", "indicator") or len(hand.legal_actions()) < 2:
            continue
        phases.add(hand.phase)
        t = Thinker(hand.observation(hand.turn), level, 1)
        for _ in range(3):
            t.step(5)
    assert phases == {"auction", "indicator"} and weights == {weight}


def test_a_seat_for_which_no_world_fits_still_acts_legally(monkeypatch):
    """If no deal of the hidden cards fits what a seat saw (a position the engine cannot make,
    but a broken record might), the search and the rules still answer with a legal action: a
    pass where one is legal, else the first legal action; the table never waits on it."""
    from game.ai import search, worlds

    def no_world(*_args, **_kw):
        raise worlds.Inconsistent("no world fits")

    monkeypatch.setattr(worlds.Worlds, "sample", no_world)
    monkeypatch.setattr(search, "sample_world", no_world)
    for game, cls in GAMES.items():
        hand = cls.deal(f"none/{game}", None, dealer=0)
        while len(hand.legal_actions()) < 2:
            hand.apply(hand.legal_actions()[0])
        obs = hand.observation(hand.turn)
        usual = A.PASS if A.PASS in obs.legal else obs.legal[0]
        assert search.baseline_action(obs) == usual
        for level in ("easy", "expert"):
            assert search.choose(obs, level, 1) == usual


def test_a_work_budget_thinks_for_that_many_rollouts_whatever_the_clock():
    """``rollouts``: the level's work, not its time (the arena's stand-in for a slower device):
    a clock that says every look took a second changes neither the work nor the action."""
    hand = GAMES["28"].deal(seed=4)
    for _ in range(12):  # the auction by the rules, into the play
        obs = hand.observation(hand.turn)
        if len(obs.legal) > 2 and not any(A.is_bid(a) for a in obs.legal):
            break
        hand.apply(baseline_action(obs, 1))
    slow, fast = search.WorkClock(tick=1.0), search.WorkClock(tick=1e-6)
    a = Thinker(obs, "normal", 3, clock=slow, rollouts=25).finish()
    b = Thinker(obs, "normal", 3, clock=fast, rollouts=25).finish()
    assert a.rollouts == b.rollouts == 25
    assert a.best() == b.best()
    assert choose(obs, "normal", 3, clock=slow, rollouts=25) == a.best()
