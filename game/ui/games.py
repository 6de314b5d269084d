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
from game.engine import game28, game304, schieber
from game.engine.game28 import Hand28
from game.engine.game304 import Hand304
from game.engine.game400 import Hand400
from game.engine.hidden_trump import POWER, HiddenTrumpHand
from game.engine.schieber import HandSchieber
from game.i18n import N_, _

from .names import action_label, seat_name, side_name, suit_name

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
        trump = self.trump_suit(obs)
        return _("trump {suit}").format(suit=suit_name(trump, self.swiss)) if trump is not None else ""

    def points_line(self, obs) -> str:
        won = [0, 0]
        for _leader, _cards, winner in obs.tricks:
            won[winner & 1] += 1
        return _("Tricks {us} {a} · {them} {b}").format(us=self.side(0), a=won[0], them=self.side(1), b=won[1])

    def score_line(self, score, obs=None) -> str:
        if self.per_player:
            return "  ".join(f"{self.seat(s)} {score[s]}" for s in range(4))
        return _("{us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1), b=score[1])

    def trump_suit(self, obs):
        """The trump suit as far as the player knows it, else None."""
        return obs.public.get("trump")

    def seat_note(self, obs, seat) -> str:
        return ""

    def prompt(self, obs) -> str:
        if obs.phase == "play":
            return _("Your turn: play a card")
        if A.PASS in obs.legal and any(A.is_bid(a) for a in obs.legal):
            return _("Your bid (or pass)")
        return ""

    # ---- after the hand -----------------------------------------------------------------------
    def result_rows(self, obs, res) -> list[tuple]:
        """Rows (label, value for side 0, value for side 1) explaining the hand's points.

        ``obs`` is seat 0's view of the finished hand, ``res`` the engine's result."""
        if res["thrown_in"]:
            return []
        won = [0, 0]
        for t in res["tricks"]:
            won[t["winner"] & 1] += 1
        before, after = obs.score, res["score"]
        change = [b - a for a, b in zip(self.side_totals(before), self.side_totals(after))]
        return [(_("Tricks"), won[0], won[1]), (_("Score"), f"{change[0]:+d}", f"{change[1]:+d}")]

    def result_headline(self, obs, res) -> str:
        if res["thrown_in"]:
            return _("Everyone passed: the hand is thrown in")
        return self.score_line(res["score"], obs)

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


class HiddenTrumpUI(GameUI):
    """304 and Twenty-Eight."""

    presents = HiddenTrumpHand
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

    def trick_points(self, cards, winner, before, after, res=None):
        """Its card points; the hand's last trick with its bonus (Twenty-Nine), as the result has it."""
        points = sum(self.points[c] for c in cards)
        if res and not res["thrown_in"] and len(after.tricks) == len(res["tricks"]):
            side = winner & 1
            counted = sum(self.points[c] for _leader, won, w in self.result_tricks(res) if w & 1 == side for c in won)
            points += res["points"][side] - counted
        return points

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
    presents = Hand304
    tab_name = N_("304")
    chips = True
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
    presents = Hand28
    tab_name = N_("28")
    tile_suit = 2
    points = game28.POINTS

    def score_line(self, score, obs=None):
        return _("Game points {us} {a} · {them} {b}").format(us=self.side(0), a=score[0], them=self.side(1),
                                                               b=score[1])

    def prompt(self, obs):
        if obs.phase == "double":
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

    result_columns = (0.3, 0.8)

    def result_header(self):
        return [_("Player"), _("Bid and tricks"), _("Change")]

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

    def sheet_row(self, rec):
        res = rec["result"]
        bids = {s: t[4:] for s, t in rec["actions"] if t.startswith("bid ")}
        if res["thrown_in"]:
            return [f"{bids.get(s, '')} · {res['score'][s]}" for s in range(4)]
        return [f"{bids.get(s, '')}/{res['points'][s]} → {res['score'][s]}" for s in range(4)]


class UISchieber(GameUI):
    presents = HandSchieber
    tab_name = N_("Schieber")
    tile_suit = 1  # Rosen

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

    def trick_points(self, cards, winner, before, after, res=None):
        """What the trick added to its winners' points (multiplied, the last trick's 5 and the
        Match bonus in), from the hand's running points less the Weis and Stöck scored with it."""
        side = winner & 1
        b, a = before.public, after.public
        extra = (a["weis_points"][side] - b["weis_points"][side]) + (a["stoeck_points"][side] - b["stoeck_points"][side])
        return a["points"][side] - b["points"][side] - extra

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
