"""The editor's frame round the board: the layout, the tool palette, the side panel (the tool's
options, the kind picker, the problems, the test drive's legend, the history, the buttons), the
title and status bars, the help sheet and a small text dialog.

Each part is painted into a surface only when what it shows changes (its `key`), and remembers
where its buttons are (`hits`: rectangles in window pixels with an action name) – a frame blits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.i18n import N_, _
from game.racerbile.track import Kind
from game.ui.board import board_art as art
from game.ui.common import theme
from game.ui.board.board_art import Palette
from game.ui.editor.editor_canvas import RUNOFF_COLOURS, SQUEAL_COLOUR
from game.ui.common.modal import Modal
from game.ui.common.theme import Color, Fonts

PANEL_BG = (26, 20, 14)
BAR_BG = (20, 15, 10)
ROW_HOVER = (58, 44, 28)
GOOD = (120, 210, 120)
BAD = (240, 110, 96)
DIM = (140, 130, 112)

Hit = tuple[pygame.Rect, str]


@dataclass(frozen=True)
class EditorLayout:
    """Where everything goes in a window of `size`."""

    size: tuple[int, int]
    s: float
    top: pygame.Rect
    tools: pygame.Rect
    panel: pygame.Rect
    status: pygame.Rect
    board: pygame.Rect

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> EditorLayout:
        w, h = size
        s = theme.scale_for(size)
        top_h = max(30, int(40 * s))
        status_h = max(24, int(28 * s))
        tools_w = max(62, int(76 * s))
        panel_w = max(250, min(380, int(w * 0.235)))
        top = pygame.Rect(0, 0, w, top_h)
        status = pygame.Rect(0, h - status_h, w, status_h)
        mid = h - top_h - status_h
        tools = pygame.Rect(0, top_h, tools_w, mid)
        panel = pygame.Rect(w - panel_w, top_h, panel_w, mid)
        board = pygame.Rect(tools_w, top_h, w - tools_w - panel_w, mid)
        return cls(size, s, top, tools, panel, status, board)

    def font(self, base: int) -> int:
        """A font size for the design size `base` at 1280×800, never below 11 pixels."""
        return max(11, int(base * self.s))


# --- small drawing helpers ------------------------------------------------------------------------


def hex_points(c: tuple[float, float], r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 30 if pointy else 0
    return [(c[0] + r * math.cos(math.radians(start + 60 * i)), c[1] + r * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def draw_kind(surf: pygame.Surface, c: tuple[float, float], r: float, kind: Kind, pal: Palette) -> None:
    """A field of `kind` as a small hex (the kind picker, the legend)."""
    art.polygon(surf, pal.outline, hex_points(c, r + 1.5))
    art.polygon(surf, pal.fields[kind], hex_points(c, r))
    if kind is Kind.BLOCKING:
        art.draw_star(surf, c, r * 0.6, pal.star)
    elif kind is Kind.MIDWAY:
        art.draw_bar(surf, c, (0.0, 1.0), r * 0.8, max(1.0, r * 0.14), pal.midway_line)
    elif kind is Kind.DOWNSHIFT:
        pygame.draw.circle(surf, art.shade(pal.fields[kind], 0.45), c, max(2.0, r * 0.22))


def button(surf: pygame.Surface, fonts: Fonts, rect: pygame.Rect, text: str, size: int, *, hot: bool = False, on: bool = False, enabled: bool = True) -> None:
    fill = (120, 86, 40) if on else (70, 52, 32) if hot and enabled else (46, 34, 22)
    pygame.draw.rect(surf, fill, rect, border_radius=6)
    pygame.draw.rect(surf, theme.BRASS if on else theme.BRASS_DARK, rect, 1, border_radius=6)
    t = fonts.text(text, size, theme.CREAM if enabled else DIM, "bold")
    if t.get_width() > rect.w - 6:
        t = pygame.transform.smoothscale(t, (rect.w - 6, max(1, int(t.get_height() * (rect.w - 6) / t.get_width()))))
    surf.blit(t, (rect.centerx - t.get_width() // 2, rect.centery - t.get_height() // 2))


# --- the tool palette -----------------------------------------------------------------------------

SHORT = {  # shown through `_()`
    "Paint": N_("Paint"), "Lane": N_("Lane"), "Rectangle": N_("Rect"), "Fill": N_("Fill"), "Start line": N_("Start"), "Arrows": N_("Arrow"),
    "Splits": N_("Split"), "Pit lane": N_("Pit"), "42 field": "42", "Dunlop": "Dunlop", "Labels": N_("Label"), "Image": N_("Image"),
}


def _icon(surf: pygame.Surface, name: str, c: tuple[int, int], r: float, fonts: Fonts, pal: Palette) -> None:
    """A little picture of a tool, about 2r across."""
    ink = theme.CREAM
    x, y = c
    if name == "Paint":
        draw_kind(surf, c, r * 0.8, Kind.NORMAL, pal)
    elif name == "Lane":
        for i in range(3):
            for j in range(2):
                art.polygon(surf, pal.fields[Kind.NORMAL], hex_points((x - r * 0.62 + i * r * 0.62 + j * r * 0.31, y - r * 0.3 + j * r * 0.54), r * 0.3))
    elif name == "Rectangle":
        pygame.draw.rect(surf, pal.fields[Kind.NORMAL], (x - r * 0.8, y - r * 0.55, r * 1.6, r * 1.1), 2)
    elif name == "Fill":
        art.polygon(surf, pal.fields[Kind.NORMAL], hex_points(c, r * 0.8))
        pygame.draw.circle(surf, pal.fields[Kind.DOWNSHIFT], c, r * 0.35)
    elif name == "Start line":
        art.draw_chequer(surf, (x - r * 0.8, y), (x + r * 0.8, y), (0.0, 1.0), r * 0.55, 6)
    elif name == "Arrows":
        art.draw_arrow(surf, c, (1.0, 0.0), r * 1.3, ink, (20, 20, 22))
    elif name == "Splits":
        w = max(2, int(r * 0.18))
        pygame.draw.line(surf, ink, (x, y + r * 0.8), (x, y), w)
        pygame.draw.line(surf, ink, (x, y), (x - r * 0.6, y - r * 0.7), w)
        pygame.draw.line(surf, ink, (x, y), (x + r * 0.6, y - r * 0.7), w)
    elif name == "Pit lane":
        pygame.draw.circle(surf, (20, 60, 170), c, r * 0.7)
        t = fonts.text("P", int(r * 1.0), ink, "bold")
        surf.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2))
    elif name == "42 field":
        t = fonts.text("42", int(r * 1.15), pal.mark_ink if art.luminance(pal.mark_ink) > 0.4 else (255, 214, 0), "bold")
        surf.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2))
    elif name == "Dunlop":
        pygame.draw.rect(surf, (26, 26, 28), (x - r * 0.9, y - r * 0.32, r * 1.8, r * 0.64), border_radius=3)
        t = fonts.text("DUNLOP", max(7, int(r * 0.38)), (255, 210, 0), "bold")
        surf.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2))
    elif name == "Labels":
        t = fonts.text("Aa", int(r * 1.05), ink, "serif")
        surf.blit(t, (x - t.get_width() // 2, y - t.get_height() // 2))
    elif name == "Image":
        box = pygame.Rect(int(x - r * 0.8), int(y - r * 0.6), int(r * 1.6), int(r * 1.2))
        pygame.draw.rect(surf, (90, 120, 150), box)
        pygame.draw.polygon(surf, (60, 110, 60), [(box.x, box.bottom), (box.x + box.w * 0.4, box.y + box.h * 0.35), (box.right, box.bottom)])
        pygame.draw.rect(surf, ink, box, 1)
    elif name == "Select":  # a dashed box round two fields
        for i in range(2):
            art.polygon(surf, pal.fields[Kind.NORMAL], hex_points((x - r * 0.3 + i * r * 0.6, y), r * 0.32))
        box = pygame.Rect(int(x - r * 0.85), int(y - r * 0.6), int(r * 1.7), int(r * 1.2))
        for k in range(0, box.w, 6):
            pygame.draw.line(surf, (255, 214, 90), (box.x + k, box.y), (box.x + min(k + 3, box.w), box.y), 2)
            pygame.draw.line(surf, (255, 214, 90), (box.x + k, box.bottom), (box.x + min(k + 3, box.w), box.bottom), 2)
        for k in range(0, box.h, 6):
            pygame.draw.line(surf, (255, 214, 90), (box.x, box.y + k), (box.x, box.y + min(k + 3, box.h)), 2)
            pygame.draw.line(surf, (255, 214, 90), (box.right, box.y + k), (box.right, box.y + min(k + 3, box.h)), 2)


def render_tools(lay: EditorLayout, fonts: Fonts, tools: Sequence[tuple[str, str]], current: int, hot: str, pal: Palette) -> tuple[pygame.Surface, list[Hit]]:
    """The palette: a button per tool (picture, short name, key)."""
    r = lay.tools
    surf = pygame.Surface(r.size)
    surf.fill(BAR_BG)
    pygame.draw.line(surf, theme.BRASS_DARK, (r.w - 1, 0), (r.w - 1, r.h), 1)
    pad = max(4, int(5 * lay.s))
    bh = max(36, min(int(58 * lay.s), (r.h - pad) // max(1, len(tools)) - pad))
    hits: list[Hit] = []
    for i, (name, key) in enumerate(tools):
        b = pygame.Rect(pad, pad + i * (bh + pad), r.w - 2 * pad, bh)
        action = f"tool:{i}"
        on = i == current
        pygame.draw.rect(surf, (120, 86, 40) if on else (60, 45, 28) if hot == action else (38, 29, 19), b, border_radius=7)
        pygame.draw.rect(surf, theme.BRASS if on else theme.BRASS_DARK, b, 2 if on else 1, border_radius=7)
        label = fonts.text(_(SHORT.get(name, name)), lay.font(12), theme.CREAM, "bold")
        icon_r = max(7.0, min(b.w * 0.22, (b.h - label.get_height()) * 0.36))
        _icon(surf, name, (b.centerx, int(b.y + 3 + icon_r)), icon_r, fonts, pal)
        surf.blit(label, (b.centerx - label.get_width() // 2, b.bottom - label.get_height() - 1))
        k = fonts.text(key, lay.font(11), theme.BRASS, "bold")
        surf.blit(k, (b.right - k.get_width() - 3, b.y + 1))
        hits.append((b.move(r.x, r.y), action))
    return surf, hits


# --- the side panel -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProblemRow:
    message: str
    located: bool  # has fields to show


@dataclass(frozen=True)
class PanelState:
    """Everything the side panel shows, as plain data (equal states draw alike)."""

    tool: str
    key: str
    hint: str
    uses_kind: bool
    kind: Kind
    lane_width: int | None  # the lane tool's width, else None
    image: str | None  # the image tool: a line about the background, else None
    checking: bool  # validation pending
    problems: tuple[ProblemRow, ...]
    problem_scroll: int
    drive: tuple[str, ...] | None  # the test drive's lines, or None
    history: tuple[str, ...]
    redo: str | None
    can_undo: bool
    can_redo: bool
    theme: str
    facts: tuple[tuple[str, str], ...] = ()  # what the track is made of (shown when it is valid)
    hot: str = ""
    selection: int | None = None  # the Select tool: how many fields are selected, else None
    hints: tuple[str, ...] = ()  # not problems, but most likely meant otherwise (a fork with no split)
    empty: bool = False  # an empty sheet: where to start, not its problems


@dataclass
class PanelPicture:
    surface: pygame.Surface
    hits: list[Hit] = field(default_factory=list)
    problems_area: pygame.Rect | None = None  # the list (window pixels): the wheel scrolls it
    rows_shown: int = 0


HINT = (240, 190, 80)  # a hint: amber, not the red of a problem

TEST_CAPS = ((200, 30, 30), (30, 90, 200))  # the test drive's two caps, "T" (Test) and "P" (Pace)

LEGEND: tuple[tuple[str, str], ...] = (
    ("caps", N_("the caps T and P: the two test bots, Test and Pace")),
    ("off10", N_("a run-off: a 10 flies off the track here")),
    ("off11", N_("only an 11 (orange) or a 12 (yellow) does")),
    ("squeal", N_("a bend: a 7–9 must turn here, a squeal")),
    ("size", N_("larger, stronger: more of them")),
    ("hot", N_("only the worst fields are marked")),
    ("trail", N_("white: the bots' move under way")),
)


def render_panel(lay: EditorLayout, fonts: Fonts, st: PanelState, pal: Palette) -> PanelPicture:
    """The side panel for `st`."""
    r = lay.panel
    surf = pygame.Surface(r.size)
    surf.fill(PANEL_BG)
    pygame.draw.line(surf, theme.BRASS_DARK, (0, 0), (0, r.h), 1)
    pic = PanelPicture(surf)
    pad = max(8, int(12 * lay.s))
    w = r.w - 2 * pad
    y = pad
    f_head, f_text, f_small = lay.font(17), lay.font(14), lay.font(12)

    def hit(rect: pygame.Rect, action: str) -> None:
        pic.hits.append((rect.move(r.x, r.y), action))

    def text(line: str, size: int, color: Color, style: str = "regular", x: int = pad) -> int:
        t = fonts.text(line, size, color, style)
        surf.blit(t, (x, y))
        return t.get_height()

    # the tool
    y += text(_(st.tool), f_head, theme.CREAM, "serif")
    k = fonts.text(_("key {key}").format(key=st.key), f_small, theme.BRASS, "bold")
    surf.blit(k, (r.w - pad - k.get_width(), pad + 4))
    y += 2
    for line in fonts.wrap(st.hint, f_small, w, "italic")[:4]:
        y += text(line, f_small, theme.MUTED, "italic")
    y += 6
    if st.uses_kind:
        cols = 2
        cw = (w - 6) // cols
        rh = max(26, int(30 * lay.s))
        kinds = (Kind.NORMAL, Kind.DOWNSHIFT, Kind.BLOCKING, Kind.MIDWAY)
        for i, kind in enumerate(kinds):
            b = pygame.Rect(pad + (i % cols) * (cw + 6), y + (i // cols) * (rh + 4), cw, rh)
            on = kind is st.kind
            action = f"kind:{i}"
            pygame.draw.rect(surf, (120, 86, 40) if on else ROW_HOVER if st.hot == action else (40, 31, 20), b, border_radius=6)
            pygame.draw.rect(surf, theme.BRASS if on else theme.BRASS_DARK, b, 2 if on else 1, border_radius=6)
            hr = rh * 0.32
            draw_kind(surf, (b.x + 6 + hr, b.centery), hr, kind, pal)
            label, room = f"{i + 1} {_(kind.value)}", b.right - 4 - (b.x + 12 + 2 * hr)
            while len(label) > 3 and fonts.width(label, f_small, "bold") > room:  # a longer language's word, cut visibly
                label = label[:-2] + "…"
            t = fonts.text(label, f_small, theme.CREAM, "bold")
            surf.blit(t, (b.x + 12 + 2 * hr, b.centery - t.get_height() // 2))
            hit(b, action)
        y += 2 * (rh + 4) + 4
    if st.lane_width is not None:
        rh = max(24, int(28 * lay.s))
        t = fonts.text((_("width: {n} lane") if st.lane_width == 1 else _("width: {n} lanes")).format(n=st.lane_width) + "   [ ]", f_text, theme.CREAM, "bold")
        surf.blit(t, (pad, y + (rh - t.get_height()) // 2))
        for j, (label, action) in enumerate((("−", "width:-1"), ("+", "width:1"))):
            b = pygame.Rect(r.w - pad - (2 - j) * (rh + 4), y, rh, rh)
            button(surf, fonts, b, label, f_text, hot=st.hot == action)
            hit(b, action)
        y += rh + 6
    if st.selection is not None:
        rh = max(24, int(28 * lay.s))
        say = (_("{n} field selected") if st.selection == 1 else _("{n} fields selected")).format(n=st.selection) if st.selection else _("nothing selected: drag a box")
        y += text(say, f_small, theme.CREAM)
        bw3 = (w - 12) // 3
        region_rows = (
            ((_("Turn ⟲ Q"), "region:turn-left"), (_("Turn ⟳ E"), "region:turn-right"), (_("Mirror H"), "region:mirror")),
            ((_("Copy"), "region:copy"), (_("Cut"), "region:cut"), (_("Paste"), "region:paste")),
        )
        for region_row in region_rows:
            for j, (label, action) in enumerate(region_row):
                b = pygame.Rect(pad + j * (bw3 + 6), y + 4, bw3, rh)
                button(surf, fonts, b, label, f_small, hot=st.hot == action)
                hit(b, action)
            y += rh + 6
        y += 4
    if st.image is not None:
        for line in fonts.wrap(st.image, f_small, w)[:3]:
            y += text(line, f_small, theme.CREAM)
        rh = max(24, int(28 * lay.s))
        bw = (w - 6) // 2
        for j, (label, action) in enumerate(((_("Load image… (O)"), "image:load"), (_("Remove (Del)"), "image:remove"))):
            b = pygame.Rect(pad + j * (bw + 6), y + 4, bw, rh)
            button(surf, fonts, b, label, f_small, hot=st.hot == action)
            hit(b, action)
        y += rh + 6
        bw3 = (w - 12) // 3
        for j, (label, action) in enumerate(((_("Scale…"), "image:scale"), (_("Fit to window"), "image:fit"), (_("Calibrate (K)"), "image:calibrate"))):
            b = pygame.Rect(pad + j * (bw3 + 6), y + 4, bw3, rh)
            button(surf, fonts, b, label, f_small, hot=st.hot == action)
            hit(b, action)
        y += rh + 10
    y += 2
    pygame.draw.line(surf, theme.BRASS_DARK, (pad, y), (r.w - pad, y), 1)
    y += 6

    # the bottom: buttons and history (drawn from the bottom up)
    bh = max(26, int(30 * lay.s))
    button_rows = (
        ((_("Undo"), "undo", st.can_undo), (_("Redo"), "redo", st.can_redo), (_("Test drive"), "drive", True)),
        ((_("Save"), "save", True), (_("Save as…"), "saveas", True), (_("Export PNG"), "export", True)),
        ((_("Name…"), "rename", True), (_("Theme…"), "theme", True), (_("Keys (F1)"), "help", True)),
    )
    by = r.h - pad - len(button_rows) * (bh + 5) + 5
    bw = (w - 2 * 5) // 3
    for i, brow in enumerate(button_rows):
        for j, (label, action, enabled) in enumerate(brow):
            b = pygame.Rect(pad + j * (bw + 5), by + i * (bh + 5), bw, bh)
            button(surf, fonts, b, label, f_small, hot=st.hot == action, on=action == "drive" and st.drive is not None, enabled=enabled)
            if enabled:
                hit(b, action)
    hist_rows = 5 if lay.size[1] >= 700 else 3
    line_h = fonts.font(f_small).get_linesize()
    hy = by - 8 - line_h * (hist_rows + 1) - 6
    pygame.draw.line(surf, theme.BRASS_DARK, (pad, hy - 4), (r.w - pad, hy - 4), 1)
    edits = (_("History · {n} edit") if len(st.history) == 2 else _("History · {n} edits")).format(n=len(st.history) - 1)
    surf.blit(fonts.text(edits + " · " + _("Ctrl+Z / Ctrl+Y"), f_small, theme.BRASS, "bold"), (pad, hy))
    hy += line_h + 2
    shown = list(enumerate(st.history))[-hist_rows:]
    if st.redo is not None:
        shown = shown[-(hist_rows - 1):] if hist_rows > 1 else []
    for i, label in shown:
        current = i == len(st.history) - 1
        row = pygame.Rect(pad - 4, hy - 1, w + 8, line_h)
        action = f"history:{i}"
        if st.hot == action and not current:
            pygame.draw.rect(surf, ROW_HOVER, row, border_radius=4)
        t = fonts.text(("▸ " if current else "   ") + _(label), f_small, theme.CREAM if current else theme.MUTED, "bold" if current else "regular")
        surf.blit(t, (pad, hy), pygame.Rect(0, 0, w, line_h))
        hit(row, action)
        hy += line_h
    if st.redo is not None:
        t = fonts.text(f"   ↷ {_(st.redo)}", f_small, DIM, "italic")
        surf.blit(t, (pad, hy), pygame.Rect(0, 0, w, line_h))
    bottom = by - 8 - line_h * (hist_rows + 1) - 14

    # the middle: the test drive, or the problems
    if st.drive is not None:
        y += text(_("Test drive"), f_head, theme.CREAM, "serif") + 2
        for line in st.drive:
            for part in fonts.wrap(line, f_small, w):
                if y + line_h > bottom - 4 * (line_h + 4):
                    break
                y += text(part, f_small, theme.CREAM)
        y += 6
        for key, label in LEGEND:
            parts = fonts.wrap(_(label), f_small, w - 24)  # the legend's words within the panel
            if y + line_h * len(parts) > bottom:
                break
            cx, cy = pad + 8, y + line_h // 2
            if key == "hot":
                pass
            elif key == "caps":
                for nth, (colour, letter) in enumerate(zip(TEST_CAPS, "TP")):
                    at = (cx - 3 + 11 * nth, cy)
                    pygame.draw.circle(surf, colour, at, 5)
                    pygame.draw.circle(surf, (250, 250, 246), at, 5, 1)
                    cap = fonts.text(letter, max(8, f_small - 4), (250, 250, 246), "bold")
                    surf.blit(cap, (at[0] - cap.get_width() // 2, at[1] - cap.get_height() // 2))
            elif key == "trail":
                pygame.draw.line(surf, (250, 250, 246), (cx - 8, cy), (cx + 8, cy), 3)
            elif key == "squeal":
                art.polygon(surf, art.mix(SQUEAL_COLOUR, PANEL_BG, 0.25), hex_points((cx, cy), 8))
            elif key == "size":
                pygame.draw.circle(surf, RUNOFF_COLOURS[10], (cx - 4, cy), 4)
                pygame.draw.circle(surf, RUNOFF_COLOURS[10], (cx + 6, cy), 7)
            else:
                dot = RUNOFF_COLOURS[10] if key == "off10" else RUNOFF_COLOURS[11]
                pygame.draw.circle(surf, dot, (cx, cy), 6)
                pygame.draw.circle(surf, (250, 250, 246), (cx, cy), 6, 1)
                if key == "off11":
                    pygame.draw.circle(surf, RUNOFF_COLOURS[12], (cx + 9, cy), 5)
            for part in parts:
                surf.blit(fonts.text(part, f_small, theme.MUTED), (pad + 24, y))
                y += line_h
            y += 4
        return pic
    n = len(st.problems)
    if st.empty:  # nothing painted yet: not "✗ 2 problems" but where to begin
        for line in fonts.wrap(_("Start by painting a lane (L)"), f_head, w, "serif"):  # (Danish runs long)
            y += text(line, f_head, HINT, "serif")
        y += 4
        for line in fonts.wrap(_("Drag along the track with the Lane tool; the start, the arrows and the rest follow."), f_small, w, "italic"):
            y += text(line, f_small, theme.MUTED, "italic")
        return pic
    if st.checking and not n:
        head, col = _("Checking…"), theme.MUTED
    elif n == 0:
        head, col = "✓ " + _("Ready to race"), GOOD
    else:
        head, col = "✗ " + (_("{n} problem") if n == 1 else _("{n} problems")).format(n=n), BAD
    y += text(head, f_head, col, "serif") + 4
    for i, hint_text in enumerate(st.hints[:2]):
        lines = fonts.wrap(hint_text, f_small, w - 14)[:3]
        row = pygame.Rect(pad - 4, y - 2, w + 8, line_h * len(lines) + 6)
        action = f"hint:{i}"
        if st.hot == action:
            pygame.draw.rect(surf, ROW_HOVER, row, border_radius=4)
        pygame.draw.circle(surf, HINT, (pad + 4, y + line_h // 2), 4)
        for j, line in enumerate(lines):
            surf.blit(fonts.text(line, f_small, HINT if j == 0 else theme.MUTED), (pad + 14, y + j * line_h))
        hit(row, action)
        y += row.h + 2
    if n == 0:
        for line in fonts.wrap(_("The validator finds nothing wrong: save it, or take it for a test drive (T)."), f_small, w, "italic"):
            y += text(line, f_small, theme.MUTED, "italic")
        y += 8
        for label, value in st.facts:
            if y + line_h > bottom:
                break
            surf.blit(fonts.text(_(label), f_small, theme.MUTED), (pad, y))
            v = fonts.text(value, f_small, theme.CREAM, "bold")
            surf.blit(v, (r.w - pad - v.get_width(), y))
            y += line_h
        return pic
    top = y
    area = pygame.Rect(pad - 4, top, w + 8, max(0, bottom - top))
    pic.problems_area = area.move(r.x, r.y)
    first = max(0, min(st.problem_scroll, n - 1))
    for i in range(first, n):
        p = st.problems[i]
        lines = fonts.wrap(p.message, f_small, w - 14)
        if len(lines) > 4:
            lines = lines[:4]
            lines[-1] = lines[-1].rstrip(" ,.") + " …"
        h = line_h * len(lines) + 6
        if y + h > bottom:
            break
        row = pygame.Rect(pad - 4, y - 2, w + 8, h)
        action = f"problem:{i}"
        if st.hot == action and p.located:
            pygame.draw.rect(surf, ROW_HOVER, row, border_radius=4)
        pygame.draw.circle(surf, BAD, (pad + 4, y + line_h // 2), 4)
        for j, line in enumerate(lines):
            surf.blit(fonts.text(line, f_small, theme.CREAM if j == 0 else theme.MUTED), (pad + 14, y + j * line_h))
        if p.located:
            hit(row, action)
        y += h
        pic.rows_shown += 1
    if first + pic.rows_shown < n or first > 0:
        more = fonts.text(_("{first}–{last} of {n} · the wheel scrolls · click: show").format(first=first + 1, last=first + pic.rows_shown, n=n), f_small, DIM, "italic")
        surf.blit(more, (pad, min(bottom, y) + 2))
    return pic


# --- the bars -------------------------------------------------------------------------------------


def render_top(lay: EditorLayout, fonts: Fonts, name: str, author: str, where: str, dirty: bool, hot: str) -> tuple[pygame.Surface, list[Hit]]:
    r = lay.top
    surf = pygame.Surface(r.size)
    surf.fill(BAR_BG)
    pygame.draw.line(surf, theme.BRASS_DARK, (0, r.h - 1), (r.w, r.h - 1), 1)
    pad = int(12 * lay.s)
    title = fonts.shadowed(name or _("(no name)"), lay.font(22), theme.CREAM, "serif", 2)
    by = fonts.text(_("by {author}").format(author=author) if author else _("no author yet"), lay.font(14), theme.MUTED, "italic")
    box = pygame.Rect(pad - 4, 2, title.get_width() + by.get_width() + 22, r.h - 4)
    if hot == "rename":
        pygame.draw.rect(surf, ROW_HOVER, box, border_radius=6)
    surf.blit(title, (pad, (r.h - title.get_height()) // 2))
    surf.blit(by, (pad + title.get_width() + 10, (r.h - by.get_height()) // 2 + 2))
    mark = ("● " + _("unsaved") + " · " if dirty else "") + where
    t = fonts.text(mark, lay.font(13), theme.AMBER if dirty else theme.MUTED, "bold" if dirty else "regular")
    room = r.w - box.right - 2 * pad
    if t.get_width() > room > 40:
        t = t.subsurface(pygame.Rect(t.get_width() - room, 0, room, t.get_height()))
    surf.blit(t, (r.w - pad - t.get_width(), (r.h - t.get_height()) // 2))
    return surf, [(box.move(r.x, r.y), "rename")]


def render_status(lay: EditorLayout, fonts: Fonts, left: str, left_color: Color, middle: str, right: str, message: str) -> pygame.Surface:
    r = lay.status
    surf = pygame.Surface(r.size)
    surf.fill(BAR_BG)
    pygame.draw.line(surf, theme.BRASS_DARK, (0, 0), (r.w, 0), 1)
    pad = int(12 * lay.s)
    size = lay.font(13)
    a = fonts.text(left, size, left_color, "bold")
    surf.blit(a, (pad, (r.h - a.get_height()) // 2))
    x = pad + a.get_width() + 3 * pad
    if message:
        m = fonts.text(message, size, theme.AMBER, "bold")
        room = r.w - x - pad
        surf.blit(m, (x, (r.h - m.get_height()) // 2), pygame.Rect(0, 0, room, m.get_height()))
        return surf
    c = fonts.text(right, size, theme.MUTED)
    surf.blit(c, (r.w - pad - c.get_width(), (r.h - c.get_height()) // 2))
    b = fonts.text(middle, size, theme.CREAM)
    room = r.w - pad - c.get_width() - 2 * pad - x
    surf.blit(b, (x, (r.h - b.get_height()) // 2), pygame.Rect(0, 0, max(0, room), b.get_height()))
    return surf


# --- the help sheet -------------------------------------------------------------------------------

HELP_SECTIONS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (N_("Tools"), (
        ("B", N_("paint: left drag lays fields, right drag erases")),
        ("L", N_("lane: drag a stretch 1–3 lanes wide; [ ] width")),
        ("R", N_("rectangle: drag corner to corner (right: erase)")),
        ("G", N_("fill: re-kind a region, fill an infield")),
        ("S", N_("start line: drag the fields, click the heading")),
        ("A", N_("arrows: click a field, then the way out")),
        ("X", N_("splits: fork, branches, Enter, rejoin, name")),
        ("P", N_("pit lane: drag it in order, click entry, exit")),
        ("N", N_("the 42 field (Le Mans)")),
        ("D", N_("the Dunlop bridge: drag its fields")),
        ("W", N_("labels: click, type the text")),
        ("I", N_("image: drag to move, [ ] scale, , . opacity")),
        ("K", N_("image: calibrate by two points")),
        ("M", N_("select: a box; drag, Q/E turn, H mirror")),
        (N_("Ctrl+C/X/V"), N_("copy, cut, paste the selection")),
    )),
    (N_("Kinds"), (
        ("1", N_("normal")), ("2", N_("downshift (first gear)")), ("3", N_("blocking")), ("4", N_("midway (exactly one)")),
    )),
    (N_("View"), (
        (N_("wheel"), N_("zoom about the mouse · + − zoom")),
        (N_("middle drag"), N_("pan (or Space + drag, arrow keys)")),
        ("F", N_("fit the track to the window")),
        (N_("Alt+drag"), N_("move the background image")),
        (N_("Alt+wheel"), N_("scale the background image")),
    )),
    (N_("Mouse"), (
        (N_("left"), N_("the tool: lay, pick, place")),
        (N_("right"), N_("its opposite: erase, remove")),
        (N_("middle"), N_("pan · the wheel zooms")),
    )),
    (N_("Test drive (T)"), (
        (N_("red dot"), N_("a run-off: flat-out 10s fly off the track here")),
        (N_("orange, yellow"), N_("only an 11, only a 12 does")),
        (N_("blue field"), N_("a bend: a 7–9 must turn here – a squeal")),
        ("Enter", N_("skip to the end of the lap · T: back to editing")),
    )),
    (N_("Edit and file"), (
        (N_("Ctrl+Z"), N_("undo (no limit) · Ctrl+Y or Ctrl+Shift+Z redo")),
        (N_("Ctrl+S"), N_("save (refused while there are problems)")),
        (N_("Ctrl+Shift+S"), N_("save as … · Ctrl+E export a PNG")),
        ("F2", N_("name and author · C: the theme")),
        ("O", N_("load a background image (or drop a file)")),
        ("T", N_("test drive: a bot drives a lap, the dangers shown")),
        ("Enter", N_("finish a step · Esc: cancel it, or leave")),
    )),
)


def render_help(size: tuple[int, int], fonts: Fonts) -> pygame.Surface:
    """The keys and what they do, on a dark sheet over the editor."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 150))
    box, items = help_layout(size, fonts)
    theme.rounded_panel(surf, box, (30, 36, 36, 246), theme.BRASS_DARK, 14, 2)
    for img, pos in items:
        surf.blit(img, pos)
    return surf


def help_layout(size: tuple[int, int], fonts: Fonts) -> tuple[pygame.Rect, list[tuple[pygame.Surface, tuple[int, int]]]]:
    """The key help's sheet and its texts placed in two columns: each key's words wrapped beside the
    key, in the largest type (14 down to 10) with which everything fits the sheet."""
    lay = EditorLayout.for_size(size)
    w = min(size[0] - 40, int(1000 * lay.s))
    h = min(size[1] - 40, int(720 * lay.s))
    box = pygame.Rect(0, 0, w, h)
    box.center = (size[0] // 2, size[1] // 2)
    pad = int(22 * lay.s)
    title = fonts.shadowed(_("The track editor – keys"), lay.font(28), theme.CHALK, "serif")
    hint = fonts.text(_("F1, ? or Esc closes"), lay.font(13), theme.CHALK_DIM, "italic")
    head: list[tuple[pygame.Surface, tuple[int, int]]] = [
        (title, (box.x + pad, box.y + pad // 2)), (hint, (box.right - pad - hint.get_width(), box.y + pad))]
    col_w = (w - 3 * pad) // 2
    y0 = box.y + pad // 2 + title.get_height() + 8
    items: list[tuple[pygame.Surface, tuple[int, int]]] = []
    for pt in (14, 13, 12, 11, 10):
        size_t = max(8, int(pt * lay.s))
        line = fonts.font(size_t).get_linesize()
        items, x, y, fits = [], box.x + pad, y0, True
        for name, rows in HELP_SECTIONS:
            key_w = min(col_w * 2 // 5, max(fonts.width(_(k), size_t, "bold") for k, _w in rows) + int(12 * lay.s))
            wrapped = [fonts.wrap(_(what), size_t, col_w - key_w) for _k, what in rows]
            need = line + 2 + sum(line * len(ws) for ws in wrapped) + 8
            if y + need > box.bottom - pad and x == box.x + pad:
                x, y = box.x + 2 * pad + col_w, y0
            if y + need > box.bottom - pad:
                fits = False
            items.append((fonts.text(_(name), int(size_t * 1.2), theme.CHALK_YELLOW, "bold"), (x, y)))
            y += line + 2
            for (key, _what), ws in zip(rows, wrapped):
                items.append((fonts.text(fonts.fit(_(key), size_t, key_w - int(6 * lay.s), "bold"), size_t, theme.CHALK_BLUE, "bold"), (x, y)))
                for part in ws:
                    items.append((fonts.text(part, size_t, theme.CHALK), (x + key_w, y)))
                    y += line
            y += 8
        if fits:
            break
    return box, head + items


# --- a small dialog for texts ---------------------------------------------------------------------


class TextPrompt(Modal):
    """A title and one or more labelled lines to type in; OK (Enter) or Cancel (Esc).
    `done` gets the texts, or None when cancelled."""

    def __init__(self, fonts: Fonts, size: tuple[int, int], title: str, prompts: Sequence[tuple[str, str]], done: Callable[[list[str] | None], None]) -> None:
        self.title = title
        self.prompts = list(prompts)
        self.done = done
        self.entries: list[UITextEntryLine] = []
        self.message = ""
        super().__init__(fonts, size, (640, 130 + 66 * len(self.prompts)))

    def build(self) -> None:
        texts = [e.get_text() for e in self.entries] if self.entries else [t for _, t in self.prompts]
        w, h = self.rect.size
        c = self.panel
        UILabel(pygame.Rect(20, 12, w - 40, 34), self.title, self.ui, container=c, object_id="#title_label")
        self.entries = []
        y = 52
        for (label, _default), text in zip(self.prompts, texts):
            UILabel(pygame.Rect(20, y, w - 40, 24), label, self.ui, container=c, object_id="#hint_label")
            e = UITextEntryLine(pygame.Rect(20, y + 26, w - 40, 34), self.ui, container=c, initial_text=text)
            e.set_text_length_limit(400)
            self.entries.append(e)
            y += 66
        self.ok = UIButton(pygame.Rect(w - 20 - 130 - 10 - 130, h - 56, 130, 40), _("OK"), self.ui, container=c)
        self.cancel_button = UIButton(pygame.Rect(w - 20 - 130, h - 56, 130, 40), _("Cancel"), self.ui, container=c)
        if self.entries:
            self.entries[0].focus()
            self.entries[0].edit_position = len(self.entries[0].get_text())

    def texts(self) -> list[str]:
        return [e.get_text() for e in self.entries]

    def finish(self, answer: list[str] | None) -> None:
        self.close()
        self.done(answer)

    def on_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.ok:
                self.finish(self.texts())
            elif e.ui_element is self.cancel_button:
                self.finish(None)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish(self.texts())
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_TAB and len(self.entries) > 1:
            i = next((k for k, x in enumerate(self.entries) if x.is_focused), -1)
            nxt = self.entries[(i + 1) % len(self.entries)]
            for x in self.entries:
                x.unfocus()
            nxt.focus()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.message:
            t = self.fonts.text(self.message, 14, theme.CHALK_RED, "bold")
            surface.blit(t, (self.rect.x + 20, self.rect.bottom - 80))
