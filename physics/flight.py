"""Free flight: gravity and quadratic air drag on all three components (and the Magnus force of a
spinning ball), one semi-implicit Euler step; spin is constant in flight.

The world, the aim and the bots all use `flight_step`, so the preview and the table agree.
"""
from __future__ import annotations

import math

from physics.constants import CONST, Constants

Vec3 = tuple[float, float, float]


def flight_step(vx: float, vy: float, vz: float, dt: float, k: float, g: float) -> Vec3:
    """The velocity after one step: a = −k·|v|·v − g·ẑ evaluated at the old velocity (positions
    then advance with the new velocity: semi-implicit Euler)."""
    f = 1.0 - k * math.sqrt(vx * vx + vy * vy + vz * vz) * dt
    return vx * f, vy * f, vz * f - g * dt


def spin_step(vx: float, vy: float, vz: float, w: Vec3, dt: float, k: float, g: float, km: float) -> Vec3:
    """`flight_step` plus the Magnus acceleration km·(ω × v) of a spinning ball (at the old velocity)."""
    wx, wy, wz = w
    f = 1.0 - k * math.sqrt(vx * vx + vy * vy + vz * vz) * dt
    return (vx * f + km * (wy * vz - wz * vy) * dt, vy * f + km * (wz * vx - wx * vz) * dt,
            vz * f - g * dt + km * (wx * vy - wy * vx) * dt)


def crossing(release: Vec3, velocity: Vec3, height: float, *, constants: Constants = CONST,
             max_time: float = 5.0, spin: Vec3 = (0.0, 0.0, 0.0)) -> tuple[float, float, float] | None:
    """Where the ball in free flight first crosses z = `height` going down: (x, y, t), linearly
    interpolated inside the step; None if it never does within `max_time`."""
    c = constants
    dt, k, g, km = c.dt, c.drag_k, c.gravity, c.magnus_k
    x, y, z = release
    vx, vy, vz = velocity
    spinning = spin != (0.0, 0.0, 0.0)
    t = 0.0
    while t < max_time:
        if spinning:
            vx, vy, vz = spin_step(vx, vy, vz, spin, dt, k, g, km)
        else:
            vx, vy, vz = flight_step(vx, vy, vz, dt, k, g)
        nx, ny, nz = x + vx * dt, y + vy * dt, z + vz * dt
        t += dt
        if vz < 0.0 and z >= height > nz:
            s = (z - height) / (z - nz)
            return x + (nx - x) * s, y + (ny - y) * s, t - dt + s * dt
        x, y, z = nx, ny, nz
    return None
