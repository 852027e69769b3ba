"""OS advisory file locks: a file another running program holds is not written here.

`FileLock(path)` locks `path` (created if missing; a small side file, never the data itself, which
is replaced by renames) with `fcntl.flock` on POSIX or `msvcrt.locking` on Windows; elsewhere a lock
always succeeds (no protection, no harm). The OS drops the lock when the holder exits, even by
kill -9, so a stale lock never blocks anybody. Locks are per open file: two `FileLock`s of one path
exclude each other within one process too. No pygame here.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

try:  # POSIX
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - Windows
    _fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt as _msvcrt
except ImportError:
    _msvcrt = None  # type: ignore[assignment]

__all__ = ["FileLock", "held_elsewhere"]


class FileLock:
    """An exclusive lock on `path` while `held`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, *, wait: bool = False) -> bool:
        """Take the lock (at once, or `wait` for it); False: somebody else holds it. OSError: the lock
        file cannot be made (a read-only folder) – the caller decides what that means."""
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _lock(fd, wait):
                os.close(fd)
                return False
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def __enter__(self) -> FileLock:
        self.acquire(wait=True)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


def _lock(fd: int, wait: bool) -> bool:
    if _fcntl is not None:
        try:
            _fcntl.flock(fd, _fcntl.LOCK_EX | (0 if wait else _fcntl.LOCK_NB))
        except BlockingIOError:
            return False
        return True
    if _msvcrt is not None:  # pragma: no cover - Windows
        try:
            _msvcrt.locking(fd, _msvcrt.LK_LOCK if wait else _msvcrt.LK_NBLCK, 1)
        except OSError:
            if wait:
                raise
            return False
        return True
    return True  # pragma: no cover - no locks on this platform


def _unlock(fd: int) -> None:
    if _fcntl is not None:
        _fcntl.flock(fd, _fcntl.LOCK_UN)
    elif _msvcrt is not None:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        _msvcrt.locking(fd, _msvcrt.LK_UNLCK, 1)


def held_elsewhere(path: str | Path) -> bool:
    """Somebody (another program, or another lock in this one) holds the lock on `path` now. A lock
    file that cannot even be opened counts as free (there is nothing to be careful about)."""
    if not Path(path).exists():
        return False
    probe = FileLock(path)
    try:
        got = probe.acquire()
    except OSError:
        return False
    probe.release()
    return not got
