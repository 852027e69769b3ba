"""The beer-pong table's physics against bare pymunk.

`throw_ms`: 3 simulated seconds (720 steps of 1/240 s) of a throw that bounces once on the table
and drops into cup 5 of the full 10-cup rack, every event detected (bounce, centre line, sink,
settled) – the table built once, its balls reset between runs. Compare with
`baseline_bare_pymunk_throw_ms`: 720 bare `space.step` calls at the same step in the same world (the
ten cups and a moving ball as pymunk circles, no height, no handlers) – the live table steps pymunk
only while a ball is low near a cup, so the bench throw makes (almost) no pymunk step; hence also
`baseline_python_flight_ms`: the same 3 s of the same throw as a plain Python loop – drag and
gravity, table bounces, a rim check against each of the ten cups every step – no events, no pymunk.

`python -m bench.pong sweep [N]` runs N (default 10,000) throws (random, edge-skimming, high-spin) through the invariants of
`physics.sweep` (the suite runs 500).
"""
from __future__ import annotations

import math
import random
import sys
import time

import pymunk

from bench.timing import median_ms
from physics.aim import speed_for
from physics.constants import CONST
from physics.events import Sink, TableBounce
from physics.sweep import check_throw, edge_skimming_throw, high_spin_throw, random_throw
from physics.table import formation
from physics.world import Table, Throw

SECONDS = 3.0
RELEASE = (0.0, 0.0, 0.45)


def bounce_in_throw() -> Throw:
    """Bounces once at x = 1.5 m and drops into cup 5 (checked by `throw_ms`)."""
    return speed_for(RELEASE, (1.5, 0.0), 20.0, height=CONST.ball_radius)


def throw_ms() -> float:
    """3 simulated seconds of the bounce-in throw on the live table (see the module doc)."""
    table = Table(formation("triangle10"))
    throw = bounce_in_throw()
    steps = round(SECONDS / table.DT)

    def run() -> list[object]:
        table.reset_balls()
        table.throw(throw)
        events: list[object] = []
        for _ in range(steps):
            events += table.step()
        return events

    ev = run()
    kinds = [type(e) for e in ev]
    assert kinds.count(TableBounce) == 1 and Sink in kinds and kinds.index(TableBounce) < kinds.index(Sink), ev
    return median_ms(run, runs=200, budget_s=5.0)


def baseline_bare_pymunk_throw_ms() -> float:
    """720 bare `space.step` calls with the rack's cups and one moving ball, no handlers."""
    c = CONST
    space = pymunk.Space()
    space.gravity = (0.0, 0.0)
    for cup in formation("triangle10"):
        m = c.cup_total_mass(c.liquid_fill)
        body = pymunk.Body(m, pymunk.moment_for_circle(m, 0.0, c.cup_rim_radius))
        body.position = (cup.x, cup.y)
        space.add(body, pymunk.Circle(body, c.cup_rim_radius - 0.0005))
    ball = pymunk.Body(c.ball_mass, pymunk.moment_for_circle(c.ball_mass, 0.0, c.ball_radius))
    space.add(ball, pymunk.Circle(ball, c.ball_radius))
    steps = round(SECONDS / c.dt)
    dt = c.dt
    v = bounce_in_throw().velocity

    def run() -> None:
        ball.position = RELEASE[:2]
        ball.velocity = v[:2]
        for _ in range(steps):
            space.step(dt)

    return median_ms(run, runs=200, budget_s=5.0)


def baseline_python_flight_ms() -> float:
    """720 steps of a plain Python flight loop: drag, gravity, bounces, the ten rims checked each step."""
    c = CONST
    dt, k, g, r, h = c.dt, c.drag_k, c.gravity, c.ball_radius, c.cup_height
    rims = [(cup.x, cup.y) for cup in formation("triangle10")]
    reach2 = (c.ball_radius + c.rim_lip) ** 2
    steps = round(SECONDS / dt)
    v0 = bounce_in_throw().velocity

    def run() -> int:
        x, y, z = RELEASE
        vx, vy, vz = v0
        touches = 0
        for _ in range(steps):
            f = 1.0 - k * math.sqrt(vx * vx + vy * vy + vz * vz) * dt
            vx, vy, vz = vx * f, vy * f, vz * f - g * dt
            x, y, z = x + vx * dt, y + vy * dt, z + vz * dt
            if z - r <= 0.0 and vz < 0.0:
                z, vz = r, -c.table_restitution * vz
            for cx, cy in rims:  # the distance to the rim's circle (a torus of the lip's radius)
                d = math.sqrt((x - cx) ** 2 + (y - cy) ** 2) - c.cup_rim_radius
                if d * d + (z - h) ** 2 < reach2:
                    touches += 1
        return touches

    return median_ms(run, runs=200, budget_s=5.0)


def sweep(n: int = 10_000, seed: int = 6) -> int:
    """Run `n` throws through the invariants – random ones, edge-skimming ones and high-spin ones
    in turn (releases a throw may not have are skipped); prints failures, returns their number."""
    rack = formation("triangle10")
    rng = random.Random(seed)
    bad = 0
    t0 = time.perf_counter()
    makers = (random_throw, edge_skimming_throw, high_spin_throw)
    for i in range(n):
        th = makers[i % 3](rng)
        try:
            problems = check_throw(rack, th)
        except ValueError:  # a release inside a cup: no throw
            continue
        if problems:
            bad += 1
            print(i, th, problems[:2])
    print(f"{n} throws, {bad} broke an invariant, {time.perf_counter() - t0:.1f} s")
    return bad


if __name__ == "__main__":
    if sys.argv[1:2] == ["sweep"]:
        sys.exit(1 if sweep(int(sys.argv[2]) if len(sys.argv) > 2 else 10_000) else 0)
    print({"throw_ms": round(throw_ms(), 3), "baseline_bare_pymunk_throw_ms": round(baseline_bare_pymunk_throw_ms(), 3),
           "baseline_python_flight_ms": round(baseline_python_flight_ms(), 3)})
