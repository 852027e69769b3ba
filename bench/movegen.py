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
from game.resources import TRACKS
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

    course = load_track(TRACKS / "le_mans.yaml").course
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


# --- issue 15: the move tables on a race's first move, and the exact search on a wide track ---

TABLE_RUNS = 15  # fresh courses timed per track
WIDE_LANES, WIDE_RADIUS = 9, 30
WIDE_POSITIONS = 40
WIDE_RUNS = 5  # timings per position (the median counts)


def _first_move_ms(track: object) -> float:
    """The first legal-moves call on a fresh course of `track` (the course built untimed): a 9 in
    third gear from the first start field, facing the heading – the move tables made then."""
    import statistics
    import time

    from game.racerbile.course import build_course
    from game.racerbile.moves import legal_moves
    from game.racerbile.track import Track

    assert isinstance(track, Track)
    _ = track.graph.progress
    times: list[float] = []
    end = time.perf_counter() + 4 * BUDGET_S
    while len(times) < TABLE_RUNS and (len(times) < 3 or time.perf_counter() < end):
        course = build_course(track)
        t0 = time.perf_counter()
        legal_moves(course, course.start[0], course.heading, ROLL, Board(), gear=GEAR, facing_rule=True)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


@cache
def _five_k() -> object:
    from bench.editor import five_k_track
    from game.racerbile.trackfile import track_from_text

    return track_from_text(five_k_track(), "five_k").track


def move_tables_ms_le_mans() -> float:
    """The first legal-moves call on a fresh course of le_mans (the move tables made then)."""
    from game.racerbile.validate import load_track

    return _first_move_ms(load_track(TRACKS / "le_mans.yaml"))


def move_tables_ms_5k() -> float:
    """The same on the seeded generated 5,000-field track (`bench.editor.five_k_track`)."""
    return _first_move_ms(_five_k())


@dataclass(frozen=True)
class WidePosition:
    start: Hex
    facing: int | None
    roll: int
    board: Board
    facing_rule: bool


@cache
def wide_positions() -> tuple[Course, tuple[WidePosition, ...]]:
    """A 9-lane generated track (`bench.tracks.generated_track`) and seeded positions on it: half
    on fields whose progress holds a loop (where the search must keep apart the paths that could
    come back to a field), a 7–9 in third gear, facing a random way or none, up to four caps ahead
    (two of them maybe on one field)."""
    import random

    from bench.tracks import generated_track
    from game.racerbile.trackfile import track_from_text

    course = track_from_text(generated_track(radius=WIDE_RADIUS, lanes=WIDE_LANES), "wide").track.course
    rng = random.Random(15)
    fields = sorted(course.progress)
    loop = [h for h in fields if course.tables.on_loop(h)]
    out = []
    for i in range(WIDE_POSITIONS):
        start = rng.choice(loop if i % 2 == 0 and loop else fields)
        near = [h for h in fields if 0 < _ahead(course, start, h) <= 9]
        caps = [rng.choice(near) for _ in range(rng.randrange(5))]
        if caps and rng.random() < 0.5:
            caps.append(caps[0])
        flipped = frozenset(h for h in caps if course.kinds.get(h) is Kind.BLOCKING)
        full = frozenset(h for h in caps if caps.count(h) >= 2) - flipped
        facing = None if rng.random() < 0.25 else rng.randrange(6)
        out.append(WidePosition(start, facing, rng.choice((7, 8, 9)), Board(flipped, full), facing is not None))
    return course, tuple(out)


def _wide_worst_ms(fn: object) -> float:
    import statistics
    import time
    from typing import Callable

    course, ps = wide_positions()
    assert callable(fn)
    run: Callable[[Course, WidePosition], object] = fn
    worst = 0.0
    for p in ps:
        ts = []
        for _ in range(WIDE_RUNS):
            t0 = time.perf_counter()
            run(course, p)
            ts.append((time.perf_counter() - t0) * 1000)
        worst = max(worst, statistics.median(ts))
    return worst


def movegen_wide_ms_worst() -> float:
    """The worst (over `wide_positions`) median legal-moves search on the 9-lane track."""
    from game.racerbile.moves import legal_moves

    return _wide_worst_ms(lambda c, p: list(legal_moves(c, p.start, p.facing, p.roll, p.board, gear=GEAR, facing_rule=p.facing_rule)))


def baseline_wide_bruteforce_ms_worst() -> float:
    """The same positions by the oracle's plain depth-first search."""
    from game.racerbile.oracle import outcomes

    return _wide_worst_ms(lambda c, p: outcomes(c, p.start, p.facing, p.roll, p.board, gear=GEAR, facing_rule=p.facing_rule))


if __name__ == "__main__":
    p = position()
    print(f"start {p.start} facing {p.facing} caps {[str(c) for c in p.caps]}")
    m, b = movegen_us(), baseline_bruteforce_us()
    print(f"movegen_us {m:.1f}  baseline_bruteforce_us {b:.1f}  ratio {m / b:.3f}")
    print(f"move_tables_ms_le_mans {move_tables_ms_le_mans():.2f}  move_tables_ms_5k {move_tables_ms_5k():.2f}")
    print(f"movegen_wide_ms_worst {movegen_wide_ms_worst():.2f}  baseline_wide_bruteforce_ms_worst {baseline_wide_bruteforce_ms_worst():.2f}")
