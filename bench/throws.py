"""Evaluating and comparing throws, against a plain dict look-up."""
from __future__ import annotations

import time

from game.rules import schock
from game.rules.dice import ALL_THROWS, Throw


def _per_call_ns(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter_ns()
        fn(n)
        best = min(best, (time.perf_counter_ns() - t0) / n)
    return best


def throw_eval_ns() -> float:
    """Evaluate two Schock throws and compare them (value, rolls, time order), per pair."""
    profile = schock.SPEC.default()
    throws = [Throw(t, rolls=1 + i % 3, one_roll=bool(i % 2), order=i % 4) for i, t in enumerate(ALL_THROWS)]
    pairs = [(throws[i], throws[(i * 7 + 3) % len(throws)]) for i in range(len(throws))]
    strength = schock.strength

    def run(n: int) -> int:
        m, wins = len(pairs), 0
        for i in range(n):
            a, b = pairs[i % m]
            wins += strength(a, profile) > strength(b, profile)
        return wins

    return _per_call_ns(run, 50_000)


def baseline_dict_lookup_ns() -> float:
    """Two dict look-ups and a comparison of the results, per pair (the floor of any table-driven rule)."""
    table = {t: i for i, t in enumerate(ALL_THROWS)}
    keys = list(ALL_THROWS)
    pairs = [(keys[i], keys[(i * 7 + 3) % len(keys)]) for i in range(len(keys))]

    def run(n: int) -> int:
        m, wins = len(pairs), 0
        for i in range(n):
            a, b = pairs[i % m]
            wins += table[a] > table[b]
        return wins

    return _per_call_ns(run, 50_000)
