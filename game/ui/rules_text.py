"""Each game's rules in our own words (from shared/rules/DECISIONS.md), as
(heading, paragraph) pairs.  Marked with N_ so catalogs pick them up; shown
through _()."""

from game.i18n import N_

COMMON = (
    N_("Seats"),
    N_("Four players in two partnerships: you and the player opposite you against the two others. "
       "Dealing, bidding and play go counter-clockwise: after you comes the player on your right. "
       "The player after the dealer is forehand, and the deal moves on by one seat every hand."),
)

RULES = {
    "304": [
        COMMON,
        (N_("Cards"), N_("32 cards, 7 to Ace. In every suit the order from high to low is J 9 A 10 K Q 8 7. "
                         "Points: Jack 30, Nine 20, Ace 11, Ten 10, King 3, Queen 2; 304 in the pack.")),
        (N_("Dealing"), N_("Everyone gets four cards, the auction is held on those four, then four more "
                           "each. If forehand's first four cards are worth less than 15 points, forehand "
                           "may ask for a redeal by the same dealer.")),
        (N_("Auction"), N_("Forehand speaks first. Bids go in tens from 160 to 300, each higher than the "
                           "last. A pass is final. When you pass while your partner is still in, you may "
                           "call Partner!: it changes no rule but asks your partner to keep bidding for "
                           "your side. The auction ends when all but the highest bidder have passed; if "
                           "all four pass, the hand is thrown in.")),
        (N_("Trump"), N_("The highest bidder, the trumper, lays one of the four cards face down: its "
                         "suit is trump, and only the trumper knows it. The card stays out of the "
                         "trumper's hand and does not count for following suit until trump is revealed.")),
        (N_("Play"), N_("Forehand leads. Follow suit if you can. While trump is hidden, a player who "
                        "cannot follow plays a card face down. When the trick is complete the trumper "
                        "looks at the face-down cards: if one is a trump, trump is revealed and the "
                        "highest trump wins; the others stay hidden and still count. The trumper may also "
                        "reveal trump at their own turn. Once revealed, trump beats every other suit.")),
        (N_("Scoring"), N_("Each side counts the points in its tricks. The trumpers win if they reach "
                           "their bid. Each side starts with tokens: a made bid takes 1 token from the "
                           "other side below 200, 2 from 200, 3 from 250; a failed bid pays one more. "
                           "The match ends when one side has all the tokens.")),
    ],
    "28": [
        COMMON,
        (N_("Cards"), N_("32 cards, 7 to Ace, ranked J 9 A 10 K Q 8 7 in every suit. Points: Jack 3, "
                         "Nine 2, Ace 1, Ten 1; 28 in the pack.")),
        (N_("Auction"), N_("Four cards each, then the auction from forehand: bids from 14 to 28, each "
                           "higher than the last; a pass is final. The auction ends when all but the "
                           "highest bidder have passed. If all four pass, the hand is thrown in.")),
        (N_("Trump card"), N_("The bidder lays one of the four cards face down: its suit is trump. Then "
                              "everyone gets four more cards. The face-down card cannot be played until "
                              "trump is revealed, unless it is the bidder's last card.")),
        (N_("Play"), N_("Forehand leads; follow suit. A player who cannot follow may call Trump!: the "
                        "bidder shows the trump card and takes it back, and the caller must play a trump "
                        "if they hold one. Without the call you discard any card, and a trump discarded "
                        "that way does not win the trick. From the reveal on, trumps beat every other suit.")),
        (N_("Scoring"), N_("If the bidders take at least their bid in points, their side wins a game "
                           "point; otherwise it loses one (scores can go below zero). The first side to "
                           "6 game points wins the match.")),
    ],
    "400": [
        COMMON,
        (N_("Cards"), N_("52 cards, Ace high. Hearts are always trump. Everyone gets 13 cards.")),
        (N_("Bidding"), N_("Each player bids once, from forehand to the dealer: the number of tricks they "
                           "will take on their own, up to 13. There is no pass. Your lowest bid depends "
                           "on your score: 2 below 30 points, 3 from 30, 4 from 40, 5 from 50. The four "
                           "bids must add up to at least 11, or the hand is thrown in.")),
        (N_("Play"), N_("Forehand leads. Follow suit if you can, otherwise play any card. The highest "
                        "heart wins the trick, else the highest card of the suit led. Everyone keeps "
                        "their own tricks.")),
        (N_("Scoring"), N_("Each player scores alone: take at least your bid and you win its value, "
                           "otherwise you lose it. Bids of 2 to 4 are worth their number, 5 is worth 10, "
                           "6 is 12, 7 is 14, 8 is 16, 9 is 27, 10 is 30, 11 is 33, 12 is 36; from 30 "
                           "points on, bids of 5 and 6 are worth just 5 and 6. A bid of 13 decides the "
                           "match: all 13 tricks win it, anything less loses it.")),
        (N_("Winning"), N_("A side wins when one partner has 41 points or more and the other is above "
                           "zero. If both sides get there in the same hand, the higher total wins.")),
    ],
    "schieber": [
        COMMON,
        (N_("Cards"), N_("36 Swiss cards in four suits: Eicheln, Rosen, Schilten and Schellen; ranks 6, "
                         "7, 8, 9, Banner, Under, Ober, König, Ass. Nine cards each, dealt in threes.")),
        (N_("The contract"), N_("Forehand chooses: one suit as trump, Obenabe (no trump, high wins) or "
                                "Undenufe (no trump, low wins). Or forehand pushes (schieben) and the "
                                "partner must choose. In the first hand the holder of Rosen 7 is "
                                "forehand. Eicheln and Rosen count once, Schilten and Schellen twice, "
                                "Obenabe three times, Undenufe four times.")),
        (N_("Order and points"), N_("Plain suits: Ass, König, Ober, Under, Banner, 9 down to 6 (reversed "
                                    "in Undenufe). Trump: Under (the Puur), 9 (the Nell), then Ass, "
                                    "König, Ober, Banner, 8, 7, 6. Points: Ass 11, Banner 10, König 4, "
                                    "Ober 3, Under 2; the trump Under 20 and trump 9 14; in Obenabe and "
                                    "Undenufe every 8 is worth 8. The last trick adds 5: 157 in all, or "
                                    "257 for the side that takes every trick.")),
        (N_("Play"), N_("Forehand leads. Follow suit, but a trump may always be played. You may not play "
                        "a lower trump than one already in the trick unless you hold only trumps. When "
                        "trump is led you must follow with trump, except that the Puur may be kept back.")),
        (N_("Weis and Stöck"), N_("Melds are announced with your first card: three in a row 20, four 50, "
                                  "five or more 100; four Aces, Kings, Obers or Banners 100; four Unders "
                                  "200. Only the side with the best single Weis scores, all of its Weis. "
                                  "Holding König and Ober of trump (Stöck) scores 20.")),
        (N_("Winning"), N_("All points are multiplied by the contract and count as they come. The first "
                           "side to reach 3000 wins at once; a loser below 1500 is Schneider.")),
    ],
}
