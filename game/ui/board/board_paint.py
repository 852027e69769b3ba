"""The static board painted once per view change: table, cardboard, infield, fields, kerbs, marks,
the start line, arrows, the pit lane, splits, labels, the 42 field and the Dunlop bridge.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.hexgrid import DIRECTIONS, Hex, Layout
from game.racerbile.track import Kind, Label
from game.ui.board import board_art as art
from game.ui.board.board_art import Point
from game.ui.board.board_geometry import unit
from game.ui.common.theme import Color

if TYPE_CHECKING:
    from game.ui.board.board_view import BoardView


class BoardPainter:
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
            direction = unit(pb[0] - pa[0], pb[1] - pa[1])
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
                    d = unit(tip[0] - knot[0], tip[1] - knot[1])
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
        t = unit(sum(v[0] for v in tvs), sum(v[1] for v in tvs)) if tvs else (1.0, 0.0)
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

    def signs(self) -> list[tuple[Label, pygame.Surface, int, int, Point]]:
        """Each label's text, plate size (px) and plate centre (board units) at this scale."""
        s = self.s
        if s < 4:
            return []
        size, pad_x, pad_y = self._sign_type()
        out = []
        for lb in self.track.labels:
            t = self.fonts.text(lb.text, size, self.pal.label, "serif")
            w, h = t.get_width() + 2 * pad_x, t.get_height() + 2 * pad_y
            out.append((lb, t, w, h, self.label_spot(lb.at, w / s, h / s)))
        return out

    def _sign_type(self) -> tuple[int, int, int]:
        """The signs' letter size at this scale and their plates' padding (x, y), in pixels."""
        size = int(max(12, min(40, self.s * 0.55)))
        return size, max(4, size // 3), max(1, size // 10)

    def sign_box(self) -> tuple[float, float, float, float] | None:
        """The board units the signs' plates cover at this scale (None: no sign drawn)."""
        s = self.s
        plates = [(x - w / s / 2, y - h / s / 2, x + w / s / 2, y + h / s / 2) for _lb, _t, w, h, (x, y) in self.signs()]
        if not plates:
            return None
        return (min(p[0] for p in plates), min(p[1] for p in plates), max(p[2] for p in plates), max(p[3] for p in plates))

    def labels(self) -> None:
        """Names on little signboards, readable on any ground, at their field or as near to it as
        they can stand without covering the track."""
        size, pad_x, pad_y = self._sign_type()
        for _lb, t, w, h, spot in self.signs():
            c = self.P(spot)
            if not self.visible(c):
                continue
            plate = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(plate, (*self.pal.label_shadow[:3], 150), plate.get_rect(), border_radius=max(3, size // 3))
            plate.blit(t, (pad_x, pad_y))
            self.surf.blit(plate, (c[0] - w / 2, c[1] - h / 2))

    def label_spot(self, at: Hex, w: float, h: float) -> Point:
        """The centre (board units) of a label w × h near `at` that covers the fewest fields."""
        key = (at, round(w * 4), round(h * 4))
        got = self.geo.label_spots.get(key)
        if got is not None:
            return got
        grid = self.geo.unit
        cells = self.geo.cells
        nx, ny = max(2, int(w / 0.6) + 1), max(2, int(h / 0.6) + 1)

        def covers(cx: float, cy: float) -> int:
            return len(grid.hexes_under_grid(cx - w / 2, cy - h / 2, w, h, nx, ny) & cells)

        ax, ay = spot = grid.to_pixel(at)
        if covers(ax, ay):
            best: tuple[int, int, float] | None = None
            for dq in range(-3, 4):
                for dr in range(max(-3, -dq - 3), min(3, -dq + 3) + 1):
                    cx, cy = grid.to_pixel(Hex(at.q + dq, at.r + dr))
                    rank = (covers(cx, cy), max(abs(dq), abs(dr), abs(dq + dr)), math.hypot(cx - ax, cy - ay))
                    if best is None or rank < best:
                        best, spot = rank, (cx, cy)
        self.geo.label_spots[key] = spot
        return spot
