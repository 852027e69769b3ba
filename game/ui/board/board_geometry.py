"""What a track's picture is made of, worked out once in board units (a hex of size 1 at the origin):
field centres, the direction of travel on every field, the infield, the outline of the cardboard
the track is printed on, the start line's edges. No pygame: the view and the painter read it.
"""
from __future__ import annotations

import math
from collections import OrderedDict, deque
from typing import Hashable, Iterable

from game.hexgrid import DIRECTIONS, ORIENTATIONS, Hex, Layout
from game.hexgrid import distance as hex_distance
from game.racerbile.track import Track
from game.ui.board.board_art import Point


def unit(x: float, y: float) -> Point:
    d = math.hypot(x, y)
    return (x / d, y / d) if d > 1e-9 else (1.0, 0.0)


def smooth(pts: list[Point], window: int = 3, rounds: int = 3) -> list[Point]:
    """A closed outline with its hex scallops averaged away (a soft, rounded cut)."""
    # two points per side first, so the averaging has something to work with
    dense: list[Point] = []
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        dense.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
        dense.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
    pts = dense
    n = len(pts)
    k = 2 * window + 1
    for _ in range(rounds):
        pts = [
            (sum(pts[(i + j) % n][0] for j in range(-window, window + 1)) / k, sum(pts[(i + j) % n][1] for j in range(-window, window + 1)) / k)
            for i in range(n)
        ]
    return pts


class BoardGeometry:
    """What the picture of a track needs, in board units (hex size 1, origin 0,0), derived once."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self.unit = Layout(ORIENTATIONS.get(track.orientation, ORIENTATIONS["pointy"]), (1.0, 1.0))
        self.graph = track.graph
        self.cells = track.all_fields()
        self.pit_cells = frozenset(track.pit.fields) if track.pit else frozenset()
        self.centre = {h: self.unit.to_pixel(h) for h in self.cells}
        # where a label of a size is set near a field (`board_paint`: the spot covering the fewest
        # fields, worked out once – a label keeps its spot in every scene that shows the track)
        self.label_spots: dict[tuple[Hex, int, int], Point] = {}
        self.corner_unit = [self.unit.corner_offset(i) for i in range(6)]
        self.edge_corners = self._edge_corners()
        self.travel = self._travel()
        self.infield = self._infield()
        self.board_hexes = self._board_hexes()
        self.board_loops = [smooth(lp) for lp in self._loops(self.board_hexes)]
        self.infield_loops = self._loops(self.infield) if self.infield else []
        self.start_edges = self._start_edges()
        self.kerb_edges = [
            (h, d) for h in track.fields for d in range(6) if (h + DIRECTIONS[d]) not in self.cells
        ]
        xs = [x for lp in self.board_loops for x, _ in lp] or [0.0]
        ys = [y for lp in self.board_loops for _, y in lp] or [0.0]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))
        fx = [self.centre[h][0] for h in self.cells] or [0.0]
        fy = [self.centre[h][1] for h in self.cells] or [0.0]
        self.field_bbox = (min(fx) - 1, min(fy) - 1, max(fx) + 1, max(fy) + 1)

    def _edge_corners(self) -> list[tuple[int, int]]:
        """For each direction, the two corners (indices) of the side facing that neighbour."""
        out = []
        for d in range(6):
            da = self.unit.direction_angle(d)
            diffs = []
            for i, (cx, cy) in enumerate(self.corner_unit):
                a = math.atan2(cy, cx)
                diffs.append((abs((a - da + math.pi) % (2 * math.pi) - math.pi), i))
            diffs.sort()
            i, j = diffs[0][1], diffs[1][1]
            out.append((i, j) if (j - i) % 6 == 1 else (j, i))
        return out

    def side(self, h: Hex, d: int) -> tuple[Point, Point]:
        """The side of `h` facing direction `d`, as two points in board units."""
        cx, cy = self.unit.to_pixel(h)
        i, j = self.edge_corners[d % 6]
        (ax, ay), (bx, by) = self.corner_unit[i], self.corner_unit[j]
        return (cx + ax, cy + ay), (cx + bx, cy + by)

    def _travel(self) -> dict[Hex, Point]:
        """The direction of travel on each field (unit vectors): the way progress grows fastest,
        fitted over the fields within two steps (so a straight reads straight across all lanes)."""
        prog = self.graph.progress
        period = max(self.graph.lap_length, max(prog.values(), default=0) + 1)
        half = period / 2
        hx, hy = self.unit.to_pixel(DIRECTIONS[self.track.heading % 6])
        heading = unit(hx, hy)
        out: dict[Hex, Point] = {}
        for h in self.track.fields:
            p = prog.get(h)
            if p is None:
                out[h] = heading
                continue
            cx, cy = self.centre[h]
            sxx = sxy = syy = sxp = syp = 0.0
            for n in self._within2(h):
                q = prog.get(n)
                if q is None or n in self.pit_cells:
                    continue
                dp = (q - p + half) % period - half  # across the line: a small step, not a lap
                dx, dy = self.centre[n][0] - cx, self.centre[n][1] - cy
                sxx, sxy, syy = sxx + dx * dx, sxy + dx * dy, syy + dy * dy
                sxp, syp = sxp + dx * dp, syp + dy * dp
            det = sxx * syy - sxy * sxy
            if det > 1e-9:
                gx = (syy * sxp - sxy * syp) / det
                gy = (sxx * syp - sxy * sxp) / det
                out[h] = unit(gx, gy) if abs(gx) + abs(gy) > 1e-9 else heading
            else:
                out[h] = heading
        pit = self.track.pit
        if pit is not None:
            chain = [pit.entry, *pit.fields, pit.exit]
            for i, h in enumerate(pit.fields, start=1):
                a = self.unit.to_pixel(chain[i - 1])
                b = self.unit.to_pixel(chain[i + 1])
                out[h] = unit(b[0] - a[0], b[1] - a[1])
        return out

    def side_by_side(self, a: Hex, b: Hex) -> bool:
        """Whether two fields lie beside each other across the track (two lanes, at most two fields
        apart, more across the direction of travel than along it): where a player sees two cars level."""
        if a == b or a not in self.centre or b not in self.centre or hex_distance(a, b) > 2:
            return False
        (ax, ay), (bx, by) = self.centre[a], self.centre[b]
        tx, ty = self.travel.get(a, (1.0, 0.0))
        dx, dy = bx - ax, by - ay
        along, across = dx * tx + dy * ty, abs(dx * ty - dy * tx)
        return abs(along) < across * 0.75

    def _within2(self, h: Hex) -> list[Hex]:
        out = []
        for dq in range(-2, 3):
            for dr in range(max(-2, -dq - 2), min(2, -dq + 2) + 1):
                n = Hex(h.q + dq, h.r + dr)
                if n != h and n in self.cells:
                    out.append(n)
        return out

    @staticmethod
    def _bounds(hexes: Iterable[Hex], pad: int) -> tuple[int, int, int, int]:
        qs, rs = [], []
        for h in hexes:
            qs.append(h.q)
            rs.append(h.r)
        if not qs:
            return (0, 0, 0, 0)
        return (min(qs) - pad, min(rs) - pad, max(qs) + pad, max(rs) + pad)

    @staticmethod
    def _outside(blocked: frozenset[Hex] | set[Hex], box: tuple[int, int, int, int]) -> set[Hex]:
        """Hexes of the box reachable from its rim without crossing `blocked`."""
        q0, r0, q1, r1 = box
        seen: set[Hex] = set()
        queue: deque[Hex] = deque()
        rim = [Hex(q, r) for q in range(q0, q1 + 1) for r in (r0, r1)]
        rim += [Hex(q, r) for r in range(r0, r1 + 1) for q in (q0, q1)]
        for h in rim:
            if h not in blocked and h not in seen:
                seen.add(h)
                queue.append(h)
        while queue:
            h = queue.popleft()
            for n in h.neighbours():
                if q0 <= n.q <= q1 and r0 <= n.r <= r1 and n not in blocked and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return seen

    def _infield(self) -> frozenset[Hex]:
        """Hexes enclosed by the track (and the pit lane): the infield."""
        if not self.cells:
            return frozenset()
        box = self._bounds(self.cells, 1)
        outside = self._outside(self.cells, box)
        q0, r0, q1, r1 = box
        return frozenset(
            Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if Hex(q, r) not in outside and Hex(q, r) not in self.cells
        )

    def _board_hexes(self) -> frozenset[Hex]:
        """The cardboard: the track, the infield, two hexes around them and the labels, no holes."""
        core = set(self.cells) | set(self.infield) | {lb.at for lb in self.track.labels}
        board = set(core)
        for h in core:
            for n in h.neighbours():
                board.add(n)
                board.update(n.neighbours())
        box = self._bounds(board, 1)
        outside = self._outside(board, box)
        q0, r0, q1, r1 = box
        return frozenset(Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if Hex(q, r) not in outside)

    def _loops(self, hexes: frozenset[Hex]) -> list[list[Point]]:
        """The outlines of a set of hexes as closed polygons (board units)."""
        def key(p: Point) -> tuple[int, int]:
            return (round(p[0] * 1000), round(p[1] * 1000))

        nxt: dict[tuple[int, int], list[tuple[tuple[int, int], Point]]] = {}
        for h in hexes:
            for d in range(6):
                if (h + DIRECTIONS[d]) in hexes:
                    continue
                a, b = self.side(h, d)
                nxt.setdefault(key(a), []).append((key(b), b))
        loops: list[list[Point]] = []
        while nxt:
            start = next(iter(nxt))
            cur = start
            pts: list[Point] = []
            while cur in nxt:
                outs = nxt[cur]
                k, p = outs.pop()
                if not outs:
                    del nxt[cur]
                pts.append(p)
                cur = k
                if cur == start:
                    break
            if len(pts) >= 3:
                loops.append(pts)
        return loops

    def _start_edges(self) -> list[tuple[Point, Point, Point]]:
        """The sides between the start fields and the fields just before the line, with the normal
        pointing across the line in the direction of travel."""
        out = []
        start = set(self.track.start)
        before = self.graph.before_line
        for h in self.track.start:
            for d in range(6):
                n = h + DIRECTIONS[d]
                if n in before and n not in start:
                    a, b = self.side(h, d)
                    ch, cn = self.unit.to_pixel(h), self.unit.to_pixel(n)
                    out.append((a, b, unit(ch[0] - cn[0], ch[1] - cn[1])))
        return out


_MADE: OrderedDict[Hashable, BoardGeometry] = OrderedDict()
KEPT = 4  # geometries kept (a few tracks, an editor's last drafts)


def geometry(track: Track) -> BoardGeometry:
    """The geometry of `track`, made once per track as it is (~0.1 s for a big one: every scene that
    shows the track – the race, a replay, the menu's preview – opened again takes it as it was made;
    its shapes never change once made; it keeps where labels were set)."""
    key = (track.name, track.orientation, tuple(track.fields.items()), track.start, track.heading,
           tuple(track.arrows.items()), track.splits, track.pit, track.field42, track.dunlop, track.labels)
    got = _MADE.get(key)
    if got is None:
        got = _MADE[key] = BoardGeometry(track)
        while len(_MADE) > KEPT:
            _MADE.popitem(last=False)
    else:
        _MADE.move_to_end(key)
    return got

