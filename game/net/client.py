"""A client of a hosted table: it mirrors the host's log and asks for its seat's actions.

The connection runs on an asyncio loop of its own thread; `pump()` (every frame, or the bot's
loop) applies what arrived to `mirror`, a `Match` rebuilt from the host's entries – every ruling
checked as a replay checks it, so a client with other rules says so instead of showing another
match. `request(action)` sends an action in the public notation, with the log position it was made
at (`position`: the entries the mirror holds); the host's referee rules on it.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from game.errors import InputError
from game.match import Match
from game.net.protocol import MAX_MESSAGE, BadMessage, decode, encode, run_loop, strict_json
from game.rules.matchlog import Entry, MatchLog


JUDGES_SEAT = "\0judges"  # what the join screen and `join --judge` name the judges' seat by (no player's name)


@dataclass(frozen=True)
class Joined:
    """The host took us in: our seat (None: a spectator) and its token."""

    seat: str | None
    index: int | None
    token: str | None


@dataclass(frozen=True)
class Refused:
    """The host refused a message: its reason; `fatal` when it ends the connection (a wrong code)."""

    reason: str
    fatal: bool = False


@dataclass(frozen=True)
class Gone:
    """The connection is over: why (the match ended, the host left, it dropped)."""

    reason: str


ClientEvent = Joined | Refused | Gone | list[Entry]


class TableClient:
    """Connect to `url` (ws://ADDRESS:PORT) with the join `code`: play `seat` (a name), take the
    judges' seat (`judge`, Le Mans), or `watch`, or come back to a seat with its `token`."""

    def __init__(self, url: str, code: str, *, seat: str | None = None, watch: bool = False, token: str | None = None,
                 timeout: float = 10.0, mirror: Match | None = None, judge: bool = False) -> None:
        self.url = url
        self.mirror: Match | None = mirror  # (given: a seat coming back, with the entries it has)
        self.seat: str | None = None
        self.index: int | None = None
        self.token = token
        self.gone: str | None = None
        self.refusals: list[str] = []
        self.seats: list[dict[str, Any]] = []  # the table's seats as the host last listed them (name, kind, connected)
        self.on_entry: Callable[[Entry, Any, Any], None] | None = None  # hears each entry the mirror took: (entry, state before, action)
        self.on_rewound: Callable[[int], None] | None = None  # hears the host's undo: the log's new length
        self.on_table: Callable[[dict[str, Any]], None] | None = None  # hears the host's live table (Bierpong)
        self._hello = {"code": code, "seat": seat, "watch": watch, "token": token, "judge": judge}
        self.judge = judge  # the judges' seat (Le Mans): judges' decisions only
        self.judges: bool | None = None  # the table's judges' seat: held (True), free (False), none (None)
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._joining: tuple[dict[str, Any], list[Any]] | None = None  # a welcome whose entries still come (its `upto`)
        self._loop = asyncio.new_event_loop()
        self._ws: ClientConnection | None = None
        self._ready = threading.Event()
        self._timeout = timeout
        self._thread = threading.Thread(target=run_loop, args=(self._loop, self._main, self._ready), name="table-client", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError(f"{url}: no answer within {timeout:g} s")
        if self.gone is not None and self._ws is None:
            raise OSError(self.gone)

    # --- the owner's thread ----------------------------------------------------------------------

    def pump(self) -> list[ClientEvent]:
        """Apply what the host sent since the last call; the events, in order."""
        out: list[ClientEvent] = []
        while True:
            try:
                msg = self._inbox.get_nowait()
            except queue.Empty:
                return out
            got = self._handle(msg)
            if got is not None:
                out.append(got)

    @property
    def position(self) -> int:
        """The log position this table stands at: the entries its mirror holds (what an intent is made at)."""
        return len(self.mirror.log.entries) if self.mirror is not None else 0

    def request(self, action: Any, detail: dict[str, Any] | None = None, *, at: int | None = None) -> None:
        """Ask the host for `action` (an action or its notation) for our seat, made at log position
        `at` (default: the mirror's now; the host refuses it once its table has moved on)."""
        self._send(encode("act", action=str(action), detail=detail, at=self.position if at is None else at))

    def launch(self, player: str, release: tuple[float, ...], velocity: tuple[float, ...], spin: tuple[float, ...],
               *, at: int | None = None) -> None:
        """Bierpong: `player` lets a ball go; the host's live table throws it."""
        self._send(encode("launch", player=player, release=list(release), velocity=list(velocity), spin=list(spin),
                          at=self.position if at is None else at))

    def defend(self, kind: str, ball: int, defender: str, *, at: int | None = None) -> None:
        """Bierpong: `defender` swats (`kind` "swat") or caught ("catch") the host's ball `ball`."""
        self._send(encode("defend", how=kind, ball=ball, defender=defender, at=self.position if at is None else at))

    def close(self) -> None:
        """Close the connection (its thread ends once the host has answered, or after a few seconds)."""
        if self._ws is not None and self._loop.is_running():
            try:
                asyncio.run_coroutine_threadsafe(self._ws.close(), self._loop)
            except RuntimeError:  # the loop ended meanwhile
                pass
        self._thread.join(5)

    @property
    def over(self) -> bool:
        return self.gone is not None or (self.mirror is not None and self.mirror.state.is_terminal())

    def _handle(self, msg: dict[str, Any]) -> ClientEvent | None:
        kind = msg["type"]
        if kind == "welcome" or (kind == "entries" and self._joining is not None):
            # a long log comes in chunks: the welcome with the first, `entries` up to its `upto`
            welcome, got = self._joining or (msg, [])
            if kind == "entries" and int(msg["at"]) != int(welcome["at"]) + len(got):
                raise InputError(f"the host sent entries from {int(msg['at']) + 1} while entry {int(welcome['at']) + len(got) + 1} was due", self.url)
            got.extend(msg["entries"])
            upto = welcome.get("upto")
            if isinstance(upto, int) and int(welcome["at"]) + len(got) < upto:
                self._joining = (welcome, got)
                return None
            self._joining = None
            return self._welcomed(welcome, got)
        if kind == "entries":
            return self._extend(int(msg["at"]), msg["entries"])
        if kind == "rewound" and self.mirror is not None:
            self.mirror.undo_to(int(msg["length"]))
            if self.on_rewound is not None:
                self.on_rewound(len(self.mirror.log.entries))
            return []
        if kind == "table":
            if self.on_table is not None:
                self.on_table(msg)
            return None
        if kind == "seats" and isinstance(msg.get("seats"), list):
            self.seats = [s for s in msg["seats"] if isinstance(s, dict)]
            self.judges = msg.get("judges") if isinstance(msg.get("judges"), bool) else None
            return None
        if kind == "refused":
            self.refusals.append(str(msg.get("reason")))
            return Refused(str(msg.get("reason")), bool(msg.get("fatal")))
        if kind in ("bye", "_gone"):
            if self.gone is not None and kind == "_gone":
                return None  # the goodbye said why already
            self.gone = str(msg.get("reason", "the connection closed"))
            return Gone(self.gone)
        return None

    def _welcomed(self, msg: dict[str, Any], entries: list[Any]) -> Joined:
        """The host took us in, and the log it sent us is all here."""
        head = msg["header"]
        if self.mirror is None:
            log = MatchLog(head["game"], head["players"], head["profile"], head["seed"], head.get("settings", {}),
                           [Entry.from_dict(e) for e in entries])
            self.mirror = Match.replay(log, self.url)  # every ruling checked: other rules would not show another match
        else:
            self._extend(int(msg["at"]), entries)
        self.seat, self.index, self.token = msg.get("seat"), msg.get("index"), msg.get("token") or self.token
        self.judge = bool(msg.get("judge"))
        return Joined(self.seat, self.index, self.token)

    def _extend(self, at: int, raw: list[Any]) -> list[Entry]:
        m = self.mirror
        if m is None:
            return []
        if at > len(m.log.entries):
            raise InputError(f"the host sent entries from {at + 1}, but this table has {len(m.log.entries)}", self.url)
        if at < len(m.log.entries):
            m.undo_to(at)
            if self.on_rewound is not None:
                self.on_rewound(at)
        new = []
        for i, d in enumerate(raw, start=at + 1):
            saved = Entry.from_dict(d)
            before, action = m.state, m.parse(saved.action)
            got = m.apply(action, saved.detail)
            if got.rulings != saved.rulings:
                raise InputError(f"entry {i} ({saved.action}): the host's rulings differ from this program's (another version?)", self.url)
            new.append(got)
            if self.on_entry is not None:
                self.on_entry(got, before, action)
        return new

    def _send(self, text: str | bytes) -> None:
        if self._ws is None or self._loop.is_closed():
            return
        ws = self._ws

        async def send() -> None:
            try:
                await ws.send(text)
            except ConnectionClosed:
                pass

        asyncio.run_coroutine_threadsafe(send(), self._loop)

    # --- the connection's thread -----------------------------------------------------------------

    async def _main(self) -> None:
        try:
            ws = await asyncio.wait_for(connect(self.url, max_size=MAX_MESSAGE * 1024, open_timeout=self._timeout), self._timeout)
        except (OSError, asyncio.TimeoutError, InvalidURI, WebSocketException) as e:
            self.gone = f"{self.url}: cannot connect ({e or type(e).__name__})"
            return
        self._ws = ws
        have = len(self.mirror.log.entries) if self.mirror is not None else 0
        await ws.send(encode("hello", have=have, **{k: v for k, v in self._hello.items() if v not in (None, False)}))
        self._ready.set()
        try:
            async for raw in ws:
                try:
                    self._inbox.put(decode(raw) if len(raw) <= MAX_MESSAGE else _big(raw))
                except BadMessage as e:
                    self._inbox.put({"type": "refused", "reason": f"the host sent a bad message: {e}"})
        except ConnectionClosed:
            pass
        self._inbox.put({"type": "_gone", "reason": "the connection closed"})
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        if others:  # a close still finishing its handshake, a send under way
            await asyncio.wait(others, timeout=2)


def _big(raw: str | bytes) -> dict[str, Any]:
    """A host's message beyond a client's usual limit (a long log's welcome): checked the same way."""
    msg = strict_json(raw)
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise BadMessage("a message is a JSON object with a type")
    return msg


__all__ = ["JUDGES_SEAT", "Gone", "Joined", "Refused", "TableClient"]
