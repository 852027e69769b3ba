"""Finding tables on the local network: a host announces its table by mDNS/DNS-SD
(`zeroconf`, service `_stammtisch._tcp`), a joiner lists what answers. The announcement carries
the game, the players and the protocol version – never the join code."""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from game.net.protocol import VERSION

SERVICE = "_stammtisch._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table that answered: its name, where to join it, its game and players."""

    name: str
    url: str
    game: str
    players: str
    version: int

    @property
    def label(self) -> str:
        return f"{self.name}: {self.game} – {self.players} ({self.url})"


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only) if interfaces else Zeroconf(ip_version=IPVersion.V4Only)


class Announcement:
    """The table `name` at `address:port` announced until `close()`."""

    def __init__(self, name: str, address: str, port: int, game: str, players: list[str], *,
                 interfaces: list[str] | None = None) -> None:
        self.zc = _zeroconf(interfaces)
        label = "".join(c for c in name if c.isalnum() or c in " -_")[:40] or "Stammtisch"
        self.info = ServiceInfo(SERVICE, f"{label} {port}.{SERVICE}", addresses=[socket.inet_aton(address)], port=port,
                                properties={"game": game, "players": ", ".join(players)[:200], "v": str(VERSION)},
                                server=f"stammtisch-{port}.local.")
        self.zc.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class _Seen(ServiceListener):
    def __init__(self) -> None:
        self.names: list[str] = []

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.append(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        pass

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        pass


def browse(seconds: float = 1.5, *, interfaces: list[str] | None = None) -> list[Found]:
    """The tables that answer within `seconds` (bounded), by name."""
    zc = _zeroconf(interfaces)
    seen = _Seen()
    try:
        ServiceBrowser(zc, SERVICE, seen)
        time.sleep(max(0.0, min(seconds, 30.0)))
        out = []
        for name in dict.fromkeys(seen.names):
            info = zc.get_service_info(SERVICE, name, 1500)
            if info is None or not info.parsed_addresses() or info.port is None:
                continue
            props: dict[Any, Any] = info.properties or {}

            def prop(key: bytes) -> str:
                v = props.get(key)
                return v.decode("utf-8", "replace") if isinstance(v, bytes) else ""

            try:
                version = int(prop(b"v") or 0)
            except ValueError:
                version = 0
            out.append(Found(name.removesuffix("." + SERVICE), f"ws://{info.parsed_addresses()[0]}:{info.port}",
                             prop(b"game"), prop(b"players"), version))
        return sorted(out, key=lambda f: f.name)
    finally:
        zc.close()


__all__ = ["SERVICE", "Announcement", "Found", "browse"]
