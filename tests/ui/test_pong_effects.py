"""What a player feels at the table (issue 17): a ball dropping in splashes and shakes its cup, a rim
clink wobbles it, removed cups rise away, the referee's special shot is called out, and a ball that
touches down with people defending is ringed and slowed for the swat – driven by real events and a
real match in the scene."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.session.pong import Release
from game.ui.common.app import App
from game.ui.pong.bierpong_match import BierpongMatchScene
from game.ui.pong.camera import thrower
from game.ui.pong.effects import LIFT, SPLASH, SWAT_FACTOR, WOBBLE, TableEffects, calls
from game.ui.pong.pong_3d import PerspectiveView
from game.ui.pong.pong_view import LEAN, TABLE_L, CupDraw, Dims, PongFrame
from physics.constants import CONST
from physics.events import CupContact, Sink, TableBounce
from tests.bierpong_helpers import play
from tests.bierpong_physics_helpers import RELEASE, rack_now, shot

CUPS = [CupDraw(1, 2.2, 0.0), CupDraw(2, 2.28, -0.05)]


def test_a_ball_dropping_in_splashes_and_shakes_its_cup_and_a_rim_clink_wobbles_it() -> None:
    fx = TableEffects()
    fx.events([Sink(0.5, cup=1, ball=1), CupContact(0.4, cup=2, kind="rim", ball=1)], defenders_here=False)
    fx.update(0.05)
    one, two = fx.cups(CUPS)
    assert 0 <= one.splash < 1 and one.x != CUPS[0].x  # splashing and shaking
    assert two.splash < 0 and two.x == CUPS[1].x and two.wobble != 0  # only rocking on its base
    fx.update(SPLASH)
    assert [c for c in fx.cups(CUPS)] == CUPS  # over


def test_a_rim_clink_rocks_the_cup_visibly_in_perspective_and_it_settles(app: App) -> None:
    fx = TableEffects()
    fx.events([CupContact(0.4, cup=1, kind="rim", ball=1)], defenders_here=False)
    leans = []
    for _ in range(int(WOBBLE * 60)):
        fx.update(1 / 60)
        leans.append(next(c for c in fx.cups(CUPS) if c.id == 1).wobble)
    assert max(leans) > 0 > min(leans)  # to and fro
    assert max(map(abs, leans[:10])) > 2 * max(map(abs, leans[-10:]))  # less and less
    fx.update(1 / 60)
    assert fx.cups(CUPS) == CUPS  # and still again
    # drawn through the thrower's camera at the match's size, the leaning rim moves by pixels one sees
    cam = thrower(TABLE_L).on((0, 0, 1280, 800))
    biggest = max(leans, key=abs)
    rim = [cam.project((CUPS[0].x + lean * LEAN[0], CUPS[0].y + lean * LEAN[1], CONST.cup_height)) for lean in (0.0, biggest)]
    assert rim[0] is not None and rim[1] is not None and math.hypot(rim[1].x - rim[0].x, rim[1].y - rim[0].y) >= 3.0
    view = PerspectiveView(app.fonts, Dims(CONST.cup_rim_radius, CONST.cup_base_radius, CONST.cup_height, CONST.ball_radius))
    shots = []
    for lean in (0.0, biggest):
        surf = pygame.Surface((1280, 800))
        view.draw_table(surf, PongFrame(cups=[replace(CUPS[0], wobble=lean)]), cam)
        shots.append(pygame.image.tobytes(surf, "RGB"))
    assert shots[0] != shots[1]


def test_removed_cups_rise_away_and_go() -> None:
    fx = TableEffects()
    fx.removed([CupDraw(5, 2.1, 0.02)])
    fx.update(LIFT / 2)
    lifted = [c for c in fx.cups(CUPS) if c.id == 5]
    assert len(lifted) == 1 and lifted[0].lift > 0 and 0 < lifted[0].fade < 1
    fx.update(LIFT)
    assert all(c.id != 5 for c in fx.cups(CUPS))


def test_bierpong_art20_a_bombe_removal_is_called_out_and_an_ordinary_one_is_not() -> None:
    """The Bombe's removal (bierpong.art20) is called out with how many cups go; a plain hit's removal
    is no call-out (the hit had its own when the ball dropped in)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin", "Anna: hit 5", "Bo: hit 5")
    before = m.state
    rs = play(m, "Owls remove 5 2 3")
    said = calls(m.state.parse_action("Owls remove 5 2 3"), rs, before)
    assert [c.text for c in said][:2] == ["Bombe!", "Balls back!"] and said[0].sub == "Owls: 3 cups go"
    before = m.state
    rs = play(m, "Anna: hit 1")
    assert [(c.text, c.sub, c.sound) for c in calls(m.state.parse_action("Anna: hit 1"), rs, before)] == [("Hit!", "Anna · cup 1", "cup_hit")]
    before = m.state
    rs = play(m, "Bo: miss", "Owls remove 1")
    assert calls(m.state.parse_action("Owls remove 1"), rs, before) == []


def test_bierpong_art14_a_ball_that_touches_down_is_ringed_and_slowed_only_for_people_defending() -> None:
    fx = TableEffects()
    fx.events([TableBounce(0.3, 1.5, 0.0, ball=7)], defenders_here=False)
    assert not fx.ringed and fx.factor == 1.0
    fx.events([TableBounce(0.3, 1.5, 0.0, ball=7)], defenders_here=True)
    assert fx.ringed == {7} and fx.factor == SWAT_FACTOR
    fx.update(5.0)
    assert fx.factor == 1.0 and fx.ringed == {7}  # slow only a moment; the ring stays while it flies
    fx.balls_done()
    assert not fx.ringed




def test_a_hit_in_the_match_splashes_marks_the_cup_and_the_score_shows_it_pending(app: App) -> None:
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))], R.SPEC.make())
    play(m, "throw-off Anna hit 1, Cem miss", "Foxes begin")
    sc: Any = BierpongMatchScene(app, m, autosave=False)
    app.push(sc)
    st = sc.session.state
    want = shot(rack_now(st, "Anna"), "hit", None, among=st.targets(), release=RELEASE)
    assert sc.session.request("Anna", Release(want.throw, "Anna")) is None
    splashed = False
    for _ in range(600):
        sc.update(1 / 60)
        splashed = splashed or any(c.splash >= 0 for c in sc.frame().cups)
        if not sc.session.table.busy:
            break
    assert splashed, "the cup never splashed"
    cup = sc.state.hits[0].cup
    assert f"cup {cup} hit" in sc.scoreboard()
    assert any(c.id == cup and c.holds_ball and not c.dim for c in sc.frame().cups)  # marked at once
    sc.draw(app.screen)


def test_bierpong_art20_a_bombe_demo_ends_with_the_cups_the_referee_removed_gone(app: App) -> None:
    from game.ui.pong.pong_demo import DemoScene, solved

    demo: Any = DemoScene(app, solved("bombe"))
    app.push(demo)
    demo.slow = False
    for _ in range(3000):
        demo.update(1 / 60)
        if demo.finished:
            break
    assert demo.finished
    assert demo.cinematic  # followed by the cinematic camera (V: the top-down view)
    start, end = demo.script.start.sides, demo.script.state.sides
    gone = {c for b, a in zip(start, end) for c in b.rack.ids if c not in a.rack}
    standing = {c.id for c in demo.live_table.table_cups()}
    assert gone and not gone & standing  # the removed cups left the table, as the feed says
    demo.draw(app.screen)
