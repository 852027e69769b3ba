"""A table hosted from the program's own window: the match scene's session served to the
other laptops, pumped in the session's every tick, announced on the network, closed with the scene.

`HostedTable` is what the scene shows: the address, the join code, and each remote seat – connected, away (it was, and dropped) or
still free.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

from game.net.host import TableHost, address_of
from game.session import Session
from game.session.session import REMOTE

DEFAULT_PORT = 47474  # the port a table from the menu tries first (a firewall rule can name it); then any free one


def remote_players(match: object) -> list[str]:
    """The names of the players who join from another laptop."""
    return [p.name for p in getattr(match, "players") if p.kind == REMOTE]


@dataclass(frozen=True)
class SeatLine:
    """A remote seat as the host shows it."""

    name: str
    state: str  # "connected", "away", "stand_in" (away, a bot plays meanwhile, or will at its turn) or "free"


class HostedTable:
    """`session` served on `bind:port` (`DEFAULT_PORT`, else a free one) until `close()`."""

    def __init__(self, session: Session, *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT, announce: bool = True,
                 remote_timeout: float | None = None) -> None:
        try:
            self.host = TableHost(session, host=bind, port=port, remote_timeout=remote_timeout)
        except OSError:
            if port == 0:
                raise
            self.host = TableHost(session, host=bind, port=0, remote_timeout=remote_timeout)  # taken (a second table here): any free port
        self.session = session
        self.asked: set[int] = set()  # dropped seats the host was asked about (again once they were back)
        self.url = address_of(self.host)
        self.code = self.host.code
        session.on_tick.append(self.pump)
        self.announcement = None
        if announce:
            from game.net.discovery import Announcement

            m = session.match
            try:
                self.announcement = Announcement(f"{m.info.title} table", self.url.removeprefix("ws://").rsplit(":", 1)[0],
                                                 self.host.port, m.info.name, [p.name for p in m.players],
                                                 interfaces=None if bind in ("0.0.0.0", "") else [bind])
            except Exception as e:  # no multicast on this network: the address is shown all the same
                print(f"the table is not announced on the network ({type(e).__name__}: {e})", file=sys.stderr)

    def pump(self) -> None:
        self.host.pump()

    def seats(self) -> list[SeatLine]:
        """Each remote seat: connected now; away (it was, and dropped) – a bot standing in after the
        table's `remote_timeout` –; or free (nobody took it yet)."""
        players, h = self.session.match.players, self.host
        return [SeatLine(players[i].name, "connected" if on else "stand_in" if i in h.stand_ins or i in h.bot_now else "away" if i in h.away or i in h.tokens else "free")
                for i, on in h.connected().items()]

    def dropped(self) -> list[int]:
        """The seats whose player dropped and that the host has not been asked about yet ("let a bot
        play until they are back, or wait?"); a seat whose player came back may be asked about again."""
        h = self.host
        self.asked &= set(h.away)
        return [i for i in sorted(h.away) if i not in self.asked and i not in h.stand_ins and i not in h.bot_now]

    def asked_about(self, seat: int) -> None:
        self.asked.add(seat)

    def is_away(self, seat: int) -> bool:
        """The seat's player dropped and is not back, and no bot plays it yet (nor is chosen to)."""
        h = self.host
        return seat in h.away and seat not in h.stand_ins and seat not in h.bot_now

    def let_bot_play(self, seat: int) -> bool:
        """The host's choice: a bot plays the dropped seat until its player's token brings them back."""
        self.asked.add(seat)
        return self.host.let_bot_play(seat)

    def friends(self) -> int:
        """How many seats are played from other laptops now (the judges' seat too)."""
        return sum(self.host.connected().values()) + bool(self.host.judges_connected())

    def waiting_for_remote(self) -> list[str]:
        """The remote seats the table waits for that nobody plays now."""
        on = self.host.connected()
        return [self.session.match.players[i].name for i in self.session.waiting_for() if i in on and not on[i]]

    def close(self) -> None:
        self.session.on_tick[:] = [f for f in self.session.on_tick if f != self.pump]
        self.host.close("the match is over" if self.session.over() else "the host left the table")
        if self.announcement is not None:
            try:
                self.announcement.close()
            except Exception:  # pragma: no cover - the network went meanwhile
                pass
            self.announcement = None


__all__ = ["DEFAULT_PORT", "HostedTable", "SeatLine", "remote_players"]
