"""Crash-safe autosave of a live match: the whole log on disk after every action.

One autosave per game, `autosave-<game>.json` in the save folder (`game.saves`), in the match
log's own format (`Match.load` reads it). Every write puts the new text in a synced temporary file,
renames the current file to `<file>.bak`, renames the new text into place and syncs the folder
(`game.fileio.write_keeping_backup`): a crash at any moment leaves the file or its backup whole,
and the action counts as saved once `Match.apply` has returned.

The file holds the header on its first line and log entry i (the start is entry 1) on line i + 1,
so an error's line names the damaged entry. Entries are serialised once and kept, so a write costs
little more than the disk (`bench/autosave.py` measures it).

A finished match has no autosave: `Autosave.finish` deletes the file and its backup (save the
match under its own name first if it is to be kept), so the menu offers only unfinished ones.
No pygame here.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.errors import InputError
from game.fileio import atomic_write, sync_folder, write_keeping_backup
from game.games import GAMES
from game.rules.matchlog import Entry, MatchLog

if TYPE_CHECKING:  # the menu looks for unfinished matches without loading the games' rules
    from game.match import Match

__all__ = ["Autosave", "AutosaveInfo", "Resumed", "backup_of", "last_unfinished", "load_autosave",
           "unfinished"]

PREFIX = "autosave-"


def backup_of(path: str | Path) -> Path:
    """The previous good copy of an autosave: `<path>.bak`."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


def default_path(game: str) -> Path:
    from game.saves import autosave_path  # pygame-free; imported late so that tests can move the folder

    return autosave_path(game)


def keep_aside(path: Path, log: MatchLog) -> Path | None:
    """If `path` (or, when it is damaged, its backup) holds an unfinished match in which somebody has
    acted and which is not `log` (nor an earlier stage of it), move it into the save folder as
    `<game>-unfinished-<time>.json` – listed by "Continue saved match…" – and return where; else None."""
    for source in (path, backup_of(path)):
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
            actions = [e["action"] for e in data["entries"]]
            game = str(data["game"])
            same = (game, data.get("players"), data.get("seed")) == (log.game, log.players, log.seed)
        except (OSError, ValueError, KeyError, TypeError):
            continue  # unreadable: try the backup; neither: nothing to keep
        if len(actions) < 2 or (same and actions == [e.action for e in log.entries[: len(actions)]]):
            return None
        from game.saves import new_save_path

        target = new_save_path(f"{game}-unfinished", path.parent)
        try:
            os.replace(source, target)
        except OSError:
            return None
        return target
    return None


class Autosave:
    """Writes a match's whole log after every applied action (a listener on the match).

    `sync()` rewrites it at once – the scenes call it after `Match.undo_to`. A failed write (disk
    full, folder gone) does not stop the match: the reason is kept in `error` until a write succeeds.
    """

    def __init__(self, match: Match, path: str | Path) -> None:
        self.match = match
        self.path = Path(path)
        self.backup = backup_of(self.path)
        self.error: str | None = None
        self.writes = 0
        self.seconds = 0.0  # time spent writing, all writes together
        self._cache: list[tuple[Entry, str]] = []  # entries serialised so far (the same objects)
        self._top: str | None = None  # the header, serialised once (it does not change in a match)
        self._attached = False
        self.kept: Path | None = None  # where an older unfinished match at `path` was moved to

    @classmethod
    def attach(cls, match: Match, path: str | Path | None = None, *, listen: bool = True) -> Autosave:
        """Autosave `match` to `path` (default: the game's autosave in the save folder) from now on.

        The file is replaced at once by the log so far and its backup removed; then every action is
        written – or, with `listen=False`, whenever the caller says `sync()`. An unfinished match
        of another match already there is not lost: `keep_aside` moves it into the save folder
        first (`kept` names where)."""
        a = cls(match, path if path is not None else default_path(match.info.name))
        a.kept = keep_aside(a.path, match.log)
        a._first_write()
        if listen:
            match.listeners.append(a._on_entry)
            a._attached = True
        return a

    def text(self) -> str:
        """The file's text for the match's log as it is now."""
        log = self.match.log
        if self._top is None:
            head = json.loads(log.prefix(0).to_json())
            head.pop("entries", None)
            self._top = json.dumps(head, ensure_ascii=False)
        cache = self._cache
        entries = log.entries
        keep = 0
        while keep < min(len(cache), len(entries)) and cache[keep][0] is entries[keep]:
            keep += 1
        del cache[keep:]
        for e in entries[keep:]:
            cache.append((e, json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":"))))
        top = self._top
        return top[:-1] + ', "entries": [\n' + ",\n".join(s for _, s in cache) + "\n]}\n"

    def sync(self) -> None:
        """Write the whole log now, keeping the previous file as the backup."""
        self._guarded(lambda data: write_keeping_backup(self.path, data, self.backup))

    def detach(self) -> None:
        """Stop autosaving (leaving to the menu); the file stays for "Continue last match"."""
        if self._attached:
            self.match.listeners.remove(self._on_entry)
            self._attached = False

    def finish(self) -> None:
        """The match is over: stop autosaving and delete the autosave and its backup."""
        self.detach()
        for p in (self.path, self.backup):
            p.unlink(missing_ok=True)
        sync_folder(self.path.parent)

    # --- inside --------------------------------------------------------------------------------

    def _on_entry(self, entry: Entry) -> None:
        self.sync()

    def _first_write(self) -> None:
        def write(data: str) -> None:
            atomic_write(self.path, data)
            for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):  # left by a write a crash cut short
                stale.unlink(missing_ok=True)
            self.backup.unlink(missing_ok=True)
            sync_folder(self.path.parent)

        self._guarded(write)

    def _guarded(self, write: Callable[[str], None]) -> None:
        t0 = time.perf_counter()
        try:
            write(self.text())
        except OSError as e:
            self.error = f"{self.path}: the autosave could not be written: {e.strerror or e}"
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


def _replay(path: Path) -> Match:
    """Load and verify one file; anything wrong with it is an `InputError`."""
    from game.match import Match

    if not path.exists():
        raise InputError("there is no such file", str(path))
    try:
        return Match.load(path)
    except InputError:
        raise
    except Exception as e:  # a damaged file must never crash the program: name what broke
        raise InputError(f"the saved match cannot be replayed ({type(e).__name__}: {e})", str(path)) from None


def load_autosave(path: str | Path) -> Resumed:
    """Resume the match autosaved at `path`, replaying and verifying every ruling.

    A missing, truncated or damaged file falls back to its backup (`<path>.bak`), with a message
    saying why; when both are unusable this is an `InputError` naming both reasons."""
    p = Path(path)
    try:
        return Resumed(_replay(p), p)
    except InputError as first:
        bak = backup_of(p)
        try:
            m = _replay(bak)
        except InputError as second:
            raise InputError(f"the autosave cannot be resumed ({first}), nor its backup ({second})", str(p)) from None
        actions = len(m.log.entries) - 1
        return Resumed(m, bak, f"{first} – resumed from the backup {bak.name} instead ({actions} actions)")


# --- finding the last match ----------------------------------------------------------------------


@dataclass(frozen=True)
class AutosaveInfo:
    """An unfinished autosaved match, as the menu shows it."""

    path: Path  # the autosave (pass it to `load_autosave`, even when only its backup is left)
    game: str
    players: tuple[str, ...]
    actions: int  # log entries after the start
    modified: float  # seconds since the epoch
    problem: str | None = None  # the autosave is damaged: what `load_autosave` will say

    @property
    def title(self) -> str:
        info = GAMES.get(self.game)
        return info.title if info is not None else self.game

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        return f"{self.title}: {', '.join(self.players)} – {self.actions} actions ({when})"


def _info(path: Path, game: str) -> AutosaveInfo:
    """What the autosave at `path` (or else its backup) holds; a damaged one says so in `problem`."""
    stamps = [q.stat().st_mtime for q in (path, backup_of(path)) if q.exists()]
    modified = max(stamps, default=0.0)
    reasons = []
    for q in (path, backup_of(path)):
        try:
            log = MatchLog.load(q) if q.exists() else None
        except InputError as e:
            reasons.append(str(e))
            continue
        if log is None:
            continue
        problem = reasons[0] + " – its backup is used" if reasons else None
        players = tuple(str(d.get("name", "?")) for d in log.players)
        return AutosaveInfo(path, log.game, players, max(0, len(log.entries) - 1), modified, problem)
    return AutosaveInfo(path, game, (), 0, modified, "; ".join(reasons) or "the autosave is empty")


def unfinished(folder: str | Path | None = None) -> list[AutosaveInfo]:
    """Every unfinished autosave in `folder` (default: the save folder), newest first."""
    if folder is None:
        from game.saves import save_dir

        folder = save_dir()
    d = Path(folder)
    if not d.is_dir():
        return []
    games: set[str] = set()
    for q in d.iterdir():
        name = q.name.removesuffix(".bak")
        if name.startswith(PREFIX) and name.endswith(".json"):
            games.add(name[len(PREFIX) : -len(".json")])
    out = []
    for g in games:
        try:
            out.append(_info(d / f"{PREFIX}{g}.json", g))
        except OSError:  # removed while we looked
            continue
    return sorted(out, key=lambda i: (-i.modified, i.game))


def last_unfinished(folder: str | Path | None = None) -> AutosaveInfo | None:
    """The newest unfinished autosave worth continuing, for the menu's "Continue last match" (None:
    there is none): a match in which nobody has acted yet is not offered, a damaged one is."""
    found = [i for i in unfinished(folder) if i.actions > 0 or i.problem]
    return found[0] if found else None


# --- a live match's autosave --------------------------------------------------------------------


class MatchAutosave:
    """The autosave of the match a scene plays (`game.autosave.Autosave`).

    Made with the scene: the log so far is written at once (replacing the game's older autosave);
    after every action the whole log; `after_undo()` after an undo; at the end of the match the file
    and its backup are deleted. `close()` when the scene leaves: an unfinished match stays on disk.
    `enabled=False` (a Le Mans race, which keeps its own journal) does nothing at all; a match that
    is over already is not autosaved until an undo reopens it."""

    def __init__(self, match: Match, *, enabled: bool = True) -> None:
        self.match = match
        self.enabled = enabled and match.journal is None
        self.save: Autosave | None = None
        self.finished = False  # the match ended while autosaved: its autosave is gone
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

    def _on_entry(self, entry: Entry) -> None:
        if not self.active:
            return
        assert self.save is not None
        if self.match.state.is_terminal():
            self.save.finish()
            self.finished = True
        else:
            self.save.sync()

    def after_undo(self) -> None:
        """The log was cut back (`undo_to`, `undo_turn`): write it as it is now."""
        if not self.enabled:
            return
        if self.match.state.is_terminal():
            if self.active:
                assert self.save is not None
                self.save.finish()
                self.finished = True
        elif self.active:
            assert self.save is not None
            self.save.sync()
        else:
            self._attach()

    def close(self) -> None:
        """The scene leaves: stop listening (an unfinished match's autosave stays for "Continue")."""
        if self._listening:
            self.match.listeners.remove(self._on_entry)
            self._listening = False
