"""The join code's limits (issue 28, item 4), against a real host on loopback from several addresses
(127.0.0.2, 127.0.0.3, … are all loopback on Linux): wrong codes are limited per address and for the
table as a whole, and neither limit ever refuses a right code or a seat's valid token.

The host has the real limits and a clock the test steps (`tests.net.waiting.Clock`): what the door
holds back stays held until the test moves the clock on, so a wait is certain and costs no time. A
hello held back is seen by a second hello on its connection ("one hello at a time": the host handles a
connection's messages in order, so the first was still waiting). The arithmetic alone: test_gate."""
from __future__ import annotations

import asyncio
import json
import sys
from typing import Any, Iterator, Sequence

import pytest
from websockets.asyncio.client import connect as aconnect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net.gate import TRIES_PER_MINUTE, Limits
from game.net.host import TABLE_TRIES, TABLE_TRIES_PER_MINUTE, TRIES, TableHost
from game.net.protocol import CODE_ALPHABET, encode
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT, Clock, until

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="127.0.0.x beyond 127.0.0.1 is loopback on Linux")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def table(clock: Clock) -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote"), PlayerSpec("Cy", "bot")], seed=4)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.01, limits=Limits(clock=clock))
    yield host
    host.close()


def wrong(code: str, i: int) -> str:
    """A wrong code (the `i`th of them)."""
    n = len(CODE_ALPHABET)
    guess = "".join(CODE_ALPHABET[(i // n**k) % n] for k in range(6))
    return guess if guess != code else guess[::-1] + "X"


def hello(host: TableHost, source: str, **fields: Any) -> dict[str, Any]:
    """One hello from address `source`: the host's first answer."""
    with connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None, source_address=(source, 0)) as ws:
        ws.send(encode("hello", **fields))
        answer: dict[str, Any] = json.loads(ws.recv(timeout=WAIT))
        return answer


def checked(host: TableHost) -> int:
    """Wrong codes the host has checked (and refused)."""
    return sum(r == "wrong join code" for r in host.refusals)


def held(host: TableHost, source: str, clock: Clock, seconds: float, **fields: Any) -> dict[str, Any]:
    """One hello from `source` that the door holds back until the clock has moved on by `seconds`
    (a second hello on the connection meanwhile is told so): the host's answer then."""
    with connect(f"ws://127.0.0.1:{host.port}", open_timeout=WAIT, max_size=None, source_address=(source, 0)) as ws:
        ws.send(encode("hello", **fields))
        ws.send(encode("hello", **fields))
        meanwhile = json.loads(ws.recv(timeout=WAIT))
        assert meanwhile["type"] == "refused" and "one hello at a time" in meanwhile["reason"] and not meanwhile["fatal"], meanwhile
        clock.advance(seconds)
        answer: dict[str, Any] = json.loads(ws.recv(timeout=WAIT))
        return answer


def test_wrong_codes_from_a_shared_address_lock_out_neither_the_right_code_nor_a_seats_token(table: TableHost, clock: Clock) -> None:
    ann = hello(table, "127.0.0.2", code=table.code, seat="Ann")
    assert ann["type"] == "welcome" and ann["token"]
    for i in range(TRIES):  # somebody at the same address (the pub's one) mistypes, again and again
        got = hello(table, "127.0.0.2", code=wrong(table.code, i), watch=True)
        assert got["type"] == "refused" and got["reason"] == "wrong join code" and got["fatal"]
    window = 60.0 / TRIES_PER_MINUTE  # the address's next try
    got = held(table, "127.0.0.2", clock, window, code=wrong(table.code, TRIES), watch=True)  # one more waits for it
    assert got["reason"] == "wrong join code" and checked(table) == TRIES + 1
    assert hello(table, "127.0.0.3", code=table.code, watch=True)["type"] == "welcome"  # the right code from another address: at once
    back = hello(table, "127.0.0.2", code=table.code, token=ann["token"])  # Ann comes back with her token: at once
    assert back["type"] == "welcome" and back["seat"] == "Ann"
    assert held(table, "127.0.0.2", clock, window, code=table.code, seat="Bo")["type"] == "welcome"  # the right code, same address: its turn
    assert checked(table) == TRIES + 1


async def _guess(port: int, source: str, code: str, knocked: list[str]) -> str | None:
    """One hello from `source` (noted in `knocked` once sent); the host's answer (a refusal's reason),
    or None when it could not connect (under load the host may close a handshake that took too long)."""
    try:
        async with aconnect(f"ws://127.0.0.1:{port}", open_timeout=WAIT, local_addr=(source, 0)) as ws:
            await ws.send(encode("hello", code=code, watch=True))
            knocked.append(source)
            msg = json.loads(await ws.recv())
            return str(msg.get("reason") or msg["type"])
    except (TimeoutError, ConnectionClosed, OSError, InvalidHandshake):
        return None


async def _spent(table: TableHost, guesses: Sequence[asyncio.Future[str | None]], knocked: list[str]) -> None:
    """Until every guess has knocked (or could not connect), the host has taken each hello (checked or
    waiting), and the table's wrong codes are spent: the rest wait."""
    for _ in range(int(WAIT / 0.01)):  # (bounded)
        failed = sum(1 for g in guesses if g.done() and g.result() is None)
        if len(knocked) + failed == len(guesses) and len(table.refusals) + len(table._gate) == len(knocked):  # noqa: SLF001
            if checked(table) >= TABLE_TRIES:
                return
        await asyncio.sleep(0.01)
    raise AssertionError(f"not within {WAIT} s: {len(knocked)} of {len(guesses)} guesses knocked, {checked(table)} checked")


def test_a_table_wide_limit_slows_a_brute_force_across_50_addresses_and_the_right_code_gets_in(table: TableHost, clock: Clock) -> None:
    """Three wrong codes from each of 50 addresses (each may send ten at once: 500 together): the
    table checks `TABLE_TRIES` at once, then `TABLE_TRIES_PER_MINUTE` a minute; a newcomer's right code
    goes before the guessers, and a returning seat's token is let in at once. (The guesses stay under
    `WAITING`, so that none is refused for the queue's length: the queue's bound is test_gate's.)"""
    ann = hello(table, "127.0.0.2", code=table.code, seat="Ann")
    addresses = [f"127.0.{1 + i // 250}.{2 + i % 250}" for i in range(50)]
    knocked: list[str] = []

    async def attack() -> tuple[str, str, list[str | None]]:
        guesses = [asyncio.ensure_future(_guess(table.port, a, wrong(table.code, 3 * i + k), knocked))
                   for i, a in enumerate(addresses) for k in range(3)]
        await _spent(table, guesses, knocked)
        assert checked(table) == TABLE_TRIES  # the attack is on: the table's limit is spent, the clock stands
        back = await asyncio.to_thread(hello, table, "127.0.9.10", code=table.code, token=ann["token"])
        assert checked(table) == TABLE_TRIES
        # a machine of its own: its right code waits for the table's next try, and goes first
        came = await asyncio.to_thread(held, table, "127.0.9.9", clock, 60.0 / TABLE_TRIES_PER_MINUTE, code=table.code, watch=True)
        clock.advance(60.0)  # a minute: a minute's tries, no more
        await asyncio.to_thread(until, lambda: checked(table) >= TABLE_TRIES + 1 + TABLE_TRIES_PER_MINUTE)
        await asyncio.sleep(0.1)
        for g in guesses:
            g.cancel()
        answers = await asyncio.gather(*guesses, return_exceptions=True)
        return str(came.get("reason") or came["type"]), str(back.get("seat")), [a for a in answers if not isinstance(a, BaseException)]

    newcomer, back, answers = asyncio.run(attack())
    assert newcomer == "welcome" and back == "Ann"
    assert "welcome" not in answers and answers.count("wrong join code") <= checked(table)
    assert checked(table) == TABLE_TRIES + 1 + TABLE_TRIES_PER_MINUTE  # (the newcomer's right code cost no try: one guess had it)


def test_a_hello_waiting_for_its_check_is_answered_in_turn_and_a_second_one_meanwhile_is_refused(table: TableHost, clock: Clock) -> None:
    """While the table's wrong codes are spent (somebody guessed from seven addresses), a newcomer's
    hello waits for its check; a second hello on the same connection meanwhile is refused, not fatally,
    and the first is answered in its turn, before the guessers': the newcomer is in."""
    knocked: list[str] = []

    async def attack() -> dict[str, Any]:
        guesses = [asyncio.ensure_future(_guess(table.port, f"127.0.3.{2 + i // TRIES}", wrong(table.code, i), knocked))
                   for i in range(TABLE_TRIES + TRIES)]
        await _spent(table, guesses, knocked)
        came = await asyncio.to_thread(held, table, "127.0.4.2", clock, 60.0 / TABLE_TRIES_PER_MINUTE, code=table.code, watch=True)
        for g in guesses:
            g.cancel()
        await asyncio.gather(*guesses, return_exceptions=True)
        return came

    assert asyncio.run(attack())["type"] == "welcome"
    assert checked(table) <= TABLE_TRIES + 1  # (the newcomer's right code cost no try: one guess may have had it)
