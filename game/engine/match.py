"""A match: hands in a row, the score carried across them, the dealer rotating."""

from __future__ import annotations

import random

from .core import check_seed
from .registry import GAMES, game_class


class Match:
    """A match of one game; ``hand`` is the hand being played."""

    def __init__(self, game, options: dict | None = None, seed=0):
        """``game``: a game's name (or alias) or its class in ``GAMES``; ``options`` as for a
        hand; ``seed`` an int or a text.  ValueError for a bad argument."""
        if isinstance(game, type) and game in GAMES.values():
            self.cls = game
        else:
            self.cls = game_class(game)
        self.seed = check_seed(seed)
        self.hand_number = 0
        self.redeals = 0
        self.finished: list[dict] = []  # records of finished hands, with their results
        rng = random.Random(f"{self.cls.GAME}|match|{seed}")
        self.dealer = rng.randrange(4)
        self.hand = self.cls.deal(self._hand_seed(), options, self.dealer, first_hand=True)
        self.options = self.hand.options
        self.score = list(self.hand.score_before)
        self.winner: int | None = None

    def _hand_seed(self) -> str:
        return f"{self.seed}/{self.hand_number}/{self.redeals}"

    @property
    def over(self) -> bool:
        return self.winner is not None

    def next_hand(self) -> None:
        """Score the finished hand and deal the next one."""
        if not self.hand.is_over():
            raise ValueError("the hand is not over yet")
        if self.over:
            raise ValueError("the match is over")
        res = self.hand.result()
        rec = self.hand.record()
        rec["result"] = res
        self.finished.append(rec)
        self.score = list(res["score"])
        if res["match_over"]:
            self.winner = res["winner"]
            return
        if self.hand.same_dealer_again():
            self.redeals += 1
        else:
            self.dealer = (self.dealer + 1) % 4
            self.hand_number += 1
            self.redeals = 0
        self.hand = self.cls.deal(self._hand_seed(), self.options, self.dealer, self.score)
