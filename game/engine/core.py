"""The hand state machine every game shares, and the one interface for decisions.

A ``Hand`` is one deal from the cards dealt to the final score.  Every decision
of every seat goes through the same calls: ``turn`` (whose decision it is),
``legal_actions()``, ``check(action)``, ``apply(action)``, ``undo()``, ``clone()`` and
``observation(seat)``.  These are total: any value passed to them either works or raises
the documented exception (``IllegalAction`` for an action, ``ValueError`` for any other
argument), never another one.  Games subclass ``Hand`` and fill in ``_start``, ``_legal``,
``_apply``, ``_refusal``, ``_observation`` and the scoring (``_final_score``, ``figures``).

What other layers ask about a game they ask of its class: the class attributes from ``GAME``
to ``RULES`` below, ``rules_text``, ``initial_score``, ``score_range``, ``check_score`` and
``points_per_hand``; and of a finished hand: ``result()``, ``score_change()``,
``side_score_change()`` and ``figures()``.  Games are listed in ``registry.GAMES``.

Search uses the fast path instead: ``fast_legal()`` and ``fast_apply(a)`` (the games' own
``_legal``/``_apply``: no copy, no check, no history), ``with_cards(dealt)`` and
``replay_actions(steps)`` to rebuild many hands that differ in their hidden cards.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from . import actions as A
from . import allowed as W
from . import events as E
from . import phases as P
from .cards import Deck, mask_of
from .facts import Facts
from .log import TRUMP, LogEntry
from .options import Option, non_default, resolve
from .quote import quoted

HIDDEN = None  # a card a seat may not see, in observations
MAX_SEED = 10**1000  # an int seed has fewer digits than this, a text seed at most SEED_CHARS
SEED_CHARS = 1000


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
    face_down: tuple = ()  # per position: played face down and never turned up (() if none)
    turned_up: tuple = ()  # per position: played face down, turned up at the trick's end (() if none)


@dataclass
class Observation:
    """What one seat may know, and nothing else.

    Cards are codes (see ``cards.py``); ``HIDDEN`` (None) stands for a card the seat may not
    see.  ``actions`` is the typed log (``log.py``): read it rather than the text ``log``,
    which stays for display and older callers."""

    game: str       # the game's record name (``GAMES`` key)
    seat: int
    options: dict   # every rule option's value
    dealer: int
    score: list     # the match score before this hand (the shape of ``Hand.initial_score``)
    phase: str      # the game's phase name; "play" while cards are played, "over" at the end
    turn: int       # seat to act, -1 when the hand is over
    hand: tuple     # own cards (a 304/28 trumper's hidden indicator not among them)
    legal: tuple    # own legal actions (only when it is this seat's turn)
    hand_sizes: tuple  # cards each seat holds, a hidden indicator counted with its owner
    log: tuple      # (seat, action text) as this seat saw it; hidden cards as '??'
    trick: tuple    # current trick: (seat, card or HIDDEN)
    tricks: tuple   # completed: (leader, cards with HIDDEN for unseen ones, winner)
    public: dict = field(default_factory=dict)  # game facts: bid, trump if known, ...
    received: tuple = ()  # own cards in the order dealt, as far as dealt so far
    actions: tuple = ()   # the typed log: LogEntry(seat, code or HIDDEN, flags), one per action
    trick_face_down: tuple = ()   # per card of ``trick``: it lies face down on the table
    tricks_face_down: tuple = ()  # per completed trick, per card: it stayed face down for good
    forehand: int = -1    # the seat that leads the hand's first trick (and bids first)
    first_hand: bool = False  # the first hand of a match, played by the game's FIRST_HAND_RULE
    events: tuple = field(default=(), compare=False)  # what the last action brought about (``events.py``)

    @cached_property
    def facts(self) -> Facts:
        """``public`` as the game's typed facts (``Hand.FACTS``, ``facts.py``): read attributes,
        not keys.  Built once, when first asked."""
        from .registry import GAMES
        return getattr(GAMES.get(self.game), "FACTS", Facts).from_public(self.public)

    def why_allowed(self, action) -> W.Allowed | None:
        """The rule that lets this seat take ``action`` now (``allowed.py``: rule and words);
        None if it is not one of ``legal``.  The game says it (``Hand._allowed``), from what this
        seat sees."""
        if action not in self.legal:
            return None
        from .registry import GAMES
        game = GAMES.get(self.game)
        return W.ALLOWED if game is None else game._allowed(self, action)


class Hand:
    # ---- what other layers ask about a game (English text; the UI translates it) ----------
    GAME = ""            # the name in records, URLs and GAMES
    TITLE = ""           # the game's name for people: "Twenty-Eight"
    ALIASES: tuple[str, ...] = ()  # other names ``game_class`` accepts (lower case)
    TAGLINE = ""         # one line: where it is played and what marks it
    DECK: Deck
    OPTIONS: tuple[Option, ...] = ()  # the rule options, as data
    MATCH_LENGTH = ""    # the option that sets how long a match lasts ("" if none does)
    CARDS_EACH = 8
    PACKETS = (4, 4)     # cards per seat in each round of dealing
    SCORE_PER_PLAYER = False  # the match score has an entry per player (400), else per side
    SCORE_NAME = "points"     # what the match score counts: "tokens", "game points", ...
    FIGURE_NAME = "card points"  # what ``figures()`` counts
    FIRST_HAND_RULE = ""  # how a match's first hand differs ("" if it does not); see ``first_hand``
    # The rules a player reads (the rules screen, docs/rules.md): (heading, paragraph) pairs in
    # plain English; the message catalogs take every string of SEATING and RULES as a message.
    SEATING = ("Seats",
               "Four players in two partnerships: you and the player opposite you against the two others. "
               "Dealing, bidding and play go counter-clockwise: after you comes the player on your right. "
               "The player after the dealer is forehand. The first dealer of a match is drawn at random, "
               "and the deal moves on by one seat after every hand, a thrown-in hand too.")
    RULES: tuple[tuple[str, str], ...] = ()  # the game's own rules, after SEATING
    FACTS: type[Facts] = Facts  # the typed form of the observation's ``public`` (``Observation.facts``)
    # phase -> the heading of RULES that explains it (the table opens the rules there)
    RULES_SECTIONS: dict[str, str] = {}

    def __init__(self, hands, dealer: int = 0, options: dict | None = None,
                 score=None, first_hand: bool = False):
        """A hand dealt ``hands`` (four lists of cards, as text such as 'JS' or as codes, each
        seat's in dealing order) by ``dealer`` (0..3), under ``options`` (None: the defaults),
        with the match score ``score`` before it (None: a match's start).  ``first_hand``: the
        hand opens a match; it matters (and is kept) only in a game with a FIRST_HAND_RULE.
        ValueError naming the problem for any bad argument."""
        self.options = resolve(self.OPTIONS, options)
        self.dealer = _check_dealer(dealer)
        self.dealt = self._check_hands(hands)
        if type(first_hand) is not bool:
            raise ValueError(f"first_hand must be true or false, got {quoted(first_hand)}")
        self.first_hand = first_hand and bool(self.FIRST_HAND_RULE)
        self.score_before = self.check_score(self.initial_score(self.options) if score is None else score,
                                             self.options)
        self.history: list[tuple[int, str]] = []
        self.turn = -1
        self._start()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The fast path is each game's own hook itself, not a call through a wrapper.
        cls.fast_legal = cls._legal
        cls.fast_apply = cls._apply
        cls._codes = {}  # action text -> code, for every text parsed (an action of the game's)
        cls._texts = {}  # known action code -> its text
        cls._open_entries = {}  # for ``_open_log``

    # ---- the game's score ---------------------------------------------------------------
    @classmethod
    def initial_score(cls, options: dict) -> list:
        """The match score at the start of a match: per player if SCORE_PER_PLAYER, else per side."""
        return [0, 0, 0, 0] if cls.SCORE_PER_PLAYER else [0, 0]

    @classmethod
    def score_range(cls, options: dict) -> tuple[int, int]:
        """The lowest and highest value (inclusive) an entry of the score before a hand may have:
        by default far beyond any score a match reaches (a 28 side losing a game point a hand
        needs some 100,000 hands to get there), yet bounded, so a record cannot carry an
        astronomic score.  A hand's result never leaves it (``kept_in_range``), so the score
        after any hand can stand before the next."""
        return -99_999, 99_999

    @classmethod
    def kept_in_range(cls, score, options: dict) -> list:
        """``score`` (after a hand) with each entry held within ``score_range``: a score at the
        floor stays there, so no hand makes a score the next deal would refuse."""
        low, high = cls.score_range(options)
        return [min(high, max(low, v)) for v in score]

    @classmethod
    def check_score(cls, score, options: dict) -> list:
        """``score`` as a new list if it can stand before a hand of this game under ``options``
        (resolved values), else ValueError saying what is wrong."""
        want = len(cls.initial_score(options))
        low, high = cls.score_range(options)
        if (not isinstance(score, (list, tuple)) or len(score) != want
                or not all(type(v) is int for v in score)):
            raise ValueError(f"score must be a list of {want} whole numbers, got {quoted(score)}")
        if not all(low <= v <= high for v in score):
            raise ValueError(f"{cls.TITLE} scores run from {low} to {high}; got {quoted(list(score))}")
        return list(score)

    @classmethod
    def rules_text(cls) -> tuple[tuple[str, str], ...]:
        """The whole rules text, (heading, paragraph) pairs in English: the seats, then RULES.
        The option descriptions (``OPTIONS``) complete it."""
        return (cls.SEATING, *cls.RULES)

    @classmethod
    def rules_section(cls, phase: str) -> str | None:
        """The heading of the rules part that explains ``phase`` (its play, else None)."""
        return cls.RULES_SECTIONS.get(phase, cls.RULES_SECTIONS.get("play"))

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        """The points a hand shares out between the sides (card points, before any multiplier;
        400: its 13 tricks)."""
        raise NotImplementedError

    # ---- construction -------------------------------------------------------
    @classmethod
    def deal(cls, seed, options: dict | None = None, dealer: int = 0, score=None,
             first_hand: bool = False) -> Hand:
        """A new hand whose cards come from ``seed`` (an int or a text: same seed, same cards);
        the other arguments as for the constructor.  ValueError for a bad argument."""
        return cls(deal_cards(cls, options, seed, _check_dealer(dealer)), dealer, options, score, first_hand)

    def _check_hands(self, hands) -> list[list[int]]:
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ValueError("hands must list the cards of all four seats")
        deck = self.DECK
        dealt, seen, mask = [], 0, deck.mask  # seen: the cards met so far, as a mask
        for seat, cards in enumerate(hands):
            if not isinstance(cards, (list, tuple)) or len(cards) != self.CARDS_EACH:
                raise ValueError(f"seat {seat} must be dealt {self.CARDS_EACH} cards")
            row = []
            for c in cards:
                card = deck.parse(c) if isinstance(c, str) else c
                if type(card) is not int or card < 0 or not mask >> card & 1:
                    raise ValueError(f"{quoted(c)} is not a card of the {deck.name} deck")
                if seen >> card & 1:
                    raise ValueError(f"{deck.text(card)} is dealt twice")
                seen |= 1 << card
                row.append(card)
            dealt.append(row)
        return dealt

    # ---- the decision interface ---------------------------------------------
    def is_over(self) -> bool:
        return self.turn < 0

    def legal_actions(self) -> list[int]:
        return [] if self.turn < 0 else list(self._legal())

    def legal_texts(self) -> list[str]:
        return sorted(map(self._text_of, self.legal_actions()))

    def action_text(self, action) -> str:
        """The text of an action given as a code (or as text); IllegalAction if it is neither."""
        return self._text_of(self.action_code(action))

    @classmethod
    def _text_of(cls, a: int) -> str:
        """The text of a known action code, remembered per game."""
        text = cls._texts.get(a)
        if text is None:
            text = cls._texts[a] = A.action_text(a, cls.DECK)
        return text

    def parse_action(self, text: str) -> int:
        try:
            return A.parse_action(text, self.DECK)
        except ValueError as err:
            raise IllegalAction("unknown-action", str(err)) from None

    def action_code(self, action) -> int:
        """The code of ``action``, given as a code or as its text; IllegalAction
        ('unknown-action') for anything that is not an action of this game in any phase."""
        if type(action) is int and A.is_known(action, self.DECK):
            return action
        if isinstance(action, str):
            try:
                return self._code_of(action)
            except ValueError as err:
                raise IllegalAction("unknown-action", str(err)) from None
        raise IllegalAction("unknown-action",
                            f"{quoted(action)} is not an action of {self.TITLE}: an action is one of "
                            "its codes or a text such as 'pass' or 'play' and a card.")

    def check(self, action) -> IllegalAction | None:
        """None if ``action`` (a code or its text) is legal now, else the refusal (rule and reason)."""
        try:
            return self._check_code(self.action_code(action))
        except IllegalAction as err:
            return err

    def _check_code(self, a: int) -> IllegalAction | None:
        if self.turn < 0:
            return IllegalAction("hand-over", "The hand is over; no more actions can be taken.")
        if a in self._legal():
            return None
        return self._refusal(a)

    _told_by = None  # (seat, action, state before it) of the last ``apply``, until its events are told

    def apply(self, action) -> None:
        """Take ``action`` (code or text) for the seat whose turn it is, or raise IllegalAction.
        What it brought about is ``events``."""
        a = self.action_code(action)
        if self.turn < 0 or a not in self._legal():
            raise self._check_code(a)
        seat = self.turn
        before = (len(self.tricks), self.phase, self._tell_state())
        self.history.append((seat, self._text_of(a)))
        self._apply(a)
        self._told_by = (seat, a, before)
        self._events = None

    @property
    def events(self) -> tuple:
        """What the last ``apply`` brought about (``events.py``), worked out when first asked, so
        that replaying a record or undoing pays nothing for it: ask before the hand moves on by
        the fast path (``fast_apply`` does not forget them).  () after ``replay_actions`` and
        ``with_held_cards``, and before any action."""
        told = self.__dict__.get("_events")
        if told is None:
            by = self.__dict__.get("_told_by")
            if by is None:
                return ()
            told = self._events = tuple(self._tell(*by))
        return told

    @classmethod
    def _code_of(cls, text: str) -> int:
        """The code of an action text, remembered per game (a game's actions are few: a bid is at
        most four digits); ValueError if it is no action of the game's."""
        code = cls._codes.get(text)
        if code is None:
            code = cls._codes[text] = A.parse_action(text, cls.DECK)
        return code

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
        history, texts = self.history, self._texts
        for seat, a in steps:
            if seat != self.turn or a not in self._legal():
                return False
            history.append((seat, texts.get(a) or self._text_of(a)))
            self._apply(a)
        self._told_by = self._events = None
        return True

    def with_cards(self, dealt) -> Hand:
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

    def with_held_cards(self, dealt) -> Hand | None:
        """This position as it would stand had ``dealt`` been dealt instead (four lists of card
        codes, trusted), when the two deals differ only in cards still held: the actions taken
        are kept, not replayed, so the caller vouches that they stay legal with the new cards
        (as ``fast_apply`` trusts its action).  None when the deals differ in a card played or
        laid, or while the game's state depends on the held cards in other ways than who holds
        them (``_received``): then build it with ``with_cards`` and ``replay_actions``.  For
        search: the worlds sampled for one observation differ in the unseen cards."""
        if self._received(dealt[0]) is None or self._opening(dealt) != self._opening(self.dealt):
            return None
        held, received = self.hand, self._received
        moved = []
        for s in range(4):
            old, new = mask_of(received(self.dealt[s])), mask_of(received(dealt[s]))
            if old & ~new & ~held[s]:
                return None  # a card this seat no longer holds would change hands
            moved.append(held[s] & new | new & ~old)
        twin = self.clone()
        twin.dealt = dealt
        twin.hand = moved
        twin._told_by = twin._events = None
        return twin if twin._deal_changed(self) else None

    def _deal_changed(self, before: Hand) -> bool:
        """After ``with_held_cards`` gave this copy of ``before`` its new deal: bring up to date
        what the game derives from the deal, or False when the new deal would have changed what has already
        happened (the caller then replays)."""
        return True

    def _opening(self, dealt) -> object:
        """What the hand's opening takes from ``dealt`` besides who holds which card (304: whether
        forehand may ask for a redeal); ``with_held_cards`` refuses a deal that changes it."""
        return None

    def _received(self, cards: list) -> list | None:
        """The cards of a seat's deal ``cards`` that it has been given so far, if the state
        depends on the cards not played yet only through who holds them: the attribute ``hand``,
        a card mask per seat (``with_held_cards`` may then move them); else None."""
        return None

    def undo(self) -> None:
        """Take back the last action (the hand is replayed from the deal)."""
        if not self.history:
            raise IllegalAction("nothing-to-undo", "There is no action to take back.")
        fresh = type(self)(self.dealt, self.dealer, self.options, self.score_before, self.first_hand)
        kept = self.history[:-1]
        # all but the last by the fast path (the same hand, checked against the legal actions),
        # the last applied, so that ``events`` tells what it brought about, as before the undone one
        if not kept or fresh.replay_actions([(s, self._code_of(t)) for s, t in kept[:-1]]):
            kept = kept[-1:]
        else:  # (never, for a history this hand applied; kept safe)
            fresh = type(self)(self.dealt, self.dealer, self.options, self.score_before, self.first_hand)
        for _, text in kept:
            fresh.apply(text)
        self.__dict__ = fresh.__dict__

    # Attributes that change during a hand, so clones must not share them (each a
    # list of ints or of immutable tuples: a shallow copy is enough).  None: copy
    # every list, dict and set (safe, slower).
    MUTABLE: tuple[str, ...] | None = None

    def clone(self) -> Hand:
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

    def _observation(self, seat: int) -> Observation:
        raise NotImplementedError

    # ---- events: what an action brought about (``apply`` only; the fast path tells nothing) ----
    tricks: list  # every game keeps its completed tricks, ``Trick``s

    def _tell_state(self):
        """What ``_tell`` compares after the action, taken before it (the game's own state)."""
        return None

    def _tell(self, seat: int, a: int, before: tuple) -> list:
        """The events of ``seat``'s action ``a``, just applied; ``before`` is (tricks completed,
        phase, ``_tell_state()``) from before it.  A game adds its own with ``_told``."""
        events = [self._action_event(seat, a, before[1])]
        events += self._told(seat, a, before[2])
        if len(self.tricks) > before[0]:
            t = self.tricks[-1]
            events.append(E.TrickWon(t.winner, self._trick_cards(t), self._trick_points(before[2])))
        if self.turn < 0:
            events.append(E.HandOver(-1, tuple(self.score_change()), bool(getattr(self, "thrown_in", False))))
        return events

    def _action_event(self, seat: int, a: int, phase: str) -> E.Event:
        info = A.describe(a)
        kind = info.kind
        if kind is A.Kind.CARD:
            return E.CardPlayed(seat, a)
        if kind is A.Kind.INDICATOR:
            return E.IndicatorLaid(seat, None)
        if kind is A.Kind.BID:
            return E.BidMade(seat, info.value)
        if kind in (A.Kind.PASS, A.Kind.PASS_PARTNER) and phase == P.AUCTION:
            return E.Passed(seat, kind is A.Kind.PASS_PARTNER)
        if kind is A.Kind.CALL:
            return E.TrumpCalled(seat)
        if kind is A.Kind.PUSH:
            return E.Pushed(seat, (seat + 2) % 4)
        return E.Said(seat, kind)

    def _told(self, seat: int, a: int, state) -> list:
        """The game's own events after the action (trump revealed, a contract, Weis ...)."""
        return []

    def _trick_cards(self, trick: Trick) -> tuple:
        """A completed trick's cards as every seat sees them (None: face down for good)."""
        return trick.cards

    def _trick_points(self, state) -> int | None:
        """What the trick just completed added to its winners' points; None if the game counts none."""
        return None

    @classmethod
    def _allowed(cls, obs: Observation, action: int) -> W.Allowed:
        """Which rule lets ``obs.seat`` take ``action``, one of ``obs.legal`` (an ``Allowed`` of
        ``allowed.py``).  Only what the acting seat sees decides it, so it is asked lazily, off
        the fast path.  By default "the rules allow it"; a game that follows suit says more
        (``allowed.card_allowed``)."""
        return W.ALLOWED

    def _final_score(self) -> list:
        """The match score after this finished hand (the result's "score"), without the result."""
        raise NotImplementedError

    def result(self) -> dict | None:
        """The result as the record spec lists it (None while the hand is not over)."""
        raise NotImplementedError

    # ---- what a seat may see ----------------------------------------------------------
    def observation(self, seat: int) -> Observation:
        """What ``seat`` (0..3) may know now; ValueError for anything but a seat."""
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, got {quoted(seat)}")
        obs = self._observation(seat)
        obs.events = self.events
        return obs

    def public_facts(self, seat: int) -> dict:
        """``observation(seat).public`` (the game facts ``seat`` may know), which a game may
        build without the rest of the observation (for search: comparing sampled worlds)."""
        return self.observation(seat).public

    def _open_log(self, trump: int) -> tuple:
        """The typed log of a game where every action is public: cards of suit ``trump``
        (-1: none) flagged TRUMP."""
        made = self._open_entries.get(trump)  # history entry -> LogEntry, shared by the game's hands
        if made is None:
            made = self._open_entries[trump] = {}
        get = made.get
        return tuple([get(entry) or self._open_entry(entry, trump, made) for entry in self.history])

    def _open_entry(self, entry: tuple, trump: int, made: dict) -> LogEntry:
        seat, text = entry
        a = self._code_of(text)
        made[entry] = typed = LogEntry(seat, a, TRUMP if a < A.INDICATOR and a >> 4 == trump else 0)
        return typed

    # ---- what a finished hand is worth ----------------------------------------------------
    def _require_over(self) -> None:
        if self.turn >= 0:
            raise ValueError("the hand is not over yet")

    def score_change(self) -> list[int]:
        """How this finished hand moves the match score, entry by entry in the score's shape:
        the result's "score" minus the score before the hand (0s for a thrown-in hand).
        ValueError while the hand is not over."""
        self._require_over()
        return [after - before for after, before in zip(self._final_score(), self.score_before)]

    def side_score_change(self) -> list[int]:
        """``score_change`` per side (a per-player score summed over partners)."""
        change = self.score_change()
        return [change[0] + change[2], change[1] + change[3]] if self.SCORE_PER_PLAYER else change

    def contract_made(self, seat: int) -> bool | None:
        """Whether ``seat``'s own contract succeeded in this finished hand: its winning bid
        (304, 28), its bid (400), the contract it chose (Schieber: its side took more points
        than the other); None if it had none or the hand was thrown in.  ValueError while the
        hand is not over or for anything but a seat."""
        self._require_over()
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"seat must be 0..3, got {quoted(seat)}")
        return self._contract_made(seat)

    def _contract_made(self, seat: int) -> bool | None:
        raise NotImplementedError

    def figures(self) -> list[float]:
        """Per side, what the hand itself was worth, in FIGURE_NAME units (304, 28: card
        points; 400: score points; Schieber: points before the multiplier).  ValueError while
        the hand is not over."""
        raise NotImplementedError

    # ---- records ---------------------------------------------------------------
    def tricks_as_text(self) -> list[dict]:
        """The completed tricks as the replay result lists them (real cards, from the leader)."""
        text = self.DECK.text
        return [{"leader": t.leader, "cards": [text(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks]

    def record(self) -> dict:
        """This hand as a hand record (docs/records.md)."""
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


def _check_dealer(dealer) -> int:
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise ValueError(f"dealer must be a seat 0..3, got {quoted(dealer)}")
    return dealer


def check_seed(seed):
    """``seed`` if it is an int of at most 1000 digits or a text of at most SEED_CHARS
    characters, else ValueError."""
    if type(seed) is int and -MAX_SEED < seed < MAX_SEED:
        return seed
    if isinstance(seed, str) and len(seed) <= SEED_CHARS:
        return seed
    raise ValueError(f"a seed is a whole number of up to 1000 digits or a text of up to {SEED_CHARS} "
                     f"characters, got {quoted(seed)}")


def deal_cards(cls, options: dict | None, seed, dealer: int) -> list[list[int]]:
    """Shuffle the game's deck from (game, options, seed) and deal it in packets from forehand."""
    seed = check_seed(seed)
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
