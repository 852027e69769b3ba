"""Driving a move (racerbile.turn, step 4): the path checked, what the move costs (off the track,
blocked, squeals, a sharp turn), blocking and downshift fields, stacking, split choices, overtaking,
laps and the midway line, and the race won."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.errors import IllegalAction
from game.hexgrid import Hex
from game.i18n import N_
from game.racerbile.course import Course
from game.racerbile.moves import Move, check_path, outcome
from game.racerbile.parts import NAME42, OVER, Turn
from game.racerbile.track import Kind
from game.racerbile.turn import end_turn, finish_front
from game.rules import racerbile as R
from game.rules.frozen import replace
from game.rules.phrase import phrase
from game.rules.ruling import Ruling, What
from game.state import Step

if TYPE_CHECKING:
    from game.racerbile.state import RaceState


def drive_path(race: RaceState, t: Turn, path: tuple[Hex, ...]) -> Step:
    """A path driven: one of the legal moves, or checked (`check_path`) for why it is not."""
    car = race.cars[t.seat]
    # a path among the legal moves is that move (what check_path would rule, without a second search)
    m = next((x for x in race.moves().to(path[-1] if path else car.pos) if x.path == path), None)
    if m is not None:
        return drive_move(replace(race, redo=race), m)
    try:
        m = check_path(race.course, car.pos, car.facing if race.facing_rule else None, t.roll, path, race.board_for(t.seat), gear=t.gear, facing_rule=race.facing_rule)
    except ValueError as e:
        raise IllegalAction(e.args[0] if len(e.args) == 1 and isinstance(e.args[0], str) else str(e)) from None
    if race.profile["stalin"] and outcome(m) not in {outcome(x) for x in race.moves()}:
        raise IllegalAction(phrase(N_("Stalin drives: onto a blocking field, off the track, whenever he can (racerbile.option.stalin)")))
    return drive_move(replace(race, redo=race), m)


def drive_move(race: RaceState, m: Move) -> Step:
    """Drive a legal move of the car on turn and rule on it."""
    t = race.turn
    assert t is not None
    seat, who = t.seat, race.driver(t.seat)
    car, c = race.cars[t.seat], race.course
    rulings: list[Ruling] = []
    before = [s for s in range(len(race.players)) if s != seat and not race.cars[s].out and race.ahead(s, seat)]
    # what the move costs
    if m.off_track:
        rulings.append(Ruling(who, What.SIPS, m.short, "racerbile.flat_out", phrase(N_("off the track: {fields} of the {roll} rolled not driven on it"), fields=R.count(m.short, N_("{n} field"), N_("{n} fields")), roll=t.roll)))
        if race.variant != R.BABYBILE:
            rulings.append(Ruling(who, What.BEER_REST, 1, "racerbile.variant.racerbile", phrase(N_("left the track: empties the rest of the beer before coming back"))))
        if race.profile["off_track_full_beer"]:
            rulings.append(Ruling(who, What.BEER, 1, "racerbile.option.off_track_full_beer", phrase(N_("left the track: a whole beer on top"))))
    elif m.short:
        full = race.board_for(seat).full
        by_stack = m.blocked and any(n in full for n, _ in c.steps[m.end])
        rule = "racerbile.field.blocking" if m.bonk else "racerbile.stack" if by_stack else "racerbile.turn" if m.blocked else "racerbile.technical.fewer_fields"
        why = N_("blocked after {driven} of {roll} fields: {sips}") if m.blocked else N_("stopped after {driven} of {roll} fields: {sips}")
        rulings.append(Ruling(who, What.SIPS, m.short, rule, phrase(why, driven=len(m.path), roll=t.roll, sips=R.sips(m.short))))
    if m.squeals:
        rulings.append(Ruling(who, What.CALL, m.squeals, "racerbile.reckless", phrase(N_("{n} changes of direction on {roll}") if m.squeals > 1 else N_("{n} change of direction on {roll}"), n=m.squeals, roll=t.roll), words=("hvin",) * m.squeals))
        rulings.append(Ruling(who, What.SIPS, m.squeals, "racerbile.technical.squeal", phrase(N_("{squeals} (tyre wear): {sips}"), squeals=R.count(m.squeals, N_("{n} squeal"), N_("{n} squeals"), m.squeals > 1), sips=R.sips(m.squeals, m.squeals > 1))))
    if m.sharp:  # out of a corner (racerbile Decisions: a car facing no forward field within 60°)
        rulings.append(Ruling(who, What.SIPS, m.sharp, "racerbile.variant.racerbile", phrase(N_("facing no forward field within 60°: turns {degrees}° to the nearest, a technical fault per 60° beyond the first: {sips}"), degrees=60 * (m.sharp + 1), sips=R.sips(m.sharp, m.sharp > 1))))
    cars = list(race.cars)
    if m.bonk is not None:
        for s, o in enumerate(cars):
            if o.pos == m.bonk and o.flipped:
                cars[s] = replace(o, flipped=False)
                rulings.append(Ruling(race.driver(s), What.NOTE, 0, "racerbile.field.blocking", phrase(N_("{who} stops before {field}, bonks {owner}'s cap on the table and lays it back mark up: the block is lifted"), who=who, field=f"{m.bonk.q},{m.bonk.r}", owner=race.players[s])))
    # the car moves
    lap = car.lap
    prev = car.pos
    for h in m.path:
        if c.crosses_line(prev, h):
            lap += 1
        prev = h
    arrival = race.arrivals
    moved = bool(m.path)
    new = replace(
        car,
        pos=m.end,
        lap=lap,
        facing=m.facing if moved and race.facing_rule else car.facing,
        arrival=arrival if moved else car.arrival,
        flipped=False if moved or m.off_track else car.flipped,  # a flipped cap that flies off blocks no more (Decisions: a car off the track)
        off=m.off_track,
        started=True,
    )
    if m.off_track:
        dropped = new.gear - 1
        new = replace(new, gear=1, first_gear="racerbile.flat_out")
        rulings.append(Ruling(who, What.CALL, 0, "racerbile.flat_out", phrase(N_("forced down to first gear; next turn the car reverses back onto the track")), words=("Jeg gearer ned til første gear",)))
        if dropped:  # a sip per gear dropped, as every forced downshift (Decisions)
            rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.flat_out", phrase(N_("forced downshift off the track: gear {gear} → 1, a sip per gear dropped: {n}"), gear=dropped + 1, n=dropped)))
    others_here = [s for s, o in enumerate(cars) if s != seat and o.pos == m.end and not o.off]  # a car off the track lies on no field
    if moved and not m.off_track:
        kind = c.kinds.get(m.end)
        if kind is Kind.BLOCKING and not others_here:
            new = replace(new, flipped=True)
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.field.blocking", phrase(N_("lands on the blocking field {field}: the cap is flipped – nobody passes"), field=f"{m.end.q},{m.end.r}")))
        if kind is Kind.DOWNSHIFT:
            dropped = new.gear - 1
            new = replace(new, gear=1, first_gear="racerbile.field.downshift")
            if dropped:
                rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.field.downshift", phrase(N_("downshift field: gear {gear} → 1, a sip per gear dropped: {n}"), gear=dropped + 1, n=dropped)))
            else:
                rulings.append(Ruling(who, What.NOTE, 0, "racerbile.field.downshift", phrase(N_("downshift field: already in first gear"))))
        if others_here:
            rulings.append(Ruling(who, What.NOTE, 0, "racerbile.stack", phrase(N_("lands on {owner}'s field: goes underneath"), owner=race.players[others_here[0]])))
    if t.smashed and race.variant != R.BABYBILE:
        dropped = new.gear - 1
        new = replace(new, gear=1, first_gear="racerbile.variant.racerbile")
        rulings.append(Ruling(who, What.SIPS, dropped, "racerbile.variant.racerbile", phrase(N_("smashed gearbox: back to first gear, a sip per gear dropped: {n}"), n=dropped)))
    cars[seat] = new
    chosen = race.chosen
    per_lap = race.profile["split_choice_per_lap"]
    for split, name in m.choice:
        chosen += ((split, car.lap if per_lap else 0, name),)
        rulings.append(Ruling(who, What.NOTE, 0, "racerbile.split", phrase(N_("{who} is first at the split {split!r}: everyone takes the branch {branch!r}"), who=who, split=race.track.splits[split].name, branch=name)))
    st = replace(race, cars=tuple(cars), arrivals=arrival + 1 if moved else race.arrivals, chosen=chosen)
    # overtaking, laps, midway
    for s in before:
        if st.ahead(seat, s):
            rulings.append(Ruling(st.driver(s), What.SIPS, 1, "racerbile.general.overtaken", phrase(N_("overtaken by {who}: 1 sip"), who=who)))
    if lap > car.lap:
        rulings.append(Ruling(who, What.LAPS, lap - car.lap, "racerbile.turn", phrase(N_("{team} completes lap {lap}"), team=race.players[seat], lap=lap)))
    if c.midway is not None and passes(c, car.pos, m.path, c.midway):
        rulings.append(Ruling(who, What.CALL, 0, "racerbile.field.midway", phrase(N_("past the midway line")), words=("Midtvejsskål!",)))
        for crew in race.drivers:  # every driver of every team, not only those at the wheel (Decisions)
            for d in crew:
                rulings.append(Ruling(d, What.SIPS, 1, "racerbile.field.midway", phrase(N_("{who} calls midtvejsskål: everybody drinks 1 sip"), who=who)))
    st, out = st.charge(rulings)
    laps = race.profile["laps"]
    if not race.lemans and isinstance(laps, int) and lap >= laps:
        st, front = replace(st, winner=seat).charge(finish_front(st, seat))
        out += front
        win = Ruling(who, What.NOTE, 0, "racerbile.turn", phrase(N_("{team} crosses the line after lap {laps}: wins the race"), team=race.players[seat], laps=laps))
        done = replace(st, phase=OVER, turn=t, turns=st.turns + 1)
        return Step(done, tuple(out) + (win,))
    if race.lemans and m.path and m.end == c.field42:
        return Step(replace(st, phase=NAME42), tuple(out))
    step = end_turn(st, [])
    return Step(step.state, tuple(out) + step.rulings)


def passes(c: Course, start: Hex, path: tuple[Hex, ...], m: int) -> bool:
    """Whether a move fully passes the midway line (progress from at most `m` to beyond it)."""
    prev = c.progress[start]
    for h in path:
        p = c.progress[h]
        if prev <= m < p:
            return True
        prev = p
    return False
