"""Bierpong benchmarks.

`demo_solve_s`: the special-shot solver (`game.bierpong.solver.solve`) finding a roller on the full
10-cup rack – seeded by `physics.aim`, every candidate simulated and classified – wall-clock seconds,
the median of 5 runs (the search is deterministic: each run does the same work). Goal ≤ 5 s (issue 7).

`python -m bench.bierpong` prints it with the throws the solver tried.
"""
from __future__ import annotations

import statistics
import time

from game.bierpong.solver import solve
from physics.table import formation

RUNS = 5


def demo_solve_s() -> float:
    """Seconds for the solver to find a roller on the full rack (median of `RUNS`)."""
    rack = formation("triangle10")
    times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        sol = solve("roller", rack)
        times.append(time.perf_counter() - t0)
        assert sol.throws[-1].outcome.roller, sol.summary
    return statistics.median(times)


if __name__ == "__main__":
    sol = solve("roller")
    print(f"demo_solve_s {demo_solve_s():.4f}  ({sol.tries} simulated throws: {sol.summary})")
