"""The HTTP side of a table's port, attacked with raw sockets against a real host on loopback: it
serves exactly the client's files (no listing, no path outside them however it is spelt), GET and HEAD
only, with a CSP that allows no inline script and cache headers that make a phone ask again; a flood
of requests or an oversized header is answered (429, 4xx) and the table plays on; and neither the
join code nor a seat's token reaches a log line, whatever the program's logging level."""
from __future__ import annotations

import http.client
import json
import logging
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.match import Match, PlayerSpec
from game.net.host import FLOOD, TableHost
from game.net.protocol import MAX_MESSAGE
from game.net.web_files import BURST, CSP, Rate
from game.session import INSTANT, session_for
from tests.net.waiting import WAIT


@pytest.fixture
def table() -> Iterator[TableHost]:
    m = Match("schock", [PlayerSpec("Ann", "remote"), PlayerSpec("Bo", "bot")], seed=3, games=1)
    host = TableHost(session_for(m, pace=INSTANT), host="127.0.0.1", port=0, drive_every=0.005)
    yield host
    host.close()


def raw(host: TableHost, data: bytes, *, source: str = "127.0.0.1") -> bytes:
    """Send `data` as it is and read the whole answer (the server closes after an HTTP answer). Bytes
    without a line's end (a TLS hello) are followed by a half close: the server has all it will get
    (else it waits for the line until its handshake's timeout, 10 s, and then closes)."""
    with socket.create_connection(("127.0.0.1", host.port), timeout=WAIT, source_address=(source, 0)) as s:
        s.sendall(data)
        if b"\n" not in data:
            s.shutdown(socket.SHUT_WR)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            out += chunk
    return out


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.") else 0


def get(host: TableHost, path: str, method: str = "GET", headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    c = http.client.HTTPConnection("127.0.0.1", host.port, timeout=WAIT)
    try:
        c.request(method, path, headers=headers or {})
        r = c.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        c.close()


def test_the_page_and_its_files_are_served_with_csp_no_referrer_and_revalidating_cache_headers(table: TableHost) -> None:
    code, head, body = get(table, "/")
    assert code == 200 and b'<script type="module" src="/main.js">' in body
    assert head["content-type"].startswith("text/html")
    assert head["content-security-policy"] == CSP and "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert "default-src 'none'" in CSP and "frame-ancestors 'none'" in CSP
    assert head["referrer-policy"] == "no-referrer" and head["x-content-type-options"] == "nosniff"
    assert head["cache-control"] == "no-cache" and head["etag"].startswith('"')
    again, head2, body2 = get(table, "/", headers={"If-None-Match": head["etag"]})
    assert again == 304 and body2 == b"" and head2["etag"] == head["etag"]
    js, jhead, _ = get(table, "/main.js")
    assert js == 200 and jhead["content-type"].startswith("text/javascript")
    words, _, wbody = get(table, "/words/de.json")
    assert words == 200 and json.loads(wbody)["Watch"] == "Zuschauen"


def test_head_has_the_headers_and_no_body_and_only_get_and_head_are_allowed(table: TableHost) -> None:
    code, head, body = get(table, "/style.css", "HEAD")
    assert code == 200 and body == b"" and int(head["content-length"]) > 100
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"):
        answer = raw(table, f"{method} /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode())
        assert status(answer) == 405, (method, answer[:80])
        assert b"\r\nAllow: GET, HEAD\r\n" in answer


@pytest.mark.parametrize("path", [
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "//etc/passwd",
    "/..%2f..%2fetc/passwd", "/..\\..\\etc\\passwd", "/%5c..%5c..%5cetc%5cpasswd", "/main.js/../../host.py",
    "/web/main.js", "/game/net/host.py", "/words/", "/words/../main.js", "/words/xx.json", "/.git/config",
    "/index.html%00.js", "/main.js%00", "/static/", "/" + "a" * 5000, "/" + "../" * 1500 + "etc/passwd",
])
def test_no_path_outside_the_client_files_is_served_and_nothing_is_listed(table: TableHost, path: str) -> None:
    answer = raw(table, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    code = status(answer)
    assert code in (400, 404, 414), answer[:120]
    assert b"root:" not in answer and b"import " not in answer and b"[core]" not in answer


def test_a_nul_byte_a_broken_request_line_or_an_oversized_header_is_refused_and_the_table_still_serves(table: TableHost) -> None:
    for bad in (b"GET /ma\x00in.js HTTP/1.1\r\nHost: x\r\n\r\n", b"GET /\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00",
                b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
                b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(500)) + b"\r\n",
                b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n" + b"x" * 60_000,
                b"GET /\xc3\xa4.js HTTP/1.1\r\nHost: x\r\n\r\n", b"GET / HTTP/2.0\r\n\r\n"):
        answer = raw(table, bad, source="127.0.0.9")
        assert status(answer) in (0, 400, 404, 405, 413, 414, 431, 501), answer[:120]
    assert get(table, "/main.js")[0] == 200


def test_a_flood_of_requests_from_one_address_gets_429_and_the_table_plays_on_for_everybody(table: TableHost) -> None:
    codes = [status(raw(table, b"GET /main.js HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.0.7")) for _ in range(BURST + 40)]
    assert codes.count(200) >= BURST - 5 and 429 in codes  # (the bucket refills a little while the burst is sent)
    late = raw(table, b"GET /main.js HTTP/1.1\r\nHost: x\r\n\r\n", source="127.0.0.7")
    assert status(late) in (200, 429) and (status(late) == 200 or b"Retry-After: 1" in late)
    assert table.files.rate.refused > 0
    assert get(table, "/")[0] == 200  # another address is served meanwhile
    with connect(f"ws://127.0.0.1:{table.port}", open_timeout=WAIT) as ws:  # and the table lets a phone in
        ws.send(json.dumps({"type": "hello", "v": 1, "code": table.code, "seat": "Ann", "web": True, "lang": "en"}))
        kinds = [json.loads(ws.recv(timeout=WAIT))["type"] for _ in range(3)]
    assert kinds == ["welcome", "seats", "view"]


def test_the_rate_refills_and_forgets_the_quietest_address_first() -> None:
    r = Rate(burst=3, per_second=1.0, addresses=2)
    assert [r.allow("a", 0.0) for _ in range(4)] == [True, True, True, False]
    assert r.allow("a", 1.0) and not r.allow("a", 1.0)
    r.allow("b", 1.0)
    r.allow("c", 1.0)  # three addresses: "a", the quietest, is forgotten (a fresh burst when it comes back)
    assert list(r._left) == ["b", "c"]  # noqa: SLF001 - the bound on what is kept


class Kept(logging.Handler):
    """Every record any logger emits (the root's handler, at DEBUG)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name} {record.getMessage()} {self.format(record) if record.exc_info else ''}")


@pytest.fixture
def logged() -> Iterator[Kept]:
    """Everything logged while the test runs, with the whole program's logging at DEBUG."""
    root = logging.getLogger()
    kept, level = Kept(), root.level
    root.addHandler(kept)
    root.setLevel(logging.DEBUG)
    yield kept
    root.removeHandler(kept)
    root.setLevel(level)


def test_neither_the_join_code_nor_a_seat_token_reaches_a_log_line_even_at_debug_level(table: TableHost, logged: Kept) -> None:
    url = f"ws://127.0.0.1:{table.port}"
    assert get(table, f"/?code={table.code}")[0] == 200  # (a careless link: the query is no file's name, never logged)
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "code": table.code, "seat": "Ann", "web": True, "lang": "de"}))
        welcome = json.loads(ws.recv(timeout=WAIT))
    token = welcome["token"]
    with connect(url, open_timeout=WAIT) as ws:  # back with the token; then a wrong one
        ws.send(json.dumps({"type": "hello", "v": 1, "code": table.code, "token": token, "web": True, "lang": "de"}))
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "code": table.code, "token": token[::-1], "web": True}))
        assert json.loads(ws.recv(timeout=WAIT))["why"] == "token"
    said = "\n".join(line for line in logged.lines if not line.startswith("websockets.client "))  # (the test's own client)
    assert any("stammtisch.table" in line for line in logged.lines), "the table's server logged nothing: the capture did not work"
    assert table.code not in said and token not in said and token[::-1] not in said


def test_a_browsers_oversized_message_or_message_flood_closes_its_connection_only(table: TableHost) -> None:
    url = f"ws://127.0.0.1:{table.port}"
    hello = json.dumps({"type": "hello", "v": 1, "code": table.code, "watch": True, "web": True, "lang": "en"})
    for flood in (False, True):
        with connect(url, open_timeout=WAIT, max_size=None) as ws:
            ws.send(hello)
            assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"
            try:
                if flood:  # more than FLOOD messages a second
                    for _ in range(FLOOD + 50):
                        ws.send('{"type":"act","v":1,"at":0,"action":"roll"}')
                else:  # more than MAX_MESSAGE bytes in one message
                    ws.send(json.dumps({"type": "act", "v": 1, "at": 0, "action": "x" * (MAX_MESSAGE + 10)}))
                for _ in range(FLOOD + 100):  # (bounded: what was sent before the close)
                    ws.recv(timeout=WAIT)
            except ConnectionClosed as e:
                assert e.rcvd is not None and e.rcvd.code == (1008 if flood else 1009), e
            else:
                raise AssertionError("the connection stayed open")
    assert get(table, "/")[0] == 200  # the table serves on
    with connect(url, open_timeout=WAIT) as ws:
        ws.send(hello)
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "welcome"

