"""What differs between the games on screen: the score and contract lines, notes
at the seats, the prompt for the player, how the hand is sorted, and the rows of
the hand result and the score sheet.

``game_ui(game)`` gives the presentation of a game.  ``GameUI`` presents any game from what its
engine class and observations say (a game the front end has never heard of included); a
subclass that ``presents`` an engine class refines it for that class and its subclasses (one
per family of games here).  No table here is keyed by a game's name."""

from __future__ import annotations

from game.engine import Hand, game_class
from game.engine import actions as A
from game.engine import game28, game304, game400, schieber
from game.engine.game28 import Hand28
from game.engine.game304 import Hand304
from game.engine.game400 import Hand400
from game.engine.hidden_trump import POWER, HiddenTrumpHand
from game.engine.records import bids
from game.engine.schieber import HandSchieber
from game.i18n import N_, _

from .names import action_label, seat_name, side_name, suit_name
from game.engine import events as E
from game.engine import phases as P

SUIT_ORDER = (0, 1, 3, 2)  # French: spades, hearts, clubs, diamonds (colours alternate)


class GameUI:
    presents = Hand         # the engine class (and its subclasses) this class presents
    tab_name = ""           # a short name for the rules screen's tab (N_-marked); else the title
    tile_suit = 0           # the suit shown on the game's menu tile
    chips = False           # the score is a count of tokens, drawn as chips

    def __init__(self, hand_cls=Hand, demo=False):
        self.hand_cls, self.demo = hand_cls, demo
        self.deck_cards = hand_cls.DECK
        self.deck = self.deck_cards.family      # the card art: "french" or "swiss"
        self.swiss = self.deck == "swiss"
        self.per_player = hand_cls.SCORE_PER_PLAYER  # the match score has an entry per player

    @property
    def title(self) -> str:
        return _(self.hand_cls.TITLE)

    @property
    def short_title(self) -> str:
        return _(self.tab_name) if self.tab_name else self.title

    def seat(self, s):
        return seat_name(s, self.demo)

    def is_you(self, seat) -> bool:
        """Whether ``seat`` is the player, spoken to in the second person ("You call Trump!")."""
        return seat == 0 and not self.demo

    def side(self, s):
        return side_name(s, self.demo)

    # ---- the hand ------------------------------------------------------------------------
    def sort_key(self, card, obs):
        return SUIT_ORDER.index(card >> 4), -(card & 15)

    def word_label(self, action, obs) -> str:
        """The caption of a word action's button (a pass reads differently outside the auction)."""
        if action == A.PASS and obs.phase == P.CAPS:
            return _("Play on")
        if action == A.PASS and obs.phase == P.DOUBLE:
            return _("No double") if A.DOUBLE in obs.legal else _("No redouble")
        suit = A.describe(action).suit
        if suit is not None:  # a trump contract
            return self.suit_label(suit)
        return action_label(action, self.swiss)

    def suit_label(self, suit):
        return suit_name(suit, self.swiss)

    def sorted_hand(self, cards, obs):
        return sorted(cards, key=lambda c: self.sort_key(c, obs))

    # ---- lines on screen --------------------------------------------------------------------
    def contract_line(self, obs) -> str:
        trump = self.trump_suit(obs)
        return _("trump {suit}").format(suit=suit_name(trump, self.swiss)) if trump is not None else ""

    def points_line(self, obs) -> str:
        won = [0, 0]
        for _leader, _cards, winner in obs.tricks:
            won[winner & 1] += 1
        return _("Tricks {us} {a} · {them} {b}").format(us=self.side(0), a=won[0], them=self.side(1), b=won[1])

    def score_line(self, score, obs=None) -> str:
        """The match score by side ("Us 3 · Them 5"), with the target when ``obs`` tells it."""
        a, b = self.side_totals(score)
        text = _("{us} {a} · {them} {b}").format(us=self.side(0), a=a, them=self.side(1), b=b)
        target = self.target(obs)
        return _("{score} / {target}").format(score=text, target=target) if target else text

    def target(self, obs):
        """What a side's score must reach to win the match, if the game counts up to one."""
        return None

    def score_partners(self, score):
        """Each partner's own count beneath the side's total, (ours, theirs), where a side's
        score is the sum of its partners' (400); else None."""
        return None

    def trump_suit(self, obs):
        """The trump suit as far as the player knows it, else None."""
        return obs.facts.trump

    def seat_note(self, obs, seat) -> str:
        return ""

    def prompt(self, obs) -> str:
        if obs.phase == P.PLAY:
            return _("Your turn: play a card")
        if A.PASS in obs.legal and any(A.is_bid(a) for a in obs.legal):
            return _("Your bid (or pass)")
        return ""

    # ---- after the hand -----------------------------------------------------------------------
    # The hand result starts with one sentence in words (``result_headline``): who played for what,
    # what they took, and what it did to the score; its rows (``result_rows``) add up as a player
    # checks them, each total right under what it totals.
    def amount(self, n: int) -> str:
        """``n`` units of the match score in words: "1 point", "3 points" (per game: tokens…)."""
        return _("1 point") if n == 1 else _("{n} points").format(n=n)

    def winner_clause(self, side, a, b) -> str:
        """Who won the hand and by how much, to start its result: "Your side won the hand, 9 to 4"
        (``a`` the winners' figure, ``b`` the others'); "They won …" for the opponents, whom no
        language may confuse with a polite "you"; in a demo, the side's name."""
        if self.demo:
            return _("{side} won the hand, {a} to {b}").format(side=self.side(side), a=a, b=b)
        if side == 0:
            return _("Your side won the hand, {a} to {b}").format(a=a, b=b)
        return _("The opponents won the hand, {a} to {b}").format(a=a, b=b)

    def winner_first(self, side, a, b, text) -> str:
        """``text`` after the clause saying who won the hand (None: nobody; then "level")."""
        if side is None:
            return _("A level hand, {a} each: {what}").format(a=a, what=text)
        return _("{winner}: {what}").format(winner=self.winner_clause(side, a, b), what=text)

    def consequence(self, before, after) -> str:
        """What the hand did to the score, in words: "they lose 1 game point", "you win 2 tokens
        and they lose 2" (empty if nothing changed)."""
        change = [a - b for b, a in zip(self.side_totals(before), self.side_totals(after))]
        if change[0] and change[0] == -change[1]:  # one side pays the other (304's tokens)
            payer = 0 if change[0] < 0 else 1
            amount = self.amount(abs(change[0]))
            if self.demo:
                return _("{side} pay {other} {amount}").format(side=self.side(payer), other=self.side(1 - payer),
                                                              amount=amount)
            return (_("you pay them {amount}") if payer == 0 else _("they pay you {amount}")).format(amount=amount)
        clauses = []
        for side in (0, 1):
            n = change[side]
            if not n:
                continue
            amount = self.amount(abs(n))
            if self.demo:
                text = _("{side} win {amount}") if n > 0 else _("{side} lose {amount}")
                clauses.append(text.format(side=self.side(side), amount=amount))
            elif side == 0:
                clauses.append((_("you win {amount}") if n > 0 else _("you lose {amount}")).format(amount=amount))
            else:
                clauses.append((_("they win {amount}") if n > 0 else _("they lose {amount}")).format(amount=amount))
        if len(clauses) == 2:
            return _("{first} and {second}").format(first=clauses[0], second=clauses[1])
        return clauses[0] if clauses else ""

    def with_consequence(self, text, obs, res) -> str:
        then = self.consequence(obs.score, res["score"])
        return _("{what} — {consequence}").format(what=text, consequence=then) if then else text

    def tricks_won(self, res) -> list[int]:
        won = [0, 0]
        for t in res["tricks"]:
            won[t["winner"] & 1] += 1
        return won

    def result_rows(self, obs, res) -> list[tuple]:
        """Rows (label, value for side 0, value for side 1) explaining the hand's points.

        ``obs`` is seat 0's view of the finished hand, ``res`` the engine's result."""
        if res["thrown_in"]:
            return []
        won = self.tricks_won(res)
        before, after = obs.score, res["score"]
        change = [b - a for a, b in zip(self.side_totals(before), self.side_totals(after))]
        return [(_("Tricks"), won[0], won[1]), (_("Score"), f"{change[0]:+d}", f"{change[1]:+d}")]

    def result_headline(self, obs, res) -> str:
        if res["thrown_in"]:
            return _("Everyone passed: the hand is thrown in")
        won = self.tricks_won(res)
        if self.demo:
            text = _("{us} took {a} tricks, {them} {b}").format(us=self.side(0), a=won[0], them=self.side(1), b=won[1])
        else:
            text = _("Your side took {a} tricks, the opponents {b}").format(a=won[0], b=won[1])
        side = None if won[0] == won[1] else 0 if won[0] > won[1] else 1
        top, low = max(won), min(won)
        return self.winner_first(side, top, low, self.with_consequence(text, obs, res))

    result_columns = (0.5, 0.78)  # where result_rows' second and third columns start (share of the width)

    def result_header(self) -> list[str]:
        """The headings of result_rows' columns."""
        return ["", self.side(0), self.side(1)]

    def trick_points(self, cards, winner, before, after, res=None):
        """The points of a finished trick (``cards``, won by ``winner``), for the hand review:
        ``before`` and ``after`` are observations around the card that finished it, ``res`` the
        result when that card ended the hand.  None where a trick carries no points (400)."""
        return None

    def result_tricks(self, res):
        """The finished hand's tricks as (leader, cards, winner), every card shown."""
        parse = self.deck_cards.parse
        return [(t["leader"], [parse(c) for c in t["cards"]], t["winner"]) for t in res["tricks"]]

    sheet_wrap = None  # the score sheet's column that takes the room left and wraps (a contract in words)

    def sheet_columns(self) -> list[str]:
        if self.per_player:
            return [_("Hand")] + [self.seat(s) for s in range(4)]
        return [_("Hand"), self.side(0), self.side(1)]

    def sheet_row(self, rec) -> list[str]:
        return list(rec["result"]["score"])

    def side_totals(self, score) -> tuple[int, int]:
        if self.per_player:
            return score[0] + score[2], score[1] + score[3]
        return score[0], score[1]

    def score_after(self, res):
        return res["score"]


def redealt(obs) -> bool:
    """A seat asked for a redeal this hand."""
    return any(e.action == A.REDEAL for e in obs.actions)


class HiddenTrumpUI(GameUI):
    """304 and Twenty-Eight."""

    presents = HiddenTrumpHand
    points = ()

    def sort_key(self, card, obs):
        return SUIT_ORDER.index(card >> 4), -POWER[card & 15]

    def contract_line(self, obs) -> str:
        p = obs.facts
        if obs.phase in (P.AUCTION, P.REDEAL):
            if p.high_bid and obs.phase == P.AUCTION:
                leader = next((e.seat for e in reversed(obs.actions) if e.action is not None and A.is_bid(e.action)), None)
                if self.is_you(leader):
                    return _("Auction · your bid {bid} is the highest").format(bid=p.high_bid)
                return _("Auction · high bid {bid} by {seat}").format(bid=p.high_bid, seat=self.seat(leader))
            return _("Auction · no bid yet")
        if p.bidder is None:
            return ""
        trump = self.trump_suit(obs)
        if trump is None:
            trump_text = _("trump hidden")
        elif p.revealed:
            trump_text = _("trump {suit}").format(suit=suit_name(trump, False))
        elif self.demo:  # a spectator is not the player: the seat that knows it is named
            trump_text = _("trump {suit} (only {seat} knows)").format(suit=suit_name(trump, False),
                                                                       seat=self.seat(p.bidder))
        else:
            trump_text = _("trump {suit} (only you know)").format(suit=suit_name(trump, False))
        if self.is_you(p.bidder):
            return _("Your bid {bid} · {trump}").format(bid=p.bid, trump=trump_text)
        return _("Bid {bid} by {seat} · {trump}").format(bid=p.bid, seat=self.seat(p.bidder), trump=trump_text)

    def points_line(self, obs) -> str:
        known, hidden = [0, 0], [False, False]
        for leader, cards, winner in obs.tricks:
            for c in cards:
                if c is None:
                    hidden[winner & 1] = True
                else:
                    known[winner & 1] += self.points[c]
        tricks = obs.facts.tricks_won
        shown = [f"{known[s]}{'+?' if hidden[s] else ''}" for s in (0, 1)]
        text = _("Points {us} {a} · {them} {b}   Tricks {c}–{d}").format(
            us=self.side(0), a=shown[0], them=self.side(1), b=shown[1], c=tricks[0], d=tricks[1])
        if any(hidden):  # "+?": what a face-down card won in a trick is worth, unseen until the end
            text = _("{points} · +? = face-down cards, counted at the end").format(points=text)
        return text

    def seat_note(self, obs, seat) -> str:
        p = obs.facts
        if p.bidder == seat:
            return _("bid {bid}").format(bid=p.bid)
        if obs.phase == P.AUCTION and seat in p.passed:
            return _("passed")
        return ""

    def prompt(self, obs) -> str:
        if obs.phase == P.AUCTION:
            return _("Your bid (or pass)")
        if obs.phase == P.INDICATOR:
            return _("You won the auction: tap the card to lay face down as trump")
        if obs.phase == P.REDEAL:
            return _("Your first four cards are worth less than 15: ask for a redeal?")
        if obs.phase == P.PLAY and A.CALL in obs.legal:
            return _("You cannot follow suit: discard, or call Trump!")
        return super().prompt(obs)

    def result_headline(self, obs, res) -> str:
        if res["thrown_in"]:
            if redealt(obs):
                return _("Redeal: the same dealer deals again")
            return _("Everyone passed: the hand is thrown in")
        bidder, bid = obs.facts.bidder, obs.facts.bid
        side = bidder & 1
        pts, total = res["points"][side], self.hand_cls.points_per_hand(obs.options)
        made = res["made"]
        if self.demo:
            text = (_("{side} bid {bid} and took {pts} of {total}") if made else
                    _("{side} bid {bid} but took only {pts} of {total}"))
        elif bidder == 0:
            text = (_("you bid {bid} and took {pts} of {total}") if made else
                    _("you bid {bid} but took only {pts} of {total}"))
        elif bidder == 2:
            text = (_("your partner bid {bid} and your side took {pts} of {total}") if made else
                    _("your partner bid {bid} but your side took only {pts} of {total}"))
        else:
            text = (_("the opponents bid {bid} and took {pts} of {total}") if made else
                    _("the opponents bid {bid} but took only {pts} of {total}"))
        text = text.format(side=self.side(side), bid=bid, pts=pts, total=total)
        # who won the hand, by how much: the bid's margin, made or missed
        won_by = side if made else 1 - side
        margin = (_("bid made with {n} to spare") if made else _("bid missed by {n}")).format(n=abs(pts - bid)) \
            if pts != bid else _("bid made exactly")
        head = self.winner_clause_bid(won_by, margin)
        return _("{winner}: {what}").format(winner=head, what=self.with_consequence(text, obs, res))

    def winner_clause_bid(self, side, margin) -> str:
        """"Your side won the hand (bid missed by 3)": who won, and the bid's margin."""
        if self.demo:
            return _("{side} won the hand ({margin})").format(side=self.side(side), margin=margin)
        if side == 0:
            return _("Your side won the hand ({margin})").format(margin=margin)
        return _("The opponents won the hand ({margin})").format(margin=margin)

    def result_rows(self, obs, res):
        """Card points (and the last trick's bonus, then the sum), the bid to make, the tricks,
        and the change of the match score."""
        if res["thrown_in"]:
            return []
        pts, won = [0, 0], [0, 0]
        for _leader, cards, winner in self.result_tricks(res):
            pts[winner & 1] += sum(self.points[c] for c in cards)
            won[winner & 1] += 1
        face_down = any(c is None for _leader, cards, _w in obs.tricks for c in cards)
        rows = [(_("Card points, face-down cards included") if face_down else _("Card points"), pts[0], pts[1])]
        extra = [res["points"][s] - pts[s] for s in (0, 1)]
        if any(extra):
            rows.append((_("Last trick"), f"+{extra[0]}", f"+{extra[1]}"))
            rows.append((_("Points in all"), res["points"][0], res["points"][1]))
        bidder, bid = obs.facts.bidder, obs.facts.bid
        rows.append((_("Bid to make"), *(bid if bidder & 1 == s else "" for s in (0, 1))))
        rows.append((_("Tricks"), won[0], won[1]))
        change = [a - b for b, a in zip(obs.score, res["score"])]
        rows.append((self.change_label(), f"{change[0]:+d}", f"{change[1]:+d}"))
        return rows

    def trick_points(self, cards, winner, before, after, res=None):
        """Its card points, as the engine's event of the trick tells them (the last trick's bonus in);
        where face-down cards keep them unknown (304), the points of the cards shown, the last
        trick's bonus (Twenty-Nine) as the result has it."""
        told = next((e.points for e in after.events if isinstance(e, E.TrickWon)), None)
        if told is not None:
            return told
        points = sum(self.points[c] for c in cards)
        if res and not res["thrown_in"] and len(after.tricks) == len(res["tricks"]):
            side = winner & 1
            counted = sum(self.points[c] for _leader, won, w in self.result_tricks(res) if w & 1 == side for c in won)
            points += res["points"][side] - counted
        return points

    def change_label(self) -> str:
        """The last row's label: what the match score counts."""
        return _("Score")

    sheet_wrap = 1

    def sheet_columns(self):
        return [_("Hand"), _("Bid"), self.side(0), self.side(1)]

    def sheet_row(self, rec):
        """The bid in words (who, how much, what the bidders took, made or not), then the score."""
        res = rec["result"]
        made = bids(rec)
        bidder, bid = made[-1] if made else (None, "")
        if res["thrown_in"] or bidder is None:
            return [_("thrown in"), res["score"][0], res["score"][1]]
        text = _("{seat} {bid}: {pts}, made") if res["made"] else _("{seat} {bid}: {pts}, failed")
        return [text.format(seat=self.seat(bidder), bid=bid, pts=res["points"][bidder & 1]),
                res["score"][0], res["score"][1]]


class UI304(HiddenTrumpUI):
    presents = Hand304
    tab_name = N_("304")
    chips = True
    points = game304.POINTS

    def score_line(self, score, obs=None):
        return _("Tokens {us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1), b=score[1])

    def amount(self, n):
        return _("1 token") if n == 1 else _("{n} tokens").format(n=n)

    def change_label(self):
        return _("Tokens")

    def prompt(self, obs):
        if obs.phase == P.CAPS:
            return _("Claim Caps (all eight tricks) or play on?")
        if obs.phase == P.PLAY and A.REVEAL in obs.legal:
            return _("Your turn: play a card, or reveal trump first")
        return super().prompt(obs)


class UI28(HiddenTrumpUI):
    presents = Hand28
    tab_name = N_("28")
    tile_suit = 2
    points = game28.POINTS

    def score_line(self, score, obs=None):
        text = _("Game points {us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1),
                                                               b=score[1])
        target = self.target(obs)
        return _("{score} / {target}").format(score=text, target=target) if target else text

    def target(self, obs):
        return obs.options["target"] if obs is not None else None

    def amount(self, n):
        return _("1 game point") if n == 1 else _("{n} game points").format(n=n)

    def change_label(self):
        return _("Game points")

    def prompt(self, obs):
        if obs.phase == P.DOUBLE:
            return _("Double the stakes, or play on?")
        return super().prompt(obs)


class UI400(GameUI):
    presents = Hand400
    tab_name = N_("400")
    tile_suit = 1  # hearts, always trump

    def sort_key(self, card, obs):
        return (0 if card >> 4 == 1 else 1 + SUIT_ORDER.index(card >> 4)), -(card & 15)

    def trump_suit(self, obs):
        return 1  # hearts, always

    def target(self, obs):
        return obs.options["target"] if obs is not None else None

    def score_partners(self, score):
        """Each partner's own count, to stand beneath the side's total ("14 · -3" under "Us 11"):
        you (or the first seat of the side), then your partner; the right opponent, then the left."""
        return f"{score[0]} · {score[2]}", f"{score[1]} · {score[3]}"

    def bid_worth(self, obs, seat) -> int:
        """What ``seat``'s bid wins if made and loses if missed (it grows with the bid and the score)."""
        return game400.bid_value(obs.facts.bids[seat], obs.score[seat], obs.options)

    def contract_line(self, obs):
        p = obs.facts
        made = [b for b in p.bids if b is not None]
        if obs.phase == P.AUCTION:
            return _("Bidding · total so far {total} (at least {need} needed)").format(
                total=sum(made), need=p.total_needed)
        return _("Hearts are trump · bids total {total}").format(total=sum(made))

    def points_line(self, obs):
        won = obs.facts.tricks_won
        return _("Tricks {us} {a} · {them} {b}").format(us=self.side(0), a=won[0] + won[2], them=self.side(1),
                                                        b=won[1] + won[3])

    def seat_note(self, obs, seat):
        p = obs.facts
        bid = p.bids[seat]
        if bid is None:
            return ""
        return _("bid {bid} · won {won}").format(bid=bid, won=p.tricks_won[seat])

    def prompt(self, obs):
        if obs.phase == P.AUCTION:
            p = obs.facts
            return _("Your bid: at least {low} (total needed {need})").format(low=p.min_bid, need=p.total_needed)
        if obs.phase == P.REDEAL and A.REDEAL in obs.legal:  # every seat is asked, only these may redeal
            return _("No face cards: ask for a redeal?")
        return super().prompt(obs)

    def result_headline(self, obs, res):
        if res["thrown_in"]:
            if redealt(obs):
                return _("Redeal: the next dealer deals")
            return _("The bids were too low: the hand is thrown in")
        made = res["made"]
        change = [a - b for b, a in zip(self.side_totals(obs.score), self.side_totals(res["score"]))]
        side = None if change[0] == change[1] else 0 if change[0] > change[1] else 1
        top, low = (f"{n:+d}" for n in sorted(change, reverse=True))
        if self.demo:
            return self.winner_first(side, top, low, _("{n} of 4 players made their bid").format(n=sum(made)))
        us = {(True, True): _("You and your partner both made your bids"),
              (True, False): _("You made your bid, your partner fell short"),
              (False, True): _("Your partner made the bid, you fell short"),
              (False, False): _("You and your partner both fell short")}[(bool(made[0]), bool(made[2]))]
        them = {2: _("both opponents made theirs"), 1: _("one opponent made theirs"),
                0: _("neither opponent made theirs")}[int(bool(made[1])) + int(bool(made[3]))]
        return self.winner_first(side, top, low, _("{us}; {them}").format(us=us, them=them))

    result_columns = (0.3, 0.6, 0.8)

    def result_header(self):
        return [_("Player"), _("Bid (worth)"), _("Tricks"), _("Change")]

    def result_rows(self, obs, res):
        """Per player: the bid with what it is worth (won if made, lost if missed: it grows with the
        bid and the score), the tricks won, and the change of score."""
        if res["thrown_in"]:
            return []
        rows = []
        for s in range(4):
            bid = obs.facts.bids[s]
            change = res["score"][s] - obs.score[s]
            said = str(bid) if bid == 13 else _("{bid} ({worth})").format(bid=bid, worth=self.bid_worth(obs, s))
            rows.append((self.seat(s), said, res["points"][s],
                         _("13: decides the match") if bid == 13 else f"{change:+d}"))
        return rows

    def sheet_row(self, rec):
        res = rec["result"]
        said = dict(bids(rec))
        if res["thrown_in"]:
            return [f"{said.get(s, '')} · {res['score'][s]}" for s in range(4)]
        return [f"{said.get(s, '')}/{res['points'][s]} → {res['score'][s]}" for s in range(4)]


class UISchieber(GameUI):
    presents = HandSchieber
    tab_name = N_("Schieber")
    tile_suit = 1  # Rosen

    def sort_key(self, card, obs):
        trump = obs.facts.trump
        power = schieber.TRUMP_POWER[card & 15] if card >> 4 == trump else card & 15
        return (0 if card >> 4 == trump else 1 + (card >> 4)), -power

    def multipliers(self, obs):
        return schieber.MULTIPLIERS[obs.options["table_2500"]]

    def contract_name(self, contract, trump):
        return action_label(A.contract(contract, trump), True)

    def contract_line(self, obs):
        p = obs.facts
        if p.contract is None:  # the seat to act chooses: forehand, or after a push the partner
            chooser = obs.turn
            if p.pushed:
                if self.is_you(chooser):
                    return _("Pushed: you choose the contract")
                return _("Pushed: {seat} chooses the contract").format(seat=self.seat(chooser))
            if self.is_you(chooser):
                return _("You choose the contract")
            return _("{seat} chooses the contract").format(seat=self.seat(chooser))
        contract = self.contract_name(p.contract, p.trump)
        if self.is_you(p.chooser):
            text = _("{contract} ×{mult} · your choice")
        else:
            text = _("{contract} ×{mult} · chosen by {by}")
        return text.format(contract=contract, mult=p.multiplier, by=self.seat(p.chooser)) + \
            (" · " + _("pushed") if p.pushed else "")

    def points_line(self, obs):
        p = obs.facts
        return _("This hand {us} {a} · {them} {b}").format(us=self.side(0), a=p.points[0], them=self.side(1),
                                                           b=p.points[1])

    def target(self, obs):
        return obs.facts.target if obs else schieber.TARGETS[False]

    def live_score(self, obs):
        return obs.facts.score_now

    def prompt(self, obs):
        if obs.phase == P.CONTRACT:
            return _("Choose the contract") if not obs.facts.pushed else _("Your partner pushed: you choose")
        return super().prompt(obs)

    def raw_parts(self, res):
        """Per side, before the multiplier: (cards with the last trick's 5, Match bonus, Weis,
        Stöck).  The engine's figures are multiplied; divided back here, so the rows add up."""
        mult = res["multiplier"] or 1
        won = self.tricks_won(res)
        out = []
        for s in (0, 1):
            weis, stoeck = res["weis_points"][s] // mult, res["stoeck_points"][s] // mult
            cards = res["points"][s] // mult - weis - stoeck
            bonus = schieber.MATCH_BONUS if won[s] == 9 else 0
            out.append((cards - bonus, bonus, weis, stoeck))
        return out

    def amount(self, n):
        return _("1 point") if n == 1 else _("{n} points").format(n=n)

    def result_headline(self, obs, res):
        """"The opponents won the hand, 519 to 138: the opponents chose Obenabe and took 123 of 157
        card points, with Weis 50 — ×3 = 519"."""
        name = action_label(A.parse_action(res["contract"], self.deck_cards), True)
        chooser, mult = res["chooser"], res["multiplier"]
        side = chooser & 1
        cards, bonus, weis, stoeck = self.raw_parts(res)[side]
        if self.demo:
            text = _("{side} chose {contract} and took {pts} of {total} card points")
        elif chooser == 0:
            text = _("you chose {contract} and took {pts} of {total} card points")
        elif chooser == 2:
            text = _("your partner chose {contract} and your side took {pts} of {total} card points")
        else:
            text = _("the opponents chose {contract} and took {pts} of {total} card points")
        text = text.format(side=self.side(side), contract=name, pts=cards + bonus,
                           total=self.hand_cls.points_per_hand(obs.options) + bonus)
        extras = [(_("Weis {pts}") if n else "").format(pts=n) for n in (weis,)] + \
                 [(_("Stöck {pts}") if n else "").format(pts=n) for n in (stoeck,)]
        extras = [e for e in extras if e]
        if extras:
            text = _("{what}, with {extras}").format(what=text, extras=_("{first} and {second}").format(
                first=extras[0], second=extras[1]) if len(extras) == 2 else extras[0])
        total = res["points"][side]
        if mult > 1:
            text = _("{what} — ×{mult} = {total}").format(what=text, mult=mult, total=total)
        if res["match_over"]:
            if self.demo:
                won = _("{side} reach the target").format(side=self.side(res["winner"]))
            else:
                won = _("You win the match") if res["winner"] == 0 else \
                    _("The opponents reach the target and win the match")
            text = _("{what}. {result}").format(what=text, result=won)
        pts = res["points"]
        top = 0 if pts[0] > pts[1] else 1 if pts[1] > pts[0] else None
        return self.winner_first(top, max(pts), min(pts), text)

    def trick_points(self, cards, winner, before, after, res=None):
        """What the trick added to its winners' points (multiplied, the last trick's 5 and the
        Match bonus in), as the engine's event of the trick tells it."""
        return next((e.points for e in after.events if isinstance(e, E.TrickWon)), None)

    def result_rows(self, obs, res):
        """Cards (the last trick's 5 in them), the Match bonus, Weis and Stöck, their sum before
        the multiplier, the multiplier, and the hand's total: each row adds up to the next."""
        parts = self.raw_parts(res)
        mult = res["multiplier"]
        rows = [(_("Cards and last trick"), parts[0][0], parts[1][0])]
        if any(p[1] for p in parts):
            rows.append((_("Match (all nine tricks)"), *(f"+{p[1]}" if p[1] else "" for p in parts)))
        if any(p[2] for p in parts):
            rows.append((_("Weis"), *(f"+{p[2]}" for p in parts)))
        if any(p[3] for p in parts):
            rows.append((_("Stöck"), *(f"+{p[3]}" for p in parts)))
        if mult > 1:
            rows.append((_("Before the multiplier"), *(sum(p) for p in parts)))
            rows.append((_("Multiplier"), f"×{mult}", f"×{mult}"))
        rows.append((_("Hand total"), res["points"][0], res["points"][1]))
        return rows

    sheet_wrap = 1

    def sheet_columns(self):
        return [_("Hand"), _("Contract"), self.side(0), self.side(1)]

    def sheet_row(self, rec):
        res = rec["result"]
        contract = res["contract"]
        name = action_label(A.parse_action(contract, self.deck_cards), True)
        return [_("{contract} ×{mult} · {seat}").format(contract=name, mult=res["multiplier"],
                                                        seat=self.seat(res["chooser"])),
                *(f"+{res['points'][side]} → {res['score'][side]}" for side in (0, 1))]  # the hand's, then the sum


def ui_class(hand_cls) -> type[GameUI]:
    """The most specific presentation of ``hand_cls``: the GameUI subclass presenting the
    nearest class in its ancestry (GameUI itself for a game no subclass knows)."""
    known = [GameUI]
    for cls in known:
        known += cls.__subclasses__()
    return next(ui for base in hand_cls.__mro__ for ui in reversed(known) if ui.presents is base)


def game_ui(game: str, demo: bool = False) -> GameUI:
    """The presentation of the game registered as ``game`` (ValueError if there is none)."""
    hand_cls = game_class(game)
    return ui_class(hand_cls)(hand_cls, demo)
