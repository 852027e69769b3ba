"""The beer-pong table in perspective, drawn from the physics' own 3-D world.

`PerspectiveView.draw_table(surface, frame, camera)` paints the floor, the table (its top, its front
edges, the centre line), every cup as a tapered cup shaded by one light (its wall, its rim, the beer
inside, its number on the side that faces the camera), the balls with their shadows on the table and
their trails, and the labels where their events happened – far things first, so nearer ones cover
them. The camera maths is `game.ui.pong.camera`; the frame is the same `PongFrame` the top-down
view draws.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import pygame
import pygame.gfxdraw

from game.ui.common import textures, theme
from game.ui.common.theme import Fonts
from game.ui.pong.camera import Camera, Projected, clip_near
from game.ui.pong.pong_aim import RELEASE_X, RELEASE_Z
from game.ui.pong.pong_view import BALL, BEER, CUP_DARK, CUP_RED, LEAN, PREVIEW, RIM, TABLE_EDGE, TABLE_L, TABLE_W, CupDraw, Dims, PongFrame

SEGMENTS = 18  # sides of a cup's cone
LIGHT = (-0.35, -0.55, 0.76)  # the light comes from above, behind the thrower's left shoulder
TABLE_THICK = 0.04  # m, the table top's edge
FLOOR = (26, 18, 12)
TOP_3D = (48, 50, 60)
HIT_RIM = (255, 214, 90)  # the rim of a cup hit and not yet removed
SPLASH = (246, 196, 80)
SWAT_RING = (120, 220, 255)  # the table top under the room's light (a shade lighter than the top-down view's)
PULL_GAIN = 3.0  # (a camera that does not show the whole table) a pull in metres at the ball's depth, times this
MAX_STRETCH = 2.5  # the most a pull's direction is foreshortened on the table (`CameraSpace.pull`)
MIN_LINE = 40  # px (× the layout's scale): the shortest line of the hand the ball's place is chosen on
GRAB = 26  # px (× the layout's scale) above and below the ball's line where a press grabs the ball
DIM = 0.4  # how much of the thrower's own rack (at the near end) shows through
CUP_H = 0.12  # m, a cup's rim over the table (`physics.constants.CONST.cup_height`)

_CIRCLE = [(math.cos(2 * math.pi * i / SEGMENTS), math.sin(2 * math.pi * i / SEGMENTS)) for i in range(SEGMENTS)]
Item = tuple[float, Callable[[pygame.Surface], None]]  # (depth, paint): painted far to near


def _norm(v: tuple[float, float, float]) -> tuple[float, float, float]:
    n = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) or 1.0
    return (v[0] / n, v[1] / n, v[2] / n)


_L = _norm(LIGHT)


def _shade(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (max(0, min(255, int(color[0] * k))), max(0, min(255, int(color[1] * k))), max(0, min(255, int(color[2] * k))))


def _poly(surface: pygame.Surface, pts: Sequence[tuple[float, float]], color: tuple[int, ...]) -> None:
    """A filled polygon with an anti-aliased outline (translucent colours blended)."""
    if len(pts) < 3:
        return
    ip = [(int(round(x)), int(round(y))) for x, y in pts]
    if len(color) == 4:
        pygame.gfxdraw.filled_polygon(surface, ip, color)
    else:
        pygame.gfxdraw.filled_polygon(surface, ip, color)
        pygame.gfxdraw.aapolygon(surface, ip, color)


class PerspectiveView:
    """Paints frames of the table through a camera."""

    def __init__(self, fonts: Fonts, dims: Dims = Dims()) -> None:
        self.fonts = fonts
        self.dims = dims
        self._still_key: object = None
        self._still_surf: pygame.Surface | None = None
        self.label_rects: list[pygame.Rect] = []  # where the last frame put the event labels

    # --- the parts ---------------------------------------------------------------------------------

    def _table(self, surface: pygame.Surface, cam: Camera) -> None:
        half = TABLE_W / 2
        corners = [(0.0, -half, 0.0), (TABLE_L, -half, 0.0), (TABLE_L, half, 0.0), (0.0, half, 0.0)]
        top = [cam.project(p) for p in corners]
        if any(p is None for p in top):  # part of the table behind the eye (a camera close in): its visible part
            seen = [q for q in (cam.project(p) for p in clip_near(cam, corners)) if q is not None]
            _poly(surface, [(q.x, q.y) for q in seen], TOP_3D)
            m = [q for q in (cam.project(p) for p in clip_near(cam, [(TABLE_L / 2, -half, 0.0), (TABLE_L / 2, half, 0.0)])) if q is not None]
            if len(m) == 2:
                pygame.draw.aaline(surface, (120, 120, 132), (m[0].x, m[0].y), (m[1].x, m[1].y))
            return
        pts = [(p.x, p.y) for p in top if p is not None]
        # the edge facing the camera, a little darker, under the top
        below = [cam.project((x, y, -TABLE_THICK)) for x, y, _z in corners]
        for a, b in ((0, 1), (1, 2), (2, 3), (3, 0)):
            pa, pb, qa, qb = top[a], top[b], below[a], below[b]
            if None in (pa, pb, qa, qb):
                continue
            assert pa and pb and qa and qb
            _poly(surface, [(pa.x, pa.y), (pb.x, pb.y), (qb.x, qb.y), (qa.x, qa.y)], (14, 14, 18))
        _poly(surface, pts, TOP_3D)
        # a soft sheen along the middle, the edges and the centre line
        w = max(1, int(2 * (top[0].scale if top[0] else 1) / 200))
        for a, b in ((0, 1), (1, 2), (2, 3), (3, 0)):
            pa, pb = top[a], top[b]
            if pa and pb:
                pygame.draw.line(surface, TABLE_EDGE, (pa.x, pa.y), (pb.x, pb.y), max(2, w + 1))
        m0, m1 = cam.project((TABLE_L / 2, -half, 0.0)), cam.project((TABLE_L / 2, half, 0.0))
        if m0 and m1:
            pygame.draw.aaline(surface, (120, 120, 132), (m0.x, m0.y), (m1.x, m1.y))

    def _cup_items(self, cam: Camera, c: CupDraw, number: bool) -> list[Item]:
        d = self.dims
        centre = cam.project((c.x, c.y, d.cup_h / 2))
        if centre is None:
            return []
        alpha = max(0, min(255, int(255 * c.fade * (DIM if c.dim else 1.0))))
        if alpha <= 0:
            return []
        if c.tipped:
            return [(centre.depth, lambda s: self._tipped(s, cam, c, alpha))]
        return [(centre.depth, lambda s: self._cup(s, cam, c, number, alpha))]

    def _ring(self, cam: Camera, x: float, y: float, z: float, r: float) -> list[Projected | None]:
        project = cam.project
        return [project((x + r * c, y + r * s, z)) for c, s in _CIRCLE]

    def _cup(self, surface: pygame.Surface, cam: Camera, c: CupDraw, number: bool, alpha: int) -> None:
        if alpha == 255:
            self._cup_on(surface, cam, c, number)
            return
        # translucent (rising away, or the thrower's own rack): painted on a layer just its size
        p = cam.project((c.x, c.y, c.lift + self.dims.cup_h / 2))
        if p is None:
            return
        r = int(self.dims.cup_h * 1.6 * p.scale) + 4
        box = pygame.Rect(int(p.x) - r, int(p.y) - r, 2 * r, 2 * r)
        x0, y0, w, h = cam.screen
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        self._cup_on(layer, cam.on((x0 - box.x, y0 - box.y, w, h)), c, number)
        layer.set_alpha(alpha)
        surface.blit(layer, box.topleft)

    def _cup_on(self, layer: pygame.Surface, cam: Camera, c: CupDraw, number: bool) -> None:
        d = self.dims
        z0 = c.lift
        base = self._ring(cam, c.x, c.y, z0, d.base_r)
        rim = self._ring(cam, c.x + c.wobble * LEAN[0], c.y + c.wobble * LEAN[1], z0 + d.cup_h, d.rim_r)  # (rocking: the rim leans over the base)
        if any(p is None for p in base + rim):
            return
        # the opening first: the inside (dark) and the beer at its level – the wall in front covers what it hides
        top = [(p.x, p.y) for p in rim if p is not None]
        _poly(layer, top, CUP_DARK)
        level = d.cup_h * max(0.05, min(0.95, c.liquid))
        lr = d.base_r + (d.rim_r - d.base_r) * level / d.cup_h
        k = level / d.cup_h
        beer = self._ring(cam, c.x + c.wobble * LEAN[0] * k, c.y + c.wobble * LEAN[1] * k, z0 + level, lr * 0.97)
        if all(p is not None for p in beer) and cam.eye[2] > level:
            _poly(layer, [(p.x, p.y) for p in beer if p is not None], BEER)
        if c.holds_ball:  # in the beer: the wall in front hides what the opening does not show
            p = cam.project((c.x + c.wobble * LEAN[0] * k, c.y + c.wobble * LEAN[1] * k, z0 + level + d.ball_r * 0.6))
            if p is not None:
                pygame.gfxdraw.filled_circle(layer, int(p.x), int(p.y), max(2, int(d.ball_r * p.scale)), BALL)
        # the wall: the quads that face the camera, each shaded by the light
        slope = (d.rim_r - d.base_r) / d.cup_h
        for i in range(SEGMENTS):
            j = (i + 1) % SEGMENTS
            a = 2 * math.pi * (i + 0.5) / SEGMENTS
            n = _norm((math.cos(a), math.sin(a), -slope))
            to_eye = _norm((cam.eye[0] - c.x, cam.eye[1] - c.y, cam.eye[2] - d.cup_h / 2))
            if n[0] * to_eye[0] + n[1] * to_eye[1] + n[2] * to_eye[2] <= 0:
                continue
            lit = 0.45 + 0.75 * max(0.0, n[0] * _L[0] + n[1] * _L[1] + n[2] * _L[2])
            b0, b1, r1, r0 = base[i], base[j], rim[j], rim[i]
            assert b0 and b1 and r1 and r0
            _poly(layer, [(b0.x, b0.y), (b1.x, b1.y), (r1.x, r1.y), (r0.x, r0.y)], _shade(CUP_RED, lit))
        rim_w = max(1, int(round((rim[0].scale if rim[0] else 100) * 0.006)))
        pygame.draw.lines(layer, RIM if not c.holds_ball else HIT_RIM, True, top, max(1, rim_w + (1 if c.holds_ball else 0)))
        if 0.0 <= c.splash < 1.0:  # beer thrown up out of the cup and falling back
            k = c.splash
            for i, (cx, cy) in enumerate(_CIRCLE[::2]):
                out = d.rim_r * (0.5 + 1.3 * k) * (0.8 + 0.2 * ((i * 7) % 3))
                q = cam.project((c.x + cx * out, c.y + cy * out, z0 + d.cup_h + 0.09 * math.sin(math.pi * k) * (0.7 + 0.3 * (i % 2))))
                if q is not None:
                    pygame.gfxdraw.filled_circle(layer, int(q.x), int(q.y), max(1, int(0.006 * q.scale * (1 - 0.5 * k))), SPLASH)
        if number:  # on the side that faces the camera
            ex, ey = cam.eye[0] - c.x, cam.eye[1] - c.y
            dist = math.hypot(ex, ey) or 1.0
            p = cam.project((c.x + ex / dist * d.rim_r * 0.85, c.y + ey / dist * d.rim_r * 0.85, d.cup_h * 0.55))
            if p is not None:
                size = max(9, min(26, int(p.scale * 0.045)))
                t = self.fonts.text(str(c.id), size, theme.CREAM, "bold")
                layer.blit(t, t.get_rect(center=(p.x, p.y)))

    def _tipped(self, surface: pygame.Surface, cam: Camera, c: CupDraw, alpha: int) -> None:
        d = self.dims
        ca, sa = math.cos(c.angle), math.sin(c.angle)
        ends = [cam.project((c.x + ca * t, c.y + sa * t, r)) for t, r in ((0.0, d.rim_r), (d.cup_h, d.base_r))]
        flat = [cam.project((c.x + ca * t - sa * r * s, c.y + sa * t + ca * r * s, 0.005))
                for t, r in ((0.0, d.rim_r), (d.cup_h, d.base_r)) for s in (-1, 1)]
        if None in flat or None in ends:
            return
        pts = [(p.x, p.y) for p in (flat[0], flat[2], flat[3], flat[1]) if p is not None]
        _poly(surface, pts, _shade(CUP_RED, 0.8))
        pygame.draw.lines(surface, RIM, True, pts, 1)

    def _ball_items(self, cam: Camera, x: float, y: float, z: float, number: int, in_flight: bool,
                    ringed: bool = False) -> list[Item]:
        d = self.dims
        p = cam.project((x, y, z + d.ball_r))
        if p is None:
            return []
        out: list[Item] = []
        on = abs(y) <= TABLE_W / 2 and 0 <= x <= TABLE_L
        sh = cam.project((x, y, 0.001)) if on else None
        if sh is not None:
            shadow = sh
            k = max(0.35, 1.0 - z * 0.9)  # higher: a fainter, wider shadow

            def paint_shadow(s: pygame.Surface) -> None:
                rx, ry = max(2, int(d.ball_r * shadow.scale * (1.6 - k * 0.4))), max(1, int(d.ball_r * shadow.scale * 0.55))
                pygame.gfxdraw.filled_ellipse(s, int(shadow.x), int(shadow.y), rx, ry, (0, 0, 0, int(190 * k)))
            out.append((shadow.depth + 0.5, paint_shadow))  # under everything standing on the table

        def paint_ball(s: pygame.Surface) -> None:
            r = max(2, int(round(d.ball_r * p.scale)))
            if ringed:  # swattable: a ring a defender's click may hit
                for k in (0, 1):
                    pygame.gfxdraw.aacircle(s, int(p.x), int(p.y), r + max(6, r) + k, SWAT_RING)
            pygame.gfxdraw.filled_circle(s, int(p.x), int(p.y), r, BALL)
            pygame.gfxdraw.aacircle(s, int(p.x), int(p.y), r, (170, 170, 165))
            hl = max(1, r // 3)
            pygame.gfxdraw.filled_circle(s, int(p.x - r * 0.35), int(p.y - r * 0.35), hl, (255, 255, 255))
        out.append((p.depth, paint_ball))
        return out

    # --- the frame ----------------------------------------------------------------------------------

    def _still(self, fr: PongFrame, cam: Camera, numbers: bool, background: pygame.Surface | None) -> pygame.Surface:
        """The room, the table and the cups through `cam` – kept while neither the camera nor the cups
        change (a camera at rest draws them once, not every frame)."""
        x0, y0, w, h = cam.screen
        key = (cam, tuple(fr.cups), numbers, id(background))
        if self._still_key == key and self._still_surf is not None:
            return self._still_surf
        surf = pygame.Surface((w, h)).convert() if pygame.display.get_surface() is not None else pygame.Surface((w, h))
        local = cam.on((0, 0, w, h))
        if background is not None:
            surf.blit(background, (0, 0))
        else:
            surf.fill(FLOOR)
        self._table(surf, local)
        items: list[Item] = []
        for c in fr.cups:
            items += self._cup_items(local, c, numbers)
        for _depth, paint in sorted(items, key=lambda it: -it[0]):
            paint(surf)
        self._still_key, self._still_surf = key, surf
        return surf

    def _in_view(self, cam: Camera, c: CupDraw) -> bool:
        p = cam.project((c.x, c.y, self.dims.cup_h / 2))
        if p is None:
            return False
        x0, y0, w, h = cam.screen
        r = self.dims.rim_r * p.scale * 2
        return x0 - r <= p.x <= x0 + w + r and y0 - r <= p.y <= y0 + h + r

    def _painted_again(self, cam: Camera, cups: list[CupDraw], fx: list[CupDraw], balls: list[Projected]) -> list[CupDraw]:
        """The cups to paint over the still picture this frame (see `draw_table`)."""
        d = self.dims
        at = {id(c): cam.project((c.x, c.y, d.cup_h / 2)) for c in cups}
        size = max(d.rim_r, d.cup_h * 0.75) * 1.25  # m: a cup's reach on the screen around its centre

        def near(p: Projected, q: Projected, r: float) -> bool:
            return (p.x - q.x) ** 2 + (p.y - q.y) ** 2 < r * r

        out = [c for c in fx if at[id(c)] is not None]
        for c in cups:
            p = at[id(c)]
            if c in out or c.dim or p is None:
                continue
            if any(near(p, b, size * p.scale + 3 * d.ball_r * b.scale) for b in balls):
                out.append(c)
        grew = bool(out)
        while grew:  # the nearer cups overlapping those already painted again
            grew = False
            for c in cups:
                p = at[id(c)]
                if c in out or c.dim or p is None:
                    continue
                for o in out:
                    q = at[id(o)]
                    if q is not None and q.depth > p.depth and near(p, q, size * (p.scale + q.scale)):
                        out.append(c)
                        grew = True
                        break
        return out

    def draw_table(self, surface: pygame.Surface, fr: PongFrame, cam: Camera, *, numbers: bool = True,
                   background: pygame.Surface | None = None) -> dict[int, Projected]:
        """The frame through `cam`, inside its screen rectangle; where each ball is on the screen."""
        x0, y0, w, h = cam.screen
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(x0, y0, w, h))
        cups = [c for c in fr.cups if self._in_view(cam, c)]
        items: list[Item] = []
        balls: dict[int, Projected] = {}
        for b in fr.balls:
            items += self._ball_items(cam, b.x, b.y, b.z, b.number, b.in_flight, b.ringed)
            p = cam.project((b.x, b.y, b.z + self.dims.ball_r))
            if p is not None:
                balls[b.number] = p
        # the still picture of table and cups, kept while nothing in it changes (cups in motion – shaking,
        # rocking, splashing, rising away – are not in it); painted over it each frame, far to near with
        # the balls: the cups in motion, the cups a ball passes over or behind, and the nearer cups that
        # overlap those (so that a cup painted again never covers one in front of it)
        fx = [c for c in cups if c.lift or c.wobble or c.splash >= 0 or c.fade < 1.0]
        still = [c for c in cups if c not in fx]
        surface.blit(self._still(PongFrame(cups=still), cam, numbers, background), (x0, y0))
        for c in self._painted_again(cam, cups, fx, list(balls.values())):
            items += self._cup_items(cam, c, numbers)
        # the trails under the balls they lead to
        for trail in fr.trails:
            pts = [q for q in (cam.project(t) for t in trail) if q is not None]
            if len(pts) >= 2:
                pygame.draw.aalines(surface, (250, 220, 120), False, [(q.x, q.y) for q in pts])
        if fr.preview:  # the aim preview: its track on the table, the arc over it, a cross where it lands
            ground = [q for q in (cam.project((x, y, 0.002)) for x, y, _z in fr.preview) if q is not None]
            if len(ground) >= 2:
                pygame.draw.aalines(surface, (70, 110, 130), False, [(q.x, q.y) for q in ground])
            pts = [q for q in (cam.project(t) for t in fr.preview) if q is not None]
            for q in pts[::2]:
                pygame.gfxdraw.filled_circle(surface, int(q.x), int(q.y), max(2, int(q.scale * 0.004)), PREVIEW)
            if ground:
                end, a = ground[-1], max(4, int(ground[-1].scale * 0.02))
                pygame.draw.line(surface, PREVIEW, (end.x - a, end.y - a * 0.5), (end.x + a, end.y + a * 0.5), 2)
                pygame.draw.line(surface, PREVIEW, (end.x - a, end.y + a * 0.5), (end.x + a, end.y - a * 0.5), 2)
        for _depth, paint in sorted(items, key=lambda it: -it[0]):
            paint(surface)
        for ball in fr.balls:  # each flying ball's height beside it
            p = balls.get(ball.number)
            if p is not None and ball.in_flight and ball.z >= -0.05:
                t = self.fonts.shadowed(f"{ball.number}: {max(0.0, ball.z) * 100:.0f} cm", max(11, int(h / 60)), theme.CREAM, "bold", 1)
                surface.blit(t, t.get_rect(bottomleft=(p.x + self.dims.ball_r * p.scale + 4, p.y - 4)))
        taken: list[pygame.Rect] = []
        for lb in reversed(fr.labels):  # over its ball (or where its event happened), fading; the newest keeps its place
            if lb.gone:
                continue
            p = cam.project((lb.x, lb.y, max(0.0, lb.z) + 0.06 + lb.age * 0.03))
            if p is None:
                continue
            t = self.fonts.shadowed(lb.text, max(12, int(h / 46)), theme.CHALK_YELLOW, "bold", 1)
            fade = lb.alpha()
            if fade < 1.0:
                t = t.copy()
                t.set_alpha(int(255 * fade))
            rect = t.get_rect(midbottom=(round(p.x), round(p.y))).clamp(surface.get_clip())  # whole inside the view
            if rect.inflate(6, 2).collidelist(taken) >= 0:  # it would cover a newer label: left out (the feed has it)
                continue
            taken.append(rect.inflate(6, 2))
            surface.blit(t, rect)
        self.label_rects = [r.inflate(-6, -2) for r in taken]
        surface.set_clip(clip)
        return balls


class CameraSpace:
    """The screen of a perspective camera as the slingshot and the clicks read it – the top-down
    layout's `to_top`, `from_top` and `thrower_zone`, through the camera."""

    X_BACK = 0.45  # m behind the near edge: where a point off the table's plane is taken to lie

    def __init__(self, cam: Camera, s: float, hand_y: float = 0.0) -> None:
        self.cam = cam
        self.s = s
        self.hand_y = hand_y  # where across the table the ball waits
        x0, y0, w, h = cam.screen
        self.top = pygame.Rect(x0, y0, w, h)

    def to_top(self, x: float, y: float, z: float | None = None) -> tuple[float, float]:
        """A point on the screen (no height given: a cup's rim, where the removal marks and clicks go)."""
        p = self.cam.project((x, y, CUP_H if z is None else z))
        return (p.x, p.y) if p is not None else (-1e6, -1e6)

    @property
    def k(self) -> float:
        """Pixels per metre at the far rack."""
        p = self.cam.project((TABLE_L * 0.85, 0.0, 0.0))
        return p.scale if p is not None else 100.0

    def from_top(self, px: float, py: float) -> tuple[float, float]:
        got = self.cam.on_table(px, py)
        return got if got is not None else (-self.X_BACK, 0.0)

    def hand(self, y: float = 0.0) -> Projected | None:
        """The ball in the thrower's hand, at the release point `y` across the table, on the screen."""
        return self.cam.project((RELEASE_X, y, RELEASE_Z))

    def release_y(self, px: float, py: float) -> float:
        """Where across the table a press on the ball's line holds it: the press's place along that
        line on the screen (within the table's width); where the line is too short on the screen to
        choose on (seen from the side), where the ball was (`hand_y`)."""
        half = TABLE_W / 2 - 0.05
        a, b = self.hand(half), self.hand(-half)
        if a is None or b is None:
            return self.hand_y
        sx, sy = b.x - a.x, b.y - a.y
        n2 = sx * sx + sy * sy
        if n2 < (MIN_LINE * self.s) ** 2:
            return self.hand_y
        t = max(0.0, min(1.0, ((px - a.x) * sx + (py - a.y) * sy) / n2))
        return half * (1.0 - 2.0 * t)

    def pull(self, press: tuple[int, int], mouse: tuple[int, int]) -> tuple[float, float, float, float]:
        """The slingshot read in perspective: the ball held where it was pressed, pulled back from
        there to the mouse. The ball flies the opposite way from the pull as the screen shows it at
        the ball (on the plane of the release height: a pull up or down the screen is stretched
        along the table as far as the picture foreshortens it there, at most `MAX_STRETCH` times;
        seen from the side, where it means across the table, not at all); the power is the pull's
        length against the table as drawn (`table_px`): a pull as long as the table on the screen
        is its length in metres, as in the top-down view – the same share of the drawn table is the
        same throw at any window size and from any camera. (release y, dx, dy, pull in metres)."""
        y = self.release_y(*press)
        b = self.hand(y)
        px, py = press[0] - mouse[0], press[1] - mouse[1]
        n = math.hypot(px, py)
        if b is None or n < 1e-9:
            return y, 0.0, 0.0, 0.0
        eps = 8.0
        right = self.cam.on_table(b.x + eps, b.y, RELEASE_Z)
        up = self.cam.on_table(b.x, b.y - eps, RELEASE_Z)
        length = self.table_px()
        pull = n / length * TABLE_L if length > 1.0 else n / b.scale * PULL_GAIN
        if right is None or up is None:  # (beyond the horizon: straight down the table)
            return y, pull, 0.0, pull
        rx, ry = right[0] - RELEASE_X, right[1] - y
        ux, uy = up[0] - RELEASE_X, up[1] - y
        lr = math.hypot(rx, ry) or 1e-9
        along = (ux * rx + uy * ry) / (lr * lr)  # "up" square to "right" on the table
        ux, uy = ux - along * rx, uy - along * ry
        lu = math.hypot(ux, uy) or 1e-9
        # up the screen stretched down the table as the picture shows it (up to `MAX_STRETCH` times);
        # seen from the side, up means across the table: not stretched
        cap = 1.0 + (MAX_STRETCH - 1.0) * abs(ux) / lu
        if lu > cap * lr:
            ux, uy = ux * cap * lr / lu, uy * cap * lr / lu
        k_right, k_up = px / n, -py / n  # the pull's share to the left and down: the throw's to the right and up
        dx, dy = k_right * rx + k_up * ux, k_right * ry + k_up * uy
        d = math.hypot(dx, dy) or 1.0
        return y, dx / d * pull, dy / d * pull, pull

    def table_px(self) -> float:
        """The table's length as drawn: pixels from the middle of its near edge to the middle of its
        far edge (0: the camera does not show both)."""
        a, b = self.cam.project((0.0, 0.0, 0.0)), self.cam.project((TABLE_L, 0.0, 0.0))
        return math.hypot(b.x - a.x, b.y - a.y) if a is not None and b is not None else 0.0

    def thrower_zone(self) -> pygame.Rect:
        """Where a press grabs the ball: along the line of the thrower's hand over the near edge,
        the table's width (the ball moves to where it is held)."""
        a, b = self.hand(TABLE_W / 2), self.hand(-TABLE_W / 2)
        if a is None or b is None:
            t = self.top
            return pygame.Rect(t.x, t.bottom - int(t.h * 0.25), t.w, int(t.h * 0.25))
        g = int(max(GRAB * self.s, 2.5 * self.dims_ball_r * a.scale))
        left, right = min(a.x, b.x) - g, max(a.x, b.x) + g
        return pygame.Rect(int(left), int(a.y) - g, int(right - left), 2 * g)

    dims_ball_r = 0.02  # m (`physics.constants.CONST.ball_radius`)


def backdrop(size: tuple[int, int], s: float) -> pygame.Surface:
    """The room behind the table: a dark wall over a wooden floor."""
    w, h = size
    surf = textures.wood(size, theme.WOOD_DARK, plank=max(40, int(90 * s)))
    wall = pygame.Surface((w, int(h * 0.32)), pygame.SRCALPHA)
    for y in range(wall.get_height()):
        a = int(230 - 120 * y / max(1, wall.get_height()))
        wall.fill((16, 12, 10, a), (0, y, w, 1))
    surf.blit(wall, (0, 0))
    return surf


__all__ = ["CameraSpace", "PerspectiveView", "backdrop"]
