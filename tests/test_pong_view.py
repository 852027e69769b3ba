"""What a newcomer sees and touches at the beer-pong table (issue 29), headless with real events:
the removal close-up (the owners' rack, big clickable cups, words), the camera at a change of ends
and at the throw-off, the pull read against the table as drawn at any window size, the aim preview
in a player's first match, the practice table in perspective and the shot lab's exact-throw fields."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.pong.pong import PongScene
from game.ui.pong.shot_lab import ShotLab

if TYPE_CHECKING:
    from game.ui.common.app import App


def key(app: App, k: int, uni: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni))
    app.step(0.0)


def click(app: App, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    app.step(0.0)


def typed(app: App, text: str) -> None:
    for ch in text:
        key(app, ord(ch), ch)


# --- the practice table and the shot lab (item 7) -------------------------------------------------

def test_the_practice_table_opens_in_perspective_and_the_lab_from_above(app: App) -> None:
    table = PongScene(app)
    app.push(table)
    app.step(0.0)
    assert table.perspective() and table.camera_mode == "thrower" and table.can_aim()
    assert table.aim_layout().thrower_zone().collidepoint(*[round(v) for v in (table.aim_layout().hand(0.0).x, table.aim_layout().hand(0.0).y)])
    lab = ShotLab(app)
    app.push(lab)
    app.step(0.0)
    assert not lab.perspective()  # the lab stays top-down (its cups are placed by clicks on the plan)


def test_the_labs_fields_replace_their_text_on_focus_and_take_ctrl_a(app: App) -> None:
    """A field comes into focus with its text selected: typing replaces it (Tab, a click, the dialog's
    opening); Ctrl+A selects it again after an edit."""
    lab = ShotLab(app)
    app.push(lab)
    key(app, pygame.K_t, "t")
    d = lab.dialog
    assert d is not None and d.index == 3  # the speed, in focus on opening
    typed(app, "4.5")
    assert d.fields[3].text == "4.5"  # replaced, not appended to the last throw's speed
    typed(app, "2")
    assert d.fields[3].text == "4.52"  # then typing goes on
    key(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)
    typed(app, "5")
    assert d.fields[3].text == "5"  # Ctrl+A, then a digit: the field holds that digit
    key(app, pygame.K_TAB)
    typed(app, "38")
    assert d.index == 4 and d.fields[4].text == "38"  # the angle, replaced on Tab
    lab.draw(app.screen)  # (the rectangles a click reaches)
    click(app, d.rects[1].center)
    typed(app, "-0.1")
    assert d.index == 1 and d.fields[1].text == "-0.1"  # release y, replaced on a click
    key(app, pygame.K_a, "\x01", pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert d.fields[1].text == ""  # Ctrl+A, Backspace: empty
    typed(app, "0")
    key(app, pygame.K_RETURN)
    assert lab.dialog is None and lab.live is not None
    assert (lab.live.speed, lab.live.angle, lab.live.release[1]) == (5.0, 38.0, 0.0)
