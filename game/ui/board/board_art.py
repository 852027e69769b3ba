"""The paint box of the Racerbile board: a palette per track theme, the table texture, and the
shapes drawn on fields (star, hammer and sickle, arrow, chequer, the Dunlop tyre) and the caps.

Pure drawing helpers: they take a surface, a centre and a size in pixels, and know nothing of hexes
or scenes. `CapArt` pre-renders bottle caps (drawn at 3× and scaled down smoothly) so a frame only
blits them.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.racerbile.track import Kind
from game.ui.common.theme import Color, Fonts

Point = tuple[float, float]


@dataclass(frozen=True)
class Palette:
    """The colours of one track theme. Every kind of field stays distinguishable in every theme."""

    name: str
    table: Color  # the pub table around the board
    board: Color  # the cardboard (grass) the track is printed on
    board_edge: Color
    infield: Color
    fields: dict[Kind, Color]
    outline: Color  # the ink between the fields
    star: Color  # on blocking fields
    midway_line: Color
    arrow: Color
    arrow_edge: Color
    pit: Color
    pit_line: Color
    label: Color  # the names on the board …
    label_shadow: Color  # … on a translucent plate of this colour
    mark_ink: Color  # text drawn on fields (the 42)
    emblem: bool = False  # hammer and sickle on the midway field
    kerbs: bool = False  # red and white kerbs along the track's edges
    glow: Color | None = None  # a bright inner line on every field (night)
    table_grain: bool = True  # wooden planks, or a plain dark cloth
    path: Color = (70, 220, 255)
    hover: Color = (255, 255, 255)
    veil: int = 120  # how dark the board goes round the lit fields (alpha of black)
    lit_fill: float = 0.0  # how much lighter a lit field shows (0: as printed; a dark theme needs more)


CLASSIC = Palette(
    name="classic",
    table=(96, 60, 34),
    board=(70, 128, 60),
    board_edge=(38, 78, 34),
    infield=(82, 142, 66),
    fields={
        Kind.NORMAL: (244, 204, 62),
        Kind.DOWNSHIFT: (30, 52, 128),
        Kind.BLOCKING: (204, 40, 36),
        Kind.MIDWAY: (244, 204, 62),
    },
    outline=(46, 36, 24),
    star=(255, 236, 150),
    midway_line=(28, 22, 18),
    arrow=(252, 250, 240),
    arrow_edge=(40, 30, 20),
    pit=(176, 184, 192),
    pit_line=(250, 250, 250),
    label=(250, 244, 220),
    label_shadow=(24, 30, 16),
    mark_ink=(30, 24, 20),
)

STALIN = Palette(
    name="stalin",
    table=(70, 48, 36),
    board=(150, 146, 128),
    board_edge=(92, 88, 74),
    infield=(164, 158, 136),
    fields={
        Kind.NORMAL: (204, 34, 30),
        Kind.DOWNSHIFT: (28, 46, 120),
        Kind.BLOCKING: (92, 8, 14),
        Kind.MIDWAY: (204, 34, 30),
    },
    outline=(40, 14, 10),
    star=(255, 206, 60),
    midway_line=(255, 206, 60),
    arrow=(255, 230, 140),
    arrow_edge=(60, 10, 8),
    pit=(120, 128, 120),
    pit_line=(240, 230, 200),
    label=(255, 214, 90),
    label_shadow=(60, 8, 6),
    mark_ink=(255, 220, 90),
    emblem=True,
)

LEMANS = Palette(
    name="lemans",
    table=(88, 56, 32),
    board=(62, 122, 54),
    board_edge=(34, 72, 30),
    infield=(74, 136, 62),
    fields={
        Kind.NORMAL: (92, 94, 100),
        Kind.DOWNSHIFT: (38, 70, 150),
        Kind.BLOCKING: (196, 36, 34),
        Kind.MIDWAY: (92, 94, 100),
    },
    outline=(40, 42, 46),
    star=(255, 255, 255),
    midway_line=(250, 250, 250),
    arrow=(250, 250, 250),
    arrow_edge=(20, 20, 24),
    pit=(196, 196, 188),
    pit_line=(250, 220, 60),
    label=(250, 250, 240),
    label_shadow=(16, 20, 18),
    mark_ink=(255, 214, 0),
    kerbs=True,
    path=(255, 150, 30),
)

NIGHT = Palette(
    name="night",
    table=(18, 18, 24),
    board=(20, 28, 44),
    board_edge=(8, 12, 22),
    infield=(24, 34, 54),
    fields={
        Kind.NORMAL: (150, 122, 40),
        Kind.DOWNSHIFT: (46, 84, 196),
        Kind.BLOCKING: (176, 30, 44),
        Kind.MIDWAY: (150, 122, 40),
    },
    outline=(6, 8, 14),
    star=(255, 240, 180),
    midway_line=(240, 244, 255),
    arrow=(200, 240, 255),
    arrow_edge=(6, 8, 14),
    pit=(70, 80, 96),
    pit_line=(140, 220, 255),
    label=(180, 210, 250),
    label_shadow=(0, 0, 6),
    mark_ink=(255, 236, 160),
    glow=(255, 236, 170),
    table_grain=False,
    path=(120, 255, 170),
    veil=165,
    lit_fill=0.3,
)

PALETTES: dict[str, Palette] = {p.name: p for p in (CLASSIC, STALIN, LEMANS, NIGHT)}


def palette_for(theme: str) -> Palette:
    return PALETTES.get(theme, CLASSIC)


# --- colour arithmetic ------------------------------------------------------------------------


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """`a` moved a fraction `t` of the way to `b` (RGB only)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: Color, k: float) -> tuple[int, int, int]:
    """Lighter (k > 0, toward white) or darker (k < 0, toward black)."""
    return mix(c, (255, 255, 255), k) if k >= 0 else mix(c, (0, 0, 0), -k)


def luminance(c: Color) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255.0


# --- the table --------------------------------------------------------------------------------

TILE = 512


def table_tile(p: Palette, seed: int = 11) -> pygame.Surface:
    """A seamless tile of the table top, made once per palette and seed (a copy for each caller)."""
    got = _TILES.get((id(p), seed))
    if got is None or got[0] is not p:
        got = _TILES[(id(p), seed)] = (p, _table_tile(p, seed))
    return got[1].copy()


_TILES: dict[tuple[int, int], tuple[Palette, pygame.Surface]] = {}  # (the theme's few palettes: kept as long as the program runs)


def _table_tile(p: Palette, seed: int) -> pygame.Surface:
    """A seamless tile of the table top (planks with grain, or a plain dark cloth)."""
    surf = pygame.Surface((TILE, TILE))
    surf.fill(p.table)
    rng = random.Random(seed)
    base = p.table
    if p.table_grain:
        plank = TILE // 4
        for i in range(4):
            k = rng.randint(-12, 12)
            c = shade(base, k / 100.0)
            surf.fill(c, (0, i * plank, TILE, plank))
            y0 = i * plank
            for _ in range(26):
                y = y0 + rng.uniform(3, plank - 3)
                amp = rng.uniform(0.6, 2.5)
                cycles = rng.choice((1, 2, 3))
                phase = rng.uniform(0, 6.28)
                gk = rng.uniform(-0.22, 0.12)
                gc = shade(c, gk)
                pts = [(x, y + amp * math.sin(2 * math.pi * cycles * x / TILE + phase)) for x in range(0, TILE + 16, 16)]
                pygame.draw.lines(surf, gc, False, pts, 1)
            pygame.draw.line(surf, shade(base, -0.45), (0, y0), (TILE, y0), 2)
            pygame.draw.line(surf, shade(base, 0.12), (0, y0 + 2), (TILE, y0 + 2), 1)
    for _ in range(TILE * TILE // 60):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        dk = rng.uniform(-0.08, 0.06)
        px = surf.get_at((x, y))
        surf.fill(shade((px.r, px.g, px.b), dk), (x, y, rng.randint(1, 3), 1))
    return surf


# --- shapes -----------------------------------------------------------------------------------


def polygon(surface: pygame.Surface, color: Color, pts: list[Point], edge: Color | None = None) -> None:
    """A filled polygon with anti-aliased edges (in `edge`, or its own colour)."""
    if len(pts) < 3:
        return
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.aalines(surface, edge if edge is not None else color, True, pts)


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42, rot: float = -math.pi / 2) -> list[Point]:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = rot + i * math.pi / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def draw_star(surface: pygame.Surface, center: Point, r: float, color: Color, edge: Color | None = None) -> None:
    cx, cy = center
    if edge is not None and r > 6:
        polygon(surface, edge, star_points(cx + r * 0.06, cy + r * 0.08, r), edge)
    polygon(surface, color, star_points(cx, cy, r), color)


def _local(center: Point, u: Point, v: Point, s: float, pts: list[Point]) -> list[Point]:
    """Points given in a local frame (x along u, y along v, unit = s) placed in the picture."""
    cx, cy = center
    return [(cx + s * (x * u[0] + y * v[0]), cy + s * (x * u[1] + y * v[1])) for x, y in pts]


def draw_bar(surface: pygame.Surface, center: Point, along: Point, half_len: float, half_width: float, color: Color) -> None:
    """A straight bar (a rotated rectangle) through `center` in the direction `along` (a unit vector)."""
    ux, uy = along
    vx, vy = -uy, ux
    cx, cy = center
    pts = [
        (cx - ux * half_len - vx * half_width, cy - uy * half_len - vy * half_width),
        (cx + ux * half_len - vx * half_width, cy + uy * half_len - vy * half_width),
        (cx + ux * half_len + vx * half_width, cy + uy * half_len + vy * half_width),
        (cx - ux * half_len + vx * half_width, cy - uy * half_len + vy * half_width),
    ]
    polygon(surface, color, pts)


def draw_arrow(surface: pygame.Surface, center: Point, direction: Point, s: float, fill: Color, edge: Color) -> None:
    """A bold arrow through `center` pointing along the unit vector `direction`, about 1.2·s long."""
    u = direction
    v = (-u[1], u[0])
    shape = [(-0.56, -0.13), (0.06, -0.13), (0.06, -0.36), (0.6, 0.0), (0.06, 0.36), (0.06, 0.13), (-0.56, 0.13)]
    pts = _local(center, u, v, s, shape)
    if s > 10:
        shadow = _local((center[0] + s * 0.05, center[1] + s * 0.07), u, v, s, shape)
        pygame.draw.polygon(surface, edge, shadow)
    polygon(surface, fill, pts, edge)
    if s > 16:
        pygame.draw.lines(surface, edge, True, pts, max(1, int(s * 0.04)))
        pygame.draw.aalines(surface, edge, True, pts)


def draw_hammer_and_sickle(surface: pygame.Surface, center: Point, s: float, color: Color, edge: Color | None = None) -> None:
    """The hammer and sickle, drawn with polygons (no font glyph), about s across (y down).

    The sickle's handle at the lower left, its blade bulging to the lower right and its point at
    the top; the hammer from its head at the upper left to the end of its handle at the lower right.
    """
    cx, cy = center
    n = 24 if s > 20 else 12

    def P(x: float, y: float) -> Point:
        return (cx + x * s, cy + y * s)

    # the blade: an outer arc from the handle end (125°) round through the bottom and the right to
    # the point (-100°), the inner edge the same arc pulled in by a thickness that tapers to the point
    c0 = (0.03, -0.02)
    R = 0.46
    a0, a1 = math.radians(125), math.radians(-100)
    outer, inner = [], []
    for i in range(n + 1):
        u = i / n
        a = a0 + (a1 - a0) * u
        w = 0.15 * math.sin(math.pi * (0.2 + 0.8 * u))
        outer.append(P(c0[0] + R * math.cos(a), c0[1] + R * math.sin(a)))
        inner.append(P(c0[0] + (R - w) * math.cos(a), c0[1] + (R - w) * math.sin(a)))
    blade = outer + inner[::-1]
    # the sickle's handle: from the blade's end outward to the lower left
    e = (c0[0] + (R - 0.04) * math.cos(a0), c0[1] + (R - 0.04) * math.sin(a0))
    hu = _unit2(-0.62, 0.78)

    def bar(c: Point, u: Point, half_len: float, half_w: float) -> list[Point]:
        vx, vy = -u[1], u[0]
        return [
            P(c[0] - u[0] * half_len - vx * half_w, c[1] - u[1] * half_len - vy * half_w),
            P(c[0] + u[0] * half_len - vx * half_w, c[1] + u[1] * half_len - vy * half_w),
            P(c[0] + u[0] * half_len + vx * half_w, c[1] + u[1] * half_len + vy * half_w),
            P(c[0] - u[0] * half_len + vx * half_w, c[1] - u[1] * half_len + vy * half_w),
        ]

    handle = bar((e[0] + hu[0] * 0.13, e[1] + hu[1] * 0.13), hu, 0.14, 0.065)
    # the hammer: the shaft from the lower right to the upper left, the head across its top
    su = _unit2(-1.0, -1.0)
    shaft_c = (0.02, 0.04)
    shaft = bar(shaft_c, su, 0.4, 0.05)
    top = (shaft_c[0] + su[0] * 0.38, shaft_c[1] + su[1] * 0.38)
    hv = (-su[1], su[0])
    head = bar(top, hv, 0.19, 0.085)
    parts = [blade, handle, shaft, head]
    if edge is not None and s > 10:
        d = max(1.0, s * 0.035)
        for pts in parts:
            pygame.draw.polygon(surface, edge, [(x + d, y + d) for x, y in pts])
    for pts in parts:
        polygon(surface, color, pts)


def _unit2(x: float, y: float) -> Point:
    d = math.hypot(x, y) or 1.0
    return (x / d, y / d)


def draw_chequer(surface: pygame.Surface, a: Point, b: Point, normal: Point, width: float, squares: int = 8) -> None:
    """A chequered strip of two rows along the segment a–b, `width` across, straddling it."""
    ax, ay = a
    dx, dy = (b[0] - a[0]) / squares, (b[1] - a[1]) / squares
    nx, ny = normal[0] * width / 2, normal[1] * width / 2
    white, black = (250, 250, 246), (20, 20, 22)
    for row in (0, 1):
        o0 = -1 if row == 0 else 0
        for i in range(squares):
            x0, y0 = ax + dx * i + nx * o0, ay + dy * i + ny * o0
            pts = [(x0, y0), (x0 + dx, y0 + dy), (x0 + dx + nx, y0 + dy + ny), (x0 + nx, y0 + ny)]
            pygame.draw.polygon(surface, white if (i + row) % 2 == 0 else black, pts)


def outlined_text(fonts: Fonts, text: str, size: int, color: Color, edge: Color, style: str = "bold", thickness: int = 2) -> pygame.Surface:
    """Text with a solid outline (for marks on busy backgrounds)."""
    front = fonts.text(text, size, color, style)
    back = fonts.text(text, size, edge, style)
    t = max(1, thickness)
    out = pygame.Surface((front.get_width() + 2 * t, front.get_height() + 2 * t), pygame.SRCALPHA)
    for ox in range(-t, t + 1):
        for oy in range(-t, t + 1):
            if ox * ox + oy * oy <= t * t + 1:
                out.blit(back, (t + ox, t + oy))
    out.blit(front, (t, t))
    return out


# --- bottle caps ------------------------------------------------------------------------------


@dataclass
class CapArt:
    """Pre-rendered bottle caps of one radius: crimped rim in the player's colour, the mark on the
    pale liner (mark up) or the plain painted crown (flipped), a shadow and a facing pointer.

    Sprites are kept with premultiplied alpha: blit them with `pygame.BLEND_PREMULTIPLIED`."""

    radius: int
    fonts: Fonts
    _cache: dict[tuple[Color, str, bool, int], pygame.Surface] = field(default_factory=dict)

    @property
    def half(self) -> int:
        """Half the sprite's width: the centre of the cap is at (half, half) in the sprite."""
        return int(self.radius * 1.6) + 2

    def sprite(self, color: Color, mark: str, flipped: bool = False, facing_deg: int | None = None) -> pygame.Surface:
        key = (color, mark, flipped, -1 if facing_deg is None else facing_deg)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 256:
                self._cache.clear()
            surf = self._draw(color, mark, flipped, facing_deg)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            surf = surf.premul_alpha()
            self._cache[key] = surf
        return surf

    def _draw(self, color: Color, mark: str, flipped: bool, facing_deg: int | None) -> pygame.Surface:
        k = 3
        half = self.half
        R = self.radius * k
        size = 2 * half * k
        c = (half * k, half * k)
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rgb = (color[0], color[1], color[2])
        dark = shade(rgb, -0.45)
        # shadow
        sh = pygame.Surface((size, size), pygame.SRCALPHA)
        for i in range(6):
            pygame.draw.circle(sh, (0, 0, 0, 22), (c[0] + R * 0.12, c[1] + R * 0.16), R * (1.1 - i * 0.025))
        surf.blit(sh, (0, 0))
        # facing pointer, beneath the rim
        if facing_deg is not None:
            a = math.radians(facing_deg)
            u = (math.cos(a), math.sin(a))
            v = (-u[1], u[0])
            tip = (c[0] + u[0] * R * 1.55, c[1] + u[1] * R * 1.55)
            b1 = (c[0] + u[0] * R * 0.85 + v[0] * R * 0.42, c[1] + u[1] * R * 0.85 + v[1] * R * 0.42)
            b2 = (c[0] + u[0] * R * 0.85 - v[0] * R * 0.42, c[1] + u[1] * R * 0.85 - v[1] * R * 0.42)
            pygame.draw.polygon(surf, (20, 16, 12), [tip, b1, b2])
            inset = 0.8
            t2 = (c[0] + u[0] * R * (1.55 - 0.16), c[1] + u[1] * R * (1.55 - 0.16))
            pygame.draw.polygon(
                surf,
                (250, 248, 240),
                [t2, (c[0] + (b1[0] - c[0]) * inset + u[0] * R * 0.2, c[1] + (b1[1] - c[1]) * inset + u[1] * R * 0.2),
                 (c[0] + (b2[0] - c[0]) * inset + u[0] * R * 0.2, c[1] + (b2[1] - c[1]) * inset + u[1] * R * 0.2)],
            )
        # the crimped skirt: 21 flutes
        flutes = 21
        pts = []
        for i in range(flutes * 2):
            a = 2 * math.pi * i / (flutes * 2)
            rr = R if i % 2 == 0 else R * 0.9
            pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
        pygame.draw.polygon(surf, dark, pts)
        pts2 = [(c[0] + (x - c[0]) * 0.96 - R * 0.02, c[1] + (y - c[1]) * 0.96 - R * 0.03) for x, y in pts]
        pygame.draw.polygon(surf, rgb, pts2)
        # crimp highlights
        for i in range(0, flutes * 2, 2):
            a = 2 * math.pi * i / (flutes * 2)
            lit = 0.5 + 0.5 * math.cos(a + math.pi * 0.75)
            col = shade(rgb, 0.1 + 0.45 * lit)
            p1 = (c[0] + R * 0.93 * math.cos(a), c[1] + R * 0.93 * math.sin(a))
            p2 = (c[0] + R * 0.78 * math.cos(a), c[1] + R * 0.78 * math.sin(a))
            pygame.draw.line(surf, col, p1, p2, max(1, R // 14))
        if flipped:
            # the crown: a painted dome, plain
            pygame.draw.circle(surf, shade(rgb, -0.25), c, R * 0.8)
            pygame.draw.circle(surf, rgb, c, R * 0.74)
            pygame.draw.circle(surf, shade(rgb, 0.18), (c[0] - R * 0.1, c[1] - R * 0.12), R * 0.55)
            pygame.draw.circle(surf, rgb, (c[0] + R * 0.04, c[1] + R * 0.05), R * 0.5)
            pygame.draw.circle(surf, shade(rgb, -0.2), c, R * 0.74, max(1, R // 18))
            sheen = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.ellipse(sheen, (255, 255, 255, 110), (c[0] - R * 0.5, c[1] - R * 0.55, R * 0.45, R * 0.25))
            surf.blit(sheen, (0, 0))
        else:
            # the inside: a metal lip, the pale liner and the player's mark
            pygame.draw.circle(surf, (150, 150, 146), c, R * 0.76)
            pygame.draw.circle(surf, (214, 212, 204), (c[0] + R * 0.02, c[1] + R * 0.03), R * 0.7)
            pygame.draw.circle(surf, (238, 236, 228), (c[0] + R * 0.03, c[1] + R * 0.04), R * 0.64)
            pygame.draw.circle(surf, (200, 198, 190), (c[0] + R * 0.03, c[1] + R * 0.04), R * 0.64, max(1, R // 20))
            if mark:
                size = max(6, int(R * (1.0 if len(mark) == 1 else 0.7)))
                ink = rgb if luminance(rgb) < 0.75 else shade(rgb, -0.55)
                txt = self.fonts.text(mark, size, ink, "bold")
                edge = self.fonts.text(mark, size, shade(ink, -0.5), "bold")
                tw, th = txt.get_size()
                pos = (c[0] - tw / 2 + R * 0.03, c[1] - th / 2 + R * 0.04)
                surf.blit(edge, (pos[0] + max(1, R // 30), pos[1] + max(1, R // 30)))
                surf.blit(txt, pos)
        out = pygame.transform.smoothscale(surf, (2 * half, 2 * half))
        return out
