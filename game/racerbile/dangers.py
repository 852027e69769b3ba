"""The dangers of a track, for the editor's test drive: where a flat-out run leaves it, where a
7–9 must squeal.

`Analysis` looks at every field and every way a car can arrive on it (the directions of the steps
into it; the heading on the start fields): where a 10, 11 or 12 – flat out, straight on, no
braking (racerbile.flat_out) – leaves the track (the run-offs, counted on the field it leaves
from), and where the cheapest 7–9 must change direction, a squeal (racerbile.reckless: the bends,
counted on the field of the turn). It works a slice at a time (`step(budget)`), so the
editor stays smooth while it runs.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from game.hexgrid import Hex, direction_between
from game.racerbile.course import Course
from game.racerbile.moves import Board, legal_moves
from game.racerbile.track import Track


@dataclass(frozen=True)
class Marker:
    """A test-drive marker on a field: `runoffs` – how many flat-out runs (a 10, 11 or 12 from a
    field and a way of arriving on it) leave the track from this field, `roll` the smallest roll of
    them; `squeals` – how many turns the cheapest 7–9 moves that must squeal make on this field
    (shared out where they could turn elsewhere)."""

    runoffs: int = 0
    roll: int = 0
    squeals: float = 0.0


HOT_SHARE = 0.5  # a hot spot has at least this share of the most run-offs (squeals) on one field …
HOT_FIELDS = 0.2  # … and is among this share of the fields with the most (ties kept)


def _bar(values: list[float], share: float, fields: float) -> float:
    """The least count that makes a hot spot (infinite: none)."""
    got = sorted((v for v in values if v > 0), reverse=True)
    if not got:
        return math.inf
    nth = got[max(0, min(len(got), math.ceil(len(values) * fields)) - 1)]
    return max(share * got[0], nth)


def hot_spots(markers: dict[Hex, Marker], share: float = HOT_SHARE, fields: float = HOT_FIELDS) -> dict[Hex, Marker]:
    """Only the markers that matter: the fields where flat-out runs leave the track most often and
    the bends where most 7–9s must squeal – at least `share` of the most on any field, and among
    the `fields` share of the fields with the most (on a narrow track nearly every field sees some
    run-off; the worst are where the designer looks)."""
    runs_bar = _bar([m.runoffs for m in markers.values()], share, fields)
    squeal_bar = _bar([m.squeals for m in markers.values()], share, fields)
    out = {}
    for h, m in markers.items():
        runs = m.runoffs if m.runoffs >= runs_bar else 0
        squeals = m.squeals if m.squeals >= squeal_bar else 0.0
        if runs or squeals:
            out[h] = Marker(runs, m.roll if runs else 0, squeals)
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
