"""The engine and the AI in WebAssembly vs native.

    python benchmarks/wasm.py [--hands 200] [--ai-hands 2] [--level normal] [--slice-ms 4]
        [--throttle 4] [--games 28,schieber]

For the AI it prints, per game, the time per decision and the roll-outs (and exact searches)
per decision natively and in Pyodide: the browser gets 3.5 times the native budget
(``search.SLOWDOWN``), so the roll-outs show how much of the native work it does in that time.

Plays the same hands natively and in Pyodide in headless Chromium (Debian's chromium, the npm
package pyodide: ``make test-web`` installs both) and prints the time per decision in each and
their ratio. Random play measures the engine (legal moves, applying them); AI play measures
what a player waits for. The Pyodide page is cross-origin isolated so the browser's clock
reads to 5 µs; times are wall times over whole hands.

``--throttle R`` slows the page's CPU R times (DevTools' ``Emulation.setCPUThrottlingRate``, set
once Pyodide has loaded): a phone's core, roughly. The AI's figures then add the slices (the
table gives ``--slice-ms``, 4 ms, a frame) per decision and their length: the thinker's budget is
wall-clock time, so a slower core weighs fewer worlds (the roll-outs per decision show how many).
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="random hands per game [200]")
    parser.add_argument("--ai-hands", type=int, default=2, help="AI hands per game [2]; 0 skips the AI")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard", "expert"),
                        help="AI level [normal]")
    parser.add_argument("--slice-ms", type=float, default=4.0, help="the AI's slice, as at the table [4]")
    parser.add_argument("--throttle", type=float, default=1.0, help="the page's CPU slowed this many times [1]")
    parser.add_argument("--games", type=comma_list(list(GAMES)), default=list(GAMES))
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP)
    args = parser.parse_args(argv)
    if args.smoke:  # one random hand, one AI hand at the easy level, one game
        args.hands, args.ai_hands, args.level, args.games = 1, min(args.ai_hands, 1), "easy", args.games[:1]
    if args.hands < 1 or args.ai_hands < 0:
        parser.error("--hands counts from 1, --ai-hands from 0")
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
                if args.throttle > 1:
                    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    print(f"the page's CPU throttled {args.throttle:g} times")
                native = wasm_play.bench(hands=args.hands, games=args.games)
                results["engine"] = show("Engine (random legal play)", native,
                                         in_wasm(hands=args.hands, games=args.games))
                if args.ai_hands:
                    ai = {"hands": args.ai_hands, "ai": True, "level": args.level, "games": args.games,
                          "slice_ms": args.slice_ms}
                    native_ai = wasm_play.bench(**ai)
                    if native_ai["players"] != "game.ai.Thinker":
                        print(f"\nAI: not measured ({native_ai['why_random']})")
                    else:
                        wasm_ai = in_wasm(**ai)
                        results["ai"] = show(f"AI (level {args.level}, Thinker in {args.slice_ms:g} ms slices)",
                                             native_ai, wasm_ai)
                        print("  roll-outs per decision: " + ", ".join(
                            f"{g} {native_ai['games'][g]['rollouts_per_decision']:.0f}/{wasm_ai['games'][g]['rollouts_per_decision']:.0f}"
                            for g in native_ai["games"]
                            if "error" not in native_ai["games"][g] and "error" not in wasm_ai["games"][g])
                            + " (native/wasm; every decision of the hand, single choices included)")
                        print("  worst p95 per decision: " + ", ".join(
                            f"{g} {native_ai['games'][g]['p95_ms']:.0f}/{wasm_ai['games'][g]['p95_ms']:.0f} ms"
                            for g in native_ai["games"]
                            if "error" not in native_ai["games"][g] and "error" not in wasm_ai["games"][g])
                            + " (native/wasm)")
                        print("  slices per decision, mean/p95/longest slice: " + "; ".join(
                            f"{g} {native_ai['games'][g]['slices_per_decision']:.1f}/"
                            f"{wasm_ai['games'][g]['slices_per_decision']:.1f}, "
                            f"{wasm_ai['games'][g]['slice_mean_ms']:.1f}/{wasm_ai['games'][g]['slice_p95_ms']:.1f}/"
                            f"{wasm_ai['games'][g]['slice_max_ms']:.1f} ms"
                            for g in native_ai["games"]
                            if "error" not in native_ai["games"][g] and "error" not in wasm_ai["games"][g])
                            + " (slices native/wasm; the slice lengths in wasm)")
                browser.close()
        finally:
            server.stop()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
