"""The table's materials drawn by hand: baize, planks, slate, a board with rounded corners, and the
dark edge over them. Each is made from a fixed seed, so the same arguments give the same picture: the
last few made are kept and handed out as copies (a scene drawn again – opened, resized, a test's
window – took ~50–80 ms for its felt alone)."""
from __future__ import annotations

import math
import random
from collections import OrderedDict
from functools import cache
from typing import Callable, ParamSpec

import pygame

from game.ui.common.theme import FELT, SLATE, WOOD, WOOD_DARK, Color

P = ParamSpec("P")
KEPT = 6  # pictures kept per material (a window's sizes, a few scenes)


def kept(make: Callable[P, pygame.Surface]) -> Callable[P, pygame.Surface]:
    """`make`, its newest `KEPT` pictures kept by their arguments; each call gets its own copy (the
    callers draw on them)."""
    made: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

    def get(*args: P.args, **kw: P.kwargs) -> pygame.Surface:
        key = (args, tuple(sorted(kw.items())))
        surf = made.get(key)
        if surf is None:
            surf = made[key] = make(*args, **kw)
            while len(made) > KEPT:
                made.popitem(last=False)
        else:
            made.move_to_end(key)
        return surf.copy()

    get.__doc__ = make.__doc__
    return get


def _vignette(size: tuple[int, int], strength: int = 150) -> pygame.Surface:
    """A dark edge, computed small and scaled up smoothly."""
    return pygame.transform.smoothscale(_vignette_small(strength), size)


@cache
def _vignette_alpha(strength: int) -> bytes:
    """The vignette's 48×32 RGBA pixels (black, the edge's darkness as alpha); the bottom half is the
    top half mirrored (each row's distance from the middle is the same number, negated)."""
    sw, sh = 48, 32
    hypot = math.hypot
    ex = [((x + 0.5) / sw * 2 - 1) * 0.85 for x in range(sw)]
    rows: list[bytes] = []
    for y in range(sh // 2):
        ey = ((y + 0.5) / sh * 2 - 1) * 0.95
        alpha = []
        for e in ex:
            m = min(1.0, hypot(e, ey)) - 0.45
            alpha.append(min(255, int(strength * m / 0.55 * m / 0.55)) if m > 0.0 else 0)
        row = bytearray(sw * 4)
        row[3::4] = bytes(alpha)
        rows.append(bytes(row))
    return b"".join(rows + rows[::-1])


def _vignette_small(strength: int) -> pygame.Surface:
    small = pygame.Surface((48, 32), pygame.SRCALPHA)
    small.blit(pygame.image.frombytes(_vignette_alpha(strength), (48, 32), "RGBA"), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return small


def _felt(size: tuple[int, int], base: Color = FELT, seed: int = 7) -> pygame.Surface:
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


def _wood(size: tuple[int, int], base: Color = WOOD, seed: int = 3, plank: int = 150) -> pygame.Surface:
    """Dark stained planks with a wavy grain."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    surf.fill(base)
    rng = random.Random(seed)
    r, g, b = base[0], base[1], base[2]
    y = 0.0
    xs, sin = range(0, w + 40, 40), math.sin
    while y < h:
        k = rng.randint(-18, 14)
        c = (max(0, min(255, r + k)), max(0, min(255, g + k * 2 // 3)), max(0, min(255, b + k // 2)))
        amp = rng.uniform(0.5, 3.0)
        freq = rng.uniform(0.004, 0.012)
        phase = rng.uniform(0, 6.28)
        pts = [(x, y + amp * sin(x * freq + phase)) for x in xs]
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


def _slate(size: tuple[int, int], seed: int = 5) -> pygame.Surface:
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


def _rounded_wood(size: tuple[int, int], radius: int, base: Color = WOOD, seed: int = 3) -> pygame.Surface:
    """A wooden board with rounded corners (transparent outside)."""
    w = _wood(size, base, seed=seed, plank=10_000)
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(w, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(out, WOOD_DARK, out.get_rect(), 2, border_radius=radius)
    return out


felt = kept(_felt)
wood = kept(_wood)
slate = kept(_slate)
rounded_wood = kept(_rounded_wood)
