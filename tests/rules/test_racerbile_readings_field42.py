"""Le Mans readings of issue 27 – whom the 42 field may name and what he drinks, a delay call on the
team on turn, and where a record's "no pit lane" refusal points – driven through the action
notation and record files (shared/rules/racerbile.md, Decisions)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from game.cli import main
from game.errors import IllegalAction
from game.racerbile.actions import Name
from game.racerbile.state import GEAR, NAME42
from game.rules import racerbile as R
from game.rules.ruling import What
from tests.racerbile_helpers import Race, before, of, position, race, sips, turn

if TYPE_CHECKING:
    from game.ui.common.app import App

TEAMS = {"Red": ("Ane", "Bent", "Carl"), "Blue": ("Dorte", "Erik", "Finn"), "Green": ("Gry", "Hans", "Ida")}
RECORDS = Path(__file__).parent.parent / "records"
LEMANS = RECORDS / "racerbile_lemans_judges.yaml"


def lemans(*teams: str, **options: Any) -> Race:
    names = teams or ("Red", "Blue")
    return race(*names, variant=R.LE_MANS, track="le_mans", drivers=[TEAMS[t] for t in names], **options)


def on_the_edge_of_42(*teams: str, **options: Any) -> Race:
    """Red one field before the 42 field, Red on turn and its driver not settled yet."""
    r = lemans(*teams, **options)
    c = r.course
    assert c.field42 is not None
    position(r, {"Red": before(c, c.field42, 1)})
    assert r.on_turn == "Red" and r.state.phase == GEAR
    return r


def field42(r: Race) -> Any:
    f42 = r.course.field42
    assert f42 is not None
    return f42


# --- item 7: the 42 field names any opponent -------------------------------------------------


def test_lemans_field42_names_a_teammate_not_at_the_wheel() -> None:
    """racerbile.lemans.field42 (Decisions: whom the 42 field may name – any opponent, a driver at
    the wheel or a team-mate of his who is not driving, or nobody). Ane lands on 42 and names Erik,
    who is not at Blue's wheel: Erik drinks what Ane drank, Dorte (at the wheel) nothing for it.
    Her own team-mate is no opponent."""
    r = on_the_edge_of_42("Red", "Blue", "Green")
    turn(r, "1", to=field42(r))
    assert r.state.phase == NAME42
    # every driver of every other team, the one at the wheel first, then nobody
    assert [str(a) for a in r.state.legal_actions()] == [
        "name Dorte", "name Erik", "name Finn", "name Gry", "name Hans", "name Ida", "name -"]
    with pytest.raises(IllegalAction, match=r"Bent drives for Red, no opponent.*racerbile\.lemans\.field42"):
        r.play("name Bent")
    with pytest.raises(IllegalAction, match=r"any driver of another team, at the wheel or not"):
        r.play("name Nobody")
    owed = r.state.sips_this_turn("Ane")
    assert owed >= 1  # the clutch sip at least
    out = r.play("name Erik")
    assert [(x.who, x.amount) for x in of(out, "racerbile.lemans.field42", What.SIPS)] == [("Erik", owed)]
    assert sips(out, "Dorte", "racerbile.lemans.field42") == 0 and r.on_turn == "Blue"
    assert r.drunk("Erik") == owed  # Erik drank nothing before: only what Ane drank this turn


def test_lemans_field42_names_any_opponent_of_a_team_still_in() -> None:
    """racerbile.lemans.field42 × racerbile.lemans.judges: a team the judges put out races no
    more – none of its drivers can be named; a driver of a team still in can, at the wheel or not."""
    r = on_the_edge_of_42("Red", "Blue", "Green")
    turn(r, "1", to=field42(r))
    r.play("judge out Green 'vomited over the table'")
    assert [str(a) for a in r.state.legal_actions()] == ["name Dorte", "name Erik", "name Finn", "name -"]
    with pytest.raises(IllegalAction):
        r.play("name Hans")
    out = r.play("name Finn")
    assert of(out, "racerbile.lemans.field42", What.SIPS, "Finn")


def test_lemans_field42_dialog_lists_every_opponent(app: App) -> None:
    """racerbile.lemans.field42: the 42-field dialog lists every opponent team by team, its driver at
    the wheel first (the number keys name him), the team-mates beside him, and nobody."""
    import pygame

    from game.ui.race.race_dialogs import OpponentChooser

    r = on_the_edge_of_42("Red", "Blue", "Green")
    turn(r, "1", to=field42(r))
    sent: list[Any] = []

    def on_name(a: Any) -> None:
        sent.append(a)

    d = OpponentChooser(app.fonts, app.size, r.state, on_name)
    assert d.teams == [("Blue", ["Dorte", "Erik", "Finn"]), ("Green", ["Gry", "Hans", "Ida"])]
    assert sorted(d.buttons.values()) == ["", "Dorte", "Erik", "Finn", "Gry", "Hans", "Ida"]
    hans = next(b for b, who in d.buttons.items() if who == "Hans")
    import pygame_gui

    d.on_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=hans))
    assert sent == [Name("Hans")]
    d.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    assert sent[-1] == Name("Gry")  # key 2: the second team's driver at the wheel


# --- item 8: what the named opponent drinks --------------------------------------------------


def test_lemans_field42_named_opponent_drinks_the_turn_not_the_change_beer() -> None:
    """racerbile.lemans.field42 × racerbile.lemans.driver_change (Decisions: what the named opponent
    drinks – the driver's sips from the front/last sip to the end of his move, not a driver-change
    beer, drunk before the turn can start). Bent takes over outside the pit (a whole beer), drinks
    the front sip, rolls a 1 (clutch) onto 42 and names Erik: Erik drinks 2, not 13."""
    r = on_the_edge_of_42()
    assert r.pos("Red") not in r.course.pit
    out = r.play("driver Bent")
    assert of(out, "racerbile.lemans.driver_change", What.BEER, "Bent")
    front = sips(out, "Bent", "racerbile.turn")
    out += turn(r, "1", to=field42(r))
    clutch = sips(out, "Bent", "racerbile.clutch")
    assert (front, clutch) == (1, 1)
    assert r.state.sips_this_turn("Bent") == 11 + front + clutch  # the beer counts towards Bent's own cap
    out = r.play("name Erik")
    [named] = of(out, "racerbile.lemans.field42", What.SIPS)
    assert (named.who, named.amount) == ("Erik", front + clutch)
    assert r.drunk("Erik") == front + clutch


def test_lemans_field42_named_opponent_drinks_under_the_42_sip_cap() -> None:
    """racerbile.lemans.field42 × racerbile.lemans.cap42 × racerbile.lemans.driver_change: Bent's
    turn after his change beer is capped (42 in all); the named Dorte drinks the turn's sips without
    the beer – and she too drinks no more than 42 sips in this turn."""
    r = on_the_edge_of_42()
    r.play("driver Bent")  # 11 (the beer) + 1 (the front sip)
    out = r.play("judge sips Bent 40 'rolled the dice off the table'")
    assert [x.amount for x in out] == [42 - 12]  # capped
    out = r.play("judge sips Dorte 20 'spilt on the track'")
    turn(r, "1", to=field42(r))  # the clutch sip is capped to nothing
    assert r.state.sips_this_turn("Bent") == 42
    had = r.drunk("Dorte")
    out = r.play("name Dorte")
    [named] = of(out, "racerbile.lemans.field42", What.SIPS)
    # Bent's turn without the beer: 1 + 30 = 31; Dorte has drunk 20 this turn: 22 more at most
    assert named.who == "Dorte" and named.amount == 42 - 20 and "capped at 42" in named.arithmetic
    assert r.drunk("Dorte") == had + 22


def test_lemans_field42_change_in_the_pit_is_free_and_nothing_is_left_out() -> None:
    """racerbile.lemans.field42 × racerbile.lemans.pit: with no driver change the named opponent
    drinks the whole turn from the front/last sip on, as before."""
    r = on_the_edge_of_42()
    out = r.play("gear hold")
    out += turn(r, "1", to=field42(r))
    owed = sips(out, "Ane")
    assert owed == r.state.sips_this_turn("Ane") == 2
    out = r.play("name Finn")
    assert [(x.who, x.amount) for x in of(out, "racerbile.lemans.field42", What.SIPS)] == [("Finn", 2)]


# --- item 9: a delay call against the team on turn ------------------------------------------------


def test_lemans_delay_against_team_on_turn_refused_as_nol() -> None:
    """racerbile.lemans.delay, racerbile.lemans.nol (Decisions: "forsinkelse" – only an action
    outside one's own turn; a delay in one's own turn is a nøl): a delay called on the team on
    turn – on its driver or a team-mate, before or after its driver is settled, on the 42 field –
    is refused naming the nøl; the same call on a team not on turn costs a lap and the next turn."""
    r = on_the_edge_of_42()
    before_ = r.state
    for who in ("Ane", "Carl", "Red"):
        with pytest.raises(IllegalAction, match=r"Red is on turn: a delay in one's own turn is a nøl.*call racerbile\.general\.noled"):
            r.play(f"call racerbile.lemans.delay {who}")
    assert r.state is before_  # nothing ruled, nothing lost
    r.play("gear hold")
    with pytest.raises(IllegalAction, match="nøl"):
        r.play("call racerbile.lemans.delay Ane")
    turn(r, "1", to=field42(r))
    assert r.state.phase == NAME42  # still Red's turn
    with pytest.raises(IllegalAction, match="nøl"):
        r.play("call racerbile.lemans.delay Bent")
    laps = r.state.cars[r.seat("Blue")].lost_laps
    out = r.play("call racerbile.lemans.delay Erik")  # Blue is not on turn: a delay
    assert [(x.what, x.amount) for x in out] == [(What.LAPS, -1)]
    assert r.state.cars[r.seat("Blue")].lost_laps == laps + 1 and r.state.cars[r.seat("Blue")].skip == 1
    # the nøl the refusal points to is open on the team on turn
    out = r.play("call racerbile.general.noled Ane")
    assert sips(out, "Ane", "racerbile.general.noled") == 1


def test_lemans_delay_against_team_on_turn_refused_in_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.delay in a record: the call on Blå's driver while Blå is on turn is refused at
    its line, naming the nøl; called after Blå's turn it is ruled."""
    text = LEMANS.read_text(encoding="utf-8")
    bad = text.replace("  - Eva: driver Eva;", "  - call racerbile.lemans.delay Dan\n  - Eva: driver Eva;")
    f = tmp_path / "lm.yaml"
    f.write_text(bad, encoding="utf-8")
    assert main(["referee", str(f)]) == 2
    out, err = capsys.readouterr()
    line = next(i for i, t in enumerate(bad.splitlines(), start=1) if "lemans.delay" in t)
    assert out == "" and err.startswith(f"{f}:{line}:"), err
    assert "a delay in one's own turn is a nøl" in err and "racerbile.general.noled" in err, err
    lines = text.splitlines(keepends=True)
    eva = next(i for i, t in enumerate(lines) if t.startswith("  - Eva: driver Eva;"))
    good = "".join(lines[: eva + 1]) + "  - call racerbile.lemans.delay Dan\n"  # after Blå's turn: Røde on turn
    f.write_text(good, encoding="utf-8")
    assert main(["referee", str(f), "--json"]) == 0
    assert '"racerbile.lemans.delay"' in capsys.readouterr().out


# --- item 12: "Le Mans needs a track with a pit lane" points at track: ----------------------------


@pytest.mark.parametrize("profile", ["{variant: le_mans}", "lemans.yaml"])
def test_lemans_record_on_a_track_without_pit_lane_points_at_track(profile: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """racerbile.lemans.pit (Decisions: Le Mans on any track with a pit lane): a Le Mans record on
    Babybane is refused at its `track:` line – the track is at fault, not the teams – whether the
    variant is written in the record or comes from a profile file."""
    (tmp_path / "lemans.yaml").write_text("game: racerbile\nvariant: le_mans\n", encoding="utf-8")
    f = tmp_path / "r.yaml"
    f.write_text(
        "game: racerbile\n"
        "players:\n"
        "  - {name: Røde, drivers: [Ann, Bo, Cy]}\n"
        "  - {name: Blå, drivers: [Dan, Eva, Finn]}\n"
        f"profile: {profile}\n"
        "track: babybane\n"
        "order:\n"
        "  times: {Røde: 40, Blå: 44}\n",
        encoding="utf-8",
    )
    assert main(["referee", str(f)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith(f"{f}:6:1: Le Mans needs a track with a pit lane (racerbile.lemans.pit); Babybane has none"), err
