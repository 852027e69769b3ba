"""500 random throws (speeds 1–12 m/s, any direction) keep the invariants; the full 10,000 run in
`python -m bench.pong sweep` (≈ 75 s – too long for the suite)."""
from __future__ import annotations

import random

from physics.sweep import check_throw, random_throw
from physics.table import formation
from physics.world import Throw


def test_500_random_throws_keep_the_invariants() -> None:
    rack = formation("triangle10")
    rng = random.Random(6)
    failures = []
    for i in range(500):
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
