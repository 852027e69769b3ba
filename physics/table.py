"""Cups on the table and the standard formations (top-down coordinates, metres)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from physics.constants import CONST, Constants

FORMATIONS = ("triangle10", "six", "three", "diamond", "line")


@dataclass(frozen=True)
class Cup:
    """A cup standing on the table: its axis at (x, y)."""

    id: int
    x: float
    y: float


def cups_at(points: Sequence[tuple[float, float]]) -> tuple[Cup, ...]:
    """Cups at any positions (re-racks), ids 1.. in the given order."""
    return tuple(Cup(i + 1, float(x), float(y)) for i, (x, y) in enumerate(points))


def _rows(counts: Sequence[int], c: Constants) -> list[tuple[float, float]]:
    """Rows of touching cups, the first row at the front (towards the thrower), each row centred;
    returned as (depth, y) with depth 0 at the front row."""
    d = 2.0 * c.cup_rim_radius
    pitch = d * math.sqrt(3.0) / 2.0
    pts: list[tuple[float, float]] = []
    for row, n in enumerate(counts):
        for k in range(n):
            pts.append((row * pitch, (k - (n - 1) / 2.0) * d))
    return pts


def formation(kind: str, *, end: str = "far", constants: Constants = CONST) -> tuple[Cup, ...]:
    """A standard formation, back row flush with the table's `end` ("far" or "near"); ids from 1 at
    the front tip, row by row. Kinds: "triangle10" (4-3-2-1), "six" (3-2-1), "three" (2-1),
    "diamond" (1-2-1), "line" (three in a row along the table)."""
    c = constants
    d = 2.0 * c.cup_rim_radius
    if kind == "triangle10":
        pts = _rows([1, 2, 3, 4], c)
    elif kind == "six":
        pts = _rows([1, 2, 3], c)
    elif kind == "three":
        pts = _rows([1, 2], c)
    elif kind == "diamond":
        pts = _rows([1, 2, 1], c)
    elif kind == "line":
        pts = [(i * d, 0.0) for i in range(3)]
    else:
        raise ValueError(f"unknown formation {kind!r} (one of {', '.join(FORMATIONS)})")
    depth = max(p[0] for p in pts)
    if end == "far":
        back = c.table_length - c.cup_rim_radius
        return cups_at([(back - depth + p[0], p[1]) for p in pts])
    if end == "near":
        back = c.cup_rim_radius
        return cups_at([(back + depth - p[0], -p[1]) for p in pts])
    raise ValueError(f"end must be 'far' or 'near', not {end!r}")
