"""The facts the table reports, in order, each with `t` (seconds since the ball's release) and
`ball` (the id `Table.throw` returned; 0 when made by hand; not part of equality).

The physics never rules: the Bierpong adjudicator reads these (bounce, roller, trickshot, air ball).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

ContactKind = Literal["wall", "rim"]
Direction = Literal["away", "back"]
Edge = Literal["far", "side", "near"]
Where = Literal["table", "floor", "cup", "rims"]

_EDGE_LABEL = {"far": "off the far end", "side": "off the side", "near": "off the near end"}


@dataclass(frozen=True)
class TableBounce:
    """The ball touched down on the table at (x, y)."""

    t: float
    x: float
    y: float
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return "bounce"


@dataclass(frozen=True)
class CupContact:
    """The ball touched a cup: its side wall or its rim."""

    t: float
    cup: int
    kind: ContactKind
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return f"{self.kind} cup {self.cup}"


@dataclass(frozen=True)
class Sink:
    """The ball dropped into the cup and reached its liquid (or its base, if empty)."""

    t: float
    cup: int
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return f"sink cup {self.cup}"


@dataclass(frozen=True)
class CrossedCentre:
    """The ball crossed the centre line over the table ("away" from the thrower or "back")."""

    t: float
    direction: Direction
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return "rolled back" if self.direction == "back" else "over the centre"


@dataclass(frozen=True)
class LeftTable:
    """The ball's centre passed an edge of the table (at any height)."""

    t: float
    edge: Edge
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return _EDGE_LABEL[self.edge]


@dataclass(frozen=True)
class Settled:
    """The ball came to rest: on the table, on the floor, in a cup, or lying on top of rims."""

    t: float
    x: float
    y: float
    where: Where
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return "in the cup" if self.where == "cup" else f"rests on the {self.where}"


@dataclass(frozen=True)
class CupTipped:
    """A cup was knocked over."""

    t: float
    cup: int
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return f"cup {self.cup} tipped"


@dataclass(frozen=True)
class BallContact:
    """The ball touched the other ball in play (two balls thrown at once, bierpong.art4)."""

    t: float
    other: int
    ball: int = field(default=0, compare=False)

    def label(self) -> str:
        return f"hit ball {self.other}"


Event = Union[TableBounce, CupContact, Sink, CrossedCentre, LeftTable, Settled, CupTipped, BallContact]
