"""Settings: the table's contrast, grain and colour temperature (seen live behind
the panel), four-colour deck, animation speed, sound, language and hints."""

from __future__ import annotations

from game.i18n import LANGUAGES, N_, NC_, _, language, pgettext

from ..form import FormScene
from ..names import JASS_DECKS
from ..storage import DEFAULT_SETTINGS
from ..widgets import ResetRow, Slider, Stepper, Toggle

SPEEDS = {0.5: NC_("animation speed", "Slow"), 1.0: NC_("animation speed", "Normal"),
          2.0: NC_("animation speed", "Fast"), 4.0: NC_("animation speed", "Very fast")}


JASS_DECK_NAMES = {"swiss": N_("Swiss-German suits"), "french": N_("French suits")}
TRICK_WAITS = (0.0, 0.6, 1.2, 2.0, 3.0, 5.0)  # seconds; 0: until the player taps


def seconds_text(seconds: float) -> str:
    """A number of seconds as the language writes it: "1 second", "1.2 seconds", "1,2 Sekunden"."""
    if seconds == int(seconds):
        n = int(seconds)
        return _("1 second") if n == 1 else _("{n} seconds").format(n=n)
    number = f"{seconds:.1f}".replace(".", pgettext("decimal separator", "."))
    return _("{n} seconds").format(n=number)


def trick_wait_text(seconds: float) -> str:
    return _("until you tap") if not seconds else seconds_text(seconds)


class SettingsScene(FormScene):
    name = "settings"
    width_share = 0.6

    def build(self):
        self.title = _("Settings")
        s = self.app.settings
        card_h = self.app.art("french").height(self.preview_width())
        self.start_rows(top_extra=card_h + 16)
        self.sliders = {key: self.add_row(Slider, label, s[key], self.setter(key))
                        for key, label in (("contrast", _("Table contrast")), ("grain", _("Table grain")),
                                           ("temperature", _("Colour temperature")))}
        self.add_row(ResetRow, _("The table as it came"), _("Reset"), self.reset_look,
                     note=_("Contrast, grain and colour temperature back to their first values."))
        self.add_row(Toggle, _("Four-colour deck"), s["four_colour"], self.setter("four_colour"),
                     note=_("Diamonds blue and clubs green, so every suit has its own colour."))
        decks = list(JASS_DECKS)
        self.add_row(Stepper, _("Schieber's cards"), decks, decks.index(s["jass_deck"]), self.setter("jass_deck"),
                     shown=lambda d: _(JASS_DECK_NAMES[d]),
                     note=_("The Swiss-German deck, or the French-suited Jass deck played in the Romandie: "
                            "the same game, with its own suit names."))
        speed = min(SPEEDS, key=lambda v: abs(v - float(s["anim_speed"])))
        self.add_row(Stepper, _("Animation speed"), list(SPEEDS), list(SPEEDS).index(speed),
                     self.setter("anim_speed"), shown=lambda v: pgettext("animation speed", SPEEDS[v]))
        self.add_row(Toggle, _("Sound"), s["sound"], self.setter("sound"))
        codes = list(LANGUAGES)
        self.add_row(Stepper, _("Language"), codes, codes.index(language()),
                     self.setter("language"), shown=lambda c: LANGUAGES[c])
        self.add_row(Toggle, _("Hints"), s["hints"], self.setter("hints"),
                     note=_("A Hint button at the table suggests a move and says why."))
        self.add_row(Toggle, _("One-tap play"), s["one_tap"], self.setter("one_tap"),
                     note=_("A tap plays a card or takes a decision at once. Off: the first tap raises the card "
                            "or marks the button, a second tap confirms."))
        waits = list(TRICK_WAITS)
        wait = min(waits, key=lambda v: abs(v - float(s["trick_wait"])))
        self.add_row(Stepper, _("A finished trick stays"), waits, waits.index(wait), self.setter("trick_wait"),
                     shown=trick_wait_text)
        self.widgets += self.button_row([(_("Done"), self.back, True)])
        self.focus = len(self.widgets) - 1

    def reset_look(self):
        """The three sliders back to their defaults (the table behind the panel changes with them)."""
        for key, slider in self.sliders.items():
            slider.value = float(DEFAULT_SETTINGS[key])
            self.app.settings[key] = DEFAULT_SETTINGS[key]
        self.app.settings_changed()

    def setter(self, key):
        def change(value):
            self.app.settings[key] = value
            self.app.settings_changed()
        return change

    def preview_width(self):
        return 70 if self.layout.portrait else 62

    def draw(self, surf):
        super().draw(surf)
        art = self.app.art("french")
        w = self.preview_width()
        panel = self.panel_rect()
        y = panel.top + self.layout.margin + self.layout.large + 16
        x0 = panel.centerx - 2 * (w + 10)
        for i, card in enumerate((0x0C, 0x1C, 0x2C, 0x3C)):  # the four aces
            surf.blit(art.face(card, w), (x0 + i * (w + 10), y))
