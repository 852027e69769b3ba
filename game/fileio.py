"""Writing files safely: a save is whole or not there at all."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
        try:
            os.unlink(tmp)
        except OSError:
            pass
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
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(p.parent)


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
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(p.parent)
