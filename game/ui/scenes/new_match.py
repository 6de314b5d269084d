"""A new match: the game's rule options from the engine's Option data (defaults
shown), the AI level and the match length."""

from __future__ import annotations

import random

from game.engine import game_class
from game.i18n import _

from ..form import FormScene
from ..names import game_name, option_label, option_value_text
from ..players import LEVELS, level_name
from ..session import Session
from ..widgets import Stepper, Toggle


class NewMatchScene(FormScene):
    name = "new-match"

    def __init__(self, app, game, options=None, level=None, seed=None):
        """``options``, ``level`` and ``seed`` preset the form (e.g. from the page's URL)."""
        super().__init__(app)
        self.game = game
        self.options = {o.name: o.default for o in game_class(game).OPTIONS}
        self.options.update({k: v for k, v in (options or {}).items() if k in self.options})
        self.level = level or app.settings["ai_level"]
        self.seed = seed
        self.title = _("New match: {game}").format(game=game_name(game))

    def build(self):
        self.start_rows()
        hand_cls = game_class(self.game)
        opts = {o.name: o for o in hand_cls.OPTIONS}
        length = opts.get(hand_cls.MATCH_LENGTH)  # first, as "Match length"
        if length is not None:  # a length, never an on/off switch (Schieber: 2500 table or 3000 points)
            self.option_row(length, _("Match length"), choice=True)
        self.add_row(Stepper, _("AI level"), LEVELS, LEVELS.index(self.level) if self.level in LEVELS else 1,
                     self.set_level, shown=level_name,
                     note=_("How carefully the other three players think."))
        for opt in opts.values():
            if opt is not length:
                self.option_row(opt)
        self.widgets += self.button_row([(_("Back"), self.back, False), (_("Rules"), self.rules, False),
                                         (_("Start"), self.start, True)])
        self.focus = len(self.widgets) - 1

    def option_row(self, opt, label=None, choice=False):
        label = label or option_label(opt)
        note = _(opt.description) + "  " + _("Default: {value}.").format(value=option_value_text(opt, opt.default))
        value = self.options[opt.name]

        def change(v, name=opt.name):
            self.options[name] = v

        if isinstance(opt.default, bool) and not opt.choices and not choice:
            self.add_row(Toggle, label, value, change, note=note)
        else:
            values = list(opt.allowed())
            self.add_row(Stepper, label, values, values.index(value), change,
                         shown=lambda v, o=opt: option_value_text(o, v), note=note)

    def set_level(self, v):
        self.level = v

    def rules(self):
        self.app.go("rules", game=self.game)

    def start(self):
        app = self.app
        app.settings["game"], app.settings["ai_level"] = self.game, self.level
        app.store.save_settings()
        seed = self.seed if self.seed is not None else random.randrange(1 << 30)
        session = Session(self.game, self.options, seed, self.level, (0,), app.store)
        session.save()
        app.go("table", replace=True, session=session)
