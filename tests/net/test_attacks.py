"""A hosted table nobody can kill or steal a seat of (issue 28, items 1 and 5), on loopback, every wait
bounded, no fixed port: text that cannot be encoded (a lone UTF-16 surrogate, sent as the JSON escape
`\\ud800`) is refused at the door in every text field of every message – the host logs nothing of it and
plays on –, and a seat's token is its token exactly (compared in constant time)."""
from __future__ import annotations

import hmac
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net import protocol
from game.net.client import Gone, Refused, TableClient
from game.net.host import TableHost
from game.net.protocol import BadMessage, decode, encode
from game.rules.challenge import challengeable
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT, until

ROOT = Path(__file__).resolve().parent.parent.parent
LONE = "\\ud800"  # the JSON escape of half a surrogate pair, as an attacker writes it into a message
SAID = "half of a surrogate pair"  # what the host's refusal says of it


def refusals(c: TableClient, *pumps: Any) -> list[Refused]:
    return until(lambda: [e for e in c.pump() if isinstance(e, Refused)], *pumps)  # type: ignore[no-any-return]


# --- item 1: a lone surrogate kills no host -------------------------------------------------------------


def test_a_challenge_whose_reason_is_a_lone_surrogate_is_refused_and_the_headless_host_plays_on() -> None:
    """The attack of issue 28: Ann's laptop challenges a drink ruling (in her own name) with the reason
    `"\\ud800"`. The host refuses the message at the door and keeps serving; before, it logged the
    challenge, could not encode the batch for the clients and exited 70 – every client lost the table."""
    host = subprocess.Popen([sys.executable, "main.py", "host", "racerbile", "--headless", "--bind", "127.0.0.1", "--port", "0",
                             "--track", "babybane", "--variant", "racerbile", "--players", "Ann:remote,Bo:careful", "--seed", "7",
                             "--timeout", "120", "--no-announce"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ann: TableClient | None = None
    try:
        assert host.stdout is not None
        line = host.stdout.readline().split()
        assert line[:1] == ["table"], host.stderr.read() if host.poll() is not None and host.stderr else line
        ann = TableClient(line[1], line[3], seat="Ann")
        c = ann
        until(lambda: c.mirror is not None, c.pump)
        m = c.mirror
        assert m is not None
        sent = False
        asked = -1  # the log's length when Ann last asked (she asks again once the host ruled)
        refused: list[Refused] = []
        gone: list[Gone] = []

        def step() -> bool:
            """Play Ann's seat until a drink ruling stands and it is her turn; then the attack."""
            nonlocal sent, asked
            events = c.pump()
            refused.extend(e for e in events if isinstance(e, Refused) and sent)
            gone.extend(e for e in events if isinstance(e, Gone))
            if gone or host.poll() is not None:
                return True
            st = m.state
            if sent or st.current_player() != 0 or st.is_terminal() or asked == len(m.log.entries):
                return sent and bool(refused)
            drinks = challengeable(m.log.entries)
            if drinks:
                i, j, _r = drinks[0]
                c._send(f'{{"type":"act","v":1,"at":{c.position},"action":"challenge {i}.{j} by Ann: 0 sips to Ann - {LONE}"}}')  # noqa: SLF001 - the attacker's bytes
                sent = True
            else:
                asked = len(m.log.entries)
                c.request(next(iter(st.legal_actions())))
            return False

        until(step)
        if gone or host.poll() is not None:
            code = host.wait(WAIT)
            raise AssertionError(f"the table is gone ({gone}), the host exited {code}: {host.stderr.read() if host.stderr else ''}")
        assert refused and SAID in refused[0].reason and "action" in refused[0].reason
        assert all("\\ud800" not in e.action and "\ud800" not in e.action for e in m.log.entries)
        n = len(m.log.entries)
        c.request(next(iter(m.state.legal_actions())))  # the table plays on
        until(lambda: len(m.log.entries) > n and host.poll() is None, c.pump)
    finally:
        if ann is not None:
            ann.close()
        if host.poll() is None:
            host.kill()
        host.wait(WAIT)


@pytest.fixture
def table() -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Ben", "remote"), PlayerSpec("Cem", "bot")], seed=4)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)  # (as a headless host)
    yield host
    host.close()


def url(host: TableHost) -> str:
    return f"ws://127.0.0.1:{host.port}"


# every text field of every message a client sends, with a lone surrogate in it (a JSON escape)
BAD_TEXT = {
    "hello code": '{"type":"hello","v":1,"code":"AB\\ud800","watch":true}',
    "hello seat": '{"type":"hello","v":1,"code":"CODE","seat":"Ann\\udc80"}',
    "hello token": '{"type":"hello","v":1,"code":"CODE","token":"\\ud800tok"}',
    "act action": '{"type":"act","v":1,"action":"roll \\ud800"}',
    "act detail": '{"type":"act","v":1,"action":"roll","detail":{"why":["\\udfff"]}}',
    "act detail field name": '{"type":"act","v":1,"action":"roll","detail":{"\\ud800":1}}',
    "launch player": '{"type":"launch","v":1,"player":"\\ud800","release":[0,0,0],"velocity":[1,0,1]}',
    "defend defender": '{"type":"defend","v":1,"how":"swat","ball":1,"defender":"Cem\\ud800"}',
    "act unread x": '{"type":"act","v":1,"action":"roll","x":"\\ud800"}',
}


@pytest.mark.parametrize("field", list(BAD_TEXT))
def test_a_lone_surrogate_in_any_text_field_is_refused_at_the_door_with_a_reason(table: TableHost, field: str) -> None:
    def then(ws: Any, reply: dict[str, Any]) -> None:
        assert reply["type"] == "refused" and SAID in reply["reason"] and field.split()[-1] in reply["reason"] and not reply["fatal"], reply
        ws.send(encode("hello", code=table.code, watch=True))  # the same connection, let in now
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"

    sent_beside_ann(table, BAD_TEXT[field], then)


def sent_beside_ann(table: TableHost, raw: str, then: Any) -> None:
    """Ann plays at the table; another connection sends `raw` (CODE: the table's code) and `then(ws,
    reply)` checks the host's answer; then Ann rolls and the table rules it: the host plays on."""
    ann = TableClient(url(table), table.code, seat="Ann")
    until(lambda: ann.mirror is not None, ann.pump, table.pump)
    with connect(url(table), open_timeout=WAIT) as ws:
        ws.send(raw.replace("CODE", table.code))
        then(ws, json.loads(ws.recv(timeout=WAIT)))
    ann.request("roll")  # and the table plays on
    until(lambda: len(table.session.match.log.entries) > 1, table.pump, ann.pump)
    ann.close()


def test_a_paired_surrogate_escape_is_text_and_passes() -> None:
    """An emoji written as its two escapes (`\\ud83c\\udfb2`) is text: only half a pair is refused."""
    msg = decode('{"type":"act","v":1,"at":2,"action":"challenge 1.1 by Ann: 1 sip to Ann - \\ud83c\\udfb2"}')
    assert msg["action"].endswith("\U0001F3B2")
    with pytest.raises(BadMessage, match=SAID):
        decode('{"type":"act","v":1,"action":"x \\ud83c"}')


# --- item 5: a seat's token, exactly -------------------------------------------------------------------


@pytest.mark.parametrize("change", ["upper", "lower", "swapcase", "padded"])
def test_a_token_that_differs_in_case_or_spaces_takes_no_seat(table: TableHost, change: str) -> None:
    """The attack of issue 28: Ben's token upper-cased took Ben's seat. A token is its token exactly."""
    ben = TableClient(url(table), table.code, seat="Ben")
    until(lambda: ben.token is not None, ben.pump, table.pump)
    token = str(ben.token)
    forged = f" {token} " if change == "padded" else getattr(token, change)()
    assert forged != token
    thief = TableClient(url(table), table.code, token=forged)
    got = refusals(thief, table.pump)
    assert got[0].fatal and "token holds no seat" in got[0].reason and thief.index is None
    assert table.connected()[1] is True  # Ben still plays his seat
    thief.close()
    back = TableClient(url(table), table.code, token=token)  # the token itself still does
    until(lambda: back.index == 1, back.pump, table.pump)
    for c in (ben, back):
        c.close()


def test_tokens_and_codes_are_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch, table: TableHost) -> None:
    """Both secrets go through `hmac.compare_digest` (no timing tells how much of one was right)."""
    seen: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        seen.append((a, b))
        return real(a, b)

    monkeypatch.setattr(protocol.hmac, "compare_digest", spy)
    ben = TableClient(url(table), table.code.lower(), seat="Ben")  # a code is typed: its case does not matter
    until(lambda: ben.token is not None, ben.pump, table.pump)
    seen.clear()
    again = TableClient(url(table), table.code, token=str(ben.token))
    until(lambda: again.index == 1, again.pump, table.pump)
    assert (str(ben.token).encode(), str(ben.token).encode()) in seen
    for c in (ben, again):
        c.close()


# --- numbers too large for a float (a JSON integer of hundreds of digits) ----------------------------------

HUGE = "1" + "0" * 400  # valid JSON, a Python int: `math.isfinite` on it raised OverflowError

BAD_NUMBERS = {
    "launch release": '{"type":"launch","v":1,"player":"Ann","release":[HUGE,0,0],"velocity":[1,0,1]}',
    "launch velocity": '{"type":"launch","v":1,"player":"Ann","release":[0,0,0],"velocity":[1,-HUGE,1]}',
    "launch spin": '{"type":"launch","v":1,"player":"Ann","release":[0,0,0],"velocity":[1,0,1],"spin":[0,0,HUGE]}',
    "hello have": '{"type":"hello","v":1,"code":"CODE","watch":true,"have":HUGE}',
}


@pytest.mark.parametrize("field", list(BAD_NUMBERS))
def test_a_number_too_large_for_a_float_is_refused_at_the_door_and_the_host_plays_on(table: TableHost, field: str) -> None:
    """A 401-digit integer where the protocol wants a coordinate, a speed or a count is refused with a
    reason (before, checking it raised OverflowError inside the host's reader); the table plays on."""
    def then(ws: Any, reply: dict[str, Any]) -> None:
        assert reply["type"] == "refused" and field.split()[-1] in reply["reason"], reply

    sent_beside_ann(table, BAD_NUMBERS[field].replace("HUGE", HUGE), then)


def test_a_mirrored_event_with_a_number_too_large_for_a_float_is_no_event() -> None:
    """The client's side: an event of the live table whose coordinate is a 401-digit integer is dropped,
    not an OverflowError in the client."""
    from game.net.mirror_table import decode_event

    fine = {"event": "TableBounce", "t": 1.0, "x": 0.5, "y": 0.1, "ball": 1}
    assert decode_event(fine) is not None
    for key in ("t", "x", "y"):
        assert decode_event({**fine, key: int(HUGE)}) is None
        assert decode_event({**fine, key: -int(HUGE)}) is None


def test_a_picture_of_the_table_with_a_point_too_large_for_a_float_is_left_out() -> None:
    from game.net.mirror_table import MirrorTable

    table = MirrorTable()
    table.show({"balls": [{"id": 1, "pos": [0.1, 0.2, 0.3]}]})
    assert len(table.balls()) == 1
    table.show({"balls": [{"id": 1, "pos": [int(HUGE), 0, 0]}]})  # no OverflowError: the picture is left out
    assert len(table.balls()) == 1
