"""The track editor scene, headless: synthesised mouse and keyboard events draw tracks on a real
window (dummy video), the board and the panels follow, saving never loses a good file, the `edit`
command and the menu open the editor."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import pygame
import pygame_gui
import pytest

from game.cli import main as cli_main
from game.hexgrid import Hex, ring
from game.racerbile.dangers import hot_spots
from game.racerbile.draft import Draft
from game.racerbile.editing import Editor
from game.racerbile.shapes import lane, rect
from game.racerbile.track import Kind
from game.racerbile.trackfile import read_track
from game.racerbile.validate import load_track, validate
from game.ui.editor.editor import CHECK_EVERY, EditorScene
from game.ui.editor.editor_files import slug
from game.ui.editor.editor_canvas import RING as RING_RED
from game.ui.editor.editor_canvas import SheetView
from game.ui.editor.editor_panels import EditorLayout, TextPrompt
from game.ui.common.modal import Confirm, ListDialog

if TYPE_CHECKING:
    from game.ui.common.app import App

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "tracks"
REFERENCE = DATA / "editor_reference.yaml"  # tests/tracks/test_editor_model.py: REFERENCE_EDITS draws it
RING_FILE = DATA / "ring.yaml"
LE_MANS = ROOT / "tracks" / "le_mans.yaml"
DT = 1 / 60


# --- driving the scene ---------------------------------------------------------------------------


def post(e: pygame.event.Event) -> None:
    pygame.event.post(e)


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def settle(app: App, scene: EditorScene) -> None:
    """Let the debounced validation catch up (it runs at most every `CHECK_EVERY` seconds)."""
    for _ in range(int(CHECK_EVERY / DT) + 2):
        if not scene.checking:
            return
        step(app)
    assert not scene.checking, "validated within CHECK_EVERY"


def open_scene(app: App, editor: Editor | None = None) -> EditorScene:
    scene = EditorScene(app, editor if editor is not None else Editor())
    app.push(scene)
    step(app)
    return scene


def px(scene: EditorScene, h: Hex) -> tuple[int, int]:
    """The pixel of a hex's centre, from the view's layout."""
    x, y = scene.canvas.to_pixel(h)
    return (int(round(x)), int(round(y)))


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    step(app)


def ctrl(app: App, k: int, shift: bool = False) -> None:
    key(app, k, pygame.KMOD_LCTRL | (pygame.KMOD_LSHIFT if shift else 0))


def drag(app: App, scene: EditorScene, hexes: Sequence[Hex], button: int = 1, *, release: bool = True) -> None:
    """Press on the first hex, move over the others, release on the last."""
    held = (1, 0, 0) if button == 1 else (0, 1, 0) if button == 2 else (0, 0, 1)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px(scene, hexes[0]), button=button))
    for h in hexes[1:]:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=px(scene, h), rel=(0, 0), buttons=held))
    if release:
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px(scene, hexes[-1]), button=button))
    step(app)


def click(app: App, scene: EditorScene, h: Hex, button: int = 1) -> None:
    drag(app, scene, [h], button)


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def type_text(app: App, text: str) -> None:
    """Replace the focused line's text as a person would: select all, type, Enter."""
    ctrl(app, pygame.K_a)
    post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app)
    key(app, pygame.K_RETURN)


def action_rect(scene: EditorScene, action: str) -> pygame.Rect:
    """Where the button for `action` is (palette, panel or title bar)."""
    scene.draw(scene.host.screen)  # type: ignore[attr-defined]
    hits = list(scene.frame.tools_pic[2]) if scene.frame.tools_pic else []
    hits += scene.frame.panel_pic[1].hits if scene.frame.panel_pic else []
    hits += scene.frame.top_pic[2] if scene.frame.top_pic else []
    for where, name in hits:
        if name == action:
            return where
    raise AssertionError(f"no button {action!r}")


def free_row(scene: EditorScene, n: int) -> list[Hex]:
    """`n` free hexes in a row (east), on screen, beside no field (zooming out to make room)."""
    taken = scene.draft.occupied()
    near = {x for h in taken for x in h.neighbours()}
    for _ in range(8):
        b = scene.lay.board.inflate(-40, -40)
        for r in range(-40, 40):
            for q in range(-40, 40):
                row = [Hex(q + i, r) for i in range(n)]
                if all(h not in taken and h not in near and b.collidepoint(px(scene, h)) for h in row):
                    return row
        scene.canvas.zoom(0.7)
    raise AssertionError("no room on screen")


RING4 = ring(Hex(0, 0), 4)  # the reference's stroke: round 0,0, from -4,4 counter-clockwise on screen


def draw_reference(app: App, scene: EditorScene) -> None:
    """The reference track with the mouse (see tests/tracks/test_editor_model.py: REFERENCE_EDITS):
    the lane tool two wide round the ring, the start tool across the bottom heading east, the
    brush with kind 3 (blocking) and kind 4 (midway)."""
    key(app, pygame.K_l)
    assert scene.lane_width == 2
    drag(app, scene, RING4 + [RING4[0]])
    key(app, pygame.K_s)
    drag(app, scene, [Hex(-2, 3), Hex(-2, 4)])
    click(app, scene, Hex(-1, 4))  # the compass round the start fields: east
    key(app, pygame.K_b)
    key(app, pygame.K_3)
    click(app, scene, Hex(4, -2))
    key(app, pygame.K_4)
    click(app, scene, Hex(1, -4))


def reference_hash() -> str:
    return load_track(REFERENCE).content_hash


def copy_of(src: Path, tmp_path: Path, name: str = "track.yaml") -> Path:
    p = tmp_path / name
    shutil.copyfile(src, p)
    return p


# --- drawing ---------------------------------------------------------------------------------------


def test_scripted_editing_draws_the_reference_track(app: App) -> None:
    scene = open_scene(app)
    draw_reference(app, scene)
    track = scene.draft.to_track()
    assert track.content_hash == reference_hash()
    settle(app, scene)
    assert scene.problems == [] and scene.lap == read_track(REFERENCE).track.graph.lap_length
    assert scene.editor.history == ["start", "lane normal: 42 fields", "start line: 2 fields", "paint blocking: 1 field", "paint midway: 1 field"]


def test_undo_and_redo_by_keys_return_exactly_to_earlier_drafts(app: App) -> None:
    scene = open_scene(app)
    seen: list[Draft] = [scene.draft]
    key(app, pygame.K_l)
    drag(app, scene, RING4 + [RING4[0]])
    seen.append(scene.draft)
    key(app, pygame.K_s)
    drag(app, scene, [Hex(-2, 3), Hex(-2, 4)])
    click(app, scene, Hex(-1, 4))
    seen.append(scene.draft)
    key(app, pygame.K_b)
    drag(app, scene, [Hex(5, 0), Hex(6, 0), Hex(7, 0)])
    seen.append(scene.draft)
    for i in range(len(seen) - 1, 0, -1):
        assert scene.draft == seen[i]
        ctrl(app, pygame.K_z)
    assert scene.draft == seen[0] == Draft()
    ctrl(app, pygame.K_z)  # nothing more to undo: nothing changes
    assert scene.draft == Draft()
    ctrl(app, pygame.K_y)
    assert scene.draft == seen[1]
    ctrl(app, pygame.K_z, shift=True)  # Ctrl+Shift+Z redoes too
    assert scene.draft == seen[2]
    ctrl(app, pygame.K_y)
    assert scene.draft == seen[3]
    assert scene.canvas.draft is scene.draft  # the board shows it


def test_a_paint_drag_edits_live_and_is_one_step_of_the_history(app: App) -> None:
    scene = open_scene(app)
    row = [Hex(q, 0) for q in range(-3, 4)]
    drag(app, scene, row, release=False)
    assert set(row) <= set(scene.draft.fields)  # laid while the button is still down
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px(scene, row[-1]), button=1))
    step(app)
    assert scene.editor.history == ["start", "paint normal: 7 fields"]
    # a fast mouse that skips hexes leaves no gap
    drag(app, scene, [Hex(-3, 2), Hex(3, 2)])
    assert {Hex(q, 2) for q in range(-3, 4)} <= set(scene.draft.fields)
    # right drag erases, one step again
    drag(app, scene, [Hex(-1, 0), Hex(1, 0)], button=3)
    assert not {Hex(-1, 0), Hex(0, 0), Hex(1, 0)} & set(scene.draft.fields)
    assert scene.editor.history[-1] == "erase: 3 fields"
    ctrl(app, pygame.K_z)
    assert {Hex(-1, 0), Hex(0, 0), Hex(1, 0)} <= set(scene.draft.fields)


def test_the_kinds_by_keys_and_by_the_picker(app: App) -> None:
    scene = open_scene(app)
    for k, kind in ((pygame.K_2, Kind.DOWNSHIFT), (pygame.K_3, Kind.BLOCKING), (pygame.K_1, Kind.NORMAL)):
        key(app, k)
        assert scene.kind is kind
    click_at(app, action_rect(scene, "kind:3").center)
    assert scene.kind is Kind.MIDWAY
    click(app, scene, Hex(0, 0))
    assert scene.draft.fields[Hex(0, 0)] is Kind.MIDWAY


def test_lane_rectangle_and_fill_tools(app: App) -> None:
    scene = open_scene(app)
    key(app, pygame.K_l)
    key(app, pygame.K_RIGHTBRACKET)
    assert scene.lane_width == 3
    stroke = [Hex(q, 0) for q in range(-4, 5)]
    drag(app, scene, stroke)
    assert set(scene.draft.fields) == set(lane(stroke, 3))
    assert {Hex(0, 0), Hex(0, -1), Hex(0, -2)} <= set(scene.draft.fields)  # on the stroke's left (north)
    ctrl(app, pygame.K_z)
    key(app, pygame.K_r)
    drag(app, scene, [Hex(-2, -2), Hex(0, 0), Hex(2, 2)])
    block = set(rect(Hex(-2, -2), Hex(2, 2)))
    assert set(scene.draft.fields) == block and len(block) == 35
    key(app, pygame.K_3)
    key(app, pygame.K_g)
    click(app, scene, Hex(0, 0))  # re-kind the connected region
    assert all(k is Kind.BLOCKING for k in scene.draft.fields.values())
    key(app, pygame.K_r)
    drag(app, scene, [Hex(-1, -1), Hex(1, 1)], button=3)  # right: erase a block
    assert set(scene.draft.fields) == block - set(rect(Hex(-1, -1), Hex(1, 1)))
    key(app, pygame.K_g)
    key(app, pygame.K_1)
    click(app, scene, Hex(0, 0))  # inside the frame left: fill the hole
    assert set(scene.draft.fields) == block and scene.draft.fields[Hex(0, 0)] is Kind.NORMAL


def test_features_by_their_tools(app: App) -> None:
    """Arrows, a split (named in its dialog), the pit lane, the 42 field, the bridge, a label."""
    scene = open_scene(app, Editor(Draft.from_track(read_track(DATA / "lanes.yaml").track)))
    d0 = scene.draft
    fields = sorted(d0.fields)
    a = fields[len(fields) // 2]
    nb = next(n for n in a.neighbours() if n in d0.fields)
    key(app, pygame.K_a)
    click(app, scene, a)
    click(app, scene, nb)
    assert scene.draft.arrows[a] == [n for n in range(6) if a.neighbour(n) == nb][0]
    click(app, scene, a, button=3)
    assert a not in scene.draft.arrows
    # the 42 field and the bridge
    key(app, pygame.K_n)
    click(app, scene, fields[3])
    assert scene.draft.field42 == fields[3]
    key(app, pygame.K_d)
    drag(app, scene, fields[5:7])
    assert set(scene.draft.dunlop) >= set(fields[5:7])
    # a label, typed in its dialog
    key(app, pygame.K_w)
    click(app, scene, fields[0])
    assert isinstance(scene.modal, TextPrompt)
    type_text(app, "Tertre Rouge")
    assert scene.modal is None
    assert [(lb.at, lb.text) for lb in scene.draft.labels if lb.at == fields[0]] == [(fields[0], "Tertre Rouge")]
    # the pit lane: its fields in order over free hexes, then its entry and exit
    free = free_row(scene, 4)
    key(app, pygame.K_p)
    drag(app, scene, free)
    click(app, scene, fields[1])
    click(app, scene, fields[2])
    pit = scene.draft.pit
    assert pit is not None and pit.fields == tuple(free) and (pit.entry, pit.exit) == (fields[1], fields[2])
    # a split: fork, two branches, Enter, rejoin, a name
    key(app, pygame.K_x)
    click(app, scene, fields[10])
    click(app, scene, fields[11])
    click(app, scene, fields[12])
    key(app, pygame.K_RETURN)
    click(app, scene, fields[13])
    assert isinstance(scene.modal, TextPrompt)
    scene.modal.entries[1].set_text("left, right")
    type_text(app, "Island")
    sp = next(s for s in scene.draft.splits if s.name == "Island")
    assert (sp.fork, sp.rejoin, sp.branches) == (fields[10], fields[13], (("left", fields[11]), ("right", fields[12])))
    click(app, scene, fields[11], button=3)  # right click on any of its fields removes it
    assert all(s.name != "Island" for s in scene.draft.splits)


def test_problems_are_ringed_on_the_board_and_listed(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    assert scene.problems == []
    drag(app, scene, [Hex(0, 3), Hex(0, 4)], button=3)  # the brush's right button erases: a cut
    settle(app, scene)
    assert scene.problems, "a cut ring is no loop"
    marked = {h for p in scene.problems for h in p.fields}
    assert marked and marked == set(scene.canvas.marks)
    h = next(iter(marked))
    x, y = px(scene, h)
    s = scene.canvas.scale
    ringed = [app.screen.get_at((int(x + dx), int(y + dy)))[:3] for dx, dy in ((s * 0.86, 0), (-s * 0.86, 0), (0, s * 0.86), (0, -s * 0.86))]
    assert any(c == RING_RED for c in ringed), ringed
    # listed in the panel; a click on one centres the board on it
    scene.canvas.pan(300, 200)
    step(app)
    first = next(i for i, p in enumerate(scene.problems) if p.fields)
    click_at(app, action_rect(scene, f"problem:{first}").center)
    pts = [scene.canvas.to_pixel(h) for h in scene.problems[first].fields]
    fx, fy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    assert abs(fx - scene.lay.board.centerx) < 1 and abs(fy - scene.lay.board.centery) < 1
    # the status bar says so
    left, *_ = scene.status_texts()
    assert f"{len(scene.problems)} problem" in left
    ctrl(app, pygame.K_z)
    settle(app, scene)
    assert scene.problems == [] and not scene.canvas.marks


def test_validation_after_clicks_is_debounced_like_drags(app: App) -> None:
    """A click after a quiet spell is checked at once; quick clicks after it at most every
    CHECK_EVERY seconds, the last one that long after the check before at the latest."""
    scene = open_scene(app, Editor.open(RING_FILE))
    row = free_row(scene, 3)
    app.step(CHECK_EVERY)  # quiet
    click(app, scene, row[0])
    assert not scene.checking and scene.problems  # at once: a field off the race
    first = scene.problems
    click(app, scene, row[1])  # a moment later
    assert scene.checking and scene.problems == first  # the check waits
    settle(app, scene)
    assert scene.problems == scene.editor.problems() and scene.problems != first


def test_validation_waits_while_dragging_and_runs_at_the_release(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    row = free_row(scene, 5)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px(scene, row[0]), button=1))
    app.step(0.0)  # no time passes: the draft changed, the check is due later
    assert scene.checking
    for h in row[1:]:
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=px(scene, h), rel=(0, 0), buttons=(1, 0, 0)))
    app.step(0.2)  # a tenth of a second and more: checked while the drag goes on
    assert not scene.checking
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px(scene, row[-1]), button=1))
    app.step(0.0)
    assert not scene.checking and scene.problems  # fields off the race


def test_a_change_repaints_only_round_it(app: App) -> None:
    scene = open_scene(app, Editor.open(LE_MANS))
    step(app)
    renders, patches = scene.canvas.repaints, scene.canvas.patches
    h = next(iter(scene.draft.fields))
    click(app, scene, h, button=3)
    step(app)
    assert scene.canvas.repaints == renders and scene.canvas.patches > patches
    # the patched picture equals one painted from scratch
    patched = scene.canvas.picture().copy()
    scene.canvas.invalidate()
    fresh = scene.canvas.picture()
    assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(fresh, "RGB")


# --- saving ----------------------------------------------------------------------------------------


def test_an_invalid_track_is_refused_over_a_valid_file_and_saved_as_a_draft(app: App, tmp_path: Path) -> None:
    path = copy_of(RING_FILE, tmp_path)
    before = path.read_bytes()
    scene = open_scene(app, Editor.open(path))
    drag(app, scene, [Hex(0, 3), Hex(0, 4)], button=3)
    settle(app, scene)
    assert scene.problems
    ctrl(app, pygame.K_s)
    assert path.read_bytes() == before  # the good file is untouched …
    assert not path.with_name(path.name + ".bak").exists()
    assert isinstance(scene.modal, Confirm)  # … and the refusal offers a draft
    key(app, pygame.K_RETURN)  # "Save as draft…"
    assert isinstance(scene.modal, TextPrompt)
    assert scene.modal.texts()[0].endswith("track.draft.yaml")
    draft_file = tmp_path / "mine.draft.yaml"
    type_text(app, str(draft_file))
    assert path.read_bytes() == before
    assert validate(read_track(draft_file))  # the draft keeps its problems
    assert read_track(draft_file).track.content_hash == scene.draft.to_track().content_hash
    assert "draft saved" in scene.message
    # a draft is never written over a good track either
    scene.write_draft(copy_of(RING_FILE, tmp_path, "other.yaml"))
    assert (tmp_path / "other.yaml").read_bytes() == before


def test_save_keeps_a_backup_and_writes_a_valid_file(app: App, tmp_path: Path) -> None:
    path = copy_of(RING_FILE, tmp_path)
    before = path.read_bytes()
    scene = open_scene(app, Editor.open(path))
    key(app, pygame.K_2)
    click(app, scene, Hex(0, 3))  # a downshift field
    assert scene.editor.dirty and scene.problems == []
    ctrl(app, pygame.K_s)
    assert not scene.editor.dirty
    assert path.with_name(path.name + ".bak").read_bytes() == before
    assert load_track(path).fields[Hex(0, 3)] is Kind.DOWNSHIFT
    assert "saved" in scene.message


def test_save_as_names_a_new_file(app: App, tmp_path: Path) -> None:
    scene = open_scene(app)
    draw_reference(app, scene)
    ctrl(app, pygame.K_s)  # no file yet: Ctrl+S asks where
    assert isinstance(scene.modal, TextPrompt)
    assert scene.modal.texts()[0].endswith(f"{slug('New track')}.yaml")
    out = tmp_path / "drawn"
    type_text(app, str(out))
    saved = tmp_path / "drawn.yaml"
    assert load_track(saved).content_hash == reference_hash()
    assert scene.editor.path == saved and not scene.editor.dirty
    # Ctrl+Shift+S: another name
    ctrl(app, pygame.K_s, shift=True)
    type_text(app, str(tmp_path / "copy.yaml"))
    assert load_track(tmp_path / "copy.yaml").content_hash == reference_hash()


def test_export_png(app: App, tmp_path: Path) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    ctrl(app, pygame.K_e)
    assert isinstance(scene.modal, TextPrompt)
    out = tmp_path / "ring.png"
    type_text(app, str(out))
    img = pygame.image.load(str(out))
    assert img.get_size() == (1600, 1000)


def test_leaving_with_unsaved_changes_asks(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    key(app, pygame.K_2)
    click(app, scene, Hex(0, 3))
    key(app, pygame.K_ESCAPE)
    assert isinstance(scene.modal, Confirm) and app.scene is scene
    key(app, pygame.K_ESCAPE)  # Esc closes the question: still editing
    assert scene.modal is None and app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(scene.modal, Confirm)
    scene.modal.on_choice("Discard")
    step(app)
    assert not app.running or app.scene is not scene


def test_discarding_at_the_close_button_quits(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    key(app, pygame.K_2)
    click(app, scene, Hex(0, 3))
    post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert app.running and isinstance(scene.modal, Confirm)
    scene.modal.on_choice("Discard")
    step(app)
    assert not app.running


def test_closing_the_window_asks_and_keeps_unsaved_work_as_a_draft(app: App, tmp_path: Path) -> None:
    from game.racerbile.tracks import user_track_dir

    scene = open_scene(app)
    key(app, pygame.K_b)
    drag(app, scene, [Hex(0, 0), Hex(3, 0)])
    post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert app.running and isinstance(scene.modal, Confirm)  # the close button asks first
    scene.modal.on_choice("Cancel")
    step(app)
    assert app.running and app.scene is scene
    post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert app.running and isinstance(scene.modal, Confirm)
    app.close()  # the program goes away unanswered (a kill, a logout): the work is kept
    kept = user_track_dir() / "new_track.unsaved.yaml"
    assert str(kept).startswith(str(tmp_path))  # the app fixture's data folder
    assert set(read_track(kept).track.fields) == {Hex(q, 0) for q in range(4)}


# --- test drive ------------------------------------------------------------------------------------


def test_t_plays_the_test_drive_back_and_draws_the_dangers(app: App) -> None:
    """T starts the test drive: the caps go round, Enter skips to the end, the analysis's markers are
    drawn and listed, T again ends it (the drive and the dangers: tests/session/test_editor_flow.py)."""
    scene = open_scene(app, Editor.open(REFERENCE))
    key(app, pygame.K_t)
    drive = scene.drive
    assert drive is not None and drive.result.moves
    assert "a lap in" in scene.message
    step(app, 30)
    moved = drive.cars[0][0] != drive.result.starts[0] or drive.index > 0
    assert moved  # animated: the caps go round
    key(app, pygame.K_RETURN)  # skip to the end
    assert drive.finished
    for _ in range(200):
        if drive.analysis.done:
            break
        step(app)
    step(app, 2)
    assert drive.analysis.done and scene.canvas.markers and scene.canvas.markers == hot_spots(drive.analysis.markers)
    assert any("run-offs" in line for line in scene.panel_state().drive or ())
    key(app, pygame.K_t)
    assert scene.drive is None and not scene.canvas.markers


def test_the_test_drive_needs_a_valid_track(app: App) -> None:
    scene = open_scene(app)
    key(app, pygame.K_t)
    assert scene.drive is None and "problem" in scene.message


# --- the view ---------------------------------------------------------------------------------------


def test_zoom_pan_and_fit_as_on_the_board(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    c = scene.canvas
    at = (scene.lay.board.centerx + 50, scene.lay.board.centery + 30)
    under = c.units_at(at)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0, flipped=False, pos=at))
    step(app)
    assert c.scale > 0 and c.units_at(at) == pytest.approx(under, abs=1e-6)
    s = c.scale
    o = c.origin
    drag(app, scene, [Hex(0, 0), Hex(2, 0)], button=2)  # middle drag pans, edits nothing
    assert c.origin != o and c.scale == s and scene.editor.history == ["start"]
    key(app, pygame.K_f)
    for h in scene.draft.fields:
        assert scene.lay.board.collidepoint(px(scene, h))


def test_the_empty_sheet_has_a_grid(app: App) -> None:
    scene = open_scene(app)
    c = scene.canvas
    pic = pygame.Surface(app.screen.get_size())
    pic.blit(app.screen, (0, 0))
    b = scene.lay.board
    colours = {pic.get_at((x, y))[:3] for x in range(b.x + 10, b.right - 10, 7) for y in range(b.y + 10, b.bottom - 10, 7)}
    assert len(colours) >= 2  # paper and grid lines
    assert c.hex_at(c.to_pixel(Hex(7, -3))) == Hex(7, -3)


def test_a_dropped_image_lies_under_the_grid_and_moves(app: App, tmp_path: Path) -> None:
    img = pygame.Surface((200, 120))
    img.fill((250, 20, 200))
    path = tmp_path / "circuit.png"
    pygame.image.save(img, str(path))
    scene = open_scene(app)
    post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    step(app)
    bg = scene.draft.background
    assert bg is not None and bg.path == str(path) and 0 < bg.opacity < 1
    centre = scene.lay.board.center
    colour = app.screen.get_at(centre)[:3]
    assert colour[0] > 120 and colour[2] > 100 and colour[1] < 120  # the magenta shows through
    # the image tool: drag moves it, ] scales it, . makes it stronger
    key(app, pygame.K_i)
    drag(app, scene, [Hex(0, 0), Hex(2, 0)])
    moved = scene.draft.background
    assert moved is not None and moved.offset[0] > bg.offset[0] and moved.scale == bg.scale
    key(app, pygame.K_RIGHTBRACKET)
    bigger = scene.draft.background
    assert bigger is not None and bigger.scale < moved.scale  # fewer image pixels a hex: drawn larger
    key(app, pygame.K_PERIOD)
    assert scene.draft.background is not None and scene.draft.background.opacity > bigger.opacity
    history = len(scene.editor.history)
    key(app, pygame.K_DELETE)
    assert scene.draft.background is None and len(scene.editor.history) == history + 1


def test_help_overlay_lists_the_keys(app: App) -> None:
    scene = open_scene(app)
    key(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert scene.show_help
    key(app, pygame.K_ESCAPE)
    assert not scene.show_help and app.scene is scene
    key(app, pygame.K_F1)
    assert scene.show_help


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (960, 640)])
def test_the_layout_fits_the_window(size: tuple[int, int]) -> None:
    lay = EditorLayout.for_size(size)
    window = pygame.Rect((0, 0), size)
    parts = [lay.top, lay.tools, lay.panel, lay.status, lay.board]
    for i, a in enumerate(parts):
        assert window.contains(a)
        for b in parts[i + 1 :]:
            assert not a.colliderect(b)
    assert sum(p.w * p.h for p in parts) == size[0] * size[1]
    assert lay.board.w >= size[0] * 0.5 and lay.panel.w >= 250


def test_the_panel_buttons_lie_inside_the_panel(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    step(app)
    assert scene.frame.panel_pic is not None and scene.frame.tools_pic is not None
    for where, _ in scene.frame.panel_pic[1].hits:
        assert scene.lay.panel.contains(where)
    for where, _ in scene.frame.tools_pic[2]:
        assert scene.lay.tools.contains(where)
    click_at(app, action_rect(scene, "tool:1").center)
    assert scene.tool.name == "Lane"


# --- opening the editor --------------------------------------------------------------------------


def test_the_edit_command_runs_headless(tmp_path: Path) -> None:
    shot = tmp_path / "editor.png"
    assert cli_main(["edit", str(LE_MANS), "--frames", "3", "--screenshot", str(shot)]) == 0
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 800)
    colours = {img.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 8


def test_the_edit_command_opens_a_new_file_and_refuses_a_broken_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new = tmp_path / "fresh.yaml"
    assert cli_main(["edit", str(new), "--frames", "2"]) == 0
    assert not new.exists()  # nothing drawn, nothing written
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nname: Broken\nlanes:\n  - 0,0 e3 zz\nstart: {fields: 0,0, heading: e}\n", encoding="utf-8")
    assert cli_main(["edit", str(broken), "--frames", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{broken}:4:") and "Traceback" not in err
    assert cli_main(["edit", "--from", "nowhere", "--frames", "2"]) == 2
    assert cli_main(["edit", "--from", "babybane", "--frames", "2", "--size", "1024x640"]) == 0


def test_the_menu_opens_the_editor(app: App) -> None:
    from game.ui.shell.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    step(app)
    post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=menu.edit_button))
    step(app)
    assert isinstance(menu.modal, ListDialog)
    keys = [k for _, k in menu.modal.items]
    assert "new" in keys and "template:le_mans" in keys and any(k.startswith("open:") and k.endswith("le_mans.yaml") for k in keys)
    menu.modal.on_action("template:babybane")
    step(app)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    assert scene.editor.path is None and scene.draft.name == "Babybane"
    key(app, pygame.K_ESCAPE)  # nothing changed: straight back to the menu
    assert app.scene is menu


def test_the_menu_reports_a_broken_file(app: App, tmp_path: Path) -> None:
    from game.ui.shell.menu import MenuScene

    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nname: [\n", encoding="utf-8")
    menu = MenuScene(app)
    app.push(menu)
    menu.open_editor()
    assert isinstance(menu.modal, ListDialog)
    menu.modal.on_action(f"open:{broken}")
    assert isinstance(menu.modal, ListDialog) and "broken.yaml:" in menu.modal.message
    assert app.scene is menu


def test_sheet_view_draws_every_theme(tmp_path: Path) -> None:
    pygame.font.init()
    from game.ui.common.theme import Fonts

    d = Draft.from_track(read_track(DATA / "full.yaml").track)
    for t in ("classic", "stalin", "lemans", "night"):
        v = SheetView(d.set_theme(t), pygame.Rect(0, 0, 640, 400), Fonts())
        pic = v.picture()
        x, y = v.to_pixel(next(iter(d.fields)))
        assert pic.get_at((int(x - v.area.x + v._margin()), int(y - v.area.y + v._margin())))[:3] != (0, 0, 0)


def test_a_click_on_the_history_goes_back_there(app: App) -> None:
    scene = open_scene(app)
    drafts = [scene.draft]
    for q in range(3):
        click(app, scene, Hex(q, 0))
        drafts.append(scene.draft)
    click_at(app, action_rect(scene, "history:1").center)
    assert scene.draft == drafts[1] and scene.editor.can_redo
    ctrl(app, pygame.K_y)
    assert scene.draft == drafts[2]


def test_leaving_a_new_track_with_save_asks_for_a_name_then_leaves(app: App, tmp_path: Path) -> None:
    scene = open_scene(app)
    draw_reference(app, scene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(scene.modal, Confirm)
    key(app, pygame.K_RETURN)  # "Save"
    assert isinstance(scene.modal, TextPrompt)
    type_text(app, str(tmp_path / "left.yaml"))
    assert load_track(tmp_path / "left.yaml").content_hash == reference_hash()
    assert app.scene is not scene


def test_the_window_can_change_size_while_editing(app: App) -> None:
    scene = open_scene(app, Editor.open(RING_FILE))
    post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640))
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640))
    step(app, 2)
    assert scene.lay.size == (1024, 640) and scene.canvas.area == scene.lay.board
    click(app, scene, Hex(0, 3), button=3)
    assert Hex(0, 3) not in scene.draft.fields


def test_the_theme_dialog_switches_the_hexes_tops(app: App) -> None:
    """C offers the colours and pointy or flat tops; a flat-topped draft saves as such."""
    scene = open_scene(app, Editor.open(RING_FILE))
    key(app, pygame.K_c)
    assert isinstance(scene.modal, ListDialog)
    scene.modal.on_action("orientation:flat")
    step(app)
    assert scene.editor.draft.orientation == "flat" and scene.editor.history[-1] == "flat tops"
    assert "orientation: flat" in scene.editor.text()
    ctrl(app, pygame.K_z)
    assert scene.editor.draft.orientation == "pointy"
