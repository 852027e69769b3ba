"""From the physics timeline to the referee's `Outcome` (no pygame; the physics never rules, this does).

The Decisions of `shared/rules/bierpong.md` as code:
- bounce (bierpong.art14): the ball touched down on the table (or an object on it other than a cup)
  before dropping in. Cup contacts count only with `cup_contact_is_bounce` (the profile option) –
  and then only contacts with cups other than the one it drops into (rimming in is no touch-down).
- roller (bierpong.art15): at least two distinct cups touched (rim or wall) before dropping in; the
  cup it drops into counts when its rim was touched first. One rim – of any cup – is not a roller.
- air (bierpong.art23): no contact of any kind (table, cup, rim) and over the far edge.
- back (bierpong.art19): after its first contact it crossed the centre line back towards the thrower
  and came to rest on the thrower's half of the table.
- knocked over (bierpong.art16): the cups a ball tipped – `knocked_over`, beside the outcome.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.bierpong.outcome import Outcome
from physics.constants import CONST, Constants
from physics.events import (
    BallContact,
    CrossedCentre,
    CupContact,
    CupTipped,
    Event,
    LeftTable,
    Settled,
    Sink,
    TableBounce,
)


def _of(events: Iterable[Event], ball: int | None) -> list[Event]:
    return [e for e in events if ball is None or e.ball == ball]


def classify(events: Sequence[Event], *, ball: int | None = None, cup_contact_is_bounce: bool = False,
             constants: Constants = CONST) -> Outcome:
    """The outcome of one ball's events (`ball`: pick that ball's events out of a shared timeline)."""
    evs = _of(events, ball)
    sink = next((e for e in evs if isinstance(e, Sink)), None)
    before = [e for e in evs if sink is None or e.t <= sink.t and e is not sink]
    if sink is not None:
        bounced = any(isinstance(e, TableBounce) for e in before)
        if cup_contact_is_bounce:
            bounced = bounced or any(isinstance(e, CupContact) and e.cup != sink.cup for e in before)
        touched: list[int] = []
        for e in before:
            if isinstance(e, CupContact) and e.cup not in touched and (e.cup != sink.cup or e.kind == "rim"):
                touched.append(e.cup)
        return Outcome(cup=sink.cup, bounced=bounced, touched=tuple(touched))
    contacts = [e for e in evs if isinstance(e, (TableBounce, CupContact, CupTipped, BallContact))]
    if not contacts:
        if any(isinstance(e, LeftTable) and e.edge == "far" for e in evs):
            return Outcome(air=True)
        return Outcome()
    first = contacts[0].t
    came_back = any(isinstance(e, CrossedCentre) and e.direction == "back" and e.t >= first for e in evs)
    rest = next((e for e in reversed(evs) if isinstance(e, Settled)), None)
    if came_back and rest is not None and rest.where == "table" and rest.x < constants.centre:
        return Outcome(back=True)
    return Outcome()


def knocked_over(events: Sequence[Event], *, ball: int | None = None) -> tuple[int, ...]:
    """The cups the ball tipped, in order (bierpong.art16 when they are the thrower's own)."""
    out: list[int] = []
    for e in _of(events, ball):
        if isinstance(e, CupTipped) and e.cup not in out:
            out.append(e.cup)
    return tuple(out)


@dataclass(frozen=True)
class Reading:
    """What one ball did for the referee: its outcome and the cups it knocked over."""

    outcome: Outcome
    tipped: tuple[int, ...] = ()

    def __str__(self) -> str:
        s = str(self.outcome)
        if self.tipped:
            s += " · tipped " + ", ".join(str(c) for c in self.tipped)
        return s


def read(events: Sequence[Event], *, ball: int | None = None, cup_contact_is_bounce: bool = False) -> Reading:
    """`classify` and `knocked_over` together."""
    return Reading(classify(events, ball=ball, cup_contact_is_bounce=cup_contact_is_bounce),
                   knocked_over(events, ball=ball))
