"""The special-shot solver behind `python main.py demo SHOT` (no pygame).

Given a rack and a wanted shot, it searches launch parameters through the real physics
(`physics.world.simulate`) until the classified outcomes (`game.bierpong.classify`) form the shot:
`physics.aim` seeds each throw (a point on a cup's rim, its centre, or the table short of it), then a
deterministic search varies the elevation, the aim point, the speed, the direction and the spin.
A roller starts from aim points just outside a rim (a glance towards a neighbour), then the rim.
A candidate is dropped as soon as its first contact (the free flight, the aiming model's) or its
events rule the shot out; the rest are simulated to the end. The work is bounded by candidate throws
(`budget`) and physics steps (`MAX_STEPS`, about 1–2 s), never by the clock: nothing is random, so a
request solves to the same throws – or the same "cannot be found" – every time.

The shots and the throw sequences that make them (hit cups leave the rack after each round; a
throw is always on the cups then standing, upright and in their places):
  bounce      a bounce hit (bierpong.art14)
  roller      a roller (bierpong.art15)
  bombe       both throws of a round into the same cup (bierpong.art20)
  island      the neighbours of the most isolated cup hit away, then that cup – an island – hit (art22)
  trickshot   a ball that comes back (art19), then the fetched ball thrown from where it lies: a hit
  air_ball    a ball that touches nothing and leaves over the far end (art23)
  balls_back  both throws of a round hit, two different cups (art13)
  on_fire     three hits in a row (art21)
  dead_cup    a hit whose cup stays standing, a miss ending the round, then the dead cup hit (art18)
  konter      the last cup hit (one throw, one hit), then the counter on the full rack: one throw, one
              hit with the same kind of shot (art10)
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.bierpong.classify import classify, knocked_over
from game.bierpong.outcome import Outcome
from game.i18n import N_
from game.rules.frozen import replace
from game.rules.phrase import phrase
from physics.aim import speed_for
from physics.constants import CONST
from physics.events import BallContact, CupContact, CupTipped, Event, TableBounce
from physics.flight import flight_step, spin_step
from physics.table import Cup, formation
from physics.world import DONE, Table, Throw, Timeline, simulate

SHOTS = ("bounce", "roller", "bombe", "island", "trickshot", "air_ball", "balls_back", "on_fire", "dead_cup", "konter")
RELEASE: tuple[float, float, float] = (0.0, 0.0, 0.45)  # the ball leaves the hand above the near edge (as PongScene)
ANGLES = (45.0, 35.0, 55.0, 25.0, 65.0)  # elevations tried, in order (degrees)
SPEEDS = (1.0, 0.995, 1.005, 0.99, 1.01, 0.98, 1.02)  # speed factors on the seeded throw
YAWS = (0.0, 0.4, -0.4, 0.8, -0.8)  # degrees of direction added to the seeded throw
SPINS: tuple[tuple[float, float, float], ...] = ((0.0, 0.0, 0.0), (0.0, -60.0, 0.0), (0.0, 60.0, 0.0), (0.0, -150.0, 0.0))
NEIGHBOUR = 1.15 * 2.0 * CONST.cup_rim_radius  # centre distance of neighbouring cups (the Decisions)
MAX_TIME = 8.0  # s of simulation per throw
MAX_STEPS = 330_000  # physics work per request, in steps (with the budget of throws: "cannot be found" in bounded time)
SPACE_STEPS = 9  # a step with the ball in the pymunk space (low by a cup) costs about as much as 9 in the air
TABLE_STEPS = 65  # building a table (its pymunk space) costs about as much as 65 steps
AIM_STEPS = 120  # aiming one seed (`speed_for`: a root of the flight model) costs about as much as 120
_AIMED = [0]  # seeds aimed in this process (the search charges the new ones to its work)


class NotFound(Exception):
    """The search ran out of its budget (candidate throws or physics steps) without finding the shot."""

    tries = 0  # candidate throws tried before it gave up (set by the search)


@dataclass(frozen=True)
class SolvedThrow:
    """One throw of a solution: the rack it meets, the throw, its timeline and what it was."""

    cups: tuple[Cup, ...]
    throw: Throw
    timeline: Timeline
    outcome: Outcome
    tipped: tuple[int, ...]
    note: str  # its part in the shot ("round 1, throw 1", "the fetched ball", …)


@dataclass(frozen=True)
class Solution:
    shot: str
    throws: tuple[SolvedThrow, ...]
    summary: str  # the classification in words: "roller: cups 3 → 1"
    tries: int  # candidate throws tried (simulated, or ruled out by their free flight)
    steps: int = 0  # physics steps the search ran (its budget: `MAX_STEPS`)


@dataclass(frozen=True)
class _Goal:
    """A wanted outcome and the facts that rule it out early (a candidate stops at the first one)."""

    ok: Callable[[Outcome, tuple[int, ...]], bool]
    clean: bool = False  # no cup may tip
    flat: bool = False  # no touch-down on the table (the hit must not be a bounce)
    untouched: bool = False  # no contact of any kind (an air ball)


def _first_contact(rack: Sequence[Cup], th: Throw, steps: list[int]) -> str:
    """Where the free flight of `th` could first touch something: "cup" (it comes near a cup: a contact
    is possible, the margin covers the space's rounding), "table" (it lands on the table with no cup
    near its path) or "none" (it leaves over an edge first). The same flight step as the world's;
    `steps[0]` counts the steps flown."""
    c = CONST
    dt, k, g, km = c.dt, c.drag_k, c.gravity, c.magnus_k
    r, reach = c.ball_radius, c.cup_rim_radius + c.ball_radius + 0.02
    top = c.cup_height + c.rim_lip + 0.03 + r
    x, y, z = th.release
    vx, vy, vz = th.velocity
    spin = th.spin
    spinning = spin != (0.0, 0.0, 0.0)
    half = c.table_width / 2.0
    t = 0.0
    while t < MAX_TIME:
        steps[0] += 1
        if spinning:
            vx, vy, vz = spin_step(vx, vy, vz, spin, dt, k, g, km)
        else:
            vx, vy, vz = flight_step(vx, vy, vz, dt, k, g)
        x, y, z = x + vx * dt, y + vy * dt, z + vz * dt
        t += dt
        if z < top and any((x - cp.x) ** 2 + (y - cp.y) ** 2 < reach * reach for cp in rack):
            return "cup"
        if not (0.0 <= x <= c.table_length and abs(y) <= half):
            return "none" if z - r > 0.0 else "cup"  # below the table's top off its edge: let the world say
        if z - r <= 0.0 and vz < 0.0:
            return "table"
    return "cup"


def _ruled_out(goal: _Goal, events: Sequence[Event]) -> bool:
    for e in events:
        if goal.clean and isinstance(e, CupTipped):
            return True
        if goal.flat and isinstance(e, TableBounce):
            return True
        if goal.untouched and isinstance(e, (TableBounce, CupContact, CupTipped, BallContact)):
            return True
    return False


class _Search:
    """Candidates in order against a goal, within `budget` throws and `MAX_STEPS` of physics work
    (steps, weighted by what they cost: `SPACE_STEPS`, `TABLE_STEPS`, `AIM_STEPS`).

    A candidate stops as soon as its events rule the goal out (a touch-down for a roller, a tipped
    cup for a clean hit) or its free flight does (`_first_contact`); a candidate that stays possible
    runs to its end, and a solving one is simulated once more by `simulate` for its timeline. So the
    search finds exactly the throw a full simulation of every candidate would, and its work is
    bounded by weighted steps, not the clock: the same request gives the same answer."""

    def __init__(self, budget: int, max_steps: int = MAX_STEPS) -> None:
        self.budget = budget
        self.max_steps = max_steps
        self.tries = 0
        self.steps = 0
        self._aimed = _AIMED[0]

    def _try(self, rack: tuple[Cup, ...], th: Throw, goal: _Goal) -> SolvedThrow | None:
        if self.tries >= self.budget or self.steps >= self.max_steps:
            e = NotFound(f"no solution within {self.budget} simulated throws" if self.tries >= self.budget
                         else f"no solution within {self.max_steps} simulated steps")
            e.tries = self.tries
            raise e
        self.tries += 1
        self.steps += (_AIMED[0] - self._aimed) * AIM_STEPS
        self._aimed = _AIMED[0]
        if goal.flat or goal.untouched:
            n = [0]
            first = _first_contact(rack, th, n)
            self.steps += n[0] // 4  # a bare flight step is about a quarter of a table's
            if first == "table" or (goal.untouched and first == "cup"):
                return None
        table = Table(rack)
        table.throw(th)
        ball = table._balls[0]  # as `simulate` reads it: whether it is in the space
        self.steps += TABLE_STEPS
        events: list[Event] = []
        t, dt = 0.0, table.DT
        while ball.mode != DONE and t < MAX_TIME:
            ev = table.step()
            t += dt
            self.steps += SPACE_STEPS if ball.in_space else 1
            if ev:
                if _ruled_out(goal, ev):
                    return None
                events += ev
        if not goal.ok(classify(events), knocked_over(events)):
            return None
        tl = simulate(rack, th, max_time=MAX_TIME)
        out, tipped = classify(tl.events), knocked_over(tl.events)
        return SolvedThrow(rack, th, tl, out, tipped, "") if goal.ok(out, tipped) else None

    def find(self, cups: Sequence[Cup], candidates: Iterator[Throw], goal: _Goal, note: str) -> SolvedThrow | None:
        rack = tuple(cups)
        for th in candidates:
            st = self._try(rack, th, goal)
            if st is not None:
                return replace(st, note=note)
        return None

    def all(self, cups: Sequence[Cup], candidates: Callable[[], Iterator[Throw]], goal: _Goal,
            note: str) -> Iterator[SolvedThrow]:
        """Every solving throw, in search order (for shots whose later throws depend on the earlier)."""
        rack = tuple(cups)
        for th in candidates():
            st = self._try(rack, th, goal)
            if st is not None:
                yield replace(st, note=note)


# --- candidates: seeded by physics.aim, then varied ------------------------------------------------

def _turn(th: Throw, yaw_deg: float, factor: float, spin: tuple[float, float, float]) -> Throw:
    vx, vy, vz = (v * factor for v in th.velocity)
    a = math.radians(yaw_deg)
    ca, sa = math.cos(a), math.sin(a)
    return Throw(th.release, (vx * ca - vy * sa, vx * sa + vy * ca, vz), spin)


def _varied(seeds: Callable[[], Iterator[Throw]], spins: Sequence[tuple[float, float, float]] = SPINS[:1]) -> Iterator[Throw]:
    """The seeds as aimed, then each variation tier over all seeds (the nearest variations first)."""
    tiers = [(0.0, 1.0)] + [(y, f) for f in SPEEDS for y in YAWS if (y, f) != (0.0, 1.0)]
    aimed: list[Throw] | None = None  # the seeds, aimed once (on the first pass, lazily)
    for spin in spins:
        for yaw, f in tiers:
            if aimed is None:
                aimed = []
                for th in seeds():
                    aimed.append(th)
                    yield _turn(th, yaw, f, spin)
            else:
                for th in aimed:
                    yield _turn(th, yaw, f, spin)


def _aimed(release: tuple[float, float, float], points: Sequence[tuple[float, float]], *, height: float = CONST.cup_height,
           angles: Sequence[float] = ANGLES) -> Iterator[Throw]:
    for ang in angles:
        for p in points:
            _AIMED[0] += 1
            try:
                yield speed_for(release, p, ang, height=height)
            except ValueError:
                continue


def _rim_points(c: Cup, radii: Sequence[float] = (0.035, 0.045, 0.055), n: int = 12) -> list[tuple[float, float]]:
    return [(c.x + r * math.cos(2 * math.pi * k / n), c.y + r * math.sin(2 * math.pi * k / n)) for r in radii for k in range(n)]


def _roller_points(c: Cup) -> list[tuple[float, float]]:
    """Just outside the rim all round (where a ball glances off a rim towards a neighbour), then
    the rim points."""
    return _rim_points(c, (0.05,), 24) + _rim_points(c)


def _centre_points(c: Cup) -> list[tuple[float, float]]:
    return [(c.x, c.y), (c.x - 0.01, c.y), (c.x + 0.01, c.y), (c.x, c.y - 0.01), (c.x, c.y + 0.01)]


def _short_points(c: Cup, release: tuple[float, float, float]) -> list[tuple[float, float]]:
    """Points on the table on the line towards the cup, short of it (for bounces)."""
    out = []
    for d in (0.5, 0.6, 0.8, 0.4, 0.3, 0.7, 0.9):
        s = (math.hypot(c.x - release[0], c.y - release[1]) - d) / math.hypot(c.x - release[0], c.y - release[1])
        out.append((release[0] + (c.x - release[0]) * s, release[1] + (c.y - release[1]) * s))
    return out


def _seeds(cups: Sequence[Cup], targets: Sequence[int], points: Callable[[Cup], Sequence[tuple[float, float]]], *,
           release: tuple[float, float, float], height: float = CONST.cup_height,
           angles: Sequence[float] = ANGLES) -> Callable[[], Iterator[Throw]]:
    """Aimed throws at the `points` of each target cup, in order (a fresh generator per call)."""
    by_id = {c.id: c for c in cups}

    def gen() -> Iterator[Throw]:
        for cid in targets:
            yield from _aimed(release, points(by_id[cid]), height=height, angles=angles)
    return gen


def _roller_seeds(cups: Sequence[Cup], targets: Sequence[int], release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    return _seeds(cups, targets, _roller_points, release=release)


def _hit_seeds(cups: Sequence[Cup], targets: Sequence[int], release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    return _seeds(cups, targets, _centre_points, release=release)


def _rim_seeds(cups: Sequence[Cup], targets: Sequence[int], release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    return _seeds(cups, targets, _rim_points, release=release)


def _bounce_seeds(cups: Sequence[Cup], targets: Sequence[int], release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    return _seeds(cups, targets, lambda c: _short_points(c, release), release=release, height=CONST.ball_radius,
                  angles=(40.0, 50.0, 30.0, 20.0, 60.0))


def _air_seeds(release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    def gen() -> Iterator[Throw]:
        for x in (3.2, 3.6, 4.0):
            yield from _aimed(release, [(x, release[1] * 0.5)], height=0.3, angles=(30.0, 40.0, 20.0))
    return gen


def _miss_seeds(release: tuple[float, float, float]) -> Callable[[], Iterator[Throw]]:
    """Into the table beside the rack and off its side: a plain miss."""
    def gen() -> Iterator[Throw]:
        for y in (0.26, -0.26, 0.2, -0.2):
            yield from _aimed(release, [(1.8, y), (1.6, y)], height=CONST.ball_radius, angles=(40.0, 30.0))
    return gen


def _front_first(cups: Sequence[Cup]) -> list[int]:
    """Cup ids front (nearest the thrower) first, then across from the middle."""
    return [c.id for c in sorted(cups, key=lambda c: (round(c.x, 4), abs(c.y), c.y))]


def _clean(pred: Callable[[Outcome], bool], *, flat: bool = False) -> _Goal:
    """A wanted outcome that knocks no cup over (`flat`: and never touches down on the table)."""
    return _Goal(lambda o, tipped: not tipped and pred(o), clean=True, flat=flat)


def _plain(o: Outcome) -> bool:
    return o.hit and not o.bounced and not o.roller


def _without(cups: Sequence[Cup], *ids: int | None) -> tuple[Cup, ...]:
    return tuple(c for c in cups if c.id not in ids)


def _neighbours(cups: Sequence[Cup], cup: Cup) -> list[Cup]:
    return [c for c in cups if c.id != cup.id and math.hypot(c.x - cup.x, c.y - cup.y) <= NEIGHBOUR]


# --- the shots ------------------------------------------------------------------------------------

def solve(shot: str, cups: Sequence[Cup] | None = None, *, budget: int = 20000,
          release: tuple[float, float, float] = RELEASE, max_steps: int = MAX_STEPS) -> Solution:
    """The throws that make `shot` on the rack `cups` (default: the full 10-cup triangle).
    ValueError for an unknown shot; NotFound when `budget` candidate throws or `MAX_STEPS` physics
    steps do not find it."""
    if shot not in SHOTS:
        raise ValueError(f"unknown shot {shot!r} (one of {', '.join(SHOTS)})")
    rack = tuple(cups) if cups is not None else formation("triangle10")
    if not rack:
        raise ValueError("the rack has no cups")
    s = _Search(budget, max_steps)
    throws, summary = _SOLVERS[shot](s, rack, release)
    return Solution(shot, tuple(throws), summary, s.tries, s.steps)


Solved = tuple[list[SolvedThrow], str]


def _need(t: SolvedThrow | None, what: str) -> SolvedThrow:
    if t is None:
        raise NotFound(f"no throw found for {what}")
    return t


def _bounce(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    ids = _front_first(rack)
    t = _need(s.find(rack, _varied(_bounce_seeds(rack, ids, rel)),
                     _clean(lambda o: o.hit and o.bounced and not o.roller), phrase(N_("the bounce"))), "a bounce")
    return [t], phrase(N_("bounce: cup {cup} (touched down at {where})"), cup=t.outcome.cup, where=_first_bounce(t))


def _first_bounce(t: SolvedThrow) -> str:
    from physics.events import TableBounce
    b = next((e for e in t.timeline.events if isinstance(e, TableBounce)), None)
    return "?" if b is None else f"x {b.x:.2f} m"


def _roller(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    ids = _front_first(rack)
    t = _need(s.find(rack, _varied(_roller_seeds(rack, ids, rel)), _clean(lambda o: o.roller and not o.bounced, flat=True),
                     phrase(N_("the roller"))), "a roller")
    o = t.outcome
    path = [c for c in o.touched if c != o.cup]
    return [t], phrase(N_("roller: cups {cups}"), cups=" → ".join(str(c) for c in (*path, o.cup)))


def _hit_on(s: _Search, rack: tuple[Cup, ...], targets: Sequence[int], rel: tuple[float, float, float], note: str,
            pred: Callable[[Outcome], bool] = _plain) -> SolvedThrow | None:
    return s.find(rack, _varied(_hit_seeds(rack, targets, rel)), _clean(lambda o: pred(o) and o.cup in targets, flat=pred is _plain), note)


def _bombe(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    for cid in _front_first(rack):
        first = _hit_on(s, rack, [cid], rel, phrase(N_("round 1, throw 1")))
        if first is None:
            continue
        y = -0.08 if rel[1] >= 0 else 0.08  # the second ball from another spot: a different arc
        second = _hit_on(s, rack, [cid], (rel[0], y, rel[2]), phrase(N_("round 1, throw 2: the same cup")))
        if second is not None:
            return [first, second], phrase(N_("bombe: cup {cup} twice in one round"), cup=cid)
    raise NotFound("no bombe found")


def _island(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    order = {cid: i for i, cid in enumerate(_front_first(rack))}
    island = min(rack, key=lambda c: (len(_neighbours(rack, c)), order[c.id]))
    throws: list[SolvedThrow] = []
    now = rack
    for n in sorted(_neighbours(rack, island), key=lambda c: order[c.id]):
        t = _need(_hit_on(s, now, [n.id], rel, phrase(N_("clear cup {cup}"), cup=n.id), pred=lambda o: o.hit), f"a hit on cup {n.id}")
        throws.append(t)
        now = _without(now, n.id)
    assert not _neighbours(now, island)
    t = _need(_hit_on(s, now, [island.id], rel, phrase(N_("\"Island!\" – cup {cup}"), cup=island.id), pred=lambda o: o.hit), "the island")
    throws.append(t)
    cleared = ", ".join(str(x.outcome.cup) for x in throws[:-1])
    return throws, phrase(N_("island: cups {cleared} off, cup {cup} alone – called and hit"), cleared=cleared, cup=island.id)


def _trickshot(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    ids = _front_first(rack)

    def seeds() -> Iterator[Throw]:
        yield from _varied(_rim_seeds(rack, ids[:3], rel), SPINS)
    for back in s.all(rack, seeds, _clean(lambda o: o.back), phrase(N_("comes back"))):
        from physics.events import Settled
        rest = next(e for e in reversed(back.timeline.events) if isinstance(e, Settled))
        half = CONST.table_width / 2 - 0.05
        fetched = (min(rest.x, CONST.centre - 0.05), max(-half, min(half, rest.y)), rel[2])
        again = _hit_on(s, rack, ids, fetched, phrase(N_("the fetched ball: trickshot")), pred=lambda o: o.hit)
        if again is not None:
            return [back, again], (f"trickshot: back to x {rest.x:.2f} m, fetched, thrown from there: "
                                   f"{again.outcome}")
    raise NotFound("no trickshot found")


def _air_ball(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    t = _need(s.find(rack, _varied(_air_seeds(rel)), _Goal(lambda o, tipped: o.air, untouched=True), phrase(N_("the air ball"))), "an air ball")
    return [t], phrase(N_("air ball: touched nothing, over the far end"))


def _balls_back(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    ids = _front_first(rack)
    first = _need(_hit_on(s, rack, ids, rel, phrase(N_("round 1, throw 1")), pred=lambda o: o.hit), "a first hit")
    rest = [i for i in ids if i != first.outcome.cup]
    second = _need(_hit_on(s, rack, rest, rel, phrase(N_("round 1, throw 2")), pred=lambda o: o.hit), "a second hit")
    return [first, second], phrase(N_("balls back: cups {a} and {b} in one round"), a=first.outcome.cup, b=second.outcome.cup)


def _on_fire(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    throws: list[SolvedThrow] = []
    now = rack
    notes = (phrase(N_("hit 1")), phrase(N_("hit 2: \"Heating up!\"")), phrase(N_("hit 3: \"On fire!\"")))
    for note in notes:
        if not now:
            raise NotFound("the rack ran out of cups")
        t = _need(_hit_on(s, now, _front_first(now), rel, note, pred=lambda o: o.hit), note)
        throws.append(t)
        now = _without(now, t.outcome.cup)
    return throws, phrase(N_("on fire: three hits in a row – cups {cups}"), cups=", ".join(str(t.outcome.cup) for t in throws))


def _dead_cup(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    ids = _front_first(rack)
    first = _need(_hit_on(s, rack, ids, rel, phrase(N_("round 1, throw 1: a hit")), pred=lambda o: o.hit), "a hit")
    cid = first.outcome.cup
    assert cid is not None
    miss = _need(s.find(rack, _varied(_miss_seeds(rel)), _Goal(lambda o, tipped: not tipped and o == Outcome(), clean=True),
                        phrase(N_("round 1, throw 2: a miss – cup {cup} is left standing"), cup=cid)), "a miss")
    again = _need(_hit_on(s, rack, [cid], (rel[0], -0.08, rel[2]), phrase(N_("round 2: the dead cup {cup}"), cup=cid),
                          pred=lambda o: o.hit), "the dead cup")
    return [first, miss, again], phrase(N_("dead cup: cup {cup} left standing after the round, hit again – the game is won"), cup=cid)


def _konter(s: _Search, rack: tuple[Cup, ...], rel: tuple[float, float, float]) -> Solved:
    last = next(c for c in rack if c.id == _front_first(rack)[0])  # B's last cup: the tip of the rack
    alone = (last,)
    finish = _need(_hit_on(s, alone, [last.id], rel, phrase(N_("A: the last cup {cup}"), cup=last.id), pred=_plain), "the last cup")
    counter = _need(_hit_on(s, rack, _front_first(rack), rel, phrase(N_("B: the counter, 1 throw")), pred=_plain), "the counter")
    return [finish, counter], phrase(N_("konter: A hits the last cup {cup} with 1 throw; B counters with 1 throw, 1 hit (cup {hit}) – A throws again"),
                                     cup=last.id, hit=counter.outcome.cup)


_SOLVERS: dict[str, Callable[[_Search, tuple[Cup, ...], tuple[float, float, float]], Solved]] = {
    "bounce": _bounce,
    "roller": _roller,
    "bombe": _bombe,
    "island": _island,
    "trickshot": _trickshot,
    "air_ball": _air_ball,
    "balls_back": _balls_back,
    "on_fire": _on_fire,
    "dead_cup": _dead_cup,
    "konter": _konter,
}
