"""The shipped tracks (`tracks/*.yaml`): every one loads and validates, is a closed loop whose
progress covers every field, is at least two lanes wide everywhere (a car can always drive round a
blocked or full field), has exactly one midway field and a stable content hash; and each has the
features it was made for (Le Mans: pit lane, 42 field, Dunlop bridge, a split and the long
Mulsanne Straight; Stalinbanen: red, full of blocking fields; Nåleøjet: splits and arrows).
"""
from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.track import Kind, Track, TrackGraph
from game.racerbile.trackfile import read_track

TRACKS = Path(__file__).resolve().parents[2] / "tracks"
SHIPPED = {
    # name: (fewest fields, most fields) as designed
    "babybane": (80, 140),
    "le_mans": (400, 900),
    "stalinbanen": (150, 300),
    "naaleoejet": (150, 350),
}


def load(name: str) -> Track:
    return read_track(TRACKS / f"{name}.yaml").track


def test_every_shipped_track_is_tested() -> None:
    assert {p.stem for p in TRACKS.glob("*.yaml")} == set(SHIPPED)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_loads_as_a_closed_loop_of_the_designed_size(name: str) -> None:
    t = load(name)
    g = t.graph
    lo, hi = SHIPPED[name]
    assert lo <= len(t.fields) <= hi
    assert getattr(g, "closed", True)
    assert set(g.progress) == set(t.all_fields()), "every field (pit lane included) has progress"
    assert g.lap_length >= 40
    assert sorted({g.progress[h] for h in t.fields}) == list(range(g.lap_length))


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_validates(name: str) -> None:
    validate = pytest.importorskip("game.racerbile.validate").validate
    problems = validate(read_track(TRACKS / f"{name}.yaml"))
    assert [str(p) for p in problems] == []


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_exactly_one_midway_field(name: str) -> None:
    t = load(name)
    mids = [h for h, k in t.fields.items() if k is Kind.MIDWAY]
    assert len(mids) == 1
    # and it is about half-way round
    assert abs(t.graph.progress[mids[0]] - t.graph.lap_length / 2) <= t.graph.lap_length / 8


def _steps(t: Track, g: TrackGraph, h: Hex) -> list[tuple[Hex, int]]:
    """The steps a car may take from h, with the change of progress counted over the line."""
    p, lap = g.progress, g.lap_length
    out = []
    for n in g.successors(h):
        if n not in p:
            continue
        if h in g.before_line and n in g.start:
            out.append((n, p[n] + lap - p[h]))
        elif p[n] >= p[h]:
            out.append((n, p[n] - p[h]))
    return out


def _round(t: Track, g: TrackGraph, x: Hex) -> bool:
    """Whether a car coming from behind can drive round the field x (blocked, or full with two caps):
    from some field that leads to x, on to a field beyond x without passing x."""
    p = g.progress
    sources = [(y, d) for y in g.predecessors(x) if y != x for (n, d) in _steps(t, g, y) if n == x]
    for y, dist in sources:
        # progress measured from y; x lies `dist` ahead
        seen = {y}
        todo = deque([(y, 0)])
        while todo:
            h, v = todo.popleft()
            for n, d in _steps(t, g, h):
                if n == x or n in seen:
                    continue
                if v + d > dist:
                    return True
                seen.add(n)
                todo.append((n, v + d))
    return not sources and bool(p)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_at_least_two_lanes_everywhere(name: str) -> None:
    t = load(name)
    g = t.graph
    p = g.progress
    rows: dict[int, int] = {}
    for h in t.fields:
        rows[p[h]] = rows.get(p[h], 0) + 1
    assert min(rows.values()) >= 2, "every row across the track has two fields or more"
    lonely = [h for h in t.fields if not any(n in t.fields and p[n] == p[h] for n in g.neighbours(h))]
    assert lonely == [], "every field has a neighbour beside it (in another lane, level with it)"
    narrow = [h for h in t.fields if not _round(t, g, h)]
    assert narrow == [], f"cannot drive round {narrow[:5]}"


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_content_hash_is_stable(name: str) -> None:
    a, b = load(name), load(name)
    assert a.content_hash == b.content_hash
    assert len(a.content_hash) == 64 and int(a.content_hash, 16) >= 0
    assert len({load(n).content_hash for n in SHIPPED}) == len(SHIPPED)


def _longest_straight(t: Track) -> int:
    """The most fields in a row in one direction, each one step further on than the last."""
    p = t.graph.progress
    best = 0
    for h in t.fields:
        for d in DIRECTIONS:
            back = h - d
            if back in t.fields and p[back] + 1 == p[h]:
                continue  # not where a straight begins
            n, c = 1, h
            while (c + d) in t.fields and p[c + d] == p[c] + 1:
                n, c = n + 1, c + d
            best = max(best, n)
    return best


def test_le_mans() -> None:
    t = load("le_mans")
    g = t.graph
    assert t.theme == "lemans"
    assert t.pit is not None and len(t.pit.fields) >= 5
    assert t.pit.entry in t.fields and t.pit.exit in t.fields
    assert g.progress[t.pit.exit] > g.progress[t.pit.entry]
    assert t.field42 is not None and t.field42 in t.fields
    assert len(t.dunlop) >= 2 and all(h in t.fields for h in t.dunlop)
    assert len({g.progress[h] for h in t.dunlop}) <= 2, "the bridge spans the track"
    assert len(t.splits) >= 1
    assert _longest_straight(t) >= 25, "the Mulsanne Straight: 10–12 is safe there"
    kinds = list(t.fields.values())
    assert kinds.count(Kind.DOWNSHIFT) >= 4 and kinds.count(Kind.BLOCKING) >= 4
    texts = {lb.text for lb in t.labels}
    assert {"Mulsanne Straight", "Arnage", "Tertre Rouge", "Dunlop curve"} <= texts


def test_le_mans_chicanes_cannot_be_taken_flat_out() -> None:
    """Nowhere on the Mulsanne Straight does a straight line of 10 or more fields lead through a
    chicane: a car on 10–12 (no turning) leaves the track there."""
    t = load("le_mans")
    p = t.graph.progress
    by_name = {lb.text: lb.at for lb in t.labels}
    for chicane in ("Chicane 1", "Chicane 2"):
        at = p[by_name[chicane]]
        for h in t.fields:
            if not at - 12 <= p[h] < at - 3:
                continue
            for d in DIRECTIONS:
                c, n = h, 0
                while (c + d) in t.fields and p[c + d] >= p[c] and n < 12:
                    c, n = c + d, n + 1
                assert not (n >= 10 and p[c] > at + 3), f"{chicane}: flat out from {h}"


def test_stalinbanen() -> None:
    t = load("stalinbanen")
    assert t.theme == "stalin"
    blocking = [h for h, k in t.fields.items() if k is Kind.BLOCKING]
    assert len(blocking) >= 8
    # never two blocking fields side by side: two blocked caps would close the track
    assert not any((b - a) in DIRECTIONS for a in blocking for b in blocking)


def test_naaleoejet() -> None:
    t = load("naaleoejet")
    g = t.graph
    assert len(t.splits) >= 2 and t.arrows
    for h, d in t.arrows.items():
        target = h + DIRECTIONS[d]
        assert target in t.fields and g.progress[target] >= g.progress[h]
