"""A side's cups: where they stand and which touch (bierpong.art3 adjacency, bierpong.art22 islands).

Positions come from the physics table (`physics.table.formation`). Two cups are neighbours when
their centres are at most 1.15 rim diameters apart (the Decision on neighbours).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from physics.constants import CONST
from physics.table import Cup, cups_at, formation

NEIGHBOUR_FACTOR = 1.15
RIM = 2.0 * CONST.cup_rim_radius


@dataclass(frozen=True, slots=True)
class Rack:
    """The standing cups of one side (ids as the formation numbered them)."""

    cups: tuple[Cup, ...]

    @classmethod
    def of(cls, kind: str, end: str = "far") -> Rack:
        return cls(formation(kind, end=end))

    @classmethod
    def at(cls, points: list[tuple[float, float]]) -> Rack:
        return cls(cups_at(points))

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(c.id for c in self.cups)

    def __len__(self) -> int:
        return len(self.cups)

    def __contains__(self, cup: object) -> bool:
        return any(c.id == cup for c in self.cups)

    def cup(self, cup: int) -> Cup:
        for c in self.cups:
            if c.id == cup:
                return c
        raise KeyError(cup)

    def touching(self, a: int, b: int) -> bool:
        ca, cb = self.cup(a), self.cup(b)
        return a != b and math.hypot(ca.x - cb.x, ca.y - cb.y) <= NEIGHBOUR_FACTOR * RIM + 1e-9

    def neighbours(self, cup: int) -> tuple[int, ...]:
        """The standing cups next to `cup` (bierpong.art3)."""
        return tuple(c.id for c in self.cups if self.touching(cup, c.id))

    def is_island(self, cup: int) -> bool:
        """A standing cup with no neighbours (bierpong.art22) – a lone last cup is one too."""
        return cup in self and not self.neighbours(cup)

    def islands(self) -> tuple[int, ...]:
        return tuple(c for c in self.ids if self.is_island(c))

    def without(self, gone: set[int] | frozenset[int] | tuple[int, ...]) -> Rack:
        return Rack(tuple(c for c in self.cups if c.id not in gone))

    def eligible_extra(self, special: int, n: int, exclude: frozenset[int] = frozenset()) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cups that may go with `special` when `n` more must go (bierpong.art3): the adjacent
        ones first – (must-choose-from, and the others allowed once those are used up)."""
        near = tuple(c for c in self.neighbours(special) if c not in exclude) if special in self else ()
        rest = tuple(c for c in self.ids if c != special and c not in exclude and c not in near)
        return near, rest
