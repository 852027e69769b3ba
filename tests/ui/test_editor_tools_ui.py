"""The editor's tools a designer expects (issue 18), headless: the lane stroke's preview is what
it lays; the background image's numeric scale, "fit to window" and two-point calibration;
scaling is one step of the history; the key that opens a dialog does not type into it."""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from game.hexgrid import Hex
from game.racerbile.draft import Background
from game.racerbile.editing import Editor
from game.ui.editor.editor import EditorScene
from game.ui.editor.editor_panels import TextPrompt
from game.ui.editor.editor_tools_image import HEX_STEP, calibrate_background, fit_background, set_scale
from game.ui.editor.editor_tools_lay import LaneTool
from tests.ui.test_editor_ui import click_at, drag, key, open_scene, post, px, step, type_text

if TYPE_CHECKING:
    from game.ui.common.app import App


def hover(app: App, scene: EditorScene, h: Hex) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=px(scene, h), rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


def image_file(tmp_path: Path, size: tuple[int, int] = (400, 200)) -> Path:
    surf = pygame.Surface(size)
    surf.fill((90, 140, 90))
    pygame.draw.line(surf, (250, 250, 250), (0, 0), size, 5)
    p = tmp_path / "circuit.png"
    pygame.image.save(surf, str(p))
    return p


def with_image(app: App, tmp_path: Path) -> EditorScene:
    scene = open_scene(app, Editor())
    assert scene.load_background(str(image_file(tmp_path)))
    key(app, pygame.K_i)  # the image tool (an image is there: no dialog)
    assert scene.modal is None and scene.tool.name == "Image"
    return scene


# --- the lane stroke -----------------------------------------------------------------------------------


def test_the_lane_tool_previews_its_width_on_hover_and_lays_what_the_drag_previews(app: App) -> None:
    scene = open_scene(app)
    key(app, pygame.K_l)
    assert isinstance(scene.tool, LaneTool) and scene.lane_width == 2
    hover(app, scene, Hex(2, 2))
    (pv,) = scene.tool.previews()
    assert Hex(2, 2) in pv.hexes and pv.tags == ((Hex(2, 2), "2 lanes"),)
    rows = {h.r for h in pv.hexes}
    assert len(rows) == 2  # two lanes wide
    stroke = [Hex(q, 2) for q in range(8)]
    drag(app, scene, stroke, release=False)
    (pv,) = scene.tool.previews()
    shown = set(pv.hexes)
    assert pv.tags and pv.tags[0][1].startswith("2 lanes · ")
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px(scene, stroke[-1]), button=1))
    step(app)
    assert set(scene.draft.fields) == shown and {h.r for h in shown} == {1, 2}
    scene.draw(app.screen)


# --- the background image ---------------------------------------------------------------------------------


def test_pressing_i_does_not_type_into_the_dialog_it_opens(app: App) -> None:
    scene = open_scene(app, Editor())
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i", scancode=0))
    post(pygame.event.Event(pygame.TEXTINPUT, text="i"))
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_i, mod=0, unicode="i", scancode=0))
    step(app, 2)
    assert isinstance(scene.modal, TextPrompt) and scene.modal.texts() == [""]
    post(pygame.event.Event(pygame.TEXTINPUT, text="x"))  # what is typed next does go in
    step(app)
    assert scene.modal.texts() == ["x"]


def test_twenty_presses_of_the_scale_key_are_one_step_of_the_history(app: App, tmp_path: Path) -> None:
    scene = with_image(app, tmp_path)
    before = list(scene.editor.history)
    first = scene.draft.background
    for _ in range(20):
        key(app, pygame.K_RIGHTBRACKET)
    assert scene.editor.history == before + ["scale the image"]
    assert scene.draft.background is not None and first is not None and scene.draft.background.scale < first.scale
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.draft.background == first  # one undo, all twenty back


def test_the_scale_is_typed_in_as_pixels_a_field(app: App, tmp_path: Path) -> None:
    scene = with_image(app, tmp_path)
    scene.do("image:scale")
    assert isinstance(scene.modal, TextPrompt)
    type_text(app, "48")
    bg = scene.draft.background
    assert bg is not None and bg.scale * HEX_STEP == pytest.approx(48)
    for bad in ("nan", "inf", "-3", "1e308", "zwölf"):
        scene.do("image:scale")
        type_text(app, bad)
        assert scene.draft.background == bg and "not a scale" in scene.message


def test_fit_to_window_shows_the_whole_image_on_the_board(app: App, tmp_path: Path) -> None:
    scene = with_image(app, tmp_path)
    scene.canvas.zoom(3.0)
    click_at(app, action_center(scene, "image:fit"))
    bg = scene.draft.background
    assert bg is not None and scene.editor.history[-1] == "fit the image to the window"
    b = scene.lay.board
    left, top = scene.canvas.pixel_of_units(bg.offset)
    right, bottom = scene.canvas.pixel_of_units((bg.offset[0] + 400 / bg.scale, bg.offset[1] + 200 / bg.scale))
    assert b.left <= left and right <= b.right and b.top <= top and bottom <= b.bottom
    assert right - left >= b.width - 20 or bottom - top >= b.height - 20  # as large as fits


def action_center(scene: EditorScene, action: str) -> tuple[int, int]:
    from tests.ui.test_editor_ui import action_rect

    return action_rect(scene, action).center


def test_two_point_calibration_makes_the_points_that_many_fields_apart(app: App, tmp_path: Path) -> None:
    scene = with_image(app, tmp_path)
    bg = scene.draft.background
    assert bg is not None
    a_px, b_px = (scene.lay.board.x + 100, scene.lay.board.y + 120), (scene.lay.board.x + 300, scene.lay.board.y + 150)
    image_px = [((u[0] - bg.offset[0]) * bg.scale, (u[1] - bg.offset[1]) * bg.scale) for u in (scene.canvas.units_at(a_px), scene.canvas.units_at(b_px))]
    key(app, pygame.K_k)
    assert scene.calib == [] and "first" in scene.message
    click_at(app, a_px)
    assert "second" in scene.message
    scene.draw(app.screen)  # the first point is marked
    click_at(app, b_px)
    assert isinstance(scene.modal, TextPrompt)
    type_text(app, "12")
    new = scene.draft.background
    assert new is not None and scene.editor.history[-1] == "calibrate the image" and scene.calib is None
    at = [(new.offset[0] + x / new.scale, new.offset[1] + y / new.scale) for x, y in image_px]
    assert math.dist(at[0], at[1]) == pytest.approx(12 * HEX_STEP)
    assert at[0] == pytest.approx(scene.canvas.units_at(a_px), abs=1e-6)  # the first point stays put
    assert "12 fields" in scene.message
    key(app, pygame.K_k)
    key(app, pygame.K_ESCAPE)
    assert scene.calib is None and app.scene is scene


def test_the_background_helpers_refuse_nonsense() -> None:
    bg = Background("x.png", 10.0, (0.0, 0.0), 0.5)
    for bad in (float("nan"), float("inf"), -1.0, 0.0, 1e308):
        with pytest.raises(ValueError):
            set_scale(bg, bad, (0.0, 0.0))
        with pytest.raises(ValueError):
            calibrate_background(bg, (0.0, 0.0), (5.0, 0.0), bad)
    with pytest.raises(ValueError):
        calibrate_background(bg, (1.0, 1.0), (1.0, 1.0), 3)
    fit = fit_background(bg, (100, 50), (0.0, 0.0, 10.0, 10.0))
    assert fit.scale == pytest.approx(10) and fit.offset == pytest.approx((0.0, 2.5))


# --- the region: select, move, turn, mirror, copy, paste ------------------------------------------------


RING_FILE = Path(__file__).resolve().parent.parent / "data" / "tracks" / "ring.yaml"


def select_all(app: App, scene: EditorScene) -> None:
    from game.ui.editor.editor_tools_select import SelectTool

    key(app, pygame.K_m)
    assert isinstance(scene.tool, SelectTool)
    hs = scene.draft.occupied()
    scene.canvas.fit()
    scene.canvas.zoom(0.6)
    b = scene.lay.board
    corners = [scene.canvas.hex_at((b.x + 40, b.y + 40)), scene.canvas.hex_at((b.right - 40, b.bottom - 40))]
    drag(app, scene, corners)
    assert scene.tool.selected() == hs


def test_a_selected_region_is_moved_turned_and_mirrored_in_one_step_each(app: App) -> None:
    from game.ui.editor.editor_tools_select import SelectTool

    scene = open_scene(app, Editor.open(RING_FILE))
    first = scene.draft
    select_all(app, scene)
    tool = scene.tool
    assert isinstance(tool, SelectTool) and scene.panel_state().selection == len(first.occupied())
    start = scene.editor.history[:]
    h0 = next(iter(sorted(first.fields)))
    drag(app, scene, [h0, Hex(h0.q + 2, h0.r), Hex(h0.q + 3, h0.r - 1)])  # drag the selection
    assert set(scene.draft.fields) == {Hex(h.q + 3, h.r - 1) for h in first.fields}
    assert scene.editor.history == start + [f"move {len(first.occupied())} fields"]
    key(app, pygame.K_q)
    assert scene.editor.history[-1].startswith("turn") and scene.draft.fields != first.fields
    key(app, pygame.K_e)  # and back
    assert set(scene.draft.fields) == {Hex(h.q + 3, h.r - 1) for h in first.fields}
    key(app, pygame.K_h)
    mirrored = scene.draft
    assert mirrored.fields != scene.editor._history[-2][0].fields
    key(app, pygame.K_h)
    settle_scene(app, scene)
    assert not scene.problems  # the track is still a track after all that
    for _ in range(5):
        key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.draft == first


def settle_scene(app: App, scene: EditorScene) -> None:
    from tests.ui.test_editor_ui import settle

    settle(app, scene)


def test_copy_and_paste_lays_a_copy_where_clicked_and_delete_erases(app: App) -> None:
    scene = open_scene(app, Editor())
    piece = [Hex(q, 0) for q in range(4)]
    scene.apply(lambda d: d.paint(piece), "paint")
    key(app, pygame.K_m)
    drag(app, scene, [Hex(-1, 0), Hex(5, 0)])
    assert scene.tool.selected() == frozenset(piece)  # type: ignore[attr-defined]
    key(app, pygame.K_c, pygame.KMOD_LCTRL)
    assert "copied 4 fields" in scene.message
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    hover(app, scene, Hex(1, 3))
    shown = {h for p in scene.tool.previews() for h in p.hexes}
    assert {Hex(q, 3) for q in range(-1, 3)} <= shown  # the copy follows the mouse (anchored at its middle)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px(scene, Hex(1, 3)), button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px(scene, Hex(1, 3)), button=1))
    step(app)
    pasted = set(scene.draft.fields) - set(piece)
    assert len(pasted) == 4 and {h.r for h in pasted} == {3}
    assert scene.editor.history[-1] == "paste 4 fields"
    key(app, pygame.K_DELETE)  # the pasted copy is selected: Del erases it
    assert set(scene.draft.fields) == set(piece)
    click_at(app, action_center(scene, "region:turn-left"))  # nothing selected: said so
    assert "select a region first" in scene.message
    scene.draw(app.screen)


# --- the test drive marks what matters -----------------------------------------------------------------


def test_the_test_drive_marks_only_the_hot_spots_and_explains_them(app: App) -> None:
    from game.racerbile.dangers import hot_spots
    from game.racerbile.validate import load_track
    from game.ui.editor.editor_canvas import RUNOFF_COLOURS

    reference = Path(__file__).resolve().parent.parent / "data" / "tracks" / "editor_reference.yaml"
    scene = open_scene(app, Editor.open(reference))
    plain = app.screen.copy()
    key(app, pygame.K_t)
    key(app, pygame.K_RETURN)
    assert scene.drive is not None
    for _ in range(300):
        if scene.drive.analysis.done:
            break
        step(app)
    step(app, 2)
    every = scene.drive.analysis.markers
    shown = scene.canvas.markers
    fields = load_track(reference).fields
    assert len(every) == len(fields)  # every field sees some run-off or squeal …
    assert 0 < len(shown) <= len(fields) // 2  # … only the worst are marked
    top = max(m.runoffs for m in every.values())
    assert any(m.runoffs == top for m in shown.values()) and all(m.runoffs == 0 or m.runoffs >= top / 2 for m in shown.values())
    assert shown == hot_spots(every)
    # the legend, in the panel: what each mark means, and that only the worst are marked
    from game.ui.editor.editor_panels import LEGEND

    assert any("only the worst" in label for _k, label in LEGEND)
    p = scene.lay.panel
    now = app.screen
    assert any(now.get_at((x, y))[:3] == RUNOFF_COLOURS[10] for x in range(p.x, p.x + 60) for y in range(p.y, p.bottom, 1))
    assert any(now.get_at((x, y)) != plain.get_at((x, y)) for x in range(p.x, p.right, 4) for y in range(p.y, p.bottom, 4))
    key(app, pygame.K_t)
    assert scene.drive is None and not scene.canvas.markers


def test_hot_spots_keep_the_worst_fields() -> None:
    from game.racerbile.dangers import Marker, hot_spots

    m = {Hex(0, 0): Marker(10, 10, 0.0), Hex(1, 0): Marker(4, 11, 6.0), Hex(2, 0): Marker(6, 12, 1.0), Hex(3, 0): Marker(0, 0, 2.0)}
    hot = hot_spots(m, share=0.5, fields=1.0)  # half the most, at least
    assert hot == {Hex(0, 0): Marker(10, 10, 0.0), Hex(1, 0): Marker(0, 0, 6.0), Hex(2, 0): Marker(6, 12, 0.0)}
    assert hot_spots(m, share=0.5, fields=0.25) == {Hex(0, 0): Marker(10, 10, 0.0), Hex(1, 0): Marker(0, 0, 6.0)}  # the worst quarter
    assert hot_spots({}) == {}


# --- a fork without a split --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["le_mans", "naaleoejet"])
def test_a_fork_without_a_split_gets_a_hint(app: App, name: str) -> None:
    from game.racerbile.draft import Draft
    from game.racerbile.editing import unsplit_forks
    from game.racerbile.trackfile import read_track
    from game.racerbile.tracks import SHIPPED
    from game.ui.editor.editor import FORK_QUIET

    track = Draft.from_track(read_track(SHIPPED / f"{name}.yaml").track)
    assert track.splits and unsplit_forks(track) == []
    split = track.splits[0]
    scene = open_scene(app, Editor(track))
    assert scene.forks == [] and scene.panel_state().hints == ()
    scene.apply(lambda d: d.remove_split(split.name), "remove the split")
    scene.sync(now=True)
    assert scene.forks == []  # (not in the middle of the edits: once they pause)
    scene.update(FORK_QUIET + 0.1)
    assert len(scene.forks) == 1 and "without a split" in scene.message and "(X)" in scene.message
    shore = set(scene.forks[0])
    assert any(n in shore for _n, b in split.branches for n in [b, *b.neighbours()])  # where the split was
    (hint,) = scene.panel_state().hints
    assert "forks round an island" in hint
    scene.draw(app.screen)
    click_at(app, action_center(scene, "hint:0"))
    assert scene.flash is not None and set(scene.flash[0]) == shore
    scene.apply(lambda d: d.add_split(split), "split")
    scene.sync(now=True)
    scene.update(FORK_QUIET + 0.1)
    assert scene.forks == [] and scene.panel_state().hints == ()
