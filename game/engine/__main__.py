"""Command line: ``replay RECORD.json [--trace]`` and ``record --game G --seed N [--out FILE]``.

Exit 0 on success; a bad record, illegal action or bad argument prints the
spec's error object and exits 2, never a traceback.
"""

from __future__ import annotations

import json
import sys

from .records import RecordError, random_record, replay_text

USAGE = ("usage: python -m game.engine replay RECORD.json [--trace]\n"
         "       python -m game.engine record --game G --seed N [--options JSON] [--out FILE]")


def _fail(reason: str) -> int:
    print(json.dumps(RecordError(reason).as_json()))
    return 2


def _flags(args: list[str], names: set[str]) -> dict:
    found = {}
    i = 0
    while i < len(args):
        name = args[i]
        if name not in names or i + 1 >= len(args):
            raise ValueError(f"unexpected argument {name!r}")
        found[name] = args[i + 1]
        i += 2
    return found


def main(argv: list[str]) -> int:
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    if command == "replay":
        trace = "--trace" in args
        paths = [a for a in args if a != "--trace"]
        if len(paths) != 1:
            return _fail("replay takes one record file: python -m game.engine replay RECORD.json [--trace]")
        try:
            with open(paths[0], encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as err:
            return _fail(f"cannot read the record file: {err}")
        out = replay_text(text, trace)
        print(json.dumps(out))
        return 0 if out["ok"] else 2
    if command == "record":
        try:
            flags = _flags(args, {"--game", "--seed", "--out", "--options"})
            if "--game" not in flags or "--seed" not in flags:
                raise ValueError("record needs --game and --seed")
            options = json.loads(flags.get("--options", "{}"))
            seed = int(flags["--seed"]) if flags["--seed"].lstrip("-").isdigit() else flags["--seed"]
            rec = random_record(flags["--game"], seed, options)
        except ValueError as err:
            return _fail(str(err))
        text = json.dumps(rec)
        if "--out" in flags:
            try:
                with open(flags["--out"], "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError as err:
                return _fail(f"cannot write {flags['--out']}: {err}")
        else:
            print(text)
        return 0
    return _fail(f"unknown command {command!r}; the commands are replay and record")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
