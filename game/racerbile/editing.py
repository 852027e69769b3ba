"""The track editor's model: a draft with unlimited undo and redo, live validation, safe saving.

`Editor` keeps the history of drafts (immutable, so cheap to keep): `apply` an edit with a label,
`undo`, `redo` (a new edit clears what could be redone). `problems()` runs the real validator's
checks on the current draft itself (`DraftChecker`: the track's graph built once, no text written
or read) and names for each problem the fields it concerns, so the board can mark them; where a
problem points in the file (`Problem.line`) is worked out from the written text when asked for. A
draft the reader would refuse (`reads_back`) is written out and read back as a file would be
(`check`), so that the reader's message is the one problem.

Saving never loses a good track: the file is written atomically, the version it replaces is kept
as `FILE.bak`, and a draft with problems is refused (`InputError` naming the first problem) over a
file that holds a valid track, or over the draft's own file. `save_draft` writes a broken draft
under another name, never over a valid track file.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from game.errors import InputError
from game.store.fileio import atomic_write, read_file
from game.hexgrid import DIRECTIONS, Hex
from game.racerbile.draft import ORIENTATIONS, Background, Draft
from game.racerbile.draftcheck import DraftChecker, locate_in
from game.racerbile.recovery import background_from_data, draft_from_data, draft_to_data
from game.racerbile.track import MAX_FIELDS, THEMES, Track
from game.racerbile.trackfile import TrackSource, parse_path, read_track, track_from_text
from game.racerbile.trackwriter import dump_track
from game.racerbile.validate import Checker, TrackErrors, Where, validate

_HEX = re.compile(r"(?<![\w.,-])(-?\d+),(-?\d+)(?![\w.]|,-?\d)")


class Problem:
    """A problem of the draft: the validator's message and the fields it concerns (may be none).

    `line` and `column` tell where it points in the draft's text (`Editor.text`), 1-based (0:
    nowhere); a problem found on the draft itself works them out when first asked for (that
    writes the draft out and reads it back once, for all its problems)."""

    __slots__ = ("message", "fields", "_pos", "_locate")

    def __init__(
        self, message: str, fields: tuple[Hex, ...] = (), line: int = 0, column: int = 0, *, locate: Callable[[], tuple[int, int]] | None = None
    ) -> None:
        self.message = message
        self.fields = tuple(fields)
        self._pos: tuple[int, int] | None = (line, column) if locate is None else None
        self._locate = locate

    def _where(self) -> tuple[int, int]:
        if self._pos is None:
            assert self._locate is not None
            self._pos, self._locate = self._locate(), None
        return self._pos

    @property
    def line(self) -> int:
        return self._where()[0]

    @property
    def column(self) -> int:
        return self._where()[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return (self.message, self.fields, self._where()) == (other.message, other.fields, other._where())

    def __hash__(self) -> int:
        return hash((self.message, self.fields))

    def __repr__(self) -> str:
        return f"Problem({self.message!r}, {self.fields!r}, line={self.line}, column={self.column})"


def _hexes_in(text: str) -> list[Hex]:
    """The fields `Q,R` named in a message, in order, each once."""
    return list(dict.fromkeys(Hex(int(m[1]), int(m[2])) for m in _HEX.finditer(text)))


class Checked:
    """A draft's track (its graph built once), its problems, and its text – written out only when
    asked for (to save it, or to place a problem in it)."""

    def __init__(self, draft: Draft, file: str = "<draft>", prev: Checked | None = None) -> None:
        self.draft = draft
        self.file = file
        self.track = draft.to_track()
        self._text: str | None = None
        self._source: TrackSource | None = None
        self.checker: DraftChecker | None = None
        self._graph_of = self.track  # the track the graph was built for
        if prev is not None and prev.checker is not None and _same_ways(prev.draft, draft):
            # only kinds, labels, splits, the Le Mans features or texts changed: the same graph (its
            # track, which it holds weakly, kept alive with it)
            vars(self.track)["graph"] = prev.track.graph
            self._graph_of = prev._graph_of
        self.problems = self._problems(prev.checker if prev is not None else None)

    @property
    def text(self) -> str:
        """The draft as the text of its file (what `dump_track` writes)."""
        if self._text is None:
            self._text = dump_track(self.track)
        return self._text

    def source(self) -> TrackSource:
        """The text read back (only for a draft that reads back as drawn)."""
        if self._source is None:
            self._source = track_from_text(self.text, self.file)
        return self._source

    def _problems(self, prev: DraftChecker | None) -> list[Problem]:
        if not reads_back(self.draft):
            text, problems = check(self.draft, self.file)
            self._text = text
            return problems
        checker = self.checker = DraftChecker(self.track, self.file, prev)
        try:
            errors = checker.run()
        except Exception as e:  # a validator bug must not take the editor down  # pragma: no cover
            self.checker = None
            return [Problem(f"internal error while checking the track ({type(e).__name__}: {e}); please report it")]
        off_race = checker.lost | checker.dead
        out = []
        for err, where in zip(errors, checker.wheres):
            fields = _hexes_in(err.message)
            if not fields:
                got = checker.fields_at(where)
                if got is None:  # the line must be read off the text
                    line, col = locate_in(self.source(), where)
                    out.append(_problem(InputError(err.message, self.file, line, col), self.text, self.draft, off_race))
                    continue
                fields = got
            out.append(_group(err.message, fields, off_race, self._locator(where)))
        return out

    def _locator(self, where: Where | Hex) -> Callable[[], tuple[int, int]]:
        return lambda: locate_in(self.source(), where)


def _same_ways(a: Draft, b: Draft) -> bool:
    """Whether two drafts have the same track graph (the same fields, start line, arrows, pit lane)."""
    if a.start != b.start or a.heading != b.heading or a.pit != b.pit or a.arrows != b.arrows:
        return False
    fa, fb = a.fields, b.fields
    return fa is fb or (len(fa) == len(fb) and fa.keys() == fb.keys())


_COORD = 10**6  # coordinates the reader takes as single fields (at most 6 digits)


def reads_back(draft: Draft) -> bool:
    """Whether the draft, written out, reads back as drawn (nothing the reader would refuse): then
    its problems are found on the draft itself. (When in doubt, False: the text is read back.)"""
    fields = draft.fields
    if not draft.name.strip() or (draft.author and not draft.author.strip()):
        return False
    if draft.theme not in THEMES or draft.orientation not in ORIENTATIONS or draft.heading not in range(6):
        return False
    pit = draft.pit.fields if draft.pit is not None else ()
    if len(fields) + len(pit) > MAX_FIELDS:
        return False
    if len(set(draft.start)) != len(draft.start) or any(h not in fields for h in draft.start):
        return False
    if any(d not in range(6) for d in draft.arrows.values()):
        return False
    for sp in draft.splits:
        names = [n for n, _ in sp.branches]
        if not sp.name.strip() or len(set(names)) != len(names) or not all(isinstance(n, str) and n.strip() for n in names):
            return False
    if draft.pit is not None and (len(set(pit)) != len(pit) or any(h in fields for h in pit)):
        return False
    if len(set(draft.dunlop)) != len(draft.dunlop):
        return False
    if any(not isinstance(lb.text, str) or not lb.text.strip() for lb in draft.labels):
        return False
    others: list[Hex] = [*draft.arrows, *pit, *draft.dunlop, *(lb.at for lb in draft.labels)]
    for sp in draft.splits:
        others += [sp.fork, sp.rejoin, *(h for _, h in sp.branches)]
    if draft.pit is not None:
        others += [draft.pit.entry, draft.pit.exit]
    if draft.field42 is not None:
        others.append(draft.field42)
    if _far(fields) or _far(others):
        return False
    return True


def _far(hexes: Iterable[Hex]) -> bool:
    """Whether a hex lies too far out for the reader (or is no pair of ints)."""
    qs = [h[0] for h in hexes]
    rs = [h[1] for h in hexes]
    if not qs:
        return False
    return max(qs) >= _COORD or min(qs) <= -_COORD or max(rs) >= _COORD or min(rs) <= -_COORD


def check(draft: Draft, file: str = "<draft>") -> tuple[str, list[Problem]]:
    """The draft's text (as `dump_track` writes it) and its problems (none: it can be raced), by
    writing it out and reading it back (what `Checked` does directly, where it can).

    The text is read back as a file would be (a mistake the reader refuses is the one problem) and
    validated; each problem names the fields its message names, or those laid where it points – and
    for a group of fields that is not part of the race, the whole group.
    """
    text = dump_track(draft.to_track())
    try:
        src = track_from_text(text, file)
    except InputError as e:
        return text, [_problem(e, text, draft, set())]
    checker = Checker(src)
    try:
        errors = checker.run()
    except Exception as e:  # a validator bug must not take the editor down  # pragma: no cover
        return text, [Problem(f"internal error while checking the track ({type(e).__name__}: {e}); please report it")]
    off_race = getattr(checker, "lost", set()) | getattr(checker, "dead", set())
    return text, [_problem(e, text, draft, off_race) for e in errors]


def _problem(e: InputError, text: str, draft: Draft, off_race: set[Hex]) -> Problem:
    """A validator's error as a problem: the hexes its message names (on the track or not – an arrow
    pointing off it, a start field beside it), else those laid where it points in the text; for a
    group of fields that is not part of the race, the whole group."""
    fields = _hexes_in(e.message) or _fields_at(text, e.line, e.column)
    return _group(e.message, fields, off_race, None, e.line, e.column)


def _group(
    message: str, fields: list[Hex], off_race: set[Hex], locate: Callable[[], tuple[int, int]] | None, line: int = 0, column: int = 0
) -> Problem:
    """The problem, with the whole group of fields that is not part of the race where it names one."""
    if fields and fields[0] in off_race and "not part of the race" in message:
        group, todo = {fields[0]}, [fields[0]]
        while todo:
            for n in todo.pop().neighbours():
                if n in off_race and n not in group:
                    group.add(n)
                    todo.append(n)
        fields = fields + sorted(group - set(fields), key=lambda h: (h.r, h.q))
    return Problem(message, tuple(fields), line, column, locate=locate)


_PATH = re.compile(r"-?\d+,-?\d+(?:[ \t]+(?:[a-z]+|[0-5])\d*)*")


def _fields_at(text: str, line: int, column: int) -> list[Hex]:
    """The fields laid by the path at a place in the text: the step there lays, or the whole path
    when the place is its start (or the key before it)."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return []
    row = lines[line - 1]
    m = _PATH.search(row)  # (the writer puts at most one path on a line)
    if not m:
        return []
    try:
        laid = parse_path(m.group(0))
    except ValueError:
        return []
    col = column - 1 - m.start()
    if col <= 0:
        return [h for h, _ in laid]
    return [h for h, off in laid if off == col] or [h for h, _ in laid]


class Editor:
    """A draft being edited, its history, its problems, and the file it belongs to.

    `path` is the draft's own file (None for a new track). `dirty` tells whether the draft differs
    from what was opened or last saved.
    """

    CACHE = 64  # drafts whose problems are kept (undo and redo find them worked out)

    def __init__(self, draft: Draft | None = None, path: Path | None = None) -> None:
        first = draft if draft is not None else Draft()
        self._history: list[tuple[Draft, str]] = [(first, "start")]
        self._at = 0  # the current draft's place in the history
        self.path: Path | None = Path(path) if path is not None else None
        self._saved = first
        self._own_valid = self.path is not None and _holds_valid_track(self.path)  # its file held a good track
        self.stamp = file_stamp(self.path)  # its file as opened or last saved (None: no such file)
        self.side_error = ""  # the side file could not be written at the last save (the track was)
        self.notes: list[str] = []  # what the designer should know about what was opened (a side file refused …)
        self._checked: dict[int, tuple[Draft, Checked, list[Problem]]] = {}  # by the draft's id (the draft kept alive)

    # opening

    @classmethod
    def open(cls, path: str | Path, *, broken_ok: bool = False) -> Editor:
        """Edit a track file. A file that cannot be read, or (unless `broken_ok`) holds a track with
        problems, raises its `InputError` (`file:line:column: message`; `TrackErrors` lists every
        problem); nothing is written. With `broken_ok` a file that reads opens to be mended – and a
        draft the reader refuses (`save_draft` kept it whole in its side file) opens as drawn.

        A side file that cannot be believed (a NaN or absurd scale …) is left out, and `notes` says so."""
        p = Path(path)
        side, note = read_side(p)
        try:
            src = read_track(p)
        except InputError:
            kept = side.get("draft") if broken_ok else None
            if isinstance(kept, Draft):
                ed = cls(kept, p)
                ed.notes = [note] if note else []
                return ed
            raise
        if not broken_ok:
            errors = validate(src)
            if errors:
                raise TrackErrors(errors)
        draft = Draft.from_track(src.track)
        bg = side.get("background")
        ed = cls(draft.set_background(bg) if isinstance(bg, Background) else draft, p)
        ed.notes = [note] if note else []
        return ed

    @classmethod
    def from_template(cls, name: str) -> Editor:
        """A shipped track (by name, e.g. "le_mans") as the start of a new one – with no file."""
        from game.racerbile.tracks import SHIPPED, shipped_names

        p = SHIPPED / f"{name}.yaml"
        if not p.is_file():
            raise ValueError(f"no shipped track {name!r}; shipped tracks: {', '.join(shipped_names())}")
        return cls(Draft.from_track(read_track(p).track), None)

    # the history

    @property
    def draft(self) -> Draft:
        return self._history[self._at][0]

    @property
    def dirty(self) -> bool:
        """Whether the draft differs from the one opened (or begun with) or last saved."""
        return self.draft != self._saved

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._history) - 1

    @property
    def history(self) -> list[str]:
        """The labels of the edits that made the current draft (the first is "start")."""
        return [label for _, label in self._history[: self._at + 1]]

    @property
    def undo_label(self) -> str | None:
        """The label of the edit `undo` would take back."""
        return self._history[self._at][1] if self.can_undo else None

    @property
    def redo_label(self) -> str | None:
        """The label of the edit `redo` would make again."""
        return self._history[self._at + 1][1] if self.can_redo else None

    def apply(self, edit: Callable[[Draft], Draft], label: str, *, merge: bool = False) -> bool:
        """Make an edit (a function of the draft) and record it under `label`, clearing what could be
        redone; False, and nothing recorded, if it changes nothing. With `merge`, an edit with the
        same label as the last one (nothing undone since) joins it: twenty presses of a key that
        scales the image are one step of the history."""
        new = edit(self.draft)
        if new == self.draft:
            return False
        if merge and self.can_undo and not self.can_redo and self._history[self._at][1] == label:
            self._history[self._at] = (new, label)
            return True
        del self._history[self._at + 1 :]
        self._history.append((new, label))
        self._at += 1
        return True

    def undo(self) -> bool:
        """Back to the draft before the last edit (False: nothing to undo)."""
        if not self.can_undo:
            return False
        self._at -= 1
        return True

    def redo(self) -> bool:
        """Make the edit last undone again (False: nothing to redo)."""
        if not self.can_redo:
            return False
        self._at += 1
        return True

    # validation

    def _check(self) -> tuple[Checked, list[Problem]]:
        draft = self.draft
        file = str(self.path) if self.path else "<draft>"
        got = self._checked.pop(id(draft), None)  # (put back last: the least recently used go first)
        if got is None or got[0] is not draft or got[1].file != file:
            last = next(reversed(self._checked.values()), None)  # (the draft checked last: most often the one before the edit)
            checked = Checked(draft, file, last[1] if last is not None and last[1].file == file else None)
            got = (draft, checked, checked.problems)
            while len(self._checked) >= self.CACHE:
                del self._checked[next(iter(self._checked))]
        self._checked[id(draft)] = got
        return got[1], got[2]

    def problems(self) -> list[Problem]:
        """Every problem of the current draft (none: it can be raced), worked out once per draft."""
        return list(self._check()[1])

    def track(self) -> Track:
        """The current draft's track as checked (its graph built once per draft)."""
        return self._check()[0].track

    def text(self) -> str:
        """The current draft as the text of its file (what `save` writes)."""
        return self._check()[0].text

    # saving

    def changed_on_disk(self) -> bool:
        """Whether the draft's file was changed (or made, or removed) by someone else – another
        editor, a hand edit – since it was opened or last saved here."""
        return self.path is not None and file_stamp(self.path) != self.stamp

    def save(self, path: str | Path | None = None, *, overwrite: bool = False) -> Path:
        """Write the draft to `path` (default: its own file) atomically, keeping the file's previous
        version as `FILE.bak`; the draft's file is then `path`. A draft with problems is refused –
        `InputError` naming the first problem, nothing written – over a file that holds a valid track,
        and over its own file when that held one (use `save_draft` under another name). Its own file
        changed by someone else since it was opened or saved here raises `FileChanged` (nothing
        written) unless `overwrite`. A write that fails (disk full, read-only folder) raises OSError
        and leaves the file as it was."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise InputError("the track has no file yet: save it under a name", "<draft>")
        if not overwrite and _same_file(target, self.path) and self.changed_on_disk():
            raise FileChanged("changed on disk since it was opened here (another editor or a hand edit?)", str(target))
        checked, problems = self._check()
        text = checked.text
        if problems and (_holds_valid_track(target) or (self._own_valid and _same_file(target, self.path))):
            raise InputError(f"not saved: {_count(problems)} – the first: {problems[0].message}", str(target))
        _write(target, text)
        self.path = target
        self._saved = self.draft
        self._own_valid = not problems
        self.stamp = file_stamp(target)
        self.side_error = ""
        try:
            write_background(target, self.draft.background)
        except OSError as e:  # the track is saved; only the background's place is not
            self.side_error = f"{sidecar(target).name}: {e.strerror or e}"
        return target

    def save_draft(self, path: str | Path) -> Path:
        """Write the draft even with problems (to go on with it later) – but never over a file that
        holds a valid track. The draft's own file stays what it was."""
        target = Path(path)
        checked, problems = self._check()
        text = checked.text
        if problems and (_holds_valid_track(target) or (self._own_valid and _same_file(target, self.path))):
            raise InputError(f"not saved: {_count(problems)}, and this file holds a valid track – choose another name", str(target))
        _write(target, text)
        write_background(target, self.draft.background, None if reads_back(self.draft) else (self.draft, text))
        return target


class FileChanged(InputError):
    """The draft's file was changed by someone else since the editor opened or saved it."""


def file_stamp(path: Path | None) -> tuple[int, int, str] | None:
    """What tells a file's version apart: its modification time, size and a hash of its bytes
    (None: no regular file there)."""
    if path is None:
        return None
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # (a FIFO put there since cannot block)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            digest = hashlib.sha256(f.read(MAX_SIDE * 16)).hexdigest()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, digest)


MAX_SIDE = 1024 * 1024  # a side file larger than this is not read


def sidecar(track_file: Path) -> Path:
    """Where the editor keeps what is not part of the track (the background image):
    `NAME.editor.json` beside `NAME.yaml`."""
    return track_file.with_name(track_file.stem + ".editor.json")


def write_background(track_file: Path, bg: Background | None, draft: tuple[Draft, str] | None = None) -> None:
    """Keep the background beside the track (its image path relative to the track's folder when it
    lies there) – and, for a draft the reader would refuse, the whole draft with a hash of the text
    written for it (so that it reopens as drawn while that text is unchanged); nothing to keep, no
    side file."""
    side = sidecar(track_file)
    if bg is None and draft is None:
        side.unlink(missing_ok=True)
        return
    data: dict[str, object] = {}
    if bg is not None:
        image = Path(bg.path)
        try:
            shown = str(image.resolve().relative_to(track_file.resolve().parent))
        except ValueError:
            shown = str(image)
        data["background"] = {"path": shown, "scale": bg.scale, "offset": list(bg.offset), "opacity": bg.opacity}
    if draft is not None:
        d, text = draft
        data["draft"] = draft_to_data(d.set_background(None))
        data["text_sha256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    atomic_write(side, json.dumps(data, indent=1, allow_nan=False) + "\n")


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is no number")


def read_side(track_file: Path) -> tuple[dict[str, object], str]:
    """What the side file keeps – "background" (a `Background`), "draft" (a `Draft`, only while the
    track's text is the one written for it) – and a note for the designer when it is refused (a NaN,
    an infinite or absurd number, a damaged file: then nothing of it is believed, and the track
    opens without it)."""
    side = sidecar(track_file)
    try:
        st = os.stat(side)
    except OSError:
        return {}, ""
    try:
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_SIDE:
            raise ValueError(f"not a regular file of at most {MAX_SIDE // 1024} KB")
        raw = json.loads(_bytes(side, MAX_SIDE).decode("utf-8"), parse_constant=_no_constant)
        if not isinstance(raw, dict):
            raise ValueError("not a mapping")
        out: dict[str, object] = {}
        if raw.get("background") is not None:
            bg = background_from_data(raw["background"])
            image = Path(bg.path)
            if not image.is_absolute():
                bg = Background(str(track_file.parent / image), bg.scale, bg.offset, bg.opacity)
            out["background"] = bg
        if raw.get("draft") is not None:
            try:
                text = _bytes(track_file, MAX_SIDE * 16)
            except (OSError, ValueError):
                text = b""
            if raw.get("text_sha256") == hashlib.sha256(text).hexdigest():
                out["draft"] = draft_from_data(raw["draft"])
    except (OSError, ValueError, RecursionError) as e:  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        return {}, f"{side.name}: {e} – left out"
    return out, ""


def _bytes(path: Path, limit: int) -> bytes:
    """A regular file's bytes, at most `limit` (`game.store.fileio.read_file`: never a FIFO or a device);
    its problem a ValueError, as the side file's others."""
    try:
        return read_file(path, limit)
    except InputError as e:
        raise ValueError(e.message) from None


def read_background(track_file: Path) -> Background | None:
    """The background kept beside a track, or None (none, or a side file that cannot be believed –
    it only helps tracing, so a broken one is passed over rather than refusing the track)."""
    bg = read_side(track_file)[0].get("background")
    return bg if isinstance(bg, Background) else None


ISLAND_MIN = 3  # an empty patch inside the track this large is an island the track forks round


def unsplit_forks(draft: Draft) -> list[tuple[Hex, ...]]:
    """Where the track forks round an island with no split declared: for each such island (a patch
    of at least `ISLAND_MIN` empty hexes closed in by race fields, other than the infield – the
    largest – and not bordered by a declared split's branch) the fields round it. Not a problem –
    the track can be raced – but the designer most likely meant a split (racerbile.split)."""
    fields = set(draft.fields)
    if len(fields) < 6:
        return []
    qs = [h.q for h in fields]
    rs = [h.r for h in fields]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    # the sheet's box as cells numbered row by row (plain ints: a whole-sheet search stays quick)
    width = q1 - q0 + 1
    size = width * (r1 - r0 + 1)
    full = bytearray(size)
    for h in fields:
        full[(h.r - r0) * width + (h.q - q0)] = 1
    steps = [(d.q, d.r) for d in DIRECTIONS]
    seen = bytearray(size)
    holes: list[set[Hex]] = []
    for start in range(size):
        if full[start] or seen[start]:
            continue
        part, todo, outside = [start], [start], False
        seen[start] = 1
        while todo:
            c = todo.pop()
            cq, cr = c % width, c // width
            for dq, dr in steps:
                nq, nr = cq + dq, cr + dr
                if not (0 <= nq < width and 0 <= nr <= r1 - r0):
                    outside = True
                    continue
                n = nr * width + nq
                if not full[n] and not seen[n]:
                    seen[n] = 1
                    part.append(n)
                    todo.append(n)
        if not outside and len(part) >= ISLAND_MIN:
            holes.append({Hex(c % width + q0, c // width + r0) for c in part})
    if len(holes) < 2:
        return []
    holes.sort(key=len, reverse=True)
    branches = {b for sp in draft.splits for _, b in sp.branches} | {h for sp in draft.splits for h in (sp.fork, sp.rejoin)}
    out = []
    for island in holes[1:]:
        shore = sorted({n for h in island for n in h.neighbours() if n in fields}, key=lambda h: (h.r, h.q))
        if not any(h in branches or any(n in branches for n in h.neighbours()) for h in shore):
            out.append(tuple(shore))
    return out


def _count(problems: list[Problem]) -> str:
    return f"the track has {len(problems)} problem{'s' if len(problems) != 1 else ''}"


def _same_file(a: Path, b: Path | None) -> bool:
    if b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:  # pragma: no cover
        return a == b


def _holds_valid_track(path: Path) -> bool:
    """Whether the file holds a track that can be raced."""
    try:
        src = read_track(path)
    except (InputError, OSError):
        return False
    return not validate(src)


def _write(target: Path, text: str) -> None:
    """Write the text atomically, first keeping the file's present version as `FILE.bak` (itself
    written atomically: a crash leaves the file, and the backup, whole)."""
    if target.is_file():
        bak = target.with_name(target.name + ".bak")
        fd, tmp = tempfile.mkstemp(prefix=f".{bak.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(target.read_bytes())
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, bak)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    atomic_write(target, text)


__all__ = ["Checked", "Editor", "FileChanged", "Problem", "check", "file_stamp", "reads_back", "unsplit_forks"]
