"""The AI at the table: the seats the player does not hold think a slice per frame.

``step(sdt)`` asks for a slice of work for the thinker of the seat to act, which ``slice`` gives
it at the frame's end with what is left of the frame's budget (``players.FRAME_MS``: input, time
and drawing come first, so a whole frame stays near the budget), and returns its action once it
has decided and has seemed to think for ``THINK_MIN`` seconds; the table applies it through the
same door as the player's (``Session.apply``), with ``note``: what the decision weighed
(``players.note``), which the hand's record keeps for the review's "Why?" and the table's long
press.  The thinker is made in a frame of its own, and the note is written in a frame of its own
once the thinker is done, so no frame holds a slice of search and either.

A decision's budget is time spent in slices (the level's), so shorter slices weigh as much and
take more frames: natively normal's 70 ms in about 2.4 ms a frame is about ``THINK_MIN``.

While cards fly or a finished trick is shown, ``think_ahead`` asks for slices for the seat to act
next already: they cost it no time on the clock that way."""

from __future__ import annotations

import random

from .. import players

UNWEIGHED = object()  # the thinker's note is not written yet

# A slice given less than this share of the frame's budget starts no unit of work it may not finish
# in time (``Thinker.step``'s ``first``): the frame did much else already.  With more, its first unit
# runs anyway: else a unit dearer than what frames leave (a slow phone) would never run.
QUIET = 0.75
WAIT_MAX = 4  # frames in a row a slice may do nothing (too little left) before its first unit runs anyway


def give_slice(thinker, left_ms: float, waited: int) -> int:
    """``thinker`` works for what is left of the frame (``left_ms``, at most the budget); the
    frames in a row its slices have done nothing since (0: this one worked)."""
    first = left_ms >= QUIET * players.FRAME_MS or waited >= WAIT_MAX
    worked = thinker.step(max(0.0, min(left_ms, players.FRAME_MS)), first=first)
    return waited + 1 if worked is False else 0


class TableAI:
    THINK_MIN = 0.55     # the AI seems to think at least this long (seconds at the animation speed)

    def __init__(self, session):
        self.session = session
        self.thinker, self.seat, self.think_time, self.weighed = None, None, 0.0, UNWEIGHED
        self.note = None  # what the thinker weighed for the action ``step`` returns (None: nothing)
        self.sliced = False  # whether the last call worked (made a thinker, the note) or asked for a slice
        self.wants_slice = False  # ``slice`` gives the thinker its slice at the frame's end
        self.waited = 0  # frames in a row its slice did nothing (``give_slice``)

    def reset(self):
        """An action was taken: the next decision starts afresh."""
        self.thinker, self.seat, self.think_time, self.weighed, self.note = None, None, 0.0, UNWEIGHED, None
        self.wants_slice, self.waited = False, 0

    def slice(self, left_ms: float) -> None:
        """The slice ``step`` or ``think_ahead`` asked for this frame, in what is left of the
        frame's budget once it is drawn (``Scene.spare``)."""
        if self.wants_slice and self.thinker is not None:
            self.waited = give_slice(self.thinker, left_ms, self.waited)
        self.wants_slice = False

    def _scripted(self, hand):
        """The next recorded action if it is the seat to act's and legal; a script the hand has
        left (another hand, or a record that stops) is dropped and the AI plays on."""
        script = getattr(self.session, "script", None)
        if not script:
            return None
        seat, text = script[0]
        if seat != hand.turn or hand.check(text) is not None:
            script.clear()
            return None
        return hand.action_code(text)

    def make_thinker(self, hand) -> None:
        name = f"{self.session.seed}/{self.session.match.hand_number}/{len(hand.history)}"
        seed = random.Random(name).getrandbits(32)  # the same match thinks the same way again
        self.thinker = players.thinker(hand.observation(hand.turn), self.session.level, seed)
        self.seat, self.think_time, self.weighed = hand.turn, 0.0, UNWEIGHED

    def think_ahead(self) -> None:
        """A slice for the seat to act next while the table is busy (its time to seem to think
        starts when the table is free); nothing for a scripted action or the player's seat."""
        session, hand = self.session, self.session.hand
        if hand.is_over() or session.is_human(hand.turn) or getattr(session, "script", None) \
                or session.scripted_action() is not None:
            return
        if self.thinker is None:
            self.make_thinker(hand)
        elif not self.thinker.done and self.seat == hand.turn:
            self.wants_slice = True
        else:
            return
        self.sliced = True

    def step(self, sdt: float, work: bool = True):
        """A slice asked for the seat to act (``slice``); its action when it is ready, else None.  A session
        with a ``script`` (a watched record's ``(seat, text)`` actions) plays those first; a
        lesson's session hands over its actions (``scripted_action``) the same way.  Without
        ``work``, the time passes and nothing else is done (a frame that is busy already)."""
        hand = self.session.hand
        self.note = None
        scripted = self._scripted(hand)
        from_script = scripted is not None
        if scripted is None:
            scripted = self.session.scripted_action()  # a lesson's next action, or None
        if scripted is not None:
            self.seat = hand.turn
            self.think_time += sdt
            if self.think_time < self.THINK_MIN:
                return None
            if from_script:
                self.session.script.pop(0)
            return scripted
        if not work:
            if self.thinker is not None and self.seat == hand.turn:
                self.think_time += sdt
            return None
        made = self.thinker is None
        if made:
            self.make_thinker(hand)
        self.think_time += sdt
        if made:
            self.sliced = True
            return None
        if not self.thinker.done:
            self.wants_slice = self.sliced = True
            return None
        if self.weighed is UNWEIGHED:  # the frame after the last slice
            self.weighed = players.note(self.thinker)
            self.sliced = True
            return None
        if self.think_time < self.THINK_MIN:
            return None
        action = self.thinker.best()
        if hand.check(action) is not None:  # never expected: fall back to a legal action, weighed by nobody
            return hand.legal_actions()[0]
        self.note = self.weighed
        return action
