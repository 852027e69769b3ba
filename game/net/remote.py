"""The session of a seat joined from another machine (issue 16): the same scenes draw it as a local one.

The host plays the match; here nothing is decided. `remote_session(client)` wraps a `TableClient`
whose mirror holds the host's log in the game's own session class, so a scene asks it the same
questions (whose turn, what is legal, why not) and hears the same `Applied` and `Rewound` events –
raised when the host's entries arrive, each with the state before it, so the dice tumble and the cars
hop as they do at the host. What differs:

- `request` sends the action to the host (for this seat only); the host's refusal comes back as a
  notice, its entry as an `Applied`.
- no chance, no bots, no clocks: their entries come from the host.
- undo and a next match are the host's to make; saving keeps a copy of the match here.
- the connection dropping is told and retried with the seat's token (`RECONNECT` seconds).
"""
from __future__ import annotations

import time
from typing import Any

from game.errors import InputError
from game.i18n import _
from game.net.client import Gone, Refused, TableClient
from game.rules.matchlog import Entry
from game.session import LIVE, Applied, Notice, Person, Refusal, Rewound, Session, session_for
from game.session.session import REMOTE

RECONNECT = 30.0  # seconds a dropped seat tries to come back (its token) before it gives up
RETRY = 1.0  # seconds between two tries


class RemoteTable:
    """The part every game's remote session shares (mixed in before the game's session class)."""

    client: TableClient
    gone: str | None
    _retry_at: float
    _give_up: float

    def _remote_init(self, client: TableClient) -> None:
        self.client = client
        self.gone = None  # the table is over or unreachable: why
        self._retry_at = self._give_up = 0.0
        self._hook(client)

    def _hook(self, client: TableClient) -> None:
        s: Any = self
        client.on_entry = s._arrived
        client.on_rewound = s._rewound_there

    # --- what arrives ------------------------------------------------------------------------

    def _arrived(self, entry: Entry, before: Any, action: Any) -> None:
        s: Any = self
        if hasattr(s, "_last"):
            s._last = action  # (the race session's bookkeeping reads the action applied)
        s.bot_wait = 0.0
        s.applied(entry, before)
        seat = entry.seat if entry.seat >= 0 else None
        s.emit(Applied(entry, len(s.match.log.entries) - 1, before, s.state, seat, action))

    def _rewound_there(self, length: int) -> None:
        s: Any = self
        s.pause = 0.0
        s.emit(Rewound(length))

    def pump(self) -> None:
        """Take in what the host sent (every tick); a drop is retried with the seat's token."""
        s: Any = self
        if self.gone is not None and self.client.gone is not None:
            self._come_back()
            return
        try:
            events = self.client.pump()
        except InputError as e:  # another program's rulings: this table shows no other match
            s.refused = str(e)
            s.notice(s.refused, "error")
            self.client.close()
            return
        for ev in events:
            if isinstance(ev, Refused):
                s.notice(_("The host says: {reason}").format(reason=ev.reason), "error")
            elif isinstance(ev, Gone):
                over = s.over()
                self.gone = ev.reason
                if over or (self.client.token is None and (self.client.index is not None or self.client.judge)):
                    s.notice(_("The table is closed: {reason}").format(reason=ev.reason), "info" if over else "error")
                else:
                    s.notice(_("The connection to the table dropped ({reason}) – coming back…").format(reason=ev.reason), "error")
                    self._give_up = time.monotonic() + RECONNECT
                    self._retry_at = 0.0

    def _come_back(self) -> None:
        s: Any = self
        now = time.monotonic()
        if s.over() or now > self._give_up or now < self._retry_at:
            return
        self._retry_at = now + RETRY
        token = self.client.token  # (a spectator has none: it watches again with the code)
        try:
            c = TableClient(self.client.url, str(self.client._hello["code"]), token=token, watch=token is None, timeout=0.5,
                            mirror=s.match, judge=False)
        except OSError:
            return
        if c.gone is not None:
            c.close()
            return
        self.client.close()
        self.client = c
        self.gone = None
        self._hook(c)
        s.notice(_("Back at the table"), "info")

    @property
    def connected(self) -> bool:
        return self.gone is None


def remote_session(client: TableClient) -> Session:
    """The game's session over `client`'s mirror (the client has joined: `client.mirror` is set)."""
    match = client.mirror
    if match is None:
        raise ValueError("remote_session: the client has not joined yet")
    probe = session_for(match, pace=LIVE)  # the host's seats as its session makes them: bots stay bots (they act there)
    seats = [Person(p.name) if i == client.index else seat if not seat.here else Person(p.name, REMOTE, here=False)
             for i, (p, seat) in enumerate(zip(match.players, probe.seats))]
    s: Any = _remote_class(type(probe))(match, seats, pace=LIVE)
    s._remote_init(client)
    if hasattr(s, "table"):  # Bierpong: the host's live table, drawn as it sends it
        from game.net.mirror_table import MirrorTable

        s.table = MirrorTable(s.rack_cups(), side=s.target_side())
        client.on_table = s.table_shown
    return s  # type: ignore[no-any-return]


_CLASSES: dict[type, type] = {}


def _remote_class(base: type[Session]) -> type[Session]:
    got = _CLASSES.get(base)
    if got is None:
        from game.session.pong import PongSession

        mixins: tuple[type, ...] = (_PongOverrides, _Overrides) if issubclass(base, PongSession) else (_Overrides,)
        got = _CLASSES[base] = type(f"Remote{base.__name__}", (*mixins, RemoteTable, base), {"__doc__": f"{base.__name__} joined from afar."})
    return got


class _Overrides:
    """The session's methods that differ at a joined seat (the game's session supplies the rest)."""

    client: TableClient
    gone: str | None

    def tick(self, dt: float, *, hold: bool = False, hooks: bool = True, **_table: Any) -> None:
        s: Any = self
        if dt < 0 or dt != dt:
            raise ValueError(f"tick: dt must be a non-negative number of seconds, not {dt!r}")
        for f in list(s.on_tick):
            f()
        s.pump()
        if not hold:
            s.pause = max(0.0, s.pause - dt)

    def request(self, who: int | str, action: Any, detail: dict[str, Any] | None = None) -> Refusal | None:
        s: Any = self
        try:
            seat = s.seat_index(who)
        except KeyError:
            return Refusal(_("{name!r} has no seat at this table").format(name=who))
        if self.client.index is None:
            if self.client.judge and s.judge_action(action):
                if self.gone is not None:
                    return Refusal(_("not connected to the table – wait until it is back"))
                self.client.request(action)
                return None
            if self.client.judge:
                return Refusal(_("the judges' seat decides as the judges only (J: the judges' console)"))
            return Refusal(_("you are watching: a spectator plays no seat"))
        if seat != self.client.index and not s.table_action(action):
            return Refusal(_("you play {name}'s seat only").format(name=s.match.players[self.client.index].name))
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        refusal = s.refusal(seat, action)
        if refusal is not None:
            return refusal  # type: ignore[no-any-return]
        self.client.request(action)
        return None

    def apply(self, action: Any, detail: dict[str, Any] | None = None, *, seat: int | None = None) -> Refusal | None:
        return Refusal(_("the host keeps this table's log"))

    def chance(self) -> None:
        """Chance is drawn at the host."""

    def bot_turn(self, seat: int) -> None:
        """Bots play at the host."""

    def clocks(self, dt: float, hold: bool) -> None:
        """Clocks run at the host."""

    def undo(self) -> Refusal | None:
        return Refusal(_("Undo is the host's: ask at the table"))

    def undo_to(self, n: int) -> None:
        s: Any = self
        s.notice(_("Undo is the host's: ask at the table"), "error")

    def challenge(self, ch: Any) -> Refusal | None:
        return Refusal(_("Challenges are made at the host's table"))

    def next_match(self, seed: int | None = None) -> Any:
        raise ValueError(_("the host starts the next match"))

    def leave(self) -> None:
        s: Any = self
        s.close()

    def close(self) -> None:
        self.client.close()


class _PongOverrides:
    """Bierpong at a joined laptop: the ball is thrown and defended at the host's live table."""

    client: TableClient
    gone: str | None

    def request(self, who: int | str, action: Any, detail: dict[str, Any] | None = None) -> Refusal | None:
        from game.session.pong import CatchBall, PongSession, Release, SwatBall

        s: Any = self
        if isinstance(action, Release):  # the rules' checks as at the host, then the launch goes there
            return PongSession.release(s, who, action)
        if isinstance(action, (SwatBall, CatchBall)):
            return s.defend(who, action)  # type: ignore[no-any-return]
        return _Overrides.request(s, who, action, detail)

    def table_shown(self, msg: dict[str, Any]) -> None:
        s: Any = self
        if not msg.get("flights"):  # the throw is over: the rack as the state now holds it
            s.table.flights = {}
            s.sync(force=True)
        s.table.show(msg)
        s.table_events += s.table.events  # labels, sounds, splashes and the swat's ring, as at the host
        del s.table_events[:-200]

    def launch(self, player: str, t: Any, *, pairable: bool = False, fresh: bool = True) -> Refusal | None:
        """The ball goes to the host (the rules' checks passed here first, `PongSession.release`)."""
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        self.client.launch(player, t.release, t.velocity, t.spin)
        return None

    def defend(self, who: int | str, req: Any) -> Refusal | None:
        s: Any = self
        f = s.table.flights.get(req.ball)
        if f is None or not f.open:
            return Refusal(_("that ball is not in play"))
        d = s.target_side()
        if not isinstance(who, str) or who not in s.state.sides[d].members or not s.here(d):
            return Refusal(_("{name} does not defend this ball").format(name=who))
        if self.gone is not None:
            return Refusal(_("not connected to the table – wait until it is back"))
        from game.session.pong import SwatBall

        self.client.defend("swat" if isinstance(req, SwatBall) else "catch", int(req.ball), who)
        return None

    def run_table(self, sim_seconds: float) -> bool:
        return False


__all__ = ["Notice", "RemoteTable", "remote_session"]
