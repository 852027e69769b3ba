"""The editor's files: save (refused over a good track while the draft has problems, asked first when
someone else changed the file), save as, save as a draft, export a PNG, and keep unsaved work
when the window goes away; the file names it offers.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.errors import InputError
from game.i18n import N_, _
from game.racerbile.editing import FileChanged
from game.ui.common.modal import Confirm

if TYPE_CHECKING:
    from game.ui.editor.editor import EditorScene

EXPORT_SIZE = (1600, 1000)


def slug(name: str) -> str:
    """A safe file name for a track name: lower case ASCII letters, digits and underscores, the
    letters of German and Danish spelt out ("Nürburgring" → nuerburgring, "Nåleøjet" → naaleoejet);
    the track's own name keeps its letters."""
    from game.racerbile.tracks import ascii_name

    s = re.sub(r"[^0-9a-z]+", "_", ascii_name(name.strip().lower())).strip("_")
    return s or "track"


def short_path(p: Path, limit: int) -> str:
    """A path to show: the home folder as ~, and no longer than `limit` (its end kept)."""
    text = str(p)
    home = str(Path.home())
    if text.startswith(home + "/"):
        text = "~" + text[len(home):]
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def user_tracks() -> Path:
    """The folder of the user's own tracks (and drafts)."""
    from game.racerbile.tracks import user_track_dir

    return user_track_dir()


class EditorFiles:
    """Saving and exporting the draft of one `EditorScene`."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene

    def default_path(self, suffix: str = ".yaml") -> Path:
        s = self.scene
        p = s.editor.path
        if p is not None:
            return p.with_name(p.stem + suffix) if suffix != ".yaml" else p
        return user_tracks() / f"{slug(s.draft.name)}{suffix}"

    def save(self, path: str | Path | None = None, overwrite: bool = False, then: Callable[[], None] | None = None) -> bool:
        """Ctrl+S: save to the track's file (asking for one if it has none; asking first when
        someone else changed the file since it was opened or saved here)."""
        s = self.scene
        if path is None and s.editor.path is None:
            self.save_as(then=then)
            return False
        try:
            where = s.editor.save(path, overwrite=overwrite)
        except FileChanged as e:
            self.changed_elsewhere(e, then)
            return False
        except InputError as e:
            self.refused(e)
            return False
        except OSError as e:
            s.say(_("cannot write {path}: {error}").format(path=path or s.editor.path, error=e.strerror or e))
            return False
        bak = where.with_name(where.name + ".bak")
        s.say(_("saved {path}").format(path=where) + (" " + _("(the previous version kept as {name})").format(name=bak.name) if bak.is_file() else ""))
        if s.editor.side_error:
            s.say(_("saved {path}, but not the background's place ({error})").format(path=where.name, error=s.editor.side_error))
        s.recovery.write()  # (saved: no recovery copy needed)
        return True

    def changed_elsewhere(self, e: InputError, then: Callable[[], None] | None = None) -> None:
        """The file was changed by someone else: overwrite it (its version kept as .bak), save
        under another name, or not at all."""
        s = self.scene
        def chosen(text: str) -> None:
            s.modal = None
            if text == N_("Overwrite"):
                if self.save(overwrite=True) and then is not None:
                    then()
            elif text == N_("Save as…"):
                self.save_as(then=then)
            else:
                s.quitting = False

        s.say(_("{file} was changed elsewhere since you opened it").format(file=Path(e.file).name))
        s.modal = Confirm(
            s.fonts, s.host.size, _("Changed by someone else"), _("{file} was changed since you opened it. Overwrite?").format(file=Path(e.file).name), [N_("Overwrite"), N_("Save as…"), N_("Cancel")], chosen
        )

    def refused(self, e: InputError) -> None:
        """The draft has problems and would replace a good track: offer to save it as a draft."""
        s = self.scene
        def chosen(text: str) -> None:
            s.modal = None
            if text.startswith("Save as draft"):
                self.save_as_draft()

        s.say(e.message)
        n = len(s.problems)
        detail = (_("{n} problem (listed on the right): the good file stays as it is.") if n == 1 else _("{n} problems (listed on the right): the good file stays as it is.")).format(n=n)
        s.modal = Confirm(s.fonts, s.host.size, _("Not saved over a good track"), detail, [N_("Save as draft…"), N_("Cancel")], chosen)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        """Ctrl+Shift+S: save under a name typed in a dialog (and `then`, once saved)."""
        s = self.scene
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                p = Path(answers[0].strip()).expanduser()
                if p.suffix not in (".yaml", ".yml"):
                    p = p.with_name(p.name + ".yaml")
                if self.save(p) and then is not None:
                    then()

        s.ask(_("Save the track as"), [(_("A .yaml file"), str(self.default_path()))], done)

    def save_as_draft(self) -> None:
        s = self.scene
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.write_draft(answers[0].strip())

        s.ask(_("Save as a draft (with its problems)"), [(_("A file that holds no good track"), str(self.default_path(".draft.yaml")))], done)

    def write_draft(self, path: str | Path) -> bool:
        s = self.scene
        try:
            where = s.editor.save_draft(path)
        except InputError as e:
            s.say(e.message)
            return False
        except OSError as e:
            s.say(_("cannot write {path}: {error}").format(path=path, error=e.strerror or e))
            return False
        s.say(_("draft saved in {path} – the track's own file is unchanged").format(path=where))
        return True

    def export(self) -> None:
        s = self.scene
        def done(answers: list[str] | None) -> None:
            if answers and answers[0].strip():
                self.export_png(answers[0].strip())

        s.ask(_("Export a picture of the board"), [(_("A .png file"), str(self.default_path(".png")))], done)

    def export_png(self, path: str | Path) -> bool:
        s = self.scene
        from game.ui.board.board_app import render_board

        try:
            surf = render_board(s.draft.to_track(), EXPORT_SIZE, s.fonts)
        except Exception as e:  # a broken draft the board cannot draw yet
            s.say(_("cannot draw the board yet: {error}").format(error=e))
            return False
        target = Path(path).expanduser()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surf, str(target))
        except (OSError, pygame.error) as e:
            s.say(_("cannot write {path}: {error}").format(path=target, error=e))
            return False
        s.say(_("exported {path}").format(path=target))
        return True

    def keep_unsaved(self) -> Path | None:
        """Keep the unsaved work: the recovery file now, and a draft `NAME.unsaved.yaml` beside the
        user's tracks (its path; None when it could not be written)."""
        s = self.scene
        s.recovery.write(force=True)
        target = user_tracks() / f"{slug(s.draft.name)}.unsaved.yaml"
        try:
            s.editor.save_draft(target)
        except (InputError, OSError):
            return None
        return target

