"""The live beer-pong table without a window: the physics table (`physics.world.Table`) run in fixed
steps from an accumulator, the balls in flight with their events, launches and trails, and when a
throw is over (every ball at rest, or given up on after `MAX_BALL_TIME`).

Pure data and physics: the match session (`game.session.pong`), the practice table, the shot lab and
the replay viewer all throw on one; the views only draw it (`alpha` interpolates between steps).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from physics.events import CupContact, Event, LeftTable, TableBounce
from physics.table import Cup
from physics.world import BallView, CupView, Table, Throw

MAX_BALL_TIME = 8.0  # s of simulated time after which a ball counts as at rest
TRAIL_EVERY = 3  # physics steps between trail points

Point = tuple[float, float, float]


@dataclass
class Flight:
    """A ball on the table: who threw it, its launch, its events so far and the defenders' say."""

    ball: int  # the table's ball id
    number: int  # the throw's number on this table (for labels)
    player: str = ""
    throw: Throw | None = None
    at: int = 0  # the table step of its release
    side: int = -1  # the side whose cups it was thrown at (-1: not a match's ball)
    pairable: bool = False  # a round's first standard ball the partner may join (bierpong.art4)
    events: list[Event] = field(default_factory=list)
    trail: list[Point] = field(default_factory=list)
    time: float = 0.0  # simulated seconds since its release
    rested: bool = False  # at rest, or given up on
    catcher: str | None = None  # the defender who said he caught it past the far edge (bierpong.art23)
    swatted_by: str | None = None  # the defender who swatted it (bierpong.art14)

    @property
    def open(self) -> bool:
        """Still in play: not at rest and not swatted away."""
        return not self.rested and self.swatted_by is None

    @property
    def bounced(self) -> bool:
        """It touched down on the table: from now on it may be swatted (bierpong.art14)."""
        return any(isinstance(e, TableBounce) for e in self.events)

    @property
    def touched(self) -> bool:
        return any(isinstance(e, (TableBounce, CupContact)) for e in self.events)

    def past_far_edge(self, x: float, length: float) -> bool:
        return x > length or any(isinstance(e, LeftTable) and e.edge == "far" for e in self.events)


class LiveTable:
    """A table being played on: `throw` releases a ball, `advance(sim_seconds)` runs the whole fixed
    steps the accumulator holds and returns their events; `done` says every ball of the throw rests."""

    def __init__(self, cups: Sequence[Cup] = (), *, side: int = -1, max_ball_time: float = MAX_BALL_TIME,
                 trails: bool = True) -> None:
        self.max_ball_time = max_ball_time
        self.keep_trails = trails  # a table nobody watches (instant play-outs) keeps no trails
        self.throws = 0
        self.rack(cups, side)

    # --- the rack --------------------------------------------------------------------------------

    def rack(self, cups: Sequence[Cup], side: int = -1) -> None:
        """A fresh table with `cups` (the side whose rack it is: `side`): no balls, no flights."""
        self.cups: tuple[Cup, ...] = tuple(cups)
        self.side = side
        self.table = Table(self.cups)
        self.acc = 0.0
        self.sim_time = 0.0
        self.steps = 0
        self.flights: dict[int, Flight] = {}

    @property
    def key(self) -> tuple[int, tuple[tuple[int, float, float], ...]]:
        """What the table was built from (the side and its cups): a rack to rebuild only on change."""
        return (self.side, tuple((c.id, c.x, c.y) for c in self.cups))

    @property
    def DT(self) -> float:
        return self.table.DT

    def pick_up(self) -> None:
        """The throw is over: sunk cups leave, the balls are picked up (the practice table's way)."""
        for c in self.table.cups():
            if c.holds_ball:
                self.table.remove_cup(c.id)
        self.table.reset_balls()
        self.flights.clear()

    def clear_balls(self) -> None:
        """Every ball off the table (the cups stay)."""
        self.table.reset_balls()
        self.flights.clear()

    # --- throwing --------------------------------------------------------------------------------

    def in_flight(self) -> int:
        """Balls still moving (flying, rolling or sinking into a cup)."""
        return sum(1 for b in self.table.balls() if not b.settled)

    def throw(self, t: Throw, player: str = "", *, side: int | None = None, pairable: bool = False) -> Flight:
        """Release a ball (ValueError: the table's own limit of two in flight, or a bad throw)."""
        bid = self.table.throw(t)
        self.throws += 1
        f = Flight(bid, self.throws, player, t, self.steps, self.side if side is None else side, pairable, trail=[t.release])
        self.flights[bid] = f
        return f

    @property
    def busy(self) -> bool:
        """A ball of the throw is still in play."""
        return any(f.open for f in self.flights.values())

    @property
    def done(self) -> bool:
        """A throw was made and every ball of it rests (or was swatted): it is ready to be ruled."""
        return bool(self.flights) and not self.busy

    def take(self) -> list[Flight]:
        """The finished throw's flights, handed over for ruling (the balls stay where they lie)."""
        out = list(self.flights.values())
        self.flights = {}
        return out

    def swat(self, ball: int, defender: str) -> Flight | None:
        """`defender` swats `ball` away (bierpong.art14): it leaves the table at once."""
        f = self.flights.get(ball)
        if f is None or not f.open:
            return None
        f.swatted_by = defender
        self.table.remove_ball(ball)
        return f

    # --- time ------------------------------------------------------------------------------------

    def advance(self, sim_seconds: float) -> list[Event]:
        """Run the whole fixed steps `sim_seconds` (plus the carried remainder) holds."""
        self.acc += sim_seconds
        dt = self.table.DT
        out: list[Event] = []
        while self.acc >= dt:
            self.acc -= dt
            events = self.table.step()
            self.sim_time += dt
            self.steps += 1
            if self.keep_trails and (self.steps % TRAIL_EVERY == 0 or events):
                self._record_trails()
            if self.flights:
                self._record(events, dt)
            out += events
        return out

    def settle(self, limit: float | None = None) -> list[Event]:
        """Run until every ball of the throw rests (at most `limit` simulated seconds)."""
        out: list[Event] = []
        end = self.sim_time + (limit if limit is not None else self.max_ball_time + 1.0)
        while self.busy and self.sim_time < end:
            out += self.advance(0.25)
        return out

    def _record(self, events: list[Event], dt: float) -> None:
        busy = self.table.busy
        rest = self.table.at_rest()
        for bid, f in self.flights.items():
            if not f.open:
                continue
            if events:
                f.events += [e for e in events if e.ball == bid]
            f.time += dt
            if rest.get(bid, True) or not busy or f.time > self.max_ball_time:
                f.rested = True

    def _record_trails(self) -> None:
        for b in self.table.balls():
            f = self.flights.get(b.id)
            if f is not None and b.in_flight:
                f.trail.append(b.pos)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def alpha(self) -> float:
        """How far the clock stands between the last two steps (0..1), for drawing."""
        return min(1.0, self.acc / self.table.DT)

    def balls(self) -> list[BallView]:
        return self.table.balls()

    def ball(self, ball: int) -> BallView | None:
        return next((b for b in self.table.balls() if b.id == ball), None)

    def table_cups(self) -> list[CupView]:
        return self.table.cups()

    def position(self, b: BallView) -> Point:
        """`b` interpolated between its last two steps."""
        a = self.alpha
        (px, py, pz), (cx, cy, cz) = b.prev, b.pos
        return (px + (cx - px) * a, py + (cy - py) * a, pz + (cz - pz) * a)

    def trails(self) -> list[list[Point]]:
        return [f.trail for f in self.flights.values()]
