"""Random throws and the invariants every throw must keep (used by the tests and `bench.pong`)."""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

from physics.constants import CONST, Constants
from physics.table import Cup
from physics.world import Table, Throw

MAX_STEPS_S = 10.0  # s, every throw must settle within this


def random_throw(rng: random.Random, *, constants: Constants = CONST) -> Throw:
    """Speed 1–12 m/s in any direction (uniform on the sphere), half of them with spin, released
    above the far half of the table (where the cups are, so that most throws meet them)."""
    c = constants
    speed = rng.uniform(1.0, 12.0)
    cz = rng.uniform(-1.0, 1.0)
    ph = rng.uniform(0.0, 2.0 * math.pi)
    s = math.sqrt(1.0 - cz * cz)
    release = (rng.uniform(c.centre + 0.4, c.table_length), rng.uniform(-c.table_width / 2.0, c.table_width / 2.0),
               rng.uniform(0.15, 0.6))
    velocity = (speed * s * math.cos(ph), speed * s * math.sin(ph), speed * cz)
    spin = (0.0, 0.0, 0.0)
    if rng.random() < 0.5:  # half of them spin, up to 150 rad/s about any axis
        spin = (rng.uniform(-150.0, 150.0), rng.uniform(-150.0, 150.0), rng.uniform(-150.0, 150.0))
    return Throw(release, velocity, spin)


def check_throw(cups: Sequence[Cup], throw: Throw, *, constants: Constants = CONST) -> list[str]:
    """Run one throw step by step; the broken invariants (empty when all hold): no NaN, no ball
    centre inside a standing cup's wall unless it dropped in, none below the table top over the
    table, and settled within 10 simulated seconds."""
    c = constants
    table = Table(cups, constants=constants)
    table.throw(throw)
    problems: list[str] = []
    steps = round(MAX_STEPS_S / table.DT)
    half = c.table_width / 2.0
    for _ in range(steps):
        if not table.busy:
            break
        table.step()
        standing = [cv for cv in table.cups() if not cv.tipped]
        for b in table.balls():
            x, y, z = b.pos
            if not all(math.isfinite(v) for v in b.pos):
                return [f"not finite: {b.pos}"]
            if not b.in_flight or b.cup is not None:
                continue
            if 0.0 <= x <= c.table_length and abs(y) <= half and z < c.ball_radius - 1e-9:
                problems.append(f"below the table top at {b.pos}")
            if z < c.cup_height:
                for cv in standing:
                    if math.hypot(x - cv.pos[0], y - cv.pos[1]) < c.wall_radius(z):
                        problems.append(f"inside the wall of cup {cv.id} at {b.pos}")
        if problems:
            return problems
    if table.busy:
        problems.append("not settled within 10 s")
    return problems
