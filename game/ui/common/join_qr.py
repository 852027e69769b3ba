"""The hosted table's QR code: a phone's camera opens the table's page with the join code filled in
(`game.net.web_files.join_url`: `http://IP:PORT/#CODE`, the LAN address the host found).

The code's modules come from `segno` (pure Python) and are drawn as plain rectangles, whole pixels
each, dark on a white card with the quiet zone the standard asks for (4 modules) – crisp at any
window size, no image library in between. A card in a corner of the game's area: the code, and
under it one line saying what it is for."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import _
from game.ui.common import theme

QUIET = 4  # modules of white around the code (ISO/IEC 18004's quiet zone)
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


@lru_cache(maxsize=8)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules for `text` (True: dark), rows top to bottom, without the quiet zone."""
    import segno

    code = segno.make(text, error="m", micro=False)  # a full QR code: every phone's camera reads it
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


@dataclass(frozen=True)
class DrawnQR:
    """Where a code was drawn: its first module's top left corner and a module's size in pixels."""

    text: str
    origin: tuple[int, int]
    module: int
    size: int  # modules a side (without the quiet zone)
    card: pygame.Rect  # the whole card (code, quiet zone, caption)


def module_size(scale: float) -> int:
    """A module's side in whole pixels: 3 at the 1280×800 window, never under 2 (a phone reads 2 px
    modules from a hand's length at a laptop's screen)."""
    return max(2, round(3 * scale))


def draw_qr(surface: pygame.Surface, matrix: tuple[tuple[bool, ...], ...], topleft: tuple[int, int], module: int) -> pygame.Rect:
    """The code with its quiet zone, its top left corner at `topleft`; the white square drawn."""
    n = len(matrix)
    side = (n + 2 * QUIET) * module
    square = pygame.Rect(topleft, (side, side))
    surface.fill(LIGHT, square)
    x0, y0 = square.x + QUIET * module, square.y + QUIET * module
    for r, row in enumerate(matrix):
        c = 0
        while c < n:  # a run of dark modules in a row is one rectangle
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            surface.fill(DARK, (x0 + start * module, y0 + r * module, (c - start) * module, module))
    return square


def _wrap(fonts: Any, text: str, size: int, most: int) -> list[str]:
    """`text` in lines of at most `most` pixels (a word longer than that stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.size(lines[-1] + " " + word, size, "bold")[0] <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def draw_join_card(surface: pygame.Surface, fonts: Any, url: str, bottomright: tuple[int, int], scale: float) -> DrawnQR:
    """The card with the QR code of `url` and its caption, its bottom right corner at `bottomright`."""
    matrix = qr_matrix(url)
    module = module_size(scale)
    pad = max(4, int(6 * scale))
    side = (len(matrix) + 2 * QUIET) * module
    size = max(12, int(14 * scale))
    lines = [fonts.text(t, size, theme.CREAM, "bold") for t in _wrap(fonts, _("Scan with a phone to join"), size, max(side, int(140 * scale)))]
    w = max(side, *(i.get_width() for i in lines)) + 2 * pad
    h = side + sum(i.get_height() for i in lines) + 3 * pad
    card = pygame.Rect(bottomright[0] - w, bottomright[1] - h, w, h)
    theme.rounded_panel(surface, card, (20, 12, 6, 225), theme.BRASS_DARK, 8, 1)
    square = draw_qr(surface, matrix, (card.centerx - side // 2, card.y + pad), module)
    y = square.bottom + pad
    for img in lines:
        surface.blit(img, (card.centerx - img.get_width() // 2, y))
        y += img.get_height()
    return DrawnQR(url, (square.x + QUIET * module, square.y + QUIET * module), module, len(matrix), card)


__all__ = ["DrawnQR", "QUIET", "draw_join_card", "draw_qr", "module_size", "qr_matrix"]
