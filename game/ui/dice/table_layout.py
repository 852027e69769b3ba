"""Where things go on the dice table: the felt, the seats around it, the dice, the chalkboard.

Seats sit clockwise around the felt, seat 0 (or a joined laptop's own seat) at the bottom; a
squircle pushes the diagonal seats towards the corners so that the middle stays free, even with
eight players. The middle holds, from top to bottom, the mat stack with its label and the dice
area (`tumble`): the rectangle in which the dice fly, land and lie (kept, out, a Türmchen). The
dice area is kept clear of the stack, its label and the seat cards (with their glow), so that a
roll never hides them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.common import theme

MAX_MATS = 15  # the tallest middle stack (Schock's 15 mats; Katchen has 13)
STACK_LABEL_W = 100  # room for the stack's label ("15 mats", "middle"), in design pixels
STACK_LABEL_H = 56


def die_size(s: float) -> int:
    """The side of a die at rest, in pixels."""
    return max(30, int(76 * s))


def die_gap(s: float) -> int:
    return int(16 * s)


def mat_width(s: float) -> int:
    """The width of a mat in the middle stack."""
    return int(72 * s)


def stack_height(width: int, n: int) -> int:
    """The height of a stack of `n` mats `width` wide (the surface `MatArt.stack` makes)."""
    w = max(16, width)
    return max(8, int(w * 0.46)) + max(2, round(w / 20)) * max(1, n) + 1


def rest_extent(s: float, out_row: bool) -> tuple[int, int, int]:
    """How far the dice at rest reach from the middle of their row: (up, down, half width).

    Up: a kept die is raised by 0.22 of its side, a Türmchen lies 0.3 higher and is drawn a
    little larger; every die is turned by up to 9° and pushed by up to 7 px for disorder, and its
    shadow and the glow of a kept die reach a little further. Down: the row of dice that are out
    (Schock) 1.8 sides lower, or the captions under the row (Katchen).
    """
    d, gap = die_size(s), die_gap(s)
    pitch = d + gap
    turned = 0.572 * d  # half the side of a die turned by 9°
    up = max(0.3 * d + 0.632 * d, 0.22 * d + max(turned, 0.5 * d + 12)) + 7 * s + 2
    if out_row:
        down = max(2.425 * d, 1.8 * d + 7 * s + max(turned, 0.5 * d + 13)) + 2
    else:
        down = max(0.5 * d + 64 * s, 7 * s + 0.5 * d + 13) + 2
    half = pitch + 7 * s + max(turned, 0.5 * d + 13) + 2
    return math.ceil(up), math.ceil(down), math.ceil(half)


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
    dice_center: tuple[int, int]  # the middle of the row of dice
    middle: tuple[int, int]  # midbottom of the middle stack
    stack_box: pygame.Rect  # the middle stack at its tallest, with its label
    tumble: pygame.Rect  # where dice fly and lie: clear of the stack box and the seat cards
    guards: list[pygame.Rect]  # the seat cards with their glow and arrow: no die goes there


def _clear(r: pygame.Rect, guards: list[pygame.Rect]) -> bool:
    return r.collidelist(guards) < 0


def _grow(core: pygame.Rect, bound: pygame.Rect, guards: list[pygame.Rect], most_w: int, most_h: int, reach: float) -> pygame.Rect:
    """`core` grown sideways and downwards as far as `bound`, the guards and the limits allow.

    Growing one way can block the other, so both orders are tried; the winner leaves the most
    room for the middle of a die in the air (`reach`: how far such a die extends).
    """

    def widen(r: pygame.Rect) -> pygame.Rect:
        left, right = bound.left, bound.right
        for g in guards:
            if g.bottom > r.top and g.top < r.bottom:
                if g.right <= r.left:
                    left = max(left, g.right)
                elif g.left >= r.right:
                    right = min(right, g.left)
        extra = max(0, min(r.left - left, right - r.right, (most_w - r.w) // 2))
        return r.inflate(2 * extra, 0)

    def lengthen(r: pygame.Rect) -> pygame.Rect:
        bottom = bound.bottom
        for g in guards:
            if g.right > r.left and g.left < r.right and g.bottom > r.top:
                bottom = min(bottom, g.top)
        r = r.copy()
        r.h = max(r.h, min(bottom, r.top + most_h) - r.top)
        return r

    def room(r: pygame.Rect) -> float:
        return max(0.0, r.w - 2 * reach) * max(0.0, r.h - 2 * reach)

    return max((lengthen(widen(core)), widen(lengthen(core))), key=room)


def seat_arrow(seat: pygame.Rect, center: tuple[int, int], s: float) -> list[pygame.Vector2]:
    """The little brass arrow from the current player's card towards the middle: its three corners."""
    c = pygame.Vector2(seat.center)
    d = pygame.Vector2(center) - c
    if d.length_squared() == 0:
        return []
    d.scale_to_length(1)
    reach = min(seat.w / 2 / abs(d.x) if d.x else 1e9, seat.h / 2 / abs(d.y) if d.y else 1e9)
    tip = c + d * (reach + 22 * s)
    side = pygame.Vector2(-d.y, d.x) * 9 * s
    back = tip - d * 14 * s
    return [tip, back + side, back - side]


def compute_layout(size: tuple[int, int], n: int, out_row: bool = True, tv: bool = False, you: int = 0) -> Layout:
    """The table for `n` seats in a window of `size`; `out_row`: the game puts dice out (Schock);
    `tv`: a spectator's big-screen layout (no buttons: the table takes their bar, the feed their row);
    `you`: the seat at the bottom, the "you" place (a seat joined from another laptop), the others
    clockwise after it."""
    w, h = size
    s = theme.scale_for(size)
    top_h, bottom_h = int(56 * s), int((14 if tv else 76) * s)
    side_w = int(max(300, 290 * s, min(0.3 * w, 420 * s)))
    side = pygame.Rect(w - side_w, 0, side_w, h)
    table = pygame.Rect(0, top_h, w - side_w, h - top_h - bottom_h)
    felt = table.inflate(-int(28 * s), -int(14 * s))
    bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
    top = pygame.Rect(0, 0, w - side_w, top_h)
    inner = side.inflate(-int(28 * s), -int(28 * s))
    tools = pygame.Rect(inner.x, inner.y, inner.w, 0 if tv else int(40 * s))
    feed = pygame.Rect(inner.x, tools.bottom + int(84 * s), inner.w, inner.bottom - tools.bottom - int(84 * s))
    cw, ch = int(206 * s), int(100 * s)
    cx, cy = felt.center
    rx = felt.w / 2 - cw / 2 - 10 * s
    ry = felt.h / 2 - ch / 2 - 8 * s
    seats = []
    for i in range(n):
        phi = 2 * math.pi * ((i - you) % n) / n
        sx, sy = -math.sin(phi), math.cos(phi)
        # a squircle pushes diagonal seats towards the corners, leaving the middle free
        px = math.copysign(abs(sx) ** 0.5, sx) if abs(sx) > 1e-9 else 0.0
        py = math.copysign(abs(sy) ** 0.5, sy) if abs(sy) > 1e-9 else 0.0
        r = pygame.Rect(0, 0, cw, ch)
        r.center = (int(cx + rx * px), int(cy + ry * py))
        seats.append(r)
    guards = []
    for r in seats:
        g = r.inflate(2 * int(12 * s), 2 * int(12 * s))
        arrow = seat_arrow(r, (cx, cy), s)
        if arrow:
            xs, ys = [p.x for p in arrow], [p.y for p in arrow]
            g.union_ip(pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5, int(max(ys) - min(ys)) + 5))
        guards.append(g)
    stack_box, tumble, row_y = _middle(felt, guards, s, out_row)
    dice_center = (cx, row_y)
    middle = (stack_box.x + mat_width(s) // 2 + 2, stack_box.bottom - 5)  # room for the stack's shadow
    return Layout(size, s, top, table, felt, bottom, side, feed, tools, seats, (cx, cy), dice_center, middle, stack_box, tumble, guards)


def _middle(felt: pygame.Rect, guards: list[pygame.Rect], s: float, out_row: bool) -> tuple[pygame.Rect, pygame.Rect, int]:
    """The stack box, the dice area and the y of the row of dice.

    The row goes as near as it can to a little above the middle of the felt such that the stack
    box (right above the dice area) and the dice at rest are clear of the seats; then the dice
    area grows sideways and downwards into the free felt, for room to tumble.
    """
    cx, cy = felt.center
    up, down, half = rest_extent(s, out_row)
    gap = int(10 * s)
    sw = mat_width(s) + 4
    sh = stack_height(mat_width(s), MAX_MATS) + 6  # with its shadow
    lw, lh = int(STACK_LABEL_W * s), int(STACK_LABEL_H * s)
    box_w = sw + int(12 * s) + lw
    box_h = max(sh, lh)
    bound = felt.inflate(-int(12 * s), -int(12 * s))
    want = cy - int(24 * s)
    best: tuple[pygame.Rect, pygame.Rect, int] | None = None
    for dy in sorted(range(-felt.h // 2, felt.h // 2), key=abs):
        row_y = want + dy
        core = pygame.Rect(cx - half, row_y - up, 2 * half, up + down)
        box = pygame.Rect(cx - box_w // 2, core.top - gap - box_h, box_w, box_h)
        if bound.contains(core) and bound.contains(box) and _clear(core, guards) and _clear(box, guards):
            best = (box, core, row_y)
            break
    if best is None:  # a window too small for everything: keep the dice clear, let the stack sit where it can
        core = pygame.Rect(cx - half, want - up, 2 * half, up + down)
        box = pygame.Rect(cx - box_w // 2, core.top - gap - box_h, box_w, box_h)
        best = (box, core, want)
    box, core, row_y = best
    reach = die_size(s) * 0.96 + 30 * s  # a die at the top of its bounce, with its shadow
    tumble = _grow(core, bound, guards, core.w + int(260 * s), core.h + int(120 * s), reach)
    return box, tumble, row_y
