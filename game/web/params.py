"""The page's URL parameters: a query string in, validated settings and notices out.

``parse("?game=28&seed=7&target=7&demo=1")`` returns ``(WebSettings, [Notice, ...])``.
Nothing here raises on bad input: an unknown parameter or a malformed value is left out of
the settings and reported as a :class:`Notice`, which the table shows briefly on screen.

Parameters (names are case-insensitive; values are percent-decoded):

``game``   ``304``, ``28``, ``400`` or ``schieber`` (also ``jass``, ``twenty-eight``)
``lang``   a language code of the game (``de``, ``fr``…); a region suffix is dropped (``de-CH``)
``seed``   a whole number 0 … 999999999999999999, for a repeatable deal
``level``  ``easy``, ``normal``, ``hard`` or ``expert`` (or ``1`` to ``4`` in that order)
``embed``  ``1``: straight into the game, no menu
``demo``   ``1``: the AI plays all four seats
``deal``   a deal code (``game.engine.codes``): play exactly those cards again, from seat 0
``record`` a record code: a hand and its first actions, opened at ``step`` in ``mode``
``step``   the number of the record's actions already taken, 0 … 200
``mode``   ``watch`` (the hand played out in front of you) or ``play`` (you take South from there)
``autoplay`` ``1``: a watched record plays on by itself
``caption`` one line of plain text shown above the table (cleaned, at most 120 characters)
``learn``  a game: its guided first hand
rule options of the chosen game by their record names (``target=7``, ``double=1``…); on/off
options take ``1``/``0`` (also ``true``/``false``, ``yes``/``no``, ``on``/``off``, or no value
for on).

Tracking parameters that links pick up on the way (``utm_*``, ``fbclid``…) are ignored without
a notice.

Bounds, checked before anything is read: the query is at most ``MAX_QUERY_CHARS`` characters
(a longer one is ignored whole, with one notice), at most 64 parameters are read, a value has at
most ``MAX_VALUE_CHARS`` characters.  A notice shows a name or value from the address through
``bounds.shown``: control characters (a NUL included) as ``?``, at most ``SHOWN_CHARS``
characters.

``parameter_names()`` lists every name ``parse`` reads: the page's build passes the runtime
only these (``tools/web_build.py``), so a link cannot hand pygbag's runtime settings of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from urllib.parse import parse_qsl, quote

from game.engine.bounds import shown
from game.engine.codes import CAPTION_CHARS, MAX_ACTIONS as MAX_STEP, MAX_CODE_CHARS, MODES, clean_caption
from game.i18n import LANGUAGES as LANGUAGE_NAMES, N_, Message

LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "expert")  # the AI's (main.py passes game.ai.LEVELS)
FLAGS = ("embed", "demo", "autoplay")
CODES = ("deal", "record")  # read by game.engine.codes when the game starts

TRUE_WORDS = ("1", "true", "yes", "on", "")
FALSE_WORDS = ("0", "false", "no", "off")
MAX_SEED = 10**18 - 1
SHOWN_CHARS = 24  # a notice shows at most this much of a name or value
MAX_QUERY_CHARS = 8192
MAX_VALUE_CHARS = 1000
MAX_FIELDS = 64
SILENT = re.compile(r"^(utm_[a-z_]*|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|ref)$")
INT_TEXT = re.compile(r"^[+-]?\d{1,9}$")


@dataclass(frozen=True)
class Notice:
    """One parameter that was ignored, and why (``reason``: an ``i18n.Message``).
    ``text()`` is the notice in the current language."""

    param: str
    value: str
    reason: Message

    def text(self) -> str:
        if not self.param:  # the query as a whole
            return self.reason.text()
        return Message(N_("Ignored {param}={value}: {reason}"), param=self.param, value=self.value,
                       reason=self.reason).text()

    __str__ = text


@dataclass
class WebSettings:
    """What the URL asked for; ``None`` (or empty) where it asked for nothing valid."""

    game: str | None = None
    lang: str | None = None
    seed: int | None = None
    level: str | None = None
    options: dict = field(default_factory=dict)
    embed: bool = False
    demo: bool = False
    deal: str | None = None      # a deal code, as given (checked when it is opened)
    record: str | None = None    # a record code, as given
    step: int | None = None
    mode: str | None = None      # "watch" or "play"
    autoplay: bool = False
    caption: str | None = None   # cleaned: one line of plain text
    learn: str | None = None     # a game's name


def parse(
    query: str,
    *,
    games: dict | None = None,
    languages: tuple[str, ...] = LANGUAGES,
    levels: tuple[str, ...] = LEVELS,
    game_names: dict | None = None,
) -> tuple[WebSettings, list[Notice]]:
    """Validated settings and the notices for what was ignored.

    ``query`` is ``location.search`` (with or without ``?``; a whole URL works too).
    ``games`` maps game names to their tuple of engine ``Option``s; by default the engine's
    ``GAMES``. ``game_names`` maps a game to its shown name (an untranslated message id), for
    the notices; the front end passes its own, else the game's code is shown.
    """
    if games is None:
        games = _engine_games()
    settings = WebSettings()
    notices: list[Notice] = []
    query = query if isinstance(query, str) else ""
    if len(query) > MAX_QUERY_CHARS:
        return settings, [Notice("", "", Message(N_("The address's parameters are too long ({size} characters; at "
                                                    "most {limit}): all were ignored."),
                                                 size=len(query), limit=MAX_QUERY_CHARS))]
    pairs = _pairs(query)

    seen: dict[str, str] = {}
    ordered: list[tuple[str, str, str]] = []  # (name, shown name, value) in order, repeats dropped
    for raw_name, value in pairs:
        name = raw_name.strip().lower()
        if not name or SILENT.match(name):
            continue
        if len(value) > MAX_VALUE_CHARS:
            notices.append(_notice(raw_name, value, Message(N_("longer than {limit} characters"),
                                                            limit=MAX_VALUE_CHARS)))
            continue
        if name in seen:
            if seen[name] != value:
                notices.append(_notice(raw_name, value, Message(N_("given twice; the first value is used"))))
            continue
        seen[name] = value
        ordered.append((name, raw_name, value))

    option_pairs = []
    for name, raw_name, value in ordered:
        text = value.strip()
        if name in ("game", "learn"):  # learn: the game whose guided first hand opens
            game = _named_game(text, games)
            if game in games:
                setattr(settings, name, game)
            else:
                notices.append(_notice(raw_name, value, Message(N_("unknown game; use {choices}"), choices=_either(games))))
        elif name == "lang":
            lang = re.split(r"[-_]", text.lower(), maxsplit=1)[0]
            if lang in languages:
                settings.lang = lang
            else:
                notices.append(_notice(raw_name, value,
                                      Message(N_("unknown language; use {choices}"), choices=_either(languages))))
        elif name == "seed":
            if text.isdigit() and text.isascii() and int(text) <= MAX_SEED:
                settings.seed = int(text)
            else:
                notices.append(_notice(raw_name, value,
                                      Message(N_("use a whole number from 0 to {max}"), max=MAX_SEED)))
        elif name == "level":
            if text.lower() in levels:
                settings.level = text.lower()
            elif text.isdigit() and text.isascii() and 1 <= int(text) <= len(levels):
                settings.level = levels[int(text) - 1]  # level=1 is the first (easy)
            else:
                notices.append(_notice(raw_name, value, Message(N_("unknown level; use {choices}"), choices=_either(levels))))
        elif name in CODES:
            setattr(settings, name, text[:MAX_CODE_CHARS + 1] or None)  # the engine checks it (and its length)
        elif name == "step":
            if text.isdigit() and text.isascii() and int(text) <= MAX_STEP:
                settings.step = int(text)
            else:
                notices.append(_notice(raw_name, value, Message(N_("use a whole number from 0 to {max}"), max=MAX_STEP)))
        elif name == "mode":
            if text.lower() in MODES:
                settings.mode = text.lower()
            else:
                notices.append(_notice(raw_name, value, Message(N_("use {choices}"), choices=_either(MODES))))
        elif name == "caption":
            settings.caption = clean_caption(value) or None
            if len(" ".join(value.split())) > CAPTION_CHARS:
                notices.append(_notice(raw_name, value, Message(N_("shortened to {count} characters"),
                                                                count=CAPTION_CHARS)))
        elif name in FLAGS:
            flag = _boolean(text)
            if flag is None:
                notices.append(_notice(raw_name, value, Message(N_("use {choices}"), choices=_either(("1", "0")))))
            else:
                setattr(settings, name, flag)
        else:
            option_pairs.append((name, raw_name, value))

    for name, raw_name, value in option_pairs:
        owners = [g for g, opts in games.items() if any(o.name == name for o in opts)]
        if not owners:
            notices.append(_notice(raw_name, value, Message(N_("unknown parameter"))))
            continue
        if settings.game is None:
            notices.append(_notice(raw_name, value, Message(N_("a rule option needs {choices}"),
                                                                choices=_either("game=" + g for g in owners))))
            continue
        option = next((o for o in games[settings.game] if o.name == name), None)
        if option is None:
            notices.append(_notice(raw_name, value,
                                  Message(N_("not a rule option of {game}"), game=_game_name(settings.game, game_names))))
            continue
        parsed = _option_value(option, value.strip())
        if parsed is None:
            notices.append(_notice(raw_name, value, Message(N_("use {choices}"), choices=_either(_allowed_texts(option)))))
        else:
            settings.options[option.name] = parsed
    return settings, notices


def build_query(settings: WebSettings) -> str:
    """The query string (with ``?``, or empty) that ``parse`` reads back as ``settings``."""
    parts = []
    for name in ("game", "lang", "seed", "level"):
        value = getattr(settings, name)
        if value is not None:
            parts.append(f"{name}={value}")
    for name, value in settings.options.items():
        parts.append(f"{name}={int(value) if isinstance(value, bool) else value}")
    for name in ("deal", "record", "step", "mode", "caption", "learn"):
        value = getattr(settings, name)
        if value is not None:
            parts.append(f"{name}={quote(str(value), safe='.-_~')}")
    for name in FLAGS:
        if getattr(settings, name):
            parts.append(f"{name}=1")
    return "?" + "&".join(parts) if parts else ""


def parameter_names(games: dict | None = None) -> tuple[str, ...]:
    """Every parameter name ``parse`` reads: a ``WebSettings`` field's, or a rule option's of
    any game (``games`` as in ``parse``)."""
    if games is None:
        games = _engine_games()
    names = [f.name for f in fields(WebSettings) if f.name != "options"]
    for options in games.values():
        names += [o.name for o in options if o.name not in names]
    return tuple(names)


def browser_query() -> str:
    """The page's URL parameters under pygbag, as the address had them; ``""`` on the desktop.

    The page keeps the query it was opened with in ``window.tt.query`` before it takes from
    the address what pygbag's runtime must not read, so that every parameter is still
    reported here; ``location.search`` serves for a page without that.
    """
    import sys

    if sys.platform != "emscripten":
        return ""
    try:
        import platform

        window = platform.window
        for read in (lambda: window.tt.query, lambda: window.location.search):
            try:
                search = read()
            except Exception:  # noqa: BLE001 - not on this page
                continue
            if isinstance(search, str):
                return search
    except Exception:  # noqa: BLE001 - no page, or a page that refuses: no parameters
        pass
    return ""


# ---------------------------------------------------------------------------------------


def _named_game(text: str, games: dict) -> str:
    """The game ``text`` names: one of ``games`` by its name, else a registered game by its name
    or one of its ``ALIASES`` (any case); else ``text`` in lower case (not a game)."""
    from game.engine import game_class

    name = text.lower()
    if name in games:
        return name
    try:
        return game_class(text).GAME
    except ValueError:
        return name


def _engine_games() -> dict:
    from game.engine import GAMES

    return {name: cls.OPTIONS for name, cls in GAMES.items()}


def _pairs(query: str) -> list[tuple[str, str]]:
    query = query.strip()
    if "#" in query:
        query = query.split("#", 1)[0]
    if "?" in query:
        query = query.split("?", 1)[1]
    elif "://" in query or query.startswith("/"):
        return []  # a URL without a query string
    try:
        return parse_qsl(query, keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except ValueError:  # more fields: read the first ones
        return parse_qsl("&".join(query.split("&")[:MAX_FIELDS]), keep_blank_values=True)


def _boolean(text: str) -> bool | None:
    low = text.lower()
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    return None


def _option_value(option, text: str):
    if option.kind is bool:
        value = _boolean(text)
    elif INT_TEXT.match(text):
        value = int(text)
    else:
        return None
    if value is None:
        return None
    try:
        return option.check(value)
    except ValueError:
        return None


def _allowed_texts(option) -> tuple[str, ...]:
    if option.kind is bool:
        return ("1", "0")
    return tuple(str(v) for v in option.allowed())


def _either(names) -> Message | str:
    """'a, b or c' (a Message, so the 'or' is translated), or 'a to z' for a long list."""
    names = list(names)
    if len(names) > 8:
        return Message(N_("{first} to {last}"), first=names[0], last=names[-1])
    if len(names) > 1:
        return Message(N_("{first} or {last}"), first=", ".join(names[:-1]), last=names[-1])
    return "".join(names)


def _game_name(game: str, game_names: dict | None) -> Message | str:
    """The game's name, translated when shown; its code when no names were given."""
    return Message(game_names[game]) if game_names and game in game_names else game


def _notice(raw_name: str, value: str, reason: Message) -> Notice:
    """A notice for a parameter, its name and value as they may be shown (``bounds.shown``)."""
    return Notice(shown(raw_name, SHOWN_CHARS), shown(value, SHOWN_CHARS), reason)
