"""What one thrown ball did, in the referee's terms – from the physics timeline (`classify`) or a
record ("bounce 5"). No pygame, no physics here: the referee rules on outcomes.

Notation (one word, then what it needs):
  `miss`              touched something (or nothing) and hit no cup
  `hit N`             dropped into cup N without touching the table first
  `bounce N`          touched down on the table (or an object on it) first, then cup N (bierpong.art14)
  `roller A>B>N`      touched at least two distinct cups – A, B, …, N in order, N being the cup it
                      then dropped into (touched on its rim first) – (bierpong.art15)
  `bounce roller A>N` both
  `air`               touched nothing and went past the far edge (an air ball if caught: bierpong.art23)
  `back`              came back over the centre line and lies on the thrower's half (fetchable: bierpong.art19)
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    cup: int | None = None  # the cup it dropped into (None: no hit)
    bounced: bool = False  # touched the table (or an object on it) before the hit – art14
    touched: tuple[int, ...] = ()  # distinct cups touched, in order (the cup it drops into too, if its rim was touched first)
    air: bool = False  # touched nothing, left over the far edge
    back: bool = False  # came back over the centre line and rests on the thrower's half

    def __post_init__(self) -> None:
        # one order for one outcome: the cup it dropped into, if touched, ends the path (as written)
        if self.cup is not None and self.cup in self.touched and self.touched[-1] != self.cup:
            object.__setattr__(self, "touched", tuple(c for c in self.touched if c != self.cup) + (self.cup,))

    @property
    def hit(self) -> bool:
        return self.cup is not None

    @property
    def roller(self) -> bool:
        """At least two distinct cups touched (the cup it drops into counts if touched first) – art15."""
        return self.cup is not None and len(set(self.touched)) >= 2

    def __str__(self) -> str:
        if self.cup is not None:
            if self.roller:
                path = ">".join(str(c) for c in (*[c for c in self.touched if c != self.cup], self.cup))  # N last
                return ("bounce roller " if self.bounced else "roller ") + path
            return f"{'bounce' if self.bounced else 'hit'} {self.cup}"
        if self.air:
            return "air"
        if self.back:
            return "back"
        return "miss"


def parse_outcome(text: str) -> Outcome:
    """The inverse of `str(outcome)`; ValueError naming the valid forms otherwise."""
    words = text.split()
    try:
        if words == ["miss"]:
            return Outcome()
        if words == ["air"]:
            return Outcome(air=True)
        if words == ["back"]:
            return Outcome(back=True)
        bounced = bool(words) and words[0] == "bounce"
        rest = words[1:] if bounced else words
        if len(rest) == 2 and rest[0] == "roller":
            cups = [int(c) for c in rest[1].split(">")]
            if len(cups) >= 2 and len(set(cups)) == len(cups):
                return Outcome(cup=cups[-1], bounced=bounced, touched=tuple(cups))
        if len(rest) == 1 and bounced:
            return Outcome(cup=int(rest[0]), bounced=True)
        if len(rest) == 2 and rest[0] == "hit" and not bounced:
            return Outcome(cup=int(rest[1]))
    except ValueError:
        pass
    raise ValueError(f"not an outcome: {text!r}; write miss, hit N, bounce N, roller A>N, bounce roller A>N, air or back")
