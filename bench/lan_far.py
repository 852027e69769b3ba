"""The laptops of `bench.lan`, in processes of their own (issue 16): eight players and the spectators
connect to the host as the other machines at a table would.

On a real network each laptop reads its own messages on its own machine, all at once; here they
share this machine's cores with the host, so whatever a laptop spends per message is added to the
figure as if the host had spent it. The laptops therefore read as lightly as the `websockets`
library lets a client read: its Sans-I/O `ClientProtocol` (the same framing and handshake the
library's asyncio client runs) over plain non-blocking sockets and one `selectors` loop, each
message counted and nothing else done with it. Each action is timed from the moment the player on
turn sends it until the last other connection here has the new entry, on the machine's monotonic
clock (`time.perf_counter`, one clock for every process). The bench's process plays the host and
tells these, through a pipe and outside the timed part, which seat asks for which action.
"""
from __future__ import annotations

import json
import selectors
import socket
import struct
import sys
import time
from multiprocessing.connection import Connection
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from game.net.protocol import encode

READ = 256 * 1024  # bytes taken from a socket at once
# Linux stamps each arrival with the kernel's clock (SO_TIMESTAMPNS): when the bytes reached this
# laptop's socket, whether or not this process got round to reading it yet. Elsewhere the moment
# it is read stands in (an upper bound).
SO_TIMESTAMPNS = 35 if sys.platform.startswith("linux") else None
_STAMP = socket.CMSG_SPACE(16)


class _Laptop:
    """One connection: its socket, the library's protocol state, and the entries it has."""

    def __init__(self, url: str) -> None:
        uri = parse_uri(url)
        self.proto = ClientProtocol(uri, max_size=None)
        self.sock = socket.create_connection((uri.host, uri.port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.proto.send_request(self.proto.connect())
        self._flush()
        while self.proto.state is State.CONNECTING:
            self._take(self.sock.recv(READ))
        if self.proto.state is not State.OPEN:
            raise ConnectionError(f"the host refused the handshake: {self.proto.handshake_exc}")
        self.sock.setblocking(False)
        self.stamped = False
        if SO_TIMESTAMPNS is not None:
            try:
                self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
                self.stamped = True
            except OSError:
                pass
        self.count = -1  # entries it has (-1: not welcomed yet)
        self.last = 0  # when its count last grew: the bytes' arrival plus this laptop's reading of them (ns, CLOCK_REALTIME)
        self.read_at = 0  # when this process had read them (the laptops here read one after another)
        self._parts: list[bytes] = []  # a fragmented message's frames so far

    def send(self, text: str) -> None:
        self.proto.send_text(text.encode())
        self._flush()

    def _flush(self) -> None:  # what the protocol wants written (a frame, a pong); the socket's buffer takes it
        out = b"".join(self.proto.data_to_send())
        if out:
            was = self.sock.gettimeout()
            self.sock.settimeout(10)
            self.sock.sendall(out)
            self.sock.settimeout(was)

    def _take(self, data: bytes) -> list[str]:
        if data:
            self.proto.receive_data(data)
        else:
            self.proto.receive_eof()
        texts = []
        for ev in self.proto.events_received():
            if isinstance(ev, Response):
                continue
            if isinstance(ev, Frame) and ev.opcode in (Opcode.TEXT, Opcode.CONT):
                self._parts.append(bytes(ev.data))
                if ev.fin:
                    texts.append(b"".join(self._parts).decode())
                    self._parts = []
        self._flush()
        return texts

    def heard(self, text: str) -> bool:
        """One message: whether the count grew (a laptop counts the log's entries it was sent)."""
        msg = json.loads(text)
        if msg.get("type") in ("welcome", "entries"):
            self.count = int(msg["at"]) + len(msg["entries"])
            return True
        return False

    def read(self) -> bool:
        """Take what arrived; whether the count grew. A closed connection raises `ConnectionError`.
        The time it has them: when the bytes arrived, plus what this laptop spent reading them (on a
        real network each laptop does that on its own, at the same time as the others)."""
        try:
            if self.stamped:
                data, anc, _flags, _addr = self.sock.recvmsg(READ, _STAMP)
            else:
                data, anc = self.sock.recv(READ), []
        except BlockingIOError:
            return False
        began = time.perf_counter_ns()
        arrived = next((sec * 1_000_000_000 + ns for level, kind, d in anc if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS
                        for sec, ns in [struct.unpack("qq", d[:16])]), None)
        if arrived is None:
            arrived = time.time_ns()
        if not data:
            raise ConnectionError("the host closed the connection")
        grew = False
        for text in self._take(data):
            grew = self.heard(text) or grew
        if grew:
            self.last = arrived + time.perf_counter_ns() - began
            self.read_at = time.time_ns()
        return grew


class _Far:
    """Some of the table's connections: `seats` (player index or None for a spectator)."""

    def __init__(self, url: str, code: str, seats: list[int | None]) -> None:
        self.seats = seats
        self.laptops: list[_Laptop] = []
        self.sel = selectors.DefaultSelector()
        for i, seat in enumerate(seats):
            lap = _Laptop(url)
            lap.send(encode("hello", code=code, **({"seat": f"P{seat}"} if seat is not None else {"watch": True})))
            self.laptops.append(lap)
            self.sel.register(lap.sock, selectors.EVENT_READ, i)

    def until(self, want: int, which: list[int], timeout: float = 10.0) -> bool:
        """Read until each connection of `which` has at least `want` entries."""
        short = {i for i in which if self.laptops[i].count < want}
        end = time.monotonic() + timeout
        while short:
            left = end - time.monotonic()
            if left <= 0:
                return False
            for key, _ in self.sel.select(left):
                i = key.data
                if self.laptops[i].read() and self.laptops[i].count >= want:
                    short.discard(i)
        return True

    def command(self, cmd: tuple[Any, ...]) -> Any:
        kind = cmd[0]
        every = list(range(len(self.seats)))
        if kind == "quiet":  # every connection here has the whole log
            return self.until(cmd[1], every)
        if kind == "act":  # (seat, action, n): send it, then wait for the others here; (t0, their last arrival)
            _, seat, action, n = cmd
            mine = self.seats.index(seat)
            others = [i for i in every if i != mine]
            t0 = time.time_ns()
            self.laptops[mine].send(encode("act", action=action, at=n))
            ok = self.until(n + 1, others)
            return (t0, self._when(others) if ok else None)
        if kind == "expect":  # (n): when the last connection here had entry n + 1
            ok = self.until(cmd[1] + 1, every)
            return self._when(every) if ok else None
        raise ValueError(kind)

    def _when(self, which: list[int]) -> tuple[int, int]:
        """When the last of `which` had the new entry, and when this process had read them all."""
        return (max((self.laptops[i].last for i in which), default=0), max((self.laptops[i].read_at for i in which), default=0))

    def close(self) -> None:
        for lap in self.laptops:
            try:
                lap.proto.send_close()
                lap._flush()
            except OSError:
                pass
            lap.sock.close()


def serve_far(pipe: Connection, url: str, code: str, seats: list[int | None], make: type[_Far] = _Far) -> None:
    """A child's main: join with `seats` (as `make`'s connections: laptops, or `bench.web`'s
    browsers), say "ready", then answer each command until ("stop",).
    Between commands it keeps reading (the host's pings are answered, nothing piles up)."""
    far = make(url, code, seats)
    if not far.until(0, list(range(len(seats))), 60):
        raise RuntimeError("the host did not welcome every connection")
    pipe.send("ready")
    far.sel.register(pipe.fileno(), selectors.EVENT_READ, None)
    try:
        while True:
            for key, _ in far.sel.select(1.0):
                if key.data is not None:
                    far.laptops[key.data].read()
                    continue
                while pipe.poll():
                    cmd = pipe.recv()
                    if cmd[0] == "stop":
                        return
                    far.sel.unregister(pipe.fileno())
                    try:
                        pipe.send(far.command(cmd))
                    finally:
                        far.sel.register(pipe.fileno(), selectors.EVENT_READ, None)
    finally:
        far.close()


def join_loop(pipe: Connection, url: str, code: str, connections: int, hellos: int) -> None:
    """A child's main for `bench.lan`'s joins: `connections` connections join the table in a loop –
    each sends `hellos` hellos at once and reads whatever comes (bytes, not parsed) until the host
    closes it, then connects again – until the pipe says stop; then it answers the joins begun (the
    welcomes it got)."""
    import asyncio

    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, WebSocketException

    hello = encode("hello", code=code, watch=True)
    got = [0]

    async def one(stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                async with connect(url, max_size=None, compression=None) as ws:
                    for _ in range(hellos):
                        await ws.send(hello)
                    while True:
                        data = await ws.recv(decode=False)
                        if data.startswith(b'{"type":"welcome"'):
                            got[0] += 1
            except (ConnectionClosed, OSError, WebSocketException):
                await asyncio.sleep(0.01)

    async def main() -> None:
        stop = asyncio.Event()
        tasks = [asyncio.ensure_future(one(stop)) for _ in range(connections)]
        pipe.send("ready")
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # ("stop",)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pipe.send((got[0], time.process_time()))

    asyncio.run(main())
