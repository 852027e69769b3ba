"""Racerbile bots: `careful`, `racer`, `stalin` and `random` (racerbile.option.stalin is Stalin's style).

A bot acts for the seat on turn: `make_race_bot(kind).act(state, rng) -> action`. Chance (the dice,
the roll for the order) is not a bot's business: the match draws it. The bots are deterministic;
only `random` draws from the `rng` it is handed (the match's seeded generator), so the same seed
gives the same race.

Every bot rolls for the order (`startroll`), names the leading opponent on the 42 field
(racerbile.lemans.field42) and, at Le Mans, hands the wheel to the least-drunk teammate – free in
the pit (racerbile.lemans.pit) once the driver has drunk `PIT_CHANGE` sips more, and outside it
(a beer for the newcomer, racerbile.lemans.driver_change) only at `OUTSIDE_CHANGE` sips more.

- `careful` drinks as few sips per field as it can. Gear: the one (of those open) with the lowest
  expected sips per field driven, reckoned from the dice (each die 1–4 after 5s and 6s are rolled
  again, racerbile.too_fast; a sip per 1, racerbile.clutch; the triple clutch fault), from what
  the best move from where the car stands would cost for every total (squeals on 7–9, leaving the
  track on 10–12, fewer fields, downshift fields – an `Outlook` per (field, facing) from one move
  search on an empty board, kept for the race), a chosen downshift's sip, and the chance of
  ending the next turn in front or last (racerbile.turn: it keeps to the middle of the pack).
  Move: the most fields less `SIP_WEIGHT` per sip, counting the beer of leaving the track, the
  sips of a downshift field, and (with facing, in third gear) the risk of ending where going
  straight soon leaves the track. At Le Mans it drops to first gear before the pit entry when it
  wants a change of driver, and drives into the pit.
- `racer` drives as far as it can: up towards third gear, the furthest move, squeals accepted –
  but it stays on the track whenever a move does, and avoids downshift fields when that costs
  nothing in distance.
- `stalin` shifts up whenever it may, takes every blocking field it can reach and leaves the track
  at every chance (racerbile.option.stalin).
- `random` takes a uniform legal action (for tests).

No bot but `random` ends a move where its facing leaves no forward step within 60° (`dead_end`:
a lane change sideways can end so, and the car would stand there for good) unless every move does.
"""
from __future__ import annotations

import random
from functools import lru_cache
from math import comb, erf, sqrt
from typing import Callable, Mapping, Protocol

from game.hexgrid import Hex
from game.racerbile.actions import Action, Drive, Driver, Name, Order, Shift
from game.racerbile.course import Course
from game.racerbile.moves import Board, LegalMoves, Move, legal_moves
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, RaceState
from game.racerbile.track import Kind
from game.rules import racerbile as R

SIP_WEIGHT = 5.0
"""Fields the careful bot gives up to save a sip (about the inverse of its sips per field)."""
TURN_SIPS = 0.3
"""Sips a turn costs whatever the gear besides the front/last sip (being overtaken, midway): faster
gears spread it over more fields."""
UP_SIPS = 0.3
"""What the careful bot charges the upshift to third gear: the downshift it may cost later (against see-sawing)."""
OFF_TEMPO = 2.0
"""What leaving the track costs in sips on top of its sips and beer: reversing and first gear next turn."""
PIT_CHANGE = 6
"""Le Mans: sips more than the least-drunk teammate for a free change of driver in the pit."""
OUTSIDE_CHANGE = 33
"""Le Mans: sips more than the least-drunk teammate for a change outside the pit (a beer for him)."""
PIT_APPROACH = 12
"""Le Mans: fields before the pit entry within which the careful bot goes down to first gear."""
PIT_BONUS = 3.0
"""Fields the careful bot gives for ending in the pit lane when it wants a change of driver."""
PIT_TEMPO = 2.0
"""Fields the bots give up not to end in the pit lane otherwise (it is driven in first gear)."""


class RaceBot(Protocol):
    name: str

    def act(self, state: RaceState, rng: random.Random) -> Action: ...


# --- the dice ------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def totals(gear: int) -> tuple[tuple[int, float], ...]:
    """The totals of `gear` dice, each 1–4 (5s and 6s are rolled again), with their probabilities."""
    dist = {0: 1.0}
    for _ in range(gear):
        nxt: dict[int, float] = {}
        for t, p in dist.items():
            for f in range(1, 5):
                nxt[t + f] = nxt.get(t + f, 0.0) + p / 4
        dist = nxt
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=None)
def too_fast_sips(gear: int) -> float:
    """Expected racerbile.too_fast sips of a roll of `gear` dice: each die shows 5 or 6 a geometric
    number of times (p = 1/3 a throw), so their sum F is negative binomial; the fault is max(0, F − 2)."""
    p, q = 2 / 3, 1 / 3
    return sum(max(0, k - 2) * comb(k + gear - 1, k) * p**gear * q**k for k in range(200))


def dice_sips(gear: int, beer: float, smash_drop: int) -> float:
    """Expected sips of the dice alone: clutch faults, 5s and 6s, and the triple clutch fault
    (`beer` sips instead of three, and `smash_drop` sips for the gears the smashed box drops)."""
    sips = gear / 4 + too_fast_sips(gear)
    if gear == 3:
        triple = (1 / 4) ** 3
        sips += triple * (beer + smash_drop - 3)
    return sips


@lru_cache(maxsize=None)
def flat_out_chance(gear: int) -> float:
    return sum(p for t, p in totals(gear) if t >= 10)


# --- the course ----------------------------------------------------------------------------


def gain(course: Course, start: Hex, end: Hex) -> int:
    """Fields of progress from `start` to `end` (a move never goes back, so over the line it wraps)."""
    return (course.progress[end] - course.progress[start]) % course.lap


Steps = list[list[tuple[int, int, bool]]]  # per number of steps k: (gain, squeals, downshift end)
Flat = dict[int, list[tuple[int, int, bool, bool]]]  # per total 10–12: (gain, short, off, downshift end)


class Outlook:
    """What the moves from one (field, facing) offer for every total, on an empty board (the other
    caps move on before it matters; the split choices made so far hold).

    `steps[k]` (k = 1–9): the moves of k steps worth considering as (gain, squeals, ends on a
    downshift field) – per end kind, only those that squeal less than every move that gets further;
    `flat[t]` (t = 10–12): the straight ways as (gain, fields short, off the track, downshift end)."""

    __slots__ = ("steps", "flat", "_tables")

    def __init__(self, steps: Steps, flat: Flat) -> None:
        self.steps = steps
        self.flat = flat
        self._tables: dict[tuple[int, float], list[tuple[float, float]]] = {}

    def table(self, gear: int, weight: float) -> list[tuple[float, float]]:
        """(progress, sips) of the best move – the most fields less `weight` per sip – for every
        total 0–9 rolled in `gear`."""
        tab = self._tables.get((gear, weight))
        if tab is None:
            tab = [(0.0, 0.0)]
            for t in range(1, 10):
                best, best_score = (0.0, float(t)), -weight * t
                reckless = t >= 7
                for k in range(1, t + 1):
                    for g, sq, down in self.steps[k]:
                        sips = (t - k) + (sq if reckless else 0) + (gear - 1 if down else 0)
                        score = g - weight * sips
                        if score > best_score:
                            best, best_score = (float(g), float(sips)), score
                tab.append(best)
            self._tables[(gear, weight)] = tab
        return tab

    def flat_value(self, t: int, gear: int, off_extra: float, weight: float) -> tuple[float, float]:
        """(progress, sips) of the best straight way for a flat-out total `t`; leaving the track
        costs `off_extra` sips on top of the fields short."""
        best, best_score = (0.0, float(t)), -weight * t
        for g, short, off, down in self.flat.get(t, ()):
            sips = short + off_extra if off else short + (gear - 1 if down else 0)
            score = g - weight * sips
            if score > best_score:
                best, best_score = (float(g), float(sips)), score
        return best


class CourseMemo:
    """What the bots reckon from a course alone, kept while the course lives."""

    __slots__ = ("course", "_dead", "_runs", "_outlooks")

    def __init__(self, course: Course) -> None:
        self.course = course
        self._dead: dict[tuple[Hex, int], bool] = {}
        self._runs: dict[tuple[Hex, int], int] = {}
        self._outlooks: dict[tuple[object, ...], Outlook] = {}

    def dead_end(self, h: Hex, facing: int | None) -> bool:
        """Whether a car on `h` facing `facing` can go nowhere: no forward step within 60° of its
        facing (a lane change sideways can end so; the car would stand there for good)."""
        if facing is None:
            return False
        key = (h, facing)
        v = self._dead.get(key)
        if v is None:
            v = self._dead[key] = not any((d - facing) % 6 in (0, 1, 5) for _, d in self.course.steps.get(h, ()))
        return v

    def straight_run(self, h: Hex, d: int) -> int:
        """How many fields a car on `h` facing `d` can go straight on before it leaves the track (≤ 12)."""
        key = (h, d)
        n = self._runs.get(key)
        if n is None:
            steps = self.course.steps
            n, cur = 0, h
            while n < 12:
                nxt = next((m for m, e in steps.get(cur, ()) if e == d), None)
                if nxt is None:
                    break
                n, cur = n + 1, nxt
            self._runs[key] = n
        return n

    def outlook(self, pos: Hex, facing: int | None, chosen: Mapping[int, str], facing_rule: bool) -> Outlook:
        """The `Outlook` of a car on `pos` facing `facing` (one move search, then kept)."""
        course = self.course
        pit = pos in course.pit
        picked = tuple(sorted(chosen.items()))
        key = (pos, facing, picked, pit, facing_rule)
        hit = self._outlooks.get(key)
        if hit is not None:
            return hit
        empty = Board(frozenset(), frozenset(), dict(picked))
        kinds = course.kinds
        fronts: list[dict[tuple[bool, int], int]] = [{} for _ in range(10)]
        for m in legal_moves(course, pos, facing, 9, empty, gear=1 if pit else 2, facing_rule=facing_rule):
            k = len(m.path)
            if not k or self.dead_end(m.end, m.facing):
                continue
            g = gain(course, pos, m.end)
            down = kinds.get(m.end) is Kind.DOWNSHIFT
            slot = fronts[k]
            if slot.get((down, g), 99) > m.squeals:
                slot[(down, g)] = m.squeals
        steps: Steps = [[] for _ in range(10)]
        for k in range(1, 10):
            least: dict[bool, int] = {}
            for (down, g), sq in sorted(fronts[k].items(), key=lambda x: (-x[0][1], x[1])):
                if sq < least.get(down, 99):
                    least[down] = sq
                    steps[k].append((g, sq, down))
        flat: Flat = {}
        for t in (10, 11, 12):
            flat[t] = [
                (gain(course, pos, m.end), m.short, m.off_track, bool(m.path) and not m.off_track and kinds.get(m.end) is Kind.DOWNSHIFT)
                for m in legal_moves(course, pos, facing, t, empty, gear=3, facing_rule=facing_rule)
            ]
        if len(self._outlooks) > 50_000:
            self._outlooks.clear()
        ol = self._outlooks[key] = Outlook(steps, flat)
        return ol


_MEMOS: dict[int, CourseMemo] = {}


def clear_memos() -> None:
    """Forget what the bots reckoned of every course (benchmarks start cold)."""
    _MEMOS.clear()


def course_memo(course: Course) -> CourseMemo:
    memo = _MEMOS.get(id(course))
    if memo is None or memo.course is not course:
        if len(_MEMOS) > 32:
            _MEMOS.clear()
        memo = _MEMOS[id(course)] = CourseMemo(course)
    return memo


# --- shared decisions ----------------------------------------------------------------------


def leading_opponent(state: RaceState, seat: int) -> int:
    """The best-placed opponent (a team put out ranks last, racerbile.lemans.judges)."""
    return next(s for s in state.standings() if s != seat)


def beer_left(state: RaceState, seat: int) -> int:
    return state.ledger[state.driver(seat)].beer_left


def beer_size(state: RaceState, seat: int) -> int:
    return state.ledger[state.driver(seat)].drink.sips


def off_track_sips(state: RaceState, seat: int, short: int) -> float:
    """What leaving the track costs: the fields short, the rest of the beer (Racerbile), a whole
    beer (racerbile.option.off_track_full_beer), and the lost tempo."""
    sips = short + OFF_TEMPO
    if state.variant != R.BABYBILE:
        sips += beer_left(state, seat)
    if state.profile["off_track_full_beer"]:
        sips += beer_size(state, seat)
    return sips


def change_driver(state: RaceState, seat: int) -> str | None:
    """The teammate to hand the wheel to now, if any (Le Mans; see the module doc)."""
    crew = state.drivers[seat]
    if len(crew) < 2:
        return None
    led = state.ledger
    cur = state.driver(seat)
    mine = led[cur].sips
    other = min((d for d in crew if d != cur), key=lambda d: led[d].sips)
    diff = mine - led[other].sips
    in_pit = state.cars[seat].pos in state.course.pit
    if (in_pit and diff >= PIT_CHANGE) or diff >= OUTSIDE_CHANGE:
        return other
    return None


def wants_pit(state: RaceState, seat: int) -> bool:
    crew = state.drivers[seat]
    if not state.lemans or len(crew) < 2 or not state.course.pit:
        return False
    led = state.ledger
    cur = state.driver(seat)
    return led[cur].sips - min(led[d].sips for d in crew if d != cur) >= PIT_CHANGE


TRIAL_SECONDS = {"racer": (5.5, 8.5), "stalin": (5.0, 7.5), "careful": (8.0, 12.0)}  # a beer emptied, by the bot's kind


def trial_seconds(kind: str, seed: int, seat: int) -> float:
    """The seconds a bot takes to empty its beer in the time trial (racerbile.variant.racerbile):
    set by its kind and the match's seed, so nobody types a time for it and a replay sees the same."""
    lo, hi = TRIAL_SECONDS.get(kind, (6.5, 10.5))
    return round(random.Random(seed * 131 + seat).uniform(lo, hi), 1)


class Base:
    """The moves every bot makes alike; subclasses choose the gear and the move."""

    name = "base"

    def act(self, state: RaceState, rng: random.Random) -> Action:
        phase = state.phase
        if phase == ORDER:
            return Order()
        t = state.turn
        if t is None or state.current_player() != t.seat:
            raise ValueError("a bot acts only for the seat on turn")
        if phase == GEAR:
            if state.lemans and not t.changed_driver:
                who = change_driver(state, t.seat)
                if who is not None:
                    return Driver(who)
            shifts = state.shifts()
            if state.cars[t.seat].pos in state.course.pit and len(shifts) > 1:
                # the pit lane is driven in first gear (racerbile.lemans.pit): higher, the car stands
                return Shift(-1 if -1 in shifts else 0)
            return Shift(self.gear(state, t.seat, shifts))
        if phase == MOVE:
            return Drive(self.move(state, t.seat, state.moves()).path)
        if phase == NAME42:
            if all(state.cars[s].out for s in range(len(state.players)) if s != t.seat):
                return Name("")  # every opponent is out: name nobody (racerbile.lemans.field42)
            return Name(state.driver(leading_opponent(state, t.seat)))
        raise ValueError(f"nothing for a bot to decide in phase {phase!r}")

    def gear(self, state: RaceState, seat: int, shifts: list[int]) -> int:
        return 1 if 1 in shifts else 0

    def move(self, state: RaceState, seat: int, moves: LegalMoves) -> Move:
        raise NotImplementedError


class RandomBot:
    """A uniform legal action, drawn from the match's generator."""

    name = "random"

    def act(self, state: RaceState, rng: random.Random) -> Action:
        if state.phase == ORDER:
            return Order()
        return rng.choice(state.legal_actions())


class RacerBot(Base):
    """As far as it can: up to third gear, the furthest move; off the track only when it must."""

    name = "racer"

    def move(self, state: RaceState, seat: int, moves: LegalMoves) -> Move:
        course = state.course
        memo = course_memo(course)
        start = state.cars[seat].pos
        gear = state.turn.gear if state.turn else 1
        kinds = course.kinds
        prog, lap, p0 = course.progress, course.lap, course.progress[start]
        # the ends, furthest first (a downshift field, in 2nd or 3rd gear, after an equal end)
        pit = course.pit
        ranked = sorted(
            ((prog[e] - p0) % lap - (PIT_TEMPO if e in pit and e != start else 0), not (gear > 1 and e != start and kinds.get(e) is Kind.DOWNSHIFT), e)
            for e in moves.ends()
        )
        ranked.reverse()
        i = 0
        while i < len(ranked):
            j = i
            while j < len(ranked) and ranked[j][:2] == ranked[i][:2]:
                j += 1
            best: Move | None = None
            for _, _, e in ranked[i:j]:
                for m in moves.to(e):  # cheapest first
                    if not m.off_track and not memo.dead_end(e, m.facing):
                        if best is None or m.sips < best.sips:
                            best = m
                        break
            if best is not None:
                return best
            i = j

        def key(m: Move) -> tuple[bool, bool, int, int]:  # every move leaves the track or ends dead
            return (not m.off_track, not memo.dead_end(m.end, m.facing), gain(course, start, m.end), -m.sips)

        return max(moves, key=key)


class StalinBot(Base):
    """Always up, onto every blocking field it reaches, off the track at every chance
    (racerbile.option.stalin)."""

    name = "stalin"

    def move(self, state: RaceState, seat: int, moves: LegalMoves) -> Move:
        course = state.course
        memo = course_memo(course)
        start = state.cars[seat].pos
        ms = list(moves)
        off = [m for m in ms if m.off_track]
        if off:
            return max(off, key=lambda m: (len(m.path), -m.sips))
        block = [m for m in ms if m.path and course.kinds.get(m.end) is Kind.BLOCKING and not memo.dead_end(m.end, m.facing)]
        pool = block or ms
        pit = course.pit
        return max(pool, key=lambda m: (not memo.dead_end(m.end, m.facing), gain(course, start, m.end) - (PIT_TEMPO if m.path and m.end in pit else 0), -m.sips))


class CarefulBot(Base):
    """Fewest expected sips per field (see the module doc)."""

    name = "careful"

    def __init__(self, sip_weight: float = SIP_WEIGHT, turn_sips: float = TURN_SIPS, up_sips: float = UP_SIPS) -> None:
        self.sip_weight = sip_weight
        self.turn_sips = turn_sips
        self.up_sips = up_sips

    def gear(self, state: RaceState, seat: int, shifts: list[int]) -> int:
        if len(shifts) == 1:
            return shifts[0]
        car = state.cars[seat]
        course = state.course
        base = 1 if car.first_gear else car.gear
        pit = state.track.pit
        if pit is not None and wants_pit(state, seat) and 0 <= gain(course, car.pos, pit.entry) <= PIT_APPROACH:
            if base > 1 and -1 in shifts:
                return -1  # into the pit lane in first gear, for a free change of driver
            if base == 1 and 0 in shifts:
                return 0
        board = state.board_for(seat)
        ol = course_memo(course).outlook(car.pos, car.facing if state.facing_rule else None, board.chosen or {}, state.facing_rule)
        beer = beer_left(state, seat)
        smash = 0 if state.variant == R.BABYBILE else 1  # the smashed box drops the gears to first
        full = state.profile["triple_clutch_full_beer"] or state.profile["smashed_gearbox_zero"]
        triple_beer = beer_size(state, seat) if full else beer
        off_extra = off_track_sips(state, seat, 0)
        w = self.sip_weight
        pack = _pack(state, seat)
        best_d, best_r = 0, float("inf")
        for d in sorted(shifts, reverse=True):  # ties go to the higher gear
            g = base + d
            sips = dice_sips(g, triple_beer, smash * (g - 1)) + self.turn_sips + (1 if d < 0 else self.up_sips if d > 0 and g == 3 else 0)
            fields = 0.0
            tab = ol.table(g, w)
            for t, p in totals(g):
                gn, sp = tab[t] if t <= 9 else ol.flat_value(t, g, off_extra, w)
                sips += p * sp
                fields += p * gn
            if pack is not None:
                sips += front_last_chance(pack, fields, g)
            ratio = sips / max(fields, 0.05)
            if ratio < best_r - 1e-9:
                best_d, best_r = d, ratio
        return best_d

    def move(self, state: RaceState, seat: int, moves: LegalMoves) -> Move:
        course = state.course
        memo = course_memo(course)
        dead, run = memo.dead_end, memo.straight_run
        start = state.cars[seat].pos
        t = state.turn
        gear = t.gear if t else 1
        kinds = course.kinds
        prog, lap, p0 = course.progress, course.lap, course.progress[start]
        off_extra = off_track_sips(state, seat, 0)
        w = self.sip_weight
        risk = 0.0
        if state.facing_rule and gear == 3:
            risk = w * min(1.0, flat_out_chance(3) * (off_extra + 1.0))
        pit_bonus = (PIT_BONUS if wants_pit(state, seat) else -PIT_TEMPO) if course.pit else 0.0
        down_sips = gear - 1
        pit = course.pit
        ends: dict[Hex, float] = {}  # per end: its progress minus what landing there costs
        best: Move | None = None
        best_key = (float("-inf"), 0.0)
        for m in moves:
            path = m.path
            end = path[-1] if path else start
            base = ends.get(end)
            if base is None:
                base = float((prog[end] - p0) % lap)
                if path and kinds.get(end) is Kind.DOWNSHIFT:
                    base -= w * down_sips
                if pit_bonus and end in pit:
                    base += pit_bonus
                ends[end] = base
            if m.off_track:
                sips = m.squeals + m.short + off_extra
                score = base - w * sips + (w * down_sips if path and kinds.get(end) is Kind.DOWNSHIFT else 0.0)
            else:
                sips = m.short + m.squeals
                score = base - w * sips
                f = m.facing
                if f is not None:
                    if dead(end, f):
                        score -= 1000.0
                    elif risk and run(end, f) < 10:
                        score -= risk
            if score > best_key[0] or (score == best_key[0] and -sips > best_key[1]):
                best, best_key = m, (score, -sips)
        assert best is not None
        return best


def _pack(state: RaceState, seat: int) -> tuple[int, float, float] | None:
    """Where the car stands against the others a turn from now: its distance, and the furthest and
    the nearest of the others after one more turn each at 2.5 fields a die (None: alone)."""
    others = [s for s in range(len(state.players)) if s != seat]
    if not others:
        return None
    ahead = []
    for o in others:
        c = state.cars[o]
        ahead.append(state.distance(o) + 2.5 * (1 if c.first_gear or c.off else c.gear))
    return state.distance(seat), max(ahead), min(ahead)


SQRT2 = sqrt(2)


def front_last_chance(pack: tuple[int, float, float], fields: float, gear: int) -> float:
    """The chance of drinking the front/last sip next turn (racerbile.turn) when the car drives
    `fields` on average in `gear`: a normal guess at where it ends against the front and the tail."""
    me, front, tail = pack
    sd = (sqrt(1.25 * (gear + 2)) + 1.0) * SQRT2
    at = me + fields
    return 0.5 * (1 + erf((at - front) / sd)) + 0.5 * (1 + erf((tail - at) / sd))


BOTS: dict[str, Callable[[], RaceBot]] = {
    "careful": CarefulBot,
    "racer": RacerBot,
    "stalin": StalinBot,
    "random": RandomBot,
}


def make_race_bot(kind: str) -> RaceBot:
    """A bot of `kind` (careful, racer, stalin, random); ValueError names the valid ones."""
    try:
        return BOTS[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; valid bots: {', '.join(BOTS)}") from None
