#!/usr/bin/env python3
"""Whether any test's outcome depends on the machine's load or on the order of the tests.

    python tools/determinism_check.py [--loaded 2] [--idle 2] [--jobs auto] [PYTEST ARGS...]

Runs the suite (or the part the pytest arguments name, e.g. ``tests/test_ai.py``) ``--loaded``
times while a busy loop runs on every core, then ``--idle`` times on a quiet machine, each run in
parallel as ``make test`` runs it and in its own shuffled order (pytest-random-order: the modules
in a random order and the tests in each, so a module's fixtures are still made once; the seed
printed so a run can be repeated).  Prints each run's seed, wall time and counts, then every test
whose outcome was not the same in all runs.  Exit status 0 only when every test had the same
outcome every time and none failed.

The busy loops are processes this script starts and stops itself (each also stops by itself
after ``--hog-limit`` seconds, should the script be killed).  Each run's log and JUnit report are
kept in build/determinism/.  ``make determinism`` runs it on the whole suite (RUNS=2 each way).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "determinism"
HOG = "import time\nend = time.monotonic() + {limit}\nwhile time.monotonic() < end:\n    pass\n"


def start_hogs(count: int, limit: float) -> list[subprocess.Popen]:
    """``count`` processes that keep a core busy for at most ``limit`` seconds."""
    return [subprocess.Popen([sys.executable, "-c", HOG.format(limit=limit)]) for _ in range(count)]


def stop_hogs(hogs: list[subprocess.Popen]) -> None:
    for hog in hogs:
        hog.terminate()
    for hog in hogs:
        try:
            hog.wait(timeout=10)
        except subprocess.TimeoutExpired:
            hog.kill()
            hog.wait()


def outcomes(report: Path) -> dict[str, str]:
    """test id -> passed, failed, error or skipped, from a JUnit XML report."""
    found = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}".split("@")[0]
        kinds = {child.tag for child in case}
        outcome = ("error" if "error" in kinds else "failed" if "failure" in kinds
                   else "skipped" if "skipped" in kinds else "passed")
        if found.get(name, "passed") == "passed":  # a setup error and the call's report: the worst
            found[name] = outcome
    return found


def run(index: int, loaded: bool, seed: int, jobs: str, hog_limit: float, pytest_args: list[str]) -> dict:
    report, log = OUT / f"run-{index}.xml", OUT / f"run-{index}.log"
    command = [sys.executable, "-m", "pytest", "-n", jobs, "--dist", "loadgroup", "-p", "random_order",
               "--random-order-bucket=module", f"--random-order-seed={seed}", f"--junitxml={report}",
               "-p", "no:cacheprovider", *pytest_args]
    hogs = start_hogs(os.cpu_count() or 1, hog_limit) if loaded else []
    started = time.monotonic()
    try:
        with log.open("w", encoding="utf-8") as out:
            code = subprocess.call(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    finally:
        stop_hogs(hogs)
    seconds = time.monotonic() - started
    results = outcomes(report) if report.is_file() else {}
    counts = {kind: sum(1 for o in results.values() if o == kind) for kind in ("passed", "failed", "error", "skipped")}
    print(f"run {index}: {'loaded' if loaded else 'idle':6} seed {seed:<10} {seconds:7.1f} s  exit {code}  "
          + "  ".join(f"{n} {kind}" for kind, n in counts.items()) + f"  (log {log.relative_to(ROOT)})", flush=True)
    return {"loaded": loaded, "seed": seed, "seconds": seconds, "code": code, "results": results}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False,
                                     epilog="Other arguments go to pytest (test files, -k, -m).")
    parser.add_argument("--loaded", type=int, default=2, help="runs with a busy loop on every core [2]")
    parser.add_argument("--idle", type=int, default=2, help="runs on a quiet machine [2]")
    parser.add_argument("--jobs", default="auto", help="pytest-xdist workers, as make test [auto]")
    parser.add_argument("--seed", type=int, help="the first run's order seed (the next runs count up) [random]")
    parser.add_argument("--hog-limit", type=float, default=3600.0,
                        help="a busy loop stops by itself after this many seconds [3600]")
    args, pytest_args = parser.parse_known_args(argv)
    if args.loaded < 0 or args.idle < 0 or args.loaded + args.idle < 2:
        parser.error("--loaded and --idle must not be negative and make at least two runs together")
    if args.hog_limit <= 0:
        parser.error("--hog-limit must be above 0 seconds")
    OUT.mkdir(parents=True, exist_ok=True)
    first = args.seed if args.seed is not None else random.randrange(10 ** 9)
    print(f"{args.loaded} loaded and {args.idle} idle runs of: pytest {' '.join(pytest_args) or '(the whole suite)'}"
          f"; {os.cpu_count()} cores", flush=True)
    plan = [True] * args.loaded + [False] * args.idle
    runs = [run(i + 1, loaded, first + i, args.jobs, args.hog_limit, pytest_args) for i, loaded in enumerate(plan)]

    names = sorted(set().union(*(r["results"] for r in runs)))
    differ = [n for n in names if len({r["results"].get(n, "absent") for r in runs}) > 1]
    failing = [n for n in names if n not in differ and runs[0]["results"].get(n) in ("failed", "error")]
    print(f"\n{len(names)} tests; outcomes that differed between runs: {len(differ)}")
    for n in differ:
        print(f"  {n}: " + ", ".join(f"{'loaded' if r['loaded'] else 'idle'} {r['results'].get(n, 'absent')}"
                                     for r in runs))
    if failing:
        print(f"failed in every run: {len(failing)}")
        for n in failing:
            print(f"  {n}")
    bad_exit = [r for r in runs if r["code"] != 0 and not any(o in ("failed", "error") for o in r["results"].values())]
    for r in bad_exit:
        print(f"a run with seed {r['seed']} ended with exit {r['code']} and no test failed: see its log")
    return 1 if differ or failing or bad_exit or not names else 0


if __name__ == "__main__":
    sys.exit(main())
