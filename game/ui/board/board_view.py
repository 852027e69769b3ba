"""The Racerbile board on screen: a track drawn once into a cached surface, caps and a path on top.

`BoardGeometry` derives, once per track and in board units (a hex of size 1 at the origin), what the
picture needs: field centres, the direction of travel on every field, the infield, the outline of
the cardboard the track is printed on, the start line's edges. `BoardView` is the view: a
`Layout` (the track's orientation, a hex size in pixels, an origin) that `fit`, `zoom` and `pan`
change, a static layer painted only when the view changes (panning within a margin just moves the
cached picture; zooming repaints, or shows a quick scaled preview until the wheel rests), and a
cheap dynamic layer drawn each frame: pre-rendered caps, a pre-rendered path overlay, the hover.

No scene, no window: it draws onto any surface, so it renders headless too.
"""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Sequence

import pygame

from game.hexgrid import DIRECTIONS, ORIENTATIONS, Hex, Layout
from game.hexgrid import distance as hex_distance
from game.racerbile.track import Kind, Track
from game.ui.board import board_art as art
from game.ui.board.board_art import CapArt, Palette, Point
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


def _unit(x: float, y: float) -> Point:
    d = math.hypot(x, y)
    return (x / d, y / d) if d > 1e-9 else (1.0, 0.0)


def _smooth(pts: list[Point], window: int = 3, rounds: int = 3) -> list[Point]:
    """A closed outline with its hex scallops averaged away (a soft, rounded cut)."""
    # two points per side first, so the averaging has something to work with
    dense: list[Point] = []
    n = len(pts)
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        dense.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
        dense.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
    pts = dense
    n = len(pts)
    k = 2 * window + 1
    for _ in range(rounds):
        pts = [
            (sum(pts[(i + j) % n][0] for j in range(-window, window + 1)) / k, sum(pts[(i + j) % n][1] for j in range(-window, window + 1)) / k)
            for i in range(n)
        ]
    return pts


class BoardGeometry:
    """What the picture of a track needs, in board units (hex size 1, origin 0,0), derived once."""

    def __init__(self, track: Track) -> None:
        self.track = track
        self.unit = Layout(ORIENTATIONS.get(track.orientation, ORIENTATIONS["pointy"]), (1.0, 1.0))
        self.graph = track.graph
        self.cells = track.all_fields()
        self.pit_cells = frozenset(track.pit.fields) if track.pit else frozenset()
        self.centre = {h: self.unit.to_pixel(h) for h in self.cells}
        self.corner_unit = [self.unit.corner_offset(i) for i in range(6)]
        self.edge_corners = self._edge_corners()
        self.travel = self._travel()
        self.infield = self._infield()
        self.board_hexes = self._board_hexes()
        self.board_loops = [_smooth(lp) for lp in self._loops(self.board_hexes)]
        self.infield_loops = self._loops(self.infield) if self.infield else []
        self.start_edges = self._start_edges()
        self.kerb_edges = [
            (h, d) for h in track.fields for d in range(6) if (h + DIRECTIONS[d]) not in self.cells
        ]
        xs = [x for lp in self.board_loops for x, _ in lp] or [0.0]
        ys = [y for lp in self.board_loops for _, y in lp] or [0.0]
        self.bbox = (min(xs), min(ys), max(xs), max(ys))
        fx = [self.centre[h][0] for h in self.cells] or [0.0]
        fy = [self.centre[h][1] for h in self.cells] or [0.0]
        self.field_bbox = (min(fx) - 1, min(fy) - 1, max(fx) + 1, max(fy) + 1)

    def _edge_corners(self) -> list[tuple[int, int]]:
        """For each direction, the two corners (indices) of the side facing that neighbour."""
        out = []
        for d in range(6):
            da = self.unit.direction_angle(d)
            diffs = []
            for i, (cx, cy) in enumerate(self.corner_unit):
                a = math.atan2(cy, cx)
                diffs.append((abs((a - da + math.pi) % (2 * math.pi) - math.pi), i))
            diffs.sort()
            i, j = diffs[0][1], diffs[1][1]
            out.append((i, j) if (j - i) % 6 == 1 else (j, i))
        return out

    def side(self, h: Hex, d: int) -> tuple[Point, Point]:
        """The side of `h` facing direction `d`, as two points in board units."""
        cx, cy = self.unit.to_pixel(h)
        i, j = self.edge_corners[d % 6]
        (ax, ay), (bx, by) = self.corner_unit[i], self.corner_unit[j]
        return (cx + ax, cy + ay), (cx + bx, cy + by)

    def _travel(self) -> dict[Hex, Point]:
        """The direction of travel on each field (unit vectors): the way progress grows fastest,
        fitted over the fields within two steps (so a straight reads straight across all lanes)."""
        prog = self.graph.progress
        period = max(self.graph.lap_length, max(prog.values(), default=0) + 1)
        half = period / 2
        hx, hy = self.unit.to_pixel(DIRECTIONS[self.track.heading % 6])
        heading = _unit(hx, hy)
        out: dict[Hex, Point] = {}
        for h in self.track.fields:
            p = prog.get(h)
            if p is None:
                out[h] = heading
                continue
            cx, cy = self.centre[h]
            sxx = sxy = syy = sxp = syp = 0.0
            for n in self._within2(h):
                q = prog.get(n)
                if q is None or n in self.pit_cells:
                    continue
                dp = (q - p + half) % period - half  # across the line: a small step, not a lap
                dx, dy = self.centre[n][0] - cx, self.centre[n][1] - cy
                sxx, sxy, syy = sxx + dx * dx, sxy + dx * dy, syy + dy * dy
                sxp, syp = sxp + dx * dp, syp + dy * dp
            det = sxx * syy - sxy * sxy
            if det > 1e-9:
                gx = (syy * sxp - sxy * syp) / det
                gy = (sxx * syp - sxy * sxp) / det
                out[h] = _unit(gx, gy) if abs(gx) + abs(gy) > 1e-9 else heading
            else:
                out[h] = heading
        pit = self.track.pit
        if pit is not None:
            chain = [pit.entry, *pit.fields, pit.exit]
            for i, h in enumerate(pit.fields, start=1):
                a = self.unit.to_pixel(chain[i - 1])
                b = self.unit.to_pixel(chain[i + 1])
                out[h] = _unit(b[0] - a[0], b[1] - a[1])
        return out

    def side_by_side(self, a: Hex, b: Hex) -> bool:
        """Whether two fields lie beside each other across the track (two lanes, at most two fields
        apart, more across the direction of travel than along it): where a player sees two cars level."""
        if a == b or a not in self.centre or b not in self.centre or hex_distance(a, b) > 2:
            return False
        (ax, ay), (bx, by) = self.centre[a], self.centre[b]
        tx, ty = self.travel.get(a, (1.0, 0.0))
        dx, dy = bx - ax, by - ay
        along, across = dx * tx + dy * ty, abs(dx * ty - dy * tx)
        return abs(along) < across * 0.75

    def _within2(self, h: Hex) -> list[Hex]:
        out = []
        for dq in range(-2, 3):
            for dr in range(max(-2, -dq - 2), min(2, -dq + 2) + 1):
                n = Hex(h.q + dq, h.r + dr)
                if n != h and n in self.cells:
                    out.append(n)
        return out

    @staticmethod
    def _bounds(hexes: Iterable[Hex], pad: int) -> tuple[int, int, int, int]:
        qs, rs = [], []
        for h in hexes:
            qs.append(h.q)
            rs.append(h.r)
        if not qs:
            return (0, 0, 0, 0)
        return (min(qs) - pad, min(rs) - pad, max(qs) + pad, max(rs) + pad)

    @staticmethod
    def _outside(blocked: frozenset[Hex] | set[Hex], box: tuple[int, int, int, int]) -> set[Hex]:
        """Hexes of the box reachable from its rim without crossing `blocked`."""
        q0, r0, q1, r1 = box
        seen: set[Hex] = set()
        queue: deque[Hex] = deque()
        rim = [Hex(q, r) for q in range(q0, q1 + 1) for r in (r0, r1)]
        rim += [Hex(q, r) for r in range(r0, r1 + 1) for q in (q0, q1)]
        for h in rim:
            if h not in blocked and h not in seen:
                seen.add(h)
                queue.append(h)
        while queue:
            h = queue.popleft()
            for n in h.neighbours():
                if q0 <= n.q <= q1 and r0 <= n.r <= r1 and n not in blocked and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return seen

    def _infield(self) -> frozenset[Hex]:
        """Hexes enclosed by the track (and the pit lane): the infield."""
        if not self.cells:
            return frozenset()
        box = self._bounds(self.cells, 1)
        outside = self._outside(self.cells, box)
        q0, r0, q1, r1 = box
        return frozenset(
            Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if Hex(q, r) not in outside and Hex(q, r) not in self.cells
        )

    def _board_hexes(self) -> frozenset[Hex]:
        """The cardboard: the track, the infield, two hexes around them and the labels, no holes."""
        core = set(self.cells) | set(self.infield) | {lb.at for lb in self.track.labels}
        board = set(core)
        for h in core:
            for n in h.neighbours():
                board.add(n)
                board.update(n.neighbours())
        box = self._bounds(board, 1)
        outside = self._outside(board, box)
        q0, r0, q1, r1 = box
        return frozenset(Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if Hex(q, r) not in outside)

    def _loops(self, hexes: frozenset[Hex]) -> list[list[Point]]:
        """The outlines of a set of hexes as closed polygons (board units)."""
        def key(p: Point) -> tuple[int, int]:
            return (round(p[0] * 1000), round(p[1] * 1000))

        nxt: dict[tuple[int, int], list[tuple[tuple[int, int], Point]]] = {}
        for h in hexes:
            for d in range(6):
                if (h + DIRECTIONS[d]) in hexes:
                    continue
                a, b = self.side(h, d)
                nxt.setdefault(key(a), []).append((key(b), b))
        loops: list[list[Point]] = []
        while nxt:
            start = next(iter(nxt))
            cur = start
            pts: list[Point] = []
            while cur in nxt:
                outs = nxt[cur]
                k, p = outs.pop()
                if not outs:
                    del nxt[cur]
                pts.append(p)
                cur = k
                if cur == start:
                    break
            if len(pts) >= 3:
                loops.append(pts)
        return loops

    def _start_edges(self) -> list[tuple[Point, Point, Point]]:
        """The sides between the start fields and the fields just before the line, with the normal
        pointing across the line in the direction of travel."""
        out = []
        start = set(self.track.start)
        before = self.graph.before_line
        for h in self.track.start:
            for d in range(6):
                n = h + DIRECTIONS[d]
                if n in before and n not in start:
                    a, b = self.side(h, d)
                    ch, cn = self.unit.to_pixel(h), self.unit.to_pixel(n)
                    out.append((a, b, _unit(ch[0] - cn[0], ch[1] - cn[1])))
        return out


class BoardView:
    """A track on screen: fit, zoom and pan a layout; paint the static board once; draw caps."""

    def __init__(self, track: Track, size: tuple[int, int], *, fonts: Fonts | None = None, area: pygame.Rect | None = None) -> None:
        self.track = track
        self.geo = BoardGeometry(track)
        self.palette: Palette = art.palette_for(track.theme)
        self.fonts = fonts if fonts is not None else Fonts()
        self.size = (max(1, size[0]), max(1, size[1]))
        self.area = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), self.size)
        self.scale = 20.0
        self.origin: Point = (0.0, 0.0)
        self.renders = 0  # how often the static layer was painted (tests and curiosity)
        self._label_spots: dict[tuple[Hex, int, int], Point] = {}
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
        x0, y0, x1, y1 = self.geo.bbox
        bw, bh = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        return max(MIN_HEX_PX, min((a.width - 2 * margin) / bw, (a.height - 2 * margin) / bh))

    def fit(self, size: tuple[int, int] | None = None, area: pygame.Rect | None = None, margin: int = 16) -> None:
        """Show the whole board, centred in the area (the whole window unless given)."""
        if size is not None:
            self.size = (max(1, size[0]), max(1, size[1]))
            self.area = pygame.Rect(area) if area is not None else pygame.Rect((0, 0), self.size)
        elif area is not None:
            self.area = pygame.Rect(area)
        self.scale = self.fit_scale(margin=margin)
        x0, y0, x1, y1 = self.geo.bbox
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
        p = _Painter(self, surface, scale, origin)
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
            _Painter(self, surf, s, (-x0 * s, -y0 * s)).dunlop()
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


class _Painter:
    """Paints the static board once: table, cardboard, infield, fields, marks and features."""

    def __init__(self, view: BoardView, surface: pygame.Surface, scale: float, origin: Point) -> None:
        self.view = view
        self.geo = view.geo
        self.track = view.track
        self.pal = view.palette
        self.fonts = view.fonts
        self.surf = surface
        self.s = scale
        self.ox, self.oy = origin
        self.layout = Layout(view.geo.unit.orientation, (scale, scale), origin)
        w, h = surface.get_size()
        m = scale * 1.5
        self.clip = (-m, -m, w + m, h + m)

    def P(self, p: Point) -> Point:
        return (self.ox + p[0] * self.s, self.oy + p[1] * self.s)

    def visible(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.clip
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    def hex_pts(self, h: Hex, k: float = 1.0, inset_px: float = 0.0) -> list[Point]:
        cx, cy = self.P(self.geo.centre[h]) if h in self.geo.centre else self.layout.to_pixel(h)
        r = k * self.s - inset_px
        return [(cx + ux * r, cy + uy * r) for ux, uy in self.geo.corner_unit]

    def paint(self) -> None:
        self.table()
        self.cardboard()
        self.fields()
        if self.pal.kerbs:
            self.kerbs()
        self.marks()
        self.start_line()
        self.arrows()
        self.pit_marks()
        self.splits()
        self.labels()
        self.field42()

    # --- ground ------------------------------------------------------------------------------

    def table(self) -> None:
        tile = self.view.table_tile()
        t = tile.get_width()
        w, h = self.surf.get_size()
        x0 = int(self.ox) % t - t
        y0 = int(self.oy) % t - t
        for y in range(y0, h, t):
            for x in range(x0, w, t):
                self.surf.blit(tile, (x, y))

    def cardboard(self) -> None:
        s = self.s
        d = max(3.0, min(18.0, s * 0.3))
        shadow = art.shade(self.pal.table, -0.55)
        loops = [[self.P(p) for p in lp] for lp in self.geo.board_loops]
        for lp in loops:
            pygame.draw.polygon(self.surf, shadow, [(x + d * 0.6, y + d) for x, y in lp])
        for lp in loops:
            art.polygon(self.surf, self.pal.board, lp)
        for lp in self.geo.infield_loops:
            pts = [self.P(p) for p in lp]
            art.polygon(self.surf, self.pal.infield, pts)
        edge_w = max(2, int(s * 0.1))
        inner = art.shade(self.pal.board, 0.18)
        for lp in loops:
            pygame.draw.lines(self.surf, self.pal.board_edge, True, lp, edge_w)
            pygame.draw.aalines(self.surf, self.pal.board_edge, True, lp)
            if s > 8:
                pygame.draw.aalines(self.surf, inner, True, [(x, y + edge_w) for x, y in lp])

    # --- fields ------------------------------------------------------------------------------

    def field_color(self, h: Hex) -> Color:
        if h in self.geo.pit_cells:
            return self.pal.pit
        return self.pal.fields[self.track.fields.get(h, Kind.NORMAL)]

    def fields(self) -> None:
        s = self.s
        gap = max(1.0, s * 0.06)
        visible = [h for h in self.geo.cells if self.visible(self.P(self.geo.centre[h]))]
        outline = self.pal.outline
        # the ink under every field first: the gaps between fields and the track's border
        for h in visible:
            pygame.draw.polygon(self.surf, outline, self.hex_pts(h, 1.0, -max(1.0, s * 0.02)))
        for h in visible:
            col = self.field_color(h)
            pts = self.hex_pts(h, 1.0, gap)
            art.polygon(self.surf, col, pts)
            if s >= 12:
                # a printed tile: a lighter rim on the upper left, a darker one lower right
                lit, dim = art.shade(col, 0.22), art.shade(col, -0.18)
                cx, cy = self.P(self.geo.centre[h])
                rim = [(cx + (x - cx) * 0.94, cy + (y - cy) * 0.94) for x, y in pts]
                width = max(1, int(s * 0.05))
                for a, b in zip(rim, rim[1:] + rim[:1]):
                    upper_left = (a[0] + b[0]) / 2 - cx + (a[1] + b[1]) / 2 - cy < 0
                    pygame.draw.line(self.surf, lit if upper_left else dim, a, b, width)
            if self.pal.glow is not None and s >= 8:
                pygame.draw.aalines(self.surf, art.mix(col, self.pal.glow, 0.55), True, self.hex_pts(h, 0.9, gap))
            if h in self.geo.pit_cells and s >= 10:
                pygame.draw.aalines(self.surf, self.pal.pit_line, True, self.hex_pts(h, 0.8, gap))

    def kerbs(self) -> None:
        """Red and white kerbs along the track's outer and inner edges (Le Mans)."""
        s = self.s
        if s < 6:
            return
        red, white = (206, 36, 30), (246, 246, 240)
        depth = 0.16
        for h, d in self.geo.kerb_edges:
            c = self.geo.centre[h]
            if not self.visible(self.P(c)):
                continue
            if (h + DIRECTIONS[d]) in self.geo.pit_cells:
                continue
            a, b = self.geo.side(h, d)
            # pull the strip inside the field
            a_in = (a[0] + (c[0] - a[0]) * depth, a[1] + (c[1] - a[1]) * depth)
            b_in = (b[0] + (c[0] - b[0]) * depth, b[1] + (c[1] - b[1]) * depth)
            n = 4
            for i in range(n):
                t0, t1 = i / n, (i + 1) / n
                quad = [
                    self.P((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)),
                    self.P((a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)),
                    self.P((a_in[0] + (b_in[0] - a_in[0]) * t1, a_in[1] + (b_in[1] - a_in[1]) * t1)),
                    self.P((a_in[0] + (b_in[0] - a_in[0]) * t0, a_in[1] + (b_in[1] - a_in[1]) * t0)),
                ]
                pygame.draw.polygon(self.surf, red if (i + h.q + h.r) % 2 == 0 else white, quad)

    def marks(self) -> None:
        """Stars on blocking fields, the midway line (or hammer and sickle)."""
        s = self.s
        for h, kind in self.track.fields.items():
            c = self.P(self.geo.centre[h])
            if not self.visible(c):
                continue
            if kind is Kind.BLOCKING:
                art.draw_star(self.surf, c, s * 0.55, self.pal.star, art.shade(self.pal.fields[Kind.BLOCKING], -0.55))
            elif kind is Kind.MIDWAY:
                if self.pal.emblem:
                    art.draw_hammer_and_sickle(self.surf, c, s * 1.2, self.pal.midway_line, art.shade(self.pal.fields[Kind.MIDWAY], -0.6))
                else:
                    tx, ty = self.geo.travel.get(h, (1.0, 0.0))
                    across = (-ty, tx)
                    ink = self.pal.midway_line
                    back = art.shade(self.pal.fields[Kind.MIDWAY], -0.35) if art.luminance(ink) > 0.5 else art.shade(self.pal.fields[Kind.MIDWAY], 0.35)
                    if s > 10:
                        art.draw_bar(self.surf, (c[0] + s * 0.03, c[1] + s * 0.05), across, s * 0.82, s * 0.15, back)
                    art.draw_bar(self.surf, c, across, s * 0.82, s * 0.13, ink)
            elif kind is Kind.DOWNSHIFT and s >= 18:
                # a small "1" gear mark, faint: the colour is the rule, the mark a courtesy
                ink = art.shade(self.pal.fields[Kind.DOWNSHIFT], 0.35)
                t = self.fonts.text("1", max(8, int(s * 0.5)), ink, "bold")
                self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] - t.get_height() / 2))

    # --- features ----------------------------------------------------------------------------

    def start_line(self) -> None:
        s = self.s
        width = max(0.26 * s, 5.0)
        squares = 8 if s >= 24 else 4 if s >= 10 else 2
        for a, b, n in self.geo.start_edges:
            pa, pb = self.P(a), self.P(b)
            if not self.visible(pa):
                continue
            nx, ny = n
            # a dark rim for contrast, then the chequer
            rim = [
                (pa[0] - nx * (width / 2 + 1), pa[1] - ny * (width / 2 + 1)),
                (pb[0] - nx * (width / 2 + 1), pb[1] - ny * (width / 2 + 1)),
                (pb[0] + nx * (width / 2 + 1), pb[1] + ny * (width / 2 + 1)),
                (pa[0] + nx * (width / 2 + 1), pa[1] + ny * (width / 2 + 1)),
            ]
            pygame.draw.polygon(self.surf, (20, 20, 22), rim)
            art.draw_chequer(self.surf, pa, pb, n, width, squares)

    def arrows(self) -> None:
        s = self.s
        for h, d in self.track.arrows.items():
            if h not in self.geo.centre:
                continue
            c = self.P(self.geo.centre[h])
            if not self.visible(c):
                continue
            a = self.layout.direction_angle(d)
            art.draw_arrow(self.surf, c, (math.cos(a), math.sin(a)), s, self.pal.arrow, self.pal.arrow_edge)

    def pit_marks(self) -> None:
        pit = self.track.pit
        if pit is None or not pit.fields:
            return
        s = self.s
        lay = self.layout
        for a, b, word in ((pit.entry, pit.fields[0], "PIT IN"), (pit.fields[-1], pit.exit, "PIT OUT")):
            pa, pb = lay.to_pixel(a), lay.to_pixel(b)
            direction = _unit(pb[0] - pa[0], pb[1] - pa[1])
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            art.draw_arrow(self.surf, mid, direction, s * 0.55, self.pal.pit_line, (20, 20, 24))
            if s >= 14:
                field = b if word == "PIT IN" else a
                fc = lay.to_pixel(field)
                t = art.outlined_text(self.fonts, word, max(8, int(s * 0.26)), (250, 250, 250), (20, 20, 24), "bold", 1)
                self.surf.blit(t, (fc[0] - t.get_width() / 2, fc[1] + s * 0.3 - t.get_height() / 2))
        if s >= 12 and len(pit.fields) >= 2:
            mid = pit.fields[len(pit.fields) // 2]
            mc = lay.to_pixel(mid)
            badge = max(6, int(s * 0.34))
            pygame.draw.circle(self.surf, (20, 60, 170), mc, badge)
            pygame.draw.circle(self.surf, (250, 250, 250), mc, badge, max(1, int(s * 0.05)))
            t = self.fonts.text("P", max(8, int(badge * 1.3)), (250, 250, 250), "bold")
            self.surf.blit(t, (mc[0] - t.get_width() / 2, mc[1] - t.get_height() / 2))

    def splits(self) -> None:
        """A signpost on the fork, the branch names on their fields."""
        s = self.s
        lay = self.layout
        for sp in self.track.splits:
            fc = lay.to_pixel(sp.fork)
            if self.visible(fc) and s >= 8:
                # a blue road sign with a white fork: the road divides here
                r = s * 0.34
                pygame.draw.circle(self.surf, (20, 20, 24), (fc[0] + s * 0.03, fc[1] + s * 0.05), r + 1)
                pygame.draw.circle(self.surf, (250, 250, 246), fc, r + max(1.0, s * 0.04))
                pygame.draw.circle(self.surf, (30, 80, 170), fc, r)
                tx, ty = self.geo.travel.get(sp.fork, (1.0, 0.0))
                vx, vy = -ty, tx
                w = max(1, int(s * 0.07))
                base = (fc[0] - tx * r * 0.65, fc[1] - ty * r * 0.65)
                knot = (fc[0] - tx * r * 0.1, fc[1] - ty * r * 0.1)
                white = (250, 250, 246)
                pygame.draw.line(self.surf, white, base, knot, w)
                for side in (-1, 1):
                    tip = (fc[0] + tx * r * 0.45 + side * vx * r * 0.45, fc[1] + ty * r * 0.45 + side * vy * r * 0.45)
                    pygame.draw.line(self.surf, white, knot, tip, w)
                    d = _unit(tip[0] - knot[0], tip[1] - knot[1])
                    art.draw_arrow(self.surf, tip, d, r * 0.5, white, white)
            if s >= 14:
                for name, h in sp.branches:
                    bc = lay.to_pixel(h)
                    if not self.visible(bc):
                        continue
                    # beside the track, not on a field a cap may stand on; a line to the branch's field
                    t = self.fonts.text(name, max(8, int(s * 0.26)), (250, 250, 246), "bold")
                    box = pygame.Rect(0, 0, t.get_width() + 6, t.get_height() + 2)
                    spot = self.label_spot(h, box.w / s, box.h / s)
                    cx, cy = self.P(spot)
                    box.center = (int(cx), int(cy))
                    inside = box.clamp(self.surf.get_rect())  # a branch at the board's edge: its tag stays on the board
                    spot = (spot[0] + (inside.x - box.x) / s, spot[1] + (inside.y - box.y) / s)
                    box = inside
                    if math.hypot(box.centerx - bc[0], box.centery - bc[1]) > s * 0.9:
                        pygame.draw.line(self.surf, (20, 20, 24), box.center, bc, max(1, int(s * 0.05)))
                        pygame.draw.circle(self.surf, (20, 20, 24), bc, max(2, int(s * 0.08)))
                    pygame.draw.rect(self.surf, (20, 20, 24), box, border_radius=4)
                    self.surf.blit(t, (box.x + 3, box.y + 1))
                    self.view.split_tags[(sp.name, name)] = (spot, box.size)

    def field42(self) -> None:
        h = self.track.field42
        if h is None:
            return
        c = self.layout.to_pixel(h)
        if not self.visible(c):
            return
        s = self.s
        ink = self.pal.mark_ink
        edge = (250, 250, 246) if art.luminance(ink) < 0.5 else (20, 18, 16)
        if s < 20:  # too small for the big numbers: a badge that stays readable
            r = max(8.0, s * 0.75)
            pygame.draw.circle(self.surf, edge, c, r + 1.5)
            pygame.draw.circle(self.surf, ink, c, r)
            t = self.fonts.text("42", max(9, int(r * 1.05)), edge, "bold")
        else:
            t = art.outlined_text(self.fonts, "42", int(s * 0.95), ink, edge, "bold", max(1, int(s * 0.05)))
        self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] - t.get_height() / 2))

    def dunlop(self) -> None:
        """The Dunlop bridge: a great black tyre arching across the track, yellow letters on it."""
        fields = [h for h in self.track.dunlop]
        if not fields:
            return
        s = self.s
        geo = self.geo
        centres = [geo.unit.to_pixel(h) for h in fields]
        tvs = [geo.travel[h] for h in fields if h in geo.travel]
        t = _unit(sum(v[0] for v in tvs), sum(v[1] for v in tvs)) if tvs else (1.0, 0.0)
        n = (-t[1], t[0])
        centre = (sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres))
        # the bridge spans the whole width of the track at the middle of its fields, and a bit more
        reach = []
        for sign in (-1, 1):
            k = 0.0
            while k < 60:
                p = (centre[0] + n[0] * k * sign, centre[1] + n[1] * k * sign)
                if geo.unit.to_hex(p) not in geo.cells:
                    break
                k += 0.25
            spread = max([sign * ((c[0] - centre[0]) * n[0] + (c[1] - centre[1]) * n[1]) for c in centres] + [0.0])
            reach.append(max(k, spread + 0.5) + 0.55)
        half_t = max(0.48, 4.0 / s)  # never thinner than a few pixels
        lo_n, hi_n = -reach[0], reach[1]
        mid_n = (lo_n + hi_n) / 2
        half_n = (hi_n - lo_n) / 2
        centre = (centre[0] + n[0] * mid_n, centre[1] + n[1] * mid_n)
        # the fields under the bridge lie in its shade
        shade_layer_pts = [[self.P(p) for p in self._hex_unit(h)] for h in fields]
        self._translucent(shade_layer_pts, (0, 0, 0, 60))

        def quad(ht: float, hn: float, shift: Point = (0.0, 0.0)) -> list[Point]:
            out = []
            for a, b in ((-ht, -hn), (ht, -hn), (ht, hn), (-ht, hn)):
                q = self.P((centre[0] + t[0] * a + n[0] * b, centre[1] + t[1] * a + n[1] * b))
                out.append((q[0] + shift[0], q[1] + shift[1]))
            return out

        c = self.P(centre)
        # the bridge's shadow
        self._translucent([quad(half_t, half_n, (s * 0.25, s * 0.38))], (0, 0, 0, 95))
        # the pillars on both sides
        for side in (-1, 1):
            pc = (centre[0] + n[0] * side * (half_n + 0.05), centre[1] + n[1] * side * (half_n + 0.05))
            pp = self.P(pc)
            r = max(s * 0.34, 3.0)
            pygame.draw.rect(self.surf, (150, 150, 146), (pp[0] - r, pp[1] - r, 2 * r, 2 * r))
            pygame.draw.rect(self.surf, (60, 60, 60), (pp[0] - r, pp[1] - r, 2 * r, 2 * r), max(1, int(s * 0.04)))
        # the tyre: black, tread blocks on both flanks, white railing
        body = quad(half_t, half_n)
        art.polygon(self.surf, (26, 26, 28), body)
        tread = (58, 58, 62)
        steps = max(4, int(half_n * 2 / 0.22))
        for i in range(steps + 1):
            b = -half_n + 2 * half_n * i / steps
            for side in (-1, 1):
                p0 = (centre[0] + t[0] * side * half_t + n[0] * b, centre[1] + t[1] * side * half_t + n[1] * b)
                p1 = (centre[0] + t[0] * side * (half_t - 0.14) + n[0] * (b + 0.06), centre[1] + t[1] * side * (half_t - 0.14) + n[1] * (b + 0.06))
                pygame.draw.line(self.surf, tread, self.P(p0), self.P(p1), max(1, int(s * 0.05)))
        yellow = (255, 210, 0)
        art.polygon(self.surf, (46, 46, 50), quad(half_t * 0.6, half_n - 0.05))
        pygame.draw.lines(self.surf, (200, 200, 196), True, body, max(1, int(s * 0.03)))
        if s >= 9:
            size = max(7, int(s * half_t * 1.05))
            word = self.fonts.text("DUNLOP", size, yellow, "bold")
            max_len = s * half_n * 2 * 0.8
            if word.get_width() > max_len:
                word = pygame.transform.smoothscale(word, (int(max_len), max(1, int(word.get_height() * max_len / word.get_width()))))
            ang = -math.degrees(math.atan2(n[1], n[0]))
            if ang > 90:
                ang -= 180
            elif ang <= -90:
                ang += 180
            word = pygame.transform.rotozoom(word, ang, 1.0)
            self.surf.blit(word, (c[0] - word.get_width() / 2, c[1] - word.get_height() / 2))

    def _hex_unit(self, h: Hex) -> list[Point]:
        cx, cy = self.geo.unit.to_pixel(h)
        return [(cx + ux, cy + uy) for ux, uy in self.geo.corner_unit]

    def _translucent(self, polys: list[list[Point]], color: Color) -> None:
        """Polygons blended over the picture (drawn on a small layer of their own)."""
        xs = [x for pts in polys for x, _ in pts]
        ys = [y for pts in polys for _, y in pts]
        if not xs:
            return
        bx, by = int(min(xs)) - 2, int(min(ys)) - 2
        w, h = int(max(xs)) - bx + 4, int(max(ys)) - by + 4
        if w <= 0 or h <= 0 or w * h > 4 * self.surf.get_width() * self.surf.get_height():
            return
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        for pts in polys:
            pygame.draw.polygon(layer, color, [(x - bx, y - by) for x, y in pts])
        self.surf.blit(layer, (bx, by))

    def labels(self) -> None:
        """Names on little signboards, readable on any ground, at their field or as near to it as
        they can stand without covering the track."""
        s = self.s
        if s < 4:
            return
        size = int(max(12, min(40, s * 0.55)))
        for lb in self.track.labels:
            t = self.fonts.text(lb.text, size, self.pal.label, "serif")
            pad_x, pad_y = max(4, size // 3), max(1, size // 10)
            w, h = t.get_width() + 2 * pad_x, t.get_height() + 2 * pad_y
            c = self.P(self.label_spot(lb.at, w / s, h / s))
            if not self.visible(c):
                continue
            plate = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(plate, (*self.pal.label_shadow[:3], 150), plate.get_rect(), border_radius=max(3, size // 3))
            plate.blit(t, (pad_x, pad_y))
            self.surf.blit(plate, (c[0] - w / 2, c[1] - h / 2))

    def label_spot(self, at: Hex, w: float, h: float) -> Point:
        """The centre (board units) of a label w × h near `at` that covers the fewest fields."""
        key = (at, round(w * 4), round(h * 4))
        got = self.view._label_spots.get(key)
        if got is not None:
            return got
        unit = self.geo.unit
        cells = self.geo.cells
        nx, ny = max(2, int(w / 0.6) + 1), max(2, int(h / 0.6) + 1)

        def covers(cx: float, cy: float) -> int:
            seen = {unit.to_hex((cx - w / 2 + w * i / nx, cy - h / 2 + h * j / ny)) for i in range(nx + 1) for j in range(ny + 1)}
            return len(seen & cells)

        ax, ay = spot = unit.to_pixel(at)
        if covers(ax, ay):
            best: tuple[int, int, float] | None = None
            for dq in range(-3, 4):
                for dr in range(max(-3, -dq - 3), min(3, -dq + 3) + 1):
                    cx, cy = unit.to_pixel(Hex(at.q + dq, at.r + dr))
                    rank = (covers(cx, cy), max(abs(dq), abs(dr), abs(dq + dr)), math.hypot(cx - ax, cy - ay))
                    if best is None or rank < best:
                        best, spot = rank, (cx, cy)
        self.view._label_spots[key] = spot
        return spot
