"""main.py in pygbag's own simulator (``tools/pygbag_sim.py``): the runtime's Python side of the
pinned wheel (its cpythonrc.py, aio loop and console, platform shims, sys.platform
"emscripten") run natively on one thread, with SDL's dummy driver, up to the first frame and
300 frames of a demo hand — the closest this machine gets to the real runtime.

It needs a Python 3.12 environment with pygbag 0.9.3, pygame-ce and what the runtime's
``aio/pep0723.py`` imports (``make test`` and ``make sim`` make ``.venv-sim`` where the machine has a Python 3.12); without one the test is skipped,
saying so.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIM_PYTHON = Path(os.environ.get("TRICK_TABLE_SIM_PYTHON") or ROOT / ".venv-sim" / "bin" / "python")


def test_main_py_runs_a_demo_hand_in_pygbags_simulator(tmp_path):
    if not SIM_PYTHON.exists():
        pytest.skip(f"no simulator environment at {SIM_PYTHON} (make sim makes it)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TRICK_TABLE_DATA_DIR=str(tmp_path / "data"),
               HOME=str(tmp_path))
    run = subprocess.run([str(SIM_PYTHON), str(ROOT / "tools" / "pygbag_sim.py"), "--frames", "300",
                          "--query", "?game=28&demo=1&embed=1&seed=3", "--seconds", "240"],
                         capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-4000:]
    assert "sim repl ready for" in out  # the simulator's own start, cpythonrc.py included
    assert "pygbag_sim: first frame" in out and "pygbag_sim: frames 300" in out
    # the page's storage is a no-op in the simulator: the game says so and keeps playing
    assert "keeping 'settings' in memory only" in out
