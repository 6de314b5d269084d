"""An arena run fixed before its first deal and read once: its size, seed and code are set when
it starts, its deals are played over as many sittings as it takes, and its figure is printed
only when every deal is in.

    python benchmarks/ai_fixed_run.py start LOG --game schieber --a expert --b dd --deals 1350
        --seed S [--commit REV]
    nice -n 10 python benchmarks/ai_fixed_run.py play LOG [--jobs 2] [--minutes M]
    python benchmarks/ai_fixed_run.py read LOG

LOG holds JSON lines: first the plan (game, players, deals, seed, the commit whose code plays
and a hash of its ``game`` sources), then one line per deal played, in the order they finish.
``play`` plays the deals not yet in with that commit's code, extracted by ``git archive`` into
a folder of its own under the system's temporary folder (so this checkout can change
meanwhile), and starts no deal after ``--minutes`` but its first (one a process); a sitting cut
short loses only the deals it was playing.  Until all deals are in, ``read`` says how many are,
and nothing of how they went: a run looked at as it grows and stopped when it looks good
overstates its confidence.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from arguments import SMOKE_HELP, whole_number, positive_number

ROOT = Path(__file__).resolve().parent.parent
# the arena's players and the games (game.ai.arena.PLAYERS, game.engine.GAMES; a test keeps them so)
PLAYERS = ("baseline", "easy", "normal", "hard", "expert", "dd")
GAMES = ("304", "28", "400", "schieber")


class Refused(Exception):
    """A run that cannot go on as asked; main prints why."""


def source_hash(tree: Path) -> str:
    """The ``game`` package's Python sources, by path and content."""
    h = hashlib.sha256()
    for path in sorted((tree / "game").rglob("*.py")):
        h.update(str(path.relative_to(tree)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def tree_of(commit: str) -> Path:
    """That commit's files in a folder of their own (made once, from this repository)."""
    tree = Path(tempfile.gettempdir()) / f"fixed-run-{commit[:12]}"
    if not (tree / "game" / "__init__.py").is_file():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    return tree


def read_log(log: Path) -> tuple[dict, dict[int, dict]]:
    """The plan and the deals in, by number; a last line cut off mid-write is left out."""
    lines = log.read_text().splitlines()
    try:
        plan = json.loads(lines[0])
        {plan[k] for k in ("game", "a", "b", "deals", "seed", "commit", "source", "started")}
    except (IndexError, ValueError, TypeError, KeyError):
        raise Refused(f"{log}: its first line is not a run's plan") from None
    deals = {}
    for line in lines[1:]:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        deals[row["i"]] = row
    return plan, deals


def play_one(tree: str, plan: dict, i: int) -> dict:
    """Deal ``i`` in duplicate, by the plan, with the code in ``tree``."""
    if sys.path[0] != tree:
        sys.path.insert(0, tree)
    from game.ai.arena import play_deal
    d, s, ta, tb = play_deal(plan["game"], plan["a"], plan["b"], plan["seed"], i)
    side = lambda t: {"ms": round(sum(t.ms)), "decisions": len(t.ms), "bids": t.bids,
                      "made": t.made, "mults": t.mults}
    return {"i": i, "diff": round(d, 3), "score": round(s, 3), "a": side(ta), "b": side(tb)}


def _play_one(args):
    return play_one(*args)


def start(args) -> None:
    if args.log.exists():
        raise Refused(f"{args.log} exists: a run is started once")
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", args.commit], capture_output=True,
                            text=True)
    if commit.returncode:
        raise Refused(f"--commit {args.commit!r} is not a commit of this repository")
    commit = commit.stdout.strip()
    plan = {"game": args.game, "a": args.a, "b": args.b, "deals": args.deals, "seed": args.seed,
            "commit": commit, "source": source_hash(tree_of(commit)),
            "started": time.strftime("%Y-%m-%d %H:%M")}
    args.log.parent.mkdir(parents=True, exist_ok=True)
    args.log.write_text(json.dumps(plan) + "\n")
    print(f"{args.log}: {args.deals} deals of {args.game}, {args.a} against {args.b}, seed "
          f"{args.seed!r}, commit {commit[:12]}")


def play(args) -> None:
    plan, deals = read_log(args.log)
    tree = tree_of(plan["commit"])
    if source_hash(tree) != plan["source"]:
        raise Refused(f"{tree}: its game sources are not the plan's ({plan['source']}); remove the "
                      "folder and play again")
    todo = [i for i in range(plan["deals"]) if i not in deals]
    stop_at = time.monotonic() + 60 * args.minutes if args.minutes else None
    work = [(str(tree), plan, i) for i in todo]
    done = 0
    text = args.log.read_text()
    if not text.endswith("\n"):  # the last sitting was killed mid-line: drop that line
        args.log.write_text(text[:text.rfind("\n") + 1])

    def keep(row):  # opened for each row: a log that git rewrote meanwhile keeps every row
        nonlocal done
        with args.log.open("a") as out:
            out.write(json.dumps(row) + "\n")
        done += 1

    if args.jobs == 1:
        for job in work:
            keep(_play_one(job))
            if stop_at and time.monotonic() > stop_at:
                break
    else:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            pending, running, started = list(work), [], 0
            while pending or running:
                late = started >= args.jobs and stop_at and time.monotonic() > stop_at
                while pending and len(running) < args.jobs and not late:
                    started += 1
                    running.append(pool.apply_async(_play_one, (pending.pop(0),)))
                if not running:
                    break
                for r in [r for r in running if r.ready()]:
                    running.remove(r)
                    keep(r.get())
                time.sleep(0.2)
    print(f"{args.log}: {done} deals played this sitting, {len(deals) + done} of {plan['deals']} in")


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """As ``game.ai.arena.mean_ci``: this process imports no ``game`` (the plan's commit plays)."""
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return m, m - 1.96 * sd / n ** 0.5, m + 1.96 * sd / n ** 0.5


def read(args) -> None:
    plan, deals = read_log(args.log)
    head = (f"{plan['game']}, {plan['a']} against {plan['b']}, seed {plan['seed']!r}, commit "
            f"{plan['commit'][:12]}, started {plan['started']}")
    if len(deals) < plan["deals"]:
        print(f"{head}: {len(deals)} of {plan['deals']} deals in; the figure is read when all are")
        return
    rows = [deals[i] for i in range(plan["deals"])]
    m, lo, hi = mean_ci([r["diff"] for r in rows])
    sm, slo, shi = mean_ci([r["score"] for r in rows])
    print(f"{head}: all {plan['deals']} deals in")
    print(f"  {plan['a']} over {plan['b']}: {m:+.2f} per deal, 95% CI [{lo:+.2f}, {hi:+.2f}]; "
          f"match score {sm:+.2f} [{slo:+.2f}, {shi:+.2f}]")
    for key in ("a", "b"):
        ms = sum(r[key]["ms"] for r in rows)
        n = sum(r[key]["decisions"] for r in rows)
        bids = sum(r[key]["bids"] for r in rows)
        made = sum(r[key]["made"] for r in rows)
        mults = [x for r in rows for x in r[key]["mults"]]
        line = f"  {plan[key]}: {ms / max(n, 1):.0f} ms a decision over {n}"
        if bids:
            line += f"; contracts made {100 * made / bids:.0f}% of {bids}"
        if mults:
            line += f"; multiplier {sum(mults) / len(mults):.2f} on average"
        print(line)


def main(argv: list[str]) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    p.add_argument("--smoke", action="store_true", help=SMOKE_HELP + ": a run of one deal started, played and read")
    sub = p.add_subparsers(dest="command")
    s = sub.add_parser("start", allow_abbrev=False)
    s.add_argument("log", type=Path)
    s.add_argument("--game", required=True, choices=GAMES)
    s.add_argument("--a", required=True, choices=PLAYERS)
    s.add_argument("--b", required=True, choices=PLAYERS)
    s.add_argument("--deals", required=True, type=whole_number)
    s.add_argument("--seed", required=True)
    s.add_argument("--commit", default="HEAD")
    g = sub.add_parser("play", allow_abbrev=False)
    g.add_argument("log", type=Path)
    g.add_argument("--jobs", type=whole_number, default=1)
    g.add_argument("--minutes", type=positive_number)
    r = sub.add_parser("read", allow_abbrev=False)
    r.add_argument("log", type=Path)
    args = p.parse_args(argv)
    if args.smoke:
        smoke()
        return
    if args.command is None:
        p.error("say what to do: start, play or read")
    try:
        if args.command != "start" and not args.log.is_file():
            raise Refused(f"{args.log}: no such run; start it first")
        {"start": start, "play": play, "read": read}[args.command](args)
    except Refused as why:
        p.exit(2, f"{p.prog}: {why}\n")


def smoke() -> None:
    """A run of one deal in a temporary folder: started, played and read, as a real one is."""
    with tempfile.TemporaryDirectory() as tmp:
        log = str(Path(tmp) / "run.jsonl")
        main(["start", log, "--game", "28", "--a", "baseline", "--b", "easy", "--deals", "1", "--seed", "smoke"])
        main(["play", log])
        main(["read", log])


if __name__ == "__main__":
    main(sys.argv[1:])
