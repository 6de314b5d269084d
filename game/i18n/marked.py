"""Messages the UI passes to ``_()`` through a variable (defined in modules that do not mark
them with ``N_``): listed here so extraction finds them.  Nothing imports this module."""

from game.i18n import N_

# game/ui/scenes/settings.py SPEEDS
N_("Slow"), N_("Normal"), N_("Fast"), N_("Very fast")
# game/ui/players.py LEVEL_NAMES
N_("Easy"), N_("Normal"), N_("Strong")
