"""The editor never loses work (issues 18 and 19): drafts reopen with their problems, a recovery
file is written every few seconds and offered on the next start, SIGTERM keeps the work and quits,
kill -9 loses at most the last seconds, a file changed by someone else is not overwritten
unasked, side files with NaN or absurd numbers are refused with a message, and a full or
read-only disk keeps the previous good copy and says so once."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pygame
import pytest

from game.hexgrid import Hex
from game.racerbile.draft import Background, Draft
from game.racerbile.editing import Editor, FileChanged, sidecar
from game.racerbile.recovery import draft_from_data, draft_to_data, read_recovery, recoveries, recovery_file, write_recovery
from game.racerbile.trackfile import read_track
from game.racerbile.tracks import SHIPPED, is_draft_file, user_track_dir
from game.ui.common.modal import Confirm
from game.ui.editor.editor import EditorScene, editor_choices, open_editor
from game.ui.editor.editor_recovery import RECOVERY_EVERY
from tests.editor_worker import laid

if TYPE_CHECKING:
    from game.ui.common.app import App

ROOT = Path(__file__).resolve().parents[2]
RING_FILE = ROOT / "tests" / "data" / "tracks" / "ring.yaml"
WORKER = ROOT / "tests" / "editor_worker.py"
DT = 1 / 60


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def open_scene(app: App, editor: Editor) -> EditorScene:
    scene = EditorScene(app, editor)
    app.push(scene)
    step(app)
    return scene


def ring_copy(tmp_path: Path, name: str = "ring.yaml") -> Path:
    p = tmp_path / name
    p.write_text(RING_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    return p


# --- the draft as data --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["babybane", "le_mans"])
def test_a_draft_survives_its_recovery_data_whole(name: str) -> None:
    d = Draft.from_track(read_track(SHIPPED / f"{name}.yaml").track).set_background(Background("/x/y.png", 12.5, (-3.0, 4.25), 0.4))
    back = draft_from_data(json.loads(json.dumps(draft_to_data(d))))
    assert back == d and back.to_track().content_hash == d.to_track().content_hash


@pytest.mark.parametrize(
    "bad, what",
    [
        ({"scale": float("nan")}, "scale"),
        ({"scale": float("inf")}, "scale"),
        ({"scale": 1e308}, "scale"),
        ({"offset": [1e308, 0]}, "offset x"),
        ({"offset": [0, float("-inf")]}, "offset y"),
        ({"opacity": 7}, "opacity"),
    ],
)
def test_recovery_data_with_nonsense_numbers_is_refused(bad: dict[str, object], what: str) -> None:
    data = draft_to_data(Draft().set_background(Background("a.png", 2.0, (0.0, 0.0), 0.5)))
    assert isinstance(data["background"], dict)
    data["background"].update(bad)
    with pytest.raises(ValueError, match=what):
        draft_from_data(data)


# --- side files (issue 19) ---------------------------------------------------------------------------


@pytest.mark.parametrize("scale, offset", [("NaN", "[0, 0]"), ("Infinity", "[0, 0]"), ("1e308", "[0, 0]"), ("2", "[NaN, 1]"), ("2", "[1e308, 1]"), ("2", "[0, -Infinity]")])
def test_a_side_file_with_nonsense_numbers_is_refused_with_a_message(app: App, tmp_path: Path, scale: str, offset: str) -> None:
    track = ring_copy(tmp_path)
    sidecar(track).write_text(f'{{"background": {{"path": "x.png", "scale": {scale}, "offset": {offset}, "opacity": 0.5}}}}', encoding="utf-8")
    ed = open_editor(track)
    assert ed.draft.background is None and ed.notes and "ring.editor.json" in ed.notes[0] and "left out" in ed.notes[0]
    scene = open_scene(app, ed)
    assert "ring.editor.json" in scene.message  # told on screen
    scene.draw(app.screen)  # and it draws, and works on
    scene.apply(lambda d: d.set_meta(name="Ring 2"), "rename")
    assert scene.editor.save() == track and read_track(track).track.name == "Ring 2"


def test_a_side_file_that_is_no_json_or_a_folder_is_left_out(tmp_path: Path) -> None:
    track = ring_copy(tmp_path)
    sidecar(track).write_text("[" * 5000, encoding="utf-8")
    assert Editor.open(track).notes
    sidecar(track).unlink()
    sidecar(track).mkdir()
    ed = Editor.open(track)
    assert ed.draft.background is None and ed.notes


# --- drafts reopen --------------------------------------------------------------------------------------


def test_a_draft_reopens_in_the_editor_with_its_problems(app: App) -> None:
    ed = Editor(Draft(name="Halbfertig").paint([Hex(q, 0) for q in range(6)]))
    folder = user_track_dir()
    target = ed.save_draft(folder / "halbfertig.draft.yaml")
    back = open_editor(target)
    assert back.draft.fields == ed.draft.fields and back.problems()
    scene = open_scene(app, back)
    assert scene.problems and scene.panel_state().problems  # listed in the panel
    assert any("(your draft)" in label and key == f"open:{target}" for label, key in editor_choices())


def test_a_draft_the_reader_refuses_reopens_as_drawn(tmp_path: Path) -> None:
    d = Draft(name="Zwei Starts").paint([Hex(0, 0), Hex(1, 0)]).set_start([Hex(0, 0), Hex(0, 0)], 0)  # a start field twice
    d = Draft(**{**d.__dict__, "start": (Hex(0, 0), Hex(0, 0))})
    ed = Editor(d)
    target = ed.save_draft(tmp_path / "zwei.draft.yaml")
    with pytest.raises(Exception):
        read_track(target)  # the reader refuses the text …
    back = open_editor(target)
    assert back.draft == d and back.problems()  # … the side file kept the draft whole
    target.write_text(target.read_text(encoding="utf-8") + "# a hand edit\n", encoding="utf-8")
    with pytest.raises(Exception):
        open_editor(target)  # (a text changed since: the kept draft is not believed)


def test_drafts_are_never_offered_as_race_tracks(tmp_path: Path) -> None:
    from game.ui.race.scene_info import track_choices

    folder = user_track_dir()
    folder.mkdir(parents=True)
    good = Editor.open(RING_FILE)
    good.save(folder / "mine.yaml")
    Editor(Draft(name="x").paint([Hex(0, 0)])).save_draft(folder / "x.draft.yaml")
    Editor(Draft(name="y").paint([Hex(0, 0)])).save_draft(folder / "y.unsaved.yaml")
    assert (folder / "x.draft.yaml").is_file() and (folder / "y.unsaved.yaml").is_file()  # (they lie beside the track)
    keys = [k for _, k in track_choices()]
    assert str(folder / "mine.yaml") in keys
    assert not any(is_draft_file(k) for k in keys) and is_draft_file("y.unsaved.yaml")


# --- changed by someone else (issue 19) ------------------------------------------------------------


def test_saving_over_a_file_changed_elsewhere_asks_first(app: App, tmp_path: Path) -> None:
    track = ring_copy(tmp_path)
    scene = open_scene(app, Editor.open(track))
    other = Editor.open(track)  # a second editor
    other.apply(lambda d: d.set_meta(name="Second"), "rename")
    other.save()
    theirs = track.read_text(encoding="utf-8")
    scene.apply(lambda d: d.set_meta(author="First"), "author")
    with pytest.raises(FileChanged):
        scene.editor.save()
    assert track.read_text(encoding="utf-8") == theirs  # nothing written
    assert not scene.save() and isinstance(scene.modal, Confirm) and "Overwrite" in scene.modal.buttons
    assert "changed" in scene.message
    scene.modal.on_choice("Cancel")
    assert scene.modal is None and track.read_text(encoding="utf-8") == theirs
    scene.save()
    assert isinstance(scene.modal, Confirm)
    scene.modal.on_choice("Overwrite")
    assert read_track(track).track.author == "First" and "Second" in (track.with_name("ring.yaml.bak")).read_text(encoding="utf-8")
    scene.apply(lambda d: d.set_meta(author="First again"), "author")
    assert scene.save() and scene.modal is None  # saved here last: no question


def test_a_hand_edit_of_the_same_size_is_noticed(tmp_path: Path) -> None:
    track = ring_copy(tmp_path)
    ed = Editor.open(track)
    st = track.stat()
    text = track.read_text(encoding="utf-8")
    track.write_text(text.replace("Ring", "Rong", 1), encoding="utf-8")
    os.utime(track, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same time: the hash tells
    assert ed.changed_on_disk()
    with pytest.raises(FileChanged):
        ed.save()
    assert ed.save(overwrite=True) == track


# --- recovery -----------------------------------------------------------------------------------------------


def test_the_work_is_written_every_few_seconds_and_offered_on_the_next_start(app: App, tmp_path: Path) -> None:
    track = ring_copy(tmp_path)
    scene = open_scene(app, Editor.open(track))
    f = recovery_file(track, "")
    scene.apply(lambda d: d.paint([Hex(0, 9)]), "paint")
    step(app, 3)
    assert not f.exists()  # (not at every edit)
    step(app, int(RECOVERY_EVERY / DT) + 2)
    assert read_recovery(f).draft == scene.draft
    scene.apply(lambda d: d.paint([Hex(1, 9)]), "paint")
    step(app, int(RECOVERY_EVERY / DT) + 2)
    assert read_recovery(f).draft == scene.draft
    work = scene.draft
    # the program goes away without a word (kill -9: nothing more is written)
    app.stack.clear()
    scene.recovery.release_sigterm()
    rec = read_recovery(f)
    data = json.loads(f.read_text(encoding="utf-8"))
    data["pid"] = 2**22 + 12345  # (written by a process that is gone)
    f.write_text(json.dumps(data), encoding="utf-8")
    again = open_scene(app, Editor.open(track))
    assert isinstance(again.modal, Confirm) and again.modal.question == "Unsaved work was found"
    again.modal.on_choice("Restore")
    assert again.draft == work and again.editor.dirty and again.editor.history[-1] == "recovered work"
    assert rec.track == track
    again.editor.save_draft(tmp_path / "ring.draft.yaml")
    again.undo()
    again.undo()
    again.undo()
    again.write_recovery()
    assert not f.exists()  # nothing unsaved: no recovery needed


def test_discarding_or_saving_leaves_no_recovery_file(app: App, tmp_path: Path) -> None:
    scene = open_scene(app, Editor())
    scene.apply(lambda d: d.paint([Hex(0, 9)]), "paint")
    scene.write_recovery()
    files = list(recoveries(include_live=True))
    assert len(files) == 1 and files[0].track is None
    scene.leave()  # "Discard"
    assert not list(recoveries(include_live=True))


def test_the_chooser_offers_recovered_work_of_a_new_track(app: App) -> None:
    from game.ui.editor.editor import editor_chooser

    d = Draft(name="Neue Strecke").paint([Hex(q, 0) for q in range(4)])
    f = recovery_file(None, "1-2")
    write_recovery(f, d, None)
    data = json.loads(f.read_text(encoding="utf-8"))
    data["pid"] = 2**22 + 12345
    f.write_text(json.dumps(data), encoding="utf-8")
    shown: list[object] = []
    dialog = editor_chooser(app, app.size, shown.append)
    keys = [k for _, k in dialog.items]
    assert keys[0] == f"recover:{f}" and "Neue Strecke" in dialog.items[0][0]
    dialog.on_action(keys[0])
    scene = app.scene
    assert isinstance(scene, EditorScene) and scene.draft == d and scene.editor.dirty


def test_the_editor_hands_sigterm_back_when_it_closes(app: App) -> None:
    before = signal.getsignal(signal.SIGTERM)
    scene = open_scene(app, Editor())
    assert signal.getsignal(signal.SIGTERM) == scene.recovery.on_sigterm
    scene.leave()
    step(app)
    after = signal.getsignal(signal.SIGTERM)
    assert after != scene.recovery.on_sigterm and (after == before or before is None)


def test_a_damaged_recovery_file_is_passed_over(app: App) -> None:
    f = recovery_file(None, "9-9")
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text('{"stammtisch-editor-recovery": 1, "pid": 1, "written": NaN}', encoding="utf-8")
    assert recoveries() == []
    scene = open_scene(app, Editor())
    assert scene.modal is None


# --- real processes: SIGKILL, SIGTERM -----------------------------------------------------------------


@pytest.fixture
def worker_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return env


def start_worker(track: Path, edits: int, env: dict[str, str]) -> Iterator[subprocess.Popen[str]]:
    p = subprocess.Popen([sys.executable, str(WORKER), str(track), str(edits)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert p.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = p.stdout.readline()
            if not line or line.strip() == "ready":
                break
        assert line.strip() == "ready", p.stderr.read() if p.stderr else ""
        yield p
    finally:
        if p.poll() is None:
            p.kill()
        p.wait(10)


def test_kill_9_loses_at_most_the_last_seconds(app: App, tmp_path: Path, worker_env: dict[str, str]) -> None:
    track = ring_copy(tmp_path)
    for p in start_worker(track, 5, worker_env):
        time.sleep(RECOVERY_EVERY + 1.5)
        p.send_signal(signal.SIGKILL)
        p.wait(10)
    f = recovery_file(track, "")
    rec = read_recovery(f)
    assert laid(5) <= set(rec.draft.fields) and rec.track == track
    assert read_track(track).track.fields == read_track(RING_FILE).track.fields  # the track file untouched
    # the next start offers it (the app fixture's data folder is the worker's)
    assert str(f).startswith(str(tmp_path / "data"))
    scene = open_scene(app, open_editor(track))
    assert isinstance(scene.modal, Confirm)
    scene.modal.on_choice("Restore")
    assert laid(5) <= set(scene.draft.fields)


def test_sigterm_keeps_the_work_and_quits_without_a_dialog(app: App, tmp_path: Path, worker_env: dict[str, str]) -> None:
    track = ring_copy(tmp_path)
    for p in start_worker(track, 4, worker_env):
        p.send_signal(signal.SIGTERM)  # at once: before any autosave
        out, err = p.communicate(timeout=20)
        assert p.returncode == 0 and "exit 0" in out and "Traceback" not in err
    rec = read_recovery(recovery_file(track, ""))
    assert laid(4) <= set(rec.draft.fields)
    kept = user_track_dir() / "ring.unsaved.yaml"
    assert laid(4) <= set(read_track(kept).track.fields)
    scene = open_scene(app, open_editor(track))
    assert isinstance(scene.modal, Confirm) and "Restore" in scene.modal.buttons


# --- disk full, read-only folder (issue 19) -------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KB tmpfs (needs the right to mount: skipped where there is none)."""
    where = tmp_path / "tiny"
    where.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(folder: Path) -> None:
    f = open(folder / "ballast", "wb", buffering=0)
    try:
        while True:
            f.write(b"x" * 1024)
    except OSError:
        pass
    finally:
        f.close()


def test_a_full_disk_keeps_the_good_copy_and_says_so_once(app: App, tiny_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    track = ring_copy(tiny_disk)
    monkeypatch.setenv("XDG_DATA_HOME", str(tiny_disk / "data"))
    scene = open_scene(app, Editor.open(track))
    good = track.read_bytes()
    fill(tiny_disk)
    scene.apply(lambda d: d.set_meta(author="A" * 400), "author")
    assert not scene.save()
    assert "cannot write" in scene.message and track.read_bytes() == good
    assert not [p for p in tiny_disk.iterdir() if p.name.endswith(".tmp")]  # no torn temporary files left
    scene.message = ""
    scene.write_recovery()
    told = scene.message
    assert "recovery copy" in told
    scene.message = ""
    scene.apply(lambda d: d.set_meta(author="B" * 400), "author")
    scene.write_recovery()
    assert scene.message == ""  # told once
    step(app, 5)
    (tiny_disk / "ballast").unlink()  # space again: the next write catches up
    scene.write_recovery()
    assert read_recovery(recovery_file(track, "")).draft == scene.draft and "again" in scene.message
    assert scene.save() and read_track(track).track.author == "B" * 400


def test_a_read_only_folder_keeps_the_good_copy(app: App, tiny_disk: Path) -> None:
    track = ring_copy(tiny_disk)
    scene = open_scene(app, Editor.open(track))
    good = track.read_bytes()
    assert subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], capture_output=True).returncode == 0
    scene.apply(lambda d: d.set_meta(author="C"), "author")
    assert not scene.save() and "cannot write" in scene.message and track.read_bytes() == good
    scene.draw(app.screen)
    assert pygame.display.get_surface() is not None


def test_a_side_file_that_cannot_be_written_leaves_the_track_saved_and_says_so(app: App, tmp_path: Path) -> None:
    track = ring_copy(tmp_path)
    scene = open_scene(app, Editor.open(track))
    scene.apply(lambda d: d.set_background(Background(str(tmp_path / "x.png"), 3.0, (0.0, 0.0), 0.5)), "image")
    scene.apply(lambda d: d.set_meta(author="Side"), "author")
    (sidecar(track) / "in the way").mkdir(parents=True)  # a folder where the side file goes
    assert scene.save()
    assert read_track(track).track.author == "Side" and not scene.editor.dirty
    assert "ring.editor.json" in scene.message and "background" in scene.message
