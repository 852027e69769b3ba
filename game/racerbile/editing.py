"""The track editor's model: a draft with unlimited undo and redo, live validation, safe saving.

`Editor` keeps the history of drafts (immutable, so cheap to keep): `apply` an edit with a label,
`undo`, `redo` (a new edit clears what could be redone). `problems()` runs the real validator on
the current draft – written out with `dump_track`, read back with `track_from_text`, checked by
`validate` – and names for each problem the fields it concerns, so the board can mark them.

Saving never loses a good track: the file is written atomically, the version it replaces is kept
as `FILE.bak`, and a draft with problems is refused (`InputError` naming the first problem) over a
file that holds a valid track, or over the draft's own file. `save_draft` writes a broken draft
under another name, never over a valid track file.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.errors import InputError
from game.fileio import atomic_write
from game.hexgrid import Hex
from game.racerbile.draft import Background, Draft
from game.racerbile.trackfile import parse_path, read_track, track_from_text
from game.racerbile.trackwriter import dump_track
from game.racerbile.validate import TrackErrors, _Checker, validate

_HEX = re.compile(r"(?<![\w.,-])(-?\d+),(-?\d+)(?![\w.]|,-?\d)")


@dataclass(frozen=True)
class Problem:
    """A problem of the draft: the validator's message and the fields it concerns (may be none)."""

    message: str
    fields: tuple[Hex, ...] = ()
    line: int = 0  # where the problem points in the draft's text (`Editor.text`), 1-based; 0: nowhere
    column: int = 0


def _hexes_in(text: str) -> list[Hex]:
    """The fields `Q,R` named in a message, in order, each once."""
    return list(dict.fromkeys(Hex(int(m[1]), int(m[2])) for m in _HEX.finditer(text)))


def check(draft: Draft, file: str = "<draft>") -> tuple[str, list[Problem]]:
    """The draft's text (as `dump_track` writes it) and its problems (none: it can be raced).

    The text is read back as a file would be (a mistake the reader refuses is the one problem) and
    validated; each problem names the fields its message names, or those laid where it points – and
    for a group of fields that is not part of the race, the whole group.
    """
    text = dump_track(draft.to_track())
    try:
        src = track_from_text(text, file)
    except InputError as e:
        return text, [_problem(e, text, draft, set())]
    checker = _Checker(src)
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
    if fields and fields[0] in off_race and "not part of the race" in e.message:
        group, todo = {fields[0]}, [fields[0]]
        while todo:
            for n in todo.pop().neighbours():
                if n in off_race and n not in group:
                    group.add(n)
                    todo.append(n)
        fields += sorted(group - set(fields), key=lambda h: (h.r, h.q))
    return Problem(e.message, tuple(fields), e.line, e.column)


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
        self._checked: dict[int, tuple[Draft, str, list[Problem]]] = {}  # by the draft's id (the draft kept alive)

    # opening

    @classmethod
    def open(cls, path: str | Path, *, broken_ok: bool = False) -> Editor:
        """Edit a track file. A file that cannot be read, or (unless `broken_ok`) holds a track with
        problems, raises its `InputError` (`file:line:column: message`; `TrackErrors` lists every
        problem); nothing is written. With `broken_ok` a file that reads opens to be mended."""
        src = read_track(path)
        if not broken_ok:
            errors = validate(src)
            if errors:
                raise TrackErrors(errors)
        draft = Draft.from_track(src.track)
        bg = read_background(Path(path))
        return cls(draft if bg is None else draft.set_background(bg), Path(path))

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

    def apply(self, edit: Callable[[Draft], Draft], label: str) -> bool:
        """Make an edit (a function of the draft) and record it under `label`, clearing what could be
        redone; False, and nothing recorded, if it changes nothing."""
        new = edit(self.draft)
        if new == self.draft:
            return False
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

    def _check(self) -> tuple[str, list[Problem]]:
        draft = self.draft
        got = self._checked.pop(id(draft), None)  # (put back last: the least recently used go first)
        if got is None or got[0] is not draft:
            text, problems = check(draft, str(self.path) if self.path else "<draft>")
            got = (draft, text, problems)
            while len(self._checked) >= self.CACHE:
                del self._checked[next(iter(self._checked))]
        self._checked[id(draft)] = got
        return got[1], got[2]

    def problems(self) -> list[Problem]:
        """Every problem of the current draft (none: it can be raced), worked out once per draft."""
        return list(self._check()[1])

    def text(self) -> str:
        """The current draft as the text of its file (what `save` writes)."""
        return self._check()[0]

    # saving

    def save(self, path: str | Path | None = None) -> Path:
        """Write the draft to `path` (default: its own file) atomically, keeping the file's previous
        version as `FILE.bak`; the draft's file is then `path`. A draft with problems is refused –
        `InputError` naming the first problem, nothing written – over a file that holds a valid track,
        and over its own file when that held one (use `save_draft` under another name)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise InputError("the track has no file yet: save it under a name", "<draft>")
        text, problems = self._check()
        if problems and (_holds_valid_track(target) or (self._own_valid and _same_file(target, self.path))):
            raise InputError(f"not saved: {_count(problems)} – the first: {problems[0].message}", str(target))
        _write(target, text)
        write_background(target, self.draft.background)
        self.path = target
        self._saved = self.draft
        self._own_valid = not problems
        return target

    def save_draft(self, path: str | Path) -> Path:
        """Write the draft even with problems (to go on with it later) – but never over a file that
        holds a valid track. The draft's own file stays what it was."""
        target = Path(path)
        text, problems = self._check()
        if problems and (_holds_valid_track(target) or (self._own_valid and _same_file(target, self.path))):
            raise InputError(f"not saved: {_count(problems)}, and this file holds a valid track – choose another name", str(target))
        _write(target, text)
        write_background(target, self.draft.background)
        return target


def sidecar(track_file: Path) -> Path:
    """Where the editor keeps what is not part of the track (the background image):
    `NAME.editor.json` beside `NAME.yaml`."""
    return track_file.with_name(track_file.stem + ".editor.json")


def write_background(track_file: Path, bg: Background | None) -> None:
    """Keep the background beside the track (its image path relative to the track's folder when it
    lies there); no background, no side file."""
    side = sidecar(track_file)
    if bg is None:
        side.unlink(missing_ok=True)
        return
    image = Path(bg.path)
    try:
        shown = str(image.resolve().relative_to(track_file.resolve().parent))
    except ValueError:
        shown = str(image)
    data = {"background": {"path": shown, "scale": bg.scale, "offset": list(bg.offset), "opacity": bg.opacity}}
    atomic_write(side, json.dumps(data, indent=1) + "\n")


def read_background(track_file: Path) -> Background | None:
    """The background kept beside a track, or None (none, or a side file that cannot be read –
    it only helps tracing, so a broken one is passed over rather than refusing the track)."""
    side = sidecar(track_file)
    try:
        bg = json.loads(side.read_text(encoding="utf-8"))["background"]
        image = Path(str(bg["path"]))
        if not image.is_absolute():
            image = track_file.parent / image
        x, y = bg["offset"]
        return Background(str(image), float(bg["scale"]), (float(x), float(y)), float(bg["opacity"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


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


__all__ = ["Editor", "Problem", "check"]
