"""Bots for the dice table. (placeholder: the exact-probability bot is being written)"""
from __future__ import annotations

import random
from typing import Protocol

from game.dice.actions import Action, Roll, Stand
from game.dice.state import DiceState


class Bot(Protocol):
    name: str

    def choose(self, state: DiceState) -> Action: ...


class RandomBot:
    """Keeps dice at random and stands at random: the baseline the real bot must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: DiceState) -> Action:
        acts = state.legal_actions()
        return self.rng.choice(acts)


BOTS: dict[str, type] = {"random": RandomBot}


def make_bot(kind: str, seed: int = 0) -> Bot:
    return BOTS[kind](seed)  # type: ignore[no-any-return]
