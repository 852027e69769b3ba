"""Hexagon maths in axial coordinates (after Red Blob Games), and the one place that knows pixels.

`Hex(q, r)` is immutable and hashable; `s = -q - r` is derived. The six directions are in
rotational order, so direction index ±1 is a turn of ±60°. Only `Layout` converts between hexes
and pixels (pointy or flat tops, a size, an origin) – pass a layout, never a global switch.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> Iterator[Hex]:
        for d in DIRECTIONS:
            yield self + d

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six neighbours in rotational order (counter-clockwise on screen, y down): index ±1 = ±60°."""

DIRECTION_NAMES: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
"""Names for the pointy-top layout (east, north-east, …); the same indices name flat-top sides too."""


def direction_index(name: str) -> int:
    """The index of a direction name (e, ne, nw, w, sw, se) or digit 0–5; ValueError otherwise."""
    n = name.strip().lower()
    if n in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(n)
    if n.isdigit() and 0 <= int(n) < 6:
        return int(n)
    raise ValueError(f"unknown direction {name!r}; valid directions: {', '.join(DIRECTION_NAMES)} (or 0–5)")


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction index from `a` to its neighbour `b` (None if they are not neighbours)."""
    d = b - a
    try:
        return DIRECTIONS.index(d)
    except ValueError:
        return None


def turn(d1: int, d2: int) -> int:
    """The signed turn from direction d1 to d2 in steps of 60° (-3 < turn <= 3)."""
    t = (d2 - d1) % 6
    return t - 6 if t > 3 else t


def length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def distance(a: Hex, b: Hex) -> int:
    return length(a - b)


def rotate_left(h: Hex) -> Hex:
    """Rotate 60° counter-clockwise about the origin (one step forward in DIRECTIONS)."""
    return Hex(-h.s, -h.q)


def rotate_right(h: Hex) -> Hex:
    """Rotate 60° clockwise about the origin."""
    return Hex(-h.r, -h.s)


def rotate(h: Hex, steps: int, centre: Hex = Hex(0, 0)) -> Hex:
    """Rotate by `steps` × 60° (positive: counter-clockwise) about `centre`."""
    v = h - centre
    for _ in range(steps % 6):
        v = rotate_left(v)
    return centre + v


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from a to b, both included."""
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6  # nudge off ties so the line is stable
    out = []
    for i in range(n + 1):
        t = i / n
        q = a.q + eps + (b.q - a.q) * t
        r = a.r + eps + (b.r - a.r) * t
        out.append(hex_round(q, r))
    return out


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly `radius` from `centre`, in rotational order."""
    if radius == 0:
        return [centre]
    out = []
    h = centre + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h.neighbour(side)
    return out


@dataclass(frozen=True)
class Orientation:
    """The forward and inverse matrices of a hex layout, and the angle of its first corner."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in multiples of 60°


_R3 = math.sqrt(3.0)
POINTY = Orientation(_R3, _R3 / 2.0, 0.0, 3.0 / 2.0, _R3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
FLAT = Orientation(3.0 / 2.0, 0.0, _R3 / 2.0, _R3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _R3 / 3.0, 0.0)
ORIENTATIONS = {"pointy": POINTY, "flat": FLAT}


@dataclass(frozen=True)
class Layout:
    """Hexes ↔ pixels: an orientation, the size of a hex (centre to corner, x and y) and the origin."""

    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float] = (0.0, 0.0)

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        o, (sx, sy), (ox, oy) = self.orientation, self.size, self.origin
        x = (o.f0 * h.q + o.f1 * h.r) * sx
        y = (o.f2 * h.q + o.f3 * h.r) * sy
        return (x + ox, y + oy)

    def fractional(self, p: tuple[float, float]) -> tuple[float, float]:
        o, (sx, sy), (ox, oy) = self.orientation, self.size, self.origin
        px, py = (p[0] - ox) / sx, (p[1] - oy) / sy
        return (o.b0 * px + o.b1 * py, o.b2 * px + o.b3 * py)

    def to_hex(self, p: tuple[float, float]) -> Hex:
        """The hex under a pixel."""
        q, r = self.fractional(p)
        return hex_round(q, r)

    def hexes_under_grid(self, x0: float, y0: float, w: float, h: float, nx: int, ny: int) -> set[Hex]:
        """The hexes under the (nx + 1) × (ny + 1) points spread evenly over the box (x0, y0, w, h),
        edges included – `to_hex` of each point, the layout's part worked out once (a board's labels
        ask this for thousands of boxes; each point the same arithmetic, so the same hex)."""
        o, (sx, sy), (ox, oy) = self.orientation, self.size, self.origin
        b0, b1, b2, b3 = o.b0, o.b1, o.b2, o.b3
        pys = [(y0 + h * j / ny - oy) / sy for j in range(ny + 1)]
        out: set[Hex] = set()
        for i in range(nx + 1):
            px = (x0 + w * i / nx - ox) / sx
            for py in pys:
                out.add(hex_round(b0 * px + b1 * py, b2 * px + b3 * py))
        return out

    def corner_offset(self, corner: int) -> tuple[float, float]:
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6.0
        return (self.size[0] * math.cos(angle), self.size[1] * math.sin(angle))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.to_pixel(h)
        out = []
        for i in range(6):
            dx, dy = self.corner_offset(i)
            out.append((cx + dx, cy + dy))
        return out

    def direction_angle(self, direction: int) -> float:
        """The screen angle (radians, y down) of a direction: from a hex's centre to that neighbour's."""
        x, y = self.to_pixel(DIRECTIONS[direction % 6])
        x0, y0 = self.to_pixel(Hex(0, 0))
        return math.atan2(y - y0, x - x0)
