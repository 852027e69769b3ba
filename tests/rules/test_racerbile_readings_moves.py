"""Issue 13, the move search and blocking: the readings of the Racerbile Decisions on the pit
lane's direction, a car facing no forward field within 60°, a car off the track, who stands
"right before" a blocked field, and the refusal reasons of a drive. Driven through the public
actions (`racerbile_helpers`) on the shipped tracks; fields are found by kind and progress."""
from __future__ import annotations

from functools import cache
from typing import Callable

import pytest

from game.errors import IllegalAction
from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.actions import parse_action
from game.racerbile.course import Course
from game.racerbile.moves import Board, cornered, legal_moves
from game.racerbile.state import GEAR, MOVE, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ruling import Ruling, What
from tests.racerbile_helpers import Race, before, drive_text, field_of, of, position, race, sips, steps_to, turn, words


def turn60(a: int, b: int) -> int:
    """The turn between two directions in steps of 60° (0 … 3)."""
    t = (a - b) % 6
    return min(t, 6 - t)


def way(c: Course, a: Hex, b: Hex) -> int:
    (d,) = [d for n, d in c.steps[a] if n == b]
    return d


def ahead_of(c: Course, a: Hex, b: Hex) -> int:
    """How far `b` lies ahead of `a` along the course (round the line)."""
    return (c.progress[b] - c.progress[a]) % c.lap


def fork(st: RaceState, *actions: str) -> Race:
    """A copy of the race that plays on from `st` (the state is immutable: the original stays)."""
    r = Race(st)
    r.play(*actions)
    return r


def lemans_race() -> Race:
    return race("Red", "Blue", variant=R.LE_MANS, track="le_mans", drivers=[("Ane", "Bent", "Carl"), ("Dorte", "Erik", "Finn")])


# --- racerbile.lemans.pit: the pit lane is one way -------------------------------------------


def test_racerbile_lemans_pit_lane_is_one_way() -> None:
    """racerbile.lemans.pit (Decisions: "The pit lane's direction" – one way: entered only from its
    entry field into its first field, left only from its last field to the exit). A car on the
    track next to the pit lane's last field (same progress as the exit) may not step back into the
    lane – and so gets no free pit driver change there; nor may a car in the lane's first field
    step back out onto the entry."""
    t = find_track("le_mans").track
    assert t.pit is not None
    lane, entry, exit_ = t.pit.fields, t.pit.entry, t.pit.exit
    r = lemans_race()
    c = r.course
    # the exit and the lane's last field have the same progress: a lane change by the numbers
    assert c.progress[exit_] == c.progress[lane[-1]]
    # Red drives up the straight to two fields before a field from which a lane change leads onto
    # the exit (a car there faces the lane's last field within 60°)
    back = DIRECTIONS.index(lane[-1] - exit_)  # the way from the exit into the lane's last field
    side = next(h for h, out in sorted(c.steps.items()) if c.progress[h] < c.progress[exit_] and any(n == exit_ and turn60(d, back) <= 1 for n, d in out))
    position(r, {"Red": before(c, side, 2)})
    r.play("gear hold", "dice 4")
    backwards = (*[m for m in r.state.moves() if m.end == side][0].path, exit_, lane[-1])
    with pytest.raises(IllegalAction, match=r"pit lane is one way.*racerbile\.lemans\.pit"):
        r.play(drive_text(backwards))
    for m in r.state.moves():  # no legal move goes into the lane from the exit end
        assert lane[-1] not in m.path
    # nor out of it backwards: from the lane's first field every move goes along the lane
    for roll in range(1, 5):
        for m in legal_moves(c, lane[0], None, roll, Board(), gear=1, facing_rule=True):
            assert entry not in m.path and m.path[0] == lane[1]
    assert [n for n, _ in c.steps[entry] if n in c.pit] == [lane[0]]
    assert [n for n, _ in c.steps[lane[-1]]] == [exit_]


# --- racerbile.turn: a car facing no forward field within 60° -------------------------------


def reachable_corners(c: Course) -> list[tuple[Hex, int]]:
    """Every (field, facing) a car can be left in – the way of a step onto the field – with no
    forward field within 60° of the facing (a lane change into a bend)."""
    faced = {(n, d) for h in c.steps for n, d in c.steps[h]}
    return sorted((h, f) for h, f in faced if cornered(c, h, f))


def least_turn(c: Course, h: Hex, f: int, board: Board, gear: int) -> int:
    """The smallest turn (in 60° steps) from facing `f` to a forward field the course lets the car
    drive onto (the chosen branch of a split, the pit lane in first gear)."""
    def enterable(n: Hex) -> bool:
        if n in c.pit and h not in c.pit and gear != 1:
            return False
        b = c.branch_of.get(n)
        return b is None or board.branch(b[0]) in (None, b[1])
    ds = [d for n, d in c.steps[h] if enterable(n)] or [d for _, d in c.steps[h]]
    return min(turn60(d, f) for d in ds)


@cache
def lemans_course() -> Course:
    return find_track("le_mans").track.course


def test_racerbile_turn_cornered_car_never_turns_sharply_for_free_on_le_mans() -> None:
    """racerbile.turn, racerbile.reckless, racerbile.flat_out (Decisions: "A car facing no forward
    field within 60°" – its first step turns by the smallest angle that reaches a forward field;
    every 60° beyond the first is a technical fault, 1 sip each; on 7–9 every 60° turned also
    squeals; on 10–12 it cannot turn and leaves the track at once; no step ever goes to a field of
    lower progress). A property over the shipped Le Mans track: for every reachable cornered
    (field, facing), every roll 1–12 and both split choices, no legal move takes its first step
    over 60° without those faults, and none turns more than it must."""
    c = lemans_course()
    corners = reachable_corners(c)
    assert len(corners) > 100  # hundreds of positions, as the issue says
    splits = sorted({b for b in c.branch_of.values()})
    boards = [Board()] + [Board(chosen={sp: name}) for sp, name in splits]
    sharp_seen = {2: 0, 3: 0}
    for h, f in corners:
        at_split = any(n in c.branch_of for n, _ in c.steps[h])
        for board in boards if at_split else boards[:1]:
            for roll in range(1, 13):
                gear = 1 if roll <= 4 else 2 if roll <= 8 else 3
                moves = list(legal_moves(c, h, f, roll, board, gear=gear, facing_rule=True))
                assert moves
                if roll >= 10:  # flat out: no turning – straight on is no field, so off at once
                    assert [(m.path, m.off_track, m.short, m.sips) for m in moves] == [((), True, roll, roll)]
                    continue
                least = least_turn(c, h, f, board, gear)
                for m in moves:
                    if not m.path:
                        assert m.blocked
                        continue
                    cur, ways = h, []
                    for n in m.path:
                        assert c.progress[n] >= c.progress[cur] or c.crosses_line(cur, n), "no step to lower progress"
                        ways.append(way(c, cur, n))
                        cur = n
                    first = turn60(ways[0], f)
                    assert first == least > 1, f"{h} facing {f}, roll {roll}: the first step turns {60 * first}°, it must turn {60 * least}°"
                    sharp_seen[first] += 1
                    later = sum(1 for a, b in zip(ways, ways[1:]) if a != b)
                    squeals = (first + later) if roll >= 7 else 0
                    assert m.squeals == squeals
                    assert m.sips == m.short + squeals + (first - 1), f"{h} facing {f}, roll {roll}: {60 * first}° costs {first - 1} sip(s) on top"
    assert sharp_seen[2] and sharp_seen[3]  # both 120° and 180° corners are met on the track


def cornered_race() -> tuple[Race, Hex, int]:
    """A Racerbile race on Babybane with Anna, in second gear, left by a lane change facing no
    forward field within 60° (found by playing: a move of three fields onto a cornered field),
    her next turn about to open with the gear."""
    for h, f in reachable_corners(course_of("babybane")):
        r = race(variant=R.RACERBILE)
        c = r.course
        if c.progress[h] < 8:
            continue
        try:
            position(r, {"Anna": before(c, h, 3)})
        except (LookupError, AssertionError):
            continue
        step = fork(r.state, "gear up", "dice 21")
        into = [m for m in step.state.moves() if m.end == h and m.facing == f]
        if not into:
            continue
        step.play(drive_text(into[0].path))
        turn(step, "2")  # Bo
        assert step.on_turn == "Anna" and step.state.phase == GEAR and step.car("Anna").gear == 2
        assert step.pos("Anna") == h and cornered(c, h, step.car("Anna").facing)
        return step, h, f
    raise AssertionError("no cornered field reached on Babybane")


@cache
def course_of(name: str) -> Course:
    return find_track(name).track.course


def test_racerbile_variant_racerbile_cornered_car_turns_the_least_and_pays_for_it() -> None:
    """racerbile.variant.racerbile, racerbile.turn, racerbile.technical.squeal, racerbile.flat_out
    (Decisions: "A car facing no forward field within 60°"): Anna, left facing no forward field, must first turn 120° – the
    smallest turn to a forward field – which is one technical fault (the 60° beyond the first);
    on 7–9 that turn squeals twice ("hvin" per 60°); on 10–12 she cannot turn and leaves the track
    at once."""
    r, h, f = cornered_race()
    c = r.course
    least = min(turn60(d, f) for _, d in c.steps[h])
    assert least == 2
    # a roll of 3: every move's first step turns 120°, and costs 1 sip for it
    calm = fork(r.state, "gear hold", "dice 21")
    moves = list(calm.state.moves())
    assert moves and all(turn60(way(c, h, m.path[0]), f) == 2 for m in moves)
    m = max(moves, key=lambda m: len(m.path))
    had = calm.drunk("Anna")
    out = calm.play(drive_text(m.path))
    (fault,) = of(out, "racerbile.variant.racerbile", What.SIPS, "Anna")
    assert fault.amount == 1 and "120°" in fault.arithmetic
    assert not of(out, "racerbile.technical.squeal")
    assert calm.drunk("Anna") - had == sips(out, "Anna") == 1 + m.short
    # a roll of 7: the 120° turn squeals twice, on top of the fault
    wild = fork(r.state, "gear hold", "dice 43")
    m = min(wild.state.moves(), key=lambda m: (m.squeals, -len(m.path)))
    ways = [way(c, a, b) for a, b in zip((h, *m.path), m.path)]
    later = sum(1 for a, b in zip(ways, ways[1:]) if a != b)
    out = wild.play(drive_text(m.path))
    assert sips(out, "Anna", "racerbile.technical.squeal") == 2 + later
    assert words(out).count("hvin") == 2 + later
    assert sips(out, "Anna", "racerbile.variant.racerbile") == 1
    # a roll of 10: no turning at all – off the track where it stands, every field not driven
    flat = fork(r.state, "gear up", "dice 433")
    (off,) = flat.state.moves()
    assert off.path == () and off.off_track and off.short == 10
    out = flat.play(drive_text(()))
    assert flat.car("Anna").off and not [x for x in out if "60°" in x.arithmetic]


# --- racerbile.flat_out: a car off the track occupies no field -------------------------------


def three_dice(total: int) -> str:
    """Three dice of 1–4 that add up to `total` (3–12)."""
    faces = [1, 1, 1]
    for i in range(total - 3):
        faces[i % 3] += 1
    return "".join(map(str, sorted(faces, reverse=True)))


def test_racerbile_flat_out_flipped_cap_flying_off_blocks_nothing() -> None:
    """racerbile.flat_out, racerbile.field.blocking (Decisions: "A car off the track" – it occupies
    no field and blocks nothing: a flipped cap that flies off is no longer flipped, until it
    reverses back onto the field where it left). Anna lands on a blocking field in a bend and
    flips her cap; next turn she rolls 10 and flies straight off it at once. Bo, behind, then
    drives onto and through that field – there is no cap to bonk – and, alone on it, flips."""
    r = race(variant=R.RACERBILE)
    c = r.course
    x = field_of(c, Kind.BLOCKING)
    position(r, {"Anna": before(c, x, 10), "Bo": before(c, x, 5)})
    turn(r, "32", gear="up", toward=x)
    turn(r, "1")
    # the roll (third gear) that lands her on the blocking field facing off the track
    for total in range(3, 10):
        step = fork(r.state, "gear up", f"dice {three_dice(total)}")
        land = [m for m in step.state.moves().to(x) if m.facing is not None and (x + DIRECTIONS[m.facing], m.facing) not in c.steps[x]]
        if land:
            break
    else:
        raise AssertionError("no roll lands Anna on the blocking field facing off the track")
    r = step
    r.play(drive_text(land[0].path))
    assert r.pos("Anna") == x and r.car("Anna").flipped
    turn(r, "1")  # Bo
    out = turn(r, "433")  # Anna: flat out, straight on is off the track at once
    assert r.pos("Anna") == x and r.car("Anna").off
    assert sips(out, "Anna", "racerbile.flat_out") >= 10
    assert not r.car("Anna").flipped  # the cap flew off: nothing lies flipped on the field
    # Bo drives onto the field and beyond it: no block, no bonk
    r.roll("4")
    moves = list(r.state.moves())
    assert any(x in m.path[:-1] for m in moves), "Bo may drive through the field Anna flew off"
    assert all(m.bonk is None for m in moves)
    onto = next(m for m in moves if m.end == x)
    out = r.play(drive_text(onto.path))
    assert not [o for o in of(out, "racerbile.field.blocking", What.NOTE) if "bonks" in o.arithmetic]
    assert not of(out, "racerbile.stack")  # Anna's cap lies on no field: Bo is alone there
    flip = [o for o in of(out, "racerbile.field.blocking", What.NOTE, "Bo") if "flipped" in o.arithmetic]
    assert flip and r.pos("Bo") == x
    # Anna's turn opens: she reverses back onto her field, arriving under Bo; a blocking field holds
    # one flipped cap, so Bo's is laid back (the program's reading where the Decisions are silent)
    assert r.on_turn == "Anna" and r.pos("Anna") == x and not r.car("Anna").off
    assert [o for o in of(out, "racerbile.field.blocking", What.NOTE, "Bo") if "reverses back" in o.arithmetic]
    assert not r.car("Bo").flipped
    assert r.state.ahead(r.seat("Bo"), r.seat("Anna"))  # Bo's cap on top: he was there first


def test_racerbile_flat_out_car_off_the_track_counts_for_no_two_cap_limit() -> None:
    """racerbile.flat_out, racerbile.stack (Decisions: "A car off the track" – it occupies no field
    until it reverses back onto the field where it left). Anna flies off the track; Bo lands on the
    field where she left it; Cem may drive through that field – one cap on it, not two."""
    r = race("Anna", "Bo", "Cem")
    c = r.course
    turn(r, "2")
    turn(r, "1")
    turn(r, "1")
    turn(r, "11", gear="up")
    turn(r, "1")
    turn(r, "1")
    r.play("gear up", "dice 442")
    off = min((m for m in r.state.moves() if m.off_track and m.path), key=lambda m: len(m.path))
    r.play(drive_text(off.path))
    left = off.end
    assert r.car("Anna").off and r.pos("Anna") == left
    bo = next(d for d in "4321" if fork(r.state, "gear hold", f"dice {d}").state.moves().to(left))
    r.roll(bo)
    out = r.play(drive_text(r.state.moves().to(left)[0].path))
    assert r.pos("Bo") == left
    assert not of(out, "racerbile.stack")  # Bo does not go underneath anybody
    # Cem: a path through the field Anna left is open
    through = []
    for d in "4321":
        cem = fork(r.state, "gear hold", f"dice {d}")
        through = [m for m in cem.state.moves() if left in m.path[:-1]]
        if through:
            break
    assert through, "a car off the track does not make two caps of its field"
    cem.play(drive_text(through[0].path))
    assert left in through[0].path and ahead_of(c, left, cem.pos("Cem")) > 0


# --- racerbile.field.blocking: who stands right before a flipped cap -------------------------


def flipped_ahead_of(bo_goal: Callable[[Course, Hex], Hex]) -> tuple[Race, Hex]:
    """Babybile on Babybane: Anna flips her cap on the first blocking field, Bo placed by
    `bo_goal(course, blocking field)`; Bo on turn, about to roll."""
    r = race()
    c = r.course
    x = field_of(c, Kind.BLOCKING)
    position(r, {"Anna": before(c, x, 2), "Bo": bo_goal(c, x)})
    turn(r, "2", to=x)
    assert r.pos("Anna") == x and r.car("Anna").flipped and r.on_turn == "Bo"
    return r, x


def level_with(c: Course, x: Hex) -> Hex:
    """A field level with `x` in another lane, from which a lane change (within 60°) leads onto it."""
    return next(h for h in sorted(c.steps) if c.progress[h] == c.progress[x] and any(n == x for n, _ in c.steps[h]))


def test_racerbile_field_blocking_a_car_level_with_the_flipped_cap_is_not_before_it() -> None:
    """racerbile.field.blocking (Decisions: "Blocking: who counts as 'stopping right before' the
    blocked field" – a car whose next field on its way is the blocked field; a car level with it
    in another lane is not before it). Bo stops, short of his roll, on the field level with Anna's
    flipped cap: he has stopped by choice – a sip per field not driven
    (racerbile.technical.fewer_fields) – and lifts nothing; Anna's cap stays flipped."""
    r, x = flipped_ahead_of(lambda c, x: before(c, level_with(c, x), 2))
    c = r.course
    side = level_with(c, x)
    r.roll("4")
    stops = [m for m in r.state.moves().to(side) if m.short]
    assert stops and all(m.bonk is None and not m.blocked for m in stops)
    # a car right before the flipped cap (a field further back, the cap on its way) still lifts it
    assert any(m.bonk == x for m in r.state.moves() if c.progress[m.end] < c.progress[x])
    stop = max(stops, key=lambda m: len(m.path))
    out = r.play(drive_text(stop.path))
    assert r.pos("Bo") == side
    assert sips(out, "Bo", "racerbile.technical.fewer_fields") == stop.short
    assert not of(out, "racerbile.field.blocking")
    assert r.car("Anna").flipped


def test_racerbile_field_blocking_a_roll_that_runs_out_before_the_cap_lifts_nothing() -> None:
    """racerbile.field.blocking (Decisions: "Blocking: who counts as 'stopping right before'" – a
    roll that simply runs out on the field before it lifts nothing). Bo's roll ends exactly on a
    field right before Anna's flipped cap: no sip, no bonk, the cap stays flipped. (The program
    ruled so already; the digest's text was corrected.)"""
    r, x = flipped_ahead_of(lambda c, x: before(c, x, 3))
    c = r.course
    r.roll("2")
    right_before = [m for m in r.state.moves() if m.short == 0 and c.progress[m.end] < c.progress[x] and any(n == x for n, _ in c.steps[m.end])]
    assert right_before
    m = right_before[0]
    assert not m.blocked and m.bonk is None
    out = r.play(drive_text(m.path))
    assert not of(out, "racerbile.field.blocking") and sips(out, "Bo") == 0
    assert r.car("Anna").flipped


# --- the refusal reasons of a drive ------------------------------------------------------------


def test_racerbile_field_blocking_refusal_names_the_flipped_cap() -> None:
    """racerbile.field.blocking: a drive onto or through a flipped cap is refused naming that rule
    (not "blocked, the wrong branch, or the pit lane off first gear")."""
    r, x = flipped_ahead_of(lambda c, x: before(c, x, 3))
    c = r.course
    r.roll("4")
    d = steps_to(c, x)
    path = [r.pos("Bo")]
    while path[-1] != x:  # the shortest way onto the flipped cap
        path.append(min((n for n, _ in c.steps[path[-1]]), key=lambda n: d.get(n, 10**6)))
    with pytest.raises(IllegalAction, match=r"flipped cap.*\(racerbile\.field\.blocking\)"):
        r.play(drive_text(path[1:]))


def test_racerbile_stack_refusal_names_the_two_caps() -> None:
    """racerbile.stack: a drive through a field holding two caps is refused naming that rule."""
    r = race("Cem", "Anna", "Bo")  # Cem first in the order: on turn as the round begins
    c = r.course
    f = field_of(c, Kind.NORMAL, after=12)
    position(r, {"Anna": f, "Bo": f, "Cem": before(c, f, 2)})
    r.roll("4")
    d = steps_to(c, f)
    path = [r.pos("Cem")]
    while path[-1] != f:
        path.append(min((n for n, _ in c.steps[path[-1]]), key=lambda n: d.get(n, 10**6)))
    with pytest.raises(IllegalAction, match=r"two caps.*\(racerbile\.stack\)"):
        r.play(drive_text(path[1:]))


def test_racerbile_split_refusal_names_the_chosen_branch() -> None:
    """racerbile.split: once the first car has picked a branch, a drive into the other is refused
    naming the split rule and the branch everyone takes."""
    t = find_track("le_mans").track
    r = lemans_race()
    c = r.course
    split = t.splits[0]
    (left, _), (right, _) = split.branches
    position(r, {"Red": before(c, split.fork, 1), "Blue": before(c, split.fork, 2)})
    r.play("gear hold", "dice 4")
    pick_left = next(m for m in r.state.moves() if m.choice == ((0, left),))
    r.play(drive_text(pick_left.path))
    r.play("gear hold", "dice 4")
    st = r.state
    car = st.cars[r.seat("Blue")]
    free = legal_moves(c, car.pos, car.facing, 4, Board(), gear=1, facing_rule=True)  # as if no branch were chosen
    into_right = next(m for m in free if m.choice == ((0, right),))
    with pytest.raises(IllegalAction, match=rf"branch '{right}'.*branch '{left}'.*\(racerbile\.split\)"):
        r.play(drive_text(into_right.path))


def test_racerbile_lemans_pit_refusal_names_the_first_gear_rule() -> None:
    """racerbile.lemans.pit: a drive into the pit lane off first gear is refused naming the pit
    rule (the pit lane is entered in first gear)."""
    t = find_track("le_mans").track
    assert t.pit is not None
    r = lemans_race()
    r.play("gear hold", "dice 4")
    r.play(drive_text(r.state.moves().to(t.pit.entry)[0].path))
    turn(r, "2")  # Blue
    r.play("gear up", "dice 11")
    with pytest.raises(IllegalAction, match=r"pit lane.*first gear.*\(racerbile\.lemans\.pit\)"):
        r.play(drive_text(t.pit.fields[:2]))


# --- racerbile.flat_out: straight into a branch not chosen, or into the pit entry ---------------


def test_racerbile_flat_out_into_a_branch_not_chosen_or_the_pit_leaves_the_track() -> None:
    """racerbile.flat_out, racerbile.split, racerbile.lemans.pit (Decisions: "Flat out (10–12)
    straight into a branch not chosen, or into the pit entry" – that is leaving the track, with a
    sip per field not driven). The program ruled so already; this pins it down."""
    t = find_track("le_mans").track
    c = t.course
    assert t.pit is not None
    split = t.splits[0]
    (left, _), (right, _) = split.branches
    chosen = Board(chosen={0: left})
    # a straight run on the track that runs into the branch not chosen
    found = None
    for h in sorted(c.steps):
        if h in c.branch_of:
            continue
        for _, d in c.steps[h]:
            run: list[Hex] = []
            cur = h
            while (cur + DIRECTIONS[d], d) in c.steps[cur] and len(run) < 9:
                cur = cur + DIRECTIONS[d]
                run.append(cur)
                if cur in c.branch_of:
                    break
            if run and len(run) > 1 and c.branch_of.get(run[-1]) == (0, right):
                found = (h, d, run[:-1])
                break
        if found:
            break
    assert found, "no straight run into the right branch"
    h, d, before_branch = found
    for roll in (10, 12):
        (m,) = legal_moves(c, h, d, roll, chosen, gear=3, facing_rule=True)
        assert m.off_track and m.path == tuple(before_branch) and m.short == m.sips == roll - len(before_branch)
        free = legal_moves(c, h, d, roll, Board(), gear=3, facing_rule=True)  # no branch chosen: straight in
        assert any(c.branch_of.get(x) == (0, right) for f in free for x in f.path)
    # straight at the pit lane's first field from its entry, in third gear: off the track at once
    into = DIRECTIONS.index(t.pit.fields[0] - t.pit.entry)
    (m,) = legal_moves(c, t.pit.entry, into, 11, Board(), gear=3, facing_rule=True)
    assert m.off_track and m.path == () and m.short == m.sips == 11
