"""The motion model on an empty table: drag, bounces, friction and spin, rolling, edges, the centre line."""
from __future__ import annotations

import itertools
import math

from physics.constants import CONST, Constants
from physics.events import CrossedCentre, LeftTable, Settled, TableBounce
from physics.flight import crossing, flight_step
from physics.table import formation
from physics.world import Table, Throw, simulate

C = CONST
r = C.ball_radius


def apexes(const: Constants, drop: float, n: int) -> list[float]:
    table = Table((), constants=const)
    table.throw(Throw((1.0, 0.0, r + drop), (0.0, 0.0, 0.0)))
    tops, last_z, rising = [], r + drop, False
    for _ in range(2000):
        table.step()
        z = table.balls()[0].pos[2]
        if rising and z < last_z:
            tops.append(last_z - r)
        rising, last_z = z > last_z, z
        if len(tops) == n:
            break
    return tops


def test_drag_gives_a_terminal_speed_of_about_8_m_s() -> None:
    vx = vy = vz = 0.0
    for _ in range(240 * 10):
        vx, vy, vz = flight_step(vx, vy, vz, C.dt, C.drag_k, C.gravity)
    assert math.isclose(-vz, math.sqrt(C.gravity / C.drag_k), rel_tol=1e-3)
    assert 8.0 < -vz < 9.5


def test_bounces_lose_height_by_the_restitution_squared() -> None:
    still_air = Constants(drag_k=0.0)
    tops = apexes(still_air, 0.5, 3)
    for a, b in zip([0.5] + tops, tops):
        assert math.isclose(b / a, C.table_restitution ** 2, rel_tol=0.05)
    assert apexes(C, 0.5, 1)[0] < tops[0]  # drag takes some more


def test_a_ball_dropped_on_the_table_bounces_then_rests_where_it_fell() -> None:
    tl = simulate((), Throw((1.0, 0.1, 0.5), (0.0, 0.0, 0.0)))
    bounces = [e for e in tl.events if isinstance(e, TableBounce)]
    assert len(bounces) > 3
    assert all(e2.t - e1.t > C.bounce_merge for e1, e2 in itertools.pairwise(bounces))
    last = tl.events[-1]
    assert isinstance(last, Settled) and last.where == "table" and (last.x, last.y) == (1.0, 0.1)
    assert [type(e) for e in tl.events if not isinstance(e, TableBounce)] == [Settled]


def test_a_sliding_ball_starts_rolling_at_three_fifths_of_its_speed() -> None:
    table = Table(())
    table.throw(Throw((0.5, 0.0, r + 1e-4), (1.0, 0.0, -0.05)))  # touches down flat, sliding
    b = table._balls[0]
    for _ in range(240):
        table.step()
        if b.mode == 1 and abs(b.vx - b.wy * r) < 1e-9:
            break
    assert b.mode == 1  # on the table, rolling without slip
    assert math.isclose(b.vx, 0.6, rel_tol=0.02)


def test_rolling_slows_by_rolling_resistance_and_drag_and_settles() -> None:
    v0 = 0.4
    tl = simulate((), Throw((0.3, 0.0, r), (v0, 0.0, 0.0), (0.0, v0 / r, 0.0)))
    last = tl.events[-1]
    assert isinstance(last, Settled) and last.where == "table"
    no_drag = v0 * v0 / (2 * C.rolling_resistance * C.gravity)
    assert 0.6 * no_drag < last.x - 0.3 < no_drag


def test_edges_far_side_near() -> None:
    def edge(th: Throw) -> str:
        left = [e for e in simulate((), th).events if isinstance(e, LeftTable)]
        assert len(left) == 1
        return left[0].edge

    assert edge(Throw((2.3, 0.0, 0.3), (2.0, 0.0, 0.0))) == "far"
    assert edge(Throw((1.0, 0.0, 0.3), (0.0, -2.0, 0.0))) == "side"
    assert edge(Throw((0.2, 0.0, 0.3), (-2.0, 0.0, 0.0))) == "near"


def test_the_centre_line_has_hysteresis() -> None:
    def crossings(x0: float, vx: float) -> list[str]:
        th = Throw((x0, 0.0, r), (vx, 0.0, 0.0), (0.0, vx / r, 0.0))
        return [e.direction for e in simulate((), th).events if isinstance(e, CrossedCentre)]

    assert crossings(C.centre - 0.01, 0.06) == []  # rolls ~2 cm, to centre + 1 cm: inside the band
    assert crossings(C.centre - 0.05, 0.3) == ["away"]
    assert crossings(C.centre + 0.05, -0.3) == ["back"]


def test_magnus_topspin_dips_backspin_floats_sidespin_curves() -> None:
    rel, v = (0.0, 0.0, 0.45), (5.0, 0.0, 2.0)
    plain = crossing(rel, v, 0.12)
    top = crossing(rel, v, 0.12, spin=(0.0, 150.0, 0.0))
    back = crossing(rel, v, 0.12, spin=(0.0, -150.0, 0.0))
    left = crossing(rel, v, 0.12, spin=(0.0, 0.0, 150.0))
    assert plain and top and back and left
    assert top[0] < plain[0] < back[0]
    assert plain[1] == 0.0 and left[1] > 0.01
    # the world flies the same curve
    samples = simulate((), Throw(rel, v, (0.0, 0.0, 150.0))).samples
    assert max(s[2] for s in samples) > 0.01


def test_a_rolling_ball_meets_the_cup_wall_where_the_wall_is_at_its_height() -> None:
    cups = formation("three")
    cup = cups[0]
    table = Table(cups)
    table.throw(Throw((cup.x - 0.4, cup.y, r), (1.5, 0.0, 0.0), (0.0, 1.5 / r, 0.0)))
    closest = math.inf
    for _ in range(1200):
        table.step()
        x, y, _z = table.balls()[0].pos
        closest = min(closest, math.hypot(x - cup.x, y - cup.y))
    touching = C.wall_radius(r) + r  # the wall narrows: at the ball's centre height it is ~33 mm
    assert touching - 0.001 < closest < touching + 0.0005
    # it bounces off, but its topspin (friction trades it for speed) rolls it back to the wall
    final = table.balls()[0]
    assert final.settled and touching - 0.001 < cup.x - final.pos[0] < touching + 0.02
