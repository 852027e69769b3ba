"""A Racerbile track: its fields and their kinds, the start line, arrows, splits, the pit lane,
the Le Mans features, labels and a colour theme. Immutable; loaded from YAML by `trackfile`.

Progress along the track ("in front", "last", overtaking, laps) is derived by `TrackGraph`.
"""
from __future__ import annotations

import hashlib
import json
import weakref
from array import array
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from itertools import repeat
from operator import add, itemgetter
from typing import TYPE_CHECKING, Callable, Mapping

from game.hexgrid import DIRECTIONS, Hex

if TYPE_CHECKING:
    from game.racerbile.course import Course

FORMAT_VERSION = 1
MAX_FIELDS = 5000
THEMES = ("classic", "stalin", "lemans", "night")

_new = tuple.__new__  # `_new(Hex, (q, r))` makes a Hex without the named tuple's slower constructor


class Kind(StrEnum):
    """The four kinds of field."""

    NORMAL = "normal"  # racerbile.field.normal
    DOWNSHIFT = "downshift"  # racerbile.field.downshift
    BLOCKING = "blocking"  # racerbile.field.blocking
    MIDWAY = "midway"  # racerbile.field.midway


@dataclass(frozen=True)
class Split:
    """Where the track divides: the first car to get there picks the branch (racerbile.split)."""

    name: str
    fork: Hex  # the last field before the branches
    branches: tuple[tuple[str, Hex], ...]  # branch name and one field that identifies it
    rejoin: Hex  # the first field where the branches meet again


@dataclass(frozen=True)
class PitLane:
    """The pit lane (racerbile.lemans.pit): its fields in driving order, entered from `entry`, left to `exit`."""

    fields: tuple[Hex, ...]
    entry: Hex
    exit: Hex


@dataclass(frozen=True)
class Label:
    at: Hex
    text: str


@dataclass(frozen=True)
class Track:
    """A track as written in its file (see docs/tracks.md)."""

    name: str
    author: str
    fields: Mapping[Hex, Kind]  # every field of the race (the pit lane not included)
    start: tuple[Hex, ...]  # the fields just past the start/finish line
    heading: int  # the direction of travel across the start line (index into DIRECTIONS)
    orientation: str = "pointy"
    theme: str = "classic"
    format: int = FORMAT_VERSION
    arrows: Mapping[Hex, int] = field(default_factory=dict)
    splits: tuple[Split, ...] = ()
    pit: PitLane | None = None
    field42: Hex | None = None  # racerbile.lemans.field42
    dunlop: tuple[Hex, ...] = ()  # the fields under the bridge: racerbile.lemans.dunlop
    labels: tuple[Label, ...] = ()

    def canonical(self) -> dict[str, object]:
        """The track's content as plain data in a fixed order (what the content hash is taken of).

        Whatever has no order of its own (fields, start fields, arrows, splits and their branches,
        the bridge, labels) is sorted, so neither layout nor the order of writing changes it; the pit
        lane keeps its driving order.
        """

        def hx(h: Hex) -> list[int]:
            return [h.q, h.r]

        return {
            "format": self.format,
            "name": self.name,
            "author": self.author,
            "orientation": self.orientation,
            "theme": self.theme,
            "fields": sorted([h.q, h.r, str(k)] for h, k in self.fields.items()),
            "start": sorted(hx(h) for h in self.start),
            "heading": self.heading,
            "arrows": sorted([h.q, h.r, d] for h, d in self.arrows.items()),
            "splits": sorted(
                (
                    {"name": s.name, "fork": hx(s.fork), "rejoin": hx(s.rejoin), "branches": sorted([n, hx(h)] for n, h in s.branches)}
                    for s in self.splits
                ),
                key=lambda d: json.dumps(d, sort_keys=True),
            ),
            "pit": None
            if self.pit is None
            else {"fields": [hx(h) for h in self.pit.fields], "entry": hx(self.pit.entry), "exit": hx(self.pit.exit)},
            "field42": None if self.field42 is None else hx(self.field42),
            "dunlop": sorted(hx(h) for h in self.dunlop),
            "labels": sorted([hx(lb.at), lb.text] for lb in self.labels),
        }

    @cached_property
    def content_hash(self) -> str:
        """A SHA-256 of the canonical content: the same track whatever its comments or layout."""
        text = json.dumps(self.canonical(), separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    @cached_property
    def graph(self) -> TrackGraph:
        return TrackGraph(self)

    @cached_property
    def course(self) -> Course:
        """What a car needs to drive the track (`game.racerbile.course`)."""
        from game.racerbile.course import build_course

        return build_course(self)

    def kind(self, h: Hex) -> Kind | None:
        return self.fields.get(h)

    def is_pit(self, h: Hex) -> bool:
        return self.pit is not None and h in self.pit.fields

    def all_fields(self) -> frozenset[Hex]:
        pit = self.pit.fields if self.pit else ()
        return frozenset(self.fields) | frozenset(pit)


class TrackGraph:
    """Connections on the track and the progress of every field along the direction of travel.

    Fields connect to their neighbours on the track; the pit lane only runs from field to field in
    its order, from the entry to its first field and from its last field to the exit. A way leads
    to a connected field, never from a start field back over the line; a step (`successors`) also
    keeps to the arrow's way out of a field with an arrow.

    `from_line` counts the ways from the line (the start fields are 0), `to_line` those still to go
    to cross it again (a field just before the line is 1); the lap is the shortest way round
    (`lap_length` steps from the line back over it). Progress is their balance,
    `(from_line - to_line + lap_length) // 2` held within 0 … lap_length - 1: along the shortest
    way it is the number of steps from the line, and it never falls along any way driven the right
    way round, however long – a split's longer branch, the pit lane, an outer lane (racerbile
    Decisions: direction of travel). Arrows do not change it. Only fields of a closed loop (`closed`)
    have progress.

    Inside, every field has a number (`index`, `hexes`), and the connections are six lists, one per
    direction, holding for every field the number of its neighbour that way – or `_none` (one past
    the last number). The pit lane's joins take the direction they lie in. The public views are by
    `Hex`.
    """

    def __init__(self, track: Track) -> None:
        self._track = weakref.ref(track)  # the track holds its graph: no cycle, so both go as soon as unused
        fields = track.fields
        hexes: list[Hex] = list(fields)
        nf = len(hexes)
        if track.pit:
            hexes += [h for h in dict.fromkeys(track.pit.fields) if h not in fields]
        n = len(hexes)
        self.hexes = hexes
        self._none = none = n
        cols, find = _neighbours(hexes, nf, none)
        self._cols, self._find = cols, find
        start = frozenset(h for h in track.start if h in fields)
        self.start = start
        back = [DIRECTIONS[(track.heading + k) % 6] for k in (2, 3, 4)]
        self.before_line: frozenset[Hex] = frozenset(
            b for s in start for d in back if (b := _new(Hex, (s[0] + d[0], s[1] + d[1]))) in fields and b not in start
        )
        self.finishers: frozenset[Hex] = self.before_line  # each is next to a start field: it leads over the line
        # the pit lane: its joins in the order made (`neighbours` lists them after the fields around)
        self._pit: dict[int, list[int]] = {}
        if track.pit and n > nf:
            lane = list(range(nf, n))
            ends = [(find(track.pit.entry), lane[0]), (lane[-1], find(track.pit.exit))]
            for x, y in list(zip(lane, lane[1:])) + ends:
                if x != none and y != none and x != y and (way := (hexes[y][0] - hexes[x][0], hexes[y][1] - hexes[x][1])) in DIRECTIONS:
                    d = DIRECTIONS.index(way)
                    if cols[d][x] != y:
                        cols[d][x] = y
                        cols[(d + 3) % 6][y] = x
                        self._pit.setdefault(x, []).append(y)
                        self._pit.setdefault(y, []).append(x)
        start_i = [find(h) for h in start]
        finish = [find(h) for h in self.before_line]
        self._start, self._finish = start_i, finish
        self._start_set, self._finish_set = set(start_i), set(finish)
        # steps: the ways, and only the arrow's way out of a field with an arrow
        self._arrow: dict[int, int] = {}
        for h, d in track.arrows.items():
            at, to = find(h), find(h + DIRECTIONS[d % 6])
            if at != none and to != none and to in self._ways_of(at):  # an arrow off the track is the validator's business
                self._arrow[at] = to
        # ways never go back over the line, nor do the ways reversed
        fl = _bfs(cols, start_i, 0, finish)
        tl = _bfs(cols, finish, 1, start_i)
        laps = [tl[i] for i in start_i if tl[i] > 0]
        self.closed = bool(laps)  # a car can drive from the line round and back over it
        lap = min(laps) if laps else 1 + max(fl, default=0)
        self.lap_length = lap
        if self.closed:
            top = lap - 1
            prog = [-1 if a < 0 or b < 0 else 0 if (p := (a - b + lap) // 2) < 0 else top if p > top else p for a, b in zip(fl, tl)]
        else:
            prog = fl
        self._fl, self._tl, self._prog = fl, tl, prog

    @property
    def track(self) -> Track:
        """The track (held weakly: it holds its graph)."""
        track = self._track()
        if track is None:
            raise ReferenceError("the track of this graph is gone")
        return track

    @cached_property
    def index(self) -> dict[Hex, int]:
        """The number of every field."""
        return dict(zip(self.hexes, range(len(self.hexes))))

    @cached_property
    def cells(self) -> frozenset[Hex]:
        """Every field, the pit lane's included."""
        return frozenset(self.hexes)

    @cached_property
    def from_line(self) -> Mapping[Hex, int]:
        """Steps from the line, never back over it (the start fields are 0)."""
        return {h: d for h, d in zip(self.hexes, self._fl) if d >= 0}

    @cached_property
    def to_line(self) -> Mapping[Hex, int]:
        """Steps still to go to cross the line again (a field just before it is 1)."""
        return {h: d for h, d in zip(self.hexes, self._tl) if d > 0}

    @cached_property
    def progress(self) -> Mapping[Hex, int]:
        """The progress of every field of a closed loop (without one: the steps from the line)."""
        prog = self._prog
        if min(prog, default=0) >= 0:
            return dict(zip(self.hexes, prog))
        return {h: p for h, p in zip(self.hexes, prog) if p >= 0}

    def neighbours(self, h: Hex) -> list[Hex]:
        """Connected fields of the track (pit lane included, joined only at its ends)."""
        return self._hexes(self._links, h)

    def ways(self, h: Hex) -> list[Hex]:
        """Connected fields a car on `h` may go on to, arrows aside (never back over the line)."""
        return self._hexes(self._ways_of, h)

    def successors(self, h: Hex) -> list[Hex]:
        """The fields a car on `h` may step to: connected, never back over the line, and only the
        arrow's way where there is one (racerbile.arrow)."""
        return self._hexes(self._steps_of, h)

    def predecessors(self, h: Hex) -> list[Hex]:
        """The fields from which a car may step to `h`."""
        return self._hexes(self._preds().__getitem__, h)

    def _hexes(self, links: Callable[[int], list[int]], h: Hex) -> list[Hex]:
        i = self._find(h)
        hx = self.hexes
        return [] if i == self._none else [hx[j] for j in links(i)]

    def _has(self, h: Hex) -> bool:
        """Whether `h` is a field (`h in cells`)."""
        return self._find(h) != self._none

    # connections by number

    def _links(self, i: int) -> list[int]:
        """The fields connected to field `i`: its neighbours in the order of `DIRECTIONS`, then the
        pit lane's joins."""
        none = self._none
        c0, c1, c2, c3, c4, c5 = self._cols
        row = [j for j in (c0[i], c1[i], c2[i], c3[i], c4[i], c5[i]) if j != none]
        pit = self._pit.get(i)
        return row if pit is None else [j for j in row if j not in pit] + pit

    def _ways_of(self, i: int) -> list[int]:
        """The fields a car on field `i` may go on to, arrows aside."""
        links = self._links(i)
        return [j for j in links if j not in self._finish_set] if i in self._start_set else links

    def _back_of(self, i: int) -> list[int]:
        """The fields from which a car may go on to field `i`, arrows aside."""
        links = self._links(i)
        return [j for j in links if j not in self._start_set] if i in self._finish_set else links

    def _steps_of(self, i: int) -> list[int]:
        """The fields a car on field `i` may step to."""
        return [self._arrow[i]] if i in self._arrow else self._ways_of(i)

    def _steps(self) -> list[list[int]]:
        """For each field the fields a car may step to."""
        if self._succ is None:
            self._succ = [self._steps_of(i) for i in range(len(self.hexes))]
        return self._succ

    def _preds(self) -> list[list[int]]:
        """`_steps` reversed: the reversed ways, less the ways an arrow closes."""
        if self._pred is None:
            pred = [self._back_of(i) for i in range(len(self.hexes))]
            for i, to in self._arrow.items():
                for j in self._ways_of(i):
                    if j != to:
                        pred[j] = [x for x in pred[j] if x != i]
            self._pred = pred
        return self._pred

    _succ: list[list[int]] | None = None
    _pred: list[list[int]] | None = None


def _neighbours(hexes: list[Hex], nf: int, none: int) -> tuple[list[list[int]], Callable[[Hex], int]]:
    """For each direction of `DIRECTIONS` a list: for each hex the number of its neighbour that way
    among the first `nf` (`none`: no such field; the hexes after the first `nf` get none at all),
    and a look-up of a hex's number (`none`: not among `hexes`).

    The fields are laid into an array over their bounding box, so the neighbours in one direction
    are a single gather over a shifted view of it. A sparse box (fields far apart) falls back to a
    dict keyed by `q·K + r`.
    """
    extra = {h: i for i, h in enumerate(hexes[nf:], nf)}
    pad = [none] * len(extra)
    if nf < 2:
        only = hexes[0] if nf else None

        def find(h: Hex) -> int:
            return 0 if h == only else extra.get(h, none)

        return [[none] * nf + pad for _ in DIRECTIONS], find
    qs, rs = zip(*hexes[:nf])
    q0, q1, r0, r1 = min(qs), max(qs), min(rs), max(rs)
    height = r1 - r0 + 3  # a column of the box, with a free row at either end
    size = (q1 - q0 + 3) * height
    if size <= 64 * nf + 65536:  # (at most 256 bytes a field, or 256 KiB: cheaper than the dict by far)
        # field (q, r) at (q - q0 + 1)·height + (r - r0 + 1), a neighbour `height + 1` or less away;
        # `at` are those places less `margin`, so that a view from `margin + offset` on gathers at an offset
        margin = height + 1
        shift = (1 - q0) * height + 1 - r0 - margin
        at = [q * height + r + shift for q, r in zip(qs, rs)]  # (a Hex unpacks slower than a plain tuple)
        grid = array("i", [none]) * size
        view = memoryview(grid)
        here = view[margin:]
        for p, i in zip(at, range(nf)):
            here[p] = i
        gather = itemgetter(*at)
        cols = [[*gather(view[margin + d.q * height + d.r :]), *pad] for d in DIRECTIONS]

        def find(h: Hex) -> int:
            q, r = h
            if q0 <= q <= q1 and r0 <= r <= r1 and (i := grid[(q - q0 + 1) * height + r - r0 + 1]) != none:
                return i
            return extra.get(h, none)

    else:
        k = 2 * max(r1, -r0) + 3  # keys of hexes one step apart never meet those of others
        keys = [q * k + r for q, r in zip(qs, rs)]
        get = dict(zip(keys, range(nf))).get
        cols = [[*map(get, map(add, keys, repeat(d.q * k + d.r)), repeat(none)), *pad] for d in DIRECTIONS]

        def find(h: Hex) -> int:
            i = get(h[0] * k + h[1], none)
            return i if i != none and hexes[i] == h else extra.get(h, none)

    return cols, find


def _bfs(cols: list[list[int]], sources: list[int], first: int, cut: list[int]) -> list[int]:
    """Breadth-first distances over the connections `cols` (-1: not reached), the `sources` at
    distance `first`; the fields `cut` are not reached straight from the sources (over the line)."""
    c0, c1, c2, c3, c4, c5 = cols
    n = len(c0)
    dist = [-1] * n + [first]  # (the number n stands for no field: as good as reached)
    for s in sources:
        dist[s] = first
    for s in cut:
        dist[s] = first
    frontier = list(sources)
    d = first
    while frontier:
        d += 1
        nxt: list[int] = []
        add = nxt.append
        for i in frontier:  # the six directions written out: most of the time goes here
            j = c0[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
            j = c1[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
            j = c2[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
            j = c3[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
            j = c4[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
            j = c5[i]
            if dist[j] < 0:
                dist[j] = d
                add(j)
        if cut:  # after the first steps the fields across the line are fields like the others
            for s in cut:
                dist[s] = -1
            cut = []
        frontier = nxt
    for s in cut:  # (no first steps: no sources)
        dist[s] = -1
    del dist[n]
    return dist
