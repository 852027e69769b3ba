"""Crash-safe autosave of a live match: every action on disk, one synced line, before it counts.

One autosave per game, `autosave-<game>.json` in the save folder (`game.store.saves`), written as a match
journal (`game.store.journal`): the header on the first line, then one line per log entry (the
start first), each appended, flushed and fsync'ed before `Match.apply` returns – so an action
counts as saved once `apply` has returned, and the cost of a save does not grow with the log.
Reading drops a torn last line (an action whose writing a crash cut short was not completed).

An undo appends a mark `{"undo":n}` (the entries after the first n are undone); the file is
rewritten whole (`game.store.fileio.write_keeping_backup`: synced temporary file, the current file
becomes `<file>.bak`, the new one takes its place) only to compact it once it is much longer than
the log, after a failed write, or when the log is not a continuation of the file. Attaching a match
writes it whole and removes the backup – unless the file is the very autosave this match was just
resumed from, which is then simply continued. A damaged file falls back to its backup.

A finished match has no autosave: `Autosave.finish` deletes the file and its backup – with `keep`,
after writing the whole match there (`MatchAutosave` keeps every finished match as a save, listed
by "Replays…"), so the menu offers only unfinished ones. Old autosaves (one JSON document,
`stammtisch-match/1`) still load. Every write tells the index beside the autosaves what the file
holds, so the menu's "Continue" label need not read it (`game.store.autosave_folder.unfinished`).

Two programs: an autosave is locked (`game.store.filelock`, `<file>.lock`) while a match writes it; a
second program playing the same game takes the next slot (`autosave-<game>.2.json`), and the menu
does not continue a match another program has open (`open_elsewhere`). The OS drops a lock when its
program ends, even by kill -9. Damaged files are never deleted: `put_aside` moves them into
`damaged/` beside the autosaves. No pygame here.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable

from game.errors import InputError
from game.i18n import _
from game.rules.matchlog import Entry, MatchLog
from game.store.autosave_folder import (PREFIX, TAIL, backup_of, claim, drop_lock, file_stamp, held_here, index_lock, load_index,
                                        players_of, seq_of, write_index)
from game.store.fileio import atomic_write, sync_folder, write_keeping_backup
from game.store.journal import COMPACT_SLACK, common_prefix, entry_line, is_journal, journal_text, undo_line, write_durably
from game.store.matchfile import load_match, read_log
from game.store.snapshot import SnapshotWriter, load_journal, snapshot_path

if TYPE_CHECKING:
    from game.match import Match

__all__ = ["Autosave", "MatchAutosave", "Resumed", "load_autosave", "put_aside", "read_autosave"]

DAMAGED = "damaged"  # the subfolder damaged autosaves are moved into (never deleted)


def put_aside(path: str | Path) -> Path | None:
    """Move a damaged autosave and its backup (whichever exist) into the `damaged` subfolder of its
    folder, under a fresh name – kept for the player, no longer offered; where the autosave went
    (None: nothing was there, or it could not be moved)."""
    p = Path(path)
    moved = [_set_aside_one(q) for q in (p, backup_of(p)) if q.exists()]
    sync_folder(p.parent)
    return next((m for m in moved if m is not None), None)


def default_path(game: str) -> Path:
    """The game's autosave in the save folder (the folder is made by the first write, which may fail:
    a save folder that cannot be made stops no match, the autosave's `error` says why)."""
    from game.store.saves import save_dir  # pygame-free; imported late so that tests can move the folder

    return save_dir() / f"{PREFIX}{game}.json"


def read_autosave(path: str | Path) -> MatchLog:
    """The log an autosave holds – a journal (a torn last line dropped, undo marks followed) or an
    old whole-JSON autosave – without replaying it; damage is an `InputError` with its place."""
    return read_log(path)


def keep_aside(path: Path, log: MatchLog) -> Path | None:
    """If `path` (or, when it is damaged, its backup) holds an unfinished match in which somebody has
    acted and which is not `log` (nor an earlier stage of it), move it into the save folder as
    `<game>-unfinished-<time>.json` – listed by "Continue saved match…" – and return where; else None.
    A damaged `path` is moved into the `damaged` subfolder first (`put_aside`): it is about to be replaced."""
    for source in (path, backup_of(path)):
        try:
            if not source.exists():
                continue
            old = read_autosave(source)
            actions = [e.action for e in old.entries]
            same = (old.game, old.players, old.seed) == (log.game, log.players, log.seed)
        except OSError:
            continue
        except Exception:  # damaged (whatever the reader raised): kept for the player, then try the backup
            if source == path:
                _set_aside_one(path)
            continue
        if len(actions) < 2 or (same and actions == [e.action for e in log.entries[: len(actions)]]):
            return None
        from game.store.saves import new_save_path

        target = new_save_path(f"{old.game}-unfinished", path.parent)
        try:
            if is_journal(source):  # "Continue saved match…" lists and loads it like any save
                atomic_write(target, journal_text(old))
                source.unlink()
                snapshot_path(source).unlink(missing_ok=True)
            else:
                os.replace(source, target)
        except OSError:
            return None
        return target
    return None


def _set_aside_one(q: Path) -> Path | None:
    """Move the one damaged file `q` into the `damaged` subfolder under a fresh name; where to (None:
    it could not be moved, and stays)."""
    d = q.parent / DAMAGED
    try:
        d.mkdir(exist_ok=True)
        stamp = time.strftime("%Y-%m-%d-%H%M%S")
        target, n = d / f"{q.name}.{stamp}", 2
        while target.exists():
            target, n = d / f"{q.name}.{stamp}-{n}", n + 1
        os.replace(q, target)
    except OSError:
        return None
    snapshot_path(q).unlink(missing_ok=True)
    return target


# what `load_autosave` last resumed from each autosave: (file stamp, the match's log, its length,
# its last entry, bytes of complete lines, lines after the header) – `Autosave.attach` continues it
_resumed: dict[Path, tuple[list[int], MatchLog, int, Entry, int, int]] = {}


class Autosave:
    """Appends every applied action of a match to its autosave (a listener on the match).

    `sync()` brings the file up to the log at once – the scenes call it after `Match.undo_to`. A
    failed write (disk full, folder gone) does not stop the match: the reason is kept in `error`
    until a write succeeds (which then rewrites the file whole).
    """

    def __init__(self, match: Match, path: str | Path) -> None:
        self.match = match
        self.path = Path(path)
        self.locked = False  # this program holds the file's lock (`attach` takes it, `detach`/`finish` drop it)
        self.elsewhere: Path | None = None  # the autosave another program had open, when this took the next slot
        self.backup = backup_of(self.path)
        self.error: str | None = None
        self.writes = 0
        self.seconds = 0.0  # time spent writing, all writes together
        self._file: IO[bytes] | None = None  # open for appending while the file is good
        self._written: list[Entry] = []  # the log the file stands for (the same entry objects)
        self._lines = 0  # lines after the header: entries and undo marks
        self._head: tuple[Any, ...] | None = None
        self._attached = False
        self.kept: Path | None = None  # where an older unfinished match at `path` was moved to
        self.snapshot: SnapshotWriter | None = None  # Continue's shortcut (`game.store.snapshot`)

    @classmethod
    def attach(cls, match: Match, path: str | Path | None = None, *, listen: bool = True) -> Autosave:
        """Autosave `match` to `path` (default: the game's autosave in the save folder) from now on.

        The file is replaced at once by the log so far and its backup removed (the autosave this
        match was resumed from is continued instead); then every action is appended – or, with
        `listen=False`, whenever the caller says `sync()`. An unfinished match of another match
        already there is not lost: `keep_aside` moves it into the save folder first (`kept` names where).

        The file is locked while the match is open (`game.store.filelock`): when another program holds
        it (playing the same game), this match takes the next free slot (`autosave-<game>.2.json`,
        `elsewhere` names the one taken); without `path`, a match resumed by `load_autosave` goes on
        in the file it came from."""
        wanted = Path(path) if path is not None else (_resumed_from(match) or default_path(match.info.name))
        got = claim(wanted)
        a = cls(match, got)
        a.locked = held_here(got)
        a.elsewhere = wanted if got != wanted else None
        resumed = a._continue_resumed()
        if not resumed:
            a.kept = keep_aside(a.path, match.log)
            a._first_write()
        a.snapshot = SnapshotWriter(a.path, match, resumed=resumed)
        a._keep_snapshot()
        a._remember()  # after a crash the menu reads only the lines appended since
        if listen:
            match.listeners.append(a._on_entry)
            a._attached = True
        return a

    def text(self) -> str:
        """The file's text for the match's log as it is now, compacted."""
        return journal_text(self.match.log)

    def sync(self) -> None:
        """Bring the file up to the log now: append what is new, mark an undo, or rewrite it whole."""
        self._guarded(self._bring_up)
        self._keep_snapshot()

    def _keep_snapshot(self) -> None:
        """The snapshot up with the file (a stretch every `SEGMENT` entries; its time counts as the save's)."""
        if self.snapshot is not None and self.error is None and self._file is not None:
            t0 = time.perf_counter()
            self.snapshot.keep()
            self.seconds += time.perf_counter() - t0

    def detach(self) -> None:
        """Stop autosaving (leaving to the menu); the file stays for "Continue last match"."""
        if self._attached:
            self.match.listeners.remove(self._on_entry)
            self._attached = False
        self._remember()
        self._close()
        self._unlock()

    def finish(self, keep: str | Path | None = None) -> Path | None:
        """The match is over: stop autosaving and delete the autosave and its backup. With `keep`,
        the whole match is written there first (a save, `game.store.saves`) and returned; when that write
        fails (`error` says why) the autosave is not deleted and None is returned."""
        if self._attached:
            self.match.listeners.remove(self._on_entry)
            self._attached = False
        self._close()
        kept: Path | None = None
        if keep is not None:
            t0 = time.perf_counter()
            try:
                atomic_write(keep, journal_text(self.match.log))
            except OSError as e:
                self.error = _("{path}: the finished match could not be kept: {error}").format(path=keep, error=e.strerror or e)
                self._unlock()
                return None
            finally:
                self.seconds += time.perf_counter() - t0
            kept = Path(keep)
        if self.snapshot is not None:
            self.snapshot.remove()
        for p in (self.path, self.backup):
            try:
                p.unlink(missing_ok=True)
            except OSError:
                pass
        sync_folder(self.path.parent)
        self._unlock()
        return kept

    def _unlock(self) -> None:
        if self.locked:
            self.locked = False
            drop_lock(self.path)

    # --- inside --------------------------------------------------------------------------------

    def _on_entry(self, entry: Entry) -> None:
        entries = self.match.log.entries
        w = self._written
        if (self._file is not None and len(entries) == len(w) + 1 and entries[-1] is entry
                and (not w or entries[-2] is w[-1])):
            self._guarded(lambda: self._append([entry]))  # the common case: one line
            self._keep_snapshot()
        else:
            self.sync()

    def _head_of(self, log: MatchLog) -> tuple[Any, ...]:
        return (log.game, log.players, log.profile, log.seed, log.settings)

    def _append(self, new: list[Entry], undo: int | None = None) -> None:
        assert self._file is not None
        data = (undo_line(undo) if undo is not None else "") + "".join(entry_line(e) for e in new)
        try:
            write_durably(self._file, data.encode("utf-8"))
        except OSError:
            self._close()  # a line may be half written: the next write rewrites the file whole
            raise
        if undo is not None:
            del self._written[undo:]
            self._lines += 1
        self._written.extend(new)
        self._lines += len(new)

    def _bring_up(self) -> None:
        log = self.match.log
        entries, w = log.entries, self._written
        if self._file is None or self._head != self._head_of(log):
            return self._rewrite(keep_backup=True)
        k = common_prefix(w, entries)
        if k == 0:
            return self._rewrite(keep_backup=True)
        if k < len(w):
            self._append(entries[k:], undo=k)
        elif k < len(entries):
            self._append(entries[k:])
        if self._lines > 2 * len(entries) + COMPACT_SLACK:  # much longer than the log: compact it
            self._rewrite(keep_backup=True)

    def _rewrite(self, *, keep_backup: bool) -> None:
        self._close()
        log = self.match.log
        data = journal_text(log)
        if keep_backup:
            write_keeping_backup(self.path, data, self.backup)
        else:
            atomic_write(self.path, data)
            for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # left by a write a crash cut short
                stale.unlink(missing_ok=True)
            self.backup.unlink(missing_ok=True)
            sync_folder(self.path.parent)
        self._open(log, len(log.entries))

    def _open(self, log: MatchLog, lines: int) -> None:
        self._file = open(self.path, "ab", buffering=0)
        self._written = list(log.entries)
        self._lines = lines
        self._head = self._head_of(log)

    def _close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None

    def _first_write(self) -> None:
        self._guarded(lambda: self._rewrite(keep_backup=False))

    def _continue_resumed(self) -> bool:
        """The file is the autosave this match was just resumed from, unchanged since: append to it
        (a torn last line cut off first) instead of writing it again."""
        got = _resumed.pop(self.path, None)
        log = self.match.log
        if got is None:
            return False
        stamp, old, n, last, end, lines = got
        try:
            if file_stamp(os.stat(self.path)) != stamp or old is not log or len(log.entries) != n or log.entries[-1] is not last:
                return False
            t0 = time.perf_counter()
            if end != stamp[1]:
                os.truncate(self.path, end)
            self._open(log, lines)
            if end != stamp[1]:
                os.fsync(self._file.fileno())  # type: ignore[union-attr]
            self.seconds += time.perf_counter() - t0
        except OSError:
            self._close()
            return False
        self.writes += 1
        return True

    def _remember(self) -> None:
        """Tell the index what the file holds now (so the menu need not read it)."""
        if self._file is None or self.error is not None:
            return
        try:
            st = os.fstat(self._file.fileno())
            log = self.match.log
            with open(self.path, "rb") as f:
                f.seek(max(0, st.st_size - TAIL))
                last = f.read(min(TAIL, st.st_size))
            entry = {"stamp": file_stamp(st), "last": last.hex(), "game": log.game, "players": players_of(log),
                     "actions": max(0, len(self._written) - 1), "end": st.st_size, "lines": self._lines + 1,
                     "journal": True, "problem": None}
            with index_lock(self.path.parent):
                index = load_index(self.path.parent)
                entry["seq"] = 1 + max((seq_of(v) for v in index.values()), default=0)  # the latest played, whatever the clock says
                index[self.path.name] = entry
                write_index(self.path.parent, index)
        except OSError:
            pass

    def _guarded(self, write: Callable[[], None]) -> None:
        t0 = time.perf_counter()
        try:
            write()
        except OSError as e:
            self.error = _("{path}: the autosave could not be written: {error}").format(path=self.path, error=e.strerror or e)
        else:
            self.error = None
            self.writes += 1
        finally:
            self.seconds += time.perf_counter() - t0


# --- resuming ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Resumed:
    """A resumed match, the file it came from, and what went wrong on the way (None: nothing)."""

    match: Match
    path: Path
    message: str | None = None
    torn: bool = False  # the last line was cut off (the action being saved when the program stopped)


# the autosave each match `load_autosave` resumed came from (its backup's too): `attach` goes on there
_origins: dict[Path, MatchLog] = {}


def _resumed_from(match: Match) -> Path | None:
    """The autosave `load_autosave` resumed `match` from (None: it was not resumed)."""
    for p, log in list(_origins.items()):
        if log is match.log:
            del _origins[p]
            return p
    return None


def _replay(path: Path, remember: bool = False) -> tuple[Match, bool]:
    """Load and verify one file, and whether a torn last line was dropped; anything wrong with it
    is an `InputError`. With `remember`, a journal that loads is noted for `Autosave.attach` to continue."""
    if not path.exists():
        raise InputError("there is no such file", str(path))
    try:
        if not is_journal(path):
            return load_match(path), False
        stamp = file_stamp(os.stat(path))
        loaded = load_journal(path, defer_check=remember)  # from its snapshot, verified after the table is shown
        m, read = loaded.match, loaded.read
        m.pending = loaded.check
        if remember:
            _resumed[path] = (stamp, m.log, len(m.log.entries), m.log.entries[-1], read.end, read.lines)
        return m, read.torn
    except InputError:
        raise
    except Exception as e:  # a damaged file must never crash the program: name what broke
        raise InputError(f"the saved match cannot be replayed ({type(e).__name__}: {e})", str(path)) from None


def load_autosave(path: str | Path) -> Resumed:
    """Resume the match autosaved at `path`, replaying and verifying every ruling.

    A missing or damaged file (a torn last line is no damage: that action was not completed)
    falls back to its backup (`<path>.bak`), with a message saying why; when both are unusable
    this is an `InputError` naming both reasons."""
    p = Path(path)
    try:
        m, torn = _replay(p, remember=True)
        _origins[p] = m.log
        return Resumed(m, p, torn=torn)
    except InputError as first:
        bak = backup_of(p)
        try:
            m = _replay(bak)[0]
        except InputError as second:
            raise InputError(f"the autosave cannot be resumed ({first}), nor its backup ({second})", str(p)) from None
        actions = len(m.log.entries) - 1
        _origins[p] = m.log
        return Resumed(m, bak, f"{first} – resumed from the backup {bak.name} instead ({actions} actions)")


# --- a live match's autosave --------------------------------------------------------------------


class MatchAutosave:
    """The autosave of the match a scene plays (`game.store.autosave.Autosave`).

    Made with the scene: the log so far is written at once (replacing the game's older autosave,
    or continuing the one it was resumed from); after every action its line; `after_undo()` after an
    undo. At the end of the match it is kept: written whole to `keep()` (the session's own save file)
    or else to a fresh save in the save folder (`kept` names where; "Replays…" lists it), and the
    autosave and its backup are deleted. `close()` when the scene leaves: an unfinished match stays
    on disk. `enabled=False` (a Le Mans race, which keeps its own journal) does nothing at all; a
    match that is over already is not autosaved until an undo reopens it."""

    def __init__(self, match: Match, *, enabled: bool = True, keep: Callable[[], Path | None] | None = None) -> None:
        self.match = match
        self.enabled = enabled and match.journal is None
        self.save: Autosave | None = None
        self.finished = False  # the match ended while autosaved: its autosave is gone
        self.kept: Path | None = None  # where the finished match was kept (again there after an undo)
        self._keep = keep or (lambda: None)
        self._listening = False
        if not self.enabled:
            return
        match.listeners.append(self._on_entry)
        self._listening = True
        if not match.state.is_terminal():
            self._attach()

    @property
    def error(self) -> str | None:
        """Why the last write failed (None: it did not)."""
        return self.save.error if self.save is not None else None

    @property
    def active(self) -> bool:
        """Every action is being written now."""
        return self.save is not None and not self.finished

    def _attach(self) -> None:
        # written from `_on_entry`, which also notices the end of the match
        self.save = Autosave.attach(self.match, listen=False)
        self.finished = False

    def _finish(self) -> None:
        assert self.save is not None
        self.save.sync()  # the last action on disk first: if it cannot be kept, the autosave still has it all
        target = self._keep() or self.kept
        if target is None:
            from game.store.saves import new_save_path

            try:
                target = new_save_path(self.match.info.name, self.save.path.parent)
            except OSError:
                target = None
        got = self.save.finish(keep=target) if target is not None else None
        if got is not None:
            self.kept = got
            self.finished = True
        elif self.save.error is None:  # no place to keep it: the autosave stays, as an unfinished match would
            self.save.error = _("the finished match could not be kept: the save folder cannot be written")

    def _on_entry(self, entry: Entry) -> None:
        if not self.active:
            return
        assert self.save is not None
        if self.match.state.is_terminal():
            self._finish()
        else:
            self.save.sync()

    def after_undo(self) -> None:
        """The log was cut back (`undo_to`, `undo_turn`): write it as it is now."""
        if not self.enabled:
            return
        if self.match.state.is_terminal():
            if self.active:
                self._finish()
        elif self.active:
            assert self.save is not None
            self.save.sync()
        else:
            self._attach()

    def close(self) -> None:
        """The scene leaves: stop listening (an unfinished match's autosave stays for "Continue",
        noted in the index beside it)."""
        if self._listening:
            self.match.listeners.remove(self._on_entry)
            self._listening = False
        if self.active:
            assert self.save is not None
            self.save.detach()
