"""Set up Racerbile races on the shipped tracks and drive them through the public actions.

`race(...)` starts a race and settles the order (`times …` for Racerbile and Le Mans, `start N`
outcomes for Babybile) so that the seats play in the order given. `Race.play("gear up", "dice 421",
"drive 3,4 4,4")` applies actions written in the notation and returns their rulings; `turn(...)`
plays a whole turn with chosen dice; `position(...)` drives cars onto chosen fields through
ordinary turns (a chosen dice outcome is an action, so the dice are ours). Fields are found by
their kind and progress along the course (`field_of`), never by coordinates.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from math import ceil
from typing import Iterable, Mapping, Sequence

from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.actions import parse_action
from game.racerbile.course import Course
from game.racerbile.moves import Move, format_path
from game.racerbile.state import GEAR, MOVE, NAME42, ROLL, START_ROLL, Car, RaceState
from game.racerbile.track import Kind
from game.racerbile.tracks import find_track
from game.rules import racerbile as R
from game.rules.ledger import Drink
from game.rules.ruling import Ruling, What


@dataclass
class Race:
    """A race in play: the current state and every ruling so far."""

    state: RaceState
    rulings: list[Ruling] = field(default_factory=list)

    def roll(self, *dice: str, gear: str = "hold") -> list[Ruling]:
        """The gear (when the turn offers a choice) and the dice of the seat on turn."""
        out = self.play(f"gear {gear}") if self.state.phase == GEAR else []
        return out + self.play(*(f"dice {d}" for d in dice))

    def play(self, *actions: str) -> list[Ruling]:
        """Apply actions in the notation, in order; the rulings they caused."""
        out: list[Ruling] = []
        for text in actions:
            step = self.state.apply(parse_action(text))
            self.state = step.state
            out += step.rulings
        self.rulings += out
        return out

    # --- who and where ---------------------------------------------------------------------

    @property
    def course(self) -> Course:
        return self.state.course

    @property
    def on_turn(self) -> str:
        """The seat (player or team) on turn."""
        t = self.state.turn
        assert t is not None
        return self.state.players[t.seat]

    def seat(self, name: str) -> int:
        return self.state.seat_of(name)

    def car(self, name: str) -> Car:
        return self.state.cars[self.seat(name)]

    def pos(self, name: str) -> Hex:
        return self.car(name).pos

    def drunk(self, who: str) -> int:
        """Sips drunk in all (the ledger)."""
        return self.state.ledger[who].sips

    def beer_left(self, who: str) -> int:
        return self.state.ledger[who].beer_left


def race(
    *players: str,
    variant: str = R.BABYBILE,
    track: str = "babybane",
    drivers: Sequence[Sequence[str]] | None = None,
    drinks: Mapping[str, Drink] | None = None,
    **options: object,
) -> Race:
    """A race of `players` (default Anna and Bo) whose order is settled: the seats play in the
    order given (Babybile by a roll for the order, the others by time-trial times)."""
    names = players or ("Anna", "Bo")
    profile = R.SPEC.make(variant, **options)
    step = RaceState.start(names, profile, track=find_track(track).track, drivers=drivers, drinks=drinks)
    r = Race(step.state, list(step.rulings))
    if variant == R.BABYBILE:
        while r.state.phase == START_ROLL:  # the group still to roll (more than six players: ties)
            r.play(*(f"start {max(6 - i, 1)}" for i in range(len(r.state.groups[0]))))
    else:
        r.play("times " + " ".join(str(10 + 5 * i) for i in range(len(names))))
    return r


# --- rulings -------------------------------------------------------------------------------


def sips(rulings: Iterable[Ruling], who: str, rule: str | None = None) -> int:
    """The sips handed to `who` by these rulings (under `rule`, if given)."""
    return sum(r.amount for r in rulings if r.who == who and r.what is What.SIPS and (rule is None or r.rule == rule))


def of(rulings: Iterable[Ruling], rule: str, what: What | None = None, who: str | None = None) -> list[Ruling]:
    return [r for r in rulings if r.rule == rule and (what is None or r.what is what) and (who is None or r.who == who)]


def words(rulings: Iterable[Ruling]) -> list[str]:
    """Every call-out of these rulings, in order."""
    return [w for r in rulings for w in r.words]


# --- the course ----------------------------------------------------------------------------


def field_of(course: Course, kind: Kind, after: int = 0, nth: int = 0) -> Hex:
    """The `nth` field of `kind` (by progress, then coordinates) with progress of at least `after`."""
    found = sorted((p, h) for h, p in course.progress.items() if course.kinds.get(h) is kind and p >= after)
    return found[nth][1]


def steps_to(course: Course, goal: Hex) -> dict[Hex, int]:
    """The fewest forward steps from every field of the course to `goal` (round the lap if need be)."""
    back: dict[Hex, list[Hex]] = {}
    for h, out in course.steps.items():
        for n, _ in out:
            back.setdefault(n, []).append(h)
    dist = {goal: 0}
    todo = deque([goal])
    while todo:
        h = todo.popleft()
        for p in back.get(h, ()):
            if p not in dist:
                dist[p] = dist[h] + 1
                todo.append(p)
    return dist


def before(course: Course, target: Hex, k: int = 1, lane_kind: Kind = Kind.NORMAL) -> Hex:
    """A field of `lane_kind` exactly `k` forward steps before `target` (the lowest progress one)."""
    dist = steps_to(course, target)
    found = sorted((course.progress[h], h) for h, d in dist.items() if d == k and course.kinds.get(h) is lane_kind and course.progress[h] < course.progress[target])
    if not found:
        raise LookupError(f"no {lane_kind} field {k} steps before {target}")
    return found[0][1]


def direction(a: Hex, b: Hex) -> int:
    return DIRECTIONS.index(b - a)


# --- turns ---------------------------------------------------------------------------------


def drive_text(path: Sequence[Hex]) -> str:
    return "drive " + format_path(tuple(path))


def farthest(course: Course, moves: Iterable[Move]) -> Move:
    """The move that gets furthest along the course, on the track, at the fewest sips."""
    return min(moves, key=lambda m: (-gain(course, m), m.off_track, m.sips, -len(m.path)))


def gain(course: Course, m: Move) -> int:
    """How far along the course a move gets (over the line included)."""
    return (course.progress[m.end] - course.progress[m.start]) % course.lap


def turn(
    r: Race, dice: str | Sequence[str], to: Hex | Sequence[Hex] | None = None, gear: str = "hold", toward: Hex | None = None
) -> list[Ruling]:
    """One whole turn of the seat on turn: the gear (if asked), the dice (re-rolls included: a list
    of outcomes), and the move – to the field `to` (the cheapest way), along the path `to`, as near
    to the field `toward` as the roll goes, or (neither) as far as the roll goes."""
    out: list[Ruling] = []
    if r.state.phase == GEAR:
        out += r.play(f"gear {gear}")
    for d in [dice] if isinstance(dice, str) else dice:
        assert r.state.phase == ROLL, f"no dice rolling (phase {r.state.phase})"
        out += r.play(f"dice {d}")
    assert r.state.phase == MOVE, f"the dice have not all landed (phase {r.state.phase})"
    out += r.play(drive_text(pick(r, to) if toward is None else closer(r, toward)))
    return out


def closer(r: Race, goal: Hex) -> tuple[Hex, ...]:
    """The path of the legal move that ends fewest steps from `goal` (then the cheapest)."""
    d = steps_to(r.course, goal)
    return min(r.state.moves(), key=lambda m: (d.get(m.end, 10**6), m.sips, -len(m.path))).path


def pick(r: Race, to: Hex | Sequence[Hex] | None = None) -> tuple[Hex, ...]:
    """The path of a legal move: to the field `to` (cheapest, longest), the path `to`, or the farthest."""
    moves = r.state.moves()
    if to is None:
        return farthest(r.course, moves).path
    if isinstance(to, Hex):
        ms = sorted(moves.to(to), key=lambda m: (m.sips, -len(m.path)))
        if not ms:
            raise AssertionError(f"no legal move to {to} (roll {r.state.turn.roll if r.state.turn else '?'})")
        return ms[0].path
    return tuple(to)


def position(r: Race, goals: Mapping[str, Hex], max_turns: int = 400) -> list[Ruling]:
    """Play ordinary turns (back to first gear, then one die) until every named seat stands on its
    goal field as a round begins (the first seat of the order on turn). Seats without a goal
    dawdle, keeping to free normal fields. The arrivals are timed so that all cars with a goal reach
    it in the same round; goals must be at least as many fields away as that takes turns."""
    c = r.course
    dists = {r.seat(n): steps_to(c, g) for n, g in goals.items()}
    want = {r.seat(n): g for n, g in goals.items()}
    out: list[Ruling] = []
    first = r.state.order[0]
    for _ in range(max_turns):
        st = r.state
        t = st.turn
        assert t is not None
        if t.seat == first and all(st.cars[s].pos == g for s, g in want.items()):
            return out
        if st.phase == GEAR:
            open_ = st.shifts()
            out += r.play("gear " + ("down" if -1 in open_ else "hold" if 0 in open_ else "up"))
            continue
        if st.phase == NAME42:
            out += r.play(f"name {st.legal_actions()[0].player}")  # type: ignore[union-attr]
            continue
        if st.phase == ROLL:
            out += r.play(f"dice {_roll_for(r, t.seat, dists, want, t.pending)}")
            continue
        assert st.phase == MOVE
        moves = st.moves()
        if t.seat in want:
            d = dists[t.seat]
            best = min(moves, key=lambda m: (d.get(m.end, 10**6), m.off_track, c.kinds.get(m.end) is not Kind.NORMAL and m.end != want[t.seat], m.sips))
        else:
            best = min(moves, key=lambda m: (c.kinds.get(m.end) is not Kind.NORMAL, m.off_track, _taken(st, m.end), len(m.path)))
        out += r.play(drive_text(best.path))
    raise AssertionError(f"could not bring the cars to {dict(goals)} in {max_turns} turns")


def _taken(st: RaceState, h: Hex) -> bool:
    return any(c.pos == h for c in st.cars)


def _roll_for(r: Race, seat: int, dists: Mapping[int, Mapping[Hex, int]], want: Mapping[int, Hex], dice: int) -> str:
    """The dice that bring `seat` towards its goal in step with the others (first gear: one die):
    every car with a goal arrives in the round that ends as the first seat of the order comes up."""
    st = r.state
    if seat not in want:
        return "2" * dice
    here = st.order.index(seat)
    left = {s: dists[s].get(st.cars[s].pos, 10**6) for s in want}

    def turns(s: int, rounds: int) -> int:  # turns `s` has before the first seat comes up again
        return rounds if st.order.index(s) >= here else rounds - 1

    rounds = 1
    while any(left[s] > 4 * turns(s, rounds) for s in want):
        rounds += 1
    per = max(dice, min(4, ceil(left[seat] / rounds)))
    faces = [1] * dice
    for i in range(per - dice):
        faces[i % dice] += 1
    return "".join(map(str, faces))


def third_gear(r: Race) -> None:
    """Play Anna (first in order) and Bo up to Anna's turn in third gear, her dice about to roll."""
    turn(r, "2")
    turn(r, "2")
    turn(r, "11", gear="up")
    turn(r, "2")
    r.play("gear up")
    assert r.on_turn == "Anna" and r.car("Anna").gear == 3 and r.state.phase == ROLL
