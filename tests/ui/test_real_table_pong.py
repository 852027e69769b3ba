"""Bierpong at a real table through the match scene (issue 32, docs/real-table.md): no ball is flicked;
the throw card says what the real ball did – the cup clicked on the rack, the flags – and the referee
rules the line it makes; a cup already gone is refused with the reason, nothing logged."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.bierpong.actions import parse_action
from game.bierpong.state import PLAY, REMOVE
from game.match import Match, PlayerSpec
from game.ui.pong.bierpong_match import BierpongMatchScene
from game.ui.pong import pong_entry
from game.ui.pong.pong_entry import entry_open
from tests.ui.test_bierpong_ui import click, key

if TYPE_CHECKING:
    from game.ui.common.app import App


def real_begun() -> Match:
    """Two teams of people at a real table, past the throw-off: Anna hit first, the Foxes begin."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], real_table=True)
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin"):
        m.apply(parse_action(line))
    return m


def open_real(app: App) -> BierpongMatchScene:
    scene = BierpongMatchScene(app, real_begun(), autosave=False)
    app.push(scene)
    app.step(0.0)
    scene.draw(app.screen)
    assert entry_open(scene) and scene.state.phase == PLAY
    return scene


def press(app: App, scene: BierpongMatchScene, text: str) -> None:
    """Click the card's button whose words begin with `text` (drawn anew first)."""
    scene.draw(app.screen)
    b = next(b for b in scene.entry.buttons if b.text.removeprefix("✓ ").startswith(text))
    click(app, b.rect.center)
    scene.draw(app.screen)


def click_cup(app: App, scene: BierpongMatchScene, cup: int) -> None:
    scene.draw(app.screen)
    x, y, _r = scene.entry.cup_spots[cup]
    click(app, (x, y))
    scene.draw(app.screen)


def actions(scene: BierpongMatchScene) -> list[str]:
    return [e.action for e in scene.match.log.entries[1:]]


def test_bierpong_art14_a_bounce_hit_entered_on_the_card_takes_two_cups(app: App) -> None:
    """No ball on the screen's table; Bounce + cup 3 clicked makes `Anna: bounce 3`, and the referee
    rules the bounce (bierpong.art14): the owners remove the hit cup and one more."""
    scene = open_real(app)
    assert not scene.can_aim()  # no ball is flicked at a real table
    press(app, scene, "Bounce")  # the flag first, then the cup: entered at once
    assert scene.entry.bounce and actions(scene)[-1] == "Foxes begin"
    click_cup(app, scene, 3)
    assert actions(scene)[-1] == "Anna: bounce 3" and scene.entry.error == "" and not scene.entry.bounce
    assert not scene.session.table.flights  # nothing thrown on the physics table
    st = scene.state
    for _ in range(4):  # the second ball (Bo's), a miss, ends the round: the Owls remove their cups
        if st.phase == REMOVE:
            break
        if entry_open(scene):
            key(app, pygame.K_m)
        elif any(b.key == "E" for b in scene.options()):
            key(app, pygame.K_e)
        st = scene.state
    assert st.phase == REMOVE and (st.queue[0].cup, st.queue[0].extra, st.queue[0].rule) == (3, 1, "bierpong.art14")
    assert scene.card_shown() and not entry_open(scene)  # the owners remove theirs on the removal card


def test_bierpong_art3_a_cup_already_gone_is_refused_on_the_card_nothing_logged(app: App) -> None:
    """bierpong.art3: a removed cup is off the table – a hit in it is refused with the reason."""
    m = real_begun()
    for line in ("Anna: hit 3", "Bo: miss", "Owls remove 3", "Cem: miss", "Dana: miss"):
        m.apply(parse_action(line))
    assert m.state.phase == PLAY and m.state.team == 0 and 3 not in m.state.sides[1].rack
    scene = BierpongMatchScene(app, m, autosave=False)
    app.push(scene)
    app.step(0.0)
    scene.draw(app.screen)
    assert entry_open(scene) and 3 not in scene.entry.cup_spots  # the rack on the card is the real rack
    n = len(m.log.entries)
    pong_entry.click_cup(scene, 3)  # what the card does with a click on cup 3, were it drawn
    scene.draw(app.screen)
    assert len(m.log.entries) == n and "cup 3" in scene.entry.error  # the reason on the card, nothing logged
    press(app, scene, "Roller")  # bierpong.art15: the cups it touched, the last the cup it went in, then Enter
    click_cup(app, scene, 2)
    click_cup(app, scene, 5)
    assert len(m.log.entries) == n and scene.entry.cups == [2, 5] and scene.entry.error == ""
    key(app, pygame.K_RETURN)
    assert actions(scene)[-1] == "Anna: roller 2>5"


def test_bierpong_art23_an_air_ball_caught_is_entered_with_its_catcher(app: App) -> None:
    """bierpong.art23: "caught by Dana", then Air ball – the throw and the catch go in, one after the other."""
    scene = open_real(app)
    press(app, scene, "caught by Dana")
    press(app, scene, "Air ball")
    assert actions(scene)[-2:] == ["Anna: air", "Dana catches Anna"]
    assert any("art23" in r.rule for r in scene.match.log.entries[-1].rulings)


def test_bierpong_art8_the_throw_off_is_entered_ball_by_ball_then_the_winner_chooses(app: App) -> None:
    """bierpong.art8: one ball a side – Anna's in cup 2 (a click), Cem's a miss (M) – then the Foxes
    choose who begins on the scoreboard's buttons."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], real_table=True)
    scene = BierpongMatchScene(app, m, autosave=False)
    app.push(scene)
    app.step(0.0)
    scene.draw(app.screen)
    assert entry_open(scene) and scene.session.thrower() == "Anna"
    click_cup(app, scene, 2)
    assert scene.session.thrower() == "Cem" and entry_open(scene)
    key(app, pygame.K_m)
    assert actions(scene) == ["throw-off Anna hit 2", "throw-off Cem miss"]
    scene.draw(app.screen)
    assert not entry_open(scene) and [b.text for b in scene.buttons] == ["Foxes begin", "Owls begin"]


def test_switch_table_ctrl_r_switches_bierpong_between_entered_and_flown_balls_logged_with_who(app: App) -> None:
    """Ctrl+R between throws: the physics table throws again (the card goes, a ball can be flicked), the
    log says who switched; Ctrl+R again brings the card back. A switch leaves the game's state alone."""
    scene = open_real(app)
    before = scene.state
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    scene.draw(app.screen)
    assert not scene.session.real_table() and actions(scene)[-1] == "simulated table by Foxes"
    assert not entry_open(scene) and scene.can_aim() and scene.state == before
    assert "Simulated table" in scene.banners.shown and "Foxes" in scene.toast
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    scene.draw(app.screen)
    assert scene.session.real_table() and actions(scene)[-1] == "real table by Foxes" and entry_open(scene)
    press(app, scene, "Miss")
    assert actions(scene)[-1] == "Anna: miss"  # entered again from the card


def test_bierpong_art4_both_balls_at_once_by_the_pair_entered_as_one_line(app: App) -> None:
    """Both balls at once (bierpong.art4): the first ball's result is held on the card, the second's
    makes the pair's one line – Anna's hit and Bo's miss – and the referee notes art4."""
    scene = open_real(app)
    press(app, scene, "Both balls at once")
    click_cup(app, scene, 3)
    assert actions(scene)[-1] == "Foxes begin" and scene.entry.first == ["Anna: hit 3"]  # held, not entered
    press(app, scene, "Bo threw")
    press(app, scene, "Miss")
    assert actions(scene)[-1] == "Anna: hit 3 & Bo: miss" and scene.entry.error == ""
    assert any(r.rule == "bierpong.art4" for r in scene.match.log.entries[-1].rulings)


def test_bierpong_art4_one_player_throws_both_balls_at_once_on_the_card(app: App) -> None:
    """One player may throw both balls at once in a team game (bierpong.art4) – two throws one after
    the other by the same player would be refused (art11: two different players)."""
    scene = open_real(app)
    press(app, scene, "Both balls at once")
    click_cup(app, scene, 3)
    click_cup(app, scene, 5)
    assert actions(scene)[-1] == "Anna: hit 3 & Anna: hit 5" and scene.entry.error == ""
    assert not any(b.text.removeprefix("✓ ").startswith("Both") for b in pong_entry.buttons(scene))  # the round's standard balls are thrown
