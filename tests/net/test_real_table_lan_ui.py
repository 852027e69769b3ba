"""A hosted real table seen from the joined laptop's window (issue 32, docs/real-table.md), headless on
loopback, every wait bounded: the joined player's own entry pad opens when his real throw is awaited,
the faces clicked there reach the host as his entry, and the host's pad stays shut meanwhile – the
throw is his to enter; the host's player enters hers at the host's keyboard, and both logs agree."""
from __future__ import annotations

from typing import Any

import pygame

from game.dice.actions import Dice, Roll, Stand
from game.match import Match, PlayerSpec
from game.state import CHANCE
from game.ui.common.app import App
from game.ui.dice.dice_table import DiceTableScene
from tests.net.test_lan_ui import frames, host_and_join


def click_faces(scene: DiceTableScene, app: App, faces: tuple[int, ...]) -> None:
    """Click the pad's faces in the scene's own window (drawn first: where its faces are)."""
    for face in faces:
        scene.draw(app.screen)
        pos = next(r.center for r, f in scene.pad.buttons if f == face)
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def stand_or_roll(scene: DiceTableScene) -> Stand | Roll:
    """Stand once rolled, else roll (the faces are entered after it)."""
    return Stand() if Stand() in list(scene.state.legal_actions()) else Roll(())


def test_schock_rolls_at_a_hosted_real_table_each_player_enters_his_dice_on_his_own_laptops_pad(app: App) -> None:
    m = Match("schock", [PlayerSpec("Ann", "human"), PlayerSpec("Bo", "remote")], seed=3, games=1, real_table=True)
    hs, joined = host_and_join(app, m, "Bo", DiceTableScene)
    try:
        assert joined.session.real_table()  # the log's header says so at the joined laptop too
        n = len(m.log.entries)
        assert not joined.switch_table() and "Only the host switches" in joined.toast.text  # R at the joined laptop: said, not sent
        assert len(m.log.entries) == n and hs.session.real_table()
        entered: dict[str, int] = {"Ann": 0, "Bo": 0}
        faces = {"Ann": (6, 5, 2), "Bo": (4, 4, 1)}

        def play() -> bool:
            """Each on turn rolls and enters what the real dice show at his own keyboard, then stands."""
            if hs.busy() or joined.busy():
                return False
            s = hs.session
            if s.entering():
                (seat,) = s.enterers()
                name = m.players[seat].name
                here, there = (hs, joined) if name == "Ann" else (joined, hs)
                if not here.entering_here():  # (the joined laptop has not seen the roll yet)
                    return False
                assert not there.entering_here() and not there.pad_open()  # not his throw: no pad at the other keyboard
                n = len(m.log.entries)
                thrown = len(here.session.state.turn.pending or ()) or 3
                click_faces(here, app, faces[name][:thrown])
                frames(lambda: len(m.log.entries) > n, hs, joined)
                entered[name] += 1
            elif s.waiting_for():
                seat = s.waiting_for()[0]
                scene = hs if seat == 0 else joined
                if seat == 1 and joined.session.waiting_for() != (1,):
                    return False
                scene.ask(stand_or_roll(scene))
            return entered["Ann"] >= 1 and entered["Bo"] >= 1

        frames(play, hs, joined, seconds=60)
        frames(lambda: len(joined.match.log.entries) == len(m.log.entries), hs, joined)
        assert [e.to_dict() for e in joined.match.log.entries] == [e.to_dict() for e in m.log.entries]
        dice = [(e.action, (e.detail or {}).get("entered")) for e in m.log.entries if e.seat == CHANCE]
        assert (str(Dice(faces["Ann"])), "Ann") in dice and (str(Dice(faces["Bo"])), "Bo") in dice
        assert all(who in ("Ann", "Bo") for _a, who in dice)  # every throw entered by a hand, none drawn
        assert hs.table.host.refusals == []
    finally:
        hs.closed()
