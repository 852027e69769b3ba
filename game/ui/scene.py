"""Scenes (after the pygame_gui examples and arcade's views): one object per screen.

A scene gets events (`handle_event`), advances by `dt` seconds (`update`) and draws onto the
surface it is given (`draw`). The app keeps a small stack of them; `back()` is Esc.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from game.ui.theme import Fonts


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
