"""Learn by playing: the guided first hands.

``lesson`` holds each game's lesson (fixed cards, every step, its captions) and the session that
plays one at the table; ``note`` is the panel the table shows with the step's caption and "Go on"."""
