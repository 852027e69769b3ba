"""The join code's limits (issue 28, item 4), against a real host on loopback from several addresses
(127.0.0.2, 127.0.0.3, … are all loopback on Linux): wrong codes are limited per address and for the
table as a whole, and neither limit ever refuses a right code or a seat's valid token."""
from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any, Iterator

import pytest
from websockets.asyncio.client import connect as aconnect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net.host import TABLE_TRIES, TABLE_TRIES_PER_MINUTE, TRIES, TableHost
from game.net.protocol import CODE_ALPHABET, encode
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="127.0.0.x beyond 127.0.0.1 is loopback on Linux")


@pytest.fixture
def table() -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "remote"), PlayerSpec("Cy", "bot")], seed=4)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.01)
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


def test_wrong_codes_from_a_shared_address_lock_out_neither_the_right_code_nor_a_seats_token(table: TableHost) -> None:
    ann = hello(table, "127.0.0.2", code=table.code, seat="Ann")
    assert ann["type"] == "welcome" and ann["token"]
    for i in range(TRIES):  # somebody at the same address (the pub's one) mistypes, again and again
        got = hello(table, "127.0.0.2", code=wrong(table.code, i), watch=True)
        assert got["type"] == "refused" and got["reason"] == "wrong join code" and got["fatal"]
    assert hello(table, "127.0.0.2", code=table.code, seat="Bo")["type"] == "welcome"  # the right code, same address
    assert hello(table, "127.0.0.3", code=table.code, watch=True)["type"] == "welcome"  # and from another one
    back = hello(table, "127.0.0.2", code=table.code, token=ann["token"])  # Ann comes back with her token
    assert back["type"] == "welcome" and back["seat"] == "Ann"
    assert checked(table) == TRIES


async def _guess(port: int, source: str, code: str, hold: float) -> str | None:
    """One hello from `source`; the host's answer (a refusal's reason) within `hold` seconds (None: none came)."""
    try:
        async with aconnect(f"ws://127.0.0.1:{port}", open_timeout=WAIT, local_addr=(source, 0)) as ws:
            await ws.send(encode("hello", code=code, watch=True))
            msg = json.loads(await asyncio.wait_for(ws.recv(), hold))
            return str(msg.get("reason") or msg["type"])
    except (TimeoutError, ConnectionClosed, OSError, InvalidHandshake):  # (no answer: under load the host may
        return None  # close a handshake that took longer than its opening timeout – that guess is not checked)


def test_a_table_wide_limit_slows_a_brute_force_across_200_addresses_and_the_right_code_gets_in(table: TableHost) -> None:
    """1,000 wrong codes from 200 addresses (five each, as many as one address may send at once): the
    table checks `TABLE_TRIES` at once, then `TABLE_TRIES_PER_MINUTE` a minute; a newcomer's right
    code and a returning seat's token are let in meanwhile."""
    ann = hello(table, "127.0.0.2", code=table.code, seat="Ann")
    addresses = [f"127.0.{1 + i // 250}.{2 + i % 250}" for i in range(200)]

    async def attack() -> tuple[list[str | None], str | None, str | None, float]:
        t0 = time.monotonic()
        guesses = [asyncio.ensure_future(_guess(table.port, a, wrong(table.code, 5 * i + k), 4.0))
                   for i, a in enumerate(addresses) for k in range(5)]
        await asyncio.sleep(1.0)  # the attack is on: the table's limit is spent
        came = await asyncio.to_thread(hello, table, "127.0.9.9", code=table.code, watch=True)  # (a machine of its own)
        newcomer = str(came.get("reason") or came["type"])
        back = await asyncio.to_thread(hello, table, "127.0.9.10", code=table.code, token=ann["token"])
        answers = await asyncio.gather(*guesses)
        return answers, newcomer, str(back.get("seat")), time.monotonic() - t0

    answers, newcomer, back, seconds = asyncio.run(attack())
    assert newcomer == "welcome" and back == "Ann"
    assert "welcome" not in answers and answers.count("wrong join code") <= checked(table)  # (one may be checked as its guesser gives up)
    assert checked(table) <= TABLE_TRIES + TABLE_TRIES_PER_MINUTE * seconds / 60 + 1, f"{checked(table)} wrong codes checked in {seconds:.1f} s"


def test_a_hello_waiting_for_its_check_is_answered_in_turn_and_a_second_one_meanwhile_is_refused(table: TableHost) -> None:
    """While the table's wrong codes are spent (somebody guessed from seven addresses), a newcomer's
    hello waits for its check; a second hello on the same connection meanwhile is refused, not fatally,
    and the first is answered in its turn: the newcomer is in."""

    async def attack() -> list[str | None]:
        guesses = [asyncio.ensure_future(_guess(table.port, f"127.0.3.{2 + i // TRIES}", wrong(table.code, i), 6.0))
                   for i in range(TABLE_TRIES + TRIES)]
        for _ in range(3000):  # (bounded) until the table's wrong codes are spent
            if checked(table) >= TABLE_TRIES:
                break
            await asyncio.sleep(0.01)
        answers = await asyncio.to_thread(twice)
        await asyncio.gather(*guesses)
        return answers

    def twice() -> list[str | None]:
        with connect(f"ws://127.0.0.1:{table.port}", open_timeout=WAIT, max_size=None, source_address=("127.0.4.2", 0)) as ws:
            ws.send(encode("hello", code=table.code, watch=True))
            ws.send(encode("hello", code=table.code, watch=True))
            got = [json.loads(ws.recv(timeout=WAIT)) for _ in range(2)]
            return [m.get("reason") if m["type"] == "refused" and not m["fatal"] else m["type"] for m in got]

    first, second = asyncio.run(attack())
    assert first is not None and "one hello at a time" in first and second == "welcome"
