"""The side-view plot as a small inset over the perspective table: height over the table
along its length – the table top, the cups, the trails, the aim preview and the balls – in a slate
panel (P shows or hides it)."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.common import theme
from game.ui.common.theme import Fonts
from game.ui.pong.pong_view import BALL_COLOURS, BEER, CUP_RED, LEAN, PREVIEW, RIM, TABLE_EDGE, TABLE_L, TRAIL, Dims, PongFrame

X_MIN, X_MAX = -0.15, TABLE_L + 0.1  # m along the table the inset spans
Z_MIN, Z_MAX = -0.08, 1.1  # m of height


def draw_side_inset(surface: pygame.Surface, rect: pygame.Rect, fr: PongFrame, dims: Dims, fonts: Fonts, s: float) -> None:
    """The side-view plot of `fr` inside `rect`."""
    theme.rounded_panel(surface, rect, (24, 28, 30, 225), theme.BRASS_DARK, int(6 * s), 1)
    pad = int(6 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    kx = inner.w / (X_MAX - X_MIN)
    kz = inner.h / (Z_MAX - Z_MIN)

    def at(x: float, z: float) -> tuple[int, int]:
        return (int(inner.left + (x - X_MIN) * kx), int(inner.bottom - (max(Z_MIN, z) - Z_MIN) * kz))

    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    x0, z0 = at(0.0, 0.0)
    x1, _z = at(TABLE_L, 0.0)
    pygame.draw.line(surface, TABLE_EDGE, (x0, z0), (x1, z0), max(1, int(2 * s)))
    for cup in fr.cups:
        if cup.dim or cup.fade < 1.0:
            continue
        if cup.tipped:
            a, b = at(cup.x - dims.cup_h / 2, 2 * dims.rim_r), at(cup.x + dims.cup_h / 2, 0.0)
            pygame.draw.rect(surface, CUP_RED, pygame.Rect(a[0], a[1], max(1, b[0] - a[0]), max(1, b[1] - a[1])))
            continue
        pts = [at(cup.x - dims.base_r, 0.0), at(cup.x + cup.wobble * LEAN[0] - dims.rim_r, dims.cup_h), at(cup.x + cup.wobble * LEAN[0] + dims.rim_r, dims.cup_h), at(cup.x + dims.base_r, 0.0)]
        pygame.draw.polygon(surface, CUP_RED, pts)
        lvl = dims.cup_h * cup.liquid
        pygame.draw.line(surface, BEER, at(cup.x - dims.base_r, lvl), at(cup.x + dims.base_r, lvl), 1)
        pygame.draw.line(surface, RIM, pts[1], pts[2], 1)
    for trail in fr.trails:
        line = [at(x, z) for x, _y, z in trail]
        if len(line) >= 2:
            pygame.draw.lines(surface, TRAIL, False, line, 1)
    for x, _y, z in list(fr.preview)[::2]:
        surface.fill(PREVIEW, (*at(x, z), 2, 2))
    r = max(2, int(dims.ball_r * kx * 1.5))
    for ball in fr.balls:
        pygame.draw.circle(surface, BALL_COLOURS[ball.number % 2], at(ball.x, ball.z + dims.ball_r), r)
    cap = fonts.text(_("side view"), max(10, int(11 * s)), theme.CHALK_DIM, "italic")
    surface.blit(cap, (inner.left, rect.top + int(3 * s)))
    surface.set_clip(clip)


__all__ = ["draw_side_inset"]
