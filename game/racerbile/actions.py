"""Actions of a Racerbile race, each with the short text form the match log and records use.

Player decisions: `Order` (the start: entered time-trial times, or a roll for the order),
`Shift` (gear up, down or hold), `Driver` (Le Mans: the team's next driver), `Drive` (the fields
driven, in coordinates), `Name` (the opponent named on the 42 field, or nobody: `name -`). Chance: `StartDie` (one
die of the roll for the order) and `Dice` (the dice of a roll as they land). The table and the
judges: `Call` (a fault from the "call a fault" menu), `Judge` (Le Mans judges' console),
`Clock` (event time passing at Le Mans).
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from game.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Order:
    times: tuple[float, ...] = ()  # per seat; empty: roll for the order

    def __str__(self) -> str:
        return "times " + " ".join(f"{t:g}" for t in self.times) if self.times else "startroll"


@dataclass(frozen=True, slots=True)
class StartDie:
    face: int

    def __str__(self) -> str:
        return f"start {self.face}"


@dataclass(frozen=True, slots=True)
class Shift:
    delta: int  # +1 up, -1 down, 0 hold

    def __str__(self) -> str:
        return "gear " + {1: "up", -1: "down", 0: "hold"}[self.delta]


@dataclass(frozen=True, slots=True)
class Driver:
    name: str

    def __str__(self) -> str:
        return f"driver {shlex.quote(self.name)}"


@dataclass(frozen=True, slots=True)
class Dice:
    faces: tuple[int, ...]

    def __str__(self) -> str:
        return "dice " + "".join(map(str, self.faces))


@dataclass(frozen=True, slots=True)
class Drive:
    path: tuple[Hex, ...]

    def __str__(self) -> str:
        return "drive " + (" ".join(f"{h.q},{h.r}" for h in self.path) if self.path else "-")


@dataclass(frozen=True, slots=True)
class Name:
    player: str  # empty: the driver names nobody (`name -`, racerbile.lemans.field42)

    def __str__(self) -> str:
        return f"name {shlex.quote(self.player)}" if self.player else "name -"


@dataclass(frozen=True, slots=True)
class Call:
    """A fault called by the table: its rule id, who made it, and how many (fields, dice…)."""

    rule: str
    who: str
    count: int = 1

    def __str__(self) -> str:
        return f"call {self.rule} {shlex.quote(self.who)}" + (f" {self.count}" if self.count != 1 else "")


@dataclass(frozen=True, slots=True)
class Judge:
    """A judges' decision at Le Mans: `sips` (who, n), `laps` (team, n lost), `rule` (option=value)
    or `out` (the team is put out: `judge out TEAM 'REASON'`, no value)."""

    kind: str
    target: str
    value: str
    reason: str

    def __str__(self) -> str:
        if self.kind == "out":
            return f"judge out {shlex.quote(self.target)} {shlex.quote(self.reason)}"
        return f"judge {self.kind} {shlex.quote(self.target)} {shlex.quote(self.value)} {shlex.quote(self.reason)}"


@dataclass(frozen=True, slots=True)
class Clock:
    seconds: float

    def __str__(self) -> str:
        return f"clock {self.seconds:g}"


Action = Order | StartDie | Shift | Driver | Dice | Drive | Name | Call | Judge | Clock


def parse_hex(text: str) -> Hex:
    q, sep, r = text.partition(",")
    if not sep:
        raise ValueError(f"not a field: {text!r} (write q,r)")
    return Hex(int(q), int(r))


# what makes `shlex.split` (POSIX) differ from `str.split`: quotes, the escape, and the whitespace
# `str.split` splits on but shlex does not (shlex splits on " \t\r\n" only)
_SHELL = re.compile(r"['\"\\\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def split_words(text: str) -> list[str]:
    """`shlex.split(text)`: words, quoted as in a shell – without shlex when nothing needs it."""
    if _SHELL.search(text) is None:
        return text.split()
    return shlex.split(text)


def parse_action(text: str) -> Action:
    """The inverse of `str(action)`; ValueError on anything else (names are quoted as in a shell)."""
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    try:
        parts = split_words(rest)
        if word == "startroll" and not rest:
            return Order()
        if word == "times" and parts:
            return Order(tuple(float(p) for p in parts))
        if word == "start" and rest.isdigit():
            return StartDie(int(rest))
        if word == "gear" and rest in ("up", "down", "hold"):
            return Shift({"up": 1, "down": -1, "hold": 0}[rest])
        if word == "driver" and len(parts) == 1:
            return Driver(parts[0])
        if word == "dice" and rest.isdigit():
            return Dice(tuple(int(c) for c in rest))
        if word == "drive" and parts:
            return Drive(() if parts == ["-"] else tuple(parse_hex(p) for p in parts))
        if word == "name" and len(parts) == 1:
            return Name("" if parts[0] == "-" else parts[0])
        if word == "call" and len(parts) in (2, 3):
            return Call(parts[0], parts[1], int(parts[2]) if len(parts) == 3 else 1)
        if word == "judge" and len(parts) >= 2 and parts[0] == "out":
            return Judge("out", parts[1], "", " ".join(parts[2:]))
        if word == "judge" and len(parts) >= 3:
            return Judge(parts[0], parts[1], parts[2], " ".join(parts[3:]))
        if word == "clock" and len(parts) == 1:
            return Clock(float(parts[0]))
    except ValueError as e:
        raise ValueError(f"not an action: {text!r} ({e})") from None
    raise ValueError(f"not an action: {text!r}")
