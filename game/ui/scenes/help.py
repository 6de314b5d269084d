"""How to play with a finger, a mouse and the keyboard: what a tap does to a card, confirming a
decision, the trick that waits for a tap, the last trick, and every key."""

from __future__ import annotations

from game.i18n import _

from ..reading import ReadingScene


class HelpScene(ReadingScene):
    name = "help"

    def page_title(self):
        return _("How to play")

    def parts(self):
        return [
            (_("Your turn"), _("The line above your cards says what to do. Cards you cannot play now are dimmed; "
                               "a tap on one says which rule forbids it. Hint suggests a move and says why.")),
            (_("With a finger"), _("Tap a card to raise it, then tap it again, or swipe it up, to play it. A bid, "
                                   "a pass or a call is confirmed the same way: tap its button, then tap it again. "
                                   "One-tap play in the settings plays at the first tap.")),
            (_("The trick"), _("The card led is marked. A finished trick goes to its winner after a moment; "
                               "a tap takes it sooner (the settings can keep it until you tap). Last trick "
                               "shows the trick before; a tap closes it.")),
            (_("With a mouse"), _("A click plays a card or presses a button at once; a card dragged upwards is "
                                  "played too.")),
            (_("With the keyboard"), _("Left and right choose a card, Enter or Space plays it. In the auction, type "
                                       "a bid's digits or step with left and right, then Enter. Tab and the up and "
                                       "down arrows move between buttons. L shows the last trick. Escape opens the "
                                       "game menu: rules, this help, the settings, leaving the match.")),
            (_("The score"), _("After each hand a sentence says what happened, and the rows below it add up to "
                               "the score: the points taken, what counts extra, then the total.")),
        ]
