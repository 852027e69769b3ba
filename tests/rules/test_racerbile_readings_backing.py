"""Backing onto the track after leaving it (racerbile.flat_out, racerbile.stack; Decisions: "Backing
onto the track … onto a field that already holds two caps" – the car comes back onto the nearest
field before it, back along the way, that has room: never a third cap on a field). Driven through
the public actions on the shipped tracks (`racerbile_helpers`)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.errors import IllegalAction
from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.course import back_onto
from game.racerbile.state import GEAR, ROLL, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ruling import What
from tests.racerbile_helpers import Race, before, drive_text, field_of, of, position, race, steps_to, turn

DICE = ("4", "3", "2", "1")


def fork(st: RaceState, *actions: str) -> Race:
    r = Race(st)
    r.play(*actions)
    return r


def caps(st: RaceState) -> Counter[Hex]:
    """Caps on every field (a car off the track lies on none)."""
    return Counter(c.pos for c in st.cars if not c.off and not c.out)


def land_on(r: Race, goal: Hex) -> None:
    """The seat on turn holds its gear and rolls the one die that lets it stop on `goal`."""
    mover = r.on_turn
    for d in DICE:
        try:
            f = fork(r.state, "gear hold", f"dice {d}") if r.state.phase == GEAR else fork(r.state, f"dice {d}")
        except IllegalAction:
            continue
        ms = sorted(f.state.moves().to(goal), key=lambda m: (m.sips, -len(m.path)))
        if ms:
            r.roll(d)
            r.play(drive_text(ms[0].path))
            assert r.pos(mover) == goal
            return
    raise AssertionError(f"{mover} cannot stop on {goal}")


def off_the_track(*players: str, **options: Any) -> tuple[Race, Hex]:
    """Babybile on Babybane: Anna (first in order) flies off the track in third gear; the field
    where she left it, and the others on turn in order after her."""
    r = race(*players, **options)
    others = len(players) - 1
    turn(r, "2")
    for _ in range(others):
        turn(r, "1")
    turn(r, "11", gear="up")
    for _ in range(others):
        turn(r, "1")
    r.play("gear up", "dice 442")
    off = min((m for m in r.state.moves() if m.off_track and m.path), key=lambda m: len(m.path))
    r.play(drive_text(off.path))
    assert r.car("Anna").off and r.pos("Anna") == off.end
    return r, off.end


def test_backing_onto_full_field_never_third_cap() -> None:
    """racerbile.flat_out × racerbile.stack: Anna left the track at L; Bo and Cem then stop on L. As
    her turn opens L holds two caps, so she backs onto the nearest field before it – one step back,
    of lower progress (not the lane beside L) – arriving there anew; then she rolls in first gear."""
    r, left = off_the_track("Anna", "Bo", "Cem")
    c = r.course
    land_on(r, left)
    land_on(r, left)
    assert r.pos("Bo") == r.pos("Cem") == left
    assert r.on_turn == "Anna"
    back = r.pos("Anna")
    assert back != left and not r.car("Anna").off
    assert back in [h for h, out in c.steps.items() if any(n == left for n, _ in out)]  # one step back along the way
    assert c.progress[back] < c.progress[left]
    assert max(caps(r.state).values()) <= 2 and caps(r.state)[left] == 2
    [note] = [x for x in of(r.rulings, "racerbile.flat_out", What.NOTE, "Anna") if "holds two caps" in x.arithmetic]
    assert f"{back.q},{back.r}" in note.arithmetic and f"{left.q},{left.r}" in note.arithmetic
    # the turn after leaving the track goes on as ever: first gear forced, the die rolls
    assert r.state.phase == ROLL and r.state.turn is not None and r.state.turn.gear == 1


def test_backing_onto_full_field_takes_the_nearest_with_room() -> None:
    """racerbile.flat_out × racerbile.stack: the field one step back is full too (Dan and Eve), so
    Anna backs onto the next nearest field before L with room – never a third cap anywhere."""
    r, left = off_the_track("Anna", "Bo", "Cem", "Dan", "Eve")
    c = r.course
    behind = min((h for h, out in c.steps.items() if any(n == left for n, _ in out) and c.progress[h] < c.progress[left]),
                 key=lambda h: (h.q, h.r))
    land_on(r, left)
    land_on(r, left)
    land_on(r, behind)
    land_on(r, behind)
    assert r.on_turn == "Anna"
    back = r.pos("Anna")
    assert back not in (left, behind) and c.progress[back] == c.progress[behind]  # as near as a field with room is
    assert max(caps(r.state).values()) <= 2


def test_backing_onto_full_field_with_off_track_return_costs_turn() -> None:
    """racerbile.flat_out × racerbile.option.off_track_return_costs_turn: reversing is the whole
    turn – onto the field before the full one, and the turn passes to Bo."""
    r, left = off_the_track("Anna", "Bo", "Cem", off_track_return_costs_turn=True)
    land_on(r, left)
    land_on(r, left)
    assert r.on_turn == "Bo"
    assert r.pos("Anna") != left and not r.car("Anna").off
    assert max(caps(r.state).values()) <= 2


def test_backing_onto_full_blocking_field_lands_before_it() -> None:
    """racerbile.flat_out × racerbile.field.blocking × racerbile.stack: Anna flips her cap on the
    blocking field X and flies off it; Bo lands on X alone and flips; Cem, stopping right before X,
    bonks Bo's cap (the block is lifted); Dan lands on X. X holds two caps: Anna backs onto the
    nearest field before it with room – Cem's – under Cem; nothing lies flipped."""
    r = race("Anna", "Bo", "Cem", "Dan", variant=R.RACERBILE)
    c = r.course
    x = field_of(c, Kind.BLOCKING)
    position(r, {"Anna": before(c, x, 10), "Bo": before(c, x, 5), "Cem": before(c, x, 6), "Dan": before(c, x, 7)})
    turn(r, "32", gear="up", toward=x)
    for _ in range(3):
        turn(r, "1")
    for total in range(3, 10):  # the roll in third gear that lands her on X facing off the track
        faces = [1, 1, 1]
        for i in range(total - 3):
            faces[i % 3] += 1
        step = fork(r.state, "gear up", "dice " + "".join(map(str, sorted(faces, reverse=True))))
        land = [m for m in step.state.moves().to(x) if m.facing is not None and (x + DIRECTIONS[m.facing], m.facing) not in c.steps[x]]
        if land:
            break
    else:
        raise AssertionError("no roll lands Anna on the blocking field facing off the track")
    r = step
    r.play(drive_text(land[0].path))
    assert r.car("Anna").flipped
    for _ in range(3):
        turn(r, "1")
    turn(r, "433")  # Anna: flat out, straight off the track at X
    assert r.car("Anna").off and r.pos("Anna") == x and not r.car("Anna").flipped
    turn(r, "3", to=x)  # Bo, alone on X: flips
    assert r.car("Bo").flipped
    r.roll("4")  # Cem would reach X: stops right before it and bonks Bo's cap
    bonk = next(m for m in r.state.moves() if m.bonk == x)
    r.play(drive_text(bonk.path))
    assert not r.car("Bo").flipped
    r.roll("32", gear="up")  # Dan onto X, now an ordinary occupied field
    r.play(drive_text(r.state.moves().to(x)[0].path))
    assert r.pos("Dan") == r.pos("Bo") == x
    assert r.on_turn == "Anna"
    assert r.pos("Anna") == r.pos("Cem") == bonk.end and not r.car("Anna").off
    assert r.state.ahead(r.seat("Cem"), r.seat("Anna"))  # Cem's cap on top: Anna arrives anew
    assert max(caps(r.state).values()) <= 2 and not any(car.flipped for car in r.state.cars)
    assert steps_to(c, x)[r.pos("Anna")] == 1


def test_backing_onto_full_field_over_the_line_takes_the_lap_back() -> None:
    """racerbile.flat_out: backing from the first field past the line onto one before it crosses
    the line backwards – the lap it counted is taken back (`back_onto` says so)."""
    c = find_track("babybane").track.course
    past = min((h for h in c.progress if c.progress[h] == 0), key=lambda h: (h.q, h.r))
    back, over = back_onto(c, past, None, frozenset({past}))
    assert over == 1 and c.progress[back] > c.progress[past] and c.crosses_line(back, past)
    assert back_onto(c, past, None, frozenset()) == (past, 0)  # room on its own field: no backing
