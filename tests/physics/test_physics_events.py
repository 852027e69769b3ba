"""For each event a scripted throw (aimed with physics.aim) that produces it; asserts on the sequence.

Where a throw must graze a rim, a small deterministic search walks the aim point across the rim and
takes the first throw whose timeline has the wanted shape – the test fails if none does.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from physics.aim import speed_for
from physics.constants import CONST
from physics.events import (
    CrossedCentre,
    CupContact,
    CupTipped,
    Event,
    LeftTable,
    Settled,
    Sink,
    TableBounce,
)
from physics.table import formation
from physics.world import Throw, Timeline, simulate

RACK = formation("triangle10")
CUP = {c.id: c for c in RACK}
RELEASE = (0.0, 0.0, 0.45)  # 0.45 m above the near end
R = CONST.cup_rim_radius


def first(throws: Iterable[Throw], want: Callable[[tuple[Event, ...]], bool], **kw: object) -> Timeline:
    for th in throws:
        tl = simulate(RACK, th, **kw)  # type: ignore[arg-type]
        if want(tl.events):
            return tl
    raise AssertionError("no throw of the search produced the wanted events")


def before(events: tuple[Event, ...], kind: type) -> tuple[Event, ...]:
    """The events before the first of `kind` (all of them if none)."""
    for i, e in enumerate(events):
        if isinstance(e, kind):
            return events[:i]
    return events


def sink(events: tuple[Event, ...]) -> Sink | None:
    return next((e for e in events if isinstance(e, Sink)), None)


def test_clean_hit_sinks_without_any_contact() -> None:
    for cid in (1, 5, 8):  # front tip, middle, back row behind two others
        tl = simulate(RACK, speed_for(RELEASE, (CUP[cid].x, CUP[cid].y), 50.0))
        s = sink(tl.events)
        assert s is not None and s.cup == cid
        assert not [e for e in before(tl.events, Sink) if isinstance(e, (CupContact, TableBounce))]
        assert isinstance(tl.events[-1], Settled) and tl.events[-1].where == "cup"
        assert [type(e) for e in tl.events] == [CrossedCentre, Sink, Settled]


def test_bounce_in_bounces_once_then_sinks() -> None:
    def want(ev: tuple[Event, ...]) -> bool:
        pre = before(ev, Sink)
        return sink(ev) is not None and [type(e) for e in pre if not isinstance(e, CrossedCentre)] == [TableBounce]

    throws = (speed_for(RELEASE, (bx / 100.0, 0.0), a, height=CONST.ball_radius)
              for bx in range(140, 212, 2) for a in (20.0, 25.0, 30.0))
    tl = first(throws, want)
    b = next(e for e in tl.events if isinstance(e, TableBounce))
    assert 0.0 < b.x < CUP[1].x - R and b.t < sink(tl.events).t  # type: ignore[union-attr]


def test_rim_in_touches_one_rim_and_drops_into_that_cup() -> None:
    def want(ev: tuple[Event, ...]) -> bool:
        s = sink(ev)
        contacts = [e for e in before(ev, Sink) if isinstance(e, (CupContact, TableBounce))]
        return s is not None and contacts == [CupContact(contacts[0].t, s.cup, "rim")] if contacts else False

    c = CUP[1]
    tl = first((speed_for(RELEASE, (c.x - d / 1000.0, c.y), 50.0) for d in range(16, 44)), want)
    s = sink(tl.events)
    assert s is not None and s.cup == 1


def test_two_rims_then_a_sink_into_one_of_them() -> None:
    def want(ev: tuple[Event, ...]) -> bool:
        s = sink(ev)
        rims = {e.cup for e in before(ev, Sink) if isinstance(e, CupContact) and e.kind == "rim"}
        return s is not None and len(rims) >= 2 and s.cup in rims

    # walk the aim point across the gap between cups 2 and 3 (ahead of cup 5) and along cup 5's front rim
    c = CUP[5]
    throws = (speed_for(RELEASE, (c.x - d / 1000.0, c.y + w / 1000.0), a)
              for a in (50.0, 40.0) for w in (0, 10, -10) for d in range(20, 70, 2))
    tl = first(throws, want)
    assert sum(1 for e in tl.events if isinstance(e, Sink)) == 1


def test_rolled_back_after_a_contact_and_settles_on_the_throwers_half() -> None:
    def want(ev: tuple[Event, ...]) -> bool:
        first_contact = next((i for i, e in enumerate(ev) if isinstance(e, CupContact)), None)
        if first_contact is None:
            return False
        back = [e for e in ev[first_contact:] if isinstance(e, CrossedCentre) and e.direction == "back"]
        last = ev[-1]
        return bool(back) and isinstance(last, Settled) and last.where == "table" and last.x < CONST.centre

    c = CUP[1]
    tl = first((speed_for(RELEASE, (c.x - d / 1000.0, c.y), 50.0) for d in range(44, 80, 2)), want)
    assert not any(isinstance(e, (Sink, LeftTable)) for e in tl.events)


def test_air_ball_behind_the_far_edge() -> None:
    tl = simulate(RACK, speed_for(RELEASE, (3.3, 0.0), 20.0, height=0.5))
    assert not any(isinstance(e, (CupContact, TableBounce, Sink)) for e in tl.events)
    assert next(e for e in tl.events if isinstance(e, LeftTable)).edge == "far"
    assert isinstance(tl.events[-1], Settled) and tl.events[-1].where == "floor"


def test_side_miss() -> None:
    tl = simulate(RACK, speed_for(RELEASE, (1.2, 0.6), 35.0, height=0.0))
    assert [e for e in tl.events if isinstance(e, LeftTable)] == [LeftTable(tl.events[0].t, "side")]
    assert not any(isinstance(e, (CupContact, Sink, CrossedCentre)) for e in tl.events)
    assert isinstance(tl.events[-1], Settled) and tl.events[-1].where == "floor"


def test_a_fast_throw_tips_an_empty_cup_but_not_a_filled_one() -> None:
    c = CUP[1]
    th = speed_for(RELEASE, (c.x - R - 0.01, c.y), 3.0, height=0.05)  # flat and fast, into the wall
    assert th.velocity[0] > 6.0
    empty = simulate(RACK, th, liquid={1: 0.0}).events
    wall = [e for e in empty if isinstance(e, CupContact)]
    tipped = [e for e in empty if isinstance(e, CupTipped)]
    assert wall[0].cup == 1 and wall[0].kind == "wall"
    assert [e.cup for e in tipped] == [1] and tipped[0].t >= wall[0].t
    filled = simulate(RACK, th).events
    assert any(isinstance(e, CupContact) and e.kind == "wall" for e in filled)
    assert not any(isinstance(e, CupTipped) for e in filled)


def test_labels() -> None:
    assert TableBounce(0.1, 1.0, 0.0).label() == "bounce"
    assert CupContact(0.1, 7, "rim").label() == "rim cup 7"
    assert Sink(0.1, 7).label() == "sink cup 7"
    assert CrossedCentre(0.1, "back").label() == "rolled back"
    assert LeftTable(0.1, "far").label() == "off the far end"


def test_a_ball_dropped_into_the_pocket_between_three_cups_rests_on_their_rims() -> None:
    for ids in ((1, 2, 3), (5, 8, 9)):
        x = sum(CUP[i].x for i in ids) / 3
        y = sum(CUP[i].y for i in ids) / 3
        ev = simulate(RACK, Throw((x, y, 0.25), (0.0, 0.0, 0.0))).events
        assert {e.cup for e in ev if isinstance(e, CupContact)} == set(ids)
        assert all(e.kind == "rim" for e in ev if isinstance(e, CupContact))
        last = ev[-1]
        assert isinstance(last, Settled) and last.where == "rims" and last.label() == "rests on the rims"
        assert math.hypot(last.x - x, last.y - y) < 0.002  # in the middle of the pocket
