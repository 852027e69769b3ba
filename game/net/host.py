"""The host of a table: its `Session` is the one truth, served over WebSockets.

The server runs on an asyncio loop of its own thread. At a table with a window the session stays
on the pygame loop's thread, and the two meet in two places only: the server puts every decoded
message into an inbox, and `pump()` – called by the owner every frame – handles the inbox against
the session and sends what the log gained to every client, each through its own bounded queue
(a client that does not read is disconnected, the others never wait for it).
A headless host (`serve_headless`: no window, nothing else to draw) gives the session to the
server's thread instead (`drive_every`): there each message is ruled on as it arrives, the session
ticks between messages, and the new entries go out at once – no thread to wake, no lock to hand
over, between a request and its ruling.

Who may do what: nobody gets a seat or sees the match without the join code (compared in constant
time; wrong codes are limited per address and for the whole table, `game.net.gate`, and a right one
is never refused for them); each remote seat has its own secret token, compared exactly (reconnecting
with it resumes the seat, never held up by anybody's wrong codes); a client acts only for its seat as
the authority table says (`game.net.authority`), a spectator for nobody; an intent made at a log
position the table has moved on from is stale (`game.net.stale`); a refused request is answered with
the reason and never reaches the log.

Joining never holds up the table: each entry is encoded once (`encoded_entries`), and a newcomer's
log goes out from those bytes in bounded chunks (`gate.Join`) by its connection's own sender, which
lets the others' messages through between two chunks; a connection joins `JOINS` times at most.
"""
from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.exceptions import ConnectionClosed

from game.net import authority
from game.net.authority import JUDGES  # the judges' seat (Le Mans) among the seats' tokens
from game.net.gate import JOIN_CHUNK, TABLE_TRIES, TABLE_TRIES_PER_MINUTE, TRIES, CodeGate, Join, Limits
from game.net.protocol import MAX_MESSAGE, VERSION, BadMessage, decode, encode, run_loop, new_code, new_token, same_code, same_token
from game.session.events import Rewound, SessionEvent
from game.rules.challenge import Challenge
from game.net.mirror_table import encode_event
from game.net.stale import Positions
from game.net.web_conns import WebViews, bye, speaking_to, spoken
from game.net.web_files import WebFiles, quiet_logger
from game.i18n import N_, _
from game.session.seats import Person
from game.session.session import REMOTE, Session

TABLE_EVERY = 1 / 30  # seconds between two pictures of the live table sent (Bierpong)
TRAIL_SENT = 60  # the last trail points of a ball sent with each picture
SEND_QUEUE = 512  # messages waiting for one client before it counts as not reading (new entries join the last batch)
MAX_BEHIND = 100_000  # entries waiting for one client before it counts as not reading
BATCH = 2000  # entries in one message at most
IDLE_BUFFER = 64 * 1024  # bytes unsent in a client's socket below which new entries go straight out
SLOW_AFTER = 15.0  # seconds a client's oldest waiting message may wait before it counts as not reading
JOINS = 3  # hellos one connection may send (a client sends one): beyond, it is closed
JOIN_RATE = 8 * 2**20  # bytes a second all joins together are sent at, once `JOIN_BURST` is spent
JOIN_BURST = 1.0  # seconds of `JOIN_RATE` a quiet table sends at once (a newcomer's log goes out in one go)
FLOOD = 200  # messages a second one client may send before it is disconnected
_CLOSE = "\0close"  # queued after a fatal refusal: the connection ends once it is sent


@dataclass
class _Batch:
    """New entries for one client, from entry `at` on, each already in JSON: later ones join it
    while it waits (a client that reads slowly gets fewer, bigger messages, never a longer queue)."""

    at: int
    parts: list[bytes]
    gen: int = 0  # the log's generation (an undo begins a new one: the same numbers, other entries)

    def data(self) -> bytes:
        return b'{"type":"entries","v":%d,"at":%d,"entries":[' % (VERSION, self.at) + b",".join(self.parts) + b"]}"


@dataclass(eq=False)  # each connection is itself (compared by identity, not field by field)
class _Conn:
    """One connection: the server's side (socket, queue) and the table's (seat, spectator)."""

    id: int
    ws: ServerConnection
    address: str
    out: deque[str | bytes | _Batch | Join] = field(default_factory=deque)  # what waits to be sent, oldest first (bytes: a text's UTF-8)
    since: deque[float] = field(default_factory=deque)  # when each of them was queued
    behind: int = 0  # entries waiting in the batches
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: bool = False
    busy: bool = False  # its sender has taken a message and not yet written it
    seat: int | None = None
    watching: bool = False
    joined: bool = False
    sent: deque[float] = field(default_factory=deque)  # when its last messages came (the flood guard)
    hellos: int = 0  # hellos it sent (a client sends one)
    knocking: bool = False  # its hello waits for the join code's check (`CodeGate`)
    joining: bool = False  # its sender sends it the log (`Join`): what waits behind waits for the host
    web: bool = False  # a browser: sent views, not entries (`game.net.web_conns`)
    lang: str = "en"  # a browser's language
    viewed: tuple[Any, ...] | None = None  # the table's state its last view showed


class TableHost:
    """Serve `session` at `host:port` (0: a free port); `code` is the join code (new by default);
    `limits` the door's (`game.net.gate.Limits`: the real ones unless a test shortens them or steps their clock)."""

    def __init__(self, session: Session, *, host: str = "0.0.0.0", port: int = 0, code: str | None = None,
                 tokens: dict[int, str] | None = None, remote_timeout: float | None = None, slow_after: float = SLOW_AFTER,
                 drive_every: float | None = None, limits: Limits = Limits()) -> None:
        if remote_timeout is not None and not (0 < remote_timeout < 1e9):  # (NaN fails both)
            raise ValueError(f"remote_timeout: a positive number of seconds, not {remote_timeout!r}")
        if drive_every is not None and not (0 < drive_every <= 1):
            raise ValueError(f"drive_every: seconds between two ticks (at most 1), not {drive_every!r}")
        # with `drive_every` the server's thread plays the session (a headless host): the owner only
        # waits (`wait`), and nothing else may touch the session meanwhile
        self.drive_every = drive_every
        self._over = threading.Event()  # (driven) the match is over, or the driver failed
        self._failed: BaseException | None = None  # (driven) what broke the driver, raised by `wait`
        self.session = session
        self.slow_after = slow_after  # seconds a client's oldest waiting message may wait before it is dropped
        self.remote_timeout = remote_timeout  # seconds an away seat waits before a bot plays it (None: it waits)
        self.away: dict[int, float] = {}  # seat → since when (monotonic) it is away: it was connected and dropped
        self.stand_ins: set[int] = set()  # away seats a bot plays until they come back
        self.bot_now: set[int] = set()  # away seats the host let a bot play at once (`let_bot_play`)
        self.code = code or new_code()
        self.bind = host
        self.port = port
        self.tokens: dict[int, str] = dict(tokens or {})  # seat → its token, once somebody took it (a restarted host keeps them)
        self.refusals: list[str] = []  # every refusal sent, for the host's view and the tests
        self._inbox: queue.Queue[tuple[int, dict[str, Any]]] = queue.Queue()
        self._early: tuple[int, dict[str, Any]] | None = None  # taken from the inbox by `wait`
        self._conns: dict[int, _Conn] = {}  # the server thread adds and removes; pump reads
        self._next = 0
        self._seats_said = ""  # the last `seats` message every client was sent
        self._join_at = 0.0  # (monotonic) when the joins' next chunk may go: they share `JOIN_RATE`
        self._gate: CodeGate[tuple[_Conn, dict[str, Any]]] = CodeGate(limits)  # hellos waiting for their code's check
        self._encoded: list[bytes] = []  # each entry of the log as JSON, encoded once (cut back: a new list)
        self._sent = 0  # entries every joined client has been sent
        self._rewound: int | None = None
        self._texts: dict[tuple[int, int, int], bytes] = {}  # batches written out lately, by (generation, first entry, count)
        self._gen = 0  # the log's generation: one more after every undo at the host
        self._table_at = 0.0  # when the live table was last sent (Bierpong)
        self._table_on = False  # a throw was on when it was
        live = session.live_table()
        self._events_sent = live.events_seen if live is not None else 0  # the live table's events the clients have
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._error: BaseException | None = None
        self._encode_to(len(session.match.log.entries))
        self.web = WebViews(self)  # browsers get views of the table, not entries
        self.files = WebFiles()  # the browser client's files, over HTTP on the same port
        self.positions = Positions(session)  # an intent made at an older log position is refused (`game.net.stale`)
        session.listen(self.positions.heard)
        session.listen(self._heard)
        self._thread = threading.Thread(target=run_loop, args=(self._loop, self._main, self._ready), name="table-host", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise OSError(f"cannot host on {host}:{port}: {self._error}")

    # --- what the table shows ----------------------------------------------------------------------

    def remote_seats(self) -> list[int]:
        """The seats played from afar (those a bot stands in for too)."""
        return [i for i, s in enumerate(self.session.seats) if (isinstance(s, Person) and not s.here) or i in self.stand_ins]

    def connected(self) -> dict[int, bool]:
        """Each remote seat: whether a client plays it now."""
        on = {c.seat for c in list(self._conns.values()) if c.joined and not c.dropped and c.seat is not None}
        return {i: i in on for i in self.remote_seats()}

    def judges_connected(self) -> bool | None:
        """Whether a client holds the judges' seat (None: the match has none)."""
        if not self.session.has_judges():
            return None
        return any(c.joined and c.seat == JUDGES for c in list(self._conns.values()))

    def spectators(self) -> int:
        return sum(1 for c in list(self._conns.values()) if c.joined and c.watching and not c.dropped)

    def encoded_entries(self) -> Sequence[bytes]:
        """The log's entries as the clients get them (JSON, UTF-8), each encoded once."""
        return self._encoded

    def _encode_to(self, n: int) -> None:
        entries = self.session.match.log.entries
        for e in entries[len(self._encoded):n]:
            self._encoded.append(json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":")).encode())

    # --- the owner's thread ----------------------------------------------------------------------

    def wait(self, seconds: float) -> None:
        """Sleep until a client's message arrives or `seconds` pass (a host's frame). Driven by the
        server's thread: until the match is over or `seconds` pass; what broke the driver is raised."""
        if self.drive_every is not None:
            self._over.wait(max(0.0, seconds))
            if self._failed is not None:
                raise RuntimeError(f"the table's host failed: {self._failed!r}") from self._failed
            return
        if self._early is None:
            try:
                self._early = self._inbox.get(timeout=max(0.0, seconds))
            except queue.Empty:
                pass

    def pump(self) -> None:
        """Handle what the clients sent, then send them what the log gained (call every frame;
        a driven host pumps itself)."""
        if self.drive_every is not None:
            return
        while True:
            if self._early is not None:
                (cid, msg), self._early = self._early, None
            else:
                try:
                    cid, msg = self._inbox.get_nowait()
                except queue.Empty:
                    break
            self._take(cid, msg)
        self._after()

    def _take(self, cid: int, msg: dict[str, Any]) -> None:
        """One message from connection `cid`, against the session."""
        conn = self._conns.get(cid)
        if msg["type"] == "_gone":
            gone = self._conns.pop(cid, None)
            if gone is not None and gone.knocking:
                self._gate.forget(lambda w: w[0] is gone)
            if gone is not None and gone.joined and gone.seat is not None and not self.connected().get(gone.seat):
                self.away[gone.seat] = time.monotonic()
            self._seats()
        elif conn is not None:
            try:
                self._handle(conn, msg)
            except Exception as e:  # the host never falls over a client's message: it says what broke
                self._refuse(conn, f"the host could not handle that ({type(e).__name__}: {e})")

    def _after(self) -> None:
        """What the table owes the clients now: stand-ins for away seats, new entries, the live table."""
        self._stand_in()
        self._let_in()
        self._send_new()
        self._send_table()
        self.web.send(list(self._conns.values()))

    def _stand_in(self) -> None:
        """An away seat the table waits for longer than `remote_timeout`: a bot plays it until it is back."""
        if (self.remote_timeout is None and not self.bot_now) or not self.away:
            return
        now = time.monotonic()
        s = self.session
        for seat in s.waiting_for():
            since = self.away.get(seat)
            late = seat in self.bot_now or (self.remote_timeout is not None and since is not None and now - since >= self.remote_timeout)
            if since is not None and seat not in self.stand_ins and late:
                name = s.match.players[seat].name
                s.seats[seat] = s.make_bot(seat, "bot")
                self.stand_ins.add(seat)
                s.notice(_("{name} is away: a bot plays the seat until they are back").format(name=name))
                self._seats()

    def let_bot_play(self, seat: int) -> bool:
        """The host's choice for an away seat: a bot plays it from its next turn until its player's
        token brings them back (the `remote_timeout` stand-in, without the wait). False: not away."""
        if seat not in self.away:
            return False
        self.bot_now.add(seat)
        self._stand_in()
        return True

    def _back(self, seat: int) -> None:
        """A seat's player is connected again: the seat is theirs (a stand-in bot leaves it)."""
        self.away.pop(seat, None)
        self.bot_now.discard(seat)
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            s = self.session
            name = s.match.players[seat].name
            s.seats[seat] = Person(name, REMOTE, here=False)
            s.notice(_("{name} is back and plays the seat again").format(name=name))

    def close(self, reason: str = "the host closed the table") -> None:
        """Say goodbye to every client and stop serving."""
        if self.drive_every is None:
            self.pump()
            self._bye_all(reason)
        else:  # on the server's thread, after what it is doing now: the last entries, then the goodbyes
            self._soon(self._last_words, reason)
        if self._stop is not None and not self._loop.is_closed():
            self._soon(self._stop.set)
        self._thread.join(5)
        for f in (self._heard, self.positions.heard):
            try:
                self.session.listeners.remove(f)
            except ValueError:
                pass

    def _heard(self, event: SessionEvent) -> None:
        if isinstance(event, Rewound):
            self._rewound = event.length if self._rewound is None else min(self._rewound, event.length)

    def _handle(self, conn: _Conn, msg: dict[str, Any]) -> None:
        if msg["type"] == "hello":
            self._hello(conn, msg)
        elif msg["type"] == "act":
            self._act(conn, msg)
        elif msg["type"] in ("launch", "defend"):
            self._ball(conn, msg)
        else:
            self._refuse(conn, f"a client does not send {msg['type']!r}")

    def _hello(self, conn: _Conn, msg: dict[str, Any]) -> None:
        """A hello: one at a time per connection, `JOINS` at most. A seat's valid token is let in at once;
        any other hello waits for its join code's check (`CodeGate`: at once unless somebody guesses)."""
        conn.hellos += 1
        conn.web, conn.lang = bool(msg.get("web")), str(msg.get("lang") or "en")  # (its refusals in its language)
        if conn.hellos > JOINS:
            return self._refuse(conn, N_("too many hellos on one connection"), fatal=True, why="hellos")
        if conn.knocking:
            return self._refuse(conn, N_("one hello at a time: the last one still waits for its turn"), why="busy")
        token = msg.get("token")
        if token:
            held = [s for s, t in self.tokens.items() if same_token(str(token), t)]  # (every token compared: none is skipped)
            seat = held[0] if held else None
            if seat is None:
                return self._refuse(conn, N_("that token holds no seat at this table"), fatal=True, why="token")
            if not same_code(str(msg["code"]), self.code):
                return self._refuse(conn, N_("wrong join code"), fatal=True, why="code")
            return self._welcome(conn, msg, seat)
        conn.knocking = True
        for (other, _msg), reason in self._gate.knock(conn.address, (conn, msg), self._gate.now()):
            other.knocking = False
            self._refuse(other, reason, fatal=True, why="busy")
        self._let_in()

    def _let_in(self) -> None:
        """Check the join codes whose turn it is (`CodeGate`); a right one is let in."""
        if not len(self._gate):
            return
        now = self._gate.now()
        for conn, msg in self._gate.due(now):
            conn.knocking = False
            if not same_code(str(msg["code"]), self.code):
                self._gate.wrong(conn.address, now)
                self._refuse(conn, N_("wrong join code"), fatal=True, why="code")
            elif self._conns.get(conn.id) is conn and not conn.dropped:
                self._welcome(conn, msg, None)

    def _welcome(self, conn: _Conn, msg: dict[str, Any], seat: int | None) -> None:
        """Let `conn` in (the join code was right): at `seat` (its token's), the seat it names, the
        judges' seat, or to watch; the log it misses follows from the encoded entries, chunk by chunk."""
        if seat is not None:
            pass  # (a seat's token: its own seat)
        elif msg.get("seat"):
            try:
                seat = self.session.seat_index(str(msg["seat"]))
            except KeyError:
                return self._refuse(conn, N_("there is no seat {name} at this table"), fatal=True, why="seat", name=repr(msg["seat"]))
            name = self.session.match.players[seat].name
            if seat not in self.remote_seats():
                return self._refuse(conn, N_("{name} is not a remote seat"), fatal=True, why="seat", name=name)
            if seat in self.tokens:
                return self._refuse(conn, N_("{name} is taken (come back with its token)"), fatal=True, why="taken", name=name)
            self.tokens[seat] = new_token()
        elif msg.get("judge"):
            if not self.session.has_judges():
                return self._refuse(conn, N_("this table has no judges' seat (Le Mans has)"), fatal=True, why="seat")
            if JUDGES in self.tokens:
                return self._refuse(conn, N_("the judges' seat is taken (come back with its token)"), fatal=True, why="taken")
            seat = JUDGES
            self.tokens[JUDGES] = new_token()
        elif not msg.get("watch"):
            return self._refuse(conn, N_("hello: name a seat, the judges' seat, or watch"), fatal=True)
        for other in list(self._conns.values()):  # a seat is played from one place: the newest
            if other is not conn and other.joined and seat is not None and other.seat == seat:
                self._send(other, bye(other, N_("the seat was taken up from another connection")))
                other.joined = False
        self._send_new()  # the others first hear of what the log gained (or lost): the newcomer starts from here
        log = self.session.match.log
        upto = len(log.entries)
        self._encode_to(upto)
        have = min(int(msg.get("have", 0)), upto)
        conn.seat, conn.watching, conn.joined = seat, seat is None, True
        if seat is not None and seat >= 0:
            self._back(seat)
        head = {"game": log.game, "players": log.players, "profile": log.profile, "seed": log.seed, "settings": log.settings}
        judge = seat == JUDGES
        welcome = encode("welcome", seat=None if seat is None or judge else log.players[seat]["name"],
                         index=None if judge else seat, judge=judge,
                         token=self.tokens.get(seat) if seat is not None else None, header=head, at=have, upto=upto)
        self._sent = upto
        if conn.web:  # a browser: its views instead of the log
            self._send(conn, welcome)
            self._seats(conn)
            return self.web.send([conn], force=True)
        # (the list itself: entries are only appended to it, and an undo starts a new one)
        self._soon(self._queue, conn, Join(welcome[:-1].encode(), self._encoded, have, upto))
        self._seats(conn)

    def _act(self, conn: _Conn, msg: dict[str, Any]) -> None:
        if not conn.joined or conn.seat is None:
            return self._refuse(conn, N_("a spectator acts for nobody") if conn.watching else N_("say hello with the join code first"))
        with speaking_to(conn):
            stale = self.positions.refusal(int(msg["at"]))  # made at an older position: the table moved on
        if stale is not None:
            return self._refuse(conn, stale)
        text = str(msg["action"])
        try:
            action = self.session.match.parse(text)
        except (ValueError, TypeError, KeyError, IndexError) as e:
            action = self._outcome(text)  # at a real table also a throw's short form ("6 5 2", `Session.parse_outcome`)
            if action is None:
                return self._refuse(conn, f"{text!r} is no action of this game: {e}")
        # a client's `detail` is not taken into the log: a launch comes as a `launch` message, checked as one
        with speaking_to(conn):
            why = authority.refusal(self.session, conn.seat, action)  # who may send what: one table (`game.net.authority`)
        if why is not None:
            return self._refuse(conn, why)
        if isinstance(action, Challenge):  # open at any time, as at the host's table (in the sender's own name)
            refusal = self.session.challenge(action)
        elif conn.seat != JUDGES and authority.is_entry(self.session, action):  # a real throw's outcome, entered by its seat
            refusal = self.session.enter(conn.seat, action)
        else:  # (a judges' decision is open to the table at any time: it is asked for in the first seat's name)
            refusal = self.session.request(0 if conn.seat == JUDGES else conn.seat, action)
        if refusal is not None:
            self._refuse(conn, refusal.reason)

    def _outcome(self, text: str) -> Any:
        """At a real table: a throw's outcome in the game's short form (`Session.parse_outcome`), or None."""
        if not self.session.real_table():
            return None
        try:
            return self.session.parse_outcome(text)
        except (ValueError, TypeError, KeyError, IndexError):
            return None

    def _ball(self, conn: _Conn, msg: dict[str, Any]) -> None:
        """Bierpong from afar: a ball let go (its launch) or a defender's swat or catch, for the
        client's own team – the host's live table throws it, the referee rules as at the host."""
        if not conn.joined or conn.seat is None or conn.seat < 0:
            return self._refuse(conn, N_("a spectator acts for nobody") if conn.watching else N_("only a team's seat throws and defends"))
        s = self.session
        live = s.live_table()  # (a declared capability: `Session.live_table`)
        if live is None:
            return self._refuse(conn, f"{msg['type']} is for a game with a live table (Bierpong)")
        launch = msg["type"] == "launch"
        who = str(msg["player"] if launch else msg["defender"])
        asked = authority.Launch(who) if launch else authority.Defend(who, str(msg["how"]), int(msg["ball"]))
        with speaking_to(conn):
            why = authority.refusal(s, conn.seat, asked)  # a team throws and defends for itself only
            if why is None:
                why = self.positions.refusal(int(msg["at"]), live=True)  # only a change of whose decision it is outdates it
        if why is not None:
            return self._refuse(conn, why)
        with s.acting_for(conn.seat):
            if launch:
                refusal = live.request_launch(who, _three(msg["release"]), _three(msg["velocity"]), _three(msg.get("spin") or (0.0, 0.0, 0.0)))
            else:
                refusal = live.request_defence(who, str(msg["how"]), int(msg["ball"]))
        if refusal is not None:
            self._refuse(conn, refusal.reason)

    def _send_table(self) -> None:
        """Bierpong: the balls in play on the host's live table, to every client about 30 times a
        second while a throw is on, once more when it is over (clients draw it, they do not simulate)."""
        live = self.session.live_table()
        if live is None or not self._sent:
            return
        table = live.table
        busy = bool(table.flights)
        now = time.monotonic()
        if not busy and not self._table_on:
            return
        if busy and now - self._table_at < TABLE_EVERY:
            return
        self._table_at, self._table_on = now, busy
        flights = [{"ball": f.ball, "number": f.number, "player": f.player, "side": f.side, "pairable": f.pairable,
                    "rested": f.rested, "swatted_by": f.swatted_by, "bounced": f.bounced, "touched": f.touched,
                    "trail": [list(p) for p in f.trail[-TRAIL_SENT:]]} for f in table.flights.values()]
        balls = [{"id": b.id, "pos": list(b.pos), "in_flight": b.in_flight, "settled": b.settled, "cup": b.cup}
                 for b in table.balls()]
        events = [encode_event(e) for n, e in live.recent_events if n > self._events_sent]
        self._events_sent = live.events_seen
        self._broadcast(encode("table", at=len(self.session.match.log.entries), side=table.side, flights=flights, balls=balls,
                               events=events))

    def _refuse(self, conn: _Conn, reason: str, *, fatal: bool = False, why: str | None = None, **values: Any) -> None:
        """Tell `conn` why not; a `fatal` refusal (a wrong code, a seat taken) also ends its connection.
        `reason` is English (with `values`: a msgid to fill); a browser is told it in its language, and
        `why` (`web_conns.WHY`) says which refusal of joining it is."""
        said = reason.format(**values) if values else reason
        self.refusals.append(said)
        if conn.web:
            said = spoken(conn.lang, reason, values)
        self._send(conn, encode("refused", reason=said, fatal=fatal, **({"why": why} if why else {})))
        if fatal:
            self._send(conn, _CLOSE)

    def _bye_all(self, reason: str) -> None:
        for c in list(self._conns.values()):
            if c.joined:
                self._send(c, bye(c, reason))

    def _seats(self, newcomer: _Conn | None = None) -> None:
        """Who plays which seat: to every client when it changed, else to a `newcomer` only (spectators
        coming and going change nothing, and a flood of them makes no flood of these)."""
        text = encode("seats", seats=self._seat_list(), judges=self.judges_connected(),
                      client=self.session.match.info.web_client)  # (a page draws its seats before any view comes)
        if text != self._seats_said:
            self._seats_said = text
            self._broadcast(text)
        elif newcomer is not None:
            self._send(newcomer, text)

    def _seat_list(self) -> list[dict[str, Any]]:
        on = self.connected()
        return [{"name": p.name, "kind": p.kind, "connected": on.get(i), "away": i in self.away, "stand_in": i in self.stand_ins,
                 **({"drivers": list(p.drivers)} if p.drivers else {})}  # a team's drivers or members (Le Mans, Bierpong)
                for i, p in enumerate(self.session.match.players)]

    def _send_new(self) -> None:
        entries = self.session.match.log.entries
        if self._rewound is not None:
            self._gen += 1
            self._encoded = self._encoded[:self._rewound]  # a new list: joins under way keep sending the old one
            self._sent = min(self._sent, self._rewound)
            self._broadcast(encode("rewound", length=self._sent))
            self._rewound = None
        self._encode_to(len(entries))
        if self._sent and len(entries) > self._sent:
            parts = self._encoded[self._sent:]
            conns = [c for c in list(self._conns.values()) if c.joined and not c.web]
            if conns:
                self._soon(self._fan_out, conns, self._sent, parts, self._gen)
        if self._sent:
            self._sent = len(entries)

    def _broadcast(self, text: str) -> None:
        for c in list(self._conns.values()):
            if c.joined:
                self._send(c, text)

    def _send(self, conn: _Conn, text: str) -> None:
        self._soon(self._enqueue, conn, text)

    def _soon(self, f: Any, *args: Any) -> None:
        """Run `f(*args)` on the server's thread: now when called there (a driven host), else next."""
        if self._loop.is_closed():
            return
        if threading.get_ident() == self._thread.ident:
            f(*args)
        else:
            self._loop.call_soon_threadsafe(f, *args)

    # --- the server's thread -------------------------------------------------------------------

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            # no per-message compression: a table's messages are small, and deflating each one for
            # every client costs the host more than the bytes saved on a local network
            server = await serve(self._serve, self.bind, self.port, max_size=MAX_MESSAGE, max_queue=32,
                                 ping_interval=20, ping_timeout=20, close_timeout=1, compression=None, process_request=self.files,
                                 server_header=None, logger=quiet_logger())
        except OSError as e:
            self._error = e
            return
        async with server:
            self.port = int(server.sockets[0].getsockname()[1]) if server.sockets else 0
            driver = asyncio.ensure_future(self._drive()) if self.drive_every is not None else None
            self._ready.set()
            await self._stop.wait()
            if driver is not None:
                driver.cancel()
                await asyncio.gather(driver, return_exceptions=True)
            for c in list(self._conns.values()):  # let the goodbyes out
                for _try in range(50):
                    if not c.out or c.dropped:
                        break
                    await asyncio.sleep(0.01)

    async def _drive(self) -> None:
        """A driven host: the session ticks here every `drive_every` seconds (by the time that
        passed), between the clients' messages, until the match is over."""
        assert self.drive_every is not None
        last = time.monotonic()
        try:
            while not self.session.over():
                now = time.monotonic()
                # the time that really passed (the clocks keep the wall's pace), but never more than
                # a second at once: a machine that slept does not fast-forward the table
                self.session.tick(min(1.0, max(0.0, now - last)))
                last = now
                self._after()
                await asyncio.sleep(self.drive_every)
            self._after()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a bug at the host: its owner hears of it (`wait`) instead of a silent table
            self._failed = e
        finally:
            self._over.set()

    def _last_words(self, reason: str) -> None:
        try:
            self._after()
        finally:
            self._bye_all(reason)

    def _fan_out(self, conns: list[_Conn], at: int, parts: list[bytes], gen: int) -> None:
        """New entries for every joined client: written at once to each that is idle and reading
        (one text, encoded once for all of them); queued for the others, whose senders wait."""
        for c in self._write_idle(conns, lambda: _Batch(at, parts, gen).data()):
            self._enqueue_entries(c, at, parts, gen)

    def _fan_views(self, groups: list[tuple[bytes, list[_Conn]]]) -> None:
        """Browsers' views (`web_conns`): each text written at once to the connections that read, queued for the others."""
        for data, conns in groups:
            for c in self._write_idle(conns, data):
                self._queue(c, data)

    def _write_idle(self, conns: list[_Conn], data: bytes | Callable[[], bytes]) -> list[_Conn]:
        """`data` (a text's UTF-8, or what makes it) written at once to each of `conns` that is idle and reading; the
        others (their senders have messages waiting: nothing may overtake them) are returned."""
        idle = [c for c in conns if not c.dropped and not c.out and not c.busy
                and c.ws.transport is not None and c.ws.transport.get_write_buffer_size() < IDLE_BUFFER]
        if idle:
            # one frame for all of them: a server's frames are not masked, and without compression
            # every connection sends the same bytes
            frame = Frame(Opcode.TEXT, data if isinstance(data, bytes) else data()).serialize(mask=False, extensions=[])
            for c in idle:
                if c.ws.protocol.state is State.OPEN and c.ws.transport is not None:
                    c.ws.transport.write(frame)
        written = set(map(id, idle))
        return [c for c in conns if id(c) not in written]

    def _enqueue(self, conn: _Conn, text: str) -> None:
        self._queue(conn, text)

    def _enqueue_entries(self, conn: _Conn, at: int, parts: list[bytes], gen: int = 0) -> None:
        last = conn.out[-1] if conn.out else None
        if isinstance(last, _Batch) and last.gen == gen and last.at + len(last.parts) == at and len(last.parts) + len(parts) <= BATCH:
            last.parts.extend(parts)
            conn.behind += len(parts)
            self._check(conn)
            return
        conn.behind += len(parts)
        self._queue(conn, _Batch(at, list(parts), gen))

    def _queue(self, conn: _Conn, item: str | bytes | _Batch | Join) -> None:
        if conn.dropped:
            return
        conn.out.append(item)
        conn.since.append(time.monotonic())
        conn.wake.set()
        self._check(conn)

    def _check(self, conn: _Conn) -> None:
        """A client whose messages pile up, or whose oldest has waited too long, is not reading: it
        goes, and the others never wait for it."""
        if conn.dropped:
            return
        late = bool(conn.since) and not conn.joining and time.monotonic() - conn.since[0] > self.slow_after
        if len(conn.out) > SEND_QUEUE or conn.behind > MAX_BEHIND or late:
            conn.dropped = True
            conn.out.clear()
            conn.since.clear()
            conn.wake.set()
            asyncio.ensure_future(conn.ws.close(1008, "too slow: messages piled up"))

    async def _serve(self, ws: ServerConnection) -> None:
        self._next += 1
        peer = ws.remote_address
        conn = _Conn(self._next, ws, str(peer[0]) if peer else "?")
        self._conns[conn.id] = conn
        sender = asyncio.ensure_future(self._send_loop(conn))
        try:
            async for raw in ws:
                now = time.monotonic()
                conn.sent.append(now)
                while conn.sent and now - conn.sent[0] > 1.0:
                    conn.sent.popleft()
                if len(conn.sent) > FLOOD:  # it goes: what it sent meanwhile is read and dropped until its
                    closing = asyncio.ensure_future(ws.close(1008, "too many messages"))  # answer to the close
                    async for _ in ws:  # arrives (unread, the close would wait out its whole timeout)
                        pass
                    await closing
                    break
                try:
                    msg = decode(raw)
                except BadMessage as e:
                    self._enqueue(conn, encode("refused", reason=str(e), fatal=False))
                    continue
                self._arrived(conn.id, msg)
        except ConnectionClosed:
            pass
        finally:
            sender.cancel()
            self._arrived(conn.id, {"type": "_gone"})

    def _arrived(self, cid: int, msg: dict[str, Any]) -> None:
        """A message for the session: into the owner's inbox, or – driven – ruled on now."""
        if self.drive_every is None:
            self._inbox.put((cid, msg))
            return
        if self._over.is_set() and self._failed is not None:
            return
        try:
            self._take(cid, msg)
            self._after()
        except Exception as e:  # (`_take` refuses what a client got wrong: this is the host's own bug)
            self._failed = e
            self._over.set()

    async def _send_loop(self, conn: _Conn) -> None:
        try:
            while not conn.dropped:
                if not conn.out:
                    conn.wake.clear()
                    await conn.wake.wait()
                    continue
                item = conn.out.popleft()
                conn.since.popleft()
                conn.busy = True  # (until it is written: nothing may overtake it)
                try:
                    if item is _CLOSE:
                        await conn.ws.close(1008, "refused")
                        return
                    if isinstance(item, Join):
                        conn.joining = True  # (each chunk must be taken within `slow_after`, as any message)
                        for data in item.chunks():  # one chunk at a time; the others' turn in between
                            await self._join_turn(len(data))
                            if not await self._write(conn, data):
                                return
                        conn.joining = False
                        now = time.monotonic()  # what waited behind the join waited for the host, not for the client
                        conn.since = deque(now for _ in conn.since)
                        continue
                    if isinstance(item, _Batch):
                        conn.behind -= len(item.parts)
                        key = (item.gen, item.at, len(item.parts))  # clients in step get the same batch: written out once
                        data = self._texts.get(key) or item.data()
                        if len(self._texts) > 64:
                            self._texts.clear()
                        self._texts[key] = data
                        if not await self._write(conn, data):
                            return
                    elif not await self._write(conn, item):
                        return
                finally:
                    conn.busy = False
        except (ConnectionClosed, asyncio.CancelledError):
            pass

    async def _join_turn(self, size: int) -> None:
        """Wait for a join chunk's turn: all joins together take `JOIN_RATE` bytes a second (after a
        burst), so that joins, however many, leave the table its pace; each waits in line."""
        now = time.monotonic()
        at = max(self._join_at, now - JOIN_BURST)
        self._join_at = at + size / JOIN_RATE
        await asyncio.sleep(max(0.0, at - now))  # (0: still the others' turn in between)

    async def _write(self, conn: _Conn, data: str | bytes) -> bool:
        """One message to `conn` (bytes: a text's UTF-8); False when it does not read and was dropped."""
        try:
            async with asyncio.timeout(self.slow_after):
                await conn.ws.send(data, text=True)
            return True
        except TimeoutError:  # it does not read: it goes
            conn.dropped = True
            await conn.ws.close(1008, "too slow: messages piled up")
            return False


def _three(v: Any) -> tuple[float, float, float]:
    """Three numbers of a message (`protocol` checked them) as a point or a vector."""
    return float(v[0]), float(v[1]), float(v[2])


def address_of(host: TableHost) -> str:
    """The table's address as clients type it: ws://ADDRESS:PORT (this machine's LAN address when bound to all)."""
    ip = host.bind
    if ip in ("0.0.0.0", ""):
        import socket

        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("10.255.255.255", 1))  # no packet is sent: it only picks the outgoing interface
                ip = s.getsockname()[0]
        except OSError:
            ip = "127.0.0.1"
    return f"ws://{ip}:{host.port}"


__all__ = ["JOINS", "JOIN_CHUNK", "TABLE_TRIES", "TABLE_TRIES_PER_MINUTE", "TRIES", "TableHost", "address_of"]
