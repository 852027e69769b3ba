"""The network table's corner: at the host, the address, the join code and each remote seat
(connected, away, free); at a joined seat, where it is joined and whether the connection holds –
a small box in a corner of the match scene."""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _
from game.ui.common import theme

Line = tuple[str, tuple[int, int, int]]

STATE_COLOR = {"connected": (120, 210, 120), "away": theme.AMBER, "stand_in": theme.AMBER, "free": theme.MUTED}

TV_KEYS = N_("L: log · F1: rules · Esc: leave")  # a spectator's keys (a TV has no buttons); shown through `_()`


def table_lines(session: Any, table: Any, tv_keys: bool = True) -> list[Line]:
    """What the corner says: the host's `table` (a `HostedTable`), or the joined `session`'s
    (`tv_keys`: with a spectator's keys – a scene that lists its own says False)."""
    if table is not None:
        from game.net.web_files import short_address

        # the page's address (a phone's browser takes it; a laptop's join too): the same port, one firewall rule
        lines: list[Line] = [(_("Table open: {url} · code {code}").format(url=short_address(table.url), code=table.code), theme.CREAM)]
        for seat in table.seats():
            word = {"connected": _("connected"), "away": _("away – the seat waits"), "stand_in": _("away – a bot plays meanwhile"),
                    "free": _("free – join with the code")}[seat.state]
            lines.append((f"{'●' if seat.state == 'connected' else '○'} {seat.name}: {word}", STATE_COLOR[seat.state]))
        judges = table.host.judges_connected()
        if judges is not None:
            lines.append((f"{'●' if judges else '○'} " + _("Judges' seat: {state}").format(state=_("connected") if judges else _("free – join with the code")),
                          STATE_COLOR["connected" if judges else "free"]))
        waiting = table.waiting_for_remote()
        if waiting and not session.over():
            lines.append((_("waiting for {names}").format(names=", ".join(waiting)), theme.AMBER))
        return lines
    client = getattr(session.authority, "client", None)
    if client is None:
        return []
    if client.index is not None:
        head = _("Joined {url} as {name}").format(url=client.url, name=session.match.players[client.index].name)
    elif client.judge:
        head = _("The judges' seat at {url} (J: the console)").format(url=client.url)
    else:
        head = _("Watching {url}").format(url=client.url)
    keys: list[Line] = []
    if client.index is None and not client.judge and tv_keys:
        keys = [(_(TV_KEYS), theme.MUTED)]  # a TV has no buttons: its keys
    if getattr(session.authority, "gone", None) is None:
        return [(head, theme.CREAM), ("● " + _("connected"), STATE_COLOR["connected"]), *keys]
    closed = session.over() or client.index is None
    return [(head, theme.CREAM), ("○ " + (_("the table is closed") if closed else _("connection lost – coming back…")), theme.AMBER)]


def draw_table_panel(surface: pygame.Surface, fonts: Any, lines: list[Line], topright: tuple[int, int], scale: float = 1.0,
                     most: int | None = None, *, above: bool = False, one_line: bool = False) -> pygame.Rect | None:
    """The lines in a box whose top right corner is `topright` (`above`: its bottom right corner),
    at most `most` pixels wide (longer lines are cut with "…"); where it was drawn (None: nothing)."""
    if not lines:
        return None
    if one_line:  # (a scene with room for one line only: the parts side by side, each seat by its sign and name)
        parts = [lines[0][0]] + [t.split(":")[0] if t[:1] in "●○" else t for t, _c in lines[1:]]
        lines = [(" · ".join(parts), lines[-1][1] if len(lines) == 2 else theme.CREAM)]
    size = max(12, int(14 * scale))
    pad = max(6, int(8 * scale))
    most = most or surface.get_width() // 2
    rendered: list[pygame.Surface] = []
    for text, color in lines:
        img = fonts.text(text, size, color, "bold" if not rendered else "regular")
        if img.get_width() > most - 2 * pad:
            cut = text
            while len(cut) > 4 and fonts.size(cut + "…", size, "regular")[0] > most - 2 * pad:
                cut = cut[:-1]
            img = fonts.text(cut + "…", size, color, "bold" if not rendered else "regular")
        rendered.append(img)
    w = max(i.get_width() for i in rendered) + 2 * pad
    lh = max(i.get_height() for i in rendered) + 2
    h = lh * len(rendered) + 2 * pad - 2
    rect = pygame.Rect(topright[0] - w, topright[1] - (h if above else 0), w, h)
    theme.rounded_panel(surface, rect, (20, 12, 6, 215), theme.BRASS_DARK, 8, 1)
    y = rect.y + pad
    for img in rendered:
        surface.blit(img, (rect.x + pad, y))
        y += lh
    return rect


__all__ = ["draw_table_panel", "table_lines"]
