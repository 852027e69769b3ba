"""A Racerbile track: its fields and their kinds, the start line, arrows, splits, the pit lane,
the Le Mans features, labels and a colour theme. Immutable; loaded from YAML by `trackfile`.

Progress along the track ("in front", "last", overtaking, laps) is derived by `TrackGraph`.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Mapping

from game.hexgrid import DIRECTIONS, Hex

FORMAT_VERSION = 1
MAX_FIELDS = 5000
THEMES = ("classic", "stalin", "lemans", "night")


class Kind(StrEnum):
    """The kinds of field (racerbile.field.*)."""

    NORMAL = "normal"
    DOWNSHIFT = "downshift"
    BLOCKING = "blocking"
    MIDWAY = "midway"


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
    field42: Hex | None = None
    dunlop: tuple[Hex, ...] = ()
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

    Inside, every field has a number (`index`, `hexes`) and the connections are lists of numbers,
    which keeps building the graph and searching it fast; the public views are by `Hex`.
    """

    def __init__(self, track: Track) -> None:
        self.track = track
        fields = track.fields
        pit = track.pit.fields if track.pit else ()
        hexes: list[Hex] = list(fields)
        nf = len(hexes)
        hexes += [h for h in dict.fromkeys(pit) if h not in fields]
        n = len(hexes)
        self.hexes = hexes
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(hexes)}
        self.cells: frozenset[Hex] = frozenset(hexes)
        index = self.index
        start = frozenset(h for h in track.start if h in fields)
        self.start = start
        back = [DIRECTIONS[(track.heading + k) % 6] for k in (2, 3, 4)]
        self.before_line: frozenset[Hex] = frozenset(
            b for s in start for d in back if (b := s + d) in fields and b not in start
        )
        before = self.before_line
        # connections: a hex keyed as one integer q·K + r, its neighbours at fixed offsets
        k = 2 * max(map(abs, [r for _, r in hexes]), default=0) + 3
        key = {q * k + r: i for i, (q, r) in enumerate(hexes[:nf])}
        offsets = [d.q * k + d.r for d in DIRECTIONS]
        get = key.get
        adj: list[list[int]] = []
        for q, r in hexes[:nf]:
            c = q * k + r
            adj.append([j for o in offsets if (j := get(c + o)) is not None])
        adj += [[] for _ in range(n - nf)]
        if track.pit and n > nf:
            lane = [index[h] for h in hexes[nf:]]
            ends = [(index.get(track.pit.entry), lane[0]), (lane[-1], index.get(track.pit.exit))]
            for x, y in list(zip(lane, lane[1:])) + ends:
                if x is not None and y is not None and x != y and hexes[y] - hexes[x] in DIRECTIONS and y not in adj[x]:
                    adj[x].append(y)
                    adj[y].append(x)
        self._adj = adj
        # ways never go back over the line; `_back` are the ways reversed
        start_i = [index[h] for h in start]
        before_i = {index[h] for h in before}
        start_set = set(start_i)
        ways = list(adj)
        backs = list(adj)
        for i in start_i:
            if any(j in before_i for j in adj[i]):
                ways[i] = [j for j in adj[i] if j not in before_i]
        for i in before_i:
            backs[i] = [j for j in adj[i] if j not in start_set]
        # steps: the ways, and only the arrow's way out of a field with an arrow
        succ = ways
        if track.arrows:
            succ = list(ways)
            for h, d in track.arrows.items():
                at = index.get(h)
                to = index.get(h + DIRECTIONS[d % 6])
                if at is not None and to is not None and to in ways[at]:  # an arrow off the track is the validator's business
                    succ[at] = [to]
        self._ways, self._back, self._succ = ways, backs, succ
        self._pred: list[list[int]] | None = None
        self._start = start_i
        self._finish = [i for i in before_i if any(j in start_set for j in adj[i])]
        self.finishers: frozenset[Hex] = frozenset(hexes[i] for i in self._finish)
        fl = _bfs(ways, start_i, 0, n)
        tl = _bfs(backs, self._finish, 1, n)
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
        return {h: p for h, p in zip(self.hexes, self._prog) if p >= 0}

    def _hexes(self, ids: list[int]) -> list[Hex]:
        hx = self.hexes
        return [hx[i] for i in ids]

    def neighbours(self, h: Hex) -> list[Hex]:
        """Connected fields of the track (pit lane included, joined only at its ends)."""
        i = self.index.get(h)
        return [] if i is None else self._hexes(self._adj[i])

    def ways(self, h: Hex) -> list[Hex]:
        """Connected fields a car on `h` may go on to, arrows aside (never back over the line)."""
        i = self.index.get(h)
        return [] if i is None else self._hexes(self._ways[i])

    def successors(self, h: Hex) -> list[Hex]:
        """The fields a car on `h` may step to (connected, never back over the line, the arrow's way)."""
        i = self.index.get(h)
        return [] if i is None else self._hexes(self._succ[i])

    def predecessors(self, h: Hex) -> list[Hex]:
        """The fields from which a car may step to `h`."""
        i = self.index.get(h)
        return [] if i is None else self._hexes(self._preds()[i])

    def _preds(self) -> list[list[int]]:
        """`_succ` reversed: the reversed ways, less the ways an arrow closes."""
        if self._pred is None:
            pred = list(self._back)
            for i, (ways, steps) in enumerate(zip(self._ways, self._succ)):
                if ways is not steps:
                    for j in ways:
                        if j not in steps:
                            pred[j] = [x for x in pred[j] if x != i]
            self._pred = pred
        return self._pred


def _bfs(graph: list[list[int]], sources: list[int], first: int, n: int) -> list[int]:
    """Breadth-first distances over `graph` (-1: not reached), the `sources` at distance `first`."""
    dist = [-1] * n
    for s in sources:
        dist[s] = first
    frontier = list(sources)
    d = first
    while frontier:
        d += 1
        nxt: list[int] = []
        add = nxt.append
        for h in frontier:
            for j in graph[h]:
                if dist[j] < 0:
                    dist[j] = d
                    add(j)
        frontier = nxt
    return dist
