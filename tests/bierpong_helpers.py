"""Bierpong positions set up through the match log's public notation (no physics)."""
from __future__ import annotations

from typing import Any

from game.bierpong.actions import parse_action
from game.bierpong.state import BierpongState
from game.match import Match, PlayerSpec
from game.rules import bierpong as R
from game.rules.ruling import Ruling

SINGLES = (("Ann",), ("Cem",))
DOUBLES = (("Ann", "Ben"), ("Cem", "Dana"))


def new_game(teams: tuple[tuple[str, ...], ...] = SINGLES, begin: str = "Foxes", **options: Any) -> Match:
    """Foxes against Owls; the Foxes' first player wins the throw-off and `begin` begins."""
    m = Match("bierpong", [PlayerSpec("Foxes", drivers=teams[0]), PlayerSpec("Owls", drivers=teams[1])], R.SPEC.make(**options))
    play(m, f"throw-off {teams[0][0]} hit 1, {teams[1][0]} miss", f"{begin} begin")
    return m


def play(m: Match, *lines: str) -> list[Ruling]:
    """Apply lines of the notation; return their rulings."""
    out: list[Ruling] = []
    for line in lines:
        out += m.apply(parse_action(line)).rulings
    return out


def of(rulings: list[Ruling], rule: str) -> list[Ruling]:
    return [r for r in rulings if r.rule == rule]


def cups(m: Match, team: int) -> tuple[int, ...]:
    """The cup ids still standing on `team`'s side."""
    st: BierpongState = m.state
    return st.sides[team].rack.ids
