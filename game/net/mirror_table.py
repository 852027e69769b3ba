"""The beer-pong table at a joined laptop: the host's live table as it sends it, drawn
like the live one and never simulated here.

`MirrorTable` is a `LiveTable` whose balls and flights come from the host's `table` messages (about
30 a second): the positions are eased between two pictures, the flights carry what the views and
the rules ask of them (who threw, bounced, touched, at rest, swatted, pairable). The cups are the
rack the match's state holds, as at the host.
"""
from __future__ import annotations

import time
from dataclasses import fields
from typing import Any, Sequence

from physics.events import BallContact, CrossedCentre, CupContact, CupTipped, Event, LeftTable, Settled, Sink, TableBounce
from physics.table import Cup
from physics.world import BallView

from game.net.protocol import number_within
from game.session.live_table import Flight, LiveTable, Point


_EVENTS = {cls.__name__: cls for cls in (TableBounce, CupContact, Sink, CrossedCentre, LeftTable, Settled, CupTipped, BallContact)}
_CHOICES = {"kind": ("wall", "rim"), "direction": ("away", "back"), "edge": ("far", "side", "near"), "where": ("table", "floor", "cup", "rims")}


def encode_event(e: Event) -> dict[str, Any]:
    """A table's event as the host sends it: its kind and its fields."""
    return {"event": type(e).__name__, **{f.name: getattr(e, f.name) for f in fields(e)}}


def decode_event(d: Any) -> Event | None:
    """An event the host sent (None: not one this program knows, or with fields that do not fit)."""
    if not isinstance(d, dict):
        return None
    cls = _EVENTS.get(str(d.get("event")))
    if cls is None:
        return None
    kw: dict[str, Any] = {}
    for f in fields(cls):
        v = d.get(f.name)
        if f.name in _CHOICES:
            if v not in _CHOICES[f.name]:
                return None
        elif f.name in ("t", "x", "y"):
            if not number_within(v, 1e4):
                return None
            v = float(v)  # type: ignore[arg-type]  # (a number: `number_within` checked it)
        elif not isinstance(v, int) or isinstance(v, bool) or not -1 <= v <= 10**6:
            return None
        kw[f.name] = v
    return cls(**kw)  # type: ignore[no-any-return]


class MirrorFlight(Flight):
    """A flight as the host reported it (its events stay at the host)."""

    was_bounced: bool = False
    was_touched: bool = False

    @property
    def bounced(self) -> bool:
        return self.was_bounced

    @property
    def touched(self) -> bool:
        return self.was_touched


def _point(v: Any) -> Point:
    """A point the host sent: three numbers within the room (ValueError otherwise)."""
    if not isinstance(v, (list, tuple)) or len(v) != 3 or not all(number_within(c, 1e4) for c in v):
        raise ValueError(f"not a point: {v!r:.60}")
    x, y, z = (float(c) for c in v)
    return (x, y, z)


class MirrorTable(LiveTable):
    """A live table fed by the host's pictures (`show`); `advance` only moves the easing on."""

    def __init__(self, cups: Sequence[Cup] = (), *, side: int = -1) -> None:
        self._balls: list[BallView] = []
        self.events: list[Event] = []  # the events of the host's last picture
        self._shown_at = 0.0
        self._every = 1 / 30
        super().__init__(cups, side=side, trails=True)

    def rack(self, cups: Sequence[Cup], side: int = -1) -> None:
        super().rack(cups, side)
        self._balls = []

    def show(self, msg: dict[str, Any]) -> None:
        """The host's picture of its table: the balls and the flights of the throw on (a picture whose
        fields do not fit – a point out of the room, a number too large for a float – is left out)."""
        try:
            self._show(msg)
        except (ValueError, TypeError, KeyError, OverflowError):
            return

    def _show(self, msg: dict[str, Any]) -> None:
        now = time.monotonic()
        if self._shown_at:
            self._every = min(0.2, max(1 / 120, now - self._shown_at))
        self._shown_at = now
        before = {b.id: b.pos for b in self._balls}
        balls = []
        for b in msg.get("balls") or []:
            pos = _point(b["pos"])
            cup = b.get("cup")
            balls.append(BallView(int(b["id"]), pos, before.get(int(b["id"]), pos), bool(b.get("in_flight")), bool(b.get("settled")),
                                  int(cup) if isinstance(cup, int) else None))
        self._balls = balls
        self.events = [e for e in (decode_event(d) for d in (msg.get("events") or [])[:400]) if e is not None]
        flights: dict[int, Flight] = {}
        for f in msg.get("flights") or []:
            mf = MirrorFlight(int(f["ball"]), int(f.get("number", 0)), str(f.get("player", "")), None, 0, int(f.get("side", -1)),
                              bool(f.get("pairable")), [], [_point(p) for p in f.get("trail") or []])
            mf.rested = bool(f.get("rested"))
            swatted = f.get("swatted_by")
            mf.swatted_by = str(swatted) if isinstance(swatted, str) else None
            mf.was_bounced, mf.was_touched = bool(f.get("bounced")), bool(f.get("touched"))
            flights[mf.ball] = mf
        self.flights = flights

    # --- what the views read -------------------------------------------------------------------

    def advance(self, sim_seconds: float) -> list[Event]:
        return []

    def settle(self, limit: float | None = None) -> list[Event]:
        return []

    def take(self) -> list[Flight]:
        out = list(self.flights.values())
        self.flights = {}
        return out

    @property
    def alpha(self) -> float:
        if not self._shown_at:
            return 1.0
        return min(1.0, (time.monotonic() - self._shown_at) / self._every)

    def balls(self) -> list[BallView]:
        return list(self._balls)

    def ball(self, ball: int) -> BallView | None:
        return next((b for b in self._balls if b.id == ball), None)

    def in_flight(self) -> int:
        return sum(1 for b in self._balls if not b.settled)


__all__ = ["MirrorFlight", "MirrorTable"]
