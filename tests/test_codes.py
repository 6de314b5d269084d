"""Deal codes and record codes (game/engine/codes.py) and `python -m game.engine link`.

Round trips for random hands of every game (the test game too), partial records, every option,
score and dealer; and refusals: random text, random bodies with a valid check, one character
changed, a long text refused before it is read, another version, an unknown game.  Every
refusal is a CodeError (a ValueError) and nothing else.
"""

from __future__ import annotations

import json
import random
import statistics
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from helpers import fuzz

from game.engine import GAMES, Match, game_class
from game.engine import codes
from game.engine.__main__ import main
from game.engine.codes import CodeError, Earlier, decode, deal_code, record_code
from game.engine.records import random_record
from game.web.params import parse


def random_hand(cls, rng: random.Random, *, steps=None, finish=False):
    """A hand of ``cls`` with random options, dealer, score and cards, and random legal actions:
    ``steps`` of them (all to the end with ``finish``, else a random number)."""
    options = {o.name: rng.choice(o.allowed()) for o in cls.OPTIONS}
    resolved = {o.name: options[o.name] for o in cls.OPTIONS}
    low, high = cls.score_range(resolved)
    score = None
    if rng.random() < 0.6:
        for _ in range(300):
            candidate = [rng.randint(low, high) for _ in cls.initial_score(resolved)]
            try:
                cls.check_score(candidate, resolved)
                cls.deal(0, options, 0, candidate)
            except ValueError:
                continue
            score = candidate
            break
    hand = cls.deal(rng.getrandbits(64), options, rng.randrange(4), score,
                    first_hand=bool(cls.FIRST_HAND_RULE) and rng.random() < 0.5)
    limit = 10**6 if finish else (rng.randrange(120) if steps is None else steps)
    while not hand.is_over() and len(hand.history) < limit:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def same_deal(a, b) -> bool:
    return (type(a) is type(b) and a.dealt == b.dealt and a.dealer == b.dealer and a.options == b.options
            and a.score_before == b.score_before and a.first_hand == b.first_hand)


# ---- round trips --------------------------------------------------------------------------------

@fuzz(60)
@given(seed=st.integers(0, 2**32))
def test_deal_codes_round_trip_for_random_hands(game, seed):
    hand = random_hand(game_class(game), random.Random(seed))
    code = deal_code(hand)
    got = decode(code)
    assert same_deal(got.hand, hand) and got.hand.history == []
    assert got.actions == () and got.earlier is None and not got.is_record
    assert deal_code(got.hand) == code  # one code per deal
    assert len(code) <= codes.MAX_CODE_CHARS
    assert code.startswith(f"{game}.{codes.VERSION}")
    assert set(code) <= set(codes.DIGITS) | set(game) | {"."} and "py" not in code


@fuzz(60)
@given(seed=st.integers(0, 2**32))
def test_record_codes_round_trip_for_random_partial_and_whole_hands(game, seed):
    rng = random.Random(seed)
    hand = random_hand(game_class(game), rng, finish=rng.random() < 0.4)
    code = record_code(hand)
    got = decode(code)
    assert got.is_record and same_deal(got.hand, hand)
    assert list(got.actions) == hand.history
    assert got.record() == hand.record()
    replayed = got.replayed()
    assert replayed.history == hand.history and replayed.is_over() == hand.is_over()
    if hand.is_over():
        assert replayed.result() == hand.result()
    steps = rng.randint(0, len(hand.history))
    part = decode(record_code(hand, steps))
    assert list(part.actions) == hand.history[:steps]
    assert part.replayed().observation(0) == got.replayed(steps).observation(0)


@fuzz(40)
@given(seed=st.integers(0, 2**32))
def test_a_deal_code_carries_the_earlier_result(game, seed):
    hand = random_hand(game_class(game), random.Random(seed), finish=True)
    earlier = Earlier.of(hand)
    got = decode(deal_code(hand, earlier))
    assert got.earlier == earlier and same_deal(got.hand, hand)
    again = got.replayed()
    for _seat, text in hand.history:
        again.apply(text)
    assert Earlier.of(again) == earlier  # the same cards played the same way: the same result
    assert earlier.change == tuple(hand.side_score_change())


def test_typical_sizes(capsys):
    """The size of the codes of the hands of random matches (the issue note quotes these)."""
    rows = []
    for game in GAMES:
        deal, earlier, record = [], [], []
        for seed in range(8):
            match, rng = Match(game, seed=seed), random.Random(seed)
            while not match.over and len(match.finished) < 10:
                hand = match.hand
                while not hand.is_over():
                    hand.apply(rng.choice(hand.legal_actions()))
                deal.append(len(deal_code(hand)))
                earlier.append(len(deal_code(hand, Earlier.of(hand))))
                record.append(len(record_code(hand)))
                match.next_hand()
        rows.append(f"{game:>8}: deal code {min(deal)}-{max(deal)} chars (median {statistics.median(deal):.0f}), "
                    f"with its result {statistics.median(earlier):.0f}; record code of the whole hand "
                    f"{min(record)}-{max(record)} (median {statistics.median(record):.0f}); {len(deal)} hands")
        assert max(deal) <= 60 and max(earlier) <= 70 and max(record) <= 100
    with capsys.disabled():
        print("\n    " + "\n    ".join(rows))


# ---- refusals ------------------------------------------------------------------------------------

def refused(code, kind=None) -> CodeError:
    with pytest.raises(CodeError) as caught:
        decode(code)
    assert isinstance(caught.value, ValueError) and str(caught.value)
    if kind:
        assert caught.value.kind == kind, caught.value
    return caught.value


@fuzz(300)
@given(st.text(max_size=120) | st.binary(max_size=120).map(lambda b: b.decode("latin-1")))
def test_random_text_is_refused_cleanly(text):
    refused(text)


@fuzz(300)
@given(game=st.sampled_from(sorted(GAMES)), body=st.text(alphabet=codes.DIGITS, min_size=1, max_size=90))
def test_random_bodies_with_a_valid_check_are_refused_or_read_as_a_real_hand(game, body):
    code = codes.reseal(f"{game}.{codes.VERSION}{body}" + "AAAA")
    try:
        got = decode(code)
    except CodeError as err:
        assert err.kind in ("format", "content"), err
        return
    # what decodes is a real hand, written back the same way
    again = record_code(got.replayed()) if got.is_record else deal_code(got.hand, got.earlier)
    assert again == code


@fuzz(200)
@given(seed=st.integers(0, 2**32), where=st.integers(0, 10**6), char=st.sampled_from(codes.DIGITS))
def test_a_changed_character_is_refused(seed, where, char):
    rng = random.Random(seed)
    game = rng.choice(sorted(GAMES))
    code = record_code(random_hand(GAMES[game], rng))
    at = len(game) + 1 + where % (len(code) - len(game) - 1)
    if code[at] == char:
        return
    refused(code[:at] + char + code[at + 1:])


class Untouchable(str):
    """A text that fails if anything but its length is asked of it."""

    def __getattribute__(self, name):
        raise AssertionError(f"the code was read ({name}) before its length was checked")


def test_a_long_text_is_refused_before_it_is_read():
    err = refused(Untouchable("304." + "A" * 10_000_000), "format")
    assert str(codes.MAX_CODE_CHARS) in str(err) and "10000004" in str(err) and len(str(err)) < 200


def test_refusals_name_the_problem():
    code = deal_code(GAMES["28"].deal(5))
    assert "check" in str(refused(code[:-1] + ("B" if code[-1] != "B" else "C"), "check"))
    assert "another version" in str(refused(codes.reseal("28.2" + code[4:]), "version"))
    assert "bridge" in str(refused(codes.reseal("bridge." + code[3:]), "game"))
    assert "not a Trick Table code" in str(refused("28.1@@@@@@", "format"))
    assert str(refused(codes.reseal("28." + codes.VERSION + "A" + code[4:]), "format"))  # a leading zero
    for wrong in (None, 28, b"28.1AAAA", ["28.1"]):
        refused(wrong, "format")
    # a record code with an earlier result is never written, so never read
    assert "earlier" in str(refused(codes.reseal("28.1D" + "AAAA"), "content"))  # D: both flags set
    assert "more in it" in str(refused(codes.reseal(code[:4] + "_" * 30 + code[4:]), "content"))


def test_white_space_around_a_code_is_ignored():
    hand = GAMES["schieber"].deal(3, first_hand=True)
    code = deal_code(hand)
    assert same_deal(decode(f"  {code}\n").hand, hand)


def test_a_record_code_of_a_record_replays_it_and_refuses_an_illegal_one():
    rec = random_record("304", 11)
    got = decode(codes.code_from_record(rec))
    assert got.record() == rec
    assert list(decode(codes.code_from_record(rec, 3)).actions) == [tuple(a) for a in rec["actions"][:3]]
    broken = json.loads(json.dumps(rec))
    broken["actions"][2][1] = "bid 999"
    with pytest.raises(ValueError, match="Bids run from"):
        codes.code_from_record(broken)


def test_captions_are_one_clean_line():
    assert codes.clean_caption("  Watch\tthe\n\ntrumper  reveal ") == "Watch the trumper reveal"
    assert codes.clean_caption("evil\u202etxt.exe\x00\x1b[2J") == "eviltxt.exe[2J"
    assert codes.clean_caption("ශ්\u200dරී") == "ශ්\u200dරී"  # a joiner Sinhala needs stays
    long = codes.clean_caption("x" * 1000)
    assert len(long) == codes.CAPTION_CHARS and long.endswith("…")
    assert codes.clean_caption(None) == ""


def test_links_quote_their_values():
    url = codes.link("https://rules.example/play/index.html?old=1#x", record="28.1abc", step=4, mode="play",
                     autoplay=False, caption="Lead the Jack & see")
    assert url == "https://rules.example/play/index.html?record=28.1abc&step=4&mode=play&caption=Lead%20the%20Jack%20%26%20see"


# ---- python -m game.engine link -----------------------------------------------------------------

def run_main(*args) -> tuple[int, str]:
    buf = StringIO()
    with redirect_stdout(buf):
        code = main(list(args))
    return code, buf.getvalue()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_link_command_prints_a_link_the_page_reads(tmp_path, game):
    rec = random_record(game, 2)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    status, out = run_main("link", str(path), "--step", "5", "--mode", "watch", "--autoplay",
                           "--caption", "Look at trick one")
    assert status == 0 and out.startswith(codes.DEFAULT_BASE + "?record=") and out.count("\n") == 1
    settings, notices = parse(out.strip())
    assert notices == []
    assert (settings.step, settings.mode, settings.autoplay, settings.caption) == (5, "watch", True, "Look at trick one")
    assert decode(settings.record).record() == rec

    status, out = run_main("link", str(path), "--step", "5", "--mode", "play", "--base", "https://rules.example/tt/")
    assert status == 0 and out.startswith("https://rules.example/tt/?record=")
    settings, _ = parse(out.strip())
    assert settings.mode == "play" and list(decode(settings.record).actions) == [tuple(a) for a in rec["actions"][:5]]


@pytest.mark.parametrize("args, words", [
    (("link",), "one record file"),
    (("link", "{path}", "--mode", "peek"), "watch or play"),
    (("link", "{path}", "--step", "-1"), "whole number"),
    (("link", "{path}", "--step", "999"), "after the record's last action"),
    (("link", "{path}", "--base", "javascript:alert(1)"), "http(s) address"),
    (("link", "{path}", "--step"), "needs a value"),
    (("link", "{path}", "--autoplay", "--autoplay"), "twice"),
    (("link", "{path}", "--frobnicate"), "unexpected argument"),
    (("link", "{missing}"), "cannot read"),
])
def test_the_link_command_refuses_with_the_error_object(tmp_path, args, words):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(random_record("28", 1)), encoding="utf-8")
    args = [a.format(path=path, missing=tmp_path / "none.json") for a in args]
    status, out = run_main(*args)
    assert status == 2
    error = json.loads(out)["error"]
    assert words in error["reason"], error


def test_the_link_command_refuses_an_illegal_record(tmp_path):
    rec = random_record("400", 1)
    rec["actions"][0][1] = "bid 99"
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    status, out = run_main("link", str(path))
    assert status == 2 and json.loads(out)["ok"] is False


PUBLISHED = json.loads((Path(__file__).parent / "data" / "published_codes.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", [g for g in PUBLISHED if g != "_about"])
def test_published_codes_still_open_the_same_hands(game):
    """Codes made once and kept (rules websites put such links on their pages): each still
    opens the same deal, the same actions and, replayed, the same result.  A new code format
    may come, but links already out there must keep reading as they did."""
    kept = PUBLISHED[game]
    record = kept["record"]
    dealt = decode(kept["deal_code"])
    assert not dealt.is_record and dealt.actions == ()
    assert {k: v for k, v in dealt.record().items() if k != "actions"} == {
        k: v for k, v in record.items() if k != "actions"}
    whole = decode(kept["record_code"])
    assert whole.is_record and whole.record() == record
    assert whole.replayed().result() == kept["result"]
    part = decode(kept["partial_code"])
    assert [list(a) for a in part.actions] == record["actions"][:kept["partial_steps"]]
