"""Hex geometry: directions, distance, lines, rotation, and the pixel round trip for both layouts."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, FLAT, POINTY, Hex, Layout, direction_between, distance, line, ring, rotate, turn

hexes = st.builds(Hex, st.integers(-200, 200), st.integers(-200, 200))


def test_directions_are_in_rotational_order() -> None:
    for i, d in enumerate(DIRECTIONS):
        assert rotate(d, 1) == DIRECTIONS[(i + 1) % 6]
        assert distance(Hex(0, 0), d) == 1
    assert turn(0, 1) == 1 and turn(0, 5) == -1 and turn(5, 0) == 1 and turn(1, 4) == 3


@given(hexes, hexes)
def test_distance_is_a_metric_and_lines_are_connected(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    ln = line(a, b)
    assert ln[0] == a and ln[-1] == b and len(ln) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(ln, ln[1:]))


@given(hexes, st.integers(0, 12))
def test_rotation_keeps_distance_and_six_turns_return(h: Hex, k: int) -> None:
    assert distance(Hex(0, 0), rotate(h, k)) == distance(Hex(0, 0), h)
    assert rotate(h, 6) == h and rotate(rotate(h, k), -k) == h


def test_ring_and_neighbours() -> None:
    r = ring(Hex(2, -1), 3)
    assert len(r) == 18 and len(set(r)) == 18 and all(distance(Hex(2, -1), h) == 3 for h in r)
    assert all(direction_between(Hex(0, 0), d) == i for i, d in enumerate(DIRECTIONS))
    assert direction_between(Hex(0, 0), Hex(2, 0)) is None


@pytest.mark.parametrize("orientation", [POINTY, FLAT], ids=["pointy", "flat"])
@given(h=hexes, size=st.floats(4, 80), ox=st.floats(-500, 500), oy=st.floats(-500, 500))
def test_pixel_round_trip(orientation, h: Hex, size: float, ox: float, oy: float) -> None:  # type: ignore[no-untyped-def]
    lay = Layout(orientation, (size, size), (ox, oy))
    assert lay.to_hex(lay.to_pixel(h)) == h
    for cx, cy in lay.corners(h):  # a point just inside each corner still belongs to h
        px, py = lay.to_pixel(h)
        assert lay.to_hex((px + (cx - px) * 0.9, py + (cy - py) * 0.9)) == h


@pytest.mark.parametrize("orientation", [POINTY, FLAT], ids=["pointy", "flat"])
@given(x0=st.floats(-50, 50), y0=st.floats(-50, 50), w=st.floats(0.1, 8), h=st.floats(0.1, 8), nx=st.integers(1, 14),
       ny=st.integers(1, 14), ox=st.floats(-3, 3), oy=st.floats(-3, 3))
def test_the_hexes_under_a_grid_of_points_are_those_to_hex_finds_point_by_point(  # type: ignore[no-untyped-def]
        orientation, x0: float, y0: float, w: float, h: float, nx: int, ny: int, ox: float, oy: float) -> None:
    layout = Layout(orientation, (1.0, 1.0), (ox, oy))
    by_point = {layout.to_hex((x0 + w * i / nx, y0 + h * j / ny)) for i in range(nx + 1) for j in range(ny + 1)}
    assert layout.hexes_under_grid(x0, y0, w, h, nx, ny) == by_point
