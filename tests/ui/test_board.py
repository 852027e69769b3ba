"""The Racerbile board on screen, headless: colours where the fields are, the view's geometry,
caps, the PNG export and the scene's mouse and keys."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.hexgrid import Hex  # noqa: E402
from game.racerbile.track import Kind, Track  # noqa: E402
from game.racerbile.trackfile import read_track, track_from_text  # noqa: E402
from game.ui.board import board_art as art  # noqa: E402
from game.ui.common.app import App  # noqa: E402
from game.ui.board.board import BoardScene, describe_field  # noqa: E402
from game.ui.board.board_app import render_board, render_track, show_track  # noqa: E402
from game.ui.board.board_view import ZOOM_SETTLE, BoardView, CapView  # noqa: E402
from game.ui.common.theme import Fonts  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data" / "tracks"
RING = DATA / "ring.yaml"

# every feature the board draws, on a small three-lane ring
FEATURES = """
format: 1
name: Features
author: tests
theme: classic
lanes:
  - -4,4 e4 ne4 nw4 w4 sw4 se3
  - -5,5 e5 ne5 nw5 w5 sw5 se4
  - -6,6 e6 ne6 nw6 w6 sw6 se5
kinds:
  midway: 5,-5
  blocking: ["1,4", "6,-3"]
  downshift: ["-1,-4"]
start:
  fields: -4,4 sw2
  heading: e
arrows:
  "3,-6": w
splits:
  - name: Chicane
    fork: 6,-1
    branches: {inner: "4,-3", outer: "6,-4"}
    rejoin: 4,-6
pit:
  lane: -2,3 e2
  entry: -3,4
  exit: 1,3
lemans:
  field42: -5,2
  dunlop: 0,-4 nw2
labels:
  - {at: "0,0", text: Features}
"""


@pytest.fixture(scope="module", autouse=True)
def fonts_ready() -> Iterator[None]:
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def ring() -> Track:
    return read_track(RING).track


@pytest.fixture(scope="module")
def features() -> Track:
    return track_from_text(FEATURES, "features.yaml").track




def close(c1: tuple[int, ...], c2: tuple[int, ...], tol: int = 14) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3]))


def rgb(surface: pygame.Surface, p: tuple[float, float]) -> tuple[int, int, int]:
    c = surface.get_at((int(round(p[0])), int(round(p[1]))))
    return (c.r, c.g, c.b)


def drawn(view: BoardView, caps: list[CapView] | None = None, path: list[Hex] | None = None) -> pygame.Surface:
    surf = pygame.Surface(view.size)
    view.draw(surf, caps or [], path)
    return surf


def first(track: Track, kind: Kind) -> Hex:
    return sorted(h for h, k in track.fields.items() if k is kind)[0]


# --- the static board -------------------------------------------------------------------------


def test_a_rendered_track_is_not_blank(ring: Track) -> None:
    surf = drawn(BoardView(ring, (960, 640)))
    w, h = surf.get_size()
    colours = {rgb(surf, (x, y)) for x in range(0, w, 23) for y in range(0, h, 19)}
    assert len(colours) > 40


@pytest.mark.parametrize("size", [(960, 640), (1920, 1080)])
def test_fields_show_their_kind_colour_at_their_centre(ring: Track, size: tuple[int, int]) -> None:
    view = BoardView(ring, size)
    surf = drawn(view)
    pal = view.palette
    lay = view.layout
    s = view.scale
    normal = first(ring, Kind.NORMAL)
    assert close(rgb(surf, lay.to_pixel(normal)), pal.fields[Kind.NORMAL])
    # a blocking field: red around its star, the star in the middle
    blocking = first(ring, Kind.BLOCKING)
    bx, by = lay.to_pixel(blocking)
    assert close(rgb(surf, (bx, by + 0.72 * s)), pal.fields[Kind.BLOCKING])
    assert close(rgb(surf, (bx, by)), pal.star)
    # the midway field: its colour ahead of the line, the line across its middle
    midway = first(ring, Kind.MIDWAY)
    mx, my = lay.to_pixel(midway)
    tx, ty = view.geo.travel[midway]
    assert close(rgb(surf, (mx + tx * 0.55 * s, my + ty * 0.55 * s)), pal.fields[Kind.MIDWAY])
    assert close(rgb(surf, (mx, my)), pal.midway_line)
    downshift = first(ring, Kind.DOWNSHIFT)
    dx, dy = lay.to_pixel(downshift)
    assert close(rgb(surf, (dx, dy + 0.7 * s)), pal.fields[Kind.DOWNSHIFT])


def test_the_midway_line_runs_across_the_direction_of_travel(ring: Track) -> None:
    view = BoardView(ring, (1280, 800))
    surf = drawn(view)
    midway = first(ring, Kind.MIDWAY)
    mx, my = view.layout.to_pixel(midway)
    tx, ty = view.geo.travel[midway]
    s = view.scale
    across = (-ty, tx)
    for k in (-0.5, 0.5):
        assert close(rgb(surf, (mx + across[0] * k * s, my + across[1] * k * s)), view.palette.midway_line)


@pytest.mark.parametrize("theme", ["classic", "stalin", "lemans", "night"])
def test_every_theme_keeps_the_kinds_apart(features: Track, theme: str) -> None:
    track = replace(features, theme=theme)
    view = BoardView(track, (960, 640))
    pal = view.palette
    assert pal.name == theme
    kinds = [pal.fields[Kind.NORMAL], pal.fields[Kind.DOWNSHIFT], pal.fields[Kind.BLOCKING]]
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert sum(abs(x - y) for x, y in zip(a, b)) > 60
    surf = drawn(view)
    lay = view.layout
    blocking = first(track, Kind.BLOCKING)
    bx, by = lay.to_pixel(blocking)
    assert close(rgb(surf, (bx, by + 0.72 * view.scale)), pal.fields[Kind.BLOCKING])
    assert close(rgb(surf, (bx, by)), pal.star)


def test_the_stalin_track_is_red_with_a_hammer_and_sickle(features: Track) -> None:
    view = BoardView(replace(features, theme="stalin"), (1280, 800))
    surf = drawn(view)
    pal = view.palette
    assert pal.fields[Kind.NORMAL][0] > 150 and pal.fields[Kind.NORMAL][1] < 80
    mid = first(features, Kind.MIDWAY)
    mx, my = view.layout.to_pixel(mid)
    r = int(view.scale * 0.6)
    gold = sum(
        1 for x in range(-r, r + 1) for y in range(-r, r + 1) if close(rgb(surf, (mx + x, my + y)), pal.midway_line, 30)
    )
    assert gold > r * r * 0.25  # a sizeable golden emblem, drawn with shapes


def test_the_features_are_drawn(features: Track) -> None:
    plain = replace(features, arrows={}, field42=None, dunlop=(), labels=(), splits=(), pit=None)
    a, b = BoardView(features, (1280, 800)), BoardView(plain, (1280, 800))
    sa, sb = drawn(a), drawn(b)
    lay = a.layout
    # the 42, the arrow, the split sign and the bridge change their fields
    for h in (features.field42, Hex(3, -6), Hex(6, -1), Hex(0, -5)):
        assert h is not None
        x, y = lay.to_pixel(h)
        r = int(a.scale * 0.5)
        diff = sum(1 for dx in range(-r, r + 1, 2) for dy in range(-r, r + 1, 2) if rgb(sa, (x + dx, y + dy)) != rgb(sb, (x + dx, y + dy)))
        assert diff > 10, h
    # the start line is chequered: black and white on the side between the lines' fields
    (p, q, _n) = a.geo.start_edges[0]
    mid = a.layout.origin[0] + (p[0] + q[0]) / 2 * a.scale, a.layout.origin[1] + (p[1] + q[1]) / 2 * a.scale
    r = int(a.scale * 0.3)
    near = {rgb(sa, (mid[0] + dx, mid[1] + dy)) for dx in range(-r, r + 1) for dy in range(-r, r + 1)}
    assert any(close(c, (250, 250, 246), 8) for c in near) and any(close(c, (20, 20, 22), 8) for c in near)


def test_the_pit_lane_has_its_own_colour(features: Track) -> None:
    view = BoardView(features, (1280, 800))
    surf = drawn(view)
    assert features.pit is not None
    h = features.pit.fields[0]
    x, y = view.layout.to_pixel(h)
    assert close(rgb(surf, (x - 0.3 * view.scale, y - 0.3 * view.scale)), view.palette.pit)


# --- the view -------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(960, 640), (1920, 1080), (500, 900)])
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_fit_puts_every_field_inside_the_window(features: Track, size: tuple[int, int], orientation: str) -> None:
    track = replace(features, orientation=orientation)
    view = BoardView(track, size)
    view.zoom(3.0, (10, 10))
    view.pan(400, -300)
    view.fit()
    for h in track.all_fields():
        for x, y in view.layout.corners(h):
            assert 0 <= x <= size[0] and 0 <= y <= size[1], (h, x, y)


@pytest.mark.parametrize("name", ["babybane", "naaleoejet", "le_mans"])
@pytest.mark.parametrize("area", [pygame.Rect(0, 40, 660, 510), pygame.Rect(0, 60, 1160, 790)], ids=["960x640", "1600x1000"])
def test_fit_shows_every_sign_whole_at_a_small_window_too(name: str, area: pygame.Rect) -> None:
    """A sign's plate keeps its size in pixels: on Babybane's right edge "Første sving" stood half
    behind the side panel at 960×640. The fit counts the plates: each lies inside the board's area."""
    from game.racerbile.tracks import find_track
    from game.ui.board.board_paint import BoardPainter

    pygame.init()
    track = find_track(name).track
    view = BoardView(track, (area.right, area.bottom), fonts=Fonts(), area=area)
    painter = BoardPainter(view, pygame.Surface((1, 1)), view.scale, view.origin)
    signs = painter.signs()
    assert len(signs) == (len(track.labels) if view.scale >= 4 else 0)  # (below 4 px a hex no sign is drawn: Le Mans at 960×640)
    assert signs or name == "le_mans"
    for lb, _t, w, h, spot in signs:
        x, y = painter.P(spot)
        plate = pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
        assert area.contains(plate.inflate(-2, -2)), (lb.text, plate, area)


def test_fit_uses_the_given_area(ring: Track) -> None:
    area = pygame.Rect(0, 60, 960, 580)
    view = BoardView(ring, (960, 640), area=area)
    for h in ring.all_fields():
        for x, y in view.layout.corners(h):
            assert area.collidepoint(x, y)


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_hex_at_inverts_to_pixel_after_zoom_and_pan(features: Track, orientation: str) -> None:
    view = BoardView(replace(features, orientation=orientation), (1280, 800))
    for factor, around, d in ((1.7, (300, 200), (35, -12)), (0.6, (900, 700), (-250, 80)), (2.5, (640, 400), (13.5, 7.25))):
        view.zoom(factor, around)
        view.pan(*d)
        for h in view.geo.cells:
            assert view.hex_at(view.to_pixel(h)) == h
            assert view.field_at(view.to_pixel(h)) == h
    assert view.field_at(view.to_pixel(Hex(0, 0))) is None  # the infield


def test_zoom_keeps_the_point_under_the_mouse(ring: Track) -> None:
    view = BoardView(ring, (1280, 800))
    around = (700.0, 420.0)
    before = view.layout.fractional(around)
    view.zoom(1.6, around)
    after = view.layout.fractional(around)
    assert math.isclose(before[0], after[0], abs_tol=1e-9) and math.isclose(before[1], after[1], abs_tol=1e-9)


def test_zoom_is_bounded_and_the_board_cannot_be_lost(ring: Track) -> None:
    view = BoardView(ring, (960, 640))
    for _ in range(60):
        view.zoom(1.5, (480, 320))
    assert view.scale <= 200
    for _ in range(60):
        view.zoom(0.5, (480, 320))
    assert view.scale >= 1
    view.pan(100000, 100000)
    xs = [view.to_pixel(h)[0] for h in ring.fields]
    assert min(xs) < 960  # part of the board stays on screen


def test_the_static_board_is_painted_once_and_reused(ring: Track) -> None:
    view = BoardView(ring, (960, 640))
    surf = pygame.Surface(view.size)
    view.draw(surf)
    assert view.renders == 1
    for _ in range(5):
        view.pan(7, -5)
        view.draw(surf)
    assert view.renders == 1  # panning moves the cached picture
    view.zoom(1.3, (480, 320))
    view.draw(surf)
    assert view.renders == 2  # zooming paints again
    view.zoom(1.2, (480, 320), preview=True)
    view.draw(surf)
    assert view.renders == 2 and view.previewing  # the wheel shows a scaled copy …
    view.update(ZOOM_SETTLE + 0.01)
    view.draw(surf)
    assert view.renders == 3 and not view.previewing  # … and paints when it rests
    view.pan(5000, 0)
    view.draw(surf)
    assert view.renders == 4  # panned beyond the margin


def test_a_preview_frame_looks_like_the_painted_one(ring: Track) -> None:
    a = BoardView(ring, (960, 640))
    b = BoardView(ring, (960, 640))
    sa = pygame.Surface(a.size)
    a.draw(sa)
    b.draw(pygame.Surface(b.size))
    a.zoom(1.1, (400, 300), preview=True)
    b.zoom(1.1, (400, 300))
    sa, sb = drawn(a), drawn(b)
    h = first(ring, Kind.NORMAL)
    assert close(rgb(sa, a.to_pixel(h)), rgb(sb, b.to_pixel(h)), 30)


# --- caps and the path -------------------------------------------------------------------------------


RED, BLUE = (210, 30, 30), (30, 80, 210)


def count_near(surface: pygame.Surface, centre: tuple[float, float], r: int, colour: tuple[int, int, int], tol: int = 40) -> int:
    cx, cy = centre
    return sum(1 for x in range(-r, r + 1) for y in range(-r, r + 1) if close(rgb(surface, (cx + x, cy + y)), colour, tol))


def test_two_caps_on_a_field_are_both_drawn_the_newcomer_underneath(ring: Track) -> None:
    view = BoardView(ring, (1280, 800))
    h = first(ring, Kind.NORMAL)
    c = view.to_pixel(h)
    r = int(view.scale)
    one = drawn(view, [CapView(h, RED, "A", 0)])
    two = drawn(view, [CapView(h, RED, "A", 0), CapView(h, BLUE, "B", 3)])
    assert count_near(one, c, r, BLUE) < 5
    assert count_near(two, c, r, BLUE) > 30 and count_near(two, c, r, RED) > 30
    # the first arrival lies on top: upper left, over the newcomer's lower-right offset
    s = view.scale
    top_centre = (c[0] - 0.2 * s, c[1] - 0.18 * s)
    assert count_near(two, top_centre, int(s * 0.3), BLUE) == 0


def test_a_flipped_cap_shows_its_plain_crown(ring: Track) -> None:
    caps = art.CapArt(30, Fonts())
    up = caps.sprite(RED, "")
    down = caps.sprite(RED, "", flipped=True)
    c = (caps.half, caps.half)
    assert luminance(up.get_at(c)) > 0.7  # the pale liner inside
    assert close(tuple(down.get_at(c)), RED, 60)  # the painted crown


def luminance(c: pygame.Color) -> float:
    return art.luminance((c.r, c.g, c.b))


def test_a_cap_points_where_it_faces(ring: Track) -> None:
    view = BoardView(ring, (1280, 800))
    h = first(ring, Kind.NORMAL)
    cx, cy = view.to_pixel(h)
    s = view.scale
    for d in range(6):
        surf = drawn(view, [CapView(h, RED, "A", d)])
        a = view.layout.direction_angle(d)
        tip = (cx + math.cos(a) * s * 0.67, cy + math.sin(a) * s * 0.67)
        back = (cx - math.cos(a) * s * 0.67, cy - math.sin(a) * s * 0.67)
        assert close(rgb(surf, tip), (250, 248, 240), 20), d  # the white pointer beyond the rim
        assert not close(rgb(surf, back), (250, 248, 240), 40), d


def test_the_path_is_highlighted(ring: Track) -> None:
    view = BoardView(ring, (1280, 800))
    g = ring.graph
    path = sorted(ring.fields, key=lambda h: (g.progress.get(h, 0), h))[:6]
    plain = drawn(view)
    lit = drawn(view, path=path)
    for h in path:
        x, y = view.to_pixel(h)
        assert rgb(plain, (x, y)) != rgb(lit, (x, y))
    off = sorted(ring.fields, key=lambda h: -g.progress.get(h, 0))[0]
    assert rgb(plain, view.to_pixel(off)) == rgb(lit, view.to_pixel(off))
    # a new path replaces the old one without a repaint; no path shows the plain board again
    renders = view.renders
    drawn(view, path=path[3:] + [off])
    again = drawn(view)
    assert view.renders == renders
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(plain, "RGB")


# --- the PNG ------------------------------------------------------------------------------------


def test_render_track_writes_a_png_of_the_asked_size(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "ring.png"
    assert render_track(RING, out, (900, 600)) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (900, 600)
    w, h = img.get_size()
    assert len({tuple(img.get_at((x, y))) for x in range(0, w, 31) for y in range(0, h, 23)}) > 30


def test_render_track_reports_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: Bad\nlanes: [\n", encoding="utf-8")
    assert render_track(bad, tmp_path / "bad.png") == 2
    assert "bad.yaml:" in capsys.readouterr().err
    assert not (tmp_path / "bad.png").exists()
    assert render_track(tmp_path / "missing.yaml", tmp_path / "m.png") == 2
    assert render_track(RING, tmp_path / "tiny.png", (10, 10)) == 2


def test_render_board_needs_no_window(features: Track) -> None:
    surf = render_board(features, (800, 500))
    assert surf.get_size() == (800, 500)


# --- the scene -------------------------------------------------------------------------------------


def post(e: pygame.event.Event) -> None:
    pygame.event.post(e)


def test_the_scene_zooms_with_the_wheel_and_pans_by_dragging(app: App, features: Track) -> None:
    scene = BoardScene(app, features)
    app.push(scene)
    app.step(0.016)
    view = scene.view
    s0 = view.scale
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0, flipped=False, pos=(600, 420)))
    app.step(0.016)
    assert view.scale > s0 * 1.2
    assert view.previewing
    app.step(ZOOM_SETTLE + 0.05)
    app.step(0.016)
    assert not view.previewing
    o0 = view.origin
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 400), button=1))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(530, 390), rel=(30, -10), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(560, 380), rel=(30, -10), buttons=(1, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(560, 380), button=1))
    app.step(0.016)
    assert view.origin == (o0[0] + 60, o0[1] - 20)
    assert not scene.dragging
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 400), rel=(40, 20), buttons=(0, 0, 0)))
    app.step(0.016)
    assert view.origin == (o0[0] + 60, o0[1] - 20)  # no button held: no pan
    # F fits again
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0))
    app.step(0.016)
    assert math.isclose(view.scale, view.fit_scale())


def test_the_scene_fits_the_board_when_the_window_is_resized(app: App, features: Track) -> None:
    scene = BoardScene(app, features)
    app.push(scene)
    app.step(0.016)
    pygame.display.set_mode((1000, 700), pygame.RESIZABLE)
    post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    app.step(0.016)
    assert scene.view.size == (1000, 700)
    for h in features.all_fields():
        for x, y in scene.view.layout.corners(h):
            assert 0 <= x <= 1000 and 0 <= y <= 700
    surf = app.screen
    assert surf.get_size() == (1000, 700)


def test_hovering_a_field_describes_it(app: App, features: Track) -> None:
    scene = BoardScene(app, features)
    app.push(scene)
    app.step(0.016)
    h = first(features, Kind.BLOCKING)
    x, y = scene.view.to_pixel(h)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert scene.hover == h
    text = describe_field(features, h)
    assert str(h) in text and "blocking" in text and "progress" in text
    assert "the 42 field" in describe_field(features, Hex(-5, 2))
    assert "pit lane" in describe_field(features, Hex(-2, 3))


def test_escape_leaves_the_board(app: App, ring: Track) -> None:
    app.push(BoardScene(app, ring))
    app.step(0.016)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    app.step(0.016)
    assert not app.running and app.exit_code == 0


def test_show_track_runs_and_takes_a_screenshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shot = tmp_path / "board.png"
    assert show_track(RING, frames=3, screenshot=shot) == 0
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)


def test_show_track_reports_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: Bad\nlanes:\n  - 0,0 zz\nstart: {fields: 0,0, heading: e}\n", encoding="utf-8")
    assert show_track(bad, frames=1) == 2
    err = capsys.readouterr().err
    assert "bad.yaml:4:" in err


def test_a_long_path_zoomed_in_follows_the_window(features: Track) -> None:
    view = BoardView(features, (960, 640))
    g = features.graph
    path = sorted(features.fields, key=lambda h: (g.progress.get(h, 0), h))
    for _ in range(10):
        view.zoom(1.5, (480, 320))
    lit = drawn(view, path=path)
    seen = 0
    for dx, dy in ((700, 0), (0, -900), (-2000, 300), (400, 400)):
        view.pan(dx, dy)
        plain, lit = drawn(view), drawn(view, path=path)
        shown = [h for h in path if 0 <= view.to_pixel(h)[0] < 960 and 0 <= view.to_pixel(h)[1] < 640]
        seen += len(shown)
        for h in shown:
            assert rgb(plain, view.to_pixel(h)) != rgb(lit, view.to_pixel(h)), h
    assert seen > 0
