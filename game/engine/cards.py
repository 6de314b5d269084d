"""Cards, decks and hand bit masks.

A card is an int ``suit << 4 | rank``: suits 0..3, ranks 0..12 standing for
2..A.  The Swiss deck uses the same slots (6 7 8 9 Banner Under Ober König Ass
sit where 6 7 8 9 10 J Q K A sit), so one bit layout serves every game: a hand
is an int with bit ``card`` set for each card held, and ``SUIT_MASKS[s]``
selects one suit.
"""

from __future__ import annotations

import random

from .quote import quoted

SUIT_MASKS = tuple(0x1FFF << (16 * s) for s in range(4))
FRENCH_RANKS = "23456789TJQKA"
SWISS_RANKS = "????6789BUOKA"  # rank slot -> Swiss letter ('?' = unused slot)


def make_card(suit: int, rank: int) -> int:
    return suit << 4 | rank


def suit_of(card: int) -> int:
    return card >> 4


def rank_of(card: int) -> int:
    return card & 15


def _suit_table(suit: int) -> list[list[int]]:
    """Row m: the cards of ``suit`` whose rank bits are m, lowest first.  Built rank by rank
    (the rows with rank r are those without it, r added), a tenth of the time of testing every
    bit of every row: every process that imports the engine builds it."""
    table = [[]]
    for r in range(13):
        card = [suit << 4 | r]
        table += [row + card for row in table]
    return table


# SUIT_CARDS[s][m]: the cards of suit s whose rank bits are m (shared lists: do not mutate).
SUIT_CARDS = [_suit_table(s) for s in range(4)]
_S0, _S1, _S2, _S3 = SUIT_CARDS


def cards_in(mask: int) -> list[int]:
    """The cards of a mask as a new list, by suit, lowest first."""
    return (_S0[mask & 0x1FFF] + _S1[mask >> 16 & 0x1FFF]
            + _S2[mask >> 32 & 0x1FFF] + _S3[mask >> 48 & 0x1FFF])


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Deck:
    """A named deck: which cards it has and how they are written."""

    def __init__(self, name: str, suit_letters: str, rank_letters: str, ranks, family: str = "french"):
        self.name = name
        self.family = family  # "french" (spades, hearts, diamonds, clubs) or "swiss" (Eicheln, Rosen, ...)
        self.suit_letters = suit_letters
        self.rank_letters = rank_letters
        self.ranks = tuple(ranks)
        self.cards = tuple(make_card(s, r) for s in range(4) for r in self.ranks)
        self.mask = mask_of(self.cards)
        self._by_text = {self.text(c): c for c in self.cards}

    def __len__(self) -> int:
        return len(self.cards)

    def text(self, card: int) -> str:
        return self.rank_letters[card & 15] + self.suit_letters[card >> 4]

    def parse(self, text: str) -> int:
        """The card written as ``text`` (e.g. 'JS', 'UE'); ValueError if not in this deck."""
        card = self._by_text.get(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"{quoted(text)} is not a card of the {self.name} deck")
        return card

    def shuffled(self, rng: random.Random) -> list[int]:
        cards = list(self.cards)
        rng.shuffle(cards)
        return cards


FRENCH32 = Deck("French 32-card", "SHDC", FRENCH_RANKS, range(5, 13))
FRENCH52 = Deck("French 52-card", "SHDC", FRENCH_RANKS, range(13))
SWISS36 = Deck("Swiss 36-card", "ERSB", SWISS_RANKS, range(4, 13), "swiss")

# Swiss suit and rank slots by name, for readable game code.
EICHELN, ROSEN, SCHILTEN, SCHELLEN = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RANK_6, RANK_7, RANK_8, RANK_9, RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A = range(4, 13)
BANNER, UNDER, OBER, KOENIG, ASS = RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A
