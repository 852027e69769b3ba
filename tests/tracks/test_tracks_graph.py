"""The track graph: connections, steps and progress along the direction of travel."""
from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, Hex, ring, rotate
from game.racerbile.trackfile import format_path, parse_path, read_track, track_from_text
from game.racerbile.validate import validate

ROOT = Path(__file__).resolve().parents[2]
GOOD = sorted((ROOT / "tests/data/tracks").glob("*.yaml"))


def lanes_of(path: Path) -> list[list[Hex]]:
    """The lanes of a track file as written (our test tracks write them in driving order)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [[h for h, _ in parse_path(lane)] for lane in data["lanes"]]


def test_progress_never_falls_along_a_lane_driven_the_right_way() -> None:
    for path in GOOD:
        track = read_track(path).track
        g = track.graph
        assert g.closed
        for lane in lanes_of(path):
            for a, b in zip(lane, lane[1:]):
                if b in g.start:  # over the line
                    continue
                assert g.progress[b] >= g.progress[a], (path.name, a, b)


def test_progress_spans_the_lap_and_starts_at_zero() -> None:
    for path in GOOD:
        g = read_track(path).track.graph
        assert set(g.progress) == set(g.cells)
        assert all(g.progress[h] == 0 for h in g.start)
        assert min(g.progress.values()) == 0 and max(g.progress.values()) == g.lap_length - 1
        assert any(g.progress[h] == g.lap_length - 1 for h in g.finishers)


def test_both_branches_of_an_uneven_split_climb_to_the_rejoin() -> None:
    g = read_track(ROOT / "tests/data/tracks/full.yaml").track.graph
    over = [h for h, _ in parse_path("6,0 ne3 e4 se3")]  # the long way, 10 steps to the rejoin
    under = [h for h, _ in parse_path("6,0 se e6 ne")]  # the short way, 8 steps
    for way in (over, under):
        assert way[-1] == Hex(13, 0)
        ps = [g.progress[h] for h in way]
        assert ps == sorted(ps), ps
    assert g.progress[Hex(13, 0)] > g.progress[Hex(6, 0)]


def test_the_pit_lane_is_joined_only_at_its_ends_and_climbs() -> None:
    track = read_track(ROOT / "tests/data/tracks/full.yaml").track
    g = track.graph
    assert track.pit is not None
    lane = list(track.pit.fields)
    assert set(g.neighbours(Hex(11, 5))) == {Hex(12, 4), Hex(10, 6)}  # not 11,4 beside it
    assert Hex(11, 5) not in g.neighbours(Hex(11, 4))
    way = [track.pit.entry, *lane, track.pit.exit]
    ps = [g.progress[h] for h in way]
    assert ps == sorted(ps) and ps[-1] > ps[0]


def test_an_arrow_is_the_only_way_out_and_the_line_is_never_crossed_backwards() -> None:
    track = read_track(ROOT / "tests/data/tracks/full.yaml").track
    g = track.graph
    assert g.successors(Hex(-2, 1)) == [Hex(-2, 0)]
    assert set(g.ways(Hex(-2, 1))) == {Hex(-2, 0), Hex(-1, 0), Hex(-2, 2)}
    assert Hex(-1, 0) not in g.successors(Hex(0, 0)) and Hex(0, 0) in g.successors(Hex(-1, 0))
    assert Hex(0, 0) in g.predecessors(Hex(1, 0))


def ring_track(radius: int, lanes: int, turn: int, shift: Hex, midway: int) -> tuple[str, list[list[Hex]]]:
    """A track of `lanes` concentric hex rings, driven counter-clockwise, turned and moved."""
    rings = [[rotate(h, turn) + shift for h in ring(Hex(0, 0), radius + k)] for k in range(lanes)]
    text = "format: 1\nname: Generated\nlanes:\n" + "".join(f"  - {format_path(r)}\n" for r in rings)
    mid = rings[0][midway % len(rings[0])]
    start = " ".join(f'"{r[0]}"' for r in rings)
    text += f"kinds:\n  midway: {mid}\nstart:\n  fields: [{', '.join(start.split())}]\n  heading: {turn % 6}\n"
    return text, rings


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 14), st.integers(1, 3), st.integers(0, 5), st.integers(-30, 30), st.integers(-30, 30), st.integers(0, 400))
def test_generated_rings_are_good_and_progress_climbs_round_them(radius: int, lanes: int, turn: int, q: int, r: int, midway: int) -> None:
    text, rings = ring_track(radius, lanes, turn, Hex(q, r), midway)
    src = track_from_text(text, "gen.yaml")
    assert [str(e) for e in validate(src)] == []
    g = src.track.graph
    assert g.lap_length == 6 * radius  # the inside ring is the shortest way round
    for rg in rings:
        ps = [g.progress[h] for h in rg]
        assert ps[0] == 0 and ps == sorted(ps), ps
    assert DIRECTIONS[src.track.heading] == rotate(DIRECTIONS[0], turn)
