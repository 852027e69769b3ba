"""Issue 8 in the program: the settings screen, autosave in every scene, "Continue" in the menu and
the sounds of the tables – headless, real pygame, real physics, the user's folders in tmp_path."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pygame
import pytest

from game.store.autosave_folder import backup_of
from game.match import Match, PlayerSpec
from game.settings import Settings, load_settings, save_settings
from game.ui.shell.menu import MenuScene
from game.ui.shell.menu_model import MenuModel, PlayerRow
from game.ui.shell.settings_scene import SettingsScene, apply_settings, loaded_settings, reset_settings
from game.ui.common.sound import sounds

if TYPE_CHECKING:
    from game.ui.common.app import App
    from game.ui.dice.dice_table import DiceTableScene

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Config and saves in tmp_path, no sound device; no settings in force before or after."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    reset_settings()
    sounds().played.clear()
    yield tmp_path
    reset_settings()


def saves(tmp_path: Path) -> Path:
    return tmp_path / "data" / "stammtisch" / "saves"


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(app: App, button: object) -> None:
    """A real click on a pygame_gui button (its centre), handled by app frames."""
    rect = getattr(button, "rect")
    pygame.mouse.set_pos(rect.center)
    app.step(0.05)
    click(rect.center)
    app.step(0.05)
    app.step(0.05)


def schock(seed: int = 3) -> Match:
    return Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=seed)


# --- the settings screen ---------------------------------------------------------------------------


def test_the_settings_screen_saves_on_ok_and_the_next_start_reloads_it(app: App, folders: Path) -> None:
    """S in the menu opens the screen; sound, volume, an assist and a remembered player are chosen,
    OK saves them to the config folder, and `load_settings` gives back exactly that."""
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    key(pygame.K_s)
    app.step(0.05)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    press(app, scene.sound_box)  # sound off, by a click
    assert scene.sound is False
    scene.set_volume(0.35)
    press(app, next(b for b, name in scene.assist_boxes.items() if name == "slow_motion"))
    press(app, scene.add_button)
    scene.name_entries[-1][1].set_text("Dora")
    scene.set_language("de")
    press(app, scene.ok_button)
    assert app.scene is menu
    got, warning = load_settings()
    assert warning is None
    assert got == Settings(players=(("Dora", "beer"),), language="de", sound=False, volume=0.35, slow_motion=True)
    assert (folders / "config" / "stammtisch" / "settings.json").exists()
    assert loaded_settings() == got and sounds().muted  # applied at once


def test_esc_saves_too_and_a_removed_player_is_forgotten(app: App) -> None:
    save_settings(Settings(players=(("Anna", "beer"), ("Bo", "light_beer"))))
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.05)
    assert [n for n, _ in scene.players] == ["Anna", "Bo"]
    press(app, next(b for b, i in scene.remove_buttons.items() if i == 0))
    key(pygame.K_ESCAPE)
    app.step(0.05)
    assert isinstance(app.scene, MenuScene)
    assert load_settings()[0].players == (("Bo", "light_beer"),)


def test_the_settings_screen_draws(app: App, folders: Path) -> None:
    """A headless screenshot of the screen (looked at by eye as well): panels, widgets, text."""
    scene = SettingsScene(app, Settings(players=(("Anna", "beer"), ("Bo", "light_beer"))))
    app.push(scene)
    app.step(0.05)
    shot = folders / "settings.png"
    app.save_screenshot(shot)
    surf = pygame.image.load(str(shot))
    colours = {tuple(surf.get_at((x, y))) for x in range(0, 1280, 23) for y in range(0, 800, 19)}
    assert len(colours) > 40
    for w in (scene.language_menu, scene.volume_slider, scene.ok_button, scene.add_button):
        assert pygame.Rect(0, 0, 1280, 800).contains(w.rect)
    assert not scene.ok_button.rect.colliderect(scene.add_button.rect)


def test_a_broken_settings_file_is_said_once_in_the_menu(folders: Path) -> None:
    """A damaged settings file: the program starts with the defaults and the menu says why."""
    path = folders / "config" / "stammtisch" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"volume": "loud"', encoding="utf-8")
    from game.ui.shell import launch as app_module

    shown: list[str] = []
    real = app_module.App.run

    def run(self: app_module.App, frames: int | None = None, screenshot: str | Path | None = None) -> int:
        shown.append(getattr(self.scene, "message", ""))
        return real(self, frames, screenshot)

    app_module.App.run = run  # type: ignore[method-assign]
    try:
        assert app_module.run_app(frames=2) == 0
    finally:
        app_module.App.run = real  # type: ignore[method-assign]
    assert "settings.json" in shown[0] and "not valid JSON" in shown[0]
    assert loaded_settings() is None  # the run's settings do not outlive it


# --- the settings in the program -------------------------------------------------------------------


def test_the_menu_seats_the_remembered_players_and_start_remembers_the_humans(app: App) -> None:
    apply_settings(Settings(players=(("Dora", "light_beer"),), coach=False))
    model = MenuModel()
    model.apply_settings()
    assert [(p.name, p.kind, str(p.drink)) for p in model.players[:1]] == [("Dora", "human", "light_beer")]
    assert len(model.players) == 3 and all(p.kind == "bot" for p in model.players[1:]) and model.coach is False
    model.players.append(PlayerRow("Emil", "human"))
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.start()
    assert load_settings()[0].players == (("Dora", "light_beer"), ("Emil", "beer"))


def test_team_games_seat_and_remember_the_people_too(app: App) -> None:
    """Bierpong (and a Le Mans team): the remembered people make up the human team; Start
    remembers a human team's members with the team's drink."""
    apply_settings(Settings(players=(("Dora", "light_beer"), ("Emil", "beer"))))
    model = MenuModel(game="bierpong")
    model.apply_settings()
    foxes = next(t for t in model.teams["bierpong"] if t.kind == "human")
    assert foxes.drivers[:2] == ["Dora", "Emil"] and str(foxes.drink) == "light_beer"
    foxes.drivers = ["Fritz", "Gül", "", ""]
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.start()
    assert load_settings()[0].players == (("Fritz", "light_beer"), ("Gül", "light_beer"))


def test_assists_come_from_the_settings(app: App) -> None:
    """bierpong.art4 table: the aim preview and slow motion are assists the settings switch on."""
    from game.ui.pong.bierpong_match import BierpongMatchScene
    from game.ui.pong.pong import PongScene

    assert not PongScene(app).slow
    apply_settings(Settings(aim_preview=True, slow_motion=True))
    assert PongScene(app).slow
    m = MenuModel(game="bierpong").make_match(4)
    assert BierpongMatchScene(app, m).preview_on


# --- sound -----------------------------------------------------------------------------------------


def roll_once(app: App, match: Match | None = None) -> DiceTableScene:
    """A dice table pushed for `match` (default: Anna and Bernd at Schock) and one roll of Anna's,
    by the scene's own Space action, played until the dice lie still."""
    from game.ui.dice.dice_table import DiceTableScene

    table = DiceTableScene(app, match or schock())
    app.push(table)
    app.step(0.05)
    for _ in range(60):  # the start: who opens is drawn first
        app.step(0.05)
        if not table.busy() and table.is_human(table.state.current_player()):
            break
    assert table.roll()
    for _ in range(200):
        app.step(0.05)
        if not table.busy():
            break
    assert any(e.action.startswith("roll") for e in table.match.log.entries)
    return table


def pong_sink(app: App) -> None:
    from physics.aim import speed_for
    from game.ui.pong.pong import PongScene

    scene = PongScene(app, "three")
    app.push(scene)
    cup = next(c for c in scene.table.cups() if c.id == 1)
    scene.throw(speed_for((0.0, 0.0, 0.45), cup.pos, 45.0))
    for _ in range(200):
        scene.update(1 / 60)
        if scene.in_flight() == 0:
            break


def test_muted_sound_plays_nothing_while_dice_roll_and_a_ball_sinks(app: App) -> None:
    apply_settings(Settings(sound=False))
    roll_once(app)
    pong_sink(app)
    assert sounds().played == []


def test_unmuted_the_dice_and_the_ball_are_heard(app: App) -> None:
    apply_settings(Settings(sound=True, volume=0.5))
    if not sounds().init():
        pytest.skip(sounds().status)  # no mixer at all here
    roll_once(app)
    assert "dice_rattle" in sounds().played and "dice_land" in sounds().played
    assert sounds().played.index("dice_rattle") < sounds().played.index("dice_land")
    sounds().played.clear()
    pong_sink(app)
    assert "ball_cup" in sounds().played  # the sink into cup 1
    assert sounds().played[0] in ("ball_bounce", "ball_rim", "ball_cup")


def test_a_race_rattles_its_dice_and_clicks_its_caps(app: App) -> None:
    """The race's dice tray rattles and lands; a moving cap clicks on each field."""
    from game.ui.race.race import RaceScene

    apply_settings(Settings(sound=True, volume=0.5))
    if not sounds().init():
        pytest.skip(sounds().status)
    m = Match("racerbile", [PlayerSpec("Car A", "careful"), PlayerSpec("Car B", "racer")], seed=3, track="babybane")
    app.push(RaceScene(app, m))
    for _ in range(600):
        app.step(0.05)
        if "cap_click" in sounds().played:
            break
    heard = sounds().played
    assert heard.index("dice_rattle") < heard.index("dice_land") < heard.index("cap_click")


# --- autosave and "Continue" -----------------------------------------------------------------------


def test_a_scene_autosaves_every_action_and_the_menu_continues_at_the_last_one(app: App, folders: Path) -> None:
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    assert menu.continue_button is None  # nothing unfinished yet
    table = roll_once(app)
    path = saves(folders) / "autosave-schock.json"
    live = table.match  # what the autosave holds, and when: tests/session/test_dice_flow.py
    table.leave()
    app.step(0.05)
    assert app.scene is menu and path.exists()
    assert menu.continue_button is not None and "Schock: Anna, Bernd" in menu.continue_button.text
    press(app, menu.continue_button)
    resumed = app.scene
    assert resumed is not menu and resumed.match.log.entries == live.log.entries  # type: ignore[union-attr]
    assert resumed.match.state == live.state  # type: ignore[union-attr]


def test_a_damaged_autosave_resumes_from_its_backup_with_a_message(app: App, folders: Path) -> None:
    from game.ui.dice.dice_table import DiceTableScene

    m = schock(9)
    table = roll_once(app, m)
    assert len(m.log.entries) >= 3
    table.leave()
    path = saves(folders) / "autosave-schock.json"
    from game.store.journal import journal_text

    backup_of(path).write_text(journal_text(m.log.prefix(len(m.log.entries) - 1)), encoding="utf-8")  # as a compaction leaves it
    path.write_text("{" + path.read_text(encoding="utf-8")[9:], encoding="utf-8")  # the header damaged
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    assert "damaged" in menu.message and "autosave-schock.json" in menu.message
    assert menu.resume_last()
    assert "backup" in menu.message and "autosave-schock.json.bak" in menu.message
    resumed = app.scene
    assert isinstance(resumed, DiceTableScene) and resumed.match.log.entries == m.log.entries[:-1]


def test_a_torn_last_line_is_an_action_not_completed(app: App, folders: Path) -> None:
    """Issue 15: the autosave is a journal; its last line cut short (a write a crash interrupted) is
    dropped without a word, and Continue resumes from the actions before it."""
    m = schock(9)
    table = roll_once(app, m)
    table.leave()
    path = saves(folders) / "autosave-schock.json"
    path.write_bytes(path.read_bytes()[:-5])
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    assert "damaged" not in menu.message and menu.continue_button is not None
    assert menu.resume_last() and "backup" not in menu.message
    resumed = app.scene
    assert resumed is not None and resumed.match.log.entries == m.log.entries[:-1]  # type: ignore[attr-defined]


DAMAGED_AUTOSAVES = {
    "torn header": "{ torn",
    "nested 1000 deep": "[" * 1000 + "]" * 1000,
    "journal header nested": '{"format":"stammtisch-journal/1","game":"schock","players":' + "[" * 1000 + "]" * 1000 + "}\n",
    "5000-digit seed": '{"format":"stammtisch-journal/1","game":"schock","seed":' + "9" * 5000 + "}\n",
    "unknown game": '{"format":"stammtisch-journal/1","game":"nosuchgame","players":[{"name":"A"}],"seed":1}\n{"seat":0}\n',
    "not utf-8": "\udcff",
}


@pytest.mark.parametrize("kind", sorted(DAMAGED_AUTOSAVES))
def test_an_autosave_without_a_good_copy_is_a_message_not_a_crash(app: App, folders: Path, kind: str) -> None:
    """Issue 19: the menu starts whatever the autosave holds; with no readable copy the problem is
    said once, and the file is kept (moved into `damaged/`, byte for byte), never deleted."""
    d = saves(folders)
    d.mkdir(parents=True)
    data = DAMAGED_AUTOSAVES[kind].encode("utf-8", "surrogateescape")
    (d / "autosave-katchen.json").write_bytes(data)
    (d / "autosave-katchen.json.bak").write_bytes(data[:10])
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    assert "autosave-katchen.json" in menu.message and "damaged" in menu.message and menu.continue_button is None
    kept = sorted((d / "damaged").iterdir())
    assert [k.name.split(".json")[0] for k in kept] == ["autosave-katchen", "autosave-katchen"]
    assert {k.read_bytes() for k in kept} == {data, data[:10]}
    assert not (d / "autosave-katchen.json").exists() and not (d / "autosave-katchen.json.bak").exists()
    assert not menu.resume_last() and app.scene is menu
    again = MenuScene(app)  # the next start: said once, not at every start
    assert "damaged" not in again.message and again.continue_button is None


def test_a_finished_match_is_not_offered(app: App, folders: Path) -> None:
    """schock.match: once the match is over the menu offers no Continue (the autosave's content, gone
    and back after an undo: tests/session/test_dice_flow.py)."""
    from game.ui.dice.dice_table import DiceTableScene
    from tests.autosave_worker import new_match, play_on

    m = new_match("schock", seed=5)
    table = DiceTableScene(app, m)
    app.push(table)
    play_on(m, lambda m: None, limit=100000)
    assert m.state.is_terminal()
    path = saves(folders) / "autosave-schock.json"
    assert not path.exists() and not backup_of(path).exists()
    menu = MenuScene(app)
    assert menu.unfinished is None and menu.continue_button is None


def test_main_py_with_a_corrupt_autosave_opens_the_menu_with_the_message(folders: Path) -> None:
    d = saves(folders)
    d.mkdir(parents=True)
    (d / "autosave-schock.json").write_text('{"format": "stammtisch-match/1", "game": "schock", "entries": [', encoding="utf-8")
    code = (
        "import sys; sys.argv=['main.py']\n"
        "from game.ui.shell import launch as A\n"
        "real = A.App.run\n"
        "def run(self, frames=None, screenshot=None):\n"
        "    print('MESSAGE', self.scene.message)\n"
        "    return real(self, 2, None)\n"
        "A.App.run = run\n"
        "import runpy; runpy.run_path('main.py', run_name='__main__')\n"
    )
    env = {**__import__("os").environ}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("MESSAGE"))
    assert "autosave-schock.json" in line and "damaged" in line, line
