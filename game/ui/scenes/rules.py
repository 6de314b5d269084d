"""The rules of each game in our own words, with its rule options, readable on a phone; opened
from the table at the part for what is happening there (the auction, the trump, the play)."""

from __future__ import annotations

from game.engine import game_class
from game.i18n import _

from .. import direction
from ..games import game_ui
from ..names import game_name, game_order, option_label, option_value_text
from ..reading import ReadingScene
from ..widgets import Button


class RulesScene(ReadingScene):
    name = "rules"

    def __init__(self, app, game, phase=None):
        """``phase``: the table's phase; the rules open at its part (the game class says which)."""
        super().__init__(app)
        self.game = game
        self.phase = phase

    def shot_key(self):
        return f"rules-{self.game}"

    def top_widgets(self, panel):
        lay = self.layout
        gap = lay.gap
        games = game_order()
        tab_w = (panel.width - 2 * lay.margin - (len(games) - 1) * gap) // len(games)
        y = panel.top + lay.margin
        tabs = [Button((panel.left + lay.margin + i * (tab_w + gap), y, tab_w, lay.touch),
                       game_ui(g).short_title, lambda g=g: self.select(g), lay.small,
                       primary=g == self.game) for i, g in enumerate(games)]
        direction.flip_widgets(tabs, panel)  # the tabs in reading order
        return tabs, y + lay.touch + gap

    def buttons(self):
        return [(_("Glossary"), self.glossary, False), (_("Back"), self.back, True)]

    def glossary(self):
        self.app.go("glossary")

    def build(self):
        first = self.page is None
        super().build()
        if first and self.phase:
            self.show_part(self.part_for(self.phase))

    def part_for(self, phase) -> int:
        """The index of the part about ``phase`` (its heading, from the game class), else 0."""
        heading = game_class(self.game).rules_section(phase)
        english = [h for h, _p in game_class(self.game).rules_text()]
        return english.index(heading) if heading in english else 0

    def select(self, game):
        self.game, self.scroll, self.phase = game, 0, None
        self.build()

    def page_title(self):
        return game_name(self.game)

    def parts(self):
        hand_cls = game_class(self.game)
        parts = [(_(h), _(p)) for h, p in hand_cls.rules_text()]
        opts = hand_cls.OPTIONS
        if opts:
            text = "\n".join(f"• {option_label(o)}: {_(o.description)} "
                             + _("(default: {value})").format(value=option_value_text(o, o.default)) for o in opts)
            parts.append((_("Options"), text))
        return parts

    def key(self, ev):
        step = direction.arrow_step(ev.key)
        if step:  # left/right: the next tab in reading order
            games = game_order()
            i = games.index(self.game) + step
            self.select(games[i % len(games)])
        else:
            super().key(ev)
