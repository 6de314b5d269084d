"""A match being played at the table: the engine's Match, who is human, the AI
level, saving after every action, and statistics.

``apply`` is the only door from the front end into the engine: it takes an
action only if the engine says it is legal now, and otherwise returns the
engine's refusal.
"""

from __future__ import annotations

from game.engine import Match

SAVE_VERSION = 1


class Session:
    def __init__(self, game: str, options: dict | None = None, seed=0, level: str = "normal",
                 humans=(0,), store=None):
        self.game, self.seed, self.level = game, seed, level
        self.humans = frozenset(humans)
        self.store = store
        self.match = Match(game, options or {}, seed)
        self.options = dict(self.match.options)
        self.applied: list[tuple[int, int]] = []  # (seat, action) that reached the engine, for tests

    @property
    def hand(self):
        return self.match.hand

    @property
    def demo(self) -> bool:
        return not self.humans

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    # ---- the one door into the engine -------------------------------------------------------
    def apply(self, action):
        """Apply ``action`` for the seat to act if legal; returns None, or the refusal."""
        hand = self.hand
        refusal = hand.check(action)
        if refusal is not None:
            return refusal
        seat = hand.turn
        hand.apply(action)
        self.applied.append((seat, action))
        if hand.is_over():
            self._count_hand()
        self.save()
        return None

    def next_hand(self) -> None:
        self.match.next_hand()
        self.save()

    @property
    def over(self) -> bool:
        return self.match.over

    def result(self):
        return self.hand.result()

    # ---- statistics ---------------------------------------------------------------------------
    def _count_hand(self) -> None:
        if self.store is None or self.demo:
            return
        res = self.hand.result()
        counts = {"hands": 1}
        made = human_bid_made(self.game, self.hand, res)
        if made is not None:
            counts["bids"] = 1
            counts["bids_made"] = int(made)
        if res.get("match_over"):
            counts["matches"] = 1
            counts["wins"] = int(res["winner"] == 0)
        self.store.count(self.game, **counts)

    # ---- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "version": SAVE_VERSION, "game": self.game, "options": self.options, "seed": self.seed,
            "level": self.level, "humans": sorted(self.humans),
            "hands": [[a for _, a in rec["actions"]] for rec in self.match.finished],
            "actions": [t for _, t in self.hand.history],
        }

    @classmethod
    def from_dict(cls, data: dict, store=None) -> "Session":
        """The saved match replayed action by action (ValueError if it does not replay)."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError("unknown save version")
        s = cls(data["game"], data["options"], data["seed"], data["level"], data["humans"], None)
        try:
            for actions in data["hands"]:
                for text in actions:
                    s.hand.apply(text)
                s.match.next_hand()
            for text in data["actions"]:
                s.hand.apply(text)
        except Exception as err:  # any failure means the save does not fit this engine
            raise ValueError(f"saved match does not replay: {err}") from None
        s.store = store
        return s

    def save(self) -> None:
        if self.store is not None and not self.demo:
            self.store.save_match(None if self.over or self._finished_match() else self.to_dict())

    def _finished_match(self) -> bool:
        res = self.hand.result()
        return bool(res and res.get("match_over"))


def human_bid_made(game: str, hand, res) -> bool | None:
    """Whether seat 0's bid or contract succeeded this hand; None if seat 0 had none."""
    if res is None or res.get("thrown_in"):
        return None
    if game in ("304", "28"):
        return res["made"] if hand.bidder == 0 else None
    if game == "400":
        return res["made"][0]
    if game == "schieber":
        if res.get("chooser") != 0:
            return None
        return res["points"][0] > res["points"][1]
    return None

