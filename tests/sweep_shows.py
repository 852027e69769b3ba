"""The scenes and dialogs tests/scene_shows.py does not open, for the text sweep (issue 29): the
rules (F1) of each game from the menu, its drop-down lists opened, the lists of saves and replays,
the quit question, a hosted table's address and seats, the dice tables' final standing and
save-as dialog, the logs (L) of each game, the tables' challenge dialogs and Bierpong's table
events, the race's challenge dialog and final standings, the editor's name prompt and test drive,
the shot lab's dialogs, the practice table and the pub TV."""
from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from game.games import GAMES as REGISTERED
from game.match import Match, PlayerSpec
from game.racerbile.editing import Editor
from game.rules import racerbile as racerbile_rules
from game.store.matchfile import write_log
from game.ui.common.app import App
from tests.scene_shows import SHOWS, frames, press
from tests.sweep_real_table import REAL_TABLE

GAMES = tuple(REGISTERED)  # every game of the registry


def menu_rules(app: App) -> None:
    """The menu with each game chosen and its rules (F1) open."""
    from game.ui.shell.menu import MenuScene

    scene = MenuScene(app)
    app.push(scene)
    for game in GAMES:
        scene.model.game = game
        scene.rebuild()
        frames(app, 1)
        press(app, pygame.K_F1)
        frames(app, 1)
        press(app, pygame.K_F1)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    frames(app, 2)


def menu_choices(app: App) -> None:
    """The menu's drop-down lists opened: the first seat's kind and drink, for each game."""
    from game.ui.shell.menu import MenuScene

    scene = MenuScene(app)
    app.push(scene)
    for game in GAMES:
        scene.model.game = game
        scene.rebuild()
        frames(app, 1)
        for menu in (scene.kind_menus[0], scene.drink_menus[0]):
            click(app, menu.rect.center)
            click(app, (2, 2))  # closed again


def _saved(app: App) -> None:
    """A finished bots' Schock match in the save folder, so the lists show a row."""
    from game.store.saves import save_dir
    from game.session import INSTANT
    from game.session.dice import DiceSession

    m = Match("schock", [PlayerSpec("Anna", "bot"), PlayerSpec("Bo", "bot")], seed=3)
    DiceSession(m, pace=INSTANT).play_out(40)
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    write_log(m.log, folder / "schock_anna_bo.json")


def menu_lists(app: App) -> None:
    """Continue a saved match, Replays, and the quit question."""
    from game.ui.shell.menu import MenuScene

    _saved(app)
    scene = MenuScene(app)
    app.push(scene)
    for open_ in (scene.open_saves, scene.open_replays, scene.ask_quit):
        open_()
        frames(app, 2)
        scene.modal = None


def hosted(app: App) -> None:
    """A table with a remote seat: its address, code and seats (the host's side of a network game)."""
    from game.ui.shell.tables import hosted_scene

    m = Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo", "remote")], seed=3)
    scene: Any = hosted_scene(app, m, announce=False, port=0)
    app.push(scene)
    try:
        frames(app, 3)
    finally:
        scene.closed()


def _finished(game: str) -> Callable[[App], None]:
    def show(app: App) -> None:
        """A dice match played out by bots: the final standing, then save-as."""
        from game.session import INSTANT
        from game.session.dice import DiceSession
        from game.ui.dice.dice_table import DiceTableScene

        m = Match(game, [PlayerSpec("Anna", "bot"), PlayerSpec("Bo", "bot"), PlayerSpec("Cem", "bot")], seed=3)
        s = DiceSession(m, pace=INSTANT)
        for _i in range(3000):
            if m.state.is_terminal():
                break
            s.play_out(len(m.log.entries) + 1)
        scene = DiceTableScene(app, m, autosave=False)
        app.push(scene)
        frames(app, 4, 0.2)
        scene.open_save_as()
        frames(app, 2)
    return show


def _log(game: str) -> Callable[[App], None]:
    def show(app: App) -> None:
        """A match under way and its log (L)."""
        from game.ui.shell.tables import match_scene

        if game == "racerbile":
            m = Match(game, [PlayerSpec("Anna", "careful"), PlayerSpec("Bernd", "racer")], racerbile_rules.SPEC.make("racerbile"), seed=5, track="naaleoejet")
        else:
            m = Match(game, [PlayerSpec("Anna", "bot" if game != "bierpong" else "good"), PlayerSpec("Bernd", "bot" if game != "bierpong" else "good")], seed=3)
        scene: Any = match_scene(app, m, autosave=False)
        app.push(scene)
        frames(app, 40, 0.1)
        press(app, pygame.K_l)
        frames(app, 2)
    return show


def _dialogs(game: str) -> Callable[[App], None]:
    def show(app: App) -> None:
        """A table's other dialogs: the challenge (K), and at Bierpong the table's events (T)."""
        from game.ui.shell.tables import match_scene

        m = Match(game, [PlayerSpec("Anna", "bot" if game != "bierpong" else "good"), PlayerSpec("Bernd", "bot" if game != "bierpong" else "good")], seed=3)
        scene: Any = match_scene(app, m, autosave=False)
        app.push(scene)
        frames(app, 20, 0.1)
        scene.open_challenge()
        frames(app, 2)
        if game == "bierpong":
            scene.open_table_events()
            frames(app, 2)
    return show


def editor_prompts(app: App) -> None:
    """The editor's name prompt (Name…)."""
    from game.racerbile.tracks import SHIPPED
    from game.ui.editor.editor import EditorScene

    scene = EditorScene(app, Editor.open(SHIPPED / "babybane.yaml"))
    app.push(scene)
    frames(app, 1)
    scene.rename()
    frames(app, 2)


def shot_lab_dialogs(app: App) -> None:
    """The shot lab's parameter dialog and its name prompt."""
    from game.ui.pong.shot_lab import ShotLab

    lab = ShotLab(app)
    app.push(lab)
    frames(app, 1)
    lab.open_dialog()
    frames(app, 2)
    lab.ask_name()
    frames(app, 2)


def race_challenge(app: App) -> None:
    """The race's challenge dialog (K) after some moves."""
    from game.ui.race.race import RaceScene

    m = Match("racerbile", [PlayerSpec("Anna", "careful"), PlayerSpec("Bernd", "racer")], racerbile_rules.SPEC.make("racerbile"), seed=5, track="naaleoejet")
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    frames(app, 30, 0.1)
    scene.open_challenge()
    frames(app, 2)


def race_final(app: App) -> None:
    """A one-lap Babybile race driven out by bots: the final standings."""
    from game.racerbile.bots import make_race_bot
    from game.session import INSTANT, Bot
    from game.session.race import RaceSession
    from game.ui.race.race import RaceScene
    from game.ui.race.race_dialogs import RaceFinal

    m = Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bernd")], racerbile_rules.SPEC.make("babybile", laps=1), seed=9, track="babybane")
    RaceSession(m, [Bot(p.name, "racer", make_race_bot("racer").act) for p in m.players], INSTANT).play_out()
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    for _i in range(80):
        frames(app, 1)
        if isinstance(scene.modal, RaceFinal):
            break
    assert isinstance(scene.modal, RaceFinal)
    frames(app, 2)


def test_drive(app: App) -> None:
    """The editor's test drive (T) on a shipped track, animated a while."""
    from game.racerbile.tracks import SHIPPED
    from game.ui.editor.editor import EditorScene

    app.push(EditorScene(app, Editor.open(SHIPPED / "babybane.yaml")))
    frames(app, 2)
    press(app, pygame.K_t)
    frames(app, 30, 0.1)


def practice(app: App) -> None:
    """The Bierpong practice table (P in the menu)."""
    from game.ui.pong.pong import PongScene

    app.push(PongScene(app))
    frames(app, 10, 0.1)


def pub_tv(app: App) -> None:
    """A spectator of a Schock and a Bierpong table on loopback: the TV's big-screen layouts."""
    from game.net.client import TableClient
    from game.net.host import TableHost
    from game.net.remote import remote_session
    from game.session import INSTANT, session_for
    from game.ui.shell.tables import joined_scene

    for game in ("schock", "bierpong"):
        m = Match(game, [PlayerSpec("Ann", "careful"), PlayerSpec("Bo", "careful")], seed=3)
        host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0)
        watcher = TableClient(f"ws://127.0.0.1:{host.port}", host.code, watch=True)
        try:
            end = time.monotonic() + 30
            while watcher.mirror is None and time.monotonic() < end:
                host.pump()
                watcher.pump()
                time.sleep(0.005)
            assert watcher.mirror is not None
            tv: Any = joined_scene(app, remote_session(watcher))
            app.push(tv)
            tv.resize(app.size)
            for _i in range(5):
                host.pump()
                frames(app, 1, 0.1)
            app.stack.remove(tv)
        finally:
            watcher.close()
            host.close()


ALL: dict[str, Callable[[App], None]] = {
    **SHOWS,
    **REAL_TABLE,  # the real table's pads (issue 32)
    "menu_rules": menu_rules,
    "menu_choices": menu_choices,
    "menu_lists": menu_lists,
    "hosted": hosted,
    "schock_final": _finished("schock"),
    "katchen_final": _finished("katchen"),
    "schock_log": _log("schock"),
    "katchen_log": _log("katchen"),
    "race_log": _log("racerbile"),
    "bierpong_log": _log("bierpong"),
    "schock_dialogs": _dialogs("schock"),
    "bierpong_dialogs": _dialogs("bierpong"),
    "editor_prompts": editor_prompts,
    "shot_lab_dialogs": shot_lab_dialogs,
    "race_challenge": race_challenge,
    "race_final": race_final,
    "test_drive": test_drive,
    "practice": practice,
    "pub_tv": pub_tv,
}
