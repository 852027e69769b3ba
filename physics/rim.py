"""The cup's rim as a torus: tube radius `rim_lip` around a circle of radius R at height H."""
from __future__ import annotations

import math

from physics.constants import Constants

SAMPLE = 0.004  # m, the step's path is checked at least this finely (no tunnelling through the lip)
REST = 0.1  # m/s, slower normal approaches stop instead of bouncing (the ball comes to rest on rims)

State = tuple[float, float, float, float, float, float]


def rim_contact(px: float, py: float, pz: float, x: float, y: float, z: float,
                vx: float, vy: float, vz: float, cx: float, cy: float, c: Constants) -> State | None:
    """The ball moved from (px, py, pz) to (x, y, z) with velocity v near the rim of the cup at
    (cx, cy): the first point of that path touching the torus while approaching it, pushed out to
    touching distance, and v reflected along the torus normal with the rim's restitution; None if
    the path does not touch it."""
    R, H = c.cup_rim_radius, c.cup_height
    reach = c.ball_radius + c.rim_lip
    dx, dy, dz = x - px, y - py, z - pz
    step = math.sqrt(dx * dx + dy * dy + dz * dz)
    ex, ey = x - cx, y - cy
    rho = math.sqrt(ex * ex + ey * ey)
    if abs(rho - R) > reach + step or abs(z - H) > reach + step:
        return None
    n = max(1, math.ceil(step / SAMPLE))
    for i in range(1, n + 1):
        s = i / n
        qx, qy, qz = px + dx * s, py + dy * s, pz + dz * s
        ex, ey = qx - cx, qy - cy
        rho = math.sqrt(ex * ex + ey * ey)
        if rho == 0.0:
            continue
        nr, nz = rho - R, qz - H
        d = math.sqrt(nr * nr + nz * nz)
        if d >= reach or d == 0.0:
            continue
        ux, uy = ex / rho, ey / rho
        nx, ny, nzz = ux * nr / d, uy * nr / d, nz / d
        vn = vx * nx + vy * ny + vz * nzz
        if vn >= 0.0:
            continue  # moving away already
        e = c.rim_restitution if -vn > REST else 0.0
        j = (1.0 + e) * vn
        vx, vy, vz = vx - j * nx, vy - j * ny, vz - j * nzz
        rr = R + nr / d * reach
        return cx + ux * rr, cy + uy * rr, H + nz / d * reach, vx, vy, vz
    return None
