"""The test harness: driving the app without a person (``driver``) and measuring what a phone
shows (``sizes``).  Used by the tests, the tools and the frame benchmark; not part of the game
(the web build ships ``main.py``, ``game/`` and ``assets/`` only)."""
