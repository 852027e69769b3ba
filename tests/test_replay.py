"""The replay viewer (issue 8), headless: every step of a saved bot match of each game is the state
`Match.replay` of that prefix gives; jump to a ruling, bookmarks beside the save, the playing speed;
a Bierpong throw kept with its launch re-simulates to the logged outcome (bierpong.art4 for both
balls at once); `python main.py replay FILE` on a good and a broken file; the menu's "Replays…"."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytest

from game.bierpong.actions import Throw, Throwoff, ThrowoffBall, Together, parse_action
from game.bierpong.classify import classify
from game.bierpong.outcome import parse_outcome
from game.cli import main as cli_main
from game.games import GAMES
from game.match import Match, PlayerSpec
from game.replay import SPEEDS, Cursor, Launch, Replay, bookmarks_path, load_bookmarks, throws_of
from game.rules.matchlog import MatchLog
from game.ui.common.replay import ReplayScene
from physics.table import Cup
from physics.world import Table, simulate
from physics.world import Throw as PhysThrow

if TYPE_CHECKING:
    from game.ui.common.app import App


# --- bot matches of the four games ----------------------------------------------------------------


def dice_match(game: str, seed: int) -> Match:
    from game.dice.bots import make_bot
    from game.dice.simulate import play_game

    m, *_ = play_game(game, [make_bot("bot", seed), make_bot("random", seed + 1), make_bot("bot", seed + 2)],
                      ["bot", "random", "bot"], seed=seed)
    return m


def race_match(seed: int) -> Match:
    from game.racerbile.simulate import play_race

    return play_race(["careful", "racer", "stalin"], GAMES["racerbile"].spec.make("babybile"), track="babybane", seed=seed).match


def pong_match(seed: int) -> Match:
    from game.bierpong.simulate import play_game

    return play_game(["good", "regular"], 2, seed).match


def live_pong_match(app: App, seed: int) -> Match:
    """A bots-only Bierpong match played on the session's live table (the match scene's): every ball
    thrown through the physics, its launch kept in the log."""
    from game.session import INSTANT
    from game.session.pong import PongSession

    m = Match("bierpong", [PlayerSpec("Foxes", "good", drivers=("Anna", "Bo")), PlayerSpec("Owls", "pro", drivers=("Cem", "Dana"))], seed=seed)
    PongSession(m, pace=INSTANT).play_out()
    assert m.state.is_terminal()
    return m


MATCHES = {
    "schock": lambda: dice_match("schock", 3),
    "katchen": lambda: dice_match("katchen", 4),
    "racerbile": lambda: race_match(2),
    "bierpong": lambda: pong_match(5),
}


def saved(tmp_path: Path, m: Match, name: str = "match") -> Path:
    p = tmp_path / f"{name}.json"
    m.save(p)
    return p


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(0.0)


# --- stepping -------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", list(MATCHES))
def test_every_step_forward_and_back_is_the_replayed_prefix(app: App, tmp_path: Path, game: str) -> None:
    """→ and ← through a whole bot match: the scene's match at step k has the state and the rulings
    `Match.replay` of the first k + 1 entries gives (all four games)."""
    m = MATCHES[game]()
    path = saved(tmp_path, m)
    viewer = ReplayScene(app, str(path), step=0)
    app.push(viewer)
    app.step(0.0)
    log = MatchLog.load(path)
    n = len(log.entries) - 1
    assert viewer.replay.steps == n and n > 20
    ref = Match.replay(log.prefix(1))
    for k in range(n + 1):
        if k > 0:
            key(app, pygame.K_RIGHT)
            if viewer.anim is not None:  # a Bierpong throw being thrown again: → again skips it
                key(app, pygame.K_RIGHT)
            ref.apply(ref.parse(log.entries[k].action), log.entries[k].detail)
        assert viewer.step == k
        shown = viewer.scene.match
        assert shown.state == ref.state, f"step {k}"
        assert shown.rulings() == ref.rulings()
    checked = sorted({*range(0, n + 1, max(1, n // 12)), n})
    for k in reversed(range(n)):  # and back again, checked against a fresh replay of the prefix
        key(app, pygame.K_LEFT)
        assert viewer.step == k
        if k in checked:
            want = Match.replay(log.prefix(k + 1))
            assert viewer.scene.match.state == want.state
            assert viewer.scene.match.rulings() == want.rulings()
    assert viewer.scene.match.state == Match.replay(log.prefix(1)).state


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
    from game.autosave import Autosave, last_unfinished
    from game.saves import autosave_path

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
    assert any(str(r) in label for r in m.log.entries[k].rulings)
    assert viewer.scene.match.log.entries[-1] == m.log.entries[k]


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


def test_cursor_stops_at_the_end_and_clamps() -> None:
    """The pure cursor: steps stay within the match, playing stops at the last step."""
    c = Cursor(5)
    assert c.back() == 0 and c.end() == 5 and c.forward() == 5
    c.home()
    c.toggle_play()
    for s in SPEEDS[SPEEDS.index(1.0):]:
        c.faster()
    assert c.speed == SPEEDS[-1] == 8.0
    assert c.tick(10.0) == 5 and not c.playing


# --- Bierpong: the launch kept and thrown again -----------------------------------------------------


def test_logged_launch_resimulates_to_the_logged_outcome_bierpong_art4(app: App, tmp_path: Path) -> None:
    """A live bot match keeps every ball's launch in its entry; `physics.world.simulate` of a single
    ball on the rack that stood before it, classified, is the logged outcome – and both balls of a
    `Together` (bierpong.art4), released together on one table, give both logged outcomes."""
    m = live_pong_match(app, 4)
    path = saved(tmp_path, m, "pong")
    replay = Replay.load(path)
    cb = bool(m.profile["cup_contact_is_bounce"])
    singles = pairs = throwoffs = 0
    for k in range(1, replay.steps + 1):
        entry = replay.entry(k)
        launches = throws_of(entry)
        action = parse_action(entry.action)
        before = replay.state_at(k - 1)
        if isinstance(action, Throw) and len(launches) == 1:
            la = launches[0]
            assert la.player == action.player
            cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
            got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
            assert got == action.outcome, f"step {k}: {entry.action}"
            singles += 1
        elif isinstance(action, ThrowoffBall):  # bierpong.art8: each ball of the throw-off at its rack
            (la,) = launches
            assert la.player == action.player and la.side is not None
            cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
            got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
            assert got == action.outcome, f"step {k}: {entry.action}"
            throwoffs += 1
        elif isinstance(action, Throwoff):  # bierpong.art8: one ball at each rack, both kept
            assert [la.player for la in launches] == [action.a, action.b]
            for la, want in zip(launches, (action.a_out, action.b_out)):
                assert la.side is not None
                cups = [Cup(c.id, c.x, c.y) for c in before.sides[la.side].rack.cups]
                got = parse_outcome(str(classify(simulate(cups, PhysThrow(la.release, la.velocity, la.spin)).events, cup_contact_is_bounce=cb)))
                assert got == want, f"step {k}: {entry.action}"
            throwoffs += 1
        elif isinstance(action, Together) and len(launches) == 2:
            assert {la.player for la in launches} == {action.first.player, action.second.player}
            got2 = table_outcomes(before, launches, cb)
            assert got2 == {t.player: t.outcome for t in (action.first, action.second)}, f"step {k}"
            pairs += 1
    assert singles >= 5 and pairs >= 1 and throwoffs >= 1


def table_outcomes(before: Any, launches: list[Launch], cb: bool) -> dict[str, Any]:
    """Both balls of a together throw on one fresh table, each released `after` steps in."""
    side = launches[0].side
    assert side is not None and all(la.side == side for la in launches)
    table = Table([Cup(c.id, c.x, c.y) for c in before.sides[side].rack.cups])
    ids: dict[int, str] = {}
    events: list[Any] = []
    n = 0
    while n < 4000 and (len(ids) < len(launches) or table.busy):
        for la in launches:
            if la.after == n:
                ids[table.throw(PhysThrow(la.release, la.velocity, la.spin))] = la.player
        events += table.step()
        n += 1
    return {p: parse_outcome(str(classify(events, ball=b, cup_contact_is_bounce=cb))) for b, p in ids.items()}


def test_viewer_throws_the_kept_balls_again_then_shows_the_step(app: App, tmp_path: Path) -> None:
    """→ onto a kept throw: the rack before it stands on the table, the balls fly again (at the
    chosen speed) and come to rest; then the referee's view is the state after the step."""
    m = live_pong_match(app, 6)
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
    from game.ui.menu.menu import MenuScene
    from game.ui.common.modal import ListDialog
    from game.saves import ensure_save_dir

    folder = ensure_save_dir()
    dice_match("schock", 21).save(folder / "schock-a.json")
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
    """A drink ruling a later challenge overrode (game.rules.challenge) is marked struck at its own
    step and in the jump list; the challenge is a step of its own that leaves the game's state alone."""
    from game.rules.ruling import What
    from game.ui.common.modal import ListDialog

    m = pong_match(5)
    i, j, r = next((i, j, r) for i, e in enumerate(m.log.entries, 1) for j, r in enumerate(e.rulings, 1) if r.what == What.SIPS)
    m.apply(f"challenge {i}.{j} by {r.who}: {r.amount + 1} sips to {r.who} – miscounted")
    viewer = ReplayScene(app, str(saved(tmp_path, m, "challenged")), step=i - 1)
    app.push(viewer)
    app.step(0.0)
    marks = viewer.replay.rulings_at(i - 1)
    assert [s for _r, s in marks] == [k == j for k in range(1, len(marks) + 1)]
    key(app, pygame.K_END)
    assert viewer.scene.match.state == viewer.replay.state_at(viewer.step - 1)  # the challenge moves no cup
    key(app, pygame.K_j)
    dialog = viewer.modal
    assert isinstance(dialog, ListDialog)
    struck = [label for label, _k in dialog.items if "(challenged)" in label]
    assert len(struck) == 1 and str(r) in struck[0]
