"""The one state interface every game of Stammtisch implements (after OpenSpiel).

A state is immutable. `apply` returns a `Step`: the next state and the rulings the action caused.
Chance (a roll of the dice, a throw's noise) is a node of its own: `current_player()` is `CHANCE`
and `chance_outcomes()` lists the outcomes with their probabilities.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from game.rules.profile import Profile
from game.rules.ruling import Ruling

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class Step:
    """What one action did: the state after it and the rulings it caused."""

    state: Any
    rulings: tuple[Ruling, ...] = ()


class GameState(Protocol):
    players: tuple[str, ...]
    profile: Profile

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]: ...

    def apply(self, action: Any) -> Step: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...
