"""The beer-pong table on screen: top-down table, cups, balls with shadows, a side-view inset, trails.

`PongLayout` maps table metres to pixels (the thrower's end at the left; +y, across, points up) for
the top-down view and the side view (x against height z) below it, both sharing the x axis.
`PongView` draws a `PongFrame` – plain data the scene assembles from the live table – onto any
surface. The static parts (floor, table top, markings) are drawn once per size and blitted.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

import pygame

from game.i18n import N_, _
from game.ui.common import textures, theme
from game.ui.common.theme import Color, Fonts

if TYPE_CHECKING:
    from game.session.live_table import LiveTable

TABLE_L = 2.44  # m, along x
TABLE_W = 0.61  # m, across y
X_BACK = 0.45  # m of floor shown behind the thrower's end (the slingshot's room)
X_FRONT = 0.08  # m shown beyond the far end
Y_MARGIN = 0.14  # m of floor shown beside each long side
Z_TOP = 1.4  # m, the highest point the side view shows
Z_BOTTOM = -0.1  # m, the lowest (the floor is drawn at the bottom edge)

TABLE_TOP = (34, 34, 40)
TABLE_EDGE = (236, 236, 230)
CUP_RED = (200, 36, 40)
CUP_DARK = (120, 18, 22)
RIM = (250, 244, 236)
BEER = (232, 172, 44)
BALL = (250, 250, 246)
TRAIL = (255, 230, 120)
PREVIEW = (140, 220, 255)
BALL_COLOURS: tuple[Color, ...] = ((250, 250, 246), (255, 190, 90))


@dataclass(frozen=True)
class Dims:
    """The sizes the drawing needs, in metres (taken from the physics constants)."""

    rim_r: float = 0.0465
    base_r: float = 0.030
    cup_h: float = 0.12
    ball_r: float = 0.02


@dataclass(frozen=True)
class CupDraw:
    id: int
    x: float
    y: float
    angle: float = 0.0  # radians, the direction a tipped cup lies in
    tipped: bool = False
    holds_ball: bool = False
    liquid: float = 0.4  # share of the cup's height
    dim: bool = False  # drawn faded (the thrower's own rack at the near end, in a Bierpong match)
    lift: float = 0.0  # m it is lifted off the table (a removed cup rising away, `effects`)
    fade: float = 1.0  # how much of it shows (rising away: less and less)
    splash: float = -1.0  # how far a splash from it has got, 0 … 1 (-1: none)
    wobble: float = 0.0  # m its rim leans (along `LEAN`; rocking after a rim clink, `effects`)


@dataclass(frozen=True)
class BallDraw:
    number: int  # the throw's number in this session (shown beside the ball)
    x: float
    y: float
    z: float
    in_flight: bool
    ringed: bool = False  # it may be swatted now: ringed for the defenders' click


@dataclass
class Label:
    """An event's word on the table: where its ball is (`ball`, the table's ball id: it follows the
    ball) or where it happened, for `life` real seconds, fading over the last `LABEL_FADE`."""

    text: str
    x: float
    y: float
    z: float
    age: float  # real seconds since it appeared
    ball: int | None = None
    life: float = 1.2

    @property
    def gone(self) -> bool:
        return self.age >= self.life

    def alpha(self) -> float:
        """How much of it shows now (1 until it fades)."""
        return max(0.0, min(1.0, (self.life - self.age) / LABEL_FADE))


def add_label(labels: list[Label], label: Label) -> None:
    """A ball's new label takes the place of its last one: one label a ball, never a pile."""
    if label.ball is not None:
        labels[:] = [lab for lab in labels if lab.ball != label.ball]
    labels.append(label)


class FeedHead(tuple[str, str]):
    """A feed line that heads a block (a round of a match, a throw at the practice table): drawn
    across the feed's width in bold, a chalk line under it."""

    __slots__ = ()


@dataclass
class PongFrame:
    """Everything one frame shows."""

    cups: Sequence[CupDraw] = ()
    balls: Sequence[BallDraw] = ()
    trails: Sequence[Sequence[tuple[float, float, float]]] = ()
    preview: Sequence[tuple[float, float, float]] = ()
    sling: tuple[tuple[int, int], tuple[int, int]] | None = None  # press point, mouse (pixels)
    sling_text: str = ""
    labels: Sequence[Label] = ()
    feed: Sequence[tuple[str, str]] = ()  # (time, text), oldest first
    status: str = ""
    keys: Sequence[str] = field(default_factory=tuple)
    banner: str = ""  # a solved shot's classification, shown large over the table (`demo SHOT`)
    title: str = N_("Bierpong – the table")  # titles and key lines are shown through `_()`


LABEL_LIFE = 1.2  # real seconds an event's label stays on the table
LABEL_FADE = 0.4  # … the last of them fading
LEAN = (0.6, 0.8)  # the direction a rocking cup's rim leans in (x, y): seen from the thrower's end and the side


class PongLayout:
    """Where things go for a window size."""

    def __init__(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.s = s = theme.scale_for(size)
        m = int(14 * s)
        self.header = pygame.Rect(m, 0, w - 2 * m, int(46 * s))
        fw = int(min(max(220 * s, w * 0.2), 380 * s))
        self.feed = pygame.Rect(w - fw - m, self.header.bottom, fw, h - self.header.bottom - m)
        aw = self.feed.left - 2 * m
        span_x = X_BACK + TABLE_L + X_FRONT
        span_y = TABLE_W + 2 * Y_MARGIN
        side_min = 0.55  # the side view gets at least this share of the top-down scale
        avail_h = h - self.header.bottom - 2 * m
        self.k = k = min(aw / span_x, avail_h / (span_y + side_min * (Z_TOP - Z_BOTTOM)))  # px per metre
        self.top = pygame.Rect(m, self.header.bottom, int(span_x * k), int(span_y * k))
        side_h = avail_h - self.top.h - m
        self.kz = min(k, side_h / (Z_TOP - Z_BOTTOM))
        self.side = pygame.Rect(m, self.top.bottom + m, self.top.w, int((Z_TOP - Z_BOTTOM) * self.kz))

    def to_top(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """Table metres → pixels of the top-down view (a height `z` shows nowhere in it)."""
        return (self.top.left + (x + X_BACK) * self.k, self.top.top + (TABLE_W / 2 + Y_MARGIN - y) * self.k)

    def from_top(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.top.left) / self.k - X_BACK, TABLE_W / 2 + Y_MARGIN - (py - self.top.top) / self.k)

    def to_side(self, x: float, z: float) -> tuple[float, float]:
        """(x, height) → pixels of the side view (heights below its floor are drawn at its bottom)."""
        return (self.side.left + (x + X_BACK) * self.k, self.side.top + (Z_TOP - max(Z_BOTTOM, z)) * self.kz)

    def table_rect(self) -> pygame.Rect:
        x0, y0 = self.to_top(0.0, TABLE_W / 2)
        x1, y1 = self.to_top(TABLE_L, -TABLE_W / 2)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    def thrower_zone(self) -> pygame.Rect:
        """Where a press starts a throw: the floor behind the near end and the table's first 0.6 m."""
        x0, y0 = self.to_top(-X_BACK, TABLE_W / 2 + Y_MARGIN)
        x1, y1 = self.to_top(0.6, -TABLE_W / 2 - Y_MARGIN)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


class PongView:
    """Draws frames of the table scene for one layout (rebuilt on resize)."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], dims: Dims = Dims()) -> None:
        self.fonts = fonts
        self.dims = dims
        self.layout = PongLayout(size)
        self._static: pygame.Surface | None = None
        self._zone_shown = True
        self.height_rects: list[pygame.Rect] = []  # the last frame's flying balls' heights
        self.label_rects: list[pygame.Rect] = []  # and its event labels, kept clear of them
        self._shadows: dict[int, pygame.Surface] = {}
        self._cups: dict[tuple[int, int, bool, bool], pygame.Surface] = {}

    @property
    def zone_shown(self) -> bool:
        """The thrower's zone to drag back in is drawn (not in the replay viewer)."""
        return self._zone_shown

    @zone_shown.setter
    def zone_shown(self, on: bool) -> None:
        if on != self._zone_shown:
            self._zone_shown = on
            self._static = None

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.layout.size:
            self.layout = PongLayout(size)
            self._static = None
            self._cups.clear()
            self._shadows.clear()

    # --- the static picture --------------------------------------------------------------------

    def _build_static(self) -> pygame.Surface:
        L = self.layout
        s = L.s
        surf = textures.wood(L.size, theme.WOOD_DARK, plank=int(120 * s))
        tr = L.table_rect()
        pygame.draw.rect(surf, (0, 0, 0), tr.move(int(6 * s), int(8 * s)), border_radius=int(4 * s))
        pygame.draw.rect(surf, TABLE_TOP, tr, border_radius=int(3 * s))
        pygame.draw.rect(surf, TABLE_EDGE, tr, max(2, int(3 * s)), border_radius=int(3 * s))
        cx, _y = L.to_top(TABLE_L / 2, 0)
        pygame.draw.line(surf, (120, 120, 130), (cx, tr.top), (cx, tr.bottom - 1), max(1, int(2 * s)))
        if self.zone_shown:
            zone = L.thrower_zone()
            tint = pygame.Surface(zone.size, pygame.SRCALPHA)
            tint.fill((140, 220, 255, 18))
            surf.blit(tint, zone.topleft)
            pygame.draw.rect(surf, (140, 220, 255), zone, 1)
            cap = self.fonts.text(_("drag back here to throw"), int(13 * s), theme.CHALK_BLUE, "italic")
            surf.blit(cap, (zone.left + int(6 * s), zone.bottom - cap.get_height() - int(2 * s)))
        f = self.fonts
        # the side view: a slate inset with the table top, the floor and a height scale
        sd = L.side
        theme.rounded_panel(surf, sd.inflate(int(8 * s), int(8 * s)), (24, 28, 30, 235), theme.BRASS_DARK, int(8 * s), 2)
        x0, z0 = L.to_side(0.0, 0.0)
        x1, _z = L.to_side(TABLE_L, 0.0)
        pygame.draw.line(surf, TABLE_EDGE, (x0, z0), (x1, z0), max(2, int(3 * s)))
        for leg in (0.1, TABLE_L - 0.1):
            lx, _z = L.to_side(leg, 0.0)
            pygame.draw.line(surf, (90, 90, 96), (lx, z0), (lx, sd.bottom), max(2, int(4 * s)))
        for zc in (0.25, 0.5, 0.75, 1.0):
            _x, zy = L.to_side(0, zc)
            for xd in range(sd.left, sd.right, int(12 * s)):
                surf.fill((70, 76, 78), (xd, int(zy), int(5 * s), 1))
            surf.blit(f.text(f"{int(zc * 100)} cm", int(11 * s), theme.CHALK_DIM), (sd.left + int(4 * s), zy - int(14 * s)))
        title = f.text(_("side view: height over the table (x → far end)"), int(12 * s), theme.CHALK_DIM, "italic")
        surf.blit(title, (sd.right - title.get_width() - int(6 * s), sd.top + int(4 * s)))
        theme.rounded_panel(surf, L.feed, (30, 36, 36, 240), theme.BRASS_DARK, int(10 * s), 2)
        return theme.for_display(surf)

    # --- pieces ----------------------------------------------------------------------------------

    def _shadow(self, r: int) -> pygame.Surface:
        sh = self._shadows.get(r)
        if sh is None:
            sh = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            for i in range(3):
                pygame.draw.circle(sh, (0, 0, 0, 55), (r + 1, r + 1), max(1, r - i * max(1, r // 4)))
            self._shadows[r] = sh
        return sh

    def _cup_sprite(self, liquid: float, holds_ball: bool, tipped: bool) -> pygame.Surface:
        """A cup seen from above: red wall, white rim, the liquid's surface (smaller as it is lower)."""
        k = self.layout.k
        d = self.dims
        key = (int(d.rim_r * k), int(liquid * 20), holds_ball, tipped)
        spr = self._cups.get(key)
        if spr is not None:
            return spr
        R = max(4, int(d.rim_r * k))
        if tipped:  # lying on its side: a trapezoid from rim to base, a puddle beside it
            w, hgt = int(d.cup_h * k), 2 * R
            spr = pygame.Surface((w + 2 * R, 2 * hgt), pygame.SRCALPHA)
            pygame.draw.ellipse(spr, (*BEER, 110), (0, hgt // 2, 2 * R + w // 2, hgt))
            b = max(3, int(d.base_r * k))
            cy = hgt
            pts = [(R, cy - R), (R + w, cy - b), (R + w, cy + b), (R, cy + R)]
            pygame.draw.polygon(spr, CUP_RED, pts)
            pygame.draw.polygon(spr, CUP_DARK, pts, 2)
            pygame.draw.ellipse(spr, RIM, (R - max(2, R // 5), cy - R, max(4, R // 2), 2 * R), max(2, R // 6))
        else:
            spr = pygame.Surface((2 * R + 2, 2 * R + 2), pygame.SRCALPHA)
            c = (R + 1, R + 1)
            pygame.draw.circle(spr, CUP_DARK, c, R)
            lr = d.base_r + (d.rim_r - d.base_r) * max(0.0, min(1.0, liquid))
            pygame.draw.circle(spr, BEER, c, max(2, int(lr * k * 0.96)))
            pygame.draw.circle(spr, (255, 226, 150), (c[0] - R // 5, c[1] - R // 5), max(1, int(lr * k * 0.45)), max(1, R // 10))
            pygame.draw.circle(spr, RIM, c, R, max(2, R // 6))
            if holds_ball:
                pygame.draw.circle(spr, BALL, c, max(2, int(d.ball_r * k)))
                pygame.draw.circle(spr, (150, 150, 150), c, max(2, int(d.ball_r * k)), 1)
        self._cups[key] = spr
        return spr

    def _ball_r(self, z: float) -> float:
        """The ball's radius in pixels, a little larger the higher it is (it is nearer the eye)."""
        return max(2.5, self.dims.ball_r * self.layout.k * (1 + 0.35 * max(0.0, z)))

    # --- the frame -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, fr: PongFrame, *, over: pygame.Rect | None = None) -> None:
        """The frame; `over`: a rectangle another view paints (the perspective table) – the top-down
        table, the side view and what lies on them are left out there."""
        if self._static is None:
            self._static = self._build_static()
        L = self.layout
        s = L.s
        f = self.fonts
        if over is not None:  # only the header, the feed and the margins around the other view
            w, h = L.size
            for part in (pygame.Rect(0, 0, w, over.top), pygame.Rect(0, over.bottom, w, h - over.bottom),
                         pygame.Rect(0, over.top, over.left, over.h), pygame.Rect(over.right, over.top, w - over.right, over.h)):
                if part.w > 0 and part.h > 0:
                    surface.blit(self._static, part.topleft, part)
            self._draw_words(surface, fr)
            return
        surface.blit(self._static, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(L.top)
        self._draw_top(surface, fr)
        surface.set_clip(L.side)
        self._draw_side(surface, fr)
        surface.set_clip(clip)
        heights: list[pygame.Rect] = []
        for ball in fr.balls:  # each flying ball's height beside it (outside the clip: near the edge too)
            if ball.in_flight and ball.z >= -0.05:
                px, py = L.to_top(ball.x, ball.y)
                r = self._ball_r(ball.z)
                t = f.shadowed(f"{ball.number}: {max(0.0, ball.z) * 100:.0f} cm", int(13 * s), theme.CREAM, "bold", 1)
                rect = t.get_rect(bottomleft=(round(px + r + 3 * s), round(py - r)))
                if rect.right > L.top.right:
                    rect.right = round(px - r - 3 * s)
                if L.top.contains(rect):
                    surface.blit(t, rect)
                    heights.append(rect)
        self.height_rects = heights  # where the last frame put them (what a test checks)
        self.label_rects = self._draw_labels(surface, fr.labels, heights)
        if fr.sling is not None:
            a, b = fr.sling
            pygame.draw.line(surface, theme.AMBER, a, b, max(2, int(3 * s)))
            pygame.draw.circle(surface, theme.AMBER, a, int(6 * s), 2)
            pygame.draw.circle(surface, BALL, b, int(6 * s))
            if fr.sling_text:
                t = f.shadowed(fr.sling_text, int(16 * s), theme.AMBER)
                rect = t.get_rect(midbottom=(a[0], a[1] - int(10 * s)))
                rect.clamp_ip(L.top)
                surface.blit(t, rect)
        self._draw_words(surface, fr)

    def _draw_words(self, surface: pygame.Surface, fr: PongFrame) -> None:
        """The title, the banner, the status line and the feed."""
        L = self.layout
        s = L.s
        f = self.fonts
        surface.blit(f.shadowed(_(fr.title), int(24 * s), theme.CREAM, "serif"), (L.header.left, L.header.top + int(8 * s)))
        if fr.banner:
            bt = f.shadowed(fr.banner, int(22 * s), theme.AMBER, "bold")
            br = bt.get_rect(midtop=(L.top.centerx, L.top.top + int(10 * s)))
            back = br.inflate(int(20 * s), int(10 * s))
            pygame.draw.rect(surface, (20, 20, 24), back, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.AMBER, back, 2, border_radius=int(6 * s))
            surface.blit(bt, br)
        if fr.status:
            st = f.shadowed(fr.status, int(17 * s), theme.CHALK_YELLOW)
            surface.blit(st, (L.top.right - st.get_width(), L.header.top + int(14 * s)))
        self._draw_feed(surface, fr)

    def _draw_top(self, surface: pygame.Surface, fr: PongFrame) -> None:
        L = self.layout
        s = L.s
        f = self.fonts
        for cup in fr.cups:
            px, py = L.to_top(cup.x + cup.wobble * LEAN[0] * 0.5, cup.y + cup.wobble * LEAN[1] * 0.5)  # (a rocking cup's rim: half its lean seen from above)
            spr = self._cup_sprite(cup.liquid, cup.holds_ball, cup.tipped)
            if cup.tipped:
                spr = pygame.transform.rotate(spr, math.degrees(cup.angle) + 180)
            if cup.dim:
                spr = spr.copy()
                spr.set_alpha(110)
            surface.blit(spr, spr.get_rect(center=(round(px), round(py))))
            idt = f.shadowed(str(cup.id), int(14 * s), theme.CREAM if not cup.holds_ball else theme.INK, "bold", 1)
            surface.blit(idt, idt.get_rect(center=(round(px), round(py))))
        for trail in fr.trails:
            pts = [L.to_top(x, y) for x, y, _ in trail]
            if len(pts) >= 2:
                pygame.draw.lines(surface, TRAIL, False, pts, max(1, int(2 * s)))
        if len(fr.preview) >= 2:
            pts = [L.to_top(x, y) for x, y, _ in fr.preview]
            for p in pts[::2]:
                pygame.draw.circle(surface, PREVIEW, p, max(1, int(2 * s)))
            self._cross(surface, pts[-1], PREVIEW)
        for b in fr.balls:
            px, py = L.to_top(b.x, b.y)
            r = self._ball_r(b.z)
            colour = BALL_COLOURS[b.number % 2]
            if b.z < -0.05:  # on the floor: a dim ball, no shadow
                pygame.draw.circle(surface, (150, 150, 140), (px, py), r * 0.8)
                continue
            h = max(0.0, b.z)
            sr = max(2, int(r * (1 + 0.8 * h)))
            sh = self._shadow(sr)
            off = h * L.k * 0.2  # the light comes from the upper left: the higher, the farther the shadow
            surface.blit(sh, sh.get_rect(center=(round(px + off), round(py + off))))
            if h > 0.03:
                pygame.draw.line(surface, (255, 255, 255), (px, py), (px + off, py + off), 1)
            pygame.draw.circle(surface, colour, (px, py), r)
            pygame.draw.circle(surface, (120, 120, 110), (px, py), r, 1)

    def _draw_side(self, surface: pygame.Surface, fr: PongFrame) -> None:
        L = self.layout
        s = L.s
        d = self.dims
        for cup in fr.cups:
            if cup.tipped:
                x0, z0 = L.to_side(cup.x - d.cup_h / 2, 0)
                x1, z1 = L.to_side(cup.x + d.cup_h / 2, 2 * d.rim_r)
                pygame.draw.rect(surface, CUP_RED, pygame.Rect(x0, z1, x1 - x0, z0 - z1), border_radius=2)
                continue
            top_l, top_r = cup.x - d.rim_r, cup.x + d.rim_r
            pts = [L.to_side(cup.x - d.base_r, 0), L.to_side(top_l, d.cup_h), L.to_side(top_r, d.cup_h), L.to_side(cup.x + d.base_r, 0)]
            pygame.draw.polygon(surface, CUP_RED, pts)
            ll = d.cup_h * cup.liquid
            lr = d.base_r + (d.rim_r - d.base_r) * cup.liquid
            beer = [L.to_side(cup.x - d.base_r, 0), L.to_side(cup.x - lr, ll), L.to_side(cup.x + lr, ll), L.to_side(cup.x + d.base_r, 0)]
            pygame.draw.polygon(surface, BEER, beer)
            pygame.draw.polygon(surface, CUP_DARK, pts, 1)
            pygame.draw.line(surface, RIM, pts[1], pts[2], max(2, int(2 * s)))
        for trail in fr.trails:
            pts = [L.to_side(x, z) for x, _, z in trail]
            if len(pts) >= 2:
                pygame.draw.lines(surface, TRAIL, False, pts, max(1, int(2 * s)))
        if len(fr.preview) >= 2:
            pts = [L.to_side(x, z) for x, _, z in fr.preview]
            for p in pts[::2]:
                pygame.draw.circle(surface, PREVIEW, p, max(1, int(2 * s)))
            self._cross(surface, pts[-1], PREVIEW)
        rz = max(3.0, d.ball_r * L.kz)
        for b in fr.balls:
            p = L.to_side(b.x, b.z)
            pygame.draw.circle(surface, BALL_COLOURS[b.number % 2], p, rz)
            pygame.draw.circle(surface, (90, 90, 90), p, rz, 1)

    def _cross(self, surface: pygame.Surface, p: tuple[float, float], colour: Color) -> None:
        a = 6 * self.layout.s
        pygame.draw.line(surface, colour, (p[0] - a, p[1] - a), (p[0] + a, p[1] + a), 2)
        pygame.draw.line(surface, colour, (p[0] - a, p[1] + a), (p[0] + a, p[1] - a), 2)

    def _draw_labels(self, surface: pygame.Surface, labels: Sequence[Label], keep_clear: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
        """Each label over its ball (or where its event happened), rising a little and fading, clear of
        `keep_clear` (the flying balls' heights: it moves up over them); a label that would cover a
        newer one is left out (the feed has it). Where they went."""
        L = self.layout
        s = L.s
        clear = list(keep_clear)
        taken: list[pygame.Rect] = []  # the labels' grounds
        shown: list[pygame.Rect] = []  # their text
        for lab in reversed(labels):  # the newest first: it keeps its place
            if lab.gone:
                continue
            px, py = L.to_top(lab.x, lab.y)
            t = self.fonts.shadowed(lab.text, int(17 * s), theme.CHALK_YELLOW)
            fade = lab.alpha()
            if fade < 1.0:
                t = t.copy()
                t.set_alpha(int(255 * fade))
            rect = t.get_rect(midbottom=(round(px), round(py - 14 * s - lab.age * 12 * s)))
            rect.clamp_ip(L.top)
            k = rect.collidelist(clear)
            if k >= 0:  # over the ball's height, not on it
                rect.bottom = clear[k].top - 1
            pill = rect.inflate(int(10 * s), int(4 * s))  # a dark ground: readable over the cups
            if rect.top < L.top.top or pill.collidelist(taken) >= 0:
                continue
            taken.append(pill)
            shown.append(rect)
            ground = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(ground, (18, 18, 22, int(190 * max(0.0, fade))), ground.get_rect(), border_radius=int(6 * s))
            surface.blit(ground, pill)
            surface.blit(t, rect)
        return shown

    def _draw_feed(self, surface: pygame.Surface, fr: PongFrame) -> None:
        L = self.layout
        s = L.s
        f = self.fonts
        r = L.feed
        pad = int(10 * s)
        y = r.top + pad
        surface.blit(f.text(_("What happened"), int(17 * s), theme.CHALK_YELLOW, "bold"), (r.left + pad, y))
        y += int(28 * s)
        inner = r.w - 2 * pad
        keys = [line for k in fr.keys for line in f.wrap(_(k), int(12 * s), inner)]  # wrapped, never cut
        keys_h = len(keys) * int(17 * s) + pad
        line_h = int(19 * s)
        room = max(0, (r.bottom - keys_h - y - pad) // line_h)
        lines: list[tuple[str, str]] = []  # (time, one line of the entry): an entry wraps under its text
        for entry in fr.feed:
            when, text = entry
            if isinstance(entry, FeedHead):  # a block's head: one line across the width
                lines.append(FeedHead((when, f.fit(text, int(15 * s), inner, "bold"))))
                continue
            for i, line in enumerate(f.wrap(text, int(15 * s), inner - int(58 * s)) or [text]):
                lines.append((when if i == 0 else "", line))
        shown = lines[-room:] if room else []
        for row in shown:
            when, text = row
            if isinstance(row, FeedHead):
                head = f.text(text, int(15 * s), theme.CHALK_YELLOW, "bold")
                surface.blit(head, (r.left + pad, y + int(2 * s)))
                ly = y + int(2 * s) + head.get_height() // 2
                if r.left + pad + head.get_width() + int(8 * s) < r.right - pad:
                    pygame.draw.line(surface, theme.BRASS_DARK, (r.left + pad + head.get_width() + int(8 * s), ly), (r.right - pad, ly))
                y += line_h
                continue
            surface.blit(f.text(f.fit(when, int(13 * s), int(54 * s)), int(13 * s), theme.CHALK_DIM), (r.left + pad, y + int(2 * s)))
            surface.blit(f.text(text, int(15 * s), theme.CHALK), (r.left + pad + int(58 * s), y))
            y += line_h
        ky = r.bottom - keys_h
        pygame.draw.line(surface, theme.BRASS_DARK, (r.left + pad, ky - int(4 * s)), (r.right - pad, ky - int(4 * s)))
        for k in keys:
            surface.blit(f.text(k, int(12 * s), theme.CHALK_DIM), (r.left + pad, ky))
            ky += int(17 * s)


def ball_draws(live: LiveTable, hidden: frozenset[int] = frozenset()) -> list[BallDraw]:
    """The balls to draw now, interpolated between their last two steps (a ball in a cup: the cup
    shows it; `hidden`: balls off the table, e.g. swatted)."""
    out = []
    for b in live.balls():
        if (b.settled and b.cup is not None) or b.id in hidden:
            continue
        f = live.flights.get(b.id)
        out.append(BallDraw(f.number if f else 0, *live.position(b), b.in_flight))
    return out


def cup_draws(live: LiveTable, cup_h: float) -> list[CupDraw]:
    return [CupDraw(c.id, c.pos[0], c.pos[1], c.angle, c.tipped, c.holds_ball, c.liquid / cup_h) for c in live.table_cups()]
