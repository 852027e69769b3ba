"""Bierpong at a real table (issue 32, `docs/real-table.md`): no ball flies on the screen; after each
real throw one card over the table says what the ball did – the rack thrown at close up (click the cup
it went in; with Roller, the cups it touched in order, the last the cup it went in), Miss, Air ball,
Rolled back, and the flags Bounce, Roller, swatted by X, caught by X, fetched – and the notation line
it makes (`Ann: bounce 3`, `Cem swats Ann`, `Dana catches Ann`, `Ann fetches`), sent with
`Session.enter`. The referee rules the rest (Bombe, Island, balls back, Dead Cups, Konter, on fire,
the drinks); the owners remove their cups on the removal card as in any match. A refusal (a cup
already gone, a roller over a cup not there) stays on the card with its reason; nothing is logged.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame
import pygame.gfxdraw

from game.bierpong.actions import Catch, Fetch, Swat, Throw, ThrowoffBall
from game.bierpong.outcome import Outcome
from game.bierpong.state import KONTER, PLAY, THROWOFF, BierpongState
from game.i18n import _
from game.ui.common import theme
from game.ui.pong.pong_hud import Button
from game.ui.pong.pong_removal import CHOSEN, MAX_RIM
from game.ui.pong.pong_view import BEER, CUP_DARK, RIM

HIT, MISS, AIR, BACK = "hit", "miss", "air", "back"


@dataclass
class ThrowEntry:
    """What the card holds: the ball's result, the cups clicked, the flags, who swatted or caught."""

    kind: str = HIT
    cups: list[int] = field(default_factory=list)  # the cup it went in (last), with Roller the cups touched before
    bounce: bool = False
    roller: bool = False
    by: str = ""  # swatted by (a bounced hit), caught by (an air ball)
    fetched: bool = False
    error: str = ""
    asked: tuple[int, str] = (-1, "")  # (entries, thrower) the card was last cleared for
    buttons: list[Button] = field(default_factory=list)
    cup_spots: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    panel: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def clear(self) -> None:
        self.kind, self.cups, self.bounce, self.roller, self.by, self.fetched, self.error = HIT, [], False, False, "", False, ""


def entry_open(sc: Any) -> bool:
    """The card shows: a real table, a ball to throw by a team playing at this keyboard."""
    st: BierpongState = sc.state
    s = sc.session
    return (s.real_table() and not s.over() and st.phase in (PLAY, KONTER, THROWOFF) and not sc.replaying
            and sc.shown is None and not sc.watching() and sc.modal is None and s.thrower() is not None
            and sc._here(st.throwing_team()))


def lines(sc: Any, e: ThrowEntry) -> list[str]:
    """The notation lines the card makes now (empty: not complete – no cup clicked for a hit)."""
    who = sc.session.thrower()
    st: BierpongState = sc.state
    if who is None:
        return []
    if e.kind == HIT:
        if not e.cups or (e.roller and len(e.cups) < 2):
            return []
        out = Outcome(cup=e.cups[-1], bounced=e.bounce, touched=tuple(e.cups) if e.roller else ())
    else:
        out = Outcome(air=e.kind == AIR, back=e.kind == BACK)
    if st.phase == THROWOFF:
        return [str(ThrowoffBall(who, out))]
    if e.kind == HIT and e.bounce and e.by:
        return [str(Swat(e.by, who))]
    first = str(Throw(who, out))
    if e.kind == AIR and e.by:
        return [first, str(Catch(e.by, who))]
    if e.kind == BACK and e.fetched:
        return [first, str(Fetch(who))]
    return [first]


def send(sc: Any) -> bool:
    """Enter the card's lines, one by one (a refusal stops there, its reason on the card)."""
    e: ThrowEntry = sc.entry
    said = lines(sc, e)
    if not said:
        e.error = _("click the cup the ball went in – or Miss, Air ball, Rolled back") if e.kind == HIT else ""
        return False
    for line in said:
        refusal = sc.session.enter(sc.session.to_act(), line)
        if refusal is not None:
            e.error = str(refusal)
            sc.toast = e.error
            return False
    e.clear()
    return True


def refresh(sc: Any) -> None:
    e: ThrowEntry = sc.entry
    now = (len(sc.match.log.entries), sc.session.thrower() or "")
    if now != e.asked:
        e.asked = now
        e.clear()


def _set(e: ThrowEntry, **kw: Any) -> Callable[[], None]:
    def go() -> None:
        for k, v in kw.items():
            setattr(e, k, v)
        e.error = ""
    return go


def _pick(session: Any, i: int) -> Callable[[], None]:
    def go() -> None:
        session.pick = i
    return go


def buttons(sc: Any) -> list[Button]:
    """The card's buttons now: who threw, the result, the flags, who swatted or caught, Enter."""
    e: ThrowEntry = sc.entry
    st: BierpongState = sc.state
    s = sc.session
    out: list[Button] = []
    ts = st.throwers() if st.phase != THROWOFF else ()
    if len(ts) > 1:
        for i, p in enumerate(ts):
            out.append(Button(("✓ " if p == s.thrower() else "") + _("{name} threw").format(name=p), _pick(s, i)))
    mark = "✓ "
    out += [Button((mark if e.kind == MISS else "") + _("Miss"), _set(e, kind=MISS, cups=[], by=""), "M"),
            Button((mark if e.kind == AIR else "") + _("Air ball"), _set(e, kind=AIR, cups=[], by=""), ""),
            Button((mark if e.kind == BACK else "") + _("Rolled back"), _set(e, kind=BACK, cups=[], by=""), "")]
    if e.kind == HIT:
        out += [Button((mark if e.bounce else "") + _("Bounce"), _set(e, bounce=not e.bounce, by=""), "B"),
                Button((mark if e.roller else "") + _("Roller"), _set(e, roller=not e.roller, cups=[]), "R")]
    defenders = st.sides[1 - st.throwing_team()].members if st.phase != THROWOFF else ()
    if e.kind == HIT and e.bounce:
        out += [Button((mark if e.by == d else "") + _("swatted by {name}").format(name=d), _set(e, by="" if e.by == d else d)) for d in defenders]
    if e.kind == AIR:
        out += [Button((mark if e.by == d else "") + _("caught by {name}").format(name=d), _set(e, by="" if e.by == d else d)) for d in defenders]
    if e.kind == BACK and st.phase != THROWOFF:
        out.append(Button((mark if e.fetched else "") + _("fetched"), _set(e, fetched=not e.fetched)))
    out.append(Button(_("Enter it"), lambda: None if send(sc) else None, "Enter"))
    return out


def click_cup(e: ThrowEntry, cup: int) -> None:
    """A cup clicked on the card: the cup the ball went in (with Roller: the next cup it touched)."""
    e.kind, e.error = HIT, ""
    if e.roller:
        if cup in e.cups:
            e.cups.remove(cup)
        else:
            e.cups.append(cup)
    else:
        e.cups = [] if e.cups == [cup] else [cup]


def event(sc: Any, ev: pygame.event.Event) -> bool:
    """A click or key for the card while it shows (True: taken – nothing is thrown from under it)."""
    if not entry_open(sc):
        return False
    e: ThrowEntry = sc.entry
    if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
        for b in e.buttons:
            if b.rect.collidepoint(ev.pos):
                b.action()
                return True
        for cid, (x, y, r) in e.cup_spots.items():
            if (ev.pos[0] - x) ** 2 + (ev.pos[1] - y) ** 2 <= (r * 1.08) ** 2:
                click_cup(e, cid)
                return True
        return e.panel.collidepoint(ev.pos)
    if ev.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        return e.panel.collidepoint(ev.pos)
    if ev.type == pygame.KEYDOWN and not ev.mod & pygame.KMOD_CTRL:
        keys = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_m: "M", pygame.K_b: "B", pygame.K_r: "R"}
        hit = next((b for b in buttons(sc) if b.key and b.key == keys.get(ev.key)), None)
        if hit is not None:
            hit.action()
            return True
        if ev.key == pygame.K_BACKSPACE:
            e.clear()
            return True
    return False


def draw(sc: Any, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
    """The card inside `area` (the table's picture, veiled): the question, the rack thrown at, the
    buttons, the line it makes (or the refusal's reason)."""
    e: ThrowEntry = sc.entry
    e.buttons, e.cup_spots = [], {}
    if not entry_open(sc):
        e.panel = pygame.Rect(0, 0, 0, 0)
        return
    f = sc.host.fonts
    st: BierpongState = sc.state
    above = [r.bottom for r in getattr(sc, "board_lines", [])] + [b.rect.bottom for b in sc.buttons if b.rect.w]
    top = max([area.top, *above]) + int(4 * s)  # the scoreboard and its buttons (calls, a Dead Cup) stay in sight
    if top < area.bottom - int(200 * s):
        area = pygame.Rect(area.x, top, area.w, area.bottom - top)
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((8, 8, 10, 200))
    surface.blit(veil, area.topleft)
    m = int(12 * s)
    panel = area.inflate(-2 * m, -2 * m)
    if panel.w > int(980 * s):
        panel.w = int(980 * s)
        panel.centerx = area.centerx
    e.panel = panel
    theme.rounded_panel(surface, panel, (26, 28, 32), theme.CHALK_BLUE, int(12 * s), 2)
    pad = int(16 * s)
    inner = panel.w - 2 * pad
    x, y = panel.left + pad, panel.top + int(10 * s)
    who = sc.session.thrower()
    target = st.sides[sc.session.target_side()]
    title = _("{name}'s throw at {team}: what did the ball do?").format(name=who, team=target.name)
    surface.blit(f.shadowed(f.fit(title, int(22 * s), inner, "serif"), int(22 * s), theme.CREAM, "serif"), (x, y))
    y += int(32 * s)
    hint = _("click the cup it went in · Roller: the cups it touched, in order, the last the cup it went in")
    surface.blit(f.text(f.fit(hint, int(14 * s), inner), int(14 * s), theme.CHALK_DIM, "italic"), (x, y))
    y += int(22 * s)
    # the foot, from the bottom up: the line it makes (or the refusal), the buttons
    size = int(15 * s)
    bh = int(32 * s)
    e.buttons = buttons(sc)
    rows: list[list[tuple[Button, int]]] = [[]]
    used = 0
    for b in e.buttons:
        label = b.text + (f"  [{b.key}]" if b.key else "")
        w = min(inner, f.width(label, size, "bold") + int(20 * s))
        if rows[-1] and used + w > inner:
            rows.append([])
            used = 0
        rows[-1].append((b, w))
        used += w + int(8 * s)
    said = lines(sc, e)
    note = e.error or (("→ " + "  ·  ".join(said)) if said else "")
    foot = panel.bottom - pad - int(22 * s)
    if note:
        nt = f.text(f.fit(note, int(16 * s), inner, "bold"), int(16 * s), theme.CHALK_RED if e.error else theme.CHALK_YELLOW, "bold")
        surface.blit(nt, (x, foot))
    by = foot - int(8 * s) - len(rows) * (bh + int(6 * s))
    mouse = pygame.mouse.get_pos()
    for row in rows:
        bx = x
        for b, w in row:
            label = b.text + (f"  [{b.key}]" if b.key else "")
            rect = pygame.Rect(bx, by, w, bh)
            on = b.text.startswith("✓ ") or (b.key == "Enter" and bool(said))
            pygame.draw.rect(surface, theme.CHALK_YELLOW if on else theme.CREAM, rect, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.AMBER if rect.collidepoint(mouse) else theme.BRASS_DARK, rect, 2, border_radius=int(6 * s))
            t = f.text(f.fit(label, size, w - int(12 * s), "bold"), size, theme.INK, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
            b.rect = rect
            bx += w + int(8 * s)
        by += bh + int(6 * s)
    rack = pygame.Rect(x, y, inner, foot - int(8 * s) - len(rows) * (bh + int(6 * s)) - y - int(8 * s))
    _rack(sc, surface, s, target.rack.cups, rack)


def _rack(sc: Any, surface: pygame.Surface, s: float, cups: Any, area: pygame.Rect) -> None:
    """The rack thrown at, from the thrower's end: the far end up."""
    e: ThrowEntry = sc.entry
    f = sc.host.fonts
    if not cups or area.h <= 10 or area.w <= 10:
        return
    rim = sc.dims.rim_r
    xs, ys = [c.x for c in cups], [c.y for c in cups]
    span_x, span_y = max(xs) - min(xs) + 2 * rim, max(ys) - min(ys) + 2 * rim
    k = min(area.w / span_y, area.h / span_x, MAX_RIM * s / rim)
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    R = max(6, int(rim * k))
    for c in cups:
        px, py = area.centerx - int((c.y - my) * k), area.centery - int((c.x - mx) * k)
        e.cup_spots[c.id] = (px, py, R)
        pygame.gfxdraw.filled_circle(surface, px + R // 10, py + R // 8, R, (0, 0, 0, 90))
        pygame.gfxdraw.filled_circle(surface, px, py, R, CUP_DARK)
        pygame.gfxdraw.filled_circle(surface, px, py, int(R * 0.8), BEER)
        pygame.draw.circle(surface, RIM, (px, py), R, max(2, R // 7))
        if c.id in e.cups:
            last = c.id == e.cups[-1]
            w = max(3, int(5 * s))
            pygame.draw.circle(surface, theme.AMBER if last else CHOSEN, (px, py), R + w // 2 + int(2 * s), w)
        num = f.shadowed(str(c.id), max(12, int(R * 0.8)), theme.CREAM, "bold")
        surface.blit(num, num.get_rect(center=(px, py)))
        if e.roller and c.id in e.cups and len(e.cups) > 1:
            t = f.text(str(e.cups.index(c.id) + 1) + ".", max(10, int(R * 0.4)), theme.CHALK_YELLOW, "bold")
            surface.blit(t, t.get_rect(midbottom=(px, py - R)))
