"""What a player drinks (`game.rules.ledger` charges it)."""
from __future__ import annotations

from enum import StrEnum


class Drink(StrEnum):
    """What a player drinks; a beer holds 11 sips, anything else 8."""

    BEER = "beer"
    LIGHT_BEER = "light_beer"
    OTHER = "other"

    @property
    def sips(self) -> int:
        return 11 if self is Drink.BEER else 8
