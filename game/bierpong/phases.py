"""The phases of a Bierpong game (`game.bierpong.state`), its size limits, and the counted words
("1 hit", "2 throws") its rulings share."""
from __future__ import annotations

from game.i18n import N_
from game.rules.phrase import phrase

THROWOFF, CHOOSE, PLAY, CALLS, REMOVE, KONTER, OVER = "throwoff", "choose", "play", "calls", "remove", "konter", "over"
MAX_TEAM = 4
FULL_RACK = 10  # cups of the biggest formation (triangle10, bierpong.art1): the most a turn can hit


def hits_text(n: int) -> str:
    """"1 hit", "2 hits" as a translatable phrase."""
    return phrase(N_("{n} hit") if n == 1 else N_("{n} hits"), n=n)


def throws_text(n: int) -> str:
    """"1 throw", "2 throws" as a translatable phrase."""
    return phrase(N_("{n} throw") if n == 1 else N_("{n} throws"), n=n)
