"""What a car needs to know of a track to drive it: the forward steps from every field with their
directions, progress, the branches of the splits, the pit lane and the midway line.

Built once per track (`Track.course`) from its `TrackGraph`. A step goes to a connected field the
car may drive to (arrows kept, never back over the line) and never to lower progress – except
over the finish line, where progress starts again at 0 (racerbile Decisions: direction of travel).
The pit lane is one way (racerbile.lemans.pit; Decisions: the pit lane's direction): in only from
its entry field to its first field, along it field by field, out only from its last field to its
exit – a step between fields of equal progress there is no lane change.

`Course.tables` holds the same steps by number for the move search (`game.racerbile.moves`): a
state is a field and the way the car faces, and each state lists the steps the 60° limit leaves
it (racerbile.turn).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.track import Kind, Track

Step = tuple[Hex, int]  # the field stepped to and the direction of the step
NOWAY = 6  # the facing of a car that faces no way (any first step)
WAYS = 7  # states per field: the six facings and NOWAY
# a step of the search: (the state stepped to, 1 if the step changes direction else 0, the field
# number, the field as a 1-tuple – ready to extend a path)
Edge = tuple[int, int, int, tuple[Hex]]
# a step onto a field of a split's branch: (state, turns, field number, field as a 1-tuple, branch
# number, pit lane)
BranchEdge = tuple[int, bool, int, tuple[Hex], int, bool]


@dataclass(frozen=True)
class Tables:
    """The course by number, for the move search: field numbers (`index`, `hexes`) and states
    `field × WAYS + facing`. `edges[pit][state]` are the steps from a state that keep to the 60°
    limit and onto no branch field – onto the pit lane only when `pit` – each saying whether it
    changes direction (a squeal on 7–9). `branch_edges[state]` are the steps onto branch fields.
    `ahead[state]` are the fields next to a car stopped in that state that it could step to
    (forward steps within 60° of its facing, any with NOWAY) in the course's order, and
    `behind[field]` the states that have it so; `front[state]` are those of `ahead[state]` that
    are further on – the fields the car stands right before, a field level with it in another
    lane not among them (racerbile Decisions: who counts as stopping right before)."""

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    states: int
    edges: tuple[tuple[tuple[Edge, ...], ...], ...]
    branch_edges: tuple[tuple[BranchEdge, ...], ...]
    branches: tuple[tuple[int, str], ...]
    ahead: tuple[tuple[int, ...], ...]
    behind: tuple[tuple[int, ...], ...]
    front: tuple[tuple[int, ...], ...]
    loops: bool  # whether a move might come back to a field (see `Course.loops`)


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

    @cached_property
    def tables(self) -> Tables:
        """The steps by number for the move search (built on first use)."""
        return build_tables(self)

    @property
    def loops(self) -> bool:
        """Whether a move of up to 12 fields might come back to a field it drove: round a whole lap
        (a lap of 12 fields or fewer), or round a loop of fields of equal progress within the 60°
        limit. Neither is so on a real track; the move search relies on it, or drives exactly."""
        return self.tables.loops


def _turns(a: int, b: int) -> int:
    """The turn between two directions in steps of 60° (0 … 3)."""
    t = (a - b) % 6
    return min(t, 6 - t)


def build_tables(course: Course) -> Tables:
    hexes = tuple(sorted(course.steps))
    index = {h: i for i, h in enumerate(hexes)}
    n = len(hexes)
    states = n * WAYS
    branch_list = sorted(set(course.branch_of.values()))
    branch_no = {b: i for i, b in enumerate(branch_list)}
    edges: list[list[list[Edge]]] = [[[] for _ in range(states)] for _ in range(2)]
    branch_edges: list[list[BranchEdge]] = [[] for _ in range(states)]
    ahead: list[tuple[int, ...]] = []
    front: list[tuple[int, ...]] = []
    behind: list[list[int]] = [[] for _ in range(n)]
    prog = course.progress
    for i, h in enumerate(hexes):
        for f in range(WAYS):
            s = i * WAYS + f
            near = []
            for m, d in course.steps[h]:
                if f != NOWAY and _turns(d, f) > 1:
                    continue
                j = index[m]
                near.append(j)
                turn = f != NOWAY and d != f
                to = j * WAYS + d
                pit = m in course.pit and h not in course.pit  # driving in (racerbile.lemans.pit)
                if m in course.branch_of:
                    branch_edges[s].append((to, turn, j, (m,), branch_no[course.branch_of[m]], pit))
                    continue
                e = (to, 1 if turn else 0, j, (m,))
                edges[1][s].append(e)
                if not pit:
                    edges[0][s].append(e)
            ahead.append(tuple(near))
            front.append(tuple(j for j in near if prog[hexes[j]] != prog[h]))
            for j in near:
                behind[j].append(s)
    return Tables(
        hexes=hexes,
        index=index,
        states=states,
        edges=tuple(tuple(tuple(x) for x in by_pit) for by_pit in edges),
        branch_edges=tuple(tuple(x) for x in branch_edges),
        branches=tuple(branch_list),
        ahead=tuple(ahead),
        behind=tuple(tuple(x) for x in behind),
        front=tuple(front),
        loops=course.lap <= 12 or _plateau_loop(course),
    )


def _plateau_loop(course: Course) -> bool:
    """Whether some drive within the 60° limit over fields of equal progress comes back to a field
    it left (a move can come back to a field no other way short of a lap)."""
    prog = course.progress
    flat = {h: [(m, d) for m, d in course.steps[h] if prog[m] == prog[h]] for h in course.steps}
    for h in flat:
        todo = [(m, d) for m, d in flat[h]]
        seen = set(todo)
        while todo:
            x, f = todo.pop()
            if x == h:
                return True
            for m, d in flat[x]:
                if _turns(d, f) <= 1 and (m, d) not in seen:
                    seen.add((m, d))
                    todo.append((m, d))
    return False


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
    if track.pit:  # the pit lane is one way, whatever the progress says (racerbile Decisions: the pit lane's direction)
        lane = track.pit.fields
        ways = set(zip(lane, lane[1:])) | {(track.pit.entry, lane[0]), (lane[-1], track.pit.exit)}
        inside = frozenset(lane)
        for h, out_ in steps.items():
            if h in inside or any(n in inside for n, _ in out_):
                steps[h] = tuple((n, d) for n, d in out_ if (h not in inside and n not in inside) or (h, n) in ways)
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
