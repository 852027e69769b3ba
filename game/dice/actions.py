"""Actions at the dice table, each with a short text form used by the match log.

Player actions: `Roll(keep)` (roll every die not kept), `Flip(n)` (turn sixes to ones, Schock),
`Stand()`. Chance outcomes: `Dice(faces)` (what the rolled dice show) and `Tower()` (a Türmchen:
the roll is thrown again).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.dice import Faces, norm


@dataclass(frozen=True, slots=True)
class Roll:
    keep: Faces = ()

    def __str__(self) -> str:
        return "roll " + "".join(map(str, norm(self.keep))) if self.keep else "roll"


@dataclass(frozen=True, slots=True)
class Flip:
    count: int = 1

    def __str__(self) -> str:
        return f"flip {self.count}"


@dataclass(frozen=True, slots=True)
class Stand:
    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Dice:
    faces: Faces

    def __str__(self) -> str:
        return "dice " + "".join(map(str, self.faces))


@dataclass(frozen=True, slots=True)
class Tower:
    def __str__(self) -> str:
        return "tower"


Action = Roll | Flip | Stand | Dice | Tower


def parse_action(text: str) -> Action:
    """The inverse of `str(action)`; raises ValueError on anything else."""
    word, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    digits = tuple(int(c) for c in rest) if rest.isdigit() else None
    if word == "roll" and (not rest or digits):
        return Roll(norm(digits or ()))
    if word == "flip" and rest in ("1", "2"):
        return Flip(int(rest))
    if word == "stand" and not rest:
        return Stand()
    if word == "dice" and digits:
        return Dice(digits)
    if word == "tower" and not rest:
        return Tower()
    raise ValueError(f"not an action: {text!r}")
