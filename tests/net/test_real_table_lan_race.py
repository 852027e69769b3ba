"""A hosted real Racerbile table seen from the joined laptop's window (issue 32, docs/real-table.md),
headless on loopback, every wait bounded: each driver enters his own die for the start order, his
gear's dice and the 5s and 6s thrown again on his own laptop's pad, then clicks the lit field where
his real cap stands; the host logs each throw in the name of who entered it, its pad shut while the
throw is Ben's, and both logs agree."""
from __future__ import annotations

import time
from typing import Any

import pygame

from game.match import Match, PlayerSpec
from game.racerbile.actions import Dice, Shift, StartDie
from game.racerbile.state import GEAR, MOVE, ROLL
from game.rules import racerbile as R
from game.state import CHANCE
from game.ui.common.app import App
from game.ui.race import race_pad
from game.ui.race.race import RaceScene
from game.ui.race.race_dialogs import TimeTrialDialog
from tests.net.test_lan_ui import frames, host_and_join


def click_at(scene: RaceScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press_key(scene: RaceScene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def enter_on_pad(scene: RaceScene, app: App, faces: tuple[int, ...]) -> None:
    """Click the faces on the scene's own pad, then its Enter (drawn first: where its parts are)."""
    for face in faces:
        scene.draw(app.screen)
        click_at(scene, scene.pad.rects[str(face)].center)
    scene.draw(app.screen)
    click_at(scene, scene.pad.rects["send"].center)


def joined_race(app: App, m: Match, seat: str) -> tuple[Any, Any]:
    """The host's scene of `m` and the race scene of the laptop joined as `seat`."""
    return host_and_join(app, m, seat, RaceScene)


def test_racerbile_at_a_hosted_real_table_each_driver_enters_his_throws_on_his_own_laptops_pad_and_drives(app: App) -> None:
    """racerbile.start (each his own die for the order), racerbile.gears (Ben shifts up at his laptop;
    two dice in first gear refused on his pad, nothing logged), racerbile.dice (his 5 thrown again,
    entered by him), racerbile.move (the lit field clicked where his real cap stands)."""
    m = Match("racerbile", [PlayerSpec("Ann", "human"), PlayerSpec("Ben", "remote")], R.SPEC.make(R.BABYBILE, laps=1), seed=11,
              track="babybane", real_table=True)
    hs, joined = joined_race(app, m, "Ben")
    try:
        assert joined.session.real_table()
        throws: dict[str, list[tuple[int, ...]]] = {"Ann": [(5,), (2,), (1,)], "Ben": [(3,), (5,), (3,), (6, 2), (4,)]}
        scenes = {"Ann": hs, "Ben": joined}
        drove: dict[str, int] = {"Ann": 0, "Ben": 0}
        refused: list[str] = []

        def enter(name: str, seat: int) -> None:
            here = scenes[name]
            faces = throws[name].pop(0)
            assert race_pad.wanted(here) == len(faces), (name, race_pad.prompt(here, seat))
            n = len(m.log.entries)
            if name == "Ben" and not refused and here.state.phase == ROLL:
                enter_on_pad(here, app, (4, 2))  # racerbile.gears: first gear rolls one die
                assert "dice are rolling, not 2" in here.pad.error and here.pad.faces == [4, 2]  # on his pad, kept to be mended
                assert here.pad.error.endswith("(rule racerbile.gears)")
                for _ in range(20):  # (a few frames: were it sent, the host would have logged or refused it)
                    hs.update(1 / 60)
                    joined.update(1 / 60)
                    time.sleep(0.005)
                assert len(m.log.entries) == n and hs.table.host.refusals == []  # nothing went to the host
                press_key(here, pygame.K_BACKSPACE)
                press_key(here, pygame.K_BACKSPACE)
                here.session.authority.client.request("dice 42")  # as a laptop that did not rule on it first
                frames(lambda: here.pad.error.startswith("The host says"), hs, joined)  # the host's refusal: on his pad too
                assert "dice are rolling, not 2" in here.pad.error and len(m.log.entries) == n and len(hs.table.host.refusals) == 1
                hs.table.host.refusals.clear()
                refused.append(name)
            enter_on_pad(here, app, faces)
            frames(lambda: len(m.log.entries) > n, hs, joined)
            assert (m.log.entries[n].detail or {}).get("entered") == name

        def play() -> bool:
            if hs.busy() or joined.busy() or len(joined.match.log.entries) != len(m.log.entries):
                return False  # (the joined laptop has not seen the last entry yet)
            s = hs.session
            st = s.state
            if s.entering():
                (seat,) = s.enterers()
                name = m.players[seat].name
                here, there = scenes[name], scenes["Ben" if name == "Ann" else "Ann"]
                assert race_pad.pad_seat(here) == seat  # his throw: his pad, at his keyboard
                there.draw(app.screen)
                assert race_pad.pad_seat(there) is None and there.pad.rects == {}  # not his throw: no pad at the other keyboard
                enter(name, seat)
                return False
            seat = s.to_act()
            name = m.players[seat].name
            here = scenes[name]
            assert here.session.to_act() == seat
            n = len(m.log.entries)
            if st.phase == GEAR:
                press_key(here, pygame.K_UP if name == "Ben" else pygame.K_RETURN)  # Ben shifts up, Ann holds
            elif st.phase == MOVE:
                end = here.moves().ends()[0]  # the lit field where the real cap stands now
                here.draw(app.screen)
                x, y = here.view.to_pixel(end)
                click_at(here, (int(x), int(y)))
                drove[name] += 1
            else:
                raise AssertionError(f"{st.phase} at {name}'s keyboard")
            frames(lambda: len(m.log.entries) > n, hs, joined)
            return drove["Ben"] >= 2

        frames(play, hs, joined, seconds=90)
        frames(lambda: len(joined.match.log.entries) == len(m.log.entries), hs, joined)
        assert [e.to_dict() for e in joined.match.log.entries] == [e.to_dict() for e in m.log.entries]
        chance = [(e.action, (e.detail or {}).get("entered")) for e in m.log.entries if e.seat == CHANCE]
        assert chance == [(str(StartDie(5)), "Ann"), (str(StartDie(3)), "Ben"), (str(Dice((2,))), "Ann"), (str(Dice((5,))), "Ben"),
                          (str(Dice((3,))), "Ben"), (str(Dice((1,))), "Ann"), (str(Dice((6, 2))), "Ben"), (str(Dice((4,))), "Ben")]
        by_ben = [e.action for e in m.log.entries if e.seat == 1]
        assert by_ben[0].startswith("drive ") and by_ben[1] == str(Shift(1)) and by_ben[2].startswith("drive ")
        assert joined.state.cars[1].pos == hs.state.cars[1].pos
        assert hs.table.host.refusals == []
    finally:
        hs.closed()



def test_le_mans_at_a_hosted_real_table_the_joined_team_enters_its_dice_on_its_pad_while_the_event_clock_runs(app: App) -> None:
    """racerbile.lemans.end: at a real table nothing waits for a draw – while Blå's laptop waits for its
    driver's dice the host's 24-hour clock runs on; the dice entered there are logged as Blå's. The
    order is rolled at the host (its time trial): the joined laptop's trial closes and its pad opens
    for Blå's own die."""
    teams = [PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", "remote", drivers=("Dorte", "Emil", "Frida"))]
    m = Match("racerbile", teams, R.SPEC.make(R.LE_MANS, lemans_time_factor=60), seed=2, track="le_mans", real_table=True)
    hs, joined = joined_race(app, m, "Blå")
    try:
        frames(lambda: isinstance(hs.modal, TimeTrialDialog), hs, joined)
        hs.modal.go(roll=True)  # the order by the dice (racerbile.start), rolled – each team its own die
        scenes = {"Rød": hs, "Blå": joined}
        dice = {"Rød": [(5,), (2,)], "Blå": [(3,)]}

        def to_blaas_throw() -> bool:
            if hs.busy() or joined.busy() or len(joined.match.log.entries) != len(m.log.entries):
                return False
            s = hs.session
            st = s.state
            if s.entering():
                (seat,) = s.enterers()
                name = m.players[seat].name
                if name == "Blå" and st.phase == ROLL:
                    return True
                here = scenes[name]
                assert race_pad.pad_seat(here) == seat  # (at the joined laptop: its time trial closed, or no pad)
                n = len(m.log.entries)
                enter_on_pad(here, app, dice[name].pop(0))
                frames(lambda: len(m.log.entries) > n, hs, joined)
                return False
            seat = s.to_act()
            here = scenes[m.players[seat].name]
            n = len(m.log.entries)
            if st.phase == GEAR:
                press_key(here, pygame.K_RETURN)  # hold
            elif st.phase == MOVE:
                here.draw(app.screen)
                x, y = here.view.to_pixel(here.moves().ends()[0])
                click_at(here, (int(x), int(y)))
            else:
                raise AssertionError(f"{st.phase} at {m.players[seat].name}'s keyboard")
            frames(lambda: len(m.log.entries) > n, hs, joined)
            return False

        frames(to_blaas_throw, hs, joined, seconds=90)
        assert race_pad.pad_seat(joined) == 1 and race_pad.pad_seat(hs) is None  # Blå's throw: its pad, at its laptop
        before = hs.session.event_seconds()
        frames(lambda: hs.session.event_seconds() > before + 30, hs, joined)  # the 24-hour clock runs while Blå enters
        assert hs.session.entering() and race_pad.pad_seat(joined) == 1
        n = len(m.log.entries)
        enter_on_pad(joined, app, (4,) * race_pad.wanted(joined))
        frames(lambda: any(e.seat == CHANCE for e in m.log.entries[n:]), hs, joined)
        entered = [e for e in m.log.entries[n:] if e.seat == CHANCE]
        assert entered[0].action == str(Dice((4,) * race_pad.wanted(joined))) and (entered[0].detail or {}).get("entered") == "Blå"
        frames(lambda: len(joined.match.log.entries) == len(m.log.entries), hs, joined)
        assert [e.to_dict() for e in joined.match.log.entries] == [e.to_dict() for e in m.log.entries]
        assert hs.table.host.refusals == []
    finally:
        hs.closed()
