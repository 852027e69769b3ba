"""Clips to share (issue 17): `clip_export_s`, the seconds to render a solved Bombe (two throws, about
3.5 s of clip with its verdict) offscreen through the cinematic camera and write it as an animated
WebP at 960×540 (`game.ui.pong.clip.demo_clip`, the solver's work left out: it is solved first)."""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path


def clip_export_s() -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.pong.clip import SIZE, ClipShot, export_clip
    from game.ui.pong.pong_demo import solved

    solution = solved("bombe")
    shots = [ClipShot(st.cups, ((st.throw, 0),), st.note) for st in solution.throws]
    with tempfile.TemporaryDirectory() as d:
        t0 = time.perf_counter()
        export_clip(shots, solution.summary, Path(d) / "bombe.webp", size=SIZE)
        return time.perf_counter() - t0


if __name__ == "__main__":
    print(f"clip_export_s {clip_export_s():.2f}")
