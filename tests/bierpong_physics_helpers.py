"""Scripted physical Bierpong throws for the tests: a real throw through `physics.world.simulate` that
does what a test wants on exactly the rack standing, classified by the referee's classifier and
applied to a `Match` as the match scene does (`parse_outcome(str(outcome))`).

The throws are found by a deterministic search seeded by `physics.aim` (the solver's seed helpers),
and cached per (rack, wanted outcome, cup, release, option), so a test file pays for each only once.

Wanted outcomes (`WANTS`):
  hit     a plain hit (no table, no other cup) – bierpong.art1
  bounce  touched down on the table, then in; not a roller – bierpong.art14
  roller  over at least two cups into one, no table contact – bierpong.art15
  graze   touched the rim of exactly one other cup, then dropped in (a plain hit by default, a bounce
          with `cup_contact_is_bounce`) – the Decision beside bierpong.art14
  miss    touched something or nothing, no cup hit, nothing tipped
  air     touched nothing, over the far end – bierpong.art23
  back    came back over the centre line, lies on the thrower's half – bierpong.art19
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from game.bierpong import solver as S
from game.bierpong.actions import Begin, Throw, Throwoff, Together
from game.bierpong.classify import read
from game.bierpong.outcome import Outcome, parse_outcome
from game.bierpong.state import KONTER, THROWOFF, BierpongState
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import Ruling
from physics.constants import CONST
from physics.events import Event, Settled
from physics.table import Cup
from physics.world import Throw as PhysThrow
from physics.world import Table, simulate
from tests.bierpong_helpers import play

WANTS = ("hit", "bounce", "roller", "graze", "miss", "air", "back")
RELEASE = S.RELEASE
BUDGET = 6000  # simulated throws per search at most
MAX_TIME = 8.0
SINGLES = (("Ann",), ("Cem",))
DOUBLES = (("Ann", "Ben"), ("Cem", "Dana"))


class NoThrow(AssertionError):
    """No physical throw found within the budget (the physics cannot do it here)."""


@dataclass(frozen=True)
class Shot:
    """A real throw, what the physics recorded and what the referee's classifier says it was."""

    throw: PhysThrow
    events: tuple[Event, ...]
    outcome: Outcome
    tipped: tuple[int, ...]

    @property
    def rest(self) -> tuple[float, float] | None:
        """Where the ball came to rest on the table (None: elsewhere)."""
        s = next((e for e in reversed(self.events) if isinstance(e, Settled)), None)
        return (s.x, s.y) if s is not None and s.where == "table" else None


def _wanted(want: str, among: tuple[int, ...]) -> Callable[[Outcome, tuple[int, ...]], bool]:
    def ok(o: Outcome, tipped: tuple[int, ...]) -> bool:
        if tipped:
            return False
        if want in ("miss", "air", "back"):
            return o == {"miss": Outcome(), "air": Outcome(air=True), "back": Outcome(back=True)}[want]
        if o.cup not in among:
            return False
        if want == "hit":
            return not o.bounced and not o.roller
        if want == "bounce":
            return o.bounced and not o.roller
        if want == "roller":
            return o.roller and not o.bounced
        return False
    return ok


def _candidates(cups: tuple[Cup, ...], want: str, among: tuple[int, ...],
                release: tuple[float, float, float]) -> Iterator[PhysThrow]:
    order = [c for c in S._front_first(cups) if c in among]
    if want == "hit":
        yield from S._varied(S._hit_seeds(cups, order, release))
    elif want == "bounce":
        yield from S._varied(S._bounce_seeds(cups, order, release))
    elif want in ("roller", "graze"):
        yield from S._varied(S._rim_seeds(cups, S._front_first(cups), release), S.SPINS)
    elif want == "miss":
        yield from S._varied(S._miss_seeds(release))
    elif want == "air":
        yield from S._varied(S._air_seeds(release))
    elif want == "back":
        yield from S._varied(S._rim_seeds(cups, S._front_first(cups)[:3], release), S.SPINS)


@lru_cache(maxsize=None)
def find(cups: tuple[Cup, ...], want: str, among: tuple[int, ...], release: tuple[float, float, float] = RELEASE,
         cup_contact_is_bounce: bool = False) -> Shot:
    """The first throw of the search that does `want` on the rack `cups`, dropping into one of `among`
    (hits); classified with the option `cup_contact_is_bounce` as the match would."""
    if want not in WANTS:
        raise ValueError(f"unknown want {want!r} (one of {', '.join(WANTS)})")
    ok = _wanted(want, among)
    for n, th in enumerate(_candidates(cups, want, among, release)):
        if n >= BUDGET:
            break
        events = tuple(simulate(cups, th, max_time=MAX_TIME).events)
        if want == "graze":
            plain = read(events)
            o = plain.outcome
            if (plain.tipped or o.cup not in among or o.bounced or o.roller or len(o.touched) != 1
                    or o.touched[0] == o.cup):
                continue
        r = read(events, cup_contact_is_bounce=cup_contact_is_bounce)
        if want == "graze" or ok(r.outcome, r.tipped):
            return Shot(th, events, r.outcome, r.tipped)
    raise NoThrow(f"no physical {want!r} throw into {among} on the rack {[c.id for c in cups]}")


def shot(cups: Sequence[Cup], want: str, cup: int | None = None, *, among: Sequence[int] | None = None,
         release: tuple[float, float, float] = RELEASE, cup_contact_is_bounce: bool = False) -> Shot:
    """A real throw doing `want` on exactly the rack `cups` (into `cup`, or any of `among`/the rack)."""
    rack = tuple(cups)
    allowed = (cup,) if cup is not None else tuple(among) if among is not None else tuple(c.id for c in rack)
    return find(rack, want, allowed, tuple(release), cup_contact_is_bounce)


def physical(cups: Sequence[Cup], want: str, cup: int | None = None, **kw: Any) -> Outcome:
    """The classified outcome of a real throw doing `want` on `cups`, round-tripped through the
    notation as the match scene logs it."""
    return parse_outcome(str(shot(cups, want, cup, **kw).outcome))


# --- on a Match ------------------------------------------------------------------------------------


def rack_now(st: BierpongState, player: str) -> tuple[Cup, ...]:
    """The cups `player` throws at now: the defenders' (in a Konter the finishers'; in the throw-off
    the other team's)."""
    if st.phase == KONTER and st.konter is not None:
        return st.sides[1 - st.konter.team].rack.cups
    if st.phase == THROWOFF:
        return st.sides[1 - st.team_of(player)].rack.cups
    return st.defender.rack.cups


class Thrown(NamedTuple):
    outcome: Outcome  # as logged: `parse_outcome(str(classified))`
    rulings: list[Ruling]
    shot: Shot


def shot_for(m: Match, player: str, want: str, cup: int | None = None, *, among: Sequence[int] | None = None,
             release: tuple[float, float, float] = RELEASE) -> Shot:
    """A real throw doing `want` for `player`'s next ball on the rack standing in `m` (hits: into
    `cup`, or into one of `among`, by default a cup a ball can land in now – `targets()`), classified
    with the match's `cup_contact_is_bounce`."""
    st: BierpongState = m.state
    if among is None and st.phase != THROWOFF:
        among = st.targets()
    return shot(rack_now(st, player), want, cup, among=among, release=release,
                cup_contact_is_bounce=bool(m.profile["cup_contact_is_bounce"]))


def outcome_for(m: Match, player: str, want: str, cup: int | None = None, *, among: Sequence[int] | None = None,
                release: tuple[float, float, float] = RELEASE) -> Outcome:
    """The logged outcome of `shot_for` (round-tripped through the notation, as the match scene does)."""
    return parse_outcome(str(shot_for(m, player, want, cup, among=among, release=release).outcome))


def throw(m: Match, player: str, want: str, cup: int | None = None, *, among: Sequence[int] | None = None,
          release: tuple[float, float, float] = RELEASE) -> Thrown:
    """Throw a real ball doing `want` for `player` and let the referee rule on it."""
    s = shot_for(m, player, want, cup, among=among, release=release)
    o = parse_outcome(str(s.outcome))
    return Thrown(o, list(m.apply(Throw(player, o)).rulings), s)


def fetched_release(s: Shot) -> tuple[float, float, float]:
    """Where a ball that came back (bierpong.art19) is thrown again from: where it lies, on the
    thrower's half, at the release height (as the solver's trickshot)."""
    rest = s.rest
    assert rest is not None, "the ball did not come to rest on the table"
    half = CONST.table_width / 2 - 0.05
    return (min(rest[0], CONST.centre - 0.05), max(-half, min(half, rest[1])), RELEASE[2])


def together(m: Match, first: tuple[str, str, int | None], second: tuple[str, str, int | None]) -> Thrown:
    """Two real balls at once on the same rack (bierpong.art4): (player, want, cup) each, the second
    released beside the first. Each is found alone, then both fly together on one live table (so they
    may meet, `physics.events.BallContact`) and each is classified from its own events there. The
    outcome returned is the second's."""
    st: BierpongState = m.state
    sa = shot_for(m, first[0], first[1], first[2])
    sb = shot_for(m, second[0], second[1], second[2], release=(RELEASE[0], -0.08, RELEASE[2]))
    table = Table(rack_now(st, first[0]))
    ids = (table.throw(sa.throw), table.throw(sb.throw))
    events: list[Event] = []
    while table.busy and len(events) < 10_000:
        events += table.advance(0.5)
    cb = bool(m.profile["cup_contact_is_bounce"])
    a, b = (parse_outcome(str(read(events, ball=i, cup_contact_is_bounce=cb).outcome)) for i in ids)
    return Thrown(b, list(m.apply(Together(Throw(first[0], a), Throw(second[0], b))).rulings), sb)


def throwoff(m: Match, a: str, a_want: str, b: str, b_want: str) -> list[Ruling]:
    """The throw-off (bierpong.art8) made of two real throws, one at each rack."""
    oa, ob = outcome_for(m, a, a_want), outcome_for(m, b, b_want)
    return list(m.apply(Throwoff(a, oa, b, ob)).rulings)


def new_game(teams: tuple[tuple[str, ...], ...] = SINGLES, begin: str = "Foxes", **options: Any) -> Match:
    """A match whose throw-off was thrown for real (the Foxes' first player hits, the Owls' misses)."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=teams[0]), PlayerSpec("Owls", drivers=teams[1])],
              R.SPEC.make(**options))
    throwoff(m, teams[0][0], "hit", teams[1][0], "miss")
    m.apply(Begin(begin))
    return m


def cups(m: Match, team: int) -> tuple[int, ...]:
    st: BierpongState = m.state
    return st.sides[team].rack.ids
