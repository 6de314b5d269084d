"""A match being played at the table: the engine's Match, who is human, the AI
level, saving after every action, and statistics.

``apply`` is the only door from the front end into the engine: it takes an
action only if the engine says it is legal now, and otherwise returns the
engine's refusal.
"""

from __future__ import annotations

import sys

from game.engine import Match
from game.engine import actions as A
from game.i18n import N_, Message

SAVE_VERSION = 2  # 1: actions replayed from the seed; 2: hand records


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
        made = self.hand.contract_made(0)  # seat 0's own bid or contract, None if it had none
        if made is not None:
            counts["bids"] = 1
            counts["bids_made"] = int(made)
        if res.get("match_over"):
            counts["matches"] = 1
            counts["wins"] = int(res["winner"] == 0)
        self.store.count(self.game, **counts)

    # ---- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The match as saved: its settings, the finished hands and the hand being played, each
        as a hand record (docs/records.md); ``hand`` holds every action taken so far."""
        m = self.match
        return {
            "format": "trick-table-match", "version": SAVE_VERSION,
            "game": self.game, "options": dict(self.options), "seed": self.seed,
            "level": self.level, "humans": sorted(self.humans),
            "match": {"hand_number": m.hand_number, "redeals": m.redeals, "dealer": m.dealer,
                      "score": list(m.score)},
            "finished": [{k: v for k, v in rec.items() if k != "result"} for rec in m.finished],
            "hand": self.hand.record(),
        }

    @classmethod
    def from_dict(cls, data: dict, store=None) -> "Session":
        """The saved match rebuilt from its hand records (ValueError if it does not fit this engine)."""
        if not isinstance(data, dict):
            raise ValueError("a saved match must be a JSON object")
        version = data.get("version")
        if version == 1:
            return cls._from_v1(data, store)
        if version != SAVE_VERSION or data.get("format") != "trick-table-match":
            raise ValueError(f"unknown save version {str(version)[:12]}")
        try:
            s = cls._checked_session(data)
            m = s.match
            finished = []
            for rec in data["finished"]:
                hand = _replayed(rec, s.game)
                if not hand.is_over():
                    raise ValueError("a finished hand is not over")
                done = hand.record()
                done["result"] = hand.result()
                finished.append(done)
            hand = _replayed(data["hand"], s.game, s.options)
            info = data["match"]
            hand_number, redeals, dealer = info["hand_number"], info["redeals"], info["dealer"]
            if not all(type(v) is int and v >= 0 for v in (hand_number, redeals, dealer)) or dealer > 3:
                raise ValueError("the match's counters are not seats or counts")
            if hand.dealer != dealer or list(info["score"]) != list(hand.score_before):
                raise ValueError("the hand being played does not follow the match")
        except ValueError:
            raise
        except Exception as err:  # any other failure: the save does not fit this engine
            raise ValueError(f"saved match does not replay: {type(err).__name__}: {err}") from None
        m.finished, m.hand = finished, hand
        m.hand_number, m.redeals, m.dealer, m.score = hand_number, redeals, dealer, list(hand.score_before)
        s.store = store
        return s

    @classmethod
    def _checked_session(cls, data: dict) -> "Session":
        game, seed, level, humans = data["game"], data["seed"], data["level"], data["humans"]
        if not isinstance(game, str) or not isinstance(data["options"], dict):
            raise ValueError("the game or its options have the wrong type")
        if type(seed) is not int or not isinstance(level, str) or not isinstance(humans, list) \
                or not all(type(h) is int and 0 <= h < 4 for h in humans):
            raise ValueError("seed, level or seats have the wrong type")
        try:
            return cls(game, data["options"], seed, level, humans, None)
        except Exception as err:
            raise ValueError(f"the match cannot be set up: {err}") from None

    @classmethod
    def _from_v1(cls, data: dict, store=None) -> "Session":
        """The first save format: the match replayed from its seed, hand by hand."""
        try:
            s = cls._checked_session(data)
            for actions in data["hands"]:
                for text in actions:
                    s.hand.apply(text)
                s.match.next_hand()
            for text in data["actions"]:
                s.hand.apply(text)
        except ValueError as err:
            raise ValueError(f"saved match does not replay: {err}") from None
        except Exception as err:  # any failure means the save does not fit this engine
            raise ValueError(f"saved match does not replay: {type(err).__name__}: {err}") from None
        s.store = store
        return s

    @classmethod
    def resume(cls, store) -> "Session | None":
        """The saved match of ``store``, or None; one that cannot be resumed is set aside (a notice)."""
        data = store.load_match()
        if not data:
            return None
        try:
            return cls.from_dict(data, store)
        except ValueError as err:
            print(f"saved match set aside: {err}", file=sys.stderr)  # the details, for a bug report
            store.set_aside("match", Message(N_("it does not replay in this version of the game")))
            return None

    def save(self) -> None:
        if self.store is not None and not self.demo:
            self.store.save_match(None if self.over or self._finished_match() else self.to_dict())

    def _finished_match(self) -> bool:
        res = self.hand.result()
        return bool(res and res.get("match_over"))


def _replayed(record, game: str, options: dict | None = None):
    """The hand of a hand record with its actions applied (ValueError if it does not replay)."""
    from game.engine.records import RecordError, hand_from_record

    if not isinstance(record, dict) or record.get("game") != game:
        raise ValueError("a hand record of another game")
    hand = hand_from_record(record)
    if options is not None and hand.options != options:
        raise ValueError("the hand's options are not the match's")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    for entry in actions:
        while _unasked_keep(hand, entry):
            hand.apply("keep")
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == hand.turn
                and isinstance(entry[1], str)):
            raise ValueError(f"action {entry!r} is not the turn's [seat, action]")
        hand.apply(entry[1])
    return hand


def _unasked_keep(hand, entry) -> bool:
    """Saves made before 400's no-face-card redeal asked every seat: a seat holding a face card
    was not asked, so its 'keep', the only answer it had, is missing from the record."""
    return list(hand.legal_actions()) == [A.KEEP] and entry != [hand.turn, "keep"]

