"""What a car needs to know of a track to drive it: the forward steps from every field with their
directions, progress, the branches of the splits, the pit lane and the midway line.

Built once per track (`Track.course`) from its `TrackGraph`. A step goes to a connected field the
car may drive to (arrows kept, never back over the line) and never to lower progress – except
over the finish line, where progress starts again at 0 (racerbile Decisions: direction of travel).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.track import Kind, Track

Step = tuple[Hex, int]  # the field stepped to and the direction of the step


@dataclass(frozen=True)
class Course:
    """The driving facts of one track (immutable once built)."""

    track_hash: str
    lap: int  # fields to a lap
    progress: dict[Hex, int]
    steps: dict[Hex, tuple[Step, ...]]
    kinds: dict[Hex, Kind]
    pit: frozenset[Hex]
    start: tuple[Hex, ...]  # the start fields, in the file's order
    behind: tuple[Hex, ...]  # the fields just before the line
    branch_of: dict[Hex, tuple[int, str]]  # field → (split number, branch name)
    midway: int | None  # the progress of the midway line (the highest midway field)
    field42: Hex | None
    dunlop: frozenset[Hex]
    heading: int

    def crosses_line(self, a: Hex, b: Hex) -> bool:
        """Whether the step a → b goes over the finish line (a new lap)."""
        return self.progress[b] < self.progress[a]

    def is_track(self, h: Hex) -> bool:
        return h in self.progress


def course_of(track: Track) -> Course:
    """The course of a track, built on first use and kept by the track (`Track.course`)."""
    return track.course


def build_course(track: Track) -> Course:
    g = track.graph
    prog = dict(g.progress)
    steps: dict[Hex, tuple[Step, ...]] = {}
    for h in prog:
        out = []
        for n in g.successors(h):
            if n not in prog:
                continue
            d = DIRECTIONS.index(n - h) if (n - h) in DIRECTIONS else -1
            if d < 0:
                continue
            if prog[n] >= prog[h] or (h in g.before_line and n in g.start):
                out.append((n, d))
        steps[h] = tuple(out)
    branch_of: dict[Hex, tuple[int, str]] = {}
    for i, sp in enumerate(track.splits):
        lo, hi = prog.get(sp.fork), prog.get(sp.rejoin)
        if lo is None or hi is None:
            continue
        for name, h in sp.branches:
            if h not in prog:
                continue
            stack = [h]
            while stack:
                x = stack.pop()
                if x in branch_of:
                    continue
                branch_of[x] = (i, name)
                for n in g.neighbours(x):
                    if n in track.fields and n not in branch_of and lo < prog.get(n, -1) < hi:
                        stack.append(n)
    mids = [prog[h] for h, k in track.fields.items() if k is Kind.MIDWAY and h in prog]
    return Course(
        track_hash=track.content_hash,
        lap=g.lap_length,
        progress=prog,
        steps=steps,
        kinds=dict(track.fields),
        pit=frozenset(track.pit.fields) if track.pit else frozenset(),
        start=tuple(h for h in track.start if h in prog),
        behind=tuple(sorted(g.before_line)),
        branch_of=branch_of,
        midway=max(mids) if mids else None,
        field42=track.field42,
        dunlop=frozenset(track.dunlop),
        heading=track.heading,
    )
