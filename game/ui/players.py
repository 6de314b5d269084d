"""The one place the front end talks to the AI (game.ai).

``thinker(obs, level, seed)`` decides for one seat, a little at a time:
``step(max_ms)`` works for at most about ``max_ms`` milliseconds, so the frame
loop never freezes; ``done`` says a decision is ready and ``best()`` returns it
as an action code.  ``note(thinker)`` is what that decision weighed, as a hand record's
annotation.  ``hint_thinker(obs)`` weighs a move for the human, in the same slices, and
``explain(thinker)`` gives it with a short reason.
"""

from __future__ import annotations

import time

from game.ai import ALL_LEVELS
from game.ai import LEVELS as AI_LEVELS
from game.ai import Thinker
from game.ai import explain as _explain
from game.ai import warm_jobs as _warm_jobs
from game.ai import weigh as _weigh
from game.ai.search import SLOWDOWN
from game.i18n import NC_, pgettext

LEVELS = tuple(AI_LEVELS)  # the levels a player chooses from, weakest first: the AI's own list
LEVEL_NAMES = {"easy": NC_("AI level", "Easy"), "normal": NC_("AI level", "Normal"),
               "hard": NC_("AI level", "Hard"), "expert": NC_("AI level", "Expert")}


def level_name(level: str) -> str:
    """The AI level's name in the current language (a level without a name here: its own)."""
    return pgettext("AI level", LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.capitalize()


# A frame's budget of work in ms: its input, time and drawing, then what is left of it goes to an
# AI seat's slice of thinking (``Scene.spare``).  2.4 ms natively (a whole frame at most half of
# what the busiest frames cost before the slices fitted in it); the browser's Python does the same
# work about SLOWDOWN times slower, in about half of a 60 Hz frame, the rest left to the page.
FRAME_MS = 2.4 * SLOWDOWN
# The clock a frame's time is measured on: the wall clock, as the thinkers' own (the tests stop it,
# so that every slice is the whole budget and a decision does not depend on the machine's speed).
frame_clock = time.perf_counter

HINT_LEVEL = "normal"  # thought a slice a frame (table/hint.py): its figures come true as the AI seats' do


def warm_jobs(game: str) -> list:
    """The AI's first-time work for ``game`` as small jobs (callables), to run one a frame
    before it first thinks (``game.ai.warm_jobs``)."""
    return _warm_jobs(game)


def thinker(obs, level: str, seed: int) -> Thinker:
    """A thinker deciding for the seat of ``obs`` (which must be that seat's turn), at any of the
    AI's levels (the rule-based "baseline" too, though the menu does not offer it); an unknown
    level plays as "normal"."""
    return Thinker(obs, level if level in ALL_LEVELS else "normal", seed)


def note(thinker) -> dict:
    """What a finished ``thinker`` weighed for ``best()`` (``game.ai.weigh``: figures it already
    has, no new search), as the annotation a hand record keeps (docs/records.md)."""
    return _weigh(thinker).as_json()


def hint_thinker(obs, seed: int = 0) -> Thinker:
    """A thinker for the hint at the seat of ``obs``, to be stepped like the AI seats'."""
    return Thinker(obs, HINT_LEVEL, seed)


def explain(thinker):
    """(action, reason) a finished hint thinker suggests; the reason is an ``i18n.Message``
    whose ``{action}`` the UI fills with ``names.action_phrase``."""
    return _explain(thinker)
