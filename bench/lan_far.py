"""The laptops of `bench.lan`, in processes of their own (issue 16): eight players and the spectators
connect to the host as the other machines at a table would, spread over a few processes so that
their reading runs side by side as on separate laptops (not one after another in one interpreter).
Each action is timed from the moment the player on turn sends it until the last other connection has
the new entry, on the machine's monotonic clock (`time.perf_counter`, one clock for every process).
The bench's process plays the host and tells these, through pipes and outside the timed part, which
seat asks for which action.
"""
from __future__ import annotations

import asyncio
import json
import time
from multiprocessing.connection import Connection
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect

from game.net.protocol import encode


class _Far:
    """Some of the table's connections: `seats` (player index or None for a spectator)."""

    def __init__(self, url: str, code: str, seats: list[int | None]) -> None:
        self.url, self.code, self.seats = url, code, seats
        self.counts = [-1] * len(seats)
        self.last = [0.0] * len(seats)  # when each connection last grew
        self.socks: list[ClientConnection] = []
        self.changed = asyncio.Event()

    async def _reader(self, i: int, ws: ClientConnection) -> None:
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind in ("welcome", "entries"):
                self.counts[i] = int(msg["at"]) + len(msg["entries"])
                self.last[i] = time.perf_counter()
                self.changed.set()
            elif kind == "bye":
                return

    async def join(self) -> list[asyncio.Task[None]]:
        for seat in self.seats:
            ws = await connect(self.url, max_size=None, compression=None)
            await ws.send(encode("hello", code=self.code, **({"seat": f"P{seat}"} if seat is not None else {"watch": True})))
            self.socks.append(ws)
        tasks = [asyncio.ensure_future(self._reader(i, ws)) for i, ws in enumerate(self.socks)]
        await self.until(lambda: min(self.counts) >= 0, 60)
        return tasks

    async def until(self, done: Callable[[], bool], timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while not done():
            self.changed.clear()
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    async def command(self, cmd: tuple[Any, ...]) -> Any:
        kind = cmd[0]
        if kind == "quiet":  # every connection here has the whole log
            return await self.until(lambda: min(self.counts) >= cmd[1])
        if kind == "act":  # (seat, action, n): send it, then wait for the others here; (t0, their last arrival)
            _, seat, action, n = cmd
            mine = self.seats.index(seat)
            t0 = time.perf_counter()
            await self.socks[mine].send(encode("act", action=action))
            others = [i for i in range(len(self.seats)) if i != mine]
            ok = await self.until(lambda: all(self.counts[i] > n for i in others))
            return (t0, max((self.last[i] for i in others), default=t0) if ok else float("nan"))
        if kind == "expect":  # (n): when the last connection here had entry n + 1
            ok = await self.until(lambda: min(self.counts) > cmd[1])
            return max(self.last) if ok else float("nan")
        raise ValueError(kind)


def serve_far(pipe: Connection, url: str, code: str, seats: list[int | None]) -> None:
    """A child's main: join with `seats`, say "ready", then answer each command until ("stop",)."""

    async def main() -> None:
        far = _Far(url, code, seats)
        tasks = await far.join()
        pipe.send("ready")
        loop = asyncio.get_running_loop()
        while True:
            got = asyncio.Event()
            loop.add_reader(pipe.fileno(), got.set)
            await got.wait()
            loop.remove_reader(pipe.fileno())
            while pipe.poll():
                cmd = pipe.recv()
                if cmd[0] == "stop":
                    for ws in far.socks:
                        await ws.close()
                    for t in tasks:
                        t.cancel()
                    return
                pipe.send(await far.command(cmd))

    asyncio.run(main())
