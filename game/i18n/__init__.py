"""The one translation function every user-visible string goes through.

English is the source language.  ``_("Bid {n}").format(n=16)`` is the pattern:
placeholders are filled after translation, so catalogs keep them.  Catalogs are gettext
``.po`` files, ``game/i18n/<lang>.po``; the web build compiles them to gettext's ``.mo``
files and ships only those (``mo.py``), while the desktop reads the ``.po`` sources with
our small parser (``po.py``).  ``python -m game.i18n extract`` refreshes them from the sources,
``python -m game.i18n check`` reports what is missing (see ``catalog.py``).

The language: the URL's ``lang`` parameter, else the one chosen in settings, else the
browser's (``navigator.languages``: pygbag's ``platform.window``, or Pyodide's ``js``), else
English — see ``choose_language``.
"""

from __future__ import annotations

from pathlib import Path

DOMAIN = "trick_table"
CATALOG_DIR = Path(__file__).resolve().parent
# code -> name in its own language (the settings show these)
LANGUAGES = {
    "en": "English", "de": "Deutsch", "it": "Italiano", "fr": "Français",
    "si": "සිංහල", "ta": "தமிழ்", "ml": "മലയാളം", "ar": "العربية",
}
RTL = {"ar"}

_messages: dict[str, str] = {}
_language = "en"
_loaded: dict[str, dict[str, str]] = {}
_listeners: list = []


def normalise(code) -> str | None:
    """'de-CH' -> 'de', 'FR' -> 'fr'; None if not one of ours."""
    if not isinstance(code, str):
        return None
    code = code.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def messages_of(code: str) -> dict[str, str]:
    """The translated messages of ``code`` (cached); empty for English or a missing file."""
    if code not in _loaded:
        source, compiled = CATALOG_DIR / f"{code}.po", CATALOG_DIR / f"{code}.mo"
        msgs = {}
        if code == "en":
            pass
        elif source.exists():  # the sources (desktop): the .po file itself
            from . import po
            msgs = po.messages(source.read_text(encoding="utf-8"))
        elif compiled.exists():  # the web build ships compiled catalogs
            from . import mo
            try:
                msgs = mo.read(compiled.read_bytes())
            except (ValueError, UnicodeDecodeError):  # a damaged file: English rather than a crash
                msgs = {}
        _loaded[code] = msgs
    return _loaded[code]


def _js_window():
    """The page's JS ``window``: pygbag's ``platform.window``, else Pyodide's ``js`` module
    (whose attributes are the page's globals); None outside a browser."""
    import sys
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
    language, else English.  Returns the code in use."""
    global _messages, _language
    code = normalise(code) or browser_language() or "en"
    _messages = messages_of(code)
    _language = code
    for listener in _listeners:
        listener(code)
    return code


def on_language_change(listener) -> None:
    """Call ``listener(code)`` after each language change (once, however often registered): the
    UI registers what depends on the language (its fonts' cached text); this package imports
    nothing of the layers above."""
    if listener not in _listeners:
        _listeners.append(listener)


def language() -> str:
    return _language


def is_rtl() -> bool:
    return _language in RTL


def _(message: str) -> str:
    """The message in the current language (English when it has no translation)."""
    return _messages.get(message) or message


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (one English word, two translations:
    "Normal" as a speed and as an AI level)."""
    return _messages.get(f"{context}\x04{message}") or message


def NC_(context: str, message: str) -> str:
    """Marks a message with its context for extraction; translate with ``pgettext`` when shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _(singular) if n == 1 else _(plural)


def N_(message: str) -> str:
    """Marks a string for extraction without translating it yet (translate with _ when shown)."""
    return message


class Message:
    """A catalog message and the values of its placeholders, translated only when shown:
    ``Message(N_("Bid {n}"), n=16).text()``.  Values that are Messages are translated too;
    ``text(**values)`` may supply or replace values at display time (e.g. a localized card name).
    ``str()`` gives the text in the current language."""

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, **values):
        self.msgid, self.values = msgid, values

    def text(self, **override) -> str:
        values = {**self.values, **override}
        return _(self.msgid).format(**{k: v.text() if isinstance(v, Message) else v for k, v in values.items()})

    __str__ = text

    def __eq__(self, other):
        return isinstance(other, Message) and (self.msgid, self.values) == (other.msgid, other.values)

    def __hash__(self):
        return hash(self.msgid)

    def __repr__(self):
        return f"Message({self.msgid!r}, {self.values!r})"
