"""The engine and the AI in WebAssembly vs native.

    python benchmarks/wasm.py [--hands 200] [--ai-hands 2] [--levels normal,expert] [--slice-ms 8.4]
        [--throttle 4] [--choices 6] [--games 28,schieber]

For the AI it prints, per game, the time per decision and the roll-outs (and exact searches)
per decision natively and in Pyodide: the browser gets 3.5 times the native budget
(``search.SLOWDOWN``), so the roll-outs show how much of the native work it does in that time.

Plays the same hands natively and in Pyodide in headless Chromium (Debian's chromium, the npm
package pyodide: ``make test-web`` installs both) and prints the time per decision in each and
their ratio. Random play measures the engine (legal moves, applying them); AI play measures
what a player waits for. The Pyodide page is cross-origin isolated so the browser's clock
reads to 5 µs; times are wall times over whole hands.

``--throttle R`` measures the AI a third time, the page's CPU slowed R times (DevTools'
``Emulation.setCPUThrottlingRate``, set only for that run): a phone's core, roughly. Per level
and game it prints the time, roll-outs and slices (``--slice-ms``: the table gives a slice what its
frame left of ``players.FRAME_MS``, at most 8.4 ms in the browser)
per decision with a choice and the slices' length, natively, in Pyodide and throttled: the
thinker's budget is wall-clock time, so a slower core weighs fewer worlds. ``--choices N`` plays
each AI hand only until N decisions with a choice (the auction and the first tricks, where the
roll-outs are longest): a small sample of the expert level in a few minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

sys.path.insert(0, str(ROOT / "benchmarks"))

import wasm_play  # noqa: E402
import web_browser  # noqa: E402
from arguments import SMOKE_HELP, comma_list  # noqa: E402  (benchmarks/)
from game.ai import LEVELS  # noqa: E402
from game.engine import GAMES  # noqa: E402
from web_serve import LocalServer  # noqa: E402


def rows(native: dict, wasm: dict) -> list[tuple]:
    out = []
    for game in native["games"]:
        n, w = native["games"][game], wasm["games"][game]
        if "error" in n or "error" in w:
            out.append((game, n.get("error") or w.get("error")))
            continue
        out.append((game, n["decisions"], n["ms_per_decision"], w["ms_per_decision"], w["ms_per_decision"] / n["ms_per_decision"]))
    return out


def show(title: str, native: dict, wasm: dict) -> dict:
    print(f"\n{title}: {native['hands']} hand(s) per game; native Python {native['python']}, "
          f"Pyodide Python {wasm['python']}")
    print(f"  {'game':>8}  {'decisions':>9}  {'native ms':>10}  {'wasm ms':>10}  {'ratio':>6}")
    total_n = total_w = 0.0
    for row in rows(native, wasm):
        if len(row) == 2:
            print(f"  {row[0]:>8}  failed: {row[1]}")
            continue
        game, decisions, n, w, ratio = row
        print(f"  {game:>8}  {decisions:9d}  {n:10.4f}  {w:10.4f}  {ratio:6.2f}")
        total_n += n * decisions
        total_w += w * decisions
    overall = total_w / total_n if total_n else float("nan")
    print(f"  {'all':>8}  {'':9}  {'':10}  {'':10}  {overall:6.2f}   (wasm time / native time per decision)")
    return {"native": native, "wasm": wasm, "ratio": round(overall, 3)}


def ai_figures(args, in_wasm, cdp) -> dict:
    """Per level and game, the AI natively, in Pyodide, and (with ``--throttle``) in Pyodide on
    the throttled page: ms and roll-outs per decision with a choice, slices and their length."""
    out = {}
    runs = [("native", 1.0), ("wasm", 1.0)] + ([(f"wasm x{args.throttle:g}", args.throttle)] if args.throttle > 1 else [])
    for level in args.levels:
        ai = {"hands": args.ai_hands, "ai": True, "level": level, "games": args.games,
              "slice_ms": args.slice_ms, "choices": args.choices or None}
        figures = {}
        for name, rate in runs:
            if name == "native":
                figures[name] = wasm_play.bench(**ai)
                if figures[name]["players"] != "game.ai.Thinker":
                    print(f"\nAI: not measured ({figures[name]['why_random']})")
                    return out
                continue
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            try:
                figures[name] = in_wasm(**ai)
            finally:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        out[level] = figures
        sample = f"the first {args.choices} decisions with a choice of" if args.choices else "every decision with a choice in"
        print(f"\nAI, level {level}, Thinker in {args.slice_ms:g} ms slices: {sample} {args.ai_hands} hand(s) per game")
        print(f"  {'game':>8}  {'run':>8}  {'choices':>7}  {'ms mean':>8}  {'ms max':>7}  {'roll-outs mean/median/min':>25}"
              f"  {'slices':>6}  {'slice ms mean/p95/max':>21}")
        for game in args.games:
            for name, _ in runs:
                g = figures[name]["games"][game]
                if "error" in g:
                    print(f"  {game:>8}  {name:>8}  failed: {g['error']}")
                    continue
                rollouts = f"{g['choice_rollouts_mean']:.0f}/{g['choice_rollouts_median']:.0f}/{g['choice_rollouts_min']}"
                per_choice = g["slices_per_decision"] * g["decisions"] / max(1, g["choices"])
                slices = f"{g['slice_mean_ms']:.1f}/{g['slice_p95_ms']:.1f}/{g['slice_max_ms']:.1f}"
                print(f"  {game:>8}  {name:>8}  {g['choices']:7d}  {g['choice_ms_mean']:8.0f}  {g['choice_ms_max']:7.0f}"
                      f"  {rollouts:>25}  {per_choice:6.1f}  {slices:>21}")
    print("  (ms: wall time per decision; roll-outs: roll-outs and exact searches per decision; slices per decision"
          " with a choice; the browser's budget is search.SLOWDOWN times the native one, on the wall clock)")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="random hands per game [200]")
    parser.add_argument("--ai-hands", type=int, default=2, help="AI hands per game [2]; 0 skips the AI")
    parser.add_argument("--levels", type=comma_list(LEVELS), default=["normal"],
                        help="AI levels, comma-separated [normal]")
    parser.add_argument("--choices", type=int, default=0,
                        help="AI: each hand only until this many decisions with a choice [0: whole hands]")
    parser.add_argument("--slice-ms", type=float, default=8.4,
                        help="the AI's slice: the most the table gives one in the browser [8.4]")
    parser.add_argument("--throttle", type=float, default=1.0, help="the page's CPU slowed this many times [1]")
    parser.add_argument("--games", type=comma_list(list(GAMES)), default=list(GAMES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = parser.parse_args(argv)
    if args.smoke:  # one random hand, one AI hand at the easy level, one game
        args.hands, args.ai_hands, args.levels, args.games = 1, min(args.ai_hands, 1), ["easy"], args.games[:1]
        args.choices = min(args.choices or 2, 2)
    if args.hands < 1 or args.ai_hands < 0 or args.choices < 0:
        parser.error("--hands counts from 1, --ai-hands and --choices from 0")
    if not 1 <= args.throttle <= 20 or not 0 < args.slice_ms <= 100:
        parser.error("--throttle takes 1 to 20, --slice-ms above 0 up to 100")
    lacking = web_browser.missing()
    if lacking:
        print("missing: " + "; ".join(lacking) + "  (make test-web installs them)", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = LocalServer(web_browser.pyodide_site(Path(tmp)), isolated=True)
        try:
            with sync_playwright() as playwright:
                browser = web_browser.launch(playwright)
                page, info = web_browser.pyodide_page(browser, server.url, timeout_ms=600_000)
                print(f"Pyodide {info['version']} loaded in {info['load_ms'] / 1000:.1f} s "
                      f"(cross-origin isolated: {page.evaluate('crossOriginIsolated')})")

                def in_wasm(**kw):
                    return web_browser.run_python(
                        page, f"import json, wasm_play\njson.dumps(wasm_play.bench(**json.loads({json.dumps(kw)!r})))")

                in_wasm(hands=5, games=args.games)  # warm up
                cdp = page.context.new_cdp_session(page)
                native = wasm_play.bench(hands=args.hands, games=args.games)
                results["engine"] = show("Engine (random legal play)", native,
                                         in_wasm(hands=args.hands, games=args.games))
                if args.ai_hands:
                    results["ai"] = ai_figures(args, in_wasm, cdp)
                browser.close()
        finally:
            server.stop()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
