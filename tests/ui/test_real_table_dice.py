"""Schock at a real table on the desktop (issue 32, docs/real-table.md): the player on turn enters the
faces his real dice show on the dice table's entry pad – three clicks on the faces, or `6 5 2` typed and
Enter –, a Türmchen by its button; an impossible entry is refused with the rule's reason and nothing is
logged; the table switches between real and simulated dice mid-match (R), logged with who switched;
`play schock --table` starts such a match. Driven through the real scene (events posted to the window)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
import pytest

from game.cli import main
from game.dice.actions import Dice, Roll, Tower
from game.i18n import _
from game.match import Match, PlayerSpec
from game.rules.realtable import TABLE
from game.state import CHANCE
from game.store.matchfile import read_log
from game.store.saves import save_dir
from game.ui.dice.dice_table import DiceTableScene
from game.ui.shell.menu_model import MenuModel
from tests.ui.test_ui import click, key, settle, table_for

if TYPE_CHECKING:
    from game.ui.common.app import App

PEOPLE = [PlayerSpec("Anna"), PlayerSpec("Bernd")]


def real_table(app: App, seed: int = 4) -> DiceTableScene:
    """A Schock match of two people at a real table, waiting for the opener to roll."""
    t = table_for(app, Match("schock", PEOPLE, seed=seed, real_table=True))
    settle(app, t)
    return t


def roll_and_wait(app: App, t: DiceTableScene) -> None:
    """Space: the player on turn rolls; the table waits for him to enter what his dice show."""
    key(pygame.K_SPACE)
    settle(app, t)
    assert t.session.entering() and t.entering_here()
    app.step(0.05)  # the pad is drawn (where its faces are)


def type_text(text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0, unicode=ch, scancode=0))


def face_at(t: DiceTableScene, face: int) -> tuple[int, int]:
    return next(r.center for r, f in t.pad.buttons if f == face)


def chance_entries(m: Match) -> list[tuple[str, dict[str, object]]]:
    return [(e.action, dict(e.detail or {})) for e in m.log.entries if e.seat == CHANCE]


def test_schock_roll_at_a_real_table_is_the_faces_clicked_on_the_pad(app: App) -> None:
    t = real_table(app)
    m = t.match
    roller = m.state.players[m.state.turn.seat]
    roll_and_wait(app, t)
    assert t.pad.drawn is not None and len(t.pad.buttons) == 6  # the six faces to click
    for face in (6, 5, 2):
        click(face_at(t, face))
        app.step(0.05)
    settle(app, t)
    assert chance_entries(m)[-1] == (str(Dice((6, 5, 2))), {"entered": roller})  # no die drawn: the faces clicked
    assert m.state.turn is not None and m.state.turn.faces == (6, 5, 2)
    assert not t.session.entering()  # the player decides again (keep, put out, stand)


def test_schock_first_roll_of_a_turn_at_a_real_table_is_three_clicks_without_space(app: App) -> None:
    t = real_table(app)
    m = t.match
    app.step(0.05)
    assert t.pad.drawn is not None and not t.session.entering()  # the pad is open before the roll: nothing to keep yet
    n = len(m.log.entries)
    for face in (2, 2, 1):
        click(face_at(t, face))
        app.step(0.05)
    settle(app, t)
    rolled, thrown = (m.parse(e.action) for e in m.log.entries[n:n + 2])
    assert isinstance(rolled, Roll) and thrown == Dice((2, 2, 1))  # the roll, then the faces entered
    assert sorted(m.state.turn.faces) == [1, 2, 2]


def test_schock_roll_at_a_real_table_is_the_faces_typed_and_enter(app: App) -> None:
    t = real_table(app)
    m = t.match
    roll_and_wait(app, t)
    type_text("4 4 1")
    app.step(0.05)
    assert t.pad.shown(m.state) == [4, 4, 1]  # the slots show what was typed
    key(pygame.K_RETURN)
    settle(app, t)
    assert chance_entries(m)[-1][0] == str(Dice((4, 4, 1)))
    assert m.state.turn is not None and m.state.turn.faces == (4, 4, 1)


def test_schock_second_roll_enters_only_the_dice_thrown_the_ones_put_out_stay(app: App) -> None:
    t = real_table(app)
    m = t.match
    roll_and_wait(app, t)
    type_text("1 1 3")
    key(pygame.K_RETURN)
    settle(app, t)
    key(pygame.K_1)  # put out the first 1 (schock: dice put out stay out)
    key(pygame.K_2)
    app.step(0.05)
    roll_and_wait(app, t)
    assert t.pad.needed(m.state) == 1 and t.pad.shown(m.state) == [None]
    assert t.pad.drawn is not None
    n, kept, told = len(m.log.entries), t.dice.kept_faces(), t.toast.text
    under = [t.dice.rect(i).center for i in range(3) if t.pad.drawn.collidepoint(t.dice.rect(i).center) and t.pad.hit(t.dice.rect(i).center) is None]
    assert under  # a die lies under the pad's panel, away from its faces
    click(under[0])  # a click there is the pad's: the die under it is not touched
    app.step(0.05)
    assert len(m.log.entries) == n and t.dice.kept_faces() == kept and t.pad.shown(m.state) == [None]
    assert t.toast.text == told  # (nor is the die under it told it cannot be kept now)
    click(face_at(t, 1))  # one click: the one die thrown
    settle(app, t)
    assert chance_entries(m)[-1][0] == str(Dice((1,)))
    assert sorted(m.state.turn.faces) == [1, 1, 1]  # Schock aus


def test_schock_an_impossible_entry_is_refused_with_its_reason_and_nothing_is_logged(app: App) -> None:
    t = real_table(app)
    m = t.match
    roll_and_wait(app, t)
    n = len(m.log.entries)
    type_text("6 5 2 4")  # four dice for a roll of three
    key(pygame.K_RETURN)
    app.step(0.05)
    assert len(m.log.entries) == n and t.session.entering()
    four = t.toast.text
    assert t.toast.kind == "error" and "3" in four and "4" in four  # the rule's reason: three dice thrown, four entered
    type_text("7 5 2")  # a face no die has
    key(pygame.K_RETURN)
    app.step(0.05)
    assert len(m.log.entries) == n and t.session.entering()
    assert t.toast.kind == "error" and "7" in t.toast.text and t.toast.text != four
    click(face_at(t, 3))
    key(pygame.K_BACKSPACE)  # a face clicked by mistake is taken back
    app.step(0.05)
    assert t.pad.shown(m.state) == [None, None, None] and len(m.log.entries) == n


def test_schock_tower_at_a_real_table_throws_the_roll_again_by_its_button(app: App) -> None:
    t = real_table(app)
    m = t.match
    roll_and_wait(app, t)
    app.step(0.05)
    assert t.b_tower.visible  # schock.tower: a Türmchen is offered while the faces are entered
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=t.b_tower))  # "Türmchen (T)"
    for _step in range(100):  # the Türmchen's pause
        app.step(0.05)
        if t.entering_here():
            break
    assert isinstance(m.parse(m.log.entries[-1].action), Tower)
    assert t.entering_here()  # the same roll, thrown again: entered again
    type_text("3 2 1")
    key(pygame.K_RETURN)
    settle(app, t)
    assert chance_entries(m)[-1][0] == str(Dice((3, 2, 1)))


def test_the_table_switches_between_real_and_program_dice_mid_match_and_the_log_says_who(app: App) -> None:
    t = real_table(app)
    m = t.match
    roller = m.state.players[m.state.turn.seat]
    roll_and_wait(app, t)
    type_text("5 5 2")
    key(pygame.K_RETURN)
    settle(app, t)
    key(pygame.K_r)  # to the program's dice
    app.step(0.05)
    assert m.log.entries[-1].seat == TABLE and m.log.entries[-1].action == f"simulated table by {roller}"
    assert not m.real_table and not t.b_real.get_state()
    assert any(roller in b.sub for b in t.banners.queue)  # the table says who switched
    settle(app, t)
    n = len(chance_entries(m))
    key(pygame.K_SPACE)  # the program throws now: no pad
    settle(app, t)
    assert not t.session.entering() and len(chance_entries(m)) == n + 1
    assert "entered" not in chance_entries(m)[-1][1]
    assert isinstance(m.parse(m.log.entries[-2].action), Roll)
    t.b_real.set_state(True)  # the box back on: real dice again
    app.step(0.05)
    app.step(0.05)
    assert m.real_table and m.log.entries[-1].seat == TABLE and m.log.entries[-1].action.startswith("real table by ")
    entries = len(m.log.entries)
    app.step(0.05)
    assert len(m.log.entries) == entries  # (the box set to the table's way switches nothing again)


def test_the_menu_starts_a_match_at_a_real_table_when_asked() -> None:
    model = MenuModel.from_choice("katchen", None, None)
    assert not model.make_match(seed=1).real_table
    model.real_table = True
    assert model.make_match(seed=1).real_table


def test_play_schock_table_starts_a_match_at_a_real_table(app: App, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Bernd, a bot, opens and rolls: his dice are drawn (a bot has no hands), the autosave keeps the match
    code = main(["play", "schock", "--table", "--players", "Bernd:bot,Anna", "--seed", "2", "--frames", "240"])
    assert code == 0
    saves = [p for p in save_dir().glob("*.json") if "schock" in p.name and not p.name.endswith(".bak")]
    assert saves, list(save_dir().iterdir())
    log = read_log(saves[0])
    assert log.settings.get("real_table") is True


def test_play_table_with_a_saved_match_is_refused_with_a_clear_message(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "some.json"
    f.write_text("{}", encoding="utf-8")
    assert main(["play", "schock", "--table", "--load", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--table:") and "Traceback" not in err


def test_the_menus_real_table_box_starts_the_match_at_a_real_table(app: App) -> None:
    from game.ui.shell.menu import MenuScene

    menu = MenuScene(app, MenuModel.from_choice("schock", None, None))
    app.push(menu)
    app.step(0.05)
    click(menu.real_box.rect.center)
    app.step(0.05)
    app.step(0.05)
    assert menu.model.real_table and menu.model.make_match(seed=3).real_table


@pytest.mark.parametrize("lang", ["en", "de", "da"])
@pytest.mark.parametrize("size", [(1600, 1000), (960, 640)])
def test_the_entry_pad_fits_on_the_felt_below_the_middle_stack_in_every_language(app: App, lang: str, size: tuple[int, int]) -> None:
    from game.i18n import set_language

    set_language(lang)
    try:
        t = real_table(app)
        roll_and_wait(app, t)
        screen = pygame.Surface(size)
        t.resize(size)
        t.draw(screen)
        box = t.pad.drawn
        assert box is not None and t.L.felt.contains(box)
        assert box.top >= t.L.stack_box.bottom  # the middle stack and its count stay in sight
        assert len(t.pad.buttons) == 6 and all(box.contains(r) for r, _f in t.pad.buttons)
        name = t.state.players[t.keyboard_seat()]
        words = t.fonts.size(_("{name}: enter the dice you threw").format(name=name), int(20 * t.L.s), "bold")[0]
        assert words < box.w  # the words in the language of the screen fit the pad
    finally:
        set_language("en")


def test_katchen_phase1_throw_at_a_real_table_typed_is_ruled_from_the_faces_entered(app: App) -> None:
    t = table_for(app, Match("katchen", PEOPLE, seed=4, real_table=True))
    settle(app, t)
    m = t.match
    seat = m.state.turn.seat
    assert not t.b_tower.visible  # Katchen has no Türmchen
    type_text("421")  # one throw each in phase 1: typed at once, rolled and entered with Enter
    key(pygame.K_RETURN)
    settle(app, t)
    assert chance_entries(m)[-1] == (str(Dice((4, 2, 1))), {"entered": m.players[seat].name})
    assert m.state.turns_done == 1  # the throw is over after its one roll (katchen.phase1)


def test_the_replay_viewer_says_a_switch_of_the_table_in_words(app: App, tmp_path: Path) -> None:
    from game.i18n import set_language
    from game.session import INSTANT
    from game.session.dice import DiceSession
    from game.ui.shell.replay import ReplayScene
    from tests.session.test_replay_flow import saved

    m = Match("schock", PEOPLE, seed=5, real_table=True)
    s = DiceSession(m, pace=INSTANT)
    assert s.request("Anna" if m.state.turn.seat == 0 else "Bernd", Roll()) is None
    assert s.enter(m.state.players[m.state.turn.seat], "6 6 2") is None
    assert s.switch_table("Bernd", False) is None
    k = len(m.log.entries) - 1
    viewer = ReplayScene(app, str(saved(tmp_path, m)), step=k)
    app.push(viewer)
    app.step(0.0)
    assert viewer.action_said(k) == "Bernd switches to the program's dice"
    set_language("de")
    try:
        assert viewer.action_said(k) == "Bernd wechselt zu den Würfeln des Programms" and viewer.who(TABLE) == "der Tisch"
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1600, 1000), (960, 640)])
def test_the_entry_pad_keeps_clear_of_eight_seat_cards(app: App, size: tuple[int, int]) -> None:
    names = ["Anna", "Bernd", "Carla", "Dieter", "Elke", "Frank", "Gabi", "Heinz"]
    t = table_for(app, Match("schock", [PlayerSpec(n) for n in names], seed=4, real_table=True))
    settle(app, t)
    screen = pygame.Surface(size)
    t.resize(size)
    t.draw(screen)
    box = t.pad.drawn
    assert box is not None and len(t.pad.buttons) == 6
    assert not [r for r in t.L.seats if r.colliderect(box)]  # every player's card stays in sight
    assert not box.colliderect(t.b_real.rect)
