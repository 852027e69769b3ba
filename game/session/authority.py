"""Where the truth of a session's match lives: chosen by composition, not by subclassing.

A `Session` holds an `Authority`. `LocalAuthority` (every session's own, by default) rules here: a
request is checked and applied to the match, chance, bots and clocks run in `tick`, undo and
challenges are this table's. A joined laptop's session holds `game.net.remote.RemoteAuthority`
instead: a request is checked as here and sent to the host, the host's entries arrive as `Applied`,
nothing is decided here. The session's game class is the same either way.

A session with a live table (Bierpong) declares it (`Session.live_table()`, the `LiveTableSession`
protocol): its balls are let go and defended through the authority too (`launch`, `defend`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from game.session.events import Refusal

if TYPE_CHECKING:
    from collections import deque

    from game.session.session import Session
    from physics.events import Event
    from physics.table import Cup

Change = Literal["log", "undo", "challenge", "next match"]  # what only the keeper of the log may do


class LiveTableSession(Protocol):
    """A session with a live table (Bierpong's `PongSession`): people let balls go and defend them,
    the table runs them and rules them when they rest. The host sends its balls (`game.net.host`),
    a joined laptop draws them (`game.net.mirror_table`)."""

    table: Any  # the balls in play: the physics table here, the host's as sent at a joined laptop
    table_events: list[Event]  # the table's events since the view last drained them
    recent_events: deque[tuple[int, Event]]  # the latest events, each with its number
    events_seen: int  # how many events the table has reported in all

    @property
    def state(self) -> Any: ...

    def here(self, seat: int) -> bool: ...

    def sync(self, *, force: bool = False) -> None: ...

    def rack_cups(self) -> tuple[Cup, ...]: ...

    def target_side(self) -> int: ...

    def throw_here(self, player: str, t: Any, *, pairable: bool = False, fresh: bool = True) -> Refusal | None:
        """The ball goes onto this table's physics."""

    def defend_here(self, who: int | str, req: Any) -> Refusal | None:
        """A defender's swat or catch ruled at this table."""

    def request_launch(self, who: str, release: tuple[float, float, float], velocity: tuple[float, float, float],
                       spin: tuple[float, float, float]) -> Refusal | None:
        """`who` lets a ball go (a launch from afar, `game.net.host`)."""

    def request_defence(self, who: str, how: str, ball: int) -> Refusal | None:
        """`who` swats (`how` "swat") or caught ("catch") ball `ball` (from afar, `game.net.host`)."""


class Authority(Protocol):
    """What a session asks wherever the match's truth matters."""

    @property
    def local(self) -> bool:
        """The match is ruled here (its chance, bots and clocks run in this session)."""

    def request(self, seat: int, action: Any, detail: dict[str, Any] | None) -> Refusal | None:
        """`seat` asks for `action` (a person's seat: checked by `Session.seat_index` already)."""

    def refusal(self, change: Change) -> Refusal | None:
        """Why this session may not make `change` itself (None: it may)."""

    def follow(self, dt: float, hold: bool) -> bool:
        """A tick: take in what the keeper of the log sent. True: nothing more runs here."""

    def launch(self, live: LiveTableSession, player: str, t: Any, *, pairable: bool, fresh: bool) -> Refusal | None:
        """A ball let go (its rules' checks passed)."""

    def defend(self, live: LiveTableSession, who: int | str, req: Any) -> Refusal | None:
        """A defender's swat or catch of a ball in play."""

    def close(self) -> None:
        """The session closes."""


class LocalAuthority:
    """The truth lives here: requests are ruled on and applied to this session's match."""

    local = True

    def __init__(self, session: Session) -> None:
        self.session = session

    def request(self, seat: int, action: Any, detail: dict[str, Any] | None) -> Refusal | None:
        s = self.session
        refusal = s.refusal(seat, action)
        if refusal is not None:
            return refusal
        return s.apply(action, detail, seat=seat)

    def refusal(self, change: Change) -> Refusal | None:
        return None

    def follow(self, dt: float, hold: bool) -> bool:
        return False

    def launch(self, live: LiveTableSession, player: str, t: Any, *, pairable: bool, fresh: bool) -> Refusal | None:
        return live.throw_here(player, t, pairable=pairable, fresh=fresh)

    def defend(self, live: LiveTableSession, who: int | str, req: Any) -> Refusal | None:
        return live.defend_here(who, req)

    def close(self) -> None:
        pass


__all__ = ["Authority", "Change", "LiveTableSession", "LocalAuthority"]
