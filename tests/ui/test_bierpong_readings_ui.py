"""Issue 13, item 32 – the Decision "Who catches or swats (art14, art23)", in the live match scene,
headless (SDL dummy driver, the real `App`): a click on a ball, or the "caught it" key, reaches the
session for the defender chosen – with several human defenders the scene asks which (`DefenderChooser`),
for a bot seat it asks nobody. The rulings (the catcher's double throw, bots catching only for
themselves) are session facts: tests/session/test_pong_flow.py.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pytest

from game.bierpong import bots as B
from game.bierpong import solver as S
from game.bierpong.actions import Catch, Swat, Throw, parse_action
from game.bierpong.classify import classify
from game.bierpong.outcome import Outcome
from game.match import Match, PlayerSpec
from game.ui.pong.bierpong_match import BierpongMatchScene
from physics.constants import CONST
from physics.events import TableBounce
from physics.table import formation
from physics.world import Throw as PhysThrow
from physics.world import simulate
from tests.ui.test_bierpong_ui import click, drag, key, open_scene, predicted, settle

if TYPE_CHECKING:
    from game.ui.common.app import App


def doubles(owls: str = "human", begin: str = "Foxes") -> Match:
    """Foxes (Anna, Bo, human) against Owls (Cem, Dana, `owls`), past the throw-off (bierpong.art8)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", owls, drivers=("Cem", "Dana"))])
    for line in ("throw-off Anna hit 1, Cem miss", f"{begin} begin"):
        m.apply(parse_action(line))
    return m


def actions(m: Match, since: int = 0) -> list[object]:
    return [parse_action(e.action) for e in m.log.entries[max(1, since):]]


def bots_catch(monkeypatch: pytest.MonkeyPatch, chance: float, swat: float | None = None) -> None:
    """Every bot skill catches air balls with `chance` (swats with `swat`), throws alone and calls no Island."""
    for name, sk in list(B.SKILLS.items()):
        monkeypatch.setitem(B.SKILLS, name, dataclasses.replace(sk, catch=chance, swat=sk.swat if swat is None else swat,
                                                                together=0.0, island=0.0, bounce=0.0))


def pull(scene: BierpongMatchScene, want: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """A drag from the thrower's end whose ball is an air ball (`want` "air") or touches down on the
    table first ("bounce")."""
    L = scene.view.layout
    a = L.to_top(0.3, 0.0)
    start = (round(a[0]), round(a[1]))
    for px in range(20, 600, 4):
        o, events = predicted(scene, start, (start[0] - px, start[1]))
        if (want == "air" and o.air) or (want == "bounce" and any(isinstance(e, TableBounce) for e in events)):
            return start, (start[0] - px, start[1])
    raise AssertionError(f"no pull gives {want}")


def air_throw() -> PhysThrow:
    """A real throw that touches nothing and leaves over the far end (bierpong.art23)."""
    rack = formation("triangle10")
    for th in S._varied(S._air_seeds(S.RELEASE)):
        if str(classify(simulate(rack, th).events)) == "air":
            return th
    raise AssertionError("no air ball")


def flying_ball(scene: BierpongMatchScene, pred: str) -> Iterator[tuple[float, float]]:
    """Step the scene until its first ball is past the far edge (`pred` "past") or has touched down
    ("bounced"); yields nothing if the ball rests first, else the ball's top-view position once."""
    for _ in range(600):
        flights = scene.session.table.flights
        if not scene.session.table.busy:
            return
        f = next(iter(flights.values()))
        ball = scene.live.ball(f.ball)
        if ball is not None and ((pred == "past" and ball.pos[0] > CONST.table_length + 0.05)
                                 or (pred == "bounced" and any(isinstance(e, TableBounce) for e in f.events))):
            yield scene.view.layout.to_top(ball.pos[0], ball.pos[1])
            return
        scene.update(1 / 60)


# --- two human defenders: the scene asks which ----------------------------------------------------


def test_bierpong_art23_of_two_human_defenders_the_one_who_caught_is_credited(app: App) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": Anna's air ball is clicked past
    the far edge; the Owls are two humans, so the scene asks which caught it (the table waits) – Dana;
    the log has `Dana catches Anna` (the double throw it earns: test_pong_flow)."""
    m = doubles()
    scene = open_scene(app, m)
    n = len(m.log.entries)
    drag(app, *pull(scene, "air"))
    (pos,) = list(flying_ball(scene, "past"))
    click(app, pos)
    assert scene.modal is not None and scene.modal.defenders == ["Cem", "Dana"]  # type: ignore[attr-defined]
    still = [b.pos for b in scene.live.balls()]
    app.step(1 / 60)
    assert [b.pos for b in scene.live.balls()] == still  # the table waits for the answer
    key(app, pygame.K_2)
    assert scene.modal is None
    settle(app, scene)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True)), Catch("Dana", "Anna")]


def test_bierpong_art14_of_two_human_defenders_the_one_who_swatted_is_credited(app: App) -> None:
    """bierpong.art14, Decision "Who catches or swats (art14, art23)": Anna's ball touches down and is
    clicked; the scene asks which Owl swatted. Esc – nobody did, the ball flies on; clicked again,
    Dana: the log has `Dana swats Anna` (not the team's first member)."""
    m = doubles()
    scene = open_scene(app, m)
    n = len(m.log.entries)
    drag(app, *pull(scene, "bounce"))
    (pos,) = list(flying_ball(scene, "bounced"))
    click(app, pos)
    assert scene.modal is not None
    key(app, pygame.K_ESCAPE)
    assert scene.modal is None and scene.session.table.busy and len(m.log.entries) == n  # nobody swatted
    click(app, pos)  # the ball has not moved on: clicked again
    key(app, pygame.K_2)
    assert actions(m, n) == [Swat("Dana", "Anna")]


def test_bierpong_art23_the_catch_button_asks_which_human_defender(app: App) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": an air ball nobody clicked –
    the "caught it" button (key C) asks which of the two human Owls caught it; Cem is credited."""
    m = doubles()
    scene = open_scene(app, m)
    n = len(m.log.entries)
    drag(app, *pull(scene, "air"))
    settle(app, scene)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True))]
    key(app, pygame.K_c)
    assert scene.modal is not None and scene.modal.defenders == ["Cem", "Dana"]  # type: ignore[attr-defined]
    key(app, pygame.K_1)
    assert actions(m, n)[-1] == Catch("Cem", "Anna")


# --- a human seat against a bot seat ---------------------------------------------------------------


def bot_owls_throw_air(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[Match, BierpongMatchScene, int]:
    """The bot Owls begin against the human Foxes; every ball their bots throw is a real air ball,
    and their bots catch whatever they may (so a catch made for a human would show)."""
    bots_catch(monkeypatch, 1.0)
    m = doubles("regular", begin="Owls")
    scene = open_scene(app, m)
    air = air_throw()
    monkeypatch.setattr(scene.session.bots(), "plan", lambda *a, **k: air)
    return m, scene, len(m.log.entries)


def owls_round(app: App, m: Match, scene: BierpongMatchScene) -> None:
    """Run the app until the Owls' bots have ended their round."""
    for _ in range(60 * 40):
        app.step(1 / 60)
        if m.state.team == 0 and not scene.session.table.busy:
            return
    raise AssertionError("the Owls' round did not end")


def test_bierpong_art23_a_human_defender_catches_a_bots_air_ball_by_a_click(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23, Decision "Who catches or swats (art14, art23)": a bot Owl's air ball clicked
    past the far edge – the scene asks which of the two human Foxes caught it: Bo, who is credited
    (the round's rulings: test_pong_flow)."""
    m, scene, n = bot_owls_throw_air(app, monkeypatch)
    for _ in range(600):  # the bot's first ball
        app.step(1 / 60)
        if scene.session.table.busy:
            break
    (pos,) = list(flying_ball(scene, "past"))
    thrower = next(iter(scene.session.table.flights.values())).player
    click(app, pos)
    assert scene.modal is not None and scene.modal.defenders == ["Anna", "Bo"]  # type: ignore[attr-defined]
    key(app, pygame.K_2)
    owls_round(app, m, scene)
    done = actions(m, n)
    assert [a for a in done if isinstance(a, Catch)] == [Catch("Bo", thrower)]


def test_bierpong_art23_a_click_catches_nothing_for_a_bot_seat(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """bierpong.art23 and art14, Decision "Who catches or swats (art14, art23)": Anna's air ball at
    the bot Owls, clicked past the edge – no chooser, the toast says they are bots, nobody credited
    (the refusals, for a catch and a swat: test_pong_flow)."""
    bots_catch(monkeypatch, 0.0, swat=0.0)
    m = doubles("regular")
    scene = open_scene(app, m)
    n = len(m.log.entries)
    drag(app, *pull(scene, "air"))
    (pos,) = list(flying_ball(scene, "past"))
    click(app, pos)
    assert scene.modal is None and "bots" in scene.toast  # no chooser, nobody credited by the click
    settle(app, scene)
    assert actions(m, n) == [Throw("Anna", Outcome(air=True))]
