"""Plain helpers of the engine tests: deals, builders, refusal and record checks, random play.

The test modules import them as ``from helpers import ...`` (pytest puts tests/ on the path);
fixtures live in conftest.py.  Only the engine's public interface is used here, never a
game's internal attributes.

Seat model (docs/rules.md, "Seats"): seats 0..3, partners 0+2 and 1+3, play goes from seat s to
(s + 1) % 4, forehand is the seat after the dealer.  With dealer 3 the forehand is seat 0.
"""

from __future__ import annotations

import functools
import json
import os
import random
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, settings

from game.engine import GAMES, INDICATOR, TRUMP, Hand28, Hand304, IllegalAction, register


def _fuzz_examples() -> int | None:
    """FUZZ_EXAMPLES=N in the environment: every fuzz test tries N examples (long runs)."""
    raw = os.environ.get("FUZZ_EXAMPLES", "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise pytest.UsageError(f"FUZZ_EXAMPLES must be a whole number of examples, got {raw[:40]!r}")
    return int(raw)


FUZZ_EXAMPLES = _fuzz_examples()


def fuzz(examples: int) -> settings:
    """Hypothesis settings of a fuzz test: ``examples`` in ``make test``, FUZZ_EXAMPLES if set."""
    return settings(max_examples=FUZZ_EXAMPLES or examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])


RANKS = "J9ATKQ87"  # trick order, high to low, in every suit
POINTS_304 = {"J": 30, "9": 20, "A": 11, "T": 10, "K": 3, "Q": 2, "8": 0, "7": 0}
POINTS_28 = {"J": 3, "9": 2, "A": 1, "T": 1, "K": 0, "Q": 0, "8": 0, "7": 0}
ALL_CARDS = [r + s for s in "SHDC" for r in RANKS]


def suit(letter: str, ranks: str = RANKS) -> str:
    return " ".join(r + letter for r in ranks)


def around(seat: int, cards: str) -> list[list[str]]:
    """A deal that gives ``seat`` these eight cards and the other seats the rest, in
    ``ALL_CARDS`` order (first four = first packet)."""
    mine = cards.split()
    rest = [c for c in ALL_CARDS if c not in mine]
    hands = [rest[i:i + 8] for i in range(0, 24, 8)]
    hands.insert(seat, mine)
    return hands


def seats(*rows: str) -> list[list[str]]:
    """Four seats' cards, each written as one string of eight cards (first four = first packet)."""
    hands = [row.split() for row in rows]
    assert len(hands) == 4 and all(len(h) == 8 for h in hands)
    assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS), "a test deal must use the 32 cards once"
    return hands


def card_points(cards, table) -> int:
    return sum(table[c[0]] for c in cards)


# ---- concrete deals ---------------------------------------------------------------------------

# Each seat holds one whole suit (seat 0 spades, 1 hearts, 2 diamonds, 3 clubs).  With dealer 3,
# seat 0 is forehand; as trumper with spades it leads spades every trick, nobody else can follow,
# and its side takes all eight tricks (all the points) whatever the others discard.
ONE_SUIT_EACH = seats(suit("S"), suit("H"), suit("D"), suit("C"))

# Seat 0 holds only low spades and hearts, seat 1 the high ones; seats 2/3 hold diamonds/clubs.
# With dealer 3, seat 0 bids, lays 7S and leads; playing their lowest legal card (by text) every
# seat follows suit where it can and side 1 takes all eight tricks: side 0 scores 0 points.
#   T1 0:7H 1:9H  T2 1:9S 0:8S  T3 1:AH 0:8H  T4 1:AS 0:KS  T5 1:JH 0:KH  T6 1:JS 0:QS
#   T7 1:TH 0:QH  T8 1:TS 0:7S (the indicator as last card, a lower spade)
ALL_TO_DEFENDERS = seats(
    "7S 8S QS KS 7H 8H QH KH",
    "JS 9S AS TS JH 9H AH TH",
    "7D 8D QD KD 7C 8C QC KC",
    "JD 9D AD TD JC 9C AC TC",
)

# Every trick is four cards of one suit, one from each seat (see EXACT_SCRIPT).  Seat 0 bids,
# lays 8C (clubs) and its side takes 160 of 304 card points (15 of 28 in Twenty-Eight).
EXACT = seats(
    "JS JH 8C TD QS TH AD 9C",
    "9S 8S 9H AH KD QD JC QC",
    "AS KS 8H KH 9D 7D AC 7C",
    "TS 7S 7H QH 8D JD TC KC",
)
# Tricks in play order, cards from the leader on; winners 0 0 2 2 1 1 3 3.
EXACT_SCRIPT = ["JS 9S AS TS", "JH 9H 8H 7H", "QS 8S KS 7S", "9D 8D AD KD",
                "KH QH TH AH", "JC AC TC 9C", "QD 7D JD TD", "KC 8C QC 7C"]
EXACT_WINNERS = [0, 0, 2, 2, 1, 1, 3, 3]

# Seat 0 (trumper, dealer 0 so seat 1 is forehand) holds 7S and seven hearts; seat 1 JH and
# seven spades; seat 2 diamonds; seat 3 clubs.  Seat 1 leads its spades, seat 0 cannot follow
# (7S lies face down as indicator) and throws hearts; in trick 8 seat 1 leads JH and seat 0's
# last card is the indicator 7S.
LAST_CARD = seats(
    "7S 7H 8H QH KH TH AH 9H",
    "JH JS 9S AS TS KS QS 8S",
    suit("D"),
    suit("C"),
)

# A deal for the trick rules.  Seat 0 holds JS 9S 7S 8S and four diamonds; seat 1 hearts and
# clubs; seat 2 hearts and clubs; seat 3 diamonds and spades.
#   dealer 0: seat 1 is forehand and leads; seat 0 wins the auction and lays 8S.
#   dealer 3: seat 0 is forehand, wins the auction, lays 8S and leads.
PLAY = seats(
    "JS 9S 7S 8S AD TD KD QD",
    "AH TH 7H 8H AC TC 7C 8C",
    "JH 9H KH QH JC 9C KC QC",
    "JD 9D 8D 7D AS TS KS QS",
)


# ---- building and driving hands ---------------------------------------------------------------

def new304(hands=ONE_SUIT_EACH, dealer: int = 3, options: dict | None = None, score=None) -> Hand304:
    return Hand304([list(h) for h in hands], dealer, options, score)


def new28(hands=ONE_SUIT_EACH, dealer: int = 3, options: dict | None = None, score=None) -> Hand28:
    return Hand28([list(h) for h in hands], dealer, options, score)


def act(hand, *texts: str):
    for t in texts:
        hand.apply(t)
    return hand


def plays(hand, cards: str):
    """Play the cards (one string, in turn order)."""
    for c in cards.split():
        hand.apply("play " + c)
    return hand


def refusal(hand, text: str) -> IllegalAction:
    """The refusal of ``text``: check() returns it and apply() raises it with the same rule,
    changing nothing.  Tests assert on its ``rule``; what the reason says is for people."""
    legal_before = hand.legal_texts()
    history_before = list(hand.record()["actions"])
    err = hand.check(text)
    assert isinstance(err, IllegalAction), f"{text!r} should be refused"
    assert isinstance(err.rule, str) and err.rule
    with pytest.raises(IllegalAction) as raised:
        hand.apply(text)
    assert raised.value.rule == err.rule
    assert hand.legal_texts() == legal_before
    assert hand.record()["actions"] == history_before
    return err


def quiet_choice(legal: list[str]) -> str:
    """A fixed policy: the lowest card play by text, else 'pass', else the first action."""
    for t in legal:
        if t.startswith("play "):
            return t
    return "pass" if "pass" in legal else legal[0]


def finish(hand) -> dict:
    """Play the hand to its end with ``quiet_choice`` (no reveal, call, double or caps)."""
    guard = 0
    while not hand.is_over():
        hand.apply(quiet_choice(hand.legal_texts()))
        guard += 1
        assert guard < 200
    return hand.result()


def sides_points(result: dict, table: dict, last_bonus: int = 0) -> list[int]:
    """Card points per side recounted from the result's tricks (independent of the engine)."""
    pts = [0, 0]
    for t in result["tricks"]:
        pts[t["winner"] % 2] += card_points(t["cards"], table)
    if result["tricks"]:
        pts[result["tricks"][-1]["winner"] % 2] += last_bonus
    return pts


def assert_spec_error(out: dict, index=None, seat=None, action=None, max_chars: int = 1000):
    """The record spec's error object, exactly: these index, seat and action, a reason a person
    can read (printable, no traceback), the whole object strict JSON of at most ``max_chars``."""
    assert set(out) == {"ok", "error"} and out["ok"] is False
    err = out["error"]
    assert set(err) == {"index", "seat", "action", "reason"}
    assert (err["index"], err["seat"], err["action"]) == (index, seat, action), err
    assert isinstance(err["reason"], str) and len(err["reason"].split()) >= 3
    assert "Traceback" not in err["reason"]
    assert all(c.isprintable() for c in err["reason"]), "control characters are not repeated"
    assert len(json.dumps(out, allow_nan=False)) <= max_chars


def fast_finish(hand, rng) -> None:
    """Finish ``hand`` with uniformly random legal actions through the public fast path
    (``fast_legal``/``fast_apply``: nothing recorded), as search roll-outs do."""
    legal, step, rnd = hand.fast_legal, hand.fast_apply, rng.random
    while not hand.is_over():
        moves = legal()
        step(moves[int(rnd() * len(moves))])


_ACTION_TEXTS: dict = {}  # (game class, code) -> hand.action_text(code): the contract checks every log often


_TYPED: dict = {}  # (game class, typed entry) -> the text entry it stands for, or None if its flags do not fit


def _typed_text(game, hand, entry):
    if entry.action is None:
        text = "indicator ??" if entry.flags & INDICATOR else "play ??"
        fits = not entry.flags & TRUMP
    else:
        text = hand.action_text(entry.action)
        fits = bool(entry.flags & INDICATOR) == text.startswith("indicator ")
    said = _TYPED[game, entry] = (entry.seat, text) if fits else None
    return said


def assert_typed_log_matches_text_log(hand, obs):
    """Each typed entry is its text entry: the same seat, the action's text, HIDDEN for '??'."""
    assert len(obs.actions) == len(obs.log)
    # the whole log at once, each entry's text remembered (the contract checks every log after
    # every action); entry by entry below only to say which one differs
    game, typed = type(hand), _TYPED
    if [typed.get((game, e)) or _typed_text(game, hand, e) for e in obs.actions] == list(obs.log):
        return
    texts, game = _ACTION_TEXTS, type(hand)
    for entry, (seat, act) in zip(obs.actions, obs.log):
        assert entry.seat == seat
        if entry.action is None:
            assert act == ("indicator ??" if entry.flags & INDICATOR else "play ??")
            assert not entry.flags & TRUMP
        else:
            said = texts.get((game, entry.action))
            if said is None:
                said = texts[game, entry.action] = hand.action_text(entry.action)
            assert said == act
            assert bool(entry.flags & INDICATOR) == act.startswith("indicator ")


def text(hand, card):
    """A card code from an observation as text ('JS'); None (a hidden card) stays None."""
    return None if card is None else type(hand).DECK.text(card)


def seen_trick(hand, seat: int) -> list:
    """The running trick as ``seat`` sees it: [(seat, 'JS' or None), ...]."""
    return [(s, text(hand, c)) for s, c in hand.observation(seat).trick]


def seen_tricks(hand, seat: int) -> list:
    """The completed tricks as ``seat`` sees them: [(leader, ['JS', None, ...], winner), ...]."""
    return [(lead, [text(hand, c) for c in cards], win) for lead, cards, win in hand.observation(seat).tricks]


def seen_hand(hand, seat: int) -> list[str]:
    return sorted(text(hand, c) for c in hand.observation(seat).hand)


# ---- games in GAMES, and random play through the public interface ------------------------------

@contextmanager
def registered(cls):
    """``cls`` in ``GAMES`` while the block runs (a game the tests define), then out again."""
    register(cls)
    try:
        yield cls
    finally:
        GAMES.pop(cls.GAME, None)


def random_options(cls, rng) -> dict:
    """A value for every rule option of ``cls``, each drawn from what it allows."""
    return {o.name: rng.choice(o.allowed()) for o in cls.OPTIONS}


def random_score(cls, options: dict, rng):
    """A score the game accepts before a hand (``score_range`` and the game's own rule,
    ``check_score``: 304's tokens add up), or None (a match's start)."""
    if rng.random() < 0.4:
        return None
    resolved = cls.deal(0, options).options
    low, high = cls.score_range(resolved)
    for _ in range(300):
        score = [rng.randint(low, high) for _ in cls.initial_score(resolved)]
        try:
            return cls.check_score(score, resolved)
        except ValueError:
            continue
    return None


def random_position(game: str, seed, stop: int = 0, finish: bool = False):
    """A hand of ``game`` (random options, dealer and first hand or not) after up to ``stop``
    random legal actions, or all of them with ``finish``."""
    cls = GAMES[game]
    rng = random.Random(f"{game}/{seed}")
    hand = cls.deal(seed, random_options(cls, rng), dealer=rng.randrange(4), first_hand=rng.random() < 0.3)
    n = 0
    while not hand.is_over() and (finish or n < stop):
        hand.apply(rng.choice(hand.legal_actions()))
        n += 1
    return hand


def random_actions(hand, rng, limit: int = 200):
    """Play ``hand`` to its end with uniformly random legal actions (texts); yields the number
    of actions taken after each one."""
    n = 0
    while not hand.is_over():
        assert n < limit, "the hand did not end within the bound"
        legal = hand.legal_texts()
        assert legal, "a hand that is not over must offer an action"
        hand.apply(rng.choice(legal))
        n += 1
        yield n


def play_with_search(hand, every: int, at: int, work: int = 20):
    """Play ``hand`` to its end through the AI's own interface: the rule-based player's action,
    but every ``every``-th move (the ones where ``k % every == at``) the search's best after
    ``work`` steps; each action must be legal.  Returns ``hand``."""
    from game.ai import Thinker, baseline_action
    k = 0
    while not hand.is_over():
        obs = hand.observation(hand.turn)
        if k % every == at:
            thinker = Thinker(obs, "normal", k)
            thinker.step(work)
            action = thinker.best()
        else:
            action = baseline_action(obs, k)
        assert action in obs.legal
        hand.apply(action)
        k += 1
    return hand


# ---- a 400 ending where a bid of 13 decides the match (the AI's tests) --------------------------
THIRTEEN_TRICKS = ("AH 3H 6D 2H", "KH AD 5D 7C", "QH KD 3D 6C", "JH QD 2D 5C", "TH JD AC 4C",
                   "9H TD KC 3C", "8H 9D QC JS", "7H 8D JC 8S", "6H 7D TC 7S", "4H 6S 9C 5S")


def thirteen_bid_ending():
    """400, Forty-One scoring: seat 0 bid 13 and took the first ten tricks with its hearts; its
    partner (seat 2) bid 1 and can make it only with its Ace of spades, which would lose the
    match.  Seat 0 leads its last trump: if seat 2 throws the Ace away, seat 0 takes the last two
    spades too.  Every card is played through the engine, so each seat's observation is whole."""
    cls = GAMES["400"]
    parse = cls.DECK.parse
    left = ("KS QS 5H", "3S 4S 8C", "AS 2S 4D", "9S TS 2C")
    hands = [[parse(t.split()[s]) for t in THIRTEEN_TRICKS] + [parse(c) for c in left[s].split()] for s in range(4)]
    hand = cls(hands, 3, {"forty_one": True})
    for bid in (13, 1, 1, 1):
        hand.apply(f"bid {bid}")
    for trick in THIRTEEN_TRICKS:
        for card in trick.split():
            hand.apply(parse(card))
    return hand


@functools.cache
def extracted() -> dict:
    """``catalog.extract()`` of the game's sources, once a test process: the sources do not
    change during a run, and Babel's pass over every module costs ~1 s of CPU each time (five
    tests read it).  The tests only read it."""
    from game.i18n import catalog

    return catalog.extract()
