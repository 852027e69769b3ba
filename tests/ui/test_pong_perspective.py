"""The Bierpong match in perspective (issue 17), headless: the table opens in the thrower's view with
the ball in the thrower's hand, a pull back from it throws (direction and power), exactly the launch
the top-down view would log the same way, the view cycles with V, a change of ends moves the camera
without a jump, P shows the side view as an inset; the practice table offers the same views (the
shot lab stays top-down)."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.session.pong import Release
from game.ui.common.app import App
from game.ui.pong.bierpong_match import BierpongMatchScene
from game.ui.pong.pong import PongScene
from game.ui.pong.pong_aim import RELEASE_Z
from tests.bierpong_helpers import play




def match() -> Match:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin")
    return m


def to_rest(sc: Any, n: int) -> None:
    for _ in range(2000):
        sc.update(1 / 60)
        if len(sc.match.log.entries) > n and not sc.session.table.busy:
            return
    raise AssertionError("the throw was never ruled")


def pull(sc: Any, press: tuple[int, int], to: tuple[int, int]) -> Any:
    """Press, drag and let go on the screen: the slingshot's throw."""
    sc.sling_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=press))
    sc.sling_event(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    _handled, t = sc.sling_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=to))
    return t


def test_the_ball_waits_in_the_hand_and_a_pull_back_from_it_throws_down_the_table_away_from_the_pull(app: App) -> None:
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    assert sc.perspective() and sc.camera_mode == "thrower" and sc.can_aim()
    space = sc.aim_layout()
    hand = space.hand(0.0)  # the release point over the near edge, in the picture
    assert hand is not None and sc.viewport().collidepoint(hand.x, hand.y)
    assert space.thrower_zone().collidepoint(hand.x, hand.y)  # a press on the ball grabs it
    sc.draw(app.screen)
    r = int(sc.dims.ball_r * hand.scale)
    assert app.screen.get_at((int(hand.x), int(hand.y)))[:3] == (250, 250, 246)  # the ball is drawn there
    press = (int(hand.x), int(hand.y))
    straight = pull(sc, press, (press[0], press[1] + 8 * r))  # straight back
    left = pull(sc, press, (press[0] - 4 * r, press[1] + 8 * r))  # back and to the left on the screen
    longer = pull(sc, press, (press[0], press[1] + 14 * r))
    assert straight is not None and left is not None and longer is not None
    assert straight.velocity[0] > 0 and abs(straight.velocity[1]) < 0.02 * straight.velocity[0]  # down the middle
    assert abs(straight.release[1]) < 0.01 and straight.release[2] == RELEASE_Z  # from the hand
    assert left.velocity[1] < 0  # flies to the right on the screen (-y in the thrower's view)
    speed = [math.hypot(*t.velocity) for t in (straight, longer)]
    assert speed[1] > speed[0]  # a longer pull throws harder
    side = pull(sc, (press[0] + 3 * r, press[1]), (press[0] + 3 * r, press[1] + 8 * r))  # grabbed right of the middle
    assert side is not None and side.release[1] < -0.01  # the ball is held there
    assert pull(sc, (press[0], sc.viewport().top + 10), (press[0], sc.viewport().top + 200)) is None  # not on the ball: no throw


def test_a_throw_in_perspective_is_logged_as_the_same_launch_in_the_top_down_view(app: App) -> None:
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    hand = sc.aim_layout().hand(0.0)
    press = (int(hand.x), int(hand.y))
    t = pull(sc, press, (press[0] + 6, press[1] + int(sc.viewport().h * 0.16)))  # pulled back from the ball
    assert t is not None and t.velocity[0] > 0  # it flies down the table, away from the pull
    n = len(sc.match.log.entries)
    sc.release(t)
    to_rest(sc, n)
    seen = sc.match.log.entries[n]
    top: Any = BierpongMatchScene(app, match(), autosave=False)
    top.camera_mode = "top"
    assert not top.perspective()
    top.release(t)  # the same launch in the top-down view
    to_rest(top, n)
    assert top.match.log.entries[n].action == seen.action and top.match.log.entries[n].rulings == seen.rulings
    for scene in (sc, top):
        scene.draw(app.screen)


def test_v_cycles_the_views_and_a_change_of_ends_cuts_to_the_new_end_without_a_side_view(app: App) -> None:
    """V moves the camera smoothly (asked for); a change of ends cuts straight to the new thrower's
    view, fading in – never by a side or diagonal view nobody asked for (issue 29)."""
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    modes = []
    for _ in range(3):
        sc.key(pygame.K_v)
        modes.append(sc.camera_mode)
    assert modes == ["side", "top", "thrower"]
    for _ in range(120):
        sc.update(1 / 60)
    assert sc.camera() == sc.camera_for("thrower")
    blends = []
    sc.key(pygame.K_v)  # V: to the side view, smoothly
    for _ in range(90):
        sc.update(1 / 60)
        blends.append(sc.camera().eye)
    jumps = [math.dist(a, b) for a, b in zip(blends, blends[1:])]
    assert max(jumps) < 3 * sum(jumps) / len(jumps), "the camera jumped"  # every frame a share of the way
    for _ in range(2):
        sc.key(pygame.K_v)  # back to the thrower's view
    for _ in range(90):
        sc.update(1 / 60)
    sc._cam_team = 1 - sc.state.throwing_team()  # the other team threw last: the view changes ends
    sc._cam_key = ("thrower", sc._cam_team)
    seen, fades = [], []
    for _ in range(40):
        sc.update(1 / 60)
        seen.append(sc.camera())
        fades.append(sc._fade)
        sc.draw(app.screen)
    assert all(c == sc.camera_for("thrower") for c in seen)  # a cut: no view between the ends
    assert fades[0] > 0 and fades[-1] == 0.0  # the new end fades in
    # one keyboard for both teams: the eye follows the thrower (no team's end kept, issue 29)
    assert sc.view_team() is None and not sc.turned() and seen[-1].eye[0] < 0


def test_both_balls_in_flight_draw_in_every_view(app: App) -> None:
    from tests.bierpong_physics_helpers import RELEASE, rack_now, shot

    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    st = sc.session.state
    first = shot(rack_now(st, "Anna"), "hit", None, among=st.targets(), release=RELEASE).throw
    assert sc.session.request("Anna", Release(first, "Anna")) is None
    for _ in range(3):
        sc.update(1 / 60)
    second = shot(rack_now(st, "Bo"), "miss", None, among=st.targets(), release=(RELEASE[0], -0.08, RELEASE[2])).throw
    assert sc.session.request("Bo", Release(second, "Bo")) is None
    for _ in range(10):
        sc.update(1 / 60)
    assert len(sc.session.table.flights) == 2
    for mode in ("thrower", "side", "top"):
        sc.camera_mode, sc._cam_t = mode, 1.0
        sc.draw(app.screen)


def test_the_practice_table_offers_the_perspective_view_and_a_pull_from_the_hand_throws(app: App) -> None:
    sc: Any = PongScene(app)
    app.push(sc)
    assert sc.perspective() and sc.camera_mode == "thrower"  # the practice table opens in perspective, as a match does
    modes = []
    for _ in range(3):
        sc.key(pygame.K_v)
        modes.append(sc.camera_mode)
    assert modes == ["side", "top", "thrower"]  # V cycles as in the match
    for _ in range(80):  # the camera moves there
        sc.update(1 / 60)
    assert sc.camera() == sc.camera_for("thrower")
    hand = sc.aim_layout().hand(0.0)
    press = (int(hand.x), int(hand.y))
    t = pull(sc, press, (press[0], press[1] + int(sc.viewport().h * 0.17)))
    assert t is not None and t.velocity[0] > 0 and t.release[2] == RELEASE_Z
    assert sc.throw(t) is not None and sc.in_flight() == 1
    for _ in range(20):
        sc.update(1 / 60)
        sc.draw(app.screen)
    assert sc.in_flight() == 1


def test_a_roller_on_the_practice_table_rocks_the_cups_it_clinks(app: App) -> None:
    from physics.events import CupContact
    from tests.bierpong_physics_helpers import shot

    sc: Any = PongScene(app)
    app.push(sc)  # (in perspective: it opens so)
    roll = shot(sc.cups_now(), "roller")
    assert any(isinstance(e, CupContact) and e.kind == "rim" for e in roll.events)
    sc.throw(roll.throw)
    leans = []
    for _ in range(400):
        sc.update(1 / 60)
        leans += [c.wobble for c in sc.frame().cups]
        if not sc.in_flight():
            break
    assert max(map(abs, leans)) > 0.005  # rocking (m of the rim's lean)
    sc.draw(app.screen)


def test_p_shows_the_side_view_inset_over_the_perspective_table(app: App) -> None:
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    assert not sc.inset_on  # off by default
    vp = sc.viewport()
    corner = pygame.Rect(vp.left, vp.bottom - vp.h // 4, vp.w // 3, vp.h // 4)

    def picture() -> bytes:
        sc.draw(app.screen)
        return pygame.image.tobytes(app.screen.subsurface(corner), "RGB")

    off = picture()
    sc.key(pygame.K_p)
    assert sc.inset_on and picture() != off
    sc.key(pygame.K_p)
    assert picture() == off


def test_the_shot_lab_stays_top_down(app: App) -> None:
    from game.ui.pong.shot_lab import ShotLab

    lab: Any = ShotLab(app)
    app.push(lab)
    lab.key(pygame.K_v)
    lab.key(pygame.K_p)
    assert not lab.perspective() and not lab.inset_on


def test_cups_painted_from_the_still_picture_still_hide_a_ball_behind_them_and_not_one_in_front(app: App) -> None:
    from game.ui.pong.camera import thrower
    from game.ui.pong.pong_3d import PerspectiveView
    from game.ui.pong.pong_view import BALL, BallDraw, CupDraw, Dims, PongFrame
    from physics.constants import CONST

    view = PerspectiveView(app.fonts, Dims(CONST.cup_rim_radius, CONST.cup_base_radius, CONST.cup_height, CONST.ball_radius))
    cam = thrower(CONST.table_length).on((0, 0, 1280, 800))
    rack = [CupDraw(1, 2.0, 0.0), CupDraw(2, 2.08, 0.05), CupDraw(3, 2.08, -0.05)]
    surf = pygame.Surface((1280, 800))

    def seen(x: float, z: float) -> tuple[int, int, int]:
        p = cam.project((x, 0.0, z + CONST.ball_radius))
        assert p is not None
        view.draw_table(surf, PongFrame(cups=rack, balls=[BallDraw(1, x, 0.0, z, True)]), cam)
        return tuple(surf.get_at((int(p.x), int(p.y))))[:3]  # type: ignore[return-value]

    for _ in range(2):  # the second time from the kept still picture
        assert seen(2.02, 0.02) != BALL  # low behind cup 1's front wall: hidden
        assert seen(1.9, 0.02) == BALL  # in front of it: seen
        assert seen(2.0, 0.5) == BALL  # high over the rack: seen


def test_no_ball_waits_in_the_hand_while_bots_throw(app: App) -> None:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", "pro", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna miss, Cem hit 1", "Owls begin")
    sc: Any = BierpongMatchScene(app, m, autosave=False)
    app.push(sc)
    assert sc.state.throwing_team() == 1 and not sc.can_aim()  # the bots' round: nobody here holds a ball
    people: Any = BierpongMatchScene(app, match(), autosave=False)
    assert people.state.throwing_team() == 0 and people.can_aim()  # people's round: the ball in the hand


def test_from_the_side_a_pull_straight_back_throws_along_the_table(app: App) -> None:
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    sc.key(pygame.K_v)  # the side view
    for _ in range(90):
        sc.update(1 / 60)
    assert sc.camera_mode == "side" and sc.camera() == sc.camera_for("side")
    hand = sc.aim_layout().hand(0.0)
    assert hand is not None and sc.viewport().collidepoint(hand.x, hand.y)  # the hand is in the picture
    press = (int(hand.x), int(hand.y))
    back = pull(sc, press, (press[0] - 90, press[1]))
    assert back is not None and back.velocity[0] > 0 and abs(back.velocity[1]) < 0.1 * back.velocity[0]
    down = pull(sc, press, (press[0] - 90, press[1] + 90))  # and down: across the table, but not mostly
    assert down is not None and 0 < down.velocity[1] < 1.5 * down.velocity[0]


def test_each_rack_is_labelled_with_its_team_over_its_end_of_the_table(app: App) -> None:
    """The rack thrown at stands at the far end under its team's name, the thrower's own faded at
    the near end under theirs; the names are drawn on the picture, above each rack."""
    sc: Any = BierpongMatchScene(app, match(), autosave=False)
    app.push(sc)
    sc.update(1 / 60)
    team = sc.state.throwing_team()
    names = sc.rack_names()
    assert names == (sc.state.sides[team].name, sc.state.sides[1 - team].name)
    drawn: list[str] = []
    real = sc.host.fonts.shadowed

    def noted(text: str, *a: Any, **k: Any) -> Any:  # (the real drawing, each text noted)
        drawn.append(text)
        return real(text, *a, **k)

    sc.host.fonts.shadowed = noted
    try:
        sc.draw(app.screen)
    finally:
        sc.host.fonts.shadowed = real
    assert {"Foxes", "Owls"} <= set(drawn)
