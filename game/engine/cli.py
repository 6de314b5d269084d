"""What the command lines share (the engine's, the arena's, main.py's): an argument parser whose
refusals are bounded, and standard output that may be full, closed or a pipe that stopped reading."""

from __future__ import annotations

import argparse
import os
import sys

from .bounds import shown
from .quote import clean


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser whose refusals quote at most ERROR_CHARS characters of what they were
    given (argparse repeats a bad value or an unknown argument whole: 120 KB of it)."""

    ERROR_CHARS = 400

    def error(self, message):
        super().error(shown(message, self.ERROR_CHARS))


class OutputLost(Exception):
    """Standard output cannot be written (a full disk, ``>/dev/full``, closed with ``>&-``)."""


def say(text: str) -> None:
    """``text`` and a newline on standard output, flushed now.  A reader that stopped reading
    (``replay ... | head``) loses the rest quietly; any other failure to write is OutputLost,
    which the command reports in one line on standard error (``output_lost``).  Either way
    stdout then goes to the null device, so the interpreter's last flush prints no traceback."""
    out = sys.stdout
    try:
        if out is None:
            raise OSError("standard output is closed")
        out.write(text + "\n")
        out.flush()
    except BrokenPipeError:
        _stdout_to_null()
    except (OSError, ValueError) as err:  # ValueError: the stream itself was closed
        _stdout_to_null()
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise OutputLost(why) from None


def _stdout_to_null() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no stdout at all: a new one on the null device
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    finally:
        os.close(devnull)


def output_lost(program: str, err: OutputLost) -> int:
    """Exit code 2, after one line on standard error saying the output could not be written."""
    try:
        print(f"{program}: cannot write to standard output: {clean(str(err), 200)}", file=sys.stderr, flush=True)
    except (AttributeError, OSError, ValueError):
        pass  # nowhere left to say it
    return 2
