"""Racerbile's optional rules and whole races: the options of the rulebook each driven through the public
actions, then random races that keep the rules' invariants and saved races that replay every ruling.
Every test names the rule ids it checks."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.errors import IllegalAction
from game.racerbile.actions import Call, Clock, parse_action
from game.racerbile.moves import Move
from game.racerbile.state import GEAR, MOVE, ROLL, RaceState
from game.racerbile.track import Kind
from game.rules import racerbile as R
from game.racerbile.tracks import find_track
from game.rules.ledger import Drink, Ledger
from game.rules.ruling import Ruling, What
from game.state import CHANCE
from game.store.matchfile import load_match, write_log
from tests.racerbile_helpers import (
    Race,
    drive_text,
    of,
    pick,
    race,
    sips,
    third_gear,
    turn,
)



# --- the optional rules --------------------------------------------------------------------


def test_two_wheels_fault_is_on_the_menu_only_with_the_option() -> None:
    """racerbile.option.two_wheels: the wrong number of wheels on 7–9 is a technical fault per field."""
    with pytest.raises(IllegalAction):
        race().play("call racerbile.option.two_wheels Anna")
    r = race(two_wheels=True)
    out = r.play("call racerbile.option.two_wheels Anna 2")
    assert sips(out, "Anna", "racerbile.option.two_wheels") == 2 and "technical" in out[0].arithmetic


def test_out_of_fuel_twelve_ahead_refuels_and_loses_the_turn() -> None:
    """racerbile.option.out_of_fuel: 12 or more fields ahead of the second at the start of his turn
    a player empties his beer, loses the turn and drinks a sip (a technical fault); he drives the
    next turn, in first gear ("Jeg starter i første gear")."""
    r = race(out_of_fuel=True)
    for _ in range(30):
        assert r.on_turn == "Anna"
        turn(r, "4")
        had, left = r.drunk("Anna"), r.beer_left("Anna")
        out = _crawl(r)  # Bo; then Anna's turn opens
        if of(out, "racerbile.option.out_of_fuel"):
            break
    fuel = of(out, "racerbile.option.out_of_fuel")
    assert fuel, "Anna gets 12 fields ahead"
    assert r.state.distance(r.seat("Anna")) - r.state.distance(r.seat("Bo")) >= 12
    assert [x.what for x in fuel] == [What.BEER_REST, What.LOST_TURN, What.SIPS]
    assert r.on_turn == "Bo"
    # each booked once: the front sip, the rest of the beer, the sip for running dry
    assert sips(out, "Anna", "racerbile.turn") == 1 and left > 1
    assert r.drunk("Anna") == had + left + 1 and r.beer_left("Anna") == 10
    out = _crawl(r)
    assert r.on_turn == "Anna" and not of(out, "racerbile.option.out_of_fuel", What.LOST_TURN)
    assert r.state.distance(r.seat("Anna")) - r.state.distance(r.seat("Bo")) >= 12
    opened = of(out, "racerbile.option.out_of_fuel", What.CALL, "Anna")
    assert [x.words for x in opened] == [("Jeg starter i første gear",)]
    assert r.state.phase == ROLL and r.state.turn is not None and r.state.turn.pending == 1


def test_stalin_always_shifts_up_takes_the_blocking_field_and_leaves_the_track() -> None:
    """racerbile.option.stalin: Stalin shifts up whenever he may, lands on a blocking field when
    he can reach one, and leaves the track whenever he can."""
    r = race(stalin=True)
    c = r.course
    turn(r, "2")
    turn(r, "2")
    assert r.state.legal_actions() == [parse_action("gear up")]
    with pytest.raises(IllegalAction):
        r.play("gear hold")
    seen = {"block": 0, "off": 0}
    for i in range(40):
        if r.state.is_terminal():
            break
        if r.state.phase == GEAR:
            r.play("gear up" if 1 in r.state.shifts() else "gear hold")
        pending = r.state.turn.pending if r.state.turn else 0
        r.play("dice " + ("442" if pending == 3 and i % 4 == 0 else "2" * pending))
        free = _free_moves(r)
        moves = list(r.state.moves())
        if any(m.off_track for m in free):
            seen["off"] += 1
            assert all(m.off_track for m in moves)
        elif any(m.path and c.kinds[m.end] is Kind.BLOCKING for m in free):
            seen["block"] += 1
            assert all(c.kinds[m.end] is Kind.BLOCKING for m in moves)
            wrong = next(m for m in free if c.kinds[m.end] is not Kind.BLOCKING)
            with pytest.raises(IllegalAction):
                r.play(drive_text(wrong.path))
        else:
            assert len(moves) == len(free)
        r.play(drive_text(moves[0].path))
    assert seen["block"] and seen["off"]


def test_upside_down_redo_pays_and_drives_again() -> None:
    """racerbile.option.upside_down_redo: a move driven upside down is paid for (a sip per field)
    and then driven again from where it began, with the same roll."""
    r = race(upside_down_redo=True)
    start = r.pos("Anna")
    r.play("dice 4")
    m = next(m for m in r.state.moves() if len(m.path) == 2)
    first = r.play(drive_text(m.path))
    assert sips(first, "Anna", "racerbile.technical.fewer_fields") == 2
    had = r.drunk("Anna")
    out = r.play("call racerbile.technical.upside_down Anna 2")
    assert sips(out, "Anna", "racerbile.technical.upside_down") == 2
    assert of(out, "racerbile.option.upside_down_redo", What.NOTE, "Anna")
    assert r.on_turn == "Anna" and r.state.phase == MOVE and r.pos("Anna") == start
    assert r.state.turn is not None and r.state.turn.roll == 4
    assert r.drunk("Anna") == had + 2  # the first drive's sips stay paid
    out = r.play(drive_text(pick(r)))
    assert r.on_turn == "Bo"
    plain = race()
    plain.play("dice 4")
    plain.play(drive_text(m.path))
    out = plain.play("call racerbile.technical.upside_down Anna 2")
    assert not of(out, "racerbile.option.upside_down_redo") and plain.on_turn == "Bo"


def test_triple_clutch_full_beer_option() -> None:
    """racerbile.option.triple_clutch_full_beer: a triple clutch fault costs a whole beer."""
    r = race(triple_clutch_full_beer=True)
    third_gear(r)
    had = r.drunk("Anna")
    out = r.play("dice 111")
    assert [(x.what, x.amount) for x in of(out, "racerbile.option.triple_clutch_full_beer")] == [(What.BEER, 1)]
    assert r.drunk("Anna") == had + 11
    assert r.state.turn is not None and r.state.turn.roll == 3


def test_smashed_gearbox_zero_moves_nothing_and_costs_a_beer() -> None:
    """racerbile.option.smashed_gearbox_zero: a triple clutch fault moves 0 fields and costs a whole beer."""
    r = race(smashed_gearbox_zero=True, drinks={"Anna": Drink.LIGHT_BEER})
    third_gear(r)
    had, where = r.drunk("Anna"), r.pos("Anna")
    out = r.play("dice 111")
    assert [(x.what, x.amount) for x in of(out, "racerbile.option.smashed_gearbox_zero")] == [(What.BEER, 1)]
    assert r.drunk("Anna") == had + 8  # a light beer (racerbile.beer)
    assert [m.path for m in r.state.moves()] == [()]
    out = r.play("drive -")
    assert r.pos("Anna") == where and sips(out, "Anna") == 0


def test_off_track_full_beer_option() -> None:
    """racerbile.option.off_track_full_beer: leaving the track costs a whole beer on top."""
    r = race(off_track_full_beer=True)
    third_gear(r)
    r.play("dice 442")
    m = max((m for m in r.state.moves() if m.off_track), key=lambda m: len(m.path))
    out = r.play(drive_text(m.path))
    assert [(x.what, x.amount) for x in of(out, "racerbile.option.off_track_full_beer", who="Anna")] == [(What.BEER, 1)]
    assert sips(out, "Anna", "racerbile.flat_out") == m.short + 2  # and the drop 3rd → 1st


def test_finish_in_front_option() -> None:
    """racerbile.option.finish_in_front: a sip for ending the turn in front ("Jeg drikker for at slutte forrest")."""
    r = race(finish_in_front=True)
    out = turn(r, "4")
    end = of(out, "racerbile.option.finish_in_front", What.SIPS, "Anna")
    assert [(x.amount, x.words) for x in end] == [(1, ("Jeg drikker for at slutte forrest",))]
    out = turn(r, "1")
    assert not of(out, "racerbile.option.finish_in_front", who="Bo")
    assert not of(turn(race(), "4"), "racerbile.option.finish_in_front")


def _crawl(r: Race) -> list[Ruling]:
    """The seat on turn rolls a 1 and drives the field that gains least."""
    out = r.roll("1")
    m = min(r.state.moves(), key=lambda m: (r.course.progress[m.end] - r.course.progress[m.start]) % r.course.lap)
    return out + r.play(drive_text(m.path))


def _free_moves(r: Race) -> list[Move]:
    from game.racerbile.moves import legal_moves

    st = r.state
    t = st.turn
    assert t is not None
    car = st.cars[t.seat]
    return list(legal_moves(st.course, car.pos, car.facing if st.facing_rule else None, t.roll, st.board_for(t.seat), gear=t.gear, facing_rule=st.facing_rule))


# --- whole races ---------------------------------------------------------------------------


def _invariants(st: RaceState, ledger: Ledger) -> None:
    if st.phase in ("order", "start_roll"):
        return
    c = st.course
    count: dict[object, int] = {}
    for car in st.cars:
        assert car.pos in c.progress, "every cap lies on the track (a car off it waits where it left)"
        if not car.off:  # a car off the track occupies no field (Decisions: a car off the track)
            count[car.pos] = count.get(car.pos, 0) + 1
    assert max(count.values(), default=0) <= 2, "racerbile.stack: at most two caps a field"
    for car in st.cars:
        if car.flipped:
            assert not car.off, "a flipped cap that flies off is flipped no more"
            assert c.kinds[car.pos] is Kind.BLOCKING and count[car.pos] == 1, "racerbile.field.blocking: a flipped cap is alone"
    assert ledger == st.ledger, "every ruling is booked once"


def _book(ledger: Ledger, rulings: tuple[Ruling, ...]) -> Ledger:
    return ledger.apply_all(r for r in rulings if r.what in (What.SIPS, What.BEER, What.BEER_REST))  # notes may name a team


@pytest.mark.parametrize(
    ("variant", "track", "options"),
    [
        (R.BABYBILE, "babybane", {}),
        (R.RACERBILE, "babybane", {"out_of_fuel": True, "finish_in_front": True}),
        (R.RACERBILE, "naaleoejet", {"upside_down_redo": True, "off_track_return_costs_turn": True}),
        (R.BABYBILE, "stalinbanen", {"stalin": True, "smashed_gearbox_zero": True}),
        (R.LE_MANS, "le_mans", {"lemans_hours": 1}),
    ],
)
def test_random_race_keeps_its_invariants(variant: str, track: str, options: dict[str, object]) -> None:
    """racerbile.stack, racerbile.field.blocking, racerbile.turn: a race of random legal actions and
    random table calls keeps at most two caps a field, no cap on a flipped cap's field, and books
    every ruling once; Babybile and a timed Le Mans end."""
    rng = random.Random(f"{variant}/{track}")
    players = ("Anna", "Bo", "Cy", "Dan")
    drivers = [[f"{p}{i}" for i in range(3)] for p in players] if variant == R.LE_MANS else None
    drinks = {"Bo": Drink.LIGHT_BEER, "Bo1": Drink.OTHER}
    step = RaceState.start(players, R.SPEC.make(variant, **options), track=find_track(track).track, drivers=drivers, drinks=drinks)
    st = step.state
    names = [d for ds in st.drivers for d in ds]
    ledger = _book(Ledger.new(names, drinks), step.rulings)
    for i in range(2500):
        if st.is_terminal():
            break
        if st.phase == "order":
            action = parse_action(rng.choice(["startroll", "times " + " ".join(str(rng.randint(5, 40)) for _ in players)]))
        elif st.current_player() == CHANCE:
            action = st.draw_chance(rng)
        elif rng.random() < 0.05:
            f = rng.choice(st.faults())
            action = Call(f.rule, rng.choice(names), rng.randint(1, 3) if f.unit else 1)
        else:
            action = rng.choice(st.legal_actions())
        step = st.apply(action)
        st = step.state
        ledger = _book(ledger, step.rulings)
        if variant == R.LE_MANS and i % 10 == 9:
            step = st.apply(Clock(60))
            st = step.state
            ledger = _book(ledger, step.rulings)
        _invariants(st, ledger)
    if variant in (R.BABYBILE, R.LE_MANS) and not options.get("stalin"):
        assert st.is_terminal()


def test_a_saved_race_replays_every_ruling(tmp_path: Path) -> None:
    """racerbile.turn: a saved Racerbile match replays to the same rulings and the same race."""
    from game.match import Match, PlayerSpec

    profile = R.SPEC.make(R.RACERBILE, finish_in_front=True, upside_down_redo=True)
    m = Match("racerbile", [PlayerSpec("Anna"), PlayerSpec("Bo", drink=Drink.LIGHT_BEER), PlayerSpec("Cy")], profile, seed=7, track="babybane")
    rng = random.Random(7)
    for _ in range(400):
        if m.state.is_terminal():
            break
        if m.resolve_chance() is not None:
            continue
        if rng.random() < 0.1:
            f = rng.choice(m.state.faults())
            m.apply(Call(f.rule, rng.choice(["Anna", "Bo", "Cy"]), 2 if f.unit else 1))
        else:
            m.apply(rng.choice(m.state.legal_actions()))
    path = tmp_path / "race.yaml"
    write_log(m.log, path)
    again = load_match(path)
    assert again.rulings() == m.rulings() and len(m.rulings()) > 100
    assert again.state.cars == m.state.cars and again.state.ledger == m.state.ledger
    assert again.state.turns == m.state.turns
