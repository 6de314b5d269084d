"""The Swiss words of Schieber Jass and the suits of both packs, each in one line."""

from __future__ import annotations

from game.i18n import _

from ..reading import ReadingScene


class GlossaryScene(ReadingScene):
    name = "glossary"

    def page_title(self):
        return _("Glossary")

    def parts(self):
        return [
            (_("Suits"), _("French cards: Spades ♠, Hearts ♥, Diamonds ♦, Clubs ♣. Swiss cards: Eicheln (acorns), "
                           "Rosen (roses), Schilten (shields), Schellen (bells).")),
            (_("Swiss cards"), _("Ass (A) is the Ace, König (K) the King, Ober (O) a mounted man above the Under "
                                 "(U), and Banner the Ten, a flag; then 9 down to 6.")),
            (_("French-suited Jass cards"), _(
                "The settings can show Schieber's cards as the French-suited Jass deck of the Romandie: "
                "Eicheln are {clubs}, Rosen {hearts}, Schilten {spades}, Schellen {diamonds}; the Under is the "
                "{jack}, the Ober the {queen}, the Banner the 10. The game and its multipliers stay the same.").format(
                clubs=_("Clubs"), hearts=_("Hearts"), spades=_("Spades"), diamonds=_("Diamonds"), jack=_("Jack"),
                queen=_("Queen"))),
            (_("Trump, Puur and Nell"), _("In a suit contract the Under of trump, the Puur, is the highest card "
                                          "and the 9 of trump, the Nell, the next.")),
            (_("Obenabe and Undenufe"), _("Two contracts without trump: in Obenabe high cards win (Ass first); "
                                          "in Undenufe low cards win (the 6 first).")),
            (_("Push"), _("Forehand may push the choice of contract to the partner, who must then choose.")),
            (_("Weis"), _("A meld in your hand: three or more cards in sequence in one suit, or four of a "
                          "kind (four 9s, 8s, 7s or 6s score nothing). It is shown with the first trick and "
                          "scores for the side with the best Weis.")),
            (_("Stöck"), _("König and Ober of trump in one hand: 20 points when the second of them is played, "
                           "or earlier if those 20 points win the match.")),
            (_("Match and Schneider"), _("Match: one side takes all nine tricks, 100 extra. Schneider: the losers "
                                         "end the match with less than half the target.")),
            (_("Multiplier"), _("Every point of a hand counts one to four times over, by the contract: the "
                                "hand result shows the points before and after.")),
        ]
