"""The editor's test drive: a bot drives a lap of the draft, and an analysis of its dangers.

`drive_lap` races two careful bots (`make_race_bot("careful")`) on a `RaceState` of the track
under the Racerbile rules until the first has driven a whole lap, and keeps every move of theirs
(the fields driven, the roll, the squeals, whether it left the track) for the scene to animate.

`DriveView` plays the moves back a field at a time for the scene, and says how it goes.

`Analysis` looks at every field and every way a car can arrive on it (the directions of the steps
into it; the heading on the start fields): where a 10, 11 or 12 – flat out, straight on, no
braking (racerbile.flat_out) – leaves the track (the run-offs, counted on the field it leaves
from), and where the cheapest 7–9 must change direction, a squeal (racerbile.reckless: the bends,
counted on the field of the turn). It works a slice at a time (`step(budget)`), so the
scene stays smooth while it runs. No pygame here.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.hexgrid import Hex, direction_between
from game.i18n import _
from game.racerbile.actions import Drive
from game.racerbile.bots import make_race_bot
from game.racerbile.course import Course
from game.racerbile.moves import Board, legal_moves
from game.racerbile.state import RaceState
from game.racerbile.track import Track
from game.rules.racerbile import SPEC
from game.state import CHANCE
from game.ui.editor_canvas import Marker

MAX_TURNS = 600  # a lap that takes longer is a track the bots cannot get round
FIELD_SECONDS = 0.045  # the playback: a field driven …
MOVE_PAUSE = 0.15  # … and the pause after a move


@dataclass(frozen=True)
class DriveMove:
    """One move of the test drive."""

    seat: int
    start: Hex
    path: tuple[Hex, ...]
    roll: int
    gear: int
    squeals: int
    off_track: bool


@dataclass
class DriveResult:
    """The moves of a test drive, and how the lap went for the first car."""

    moves: list[DriveMove] = field(default_factory=list)
    starts: tuple[Hex, ...] = ()
    lapped: bool = False  # the first car came round
    turns: int = 0  # the first car's turns to do it

    def summary(self) -> str:
        mine = [m for m in self.moves if m.seat == 0]
        squeals = sum(m.squeals for m in mine)
        off = sum(m.off_track for m in mine)
        if not self.lapped:
            return _("no lap in {n} turns – the bots could not get round").format(n=self.turns)
        sq = (_("{n} squeal") if squeals == 1 else _("{n} squeals")).format(n=squeals)
        return _("a lap in {n} turns").format(n=self.turns) + f" · {sq} · " + _("left the track {n}×").format(n=off)


def drive_lap(track: Track, seed: int = 1, max_turns: int = MAX_TURNS) -> DriveResult:
    """Two careful bots race until the first has driven a lap (or `max_turns` turns of its own)."""
    st: RaceState = RaceState.start(["Test", "Pace"], SPEC.make("racerbile"), track=track).state
    bots = [make_race_bot("careful"), make_race_bot("careful")]
    rng = random.Random(seed)
    out = DriveResult(starts=tuple(c.pos for c in st.cars))
    first_lap: int | None = None
    steps = 0
    while not st.is_terminal() and out.turns < max_turns and steps < 40 * max_turns:
        steps += 1
        who = st.current_player()
        act = st.draw_chance(rng) if who == CHANCE else bots[who].act(st, rng)
        if isinstance(act, Drive) and st.turn is not None:
            t = st.turn
            car = st.cars[t.seat]
            m = next((x for x in st.moves() if x.path == act.path), None)
            out.moves.append(DriveMove(t.seat, car.pos, act.path, t.roll, t.gear, m.squeals if m else 0, bool(m and m.off_track)))
            if t.seat == 0:
                out.turns += 1
        st = st.apply(act).state
        if first_lap is None and st.turn is not None:
            first_lap = st.cars[0].lap
        if first_lap is not None and st.cars[0].lap > first_lap:
            out.lapped = True
            break
    return out


def arrivals(course: Course) -> dict[Hex, set[int]]:
    """For every field the directions a car can arrive on it in (the heading on the start fields)."""
    out: dict[Hex, set[int]] = {h: set() for h in course.steps}
    for steps in course.steps.values():
        for n, d in steps:
            out.setdefault(n, set()).add(d)
    for h in course.start:
        out.setdefault(h, set()).add(course.heading)
    return out


class Analysis:
    """The markers of a track, worked out a slice at a time.

    From every field and every way of arriving on it: the flat-out runs of 10, 11 and 12 that leave
    the track – counted on the field they leave it from (a run-off) – and the moves of 7, 8 and 9
    that cannot be driven without a squeal – the cheapest of them (all the roll driven, the fewest
    squeals), each change of direction counted on the field where the car turns (a bend), shared
    out evenly where several cheapest moves turn in different places."""

    def __init__(self, track: Track) -> None:
        self.course = track.course
        self.ways = arrivals(self.course)
        self.todo = sorted(self.ways, key=lambda h: (self.course.progress.get(h, 0), h))
        self.total = len(self.todo)
        self.runoffs: dict[Hex, int] = {}
        self.roll: dict[Hex, int] = {}
        self.bends: dict[Hex, float] = {}  # turns a field sees, shared out over the cheapest moves
        self.starts_off = 0  # fields from which some 10–12 leaves the track
        self._board = Board()

    @property
    def done(self) -> bool:
        return not self.todo

    @property
    def progress(self) -> float:
        return 1.0 if not self.total else 1 - len(self.todo) / self.total

    @property
    def markers(self) -> dict[Hex, Marker]:
        out = {}
        for h in set(self.runoffs) | set(self.bends):
            out[h] = Marker(self.runoffs.get(h, 0), self.roll.get(h, 0), self.bends.get(h, 0.0))
        return out

    def step(self, budget: float = 0.006) -> int:
        """Work for about `budget` seconds; the number of fields looked at."""
        t0 = time.perf_counter()
        n = 0
        while self.todo and (n == 0 or time.perf_counter() - t0 < budget):
            self.field(self.todo.pop(0))
            n += 1
        return n

    def run(self) -> dict[Hex, Marker]:
        while self.todo:
            self.step(1.0)
        return self.markers

    def field(self, h: Hex) -> None:
        """Look at the moves from one field, every way of arriving on it."""
        c, b = self.course, self._board
        leaves = False
        for f in sorted(self.ways.get(h) or {c.heading}):
            for roll in (10, 11, 12):
                for m in legal_moves(c, h, f, roll, b, gear=3, facing_rule=True):
                    if m.off_track:
                        leaves = True
                        self.runoffs[m.end] = self.runoffs.get(m.end, 0) + 1
                        self.roll[m.end] = min(self.roll.get(m.end, roll), roll)
            for roll in (7, 8, 9):
                full = [m for m in legal_moves(c, h, f, roll, b, gear=3, facing_rule=True) if m.short == 0 and m.path]
                least = min((m.squeals for m in full), default=0)
                if least == 0:
                    continue  # it can be driven without a squeal
                cheapest = [m for m in full if m.squeals == least]
                share = 1.0 / len(cheapest)  # where the turns fall, over the cheapest moves alike
                for m in cheapest:
                    way, at = f, h
                    for n in m.path:
                        d = direction_between(at, n)
                        if d is not None and d != way:
                            self.bends[at] = self.bends.get(at, 0.0) + share
                        way = d if d is not None else way
                        at = n
        self.starts_off += leaves


class DriveView:
    """The test drive on the board: the bots' moves played back a field at a time, and the
    analysis worked out a slice per frame."""

    def __init__(self, result: DriveResult, analysis: Analysis) -> None:
        self.result = result
        self.analysis = analysis
        self.cars: list[tuple[Hex, int | None]] = [(h, None) for h in result.starts]
        self.index = 0  # the move being driven
        self.step = 0  # fields of it driven
        self.clock = 0.0
        self.trail: list[Hex] = []

    @property
    def finished(self) -> bool:
        return self.index >= len(self.result.moves)

    def update(self, dt: float) -> None:
        self.clock += dt
        while not self.finished:
            m = self.result.moves[self.index]
            need = FIELD_SECONDS if self.step < len(m.path) else MOVE_PAUSE
            if self.clock < need:
                break
            self.clock -= need
            if self.step < len(m.path):
                h = m.path[self.step]
                prev = self.cars[m.seat][0]
                way = direction_between(prev, h)
                self.cars[m.seat] = (h, way if way is not None else self.cars[m.seat][1])
                self.trail = list(m.path[: self.step + 1])
                self.step += 1
            else:
                self.index += 1
                self.step = 0
                self.trail = []

    def skip(self) -> None:
        while not self.finished:
            m = self.result.moves[self.index]
            if m.path:
                way = direction_between(m.path[-2] if len(m.path) > 1 else m.start, m.path[-1])
                self.cars[m.seat] = (m.path[-1], way if way is not None else self.cars[m.seat][1])
            self.index += 1
        self.trail = []

    def lines(self) -> tuple[str, ...]:
        r = self.result
        mine = [m for m in r.moves[: self.index + 1] if m.seat == 0]
        out = [r.summary()]
        if not self.finished and mine:
            m = mine[-1]
            extra = (", " + (_("{n} squeal") if m.squeals == 1 else _("{n} squeals")).format(n=m.squeals) if m.squeals else "") + (", " + _("off the track!") if m.off_track else "")
            out.append(_("turn {n}: gear {gear}, rolled {roll}, drove {fields}").format(n=len(mine), gear=m.gear, roll=m.roll, fields=len(m.path)) + extra + " · " + _("Enter: skip"))
        elif self.finished:
            out.append(_("the lap is done · T again: back to editing"))
        a = self.analysis
        if a.done:
            runs = sum(a.runoffs.values())
            out.append(_("run-offs: from {n} of {total} fields a 10–12 can leave the track – {ways} ways, over {fields} fields").format(n=a.starts_off, total=a.total, ways=runs, fields=len(a.runoffs)))
            bends = _("bends: {n} field where a 7–9 that cannot go straight turns") if len(a.bends) == 1 else _("bends: {n} fields where a 7–9 that cannot go straight turns")
            out.append(bends.format(n=len(a.bends)))
        else:
            out.append(_("looking at every field … {n}%").format(n=int(a.progress * 100)))
        return tuple(out)
