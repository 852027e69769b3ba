"""The race as a newcomer sees it (issue 18): words about fields one can see, a legend, notes and
banners that leave the lit fields in view, standings that say why, Le Mans set up without typing for bots.
Headless scenes on the shipped tracks; the rules decide, the tests read what is drawn."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UILabel

from game.hexgrid import Hex
from game.match import Match, PlayerSpec
from game.racerbile.state import GEAR, MOVE
from game.rules import racerbile as R
from game.ui.shell.menu import MenuScene
from game.ui.shell.menu_model import MenuModel, TeamRow
from game.ui.race.race import RaceScene
from game.ui.race.race_dialogs import TimeTrialDialog

from tests.ui.test_race_ui import open_scene, race

if TYPE_CHECKING:
    from game.ui.common.app import App




def move_mouse(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def wait_for(app: App, scene: RaceScene, phase: str, limit: int = 600, turns: int = 0) -> None:
    """Step until a person has to make a decision of `phase` (after `turns` finished turns)."""
    for _ in range(limit):
        st = scene.state
        if st.phase == phase and st.turns >= turns and not scene.busy() and scene.is_human(st.current_player()):
            return
        if not scene.busy() and scene.is_human(st.current_player()):
            if st.phase == MOVE:
                m = scene.moves()
                assert m is not None
                scene.drive_to(m.ends()[-1])
            elif st.phase == GEAR:
                scene.shift(1 if 1 in st.shifts() else 0)
        app.step(0.05)
    raise AssertionError(f"no {phase} decision came (phase {scene.state.phase})")


def rolled(app: App, scene: RaceScene) -> None:
    app.step(0.05)
    if isinstance(scene.modal, TimeTrialDialog):
        scene.modal.go(roll=True)


# --- Le Mans in the menu: a track without a pit lane is refused at once -----------------------------


def test_racerbile_lemans_pit_a_pitless_track_is_refused_in_the_menu_with_the_reason(app: App) -> None:
    """racerbile.lemans.pit: choosing Babybane for Le Mans keeps the track chosen and says why; switching
    a race on Nåleøjet to Le Mans moves it to the Le Mans track and says why."""
    model = MenuModel(game="racerbile")
    model.track = "naaleoejet"
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.variant_menu is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.variant_menu, text="Le Mans"))
    app.step(0.05)
    assert model.team_game and model.track == "le_mans"
    assert "pit lane" in menu.message
    label = next(lb for lb, ref in menu.tracks if ref == "babybane")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu.track_menu, text=label))
    app.step(0.05)
    assert model.track == "le_mans"
    assert "pit lane" in menu.message and label in menu.message
    assert menu.track_menu is not None and menu.track_menu.selected_option[0] != label
    model.teams["racerbile"] = [TeamRow("Rød", ["Anna", "Bo", "Carl"]), TeamRow("Blå", ["Dorte", "Emil", "Frida"], "racer")]
    menu.rebuild()
    assert menu.start() and isinstance(app.scene, RaceScene)


# --- the time trial: bots need no typed time --------------------------------------------------------

TEAMS = [
    PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")),
    PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
    PlayerSpec("Gul", "racer", drivers=("Gustav", "Hanne", "Ib")),
]


def test_racerbile_variant_racerbile_time_trial_asks_only_the_people_for_times(app: App) -> None:
    """racerbile.variant.racerbile at Le Mans: the dialog has a box for the one team a person plays;
    the bots' times are set and shown, and the order follows all three times."""
    from game.racerbile.bots import trial_seconds

    m = race("le_mans", "le_mans", TEAMS, seed=7)
    scene = open_scene(app, m)
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog)
    assert list(trial.entries) == [0]
    bots = {1: trial_seconds("careful", m.log.seed, 1), 2: trial_seconds("racer", m.log.seed, 2)}
    assert trial.bots == bots and all(0 < t < 30 for t in bots.values())
    labels = [el.text for el in trial.ui.get_sprite_group().sprites() if isinstance(el, UILabel)]
    assert f"{bots[1]:g} s (bot)" in labels and f"{bots[2]:g} s (bot)" in labels
    trial.entries[0].set_text("99")  # the slowest beer of the evening
    assert trial.go()
    assert m.log.entries[1].action == f"times 99 {bots[1]:g} {bots[2]:g}"
    app.step(0.05)
    assert scene.state.order[-1] == 0 and not isinstance(scene.modal, TimeTrialDialog)


def test_time_trial_tie_the_table_asks_the_tied_to_roll_off(app: App) -> None:
    """Decisions, time trial: Anna and Bernd type the same seconds – the dialog closes, the top bar asks
    the two of them to roll off (their dice are rolled, highest first), the bot keeps the place its
    slower beer gave it, and the race starts in the order the roll-off settled."""
    from game.racerbile.actions import StartDie, parse_action
    from game.racerbile.state import START_ROLL
    from game.ui.race.race_draw import turn_text

    m = race("racerbile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd"), PlayerSpec("Robo", "careful")], seed=7)
    scene = open_scene(app, m)
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog) and trial.bots[2] >= 8.0  # a careful bot's beer: 8 s or more
    trial.entries[0].set_text("6,5")
    trial.entries[1].set_text("6.5")
    assert trial.go()
    app.step(0.05)
    st = scene.state
    assert st.phase == START_ROLL and st.groups[0] == (0, 1) and not isinstance(scene.modal, TimeTrialDialog)
    title, sub, _ = turn_text(st, scene.people(), scene.session.is_bot, scene.session.kind_of, False)
    assert title == "Roll-off: Anna, Bernd have equal times" and sub.startswith("they roll for their places, highest first")
    for _ in range(200):
        if scene.state.phase != START_ROLL:
            break
        app.step(0.05)
    rolls = [parse_action(e.action) for e in m.log.entries[2:] if isinstance(parse_action(e.action), StartDie)]
    assert len(rolls) >= 2 and scene.state.order[-1] == 2  # only the tied rolled; Robo is third by his time


# --- the standings: laps as scored, progress explained -------------------------------------------


def test_racerbile_lemans_vomit_on_a_team_with_no_laps_shows_as_scored(app: App) -> None:
    """racerbile.lemans.vomit: five laps off a team that has driven none – its laps show as −5 (the
    referee ranks it so), the final standings say "−5 laps + N fields", never a negative field count."""
    from game.racerbile.actions import parse_action
    from game.ui.race.race_dialogs import final_lines
    from game.ui.race.race_hud import _laps

    scene = open_scene(app, race("le_mans", "le_mans", TEAMS, seed=7))
    rolled(app, scene)
    wait_for(app, scene, GEAR)
    assert scene.request(parse_action("call racerbile.lemans.vomit Anna")) is None
    for _ in range(4):
        app.step(0.05)
    st = scene.state
    rows = {r.name: r for r in scene.standing_rows_shown}
    assert st.cars[0].lap == 0 and rows["Rød"].lap == -5 and _laps(rows["Rød"]) == "L−5"
    assert [r.name for r in scene.standing_rows_shown][-1] == "Rød"  # last, as the referee ranks it
    line = next(t for t in final_lines(st) if "Rød" in t)
    assert f"−5 laps + {st.course.progress[st.cars[0].pos]} field" in line
    assert "-" not in line.replace("–", "")  # no "-232 fields"
    assert "behind" in rows["Rød"].gap and "by lane" not in rows["Rød"].gap  # five laps behind, though on the grid beside the others


def test_standings_explain_each_place_by_the_fields_to_the_car_ahead() -> None:
    """docs/racerbile.md "The standings": over a whole bot race on the three-lane Le Mans track each
    row says how many fields of progress it lies behind the car ranked ahead (the numbers add up to
    the leader's lead), and cars side by side in two lanes are said to be "beside … by lane"."""
    import re

    from game.racerbile.simulate import play_race
    from game.racerbile.state import RaceState
    from game.ui.board.board_geometry import BoardGeometry
    from game.ui.race.race_hud import standing_rows

    run = play_race(["racer", "careful", "stalin"], R.SPEC.make("racerbile", laps=1), track="le_mans", seed=11)
    geo = BoardGeometry(run.state.track)
    seen = {"by lane": 0, "behind": 0}

    def check(_i: int, st: object) -> None:
        assert isinstance(st, RaceState)
        if st.phase != GEAR:
            return
        rows = [r for r in standing_rows(st, beside=geo.side_by_side) if not r.note]
        if len(rows) != 3:
            return
        lead = st.distance(rows[0].seat) - st.distance(rows[-1].seat)
        gaps = 0
        for ahead, row in zip(rows, rows[1:]):
            d = st.distance(ahead.seat) - st.distance(row.seat)
            assert d >= 0 and ahead.name in row.gap
            if d:
                got = re.search(r"(\d+) fields? behind", row.gap)
                assert got is not None and int(got.group(1)) == d
                n = d
                gaps += n
            if "by lane" in row.gap:
                seen["by lane"] += 1
                assert geo.side_by_side(st.cars[row.seat].pos, st.cars[ahead.seat].pos)
            elif d:
                seen["behind"] += 1
        assert gaps == lead
        assert ("level" in rows[0].gap) if lead == 0 or st.distance(rows[0].seat) == st.distance(rows[1].seat) else f"in front by {st.distance(rows[0].seat) - st.distance(rows[1].seat)} field" in rows[0].gap

    Match.replay(run.match.log, on_state=check)
    assert seen["by lane"] and seen["behind"]


# --- words: fields as the board shows them, the rulings under each action ---------------------------

COORDS = r"-?\d+,-?\d+"


def test_the_coach_the_log_and_the_undo_toast_name_fields_as_the_board_does(app: App) -> None:
    """The coach says "to field 15 by …", the log says "Anna drives 3 fields to field 15" and lists
    the referee's rulings under each action (keyed to it for "Undo to here"); no axial coordinates –
    while the notation in the log stays as it is."""
    import re

    from game.rules.catalog import title
    from game.ui.common.modal import ListDialog

    m = race("racerbile", "naaleoejet", seed=3)
    scene = open_scene(app, m)
    rolled(app, scene)
    wait_for(app, scene, MOVE, turns=2)
    lm = scene.moves()
    assert lm is not None
    for end in lm.ends():
        x, y = scene.view.to_pixel(end)
        move_mouse((int(x), int(y)))
        app.step(0.05)
        way = scene.shown_way()
        assert way is not None
        head = scene.coach_lines(way)[0][0]
        number = scene.state.course.progress[end] + 1
        assert f"field {number}" in head and not re.search(COORDS, head)
    assert any(re.search(COORDS, e.action) for e in m.log.entries if e.action.startswith("drive"))  # the notation stays
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    app.step(0.05)
    log = scene.modal
    assert isinstance(log, ListDialog)
    texts = [t for t, _k in log.items]
    assert not any(re.search(COORDS, t) for t in texts)
    drives = [t for t in texts if " drives " in t]
    assert drives and all("field" in t for t in drives)
    for i, e in enumerate(m.log.entries[1:], start=1):
        if e.action.startswith("clock"):
            continue
        rows = [t for t, k in log.items if k == str(i)]
        assert rows[0].lstrip().startswith(f"{i + 1}.")
        # each ruling under its action by the rule's name, not its id ("Start order", not "racerbile.start")
        named = [title(r.rule) for r in e.rulings if r.arithmetic]
        assert len(named) == len(rows) - 1
        assert all(t.split("·", 1)[1].strip().startswith(f"{n}: ") for n, t in zip(named, rows[1:])), (named, rows)
    log.close()
    app.step(0.05)
    scene.undo()
    assert scene.toast.text and not re.search(COORDS, scene.toast.text)


def test_a_ruling_naming_a_field_is_shown_with_the_field_number() -> None:
    """racerbile.field.blocking: "lands on the blocking field 4,-1" is stored as ruled, shown as
    "… the blocking field field 12 by …" – its words, not its coordinates."""
    from game.i18n import N_
    from game.racerbile.fieldnames import field_name, reworded
    from game.racerbile.track import Kind
    from game.rules.phrase import phrase

    m = race("racerbile", "naaleoejet")
    st = m.state
    h = next(h for h, k in st.track.fields.items() if k is Kind.BLOCKING)
    text = phrase(N_("lands on the blocking field {field}: the cap is flipped – nobody passes"), field=f"{h.q},{h.r}")
    shown = reworded(text, st.course, st.track)
    assert str(text).endswith("nobody passes") and f"{h.q},{h.r}" in text
    assert f"field {st.course.progress[h] + 1}" in shown and f"{h.q},{h.r}" not in shown
    assert shown == str(text).replace(f"{h.q},{h.r}", field_name(st.course, st.track, h))


# --- the board stays readable: the coach's note, the banners, the bridge, the night ----------------


def test_the_coachs_note_never_covers_the_path_it_explains(app: App) -> None:
    """For every lit field on Nåleøjet and Le Mans (several lanes, ways bending back), the note
    stands beside the path: none of the path's fields, the start included, lies under it."""
    for variant, track, players in (("racerbile", "naaleoejet", None), ("le_mans", "le_mans", TEAMS)):
        scene = open_scene(app, race(variant, track, players, seed=3))
        rolled(app, scene)
        wait_for(app, scene, MOVE, turns=1)
        lm = scene.moves()
        assert lm is not None
        checked = 0
        for end in lm.ends():
            for alt in range(len(lm.to(end))):
                x, y = scene.view.to_pixel(end)
                move_mouse((int(x), int(y)))
                app.step(0.05)
                scene.alt = alt
                app.step(0.05)
                way = scene.shown_way()
                assert way is not None and scene.note_rect is not None
                for h in (way.start,) + way.path:
                    assert not scene.note_rect.colliderect(scene.field_rect(h)), (track, end, h)
                assert scene.L.board.contains(scene.note_rect)
                checked += 1
        assert checked >= 3
        app.pop()


def test_banners_stand_off_the_lit_fields_and_fade_while_the_pointer_moves(app: App) -> None:
    """"Midtvejsskål!" and "Bunde!" are shown over the board where they hide no lit field or car, and
    fade to a glimpse while the player moves the pointer to choose a field."""
    scene = open_scene(app, race("racerbile", "naaleoejet", seed=3))
    rolled(app, scene)
    wait_for(app, scene, MOVE, turns=2)
    lm = scene.moves()
    assert lm is not None
    for k, text in enumerate(("Midtvejsskål!", "Bunde!")):
        scene.banners.clear()
        scene.banners.push(text, "Anna", "call", 5.0)
        app.step(0.4)  # grown to full size
        r = scene.banner_rect
        assert r is not None
        lit = [scene.field_rect(h) for h in lm.ends()] + [scene.field_rect(c.pos) for c in scene.state.cars]
        assert not any(r.colliderect(x) for x in lit) or scene.banner_alpha < 0.6, text  # off them, or see-through
        bright = app.screen.get_at(r.center)
        far = next(h for h in scene.state.track.fields if scene.L.board.collidepoint(scene.view.to_pixel(h)) and not r.collidepoint(scene.view.to_pixel(h)))
        fx, fy = scene.view.to_pixel(far)
        move_mouse((int(fx) + k, int(fy)))
        app.step(0.05)
        assert scene.banner_rect is not None
        faded = app.screen.get_at(scene.banner_rect.center)
        under = scene.view._frame.get_at(scene.banner_rect.center) if scene.view._frame is not None else faded
        dist = lambda a, b: sum(abs(int(x) - int(y)) for x, y in zip(a[:3], b[:3]))  # noqa: E731
        assert dist(faded, under) < dist(bright, under)
        assert scene.banner_alpha < 0.3
        app.step(1.0)


def test_the_board_has_a_key_for_every_symbol_it_draws(app: App) -> None:
    """F2 and the button in the board's corner show the key: every symbol this track has (Le Mans:
    the pit lane, the 42 field, the Dunlop bridge …; Babybane: none of those), and what the race lays
    over it; inside the board at the 960×640 minimum too."""
    from game.ui.board.legend import legend_items
    from game.ui.common.app import App as Window

    def expected(track: object) -> set[str]:
        from game.racerbile.track import Kind, Track

        assert isinstance(track, Track)
        kinds = set(track.fields.values())
        want = {"normal", "start", "lit", "lit_off", "path", "flipped"}
        want |= {k.value for k in (Kind.DOWNSHIFT, Kind.BLOCKING, Kind.MIDWAY) if k in kinds}
        want |= {"arrow"} if track.arrows else set()
        want |= {"split"} if track.splits else set()
        want |= {"pit"} if track.pit is not None else set()
        want |= {"field42"} if track.field42 is not None else set()
        want |= {"dunlop"} if track.dunlop else set()
        return want

    for variant, track, players in (("le_mans", "le_mans", TEAMS), ("babybile", "babybane", None), ("racerbile", "naaleoejet", None)):
        scene = open_scene(app, race(variant, track, players))
        rolled(app, scene)
        app.step(0.05)
        keys = {it.key for it in legend_items(scene.track)}
        assert keys == expected(scene.track)
        assert not scene.legend_on
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.b_legend))
        app.step(0.05)
        assert scene.legend_on and scene.L.board.contains(scene.legend.rect) and scene.legend.rect.h > 100
        app.pop()
    assert {"pit", "field42", "dunlop"} <= {it.key for it in legend_items(race("le_mans", "le_mans", TEAMS).state.track)}
    small = Window((960, 640))
    try:
        scene = open_scene(small, race("le_mans", "le_mans", TEAMS))
        rolled(small, scene)
        small.step(0.05)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
        small.step(0.05)
        small.step(0.05)
        assert scene.legend_on and scene.L.board.contains(scene.legend.rect)
    finally:
        small.close()


def test_the_dunlop_bridge_goes_see_through_over_lit_fields() -> None:
    """The bridge stands over the track, drawn after the lit fields: faint where a lit field or the
    coach's path lies under it, so the field shows; solid otherwise."""
    from game.racerbile.tracks import find_track
    from game.ui.board.board_view import BoardView
    from game.ui.common.theme import Fonts

    pygame.init()
    track = find_track("le_mans").track
    view = BoardView(track, (700, 500), fonts=Fonts())
    under = next(iter(track.dunlop))
    x, y = view.to_pixel(under)
    view.pan(350 - x, 250 - y)
    r = view.overhead_rect()
    assert r is not None and r.collidepoint(view.to_pixel(under))
    board, solid, faint = (pygame.Surface((700, 500)) for _ in range(3))
    for surf, over in ((board, None), (solid, False), (faint, True)):
        view.draw(surf, (), None, None, overhead=False)
        if over is not None:
            view.draw_overhead(surf, over)
    c = r.center

    def dist(a: pygame.Surface) -> int:
        return sum(abs(int(p) - int(q)) for p, q in zip(a.get_at(c)[:3], board.get_at(c)[:3]))

    assert dist(solid) > 60 and dist(faint) < dist(solid) / 2
    # the race decides: a path through the bridge's fields draws it faint
    bare, plain = pygame.Surface((700, 500)), pygame.Surface((700, 500))
    view.draw(bare, (), (under,), None, overhead=False)
    view.draw(plain, (), (under,), None)
    away = sum(abs(int(p) - int(q)) for p, q in zip(plain.get_at(c)[:3], bare.get_at(c)[:3]))
    assert away < dist(solid) / 2


def test_lit_fields_stand_out_on_the_night_theme() -> None:
    """Nåleøjet's night palette: a lit field is at least as much brighter than the veiled fields round
    it as on the classic board (the veil darker, the lit field lighter)."""
    from game.racerbile.tracks import find_track
    from game.ui.board.board_art import luminance
    from game.ui.board.board_view import BoardView
    from game.ui.common.theme import Fonts
    from game.ui.race.race_draw import Highlight

    pygame.init()

    def contrast(name: str) -> float:
        track = find_track(name).track
        view = BoardView(track, (900, 700), fonts=Fonts())
        surf = pygame.Surface((900, 700))
        view.draw(surf, (), None, None)
        fields = [h for h in track.fields if pygame.Rect(0, 0, 900, 700).collidepoint(view.to_pixel(h))]
        lit, dark = fields[::2], fields[1::2]
        surf.blit(Highlight().layer(view, (900, 700), lit, set()), (0, 0))

        def lum(hs: list[Hex]) -> float:
            vals = []
            for h in hs:
                x, y = view.to_pixel(h)
                c = surf.get_at((int(x), int(y)))
                vals.append(luminance((c.r, c.g, c.b)))
            return sum(vals) / len(vals)

        a, b = lum(lit) + 0.05, lum(dark) + 0.05  # a contrast ratio, as for text on a ground
        return a / b

    night, classic = contrast("naaleoejet"), contrast("babybane")
    assert night >= 2.5 and night >= classic * 0.8, (night, classic)


def test_split_names_stand_beside_the_track_not_under_a_cap() -> None:
    """Nåleøjet's branch names ("genvejen", "omvejen") stand off the fields, where no cap can lie on
    them, with a line to the branch's field."""
    from game.racerbile.tracks import find_track
    from game.ui.board.board_view import BoardView
    from game.ui.common.theme import Fonts

    pygame.init()
    track = find_track("naaleoejet").track
    view = BoardView(track, (1400, 1000), fonts=Fonts())
    view.zoom(2.0)
    view.draw(pygame.Surface((1400, 1000)), (), None, None)
    tags = view.split_tag_rects()
    assert len(tags) == sum(len(sp.branches) for sp in track.splits) >= 2
    cap = view.scale * 0.58
    for (split, branch), r in tags.items():
        for h in view.geo.cells:
            x, y = view.to_pixel(h)
            assert not r.inflate(int(cap), int(cap)).collidepoint(x, y), (split, branch, h)
