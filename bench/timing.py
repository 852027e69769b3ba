"""Timing helpers the benchmarks share."""
from __future__ import annotations

import statistics
import time
from typing import Callable


def median_ms(fn: Callable[[], object], *, runs: int = 200, warmup: int = 1, budget_s: float | None = None) -> float:
    """The median time of `fn()` in milliseconds over `runs` calls (fewer, but at least 5, once
    `budget_s` seconds have passed), after `warmup` calls that are not counted."""
    for _ in range(warmup):
        fn()
    times: list[float] = []
    end = None if budget_s is None else time.perf_counter() + budget_s
    while len(times) < runs and (end is None or len(times) < 5 or time.perf_counter() < end):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)
