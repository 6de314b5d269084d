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
    guide = None  # a lesson's guide (game.ui.lessons.lesson), which the table shows and waits for

    def __init__(self, game: str, options: dict | None = None, seed=0, level: str = "normal",
                 humans=(0,), store=None):
        self.game, self.seed, self.level = game, seed, level
        self.humans = frozenset(humans)
        self.store = store
        self.match = Match(game, options or {}, seed)
        self.options = dict(self.match.options)
        self.applied: list[tuple[int, int]] = []  # (seat, action) that reached the engine, for tests
        self.slot: str | None = None  # where the store keeps it, once saved
        self.held = False  # not saved until the player acts in it (or keeps it): see hold()
        self.notes: dict[int, dict] = {}  # what the AI weighed, by action index of this hand (records' notes)

    @classmethod
    def from_hand(cls, hand, seed=0, level: str = "normal", humans=(0,), store=None) -> Session:
        """A match that goes on from ``hand`` (a hand of any game, actions already taken or
        not: a shared deal, an example position): its dealer and score are the match's, the
        hands after it are dealt from ``seed``.  With ``store`` None it is never saved and
        counts in no statistics (a linked hand must not replace the player's own match)."""
        session = cls(hand.GAME, hand.options, seed, level, humans, store)
        match = session.match
        match.hand, match.dealer, match.score = hand, hand.dealer, list(hand.score_before)
        return session

    @property
    def hand(self):
        return self.match.hand

    @property
    def demo(self) -> bool:
        return not self.humans

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    # ---- the one door into the engine -------------------------------------------------------
    def apply(self, action, note: dict | None = None):
        """Apply ``action`` for the seat to act if legal; returns None, or the refusal.  ``note``:
        what an AI seat weighed for it (docs/records.md), kept with the hand's record."""
        hand = self.hand
        refusal = hand.check(action)
        if refusal is not None:
            return refusal
        seat = hand.turn
        if note is not None:
            self.notes[len(hand.history)] = note
        hand.apply(action)
        self.applied.append((seat, action))
        if self.is_human(seat):
            self.held = False  # the player's first action makes it their match
        if hand.is_over():
            self._count_hand()
        self.save()
        return None

    def scripted_action(self):
        """The action another seat than the player's takes next without thinking (a lesson's),
        or None: the AI decides."""
        return None

    def check(self, action):
        """None if ``action`` is legal for the seat to act now, else the engine's refusal
        (nothing is applied)."""
        return self.hand.check(action)

    def next_hand(self) -> None:
        self.match.next_hand()
        self.notes = {}
        self.save()

    @property
    def over(self) -> bool:
        return self.match.over

    def result(self):
        return self.hand.result()

    def hand_record(self) -> dict:
        """This hand's record with what the AI weighed as its optional annotations."""
        record = self.hand.record()
        if self.notes:
            record["annotations"] = [{"index": i, **note} for i, note in sorted(self.notes.items())]
        return record

    # ---- statistics ---------------------------------------------------------------------------
    def _count_hand(self) -> None:
        if self.store is None or self.demo:
            return
        self.store.add_hand(self.game, self.hand_record())  # for the review, from the statistics
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
    def from_dict(cls, data: dict, store=None) -> Session:
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
            if not isinstance(data["finished"], list):
                raise ValueError("the finished hands must be a list")
            hands = [_replayed(rec, s.game, s.options) for rec in data["finished"]]
            hand = _replayed(data["hand"], s.game, s.options)
            finished, counters = _follow_on(hands, hand, s.match.hand.score_before)
            info = data["match"]
            hand_number, redeals, dealer = info["hand_number"], info["redeals"], info["dealer"]
            if [hand_number, redeals, dealer, list(info["score"])] != [*counters, list(hand.score_before)]:
                raise ValueError("the match's counters do not follow its hands")
        except ValueError:
            raise
        except Exception as err:  # noqa: BLE001 - any other failure: the save does not fit this engine
            raise ValueError(f"saved match does not replay: {type(err).__name__}: {err}") from None
        m.finished, m.hand = finished, hand
        m.hand_number, m.redeals, m.dealer, m.score = hand_number, redeals, dealer, list(hand.score_before)
        s.store = store
        return s

    @classmethod
    def _checked_session(cls, data: dict) -> Session:
        game, seed, level, humans = data["game"], data["seed"], data["level"], data["humans"]
        if not isinstance(game, str) or not isinstance(data["options"], dict):
            raise ValueError("the game or its options have the wrong type")
        if type(seed) is not int or not isinstance(level, str) or not isinstance(humans, list) \
                or not all(type(h) is int and 0 <= h < 4 for h in humans):
            raise ValueError("seed, level or seats have the wrong type")
        try:
            return cls(game, data["options"], seed, level, humans, None)
        except Exception as err:  # noqa: BLE001 - any failure to set it up: a broken save
            raise ValueError(f"the match cannot be set up: {err}") from None

    @classmethod
    def _from_v1(cls, data: dict, store=None) -> Session:
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
        except Exception as err:  # noqa: BLE001 - any failure means the save does not fit this engine
            raise ValueError(f"saved match does not replay: {type(err).__name__}: {err}") from None
        s.store = store
        return s

    @classmethod
    def resume(cls, store, slot: str | None = None) -> Session | None:
        """The match saved in ``slot`` of ``store`` (by default the most recently played), or
        None; one that cannot be resumed is set aside (a notice)."""
        if slot is None:
            saved = store.saved_matches()
            slot = saved[0].slot if saved else None
        data = store.load_match(slot) if slot else None
        if not data:
            return None
        try:
            session = cls.from_dict(data, store)
        except ValueError as err:
            print(f"saved match set aside: {err}", file=sys.stderr)  # the details, for a bug report
            store.set_aside(slot, Message(N_("it does not replay in this version of the game")))
            return None
        session.slot = slot
        return session

    def hold(self) -> None:
        """Not saved yet: a match a link opened over a saved one of the same game is the
        player's only once they act in it (or ``keep`` it); until then the saved one stays."""
        self.held = True

    def keep(self) -> None:
        """Save a held match from now on (in a slot of its own)."""
        self.held = False
        self.save()

    def save(self) -> None:
        if self.store is None or self.demo or self.held:
            return
        if self.over or self._finished_match():
            self.store.drop_match(self.slot)
            self.slot = None
        else:
            self.slot = self.store.save_match(self.to_dict(), self.slot)

    def _finished_match(self) -> bool:
        res = self.hand.result()
        return bool(res and res.get("match_over"))


def _replayed(record, game: str, options: dict | None = None):
    """The hand of a hand record with its actions applied (ValueError if it does not replay)."""
    from game.engine.records import RecordError, hand_from_record

    if not isinstance(record, dict):
        raise ValueError("a hand record must be a JSON object")
    if record.get("game") != game:
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


def _follow_on(finished: list, hand, first_score) -> tuple[list, tuple]:
    """The finished hands' records with their results, checked to follow one another as a
    match deals them (each starts from the score the last one ended on, the dealer moves on
    unless the hand is dealt again, no hand ended the match) and to lead to ``hand``; and the
    match's counters (hand number, redeals, dealer) they give.  A save with a hand missing,
    added or changed is refused (ValueError)."""
    score, dealer = list(first_score), finished[0].dealer if finished else hand.dealer
    number = redeals = 0
    records = []
    for done in finished:
        if not done.is_over() or list(done.score_before) != score or done.dealer != dealer:
            raise ValueError("the finished hands do not follow one another")
        result = done.result()
        if result.get("match_over"):
            raise ValueError("a finished hand ended the match")
        record = done.record()
        record["result"] = result
        records.append(record)
        score = list(result["score"])
        if done.same_dealer_again():
            redeals += 1
        else:
            dealer, number, redeals = (dealer + 1) % 4, number + 1, 0
    if list(hand.score_before) != score or hand.dealer != dealer:
        raise ValueError("the hand being played does not follow the finished hands")
    return records, (number, redeals, dealer)


def _unasked_keep(hand, entry) -> bool:
    """Saves made before 400's no-face-card redeal asked every seat: a seat holding a face card
    was not asked, so its 'keep', the only answer it had, is missing from the record."""
    return list(hand.legal_actions()) == [A.KEEP] and entry != [hand.turn, "keep"]

