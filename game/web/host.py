"""The host-page API: an embedding page and the game talk with ``postMessage``, both ways.

Every message is a JSON object with ``"trickTable": 1`` (the API version) and a ``"type"``.
The page template's script (``build/template.tmpl``) receives the host's messages, drops those
from origins the build does not allow, and queues the rest as JSON text in ``window.tt.host``;
``HostLink.poll()`` takes them from there each frame and checks each one here, bounded before
it is read (``MAX_MESSAGE_CHARS``, the nesting and number limits of ``engine.records``) and by
shape (known type, known fields, each of the right kind and range).  What passes is a
``Command`` for the app (``game.ui.host_bridge``); what does not is answered with an ``error``
event, and nothing else happens.  ``HostLink.send`` posts an event to the host page.

Commands (host to game):
    new-match   game, [options], [seed], [level], [demo]
    load        code (a deal or record code), [step], [mode], [autoplay], [caption]
    set-language lang
    pause       [paused] (true: stop, false: go on; true when left out)
Every command may carry an ``id`` (text of up to 64 characters, or a whole number), which an
``error`` event about it repeats.

Events (game to host): ``ready``, ``hand-over`` (the result, with the hand's deal and record
codes), ``match-over``, ``error`` (``message``; ``command`` and ``id`` of the message it answers,
when known).  ``MatchWatch`` makes the hand-over and match-over events of a match as it goes;
README "Embedding" is the manual.

Shared validators (issue 16) had not landed when this was written; the checks here are
self-contained and small.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.engine import GAMES, game_class
from game.engine.codes import MAX_ACTIONS, MAX_CODE_CHARS, MODES, Earlier, clean_caption, deal_code, record_code
from game.engine.options import resolve
from game.engine.quote import clean, quoted
from game.engine.records import RecordError, load_json

API_VERSION = 1
KEY = "trickTable"
MAX_MESSAGE_CHARS = 4096   # a command is a few hundred characters; the page refuses more before queueing
MAX_SEED = 10**18 - 1      # as the page's ?seed=
MAX_ID_CHARS = 64
MAX_TEXT_CHARS = 1000      # a caption before it is cleaned and cut
MAX_PER_FRAME = 8          # commands taken from the queue in one frame
EVENTS = ("ready", "hand-over", "match-over", "error")

# command -> {field: required?}
FIELDS = {
    "new-match": {"game": True, "options": False, "seed": False, "level": False, "demo": False},
    "load": {"code": True, "step": False, "mode": False, "autoplay": False, "caption": False},
    "set-language": {"lang": True},
    "pause": {"paused": False},
}
COMMANDS = tuple(FIELDS)


class HostError(ValueError):
    """A message refused: ``message`` says why; ``command`` and ``id`` as far as they were read."""

    def __init__(self, message: str, command=None, ident=None):
        super().__init__(message)
        self.message, self.command, self.id = message, command, ident


@dataclass(frozen=True)
class Command:
    type: str
    params: dict = field(default_factory=dict)
    id: str | int | None = None


def event(kind: str, **fields) -> dict:
    """An event message: ``{"trickTable": 1, "type": kind, ...fields}``."""
    if kind not in EVENTS:
        raise ValueError(f"unknown event {quoted(kind)}")
    return {KEY: API_VERSION, "type": kind, **fields}


def error_event(err: HostError) -> dict:
    return event("error", message=err.message, command=err.command, id=err.id)


def read_command(text, *, languages, levels) -> Command:
    """The command in ``text`` (JSON text from the page's queue), checked; HostError saying
    what is wrong otherwise.  ``languages`` and ``levels`` are the codes the game offers."""
    if not isinstance(text, str):
        raise HostError("a message must be a JSON object")
    if len(text) > MAX_MESSAGE_CHARS:
        raise HostError(f"a message has at most {MAX_MESSAGE_CHARS} characters as JSON; this one has {len(text)}")
    try:
        message = load_json(text, "the message")
    except RecordError as err:
        raise HostError(err.reason) from None
    if not isinstance(message, dict):
        raise HostError(f'a message must be a JSON object with "{KEY}": {API_VERSION} and a "type"')
    kind = message.get("type")
    command = kind if isinstance(kind, str) and kind in FIELDS else None
    ident = _ident(message.get("id"), command)
    version = message.get(KEY)
    if version != API_VERSION or type(version) is not int:
        if KEY not in message:
            raise HostError(f'not a Trick Table message: it needs "{KEY}": {API_VERSION}', command, ident)
        raise HostError(f"API version {quoted(version)} is not spoken here; this game speaks version {API_VERSION}",
                        command, ident)
    if command is None:
        raise HostError(f"unknown command {quoted(kind)}; the commands are: {', '.join(COMMANDS)}", None, ident)
    wanted = FIELDS[command]
    for name in message:
        if name not in wanted and name not in (KEY, "type", "id"):
            raise HostError(f"{command} has no field {quoted(name)}; its fields are: {', '.join(wanted)}", command, ident)
    for name, required in wanted.items():
        if required and name not in message:
            raise HostError(f"{command} needs the field {name!r}", command, ident)
    check = _CHECKS[command]
    try:
        params = check({k: v for k, v in message.items() if k in wanted}, languages=languages, levels=levels)
    except ValueError as err:
        raise HostError(f"{command}: {clean(str(err), 300)}", command, ident) from None
    return Command(command, params, ident)


def _ident(value, command):
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= MAX_ID_CHARS:
        return value
    if type(value) is int and abs(value) <= MAX_SEED:
        return value
    raise HostError(f"id is a text of up to {MAX_ID_CHARS} characters or a whole number", command)


def _bool(params, name):
    value = params.get(name)
    if name in params and type(value) is not bool:
        raise ValueError(f"{name} is true or false, not {quoted(value)}")
    return value


def _new_match(params, *, languages, levels) -> dict:
    game = params["game"]
    if not isinstance(game, str):
        raise ValueError(f"game is a game's name, not {quoted(game)}")
    cls = game_class(game)  # ValueError naming the games
    options = params.get("options", {})
    if not isinstance(options, dict):
        raise ValueError("options is an object of rule options and values, e.g. {\"target\": 7}")
    options = {name: value for name, value in resolve(cls.OPTIONS, options).items() if name in options}
    seed = params.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise ValueError(f"seed is a whole number from 0 to {MAX_SEED}, not {quoted(seed)}")
    level = params.get("level")
    if level is not None and level not in levels:
        raise ValueError(f"level is one of {', '.join(levels)}, not {quoted(level)}")
    return {"game": cls.GAME, "options": options, "seed": seed, "level": level, "demo": bool(_bool(params, "demo"))}


def _load(params, *, languages, levels) -> dict:
    code = params["code"]
    if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE_CHARS:
        raise ValueError(f"code is a deal or record code of up to {MAX_CODE_CHARS} characters")
    step = params.get("step")
    if step is not None and (type(step) is not int or not 0 <= step <= MAX_ACTIONS):
        raise ValueError(f"step is a whole number from 0 to {MAX_ACTIONS}, not {quoted(step)}")
    mode = params.get("mode")
    if mode is not None and mode not in MODES:
        raise ValueError(f"mode is {' or '.join(MODES)}, not {quoted(mode)}")
    caption = params.get("caption")
    if caption is not None and (not isinstance(caption, str) or len(caption) > MAX_TEXT_CHARS):
        raise ValueError(f"caption is a text of up to {MAX_TEXT_CHARS} characters")
    return {"code": code, "step": step, "mode": mode, "autoplay": bool(_bool(params, "autoplay")),
            "caption": clean_caption(caption) if caption else None}


def _set_language(params, *, languages, levels) -> dict:
    lang = params["lang"]
    code = lang.split("-")[0].split("_")[0].lower() if isinstance(lang, str) and len(lang) <= 20 else None
    if code not in languages:
        raise ValueError(f"lang is one of {', '.join(languages)}, not {quoted(lang)}")
    return {"lang": code}


def _pause(params, *, languages, levels) -> dict:
    paused = _bool(params, "paused")
    return {"paused": True if paused is None else paused}


_CHECKS = {"new-match": _new_match, "load": _load, "set-language": _set_language, "pause": _pause}


# ---- the page ---------------------------------------------------------------------------------

class HostLink:
    """The game's end of the API: the page's queue in, events out (``window.tt.host``).

    ``window`` is pygbag's ``platform.window`` (any object with ``tt.host.take()`` returning the
    next message as JSON text or null, and ``tt.host.emit(text)``).  Nothing here raises: a page
    that misbehaves is treated as one without a host."""

    def __init__(self, window, *, languages, levels):
        self.window, self.languages, self.levels = window, tuple(languages), tuple(levels)
        self.sent: list[dict] = []  # every event sent, in order (for tests and the log)
        try:
            build = window.tt.build
        except Exception:  # noqa: BLE001
            build = ""
        self.build = build if isinstance(build, str) else ""

    @classmethod
    def of_page(cls, **kwargs) -> "HostLink | None":
        """The link of this page under pygbag if its template has the API, else None."""
        import sys

        if sys.platform != "emscripten":
            return None
        try:
            import platform

            window = platform.window
            if not isinstance(window.tt.host.version, (int, float)):
                return None
        except Exception:  # noqa: BLE001 - no page, or a page without the API
            return None
        return cls(window, **kwargs)

    def _take(self):
        try:
            return self.window.tt.host.take()
        except Exception:  # noqa: BLE001
            return None

    def poll(self) -> list[Command]:
        """The commands waiting (at most MAX_PER_FRAME); each bad one is answered with an error."""
        commands = []
        for _ in range(MAX_PER_FRAME):
            text = self._take()
            if not isinstance(text, str):
                break
            try:
                commands.append(read_command(text, languages=self.languages, levels=self.levels))
            except HostError as err:
                self.send(error_event(err))
        return commands

    def send(self, message: dict) -> None:
        self.sent.append(message)
        try:
            self.window.tt.host.emit(json.dumps(message, allow_nan=False))
        except Exception:  # noqa: BLE001 - the host may be gone
            pass

    def error(self, message: str, command: Command | None = None) -> None:
        self.send(error_event(HostError(message, command.type if command else None, command.id if command else None)))


def ready_event(languages, build: str = "") -> dict:
    return event("ready", games=list(GAMES), languages=list(languages), commands=list(COMMANDS), build=build)


class MatchWatch:
    """The events of a match being played: ``hand-over`` once per finished hand (``hand``
    counts the match's hands from 1, a thrown-in one too), then ``match-over`` if that hand
    ended the match."""

    def __init__(self):
        self.told = None  # the last hand told about

    def events(self, match) -> list[dict]:
        hand = match.hand
        if not hand.is_over() or hand is self.told:
            return []
        self.told = hand
        result = hand.result()
        try:
            deal = deal_code(hand, Earlier.of(hand))
        except ValueError:  # a figure out of a code's range: the deal without its result
            deal = deal_code(hand)
        out = [event("hand-over", game=hand.GAME, hand=len(match.finished) + 1, result=result,
                     score=result["score"], deal=deal, record=record_code(hand))]
        if result.get("match_over"):
            out.append(event("match-over", game=hand.GAME, winner=result.get("winner"), score=result["score"]))
        return out
