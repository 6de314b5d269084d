"""Random-play properties of the 304 and Twenty-Eight engines (hypothesis).

Deals, rule options, dealers and the choices at every decision are random; the properties are
the ones every hand must keep: each card played once, the card points add up, hands end, undo
and clone behave, records replay to the same result, and no observation ever shows a seat a card
it may not see (checked against an independent model of the rules of docs/rules.md, built only
from the dealt cards and the action texts).  Last, the fast path of every game (``fast_legal``,
``fast_apply``, ``with_cards``, ``replay_actions``) against the checked one.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tt_engine_helpers import POINTS_28, POINTS_304, assert_typed_log_matches_text_log, card_points, fast_finish

from game.engine import FACE_DOWN, INDICATOR, REVEALS_TRUMP, TRUMP, TURNED_UP, Hand28, Hand304, Match
from game.engine.log import flag_names
from game.engine.records import replay

CLASSES = {"304": Hand304, "28": Hand28}
MAX_ACTIONS = 120  # generous: 304 has at most ~90 decisions in a hand (two auctions, reveal, caps)


@st.composite
def deals(draw, game=None, **fixed):
    """(game, options, seed, dealer, choices): random rule options except those in ``fixed``."""
    game = game or draw(st.sampled_from(sorted(CLASSES)))
    cls = CLASSES[game]
    options = {o.name: draw(st.sampled_from(o.allowed())) for o in cls.OPTIONS}
    options.update({k: v for k, v in fixed.items() if k in options})
    seed = draw(st.integers(0, 10**9))
    dealer = draw(st.integers(0, 3))
    choices = draw(st.integers(0, 2**32))
    return game, options, seed, dealer, choices


def fresh(game, options, seed, dealer):
    return CLASSES[game].deal(seed, options, dealer)


def random_actions(hand, rng, limit=MAX_ACTIONS):
    """Play to the end with uniform random legal actions; yields after each action."""
    n = 0
    while not hand.is_over():
        assert n < limit, "the hand did not end within the bound"
        legal = hand.legal_texts()
        assert legal, "a hand that is not over must offer an action"
        hand.apply(rng.choice(legal))
        n += 1
        yield n


def points_total(game, options) -> int:
    if game == "304":
        return 304
    return 29 if options["twenty_nine"] else 28


# ---- an independent model of what each seat may see ------------------------------------------

class Sight:
    """Follows the action texts of one hand and knows which cards each seat may see.

    A seat may see: its own cards (as dealt so far), cards played face up, the indicator once
    revealed (or laid face up with open trump), its own face-down cards, and, for the trumper,
    the face-down cards of completed tricks.  The hidden indicator only its trumper.
    """

    def __init__(self, game, hands, options):
        self.game = game
        self.hands = hands  # card texts as dealt
        self.open_trump = options.get("open_trump", False)
        self.second_packet = False
        self.trumper = None
        self.indicator = None
        self.revealed = False
        self.played = [set(), set(), set(), set()]
        self.trick = []  # (seat, card, face_down)
        self.tricks = []  # (leader, [(seat, card, face_down_for_good)], ...)
        self.public = set()  # shown face up to everyone
        self.down_done = set()  # face-down cards of completed tricks that stayed hidden
        self.log = []  # (seat, text, who may see the card: None = all, else a set of seats)
        self.flags = []  # per log entry: the typed log's flags (log.py), as the table saw them
        self.trick_entries = []  # log index of each card of the running trick

    def reveal(self):
        if not self.revealed:
            self.revealed = True
            self.public.add(self.indicator)
            if not self.open_trump:  # the face-down indicator is turned up
                for i, (_, text, _) in enumerate(self.log):
                    if text == "indicator " + self.indicator:
                        self.flags[i] |= TURNED_UP

    def step(self, seat, text):
        shown_to = None
        flags = 0
        if text.startswith("indicator "):
            card = text[10:]
            self.trumper, self.indicator, self.revealed = seat, card, False
            self.second_packet = True
            flags = INDICATOR | (REVEALS_TRUMP if self.open_trump else FACE_DOWN)
            if self.open_trump:
                self.reveal()
            else:
                shown_to = {seat}
        elif text in ("reveal", "call"):
            self.reveal()
            flags = REVEALS_TRUMP
        elif text.startswith("play "):
            card = text[5:]
            if card == self.indicator and not self.revealed:
                self.reveal()  # the indicator as the last card
                flags |= REVEALS_TRUMP
            down = (self.game == "304" and not self.revealed and bool(self.trick)
                    and card[1] != self.trick[0][1][1])
            if down:
                flags |= FACE_DOWN
            elif self.revealed and card[1] == self.indicator[1]:
                flags |= TRUMP
            self.played[seat].add(card)
            self.trick.append((seat, card, down))
            self.trick_entries.append(len(self.log))
            if not down:
                self.public.add(card)
            if len(self.trick) == 4:
                trump = self.indicator[1]
                if any(d and c[1] == trump for _, c, d in self.trick) and not self.revealed:
                    self.reveal()
                    flags |= REVEALS_TRUMP  # this card completed a trick holding a face-down trump
                done = []
                for (s, c, d), entry in zip(self.trick, self.trick_entries):
                    if d and self.revealed and c[1] == trump:
                        self.public.add(c)  # a cut turned face up
                        d = False
                        if entry < len(self.flags):
                            self.flags[entry] |= TURNED_UP | TRUMP
                        else:
                            flags |= TURNED_UP | TRUMP
                    if d:
                        self.down_done.add(c)
                    done.append((s, c, d))
                self.tricks.append(done)
                self.trick = []
                self.trick_entries = []
        self.log.append((seat, text, shown_to))
        self.flags.append(flags)

    # -- what a seat may see
    def own(self, seat):
        return set(self.hands[seat][:8 if self.second_packet else 4])

    def allowed(self, seat):
        ok = self.own(seat) | self.public
        if seat == self.trumper:
            ok |= self.down_done
        return ok

    def sees_play(self, seat, owner, card, down, complete):
        return not down or seat == owner or (complete and seat == self.trumper) or card in self.public


def card_texts_in_observation(hand, obs):
    """Every card an observation mentions, as text, with where it was found."""
    text = type(hand).DECK.text
    found = [("hand", text(c)) for c in obs.hand]
    found += [("received", text(c)) for c in obs.received]
    found += [("trick", text(c)) for _, c in obs.trick if c is not None]
    found += [("tricks", text(c)) for _, cards, _ in obs.tricks for c in cards if c is not None]
    for _, act in obs.log:
        word, _, arg = act.partition(" ")
        if word in ("play", "indicator") and arg != "??":
            found.append(("log", arg))
    found += [("actions", text(e.action % 64)) for e in obs.actions if e.action is not None and e.action < 128]
    if obs.public.get("indicator") is not None:
        found.append(("public", text(obs.public["indicator"])))
    for a in obs.legal:
        if 0 <= a < 128:
            found.append(("legal", text(a % 64)))
    return found


def check_sight(hand, sight: Sight):
    text = type(hand).DECK.text
    for seat in range(4):
        obs = hand.observation(seat)
        allowed = sight.allowed(seat)
        for where, card in card_texts_in_observation(hand, obs):
            assert card in allowed, f"seat {seat} sees {card} in its {where} but may not"
        # the hand is exactly the seat's own cards still held (the hidden indicator apart)
        held = sight.own(seat) - sight.played[seat]
        if (seat == sight.trumper and not sight.revealed and obs.phase != "indicator"):
            held.discard(sight.indicator)
        assert sorted(text(c) for c in obs.hand) == sorted(held), f"seat {seat}'s hand"
        # hand sizes count every seat's cards, the face-down indicator included
        sizes = [len(sight.own(s) - sight.played[s]) for s in range(4)]
        assert list(obs.hand_sizes) == sizes, f"hand sizes shown to seat {seat}"
        # trump and the hidden indicator are shown only to those who may know them
        knows = sight.indicator is not None and (seat == sight.trumper or sight.revealed)
        if knows and obs.phase != "indicator":
            assert obs.public.get("trump") == "SHDC".index(sight.indicator[1])
        if not knows:
            assert obs.public.get("trump") is None, f"seat {seat} is told the hidden trump"
        if obs.public.get("indicator") is not None:
            assert seat == sight.trumper and not sight.revealed
        # the log: every action in order, a card shown exactly when the seat may see it
        assert len(obs.log) == len(sight.log)
        plays = [(s, c, d, True) for t in sight.tricks for s, c, d in t]
        plays += [(s, c, d, False) for s, c, d in sight.trick]
        k = 0
        for (s, act), (ls, ltext, shown_to) in zip(obs.log, sight.log):
            assert s == ls
            if ltext.startswith("play "):
                owner, card, down, complete = plays[k]
                k += 1
                want = ltext if sight.sees_play(seat, owner, card, down, complete) else "play ??"
                assert act == want, f"seat {seat}'s log shows {act!r} for {ltext!r}"
            elif ltext.startswith("indicator "):
                card = ltext[10:]
                if act != ltext:
                    assert act == "indicator ??" and seat != ls
                else:
                    assert seat == ls or card in sight.public, f"seat {seat} sees the indicator {card}"
            else:
                assert act == ltext
        # the tricks and the running trick show exactly what the seat may see
        want_tricks = [[c if sight.sees_play(seat, s, c, d, True) else None for s, c, d in t]
                       for t in sight.tricks]
        got_tricks = [[None if c is None else text(c) for c in cards] for _, cards, _ in obs.tricks]
        assert got_tricks == want_tricks, f"seat {seat}'s view of the completed tricks"
        want_trick = [(s, c if sight.sees_play(seat, s, c, d, False) else None) for s, c, d in sight.trick]
        got_trick = [(s, None if c is None else text(c)) for s, c in obs.trick]
        assert got_trick == want_trick, f"seat {seat}'s view of the running trick"
        # which cards lie face down, and the typed log: the text log's actions, the model's flags
        assert list(obs.trick_face_down) == [d for _, _, d in sight.trick]
        assert [list(t) for t in obs.tricks_face_down] == [[d for _, _, d in t] for t in sight.tricks]
        assert_typed_log_matches_text_log(hand, obs)
        got_flags = [flag_names(e.flags) for e in obs.actions]
        assert got_flags == [flag_names(f) for f in sight.flags], f"seat {seat}'s typed log flags"


def play_and_watch(deal, avoid=()):
    """Random legal play; after every action every seat's observation is checked."""
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    sight = Sight(game, hand.record()["hands"], options)
    check_sight(hand, sight)
    rng = random.Random(choices)
    while not hand.is_over():
        seat = hand.turn
        legal = [t for t in hand.legal_texts() if t not in avoid] or hand.legal_texts()
        act = rng.choice(legal)
        hand.apply(act)
        sight.step(seat, act)
        check_sight(hand, sight)


# The 304 second auction (auction_8) has its own property below, so that a fault there does not
# hide faults everywhere else.
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals(auction_8=False))
def test_no_observation_shows_a_card_its_seat_may_not_see(deal):
    play_and_watch(deal)


# Hidden-trump situations are rare under uniform play (reveal/call are one choice among many):
# here nobody reveals, calls or asks for a redeal, so trump stays hidden as long as the rules allow.
@settings(max_examples=100, deadline=None)
@given(deals(auction_8=False, open_trump=False))
def test_no_observation_leaks_while_trump_stays_hidden(deal):
    play_and_watch(deal, avoid=("reveal", "call", "redeal"))


@settings(max_examples=50, deadline=None)
@given(deals(game="304", auction_8=True, open_trump=False))
def test_no_observation_leaks_in_the_304_second_auction(deal):
    play_and_watch(deal, avoid=("redeal",))


@settings(max_examples=200, deadline=None)
@given(deals())
def test_every_card_played_once_and_points_add_up(deal):
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    dealt = sorted(c for h in hand.record()["hands"] for c in h)
    for _ in random_actions(hand, random.Random(choices)):
        pass
    res = hand.result()
    assert res is not None and hand.legal_texts() == []
    if res["thrown_in"]:
        assert res["tricks"] == [] and res["points"] == [0, 0] and res["made"] is None
        return
    played = [c for t in res["tricks"] for c in t["cards"]]
    assert len(res["tricks"]) == 8
    assert sorted(played) == dealt and len(set(played)) == 32
    assert sum(res["points"]) == points_total(game, options)
    table = POINTS_304 if game == "304" else POINTS_28
    recount = [0, 0]
    for t in res["tricks"]:
        recount[t["winner"] % 2] += card_points(t["cards"], table)
    if game == "28" and options["twenty_nine"]:
        recount[res["tricks"][-1]["winner"] % 2] += 1
    assert res["points"] == recount
    # each trick was led by the previous trick's winner
    for prev, t in zip(res["tricks"], res["tricks"][1:]):
        assert t["leader"] == prev["winner"]
    # each seat played one card per trick
    record = hand.record()
    for t in res["tricks"]:
        for i, c in enumerate(t["cards"]):
            assert c in record["hands"][(t["leader"] + i) % 4]


@settings(max_examples=40, deadline=None)
@given(deals())
def test_undo_restores_the_previous_position(deal):
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    rng = random.Random(choices)
    while not hand.is_over():
        before_legal = hand.legal_texts()
        before_obs = [hand.observation(s) for s in range(4)]
        before_actions = hand.record()["actions"]
        act = rng.choice(before_legal)
        hand.apply(act)
        hand.undo()
        assert hand.legal_texts() == before_legal
        assert [hand.observation(s) for s in range(4)] == before_obs
        assert hand.record()["actions"] == before_actions
        hand.apply(act)


def test_undo_without_actions_is_refused():
    from game.engine import IllegalAction
    for cls in CLASSES.values():
        hand = cls.deal(1)
        try:
            hand.undo()
        except IllegalAction as err:
            assert err.rule and err.reason
        else:
            raise AssertionError("undo of a fresh hand must be refused")


@settings(max_examples=60, deadline=None)
@given(deals(), st.integers(0, 60))
def test_clone_is_independent_and_plays_alike(deal, stop):
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    rng = random.Random(choices)
    for n in random_actions(hand, rng):
        if n >= stop:
            break
    twin = hand.clone()
    assert twin.legal_texts() == hand.legal_texts()
    assert [twin.observation(s) for s in range(4)] == [hand.observation(s) for s in range(4)]
    if not hand.is_over():  # moving an original leaves its clone alone as well
        rec = hand.record()
        original = CLASSES[game](rec["hands"], rec["dealer"], rec["options"], rec["score"])
        for _, act in rec["actions"]:
            original.apply(act)
        copy = original.clone()
        copy_obs = [copy.observation(s) for s in range(4)]
        copy_legal = copy.legal_texts()
        original.apply(random.Random(stop).choice(original.legal_texts()))
        assert [copy.observation(s) for s in range(4)] == copy_obs
        assert copy.legal_texts() == copy_legal and copy.record() == rec
    frozen_legal = hand.legal_texts()
    frozen_obs = [hand.observation(s) for s in range(4)]
    frozen_record = hand.record()
    # play the clone to the end: the original must not move
    twin_moves = []
    trng = random.Random(choices + 1)
    while not twin.is_over():
        act = trng.choice(twin.legal_texts())
        twin_moves.append(act)
        twin.apply(act)
    assert hand.legal_texts() == frozen_legal
    assert [hand.observation(s) for s in range(4)] == frozen_obs
    assert hand.record() == frozen_record
    # the same moves on the original give the same result
    for act in twin_moves:
        hand.apply(act)
    assert hand.result() == twin.result()
    assert hand.record() == twin.record()
    # and a fast-path roll-out on a clone leaves the original alone too
    again = CLASSES[game](frozen_record["hands"], frozen_record["dealer"], frozen_record["options"],
                          frozen_record["score"])
    for _, act in frozen_record["actions"]:
        again.apply(act)
    fast = again.clone()
    fast_finish(fast, random.Random(choices))
    assert fast.is_over()
    assert again.record() == frozen_record
    assert again.legal_texts() == frozen_legal
    res = fast.result()
    if not res["thrown_in"]:
        assert sum(res["points"]) == points_total(game, options)


@settings(max_examples=60, deadline=None)
@given(deals(), st.integers(0, 100))
def test_record_replays_to_the_same_result(deal, stop):
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    for n in random_actions(hand, random.Random(choices)):
        if n >= stop:
            break
    out = replay(hand.record(), trace=True)
    assert out["ok"] is True
    assert out["complete"] is hand.is_over()
    assert [[s["seat"], s["action"]] for s in out["trace"]] == hand.record()["actions"]
    for step in out["trace"]:
        assert step["legal"] == sorted(step["legal"]) and step["action"] in step["legal"]
    if hand.is_over():
        assert out["result"] == hand.result()
    else:
        assert "result" not in out


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(sorted(CLASSES)), st.integers(0, 10**6))
def test_match_dealer_rotates_and_score_carries(game, seed):
    options = {"tokens": 3} if game == "304" else {}
    match = Match(game, options, seed)
    rng = random.Random(seed)
    hands = 0
    while not match.over and hands < 40:
        dealer, score = match.dealer, list(match.score)
        assert match.hand.record()["dealer"] == dealer
        assert match.hand.record()["score"] == score
        while not match.hand.is_over():
            match.hand.apply(rng.choice(match.hand.legal_texts()))
        res = match.hand.result()
        redeal = any(a == "redeal" for _, a in match.hand.record()["actions"])
        match.next_hand()
        hands += 1
        assert match.score == res["score"]
        if res["match_over"]:
            assert match.over and match.winner == res["winner"]
            if game == "304":
                assert match.score[res["winner"]] == 6 and match.score[1 - res["winner"]] == 0
            break
        assert match.dealer == (dealer if redeal else (dealer + 1) % 4)


ACTION_TEXTS = (["play " + r + s for s in "SHDC" for r in "789TJQKA"]
                + ["indicator " + r + s for s in "SHDC" for r in "789TJQKA"]
                + [f"bid {n}" for n in list(range(13, 31)) + list(range(150, 311, 5))]
                + ["pass", "pass partner", "redeal", "keep", "reveal", "call", "double", "redouble", "caps"])


@settings(max_examples=20, deadline=None)
@given(deals())
def test_check_accepts_exactly_the_legal_actions(deal):
    game, options, seed, dealer, choices = deal
    hand = fresh(game, options, seed, dealer)
    rng = random.Random(choices)
    while True:
        legal = set(hand.legal_texts())
        assert legal <= set(ACTION_TEXTS)
        for text in ACTION_TEXTS:
            err = hand.check(text)
            if text in legal:
                assert err is None, f"legal {text!r} refused: {err}"
            else:
                assert err is not None and err.rule and err.reason, f"{text!r} accepted but not legal"
        if hand.is_over():
            break
        hand.apply(rng.choice(sorted(legal)))


# ---- the fast path, every game ------------------------------------------------------------------
def _random_hand(game, seed, stop):
    """A hand of ``game`` (random options) after up to ``stop`` random legal actions."""
    from game.engine import GAMES
    cls = GAMES[game]
    rng = random.Random(seed)
    options = {o.name: rng.choice(o.allowed()) for o in cls.OPTIONS}
    hand = cls.deal(seed, options, dealer=seed % 4, first_hand=game == "schieber" and seed % 2 == 0)
    for _ in range(stop):
        if hand.is_over():
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


ALL_GAMES = ["304", "28", "400", "schieber"]


def test_fast_path_is_each_games_own_hook():
    """``fast_legal``/``fast_apply`` are the games' ``_legal``/``_apply`` themselves (no wrapper call)."""
    from game.engine import GAMES
    for cls in GAMES.values():
        assert cls.fast_legal is cls._legal and cls.fast_apply is cls._apply


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ALL_GAMES), st.integers(0, 10**6), st.integers(0, 120))
def test_fast_path_plays_like_apply_without_history(game, seed, stop):
    hand = _random_hand(game, seed, stop)
    if hand.is_over():
        return
    assert sorted(hand.fast_legal()) == sorted(hand.legal_actions())
    a = random.Random(seed).choice(hand.fast_legal())
    checked, fast = hand.clone(), hand.clone()
    checked.apply(a)
    fast.fast_apply(a)
    assert fast.history == hand.history  # nothing recorded
    fast.history = checked.history
    assert vars(fast) == vars(checked)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ALL_GAMES), st.integers(0, 10**6), st.integers(0, 120))
def test_replay_actions_rebuilds_the_hand_apply_built(game, seed, stop):
    hand = _random_hand(game, seed, stop)
    start = type(hand)(hand.dealt, hand.dealer, hand.options, hand.score_before, hand.first_hand)
    again = start.with_cards(hand.dealt)
    assert vars(again) == vars(start)
    steps = [(s, hand.parse_action(t)) for s, t in hand.history]
    assert again.replay_actions(steps)
    assert vars(again) == vars(hand)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ALL_GAMES), st.integers(0, 10**6), st.integers(1, 120))
def test_replay_actions_stops_at_an_action_that_is_not_legal(game, seed, stop):
    hand = _random_hand(game, seed, stop)
    steps = [(s, hand.parse_action(t)) for s, t in hand.history]
    k = random.Random(seed).randrange(len(steps))
    probe = hand.with_cards(hand.dealt)
    assert probe.replay_actions(steps[:k])
    seat, _ = steps[k]
    wrong = [b for b in range(200) if b not in probe.fast_legal()]  # plays, indicators, low bids
    assert not probe.with_cards(hand.dealt).replay_actions(steps[:k] + [(seat, wrong[0])])
    assert not probe.with_cards(hand.dealt).replay_actions(steps[:k] + [((seat + 1) % 4, steps[k][1])])
