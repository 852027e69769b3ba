"""The menu's still picture is drawn on the wood itself the first time (issue 30): every later one is
the same picture, on a copy of a wood drawn again."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui.common.app import App  # noqa: E402
from game.ui.shell.menu import MenuScene  # noqa: E402


def _pixels(s: pygame.Surface | None) -> bytes:
    assert s is not None
    return pygame.image.tobytes(s, "RGB")


def test_every_still_picture_is_the_first() -> None:
    app = App((1280, 800))
    try:
        menu = MenuScene(app)
        first = _pixels(menu._static)
        assert menu._bg is None  # (lent to the first picture)
        for _ in range(3):
            menu.rebuild()
            assert _pixels(menu._static) == first
            assert menu._bg is not None and menu._static is not menu._bg
        menu.resize((1100, 760))
        menu.resize((1280, 800))
        assert _pixels(menu._static) == first
    finally:
        pygame.quit()
