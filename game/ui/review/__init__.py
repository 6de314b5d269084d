"""The hand review: a finished (or partial) hand record stepped through with every hand face up.

``hand`` replays the record into the positions the review shows and puts each into words;
``view`` places and draws one position on the canvas.  The scene that opens it is
``game.ui.scenes.review``."""
