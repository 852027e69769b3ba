"""Scenes (after the pygame_gui examples and arcade's views): one object per screen.

A scene gets events (`handle_event`), advances by `dt` seconds (`update`) and draws onto the
surface it is given (`draw`). The app keeps a small stack of them; `back()` is Esc.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui.common.theme import Fonts

if TYPE_CHECKING:
    from game.ui.common.help import HelpOverlay
    from game.ui.common.modal import Modal


class Host(Protocol):
    """What a scene may ask of the app that runs it."""

    fonts: Fonts

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def quit(self, code: int = 0) -> None: ...


class Scene:
    """A screen. Subclasses override what they need; the defaults do nothing."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def handle_event(self, e: pygame.event.Event) -> None:
        """One input event (keys the app handles itself – F11, Esc – are not passed on)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole screen onto `surface`."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (also called when the scene comes back on top)."""

    def back(self) -> bool:
        """Esc: close an overlay and return True, or return False to leave the scene."""
        return False

    def help_toggle(self) -> None:
        """F1: show or hide the rules of the current game."""

    def closed(self) -> None:
        """The scene left the stack for good."""

    def may_close(self) -> bool:
        """The window's close button: True lets the program quit; a scene with unsaved work may
        ask first (and quit itself once answered)."""
        return True


class OverlayScene(Scene):
    """A scene that can show the rules overlay (`help`) or one modal dialog (`modal`) above itself.

    While either is open it takes every event; F1 or its own close hides the rules, and a modal
    that closes itself is dropped (`modal_closed` tells the scene which).
    """

    help: HelpOverlay | None = None
    modal: Modal | None = None

    def modal_closed(self, modal: Modal) -> None:
        """A modal dialog went away (closed by itself or by Esc)."""

    def overlay_open(self) -> bool:
        """The rules or a dialog cover the scene: they take the input, the scene's widgets see no pointer."""
        return self.help is not None or self.modal is not None

    def close_modal(self) -> None:
        modal, self.modal = self.modal, None
        if modal is not None:
            self.modal_closed(modal)

    def overlay_event(self, e: pygame.event.Event) -> bool:
        """Give the event to an open overlay; True when one took it."""
        if self.help is not None:
            if (e.type == pygame.KEYDOWN and e.key == pygame.K_F1) or not self.help.handle_event(e):
                self.help = None
            return True
        if self.modal is not None:
            self.modal.handle_event(e)
            if self.modal is not None and not self.modal.open:
                self.close_modal()
            return True
        return False

    def close_overlay(self) -> bool:
        """Esc on an overlay: close it and return True; False when none is open."""
        if self.help is not None:
            self.help = None
            return True
        if self.modal is not None:
            self.close_modal()
            return True
        return False
