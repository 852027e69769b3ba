"""Shot files for the shot lab (`python main.py lab FILE`): cups, throws and what they did (no pygame).

A shot is a rack of cups on the far half and a list of throws, each given by exact parameters –
the release point, the speed, the launch angle above the horizontal, the direction across the
table (degrees, 0 = straight down the table, positive = towards +y) and the spin. Throws are
played one after the other; each meets the cups still standing on a fresh table: a cup an earlier
throw sank into or knocked over is gone, the others stand in their places (the solver's and the
demo's convention). The physics is deterministic, so replaying a shot gives the same events; the
file keeps the recorded outcome and events of every throw so a replay can be checked against them.

    # Stammtisch Bierpong shot – python main.py lab FILE
    shot: 1
    cups:
    - {id: 1, x: 2.1975, y: 0.0}
    throws:
    - release: [0.0, 0.0, 0.45]
      speed: 4.9
      angle: 40.0
      direction: 0.0
      spin: [0.0, 0.0, 0.0]
      outcome: hit 1
      tipped: []
      events: ['0.512345 rim cup 1', …]

Bad files are refused as `file:line:column: message` (`game.yamlio`).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.bierpong.classify import classify, knocked_over
from game.bierpong.outcome import parse_outcome
from game.yamlio import Doc, parse, read_text
from physics.constants import CONST
from physics.events import CrossedCentre, CupContact, CupTipped, Event, LeftTable, Settled, Sink, TableBounce
from physics.table import Cup
from physics.world import Throw, simulate, throw_problem

VERSION = 1
HEADER = "# Stammtisch Bierpong shot – python main.py lab FILE (docs/bierpong-table.md)\n"
MAX_TIME = 10.0  # s simulated per throw (every throw settles within this: the physics sweep)
MAX_SPEED = 20.0  # m/s
GAP = 0.0005  # m left between snapped cups
MAX_CUP_ID = 9999  # far more cups than the table holds
THROW_KEYS = ("release", "speed", "angle", "direction", "spin", "outcome", "tipped", "events")


@dataclass(frozen=True)
class ShotThrow:
    """A throw by its exact parameters (metres, m/s, degrees, rad/s)."""

    release: tuple[float, float, float] = (0.0, 0.0, 0.45)
    speed: float = 5.0
    angle: float = 40.0  # above the horizontal
    direction: float = 0.0  # in the table's plane from +x (down the table) towards +y
    spin: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def to_throw(self) -> Throw:
        a, d = math.radians(self.angle), math.radians(self.direction)
        h = self.speed * math.cos(a)
        return Throw(self.release, (h * math.cos(d), h * math.sin(d), self.speed * math.sin(a)), self.spin)

    @classmethod
    def from_throw(cls, t: Throw) -> ShotThrow:
        """The parameters of any throw (a mouse throw), rounded to what a person would type
        (mm, cm/s, 0.01°): the lab then throws exactly these."""
        vx, vy, vz = t.velocity
        speed = math.sqrt(vx * vx + vy * vy + vz * vz)
        angle = math.degrees(math.atan2(vz, math.hypot(vx, vy)))
        direction = math.degrees(math.atan2(vy, vx))
        rx, ry, rz = (round(float(c), 3) for c in t.release)
        wx, wy, wz = (round(float(c), 1) for c in t.spin)
        return cls((rx, ry, rz), round(speed, 2), round(angle, 2), round(direction, 2), (wx, wy, wz))


@dataclass(frozen=True)
class Played:
    """What one throw did: its events, the outcome in the referee's notation, the cups it tipped."""

    events: tuple[Event, ...]
    outcome: str
    tipped: tuple[int, ...]

    def lines(self) -> list[str]:
        return [event_text(e) for e in self.events]


@dataclass(frozen=True)
class Recorded:
    """What the file says a throw did (for checking a replay)."""

    outcome: str
    tipped: tuple[int, ...]
    events: tuple[str, ...] | None  # None: not recorded


@dataclass(frozen=True)
class Shot:
    cups: tuple[Cup, ...]
    throws: tuple[ShotThrow, ...] = ()
    recorded: tuple[Recorded | None, ...] = field(default=())  # one per throw (None: not recorded)


# --- events as text --------------------------------------------------------------------------------

def event_text(e: Event) -> str:
    """One event as a line: time (µs), what, where (0.1 mm) – the form the file records."""
    head = f"{e.t:.6f} "
    if isinstance(e, TableBounce):
        return head + f"bounce at {e.x:.4f} {e.y:.4f}"
    if isinstance(e, Settled):
        return head + f"rests on the {e.where} at {e.x:.4f} {e.y:.4f}"
    if isinstance(e, (CupContact, Sink, CupTipped, CrossedCentre, LeftTable)):
        return head + e.label()
    return head + str(e)  # pragma: no cover - every event kind is listed above


# --- playing ----------------------------------------------------------------------------------------

def standing(cups: Sequence[Cup], played: Sequence[Played]) -> tuple[Cup, ...]:
    """The cups left after `played`: those sunk into or knocked over are gone."""
    gone: set[int] = set()
    for p in played:
        gone.update(p.tipped)
        gone.update(e.cup for e in p.events if isinstance(e, Sink))
    return tuple(c for c in cups if c.id not in gone)


def play_one(cups: Sequence[Cup], throw: ShotThrow) -> Played:
    """One throw on a fresh table holding `cups`, until the ball rests."""
    tl = simulate(tuple(cups), throw.to_throw(), max_time=MAX_TIME)
    return Played(tl.events, str(classify(tl.events)), knocked_over(tl.events))


def play(shot: Shot) -> list[Played]:
    """Every throw of the shot in order, each on the cups still standing."""
    out: list[Played] = []
    for th in shot.throws:
        out.append(play_one(standing(shot.cups, out), th))
    return out


def check(shot: Shot) -> list[str]:
    """Replay the shot and compare with what the file recorded: one line per difference."""
    problems = []
    for i, (p, rec) in enumerate(zip(play(shot), shot.recorded), 1):
        if rec is None:
            continue
        if p.outcome != rec.outcome:
            problems.append(f"throw {i}: recorded {rec.outcome!r}, replayed {p.outcome!r}")
        if p.tipped != rec.tipped:
            problems.append(f"throw {i}: recorded tipped {list(rec.tipped)}, replayed {list(p.tipped)}")
        lines = p.lines()
        if rec.events is not None and tuple(lines) != rec.events:
            k = next((j for j, (a, b) in enumerate(zip(lines, rec.events)) if a != b), min(len(lines), len(rec.events)))
            got = lines[k] if k < len(lines) else "(nothing)"
            want = rec.events[k] if k < len(rec.events) else "(nothing)"
            problems.append(f"throw {i}: event {k + 1} recorded {want!r}, replayed {got!r}")
    return problems


# --- cups: placing by hand --------------------------------------------------------------------------

def cup_at(cups: Sequence[Cup], x: float, y: float) -> Cup | None:
    """The cup whose rim contains (x, y)."""
    r = CONST.cup_rim_radius
    hits = [c for c in cups if math.hypot(c.x - x, c.y - y) <= r]
    return min(hits, key=lambda c: math.hypot(c.x - x, c.y - y)) if hits else None


def _clamp(x: float, y: float) -> tuple[float, float]:
    r = CONST.cup_rim_radius
    half = CONST.table_width / 2 - r
    return (min(max(x, CONST.centre + r), CONST.table_length - r), min(max(y, -half), half))


def snap(cups: Sequence[Cup], x: float, y: float) -> tuple[float, float] | None:
    """The nearest point to (x, y) on the far half where a cup fits without overlapping `cups`
    (pushed out of each cup it would overlap, touching it); None when there is no room near."""
    d = 2.0 * CONST.cup_rim_radius + GAP
    px, py = _clamp(x, y)
    for _ in range(24):
        clash = [c for c in cups if math.hypot(c.x - px, c.y - py) < d - 1e-9]
        if not clash:
            return (px, py)
        c = min(clash, key=lambda c: math.hypot(c.x - px, c.y - py))
        dx, dy = px - c.x, py - c.y
        n = math.hypot(dx, dy)
        if n < 1e-9:
            dx, dy, n = -1.0, 0.0, 1.0  # on its axis: towards the thrower
        px, py = _clamp(c.x + dx / n * d, c.y + dy / n * d)
    return None


def toggle_cup(cups: Sequence[Cup], x: float, y: float) -> tuple[Cup, ...] | None:
    """A click at (x, y): removes the cup there, or adds one there (snapped); None: no room."""
    hit = cup_at(cups, x, y)
    if hit is not None:
        return tuple(c for c in cups if c is not hit)
    p = snap(cups, x, y)
    if p is None:
        return None
    new = max((c.id for c in cups), default=0) + 1
    return (*cups, Cup(new, round(p[0], 4), round(p[1], 4)))


# --- writing ----------------------------------------------------------------------------------------

def to_text(shot: Shot, played: Sequence[Played] | None = None) -> str:
    """The file's text; `played` (default: the shot replayed) is recorded with each throw."""
    runs = list(play(shot) if played is None else played)
    data: dict[str, Any] = {
        "shot": VERSION,
        "cups": [{"id": c.id, "x": float(c.x), "y": float(c.y)} for c in shot.cups],
        "throws": [],
    }
    for th, p in zip(shot.throws, runs):
        data["throws"].append({
            "release": [float(v) for v in th.release],
            "speed": float(th.speed),
            "angle": float(th.angle),
            "direction": float(th.direction),
            "spin": [float(v) for v in th.spin],
            "outcome": p.outcome,
            "tipped": list(p.tipped),
            "events": p.lines(),
        })

    class _Dumper(yaml.SafeDumper):
        pass

    def _seq(d: yaml.SafeDumper, v: list[Any]) -> yaml.Node:  # numbers in a row, events one a line
        flow = all(isinstance(x, (int, float)) for x in v)
        return d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=flow)

    def _map(d: yaml.SafeDumper, v: dict[str, Any]) -> yaml.Node:  # a cup on one line
        flow = set(v) == {"id", "x", "y"}
        return d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=flow)

    _Dumper.add_representer(list, _seq)
    _Dumper.add_representer(dict, _map)
    return HEADER + yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)


def save(path: str | Path, shot: Shot, played: Sequence[Played] | None = None) -> None:
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(to_text(shot, played), encoding="utf-8")
    tmp.replace(p)


# --- reading ----------------------------------------------------------------------------------------

def _number(doc: Doc, node: yaml.Node, what: str, lo: float, hi: float) -> float:
    v = doc.value(node) if isinstance(node, yaml.ScalarNode) else None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and not math.isfinite(v)):
        raise doc.error(node, f"{what} must be a number")
    if not lo <= v <= hi:  # (compared as it is: a 400-digit int is no float)
        shown = f"a number of {len(str(abs(v)))} digits" if isinstance(v, int) and abs(v) >= 10**15 else f"{v:g}"
        raise doc.error(node, f"{what} must be between {lo:g} and {hi:g}, not {shown}")
    return float(v)


def _triple(doc: Doc, node: yaml.Node, what: str, bounds: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    items = doc.sequence(node, what)
    if len(items) != 3:
        raise doc.error(node, f"{what} takes three numbers [x, y, z], not {len(items)}")
    a, b, c = (_number(doc, n, f"{what} {axis}", lo, hi) for n, axis, (lo, hi) in zip(items, "xyz", bounds))
    return (a, b, c)


def _int(doc: Doc, node: yaml.Node, what: str) -> int:
    v = doc.value(node) if isinstance(node, yaml.ScalarNode) else None
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_CUP_ID:
        raise doc.error(node, f"{what} must be a whole number from 1 to {MAX_CUP_ID}")
    return v


def _fields(doc: Doc, node: yaml.Node, what: str, allowed: Sequence[str], required: Sequence[str]) -> dict[str, yaml.Node]:
    out: dict[str, yaml.Node] = {}
    for k, v in doc.mapping(node, what):
        if k.value not in allowed:
            raise doc.error(k, f"unknown key {k.value!r} in {what}; valid keys: {', '.join(allowed)}")
        out[k.value] = v
    for r in required:
        if r not in out:
            raise doc.error(node, f"{what} needs {r!r}")
    return out


def from_text(text: str, file: str = "<shot>") -> Shot:
    doc = parse(text, file)
    top = _fields(doc, doc.root, "a shot file", ("shot", "cups", "throws"), ("shot", "cups"))
    if doc.value(top["shot"]) != VERSION:
        raise doc.error(top["shot"], f"unknown shot file version {doc.value(top['shot'])!r}; this program reads version {VERSION}")
    cups: list[Cup] = []
    r = CONST.cup_rim_radius
    half = CONST.table_width / 2
    for n in doc.sequence(top["cups"], "cups"):
        f = _fields(doc, n, "a cup", ("id", "x", "y"), ("id", "x", "y"))
        cid = _int(doc, f["id"], "a cup's id")
        if any(c.id == cid for c in cups):
            raise doc.error(f["id"], f"cup {cid} twice; every cup needs an id of its own")
        x = _number(doc, f["x"], "a cup's x (m along the table)", r, CONST.table_length - r)
        y = _number(doc, f["y"], "a cup's y (m across the table)", -half + r, half - r)
        other = next((c for c in cups if math.hypot(c.x - x, c.y - y) < 2 * r - 1e-6), None)
        if other is not None:
            raise doc.error(n, f"cup {cid} overlaps cup {other.id} (their centres are {math.hypot(other.x - x, other.y - y) * 1000:.1f} mm "
                               f"apart; cups need {2 * r * 1000:.0f} mm)")
        cups.append(Cup(cid, x, y))
    throws: list[ShotThrow] = []
    recorded: list[Recorded | None] = []
    for n in doc.sequence(top["throws"], "throws") if "throws" in top else []:
        f = _fields(doc, n, "a throw", THROW_KEYS, ("release", "speed", "angle"))
        release = _triple(doc, f["release"], "release", ((-1.0, CONST.table_length), (-1.5, 1.5), (0.0, 3.0)))
        speed = _number(doc, f["speed"], "speed (m/s)", 0.1, MAX_SPEED)
        angle = _number(doc, f["angle"], "angle (degrees above the horizontal)", -89.0, 89.0)
        direction = _number(doc, f["direction"], "direction (degrees)", -180.0, 180.0) if "direction" in f else 0.0
        spin = _triple(doc, f["spin"], "spin", ((-2000.0, 2000.0),) * 3) if "spin" in f else (0.0, 0.0, 0.0)
        shot = ShotThrow(release, speed, angle, direction, spin)
        problem = throw_problem(shot.to_throw())  # what the table itself takes (a spin of at most 300 rad/s, …)
        if problem is not None:
            raise doc.error(n, problem)
        throws.append(shot)
        if "outcome" in f:
            out = doc.text(f["outcome"], "outcome")
            try:
                parse_outcome(out)
            except ValueError as e:
                raise doc.error(f["outcome"], str(e)) from None
            tipped = tuple(_int(doc, t, "a tipped cup") for t in doc.sequence(f["tipped"], "tipped")) if "tipped" in f else ()
            events = tuple(doc.text(e, "an event") for e in doc.sequence(f["events"], "events")) if "events" in f else None
            recorded.append(Recorded(out, tipped, events))
        else:
            for k in ("tipped", "events"):
                if k in f:
                    raise doc.error(f[k], f"{k!r} is recorded with an outcome; add 'outcome' or leave it out")
            recorded.append(None)
    return Shot(tuple(cups), tuple(throws), tuple(recorded))


def load(path: str | Path) -> Shot:
    return from_text(read_text(path), str(path))
