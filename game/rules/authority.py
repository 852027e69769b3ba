"""Who may send an action from another laptop: the vocabulary of the authority table.

Each game declares its part beside its actions (`game/dice/authority.py`,
`game/racerbile/authority.py`, `game/bierpong/authority.py`) as a tuple of `Row`s and names it in its
descriptor (`GameInfo.authority`); `game.net.authority` combines them and rules on every message.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Sender(StrEnum):
    """Who may send an action kind from afar."""

    TURN = "the seat on turn"  # the referee's turn rules say whose turn it is (and name nobody else)
    NAMED = "the seat of the player or team it names"
    OWN_NAME = "in the seat's own name (the judges' seat: in the judges' name)"
    JUDGES = "the judges' seat only"
    HOST = "nobody afar: the host's table makes it"
    ENTERER = "the seat whose throw it is (`Session.enterers()`; where the game names none, the seat on turn)"


@dataclass(frozen=True)
class Launch:
    """A ball let go by `player` (the `launch` message, a live table: Bierpong): the host's table throws it."""

    player: str


@dataclass(frozen=True)
class Defend:
    """A defender's swat or catch of a ball in play (the `defend` message, a live table: Bierpong)."""

    defender: str
    how: str
    ball: int


@dataclass(frozen=True)
class Row:
    """One action kind: the game, its class, who may send it, whom it names, and why (a rule id).
    `real`: who sends it instead at a real table (None: the same as at a simulated one) – a chance
    or throw outcome the host draws or throws, entered there by the seat whose throw it is."""

    game: str
    kind: type
    sender: Sender
    named: Callable[[Any], str] | None = None
    why: str = ""
    real: Sender | None = None


def player(a: Any) -> str:
    """The player an action names (`a.player`)."""
    return str(a.player)


__all__ = ["Defend", "Launch", "Row", "Sender", "player"]
