"""Dealing sampled cards to slot groups: each group a count and a mask of allowed cards."""

from __future__ import annotations

import random

from ..engine.cards import cards_in, mask_of


def pick(mask: int, n: int, rng: random.Random) -> list[int]:
    """``n`` distinct random cards of ``mask`` (the first ``n`` steps of a Fisher-Yates shuffle,
    drawn with ``random()``: several times cheaper than ``rng.sample``)."""
    cards = cards_in(mask)
    rnd = rng.random
    size = len(cards)
    for i in range(n):
        j = i + int(rnd() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]
    del cards[n:]
    return cards


def hall_ok(groups, pool: int) -> bool:
    """Whether cards of ``pool`` can still be dealt to every group (Hall's condition)."""
    need: dict[int, int] = {}
    for n, allowed, *_ in groups:
        m = allowed & pool
        if n and m != pool:  # a group that may take any card never makes the deal fail
            need[m] = need.get(m, 0) + n
    masks, demand = list(need), list(need.values())
    union, total = [0] * (1 << len(masks)), [0] * (1 << len(masks))
    for s in range(1, 1 << len(masks)):
        low = s & -s
        i = low.bit_length() - 1
        union[s] = union[s ^ low] | masks[i]
        total[s] = total[s ^ low] + demand[i]
        if union[s].bit_count() < total[s]:
            return False
    return sum(g[0] for g in groups) <= pool.bit_count()


QUICK_TRIES = 3  # deals tried without looking ahead before the careful way


def deal_quickly(groups: list, order: list[int], pool: int, rng: random.Random) -> list[list[int]] | None:
    """Random cards for every group, in ``order``, without looking ahead: None if a group
    is left without enough allowed cards (or cards its ``ok`` accepts)."""
    out: list = [None] * len(groups)
    for g in order:
        n, allowed, *extra = groups[g]
        free = allowed & pool
        if extra and n:
            ok, got = extra[0], []
            for c in pick(free, free.bit_count(), rng):
                if ok(c, got):
                    got.append(c)
                    if len(got) == n:
                        break
            if len(got) < n:
                return None
        elif free.bit_count() < n:
            return None
        else:
            got = pick(free, n, rng)
        out[g] = got
        pool &= ~mask_of(got)
    return out


def fill(groups: list, pool: int, rng: random.Random) -> list[list[int]] | None:
    """Cards for every group (count, allowed mask[, ok]) from ``pool``, tightest group first.

    ``ok(card, cards so far)``, when given, must accept each card of the group (dealt one by one).

    A few quick deals are tried first (``deal_quickly``: a deal that gets stuck is dropped
    whole, so the deals kept are as random as the careful ones).  Then, the careful way: each
    group's pick is kept only if the groups still to deal can be served (``hall_ok``), so a
    consistent observation never gets stuck.  Returns the cards per group in the groups'
    order, or None when there is no way.
    """
    order = sorted(range(len(groups)), key=lambda i: (len(groups[i]) == 2, (groups[i][1] & pool).bit_count() - groups[i][0]))
    for _ in range(QUICK_TRIES):
        out = deal_quickly(groups, order, pool, rng)
        if out is not None:
            return out
    if not hall_ok(groups, pool):
        return None
    out = [None] * len(groups)
    left = order
    while left:
        g = left.pop(0)
        n, allowed, *extra = groups[g]
        ok = extra[0] if extra else None
        rest = [groups[i] for i in left]
        got = None
        for _ in range(0 if ok else 8):
            cand = pick(allowed & pool, n, rng)
            if hall_ok(rest, pool & ~mask_of(cand)):
                got = cand
                break
        if got is None:  # card by card, each one checked, in one random order of the cards
            got = []
            order = pick(allowed & pool, (allowed & pool).bit_count(), rng)
            for _ in range(n):
                c = next((c for c in order if pool >> c & 1 and (ok is None or ok(c, got))
                          and hall_ok([(n - len(got) - 1, allowed & ~(1 << c))] + rest, pool & ~(1 << c))), None)
                if c is None:
                    return None
                got.append(c)
                pool &= ~(1 << c)
        out[g] = got
        pool &= ~mask_of(got)
    return out
