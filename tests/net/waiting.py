"""Bounded waiting for the network tests: pump until a condition holds, or fail saying what was awaited."""
from __future__ import annotations

import time
from typing import Any, Callable

WAIT = 30.0  # seconds any single wait may take before the test fails


def until(what: Callable[[], Any], *pumps: Callable[[], Any], seconds: float = WAIT) -> Any:
    """Call each pump, then `what()`, until it is truthy (its value) – at most `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for f in pumps:
            f()
        got = what()
        if got:
            return got
        time.sleep(0.002)
    raise AssertionError(f"not within {seconds} s: {what}")
