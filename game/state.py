"""The one state interface every game of Stammtisch implements (after OpenSpiel).

A state is immutable. `apply` returns a `Step`: the next state and the rulings the action caused.
Chance (a roll of the dice, a throw's noise) is a node of its own: `current_player()` is `CHANCE`
and `chance_outcomes()` lists the outcomes with their probabilities; `draw_chance(rng)` draws the
live outcome. A match (`game.match.Match`) knows its game only through this interface: the class
hooks `new_match` and `parse_action`, and the instance's own answers to chance and challenges.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from game.rules.ledger import Drink
from game.rules.profile import Profile
from game.rules.ruling import Ruling

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True)
class Step:
    """What one action did: the state after it and the rulings it caused."""

    state: Any
    rulings: tuple[Ruling, ...] = ()


@dataclass(frozen=True)
class Seating:
    """Who sits down to a new match: the seats (players, or teams), each seat's people (a team's
    members, a Le Mans team's drivers; a player alone is his own) and what each person drinks."""

    seats: tuple[str, ...]
    people: tuple[tuple[str, ...], ...]
    drinks: Mapping[str, Drink]


@runtime_checkable
class GameState(Protocol):
    """A game's state: what `Match`, the replay and the session use without knowing the game.
    The four state classes satisfy it structurally (mypy checks it in `game.games`)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def profile(self) -> Profile: ...

    @classmethod
    def start(cls, *args: Any, **kwargs: Any) -> Step:
        """The game's own start: its players and profile, then keywords of its own (a track, the
        teams' members, the number of games); `new_match` is the same for every game."""
        ...

    @classmethod
    def new_match(cls, seating: Seating, profile: Profile, settings: Mapping[str, Any]) -> tuple[Step, dict[str, Any]]:
        """The start of a match and the settings its log keeps. `settings` are the match's asked-for
        settings (`Match`'s keywords: games, opener, track) or those of a saved log, which are then
        verified (a saved track must be the track found now); ValueError when they do not fit."""
        ...

    @staticmethod
    def parse_action(text: str) -> Any:
        """An action of this game from its notation (ValueError when it is none)."""
        ...

    @staticmethod
    def detail_problem(detail: Mapping[str, Any]) -> str | None:
        """What is wrong with an entry's detail as a saved log holds it (None: nothing)."""
        ...

    def detail_mismatch(self, action: Any, detail: Mapping[str, Any]) -> str | None:
        """Where a saved entry's detail disagrees with its action in this state – the ruling it
        replays (a ball launched by someone the action does not name); None: it agrees."""
        ...

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]: ...

    def draw_chance(self, rng: random.Random) -> Any:
        """The pending chance outcome, drawn from the match's seeded generator (live play)."""
        ...

    def apply(self, action: Any) -> Step: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def challenge_refusal(self, ruling: Ruling) -> str | None:
        """Why a challenge of `ruling` is refused by this game's rules (None: it may be challenged)."""
        ...

    def challengers(self) -> tuple[str, ...]:
        """Who besides the people at the table may challenge a ruling (a Le Mans event's judges)."""
        ...
