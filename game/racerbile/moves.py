"""Legal moves of a Racerbile car: a search over (field, facing) along the course.

A move drives some of the rolled fields, one step at a time to a forward field (`Course.steps`),
turning at most 60° from step to step (racerbile.turn), never onto a field twice, keeping to the
arrows (racerbile.arrow), to the branch chosen at a split (racerbile.split) and, off first gear,
out of the pit lane (racerbile.lemans.pit). No car passes or lands on a blocked field – a flipped
cap (racerbile.field.blocking) or two caps (racerbile.stack); a car that stops right before a
flipped cap lifts the block. Every field rolled and not driven is a sip
(racerbile.technical.fewer_fields), and at least one field is driven unless the car is blocked.

On 7–9 every change of direction squeals (racerbile.reckless); on 10–12 the car goes straight
and cannot brake: where the straight way leaves the track it leaves it, a sip for every field
of the roll not driven on it (racerbile.flat_out). Without facing (Babybile) the first step may
take any direction and is no turn; with facing (Racerbile) the first step turns from the way the
car faces (racerbile.variant.racerbile).

The search keeps, per number of steps, one path for every (field, facing, squeals, branch
choice): two paths alike in these drive on alike, since a path never comes back to a field (it
would have to turn round, which the 60° limit and the direction of travel do not allow).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Mapping, cast

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.course import Course
from game.rules.racerbile import Driving, driving

Choice = tuple[tuple[int, str], ...]  # branches chosen by this move: (split number, branch name)


@dataclass(frozen=True, slots=True)
class Move:
    """One way to drive a roll: the fields driven and what it costs."""

    start: Hex
    path: tuple[Hex, ...]  # the fields driven, in order (the start not included)
    facing: int | None  # the way the car faces after the move (None: unchanged and unknown)
    squeals: int  # changes of direction on 7–9
    short: int  # fields of the roll not driven (a sip each)
    off_track: bool = False  # left the track (10–12)
    blocked: bool = False  # stopped by a blocked field or two caps right ahead
    bonk: Hex | None = None  # the flipped cap whose block this move lifts
    choice: Choice = ()

    @property
    def end(self) -> Hex:
        return self.path[-1] if self.path else self.start

    @property
    def sips(self) -> int:
        """Sips the move itself costs: the fields not driven and the squeals."""
        return self.short + self.squeals

    def __str__(self) -> str:
        return format_path(self.path)


def format_path(path: tuple[Hex, ...]) -> str:
    return " ".join(f"{h.q},{h.r}" for h in path) if path else "-"


@dataclass(frozen=True)
class Board:
    """What a moving car must respect besides the course: the other caps and the choices made."""

    flipped: frozenset[Hex] = frozenset()  # fields blocked by a flipped cap
    full: frozenset[Hex] = frozenset()  # fields holding two caps
    chosen: Mapping[int, str] | None = None  # split number → the branch every car must take

    def branch(self, split: int) -> str | None:
        return None if self.chosen is None else self.chosen.get(split)


class LegalMoves:
    """The legal moves of one roll: count them, test a path, iterate, or look up by end field."""

    def __init__(self, moves: list[Move]) -> None:
        self._moves = moves
        self._by_end: dict[Hex, list[Move]] = {}
        for m in moves:
            self._by_end.setdefault(m.end, []).append(m)

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __contains__(self, m: object) -> bool:
        return isinstance(m, Move) and m in self._by_end.get(m.end, ())

    def ends(self) -> list[Hex]:
        return list(self._by_end)

    def to(self, end: Hex) -> list[Move]:
        """The moves that end on `end`, cheapest first."""
        return sorted(self._by_end.get(end, ()), key=lambda m: (m.sips, len(m.path)))

    def best_to(self, end: Hex) -> Move | None:
        ms = self.to(end)
        return ms[0] if ms else None


def _turn(a: int, b: int) -> int:
    d = abs(a - b) % 6
    return min(d, 6 - d)


def legal_moves(
    course: Course,
    start: Hex,
    facing: int | None,
    roll: int,
    board: Board,
    *,
    gear: int = 1,
    facing_rule: bool = False,
    off_track: bool = False,
) -> LegalMoves:
    """Every legal move of a car on `start` for a roll of `roll` fields (see the module doc).

    `facing` is where the car points (None: any way, as at the start or without facing);
    `facing_rule` keeps the facing after the move (Racerbile) or forgets it (Babybile)."""
    if roll <= 0 or off_track:
        return LegalMoves([Move(start, (), facing, 0, max(roll, 0))])
    if driving(roll) is Driving.FLAT_OUT:
        return LegalMoves(_flat_out(course, start, facing, roll, board, facing_rule))
    return LegalMoves(_search(course, start, facing, roll, board, gear, driving(roll) is Driving.RECKLESS, facing_rule))


def _stop(course: Course, end: Hex, facing: int | None, board: Board) -> tuple[bool, Hex | None]:
    """Whether a car stopping on `end` stands right before a blocked field, and the flipped cap
    whose block it lifts (racerbile.field.blocking)."""
    blocked, bonk = False, None
    for n, d in course.steps[end]:
        if facing is not None and _turn(d, facing) > 1:
            continue
        if n in board.flipped:
            blocked = True
            if bonk is None:
                bonk = n
        elif n in board.full:
            blocked = True
    return blocked, bonk


def _may_enter(course: Course, n: Hex, gear: int, board: Board, choice: Choice) -> tuple[bool, Choice]:
    """Whether a car may drive onto `n` (the caps and direction aside), and the branch choice after."""
    if n in board.flipped or n in board.full:
        return False, choice
    if n in course.pit and gear != 1:
        return False, choice
    b = course.branch_of.get(n)
    if b is not None:
        split, name = b
        chosen = board.branch(split)
        if chosen is None:
            for s, nm in choice:
                if s == split:
                    chosen = nm
        if chosen is None:
            return True, choice + (b,)
        if chosen != name:
            return False, choice
    return True, choice


def _search(
    course: Course, start: Hex, facing: int | None, roll: int, board: Board, gear: int, reckless: bool, facing_rule: bool
) -> list[Move]:
    steps = course.steps
    layer: dict[tuple[Hex, int | None, int, Choice], tuple[Hex, ...]] = {(start, facing, 0, ()): ()}
    moves: list[Move] = []
    seen: set[tuple[Hex, int | None, int, int, Choice]] = set()
    for k in range(1, roll + 1):
        nxt: dict[tuple[Hex, int | None, int, Choice], tuple[Hex, ...]] = {}
        for (h, f, sq, ch), path in layer.items():
            for n, d in steps[h]:
                if f is not None and d != f and (d - f) % 6 not in (1, 5):
                    continue
                if n == start or n in path:
                    continue
                ok, ch2 = _may_enter(course, n, gear, board, ch)
                if not ok:
                    continue
                key = (n, d, sq + 1 if reckless and f is not None and d != f else sq, ch2)
                if key not in nxt:
                    nxt[key] = path + (n,)
        for (n, nd, sq, ch), path in nxt.items():
            face = nd if facing_rule else None
            mkey = (n, face, sq, k, ch)
            if mkey in seen:
                continue
            seen.add(mkey)
            blocked, bonk = _stop(course, n, nd, board) if k < roll else (False, None)
            moves.append(Move(start, path, face, sq, roll - k, blocked=blocked, bonk=bonk, choice=ch))
        layer = nxt
        if not layer:
            break
    if not moves:  # nowhere to go: the car is blocked where it stands
        blocked, bonk = _stop(course, start, facing, board)
        moves.append(Move(start, (), facing, 0, roll, blocked=True, bonk=bonk))
    return moves


def _flat_out(course: Course, start: Hex, facing: int | None, roll: int, board: Board, facing_rule: bool) -> list[Move]:
    """10–12: straight on, no braking; the way is the facing, or (none) the player's pick of the first step."""
    if facing is not None:
        ways = [facing]
    else:
        ways = list(dict.fromkeys(d for _, d in course.steps[start]))
    moves = []
    for d in ways:
        path: list[Hex] = []
        choice: Choice = ()
        cur = start
        blocked, off, bonk = False, False, None
        for _ in range(roll):
            n = cur + DIRECTIONS[d]
            if (n, d) not in course.steps[cur]:
                off = True
                break
            if n in board.flipped or n in board.full:
                blocked, bonk = True, (n if n in board.flipped else None)
                break
            ok, choice = _may_enter(course, n, 3, board, choice)
            if not ok or n == start or n in path:  # the wrong branch or the pit lane: it cannot turn in
                off = True
                break
            path.append(n)
            cur = n
        face = d if facing_rule else None
        moves.append(Move(start, tuple(path), face, 0, roll - len(path), off_track=off, blocked=blocked, bonk=bonk, choice=choice))
    return moves


def check_path(
    course: Course,
    start: Hex,
    facing: int | None,
    roll: int,
    path: tuple[Hex, ...],
    board: Board,
    *,
    gear: int = 1,
    facing_rule: bool = False,
    off_track: bool = False,
) -> Move:
    """The move that drives exactly `path`, or ValueError saying why it is not legal."""
    legal = legal_moves(course, start, facing, roll, board, gear=gear, facing_rule=facing_rule, off_track=off_track)
    if not path:
        for m in legal:
            if not m.path:
                return m
        raise ValueError(f"the car must drive at least one field (it is not blocked); {len(legal)} moves are legal")
    end = path[-1]
    candidates = [m for m in legal.to(end) if len(m.path) == len(path)]
    if not candidates:
        if len(path) > roll:
            raise ValueError(f"{len(path)} fields is more than the {roll} rolled")
        raise ValueError(f"no legal move of {len(path)} fields ends on {end.q},{end.r}")
    # the path itself: step by step, as the search would drive it
    cur, f = start, facing
    reckless = driving(roll) is Driving.RECKLESS
    squeals, choice = 0, cast(Choice, ())
    seen = {start}
    for i, n in enumerate(path):
        step = next((d for m, d in course.steps.get(cur, ()) if m == n), None)
        if step is None:
            raise ValueError(f"step {i + 1}: {n.q},{n.r} is not a forward field next to {cur.q},{cur.r}")
        if f is not None and _turn(step, f) > 1:
            raise ValueError(f"step {i + 1}: turning {60 * _turn(step, f)}° from {cur.q},{cur.r} – at most 60° (racerbile.turn)")
        if n in seen:
            raise ValueError(f"step {i + 1}: {n.q},{n.r} was driven already")
        ok, choice = _may_enter(course, n, gear, board, choice)
        if not ok:
            raise ValueError(f"step {i + 1}: {n.q},{n.r} is blocked, the wrong branch, or the pit lane off first gear")
        if reckless and f is not None and step != f:
            squeals += 1
        seen.add(n)
        cur, f = n, step
    for m in candidates:
        if m.squeals == squeals and m.choice == choice and (not facing_rule or m.facing == f):
            return Move(start, tuple(path), m.facing, m.squeals, m.short, m.off_track, m.blocked, m.bonk, m.choice)
    raise ValueError(f"the path {format_path(path)} is not one of the {len(legal)} legal moves")
