"""Command line: ``replay RECORD.json [--trace]``, ``record --game G --seed N [--options JSON] [--out FILE]``
and ``link RECORD.json [--step N] [--mode watch|play] [--autoplay] [--caption TEXT] [--base URL]``.

Exit 0 on success (``--help`` prints the usage).  Every failure — a bad record, an illegal
action, a file that cannot be read, a usage error — prints the record spec's error object, one
line of JSON of bounded size, and exits 2; never a traceback, never NaN or Infinity.  Standard
output that cannot be written (full, or closed) is one line on standard error and exit 2.  A record
file larger than ``records.MAX_RECORD_BYTES`` is refused by its size, before it is read.
"""

from __future__ import annotations

import json
import os
import re
import sys

from . import codes
from .cli import OutputLost, output_lost, say
from .quote import clean, quoted
from .records import MAX_RECORD_BYTES, RecordError, load_json, random_record, replay_text, too_large

LINK_USAGE = ("python -m game.engine link RECORD.json [--step N] [--mode watch|play] [--autoplay] "
              "[--caption TEXT] [--base URL]")
USAGE = ("usage: python -m game.engine replay RECORD.json [--trace]\n"
         "       python -m game.engine record --game G --seed N [--options JSON] [--out FILE]\n"
         "       " + LINK_USAGE)
USAGE_LINE = ("python -m game.engine replay RECORD.json [--trace], "
              "python -m game.engine record --game G --seed N [--options JSON] [--out FILE], or " + LINK_USAGE)
INT_SEED = re.compile(r"-?[0-9]{1,100}")


class UsageError(ValueError):
    pass


def _print(obj: dict) -> None:
    say(json.dumps(obj, allow_nan=False))


def read_record_file(path: str) -> str:
    """The text of a record file, refused by its size before it is read."""
    try:
        with open(path, "rb") as f:
            if os.fstat(f.fileno()).st_size > MAX_RECORD_BYTES:
                raise too_large("the record file")
            data = f.read(MAX_RECORD_BYTES + 1)  # a pipe or device has no size: read no more
    except (OSError, ValueError) as err:
        if isinstance(err, RecordError):
            raise
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RecordError(f"cannot read the record file {quoted(path)}: {clean(why)}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise too_large("the record file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the record file is not UTF-8 text") from None


def _flags(args: list[str], names: tuple[str, ...], switches: tuple[str, ...] = (), usage: str = USAGE_LINE,
           others: list | None = None) -> dict:
    """``--name value`` pairs and ``--switch``es (True when given), each at most once; other
    arguments go to ``others`` if it is given, else they are refused."""
    found: dict = {}
    i = 0
    while i < len(args):
        name = args[i]
        if name not in names and name not in switches:
            if others is None or name.startswith("--"):
                raise UsageError(f"unexpected argument {quoted(name)}; use {usage}")
            others.append(name)
            i += 1
            continue
        if name in found:
            raise UsageError(f"{name} is given twice")
        if name in switches:
            found[name] = True
            i += 1
            continue
        if i + 1 >= len(args):
            raise UsageError(f"{name} needs a value")
        found[name] = args[i + 1]
        i += 2
    return found


def _replay(args: list[str]) -> int:
    trace = False
    paths = []
    for arg in args:
        if arg == "--trace" and not trace:
            trace = True
        elif arg.startswith("--"):
            raise UsageError(f"replay does not take {quoted(arg)}; use python -m game.engine replay RECORD.json "
                             "[--trace]")
        else:
            paths.append(arg)
    if len(paths) != 1:
        raise UsageError("replay takes one record file: python -m game.engine replay RECORD.json [--trace]")
    out = replay_text(read_record_file(paths[0]), trace)
    _print(out)
    return 0 if out["ok"] else 2


def _record(args: list[str]) -> int:
    flags = _flags(args, ("--game", "--seed", "--options", "--out"))
    if "--game" not in flags or "--seed" not in flags:
        raise UsageError("record needs --game and --seed, e.g. python -m game.engine record --game 28 --seed 4")
    options = None
    if "--options" in flags:
        options = load_json(flags["--options"], "--options")
        if not isinstance(options, dict):
            raise UsageError("--options must be a JSON object of option names and values, e.g. '{\"target\": 7}'")
    seed = flags["--seed"]
    rec = random_record(flags["--game"], int(seed) if INT_SEED.fullmatch(seed) else seed, options)
    text = json.dumps(rec)
    if "--out" not in flags:
        say(text)
        return 0
    try:
        with open(flags["--out"], "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except (OSError, ValueError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise RecordError(f"cannot write {quoted(flags['--out'])}: {clean(why)}") from None
    return 0


def _link(args: list[str]) -> int:
    """The page's link to a moment of a recorded hand: mode watch (the whole record, opened at
    step N) or play (the first N actions, then the player takes South)."""
    paths: list[str] = []
    flags = _flags(args, ("--step", "--mode", "--caption", "--base"), ("--autoplay",), LINK_USAGE, paths)
    autoplay = flags.get("--autoplay", False)
    if len(paths) != 1:
        raise UsageError(f"link takes one record file: {LINK_USAGE}")
    mode = flags.get("--mode", "watch")
    if mode not in codes.MODES:
        raise UsageError(f"--mode is watch or play, not {quoted(mode)}")
    step_text = flags.get("--step", "0")
    if not step_text.isdigit() or not step_text.isascii() or len(step_text) > 4:
        raise UsageError(f"--step is a whole number of actions, not {quoted(step_text)}")
    base = flags.get("--base", codes.DEFAULT_BASE)
    if not re.fullmatch(r"https?://[^\s?#\"'<>]+", base) or not _utf8(base) or not base.isprintable():
        raise UsageError(f"--base is the game page's http(s) address, not {quoted(base)}")
    record = load_json(read_record_file(paths[0]))
    actions = record.get("actions", []) if isinstance(record, dict) else []
    step = int(step_text)
    if isinstance(actions, list) and step > len(actions):
        raise UsageError(f"--step {step} is after the record's last action ({len(actions)})")
    code = codes.code_from_record(record, step if mode == "play" else None)
    caption = codes.clean_caption(flags["--caption"]) if "--caption" in flags else None
    say(codes.link(base, record=code, step=step, mode=mode, autoplay=autoplay, caption=caption or None))
    return 0


def _utf8(text: str) -> bool:
    """Whether ``text`` is UTF-8 text (an argument of other bytes holds lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def main(argv: list[str]) -> int:
    try:
        if argv[:1] in (["-h"], ["--help"], ["help"]):
            say(USAGE)
            return 0
        if not argv:
            raise UsageError(f"no command given; use {USAGE_LINE}")
        command, args = argv[0], argv[1:]
        if command == "replay":
            return _replay(args)
        if command == "record":
            return _record(args)
        if command == "link":
            return _link(args)
        raise UsageError(f"unknown command {quoted(command)}; use {USAGE_LINE}")
    except OutputLost as err:
        return output_lost("python -m game.engine", err)
    except RecordError as err:  # where in the record, as replay says it
        return _failed(clean(err.reason, 300), err.index, err.seat, err.action)
    except ValueError as err:  # UsageError, and the engine's ValueErrors
        return _failed(clean(str(err), 300))
    except Exception as err:  # noqa: BLE001 - the contract: an error object, never a traceback
        return _failed(f"the engine failed ({type(err).__name__}): {clean(str(err))}")


def _failed(reason: str, index=None, seat=None, action=None) -> int:
    """The error object of a failed command, or the one line about standard output."""
    try:
        _print(RecordError(reason, index, seat, action).as_json())
        return 2
    except OutputLost as err:
        return output_lost("python -m game.engine", err)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
