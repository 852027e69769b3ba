"""The race scene, headless: real tracks, a real window (dummy video), synthetic input drives the race."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
import pytest

from game.cli import main as cli_main
from game.hexgrid import Hex
from game.match import Match, PlayerSpec
from game.racerbile.actions import Drive, Judge, Order, parse_action
from game.racerbile.state import GEAR, MOVE, ORDER, RaceState
from game.rules import racerbile as R
from game.rules.ruling import What
from game.store.matchfile import load_match
from game.ui.shell.menu import MenuScene
from game.ui.shell.menu_model import MenuModel, PlayerRow, TeamRow
from game.ui.common.modal import ListDialog
from game.ui.race.race import RaceScene
from game.ui.race.race_dialogs import FaultMenu, JudgesConsole, RaceFinal, TimeTrialDialog
from game.ui.race.race_draw import log_items
from game.ui.race.race_hud import initials, standing_rows

if TYPE_CHECKING:
    from game.ui.common.app import App

TEAMS = [
    PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")),
    PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
    PlayerSpec("Gul", "racer", drivers=("Gustav", "Hanne", "Ib")),
]


def race(variant: str, track: str, players: list[PlayerSpec] | None = None, seed: int = 5, **options: object) -> Match:
    profile = R.SPEC.make(variant, **options)
    return Match("racerbile", players or [PlayerSpec("Anna"), PlayerSpec("Bernd")], profile, seed=seed, track=track)


def open_scene(app: App, match: Match) -> RaceScene:
    if not app.stack:
        app.push(MenuScene(app))
    scene = RaceScene(app, match)
    app.push(scene)
    return scene


def key(k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def move_mouse(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press(element: object) -> None:
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element))


def wait_for(app: App, scene: RaceScene, phase: str, limit: int = 600, turns: int = 0) -> None:
    """Step until a person has to make a decision of `phase` (after `turns` finished turns)."""
    for _ in range(limit):
        st = scene.state
        if st.phase == phase and st.turns >= turns and not scene.busy() and scene.is_human(st.current_player()):
            return
        if st.phase == MOVE and not scene.busy() and scene.is_human(st.current_player()):
            m = scene.moves()
            assert m is not None
            scene.drive_to(m.ends()[0])  # earlier turns: the first lit field will do
        elif st.phase == GEAR and not scene.busy() and scene.is_human(st.current_player()):
            scene.shift(0)  # … and the gear held
        app.step(0.05)
    raise AssertionError(f"no {phase} decision came (phase {scene.state.phase})")


def settle(app: App, scene: RaceScene, limit: int = 200) -> None:
    for _ in range(limit):
        app.step(0.05)
        if not scene.busy():
            return
    raise AssertionError("the race never came to rest")


def pixel(scene: RaceScene, h: Hex) -> tuple[int, int]:
    x, y = scene.view.to_pixel(h)
    return int(x), int(y)


def colours(surface: pygame.Surface) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, 37) for y in range(0, h, 29)})


def actions(m: Match) -> list[str]:
    return [e.action for e in m.log.entries[1:]]


# --- opening ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "track", "players"),
    [
        ("babybile", "babybane", None),
        ("racerbile", "stalinbanen", [PlayerSpec("Anna"), PlayerSpec("Bernd", "stalin"), PlayerSpec("Carla", "racer")]),
        ("le_mans", "le_mans", TEAMS),
    ],
)
def test_the_race_scene_opens_for_each_variant(app: App, variant: str, track: str, players: list[PlayerSpec] | None) -> None:
    """racerbile.start, racerbile.variant.racerbile: Babybile rolls for the order on screen; Racerbile
    and Le Mans open the time trial (the order itself: tests/session/test_race_flow.py)."""
    scene = open_scene(app, race(variant, track, players))
    for _ in range(6):
        app.step(0.05)
    assert colours(app.screen) > 40
    assert scene.top_drawn and all(app.screen.get_rect().contains(r) for r in scene.top_drawn)
    if variant == "babybile":
        assert scene.modal is None
        assert scene.tray.dice  # a die of the roll for the order is in the tray
    else:
        assert isinstance(scene.modal, TimeTrialDialog)
        assert sorted(scene.modal.entries) == scene.session.people()  # a bot's time is set, not typed


def test_the_time_trial_sets_the_order_by_the_times_entered(app: App) -> None:
    """racerbile.variant.racerbile: the times typed into the dialog reach the log (the fastest beer
    starts: tests/session/test_race_flow.py)."""
    scene = open_scene(app, race("racerbile", "babybane"))
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog)
    trial.entries[0].set_text("9,5")
    trial.entries[1].set_text("7.25")
    press(trial.go_button)
    app.step(0.05)
    assert actions(scene.match)[0] == str(Order((9.5, 7.25)))
    assert scene.state.phase != ORDER and scene.modal is None


def test_a_bad_time_is_refused_with_a_message(app: App) -> None:
    scene = open_scene(app, race("racerbile", "babybane"))
    app.step(0.05)
    trial = scene.modal
    assert isinstance(trial, TimeTrialDialog)
    trial.entries[0].set_text("0")
    trial.entries[1].set_text("8")
    assert not trial.go()
    assert "Anna" in trial.message and scene.state.phase == ORDER


# --- a human turn ----------------------------------------------------------------------------


def test_a_human_turn_by_keys_dice_and_a_click(app: App) -> None:
    """racerbile.gears, racerbile.upshift: the Up key shifts (with the announcement), the dice roll
    and land, a click on a lit field drives the cheapest way there."""
    m = race("babybile", "babybane", seed=11)
    scene = open_scene(app, m)
    wait_for(app, scene, MOVE)
    st = scene.state
    seat = st.current_player()
    lm = scene.moves()
    assert lm is not None
    end = max(lm.ends(), key=lambda h: (st.course.progress[h], h))
    way = lm.to(end)[0]
    move_mouse(pixel(scene, end))
    app.step(0.05)
    assert scene.hover == end
    click(pixel(scene, end))
    app.step(0.05)
    if way.path:  # apply first, then animate: the drive is logged while the cap still hops there
        assert parse_action([a for a in actions(m) if a.startswith("drive ")][-1]) == Drive(way.path)
        assert scene.hop is not None and scene.caps()[0].at != end and scene.session.state.cars[seat].pos == end
    settle(app, scene)
    drives = [a for a in actions(m) if a.startswith("drive ")]
    assert parse_action(drives[0]) == Drive(way.path)
    assert scene.state.cars[seat].pos == end
    # the same person's next turn: a gear to choose
    wait_for(app, scene, GEAR, turns=2)
    st = scene.state
    assert st.current_player() == seat and 1 in st.shifts()
    key(pygame.K_UP)
    app.step(0.05)
    assert "gear up" in actions(m) and scene.state.cars[seat].gear == 2
    assert "Jeg gearer op til andet gear" in scene.banners.shown
    wait_for(app, scene, MOVE, turns=2)
    st = scene.state
    assert st.turn is not None and st.turn.gear == 2
    landed = [f for faces in st.turn.throws for f in faces if f <= 4]
    assert sum(landed) == st.turn.roll == scene.tray.total()


def test_enter_holds_and_down_shifts(app: App) -> None:
    """racerbile.downshift: Enter holds, Down shifts down and the feed shows the sip it costs
    (racerbile.technical.downshift; the rule: tests/session/test_race_flow.py)."""
    m = race("babybile", "babybane", seed=11)
    scene = open_scene(app, m)
    wait_for(app, scene, GEAR, turns=2)
    seat = scene.state.current_player()
    key(pygame.K_RETURN)
    app.step(0.05)
    assert "gear hold" in actions(m)
    wait_for(app, scene, GEAR, turns=4)
    assert scene.state.current_player() == seat
    key(pygame.K_UP)
    app.step(0.05)
    wait_for(app, scene, GEAR, turns=6)
    who = scene.state.driver(seat)
    key(pygame.K_DOWN)
    app.step(0.05)
    assert actions(m).count("gear down") == 1
    assert any(r.rule == "racerbile.technical.downshift" and r.who == who for r in scene.feed.rulings)


def test_hovering_a_lit_field_shows_the_coach_with_the_sips(app: App) -> None:
    """The coach: the path, the squeals and the sips a way costs – what the referee will rule."""
    m = race("racerbile", "babybane", seed=4)
    scene = open_scene(app, m)
    app.step(0.05)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    wait_for(app, scene, MOVE)
    st = scene.state
    lm = scene.moves()
    assert lm is not None
    for end in lm.ends():
        move_mouse(pixel(scene, end))
        app.step(0.05)
        way = scene.shown_way()
        assert way is not None and way.end == end
        text = [t for t, _, _ in scene.coach_lines(way)]
        me = st.driver(st.current_player())
        after = st.apply(Drive(way.path)).state
        sips = after.ledger[me].sips - st.ledger[me].sips
        sips -= sum(r.amount for r in st.apply(Drive(way.path)).rulings if r.who == me and r.rule == "racerbile.turn" and r.what is What.SIPS)
        assert any(t.startswith(f"{me} drinks") for t in text)
        assert (f"{me} drinks {sips} sip" in " ".join(text)) if sips else (f"{me} drinks nothing" in text)
        if way.squeals:
            assert any("hvin" in t for t in text)
    # without the coach the fields stay clickable, but nothing is explained
    key(pygame.K_c)
    app.step(0.05)
    assert not scene.coach_on and scene.shown_way() is None
    end = lm.ends()[0]
    click(pixel(scene, end))
    settle(app, scene)
    assert scene.state.cars[st.current_player()].pos == end


def test_tab_cycles_the_ways_to_one_field(app: App) -> None:
    for seed in range(1, 40):
        m = race("racerbile", "babybane", seed=seed)
        scene = open_scene(app, m)
        app.step(0.05)
        assert isinstance(scene.modal, TimeTrialDialog)
        scene.modal.go(roll=True)
        wait_for(app, scene, MOVE)
        lm = scene.moves()
        assert lm is not None
        many = [h for h in lm.ends() if len(lm.to(h)) > 1]
        if many:
            move_mouse(pixel(scene, many[0]))
            app.step(0.05)
            first = scene.shown_way()
            key(pygame.K_TAB)
            app.step(0.05)
            second = scene.shown_way()
            assert first is not None and second is not None and first.path != second.path
            assert first == lm.to(many[0])[0]  # the cheapest first
            return
        app.pop()
    pytest.skip("no roll with two ways to one field in these seeds")


# --- the table and the judges ----------------------------------------------------------------


def test_the_fault_menu_applies_a_call(app: App) -> None:
    """racerbile.faults: the table calls a fault from the menu (here racerbile.technical.die_dropped,
    counted per die) and the feed shows the ruling (the sips: tests/session/test_race_flow.py)."""
    m = race("babybile", "babybane", seed=3)
    scene = open_scene(app, m)
    wait_for(app, scene, MOVE)
    key(pygame.K_x)
    app.step(0.05)
    menu = scene.modal
    assert isinstance(menu, FaultMenu)
    rules = {rule for _, rule in menu.items}
    assert {f.rule for f in scene.state.faults()} <= rules
    assert any(label.startswith("——") for label, _ in menu.items)
    menu.choose("racerbile.technical.die_dropped")
    menu.set_who("Bernd")
    menu.count_entry.set_text("2")
    press(menu.apply_button)
    app.step(0.05)
    assert actions(m)[-1] == "call racerbile.technical.die_dropped Bernd 2"
    assert scene.modal is None
    assert scene.feed.rulings[-1].rule == "racerbile.technical.die_dropped"


@pytest.mark.parametrize("code", ["de", "da"])
def test_the_fault_menu_counts_per_die_field_cap_and_squeal_in_the_readers_words(code: str) -> None:
    """racerbile.faults: a counted fault's price and its count's unit are translated – no "1 Schluck
    pro die" in German, no "1 slurk pr. field" in Danish; the call-out unit "nøl" stays as it is."""
    from game.i18n import set_language
    from game.ui.race.race_dialogs import fault_cost, plural

    english = {"die", "dice", "field", "fields", "cap", "caps", "squeal", "squeals", "per"}
    counted = [f for f in R.FAULTS if f.unit and f.unit != "nøl"]
    assert {f.unit for f in counted} == {"die", "field", "cap", "squeal"}
    set_language(code)
    try:
        for f in counted:
            words = set(fault_cost(f).split()) | set(plural(f.unit).split())
            assert not words & english, (f.rule, fault_cost(f), plural(f.unit))
    finally:
        set_language("en")
    assert fault_cost(R.FAULT_BY_RULE["racerbile.technical.clutch"]) == "1 sip per die"


@pytest.mark.parametrize("code", ["de", "da"])
def test_the_judges_console_buttons_hold_their_words_at_the_smallest_window(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """racerbile.lemans.judges at 960×640: "Fratræk omgange" and "Runden abziehen" fit on their
    buttons (they were cut at a fixed 150 px)."""
    from game.i18n import set_language
    from game.ui.common.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    set_language(code)
    small = App((960, 640))
    try:
        scene = open_scene(small, race("le_mans", "le_mans", TEAMS, seed=2))
        small.step(0.05)
        assert isinstance(scene.modal, TimeTrialDialog)
        scene.modal.go(roll=True)
        small.step(0.05)
        scene.open_judges()
        console = scene.modal
        assert isinstance(console, JudgesConsole)
        for b in (console.sips_button, console.laps_button, console.out_button, console.rule_button):
            assert small.fonts.width(b.text, 16, "bold") + 12 <= b.rect.w, b.text
            assert console.panel.get_container().get_rect().contains(b.rect), b.text
    finally:
        small.close()
        set_language("en")


def test_le_mans_judges_console_applies_a_judgement_with_its_reason(app: App) -> None:
    """racerbile.lemans.judges: the console sends penalty sips, a lap penalty and a rule change, each
    with a reason – none without (what they do: tests/session/test_race_flow.py)."""
    m = race("le_mans", "le_mans", TEAMS, seed=2)
    scene = open_scene(app, m)
    app.step(0.05)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    settle(app, scene)
    key(pygame.K_j)
    app.step(0.05)
    judges = scene.modal
    assert isinstance(judges, JudgesConsole)
    n = len(m.log.entries)
    press(judges.sips_button)
    app.step(0.05)
    assert len(m.log.entries) == n and "reason" in judges.message  # no reason, no decision
    judges.reason_entry.set_text("spilled on the track")
    judges.driver = "Emil (Blå)"
    judges.sips_entry.set_text("3")
    press(judges.sips_button)
    app.step(0.05)
    got = parse_action(actions(m)[-1])
    assert got == Judge("sips", "Emil", "3", "spilled on the track")
    assert "spilled on the track" in scene.feed.rulings[-1].arithmetic
    judges.reason_entry.set_text("late back from the bar")
    judges.team = "Gul"
    press(judges.laps_button)
    app.step(0.05)
    assert parse_action(actions(m)[-1]) == Judge("laps", "Gul", "1", "late back from the bar")
    judges.reason_entry.set_text("the audience wants speed")
    judges.option = "finish_in_front"
    judges._value_widget()
    assert isinstance(judges.value_widget, pygame_gui.elements.UIDropDownMenu)
    judges.value_widget.selected_option = ("on", "on")
    press(judges.rule_button)
    app.step(0.05)
    assert parse_action(actions(m)[-1]) == Judge("rule", "finish_in_front", "true", "the audience wants speed")
    assert any("audience" in line for line in judges.recent())


def test_the_le_mans_clock_shows_in_the_top_bar(app: App) -> None:
    """racerbile.lemans.end: the top bar shows the event clock as it runs (the session logs it:
    tests/session/test_race_session.py)."""
    m = race("le_mans", "le_mans", [PlayerSpec(t.name, "careful", drivers=t.drivers) for t in TEAMS], seed=2, lemans_time_factor=60)
    scene = open_scene(app, m)
    for _ in range(400):
        app.step(0.05)
        if scene.state.turns >= 1:
            break
    shown = scene.session.event_seconds()
    assert shown > 0 and any(a.startswith("clock ") for a in actions(m))
    assert scene.top_drawn and all(app.screen.get_rect().contains(r) for r in scene.top_drawn)
    keys = [int(k) for _line, k in log_items(m)]  # the log dialog leaves the clock's entries out
    assert keys and not any(m.log.entries[i].action.startswith("clock ") for i in keys)


def test_the_turn_timer_counts_down_and_nols_a_stalling_player(app: App) -> None:
    """racerbile.nol: with turn_timer the top bar counts down and the nøl is called out
    (racerbile.general.noled; the rule itself: tests/session/test_race_session.py)."""
    m = race("babybile", "babybane", seed=3, turn_timer=2)
    scene = open_scene(app, m)
    wait_for(app, scene, MOVE)
    who = scene.state.driver(scene.state.current_player())
    left = scene.session.timer_left()
    assert left is not None and left > 1.5
    for _ in range(45):
        app.step(0.05)
    assert f"call racerbile.general.noled {who}" in actions(m)
    assert "Tre. To. En. Nøl." in scene.banners.shown


# --- undo, log, save, the end ----------------------------------------------------------------


def test_ctrl_z_undoes_the_last_human_decision(app: App) -> None:
    """Ctrl+Z reaches the session's undo: the log goes back to before the last decision of a person
    here (the one undo rule itself: tests/session/test_race_flow.py)."""
    m = race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd", "careful")], seed=6)
    scene = open_scene(app, m)
    wait_for(app, scene, GEAR, turns=2)  # Anna has driven, Bernd too
    n = len(m.log.entries)
    scene.shift(0)
    wait_for(app, scene, MOVE, turns=2)
    assert scene.session.last_decision() == n and len(m.log.entries) > n + 1
    key(pygame.K_z, pygame.KMOD_CTRL)  # back to before "gear hold"
    app.step(0.05)
    assert len(m.log.entries) == n and scene.state.phase == GEAR


def test_the_log_offers_undo_to_here(app: App) -> None:
    m = race("babybile", "babybane", seed=6)
    scene = open_scene(app, m)
    wait_for(app, scene, MOVE, turns=2)
    key(pygame.K_l)
    app.step(0.05)
    log = scene.modal
    assert isinstance(log, ListDialog) and log.items
    k = next(kk for lab, kk in log.items if " drives " in lab)  # a drive, in fields of the board
    log.on_action(k)
    app.step(0.05)
    assert len(m.log.entries) == int(k)
    assert scene.modal is None


def test_a_race_saves_and_loads_from_the_scene(app: App, tmp_path: Path) -> None:
    m = race("racerbile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd", "racer")], seed=8)
    scene = open_scene(app, m)
    app.step(0.05)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    wait_for(app, scene, MOVE, turns=2)
    key(pygame.K_s, pygame.KMOD_CTRL)
    app.step(0.05)
    path = scene.save_path
    assert path is not None and path.is_file()  # what the file holds: tests/session/test_race_flow.py
    menu = app.stack[0]
    assert isinstance(menu, MenuScene)
    app.pop()
    assert app.scene is menu
    assert menu.load(path)
    again = app.scene
    assert isinstance(again, RaceScene)
    assert again.state.cars == scene.state.cars and again.state.phase == scene.state.phase
    assert again.save_path == path


def test_the_menu_continues_a_le_mans_event_from_its_journal(app: App) -> None:
    """A Le Mans event survives a crash: the scene's race keeps a journal, and the menu's "Continue
    saved match" goes on from it (every action on disk as it happens: tests/session/test_race_flow.py)."""
    m = race("le_mans", "le_mans", [PlayerSpec(t.name, "racer", drivers=t.drivers) for t in TEAMS], seed=2)
    scene = open_scene(app, m)
    for _ in range(600):
        app.step(0.05)
        if len(m.log.entries) >= 13:
            break
    assert scene.save_path is not None and m.journal is not None
    path = scene.save_path
    assert path is not None
    app.pop()  # as good as a crash: nothing more is written on the way out
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.load(path)
    again = app.scene
    assert isinstance(again, RaceScene) and again.match.journal is not None
    assert again.state.cars == m.state.cars
    n = len(again.match.log.entries)
    for _ in range(200):
        app.step(0.05)
        if len(again.match.log.entries) > n:
            break
    assert len(load_match(path).log.entries) == len(again.match.log.entries) > n


def test_leaving_asks_and_keeps_the_race(app: App) -> None:
    m = race("babybile", "babybane", seed=6)
    scene = open_scene(app, m)
    wait_for(app, scene, MOVE, turns=1)
    key(pygame.K_ESCAPE)
    app.step(0.05)
    assert app.scene is scene and scene.modal is not None
    key(pygame.K_RETURN)  # the first button: Leave
    app.step(0.05)
    assert isinstance(app.scene, MenuScene)
    from game.store.saves import autosave_path

    assert load_match(autosave_path("racerbile")).log.entries[-1].action == m.log.entries[-1].action


def test_the_final_standings_show_at_the_end(app: App) -> None:
    """racerbile.turn: the first car over the line after the last lap wins."""
    from game.racerbile.bots import make_race_bot
    from game.session import INSTANT, Bot
    from game.session.race import RaceSession

    m = race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9, laps=1)
    RaceSession(m, [Bot(p.name, "racer", make_race_bot("racer").act) for p in m.players], INSTANT).play_out()
    assert m.state.is_terminal()
    scene = open_scene(app, m)
    for _ in range(80):
        app.step(0.05)
    final = scene.modal
    assert isinstance(final, RaceFinal)
    winner = m.state.players[m.state.standings()[0]]
    assert final.lines[0].startswith(f"1.  {winner}") and winner in final.hint


def test_the_winner_is_called_out_once_when_the_race_is_decided(app: App) -> None:
    """racerbile.turn: the entry that decides the race calls out its winner – the state says the race
    was decided (its `winner`), not the ruling's words."""
    players = [PlayerSpec("Anna", "racer"), PlayerSpec("Bernd", "racer")]
    whole = race("babybile", "babybane", players, seed=9, laps=1)
    bots_play_out(whole)
    m = race("babybile", "babybane", players, seed=9, laps=1)
    bots_play_out(m, len(whole.log.entries) - 2)
    assert not m.state.is_terminal()
    scene = open_scene(app, m)
    for _ in range(600):
        app.step(0.05)
        if m.state.is_terminal() and not scene.busy() and not scene.banners.queue:
            break
    winner = m.state.players[m.state.standings()[0]]
    assert m.state.is_terminal() and scene.banners.shown.count(f"{winner} wins!") == 1, scene.banners.shown


def bots_play_out(m: Match, limit: int = 1_000_000) -> None:
    from game.racerbile.bots import make_race_bot
    from game.session import INSTANT, Bot
    from game.session.race import RaceSession

    RaceSession(m, [Bot(p.name, "racer", make_race_bot("racer").act) for p in m.players], INSTANT).play_out(limit)


def test_the_help_overlay_lists_the_racerbile_rules(app: App) -> None:
    scene = open_scene(app, race("babybile", "babybane"))
    key(pygame.K_F1)
    app.step(0.05)
    assert scene.help is not None and "racerbile.clutch" in scene.help.rule_ids


# --- the panel and the caps ------------------------------------------------------------------


def test_standings_sum_a_teams_drivers() -> None:
    from game.racerbile.tracks import find_track

    track = find_track("le_mans").track
    st = RaceState.start(["Rød", "Blå"], R.SPEC.make("le_mans"), track=track, drivers=[("A", "B", "C"), ("D", "E", "F")]).state
    st = st.apply(Order((10.0, 12.0))).state
    rows = standing_rows(st)
    red = next(r for r in rows if r.name == "Rød")
    assert red.sips == sum(st.ledger[d].sips for d in ("A", "B", "C")) and red.driver == "A"
    assert initials(["Team A", "Team B", "Carla"]) == ["TA", "TB", "C"]


def test_caps_are_drawn_in_seat_colours_with_the_earlier_arrival_on_top(app: App) -> None:
    """racerbile.stack: two caps on a field – the earlier arrival lies on top."""
    scene = open_scene(app, race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd"), PlayerSpec("Carla")], seed=3))
    wait_for(app, scene, MOVE)
    caps = scene.caps()
    st = scene.state
    assert len(caps) == 3 and len({c.color for c in caps}) == 3
    arrivals = [st.cars[next(s for s in range(3) if scene.marks[s] == c.mark)].arrival for c in caps]
    assert arrivals == sorted(arrivals)


# --- the menu and the command line -----------------------------------------------------------


def test_the_menu_starts_a_racerbile_race(app: App) -> None:
    model = MenuModel(game="racerbile", players=[PlayerRow("Anna"), PlayerRow("Bernd", "stalin")])
    model.variants["racerbile"] = "racerbile"
    model.track = "stalinbanen"
    model.options["racerbile"]["finish_in_front"] = True
    model.coach = False
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.start()
    scene = app.scene
    assert isinstance(scene, RaceScene)
    assert scene.match.log.settings["track"] == "stalinbanen"
    assert scene.state.variant == "racerbile" and scene.state.profile["finish_in_front"] is True
    assert scene.match.players[1].kind == "stalin"
    assert not scene.coach_on  # the menu's coach switch


def test_the_menu_seats_le_mans_teams(app: App) -> None:
    model = MenuModel(game="racerbile")
    model.variants["racerbile"] = "le_mans"
    model.track = "le_mans"
    model.teams["racerbile"] = [TeamRow("Rød", ["Anna", "Bo", "Carl"]), TeamRow("Blå", ["Anna", "Emil", "Frida"], "racer")]
    menu = MenuScene(app, model)
    app.push(menu)
    assert not menu.start() and "Anna" in menu.message
    model.teams["racerbile"][1].drivers[0] = "Dorte"
    menu.rebuild()
    app.step(0.05)
    assert menu.start()
    scene = app.scene
    assert isinstance(scene, RaceScene) and scene.state.lemans
    assert scene.state.drivers == (("Anna", "Bo", "Carl"), ("Dorte", "Emil", "Frida"))


def test_the_menu_shows_racerbile_with_its_options(app: App) -> None:
    model = MenuModel(game="racerbile")
    menu = MenuScene(app, model)
    app.push(menu)
    app.step(0.05)
    assert menu.track_menu is not None and menu.option_widgets
    first = set(menu.option_widgets)
    assert menu.more_button is not None
    press(menu.more_button)
    app.step(0.05)
    assert set(menu.option_widgets) != first


def test_play_racerbile_runs_headless_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "race.png"
    rc = cli_main(
        ["play", "racerbile", "--track", "le_mans", "--variant", "le_mans", "--teams", "4", "--players", "Rød=Anna/Bo/Carl,Blå:racer", "--frames", "20", "--screenshot", str(out), "--seed", "1"]
    )
    assert rc == 0 and out.is_file() and out.stat().st_size > 10_000


def test_play_racerbile_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["play", "racerbile", "--track", "nowhere", "--frames", "1"]) == 2
    assert "--track" in capsys.readouterr().err
    assert cli_main(["play", "racerbile", "--teams", "3", "--frames", "1"]) == 2
    assert "Le Mans" in capsys.readouterr().err
    assert cli_main(["play", "racerbile", "--players", "Anna:turbo", "--frames", "1"]) == 2
    assert "careful" in capsys.readouterr().err


@pytest.mark.parametrize("code", ["en", "de", "da"])
def test_the_final_dialogs_buttons_hold_their_words_at_the_smallest_window(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """racerbile.turn, the end of a race at 960×640: "Neues Rennen (N)" and every other button of the
    final dialog show their whole words, side by side, inside the dialog."""
    from game.i18n import set_language
    from game.racerbile.bots import make_race_bot
    from game.session import INSTANT, Bot
    from game.session.race import RaceSession
    from game.ui.common.app import App

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    m = race("babybile", "babybane", [PlayerSpec("Anna"), PlayerSpec("Bernd")], seed=9, laps=1)
    RaceSession(m, [Bot(p.name, "racer", make_race_bot("racer").act) for p in m.players], INSTANT).play_out()
    set_language(code)
    small = App((960, 640))
    try:
        scene = open_scene(small, m)
        for _ in range(80):
            small.step(0.05)
        final = scene.modal
        assert isinstance(final, RaceFinal)
        buttons = [b for b in (final.new_button, final.menu_button, final.close_button, final.replay_button, final.save_as_button) if b is not None]
        assert len(buttons) == 5
        inside = final.panel.get_container().get_rect()
        for i, b in enumerate(buttons):
            assert small.fonts.width(b.text, 16, "bold") + 12 <= b.rect.w, b.text
            assert inside.contains(b.rect), b.text
            assert not any(b.rect.colliderect(o.rect) for o in buttons[i + 1:]), b.text
        assert small.screen.get_rect().contains(final.rect)
    finally:
        small.close()
        set_language("en")
