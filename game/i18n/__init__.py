"""The one translation function every user-visible string goes through.

English is the source language.  ``_("Bid {n}").format(n=16)`` is the pattern:
placeholders are filled after translation, so catalogs keep them.  The catalogs' sources are
gettext ``.po`` files, ``game/i18n/<lang>.po``; the game reads them compiled, ``<lang>.mo``,
through the standard library's ``gettext``, on the desktop and in the browser alike.  The
setup step compiles them (``make play``/``make test``, and ``tools/web_build.py`` for the
web); without its ``.mo`` a language falls back to English with a notice.  Extraction,
merging, the check and compiling use Babel, at build and test time only (``catalog.py``,
``python -m game.i18n check|extract|compile``).

The language: the URL's ``lang`` parameter, else the one chosen in settings, else the
browser's (``navigator.languages``: pygbag's ``platform.window``, or Pyodide's ``js``), else
English — see ``choose_language``.  Whoever depends on it (the UI's fonts and text caches)
registers with ``on_language_change``: this package imports nothing of the layers above.
"""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

DOMAIN = "trick_table"
CATALOG_DIR = Path(__file__).resolve().parent
# code -> name in its own language (the settings show these)
LANGUAGES = {
    "en": "English", "de": "Deutsch", "it": "Italiano", "fr": "Français",
    "si": "සිංහල", "ta": "தமிழ்", "ml": "മലയാളം", "ar": "العربية",
}
RTL = {"ar"}
ENGLISH = gettext.NullTranslations()  # the source language: every message is its own text

_translations: gettext.NullTranslations = ENGLISH
_language = "en"
_loaded: dict[str, gettext.NullTranslations | None] = {}
_listeners: list = []


def normalise(code) -> str | None:
    """'de-CH' -> 'de', 'FR' -> 'fr'; None if not one of ours."""
    if not isinstance(code, str):
        return None
    code = code.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def _notice(text: str) -> None:
    print(f"Trick Table: {text}", file=sys.stderr)


def translations(code: str) -> gettext.NullTranslations | None:
    """The compiled catalog of ``code`` (cached): English needs none; None, with a one-line
    notice on stderr, when its ``.mo`` is missing or damaged."""
    if code == "en":
        return ENGLISH
    if code not in _loaded:
        compiled, source = CATALOG_DIR / f"{code}.mo", CATALOG_DIR / f"{code}.po"
        try:
            with compiled.open("rb") as f:
                _loaded[code] = gettext.GNUTranslations(f)
        except FileNotFoundError:
            _notice(f"no compiled catalog {compiled.name} (`make play` compiles it): English instead")
            _loaded[code] = None
        except Exception as err:  # noqa: BLE001 - a damaged file: English rather than a crash
            _notice(f"{compiled.name} is damaged ({err}): English instead")
            _loaded[code] = None
        else:
            if source.exists() and source.stat().st_mtime > compiled.stat().st_mtime:
                _notice(f"{compiled.name} is older than {source.name}: run `make play` to recompile it")
    return _loaded[code]


def on_language_change(listener) -> None:
    """Call ``listener(code)`` after each language change (once, however often registered)."""
    if listener not in _listeners:
        _listeners.append(listener)


def _js_window():
    """The page's JS ``window``: pygbag's ``platform.window``, else Pyodide's ``js`` module
    (whose attributes are the page's globals); None outside a browser."""
    if sys.platform != "emscripten":
        return None
    import platform
    window = getattr(platform, "window", None)  # pygbag puts the page's window here
    if window is not None:
        return window
    try:
        import js  # Pyodide
    except ImportError:
        return None
    return js


def _js_strings(value) -> list[str]:
    """A JS array of strings (or one string) as a Python list."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    try:
        return [str(v) for v in value]
    except TypeError:  # a proxy that does not iterate: index it
        return [str(value[i]) for i in range(int(value.length))]


def browser_language() -> str | None:
    """The first of the browser's languages (``navigator.languages``, else
    ``navigator.language``) that the game has, or None (not in a browser, or none of ours)."""
    try:
        window = _js_window()
        if window is None:
            return None
        nav = window.navigator
        for code in _js_strings(getattr(nav, "languages", None)) + _js_strings(getattr(nav, "language", None)):
            found = normalise(code)
            if found:
                return found
    except Exception:  # noqa: BLE001 - a page that refuses: no preference
        return None
    return None


def choose_language(url: str | None = None, stored: str | None = None) -> str:
    """The URL parameter, else the stored setting, else the browser's language, else English."""
    return normalise(url) or normalise(stored) or browser_language() or "en"


def set_language(code) -> str:
    """Switch the catalog.  An empty or unknown code means "automatic": the browser's
    language, else English; a language whose catalog cannot be read, English.  Returns the
    code in use."""
    global _translations, _language
    code = normalise(code) or browser_language() or "en"
    found = translations(code)
    if found is None:
        code, found = "en", ENGLISH
    _translations, _language = found, code
    for listener in _listeners:
        listener(code)
    return code


def language() -> str:
    return _language


def is_rtl() -> bool:
    return _language in RTL


def _(message: str) -> str:
    """The message in the current language (English when it has no translation)."""
    return _translations.gettext(message)


def known(message: str) -> bool:
    """Whether ``message`` is one of the game's catalog messages (outside input, such as a note in
    a hand record, may show only those), judged by the first compiled catalog there is."""
    for code in LANGUAGES:
        catalog = translations(code) if code != "en" else None
        if catalog is not None:
            return message in catalog._catalog
    return False


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (one English word, two translations:
    "Normal" as a speed and as an AI level)."""
    return _translations.pgettext(context, message)


def NC_(context: str, message: str) -> str:
    """Marks a message with its context for extraction; translate with ``pgettext`` when shown."""
    return message


def N_(message: str) -> str:
    """Marks a string for extraction without translating it yet (translate with _ when shown)."""
    return message


class Message:
    """A catalog message and the values of its placeholders, translated only when shown:
    ``Message(N_("Bid {n}"), n=16).text()``.  Values that are Messages are translated too;
    ``text(**values)`` may supply or replace values at display time (e.g. a localized card name).
    A value that is a list or tuple is shown as its items, translated, with commas between.
    ``str()`` gives the text in the current language."""

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, **values):
        self.msgid, self.values = msgid, values

    def text(self, **override) -> str:
        values = {**self.values, **override}
        return _(self.msgid).format(**{k: _shown_value(v) for k, v in values.items()})

    __str__ = text

    def __eq__(self, other):
        return isinstance(other, Message) and (self.msgid, self.values) == (other.msgid, other.values)

    def __hash__(self):
        return hash(self.msgid)

    def __repr__(self):
        return f"Message({self.msgid!r}, {self.values!r})"


def _shown_value(value):
    if isinstance(value, Message):
        return value.text()
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_shown_value(v)) for v in value)
    return value
