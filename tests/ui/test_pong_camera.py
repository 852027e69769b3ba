"""The perspective table's camera (issue 17): pure projection maths – points on the table land inside
the table's picture, nearer things are larger and sort in front, and a screen point read back onto the
table is the point that was projected (the slingshot aims with it)."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.pong.camera import Camera, blend, follow, side, thrower
from physics.constants import CONST

L, W = CONST.table_length, CONST.table_width
SCREEN = (0, 0, 1600, 1000)


def _inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    """Whether `p` lies inside the convex polygon `poly` (either winding)."""
    signs = []
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
        signs.append((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))
    return all(s >= -1e-6 for s in signs) or all(s <= 1e-6 for s in signs)


@pytest.mark.parametrize("cam", [thrower(L), side(L)], ids=["thrower", "side"])
@given(x=st.floats(0.0, L), y=st.floats(-W / 2, W / 2))
def test_a_point_on_the_table_projects_inside_the_table_polygon(cam: Camera, x: float, y: float) -> None:
    cam = cam.on(SCREEN)
    corners = [cam.project(c) for c in ((0.0, -W / 2, 0.0), (L, -W / 2, 0.0), (L, W / 2, 0.0), (0.0, W / 2, 0.0))]
    assert all(c is not None for c in corners)
    poly = [(c.x, c.y) for c in corners if c is not None]
    p = cam.project((x, y, 0.0))
    assert p is not None and _inside((p.x, p.y), poly)


def test_cups_behind_cups_sort_behind_and_a_ball_shrinks_with_distance() -> None:
    cam = thrower(L).on(SCREEN)
    near, far = cam.project((L - 0.30, 0.0, 0.06)), cam.project((L - 0.05, 0.0, 0.06))
    assert near is not None and far is not None
    assert far.depth > near.depth  # the back row is farther: painted first, covered by the front row
    sizes = [cam.project((x, 0.0, 0.3)) for x in (0.3, 1.2, 2.4)]
    radii = [CONST.ball_radius * p.scale for p in sizes if p is not None]
    assert len(radii) == 3 and radii[0] > radii[1] > radii[2]
    # from the side, the cups nearer the camera (y < 0) are in front
    sc = side(L).on(SCREEN)
    a, b = sc.project((L - 0.1, -0.1, 0.06)), sc.project((L - 0.1, 0.1, 0.06))
    assert a is not None and b is not None and a.depth < b.depth


@given(x=st.floats(-0.4, L), y=st.floats(-W / 2, W / 2))
def test_a_screen_point_read_back_onto_the_table_is_the_point_projected(x: float, y: float) -> None:
    cam = thrower(L).on(SCREEN)
    p = cam.project((x, y, 0.0))
    assert p is not None
    back = cam.on_table(p.x, p.y)
    assert back is not None and math.isclose(back[0], x, abs_tol=1e-6) and math.isclose(back[1], y, abs_tol=1e-6)


def test_a_point_behind_the_eye_is_not_drawn_and_the_sky_is_not_on_the_table() -> None:
    cam = thrower(L).on(SCREEN)
    assert cam.project((cam.eye[0] - 1.0, 0.0, cam.eye[2])) is None
    assert cam.on_table(800, -5000) is None  # far above the horizon: the ray never comes down


def test_a_camera_move_is_smooth_and_ends_where_it_goes() -> None:
    a, b = thrower(L).on(SCREEN), side(L).on(SCREEN)
    assert blend(a, b, 0.0).eye == a.eye and blend(a, b, 1.0).eye == b.eye
    steps = [blend(a, b, t / 20).eye for t in range(21)]
    jumps = [math.dist(p, q) for p, q in zip(steps, steps[1:])]
    assert max(jumps) < 0.25 * math.dist(a.eye, b.eye)  # no jump: the way shared out over the move
    assert jumps[0] < jumps[10] and jumps[-1] < jumps[10]  # eased at both ends


def test_the_cinematic_camera_follows_the_ball_and_closes_in_at_the_cups() -> None:
    far, close = follow((1.0, 0.0, 0.6), L, 0.0).on(SCREEN), follow((2.1, 0.0, 0.2), L, 1.0).on(SCREEN)
    for cam, ball in ((far, (1.0, 0.0, 0.6)), (close, (2.1, 0.0, 0.2))):
        p = cam.project(ball)
        assert p is not None and 0 <= p.x <= 1600 and 0 <= p.y <= 1000
    assert math.dist(close.eye, (2.1, 0.0, 0.2)) < math.dist(far.eye, (1.0, 0.0, 0.6))
