"""The kit's cheaper searches find what the plain ones did: ``kit.place.nearest_free`` the same box
as a sort of the whole grid by distance (the way it did before it merged the grid's columns
lazily), over many random placements; ``kit.place.slide`` the top ``least_hidden`` finds among
the same tops; ``kit.text.wrap_anywhere`` and ``kit.text.ellipsize`` the
same cuts as a search one character at a time (before they halved)."""

import random

import pygame

from game.ui.kit import place, text


def nearest_by_sorting(size, near, region, sights, step=16, reach=None):
    """The reference: every spot of the grid sorted by (squared distance, x, y), the first free one."""
    region = pygame.Rect(region)
    w, h = size
    if w > region.width or h > region.height:
        return None
    rects = [r for group in sights for r in group if r is not None and r.colliderect(region)]
    xs = list(range(region.left, region.right - w + 1, step)) + [region.right - w]
    ys = list(range(region.top, region.bottom - h + 1, step)) + [region.bottom - h]
    nx, ny = near[0] - w // 2, near[1] - h // 2
    dys = [((y - ny) * (y - ny), y) for y in ys]
    spots = sorted([(dx + dy, x, y) for x in xs for dx in ((x - nx) * (x - nx),) for dy, y in dys])
    for d, x, y in spots:
        if reach is not None and d > reach * reach:
            return None
        box = pygame.Rect(x, y, w, h)
        if box.collidelist(rects) < 0:
            return box
    return None


def random_case(rng):
    canvas = rng.choice([(720, 1558), (1558, 720), (390, 844), (200, 120)])
    region = pygame.Rect(rng.randrange(0, 40), rng.randrange(0, 80), 0, 0)
    region.size = (canvas[0] - region.left - rng.randrange(0, 40), canvas[1] - region.top - rng.randrange(0, 40))
    size = (rng.randrange(8, min(400, canvas[0] + 60)), rng.randrange(8, min(300, canvas[1] + 60)))
    sights = [[pygame.Rect(rng.randrange(-50, canvas[0]), rng.randrange(-50, canvas[1]),
                           rng.randrange(1, 400), rng.randrange(1, 300)) for _ in range(rng.randrange(0, 14))]
              for _ in range(rng.randrange(1, 4))]
    if rng.random() < 0.2:
        sights[0].append(None)
    near = (rng.randrange(-100, canvas[0] + 100), rng.randrange(-100, canvas[1] + 100))
    reach = rng.choice([None, None, 40, 120, 300, rng.randrange(0, 900)])
    step = rng.choice([16, 16, 7, 32])
    return size, near, region, sights, step, reach


def test_nearest_free_is_the_first_free_spot_of_the_sorted_grid():
    rng = random.Random(51)
    found = nothing = 0
    for _ in range(1500):
        size, near, region, sights, step, reach = random_case(rng)
        want = nearest_by_sorting(size, near, region, sights, step, reach)
        got = place.nearest_free(size, near, region, sights, step, reach)
        assert got == want, (size, near, region, sights, step, reach)
        found += want is not None
        nothing += want is None
    assert found > 300 and nothing > 100  # both outcomes were tried


def test_spots_come_in_sorted_order_ties_included():
    xs, ys = [0, 16, 32, 48, 48], [0, 10, 20, 20]  # a repeated last column and row, as the grid has
    got = list(place.spots_by_distance(xs, ys, 24, 10))
    assert got == sorted(((x - 24) ** 2 + (y - 10) ** 2, x, y) for x in xs for y in ys)


def slide_by_least_hidden(box, region, sights):
    """The reference: ``least_hidden`` asked about every top ``slide`` tries, as it did before it
    worked the areas out itself."""
    box = pygame.Rect(box)
    lowest = max(region.top, region.bottom - box.height)
    rects = [r for group in sights for r in group]
    edges = [r.bottom + gap for r in rects for gap in (8, 0)] + [r.top - gap - box.height for r in rects for gap in (8, 0)]
    tops = sorted({region.top, lowest} | {t for t in edges if region.top <= t <= lowest})
    return place.least_hidden(box.size, [("topleft", (box.left, top)) for top in tops], sights).top


def test_slide_finds_the_top_least_hidden_finds():
    rng = random.Random(54)
    free = hidden = 0
    for _ in range(1500):
        size, _near, region, sights, _step, _reach = random_case(rng)
        sights = [[r for r in group if r is not None] for group in sights]
        if rng.random() < 0.4:  # on a coarse grid: places that hide as much as each other (ties)
            sights = [[pygame.Rect(r.left // 40 * 40, r.top // 40 * 40, 40 * rng.randrange(1, 4), 40)
                       for r in group] for group in sights]
            size = (size[0] // 40 * 40 + 40, size[1])
        box = pygame.Rect(rng.randrange(region.left - 20, region.right), region.top, *size)
        if rng.random() < 0.3:  # in the way at every top: the least hidden places tie
            sights[0].append(pygame.Rect(box.left + rng.randrange(0, 30), region.top - 10, 30, region.height + 20))
        if rng.random() < 0.2:  # rects of no or negative size, as a layout may make, cover nothing
            sights[-1].append(pygame.Rect(box.left + 4, rng.randrange(region.top, region.bottom),
                                          rng.randrange(-10, 30), rng.randrange(-90, 10)))
        want = slide_by_least_hidden(box, region, sights)
        assert place.slide(box, region, sights) == want, (box, region, sights)
        box.top = want
        cost = place.covers(box, sights)
        free += not any(cost)
        hidden += any(cost)
    assert free > 300 and hidden > 300  # both outcomes were tried


def wrap_anywhere_one_at_a_time(s, size, room, bold=False):
    out = []
    for line in text.wrap(s, size, room, bold):
        while text.width(line, size, bold) > room and len(line) > 1:
            n = len(line) - 1
            while n > 1 and text.width(line[:n], size, bold) > room:
                n -= 1
            out.append(line[:n])
            line = line[n:]
        out.append(line)
    return tuple(out)


def test_wrap_anywhere_cuts_where_a_search_one_character_at_a_time_did():
    rng = random.Random(7)
    codes = ["304-" + "".join(rng.choice("ABCDEFGHJKMNPQRSTUVWXYZ23456789") for _ in range(rng.randrange(8, 60)))
             for _ in range(30)]
    codes += ["Deal code: 28-K7QX2M4PZ8RT5W", "https://example.org/play#deal=400-AB12CD34EF56GH78", "W" * 40, "i"]
    for s in codes:
        for size in (14, 22, 31):
            for room in (3, 40, 97, 180, 333):
                assert text.wrap_anywhere(s, size, room) == wrap_anywhere_one_at_a_time(s, size, room), (s, size, room)


def ellipsize_one_at_a_time(s, size, room, bold=False):
    if text.width(s, size, bold) <= room:
        return s
    while len(s) > 1 and text.width(s + text.ELLIPSIS, size, bold) > room:
        s = s[:-1]
    return s.rstrip(" ·") + text.ELLIPSIS


def test_ellipsize_cuts_where_a_search_one_character_at_a_time_did():
    rng = random.Random(11)
    words = ["North", "bids", "20", "·", "trump", "hidden", "Schieber", "Weis", "+50", "Us 11", "Them 31", "—"]
    lines = [" ".join(rng.choice(words) for _ in range(rng.randrange(1, 12))) for _ in range(40)]
    lines += ["", "x", "Ünterlinde · Ästhetik", "ஆட்டம் முடிந்தது", "اللاعب الشمالي", "W" * 30]
    for s in lines:
        for size, bold in ((14, False), (22, True), (31, False)):
            for room in (0, 5, 40, 97, 180, 333, 900):
                assert text.ellipsize(s, size, room, bold) == ellipsize_one_at_a_time(s, size, room, bold), (s, room)
