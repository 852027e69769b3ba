"""Racerbile at a real table through the race scene (issue 32, docs/real-table.md): the dice pad – each
player his own die for the order, the driver's gear dice and the 5s and 6s thrown again, by clicks and
by keys – refusals shown with the referee's reason and nothing logged, the field where the real cap
stands clicked and the move ruled; the switch to simulated dice and back (R), said by who."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match import Match, PlayerSpec
from game.racerbile.actions import Dice, Drive, StartDie
from game.racerbile.state import GEAR, MOVE, ORDER, ROLL, START_ROLL
from game.rules import racerbile as R
from game.rules.realtable import TABLE
from game.state import CHANCE
from game.ui.race import race_pad
from game.ui.race.race import RaceScene
from game.ui.race.race_dialogs import JudgesConsole, TimeTrialDialog
from game.ui.race.race_draw import log_items
from game.ui.shell.menu import MenuScene
from tests.ui.test_race_ui import click, key, move_mouse, pixel, press, settle

if TYPE_CHECKING:
    from game.ui.common.app import App


def real_race(seed: int = 11) -> Match:
    return Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bernd")], R.SPEC.make(R.BABYBILE, laps=1), seed=seed,
                 track="babybane", real_table=True)


def open_real(app: App, seed: int = 11) -> RaceScene:
    app.push(MenuScene(app))
    scene = RaceScene(app, real_race(seed), autosave=False)
    app.push(scene)
    app.step(0.05)
    if scene.state.phase == ORDER:  # (Racerbile: a time trial, or a roll for the order)
        trial = scene.modal
        assert isinstance(trial, TimeTrialDialog)
        press(trial.roll_button)
        app.step(0.05)
    assert scene.state.phase == START_ROLL
    return scene


def click_faces(app: App, scene: RaceScene, faces: str) -> None:
    for f in faces.split():
        click(scene.pad.rects[f].center)
        app.step(0.05)


def chance_entries(scene: RaceScene) -> list[str]:
    return [e.action for e in scene.match.log.entries if e.seat == CHANCE]


def to_roll(app: App, scene: RaceScene) -> None:
    """Anna 5, Bernd 3 for the order (Anna's by clicks, Bernd's by keys); Anna starts in first gear."""
    click_faces(app, scene, "5")
    click(scene.pad.rects["send"].center)
    app.step(0.05)
    settle(app, scene)
    assert chance_entries(scene) == [str(StartDie(5))] and scene.session.enterers() == (1,)
    key(pygame.K_3)
    key(pygame.K_RETURN)
    app.step(0.05)
    settle(app, scene)
    assert chance_entries(scene) == [str(StartDie(5)), str(StartDie(3))]
    assert scene.state.current_player() in (0, CHANCE) and scene.session.enterers() == (0,)  # Anna starts
    if scene.state.phase == GEAR:
        key(pygame.K_RETURN)  # hold
        app.step(0.05)
        settle(app, scene)
    assert scene.state.phase == ROLL and scene.session.entering()


def test_racerbile_start_each_player_enters_his_own_die_by_click_and_by_key(app: App) -> None:
    scene = open_real(app)
    assert scene.session.enterers() == (0,)
    app.step(0.05)
    assert set(scene.pad.rects) >= {"1", "6", "back", "send"}  # the pad is up for Anna
    to_roll(app, scene)


def test_racerbile_gears_dice_entered_by_clicks_and_keys_refusal_shown_then_the_clicked_field_rules_the_move(app: App) -> None:
    """racerbile.gears: first gear rolls one die – two entered are refused with the reason, nothing
    logged; a 5 is thrown again (racerbile.dice: 5s and 6s again), entered by keys; then the lit field
    clicked where the real cap stands drives there."""
    scene = open_real(app)
    to_roll(app, scene)
    st = scene.state
    assert st.turn is not None and st.turn.gear == 1 and st.turn.pending == 1
    n = len(scene.match.log.entries)
    click_faces(app, scene, "4 2")
    click(scene.pad.rects["send"].center)
    app.step(0.05)
    assert len(scene.match.log.entries) == n  # nothing logged
    assert "dice are rolling, not 2" in scene.pad.error and scene.pad.faces == [4, 2]  # kept, to be mended
    assert scene.pad.error.endswith("(rule racerbile.gears)")  # the rule cited, not standing for words
    scene.draw(app.screen)  # the reason is drawn on the pad
    key(pygame.K_BACKSPACE)
    key(pygame.K_BACKSPACE)
    key(pygame.K_5)  # a 5: thrown again
    key(pygame.K_RETURN)
    app.step(0.05)
    assert race_pad.pad_seat(scene) == 0 and not scene.tray.animating  # the real die lies there: the pad asks on at once
    st = scene.state
    assert st.phase == ROLL and st.turn is not None and st.turn.pending == 1 and scene.pad.faces == []
    assert "5 or 6 again" in race_pad.prompt(scene, 0) and not scene.pad.error
    click_faces(app, scene, "3")
    key(pygame.K_KP_ENTER)
    app.step(0.05)
    settle(app, scene)
    assert chance_entries(scene)[-2:] == [str(Dice((5,))), str(Dice((3,)))]
    assert all((e.detail or {}).get("entered") == "Anna" for e in scene.match.log.entries[-2:])
    st = scene.state
    assert st.phase == MOVE and st.turn is not None and st.turn.roll == 3
    m = scene.moves()
    assert m is not None and m.ends()
    end = m.ends()[0]
    move_mouse(pixel(scene, end))  # the coach shows the way there, with its sips, as in any race
    app.step(0.05)
    way = scene.shown_way()
    assert way is not None and way.end == end and scene.coach_lines(way)
    click(pixel(scene, end))
    app.step(0.05)
    settle(app, scene)
    drives = [a for a in map(scene.match.parse, (e.action for e in scene.match.log.entries[1:])) if isinstance(a, Drive)]
    assert len(drives) == 1 and drives[0].path[-1] == end and scene.state.cars[0].pos == end


def test_real_table_switched_to_simulated_dice_and_back_by_r_says_who(app: App) -> None:
    scene = open_real(app)
    to_roll(app, scene)
    key(pygame.K_r)
    app.step(0.05)
    settle(app, scene)
    assert [e.action for e in scene.match.log.entries if e.seat == TABLE] == ["simulated table by Anna"]
    assert any(t.endswith("Anna switched to simulated dice") for t, _k in log_items(scene.match))  # the log dialog says who
    assert not scene.session.real_table() and "Simulated table" in scene.banners.shown
    for _ in range(40):  # the program rolls Anna's die now
        app.step(0.05)
        if scene.state.phase == MOVE:
            break
    assert scene.state.phase == MOVE and scene.pad.rects == {}
    press(scene.tool_buttons["table"])
    app.step(0.05)
    assert scene.session.real_table() and scene.match.log.entries[-1].action == "real table by Anna"


def test_le_mans_at_a_real_table_the_event_clock_runs_and_the_judges_sit_while_a_driver_enters_his_dice(app: App) -> None:
    """racerbile.lemans.end, racerbile.lemans.judges: at a real table nothing waits for a draw – while
    the pad waits for the driver's dice the event clock runs on and the judges' console opens (J)."""
    teams = [PlayerSpec("Rød", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", drivers=("Dorte", "Emil", "Frida"))]
    m = Match("racerbile", teams, R.SPEC.make(R.LE_MANS, lemans_time_factor=60), seed=2, track="le_mans", real_table=True)
    app.push(MenuScene(app))
    scene = RaceScene(app, m, autosave=False)
    app.push(scene)
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog)
    trial.go(roll=True)
    for _ in range(40):
        app.step(0.05)
        if scene.session.entering() and scene.state.phase == START_ROLL:
            key(pygame.K_1 + len(scene.state.rolled) % 6)  # each team's own die, typed
            key(pygame.K_RETURN)
        elif scene.state.phase == GEAR:
            key(pygame.K_RETURN)
        elif scene.state.phase == ROLL:
            break
    assert scene.state.phase == ROLL and scene.session.entering() and scene.pad.rects
    before = scene.session.event_seconds()
    for _ in range(10):
        app.step(0.1)
    assert scene.session.event_seconds() > before  # the 24-hour clock runs while the dice are entered
    key(pygame.K_j)
    app.step(0.05)
    assert isinstance(scene.modal, JudgesConsole) and scene.pad.rects == {}  # the console over the pad
