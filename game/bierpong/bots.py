"""Bierpong bots that throw through the real physics (no pygame).

A bot aims like a player: it picks a target cup (a Dead Cup – hitting it wins at once,
bierpong.art18; a called Island, bierpong.art22; else the cup with the most standing neighbours,
nearest the rack's centre, so a near miss still finds a cup), solves the throw with `physics.aim`
(the same flight model the table uses), spreads the release by its skill (elevation, speed and
direction), throws it with `physics.world.simulate` on the defending rack and lets the referee's
classifier (`game.bierpong.classify.read`) say what the ball did; the action it plays is
`Throw(player, outcome)`.

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
from collections.abc import Sequence
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
)
from game.bierpong.classify import read
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
from physics.aim import speed_for
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


ANGLE_SD = 1.0  # degrees of elevation per unit of spread
SPEED_SD = 0.01  # relative speed per unit of spread
DIR_SD = 0.5  # degrees of direction per unit of spread
TRICK_FACTOR = 1.5  # a trickshot (thrown from wherever the ball lay) is wilder

# The spreads were obtained once with `calibrate(skill, target, n=10_000, seed=7, lo=0.5, hi=10.0,
# steps=13)` – bisection on the spread until 10,000 throws at a full 10-cup triangle hit at the
# band's middle (casual 20 %, regular 28 %, good 36 %, pro 45 %) – and are hard-coded here.
# Measured at these spreads over 10,000 other throws (seed 2026): casual 20.2 %, regular 27.9 %,
# good 35.9 %, pro 44.7 %. tests/test_bierpong_bots.py checks with `hit_rate` over a few hundred
# throws that casual stays in 15–25 % and pro in 40–50 %.
SKILLS: dict[str, Skill] = {
    "casual": Skill("casual", 5.399, swat=0.15, catch=0.25, fetch=0.6, island=0.0, elevation=45.0),
    "regular": Skill("regular", 3.931, swat=0.25, catch=0.4, fetch=0.75, island=0.1, elevation=50.0),
    "good": Skill("good", 2.953, swat=0.35, catch=0.55, fetch=0.85, island=0.25, elevation=52.0),
    "pro": Skill("pro", 1.869, swat=0.5, catch=0.7, fetch=0.95, island=0.4, elevation=55.0),
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


def throw_at(rack: Rack, cup: int, skill: Skill, rng: random.Random, *, cup_contact_is_bounce: bool = False,
             spread: float | None = None) -> Outcome:
    """Throw at `cup` of `rack` through the physics; the classified outcome in notation form
    (round-tripped through `str`/`parse_outcome`, so the match log replays it exactly)."""
    th = aimed_throw(rack.cup(cup), skill, rng, spread=spread)
    tl = simulate(rack.cups, th)
    o = read(tl.events, cup_contact_is_bounce=cup_contact_is_bounce).outcome
    return parse_outcome(str(o))


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
        self.skills = skills  # player -> skill
        self.rng = rng

    def skill(self, player: str) -> Skill:
        return self.skills.get(player, SKILLS["regular"])

    def team_skill(self, st: BierpongState, team: int) -> Skill:
        return self.skill(st.sides[team].members[0])

    def _bounce(self, st: BierpongState) -> bool:
        return bool(st.profile["cup_contact_is_bounce"])

    def act(self, st: BierpongState) -> Action:
        if st.phase == THROWOFF:
            return self._throwoff(st)
        if st.phase == CHOOSE:
            return Begin(st.players[st.team])  # the winners begin
        if st.phase == REMOVE:
            return self._remove(st)
        if st.phase in (PLAY, CALLS):
            side = self._reaction(st)
            if side is not None:
                return side
            if st.phase == CALLS:
                return EndRound()
        return self._throw(st)

    def _throwoff(self, st: BierpongState) -> Action:
        a, b = st.rethrow or (self.rng.choice(st.sides[0].members), self.rng.choice(st.sides[1].members))
        oa = self._shot(a, st.sides[1].rack, st)
        ob = self._shot(b, st.sides[0].rack, st)
        return Throwoff(a, oa, b, ob)

    def _shot(self, player: str, rack: Rack, st: BierpongState, *, called: int | None = None,
              allowed: Sequence[int] | None = None, dead: frozenset[int] = frozenset(), trick: bool = False) -> Outcome:
        sk = self.skill(player)
        cup = target_cup(rack, dead=dead, called=called, allowed=allowed)
        return throw_at(rack, cup, sk, self.rng, cup_contact_is_bounce=self._bounce(st),
                        spread=sk.spread * TRICK_FACTOR if trick else None)

    def _reaction(self, st: BierpongState) -> Action | None:
        """Calls, catches and fetches right after a ball (None: nothing to do)."""
        legal = [a for a in st.legal_actions() if isinstance(a, (Call, Catch, Fetch))]
        calls = [a for a in legal if isinstance(a, Call) and a.word in ("heating up", "on fire")]
        if calls:
            return calls[-1]  # "On fire" over "Heating up": a call always pays
        last = st.last
        catches = [a for a in legal if isinstance(a, Catch)]
        if catches and last is not None and self.rng.random() < self.team_skill(st, 1 - st.team).catch:
            return self.rng.choice(catches)
        fetches = [a for a in legal if isinstance(a, Fetch)]
        if fetches and last is not None and self.rng.random() < self.skill(last[0]).fetch:
            return next((a for a in fetches if a.player == last[0]), fetches[0])
        return None

    def _throw(self, st: BierpongState) -> Action:
        throwers = st.throwers()
        if not throwers:
            raise RuntimeError(f"no bot move in phase {st.phase}")
        called = dict(st.island)
        player = next((p for p in throwers if p in called), None)
        if st.phase == KONTER and st.konter is not None:
            rack = st.sides[1 - st.konter.team].rack
            dead = st.sides[1 - st.konter.team].dead
        else:
            rack, dead = st.defender.rack, st.defender.dead
        if player is None:
            player = self.rng.choice(throwers)
            if st.phase == PLAY:
                isl = self._island_call(st, player)
                if isl is not None:
                    return isl
        trick = st.phase == PLAY and st.stage == "tricks"
        o = self._shot(player, rack, st, called=called.get(player), allowed=st.targets(), dead=dead, trick=trick)
        if o.cup is not None and o.cup not in st.targets():
            o = Outcome()  # it dropped onto a ball already in that cup and out again
        if st.phase == PLAY and o.hit and o.bounced:
            d = 1 - st.team
            if self.rng.random() < self.team_skill(st, d).swat:
                return Swat(self.rng.choice(st.sides[d].members), player)
        return Throw(player, o)

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
