"""The start of a race: the order from the time trial (racerbile.variant.racerbile) or rolled for
(racerbile.start), equal times and ties rolled off, and the caps placed on the start fields."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.i18n import N_
from game.racerbile.actions import Order
from game.racerbile.parts import GEAR, START_ROLL, Car
from game.racerbile.track import Track
from game.racerbile.turn import begin
from game.rules.frozen import replace
from game.rules.ledger import Drink
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What
from game.state import Step

if TYPE_CHECKING:
    from game.racerbile.state import RaceState

MAX_TRIAL_SECONDS = 3600  # a time-trial time (racerbile.variant.racerbile): nobody takes an hour over a beer


def set_order(race: RaceState, a: Order) -> Step:
    """The order from the time-trial times (the fastest first, equal times roll off), or rolled for when no times are given."""
    if not a.times:
        return Step(replace(race, phase=START_ROLL, groups=(tuple(range(len(race.players))),)),
                    (Ruling(race.drivers[0][0], What.NOTE, 0, "racerbile.start", phrase(N_("no times entered: roll for the order"))),))
    if len(a.times) != len(race.players) or not all(0 < t <= MAX_TRIAL_SECONDS for t in a.times):  # (NaN fails too)
        raise IllegalAction(phrase(N_("enter one time per seat ({n}), each more than 0 and at most {most} seconds (racerbile.variant.racerbile: the time trial)"), n=len(race.players), most=MAX_TRIAL_SECONDS))
    # each empties his own drink (11 sips of beer, 8 of a light beer or anything else; Decisions: time trial)
    rulings = [trial_drink(race, s, a.times[s]) for s in range(len(race.players))]
    st, out = replace(race, trial=a.times).charge(rulings)
    # the fastest first; equal times are decided by a roll-off among those tied, as at the
    # Babybile start (Decisions: time trial)
    times = sorted(set(a.times))
    groups = tuple(tuple(s for s in range(len(race.players)) if a.times[s] == t) for t in times)
    if all(len(g) == 1 for g in groups):
        step = place(st, tuple(g[0] for g in groups))
        return Step(step.state, tuple(out) + step.rulings)
    ranked: tuple[int, ...] = ()
    while len(groups[0]) == 1:
        ranked += groups[0]
        groups = groups[1:]
    notes = tuple(
        Ruling(race.drivers[g[0]][0], What.NOTE, 0, "racerbile.variant.racerbile",
               phrase(N_("equal times ({seconds} s): {players} roll off for their places"), seconds=f"{a.times[g[0]]:g}", players=", ".join(race.players[s] for s in g)))
        for g in groups if len(g) > 1
    )
    return Step(replace(st, phase=START_ROLL, groups=groups, ranked=ranked, rolled=()), tuple(out) + notes)


def trial_drink(race: RaceState, seat: int, seconds: float) -> Ruling:
    """The time trial's drink: the driver at the wheel empties his own (racerbile.variant.racerbile)."""
    who = race.drivers[seat][0]
    if race.ledger[who].drink is Drink.BEER:
        words = phrase(N_("time trial: {who} empties a beer in {seconds} s"), who=who, seconds=f"{seconds:g}")
    else:
        words = phrase(N_("time trial: {who} empties his drink ({sips} sips) in {seconds} s"), who=who, sips=race.ledger[who].drink.sips, seconds=f"{seconds:g}")
    return Ruling(who, What.BEER, 1, "racerbile.variant.racerbile", words)


def start_die(race: RaceState, face: int) -> Step:
    """A die rolled for the order by the next seat of the group rolling; ties roll again (racerbile.start)."""
    group = race.groups[0]
    rolled = race.rolled + ((group[len(race.rolled)], face),)
    note = Ruling(race.drivers[rolled[-1][0]][0], What.NOTE, face, "racerbile.start", phrase(N_("{who} rolls {face} for the order"), who=race.players[rolled[-1][0]], face=face))
    if len(rolled) < len(group):
        return Step(replace(race, rolled=rolled), (note,))
    faces = sorted({f for _, f in rolled}, reverse=True)
    sub = tuple(tuple(s for s, f in rolled if f == x) for x in faces)
    groups = sub + race.groups[1:]
    ranked = race.ranked
    while groups and len(groups[0]) == 1:
        ranked += groups[0]
        groups = groups[1:]
    st = replace(race, groups=groups, rolled=(), ranked=ranked)
    if groups and groups[0] in sub:
        tie = Ruling(race.drivers[groups[0][0]][0], What.NOTE, 0, "racerbile.start", phrase(N_("tie between {players}: they roll again"), players=", ".join(race.players[s] for s in groups[0])))
        return Step(st, (note, tie))
    if groups:  # the next equal time trial rolls off (its note came with the times)
        return Step(st, (note,))
    step = place(st, ranked)
    return Step(step.state, (note,) + step.rulings)


def place(race: RaceState, order: tuple[int, ...]) -> Step:
    """The caps on the start: the first in the order on the field next to the line, two to a field."""
    spots = course_fields(race.track)
    cars = list(race.cars)
    for i, s in enumerate(order):
        pos, lap = spots[min(i, len(spots) - 1)]
        cars[s] = Car(pos, lap=lap, arrival=i)
    st = replace(race, cars=tuple(cars), order=order, at=0, arrivals=len(order), phase=GEAR, ranked=(), groups=(), rolled=())
    note = Ruling(race.drivers[order[0]][0], What.NOTE, 0, "racerbile.start", phrase(N_("order: {players}"), players=", ".join(race.players[s] for s in order)))
    step = begin(st, 0)
    return Step(replace(step.state, opening=len(step.rulings)), (note,) + step.rulings)


def course_fields(track: Track) -> list[tuple[Hex, int]]:
    """Where the caps start, in order: the fields past the line (lap 0), then those before it (lap -1)."""
    c = track.course
    spots = [(h, 0) for h in c.start] + [(h, -1) for h in sorted(c.behind, key=lambda h: (-c.progress[h], h))]
    return [s for s in spots for _ in range(2)]
