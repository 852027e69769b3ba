"""The removal close up: before their cups come off, the owners see their own rack big,
as they stand at their end of the table – the hit cup, the cups that may go with it (bierpong.art3:
the adjacent ones first) as large cups to click, the ones chosen, and in words what to do.

The referee decides which cups may go: `removal_choices` reads the state's legal actions in the
REMOVE phase (each `Remove` a choice of extra cups, a `Leave` when the hit cup may stay); this module
only draws them and says which cup a click met. The scene (`bierpong_match`) turns clicks into
requests.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame
import pygame.gfxdraw

from game.bierpong.actions import Leave, Remove
from game.bierpong.state import REMOVE, BierpongState
from game.i18n import _, tr
from game.ui.common import theme
from game.ui.pong.pong_hud import Button
from game.ui.pong.pong_view import BEER, CUP_DARK, RIM, Dims

CHOSEN = (120, 235, 140)  # a cup chosen to go too
MAY = theme.CHALK_BLUE  # a cup that may go too
MAX_RIM = 58  # px (× the layout's scale): the largest a cup is drawn


@dataclass(frozen=True)
class Choices:
    """What the referee allows now: the hit cup that goes, how many more go with it and which sets
    of them may, whether it may stay standing, and the hit cups that go after it."""

    team: str
    cup: int
    need: int
    sets: tuple[frozenset[int], ...]
    leave: bool
    later: tuple[int, ...]
    rule: str
    arithmetic: str

    def may_add(self, selected: Sequence[int], cup: int) -> bool:
        """`cup` may be chosen beside `selected` (some legal removal takes them all)."""
        want = {*selected, cup}
        return any(want <= s for s in self.sets)

    def complete(self, selected: Sequence[int]) -> bool:
        return frozenset(selected) in self.sets and len(selected) == self.need


def removal_choices(st: BierpongState) -> Choices | None:
    """The removal to make now, read from the state's legal actions (None: no removal now)."""
    if st.phase != REMOVE or not st.queue:
        return None
    item = st.queue[0]
    legal = st.legal_actions()
    sets = tuple(frozenset(a.cups[1:]) for a in legal if isinstance(a, Remove) and a.cups[:1] == (item.cup,))
    return Choices(st.defender.name, item.cup, max((len(s) for s in sets), default=0), sets,
                   any(isinstance(a, Leave) for a in legal), tuple(r.cup for r in st.queue[1:]),
                   item.rule.removeprefix("bierpong."), item.arithmetic)


def instructions(ch: Choices, selected: Sequence[int]) -> str:
    """What the owners do now, in words."""
    if ch.need == 0:
        text = _("Cup {cup} was hit: click it (or press Enter) to take it off.").format(cup=ch.cup)
        if ch.leave:
            text += " " + _("Or leave it standing as a Dead Cup: if it is hit again, the hitters win at once ({rule}).").format(rule="art18")
    else:
        if ch.need == 1:
            text = _("Cup {cup} goes, and one more cup with it ({rule}).").format(cup=ch.cup, rule=ch.rule) + " "
        else:
            text = _("Cup {cup} goes, and {n} more cups with it ({rule}).").format(cup=ch.cup, n=ch.need, rule=ch.rule) + " "
        left = ch.need - len(selected)
        if left == 1:
            text += _("Click one of the cups ringed in blue – the neighbours of cup {cup} come first ({rule}).").format(cup=ch.cup, rule="art3")
        elif left > 1:
            text += _("Click {n} of the cups ringed in blue – the neighbours of cup {cup} come first ({rule}).").format(
                n=left, cup=ch.cup, rule="art3")
        else:
            text += _("Click cup {cup} or Remove (Enter) to take them off; a click on a chosen cup takes it back.").format(cup=ch.cup)
    if ch.later:
        cups = ", ".join(map(str, ch.later))
        text += " " + (_("Then cup {cups}: hit as well.").format(cups=cups) if len(ch.later) == 1 else
                       _("Then cups {cups}: hit as well.").format(cups=cups))
    return text


class RemovalCard:
    """The owners' rack close up over the table, with the words and the buttons; where each cup went."""

    def __init__(self, fonts: theme.Fonts, dims: Dims) -> None:
        self.fonts = fonts
        self.dims = dims
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.cups: dict[int, tuple[int, int, int]] = {}  # id: (x, y, radius) on the screen

    def cup_at(self, pos: tuple[int, int]) -> int | None:
        """The cup under `pos` (within its rim, a little more), or None."""
        best = None
        for cid, (x, y, r) in self.cups.items():
            d2 = (pos[0] - x) ** 2 + (pos[1] - y) ** 2
            if d2 <= (r * 1.08) ** 2 and (best is None or d2 < best[0]):
                best = (d2, cid)
        return best[1] if best else None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, s: float, st: BierpongState, ch: Choices,
             selected: Sequence[int], buttons: Sequence[Button], score: str = "", note: str = "") -> None:
        """The card inside `area` (the table's picture, veiled); `buttons` laid out along its foot."""
        f = self.fonts
        self.panel = panel = card_panel(surface, area, s, theme.AMBER, veil=215)
        pad = int(16 * s)
        inner = panel.w - 2 * pad
        x, y = panel.left + pad, panel.top + int(10 * s)
        if score:
            surface.blit(f.text(f.fit(score, int(13 * s), inner), int(13 * s), theme.CHALK_DIM), (x, y))
            y += int(20 * s)
        title = _("{team}: remove your cups").format(team=ch.team)
        surface.blit(f.shadowed(f.fit(title, int(26 * s), inner, "serif"), int(26 * s), theme.CREAM, "serif"), (x, y))
        y += int(36 * s)
        why = f"{tr(ch.arithmetic)} ({ch.rule})"
        surface.blit(f.text(f.fit(why, int(17 * s), inner, "bold"), int(17 * s), theme.CHALK_YELLOW, "bold"), (x, y))
        y += int(26 * s)
        for line in f.wrap(instructions(ch, selected), int(16 * s), inner)[:4]:
            surface.blit(f.text(line, int(16 * s), theme.CHALK), (x, y))
            y += int(21 * s)
        # the foot: the buttons, the note (a refusal, a hint), the legend
        bh = int(36 * s)
        foot = panel.bottom - pad - bh
        self._buttons(surface, s, buttons, x, foot, panel.right - pad, ch.complete(selected) or ch.need == 0)
        legend_y = foot - int(24 * s)
        if note:
            nt = f.text(f.fit(note, int(14 * s), inner), int(14 * s), theme.CHALK_RED)
            surface.blit(nt, (x, legend_y))
            legend_y -= int(22 * s)
        self._legend(surface, s, ch, x, legend_y)
        rack = pygame.Rect(x, y + int(6 * s), inner, legend_y - y - int(34 * s))
        self._rack(surface, s, st, ch, selected, rack)

    def _buttons(self, surface: pygame.Surface, s: float, buttons: Sequence[Button], x: int, y: int, right: int, ready: bool) -> None:
        f = self.fonts
        for i, b in enumerate(buttons):
            label = b.text + (f"  [{b.key}]" if b.key else "")
            size = int(17 * s)
            room = right - x - int(24 * s)
            t = f.text(f.fit(label, size, room, "bold"), size, theme.INK, "bold")
            rect = pygame.Rect(x, y, t.get_width() + int(24 * s), int(36 * s))
            live = ready or i > 0  # the Remove button waits for the choice; Leave is ready at once
            pygame.draw.rect(surface, theme.CREAM if live else theme.MUTED, rect, border_radius=int(7 * s))
            first = live and i == 0  # the Remove button, ready: the one to press
            pygame.draw.rect(surface, theme.AMBER if first else theme.BRASS_DARK, rect, 3 if first else 2, border_radius=int(7 * s))
            if not live:
                t.set_alpha(150)
            surface.blit(t, t.get_rect(center=rect.center))
            b.rect = rect
            x = rect.right + int(12 * s)

    def _legend(self, surface: pygame.Surface, s: float, ch: Choices, x: int, y: int) -> None:
        f = self.fonts
        items = [(theme.AMBER, _("hit: goes"))]
        if ch.need:
            items += [(MAY, _("may go too: click")), (CHOSEN, _("chosen"))]
        r = max(4, int(6 * s))
        for colour, word in items:
            pygame.draw.circle(surface, colour, (x + r, y + int(9 * s)), r, max(2, int(3 * s)))
            t = f.text(word, int(14 * s), theme.CHALK)
            surface.blit(t, (x + 2 * r + int(6 * s), y))
            x += 2 * r + int(6 * s) + t.get_width() + int(22 * s)

    def _rack(self, surface: pygame.Surface, s: float, st: BierpongState, ch: Choices, selected: Sequence[int], area: pygame.Rect) -> None:
        """The rack from its owners' end: their end of the table at the foot, the far end up, their
        right hand to the right (+y in the table's world; x grows towards them)."""
        f = self.fonts
        cups = st.defender.rack.cups
        self.cups = {}
        if not cups or area.h <= 10 or area.w <= 10:
            return
        k, mx, my, R = rack_fit(cups, area, self.dims.rim_r, s)
        xs = [c.x for c in cups]
        edge = area.centery + int((max(xs) - mx) * k) + R + int(10 * s)  # the owners' end of the table
        pygame.draw.line(surface, RIM, (area.left + int(area.w * 0.15), edge), (area.right - int(area.w * 0.15), edge), max(2, int(3 * s)))
        cap = f.text(_("your end of the table"), int(13 * s), theme.CHALK_DIM, "italic")
        surface.blit(cap, cap.get_rect(midtop=(area.centerx, edge + int(4 * s))))
        for c in cups:
            px, py = area.centerx + int((c.y - my) * k), area.centery + int((c.x - mx) * k)
            self.cups[c.id] = (px, py, R)
            hit, later, chosen = c.id == ch.cup, c.id in ch.later, c.id in selected
            may = not hit and not chosen and ch.may_add(selected, c.id)
            pygame.gfxdraw.filled_circle(surface, px + R // 10, py + R // 8, R, (0, 0, 0, 90))
            pygame.gfxdraw.filled_circle(surface, px, py, R, CUP_DARK)
            pygame.gfxdraw.filled_circle(surface, px, py, int(R * 0.8), BEER)
            pygame.draw.circle(surface, RIM, (px, py), R, max(2, R // 7))
            if not (hit or later or chosen or may):  # stays: dimmed
                pygame.gfxdraw.filled_circle(surface, px, py, R + 1, (20, 20, 24, 150))
            ring = theme.AMBER if hit or later else CHOSEN if chosen else MAY if may else None
            if ring is not None:
                w = max(3, int((5 if hit or chosen or may else 3) * s))
                pygame.draw.circle(surface, ring, (px, py), R + w // 2 + int(2 * s), w)
            num = f.shadowed(str(c.id), max(12, int(R * 0.8)), theme.CREAM, "bold")
            tag = _("hit") if hit else _("next") if later else _("chosen") if chosen else ""
            ny = py - (int(R * 0.18) if tag else 0)
            surface.blit(num, num.get_rect(center=(px, ny)))
            if tag:  # on a dark pill, readable over the rim
                size = max(10, int(R * 0.32))
                t = f.text(f.fit(tag, size, int(R * 2.0), "bold"), size, theme.CREAM, "bold")
                box = t.get_rect(midtop=(px, ny + num.get_height() // 2 - int(2 * s)))
                theme.rounded_panel(surface, box.inflate(int(8 * s), int(2 * s)), (20, 20, 24, 200), None, int(5 * s))
                surface.blit(t, box)


class RemovalPicker:
    """The scene's side of a removal (a mixin for `bierpong_match.BierpongMatchScene`): the choices
    now, the cups clicked, the close-up shown to the owners at this keyboard, the request."""

    session: Any
    selected: list[int]
    toast: str
    card: RemovalCard
    replaying: bool
    shown: Any
    _choices: tuple[object, Choices | None]
    watching: Callable[[], bool]
    _here: Callable[[int], bool]
    ask: Callable[[int | str, Any], bool]

    @property
    def state(self) -> BierpongState:
        return self.session.state  # type: ignore[no-any-return]

    def removal(self) -> Choices | None:
        """The removal to make now, as the referee allows it (`removal_choices`)."""
        st = self.state
        if self._choices[0] is not st:
            self._choices = (st, removal_choices(st))
        return self._choices[1]

    def eligible(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The cups that may go as extras now, beside those chosen (the table view's rings)."""
        ch = self.removal()
        if ch is None:
            return (), ()
        return tuple(sorted({c for cs in ch.sets for c in cs if c not in self.selected and ch.may_add(self.selected, c)})), ()

    def removal_need(self) -> int:
        ch = self.removal()
        return ch.need if ch is not None else 0

    def removal_cups(self) -> tuple[int, ...]:
        ch = self.removal()
        return (ch.cup, *self.selected) if ch is not None else ()

    def card_shown(self) -> bool:
        """The owners' rack close up: a removal is due and the owners play at this keyboard."""
        st = self.state
        return (st.phase == REMOVE and not self.replaying and self.shown is None and not self.watching()
                and not self.session.is_bot(st.target_side()) and self._here(st.target_side()))

    def remove_selected(self) -> None:
        ch = self.removal()
        if ch is None:
            return
        if not ch.complete(self.selected) and ch.need:
            n = ch.need - len(self.selected)
            self.toast = (_("choose {n} extra cup – {arithmetic}") if n == 1 else _("choose {n} extra cups – {arithmetic}")).format(
                n=n, arithmetic=tr(ch.arithmetic))
            return
        self.ask(ch.team, Remove(ch.team, self.removal_cups()))

    def click_cup(self, pos: tuple[int, int]) -> bool:
        """A click in the removal close-up: the hit cup removes (once the extras are chosen), an
        extra cup is chosen or unchosen; a cup that may not go says why."""
        ch = self.removal()
        if ch is None or not self.card_shown():
            return False
        cup = self.card.cup_at(pos)
        if cup is None:
            return self.card.panel.collidepoint(pos)  # (the card takes the click: no throw from under it)
        if cup == ch.cup:
            self.remove_selected()
        elif cup in self.selected:
            self.selected.remove(cup)
        elif ch.may_add(self.selected, cup):
            self.selected.append(cup)
        elif len(self.selected) >= ch.need:
            self.toast = _("enough cups chosen – Enter removes them")
        elif cup in ch.later:
            self.toast = _("cup {n} was hit too: it goes next").format(n=cup)
        else:
            near = sorted({c for cs in ch.sets for c in cs})
            self.toast = _("cup {n} may not go yet: the adjacent cups first ({cups}) ({rule})").format(
                n=cup, cups=", ".join(map(str, near)), rule="bierpong.art3")
        return True


__all__ = ["Choices", "RemovalCard", "RemovalPicker", "instructions", "removal_choices"]


def rack_fit(cups: Sequence[Any], area: pygame.Rect, rim: float, s: float) -> tuple[float, float, float, int]:
    """A rack drawn close up inside `area`, the table's length across: the scale (px per mm), the rack's
    middle (x, y in mm) and a cup's radius in px – no larger than `MAX_RIM` × the layout's scale."""
    xs, ys = [c.x for c in cups], [c.y for c in cups]
    span_x, span_y = max(xs) - min(xs) + 2 * rim, max(ys) - min(ys) + 2 * rim
    k = min(area.w / span_y, area.h / span_x, MAX_RIM * s / rim)
    return k, (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2, max(6, int(rim * k))


def card_panel(surface: pygame.Surface, area: pygame.Rect, s: float, border: tuple[int, int, int], *, veil: int) -> pygame.Rect:
    """A card over the table's picture: `area` veiled (`veil`: its alpha), a panel inside it (at most
    980 px at scale 1, centred) with a `border`-coloured rim; the panel's rect."""
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((8, 8, 10, veil))
    surface.blit(shade, area.topleft)
    m = int(12 * s)
    panel = area.inflate(-2 * m, -2 * m)
    if panel.w > int(980 * s):
        panel.w = int(980 * s)
        panel.centerx = area.centerx
    theme.rounded_panel(surface, panel, (26, 28, 32), border, int(12 * s), 2)
    return panel
