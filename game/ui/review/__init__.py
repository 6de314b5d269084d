"""The hand review: a finished (or partial) hand record stepped through with every hand face up.

``hand`` replays the record into the positions the review shows and puts each into words;
``layout`` places one position on the review's regions (every panel, card and line of text, measured
through the kit); ``view`` draws those placements.  The scene that opens it is
``game.ui.scenes.review``."""
