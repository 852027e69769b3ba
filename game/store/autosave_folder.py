"""The autosaves in a folder: their names and slots (`autosave-<game>.json`, `autosave-<game>.2.json`,
…), backups and locks, the index beside them and the unfinished matches the menu offers.

The menu's "Continue" label comes from a small index beside the autosaves (`unfinished`), checked
against every file's inode, size and mtime, so a 50,000-entry autosave is not read to label it; the
index also counts when each was last played (`seq`), which orders "Continue" whatever the clock says.
An autosave is locked (`game.store.filelock`, `<file>.lock`) while a match writes it
(`game.store.autosave`); the menu does not continue a match another program has open
(`open_elsewhere`). No pygame here.
"""
from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.errors import InputError
from game.games import GAMES
from game.i18n import _
from game.rules.matchlog import MatchLog
from game.store.fileio import atomic_write, read_index
from game.store.filelock import FileLock, held_elsewhere
from game.store.journal import count_tail, is_journal, read_journal
from game.store.matchfile import read_json_log

PREFIX = "autosave-"
INDEX = "autosaves.index"  # beside the autosaves: what each holds, for the menu's label
INDEX_FORMAT = "stammtisch-autosave-index/1"
TAIL = 64  # bytes before the end of an indexed journal that the index keeps, to see it was only appended to
SLOTS = 9  # autosaves of one game open at once (a second program playing the same game takes the next)


def backup_of(path: str | Path) -> Path:
    """The previous good copy of an autosave: `<path>.bak`."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


def lock_of(path: str | Path) -> Path:
    """The lock file of an autosave, `<path>.lock`: held (`game.store.filelock`) while a match writes it."""
    p = Path(path)
    return p.with_name(p.name + ".lock")


def slot_path(path: Path, n: int) -> Path:
    """The n-th slot of an autosave: `autosave-schock.json`, `autosave-schock.2.json`, …"""
    return path if n <= 1 else path.with_name(f"{path.name.removesuffix('.json')}.{n}.json")


# the autosave locks this program holds: path -> (the lock, the autosaves holding it)
_locks: dict[Path, tuple[FileLock, int]] = {}


def take_lock(path: Path) -> bool:
    """Lock the autosave at `path` for this program (again, when it holds it already); False: another
    program has it open. A lock file that cannot be made (a read-only folder) does not stop anything:
    the autosave cannot be written there either, and says so."""
    got = _locks.get(path)
    if got is not None:
        _locks[path] = (got[0], got[1] + 1)
        return True
    lock = FileLock(lock_of(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not lock.acquire():
            return False
    except OSError:
        return True
    _locks[path] = (lock, 1)
    return True


def drop_lock(path: Path) -> None:
    """Let go of one hold of the lock of the autosave at `path` (the file lock goes with the last)."""
    got = _locks.get(path)
    if got is None:
        return
    if got[1] > 1:
        _locks[path] = (got[0], got[1] - 1)
        return
    del _locks[path]
    got[0].release()


def held_here(path: Path) -> bool:
    """This program holds the lock of the autosave at `path`."""
    return path in _locks


def open_elsewhere(path: str | Path) -> bool:
    """Another program plays the match autosaved at `path` now (it holds the autosave's lock)."""
    p = Path(path)
    return p not in _locks and held_elsewhere(lock_of(p))


def claim(path: Path) -> Path:
    """The slot of `path` this program may write: `path` itself unless another program holds it, else
    the first free slot after it (the last one when all are held: writing it is refused by nobody)."""
    for n in range(1, SLOTS + 1):
        q = slot_path(path, n)
        if take_lock(q):
            return q
    return slot_path(path, SLOTS)


def file_stamp(st: os.stat_result) -> list[int]:
    """What tells a file changed: its inode, size and mtime."""
    return [st.st_ino, st.st_size, st.st_mtime_ns]


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
    seq: int = 0  # when it was last played, counted (not the clock, which may be set back); 0: unknown
    elsewhere: bool = False  # another program has this match open now (it holds the autosave's lock)
    damaged: bool = False  # neither the autosave nor its backup can be read (`put_aside` keeps them)

    @property
    def title(self) -> str:
        info = GAMES.get(self.game)
        return info.title if info is not None else self.game

    @property
    def label(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))
        return f"{self.title}: {', '.join(self.players)} – {self.actions} actions ({when})"


def players_of(log: MatchLog) -> list[str]:
    return [str(d.get("name", "?")) for d in log.players]


def load_index(folder: Path) -> dict[str, dict[str, Any]]:
    """The index beside the autosaves: file name -> what it held at its stamp (empty if missing or garbled)."""
    return read_index(folder / INDEX, INDEX_FORMAT)


def seq_of(entry: Any) -> int:
    """The play counter an index entry holds (0: none, or garbled)."""
    v = entry.get("seq") if isinstance(entry, dict) else None
    return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def index_lock(folder: Path) -> FileLock | _NoLock:
    """A lock around reading and writing the index (two programs write it); a folder where the lock
    file cannot be made gets none (nothing can be written there anyway)."""
    lock = FileLock(folder / (INDEX + ".lock"))
    try:
        lock.acquire(wait=True)
    except OSError:
        return _NoLock()
    return lock


def write_index(folder: Path, files: dict[str, dict[str, Any]]) -> None:
    atomic_write(folder / INDEX, json.dumps({"format": INDEX_FORMAT, "files": files}, ensure_ascii=False) + "\n")


def _summary(q: Path, old: dict[str, Any] | None) -> dict[str, Any]:
    """What the file `q` holds for the label: taken from its index entry `old` when the file is
    unchanged (same inode, size and mtime), followed from there when it only grew (an append-only
    journal), else read again. OSError: the file is gone."""
    st = os.stat(q)
    if not stat.S_ISREG(st.st_mode):  # a FIFO or a device named like a save: no save (never read)
        return {"stamp": file_stamp(st), "problem": f"{q}: not a regular file"}
    stamp = file_stamp(st)
    if old is not None and old.get("stamp") == stamp:
        return old
    if (old is not None and old.get("journal") and old.get("problem") is None and isinstance(old.get("stamp"), list)
            and old["stamp"][0] == stamp[0] and old["stamp"][1] < stamp[1] and isinstance(old.get("end"), int)):
        try:
            with open(q, "rb") as f:
                seen = bytes.fromhex(str(old.get("last", "")))  # the bytes before old["end"], as indexed
                f.seek(old["end"] - len(seen))
                data = f.read()
            if not data.startswith(seen):
                raise ValueError("changed, not only appended to")
            data = data[len(seen):]
            before = int(old.get("lines", 0))  # lines (the header's too) before old["end"]
            entries, used = count_tail(data, int(old["actions"]) + 1, str(q), before + 1)
            end = old["end"] + used
            return {**old, "stamp": stamp, "actions": entries - 1, "end": end, "last": (seen + data[:used])[-TAIL:].hex(),
                    "lines": before + data[:used].count(b"\n")}
        except Exception:
            pass  # read it whole below, which names the damage
    base: dict[str, Any] = {"stamp": stamp}
    try:
        if is_journal(q):
            read = read_journal(q)
            log = read.log
            with open(q, "rb") as f:
                f.seek(max(0, read.end - TAIL))
                last = f.read(min(TAIL, read.end))
            base.update(journal=True, end=read.end, lines=read.lines + 1, last=last.hex())
        else:
            log = read_json_log(q)
            base.update(journal=False)
    except InputError as e:
        return {**base, "problem": str(e)}
    except OSError:
        raise
    except Exception as e:  # a damaged file may break a reader any way: the menu must start all the same
        return {**base, "problem": f"{q}: {_('the file is damaged')} ({type(e).__name__})"}
    return {**base, "game": log.game, "players": players_of(log), "actions": max(0, len(log.entries) - 1), "problem": None}


def _info(path: Path, game: str, index: dict[str, dict[str, Any]]) -> AutosaveInfo:
    """What the autosave at `path` (or else its backup) holds; a damaged one says so in `problem`.
    `index` is consulted and brought up to date."""
    stamps = [q.stat().st_mtime for q in (path, backup_of(path)) if q.exists()]
    modified = max(stamps, default=0.0)
    reasons = []
    seq = seq_of(index.get(path.name))
    elsewhere = open_elsewhere(path)
    for q in (path, backup_of(path)):
        if not q.exists():
            index.pop(q.name, None)
            continue
        old = index.get(q.name)
        got = index[q.name] = _summary(q, old)
        if seq_of(old) and not seq_of(got):
            got["seq"] = seq_of(old)  # read again (compacted, rewritten): when it was played stays
        if got.get("problem"):
            reasons.append(str(got["problem"]))
            continue
        problem = reasons[0] + " – " + _("its backup is used") if reasons else None
        players = tuple(str(n) for n in got.get("players", ()))
        return AutosaveInfo(path, str(got.get("game", game)), players, int(got.get("actions", 0)), modified, problem,
                            seq, elsewhere)
    return AutosaveInfo(path, game, (), 0, modified, "; ".join(reasons) or _("the autosave is empty"), seq, elsewhere,
                        damaged=bool(reasons))


def unfinished(folder: str | Path | None = None) -> list[AutosaveInfo]:
    """Every unfinished autosave in `folder` (default: the save folder), newest first. Labelled
    from the index beside them (`INDEX`); what it lacks or has stale is read and the index rewritten."""
    if folder is None:
        from game.store.saves import save_dir

        folder = save_dir()
    d = Path(folder)
    if not d.is_dir():
        return []
    games: set[str] = set()
    for q in d.iterdir():
        name = q.name.removesuffix(".bak")
        if name.startswith(PREFIX) and name.endswith(".json"):
            games.add(name[len(PREFIX) : -len(".json")])
    index = load_index(d)
    before = json.dumps(index, sort_keys=True)
    out = []
    for g in games:
        try:
            out.append(_info(d / f"{PREFIX}{g}.json", g.split(".")[0], index))
        except OSError:  # removed while we looked
            continue
    if json.dumps(index, sort_keys=True) != before:
        try:
            with index_lock(d):  # merged into the index as it is now (another program may have written it)
                now = load_index(d)
                for k, v in index.items():
                    seq = max(seq_of(v), seq_of(now.get(k)))
                    now[k] = {**v, "seq": seq} if seq else v
                write_index(d, {k: v for k, v in now.items() if (d / k).exists()})
        except OSError:
            pass  # a read-only folder: the label is right, only slower next time
    # the last played first: by the play counter (a clock set back does not reorder them), then the clock
    return sorted(out, key=lambda i: (-i.seq, -i.modified, i.game))


def last_unfinished(folder: str | Path | None = None) -> AutosaveInfo | None:
    """The newest unfinished autosave worth continuing, for the menu's "Continue last match" (None:
    there is none): a match in which nobody has acted yet is not offered, a damaged one is; one that
    another program has open now only when there is no other."""
    found = [i for i in unfinished(folder) if i.actions > 0 or i.problem]
    found.sort(key=lambda i: i.elsewhere)  # stable: newest first within each
    return found[0] if found else None
