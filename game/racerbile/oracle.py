"""Every legal move of a roll by brute force: the test oracle and benchmark baseline for `moves`.

A plain depth-first search over step sequences, no memoisation, written from the rules and not
from `moves`' search; it reads only the board and the course (forward steps with their
directions, the pit lane, the split branches) and the hex directions. A move is told by its
outcome – the same terms as a `moves.Move`:

- racerbile.turn – drive the roll one field at a time, each step to a forward field of the
  course (racerbile Decisions: direction of travel), turning at most 60° from field to field,
  never onto a field already driven (nor back onto the start); fewer fields cost a sip each, and at
  least one field is driven unless the car cannot move at all (then it is blocked where it stands);
- racerbile.arrow – the course's steps keep to the arrows;
- racerbile.split – once a branch is chosen (on the board or earlier in this move) no field of
  another branch of that split is entered; the first branch field entered is the move's choice;
- racerbile.lemans.pit – into the pit lane only in 1st gear;
- racerbile.field.blocking, racerbile.stack – no car enters a field with a flipped cap or two caps;
  a car that stops short with such a field right ahead is blocked, and stopping right before a
  flipped cap lifts it (the bonk). "Right ahead" is a forward step within 60° of the way the car
  faces after the move, or any forward step when it faces no way (Babybile), to a field further
  on – a field level with the car in another lane counts only when every such step is blocked
  (racerbile Decisions: who counts as stopping right before);
- racerbile.reckless – on 7–9 every change of direction squeals; without facing the first step
  is no turn;
- racerbile.flat_out – on 10–12 straight on and no braking: where straight on is no forward step
  (off the track, the wrong branch, the pit lane off 1st gear) the car leaves the track there;
  a flipped cap or two caps straight ahead stop it;
- racerbile.variant.racerbile – with facing the first step turns from the way the car faces (a
  squeal on 7–9; on 10–12 a car that would have to turn leaves the track at once), and the car
  faces the way of its last step afterwards. A car facing no forward step within 60° turns first
  by the smallest angle to a field the course lets it enter: a technical fault per 60° beyond the
  first (`sharp`), and on 7–9 a squeal per 60° (racerbile Decisions: a car facing no forward
  field within 60°).
"""
from __future__ import annotations

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.course import Course
from game.racerbile.moves import Board  # the board's data only: the search there is not used

Choice = tuple[tuple[int, str], ...]
# (end, facing after, squeals, fields driven, branch choice, off the track, blocked, bonked cap,
# the 60° steps of a cornered car's first turn beyond the first)
Outcome = tuple[Hex, int | None, int, int, Choice, bool, bool, Hex | None, int]


def outcomes(
    course: Course,
    start: Hex,
    facing: int | None,
    roll: int,
    board: Board,
    *,
    gear: int = 1,
    facing_rule: bool = False,
    off_track: bool = False,
) -> set[Outcome]:
    """The outcomes of every legal move (see the module doc)."""
    return {o for _, o in paths(course, start, facing, roll, board, gear=gear, facing_rule=facing_rule, off_track=off_track)}


def paths(
    course: Course,
    start: Hex,
    facing: int | None,
    roll: int,
    board: Board,
    *,
    gear: int = 1,
    facing_rule: bool = False,
    off_track: bool = False,
) -> list[tuple[tuple[Hex, ...], Outcome]]:
    """Every legal move: its path (the fields driven, the start not included) and its outcome."""
    flipped, full = board.flipped, board.full
    if off_track or roll <= 0:
        return [((), (start, facing, 0, 0, (), False, False, None, 0))]

    def turn(a: int, b: int) -> int:
        """The turn between two directions in steps of 60° (0 … 3)."""
        t = (a - b) % 6
        return min(t, 6 - t)

    def blocks(h: Hex) -> bool:
        return h in flipped or h in full

    def branch_ok(h: Hex, choice: Choice) -> tuple[bool, Choice]:
        """Whether `h` keeps to the split's chosen branch, and the choice after entering it."""
        if h not in course.branch_of:
            return True, choice
        split, name = course.branch_of[h]
        taken = board.branch(split)
        for s, nm in choice:
            if s == split:
                taken = nm
        if taken is None:
            return True, choice + ((split, name),)
        return taken == name, choice

    def ahead(end: Hex, face: int | None) -> tuple[bool, Hex | None]:
        """Whether a car stopping on `end` facing `face` has a blocked field right ahead, and the
        first flipped cap there (the one it bonks)."""
        near = [n for n, d in course.steps[end] if face is None or turn(d, face) <= 1]
        further = [n for n in near if course.progress[n] != course.progress[end]]
        if not any(blocks(n) for n in further):
            if not near or not all(blocks(n) for n in near):
                return False, None
            further = near  # hemmed in: the level field counts too
        for n in further:
            if n in flipped:
                return True, n
        return True, None

    found: list[tuple[tuple[Hex, ...], Outcome]] = []

    if roll >= 10:  # racerbile.flat_out
        ways = [facing] if facing is not None else sorted({d for _, d in course.steps[start]})
        for way in ways:
            path: list[Hex] = []
            choice: Choice = ()
            here = start
            off = blocked = False
            bonk = None
            while len(path) < roll:
                nxt = here + DIRECTIONS[way]
                if (nxt, way) not in course.steps[here]:
                    off = True
                    break
                if blocks(nxt):
                    blocked, bonk = True, (nxt if nxt in flipped else None)
                    break
                ok, choice = branch_ok(nxt, choice)
                if not ok or (nxt in course.pit and here not in course.pit and gear != 1):
                    off = True
                    break
                path.append(nxt)
                here = nxt
            found.append((tuple(path), (here, way if facing_rule else None, 0, len(path), choice, off, blocked, bonk, 0)))
        if facing is None and len(found) > 1:
            # a car free to pick its way picks none that is blocked at once, unless all are
            moving = [f for f in found if f[0]]
            if moving:
                return moving
            first_bonk = None
            for _, o in found:
                if o[7] is not None:
                    first_bonk = o[7]
                    break
            return [((), (start, None, 0, 0, (), False, True, first_bonk, 0))]
        return found

    reckless = 7 <= roll <= 9

    def drive(path: tuple[Hex, ...], here: Hex, way: int | None, squeals: int, choice: Choice) -> None:
        if path:
            face = way if facing_rule else None
            blocked, bonk = ahead(here, face) if len(path) < roll else (False, None)
            found.append((path, (here, face, squeals, len(path), choice, False, blocked, bonk, sharp)))
        if len(path) == roll:
            return
        for n, d in course.steps[here]:
            if way is not None and turn(d, way) > 1:
                continue
            if not path and corner is not None and d not in corner:
                continue
            if n == start or n in path or blocks(n):
                continue
            if n in course.pit and here not in course.pit and gear != 1:
                continue
            ok, choice2 = branch_ok(n, choice)
            if not ok:
                continue
            squeal = 1 if reckless and way is not None and d != way else 0
            drive(path + (n,), n, d, squeals + squeal, choice2)

    first: int | None = facing
    squeal = sharp = 0
    corner: set[int] | None = None
    if facing is not None and course.steps[start] and all(turn(d, facing) > 1 for _, d in course.steps[start]):
        # in a corner: the first step turns the least it must, to a field the course lets it enter
        enter = [
            (n, d) for n, d in course.steps[start]
            if not (n in course.pit and start not in course.pit and gear != 1) and branch_ok(n, ())[0]
        ] or list(course.steps[start])
        least = min(turn(d, facing) for _, d in enter)
        corner = {d for _, d in enter if turn(d, facing) == least}
        first, squeal, sharp = None, least if reckless else 0, least - 1
    drive((), start, first, squeal, ())
    if not found:  # the car cannot move: blocked where it stands
        if corner is None:
            _, bonk = ahead(start, first)
        else:  # before the fields it must turn to
            bonk = next((n for n, d in course.steps[start] if d in corner and n in flipped), None)
        found.append(((), (start, facing, 0, 0, (), False, True, bonk, 0)))
    return found
