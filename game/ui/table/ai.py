"""The AI at the table: the seats the player does not hold think a slice per frame.

``step(sdt)`` gives the thinker of the seat to act at most ``SLICE_MS`` of work and returns
its action once it has decided and has seemed to think for ``THINK_MIN`` seconds; the table
applies it through the same door as the player's (``Session.apply``), with ``note``: what the
decision weighed (``players.note``), which the hand's record keeps for the review's "Why?" and
the table's long press.  The thinker is made in a frame of its own, and the note is written in
a frame of its own once the thinker is done, so no frame holds a slice of search and either.

While cards fly or a finished trick is shown, ``think_ahead`` gives the seat to act next its
slices already: the short slices (a whole frame stays near 5 ms natively, drawing included)
cost it no time on the clock that way."""

from __future__ import annotations

import random

from .. import players

UNWEIGHED = object()  # the thinker's note is not written yet

class TableAI:
    THINK_MIN = 0.55     # the AI seems to think at least this long (seconds at the animation speed)
    SLICE_MS = 4         # a unit of work starts only if it fits: whole frames stay near 5 ms

    def __init__(self, session):
        self.session = session
        self.thinker, self.seat, self.think_time, self.weighed = None, None, 0.0, UNWEIGHED
        self.note = None  # what the thinker weighed for the action ``step`` returns (None: nothing)
        self.sliced = False  # whether the last call worked (made a thinker, a slice, the note)

    def reset(self):
        """An action was taken: the next decision starts afresh."""
        self.thinker, self.seat, self.think_time, self.weighed, self.note = None, None, 0.0, UNWEIGHED, None

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
            self.thinker.step(max_ms=self.SLICE_MS)
        else:
            return
        self.sliced = True

    def step(self, sdt: float, work: bool = True):
        """One slice for the seat to act; its action when it is ready, else None.  A session
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
            self.thinker.step(max_ms=self.SLICE_MS)
            self.sliced = True
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
