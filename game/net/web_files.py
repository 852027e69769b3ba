"""The browser client's files, served over plain HTTP on the table's own port.

The `websockets` server answers a request that is not a WebSocket upgrade through `answer` (its
`process_request` hook): so the page, its scripts and the table's messages share one port, one
firewall rule and one origin, with no second server. What it serves is exactly the client's files –
the files of `game/web/` (by name, listed once when the table opens) and the page's words per
language (`/words/<lang>.json`, from the same catalogues as the windows) – nothing else: no listing,
no path outside them (a path is a key in that list, never joined onto a folder), GET and HEAD only.

Every answer carries a Content-Security-Policy that allows the page's own files and its own
WebSocket only (no inline script, no other origin), `Referrer-Policy: no-referrer`, `nosniff`, and
`Cache-Control: no-cache` with an ETag: a browser asks again each time and is told "304 not
modified" for what it holds, so a phone never runs an old client against a new host. The join code
travels in the address's fragment (`/#K7QX2P`), which a browser never sends: it appears in no request
line, no log and no Referer.
"""
from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.i18n import LANGUAGES, web_words

WEB = Path(__file__).resolve().parent.parent / "web"  # the client's files (shipped inside the package)
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
MAX_PATH = 256  # characters a file's path may have (longer: 414)
# requests for files one address may make: a burst (a page and its dozen files, loaded a few times
# over), then a steady rate – a phone never needs more; beyond, "429 Too Many Requests" at once
BURST = 120
PER_SECOND = 20.0
ADDRESSES = 4096  # addresses whose requests are counted at once (the quietest is forgotten first)


@dataclass(frozen=True)
class File:
    body: bytes
    type: str
    etag: str


def _file(body: bytes, kind: str) -> File:
    return File(body, kind, '"' + hashlib.sha256(body).hexdigest()[:24] + '"')


def client_files(folder: Path = WEB) -> dict[str, File]:
    """path → file, for every file of the client (read once: a table serves what it opened with)."""
    files: dict[str, File] = {}
    for p in sorted(folder.iterdir()):
        if p.is_file() and p.suffix in TYPES:
            files["/" + p.name] = _file(p.read_bytes(), TYPES[p.suffix])
    if "/index.html" in files:
        files["/"] = files["/index.html"]
    for code in LANGUAGES:
        body = json.dumps(web_words(code), ensure_ascii=False, sort_keys=True).encode()
        files[f"/words/{code}.json"] = _file(body, TYPES[".json"])
    return files


def _headers(*pairs: tuple[str, str]) -> Headers:
    return Headers([*pairs, ("Content-Security-Policy", CSP), ("Referrer-Policy", "no-referrer"),
                    ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
                    ("Cross-Origin-Opener-Policy", "same-origin")])


def _plain(status: int, reason: str, text: str, *extra: tuple[str, str]) -> Response:
    body = (text + "\n").encode()
    return Response(status, reason, _headers(("Content-Type", "text/plain; charset=utf-8"),
                                             ("Content-Length", str(len(body))), ("Cache-Control", "no-store"), *extra), body)


class Rate:
    """Requests per address: `burst` at once, refilled at `per_second` (a token bucket per address)."""

    def __init__(self, burst: int = BURST, per_second: float = PER_SECOND, addresses: int = ADDRESSES) -> None:
        self.burst, self.per_second, self.addresses = burst, per_second, addresses
        self._left: dict[str, tuple[float, float]] = {}  # address → (requests left, when counted), oldest first
        self.refused = 0

    def allow(self, address: str, now: float) -> bool:
        left, then = self._left.pop(address, (float(self.burst), now))
        left = min(float(self.burst), left + (now - then) * self.per_second)
        ok = left >= 1.0
        self._left[address] = (left - 1.0 if ok else left, now)  # (moved to the end: the newest)
        while len(self._left) > self.addresses:
            del self._left[next(iter(self._left))]
        if not ok:
            self.refused += 1
        return ok


class WebFiles:
    """The `process_request` hook of a table's server: a WebSocket upgrade goes on to the table,
    anything else is answered here (`Rate` requests a second per address at most)."""

    def __init__(self, files: dict[str, File] | None = None, rate: Rate | None = None) -> None:
        self.files = client_files() if files is None else files
        self.rate = rate or Rate()
        self.served = 0  # answers given (the host's view, the tests)

    def __call__(self, connection: Any, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        peer = getattr(connection, "remote_address", None)
        if not self.rate.allow(str(peer[0]) if peer else "?", time.monotonic()):
            return _plain(429, "Too Many Requests", "too many requests: wait a second", ("Retry-After", "1"))
        return self.answer(getattr(request, "method", "GET"), request.path, request.headers)

    def answer(self, method: str, target: str, headers: Headers) -> Response:
        """The answer to `method target` (target: the request line's path, with any query)."""
        self.served += 1
        if method not in ("GET", "HEAD"):
            return _plain(405, "Method Not Allowed", "only GET and HEAD", ("Allow", "GET, HEAD"))
        path = target.split("?", 1)[0]
        if len(path) > MAX_PATH:
            return _plain(414, "URI Too Long", "no file has a name that long")
        f = self.files.get(path)
        if f is None:
            return _plain(404, "Not Found", "not found")
        common = (("ETag", f.etag), ("Cache-Control", "no-cache"))
        if f.etag in [t.strip() for t in headers.get("If-None-Match", "").split(",")]:
            return Response(304, "Not Modified", _headers(*common), b"")
        head = _headers(("Content-Type", f.type), ("Content-Length", str(len(f.body))), *common)
        return Response(200, "OK", head, b"" if method == "HEAD" else f.body)


def quiet_logger() -> logging.Logger:
    """The table server's logger: never below INFO, whatever the program's logging says – its DEBUG
    lines would show every message's text (a hello's join code, a welcome's seat token)."""
    log = logging.getLogger("stammtisch.table")
    log.setLevel(logging.INFO)
    return log


def join_url(ws_address: str, code: str) -> str:
    """The address a phone opens (the QR code's): the table's page, the join code in the fragment
    – `ws://192.168.1.20:47474` → `http://192.168.1.20:47474/#K7QX2P`."""
    return "http://" + ws_address.removeprefix("ws://").rstrip("/") + "/#" + code


def short_address(ws_address: str) -> str:
    """The page's address as a person types it: `http://192.168.1.20:47474`."""
    return "http://" + ws_address.removeprefix("ws://").rstrip("/")
