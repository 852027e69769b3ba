"""What the editor draws besides the sheet: the overlays on the board (a tool's preview, the compass,
a problem's flash, the calibration points, the test drive's cars and trail, the hover) and the
frame round it (the palette, the side panel, the title bar, the status line) with the words they
show, each picture cached until what it shows changes.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.hexgrid import DIRECTION_NAMES, Hex
from game.i18n import N_, _, plural, tr
from game.racerbile.draft import Draft
from game.racerbile.track import Kind
from game.ui.board import board_art as art
from game.ui.board.board_art import CapArt
from game.ui.common import theme
from game.ui.common.words import theme_label
from game.ui.editor.editor_panels import TEST_CAPS, Hit, PanelPicture, PanelState, ProblemRow, render_panel, render_status, render_tools, render_top
from game.ui.editor.editor_tool_base import KINDS, Preview, ways_round
from game.ui.editor.editor_tools_image import ImageTool
from game.ui.editor.editor_tools_lay import LaneTool
from game.ui.editor.editor_tools_select import SelectTool

if TYPE_CHECKING:
    from game.ui.editor.editor import EditorScene

CAR_COLOURS = TEST_CAPS
TRAIL = (250, 250, 246)  # the test drive's move under way (the bends are tinted blue)


class EditorFrame:
    """The overlays and the frame of one `EditorScene`, and which button lies under a point."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.caps: CapArt | None = None
        self.facts_of: tuple[Draft, int | None, tuple[tuple[str, str], ...]] | None = None
        self.help_pic: pygame.Surface | None = None
        self.tools_pic: tuple[object, pygame.Surface, list[Hit]] | None = None
        self.panel_pic: tuple[PanelState, PanelPicture] | None = None
        self.top_pic: tuple[object, pygame.Surface, list[Hit]] | None = None
        self.status_pic: tuple[object, pygame.Surface] | None = None

    def forget(self) -> None:
        """Draw every picture anew (the window's size changed)."""
        self.help_pic = None
        self.tools_pic = self.panel_pic = self.top_pic = self.status_pic = None

    def action_at(self, pos: tuple[int, int]) -> str:
        for pic in (self.tools_pic, self.top_pic):
            if pic is not None:
                for rect, action in pic[2]:
                    if rect.collidepoint(pos):
                        return action
        if self.panel_pic is not None:
            for rect, action in self.panel_pic[1].hits:
                if rect.collidepoint(pos):
                    return action
        return ""

    def draw_overlays(self, surface: pygame.Surface) -> None:
        s = self.scene
        c = s.canvas
        k = c.scale
        for p in s.tool.previews():
            self.draw_preview(surface, p)
        if s.flash is not None:
            fields, t0 = s.flash
            age = s.clock - t0
            if age > 1.6:
                s.flash = None
            else:
                r = k * (1.0 + 0.5 * abs(math.sin(age * 6)))
                for h in fields[:50]:
                    pygame.draw.circle(surface, (255, 240, 120), c.to_pixel(h), r, max(2, int(k * 0.12)))
        if s.drive is not None:
            self.draw_drive(surface)
        if s.calib is not None:
            spots: list[tuple[int, int]] = [c.pixel_of_units(u) for u in s.calib]
            if len(spots) == 1 and s.on_board(s.input.mouse):
                spots.append(s.input.mouse)
            if len(spots) == 2:
                pygame.draw.line(surface, (255, 230, 90), spots[0], spots[1], 2)
            for spot in spots[: len(s.calib)]:
                pygame.draw.circle(surface, (20, 20, 22), spot, 8, 0)
                pygame.draw.circle(surface, (255, 230, 90), spot, 8, 3)
        if s.hover is not None and s.input.held == 0:
            pts = c.corners(s.hover)
            pygame.draw.lines(surface, (255, 255, 255), True, pts, max(1, int(k * 0.07)))
        bg_err = c.bg_error
        if bg_err:
            t = s.fonts.text(bg_err, s.lay.font(13), theme.CHALK_RED, "bold")
            surface.blit(t, (s.lay.board.x + 8, s.lay.board.y + 6))

    def draw_preview(self, surface: pygame.Surface, p: Preview) -> None:
        s = self.scene
        c = s.canvas
        k = c.scale
        width = max(2, int(k * 0.1))
        for h in p.hexes[:3000]:
            x, y = c.to_pixel(h)
            if not (-k < x - s.lay.board.x < s.lay.board.w + k and -k < y - s.lay.board.y < s.lay.board.h + k):
                continue
            pygame.draw.polygon(surface, p.color, c.corners(h, 0.5))
            pygame.draw.lines(surface, p.color, True, c.corners(h, 0.92), width)
            if p.erase:
                pygame.draw.line(surface, (20, 20, 22), (x - k * 0.3, y - k * 0.3), (x + k * 0.3, y + k * 0.3), width)
                pygame.draw.line(surface, (20, 20, 22), (x - k * 0.3, y + k * 0.3), (x + k * 0.3, y - k * 0.3), width)
        size = max(9, min(16, int(k * 0.3)))
        for h, text in p.tags:
            x, y = c.to_pixel(h)
            t = s.fonts.text(text, size, (250, 250, 246), "bold")
            box = pygame.Rect(0, 0, t.get_width() + 8, t.get_height() + 2)
            box.center = (int(x), int(y - k * 0.55))
            pygame.draw.rect(surface, (20, 60, 140), box, border_radius=4)
            surface.blit(t, (box.x + 4, box.y + 1))
        if p.compass is not None:
            self.draw_compass(surface, p.compass)

    def draw_compass(self, surface: pygame.Surface, at: Hex) -> None:
        """The six ways out of a field, the one under the mouse lit."""
        s = self.scene
        c = s.canvas
        k = max(c.scale, 12.0)
        cx, cy = c.to_pixel(at)
        for way, n in ways_round(at):
            nx, ny = c.to_pixel(n)
            u = ((nx - cx), (ny - cy))
            ln = math.hypot(*u) or 1.0
            u = (u[0] / ln, u[1] / ln)
            lit = s.hover == n
            mid = (cx + u[0] * ln * 0.78, cy + u[1] * ln * 0.78)
            art.draw_arrow(surface, mid, u, k * (0.95 if lit else 0.75), (255, 230, 90) if lit else (250, 250, 246), (20, 20, 22))
            if lit and k >= 14:
                t = s.fonts.text(DIRECTION_NAMES[way], max(10, int(k * 0.32)), (255, 230, 90), "bold")
                surface.blit(t, (nx - t.get_width() / 2, ny + k * 0.35))

    def draw_drive(self, surface: pygame.Surface) -> None:
        s = self.scene
        assert s.drive is not None
        c = s.canvas
        k = c.scale
        if len(s.drive.trail) > 0:
            m = s.drive.result.moves[s.drive.index] if not s.drive.finished else None
            pts = [c.to_pixel(m.start)] if m is not None else []
            pts += [c.to_pixel(h) for h in s.drive.trail]
            if len(pts) > 1:
                pygame.draw.lines(surface, TRAIL, False, pts, max(2, int(k * 0.14)))
        r = max(7, int(k * 0.58))
        if self.caps is None or self.caps.radius != r:
            self.caps = CapArt(r, s.fonts)
        lay = c.layout
        for seat in reversed(range(len(s.drive.cars))):
            h, way = s.drive.cars[seat]
            deg = None if way is None else int(round(math.degrees(lay.direction_angle(way)))) % 360
            spr = self.caps.sprite(CAR_COLOURS[seat % 2], "TP"[seat % 2], False, deg)
            x, y = c.to_pixel(h)
            surface.blit(spr, (x - self.caps.half, y - self.caps.half), special_flags=pygame.BLEND_PREMULTIPLIED)

    def panel_state(self) -> PanelState:
        s = self.scene
        tool = s.tool
        bg = s.draft.background
        image = None
        if isinstance(tool, ImageTool):
            image = _("no image yet") if bg is None else _("{name} · {scale} px a hex · opacity {percent}%").format(name=Path(bg.path).name, scale=f"{bg.scale:.3g}", percent=int(bg.opacity * 100))
        return PanelState(
            tool=tool.name,
            key=tool.key,
            hint=tool.hint(),
            uses_kind=tool.uses_kind,
            kind=s.kind,
            lane_width=s.lane_width if isinstance(tool, LaneTool) else None,
            selection=len(tool.selected()) if isinstance(tool, SelectTool) else None,
            image=image,
            checking=s.checking,
            problems=tuple(ProblemRow(tr(p.message), bool(p.fields)) for p in s.problems),
            hints=tuple(s.fork_hint(f) for f in s.forks),
            empty=not s.draft.fields,
            problem_scroll=s.problem_scroll,
            drive=s.drive.lines() if s.drive is not None else None,
            history=tuple(s.editor.history),
            redo=s.editor.redo_label,
            can_undo=s.editor.can_undo,
            can_redo=s.editor.can_redo,
            theme=s.draft.theme,
            facts=self.facts(),
            hot=s.input.hot,
        )

    def facts(self) -> tuple[tuple[str, str], ...]:
        """What the track is made of (the panel shows it while there is no problem)."""
        s = self.scene
        d = s.draft
        if self.facts_of is not None and self.facts_of[0] is d and self.facts_of[1] == s.lap:
            return self.facts_of[2]
        kinds = {k: sum(1 for x in d.fields.values() if x is k) for k in KINDS}
        out = [
            (N_("fields"), f"{len(d.fields)}" + (" + " + _("{n} pit lane").format(n=len(d.pit.fields)) if d.pit else "")),
            (N_("lap"), _("{n} steps").format(n=s.lap) if s.lap is not None else "–"),
            (N_("downshift · blocking"), f"{kinds[Kind.DOWNSHIFT]} · {kinds[Kind.BLOCKING]}"),
            (N_("start fields"), _("{n}, heading {direction}").format(n=len(d.start), direction=DIRECTION_NAMES[d.heading])),
            (N_("arrows · splits"), f"{len(d.arrows)} · {len(d.splits)}"),
            (N_("42 field · Dunlop"), (_("yes") if d.field42 else _("no")) + " · " + plural("{n} field", "{n} fields", len(d.dunlop))),
            (N_("labels"), f"{len(d.labels)}"),
            (N_("theme"), theme_label(d.theme)),
        ]
        self.facts_of = (d, s.lap, tuple(out))
        return self.facts_of[2]

    def status_texts(self) -> tuple[str, tuple[int, int, int], str, str]:
        s = self.scene
        d = s.draft
        pit = len(d.pit.fields) if d.pit else 0
        facts = plural("{n} field", "{n} fields", len(d.fields)) + (" + " + _("{n} pit").format(n=pit) if pit else "")
        if not d.fields:
            left, col = _("start by painting a lane (L)"), theme.MUTED
        elif s.checking and not s.problems:
            left, col = _("checking …") + f" · {facts}", theme.MUTED
        elif s.problems:
            n = len(s.problems)
            left, col = "✗ " + (_("{n} problem") if n == 1 else _("{n} problems")).format(n=n) + f" · {facts}", (240, 110, 96)
        else:
            left, col = "✓ " + _("valid") + f" · {facts} · " + _("lap {n}").format(n=s.lap), (120, 210, 120)
        middle = self.describe(s.hover) if s.hover is not None else f"{_(s.tool.name)}: {s.tool.hint()}"
        right = _("{n} px a hex · F1 keys").format(n=int(round(s.canvas.scale)))
        return left, col, middle, right

    def describe(self, h: Hex) -> str:
        s = self.scene
        d = s.draft
        parts = [str(h)]
        if d.is_pit(h):
            parts.append(_("pit lane"))
        kind = d.fields.get(h)
        parts.append(_(kind.value) if kind is not None else ("" if d.is_pit(h) else _("empty")))
        if h in d.start:
            parts.append(_("start (heading {direction})").format(direction=DIRECTION_NAMES[d.heading]))
        if h in d.arrows:
            parts.append(_("arrow {direction}").format(direction=DIRECTION_NAMES[d.arrows[h]]))
        for sp in d.splits:
            if h == sp.fork:
                parts.append(_("{name}: fork").format(name=sp.name))
            if h == sp.rejoin:
                parts.append(_("{name}: rejoin").format(name=sp.name))
            parts += [f"{sp.name}: {n}" for n, b in sp.branches if b == h]
        if d.pit is not None and h == d.pit.entry:
            parts.append(_("pit entry"))
        if d.pit is not None and h == d.pit.exit:
            parts.append(_("pit exit"))
        if h == d.field42:
            parts.append(_("the 42 field"))
        if h in d.dunlop:
            parts.append(_("under the Dunlop bridge"))
        parts += [_("label {text}").format(text=repr(lb.text)) for lb in d.labels if lb.at == h]
        parts += [p.message for p in s.problems if h in p.fields][:1]
        return " · ".join(x for x in parts if x)

    def draw_frame(self, surface: pygame.Surface) -> None:
        s = self.scene
        lay = s.lay
        pal = s.canvas.palette
        tkey = (s.tool_index, s.input.hot if s.input.hot.startswith("tool:") else "", pal.name, lay.size)
        if self.tools_pic is None or self.tools_pic[0] != tkey:
            surf, hits = render_tools(lay, s.fonts, [(t.name, t.key) for t in s.tools], s.tool_index, tkey[1], pal)
            self.tools_pic = (tkey, surf, hits)
        surface.blit(self.tools_pic[1], lay.tools.topleft)
        st = self.panel_state()
        if self.panel_pic is None or self.panel_pic[0] != st:
            self.panel_pic = (st, render_panel(lay, s.fonts, st, pal))
        surface.blit(self.panel_pic[1].surface, lay.panel.topleft)
        d = s.draft
        where = str(s.editor.path) if s.editor.path is not None else _("not saved yet (Ctrl+S)")
        top_key = (d.name, d.author, where, s.editor.dirty, s.input.hot == "rename", lay.size)
        if self.top_pic is None or self.top_pic[0] != top_key:
            surf, hits = render_top(lay, s.fonts, d.name, d.author, where, s.editor.dirty, "rename" if s.input.hot == "rename" else "")
            self.top_pic = (top_key, surf, hits)
        surface.blit(self.top_pic[1], lay.top.topleft)
        left, col, middle, right = self.status_texts()
        skey = (left, col, middle, right, s.message, lay.size)
        if self.status_pic is None or self.status_pic[0] != skey:
            self.status_pic = (skey, render_status(lay, s.fonts, left, col, middle, right, s.message))
        surface.blit(self.status_pic[1], lay.status.topleft)

