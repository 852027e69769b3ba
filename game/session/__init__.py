"""Plays a match live without a window: seats, pacing, chance, clocks, undo, saving (never pygame).

`session_for(match)` gives the game's session (`DiceSession`, `RaceSession`, `PongSession`).
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from game.session.events import Applied, Notice, Refusal, Rewound, SessionEvent
from game.session.seats import Bot, Person, Seat
from game.session.session import INSTANT, LIVE, Pace, Session

__all__ = ["Applied", "Bot", "INSTANT", "LIVE", "Notice", "Pace", "Person", "Refusal", "Rewound", "Seat", "Session",
           "SessionEvent", "session_for"]


def session_for(match: Any, **kw: Any) -> Session:
    """The session of `match`'s game (`GameInfo.session_class`; keywords as for `Session`)."""
    module, _, name = match.info.session_class.partition(":")
    cls: type[Session] = getattr(import_module(module), name)
    return cls(match, **kw)
