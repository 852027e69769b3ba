"""The slingshot both table scenes aim with: press on the thrower's end, drag back, release.

In perspective the ball waits in the thrower's hand (the release point, drawn in the picture): press
on it, pull back from it (direction and power) and let go (`game.ui.pong.pong_3d.CameraSpace.pull`).

The ball flies away from the mouse, faster the longer the pull – measured against the table as
drawn (a pull as long as the table on the screen is 2.44 m of pull), so that a throw means the same
at every window size and in every view; the wheel or ↑/↓ set the launch angle. The preview is the physics itself (`physics.world.simulate`), up to the ball's first touch.
A mixin for scenes that have `self.view` (a `PongView`); it holds no physics of its own.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from physics.constants import CONST
from physics.events import CrossedCentre, TableBounce
from physics.table import Cup
from physics.world import Throw, simulate

RELEASE_Z = 0.45  # m above the table, the release height
RELEASE_X = 0.0  # m, the ball leaves the hand above the near edge
MIN_SPEED, MAX_SPEED = 1.0, 9.0  # m/s
SPEED_PER_M = 10.0  # m/s per metre of pull (in metres of the table as drawn)
MIN_PULL = 0.03  # m: a shorter pull is a click, not a throw
PREVIEW_TIME = 1.6  # s of flight the preview simulates


class Sling:
    """The slingshot's state (press, mouse, angle) and its preview arc."""

    view: Any

    def init_sling(self) -> None:
        self.angle = 40.0  # degrees above the horizontal
        self.press: tuple[int, int] | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.preview: list[tuple[float, float, float]] = []
        self._preview_for: Throw | None = None

    def aim_layout(self) -> Any:
        """Where the slingshot maps the screen onto the table (`from_top`, `thrower_zone`): the top-down
        view's layout, or a perspective camera's (`game.ui.pong.pong_3d.CameraSpace`)."""
        return self.view.layout

    def aimed_throw(self) -> Throw | None:
        """The throw the slingshot holds now: away from the mouse, power by the pull; None while
        the pull is too short."""
        if self.press is None:
            return None
        L = self.aim_layout()
        half = CONST.table_width / 2 - 0.05
        if hasattr(L, "pull"):  # in perspective: pulled back from the ball in the hand (`CameraSpace.pull`)
            ay, dx, dy, pull = L.pull(self.press, self.mouse)
        else:  # top-down: the pull on the table's plane
            ax, ay = L.from_top(*self.press)
            mx, my = L.from_top(*self.mouse)
            dx, dy = ax - mx, ay - my
            pull = math.hypot(dx, dy)
        if pull < MIN_PULL:
            return None
        speed = max(MIN_SPEED, min(MAX_SPEED, SPEED_PER_M * pull))
        release = (RELEASE_X, max(-half, min(half, ay)), RELEASE_Z)
        a = math.radians(self.angle)
        h = speed * math.cos(a)
        return Throw(release, (h * dx / pull, h * dy / pull, speed * math.sin(a)))

    def update_preview(self, cups: Sequence[Cup]) -> None:
        """The arc of the aimed throw on `cups`, up to its first touch (recomputed when the aim changed)."""
        t = self.aimed_throw()
        if t == self._preview_for:
            return
        self._preview_for = t
        self.preview = []
        if t is None:
            return
        line = simulate(tuple(cups), t, max_time=PREVIEW_TIME)
        first = next((e for e in line.events if not isinstance(e, CrossedCentre)), None)  # the first touch
        stop = first.t if first is not None else PREVIEW_TIME
        self.preview = [(x, y, z) for (ts, x, y, z) in line.samples if ts <= stop + 1e-9]
        if isinstance(first, TableBounce):  # end the arc where it lands
            self.preview.append((first.x, first.y, 0.0))

    def set_angle(self, deg: float) -> None:
        self.angle = max(10.0, min(75.0, deg))
        self._preview_for = None

    def sling_text(self) -> str:
        t = self.aimed_throw()
        if t is None:
            return ""
        v = math.sqrt(sum(c * c for c in t.velocity))
        return f"{v:.1f} m/s · {self.angle:.0f}°"

    def sling_event(self, e: pygame.event.Event) -> tuple[bool, Throw | None]:
        """A mouse event for the slingshot: (handled, the throw released – None: none)."""
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if self.aim_layout().thrower_zone().collidepoint(e.pos):
                self.press = e.pos
                self.mouse = e.pos
                self._preview_for = None
                return True, None
            return False, None
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            return True, None
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.press is not None:
            self.mouse = e.pos
            t = self.aimed_throw()
            self.press = None
            self.preview = []
            return True, t
        if e.type == pygame.MOUSEWHEEL:
            self.set_angle(self.angle + 2 * e.y)
            return True, None
        return False, None
