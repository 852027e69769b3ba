"""Files a person names for the program to write (`--save`, `--screenshot`, `--export`, `-o`,
`--journal`, a new track or shot file): checked before any work is done (`check_output`), and a
finished match never lost to a path that fails all the same at the end (`write_or_fall_back`: the
save folder takes it, and the caller says where it went). No pygame here."""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

from game.errors import InputError

SYSTEM = ("/proc", "/sys", "/dev")  # the kernel's and the devices' places: no file of ours goes there
NAME_SPARE = 16  # a temporary file beside the target is named `.NAME.XXXXXXXX.tmp` (`fileio.synced_temp`)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _limit(folder: Path, name: str, default: int) -> int:
    try:
        return int(os.pathconf(folder, name))
    except (OSError, ValueError):
        return default


def check_output(path: str | Path, what: str) -> Path:
    """`path` as a file this program can write (the folders to it may still be missing); an
    `InputError` at `path` naming `what` (the option) if not: a folder, a FIFO, a device or a
    socket, a place in /proc, /sys or /dev, a symlink loop, a file where a folder should be, a name
    too long for the file system, a folder that cannot be written. Never opens the path (a FIFO
    would block)."""
    text = str(path)

    def no(why: str) -> InputError:
        return InputError(f"{what} cannot write here: {why}", text)

    if not text.strip():
        raise no("no file named")
    if "\0" in text:
        raise no("a NUL character in the name")
    if text.endswith(("/", os.sep)) or Path(text).name in ("", ".", ".."):
        raise no("that names a folder, not a file")
    p = Path(text)
    where = os.path.realpath(os.path.abspath(p.parent))
    if any(where == s or where.startswith(s + "/") for s in SYSTEM):
        raise no(f"{where} is a place of the system, not a folder for files")
    try:
        st = os.stat(p)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise no("a symlink loop (the link points back at itself)") from None
        if e.errno == errno.ENAMETOOLONG:
            raise no("the name is too long for the file system") from None
        if e.errno == errno.ENOTDIR:
            raise no(f"{_file_in_the_way(p)} is a file, not a folder") from None
        if e.errno != errno.ENOENT:
            raise no(e.strerror or str(e)) from None
    else:
        if stat.S_ISDIR(st.st_mode):
            raise no("it is a folder")
        if not stat.S_ISREG(st.st_mode):
            raise no(f"it is {_kind(st.st_mode)}, not a regular file")
    folder = p.parent
    missing: list[str] = []
    while True:
        try:
            fst = os.stat(folder)
        except OSError as e:
            if e.errno == errno.ENOENT and folder != folder.parent:
                missing.append(folder.name)
                folder = folder.parent
                continue
            raise no(f"{folder}: {e.strerror or e}") from None
        break
    if not stat.S_ISDIR(fst.st_mode):
        raise no(f"{folder} is a file, not a folder")
    name_max = _limit(folder, "PC_NAME_MAX", 255)
    for part in (*missing, p.name):
        if len(os.fsencode(part)) + (NAME_SPARE if part == p.name else 0) > name_max:
            raise no(f"the name is too long for the file system (at most {name_max - NAME_SPARE} bytes)")
    path_max = _limit(folder, "PC_PATH_MAX", 4096)
    if len(os.fsencode(os.path.abspath(p))) + NAME_SPARE >= path_max:
        raise no(f"the path is too long for the file system (at most {path_max - NAME_SPARE} bytes)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise no(f"the folder {folder} cannot be written")
    return p


def exists(path: str | Path) -> bool:
    """Whether `path` names something (False also when asking fails: a name too long, a loop –
    `check_output` then says why)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def _file_in_the_way(p: Path) -> Path:
    """The first ancestor of `p` that is not a folder."""
    for a in reversed(p.parents):
        if a.exists() and not a.is_dir():
            return a
    return p.parent


def write_or_fall_back(target: Path, write: Callable[[Path], None], name: str,
                       folders: tuple[Path, ...] | None = None) -> tuple[Path, str | None]:
    """`write(target)`; should it fail (OSError), `write` into the save folder (else the temporary
    folder) as `name` (numbered if taken). Returns where it went and, after a fall-back, why the
    target failed; an `InputError` at `target` only if nowhere could take it."""
    try:
        write(target)
        return target, None
    except OSError as e:
        why = e.strerror or str(e)
    try:  # what is wrong with it now, in words ("File exists" says little when a file took a folder's place)
        check_output(target, "")
    except InputError as e:
        why = e.message.removeprefix(" cannot write here: ")
    if folders is None:
        from game.store.saves import save_dir

        folders = (save_dir(), Path(tempfile.gettempdir()))
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            dest = _fresh(folder, name)
            write(dest)
            return dest, why
        except OSError:
            continue
    raise InputError(f"cannot write it ({why}), nor into {' or '.join(map(str, folders))}", str(target))


def _fresh(folder: Path, name: str) -> Path:
    p = folder / name
    stem, suffix = p.stem, p.suffix
    n = 2
    while p.exists() or p.is_symlink():
        p = folder / f"{stem}-{n}{suffix}"
        n += 1
    return p
