"""The camera of the perspective beer-pong table: pure maths, no drawing.

The physics' world: x runs along the table from the thrower's edge (0) to the far edge
(`CONST.table_length`), y across it, z up. A `Camera` is a pinhole: an eye, a point it looks at,
a vertical field of view, and the screen rectangle it fills. `project` maps a world point to a
screen point with its depth (distance along the view: larger is farther) and its scale (pixels per
metre there); `on_table` maps a screen point back onto the table's plane (the slingshot aims with it).
`THROWER` and `SIDE` are the views of the game; `blend` moves smoothly from one camera to another.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

Vec = tuple[float, float, float]
Rect = tuple[int, int, int, int]  # x, y, width, height on the screen

NEAR = 0.05  # m: points nearer the eye than this are not drawn


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Vec) -> Vec:
    n = math.sqrt(_dot(a, a))
    if n <= 0 or n != n:
        raise ValueError(f"not a direction: {a}")
    return (a[0] / n, a[1] / n, a[2] / n)


@dataclass(frozen=True)
class Projected:
    """A world point on the screen: where, how far (along the view) and how large a metre is there."""

    x: float
    y: float
    depth: float
    scale: float  # pixels per metre at that depth


@dataclass(frozen=True)
class Camera:
    eye: Vec
    target: Vec
    fov: float = 42.0  # degrees, vertical
    screen: Rect = (0, 0, 1280, 720)

    def on(self, screen: Rect) -> Camera:
        """The same camera filling another screen rectangle."""
        return replace(self, screen=screen)

    @cached_property
    def basis(self) -> tuple[Vec, Vec, Vec]:
        """Forward, right and up, as unit vectors."""
        f = _unit(_sub(self.target, self.eye))
        r = _unit(_cross(f, (0.0, 0.0, 1.0)))
        return f, r, _cross(r, f)

    @cached_property
    def focal(self) -> float:
        """Pixels per unit of the image plane (the screen's height spans the field of view)."""
        return (self.screen[3] / 2) / math.tan(math.radians(self.fov) / 2)

    @cached_property
    def _rows(self) -> tuple[float, ...]:
        (fx, fy, fz), (rx, ry, rz), (ux, uy, uz) = self.basis
        x0, y0, w, h = self.screen
        return (fx, fy, fz, rx, ry, rz, ux, uy, uz, self.eye[0], self.eye[1], self.eye[2], x0 + w / 2, y0 + h / 2, self.focal)

    def project(self, p: Vec) -> Projected | None:
        """`p` on the screen (None: behind the eye or too near it)."""
        fx, fy, fz, rx, ry, rz, ux, uy, uz, ex, ey, ez, cx, cy, focal = self._rows
        dx, dy, dz = p[0] - ex, p[1] - ey, p[2] - ez
        z = dx * fx + dy * fy + dz * fz
        if z < NEAR:
            return None
        k = focal / z
        return Projected(cx + (dx * rx + dy * ry + dz * rz) * k, cy - (dx * ux + dy * uy + dz * uz) * k, z, k)

    def on_table(self, sx: float, sy: float, z: float = 0.0) -> tuple[float, float] | None:
        """The point of the plane at height `z` under the screen point (None: the ray never meets it)."""
        f, r, u = self.basis
        x0, y0, w, h = self.screen
        a, b = (sx - x0 - w / 2) / self.focal, -(sy - y0 - h / 2) / self.focal
        ray = (f[0] + a * r[0] + b * u[0], f[1] + a * r[1] + b * u[1], f[2] + a * r[2] + b * u[2])
        if abs(ray[2]) < 1e-9:
            return None
        t = (z - self.eye[2]) / ray[2]
        if t <= 0:  # the plane lies behind the eye along this ray
            return None
        return (self.eye[0] + t * ray[0], self.eye[1] + t * ray[1])


def clip_near(cam: Camera, poly: list[Vec]) -> list[Vec]:
    """The part of the flat polygon `poly` in front of the camera (nearer ones cut off at its near
    plane), so that a table partly behind the eye still has a picture."""
    f = cam.basis[0]
    e = cam.eye
    lim = NEAR * 2

    def ahead(p: Vec) -> float:
        return (p[0] - e[0]) * f[0] + (p[1] - e[1]) * f[1] + (p[2] - e[2]) * f[2] - lim

    out: list[Vec] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        da, db = ahead(a), ahead(b)
        if da >= 0:
            out.append(a)
        if (da >= 0) != (db >= 0):
            t = da / (da - db)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t))
    return out


def blend(a: Camera, b: Camera, t: float) -> Camera:
    """From `a` (t = 0) to `b` (t = 1), eased at both ends; the screen is `b`'s."""
    t = max(0.0, min(1.0, t))
    e = t * t * (3 - 2 * t)

    def mix(p: Vec, q: Vec) -> Vec:
        return (p[0] * (1 - e) + q[0] * e, p[1] * (1 - e) + q[1] * e, p[2] * (1 - e) + q[2] * e)

    return Camera(mix(a.eye, b.eye), mix(a.target, b.target), a.fov * (1 - e) + b.fov * e, b.screen)


def thrower(length: float) -> Camera:
    """Behind and above the thrower, looking down the table at the far rack: the ball in the hand
    (`pong_aim.RELEASE_Z` over the near edge) in the lower part of the picture, the far rack above
    the middle, the far team's wall behind it."""
    return Camera((-1.1, 0.0, 1.0), (length * 0.7, 0.0, 0.1), 38.0)


def watcher(length: float) -> Camera:
    """At the own end while the other team throws at it: higher and farther back than the thrower's
    view, the whole own rack near, in the lower part of the picture, the balls coming towards it."""
    return Camera((-1.6, 0.0, 1.45), (length * 0.55, 0.0, 0.0), 40.0)


def side(length: float, aspect: float = 16 / 9) -> Camera:
    """From beside the table at its middle, a little above it: both ends and the ball in the
    thrower's hand in the picture – far enough back that the table fits across a view of `aspect`
    (width / height)."""
    fov = 30.0
    across = length + 0.9  # the table, the racks' outer cups and the hand beyond the near end
    back = max(3.9, across / 2 / (math.tan(math.radians(fov) / 2) * max(0.3, aspect)))
    return Camera((length / 2, -back, 1.05 * back / 3.9), (length / 2, 0.0, 0.1), fov)


def follow(ball: Vec, length: float, near: float = 0.0) -> Camera:
    """The cinematic camera of demos and replays: behind the ball and to its side, closing in as it
    nears the cups (`near`: 0 far away … 1 at the rack)."""
    back = 0.9 - 0.45 * near
    x = min(ball[0], length - 0.3)
    return Camera((x - back, -0.55 + 0.25 * near, max(0.35, ball[2] + 0.45 - 0.2 * near)), (x + 0.5, 0.0, max(0.0, ball[2] * 0.5)), 44.0)


__all__ = ["Camera", "Projected", "blend", "clip_near", "follow", "side", "thrower", "watcher"]
