"""What differs between the games on screen: the score and contract lines, notes
at the seats, the prompt for the player, how the hand is sorted, and the rows of
the hand result and the score sheet.  One class per family of games."""

from __future__ import annotations

from game.engine import actions as A
from game.engine import game28, game304, schieber
from game.engine.cards import FRENCH32, FRENCH52, SWISS36
from game.engine.hidden_trump import POWER
from game.i18n import _

from .names import action_label, seat_name, side_name, suit_name

SUIT_ORDER = (0, 1, 3, 2)  # French: spades, hearts, clubs, diamonds (colours alternate)


class GameUI:
    game = ""
    swiss = False
    deck = "french"
    deck_cards = FRENCH32

    def __init__(self, demo=False):
        self.demo = demo

    def seat(self, s):
        return seat_name(s, self.demo)

    def side(self, s):
        return side_name(s, self.demo)

    # ---- the hand ------------------------------------------------------------------------
    def sort_key(self, card, obs):
        return SUIT_ORDER.index(card >> 4), -(card & 15)

    def word_label(self, action, obs) -> str:
        """The caption of a word action's button (a pass reads differently outside the auction)."""
        if action == A.PASS and obs.phase == "caps":
            return _("Play on")
        if action == A.PASS and obs.phase == "double":
            return _("No double") if A.DOUBLE in obs.legal else _("No redouble")
        if A.TRUMP <= action < A.TRUMP + 4:
            return self.suit_label(action - A.TRUMP)
        return action_label(action, self.swiss)

    def suit_label(self, suit):
        return suit_name(suit, self.swiss)

    def sorted_hand(self, cards, obs):
        return sorted(cards, key=lambda c: self.sort_key(c, obs))

    # ---- lines on screen --------------------------------------------------------------------
    def contract_line(self, obs) -> str:
        raise NotImplementedError

    def points_line(self, obs) -> str:
        raise NotImplementedError

    def score_line(self, score, obs=None) -> str:
        return _("{us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1), b=score[1])

    def trump_suit(self, obs):
        """The trump suit as far as the player knows it, else None."""
        return obs.public.get("trump")

    def seat_note(self, obs, seat) -> str:
        return ""

    def prompt(self, obs) -> str:
        return _("Your turn: play a card") if obs.phase == "play" else ""

    # ---- after the hand -----------------------------------------------------------------------
    def result_rows(self, obs, res) -> list[tuple]:
        """Rows (label, value for side 0, value for side 1) explaining the hand's points.

        ``obs`` is seat 0's view of the finished hand, ``res`` the engine's result."""
        raise NotImplementedError

    def result_headline(self, obs, res) -> str:
        raise NotImplementedError

    def result_tricks(self, res):
        """The finished hand's tricks as (leader, cards, winner), every card shown."""
        parse = self.deck_cards.parse
        return [(t["leader"], [parse(c) for c in t["cards"]], t["winner"]) for t in res["tricks"]]

    def sheet_columns(self) -> list[str]:
        raise NotImplementedError

    def sheet_row(self, rec) -> list[str]:
        raise NotImplementedError

    def side_totals(self, score) -> tuple[int, int]:
        return score[0], score[1]

    def score_after(self, res):
        return res["score"]


class HiddenTrumpUI(GameUI):
    """304 and Twenty-Eight."""

    points = ()

    def sort_key(self, card, obs):
        return SUIT_ORDER.index(card >> 4), -POWER[card & 15]

    def contract_line(self, obs) -> str:
        p = obs.public
        if obs.phase in ("auction", "redeal"):
            if p.get("high_bid") and obs.phase == "auction":
                leader = next((s for s, t in reversed(obs.log) if t.startswith("bid ")), None)
                return _("Auction · high bid {bid} by {seat}").format(bid=p["high_bid"], seat=self.seat(leader))
            return _("Auction · no bid yet")
        if p.get("bidder") is None:
            return ""
        trump = self.trump_suit(obs)
        if trump is None:
            trump_text = _("trump hidden")
        elif p.get("revealed"):
            trump_text = _("trump {suit}").format(suit=suit_name(trump, False))
        else:
            trump_text = _("trump {suit} (only you know)").format(suit=suit_name(trump, False))
        return _("Bid {bid} by {seat} · {trump}").format(bid=p["bid"], seat=self.seat(p["bidder"]), trump=trump_text)

    def points_line(self, obs) -> str:
        known, hidden = [0, 0], [False, False]
        for leader, cards, winner in obs.tricks:
            for c in cards:
                if c is None:
                    hidden[winner & 1] = True
                else:
                    known[winner & 1] += self.points[c]
        tricks = obs.public.get("tricks_won", [0, 0])
        shown = [f"{known[s]}{'+?' if hidden[s] else ''}" for s in (0, 1)]
        return _("Points {us} {a} · {them} {b}   Tricks {c}–{d}").format(
            us=self.side(0), a=shown[0], them=self.side(1), b=shown[1], c=tricks[0], d=tricks[1])

    def seat_note(self, obs, seat) -> str:
        p = obs.public
        if p.get("bidder") == seat:
            return _("bid {bid}").format(bid=p["bid"])
        if obs.phase == "auction" and seat in p.get("passed", ()):
            return _("passed")
        return ""

    def prompt(self, obs) -> str:
        if obs.phase == "auction":
            return _("Your bid (or pass)")
        if obs.phase == "indicator":
            return _("You won the auction: tap the card to lay face down as trump")
        if obs.phase == "redeal":
            return _("Your first four cards are worth less than 15: ask for a redeal?")
        if obs.phase == "play" and A.CALL in obs.legal:
            return _("You cannot follow suit: discard, or call Trump!")
        return super().prompt(obs)

    def result_headline(self, obs, res) -> str:
        if res["thrown_in"]:
            if any(t == "redeal" for _s, t in obs.log):
                return _("Redeal: the same dealer deals again")
            return _("Everyone passed: the hand is thrown in")
        bidder, bid = obs.public["bidder"], obs.public["bid"]
        pts = res["points"][bidder & 1]
        if res["made"]:
            text = _("{seat} bid {bid} and made it with {pts}")
        else:
            text = _("{seat} bid {bid} and failed with {pts}")
        return text.format(seat=self.seat(bidder), bid=bid, pts=pts)

    def result_rows(self, obs, res):
        if res["thrown_in"]:
            return []
        pts, won = [0, 0], [0, 0]
        for _leader, cards, winner in self.result_tricks(res):
            pts[winner & 1] += sum(self.points[c] for c in cards)
            won[winner & 1] += 1
        rows = [(_("Card points"), pts[0], pts[1]), (_("Tricks"), won[0], won[1])]
        extra = [res["points"][s] - pts[s] for s in (0, 1)]
        if any(extra):
            rows.append((_("Last trick"), extra[0], extra[1]))
        bidder, bid = obs.public["bidder"], obs.public["bid"]
        rows.append((_("Bid to make"), *(bid if bidder & 1 == s else "" for s in (0, 1))))
        return rows

    def sheet_columns(self):
        return [_("Hand"), _("Bid"), _("By"), _("Points"), _("Result"), self.side(0), self.side(1)]

    def sheet_row(self, rec):
        res = rec["result"]
        bid = next((t[4:] for s, t in reversed(rec["actions"]) if t.startswith("bid ")), "")
        bidder = next((s for s, t in reversed(rec["actions"]) if t.startswith("bid ")), None)
        if res["thrown_in"]:
            return [bid or "–", "", "", _("thrown in"), res["score"][0], res["score"][1]]
        side = bidder & 1 if bidder is not None else 0
        return [bid, self.seat(bidder) if bidder is not None else "", res["points"][side],
                _("made") if res["made"] else _("failed"), res["score"][0], res["score"][1]]


class UI304(HiddenTrumpUI):
    game = "304"
    points = game304.POINTS

    def score_line(self, score, obs=None):
        return _("Tokens {us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1), b=score[1])

    def prompt(self, obs):
        if obs.phase == "caps":
            return _("Claim Caps (all eight tricks) or play on?")
        if obs.phase == "play" and A.REVEAL in obs.legal:
            return _("Your turn: play a card, or reveal trump first")
        return super().prompt(obs)


class UI28(HiddenTrumpUI):
    game = "28"
    points = game28.POINTS

    def score_line(self, score, obs=None):
        return _("Game points {us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1),
                                                               b=score[1])

    def prompt(self, obs):
        if obs.phase == "double":
            return _("Double the stakes, or play on?")
        return super().prompt(obs)


class UI400(GameUI):
    game = "400"
    deck_cards = FRENCH52

    def sort_key(self, card, obs):
        return (0 if card >> 4 == 1 else 1 + SUIT_ORDER.index(card >> 4)), -(card & 15)

    def trump_suit(self, obs):
        return 1  # hearts, always

    def contract_line(self, obs):
        p = obs.public
        made = [b for b in p["bids"] if b is not None]
        if obs.phase == "auction":
            return _("Bidding · total so far {total} (at least {need} needed)").format(
                total=sum(made), need=p["total_needed"])
        return _("Hearts are trump · bids total {total}").format(total=sum(made))

    def points_line(self, obs):
        won = obs.public["tricks_won"]
        return _("Tricks {us} {a} · {them} {b}").format(us=self.side(0), a=won[0] + won[2], them=self.side(1),
                                                        b=won[1] + won[3])

    def score_line(self, score, obs=None):
        return "  ".join(f"{self.seat(s)} {score[s]}" for s in range(4))

    def seat_note(self, obs, seat):
        p = obs.public
        bid = p["bids"][seat]
        if bid is None:
            return ""
        return _("bid {bid} · won {won}").format(bid=bid, won=p["tricks_won"][seat])

    def prompt(self, obs):
        if obs.phase == "auction":
            p = obs.public
            return _("Your bid: at least {low} (total needed {need})").format(low=p["min_bid"], need=p["total_needed"])
        if obs.phase == "redeal" and A.REDEAL in obs.legal:  # every seat is asked, only these may redeal
            return _("No face cards: ask for a redeal?")
        return super().prompt(obs)

    def result_headline(self, obs, res):
        if res["thrown_in"]:
            if any(t == "redeal" for _s, t in obs.log):
                return _("Redeal: the same dealer deals again")
            return _("The bids were too low: the hand is thrown in")
        return _("{n} of 4 players made their bid").format(n=sum(res["made"]))

    def result_rows(self, obs, res):
        """Per player: bid and tricks, and the change of score."""
        if res["thrown_in"]:
            return []
        rows = []
        for s in range(4):
            bid = obs.public["bids"][s]
            change = res["score"][s] - obs.score[s]
            rows.append((self.seat(s), _("bid {bid} · won {won}").format(bid=bid, won=res["points"][s]),
                         _("13: decides the match") if bid == 13 else f"{change:+d}"))
        return rows

    def side_totals(self, score):
        return score[0] + score[2], score[1] + score[3]

    def sheet_columns(self):
        return [_("Hand")] + [self.seat(s) for s in range(4)]

    def sheet_row(self, rec):
        res = rec["result"]
        bids = {s: t[4:] for s, t in rec["actions"] if t.startswith("bid ")}
        if res["thrown_in"]:
            return [f"{bids.get(s, '')} · {res['score'][s]}" for s in range(4)]
        return [f"{bids.get(s, '')}/{res['points'][s]} → {res['score'][s]}" for s in range(4)]


class UISchieber(GameUI):
    game = "schieber"
    swiss = True
    deck = "swiss"
    deck_cards = SWISS36

    def sort_key(self, card, obs):
        trump = obs.public.get("trump")
        power = schieber.TRUMP_POWER[card & 15] if card >> 4 == trump else card & 15
        return (0 if card >> 4 == trump else 1 + (card >> 4)), -power

    def multipliers(self, obs):
        return schieber.MULTIPLIERS[obs.options["table_2500"]]

    def contract_name(self, contract, trump):
        if contract == "trump":
            return _("{suit} trump").format(suit=suit_name(trump, True))
        return action_label(A.OBENABE if contract == "obenabe" else A.UNDENUFE)

    def contract_line(self, obs):
        p = obs.public
        if p["contract"] is None:
            if p["pushed"]:
                return _("Pushed: {seat} chooses the contract").format(seat=self.seat((p["forehand"] + 2) % 4))
            return _("{seat} chooses the contract").format(seat=self.seat(p["forehand"]))
        by = self.seat(p["chooser"]) + (" · " + _("pushed") if p["pushed"] else "")
        return _("{contract} ×{mult} · chosen by {by}").format(
            contract=self.contract_name(p["contract"], p["trump"]), mult=p["multiplier"], by=by)

    def points_line(self, obs):
        p = obs.public
        return _("This hand {us} {a} · {them} {b}").format(us=self.side(0), a=p["points"][0], them=self.side(1),
                                                           b=p["points"][1])

    def score_line(self, score, obs=None):
        target = obs.public["target"] if obs else 3000
        return super().score_line(score) + f" / {target}"

    def live_score(self, obs):
        return obs.public["score_now"]

    def prompt(self, obs):
        if obs.phase == "contract":
            return _("Choose the contract") if not obs.public["pushed"] else _("Your partner pushed: you choose")
        return super().prompt(obs)

    def result_headline(self, obs, res):
        name = action_label(A.parse_action(res["contract"], self.deck_cards), True)
        if res["match_over"]:
            return _("{side} reach the target · {contract}").format(side=self.side(res["winner"]), contract=name)
        return _("{contract} ×{mult} chosen by {seat}").format(contract=name, mult=res["multiplier"],
                                                             seat=self.seat(res["chooser"]))

    def result_rows(self, obs, res):
        weis, stoeck = res["weis_points"], res["stoeck_points"]
        cards = [res["points"][s] - weis[s] - stoeck[s] for s in (0, 1)]
        won = [0, 0]
        for t in res["tricks"]:
            won[t["winner"] & 1] += 1
        rows = [(_("Cards and last trick"), cards[0], cards[1])]
        if 9 in won:
            rows.append((_("Match (all nine tricks)"), *(_("yes") if w == 9 else "" for w in won)))
        rows += [(_("Weis"), weis[0], weis[1]),
                 (_("Stöck"), stoeck[0], stoeck[1]),
                 (_("Multiplier"), f"×{res['multiplier']}", f"×{res['multiplier']}"),
                 (_("Hand total"), res["points"][0], res["points"][1])]
        return rows

    def sheet_columns(self):
        return [_("Hand"), _("Contract"), _("By"), self.side(0) + " +", self.side(1) + " +", self.side(0), self.side(1)]

    def sheet_row(self, rec):
        res = rec["result"]
        contract = res["contract"]
        name = action_label(A.parse_action(contract, self.deck_cards), True)
        return [f"{name} ×{res['multiplier']}", self.seat(res["chooser"]), res["points"][0], res["points"][1],
                res["score"][0], res["score"][1]]


UI_CLASSES = {"304": UI304, "28": UI28, "400": UI400, "schieber": UISchieber}


def game_ui(game: str, demo: bool = False) -> GameUI:
    return UI_CLASSES[game](demo)
