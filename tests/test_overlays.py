"""Overlays (issue 18), headless: a dialog or the rules dim the scene and block all of it – its
pygame_gui buttons neither light up under the pointer nor show tooltips behind the overlay; an open
drop-down of a dialog (the judges' console, the challenge dialog) is drawn above the dialog's text."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UITooltip

from game.match import Match, PlayerSpec
from game.ui.common.modal import raise_expanded
from game.ui.common.scene import OverlayScene
from tests.test_ui import key, table_for

if TYPE_CHECKING:
    from game.ui.common.app import App


def point_at(app: App, pos: tuple[int, int], seconds: float = 1.5) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(int(seconds / 0.1)):
        app.step(0.1)


def tooltips(scene: OverlayScene) -> list[UITooltip]:
    return [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UITooltip)]  # type: ignore[attr-defined]


def mouse_reaches_the_window() -> bool:
    """pygame.mouse.set_pos reaches the pointer the managers read under this video driver."""
    pygame.mouse.set_pos((17, 23))
    pygame.event.pump()
    return pygame.mouse.get_pos() == (17, 23)


def check_blocked(app: App, scene: OverlayScene, button: UIButton, open_overlay: object) -> None:
    """Hovering `button` lights it and shows its tooltip; with the overlay open it does neither, and
    the button is drawn dimmed."""
    if not mouse_reaches_the_window():
        pytest.skip("the dummy video driver does not move the pointer")
    point_at(app, button.rect.center)
    assert button.hovered and tooltips(scene), "the test must see a hover without an overlay"
    bright = app.screen.get_at(button.rect.center)
    point_at(app, (3, 3))
    open_overlay()  # type: ignore[operator]
    app.step(0.05)
    assert scene.overlay_open()
    point_at(app, button.rect.center)
    assert not button.hovered and not tooltips(scene)
    dim = app.screen.get_at(button.rect.center)
    assert sum(dim[:3]) < sum(bright[:3]) * 0.8  # the overlay dims the scene, widgets included
    assert scene.close_overlay()
    point_at(app, button.rect.center)
    assert button.hovered  # and back to normal when it closes


def test_the_log_dialog_and_the_rules_block_the_dice_tables_buttons(app: App) -> None:
    table = table_for(app, Match("schock", [PlayerSpec("Anna"), PlayerSpec("Bo")], seed=3))
    app.step(0.05)
    check_blocked(app, table, table.b_save, lambda: key(pygame.K_l))
    check_blocked(app, table, table.b_save, table.toggle_help)


def test_the_judges_console_blocks_the_race_scenes_buttons(app: App) -> None:
    from tests.test_race_ui import TEAMS, open_scene, race, settle

    scene = open_scene(app, race("le_mans", "le_mans", TEAMS, seed=2))
    app.step(0.05)
    scene.modal.go(roll=True)  # type: ignore[union-attr]
    settle(app, scene)
    buttons = [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UIButton) and e.tool_tip_text and e.visible]
    assert buttons
    check_blocked(app, scene, buttons[0], lambda: key(pygame.K_j))


def test_the_menus_dialogs_block_its_buttons(app: App) -> None:
    from game.ui.menu.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    app.step(0.05)
    buttons = [e for e in menu.ui.get_sprite_group().sprites() if isinstance(e, UIButton) and e.tool_tip_text and e.visible]
    assert buttons
    check_blocked(app, menu, buttons[0], lambda: key(pygame.K_F1))


def _switch(dd: UIDropDownMenu, to: str) -> None:
    state = dd.current_state
    assert state is not None
    state.should_transition = True
    state.target_state = to


def _expand(dd: UIDropDownMenu, app: App) -> None:
    _switch(dd, "expanded")
    for _ in range(3):
        app.step(0.05)
    assert dd.current_state is dd.menu_states["expanded"]


def test_an_open_drop_down_of_the_judges_console_is_above_its_text(app: App) -> None:
    """The driver list opens over the rule help and the list of the judges' decisions: what the list
    covers looks the same whatever the console writes there (a decision added below it)."""
    import pygame_gui

    from game.ui.race.race_dialogs import JudgesConsole
    from tests.test_race_ui import TEAMS, open_scene, race, settle

    scene = open_scene(app, race("le_mans", "le_mans", TEAMS, seed=2))
    app.step(0.05)
    scene.modal.go(roll=True)  # type: ignore[union-attr]
    settle(app, scene)
    key(pygame.K_j)
    app.step(0.05)
    judges = scene.modal
    assert isinstance(judges, JudgesConsole)

    def covered() -> tuple[pygame.Rect, bytes]:
        _expand(judges.driver_menu, app)
        lists = raise_expanded(judges.ui, app.screen.copy())
        big = max(lists, key=lambda r: r.h)
        assert big.h > 100
        pixels = pygame.image.tobytes(app.screen.subsurface(big.inflate(-4, -4)).copy(), "RGB")
        _switch(judges.driver_menu, "closed")
        app.step(0.05)
        return big, pixels

    where, before = covered()
    text_y = judges.rect.y + judges.rule_y + 40  # the rule's help and the decisions start here
    assert where.top < text_y < where.bottom
    judges.reason_entry.set_text("a very long reason that runs right across the console, under the list")
    judges.sips_entry.set_text("2")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=judges.sips_button))
    app.step(0.05)
    assert judges.recent(), "a decision is listed"
    where2, after = covered()
    assert where2 == where and after == before
