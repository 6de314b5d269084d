"""What 304 and Twenty-Eight share: the J-9-A-10 deck, an auction on four cards,
a trump indicator laid face down, a second packet, and tricks under a hidden
trump.  The games differ in how a player who cannot follow behaves (304 plays
face down, 28 may call for trump), in the auction ladder and in scoring.
"""

from __future__ import annotations

from . import actions as A
from . import allowed as W
from . import events as E
from .cards import FRENCH32, cards_in
from .core import HIDDEN, Hand, IllegalAction, Observation, Trick
from .facts import HiddenTrumpFacts
from .log import FACE_DOWN, INDICATOR, REVEALS_TRUMP, TRUMP, TURNED_UP, LogEntry

# Rank slots 7..A are 5..12.  Trick power: J 9 A 10 K Q 8 7.
POWER = {9: 7, 7: 6, 12: 5, 8: 4, 11: 3, 10: 2, 6: 1, 5: 0}
CARD_POWER = [POWER.get(c & 15, 0) for c in range(64)]
# Trick keys: a card of the led suit scores 16 + power, a trump 32 + power, others -1.
LED_KEY = [[16 + CARD_POWER[c] if c >> 4 == led else -1 for c in range(64)] for led in range(4)]
TRUMP_KEY = [[32 + CARD_POWER[c] if c >> 4 == t else -1 for c in range(64)] for t in range(4)]
# WIN_KEY[trump][led]: both at once (trump -1 when trump does not count).
WIN_KEY = {t: [[max(LED_KEY[led][c], TRUMP_KEY[t][c] if t >= 0 else -1) for c in range(64)]
                for led in range(4)] for t in range(-1, 4)}


def trick_winner(trick: list[int], keys: list[int]) -> int:
    """Position (0..3) of the card with the highest key."""
    best, win = keys[trick[0]], 0
    k = keys[trick[1]]
    if k > best:
        best, win = k, 1
    k = keys[trick[2]]
    if k > best:
        best, win = k, 2
    if keys[trick[3]] > best:
        win = 3
    return win
SUIT_NAMES = ("Spades", "Hearts", "Diamonds", "Clubs")


def card_values(points_by_rank: dict) -> list[int]:
    return [points_by_rank.get(c & 15, 0) for c in range(64)]


class HiddenTrumpHand(Hand):
    DECK = FRENCH32
    CARD_POINTS: list[int]
    BID_LADDER: tuple[int, ...]
    MUTABLE = ("history", "hand", "partner_calls", "trick", "trick_flags", "tricks", "taken", "tricks_won")
    caller = -1  # Twenty-Eight: the seat that has just called for trump and must now trump (304 has no call)

    # ---- set-up ------------------------------------------------------------------
    def _start(self) -> None:
        self.forehand = (self.dealer + 1) % 4
        self.hand = [sum(1 << c for c in cards[:4]) for cards in self.dealt]
        self.open_trump = self.options["open_trump"]
        self.thrown_in = False
        self.second_packet = False
        self.bidder = -1          # the trumper's seat
        self.bid = 0
        self.round_bidder = -1    # highest bidder of the running auction round
        self.high_bid = 0
        self.min_bid = self.BID_LADDER[0]
        self.passed = 0           # bit per seat that passed in this round
        self.partner_calls: list[int] = []
        self.indicator = -1
        self.trump = -1
        self.revealed = False
        self.revealed_at = -1     # cards played when trump became public (-1: hidden)
        self.leader = self.forehand
        self.trick: list[int] = []
        self.trick_flags: list[bool] = []   # 304: face down; 28: counts as trump
        self.tricks: list[Trick] = []
        self.taken = [0, 0]
        self.tricks_won = [0, 0]
        self.turn = self.forehand
        self.phase = "auction"

    def _received(self, cards: list) -> list:
        return cards if self.second_packet else cards[:self.PACKETS[0]]

    def _deal_second_packet(self) -> None:
        self.second_packet = True
        for seat, cards in enumerate(self.dealt):
            for c in cards[4:]:
                self.hand[seat] |= 1 << c

    def _throw_in(self) -> None:
        self.thrown_in = True
        self.phase = "over"
        self.turn = -1

    def _start_play(self) -> None:
        self.phase = "play"
        self.leader = self.turn = self.forehand

    # ---- legal actions ---------------------------------------------------------------
    def _legal(self) -> list[int]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "auction":
            return self._legal_auction()
        if phase == "indicator":
            return [A.INDICATOR + c for c in cards_in(self.hand[self.turn])]
        return self._legal_other()

    def _legal_auction(self) -> list[int]:
        floor = max(self.high_bid + 1, self.min_bid)
        bids = [A.BID + b for b in self.BID_LADDER if b >= floor]
        return bids + self._pass_actions()

    def _pass_actions(self) -> list[int]:
        return [A.PASS]

    def _legal_other(self) -> list[int]:
        raise NotImplementedError

    def _legal_play(self) -> list[int]:
        raise NotImplementedError

    # ---- applying actions ----------------------------------------------------------------
    def _apply(self, a: int) -> None:
        phase = self.phase
        if phase == "play":
            self._apply_play(a)
        elif phase == "auction":
            self._apply_auction(a)
        elif phase == "indicator":
            self._lay_indicator(a - A.INDICATOR)
        else:
            self._apply_other(a)

    def _apply_auction(self, a: int) -> None:
        seat = self.turn
        if a >= A.PASS:
            self.passed |= 1 << seat
            if a == A.PASS_PARTNER:
                self.partner_calls.append(seat)
        else:
            self.high_bid = a - A.BID
            self.round_bidder = seat
        passed = self.passed
        if passed == 15 and self.round_bidder < 0:
            self._auction_without_bid()
        elif self.round_bidder >= 0 and passed == 15 ^ 1 << self.round_bidder:
            self._auction_won()
        else:
            nxt = (seat + 1) % 4
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % 4
            self.turn = nxt

    def _auction_without_bid(self) -> None:
        self._throw_in()

    def _auction_won(self) -> None:
        self.bidder = self.turn = self.round_bidder
        self.bid = self.high_bid
        self.phase = "indicator"

    def _lay_indicator(self, card: int) -> None:
        seat = self.bidder
        self.indicator = card
        self.trump = card >> 4
        self.hand[seat] &= ~(1 << card)
        if self.open_trump:
            self._reveal()
        self._after_indicator()

    def _after_indicator(self) -> None:
        raise NotImplementedError

    def _reveal(self) -> None:
        """Trump becomes public and the indicator goes back into the trumper's hand."""
        self.revealed = True
        self.revealed_at = 4 * len(self.tricks) + len(self.trick)
        self.hand[self.bidder] |= 1 << self.indicator

    def _apply_other(self, a: int) -> None:
        raise NotImplementedError

    def _apply_play(self, a: int) -> None:
        raise NotImplementedError

    def _finish_trick(self, winner: int, face_down: tuple = (), turned_up: tuple = ()) -> None:
        cards = tuple(self.trick)
        side = winner & 1
        pts = self.CARD_POINTS
        self.taken[side] += pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
        self.tricks_won[side] += 1
        self.tricks.append(Trick(self.leader, cards, winner, face_down, turned_up))
        self.trick = []
        self.trick_flags = []
        self.leader = self.turn = winner
        if len(self.tricks) == 8:
            self._last_trick_bonus(side)
            self.phase = "over"
            self.turn = -1

    def _last_trick_bonus(self, side: int) -> None:
        pass

    def _hidden_indicator_only(self, seat: int) -> bool:
        """The trumper holds nothing but the face-down indicator."""
        return seat == self.bidder and not self.revealed and self.hand[seat] == 0

    # ---- events -------------------------------------------------------------------------
    def _tell_state(self):
        return self.revealed, self.bidder, self.bid, self.taken[0], self.taken[1]

    def _action_event(self, seat: int, a: int, phase: str) -> E.Event:
        if A.is_indicator(a):
            return E.IndicatorLaid(seat, A.card_of(a) if self.open_trump else None)
        if A.is_play(a) and self.CUTS_FACE_DOWN:
            if self.trick:
                played_down = still_down = self.trick_flags[-1] if self.trick[-1] == a else False
            else:  # it completed the trick
                t = self.tricks[-1]
                still_down = bool(t.face_down) and t.face_down[3]
                played_down = still_down or (bool(t.turned_up) and t.turned_up[3])
            return E.CardPlayed(seat, None if still_down else a, played_down)
        return super()._action_event(seat, a, phase)

    def _told(self, seat: int, a: int, state) -> list:
        revealed, bidder, bid = state[:3]
        events = []
        if self.bidder >= 0 and (self.bidder, self.bid) != (bidder, bid):
            events.append(E.AuctionWon(self.bidder, self.bid))
        if self.revealed and not revealed:
            events.append(E.TrumpRevealed(seat, self.trump))
        return events

    def _trick_cards(self, trick: Trick) -> tuple:
        if not trick.face_down:
            return trick.cards
        return tuple(None if down else c for c, down in zip(trick.cards, trick.face_down))

    def _trick_points(self, state) -> int | None:
        t = self.tricks[-1]
        if t.face_down and True in t.face_down:
            return None  # its face-down cards' points stay unknown
        side = t.winner & 1
        return self.taken[side] - state[3 + side]

    # ---- why a legal action is allowed ----------------------------------------------------
    CUTS_FACE_DOWN = False  # 304: while trump is hidden, a card that does not follow lies face down
    FACTS = HiddenTrumpFacts

    @classmethod
    def _allowed(cls, obs: Observation, a: int) -> W.Allowed:
        if A.is_play(a):
            public = obs.public
            if a == public["indicator"] and not public["revealed"]:
                return W.INDICATOR_LAST  # the trumper's face-down card, played as the last one
            plain = W.card_allowed(obs, a)
            if plain is not W.CANNOT_FOLLOW:
                return plain  # leads, or follows suit
            if public.get("caller") == obs.seat and a >> 4 == public["trump"]:
                return W.TRUMP_AFTER_CALL
            if cls.CUTS_FACE_DOWN and not public["revealed"]:
                return W.CUT_FACE_DOWN
            return W.CANNOT_FOLLOW
        if a < A.BID:
            return W.LAY_INDICATOR
        if A.is_bid(a):
            return W.BID
        if a == A.CALL:
            return W.CALL_TRUMP
        if a == A.REVEAL:
            return W.REVEAL_TRUMP
        if a in (A.PASS, A.PASS_PARTNER) and obs.phase == "auction":
            return W.PASS
        return W.CHOICE

    # ---- refusals --------------------------------------------------------------------------
    def _refusal(self, a: int) -> IllegalAction:
        phase, seat = self.phase, self.turn
        kind = ("play" if A.is_play(a) else "indicator" if a < A.BID else
                "bid" if A.is_bid(a) else "word")
        wanted = {"play": "play", "indicator": "indicator", "bid": "auction"}.get(kind, phase)
        if phase != wanted:
            return self._wrong_phase(a)
        if kind == "word" and a in (A.PASS, A.PASS_PARTNER) and phase == "auction":
            return self._refuse_pass(a)
        if kind == "bid":
            return self._refuse_bid(a - A.BID)
        if kind == "indicator":
            card = self.DECK.text(a - A.INDICATOR)
            return IllegalAction("indicator-from-hand",
                                 f"The trump indicator must come from your own cards; you do not hold {card}.")
        if kind == "play":
            return self._refuse_play(seat, a)
        return self._refuse_word(a)

    def _wrong_phase(self, a: int) -> IllegalAction:
        return IllegalAction("wrong-phase", f"'{self.action_text(a)}' is not possible now: {self._phase_hint()}")

    PHASE_HINTS = {
        "auction": "it is the auction; bid or pass.",
        "indicator": "the trumper is choosing the trump indicator.",
        "play": "cards are being played.",
    }

    def _phase_hint(self) -> str:
        hint = self.PHASE_HINTS.get(self.phase)
        return self._phase_hint_other() if hint is None else hint

    def _phase_hint_other(self) -> str:
        return "that is not one of the choices now."

    def _refuse_pass(self, a: int) -> IllegalAction:
        if a == A.PASS_PARTNER:
            return IllegalAction("partner-call",
                                 "You can call Partner! only with a pass while your partner is still bidding.")
        return self._wrong_phase(a)

    def _refuse_bid(self, n: int) -> IllegalAction:
        ladder = self.BID_LADDER
        if n not in ladder:
            return IllegalAction("bid-ladder", f"Bids run {self._ladder_text()}; {n} is not one of them.")
        if n < self.min_bid:
            return IllegalAction("bid-minimum", f"In this auction bids start at {self.min_bid}.")
        return IllegalAction("bid-higher", f"A bid must beat the current bid of {self.high_bid}.")

    def _ladder_text(self) -> str:
        return f"from {self.BID_LADDER[0]} to {self.BID_LADDER[-1]}"

    def _refuse_play(self, seat: int, card: int) -> IllegalAction:
        name = self.DECK.text(card)
        if seat == self.bidder and card == self.indicator and not self.revealed:
            return IllegalAction("indicator-hidden",
                                 "The trump indicator lies face down: it can be played only as your last card, "
                                 "or once trump is revealed.")
        if not self.hand[seat] >> card & 1:
            return IllegalAction("card-not-held", f"You do not hold {name}.")
        return self._refuse_held_card(seat, card)

    def _refuse_held_card(self, seat: int, card: int) -> IllegalAction:
        if self._hidden_indicator_only(seat):
            return IllegalAction("indicator-last-card", "Your only card is the trump indicator: play it.")
        led = self.trick[0] >> 4
        return IllegalAction("follow-suit",
                             f"You must follow suit: you hold {SUIT_NAMES[led]}, which were led.")

    def _refuse_word(self, a: int) -> IllegalAction:
        return self._wrong_phase(a)

    # ---- what a seat may see ------------------------------------------------------------
    def _sees_indicator(self, seat: int, card: int) -> bool:
        return self.open_trump or (self.revealed and card == self.indicator)

    def _sees_face_down(self, seat: int, owner: int, complete: bool) -> bool:
        return seat == owner or (complete and seat == self.bidder)

    def _plays(self) -> list[tuple]:
        """Every card played, in order: (owner, card, lies face down, turned up, trick complete)."""
        played = []
        for t in self.tricks:
            for i, c in enumerate(t.cards):
                played.append(((t.leader + i) % 4, c, bool(t.face_down) and t.face_down[i],
                               bool(t.turned_up) and t.turned_up[i], True))
        for i, c in enumerate(self.trick):
            played.append(((self.leader + i) % 4, c, self._face_down_now(i), False, False))
        return played

    def _seen_log(self, seat: int, played: list, shown: list) -> tuple[list, list]:
        """The text log and the typed log (see log.py) as ``seat`` sees them."""
        log, entries = [], []
        public = False  # trump public as of the entry being read
        k = 0           # cards played before it
        codes, new = self._codes, tuple.__new__
        revealed_at, bidder, indicator, trump = self.revealed_at, self.bidder, self.indicator, self.trump
        for s, text in self.history:
            a = codes.get(text)
            if a is None:
                a = self._code_of(text)
            flags = 0
            if a < A.INDICATOR:
                _, c, down, turned, complete = played[k]
                seen = shown[k]
                if down or turned:
                    flags = FACE_DOWN | TURNED_UP if turned else FACE_DOWN
                if not public:
                    if revealed_at == k and s == bidder and c == indicator:
                        flags |= REVEALS_TRUMP  # the hidden indicator played as the last card
                        public = True
                    elif k & 3 == 3 and complete and self.tricks[k >> 2].turned_up:
                        flags |= REVEALS_TRUMP  # completed a trick holding a face-down trump
                        public = True
                if seen is HIDDEN:
                    log.append((s, "play ??"))
                    entries.append(new(LogEntry, (s, HIDDEN, flags)))
                else:
                    if c >> 4 == trump and (turned or 0 <= revealed_at <= k):
                        flags |= TRUMP
                    log.append((s, text))
                    entries.append(new(LogEntry, (s, a, flags)))
                k += 1
                continue
            if a < A.BID:
                card = a - A.INDICATOR
                flags = INDICATOR
                if self.open_trump:
                    flags |= REVEALS_TRUMP
                    public = True
                else:
                    flags |= FACE_DOWN | (TURNED_UP if self.revealed and card == self.indicator else 0)
                if s != seat and not self._sees_indicator(seat, card):
                    log.append((s, "indicator ??"))
                    entries.append(LogEntry(s, HIDDEN, flags))
                    continue
            elif a == A.REVEAL or a == A.CALL:
                flags = REVEALS_TRUMP
                public = True
            log.append((s, text))
            entries.append(new(LogEntry, (s, a, flags)))
        return log, entries

    def _observation(self, seat: int) -> Observation:
        played = self._plays()
        shown = [c if not down or self._sees_face_down(seat, owner, complete) else HIDDEN
                 for owner, c, down, _, complete in played]
        log, entries = self._seen_log(seat, played, shown)
        n = 0
        tricks = []
        for t in self.tricks:
            tricks.append((t.leader, tuple(shown[n:n + 4]), t.winner))
            n += 4
        trick = tuple(((self.leader + i) % 4, shown[n + i]) for i in range(len(self.trick)))
        knows_trump = self.indicator >= 0 and (seat == self.bidder or self.revealed)
        public = {
            "bidder": self.bidder if self.bidder >= 0 else None,
            "bid": self.bid or None,
            "high_bid": self.high_bid or None,
            "passed": [s for s in range(4) if self.passed >> s & 1],
            "partner_calls": list(self.partner_calls),
            "revealed": self.revealed,
            "trump": self.trump if knows_trump else None,
            "indicator": self.indicator if knows_trump and not self.revealed else None,
            "indicator_down": self.indicator >= 0 and not self.revealed,
            "tricks_won": list(self.tricks_won),
        }
        public.update(self._public_extra(seat))
        sizes = [bin(h).count("1") for h in self.hand]
        if self.indicator >= 0 and not self.revealed:
            sizes[self.bidder] += 1
        legal = tuple(self._legal()) if self.turn == seat else ()
        received = tuple(self.dealt[seat][:8 if self.second_packet else 4])
        return Observation(
            game=self.GAME, seat=seat, options=dict(self.options), dealer=self.dealer,
            score=list(self.score_before), phase=self.phase, turn=self.turn,
            hand=tuple(cards_in(self.hand[seat])), legal=legal, hand_sizes=tuple(sizes), log=tuple(log),
            trick=trick, tricks=tuple(tricks), public=public, received=received, actions=tuple(entries),
            trick_face_down=tuple(self._face_down_now(i) for i in range(len(self.trick))),
            tricks_face_down=tuple(t.face_down or (False,) * 4 for t in self.tricks),
            forehand=self.forehand, first_hand=self.first_hand)

    def _face_down_now(self, i: int) -> bool:
        return False

    def _public_extra(self, seat: int) -> dict:
        return {}

    # ---- result --------------------------------------------------------------------------
    def score_terms(self) -> tuple:
        """What the score depends on besides the bidder, the bid, trump and the cards taken,
        settled before the play starts: Twenty-Eight's doubling, 304's caps."""
        return ()

    def _made(self) -> bool:
        return self.taken[self.bidder & 1] >= self.bid

    def _final_score(self) -> list:
        return list(self.score_before) if self.thrown_in else self._score_after(self._made())[0]

    def figures(self) -> list[float]:
        self._require_over()
        return list(self.taken)

    def _contract_made(self, seat: int) -> bool | None:
        return None if self.thrown_in or seat != self.bidder else self._made()

    def result(self) -> dict | None:
        if self.turn >= 0:
            return None
        if self.thrown_in:
            return {"thrown_in": True, "tricks": [], "points": [0, 0], "made": None,
                    "score": list(self.score_before), "match_over": False, "winner": None}
        made = self._made()
        score, winner = self._score_after(made)
        return {
            "thrown_in": False,
            "tricks": self.tricks_as_text(),
            "points": list(self.taken),
            "made": made,
            "score": score,
            "match_over": winner is not None,
            "winner": winner,
        }

    def _score_after(self, made: bool) -> tuple[list, int | None]:
        raise NotImplementedError
