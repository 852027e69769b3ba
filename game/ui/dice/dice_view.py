"""Three dice on the felt: pre-rendered faces, a short tumble when rolled, selection for keeping.

The view knows pixels and seconds, not rules: the table scene tells it which dice roll, which
faces they land on and which are kept or out. Each die keeps its place between rolls (a slot),
so a kept die does not jump when the state sorts the faces.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

import pygame

from game.i18n import _
from game.ui.common import theme
from game.ui.dice.table_layout import die_gap, die_size
from game.ui.common.theme import Fonts

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.28, 0.5), (0.28, 0.76), (0.72, 0.24), (0.72, 0.5), (0.72, 0.76)),
}

ROLL_TIME = 0.6  # seconds a die tumbles
LIFT_SCALE = 0.35  # a die at the top of its bounce is drawn this much larger
SHADOW_DRIFT = 26  # … and its shadow lies this many (design) pixels further off


class DieArt:
    """The six faces of a die of one size, drawn once at 3× and scaled down smoothly."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._faces: dict[tuple[int, bool], pygame.Surface] = {}
        self._rot: dict[tuple[int, int, bool, int], pygame.Surface] = {}
        self.shadow = self._shadow()
        self.glow = self._glow()

    def face(self, n: int, dim: bool = False) -> pygame.Surface:
        key = (n, dim)
        if key not in self._faces:
            surf = self._draw(n)
            if dim:
                surf = surf.copy()
                surf.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._faces[key] = surf
        return self._faces[key]

    def turned(self, n: int, angle: float, dim: bool = False, alpha: int = 255) -> pygame.Surface:
        """A face turned by `angle` degrees (cached for dice at rest)."""
        key = (n, int(round(angle)) % 360, dim, alpha)
        surf = self._rot.get(key)
        if surf is None:
            surf = pygame.transform.rotozoom(self.face(n, dim), key[1], 1.0)
            if alpha < 255:
                surf.set_alpha(alpha)
            if len(self._rot) > 400:
                self._rot.clear()
            self._rot[key] = surf
        return surf

    def _draw(self, n: int) -> pygame.Surface:
        k = 3
        d = self.size * k
        surf = pygame.Surface((d, d), pygame.SRCALPHA)
        r = int(d * 0.2)
        body = pygame.Rect(0, 0, d, d)
        pygame.draw.rect(surf, (190, 178, 152), body, border_radius=r)
        top = body.inflate(-int(d * 0.07), -int(d * 0.07)).move(-int(d * 0.015), -int(d * 0.02))
        pygame.draw.rect(surf, (252, 248, 238), top, border_radius=int(r * 0.9))
        # a soft sheen in the upper left
        sheen = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.ellipse(sheen, (255, 255, 255, 70), (int(d * 0.08), int(d * 0.06), int(d * 0.55), int(d * 0.35)))
        surf.blit(sheen, (0, 0))
        pr = int(d * 0.085)
        for fx, fy in PIPS[n]:
            cx, cy = int(fx * d), int(fy * d)
            color = (176, 30, 30) if n == 1 else (28, 24, 22)
            pygame.draw.circle(surf, (150, 140, 120), (cx + 2, cy + 3), pr + 2)
            pygame.draw.circle(surf, color, (cx, cy), pr)
            pygame.draw.circle(surf, (90, 80, 72) if n != 1 else (220, 80, 70), (cx + pr // 4, cy + pr // 4), pr // 2)
        return pygame.transform.smoothscale(surf, (self.size, self.size))

    def _shadow(self) -> pygame.Surface:
        s = self.size
        surf = pygame.Surface((s + 16, s + 16), pygame.SRCALPHA)
        for i in range(8):
            pygame.draw.rect(surf, (0, 0, 0, 14), (i, i, s + 16 - 2 * i, s + 16 - 2 * i), border_radius=int(s * 0.25))
        return surf

    def _glow(self) -> pygame.Surface:
        s = self.size
        pad = 12
        surf = pygame.Surface((s + 2 * pad, s + 2 * pad), pygame.SRCALPHA)
        for i in range(pad):
            a = int(12 + 150 * (i / pad) ** 2)
            pygame.draw.rect(surf, (*theme.BRASS, a), (i, i, s + 2 * (pad - i), s + 2 * (pad - i)), 2, border_radius=int(s * 0.25) + pad - i)
        return surf


@dataclass
class Tumble:
    """One die's flight from the cup to its place."""

    start: pygame.Vector2
    end: pygame.Vector2
    dur: float
    spin: float
    end_angle: float
    final: int
    t: float = 0.0
    ctrl: pygame.Vector2 = field(default_factory=pygame.Vector2)  # the curve bends towards it
    next_face: float = 0.0
    wobble: float = 0.0


@dataclass
class Slot:
    face: int = 1
    kept: bool = False  # chosen to stay for the next roll (Schock: to be put out)
    out: bool = False  # Schock: outside the cup for the rest of the turn
    pos: pygame.Vector2 = field(default_factory=pygame.Vector2)
    offset: pygame.Vector2 = field(default_factory=pygame.Vector2)  # a little disorder at rest
    angle: float = 0.0
    lift: float = 0.0
    stacked: bool = False  # lies on another die (a Türmchen)
    tumble: Tumble | None = None


class DiceView:
    """Three dice: where they rest, how they tumble, how they are drawn and clicked."""

    def __init__(self, sets_aside: bool, seed: int = 0) -> None:
        self.sets_aside = sets_aside
        self.rng = random.Random(seed)
        self.slots = [Slot() for _ in range(3)]
        self.shown = False  # dice lie on the table
        self.finished = False  # they show a finished throw (waiting for the next player)
        self.hover: int | None = None  # the die under the pointer that a click would keep (outlined)
        self.center = pygame.Vector2(0, 0)
        self.size = 76
        self.gap = 14
        self.s = 1.0
        self.zone = pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6)
        self.art = DieArt(self.size)

    # --- geometry --------------------------------------------------------------------------

    def layout(self, center: tuple[int, int], s: float, zone: pygame.Rect | None = None) -> None:
        """Place the row of dice at `center`; dice fly and lie only inside `zone` (the dice area)."""
        new_zone = pygame.Rect(zone) if zone is not None else pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6)
        moved = pygame.Vector2(center) != self.center or s != self.s or new_zone != self.zone
        if moved:
            self.finish_tumbles()  # a flight planned for the old geometry would cross the new one
        self.center = pygame.Vector2(center)
        self.s = s
        self.zone = new_zone
        size = die_size(s)
        if size != self.size:
            self.size = size
            self.art = DieArt(size)
        self.gap = die_gap(s)
        for i, sl in enumerate(self.slots):
            if sl.tumble is None and not sl.stacked:
                sl.pos = self.home(i)

    def row_pos(self, i: int) -> pygame.Vector2:
        return self.center + pygame.Vector2((i - 1) * (self.size + self.gap), 0)

    def out_pos(self, i: int) -> pygame.Vector2:
        return self.center + pygame.Vector2((i - 1) * (self.size + self.gap), self.size * 1.8)

    def out_area(self) -> pygame.Rect:
        """Where dice that are out lie (Schock)."""
        w = 3 * self.size + 2 * self.gap + int(24 * self.s)
        r = pygame.Rect(0, 0, w, int(self.size * 1.25))
        r.center = (int(self.center.x), int(self.center.y + self.size * 1.8))
        return r

    def home(self, i: int) -> pygame.Vector2:
        sl = self.slots[i]
        base = self.out_pos(i) if sl.out else self.row_pos(i)
        if sl.kept and not sl.out:
            base = base + pygame.Vector2(0, -self.size * 0.22)
        return base + sl.offset * self.s

    def extent(self, lift: float, angle: float, glow: bool = False) -> tuple[float, float, float, float]:
        """How far a die drawn with `lift` and `angle` reaches from its centre: left, up, right, down.

        The die image (turned and enlarged while in the air), its shadow (further off the higher
        it flies) and, for a kept die, its glow.
        """
        a = math.radians(angle)
        half = self.size / 2 * (1.0 + LIFT_SCALE * lift) * (abs(math.cos(a)) + abs(math.sin(a)))
        sh = self.art.shadow.get_width() / 2
        off = 4 + lift * SHADOW_DRIFT * self.s
        left = up = max(half, sh - off)
        right = max(half, sh + off)
        down = max(half, sh + off * 1.2)
        if glow:
            g = self.art.glow.get_width() / 2
            left, up, right, down = max(left, g), max(up, g), max(right, g), max(down, g)
        return left, up, right, down

    def footprint(self, i: int) -> pygame.Rect:
        """What die `i` covers as it is drawn now (image, shadow, glow)."""
        sl = self.slots[i]
        left, up, right, down = self.extent(sl.lift, sl.angle, sl.kept and not sl.out)
        x, y = int(sl.pos.x), int(sl.pos.y)
        return pygame.Rect(math.floor(x - left), math.floor(y - up), math.ceil(left + right) + 1, math.ceil(up + down) + 1)

    def _clamp(self, pos: pygame.Vector2, lift: float, angle: float) -> pygame.Vector2:
        """`pos` moved (as little as needed) so that a die drawn there stays inside the dice area."""
        left, up, right, down = self.extent(lift, angle)
        z = self.zone
        x0, x1 = z.left + left + 1, z.right - right - 2
        y0, y1 = z.top + up + 1, z.bottom - down - 2
        x = (x0 + x1) / 2 if x0 > x1 else min(max(pos.x, x0), x1)
        y = (y0 + y1) / 2 if y0 > y1 else min(max(pos.y, y0), y1)
        return pygame.Vector2(x, y)

    def entry(self, toward: tuple[float, float]) -> pygame.Vector2:
        """Where dice thrown from a seat at `toward` come onto the dice area: its edge facing the seat."""
        z = self.zone
        c = pygame.Vector2(z.center)
        d = pygame.Vector2(toward) - c
        left, up, right, down = self.extent(0.0, 45.0)
        hx = max(0.0, z.w / 2 - max(left, right) - 2)
        hy = max(0.0, z.h / 2 - max(up, down) - 2)
        if d.length_squared() == 0:
            return c
        k = min(hx / abs(d.x) if d.x else math.inf, hy / abs(d.y) if d.y else math.inf)
        return c + d * k

    def rect(self, i: int) -> pygame.Rect:
        """The clickable square of die `i` (where it is drawn now)."""
        r = pygame.Rect(0, 0, self.size, self.size)
        r.center = (int(self.slots[i].pos.x), int(self.slots[i].pos.y))
        return r

    def hit(self, pos: tuple[int, int]) -> int | None:
        if not self.shown:
            return None
        for i in sorted(range(3), key=lambda j: -self.slots[j].lift):
            if self.rect(i).inflate(6, 6).collidepoint(pos):
                return i
        return None

    # --- state -----------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return any(sl.tumble is not None for sl in self.slots)

    def faces(self) -> list[int]:
        return [sl.face for sl in self.slots]

    def kept_faces(self) -> tuple[int, ...]:
        """The faces that stay on the table for the next roll: those kept plus those out."""
        return tuple(sl.face for sl in self.slots if sl.kept or sl.out)

    def clear(self) -> None:
        """The dice are back in the cup."""
        self.shown = False
        self.finished = False
        for i, sl in enumerate(self.slots):
            sl.kept = sl.out = sl.stacked = False
            sl.tumble = None
            sl.lift = 0.0
            sl.pos = self.home(i)

    def stop(self) -> None:
        """End every tumble at once (undo, load)."""
        for i, sl in enumerate(self.slots):
            if sl.tumble is not None:
                sl.face = sl.tumble.final
                sl.angle = sl.tumble.end_angle
                sl.tumble = None
            sl.lift = 0.0
            sl.stacked = False
            sl.pos = self.home(i)

    def set_dice(self, faces: Sequence[int], out: Sequence[int] = (), kept: Sequence[int] = (), *, snap: bool = False) -> None:
        """Show `faces` with the dice `out` (a multiset) put out and `kept` kept.

        Dice keep their slots where their faces allow: a slot that shows a face still present
        keeps it (out dice first), the other faces fill the other slots.
        """
        if len(faces) != 3:
            self.clear()
            return
        self.shown = True
        self.finished = False
        left = Counter(faces)
        order = sorted(range(3), key=lambda i: (not self.slots[i].out, not self.slots[i].kept, i))
        new: list[int | None] = [None, None, None]
        for i in order:
            f = self.slots[i].face
            if left[f] > 0:
                new[i] = f
                left[f] -= 1
        rest = sorted(left.elements(), reverse=True)
        changed = [False, False, False]
        for i in range(3):
            if new[i] is None:
                new[i] = rest.pop(0)
                changed[i] = True
        faces_now = [int(f) for f in new if f is not None]
        need_out = Counter(out)
        out_flags = [False, False, False]
        for cond in (
            lambda i: self.slots[i].out,
            lambda i: self.slots[i].kept,
            lambda i: changed[i],
            lambda i: True,
        ):
            for i in range(3):
                if not out_flags[i] and cond(i) and need_out[faces_now[i]] > 0:
                    out_flags[i] = True
                    need_out[faces_now[i]] -= 1
        need_kept = Counter(kept) - Counter(out)
        kept_flags = [False, False, False]
        for cond in (lambda i: self.slots[i].kept, lambda i: True):
            for i in range(3):
                if not out_flags[i] and not kept_flags[i] and cond(i) and need_kept[faces_now[i]] > 0:
                    kept_flags[i] = True
                    need_kept[faces_now[i]] -= 1
        for i, sl in enumerate(self.slots):
            sl.face = faces_now[i]
            sl.out = out_flags[i]
            sl.kept = kept_flags[i] or out_flags[i]
            sl.stacked = False
            if snap:
                sl.tumble = None
                sl.lift = 0.0
                sl.pos = self.home(i)

    def select(self, keep: Sequence[int]) -> None:
        """Mark the dice of `keep` (a multiset, out dice first) as kept; the others not."""
        need = Counter(keep)
        flags = [False, False, False]
        for cond in (lambda i: self.slots[i].out, lambda i: self.slots[i].kept, lambda i: True):
            for i in range(3):
                f = self.slots[i].face
                if not flags[i] and cond(i) and need[f] > 0:
                    flags[i] = True
                    need[f] -= 1
        for i, sl in enumerate(self.slots):
            if not sl.out:
                sl.kept = flags[i]

    def toggle(self, i: int) -> None:
        sl = self.slots[i]
        if not sl.out:
            sl.kept = not sl.kept

    def rolling_slots(self, pending: Sequence[int]) -> list[int]:
        """The slots that go back in the cup when the dice `pending` stay on the table."""
        if not self.shown or self.finished:
            return [0, 1, 2]
        self.select(pending)
        return [i for i, sl in enumerate(self.slots) if not (sl.kept or sl.out)]

    # --- animation -------------------------------------------------------------------------

    def throw(self, indices: Sequence[int], toward: tuple[float, float], finals: Sequence[int] | None, tower: bool = False) -> None:
        """Throw the dice `indices` from the seat at `toward`; they land on `finals` (random faces for a tower).

        They come onto the dice area at its edge facing the seat and fly on a curve to their places,
        never leaving the area. Dice that stay on the table and are kept go out of the cup now when
        the game sets them aside (Schock).
        """
        rng = self.rng
        self.shown = True
        self.finished = False
        if not indices:
            return
        if finals is None:
            finals = [rng.randint(1, 6) for _ in indices]
        resting = [j for j in range(3) if j not in indices]
        if self.sets_aside:
            for j in resting:
                if self.slots[j].kept:
                    self.slots[j].out = True
        for i in indices:
            sl = self.slots[i]
            sl.kept = sl.out = sl.stacked = False
            sl.offset = pygame.Vector2(rng.uniform(-7, 7), rng.uniform(-6, 6))
        for k, i in enumerate(indices):
            sl = self.slots[i]
            end = self.home(i)
            if tower and k == 0:
                # it lands on another die of the roll, else on one lying in the row, else on one out
                in_row = [j for j in resting if not self.slots[j].out]
                base = None
                if len(indices) > 1:
                    base = self.home(indices[1])
                elif in_row or resting:
                    base = self.home((in_row or resting)[0])
                if base is not None:
                    side = 1 if base.x <= self.center.x else -1  # towards the middle of the row
                    end = base + pygame.Vector2(side * self.size * 0.18, -self.size * 0.3)
                    sl.stacked = True
            start = self.entry(toward)
            d = end - start
            across = pygame.Vector2(-d.y, d.x)
            if across.length_squared() > 0:
                across.scale_to_length(1)
            start = self._clamp(start + across * rng.uniform(-0.6, 0.6) * self.size, 0.0, 45.0)
            # the curve bends through a point beside the straight way, as a throw from the cup does
            ctrl = start.lerp(end, rng.uniform(0.45, 0.75)) + across * rng.uniform(-1.2, 1.2) * self.size
            ctrl = self._clamp(ctrl, 0.0, 45.0)
            sl.pos = pygame.Vector2(start)
            sl.tumble = Tumble(
                start=start,
                end=end,
                ctrl=ctrl,
                dur=ROLL_TIME * rng.uniform(0.85, 1.1),
                spin=rng.choice((-1, 1)) * rng.uniform(540, 900),
                end_angle=rng.uniform(-9, 9),
                final=finals[k],
                wobble=rng.uniform(0, math.tau),
            )
            sl.face = rng.randint(1, 6)

    def finish_tumbles(self) -> None:
        """Let every die in the air land at once where it was going."""
        for sl in self.slots:
            tb = sl.tumble
            if tb is not None:
                sl.face = tb.final
                sl.angle = tb.end_angle
                sl.tumble = None
                sl.lift = 0.3 if sl.stacked else 0.0
                sl.pos = pygame.Vector2(tb.end)

    def update(self, dt: float) -> None:
        for i, sl in enumerate(self.slots):
            tb = sl.tumble
            if tb is not None:
                tb.t += dt
                u = min(1.0, tb.t / tb.dur)
                e = 1 - (1 - u) ** 3
                path = tb.start * (1 - e) ** 2 + tb.ctrl * (2 * e * (1 - e)) + tb.end * e**2
                d = tb.end - tb.start
                normal = pygame.Vector2(-d.y, d.x)
                if normal.length_squared() > 0:
                    normal.scale_to_length(1)
                path += normal * math.sin(u * math.pi * 3 + tb.wobble) * (1 - u) * 10 * self.s
                sl.lift = abs(math.sin(u * math.pi * 2.5)) * (1 - u) ** 1.5
                sl.angle = tb.end_angle + tb.spin * (1 - u) ** 2
                sl.pos = self._clamp(path, sl.lift, sl.angle)
                tb.next_face -= dt
                if u < 0.85 and tb.next_face <= 0:
                    sl.face = self.rng.randint(1, 6)
                    tb.next_face = 0.055
                if u >= 0.85:
                    sl.face = tb.final
                if u >= 1.0:
                    sl.tumble = None
                    sl.lift = 0.3 if sl.stacked else 0.0
                    sl.angle = tb.end_angle
                    sl.pos = pygame.Vector2(tb.end)
            elif not sl.stacked:
                target = self.home(i)
                sl.pos += (target - sl.pos) * min(1.0, dt * 14)
                if sl.pos.distance_to(target) < 0.5:
                    sl.pos = target

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, fonts: Fonts, marks: bool = True) -> None:
        """Draw the dice; `marks`: show which are kept (glow and label) – only while the player
        whose dice these are may still change the choice, never while dice fly."""
        if not self.shown:
            return
        marks = marks and not self.finished and not self.animating
        order = sorted(range(3), key=lambda i: (self.slots[i].stacked, self.slots[i].lift))
        for i in order:
            sl = self.slots[i]
            scale = 1.0 + LIFT_SCALE * sl.lift
            dim = self.finished
            if sl.tumble is None and sl.lift == 0.0:
                img = self.art.turned(sl.face, sl.angle, dim)
            else:
                img = pygame.transform.rotozoom(self.art.face(sl.face, dim), sl.angle, scale)
            sh = self.art.shadow
            off = 4 + sl.lift * SHADOW_DRIFT * self.s
            surface.blit(sh, sh.get_rect(center=(int(sl.pos.x + off), int(sl.pos.y + off * 1.2))))
            marked = marks and sl.kept and not sl.out
            if marked:
                g = self.art.glow
                surface.blit(g, g.get_rect(center=(int(sl.pos.x), int(sl.pos.y))))
            surface.blit(img, img.get_rect(center=(int(sl.pos.x), int(sl.pos.y))))
            if marks and i == self.hover and not sl.out:  # a click here keeps (or frees) this die
                ring = self.rect(i).inflate(int(10 * self.s), int(10 * self.s))
                pygame.draw.rect(surface, theme.CHALK_YELLOW, ring, max(2, int(3 * self.s)), border_radius=int(12 * self.s))
            if marked:
                label = fonts.text(self.mark_text(), max(10, int(13 * self.s)), theme.BRASS, "bold")
                surface.blit(label, label.get_rect(midtop=(int(sl.pos.x), int(sl.pos.y + self.size * 0.55))))

    def mark_text(self) -> str:
        return _("put out") if self.sets_aside else _("kept")


    def marked(self, marks: bool = True) -> list[int]:
        """The dice `draw` labels as kept (for tests and the caption)."""
        if not (self.shown and marks and not self.finished and not self.animating):
            return []
        return [i for i, sl in enumerate(self.slots) if sl.kept and not sl.out]
