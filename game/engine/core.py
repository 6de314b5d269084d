"""The hand state machine every game shares, and the one interface for decisions.

A ``Hand`` is one deal from the cards dealt to the final score.  Every decision
of every seat goes through the same calls: ``turn`` (whose decision it is),
``legal_actions()``, ``apply(action)``, ``undo()``, ``clone()`` and
``observation(seat)``.  Games subclass it and fill in ``_start``, ``_legal``,
``_apply``, ``_refusal`` and the scoring.

Search and playouts use the fast path instead: ``fast_legal()`` and ``fast_apply(a)``
(the games' own ``_legal``/``_apply``: no copy, no check, no history), ``with_cards(dealt)``
and ``replay_actions(steps)`` to rebuild many hands that differ in their hidden cards.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import NamedTuple

from . import actions as A
from .cards import Deck
from .options import Option, non_default, resolve

HIDDEN = None  # a card a seat may not see, in observations


class IllegalAction(ValueError):
    """An action the rules refuse; ``rule`` names the rule, ``reason`` says why."""

    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


class Trick(NamedTuple):
    leader: int
    cards: tuple  # in play order from the leader
    winner: int
    face_down: tuple = ()  # per position: played face down and never turned up


@dataclass
class Observation:
    """What one seat may know, and nothing else."""

    game: str
    seat: int
    options: dict
    dealer: int
    score: list
    phase: str
    turn: int  # seat to act, -1 when the hand is over
    hand: tuple  # own cards
    legal: tuple  # own legal actions (only when it is this seat's turn)
    hand_sizes: tuple
    log: tuple  # (seat, action text) as this seat saw it; hidden cards as '??'
    trick: tuple  # current trick: (seat, card or None when face down)
    tricks: tuple  # completed: (leader, cards with None for hidden ones, winner)
    public: dict = field(default_factory=dict)  # game facts: bid, trump if known, ...
    received: tuple = ()  # own cards in the order dealt, as far as dealt so far


class Hand:
    GAME = ""
    DECK: Deck
    OPTIONS: tuple[Option, ...] = ()
    CARDS_EACH = 8
    PACKETS = (4, 4)  # cards per seat in each round of dealing

    def __init__(self, hands, dealer: int = 0, options: dict | None = None,
                 score=None, first_hand: bool = False):
        self.options = resolve(self.OPTIONS, options)
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")
        self.dealer = dealer
        self.dealt = self._check_hands(hands)
        self.first_hand = bool(first_hand)
        self.score_before = self._check_score(self.initial_score(self.options) if score is None else score)
        self.history: list[tuple[int, str]] = []
        self.turn = -1
        self._start()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The fast path is each game's own hook itself, not a call through a wrapper.
        cls.fast_legal = cls._legal
        cls.fast_apply = cls._apply

    # ---- construction -------------------------------------------------------
    @classmethod
    def initial_score(cls, options: dict) -> list:
        return [0, 0]

    @classmethod
    def deal(cls, seed, options: dict | None = None, dealer: int = 0, score=None,
             first_hand: bool = False) -> "Hand":
        """A new hand whose cards come from ``seed`` (same seed, same cards)."""
        return cls(deal_cards(cls, options, seed, dealer), dealer, options, score, first_hand)

    def _check_hands(self, hands) -> list[list[int]]:
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ValueError("hands must list the cards of all four seats")
        dealt, seen = [], set()
        for seat, cards in enumerate(hands):
            if not isinstance(cards, (list, tuple)) or len(cards) != self.CARDS_EACH:
                raise ValueError(f"seat {seat} must be dealt {self.CARDS_EACH} cards")
            row = []
            for c in cards:
                card = self.DECK.parse(c) if isinstance(c, str) else c
                if type(card) is not int or card not in self.DECK.cards:
                    raise ValueError(f"{c!r} is not a card of the {self.DECK.name} deck")
                if card in seen:
                    raise ValueError(f"{self.DECK.text(card)} is dealt twice")
                seen.add(card)
                row.append(card)
            dealt.append(row)
        return dealt

    def _check_score(self, score) -> list:
        want = len(self.initial_score(self.options))
        if (not isinstance(score, (list, tuple)) or len(score) != want
                or not all(type(v) is int for v in score)):
            raise ValueError(f"score must be a list of {want} whole numbers")
        return list(score)

    # ---- the decision interface ---------------------------------------------
    def is_over(self) -> bool:
        return self.turn < 0

    def legal_actions(self) -> list[int]:
        return [] if self.turn < 0 else list(self._legal())

    def legal_texts(self) -> list[str]:
        return sorted(self.action_text(a) for a in self.legal_actions())

    def action_text(self, action: int) -> str:
        return A.action_text(action, self.DECK)

    def parse_action(self, text: str) -> int:
        try:
            return A.parse_action(text, self.DECK)
        except ValueError as err:
            raise IllegalAction("unknown-action", str(err)) from None

    def check(self, action) -> IllegalAction | None:
        """None if ``action`` is legal now, else the refusal (rule and reason)."""
        try:
            a = self.parse_action(action) if isinstance(action, str) else action
        except IllegalAction as err:
            return err
        if self.turn < 0:
            return IllegalAction("hand-over", "The hand is over; no more actions can be taken.")
        if a in self._legal():
            return None
        return self._refusal(a)

    def apply(self, action) -> None:
        """Take ``action`` (code or text) for the seat whose turn it is, or raise IllegalAction."""
        a = self.parse_action(action) if isinstance(action, str) else action
        refusal = self.check(a)
        if refusal:
            raise refusal
        self.history.append((self.turn, self.action_text(a)))
        self._apply(a)

    # ---- the fast path, for search and playouts ---------------------------------
    def fast_legal(self) -> list[int]:
        """The legal actions of the seat to act, as the engine's own list: do not change it, and
        call it only while the hand is not over.  No copy, nothing checked."""
        return self._legal()

    def fast_apply(self, action: int) -> None:
        """Take ``action``, which must be in ``fast_legal()``: nothing is checked, and nothing is
        recorded (``history``, so ``undo``, ``record`` and observations' logs, stay as they were).
        For search and playouts on clones; everything else uses ``apply``."""
        self._apply(action)

    def replay_actions(self, steps) -> bool:
        """Take ``(seat, action code)`` pairs in order, recording them in ``history`` as
        ``apply`` does, but checked only for the turn and against ``fast_legal()`` (no refusal
        is built).  False at the first pair that is not legal: the hand is then half-replayed
        and should be dropped.  For rebuilding sampled worlds from a log."""
        history, text = self.history, self.action_text
        for seat, a in steps:
            if seat != self.turn or a not in self._legal():
                return False
            history.append((seat, text(a)))
            self._apply(a)
        return True

    def with_cards(self, dealt) -> "Hand":
        """A new hand with this hand's rules, dealer and score before it, dealt ``dealt`` (four
        lists of card codes, trusted: not checked), before any action.  For search: many
        worlds built without checking the same options again."""
        twin = object.__new__(type(self))
        twin.options, twin.dealer, twin.first_hand = self.options, self.dealer, self.first_hand
        twin.score_before = self.score_before
        twin.dealt = dealt
        twin.history = []
        twin.turn = -1
        twin._start()
        return twin

    def undo(self) -> None:
        """Take back the last action (the hand is replayed from the deal)."""
        if not self.history:
            raise IllegalAction("nothing-to-undo", "There is no action to take back.")
        fresh = type(self)(self.dealt, self.dealer, self.options, self.score_before, self.first_hand)
        for _, text in self.history[:-1]:
            fresh.apply(text)
        self.__dict__ = fresh.__dict__

    # Attributes that change during a hand, so clones must not share them (each a
    # list of ints or of immutable tuples: a shallow copy is enough).  None: copy
    # every list, dict and set (safe, slower).
    MUTABLE: tuple[str, ...] | None = None

    def clone(self) -> "Hand":
        twin = object.__new__(type(self))
        state = self.__dict__.copy()
        if self.MUTABLE is None:
            for name, value in state.items():
                if type(value) in (list, dict, set):
                    state[name] = value.copy()
        else:
            for name in self.MUTABLE:
                state[name] = state[name].copy()
        twin.__dict__ = state
        return twin

    def playout(self, rng: random.Random) -> None:
        """Finish the hand with uniformly random legal actions (the fast path: no history)."""
        self._random_until(rng.random, lambda: False)

    def _in_play(self) -> bool:
        """Cards are being played (every game names its trick-play phase "play")."""
        return self.phase == "play"

    def _random_until(self, rnd, done) -> None:
        """Random legal actions (``rnd`` as in ``playout``) until ``done()`` or the hand ends."""
        legal, step = self.fast_legal, self.fast_apply
        while self.turn >= 0 and not done():
            moves = legal()
            step(moves[int(rnd() * len(moves))])

    def same_dealer_again(self) -> bool:
        """Whether the next hand is dealt by the same dealer (a 304 redeal)."""
        return False

    # ---- for subclasses -------------------------------------------------------
    def _start(self) -> None:
        raise NotImplementedError

    def _legal(self) -> list[int]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def _refusal(self, action: int) -> IllegalAction:
        return IllegalAction("not-allowed", f"'{self.action_text(action)}' is not possible now.")

    def observation(self, seat: int) -> Observation:
        raise NotImplementedError

    def result(self) -> dict | None:
        raise NotImplementedError

    # ---- records ---------------------------------------------------------------
    def tricks_as_text(self) -> list[dict]:
        """The completed tricks as the replay result lists them (real cards, from the leader)."""
        text = self.DECK.text
        return [{"leader": t.leader, "cards": [text(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks]

    def record(self) -> dict:
        """This hand as a hand record (see shared/spec/records.md)."""
        rec = {
            "game": self.GAME,
            "options": non_default(self.OPTIONS, self.options),
            "dealer": self.dealer,
            "score": list(self.score_before),
            "hands": [[self.DECK.text(c) for c in h] for h in self.dealt],
            "actions": [[s, t] for s, t in self.history],
        }
        if self.first_hand:
            rec["first_hand"] = True
        return rec


def deal_cards(cls, options: dict | None, seed, dealer: int) -> list[list[int]]:
    """Shuffle the game's deck from (game, options, seed) and deal it in packets from forehand."""
    opts = non_default(cls.OPTIONS, resolve(cls.OPTIONS, options))
    rng = random.Random(f"{cls.GAME}|{json.dumps(opts, sort_keys=True)}|{seed}")
    cards = cls.DECK.shuffled(rng)
    hands: list[list[int]] = [[], [], [], []]
    pos = 0
    for size in cls.PACKETS:
        for i in range(4):
            hands[(dealer + 1 + i) % 4].extend(cards[pos:pos + size])
            pos += size
    return hands
