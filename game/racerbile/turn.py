"""A turn of a race (racerbile.turn): it opens (lost turns, the front/last sip, forced first gear, a
car backing onto the track), the driver (Le Mans), the gear, the dice, and its end – the 42 field's
named drinker and the finishing sip – on to the next seat. The move itself is `game.racerbile.drive`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.i18n import N_
from game.racerbile.course import back_onto
from game.racerbile.parts import GEAR, MOVE, OVER, ROLL, Turn, set_car
from game.rules import racerbile as R
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What
from game.state import Step

if TYPE_CHECKING:
    from game.racerbile.state import RaceState


def begin(race: RaceState, at: int) -> Step:
    """Open the turn of `order[at]`: skipped turns, the front/last sip, forced first gear. At Le
    Mans a team with drivers to choose from settles its driver first (racerbile.lemans.driver_change):
    the sip and the calls wait for that (`_open`)."""
    seat = race.order[at]
    car = race.cars[seat]
    st = replace(race, at=at, turn=Turn(seat, car.gear), phase=GEAR, named=None)
    who = st.driver(seat)
    # a move driven again (racerbile.option.upside_down_redo): this turn opened already, its
    # rulings stand and are not charged again
    quiet = race.reopened
    if car.out:  # put out by the judges: drives no more (racerbile.lemans.judges)
        return next_turn(st, [])
    if car.skip:
        cars = set_car(st.cars, seat, replace(car, skip=car.skip - 1))
        st = replace(st, cars=cars)
        lost = Ruling(who, What.LOST_TURN, 1, "racerbile.lemans.delay" if race.lemans else "racerbile.option.out_of_fuel", phrase(N_("{team} loses this turn"), team=race.players[seat]))
        return next_turn(st, [] if quiet else [lost] + finish_front(st, seat))
    st = replace(st, reopened=False)
    rulings: list[Ruling] = front_last_sip(st, seat)
    # the turn after refuelling is driven (in first gear) however far ahead the car still is
    if race.profile["out_of_fuel"] and len(race.players) > 1 and car.first_gear != "racerbile.option.out_of_fuel":
        lead = st.distance(seat) - max((st.distance(s) for s in range(len(race.players)) if s != seat and not st.cars[s].out), default=st.distance(seat))
        if lead >= R.FUEL_LEAD:
            rulings += [
                Ruling(who, What.BEER_REST, 1, "racerbile.option.out_of_fuel", phrase(N_("{lead} fields ahead of the second (12 or more): out of fuel, refuels by emptying the beer"), lead=lead)),
                Ruling(who, What.LOST_TURN, 1, "racerbile.option.out_of_fuel", phrase(N_("refuelling takes the turn; the next starts in first gear"))),
                Ruling(who, What.SIPS, 1, "racerbile.option.out_of_fuel", phrase(N_("running out of fuel is a technical fault: 1 sip"))),
            ]
            st = replace(st, cars=set_car(st.cars, seat, replace(car, gear=1, first_gear="racerbile.option.out_of_fuel", started=True)), reopened=quiet)
            return next_turn(st, [] if quiet else rulings + finish_front(st, seat))  # next_turn books them
    if car.off:
        # back onto the field where it left – or, when that holds two caps by now, the nearest
        # field before it with room: never a third cap (Decisions: backing onto a full field)
        full = full_fields(st, seat)
        pos, over = car.pos, 0
        if car.pos in full:
            board = st.board_for(seat)
            avoid = frozenset(h for h, (sp, br) in race.course.branch_of.items() if board.branch(sp) not in (None, br))
            pos, over = back_onto(race.course, car.pos, car.facing, full, avoid)
        if pos == car.pos:
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.flat_out", phrase(N_("reverses back onto the track at {field}"), field=f"{car.pos.q},{car.pos.r}")))
        else:
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.flat_out", phrase(N_("{field} holds two caps: reverses back onto the track at {back}, the nearest field before it with room"), field=f"{car.pos.q},{car.pos.r}", back=f"{pos.q},{pos.r}")))
        # back on its field it arrives anew: under any cap there; a cap flipped there meanwhile
        # is laid back – a blocking field holds one flipped cap (Decisions: a car off the track,
        # blocking field capacity)
        car = replace(car, pos=pos, lap=car.lap - over, off=False, arrival=st.arrivals)
        back = list(st.cars)
        for o_seat, o in enumerate(back):
            if o_seat != seat and o.pos == car.pos and o.flipped and not o.off:
                back[o_seat] = replace(o, flipped=False)
                rulings.append(Ruling(st.driver(o_seat), What.NOTE, 0, "racerbile.field.blocking", phrase(N_("{who} reverses back onto {field} beside {owner}'s flipped cap: it is laid back mark up, the block is lifted"), who=who, field=f"{car.pos.q},{car.pos.r}", owner=race.players[o_seat])))
        back[seat] = car
        st = replace(st, cars=tuple(back), arrivals=st.arrivals + 1)
        if race.profile["off_track_return_costs_turn"]:
            # reversing is the whole turn – the turn after leaving the track; the next is a
            # normal turn (racerbile.flat_out, Decisions: off_track_return_costs_turn)
            st = replace(st, cars=set_car(st.cars, seat, replace(car, first_gear="")), reopened=quiet)
            return next_turn(st, [] if quiet else rulings + finish_front(st, seat))  # next_turn books them
    if car.first_gear:
        st = replace(st, turn=replace(st.turn, gear=1, forced=car.first_gear) if st.turn else None)
    if race.lemans and len(race.drivers[seat]) > 1:
        # the driver first: a change (and its beer) comes before the turn, and the incoming
        # driver drinks the front/last sip (racerbile.lemans.driver_change, Decisions)
        keep = [r for r in rulings if r.rule == "racerbile.flat_out"]
        st = replace(st, turn=replace(st.turn, opened=quiet) if st.turn else None)
        st, out = st.charge([] if quiet else keep)
        return Step(st, tuple(out))
    rulings += first_gear_call(st, seat)
    st, out = st.charge([] if quiet else rulings)
    step = maybe_roll(st)
    return Step(step.state, tuple(out) + step.rulings)


def front_last_sip(race: RaceState, seat: int) -> list[Ruling]:
    """The sip for lying in front or last as the turn opens (racerbile.turn, step 1)."""
    front, last = race.front_last(seat)
    if not (front or last):
        return []
    words = "Jeg drikker for at ligge " + ("forrest" if front else "bagerst")
    said = N_("in front and last at the start of the turn: 1 sip") if front and last else N_("in front at the start of the turn: 1 sip") if front else N_("last at the start of the turn: 1 sip")
    return [Ruling(race.driver(seat), What.SIPS, 1, "racerbile.turn", phrase(said), words=(words,))]


def first_gear_call(race: RaceState, seat: int) -> list[Ruling]:
    """"Jeg starter i første gear" when the turn is forced to start in first gear."""
    car = race.cars[seat]
    if not car.first_gear:
        return []
    return [Ruling(race.driver(seat), What.CALL, 0, car.first_gear, phrase(N_("starts the turn in first gear (no upshift this turn)")), words=("Jeg starter i første gear",))]


def open_turn(race: RaceState) -> tuple[RaceState, list[Ruling]]:
    """Le Mans: the turn opens once the driver is settled – the driver at the wheel now drinks
    the front/last sip and makes the forced calls."""
    t = race.turn
    assert t is not None
    if t.opened:
        return race, []
    st = replace(race, turn=replace(t, opened=True, unopened=race.sips_this_turn(race.driver(t.seat))))
    return st.charge(front_last_sip(st, t.seat) + first_gear_call(st, t.seat))


def finish_front(race: RaceState, seat: int) -> list[Ruling]:
    """The sip for ending a turn in front, on every turn that ends so – the winning move and
    lost turns included (racerbile.option.finish_in_front, Decisions)."""
    if not race.profile["finish_in_front"] or not race.front_last(seat)[0]:
        return []
    return [Ruling(race.driver(seat), What.SIPS, 1, "racerbile.option.finish_in_front", phrase(N_("ends the turn in front: 1 sip")), words=("Jeg drikker for at slutte forrest",))]


def maybe_roll(race: RaceState) -> Step:
    """Skip the gear choice when nothing can be chosen."""
    t = race.turn
    assert t is not None
    if race.shifts() == [0] and not (race.lemans and len(race.drivers[t.seat]) > 1 and not t.changed_driver):
        return shift_gear(race, t, 0)
    return Step(race)


def change_driver(race: RaceState, t: Turn, name: str) -> Step:
    """Le Mans: a new driver takes the wheel – free in the pit, a beer outside it."""
    if not race.lemans:
        raise IllegalAction(phrase(N_("driver changes are a Le Mans rule (racerbile.lemans.driver_change)")))
    crew = race.drivers[t.seat]
    if name not in crew or name == race.driver(t.seat) or t.changed_driver:
        raise IllegalAction(phrase(N_("{team} can hand over to: {drivers} (once, before the gear)"), team=race.players[t.seat], drivers=", ".join(d for d in crew if d != race.driver(t.seat))))
    car = race.cars[t.seat]
    st = replace(race, cars=set_car(race.cars, t.seat, replace(car, driver=crew.index(name))), turn=replace(t, changed_driver=True))
    if car.pos in race.course.pit:
        rulings = [Ruling(name, What.NOTE, 0, "racerbile.lemans.pit", phrase(N_("driver change in the pit: {driver} takes over from {previous}, free"), driver=name, previous=race.driver(t.seat)))]
    else:
        rulings = [
            Ruling(name, What.CALL, 0, "racerbile.lemans.driver_change", phrase(N_("{team} changes driver outside the pit"), team=race.players[t.seat]), words=(f"{name} kører nu",)),
            Ruling(name, What.BEER, 1, "racerbile.lemans.driver_change", phrase(N_("{driver} takes over outside the pit: empties a whole beer before the turn"), driver=name)),
        ]
    st, out = st.charge(rulings)
    st, opening = open_turn(st)  # the incoming driver drinks the front/last sip
    step = maybe_roll(st)
    return Step(step.state, tuple(out) + tuple(opening) + step.rulings)


def shift_gear(race: RaceState, t: Turn, delta: int) -> Step:
    """The gear chosen (racerbile.upshift, racerbile.downshift); the dice of the gear are rolled next."""
    if not t.opened:  # Le Mans: the driver stays at the wheel – now the turn opens
        st, opening = open_turn(race)
        assert st.turn is not None
        step = shift_gear(st, st.turn, delta)
        return Step(step.state, tuple(opening) + step.rulings)
    car = race.cars[t.seat]
    gear = (1 if car.first_gear else car.gear) + delta
    who = race.driver(t.seat)
    rulings: list[Ruling] = []
    if delta > 0:
        rulings.append(Ruling(who, What.CALL, 0, "racerbile.upshift", phrase(N_("up to gear {gear}"), gear=gear), words=(f"Jeg gearer op til {R.GEAR_WORDS[gear]} gear",)))
    elif delta < 0:
        rulings.append(Ruling(who, What.CALL, 0, "racerbile.downshift", phrase(N_("down to gear {gear}"), gear=gear), words=(f"Jeg gearer ned til {R.GEAR_WORDS[gear]} gear",)))
        rulings.append(Ruling(who, What.SIPS, 1, "racerbile.technical.downshift", phrase(N_("choosing to shift down is a technical fault: 1 sip"))))
    cars = set_car(race.cars, t.seat, replace(car, gear=gear, first_gear=""))
    st = replace(race, cars=cars, phase=ROLL, turn=replace(t, gear=gear, shifted=True, pending=gear))
    st, out = st.charge(rulings)
    return Step(st, tuple(out))


def land_dice(race: RaceState, t: Turn, faces: tuple[int, ...]) -> Step:
    """Dice landing: 5s and 6s are thrown again (racerbile.too_fast); once all have landed, 1s and the roll are ruled on."""
    who = race.driver(t.seat)
    fast = sum(1 for f in faces if f >= 5)
    landed = t.dice + tuple(sorted((f for f in faces if f <= 4), reverse=True))
    rulings: list[Ruling] = []
    n = R.too_fast_faults(t.fives, fast)
    if n:
        rulings.append(Ruling(who, What.SIPS, n, "racerbile.too_fast", phrase(N_("5-or-6 number {first}–{last} this turn: the third and each further one is a fault: {sips}"), first=t.fives + 1, last=t.fives + fast, sips=R.sips(n, n > 1))))
    t2 = replace(t, dice=landed, pending=fast, fives=t.fives + fast, throws=t.throws + (tuple(faces),))
    if fast:
        st, out = replace(race, turn=t2).charge(rulings)
        return Step(st, tuple(out))
    # every die has landed
    ones = landed.count(1)
    total = sum(landed)
    smashed = t.gear == 3 and ones == 3
    if smashed:
        zero = bool(race.profile["smashed_gearbox_zero"])
        if zero or race.profile["triple_clutch_full_beer"]:
            rule = "racerbile.option.smashed_gearbox_zero" if zero else "racerbile.option.triple_clutch_full_beer"
            rulings.append(Ruling(who, What.BEER, 1, rule, phrase(N_("triple clutch fault: a whole beer, and the car moves 0 fields") if zero else N_("triple clutch fault: a whole beer"))))
        else:
            rulings.append(Ruling(who, What.BEER_REST, 1, "racerbile.clutch", phrase(N_("triple clutch fault: the gearbox is smashed – empties the rest of the beer while it is replaced"))))
        if zero:
            total = 0
    elif ones:
        rulings.append(Ruling(who, What.SIPS, ones, "racerbile.clutch", phrase(N_("{n} × a 1 (clutch fault): {sips}"), n=ones, sips=R.sips(ones, ones > 1))))
    kind = R.driving(total)
    if kind is R.Driving.RECKLESS:
        rulings.append(Ruling(who, What.NOTE, total, "racerbile.reckless", phrase(N_("{total}: reckless driving – every change of direction squeals"), total=total)))
    elif kind is R.Driving.FLAT_OUT:
        rulings.append(Ruling(who, What.NOTE, total, "racerbile.flat_out", phrase(N_("{total}: flat out – no turning, no braking"), total=total)))
    t2 = replace(t2, roll=total, smashed=smashed, start_car=race.cars[t.seat])
    st, out = replace(race, turn=t2, phase=MOVE, redo=None).charge(rulings)
    return Step(st, tuple(out))


def end_turn(race: RaceState, rulings: list[Ruling]) -> Step:
    """The turn ends: the finishing sip and what the named opponent drinks (racerbile.lemans.field42), then the next seat."""
    t = race.turn
    assert t is not None
    seat, who = t.seat, race.driver(t.seat)
    rulings += finish_front(race, seat)
    st, out = race.charge(rulings)
    if race.named is not None:
        # what the driver drank for the turn, from its front/last sip on – not a driver-change
        # beer drunk before the turn opened; the named drinks it under the 42-sip cap (Decisions)
        n = st.sips_this_turn(who) - (st.turn.unopened if st.turn else 0)
        if n > 0:
            st, more = st.charge([Ruling(race.named, What.SIPS, n, "racerbile.lemans.field42", phrase(N_("named on the 42 field: drinks what {who} drank this turn, {n}"), who=who, n=n))])
            out += more
    step = next_turn(st, [])
    return Step(step.state, tuple(out) + step.rulings)


def next_turn(race: RaceState, rulings: list[Ruling]) -> Step:
    """On to the next seat (or the end of a Le Mans event)."""
    st, out = race.charge(rulings)
    st = replace(st, turns=st.turns + 1)
    if st.lemans and st.last_round and st.at == len(st.order) - 1:
        return Step(replace(st, phase=OVER, winner=st.lemans_leader()), tuple(out) + (Ruling(st.driver(st.lemans_leader()), What.NOTE, 0, "racerbile.lemans.winner", phrase(N_("{team} wins: most laps, then position"), team=st.players[st.lemans_leader()])),))
    step = begin(st, (st.at + 1) % len(st.order))
    return Step(replace(step.state, opening=len(step.rulings)), tuple(out) + step.rulings)


def full_fields(st: RaceState, seat: int) -> frozenset[Hex]:
    """The fields holding two caps of the others (a car off the track or put out lies on none)."""
    counts: dict[Hex, int] = {}
    for s, c in enumerate(st.cars):
        if s != seat and not c.off and not c.out:
            counts[c.pos] = counts.get(c.pos, 0) + 1
    return frozenset(h for h, n in counts.items() if n >= 2)
