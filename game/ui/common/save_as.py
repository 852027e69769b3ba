""""Save as…": the match under a name a person types, in the save folder (the end-of-match dialogs)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.i18n import _
from game.store.saves import safe_file_name, save_dir, shown_dir
from game.ui.common import theme
from game.ui.common.modal import Modal
from game.ui.common.theme import Fonts


def suggested_name(title: str, players: list[str]) -> str:
    """"Schock – Anna, Ben, Cem – 2026-12-03": what the name field starts with."""
    return f"{title} – {', '.join(players)} – {time.strftime('%Y-%m-%d')}"


class SaveAsDialog(Modal):
    """A name field, Save and Cancel. `save(path)` writes the match (None when it worked, else why
    not); a name already taken asks for a second Save before it is replaced. `after()` runs when the
    dialog goes (saved or not): the scene brings its end-of-match dialog back."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], name: str, save: Callable[[Path], str | None],
                 after: Callable[[], None] | None = None, folder: Path | None = None) -> None:
        self.name = name
        self.save = save
        self.after = after
        self.folder = folder or save_dir()
        self.message = ""
        self.replace: Path | None = None  # the taken name a second Save replaces
        self.saved: Path | None = None
        self._done = False
        super().__init__(fonts, size, (600, 250))

    def build(self) -> None:
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 14, w - 40, 36), _("Save the match as…"), self.ui, container=c, object_id="#title_label")
        UILabel(pygame.Rect(20, 50, w - 40, 24), _("in {folder}").format(folder=shown_dir(self.folder)), self.ui, container=c, object_id="#hint_label")
        self.entry = UITextEntryLine(pygame.Rect(20, 84, w - 40, 36), self.ui, container=c, initial_text=self.name)
        self.entry.focus()
        self.save_button = UIButton(pygame.Rect(w - 20 - 140 - 10 - 140, h - 58, 140, 40), _("Save"), self.ui, container=c, object_id="#go_button")
        self.cancel_button = UIButton(pygame.Rect(w - 20 - 140, h - 58, 140, 40), _("Cancel (Esc)"), self.ui, container=c)

    def resize(self, size: tuple[int, int]) -> None:
        entry = getattr(self, "entry", None)
        if entry is not None:
            self.name = entry.get_text()
        super().resize(size)

    def target(self) -> Path:
        return self.folder / (safe_file_name(self.entry.get_text()) + ".json")

    def submit(self) -> None:
        path = self.target()
        if path.exists() and self.replace != path:
            self.replace = path
            self.message = _("{name} exists already – Save again to replace it").format(name=path.name)
            return
        error = self.save(path)
        if error is not None:
            self.message = _("Not saved: {error}").format(error=error)
            return
        self.saved = path
        self.finish()

    def finish(self) -> None:
        """The dialog goes (saved, cancelled, or Esc by the scene): `after` runs once."""
        self.close()
        if not self._done:
            self._done = True
            if self.after is not None:
                self.after()

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.save_button:
                self.submit()
            elif e.ui_element is self.cancel_button:
                self.finish()
        elif e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and e.ui_element is self.entry:
            self.submit()
        elif e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and e.ui_element is self.entry:
            self.replace = None
            self.message = ""
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.finish()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        text = self.message or _("file: {name}").format(name=self.target().name)
        color = theme.CHALK_RED if self.message else theme.MUTED
        for i, line in enumerate(self.fonts.wrap(text, 14, self.rect.w - 40, "bold" if self.message else "italic")[:2]):
            img = self.fonts.text(line, 14, color, "bold" if self.message else "italic")
            surface.blit(img, (self.rect.x + 20, self.rect.y + 128 + i * (img.get_height() + 1)))
