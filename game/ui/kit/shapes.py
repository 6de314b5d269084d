"""The table's measures for each canvas shape, declared: one table held upright (portrait),
one held sideways (landscape).  ``Layout`` reads its numbers here and has no branch of its own
on the shape; a canvas longer than the shortest (a phone's whole screen) grows the cards by
the ``*_grow`` divisors (1 px per that many px of extra length; 0: not at all).

All numbers are canvas px on a canvas whose short side is 720 (see ``layout``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    name: str
    gap: int                  # between controls
    margin: int               # from the screen's side edges
    bar_pad: int              # the top bar's buttons from its top edge
    bar_rows_below: bool      # the contract and points in rows under the buttons (else beside the score)
    menu_w: int               # the Menu button
    last_w: int               # "Last trick" (two lines in every language: Malayalam the widest)
    card_w: int               # the player's hand
    card_grow: int
    trick_w: int              # cards on the table, at most (as large as their room allows up to this)
    trick_grow: int
    back_w: int               # other seats' hands
    hand_bottom: int          # the hand's lower edge from the screen's bottom (negative: off screen)
    hand_side: int            # the hand's fan from the screen's side edges
    two_row_hand: int         # from this many cards the hand takes two rows (0: never)
    partner_gap: int          # the partner's cards below the top bar
    docks: tuple              # the table's bands, (name, edge), docked in this order (``table.regions``)
    slot_dx: int              # the side trick places from the centre, at least (and a card and ``slot_apart``)
    slot_apart: int
    slot_dx_grow: int
    slot_dy: int              # the top and bottom trick places from the centre, at least
    slot_dy_grow: int
    side_x: int               # the side seats' cards from the screen's side edges (their columns twice as wide)
    side_x_grow: int
    side_y: int               # ... below the trick's centre
    side_fan_top: int         # the side seats' fans' top (0: ``side_fan_rise`` above the centre)
    side_fan_rise: int
    own_row_beside_left: bool  # the trump card and Hint right of the bottom place (below the right one: False)
    trump_apart: int          # the player's trump card from the trick
    hint_w: int
    controls_rows: int        # rows of action buttons
    controls_gap: int         # the buttons above the hand
    status_rows: int          # the top bar's rows of text (0: as many as fit beside the buttons)
    lane: int                 # the lane under the partner's cards (its speech, a lesson's note) before the trick's room
    prompt_room: int          # the prompt's band above the buttons (0: none of its own)
    dialog_width: float       # a dialog's share of the width (0: as the dialog asks)
    dialog_height_most: float
    dialog_height_least: float


# Upright the partner's band and the lane under it span the width, the side columns below them;
# sideways the side columns reach up to the top bar and the partner's band lies between them.
UPRIGHT_DOCKS = (("top_bar", "top"), ("hand", "bottom"), ("controls", "bottom"), ("prompt", "bottom"),
                 ("partner", "top"), ("lane", "top"), ("west", "left"), ("east", "right"))
SIDEWAYS_DOCKS = (("top_bar", "top"), ("hand", "bottom"), ("controls", "bottom"), ("prompt", "bottom"),
                  ("west", "left"), ("east", "right"), ("partner", "top"), ("lane", "top"))

UPRIGHT = Shape(
    name="upright", gap=14, margin=24, bar_pad=8, bar_rows_below=True, menu_w=112, last_w=152,
    card_w=150, card_grow=14, trick_w=116, trick_grow=6, back_w=54, hand_bottom=14, hand_side=4,
    two_row_hand=8, partner_gap=16, docks=UPRIGHT_DOCKS, slot_dx=100, slot_apart=10, slot_dx_grow=20, slot_dy=88, slot_dy_grow=8,
    side_x=50, side_x_grow=0, side_y=14, side_fan_top=0, side_fan_rise=74, own_row_beside_left=True, trump_apart=24,
    hint_w=180, controls_rows=2, controls_gap=20, status_rows=3, lane=96, prompt_room=84,
    dialog_width=0.94, dialog_height_most=0.9, dialog_height_least=0.0)

SIDEWAYS = Shape(
    name="sideways", gap=12, margin=32, bar_pad=5, bar_rows_below=False, menu_w=130, last_w=180,
    card_w=130, card_grow=0, trick_w=130, trick_grow=0, back_w=54, hand_bottom=-62, hand_side=16,
    two_row_hand=0, partner_gap=8, docks=SIDEWAYS_DOCKS, slot_dx=112, slot_apart=10, slot_dx_grow=10, slot_dy=62, slot_dy_grow=0,
    side_x=96, side_x_grow=6, side_y=0, side_fan_top=196, side_fan_rise=0, own_row_beside_left=False, trump_apart=16,
    hint_w=180, controls_rows=1, controls_gap=10, status_rows=0, lane=0, prompt_room=0,
    dialog_width=0.0, dialog_height_most=1.0, dialog_height_least=0.92)


def of(size) -> Shape:
    """The table for a canvas of ``size``: upright when it is taller than wide."""
    return UPRIGHT if size[1] > size[0] else SIDEWAYS


def grown(base: int, extra: int, per: int) -> int:
    """``base`` grown by 1 for each ``per`` px of ``extra`` length (``per`` 0: not grown)."""
    return base + (extra // per if per else 0)
