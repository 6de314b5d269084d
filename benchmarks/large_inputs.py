"""Time and peak memory of the record command line and of the saved state on large inputs.

    python benchmarks/large_inputs.py [--json] [--root DIR]

Records: each case writes a file in a temporary directory and runs ``python -m game.engine
replay`` on it twice: in this process (``game.engine.__main__.main``, peak memory by
``tracemalloc``) and in a new Python process (wall time including the interpreter's start, and
the peak resident size the kernel reports for it; the first case, a normal record, is that
baseline).

Saved state: each case writes the settings, statistics or a saved match of a data folder and
starts the game's store on it (``game.ui.storage.Store``, as the game does when it starts): in
this process (tracemalloc) and in a new process (wall time and peak RSS; the first case, an
empty folder, is the baseline of the interpreter and the game's modules).  The browser's case
puts a 5 million character value (about what localStorage holds in all) in a stand-in
localStorage whose page counts the length, as the real page does.  ``--root DIR`` runs the
new-process cases on another checkout (e.g. an older commit, for the figures before a change).

The target (issue 16): refusing or loading a 50 MB file takes under a second and under 100 MB.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from game.engine.__main__ import main  # noqa: E402
from game.engine.records import MAX_RECORD_BYTES, random_record  # noqa: E402
from game.ui.storage import LIMITS, FileBackend, Store  # noqa: E402
from game.web.storage_backend import PAGE_HELPERS, LocalStorageBackend  # noqa: E402

from arguments import checkout, parse_with_smoke  # noqa: E402  (benchmarks/)

MB = 1024 * 1024


def _write_chunks(path: Path, head: str, chunk: str, count: int, tail: str) -> None:
    """head + chunk * count + tail, written piece by piece (this process stays small)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(head)
        for _ in range(count):
            f.write(chunk)
        f.write(tail)


def write_small_record(path: Path) -> None:
    """A whole 28 hand: the baseline (the interpreter and the engine, loaded)."""
    path.write_text(json.dumps(random_record("28", 1)))


def write_50mb_record(path: Path) -> None:
    """A real record whose last action is a 50 MB string."""
    text = json.dumps(random_record("28", 1))
    _write_chunks(path, text[:-2] + ', [0, "', "x" * MB, 50, '"]]}')


def write_50mb_nesting(path: Path) -> None:
    _write_chunks(path, "", "[" * MB, 25, "")
    with open(path, "a", encoding="utf-8") as f:
        for _ in range(25):
            f.write("]" * MB)


def write_padded_record(path: Path) -> None:
    """A valid record padded with spaces to just under the size limit (the most that is parsed)."""
    text = json.dumps(random_record("400", 1))
    path.write_text(text + " " * (MAX_RECORD_BYTES - len(text) - 1))


def write_deep_record(path: Path) -> None:
    """Just under the size limit, nested as deep as that allows."""
    depth = MAX_RECORD_BYTES // 2 - 10
    path.write_text('{"game": "28", "options": ' + "[" * depth + "]" * depth + "}")


CASES = {
    "a whole hand (baseline)": write_small_record,
    "50 MB record (one 50 MB action)": write_50mb_record,
    "50 MB of nested brackets": write_50mb_nesting,
    "record padded to the 1 MB limit": write_padded_record,
    "1 MB of nesting": write_deep_record,
}


def in_process(path: Path) -> tuple[float, float, int]:
    """(seconds, peak MB traced, exit code) of ``main(["replay", path])`` in this process."""
    out = io.StringIO()
    tracemalloc.start()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = main(["replay", str(path)])
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / MB, code


CHILD = ("import resource, sys\n"
         "from game.engine.__main__ import main\n"
         "code = main(['replay', sys.argv[1]])\n"
         "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
         "sys.exit(code)\n")


def child_process(path: Path) -> tuple[float, float, int, int]:
    """(seconds, peak resident MB, exit code, bytes printed) of the command in a new process."""
    t0 = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, capture_output=True,
                         check=False, text=True)
    seconds = time.perf_counter() - t0
    rss_kb = int(run.stderr.strip().splitlines()[-1])  # Linux reports kB
    return seconds, rss_kb / 1024, run.returncode, len(run.stdout)


def record_benchmark(cases: int = len(CASES)) -> dict:
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in list(CASES.items())[:cases]:
            path = Path(tmp) / "case.json"
            write(path)
            size = path.stat().st_size
            s_in, peak_in, code_in = in_process(path)
            s_out, rss, code_out, printed = child_process(path)
            rows[name] = {"file_mb": round(size / MB, 2), "in_process_s": round(s_in, 4),
                          "traced_peak_mb": round(peak_in, 2), "exit": code_in, "child_s": round(s_out, 3),
                          "child_peak_rss_mb": round(rss, 1), "child_exit": code_out, "printed_bytes": printed}
            path.unlink()
    return rows


# ---- saved state ------------------------------------------------------------------------------

def blob(kind: str, data) -> str:
    return json.dumps({"version": 1, "kind": kind, "data": data})


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as f:
        f.truncate(size)


def store_empty(folder: Path) -> None:
    """Nothing saved: the baseline."""


def store_50mb_settings(folder: Path) -> None:
    _write_chunks(folder / "settings.txt", '{"version": 1, "kind": "settings", "data": {"grain": "', "x" * MB, 50,
                  '"}}')


def store_50mb_stats(folder: Path) -> None:
    """50 MB of statistics: a million games' counts, all of them well-formed."""
    entry = ', "g{n}": {{"matches": 1, "wins": 1, "hands": 9, "bids": 3, "bids_made": 2}}'
    with open(folder / "stats.txt", "w", encoding="utf-8") as f:
        f.write('{"version": 1, "kind": "stats", "data": {"28": {"hands": 1}')
        n = 0
        while f.tell() < 50 * MB:
            f.write("".join(entry.format(n=n + i) for i in range(1000)))
            n += 1000
        f.write("}}")


def store_50mb_match(folder: Path) -> None:
    _sparse(folder / "match.txt", 50 * MB)


def store_50mb_not_text(folder: Path) -> None:
    _write_chunks(folder / "match.txt", "", "\u00e9" * (MB // 2), 50, "")  # 50 MB of UTF-8, a stray byte last
    with open(folder / "match.txt", "ab") as f:
        f.write(b"\xff")


def store_limits_full(folder: Path) -> None:
    """Each blob valid and just under its kind's limit: the most that is ever parsed."""
    match = json.loads(_real_match())
    text = blob("match", match)
    (folder / "match.txt").write_text(text + " " * (LIMITS["match"].chars - len(text) - 1))
    stats = {f"g{n}": {"hands": n} for n in range(LIMITS["stats"].items // 2 - 4)}  # with the envelope: the most
    (folder / "stats.txt").write_text(blob("stats", stats))
    settings = blob("settings", {"grain": 0.25})
    (folder / "settings.txt").write_text(settings + " " * (LIMITS["settings"].chars - len(settings) - 1))


def _real_match() -> str:
    import random

    from game.ui.session import Session
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(FileBackend(tmp))
        session = Session("28", {}, 3, "easy", (0,), store)
        rng = random.Random(3)
        for _ in range(3):
            while not session.hand.is_over():
                session.apply(rng.choice(session.hand.legal_actions()))
            session.next_hand()
        return json.dumps(session.to_dict())


STORE_CASES = {
    "nothing saved (baseline)": store_empty,
    "50 MB settings": store_50mb_settings,
    "50 MB statistics": store_50mb_stats,
    "50 MB match save": store_50mb_match,
    "50 MB match save, not UTF-8": store_50mb_not_text,
    "each blob just under its limit": store_limits_full,
}


class PageStorage:
    """A stand-in localStorage with the page's helpers (what ``PAGE_HELPERS`` does in a browser)."""

    def __init__(self, items):
        self.localStorage = self
        self.items = items

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)

    def eval(self, source):
        assert source == PAGE_HELPERS
        items = self.items

        class Helpers:
            length = staticmethod(lambda key: len(items[key]) if key in items else -1)
            copy = staticmethod(lambda key, to: bool(items.__setitem__(to, items[key])) or True)
        return Helpers


def store_in_process(folder: Path) -> tuple[float, float, int]:
    """(seconds, peak MB traced, notices) of starting the store on ``folder``."""
    tracemalloc.start()
    t0 = time.perf_counter()
    store = Store(FileBackend(folder))
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / MB, len(store.notices)


STORE_CHILD = ("import resource, sys, time\n"
               "sys.path.insert(0, sys.argv[2])\n"
               "from game.ui.storage import FileBackend, Store\n"
               "t0 = time.perf_counter()\n"
               "store = Store(FileBackend(sys.argv[1]))\n"
               "print(time.perf_counter() - t0, len(store.notices), file=sys.stderr)\n"
               "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n")


def store_child(folder: Path, root: Path) -> tuple[float, float, float]:
    """(seconds for the store alone, seconds in all, peak resident MB) in a new process."""
    t0 = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", STORE_CHILD, str(folder), str(root)], cwd=root, capture_output=True,
                         check=False, text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    seconds = time.perf_counter() - t0
    lines = run.stderr.strip().splitlines()
    if run.returncode != 0:
        return float("nan"), seconds, float("nan")
    store_s = float(lines[-2].split()[0])
    return store_s, seconds, int(lines[-1]) / 1024


def browser_case(chars: int = 5 * MB) -> dict:
    """A 5 million character match value in localStorage, refused by its length in the page."""
    items = {"trick-table:match": "x" * chars}
    tracemalloc.start()
    t0 = time.perf_counter()
    store = Store(LocalStorageBackend(PageStorage(items)))
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    kept = [k for k in items if k.startswith("trick-table:match.unreadable-")]
    return {"value_chars": chars, "in_process_s": round(seconds, 4), "traced_peak_mb": round(peak / MB, 2),
            "notices": len(store.notices), "kept_aside": len(kept)}


def store_benchmark(root: Path, cases: int = len(STORE_CASES)) -> dict:
    rows = {}
    for name, write in list(STORE_CASES.items())[:cases]:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            write(folder)
            size = sum(p.stat().st_size for p in folder.iterdir())
            s_in, peak_in, notices = store_in_process(folder)
        with tempfile.TemporaryDirectory() as tmp:  # afresh: the store moved the files aside
            folder = Path(tmp)
            write(folder)
            store_s, child_s, rss = store_child(folder, root)
        rows[name] = {"files_mb": round(size / MB, 2), "in_process_s": round(s_in, 4),
                      "traced_peak_mb": round(peak_in, 2), "notices": notices, "child_store_s": round(store_s, 4),
                      "child_s": round(child_s, 3), "child_peak_rss_mb": round(rss, 1)}
    return rows


def main_benchmark(as_json: bool, root: Path = ROOT, smoke: bool = False) -> None:
    """``smoke``: the first (baseline) case of each table and a small browser value."""
    records = record_benchmark(1 if smoke else len(CASES))
    stores = store_benchmark(root, 1 if smoke else len(STORE_CASES))
    browser = browser_case(MB // 16 if smoke else 5 * MB)
    if as_json:
        print(json.dumps({"cases": records, "store": stores, "browser": browser, "root": str(root),
                          "python": sys.version.split()[0]}))
        return
    print(f"python -m game.engine replay FILE on large files, Python {sys.version.split()[0]}")
    print(f"{'case':<34}{'file MB':>8}{'in-proc s':>11}{'traced MB':>11}{'child s':>9}{'child RSS MB':>14}"
          f"{'exit':>6}{'printed B':>11}")
    for name, r in records.items():
        print(f"{name:<34}{r['file_mb']:>8}{r['in_process_s']:>11}{r['traced_peak_mb']:>11}{r['child_s']:>9}"
              f"{r['child_peak_rss_mb']:>14}{r['child_exit']:>6}{r['printed_bytes']:>11}")
    print("(child: a new Python process running the command; its peak RSS includes the interpreter, "
          "see the baseline)")
    print()
    print(f"the game's saved state (Store on a data folder); new-process cases from {root}")
    print(f"{'case':<34}{'files MB':>9}{'in-proc s':>11}{'traced MB':>11}{'notices':>9}{'child store s':>15}"
          f"{'child s':>9}{'child RSS MB':>14}")
    for name, r in stores.items():
        print(f"{name:<34}{r['files_mb']:>9}{r['in_process_s']:>11}{r['traced_peak_mb']:>11}{r['notices']:>9}"
              f"{r['child_store_s']:>15}{r['child_s']:>9}{r['child_peak_rss_mb']:>14}")
    print(f"browser: a {browser['value_chars']:,} character match value in localStorage refused in "
          f"{browser['in_process_s']} s, {browser['traced_peak_mb']} MB traced, kept aside: {browser['kept_aside']}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--root", metavar="DIR", type=checkout, default=ROOT,
                        help="the checkout the new-process cases run (this one)")
    parser.add_argument("--json", action="store_true")
    args = parse_with_smoke(parser, None, [])
    main_benchmark(args.json, args.root.resolve(), args.smoke)
