"""Big animated call-out banners ("Horrido!", "Kröger!" – "Hallo!", "Türmchen!") and short toasts."""
from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

from game.i18n import _, tr

import pygame

from game.rules.ruling import Ruling, What
from game.ui.common import theme
from game.ui.common.sound import sounds
from game.ui.common.theme import Fonts

STYLES: dict[str, tuple[theme.Color, theme.Color]] = {  # ribbon, text
    "call": (theme.RED, theme.CREAM),
    "reply": ((40, 90, 150), theme.CREAM),
    "tower": (theme.BRASS_DARK, theme.CREAM),
    "loss": (theme.RED_DARK, theme.CHALK_YELLOW),
    "info": ((40, 70, 50), theme.CREAM),
}


def callout_words(ruling: Ruling) -> list[str]:
    """The words a call-out ruling asks the table to shout, in order ("Kröger!", "Hallo!")."""
    return list(ruling.words)


@dataclass
class Banner:
    text: str
    sub: str = ""
    style: str = "call"
    dur: float = 1.6
    t: float = 0.0
    image: pygame.Surface | None = None


class Banners:
    """A queue of banners, shown one after the other in the middle of the table."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.queue: deque[Banner] = deque()
        self.s = 1.0
        self.shown: list[str] = []  # every banner text shown so far (tests, debugging)

    def push(self, text: str, sub: str = "", style: str = "call", dur: float = 1.6) -> None:
        self.queue.append(Banner(text, sub, style, dur))
        self.shown.append(text)

    def push_ruling(self, r: Ruling) -> None:
        """Banners for a ruling: the words of a call-out; a lost half, game, stroke or Schuss."""
        if r.what is What.CALL:
            sounds().play("call_out")
            words = callout_words(r) or [tr(r.arithmetic)]
            for k, w in enumerate(words):
                self.push(w, r.who if k == 0 else _("all present"), "call" if k == 0 else "reply", 1.5 if k == 0 else 1.2)
        elif r.what is What.STROKE:
            self.push(_("A stroke for {who}").format(who=r.who), _("the game is lost"), "loss", 1.8)
        elif r.what is What.SCHUSS:
            self.push(f"Schuss! {r.who}", _("holds all the mats"), "loss", 1.8)
        elif r.what is What.LOSS:
            final = "loses the final" in r.arithmetic  # schock.game: the LOSS ruling says which part was lost
            text = _("{who} loses the final") if final else _("{who} loses the half")
            self.push(text.format(who=r.who), "", "loss", 1.5)


    def clear(self) -> None:
        self.queue.clear()

    @property
    def active(self) -> bool:
        return bool(self.queue)

    def update(self, dt: float) -> None:
        if self.queue:
            b = self.queue[0]
            b.t += dt
            if b.t >= b.dur:
                self.queue.popleft()

    def _render(self, b: Banner) -> pygame.Surface:
        s = self.s
        ribbon_c, text_c = STYLES.get(b.style, STYLES["info"])
        big = len(b.text) <= 14
        size = int((92 if big else 56) * s)
        f = self.fonts
        main = f.text(b.text, size, text_c, "serif")
        outline = f.text(b.text, size, (30, 16, 10), "serif")
        sub = f.text(b.sub, int(22 * s), theme.CREAM, "bold") if b.sub else None
        w = main.get_width() + int(120 * s)
        h = main.get_height() + (sub.get_height() if sub else 0) + int(26 * s)
        notch = int(34 * s)
        surf = pygame.Surface((w + 2 * notch, h + 12), pygame.SRCALPHA)
        # ribbon ends (folded behind) and body
        dark = tuple(max(0, c - 60) for c in ribbon_c[:3])
        left = [(0, 10), (notch + 10, 10), (notch + 10, h + 10), (0, h + 10), (notch // 2, h // 2 + 10)]
        right = [(w + 2 * notch, 10), (w + notch - 10, 10), (w + notch - 10, h + 10), (w + 2 * notch, h + 10), (w + 2 * notch - notch // 2, h // 2 + 10)]
        pygame.draw.polygon(surf, dark, left)
        pygame.draw.polygon(surf, dark, right)
        body = pygame.Rect(notch, 0, w, h)
        pygame.draw.rect(surf, (0, 0, 0, 90), body.move(5, 8), border_radius=6)
        pygame.draw.rect(surf, ribbon_c, body, border_radius=6)
        pygame.draw.rect(surf, theme.BRASS, body.inflate(-10, -10), 2, border_radius=4)
        tx = body.centerx - main.get_width() // 2
        ty = body.y + int(8 * s)
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (3, 3)):
            surf.blit(outline, (tx + dx, ty + dy))
        surf.blit(main, (tx, ty))
        if sub is not None:
            surf.blit(sub, (body.centerx - sub.get_width() // 2, ty + main.get_height() - int(4 * s)))
        return surf

    def size(self) -> tuple[int, int] | None:
        """The size of the banner showing now (at full size), or None."""
        if not self.queue:
            return None
        b = self.queue[0]
        if b.image is None:
            b.image = self._render(b)
        return b.image.get_size()

    def draw(self, surface: pygame.Surface, center: tuple[int, int], alpha: float = 1.0) -> pygame.Rect | None:
        """The banner showing now, centred on `center`; `alpha` < 1 fades it (the pointer is busy under
        it). Returns where it was drawn."""
        if not self.queue:
            return None
        b = self.queue[0]
        if b.image is None:
            b.image = self._render(b)
        t = b.t
        grow = min(1.0, t / 0.35)
        c1, c3 = 1.70158, 2.70158
        scale = 1 + c3 * (grow - 1) ** 3 + c1 * (grow - 1) ** 2  # ease-out-back
        room = surface.get_rect().inflate(-8, -8)
        angle = 4 * math.sin(t * 9) * max(0.0, 1 - t / b.dur) - 2
        turned = math.cos(math.radians(abs(angle))) * b.image.get_width() + math.sin(math.radians(abs(angle))) * b.image.get_height()
        scale = max(0.05, min(scale, room.w / turned))  # a long call-out in a small window: never past its edges
        img = pygame.transform.rotozoom(b.image, angle, scale)
        fade = min(1.0, (b.dur - t) / 0.3) * max(0.0, min(1.0, alpha))
        if fade < 1.0:
            img.set_alpha(max(0, int(255 * fade)))
        at = img.get_rect(center=center)
        return surface.blit(img, at.clamp(room) if at.w <= room.w and at.h <= room.h else at)


class Toast:
    """A short message at the bottom of the table (an illegal click, "saved")."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.text = ""
        self.t = 0.0
        self.kind = "info"
        self.history: list[str] = []
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()

    def show(self, text: str, kind: str = "info", seconds: float = 3.5) -> None:
        self.text = text
        self.t = seconds
        self.kind = kind
        self.history.append(text)

    def dismiss(self, kind: str) -> None:
        """Take the message away now if it is of `kind`."""
        if self.kind == kind:
            self.t = 0.0

    def update(self, dt: float) -> None:
        self.t = max(0.0, self.t - dt)

    def draw(self, surface: pygame.Surface, midbottom: tuple[int, int], s: float, max_width: int) -> None:
        if self.t <= 0 or not self.text:
            return
        key = (self.text, self.kind, s, max_width)
        if self._image is None or self._key != key:  # rendered once per message, not every frame
            self._image, self._key = self._render(s, max_width), key
        img = self._image
        img.set_alpha(int(255 * min(1.0, self.t / 0.4)))
        surface.blit(img, img.get_rect(midbottom=midbottom))

    def _render(self, s: float, max_width: int) -> pygame.Surface:
        color = theme.CHALK_RED if self.kind == "error" else theme.CREAM
        lines = self.fonts.wrap(self.text, int(17 * s), max_width - 40, "bold")
        imgs = [self.fonts.text(line, int(17 * s), color, "bold") for line in lines]
        w = max(i.get_width() for i in imgs) + int(36 * s)
        h = sum(i.get_height() for i in imgs) + int(16 * s)
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (20, 12, 8, 230), box.get_rect(), border_radius=10)
        pygame.draw.rect(box, (*(theme.CHALK_RED if self.kind == "error" else theme.BRASS), 230), box.get_rect(), 2, border_radius=10)
        y = int(8 * s)
        for img in imgs:
            box.blit(img, ((w - img.get_width()) // 2, y))
            y += img.get_height()
        return box
