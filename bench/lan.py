"""Network play on loopback (issue 16): how long one action takes from a client through the host
to every other client, and how many spectators one host serves within 50 ms.

- `baseline_ws_echo_ms`: a bare `websockets` echo round trip (server and client as below), median.
- `lan_action_ms`: a Schock table hosted by `TableHost` (its pump and the session's clock on a thread
  of their own, woken by a request or every millisecond, as the headless host is), eight remote players (`TableClient`, each
  mirroring the log) and twenty spectators; from a quiet table (the host waits for a player, every
  client has the whole log) the player on turn asks for a legal action, timed until every other
  client and spectator has the new entry. Median of `ACTIONS` actions.
- `lan_spectators_at_50ms`: the most spectators (of `SPECTATORS`) with which that round trip's
  median stays within 50 ms.
Everything runs in this one process on a 2-core machine (host, clients and the spectators' loop
share the interpreter), so the figures are an upper bound of a host's own cost. Called by
`python -m bench`.
"""
from __future__ import annotations

import asyncio
import json
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
from game.net.host import TableHost
from game.net.protocol import encode
from game.session import INSTANT, session_for

ACTIONS = 40
SPECTATORS = (20, 50, 100, 200, 300)


def baseline_ws_echo_ms(rounds: int = 200) -> float:
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port = [0]
    stop: list[asyncio.Event] = []

    async def echo(ws: Any) -> None:
        async for m in ws:
            await ws.send(m)

    async def main() -> None:
        stop.append(asyncio.Event())
        async with serve(echo, "127.0.0.1", 0) as server:
            port[0] = server.sockets[0].getsockname()[1]
            ready.set()
            await stop[0].wait()

    t = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    t.start()
    ready.wait(10)
    times = []
    with sync_connect(f"ws://127.0.0.1:{port[0]}") as ws:
        for _ in range(rounds):
            t0 = time.perf_counter()
            ws.send('{"type":"act","v":1,"action":"roll"}')
            ws.recv(timeout=10)
            times.append((time.perf_counter() - t0) * 1000)
    loop.call_soon_threadsafe(stop[0].set)
    t.join(5)
    return statistics.median(times)


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
    host = TableHost(session, host="127.0.0.1", port=0)
    running = threading.Event()
    running.set()

    def frames() -> None:  # the host's frame loop
        while running.is_set():
            host.pump()
            session.tick(0.001)
            host.pump()
            host.wait(0.001)  # as the headless host does: a request wakes it

    url = f"ws://127.0.0.1:{host.port}"
    players = [TableClient(url, host.code, seat=f"P{i}") for i in range(8)]
    frame = threading.Thread(target=frames, daemon=True)
    frame.start()
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
        running.clear()
        frame.join(5)
        tv.close()
        for p in players:
            p.close()
        host.close()
    return times


@cache
def _figures() -> dict[str, float]:
    out = {"lan_action_ms": statistics.median(_round_trips(20))}
    best = 0
    for n in SPECTATORS:
        if statistics.median(_round_trips(n, actions=15)) > 50:
            break
        best = n
    out["lan_spectators_at_50ms"] = float(best)
    return out


def lan_action_ms() -> float:
    return _figures()["lan_action_ms"]


def lan_spectators_at_50ms() -> float:
    return _figures()["lan_spectators_at_50ms"]


if __name__ == "__main__":
    print(baseline_ws_echo_ms(), _figures())
