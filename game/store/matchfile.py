"""A match on disk: a saved log (JSON) or a journal read back, a match loaded and verified, and a
match's journal attached.

The match log (`game.rules.matchlog`) and the match (`game.match`) know no files; this is their file
side. A saved match is one JSON document (`write_log`, `read_json_log`); a journal
(`game.store.journal`) is JSON Lines written as the match is played, with its snapshot beside it
(`game.store.snapshot`). `load_match(path, journal=path)` continues a journal where it stopped.
"""
from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

from game.errors import InputError
from game.match import Match
from game.rules.matchlog import Entry, MatchLog
from game.store.fileio import SAVE_LIMIT, atomic_write, load_json, read_text
from game.store.journal import Journal, JournalRead, is_journal, read_journal
from game.store.snapshot import SnapshotWriter, load_journal

# a match loaded from a journal: (that journal, as read, its last entry) – `attach_journal` on the
# same file goes on appending to it instead of writing it again
_loaded: WeakKeyDictionary[Match, tuple[Path, JournalRead, Entry]] = WeakKeyDictionary()


def write_log(log: MatchLog, path: str | Path) -> None:
    """Save a match log as one JSON document (atomically: the old file stays whole until the new one is)."""
    atomic_write(path, log.to_json() + "\n")


def read_json_log(path: str | Path) -> MatchLog:
    """Read a saved log (JSON); a broken file is an `InputError` with its position."""
    file = str(path)
    text = read_text(path, SAVE_LIMIT)
    try:
        data = load_json(text, file)
    except InputError as e:
        raise InputError(f"not a saved match (JSON: {e.message})", file, e.line, e.column) from None
    return MatchLog.from_data(data, file)


def read_log(path: str | Path) -> MatchLog:
    """The log of a saved match or of a journal (an `InputError` when broken)."""
    return read_journal(path).log if is_journal(path) else read_json_log(path)


def load_match(path: str | Path, *, journal: str | Path | None = None, defer_check: bool = False) -> Match:
    """A saved match (JSON) or a journal, replayed and verified; with `journal`, autosaving goes on
    there (`journal=path` continues a journal where it stopped). With `defer_check` a journal's
    snapshot may stand for most of it: the match's `pending` then verifies those rulings later (a
    session does, frame by frame)."""
    if not is_journal(path):
        m = Match.replay(read_json_log(path), str(path))
    else:
        loaded = load_journal(path, defer_check=defer_check)
        m = loaded.match
        m.pending = loaded.check
        _loaded[m] = (Path(path), loaded.read, m.log.entries[-1])
    if journal is not None:
        attach_journal(m, journal)  # the journal it was loaded from goes on where it stopped, not written again
    return m


def attach_journal(match: Match, path: str | Path) -> Match:
    """Autosave `match` to a journal from now on: it is (re)written with the log so far, then every
    applied entry is appended and synced to disk (and its snapshot kept, `game.store.snapshot`); the
    journal `match` was loaded from goes on where it stopped. An `OSError` when it cannot be written."""
    match.close_journal()
    loaded = _loaded.get(match)
    if loaded is not None and loaded[0] == Path(path) and match.log.entries[-1] is loaded[2]:
        journal = Journal.resume(path, match.log, loaded[1])
        snap = SnapshotWriter(path, match, resumed=True)
    else:
        journal = Journal(path, match.log)
        snap = SnapshotWriter(path, match)
    journal.written = snap.keep  # (a snapshot never runs ahead of its journal)
    match.journal = journal
    _loaded.pop(match, None)
    snap.keep()
    return match
