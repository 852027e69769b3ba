"""Aiming: invert the flight model (drag included) so a throw crosses the rim plane at a target.

Drag acts along the velocity, so a throw stays in the vertical plane through the release point and
the target: only the horizontal distance at which the descending ball crosses `height` matters.
"""
from __future__ import annotations

import math

from physics.constants import CONST, Constants
from physics.flight import crossing
from physics.world import Throw

Vec3 = tuple[float, float, float]
RIM = CONST.cup_height
TOL = 1e-4  # m, the bisection's target accuracy in distance


def _velocity(release: Vec3, target: tuple[float, float], speed: float, angle_deg: float) -> Vec3:
    az = math.atan2(target[1] - release[1], target[0] - release[0])
    a = math.radians(angle_deg)
    h = speed * math.cos(a)
    return h * math.cos(az), h * math.sin(az), speed * math.sin(a)


def reach(release: Vec3, target: tuple[float, float], speed: float, angle_deg: float, *,
          height: float = RIM, constants: Constants = CONST) -> float:
    """Horizontal distance from the release at which the throw crosses `height` going down
    (−1 if it never does)."""
    hit = crossing(release, _velocity(release, target, speed, angle_deg), height, constants=constants)
    if hit is None:
        return -1.0
    return math.hypot(hit[0] - release[0], hit[1] - release[1])


def speed_for(release: Vec3, target: tuple[float, float], angle_deg: float, *, height: float = RIM,
              constants: Constants = CONST) -> Throw:
    """The throw at `angle_deg` (elevation) whose ball passes (target, `height`) going down.
    Raises ValueError when no speed up to 40 m/s reaches it."""
    dist = math.hypot(target[0] - release[0], target[1] - release[1])
    lo, hi = 0.05, 40.0
    if reach(release, target, hi, angle_deg, height=height, constants=constants) < dist:
        raise ValueError(f"no speed reaches {target} at {angle_deg}°")
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if reach(release, target, mid, angle_deg, height=height, constants=constants) < dist:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-9:
            break
    return Throw(release, _velocity(release, target, hi, angle_deg))


def angle_for(release: Vec3, target: tuple[float, float], speed: float, *, height: float = RIM,
              high: bool = False, constants: Constants = CONST) -> Throw | None:
    """The throw at `speed` whose ball passes (target, `height`) going down: the flatter of the two
    arcs (the lob with `high=True`); None when the speed cannot reach it."""
    dist = math.hypot(target[0] - release[0], target[1] - release[1])

    def f(a: float) -> float:
        return reach(release, target, speed, a, height=height, constants=constants)

    lo, hi = -80.0, 85.0  # the range peaks in between: find the peak (golden section)
    gr = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = lo, hi
    for _ in range(40):
        m1, m2 = b - gr * (b - a), a + gr * (b - a)
        if f(m1) < f(m2):
            a = m1
        else:
            b = m2
    peak = (a + b) / 2.0
    if f(peak) < dist:
        return None
    # flat side: reach grows with the angle; lob side: reach shrinks with it
    a, b = (peak, hi) if high else (lo, peak)
    if (f(a) >= dist) == (f(b) >= dist):
        return None
    for _ in range(60):
        m = (a + b) / 2.0
        if (f(m) >= dist) == (f(b) >= dist):
            b = m
        else:
            a = m
    return Throw(release, _velocity(release, target, speed, b))
