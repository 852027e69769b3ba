"""The replay viewer (issue 8), headless: its keys step through a saved bot match of each game and
it shows the replay's state of the step; jump to a ruling, bookmarks beside the save, the playing
speed; a kept Bierpong throw is thrown again; `python main.py replay FILE` on a good and a broken
file; the menu's "Replays…". The replay's own facts (each step the replayed prefix, struck rulings,
launches that re-simulate) need no window: tests/session/test_replay_flow.py."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pytest

from game.cli import main as cli_main
from game.replay import SPEEDS, throws_of
from game.store.bookmarks import bookmarks_path, load_bookmarks
from game.store.matchfile import write_log
from game.ui.shell.replay import ReplayScene
from tests.session.test_replay_flow import MATCHES, dice_match, live_pong_match, pong_match, race_match, saved

if TYPE_CHECKING:
    from game.ui.common.app import App


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(0.0)


# --- stepping -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", list(MATCHES))
def test_the_arrow_keys_show_every_step_forward_and_back(app: App, tmp_path: Path, game: str) -> None:
    """→ and ← through a whole bot match: each key moves one step and the scene's match shows the
    replay's state and rulings of that step (all four games; that these are the replayed prefix:
    test_replay_flow)."""
    m = MATCHES[game]()
    path = saved(tmp_path, m)
    viewer = ReplayScene(app, str(path), step=0)
    app.push(viewer)
    app.step(0.0)
    n = viewer.replay.steps
    assert n == len(m.log.entries) - 1 and n > 20
    for k in range(n + 1):
        if k > 0:
            key(app, pygame.K_RIGHT)
            if viewer.anim is not None:  # a Bierpong throw being thrown again: → again skips it
                key(app, pygame.K_RIGHT)
        assert viewer.step == k
        shown = viewer.scene.match
        assert shown.state == viewer.replay.state_at(k), f"step {k}"
        assert shown.rulings() == m.log.prefix(k + 1).rulings()
    for k in reversed(range(n)):
        key(app, pygame.K_LEFT)
        assert viewer.step == k and viewer.scene.match.state == viewer.replay.state_at(k)
    assert viewer.scene.match.rulings() == m.log.prefix(1).rulings()


def test_home_end_and_the_progress_bar(app: App, tmp_path: Path) -> None:
    """Home and End go to the start and the last step; a click on the bar goes to the step under it."""
    m = dice_match("schock", 7)
    viewer = ReplayScene(app, str(saved(tmp_path, m)), step=3)
    app.push(viewer)
    app.step(0.0)
    key(app, pygame.K_END)
    assert viewer.step == viewer.replay.steps and viewer.scene.match.state == m.state
    key(app, pygame.K_HOME)
    assert viewer.step == 0
    p = viewer.progress
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(p.centerx, p.centery), button=1))
    app.step(0.0)
    assert abs(viewer.step - viewer.replay.steps / 2) <= 2
    assert viewer.scene.match.state == viewer.replay.state_at(viewer.step)


def test_the_viewer_opens_at_once_and_reaches_further_as_its_frames_verify(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer opens before the log is verified (here: nothing beyond the start); End goes as far
    as verified, the bar says it is checking, and its frames verify the rest (issue 15)."""
    import game.replay as replay
    import game.ui.shell.replay as scene_module

    monkeypatch.setattr(replay, "OPEN_SECONDS", 0.0)
    monkeypatch.setattr(scene_module, "VERIFY_SLICE", 0.0005)
    m = race_match(2)
    viewer = ReplayScene(app, str(saved(tmp_path, m)))
    app.push(viewer)
    app.step(0.0)
    assert not viewer.replay.done
    key(app, pygame.K_END)  # the frame after the key verifies on: the step is where verification stood
    assert 0 < viewer.step <= viewer.replay.reach < viewer.replay.steps
    for _ in range(10_000):
        if viewer.replay.done:
            break
        app.step(0.016)
    assert viewer.replay.done and viewer.replay.error is None
    key(app, pygame.K_END)
    assert viewer.step == viewer.replay.steps and viewer.scene.match.state == m.state


def test_the_replayed_scene_is_read_only(app: App, tmp_path: Path) -> None:
    """Frames go by, no bot acts and no die is drawn: the log shown stays the prefix of the step."""
    m = dice_match("katchen", 9)
    viewer = ReplayScene(app, str(saved(tmp_path, m)), step=5)
    app.push(viewer)
    for _ in range(90):
        app.step(1 / 30)
    assert viewer.step == 5
    assert len(viewer.scene.match.log.entries) == 6
    assert viewer.scene.match.state == viewer.replay.state_at(5)


def test_the_viewer_leaves_the_unfinished_match_of_that_game_alone(app: App, tmp_path: Path) -> None:
    """Watching a replay writes no autosave: the game's unfinished match stays as it was (issue 8)."""
    from game.store.autosave import Autosave
    from game.store.autosave_folder import last_unfinished
    from game.store.saves import autosave_path

    live = dice_match("katchen", 3)
    Autosave.attach(live, autosave_path("katchen"))
    before = autosave_path("katchen").read_bytes()
    viewer = ReplayScene(app, str(saved(tmp_path, dice_match("katchen", 9))), step=0)
    app.push(viewer)
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert autosave_path("katchen").read_bytes() == before
    info = last_unfinished()
    assert info is not None and info.actions == len(live.log.entries) - 1


# --- jump, bookmarks, speed -----------------------------------------------------------------------


def test_jump_to_a_ruling_lands_on_its_entry(app: App, tmp_path: Path) -> None:
    """J lists every ruling with its step; choosing one shows the step whose entry made it."""
    m = race_match(4)
    viewer = ReplayScene(app, str(saved(tmp_path, m)), step=0)
    app.push(viewer)
    app.step(0.0)
    key(app, pygame.K_j)
    from game.ui.common.modal import ListDialog

    dialog = viewer.modal
    assert isinstance(dialog, ListDialog)
    every = [(k, r) for k, e in enumerate(m.log.entries) for r in e.rulings]
    assert len(dialog.items) == len(every)
    label, chosen = dialog.items[len(dialog.items) * 2 // 3]
    dialog.on_action(chosen)
    k = int(chosen)
    assert viewer.modal is None and viewer.step == k
    assert any(viewer.ruling_said(r) in label for r in m.log.entries[k].rulings)  # as the race says it (fields in words)
    assert viewer.scene.match.log.entries[-1] == m.log.entries[k]


def test_the_jump_list_of_a_long_match_is_a_page_around_the_step(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long match's jump list holds only the rulings of the steps around the one shown (here 10
    either side), with a page before and after; choosing a page lists the rulings there."""
    import game.ui.shell.replay as viewer_module
    from game.ui.common.modal import ListDialog

    monkeypatch.setattr(viewer_module, "JUMP_STEPS", 10)
    m = race_match(4)
    viewer = ReplayScene(app, str(saved(tmp_path, m)), step=40)
    app.push(viewer)
    app.step(0.0)
    key(app, pygame.K_j)
    dialog = viewer.modal
    assert isinstance(dialog, ListDialog)
    steps = [int(k) for _label, k in dialog.items if not k.startswith("page:")]
    want = [k for k, e in enumerate(m.log.entries) if 30 <= k <= 50 for _r in e.rulings]
    assert steps == want and dialog.items[0][1].startswith("page:") and dialog.items[-1][1].startswith("page:")
    dialog.on_action(dialog.items[-1][1])  # the later page
    later = viewer.modal
    assert isinstance(later, ListDialog) and later is not dialog and viewer.step == 40
    steps = [int(k) for _label, k in later.items if not k.startswith("page:")]
    assert steps == [k for k, e in enumerate(m.log.entries) if 51 <= k <= 71 for _r in e.rulings]
    _label, chosen = next(item for item in later.items if not item[1].startswith("page:"))
    later.on_action(chosen)
    assert viewer.modal is None and viewer.step == int(chosen) > 50


def test_bookmarks_are_kept_beside_the_save_and_found_again(app: App, tmp_path: Path) -> None:
    """B bookmarks the step (and again removes it), the bookmarks go to `<save>.bookmarks.json`;
    a new viewer of the same save has them, N and P go to the next and the previous one."""
    path = saved(tmp_path, dice_match("schock", 11))
    viewer = ReplayScene(app, str(path), step=0)
    app.push(viewer)
    for k in (4, 17, 30):
        viewer.goto(k)
        key(app, pygame.K_b)
    viewer.goto(9)
    key(app, pygame.K_b)
    key(app, pygame.K_b)  # off again
    assert bookmarks_path(path).name == "match.json.bookmarks.json"
    assert json.loads(bookmarks_path(path).read_text())["steps"] == [4, 17, 30]
    assert load_bookmarks(path) == [4, 17, 30]
    again = ReplayScene(app, str(path), step=0)
    app.push(again)
    assert again.cursor.bookmarks == [4, 17, 30]
    key(app, pygame.K_n)
    assert again.step == 4
    key(app, pygame.K_n)
    key(app, pygame.K_n)
    assert again.step == 30
    key(app, pygame.K_n)  # none after the last: it stays
    assert again.step == 30
    key(app, pygame.K_p)
    assert again.step == 17
    assert again.scene.match.state == again.replay.state_at(17)


def test_speed_changes_the_auto_advance_rate(app: App, tmp_path: Path) -> None:
    """Space plays; at 1× a second shows one step, + makes it 2× then 4×, − slows it to 0.25×."""
    viewer = ReplayScene(app, str(saved(tmp_path, dice_match("schock", 13))), step=0)
    app.push(viewer)
    key(app, pygame.K_SPACE)
    assert viewer.cursor.playing and viewer.cursor.speed == 1.0

    def advanced(seconds: float) -> int:
        before = viewer.step
        for _ in range(round(seconds * 20)):
            viewer.update(0.05)
        return viewer.step - before

    at1 = advanced(3.0)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    assert viewer.cursor.speed == 4.0
    at4 = advanced(3.0)
    for _ in range(4):
        key(app, pygame.K_MINUS)
    assert viewer.cursor.speed == SPEEDS[0] == 0.25
    at025 = advanced(8.5)
    assert (at1, at4, at025) == (3, 12, 2)
    assert viewer.scene.match.state == viewer.replay.state_at(viewer.step)
    key(app, pygame.K_SPACE)
    assert advanced(4.0) == 0


# --- Bierpong: the launch kept and thrown again -----------------------------------------------------


def test_viewer_throws_the_kept_balls_again_then_shows_the_step(app: App, tmp_path: Path) -> None:
    """→ onto a kept throw: the rack before it stands on the table, the balls fly again (at the
    chosen speed) and come to rest; then the referee's view is the state after the step."""
    m = live_pong_match(6)
    viewer = ReplayScene(app, str(saved(tmp_path, m, "pong")), step=0)
    app.push(viewer)
    k = next(k for k in range(1, viewer.replay.steps + 1) if throws_of(viewer.replay.entry(k)))
    viewer.goto(k - 1)
    key(app, pygame.K_RIGHT)
    assert viewer.anim is not None and viewer.step == k
    assert viewer.scene.match.state == viewer.replay.state_at(k - 1)
    frames = 0
    while viewer.anim is not None and frames < 2000:
        app.step(1 / 30)
        frames += 1
        if frames == 5:
            assert viewer.scene.live.table.busy  # the ball is in the air
    assert viewer.anim is None and frames > 5
    assert viewer.scene.match.state == viewer.replay.state_at(k)
    # at 4× the same throw takes about a quarter of the frames
    viewer.goto(k - 1)
    viewer.faster()
    viewer.faster()
    key(app, pygame.K_RIGHT)
    fast = 0
    while viewer.anim is not None and fast < 2000:
        app.step(1 / 30)
        fast += 1
    assert fast <= frames // 3 + 2


# --- the command line and the menu ----------------------------------------------------------------


def test_cli_replay_good_file_and_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`replay FILE --frames N --screenshot PNG` draws and exits 0; a broken file is
    `file:line:column: message` on stderr with exit 2 (no traceback)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = saved(tmp_path, dice_match("katchen", 2))
    shot = tmp_path / "replay.png"
    assert cli_main(["replay", str(path), "--frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.exists() and pygame.image.load(str(shot)).get_size() == (1280, 800)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "stammtisch-match/1",\n "game": \n')
    assert cli_main(["replay", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{broken}:3:1: not a saved match") and "Traceback" not in err
    tampered = json.loads(path.read_text())
    i = next(i for i, e in enumerate(tampered["entries"]) if i > 0 and e["rulings"])
    tampered["entries"][i]["rulings"] = []
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered))
    assert cli_main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:1:1: entry {i + 1} (") and "do not replay as saved" in err


def test_menu_replays_button_opens_the_list_and_the_viewer(app: App) -> None:
    """The menu's "Replays…" (next to "Continue saved match…") lists the saved matches; choosing one
    opens the viewer at its start; a broken save is a message in the list, not a crash."""
    from game.ui.shell.menu import MenuScene
    from game.ui.common.modal import ListDialog
    from game.store.saves import ensure_save_dir

    folder = ensure_save_dir()
    write_log(dice_match("schock", 21).log, folder / "schock-a.json")
    (folder / "broken.json").write_text("{")
    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 60)
    b = menu.replays_button.rect
    assert b.left > menu.load_button.rect.left and b.bottom > menu.left.bottom
    assert not any(b.colliderect(o.rect) for o in (menu.load_button, menu.help_button, menu.quit_button, menu.start_button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.center, button=1))
    for _ in range(3):
        app.step(1 / 60)
    dialog = menu.modal
    assert isinstance(dialog, ListDialog)
    keys = {Path(k).name: k for _label, k in dialog.items}
    assert set(keys) == {"schock-a.json", "broken.json"}
    dialog.on_action(keys["broken.json"])
    assert menu.modal is dialog and "broken.json:1:" in dialog.message
    dialog.on_action(keys["schock-a.json"])
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.step == 0
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu


def test_a_challenged_ruling_is_shown_struck_at_its_step(app: App, tmp_path: Path) -> None:
    """A drink ruling a later challenge overrode (game.rules.challenge) is shown struck in the jump
    list, and End shows the challenge's step (the marks and the state: test_replay_flow)."""
    from game.rules.ruling import What
    from game.ui.common.modal import ListDialog

    m = pong_match(5)
    i, j, r = next((i, j, r) for i, e in enumerate(m.log.entries, 1) for j, r in enumerate(e.rulings, 1) if r.what == What.SIPS)
    m.apply(f"challenge {i}.{j} by {r.who}: {r.amount + 1} sips to {r.who} – miscounted")
    viewer = ReplayScene(app, str(saved(tmp_path, m, "challenged")), step=i - 1)
    app.push(viewer)
    app.step(0.0)
    key(app, pygame.K_END)
    assert viewer.step == viewer.replay.steps and viewer.scene.match.state == viewer.replay.state_at(viewer.step)
    key(app, pygame.K_j)
    dialog = viewer.modal
    assert isinstance(dialog, ListDialog)
    struck = [label for label, _k in dialog.items if "(challenged)" in label]
    assert len(struck) == 1 and str(r) in struck[0]


def test_schock_laden_the_saved_matchs_first_ruling_is_said_in_the_viewers_language(tmp_path: Path) -> None:
    """schock.laden: the start's ruling (the first round's Laden) read back from a file is the replayed
    phrase like every other ruling – a German viewer's jump list began with an English line."""
    from game.i18n import speaking, tr
    from game.match import Match, PlayerSpec
    from game.replay import Replay

    path = tmp_path / "m.json"
    write_log(Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=3).log, path)
    (step, first, _struck), *_ = Replay.load(path).rulings_between(0, 0)
    with speaking("de"):
        said = tr(first.arithmetic)
    assert step == 0 and first.rule == "schock.laden" and said.startswith("Spiel 1, erste Hälfte, Runde 1: Laden"), said
