"""The referee's feed: the rulings of the match on a chalkboard, newest at the bottom."""
from __future__ import annotations

import pygame

from game.rules.catalog import title
from game.rules.ruling import Ruling, What
from game.ui import theme
from game.ui.theme import Fonts

WHAT_COLORS: dict[What, theme.Color] = {
    What.MATS: theme.AMBER,
    What.LOSS: theme.CHALK_RED,
    What.STROKE: theme.CHALK_RED,
    What.SCHUSS: theme.CHALK_RED,
    What.CALL: (240, 120, 200),
    What.NOTE: theme.CHALK_BLUE,
}


class Feed:
    """Draws the rulings in a rectangle; the mouse wheel scrolls back through older ones."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.rect = pygame.Rect(0, 0, 300, 400)
        self.s = 1.0
        self.rulings: list[Ruling] = []
        self.scroll = 0  # rulings hidden below (0: the newest is visible)
        self.flash: dict[int, float] = {}  # index → seconds of highlight left
        self._items: dict[tuple[Ruling, int], pygame.Surface] = {}

    def set_rect(self, rect: pygame.Rect, s: float) -> None:
        if rect != self.rect or s != self.s:
            self._items.clear()
        self.rect = pygame.Rect(rect)
        self.s = s

    def set_rulings(self, rulings: list[Ruling]) -> None:
        """The match's rulings; new ones (appended) flash briefly."""
        old = self.rulings
        same_prefix = len(rulings) >= len(old) and rulings[: len(old)] == old
        if same_prefix:
            for i in range(len(old), len(rulings)):
                self.flash[i] = 1.2
        else:
            self.flash.clear()
        self.rulings = list(rulings)
        self.scroll = 0

    def item(self, r: Ruling) -> pygame.Surface:
        width = self.rect.w - int(20 * self.s)
        key = (r, width)
        surf = self._items.get(key)
        if surf is not None:
            return surf
        f = self.fonts
        s = self.s
        pad = int(10 * s)
        idf = f.text(r.rule, int(13 * s), theme.CHALK_YELLOW, "bold")
        head = f.text(title(r.rule) or "", int(15 * s), theme.CHALK, "bold")
        lines = f.wrap(r.arithmetic, int(14 * s), width - 2 * pad - 4)
        line_h = f.font(int(14 * s)).get_linesize()
        stacked = pad + 2 + idf.get_width() + int(8 * s) + head.get_width() > width - pad // 2  # a long id: the title below it
        top = idf.get_height() + head.get_height() - int(2 * s) if stacked else max(idf.get_height(), head.get_height())
        h = pad + top + 2 + line_h * len(lines) + pad // 2
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        color = WHAT_COLORS.get(r.what, theme.CHALK_DIM)
        pygame.draw.rect(surf, (255, 255, 255, 12), surf.get_rect(), border_radius=6)
        pygame.draw.rect(surf, color, (0, 4, 4, h - 8), border_radius=2)
        x = pad + 2
        surf.blit(idf, (x, pad // 2 + 2))
        if stacked:
            surf.blit(head, (x, pad // 2 + idf.get_height() - int(2 * s)))
        else:
            surf.blit(head, (x + idf.get_width() + int(8 * s), pad // 2 + 1))
        y = pad // 2 + top + 2
        for line in lines:
            surf.blit(f.text(line, int(14 * s), theme.CHALK_DIM if r.what is What.NOTE else theme.CHALK), (x, y))
            y += line_h
        if len(self._items) > 2000:
            self._items.clear()
        self._items[key] = surf
        return surf

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self.rulings) - 1, self.scroll + e.y))
            return True
        return False

    def update(self, dt: float) -> None:
        for k in list(self.flash):
            self.flash[k] -= dt
            if self.flash[k] <= 0:
                del self.flash[k]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        y = self.rect.bottom - int(6 * s)
        x = self.rect.x + int(10 * s)
        i = len(self.rulings) - 1 - self.scroll
        gap = int(6 * s)
        while i >= 0 and y > self.rect.y:
            img = self.item(self.rulings[i])
            y -= img.get_height()
            if i in self.flash:
                a = int(90 * min(1.0, self.flash[i]))
                glow = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                glow.fill((242, 214, 110, a))
                surface.blit(glow, (x, y))
            surface.blit(img, (x, y))
            y -= gap
            i -= 1
        surface.set_clip(clip)
        if self.scroll > 0:
            hint = self.fonts.text(f"{self.scroll} newer below – scroll down", int(13 * s), theme.CHALK_YELLOW, "bold")
            r = hint.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - 2))
            theme.rounded_panel(surface, r.inflate(14, 6), (20, 20, 20, 220), None, 8)
            surface.blit(hint, r)
