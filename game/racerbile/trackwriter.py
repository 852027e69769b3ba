"""Writing a track as YAML in the format of docs/tracks.md – the inverse of `trackfile`.

`dump_track(track)` gives a readable file that reads back to the same track (the same content
hash), the same text for the same track, and a small change of text for a small change of track:

- the keys come in a fixed order (format, name, author, orientation, theme, lanes, kinds, start,
  arrows, splits, pit, lemans, labels); sections with nothing in them are left out (and the author
  when it is the reader's "unknown");
- the fields are written as paths (see `paths`): the track is cut into straight runs – each field
  joins the straight line with the most fields near it (`REACH`), so a 3-wide straight is three
  runs – and runs that continue one another smoothly are joined into long paths, driven in the
  direction of travel where the track has one (a closed loop): lanes, as a person would write
  them. A field more or less changes the runs and joins near it only: a few lines;
- paths are listed in driving order (by the progress of their first field), then by row;
- kinds, bridge and start fields are paths too; arrows and labels one to a line; texts are
  quoted where YAML needs it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import AbstractSet, Iterable, Mapping, Sequence

import yaml

from game.hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex
from game.racerbile.track import Kind, Track
from game.racerbile.trackfile import format_path
from game.yamlio import load_safely

_AXES = DIRECTIONS[:3]  # e, ne, nw: the three straight lines through a hex
REACH = 3  # a field joins the straight line with the most fields within this many steps of it
_KIND_ORDER = (Kind.MIDWAY, Kind.BLOCKING, Kind.DOWNSHIFT)
_FAR = 1 << 40
_new = tuple.__new__  # `_new(Hex, (q, r))`: a Hex without the named tuple's slower constructor


@lru_cache(maxsize=4096)
def quote(text: str, flow: bool = False) -> str:
    """A text as a YAML scalar that reads back as the same text: plain where YAML allows it,
    quoted otherwise (inside [ ] or { } when `flow`), always on one line."""
    out = yaml.safe_dump([text] if flow else text, allow_unicode=True, width=1 << 30, default_flow_style=flow)
    out = out.removesuffix("\n").removesuffix("\n...").strip()
    if flow:
        out = out[1:-1].strip()
    if "\n" in out or not _reads_back(out, text, flow):
        out = yaml.safe_dump(text, allow_unicode=True, width=1 << 30, default_style='"').strip()
        out = out.removesuffix("\n...").strip()
    return out


def _reads_back(scalar: str, text: str, flow: bool) -> bool:
    """Whether YAML reads the scalar back as the text (PyYAML's emitter leaves some odd spaces plain)."""
    try:
        got = load_safely(f"[{scalar}]" if flow else f"v: {scalar}")  # as the reader reads it (YAML 1.2 floats too)
    except yaml.YAMLError:
        return False
    value = got[0] if flow else got["v"]
    return isinstance(value, str) and value == text


@lru_cache(maxsize=4096)
def _label(at: str, text: str) -> str:
    """A label as a flow mapping on one line."""
    return f'{{at: "{at}", text: {quote(text, flow=True)}}}'


class _Order:
    """Where a field lies along the track: its progress (when the track has one) and its row."""

    def __init__(self, track: Track) -> None:
        g = track.graph
        self.progress: Mapping[Hex, int] = g.progress if g.closed else {}
        self.start = g.start
        self.before = g.before_line

    def key(self, h: Hex) -> tuple[int, int, int]:
        return (self.progress.get(h, _FAR), h[1], h[0])

    def over_line(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether a step from `a` to `b` crosses the start line (either way)."""
        return (a in self.before and b in self.start) or (a in self.start and b in self.before)

    def step(self, a: Hex, b: Hex) -> int:
        """+1 if b lies ahead of a along the direction of travel, -1 if behind, 0 if level or unknown."""
        pa, pb = self.progress.get(a), self.progress.get(b)
        if pa is None or pb is None or pa == pb:
            return 0
        return 1 if pb > pa else -1


def _runs(cells: AbstractSet[tuple[int, int]], order: _Order) -> list[list[Hex]]:
    """The cells cut into straight runs: each joins the longest straight line of cells through it
    (the first axis of e, ne, nw on a tie), a run being a line of cells that joined the same axis.
    No run crosses the start line. (Hexes as plain pairs inside: equal to `Hex`es, quicker.)"""
    line_cells = order.start | order.before  # only steps between these can cross the line
    cut = order.over_line
    length: list[dict[tuple[int, int], int]] = []
    for dq, dr in _AXES:
        ln: dict[tuple[int, int], int] = {}
        for h in cells:
            q, r = h
            p: tuple[int, int] = (q - dq, r - dr)
            if p in cells and not (h in line_cells and cut(p, h)):
                continue
            line: list[tuple[int, int]] = [h]
            while (n := (q + dq, r + dr)) in cells and not (n in line_cells and cut((q, r), n)):
                line.append(n)
                q, r = n
            k = len(line) - 1
            for i, x in enumerate(line):  # the fields of the line within REACH of x
                ln[x] = (i if i < REACH else REACH) + (k - i if k - i < REACH else REACH)
        length.append(ln)
    l0, l1, l2 = length
    axis: dict[tuple[int, int], int] = {}
    for h in cells:
        a, b, c = l0[h], l1[h], l2[h]
        axis[h] = 0 if a >= b and a >= c else 1 if b >= c else 2
    runs = []
    for h, a in axis.items():
        dq, dr = _AXES[a]
        q, r = h
        p = (q - dq, r - dr)
        if axis.get(p) == a and not (h in line_cells and cut(p, h)):
            continue
        run: list[tuple[int, int]] = [h]
        while axis.get(n := (q + dq, r + dr)) == a and not (n in line_cells and cut((q, r), n)):
            run.append(n)
            q, r = n
        runs.append([_new(Hex, x) for x in run])
    runs.sort(key=lambda r: (r[0][1], r[0][0], _direction(r[0], r[1]) if len(r) > 1 else -1))  # (whatever the order of the set)
    return runs


def _turn(a: int, b: int) -> int:
    """How sharp the turn from direction a to b is: 0 (straight on) … 3 (back)."""
    t = (b - a) % 6
    return min(t, 6 - t)


def _direction(a: Hex, b: Hex) -> int | None:
    d = (b[0] - a[0], b[1] - a[1])
    for i, x in enumerate(DIRECTIONS):
        if (x[0], x[1]) == d:
            return i
    return None


def paths(cells: Iterable[Hex], order: _Order) -> list[list[Hex]]:
    """The cells as paths (chains of neighbours), each cell on exactly one, in driving order.

    The straight runs (`_runs`, never over the start line) are turned along the direction of travel
    where the progress tells (else either way will do). Then ends of runs that lie side by side
    are joined, the smoothest joins first: a turn of at most 60° on each side of a join (a single
    field turns at most 60° in all), never over the start line, never round into a ring, and
    only where the runs joined so far agree on the direction of travel. Joins are made between
    neighbours only, so a change of one field changes the joins round it. A path reads in the
    direction of travel, or (without one) from its end nearer the top.
    """
    runs: list[list[Hex]] = []
    directed: list[bool] = []
    for hexes in _runs(set(cells), order):
        vote = sum(order.step(a, b) for a, b in zip(hexes, hexes[1:]))
        runs.append(hexes[::-1] if vote < 0 else hexes)
        directed.append(vote != 0)
    # the ends ("ports") of the runs: (run, 0) its first field, (run, 1) its last; a single field has both
    at: dict[Hex, list[tuple[int, int]]] = {}
    for i, r in enumerate(runs):
        at.setdefault(r[0], []).append((i, 0))
        at.setdefault(r[-1], []).append((i, 1))

    def outward(i: int, end: int) -> int | None:
        """The direction leaving run i at that end (None for a single field)."""
        r = runs[i]
        if len(r) < 2:
            return None
        return _direction(r[-2], r[-1]) if end else _direction(r[1], r[0])

    joins: list[tuple[int, int, int, int, int, int, int, int, int, int]] = []
    for x, ports in at.items():
        for d, (dq, dr) in enumerate(DIRECTIONS):
            y = _new(Hex, (x[0] + dq, x[1] + dr))
            others = at.get(y)
            if not others or (x[1], x[0]) > (y[1], y[0]) or order.over_line(x, y):  # (each pair once)
                continue
            for i, e in ports:
                for j, f in others:
                    if i == j:
                        continue
                    wi, wj = outward(i, e), outward(j, f)
                    ti = 1 if wi is None else _turn(wi, d)
                    tj = 1 if wj is None else _turn(d, (wj + 3) % 6)
                    if ti <= 1 and tj <= 1:
                        joins.append((ti + tj, x[1], x[0], e, y[1], y[0], f, d, i, j))
    joins.sort()
    # runs joined so far form groups; each run's way relative to its group's first (`parity`), and
    # whether that way is the direction of travel (`travel`: 1 yes, -1 against, 0 not known)
    root = list(range(len(runs)))
    parity = [1] * len(runs)
    travel = [1 if dr else 0 for dr in directed]

    def find(i: int) -> tuple[int, int]:
        p = 1
        while root[i] != i:
            p *= parity[i]
            i = root[i]
        return i, p

    link: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}  # port → the port it is joined to, and the step out
    for _cost, xr, xq, e, yr, yq, f, d, i, j in joins:
        if (i, e) in link or (j, f) in link:
            continue
        (ri, pi), (rj, pj) = find(i), find(j)
        if ri == rj:
            continue  # never round into a ring
        # a single field goes on at most 60° from the way it was entered
        if len(runs[i]) == 1 and (i, 1 - e) in link and _turn((link[(i, 1 - e)][1] + 3) % 6, d) > 1:
            continue
        if len(runs[j]) == 1 and (j, 1 - f) in link and _turn(d, link[(j, 1 - f)][1]) > 1:
            continue
        # the joined path, driven from x to y, runs along i if it leaves i by its last field and
        # along j if it enters j by its first: both groups and the step must agree on the direction of travel
        ci = (1 if e == 1 else -1) * pi
        cj = (1 if f == 0 else -1) * pj
        says = [t for t in (travel[ri] * ci, travel[rj] * cj, order.step(_new(Hex, (xq, xr)), _new(Hex, (yq, yr)))) if t]
        if says and min(says) != max(says):
            continue
        root[rj], parity[rj] = ri, ci * cj
        travel[ri] = says[0] * ci if says else 0
        link[(i, e)] = ((j, f), d)
        link[(j, f)] = ((i, e), (d + 3) % 6)
    # walk the chains: from a run with an end left free, then what is left (rings), from its first run
    seen: set[int] = set()
    out: list[list[Hex]] = []

    def walk(i: int, enter: int) -> list[Hex]:
        path: list[Hex] = []
        while True:
            seen.add(i)
            r = runs[i]
            path += r if enter == 0 else r[::-1]
            nxt = link.get((i, 1 - enter))
            if nxt is None or nxt[0][0] in seen:
                return path
            i, enter = nxt[0]

    for i in range(len(runs)):
        if i not in seen and ((i, 0) not in link or (i, 1) not in link):
            out.append(walk(i, 0 if (i, 0) not in link else 1))
    for i in range(len(runs)):
        if i not in seen:
            out.append(walk(i, 0))
    for n, path in enumerate(out):
        vote = sum(order.step(a, b) for a, b in zip(path, path[1:]))
        if vote < 0 or (vote == 0 and (path[-1][1], path[-1][0]) < (path[0][1], path[0][0])):
            out[n] = path[::-1]
    out.sort(key=lambda p: order.key(p[0]))
    return out


def _chains(hexes: Sequence[Hex]) -> list[list[Hex]]:
    """Hexes in their order, cut where one is not a neighbour of the one before."""
    out: list[list[Hex]] = []
    for h in hexes:
        if out and _direction(out[-1][-1], h) is not None:
            out[-1].append(h)
        else:
            out.append([h])
    return out


def _path_value(chains: list[list[Hex]], indent: str) -> list[str]:
    """A value of paths: ` PATH` on the key's line for one, a block list below it for more."""
    if len(chains) == 1:
        return [" " + format_path(chains[0])]
    return [""] + [f"{indent}- {format_path(c)}" for c in chains]


def dump_track(track: Track) -> str:
    """The track as the text of a track file (see the module docstring)."""
    order = _Order(track)
    lines = ["format: " + str(track.format), "name: " + quote(track.name)]
    if track.author != "unknown":
        lines.append("author: " + quote(track.author))
    lines += ["orientation: " + track.orientation, "theme: " + track.theme]
    lanes = paths(track.fields, order)
    lines.append("lanes:" + ("" if lanes else " []"))
    lines += [f"  - {format_path(p)}" for p in lanes]
    kinds = [(k, [h for h, kk in track.fields.items() if kk is k]) for k in _KIND_ORDER]
    kinds = [(k, hs) for k, hs in kinds if hs]
    if kinds:
        lines.append("kinds:")
        for k, hs in kinds:
            ps = paths(hs, order)
            if k is Kind.MIDWAY and len(ps) == 1:  # (one, as a rule)
                lines.append(f"  {k.value}: {format_path(ps[0])}")
            else:  # a list, so that one more is one more line
                lines.append(f"  {k.value}:")
                lines += [f"    - {format_path(p)}" for p in ps]
    lines.append("start:")
    start = _chains(track.start)
    if start:
        sv = _path_value(start, "    ")
        lines += ["  fields:" + sv[0]] + sv[1:]
    else:
        lines.append("  fields: []")
    lines.append("  heading: " + DIRECTION_NAMES[track.heading % 6])
    if track.arrows:
        lines.append("arrows:")
        for h in sorted(track.arrows, key=order.key):
            lines.append(f'  "{h}": {DIRECTION_NAMES[track.arrows[h] % 6]}')
    if track.splits:
        lines.append("splits:")
        for s in track.splits:
            lines += [f"  - name: {quote(s.name)}", f"    fork: {s.fork}", "    branches:" + ("" if s.branches else " {}")]
            lines += [f"      {quote(name)}: {h}" for name, h in s.branches]
            lines.append(f"    rejoin: {s.rejoin}")
    if track.pit is not None:
        lines.append("pit:")
        pv = _path_value(_chains(track.pit.fields), "    ") if track.pit.fields else [" []"]
        lines += ["  lane:" + pv[0]] + pv[1:]
        lines += [f"  entry: {track.pit.entry}", f"  exit: {track.pit.exit}"]
    if track.field42 is not None or track.dunlop:
        lines.append("lemans:")
        if track.field42 is not None:
            lines.append(f"  field42: {track.field42}")
        if track.dunlop:
            dv = _path_value(_chains(track.dunlop), "    ")
            lines += ["  dunlop:" + dv[0]] + dv[1:]
    if track.labels:
        lines.append("labels:")
        lines += ["  - " + _label(str(lb.at), lb.text) for lb in track.labels]
    return "\n".join(lines) + "\n"
