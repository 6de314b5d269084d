"""The table, a room of its own: what the table scene (``game/ui/scenes/table.py``) is made of.

- ``state`` — what the player's seat sees and everything that changes with time (flights, news);
- ``ai`` — the AI seats thinking a slice a frame; ``hint`` — the hint button's search;
- ``planner`` — where everything goes in a frame; ``view`` — drawing that frame;
- ``controls`` — the action buttons; ``why_press``, ``match_offer`` — the table's two panels;
- ``animation`` — a card's flight.
"""
