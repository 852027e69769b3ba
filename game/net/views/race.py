"""Racerbile and Le Mans in a browser's view (`game.net.web_view`).

`static` is the track, sent once: its fields as axial coordinates with their kinds (the page
computes centres and corners with the same hex maths as `game.hexgrid.Layout`), the start line's
fields and heading, arrows, the pit lane, the 42 field, the Dunlop bridge, the splits and the
names on the board. `view` is the race as it stands: the cars, the turn (gear, dice, roll), the
standings, the Le Mans clock, a headline in words, at a real table the throw awaited (`table_view`, the
same for every seat) – and the seat's offers and throw to enter (`seat_view`, `race_offers`, `race_entry`).
"""
from __future__ import annotations

from typing import Any, Sequence

from game.i18n import _
from game.net.authority import JUDGES
from game.net.views.race_entry import awaited, entry
from game.net.views.race_offers import offers
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, ROLL, START_ROLL, RaceState
from game.racerbile.track import Kind
from game.racerbile.words import car_notes
from game.session.session import Session

KINDS = (Kind.NORMAL, Kind.DOWNSHIFT, Kind.BLOCKING, Kind.MIDWAY)  # a field's kind in `static`: its index here


def _flat(hexes: Any) -> list[int]:
    return [c for h in hexes for c in (h.q, h.r)]


def static(session: Session) -> dict[str, Any]:
    """The track, drawn once: flat lists of coordinates (q, r, …) to keep it small."""
    tr = session.state.track
    return {
        "orientation": tr.orientation, "theme": tr.theme, "heading": tr.heading,
        "fields": [c for h, k in tr.fields.items() for c in (h.q, h.r, KINDS.index(k))],
        "start": _flat(tr.start),
        "arrows": [c for h, d in tr.arrows.items() for c in (h.q, h.r, d)],
        "pit": _flat(tr.pit.fields) if tr.pit else [],
        "field42": _flat([tr.field42]) if tr.field42 else [],
        "dunlop": _flat(tr.dunlop),
        "splits": _flat(s.fork for s in tr.splits),
        "labels": [[lb.at.q, lb.at.r, lb.text] for lb in tr.labels],
    }


def initials(names: Sequence[str]) -> list[str]:
    """The mark on each cap: its first letter, or two where first letters clash (as on the desktop)."""
    first = [n.strip()[:1].upper() or "?" for n in names]
    return [f if first.count(f) == 1 else n.strip()[:2].capitalize() for f, n in zip(first, names)]


def table_view(session: Session) -> dict[str, Any]:
    """The race as it stands, the same for every seat and watcher, and the result once over."""
    st: RaceState = session.state
    placed = st.phase not in (ORDER, START_ROLL)
    marks = initials(st.players)
    cars = [{"seat": s, "name": st.players[s], "mark": marks[s], "q": c.pos.q, "r": c.pos.r, "facing": c.facing,
             "flipped": c.flipped, "off": c.off, "out": bool(c.out), "arrival": c.arrival}
            for s, c in enumerate(st.cars)] if placed else []
    table: dict[str, Any] = {
        "phase": st.phase, "lemans": st.lemans, "cars": cars, "standings": standings(session),
        "say": headline(session), "turn": turn(st), "clock": clock(session) if st.lemans else None,
        "real": session.real_table(), "entering": awaited(session),
    }
    out: dict[str, Any] = {"table": table}
    if st.is_terminal():
        out["result"] = _("The race is over – {name} wins").format(name=st.players[st.standings()[0]])
    return out


def seat_view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's offers (`race_offers`) and, at a real table, its throw to enter (`race_entry`)."""
    return {"actions": offers(session, seat, JUDGES), "enter": entry(session, seat)}


def view(session: Session, seat: int | None) -> dict[str, Any]:
    """The seat's offers and the race in one."""
    return {**table_view(session), **seat_view(session, seat)}


def turn(st: RaceState) -> dict[str, Any] | None:
    """The turn in play: who, the gear, the dice landed so far and the roll."""
    t = st.turn
    if t is None or st.phase not in (GEAR, ROLL, MOVE, NAME42):
        return None
    return {"seat": t.seat, "driver": st.driver(t.seat), "gear": t.gear,
            "dice": list(t.dice), "rerolled": [f for th in t.throws for f in th if f >= 5],
            "roll": t.roll if st.phase in (MOVE, NAME42) else None}


def headline(session: Session) -> str:
    """What the table is doing now, in words (the desktop's top bar without its keys)."""
    st: RaceState = session.state
    if st.phase == ORDER:
        return _("The start: the time trial")
    if st.phase == START_ROLL:
        return _("Rolling for the order")
    if st.is_terminal():
        return _("The race is over – {name} wins").format(name=st.players[st.standings()[0]])
    t = st.turn
    assert t is not None
    who = st.driver(t.seat)
    team = f" ({st.players[t.seat]})" if st.lemans else ""
    if st.phase == GEAR:
        return _("{name}'s turn").format(name=who) + team
    if st.phase == ROLL:
        return (_("{name} rolls {n} die") if t.gear == 1 else _("{name} rolls {n} dice")).format(name=who, n=t.gear) + team
    if st.phase == MOVE:
        return _("{name} drives {n}").format(name=who, n=t.roll) + team
    if st.phase == NAME42:
        return _("{name} is on the 42 field").format(name=who) + team
    return ""


def standings(session: Session) -> list[dict[str, Any]]:
    """The seats first to last: place, laps, the fields to the car ahead, sips and beers (a team's summed)."""
    st: RaceState = session.state
    placed = st.phase not in (ORDER, START_ROLL)
    order = st.standings() if placed else list(range(len(st.players)))
    drinks = session.match.drinks()
    laps = st.profile["laps"]
    on = st.turn.seat if st.turn is not None and not st.is_terminal() else -1
    rows = []
    prev: int | None = None
    for place, s in enumerate(order, start=1):
        car = st.cars[s]
        accs = [drinks[d] for d in st.drivers[s] if d in drinks.players]
        notes = car_notes(car)
        gap = ""
        if placed and prev is not None and not car.out and not car.off:
            d = st.distance(prev) - st.distance(s)
            name = st.players[prev]
            gap = _("level with {name}").format(name=name) if d <= 0 else (_("{n} field behind {name}") if d == 1 else _("{n} fields behind {name}")).format(name=name, n=d)
        lap = car.lap - car.lost_laps if placed else 0
        rows.append({"seat": s, "place": place if placed else 0, "name": st.players[s], "driver": st.driver(s) if st.lemans else "",
                     "laps": f"{max(0, lap)}/{laps}" if isinstance(laps, int) and not st.lemans else str(lap), "gear": car.gear,
                     "sips": sum(a.sips for a in accs), "beers": sum(a.beers for a in accs), "on": s == on,
                     "note": ", ".join(notes), "gap": gap})
        if not car.out and not car.off:
            prev = s
    return rows


def clock(session: Session) -> dict[str, Any]:
    """The Le Mans event clock (racerbile.lemans.end): seconds now and at the end, how fast it runs
    (the page keeps it ticking between views), and whether the last round has been called."""
    st: RaceState = session.state
    hours = st.profile["lemans_hours"]
    factor = st.profile["lemans_time_factor"]
    now = getattr(session, "event_seconds", lambda: st.clock)()
    return {"now": round(float(now), 1), "end": (hours if isinstance(hours, int) else 24) * 3600,
            "factor": factor if isinstance(factor, int) and factor > 0 else 1,
            "running": not st.is_terminal() and st.phase not in (ORDER, START_ROLL), "last": st.last_round}
