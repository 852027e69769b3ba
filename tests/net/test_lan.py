"""Play across laptops (issue 16), on loopback only, every wait bounded, no fixed port: a headless
host and bot clients in processes of their own play a Schock, a Katchen and a Racerbile match to the end exactly as the same
seeds play at one table; the host's defences – the join code, bad JSON, an
oversized frame, acting for another seat, a stolen or made-up token, a flood – refuse or drop the
sender and leave the table and everybody else playing."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net.client import Gone, Refused, TableClient
from game.net.gate import Limits
from game.net.host import FLOOD, TRIES, TableHost
from game.net.protocol import MAX_MESSAGE, encode
from game.session import INSTANT, session_for
from game.store.matchfile import load_match, read_json_log
from tests.net import waiting
from tests.net.waiting import WAIT

ROOT = Path(__file__).resolve().parent.parent.parent


def until(what: Callable[[], Any], pump: Callable[[], Any] | list[Callable[[], Any]], seconds: float = WAIT) -> Any:
    """Pump (each of them) until `what()` is truthy (bounded: `tests.net.waiting`)."""
    return waiting.until(what, *(pump if isinstance(pump, list) else [pump]), seconds=seconds)


def cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "main.py", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


KINDS = {"schock": ("bot", "bot", "random"), "katchen": ("bot", "bot", "random"), "racerbile": ("racer", "careful", "stalin")}


@pytest.mark.parametrize("game", list(KINDS))
def test_a_headless_host_and_bots_from_other_processes_play_the_match_the_same_seeds_play_at_one_table(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "hosted.json"
    ann, bo, cy = KINDS[game]
    host = cli("host", game, "--headless", "--bind", "127.0.0.1", "--port", "0", "--players", f"Ann:remote,Bo:{bo},Cy:remote",
               "--seed", "7", *(("--games", "2") if game != "racerbile" else ()), "--timeout", "120", "--save", str(saved))
    try:
        assert host.stdout is not None
        line = host.stdout.readline().split()
        assert len(line) == 4, host.stderr.read() if host.poll() is not None and host.stderr else line
        assert line[0] == "table" and line[1].startswith("ws://127.0.0.1:") and line[2] == "code" and len(line[3]) == 6
        url, code = line[1], line[3]
        if game == "schock":  # (a wrong code's exit is the same at every game's table: one process for it)
            wrong = cli("join", url, "--code", "XXXXXX", "--seat", "Ann", "--bot", "bot")
            assert wrong.wait(WAIT) == 2 and "wrong join code" in (wrong.stderr.read() if wrong.stderr else "")
        watcher = cli("join", url, "--code", code, "--watch", "--timeout", "120")
        guard = threading.Timer(WAIT, watcher.kill)  # a bounded wait for its first line: it has joined
        guard.start()
        assert watcher.stdout is not None
        first = watcher.stdout.readline()
        guard.cancel()
        assert first.startswith("0. start")
        bots = [cli("join", url, "--code", code, "--seat", name, "--bot", kind, "--timeout", "120") for name, kind in (("Ann", ann), ("Cy", cy))]
        for p in bots:
            assert p.wait(120) == 0, p.stderr.read() if p.stderr else ""
        assert host.wait(WAIT) == 0
        assert watcher.wait(WAIT) == 0
        printed = [first.rstrip("\n"), *watcher.stdout.read().splitlines()]  # the rest of what its stdout buffered too
    finally:
        for p in (host,):
            if p.poll() is None:
                p.kill()
    hosted = read_json_log(saved)
    seats = [PlayerSpec(n, k) for n, k in (("Ann", ann), ("Bo", bo), ("Cy", cy))]
    if game == "racerbile":
        from game.rules.racerbile import SPEC

        local = Match(game, seats, SPEC.make("babybile"), seed=7, track="babybane")
    else:
        local = Match(game, seats, seed=7, games=2)
    session_for(local, pace=INSTANT).play_out()
    assert local.state.is_terminal() and hosted.entries == local.log.entries
    assert len(printed) == len(hosted.entries) and printed[-1].startswith(f"{len(hosted.entries) - 1}. {hosted.entries[-1].action}")


# --- the host's defences, in process ---------------------------------------------------------------


def a_table(limits: Limits = Limits()) -> TableHost:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote"), PlayerSpec("Cy", "bot")], seed=4)
    return TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, limits=limits)


@pytest.fixture
def table() -> Iterator[TableHost]:
    host = a_table()
    yield host
    host.close()


def url(host: TableHost) -> str:
    return f"ws://127.0.0.1:{host.port}"


def joined(host: TableHost, **hello: Any) -> TableClient:
    c = TableClient(url(host), host.code, **hello)
    until(lambda: c.mirror is not None, [lambda: host.pump(), lambda: c.pump()])
    return c


def test_the_join_code_guards_the_table_and_wrong_ones_lock_nobody_out() -> None:
    """Wrong codes are refused (and end the connection), nothing about the match is sent with them;
    `TRIES` of them from this address do not lock out the right code: it waits for the address's next
    try, on the real clock (a minute of a second here: 0.2 s instead of 12; the limits: test_join_code)."""
    table = a_table(Limits(minute=1.0))
    try:
        for _ in range(TRIES):
            c = TableClient(url(table), "ZZZZZZ", seat="Ann")
            got = until(lambda: [e for e in c.pump() if isinstance(e, Refused)], table.pump)
            assert got[0].fatal and "wrong join code" in got[0].reason and c.mirror is None
            c.close()
        assert table.tokens == {}
        c = joined(table, seat="Ann")
        assert c.index == 0 and list(table.tokens) == [0]
        c.close()
    finally:
        table.close()


def raw(host: TableHost) -> Any:
    return connect(url(host), open_timeout=WAIT, max_size=None)


def test_bad_messages_are_refused_with_a_reason_and_the_connection_stays(table: TableHost) -> None:
    with raw(table) as ws:
        for bad in ("{not json", "[1, 2]", json.dumps({"type": "hello", "v": 99}), json.dumps({"type": "shout", "v": 1}),
                    encode("hello", code=table.code, seat="x" * 500), encode("act", action="")):
            ws.send(bad)
            until(lambda: table._inbox.qsize() == 0, table.pump, 2)  # noqa: SLF001 - nothing of it reaches the table
            reply = json.loads(ws.recv(timeout=WAIT))
            assert reply["type"] == "refused" and reply["reason"]
        ws.send(encode("hello", code=table.code, watch=True))
        until(lambda: table.spectators() == 1, table.pump)
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"  # the same connection, let in now
    assert table.session.match.log.entries[1:] == []


def test_an_oversized_frame_closes_only_its_connection(table: TableHost) -> None:
    watcher = joined(table, watch=True)
    with raw(table) as ws:
        ws.send("x" * (10 * 1024 * 1024))
        with pytest.raises(Exception):
            for _ in range(3):
                ws.recv(timeout=WAIT)
    assert MAX_MESSAGE < 10 * 1024 * 1024
    ann = joined(table, seat="Ann")
    ann.request("roll")
    until(lambda: len(table.session.match.log.entries) > 2, [lambda: table.pump(), lambda: table.session.tick(0.01)])
    until(lambda: watcher.mirror is not None and len(watcher.mirror.log.entries) > 2, [lambda: table.pump(), lambda: watcher.pump()])


def test_a_client_acts_for_its_own_seat_only_and_a_spectator_for_nobody(table: TableHost) -> None:
    ann, bo, tv = joined(table, seat="Ann"), joined(table, seat="Bo"), joined(table, watch=True)
    m = table.session.match
    assert m.state.current_player() == 0  # Ann opens
    for c, why in ((bo, "Ann's turn"), (tv, "spectator")):
        c.request("roll")
        got = until(lambda: [e for e in c.pump() if isinstance(e, Refused)], table.pump)
        assert why in got[0].reason
    c = ann
    c.request("nonsense words")
    assert "no action" in until(lambda: [e for e in c.pump() if isinstance(e, Refused)], table.pump)[0].reason
    assert len(m.log.entries) == 1  # nothing refused reached the log
    ann.request("roll")
    until(lambda: len(m.log.entries) > 1, table.pump)
    assert m.log.entries[1].action == "roll" and m.log.entries[1].seat == 0


def test_a_seat_is_taken_once_and_its_token_alone_brings_it_back(table: TableHost) -> None:
    ann = joined(table, seat="Ann")
    assert ann.token and ann.index == 0
    thief = TableClient(url(table), table.code, seat="Ann")
    assert "taken" in until(lambda: [e for e in thief.pump() if isinstance(e, Refused)], table.pump)[0].reason
    forged = TableClient(url(table), table.code, token="A" * 24)
    assert "token holds no seat" in until(lambda: [e for e in forged.pump() if isinstance(e, Refused)], table.pump)[0].reason
    ann.close()
    until(lambda: table.connected()[0] is False, table.pump)
    back = joined(table, token=ann.token)
    assert back.index == 0 and table.connected()[0] is True
    back.request("roll")
    until(lambda: len(table.session.match.log.entries) > 1, table.pump)


def test_a_flood_is_disconnected_and_the_others_play_on(table: TableHost) -> None:
    ann, bo = joined(table, seat="Ann"), joined(table, seat="Bo")
    with raw(table) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(FLOOD * 5):
                ws.send(encode("act", action="roll", at=1))
            for _ in range(FLOOD * 5):
                ws.recv(timeout=WAIT)
    assert closed.value.rcvd is not None and closed.value.rcvd.reason == "too many messages"  # the host said why
    ann.request("roll")
    until(lambda: bo.mirror is not None and len(bo.mirror.log.entries) > 2,
          [lambda: table.pump(), lambda: table.session.tick(0.01), lambda: bo.pump(), lambda: ann.pump()])
    assert bo.mirror is not None and bo.mirror.log.entries == table.session.match.log.entries


def test_a_client_gets_every_entry_it_missed_and_an_undo_at_the_host(table: TableHost) -> None:
    tv = joined(table, watch=True)
    ann = joined(table, seat="Ann")
    s = table.session
    ann.request("roll")
    until(lambda: len(s.match.log.entries) > 2, [lambda: table.pump(), lambda: s.tick(0.01)])
    until(lambda: tv.mirror is not None and tv.mirror.log.entries == s.match.log.entries, [lambda: table.pump(), lambda: tv.pump()])
    s.undo_to(1)
    until(lambda: tv.mirror is not None and len(tv.mirror.log.entries) == 1, [lambda: table.pump(), lambda: tv.pump()])
    late = joined(table, watch=True)  # joins after all that: the log as it stands
    assert late.mirror is not None and late.mirror.log.entries == s.match.log.entries
    table.close()
    until(lambda: any(isinstance(e, Gone) for e in tv.pump()), lambda: None)
    assert tv.gone == "the host closed the table"


def test_a_hosted_table_is_found_on_the_network_and_joined_from_what_was_found(table: TableHost) -> None:
    """Discovery on loopback (mDNS, `_stammtisch._tcp`): the announcement names the game and the
    players and where to join, never the join code; the address found takes a client in."""
    from game.net.discovery import Announcement, browse

    shown = Announcement("Stammtisch at Ann's", "127.0.0.1", table.port, "schock", ["Ann", "Bo", "Cy"], interfaces=["127.0.0.1"])
    try:
        found = [f for f in browse(2.0, interfaces=["127.0.0.1"]) if f.url == url(table)]
    finally:
        shown.close()
    assert len(found) == 1 and found[0].game == "schock" and found[0].players == "Ann, Bo, Cy" and found[0].version == 1
    assert table.code not in found[0].label and "Ann" in found[0].name
    c = TableClient(found[0].url, table.code, watch=True)
    until(lambda: c.mirror is not None, [table.pump, c.pump])
    c.close()


def test_a_host_killed_mid_match_serves_it_again_and_its_bots_come_back_with_nothing_lost(tmp_path: Path) -> None:
    """SIGKILL the headless host in the middle of a match kept in a journal; started again on that
    journal (same port, same code, the seats' tokens kept beside it) it serves the same match, the
    remote bots come back with their tokens, and every entry logged before the kill is in the end."""
    from game.store.journal import read_journal

    journal, saved = tmp_path / "night.json", tmp_path / "final.json"
    common = ("--headless", "--bind", "127.0.0.1", "--no-announce", "--timeout", "120")
    host = cli("host", "schock", *common, "--port", "0", "--players", "Ann:remote,Bo:bot,Cy:remote", "--seed", "9",
               "--games", "2", "--journal", str(journal))  # (about 475 entries: the kill comes after 120)
    bots: list[subprocess.Popen[str]] = []
    again: subprocess.Popen[str] | None = None
    try:
        assert host.stdout is not None
        line = host.stdout.readline().split()
        url, code = line[1], line[3]
        port = url.rsplit(":", 1)[1]
        bots = [cli("join", url, "--code", code, "--seat", n, "--bot", "bot", "--timeout", "120") for n in ("Ann", "Cy")]
        end = time.monotonic() + WAIT
        while time.monotonic() < end and (not journal.exists() or journal.read_bytes().count(b"\n") < 120):
            time.sleep(0.01)
        host.kill()
        host.wait(WAIT)
        before = read_journal(journal).log.entries
        assert 100 < len(before) and not load_match(journal).state.is_terminal()
        again = cli("host", "schock", *common, "--port", port, "--load", str(journal), "--save", str(saved))
        assert again.stdout is not None and again.stdout.readline().split()[3] == code  # the same table
        for p in bots:
            assert p.wait(120) == 0, p.stderr.read() if p.stderr else ""
        assert again.wait(WAIT) == 0
    finally:
        for q in (host, again, *bots):
            if q is not None and q.poll() is None:
                q.kill()
    final = read_json_log(saved)
    assert final.entries[: len(before)] == before and len(final.entries) > len(before)
    assert Match.replay(final).state.is_terminal()


def test_a_seat_that_drops_comes_back_with_its_token_and_every_entry_it_missed(table: TableHost) -> None:
    """Ann's connection drops; the table plays on without her for more than a hundred entries (the
    seat handed to a bot meanwhile, as a house rule may); back with her token she has them all."""
    ann = joined(table, seat="Ann")
    token = ann.token
    ann.close()
    until(lambda: table.connected()[0] is False, table.pump)
    s = table.session
    s.seats[0] = s.make_bot(0, "bot")  # the seat played by a bot while she is away
    s.seats[1] = s.make_bot(1, "bot")
    until(lambda: len(s.match.log.entries) > 120, [table.pump, lambda: s.tick(0.01)])
    back = joined(table, token=token)
    assert back.index == 0 and back.mirror is not None
    until(lambda: back.mirror is not None and back.mirror.log.entries == s.match.log.entries, [table.pump, back.pump])


def test_bench_lan_measures_a_round_trip_to_every_client() -> None:
    """The issue-16 bench figures at a small scale: a few actions' round trips, the echo beside them."""
    from bench.lan import ECHO_EACH, _far_round_trips, _round_trips, echo_ms

    times = _round_trips(3, actions=4)
    assert len(times) == 4 and all(0 < t < 10_000 for t in times)
    read: list[float] = []
    echo: list[float] = []
    far = _far_round_trips(3, actions=4, processes=2, all_read=read, echo=echo)  # the clients in two processes of their own
    assert len(far) == 4 and all(0 < t < 10_000 for t in far)
    # a client has an entry once it arrived and was read: never before its own process had read it
    assert len(read) == 4 and all(f <= r + 1e-3 for f, r in zip(far, read))
    assert len(echo) == 4 * ECHO_EACH and all(0 < t < 1_000 for t in echo)  # the baseline, taken between the actions
    assert 0 < echo_ms(rounds=20) < 1_000


def test_actions_of_every_shape_are_refused_or_ruled_and_the_host_plays_on(table: TableHost) -> None:
    """Ann sends texts that are no action, actions of other games, a challenge with nonsense, and a
    detail the log has no use for: each is refused with a reason or ruled, none is logged as sent
    unchecked, and the table plays on."""
    ann = joined(table, seat="Ann")
    m = table.session.match
    for text in ("drive 1,2 3,4", "throw cup 11", "challenge: nobody – x", "roll roll roll", "\x00\x01", "stand " * 300):
        ann.request(text)
        got = until(lambda: [e for e in ann.pump() if isinstance(e, Refused)], table.pump)
        assert got[0].reason and not got[0].fatal
    ann.request("roll", detail={"release": [1e308, -1e308], "junk": "x" * 1000})
    until(lambda: len(m.log.entries) > 1, table.pump)
    assert m.log.entries[1].action == "roll" and m.log.entries[1].detail is None


@pytest.mark.slow
def test_a_client_that_never_reads_is_dropped_and_the_others_get_every_entry() -> None:
    """A spectator whose socket takes in almost nothing (a 4 KiB receive buffer, 536-byte segments as on
    a poor line) and that never reads after its hello: once the socket's buffers are full and its oldest
    message has waited `slow_after` seconds the host closes it; a spectator that reads follows the whole
    match (in fewer, bigger messages when it falls behind), and the host plays on flat out without waiting.

    Bounded by the log, not by the clock: the small segments keep the host's kernel buffer for this
    client small (on loopback, 64 KiB segments let it grow to megabytes, and only the keep-alive ping
    would end the client, after some 40 s), so the buffers are full after some 3,000 entries (270 kB);
    the host must have dropped the client before the log has grown by 15,000 (a drop needs `slow_after`
    seconds more, and a loaded machine plays fewer entries in them, not more)."""
    import socket

    from websockets.client import ClientProtocol
    from websockets.uri import parse_uri

    m = Match("schock", [PlayerSpec("A", "bot"), PlayerSpec("B", "bot"), PlayerSpec("C", "bot")], seed=1, games=400)
    s = session_for(m, pace=INSTANT)
    t = TableHost(s, host="127.0.0.1", port=0, slow_after=2.0)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    if hasattr(socket, "TCP_MAXSEG"):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)  # (the host sends it small segments)
    sock.settimeout(WAIT)
    good: TableClient | None = None
    try:
        sock.connect(("127.0.0.1", t.port))
        ws = ClientProtocol(parse_uri(f"ws://127.0.0.1:{t.port}"))  # the real protocol, driven by hand: it never reads again
        ws.send_request(ws.connect())
        for data in ws.data_to_send():
            sock.sendall(data)
        ws.receive_data(sock.recv(4096))  # the handshake's answer
        assert ws.handshake_exc is None
        ws.send_text(encode("hello", code=t.code, watch=True, have=0).encode())
        for data in ws.data_to_send():
            sock.sendall(data)
        good = TableClient(f"ws://127.0.0.1:{t.port}", t.code, watch=True)
        g = good
        until(lambda: t.spectators() == 2, [t.pump, g.pump])
        limit = len(m.log.entries) + 15_000  # (the match has some 100,000)
        while t.spectators() == 2 and not s.over() and len(m.log.entries) < limit:  # the host plays on, fast
            t.pump()
            s.tick(0.01)
            g.pump()
            time.sleep(0.002)  # (the reading spectator keeps up; the other one's buffers fill all the same)
        assert t.spectators() == 1 and g.gone is None and not s.over(), f"the reader that never reads was not dropped ({len(m.log.entries)} entries, over: {s.over()})"
        for _ in range(50):  # the table plays on
            s.tick(0.01)
            t.pump()
        until(lambda: g.mirror is not None and len(g.mirror.log.entries) == len(m.log.entries), [t.pump, g.pump], 120)
        assert g.mirror is not None and [e.to_dict() for e in g.mirror.log.entries] == [e.to_dict() for e in m.log.entries]
    finally:
        sock.close()
        if good is not None:
            good.close()
        t.close()
