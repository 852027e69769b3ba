"""Racerbile rules (Babybile, Racerbile and the optional rules), driven through the public actions
on the shipped tracks. Every test names the rule ids it checks; `racerbile_helpers` sets races up
and brings cars where a test needs them by playing ordinary turns with chosen dice."""
from __future__ import annotations

from itertools import pairwise

import pytest

from game.errors import IllegalAction
from game.hexgrid import DIRECTIONS
from game.racerbile.actions import parse_action
from game.racerbile.state import GEAR, MOVE, OVER, ROLL, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.catalog import rules_for
from game.rules.ledger import Drink
from game.rules.ruling import What
from game.state import CHANCE
from tests.racerbile_helpers import (
    Race,
    before,
    direction,
    drive_text,
    field_of,
    of,
    pick,
    position,
    race,
    sips,
    steps_to,
    third_gear,
    turn,
    words,
)

# --- penalties -----------------------------------------------------------------------------

# What each fault of the rulebook's lists costs: (what a count counts, sips per count).
TECHNICAL = {
    "racerbile.technical.clutch": ("die", 1),
    "racerbile.technical.wrong_cap": ("field", 1),
    "racerbile.technical.upside_down": ("field", 1),
    "racerbile.technical.own_cap_out_of_turn": ("", 1),
    "racerbile.technical.others_cap": ("", 1),
    "racerbile.technical.too_fast": ("die", 1),
    "racerbile.technical.die_dropped": ("die", 1),
    "racerbile.technical.die_moves_cap": ("cap", 1),
    "racerbile.technical.squeal": ("squeal", 1),
    "racerbile.technical.fewer_fields": ("field", 1),
    "racerbile.technical.wrong_dice_count": ("die", 1),
    "racerbile.technical.stacking_order": ("", 2),
    "racerbile.technical.wrong_branch": ("field", 1),
    "racerbile.technical.downshift": ("", 1),
    "racerbile.technical.self_nol": ("", 1),
    "racerbile.technical.crooked_die": ("die", 1),
    "racerbile.technical.die_on_object": ("die", 1),
    "racerbile.technical.roll_out_of_turn": ("", 1),
    "racerbile.technical.no_flip": ("", 1),
    "racerbile.technical.no_bonk": ("", 1),
}
GENERAL = {
    "racerbile.general.explain_rule": "",
    "racerbile.general.explain_wrong": "",
    "racerbile.general.no_upshift_call": "",
    "racerbile.general.no_downshift_call": "",
    "racerbile.general.no_front_last_call": "",
    "racerbile.general.no_front_last_sip": "",
    "racerbile.general.no_first_gear_call": "",
    "racerbile.general.no_squeal_call": "squeal",
    "racerbile.general.no_midway_call": "",
    "racerbile.general.no_midway_sip": "",
    "racerbile.general.strong_beer_excuse": "",
    "racerbile.general.overtaken": "",
    "racerbile.general.noled": "nøl",
}


@pytest.mark.parametrize("rule", sorted(TECHNICAL))
def test_every_technical_fault_called_costs_its_sips(rule: str) -> None:
    """racerbile.fault.technical (and racerbile.faults): a technical fault is one sip – per die,
    field or cap where the rulebook counts them, two for two caps stacked the wrong way round.
    The call names the rule and counts as a technical fault."""
    unit, each = TECHNICAL[rule]
    r = race()
    count = 3 if unit else 1
    before_sips = r.drunk("Anna")
    out = r.play(f"call {rule} Anna" + (f" {count}" if count != 1 else ""))
    assert [(x.who, x.what, x.amount, x.rule) for x in out] == [("Anna", What.SIPS, count * each, rule)]
    assert "technical fault" in out[0].arithmetic
    assert r.drunk("Anna") == before_sips + count * each
    if not unit:
        with pytest.raises(IllegalAction):
            r.play(f"call {rule} Anna 2")


@pytest.mark.parametrize("rule", sorted(GENERAL))
def test_every_general_fault_called_costs_a_sip(rule: str) -> None:
    """racerbile.fault.general (and racerbile.faults): a general fault is one sip (per squeal not
    called, per nøl)."""
    unit = GENERAL[rule]
    r = race()
    count = 2 if unit else 1
    out = r.play(f"call {rule} Bo" + (f" {count}" if count != 1 else ""))
    assert [(x.who, x.what, x.amount, x.rule) for x in out] == [("Bo", What.SIPS, count, rule)]
    assert "general fault" in out[0].arithmetic


def test_the_fault_menu_lists_every_fault_of_the_rulebook() -> None:
    """racerbile.faults: the "call a fault" menu holds every racerbile.technical.* and
    racerbile.general.* id of the rule catalogue; the Le Mans events and the two-wheels fault
    only where they apply."""
    ids = {t.id for t in rules_for("racerbile") if t.id.startswith(("racerbile.technical.", "racerbile.general."))}
    assert ids == set(TECHNICAL) | set(GENERAL)
    menu = {f.rule for f in race().state.faults()}
    assert ids <= menu
    assert "racerbile.lemans.dunlop" not in menu and "racerbile.option.two_wheels" not in menu
    lemans = {f.rule for f in race("A", "B", variant=R.LE_MANS, track="le_mans", lemans_drivers=1).state.faults()}
    assert {"racerbile.lemans.dunlop", "racerbile.lemans.vomit", "racerbile.lemans.delay"} <= lemans


def test_a_call_off_the_menu_is_refused() -> None:
    """racerbile.faults: only the menu's faults can be called, and only on someone at the table."""
    r = race()
    with pytest.raises(IllegalAction):
        r.play("call racerbile.lemans.dunlop Anna")
    with pytest.raises(IllegalAction):
        r.play("call racerbile.technical.clutch Nobody")
    with pytest.raises(IllegalAction):
        r.play("call racerbile.technical.clutch Anna 0")


def test_a_beer_is_eleven_sips_and_a_light_beer_eight() -> None:
    """racerbile.beer: the time trial empties a beer each – 11 sips of beer, 8 of a light beer."""
    r = race("Anna", "Bo", variant=R.RACERBILE, drinks={"Bo": Drink.LIGHT_BEER})
    trial = of(r.rulings, "racerbile.variant.racerbile", What.BEER)
    assert {(x.who, x.amount) for x in trial} == {("Anna", 1), ("Bo", 1)}
    # the front/last sip of the first turn comes on top of the trial
    front = sips(r.rulings, "Anna", "racerbile.turn")
    assert r.drunk("Anna") == 11 + front and r.drunk("Bo") == 8
    assert r.state.ledger["Anna"].beers == 1 and r.state.ledger["Bo"].beers == 1


def test_bunde_resten_empties_what_is_left_of_the_current_beer() -> None:
    """racerbile.beer: "bunde resten af sin øl" is what is left of the current beer (here by a
    triple clutch fault, racerbile.clutch)."""
    r = race()
    third_gear(r)
    r.play("call racerbile.general.explain_rule Anna 1")
    left = r.beer_left("Anna")
    had = r.drunk("Anna")
    assert 0 < left < 11
    out = r.play("dice 111")
    rest = of(out, "racerbile.clutch", What.BEER_REST)
    assert len(rest) == 1 and rest[0].who == "Anna"
    assert r.drunk("Anna") == had + left and r.beer_left("Anna") == 11


def test_a_fault_outside_ones_turn_is_drunk_at_once() -> None:
    """racerbile.outside_turn: a call on a player who is not on turn says so and is charged at once."""
    r = race()
    assert r.on_turn == "Anna"
    had = r.drunk("Bo")
    out = r.play("call racerbile.technical.roll_out_of_turn Bo")
    assert out[0].who == "Bo" and "outside his turn" in out[0].arithmetic and "racerbile.outside_turn" in out[0].arithmetic
    assert r.drunk("Bo") == had + 1
    # a clutch fault still counts on a roll out of turn
    out = r.play("call racerbile.technical.clutch Bo 2")
    assert sips(out, "Bo") == 2 and r.drunk("Bo") == had + 3
    own = r.play("call racerbile.technical.die_dropped Anna")
    assert "outside" not in own[0].arithmetic


def test_a_cap_on_its_edge_or_upside_down_is_a_technical_fault() -> None:
    """racerbile.caps: moving the cap on its edge is one technical fault, upside down one per field
    (racerbile.technical.upside_down)."""
    r = race()
    edge = r.play("call racerbile.caps Anna")
    assert [(x.who, x.what, x.amount, x.rule) for x in edge] == [("Anna", What.SIPS, 1, "racerbile.caps")]
    assert "technical" in edge[0].arithmetic
    flat = r.play("call racerbile.technical.upside_down Anna 3")
    assert sips(flat, "Anna", "racerbile.technical.upside_down") == 3


def test_noel_is_a_general_fault_and_noeling_oneself_a_technical_one() -> None:
    """racerbile.nol, racerbile.general.noled, racerbile.technical.self_nol: the table chants
    "Tre. To. En. Nøl." – each nøl a general fault for the staller; nøl-ing oneself is technical."""
    r = race()
    out = r.play("call racerbile.general.noled Bo 2")
    assert sips(out, "Bo", "racerbile.general.noled") == 2 and "general fault" in out[0].arithmetic
    assert words(out) == ["Tre. To. En. Nøl."]
    own = r.play("call racerbile.technical.self_nol Anna")
    assert sips(own, "Anna", "racerbile.technical.self_nol") == 1 and "technical fault" in own[0].arithmetic
    assert words(own) == ["Tre. To. En. Nøl."]


# --- the start, gears and dice --------------------------------------------------------------


def test_babybile_rolls_for_the_order_and_ties_roll_again() -> None:
    """racerbile.start: the highest roll starts; tied players roll again among themselves; the
    starting cap lies on the field next to the line, on top."""
    st = RaceState.start(("Anna", "Bo", "Cy"), R.SPEC.make(R.BABYBILE), track=find_track("babybane").track).state
    assert st.current_player() == CHANCE and len(st.chance_outcomes()) == 6
    r = Race(st)
    out = r.play("start 4", "start 4", "start 2")
    assert any("tie between Anna, Bo" in x.arithmetic for x in of(out, "racerbile.start"))
    assert r.state.current_player() == CHANCE  # Anna and Bo roll again; Cy is third already
    with pytest.raises(IllegalAction):
        r.play("gear up")
    out = r.play("start 1", "start 3")
    names = [r.state.players[s] for s in r.state.order]
    assert names == ["Bo", "Anna", "Cy"]
    assert r.on_turn == "Bo"
    assert r.pos("Bo") == r.course.start[0]
    assert r.state.front_last(r.seat("Bo")) == (True, False)
    assert r.state.ahead(r.seat("Bo"), r.seat("Anna"))  # Anna's cap lies underneath Bo's
    assert r.pos("Anna") == r.pos("Bo") and r.pos("Cy") in r.course.start


def test_first_turn_first_gear_one_die_no_gear_change() -> None:
    """racerbile.gears: everyone starts in first gear, rolling one die; no gear change in the first turn."""
    r = race()
    st = r.state
    assert st.phase == ROLL and st.turn is not None and st.turn.pending == 1
    assert all(len(a.faces) == 1 for a in st.legal_actions())  # type: ignore[union-attr]
    with pytest.raises(IllegalAction):
        r.play("gear up")
    with pytest.raises(IllegalAction):
        r.play("dice 42")
    assert all(c.gear == 1 for c in st.cars)
    turn(r, "3")
    assert r.on_turn == "Bo" and r.state.phase == ROLL  # Bo's first turn: no gear either


def test_upshift_is_announced_and_one_gear_a_turn() -> None:
    """racerbile.upshift: "Jeg gearer op til andet gear", at most one gear up per turn, then the
    dice of the new gear; "tredje" the turn after; no gear above the third."""
    r = race()
    turn(r, "2")
    turn(r, "2")
    assert r.state.phase == GEAR and parse_action("gear up") in r.state.legal_actions()
    out = r.play("gear up")
    assert [(x.what, x.rule) for x in out] == [(What.CALL, "racerbile.upshift")]
    assert words(out) == ["Jeg gearer op til andet gear"]
    assert r.state.turn is not None and r.state.turn.pending == 2
    with pytest.raises(IllegalAction):
        r.play("gear up")
    turn(r, "22")
    turn(r, "2")
    out = turn(r, "222", gear="up")
    assert words(of(out, "racerbile.upshift")) == ["Jeg gearer op til tredje gear"]
    turn(r, "2")
    assert r.car("Anna").gear == 3
    assert parse_action("gear up") not in r.state.legal_actions()
    with pytest.raises(IllegalAction):
        r.play("gear up")


def test_downshift_is_announced_and_a_technical_fault() -> None:
    """racerbile.downshift, racerbile.technical.downshift: a chosen downshift is announced ("Jeg
    gearer ned til første gear") and costs a technical fault; one gear a turn."""
    r = race()
    turn(r, "2")
    turn(r, "2")
    turn(r, "22", gear="up")
    turn(r, "2")
    out = r.play("gear down")
    assert words(out) == ["Jeg gearer ned til første gear"]
    assert sips(out, "Anna", "racerbile.technical.downshift") == 1
    assert r.state.turn is not None and r.state.turn.pending == 1 and r.car("Anna").gear == 1


def test_a_one_is_a_clutch_fault_sip() -> None:
    """racerbile.clutch (racerbile.technical.clutch): a sip for every 1 rolled – and a 1 still moves a field."""
    r = race()
    out = r.play("dice 1")
    assert sips(out, "Anna", "racerbile.clutch") == 1
    assert r.state.turn is not None and r.state.turn.roll == 1
    r.play(drive_text(pick(r)))
    turn(r, "2")
    turn(r, "22", gear="up")
    turn(r, "2")
    out = turn(r, "411", gear="up")
    assert sips(out, "Anna", "racerbile.clutch") == 2


def test_triple_clutch_empties_rest_of_beer_and_babybile_still_moves_three() -> None:
    """racerbile.clutch: three 1s in third gear smash the gearbox – instead of the sips the player
    empties the rest of his beer; in Babybile the car still drives the 3 fields (Decisions)."""
    r = race()
    third_gear(r)
    had, left = r.drunk("Anna"), r.beer_left("Anna")
    out = r.play("dice 111")
    assert sips(out, "Anna", "racerbile.clutch") == 0
    assert [(x.what, x.amount) for x in of(out, "racerbile.clutch")] == [(What.BEER_REST, 1)]
    assert r.drunk("Anna") == had + left and r.beer_left("Anna") == 11
    assert r.state.turn is not None and r.state.turn.roll == 3
    assert max(len(m.path) for m in r.state.moves()) == 3
    out = r.play(drive_text(pick(r)))
    assert r.car("Anna").gear == 3  # Babybile: no smashed-gearbox downshift (that is Racerbile)
    assert not of(out, "racerbile.variant.racerbile")


def test_the_third_five_or_six_is_a_fault_and_each_further_one() -> None:
    """racerbile.too_fast: 5s and 6s are rolled again; the third one in a turn is a technical
    fault, each further one another; the die counts what it finally shows."""
    r = race()
    assert r.play("dice 5") == [] and r.state.turn is not None and r.state.turn.pending == 1
    assert sips(r.play("dice 6"), "Anna") == 0
    third = r.play("dice 5")
    assert [(x.who, x.amount, x.rule) for x in third] == [("Anna", 1, "racerbile.too_fast")]
    fourth = r.play("dice 6")
    assert sips(fourth, "Anna", "racerbile.too_fast") == 1
    landed = r.play("dice 2")
    assert sips(landed, "Anna", "racerbile.too_fast") == 0
    assert r.state.phase == MOVE and r.state.turn is not None and r.state.turn.roll == 2
    assert R.too_fast_faults(0, 3) == 1 and R.too_fast_faults(3, 2) == 2


def test_reckless_driving_squeals_at_every_change_of_direction() -> None:
    """racerbile.reckless, racerbile.technical.squeal: on 7–9 every change of direction says "hvin"
    and is a technical fault; in Babybile the first step is no turn (Decisions)."""
    r = race()
    turn(r, "2")
    turn(r, "2")
    out = r.play("gear up", "dice 43")
    assert of(out, "racerbile.reckless", What.NOTE)
    moves = list(r.state.moves())
    for m in moves:
        dirs = [direction(a, b) for a, b in pairwise((m.start,) + m.path)]
        assert m.squeals == sum(1 for a, b in pairwise(dirs) if a != b)
    bendy = max(moves, key=lambda m: (m.squeals, len(m.path)))
    assert bendy.squeals >= 1
    out = r.play(drive_text(bendy.path))
    assert words(of(out, "racerbile.reckless", What.CALL)) == ["hvin"] * bendy.squeals
    assert sips(out, "Anna", "racerbile.technical.squeal") == bendy.squeals


def test_a_roll_of_six_or_less_never_squeals() -> None:
    """racerbile.reckless: only 7–9 squeal."""
    r = race()
    turn(r, "2")
    turn(r, "2")
    r.play("gear up", "dice 42")
    assert all(m.squeals == 0 for m in r.state.moves())


def test_flat_out_off_the_track_sips_first_gear_and_reversing_back() -> None:
    """racerbile.flat_out: on 10–12 the car goes straight; leaving the track costs a sip per field
    of the roll not driven on it, forces first gear ("Jeg gearer ned til første gear"), and next
    turn it reverses onto the field where it left and starts in first gear with no upshift."""
    r = race()
    third_gear(r)
    out = r.play("dice 442")
    assert of(out, "racerbile.flat_out", What.NOTE)
    moves = list(r.state.moves())
    for m in moves:  # no turning
        assert len({direction(a, b) for a, b in zip((m.start,) + m.path, m.path)}) <= 1
    off = [m for m in moves if m.off_track]
    assert off, "some way straight on leaves the track"
    m = max(off, key=lambda m: len(m.path))
    out = r.play(drive_text(m.path))
    # a sip per field not driven, and a sip per gear of the forced drop 3rd → 1st (Decisions)
    assert sips(out, "Anna", "racerbile.flat_out") == 10 - len(m.path) + 2 == m.short + 2
    assert "Jeg gearer ned til første gear" in words(out)
    assert not of(out, "racerbile.variant.racerbile")  # Babybile: no beer for it
    assert r.car("Anna").gear == 1 and r.car("Anna").off
    left_at = r.pos("Anna")
    assert left_at == (m.path[-1] if m.path else m.start)
    out = turn(r, "2")  # Bo; then Anna's turn opens
    assert of(out, "racerbile.flat_out", What.NOTE, "Anna")
    assert "Jeg starter i første gear" in words(out)
    assert r.on_turn == "Anna" and r.state.phase == ROLL and r.state.turn is not None and r.state.turn.pending == 1
    with pytest.raises(IllegalAction):
        r.play("gear up")
    assert r.pos("Anna") == left_at and not r.car("Anna").off
    turn(r, "3")
    assert r.course.progress[r.pos("Anna")] > r.course.progress[left_at] or r.car("Anna").lap > 0


def test_off_track_return_can_cost_the_turn() -> None:
    """racerbile.flat_out (option off_track_return_costs_turn): reversing back is the whole turn."""
    r = race(off_track_return_costs_turn=True)
    third_gear(r)
    r.play("dice 442")
    m = max((m for m in r.state.moves() if m.off_track), key=lambda m: len(m.path))
    r.play(drive_text(m.path))
    out = turn(r, "2")
    assert of(out, "racerbile.flat_out", What.NOTE, "Anna")
    assert r.on_turn == "Bo"  # Anna's turn went on reversing
    assert sips(out, "Anna", "racerbile.turn") == 1 and r.drunk("Anna") == sips(r.rulings, "Anna")  # booked once
    # the reversing turn was "the turn after"; the next one is a normal turn: upshift open, no
    # forced call (Decisions: off_track_return_costs_turn)
    out = turn(r, "2")
    assert r.on_turn == "Anna" and "Jeg starter i første gear" not in words(out)
    assert r.state.phase == GEAR and 1 in r.state.shifts()


# --- fields --------------------------------------------------------------------------------


def test_a_normal_field_has_no_rule() -> None:
    """racerbile.field.normal: landing on a normal field changes nothing (the gear stays)."""
    r = race()
    turn(r, "2")
    turn(r, "2")
    r.play("gear up", "dice 22")
    m = next(m for m in r.state.moves() if len(m.path) == 4 and r.course.kinds[m.end] is Kind.NORMAL)
    out = r.play(drive_text(m.path))
    assert not [x for x in out if x.rule.startswith("racerbile.field.")]
    assert r.car("Anna").gear == 2 and not r.car("Anna").flipped


def test_downshift_field_forces_first_gear_a_sip_per_gear() -> None:
    """racerbile.field.downshift: landing on it forces first gear, a sip per gear dropped (3rd → 1st
    is two); the next turn starts "Jeg starter i første gear" with no upshift."""
    r = race()
    c = r.course
    d = field_of(c, Kind.DOWNSHIFT, after=20)
    position(r, {"Anna": before(c, d, 7), "Bo": before(c, d, 9)})
    turn(r, "11", gear="up", toward=d)
    turn(r, "2")
    assert steps_to(c, d)[r.pos("Anna")] == 5
    out = turn(r, "311", gear="up", to=d)
    assert r.pos("Anna") == d
    assert sips(out, "Anna", "racerbile.field.downshift") == 2
    assert r.car("Anna").gear == 1
    out = turn(r, "2")
    assert "Jeg starter i første gear" in words(of(out, "racerbile.field.downshift", who="Anna"))
    assert r.on_turn == "Anna" and r.state.phase == ROLL and r.state.turn is not None and r.state.turn.pending == 1
    with pytest.raises(IllegalAction):
        r.play("gear up")


def test_blocking_field_flips_the_cap_and_the_next_car_bonks_it() -> None:
    """racerbile.field.blocking: landing on it flips the cap; nobody may pass through or land on
    the field; a car stopping right before it lifts the block (the bonk) and drinks a sip per
    field not moved."""
    r = race()
    c = r.course
    x = field_of(c, Kind.BLOCKING)
    position(r, {"Anna": before(c, x, 2), "Bo": before(c, x, 3)})
    out = turn(r, "2", to=x)
    assert r.pos("Anna") == x and r.car("Anna").flipped
    assert of(out, "racerbile.field.blocking", What.NOTE, "Anna")
    r.roll("4")
    moves = list(r.state.moves())
    assert all(x not in m.path for m in moves)
    stops = [m for m in moves if m.bonk == x]
    assert stops and all(any(n == x for n, _ in c.steps[m.end]) for m in stops)
    stop = max(stops, key=lambda m: len(m.path))
    out = r.play(drive_text(stop.path))
    assert sips(out, "Bo", "racerbile.field.blocking") == 4 - len(stop.path)
    bonk = [x_ for x_ in of(out, "racerbile.field.blocking", What.NOTE) if "bonks" in x_.arithmetic]
    assert len(bonk) == 1 and bonk[0].who == "Anna"
    assert not r.car("Anna").flipped


def test_midway_line_everybody_drinks() -> None:
    """racerbile.field.midway: a car that fully passes the midway line calls "Midtvejsskål!" and
    everybody drinks a sip; landing on the midway field is not yet past it."""
    r = race("Anna", "Bo", "Cy")
    c = r.course
    mid = field_of(c, Kind.MIDWAY)
    position(r, {"Anna": before(c, mid, 1), "Bo": before(c, mid, 4), "Cy": before(c, mid, 6)})
    out = turn(r, "1", to=mid)
    assert not of(out, "racerbile.field.midway")
    out = turn(r, "1") + turn(r, "1")  # Bo and Cy stay short of it
    assert not of(out, "racerbile.field.midway")
    had = {p: r.drunk(p) for p in ("Anna", "Bo", "Cy")}
    out = turn(r, "2")
    assert r.course.progress[r.pos("Anna")] > c.midway  # type: ignore[operator]
    assert "Midtvejsskål!" in words(of(out, "racerbile.field.midway", What.CALL, "Anna"))
    assert {x.who for x in of(out, "racerbile.field.midway", What.SIPS)} == {"Anna", "Bo", "Cy"}
    assert all(sips(out, p, "racerbile.field.midway") == 1 for p in ("Anna", "Bo", "Cy"))
    assert all(r.drunk(p) >= had[p] + 1 for p in had)


def test_split_first_car_picks_the_branch_for_everyone() -> None:
    """racerbile.split: the first car at a split picks the branch and everybody must take it;
    driving the other branch is refused, and the table can call it (racerbile.technical.wrong_branch,
    a sip per field)."""
    from game.racerbile.moves import Board, legal_moves

    r = race(track="naaleoejet")
    c = r.course
    fork = r.state.track.splits[0].fork
    position(r, {"Anna": fork, "Bo": before(c, fork, 1)})
    r.roll("4")
    into = [m for m in r.state.moves() if m.choice]
    assert into, "a roll of 4 from the fork reaches a branch"
    m = next(m for m in into if m.choice[0][1] == "genvejen")
    out = r.play(drive_text(m.path))
    note = of(out, "racerbile.split", What.NOTE, "Anna")
    assert len(note) == 1 and "genvejen" in note[0].arithmetic
    r.roll("4")
    branches = {c.branch_of[h] for m in r.state.moves() for h in m.path if h in c.branch_of}
    assert branches == {(0, "genvejen")}
    free = legal_moves(c, r.pos("Bo"), None, 4, Board())
    wrong = next(m for m in free if (0, "omvejen") in m.choice)
    with pytest.raises(IllegalAction):
        r.play(drive_text(wrong.path))
    out = r.play("call racerbile.technical.wrong_branch Bo 2")
    assert sips(out, "Bo", "racerbile.technical.wrong_branch") == 2


def test_an_arrow_is_the_only_way_through() -> None:
    """racerbile.arrow: a move through a field with an arrow leaves it the arrow's way."""
    r = race(track="naaleoejet")
    c = r.course
    (h, d), *_ = sorted(r.state.track.arrows.items(), key=lambda hd: c.progress[hd[0]])
    position(r, {"Anna": before(c, h, 2), "Bo": before(c, h, 5)})
    r.roll("4")
    through = [m for m in r.state.moves() if h in m.path[:-1]]
    assert through
    for m in through:
        i = m.path.index(h)
        assert m.path[i + 1] == h + DIRECTIONS[d]


def test_stack_newcomer_goes_underneath_and_overtakes_nobody() -> None:
    """racerbile.stack: the second cap on a field goes underneath the first; landing on an occupied
    field overtakes nobody; a field with two caps is blocked for cars from behind."""
    r = race("Anna", "Cy", "Bo")  # the order: Anna lands on Bo's field, then Cy comes
    c = r.course
    f = before(c, field_of(c, Kind.BLOCKING), 4)
    position(r, {"Anna": before(c, f, 3), "Bo": f, "Cy": before(c, f, 4)})
    assert r.state.ahead(r.seat("Bo"), r.seat("Anna"))
    out = turn(r, "3", to=f)
    assert r.pos("Anna") == f == r.pos("Bo")
    assert of(out, "racerbile.stack", What.NOTE, "Anna")
    assert not of(out, "racerbile.general.overtaken")
    assert r.state.ahead(r.seat("Bo"), r.seat("Anna")) and not r.state.ahead(r.seat("Anna"), r.seat("Bo"))
    r.roll("4")  # Cy, behind the full field
    moves = list(r.state.moves())
    assert moves and all(f not in m.path for m in moves)
    short = [m for m in moves if m.blocked and len(m.path) < 4 and any(n == f for n, _ in c.steps[m.end])]
    assert short
    stop = max(short, key=lambda m: len(m.path))
    out = r.play(drive_text(stop.path))
    assert sips(out, "Cy", "racerbile.stack") == 4 - len(stop.path)


def test_stacking_order_wrong_is_two_technical_faults() -> None:
    """racerbile.stack, racerbile.technical.stacking_order: two caps the wrong way round – two faults."""
    r = race()
    out = r.play("call racerbile.technical.stacking_order Bo")
    assert sips(out, "Bo", "racerbile.technical.stacking_order") == 2


def test_touching_another_cap_is_one_fault_or_two_by_option() -> None:
    """racerbile.touch: shifting another's cap and putting it back is one technical fault (two with
    touch_counts_twice); leaving it where it went is a general fault; a die that moves a cap is a
    fault per cap (racerbile.technical.die_moves_cap)."""
    r = race()
    out = r.play("call racerbile.technical.others_cap Bo")
    assert sips(out, "Bo", "racerbile.technical.others_cap") == 1
    left = r.play("call racerbile.touch Bo")
    assert sips(left, "Bo", "racerbile.touch") == 1 and "general fault" in left[0].arithmetic
    die = r.play("call racerbile.technical.die_moves_cap Anna 2")
    assert sips(die, "Anna", "racerbile.technical.die_moves_cap") == 2
    twice = race(touch_counts_twice=True).play("call racerbile.technical.others_cap Bo")
    assert sips(twice, "Bo", "racerbile.technical.others_cap") == 2


# --- a turn --------------------------------------------------------------------------------


def test_front_and_last_drink_at_the_start_of_their_turn() -> None:
    """racerbile.turn: the car in front and the car last drink a sip as their turn opens ("Jeg
    drikker for at ligge forrest/bagerst"); a car in the middle drinks nothing."""
    r = race("Anna", "Bo", "Cy")
    c = r.course
    goal = field_of(c, Kind.DOWNSHIFT)
    position(r, {"Anna": before(c, goal, 3), "Bo": before(c, goal, 5), "Cy": before(c, goal, 7)})
    opened = of(r.rulings[-2:], "racerbile.turn", What.SIPS, "Anna")
    assert [x.words for x in opened] == [("Jeg drikker for at ligge forrest",)]
    out = turn(r, "1")
    assert r.on_turn == "Bo" and not of(out, "racerbile.turn", who="Bo")
    out = turn(r, "1")
    assert r.on_turn == "Cy"
    assert [x.words for x in of(out, "racerbile.turn", What.SIPS, "Cy")] == [("Jeg drikker for at ligge bagerst",)]


def test_level_leaders_both_count_as_in_front() -> None:
    """racerbile.turn (Decisions: ties drink too): a car level with the leader drinks for the front."""
    r = race("Anna", "Bo", "Cy")
    c = r.course
    goal = field_of(c, Kind.DOWNSHIFT)
    a = before(c, goal, 3)
    twin = next(h for h in sorted(c.progress) if c.progress[h] == c.progress[a] and h != a and c.kinds[h] is Kind.NORMAL)
    position(r, {"Anna": a, "Bo": before(c, goal, 6), "Cy": twin})
    assert r.state.front_last(r.seat("Anna")) == (True, False) == r.state.front_last(r.seat("Cy"))
    opened = of(r.rulings[-2:], "racerbile.turn", What.SIPS, "Anna")
    assert [x.words for x in opened] == [("Jeg drikker for at ligge forrest",)]


def test_overtaking_costs_the_overtaken_a_sip() -> None:
    """racerbile.turn, racerbile.general.overtaken: a car that passes another makes it drink."""
    r = race()
    c = r.course
    x = field_of(c, Kind.DOWNSHIFT)
    position(r, {"Anna": before(c, x, 4), "Bo": before(c, x, 2)})
    out = turn(r, "4", toward=x)
    assert r.state.ahead(r.seat("Anna"), r.seat("Bo"))
    assert [(y.who, y.amount) for y in of(out, "racerbile.general.overtaken")] == [("Bo", 1)]


def test_driving_fewer_fields_costs_a_sip_each_and_one_field_is_a_must() -> None:
    """racerbile.turn, racerbile.technical.fewer_fields: stopping short is a sip per field not
    driven; at least one field must be driven unless the car is blocked."""
    r = race()
    r.play("dice 4")
    with pytest.raises(IllegalAction):
        r.play("drive -")
    m = next(m for m in r.state.moves() if len(m.path) == 2)
    out = r.play(drive_text(m.path))
    assert sips(out, "Anna", "racerbile.technical.fewer_fields") == 2


def test_no_turn_of_more_than_60_degrees_between_fields() -> None:
    """racerbile.turn: no turn of more than 60° from one field to the next – a path that bends
    sharper is refused, and no legal move has one."""
    from game.hexgrid import turn as bend

    r = race()
    c = r.course
    here = r.pos("Anna")
    sharp = next((n, m) for n, d1 in c.steps[here] for m, d2 in c.steps[n] if m != here and abs(bend(d1, d2)) > 1)
    r.play("dice 2")
    with pytest.raises(IllegalAction):
        r.play(drive_text(sharp))
    for m in r.state.moves():
        dirs = [direction(a, b) for a, b in pairwise((m.start,) + m.path)]
        assert all(abs(bend(a, b)) <= 1 for a, b in pairwise(dirs))
    assert any(len(m.path) == 2 for m in r.state.moves())


def test_split_choice_per_lap_option_lets_the_next_lap_choose_again() -> None:
    """racerbile.split (option split_choice_per_lap): the branch is chosen anew every lap; by
    default the first choice binds the whole race."""
    for per_lap in (False, True):
        r = race(track="naaleoejet", split_choice_per_lap=per_lap)
        c = r.course
        fork = r.state.track.splits[0].fork
        position(r, {"Anna": fork, "Bo": before(c, fork, 1)})
        r.roll("4")
        r.play(drive_text(next(m for m in r.state.moves() if (0, "genvejen") in m.choice).path))
        position(r, {"Anna": fork, "Bo": before(c, fork, 2)})
        assert r.car("Anna").lap == 1
        r.roll("4")
        chosen = {c.branch_of[h][1] for m in r.state.moves() for h in m.path if h in c.branch_of and c.branch_of[h][0] == 0}
        assert chosen == ({"genvejen", "omvejen"} if per_lap else {"genvejen"})


def test_laps_are_counted_and_the_race_ends_after_the_last() -> None:
    """racerbile.turn: crossing the line counts a lap; the first car over the line after the
    last lap wins and the race is over."""
    r = race(laps=1)
    laps = []
    while not r.state.is_terminal():
        out = turn(r, "4")
        laps += of(out, "racerbile.turn", What.LAPS)
    assert [(x.who, x.amount) for x in laps] == [("Anna", 1)]
    assert r.state.phase == OVER and r.state.winner == r.seat("Anna")
    assert r.car("Anna").lap == 1 and r.car("Bo").lap == 0
    assert r.state.standings()[0] == r.seat("Anna") and r.state.returns() == (1.0, 0.0)
    with pytest.raises(IllegalAction):
        r.play("dice 4")


# --- Racerbile -----------------------------------------------------------------------------


def test_time_trial_sets_the_order_and_costs_a_beer_each() -> None:
    """racerbile.variant.racerbile: every player empties a beer in the time trial; the fastest
    starts, then the next fastest; without times the order is rolled for (racerbile.start)."""
    track = find_track("babybane").track
    st = RaceState.start(("Anna", "Bo", "Cy"), R.SPEC.make(R.RACERBILE), track=track).state
    assert st.legal_actions() == [parse_action("startroll")]
    with pytest.raises(IllegalAction):
        st.apply(parse_action("times 30 20"))
    r = Race(st)
    out = r.play("times 30 20 25.5")
    beers = of(out, "racerbile.variant.racerbile", What.BEER)
    assert sorted((x.who, x.amount) for x in beers) == [("Anna", 1), ("Bo", 1), ("Cy", 1)]
    assert [r.state.players[s] for s in r.state.order] == ["Bo", "Cy", "Anna"]
    assert r.on_turn == "Bo" and r.pos("Bo") == r.course.start[0]
    rolled = Race(st).play("startroll")
    assert of(rolled, "racerbile.start") and st.apply(parse_action("startroll")).state.current_player() == CHANCE


def test_smashed_gearbox_means_first_gear_next_turn_and_a_sip_per_gear() -> None:
    """racerbile.variant.racerbile: three 1s smash the gearbox – the rest of the beer, and the next
    turn starts in first gear ("Jeg starter i første gear") with a sip per gear dropped (3rd → 1st: 2)."""
    r = race(variant=R.RACERBILE)
    third_gear(r)
    out = r.play("dice 111")
    assert of(out, "racerbile.clutch", What.BEER_REST, "Anna")
    assert r.state.turn is not None and r.state.turn.roll == 3
    out = r.play(drive_text(pick(r)))
    assert sips(out, "Anna", "racerbile.variant.racerbile") == 2
    assert r.car("Anna").gear == 1
    out = turn(r, "2")
    opened = of(out, "racerbile.variant.racerbile", What.CALL, "Anna")
    assert [x.words for x in opened] == [("Jeg starter i første gear",)]
    assert r.on_turn == "Anna" and r.state.phase == ROLL and r.state.turn is not None and r.state.turn.pending == 1


def test_leaving_the_track_costs_the_rest_of_the_beer() -> None:
    """racerbile.variant.racerbile, racerbile.flat_out: in Racerbile the car flies straight on the
    way it faces; leaving the track empties the rest of the beer on top of the sips per field."""
    r = race(variant=R.RACERBILE)
    third_gear(r)
    facing = r.car("Anna").facing
    r.play("dice 433")
    moves = list(r.state.moves())
    assert len(moves) == 1 and all(direction(a, b) == facing for a, b in zip((moves[0].start,) + moves[0].path, moves[0].path))
    m = moves[0]
    assert m.off_track, "straight on from the start straight leaves the track"
    had = r.drunk("Anna")
    out = r.play(drive_text(m.path))
    assert sips(out, "Anna", "racerbile.flat_out") == m.short + 2  # and the drop 3rd → 1st
    rest = of(out, "racerbile.variant.racerbile", What.BEER_REST, "Anna")
    assert len(rest) == 1
    assert r.beer_left("Anna") == 11 - 2 and 1 <= r.drunk("Anna") - had - m.short - 2 <= 11


def test_a_car_faces_the_way_it_last_moved() -> None:
    """racerbile.variant.racerbile (facing): after a move the car points the way of its last step;
    the next move turns at most 60° from it, and on 7–9 a first step that turns squeals."""
    r = race(variant=R.RACERBILE)
    turn(r, "2")
    assert r.car("Anna").facing is not None
    turn(r, "2")
    r.roll("43", gear="up")
    f = r.car("Anna").facing
    assert f is not None
    moves = list(r.state.moves())
    assert all(_turn60(f, direction(m.start, m.path[0])) for m in moves)
    for m in moves:
        dirs = [f] + [direction(a, b) for a, b in zip((m.start,) + m.path, m.path)]
        assert m.squeals == sum(1 for a, b in pairwise(dirs) if a != b)
        assert m.facing == dirs[-1]
    turning = [m for m in moves if direction(m.start, m.path[0]) != f]
    assert turning and all(m.squeals >= 1 for m in turning)
    pick_ = turning[0]
    r.play(drive_text(pick_.path))
    assert r.car("Anna").facing == direction(pick_.path[-2] if len(pick_.path) > 1 else pick_.start, pick_.path[-1])


def _turn60(a: int, b: int) -> bool:
    d = abs(a - b) % 6
    return min(d, 6 - d) <= 1
