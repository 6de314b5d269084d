"""A match: hands in a row, the score carried across them, the dealer rotating."""

from __future__ import annotations

import random


class Match:
    """A match of one game; ``hand`` is the hand being played."""

    def __init__(self, game, options: dict | None = None, seed=0):
        from . import game_class  # the registry imports this module
        self.cls = game_class(game) if isinstance(game, str) else game
        self.seed = seed
        self.hand_number = 0
        self.redeals = 0
        self.finished: list[dict] = []  # records of finished hands, with their results
        rng = random.Random(f"{self.cls.GAME}|match|{seed}")
        self.dealer = rng.randrange(4)
        self.hand = self.cls.deal(self._hand_seed(), options, self.dealer,
                                  first_hand=True if self.cls.GAME == "schieber" else False)
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
