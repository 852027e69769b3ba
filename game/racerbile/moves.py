"""Legal moves of a Racerbile car: a search over (field, facing) along the course.

A move drives some of the rolled fields, one step at a time to a forward field (`Course.steps`),
turning at most 60° from step to step (racerbile.turn), never onto a field twice, keeping to the
arrows (racerbile.arrow), to the branch chosen at a split (racerbile.split) and, off first gear,
out of the pit lane's entry (racerbile.lemans.pit). No car passes or lands on a blocked field – a flipped
cap (racerbile.field.blocking) or two caps (racerbile.stack); a car that stops short with such a
field right ahead is blocked, and one that stops right before a flipped cap lifts the block.
"Right ahead" is a forward step within 60° of the way the car faces after the move – any forward
step when it faces no way (Babybile) – to a field further on: a field level with the car in
another lane is not ahead of it, unless every field it could step to is blocked (racerbile
Decisions: who counts as stopping right before). A roll that runs out right before a blocked
field lifts nothing. Every field rolled and not driven is a sip
(racerbile.technical.fewer_fields), and at least one field is driven unless the car is blocked.
The pit lane is one way (the course has no other steps into or out of it).

On 7–9 every change of direction squeals (racerbile.reckless); on 10–12 the car goes straight
and cannot brake: where the straight way leaves the track – or runs into the branch not chosen,
or into the pit lane – it leaves it, a sip for every field of the roll not driven on it
(racerbile.flat_out). Without facing (Babybile) the first step may take any direction and is no
turn; with facing (Racerbile) the first step turns from the way the car faces
(racerbile.variant.racerbile). A car facing no forward field within 60° first turns by the
smallest angle that reaches one: a technical fault per 60° beyond the first (`Move.sharp`), on
7–9 a squeal per 60° turned, on 10–12 off the track at once (racerbile Decisions: a car facing
no forward field within 60°).

The search goes a step at a time and keeps, per number of steps, one path for every (field,
facing, squeals, branch choice): two paths alike in these drive on alike as long as no move can
come back to a field it drove – that takes a lap, or a loop of fields of equal progress within the
60° limit (`Tables.on_loop`, checked field by field as the search reaches them; no shipped track
has one, a wide generated one may). Where a move could, the search keeps apart the paths by the
fields they drove that they could still come back to (`_search_exactly`): bounded, and the same
moves as every path kept. `game.racerbile.oracle` is the plain brute force it is tested against.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping, NamedTuple, cast

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.course import NOWAY, WAYS, BranchEdge, Course, Tables
from game.rules.phrase import N_, phrase
from game.rules.racerbile import Driving, driving

Choice = tuple[tuple[int, str], ...]  # branches chosen by this move: (split number, branch name)


class Move(NamedTuple):
    """One way to drive a roll: the fields driven and what it costs (immutable; a named tuple, as
    the search makes many)."""

    start: Hex
    path: tuple[Hex, ...]  # the fields driven, in order (the start not included)
    facing: int | None  # the way the car faces after the move (None: unchanged and unknown)
    squeals: int  # changes of direction on 7–9
    short: int  # fields of the roll not driven (a sip each)
    off_track: bool = False  # left the track (10–12)
    blocked: bool = False  # stopped by a blocked field or two caps right ahead
    bonk: Hex | None = None  # the flipped cap whose block this move lifts
    choice: Choice = ()
    sharp: int = 0  # out of a corner: the 60° turned by the first step beyond the first (a technical fault each)

    @property
    def end(self) -> Hex:
        return self.path[-1] if self.path else self.start

    @property
    def sips(self) -> int:
        """Sips the move itself costs: the fields not driven, the squeals and a sharp turn out of a corner."""
        return self.short + self.squeals + self.sharp

    def __str__(self) -> str:
        return format_path(self.path)


def outcome(m: Move) -> tuple[object, ...]:
    """What a move comes to, whatever its path: two moves alike in this are the same choice."""
    return (m.end, m.facing, m.squeals, m.short, m.off_track, m.blocked, m.bonk, m.choice, m.sharp)


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
        self._index: dict[Hex, list[Move]] | None = None

    def _by_end(self) -> dict[Hex, list[Move]]:
        if self._index is None:
            self._index = {}
            for m in self._moves:
                self._index.setdefault(m.end, []).append(m)
        return self._index

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __contains__(self, m: object) -> bool:
        return isinstance(m, Move) and m in self._by_end().get(m.end, ())

    def ends(self) -> list[Hex]:
        return list(self._by_end())

    def to(self, end: Hex) -> list[Move]:
        """The moves that end on `end`, cheapest first."""
        return sorted(self._by_end().get(end, ()), key=lambda m: (m.sips, len(m.path)))

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
    `facing_rule` keeps the facing after the move (Racerbile) or forgets it (Babybile). A car
    facing no forward field within 60° (`cornered`) first turns by the smallest angle that reaches
    one (`corner_ways`; racerbile Decisions: a car facing no forward field within 60°): every 60°
    of that turn beyond the first is a technical fault (`Move.sharp`), on 7–9 every 60° of it
    squeals, and on 10–12 it cannot turn and leaves the track at once."""
    if roll <= 0 or off_track:
        return LegalMoves([Move(start, (), facing, 0, max(roll, 0))])
    kind = driving(roll)
    if kind is Driving.FLAT_OUT:
        return LegalMoves(_flat_out(course, start, facing, roll, board, gear, facing_rule))
    reckless = kind is Driving.RECKLESS
    if facing is not None and cornered(course, start, facing):
        turn, ways = corner_ways(course, start, facing, board, gear)
        out = []
        for m in _search(course, start, None, roll, board, gear, reckless, facing_rule, ways):
            if m.path:  # the first step turns `turn` × 60°: squeals on 7–9, a fault per 60° beyond the first
                out.append(m._replace(squeals=m.squeals + (turn if reckless else 0), sharp=turn - 1))
            else:  # blocked where it stands, facing as it did: before the fields it must turn to
                out.append(m._replace(facing=facing, bonk=next((n for n, d in course.steps[start] if d in ways and n in board.flipped), None)))
        return LegalMoves(out)
    return LegalMoves(_search(course, start, facing, roll, board, gear, reckless, facing_rule))


def cornered(course: Course, start: Hex, facing: int | None) -> bool:
    """Whether a car faces a way with no forward step within 60° of it (a lane change into a
    corner can leave it so). Such a car turns as it must (`corner_ways`)."""
    if facing is None:
        return False
    steps = course.steps.get(start, ())
    return bool(steps) and all(_turn(d, facing) > 1 for _, d in steps)


def corner_ways(course: Course, start: Hex, facing: int, board: Board = Board(), gear: int = 1) -> tuple[int, frozenset[int]]:
    """A cornered car's first step (racerbile.turn; racerbile Decisions: a car facing no forward
    field within 60°): the smallest turn, in steps of 60°, that reaches a forward field it may
    drive onto by the course (the split's chosen branch, the pit lane in first gear – caps on the
    field aside: they block it), and the ways that turn goes. The step never goes to lower progress:
    the course has no such step."""
    steps = course.steps[start]
    open_ = [(n, d) for n, d in steps if _course_allows(course, start, n, gear, board)] or list(steps)
    least = min(_turn(d, facing) for _, d in open_)
    return least, frozenset(d for _, d in open_ if _turn(d, facing) == least)


def _course_allows(course: Course, frm: Hex, n: Hex, gear: int, board: Board) -> bool:
    """Whether the course lets a car on `frm` drive onto `n` (caps and the move's own choice aside)."""
    if n in course.pit and frm not in course.pit and gear != 1:
        return False
    b = course.branch_of.get(n)
    return b is None or _keeps_branch(b, board, ())[0]


def _stop(course: Course, end: Hex, facing: int | None, board: Board) -> tuple[bool, Hex | None]:
    """Whether a car stopping on `end` facing `facing` stands before a blocked field, and the
    flipped cap whose block it lifts (racerbile.field.blocking; racerbile Decisions: who counts as
    stopping right before). It stands before a field its next step could enter within 60° that is
    further on (a field level with it in another lane is not ahead) – or before a field level with
    it when every field it could step to is blocked."""
    near = [n for n, d in course.steps[end] if facing is None or _turn(d, facing) <= 1]
    level = course.progress[end]
    bad = board.flipped | board.full
    for group in ([n for n in near if course.progress[n] != level], near if all(n in bad for n in near) else []):
        if any(n in bad for n in group):
            return True, next((n for n in group if n in board.flipped), None)
    return False, None


def _may_enter(course: Course, frm: Hex, n: Hex, gear: int, board: Board, choice: Choice) -> tuple[bool, Choice]:
    """Whether a car on `frm` may drive onto `n` (the direction aside), and the branch choice after."""
    if n in board.flipped or n in board.full:
        return False, choice
    if n in course.pit and frm not in course.pit and gear != 1:
        return False, choice
    b = course.branch_of.get(n)
    return (True, choice) if b is None else _keeps_branch(b, board, choice)


_NOT_BLOCKED: tuple[bool, Hex | None] = (False, None)
_NO_FIELDS: frozenset[int] = frozenset()
# the fewest steps of a drive that comes back to a field: within the 60° limit a drive must turn
# all round, 60° a step (a hexagon); a field driven later than `roll - MIN_LOOP` steps into a
# move is never come back to, and a move of fewer fields comes back to none
MIN_LOOP = 6
_new = tuple.__new__  # `_new(Move, (...))`: a move without the named tuple's keyword handling


def _search(
    course: Course, start: Hex, facing: int | None, roll: int, board: Board, gear: int, reckless: bool, facing_rule: bool,
    first: frozenset[int] | None = None,
) -> list[Move]:
    """1–9: a step at a time, one path kept per state (see the module doc); `first`, if given, are
    the only ways the first step may go (a cornered car's turn).

    Each step's paths are in rows by `choice × 16 + squeals`, each row by state, `field × WAYS +
    facing` (`Course.tables`)."""
    t = course.tables
    if roll >= MIN_LOOP and (t.lap_loops or t.on_loop(start)):
        return _search_exactly(course, start, facing, roll, board, gear, reckless, facing_rule, first)
    index, hexes = t.index, t.hexes
    flipped, bad, stops = _blocks(t, board)
    only = first if first is not None else frozenset()
    pit = gear == 1
    edges = t.edges[pit]
    branch_edges = t.branch_edges
    choices: dict[Choice, int] = {(): 0}
    start_state = index[start] * WAYS + (NOWAY if facing is None else facing)
    layer: dict[int, dict[int, tuple[Hex, ...]]] = {0: {start_state: ()}}
    moves: list[Move] = []
    append = moves.append
    get = stops.get
    loopy = t.loopy  # states on fields a move might come back to: reached, the search goes exact
    for k in range(1, roll + 1):
        turning = k == 1 and first is not None
        nxt: dict[int, dict[int, tuple[Hex, ...]]] = {}
        for r, row in layer.items():
            here = nxt.get(r)
            if here is None:
                here = nxt[r] = {}
            squeal = here  # the row of a step that changes direction: one squeal more on 7–9
            if reckless:
                row2 = nxt.get(r + 1)
                squeal = nxt[r + 1] = {} if row2 is None else row2
            for s, path in row.items():
                es = edges[s]
                if es is None:  # the field's tables are made as the search first reaches it
                    es = t.edges_of(pit, s)
                for to, turns, j, h in [e for e in es if e[0] % WAYS in only] if turning else es:
                    if j not in bad:
                        (squeal if turns else here)[to] = path + h
                bes = branch_edges[s]
                if bes:
                    bes = tuple(e for e in bes if e[0] % WAYS in only) if turning else bes
                    _branch_steps(t, board, gear, reckless, choices, nxt, r, path, bes, bad)
        short = roll - k
        for r, row in nxt.items():
            if not row:
                continue
            if loopy and k <= roll - MIN_LOOP and not loopy.isdisjoint(row):
                return _search_exactly(course, start, facing, roll, board, gear, reckless, facing_rule, first)
            sq, ch = r & 15, _choice_of(choices, r >> 4)
            if facing_rule:
                if short:
                    for s, path in row.items():
                        bl, bk = get(s, _NOT_BLOCKED)
                        append(_new(Move, (start, path, s % WAYS, sq, short, False, bl, bk, ch, 0)))
                else:
                    for s, path in row.items():
                        append(_new(Move, (start, path, s % WAYS, sq, 0, False, False, None, ch, 0)))
            else:  # the facing is forgotten: one move per field
                seen: set[int] = set()
                for s, path in row.items():
                    at = s - s % WAYS + NOWAY
                    if at not in seen:
                        seen.add(at)
                        bl, bk = get(at, _NOT_BLOCKED) if short else _NOT_BLOCKED
                        append(_new(Move, (start, path, None, sq, short, False, bl, bk, ch, 0)))
        layer = nxt
    if not moves:  # nowhere to go: the car is blocked where it stands
        moves.append(Move(start, (), facing, 0, roll, blocked=True, bonk=get(start_state, _NOT_BLOCKED)[1]))
    return moves


def _blocks(t: Tables, board: Board) -> tuple[set[int], set[int], dict[int, tuple[bool, Hex | None]]]:
    """The fields (by number) of flipped caps, of every blocked field, and the states right before
    a blocked field with the flipped cap each would lift (the first ahead) – as `_stop` rules:
    further on, or level with every field next to it blocked."""
    index, hexes, behind, ahead, front = t.index, t.hexes, t.behind, t.ahead, t.front
    steps = t.course.steps
    flipped = {index[h] for h in board.flipped if h in steps}
    bad = flipped | {index[h] for h in board.full if h in steps}
    stops: dict[int, tuple[bool, Hex | None]] = {}
    near: set[int] = set()
    for x in bad:
        near.update(behind[x])
    for s in near:
        group = front[s] if any(a in bad for a in front[s]) else ahead[s] if all(a in bad for a in ahead[s]) else ()
        if group:
            stops[s] = (True, next((hexes[a] for a in group if a in flipped), None))
    return flipped, bad, stops


def _choice_of(choices: dict[Choice, int], n: int) -> Choice:
    if n == 0:
        return ()
    return next(c for c, i in choices.items() if i == n)


def _branch_steps(
    t: Tables,
    board: Board,
    gear: int,
    reckless: bool,
    choices: dict[Choice, int],
    nxt: dict[int, dict[int, tuple[Hex, ...]]],
    r: int,
    path: tuple[Hex, ...],
    steps: tuple[BranchEdge, ...],
    bad: set[int],
) -> None:
    """The steps onto branch fields from one path (racerbile.split): into the row of the choice."""
    ch = _choice_of(choices, r >> 4)
    for to, turn, j, h, b, pit in steps:
        if j in bad or (pit and gear != 1):
            continue
        ok, ch2 = _keeps_branch(t.branches[b], board, ch)
        if not ok:
            continue
        c2 = choices.setdefault(ch2, len(choices))
        r2 = c2 * 16 + (r & 15) + (1 if reckless and turn else 0)
        nxt.setdefault(r2, {})[to] = path + h


def _keeps_branch(branch: tuple[int, str], board: Board, choice: Choice) -> tuple[bool, Choice]:
    """Whether a step onto a field of `branch` keeps to the split's chosen branch, and the choice
    after (racerbile.split)."""
    split, name = branch
    chosen = board.branch(split)
    if chosen is None:
        for sp, nm in choice:
            if sp == split:
                chosen = nm
    if chosen is None:
        return True, choice + (branch,)
    return chosen == name, choice


def _search_exactly(
    course: Course, start: Hex, facing: int | None, roll: int, board: Board, gear: int, reckless: bool, facing_rule: bool,
    first: frozenset[int] | None = None,
) -> list[Move]:
    """1–9 on a course where a move might come back to a field (`first`: as `_search`): a step at
    a time, one path kept per (state, squeals, choice, the fields driven it could still come back
    to). Progress never falls along a move short of a lap, so it can come back only to a field of
    the progress it is at that lies on a loop of such fields (`Tables.on_loop`) – to any field
    driven (and the start) on a lap of 12 or fewer –, and only to one driven at least `MIN_LOOP`
    steps before the roll runs out. Two paths alike in all that drive on alike."""
    t = course.tables
    index, levels, loopy = t.index, t.levels, t.loopy
    lap = t.lap_loops
    _, bad, stops = _blocks(t, board)
    get = stops.get
    pit = gear == 1
    edges, branch_edges = t.edges[pit], t.branch_edges
    only = first if first is not None else frozenset()
    i0 = index[start]
    s0 = i0 * WAYS + (NOWAY if facing is None else facing)
    Key = tuple[int, int, Choice, frozenset[int]]  # (state, squeals, choice, the fields it could come back to)
    layer: dict[Key, tuple[Hex, ...]] = {(s0, 0, (), frozenset((i0,)) if lap or s0 in loopy else _NO_FIELDS): ()}
    found: dict[tuple[Hex, int | None, int, int, Choice], Move] = {}
    for k in range(1, roll + 1):
        turning = k == 1 and first is not None
        keep = k <= roll - MIN_LOOP  # a field driven now could still be come back to
        nxt: dict[Key, tuple[Hex, ...]] = {}
        for (s, sq, ch, back), path in layer.items():
            level = levels[s // WAYS]
            es = edges[s]
            if es is None:
                es = t.edges_of(pit, s)
            steps: Iterable[tuple[int, int, int, tuple[Hex], Choice]] = [(to, turns, j, h, ch) for to, turns, j, h in es]
            bes = branch_edges[s]
            if bes:
                steps = [*steps, *_branch_steps_exactly(t, board, gear, ch, bes)]
            for to, turns, j, h, ch2 in steps:
                if j in bad or j in back or (turning and to % WAYS not in only):
                    continue
                if lap:
                    back2 = back | {j} if keep else back
                elif levels[j] == level:
                    back2 = back | {j} if keep and to in loopy else back
                else:
                    back2 = frozenset((j,)) if keep and to in loopy else _NO_FIELDS
                key = (to, sq + turns if reckless else sq, ch2, back2)
                if key not in nxt:
                    nxt[key] = path + h
        short = roll - k
        for (s, sq, ch, _), path in nxt.items():
            face = s % WAYS if facing_rule else None
            n = path[-1]
            if (n, face, sq, k, ch) not in found:
                at = s if facing_rule else s - s % WAYS + NOWAY
                blocked, bonk = get(at, _NOT_BLOCKED) if short else _NOT_BLOCKED
                found[(n, face, sq, k, ch)] = _new(Move, (start, path, face, sq, short, False, blocked, bonk, ch, 0))
        layer = nxt
    if not found:
        return [Move(start, (), facing, 0, roll, blocked=True, bonk=get(s0, _NOT_BLOCKED)[1])]
    return list(found.values())


def _branch_steps_exactly(
    t: Tables, board: Board, gear: int, ch: Choice, steps: tuple[BranchEdge, ...],
) -> Iterator[tuple[int, int, int, tuple[Hex], Choice]]:
    """The steps onto branch fields that keep to the split's branch (racerbile.split), with the
    choice after – as `_search_exactly` takes them."""
    for to, turn, j, h, b, into_pit in steps:
        if into_pit and gear != 1:
            continue
        ok, ch2 = _keeps_branch(t.branches[b], board, ch)
        if ok:
            yield to, 1 if turn else 0, j, h, ch2


def _flat_out(course: Course, start: Hex, facing: int | None, roll: int, board: Board, gear: int, facing_rule: bool) -> list[Move]:
    """10–12: straight on, no braking; the way is the facing, or (none) the player's pick of the first step."""
    if facing is not None:
        ways = [facing]
    else:
        ways = sorted({d for _, d in course.steps[start]})
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
            ok, choice = _may_enter(course, cur, n, gear, board, choice)
            if not ok:  # the wrong branch or the pit lane off first gear: it cannot turn in
                off = True
                break
            path.append(n)
            cur = n
        face = d if facing_rule else None
        moves.append(Move(start, tuple(path), face, 0, roll - len(path), off_track=off, blocked=blocked, bonk=bonk, choice=choice))
    if facing is None and len(moves) > 1:
        # free to pick the way, a car does not pick one blocked at once – unless every way is
        # (then it stands: one move, lifting the first flipped cap ahead)
        going = [m for m in moves if m.path]
        if going:
            moves = going
        else:
            bonk = next((m.bonk for m in moves if m.bonk is not None), None)
            moves = [Move(start, (), None, 0, roll, blocked=True, bonk=bonk)]
    return list(dict.fromkeys(moves))  # two ways may end alike once the facing is forgotten


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
        raise ValueError(phrase(N_("the car must drive at least one field (it is not blocked); {n} moves are legal"), n=len(legal)))
    if off_track or roll <= 0:
        raise ValueError(phrase(N_("the car does not drive this turn")))
    if len(path) > roll:
        raise ValueError(phrase(N_("{n} fields is more than the {roll} rolled"), n=len(path), roll=roll))
    # the path itself, step by step: why it is not legal, or its squeals, facing and branch choice
    kind = driving(roll)
    cur, f = start, facing
    squeals, choice = 0, cast(Choice, ())
    corner: tuple[int, frozenset[int]] | None = None
    if kind is not Driving.FLAT_OUT and facing is not None and cornered(course, start, facing):
        corner, f = corner_ways(course, start, facing, board, gear), None
    seen = {start}
    for i, n in enumerate(path):
        step = next((d for m, d in course.steps.get(cur, ()) if m == n), None)
        if step is None:
            if (n - cur) in DIRECTIONS and (n in course.pit or cur in course.pit):
                raise ValueError(phrase(N_("step {step}: the pit lane is one way – in only from its entry field to its first field, out only from its last field (racerbile.lemans.pit)"), step=i + 1))
            raise ValueError(phrase(N_("step {step}: {field} is not a forward field next to {at}"), step=i + 1, field=f"{n.q},{n.r}", at=f"{cur.q},{cur.r}"))
        if i == 0 and corner is not None and facing is not None:
            turn, ways = corner
            if step not in ways:
                raise ValueError(phrase(N_("step 1: turning {deg}° out of the corner – the smallest turn to a forward field is {least}° (racerbile.turn)"), deg=60 * _turn(step, facing), least=60 * turn))
            squeals += turn if kind is Driving.RECKLESS else 0
        if f is not None and _turn(step, f) > 1:
            raise ValueError(phrase(N_("step {step}: turning {deg}° from {at} – at most 60° (racerbile.turn)"), step=i + 1, deg=60 * _turn(step, f), at=f"{cur.q},{cur.r}"))
        if kind is Driving.FLAT_OUT and f is not None and step != f:
            raise ValueError(phrase(N_("step {step}: no turning on {roll} (racerbile.flat_out)"), step=i + 1, roll=roll))
        if n in seen:
            raise ValueError(phrase(N_("step {step}: {field} was driven already"), step=i + 1, field=f"{n.q},{n.r}"))
        ok, after = _may_enter(course, cur, n, gear, board, choice)
        if not ok:
            raise ValueError(phrase(N_("step {step}: {why}"), step=i + 1, why=_refusal(course, cur, n, gear, board, choice)))
        choice = after
        if kind is Driving.RECKLESS and f is not None and step != f:
            squeals += 1
        seen.add(n)
        cur, f = n, step
    for m in legal.to(path[-1]):
        if len(m.path) == len(path) and m.squeals == squeals and m.choice == choice and (not facing_rule or m.facing == f):
            return Move(start, tuple(path), m.facing, m.squeals, m.short, m.off_track, m.blocked, m.bonk, m.choice, m.sharp)
    if kind is Driving.FLAT_OUT:
        raise ValueError(phrase(N_("on {roll} the car cannot brake: {path} stops short (racerbile.flat_out)"), roll=roll, path=format_path(path)))
    raise ValueError(phrase(N_("the path {path} is not one of the {n} legal moves"), path=format_path(path), n=len(legal)))


def _refusal(course: Course, frm: Hex, n: Hex, gear: int, board: Board, choice: Choice) -> str:
    """Why a car on `frm` may not drive onto the forward field `n`, naming the rule that forbids it."""
    at = f"{n.q},{n.r}"
    if n in board.flipped:
        return phrase(N_("{at} is blocked by a flipped cap – nobody passes or lands there (racerbile.field.blocking)"), at=at)
    if n in board.full:
        return phrase(N_("{at} holds two caps – no way through for a car from behind (racerbile.stack)"), at=at)
    if n in course.pit and frm not in course.pit and gear != 1:
        return phrase(N_("{at} is the pit lane – entered in first gear only, not in gear {gear} (racerbile.lemans.pit)"), at=at, gear=gear)
    b = course.branch_of.get(n)
    if b is not None:
        split, name = b
        chosen = board.branch(split) or next((nm for sp, nm in choice if sp == split), None)
        if chosen is None:
            return phrase(N_("{at} is on the branch {name} – everyone takes another branch at this split (racerbile.split)"), at=at, name=repr(name))
        return phrase(N_("{at} is on the branch {name} – everyone takes the branch {chosen} at this split (racerbile.split)"), at=at, name=repr(name), chosen=repr(chosen))
    return phrase(N_("{at} may not be driven onto"), at=at)
