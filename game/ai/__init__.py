"""AI players that see only their seat's observation.

- ``choose(obs, level, seed)``: the action, thinking to completion (arena, tests);
- ``Thinker(obs, level, seed)``: the same as an anytime object for the front end:
  ``step(max_ms)`` in slices (each at most about ``max_ms``: a unit of work starts only if its
  estimated cost still fits) until
  ``done``, then ``best()`` (valid at any moment);
- ``hint(obs)``: (action, one-line reason as an ``i18n.Message``) for the hint button; ``explain(thinker)`` gives
  the same from a ``Thinker`` advanced in slices;
- levels: ``baseline`` (rule-based), ``easy``, ``normal``, ``hard``, ``expert``.

How it thinks: ``worlds`` samples the cards the seat cannot see so that they agree with
its observation (``knowledge`` reads the log game by game, ``deal`` deals the cards to
constrained slots) and rebuilds an engine hand by replaying the log; ``search`` tries each
candidate action in many such worlds, finishing the hand with the rule-based players of
``rules_hidden_trump`` (304, 28) and ``rules_open`` (400, Schieber), and keeps the best
average ``outcome``.  In 304 the search levels bid from the opening table as the rules do
(the game's ``table_auction`` in ``family``; the expert opens to a higher quantile, ``Level.open_risk``) and
search the card play.  Worlds are kept more often when the other seats' bids fit their
cards (the rules serve as the model of how people bid).  ``arena`` plays levels against
each other in duplicate.

In a sampled world the rules read only what the acting seat may know; the engine
attributes they read are listed in each rules module.
"""

from .hint import explain, hint
from .search import ALL_LEVELS, LEVELS, Thinker, baseline_action, choose

__all__ = ["ALL_LEVELS", "LEVELS", "Thinker", "baseline_action", "choose", "explain", "hint"]
