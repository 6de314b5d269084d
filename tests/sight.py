"""Independent models of what each seat may see, for the contract suite (test_engine_contract.py).

A model follows one hand's action texts, knowing nothing but the cards dealt and the rules as
written, and says what each seat's observation must show: the cards it may see, its hand, the
log, the tricks, which cards lie face down and the typed log's flags.  ``sight_for(hand)``
picks the model of a hand's game by its class; a game of open cards (400, Schieber, any new
game that plays every card face up) needs no model of its own.
"""

from __future__ import annotations

import json

from helpers import assert_typed_log_matches_text_log

from game.engine import FACE_DOWN, INDICATOR, REVEALS_TRUMP, TRUMP, TURNED_UP, Hand304, Hand400, HandSchieber
from game.engine.cards import mask_of
from game.engine.hidden_trump import HiddenTrumpHand
from game.engine.log import flag_names
from game.engine.weis import best_weis_owner, best_weis_split


def sight_for(hand):
    """The model of what each seat of ``hand`` (before any action) may see."""
    if isinstance(hand, HiddenTrumpHand):
        return HiddenTrumpSight(hand)
    if isinstance(hand, HandSchieber):
        return SchieberSight(hand)
    if isinstance(hand, Hand400):
        return OpenSight(hand, trump="H")  # hearts, always
    return OpenSight(hand)


# What a log entry names, remembered (every log is read after every action, in every seat):
ENTRY_CARD: dict = {}  # typed entry -> the card it names, None if none
LOGGED_CARD: dict = {}  # text entry's action -> the card's text it names, None if none


def _entry_card(entry):
    return entry.action % 64 if entry.action is not None and entry.action < 128 else None


def _logged_card(act: str):
    word, _, arg = act.partition(" ")
    return arg if word in ("play", "indicator") and arg != "??" else None


def named(table: dict, name, items) -> set:
    """{table[x] for x in items}, each missing one put in first as ``name(x)``."""
    try:
        return set(map(table.__getitem__, items))
    except KeyError:
        for x in items:
            if x not in table:
                table[x] = name(x)
        return set(map(table.__getitem__, items))


def assert_mentions_only(hand, obs, allowed: set, public_cards=()):
    """Every card ``obs`` names (hand, received, tricks, legal actions, both logs, the cards
    named in ``public``) is in ``allowed`` (card texts)."""
    text = type(hand).DECK.text
    cards = {*obs.hand, *obs.received, *(c for _, c in obs.trick), *(c for _, cs, _ in obs.tricks for c in cs),
             *(a % 64 for a in obs.legal if 0 <= a < 128), *public_cards}
    cards |= named(ENTRY_CARD, _entry_card, obs.actions)
    cards.discard(None)
    logged = named(LOGGED_CARD, _logged_card, [act for _, act in obs.log])
    logged.discard(None)
    if allowed.issuperset(map(text, cards)) and allowed.issuperset(logged):
        return  # each card named once (the line-by-line search below only for the message)
    found = [("hand", text(c)) for c in obs.hand]
    found += [("received", text(c)) for c in obs.received]
    found += [("trick", text(c)) for _, c in obs.trick if c is not None]
    found += [("tricks", text(c)) for _, cards, _ in obs.tricks for c in cards if c is not None]
    for _, act in obs.log:
        word, _, arg = act.partition(" ")
        if word in ("play", "indicator") and arg != "??":
            found.append(("log", arg))
    found += [("actions", text(e.action % 64)) for e in obs.actions if e.action is not None and e.action < 128]
    found += [("legal", text(a % 64)) for a in obs.legal if 0 <= a < 128]
    found += [("public", text(c)) for c in public_cards]
    for where, card in found:
        assert card in allowed, f"seat {obs.seat} sees {card} in its {where} but may not"


class OpenSight:
    """A game where every card is played face up: a seat may see the cards dealt to it and
    every card played, and its log shows every action as taken.  The typed log flags TRUMP on
    the cards of the trump suit: ``trump`` (a suit letter) if the model knows it, else the suit
    the observation names as trump (``public["trump"]``), else none."""

    def __init__(self, hand, trump: str | None = None):
        self.deck = type(hand).DECK
        self.hands = hand.record()["hands"]  # card texts as dealt
        self.trump = trump
        self.log = []     # (seat, action text)
        self.trick = []   # (seat, card) of the running trick
        self.tricks = []  # the completed tricks, each [(seat, card)] from its leader
        self.played = [set(), set(), set(), set()]
        self.given = [set(), set(), set(), set()]     # cards a seat gave away (face up)
        self.received = [set(), set(), set(), set()]  # cards a seat was given

    def step(self, seat, text):
        self.log.append((seat, text))
        if text.startswith("give "):
            card, to = text[5:].split()
            self.given[seat].add(card)
            self.received[int(to)].add(card)
        if text.startswith("play "):
            card = text[5:]
            self.played[seat].add(card)
            self.trick.append((seat, card))
            if len(self.trick) == 4:
                self.tricks.append(self.trick)
                self.trick = []

    def allowed(self, seat) -> set:
        return set(self.hands[seat]).union(*self.played, *self.given) | self.laid_open()

    def laid_open(self) -> set:
        """Cards the game shows everyone besides those played (none here)."""
        return set()

    def public_cards(self, obs) -> list:
        """The cards ``obs.public`` names (none here)."""
        return []

    def trump_suit(self, obs):
        return self.deck.suit_letters.index(self.trump) if self.trump else obs.public.get("trump")

    def check(self, hand):
        """Every seat's observation of ``hand`` shows exactly what this model says it may see."""
        text, parse = self.deck.text, self.deck.parse
        tricks = [(t[0][0], [parse(c) for _, c in t]) for t in self.tricks]  # the model's, as codes
        wants = {}  # the typed log's flags, by the trump suit an observation names
        for seat in range(4):
            obs = hand.observation(seat)
            assert_mentions_only(hand, obs, self.allowed(seat), self.public_cards(obs))
            held = (set(self.hands[seat]) - self.given[seat] | self.received[seat]) - self.played[seat]
            assert [text(c) for c in obs.hand] == sorted(held, key=self.deck.parse), f"seat {seat}'s hand"
            assert [text(c) for c in obs.received] == self.hands[seat]
            assert list(obs.hand_sizes) == [len(self.hands[s]) - len(self.given[s]) + len(self.received[s])
                                            - len(self.played[s]) for s in range(4)]
            assert list(obs.log) == self.log
            assert [(s, text(c)) for s, c in obs.trick] == self.trick
            assert [(lead, list(cards)) for lead, cards, _ in obs.tricks] == tricks, f"seat {seat}'s tricks"
            assert list(obs.trick_face_down) == [False] * len(self.trick)
            assert [list(t) for t in obs.tricks_face_down] == [[False] * 4] * len(self.tricks)
            assert_typed_log_matches_text_log(hand, obs)
            trump = self.trump_suit(obs)
            if trump not in wants:
                wants[trump] = [TRUMP if act.startswith("play ") and parse(act[5:]) >> 4 == trump else 0
                                for _, act in self.log]
            want = wants[trump]
            assert [e.flags for e in obs.actions] == want, f"seat {seat}'s typed log flags"
            json.dumps(obs.public)  # plain data


class SchieberSight(OpenSight):
    """Schieber: open cards, and once the first trick is complete the side with the best Weis
    lays its Weis open; trump is the suit of a 'trump X' contract, none in Obenabe or Undenufe."""

    def __init__(self, hand):
        super().__init__(hand)
        rec = hand.record()
        self.cards = [[self.deck.parse(c) for c in cards] for cards in self.hands]
        rosen_7 = self.deck.parse("7R")
        self.forehand = (next(s for s in range(4) if rosen_7 in self.cards[s]) if rec.get("first_hand")
                         else (rec["dealer"] + 1) % 4)
        self.contract = None

    def step(self, seat, text):
        if self.contract is None and (text.startswith("trump ") or text in ("obenabe", "undenufe")):
            self.contract = text
        super().step(seat, text)

    def trump_suit(self, obs):
        if self.contract is None or not self.contract.startswith("trump "):
            return None
        return self.deck.suit_letters.index(self.contract[6:])

    def laid_open(self) -> set:
        if not self.tricks or self.contract is None:
            return set()
        found = [best_weis_split(mask_of(cards)) for cards in self.cards]
        mode = "trump" if self.contract.startswith("trump ") else self.contract
        owner = best_weis_owner(found, mode, self.trump_suit(None), self.forehand)
        if owner is None:
            return set()
        return {self.deck.text(c) for s in (owner & 1, (owner & 1) + 2) for w in found[s] for c in w.cards}

    def public_cards(self, obs) -> list:
        return [c for shown in obs.public["weis"] for w in shown for c in w["cards"]]


class HiddenTrumpSight:
    """Follows the action texts of one hand and knows which cards each seat may see.

    A seat may see: its own cards (as dealt so far), cards played face up, the indicator once
    revealed (or laid face up with open trump), its own face-down cards, and, for the trumper,
    the face-down cards of completed tricks.  The hidden indicator only its trumper.
    """

    def __init__(self, hand):
        self.face_down_plays = isinstance(hand, Hand304)  # 304: a card that does not follow lies face down
        self.hands = hand.record()["hands"]  # card texts as dealt
        self.open_trump = hand.options["open_trump"]
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
            down = (self.face_down_plays and not self.revealed and bool(self.trick)
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

    def public_cards(self, obs):
        indicator = obs.public.get("indicator")
        return [] if indicator is None else [indicator]

    def check(self, hand):
        """Every seat's observation of ``hand`` shows exactly what this model says it may see."""
        text = type(hand).DECK.text
        plays = None  # the model's log read once for the four seats (below)
        for seat in range(4):
            obs = hand.observation(seat)
            assert_mentions_only(hand, obs, self.allowed(seat), self.public_cards(obs))
            # the hand is exactly the seat's own cards still held (the hidden indicator apart)
            held = self.own(seat) - self.played[seat]
            if (seat == self.trumper and not self.revealed and obs.phase != "indicator"):
                held.discard(self.indicator)
            assert sorted(text(c) for c in obs.hand) == sorted(held), f"seat {seat}'s hand"
            # hand sizes count every seat's cards, the face-down indicator included
            sizes = [len(self.own(s) - self.played[s]) for s in range(4)]
            assert list(obs.hand_sizes) == sizes, f"hand sizes shown to seat {seat}"
            # trump and the hidden indicator are shown only to those who may know them
            knows = self.indicator is not None and (seat == self.trumper or self.revealed)
            if knows and obs.phase != "indicator":
                assert obs.public.get("trump") == "SHDC".index(self.indicator[1])
            if not knows:
                assert obs.public.get("trump") is None, f"seat {seat} is told the hidden trump"
            if obs.public.get("indicator") is not None:
                assert seat == self.trumper and not self.revealed
            # the log: every action in order, a card shown exactly when the seat may see it
            assert len(obs.log) == len(self.log)
            if plays is None:
                plays = [(s, c, d, True) for t in self.tricks for s, c, d in t]
                plays += [(s, c, d, False) for s, c, d in self.trick]
                texts, down_plays, indicators, k = [], [], [], 0
                for i, (ls, ltext, _) in enumerate(self.log):
                    texts.append((ls, ltext))
                    if ltext.startswith("play "):
                        if plays[k][2]:
                            down_plays.append((i, plays[k]))
                        k += 1
                    elif ltext.startswith("indicator "):
                        indicators.append(i)
            # as one list (each seat after every action): the texts, a face-down card as this
            # seat may see it, an indicator entry as shown if the seat may see it so; entry by
            # entry below only to say which one differs
            want, got = list(texts), list(obs.log)
            for i, (owner, card, down, complete) in down_plays:
                if not self.sees_play(seat, owner, card, down, complete):
                    want[i] = (want[i][0], "play ??")
            for i in indicators:
                ls, ltext = want[i]
                if got[i] == (ls, "indicator ??") and seat != ls or got[i] == want[i] and (
                        seat == ls or ltext[10:] in self.public):
                    want[i] = got[i]
            for k, ((s, act), (ls, ltext)) in enumerate(zip(got, texts) if want != got else ()):
                assert s == ls
                if ltext.startswith("play "):
                    shown = want[k][1]
                    assert act == shown, f"seat {seat}'s log shows {act!r} for {ltext!r}"
                elif ltext.startswith("indicator "):
                    card = ltext[10:]
                    if act != ltext:
                        assert act == "indicator ??" and seat != ls
                    else:
                        assert seat == ls or card in self.public, f"seat {seat} sees the indicator {card}"
                else:
                    assert act == ltext
            # the tricks and the running trick show exactly what the seat may see
            want_tricks = [[c if self.sees_play(seat, s, c, d, True) else None for s, c, d in t]
                           for t in self.tricks]
            got_tricks = [[None if c is None else text(c) for c in cards] for _, cards, _ in obs.tricks]
            assert got_tricks == want_tricks, f"seat {seat}'s view of the completed tricks"
            want_trick = [(s, c if self.sees_play(seat, s, c, d, False) else None) for s, c, d in self.trick]
            got_trick = [(s, None if c is None else text(c)) for s, c in obs.trick]
            assert got_trick == want_trick, f"seat {seat}'s view of the running trick"
            # which cards lie face down, and the typed log: the text log's actions, the model's flags
            assert list(obs.trick_face_down) == [d for _, _, d in self.trick]
            assert [list(t) for t in obs.tricks_face_down] == [[d for _, _, d in t] for t in self.tricks]
            assert_typed_log_matches_text_log(hand, obs)
            got_flags = [e.flags for e in obs.actions]
            assert got_flags == self.flags, (f"seat {seat}'s typed log flags: {list(map(flag_names, got_flags))}, "
                                             f"not {list(map(flag_names, self.flags))}")
