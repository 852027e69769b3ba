"""Formations, constants and the live table's interface."""
from __future__ import annotations

import itertools
import math
import subprocess
import sys
from pathlib import Path

import pytest

from physics.aim import speed_for
from physics.constants import CONST
from physics.events import Settled, Sink, TableBounce
from physics.table import FORMATIONS, cups_at, formation
from physics.world import Table, Throw, simulate

ROOT = Path(__file__).resolve().parents[2]
R = CONST.cup_rim_radius


@pytest.mark.parametrize("kind", FORMATIONS)
def test_formations_stand_on_the_table_without_overlap(kind: str) -> None:
    for end in ("far", "near"):
        cups = formation(kind, end=end)
        for c in cups:
            assert R - 1e-9 <= c.x <= CONST.table_length - R + 1e-9 and abs(c.y) + R <= CONST.table_width / 2
        for a, b in itertools.combinations(cups, 2):
            assert math.hypot(a.x - b.x, a.y - b.y) >= 2 * R - 1e-9
        xs = [c.x for c in cups]
        assert (max(xs) if end == "far" else min(xs)) == pytest.approx(CONST.table_length - R if end == "far" else R)
        assert [c.id for c in cups] == list(range(1, len(cups) + 1))


def test_the_ten_rack_is_a_4_3_2_1_triangle_with_cup_1_at_the_tip() -> None:
    cups = formation("triangle10")
    assert len(cups) == 10
    rows = sorted({round(c.x, 9) for c in cups})
    assert [sum(1 for c in cups if round(c.x, 9) == x) for x in rows] == [1, 2, 3, 4]
    assert cups[0].x == min(c.x for c in cups) and cups[0].y == 0.0
    with pytest.raises(ValueError):
        formation("pentagon")
    assert cups_at([(1.0, 0.1), (2.0, -0.1)])[1].id == 2


def test_constants() -> None:
    assert CONST.liquid_level(0.5) == pytest.approx(0.06)
    assert CONST.wall_radius(CONST.cup_height) == R and CONST.wall_radius(0.0) == CONST.cup_base_radius
    assert CONST.tip_impulse(0.0) < 0.01 < CONST.tip_impulse(CONST.liquid_fill)
    assert CONST.dt <= 1 / 240


def test_live_table_steps_balls_and_cups() -> None:
    cups = formation("six")
    table = Table(cups)
    target = cups[0]
    th = speed_for((0.0, 0.1, 0.45), (target.x, target.y), 45.0)
    a = table.throw(th)
    b = table.throw(Throw((0.0, -0.1, 0.45), (1.0, -2.0, 1.0)))
    with pytest.raises(ValueError):
        table.throw(th)  # at most two in flight
    assert a != b
    events = table.advance(0.5 * table.DT)
    assert events == [] and table.balls()[0].pos == th.release  # less than a step: nothing yet
    events += table.advance(0.5 * table.DT)
    v = table.balls()[0]
    assert v.prev == th.release and v.pos != v.prev and v.in_flight
    for _ in range(10 * 240):
        events += table.step()
        if not table.busy:
            break
    assert not table.busy
    assert Sink(next(e.t for e in events if isinstance(e, Sink)), target.id) in events
    views = {c.id: c for c in table.cups()}
    assert views[target.id].holds_ball and views[target.id].liquid == pytest.approx(CONST.liquid_level(CONST.liquid_fill))
    assert [bv.settled for bv in table.balls()] == [True, True]
    assert table.balls()[0].cup == target.id
    table.remove_cup(target.id)
    assert target.id not in {c.id for c in table.cups()}
    table.reset_balls()
    assert table.balls() == []
    # the table is reusable: the next throw lands in the next cup
    table.throw(speed_for((0.0, 0.0, 0.45), (cups[1].x, cups[1].y), 45.0))
    ev = table.advance(3.0)
    assert any(isinstance(e, Sink) and e.cup == cups[1].id for e in ev)


def test_errors_in_callbacks_are_raised_after_the_step() -> None:
    table = Table(formation("three"))
    c = formation("three")[0]
    table.throw(Throw((c.x - 0.3, c.y, 0.05), (3.0, 0.0, 0.0)))
    table._ball_by_shape.clear()  # the callback cannot find its ball: a KeyError inside pymunk
    with pytest.raises(KeyError):
        for _ in range(240):
            table.step()


def test_timeline_samples_follow_the_ball() -> None:
    c = formation("triangle10")[0]
    tl = simulate(formation("triangle10"), speed_for((0.0, 0.0, 0.45), (c.x, c.y), 40.0))
    ts = [s[0] for s in tl.samples]
    assert ts == sorted(ts) and ts[0] == 0.0
    assert isinstance(tl.events[-1], Settled) and ts[-1] == pytest.approx(tl.events[-1].t)
    assert max(s[3] for s in tl.samples) > 0.45


CODE = """
import sys
from physics.sweep import random_throw
from physics.table import formation
from physics.world import simulate
import random
rng = random.Random(11)
for _ in range(40):
    tl = simulate(formation("triangle10"), random_throw(rng))
    print(repr(tl.events), repr(tl.samples))
"""


def test_identical_throws_give_bit_identical_timelines_in_two_processes() -> None:
    runs = [subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, capture_output=True, text=True, check=True).stdout
            for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) > 10_000


def test_a_rolling_ball_pushes_an_empty_cup_and_reset_cups_puts_it_back() -> None:
    cups = formation("three")
    c = cups[0]
    table = Table(cups, liquid={c.id: 0.0})
    table.throw(Throw((c.x - 0.3, c.y, CONST.ball_radius), (2.0, 0.0, 0.0)))
    events = table.advance(3.0)
    assert any(getattr(e, "kind", None) == "wall" for e in events)
    moved = table.cups()[0]
    assert moved.pos[0] > c.x + 0.001 and not moved.tipped  # slid back, still standing
    table.reset_cups()
    assert table.cups()[0].pos == (c.x, c.y)


def test_a_tipped_cup_stands_again_after_reset_cups() -> None:
    cups = formation("three")
    c = cups[0]
    table = Table(cups, liquid={c.id: 0.0})
    th = speed_for((0.0, 0.0, 0.45), (c.x - R - 0.01, c.y), 3.0, height=0.05)
    table.throw(th)
    table.advance(3.0)
    assert table.cups()[0].tipped and table.cups()[0].liquid == 0.0
    table.reset_cups()
    table.reset_balls()
    assert not table.cups()[0].tipped
    table.throw(th)
    assert any(getattr(e, "cup", None) == c.id and type(e).__name__ == "CupTipped" for e in table.advance(3.0))


def test_two_balls_in_flight_sink_into_two_cups() -> None:
    cups = formation("triangle10")
    table = Table(cups)
    for cid in (1, 10):
        c = cups[cid - 1]
        table.throw(speed_for((0.0, 0.0, 0.45), (c.x, c.y), 45.0))
    events = table.advance(3.0)
    assert sorted(e.cup for e in events if isinstance(e, Sink)) == [1, 10]
    assert sorted(v.cup or 0 for v in table.balls()) == [1, 10]
    ids = {v.cup: v.id for v in table.balls()}
    assert {e.cup: e.ball for e in events if isinstance(e, Sink)} == ids  # events name their ball


def test_spin_acts_at_the_bounce_backspin_checks_topspin_kicks() -> None:
    def second_bounce_x(wy: float) -> float:
        tl = simulate((), Throw((0.0, 0.0, 0.3), (2.0, 0.0, 0.0), (0.0, wy, 0.0)))
        return [e.x for e in tl.events if isinstance(e, TableBounce)][1]

    back, plain, top = second_bounce_x(-150.0), second_bounce_x(0.0), second_bounce_x(150.0)
    assert back < plain < top
    with pytest.raises(ValueError):
        Table(()).throw(Throw((0.0, 0.0, 0.3), (1.0, 0.0, 0.0), (math.nan, 0.0, 0.0)))


def test_remove_ball_stops_it_where_it_is_and_reports_nothing_more() -> None:
    """A swatted ball (bierpong.art14) leaves the table: the other ball flies on undisturbed."""
    from physics.aim import speed_for
    from physics.table import formation
    from physics.world import Table

    cups = formation("triangle10")
    aimed = speed_for((0.0, 0.0, 0.45), (cups[0].x, cups[0].y), 45.0)
    table = Table(cups)
    a = table.throw(aimed)
    b = table.throw(aimed)
    table.advance(0.2)
    table.remove_ball(a)
    later = table.advance(5.0)
    assert all(e.ball != a for e in later)
    assert any(e.ball == b for e in later)
    view = next(v for v in table.balls() if v.id == a)
    assert view.settled and not table.busy


def test_two_balls_thrown_at_once_can_collide_and_bounce_apart() -> None:
    """Both balls at once (bierpong.art4): two balls meeting in the air touch and part, each told of
    the other; neither then counts as an air ball (it touched something)."""
    from game.bierpong.classify import classify
    from physics.events import BallContact
    from physics.world import Table, Throw

    table = Table(())
    a = table.throw(Throw((0.0, -0.3, 0.45), (3.0, 0.5, 3.0)))
    b = table.throw(Throw((0.0, 0.3, 0.45), (3.0, -0.5, 3.0)))  # mirror images: they meet on the middle line
    events = table.advance(6.0)
    hits = [e for e in events if isinstance(e, BallContact)]
    assert {(e.ball, e.other) for e in hits} == {(a, b), (b, a)}
    ya = next(v for v in table.balls() if v.id == a).pos[1]
    assert ya < -0.05  # it bounced back to its own side of the middle line
    assert not classify(events, ball=a).air


def test_balls_that_pass_at_different_heights_do_not_touch() -> None:
    from physics.events import BallContact
    from physics.world import Table, Throw

    table = Table(())
    table.throw(Throw((0.0, -0.3, 0.45), (3.0, 0.5, 3.0)))
    table.throw(Throw((0.0, 0.3, 0.25), (3.0, -0.5, 2.0)))
    assert not any(isinstance(e, BallContact) for e in table.advance(6.0))
