"""A Racerbile track: its fields and their kinds, the start line, arrows, splits, the pit lane,
the Le Mans features, labels and a colour theme. Immutable; loaded from YAML by `trackfile`.

Progress along the track ("in front", "last", overtaking, laps) is derived by `TrackGraph`.
"""
from __future__ import annotations

import hashlib
import json
from collections import deque
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
        """The track's content as plain data in a fixed order (what the content hash is taken of)."""

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
            "splits": [
                {"name": s.name, "fork": hx(s.fork), "rejoin": hx(s.rejoin), "branches": [[n, hx(h)] for n, h in s.branches]}
                for s in self.splits
            ],
            "pit": None
            if self.pit is None
            else {"fields": [hx(h) for h in self.pit.fields], "entry": hx(self.pit.entry), "exit": hx(self.pit.exit)},
            "field42": None if self.field42 is None else hx(self.field42),
            "dunlop": [hx(h) for h in self.dunlop],
            "labels": [[hx(lb.at), lb.text] for lb in self.labels],
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
    """Neighbours on the track and the progress of every field along the direction of travel.

    Progress is the number of steps from the start line, never crossing the line backwards:
    the fields just past the line have progress 0, and a car driving the right way never goes to a
    field of lower progress (racerbile Decisions: direction of travel).
    """

    def __init__(self, track: Track) -> None:
        self.track = track
        cells = track.all_fields()
        self.cells = cells
        start = frozenset(track.start)
        back = {(track.heading + k) % 6 for k in (2, 3, 4)}
        # fields just before the line: behind a start field, across the line
        self.before_line = frozenset(
            h + DIRECTIONS[d] for h in start for d in back if (h + DIRECTIONS[d]) in cells and (h + DIRECTIONS[d]) not in start
        )
        progress: dict[Hex, int] = {h: 0 for h in start if h in cells}
        queue = deque(progress)
        while queue:
            h = queue.popleft()
            for n in self.neighbours(h):
                if n in progress:
                    continue
                if h in start and n in self.before_line:
                    continue  # never across the line backwards
                progress[n] = progress[h] + 1
                queue.append(n)
        self.progress: Mapping[Hex, int] = progress
        self.lap_length = 1 + max((progress[h] for h in self.before_line if h in progress), default=max(progress.values(), default=0))

    def neighbours(self, h: Hex) -> list[Hex]:
        """Neighbouring fields of the track (pit lane included)."""
        return [n for n in h.neighbours() if n in self.cells]
