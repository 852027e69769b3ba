"""Where things go on the dice table: the felt, the seats around it, the dice, the chalkboard.

Seats sit clockwise around the felt, seat 0 at the bottom; a squircle pushes the diagonal seats
towards the corners so that the middle stays free for the dice, even with eight players.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import theme


@dataclass
class Layout:
    size: tuple[int, int]
    s: float
    top: pygame.Rect
    table: pygame.Rect
    felt: pygame.Rect
    bottom: pygame.Rect
    side: pygame.Rect
    feed: pygame.Rect
    tools: pygame.Rect
    seats: list[pygame.Rect]
    center: tuple[int, int]
    dice_center: tuple[int, int]
    middle: tuple[int, int]  # midbottom of the middle stack


def compute_layout(size: tuple[int, int], n: int) -> Layout:
    w, h = size
    s = theme.scale_for(size)
    top_h, bottom_h = int(56 * s), int(76 * s)
    side_w = int(max(300, 290 * s, min(0.3 * w, 420 * s)))
    side = pygame.Rect(w - side_w, 0, side_w, h)
    table = pygame.Rect(0, top_h, w - side_w, h - top_h - bottom_h)
    felt = table.inflate(-int(28 * s), -int(14 * s))
    bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
    top = pygame.Rect(0, 0, w - side_w, top_h)
    inner = side.inflate(-int(28 * s), -int(28 * s))
    tools = pygame.Rect(inner.x, inner.y, inner.w, int(40 * s))
    feed = pygame.Rect(inner.x, tools.bottom + int(84 * s), inner.w, inner.bottom - tools.bottom - int(84 * s))
    cw, ch = int(206 * s), int(100 * s)
    cx, cy = felt.center
    rx = felt.w / 2 - cw / 2 - 10 * s
    ry = felt.h / 2 - ch / 2 - 8 * s
    seats = []
    for i in range(n):
        phi = 2 * math.pi * i / n
        sx, sy = -math.sin(phi), math.cos(phi)
        # a squircle pushes diagonal seats towards the corners, leaving the middle free
        px = math.copysign(abs(sx) ** 0.5, sx) if abs(sx) > 1e-9 else 0.0
        py = math.copysign(abs(sy) ** 0.5, sy) if abs(sy) > 1e-9 else 0.0
        r = pygame.Rect(0, 0, cw, ch)
        r.center = (int(cx + rx * px), int(cy + ry * py))
        seats.append(r)
    dice_center = (cx, cy - int(34 * s))
    middle = (cx - int(36 * s), cy - int(96 * s))
    return Layout(size, s, top, table, felt, bottom, side, feed, tools, seats, (cx, cy), dice_center, middle)
