"""The editor's drawing sheet: a draft on an endless hex grid, zoomed and panned like the board.

`SheetView` draws a `Draft` flat and fast – fields in their theme's colours with their marks, the
start line, arrows, splits, the pit lane, the 42 field, the Dunlop bridge, labels, the background
image under a faint grid, the problems (red rings) and the test drive's markers – into a cached
picture of the board area plus a margin. A change repaints only what changed: new or erased fields,
arrows, problem rings and markers repaint the few hexes around them (clipped); other features, the
theme, a zoom or a pan beyond the margin repaint the whole picture (a few milliseconds, where the
board's art takes a few hundred). A frame is one blit and the overlays of the tools.

The view maths is the board's (`BoardView`): wheel zooms about the mouse, drags pan, `fit` shows
every field. No scene, no window: it draws onto any surface.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import pygame

from game.hexgrid import DIRECTIONS, ORIENTATIONS, Hex, Layout
from game.i18n import _

from game.racerbile.dangers import Marker
from game.racerbile.draft import Background, Draft
from game.racerbile.track import Kind
from game.ui.board import board_art as art
from game.ui.board.board_art import Palette, Point
from game.ui.board.board_view import display_surface
from game.ui.common.theme import Color, Fonts

MIN_PX = 4.0
MAX_PX = 120.0
DEFAULT_PX = 22.0
GRID_MIN_PX = 6.0  # below this the grid is left out (it would be a grey haze)
REGION_LIMIT = 400  # more changed hexes than this: repaint the whole picture
RING = (236, 40, 36)
RUNOFF_COLOURS = {10: (226, 40, 40), 11: (240, 120, 30), 12: (240, 196, 40)}
SQUEAL_COLOUR = (70, 210, 250)
BEND_SHOWN = 0.2  # bends with fewer turns than this share of the most on a field are not tinted
SHEET_TINT = 0.28  # how far the sheet is darkened from the theme's board colour


class SheetView:
    """A draft on screen in `area` (window pixels): zoom, pan, fit; a cached picture; overlays."""

    def __init__(self, draft: Draft, area: pygame.Rect, fonts: Fonts) -> None:
        self.fonts = fonts
        self.area = pygame.Rect(area)
        self.draft = draft
        self.marks: frozenset[Hex] = frozenset()
        self.markers: Mapping[Hex, Marker] = {}
        self.marker_top: tuple[float, float] = (0, 0)  # the most run-offs and squeals on one field
        self.scale = DEFAULT_PX
        self.origin: Point = (float(self.area.centerx), float(self.area.centery))
        self.repaints = 0  # whole pictures painted (tests and the bench)
        self.patches = 0  # regions repainted
        self.show_grid = True
        self._orientation = ORIENTATIONS.get(draft.orientation, ORIENTATIONS["pointy"])
        self._palette: Palette = art.palette_for(draft.theme)
        self._cache: pygame.Surface | None = None
        self._cache_scale = 0.0
        self._cache_origin: Point = (0.0, 0.0)  # hex 0,0 in cache pixels
        self._bg_image: pygame.Surface | None = None
        self._bg_key: str | None = None
        self.bg_error = ""
        self._bg_scaled: tuple[tuple[object, ...], pygame.Surface, tuple[int, int]] | None = None
        self._strip: tuple[tuple[object, ...], pygame.Surface, Point] | None = None
        self.fit()

    # --- the view --------------------------------------------------------------------------------

    @property
    def palette(self) -> Palette:
        return self._palette

    @property
    def layout(self) -> Layout:
        return Layout(self._orientation, (self.scale, self.scale), self.origin)

    def unit(self) -> Layout:
        """The layout in hex units (size 1, hex 0,0 at the origin): the background's coordinates."""
        return Layout(self._orientation, (1.0, 1.0), (0.0, 0.0))

    def to_pixel(self, h: Hex) -> Point:
        return self.layout.to_pixel(h)

    def hex_at(self, pixel: tuple[float, float]) -> Hex:
        return self.layout.to_hex((pixel[0], pixel[1]))

    def units_at(self, pixel: tuple[float, float]) -> Point:
        """A window pixel in hex units."""
        return ((pixel[0] - self.origin[0]) / self.scale, (pixel[1] - self.origin[1]) / self.scale)

    def pixel_of_units(self, units: Point) -> tuple[int, int]:
        """The window pixel of a point in hex units (what `units_at` undoes)."""
        return (int(round(units[0] * self.scale + self.origin[0])), int(round(units[1] * self.scale + self.origin[1])))

    def corners(self, h: Hex, k: float = 1.0) -> list[Point]:
        """The corners of `h` on screen, shrunk to `k` of the hex."""
        cx, cy = self.to_pixel(h)
        r = self.scale * k
        return [(cx + ux * r, cy + uy * r) for ux, uy in self._corner_unit()]

    def _corner_unit(self) -> list[Point]:
        lay = self.unit()
        return [lay.corner_offset(i) for i in range(6)]

    def bbox_units(self) -> tuple[float, float, float, float] | None:
        """The box round every field (and label) in hex units, or None for an empty sheet."""
        cells = set(self.draft.occupied()) | {lb.at for lb in self.draft.labels}
        if not cells:
            return None
        lay = self.unit()
        pts = [lay.to_pixel(h) for h in cells]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)

    def fit(self, margin: int = 24) -> None:
        """Show every field (an empty sheet: hex 0,0 in the middle at the default size)."""
        box = self.bbox_units()
        a = self.area
        if box is None:
            self.scale = DEFAULT_PX
            self.origin = (float(a.centerx), float(a.centery))
            return
        x0, y0, x1, y1 = box
        bw, bh = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        self.scale = max(MIN_PX, min(MAX_PX, (a.width - 2 * margin) / bw, (a.height - 2 * margin) / bh))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        self.origin = (a.centerx - cx * self.scale, a.centery - cy * self.scale)

    def resize(self, area: pygame.Rect) -> None:
        """The board area moved or changed size: keep the hex in its middle in the middle."""
        old = self.area
        self.area = pygame.Rect(area)
        self.origin = (self.origin[0] + self.area.centerx - old.centerx, self.origin[1] + self.area.centery - old.centery)
        self._cache = None

    def zoom(self, factor: float, around: tuple[float, float] | None = None) -> None:
        """Zoom by `factor` keeping the point under `around` (default: the area's centre) in place."""
        ax, ay = around if around is not None else self.area.center
        new = max(MIN_PX, min(MAX_PX, self.scale * factor))
        f = new / self.scale
        if abs(f - 1.0) < 1e-9:
            return
        ox, oy = self.origin
        self.origin = (ax + (ox - ax) * f, ay + (oy - ay) * f)
        self.scale = new

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def centre_on(self, hexes: Sequence[Hex], min_scale: float = 16.0) -> None:
        """Bring the hexes to the middle of the area (zooming in to at least `min_scale`)."""
        if not hexes:
            return
        lay = self.unit()
        pts = [lay.to_pixel(h) for h in hexes]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        self.scale = max(self.scale, min(MAX_PX, min_scale))
        self.origin = (self.area.centerx - cx * self.scale, self.area.centery - cy * self.scale)

    # --- content ---------------------------------------------------------------------------------

    def set_draft(self, draft: Draft) -> None:
        """Show `draft`: repaint the hexes round what changed, or all (another theme, orientation
        or background)."""
        old, self.draft = self.draft, draft
        if old is draft:
            return
        if old.theme != draft.theme or old.orientation != draft.orientation or old.background != draft.background:
            self._restyle()
            return
        if self._cache is None:
            return
        changed = _changed(old.fields, draft.fields) | _changed(old.arrows, draft.arrows)
        wide: dict[Hex, float] = {}  # hexes with a text round them: half its width in pixels
        if old.start != draft.start or old.heading != draft.heading:
            for h in set(old.start) | set(draft.start):
                changed.add(h)
                changed.update(h.neighbours())
            if old.heading != draft.heading:
                changed.update(draft.midways())
        if old.splits != draft.splits:
            for sp in set(old.splits) ^ set(draft.splits):
                half = self._text_half(f"{sp.name}: rejoin", tag_size(self.scale), "bold") + 8
                for h in (sp.fork, sp.rejoin, *(b for _, b in sp.branches)):
                    wide[h] = max(wide.get(h, 0.0), half)
        if old.pit != draft.pit:
            for pit in (old.pit, draft.pit):
                if pit is not None:
                    changed.update((*pit.fields, pit.entry, pit.exit))
        if old.field42 != draft.field42:
            changed.update(h for h in (old.field42, draft.field42) if h is not None)
        if old.dunlop != draft.dunlop:
            changed.update(old.dunlop)
            changed.update(draft.dunlop)
        if old.labels != draft.labels:
            for lb in set(old.labels) ^ set(draft.labels):
                wide[lb.at] = max(wide.get(lb.at, 0.0), self._text_half(lb.text, label_size(self.scale), "serif") + 12)
        self._patch(changed, wide)

    def set_marks(self, hexes: Iterable[Hex]) -> None:
        """The fields to ring in red (the problems')."""
        new = frozenset(hexes)
        if new == self.marks:
            return
        changed = new ^ self.marks
        self.marks = new
        self._patch(changed)

    def set_markers(self, markers: Mapping[Hex, Marker]) -> None:
        """The test drive's markers (empty: none); each drawn in proportion to the most on a field."""
        if dict(markers) == dict(self.markers):
            return
        changed = set(markers) ^ set(self.markers) | {h for h in markers if self.markers.get(h) != markers[h]}
        self.markers = dict(markers)
        top = (max((m.runoffs for m in markers.values()), default=0), max((m.squeals for m in markers.values()), default=0))
        if top != self.marker_top:
            self.marker_top = top
            self._cache = None
            return
        self._patch(changed)

    def invalidate(self) -> None:
        """Repaint everything at the next frame."""
        self._cache = None

    def _restyle(self) -> None:
        self._orientation = ORIENTATIONS.get(self.draft.orientation, ORIENTATIONS["pointy"])
        self._palette = art.palette_for(self.draft.theme)
        self._cache = None

    def _text_half(self, text: str, size: int, style: str) -> float:
        return self.fonts.size(text, size, style)[0] / 2

    def _patch(self, hexes: Iterable[Hex], wide: Mapping[Hex, float] | None = None) -> None:
        """Repaint the cached picture round `hexes` (and round the hexes of `wide`, reaching as far
        to the sides as their texts); all of it when there are too many."""
        if self._cache is None or not self._cache_fits():
            return
        todo, far = list(hexes), list((wide or {}).items())
        if not todo and not far:
            return
        if len(todo) + len(far) > REGION_LIMIT:
            self._cache = None
            return
        s = self._cache_scale
        lay = Layout(self._orientation, (s, s), self._cache_origin)
        boxes = [(lay.to_pixel(h), s * 1.3, s * 1.3) for h in todo]
        boxes += [(lay.to_pixel(h), s * 1.3 + half, s * 1.3 + s * 0.5) for h, half in far]
        x0 = min(p[0] - px for p, px, _ in boxes)
        y0 = min(p[1] - py for p, _, py in boxes)
        x1 = max(p[0] + px for p, px, _ in boxes)
        y1 = max(p[1] + py for p, _, py in boxes)
        rect = pygame.Rect(int(x0), int(y0), int(x1 - x0) + 2, int(y1 - y0) + 2).clip(self._cache.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            return
        self._paint(self._cache, lay, rect)
        self.patches += 1

    # --- the cached picture ------------------------------------------------------------------

    def _margin(self) -> int:
        return min(256, max(64, min(self.area.size) // 4))

    def _cache_fits(self) -> bool:
        if self._cache is None or abs(self._cache_scale - self.scale) > 1e-9:
            return False
        m = self._margin()
        dx = self._cache_origin[0] - (self.origin[0] - self.area.x)
        dy = self._cache_origin[1] - (self.origin[1] - self.area.y)
        cw, ch = self._cache.get_size()
        return 0 <= dx and 0 <= dy and dx + self.area.width <= cw and dy + self.area.height <= ch and m >= 0

    def render(self) -> pygame.Surface:
        """Paint the whole picture for the current view (the area plus a margin)."""
        m = self._margin()
        size = (self.area.width + 2 * m, self.area.height + 2 * m)
        if self._cache is None or self._cache.get_size() != size:
            self._cache = display_surface(size)
        self._cache_scale = self.scale
        self._cache_origin = (self.origin[0] - self.area.x + m, self.origin[1] - self.area.y + m)
        lay = Layout(self._orientation, (self.scale, self.scale), self._cache_origin)
        self._paint(self._cache, lay, self._cache.get_rect())
        self.repaints += 1
        return self._cache

    def draw(self, surface: pygame.Surface) -> None:
        """The picture of the sheet into the area (the overlays are the scene's)."""
        if not self._cache_fits():
            self.render()
        assert self._cache is not None
        at = (int(round(self._cache_origin[0] - (self.origin[0] - self.area.x))), int(round(self._cache_origin[1] - (self.origin[1] - self.area.y))))
        surface.blit(self._cache, self.area.topleft, pygame.Rect(at, self.area.size))

    def picture(self) -> pygame.Surface:
        """The painted picture (for tests): painted now if it is not up to date."""
        if not self._cache_fits():
            self.render()
        assert self._cache is not None
        return self._cache

    # --- painting ------------------------------------------------------------------------------

    def _paint(self, surf: pygame.Surface, lay: Layout, rect: pygame.Rect) -> None:
        _Painter(self, surf, lay, rect).paint()

    def grid_strip(self, scale: float, color: Color, flat: bool, length: float) -> tuple[pygame.Surface, Point]:
        """One row (pointy tops; flat: one column) of the grid, three sides of each hex – the other
        three are its neighbours' –, at least `length` pixels long; and where the first hex's
        centre lies in it. Kept until the scale or the colour changes."""
        key = (round(scale, 6), color, flat)
        got = self._strip
        if got is not None and got[0] == key and got[1].get_size()[1 if flat else 0] >= length + 4 * scale:
            return got[1], got[2]
        step = math.sqrt(3) * scale
        n = int(math.ceil((length + 2 * step) / step)) + 2
        across = int(2 * scale) + 4
        along = int(n * step + 2 * scale) + 4
        size = (across, along) if flat else (along, across)
        surf = pygame.Surface(size)
        key_col = (255, 0, 255) if color != (255, 0, 255) else (0, 255, 0)
        surf.fill(key_col)
        surf.set_colorkey(key_col)
        pad = (scale + 2, scale + 2)
        lay = Layout(ORIENTATIONS["flat" if flat else "pointy"], (scale, scale), pad)
        cu = [lay.corner_offset(i) for i in range(6)]
        for i in range(n):
            cx, cy = (pad[0], pad[1] + i * step) if flat else (pad[0] + i * step, pad[1])
            pygame.draw.lines(surf, color, False, [(cx + cu[k][0], cy + cu[k][1]) for k in (2, 3, 4, 5)])
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
            surf.set_colorkey(key_col)
        self._strip = (key, surf, pad)
        return surf, pad

    def background_image(self) -> pygame.Surface | None:
        """The background's image, loaded once per path (None, with `bg_error`, if it cannot be)."""
        bg = self.draft.background
        if bg is None:
            return None
        if bg.path != self._bg_key:
            self._bg_key = bg.path
            self._bg_image = None
            self._bg_scaled = None
            self.bg_error = ""
            try:
                img = pygame.image.load(str(Path(bg.path).expanduser()))
                self._bg_image = img.convert() if pygame.display.get_surface() is not None else img
            except (pygame.error, OSError, FileNotFoundError) as e:
                self.bg_error = _("{path}: cannot load the image ({error})").format(path=bg.path, error=e)
        return self._bg_image


def _changed(a: Mapping[Hex, object], b: Mapping[Hex, object]) -> set[Hex]:
    """The keys whose values differ between two mappings (added, removed or changed)."""
    if len(a) > len(b):
        a, b = b, a
    out = {h for h in b if a.get(h) != b[h]}
    out.update(h for h in a if h not in b)
    return out


def _edge_corners(lay: Layout) -> list[tuple[int, int]]:
    """For each direction, the two corners of the side facing that neighbour."""
    corners = [lay.corner_offset(i) for i in range(6)]
    out = []
    for d in range(6):
        da = lay.direction_angle(d)
        ranked = sorted(range(6), key=lambda i: abs((math.atan2(corners[i][1], corners[i][0]) - da + math.pi) % (2 * math.pi) - math.pi))
        i, j = ranked[0], ranked[1]
        out.append((i, j) if (j - i) % 6 == 1 else (j, i))
    return out


class _Painter:
    """Paints the sheet, or the part of it inside `rect`, onto the cached picture."""

    def __init__(self, view: SheetView, surf: pygame.Surface, lay: Layout, rect: pygame.Rect) -> None:
        self.view = view
        self.d = view.draft
        self.pal = view.palette
        self.fonts = view.fonts
        self.surf = surf
        self.lay = lay
        self.rect = rect
        self.s = lay.size[0]
        self.corner_unit = [Layout(lay.orientation, (1.0, 1.0)).corner_offset(i) for i in range(6)]
        pad = self.s * 1.5
        self.near = (rect.x - pad, rect.y - pad, rect.right + pad, rect.bottom + pad)

    def P(self, h: Hex) -> Point:
        return self.lay.to_pixel(h)

    def seen(self, p: Point) -> bool:
        x0, y0, x1, y1 = self.near
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    def hex_pts(self, c: Point, k: float) -> list[Point]:
        r = self.s * k
        return [(c[0] + ux * r, c[1] + uy * r) for ux, uy in self.corner_unit]

    def paint(self) -> None:
        surf = self.surf
        old_clip = surf.get_clip()
        surf.set_clip(self.rect)
        try:
            surf.fill(sheet_color(self.pal), self.rect)
            self.background()
            if self.view.show_grid and self.s >= GRID_MIN_PX:
                self.grid()
            self.fields(self.hexes_in())
            self.start_line()
            self.arrows()
            self.pit()
            self.splits()
            self.field42()
            self.dunlop()
            self.labels()
            self.markers()
            self.rings()
        finally:
            surf.set_clip(old_clip)

    # --- what lies in the rectangle ------------------------------------------------------------

    def hexes_in(self) -> list[Hex]:
        """The hexes whose centre lies within the rectangle (widened by a hex)."""
        x0, y0, x1, y1 = self.near
        o = self.lay.orientation
        ox, oy = self.lay.origin
        s = self.s
        out: list[Hex] = []
        if o is ORIENTATIONS["flat"]:
            # columns of constant q: x = 1.5·s·q, y = s·√3·(r + q/2)
            for q in range(math.floor((x0 - ox) / (1.5 * s)), math.ceil((x1 - ox) / (1.5 * s)) + 1):
                r0 = math.floor((y0 - oy) / (math.sqrt(3) * s) - q / 2)
                r1 = math.ceil((y1 - oy) / (math.sqrt(3) * s) - q / 2)
                out.extend(Hex(q, r) for r in range(r0, r1 + 1))
        else:
            # rows of constant r: y = 1.5·s·r, x = s·√3·(q + r/2)
            for r in range(math.floor((y0 - oy) / (1.5 * s)), math.ceil((y1 - oy) / (1.5 * s)) + 1):
                q0 = math.floor((x0 - ox) / (math.sqrt(3) * s) - r / 2)
                q1 = math.ceil((x1 - ox) / (math.sqrt(3) * s) - r / 2)
                out.extend(Hex(q, r) for q in range(q0, q1 + 1))
        return out

    # --- layers --------------------------------------------------------------------------------

    def background(self) -> None:
        """The image, scaled to the view, blended at its opacity (only its part in the rectangle)."""
        v = self.view
        bg: Background | None = self.d.background
        img = v.background_image()
        if bg is None or img is None or bg.opacity <= 0 or bg.scale <= 0:
            return
        s = self.s
        k = s / bg.scale  # screen pixels per image pixel
        ox, oy = self.lay.origin
        x0, y0 = ox + bg.offset[0] * s, oy + bg.offset[1] * s  # the image's corner on the picture
        iw, ih = img.get_size()
        r = self.rect
        # the part of the image behind the rectangle, in image pixels
        sx0 = max(0, math.floor((r.x - x0) / k))
        sy0 = max(0, math.floor((r.y - y0) / k))
        sx1 = min(iw, math.ceil((r.right - x0) / k) + 1)
        sy1 = min(ih, math.ceil((r.bottom - y0) / k) + 1)
        if sx1 <= sx0 or sy1 <= sy0:
            return
        key = (id(img), round(k, 6), sx0, sy0, sx1, sy1, round(bg.opacity, 3), v.scale)
        got = v._bg_scaled
        if got is not None and got[0] == key:
            part, at = got[1], got[2]
        else:
            src = img.subsurface(pygame.Rect(sx0, sy0, sx1 - sx0, sy1 - sy0))
            dw, dh = max(1, round((sx1 - sx0) * k)), max(1, round((sy1 - sy0) * k))
            if dw * dh > 6_000_000:  # a view so close that the part is enormous: draw it plainly
                dw, dh = min(dw, 3000), min(dh, 2000)
            part = pygame.transform.smoothscale(src, (dw, dh)) if k < 1 and src.get_bitsize() >= 24 else pygame.transform.scale(src, (dw, dh))
            part.set_alpha(int(255 * max(0.0, min(1.0, bg.opacity))))
            at = (round(x0 + sx0 * k), round(y0 + sy0 * k))
            if r.size == self.surf.get_size():  # keep the whole picture's part for the patches
                v._bg_scaled = (key, part, at)
        self.surf.blit(part, at)

    def grid(self) -> None:
        """A faint outline round every hex: a strip of one row (pointy tops; a column with flat
        tops) painted once, blitted row by row – each row placed from the exact layout, so the grid
        is never more than half a pixel off the hexes."""
        col = grid_color(self.pal)
        x0, y0, x1, y1 = self.near
        s = self.s
        ox, oy = self.lay.origin
        flat = self.lay.orientation is ORIENTATIONS["flat"]
        length = (y1 - y0) if flat else (x1 - x0)
        strip, pad = self.view.grid_strip(s, col, flat, length)
        if flat:
            for q in range(math.floor((x0 - ox) / (1.5 * s)), math.ceil((x1 - ox) / (1.5 * s)) + 1):
                r0 = math.floor((y0 - oy) / (math.sqrt(3) * s) - q / 2)
                x, y = self.P(Hex(q, r0))
                self.surf.blit(strip, (round(x - pad[0]), round(y - pad[1])))
        else:
            for r in range(math.floor((y0 - oy) / (1.5 * s)), math.ceil((y1 - oy) / (1.5 * s)) + 1):
                q0 = math.floor((x0 - ox) / (math.sqrt(3) * s) - r / 2)
                x, y = self.P(Hex(q0, r))
                self.surf.blit(strip, (round(x - pad[0]), round(y - pad[1])))

    def field_color(self, h: Hex) -> Color:
        if self.d.is_pit(h):
            return self.pal.pit
        return self.pal.fields[self.d.fields.get(h, Kind.NORMAL)]

    def fields(self, hexes: list[Hex]) -> None:
        d = self.d
        s = self.s
        pit = set(d.pit.fields) if d.pit else set()
        cells = [h for h in hexes if h in d.fields or h in pit]
        gap = max(1.0, s * 0.07)
        outline = self.pal.outline
        for h in cells:
            pygame.draw.polygon(self.surf, outline, self.hex_pts(self.P(h), 1.0 + 0.02))
        for h in cells:
            c = self.P(h)
            col = self.field_color(h)
            pts = self.hex_pts(c, 1.0 - gap / s)
            pygame.draw.polygon(self.surf, col, pts)
            if s >= 10 and h in pit:
                pygame.draw.aalines(self.surf, self.pal.pit_line, True, self.hex_pts(c, 0.78))
            kind = d.fields.get(h)
            if kind is Kind.BLOCKING:
                art.draw_star(self.surf, c, s * 0.55, self.pal.star, art.shade(self.pal.fields[Kind.BLOCKING], -0.55))
            elif kind is Kind.MIDWAY:
                self.midway(h, c)
            elif kind is Kind.DOWNSHIFT and s >= 14:
                ink = art.shade(self.pal.fields[Kind.DOWNSHIFT], 0.45)
                t = self.fonts.text("1", max(8, int(s * 0.55)), ink, "bold")
                self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] - t.get_height() / 2))

    def midway(self, h: Hex, c: Point) -> None:
        """The midway line across the field (across the heading: the editor knows no travel yet)."""
        s = self.s
        if self.pal.emblem:
            art.draw_hammer_and_sickle(self.surf, c, s * 1.1, self.pal.midway_line, art.shade(self.pal.fields[Kind.MIDWAY], -0.6))
            return
        a = self.lay.direction_angle(self.d.heading)
        across = (-math.sin(a), math.cos(a))
        art.draw_bar(self.surf, c, across, s * 0.8, max(1.5, s * 0.13), self.pal.midway_line)
        if s >= 22:
            t = self.fonts.text("MID", max(8, int(s * 0.28)), self.pal.midway_line, "bold")
            self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] + s * 0.22))

    def start_line(self) -> None:
        d = self.d
        if not d.start:
            return
        s = self.s
        edges = _edge_corners(self.lay)
        start = set(d.start)
        width = max(0.24 * s, 4.0)
        squares = 6 if s >= 24 else 4 if s >= 10 else 2
        for h in d.start:
            c = self.P(h)
            if not self.seen(c):
                continue
            for k in (2, 3, 4):
                way = (d.heading + k) % 6
                n = h + DIRECTIONS[way]
                if n in start:
                    continue
                i, j = edges[way]
                pa = (c[0] + self.corner_unit[i][0] * s, c[1] + self.corner_unit[i][1] * s)
                pb = (c[0] + self.corner_unit[j][0] * s, c[1] + self.corner_unit[j][1] * s)
                nc = self.P(n)
                nx, ny = c[0] - nc[0], c[1] - nc[1]
                ln = math.hypot(nx, ny) or 1.0
                normal = (nx / ln, ny / ln)
                if n in d.fields:  # a field just before the line: the line runs between them
                    art.draw_chequer(self.surf, pa, pb, normal, width, squares)
        a = self.lay.direction_angle(d.heading)
        u = (math.cos(a), math.sin(a))
        for h in d.start:
            c = self.P(h)
            if self.seen(c):
                art.draw_arrow(self.surf, c, u, s * 0.62, (250, 250, 246), (20, 20, 22))

    def arrows(self) -> None:
        s = self.s
        for h, way in self.d.arrows.items():
            c = self.P(h)
            if not self.seen(c):
                continue
            a = self.lay.direction_angle(way)
            art.draw_arrow(self.surf, c, (math.cos(a), math.sin(a)), s, self.pal.arrow, self.pal.arrow_edge)

    def pit(self) -> None:
        pit = self.d.pit
        if pit is None or not pit.fields:
            return
        s = self.s
        for a, b, word in ((pit.entry, pit.fields[0], "PIT IN"), (pit.fields[-1], pit.exit, "PIT OUT")):
            pa, pb = self.P(a), self.P(b)
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            ln = math.hypot(dx, dy) or 1.0
            mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            if self.seen(mid):
                art.draw_arrow(self.surf, mid, (dx / ln, dy / ln), s * 0.55, self.pal.pit_line, (20, 20, 24))
            if s >= 14:
                fc = pb if word == "PIT IN" else pa
                t = art.outlined_text(self.fonts, word, max(8, int(s * 0.26)), (250, 250, 250), (20, 20, 24), "bold", 1)
                self.surf.blit(t, (fc[0] - t.get_width() / 2, fc[1] + s * 0.3 - t.get_height() / 2))

    def tag(self, text: str, at: Point, color: Color = (20, 20, 24), ink: Color = (250, 250, 246)) -> None:
        t = self.fonts.text(text, tag_size(self.s), ink, "bold")
        box = pygame.Rect(0, 0, t.get_width() + 6, t.get_height() + 2)
        box.center = (int(at[0]), int(at[1]))
        pygame.draw.rect(self.surf, color, box, border_radius=4)
        self.surf.blit(t, (box.x + 3, box.y + 1))

    def splits(self) -> None:
        s = self.s
        blue = (30, 80, 170)
        for sp in self.d.splits:
            for h, what in ((sp.fork, "fork"), (sp.rejoin, "rejoin")):
                c = self.P(h)
                if not self.seen(c):
                    continue
                r = max(4.0, s * 0.34)
                pygame.draw.circle(self.surf, (250, 250, 246), c, r + max(1.0, s * 0.05))
                pygame.draw.circle(self.surf, blue, c, r)
                glyph = self.fonts.text("Y" if what == "fork" else "λ", max(8, int(r * 1.3)), (250, 250, 246), "bold")
                self.surf.blit(glyph, (c[0] - glyph.get_width() / 2, c[1] - glyph.get_height() / 2))
                if s >= 12:
                    self.tag(f"{sp.name}: {what}", (c[0], c[1] - s * 0.62), blue)
            if s >= 10:
                for name, h in sp.branches:
                    c = self.P(h)
                    if self.seen(c):
                        self.tag(name, (c[0], c[1] - s * 0.45))

    def field42(self) -> None:
        h = self.d.field42
        if h is None:
            return
        c = self.P(h)
        if not self.seen(c):
            return
        s = self.s
        ink = self.pal.mark_ink
        edge = (250, 250, 246) if art.luminance(ink) < 0.5 else (20, 18, 16)
        t = art.outlined_text(self.fonts, "42", max(9, int(s * 0.9)), ink, edge, "bold", max(1, int(s * 0.05)))
        self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] - t.get_height() / 2))

    def dunlop(self) -> None:
        """The bridge: its fields shaded, a black band with DUNLOP over the middle one."""
        fields = list(self.d.dunlop)
        if not fields:
            return
        s = self.s
        polys = [self.hex_pts(self.P(h), 0.95) for h in fields]
        x0 = int(min(x for p in polys for x, _ in p)) - 1
        y0 = int(min(y for p in polys for _, y in p)) - 1
        x1 = int(max(x for p in polys for x, _ in p)) + 2
        y1 = int(max(y for p in polys for _, y in p)) + 2
        box = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(self.rect)
        if box.width > 0 and box.height > 0:
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            for poly in polys:
                pygame.draw.polygon(shade, (0, 0, 0, 90), [(x - box.x, y - box.y) for x, y in poly])
            self.surf.blit(shade, box.topleft)
        pts = [self.P(h) for h in fields]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        if s >= 8:
            word = self.fonts.text("DUNLOP", max(8, int(s * 0.34)), (255, 210, 0), "bold")
            box = pygame.Rect(0, 0, word.get_width() + 8, word.get_height() + 2)
            box.center = (int(cx), int(cy))
            pygame.draw.rect(self.surf, (26, 26, 28), box, border_radius=3)
            self.surf.blit(word, (box.x + 4, box.y + 1))

    def labels(self) -> None:
        s = self.s
        if s < 5:
            return
        size = label_size(s)
        for lb in self.d.labels:
            c = self.P(lb.at)
            if not self.seen(c) and s < 40:
                continue
            t = self.fonts.text(lb.text, size, self.pal.label, "serif")
            pad = max(3, size // 3)
            plate = pygame.Surface((t.get_width() + 2 * pad, t.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(plate, (*self.pal.label_shadow[:3], 170), plate.get_rect(), border_radius=max(3, size // 3))
            plate.blit(t, (pad, 1))
            self.surf.blit(plate, (c[0] - plate.get_width() / 2, c[1] - plate.get_height() / 2))

    def markers(self) -> None:
        """The test drive's findings: a blue tint where 7–9 moves must turn (the bends: the more
        turns, the stronger), red dots where flat-out runs leave the track (orange: only an 11,
        yellow: only a 12; the more runs, the larger)."""
        v = self.view
        if not v.markers:
            return
        s = self.s
        top_runs, top_squeals = (max(1.0, x) for x in v.marker_top)
        heat = [(h, m.squeals / top_squeals) for h, m in v.markers.items() if m.squeals >= BEND_SHOWN * top_squeals]
        if heat:
            layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            ox, oy = self.rect.topleft
            for h, k in heat:
                c = self.P(h)
                if self.seen(c):
                    alpha = int(60 + 150 * math.sqrt(k))
                    pygame.draw.polygon(layer, (*SQUEAL_COLOUR, alpha), [(x - ox, y - oy) for x, y in self.hex_pts(c, 0.82)])
            self.surf.blit(layer, self.rect.topleft)
            if s >= 24:
                for h, k in heat:
                    c = self.P(h)
                    if self.seen(c):
                        t = self.fonts.text(f"{v.markers[h].squeals:.0f}", max(8, int(s * 0.26)), (10, 30, 50), "bold")
                        self.surf.blit(t, (c[0] - t.get_width() / 2, c[1] + s * 0.2))
        for h, m in v.markers.items():
            if not m.runoffs:
                continue
            c = self.P(h)
            if not self.seen(c):
                continue
            r = max(2.5, s * (0.1 + 0.3 * math.sqrt(m.runoffs / top_runs)))
            col = RUNOFF_COLOURS.get(m.roll, RUNOFF_COLOURS[12])
            p = (c[0], c[1] - s * 0.25)
            pygame.draw.circle(self.surf, (20, 20, 22), (p[0] + 1, p[1] + 1), r + 1.5)
            pygame.draw.circle(self.surf, col, p, r)
            if r >= 5:
                pygame.draw.circle(self.surf, (250, 250, 246), p, r, max(1, int(s * 0.04)))
            if s >= 24 and r >= 7:
                t = self.fonts.text(str(m.runoffs), max(8, int(r * 1.1)), (250, 250, 246), "bold")
                self.surf.blit(t, (p[0] - t.get_width() / 2, p[1] - t.get_height() / 2))

    def rings(self) -> None:
        s = self.s
        width = max(2, int(s * 0.12))
        for h in self.view.marks:
            c = self.P(h)
            if self.seen(c):
                pygame.draw.circle(self.surf, (20, 20, 22), (c[0] + 1, c[1] + 1), s * 0.86, width)
                pygame.draw.circle(self.surf, RING, c, s * 0.86, width)


def tag_size(scale: float) -> int:
    """The font size of the splits' tags."""
    return max(9, min(18, int(scale * 0.32)))


def label_size(scale: float) -> int:
    """The font size of the labels."""
    return int(max(11, min(28, scale * 0.5)))


def grid_color(pal: Palette) -> tuple[int, int, int]:
    sheet = sheet_color(pal)
    return art.shade(sheet, 0.16 if art.luminance(sheet) < 0.5 else -0.2)


def sheet_color(pal: Palette) -> tuple[int, int, int]:
    """The paper the track is drawn on: the theme's board, a little darker."""
    return art.shade(pal.board, -SHEET_TINT)
