"""Bierpong bots that throw through the real physics (no pygame).

A bot aims like a player. `BierpongBots.plan(state, player)` is the one aiming decision – the
headless games (`act`) and the live scene both throw what it returns: a target cup (a Dead Cup –
hitting it wins at once, bierpong.art18; a called Island, bierpong.art22; in a Konter the cup its
special shot needs, bierpong.art10; else the cup with the most standing neighbours, nearest the
rack's centre, so a near miss still finds a cup), a plain aim solved with `physics.aim` or a bounce
aim (`bounce_throw`: touch the table short of the cup, then drop in, bierpong.art14 – found once per
rack and cup by a small deterministic search through the physics, then cached), spread by skill
(elevation, speed and direction; trickshots wilder). The headless bot simulates that throw with
`physics.world.simulate` on the defending rack and lets the referee's classifier
(`game.bierpong.classify.read`) say what the ball did; the action it plays is `Throw(player, outcome)`.

Bounce aims: always when a Konter must repeat a bounce, otherwise with the small chance
`Skill.bounce` (no look at the defenders' swatting). A Konter after a Bombe aims again at a cup the
counter has hit; after an Island, at an island of the rack if there is one. In a team game the two
standard throws of a round are sometimes thrown at once (`Skill.together`, bierpong.art4): both balls
simulated on the same rack, played as one `Together` – never swatted in headless play.

The racks in `BierpongState` stand as their opponents see them (thrown at from x = 0, standing at
the far end – `Side`/`Rack`), so a thrower always releases at x = 0 and throws at `rack.cups` as
they are. Everything random comes from the `random.Random` the caller passes (the match's seeded
generator), so a game is reproducible.

Besides throwing, the bots call "Heating up" and "On fire" whenever they may (bierpong.art21),
Island when the rack has fallen apart or a good player fancies it, swat bounced balls and catch air
balls sometimes (bierpong.art14, bierpong.art23), fetch balls that come back mostly
(bierpong.art19), and remove their cups keeping the rack compact (adjacent extras first, as
bierpong.art3 demands, then the choice that leaves the most touching pairs and fewest islands).
They never leave a hit cup standing (no Dead Cups of their own).
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from game.bierpong.actions import (
    Action,
    Begin,
    Call,
    Catch,
    EndRound,
    Fetch,
    Leave,
    Remove,
    Swat,
    Throw,
    Throwoff,
    ThrowoffBall,
    Together,
)
from game.bierpong.classify import classify, knocked_over, read
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.rack import Rack
from game.bierpong.state import (
    CALLS,
    CHOOSE,
    KONTER,
    PLAY,
    REMOVE,
    THROWOFF,
    BierpongState,
)
from game.errors import IllegalAction
from physics.aim import speed_for
from physics.constants import CONST
from physics.table import Cup, formation
from physics.world import Throw as PhysThrow
from physics.world import simulate

RELEASE_X = 0.0
RELEASE_Z = 0.45  # m above the table: the hand over the near edge (as game.bierpong.solver)
RELEASE_Y = 0.12  # m, the hand is anywhere within this of the table's middle line


@dataclass(frozen=True, slots=True)
class Skill:
    """How a bot throws and reacts. The spread is one scale `spread` times unit spreads:
    elevation ±`ANGLE_SD`°, speed ±`SPEED_SD` (relative) and direction ±`DIR_SD`° (standard
    deviations of normal noise on the aimed release)."""

    name: str
    spread: float
    swat: float  # chance to swat a bounced ball that would drop in (bierpong.art14)
    catch: float  # chance to catch an air ball (bierpong.art23)
    fetch: float  # chance to fetch a ball that came back (bierpong.art19)
    island: float  # chance to call Island on an island when other cups still touch (bierpong.art22)
    elevation: float  # degrees, the preferred arc
    bounce: float = 0.0  # chance to throw a bounce shot when no Konter demands one (bierpong.art14)
    together: float = 0.0  # chance to throw a round's two standard balls at once in a team game (bierpong.art4)


ANGLE_SD = 1.0  # degrees of elevation per unit of spread
SPEED_SD = 0.01  # relative speed per unit of spread
DIR_SD = 0.5  # degrees of direction per unit of spread
TRICK_FACTOR = 1.5  # a trickshot (thrown from wherever the ball lay) is wilder

# The spreads were obtained once with `calibrate(skill, target, n=10_000, seed=7, lo=0.5, hi=10.0,
# steps=13)` – bisection on the spread until 10,000 throws at a full 10-cup triangle hit at the
# band's middle (casual 20 %, regular 28 %, good 36 %, pro 45 %) – and are hard-coded here.
# Measured at these spreads over 10,000 other throws (seed 2026): casual 20.2 %, regular 27.9 %,
# good 35.9 %, pro 44.7 %. tests/bots/test_bierpong_bots.py checks with `hit_rate` over a few hundred
# throws that casual stays in 15–25 % and pro in 40–50 %.
# Swats and catches (`Skill.swat`, `Skill.catch`) are drawn from the match's seeded generator, one
# draw per chance: a casual bot rarely swats (1 in 20 bounced balls that would drop in), a regular
# one about every sixth, a pro every second (docs/bierpong-table.md; tests/bots/test_bierpong_bots.py
# measures them over many seeded decisions).
SKILLS: dict[str, Skill] = {
    "casual": Skill("casual", 5.399, swat=0.05, catch=0.15, fetch=0.6, island=0.0, elevation=45.0,
                    bounce=0.0, together=0.05),
    "regular": Skill("regular", 3.931, swat=0.15, catch=0.3, fetch=0.75, island=0.1, elevation=50.0,
                     bounce=0.05, together=0.15),
    "good": Skill("good", 2.953, swat=0.3, catch=0.5, fetch=0.85, island=0.25, elevation=52.0,
                  bounce=0.1, together=0.25),
    "pro": Skill("pro", 1.869, swat=0.5, catch=0.7, fetch=0.95, island=0.4, elevation=55.0,
                 bounce=0.15, together=0.3),
}
BAND_TARGETS = {"casual": 0.20, "regular": 0.28, "good": 0.36, "pro": 0.45}


def skill_of(name: str) -> Skill:
    try:
        return SKILLS[name]
    except KeyError:
        raise ValueError(f"unknown skill {name!r}; skills: {', '.join(SKILLS)}") from None


# --- aiming and throwing -------------------------------------------------------------------------


def target_cup(rack: Rack, *, dead: frozenset[int] = frozenset(), called: int | None = None,
               allowed: Sequence[int] | None = None) -> int:
    """The cup to aim at: a called Island, else a Dead Cup, else the cup with the most standing
    neighbours, nearest the rack's centre (ties: the lower id)."""
    ids = [c for c in rack.ids if allowed is None or c in allowed] or list(rack.ids)
    if called is not None and called in rack:
        return called
    hot = [c for c in ids if c in dead]
    if hot:
        return hot[0]
    cx = sum(rack.cup(c).x for c in ids) / len(ids)
    cy = sum(rack.cup(c).y for c in ids) / len(ids)

    def key(c: int) -> tuple[int, float, int]:
        cup = rack.cup(c)
        return (-len(rack.neighbours(c)), math.hypot(cup.x - cx, cup.y - cy), c)

    return min(ids, key=key)


def aimed_throw(cup: Cup, skill: Skill, rng: random.Random, *, spread: float | None = None) -> PhysThrow:
    """The throw a player of `skill` makes at `cup`: aimed with `physics.aim.speed_for`, then spread."""
    s = skill.spread if spread is None else spread
    release = (RELEASE_X, rng.uniform(-RELEASE_Y, RELEASE_Y), RELEASE_Z)
    elev = skill.elevation + rng.gauss(0.0, ANGLE_SD * s)
    elev = max(20.0, min(75.0, elev))
    base = speed_for(release, (cup.x, cup.y), skill.elevation)
    vx, vy, vz = base.velocity
    speed = math.sqrt(vx * vx + vy * vy + vz * vz) * (1.0 + rng.gauss(0.0, SPEED_SD * s))
    az = math.atan2(vy, vx) + math.radians(rng.gauss(0.0, DIR_SD * s))
    a = math.radians(elev)
    h = speed * math.cos(a)
    return PhysThrow(release, (h * math.cos(az), h * math.sin(az), speed * math.sin(a)))


def _nudged(th: PhysThrow, d_elev: float, factor: float, d_yaw: float) -> PhysThrow:
    """`th` with its elevation and direction turned (degrees) and its speed scaled."""
    vx, vy, vz = th.velocity
    h = math.hypot(vx, vy)
    speed = math.sqrt(h * h + vz * vz) * factor
    a = math.atan2(vz, h) + math.radians(d_elev)
    az = math.atan2(vy, vx) + math.radians(d_yaw)
    return PhysThrow(th.release, (speed * math.cos(a) * math.cos(az), speed * math.cos(a) * math.sin(az),
                                  speed * math.sin(a)), th.spin)


def spread_throw(base: PhysThrow, skill: Skill, rng: random.Random, *, spread: float | None = None) -> PhysThrow:
    """An aimed throw as a player of `skill` releases it: elevation, speed and direction spread as in
    `aimed_throw` (the release point stays)."""
    s = skill.spread if spread is None else spread
    return _nudged(base, rng.gauss(0.0, ANGLE_SD * s), 1.0 + rng.gauss(0.0, SPEED_SD * s), rng.gauss(0.0, DIR_SD * s))


# Bounce aims (bierpong.art14): seeds touch the table BOUNCE_SHORT metres short of the cup's centre, on
# the line from the hand, at the BOUNCE_ANGLES elevations (as the solver's bounce seeds), then the same
# seeds turned by BOUNCE_YAWS; the first that bounces into the cup is the aim. At most BOUNCE_BUDGET
# simulations per rack and cup. (Keeping the candidate whose nudged throws most often still bounced in
# was tried: it left the spread bots' bounce hit rates unchanged and cost three times the search.)
BOUNCE_RELEASE = (RELEASE_X, 0.0, RELEASE_Z)
BOUNCE_ANGLES = (45.0, 40.0, 50.0, 35.0, 55.0, 30.0, 60.0, 25.0, 20.0)
BOUNCE_SHORT = (0.5, 0.6, 0.7, 0.4, 0.8, 0.3, 0.9)  # m
BOUNCE_YAWS = (0.4, -0.4, 0.8, -0.8)  # degrees
BOUNCE_BUDGET = 300
BOUNCE_TIME = 2.5  # s of simulation per candidate (a bounce drops in within 2 s)

RackKey = tuple[tuple[int, float, float], ...]
_BOUNCES: dict[tuple[RackKey, int], PhysThrow | None] = {}


def _rack_key(rack: Rack) -> RackKey:
    return tuple((c.id, round(c.x, 6), round(c.y, 6)) for c in rack.cups)


def _bounce_seeds(cup: Cup) -> Iterator[PhysThrow]:
    """The aimed bounce seeds at `cup` (solved lazily: a search that finds early solves few)."""
    rx, ry, _ = BOUNCE_RELEASE
    dist = math.hypot(cup.x - rx, cup.y - ry)
    for ang in BOUNCE_ANGLES:
        for d in BOUNCE_SHORT:
            f = (dist - d) / dist
            try:
                yield speed_for(BOUNCE_RELEASE, (rx + (cup.x - rx) * f, ry + (cup.y - ry) * f), ang, height=CONST.ball_radius)
            except ValueError:
                continue


def find_bounce(rack: Rack, cup: int) -> PhysThrow | None:
    """The aimed (unspread) bounce into `cup` of `rack` – touch the table short of it, then drop in
    without knocking a cup over (bierpong.art14) – or None when the search finds none. Deterministic
    and cached per (cup positions, cup): a repeated throw costs nothing."""
    key = (_rack_key(rack), cup)
    if key in _BOUNCES:
        return _BOUNCES[key]
    seeds: list[PhysThrow] = []

    def candidates() -> Iterator[PhysThrow]:
        for th in _bounce_seeds(rack.cup(cup)):
            seeds.append(th)
            yield th
        for y in BOUNCE_YAWS:
            for th in seeds:
                yield _nudged(th, 0.0, 1.0, y)

    best: PhysThrow | None = None
    for tries, th in enumerate(candidates()):
        if tries >= BOUNCE_BUDGET:
            break
        ev = simulate(rack.cups, th, max_time=BOUNCE_TIME).events
        o = classify(ev)
        if o.hit and o.bounced and o.cup == cup and not knocked_over(ev):
            best = th
            break
    _BOUNCES[key] = best
    return best


def bounce_throw(rack: Rack, cup: int, skill: Skill, rng: random.Random, *, spread: float | None = None) -> PhysThrow:
    """A bounce shot of `skill` at `cup` (bierpong.art14): `find_bounce`'s aim, spread like
    `aimed_throw`; a plain aimed throw when the rack offers no bounce into that cup."""
    base = find_bounce(rack, cup)
    if base is None:
        return aimed_throw(rack.cup(cup), skill, rng, spread=spread)
    return spread_throw(base, skill, rng, spread=spread)


def outcome_of(rack: Rack, th: PhysThrow, *, cup_contact_is_bounce: bool = False) -> Outcome:
    """Throw `th` at `rack` through the physics; the classified outcome in notation form
    (round-tripped through `str`/`parse_outcome`, so the match log replays it exactly)."""
    tl = simulate(rack.cups, th)
    o = read(tl.events, cup_contact_is_bounce=cup_contact_is_bounce).outcome
    return parse_outcome(str(o))


def throw_at(rack: Rack, cup: int, skill: Skill, rng: random.Random, *, cup_contact_is_bounce: bool = False,
             spread: float | None = None) -> Outcome:
    """A plain aimed throw at `cup` of `rack` through the physics (`aimed_throw`, `outcome_of`)."""
    return outcome_of(rack, aimed_throw(rack.cup(cup), skill, rng, spread=spread), cup_contact_is_bounce=cup_contact_is_bounce)


def hit_rate(skill: Skill | str, n: int = 300, *, seed: int = 7, spread: float | None = None, kind: str = "triangle10") -> float:
    """The share of `n` throws by `skill` (or at `spread`) at a full rack of `kind` that drop into
    any cup, each aimed at the bot's target (`target_cup`)."""
    sk = skill_of(skill) if isinstance(skill, str) else skill
    rng = random.Random(seed)
    rack = Rack(formation(kind))
    cup = target_cup(rack)
    hits = sum(throw_at(rack, cup, sk, rng, spread=spread).hit for _ in range(n))
    return hits / n


def calibrate(skill: Skill | str, target: float, *, n: int = 2000, seed: int = 7, lo: float = 0.2, hi: float = 20.0,
              steps: int = 14) -> float:
    """The spread at which `hit_rate` is `target` (bisection; the rate falls as the spread grows).
    This is how `SKILLS` got its spreads; it is not run in play."""
    sk = skill_of(skill) if isinstance(skill, str) else skill
    for _ in range(steps):
        mid = (lo + hi) / 2.0
        if hit_rate(sk, n, seed=seed, spread=mid) > target:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2.0, 3)


# --- decisions -----------------------------------------------------------------------------------


class BierpongBots:
    """The bots of a whole table: every player's skill; `act(state)` is the next action (of
    whichever team must act – throws, calls, catches, fetches, removals)."""

    def __init__(self, skills: dict[str, Skill], rng: random.Random) -> None:
        self.skills = skills  # player -> skill: the players the bots play (they catch and swat only for these)
        self.rng = rng
        self.last_target: int | None = None  # the cup `plan` aimed at last

    def skill(self, player: str) -> Skill:
        return self.skills.get(player, SKILLS["regular"])

    def team_skill(self, st: BierpongState, team: int) -> Skill:
        return self.skill(st.sides[team].members[0])

    def _bounce(self, st: BierpongState) -> bool:
        return bool(st.profile["cup_contact_is_bounce"])

    def act(self, st: BierpongState, *, live: bool = False) -> Action:
        """The next action; `live`: a throw is only chosen (its outcome a placeholder miss, no swat) –
        the live table (`game.session.pong`) throws it with `plan` and rules on what the ball does."""
        if st.phase == THROWOFF:
            return self._throwoff(st)
        if st.phase == CHOOSE:
            return Begin(st.players[st.team])  # the winners begin
        if st.phase == REMOVE:
            return self._remove(st)
        if st.phase in (PLAY, CALLS, KONTER):  # a counter ball is caught and fetched too (bierpong.art10)
            side = self._reaction(st)
            if side is not None:
                return side
            if st.phase == CALLS or (st.phase == KONTER and not st.throwers()):
                return EndRound()  # nothing fetched: the round (or the Konter) is over
        return self._throw(st, live=live)

    def _throwoff(self, st: BierpongState) -> Action:
        if st.throwoff_first is not None:  # the first ball is thrown: the other side's (bierpong.art8)
            p = st.rethrow[1] if st.rethrow else self.rng.choice(st.sides[1].members)
            return ThrowoffBall(p, self._shot(st, p))
        a, b = st.rethrow or (self.rng.choice(st.sides[0].members), self.rng.choice(st.sides[1].members))
        return Throwoff(a, self._shot(st, a), b, self._shot(st, b))

    def rack_for(self, st: BierpongState, player: str) -> Rack:
        """The rack `player` throws at now (the throw-off's, the defenders' or the countered one)."""
        if st.phase == KONTER and st.konter is not None:
            return st.sides[1 - st.konter.team].rack
        if st.phase == THROWOFF:
            return st.sides[1 - st.team_of(player)].rack
        return st.defender.rack

    def plan(self, st: BierpongState, player: str, *, avoid: frozenset[int] = frozenset()) -> PhysThrow:
        """The physical throw `player` makes now at the rack thrown at (PLAY, KONTER or the
        throw-off): the target cup (`target_cup`; in a Konter the cup its special shot needs,
        bierpong.art10), a plain or a bounce aim (`bounce_throw`: always for a Konter's bounce, else
        with the chance `Skill.bounce`), spread by skill – trickshots `TRICK_FACTOR` wilder. The
        second of two balls thrown at once `avoid`s the first one's cup (aimed alike, they would meet
        in the air). The cup aimed at is kept in `last_target`."""
        sk = self.skill(player)
        rack = self.rack_for(st, player)
        k = st.konter
        cup: int | None = None
        bounce = False
        dead: frozenset[int] = frozenset()
        if st.phase == KONTER and k is not None:
            dead = st.sides[st.team].dead  # a Dead Cup wins during a Konter too (bierpong.art18)
            parts = k.special.split("+") if not k.special_done else []  # a combination in full (the Decision)
            bounce = "bounce" in parts
            if "island" in parts:
                islands = rack.islands()
                cup = dict(st.island).get(player) or (target_cup(rack, allowed=islands) if islands else None)
            elif "bombe" in parts:
                again = [c for c in k.cups if c in rack]  # a second ball into a cup the counter hit
                cup = again[-1] if again else None
        elif st.phase == PLAY:
            dead = st.defender.dead - st.just_left  # dead only from the next round (bierpong.art18)
            bounce = self.rng.random() < sk.bounce
        if cup is None:
            allowed = list(st.targets()) if st.phase in (PLAY, KONTER) else list(rack.ids)
            allowed = [c for c in allowed if c not in avoid] or allowed
            cup = target_cup(rack, dead=dead, called=dict(st.island).get(player), allowed=allowed)
        self.last_target = cup
        trick = (st.phase == PLAY and st.stage == "tricks") or (k is not None and st.phase == KONTER and k.made - k.trick_made >= k.throws)
        spread = sk.spread * TRICK_FACTOR if trick else sk.spread
        if bounce:
            return bounce_throw(rack, cup, sk, self.rng, spread=spread)
        return aimed_throw(rack.cup(cup), sk, self.rng, spread=spread)

    def _shot(self, st: BierpongState, player: str, *, avoid: frozenset[int] = frozenset()) -> Outcome:
        """`plan`'s throw simulated on the rack and classified (a cup the ball may not land in now –
        onto a ball already in it and out again – is a miss)."""
        o = outcome_of(self.rack_for(st, player), self.plan(st, player, avoid=avoid), cup_contact_is_bounce=self._bounce(st))
        if o.cup is not None and st.phase in (PLAY, KONTER) and o.cup not in st.targets():
            return Outcome()
        return o

    def _reaction(self, st: BierpongState) -> Action | None:
        """Calls, catches and fetches right after a ball (None: nothing to do)."""
        legal = [a for a in st.legal_actions() if isinstance(a, (Call, Catch, Fetch))]
        calls = [a for a in legal if isinstance(a, Call) and a.word in ("heating up", "on fire")]
        if calls:
            return calls[-1]  # "On fire" over "Heating up": a call always pays
        last = st.last
        catches = [a for a in legal if isinstance(a, Catch) and a.catcher in self.skills]  # bots catch only for themselves
        if catches and last is not None and self.rng.random() < self.team_skill(st, 1 - st.throwing_team()).catch:
            return self.rng.choice(catches)
        fetches = [a for a in legal if isinstance(a, Fetch)]
        if fetches and last is not None and self.rng.random() < self.skill(last[0]).fetch:
            return next((a for a in fetches if a.player == last[0]), fetches[0])
        return None

    def _throw(self, st: BierpongState, *, live: bool = False) -> Action:
        throwers = st.throwers()
        if not throwers:
            raise RuntimeError(f"no bot move in phase {st.phase}")
        called = dict(st.island)
        player = next((p for p in throwers if p in called), None)
        if player is None:
            player = self.rng.choice(throwers)
            if st.phase == PLAY:
                isl = self._island_call(st, player)
                if isl is not None:
                    return isl
            elif st.phase == KONTER:  # a Konter repeating an Island calls it (offered only then, bierpong.art10)
                calls = [a for a in st.legal_actions() if isinstance(a, Call) and a.word == "island" and a.player == player]
                if calls:
                    rack = st.sides[st.team].rack
                    cup = target_cup(rack, allowed=[a.cup for a in calls if a.cup is not None])
                    return next(a for a in calls if a.cup == cup)
        partner = self._partner(st, player)
        o = Outcome() if live else self._shot(st, player)
        if partner is not None:
            first = frozenset(c for c in (self.last_target,) if c is not None)
            second = Outcome() if live else self._shot(st, partner, avoid=first)
            both = Together(Throw(player, o), Throw(partner, second))
            try:
                st.apply(both)
                return both
            except IllegalAction:
                pass
        if st.phase in (PLAY, KONTER) and o.hit and o.bounced:  # a bounced counter ball too (bierpong.art14)
            d = 1 - st.throwing_team()
            swatters = [m for m in st.sides[d].members if m in self.skills]  # only a bot swats for itself
            if swatters and self.rng.random() < self.team_skill(st, d).swat:
                return Swat(self.rng.choice(swatters), player)
        return Throw(player, o)

    def _partner(self, st: BierpongState, player: str) -> str | None:
        """The team-mate throwing the second ball at once with `player` (bierpong.art4: a team game,
        the round's two standard throws, no Island called, no one on fire), when `Skill.together` says
        so; None for a single throw. The partner is one the pairing rule (bierpong.art11) allows."""
        if not st.may_pair() or st.island or self.rng.random() >= self.skill(player).together:
            return None
        mates = st.partners(player)
        return self.rng.choice(mates) if mates else None

    def _island_call(self, st: BierpongState, player: str) -> Action | None:
        if player in st.islands_used or dict(st.island).get(player) is not None or st.defender.dead:
            return None
        rack = st.defender.rack
        islands = [c for c in rack.islands() if c in st.targets()]
        if not islands:
            return None
        every = len(islands) == len(rack)  # the rack has fallen apart: an island costs nothing
        if every or self.rng.random() < self.skill(player).island:
            return Call(player, "island", target_cup(rack, allowed=islands))
        return None

    def _remove(self, st: BierpongState) -> Action:
        best: tuple[tuple[int, int, int], Action] | None = None
        for a in st.legal_actions():
            if isinstance(a, Leave) or not isinstance(a, Remove):
                continue
            key = compactness(st.defender.rack.without(set(a.cups)))
            if best is None or key > best[0]:
                best = (key, a)
        assert best is not None, "a removal always has a choice"
        return best[1]


def compactness(rack: Rack) -> tuple[int, int, int]:
    """How compact a rack is (higher is better): touching pairs, then fewer islands, then fewer
    cups far from the front (a rack pushed back is no help, but keeps the ordering total)."""
    ids = rack.ids
    pairs = sum(1 for i, a in enumerate(ids) for b in ids[i + 1:] if rack.touching(a, b))
    return (pairs, -len(rack.islands()), -len(ids))
