"""Swiss Schieber Jass: contract or push, Weis and Stöck, live scoring (the rules:
``HandSchieber.RULES``, docs/rules.md).

Contracts are numbered 0..3 (that suit is trump), OBENABE and UNDENUFE.  Points
count live: ``points`` holds this hand's multiplied points per side, and the
match ends the moment ``score_before + points`` reaches the target for a side.
Order within a hand: Stöck, Weis (when the first trick completes), trick points.
Stöck counts when its second card is played, or at once after the contract or
after any scoring event of its side if that brings the side to the target.
So a Stöck never reaches the target in the middle of a trick: the side's score
only changes at those checks, and the match never ends mid-trick.
"""

from __future__ import annotations

from . import actions as A
from . import allowed as W
from . import events as E
from .cards import (
    ROSEN,
    SUIT_MASKS,
    SWISS36,
    UNDER,
    cards_in,
    make_card,
    mask_of,
)
from dataclasses import dataclass

from .core import Hand, IllegalAction, Observation, Trick
from .facts import Facts
from .options import Option
from .registry import register
from .weis import best_weis_split, stoeck_holder, weis_points_by_side

new_tuple = tuple.__new__

SUIT_NAMES = ("Eicheln", "Rosen", "Schilten", "Schellen")
RANK_NAMES = dict(zip(range(4, 13), ("6", "7", "8", "9", "Banner", "Under", "Ober", "König", "Ass")))
OBENABE, UNDENUFE = 4, 5  # contract numbers after the four trump suits
CONTRACT_CODES = A.CONTRACTS
CHOICES = list(CONTRACT_CODES)
CHOICES_OR_PUSH = CHOICES + [A.PUSH]
MULTIPLIERS = {False: (1, 1, 2, 2, 3, 4), True: (1, 1, 2, 2, 3, 3)}  # by table_2500
TARGETS = {False: 3000, True: 2500}
ROSEN_7 = make_card(ROSEN, 5)


def stoeck_cards(trump: int) -> int:
    """The mask of trump Ober and König (Stöck)."""
    return SUIT_MASKS[trump] & (0b11 << (16 * trump + 10))
STOECK, LAST_TRICK, MATCH_BONUS = 20, 5, 100

# Trick power by rank slot (6 7 8 9 B U O K A = 4..12), 0 lowest.
PLAIN_POWER = {r: r - 4 for r in range(4, 13)}
UNDENUFE_POWER = {r: 12 - r for r in range(4, 13)}
TRUMP_POWER = {r: p for p, r in enumerate((4, 5, 6, 8, 10, 11, 12, 7, 9))}  # 6 7 8 B O K A 9 U
PLAIN_POINTS = {12: 11, 11: 4, 10: 3, 9: 2, 8: 10}
TRUMP_POINTS = {12: 11, 11: 4, 10: 3, 9: 20, 8: 10, 7: 14}
NO_TRUMP_POINTS = {12: 11, 11: 4, 10: 3, 9: 2, 8: 10, 6: 8}


def _tables(k: int):
    """Trick keys KEYS[led][card], card points and, for a trump contract, the higher-trump masks."""
    plain = UNDENUFE_POWER if k == UNDENUFE else PLAIN_POWER

    def key(c: int, led: int) -> int:
        s, r = c >> 4, c & 15
        if not 4 <= r <= 12:
            return -1
        if s == k:
            return 32 + TRUMP_POWER[r]
        return 16 + plain[r] if s == led else -1

    keys = [[key(c, led) for c in range(64)] for led in range(4)]
    if k < 4:
        points = [(TRUMP_POINTS if c >> 4 == k else PLAIN_POINTS).get(c & 15, 0) for c in range(64)]
        above = [sum(1 << make_card(k, r) for r, q in TRUMP_POWER.items() if q > p) for p in range(9)]
    else:
        points = [NO_TRUMP_POINTS.get(c & 15, 0) for c in range(64)]
        above = None
    return keys, points, above


KEYS, POINTS, ABOVE = zip(*(_tables(k) for k in range(6)))


def card_name(card: int) -> str:
    return f"{SUIT_NAMES[card >> 4]} {RANK_NAMES[card & 15]}"


def contract_name(k: int) -> str:
    return f"{SUIT_NAMES[k]} trump" if k < 4 else ("Obenabe", "Undenufe")[k - 4]


@dataclass(frozen=True)
class WeisShown:
    kind: str      # weis.RUN or weis.FOUR
    points: int    # before the multiplier
    cards: tuple   # its cards


@dataclass(frozen=True)
class SchieberFacts(Facts):
    forehand: int = -1
    pushed: bool = False
    chooser: int | None = None      # who chose the contract
    contract: str | None = None     # "trump", "obenabe" or "undenufe"
    multiplier: int | None = None
    target: int = 3000
    points: tuple = (0, 0)          # this hand's points per side, multiplied
    weis: tuple = ((), (), (), ())  # per seat: the Weis laid open (WeisShown)
    weis_points: tuple = (0, 0)     # per side, multiplied
    stoeck: int | None = None       # the seat whose Stöck has counted
    stoeck_points: tuple = (0, 0)
    winner: int | None = None       # the side that reached the target in this hand

    @classmethod
    def _read(cls, name: str, value):
        if name == "weis":
            return tuple(tuple(WeisShown(w["kind"], w["points"], tuple(w["cards"])) for w in seat) for seat in value)
        return super()._read(name, value)


@register
class HandSchieber(Hand):
    GAME = "schieber"
    TITLE = "Schieber Jass"
    ALIASES = ("jass",)
    TAGLINE = "Switzerland: choose the trump or push it to your partner"
    MATCH_LENGTH = "table_2500"
    FIGURE_NAME = "points before the multiplier"
    FIRST_HAND_RULE = "In the first hand of a match the holder of the Rosen 7 is forehand, whoever dealt."
    DECK = SWISS36
    FACTS = SchieberFacts
    CARDS_EACH = 9
    PACKETS = (3, 3, 3)
    RULES_SECTIONS = {"contract": "The contract", "play": "Play"}
    RULES = (
        ("Cards", "36 Swiss cards in four suits: Eicheln, Rosen, Schilten and Schellen; ranks 6, "
                  "7, 8, 9, Banner, Under, Ober, König, Ass. Nine cards each, dealt in threes."),
        ("The contract", "Forehand chooses: one suit as trump, Obenabe (no trump, high wins) or "
                         "Undenufe (no trump, low wins). Or forehand pushes (schieben) and the "
                         "partner must choose. In the first hand the holder of Rosen 7 is "
                         "forehand. Eicheln and Rosen count once, Schilten and Schellen twice, "
                         "Obenabe three times, Undenufe four times."),
        ("Order and points", "Plain suits: Ass, König, Ober, Under, Banner, 9 down to 6 (reversed "
                             "in Undenufe). Trump: Under (the Puur), 9 (the Nell), then Ass, "
                             "König, Ober, Banner, 8, 7, 6. Points: Ass 11, Banner 10, König 4, "
                             "Ober 3, Under 2; the trump Under 20 and trump 9 14; in Obenabe and "
                             "Undenufe every 8 is worth 8. The last trick adds 5: 157 in all, or "
                             "257 for the side that takes every trick."),
        ("Play", "Forehand leads the first trick, also after a push, and the winner of each trick leads "
                 "the next. Follow suit if you can, but a trump may always be played "
                 "instead; if you cannot follow, play any card. When a plain suit is led and the trick already "
                 "holds a trump, you may not play a lower trump than the best one there, even if you could "
                 "follow suit, unless every card in your hand is a trump. When trump is led you must follow "
                 "with trump, but a Puur that is your only trump need never be played. In Obenabe and "
                 "Undenufe: follow suit, else any card."),
        ("Weis", "Weis (melds) are declared automatically with your first card and scored when the first trick "
                 "is complete: three cards in sequence in one suit 20, four 50, five or more 100; four Aces, "
                 "Kings, Obers or Banners 100; four Unders 200; four 9s, 8s, 7s or 6s nothing. Sequences "
                 "follow the plain order 6 to Ass in every contract. A card counts in one Weis only: scoring fours "
                 "first, then the longest runs of what is left. The side holding the best single Weis scores "
                 "every Weis of both its players; the other side scores none."),
        ("The best Weis", "One Weis beats another by more points; then by more cards; then by higher "
                          "cards in the plain order (in Undenufe, lower ones); then a sequence in trump "
                          "beats one in a plain suit; and then the player who comes first, counting from "
                          "the one who leads the first trick, wins."),
        ("Stöck", "The player dealt König and Ober of trump scores 20 for Stöck on playing the second "
                  "of them, or earlier, the moment those 20 would bring the side to the target. The two "
                  "cards may also belong to a Weis. There is no Stöck in Obenabe and Undenufe."),
        ("Winning", "All points are multiplied by the contract and count as soon as they are scored. "
                    "The first side to reach 3000 wins at once, never in the middle of a trick. When "
                    "points fall due together, Stöck counts before Weis and Weis before trick points: "
                    "a side that reaches 3000 with its Stöck or its Weis wins, even if the other "
                    "side's points from the same trick would have got there too. A loser below 1500 "
                    "is Schneider."),
    )
    OPTIONS = (
        Option("table_2500", False,
               "Eicheln and Rosen x1, Schilten and Schellen x2, Obenabe and Undenufe x3; "
               "the match goes to 2500 (Schneider below 1250).",
               label="The 2500 table", shown=((False, "3000 points"), (True, "2500 table"))),
    )
    MUTABLE = ("history", "hand", "trick", "tricks", "points")

    @classmethod
    def score_range(cls, options: dict) -> tuple[int, int]:
        """Points per side: none below 0, and below the target (reaching it ends the match)."""
        return 0, TARGETS[options["table_2500"]] - 1

    @classmethod
    def points_per_hand(cls, options: dict) -> int:
        return 157  # card points and the last trick, before the multiplier; the Match bonus apart

    # ---- set-up ------------------------------------------------------------------
    def _start(self) -> None:
        table = self.options["table_2500"]
        self.target = TARGETS[table]
        self.mults = MULTIPLIERS[table]
        self.hand = [mask_of(cards) for cards in self.dealt]
        if self.first_hand:  # the holder of the Rosen 7 is forehand
            forehand = next(s for s in range(4) if self.hand[s] >> ROSEN_7 & 1)
        else:
            forehand = (self.dealer + 1) & 3
        self.forehand = self.leader = self.turn = forehand
        self.weis_found = [best_weis_split(h) for h in self.hand]  # shared by clones, never changed
        self.facts: dict = {}  # contract -> _contract_facts, shared by clones (it depends on the deal only)
        self.phase = "contract"
        self.pushed = False
        self.chooser = -1
        self.contract = -1
        self.trump = -1
        self.mult = 0
        self.keys = self.pts = self.above = self.lkeys = None
        self.tmask = self.puur = 0
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.points = [0, 0]        # this hand's points per side, multiplied, counted live
        self.led = self.win_key = self.win_pos = 0
        self.stoeck_seat = -1
        self.stk_left = 0           # Stöck cards not played yet (0 once scored or without Stöck)
        self.stoeck_scored = False
        self.weis_side = -1         # side holding the best Weis
        self.weis_total = 0         # its Weis points, before the multiplier
        self.weis_scored = False
        self.winner = -1            # side that reached the target in this hand

    # ---- legal actions ---------------------------------------------------------------
    def _legal(self) -> list[int]:
        if self.phase != "play":
            return CHOICES if self.pushed else CHOICES_OR_PUSH
        h = self.hand[self.turn]
        if not self.trick:
            return cards_in(h)
        led = self.led
        follow = h & SUIT_MASKS[led]
        tm = h & self.tmask
        if not tm:  # no trump contract, or no trump held
            return cards_in(follow or h)
        if led == self.trump:  # trump led: follow with trump, unless the Puur is the only one
            return cards_in(h if tm == self.puur else tm)
        if tm != h and self.win_key >= 32:  # no under-trumping unless the hand is all trumps
            tm &= self.above[self.win_key - 32]
        return cards_in(follow | tm if follow else h & ~self.tmask | tm)

    # ---- applying actions ----------------------------------------------------------------
    def _apply(self, a: int) -> None:
        if a >= 64:
            self._apply_contract(a)
            return
        seat = self.turn
        self.hand[seat] ^= 1 << a
        trick = self.trick
        trick.append(a)
        n = len(trick)
        if n == 1:
            self.led = a >> 4
            self.lkeys = keys = self.keys[a >> 4]
            self.win_key = keys[a]
            self.win_pos = 0
        else:
            k = self.lkeys[a]
            if k > self.win_key:
                self.win_key = k
                self.win_pos = n - 1
        if self.stk_left >> a & 1:
            self.stk_left ^= 1 << a
            if not self.stk_left:
                self._score_stoeck()  # the second of König and Ober
        if n < 4:
            self.turn = (seat + 1) & 3
        else:
            self._end_trick()

    def _apply_contract(self, a: int) -> None:
        if a == A.PUSH:
            self.pushed = True
            self.turn = (self.turn + 2) & 3
            return
        k = CONTRACT_CODES.index(a)
        self.chooser = self.turn
        self.contract = k
        self.mult = self.mults[k]
        self.keys, self.pts, self.above = KEYS[k], POINTS[k], ABOVE[k]
        self.phase = "play"
        self.leader = self.turn = self.forehand  # forehand leads, also after a push
        if k < 4:
            self.trump = k
            self.tmask = SUIT_MASKS[k]
            self.puur = 1 << make_card(k, UNDER)
        facts = self.facts.get(k)
        if facts is None:
            facts = self.facts[k] = self._contract_facts(k)
        self.weis_side, self.weis_total, self.stoeck_seat = facts
        if self.stoeck_seat >= 0:
            self.stk_left = stoeck_cards(k)
            self._stoeck_early(self.stoeck_seat & 1)

    # ---- moving held cards (``Hand.with_held_cards``, for search) ---------------------------
    def _received(self, cards: list) -> list:
        return cards  # all nine are dealt at once

    def _opening(self, dealt) -> int | None:
        """In a match's first hand the holder of the Rosen 7 is forehand."""
        return next(s for s in range(4) if ROSEN_7 in dealt[s]) if self.first_hand else None

    def _deal_changed(self, before) -> bool:
        """Weis and Stöck come from the deal: found again; refused where the new deal changes
        points already scored, or would have let an unplayed Stöck end the match earlier."""
        was = before.dealt
        self.weis_found = [before.weis_found[s] if cards == was[s] else best_weis_split(mask_of(cards))
                           for s, cards in enumerate(self.dealt)]
        self.facts = {}
        k = self.contract
        if k < 0:
            return True
        facts = self.facts[k] = self._contract_facts(k)
        weis_side, weis_total, stoeck_seat = facts
        if self.weis_scored and (weis_side, weis_total) != (self.weis_side, self.weis_total):
            return False
        if self.stoeck_scored and stoeck_seat != self.stoeck_seat:
            return False
        self.weis_side, self.weis_total, self.stoeck_seat = facts
        if self.stoeck_scored:
            return True
        self.stk_left = 0
        if stoeck_seat >= 0:
            side = stoeck_seat & 1
            if self.score_before[side] + self.points[side] + STOECK * self.mult >= self.target:
                return False  # it might have counted at an earlier score of its side
            held = 0
            for h in self.hand:
                held |= h
            self.stk_left = stoeck_cards(k) & held
        return True

    def _contract_facts(self, k: int) -> tuple[int, int, int]:
        """(Weis side or -1, its Weis points before the multiplier, Stöck seat or -1) under contract k."""
        trump = k if k < 4 else None
        weis = weis_points_by_side(self.weis_found, self._weis_mode(), trump, self.forehand)
        side = 0 if weis[0] else 1 if weis[1] else -1
        holder = stoeck_holder([mask_of(cards) for cards in self.dealt], trump)
        return side, max(weis), -1 if holder is None else holder

    def _weis_mode(self) -> str:
        return "trump" if self.contract < 4 else "obenabe" if self.contract == OBENABE else "undenufe"

    def _score_stoeck(self) -> None:
        """Stöck counts (played as the second card it cannot reach the target: see the module text)."""
        self.stk_left = 0
        self.stoeck_scored = True
        self.points[self.stoeck_seat & 1] += STOECK * self.mult

    def _stoeck_early(self, side: int) -> bool:
        """After a scoring event of ``side``: its unplayed Stöck counts now if that reaches the target."""
        if (self.stk_left and self.stoeck_seat & 1 == side
                and self.score_before[side] + self.points[side] + STOECK * self.mult >= self.target):
            self._score_stoeck()
            self.winner = side
            self._over()
            return True
        return False

    def _score(self, side: int, raw: int) -> bool:
        """Add ``raw`` points (before the multiplier) to ``side``; True if the match ended."""
        points = self.points
        points[side] += raw * self.mult
        if self.score_before[side] + points[side] >= self.target:
            self.winner = side
            self._over()
            return True
        return self.stk_left != 0 and self._stoeck_early(side)

    def _end_trick(self) -> None:
        trick = self.trick
        leader = self.leader
        win = (leader + self.win_pos) & 3
        tricks = self.tricks
        tricks.append(new_tuple(Trick, (leader, tuple(trick), win, (), ())))  # Trick(...), faster
        self.trick = []
        self.leader = self.turn = win
        n = len(tricks)
        if n == 1:
            self.weis_scored = True
            if self.weis_side >= 0 and self._score(self.weis_side, self.weis_total):
                return
        pts = self.pts
        p = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if n == 9:
            p += LAST_TRICK
            if all(t.winner & 1 == win & 1 for t in tricks):
                p += MATCH_BONUS
        if not self._score(win & 1, p) and n == 9:
            self._over()

    def _over(self) -> None:
        self.phase = "over"
        self.turn = -1

    # ---- events -------------------------------------------------------------------------
    def _tell_state(self):
        return self.weis_scored, self.stoeck_scored, self.points[0], self.points[1]

    def _action_event(self, seat: int, a: int, phase: str) -> E.Event:
        if a in CONTRACT_CODES:
            k = self.contract
            return E.ContractChosen(seat, self._weis_mode(), k if k < 4 else None, self.mult)
        return super()._action_event(seat, a, phase)

    def _told(self, seat: int, a: int, state) -> list:
        weis_scored, stoeck_scored = state[:2]
        events = []
        if self.weis_scored and not weis_scored and self.weis_side >= 0:
            for s in (self.weis_side, self.weis_side + 2):
                found = self.weis_found[s]
                if found:
                    shown = tuple(WeisShown(w.kind, w.points, tuple(w.cards)) for w in found)
                    events.append(E.WeisScored(s, shown, sum(w.points for w in found) * self.mult))
        if self.stoeck_scored and not stoeck_scored:
            events.append(E.StoeckScored(self.stoeck_seat, STOECK * self.mult))
        return events

    def _trick_points(self, state) -> int | None:
        """The winners' points from this trick: their gain less the Weis and Stöck scored with it."""
        weis_scored, stoeck_scored, *before = state
        side = self.tricks[-1].winner & 1
        gain = self.points[side] - before[side]
        if self.weis_scored and not weis_scored and self.weis_side == side:
            gain -= self.weis_total * self.mult
        if self.stoeck_scored and not stoeck_scored and self.stoeck_seat & 1 == side:
            gain -= STOECK * self.mult
        return gain

    # ---- why a legal action is allowed ----------------------------------------------------
    @classmethod
    def _allowed(cls, obs: Observation, a: int) -> W.Allowed:
        if not A.is_play(a):
            return W.CHOICE  # a contract, or the push
        plain = W.card_allowed(obs, a)
        if plain is not W.CANNOT_FOLLOW:
            return plain  # leads, or follows suit
        led = obs.trick[0][1] >> 4
        trump = obs.public["trump"]
        if trump is None:
            return W.CANNOT_FOLLOW
        if led == trump:  # a plain card on a trump lead: no trump held, or only the Puur
            holds_trump = any(c >> 4 == trump for c in obs.hand)
            return W.PUUR_KEPT_BACK if holds_trump else W.CANNOT_FOLLOW
        if a >> 4 == trump:
            if any(c >> 4 == led for c in obs.hand):
                return W.TRUMP_INSTEAD  # a trump may be played instead of following
            best = max((TRUMP_POWER[c & 15] for _, c in obs.trick if c >> 4 == trump), default=-1)
            if TRUMP_POWER[a & 15] < best:
                return W.UNDER_TRUMP_ONLY_TRUMPS
        return W.CANNOT_FOLLOW

    # ---- refusals --------------------------------------------------------------------------
    def _refusal(self, a: int) -> IllegalAction:
        if a >= 64:
            return self._refuse_word(a)
        if self.phase != "play":
            return IllegalAction("choose-contract", self._contract_hint())
        seat = self.turn
        h = self.hand[seat]
        name = card_name(a)
        if not h >> a & 1:
            return IllegalAction("card-not-held", f"You do not hold {name} ({self.DECK.text(a)}).")
        led, trump = self.led, self.trump
        if led == trump:  # a plain card while trumps other than a lone Puur are held
            return IllegalAction("follow-trump",
                                 "Trump was led: you must play a trump (only a Puur that is your only trump "
                                 "may be kept back).")
        follow = h & SUIT_MASKS[led]
        if a >> 4 == trump:
            higher = h & self.tmask & self.above[self.win_key - 32]
            ways = f"follow suit with {SUIT_NAMES[led]}" if follow else "play a card of another suit"
            if higher:
                ways = "play a higher trump or " + ways
            return IllegalAction("under-trump",
                                 f"You may not under-trump: {name} is lower than the "
                                 f"{card_name(self.trick[self.win_pos])} already in the trick. "
                                 f"{ways[0].upper()}{ways[1:]}; under-trumping is allowed only "
                                 "when every card in your hand is a trump.")
        also = " (or play a trump)" if trump >= 0 else ""
        return IllegalAction("follow-suit", f"You must follow suit: you hold {SUIT_NAMES[led]}{also}.")

    def _contract_hint(self) -> str:
        choices = "a trump suit ('trump E', 'trump R', 'trump S', 'trump B'), 'obenabe' or 'undenufe'"
        if self.pushed:
            return f"Your partner pushed to you: you must choose the contract first: {choices}."
        return f"The contract comes first: forehand chooses {choices}, or 'push' to leave it to the partner."

    def _refuse_word(self, a: int) -> IllegalAction:
        if a != A.PUSH and a not in CONTRACT_CODES:
            return IllegalAction("not-schieber",
                                 f"'{self.action_text(a)}' is not an action of Schieber; the actions are "
                                 "'trump E', 'trump R', 'trump S', 'trump B', 'obenabe', 'undenufe', 'push' "
                                 "and 'play' with a card, e.g. 'play UE'.")
        if self.phase == "play":
            return IllegalAction("contract-chosen",
                                 f"The contract is already chosen ({contract_name(self.contract)}); play a card.")
        return IllegalAction("no-push-back",
                             "Your partner pushed to you: you must choose (a trump suit, Obenabe or Undenufe); "
                             "you cannot push back.")

    # ---- what a seat may see ------------------------------------------------------------
    def _weis_shown(self) -> list[list[dict]]:
        """Per seat: the Weis laid open (the scoring side's, once the first trick is complete)."""
        shown: list[list[dict]] = [[], [], [], []]
        if self.weis_scored and self.weis_side >= 0:
            for s in (self.weis_side, self.weis_side + 2):
                shown[s] = [{"kind": w.kind, "points": w.points, "cards": w.cards} for w in self.weis_found[s]]
        return shown

    def _parts(self) -> tuple[list, list]:
        """Multiplied Weis and Stöck points per side counted so far."""
        weis, stoeck = [0, 0], [0, 0]
        if self.weis_scored and self.weis_side >= 0:
            weis[self.weis_side] = self.weis_total * self.mult
        if self.stoeck_scored:
            stoeck[self.stoeck_seat & 1] = STOECK * self.mult
        return weis, stoeck

    def public_facts(self, seat: int) -> dict:
        return self._public()

    def _public(self) -> dict:
        weis, stoeck = self._parts()
        won = [0, 0]
        for t in self.tricks:
            won[t.winner & 1] += 1
        chosen = self.contract >= 0
        return {
            "forehand": self.forehand,
            "pushed": self.pushed,
            "chooser": self.chooser if chosen else None,
            "contract": self._weis_mode() if chosen else None,
            "trump": self.trump if self.trump >= 0 else None,
            "multiplier": self.mult if chosen else None,
            "target": self.target,
            "points": list(self.points),
            "score_now": [b + p for b, p in zip(self.score_before, self.points)],
            "weis": self._weis_shown(),
            "weis_points": weis,
            "stoeck": self.stoeck_seat if self.stoeck_scored else None,
            "stoeck_points": stoeck,
            "tricks_won": won,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def _observation(self, seat: int) -> Observation:
        public = self._public()
        legal = tuple(self._legal()) if self.turn == seat else ()
        return Observation(
            game=self.GAME, seat=seat, options=dict(self.options), dealer=self.dealer,
            score=list(self.score_before), phase=self.phase, turn=self.turn,
            hand=tuple(cards_in(self.hand[seat])), legal=legal, hand_sizes=tuple(h.bit_count() for h in self.hand),
            log=tuple(self.history), trick=tuple(((self.leader + i) & 3, c) for i, c in enumerate(self.trick)),
            tricks=tuple((t.leader, t.cards, t.winner) for t in self.tricks), public=public,
            received=tuple(self.dealt[seat]), actions=self._open_log(self.trump),
            trick_face_down=(False,) * len(self.trick), tricks_face_down=((False,) * 4,) * len(self.tricks),
            forehand=self.forehand, first_hand=self.first_hand)

    # ---- result --------------------------------------------------------------------------
    def _final_score(self) -> list:
        return [b + p for b, p in zip(self.score_before, self.points)]

    def figures(self) -> list[float]:
        self._require_over()
        mult = self.mult or 1
        return [p / mult for p in self.points]

    def _contract_made(self, seat: int) -> bool | None:
        if seat != self.chooser:
            return None
        side = seat & 1
        return self.points[side] > self.points[1 - side]

    def result(self) -> dict | None:
        if self.turn >= 0:
            return None
        score = self._final_score()
        weis, stoeck = self._parts()
        over = self.winner >= 0
        res = {
            "thrown_in": False,
            "tricks": self.tricks_as_text(),
            "points": list(self.points),
            "made": None,
            "score": score,
            "match_over": over,
            "winner": self.winner if over else None,
            "contract": self.action_text(CONTRACT_CODES[self.contract]),
            "chooser": self.chooser,
            "pushed": self.pushed,
            "multiplier": self.mult,
            "weis_points": weis,
            "stoeck_points": stoeck,
        }
        if over:  # a loser below half the target is Schneider
            res["schneider"] = score[1 - self.winner] < self.target // 2
        return res
