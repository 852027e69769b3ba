"""Each scene of the program opened headless and stepped a few frames, in whatever language is set
(tests/ui/test_screen_words.py draws them in English, German and Danish)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from game.match import Match, PlayerSpec
from game.racerbile.editing import Editor
from game.rules import racerbile as racerbile_rules
from game.store.matchfile import write_log
from game.ui.common.app import App


def frames(app: App, n: int = 3, dt: float = 0.05) -> None:
    for _i in range(n):
        app.step(dt)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(0.05)


def menu(app: App) -> None:
    from game.ui.shell.menu import MenuScene

    scene = MenuScene(app)
    app.push(scene)
    frames(app)
    for game in ("katchen", "racerbile", "bierpong"):
        scene.model.game = game
        scene.rebuild()
        frames(app, 2)


def menu_help(app: App) -> None:
    from game.ui.shell.menu import MenuScene

    app.push(MenuScene(app))
    frames(app)
    press(app, pygame.K_F1)
    frames(app, 2)


def settings(app: App) -> None:
    from game.ui.shell.settings_scene import SettingsScene

    app.push(SettingsScene(app))
    frames(app)


def join(app: App) -> None:
    from game.ui.shell.join_scene import JoinScene

    app.push(JoinScene(app))
    frames(app)


def _dice(game: str) -> Callable[[App], None]:
    def show(app: App) -> None:
        from game.ui.dice.dice_table import DiceTableScene

        m = Match(game, [PlayerSpec("Anna"), PlayerSpec("Bernd", "bot"), PlayerSpec("Carla", "bot")], seed=3)
        app.push(DiceTableScene(app, m, autosave=False))
        frames(app, 40, 0.1)
        press(app, pygame.K_F1)
        frames(app, 2)
    return show


def _race(variant: str, track: str, players: list[PlayerSpec]) -> Callable[[App], None]:
    def show(app: App) -> None:
        from game.ui.race.race import RaceScene
        from game.ui.race.race_dialogs import FaultMenu

        m = Match("racerbile", players, racerbile_rules.SPEC.make(variant), seed=5, track=track)
        scene = RaceScene(app, m, autosave=False)
        app.push(scene)
        frames(app, 30, 0.1)
        scene.open_faults()
        assert isinstance(scene.modal, FaultMenu)
        frames(app, 2)
    return show


def race_help(app: App) -> None:
    from game.ui.race.race import RaceScene

    m = Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bernd", "careful")], racerbile_rules.SPEC.make("racerbile"), seed=5, track="naaleoejet")
    app.push(RaceScene(app, m, autosave=False))
    frames(app, 2)
    press(app, pygame.K_F1)
    frames(app, 2)


def le_mans(app: App) -> None:
    """A Le Mans event: the time trial's dialog, the race, the judges' console (J)."""
    from game.ui.race.race import RaceScene
    from game.ui.race.race_dialogs import JudgesConsole, TimeTrialDialog

    teams = [PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida"))]
    m = Match("racerbile", teams, racerbile_rules.SPEC.make("le_mans"), seed=2, track="le_mans")
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    frames(app, 2)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    frames(app, 10, 0.1)
    scene.open_judges()
    assert isinstance(scene.modal, JudgesConsole)
    frames(app, 2)


def editor(app: App) -> None:
    """The editor on a shipped track, and its key sheet (F1)."""
    from game.racerbile.tracks import SHIPPED
    from game.ui.editor.editor import EditorScene

    app.push(EditorScene(app, Editor.open(SHIPPED / "babybane.yaml")))
    frames(app)
    press(app, pygame.K_F1)
    frames(app, 2)


def new_track(app: App) -> None:
    """The editor on an empty sheet: its problems listed (the validator's words, translated)."""
    from game.ui.editor.editor import EditorScene, new_editor

    app.push(EditorScene(app, new_editor()))
    frames(app)


def board(app: App) -> None:
    """`main.py board le_mans`: the track on its own."""
    from game.racerbile.tracks import find_track
    from game.ui.board.board import BoardScene

    app.push(BoardScene(app, find_track("le_mans").track))
    frames(app)


def bierpong(app: App) -> None:
    from game.ui.pong.bierpong_match import BierpongMatchScene

    m = Match("bierpong", [PlayerSpec("Anna"), PlayerSpec("Bernd", "good")], seed=5)
    app.push(BierpongMatchScene(app, m, autosave=False))
    frames(app, 20, 0.1)
    press(app, pygame.K_F1)
    frames(app, 2)


def demos(app: App) -> None:
    from game.ui.pong.pong_demo import ShotMenu

    menu = ShotMenu(app)
    app.push(menu)
    frames(app)
    menu.choose("bombe")
    frames(app, 20, 0.1)


def shot_lab(app: App) -> None:
    from game.ui.pong.shot_lab import ShotLab

    app.push(ShotLab(app))
    frames(app)


def replay(app: App) -> None:
    import tempfile

    from game.ui.shell.replay import ReplayScene
    from tests.session.test_replay_flow import race_match

    path = Path(tempfile.mkdtemp()) / "race.json"
    write_log(race_match(2).log, path)
    app.push(ReplayScene(app, str(path), step=6))
    frames(app)


SHOWS: dict[str, Callable[[App], None]] = {
    "menu": menu,
    "menu_help": menu_help,
    "settings": settings,
    "join": join,
    "schock": _dice("schock"),
    "katchen": _dice("katchen"),
    "babybile": _race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd", "careful")]),
    "racerbile": _race("racerbile", "naaleoejet", [PlayerSpec("Anna", "careful"), PlayerSpec("Bernd", "racer")]),
    "race_help": race_help,
    "le_mans": le_mans,
    "editor": editor,
    "new_track": new_track,
    "board": board,
    "bierpong": bierpong,
    "demos": demos,
    "shot_lab": shot_lab,
    "replay": replay,
}
