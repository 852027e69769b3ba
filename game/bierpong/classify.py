"""From the physics timeline to the referee's `Outcome` (no pygame; the physics never rules, this does).

The Decisions of `shared/rules/bierpong.md` as code:
- bounce (bierpong.art14): the ball touched down on the table (or an object on it other than a cup)
  before dropping in. Cup contacts count only with `cup_contact_is_bounce` (the profile option) –
  and then only touches of cups other than the one it drops into (rimming in – also on the seam of
  that cup and another, see the roller – is no touch-down).
- roller (bierpong.art15): at least two distinct cups touched (rim or wall) before dropping in; the
  cup it drops into counts when its rim was touched first. One rim – of any cup – is not a roller.
  Contacts are read as touches (the Decision "Roller: contacts at the same moment"): contacts with
  two cups within `SAME_TOUCH` (35 ms) of a touch's first contact are that one touch – the seam of
  two touching rims. A seam touch stands for the cup the ball drops into when that is one of its
  cups, otherwise for the cup it touched first; so a ball that lands on a seam and drops straight in
  is no roller, one that meets two rims at clearly different times still is.
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


SAME_TOUCH = 0.035  # s: cup contacts this close to a touch's first are one touch – the Decision
#   "Roller: contacts at the same moment" (shared/rules/bierpong.md, beside bierpong.art15)


def touches(contacts: Sequence[CupContact], *, window: float = SAME_TOUCH) -> list[tuple[CupContact, ...]]:
    """The cup contacts grouped into touches, in order: a touch is its first contact and every later
    contact within `window` of it (anchored at the first, so a ball rolling along rims is not one
    long touch) – the Decision "Roller: contacts at the same moment" (bierpong.art15)."""
    out: list[tuple[CupContact, ...]] = []
    group: list[CupContact] = []
    for e in sorted(contacts, key=lambda e: e.t):
        if group and e.t - group[0].t > window + 1e-9:
            out.append(tuple(group))
            group = []
        group.append(e)
    if group:
        out.append(tuple(group))
    return out


def touched_cups(contacts: Sequence[CupContact], sink_cup: int, *, window: float = SAME_TOUCH) -> tuple[int, ...]:
    """The distinct cups a ball touched before dropping into `sink_cup`, in order, one per touch
    (bierpong.art15 and the Decision "Roller: contacts at the same moment"): the cup it drops into
    counts only by its rim; a touch on two cups at once (a seam) stands for the cup it drops into if
    that is one of them, else for the cup it touched first."""
    counted = [e for e in contacts if e.cup != sink_cup or e.kind == "rim"]
    out: list[int] = []
    for touch in touches(counted, window=window):
        cups = [e.cup for e in touch]
        cup = sink_cup if sink_cup in cups else cups[0]
        if cup not in out:
            out.append(cup)
    return tuple(out)


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
        cup_contacts = [e for e in before if isinstance(e, CupContact)]
        touched = touched_cups(cup_contacts, sink.cup)
        if cup_contact_is_bounce:  # a touch on another cup; a seam touch on the cup it drops into is rimming in
            bounced = bounced or any(c != sink.cup for c in touched)
        return Outcome(cup=sink.cup, bounced=bounced, touched=touched)
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
