"""The one translation function every user-visible string goes through.

English is the source language.  ``_("Bid {n}").format(n=16)`` is the pattern:
placeholders are filled after translation, so catalogs keep them.  Catalogs are
gettext ``.mo`` files under ``game/i18n/locale/<lang>/LC_MESSAGES/trick_table.mo``
(compiled from ``.po`` by the build, issue 7); without one, English is shown.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "trick_table"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English"}  # code -> name in its own language
RTL = {"ar"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(code: str) -> str:
    """Switch the catalog; an unknown code falls back to English.  Returns the code in use."""
    global _translation, _language
    if code not in LANGUAGES:
        code = "en"
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
    _language = code
    return code


def language() -> str:
    return _language


def is_rtl() -> bool:
    return _language in RTL


def _(message: str) -> str:
    """The message in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for extraction without translating it yet (translate with _ when shown)."""
    return message
