"""Who sits at a seat: a person at this table, a bot, or a player elsewhere.

One protocol for all of them: `decide(state, rng)` returns the seat's action, or None when the seat
waits for a request (`Session.request`). `here` says whether a person at this keyboard plays the
seat – the one undo rule goes back to such a person's last decision.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol


class Seat(Protocol):
    name: str
    kind: str

    @property
    def here(self) -> bool: ...

    def decide(self, state: Any, rng: random.Random) -> Any | None: ...


@dataclass
class Person:
    """A person: acts by requests (clicks and keys here, messages from afar with `here=False`)."""

    name: str
    kind: str = "human"
    here: bool = True

    def decide(self, state: Any, rng: random.Random) -> Any | None:
        return None


@dataclass
class Bot:
    """A bot: `choose(state, rng)` is its decision (each game's bots wrapped to this one shape)."""

    name: str
    kind: str
    choose: Callable[[Any, random.Random], Any] = field(repr=False)
    here: bool = False

    def decide(self, state: Any, rng: random.Random) -> Any | None:
        return self.choose(state, rng)


def is_bot(seat: Seat) -> bool:
    return isinstance(seat, Bot)
