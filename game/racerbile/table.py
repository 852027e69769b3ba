"""What may come at any decision of a race: the table's calls of a fault (racerbile.faults), the
judges' decisions (racerbile.lemans.judges) and the event clock (racerbile.lemans.end)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.errors import IllegalAction
from game.i18n import N_
from game.racerbile.actions import Call, Clock, Judge
from game.racerbile.parts import ORDER, OVER, START_ROLL, set_car
from game.racerbile.turn import finish_front, next_turn, open_turn
from game.rules import racerbile as R
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What
from game.state import Step

if TYPE_CHECKING:
    from game.racerbile.state import RaceState

MAX_CLOCK_STEP = 24 * 3600  # seconds one Clock entry may add (racerbile.lemans.end)
MAX_PENALTY_SIPS = 50  # a judges' penalty (racerbile.lemans.judges)
MAX_PENALTY_LAPS = 10
MAX_CALL_COUNT = 20  # a fault called with a count (per sip, per field …) at one call
MOST_SIPS = max(MAX_PENALTY_SIPS, MAX_CALL_COUNT * max(f.sips for f in R.FAULTS), R.TURN_CAP)  # in one ruling of a race


_COUNTS = {"field": N_("{rule} counts per field"), "die": N_("{rule} counts per die"), "cap": N_("{rule} counts per cap"),
           "nøl": N_("{rule} counts per nøl"), "squeal": N_("{rule} counts per squeal")}  # a call's count, by its unit


def call_fault(race: RaceState, a: Call) -> Step:
    """A fault called by the table from the call-a-fault menu (racerbile.faults)."""
    f = R.FAULT_BY_RULE.get(a.rule)
    if f is None or f not in race.faults():
        raise IllegalAction(phrase(N_("{rule} is not on this table's fault menu"), rule=a.rule))
    try:
        seat = race.seat_of(a.who)
    except KeyError:
        raise IllegalAction(phrase(N_("nobody called {name} sits at this table"), name=repr(a.who))) from None
    if a.count < 1 or (not f.unit and a.count != 1):
        raise IllegalAction(phrase(_COUNTS.get(f.unit, N_("{rule} counts once")), rule=a.rule))
    if a.count > MAX_CALL_COUNT:
        raise IllegalAction(phrase(N_("{rule}: at most {most} at one call, not {n}"), rule=a.rule, most=MAX_CALL_COUNT, n=a.count))
    if race.phase == OVER:
        raise IllegalAction(phrase(N_("the race is over")))
    who = a.who if a.who in race.drivers[seat] else race.driver(seat)
    on_turn = race.turn is not None and race.turn.seat == seat and race.phase not in (ORDER, START_ROLL)
    if f.rule == "racerbile.lemans.delay" and on_turn:  # a delay in one's own turn is a nøl (Decisions: forsinkelse)
        raise IllegalAction(phrase(N_("{team} is on turn: a delay in one's own turn is a nøl, not racerbile.lemans.delay (which is for a delay outside one's turn) – {call}"),
                                   team=race.players[seat], call=str(Call('racerbile.general.noled', a.who))))
    # called on the mover right after his move (before the next dice land): made in his turn
    just_moved = race.redo is not None and race.redo.turn is not None and race.redo.turn.seat == seat and f.rule not in ("racerbile.technical.roll_out_of_turn", "racerbile.technical.own_cap_out_of_turn")
    when = "" if on_turn or just_moved else phrase(N_(" – outside his turn, drunk at once ({rule})"), rule="racerbile.outside_turn")
    label, kind = phrase(f.label), phrase(R.KIND_FAULT[f.kind])
    rulings: list[Ruling] = []
    st = race
    if f.rule == "racerbile.general.noled" and race.lemans and on_turn and race.turn is not None:
        nols = race.turn.nols + a.count
        st = replace(st, turn=replace(race.turn, nols=nols))
        if nols > R.NOL_LIMIT:
            within = max(0, R.NOL_LIMIT - race.turn.nols)  # the nøls of this call up to the third are sips
            if within:
                rulings.append(Ruling(who, What.SIPS, within, f.rule, phrase(N_("{label} – {fault} × {units}: {sips}{when}"), label=label, fault=phrase(R.KIND_FAULT[R.Kind.GENERAL]), units=R.count(within, N_("{n} nøl"), N_("{n} nøls"), within > 1), sips=R.sips(within, within > 1), when=""), words=("Tre. To. En. Nøl.",)))
            if race.profile["nol4_beer_on_top"]:
                rulings.append(Ruling(who, What.BEER, 1, "racerbile.lemans.nol", phrase(N_("nøl number {n} this turn: a whole beer on top of the three sips ({option}), and the turn passes on"), n=R.NOL_LIMIT + 1, option="nol4_beer_on_top"), words=("Tre. To. En. Nøl.",)))
            else:  # the turn's nøl sips rounded up to one whole beer (Decisions)
                beer = race.ledger[who].drink.sips
                more = max(0, beer - R.NOL_LIMIT)
                rulings.append(Ruling(who, What.SIPS, more, "racerbile.lemans.nol", phrase(N_("nøl number {n} this turn: the {limit} nøl sips are rounded up to a whole beer ({beer} sips): {more} more, and the turn passes on"), n=R.NOL_LIMIT + 1, limit=R.NOL_LIMIT, beer=beer, more=R.sips(more)), words=("Tre. To. En. Nøl.",)))
            pre: list[Ruling] = []
            if st.turn is not None and not st.turn.opened:  # passed before the driver was settled: the turn opens first
                st, pre = open_turn(st)
            step = next_turn(st, rulings + finish_front(st, seat))  # next_turn books them
            return Step(step.state, tuple(pre) + step.rulings)
    n = a.count * f.sips
    if f.rule == "racerbile.technical.others_cap" and race.profile["touch_counts_twice"]:
        n = 2
    if n:
        words = ("Tre. To. En. Nøl.",) if f.rule in ("racerbile.general.noled", "racerbile.technical.self_nol") else ()
        rulings.append(Ruling(who, What.SIPS, n, f.rule, phrase(N_("{label} – {fault} × {units}: {sips}{when}") if f.unit else N_("{label} – {fault}: {sips}{when}"), label=label, fault=kind, units=R.units(f, a.count) if f.unit else "", sips=R.sips(n), when=when), words=words))
    if f.beers:
        rulings.append(Ruling(who, What.BEER, f.beers, f.rule, phrase(N_("{label}: empties a whole beer{when}"), label=label, when=when)))
    if f.laps:
        car = st.cars[seat]
        lost = f.laps * a.count
        extra = 1 if f.rule == "racerbile.lemans.delay" else 0
        st = replace(st, cars=set_car(st.cars, seat, replace(car, lost_laps=car.lost_laps + lost, skip=car.skip + extra)))
        rulings.append(Ruling(who, What.LAPS, -lost, f.rule, phrase(N_("{label}: {team} loses {laps} and the next turn") if extra else N_("{label}: {team} loses {laps}"), label=label, team=st.players[seat], laps=R.count(lost, N_("{n} lap"), N_("{n} laps"), lost > 1))))
    if f.rule == "racerbile.technical.upside_down" and race.profile["upside_down_redo"] and race.redo is not None and race.redo.turn is not None and race.redo.turn.seat == seat:
        # only the mover's move is driven again: the next turn has opened, and opens once (Decisions)
        back = replace(race.redo, ledger=st.ledger, clock=st.clock, redo=None, reopened=race.turn is not None and race.turn.opened)
        back, out = back.charge(rulings)
        out.append(Ruling(who, What.NOTE, 0, "racerbile.option.upside_down_redo", phrase(N_("back to where the move began: drive it again"))))
        return Step(back, tuple(out))
    st, out = st.charge(rulings)
    return Step(st, tuple(out))


def judge(race: RaceState, a: Judge) -> Step:
    """A judges' decision at Le Mans: sips, laps, a rule changed or a team put out (racerbile.lemans.judges)."""
    if not race.lemans:
        raise IllegalAction(phrase(N_("judges run a Le Mans event (racerbile.lemans.judges)")))
    if race.phase == OVER:
        raise IllegalAction(phrase(N_("the event is over: the judges have had their say")))
    if not a.reason.strip():
        raise IllegalAction(phrase(N_("racerbile.lemans.judges: the judges give a reason for every decision (judge … 'REASON')")))
    reason = a.reason
    if a.kind in ("sips", "laps"):
        top = MAX_PENALTY_SIPS if a.kind == "sips" else MAX_PENALTY_LAPS
        if not (a.value.isascii() and a.value.isdigit() and 1 <= int(a.value[:6]) <= top):
            raise IllegalAction(phrase(N_("racerbile.lemans.judges: a penalty of {kind} is a whole number from 1 to {top}, not {value}"), kind=a.kind, top=top, value=repr(a.value[:20])))
    if a.kind == "sips":
        try:
            seat, n = race.seat_of(a.target), int(a.value)
        except (KeyError, ValueError):
            raise IllegalAction(phrase(N_("judge sips WHO N REASON"))) from None
        who = a.target if a.target in race.drivers[seat] else race.driver(seat)
        st, out = race.charge([Ruling(who, What.SIPS, n, "racerbile.lemans.judges", phrase(N_("penalty from the judges: {n} sips – {reason}"), n=n, reason=reason))])
        return Step(st, tuple(out))
    if a.kind == "laps":
        try:
            seat, n = race.seat_of(a.target), int(a.value)
        except (KeyError, ValueError):
            raise IllegalAction(phrase(N_("judge laps TEAM N REASON"))) from None
        car = race.cars[seat]
        st = replace(race, cars=set_car(race.cars, seat, replace(car, lost_laps=car.lost_laps + n)))
        return Step(st, (Ruling(race.driver(seat), What.LAPS, -n, "racerbile.lemans.judges", phrase(N_("the judges take {laps} from {team} – {reason}"), laps=R.count(n, N_("{n} lap"), N_("{n} laps")), team=race.players[seat], reason=reason)),))
    if a.kind == "rule":
        name = a.target
        if name == "lemans_drivers":
            raise IllegalAction(phrase(N_("the teams are seated at the start: lemans_drivers cannot change during the event")))
        try:
            opt = R.SPEC.option(name)
            value: Any = parse_value(a.value)
            opts = dict(race.profile.options)
            opts[name] = opt.check(value)
            profile = R.SPEC.make(race.profile.variant, **opts)
        except (KeyError, ValueError) as e:
            raise IllegalAction(e.args[0] if isinstance(e.args[0], str) else str(e.args[0])) from None
        st = replace(race, profile=profile)
        return Step(st, (Ruling(race.driver(0), What.NOTE, 0, "racerbile.lemans.judges", phrase(N_("the judges set {option} = {value} – {reason}"), option=name, value=a.value, reason=reason)),))
    if a.kind == "out":
        try:
            seat = race.seat_of(a.target)
        except KeyError:
            raise IllegalAction(phrase(N_("judge out TEAM REASON"))) from None
        if race.cars[seat].out:
            raise IllegalAction(phrase(N_("{team} is out already ({why})"), team=race.players[seat], why=race.cars[seat].out))
        if sum(1 for c in race.cars if not c.out) <= 1:
            raise IllegalAction(phrase(N_("the last team still in cannot be put out")))
        car = race.cars[seat]
        st = replace(race, cars=set_car(race.cars, seat, replace(car, out=reason, flipped=False)))
        note = Ruling(race.driver(seat), What.NOTE, 0, "racerbile.lemans.judges", phrase(N_("the judges put {team} out – {reason}: it drives no more and ranks behind every team still in"), team=race.players[seat], reason=reason))
        if race.turn is not None and race.turn.seat == seat and race.phase not in (ORDER, START_ROLL):
            step = next_turn(st, [note])  # its turn ends here
            return Step(step.state, step.rulings)
        return Step(st, (note,))
    raise IllegalAction(phrase(N_("the judges hand out sips, take laps, change a rule or put a team out (judge sips|laps|rule|out …)")))


def run_clock(race: RaceState, a: Clock) -> Step:
    """The event clock runs on; when the hours are up the last round of turns is called (racerbile.lemans.end)."""
    if not race.lemans or not 0 <= a.seconds <= MAX_CLOCK_STEP:  # (NaN and infinity fail too)
        raise IllegalAction(phrase(N_("racerbile.lemans.end: the event clock runs at Le Mans only, forwards, at most {most} seconds at a time"), most=MAX_CLOCK_STEP))
    hours = race.profile["lemans_hours"]
    end = (hours if isinstance(hours, int) else 24) * 3600
    clock = race.clock + a.seconds
    st = replace(race, clock=clock)
    if not race.last_round and clock >= end and race.phase not in (ORDER, START_ROLL, OVER):
        st = replace(st, last_round=True)
        return Step(st, (Ruling(race.driver(race.order[race.at]), What.CALL, 0, "racerbile.lemans.end", phrase(N_("{hours} hour is up: the last round of turns") if end == 3600 else N_("{hours} hours are up: the last round of turns"), hours=f"{end / 3600:g}"), words=("Sidste omgang!",)),))
    return Step(st)


def parse_value(text: str) -> Any:
    """An option's value as the judges wrote it: true/false, null/none, a whole number, else the text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low in ("null", "none"):
        return None
    try:
        return int(text)
    except ValueError:
        return text
