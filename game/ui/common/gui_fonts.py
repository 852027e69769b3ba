"""pygame_gui's widgets draw text through the same safe path as the scenes.

pygame_gui renders with SDL_ttf directly: a label, button or entry holding only a zero-width
character (U+200D, U+200B, U+FE0F) or a NUL raises `pygame.error`, and glyphs Noto Sans lacks (✓ of a
check box, emoji in a name) are boxes. `install()` makes pygame_gui load its fonts as `SafeGUIFont`,
which renders any string, with the fallback chain of `theme.chain_paths`, from the font files
themselves (not a copy of each in memory) through the faces every size shares (`theme.SharedFont`).
"""
from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
import pygame_gui.core.utility as gui_utility
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.utility import FontResource, PackageResource

from game.ui.common import theme


KEPT = 512  # texts a font keeps drawn and measured (`SafeGUIFont._surface`, `_size`)


class SafeGUIFont(GUIFontPygame):
    """A pygame_gui font that never raises and falls back to other fonts for missing glyphs; one
    loaded from a file draws through the face its file's sizes share (`theme.SharedFont`), unless
    it is underlined or its style is forced (pygame_gui sets those on its own font)."""

    def __init__(self, file: Any, size: int | float, force_style: bool = False, style: dict[str, Any] | None = None) -> None:
        super().__init__(theme.font_file(file) if isinstance(file, str) else file, size, force_style, style)
        forced = force_style and style is not None and bool(style.get("bold") or style.get("italic"))
        self._shared: pygame.font.Font | None = None
        if isinstance(file, str) and not forced and self.antialiased:
            style = style or {}
            self._shared = theme.SharedFont(file, int(size), str(style.get("script") or theme.NO_SCRIPT), int(style.get("direction", pygame.DIRECTION_LTR)))

    @property
    def _font(self) -> pygame.font.Font:
        own: pygame.font.Font = self._GUIFontPygame__internal_font  # type: ignore[attr-defined]
        shared = self.__dict__.get("_shared")
        return shared if shared is not None and not own.underline else own

    def _chain(self) -> theme.GlyphChain:
        """The fallback chain, made when first needed (per font: fonts die with `pygame.quit()`)."""
        c: theme.GlyphChain | None = self.__dict__.get("_glyph_chain")
        if c is None:
            bold = bool(getattr(self, "bold", False))
            main = theme.bundled_font("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
            c = theme.GlyphChain(theme.chain_paths("bold" if bold else "regular", main))
            self.__dict__["_glyph_chain"] = c
        return c

    def _surface(self, text: str, color: Any) -> pygame.Surface:
        """`text` drawn in `color` (callers draw it elsewhere, never on it): the same text in the same colour
        is drawn once (a drop-down's "▼" in each of its looks, a button's words in each of its looks)."""
        try:
            key = (text, tuple(color), self._look())
        except TypeError:  # (a colour that is no sequence of numbers: drawn as it comes)
            return self._draw(text, color)
        kept: dict[Any, pygame.Surface] = self.__dict__.setdefault("_drawn", {})
        surf = kept.get(key)
        if surf is None:
            if len(kept) >= KEPT:
                kept.clear()
            surf = kept[key] = self._draw(text, color)
        return surf

    def _look(self) -> tuple[pygame.font.Font, bool]:
        """The font that draws now, and whether it underlines."""
        f = self._font
        return f, bool(f.underline)

    def _draw(self, text: str, color: Any) -> pygame.Surface:
        s = theme.displayable(text)
        if s.isascii():
            runs = [(self._font, s)]
        else:
            chain = self._chain()
            runs = [(self._font if i == 0 else chain.font(i, self.point_size), run) for i, run in chain.runs(s)]
        return theme.render_runs(runs, self._font, color)

    def get_rect(self, text: str) -> pygame.Rect:
        if text == "":
            return pygame.Rect(0, 0, 0, 0)
        return pygame.Rect((0, self._font.get_ascent()), self._size(text))

    def _size(self, text: str) -> tuple[int, int]:
        """The size `_surface` would have (the same text's kept: pygame_gui measures a widget's words again for each of its looks)."""
        key = (text, self._look())
        kept: dict[Any, tuple[int, int]] = self.__dict__.setdefault("_sizes", {})
        size = kept.get(key)
        if size is None:
            if len(kept) >= KEPT:
                kept.clear()
            size = kept[key] = self._measure(text)
        return size

    def _measure(self, text: str) -> tuple[int, int]:
        """Measured without drawing when the main font draws it all (SDL_ttf sizes a string exactly as it
        renders it), else drawn."""
        s = theme.displayable(text)
        runs = [(0, s)] if s.isascii() else self._chain().runs(s)
        if len(runs) == 1 and runs[0][0] == 0:  # (a letter no font has is in it as `theme.UNKNOWN`)
            try:
                w, h = self._font.size(runs[0][1])
            except (pygame.error, ValueError, UnicodeError):
                w = 0
            if w > 0:
                return int(w), int(h)
        size: tuple[int, int] = self._surface(text, pygame.Color("white")).get_size()
        return size

    def render_premul(self, text: str, text_color: Any) -> pygame.Surface:
        surf = self._surface(text, text_color).convert_alpha()
        if surf.get_width() > 0 and surf.get_height() > 0:
            surf = surf.premul_alpha()
        return surf

    def render_premul_to(self, text: str, text_colour: Any, surf_size: tuple[int, int],
                         surf_position: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        temp = self._surface(text, text_colour).convert_alpha()
        if temp.get_width() > 0 and temp.get_height() > 0:
            out.blit(temp.premul_alpha(), (surf_position[0], surf_position[1] - self._font.get_ascent()),
                     special_flags=pygame.BLEND_PREMULTIPLIED)
        return out

    def get_metrics(self, text: str) -> Any:
        try:
            return self._font.metrics(text)
        except (pygame.error, ValueError, UnicodeError):
            return [None] * len(text)


@cache
def _package_file(package: str, resource: str) -> str | None:
    """A packaged font as a file on disk (None: not a plain file, e.g. inside a zip)."""
    try:
        p = resources.files(package).joinpath(resource)
        return str(p) if isinstance(p, Path) and p.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, TypeError):  # pragma: no cover
        return None


_LOAD = FontResource.load


def _load_from_file(self: FontResource) -> Any:
    """pygame_gui's font loading, with a packaged font opened as its file (pygame_gui reads a copy of
    it into memory for each size) – so that its sizes share one face (`SafeGUIFont`)."""
    where = self.location
    if isinstance(where, PackageResource):
        path = _package_file(where.package, where.resource)
        if path is not None:
            self.location = path
            try:
                return _LOAD(self)
            finally:
                self.location = where
    return _LOAD(self)


def install() -> None:
    """Make pygame_gui create its fonts as `SafeGUIFont`, from the font files (idempotent)."""
    gui_utility.GUIFontPygame = SafeGUIFont  # type: ignore[misc]
    FontResource.load = _load_from_file  # type: ignore[method-assign]
