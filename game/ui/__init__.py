"""The pygame front end: scenes, card art, table theme, fonts and sounds."""
