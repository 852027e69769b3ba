"""What the race scene draws around the board: where things go, the standings, the dice tray,
the turn banner and the coach's note.

No scene logic here: the race scene hands over plain data (rows, texts) and a surface. Time runs
in seconds (the dice tray's tumble), never in frames.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from game.hexgrid import Hex
from game.i18n import _, plural
from game.racerbile.state import RaceState
from game.racerbile.words import car_notes
from game.rules import racerbile as R
from game.rules.ledger import Ledger
from game.ui.common import theme
from game.ui.dice.dice_view import DieArt
from game.ui.common.theme import Color, Fonts, fit_text
from game.ui.common.words import bot_label

SEAT_COLORS: tuple[Color, ...] = (
    (204, 44, 40),  # red
    (44, 96, 206),  # blue
    (236, 196, 36),  # yellow
    (42, 150, 72),  # green
    (238, 128, 30),  # orange
    (142, 64, 176),  # purple
    (30, 168, 178),  # teal
    (232, 230, 222),  # white
)
ROLL_TIME = 0.6  # seconds a die tumbles in the tray

Line = tuple[str, Color, str]  # text, colour, font style


def seat_color(seat: int) -> Color:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def initials(names: Sequence[str]) -> list[str]:
    """The mark on each seat's cap: its first letter; where first letters clash, the initials of
    its words ("Team A" → "TA"), else its first two letters."""
    def word_initials(n: str) -> str:
        words = n.split()
        return "".join(w[0] for w in words[:2]).upper() if len(words) > 1 else n.strip()[:2].capitalize()

    first = [n.strip()[:1].upper() or "?" for n in names]
    out = []
    for i, n in enumerate(names):
        if first.count(first[i]) == 1:
            out.append(first[i])
            continue
        mine = word_initials(n)
        clash = [word_initials(m) for j, m in enumerate(names) if first[j] == first[i]]
        out.append(mine if clash.count(mine) == 1 else n.strip()[:2].capitalize() or "?")
    return out


def clock_text(seconds: float) -> str:
    s = max(0, int(seconds))
    return f"{s // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}"


# --- layout ----------------------------------------------------------------------------------


@dataclass
class RaceLayout:
    """The race screen: a bar on top, the board, a control bar under it, a side panel."""

    size: tuple[int, int]
    s: float
    top: pygame.Rect
    board: pygame.Rect
    bottom: pygame.Rect
    tray: pygame.Rect
    controls: pygame.Rect
    side: pygame.Rect
    tools: pygame.Rect
    standings: pygame.Rect
    feed: pygame.Rect


def race_layout(size: tuple[int, int], seats: int, tool_rows: int = 2, control_rows: int = 1) -> RaceLayout:
    """Where everything goes; `tool_rows` rows of tool buttons at the top of the side panel,
    `control_rows` rows of buttons at the bottom (a second for Le Mans drivers in a narrow window)."""
    w, h = size
    s = theme.scale_for(size)
    top_h = max(40, int(54 * s))
    side_w = max(300, min(int(w * 0.3), int(350 * s)))
    bottom_h = max(92, int(118 * s)) + (control_rows - 1) * (max(32, int(38 * s)) + 6)
    top = pygame.Rect(0, 0, w, top_h)
    side = pygame.Rect(w - side_w, top_h, side_w, h - top_h)
    bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
    board = pygame.Rect(0, top_h, w - side_w, h - top_h - bottom_h)
    tray_w = max(210, int(250 * s))
    tray = pygame.Rect(bottom.x, bottom.y, tray_w, bottom.h)
    controls = pygame.Rect(tray.right, bottom.y, bottom.w - tray_w, bottom.h)
    pad = max(6, int(8 * s))
    row = max(32, int(36 * s))
    tools = pygame.Rect(side.x + pad, side.y + pad, side.w - 2 * pad, max(0, tool_rows * row + (tool_rows - 1) * pad // 2 + pad // 2))
    row_h = standing_row_height(s)
    st_h = max(3, seats) * row_h + int(34 * s)
    standings = pygame.Rect(side.x + pad, tools.bottom + pad, side.w - 2 * pad, min(st_h, int((side.bottom - tools.bottom) * 0.56)))
    feed = pygame.Rect(side.x + pad, standings.bottom + pad, side.w - 2 * pad, side.bottom - standings.bottom - 2 * pad)
    return RaceLayout(size, s, top, board, bottom, tray, controls, side, tools, standings, feed)


def draw_panels(surface: pygame.Surface, L: RaceLayout) -> None:
    """The wood of the bars and the side panel (the board shows through nowhere else)."""
    s = L.s
    for r in (L.top, L.side, L.bottom):
        pygame.draw.rect(surface, (34, 22, 13), r)
    pygame.draw.line(surface, theme.BRASS_DARK, (0, L.top.bottom - 1), (L.top.right, L.top.bottom - 1), 2)
    pygame.draw.line(surface, theme.BRASS_DARK, (L.side.x, L.side.y), (L.side.x, L.side.bottom), 2)
    pygame.draw.line(surface, theme.BRASS_DARK, (L.bottom.x, L.bottom.y), (L.bottom.right, L.bottom.y), 2)
    theme.rounded_panel(surface, L.standings, (22, 14, 8, 255), theme.BRASS_DARK, int(10 * s), 1)
    theme.rounded_panel(surface, L.feed, theme.SLATE, theme.WOOD_DARK, int(8 * s), 2)
    pygame.draw.line(surface, theme.WOOD_DARK, (L.tray.right, L.bottom.y + 10), (L.tray.right, L.bottom.bottom - 10), 2)


# --- the standings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    seat: int
    place: int
    name: str
    color: Color
    mark: str
    kind: str  # "" for a person, else the bot's kind
    driver: str  # at the wheel ("" outside Le Mans)
    lap: int
    laps: int | None  # laps to drive (None at Le Mans)
    distance: int
    gear: int
    sips: int
    beers: int
    on_turn: bool
    note: str  # off the track, blocking, loses a turn, lost laps
    gap: str = ""  # why it stands here: the fields to the car ahead, "level", "beside … by lane"


BY_LANE = 3  # fields of progress two cars side by side can differ by their lanes alone (more: a lap apart)
Beside = Callable[[Hex, Hex], bool]  # whether two fields lie side by side across the track (different lanes)


def signed(n: int) -> str:
    """A whole number with a real minus sign: "−1"."""
    return f"−{-n}" if n < 0 else str(n)


def gap_text(st: RaceState, seat: int, ahead: int | None, behind: int | None, beside: Beside | None = None) -> str:
    """Why `seat` stands where it does (docs/racerbile.md, "The standings"): the fields of progress
    to the car ranked just ahead – the referee's measure, laps × lap length + the progress of the
    field – or, for the first, its lead. Cars side by side in two lanes count by their fields'
    progress: the one behind says "beside … by lane", so a lane that counts more is no riddle."""
    car = st.cars[seat]
    if car.out or car.off:
        return ""
    if ahead is None:
        if behind is None:
            return ""
        lead = st.distance(seat) - st.distance(behind)
        if lead <= 0:
            return _("in front, level with {name}").format(name=st.players[behind])
        return (_("in front by {n} field") if lead == 1 else _("in front by {n} fields")).format(n=lead)
    other = st.cars[ahead]
    d = st.distance(ahead) - st.distance(seat)
    name = st.players[ahead]
    if car.pos == other.pos and d == 0:
        return _("under {name}'s cap").format(name=name)
    if d == 0:
        return _("level with {name}").format(name=name)
    if beside is not None and d <= BY_LANE and beside(car.pos, other.pos):
        return (_("beside {name}: {n} field behind by lane") if d == 1 else _("beside {name}: {n} fields behind by lane")).format(name=name, n=d)
    return (_("{n} field behind {name}") if d == 1 else _("{n} fields behind {name}")).format(name=name, n=d)


def standing_rows(st: RaceState, kinds: Sequence[str] = (), drinks: Ledger | None = None, beside: Beside | None = None) -> list[StandingRow]:
    """The seats from first to last, with what the panel shows (a team's sips summed); the sips and
    beers from `drinks` when given (`Match.drinks()`: challenged rulings overridden), else the state's
    ledger. Laps are shown as scored: lost laps come off, below zero too (racerbile.lemans.vomit)."""
    placed = st.phase not in ("order", "start_roll")
    order = st.standings() if placed else list(range(len(st.players)))
    racing = [s for s in order if not st.cars[s].out and not st.cars[s].off]
    marks = initials(st.players)
    laps_opt = st.profile["laps"]
    laps = None if st.lemans or not isinstance(laps_opt, int) else laps_opt
    on = st.turn.seat if (st.turn is not None and not st.is_terminal()) else -1
    rows = []
    for place, seat in enumerate(order, start=1):
        car = st.cars[seat]
        led = drinks if drinks is not None else st.ledger
        accs = [led[d] for d in st.drivers[seat] if d in led.players]
        notes = car_notes(car)
        if car.first_gear and placed:
            notes.append(_("1st gear forced"))
        k = racing.index(seat) if seat in racing else -1
        gap = gap_text(st, seat, racing[k - 1] if k > 0 else None, racing[k + 1] if 0 <= k < len(racing) - 1 else None, beside) if placed and k >= 0 else ""
        rows.append(
            StandingRow(
                seat=seat,
                place=place if placed else 0,
                name=st.players[seat],
                color=seat_color(seat),
                mark=marks[seat],
                kind=kinds[seat] if seat < len(kinds) and kinds[seat] != "human" else "",
                driver=st.driver(seat) if st.lemans else "",
                lap=car.lap - car.lost_laps if placed else 0,
                laps=laps,
                distance=st.distance(seat) if placed else 0,
                gear=car.gear,
                sips=sum(a.sips for a in accs),
                beers=sum(a.beers for a in accs),
                on_turn=seat == on,
                note=", ".join(notes),
                gap=gap,
            )
        )
    return rows


def standing_row_height(s: float) -> int:
    return max(34, int(42 * s))


def draw_standings(surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, rows: Sequence[StandingRow], s: float, title: str) -> list[pygame.Rect]:
    """The standings panel; returns the rectangle of each row (tests look at them)."""
    pad = int(10 * s)
    head = fonts.text(title, max(12, int(17 * s)), theme.BRASS, "serif")
    surface.blit(head, (rect.x + pad, rect.y + int(5 * s)))
    cols = fonts.text(_("laps · gear · sips · beers"), max(9, int(11 * s)), theme.MUTED, "italic")
    surface.blit(cols, (rect.right - pad - cols.get_width(), rect.y + int(10 * s)))
    y = rect.y + head.get_height() + int(8 * s)
    rh = min(standing_row_height(s), (rect.bottom - y - int(2 * s)) // max(1, len(rows)))
    two_lines = rh >= int(36 * s)  # else one line a seat: name and figures
    out = []
    clip = surface.get_clip()
    surface.set_clip(rect)
    big, small = max(11, int(16 * s)), max(9, int(12 * s))
    for row in rows:
        r = pygame.Rect(rect.x + int(4 * s), y, rect.w - int(8 * s), rh - max(1, int(3 * s)))
        if row.on_turn:
            theme.rounded_panel(surface, r, (70, 48, 22, 255), theme.BRASS, int(8 * s), 2)
        cap_r = max(7, min(int(12 * s), rh // 2 - 3))
        cx, cy = r.x + pad + cap_r, r.y + rh // 2 - int(2 * s)
        pygame.draw.circle(surface, (0, 0, 0), (cx + 1, cy + 2), cap_r)
        pygame.draw.circle(surface, row.color, (cx, cy), cap_r)
        pygame.draw.circle(surface, (236, 234, 226), (cx, cy), int(cap_r * 0.66))
        mark = fonts.text(row.mark, max(9, int(cap_r * 1.05)), row.color if sum(row.color) < 600 else (90, 90, 90), "bold")
        surface.blit(mark, mark.get_rect(center=(cx, cy)))
        x = cx + cap_r + int(8 * s)
        place = f"{row.place}." if row.place else ""
        right = f"{_laps(row)} · G{row.gear} · {row.sips} · {row.beers}"
        rimg = fonts.text(right, big, theme.CREAM, "bold")
        name_w = r.right - pad - rimg.get_width() - int(8 * s) - x
        name = fit_text(fonts, f"{place} {row.name}".strip(), big, max(20, name_w), theme.CHALK_YELLOW if row.on_turn else theme.CREAM, "bold")
        ty = r.y + int(2 * s) if two_lines else r.centery - name.get_height() // 2
        surface.blit(name, (x, ty))
        surface.blit(rimg, (r.right - pad - rimg.get_width(), ty))
        out.append(r)
        y += rh
        if not two_lines:
            continue
        bits = []
        if row.driver:
            bits.append(_("{name} at the wheel").format(name=row.driver))
        if row.kind == "remote":
            bits.append(_("at another laptop"))
        elif row.kind:
            bits.append(bot_label(row.kind))
        if row.note:  # first: off the track, lost laps – what the place rests on
            bits.append(row.note)
        if row.gap:
            bits.append(row.gap)
        elif row.place and not row.note:
            bits.append(_("at the start") if row.distance == 0 and row.lap == 0 else plural("{n} field", "{n} fields", row.distance))
        sub = fit_text(fonts, " · ".join(bits), small, r.right - pad - x, theme.CHALK_RED if row.note else theme.MUTED, "italic")
        surface.blit(sub, (x, r.y + int(2 * s) + name.get_height() - int(2 * s)))
    surface.set_clip(clip)
    return out


def _laps(row: StandingRow) -> str:
    return f"L{signed(row.lap)}/{row.laps}" if row.laps is not None else f"L{signed(row.lap)}"


# --- the dice tray -----------------------------------------------------------------------------


@dataclass
class TrayDie:
    face: int
    state: str = "landed"  # landed (1–4), fast (a 5 or 6 to roll again), tumble
    t: float = 0.0
    angle: float = 0.0
    spin: float = 0.0


@dataclass
class DiceTray:
    """The dice of the turn: landed dice in a row, 5s and 6s struck out and rolled again, a tumble."""

    seed: int = 0
    dice: list[TrayDie] = field(default_factory=list)
    rerolled: list[int] = field(default_factory=list)  # the 5s and 6s rolled again this turn
    caption: str = ""
    rng: random.Random = field(default_factory=random.Random)
    _art: DieArt | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def animating(self) -> bool:
        return any(d.state == "tumble" for d in self.dice)

    def clear(self, caption: str = "") -> None:
        self.dice, self.rerolled, self.caption = [], [], caption

    def show(self, landed: Sequence[int], fast: Sequence[int] = (), rerolled: Sequence[int] = ()) -> None:
        """Dice at rest (after a load or an undo)."""
        self.dice = [TrayDie(f) for f in landed] + [TrayDie(f, "fast") for f in fast]
        self.rerolled = list(rerolled)

    def throw(self, finals: Sequence[int]) -> None:
        """The dice still to roll (5s and 6s first struck out) tumble and land on `finals`."""
        keep = []
        for d in self.dice:
            if d.state == "fast":
                self.rerolled.append(d.face)
            else:
                keep.append(d)
        self.dice = keep + [TrayDie(f, "tumble", 0.0, self.rng.uniform(-20, 20), self.rng.choice((-1, 1)) * self.rng.uniform(500, 900)) for f in finals]

    def finish(self) -> None:
        for d in self.dice:
            if d.state == "tumble":
                d.state, d.angle = ("landed" if d.face <= 4 else "fast"), 0.0

    def update(self, dt: float) -> None:
        for d in self.dice:
            if d.state == "tumble":
                d.t += dt
                d.angle += d.spin * dt
                if d.t >= ROLL_TIME:
                    d.state, d.angle = ("landed" if d.face <= 4 else "fast"), self.rng.uniform(-6, 6)

    def total(self) -> int:
        return sum(d.face for d in self.dice if d.state == "landed")

    def draw(self, surface: pygame.Surface, fonts: Fonts, rect: pygame.Rect, s: float, clutch: bool = True) -> None:
        pad = int(8 * s)
        small = max(9, int(11 * s))
        cap_h = fonts.font(max(10, int(13 * s)), "italic").get_linesize()
        label_h = fonts.font(small, "bold").get_linesize() - 2
        mini = max(12, int(18 * s))
        # caption, the row of dice with a word under a die, the dice rolled again: one under the other
        size = max(22, min(int(46 * s), rect.h - 2 * pad - cap_h - label_h - mini - 4))
        if self._art is None or self._art.size != size:
            self._art = DieArt(size)
        art = self._art
        y0 = rect.y + pad
        if self.caption:
            surface.blit(fit_text(fonts, self.caption, max(10, int(13 * s)), rect.w - 2 * pad, theme.MUTED, "italic"), (rect.x + pad, y0 - int(2 * s)))
        y0 += cap_h
        cy = y0 + size // 2 + 1
        x = rect.x + pad + size // 2
        gap = int(10 * s)
        for d in self.dice:
            if d.state == "tumble":
                phase = min(1.0, d.t / ROLL_TIME)
                face = 1 + (int(d.t / 0.07) * 5 + int(abs(d.spin))) % 6 if phase < 0.85 else d.face
                hop = abs(math.sin(phase * math.pi * 2.5)) * (1 - phase) * size * 0.25
                img = art.turned(face, d.angle)
                surface.blit(img, img.get_rect(center=(x, int(cy - hop))))
            else:
                img = art.turned(d.face, d.angle, dim=d.state == "fast")
                r = surface.blit(img, img.get_rect(center=(x, cy)))
                if d.state == "fast":
                    pygame.draw.line(surface, theme.CHALK_RED, (r.x + 4, r.bottom - 4), (r.right - 4, r.y + 4), max(2, int(3 * s)))
                    t = fonts.text(_("again"), small, theme.CHALK_RED, "bold")
                    surface.blit(t, t.get_rect(midtop=(x, cy + size // 2 - 1)))
                elif d.face == 1 and clutch:
                    pygame.draw.rect(surface, theme.CHALK_RED, pygame.Rect(0, 0, size + 6, size + 6).move(x - size // 2 - 3, cy - size // 2 - 3), 2, border_radius=int(size * 0.25))
                    t = fonts.text(_("clutch"), small, theme.CHALK_RED, "bold")
                    surface.blit(t, t.get_rect(midtop=(x, cy + size // 2 - 1)))
            x += size + gap
        if self.rerolled:
            label = fonts.text(_("rolled again:"), small, theme.MUTED, "italic")
            ly = rect.bottom - pad - mini
            surface.blit(label, (rect.x + pad, ly + (mini - label.get_height()) // 2))
            mx = rect.x + pad + label.get_width() + int(6 * s)
            for f in self.rerolled[-6:]:
                img = pygame.transform.smoothscale(art.face(f, dim=True), (mini, mini))
                surface.blit(img, (mx, ly))
                pygame.draw.line(surface, theme.CHALK_RED, (mx + 2, ly + mini - 2), (mx + mini - 2, ly + 2), 2)
                mx += mini + 3
            n = len(self.rerolled)
            if n >= 3:
                t = fonts.text(_("{n} too fast").format(n=n - 2), small, theme.CHALK_RED, "bold")
                surface.blit(t, (mx + int(4 * s), ly + (mini - t.get_height()) // 2))
        landed = [d for d in self.dice if d.state == "landed"]
        if landed and not self.animating and not any(d.state == "fast" for d in self.dice):
            total = self.total()
            kind = R.driving(total)
            word = {R.Driving.NORMAL: "", R.Driving.RECKLESS: _("reckless"), R.Driving.FLAT_OUT: _("flat out")}[kind]
            color = theme.CREAM if kind is R.Driving.NORMAL else theme.AMBER if kind is R.Driving.RECKLESS else theme.CHALK_RED
            big = fonts.shadowed(f"= {total}", max(16, int(26 * s)), color, "bold")
            bx = max(x - gap + int(4 * s), rect.right - pad - big.get_width())
            surface.blit(big, (bx, cy - big.get_height() // 2 - (int(7 * s) if word else 0)))
            if word:
                t = fonts.text(word, small, color, "bold")
                surface.blit(t, (bx, cy + big.get_height() // 2 - int(7 * s)))


# --- banner and coach ------------------------------------------------------------------------


def draw_top_bar(
    surface: pygame.Surface,
    fonts: Fonts,
    rect: pygame.Rect,
    s: float,
    title: str,
    turn: str,
    sub: str,
    color: Color,
    right: Sequence[Line] = (),
    right_scale: float = 1.0,
) -> list[pygame.Rect]:
    """The bar on top: the race's title, whose turn and what now, and on the right the clock and
    timer (`right_scale` times larger on a TV)."""
    pad = int(16 * s)
    t = fonts.shadowed(title, max(14, int(24 * s)), theme.CREAM, "serif")
    drawn = [surface.blit(t, t.get_rect(midleft=(rect.x + pad, rect.centery)))]
    rx = rect.right - pad
    for text, c, style in right:
        img = fonts.text(text, min(rect.h - 4, max(11, int(16 * s * right_scale))), c, style)
        drawn.append(surface.blit(img, img.get_rect(midright=(rx, rect.centery))))
        rx -= img.get_width() + int(16 * s)
    x = drawn[0].right + int(24 * s)
    width = rx - x
    if width > 40 and turn:
        timg = fit_text(fonts, turn, max(12, int(20 * s)), width, color, "bold")
        if sub:
            simg = fit_text(fonts, sub, max(10, int(13 * s)), width, theme.MUTED, "italic")
            h = timg.get_height() + simg.get_height() - int(4 * s)
            y = rect.centery - h // 2
            drawn.append(surface.blit(timg, (x, y)))
            drawn.append(surface.blit(simg, (x, y + timg.get_height() - int(4 * s))))
        else:
            drawn.append(surface.blit(timg, timg.get_rect(midleft=(x, rect.centery))))
    return drawn


def note_spot(size: tuple[int, int], anchor: tuple[int, int], bounds: pygame.Rect, s: float,
              avoid: Sequence[pygame.Rect] = (), spare: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a note of `size` goes: near `anchor` (the mouse), inside `bounds`, over none of `avoid`
    (the path it explains) if any place allows, then over as few of `spare` (the other lit fields)
    as it can, then as near the anchor as it can."""
    w, h = size
    ax, ay = anchor
    dx, dy = int(22 * s), int(18 * s)
    spots = [(ax + dx, ay + dy), (ax - dx - w, ay + dy), (ax + dx, ay - dy - h), (ax - dx - w, ay - dy - h)]
    if avoid:  # beyond the path on every side, level with the mouse
        box = avoid[0].unionall(list(avoid[1:]))
        gap = int(10 * s)
        spots += [(box.right + gap, ay - h // 2), (box.left - gap - w, ay - h // 2), (ax - w // 2, box.top - gap - h), (ax - w // 2, box.bottom + gap),
                  (box.right + gap, box.top), (box.left - gap - w, box.top), (box.right + gap, box.bottom - h), (box.left - gap - w, box.bottom - h)]
    inner = bounds.inflate(-8, -8)
    best: tuple[tuple[int, int, float], pygame.Rect] | None = None
    for x, y in spots:
        r = pygame.Rect(x, y, w, h).clamp(inner)
        rank = (sum(1 for a in avoid if r.colliderect(a)), sum(1 for a in spare if r.colliderect(a)), math.hypot(r.centerx - ax, r.centery - ay))
        if best is None or rank < best[0]:
            best = (rank, r)
    assert best is not None
    return best[1]


def draw_note(surface: pygame.Surface, fonts: Fonts, lines: Sequence[Line], anchor: tuple[int, int], bounds: pygame.Rect, s: float,
              avoid: Sequence[pygame.Rect] = (), spare: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small box of text near `anchor` (the mouse), kept inside `bounds` and off `avoid` (`note_spot`): the coach's note."""
    size = max(11, int(15 * s))
    imgs = [fonts.text(t, size + (2 if i == 0 else 0), c, st) for i, (t, c, st) in enumerate(lines) if t]
    if not imgs:
        return pygame.Rect(anchor, (0, 0))
    pad = int(9 * s)
    w = max(i.get_width() for i in imgs) + 2 * pad
    h = sum(i.get_height() for i in imgs) + 2 * pad
    box = note_spot((w, h), anchor, bounds, s, avoid, spare)
    theme.rounded_panel(surface, box, (18, 12, 8, 236), theme.BRASS, int(8 * s), 2)
    y = box.y + pad
    for img in imgs:
        surface.blit(img, (box.x + pad, y))
        y += img.get_height()
    return box


def draw_wrapped(surface: pygame.Surface, fonts: Fonts, text: str, rect: pygame.Rect, size: int, color: Color, style: str = "regular", max_lines: int = 3) -> int:
    """Text wrapped into `rect` from its top; returns the y under the last line."""
    lines = fonts.wrap(text, size, rect.w, style)[:max_lines]
    y = rect.y
    for line in lines:
        img = fonts.text(line, size, color, style)
        surface.blit(img, (rect.x, y))
        y += img.get_height() - 2
    return y
