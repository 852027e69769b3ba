"""The look of the pub: colours, fonts with a pre-rendered text cache, felt and wood textures.

Everything that needs pygame initialised lives in objects (`Fonts`) created by the app, never in
module globals: a font made before `pygame.quit()` would be dead after the next `pygame.init()`.
"""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from importlib import resources
from pathlib import Path

import pygame

from game.resources import ASSETS  # ui_theme.json, sounds/: the checkout's or the installed package's

Color = tuple[int, int, int] | tuple[int, int, int, int]

# --- palette ---------------------------------------------------------------------------------
FELT = (24, 96, 56)
FELT_DARK = (12, 58, 33)
WOOD = (98, 60, 32)
WOOD_DARK = (52, 31, 16)
WOOD_LIGHT = (140, 92, 50)
BRASS = (214, 174, 92)
BRASS_DARK = (150, 112, 50)
CREAM = (246, 236, 210)
CHALK = (232, 234, 226)
CHALK_DIM = (170, 176, 170)
CHALK_YELLOW = (242, 214, 110)
CHALK_BLUE = (150, 196, 230)
CHALK_RED = (238, 128, 110)
SLATE = (38, 44, 44)
INK = (28, 24, 20)
RED = (176, 40, 34)
RED_DARK = (110, 22, 20)
AMBER = (236, 168, 48)
MUTED = (196, 184, 160)
SHADOW = (0, 0, 0, 110)

UI_THEME = ASSETS / "ui_theme.json"


def ui_theme_path() -> str | None:
    """The pygame_gui theme file, or None (pygame_gui's defaults) when it is not shipped."""
    return str(UI_THEME) if UI_THEME.is_file() else None


def _bundled_font(name: str) -> str | None:
    """A font file that comes with pygame_gui (Noto Sans: umlauts, ß, dashes, quotes)."""
    try:
        p = resources.files("pygame_gui.data").joinpath(name)
        return str(p) if p.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError, TypeError):  # pragma: no cover
        return None


ASCII = {"→": "->", "⇒": "=>", "↓": "v", "↑": "^", "✕": "x", "►": ">"}


_SERIF_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/TTF/DejaVuSerif-Bold.ttf",
    "/Library/Fonts/Georgia Bold.ttf",
    "C:/Windows/Fonts/georgiab.ttf",
)


def _serif_font() -> str | None:
    """A bold serif for titles: a well-known file if present (no font scan at start-up), else a scan."""
    for f in _SERIF_FILES:
        if Path(f).is_file():
            return f
    try:
        return pygame.font.match_font("georgia,dejavuserif,liberationserif,notoserif,timesnewroman,freeserif", bold=True)
    except Exception:  # pragma: no cover - font discovery is best effort
        return None


class Fonts:
    """Fonts by size and style, and a cache of rendered text (pre-rendered, blitted each frame)."""

    CACHE_SIZE = 3000

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._regular = _bundled_font("NotoSans-Regular.ttf")
        self._bold = _bundled_font("NotoSans-Bold.ttf")
        self._italic = _bundled_font("NotoSans-Italic.ttf")
        self._serif = _serif_font() or self._bold
        self._fallback_path: str | None | bool = False  # looked up when first needed
        self._lacks: dict[tuple[str, str], bool] = {}
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, Color, str], pygame.Surface] = OrderedDict()

    @property
    def _fallback(self) -> str | None:
        """A system font for symbols the bundled fonts lack (found once, when first needed)."""
        if self._fallback_path is False:
            try:
                self._fallback_path = pygame.font.match_font("dejavusans,segoeui,arial,liberationsans,freesans,notosanssymbols")
            except Exception:  # pragma: no cover - font discovery is best effort
                self._fallback_path = None
        return self._fallback_path  # type: ignore[return-value]

    def font(self, size: int, style: str = "regular") -> pygame.font.Font:
        """style: regular, bold, italic or serif (a bold serif for titles)."""
        size = max(6, int(size))
        key = (size, style)
        f = self._fonts.get(key)
        if f is None:
            path = {"regular": self._regular, "bold": self._bold, "italic": self._italic, "serif": self._serif}.get(style)
            try:
                f = pygame.font.Font(path, size)
            except (OSError, FileNotFoundError):  # pragma: no cover
                f = pygame.font.Font(None, size)
            if path is None and style == "bold":
                f.bold = True
            self._fonts[key] = f
        return f

    def text(self, text: str, size: int, color: Color = CREAM, style: str = "regular") -> pygame.Surface:
        """The rendered text, from the cache when it was drawn before."""
        key = (text, int(size), color, style)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        surf = self._render(text, int(size), color, style)
        self._text[key] = surf
        if len(self._text) > self.CACHE_SIZE:
            self._text.popitem(last=False)
        return surf

    def lacks(self, style: str, ch: str) -> bool:
        """True when the font of `style` has no glyph for `ch` (it would draw a box)."""
        key = (style, ch)
        if key not in self._lacks:
            f = self.font(16, style)
            probe = pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA")
            box = pygame.image.tobytes(f.render("\U000F0000", True, (255, 255, 255)), "RGBA")
            self._lacks[key] = ch.strip() != "" and probe == box
        return self._lacks[key]

    def _render(self, text: str, size: int, color: Color, style: str) -> pygame.Surface:
        """Render with the style's font; glyphs it lacks (arrows) come from a fallback font."""
        f = self.font(size, style)
        if not any(ord(c) > 0x2000 and self.lacks(style, c) for c in set(text)):
            return f.render(text, True, color)
        runs: list[tuple[bool, str]] = []
        for c in text:
            miss = ord(c) > 0x2000 and self.lacks(style, c)
            if runs and runs[-1][0] == miss:
                runs[-1] = (miss, runs[-1][1] + c)
            else:
                runs.append((miss, c))
        fb = pygame.font.Font(self._fallback, size) if self._fallback else None
        parts: list[tuple[pygame.Surface, int]] = []
        for miss, run in runs:
            if not miss:
                parts.append((f.render(run, True, color), 0))
            elif fb is not None:
                parts.append((fb.render(run, True, color), f.get_ascent() - fb.get_ascent()))
            else:
                parts.append((f.render("".join(ASCII.get(c, "?") for c in run), True, color), 0))
        w = sum(p.get_width() for p, _ in parts)
        h = max([f.get_height()] + [p.get_height() + max(0, dy) for p, dy in parts])
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        x = 0
        for p, dy in parts:
            out.blit(p, (x, max(0, dy)))
            x += p.get_width()
        return out

    def wrap(self, text: str, size: int, width: int, style: str = "regular") -> list[str]:
        """Break `text` into lines no wider than `width` pixels (a long word gets a line of its own)."""
        f = self.font(size, style)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                cand = w if not line else line + " " + w
                if f.size(cand)[0] <= width or not line:
                    line = cand
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
        return lines

    def shadowed(self, text: str, size: int, color: Color, style: str = "bold", offset: int = 2) -> pygame.Surface:
        """Text with a soft dark shadow, for titles on the felt."""
        key = ("\x00shadow" + text, int(size), color, style + str(offset))
        surf = self._text.get(key)
        if surf is not None:
            return surf
        front = self.text(text, size, color, style)
        back = self.font(size, style).render(text, True, (0, 0, 0))
        back.set_alpha(150)
        surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
        surf.blit(back, (offset, offset))
        surf.blit(front, (0, 0))
        self._text[key] = surf
        return surf


# --- drawing helpers -------------------------------------------------------------------------


def two_panels(size: tuple[int, int], share: float = 0.5) -> tuple[int, bool, pygame.Rect, pygame.Rect]:
    """The screens with a title over two panels side by side (the menu, the settings, the join
    screen): the margin, whether the window is short, and the left panel (`share` of the width) and
    the right, leaving room for the bottom bar."""
    w, h = size
    margin = 36 if w >= 1100 else 20
    compact = h < 740
    top = 118 if not compact else 92
    lw = int((w - 3 * margin) * share)
    return margin, compact, pygame.Rect(margin, top, lw, h - top - 100), pygame.Rect(2 * margin + lw, top, w - 3 * margin - lw, h - top - 100)


def rounded_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Color,
    border: Color | None = None,
    radius: int = 10,
    width: int = 2,
) -> None:
    """A rounded box; translucent fills (alpha < 255) are blended."""
    if len(fill) == 4 and fill[3] < 255:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, fill, tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if border is not None and width > 0:
        pygame.draw.rect(surface, border, rect, width, border_radius=radius)


def _vignette(size: tuple[int, int], strength: int = 150) -> pygame.Surface:
    """A dark edge, computed small and scaled up smoothly."""
    sw, sh = 48, 32
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, math.hypot(dx * 0.85, dy * 0.95))
            a = int(strength * max(0.0, d - 0.45) / 0.55 * max(0.0, d - 0.45) / 0.55)
            small.set_at((x, y), (0, 0, 0, min(255, a)))
    return pygame.transform.smoothscale(small, size)


def felt(size: tuple[int, int], base: Color = FELT, seed: int = 7) -> pygame.Surface:
    """Green baize: the base colour, a fine random nap, a darker edge."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    surf.fill(base)
    rng = random.Random(seed)
    r, g, b = base[0], base[1], base[2]
    for _ in range(w * h // 90):
        x, y = rng.randrange(w), rng.randrange(h)
        k = rng.randint(-14, 14)
        c = (max(0, min(255, r + k // 2)), max(0, min(255, g + k)), max(0, min(255, b + k // 2)))
        surf.fill(c, (x, y, rng.randint(1, 3), 1))
    surf.blit(_vignette((w, h), 105), (0, 0))
    return surf


def wood(size: tuple[int, int], base: Color = WOOD, seed: int = 3, plank: int = 150) -> pygame.Surface:
    """Dark stained planks with a wavy grain."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    surf.fill(base)
    rng = random.Random(seed)
    r, g, b = base[0], base[1], base[2]
    y = 0.0
    while y < h:
        k = rng.randint(-18, 14)
        c = (max(0, min(255, r + k)), max(0, min(255, g + k * 2 // 3)), max(0, min(255, b + k // 2)))
        amp = rng.uniform(0.5, 3.0)
        freq = rng.uniform(0.004, 0.012)
        phase = rng.uniform(0, 6.28)
        pts = [(x, y + amp * math.sin(x * freq + phase)) for x in range(0, w + 40, 40)]
        if len(pts) >= 2:
            pygame.draw.lines(surf, c, False, pts, rng.choice((1, 1, 2)))
        y += rng.uniform(2.0, 5.0)
    # plank seams
    ys = range(plank, h, plank)
    for sy in ys:
        pygame.draw.line(surf, WOOD_DARK, (0, sy), (w, sy), 2)
        pygame.draw.line(surf, (min(255, r + 25), min(255, g + 18), min(255, b + 10)), (0, sy + 2), (w, sy + 2), 1)
    surf.blit(_vignette((w, h), 120), (0, 0))
    return surf


def slate(size: tuple[int, int], seed: int = 5) -> pygame.Surface:
    """A chalkboard: dark slate with faint smudges of old chalk."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    surf.fill(SLATE)
    rng = random.Random(seed)
    smudge = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(max(3, w * h // 40000)):
        x, y = rng.randrange(w), rng.randrange(h)
        rw, rh = rng.randint(60, 220), rng.randint(6, 18)
        pygame.draw.ellipse(smudge, (255, 255, 255, rng.randint(2, 4)), (x - rw // 2, y - rh // 2, rw, rh))
    for _ in range(w * h // 60):
        x, y = rng.randrange(w), rng.randrange(h)
        smudge.fill((255, 255, 255, rng.randint(3, 9)), (x, y, 1, 1))
    surf.blit(smudge, (0, 0))
    return surf


def for_display(surf: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format (blits faster), when a display is open."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


def scale_for(size: tuple[int, int]) -> float:
    """How much larger than the 1280×800 design the window is (clamped)."""
    return max(0.6, min(1.6, min(size[0] / 1280, size[1] / 800)))


def rounded_wood(size: tuple[int, int], radius: int, base: Color = WOOD, seed: int = 3) -> pygame.Surface:
    """A wooden board with rounded corners (transparent outside)."""
    w = wood(size, base, seed=seed, plank=10_000)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(w, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, WOOD_DARK, out.get_rect(), 2, border_radius=radius)
    return out
