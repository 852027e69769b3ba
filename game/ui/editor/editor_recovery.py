"""The editor's safety net: the unsaved work written to a recovery file every few seconds and offered
on the next start, and SIGTERM answered by keeping the work and quitting (no dialog to answer).
"""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _
from game.racerbile.draft import Draft
from game.racerbile.recovery import Recovery, left_behind, read_recovery, recoveries, recovery_file, remove_recovery, write_recovery
from game.ui.common.modal import Confirm

if TYPE_CHECKING:
    from game.ui.editor.editor import EditorScene

RECOVERY_EVERY = 2.0  # seconds between writes of the recovery file while there is unsaved work


def _post_quit(signum: int, frame: object) -> None:
    """What SDL does with SIGTERM (put back when the editor closes): a QUIT event."""
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
    except pygame.error:  # pragma: no cover - no display any more
        pass


class EditorRecovery:
    """The recovery file and the SIGTERM handler of one `EditorScene`."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.token = f"{os.getpid()}-{time.time_ns()}"  # tells this editor's recovery file of a new track apart
        self.file: Path | None = None  # the recovery file written last
        self.kept_draft: Draft | None = None  # the draft it holds
        self.written_at = 0.0
        self.failed = False  # told once, until a write succeeds again
        self.terminating = False  # SIGTERM came: keep the work and quit at the next frame
        self.kept = False  # the unsaved work was kept on SIGTERM: leave its recovery file
        self._old_term: object = None

    def path(self) -> Path:
        s = self.scene
        return recovery_file(s.editor.path, self.token)

    def write(self, force: bool = False) -> None:
        """Write the recovery file when the draft changed since the last one (and is unsaved work);
        a write that fails is told once and tried again later."""
        s = self.scene
        self.written_at = s.clock
        target = self.path()
        if not s.editor.dirty:
            self.drop()
            return
        if not force and target == self.file and self.kept_draft is s.editor.draft:
            return
        try:
            write_recovery(target, s.editor.draft, s.editor.path)
        except OSError as e:
            if not self.failed:
                self.failed = True
                s.say(_("cannot keep a recovery copy ({error}) – save your work").format(error=e.strerror or e))
            return
        if self.failed:
            self.failed = False
            s.say(_("the recovery copy is kept again"))
        if self.file is not None and self.file != target:
            remove_recovery(self.file)
        self.file, self.kept_draft = target, s.editor.draft

    def drop(self) -> None:
        if self.file is not None:
            remove_recovery(self.file)
        self.file = self.kept_draft = None

    def pending(self) -> Recovery | None:
        """Work an editor of this track (for a new track: of any new track) left behind when it
        went away unsaved – or None."""
        s = self.scene
        if s.editor.path is not None:
            f = recovery_file(s.editor.path, "")
            try:
                found = [read_recovery(f)] if f.is_file() else []
            except (OSError, ValueError):
                found = []
            found = [r for r in found if left_behind(r)]
        else:
            found = [r for r in recoveries() if r.track is None]
        for r in found:
            if r.draft != s.editor.draft:
                return r
            remove_recovery(r.file)  # nothing more than what is open
        return None

    def offer(self, rec: Recovery | None = None) -> None:
        """Ask whether to take up the work left behind (Restore: it becomes an edit, undoable)."""
        s = self.scene
        rec = rec if rec is not None else self.pending()
        if rec is None:
            return

        def chosen(text: str) -> None:
            s.modal = None
            if text == N_("Restore"):
                self.restore(rec)
            elif text == N_("Discard"):
                remove_recovery(rec.file)
                s.say(_("the unsaved work was discarded"))

        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(rec.written))
        detail = _("{name}, {n} fields, kept {when}").format(name=repr(rec.draft.name), n=len(rec.draft.fields), when=when)
        s.modal = Confirm(s.fonts, s.host.size, _("Unsaved work was found"), detail, [N_("Restore"), N_("Discard"), N_("Later")], chosen)

    def restore(self, rec: Recovery) -> None:
        s = self.scene
        s.apply(lambda _d: rec.draft, N_("recovered work"))
        self.write(force=True)
        if self.file != rec.file:
            remove_recovery(rec.file)
        s.sync(now=True)
        s.say(_("the unsaved work is back – save it (Ctrl+S)"))

    def catch_sigterm(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        try:
            old = signal.signal(signal.SIGTERM, self.on_sigterm)
        except (ValueError, OSError):  # pragma: no cover
            return
        # (None: a handler set outside Python – SDL's, which turns SIGTERM into a QUIT event)
        self._old_term = old if old is not None else _post_quit

    def on_sigterm(self, signum: int, frame: object) -> None:
        self.terminating = True

    def release_sigterm(self) -> None:
        if self._old_term is not None and threading.current_thread() is threading.main_thread():
            try:
                signal.signal(signal.SIGTERM, self._old_term)  # type: ignore[arg-type]
            except (ValueError, OSError, TypeError):  # pragma: no cover
                pass
            self._old_term = None

    def terminate(self) -> None:
        """Asked to end (SIGTERM): keep unsaved work in the recovery file and a draft, then quit."""
        s = self.scene
        self.terminating = False
        if s.editor.dirty:
            s.files.keep_unsaved()
            self.kept = True
        else:
            self.drop()
        s.left_clean = True
        s.modal = None
        s.host.quit(0)

