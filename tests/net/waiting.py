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


class Clock:
    """A clock the test steps (`game.net.gate.Limits(clock=...)`): what the door makes wait, waits
    until the test moves the clock on – a wait that is certain, and over as soon as the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
