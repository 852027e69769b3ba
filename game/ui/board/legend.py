"""The board's key: every symbol the race draws on a track, each beside a small picture of it.

`legend_items(track)` lists what this track shows (a pit lane only where there is one) and what the
race lays over any board (lit fields, the coach's path, a flipped cap); `Legend` draws them in a
panel in a corner of the board, in the track's own colours. It reads nothing but the track.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from game.i18n import N_, _
from game.racerbile.track import Kind, Track
from game.ui.board import board_art as art
from game.ui.board.board_art import CapArt, Palette, Point
from game.ui.common import theme
from game.ui.common.theme import Fonts

Swatch = Callable[[pygame.Surface, Point, float, Palette, Fonts], None]  # draws a symbol centred at a point, a hex of size r


def _hex(surface: pygame.Surface, c: Point, r: float, color: art.Color, edge: art.Color = (20, 16, 12)) -> None:
    pts = [(c[0] + r * math.cos(math.radians(60 * i - 30)), c[1] + r * math.sin(math.radians(60 * i - 30))) for i in range(6)]
    pygame.draw.polygon(surface, edge, [(c[0] + (x - c[0]) * 1.08, c[1] + (y - c[1]) * 1.08) for x, y in pts])
    art.polygon(surface, color, pts)


def _field(kind: Kind) -> Swatch:
    def draw(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
        _hex(surface, c, r, p.fields[kind], p.outline)
        if kind is Kind.BLOCKING:
            art.draw_star(surface, c, r * 0.55, p.star, art.shade(p.fields[Kind.BLOCKING], -0.55))
        elif kind is Kind.MIDWAY:
            if p.emblem:
                art.draw_hammer_and_sickle(surface, c, r * 1.2, p.midway_line, art.shade(p.fields[Kind.MIDWAY], -0.6))
            else:
                art.draw_bar(surface, c, (0.0, 1.0), r * 0.82, r * 0.13, p.midway_line)
        elif kind is Kind.DOWNSHIFT:
            pygame.draw.line(surface, art.shade(p.fields[kind], 0.35), (c[0], c[1] - r * 0.35), (c[0], c[1] + r * 0.35), max(2, int(r * 0.14)))
    return draw


def _start(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, (c[0] - r * 0.5, c[1]), r * 0.6, p.fields[Kind.NORMAL], p.outline)
    _hex(surface, (c[0] + r * 0.5, c[1]), r * 0.6, p.fields[Kind.NORMAL], p.outline)
    art.draw_chequer(surface, (c[0], c[1] - r * 0.6), (c[0], c[1] + r * 0.6), (1.0, 0.0), max(4.0, r * 0.3), 4)


def _arrow(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, c, r, p.fields[Kind.NORMAL], p.outline)
    art.draw_arrow(surface, c, (1.0, 0.0), r, p.arrow, p.arrow_edge)


def _pit(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, c, r, p.pit, p.outline)
    badge = max(5, int(r * 0.4))
    pygame.draw.circle(surface, (20, 60, 170), c, badge)
    pygame.draw.circle(surface, (250, 250, 250), c, badge, 1)


def _split(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, c, r, p.fields[Kind.NORMAL], p.outline)
    rr = r * 0.5
    pygame.draw.circle(surface, (250, 250, 246), c, rr + 1)
    pygame.draw.circle(surface, (30, 80, 170), c, rr)
    w = max(1, int(r * 0.1))
    knot = (c[0] - rr * 0.1, c[1])
    pygame.draw.line(surface, (250, 250, 246), (c[0] - rr * 0.65, c[1]), knot, w)
    for side in (-1, 1):
        pygame.draw.line(surface, (250, 250, 246), knot, (c[0] + rr * 0.5, c[1] + side * rr * 0.45), w)


def _f42(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, c, r, p.fields[Kind.NORMAL], p.outline)
    ink = p.mark_ink
    edge = (250, 250, 246) if art.luminance(ink) < 0.5 else (20, 18, 16)
    t = art.outlined_text(fonts, "42", max(9, int(r * 0.95)), ink, edge, "bold", 1)
    surface.blit(t, (c[0] - t.get_width() / 2, c[1] - t.get_height() / 2))


def _dunlop(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    _hex(surface, c, r, p.fields[Kind.NORMAL], p.outline)
    body = pygame.Rect(0, 0, int(r * 0.7), int(r * 2.1))
    body.center = (int(c[0]), int(c[1]))
    pygame.draw.rect(surface, (26, 26, 28), body)
    pygame.draw.rect(surface, (200, 200, 196), body, 1)
    pygame.draw.line(surface, (255, 210, 0), (body.centerx, body.y + 4), (body.centerx, body.bottom - 4), max(1, int(r * 0.12)))


def _lit(off: bool) -> Swatch:
    def draw(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
        _hex(surface, c, r, art.mix(p.fields[Kind.NORMAL], (255, 255, 255), p.lit_fill), p.outline)
        pts = [(c[0] + r * 0.84 * math.cos(math.radians(60 * i - 30)), c[1] + r * 0.84 * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        pygame.draw.lines(surface, (238, 70, 50) if off else (255, 244, 170), True, pts, max(2, int(r * 0.14)))
    return draw


def _path(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
    a, b = (c[0] - r * 0.9, c[1] + r * 0.3), (c[0] + r * 0.9, c[1] - r * 0.3)
    pygame.draw.line(surface, p.path, a, b, max(2, int(r * 0.16)))
    for q, rad in ((a, 0.16), (b, 0.26)):
        pygame.draw.circle(surface, p.path, q, max(3, int(r * rad)))


def _cap(flipped: bool) -> Swatch:
    def draw(surface: pygame.Surface, c: Point, r: float, p: Palette, fonts: Fonts) -> None:
        _hex(surface, c, r, p.fields[Kind.BLOCKING if flipped else Kind.NORMAL], p.outline)
        cap = CapArt(max(7, int(r * 0.62)), fonts)
        spr = cap.sprite((204, 44, 40), "A", flipped)
        surface.blit(spr, (c[0] - spr.get_width() / 2, c[1] - spr.get_height() / 2), special_flags=pygame.BLEND_PREMULTIPLIED)
    return draw


@dataclass(frozen=True)
class LegendItem:
    key: str  # what it is ("blocking", "pit", …): tests and the README speak of these
    text: str  # msgid (N_), shown through _()
    swatch: Swatch


def legend_items(track: Track) -> list[LegendItem]:
    """Every symbol the race draws on `track`, and what the race lays over any board."""
    kinds = set(track.fields.values())
    out = [LegendItem("normal", N_("a field of the track"), _field(Kind.NORMAL)),
           LegendItem("start", N_("start and finish line: a lap ends here"), _start)]
    if Kind.DOWNSHIFT in kinds:
        out.append(LegendItem("downshift", N_("downshift field (blue): stop on it and start the next turn in 1st gear"), _field(Kind.DOWNSHIFT)))
    if Kind.BLOCKING in kinds:
        out.append(LegendItem("blocking", N_("blocking field (star): a car that stops here alone flips its cap – nobody passes"), _field(Kind.BLOCKING)))
    if Kind.MIDWAY in kinds:
        out.append(LegendItem("midway", N_("midway line: passing it, call “Midtvejsskål!” – everybody drinks"), _field(Kind.MIDWAY)))
    if track.arrows:
        out.append(LegendItem("arrow", N_("arrow: leave this field only the way it points"), _arrow))
    if track.splits:
        out.append(LegendItem("split", N_("split sign: the first car here picks the branch everyone takes"), _split))
    if track.pit is not None:
        out.append(LegendItem("pit", N_("pit lane (P): in 1st gear only; a change of driver is free here"), _pit))
    if track.field42 is not None:
        out.append(LegendItem("field42", N_("42 field: stop here and name an opponent who drinks what you drink"), _f42))
    if track.dunlop:
        out.append(LegendItem("dunlop", N_("Dunlop bridge: knock it over and empty a beer"), _dunlop))
    out += [LegendItem("lit", N_("lit: within reach of your roll – click to drive there"), _lit(False)),
            LegendItem("lit_off", N_("lit in red: within reach, but the car leaves the track"), _lit(True)),
            LegendItem("path", N_("the way the coach shows, field by field"), _path),
            LegendItem("flipped", N_("flipped cap (plain crown): it blocks its field"), _cap(True))]
    return out


class Legend:
    """The key as a panel in the board's corner (toggled by the race: F2 or its button)."""

    def __init__(self, track: Track, palette: Palette, fonts: Fonts) -> None:
        self.items = legend_items(track)
        self.palette = palette
        self.fonts = fonts
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._img: tuple[tuple[int, int, float], pygame.Surface] | None = None

    def render(self, width: int, height: int, s: float) -> pygame.Surface:
        key = (width, height, s)
        if self._img is not None and self._img[0] == key:
            return self._img[1]
        f = self.fonts
        pad = int(10 * s)
        size = max(11, int(14 * s))
        r = max(9.0, 13 * s)
        text_w = width - 2 * pad - int(2 * r) - int(10 * s)
        rows = [(it, f.wrap(_(it.text), size, text_w)) for it in self.items]
        line_h = f.font(size).get_linesize()
        head = f.text(_("The board's key"), max(12, int(17 * s)), theme.BRASS, "serif")
        total = pad + head.get_height() + int(4 * s) + sum(max(int(2 * r + 6 * s), line_h * len(lines)) for _it, lines in rows) + pad
        while total > height and size > 9:  # a small window: smaller words before a cut list
            size -= 1
            line_h = f.font(size).get_linesize()
            rows = [(it, f.wrap(_(it.text), size, text_w)) for it in self.items]
            r = max(7.0, r - 1)
            total = pad + head.get_height() + int(4 * s) + sum(max(int(2 * r + 4 * s), line_h * len(lines)) for _it, lines in rows) + pad
        surf = pygame.Surface((width, min(height, total)), pygame.SRCALPHA)
        theme.rounded_panel(surf, surf.get_rect(), (18, 12, 8, 238), theme.BRASS, int(8 * s), 2)
        surf.blit(head, (pad, pad - int(2 * s)))
        y = pad + head.get_height() + int(4 * s)
        for it, lines in rows:
            h = max(int(2 * r + 4 * s), line_h * len(lines))
            it.swatch(surf, (pad + r, y + h / 2), r, self.palette, self.fonts)
            ty = y + (h - line_h * len(lines)) // 2
            for line in lines:
                surf.blit(f.text(line, size, theme.CREAM), (pad + int(2 * r) + int(10 * s), ty))
                ty += line_h
            y += h
        self._img = (key, surf)
        return surf

    def draw(self, surface: pygame.Surface, board: pygame.Rect, s: float) -> pygame.Rect:
        """The key in the board's lower left corner, as wide as fits."""
        width = min(int(420 * s), board.w - int(20 * s))
        img = self.render(max(200, width), board.h - int(64 * s), s)
        self.rect = surface.blit(img, (board.x + int(10 * s), board.bottom - img.get_height() - int(50 * s)))
        return self.rect
