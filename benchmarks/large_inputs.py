"""Time and peak memory of the record command line on large inputs.

    python benchmarks/large_inputs.py [--json]

Each case writes a file in a temporary directory and runs ``python -m game.engine replay`` on
it twice: in this process (``game.engine.__main__.main``, peak memory by ``tracemalloc``) and
in a new Python process (wall time including the interpreter's start, and the peak resident
size the kernel reports for it; the first case, a normal record, is that baseline).  The target (issue 16): refusing a 50 MB record takes under
a second and under 100 MB.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.__main__ import main  # noqa: E402
from game.engine.records import MAX_RECORD_BYTES, random_record  # noqa: E402

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


def main_benchmark(as_json: bool) -> None:
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in CASES.items():
            path = Path(tmp) / "case.json"
            write(path)
            size = path.stat().st_size
            s_in, peak_in, code_in = in_process(path)
            s_out, rss, code_out, printed = child_process(path)
            rows[name] = {"file_mb": round(size / MB, 2), "in_process_s": round(s_in, 4),
                          "traced_peak_mb": round(peak_in, 2), "exit": code_in, "child_s": round(s_out, 3),
                          "child_peak_rss_mb": round(rss, 1), "child_exit": code_out, "printed_bytes": printed}
            path.unlink()
    if as_json:
        print(json.dumps({"cases": rows, "python": sys.version.split()[0]}))
        return
    print(f"python -m game.engine replay FILE on large files, Python {sys.version.split()[0]}")
    print(f"{'case':<34}{'file MB':>8}{'in-proc s':>11}{'traced MB':>11}{'child s':>9}{'child RSS MB':>14}"
          f"{'exit':>6}{'printed B':>11}")
    for name, r in rows.items():
        print(f"{name:<34}{r['file_mb']:>8}{r['in_process_s']:>11}{r['traced_peak_mb']:>11}{r['child_s']:>9}"
              f"{r['child_peak_rss_mb']:>14}{r['child_exit']:>6}{r['printed_bytes']:>11}")
    print("(child: a new Python process running the command; its peak RSS includes the interpreter, "
          "see the baseline)")


if __name__ == "__main__":
    main_benchmark("--json" in sys.argv[1:])
