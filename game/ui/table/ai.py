"""The AI at the table: the seats the player does not hold think a slice per frame.

``step(sdt)`` asks for the next piece of work for the seat to act, which ``slice`` does at the
frame's end in what is left of the frame's budget (``players.FRAME_MS``: input, time and drawing
come first, so a whole frame stays near the budget): its thinker made, a slice of its thinking,
then the note of what it weighed (``players.note``), one a frame, so no frame holds a slice of
search and either; and ``step`` returns the action once the thinker has decided and has seemed
to think for ``THINK_MIN`` seconds.  The table applies it through the same door as the player's
(``Session.apply``), with ``note``, which the hand's record keeps for the review's "Why?" and the
table's long press.

A decision's budget is time spent in slices (the level's), so shorter slices weigh as much and
take more frames.  Natively a displayed frame holds more passes of the loop while a seat
thinks (``App.passes``, up to ``PASSES`` within ``BUSY_SHARE`` of it: the time the loop would sleep), a slice each: normal's 70 ms then takes
less than ``THINK_MIN``, expert's 600 ms about 1.2 s.

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
# Making a thinker or writing its note cannot be cut short (0.3-0.7 ms natively): it waits for a
# frame with this share of the budget left.
WHOLE_JOB = 0.3
WAIT_MAX = 4  # frames in a row the AI's work may wait (too little left) before it is done anyway


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
        self.sliced = False  # whether the last call asked for work (the thinker made, a slice, the note)
        self.wants_slice = False  # that work, which ``slice`` does at the frame's end
        self.waited = 0  # frames in a row its slice did nothing (``give_slice``)

    def reset(self):
        """An action was taken: the next decision starts afresh."""
        self.thinker, self.seat, self.think_time, self.weighed, self.note = None, None, 0.0, UNWEIGHED, None
        self.wants_slice, self.waited = False, 0

    def slice(self, left_ms: float) -> None:
        """The work ``step`` or ``think_ahead`` asked for this frame, in what is left of the
        frame's budget once it is drawn (``Scene.spare``): the thinker made, a slice, or the note
        (one of them a frame; making the thinker and writing the note, which cannot be cut short,
        wait for a frame with room for them, ``WHOLE_JOB``, at most ``WAIT_MAX`` frames)."""
        if not self.wants_slice:
            return
        self.wants_slice = False
        thinker = self.thinker
        if thinker is not None and not thinker.done:
            self.waited = give_slice(thinker, left_ms, self.waited)
        elif left_ms < WHOLE_JOB * players.FRAME_MS and self.waited < WAIT_MAX:
            self.waited += 1
        elif thinker is None:
            self.make_thinker(self.session.hand)
            self.waited = 0
        elif self.weighed is UNWEIGHED:  # the frame after the last slice
            self.weighed = players.note(thinker)
            self.waited = 0

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
        self.seat, self.weighed = hand.turn, UNWEIGHED

    def think_ahead(self) -> None:
        """Asks for a slice for the seat to act next while the table is busy (its time to seem to think
        starts when the table is free); nothing for a scripted action or the player's seat."""
        session, hand = self.session, self.session.hand
        if hand.is_over() or session.is_human(hand.turn) or getattr(session, "script", None) \
                or session.scripted_action() is not None:
            return
        if self.thinker is None or not self.thinker.done and self.seat == hand.turn:
            self.seat = hand.turn
            self.wants_slice = self.sliced = True  # the thinker made, or a slice

    def step(self, sdt: float, work: bool = True, act: bool = True):
        """A slice asked for the seat to act (``slice``); its action when it is ready, else None.  A session
        with a ``script`` (a watched record's ``(seat, text)`` actions) plays those first; a
        lesson's session hands over its actions (``scripted_action``) the same way.  Without
        ``work``, the time passes and nothing else is done (a frame that is busy already).  Without
        ``act`` (a pass of the loop that draws nothing, ``App.passes``) a ready action waits for
        the next pass that draws: the move is shown as it is made."""
        hand = self.session.hand
        self.note = None
        scripted = self._scripted(hand)
        from_script = scripted is not None
        if scripted is None:
            scripted = self.session.scripted_action()  # a lesson's next action, or None
        if scripted is not None:
            self.seat = hand.turn
            self.think_time += sdt
            if self.think_time < self.THINK_MIN or not act:
                return None
            if from_script:
                self.session.script.pop(0)
            return scripted
        if not work:
            if self.thinker is not None and self.seat == hand.turn:
                self.think_time += sdt
            return None
        self.think_time += sdt
        if self.thinker is None:
            self.seat = hand.turn  # thinking from this frame on (its dots drawn): its thinker is made at its end
        if self.thinker is None or not self.thinker.done or self.weighed is UNWEIGHED:
            self.wants_slice = self.sliced = True  # the thinker made, a slice or the note (``slice``)
            return None
        if self.think_time < self.THINK_MIN or not act:
            return None
        action = self.thinker.best()
        if hand.check(action) is not None:  # never expected: fall back to a legal action, weighed by nobody
            return hand.legal_actions()[0]
        self.note = self.weighed
        return action
