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
it (racerbile.turn). The tables fill field by field as the search first reaches a field, so a
race's first move costs about what any move costs, whatever the size of the track.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

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
V = TypeVar("V")


class _ByState(dict[int, V]):
    """A table by state, each field's states filled on first use (`Tables.fill`)."""

    __slots__ = ("_tables",)

    def __init__(self, tables: Tables) -> None:
        super().__init__()
        self._tables = weakref.ref(tables)  # the tables hold this: no cycle

    def __missing__(self, s: int) -> V:
        _live(self._tables).fill(s // WAYS)
        return dict.__getitem__(self, s)


class _Numbers(dict[Hex, int]):
    """Field → number, a field numbered on first use (`Tables.hexes` grows with it)."""

    __slots__ = ("_tables",)

    def __init__(self, tables: Tables) -> None:
        super().__init__()
        self._tables = weakref.ref(tables)  # the tables hold this: no cycle

    def __missing__(self, h: Hex) -> int:
        t = _live(self._tables)
        if h not in t.course.steps:
            raise KeyError(h)
        i = self[h] = len(t.hexes)
        t.hexes.append(h)
        t.levels.append(t.course.progress[h])
        if t.on_loop(h):
            t.loopy.update(range(i * WAYS, i * WAYS + WAYS))
        return i


class _Behind(dict[int, tuple[int, ...]]):
    """Field number → the states that have it ahead, found on first use from its neighbours."""

    __slots__ = ("_tables",)

    def __init__(self, tables: Tables) -> None:
        super().__init__()
        self._tables = weakref.ref(tables)  # the tables hold this: no cycle

    def __missing__(self, j: int) -> tuple[int, ...]:
        t = _live(self._tables)
        x = t.hexes[j]
        steps = t.course.steps
        out: list[int] = []
        for d, v in enumerate(DIRECTIONS):
            y = x - v
            if (x, d) in steps.get(y, ()):
                i = t.index[y] * WAYS
                out.extend(i + f for f in range(WAYS) if f == NOWAY or _turns(d, f) <= 1)
        v2 = self[j] = tuple(out)
        return v2


def _live(ref: weakref.ref[Tables]) -> Tables:
    t = ref()
    if t is None:
        raise ReferenceError("these tables are gone")
    return t


class Tables:
    """The course by number, for the move search, built field by field as the search reaches
    them (a race's first move costs no more than any other): field numbers (`index`, `hexes`,
    numbered on first use) and states `field × WAYS + facing`. `edges[pit][state]` are the steps
    from a state that keep to the 60° limit and onto no branch field – onto the pit lane only when
    `pit` – each saying whether it changes direction (a squeal on 7–9). `branch_edges[state]` are
    the steps onto branch fields. `ahead[state]` are the fields next to a car stopped in that state
    that it could step to (forward steps within 60° of its facing, any with NOWAY) in the course's
    order, and `behind[field]` the states that have it so; `front[state]` are those of
    `ahead[state]` that are further on – the fields the car stands right before, a field level with
    it in another lane not among them (racerbile Decisions: who counts as stopping right before).
    `on_loop(field)` says whether a drive over fields of its progress can come back to it
    (`Course.loops`), each field checked on first use; `loopy` holds the states of those numbered."""

    def __init__(self, course: Course) -> None:
        self._course = weakref.ref(course)  # the course holds its tables: no cycle
        self.hexes: list[Hex] = []
        self.levels: list[int] = []  # the progress of every field by number
        self.index: dict[Hex, int] = _Numbers(self)
        # plain lists by state (the search's hottest lookups), None until `fill` (`edges_of`)
        states = len(course.steps) * WAYS
        self.edges: tuple[list[tuple[Edge, ...] | None], list[tuple[Edge, ...] | None]] = ([None] * states, [None] * states)
        self.branch_edges: list[tuple[BranchEdge, ...] | None] = [None] * states
        self.ahead: dict[int, tuple[int, ...]] = _ByState(self)
        self.front: dict[int, tuple[int, ...]] = _ByState(self)
        self.behind: dict[int, tuple[int, ...]] = _Behind(self)
        self.branches: tuple[tuple[int, str], ...] = tuple(sorted(set(course.branch_of.values())))
        self._branch_no = {b: i for i, b in enumerate(self.branches)}
        self.lap_loops = course.lap <= 12  # a move may come round a whole lap
        self._on_loop: dict[Hex, bool] = {}
        self.loopy: set[int] = set()  # the states of the fields numbered so far that are `on_loop`

    @property
    def course(self) -> Course:
        course = self._course()
        if course is None:
            raise ReferenceError("the course of these tables is gone")
        return course

    def fill(self, i: int) -> None:
        """Build the tables of field number `i`, all its states."""
        course = self.course
        h = self.hexes[i]
        prog = course.progress
        index = self.index
        e0, e1, be, ahead, front = self.edges[0], self.edges[1], self.branch_edges, self.ahead, self.front
        steps = [(m, d, index[m], m in course.pit and h not in course.pit) for m, d in course.steps[h]]  # pit: driving in (racerbile.lemans.pit)
        for f in range(WAYS):
            s = i * WAYS + f
            near: list[int] = []
            x0: list[Edge] = []
            x1: list[Edge] = []
            xb: list[BranchEdge] = []
            for m, d, j, pit in steps:
                if f != NOWAY and _turns(d, f) > 1:
                    continue
                near.append(j)
                turn = f != NOWAY and d != f
                to = j * WAYS + d
                b = course.branch_of.get(m)
                if b is not None:
                    xb.append((to, turn, j, (m,), self._branch_no[b], pit))
                    continue
                e = (to, 1 if turn else 0, j, (m,))
                x1.append(e)
                if not pit:
                    x0.append(e)
            be[s] = tuple(xb)  # before the edges: a state with edges has all its tables
            dict.__setitem__(ahead, s, tuple(near))
            dict.__setitem__(front, s, tuple(j for j in near if prog[self.hexes[j]] != prog[h]))
            e1[s] = tuple(x1)
            e0[s] = tuple(x0)

    def edges_of(self, pit: bool, s: int) -> tuple[Edge, ...]:
        """`edges[pit][s]`, the field's tables filled first if need be (and `branch_edges[s]` with them)."""
        self.fill(s // WAYS)
        es = self.edges[pit][s]
        assert es is not None
        return es

    def on_loop(self, h: Hex) -> bool:
        """Whether some drive within the 60° limit over fields of the progress of `h` comes back
        to `h` (checked on first use): only such a field can a move come back to short of a lap."""
        v = self._on_loop.get(h)
        if v is None:
            v = self._on_loop[h] = _plateau_loop(self.course, h)
        return v

    @property
    def loops(self) -> bool:
        """Whether a move might come back to a field anywhere on the course (every field checked)."""
        return self.lap_loops or any(self.on_loop(h) for h in self.course.steps)


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
        """The steps by number for the move search (made on first use, filled as the search goes)."""
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
    """The course's tables, empty: they fill as the search reaches fields."""
    return Tables(course)


def _plateau_loop(course: Course, h: Hex) -> bool:
    """Whether some drive within the 60° limit over fields of equal progress comes back to `h`
    (a move can come back to a field no other way short of a lap)."""
    prog = course.progress
    level = prog[h]
    todo = [(m, d) for m, d in course.steps[h] if prog[m] == level]
    seen = set(todo)
    while todo:
        x, f = todo.pop()
        if x == h:
            return True
        for m, d in course.steps[x]:
            if prog[m] == level and _turns(d, f) <= 1 and (m, d) not in seen:
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


def back_onto(course: Course, left: Hex, facing: int | None, full: frozenset[Hex], avoid: frozenset[Hex] = frozenset()) -> tuple[Hex, int]:
    """Where a car that left the track at `left` reverses back onto it, and the lines it backs over
    (0 or 1: a lap to take off). `left` itself unless it holds two caps (`full`); else the nearest
    field before it – of lower progress, back along the way – with room: never a third cap on a
    field (racerbile.flat_out, Decisions: backing onto a full field). Back along the way means
    against the course's steps, not into the pit lane from the track, nor onto `avoid` (a branch not
    chosen); nearest means the least progress back, then the fewest steps back, then the field
    straight behind the car. Nowhere with room (no real race): `left`."""
    if left not in full:
        return left, 0
    back: dict[Hex, list[Hex]] = {}
    for h, out in course.steps.items():
        for n, _ in out:
            back.setdefault(n, []).append(h)
    behind = None if facing is None or not 0 <= facing < len(DIRECTIONS) else DIRECTIONS[facing]
    seen = {left: (0, 0)}  # field → (steps back, lines backed over)
    ring = [left]
    while ring:  # every field the car could back to, by the fewest steps back
        nxt: list[Hex] = []
        for h in ring:
            k, over = seen[h]
            for p in back.get(h, ()):
                if p in seen or p in avoid or (p in course.pit and left not in course.pit):
                    continue
                seen[p] = (k + 1, over + (1 if course.crosses_line(p, h) else 0))
                nxt.append(p)
        ring = nxt
    prog = course.progress

    def key(p: Hex) -> tuple[int, int, bool, int, int]:
        k = seen[p][0]
        straight = behind is not None and p == Hex(left.q - k * behind.q, left.r - k * behind.r)
        return ((prog[left] - prog[p]) % course.lap, k, not straight, p.q, p.r)

    room = [p for p in seen if p not in full and (prog[left] - prog[p]) % course.lap > 0]
    if not room:
        return left, 0
    best = min(room, key=key)
    return best, min(seen[best][1], 1)
