"""What the referee says about a race record (`game.racerbile.record`): every action it applied
with its rulings, the standing after them, and who is on turn – as text or JSON (docs/records.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.hexgrid import DIRECTION_NAMES
from game.match import Match
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, ROLL, START_ROLL, RaceState
from game.rules import racerbile as R
from game.rules.ruling import Ruling


@dataclass
class Logged:
    """One action the referee applied: where the record wrote it, whose it was, what it caused."""

    line: int
    who: str  # the seat (player or team) on turn, or "table"
    action: str
    rulings: tuple[Ruling, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "who": self.who, "action": self.action, "rulings": [r.to_dict() for r in self.rulings]}


@dataclass
class RaceReport:
    """What the referee says about a race record: every action with its rulings, and the standing."""

    match: Match
    track_name: str
    track_hash: str
    track_ref: str = ""  # how the record named the track
    log: list[Logged] = field(default_factory=list)
    turns: list[dict[str, Any]] = field(default_factory=list)

    @property
    def state(self) -> RaceState:
        return self.match.state  # type: ignore[no-any-return]

    @property
    def named_by_hash(self) -> bool:
        ref = self.track_ref.lower()
        return len(ref) >= 8 and self.track_hash.startswith(ref)

    @property
    def rulings(self) -> list[Ruling]:
        return [r for e in self.log for r in e.rulings]

    def standing(self) -> dict[str, Any]:
        st = self.state
        c = st.course
        cars = []
        for place, s in enumerate(st.standings(), start=1):
            car = st.cars[s]
            row: dict[str, Any] = {
                "place": place,
                "seat": st.players[s],
                "driver": st.driver(s),
                "lap": car.lap,
                "position": f"{car.pos.q},{car.pos.r}",
                "progress": c.progress[car.pos],
                "distance": st.distance(s),
                "gear": car.gear,
                "facing": DIRECTION_NAMES[car.facing] if car.facing is not None else None,
            }
            if car.lost_laps:
                row["lost_laps"] = car.lost_laps
            for flag in ("flipped", "off"):
                if getattr(car, flag):
                    row[flag] = True
            if car.skip:
                row["skip"] = car.skip
            if car.first_gear:
                row["first_gear"] = car.first_gear
            cars.append(row)
        drivers = {}
        for name, acc in st.ledger.accounts:
            drivers[name] = {"sips": acc.sips, "beers": acc.beers, "beer_left": acc.beer_left, "drink": str(acc.drink)}
        out: dict[str, Any] = {"lap_length": c.lap, "cars": cars, "drivers": drivers, "over": st.is_terminal(), "turns": st.turns}
        if st.lemans:
            out["clock"] = st.clock
            out["last_round"] = st.last_round
        if st.is_terminal():
            out["winner"] = st.players[st.standings()[0]]
        else:
            out["next"] = on_turn(st)
        return out

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        players: list[dict[str, Any]] = []
        for p in self.match.players:
            d: dict[str, Any] = {"name": p.name, "drink": str(p.drink)}
            if p.drivers:
                d["drivers"] = list(p.drivers)
            players.append(d)
        return {
            "game": "racerbile",
            "variant": st.variant,
            "track": {"name": self.track_name, "hash": self.track_hash, "named_by_hash": self.named_by_hash},
            "players": players,
            "profile": self.match.profile.to_dict(),
            "turns": self.turns,
            "log": [e.to_dict() for e in self.log],
            "rulings": [r.to_dict() for r in self.rulings],
            "standing": self.standing(),
        }

    def to_text(self) -> str:
        st = self.state
        seats = ", ".join(
            f"{p.name} ({', '.join(p.drivers)})" if p.drivers else p.name for p in self.match.players
        )
        title = {R.BABYBILE: "Babybile", R.RACERBILE: "Racerbile", R.LE_MANS: "Le Mans"}[st.variant]
        lines = [f"Racerbile – {title} on {self.track_name} (track {self.track_hash[:12]}…): {seats}"]
        if not self.named_by_hash:
            lines.append(f"  (the record names the track {self.track_ref!r}; its content hash {self.track_hash[:12]} is the canonical name)")
        for e in self.log:
            who = "" if e.who == "table" else f"{e.who}: "
            lines.append(f"  line {e.line:<4} {who}{e.action}")
            for r in e.rulings:
                lines.append("      " + ruling_text(r))
        s = self.standing()
        lines.append(f"Standing after {s['turns']} turn{'s' if s['turns'] != 1 else ''}:")
        for row in s["cars"]:
            extra = "".join(
                [
                    f"  facing {row['facing']}" if row["facing"] else "",
                    f"  −{row['lost_laps']} laps" if row.get("lost_laps") else "",
                    "  flipped (blocking)" if row.get("flipped") else "",
                    "  off the track" if row.get("off") else "",
                    f"  loses {row['skip']} turn" if row.get("skip") else "",
                ]
            )
            car = row["seat"] + (f" ({row['driver']})" if row["driver"] != row["seat"] else "")
            lines.append(
                f"  {row['place']}. {car:14} lap {row['lap']}  at {row['position']:>7} "
                f"({row['progress']}/{s['lap_length']})  gear {row['gear']}{extra}"
            )
        lines.append("Drinks:")
        for name, d in s["drivers"].items():
            beers = f"{d['beers']} beer{'s' if d['beers'] != 1 else ''} emptied"
            left = f"{d['beer_left']} sip{'s' if d['beer_left'] != 1 else ''} left in the glass"
            lines.append(f"  {name:12} {d['sips']:3} sip{'s' if d['sips'] != 1 else ' '}  ({beers}, {left})")
        if st.lemans:
            lines.append(f"Clock: {s['clock']:g} s" + ("  – the last round of turns" if s["last_round"] else ""))
        if s["over"]:
            lines.append(f"The race is over: {s['winner']} wins.")
        else:
            n = s["next"]
            lines.append(f"On turn: {n['seat']}" + (f" ({n['driver']})" if n["driver"] != n["seat"] else "") + f" – {n['to']}")
        return "\n".join(lines)


def ruling_text(r: Ruling) -> str:
    """`who  [rule] arithmetic – "words"`, the way the referee prints a ruling."""
    words = f' – "{" ".join(r.words)}"' if r.words else ""
    return f"{r.who:10} [{r.rule}] {r.arithmetic}{words}"


def on_turn(st: RaceState) -> dict[str, Any]:
    """Who is on turn and what he does next."""
    if st.phase in (ORDER, START_ROLL) or st.turn is None:
        return {"seat": st.players[0], "driver": st.players[0], "to": "settle the order", "phase": st.phase}
    t = st.turn
    seat, driver = st.players[t.seat], st.driver(t.seat)
    if st.phase == GEAR:
        to = "choose the gear: " + " | ".join(str(a) for a in st.legal_actions())
    elif st.phase == ROLL:
        to = f"roll {t.pending} di{'c' if t.pending != 1 else ''}e" + (" again (5s and 6s)" if t.dice or t.fives else f" in gear {t.gear}")
    elif st.phase == MOVE:
        n = len(st.moves())
        pos = st.cars[t.seat].pos
        to = f"drive the {t.roll} rolled from {pos.q},{pos.r} ({n} legal move{'s' if n != 1 else ''})"
    elif st.phase == NAME42:
        to = "name an opponent (the 42 field)"
    else:  # pragma: no cover - OVER has no turn
        to = st.phase
    return {"seat": seat, "driver": driver, "to": to, "phase": st.phase}
