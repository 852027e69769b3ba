"""What the Bierpong session tests share: a pace the tests tick by hand, and playing the table on."""
from __future__ import annotations

from game.bierpong.state import BierpongState
from game.session import Pace
from game.session.pong import PongSession

REAL = Pace(0.05, 0.0, False)  # not instant: the table runs only as fast as the test ticks it
STEP = 0.02  # seconds a tick


def state(s: PongSession) -> BierpongState:
    return s.state


def to_rest(s: PongSession, limit: float = 12.0) -> None:
    """Tick the table until every ball has come to rest (at most `limit` seconds)."""
    t = 0.0
    while s.table.busy and t < limit:
        s.tick(STEP)
        t += STEP
    assert not s.table.busy, "the ball never came to rest"
