"""The parts a Racerbile race state is made of: its phases, a car (`Car`), the turn in play (`Turn`).
`replace` (`game.rules.frozen`) is the quick copy with changes that every step of the referee makes."""
from __future__ import annotations

from dataclasses import dataclass

from game.hexgrid import Hex
from game.rules.frozen import replaceable

ORDER, START_ROLL, GEAR, ROLL, MOVE, NAME42, OVER = "order", "start_roll", "gear", "roll", "move", "name42", "over"


@replaceable
@dataclass(frozen=True, slots=True)
class Car:
    """One cap on the track."""

    pos: Hex
    lap: int = 0  # line crossings (a car that starts behind the line starts at -1)
    facing: int | None = None  # racerbile.variant.racerbile: the way it last moved
    gear: int = 1
    arrival: int = 0  # when it came to its field: the earlier arrival lies on top (racerbile.stack)
    flipped: bool = False  # blocking (racerbile.field.blocking)
    off: bool = False  # left the track at `pos` (racerbile.flat_out)
    first_gear: str = ""  # the rule that makes it start its next turn in first gear
    started: bool = False  # has had a turn (no gear change in the first: racerbile.gears)
    skip: int = 0  # turns to lose
    lost_laps: int = 0  # laps taken away (racerbile.lemans.vomit, racerbile.lemans.delay, judges)
    driver: int = 0  # the team's driver at the wheel (Le Mans)
    out: str = ""  # Le Mans: put out by the judges, with their reason (drives no more, ranks last)


@replaceable
@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in play: its seat, gear, dice, roll and what it has cost so far."""

    seat: int
    gear: int = 1
    shifted: bool = False
    changed_driver: bool = False
    dice: tuple[int, ...] = ()  # the dice that have landed on 1–4
    pending: int = 0  # dice in the air
    fives: int = 0  # 5s and 6s seen this turn
    throws: tuple[tuple[int, ...], ...] = ()  # every throw of the turn's dice, faces as thrown (5s and 6s are thrown again)
    roll: int = 0  # fields rolled (once every die has landed)
    smashed: bool = False  # triple clutch fault
    sips: tuple[tuple[str, int], ...] = ()  # sips charged this turn, per player (racerbile.lemans.cap42)
    nols: int = 0
    start_car: Car | None = None  # the car as the move began (racerbile.option.upside_down_redo)
    opened: bool = True  # the front/last sip and forced calls are made (Le Mans: once the driver is settled)
    unopened: int = 0  # Le Mans: the driver's sips before his turn opened (a driver-change beer) – not the 42 field's (Decisions)
    forced: str = ""  # the rule that forces first gear this turn (why an upshift is refused)


def set_car(cars: tuple[Car, ...], seat: int, car: Car) -> tuple[Car, ...]:
    """The cars with `seat`'s car replaced by `car`."""
    return cars[:seat] + (car,) + cars[seat + 1 :]
