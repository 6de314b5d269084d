"""Every decodable code plays on (issue 48): random codes of every game, made by drawing each
of the code's digits at random (so scores, options, dealers, cards and actions are any the
format can hold), decoded as a link is, played to the end of the hand, through "Next hand"
and a second hand.  A code the engine takes must never lead to a hand the next deal refuses.

Bounded and seeded: CODES_PER_GAME codes a game in ``make test`` (FUZZ_EXAMPLES raises it)."""

from __future__ import annotations

import random

import pytest
from helpers import FUZZ_EXAMPLES

from game.engine import GAMES
from game.engine import codes
from game.engine.codes import CodeError, decode
from game.ui.session import Session

pytestmark = pytest.mark.slow  # a fuzzer: `make check` leaves it to `make test`
CODES_PER_GAME = FUZZ_EXAMPLES or 500


class RandomDigits:
    """The decoder's digit source drawing each digit at random, and keeping them to write the
    code's text (the number the digits make)."""

    def __init__(self, rng: random.Random):
        self.rng, self.drawn, self.number = rng, [], 0

    def take(self, radix: int) -> int:
        # counts (a record's actions) lean small, so that most records stop inside their hand
        digit = self.rng.randrange(min(radix, 90)) if radix == codes.MAX_ACTIONS + 1 else self.rng.randrange(radix)
        self.drawn.append((digit, radix))
        return digit

    def take_sized(self, bits: int) -> int:
        return codes._Digits.take_sized(self, bits)

    def code(self, game: str) -> str:
        number = 0
        for digit, radix in reversed(self.drawn):
            number = number * radix + digit
        return codes._seal(game, codes.VERSION + codes._text_of(number))


def random_code(cls, rng):
    """A random code of ``cls`` that decodes, or None (its digits hold no valid hand)."""
    digits = RandomDigits(rng)
    try:
        codes._decode_number(cls, digits)
    except CodeError:
        return None
    return digits.code(cls.GAME)


def play_out(session, rng):
    hand = session.hand
    while not hand.is_over():
        assert session.apply(rng.choice(hand.legal_actions())) is None


@pytest.mark.parametrize("game", list(GAMES))
def test_every_decodable_code_plays_through_next_hand_and_a_second_hand(game, record_property):
    rng = random.Random(f"codes|{game}")
    cls = GAMES[game]
    counts = {"drawn": 0, "decoded": 0, "second_hands": 0, "match_over": 0}
    while counts["decoded"] < CODES_PER_GAME:
        counts["drawn"] += 1
        assert counts["drawn"] < 200 * CODES_PER_GAME, counts
        code = random_code(cls, rng)
        if code is None:
            continue
        found = decode(code)  # the public way, as a link reads it
        assert codes.record_code(found.replayed()) == code if found.is_record else True
        counts["decoded"] += 1
        session = Session.from_hand(found.replayed(), rng.randrange(1 << 30), "easy")
        for _hand in range(2):
            play_out(session, rng)
            if session.over or session.hand.result()["match_over"]:
                counts["match_over"] += 1
                break
            session.next_hand()  # "Next hand": the score after the hand stands before the next
            counts["second_hands"] += _hand == 0
    record_property("fuzz", f"codes {game}: {counts['decoded']} decodable codes of {counts['drawn']} drawn, "
                            f"{counts['second_hands']} played into a second hand, {counts['match_over']} ended a match")
    assert counts["second_hands"] > CODES_PER_GAME // 3, counts


@pytest.mark.parametrize("game", ["28", "400"])
def test_a_score_at_the_floor_stays_there_and_the_next_hand_is_dealt(game):
    cls = GAMES[game]
    low, _high = cls.score_range({o.name: o.default for o in cls.OPTIONS})
    rng = random.Random(48)
    for seed in range(12):
        score = [low] * len(cls.initial_score({o.name: o.default for o in cls.OPTIONS}))
        session = Session.from_hand(cls.deal(seed, None, seed % 4, score), seed)
        play_out(session, rng)
        assert min(session.hand.result()["score"]) >= low
        if not session.hand.result()["match_over"]:
            session.next_hand()
            assert session.hand.score_before == [max(low, v) for v in session.hand.score_before]


def test_a_304_code_whose_tokens_do_not_add_up_is_refused():
    with pytest.raises(CodeError) as err:
        decode("304.1LSYwEiNvSPrMRvWXFE9mT0saX4zHBGFnQNwBC")  # tokens 10 + 21 of 11 a side
    assert err.value.kind == "content" and "add up" in str(err.value)
