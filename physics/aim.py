"""Aiming: invert the flight model (drag included) so a throw crosses the rim plane at a target.

Drag acts along the velocity, so a throw stays in the vertical plane through the release point and
the target: only the horizontal distance at which the descending ball crosses `height` matters.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from physics.constants import CONST, Constants
from physics.flight import crossing
from physics.world import Throw

Vec3 = tuple[float, float, float]
RIM = CONST.cup_height
TOL = 1e-5  # m, how close the solved throw's crossing comes to the target


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


def _root(f: Callable[[float], float], a: float, b: float, tol: float) -> float:
    """x in [a, b] with |f(x)| < tol, f(a) and f(b) of opposite signs (Illinois regula falsi,
    falling back to bisection steps when it stalls)."""
    fa, fb = f(a), f(b)
    side = 0
    for _ in range(100):
        x = (a * fb - b * fa) / (fb - fa) if fb != fa else (a + b) / 2.0
        if not min(a, b) < x < max(a, b):
            x = (a + b) / 2.0
        fx = f(x)
        if abs(fx) < tol or abs(b - a) < 1e-12:
            return x
        if (fx > 0.0) == (fb > 0.0):
            b, fb = x, fx
            if side == -1:
                fa /= 2.0
            side = -1
        else:
            a, fa = x, fx
            if side == 1:
                fb /= 2.0
            side = 1
    return x


def speed_for(release: Vec3, target: tuple[float, float], angle_deg: float, *, height: float = RIM,
              constants: Constants = CONST) -> Throw:
    """The throw at `angle_deg` (elevation) whose ball passes (target, `height`) going down.
    Raises ValueError when no speed up to 40 m/s reaches it."""
    dist = math.hypot(target[0] - release[0], target[1] - release[1])
    seen: dict[float, float] = {}  # the bracket's ends are flown once, not again by `_root`

    def miss(v: float) -> float:
        if v not in seen:
            seen[v] = reach(release, target, v, angle_deg, height=height, constants=constants) - dist
        return seen[v]

    lo, hi = 0.05, 40.0
    if miss(hi) < 0.0:
        raise ValueError(f"no speed reaches {target} at {angle_deg}°")
    if miss(lo) >= 0.0:
        return Throw(release, _velocity(release, target, lo, angle_deg))
    return Throw(release, _velocity(release, target, _root(miss, lo, hi, TOL), angle_deg))


def angle_for(release: Vec3, target: tuple[float, float], speed: float, *, height: float = RIM,
              high: bool = False, constants: Constants = CONST) -> Throw | None:
    """The throw at `speed` whose ball passes (target, `height`) going down: the flatter of the two
    arcs (the lob with `high=True`); None when the speed cannot reach it."""
    dist = math.hypot(target[0] - release[0], target[1] - release[1])

    def miss(a: float) -> float:
        return reach(release, target, speed, a, height=height, constants=constants) - dist

    # the reach peaks between the flat and the steep arc: golden-section search for the peak
    gr = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = -80.0, 85.0
    m1, m2 = b - gr * (b - a), a + gr * (b - a)
    f1, f2 = miss(m1), miss(m2)
    while b - a > 0.5:
        if f1 < f2:
            a, m1, f1 = m1, m2, f2
            m2 = a + gr * (b - a)
            f2 = miss(m2)
        else:
            b, m2, f2 = m2, m1, f1
            m1 = b - gr * (b - a)
            f1 = miss(m1)
    peak, fp = (m1, f1) if f1 >= f2 else (m2, f2)
    if fp < 0.0:
        return None
    end = 85.0 if high else -80.0
    if miss(end) >= 0.0:
        return None
    return Throw(release, _velocity(release, target, speed, _root(miss, end, peak, TOL)))
