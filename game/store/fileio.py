"""Files in and out safely: every file is read by `read_file` (a regular file, of a bounded size,
never a FIFO or a device that blocks or never ends); a save is whole or not there at all."""
from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from game.errors import InputError

MB = 1 << 20
TEXT_LIMIT = 4 * MB  # records, tracks, profiles, settings, bookmarks, tournaments, shot files
SAVE_LIMIT = 256 * MB  # saves and journals (a 24-hour Le Mans of 95,000 entries is about 20 MB)


def _size(n: int) -> str:
    return f"{n / MB:g} MB" if n >= MB else f"{n} bytes"


def read_file(path: str | Path, limit: int = TEXT_LIMIT) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (`read_file_stat`)."""
    return read_file_stat(path, limit)[0]


def read_file_stat(path: str | Path, limit: int = TEXT_LIMIT) -> tuple[bytes, os.stat_result]:
    """The bytes (and the status as opened) of a regular file of at most `limit` bytes; anything else is an `InputError` naming
    it: a folder, a FIFO, a device (`/dev/zero`, also behind a symlink), a file too big. The file is
    opened without blocking (a FIFO put there after the check cannot hang the reader) and read no
    further than the limit (a file that grows while it is read cannot exhaust the memory)."""
    file = str(path)
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", file) from None
    _check(st, file, limit)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", file) from None
    try:
        st = os.fstat(fd)
        _check(st, file, limit)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        parts = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(MB, limit + 1 - got))
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", file) from None
    finally:
        os.close(fd)
    if got > limit:
        raise InputError(f"the file is larger than {_size(limit)}, the most this program reads", file)
    return b"".join(parts), st


def check_file(path: str | Path, limit: int = TEXT_LIMIT) -> os.stat_result:
    """The status of a file `read_file` would read; an `InputError` naming `path` as given if not."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", str(path)) from None
    _check(st, str(path), limit)
    return st


def _check(st: os.stat_result, file: str, limit: int) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise InputError("cannot read the file: it is a folder", file)
    if not stat.S_ISREG(st.st_mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode) else "not a regular file"
        raise InputError(f"cannot read the file: it is {kind}, not a regular file", file)
    if st.st_size > limit:
        raise InputError(f"the file is larger than {_size(limit)} ({_size(st.st_size)}), the most this program reads", file)


def decode_text(data: bytes, file: str) -> str:
    """UTF-8 text without NUL bytes; a bad byte is an `InputError` at its line and column."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = place(data[: e.start].decode("utf-8", "replace"))
        raise InputError(f"not UTF-8 text: the byte 0x{data[e.start]:02x} cannot be read", file, line, col) from None
    nul = text.find("\0")
    if nul >= 0:
        line, col = place(text[:nul])
        raise InputError("a NUL byte: this is not a text file", file, line, col)
    return text


def place(before: str) -> tuple[int, int]:
    """The line and column (from 1) just after the text `before`."""
    line = before.count("\n") + 1
    return line, len(before) - (before.rfind("\n") + 1) + 1


def read_text(path: str | Path, limit: int = TEXT_LIMIT) -> str:
    """A text file's text (`read_file`, then UTF-8 without NUL bytes); every problem an `InputError`."""
    return decode_text(read_file(path, limit), str(path))


def synced_temp(path: str | Path, data: str) -> Path:
    """Write `data` to a fresh temporary file beside `path` (`.<name>.*.tmp`), flushed and synced;
    the caller renames it into place (or removes it)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _discard(tmp)
        raise
    return Path(tmp)


def sync_folder(folder: str | Path) -> None:
    """Make renames and removals in `folder` durable (where the platform can sync a folder)."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:  # pragma: no cover - not every platform syncs folders
        pass


def atomic_write(path: str | Path, data: str) -> None:
    """Write `data` so that `path` holds either the old or the whole new text, never a part.

    A temporary file in the same folder is written, flushed and synced, then renamed over.
    """
    p = Path(path)
    tmp = synced_temp(p, data)
    try:
        os.replace(tmp, p)
    except BaseException:
        _discard(tmp)
        raise
    sync_folder(p.parent)


def _discard(tmp: str | Path) -> None:
    """A temporary file that will not be renamed into place goes (gone already: nothing to do)."""
    try:
        os.unlink(tmp)
    except OSError:
        pass


def write_keeping_backup(path: str | Path, data: str, backup: str | Path) -> None:
    """Write `data` to `path` and keep the text it replaces as `backup`.

    Order: the new text goes to a synced temporary file; the current `path` is renamed to `backup`;
    the temporary file is renamed to `path`; the folder is synced. At every moment `path` or
    `backup` is a whole file (a crash between the renames leaves only `backup`).
    """
    p = Path(path)
    tmp = synced_temp(p, data)
    try:
        try:
            os.replace(p, backup)
        except FileNotFoundError:
            pass
        os.replace(tmp, p)
    except BaseException:
        _discard(tmp)
        raise
    sync_folder(p.parent)


JSON_DEPTH = 64  # lists and objects inside each other: none of our files needs more than a few
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|([\[{])|([\]}])|(-?Infinity|NaN)|(-?\d{400,})|(-?\d+(?:\.\d+)?[eE][+-]?\d{3,})')


def _refused_constant(name: str) -> Any:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise _NotFinite(text)
    return v


class _NotFinite(ValueError):
    pass


def load_json(text: str, file: str, line: int = 1) -> Any:
    """Strict JSON (the text of line `line` on, for a journal's line): no NaN or Infinity, no number
    too large for a float or of thousands of digits, no nesting too deep for the reader (reported
    where it passes `JSON_DEPTH`). Every problem is an `InputError` at its line and column."""
    try:
        value = json.loads(text, parse_constant=_refused_constant, parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise InputError(e.msg, file, line + e.lineno - 1, e.colno) from None
    except (ValueError, RecursionError) as e:
        at, why = _json_problem(text)
        if at is None:
            at, why = 0, f"not valid JSON: {e}"
        ln, col = place(text[:at])
        raise InputError(why, file, line + ln - 1, col) from None
    at = lone_surrogate(text)
    if at is not None:
        ln, col = place(text[:at])
        raise InputError(f"{text[at:at + 6]} is half of a surrogate pair alone: no text (nothing could write it out again)",
                         file, line + ln - 1, col)
    return value


# a JSON escape of a backslash (skipped), of a whole surrogate pair (text), or of half of one alone
_SURROGATE = re.compile(r"\\(?:\\|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(u[dD][89a-fA-F][0-9a-fA-F]{2}))")


def lone_surrogate(text: str) -> int | None:
    """Where JSON `text` escapes half of a UTF-16 surrogate pair alone (`\\ud800`): strict JSON
    readers take it, but it is no text – a name holding it breaks every file and message it goes
    into. None: there is none."""
    if "\\u" not in text:
        return None
    for m in _SURROGATE.finditer(text):
        if m.group(1):
            return m.start()
    return None


def _json_problem(text: str) -> tuple[int | None, str]:
    """Where strict JSON fails other than in its syntax: the place and what is wrong."""
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        if m.group(1):
            depth += 1
            if depth > JSON_DEPTH:
                return m.start(), f"nested more than {JSON_DEPTH} deep: no file of this program is"
        elif m.group(2):
            depth -= 1
        elif m.group(3):
            return m.start(), f"{m.group(3)} is not a number this program accepts (only finite numbers)"
        elif m.group(4):
            return m.start(), f"a number of {len(m.group(4).lstrip('-'))} digits: far too large"
        elif m.group(5) and not math.isfinite(float(m.group(5))):
            return m.start(), f"{m.group(5)} is too large a number"
    return None, ""


def read_index(path: str | Path, fmt: str) -> dict[str, dict[str, Any]]:
    """An index file beside saves (file name -> what it held), of format `fmt`: empty when it is
    missing, garbled, of another format or no regular file of a bounded size (never waited on)."""
    try:
        data = json.loads(read_text(path, MB))
        if isinstance(data, dict) and data.get("format") == fmt and isinstance(data.get("files"), dict):
            return {str(k): v for k, v in data["files"].items() if isinstance(v, dict)}
    except (OSError, ValueError, RecursionError, InputError):
        pass
    return {}
