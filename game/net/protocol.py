"""The table's messages: small JSON objects with a `type` and the protocol version `v`.

Client → host: `hello` (the join code, a seat's name, `judge` or `watch`, a seat's token to come back,
`have`: the entries it holds), `act` (an action in the public notation, for its own seat), and at
Bierpong `launch` (a ball let go: the player, release point, velocity, spin) and `defend` (a swat or
a catch of a ball in play). `act`, `launch` and `defend` carry `at`: the log position they were made
at (the entries the sender's table held); the host refuses one the table has moved on from
(`game.net.host`).
Host → client: `welcome` (the seat and its token, the log's header and the entries missing),
`entries` (new entries from `at`), `rewound` (the log cut back to `length`), at Bierpong `table`
(the balls in play on the host's live table, about 30 times a second), `refused` (a reason;
the connection stays), `seats` (who is connected), `bye` (the match is over or the host stops).
Entries travel as the log writes them (`Entry.to_dict`). Every message is checked here before
anything acts on it; a bad one is a `BadMessage` with the reason sent back.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import secrets
import string
import threading
from typing import Any, Callable, Coroutine

from game.i18n import LANGUAGES

VERSION = 1
MAX_MESSAGE = 64 * 1024  # bytes a message may have (a frame beyond it closes the connection)
CODE_LENGTH = 6
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1L")  # read aloud, typed on a phone
MAX_NAME = 64
MAX_ACTION = 2048


class BadMessage(ValueError):
    """A message the host or a client refuses: the reason, to send back."""


def new_code() -> str:
    """A fresh join code: six characters, easy to read out."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat's secret: whoever holds it plays the seat (and comes back to it)."""
    return secrets.token_urlsafe(18)


def _same(given: str, expected: str) -> bool:
    """Compared in constant time (no timing tells how much of a secret was right)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def same_code(given: str, expected: str) -> bool:
    """A join code as typed (read aloud, typed on a phone): its case and the spaces around it do not matter."""
    return _same(given.strip().upper(), expected.upper())


def same_token(given: str, expected: str) -> bool:
    """A seat's token, exactly as the host gave it (nobody types it: any other spelling is another token)."""
    return _same(given, expected)


def encode(kind: str, **fields: Any) -> str:
    """A message's text; one holding text no UTF-8 encoder takes (a lone surrogate, typed or echoed)
    is written in escapes instead, so it is sent, not a crash of the connection's thread."""
    message = {"type": kind, "v": VERSION, **fields}
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode()
    except UnicodeEncodeError:
        return json.dumps(message, separators=(",", ":"))
    return text


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no number a message may hold")


def strict_json(raw: str | bytes) -> Any:
    """Strict JSON of a message: no NaN or Infinity; nesting too deep or a number of thousands of
    digits is a `BadMessage` too (not a crash of the reader)."""
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as e:  # (JSONDecodeError is a ValueError)
        raise BadMessage(f"not JSON: {e}") from None
    except RecursionError:
        raise BadMessage("not JSON this table reads: nested too deep") from None


def decode(raw: str | bytes) -> dict[str, Any]:
    """A message as sent: valid JSON, an object, of this version and a known type, fields checked."""
    if len(raw) > MAX_MESSAGE:
        raise BadMessage(f"a message may have at most {MAX_MESSAGE} bytes")
    msg = strict_json(raw)
    if not isinstance(msg, dict):
        raise BadMessage("a message is a JSON object")
    if msg.get("v") != VERSION:
        raise BadMessage(f"protocol version {msg.get('v')!r}; this table speaks {VERSION}")
    kind = msg.get("type")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise BadMessage(f"unknown message type {kind!r}")
    _no_lone_surrogates(msg, str(kind))
    check(msg)
    return msg


def _no_lone_surrogates(msg: dict[str, Any], kind: str) -> None:
    """Every text of a message (fields' names and values, however deep) is text that can be written
    out again: half of a UTF-16 surrogate pair alone (the JSON escape `\\ud800`) is refused at the
    door – logged, it would break every message that carries it on. (A walk without recursion: a
    message nested as deep as JSON allows is walked too.)"""
    todo: list[tuple[Any, str]] = [(msg, "")]
    while todo:
        value, path = todo.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as e:
                bad = ascii(value[e.start])[1:-1]
                raise BadMessage(f"{kind}: {path or 'a text'} holds half of a surrogate pair alone ({bad}): that is no text") from None
        elif isinstance(value, dict):
            for k, v in value.items():  # (the name is looked at first: a path never holds a bad one)
                todo.append((v, f"{path}.{k}" if path else str(k)))
                todo.append((k, f"a field's name in {path}" if path else "a field's name"))
        elif isinstance(value, list):
            todo.extend((v, path) for v in value)


def _text(msg: dict[str, Any], key: str, limit: int, *, optional: bool = False) -> None:
    v = msg.get(key)
    if v is None and optional:
        return
    if not isinstance(v, str) or not v or len(v) > limit:
        raise BadMessage(f"{msg['type']}: {key} must be a text of 1 to {limit} characters")


def _count(msg: dict[str, Any], key: str) -> None:
    v = msg.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 10_000_000:
        raise BadMessage(f"{msg['type']}: {key} must be a whole number ≥ 0")


def _hello(msg: dict[str, Any]) -> None:
    _text(msg, "code", 32)
    _text(msg, "seat", MAX_NAME, optional=True)
    _text(msg, "token", 64, optional=True)
    _count(msg, "have")
    if not isinstance(msg.get("watch", False), bool):
        raise BadMessage("hello: watch is true or false")
    if not isinstance(msg.get("judge", False), bool):
        raise BadMessage("hello: judge is true or false")
    if not isinstance(msg.get("web", False), bool):
        raise BadMessage("hello: web is true or false")
    lang = msg.get("lang", "en")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadMessage(f"hello: lang is one of {', '.join(LANGUAGES)}")
    if sum(bool(msg.get(k)) for k in ("watch", "seat", "judge")) > 1:
        raise BadMessage("hello: a seat, the judges' seat or watch – one of them")


MAX_POSITION = 10_000_000  # entries a log may have, as far as a message's position goes


def _position(msg: dict[str, Any]) -> None:
    """`at`: the log position an intent was made at – the number of entries the sender's table held."""
    if "at" not in msg:
        raise BadMessage(f"{msg['type']}: at is missing (the log position it was made at: the entries the table held)")
    v = msg["at"]
    if not number_within(v, MAX_POSITION) or not isinstance(v, int) or v < 0:
        raise BadMessage(f"{msg['type']}: at must be a whole number from 0 to {MAX_POSITION} (the log position it was made at)")


def _act(msg: dict[str, Any]) -> None:
    _text(msg, "action", MAX_ACTION)
    if msg.get("detail") is not None and not isinstance(msg["detail"], dict):
        raise BadMessage("act: detail is a JSON object")
    _position(msg)


MAX_COORD = 10.0  # m: no release point lies further from the table's origin
MAX_SPEED = 30.0  # m/s: no throw is faster
MAX_SPIN = 500.0  # rad/s


def number_within(x: Any, limit: float) -> bool:
    """`x` is a JSON number of at most `limit` either way. (The comparison comes first: it is exact for
    an integer of any length, where `math.isfinite` raises OverflowError, and false for NaN and ±inf.)"""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) <= limit


def _vector(msg: dict[str, Any], key: str, limit: float, *, optional: bool = False) -> None:
    v = msg.get(key)
    if v is None and optional:
        return
    if not isinstance(v, list) or len(v) != 3 or not all(number_within(x, limit) for x in v):
        raise BadMessage(f"{msg['type']}: {key} must be three finite numbers of at most {limit:g} each")


def _launch(msg: dict[str, Any]) -> None:
    _text(msg, "player", MAX_NAME)
    _vector(msg, "release", MAX_COORD)
    _vector(msg, "velocity", MAX_SPEED)
    _vector(msg, "spin", MAX_SPIN, optional=True)
    _position(msg)


def _defend(msg: dict[str, Any]) -> None:
    _text(msg, "defender", MAX_NAME)
    if msg.get("how") not in ("swat", "catch"):
        raise BadMessage("defend: how is swat or catch")
    _count(msg, "ball")
    _position(msg)


def _any(msg: dict[str, Any]) -> None:
    pass


_CHECKS = {"hello": _hello, "act": _act, "launch": _launch, "defend": _defend, "table": _any, "welcome": _any, "entries": _any, "rewound": _any, "refused": _any,
           "seats": _any, "bye": _any}


def run_loop(loop: asyncio.AbstractEventLoop, main: Callable[[], Coroutine[Any, Any, None]], ready: threading.Event) -> None:
    """A connection's thread: run `main()` on `loop` to its end, then say ready (if it never did) and close it."""
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(main())
    finally:
        ready.set()
        loop.close()
