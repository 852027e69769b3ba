"""Which fields a lap can reach, for `validate`: hexes as plain pairs, groups of neighbours, and
the fields that lie on no lap visiting no field twice (biconnected blocks, Tarjan's lowpoints).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.track import TrackGraph

OFFSETS = [(d.q, d.r) for d in DIRECTIONS]  # the directions as plain pairs: equal to the `Hex`es, quicker to add


def around(h: tuple[int, int]) -> list[tuple[int, int]]:
    """The six neighbours of a hex, as plain pairs."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in OFFSETS]


def joined(cells: Iterable[Hex]) -> bool:
    """Whether the hexes form one group of neighbours."""
    rest: set[tuple[int, int]] = set(cells)
    if not rest:
        return True
    stack = [rest.pop()]
    while stack:
        h = stack.pop()
        for n in around(h):
            if n in rest:
                rest.remove(n)
                stack.append(n)
    return not rest


def off_the_laps(g: TrackGraph, cells: int) -> list[int]:
    """The fields of the race (numbers below `cells`) that lie on no lap visiting no field twice.

    With a way S to the start fields, a way T from the fields that lead over the line and a way
    S–T, a field lies on such a lap exactly when it lies on a cycle with S–T, that is in the
    biconnected block of S–T. The line's own ways are left out, so a lap cannot cut across it.

    Most fields are at most one step off the shortest lap (`from_line + to_line <= lap_length + 1`):
    their shortest ways from and to the line share no field, so they lie on such a lap, as does every
    field on those ways. They and S and T form the `core`, which no single field cuts apart, and a
    field next to two fields of the core joins it. A field left over lies in the block exactly when
    it lies on a path through left-over fields between two different fields of the core, that is when
    it shares a block with a node Z joined to the fields of the core next to them: Tarjan's lowpoints
    on that small graph tell.
    """
    fl, tl, none = g._fl, g._tl, g._none
    far = g.lap_length + 1
    rest = [i for i, a, b in zip(range(cells), fl, tl) if a >= 0 and (b <= 0 or a + b > far)]
    if not rest:
        return []
    S, T, Z = none + 1, none + 2, none + 3
    start, finish = set(g._start), set(g._finish)
    inside = bytearray(none + 4)  # 1: left over (not yet joined to the core)
    for i in rest:
        inside[i] = 1
    adj: dict[int, Sequence[int]] = {}  # the connections, `none` for no field
    joins: dict[int, int] = {}  # how many fields of the core a field is next to
    c0, c1, c2, c3, c4, c5 = g._cols
    trim = cells < none
    for i in rest:
        a, b, c, d, e, f = c0[i], c1[i], c2[i], c3[i], c4[i], c5[i]
        if i in start or i in finish or trim:
            row: Sequence[int]
            if i in start:  # less the line's own connections (and a pit lane that is not joined)
                row = [j for j in (a, b, c, d, e, f) if j < cells and j not in finish] + [S]
            elif i in finish:
                row = [j for j in (a, b, c, d, e, f) if j < cells and j not in start] + [T]
            else:
                row = [j for j in (a, b, c, d, e, f) if j < cells]
            adj[i] = row
            joins[i] = len(row) - row.count(none) - sum(inside[j] for j in row)
        else:
            adj[i] = (a, b, c, d, e, f)
            joins[i] = (
                6
                - (a == none) - (b == none) - (c == none) - (d == none) - (e == none) - (f == none)
                - inside[a] - inside[b] - inside[c] - inside[d] - inside[e] - inside[f]
            )
    # a field next to two fields of the core joins it (the core stays without a cut field)
    todo = [i for i, k in joins.items() if k >= 2]
    while todo:
        i = todo.pop()
        inside[i] = 0
        for j in adj[i]:
            if inside[j]:
                k = joins[j] + 1
                joins[j] = k
                if k == 2:
                    todo.append(j)
    rest = [i for i in rest if inside[i]]
    if not rest:
        return []
    # the rest, and the fields of the core next to it, each joined to Z
    small = {i: [j for j in adj[i] if j != none] for i in rest}
    core: list[int] = []
    for i in rest:
        for j in small[i]:
            if not inside[j]:
                if j not in small:
                    small[j] = [Z]
                    core.append(j)
                small[j].append(i)
    small[Z] = core
    on = blocks_with(small, Z)
    return [i for i in rest if i not in on]


def blocks_with(adj: dict[int, list[int]], root: int) -> set[int]:
    """The nodes that share a biconnected block with `root` (Tarjan's lowpoints over a depth-first
    tree rooted at it)."""
    # a depth-first tree: a node is visited when popped, its parent is the node that pushed it
    disc: dict[int, int] = {}
    parent: dict[int, int] = {}
    order: list[int] = []
    todo, froms = [root], [root]
    while todo:
        v, p = todo.pop(), froms.pop()
        if v in disc:
            continue
        disc[v] = len(order)
        parent[v] = p
        order.append(v)
        for w in adj[v]:
            if w not in disc:
                todo.append(w)
                froms.append(v)
    # lowpoints, children before parents (the way back to the parent counts too: it never moves a
    # lowpoint below the parent, so it changes no block)
    low = dict(disc)
    for v in reversed(order[1:]):
        lv = min(low[v], min(disc[w] for w in adj[v]))
        low[v] = lv
        p = parent[v]
        if lv < low[p]:
            low[p] = lv
    # each tree edge into v opens a block when nothing below v reaches above its parent; a block is
    # named by the node that opens it, and those opened right below the root hold the root
    top: dict[int, int] = {}
    for v in order[1:]:
        p = parent[v]
        top[v] = v if p == root or low[v] >= disc[p] else top[p]
    return {v for v, b in top.items() if parent[b] == root}


def neighbours(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in OFFSETS
