"""The board scene: a Racerbile track on the table – zoom with the wheel, pan by dragging.

A title bar names the track (author, lap length, field count, the content hash's prefix); the
field under the mouse is described at the bottom (coordinates, kind, progress and features); a
small legend shows the kinds of field. Keys: F or Home fits the board to the window, + and −
zoom, the arrow keys pan, L shows or hides the legend, Esc leaves.
"""
from __future__ import annotations

import pygame

from game.hexgrid import DIRECTION_NAMES, Hex
from game.i18n import _
from game.racerbile.track import Kind, Track
from game.ui.board import board_art as art
from game.ui.common import theme
from game.ui.board.board_view import BoardView, CapView
from game.ui.common.scene import Host, Scene
from game.ui.common.words import theme_label

WHEEL_STEP = 1.15
KEY_ZOOM = 1.25
KEY_PAN = 80


def title_height(size: tuple[int, int]) -> int:
    return int(46 * theme.scale_for(size))


def describe_field(track: Track, h: Hex) -> str:
    """One line about a field: coordinates, kind, progress and whatever else stands on it."""
    g = track.graph
    parts = [str(h)]
    if track.is_pit(h):
        parts.append("pit lane")
    else:
        kind = track.kind(h)
        parts.append(kind.value if kind is not None else "off the track")
    p = g.progress.get(h)
    if p is not None:
        parts.append(f"progress {p}")
    if h in track.start:
        parts.append("start")
    if h in track.arrows:
        parts.append(f"arrow {DIRECTION_NAMES[track.arrows[h] % 6]}")
    if track.pit is not None and h == track.pit.entry:
        parts.append("pit entry")
    if track.pit is not None and h == track.pit.exit:
        parts.append("pit exit")
    for sp in track.splits:
        if h == sp.fork:
            parts.append(f"{sp.name}: fork")
        if h == sp.rejoin:
            parts.append(f"{sp.name}: rejoin")
        for name, bh in sp.branches:
            if h == bh:
                parts.append(f"{sp.name}: {name}")
    if h == track.field42:
        parts.append("the 42 field")
    if h in track.dunlop:
        parts.append("under the Dunlop bridge")
    return " · ".join(parts)


class BoardScene(Scene):
    """A track on screen. `caps` and `path` are drawn on top (a race or a coach can set them)."""

    def __init__(self, host: Host, track: Track) -> None:
        super().__init__(host)
        self.track = track
        self.fonts = host.fonts
        self.caps: list[CapView] = []
        self.path: list[Hex] | None = None
        self.hover: Hex | None = None
        self.show_legend = True
        self._drag_from: tuple[int, int] | None = None
        self._mouse: tuple[int, int] = (0, 0)
        size = host.size
        self.view = BoardView(track, size, fonts=self.fonts, area=self.board_area(size))
        self._info_key: Hex | None | bool = False
        self._info: pygame.Surface | None = None
        self.resize(size)

    # --- layout ----------------------------------------------------------------------------

    def board_area(self, size: tuple[int, int]) -> pygame.Rect:
        top = title_height(size)
        return pygame.Rect(0, top, size[0], max(1, size[1] - top))

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = theme.scale_for(size)
        if (self.view.size, self.view.area) != (size, self.board_area(size)):
            self.view.resize(size, self.board_area(size))
        self._title = theme.for_display(self._render_title(), alpha=True)
        self._legend = theme.for_display(self._render_legend(), alpha=True)
        self._hint = self.fonts.text(_("wheel: zoom · drag: pan · F: fit · L: legend · Esc: back"), max(11, int(13 * self.s)), theme.MUTED)
        self._info_key = False

    def _render_title(self) -> pygame.Surface:
        w, h = self.size[0], title_height(self.size)
        bar = pygame.Surface((w, h), pygame.SRCALPHA)
        bar.fill((22, 16, 10, 236))
        pygame.draw.line(bar, theme.BRASS_DARK, (0, h - 2), (w, h - 2), 2)
        t = self.track
        g = t.graph
        f = self.fonts
        name = f.shadowed(t.name, int(24 * self.s), theme.CREAM, "serif", 2)
        by = f.text(_("by {author}").format(author=t.author), int(15 * self.s), theme.MUTED, "italic")
        facts = _("lap {lap} · {n} fields").format(lap=g.lap_length, n=len(t.fields)) + (
            " + " + _("{n} in the pit").format(n=len(t.pit.fields)) if t.pit else "") + f" · {theme_label(t.theme)} · #{t.content_hash[:10]}"
        stats = f.text(facts, int(15 * self.s), theme.BRASS)
        pad = int(14 * self.s)
        bar.blit(name, (pad, (h - name.get_height()) // 2))
        bar.blit(by, (pad + name.get_width() + int(12 * self.s), (h - by.get_height()) // 2 + 2))
        x = max(pad + name.get_width() + by.get_width() + int(30 * self.s), w - pad - stats.get_width())
        bar.blit(stats, (x, (h - stats.get_height()) // 2 + 1))
        return bar

    def _render_legend(self) -> pygame.Surface:
        pal = self.view.palette
        f = self.fonts
        size = max(11, int(14 * self.s))
        r = int(11 * self.s) + 2
        rows: list[tuple[Kind | None, str]] = [(Kind.NORMAL, _("normal")), (Kind.DOWNSHIFT, _("downshift: 1st gear")),
                                               (Kind.BLOCKING, _("blocking")), (Kind.MIDWAY, _("midway: midtvejsskål"))]
        if self.track.pit is not None:
            rows.append((None, _("pit lane")))
        texts = [f.text(label, size, theme.CREAM) for _, label in rows]
        row_h = max(2 * r + 4, max(t.get_height() for t in texts) + 4)
        pad = int(10 * self.s)
        w = pad * 3 + 2 * r + max(t.get_width() for t in texts)
        h = pad * 2 + row_h * len(rows)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        theme.rounded_panel(surf, surf.get_rect(), (22, 16, 10, 210), theme.BRASS_DARK, 10, 1)
        lay = self.view.geo.corner_unit
        for i, ((kind, _label), text) in enumerate(zip(rows, texts)):
            cx, cy = pad + r, pad + i * row_h + row_h // 2
            col = pal.fields[kind] if kind is not None else pal.pit
            pts = [(cx + ux * r, cy + uy * r) for ux, uy in lay]
            art.polygon(surf, pal.outline, [(cx + ux * (r + 1.5), cy + uy * (r + 1.5)) for ux, uy in lay])
            art.polygon(surf, col, pts)
            if kind is Kind.BLOCKING:
                art.draw_star(surf, (cx, cy), r * 0.6, pal.star)
            elif kind is Kind.MIDWAY:
                if pal.emblem:
                    art.draw_hammer_and_sickle(surf, (cx, cy), r * 1.2, pal.midway_line)
                else:
                    art.draw_bar(surf, (cx, cy), (0.0, 1.0), r * 0.8, r * 0.14, pal.midway_line)
            surf.blit(text, (pad * 2 + 2 * r, cy - text.get_height() // 2))
        return surf

    # --- input -----------------------------------------------------------------------------

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.MOUSEWHEEL:
            pos = getattr(e, "pos", None) or pygame.mouse.get_pos()
            steps = getattr(e, "precise_y", None) or e.y
            if steps:
                self.view.zoom(WHEEL_STEP ** float(steps), pos, preview=True)
                self._mouse = (int(pos[0]), int(pos[1]))
                self.hover = self.view.field_at(self._mouse)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (1, 2, 3):
            self._drag_from = e.pos
        elif e.type == pygame.MOUSEBUTTONUP and e.button in (1, 2, 3):
            self._drag_from = None
        elif e.type == pygame.MOUSEMOTION:
            self._mouse = e.pos
            if self._drag_from is not None:
                if not any(e.buttons):
                    self._drag_from = None  # the button went up outside the window
                else:
                    self.view.pan(e.pos[0] - self._drag_from[0], e.pos[1] - self._drag_from[1])
                    self._drag_from = e.pos
            self.hover = self.view.field_at(e.pos)
        elif e.type == pygame.KEYDOWN:
            self.key(e.key)

    def key(self, k: int) -> None:
        self._key(k)
        self.hover = self.view.field_at(self._mouse) if self.hover is not None else None

    def _key(self, k: int) -> None:
        if k in (pygame.K_f, pygame.K_HOME):
            self.view.fit()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom(KEY_ZOOM)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom(1 / KEY_ZOOM)
        elif k == pygame.K_LEFT:
            self.view.pan(KEY_PAN, 0)
        elif k == pygame.K_RIGHT:
            self.view.pan(-KEY_PAN, 0)
        elif k == pygame.K_UP:
            self.view.pan(0, KEY_PAN)
        elif k == pygame.K_DOWN:
            self.view.pan(0, -KEY_PAN)
        elif k == pygame.K_l:
            self.show_legend = not self.show_legend

    def help_toggle(self) -> None:
        """F1: the legend of the fields."""
        self.show_legend = not self.show_legend

    @property
    def dragging(self) -> bool:
        return self._drag_from is not None

    # --- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.caps, self.path, self.hover)
        surface.blit(self._title, (0, 0))
        w, h = self.size
        pad = int(10 * self.s)
        if self.show_legend:
            surface.blit(self._legend, (w - pad - self._legend.get_width(), h - pad - self._legend.get_height() - self._hint.get_height() - pad // 2))
        surface.blit(self._hint, (w - pad - self._hint.get_width(), h - pad - self._hint.get_height()))
        info = self._hover_info()
        if info is not None:
            surface.blit(info, (pad, h - pad - info.get_height()))

    def _hover_info(self) -> pygame.Surface | None:
        if self.hover != self._info_key:
            self._info_key = self.hover
            self._info = None
            if self.hover is not None:
                t = self.fonts.text(describe_field(self.track, self.hover), max(12, int(16 * self.s)), theme.CREAM, "bold")
                pad = int(8 * self.s)
                surf = pygame.Surface((t.get_width() + 2 * pad, t.get_height() + pad), pygame.SRCALPHA)
                theme.rounded_panel(surf, surf.get_rect(), (22, 16, 10, 220), theme.BRASS_DARK, 8, 1)
                surf.blit(t, (pad, pad // 2))
                self._info = surf
        return self._info
