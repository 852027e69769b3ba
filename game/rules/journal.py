"""The match journal: an autosave of the match log that survives a crash at any moment.

JSON Lines, append-only: the header (format, game, players, profile, seed, settings) on the
first line, then one line per log entry, the match's start first. Every entry is written in one
piece, flushed and fsync'ed before the action counts as done; so a killed process or a power cut
loses at most the action that was being written. An entry counts once its line ends: reading
drops a torn last line (an action not completely written was not completed) and reports any
other damage as `file:line:column: message`. A rewrite (undo, or continuing a loaded match) is
atomic, as every save is (`game.fileio.atomic_write`).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from game.errors import InputError
from game.fileio import atomic_write
from game.rules.matchlog import Entry, MatchLog

FORMAT = "stammtisch-journal/1"


def header_line(log: MatchLog) -> str:
    head = {"format": FORMAT, "game": log.game, "players": log.players, "profile": log.profile, "seed": log.seed, "settings": log.settings}
    return json.dumps(head, ensure_ascii=False, separators=(",", ":")) + "\n"


def entry_line(entry: Entry) -> str:
    return json.dumps(entry.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n"


def journal_text(log: MatchLog) -> str:
    """The whole journal of a log, as a rewrite puts it on disk."""
    return header_line(log) + "".join(entry_line(e) for e in log.entries)


class Journal:
    """An open journal: `append` each new entry; `rewrite` after an undo."""

    def __init__(self, path: str | Path, log: MatchLog) -> None:
        """Start a journal holding `log` (replacing any file at `path`, atomically)."""
        self.path = Path(path)
        self._file: IO[bytes] | None = None
        self.rewrite(log)

    def append(self, entry: Entry) -> None:
        """Write one entry and make it durable before returning."""
        if self._file is None:
            raise ValueError(f"the journal {self.path} is closed")
        data = entry_line(entry).encode("utf-8")
        view = memoryview(data)
        while view:
            n = self._file.write(view)
            view = view[n or 0 :]
        os.fsync(self._file.fileno())

    def rewrite(self, log: MatchLog) -> None:
        """Replace the journal by `log` as a whole (undo goes back; a loaded match drops a torn tail)."""
        self.close()
        atomic_write(self.path, journal_text(log))
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # left by a rewrite a crash cut short
            stale.unlink(missing_ok=True)
        self._file = open(self.path, "ab", buffering=0)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


@dataclass(frozen=True)
class JournalRead:
    """A journal as read: its log, and whether a torn last line was dropped."""

    log: MatchLog
    torn: bool = False


def is_journal(path: str | Path) -> bool:
    """Whether the file starts as a journal does (a header line of this format)."""
    try:
        with open(path, "rb") as f:
            first = f.readline(1 << 20)
    except OSError:
        return False
    try:
        head = json.loads(first.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(head, dict) and head.get("format") == FORMAT


def read_journal(path: str | Path) -> JournalRead:
    """Read a journal; a torn last line is dropped, any other damage is an `InputError` with its place."""
    file = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read the journal: {e.strerror or e}", file) from None
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: empty, or a line whose writing was cut off
    torn = bool(tail)
    if not lines:
        raise InputError("not a match journal: no complete header line", file)
    values = [_line_value(raw, n, file) for n, raw in enumerate(lines, start=1)]
    head = values[0]
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        got = head.get("format") if isinstance(head, dict) else None
        raise InputError(f"not a match journal: format {got!r}, expected {FORMAT!r}", file, 1, 1)
    try:
        log = MatchLog(str(head["game"]), list(head["players"]), dict(head["profile"]), int(head["seed"]), dict(head.get("settings", {})))
    except (KeyError, TypeError, ValueError) as e:
        raise InputError(f"the journal's header lacks or garbles a field: {e}", file, 1, 1) from None
    for n, value in enumerate(values[1:], start=2):
        try:
            if not isinstance(value, dict):
                raise TypeError("an entry is a JSON object")
            entry = Entry.from_dict(value)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise InputError(f"the journal is damaged: entry {n - 1} lacks or garbles a field ({e})", file, n, 1) from None
        log.append(entry)
    if not log.entries:
        raise InputError("the journal holds no entry: not even the match's start", file, len(lines), 1)
    return JournalRead(log, torn)


def _line_value(raw: bytes, n: int, file: str) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        col = len(raw[: e.start].decode("utf-8", "replace")) + 1
        raise InputError("the journal is damaged: not UTF-8 text", file, n, col) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"the journal is damaged: {e.msg}", file, n, e.colno) from None
