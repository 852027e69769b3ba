"""The methods `dataclasses` makes, compiled once and kept beside the bytecode (issue 30).

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__` … as source text and compiles it
with `exec` at every start – some 4M instructions a class, a tenth of the menu's first frame for the
classes it needs. `install()` gives the `dataclasses` module an `exec` that compiles a text only the
first time: the code objects are kept, by their text, in `game/__pycache__` as Python keeps its
bytecode (not written when `sys.dont_write_bytecode`; a folder that cannot be written keeps nothing).
The code run is the same: the text compiled as `exec` would, without the caller's future flags.
"""
from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

MAX_KEPT = 600  # texts kept in the file: this process's first, then the others' (each code unpacked when asked for)
FILE = Path(__file__).resolve().parent / "__pycache__" / f"dataclass_methods.{sys.implementation.cache_tag}.marshal"

_kept: dict[str, bytes] = {}  # text → its code, marshalled: from the file and compiled since
_used: dict[str, None] = {}  # the texts this process asked for, in order
_new = False  # a text was compiled that the file lacks


def _read() -> dict[str, bytes]:
    try:
        data = marshal.loads(FILE.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def _exec(source: Any, globals: dict[str, Any] | None = None, locals: Any = None) -> None:  # noqa: A002 - `exec`'s own names
    """`exec` as `dataclasses` calls it, a text compiled once."""
    global _new
    if not isinstance(source, str):
        builtins.exec(source, globals, locals)
        return
    code: Any = None
    packed = _kept.get(source)
    if isinstance(packed, bytes):
        try:
            code = marshal.loads(packed)
        except (EOFError, ValueError, TypeError):
            code = None
    if not isinstance(code, CodeType):
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _kept[source] = marshal.dumps(code)
        _new = True
    _used[source] = None
    builtins.exec(code, globals, locals)


def _write() -> None:
    """Keep what this process compiled (with its own texts first), as bytecode is kept."""
    if not _new or sys.dont_write_bytecode:
        return
    others = _read()  # (what other processes kept meanwhile)
    keep: dict[str, bytes] = {}
    for k in [*_used, *others, *_kept]:
        v = _kept.get(k, others.get(k))
        if isinstance(k, str) and isinstance(v, bytes) and k not in keep:
            keep[k] = v
            if len(keep) == MAX_KEPT:
                break
    import tempfile

    try:
        FILE.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=FILE.parent, prefix=".dataclass_methods.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(marshal.dumps(keep))
            os.chmod(tmp, 0o644)  # (as Python's own bytecode files)
            os.replace(tmp, FILE)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a folder that cannot be written (an installed package): compiled anew next time


def install() -> None:
    """Give `dataclasses` the compiling-once `exec` (idempotent)."""
    if getattr(dataclasses, "exec", None) is _exec:
        return
    _kept.update(_read())
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_write)
