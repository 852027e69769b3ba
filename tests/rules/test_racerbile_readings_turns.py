"""Issue 13, the turn flow and Le Mans: the decided readings of the digest (racerbile.md, Decisions)
driven through the record notation and the public actions – the driver change before the turn,
`upside_down_redo`, the fourth nøl, leaving the track, `finish_in_front`,
`off_track_return_costs_turn`, the refusal reasons, putting a team out, team size and track, the
42 field, Stalin in third gear, midway at Le Mans and the turn openings in the record JSON."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from game.cli import main
from game.errors import IllegalAction
from game.racerbile.actions import Judge, Name, parse_action
from game.racerbile.state import GEAR, NAME42, ROLL, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ruling import What
from tests.racerbile_helpers import Race, before, drive_text, field_of, of, pick, position, race, sips, third_gear, turn, words

if TYPE_CHECKING:
    from game.ui.common.app import App

TEAMS = {"Red": ("Ane", "Bent", "Carl"), "Blue": ("Dorte", "Erik", "Finn"), "Green": ("Gry", "Hans", "Ida")}


def lemans(*teams: str, **options: object) -> Race:
    names = teams or ("Red", "Blue")
    return race(*names, variant=R.LE_MANS, track="le_mans", drivers=[TEAMS[t] for t in names], **options)  # type: ignore[arg-type]




def off_the_track(r: Race) -> None:
    """Anna in third gear goes flat out off the track."""
    third_gear(r)
    r.play("dice 442")
    m = max((m for m in r.state.moves() if m.off_track), key=lambda m: len(m.path))
    r.play(drive_text(m.path))
    assert r.car("Anna").off


# --- item 3: the Le Mans driver change comes first ----------------------------------------


def test_racerbile_lemans_driver_change_before_the_front_last_sip() -> None:
    """racerbile.lemans.driver_change – Decision "Le Mans: who drinks the front/last sip when the
    driver changes": the change (and its whole beer outside the pit) comes first, announced before
    the turn; the incoming driver then drinks the front/last sip, the outgoing one nothing."""
    r = lemans()
    turn(r, "2")
    assert r.on_turn == "Blue"
    dorte = r.drunk("Dorte")
    out = r.play("driver Finn")
    assert [(x.who, x.rule, x.what) for x in out] == [
        ("Finn", "racerbile.lemans.driver_change", What.CALL),
        ("Finn", "racerbile.lemans.driver_change", What.BEER),
        ("Finn", "racerbile.turn", What.SIPS),
    ]
    assert words(out) == ["Finn kører nu", "Jeg drikker for at ligge bagerst"]
    assert r.drunk("Dorte") == dorte and r.drunk("Finn") == 11 + 1
    # a team that keeps its driver: the sip comes with the gear, to the driver at the wheel
    out = r.roll("2") + [x for x in r.play(drive_text(pick(r)))]
    assert r.on_turn == "Red"
    out = r.play("gear hold")
    assert [(x.who, x.rule, x.amount) for x in out if x.what is What.SIPS] == [("Ane", "racerbile.turn", 1)]


def test_racerbile_lemans_driver_change_in_the_shipped_record(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.driver_change – Decision "Le Mans: who drinks the front/last sip when the
    driver changes": in the shipped Le Mans record Eva takes over outside the pit, empties her beer
    and only then drinks Blå's last sip; Dan, who hands over, drinks no front/last sip."""
    path = Path(__file__).parent.parent / "records" / "racerbile_lemans_judges.yaml"
    assert main(["referee", str(path), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    eva = next(e for e in data["log"] if e["action"] == "driver Eva")["rulings"]
    assert [(x["who"], x["what"]) for x in eva] == [("Eva", "call"), ("Eva", "beer"), ("Eva", "sips")]
    assert not [x for x in data["rulings"] if x["who"] == "Dan" and x["rule"] == "racerbile.turn"]


# --- item 4: upside_down_redo ------------------------------------------------------------


def test_racerbile_option_upside_down_redo_opens_the_next_turn_once() -> None:
    """racerbile.option.upside_down_redo – Decision "`upside_down_redo`": only the mover's move is
    driven again; the next player's turn opens once (his front/last sip is not charged twice).
    The fault, called on the mover after his move, was made in his turn (not "outside his turn")."""
    r = race(upside_down_redo=True)
    turn(r, "2")
    turn(r, "2")
    r.roll("3")
    path = pick(r)
    out = r.play(drive_text(path))
    assert r.on_turn == "Bo"
    opening = sips(out, "Bo", "racerbile.turn")
    assert opening == 1
    bo = r.drunk("Bo")
    out = r.play("call racerbile.technical.upside_down Anna 3")
    fault = of(out, "racerbile.technical.upside_down", What.SIPS, "Anna")
    assert [x.amount for x in fault] == [3] and "outside his turn" not in fault[0].arithmetic
    assert of(out, "racerbile.option.upside_down_redo", What.NOTE) and r.on_turn == "Anna"
    out = r.play(drive_text(path))
    assert r.on_turn == "Bo"
    assert sips(out, "Bo") == 0 and r.drunk("Bo") == bo  # his turn opened once
    turn(r, "1")
    assert r.on_turn == "Anna"


# --- item 5: the fourth nøl ----------------------------------------------------------------


def test_racerbile_lemans_nol_fourth_rounds_up_to_one_beer() -> None:
    """racerbile.lemans.nol – Decision "Le Mans: the fourth nøl of a turn": the fourth nøl rounds
    the turn's nøl sips up to one whole beer – the three sips plus 8 more from an 11-sip beer – and
    the turn passes; `nol4_beer_on_top: true` gives a whole beer on top of the three sips."""
    r = lemans()
    had = r.drunk("Ane")
    r.play("call racerbile.general.noled Ane 3")
    out = r.play("call racerbile.general.noled Ane")
    four = of(out, "racerbile.lemans.nol", who="Ane")
    assert [(x.what, x.amount) for x in four] == [(What.SIPS, 8)]
    # the turn passed before Ane's team settled its driver: it opened first (the front sip)
    assert r.drunk("Ane") - had - sips(out, "Ane", "racerbile.turn") == 3 + 8 == 11 and r.on_turn == "Blue"
    r = lemans(nol4_beer_on_top=True)
    had = r.drunk("Ane")
    r.play("call racerbile.general.noled Ane 3")
    out = r.play("call racerbile.general.noled Ane")
    four = of(out, "racerbile.lemans.nol", who="Ane")
    assert [(x.what, x.amount) for x in four] == [(What.BEER, 1)] and "nol4_beer_on_top" in four[0].arithmetic
    assert r.drunk("Ane") - had - sips(out, "Ane", "racerbile.turn") == 3 + 11 and r.on_turn == "Blue"


# --- item 6: leaving the track ---------------------------------------------------------------


def test_racerbile_flat_out_forced_drop_costs_a_sip_per_gear() -> None:
    """racerbile.flat_out – Decision "Leaving the track: the forced drop to 1st gear": it costs a
    sip per gear dropped, 3rd → 1st = 2, on top of the sip per field not driven on the track."""
    r = race()
    third_gear(r)
    r.play("dice 442")
    m = max((m for m in r.state.moves() if m.off_track), key=lambda m: len(m.path))
    out = r.play(drive_text(m.path))
    flat = [(x.what, x.amount) for x in of(out, "racerbile.flat_out", who="Anna") if x.what is What.SIPS]
    assert flat == [(What.SIPS, m.short), (What.SIPS, 3 - 1)]
    assert "Jeg gearer ned til første gear" in words(out) and r.car("Anna").gear == 1


# --- item 8: finish_in_front ---------------------------------------------------------------


def test_racerbile_option_finish_in_front_on_every_turn_that_ends_in_front() -> None:
    """racerbile.option.finish_in_front – Decision "`finish_in_front`": charged at the end of every
    turn that ends in front – the winning move and lost turns (refuelling, reversing) included."""
    # a lost turn: refuelling (racerbile.option.out_of_fuel)
    r = race(finish_in_front=True, out_of_fuel=True, laps=5)
    for _ in range(8):
        if r.on_turn == "Anna":
            turn(r, "4")
        else:
            turn(r, "1")
        if r.state.turn is not None and r.on_turn == "Anna" and of(r.rulings[-3:], "racerbile.option.out_of_fuel"):
            break
    refuel = [x for x in r.rulings if x.rule == "racerbile.option.out_of_fuel" and x.what is What.LOST_TURN]
    assert refuel, "Anna ran out of fuel"
    i = r.rulings.index(refuel[0])
    after = r.rulings[i:]
    end = next(k for k, x in enumerate(after) if x.who == "Bo")
    assert of(after[:end], "racerbile.option.finish_in_front", What.SIPS, "Anna")
    # a lost turn: reversing (off_track_return_costs_turn)
    r = race(finish_in_front=True, off_track_return_costs_turn=True)
    off_the_track(r)
    out = turn(r, "2")  # Bo; Anna reverses, which is her whole turn
    assert r.on_turn == "Bo"
    mine = [x for x in out if x.who == "Anna"]
    assert of(mine, "racerbile.flat_out", What.NOTE) and of(mine, "racerbile.option.finish_in_front", What.SIPS)
    # the winning move
    r = race(finish_in_front=True, laps=1)
    for _ in range(80):
        out = turn(r, "4" if r.on_turn == "Anna" else "1")
        if r.state.is_terminal():
            break
    assert r.state.winner == r.seat("Anna")
    assert of(out, "racerbile.option.finish_in_front", What.SIPS, "Anna")


# --- item 9: off_track_return_costs_turn ---------------------------------------------------


def test_racerbile_flat_out_return_costs_turn_then_a_normal_turn() -> None:
    """racerbile.flat_out – Decision "`off_track_return_costs_turn`: which turn is 'the turn
    after'": the reversing turn; the next turn is a normal turn – an upshift is allowed and no
    "Jeg starter i første gear" is asked for."""
    r = race(off_track_return_costs_turn=True)
    off_the_track(r)
    turn(r, "2")  # Bo; Anna reverses (her turn)
    out = turn(r, "2")  # Bo again; Anna's next turn opens
    assert r.on_turn == "Anna" and r.state.phase == GEAR
    assert "Jeg starter i første gear" not in words(out)
    assert 1 in r.state.shifts()
    out = r.play("gear up")
    assert of(out, "racerbile.upshift", What.CALL) and r.car("Anna").gear == 2


# --- item 10: refusal reasons --------------------------------------------------------------


def _record(r: Race, actions: list[tuple[str | None, str]], order: str, extra: str) -> str:
    st = r.state
    track = find_track("le_mans" if st.lemans else "babybane").track
    players = [{"name": p, **({"drivers": list(d)} if st.lemans else {})} for p, d in zip(st.players, st.drivers)]
    lines = [
        "game: racerbile",
        f"track: {track.content_hash[:16]}",
        f"players: {json.dumps(players, ensure_ascii=False)}",
        f"profile: {json.dumps({'variant': st.variant, 'options': st.profile.to_dict()['options']})}",
        f"order: {order}",
        "turns:",
    ]
    for who, text in actions:
        lines.append(f"  - {json.dumps(f'{who}: {text}' if who else text, ensure_ascii=False)}")
    lines.append(f"  - {json.dumps(extra, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


class Rec:
    """A race whose actions are kept, to be written as a record."""

    def __init__(self, r: Race) -> None:
        self.r = r
        self.actions: list[tuple[str | None, str]] = []

    def play(self, *texts: str) -> None:
        for t in texts:
            who = None if t.split()[0] in ("call", "judge", "clock") else self.r.on_turn
            self.actions.append((who, t))
            self.r.play(t)

    def turn(self, dice: str, gear: str = "hold") -> None:
        if self.r.state.phase == GEAR:
            self.play(f"gear {gear}")
        self.play(f"dice {dice}")
        self.play(drive_text(pick(self.r)))


def _referee_error(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    f = tmp_path / "race.yaml"
    f.write_text(text, encoding="utf-8")
    assert main(["referee", str(f)]) == 2
    return capsys.readouterr().err


def test_racerbile_flat_out_upshift_refusal_cites_flat_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.flat_out – an upshift in the turn after leaving the track is refused citing the
    rule that forbids it (racerbile.flat_out), not "third gear is the highest" (racerbile.gears) for
    a car in first gear."""
    r = race()
    rec = Rec(r)
    rec.turn("2")
    rec.turn("2")
    rec.turn("11", gear="up")
    rec.turn("2")
    rec.play("gear up", "dice 442")
    m = max((m for m in r.state.moves() if m.off_track), key=lambda m: len(m.path))
    rec.play(drive_text(m.path))
    rec.turn("2")
    assert r.on_turn == "Anna"
    err = _referee_error(tmp_path, _record(r, rec.actions, "{rolls: {Anna: 6, Bo: 5}}", "Anna: gear up; dice 2"), capsys)
    assert "racerbile.flat_out" in err and "racerbile.gears" not in err and "third gear" not in err, err


def test_racerbile_field_downshift_upshift_refusal_cites_the_field() -> None:
    """racerbile.field.downshift – an upshift refused after landing on a downshift field cites
    racerbile.field.downshift (the rule that forbids it), never racerbile.gears."""
    r = lemans()
    c = r.course
    ds = field_of(c, Kind.DOWNSHIFT, after=10)
    position(r, {"Red": before(c, ds, 2), "Blue": before(c, ds, 8)})
    r.play("gear up")  # second gear
    out = r.play("dice 11")
    out = r.play(drive_text(pick(r, ds)))
    assert r.pos("Red") == ds and of(out, "racerbile.field.downshift")
    turn(r, "1")  # Blue
    assert r.on_turn == "Red" and r.state.phase == GEAR  # Le Mans: the driver may still change
    with pytest.raises(IllegalAction) as e:
        r.play("gear up")
    assert "racerbile.field.downshift" in str(e.value) and "racerbile.gears" not in str(e.value)


# --- item 13: putting a team out -----------------------------------------------------------


def test_racerbile_lemans_judges_put_a_team_out() -> None:
    """racerbile.lemans.judges – Decision "Le Mans: putting a team out": the judges put a team out
    with a reason (`judge out TEAM 'REASON'`); it drives no more and ranks behind every team still
    in, however far ahead it was."""
    a = parse_action("judge out Red 'vomited over the table'")
    assert a == Judge("out", "Red", "", "vomited over the table") and parse_action(str(a)) == a
    r = lemans("Red", "Blue", "Green", lemans_hours=1)
    turn(r, "4")
    turn(r, "1")
    turn(r, "1")
    assert r.state.standings()[0] == r.seat("Red")
    out = r.play("judge out Red 'vomited over the table'")
    assert [(x.rule, x.what) for x in out][0] == ("racerbile.lemans.judges", What.NOTE)
    assert "vomited over the table" in out[0].arithmetic and "Red" in out[0].arithmetic
    assert r.on_turn == "Blue"  # Red's turn was up: it passes
    assert r.state.standings()[-1] == r.seat("Red")
    for _ in range(4):
        turn(r, "1")
        assert r.on_turn != "Red"
    with pytest.raises(IllegalAction):
        r.play("judge out Red 'again'")
    r.play("judge out Green 'no driver to field'")
    with pytest.raises(IllegalAction):
        r.play("judge out Blue 'the last team'")
    r.play("clock 3600")
    while not r.state.is_terminal():
        turn(r, "1")
    assert r.state.winner == r.seat("Blue") and r.state.standings()[0] == r.seat("Blue")


# --- item 14: teams and track --------------------------------------------------------------


def test_racerbile_lemans_teams_of_three_on_a_track_with_a_pit_lane() -> None:
    """racerbile.lemans.teams – Decision "Le Mans: team size and track": teams of three by default,
    `lemans_drivers: N` (1–6) otherwise; any track with a pit lane, a clear error without one."""
    track = find_track("le_mans").track
    with pytest.raises(ValueError, match="3 drivers"):
        RaceState.start(["Red", "Blue"], R.SPEC.make(R.LE_MANS), track=track, drivers=[("A", "B"), ("C", "D")])
    st = RaceState.start(["Red", "Blue"], R.SPEC.make(R.LE_MANS, lemans_drivers=2), track=track, drivers=[("A", "B"), ("C", "D")]).state
    assert st.drivers == (("A", "B"), ("C", "D"))
    with pytest.raises(ValueError):
        R.SPEC.make(R.LE_MANS, lemans_drivers=7)
    with pytest.raises(ValueError, match="pit lane"):
        RaceState.start(["Red", "Blue"], R.SPEC.make(R.LE_MANS), track=find_track("babybane").track, drivers=[("A", "B", "C"), ("D", "E", "F")])
    assert main(["simulate", "racerbile", "--teams", "2", "--track", "babybane", "--hours", "1", "--seed", "1"]) == 2


def test_racerbile_lemans_teams_cli_fills_lemans_drivers(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.teams – Decision "Le Mans: team size and track": `simulate --teams` seats
    teams of `lemans_drivers` drivers."""
    from game.racerbile.command import race_players as _race_players

    teams = _race_players("Rød=Anna", True, 2, 4)
    assert [len(p.drivers) for p in teams] == [4, 4] and teams[0].drivers[0] == "Anna"


# --- item 15: the 42 field -----------------------------------------------------------------


def test_racerbile_lemans_field42_naming_nobody() -> None:
    """racerbile.lemans.field42 – Decision "Le Mans: the 42 field": the driver may name an
    opponent; naming nobody (`name -`) is allowed – nobody drinks along, and the turn passes."""
    assert parse_action("name -") == Name("") and str(Name("")) == "name -"
    r = lemans()
    c = r.course
    f42 = c.field42
    assert f42 is not None
    position(r, {"Red": before(c, f42, 1), "Blue": before(c, f42, 6)})
    turn(r, "1", to=f42)
    assert r.state.phase == NAME42 and "name -" in [str(a) for a in r.state.legal_actions()]
    dorte = r.drunk("Dorte")
    out = r.play("name -")
    assert not of(out, "racerbile.lemans.field42", What.SIPS) and of(out, "racerbile.lemans.field42", What.NOTE)
    assert r.on_turn == "Blue" and r.drunk("Dorte") == dorte + sips(out, "Dorte")


# --- item 16: Stalin in third gear, midway at Le Mans, openings in the record JSON --------


def test_racerbile_option_stalin_holds_in_third_gear() -> None:
    """racerbile.option.stalin – Decision "Stalin in 3rd gear": he holds; Stalin never shifts down
    by choice, so in third gear no gear is left to choose and the dice roll at once."""
    r = race(stalin=True)
    turn(r, "1")
    turn(r, "1")
    turn(r, "11", gear="up")
    turn(r, "11", gear="up")
    turn(r, "211", gear="up")
    turn(r, "211", gear="up")
    assert r.on_turn == "Anna" and r.car("Anna").gear == 3 and not r.car("Anna").first_gear
    assert r.state.shifts() == [0]
    assert r.state.phase == ROLL and r.state.turn is not None and r.state.turn.gear == 3 and r.state.turn.pending == 3


def test_racerbile_field_midway_everybody_drinks_at_le_mans() -> None:
    """racerbile.field.midway – Decision "Le Mans: midway ('alle drikker')": every driver of every
    team drinks, not only the drivers at the wheel."""
    r = lemans()
    c = r.course
    assert c.midway is not None
    mid = next(h for h, p in sorted(c.progress.items(), key=lambda x: x[1]) if p == c.midway + 1 and h not in c.pit)
    position(r, {"Red": before(c, mid, 1), "Blue": before(c, mid, 6)})
    out = turn(r, "1", to=mid)
    drank = sorted(x.who for x in of(out, "racerbile.field.midway", What.SIPS))
    assert drank == sorted(TEAMS["Red"] + TEAMS["Blue"])
    assert "Midtvejsskål!" in words(out)


def test_racerbile_turn_opening_logged_under_the_turn_it_opens(capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.turn – in the record JSON a turn's opening rulings (the front/last sip, step 1)
    are logged under the turn they open, not under the previous player's drive."""
    path = Path(__file__).parent.parent / "records" / "racerbile_flat_out.yaml"
    assert main(["referee", str(path), "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    for e in data["log"]:
        if e["action"].startswith("drive "):
            assert not [x for x in e["rulings"] if x["rule"] == "racerbile.turn" and x["what"] == "sips" and x["who"] != e["who"]], e
    opens = [e for e in data["log"] if e["action"] == "turn opens"]
    assert opens and all(x["who"] == e["who"] for e in opens for x in e["rulings"] if x["rule"] == "racerbile.turn")
    assert [e["who"] for e in opens[:3]] == ["Ben", "Ann", "Cem"]


# --- the judges' console, the 42 field dialog and the menu ----------------------------------


def test_racerbile_lemans_judges_console_puts_a_team_out(app: App) -> None:
    """racerbile.lemans.judges – Decision "Le Mans: putting a team out": the judges' console has a
    button that puts the chosen team out, with the judges' reason, as `judge out TEAM 'REASON'`
    (what it does at the table: tests/session/test_race_flow.py)."""
    import pygame
    import pygame_gui

    from game.match import Match, PlayerSpec
    from game.ui.shell.menu import MenuScene
    from game.ui.race.race import RaceScene
    from game.ui.race.race_dialogs import JudgesConsole, TimeTrialDialog

    teams = [PlayerSpec("Rød", "human", drivers=("Anna", "Bo", "Carl")), PlayerSpec("Blå", "careful", drivers=("Dorte", "Emil", "Frida")),
             PlayerSpec("Gul", "careful", drivers=("Gustav", "Hanne", "Ib"))]
    m = Match("racerbile", teams, R.SPEC.make(R.LE_MANS), seed=2, track="le_mans")
    app.push(MenuScene(app))
    scene = RaceScene(app, m)
    app.push(scene)
    app.step(0.05)
    assert isinstance(scene.modal, TimeTrialDialog)
    scene.modal.go(roll=True)
    for _ in range(200):
        app.step(0.05)
        if not scene.busy():
            break
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_j, mod=0, unicode="", scancode=0))
    app.step(0.05)
    judges = scene.modal
    assert isinstance(judges, JudgesConsole)
    judges.reason_entry.set_text("vomited over the table")
    judges.team = "Gul"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=judges.out_button))
    app.step(0.05)
    last = [e for e in m.log.entries if not e.action.startswith("clock ")][-1]  # the event clock may log meanwhile
    assert parse_action(last.action) == Judge("out", "Gul", "", "vomited over the table")
    assert judges.message and "vomited over the table" in judges.message  # the console says it is done


def test_racerbile_lemans_field42_dialog_offers_nobody(app: App) -> None:
    """racerbile.lemans.field42 – Decision "Le Mans: the 42 field": the 42-field dialog offers
    "Name nobody" besides the opponents, and it sends `name -`."""
    from game.ui.race.race_dialogs import OpponentChooser

    r = lemans()
    c = r.course
    assert c.field42 is not None
    position(r, {"Red": before(c, c.field42, 1), "Blue": before(c, c.field42, 6)})
    turn(r, "1", to=c.field42)
    assert r.state.phase == NAME42
    sent: list[Any] = []
    def on_name(a: Any) -> None:
        sent.append(a)

    d = OpponentChooser(app.fonts, app.size, r.state, on_name)
    d.build()
    assert sorted(d.buttons.values()) == ["", "Dorte", "Erik", "Finn"]  # any opponent, at the wheel or not
    d.name("")
    assert sent == [Name("")]


def test_racerbile_lemans_teams_options_in_the_menu() -> None:
    """racerbile.lemans.teams, racerbile.lemans.nol – the options lemans_drivers (1–6, default 3)
    and nol4_beer_on_top (default off) are profile options with help texts in English, German and
    Danish, listed in the menu for Le Mans; the menu's teams get as many driver slots."""
    from game.i18n import set_language, _
    from game.ui.race.scene_info import LEMANS_ONLY
    from game.ui.shell.menu_model import MenuModel

    spec = {o.name: o for o in R.SPEC.options}
    assert spec["lemans_drivers"].default == 3 and spec["lemans_drivers"].choices == (1, 2, 3, 4, 5, 6)
    assert spec["nol4_beer_on_top"].default is False and spec["nol4_beer_on_top"].kind == "bool"
    assert {"lemans_drivers", "nol4_beer_on_top"} <= set(LEMANS_ONLY)
    for code in ("de", "da"):
        set_language(code)
        try:
            for name in ("lemans_drivers", "nol4_beer_on_top"):
                assert _(spec[name].help) != spec[name].help, (code, name)
        finally:
            set_language("en")
    m = MenuModel()
    m.game = "racerbile"
    m.variants["racerbile"] = "le_mans"
    m.track = "le_mans"
    m.options["racerbile"]["lemans_drivers"] = 2
    specs = m.player_specs()
    assert all(len(p.drivers) == 2 for p in specs)
    m.make_match(seed=1)
    m.track = "babybane"
    assert any("pit lane" in p for p in m.problems())
