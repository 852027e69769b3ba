"""The match journal: an autosave of the match log that survives a crash at any moment.

JSON Lines, append-only: the header (format, game, players, profile, seed, settings) on the
first line, then one line per log entry, the match's start first. Every entry is written in one
piece, flushed and fsync'ed before the action counts as done; so a killed process or a power cut
loses at most the action that was being written. An entry counts once its line ends: reading
drops a torn last line (an action not completely written was not completed) and reports any
other damage as `file:line:column: message`. A rewrite (undo, or continuing a loaded match) is
atomic, as every save is (`game.store.fileio.atomic_write`).

An undo may instead append a mark `{"undo":n}`: the entries after the first n are undone (the
autosave does so, `game.store.autosave`, and compacts the journal by a rewrite once it is much longer
than the log).
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable

from game.errors import InputError
from game.store.fileio import SAVE_LIMIT, atomic_write, load_json, read_file_stat
from game.gcpause import paused_gc
from game.rules.matchlog import Entry, MatchLog, check_header

FORMAT = "stammtisch-journal/1"
COMPACT_SLACK = 256  # lines a journal may hold beyond twice its log before it is written whole again


def header_line(log: MatchLog) -> str:
    head = {"format": FORMAT, "game": log.game, "players": log.players, "profile": log.profile, "seed": log.seed, "settings": log.settings}
    return json.dumps(head, ensure_ascii=False, separators=(",", ":")) + "\n"


_last_line: tuple[Entry, str] | None = None  # the line last made: the autosave and its snapshot both want it


def entry_line(entry: Entry) -> str:
    """The journal line of an entry (the last one made is kept: entries are immutable)."""
    global _last_line
    got = _last_line
    if got is not None and got[0] is entry:
        return got[1]
    line = json.dumps(entry.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n"
    _last_line = (entry, line)
    return line


def undo_line(n: int) -> str:
    """The mark that undoes every entry after the first `n`."""
    return f'{{"undo":{int(n)}}}\n'


# An appended line is on the disk when its data and the file's new length are: `fdatasync` says so
# without also writing the times of the file (an append-only log's usual sync); `fsync` where a system
# has no `fdatasync`.
sync_data = getattr(os, "fdatasync", os.fsync)


def write_durably(file: IO[bytes], data: bytes) -> None:
    """Write all of `data` to an unbuffered file and sync it to the disk before returning."""
    view = memoryview(data)
    while view:
        n = file.write(view)
        view = view[n or 0 :]
    sync_data(file.fileno())


def journal_text(log: MatchLog) -> str:
    """The whole journal of a log, as a rewrite puts it on disk."""
    return header_line(log) + "".join(entry_line(e) for e in log.entries)


class Journal:
    """An open journal: `append` each new entry; `rewrite` after an undo.

    A write that fails (a full disk, a folder gone read-only) never leaves a torn line: the file is
    cut back to its last complete line and the entries not written are kept (`behind`); every later
    `append` or `rewrite` tries again, and the first that succeeds catches the file up. `error` is
    the failure while the journal is behind (None once it holds the whole log again)."""

    written: Callable[[], None] | None = None  # told after an `append` once the journal holds the whole log (the snapshot's keep)

    def __init__(self, path: str | Path, log: MatchLog) -> None:
        """Start a journal holding `log` (replacing any file at `path`, atomically; an `OSError`
        if it cannot be written at all)."""
        self.path = Path(path)
        self._file: IO[bytes] | None = None
        self._written: list[Entry] = []  # the log the file stands for
        self._lines = 0  # lines after the header: entries and undo marks
        self._head: str | None = None
        self._end = 0  # the bytes of the file's complete lines
        self._pending: list[Entry] = []  # appended after `_written`, not on disk yet (a write failed)
        self._want: MatchLog | None = None  # a whole rewrite still to do (it failed)
        self._meta = _meta(log)
        self.error: OSError | None = None
        self._replace(header_line(log), list(log.entries), strict=True)

    @classmethod
    def resume(cls, path: str | Path, log: MatchLog, read: JournalRead) -> Journal:
        """Go on appending to the journal `read` came from, holding `log` (its log, replayed), without
        writing it again – a torn last line is cut off first; if the file changed since it was read
        it is written whole, as `Journal(path, log)` does."""
        self = cls.__new__(cls)
        self.path = Path(path)
        self._file = None
        self._written, self._lines, self._head, self._end = [], 0, None, 0
        self._pending, self._want, self.error, self._meta = [], None, None, _meta(log)
        try:
            st = os.stat(self.path)
            if read.stamp and [st.st_ino, st.st_size, st.st_mtime_ns] == list(read.stamp) and len(read.log.entries) == len(log.entries):
                if read.end != st.st_size:
                    os.truncate(self.path, read.end)
                self._file = open(self.path, "ab", buffering=0)
                if read.end != st.st_size:
                    os.fsync(self._file.fileno())
                self._written, self._lines, self._head, self._end = list(log.entries), read.lines, header_line(log), read.end
                return self
        except OSError:
            self.close()
        self._replace(header_line(log), list(log.entries), strict=True)
        return self

    @property
    def behind(self) -> bool:
        """Entries of the log are not on disk yet (a write failed; the next one tries again)."""
        return bool(self._pending) or self._want is not None

    def append(self, entry: Entry) -> None:
        """Write one entry (and any still behind) and make it durable before returning; a failed
        write leaves the file as it was and keeps the entry for the next try (`error`)."""
        self._append(entry)
        if self.written is not None and not self.behind:
            self.written()

    def _append(self, entry: Entry) -> None:
        if self._want is not None:
            self._want.entries.append(entry)
            self.rewrite(self._want)
            return
        if self._file is None:
            raise ValueError(f"the journal {self.path} is closed")
        self._pending.append(entry)
        data = "".join(entry_line(e) for e in self._pending).encode("utf-8")
        if self._write(data):
            self._written.extend(self._pending)
            self._lines += len(self._pending)
            self._pending = []
        elif self._file is None:  # not even cut back: the whole journal is written at the next try
            self._want = MatchLog(*self._meta, entries=self._written + self._pending)
            self._pending = []

    def _write(self, data: bytes) -> bool:
        """Append `data` durably; on failure cut the file back to its last complete line (False)."""
        assert self._file is not None
        try:
            write_durably(self._file, data)
        except OSError as e:
            self.error = e
            try:
                os.ftruncate(self._file.fileno(), self._end)
                os.fsync(self._file.fileno())
            except OSError:  # the file may hold a torn line: only a whole rewrite will do (closed)
                self.close()
            return False
        self._end += len(data)
        self.error = None
        return True

    def rewrite(self, log: MatchLog) -> None:
        """Bring the journal to `log` (undo goes back; a loaded match drops a torn tail): an open
        journal whose log shares a start with `log` gets an undo mark and the entries after it,
        synced; else – or once it would be much longer than the log – it is replaced as a whole."""
        head = header_line(log)
        self._pending, self._want, self._meta = [], None, _meta(log)
        if self._file is not None and head == self._head:
            k = common_prefix(self._written, log.entries)
            new = log.entries[k:]
            if k >= 1 and self._lines + 1 + len(new) <= 2 * len(log.entries) + COMPACT_SLACK:
                data = (undo_line(k) if k < len(self._written) else "") + "".join(entry_line(e) for e in new)
                if not data or self._write(data.encode("utf-8")):
                    self._lines += data.count("\n")
                    del self._written[k:]
                    self._written.extend(new)
                    return
        self._replace(head, list(log.entries), log=log)

    def _replace(self, head: str, entries: list[Entry], *, strict: bool = False, log: MatchLog | None = None) -> None:
        """Write the whole journal anew (atomically). A failure raises when `strict` (a journal
        just begun), else it keeps the old file and leaves the rewrite for the next write."""
        self.close()
        text = head + "".join(entry_line(e) for e in entries)
        try:
            atomic_write(self.path, text)
            self._file = open(self.path, "ab", buffering=0)
        except OSError as e:
            if strict:
                raise
            self.error = e
            if log is not None:
                self._want = log.prefix(len(log.entries))
            return
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # left by a rewrite a crash cut short
            stale.unlink(missing_ok=True)
        self._written, self._lines, self._head = list(entries), len(entries), head
        self._end = len(text.encode("utf-8"))
        self.error = None

    def catch_up(self) -> bool:
        """Try once more to write what is behind (True: the journal holds the whole log)."""
        if self._want is not None:
            self.rewrite(self._want)
        elif self._pending and self._file is not None:
            data = "".join(entry_line(e) for e in self._pending).encode("utf-8")
            if self._write(data):
                self._written.extend(self._pending)
                self._lines += len(self._pending)
                self._pending = []
        return not self.behind

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _meta(log: MatchLog) -> tuple[str, list[Any], dict[str, Any], int, dict[str, Any]]:
    """What a log holds besides its entries (its header)."""
    return (log.game, log.players, log.profile, log.seed, log.settings)


def common_prefix(written: list[Entry], entries: list[Entry]) -> int:
    """How many entries `entries` shares with `written` from the start. Entries are only ever
    appended or a prefix taken (sharing the objects), so from the last very same object back all
    are the same; after it (an undo replays from a checkpoint) they are compared."""
    top = min(len(written), len(entries))
    k = j = top
    while j > 0 and entries[j - 1] is not written[j - 1]:
        if entries[j - 1] != written[j - 1]:
            k = j - 1
        j -= 1
    return k


@dataclass(frozen=True)
class JournalRead:
    """A journal as read: its log, whether a torn last line was dropped, how many lines follow the
    header (entries and undo marks: more than the log's entries once something was undone), and
    `end`, the byte length of its complete lines (where the next line goes)."""

    log: MatchLog
    torn: bool = False
    lines: int = 0
    end: int = 0
    places: tuple[int, ...] = ()  # the line of each of the log's entries (entry i: places[i - 1])
    stamp: tuple[int, ...] = ()  # the file's inode, size and mtime (ns) as it was read

    def placed(self, e: InputError) -> InputError:
        """A replay error of "entry i" placed at the line that holds that entry."""
        n = e.message.removeprefix("entry ").partition(" ")[0].rstrip(":")
        if n.isdigit() and 1 <= int(n) <= len(self.places):
            return InputError(e.message, e.file, self.places[int(n) - 1], 1)
        return e


def is_journal(path: str | Path) -> bool:
    """Whether the file starts as a journal does (a header line of this format)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return False  # (the reader says what it is)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            first = os.read(fd, 1 << 16).partition(b"\n")[0]
        finally:
            os.close(fd)
    except OSError:
        return False
    if not first.lstrip().startswith(b"{") or b"stammtisch-journal/" not in first:
        return False
    try:
        head = json.loads(first.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(head, dict) and head.get("format") == FORMAT


def read_journal(path: str | Path) -> JournalRead:
    """Read a journal; a torn last line is dropped, any other damage is an `InputError` with its place."""
    file = str(path)
    data, st = read_file_stat(path, SAVE_LIMIT)
    lines = data.split(b"\n")
    tail = lines.pop()  # after the last newline: empty, or a line whose writing was cut off
    if not lines:
        raise InputError("not a match journal: no complete header line", file)
    with paused_gc():
        return _read_lines(lines, tail, data, st, file)


def _read_lines(lines: list[bytes], tail: bytes, data: bytes, st: os.stat_result, file: str) -> JournalRead:
    torn = bool(tail)
    values = [_line_value(raw, n, file) for n, raw in enumerate(lines, start=1)]
    head = values[0]
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        got = head.get("format") if isinstance(head, dict) else None
        raise InputError(f"not a match journal: format {got!r}, expected {FORMAT!r}", file, 1, 1)
    check_header(head, file, whose="the journal's header")
    log = MatchLog(head["game"], list(head["players"]), dict(head["profile"]), head["seed"], dict(head.get("settings", {})))
    entries = log.entries
    places: list[int] = []
    for n, value in enumerate(values[1:], start=2):
        undo = line_undo(value)
        if undo is not None:
            if not 1 <= undo <= len(entries):
                raise InputError(f"the journal is damaged: an undo to {undo} entries of {len(entries)}", file, n, 1)
            del entries[undo:]
            del places[undo:]
            continue
        places.append(n)
        try:
            if not isinstance(value, dict):
                raise TypeError("an entry is a JSON object")
            entry = Entry.from_dict(value)
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
            raise InputError(f"the journal is damaged: entry {len(entries) + 1} lacks or garbles a field ({e})", file, n, 1) from None
        entries.append(entry)
    if not log.entries:
        raise InputError("the journal holds no entry: not even the match's start", file, len(lines), 1)
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns) if st.st_size == len(data) else ()
    return JournalRead(log, torn, len(lines) - 1, len(data) - len(tail), tuple(places), stamp)


def line_undo(value: Any) -> int | None:
    """The n of an undo mark `{"undo": n}` (None: the value is no undo mark)."""
    if isinstance(value, dict) and "undo" in value and "action" not in value:
        n = value["undo"]
        return n if isinstance(n, int) and not isinstance(n, bool) else -1
    return None


def count_tail(data: bytes, entries: int, file: str, first_line: int) -> tuple[int, int]:
    """Follow the complete lines of `data` (a journal's tail from line `first_line` on) from a log of
    `entries` entries: (the entries after them, the bytes of complete lines). Damage is an `InputError`."""
    lines = data.split(b"\n")
    tail = lines.pop()
    for n, raw in enumerate(lines, start=first_line):
        value = _line_value(raw, n, file)
        undo = line_undo(value)
        if undo is not None:
            if not 1 <= undo <= entries:
                raise InputError(f"the journal is damaged: an undo to {undo} entries of {entries}", file, n, 1)
            entries = undo
            continue
        try:
            Entry.from_dict(value)
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
            raise InputError(f"the journal is damaged: entry {entries + 1} lacks or garbles a field ({e})", file, n, 1) from None
        entries += 1
    return entries, len(data) - len(tail)


def _line_value(raw: bytes, n: int, file: str) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        col = len(raw[: e.start].decode("utf-8", "replace")) + 1
        raise InputError("the journal is damaged: not UTF-8 text", file, n, col) from None
    try:
        return load_json(text, file, n)
    except InputError as e:
        raise InputError(f"the journal is damaged: {e.message}", file, e.line, e.column) from None
