"""Network play on loopback (issue 16): how long one action takes from a client through the host
to every other client, and how many spectators one host serves within 50 ms.

- `baseline_ws_echo_ms`: a bare `websockets` echo round trip (the library's asyncio server on a
  thread, its sync client), median; `ECHO_EACH` of them before each action of `lan_action_ms`, so
  that both are measured in the same seconds (this machine's speed drifts from minute to minute).
- `lan_action_ms`: a Schock table hosted by `TableHost` as `serve_headless` hosts it (the server's
  thread plays the session: a request is ruled on as it arrives) with eight remote players and
  twenty spectators, the clients in a process of their own as on other laptops (`bench.lan_far`);
  from a quiet table (the host waits for a player, every client has the whole log) the player on
  turn sends a legal action, timed until the last other client has the new entry – its bytes in
  the client's socket (the kernel's arrival stamp) and read by the library's client. Median of
  `ACTIONS` actions.
- `lan_action_all_read_ms`: the same actions, until that one process had read all 27 connections
  one after another on one core: what a single machine playing 27 laptops adds (on a real network
  each laptop reads its own at the same time).
- `lan_action_one_process_ms`: the same with every client in this process (`TableClient`, each
  mirroring the log and checking its rulings): host, clients and spectators share one interpreter,
  so it adds the clients' own work, one after another, to the host's.
- `lan_spectators_at_50ms`: the most spectators (of `SPECTATORS`) with which the first figure's
  median stays within 50 ms.
- `lan_action_under_joins_ms` (issue 28): the first figure at a table whose log has `LONG_LOG`
  entries while `JOINERS` connections join it in a loop from a process of their own
  (`lan_far.join_loop`); `lan_joins_per_s` the joins served meanwhile, `lan_joins_host_growth_mib`
  what the host's resident memory grew by, beside `lan_joins_cached_mib` (the entries' bytes it keeps).
On a 2-core machine the host and the clients' process share the cores, so even the first figure
is an upper bound of a host's own cost. Called by `python -m bench`.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import threading
import time
from functools import cache
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.sync.client import connect as sync_connect

from game.match import Match, PlayerSpec
from game.net.client import TableClient
from game.net.host import JOINS, TableHost
from game.net.play import FRAME
from game.net.protocol import encode
from game.session import INSTANT, session_for

from bench.lan_far import join_loop, serve_far

ACTIONS = 40
ECHO_EACH = 5  # echo round trips taken before each action (the baseline: 200 in all)
SPECTATORS = (20, 50, 100, 200, 300)
LONG_LOG = 12_000  # entries in the log of the table the joins are measured at (issue 28)
JOINERS = 10  # connections joining it in a loop meanwhile
FAR_PROCESSES = 1  # the laptops' processes (one: it reads on the core the host leaves; more only take turns on it)


class _Echo:
    """A bare `websockets` echo: the library's asyncio server on a thread of its own, its sync client here."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        port = [0]
        self._stop: list[asyncio.Event] = []

        async def echo(ws: Any) -> None:
            async for m in ws:
                await ws.send(m)

        async def main() -> None:
            self._stop.append(asyncio.Event())
            async with serve(echo, "127.0.0.1", 0) as server:
                port[0] = server.sockets[0].getsockname()[1]
                ready.set()
                await self._stop[0].wait()

        self._thread = threading.Thread(target=lambda: self._loop.run_until_complete(main()), daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the echo server did not start")
        self._held = contextlib.ExitStack()
        self._ws = self._held.enter_context(sync_connect(f"ws://127.0.0.1:{port[0]}"))

    def rounds(self, n: int) -> list[float]:
        """`n` round trips of an action's message, ms each."""
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            self._ws.send('{"type":"act","v":1,"action":"roll","at":1}')
            self._ws.recv(timeout=10)
            times.append((time.perf_counter() - t0) * 1000)
        return times

    def close(self) -> None:
        self._held.close()
        self._loop.call_soon_threadsafe(self._stop[0].set)
        self._thread.join(5)


def echo_ms(rounds: int = 200) -> float:
    """The median of `rounds` echo round trips on their own."""
    e = _Echo()
    try:
        return statistics.median(e.rounds(rounds))
    finally:
        e.close()


def baseline_ws_echo_ms() -> float:
    """The echo's median, its round trips taken between the actions of `lan_action_ms` (the same
    seconds of the same run: a machine that slows down slows both alike)."""
    return _figures()["baseline_ws_echo_ms"]


class _Watchers:
    """`n` spectators on one asyncio loop: each counts the entries the host sent it."""

    def __init__(self, url: str, code: str, n: int) -> None:
        self.counts = [0] * n
        self.loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._up = threading.Event()
        self._n, self._url, self._code = n, url, code
        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(self._main()), daemon=True)
        self.thread.start()
        self._up.wait(60)

    async def _one(self, i: int, joined: list[int]) -> None:
        async with connect(self._url, max_size=None) as ws:
            await ws.send(encode("hello", code=self._code, watch=True))
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "welcome":
                    self.counts[i] = int(msg["at"]) + len(msg["entries"])
                    joined.append(i)
                    if len(joined) == self._n:
                        self._up.set()
                elif msg["type"] == "entries":
                    self.counts[i] = int(msg["at"]) + len(msg["entries"])
                elif msg["type"] == "bye":
                    return

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        joined: list[int] = []
        tasks = [asyncio.ensure_future(self._one(i, joined)) for i in range(self._n)]
        await self._stop.wait()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(5)


def _round_trips(spectators: int, actions: int = ACTIONS) -> list[float]:
    """ms per action (request → every other client has it) at a table of 8 remote players and `spectators`."""
    m = Match("schock", [PlayerSpec(f"P{i}", "remote") for i in range(8)], seed=21, games=50)
    session = session_for(m, pace=INSTANT)
    host = TableHost(session, host="127.0.0.1", port=0, drive_every=FRAME)  # as `serve_headless` hosts
    url = f"ws://127.0.0.1:{host.port}"
    players = [TableClient(url, host.code, seat=f"P{i}") for i in range(8)]
    tv = _Watchers(url, host.code, spectators)
    rng = random.Random(5)
    times: list[float] = []
    try:
        end = time.monotonic() + 60
        while any(p.mirror is None for p in players) and time.monotonic() < end:
            for p in players:
                p.pump()
            time.sleep(0.002)
        for _ in range(actions):
            # quiet first: the host waits for a player, and every client and spectator has its whole log
            quiet = time.monotonic() + 10
            while time.monotonic() < quiet:
                for p in players:
                    p.pump()
                n = len(m.log.entries)
                if (session.waiting_for() and all(p.mirror is not None and len(p.mirror.log.entries) == n for p in players)
                        and min(tv.counts) >= n):
                    break
                time.sleep(0.0005)
            st = players[0].mirror.state if players[0].mirror else None
            if st is None or st.is_terminal():
                break
            seat = session.waiting_for()[0]
            action = rng.choice(list(st.legal_actions()))
            t0 = time.perf_counter()
            players[seat].request(action)
            others = [p for i, p in enumerate(players) if i != seat]
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                for p in others:
                    p.pump()
                if all(p.mirror is not None and len(p.mirror.log.entries) > n for p in others) and min(tv.counts) > n:
                    break
                time.sleep(0.0002)
            times.append((time.perf_counter() - t0) * 1000)
            players[seat].pump()
    finally:
        tv.close()
        for p in players:
            p.close()
        host.close()
    return times


def _resident_mib() -> float:
    """This process's resident memory (MiB; where /proc is missing, its peak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def long_match(entries: int) -> Match:
    """A Schock table of 8 remote players whose log already has `entries` entries (random legal actions)."""
    m = Match("schock", [PlayerSpec(f"P{i}", "remote") for i in range(8)], seed=21, games=50 if not entries else 5000)
    rng = random.Random(21)
    while len(m.log.entries) < entries:
        m.apply(rng.choice(list(m.state.legal_actions())))
    return m


def _far_round_trips(spectators: int, actions: int = ACTIONS, processes: int = FAR_PROCESSES,
                     all_read: list[float] | None = None, echo: list[float] | None = None,
                     entries: int = 0, joiners: int = 0, stats: dict[str, float] | None = None) -> list[float]:
    """ms per action at a table of 8 remote players and `spectators`, the clients in `processes`
    processes of their own (`bench.lan_far`) as on other laptops: only the host runs here. With
    `entries` the log is that long before the first action; with `joiners` that many connections
    join the table in a loop meanwhile, from a process of their own (`lan_far.join_loop`), and
    `stats` gets the joins begun, the seconds they ran and what the host grew by."""
    m = long_match(entries)
    session = session_for(m, pace=INSTANT)
    host = TableHost(session, host="127.0.0.1", port=0, drive_every=FRAME)  # as `serve_headless` hosts
    seats: list[int | None] = [*range(8), *([None] * spectators)]
    groups = [seats[k::processes] for k in range(processes)]
    where = {s: k for k, g in enumerate(groups) for s in g if s is not None}
    ctx = multiprocessing.get_context("spawn")
    pipes, procs = [], []
    for g in groups:
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=serve_far, args=(theirs, f"ws://127.0.0.1:{host.port}", host.code, g), daemon=True)
        proc.start()
        pipes.append(mine)
        procs.append(proc)

    def ask(k: int, cmd: tuple[Any, ...]) -> None:
        pipes[k].send(cmd)

    def answer(k: int) -> Any:
        if not pipes[k].poll(60):
            raise RuntimeError("the far clients stopped answering")
        return pipes[k].recv()

    rng = random.Random(5)
    times: list[float] = []
    echoer = _Echo() if echo is not None else None
    joining: Any = None
    try:
        for k in range(processes):
            if answer(k) != "ready":
                raise RuntimeError("the far clients did not join")
        if joiners:
            for k in range(processes):  # every laptop has the whole log before the joins begin
                ask(k, ("quiet", len(m.log.entries)))
            if not all(answer(k) for k in range(processes)):
                raise RuntimeError("a client never had the whole log")
            joining, theirs = ctx.Pipe()
            jproc = ctx.Process(target=join_loop, args=(theirs, f"ws://127.0.0.1:{host.port}", host.code, joiners, JOINS + 1), daemon=True)
            jproc.start()
            procs.append(jproc)
            if not joining.poll(60) or joining.recv() != "ready":
                raise RuntimeError("the joiners did not start")
            began, grown_from, cpu_from = time.monotonic(), _resident_mib(), time.process_time()
            time.sleep(1.0)  # the joins under way
        for _ in range(actions):
            quiet = time.monotonic() + 10
            while not session.waiting_for() and time.monotonic() < quiet:
                time.sleep(0.0005)
            if m.state.is_terminal() or not session.waiting_for():
                break
            n = len(m.log.entries)
            for k in range(processes):
                ask(k, ("quiet", n))
            if not all(answer(k) for k in range(processes)):
                raise RuntimeError("a client lags behind the host's log")
            if echoer is not None and echo is not None:
                echo.extend(echoer.rounds(ECHO_EACH))  # the baseline, at the same moment (not timed with the action)
            seat = session.waiting_for()[0]
            action = rng.choice(list(m.state.legal_actions()))
            for k in range(processes):
                ask(k, ("act", seat, str(action), n) if k == where[seat] else ("expect", n))
            t0, last, read = 0, 0, 0  # ns on the machine's real-time clock (the kernel stamps the arrivals with it)
            for k in range(processes):
                got = answer(k)
                if k == where[seat]:
                    t0, got = got
                if got is None:
                    raise RuntimeError("a client never had the new entry")
                last, read = max(last, got[0]), max(read, got[1])
            times.append((last - t0) / 1e6)
            if all_read is not None:
                all_read.append((read - t0) / 1e6)
        if joining is not None and stats is not None:
            stats["host_growth_mib"] = _resident_mib() - grown_from
            stats["cached_mib"] = sum(map(len, host.encoded_entries())) / 2**20
            joining.send(("stop",))
            if not joining.poll(30):
                raise RuntimeError("the joiners did not stop")
            joins, cpu = joining.recv()
            stats["joins"], stats["seconds"], stats["joiners_cpu_s"] = float(joins), time.monotonic() - began, cpu
            stats["host_cpu_s"] = time.process_time() - cpu_from
    finally:
        if joining is not None:
            with contextlib.suppress(OSError):
                joining.send(("stop",))
        if echoer is not None:
            echoer.close()
        for k in range(processes):
            ask(k, ("stop",))
        for proc in procs:
            proc.join(10)
            if proc.is_alive():
                proc.kill()
        host.close()
    return times


@cache
def _figures() -> dict[str, float]:
    read: list[float] = []
    echo: list[float] = []
    out = {"lan_action_ms": statistics.median(_far_round_trips(20, all_read=read, echo=echo))}
    out["lan_action_all_read_ms"] = statistics.median(read)
    out["baseline_ws_echo_ms"] = statistics.median(echo)
    out["lan_action_one_process_ms"] = statistics.median(_round_trips(20))
    best = 0
    for n in SPECTATORS:
        if statistics.median(_far_round_trips(n, actions=15)) > 50:
            break
        best = n
    out["lan_spectators_at_50ms"] = float(best)
    return out


@cache
def _under_joins() -> dict[str, float]:
    """Issue 28: the first figure's table with a `LONG_LOG`-entry log, while `JOINERS` connections join it in a loop."""
    stats: dict[str, float] = {}
    times = _far_round_trips(20, actions=5 * ACTIONS, entries=LONG_LOG, joiners=JOINERS, stats=stats)
    return {"lan_action_under_joins_ms": statistics.median(times), "lan_joins_per_s": stats["joins"] / stats["seconds"],
            "lan_joins_host_growth_mib": stats["host_growth_mib"], "lan_joins_cached_mib": stats["cached_mib"]}


def lan_action_under_joins_ms() -> float:
    return _under_joins()["lan_action_under_joins_ms"]


def lan_joins_per_s() -> float:
    return _under_joins()["lan_joins_per_s"]


def lan_joins_host_growth_mib() -> float:
    return _under_joins()["lan_joins_host_growth_mib"]


def lan_joins_cached_mib() -> float:
    return _under_joins()["lan_joins_cached_mib"]


def lan_action_ms() -> float:
    return _figures()["lan_action_ms"]


def lan_action_all_read_ms() -> float:
    return _figures()["lan_action_all_read_ms"]


def lan_action_one_process_ms() -> float:
    return _figures()["lan_action_one_process_ms"]


def lan_spectators_at_50ms() -> float:
    return _figures()["lan_spectators_at_50ms"]


if __name__ == "__main__":
    print({**_figures(), **_under_joins()})
