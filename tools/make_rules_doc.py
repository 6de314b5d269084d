"""Write docs/rules.md from the game classes: the rules text the rules screen shows.

    python tools/make_rules_doc.py           # (re)write docs/rules.md
    python tools/make_rules_doc.py --check   # exit 1 if docs/rules.md differs from the classes

Each game's section is its class's ``rules_text()`` (``SEATING`` once, in the introduction,
then ``RULES``) and its ``OPTIONS`` with their defaults, in registry order, so a game added to
``GAMES`` gets its section without a change here.  tests/test_rules_doc.py runs the check.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import GAMES, Hand  # noqa: E402

DOC = ROOT / "docs" / "rules.md"
WIDTH = 96
USAGE = "usage: python tools/make_rules_doc.py [--check]"

INTRO = """\
<!-- Written by `python tools/make_rules_doc.py` from the game classes in game/engine/; edit
those and run it again. tests/test_rules_doc.py fails while this file is out of date. -->

# Our rules

Trick Table plays four partnership card games. This page is how we play them: the same text,
sentence for sentence, as the rules screen in the game (which shows it in the player's
language), followed by each game's rule options with their defaults.

## Where these rules come from

Players gave us the rules of each game as they play them, written down in German and Italian.
Those texts are our authority. Where they are silent, ambiguous or contradict themselves, we
decided, and the decision is written here as a rule like any other; where players really do
play a rule in different ways, it is an option, off unless the texts make it the rule. The text
lives in each game's class in `game/engine/` (`RULES`, and the descriptions of its `OPTIONS`),
next to the code that enforces it, so the engine, the rules screen and this page share one
source. When the engine refuses a move, the refusal names the rule that forbids it.
"""

SEATS_IN_NUMBERS = """\
In numbers, as in [hand records](records.md): seats 0 to 3, partners 0 and 2 (side 0) against
1 and 3 (side 1), seat 0 is you, and after seat `s` comes seat `(s + 1) % 4`. Every deal comes
from a seeded random generator: a game, its options and a seed name a deal, and dealing them
again gives the same cards.
"""

OPTIONS_NOTE = """\
The options of a match are chosen on the new-match screen before it starts. They are named here
as in hand records and URL parameters (`?game=28&target=7`); on/off options are `true`/`false`
in records and `1`/`0` in a URL, and a record's empty `options` means every default.
"""


def paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def value_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def values_text(option) -> str:
    """The values a numeric option takes: '6 or 7', '0, 10 or 11', '1 to 30'."""
    allowed = list(option.allowed())
    if len(allowed) > 3 and allowed == list(range(allowed[0], allowed[-1] + 1)):
        return f"{allowed[0]} to {allowed[-1]}"
    return ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}"


def option_item(option) -> str:
    values = "" if option.kind is bool else f"{values_text(option)}, "
    head = f"- `{option.name}` ({values}default {value_text(option.default)}): "
    return textwrap.fill(head + option.description, WIDTH, subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False)


def game_section(cls) -> str:
    also = f" (also {', '.join(f'`{a}`' for a in cls.ALIASES)})" if cls.ALIASES else ""
    parts = [f"## {cls.TITLE}", paragraph(f"*{cls.TAGLINE}* — its name in records and URLs: `{cls.GAME}`{also}.")]
    sections = cls.rules_text()
    if sections and sections[0] == Hand.SEATING:
        sections = sections[1:]  # the seats every game shares are in the introduction
    for heading, text in sections:
        parts += [f"### {heading}", paragraph(text)]
    if cls.OPTIONS:
        parts += ["### Options", "\n".join(option_item(o) for o in cls.OPTIONS)]
    return "\n\n".join(parts)


def render() -> str:
    """The whole of docs/rules.md."""
    heading, text = Hand.SEATING
    parts = [INTRO.rstrip(), f"## {heading}", paragraph(text), SEATS_IN_NUMBERS.rstrip(), OPTIONS_NOTE.rstrip()]
    parts += [game_section(cls) for cls in GAMES.values()]
    return "\n\n".join(parts) + "\n"


def main(argv: list[str], path: Path = DOC) -> int:
    if argv not in ([], ["--check"]):
        print(USAGE, file=sys.stderr)
        return 2
    text = render()
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if argv == ["--check"]:
        if current == text:
            return 0
        print(f"{path.name} does not say what the game classes say; run python tools/make_rules_doc.py",
              file=sys.stderr)
        return 1
    if current != text:
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: written ({text.count(chr(10))} lines)")
    else:
        print(f"{path.name}: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
