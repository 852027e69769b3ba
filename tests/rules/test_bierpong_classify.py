"""Classifying real physics throws (`game.bierpong.classify`): each outcome from a throw aimed with
`physics.aim`, and where a throw must graze a rim or spin back, the first throw of a small
deterministic search that gives it – the test fails if none does."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator

from game.bierpong.classify import classify, knocked_over, read
from game.bierpong.outcome import Outcome, parse_outcome
from physics.aim import speed_for
from physics.constants import CONST
from physics.events import (
    CrossedCentre,
    CupContact,
    Event,
    LeftTable,
    Settled,
    Sink,
    TableBounce,
)
from physics.table import formation
from physics.world import Table, Throw, Timeline, simulate

RACK = formation("triangle10")
CUP = {c.id: c for c in RACK}
RELEASE = (0.0, 0.0, 0.45)


def first(throws: Iterable[Throw], want: Callable[[Timeline], bool]) -> Timeline:
    for th in throws:
        tl = simulate(RACK, th)
        if want(tl):
            return tl
    raise AssertionError("no throw of the search gave the wanted outcome")


def rim_throws(cups: Iterable[int] = (1, 2, 3)) -> Iterator[Throw]:
    """Throws at points around the rims of `cups`, at a few elevations."""
    for cid in cups:
        c = CUP[cid]
        for ang in (45.0, 30.0, 60.0):
            for r in (0.035, 0.045, 0.055):
                for k in range(12):
                    a = 2 * math.pi * k / 12
                    yield speed_for(RELEASE, (c.x + r * math.cos(a), c.y + r * math.sin(a)), ang)


def test_a_clean_hit_is_a_hit_without_bounce_or_roller() -> None:
    """bierpong.art14 / art15: straight into cup 5 – neither a bounce nor a roller."""
    c = CUP[5]
    tl = simulate(RACK, speed_for(RELEASE, (c.x, c.y), 45.0))
    out = classify(tl.events)
    assert out == Outcome(cup=5)
    assert str(out) == "hit 5" and out.hit and not out.roller


def test_bounce_touching_down_on_the_table_before_the_hit() -> None:
    """bierpong.art14: a ball that touched down on the table and then dropped in is a bounce."""
    c = CUP[1]
    throws = (speed_for(RELEASE, (c.x - d, 0.0), ang, height=CONST.ball_radius)
              for ang in (40.0, 50.0, 30.0) for d in (0.6, 0.5, 0.8))
    tl = first(throws, lambda tl: classify(tl.events).hit)
    out = classify(tl.events)
    bounce = next(e for e in tl.events if isinstance(e, TableBounce))
    sink = next(e for e in tl.events if isinstance(e, Sink))
    assert bounce.t < sink.t
    assert out.bounced and out.cup == sink.cup and str(out) == f"bounce {sink.cup}"


def test_roller_touches_two_distinct_cups_before_dropping_in() -> None:
    """bierpong.art15: a ball that touched two cups (rims or walls) and dropped in is a roller.
    (Searched around cups 4–6: the rims of cups 1–3 give only seam drops, no roller since the
    Decision "Roller: contacts at the same moment".)"""
    tl = first(rim_throws((4, 5, 6)), lambda tl: classify(tl.events).roller)
    out = classify(tl.events)
    touched = {e.cup for e in tl.events if isinstance(e, CupContact)}
    assert len(touched) >= 2 and set(out.touched) <= touched and len(set(out.touched)) >= 2
    assert not out.bounced  # cup contacts are no touch-down by default (the Decisions)
    assert str(out).startswith("roller ") and str(out).endswith(f">{out.cup}")
    again = parse_outcome(str(out))
    assert (again.cup, again.roller, again.bounced) == (out.cup, True, False)


def test_one_rim_of_the_cup_it_drops_into_is_not_a_roller() -> None:
    """bierpong.art15: touching only the rim of the cup it then drops into makes no roller."""
    def one_rim(tl: Timeline) -> bool:
        o = classify(tl.events)
        cups = {e.cup for e in tl.events if isinstance(e, CupContact)}
        return o.hit and cups == {o.cup}
    tl = first(rim_throws((1, 5)), one_rim)
    out = classify(tl.events)
    assert out.touched == (out.cup,) and not out.roller
    assert str(out) == f"hit {out.cup}"


def test_cup_contacts_make_a_bounce_only_with_the_option() -> None:
    """bierpong.art14 with the Decision `cup_contact_is_bounce`: a roller becomes a bounce roller."""
    tl = first(rim_throws((4, 5, 6)), lambda tl: classify(tl.events).roller)
    plain = classify(tl.events)
    option = classify(tl.events, cup_contact_is_bounce=True)
    assert not plain.bounced and option.bounced
    assert str(option).startswith("bounce roller ")


def test_air_ball_touches_nothing_and_leaves_over_the_far_end() -> None:
    """bierpong.art23: over everything and off the far end – an air ball."""
    tl = simulate(RACK, speed_for(RELEASE, (3.4, 0.0), 30.0, height=0.3))
    assert not any(isinstance(e, (TableBounce, CupContact)) for e in tl.events)
    assert any(isinstance(e, LeftTable) and e.edge == "far" for e in tl.events)
    assert classify(tl.events) == Outcome(air=True) and str(classify(tl.events)) == "air"


def test_a_ball_that_touched_the_table_then_left_is_no_air_ball() -> None:
    """bierpong.art23: touched the table first (no cup), then off an edge – a plain miss."""
    tl = simulate(RACK, speed_for(RELEASE, (1.6, 0.25), 30.0, height=CONST.ball_radius))
    assert any(isinstance(e, TableBounce) for e in tl.events)
    assert any(isinstance(e, LeftTable) for e in tl.events)
    assert classify(tl.events) == Outcome()


def test_back_crossed_the_centre_back_and_rests_on_the_throwers_half() -> None:
    """bierpong.art19: after its first contact the ball came back over the centre line and lies on
    the thrower's half – fetchable."""
    tl = first(rim_throws(), lambda tl: classify(tl.events).back)
    events = tl.events
    contact = next(e for e in events if isinstance(e, (TableBounce, CupContact)))
    back = next(e for e in events if isinstance(e, CrossedCentre) and e.direction == "back")
    rest = events[-1]
    assert contact.t < back.t
    assert isinstance(rest, Settled) and rest.where == "table" and 0.0 <= rest.x < CONST.centre
    assert str(classify(events)) == "back"


def test_a_ball_that_crossed_back_but_left_the_table_is_not_back() -> None:
    """bierpong.art19: only a ball lying on the thrower's half can be fetched."""
    def gone(tl: Timeline) -> bool:
        ev = tl.events
        return (any(isinstance(e, CrossedCentre) and e.direction == "back" for e in ev)
                and not any(isinstance(e, Sink) for e in ev)
                and isinstance(ev[-1], Settled) and ev[-1].where == "floor")
    tl = first(rim_throws(), gone)
    assert classify(tl.events) == Outcome()


def test_a_knocked_over_cup_is_reported() -> None:
    """bierpong.art16: a flat, fast throw into an empty cup's wall tips it over."""
    c = CUP[1]
    th = speed_for(RELEASE, (c.x - CONST.cup_rim_radius - 0.01, c.y), 3.0, height=0.05)
    events = simulate(RACK, th, liquid={1: 0.0}).events
    assert knocked_over(events) == (1,)
    r = read(events)
    assert r.tipped == (1,) and "tipped 1" in str(r)
    assert knocked_over(simulate(RACK, th).events) == ()  # a filled cup stands


def test_each_ball_of_a_shared_timeline_is_classified_on_its_own() -> None:
    """Two balls in the air at once: the table's events told apart by ball."""
    table = Table(RACK)
    c = CUP[5]
    hit = table.throw(speed_for(RELEASE, (c.x, c.y), 45.0))
    air = table.throw(speed_for((0.0, 0.1, 0.45), (3.4, 0.1), 30.0, height=0.3))
    events: list[Event] = []
    for _ in range(3000):
        events += table.step()
        if not table.busy:
            break
    assert classify(events, ball=hit) == Outcome(cup=5)
    assert classify(events, ball=air) == Outcome(air=True)
