"""Joining a table with a long log (issue 28, item 3), against a real host on loopback: a hello never
blocks the thread that rules the match. The log a newcomer needs goes out from entries encoded once,
in bounded chunks, one join at a time per connection; a connection that says hello again and again
is closed; the players are answered while joins stream; the host does not grow per join."""
from __future__ import annotations

import json
import random
import socket
import threading
import tracemalloc
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import JOIN_CHUNK, JOINS, TableHost
from game.net.protocol import encode
from game.session import INSTANT, session_for
from game.session.seats import Person
from game.session.session import REMOTE
from tests.net import waiting
from tests.net.waiting import WAIT

LONG = 3000  # entries in the table's log before anybody joins


def long_match(entries: int = LONG) -> Match:
    """A Schock match of three remote players, `entries` long (random legal actions)."""
    m = Match("schock", [PlayerSpec(n, "remote") for n in ("Ann", "Bo", "Cy")], seed=3, games=5000)
    rng = random.Random(3)
    while len(m.log.entries) < entries:
        m.apply(rng.choice(list(m.state.legal_actions())))
    return m


@pytest.fixture
def table(request: pytest.FixtureRequest) -> Iterator[TableHost]:
    """A headless host (the server's thread plays) of a `long_match` (`LONG` entries, or as parametrized)."""
    host = TableHost(session_for(long_match(getattr(request, "param", LONG)), pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.01)
    yield host
    host.close()


def url(host: TableHost) -> str:
    return f"ws://127.0.0.1:{host.port}"


def read_join(ws: Any) -> tuple[list[Any], list[str]]:
    """Read one join to its end: the entries and each message as it came."""
    raw = [ws.recv(timeout=WAIT)]
    first = json.loads(raw[0])
    assert first["type"] == "welcome", first
    got = list(first["entries"])
    while first["at"] + len(got) < first["upto"]:
        raw.append(ws.recv(timeout=WAIT))
        more = json.loads(raw[-1])
        assert more["type"] == "entries" and more["at"] == first["at"] + len(got), more["type"]
        got.extend(more["entries"])
    return got, raw


def test_a_newcomer_gets_the_whole_log_in_bounded_chunks_of_the_entries_encoded_once(table: TableHost) -> None:
    log = table.session.match.log
    with connect(url(table), open_timeout=WAIT, max_size=None) as ws:
        ws.send(encode("hello", code=table.code, watch=True))
        got, raw = read_join(ws)
    assert got == [e.to_dict() for e in log.entries]
    assert len(raw) > 1 and all(len(r.encode()) <= JOIN_CHUNK + 1024 for r in raw)  # chunks, each bounded
    cached = table.encoded_entries()
    assert len(cached) == len(log.entries) and b",".join(cached[:50]).decode() in raw[0]  # the bytes kept, as they go out
    tv = TableClient(url(table), table.code, watch=True)  # the library's client: its mirror once the whole log is in
    try:
        waiting.until(lambda: tv.mirror is not None, tv.pump)
        assert tv.mirror is not None and tv.mirror.log.entries == log.entries
    finally:
        tv.close()


def test_a_connection_that_says_hello_again_and_again_is_answered_one_join_at_a_time_then_closed(table: TableHost) -> None:
    """The attacker of issue 28: 150 hellos from one connection (under the flood limit). Each join is
    sent whole before the next begins; after `JOINS` the connection is closed."""
    joins, reasons = 0, []
    with connect(url(table), open_timeout=WAIT, max_size=None) as ws:
        for _ in range(150):
            ws.send(encode("hello", code=table.code, watch=True))
        with pytest.raises(ConnectionClosed):
            for _ in range(10_000):  # (bounded: each join is a few dozen messages)
                msg = json.loads(ws.recv(timeout=WAIT))
                if msg["type"] == "welcome":
                    got = list(msg["entries"])
                    while msg["at"] + len(got) < msg["upto"]:  # the whole join before anything else
                        more = json.loads(ws.recv(timeout=WAIT))
                        assert more["type"] == "entries" and more["at"] == msg["at"] + len(got)
                        got.extend(more["entries"])
                    assert len(got) >= LONG and got == [e.to_dict() for e in table.session.match.log.entries[: len(got)]]
                    joins += 1
                elif msg["type"] == "refused":
                    reasons.append(msg["reason"])
    assert 1 <= joins <= JOINS and any("hello" in r for r in reasons), (joins, reasons)


@pytest.mark.parametrize("table", [8000], indirect=True)
def test_hellos_of_a_connection_that_does_not_read_cost_the_host_no_more_than_its_cached_bytes(table: TableHost) -> None:
    """150 hellos from a connection that never reads: the host holds no copy of the log per hello
    (what it holds meanwhile is a chunk or two, and asyncio's 256 KiB read buffer, whatever the log)."""
    from websockets.client import ClientProtocol
    from websockets.uri import parse_uri

    cached = sum(map(len, table.encoded_entries()))
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(WAIT)
    tracemalloc.start()
    try:
        sock.connect(("127.0.0.1", table.port))
        ws = ClientProtocol(parse_uri(url(table)))  # the real protocol, driven by hand: it never reads after the handshake
        ws.send_request(ws.connect())
        sock.sendall(b"".join(ws.data_to_send()))
        ws.receive_data(sock.recv(4096))
        assert ws.handshake_exc is None
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        for _ in range(150):
            ws.send_text(encode("hello", code=table.code, watch=True).encode())
        sock.sendall(b"".join(ws.data_to_send()))
        waiting.until(lambda: any("hello" in r for r in table.refusals), lambda: None)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        sock.close()
    assert peak - base < cached, f"the host grew by {peak - base} bytes for one connection's hellos ({cached} bytes cached)"


def test_the_players_are_answered_while_ten_connections_join_in_a_loop(table: TableHost) -> None:
    s = table.session
    players = [TableClient(url(table), table.code, seat=n) for n in ("Ann", "Bo", "Cy")]
    done = [0]
    stop = threading.Event()

    def joiner() -> None:
        while not stop.is_set():
            try:
                with connect(url(table), open_timeout=WAIT, max_size=None) as ws:
                    ws.send(encode("hello", code=table.code, watch=True))
                    read_join(ws)
                    done[0] += 1
            except (ConnectionClosed, OSError, TimeoutError):
                pass

    threads = [threading.Thread(target=joiner, daemon=True) for _ in range(10)]
    try:
        waiting.until(lambda: all(p.mirror is not None for p in players), *[p.pump for p in players])
        for t in threads:
            t.start()
        waiting.until(lambda: done[0] >= 3, lambda: None)
        for _ in range(5):  # five actions, each answered while the joins go on
            n = len(s.match.log.entries)
            seat = waiting.until(lambda: s.waiting_for(), lambda: None)[0]
            p = players[seat]
            waiting.until(lambda: p.mirror is not None and len(p.mirror.log.entries) == n, p.pump)
            assert p.mirror is not None
            before = done[0]
            p.request(random.Random(n).choice(list(p.mirror.state.legal_actions())))
            waiting.until(lambda: p.mirror is not None and len(p.mirror.log.entries) > n, p.pump)
            assert done[0] - before < 30  # answered amid the joins, not after them
        waiting.until(lambda: done[0] >= before + 3, lambda: None)  # and the joins go on
        stop.set()
        for t in threads:
            t.join(WAIT)
        for c in players:  # each player has the table's log as it stands
            waiting.until(lambda: c.mirror is not None and c.mirror.log.entries == s.match.log.entries, c.pump)
    finally:
        stop.set()
        for c in players:
            c.close()


def test_an_undo_at_the_host_while_a_newcomer_joins_leaves_the_newcomer_with_the_log_as_it_stands() -> None:
    """A host with a window (the session on the owner's thread): the host undoes a hundred entries
    and plays on right after a spectator's hello, while its log is still being sent: the spectator
    ends up with the table's log, entry for entry."""
    s = session_for(long_match(), pace=INSTANT)
    host = TableHost(s, host="127.0.0.1", port=0)
    tv = TableClient(url(host), host.code, watch=True)
    try:
        waiting.until(lambda: host.spectators() == 1, host.pump)  # its hello taken: the log goes out now
        n = len(s.match.log.entries)
        s.undo_to(n - 100)
        for i in range(3):
            s.seats[i] = s.make_bot(i, "bot")
        waiting.until(lambda: len(s.match.log.entries) > n + 50, host.pump, lambda: s.tick(0.01))
        for i in range(3):  # the table waits again
            s.seats[i] = Person(s.match.players[i].name, REMOTE, here=False)
        waiting.until(lambda: tv.mirror is not None and tv.mirror.log.entries == s.match.log.entries, host.pump, tv.pump)
        assert tv.mirror is not None and len(tv.mirror.log.entries) > n
    finally:
        tv.close()
        host.close()

