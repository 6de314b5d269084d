"""What the game needs from the web page: URL parameters and browser storage.

Both modules are pure Python and import nothing from pygame, so the desktop game, the
tests and the pygbag build share them.
"""
