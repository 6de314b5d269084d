"""Issue 7: the language is the URL's ``lang``, else the saved setting, else the browser's,
else English.  game.i18n reads the browser's languages in a real browser: Pyodide in headless
Chromium, its locale set through the DevTools protocol as Playwright's ``locale`` option sets
it (``navigator.language`` and ``navigator.languages``), on the worker's shared Pyodide page
(``pyodide``, tests/web/conftest.py: reset before each test, the locale with it).
``browser_language`` takes pygbag's ``platform.window`` or, without it, Pyodide's ``js``."""

from __future__ import annotations

import pytest
import web_browser

CHECK = """
import json, sys, platform
from game import i18n
from game.web import params
import js

found = {"platform": sys.platform, "navigator": [str(js.navigator.language)] + [str(c) for c in js.navigator.languages]}
found["browser"] = i18n.browser_language()                    # through Pyodide's js module
found["auto"] = i18n.choose_language()                       # nothing chosen: the browser's
found["set_auto"] = i18n.set_language("")                    # "automatic" in the settings
found["url"] = i18n.choose_language(params.parse("?lang=it-CH")[0].lang, None)
found["url_over_saved"] = i18n.choose_language("fr", "de")
found["saved"] = i18n.choose_language(None, "ta")
found["set_saved"] = i18n.set_language("ml")
found["bad_url_and_saved"] = i18n.choose_language("xx", "")  # unknown: back to the browser's
platform.window = js                                         # what pygbag's platform module gives
found["pygbag_shape"] = i18n.browser_language()
del platform.window
json.dumps(found)
"""


def run_in_locale(pyodide, locale: str) -> dict:
    pyodide.set_locale(locale)
    return web_browser.run_python(pyodide.page, CHECK)


@pytest.mark.parametrize("locale, expected", [("de-CH", "de"), ("ar", "ar"), ("ja", "en")])
def test_browser_language_in_chromium(pyodide, locale, expected):
    found = run_in_locale(pyodide, locale)
    assert found["platform"] == "emscripten"
    assert found["navigator"][0] == locale
    browser_choice = None if expected == "en" else expected
    assert found["browser"] == browser_choice
    assert found["pygbag_shape"] == browser_choice
    assert found["auto"] == found["set_auto"] == found["bad_url_and_saved"] == expected
    # the URL beats the saved setting and the browser; the saved setting beats the browser
    assert found["url"] == "it"
    assert found["url_over_saved"] == "fr"
    assert found["saved"] == "ta"
    assert found["set_saved"] == "ml"
