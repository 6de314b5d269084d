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
BACKDROP = (0, 0, 0, 150)        # behind dialogs
RADIUS = 14
