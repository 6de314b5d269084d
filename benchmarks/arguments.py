"""What the benchmarks' command lines accept: argparse types that refuse a bad value in words,
and the two-checkout run (``--before DIR``) that several of them share."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path


def whole_number(text: str) -> int:
    """A count from 1 up."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"takes a whole number from 1 up, not {text!r}")
    return int(text)


def positive_number(text: str) -> float:
    """A duration or budget above 0, fractions allowed."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"takes a number above 0, not {text!r}")
    return value


def comma_list(choices):
    """A type for a comma-separated list, each name one of ``choices``."""
    def names(text: str) -> list[str]:
        got = [name.strip() for name in text.split(",")]
        wrong = [name for name in got if name not in choices]
        if wrong:
            raise argparse.ArgumentTypeError(f"{wrong[0]!r} is not one of {', '.join(choices)}")
        return got
    return names


def checkout(text: str) -> Path:
    """A folder holding a ``game`` package: this project at some commit."""
    if not (Path(text) / "game" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"no game package in {text!r}")
    return Path(text)


def tree_to_measure(argv: list[str], default: Path) -> Path:
    """The checkout whose ``game`` a script measures, known before it imports it: ``--tree DIR``
    (how ``run_before`` runs the other checkout's code in a process of its own), else
    ``default``.  The script's own parser takes ``--tree`` too, hidden."""
    pre = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    pre.add_argument("--tree", type=Path, default=default)
    return pre.parse_known_args(argv)[0].tree


def run_before(parser: argparse.ArgumentParser, script: Path, before: Path, args: list[str]) -> dict:
    """``script --json --tree BEFORE *args`` in a new process: its JSON, or the parser's exit with
    what went wrong."""
    run = subprocess.run([sys.executable, str(script), "--json", "--tree", str(before), *args],
                         capture_output=True, text=True)
    if run.returncode:
        parser.exit(1, f"--before {before}: its run failed:\n{run.stderr}")
    return json.loads(run.stdout)


SMOKE_HELP = "seconds, tiny sizes: that the benchmark still runs (the test suite runs every benchmark so)"


def parse_with_smoke(parser: argparse.ArgumentParser, argv, tiny: list[str]) -> argparse.Namespace:
    """``parser``'s arguments with ``--smoke`` besides: the benchmark at ``tiny`` sizes (its
    arguments, taken before the command line's, so that one given there still wins)."""
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    argv = list(sys.argv[1:] if argv is None else argv)
    return parser.parse_args(tiny + argv if "--smoke" in argv else argv)
