"""The cup's rim as a torus: tube radius `rim_lip` around a circle of radius R at height H.

A ball may touch two or three rims at once (between cups): the contacts of one moment are resolved
together – the velocity reflected along their depth-weighted mean normal, the position pushed out of
each – so that a ball dropped into the pocket between three cups bounces straight up, as it should.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from physics.constants import Constants

SAMPLE = 0.004  # m, the step's path is checked at least this finely (no tunnelling through the lip)
REST = 0.1  # m/s, slower normal approaches stop instead of bouncing (the ball comes to rest on rims)
PASSES = 3  # push-out rounds over simultaneous contacts

Vec3 = tuple[float, float, float]
Touch = tuple[int, float, float, float, float]  # index of the rim, normal (x, y, z), depth


def touch(x: float, y: float, z: float, cx: float, cy: float, c: Constants) -> tuple[float, float, float, float] | None:
    """The torus normal at the ball and how deep the ball overlaps the lip; None when apart."""
    ex, ey = x - cx, y - cy
    rho = math.sqrt(ex * ex + ey * ey)
    if rho == 0.0:
        return None
    nr, nz = rho - c.cup_rim_radius, z - c.cup_height
    d = math.sqrt(nr * nr + nz * nz)
    depth = c.ball_radius + c.rim_lip - d
    if depth <= 0.0 or d == 0.0:
        return None
    return ex / rho * nr / d, ey / rho * nr / d, nz / d, depth


def near_rims(x: float, y: float, z: float, step: float, rims: Sequence[tuple[float, float]],
              c: Constants) -> list[int]:
    """Indices of the rims the ball could touch within `step` of (x, y, z)."""
    reach = c.ball_radius + c.rim_lip + step
    if abs(z - c.cup_height) > reach:
        return []
    R = c.cup_rim_radius
    out = []
    for i, (cx, cy) in enumerate(rims):
        rho = math.sqrt((x - cx) ** 2 + (y - cy) ** 2)
        if abs(rho - R) <= reach:
            out.append(i)
    return out


def rim_contacts(p: Vec3, q: Vec3, v: Vec3, rims: Sequence[tuple[float, float]], near: Sequence[int],
                 c: Constants) -> tuple[Vec3, Vec3, list[Touch]] | None:
    """The ball moved from p to q with velocity v: the first point of the path where it touches a
    rim it approaches, resolved – (position, velocity, the contacts) –, or None."""
    px, py, pz = p
    dx, dy, dz = q[0] - px, q[1] - py, q[2] - pz
    vx, vy, vz = v
    n = max(1, math.ceil(math.sqrt(dx * dx + dy * dy + dz * dz) / SAMPLE))
    for k in range(1, n + 1):
        s = k / n
        x, y, z = px + dx * s, py + dy * s, pz + dz * s
        touches: list[Touch] = []
        for i in near:
            t = touch(x, y, z, rims[i][0], rims[i][1], c)
            if t is not None and vx * t[0] + vy * t[1] + vz * t[2] < 0.0:
                touches.append((i, *t))
        if not touches:
            continue
        # velocity: reflect along the depth-weighted mean normal, then no contact may still approach
        mx = sum(t[1] * t[4] for t in touches)
        my = sum(t[2] * t[4] for t in touches)
        mz = sum(t[3] * t[4] for t in touches)
        m = math.sqrt(mx * mx + my * my + mz * mz)
        if m > 0.0:
            mx, my, mz = mx / m, my / m, mz / m
            vn = vx * mx + vy * my + vz * mz
            if vn < 0.0:
                e = c.rim_restitution if -vn > REST else 0.0
                j = (1.0 + e) * vn
                vx, vy, vz = vx - j * mx, vy - j * my, vz - j * mz
        for _ in range(PASSES):
            for _i, nx, ny, nz, _d in touches:
                vn = vx * nx + vy * ny + vz * nz
                if vn < 0.0:
                    vx, vy, vz = vx - vn * nx, vy - vn * ny, vz - vn * nz
        # position: out of every rim it overlaps
        for _ in range(PASSES):
            moved = False
            for i in near:
                out = touch(x, y, z, rims[i][0], rims[i][1], c)
                if out is not None:
                    ox, oy, oz, depth = out
                    x, y, z = x + ox * depth, y + oy * depth, z + oz * depth
                    moved = True
            if not moved:
                break
        return (x, y, z), (vx, vy, vz), touches
    return None
