"""What the Bierpong match scene draws over the table: the feed's rulings (struck through when a
challenge overrode them), the scoreboard, the teams, the removal marks and the buttons."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from game.bierpong.state import REMOVE, BierpongState
from game.i18n import _
from game.ui.common import theme
from game.ui.pong.pong_view import FeedHead, PongFrame, PongLayout
from game.ui.common.theme import Fonts
from physics.constants import CONST

OVERRIDE_MARK = "» "  # the feed line of an override starts with it
__all__ = ["OVERRIDE_MARK", "Button", "FeedHead", "StruckLine", "draw_board", "draw_removal", "strike_feed"]


class StruckLine(tuple[str, str]):
    """A feed line of a ruling a challenge overrode: drawn dimmed with a line through it."""

    __slots__ = ()


@dataclass
class Button:
    """A plain clickable label in the scene's bar (no pygame_gui: the table keeps its own events)."""

    text: str
    action: Callable[[], None]
    key: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def strike_feed(surface: pygame.Surface, layout: PongLayout, fonts: Fonts, fr: PongFrame) -> list[pygame.Rect]:
    """Dim the feed's `StruckLine`s and draw a line through them (the rows as `PongView` lays the
    feed out); returns the struck text rectangles."""
    L = layout
    s = L.s
    r = L.feed
    pad = int(10 * s)
    y = r.top + pad + int(28 * s)
    line_h = int(19 * s)
    room = max(0, (r.bottom - (len(fr.keys) * int(17 * s) + pad) - y - pad) // line_h)
    font = fonts.at(int(15 * s))
    out = []
    for k, line in enumerate(list(fr.feed)[-room:] if room else []):
        if isinstance(line, StruckLine) and line[1]:
            w, h = font.size(line[1])
            box = pygame.Rect(r.left + pad + int(58 * s), y + k * line_h, w, h)
            veil = pygame.Surface(box.inflate(4, 0).size, pygame.SRCALPHA)
            veil.fill((30, 36, 36, 130))
            surface.blit(veil, box.inflate(4, 0))
            pygame.draw.line(surface, theme.CHALK_RED, (box.x - 2, box.centery + 1), (box.right + 2, box.centery + 1), max(1, int(2 * s)))
            out.append(box)
    return out


def draw_removal(surface: pygame.Surface, layout: PongLayout, st: BierpongState, selected: Sequence[int],
                 eligible: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    """The removal: the hit cup ringed, the eligible extras glowing, the chosen ones ticked."""
    if st.phase != REMOVE:
        return
    L = layout
    s = L.s
    r = max(6, int(CONST.cup_rim_radius * L.k) + int(3 * s))
    near, rest = eligible
    chosen_near = [x for x in selected if x in near]
    for c in st.defender.rack.cups:
        p = L.to_top(c.x, c.y)
        if c.id == st.queue[0].cup:
            pygame.draw.circle(surface, theme.AMBER, p, r, max(2, int(4 * s)))
        elif c.id in selected:
            pygame.draw.circle(surface, (120, 255, 140), p, r, max(2, int(4 * s)))
        elif c.id in near or (c.id in rest and len(chosen_near) == len(near)):
            pygame.draw.circle(surface, theme.CHALK_BLUE, p, r, max(1, int(2 * s)))


def draw_board(surface: pygame.Surface, layout: PongLayout, fonts: Fonts, st: BierpongState, status: str, bots: Sequence[bool],
               final: str | None, buttons: list[Button], preview_on: bool) -> list[pygame.Rect]:
    """The scoreboard over the side view, the teams, the final standing, then the buttons (their
    rectangles are set here, for the clicks). Returns where its lines of text went."""
    L = layout
    s = L.s
    f = fonts
    sd = L.side
    back = pygame.Surface((sd.w - int(12 * s), int((98 if final else 78) * s)), pygame.SRCALPHA)
    back.fill((18, 22, 24, 170))
    surface.blit(back, (sd.left + int(4 * s), sd.top + int(18 * s)))
    room = sd.w - int(16 * s)
    size = next((z for z in (17, 15, 13) if f.width(status, int(z * s), "bold") <= room), 13)  # the headline fits (Konter …)
    board = f.shadowed(f.fit(status, int(size * s), room, "bold"), int(size * s), theme.CHALK_YELLOW, "bold")
    lines = [surface.blit(board, (sd.left + int(8 * s), sd.top + int(22 * s)))]
    y = sd.top + int(22 * s) + board.get_height() + int(4 * s)
    x = sd.left + int(8 * s)
    for i, side in enumerate(st.sides):
        who = ", ".join(side.members)
        team = _("{team} (bots)").format(team=side.name) if bots[i] else side.name
        dead = " · " + _("Dead Cups {cups}").format(cups=", ".join(map(str, sorted(side.dead)))) if side.dead else ""
        text = _("{team}: {members} – cups {cups}").format(team=team, members=who, cups=" ".join(map(str, side.rack.ids)) or _("none"))
        line = f.text(f.fit(text + dead, int(14 * s), room), int(14 * s), theme.CHALK)
        lines.append(surface.blit(line, (x, y)))
        y += line.get_height() + int(2 * s)
    if final:
        line = f.text(f.fit(final, int(14 * s), room), int(14 * s), theme.CHALK_YELLOW)
        lines.append(surface.blit(line, (x, y)))
        y += line.get_height() + int(2 * s)
    bx, by = x, y + int(6 * s)
    for b in buttons:
        label = f"{b.text}" + (f"  [{b.key}]" if b.key else "")
        t = f.text(label, int(15 * s), theme.INK, "bold")
        rect = t.get_rect(topleft=(bx + int(8 * s), by + int(5 * s))).inflate(int(16 * s), int(10 * s))
        if rect.right > sd.right:
            bx, by = x, by + rect.height + int(6 * s)
            rect.topleft = (bx, by)
        pygame.draw.rect(surface, theme.CREAM, rect, border_radius=int(6 * s))
        pygame.draw.rect(surface, theme.BRASS_DARK, rect, 2, border_radius=int(6 * s))
        surface.blit(t, t.get_rect(center=rect.center))
        b.rect = rect
        bx = rect.right + int(8 * s)
    if preview_on:
        aim = f.text(_("aim preview on (A)"), int(13 * s), theme.CHALK_BLUE, "italic")
        surface.blit(aim, (sd.right - max(int(140 * s), aim.get_width() + int(8 * s)), sd.bottom - int(20 * s)))
    return lines
