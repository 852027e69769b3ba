"""Le Mans (racerbile.lemans.*): teams of three on the Le Mans track, the judges, the pit, driver
changes, the 42 field and the 42-sip cap, the clock and the winner – driven through the actions."""
from __future__ import annotations

from typing import Any

import pytest

from game.errors import IllegalAction
from game.racerbile.moves import Board, legal_moves
from game.racerbile.state import GEAR, NAME42, OVER
from game.rules import racerbile as R
from game.rules.ledger import Drink
from game.rules.ruling import What
from tests.racerbile_helpers import Race, before, drive_text, of, position, race, sips, turn, words

TEAMS = {"Red": ("Ane", "Bent", "Carl"), "Blue": ("Dorte", "Erik", "Finn"), "Green": ("Gry", "Hans", "Ida")}


def lemans(*teams: str, **options: Any) -> Race:
    """A Le Mans event of the named teams (Red, Blue, Green) with the order settled by time trial."""
    names = teams or ("Red", "Blue")
    return race(*names, variant=R.LE_MANS, track="le_mans", drivers=[TEAMS[t] for t in names], **options)


def test_teams_of_three_drive_by_turns_and_drink_per_driver() -> None:
    """racerbile.lemans.teams: each seat is a team of three; the first driver takes the wheel and
    empties the time-trial beer; the ledger is kept per driver."""
    r = lemans()
    teams = of(r.rulings, "racerbile.lemans.teams", What.NOTE)
    assert [(x.who, x.amount) for x in teams] == [("Ane", 3), ("Dorte", 3)]
    assert {x.who for x in of(r.rulings, "racerbile.variant.racerbile", What.BEER)} == {"Ane", "Dorte"}
    assert r.state.ledger.players == TEAMS["Red"] + TEAMS["Blue"]
    assert r.state.driver(r.seat("Red")) == "Ane" and r.on_turn == "Red"
    # a Le Mans turn opens with the choice of driver as well as the gear
    assert r.state.phase == GEAR
    assert {str(a) for a in r.state.legal_actions()} == {"gear hold", "driver Bent", "driver Carl"}


def test_judges_hand_out_sips_take_laps_and_change_rules_with_a_reason() -> None:
    """racerbile.lemans.judges: the judges' console – penalty sips, laps taken, a rule changed
    during the event; every decision is logged with the judges' reason."""
    r = lemans()
    out = r.play("judge sips Bent 3 'spilled on the track'")
    assert [(x.who, x.what, x.amount, x.rule) for x in out] == [("Bent", What.SIPS, 3, "racerbile.lemans.judges")]
    assert "spilled on the track" in out[0].arithmetic and r.drunk("Bent") == 3
    far = r.state.distance(r.seat("Blue"))
    out = r.play("judge laps Blue 2 'cut the chicane'")
    assert [(x.what, x.amount) for x in out] == [(What.LAPS, -2)] and "cut the chicane" in out[0].arithmetic
    assert r.state.distance(r.seat("Blue")) == far - 2 * r.course.lap
    out = r.play("judge rule finish_in_front true 'for the audience'")
    assert "for the audience" in out[0].arithmetic and r.state.profile["finish_in_front"] is True
    out = turn(r, "4")
    assert of(out, "racerbile.option.finish_in_front", What.SIPS, "Ane")
    with pytest.raises(IllegalAction):
        r.play("judge rule no_such_rule 1 'x'")
    with pytest.raises(IllegalAction):
        r.play("judge sips Nobody 1 'x'")
    with pytest.raises(IllegalAction):
        race().play("judge sips Anna 1 'no judges at a Babybile table'")


def test_measuring_glasses_have_a_mark_every_three_cl() -> None:
    """racerbile.lemans.glasses: a mark every 3 cl, 11 marks to a 33 cl beer."""
    assert R.sips_to_cl(1) == 3
    assert R.sips_to_cl(Drink.BEER.sips) == 33
    assert R.sips_to_cl(0) == 0


def test_no_turn_costs_more_than_42_sips() -> None:
    """racerbile.lemans.cap42: a player drinks at most 42 sips in a turn; the next turn counts afresh."""
    r = lemans()
    r.play("gear hold")  # Ane stays at the wheel: the turn opens (the driver is settled first)
    front = r.state.sips_this_turn("Ane")  # the front/last sip as the turn opened
    assert front == 1
    r.play("judge sips Ane 30 'a'")
    out = r.play("judge sips Ane 20 'b'")
    assert [(x.what, x.amount) for x in out] == [(What.SIPS, 42 - 30 - front)] and "capped at 42" in out[0].arithmetic
    out = r.play("call racerbile.lemans.dunlop Ane")
    assert [(x.what, x.amount) for x in out] == [(What.SIPS, 0)]
    opened = r.drunk("Ane")
    assert opened == 11 + 42  # the time trial came before the turn
    turn(r, "2")
    out = r.play("judge sips Ane 5 'c'")
    assert sips(out, "Ane") == 5
    with pytest.raises(IllegalAction):
        r.play("judge sips Ane x 'not a number'")


def test_the_42_field_names_an_opponent_who_drinks_the_same() -> None:
    """racerbile.lemans.field42: a car landing on the 42 field names an opponent – any driver of
    another team, at the wheel or not (Decisions) – who drinks what the lander drinks that turn."""
    r = lemans()
    c = r.course
    f42 = c.field42
    assert f42 is not None
    position(r, {"Red": before(c, f42, 1), "Blue": before(c, f42, 6)})
    out = turn(r, "1", to=f42)
    assert r.state.phase == NAME42 and r.pos("Red") == f42
    assert [str(a) for a in r.state.legal_actions()] == ["name Dorte", "name Erik", "name Finn", "name -"]  # or nobody
    owed = r.state.sips_this_turn("Ane")
    # with two teams one is in front and one last: the sip as the turn opened (once the driver is
    # settled, here by the gear), and the clutch sip
    assert sips(out, "Ane", "racerbile.turn") == 1
    assert owed == sips(out, "Ane") == 2
    with pytest.raises(IllegalAction):
        r.play("name Bent")
    had = r.drunk("Dorte")
    out = r.play("name Dorte")
    named = of(out, "racerbile.lemans.field42", What.SIPS)
    assert [(x.who, x.amount) for x in named] == [("Dorte", owed)]
    assert r.drunk("Dorte") >= had + owed and r.on_turn == "Blue"


def test_knocking_over_the_dunlop_bridge_costs_a_whole_beer() -> None:
    """racerbile.lemans.dunlop: a whole beer (11 sips; a light beer 8)."""
    r = race("Red", "Blue", variant=R.LE_MANS, track="le_mans", drivers=[TEAMS["Red"], TEAMS["Blue"]], drinks={"Erik": Drink.LIGHT_BEER})
    out = r.play("call racerbile.lemans.dunlop Bent")
    assert [(x.who, x.what, x.amount, x.rule) for x in out] == [("Bent", What.BEER, 1, "racerbile.lemans.dunlop")]
    assert r.drunk("Bent") == 11
    r.play("call racerbile.lemans.dunlop Erik")
    assert r.drunk("Erik") == 8


def test_vomiting_costs_five_laps() -> None:
    """racerbile.lemans.vomit: five laps off the team's count."""
    r = lemans()
    far = r.state.distance(r.seat("Blue"))
    out = r.play("call racerbile.lemans.vomit Erik")
    assert [(x.who, x.what, x.amount) for x in out] == [("Erik", What.LAPS, -5)]
    assert r.state.distance(r.seat("Blue")) == far - 5 * r.course.lap
    assert r.on_turn == "Red"


def test_pit_is_entered_in_first_gear_and_a_driver_change_there_is_free() -> None:
    """racerbile.lemans.pit: only a car in first gear drives into the pit lane; changing driver
    there costs nothing."""
    r = lemans()
    c = r.course
    r.play("gear hold", "dice 4")
    into = [m for m in r.state.moves() if m.end in c.pit]
    assert into, "the pit lane begins right after the start"
    start = r.pos("Red")
    r.play(drive_text(into[0].path))
    assert any(h in c.pit for roll in range(1, 5) for m in legal_moves(c, start, None, roll, Board(), gear=1, facing_rule=True) for h in m.path)
    for roll in range(2, 10):
        for gear in (2, 3):
            moves = legal_moves(c, start, None, roll, Board(), gear=gear, facing_rule=True)
            assert not any(h in c.pit for m in moves for h in m.path)
    turn(r, "2")
    assert r.on_turn == "Red" and r.pos("Red") in c.pit
    had = r.drunk("Bent")
    out = r.play("driver Bent")
    assert [(x.who, x.what, x.rule) for x in out if x.rule.startswith("racerbile.lemans")] == [("Bent", What.NOTE, "racerbile.lemans.pit")]
    # the change is free; then Bent, at the wheel now, drinks the front/last sip of the turn
    assert r.drunk("Bent") == had + sips(out, "Bent", "racerbile.turn") and r.state.driver(r.seat("Red")) == "Bent"


def test_driver_change_outside_the_pit_costs_the_new_driver_a_beer() -> None:
    """racerbile.lemans.driver_change: a change outside the pit is announced before the turn and
    the incoming driver empties a whole beer first; then he drives (and drinks) the turn."""
    r = lemans()
    turn(r, "2")
    assert r.on_turn == "Blue" and r.pos("Blue") not in r.course.pit
    out = r.play("driver Finn")
    change = of(out, "racerbile.lemans.driver_change")
    assert [(x.who, x.what) for x in change] == [("Finn", What.CALL), ("Finn", What.BEER)]
    # the change first, then the incoming driver drinks the last sip (Decisions)
    assert words(change) == ["Finn kører nu"] and sips(out, "Finn", "racerbile.turn") == 1 and r.drunk("Finn") == 11 + 1
    with pytest.raises(IllegalAction):
        r.play("driver Erik")
    out = r.roll("1")
    assert sips(out, "Finn", "racerbile.clutch") == 1 and r.state.driver(r.seat("Blue")) == "Finn"
    with pytest.raises(IllegalAction):
        race().play("driver Bo")


def test_the_fourth_nol_of_a_turn_is_a_whole_beer_and_the_turn_passes() -> None:
    """racerbile.lemans.nol: a team on turn can be nøl'ed three times (a sip each,
    racerbile.general.noled); the fourth is rounded up to a whole beer and the turn passes on."""
    r = lemans()
    had = r.drunk("Ane")
    out = r.play("call racerbile.general.noled Ane 2", "call racerbile.general.noled Ane")
    assert sips(out, "Ane", "racerbile.general.noled") == 3 and r.on_turn == "Red"
    out = r.play("call racerbile.general.noled Ane")
    # rounded up to one whole beer: the three sips and 8 more (Decisions: the fourth nøl)
    beer = of(out, "racerbile.lemans.nol", What.SIPS)
    assert [(x.who, x.amount) for x in beer] == [("Ane", 11 - 3)] and "Tre. To. En. Nøl." in words(beer)
    assert r.on_turn == "Blue"
    assert r.drunk("Ane") == had + 11 + sips(out, "Ane", "racerbile.turn")  # booked once (and the turn's front/last sip)
    # two at once past the third: the third is a sip, the fourth rounds up to the beer
    r2 = lemans()
    had = r2.drunk("Ane")
    r2.play("call racerbile.general.noled Ane 2")
    out = r2.play("call racerbile.general.noled Ane 2")
    assert sips(out, "Ane", "racerbile.general.noled") == 1 and of(out, "racerbile.lemans.nol", What.SIPS)
    assert r2.drunk("Ane") == had + 11 + sips(out, "Ane", "racerbile.turn") and r2.on_turn == "Blue"
    # a nøl on a team not on turn is an ordinary general fault
    out = r2.play("call racerbile.general.noled Ane 2")
    assert sips(out, "Ane", "racerbile.general.noled") == 2 and not of(out, "racerbile.lemans.nol")


def test_delaying_the_game_costs_the_next_turn_and_a_lap() -> None:
    """racerbile.lemans.delay: a delay out of turn loses the team its next turn and a lap."""
    r = lemans()
    far = r.state.distance(r.seat("Blue"))
    out = r.play("call racerbile.lemans.delay Dorte")
    assert [(x.what, x.amount) for x in out] == [(What.LAPS, -1)] and "next turn" in out[0].arithmetic
    assert r.state.distance(r.seat("Blue")) == far - r.course.lap
    out = turn(r, "2")
    lost = of(out, "racerbile.lemans.delay", What.LOST_TURN)
    assert [x.who for x in lost] == ["Dorte"] and r.on_turn == "Red"
    out = turn(r, "2")
    assert r.on_turn == "Blue" and not of(out, "racerbile.lemans.delay")


def test_the_last_round_is_called_when_the_time_is_up_and_ends_with_the_worst_time_trial() -> None:
    """racerbile.lemans.end: when the event's hours are up the last round of turns is called; the
    race ends once the team with the worst time trial (last in the order) has had its turn."""
    r = lemans("Red", "Blue", "Green", lemans_hours=2)
    turn(r, "2")
    assert r.on_turn == "Blue"
    assert r.play("clock 7199") == []
    out = r.play("clock 1")
    assert [(x.what, x.rule) for x in out] == [(What.CALL, "racerbile.lemans.end")] and words(out) == ["Sidste omgang!"]
    assert r.play("clock 600") == []  # called once
    turn(r, "2")
    assert r.on_turn == "Green" and not r.state.is_terminal()
    out = turn(r, "2")
    assert r.state.phase == OVER
    assert of(out, "racerbile.lemans.winner", What.NOTE)
    with pytest.raises(IllegalAction):
        race().play("clock 10")
    with pytest.raises(IllegalAction):
        lemans().play("clock -5")


def test_most_laps_win_then_the_position_on_the_track() -> None:
    """racerbile.lemans.winner: the team with most laps wins; on equal laps the one further on."""
    r = lemans("Red", "Blue", lemans_hours=1)
    turn(r, "4")
    turn(r, "1")
    assert r.state.distance(r.seat("Red")) > r.state.distance(r.seat("Blue"))
    assert r.car("Red").lap - r.car("Red").lost_laps == r.car("Blue").lap - r.car("Blue").lost_laps
    r.play("clock 3600")
    out = turn(r, "1") + turn(r, "1")
    assert r.state.is_terminal() and r.state.winner == r.seat("Red")
    won = of(out, "racerbile.lemans.winner")
    assert len(won) == 1 and won[0].who == r.state.driver(r.seat("Red")) and "Red wins" in won[0].arithmetic
    # a lap taken by the judges puts the team behind, wherever it is on the track
    r = lemans("Red", "Blue", lemans_hours=1)
    turn(r, "4")
    turn(r, "1")
    r.play("judge laps Red 1 'pushed a cap'", "clock 3600")
    turn(r, "1")
    turn(r, "1")
    assert r.state.is_terminal() and r.state.winner == r.seat("Blue")
    assert r.state.standings() == [r.seat("Blue"), r.seat("Red")] and r.state.returns() == (0.0, 1.0)
