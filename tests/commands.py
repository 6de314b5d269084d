"""Many short command lines run in one child process: ``run_many``.

A test of a command line's refusals needs the command's exit code and what it printed, not a
Python of its own for each: a process costs ~0.15 s of CPU to start and import the game, the
refusal itself a few milliseconds.  ``run_many`` starts one child (away from the test's process,
as a subprocess would be) and runs every command in it as Python would run it alone: ``python
SCRIPT ARGS`` with the script's folder first on ``sys.path``, ``python -m MODULE ARGS`` with the
working folder first, ``sys.argv`` as Python sets it, standard output and error captured apart,
the exit code from ``SystemExit`` (``sys.exit``, argparse's refusals) and an exception that gets
out printed as Python prints it (a traceback, exit code 1).  A command that needs a process of
its own (its standard output closed or full, signals, several processes) is not for this.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import io, json, os, runpy, sys, traceback
from contextlib import redirect_stderr, redirect_stdout

def exit_code(code, err):
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)  # as Python does with sys.exit("message")
    return 1

results = []
path, argv = list(sys.path), list(sys.argv)
for command in json.load(sys.stdin):
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="") for _ in "12")  # .buffer too
    sys.path[:] = path
    with redirect_stdout(out), redirect_stderr(err):
        try:
            if command[0] == "-m":
                sys.path[0] = os.getcwd()
                sys.argv = [command[1], *command[2:]]
                runpy.run_module(command[1], run_name="__main__", alter_sys=True)
            else:
                sys.path[0] = os.path.dirname(os.path.abspath(command[0]))
                sys.argv = list(command)
                runpy.run_path(command[0], run_name="__main__")
            code = 0
        except SystemExit as stop:
            code = exit_code(stop.code, err)
        except BaseException:
            traceback.print_exc()
            code = 1
    sys.argv = argv
    out.flush(), err.flush()
    results.append([code, *(f.buffer.getvalue().decode("utf-8", "replace") for f in (out, err))])
json.dump(results, sys.__stdout__)
"""


@dataclass(frozen=True)
class Finished:
    """What one command left: as ``subprocess.run``'s result (text)."""

    args: list
    returncode: int
    stdout: str
    stderr: str


def run_many(commands: list[list[str]], cwd: Path = ROOT, timeout: float = 300, env=None) -> list[Finished]:
    """Each of ``commands`` (a Python command line without the ``python``) run in turn in one
    child Python started in ``cwd`` (with ``env``, None: this process's); their results in the
    same order."""
    child = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps(commands), cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=timeout, check=False)
    assert child.returncode == 0, child.stderr[-4000:]
    return [Finished(list(c), *r) for c, r in zip(commands, json.loads(child.stdout), strict=True)]
