"""The beer-pong table scene (issue 6, "Shown on screen"), headless: throws by mouse drag, the
fixed-step physics behind them, labels and the feed, slow motion, re-racks and the `pong` command."""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import pygame
import pytest

from game.cli import main as cli_main
from game.ui.pong.pong import SLOW, PongScene
from game.ui.pong.pong_view import TABLE_TOP, FeedHead, PongLayout
from physics.events import Sink, TableBounce
from physics.world import Throw

if TYPE_CHECKING:
    from game.ui.common.app import App


def open_scene(app: App, kind: str = "triangle10") -> PongScene:
    """The practice table in the top-down view (V): these tests aim in its table metres (it opens in
    perspective – tests/ui/test_pong_perspective.py)."""
    scene = PongScene(app, kind)
    scene.camera_mode = "top"
    app.push(scene)
    app.step(0.0)
    return scene


def drag(app: App, start: tuple[int, int], end: tuple[int, int], *, release: bool = True) -> None:
    """A left-button drag posted as real pygame events, handled by one app frame (no time passes)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    if release:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(0.0)


def pull(scene: PongScene, metres: float, y: float = 0.0) -> tuple[tuple[int, int], tuple[int, int]]:
    """Pixels of a press on the near end and a pull straight back by `metres`."""
    L = scene.view.layout
    a = L.to_top(0.3, y)
    b = L.to_top(0.3 - metres, y)
    return (round(a[0]), round(a[1])), (round(b[0]), round(b[1]))


def run(scene: PongScene, seconds: float, fps: float = 60.0) -> None:
    for _ in range(int(seconds * fps)):
        scene.update(1 / fps)


def test_the_scene_opens_with_the_rack_and_draws_it(app: App) -> None:
    scene = open_scene(app)
    assert [c.id for c in scene.table.cups()] == list(range(1, 11))
    frame = scene.frame()
    assert len(frame.cups) == 10 and not frame.balls
    # the far end's cups are drawn red where the physics puts them
    cup = next(c for c in scene.table.cups() if c.id == 10)
    px, py = scene.view.layout.to_top(*cup.pos)
    rim_px = scene.view.layout.to_top(cup.pos[0] + scene.dims.rim_r * 0.75, cup.pos[1])
    colours = {tuple(app.screen.get_at((round(rim_px[0]), round(py))))[:3], tuple(app.screen.get_at((round(px) + 12, round(py))))[:3]}
    assert any(c[0] > 100 and c[0] > 2 * c[2] for c in colours), colours  # red wall or amber beer, not the table
    ex, ey = scene.view.layout.to_top(0.8, 0.0)
    assert tuple(app.screen.get_at((round(ex), round(ey))))[:3] == TABLE_TOP  # an empty stretch of table


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1920, 1080)])
def test_the_layout_fits_the_window(size: tuple[int, int]) -> None:
    L = PongLayout(size)
    screen = pygame.Rect((0, 0), size)
    for r in (L.top, L.side, L.feed, L.table_rect()):
        assert screen.contains(r), (size, r)
    assert not L.top.colliderect(L.side) and not L.top.colliderect(L.feed) and not L.side.colliderect(L.feed)
    assert L.table_rect().w > size[0] * 0.5  # the table is the largest thing on screen
    x, y = L.from_top(*L.to_top(1.2, -0.2))
    assert math.isclose(x, 1.2, abs_tol=1e-9) and math.isclose(y, -0.2, abs_tol=1e-9)


def test_a_mouse_drag_throws_a_ball_that_the_physics_moves(app: App) -> None:
    scene = open_scene(app)
    start, end = pull(scene, 0.45, y=0.05)
    drag(app, start, end, release=False)
    assert scene.press is not None and scene.preview  # the aim preview while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(0.0)
    balls = scene.table.balls()
    assert len(balls) == 1 and balls[0].in_flight
    x0, y0, z0 = balls[0].pos
    assert math.isclose(y0, 0.05, abs_tol=1.5 / scene.view.layout.k) and z0 > 0.3  # where it was pressed (to a pixel)
    scene.update(0.1)
    x1, _, _ = scene.table.balls()[0].pos
    assert x1 > x0 + 0.2  # it flew towards the far end
    assert scene.trails and len(scene.trails[0]) > 3


def test_the_preview_ends_where_the_thrown_ball_first_lands(app: App) -> None:
    scene = open_scene(app, "three")
    start, end = pull(scene, 0.3)  # a short throw: it lands on the table well before the cups
    drag(app, start, end, release=False)
    px, py, pz = scene.preview[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(0.0)
    events = []
    for _ in range(120):
        events += scene.advance(1 / 60)
    bounce = next(e for e in events if isinstance(e, TableBounce))
    assert math.hypot(bounce.x - px, bounce.y - py) < 0.01 and pz == 0.0


def by_ball(feed: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The feed's event lines, each with the head of the ball it is listed under ("Ball 2")."""
    out, head = [], ""
    for row in feed:
        if isinstance(row, FeedHead):
            head = row[1]
        else:
            out.append((head, row[1]))
    return out


def test_events_appear_in_the_feed_and_as_labels(app: App) -> None:
    from physics.aim import speed_for

    scene = open_scene(app, "three")
    cup = next(c for c in scene.table.cups() if c.id == 1)
    scene.throw(speed_for((0.0, 0.0, 0.45), cup.pos, 45.0))
    seen = []
    for _ in range(150):
        seen += scene.advance(1 / 60)
        if any(isinstance(e, Sink) for e in seen):
            break
    assert any(isinstance(e, Sink) and e.cup == 1 for e in seen), seen
    assert ("Ball 1", "sink cup 1") in by_ball(scene.feed)  # under the ball's head in the feed
    assert any(lab.text == "sink cup 1" for lab in scene.labels)
    lab = next(lab for lab in scene.labels if lab.text == "sink cup 1")
    assert math.hypot(lab.x - cup.pos[0], lab.y - cup.pos[1]) < 1e-9  # labelled at the cup
    app.step(0.0)  # and drawn without trouble
    run(scene, 2.5)
    assert not scene.labels  # labels fade away


def test_slow_motion_and_pause_change_the_simulated_time_per_real_second(app: App) -> None:
    scene = open_scene(app)
    dt = scene.table.DT
    run(scene, 1.0)
    assert abs(scene.sim_time - 1.0) <= dt
    t = scene.sim_time
    scene.key(pygame.K_s)
    run(scene, 1.0)
    assert abs(scene.sim_time - t - SLOW) <= dt
    t = scene.sim_time
    scene.key(pygame.K_SPACE)
    run(scene, 1.0)
    assert scene.sim_time == t
    scene.key(pygame.K_SPACE)
    scene.key(pygame.K_s)
    assert scene.factor == 1.0


def test_two_balls_fly_at_once_and_a_third_waits(app: App) -> None:
    scene = open_scene(app)
    high = Throw((0.0, 0.0, 0.45), (2.5, 0.0, 4.5))
    assert scene.throw(high) is not None
    scene.update(0.05)
    assert scene.throw(Throw((0.0, 0.1, 0.45), (2.5, 0.0, 4.5))) is not None
    assert scene.throw(high) is None and "two balls" in scene.message  # the table's limit: test_pong_flow
    app.step(0.0)
    assert len(scene.frame().balls) == 2


def test_re_rack_and_formations(app: App) -> None:
    scene = open_scene(app)
    scene.throw(Throw((0.0, 0.0, 0.45), (2.0, 0.0, 3.0)))
    run(scene, 0.2)
    old = scene.table
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    app.step(0.0)
    assert scene.table is not old and not scene.table.balls() and len(scene.table.cups()) == 10
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3"))
    app.step(0.0)
    assert scene.kind == "three" and len(scene.table.cups()) == 3
    assert scene.feed[-1] == FeedHead(("", "Racked: triangle of 3"))  # the formation in words, not its id


def test_the_pong_command_runs_headless(tmp_path: Path) -> None:
    shot = tmp_path / "pong.png"
    assert cli_main(["pong", "--formation", "diamond", "--frames", "60", "--screenshot", str(shot)]) == 0
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 800)
    demo = tmp_path / "demo.png"
    assert cli_main(["pong", "--demo", "--frames", "60", "--screenshot", str(demo)]) == 0
    assert demo.stat().st_size > 0


def test_events_of_two_balls_thrown_together_go_to_the_right_ball(app: App) -> None:
    """The feed names each ball's events by its own number (which ball's events are which: test_pong_flow)."""
    from physics.aim import speed_for

    scene = open_scene(app, "three")
    cup = next(c for c in scene.table.cups() if c.id == 1)
    scene.throw(speed_for((0.0, 0.1, 0.45), cup.pos, 45.0))  # ball 1: straight into cup 1
    scene.throw(Throw((0.0, -0.2, 0.45), (1.6, 0.0, 1.0)))  # ball 2: short, lands near the thrower
    run(scene, 1.2)
    texts = by_ball(scene.feed)
    assert ("Ball 1", "sink cup 1") in texts, texts
    assert texts.index(("Ball 2", "bounce")) < texts.index(("Ball 1", "sink cup 1"))  # ball 2 lands first
    assert ("Ball 1", "bounce") not in texts[: texts.index(("Ball 1", "sink cup 1"))]


def test_balls_are_drawn_between_their_last_two_steps(app: App) -> None:
    scene = open_scene(app)
    scene.throw(Throw((0.0, 0.0, 0.45), (3.0, 0.0, 3.0)))
    dt = scene.table.DT
    scene.update(2.5 * dt)  # two whole steps; half a step waits for the next frame
    assert scene.live_table.steps == 2 and math.isclose(scene.live_table.acc, 0.5 * dt, rel_tol=1e-6)
    b = scene.table.balls()[0]
    drawn = scene.frame().balls[0]
    assert drawn.x == pytest.approx((b.prev[0] + b.pos[0]) / 2) and b.prev[0] < drawn.x < b.pos[0]
    assert drawn.z == pytest.approx((b.prev[2] + b.pos[2]) / 2)


def test_the_menu_opens_the_practice_table(app: App) -> None:
    """Bierpong is playable now (its button chooses the game); P in the menu opens the practice table."""
    from game.ui.shell.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    app.step(1 / 60)
    assert isinstance(app.scene, PongScene)
