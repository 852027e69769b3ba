"""What a newcomer sees and touches at the beer-pong table (issue 29), headless with real events:
the removal close-up (the owners' rack, big clickable cups, words), the camera at a change of ends
and at the throw-off, the pull read against the table as drawn at any window size, the aim preview
in a player's first match, the practice table in perspective and the shot lab's exact-throw fields."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.match import Match, PlayerSpec
from game.settings import Settings, load_settings
from game.ui.common.prefs import apply_settings, reset_settings
from game.ui.pong.bierpong_match import BierpongMatchScene
from game.ui.pong.pong import PongScene
from game.ui.pong.shot_lab import ShotLab
from physics.world import Throw
from tests.helpers import click, key

if TYPE_CHECKING:
    from game.ui.common.app import App


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


# --- the pull and the aim preview (item 4) --------------------------------------------------------

def teams() -> list[PlayerSpec]:
    return [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", drivers=("Cem", "Dana"))]


def pulled(size: tuple[int, int], mode: str, share: float, aside: float) -> Throw:
    """The practice table at `size` seen in `mode`: a pull from the ball of `share` of the table's
    drawn length back (and `aside` of it to the side) – the throw it makes."""
    from game.ui.common.app import App

    app = App(size)
    try:
        sc = PongScene(app)
        sc.camera_mode = mode
        app.push(sc)
        app.step(0.0)
        L = sc.aim_layout()
        if mode == "top":
            length = sc.view.layout.table_rect().w
            x, y = L.to_top(0.3, 0.0)
            back, side = (-1.0, 0.0), (0.0, 1.0)  # the thrower's end is at the left
        else:
            length = L.table_px()
            hand = L.hand(0.0)
            x, y = hand.x, hand.y
            back, side = ((0.0, 1.0), (1.0, 0.0)) if mode == "thrower" else ((-1.0, 0.0), (0.0, 1.0))
        press = (round(x), round(y))
        dx = (back[0] * share + side[0] * aside) * length
        dy = (back[1] * share + side[1] * aside) * length
        for e in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x + dx), round(y + dy)), rel=(0, 0), buttons=(1, 0, 0))):
            pygame.event.post(e)
        app.step(0.0)
        t = sc.aimed_throw()
        assert t is not None
        return t
    finally:
        app.close()


def test_the_same_share_of_the_drawn_table_is_the_same_throw_at_960_and_1600() -> None:
    """A pull is read against the table as drawn: a fifth of its drawn length back (and a little
    aside) is the same launch at 960×640 as at 1600×1000 – in each view, and the same speed in all
    three (a pull as long as the drawn table is 2.44 m of pull)."""
    speeds = []
    for mode in ("thrower", "side", "top"):
        small, big = pulled((960, 640), mode, 0.2, 0.03), pulled((1600, 1000), mode, 0.2, 0.03)
        vs, vb = math.dist((0, 0, 0), small.velocity), math.dist((0, 0, 0), big.velocity)
        assert abs(vs - vb) / vb < 0.02, (mode, vs, vb)
        heading = [math.degrees(math.atan2(t.velocity[1], t.velocity[0])) for t in (small, big)]
        assert abs(heading[0] - heading[1]) < 1.0, (mode, heading)
        assert small.velocity[0] > 0 and abs(small.release[1] - big.release[1]) < 0.01
        speeds.append(vb)
    assert max(speeds) - min(speeds) < 0.1 and 4.5 < speeds[0] < 5.3  # ≈ 10 m/s × 0.2 × 2.44 m


def test_the_aim_preview_is_on_in_the_first_match_and_the_choice_is_remembered(app: App) -> None:
    """A newcomer's first match shows the aim preview; the next one does not unless they chose it;
    A switches it and the settings keep that choice for the matches after."""
    apply_settings(Settings())
    try:
        first = BierpongMatchScene(app, Match("bierpong", teams()))
        assert first.preview_on and load_settings()[0].pong_matches == 1
        second = BierpongMatchScene(app, Match("bierpong", teams()))
        assert not second.preview_on  # an assist: only the first match brings it unasked
        app.push(second)
        key(app, pygame.K_a, "a")
        saved = load_settings()[0]
        assert second.preview_on and saved.aim_preview and saved.aim_preview_chosen and "remembered" in second.toast
        third = BierpongMatchScene(app, Match("bierpong", teams()))
        assert third.preview_on
        app.push(third)
        key(app, pygame.K_a, "a")
        assert not third.preview_on and not load_settings()[0].aim_preview
        assert not BierpongMatchScene(app, Match("bierpong", teams())).preview_on
    finally:
        reset_settings()


# --- the removal close-up and the camera (item 1) -------------------------------------------------

def removal_scene(app: App, *lines: str, owls: str = "human") -> BierpongMatchScene:
    """The Foxes begin and throw `lines`; the match scene as the players see it (in perspective)."""
    from game.bierpong.actions import parse_action

    m = Match("bierpong", [PlayerSpec("Foxes", drivers=("Anna", "Bo")), PlayerSpec("Owls", owls, drivers=("Cem", "Dana"))])
    for line in ("throw-off Anna hit 1, Cem miss", "Foxes begin", *lines):
        m.apply(parse_action(line))
    sc = BierpongMatchScene(app, m, autosave=False)
    app.push(sc)
    app.step(1 / 60)
    return sc


def test_the_owners_see_their_rack_close_and_click_the_extra_then_the_hit_cup_art3_art14(app: App) -> None:
    """A bounce into the Owls' cup 1 (bierpong.art14: it and one more go, the adjacent ones first –
    bierpong.art3): their rack is shown big with every cup; the cups the referee allows are the
    clickable ones; a cup that may not go is refused in words; the neighbour chosen and the hit cup
    clicked, both are removed."""
    from game.bierpong.actions import Remove, parse_action
    from game.bierpong.state import PLAY, REMOVE

    sc = removal_scene(app, "Anna: bounce 1", "Bo: miss")
    assert sc.state.phase == REMOVE and sc.card_shown() and sc.perspective()
    at = sc.card.cups
    assert set(at) == set(sc.state.sides[1].rack.ids)  # the owners' whole rack
    assert min(r for _x, _y, r in at.values()) >= 30  # big cups (a rim of 46 mm drawn ≥ 30 px at 1280×800)
    assert sc.card.panel.contains(pygame.Rect(at[1][0] - at[1][2], at[1][1] - at[1][2], 2 * at[1][2], 2 * at[1][2]))
    allowed = {c for a in sc.state.legal_actions() if isinstance(a, Remove) for c in a.cups[1:]}
    assert set(sc.eligible()[0]) == allowed == {2, 3}  # the state's choices, nothing of the scene's own
    assert at[7][1] > at[1][1]  # seen from their end: the back row (7–10) nearest them, at the foot
    click(app, at[1][:2])
    assert sc.state.phase == REMOVE and "choose 1 extra" in sc.toast  # the hit cup waits for the extra
    click(app, at[8][:2])
    assert sc.selected == [] and "adjacent" in sc.toast
    click(app, at[2][:2])
    assert sc.selected == [2]
    click(app, at[2][:2])
    assert sc.selected == []  # a second click takes it back
    click(app, at[3][:2])
    remove = next(b for b in sc.buttons if b.key == "Enter")
    assert "3" in remove.text and "1" in remove.text and sc.card.panel.contains(remove.rect)
    click(app, at[1][:2])
    assert parse_action(sc.match.log.entries[-1].action) == Remove("Owls", (1, 3))
    assert sc.state.phase == PLAY and not sc.card_shown()


def test_a_plain_hit_goes_with_one_click_and_may_stay_as_a_dead_cup_art18(app: App) -> None:
    from game.bierpong.actions import Remove, parse_action

    sc = removal_scene(app, "Anna: hit 3", "Bo: miss")
    assert sc.card_shown() and sc.removal_need() == 0
    labels = [b.text for b in sc.buttons]
    assert labels == ["Remove cup 3", "Leave 3 (Dead Cup)"]  # no "(0/0 extra)"
    assert all(sc.card.panel.contains(b.rect) for b in sc.buttons)
    click(app, sc.card.cups[3][:2])
    assert parse_action(sc.match.log.entries[-1].action) == Remove("Owls", (3,))


def test_bots_remove_their_own_cups_without_the_close_up(app: App) -> None:
    sc = removal_scene(app, "Anna: hit 3", "Bo: miss", owls="pro")
    assert not sc.card_shown()


def test_the_throw_off_is_seen_from_one_side_with_both_balls_art8(app: App) -> None:
    """The throw-off (bierpong.art8) from the side, from the same place for both balls: the
    Foxes' ball stays where it came to rest while the Owls throw, and the camera does not move."""
    from game.session.pong import Release
    from physics.aim import speed_for
    from physics.constants import CONST

    m = Match("bierpong", teams())
    sc = BierpongMatchScene(app, m, autosave=False)
    app.push(sc)
    app.step(1 / 60)
    first_cam = sc.camera()
    assert first_cam == sc.camera_for("throwoff") and first_cam.eye[1] < 0  # beside the table
    cup = sc.session.rack_cups()[0]
    assert sc.session.request("Anna", Release(speed_for((0.0, 0.0, 0.45), (cup.x, cup.y), 45.0), "Anna")) is None
    for _ in range(600):
        app.step(1 / 60)
        if sc.state.throwoff_first is not None:
            break
    app.step(1 / 60)
    assert sc.state.throwing_team() == 1 and sc.throwoff_rest is not None
    x, y, z = sc.throwoff_rest
    cam = sc.camera()
    assert sc._fade == 0.0  # no cut: the same picture
    # the same place in the room on the screen, in either team's world (the table's is the thrower's)
    for p in ((0.0, 0.0, 0.0), (CONST.table_length, 0.2, 0.3), (x, y, z)):
        a, b = first_cam.project(p), cam.project((CONST.table_length - p[0], -p[1], p[2]))
        assert a is not None and b is not None and math.dist((a.x, a.y), (b.x, b.y)) < 0.5
    ghost = [b for b in sc.frame().balls if b.number == 0]
    assert [(round(b.x, 6), round(b.y, 6)) for b in ghost] == [(round(CONST.table_length - x, 6), round(-y, 6))]


def test_the_close_up_speaks_german_and_danish(app: App) -> None:
    """Every word of the removal close-up (title, instructions, legend, buttons, tags) is translated;
    the feed beside it is another matter (its lines are left out here)."""
    from tests.screen_words import left_in_english, screen_texts

    feeds: set[str] = set()

    def show(a: App) -> None:
        sc = removal_scene(a, "Anna: bounce 1", "Bo: miss")
        sc.selected = [2]
        for _ in range(2):
            a.step(1 / 60)
        feeds.update(text.strip() for _, text in sc.feed)
        feeds.add(sc.scoreboard().strip())  # (its head line quotes the scoreboard)

    english = screen_texts(app, "en", show)  # (once for both)
    for code in ("de", "da"):
        # (the removal's arithmetic is the referee's phrase: "bounce: …" is the feed's to translate)
        left = [t for t in left_in_english(app, code, show, english=english) if t not in feeds and not t.startswith("bounce")]
        assert left == [], code
