"""The table's door: who is let in, and how the log reaches them on the way in.

- `CodeGate`: join codes wait here until they may be checked. Only wrong codes cost anything: each
  takes a try from its address (`TRIES` at once, then `TRIES_PER_MINUTE`) and from the table as a
  whole (`TABLE_TRIES`, then `TABLE_TRIES_PER_MINUTE`). A code is checked as soon as both have a
  try left – at once, unless somebody is guessing – and a right one then costs nothing: nobody's
  wrong codes refuse it, they can only make it wait its turn. The turn goes to the address with the
  fewest wrong codes lately, then the fewest hellos waiting: a newcomer goes before a guesser.
- `Join`: the log a newcomer needs, sent from the entries the host encoded once (`TableHost` keeps
  their bytes), in chunks of at most `JOIN_CHUNK` bytes: the `welcome` with the first, `entries`
  messages with the rest; the welcome's `upto` says where it ends.
- `Limits`: the numbers above, the length of their minute and the clock they are counted by; a table
  takes the real ones unless it is given others (the tests shorten the minute, so that a window passes
  in a fraction of a second, or step a clock of their own, so that a wait is certain).

The arithmetic (docs/network.md, Security): 31⁶ = 887,503,681 codes; at the table's limit of 60
wrong codes a minute, guessing takes 443,751,841 tries on average, 14 years, and a whole night
(12 hours) of guessing finds the code with a chance of 1 in 20,000.
"""
from __future__ import annotations

import itertools
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Generic, Iterator, TypeVar

from game.net.protocol import VERSION

TRIES = 10  # wrong join codes one address may send at once …
TRIES_PER_MINUTE = 5.0  # … and then a minute
TABLE_TRIES = 60  # wrong join codes the whole table checks at once …
TABLE_TRIES_PER_MINUTE = 60.0  # … and then a minute, from all addresses together
WAITING = 256  # hellos waiting for their code's check at once (beyond: the most suspect one is refused)
WAITING_PER_ADDRESS = 8  # of them from one address
LATELY = 600.0  # seconds an address's wrong codes put it behind the others in the queue
JOIN_CHUNK = 32 * 1024  # bytes of entries in one message of a join (at least one entry)

T = TypeVar("T")


@dataclass
class Bucket:
    """Tries: `burst` at once, refilled at `per_minute` (a minute of `minute` seconds)."""

    burst: float
    per_minute: float
    minute: float = 60.0
    tries: float = -1.0
    at: float = 0.0

    def left(self, now: float) -> float:
        if self.tries < 0:
            self.tries, self.at = self.burst, now
        self.tries = min(self.burst, self.tries + (now - self.at) * self.per_minute / self.minute)
        self.at = now
        return self.tries


@dataclass(frozen=True)
class Limits:
    """How many wrong codes and waiting hellos the door takes, how long its minute is (seconds: the
    per-minute refills and `lately` scale with it), and the clock it reads (seconds, never going back)."""

    tries: int = TRIES
    tries_per_minute: float = TRIES_PER_MINUTE
    table_tries: int = TABLE_TRIES
    table_tries_per_minute: float = TABLE_TRIES_PER_MINUTE
    waiting: int = WAITING
    waiting_per_address: int = WAITING_PER_ADDRESS
    lately: float = LATELY
    minute: float = 60.0
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self) -> None:
        if not (0 < self.minute < 1e9):  # (NaN fails both)
            raise ValueError(f"minute: a positive number of seconds, not {self.minute!r}")

    def bucket(self, table: bool = False) -> Bucket:
        """A fresh bucket of tries: one address's, or (`table`) the whole table's."""
        if table:
            return Bucket(self.table_tries, self.table_tries_per_minute, self.minute)
        return Bucket(self.tries, self.tries_per_minute, self.minute)

    def recent(self) -> float:
        """Seconds an address's wrong codes put it behind the others (`lately`, in this minute's scale)."""
        return self.lately * self.minute / 60.0


@dataclass
class _Address:
    bucket: Bucket
    wrong: deque[float] = field(default_factory=deque)  # when its wrong codes came (the last `Limits.lately` seconds)
    waiting: int = 0


class CodeGate(Generic[T]):
    """Hellos (`T`, the host's own) waiting for their join code to be checked, under `limits`."""

    def __init__(self, limits: Limits = Limits()) -> None:
        self.limits = limits
        self._lately = limits.recent()
        self.table = limits.bucket(table=True)
        self.now = limits.clock  # the time the caller passes on (`knock`, `due`, `wrong`)
        self._addresses: dict[str, _Address] = {}
        self._waiting: list[tuple[int, str, T]] = []  # (arrival, address, hello)
        self._seq = itertools.count()

    def __len__(self) -> int:
        return len(self._waiting)

    def _at(self, address: str) -> _Address:
        a = self._addresses.get(address)
        if a is None:
            a = self._addresses[address] = _Address(self.limits.bucket())
        return a

    def knock(self, address: str, hello: T, now: float) -> list[tuple[T, str]]:
        """`hello` waits its turn; what must be refused now to make room (the hello and why)."""
        a = self._at(address)
        if a.waiting >= self.limits.waiting_per_address:
            return [(hello, "too many hellos wait from this address: try again in a minute")]
        a.waiting += 1
        self._waiting.append((next(self._seq), address, hello))
        out: list[tuple[T, str]] = []
        if len(self._waiting) > self.limits.waiting:  # the most suspect waiting one gives way
            worst = max(self._waiting, key=lambda w: self._rank(w, now))
            self._drop(worst)
            out.append((worst[2], "too many hellos wait at this table: try again in a minute"))
        return out

    def _rank(self, w: tuple[int, str, T], now: float) -> tuple[int, int, int]:
        a = self._addresses[w[1]]
        while a.wrong and now - a.wrong[0] > self._lately:
            a.wrong.popleft()
        return (len(a.wrong), a.waiting, w[0])

    def _drop(self, w: tuple[int, str, T]) -> None:
        self._waiting.remove(w)
        self._addresses[w[1]].waiting -= 1

    def due(self, now: float) -> Iterator[T]:
        """The hellos whose code may be checked now, best first; the caller checks each one and calls
        `wrong` for a wrong code before it asks for the next."""
        while self._waiting and self.table.left(now) >= 1:
            ready = [w for w in self._waiting if self._addresses[w[1]].bucket.left(now) >= 1]
            if not ready:
                break
            best = min(ready, key=lambda w: self._rank(w, now))
            self._drop(best)
            yield best[2]
        if len(self._addresses) > 4 * self.limits.waiting:
            self._forget_idle(now)

    def wrong(self, address: str, now: float) -> None:
        """A wrong code from `address`: one try less for it and for the table."""
        a = self._at(address)
        a.bucket.left(now)
        a.bucket.tries -= 1
        a.wrong.append(now)
        self.table.left(now)
        self.table.tries -= 1

    def forget(self, which: Callable[[T], bool]) -> None:
        """Hellos that wait no more (their connection is gone)."""
        for w in [w for w in self._waiting if which(w[2])]:
            self._drop(w)

    def _forget_idle(self, now: float) -> None:
        for address, a in list(self._addresses.items()):
            if not a.waiting and a.bucket.left(now) >= a.bucket.burst and not (a.wrong and now - a.wrong[-1] <= self._lately):
                del self._addresses[address]


@dataclass
class Join:
    """A newcomer's share of the log: entries `at` to `upto` of `parts` (the entries as the host
    encoded them; the host never cuts that list while it is sent, it starts another), after `head`
    (the welcome's text without its entries and closing brace)."""

    head: bytes
    parts: list[bytes]
    at: int
    upto: int

    def chunks(self) -> Iterator[bytes]:
        """The messages, each with at most `JOIN_CHUNK` bytes of entries (one entry at least)."""
        i, first = self.at, True
        while first or i < self.upto:
            j, size = i, 0
            while j < self.upto and (j == i or size + len(self.parts[j]) < JOIN_CHUNK):
                size += len(self.parts[j]) + 1
                j += 1
            body = b",".join(self.parts[i:j])
            if first:
                yield self.head + b',"entries":[' + body + b"]}"
            else:
                yield b'{"type":"entries","v":%d,"at":%d,"entries":[' % (VERSION, i) + body + b"]}"
            first, i = False, j


__all__ = ["CodeGate", "JOIN_CHUNK", "Join", "Limits", "TABLE_TRIES", "TABLE_TRIES_PER_MINUTE", "TRIES", "TRIES_PER_MINUTE"]
