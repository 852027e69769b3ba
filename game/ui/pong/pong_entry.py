"""Bierpong at a real table (issue 32, `docs/real-table.md`): no ball flies on the screen; after each
real throw one card over the table (under the scoreboard) says what the ball did: the flags first –
Bounce, Roller, caught by X, fetched, and in a team who threw – then one click on the result enters
its notation line with `Session.enter` at once: the cup it went in on the rack close up (`Ann:
bounce 3`), Miss, Air ball (`Ann: air`, `Dana catches Ann`), Rolled back (`Ann: back`, `Ann
fetches`), swatted by X (`Cem swats Ann`); a roller's cups are clicked in order, then Enter. The
referee rules the rest (Bombe, Island, balls back, Dead Cups, Konter, on fire, the drinks); the
owners remove their cups on the removal card as in any match; Ctrl+Z takes an entry back. A refusal
(a cup already gone, a roller over a cup not there) stays on the card with its reason; nothing is
logged.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame
import pygame.gfxdraw

from game.bierpong.actions import Catch, Fetch, Swat, Throw, ThrowoffBall
from game.bierpong.outcome import Outcome
from game.bierpong.state import KONTER, PLAY, THROWOFF, BierpongState
from game.errors import IllegalAction
from game.i18n import N_, _
from game.session import Refusal
from game.ui.common import theme
from game.ui.common.words import refusal_words
from game.ui.pong.pong_hud import Button
from game.ui.pong.pong_removal import CHOSEN, card_panel, rack_fit
from game.ui.pong.pong_view import BEER, CUP_DARK, RIM

HIT, MISS, AIR, BACK = "hit", "miss", "air", "back"
KEYS = (  # the key list beside the table at a real table (shown through `_()` by the view)
    N_("a real table: the card says what each ball did"),
    N_("flags first, then the cup or the result"),
    N_("M: miss · A: air ball · B: bounce · R: roller"),
    N_("Enter: the roller · Backspace: flags off"),
    N_("E: end of round · H O I: calls · F: fetch"),
    N_("T: table events (fouls, knock-over, time)"),
    N_("L: log · K: challenge a drink ruling"),
    N_("Ctrl+Z: undo · Ctrl+S: save"),
    N_("Ctrl+R: the balls fly on the screen"),
    N_("V: view (thrower's · side · above)"),
)


@dataclass
class ThrowEntry:
    """What the card holds: the flags set, the cups clicked (a roller's path), the last refusal."""

    cups: list[int] = field(default_factory=list)  # with Roller: the cups it touched, in order
    bounce: bool = False
    roller: bool = False
    by: str = ""  # an air ball caught by
    fetched: bool = False
    both: bool = False  # both standard balls thrown at once (bierpong.art4): two results, one line
    first: list[str] = field(default_factory=list)  # with Both: the first ball's lines, held for the second
    error: str = ""
    last: str = ""  # the lines entered last (said on the card until the next)
    asked: tuple[int, str] = (-1, "")  # (entries, thrower) the card was last cleared for
    buttons: list[Button] = field(default_factory=list)
    cup_spots: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    panel: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def clear(self) -> None:
        self.cups, self.bounce, self.roller, self.by, self.fetched, self.error = [], False, False, "", False, ""
        self.both, self.first = False, []

    def flags_off(self) -> None:
        """The first of two balls thrown at once is held: its flags go, the pair stays."""
        self.cups, self.bounce, self.roller, self.by, self.fetched, self.error = [], False, False, "", False, ""


def entry_open(sc: Any) -> bool:
    """The card shows: a real table, a ball to throw by a team playing at this keyboard."""
    st: BierpongState = sc.state
    s = sc.session
    return (s.real_table() and not s.over() and st.phase in (PLAY, KONTER, THROWOFF) and not sc.replaying
            and sc.shown is None and not sc.watching() and sc.modal is None and s.thrower() is not None
            and sc._here(st.throwing_team()))


def lines(sc: Any, e: ThrowEntry, kind: str, cup: int | None = None, swat: str = "") -> list[str]:
    """The notation lines of a result (`kind`: a hit in `cup` – with Roller the path clicked –, a miss,
    an air ball, rolled back; `swat`: swatted by) with the flags set on the card."""
    who = sc.session.thrower()
    st: BierpongState = sc.state
    if who is None:
        return []
    if swat:
        return [str(Swat(swat, who))]
    if kind == HIT:
        path = tuple(e.cups) if e.roller else ()
        cup = cup if cup is not None else (path[-1] if path else None)
        if cup is None or (e.roller and len(set(path + (cup,))) < 2):
            return []
        out = Outcome(cup=cup, bounced=e.bounce, touched=tuple(dict.fromkeys(path + (cup,))) if e.roller else ())
    else:
        out = Outcome(air=kind == AIR, back=kind == BACK)
    if st.phase == THROWOFF:
        return [str(ThrowoffBall(who, out))]
    first = str(Throw(who, out))
    if kind == AIR and e.by:
        return [first, str(Catch(e.by, who))]
    if kind == BACK and e.fetched:
        return [first, str(Fetch(who))]
    return [first]


def ruled(st: BierpongState, said: list[str]) -> Refusal | None:
    """The rules' refusal of the lines one after the other on the table as it stands here (None: they
    hold) – before any is sent: a joined laptop's card keeps the reason (the host would refuse the same:
    the mirror is its table), and a caught air ball goes in with its catch or not at all."""
    for line in said:
        try:
            st = st.apply(st.parse_action(line)).state
        except (IllegalAction, ValueError) as e:
            return Refusal.of(e)
    return None


def send(sc: Any, said: list[str]) -> bool:
    """Enter the lines one by one (a refusal stops there, its reason on the card); the card says what
    went in and that Ctrl+Z takes it back."""
    e: ThrowEntry = sc.entry
    if not said:
        e.error = _("Roller: click the cups it touched, the last the cup it went in – then Enter")
        return False
    refusal = ruled(sc.session.state, said)
    for line in said if refusal is None else ():
        refusal = sc.session.enter(sc.session.to_act(), line)
        if refusal is not None:
            break
    if refusal is not None:
        e.error = refusal_words(str(refusal))
        sc.toast = e.error
        return False
    e.clear()
    e.last = " · ".join(said)
    return True


def result(sc: Any, kind: str, cup: int | None = None, swat: str = "") -> Callable[[], None]:
    """A result's button: entered at once, with the flags set before it."""
    return lambda: None if enter(sc, lines(sc, sc.entry, kind, cup, swat)) else None


def enter(sc: Any, said: list[str]) -> bool:
    """A result's lines entered – or, with Both, the first ball's held until the second's result: then
    one line for the pair (`Ann: hit 3 & Bo: miss`, bierpong.art4), a catch or a fetch after it."""
    e: ThrowEntry = sc.entry
    if not e.both or not said:
        return send(sc, said)
    if not e.first:
        e.first = said
        e.flags_off()
        return True
    first, e.first = e.first, []
    return send(sc, [f"{first[0]} & {said[0]}", *first[1:], *said[1:]])


def refresh(sc: Any) -> None:
    e: ThrowEntry = sc.entry
    now = (len(sc.match.log.entries), sc.session.thrower() or "")
    if now != e.asked:
        if now[0] < e.asked[0]:
            e.last = ""  # undone
        held = e.first and now[0] == e.asked[0]  # (the second ball of a pair by the partner: the first stays held)
        e.asked = now
        if held:
            e.flags_off()
        else:
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


MARK = "✓ "


def buttons(sc: Any) -> list[Button]:
    """The card's buttons now: who threw, the flags (set first), the results (entered at once)."""
    e: ThrowEntry = sc.entry
    st: BierpongState = sc.state
    s = sc.session
    out: list[Button] = []
    ts = st.throwers() if st.phase != THROWOFF else ()
    if len(ts) > 1:
        out += [Button((MARK if p == s.thrower() else "") + _("{name} threw").format(name=p), _pick(s, i)) for i, p in enumerate(ts)]
    if st.may_pair() or e.both:
        out.append(Button((MARK if e.both else "") + _("Both balls at once"), _set(e, both=not e.both, first=[])))
    out += [Button((MARK if e.bounce else "") + _("Bounce"), _set(e, bounce=not e.bounce), "B"),
            Button((MARK if e.roller else "") + _("Roller"), _set(e, roller=not e.roller, cups=[]), "R")]
    defenders = st.sides[1 - st.throwing_team()].members if st.phase != THROWOFF else ()
    out += [Button((MARK if e.by == d else "") + _("caught by {name}").format(name=d), _set(e, by="" if e.by == d else d)) for d in defenders]
    if st.phase != THROWOFF:
        out.append(Button((MARK if e.fetched else "") + _("fetched"), _set(e, fetched=not e.fetched)))
    out += [Button(_("Miss"), result(sc, MISS), "M"), Button(_("Air ball"), result(sc, AIR), "A"),
            Button(_("Rolled back"), result(sc, BACK))]
    if not e.both:  # (a ball of a pair swatted is entered as a miss)
        out += [Button(_("swatted by {name}").format(name=d), result(sc, HIT, swat=d)) for d in defenders]
    if e.roller:
        out.append(Button(_("Enter the roller"), result(sc, HIT), "Enter"))
    return out


def click_cup(sc: Any, cup: int) -> None:
    """A cup clicked on the card: a hit in it, entered at once (with Roller: the next cup it touched)."""
    e: ThrowEntry = sc.entry
    e.error = ""
    if not e.roller:
        enter(sc, lines(sc, e, HIT, cup))
    elif cup in e.cups:
        e.cups.remove(cup)
    else:
        e.cups.append(cup)


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
                click_cup(sc, cid)
                return True
        return e.panel.collidepoint(ev.pos)
    if ev.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
        return e.panel.collidepoint(ev.pos)
    if ev.type == pygame.KEYDOWN and not ev.mod & pygame.KMOD_CTRL:
        keys = {pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_m: "M", pygame.K_b: "B", pygame.K_r: "R", pygame.K_a: "A"}
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
    e.panel = panel = card_panel(surface, area, s, theme.CHALK_BLUE, veil=200)
    pad = int(16 * s)
    inner = panel.w - 2 * pad
    x, y = panel.left + pad, panel.top + int(10 * s)
    who = sc.session.thrower()
    target = st.sides[sc.session.target_side()]
    title = _("{name}'s throw at {team}: what did the ball do?").format(name=who, team=target.name)
    surface.blit(f.shadowed(f.fit(title, int(22 * s), inner, "serif"), int(22 * s), theme.CREAM, "serif"), (x, y))
    y += int(32 * s)
    hint = (_("Roller: click the cups it touched in order, the last the cup it went in – then Enter") if e.roller
            else _("the first ball: {line} – now what the second did").format(line=" · ".join(e.first)) if e.first
            else _("set the flags first, then click what happened – the cup it went in, Miss, Air ball …: entered at once"))
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
    said = lines(sc, e, HIT) if e.roller else []
    note = e.error or (("→ " + "  ·  ".join(said)) if said else _("entered: {line} · Ctrl+Z takes it back").format(line=e.last) if e.last else "")
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
            on = b.text.startswith(MARK) or (b.key == "Enter" and bool(said))
            pygame.draw.rect(surface, theme.CHALK_YELLOW if on else theme.CREAM, rect, border_radius=int(6 * s))
            pygame.draw.rect(surface, theme.AMBER if rect.collidepoint(mouse) else theme.BRASS_DARK, rect, 2, border_radius=int(6 * s))
            t = f.text(f.fit(label, size, w - int(12 * s), "bold"), size, theme.INK, "bold")
            surface.blit(t, t.get_rect(center=rect.center))
            b.rect = rect
            bx += w + int(8 * s)
        by += bh + int(6 * s)
    rack = pygame.Rect(x, y, inner, foot - int(8 * s) - len(rows) * (bh + int(6 * s)) - y - int(8 * s))
    _rack(sc, surface, s, target.rack.cups, rack, set(st.targets()), {h.cup for h in st.hits} if st.phase == PLAY else set())


def _rack(sc: Any, surface: pygame.Surface, s: float, cups: Any, area: pygame.Rect, open_: set[int], hit: set[int]) -> None:
    """The rack thrown at, from the thrower's end: the far end up; a cup with a ball in it already
    this round marked (dimmed where no ball may land now – a Bombe's second ball may); with Roller
    the cups clicked numbered in order."""
    e: ThrowEntry = sc.entry
    f = sc.host.fonts
    if not cups or area.h <= 10 or area.w <= 10:
        return
    k, mx, my, R = rack_fit(cups, area, sc.dims.rim_r, s)
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
        if c.id not in open_:
            pygame.gfxdraw.filled_circle(surface, px, py, R + 1, (20, 20, 24, 150))
        num = f.shadowed(str(c.id), max(12, int(R * 0.8)), theme.CREAM, "bold")
        surface.blit(num, num.get_rect(center=(px, py)))
        tag = (f"{e.cups.index(c.id) + 1}." if e.roller and c.id in e.cups else "") or (_("hit") if c.id in hit or c.id not in open_ else "")
        if tag:  # on a dark pill under the number, readable over the rim
            t = f.text(tag, max(10, int(R * 0.34)), theme.CHALK_YELLOW if e.roller and c.id in e.cups else theme.CREAM, "bold")
            box = t.get_rect(midtop=(px, py + int(R * 0.38)))
            theme.rounded_panel(surface, box.inflate(int(8 * s), int(2 * s)), (20, 20, 24, 200), None, int(5 * s))
            surface.blit(t, box)
