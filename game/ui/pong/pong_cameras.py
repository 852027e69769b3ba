"""The views both live tables share: the thrower's view in perspective, a view from the
side, and the top-down view – V cycles them and the camera moves there smoothly; a change of the
throwing team (or of the phase's own view, the throw-off's) cuts to the new view with a short fade,
never by a side or diagonal view nobody asked for – and what the perspective picture
shows over the table: the ball in the thrower's hand and the slingshot pulled back from it, the
side-view plot as a small inset (P).

A mixin for the match (`bierpong_match`) and the practice table (`pong`); the scene has `view` (a
`PongView`), `host`, `dims`, `effects` (a `TableEffects`), and the slingshot (`pong_aim.Sling`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import pygame
import pygame.gfxdraw

from game.i18n import N_, _
from game.ui.common import theme
from game.ui.pong.camera import Camera, blend
from game.ui.pong.camera import side as side_camera
from game.ui.pong.camera import thrower as thrower_camera
from game.ui.pong.camera import watcher as watcher_camera
from game.ui.pong.pong_3d import CameraSpace, PerspectiveView, backdrop
from game.ui.pong.pong_inset import draw_side_inset
from game.ui.pong.pong_view import BALL, PongFrame
from physics.constants import CONST

CAMERA_MOVE = 1.2  # seconds a camera move takes (V)
CUT_FADE = 0.35  # seconds the picture fades in after a cut to the other end
VIEWS = ("thrower", "side", "top")  # the order V goes through
VIEW_NAMES = {"thrower": N_("View: the thrower's"), "side": N_("View: from the side"), "top": N_("View: from above")}
INSET_SHARE = 0.36  # of the view's width: the side-view inset's


class TableCameras:
    """The camera, its moves, and the perspective picture's own parts."""

    view: Any
    host: Any
    dims: Any
    effects: Any
    press: tuple[int, int] | None
    mouse: tuple[int, int]
    sling_text: Callable[[], str]  # (`pong_aim.Sling`)

    def init_cameras(self, mode: str = "thrower", *, inset: bool = False) -> None:
        self.camera_mode = mode
        self._cam_from: Camera | None = None
        self._cam_t = 1.0
        self._cam_team = 0
        self._cam_key: tuple[str, int] | None = None  # (the view shown, the team whose end) the camera is at
        self._fade = 0.0  # seconds of a cut's fade still to run
        self.view3d = PerspectiveView(self.host.fonts, self.dims)
        self._backdrop: pygame.Surface | None = None
        self.inset_on = inset  # the side-view plot as a small inset over the perspective view (P)
        self.hand_y = 0.0  # where across the table the ball waits in the thrower's hand

    # --- the camera ------------------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        """Where the perspective table is drawn: the left of the screen, beside the feed."""
        L = self.view.layout
        return pygame.Rect(L.top.left, L.top.top, L.top.w, L.side.bottom - L.top.top)

    def camera_for(self, mode: str) -> Camera:
        """The camera of view `mode` on the viewport: "side", "throwoff" (the same side view, seen
        from the same side of the room whichever team throws: the table's world is the thrower's, so
        for the second team the eye stands on the other side) or the thrower's."""
        vp = self.viewport()
        if mode in ("side", "throwoff"):
            base = side_camera(CONST.table_length, vp.w / max(1, vp.h))
            if mode == "throwoff" and self._cam_team == 1:
                base = replace(base, eye=(base.eye[0], -base.eye[1], base.eye[2]))
        elif self.turned():  # the other team throws at this laptop's rack
            base = watcher_camera(CONST.table_length)
        else:
            base = thrower_camera(CONST.table_length)
        if mode != "throwoff" and self.turned():  # the same place in the room: the other end of the thrower's world
            base = replace(base, eye=_turn(base.eye), target=_turn(base.target))
        return base.on((vp.x, vp.y, vp.w, vp.h))

    def view_team(self) -> int | None:
        """The team whose end the eye keeps for every throw (a laptop that joined a table for one
        team); None: the throwing team's, as at a table of one keyboard."""
        return None

    def turned(self) -> bool:
        """The eye stands at the far end of the thrower's world: the team this laptop plays watches
        the other team throw (its own rack near, the balls coming towards it)."""
        v = self.view_team()
        return v is not None and v != self._cam_team

    def _end_key(self) -> tuple[str, int]:
        """(the view shown, the team whose end the eye is at): a change of it is a cut."""
        v = self.view_team()
        return (self.shown_view(), self._cam_team if v is None else v)

    def shown_view(self) -> str:
        """The perspective view shown now: the one chosen with V (from above: the thrower's, for the
        aim); a scene may show a phase's own view instead (the throw-off's)."""
        return self.camera_mode if self.camera_mode != "top" else "thrower"

    def camera(self) -> Camera:
        """The camera now (between two views while it moves)."""
        goal = self.camera_for(self.shown_view())
        if self._cam_from is None or self._cam_t >= 1.0:
            return goal
        return blend(self._cam_from, goal, self._cam_t)

    def cycle_camera(self) -> str:
        """V: the thrower's view → from the side → top-down → the thrower's view; its name."""
        was = self.camera()
        self.camera_mode = VIEWS[(VIEWS.index(self.camera_mode) + 1) % len(VIEWS)]
        self._cam_from, self._cam_t = was, 0.0
        self._cam_key = self._end_key()
        return _(VIEW_NAMES[self.camera_mode])

    def perspective(self) -> bool:
        return self.camera_mode != "top"

    def aim_layout(self) -> Any:
        if not self.perspective():
            return self.view.layout
        return CameraSpace(self.camera(), self.view.layout.s, self.hand_y)

    def move_camera(self, dt: float, team: int) -> None:
        """Time for the camera; `team` throws now. Another team than before, or another view of the
        scene's own: a cut there, the picture fading in (the throw-off's view stays where it is – it
        shows the same table from the same place for both teams; a laptop that keeps its own team's
        end (`view_team`) sees no cut when the other team throws: the picture is the same room)."""
        if team != self._cam_team:  # the world turns round: a move under way was in the other team's
            was = self.camera() if self.view_team() is not None and self.perspective() else None
            self._cam_from, self._cam_t = None, 1.0
            self._cam_team = team
            if was is not None and self._end_key() == self._cam_key:  # the same end: from watching to throwing, smoothly
                self._cam_from, self._cam_t = replace(was, eye=_turn(was.eye), target=_turn(was.target)), 0.0
        key = self._end_key()
        if key != self._cam_key:
            if self._cam_key is not None and self.perspective() and not key[0] == self._cam_key[0] == "throwoff":
                self._cam_from, self._cam_t, self._fade = None, 1.0, CUT_FADE
            self._cam_key = key
        self._fade = max(0.0, self._fade - dt)
        if self._cam_t < 1.0:
            self._cam_t = min(1.0, self._cam_t + dt / CAMERA_MOVE)

    # --- the perspective picture ------------------------------------------------------------------

    def can_aim(self) -> bool:
        """Whether a person here may throw now (the ball is in the hand)."""
        return True

    def rack_names(self) -> tuple[str, str] | None:
        """Whose rack stands at the near end and at the far end (None: no teams to name)."""
        return None

    def draw_rack_names(self, surface: pygame.Surface, cam: Camera, vp: pygame.Rect) -> None:
        """Each rack labelled with its team: just above its back row; seen from the side, under the
        table's long edge, and the whole rack near the eye (`turned`), under the table's end (the air
        above the racks is the event labels') – unless an event's label is there."""
        names = self.rack_names()
        if not names:
            return
        s = self.view.layout.s
        f, _r, _u = cam.basis
        beside = abs(f[1]) > abs(f[0])  # looking across the table
        for x, name in ((0.03, names[0]), (CONST.table_length - 0.03, names[1])):
            under = beside or (self.turned() and x > CONST.table_length / 2)  # (the whole rack near: its name under it)
            if beside:  # under the edge nearer the eye
                near = -CONST.table_width / 2 if cam.eye[1] < 0 else CONST.table_width / 2
                p = cam.project((min(max(x, 0.25), CONST.table_length - 0.25), near, -0.06))
            elif under:  # under the table's end at the eye
                p = cam.project((CONST.table_length + 0.01, 0.0, -0.06))
            else:
                p = cam.project((x, 0.0, CONST.cup_height + 0.1))
            if p is None or not vp.collidepoint(p.x, p.y):
                continue
            img = self.host.fonts.shadowed(self.host.fonts.fit(name, max(12, int(17 * s)), vp.w // 3, "bold"), max(12, int(17 * s)), theme.CREAM, "bold")
            rect = img.get_rect(midtop=(int(p.x), int(p.y))) if under else img.get_rect(midbottom=(int(p.x), int(p.y)))
            if rect.collidelist(self.view3d.label_rects) < 0:  # an event's label there now has the place
                surface.blit(img, rect)

    def draw_perspective(self, surface: pygame.Surface, fr: PongFrame) -> None:
        """The table through the camera, the ball in the hand or the slingshot and the inset,
        inside the viewport."""
        vp = self.viewport()
        s = self.view.layout.s
        if self._backdrop is None or self._backdrop.get_size() != vp.size:
            self._backdrop = backdrop(vp.size, s)
        cam = self.camera()
        pygame.draw.rect(surface, (20, 14, 9), vp.inflate(int(12 * s), int(12 * s)), int(6 * s))  # (the side view's frame under it)
        self.view3d.draw_table(surface, fr, cam, numbers=True, background=self._backdrop)
        clip = surface.get_clip()
        surface.set_clip(vp)
        self.draw_rack_names(surface, cam, vp)
        self.draw_hand(surface, CameraSpace(cam, s, self.hand_y), hint=not fr.balls)
        if self.inset_on:
            w = int(vp.w * INSET_SHARE)
            h = max(int(70 * s), int(w * 0.36))
            m = int(10 * s)
            draw_side_inset(surface, pygame.Rect(vp.left + m, vp.bottom - h - m, w, h), fr, self.dims, self.host.fonts, s)
        if self._fade > 0:  # a cut to the other end: the new picture fades in
            veil = pygame.Surface(vp.size)
            veil.fill((8, 6, 4))
            veil.set_alpha(int(255 * min(1.0, self._fade / CUT_FADE)))
            surface.blit(veil, vp.topleft)
        surface.set_clip(clip)

    def draw_hand(self, surface: pygame.Surface, space: CameraSpace, *, hint: bool = True) -> None:
        """The ball in the thrower's hand at the release point (`hint`: with how to throw it); pressed:
        the band pulled back from it to the pointer, with the throw's speed and angle."""
        s = self.view.layout.s
        aiming = self.press is not None
        if not aiming and not self.can_aim():
            return
        y = space.release_y(*self.press) if self.press is not None else self.hand_y
        self.hand_y = y  # (the next ball waits where the last one left the hand)
        b = space.hand(y)
        if b is None:
            return
        r = max(3, int(round(self.dims.ball_r * b.scale)))
        bx, by = int(b.x), int(b.y)
        if aiming:
            mx, my = self.mouse
            pygame.draw.line(surface, theme.AMBER, (bx, by), (mx, my), max(2, int(3 * s)))
            pygame.gfxdraw.aacircle(surface, mx, my, max(3, int(5 * s)), theme.AMBER)
        pygame.gfxdraw.filled_circle(surface, bx, by, r, BALL)
        pygame.gfxdraw.aacircle(surface, bx, by, r, (170, 170, 165))
        pygame.gfxdraw.filled_circle(surface, int(bx - r * 0.35), int(by - r * 0.35), max(1, r // 3), (255, 255, 255))
        text = self.sling_text() if aiming else _("drag back from the ball to throw") if hint else ""
        if text:
            t = self.host.fonts.shadowed(text, int(16 * s), theme.AMBER if aiming else theme.CHALK_BLUE, "regular", 1)
            rect = t.get_rect(midbottom=(bx, by - r - int(10 * s)))
            rect.clamp_ip(self.viewport())
            surface.blit(t, rect)



def _turn(p: tuple[float, float, float]) -> tuple[float, float, float]:
    """A point of the thrower's world seen from the other end: turned half round the table's middle."""
    return (CONST.table_length - p[0], -p[1], p[2])


__all__ = ["CAMERA_MOVE", "TableCameras", "VIEWS"]
