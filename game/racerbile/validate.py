"""Can a track be raced? `validate` lists every problem, each at the place in the file it comes from.

The reader (`trackfile`) refuses what cannot even be built (bad YAML, unknown keys, kinds,
directions or themes, bad or duplicate fields, too many fields). `validate` checks what makes a
race: a proper start line, a closed loop driven in the direction of travel, every field part of the
race, exactly one midway field, splits that divide and meet again, arrows that point along the
track, a pit lane joined at both ends, and the Le Mans features and labels on the track.
`load_track` does both and raises `TrackErrors` (an `InputError`) if anything is wrong. Which fields
a lap can reach is worked out in `laps`; the same checks on an editor's draft are `draftcheck`'s.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from game.errors import InputError
from game.i18n import N_
from game.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex
from game.racerbile.laps import OFFSETS, joined, neighbours, off_the_laps
from game.racerbile.track import Kind, Track, TrackGraph
from game.racerbile.trackfile import Place, TrackSource, parse_path, read_track
from game.rules.phrase import phrase

Where = tuple[str, str | None]  # a `TrackSource.places` key and the one to fall back on


class TrackErrors(InputError):
    """Every problem of a track file: positioned at the first, printed one per line."""

    def __init__(self, errors: list[InputError]) -> None:
        first = errors[0]
        super().__init__(first.message, first.file, first.line, first.column)
        self.errors = list(errors)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def load_track_source(path: str | Path) -> TrackSource:
    """Read and validate a track file; raises `TrackErrors` (an `InputError`) listing every problem."""
    src = read_track(path)
    problems = validate(src)
    if problems:
        raise TrackErrors(problems)
    return src


def load_track(path: str | Path) -> Track:
    """Read and validate a track file: a track that can be raced, or `TrackErrors`."""
    return load_track_source(path).track


def validate(src: TrackSource) -> list[InputError]:
    """Every problem that keeps the track from being raced (empty: the track is good)."""
    return Checker(src).run()


class Checker:
    """The checks of `validate` over a track read from a file; each problem placed where the file writes
    what it is about."""

    def __init__(self, src: TrackSource) -> None:
        self.src = src
        self.track = src.track
        self.graph: TrackGraph = src.track.graph
        self.problems: list[InputError] = []
        self.pit_joined = True
        self.bad_arrows: set[Hex] = set()

    # where things are written

    def place(self, key: str, fallback: str | None = None) -> Where:
        """Where a feature is written (`TrackSource.places` keys), resolved when reported."""
        return (key, fallback)

    def locate(self, where: Where) -> Place | None:
        key, fallback = where
        p = self.src.places.get(key)
        if p is None and fallback is not None:
            p = self.src.places.get(fallback)
        return p

    def position(self, h: Hex) -> tuple[int, int]:
        p = self.src.fields.get(h)
        if p is None:
            return (1 << 30, 0)
        mark = p.node.start_mark
        return (mark.line, mark.column + p.offset)

    def field_order(self, h: Hex) -> tuple[int, int, int]:
        """The order of fields in the file: by place, then (laid by one token) along the path."""
        line, col = self.position(h)
        return (line, col, self.graph.index.get(h, 0))

    def report(self, where: Where, message: str) -> None:
        self.problems.append(self.src.error(self.locate(where), message))

    def at_field(self, h: Hex, message: str) -> None:
        self.problems.append(self.src.at_field(h, message))

    def run(self) -> list[InputError]:
        self.start_line()
        self.loop()
        self.pit_joins()
        self.arrows()
        self.laps()
        self.splits()
        self.pit_direction()
        self.race()
        self.midway()
        self.features()
        return self.problems

    # the start line

    def start_line(self) -> None:
        t, g = self.track, self.graph
        start = set(t.start)
        hname = DIRECTION_NAMES[t.heading]
        ahead = DIRECTIONS[t.heading]
        dq, dr = OFFSETS[t.heading]
        if not joined(start):
            rest = set(start)
            first = t.start[0]
            group = {first}
            stack = [first]
            while stack:
                h = stack.pop()
                for n in h.neighbours():
                    if n in rest and n not in group:
                        group.add(n)
                        stack.append(n)
            lone = next(h for h in t.start if h not in group)
            self.report(
                self.place(f"start.{lone}", "start"),
                phrase(N_("the start fields are not side by side: {lone} is not next to {first} and the others – "
                          "the start fields are one row of neighbours across the track"), lone=lone, first=first),
            )
        for h in t.start:
            if (h[0] + dq, h[1] + dr) in start:
                self.report(
                    self.place(f"start.{h + ahead}", "start"),
                    phrase(N_("the start field {ahead} is in front of {h} along the heading ({heading}): "
                              "the start fields stand side by side across the direction of travel"), ahead=h + ahead, h=h, heading=hname),
                )
        for h in t.start:
            if (h[0] + dq, h[1] + dr) not in t.fields:
                self.report(
                    self.place(f"start.{h}", "start"),
                    phrase(N_("the start field {h} has no field of the track ahead of it in the heading ({heading})"), h=h, heading=hname),
                )
        if not g.before_line:
            self.report(
                self.place("start"),
                phrase(N_("no fields just before the start line: the track must come round to the start fields "
                          "from behind (against the heading {heading})"), heading=hname),
            )
            return
        ways = [OFFSETS[(t.heading + k) % 6] for k in (-1, 0, 1)]
        fwd = {(h[0] + a, h[1] + b) for h in t.start for a, b in ways}
        past = {h for h in fwd if h in t.fields and h not in start and h not in g.before_line}
        gaps = [b for b in g.before_line if any(n in past for n in g.neighbours(b))]
        if gaps:  # the first in the file
            b = min(gaps, key=self.field_order)
            n = next(n for n in g.neighbours(b) if n in past)
            self.report(
                self.place("start"),
                phrase(N_("the start line has a gap: {b} just before it and {n} just past it are neighbours – "
                          "the start fields must reach across the whole track"), b=b, n=n),
            )

    # the closed loop

    def loop(self) -> None:
        g = self.graph
        if not g.before_line or g.closed:
            return
        reached = g.from_line
        far = min(reached, key=lambda h: (-reached[h], self.field_order(h)))
        if not g.finishers:
            why = phrase(N_("no field just before the line leads over it in the direction of travel"))
        else:
            why = phrase(N_("the way ends at {far}, {steps} steps from the line"), far=far, steps=reached[far])
        self.report(
            self.place("start"),
            phrase(N_("the track is not a closed loop: from the start line a car cannot drive round and back over it ({why})"), why=why),
        )

    # every field part of the race

    def laps(self) -> None:
        """Which fields are part of the race: `lost` (not reached from the line) and `dead` (no way on).

        A field is part of the race when a car can reach it from the line and drive on from it back
        over the line, never to lower progress, and when it lies on such a lap that visits no field
        twice (so a spur, which a car could enter and leave at equal progress, is still a dead end).
        """
        t, g = self.track, self.graph
        self.lost: set[Hex] = set()
        self.dead: set[Hex] = set()
        if not g.closed:
            return
        prog, hexes, n = g._prog, g.hexes, len(g.hexes)
        cells = n if (t.pit is None or self.pit_joined) else len(t.fields)
        if not t.arrows:
            # without arrows every field with progress is reached and left as it should: its first way
            # in from the line never comes from higher progress, its first way on to the line never
            # goes to lower progress (both distances change by at most one a step)
            lost = [i for i in range(cells) if prog[i] < 0] if min(prog[:cells], default=0) < 0 else []
            dead = [i for i in off_the_laps(g, cells) if prog[i] >= 0]
        else:
            fwd, bwd = self.laps_with_arrows()
            lost = [i for i in range(cells) if not fwd[i]]
            dead = [i for i in range(cells) if fwd[i] and not bwd[i]] + [i for i in off_the_laps(g, cells) if fwd[i]]
        self.lost = {hexes[i] for i in lost}
        self.dead = {hexes[i] for i in dead}

    def laps_with_arrows(self) -> tuple[bytearray, bytearray]:
        """The fields reached from the line, and those that reach it, stepping as the arrows say."""
        g = self.graph
        prog, n = g._prog, len(g.hexes)
        steps = g._steps()
        into = g._preds()
        if self.bad_arrows:  # an arrow already reported does not also cut the track
            steps = list(steps)
            for bad in self.bad_arrows:
                if (i := g._find(bad)) != g._none:
                    steps[i] = g._ways_of(i)
            into = [[] for _ in range(n)]
            for i, js in enumerate(steps):
                for j in js:
                    into[j].append(i)
        # forward from the line, never to lower progress
        fwd = bytearray(n)
        stack = [i for i in g._start if prog[i] >= 0]
        for i in stack:
            fwd[i] = 1
        while stack:
            i = stack.pop()
            p = prog[i]
            for j in steps[i]:
                if not fwd[j] and prog[j] >= p:
                    fwd[j] = 1
                    stack.append(j)
        # back from the fields that lead over the line, never from higher progress
        start = set(g._start)
        bwd = bytearray(n)
        stack = [i for i in g._finish if fwd[i] and any(j in start for j in steps[i])]
        for i in stack:
            bwd[i] = 1
        while stack:
            i = stack.pop()
            p = prog[i]
            for j in into[i]:
                if fwd[j] and not bwd[j] and prog[j] <= p:
                    bwd[j] = 1
                    stack.append(j)
        return fwd, bwd

    def race(self) -> None:
        lost, dead = self.lost, self.dead
        self.groups(
            lost,
            lambda h, more: phrase(N_("the field {h} is not part of the race: a car cannot reach it from the start line "
                                      "driving in the direction of travel{more}"), h=h, more=more),
        )
        self.groups(
            dead,
            lambda h, more: phrase(N_("the field {h} is not part of the race: it is a dead end – a car there cannot drive "
                                      "on round to the start line{more}"), h=h, more=more),
        )

    def groups(self, bad: set[Hex], message: Callable[[Hex, str], str]) -> None:
        """One problem per group of joined bad fields, at the first of them in the file."""
        g = self.graph
        left = set(bad)
        firsts = []
        while left:
            first = min(left, key=lambda h: (self.position(h), g.from_line.get(h, 1 << 30), h))
            group = {first}
            stack = [first]
            while stack:
                h = stack.pop()
                for n in g.neighbours(h):
                    if n in left and n not in group:
                        group.add(n)
                        stack.append(n)
            left -= group
            firsts.append((first, len(group) - 1))
        for h, k in sorted(firsts, key=lambda f: self.position(f[0])):
            more: str = (phrase(N_(" (nor can {k} more fields joined to it)"), k=k) if k > 1 else phrase(N_(" (nor can 1 more field joined to it)"))) if k else ""
            self.at_field(h, message(h, more))

    # the midway field

    def midway(self) -> None:
        midway = Kind.MIDWAY
        mids = [h for h, k in self.track.fields.items() if k is midway]
        if len(mids) > 1:
            mids.sort(key=self.kind_position)
        if not mids:
            self.report(self.place("kinds", "lanes"), phrase(N_("no midway field: mark exactly one field of the track as midway (under kinds)")))
        elif len(mids) > 1:
            self.report(
                self.place(f"kinds.{mids[1]}"),
                phrase(N_("a second midway field {second}: a track has exactly one (the first is {first})"), second=mids[1], first=mids[0]),
            )

    def kind_position(self, h: Hex) -> tuple[int, int, int]:
        """Where a field is marked with its kind (laid by one token: along the path)."""
        p = self.src.places.get(f"kinds.{h}")
        if p is None:
            return (1 << 30, 0, 0)
        laid = [x for x, off in parse_path(p.node.value) if off == p.offset] if isinstance(p.node.value, str) else []
        return (p.node.start_mark.line, p.node.start_mark.column + p.offset, laid.index(h) if h in laid else 0)

    # splits

    def splits(self) -> None:
        t, g = self.track, self.graph
        for i, sp in enumerate(t.splits):
            key = f"splits.{i}"
            ok = True
            parts: list[tuple[str, Hex, str]] = [(phrase(N_("fork")), sp.fork, f"{key}.fork"), (phrase(N_("rejoin")), sp.rejoin, f"{key}.rejoin")]
            parts += [(phrase(N_("branch {name}"), name=repr(name)), h, f"{key}.branch.{name}") for name, h in sp.branches]
            for what, h, pkey in parts:
                if h not in t.fields:
                    self.report(self.place(pkey, key), phrase(N_("the {what} {h} of the split {split} is not a field of the track"), what=what, h=h, split=repr(sp.name)))
                    ok = False
            if len(sp.branches) < 2:
                self.report(self.place(key), phrase(N_("the split {split} needs at least two branches"), split=repr(sp.name)))
                ok = False
            if sp.fork == sp.rejoin:
                self.report(self.place(f"{key}.rejoin", key), phrase(N_("the split {split} forks and rejoins at the same field {fork}"), split=repr(sp.name), fork=sp.fork))
                ok = False
            seen: dict[Hex, str] = {}
            for name, h in sp.branches:
                if h in (sp.fork, sp.rejoin):
                    self.report(
                        self.place(f"{key}.branch.{name}", key),
                        phrase(N_("the branch {branch} of the split {split} is named by its fork or rejoin {h}: name a field inside the branch"),
                               branch=repr(name), split=repr(sp.name), h=h),
                    )
                    ok = False
                elif h in seen:
                    self.report(
                        self.place(f"{key}.branch.{name}", key),
                        phrase(N_("the branches {one} and {other} of the split {split} are named by the same field {h}"),
                               one=repr(seen[h]), other=repr(name), split=repr(sp.name), h=h),
                    )
                    ok = False
                seen[h] = name
            prog = g.progress
            if not ok or not g.closed or any(h not in prog for _, h, _ in parts):
                continue  # reported above, or the field is not part of the race
            self.split_branches(i, key)

    def split_branches(self, i: int, key: str) -> None:
        t, g = self.track, self.graph
        sp = t.splits[i]
        prog, links, nf = g._prog, g._links, len(t.fields)
        fork, rejoin = g._find(sp.fork), g._find(sp.rejoin)
        lo, hi = prog[fork], prog[rejoin]

        def between(x: int) -> bool:
            """Between the fork and the rejoin: a field of progress strictly between theirs (the rows
            level with the fork or the rejoin reach across a wide track, so they belong to no branch)."""
            return x < nf and lo < prog[x] < hi

        def level(x: int) -> bool:
            return prog[x] == lo or prog[x] == hi

        c0, c1, c2, c3, c4, c5 = g._cols
        comp: dict[int, int] = {}
        names: dict[int, str] = {}
        for name, h in sp.branches:
            bplace = self.place(f"{key}.branch.{name}", key)
            if h in self.dead or h in self.lost:
                why = phrase(N_("it is a dead end")) if h in self.dead else phrase(N_("a car cannot reach it from the line"))
                self.report(bplace, phrase(N_("the branch {branch} ({h}) of the split {split} does not lead from the fork {fork} to the rejoin {rejoin}: {why}"),
                                           branch=repr(name), h=h, split=repr(sp.name), fork=sp.fork, rejoin=sp.rejoin, why=why))
                continue
            b = g._find(h)
            if not between(b):
                hint: str = phrase(N_(" – is the rejoin before the fork?")) if hi <= lo else ""
                self.report(
                    bplace,
                    phrase(N_("the branch {branch} ({h}) of the split {split} does not lie between the fork {fork} "
                              "(progress {lo}) and the rejoin {rejoin} (progress {hi}){hint}"),
                           branch=repr(name), h=h, split=repr(sp.name), fork=sp.fork, lo=lo, rejoin=sp.rejoin, hi=hi, hint=hint),
                )
                continue
            if b in comp:
                way = self.way(b, g._find(dict(sp.branches)[names[comp[b]]]), between)
                self.report(
                    bplace,
                    phrase(N_("the branches {one} and {other} of the split {split} are not apart: a car can get from one "
                              "to the other without passing the fork or the rejoin{way}"), one=repr(names[comp[b]]), other=repr(name), split=repr(sp.name), way=way),
                )
                continue
            c = len(names)
            names[c] = name
            comp[b] = c
            stack = [b]
            while stack:
                x = stack.pop()
                for n in (c0[x], c1[x], c2[x], c3[x], c4[x], c5[x]):  # (every connection, `_none` for none)
                    if n < nf and lo < prog[n] < hi and n not in comp:  # (between)
                        comp[n] = c
                        stack.append(n)
            members = {x for x, cc in comp.items() if cc == c}
            if not self.drivable(fork, rejoin, members, level):
                near = members | {x for x in range(len(g.hexes)) if level(x) and any(n in members for n in links(x))}
                if not any(fork in links(x) for x in near):
                    why = phrase(N_("the branch {branch} of the split {split} does not start at the fork {fork}"), branch=repr(name), split=repr(sp.name), fork=sp.fork)
                elif not any(rejoin in links(x) for x in near):
                    why = phrase(N_("the branch {branch} of the split {split} does not lead to the rejoin {rejoin}"), branch=repr(name), split=repr(sp.name), rejoin=sp.rejoin)
                else:
                    why = phrase(N_("the branch {branch} of the split {split} cannot be driven from the fork {fork} to the rejoin {rejoin} in the direction of travel"),
                                 branch=repr(name), split=repr(sp.name), fork=sp.fork, rejoin=sp.rejoin)
                self.report(bplace, why)

    def way(self, to: int, src: int, between: Callable[[int], bool]) -> str:
        """A short description of how two branches touch: the way from field `src` to field `to`."""
        g = self.graph
        back: dict[int, int | None] = {src: None}
        frontier = [src]
        while frontier and to not in back:
            nxt = []
            for x in frontier:
                for n in g._links(x):
                    if between(n) and n not in back:
                        back[n] = x
                        nxt.append(n)
            frontier = nxt
        if to not in back:
            return ""
        path = [to]
        while (prev := back[path[-1]]) is not None:
            path.append(prev)
        path.reverse()
        hexes = [g.hexes[x] for x in path]
        if len(hexes) <= 6:
            return phrase(N_(" (by way of {path})"), path=" → ".join(map(str, hexes)))
        return phrase(N_(" (by way of {path})"), path=f"{' → '.join(map(str, hexes[:3]))} … {' → '.join(map(str, hexes[-3:]))}")

    def drivable(self, fork: int, rejoin: int, branch: set[int], level: Callable[[int], bool]) -> bool:
        """Whether a car can drive from `fork` through `branch` into `rejoin`, never to lower progress
        (passing fields `level` with the fork or the rejoin on the way in and out)."""
        g, prog, none = self.graph, self.graph._prog, self.graph._none
        c0, c1, c2, c3, c4, c5 = g._cols
        arrow = {i: to for i, to in g._arrow.items() if g.hexes[i] not in self.bad_arrows}
        start, finish = g._start_set, g._finish_set
        seen = {(fork, False)}
        stack = [(fork, False)]
        while stack:
            h, inside = stack.pop()
            for n in (arrow[h],) if h in arrow else (c0[h], c1[h], c2[h], c3[h], c4[h], c5[h]):
                if n == none or (h in start and n in finish) or prog[n] < prog[h]:  # (no field; back over the line)
                    continue
                if n == rejoin:
                    if inside:
                        return True
                    continue
                state = (n, inside or n in branch)
                if state not in seen and (n in branch or level(n)):
                    seen.add(state)
                    stack.append(state)
        return False

    # arrows

    def arrows(self) -> None:
        t, g = self.track, self.graph
        for h, d in self.sorted_arrows():
            place = self.place(f"arrows.{h}")
            target = h + DIRECTIONS[d]
            problem = None
            if not g._has(h):
                problem = phrase(N_("the arrow on {h} is not on a field of the track"), h=h)
            elif not g._has(target):
                problem = phrase(N_("the arrow on {h} points off the track: {target} ({direction} of it) is not a field"), h=h, target=target, direction=DIRECTION_NAMES[d])
            elif target not in g.neighbours(h):
                problem = phrase(N_("the arrow on {h} points at {target}, which a car cannot reach from it (the pit lane is joined only at its ends)"), h=h, target=target)
            elif h in g.start and target in g.before_line:
                problem = phrase(N_("the arrow on {h} points back over the start line"), h=h)
            elif g.closed and h in g.progress and target in g.progress and g.progress[target] < g.progress[h]:
                problem = phrase(N_("the arrow on {h} points against the direction of travel: {target} lies behind it "
                                    "(progress {behind} < {here})"), h=h, target=target, behind=g.progress[target], here=g.progress[h])
            if problem:
                self.report(place, problem)
                self.bad_arrows.add(h)

    def arrow_position(self, h: Hex) -> tuple[int, int]:
        p = self.src.places.get(f"arrows.{h}")
        return (1 << 30, 0) if p is None else (p.node.start_mark.line, p.node.start_mark.column)

    def sorted_arrows(self) -> list[tuple[Hex, int]]:
        return sorted(self.track.arrows.items(), key=lambda a: self.arrow_position(a[0]))

    # the pit lane

    def pit_joins(self) -> None:
        t = self.track
        if t.pit is None:
            return
        lane, entry, exit_ = t.pit.fields, t.pit.entry, t.pit.exit
        for a, b in zip(lane, lane[1:]):
            if not neighbours(a, b):
                self.at_field(b, phrase(N_("the pit lane breaks between {a} and {b}: its fields follow one another as neighbours"), a=a, b=b))
                self.pit_joined = False
        for what, h, end, key in (("entry", entry, lane[0], "pit.entry"), ("exit", exit_, lane[-1], "pit.exit")):
            if h not in t.fields:
                self.report(self.place(key, "pit"), phrase(N_("the pit entry {h} is not a field of the track: the pit lane must be joined at both ends")
                                                           if what == "entry" else
                                                           N_("the pit exit {h} is not a field of the track: the pit lane must be joined at both ends"), h=h))
                self.pit_joined = False
            elif not neighbours(h, end):
                self.report(
                    self.place(key, "pit"),
                    phrase(N_("the pit entry {h} is not next to the first field of the pit lane ({end}): the pit lane must be joined at both ends")
                           if what == "entry" else
                           N_("the pit exit {h} is not next to the last field of the pit lane ({end}): the pit lane must be joined at both ends"), h=h, end=end),
                )
                self.pit_joined = False
        if entry == exit_ and self.pit_joined:
            self.report(self.place("pit.exit", "pit"), phrase(N_("the pit lane leaves and rejoins the track at the same field {entry}"), entry=entry))
            self.pit_joined = False

    def pit_direction(self) -> None:
        t, g = self.track, self.graph
        if t.pit is None or not self.pit_joined or not g.closed:
            return
        prog = g.progress
        entry, exit_ = t.pit.entry, t.pit.exit
        if entry in prog and exit_ in prog and prog[exit_] <= prog[entry]:
            self.report(
                self.place("pit.exit", "pit"),
                phrase(N_("the pit exit {exit} (progress {at_exit}) must lie ahead of the entry {entry} "
                          "(progress {at_entry}) in the direction of travel"), exit=exit_, at_exit=prog[exit_], entry=entry, at_entry=prog[entry]),
            )

    # the Le Mans features and labels

    def features(self) -> None:
        t, g = self.track, self.graph
        if t.field42 is not None and not g._has(t.field42):
            self.report(self.place("field42"), phrase(N_("the 42 field {h} is not a field of the track"), h=t.field42))
        for h in t.dunlop:
            if not g._has(h):
                self.report(self.place(f"dunlop.{h}", "dunlop"), phrase(N_("the Dunlop bridge field {h} is not a field of the track"), h=h))
        for i, lb in enumerate(t.labels):
            if not g._has(lb.at):
                self.report(self.place(f"labels.{i}"), phrase(N_("the label {text} is not on a field of the track ({at})"), text=repr(lb.text), at=lb.at))
