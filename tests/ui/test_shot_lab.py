"""The special-shots list of the practice table and the shot lab (issue 7), headless: the list opens
(M) and plays a chosen shot; the lab adds and removes cups by clicks, throws with exact parameters,
saves, loads and replays to identical events; broken shot files are refused with their position;
the `lab` command."""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest
import yaml

from game.bierpong.shotfile import THROW_KEYS, Shot, ShotThrow, check, from_text, load, play, play_one, save, standing, to_text
from game.bierpong.solver import SHOTS
from game.cli import main as cli_main
from game.errors import InputError
from game.ui.pong.pong import KEYS, PongScene
from game.ui.pong.pong_demo import DemoScene, ShotMenu
from game.ui.pong.shot_words import SHOT_TEXTS
from game.ui.pong.shot_lab import ShotLab
from physics.aim import speed_for
from physics.constants import CONST
from physics.table import Cup, formation
from physics.world import simulate
from tests.helpers import click, key

if TYPE_CHECKING:
    from game.ui.common.app import App

SHIPPED = Path(__file__).parent.parent / "data" / "shots" / "roller_bounce.yaml"


def run(app: App, seconds: float, fps: float = 60.0) -> None:
    for _ in range(int(seconds * fps)):
        app.step(1 / fps)


def aimed(cup: Cup, angle: float = 40.0) -> ShotThrow:
    return ShotThrow.from_throw(speed_for((0.0, 0.0, 0.45), (cup.x, cup.y), angle))


# --- the special shots (M on the practice table) ---------------------------------------------------

def test_every_special_shot_is_listed_with_its_article() -> None:
    """bierpong.art10, art13–15, art18–23: the list explains each shot and cites its article."""
    assert list(SHOT_TEXTS) == list(SHOTS)
    assert "touches two cups" in SHOT_TEXTS["roller"] and SHOT_TEXTS["roller"].endswith("(art15)")
    for shot, text in SHOT_TEXTS.items():
        assert text.rstrip(")").rsplit("(art", 1)[1].isdigit(), shot
    assert any(k.startswith("M:") for k in KEYS)  # the table's visible hint


def test_m_opens_the_special_shots_and_a_chosen_shot_plays_slowly_then_esc_returns(app: App) -> None:
    """bierpong.art15: choosing the roller solves it and plays it as `demo roller` does."""
    table = PongScene(app)
    app.push(table)
    app.step(0.0)
    key(app, pygame.K_m, "m")
    menu = app.scene
    assert isinstance(menu, ShotMenu) and menu.under is table
    assert len(menu.rows) == len(SHOTS)  # drawn: one row per shot
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    demo = app.scene
    assert isinstance(demo, DemoScene) and demo.solution.shot == "roller"
    assert demo.slow and app.stack[-2] is table
    run(app, 12.0, fps=20)  # (the demo to its end: its words, not its frames, are checked)
    assert demo.finished
    assert demo.classified[0].startswith("roller ")
    assert demo.frame().banner == demo.solution.summary
    assert any(demo.solution.summary in text for _, text in demo.feed)
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and app.running


def test_a_click_on_a_row_chooses_that_shot_and_esc_leaves_the_list(app: App) -> None:
    """bierpong.art23: the air ball row, clicked, plays the air ball."""
    table = PongScene(app)
    app.push(table)
    key(app, pygame.K_m, "m")
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    key(app, pygame.K_m, "m")
    menu = app.scene
    assert isinstance(menu, ShotMenu)
    click(app, menu.rows[SHOTS.index("air_ball")].center)
    assert isinstance(app.scene, DemoScene) and app.scene.solution.shot == "air_ball"


# --- the lab: cups -----------------------------------------------------------------------------------

def test_clicks_on_the_far_half_add_snapped_cups_and_remove_them(app: App) -> None:
    lab = ShotLab(app)
    app.push(lab)
    key(app, pygame.K_c, "c")
    assert not lab.setup
    L = lab.view.layout
    click(app, L.to_top(2.0, 0.0))
    click(app, L.to_top(2.0, 0.03))  # inside the first cup's rim: removes it
    assert not lab.setup
    click(app, L.to_top(2.0, 0.0))
    click(app, L.to_top(2.0, 0.06))  # overlapping: pushed aside until it touches
    click(app, L.to_top(0.8, 0.0))  # the near half is the thrower's: no cup
    assert [c.id for c in lab.setup] == [1, 2]
    a, b = lab.setup
    gap = math.hypot(a.x - b.x, a.y - b.y)
    assert 2 * CONST.cup_rim_radius <= gap < 2 * CONST.cup_rim_radius + 0.002
    assert [c.id for c in lab.table.cups()] == [1, 2]
    click(app, L.to_top(b.x, b.y))
    assert [c.id for c in lab.setup] == [1]
    key(app, pygame.K_2, "2")
    assert lab.setup == formation("six")


# --- the lab: throws ------------------------------------------------------------------------------

def test_a_throw_typed_into_the_dialog_is_thrown_exactly(app: App) -> None:
    lab = ShotLab(app)
    app.push(lab)
    want = aimed(formation("triangle10")[0])
    key(app, pygame.K_t, "t")
    d = lab.dialog
    assert d is not None
    d.index = 3  # speed
    key(app, pygame.K_DELETE)
    for ch in f"{want.speed:g}":
        key(app, ord(ch), ch)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # direction
    key(app, pygame.K_DELETE)
    for ch in f"{want.direction:g}":
        key(app, ord(ch), ch)
    key(app, pygame.K_RETURN)
    assert lab.dialog is None and lab.live == want
    run(app, 3.0)
    assert lab.shot_throws == [want]
    line = simulate(formation("triangle10"), want.to_throw())
    assert lab.played[0].events == line.events  # the live table and `simulate` agree exactly
    assert lab.played[0].outcome == "hit 1"
    assert "throw 1: hit 1" in lab.frame().status


def test_a_bad_field_keeps_the_dialog_open_and_names_it(app: App) -> None:
    lab = ShotLab(app)
    app.push(lab)
    key(app, pygame.K_t, "t")
    assert lab.dialog is not None
    lab.dialog.set("speed", "99")
    key(app, pygame.K_RETURN)
    assert lab.dialog is not None and "speed" in lab.dialog.error and lab.live is None
    key(app, pygame.K_ESCAPE)
    assert lab.dialog is None and app.scene is lab


def test_a_mouse_throw_fills_the_dialog_with_its_parameters(app: App) -> None:
    lab = ShotLab(app)
    app.push(lab)
    L = lab.view.layout
    a, b = L.to_top(0.3, 0.0), L.to_top(-0.15, 0.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(a[0]), round(a[1])), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(b[0]), round(b[1])), rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(b[0]), round(b[1])), button=1))
    app.step(0.0)
    assert lab.live is not None
    thrown = lab.live
    run(app, 8.0)
    assert lab.shot_throws == [thrown]
    key(app, pygame.K_t, "t")
    assert lab.dialog is not None and lab.dialog.params() == thrown


def test_the_lab_saves_loads_and_replays_to_identical_events(app: App, tmp_path: Path) -> None:
    """Two throws on the lab's own rack, saved, loaded and replayed: the same events, exactly."""
    path = tmp_path / "shot.yaml"
    lab = ShotLab(app, str(path))
    app.push(lab)
    key(app, pygame.K_2, "2")  # six cups
    first = aimed(formation("six")[0])
    assert lab.throw_exact(first) is not None
    run(app, 3.0)
    second = aimed(next(c for c in formation("six") if c.id == 2), 50.0)
    assert lab.throw_exact(second) is not None
    run(app, 4.0)
    assert len(lab.played) == 2
    assert [c.id for c in lab.table.cups()] == [c.id for c in standing(formation("six"), lab.played[:1])]
    key(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    assert path.exists() and lab.saved
    text = path.read_text(encoding="utf-8")
    assert text == to_text(lab.shot())  # a replay gives what was recorded, to the last digit written
    doc = yaml.safe_load(text)
    assert list(doc) == ["shot", "cups", "throws"] and list(doc["throws"][0]) == list(THROW_KEYS)
    assert doc["throws"][0]["outcome"] == lab.played[0].outcome

    shot = load(path)
    assert shot.cups == formation("six") and shot.throws == (first, second)
    assert check(shot) == []
    again = ShotLab(app, str(path), shot)  # a loaded file replays at once
    app.push(again)
    run(app, 9.0)
    assert again.identical is True and "identical" in again.frame().banner
    assert [p.events for p in again.played] == [p.events for p in lab.played]
    key(app, pygame.K_p, "p")  # and again, against this session's runs
    run(app, 9.0)
    assert again.identical is True


def test_a_changed_record_is_reported_as_differing(tmp_path: Path) -> None:
    shot = load(SHIPPED)
    assert check(shot) == []
    bad = SHIPPED.read_text(encoding="utf-8").replace("outcome: bounce 8", "outcome: bounce 9")
    assert check(from_text(bad, "x.yaml")) == ["throw 2: recorded 'bounce 9', replayed 'bounce 8'"]
    f = tmp_path / "bad.yaml"
    f.write_text(bad, encoding="utf-8")
    assert cli_main(["lab", str(f), "--check"]) == 1


def test_the_shot_file_round_trips() -> None:
    shot = Shot(formation("three"), (aimed(formation("three")[0]), ShotThrow((0.1, -0.1, 0.5), 4.5, 45.0, 1.5, (0.0, -60.0, 0.0))))
    text = to_text(shot)
    back = from_text(text, "x.yaml")
    assert back.cups == shot.cups and back.throws == shot.throws
    assert [r.outcome for r in back.recorded if r] == [p.outcome for p in play(shot)]
    assert to_text(back) == text
    assert play_one(shot.cups, shot.throws[0]).outcome == "hit 1"


# --- broken files -----------------------------------------------------------------------------------

GOOD = """shot: 1
cups:
- {id: 1, x: 2.2, y: 0.0}
throws:
- release: [0.0, 0.0, 0.45]
  speed: 4.9
  angle: 40.0
"""


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ("speed: 4.9", "speed: fast", (6, 10), "speed (m/s) must be a number"),
    ("speed: 4.9", "speed: 40", (6, 10), "between"),
    ("y: 0.0}", "y: 0.0, z: 1}", (3, 27), "unknown key 'z'"),
    ("- {id: 1, x: 2.2, y: 0.0}", "- {id: 1, x: 2.2, y: 0.0}\n- {id: 2, x: 2.25, y: 0.0}", (4, 3), "overlaps cup 1"),
    ("[0.0, 0.0, 0.45]", "[0.0, 0.45]", (5, 12), "three numbers"),
    ("  angle: 40.0\n", "  angle: 40.0\n  outcome: hit it\n", (8, 12), "not an outcome"),
    ("shot: 1", "shot: 2", (1, 7), "version"),
    ("  speed: 4.9\n", "  speed: [4.9\n", (7, 8), "YAML syntax error"),
])
def test_a_broken_shot_file_is_refused_with_its_position(old: str, new: str, where: tuple[int, int], words: str) -> None:
    from_text(GOOD, "good.yaml")
    text = GOOD.replace(old, new)
    assert text != GOOD
    with pytest.raises(InputError) as e:
        from_text(text, "bad.yaml")
    assert (e.value.line, e.value.column) == where, str(e.value)
    assert words in e.value.message


def test_the_lab_command_refuses_a_broken_file_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(GOOD.replace("speed: 4.9", "speed: fast"), encoding="utf-8")
    assert cli_main(["lab", str(f), "--frames", "1"]) == 2
    assert f"{f}:6:10: speed (m/s) must be a number" in capsys.readouterr().err


# --- the command ------------------------------------------------------------------------------------

def test_the_lab_command_runs_headless(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new = tmp_path / "new.yaml"
    assert cli_main(["lab", str(new), "--frames", "3"]) == 0
    assert not new.exists()  # a new shot, saved there only on Ctrl+S
    png = tmp_path / "lab.png"
    assert cli_main(["lab", str(SHIPPED), "--frames", "30", "--screenshot", str(png)]) == 0
    assert png.stat().st_size > 10_000
    assert cli_main(["lab", str(SHIPPED), "--check"]) == 0
    out = capsys.readouterr().out
    assert "throw 1: roller 3>1" in out and "the replay gives the recorded events" in out


def test_save_writes_what_the_loader_reads(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    shot = Shot(formation("diamond"), (aimed(formation("diamond")[0]),))
    save(f, shot)
    assert load(f).throws == shot.throws and check(load(f)) == []


# --- saving under a name, waiting for rest, leaving (issue 18) --------------------------------------

def press_button(dialog: object, text: str) -> None:
    """Press the dialog's button labelled `text` (as pygame_gui reports a click)."""
    import pygame_gui

    buttons = getattr(dialog, "button_map", None) or {getattr(dialog, "ok"): "Save", getattr(dialog, "cancel_button"): "Cancel"}
    b = next(b for b, t in buttons.items() if t == text)
    getattr(dialog, "handle_event")(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b))


def one_throw(app: App, lab: ShotLab) -> None:
    assert lab.throw_exact(aimed(formation("triangle10")[0])) is not None
    run(app, 4.0)
    assert not lab.busy() and not lab.saved


def test_a_new_shot_asks_for_its_name_and_goes_to_the_shot_folder_never_the_working_directory(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.pong.shot_lab import NamePrompt, shots_dir

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    lab = ShotLab(app)
    app.push(lab)
    one_throw(app, lab)
    key(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    prompt = lab.modal
    assert isinstance(prompt, NamePrompt) and prompt.entry.get_text() == "shot-1"  # a name offered
    prompt.entry.set_text("   ")
    key(app, pygame.K_RETURN)
    assert lab.modal is prompt and prompt.message and not lab.saved  # no name: asked again, nothing lost
    prompt.entry.set_text("Bombe für Anna")
    key(app, pygame.K_RETURN)
    path = shots_dir() / "Bombe für Anna.yaml"
    assert lab.modal is None and lab.saved and path.exists() and lab.path == str(path)
    assert load(path).throws == tuple(lab.shot_throws)
    assert list(work.iterdir()) == []  # nothing written where the program was started
    assert "Bombe für Anna" in lab.frame().title and not lab.frame().title.endswith("*")
    # another new shot may not take that name silently
    other = ShotLab(app)
    app.push(other)
    one_throw(app, other)
    key(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    assert isinstance(other.modal, NamePrompt) and other.modal.entry.get_text() == "shot-1"
    other.modal.entry.set_text("Bombe für Anna")
    key(app, pygame.K_RETURN)
    assert other.modal is not None and "exists" in other.modal.message and not other.saved
    key(app, pygame.K_ESCAPE)  # Esc: not saved, the lab stays
    assert other.modal is None and not other.saved and app.scene is other


def test_ctrl_s_while_the_ball_rolls_saves_once_it_rests(app: App, tmp_path: Path) -> None:
    path = tmp_path / "rolling.yaml"
    lab = ShotLab(app, str(path))
    app.push(lab)
    assert lab.throw_exact(aimed(formation("triangle10")[0])) is not None
    run(app, 0.2)
    assert lab.busy()
    key(app, pygame.K_s, "s", pygame.KMOD_CTRL)
    assert not path.exists() and lab.save_waiting  # waits for the ball
    for _ in range(600):
        app.step(1 / 60)
        if path.exists():
            break
    assert path.exists() and lab.saved and not lab.save_waiting and not lab.busy()
    shot = load(path)
    assert len(shot.throws) == 1 and check(shot) == []  # with what the throw did, recorded


def test_leaving_with_unsaved_changes_asks_save_leave_or_stay(app: App, tmp_path: Path) -> None:
    from game.ui.pong.shot_lab import LeaveQuestion, NamePrompt, shots_dir

    under = PongScene(app)
    app.push(under)
    lab = ShotLab(app)
    app.push(lab)
    key(app, pygame.K_ESCAPE)  # nothing changed: Esc leaves at once
    assert app.scene is under
    lab = ShotLab(app)
    app.push(lab)
    one_throw(app, lab)
    key(app, pygame.K_ESCAPE)
    assert app.scene is lab and isinstance(lab.modal, LeaveQuestion)
    press_button(lab.modal, "Stay")
    assert app.scene is lab and lab.modal is None and not lab.saved
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button asks too
    app.step(0.0)
    assert app.running and isinstance(lab.modal, LeaveQuestion)
    key(app, pygame.K_ESCAPE)  # Esc: stay
    assert app.running and app.scene is lab and lab.modal is None
    key(app, pygame.K_ESCAPE)
    press_button(lab.modal, "Save")  # save first: the name, then away
    assert isinstance(lab.modal, NamePrompt)
    key(app, pygame.K_RETURN)
    assert app.scene is under and (shots_dir() / "shot-1.yaml").exists()
    lab = ShotLab(app)
    app.push(lab)
    one_throw(app, lab)
    key(app, pygame.K_ESCAPE)
    press_button(lab.modal, "Leave without saving")
    assert app.scene is under and not (shots_dir() / "shot-2.yaml").exists()


def test_a_shot_name_becomes_a_file_in_the_shot_folder(tmp_path: Path) -> None:
    from game.ui.pong.shot_lab import shot_path

    assert shot_path("Bombe", tmp_path) == tmp_path / "Bombe.yaml"
    assert shot_path(" rollers/Nåleøjet.yml ", tmp_path) == tmp_path / "rollers" / "Nåleøjet.yml"
    assert shot_path(str(tmp_path / "elsewhere" / "x"), Path("/nowhere")) == tmp_path / "elsewhere" / "x.yaml"
    for bad in ("", "  ", "..", "a/", "tab\there"):
        with pytest.raises(ValueError):
            shot_path(bad, tmp_path)


@pytest.mark.parametrize("code", ["en", "de", "da"])
def test_the_feed_and_its_key_help_wrap_inside_their_panel_at_the_smallest_window(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shot lab at 960×640: every line of "What happened" and of the key help fits in the panel
    (German "P: nachspielen und mit der Aufzeichnung vergleichen" ran past its edge); the whole key
    help is there, word for word."""
    from game.i18n import _ as tr_, set_language
    from game.ui.common.app import App
    from game.ui.common.theme import Fonts
    from game.ui.pong.shot_lab import KEYS as LAB_KEYS

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    set_language(code)
    small = App((960, 640))
    drawn: list[tuple[str, int]] = []
    text = Fonts.text

    def seen(self: Fonts, t: str, size: int, *a: object, **k: object) -> pygame.Surface:
        drawn.append((t, size))
        return text(self, t, size, *a, **k)  # type: ignore[arg-type]

    try:
        lab = ShotLab(small, str(tmp_path / "long_name_of_a_shot.yaml"))
        small.push(lab)
        lab.feed.append(("0.40 s", "ball 1: " + "over the centre, " * 4 + "rim cup 3"))
        small.step(0.05)
        fr = lab.frame()
        monkeypatch.setattr(Fonts, "text", seen)
        lab.view._draw_feed(small.screen, fr)
        monkeypatch.setattr(Fonts, "text", text)
        r, s = lab.view.layout.feed, lab.view.layout.s
        room = r.w - 2 * int(10 * s)
        for t, size in drawn:
            assert small.fonts.width(t, size) <= room, (t, small.fonts.width(t, size), room)
        words = " ".join(t for t, _size in drawn).split()
        help_words = " ".join(tr_(k) for k in LAB_KEYS).split()
        assert words[-len(help_words):] == help_words  # the key help comes last, all of it
    finally:
        small.close()
        set_language("en")


def test_an_event_label_keeps_clear_of_the_flying_balls_height(app: App) -> None:
    """The shot lab's "bounce" was drawn over "2: 2 cm" beside the ball: a label where a ball's height
    is shown moves up out of its way."""
    from game.ui.pong.pong_view import BallDraw, Label, PongFrame

    lab = ShotLab(app)
    app.push(lab)
    app.step(0.05)
    view = lab.view
    fr = PongFrame(balls=(BallDraw(2, 1.4, 0.0, 0.02, True),), labels=(Label("bounce", 1.4, 0.0, 0.0, 0.0),))
    view.draw(app.screen, fr)
    (height,) = view.height_rects
    (label,) = view.label_rects
    assert not label.colliderect(height) and label.bottom <= height.top
    assert abs(label.centerx - height.centerx) < height.w + label.w  # still beside the ball


def _title(demo: DemoScene) -> str:
    from game.i18n import _

    return _(demo.frame().title)


@pytest.mark.parametrize("code", ["de", "da"])
def test_a_special_shots_throws_are_named_in_the_readers_language(app: App, code: str) -> None:
    """bierpong.art20, the Bombe in the demo: its throws read "Runde 1, Wurf 1" / "runde 1, kast 1" in
    the headline and the feed, not "round 1, throw 1", the shot by its name ("Bombe", not the id
    "bombe"), and so does its verdict at the end; the solver's own words stay English."""
    from game.i18n import set_language

    set_language(code)
    try:
        menu = ShotMenu(app)
        app.push(menu)
        app.step(0.05)
        menu.choose("bombe")
        demo = app.scene
        assert isinstance(demo, DemoScene)
        run(app, 1.0)
        first = {"de": "Runde 1, Wurf 1", "da": "runde 1, kast 1"}[code]
        assert first in demo.banner() and demo.banner().startswith("Bombe – ")
        assert "bombe" not in _title(demo)
        assert any(first in text for _, text in demo.feed)
        assert not any("round 1" in text for _, text in demo.feed)
        assert demo.solution.throws[0].note == "round 1, throw 1"
        run(app, 14.0, fps=20)  # (the rest of the demo: its words, not its frames, are checked)
        assert demo.finished
        verdict = {"de": "Bombe: Becher 1 zweimal in einer Runde", "da": "bombe: krus 1 to gange i én runde"}[code]
        assert demo.banner() == verdict and verdict in " ".join(text.strip() for _, text in demo.feed)  # (wrapped)
        assert demo.solution.summary == "bombe: cup 1 twice in one round"  # the solver's words: English
    finally:
        set_language("en")


def _click_button(app: App, dialog: object, text: str) -> None:
    """Click the dialog's button labelled `text` with the mouse, through the app's event loop (the
    way a player does: pygame_gui turns the press and release into its own event a frame later)."""
    buttons = getattr(dialog, "button_map")
    b = next(b for b, t in buttons.items() if t == text)
    pos = b.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.05)
    click(app, pos)
    for _ in range(3):
        app.step(0.05)


@pytest.mark.parametrize("choice", ["Stay", "Leave without saving"])
def test_stay_or_leave_clicked_after_a_cup_was_added_never_crashes_the_lab(app: App, choice: str) -> None:
    """The lab with a cup clicked onto the far half, Esc, then Stay or Leave without saving clicked:
    Stay stays on the lab with the cup, Leave goes back to the scene beneath (it once exited with 70:
    the question was cleared while it still handled its click)."""
    from game.ui.pong.shot_lab import LeaveQuestion

    under = PongScene(app)
    app.push(under)
    lab = ShotLab(app)
    app.push(lab)
    key(app, pygame.K_c, "c")
    click(app, lab.view.layout.to_top(2.0, 0.0))
    assert len(lab.setup) == 1 and not lab.saved
    key(app, pygame.K_ESCAPE)
    assert isinstance(lab.modal, LeaveQuestion)
    _click_button(app, lab.modal, choice)
    assert app.running
    if choice == "Stay":
        assert app.scene is lab and lab.modal is None and len(lab.setup) == 1
    else:
        assert app.scene is under
