"""The games Stammtisch can seat a table for, and who sits at it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.descriptor import GameInfo, load
from game.rules.drink import Drink
from game.rules.profile import Profile

# The games, in the menu's order: one "module:NAME" per game, naming its `GameInfo` (its own package
# declares it). Adding a game is one line here.
REGISTRY: tuple[str, ...] = (
    "game.dice.game:SCHOCK",
    "game.dice.game:KATCHEN",
    "game.racerbile.game:RACERBILE",
    "game.bierpong.game:BIERPONG",
)


def _registered() -> dict[str, GameInfo]:
    out: dict[str, GameInfo] = {}
    for ref in REGISTRY:
        info = load(ref)
        assert isinstance(info, GameInfo), ref
        out[info.name] = info
    return out


GAMES: dict[str, GameInfo] = _registered()


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    kind: str = "human"  # "human" or a bot's name
    drink: Drink = Drink.BEER
    drivers: tuple[str, ...] = ()  # a Le Mans team's drivers (the seat's name is the team's)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "kind": self.kind, "drink": str(self.drink)}
        if self.drivers:
            d["drivers"] = list(self.drivers)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> PlayerSpec:
        drivers = tuple(str(x) for x in d.get("drivers", ()))
        return cls(str(d["name"]), str(d.get("kind", "human")), Drink(d.get("drink", "beer")), drivers)


def action_words(game: str, text: str, who: str = "", state: Any = None) -> str:
    """A logged action of `game` in words – a phrase said in the reader's language with
    `game.i18n.tr` ("Anna rolls", "the dice show 4 1 1"); `who` names the seat that acted (empty
    for chance and the start), `state` is the match as it stood (a race names its fields with it).
    An action no game's words know comes back as its notation."""
    info = GAMES.get(game)
    if info is None or not info.words:
        return text
    said: str = load(info.words)(text, who, state)
    return said


def profile_from_dict(d: Mapping[str, Any]) -> Profile:
    info = GAMES[str(d["game"])]
    return info.spec.make(d.get("variant"), **dict(d.get("options", {})))


# Names the table fills in for Le Mans teams and drivers nobody named (the menu and the command line).
TEAM_NAMES = ["Rød", "Blå", "Gul", "Grøn", "Orange", "Lilla", "Turkis", "Hvid"]
DRIVER_NAMES = [
    "Anna", "Bo", "Carl", "Dorte", "Emil", "Frida", "Gustav", "Hanne", "Ib", "Jens", "Karen", "Lars",
    "Mette", "Niels", "Ole", "Pia", "Rasmus", "Signe", "Tove", "Uffe", "Vibeke", "Willy", "Yrsa", "Åse",
]
