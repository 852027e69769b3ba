"""The race as a newcomer sees it (issue 18): words about fields one can see, a legend, notes and
banners that leave the lit fields in view, standings that say why, Le Mans set up without typing for bots.
Headless scenes on the shipped tracks; the rules decide, the tests read what is drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UILabel

from game.match import Match, PlayerSpec
from game.racerbile.state import GEAR, MOVE
from game.rules import racerbile as R
from game.ui.menu.menu import MenuModel, MenuScene, TeamRow
from game.ui.race.race import RaceScene
from game.ui.race.race_dialogs import TimeTrialDialog

if TYPE_CHECKING:
    from game.ui.common.app import App


def race(variant: str, track: str, players: list[PlayerSpec] | None = None, seed: int = 5, **options: object) -> Match:
    profile = R.SPEC.make(variant, **options)
    return Match("racerbile", players or [PlayerSpec("Anna"), PlayerSpec("Bernd")], profile, seed=seed, track=track)


def open_scene(app: App, match: Match) -> RaceScene:
    if not app.stack:
        app.push(MenuScene(app))
    scene = RaceScene(app, match)
    app.push(scene)
    return scene


def move_mouse(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def wait_for(app: App, scene: RaceScene, phase: str, limit: int = 600, turns: int = 0) -> None:
    """Step until a person has to make a decision of `phase` (after `turns` finished turns)."""
    for _ in range(limit):
        st = scene.state
        if st.phase == phase and st.turns >= turns and not scene.busy() and scene.is_human(st.current_player()):
            return
        if not scene.busy() and scene.is_human(st.current_player()):
            if st.phase == MOVE:
                m = scene.moves()
                assert m is not None
                scene.drive_to(m.ends()[-1])
            elif st.phase == GEAR:
                scene.shift(1 if 1 in st.shifts() else 0)
        app.step(0.05)
    raise AssertionError(f"no {phase} decision came (phase {scene.state.phase})")


def rolled(app: App, scene: RaceScene) -> None:
    app.step(0.05)
    if isinstance(scene.modal, TimeTrialDialog):
        scene.modal.go(roll=True)


# --- Le Mans in the menu: a track without a pit lane is refused at once -----------------------------


def test_racerbile_lemans_pit_a_pitless_track_is_refused_in_the_menu_with_the_reason(app: App) -> None:
    """racerbile.lemans.pit: choosing Babybane for Le Mans keeps the track chosen and says why; switching
    a race on Nåleøjet to Le Mans moves it to the Le Mans track and says why."""
    model = MenuModel(game="racerbile")
    model.track = "naaleoejet"
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.variant_menu is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.variant_menu, text="Le Mans"))
    app.step(0.05)
    assert model.lemans and model.track == "le_mans"
    assert "pit lane" in menu.message
    label = next(lb for lb, ref in menu.tracks if ref == "babybane")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.track_menu, text=label))
    app.step(0.05)
    assert model.track == "le_mans"
    assert "pit lane" in menu.message and label in menu.message
    assert menu.track_menu is not None and menu.track_menu.selected_option[0] != label
    model.teams = [TeamRow("Rød", ["Anna", "Bo", "Carl"]), TeamRow("Blå", ["Dorte", "Emil", "Frida"], "racer")]
    menu.rebuild()
    assert menu.start() and isinstance(app.scene, RaceScene)


# --- the time trial: bots need no typed time --------------------------------------------------------

TEAMS = [
    PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")),
    PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
    PlayerSpec("Gul", "racer", drivers=("Gustav", "Hanne", "Ib")),
]


def test_racerbile_variant_racerbile_time_trial_asks_only_the_people_for_times(app: App) -> None:
    """racerbile.variant.racerbile at Le Mans: the dialog has a box for the one team a person plays;
    the bots' times are set and shown, and the order follows all three times."""
    from game.racerbile.bots import trial_seconds

    m = race("le_mans", "le_mans", TEAMS, seed=7)
    scene = open_scene(app, m)
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog)
    assert list(trial.entries) == [0]
    bots = {1: trial_seconds("careful", m.log.seed, 1), 2: trial_seconds("racer", m.log.seed, 2)}
    assert trial.bots == bots and all(0 < t < 30 for t in bots.values())
    labels = [el.text for el in trial.ui.get_sprite_group().sprites() if isinstance(el, UILabel)]
    assert f"{bots[1]:g} s (bot)" in labels and f"{bots[2]:g} s (bot)" in labels
    trial.entries[0].set_text("99")  # the slowest beer of the evening
    assert trial.go()
    assert m.log.entries[1].action == f"times 99 {bots[1]:g} {bots[2]:g}"
    app.step(0.05)
    assert scene.state.order[-1] == 0 and not isinstance(scene.modal, TimeTrialDialog)
