"""The Racerbile board on screen: a track drawn once into a cached surface, caps and a path on top.

`BoardGeometry` (board_geometry) derives, once per track and in board units, what the picture
needs; `BoardPainter` (board_paint) paints the static board from it. `BoardView` is the view: a
`Layout` (the track's orientation, a hex size in pixels, an origin) that `fit`, `zoom` and `pan`
change, a static layer painted only when the view changes (panning within a margin just moves the
cached picture; zooming repaints, or shows a quick scaled preview until the wheel rests), and a
cheap dynamic layer drawn each frame: pre-rendered caps, a pre-rendered path overlay, the hover.

No scene, no window: it draws onto any surface, so it renders headless too.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.hexgrid import Hex, Layout
from game.racerbile.track import Track
from game.ui.board import board_art as art
from game.ui.board.board_art import CapArt, Palette, Point
from game.ui.board.board_geometry import geometry
from game.ui.board.board_paint import BoardPainter
from game.ui.common.theme import Color, Fonts

MIN_HEX_PX = 3.0
MAX_HEX_PX = 160.0
OVERHEAD_REACH = 7.0  # board units round the bridge's fields its layer spans (the track's width and its pillars)
SEE_THROUGH = 0.3  # the bridge's opacity over lit fields
ZOOM_SETTLE = 0.15  # seconds without zooming before the static layer is repainted after a preview


@dataclass(frozen=True)
class CapView:
    """A car on the board as the view draws it: a bottle cap, mark up, or flipped on a blocking field
    (racerbile.caps). Caps on one field: the earlier in the list lies on top (it arrived first); the
    newcomer is underneath (racerbile.stack)."""

    at: Hex
    color: Color
    mark: str = ""
    facing: int | None = None  # a direction index (the way it last moved), or None
    flipped: bool = False  # on a blocking field: the plain crown shows, not the mark


class BoardView:
    """A track on screen: fit, zoom and pan a layout; paint the static board once; draw caps."""

    def __init__(self, track: Track, size: tuple[int, int], *, fonts: Fonts | None = None, area: pygame.Rect | None = None) -> None:
        self.track = track
        self.geo = geometry(track)
        self.palette: Palette = art.palette_for(track.theme)
        self.fonts = fonts if fonts is not None else Fonts()
        self.size = (max(1, size[0]), max(1, size[1]))
        self.area = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), self.size)
        self.scale = 20.0
        self.origin: Point = (0.0, 0.0)
        self.renders = 0  # how often the static layer was painted (tests and curiosity)
        self._fitted: tuple[tuple[object, ...], tuple[float, tuple[float, float, float, float]]] | None = None  # (`_fit`)
        self._orientation = self.geo.unit.orientation
        self._facing_deg = [int(round(math.degrees(self.geo.unit.direction_angle(d)))) % 360 for d in range(6)]
        self._tile: pygame.Surface | None = None
        self._cache: pygame.Surface | None = None
        self._cache_scale = 0.0
        self._cache_origin: Point = (0.0, 0.0)  # the layout origin inside the cache
        self._preview_idle: float | None = None  # seconds since the last previewed zoom
        self._caps: CapArt | None = None
        self._frame: pygame.Surface | None = None  # the window's part of the cache, cropped …
        self._frame_at: tuple[int, int] | None = None  # … from this offset (None: crop again)
        self._path: tuple[Hex, ...] = ()  # the path painted into the cache …
        self._under: tuple[pygame.Surface, tuple[int, int]] | None = None  # … and what it covers
        self._over: tuple[float, pygame.Surface, pygame.Surface, pygame.Rect] | None = None  # the bridge at a zoom: solid, faint, where it is drawn
        self.split_tags: dict[tuple[str, str], tuple[Point, tuple[int, int]]] = {}  # (split, branch) → its name's tag: centre (board units), size (px)
        self.fit()

    # --- the view ------------------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        return Layout(self._orientation, (self.scale, self.scale), self.origin)

    def to_pixel(self, h: Hex) -> Point:
        return self.layout.to_pixel(h)

    def hex_at(self, pixel: tuple[float, float]) -> Hex:
        """The hex under a pixel (a field of the track or not)."""
        return self.layout.to_hex((pixel[0], pixel[1]))

    def field_at(self, pixel: tuple[float, float]) -> Hex | None:
        """The field of the track (or pit lane) under a pixel, or None."""
        h = self.hex_at(pixel)
        return h if h in self.geo.cells else None

    def fit_scale(self, area: pygame.Rect | None = None, margin: int = 16) -> float:
        a = area if area is not None else self.area
        return self._fit(a, margin)[0]

    def _fit(self, a: pygame.Rect, margin: int) -> tuple[float, tuple[float, float, float, float]]:
        """The scale that shows the whole board in `a`, and the box (board units) it shows: the board
        and the signs' plates, which keep their size in pixels – at a small window a sign at the
        board's edge stands out beyond it (twice refined: a smaller scale makes the plates larger in
        board units). Worked out once per area (each zoom step asks for the fit's scale)."""
        key = (tuple(a), margin)
        if self._fitted is not None and self._fitted[0] == key:
            return self._fitted[1]
        x0, y0, x1, y1 = box = self.geo.bbox

        def scale_for(b: tuple[float, float, float, float]) -> float:
            bw, bh = max(1e-6, b[2] - b[0]), max(1e-6, b[3] - b[1])
            return max(MIN_HEX_PX, min((a.width - 2 * margin) / bw, (a.height - 2 * margin) / bh))

        s = scale_for(box)
        for _ in range(2):
            signs = BoardPainter(self, pygame.Surface((1, 1)), s, (0.0, 0.0)).sign_box()
            if signs is None:
                break
            box = (min(x0, signs[0]), min(y0, signs[1]), max(x1, signs[2]), max(y1, signs[3]))
            s = scale_for(box)
        self._fitted = (key, (s, box))
        return s, box

    def fit(self, size: tuple[int, int] | None = None, area: pygame.Rect | None = None, margin: int = 16) -> None:
        """Show the whole board, centred in the area (the whole window unless given)."""
        if size is not None:
            self.size = (max(1, size[0]), max(1, size[1]))
            self.area = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), self.size)
        elif area is not None:
            self.area = pygame.Rect(area)
        self.scale, (x0, y0, x1, y1) = self._fit(self.area, margin)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        self.origin = (self.area.centerx - cx * self.scale, self.area.centery - cy * self.scale)
        self._preview_idle = None

    def resize(self, size: tuple[int, int], area: pygame.Rect | None = None) -> None:
        """The window changed size: fit the board to it."""
        self.fit(size, area)

    def zoom(self, factor: float, around: tuple[float, float] | None = None, *, preview: bool = False) -> None:
        """Zoom by `factor` keeping the point under `around` (default: the area's centre) in place.

        With `preview` the static layer is not repainted at once: a scaled copy stands in until
        `update` has seen ZOOM_SETTLE seconds without zooming (for the mouse wheel)."""
        ax, ay = around if around is not None else self.area.center
        fit = self.fit_scale()
        lo = min(fit, max(MIN_HEX_PX, fit * 0.5))
        hi = max(MAX_HEX_PX, fit)
        new = max(lo, min(hi, self.scale * factor))
        f = new / self.scale
        if abs(f - 1.0) < 1e-9:
            return
        ox, oy = self.origin
        self.origin = (ax + (ox - ax) * f, ay + (oy - ay) * f)
        self.scale = new
        self._clamp()
        self._preview_idle = 0.0 if preview else None

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self._clamp()

    def _clamp(self) -> None:
        """Keep at least a piece of the board in the area."""
        x0, y0, x1, y1 = self.geo.bbox
        s, (ox, oy) = self.scale, self.origin
        keep = 60.0
        a = self.area
        lo_x, hi_x = a.left + keep - x1 * s, a.right - keep - x0 * s
        lo_y, hi_y = a.top + keep - y1 * s, a.bottom - keep - y0 * s
        if lo_x <= hi_x:
            ox = min(hi_x, max(lo_x, ox))
        if lo_y <= hi_y:
            oy = min(hi_y, max(lo_y, oy))
        self.origin = (ox, oy)

    def update(self, dt: float) -> None:
        """Count the quiet time after a previewed zoom."""
        if self._preview_idle is not None:
            self._preview_idle += dt
            if self._preview_idle >= ZOOM_SETTLE:
                self._preview_idle = None

    @property
    def previewing(self) -> bool:
        return self._preview_idle is not None

    # --- the static layer ------------------------------------------------------------------------

    def _margin(self) -> int:
        """How far the cached picture reaches beyond the window (panning within it is free)."""
        return min(320, max(64, min(self.size) // 4))

    def _cache_ok(self) -> bool:
        if self._cache is None or abs(self._cache_scale - self.scale) > 1e-9:
            return False
        # the window, in cache pixels, must lie inside the cache
        dx = self._cache_origin[0] - self.origin[0]
        dy = self._cache_origin[1] - self.origin[1]
        cw, ch = self._cache.get_size()
        return dx >= 0 and dy >= 0 and dx + self.size[0] <= cw and dy + self.size[1] <= ch

    def render_static(self) -> pygame.Surface:
        """Paint the static board for the current view (the window plus a margin for panning)."""
        m = self._margin()
        surf = display_surface((self.size[0] + 2 * m, self.size[1] + 2 * m))
        origin = (self.origin[0] + m, self.origin[1] + m)
        self.paint(surf, self.scale, origin, overhead=False)  # the bridge goes over the lit fields (`draw_overhead`)
        self._cache = surf
        self._cache_scale = self.scale
        self._cache_origin = origin
        self._path, self._under = (), None
        self._frame_at = None
        self.renders += 1
        return self._cache

    def table_tile(self) -> pygame.Surface:
        if self._tile is None:
            self._tile = art_for_display(art.table_tile(self.palette))
        return self._tile

    def paint(self, surface: pygame.Surface, scale: float, origin: Point, overhead: bool = True) -> None:
        """Paint the whole static board onto `surface` with hexes of `scale` pixels at `origin` (with
        what stands over the track – the Dunlop bridge – unless `overhead` is False)."""
        p = BoardPainter(self, surface, scale, origin)
        p.paint()
        if overhead:
            p.dunlop()

    # --- over the track: the Dunlop bridge -------------------------------------------------------------

    def _overhead_box(self) -> tuple[float, float, float, float] | None:
        """The board units the bridge may cover (its fields and the track's width round them)."""
        if not self.track.dunlop:
            return None
        pts = [self.geo.unit.to_pixel(h) for h in self.track.dunlop]
        m = OVERHEAD_REACH
        return (min(x for x, _ in pts) - m, min(y for _, y in pts) - m, max(x for x, _ in pts) + m, max(y for _, y in pts) + m)

    def overhead(self) -> tuple[pygame.Surface, Point] | None:
        """The bridge on a layer of its own at this zoom, and where its corner lies in board units."""
        box = self._overhead_box()
        if box is None:
            return None
        if self._over is None or abs(self._over[0] - self.scale) > 1e-9:
            x0, y0, x1, y1 = box
            s = self.scale
            surf = pygame.Surface((max(1, int((x1 - x0) * s) + 2), max(1, int((y1 - y0) * s) + 2)), pygame.SRCALPHA)
            BoardPainter(self, surf, s, (-x0 * s, -y0 * s)).dunlop()
            faint = surf.copy()
            faint.fill((255, 255, 255, int(255 * SEE_THROUGH)), special_flags=pygame.BLEND_RGBA_MULT)
            self._over = (s, art_for_display(surf, alpha=True), art_for_display(faint, alpha=True), surf.get_bounding_rect(40))
        return self._over[1], (box[0], box[1])

    def split_tag_rects(self) -> dict[tuple[str, str], pygame.Rect]:
        """Where the branch names of the splits stand on screen (as last painted)."""
        out = {}
        for key, (c, size) in self.split_tags.items():
            r = pygame.Rect((0, 0), size)
            r.center = (int(self.origin[0] + c[0] * self.scale), int(self.origin[1] + c[1] * self.scale))
            out[key] = r
        return out

    def overhead_rect(self) -> pygame.Rect | None:
        """Where the bridge stands on screen now (None: the track has none)."""
        got = self.overhead()
        if got is None:
            return None
        assert self._over is not None
        _surf, (x0, y0) = got
        return self._over[3].move(int(self.origin[0] + x0 * self.scale), int(self.origin[1] + y0 * self.scale))

    def draw_overhead(self, surface: pygame.Surface, see_through: bool = False) -> None:
        """The Dunlop bridge over the board; `see_through`: faint, so the lit fields under it show."""
        got = self.overhead()
        if got is None:
            return
        img, (x0, y0) = got
        at = (int(self.origin[0] + x0 * self.scale), int(self.origin[1] + y0 * self.scale))
        if see_through and self._over is not None:
            img = self._over[2]
        surface.blit(img, at)

    # --- the frame -------------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        caps: Sequence[CapView] = (),
        path: Sequence[Hex] | None = None,
        hover: Hex | None = None,
        overhead: bool = True,
    ) -> None:
        """One frame: the cached board (with the path painted in), the hovered field, the bridge
        (unless `overhead` is False: the caller draws it over its own marks, `draw_overhead`) and the caps."""
        if not self._cache_ok() and not (self.previewing and self._cache is not None):
            self.render_static()
        assert self._cache is not None
        if abs(self._cache_scale - self.scale) < 1e-9:
            self._bake_path(tuple(path) if path else ())
            # a window-sized crop blits faster than the larger cache; it changes only with a pan
            at = (int(self.origin[0] - self._cache_origin[0]), int(self.origin[1] - self._cache_origin[1]))
            if self._frame is None or self._frame.get_size() != self.size:
                self._frame = display_surface(self.size)
                self._frame_at = None
            if at != self._frame_at:
                self._frame.blit(self._cache, at)
                self._frame_at = at
            surface.blit(self._frame, (0, 0))
        else:
            self._draw_preview(surface)
        if hover is not None and hover in self.geo.cells:
            corners = self.layout.corners(hover)
            pygame.draw.lines(surface, self.palette.hover, True, corners, max(2, int(self.scale * 0.08)))
            pygame.draw.aalines(surface, self.palette.hover, True, corners)
        if overhead:
            self.draw_overhead(surface, see_through=path is not None and any(h in self.track.dunlop for h in path))
        if caps:
            self._draw_caps(surface, caps)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """The cached board scaled to the current zoom (until the repaint after the wheel rests)."""
        assert self._cache is not None
        k = self._cache_scale / self.scale  # cache pixels per window pixel
        w, h = self.size
        # window (0,0) ↦ cache point c0; the window spans w·k × h·k cache pixels
        c0x = self._cache_origin[0] - k * self.origin[0]
        c0y = self._cache_origin[1] - k * self.origin[1]
        src = pygame.Rect(math.floor(c0x), math.floor(c0y), math.ceil(w * k) + 1, math.ceil(h * k) + 1)
        clip = src.clip(self._cache.get_rect())
        if clip != src:  # the table beyond the cached picture
            tile = self.table_tile()
            t = tile.get_width()
            for y in range(int(self.origin[1]) % t - t, h, t):
                for x in range(int(self.origin[0]) % t - t, w, t):
                    surface.blit(tile, (x, y))
        if clip.width <= 0 or clip.height <= 0:
            return
        dst_w = max(1, round(clip.width / k))
        dst_h = max(1, round(clip.height / k))
        part = pygame.transform.scale(self._cache.subsurface(clip), (dst_w, dst_h))
        surface.blit(part, ((clip.x - c0x) / k, (clip.y - c0y) / k))

    def _cap_art(self) -> CapArt:
        r = max(7, int(self.scale * 0.58))  # a car stays visible on a big track seen whole
        if self._caps is None or self._caps.radius != r:
            self._caps = CapArt(r, self.fonts)
        return self._caps

    def draw_caps(self, surface: pygame.Surface, caps: Sequence[CapView]) -> None:
        """The caps alone, for a scene that draws its own marks between the board and the caps."""
        if caps:
            self._draw_caps(surface, caps)

    def _draw_caps(self, surface: pygame.Surface, caps: Sequence[CapView]) -> None:
        ca = self._cap_art()
        half = ca.half
        lay = self.layout
        angles = self._facing_deg
        by_field: dict[Hex, list[CapView]] = {}
        for c in caps:
            by_field.setdefault(c.at, []).append(c)
        s = ca.radius / 0.58  # offsets in field sizes, or in cap sizes where caps outgrow the fields
        blits: list[tuple[pygame.Surface, tuple[float, float]]] = []
        for at, group in by_field.items():
            x, y = lay.to_pixel(at)
            n = len(group)
            if n == 1:
                placed = [(group[0], 0.0, 0.0)]
            else:  # the first arrival on top (drawn last), each newcomer further under it
                placed = [(group[i], (-0.2 + 0.42 * i / (n - 1)) * s, (-0.18 + 0.38 * i / (n - 1)) * s) for i in reversed(range(n))]
            for cap, dx, dy in placed:
                spr = ca.sprite(cap.color, cap.mark, cap.flipped, None if cap.facing is None else angles[cap.facing % 6])
                blits.append((spr, (x + dx - half, y + dy - half)))
        surface.fblits(blits, pygame.BLEND_PREMULTIPLIED)

    def _bake_path(self, path: tuple[Hex, ...]) -> None:
        """Paint the path into the cached board when it changes (restoring what the old one covered),
        so a frame costs no more than the blit of the board."""
        if path == self._path or self._cache is None:
            return
        if self._under is not None:
            patch, pos = self._under
            self._cache.blit(patch, pos)
            self._under = None
        self._path = path
        self._frame_at = None
        if not path:
            return
        overlay, pos = self._render_path(list(path))
        area = pygame.Rect(pos, overlay.get_size()).clip(self._cache.get_rect())
        if area.width <= 0 or area.height <= 0:
            return
        self._under = (self._cache.subsurface(area).copy(), area.topleft)
        self._cache.blit(overlay, pos)

    def _render_path(self, path: list[Hex]) -> tuple[pygame.Surface, tuple[int, int]]:
        """The path overlay on a surface of its own, and where it goes in the cached board (only the
        part over the cache is drawn: a long path zoomed far in stays small)."""
        assert self._cache is not None
        s = self.scale
        lay = Layout(self._orientation, (s, s), self._cache_origin)
        centres = [lay.to_pixel(h) for h in path]
        pad = s * 1.2
        cw, ch = self._cache.get_size()
        x0 = max(0, int(min(p[0] for p in centres) - pad))
        y0 = max(0, int(min(p[1] for p in centres) - pad))
        x1 = min(cw, int(max(p[0] for p in centres) + pad) + 2)
        y1 = min(ch, int(max(p[1] for p in centres) + pad) + 2)
        surf = pygame.Surface((max(1, x1 - x0), max(1, y1 - y0)), pygame.SRCALPHA)
        lay = Layout(self._orientation, (s, s), (self._cache_origin[0] - x0, self._cache_origin[1] - y0))
        centres = [lay.to_pixel(h) for h in path]
        col = self.palette.path
        for h, (cx, cy) in zip(path, centres):
            corners = lay.corners(h)
            inner = [(cx + (px - cx) * 0.86, cy + (py - cy) * 0.86) for px, py in corners]
            pygame.draw.polygon(surf, (*col[:3], 70), corners)
            pygame.draw.lines(surf, (*col[:3], 230), True, inner, max(2, int(s * 0.09)))
        if len(centres) > 1:
            pygame.draw.lines(surf, (20, 20, 24, 160), False, [(x + 1.5, y + 2) for x, y in centres], max(3, int(s * 0.16)))
            pygame.draw.lines(surf, (*col[:3], 255), False, centres, max(2, int(s * 0.12)))
        for i, (x, y) in enumerate(centres):
            rad = max(3, int(s * (0.2 if i == len(centres) - 1 else 0.12)))
            pygame.draw.circle(surf, (20, 20, 24, 200), (x + 1, y + 2), rad + 1)
            pygame.draw.circle(surf, (*col[:3], 255), (x, y), rad)
            if s >= 26 and i > 0:
                t = self.fonts.text(str(i), max(9, int(s * 0.26)), (16, 16, 20), "bold")
                surf.blit(t, (x - t.get_width() / 2, y - t.get_height() / 2))
        return surf, (x0, y0)


def display_surface(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface in the display's pixel format when a window is open (no conversion)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


def art_for_display(surf: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """The surface in the display's pixel format when a window is open (blits faster)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf
