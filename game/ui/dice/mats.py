"""Beer mats (Bierdeckel) in stacks, chalk strokes (Schock) and Schüsse (Katchen)."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.common import theme
from game.ui.common.theme import Fonts


def mats_text(n: int) -> str:
    """ "1 mat" / "3 mats" in the current language."""
    return _("{n} mat").format(n=n) if n == 1 else _("{n} mats").format(n=n)



class MatArt:
    """A round beer mat seen at a slant, and stacks of them (pre-rendered per count)."""

    def __init__(self, width: int) -> None:
        self.w = max(16, width)
        self.h = max(8, int(self.w * 0.46))
        self.t = max(2, round(self.w / 20))  # thickness of one mat
        self._one = self._mat(printed=False)
        self._top = self._mat(printed=True)
        self._stacks: dict[int, pygame.Surface] = {}
        self._shadow: pygame.Surface | None = None

    def _mat(self, printed: bool) -> pygame.Surface:
        k = 3
        w, h, t = self.w * k, self.h * k, self.t * k
        surf = pygame.Surface((w, h + t), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (150, 128, 96), (0, t, w, h))  # the cardboard edge
        pygame.draw.ellipse(surf, (120, 100, 72), (0, t, w, h), max(1, k))
        top = pygame.Rect(0, 0, w, h)
        pygame.draw.ellipse(surf, (244, 236, 214), top)
        pygame.draw.ellipse(surf, (205, 192, 165), top, max(1, k))
        if printed:
            ring = top.inflate(-int(w * 0.12), -int(h * 0.12))
            pygame.draw.ellipse(surf, theme.RED, ring, max(2, int(w * 0.045)))
            inner = top.inflate(-int(w * 0.5), -int(h * 0.5))
            pygame.draw.ellipse(surf, theme.RED, inner)
            crown = inner.inflate(-int(inner.w * 0.45), -int(inner.h * 0.45))
            pygame.draw.ellipse(surf, (250, 214, 110), crown)
        return pygame.transform.smoothscale(surf, (self.w, self.h + self.t))

    def stack(self, n: int) -> pygame.Surface:
        """`n` mats piled up; the surface's bottom is the table."""
        if n not in self._stacks:
            height = self.h + self.t * max(1, n) + 1
            surf = pygame.Surface((self.w + 4, height), pygame.SRCALPHA)
            if n <= 0:
                pygame.draw.ellipse(surf, (255, 255, 255, 36), (0, height - self.h - 1, self.w, self.h), 1)
            for i in range(n):
                y = height - self.h - self.t - i * self.t
                jitter = (i * 7919) % 3 - 1
                surf.blit(self._top if i == n - 1 else self._one, (1 + jitter, y))
            self._stacks[n] = surf
        return self._stacks[n]

    def draw_stack(self, surface: pygame.Surface, n: int, midbottom: tuple[int, int]) -> pygame.Rect:
        img = self.stack(n)
        r = img.get_rect(midbottom=midbottom)
        if n <= 0:
            surface.blit(img, r)
            return r
        if self._shadow is None:  # drawn once: stacks are drawn every frame
            self._shadow = pygame.Surface((self.w + 10, self.h + 6), pygame.SRCALPHA)
            pygame.draw.ellipse(self._shadow, (0, 0, 0, 70), self._shadow.get_rect())
        shadow = self._shadow
        surface.blit(shadow, shadow.get_rect(midbottom=(midbottom[0] + 4, midbottom[1] + 4)))
        r = img.get_rect(midbottom=midbottom)
        surface.blit(img, r)
        return r


def draw_tally(surface: pygame.Surface, n: int, topleft: tuple[int, int], s: float, color: theme.Color = theme.CHALK) -> int:
    """Chalk strokes in groups of five (four and one across); returns the width used."""
    x0, y0 = topleft
    h = max(9, int(17 * s))
    step = max(4, int(7 * s))
    x = x0
    for g in range(0, n, 5):
        k = min(5, n - g)
        start = x
        for i in range(min(4, k)):
            pygame.draw.line(surface, color, (x, y0 + 1), (x + 1, y0 + h), 3)
            x += step
        if k == 5:
            pygame.draw.line(surface, color, (start - 3, y0 + h - 3), (x - 1, y0 + 3), 3)
        x += step
    return x - x0


def draw_schuesse(surface: pygame.Surface, n: int, topleft: tuple[int, int], s: float) -> int:
    """Little shot glasses, one per Schuss; returns the width used."""
    x, y = topleft
    w = max(7, int(11 * s))
    h = max(9, int(15 * s))
    for _k in range(n):
        glass = [(x, y), (x + w, y), (x + w - 2, y + h), (x + 2, y + h)]
        fill = [(x + 1, y + h // 3), (x + w - 1, y + h // 3), (x + w - 2, y + h - 1), (x + 2, y + h - 1)]
        pygame.draw.polygon(surface, theme.AMBER, fill)
        pygame.draw.polygon(surface, theme.CHALK, glass, 1)
        x += w + max(2, int(4 * s))
    return n * (w + max(2, int(4 * s)))


def draw_count(key: str, surface: pygame.Surface, n: int, topleft: tuple[int, int], s: float) -> int:
    """`n` of what a game counts, drawn by what it is (`ResultWords.count_key`, the ledger's field):
    Schüsse as shot glasses, strokes – and any other count – as chalk strokes; returns the width used."""
    if key == "schuesse":
        return draw_schuesse(surface, n, topleft, s)
    return draw_tally(surface, n, topleft, s)


def draw_count_badge(surface: pygame.Surface, fonts: Fonts, n: int, center: tuple[int, int], s: float) -> None:
    """A small round badge with a number, for the mats of a stack."""
    r = max(9, int(13 * s))
    pygame.draw.circle(surface, theme.WOOD_DARK, center, r)
    pygame.draw.circle(surface, theme.BRASS, center, r, 2)
    t = fonts.text(str(n), max(10, int(15 * s)), theme.CREAM, "bold")
    surface.blit(t, t.get_rect(center=center))
