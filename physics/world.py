"""The live beer-pong table and `simulate`: a top-down pymunk world with each ball's height beside it.

The step loop integrates flight (drag and gravity, `physics.flight`), table bounces, rolling, the
rims (`physics.rim`), sinking and the edges itself; pymunk handles what happens in the plane – the
ball against a cup's side wall (gated by height in `pre_solve`) and cups sliding – and is stepped
only while such a contact is possible (a ball low near a cup, or a cup moving).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pymunk

from physics.constants import CONST, Constants
from physics.events import (
    BallContact,
    CrossedCentre,
    CupContact,
    CupTipped,
    Edge,
    Event,
    LeftTable,
    Settled,
    Sink,
    TableBounce,
    Where,
)
from physics.flight import spin_step
from physics.rim import near_rims, rim_contacts
from physics.table import Cup

BALL_TYPE = 1
CUP_TYPE = 2
MAX_IN_FLIGHT = 2
# what a throw may be (issue 19): a person's hand, not a cannon – checked where a ball is let go
MAX_SPEED = 20.0  # m/s (a hard throw is 6–8; a step of the table sweeps 20 m/s safely)
MAX_SPIN = 300.0  # rad/s (about 48 turns a second; a flicked ball reaches 10–30)
RELEASE_BEYOND = 2.5  # m a hand may be beyond the table's ends or sides
MAX_RELEASE_Z = 2.5  # m above the table top


def throw_problem(throw: Throw, c: Constants = CONST) -> str | None:
    """Why `throw` cannot be a throw (None: it can): numbers that are not finite, a speed or spin
    beyond a hand's, a release under the table top or far from the table."""
    vals = (*throw.release, *throw.velocity, *throw.spin)
    if len(vals) != 9 or not all(isinstance(v, (int, float)) and math.isfinite(v) for v in vals):
        return f"a throw needs finite numbers: {throw}"
    speed = math.sqrt(sum(v * v for v in throw.velocity))
    if speed > MAX_SPEED:
        return f"a throw of {speed:.1f} m/s: at most {MAX_SPEED:g} m/s"
    spin = math.sqrt(sum(w * w for w in throw.spin))
    if spin > MAX_SPIN:
        return f"a spin of {spin:.0f} rad/s: at most {MAX_SPIN:g} rad/s"
    x, y, z = throw.release
    if z < c.ball_radius:
        return f"a release {z:.3f} m high: at least the ball's radius ({c.ball_radius} m) above the table top"
    if z > MAX_RELEASE_Z or not -RELEASE_BEYOND <= x <= c.table_length + RELEASE_BEYOND or abs(y) > c.table_width / 2 + RELEASE_BEYOND:
        return f"a release at ({x:.2f}, {y:.2f}, {z:.2f}) m: within {RELEASE_BEYOND:g} m of the table and {MAX_RELEASE_Z:g} m above it"
    return None
SUBSTEP = 0.004  # m, the most a ball in the space moves per pymunk step
SAMPLE_EVERY = 4  # steps between timeline samples (60 Hz at the default step)

# ball modes
FLY, ROLL, INCUP, DONE = 0, 1, 2, 3


@dataclass(frozen=True)
class Throw:
    """A release point (m), a 3-D velocity (m/s) and a spin (rad/s, right-handed about x, y, z).
    Spin bends the flight (Magnus) and acts at table bounces (friction on the contact point's slip)."""

    release: tuple[float, float, float]
    velocity: tuple[float, float, float]
    spin: tuple[float, float, float] = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class BallView:
    """A ball for drawing: position now and at the previous step (interpolate between them)."""

    id: int
    pos: tuple[float, float, float]
    prev: tuple[float, float, float]
    in_flight: bool
    settled: bool
    cup: int | None = None  # the cup holding it


@dataclass(frozen=True)
class CupView:
    """A cup for drawing; `liquid` is the liquid surface's height above the table (m)."""

    id: int
    pos: tuple[float, float]
    angle: float
    tipped: bool
    holds_ball: bool
    liquid: float


@dataclass(frozen=True)
class Timeline:
    """A simulated throw: its events in order, and (t, x, y, z) samples for trails and the side view."""

    events: tuple[Event, ...]
    samples: tuple[tuple[float, float, float, float], ...]


class _Cup:
    __slots__ = ("id", "x", "y", "home", "body", "shape", "fill", "tipped", "holds", "in_space")

    def __init__(self, cup: Cup, body: pymunk.Body, shape: pymunk.Circle, fill: float) -> None:
        self.id, self.x, self.y = cup.id, cup.x, cup.y
        self.home = (cup.x, cup.y)
        self.body, self.shape, self.fill = body, shape, fill
        self.tipped, self.holds, self.in_space = False, 0, True


class _Ball:
    __slots__ = ("id", "x", "y", "z", "vx", "vy", "vz", "px", "py", "pz", "t", "mode", "body", "shape",
                 "in_space", "last_bounce", "far", "over", "cup", "ox", "oy", "still", "anchor", "last_contact", "wx", "wy", "wz")

    def __init__(self, bid: int, throw: Throw, c: Constants) -> None:
        self.id = bid
        self.x, self.y, self.z = (float(v) for v in throw.release)
        self.vx, self.vy, self.vz = (float(v) for v in throw.velocity)
        self.wx, self.wy, self.wz = (float(v) for v in throw.spin)
        self.px, self.py, self.pz = self.x, self.y, self.z
        self.t = 0.0
        self.mode = FLY
        self.body = pymunk.Body(c.ball_mass, pymunk.moment_for_circle(c.ball_mass, 0.0, c.ball_radius))
        self.shape = pymunk.Circle(self.body, c.ball_radius)
        self.shape.collision_type = BALL_TYPE
        self.shape.elasticity = 1.0
        self.shape.friction = 0.0
        self.shape.filter = pymunk.ShapeFilter(group=BALL_TYPE)  # balls pass each other (heights differ)
        self.in_space = False
        self.last_bounce = -1.0
        self.far = self.x > c.centre
        self.over = _over(self.x, self.y, c)
        self.cup: _Cup | None = None
        self.ox = self.oy = 0.0  # offset from the holding cup's axis
        self.still = 0.0
        self.anchor = (self.x, self.y, self.z)  # where a possible rest began
        self.last_contact: dict[tuple[int, str], float] = {}

    def view(self) -> BallView:
        return BallView(self.id, (self.x, self.y, self.z), (self.px, self.py, self.pz),
                        self.mode in (FLY, ROLL), self.mode == DONE, None if self.cup is None else self.cup.id)


def _over(x: float, y: float, c: Constants) -> bool:
    return 0.0 <= x <= c.table_length and abs(y) <= c.table_width / 2.0


class Table:
    """A live table: one pymunk space built once; throw balls, step it, read balls and cups."""

    DT: float = CONST.dt  # the fixed step (s); an instance takes its constants' step

    def __init__(self, cups: Sequence[Cup], *, constants: Constants = CONST,
                 liquid: Mapping[int, float] | None = None) -> None:
        """`liquid` maps cup ids to a fill (fraction of the height; default `constants.liquid_fill`)."""
        c = self.c = constants
        self.DT = c.dt
        self.space = pymunk.Space()
        self.space.gravity = (0.0, 0.0)
        self.space.collision_slop = 0.0002  # m (the default 0.1 is for pixels)
        self._cups: list[_Cup] = []
        self._cup_by_shape: dict[pymunk.Shape, _Cup] = {}
        self._cup_shape_r = c.cup_rim_radius - 0.0005  # rims of a rack just touch: keep a hair apart
        for cup in cups:  # fixed order: the space's results depend on it
            fill = c.liquid_fill if liquid is None else liquid.get(cup.id, c.liquid_fill)
            m = c.cup_total_mass(fill)
            body = pymunk.Body(m, pymunk.moment_for_circle(m, 0.0, c.cup_rim_radius))
            body.position = (cup.x, cup.y)
            shape = pymunk.Circle(body, self._cup_shape_r)
            shape.collision_type = CUP_TYPE
            shape.elasticity = c.wall_restitution
            shape.friction = 0.2
            self.space.add(body, shape)
            st = _Cup(cup, body, shape, fill)
            self._cups.append(st)
            self._cup_by_shape[shape] = st
        self._balls: list[_Ball] = []
        self._ball_by_shape: dict[pymunk.Shape, _Ball] = {}
        self._next_id = 1
        self._acc = 0.0
        self._moving: set[_Cup] = set()
        self._walls: list[tuple[_Ball, _Cup]] = []
        self._impulses: list[tuple[_Ball, _Cup, float]] = []
        self._errors: list[BaseException] = []
        self.space.on_collision(BALL_TYPE, CUP_TYPE, pre_solve=self._pre_solve, post_solve=self._post_solve)
        self._bbox = self._cup_bbox()

    # -- pymunk callbacks: record facts only ------------------------------------------------------
    def _pair(self, arbiter: pymunk.Arbiter) -> tuple[_Ball, _Cup]:
        a, b = arbiter.shapes
        if a.collision_type != BALL_TYPE:
            a, b = b, a
        return self._ball_by_shape[a], self._cup_by_shape[b]

    def _pre_solve(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        try:
            ball, cup = self._pair(arbiter)
            ok = ball.z < self.c.cup_height and not cup.tipped
            arbiter.process_collision = ok  # set every time: the flag sticks
            if ok:
                self._walls.append((ball, cup))
        except BaseException as e:  # cffi swallows errors raised in callbacks
            self._errors.append(e)

    def _post_solve(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        try:
            ball, cup = self._pair(arbiter)
            self._impulses.append((ball, cup, abs(arbiter.total_impulse)))
        except BaseException as e:
            self._errors.append(e)

    # -- building ---------------------------------------------------------------------------------
    def _cup_bbox(self) -> tuple[float, float, float, float]:
        live = [cp for cp in self._cups if cp.in_space]
        if not live:
            return (math.inf, -math.inf, math.inf, -math.inf)
        m = self.c.cup_rim_radius + self.c.ball_radius + self.c.rim_lip + 0.01
        return (min(cp.x for cp in live) - m, max(cp.x for cp in live) + m,
                min(cp.y for cp in live) - m, max(cp.y for cp in live) + m)

    def throw(self, throw: Throw, *, inside_ok: bool = False) -> int:
        """Release a ball; returns its id. At most two balls may be in flight at once; a throw a
        hand cannot make, or one let go inside a standing cup, is refused (ValueError).
        `inside_ok` lets a test of the invariants place a ball where no throw may start."""
        if sum(1 for b in self._balls if b.mode in (FLY, ROLL, INCUP)) >= MAX_IN_FLIGHT:
            raise ValueError("two balls are already in flight")
        problem = throw_problem(throw, self.c)
        if problem is not None:
            raise ValueError(problem)
        if not inside_ok:
            x, y, z = throw.release
            r = self.c.ball_radius
            for cp in self._cups:
                if not cp.tipped and z < self.c.cup_height + r and math.hypot(x - cp.x, y - cp.y) < self.c.cup_rim_radius + r:
                    raise ValueError(f"a release inside cup {cp.id}: let the ball go above the rims")
        ball = _Ball(self._next_id, throw, self.c)
        self._next_id += 1
        self._balls.append(ball)
        self._ball_by_shape[ball.shape] = ball
        return ball.id

    def remove_cup(self, cup_id: int) -> None:
        """Take a cup off the table (a hit cup, a re-rack)."""
        for cp in self._cups:
            if cp.id == cup_id:
                for obj in (cp.shape, cp.body):
                    if obj.space is not None:
                        self.space.remove(obj)
                cp.in_space = False
                self._moving.discard(cp)
                for b in self._balls:
                    if b.cup is cp:
                        b.cup = None
        self._cups = [cp for cp in self._cups if cp.id != cup_id]
        self._bbox = self._cup_bbox()

    def remove_ball(self, ball_id: int) -> None:
        """Take one ball off the table where it is (a defender swatted it away): it stops at once,
        reports nothing more and no longer touches anything; its view stays, marked settled."""
        for b in self._balls:
            if b.id == ball_id and b.mode != DONE:
                if b.cup is not None and b.mode == INCUP:
                    b.cup.holds = max(0, b.cup.holds - 1)
                    b.cup = None
                b.vx = b.vy = b.vz = 0.0
                b.mode = DONE
                self._unspace(b)

    def reset_balls(self) -> None:
        """Remove every ball (also those lying in cups)."""
        for b in self._balls:
            self._unspace(b)
        for cp in self._cups:
            cp.holds = 0
        self._balls.clear()
        self._ball_by_shape.clear()
        self._acc = 0.0

    def reset_cups(self) -> None:
        """Put the cups still on the table back where they were built, upright and at rest."""
        for cp in self._cups:
            cp.body.position = (cp.home[0], cp.home[1])
            cp.body.velocity = (0.0, 0.0)
            cp.body.angle = 0.0
            cp.body.angular_velocity = 0.0
            cp.x, cp.y = cp.home
            if cp.tipped:
                cp.tipped = False
                self.space.add(cp.shape)
                cp.in_space = True
        self._moving.clear()
        for cp in self._cups:
            self.space.reindex_shapes_for_body(cp.body)
        self._bbox = self._cup_bbox()

    def _unspace(self, b: _Ball) -> None:
        if b.in_space:
            self.space.remove(b.body, b.shape)
            b.in_space = False

    # -- reading ----------------------------------------------------------------------------------
    def balls(self) -> list[BallView]:
        """Every ball since the last `reset_balls`, in throwing order."""
        return [b.view() for b in self._balls]

    def at_rest(self) -> dict[int, bool]:
        """Every ball since the last `reset_balls`: whether it has come to rest (cheaper than `balls`)."""
        return {b.id: b.mode == DONE for b in self._balls}

    def cups(self) -> list[CupView]:
        """The cups on the table, in their order."""
        out = []
        for cp in self._cups:
            x, y = cp.body.position
            out.append(CupView(cp.id, (x, y), cp.body.angle, cp.tipped, cp.holds > 0,
                               0.0 if cp.tipped else self.c.liquid_level(cp.fill)))
        return out

    def standing_cups(self) -> list[tuple[int, float, float]]:
        """The cups still standing, as (id, x, y) – what `cups` says of them, without the rest of a
        view (a checker asks at every step)."""
        out = []
        for cp in self._cups:
            if not cp.tipped:
                x, y = cp.body.position
                out.append((cp.id, x, y))
        return out

    def set_liquid(self, cup_id: int, fill: float) -> None:
        """Fill a cup to `fill` of its height (its mass follows)."""
        for cp in self._cups:
            if cp.id == cup_id:
                cp.fill = fill
                m = self.c.cup_total_mass(fill)
                cp.body.mass = m
                cp.body.moment = pymunk.moment_for_circle(m, 0.0, self.c.cup_rim_radius)

    @property
    def busy(self) -> bool:
        """A ball is still moving."""
        return any(b.mode in (FLY, ROLL, INCUP) for b in self._balls)

    # -- stepping ---------------------------------------------------------------------------------
    def advance(self, seconds: float) -> list[Event]:
        """Whole steps up to `seconds` (the remainder waits for the next call)."""
        self._acc += seconds
        out: list[Event] = []
        while self._acc >= self.DT:
            self._acc -= self.DT
            out.extend(self.step())
        return out

    def step(self) -> list[Event]:
        """One fixed step; the events of that step."""
        c = self.c
        dt, k, g = self.DT, c.drag_k, c.gravity
        ev: list[Event] = []
        H = c.cup_height
        x0, x1, y0, y1 = self._bbox
        need = bool(self._moving)
        for b in self._balls:
            mode = b.mode
            if mode == DONE:  # at rest: rides along with its cup, if any
                if b.cup is not None:
                    b.x, b.y = b.cup.body.position + (b.ox, b.oy)
                b.px, b.py, b.pz = b.x, b.y, b.z
                continue
            b.t += dt
            b.px, b.py, b.pz = b.x, b.y, b.z
            vx, vy, vz = b.vx, b.vy, b.vz
            if mode == ROLL:
                self._roll(b, dt)
            elif mode == FLY and (b.wx != 0.0 or b.wy != 0.0 or b.wz != 0.0):
                b.vx, b.vy, b.vz = spin_step(vx, vy, vz, (b.wx, b.wy, b.wz), dt, k, g, c.magnus_k)
            else:
                f = 1.0 - k * math.sqrt(vx * vx + vy * vy + vz * vz) * dt
                b.vx, b.vy, b.vz = vx * f, vy * f, vz * f - g * dt
            if mode == INCUP:
                continue
            # a wall contact is possible: low and near a cup (within this step's reach)
            m = (abs(b.vx) + abs(b.vy)) * dt
            if b.z < H and x0 - m <= b.x <= x1 + m and y0 - m <= b.y <= y1 + m:
                if not b.in_space:
                    self.space.add(b.body, b.shape)
                    b.in_space = True
                need = True
            elif b.in_space:
                self._unspace(b)
        if need:
            self._space_step(ev)
        else:
            for b in self._balls:
                if b.mode == FLY or b.mode == ROLL:
                    b.x += b.vx * dt
                    b.y += b.vy * dt
        for b in self._balls:
            if b.mode == FLY:
                b.z += b.vz * dt
                self._after_flight(b, ev)
            elif b.mode == ROLL:
                self._after_roll(b, ev)
            elif b.mode == INCUP:
                self._in_cup(b, ev)
        if len(self._balls) > 1:
            self._ball_contacts(ev)
        return ev

    def _ball_contacts(self, ev: list[Event]) -> None:
        """Two balls in play that touch bounce off each other (equal masses, restitution
        `ball_restitution`, along the line of centres); a rolling ball keeps to the table."""
        c = self.c
        live = [b for b in self._balls if b.mode == FLY or b.mode == ROLL]
        reach = 2.0 * c.ball_radius
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
                d2 = dx * dx + dy * dy + dz * dz
                if d2 >= reach * reach or d2 == 0.0:
                    continue
                if a.mode == ROLL and b.mode == ROLL:
                    dz = 0.0
                d = math.sqrt(dx * dx + dy * dy + dz * dz) or reach
                nx, ny, nz = dx / d, dy / d, dz / d
                closing = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny + (a.vz - b.vz) * nz
                if closing >= 0.0:  # already parting
                    continue
                j = 0.5 * (1.0 + c.ball_restitution) * closing
                for ball, sign in ((a, -1.0), (b, 1.0)):
                    ball.vx += sign * j * nx
                    ball.vy += sign * j * ny
                    if ball.mode == FLY:
                        ball.vz += sign * j * nz
                    push = 0.5 * (reach - d) * -sign
                    ball.x += push * nx
                    ball.y += push * ny
                    ball.still = 0.0
                ev.append(BallContact(a.t, b.id, ball=a.id))
                ev.append(BallContact(b.t, a.id, ball=b.id))

    def _roll(self, b: _Ball, dt: float) -> None:
        """On the table: a slipping ball skids (kinetic friction trades speed for spin) until it
        rolls; a rolling ball slows by rolling resistance and drag."""
        c = self.c
        r, fi = c.ball_radius, c.ball_inertia
        vx, vy = b.vx, b.vy
        sx, sy = vx - r * b.wy, vy + r * b.wx
        slip = math.sqrt(sx * sx + sy * sy)
        if slip > 1e-9:
            dv = min(c.table_friction * c.gravity * dt, fi / (1.0 + fi) * slip)
            jx, jy = -sx / slip * dv, -sy / slip * dv
            b.vx, b.vy = vx + jx, vy + jy
            b.wx += jy / (fi * r)
            b.wy -= jx / (fi * r)
            return
        sp = math.sqrt(vx * vx + vy * vy)
        dec = (c.rolling_resistance * c.gravity + c.drag_k * sp * sp) * dt
        if sp <= dec:
            b.vx = b.vy = b.wx = b.wy = 0.0
        else:
            f = (sp - dec) / sp
            b.vx, b.vy = vx * f, vy * f
            b.wx, b.wy = -b.vy / r, b.vx / r

    def _space_step(self, ev: list[Event]) -> None:
        c = self.c
        dt = self.DT
        for b in self._balls:
            if b.in_space:
                b.body.position = (b.x, b.y)
                b.body.velocity = (b.vx, b.vy)
                # the wall narrows downwards: shrink the ball by the wall's shortfall at its height
                b.shape.unsafe_set_radius(c.ball_radius + c.wall_radius(b.z) - self._cup_shape_r)
            elif b.mode == FLY or b.mode == ROLL:
                b.x += b.vx * dt
                b.y += b.vy * dt
        # substeps keep a fast ball from sinking deep into a wall within one step
        n = 1
        for b in self._balls:
            if b.in_space:
                n = max(n, math.ceil((abs(b.vx) + abs(b.vy)) * dt / SUBSTEP))
        for _ in range(n):
            self.space.step(dt / n)
            if self._errors:
                err = self._errors[0]
                self._errors.clear()
                raise err
        for b in self._balls:
            if b.in_space:
                b.x, b.y = b.body.position
                b.vx, b.vy = b.body.velocity
        for b, cp in self._walls:
            self._contact(b, cp, "wall", ev)
        self._walls.clear()
        for b, cp, j in self._impulses:
            if not cp.tipped and j > c.tip_impulse(cp.fill):
                self._tip(b, cp, ev)
        self._impulses.clear()
        # cups slide on the table with friction
        for cp in self._cups:
            if cp.in_space or cp.tipped:
                v = cp.body.velocity
                sp = abs(v)
                if sp > 0.0 or cp.body.angular_velocity != 0.0:
                    dv = c.cup_table_friction * c.gravity * dt
                    if sp <= dv:
                        cp.body.velocity = (0.0, 0.0)
                        cp.body.angular_velocity = 0.0
                        self._moving.discard(cp)
                    else:
                        cp.body.velocity = v * ((sp - dv) / sp)
                        cp.body.angular_velocity *= 0.9
                        self._moving.add(cp)
                    cp.x, cp.y = cp.body.position
        if self._moving:
            self._bbox = self._cup_bbox()

    def _push_cup(self, b: _Ball, cp: _Cup, jx: float, jy: float, ev: list[Event]) -> None:
        """The rim's reaction: the horizontal impulse (N·s) the ball gave the cup moves it, or
        tips it when above the cup's threshold."""
        j = math.sqrt(jx * jx + jy * jy)
        if j == 0.0 or not cp.in_space:
            return
        if j > self.c.tip_impulse(cp.fill):
            self._tip(b, cp, ev)
            return
        m = cp.body.mass
        vx, vy = cp.body.velocity
        cp.body.velocity = (vx + jx / m, vy + jy / m)
        self._moving.add(cp)

    def _tip(self, b: _Ball, cp: _Cup, ev: list[Event]) -> None:
        cp.tipped = True
        ev.append(CupTipped(b.t, cp.id, ball=b.id))
        self.space.remove(cp.shape)
        cp.in_space = False

    def _contact(self, b: _Ball, cp: _Cup, kind: str, ev: list[Event]) -> None:
        key = (cp.id, kind)
        last = b.last_contact.get(key)
        if last is None or b.t - last > self.c.contact_merge:
            ev.append(CupContact(b.t, cp.id, "rim" if kind == "rim" else "wall", ball=b.id))
        b.last_contact[key] = b.t

    def _after_flight(self, b: _Ball, ev: list[Event]) -> None:
        c = self.c
        r, H = c.ball_radius, c.cup_height
        x0, x1, y0, y1 = self._bbox
        if x0 <= b.x <= x1 and y0 <= b.y <= y1 and b.z - r < H + c.rim_lip + 0.02:
            if b.pz >= H > b.z:  # sinking: crossing the rim plane going down inside a rim
                s = (b.pz - H) / (b.pz - b.z)
                sx, sy = b.px + (b.x - b.px) * s, b.py + (b.y - b.py) * s
                for cp in self._cups:
                    if cp.tipped:
                        continue
                    cx, cy = sx - cp.x, sy - cp.y
                    rho2 = cx * cx + cy * cy
                    # clear of the lip; or on it, moving inwards (the torus pushes only approaching balls)
                    if rho2 < (c.cup_rim_radius - r) ** 2 or (
                            rho2 < c.cup_rim_radius ** 2 and cx * b.vx + cy * b.vy < 0.0):
                        self._capture(b, cp)
                        return
            self._rims(b, ev)
            if b.mode != FLY:
                return
        self._table_body(b)
        over = _over(b.x, b.y, c)
        if over and b.z - r <= 0.0:
            if b.vz < 0.0:
                self._bounce(b, ev)
            else:  # (met the top's edge from beside it, rising): it lies on the top
                b.z = r
        self._edges(b, over, ev)
        if b.mode == FLY:
            if b.z - r <= c.floor_z:
                self._finish(b, "floor", ev)
            else:  # resting on rims jitters by g·dt: settled when it stays within a few mm
                ax, ay, az = b.anchor
                if (b.x - ax) ** 2 + (b.y - ay) ** 2 + (b.z - az) ** 2 < c.settle_radius ** 2:
                    b.still += self.DT
                    if b.still >= c.settle_time:
                        self._finish(b, "rims" if b.z - r > 0.005 else "table", ev)
                else:
                    b.anchor = (b.x, b.y, b.z)
                    b.still = 0.0

    def _table_body(self, b: _Ball) -> None:
        """The table is solid from its top down: a step is swept against it, not only its end.
        Crossing the top's plane this step above the top (however fast, however near the edge)
        puts the ball on the top where it crossed, to bounce there; entering the table's sides
        below the top sends it back off that side."""
        c = self.c
        r = c.ball_radius
        L, half = c.table_length, c.table_width / 2.0
        if b.pz - r > 0.0 >= b.z - r and b.vz < 0.0:
            s = (b.pz - r) / (b.pz - b.z)
            sx, sy = b.px + (b.x - b.px) * s, b.py + (b.y - b.py) * s
            if _over(sx, sy, c) and not _over(b.x, b.y, c):
                b.x, b.y, b.z = sx, sy, r  # (over the top at the end too: the bounce below does it)
            return
        if b.z >= 0.0 or not _over(b.x, b.y, c) or _over(b.px, b.py, c):
            return
        # below the top and inside the table now, beside it before: back off the side it came through
        if b.px < 0.0 or b.px > L:
            edge = 0.0 if b.px < 0.0 else L
            b.x = edge + (edge - b.x)
            b.vx = -c.table_restitution * b.vx
        if abs(b.py) > half:
            edge = math.copysign(half, b.py)
            b.y = edge + (edge - b.y)
            b.vy = -c.table_restitution * b.vy
        if _over(b.x, b.y, c):  # (a corner's reflection still inside: put it back where it was)
            b.x, b.y = b.px, b.py

    def _rims(self, b: _Ball, ev: list[Event]) -> None:
        """Rim contacts along this step's path (`physics.rim`): events, the cups' share of the
        impulse, and a ball pushed inside a rim below its plane drops in."""
        c = self.c
        cups = [cp for cp in self._cups if not cp.tipped]
        rims = [(cp.x, cp.y) for cp in cups]
        step = math.sqrt((b.x - b.px) ** 2 + (b.y - b.py) ** 2 + (b.z - b.pz) ** 2)
        near = near_rims(b.x, b.y, b.z, step, rims, c)
        if not near:
            return
        hit = rim_contacts((b.px, b.py, b.pz), (b.x, b.y, b.z), (b.vx, b.vy, b.vz), rims, near, c)
        if hit is None:
            return
        (x, y, z), (vx, vy, vz), touches = hit
        jx, jy = c.ball_mass * (b.vx - vx), c.ball_mass * (b.vy - vy)
        b.x, b.y, b.z, b.vx, b.vy, b.vz = x, y, z, vx, vy, vz
        total = sum(t[4] for t in touches)
        for i, *_, depth in touches:
            self._contact(b, cups[i], "rim", ev)
            self._push_cup(b, cups[i], jx * depth / total, jy * depth / total, ev)
        if z < c.cup_height:
            for i in near:
                cp = cups[i]
                if (x - cp.x) ** 2 + (y - cp.y) ** 2 < c.cup_rim_radius ** 2:
                    self._capture(b, cp)
                    return

    def _bounce(self, b: _Ball, ev: list[Event]) -> None:
        c = self.c
        vin = -b.vz
        b.z = c.ball_radius
        if b.t - b.last_bounce > c.bounce_merge:
            ev.append(TableBounce(b.t, b.x, b.y, ball=b.id))
        b.last_bounce = b.t
        # friction against the contact point's slip (velocity plus spin), at most until it rolls
        r, fi = c.ball_radius, c.ball_inertia
        sx, sy = b.vx - r * b.wy, b.vy + r * b.wx
        slip = math.sqrt(sx * sx + sy * sy)
        if slip > 0.0:
            dv = min(c.table_friction * (1.0 + c.table_restitution) * vin, fi / (1.0 + fi) * slip)
            jx, jy = -sx / slip * dv, -sy / slip * dv
            b.vx += jx
            b.vy += jy
            b.wx += jy / (fi * r)
            b.wy -= jx / (fi * r)
        up = c.table_restitution * vin
        if up < c.roll_speed:
            b.vz = 0.0
            b.mode = ROLL
        else:
            b.vz = up

    def _edges(self, b: _Ball, over: bool, ev: list[Event]) -> None:
        c = self.c
        if b.over and not over:
            edge: Edge = "far" if b.x > c.table_length else "near" if b.x < 0.0 else "side"
            ev.append(LeftTable(b.t, edge, ball=b.id))
            if b.mode == ROLL:
                b.mode = FLY
        b.over = over
        if over:
            h = c.centre_hysteresis
            if not b.far and b.x > c.centre + h:
                b.far = True
                ev.append(CrossedCentre(b.t, "away", ball=b.id))
            elif b.far and b.x < c.centre - h:
                b.far = False
                ev.append(CrossedCentre(b.t, "back", ball=b.id))

    def _after_roll(self, b: _Ball, ev: list[Event]) -> None:
        c = self.c
        over = _over(b.x, b.y, c)
        self._edges(b, over, ev)
        if b.mode != ROLL:
            return
        if b.vx * b.vx + b.vy * b.vy < c.settle_speed * c.settle_speed:
            b.still += self.DT
            if b.still >= c.settle_time:
                self._finish(b, "table", ev)
        else:
            b.still = 0.0

    def _capture(self, b: _Ball, cp: _Cup) -> None:
        b.mode = INCUP
        b.cup = cp
        self._unspace(b)

    def _in_cup(self, b: _Ball, ev: list[Event]) -> None:
        c = self.c
        cp = b.cup
        assert cp is not None
        dt = self.DT
        cx, cy = cp.body.position
        b.x += b.vx * dt
        b.y += b.vy * dt
        b.z += b.vz * dt
        room = max(0.0, c.wall_radius(b.z) - c.ball_radius)
        ox, oy = b.x - cx, b.y - cy
        rho = math.sqrt(ox * ox + oy * oy)
        if rho > room:  # the wall narrows: keep the ball inside, losing speed
            s = room / rho
            ox, oy = ox * s, oy * s
            b.x, b.y = cx + ox, cy + oy
            b.vx, b.vy = -0.3 * b.vx, -0.3 * b.vy
        level = c.liquid_level(cp.fill)
        if b.z - c.ball_radius <= level:
            b.z = level + c.ball_radius
            b.ox, b.oy = ox, oy
            cp.holds += 1
            ev.append(Sink(b.t, cp.id, ball=b.id))
            self._finish(b, "cup", ev)

    def _finish(self, b: _Ball, where: Where, ev: list[Event]) -> None:
        if where == "floor":
            b.z = self.c.floor_z + self.c.ball_radius
        b.vx = b.vy = b.vz = 0.0
        b.mode = DONE
        self._unspace(b)
        ev.append(Settled(b.t, b.x, b.y, where, ball=b.id))


def simulate(cups: Sequence[Cup], throw: Throw, *, max_time: float = 10.0, constants: Constants = CONST,
             liquid: Mapping[int, float] | None = None) -> Timeline:
    """One throw on a fresh table until the ball settles (or `max_time`): its events and samples."""
    table = Table(cups, constants=constants, liquid=liquid)
    table.throw(throw)
    events: list[Event] = []
    samples: list[tuple[float, float, float, float]] = [(0.0, *throw.release)]
    ball = table._balls[0]
    n = 0
    while ball.mode != DONE and ball.t < max_time:
        events.extend(table.step())
        n += 1
        if n % SAMPLE_EVERY == 0 or ball.mode == DONE:
            samples.append((ball.t, ball.x, ball.y, ball.z))
    return Timeline(tuple(events), tuple(samples))
