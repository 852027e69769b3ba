"""Legal-move search against brute force: every legal move of a 9 in third gear (the highest roll
that may still turn) from a bend of Le Mans, with facing, six caps within the next ten fields (two
of them stacked, one flipped on a blocking field).

`movegen_us` is `game.racerbile.moves.legal_moves` (its moves all made), `baseline_bruteforce_us`
the plain depth-first search of `game.racerbile.oracle` on the same position. Medians of repeated
runs, each figure within about a second.

The position is found, not written down: a bend is a field a car reaches along the track (from a
field of lower progress) where straight on is no forward step, so the car must turn; the first
bend in progress order with a blocking field at most ten fields ahead is taken (none: the bend
nearest before a blocking field), the car facing the way it came. The caps are the flipped one on
that blocking field, two stacked three fields ahead and three single caps two, six and nine fields
ahead, each on the field of its progress farthest from the flipped cap.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bench.timing import median_ms
from bench.tracks import ROOT
from game.hexgrid import DIRECTIONS, Hex, distance
from game.racerbile.course import Course
from game.racerbile.moves import Board
from game.racerbile.track import Kind

BUDGET_S = 1.0
ROLL, GEAR = 9, 3
AHEAD = 10


@dataclass(frozen=True)
class Position:
    course: Course
    start: Hex
    facing: int
    board: Board
    caps: tuple[Hex, ...]  # the six caps (the stacked field twice)


def _ahead(course: Course, a: Hex, b: Hex) -> int:
    """Fields from `a` forward to `b` along the lap (0 … lap - 1)."""
    return (course.progress[b] - course.progress[a]) % course.lap


def bends(course: Course) -> list[tuple[Hex, int]]:
    """Every (field, way the car came) where straight on is no forward step, in progress order."""
    out: dict[tuple[Hex, int], None] = {}
    for h in sorted(course.steps, key=lambda x: (course.progress[x], x)):
        for n, d in course.steps[h]:
            along = course.progress[n] > course.progress[h] or course.crosses_line(h, n)
            if along and (n + DIRECTIONS[d], d) not in course.steps[n]:
                out[(n, d)] = None
    return sorted(out, key=lambda b: (course.progress[b[0]], b))


@cache
def position() -> Position:
    from game.racerbile.validate import load_track

    course = load_track(ROOT / "tracks" / "le_mans.yaml").course
    blocking = sorted(h for h, k in course.kinds.items() if k is Kind.BLOCKING)
    all_bends = bends(course)
    pick: tuple[Hex, int, Hex] | None = None
    for h, d in all_bends:
        near = [b for b in blocking if 0 < _ahead(course, h, b) <= AHEAD]
        if near:
            pick = (h, d, min(near, key=lambda b: (_ahead(course, h, b), b)))
            break
    if pick is None:  # the bend nearest before a blocking field
        h, d, b = min(((h, d, b) for h, d in all_bends for b in blocking), key=lambda x: (_ahead(course, x[0], x[2]) or course.lap, x))
        pick = (h, d, b)
    start, facing, flip = pick

    def at(k: int) -> Hex:
        """The field k fields ahead of the start farthest from the flipped cap."""
        row = [x for x in course.progress if _ahead(course, start, x) == k and x not in (flip, start)]
        return max(row, key=lambda x: (distance(x, flip), x))

    stack = at(3)
    singles = [at(k) for k in (2, 6, 9)]
    board = Board(flipped=frozenset({flip}), full=frozenset({stack}))
    return Position(course, start, facing, board, (flip, stack, stack, *singles))


def movegen_us() -> float:
    """All legal moves (made) of the position."""
    from game.racerbile.moves import legal_moves

    p = position()

    def run() -> object:
        return list(legal_moves(p.course, p.start, p.facing, ROLL, p.board, gear=GEAR, facing_rule=True))

    return median_ms(run, budget_s=BUDGET_S) * 1000


def baseline_bruteforce_us() -> float:
    """The same by the oracle's plain depth-first search."""
    from game.racerbile.oracle import outcomes

    p = position()

    def run() -> object:
        return outcomes(p.course, p.start, p.facing, ROLL, p.board, gear=GEAR, facing_rule=True)

    return median_ms(run, budget_s=BUDGET_S) * 1000


if __name__ == "__main__":
    p = position()
    print(f"start {p.start} facing {p.facing} caps {[str(c) for c in p.caps]}")
    m, b = movegen_us(), baseline_bruteforce_us()
    print(f"movegen_us {m:.1f}  baseline_bruteforce_us {b:.1f}  ratio {m / b:.3f}")
