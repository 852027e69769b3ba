"""10,000 random throws (speeds 1–12 m/s, any direction) keep the invariants – in four runs of
2,500 with their own seeds (≈ 50 s in all); `python -m bench.pong sweep N` runs more."""
from __future__ import annotations

import itertools
import random

import pytest

from physics.events import CupContact, Settled, Sink, TableBounce
from physics.sweep import check_throw, random_throw
from physics.table import formation
from physics.world import Throw, simulate


@pytest.mark.slow
@pytest.mark.parametrize("seed", [6, 7, 8, 9])
def test_10000_random_throws_keep_the_invariants(seed: int) -> None:
    """No NaN, no ball through a cup wall or the table, every throw settles within 10 s."""
    rack = formation("triangle10")
    rng = random.Random(seed)
    failures = []
    for i in range(2_500):
        th = random_throw(rng)
        problems = check_throw(rack, th)
        if problems:
            failures.append((i, th, problems[:2]))
    assert not failures, failures[:5]


def test_the_checker_catches_a_ball_inside_a_cup() -> None:
    # released inside cup 1's wall below its rim, not dropped in: the invariant must flag it
    rack = formation("triangle10")
    c = rack[0]
    problems = check_throw(rack, Throw((c.x + 0.005, c.y, 0.06), (0.0, 0.0, 0.0)))
    assert problems and "inside the wall of cup 1" in problems[0]


def test_timelines_are_well_formed() -> None:
    rack = formation("triangle10")
    rng = random.Random(60)
    kinds: set[str] = set()
    for _ in range(300):
        ev = simulate(rack, random_throw(rng)).events
        assert [e.t for e in ev] == sorted(e.t for e in ev)
        settled = [e for e in ev if isinstance(e, Settled)]
        assert len(settled) == 1 and ev[-1] is settled[0]
        sinks = [e for e in ev if isinstance(e, Sink)]
        assert len(sinks) <= 1 and (settled[0].where == "cup") == bool(sinks)
        bounces = [e.t for e in ev if isinstance(e, TableBounce)]
        assert all(b - a > 0.035 for a, b in itertools.pairwise(bounces))
        kinds |= {type(e).__name__ for e in ev} | {settled[0].where}
        kinds |= {e.kind for e in ev if isinstance(e, CupContact)}
    # the sweep meets every kind of fact
    assert {"TableBounce", "CupContact", "Sink", "LeftTable", "table", "floor", "cup", "rim", "wall"} <= kinds
