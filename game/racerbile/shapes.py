"""Shapes for the editor's tools, in hexes: a stroke, a lane 1–3 wide along a stroke, a rectangle,
a flood fill. Pure geometry: they return hexes and change nothing.

Directions turn counter-clockwise on screen with their index (`game.hexgrid.DIRECTIONS`), so the
*left* of a direction d lies towards d + 1 … d + 2: the left of a stroke driven east is north
(the screen's top), whichever way the hexes are drawn (pointy or flat tops).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.hexgrid import DIRECTIONS, Hex, line

if TYPE_CHECKING:
    from game.racerbile.draft import Draft
    from game.racerbile.track import Kind

MAX_WIDTH = 3


def stroke(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from `a` to `b`, both included (neighbour after neighbour)."""
    return line(Hex(*a), Hex(*b))


def chain(hexes: Sequence[Hex]) -> list[Hex]:
    """The hexes as a chain of neighbours: repeats in a row dropped, a gap filled with a straight
    line (a mouse that skipped hexes)."""
    out: list[Hex] = []
    for h in hexes:
        h = Hex(*h)
        if not out:
            out.append(h)
        elif h != out[-1]:
            out += line(out[-1], h)[1:]
    return out


def _direction(a: Hex, b: Hex) -> int | None:
    d = (b[0] - a[0], b[1] - a[1])
    for i, x in enumerate(DIRECTIONS):
        if (x[0], x[1]) == d:
            return i
    return None


def _left_of(row: list[Hex], closed: bool) -> list[Hex]:
    """The hexes next to a chain on its left, in the chain's order.

    At each hex the neighbours between the way it came in and the way it goes on are swept
    clockwise, from the one back-left to the one front-left: a straight adds two (shared with the
    next hex), a right bend (the left side outside) up to four, a left bend (inside) one or none –
    so the new row runs on without a gap round a bend, and it overlaps where the chain is sharp.
    """
    n = len(row)
    out: list[Hex] = []
    for i, h in enumerate(row):
        prev = row[i - 1] if i > 0 or closed else None
        nxt = row[(i + 1) % n] if i < n - 1 or closed else None
        d_in = _direction(prev, h) if prev is not None else None
        d_out = _direction(h, nxt) if nxt is not None else None
        if d_in is None and d_out is None:
            continue
        if d_in is None:
            d_in = d_out
        if d_out is None:
            d_out = d_in
        assert d_in is not None and d_out is not None
        # from back-left (d_in + 2) down to front-left (d_out + 1), clockwise
        turn = (d_out - d_in) % 6
        k = -1 if turn in (2, 3) else (d_in + 1 - d_out) % 6  # a sharp left or a U-turn: nothing
        for j in range(k + 1):
            x = h + DIRECTIONS[(d_in + 2 - j) % 6]
            if not out or out[-1] != x:
                out.append(x)
    if closed and len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


SMOOTH = 1.2  # how far (hex units: neighbours lie √3 apart) a hand may wander off the line it means


def _xy(h: Hex) -> tuple[float, float]:
    """A hex's centre in a plane where neighbours lie √3 apart (distances as on screen)."""
    return (_R3 * (h[0] + h[1] / 2.0), 1.5 * h[1])


_R3 = 3.0**0.5


def _simplify(pts: list[Hex], eps: float) -> list[Hex]:
    """The corners of a path that stay within `eps` of it (Ramer–Douglas–Peucker, not recursive)."""
    if len(pts) < 3:
        return list(pts)
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    todo = [(0, len(pts) - 1)]
    while todo:
        i, j = todo.pop()
        (ax, ay), (bx, by) = _xy(pts[i]), _xy(pts[j])
        dx, dy = bx - ax, by - ay
        ln = (dx * dx + dy * dy) ** 0.5
        far, at = 0.0, -1
        for k in range(i + 1, j):
            px, py = _xy(pts[k])
            d = abs(dx * (ay - py) - dy * (ax - px)) / ln if ln > 1e-9 else ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            if d > far:
                far, at = d, k
        if at >= 0 and far > eps:
            keep[at] = True
            todo += [(i, at), (at, j)]
    return [h for h, k in zip(pts, keep) if k]


def centreline(stroke: Sequence[Hex], smooth: float = SMOOTH) -> list[Hex]:
    """The line a hand-drawn stroke means: its wobbles (a hex off the line and back, a zigzag
    between two rows) straightened, drawn again as straight chains of neighbours between the
    corners the hand meant. A closed stroke stays closed."""
    row = chain(stroke)
    if len(row) < 3:
        return row
    # a ring: simplified as two halves, so that the start is no corner of its own
    closed = row[-1] == row[0] or _direction(row[-1], row[0]) is not None
    if closed and len(row) > 6:
        mid = len(row) // 2
        corners = _simplify(row[: mid + 1], smooth)[:-1] + _simplify(row[mid:] + [row[0]], smooth)
    else:
        corners = _simplify(row, smooth)
    line_ = chain(corners)
    if closed and len(line_) > 1 and line_[-1] == line_[0]:
        line_.pop()
    return _thin(line_, closed)


def _thin(row: list[Hex], closed: bool) -> list[Hex]:
    """The chain one hex thick: a hex whose neighbours in the chain touch each other (a corner
    cut across three hexes, a step back and forth) is dropped, until there is none."""
    changed = True
    while changed and len(row) > 3:
        changed = False
        out: list[Hex] = []
        n = len(row)
        for i, h in enumerate(row):
            prev = out[-1] if out else (row[-1] if closed else None)
            nxt = row[(i + 1) % n] if (i < n - 1 or closed) else None
            if prev is not None and nxt is not None and (prev == nxt or _direction(prev, nxt) is not None) and len(out) + n - i > 4:
                changed = True
                continue
            out.append(h)
        row = chain(out)
        if closed and len(row) > 1 and row[-1] == row[0]:
            row.pop()
    return row


def lane(stroke: Sequence[Hex], width: int) -> list[Hex]:
    """A stretch of track `width` (1–3) lanes wide along a stroke (a chain of neighbouring hexes;
    gaps are filled with straight lines): the stroke itself and `width - 1` lanes beside it on its
    LEFT (see the module docstring), each lane following the one before it round the bends. A
    stroke that ends next to (or on) its start is taken as a closed ring. The hexes come lane by
    lane, each in the stroke's order, each once.
    """
    if not 1 <= width <= MAX_WIDTH:
        raise ValueError(f"a lane is 1 to {MAX_WIDTH} wide, not {width}")
    row = centreline(stroke)
    if not row:
        return []
    closed = len(row) > 2 and (row[-1] == row[0] or _direction(row[-1], row[0]) is not None)
    if closed and row[-1] == row[0]:
        row.pop()
    seen = dict.fromkeys(row)
    for _ in range(width - 1):
        new = [h for h in _left_of(row, closed) if h not in seen]
        seen.update(dict.fromkeys(new))
        row = list(dict.fromkeys(new))
        if not row:
            break
    return list(seen)


def rect(a: Hex, b: Hex, orientation: str = "pointy") -> list[Hex]:
    """The hexes of the rectangle (as drawn on screen) spanned by two corners: rows of hexes with
    pointy tops, columns with flat tops; row by row (column by column)."""
    a, b = Hex(*a), Hex(*b)
    if orientation == "flat":  # columns q, offset r
        q0, q1 = sorted((a.q, b.q))
        rows = sorted((a.r + (a.q - (a.q & 1)) // 2, b.r + (b.q - (b.q & 1)) // 2))
        return [Hex(q, row - (q - (q & 1)) // 2) for q in range(q0, q1 + 1) for row in range(rows[0], rows[1] + 1)]
    r0, r1 = sorted((a.r, b.r))
    cols = sorted((a.q + (a.r - (a.r & 1)) // 2, b.q + (b.r - (b.r & 1)) // 2))
    return [Hex(col - (r - (r & 1)) // 2, r) for r in range(r0, r1 + 1) for col in range(cols[0], cols[1] + 1)]


def fill(seed: Hex, draft: Draft, kind: Kind) -> list[Hex]:
    """A flood fill from `seed`.

    On a field: the connected fields of the seed's kind (to be re-kinded `kind`; none if they are
    of that kind already). On an empty hex: the connected empty hexes, not crossing a field (pit
    lane included) nor leaving the fields' bounding hexagon (the hexes within the fields' least and
    greatest q, r and s) – so inside a ring, its infield; none outside the bounding hexagon.
    """
    seed = Hex(*seed)
    fields = draft.fields
    if seed in fields:
        own = fields[seed]
        if own == kind:
            return []
        out, todo, seen = [], [seed], {seed}
        while todo:
            h = todo.pop()
            out.append(h)
            for n in h.neighbours():
                if n not in seen and fields.get(n) == own:
                    seen.add(n)
                    todo.append(n)
        return sorted(out)
    taken = draft.occupied()
    if seed in taken or not taken:
        return []
    qs = [h.q for h in taken]
    rs = [h.r for h in taken]
    ss = [-h.q - h.r for h in taken]
    lo_q, hi_q, lo_r, hi_r, lo_s, hi_s = min(qs), max(qs), min(rs), max(rs), min(ss), max(ss)

    def inside(h: Hex) -> bool:
        return lo_q <= h.q <= hi_q and lo_r <= h.r <= hi_r and lo_s <= -h.q - h.r <= hi_s

    if not inside(seed):
        return []
    out, todo, seen = [], [seed], {seed}
    while todo:
        h = todo.pop()
        out.append(h)
        for n in h.neighbours():
            if n not in seen and n not in taken and inside(n):
                seen.add(n)
                todo.append(n)
    return sorted(out)
