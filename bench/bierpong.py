"""Bierpong benchmarks: the special-shot solver (`game.bierpong.solver.solve`).

`demo_solve_s`: a roller on the full 10-cup rack – seeded by `physics.aim`, candidates dropped at
their first ruling-out contact, the rest simulated and classified – wall-clock seconds, the median of
5 runs (the search is deterministic: each run does the same work). Goal ≤ 5 s (issue 7).

`solver_sparse_roller_s`: a roller onto cups 1 + 10 alone (median of 3 runs). Goal ≤ 1 s (issue 15).
`solver_impossible_s`: a roller on two cups at opposite corners of the far half, until the solver
reports "cannot be found" (median of 3). Goal ≤ 5 s (issue 15).
Each beside its baseline `…_unpruned_s`: the same candidates, aimed and each simulated to the end by
`simulate`, as the search did before (no early stop, no work bound; the old search also tried its
candidates in another order: 1,949 of them for the sparse roller, about 13,000 before giving up).

`python -m bench.bierpong` prints them with the throws the solver tried.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import cache

from game.bierpong import solver
from game.bierpong.solver import NotFound, solve
from physics.table import Cup, formation
from physics.world import simulate

RUNS = 5
SPARSE: tuple[Cup, ...] = tuple(c for c in formation("triangle10") if c.id in (1, 10))
APART: tuple[Cup, ...] = (Cup(1, 1.9, -0.25), Cup(2, 2.4, 0.25))


def _median_s(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def demo_solve_s() -> float:
    """Seconds for the solver to find a roller on the full rack (median of `RUNS`)."""
    rack = formation("triangle10")

    def run() -> None:
        sol = solve("roller", rack)
        assert sol.throws[-1].outcome.roller, sol.summary
    return _median_s(run, RUNS)


def _roller_tries(rack: tuple[Cup, ...]) -> int:
    try:
        return solve("roller", rack).tries
    except NotFound as e:
        return e.tries


@cache
def _tries(rack: tuple[Cup, ...]) -> int:
    return _roller_tries(rack)


def _unpruned_s(rack: tuple[Cup, ...]) -> float:
    """The candidates the roller search tried on `rack`, aimed and each simulated to the end."""
    n = _tries(rack)
    t0 = time.perf_counter()
    candidates = solver._varied(solver._roller_seeds(rack, solver._front_first(rack), solver.RELEASE))
    for _, th in zip(range(n), candidates):
        simulate(rack, th, max_time=solver.MAX_TIME)
    return time.perf_counter() - t0


def solver_sparse_roller_s() -> float:
    """A roller onto cups 1 + 10 only (median of 3)."""
    def run() -> None:
        sol = solve("roller", SPARSE)
        assert sol.throws[0].outcome.roller, sol.summary
    return _median_s(run, 3)


def baseline_sparse_unpruned_s() -> float:
    return _unpruned_s(SPARSE)


def solver_impossible_s() -> float:
    """A roller that cannot be found (two cups far apart): seconds until NotFound (median of 3)."""
    def run() -> None:
        try:
            solve("roller", APART)
        except NotFound:
            return
        raise AssertionError("a roller on cups far apart was found")
    return _median_s(run, 3)


def baseline_impossible_unpruned_s() -> float:
    return _unpruned_s(APART)


if __name__ == "__main__":
    sol = solve("roller")
    print(f"demo_solve_s {demo_solve_s():.4f}  ({sol.tries} candidate throws: {sol.summary})")
    print(f"solver_sparse_roller_s {solver_sparse_roller_s():.4f}  ({_tries(SPARSE)} candidates), "
          f"baseline_sparse_unpruned_s {baseline_sparse_unpruned_s():.4f}")
    print(f"solver_impossible_s {solver_impossible_s():.4f}  ({_tries(APART)} candidates), "
          f"baseline_impossible_unpruned_s {baseline_impossible_unpruned_s():.4f}")
