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


def edge_skimming_throw(rng: random.Random, *, constants: Constants = CONST, speed: tuple[float, float] = (3.0, 20.0)) -> Throw:
    """A fast ball that meets the table top within 25 mm of one of its edges (a side or an end),
    steeply or flat, heading out over that edge: the throws a step that only looks at its end lets
    fall through the table."""
    c = constants
    r = c.ball_radius
    half = c.table_width / 2.0
    v = rng.uniform(*speed)
    down = math.radians(rng.uniform(10.0, 80.0))  # below the horizontal
    inset = rng.uniform(0.0, 0.025)  # where it meets the top: this far inside the edge
    side = rng.choice(("side+", "side-", "far", "near"))
    along = rng.uniform(0.1, c.table_length - 0.1) if side.startswith("side") else rng.uniform(-half + 0.02, half - 0.02)
    if side.startswith("side"):
        sign = 1.0 if side == "side+" else -1.0
        hit = (along, sign * (half - inset))
        out = (0.0, sign)
    else:
        sign = 1.0 if side == "far" else -1.0
        hit = ((c.table_length - inset) if side == "far" else inset, along)
        out = (sign, 0.0)
    vh, vz = v * math.cos(down), -v * math.sin(down)
    back = rng.uniform(0.05, 0.3)  # s of flight before the top (gravity and drag bend it a little)
    release = (hit[0] - out[0] * vh * back, hit[1] - out[1] * vh * back, min(2.4, r - vz * back))
    return Throw(release, (out[0] * vh, out[1] * vh, vz))


def high_spin_throw(rng: random.Random, *, constants: Constants = CONST, most: float = 300.0) -> Throw:
    """A throw of `random_throw` with as much spin as a throw may have (`most` rad/s about a random
    axis) – the spin bends it hard and acts at every bounce."""
    t = random_throw(rng, constants=constants)
    cz = rng.uniform(-1.0, 1.0)
    ph = rng.uniform(0.0, 2.0 * math.pi)
    s = math.sqrt(1.0 - cz * cz)
    w = rng.uniform(0.6, 1.0) * most
    return Throw(t.release, t.velocity, (w * s * math.cos(ph), w * s * math.sin(ph), w * cz))


def check_throw(cups: Sequence[Cup], throw: Throw, *, constants: Constants = CONST, inside_ok: bool = False) -> list[str]:
    """Run one throw step by step; the broken invariants (empty when all hold): no NaN, no ball
    centre inside a standing cup's wall unless it dropped in, none below the table top over the
    table, none through the top (a step that crosses the top's plane over the table ends on it),
    and settled within 10 simulated seconds. `inside_ok`: the release may lie inside a cup (a
    test of this checker; no throw may)."""
    c = constants
    table = Table(cups, constants=constants)
    table.throw(throw, inside_ok=inside_ok)
    problems: list[str] = []
    steps = round(MAX_STEPS_S / table.DT)
    half = c.table_width / 2.0
    for _ in range(steps):
        if not table.busy:
            break
        table.step()
        standing: list[tuple[int, float, float]] | None = None  # (read once a step, when a ball is low enough to need it)
        for b in table.balls():
            x, y, z = b.pos
            if not all(math.isfinite(v) for v in b.pos):
                return [f"not finite: {b.pos}"]
            if not b.in_flight or b.cup is not None:
                continue
            if 0.0 <= x <= c.table_length and abs(y) <= half and z < c.ball_radius - 1e-9:
                problems.append(f"below the table top at {b.pos}")
            px, py, pz = b.prev
            r = c.ball_radius
            if pz - r > 1e-9 and z - r < -1e-9:  # crossed the top's plane this step: over the top, it must have bounced
                s = (pz - r) / (pz - z)
                sx, sy = px + (x - px) * s, py + (y - py) * s
                if 0.0 <= sx <= c.table_length and abs(sy) <= half:
                    problems.append(f"through the table top at ({sx:.4f}, {sy:.4f}) on the way to {b.pos}")
            if z < c.cup_height:
                if standing is None:
                    standing = table.standing_cups()
                wall = c.wall_radius(z)
                for cup_id, cx, cy in standing:
                    if math.hypot(x - cx, y - cy) < wall:
                        problems.append(f"inside the wall of cup {cup_id} at {b.pos}")
        if problems:
            return problems
    if table.busy:
        problems.append("not settled within 10 s")
    return problems
