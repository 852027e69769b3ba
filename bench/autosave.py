"""Autosave (issue 8): ms an autosave adds to an action on a 2,000-entry Le Mans log, beside the plain
whole-log save it replaces (`game.autosave.bench_autosave`; measured once, read twice)."""
from __future__ import annotations

from functools import cache


@cache
def _figures() -> dict[str, float]:
    from game.autosave import bench_autosave

    return bench_autosave()


def autosave_ms() -> float:
    return _figures()["autosave_2000_ms"]


def baseline_plain_save_ms() -> float:
    return _figures()["baseline_save_2000_ms"]
