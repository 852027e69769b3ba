"""The editor's recovery files: the draft being edited, written every few seconds, offered again
after a crash, a kill or a power cut.

A recovery file is JSON (`draft_to_data`: every part of the draft, the background included – a
draft that is no track yet is kept as drawn, not as a track file the reader might refuse), with
the track file it belongs to, the process that writes it and when. It lives in
`recovery_dir()`, one per editor: `track-<hash of the path>.json` for a track with a file,
`new-<pid>-<time>.json` for a new one. It is written atomically (`game.store.fileio`), removed when the
work is saved or left on purpose, and read back strictly (`read_recovery` raises `ValueError`
naming what is wrong; a damaged file is never half believed).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.errors import InputError
from game.store.fileio import atomic_write, read_file
from game.hexgrid import Hex
from game.racerbile.draft import ORIENTATIONS, Background, Draft, FrozenMap
from game.racerbile.track import MAX_FIELDS, THEMES, Kind, Label, PitLane, Split

VERSION = 1
MAX_BYTES = 8 * 1024 * 1024  # a recovery file larger than this is not read
COORD = 10**6  # coordinates beyond this are no field anybody drew


def recovery_dir() -> Path:
    """Where the editor keeps its recovery files (beside the user's tracks, not among them)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "stammtisch" / "editor-recovery"


def recovery_file(track: Path | None, token: str) -> Path:
    """The recovery file of the editor of `track` (None: a new track; `token` tells the editors of
    new tracks apart)."""
    if track is None:
        return recovery_dir() / f"new-{token}.json"
    try:
        key = str(track.resolve())
    except OSError:  # pragma: no cover
        key = str(track)
    return recovery_dir() / f"track-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:16]}.json"


# --- the draft as data ----------------------------------------------------------------------------


def _hx(h: Hex) -> list[int]:
    return [int(h[0]), int(h[1])]


def draft_to_data(d: Draft) -> dict[str, Any]:
    """The whole draft as JSON-able data (`draft_from_data` reads it back equal)."""
    bg = d.background
    return {
        "name": d.name,
        "author": d.author,
        "orientation": d.orientation,
        "theme": d.theme,
        "fields": [[*_hx(h), k.value] for h, k in d.fields.items()],
        "start": [_hx(h) for h in d.start],
        "heading": d.heading,
        "arrows": [[*_hx(h), w] for h, w in d.arrows.items()],
        "splits": [
            {"name": s.name, "fork": _hx(s.fork), "rejoin": _hx(s.rejoin), "branches": [[n, _hx(b)] for n, b in s.branches]}
            for s in d.splits
        ],
        "pit": None if d.pit is None else {"fields": [_hx(h) for h in d.pit.fields], "entry": _hx(d.pit.entry), "exit": _hx(d.pit.exit)},
        "field42": None if d.field42 is None else _hx(d.field42),
        "dunlop": [_hx(h) for h in d.dunlop],
        "labels": [[*_hx(lb.at), lb.text] for lb in d.labels],
        "background": None
        if bg is None
        else {"path": bg.path, "scale": bg.scale, "offset": list(bg.offset), "opacity": bg.opacity},
    }


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise ValueError(what)


def _str(v: object, what: str, limit: int = 500) -> str:
    _need(isinstance(v, str) and len(v) <= limit, f"{what} must be a text of at most {limit} characters")
    assert isinstance(v, str)
    return v


def _int(v: object, what: str, lo: int, hi: int) -> int:
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, f"{what} must be a whole number from {lo} to {hi}")
    assert isinstance(v, int)
    return v


def _hex(v: object, what: str) -> Hex:
    _need(isinstance(v, list) and len(v) == 2, f"{what} must be a field [q, r]")
    assert isinstance(v, list)
    return Hex(_int(v[0], what, -COORD, COORD), _int(v[1], what, -COORD, COORD))


def _list(v: object, what: str, limit: int = MAX_FIELDS) -> list[Any]:
    _need(isinstance(v, list) and len(v) <= limit, f"{what} must be a list of at most {limit} entries")
    assert isinstance(v, list)
    return v


def finite(v: object, what: str, lo: float, hi: float) -> float:
    """`v` as a float, if it is a finite number in [lo, hi] (ValueError naming `what` otherwise)."""
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi and math.isfinite(v)  # (range first: a 400-digit int is no float)
    _need(ok, f"{what} must be a number from {lo:g} to {hi:g} (got {v!r})")
    return float(v)  # type: ignore[arg-type]


def background_from_data(v: object, where: str = "background") -> Background:
    """A background from its data, every number finite and in range (ValueError otherwise)."""
    _need(isinstance(v, dict), f"{where} must be a mapping")
    assert isinstance(v, dict)
    off = v.get("offset")
    _need(isinstance(off, list) and len(off) == 2, f"{where}.offset must be two numbers [x, y]")
    assert isinstance(off, list)
    return Background(
        _str(v.get("path"), f"{where}.path", 4096),
        finite(v.get("scale"), f"{where}.scale", 1e-3, 1e6),
        (finite(off[0], f"{where}.offset x", -1e6, 1e6), finite(off[1], f"{where}.offset y", -1e6, 1e6)),
        finite(v.get("opacity"), f"{where}.opacity", 0.0, 1.0),
    )


def draft_from_data(v: object) -> Draft:
    """The draft `draft_to_data` wrote; ValueError naming the first thing that is wrong."""
    _need(isinstance(v, dict), "the draft must be a mapping")
    assert isinstance(v, dict)
    orientation = _str(v.get("orientation"), "orientation")
    _need(orientation in ORIENTATIONS, f"orientation must be one of {', '.join(ORIENTATIONS)}")
    theme = _str(v.get("theme"), "theme")
    _need(theme in THEMES, f"theme must be one of {', '.join(THEMES)}")
    fields: dict[Hex, Kind] = {}
    for i, f in enumerate(_list(v.get("fields"), "fields")):
        _need(isinstance(f, list) and len(f) == 3, f"fields[{i}] must be [q, r, kind]")
        kind = _str(f[2], f"fields[{i}] kind")
        _need(kind in {k.value for k in Kind}, f"fields[{i}]: unknown kind {kind!r}")
        fields[_hex(f[:2], f"fields[{i}]")] = Kind(kind)
    arrows: dict[Hex, int] = {}
    for i, a in enumerate(_list(v.get("arrows"), "arrows")):
        _need(isinstance(a, list) and len(a) == 3, f"arrows[{i}] must be [q, r, direction]")
        arrows[_hex(a[:2], f"arrows[{i}]")] = _int(a[2], f"arrows[{i}] direction", 0, 5)
    splits = []
    for i, s in enumerate(_list(v.get("splits"), "splits", 100)):
        _need(isinstance(s, dict), f"splits[{i}] must be a mapping")
        branches = []
        for j, b in enumerate(_list(s.get("branches"), f"splits[{i}].branches", 20)):
            _need(isinstance(b, list) and len(b) == 2, f"splits[{i}].branches[{j}] must be [name, field]")
            branches.append((_str(b[0], f"splits[{i}].branches[{j}] name"), _hex(b[1], f"splits[{i}].branches[{j}]")))
        splits.append(Split(_str(s.get("name"), f"splits[{i}].name"), _hex(s.get("fork"), f"splits[{i}].fork"), tuple(branches), _hex(s.get("rejoin"), f"splits[{i}].rejoin")))
    pit = None
    p = v.get("pit")
    if p is not None:
        _need(isinstance(p, dict), "pit must be a mapping")
        pf = tuple(_hex(h, "pit.fields") for h in _list(p.get("fields"), "pit.fields"))
        _need(len(pf) > 0, "pit.fields must hold at least one field")
        pit = PitLane(pf, _hex(p.get("entry"), "pit.entry"), _hex(p.get("exit"), "pit.exit"))
    f42 = v.get("field42")
    labels = []
    for i, lb in enumerate(_list(v.get("labels"), "labels")):
        _need(isinstance(lb, list) and len(lb) == 3, f"labels[{i}] must be [q, r, text]")
        labels.append(Label(_hex(lb[:2], f"labels[{i}]"), _str(lb[2], f"labels[{i}] text")))
    bg = v.get("background")
    return Draft(
        name=_str(v.get("name"), "name"),
        author=_str(v.get("author"), "author"),
        orientation=orientation,
        theme=theme,
        fields=FrozenMap(fields),
        start=tuple(_hex(h, "start") for h in _list(v.get("start"), "start", 100)),
        heading=_int(v.get("heading"), "heading", 0, 5),
        arrows=FrozenMap(arrows),
        splits=tuple(splits),
        pit=pit,
        field42=None if f42 is None else _hex(f42, "field42"),
        dunlop=tuple(_hex(h, "dunlop") for h in _list(v.get("dunlop"), "dunlop")),
        labels=tuple(labels),
        background=None if bg is None else background_from_data(bg),
    )


# --- the files ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recovery:
    """A recovery file read back: the draft, the track file it belongs to (None: a new track),
    when it was written (seconds since the epoch) and by which process."""

    file: Path
    draft: Draft
    track: Path | None
    written: float
    pid: int


def write_recovery(file: Path, draft: Draft, track: Path | None) -> None:
    """Write the recovery file atomically (OSError when the disk or folder refuses: the previous
    recovery file then stays as it was)."""
    data = {
        "stammtisch-editor-recovery": VERSION,
        "pid": os.getpid(),
        "written": time.time(),
        "track": None if track is None else str(track),
        "draft": draft_to_data(draft),
    }
    atomic_write(file, json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is no number")


def read_recovery(file: Path) -> Recovery:
    """A recovery file read back; ValueError (or OSError) saying what is wrong with it."""
    try:
        raw = read_file(file, MAX_BYTES)  # a regular file of a bounded size, opened without blocking
    except InputError as e:
        raise ValueError(e.message) from None
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"not a recovery file ({e})") from None
    _need(isinstance(data, dict) and data.get("stammtisch-editor-recovery") == VERSION, "not a recovery file of this version")
    track = data.get("track")
    return Recovery(
        file,
        draft_from_data(data.get("draft")),
        None if track is None else Path(_str(track, "track", 4096)),
        finite(data.get("written"), "written", 0, 1e11),
        _int(data.get("pid"), "pid", 0, 2**31),
    )


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # (this process: an editor of an earlier run in it, gone)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # pragma: no cover - someone else's process: alive
        return True
    return True


def left_behind(r: Recovery) -> bool:
    """Whether the editor that wrote the recovery file is gone (its work is then to be offered)."""
    return not _alive(r.pid)


def recoveries(include_live: bool = False) -> list[Recovery]:
    """The recovery files left by editors that are gone (newest first); files being written by a
    running editor only with `include_live`. Damaged files are left out (and left alone)."""
    folder = recovery_dir()
    out = []
    for f in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            r = read_recovery(f)
        except (OSError, ValueError):
            continue
        if include_live or left_behind(r):
            out.append(r)
    return sorted(out, key=lambda r: -r.written)


def remove_recovery(file: Path) -> None:
    try:
        file.unlink(missing_ok=True)
    except OSError:
        pass
