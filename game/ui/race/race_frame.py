"""The race scene's frame around the board: its widgets (the tools, the gear and driver buttons),
the top bar, the controls' lines, the caps on the board (a hopping car on its way) and the view
that follows the car on turn. Functions of the scene (`game.ui.race.race.RaceScene`); they draw and
lay out, and change nothing in the match.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.hexgrid import Hex
from game.i18n import _, tr
from game.racerbile.actions import Driver
from game.racerbile.fieldnames import field_name
from game.racerbile.track import Kind
from game.racerbile.state import GEAR, MOVE, NAME42, ORDER, ROLL, START_ROLL
from game.rules import racerbile as R
from game.ui.common import theme
from game.ui.board.board_view import CapView
from game.ui.race.race_dialogs import TimeTrialDialog
from game.ui.race.race_draw import control_lines, turn_text
from game.ui.common.theme import fit_text
from game.ui.race.race_hud import Line, RaceLayout, clock_text, draw_top_bar, seat_color

if TYPE_CHECKING:
    from game.ui.race.race import RaceScene

FOLLOW_PX = 26  # the hex size (at 1280×800) the view zooms to for the car of the person on turn
VARIANT_TITLES = {R.BABYBILE: "Babybile", R.RACERBILE: "Racerbile", R.LE_MANS: "Le Mans"}


TOOL_PAD = 22  # px a tool button needs beside its word (border, shadow, margin)


def tools(sc: RaceScene) -> list[list[tuple[str, str, str]]]:
    """The tool buttons, (key, label, tooltip), in two groups: the table's tools, then the match's
    (at Le Mans the coach joins the second, beside the judges' console in the first)."""
    lemans = sc.state.lemans
    coach = ("coach", _("Coach (C)"), _("the coach explains each way: path, squeals, sips (C)"))
    table = ([("faults", _("Fault (X)"), _("call a fault the table saw (X)"))]
             + ([("judges", _("Judges (J)"), _("the judges' console (J)"))] if lemans else [coach])
             + [("log", _("Log (L)"), _("the match log: undo to any action (L)")),
                ("challenge", _("Kontra (K)"), _("challenge a drink ruling, with a reason (K)")),
                ("table", _("Real table (R)"), _("real dice and caps: the drivers enter what they roll – or back to simulated dice (R)"))])
    match = ([coach] if lemans else []) + [
        ("undo", _("Undo"), _("back to before the last decision (Ctrl+Z)")), ("save", _("Save"), _("save the race (Ctrl+S)")),
        ("help", _("Rules"), _("the rules (F1)")), ("menu", _("Menu"), _("leave the race (Esc)"))]
    client = getattr(sc.session.authority, "client", None)
    if sc.watching():  # the TV's big-screen layout: no buttons (its keys: L, F1, Esc)
        return [[], []]
    if client is not None:  # joined from afar: undo and challenges are the host's; a spectator calls nothing either
        gone = {"undo", "challenge", "table"} | ({"faults", "judges"} if client.index is None and not client.judge else set())
        if client.index is not None:
            gone.add("judges")  # a team's seat: the judges sit elsewhere
        table, match = [t for t in table if t[0] not in gone], [t for t in match if t[0] not in gone]
    return [table, match]


def tool_rows(sc: RaceScene, width: int, gap: int) -> list[list[tuple[str, str, str]]]:
    """The tool buttons in rows of `width`: a row per group, with the keys where they fit, else the
    words alone; a group whose words do not fit one row (a narrow window, longer words) takes two, or more."""
    font = sc.fonts.at(16, "bold")

    def need(items: list[tuple[str, str, str]]) -> int:
        return sum(font.size(text)[0] + TOOL_PAD for _k, text, _t in items) + gap * (len(items) - 1)

    rows: list[list[tuple[str, str, str]]] = []
    for group in filter(None, tools(sc)):
        if need(group) > width:
            group = [(k, text.split(" (")[0], tip) for k, text, tip in group]
        if need(group) <= width:
            rows.append(group)
            continue
        half = (len(group) + 1) // 2
        for part in (group[:half], group[half:]):  # two rows, or as many as the words need
            row: list[tuple[str, str, str]] = []
            for item in part:
                if row and need([*row, item]) > width:
                    rows.append(row)
                    row = []
                row.append(item)
            rows.append(row)
    return rows


def tool_row_count(sc: RaceScene, width: int, s: float) -> int:
    return len(tool_rows(sc, width, max(4, int(6 * s))))


def gear_width(sc: RaceScene, L: RaceLayout) -> int:
    """The width of each of the three gear buttons: their longest word, within the controls."""
    font = sc.fonts.at(16, "bold")
    gap = max(4, int(6 * L.s))
    room = (L.controls.w - 2 * int(12 * L.s) - 2 * gap) // 3
    words = max(font.size(t)[0] for t in (_("Gear up"), _("Hold (Enter)"), _("Gear down")))
    natural = max(int(124 * L.s), words + 30)
    return max(words + 16, min(natural, room))  # narrower margins before a cut word


def control_row_count(sc: RaceScene, L: RaceLayout) -> int:
    """Two rows of controls when a Le Mans team's drivers do not fit beside the gear buttons."""
    st = sc.state
    if not st.lemans:
        return 1
    font = sc.fonts.at(16, "bold")
    gap = max(4, int(6 * L.s))
    free = L.controls.w - 2 * int(12 * L.s) - 3 * (gear_width(sc, L) + gap)
    need = max((sum(font.size(_("{name} drives").format(name=d))[0] + 36 for d in team[1:]) for team in st.drivers), default=0)
    return 2 if need > free else 1


def build_ui(sc: RaceScene) -> None:
    L = sc.L
    s = L.s
    sc.ui.set_window_resolution(L.size)
    sc.ui.clear_and_reset()
    font = sc.fonts.at(16, "bold")
    gap = max(4, int(6 * s))
    rows = tool_rows(sc, L.tools.w, gap)
    row_h = (L.tools.h - gap * (len(rows) - 1)) // max(1, len(rows))
    sc.tool_buttons = {}
    for k, row in enumerate(rows):
        room = L.tools.w - gap * (len(row) - 1)
        natural = [font.size(text)[0] + TOOL_PAD for _key, text, _tip in row]
        extra = max(0, room - sum(natural)) / len(row)  # each as wide as its word needs, the rest shared out
        x = L.tools.x
        for (key, text, tip), w in zip(row, natural):
            r = pygame.Rect(x, L.tools.y + k * (row_h + gap), int(w + extra), row_h)
            sc.tool_buttons[key] = UIButton(r, text, sc.ui, tool_tip_text=tip)
            x += int(w + extra) + gap
    c = L.controls
    pad = int(12 * s)
    bh = max(32, int(38 * s))
    y = c.bottom - pad - bh
    x = c.x + pad
    bw = gear_width(sc, L)
    sc.b_up = UIButton(pygame.Rect(x, y, bw, bh), _("Gear up"), sc.ui, tool_tip_text=_("one gear up (the Up key)"))
    sc.b_hold = UIButton(pygame.Rect(x + bw + gap, y, bw, bh), _("Hold (Enter)"), sc.ui, tool_tip_text=_("keep the gear (Enter)"))
    sc.b_down = UIButton(pygame.Rect(x + 2 * (bw + gap), y, bw, bh), _("Gear down"), sc.ui, tool_tip_text=_("one gear down (the Down key): a technical fault, 1 sip"))
    sc.driver_x = x + 3 * (bw + gap) + gap
    sc.controls_button_y = y
    sc.controls_text_bottom = y  # the driver buttons may take a row above the gears
    sc.b_drivers = []
    sc.driver_names = {}  # a driver button → the driver it names
    sc.b_action = UIButton(pygame.Rect(x, y, max(230, int(260 * s)), bh), "", sc.ui, object_id="#go_button")
    key = _("Key (F2)")
    B = L.board
    kh = max(28, int(32 * s))
    sc.b_legend = UIButton(pygame.Rect(B.x + int(10 * s), B.bottom - kh - int(10 * s), font.size(key)[0] + TOOL_PAD, kh), key, sc.ui,
                           tool_tip_text=_("what the symbols on the board mean (F2)"))
    if sc.legend_on:
        sc.b_legend.select()
    sc._sig = ()
    sc._update_buttons()


def place_legend(sc: RaceScene) -> None:
    """The Key (F2) button in a corner of the board where no car stands (the start's grid sits in one)."""
    B, s = sc.L.board, sc.L.s
    w, h = sc.b_legend.rect.size
    m = int(10 * s)
    corners = [(B.x + m, B.bottom - h - m), (B.right - w - m, B.bottom - h - m), (B.x + m, B.y + m), (B.right - w - m, B.y + m)]
    cars = [sc.field_rect(c.pos) for c in sc.state.cars]
    for x, y in corners:
        if not any(pygame.Rect(x, y, w, h).colliderect(r) for r in cars):
            break
    else:
        x, y = corners[0]
    if sc.b_legend.rect.topleft != (x, y):
        sc.b_legend.set_position((x, y))


def update_buttons(sc: RaceScene) -> None:
    place_legend(sc)
    st = sc.state
    seat = st.current_player()
    mine = not sc.busy() and sc.is_human(seat) and not st.is_terminal()
    gear = st.phase == GEAR and mine
    shifts = st.shifts() if gear else []
    drivers = [a.name for a in st.legal_actions() if isinstance(a, Driver)] if gear else []
    action = ""
    watching = sc.watching()
    if watching and not st.is_terminal():
        pass  # a spectator is offered nothing to do
    elif st.phase == ORDER and sc.people() and not isinstance(sc.modal, TimeTrialDialog):
        action = _("Time trial… (T)")
    elif st.phase == NAME42 and mine:
        action = _("Name an opponent… (N)")
    elif st.is_terminal():
        action = _("Final standings")
    elif st.phase == MOVE and mine:
        m = sc.moves()
        if m is not None and len(m.ends()) == 1:
            action = _("Drive (Enter)")
    sig = (gear, tuple(shifts), tuple(drivers), action, len(sc.match.log.entries) > 1, sc.coach_on, sc.session.real_table())
    if sig == sc._sig:
        return
    sc._sig = sig
    for b, delta in ((sc.b_up, 1), (sc.b_hold, 0), (sc.b_down, -1)):
        if gear:
            b.show()
            if delta in shifts:
                b.enable()
            else:
                b.disable()
        else:
            b.hide()
    for b in sc.b_drivers:
        b.kill()
    sc.b_drivers = []
    sc.driver_names = {}
    font = sc.fonts.at(16, "bold")
    pit = st.turn is not None and st.cars[st.turn.seat].pos in st.course.pit
    texts = [_("{name} drives").format(name=name) for name in drivers]
    widths = [font.size(text)[0] + 30 for text in texts]
    right = sc.L.controls.right - int(12 * sc.L.s)
    x, y = sc.driver_x, sc.controls_button_y
    sc.controls_text_bottom = sc.controls_button_y
    if drivers and x + sum(widths) + 6 * (len(widths) - 1) > right:  # no room beside the gears: a row above them
        x, y = sc.L.controls.x + int(12 * sc.L.s), sc.controls_button_y - sc.b_up.rect.h - 6
        sc.controls_text_bottom = y
        room = right - x - 6 * (len(widths) - 1)
        if sum(widths) > room:
            widths = [room // len(widths)] * len(widths)
    for name, text, w in zip(drivers, texts, widths):
        tip = _("{name} takes the wheel").format(name=name) + " – " + (
            _("free in the pit") if pit else _("outside the pit: he empties a whole beer first"))
        sc.b_drivers.append(UIButton(pygame.Rect(x, y, w, sc.b_up.rect.h), text, sc.ui, tool_tip_text=tip))
        sc.driver_names[sc.b_drivers[-1]] = name
        x += w + 6
    if action:
        sc.b_action.set_text(action)
        sc.b_action.set_dimensions((sc.fonts.size(action, 16, "bold")[0] + 40, sc.b_action.rect.h))
        sc.b_action.show()
    else:
        sc.b_action.hide()
    real = sc.tool_buttons.get("table")
    if real is not None:
        real.select() if sc.session.real_table() else real.unselect()
    coach = sc.tool_buttons.get("coach")  # (none on a TV)
    if coach is not None and sc.coach_on:
        coach.select()
    elif coach is not None:
        coach.unselect()


def follow_car(sc: RaceScene) -> None:
    """Bring the car of the person on turn (and where it can go) into view, big enough to play."""
    st = sc.state
    t = st.turn
    if not sc.follow or t is None or st.phase not in (GEAR, MOVE) or sc.busy():
        return
    if not sc.is_human(t.seat) and sc.people():
        return
    key = (st.turns, st.phase)
    if key == sc._followed:
        return
    sc._followed = key
    fields = [st.cars[t.seat].pos]
    m = sc.moves()
    if m is not None:
        fields += m.ends()
    show_fields(sc, fields, centre=st.phase == GEAR)


def show_fields(sc: RaceScene, fields: list[Hex], centre: bool = False) -> None:
    v, B = sc.view, sc.L.board
    want = FOLLOW_PX * sc.L.s
    if v.scale < want * 0.95:
        v.zoom(want / v.scale, B.center)
    pts = [v.to_pixel(h) for h in fields]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    inner = B.inflate(-int(2 * v.scale) - 40, -int(2 * v.scale) - 40)
    if centre or not (inner.left <= x0 and x1 <= inner.right and inner.top <= y0 and y1 <= inner.bottom):
        v.pan(B.centerx - (x0 + x1) / 2, B.centery - (y0 + y1) / 2)
    sc.hl.clear()


def caps(sc: RaceScene) -> list[CapView]:
    st = sc.state
    if st.phase in (ORDER, START_ROLL):
        return []
    facing = st.facing_rule
    seats = sorted(range(len(st.players)), key=lambda s: st.cars[s].arrival)
    out = []
    moving = None
    for s in seats:
        car = st.cars[s]
        if sc.hop is not None and sc.hop.seat == s:
            at, d = sc.hop.at()
            moving = CapView(at, seat_color(s), sc.marks[s], (d if d is not None else car.facing) if facing else None)
            continue
        out.append(CapView(car.pos, seat_color(s), sc.marks[s], car.facing if facing else None, car.flipped))
    if moving is not None:
        out.insert(0, moving)  # the car on its way lies on top
    return out


def banner_scale(sc: RaceScene) -> float:
    """The banners' scale: the window's, or less, so that a long call-out fits over the board."""
    L = sc.L
    q = sc.banners.queue
    if not q or q[0].image is not None:
        return sc.banners.s
    text = q[0].text
    big = len(text) <= 14  # as the banners measure it
    w = sc.fonts.size(text, int((92 if big else 56) * L.s), "serif")[0] + int(190 * L.s)
    return L.s * min(1.0, L.board.w * 0.94 / max(1, w))


def draw_top(sc: RaceScene, surface: pygame.Surface) -> None:
    L = sc.L
    st = sc.state
    turn, sub, color = turn_text(st, sc.people(), sc.session.is_bot, sc.session.kind_of, sc.coach_on)
    if sc.replaying and st.phase not in (ROLL, START_ROLL):
        sub = ""  # the replay viewer: no keys to press, no bot thinking – the rule notes of a roll stay
    right: list[Line] = []
    if st.lemans:
        hours = st.profile["lemans_hours"]
        right.append((_("{now} of {hours} h").format(now=clock_text(sc.session.event_seconds()), hours=hours if isinstance(hours, int) else 24), theme.CREAM, "bold"))
        if st.last_round:
            right.append((_("LAST ROUND"), theme.CHALK_RED, "bold"))
    left = sc.session.timer_left() if not sc.busy() else None
    if left is not None:
        right.append((_("nøl in {n} s").format(n=math.ceil(left)), theme.CHALK_RED if left < 5 else theme.AMBER, "bold"))
    variant = VARIANT_TITLES.get(st.variant, st.variant)
    title = variant if sc.track.name.lower() == variant.lower() else f"{variant} · {sc.track.name}"
    sc.top_drawn = draw_top_bar(surface, sc.fonts, L.top, L.s, title, turn, sub, color, right, sc.text_scale())


def draw_controls(sc: RaceScene, surface: pygame.Surface) -> None:
    L = sc.L
    s = L.s
    st = sc.state
    c = L.controls
    pad = int(12 * s)
    area = pygame.Rect(c.x + pad, c.y + int(8 * s), c.w - 2 * pad, sc.controls_text_bottom - c.y - int(14 * s))
    f = sc.fonts
    size = max(11, int(15 * s))
    lines = control_lines(st, sc.moves(), sc.is_human(st.current_player()), sc.coach_on)
    if sc.replaying and st.phase == GEAR:
        lines = lines[:1]  # the replay viewer: the gear, not the choices a live driver is offered
    y = area.y
    for text, color, style in lines:
        if y + f.font(size, style).get_linesize() > area.bottom + 4:
            break
        y += surface.blit(fit_text(f, text, size, area.w, color, style), (area.x, y)).h


def draw_hovered(sc: RaceScene, surface: pygame.Surface) -> None:
    """The field under the pointer in words, beside the key's button: its number, its name, its kind."""
    h = sc.hover if sc.L.board.collidepoint(sc._mouse) else None
    if h is None:
        return
    st = sc.state
    bits = [tr(field_name(st.course, st.track, h))]
    kind = st.course.kinds.get(h)
    word = {Kind.DOWNSHIFT: _("downshift field"), Kind.BLOCKING: _("blocking field"), Kind.MIDWAY: _("midway line")}.get(kind) if kind is not None else None
    if word:
        bits.append(word)
    s = sc.L.s
    b = sc.b_legend.rect
    img = fit_text(sc.fonts, " · ".join(bits), max(11, int(14 * s)), sc.L.board.right - b.right - int(30 * s), theme.CREAM, "bold")
    r = img.get_rect(midleft=(b.right + int(12 * s), b.centery))
    theme.rounded_panel(surface, r.inflate(int(14 * s), int(6 * s)), (18, 12, 8, 210), None, int(6 * s))
    surface.blit(img, r)
