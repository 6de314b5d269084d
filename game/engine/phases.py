"""The phases of a hand, by the names the engine gives them (``Observation.phase``).

Other layers compare a phase with these names, never with a string written out.  A game uses
the ones it has; ``PLAY`` and ``OVER`` every game has.
"""

REDEAL = "redeal"        # a seat may ask for a new deal (304: forehand; 400: no face card)
AUCTION = "auction"      # bids and passes
INDICATOR = "indicator"  # 304, 28: the trumper lays the trump indicator face down
DOUBLE = "double"        # 28: the defenders may double, the bidder redouble
CAPS = "caps"            # 304: the trumper may claim every trick
CONTRACT = "contract"    # Schieber: forehand chooses the contract or pushes
PLAY = "play"            # cards are played
OVER = "over"            # the hand is over

ALL = (REDEAL, AUCTION, INDICATOR, DOUBLE, CAPS, CONTRACT, PLAY, OVER)
