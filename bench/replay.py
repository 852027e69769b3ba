"""The replay viewer on a long Le Mans (issue 15): opening, a step, the memory of opening.

The log is the bots-only Le Mans of `bench.longmatch` (seeded, built once per process) played to
95,000 entries; the 1k figures take its first 1,000 entries. Each size is saved to a temporary file
and opened in a fresh child process (`python -m bench.replay <log>`), so that its peak memory is the
viewer's own:

- `replay_open_s_<n>`: `Replay(log, progressive=True)` – as the viewer opens it: the start verified,
  the rest verified behind the open viewer a slice a frame (steps reach as far as verified). The
  child also reports, beside it, the reading of the file (`read_s`) and the rest of the
  verification run at once (`replay_verify_s_<n>`: every ruling checked).
- `replay_peak_mib_<n>`: the child's peak resident set (Linux `VmHWM`, else `ru_maxrss`) once the
  whole log is verified – the interpreter, the imports, the log read from its file and every kept state.
- `replay_step_ms_<n>`: the viewer's step (`ReplayScene.step_back` / `forward`: the state rebuilt and
  the race scene resynced to it, headless pygame), the median of one step back and one step forward
  at each of 40 seeded random places (the places reached untimed). The child also reports, for the
  notes only, the worst step, a step back onto a state rebuilt from a checkpoint (`KEEP` actions),
  and the viewer's peak once its scene is made and stepped (pygame included).

Called by `python -m bench` (bench/__main__.py).
"""
from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

PLACES = 40  # random places a step back and a step forward are timed at
ROOT = Path(__file__).resolve().parent.parent


@cache
def _figures(n: int) -> dict[str, float]:
    from bench.longmatch import long_match
    from game.store.matchfile import write_log

    log = long_match(95_000).log.prefix(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"lemans_{n}.json"
        write_log(log, path)
        out = subprocess.run([sys.executable, "-m", "bench.replay", str(path)], cwd=ROOT, check=True,
                             capture_output=True, text=True, env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    got: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return got


def _peak_mib() -> float:
    """This process's peak resident set in MiB: Linux's `VmHWM` (`ru_maxrss` would carry over the
    peak of the parent that forked it), else `ru_maxrss`."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child(path: str) -> dict[str, float]:
    """Open the saved log at `path`, as the viewer does, and step through it (the child's part)."""
    from game.replay import Replay
    from game.store.matchfile import read_json_log

    t0 = time.perf_counter()
    log = read_json_log(path)
    read_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    replay = Replay(log, path, progressive=True)  # as the viewer opens it: the rest is verified behind it
    open_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    replay.advance(float("inf"))  # what the viewer's frames do, a slice each, here at once
    verify_s = time.perf_counter() - t0
    assert replay.done and replay.error is None and replay.reach == replay.steps
    peak_mib = _peak_mib()  # every kept state made

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.common.app import App
    from game.ui.shell.replay import ReplayScene

    app = App((1280, 800))
    try:
        scene = ReplayScene(app, replay)
        rng = random.Random(15)
        times: list[float] = []
        for _ in range(PLACES):
            for back in (True, False):
                scene.goto(rng.randrange(1, replay.steps))  # untimed: the place
                t0 = time.perf_counter()
                if back:
                    scene.step_back()
                else:
                    scene.forward()
                times.append((time.perf_counter() - t0) * 1000)
        across: list[float] = []  # the worst case: a step back onto a state rebuilt from a checkpoint
        for k in replay.checkpoints[1:][-PLACES:]:
            scene.goto(k - 1)
            t0 = time.perf_counter()
            scene.step_back()
            across.append((time.perf_counter() - t0) * 1000)
    finally:
        app.close()
    return {"open_s": open_s, "read_s": read_s, "verify_s": verify_s, "peak_mib": peak_mib, "step_ms": statistics.median(times),
            "step_ms_worst": max(times + across), "step_back_across_ms": statistics.median(across),
            "viewer_peak_mib": _peak_mib()}


def replay_open_s_95k() -> float:
    """Seconds to open (verify) a 95,000-entry Le Mans in the replay viewer."""
    return _figures(95_000)["open_s"]


def replay_open_s_1k() -> float:
    return _figures(1_000)["open_s"]


def replay_verify_s_95k() -> float:
    """Seconds the verification behind the open viewer takes in all (run at once here)."""
    return _figures(95_000)["verify_s"]


def replay_read_s_95k() -> float:
    """Seconds reading the 95,000-entry save takes (before the viewer opens)."""
    return _figures(95_000)["read_s"]


def replay_step_ms_95k() -> float:
    """Median ms of a viewer step back or forward at random places of the 95,000-entry Le Mans."""
    return _figures(95_000)["step_ms"]


def replay_step_ms_1k() -> float:
    return _figures(1_000)["step_ms"]


def replay_peak_mib_95k() -> float:
    """Peak resident MiB of the process that opened the 95,000-entry Le Mans (`VmHWM`)."""
    return _figures(95_000)["peak_mib"]


def replay_peak_mib_1k() -> float:
    return _figures(1_000)["peak_mib"]


if __name__ == "__main__":
    if len(sys.argv) > 1:
        print(json.dumps(_child(sys.argv[1])))
    else:
        for n in (95_000, 1_000):
            print(n, _figures(n))
