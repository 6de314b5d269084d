"""AI players that see only their seat's observation.

- ``choose(obs, level, seed)``: the action, thinking to completion (arena, tests);
- ``Thinker(obs, level, seed)``: the same as an anytime object for the front end:
  ``step(max_ms)`` in slices (each at most about ``max_ms``: a unit of work starts only if its
  estimated cost still fits) until
  ``done``, then ``best()`` (valid at any moment);
- ``explain(thinker)``: (action, one-line reason as an ``i18n.Message``) for the hint button, from a
  ``Thinker`` advanced in slices (the table's); ``hint(obs, level)`` the same thought in one call
  (tests, scripts);
- levels: ``baseline`` (rule-based), ``easy``, ``normal``, ``hard``, ``expert`` (``ALL_LEVELS``,
  the one list); the arena also knows ``dd``, a double-dummy yardstick (``dd``);
- ``weigh(thinker)``: what a finished decision weighed and why, as data and one translatable
  line (``reasons``; a hand record keeps it as an optional annotation);
- ``warm_jobs(game)``: the first-time work of thinking about ``game`` (modules, the opening
  table), as small jobs for a front end to run ahead, one a frame.

How it thinks: ``worlds`` samples the cards the seat cannot see so that they agree with
its observation (``knowledge`` reads the log game by game, ``deal`` deals the cards to
constrained slots) and rebuilds an engine hand by replaying the log; ``search`` tries each
candidate action in many such worlds, finishing the hand with the rule-based players of
``rules_hidden_trump`` (304, 28) and ``rules_open`` (400, Schieber), and keeps the best
average ``outcome``; the last tricks (3 at normal and hard, 4 at expert) are solved exactly by
the double-dummy search (``solver``: alpha-beta with a transposition table, move ordering and
equal cards merged), in time slices.  What the AI knows of each game comes from its engine
class (``family``), never from its name.  In 304 the search levels bid from the opening table as the rules do
(the game's ``table_auction`` in ``family``; the expert opens to a higher quantile, ``Level.open_risk``) and
search the card play.  Worlds are kept more often when the other seats' bids fit their
cards (the rules serve as the model of how people bid).  ``arena`` plays levels against
each other in duplicate.

In a sampled world the rules read only what the acting seat may know; the engine
attributes they read are listed in each rules module.
"""

from .hint import explain, hint
from .reasons import Decision, weigh
from .search import ALL_LEVELS, LEVELS, Thinker, baseline_action, choose, warm_jobs

__all__ = ["ALL_LEVELS", "LEVELS", "Decision", "Thinker", "baseline_action", "choose", "explain", "hint", "warm_jobs",
           "weigh"]
