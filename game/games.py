"""The games Stammtisch can seat a table for, and who sits at it."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Mapping

from game.rules import bierpong as bierpong_rules
from game.rules import katchen as katchen_rules
from game.rules import racerbile as racerbile_rules
from game.rules import schock as schock_rules
from game.rules.ledger import Drink
from game.rules.profile import Profile, ProfileSpec

if TYPE_CHECKING:
    from game.bierpong.state import BierpongState
    from game.dice.katchen import KatchenState
    from game.dice.schock import SchockState
    from game.racerbile.state import RaceState
    from game.state import GameState

    # the four state classes satisfy the one interface (mypy checks it here; nothing is imported at run time)
    _STATES: tuple[type[GameState], ...] = (SchockState, KatchenState, RaceState, BierpongState)


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    spec: ProfileSpec
    state_class: str  # "module:Class", imported when a match starts (keeps the menu's start-up light)
    session_class: str  # "module:Class": the game's live session (`game.session`)
    race: bool = False  # a race on a track (Racerbile): the menu asks for one

    @property
    def state(self) -> type[GameState]:
        """The game's state class (imported now: the menu's start-up stays light)."""
        module, _, name = self.state_class.partition(":")
        cls: type[GameState] = getattr(import_module(module), name)
        return cls


GAMES: dict[str, GameInfo] = {
    "schock": GameInfo("schock", "Schock", schock_rules.SPEC, "game.dice.schock:SchockState", "game.session.dice:DiceSession"),
    "katchen": GameInfo("katchen", "Katchen", katchen_rules.SPEC, "game.dice.katchen:KatchenState", "game.session.dice:DiceSession"),
    "racerbile": GameInfo("racerbile", "Racerbile", racerbile_rules.SPEC, "game.racerbile.state:RaceState", "game.session.race:RaceSession", race=True),
    "bierpong": GameInfo("bierpong", "Bierpong", bierpong_rules.SPEC, "game.bierpong.state:BierpongState", "game.session.pong:PongSession"),
}


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


_WORDS = {"schock": "game.dice.words", "katchen": "game.dice.words", "racerbile": "game.racerbile.words", "bierpong": "game.bierpong.words"}


def action_words(game: str, text: str, who: str = "", state: Any = None) -> str:
    """A logged action of `game` in words – a phrase said in the reader's language with
    `game.i18n.tr` ("Anna rolls", "the dice show 4 1 1"); `who` names the seat that acted (empty
    for chance and the start), `state` is the match as it stood (a race names its fields with it).
    An action no game's words know comes back as its notation."""
    module = _WORDS.get(game)
    if module is None:
        return text
    said: str = getattr(import_module(module), "action_words")(text, who, state)
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
