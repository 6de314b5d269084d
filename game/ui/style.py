"""Short names for the interface colours of ``theme.PALETTE``, plus chrome sizes."""

from .theme import PALETTE as P

TEXT, TEXT_DIM, TEXT_DARK = P.text, P.text_dim, P.text_dark
ACCENT = P.panel_border          # gold: focus rings, highlights
TURN = P.accent                  # the seat whose turn it is
PANEL, PANEL_SOLID = P.panel, P.panel_solid
BUTTON, BUTTON_TEXT, BUTTON_PRIMARY = P.button, P.button_text, P.button_primary
BUTTON_DISABLED = P.button_disabled
GOOD, BAD = P.success, P.error_text
TRUMP, HIGHLIGHT = P.trump, P.highlight
SIDE_COLOURS = (P.team_us, P.team_them)
SHADOW = P.shadow
SPEECH, SPEECH_EDGE = (250, 244, 226), (196, 178, 130)  # a seat's speech: pale paper, never a button
BACKDROP = (0, 0, 0, 150)        # behind dialogs
RADIUS = 14

# Sizes a phone can use (canvas px; the page shows a canvas whose short side is 720 at 0.54 on a
# phone 390 CSS px across): text 12 CSS px, paragraphs 14, touch targets 48 -- see layout.py.
TEXT_MIN_PX = 23     # no text smaller (fit_size never shrinks below it)
BODY_MIN_PX = 26     # paragraphs: rules, notes, prompts, the hand's result sentence
SMALL_PX = 24        # labels, captions, chips
BODY_PX = 28         # prompts, bubbles, body text
TOUCH_PX = 90        # the smallest touch target
